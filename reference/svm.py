"""Part V §6 and §8: the optimal-margin dual, w and b from α, prediction through kernels and
support vectors, the soft margin (slacks, hinge form, Lagrangian, KKT) (000 V §6, §8; 001 §11.1;
004; 002 §1.5.1, §1.5.3).

X is a list of rows x⁽ⁱ⁾ (no intercept entry: b is separate), y a list of labels in {−1, 1},
alpha the list of multipliers α. ``kernel`` is any callable K(x, z) (default the inner product,
``kernels.Linear()``); ``C=None`` is the hard margin (no upper bound on α).
"""
from dataclasses import dataclass
from typing import Any, Optional

from . import inputs, linalg, scalar
from .kernels import Linear
from .margins import signed_labels

__all__ = [
    "SVMFit", "InfeasibleError", "as_labels", "gram_matrix", "dual_objective", "lagrangian",
    "weights_from_alpha", "threshold_hard", "threshold_soft", "decision_values",
    "decision_function", "predict", "slacks", "soft_margin_primal", "hinge_objective",
    "soft_margin_lagrangian", "kkt_violations", "kkt_categories",
]


class InfeasibleError(ValueError):
    """The hard-margin problem has no solution: no (w, b) gives every example functional margin
    ≥ 1 (the classes' convex hulls in feature space meet), so the dual is unbounded."""


@dataclass(frozen=True, eq=False)
class SVMFit:
    """A fitted SVM (SMO-4): the multipliers and what prediction (13) needs.

    alpha: every αᵢ. b: the threshold. support: the indices with αᵢ > 0 (ascending);
    support_vectors, support_labels and support_alpha: their rows, labels (±1) and αᵢ, which are
    all that ``decision_function`` reads. kernel, C (None for the hard margin), classes: the
    labels that −1 and +1 stand for. objective: W(α). iterations: two-variable steps taken.
    kkt_gap: the final maximal KKT violation max_{I_up}(−gᵢ) − min_{I_low}(−gᵢ) (0 at an exact
    solution). converged: the stopping test held. path: the pairs (i, j) chosen, when recorded.
    """

    alpha: Any
    b: Any
    support: Any
    support_vectors: Any
    support_labels: Any
    support_alpha: Any
    kernel: Any
    C: Any
    classes: tuple
    objective: Any
    iterations: int
    kkt_gap: Any
    converged: bool
    rule: str = "wss2"
    path: Optional[list] = None


def as_labels(y, classes=None):
    """The labels as ints in {−1, 1} (002 §1.5: y ∈ {−1, 1}), by MG-1's rule
    (``margins.signed_labels``: ``classes=(negative, positive)`` maps another two-valued label
    set). Both classes must occur: with one, the dual's Σ αᵢy⁽ⁱ⁾ = 0 forces α = 0."""
    out = signed_labels(y, classes)
    if 1 not in out or -1 not in out:
        raise ValueError(f"y has only one class ({out[0]}): an SVM needs examples of both")
    return out


def _problem(X, y, classes=None):
    X = inputs.matrix(X, "X")
    y = as_labels(y, classes)
    inputs.same_length(X, y)
    return X, y


def _alpha(alpha, m):
    alpha = inputs.vector(alpha, "alpha")
    if len(alpha) != m:
        raise ValueError(f"alpha has {len(alpha)} entries but X has {m} rows")
    return alpha


def _C(C):
    return None if C is None else inputs.positive(C, "C")


def gram_matrix(X, kernel=Linear()):
    """KR-6 as SMO reads it: Kᵢⱼ = K(x⁽ⁱ⁾, x⁽ʲ⁾) for i ≤ j, mirrored (so K is symmetric by
    construction); a kernel value that is not finite is an error naming the pair."""
    X = inputs.matrix(X, "X")
    if not callable(kernel):
        raise TypeError(f"kernel must be a callable K(x, z), got {type(kernel).__name__}")
    m = len(X)
    K = [[None] * m for _ in range(m)]
    for i in range(m):
        for j in range(i, m):
            v = kernel(X[i], X[j])
            if not scalar.isfinite(v):
                raise ValueError(f"kernel(X[{i}], X[{j}]) is {v}: kernel values must be finite")
            K[i][j] = K[j][i] = v
    return K


def _W(alpha, y, K):
    total = 0
    for a in alpha:
        total += a
    quad = 0
    for i in range(len(alpha)):
        if alpha[i] == 0:
            continue
        row = 0
        for j in range(len(alpha)):
            row += y[j] * alpha[j] * K[i][j]
        quad += y[i] * alpha[i] * row
    return total - quad / 2


def dual_objective(alpha, X, y, kernel=Linear()):
    """OMC-3, SOFT-2 (000 V §6, §8 (17); 004): W(α) = Σᵢ αᵢ − ½ Σᵢⱼ y⁽ⁱ⁾y⁽ʲ⁾ αᵢαⱼ K(x⁽ⁱ⁾, x⁽ʲ⁾)."""
    X, y = _problem(X, y)
    alpha = _alpha(alpha, len(X))
    return _W(alpha, y, gram_matrix(X, kernel))


def lagrangian(w, b, alpha, X, y):
    """OMC-3 (000 V §6 (8)): L(w, b, α) = ½‖w‖² − Σᵢ αᵢ [y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) − 1]."""
    X, y = _problem(X, y)
    w = _w(w, X)
    b = inputs.real(b, "b")
    alpha = _alpha(alpha, len(X))
    total = linalg.dot(w, w) / 2
    for a, x_i, y_i in zip(alpha, X, y):
        total -= a * (y_i * (linalg.dot(w, x_i) + b) - 1)
    return total


def _w(w, X):
    w = inputs.vector(w, "w")
    if len(w) != len(X[0]):
        raise ValueError(f"w has {len(w)} entries but X has {len(X[0])} columns")
    return w


def weights_from_alpha(alpha, X, y):
    """OMC-3 (000 V §6 (9)): w = Σᵢ αᵢ y⁽ⁱ⁾ x⁽ⁱ⁾ (the linear kernel's explicit w)."""
    X, y = _problem(X, y)
    alpha = _alpha(alpha, len(X))
    w = [0 * v for v in X[0]]
    for a, x_i, y_i in zip(alpha, X, y):
        if a == 0:
            continue
        for k, v in enumerate(x_i):
            w[k] += a * y_i * v
    return w


def _scores(alpha, y, K):
    """wᵀφ(x⁽ʲ⁾) = Σᵢ αᵢ y⁽ⁱ⁾ K(x⁽ⁱ⁾, x⁽ʲ⁾) for every training example j (no b)."""
    m = len(alpha)
    out = []
    for j in range(m):
        total = 0
        for i in range(m):
            if alpha[i] != 0:
                total += alpha[i] * y[i] * K[i][j]
        out.append(total)
    return out


def _hard_threshold(scores, y):
    below = max(s for s, t in zip(scores, y) if t == -1)
    above = min(s for s, t in zip(scores, y) if t == 1)
    return -(below + above) / 2


def threshold_hard(alpha, X, y, kernel=Linear()):
    """OMC-4 (000 V §6 (11)): b* = −(max_{i: y⁽ⁱ⁾=−1} w*ᵀx⁽ⁱ⁾ + min_{i: y⁽ⁱ⁾=1} w*ᵀx⁽ⁱ⁾) / 2,
    with w*ᵀx⁽ʲ⁾ = Σᵢ αᵢ y⁽ⁱ⁾ K(x⁽ⁱ⁾, x⁽ʲ⁾)."""
    X, y = _problem(X, y)
    alpha = _alpha(alpha, len(X))
    return _hard_threshold(_scores(alpha, y, gram_matrix(X, kernel)), y)


def _soft_threshold(alpha, y, scores, C):
    """b from the KKT conditions (14)-(16): every free αᵢ (0 < αᵢ < C) has y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) = 1,
    i.e. b = y⁽ⁱ⁾ − wᵀx⁽ⁱ⁾; their average (in index order) when there are any. Otherwise (14) and
    (15) only bound b, and b is the middle of the interval they leave."""
    total, free = 0, 0
    lower, upper = None, None
    for a, s, t in zip(alpha, scores, y):
        r = t - s
        if a > 0 and (C is None or a < C):
            total += r
            free += 1
            continue
        at_zero = a == 0
        if (at_zero and t == 1) or (not at_zero and t == -1):
            lower = r if lower is None or r > lower else lower
        else:
            upper = r if upper is None or r < upper else upper
    if free:
        return total / free
    if lower is None:
        return upper
    if upper is None:
        return lower
    return (lower + upper) / 2


def threshold_soft(alpha, X, y, C, kernel=Linear()):
    """SOFT-2, SMO-3 (000 V §8, the remark after the dual; 001 §11.1.2): the soft-margin b, the
    average of y⁽ⁱ⁾ − wᵀx⁽ⁱ⁾ over the free αᵢ, or the middle of the interval (14)-(15) allow."""
    X, y = _problem(X, y)
    alpha = _alpha(alpha, len(X))
    C = _C(C)
    return _soft_threshold(alpha, y, _scores(alpha, y, gram_matrix(X, kernel)), C)


def decision_values(alpha, b, X, y, Z, kernel=Linear()):
    """OMC-5 (000 V §6 (13)): wᵀz + b = Σᵢ αᵢ y⁽ⁱ⁾ K(x⁽ⁱ⁾, z) + b for every row z of Z; the sum
    runs over the support vectors (αᵢ > 0) only."""
    X, y = _problem(X, y)
    alpha = _alpha(alpha, len(X))
    b = inputs.real(b, "b")
    Z = _queries(Z, X)
    support = [i for i, a in enumerate(alpha) if a != 0]
    return [_value([alpha[i] for i in support], [y[i] for i in support],
                   [X[i] for i in support], b, z, kernel) for z in Z]


def _queries(Z, X):
    Z = inputs.matrix(Z, "Z")
    if len(Z[0]) != len(X[0]):
        raise ValueError(f"Z has {len(Z[0])} columns but X has {len(X[0])}")
    return Z


def _value(alpha, y, X, b, z, kernel):
    total = 0
    for a, t, x in zip(alpha, y, X):
        v = kernel(x, z)
        if not scalar.isfinite(v):
            raise ValueError(f"kernel(x, z) is {v}: kernel values must be finite")
        total += a * t * v
    return total + b


def _model(model):
    if not isinstance(model, SVMFit):
        raise TypeError(f"model must be an SVMFit (from smo), got {type(model).__name__}")
    return model


def decision_function(model, Z):
    """OMC-5 (000 V §6 (12)-(13)): Σ over the support vectors of αᵢ y⁽ⁱ⁾ K(x⁽ⁱ⁾, z) + b for
    every row z of Z, reading nothing of the training set but the support vectors."""
    model = _model(model)
    if len(model.support) == 0:
        Z = inputs.matrix(Z, "Z")
        return [model.b for _ in Z]
    Z = _queries(Z, [list(model.support_vectors[0])])
    return [_value(model.support_alpha, model.support_labels, model.support_vectors, model.b, z,
                   model.kernel) for z in Z]


def predict(model, Z):
    """OMC-5 (002 §1.5): h(z) = g(wᵀz + b) with g = 1 for a value ≥ 0 and −1 otherwise, returned
    as the model's labels (``classes``)."""
    negative, positive = _model(model).classes
    return [positive if v >= 0 else negative for v in decision_function(model, Z)]


def slacks(w, b, X, y):
    """SOFT-1 (000 V §8; 001 §11.1.1): the smallest slacks the constraints allow,
    ξᵢ = max(0, 1 − y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)); 0 < ξᵢ ≤ 1 is inside the margin but not misclassified,
    ξᵢ > 1 misclassified."""
    X, y = _problem(X, y)
    w = _w(w, X)
    b = inputs.real(b, "b")
    out = []
    for x_i, y_i in zip(X, y):
        r = 1 - y_i * (linalg.dot(w, x_i) + b)
        out.append(r if r > 0 else 0 * r)
    return out


def soft_margin_primal(w, b, xi, X, y, C):
    """SOFT-1 (000 V §8; 001 (11.1)): ½‖w‖² + C Σᵢ ξᵢ at a feasible point
    (y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) ≥ 1 − ξᵢ and ξᵢ ≥ 0); an infeasible point is an error naming the example."""
    X, y = _problem(X, y)
    w = _w(w, X)
    b = inputs.real(b, "b")
    xi = inputs.vector(xi, "xi")
    if len(xi) != len(X):
        raise ValueError(f"xi has {len(xi)} entries but X has {len(X)} rows")
    C = inputs.positive(C, "C")
    total = 0
    for i, (x_i, y_i, s) in enumerate(zip(X, y, xi)):
        if s < 0:
            raise ValueError(f"xi[{i}] is {s}: slacks must be >= 0")
        u = y_i * (linalg.dot(w, x_i) + b)
        # ξ = 1 − u rounds, so 1 − ξ may exceed u by a rounding error (never in exact arithmetic)
        if u < 1 - s - scalar.zero_tolerance(u, 1 + abs(u) + abs(s), 4):
            raise ValueError(f"example {i} violates y(wᵀx + b) >= 1 − ξ")
        total += s
    return linalg.dot(w, w) / 2 + C * total


def hinge_objective(w, b, X, y, C):
    """SOFT-1 (001 (11.2)): ½‖w‖² + C Σᵢ max(0, 1 − y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)), the unconstrained form."""
    X, y = _problem(X, y)
    w = _w(w, X)
    C = inputs.positive(C, "C")
    total = 0
    for s in slacks(w, b, X, y):
        total += s
    return linalg.dot(w, w) / 2 + C * total


def soft_margin_lagrangian(w, b, xi, alpha, r, X, y, C):
    """SOFT-2 (000 V §8; 001 §11.1.2): L(w, b, ξ, α, r) = ½wᵀw + C Σ ξᵢ
    − Σ αᵢ [y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) − 1 + ξᵢ] − Σ rᵢ ξᵢ."""
    X, y = _problem(X, y)
    w = _w(w, X)
    b = inputs.real(b, "b")
    m = len(X)
    xi, alpha, r = (_alpha(v, m) if n == "alpha" else inputs.vector(v, n)
                    for v, n in ((xi, "xi"), (alpha, "alpha"), (r, "r")))
    for v, n in ((xi, "xi"), (r, "r")):
        if len(v) != m:
            raise ValueError(f"{n} has {len(v)} entries but X has {m} rows")
    C = inputs.positive(C, "C")
    total = linalg.dot(w, w) / 2
    for x_i, y_i, s, a, q in zip(X, y, xi, alpha, r):
        total += C * s - a * (y_i * (linalg.dot(w, x_i) + b) - 1 + s) - q * s
    return total


def kkt_violations(alpha, b, X, y, C=None, kernel=Linear()):
    """SOFT-2 (000 V §8 (14)-(16); 001 (11.6)): by how much each example fails its KKT condition,
    with uᵢ = y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b): αᵢ = 0 needs uᵢ ≥ 1 (violation max(0, 1 − uᵢ)); αᵢ = C needs
    uᵢ ≤ 1 (max(0, uᵢ − 1)); 0 < αᵢ < C needs uᵢ = 1 (|uᵢ − 1|). α outside the box or with
    Σ αᵢy⁽ⁱ⁾ ≠ 0 is infeasible for the dual and is refused."""
    X, y = _problem(X, y)
    alpha = _alpha(alpha, len(X))
    b = inputs.real(b, "b")
    C = _C(C)
    balance = 0
    for i, (a, t) in enumerate(zip(alpha, y)):
        if a < 0 or (C is not None and a > C):
            raise ValueError(f"alpha[{i}] = {a} is outside the box 0 <= alpha <= C")
        balance += a * t
    scores = _scores(alpha, y, gram_matrix(X, kernel))
    out = []
    for a, s, t in zip(alpha, scores, y):
        u = t * (s + b)
        if a == 0:
            v = 1 - u
        elif C is not None and a == C:
            v = u - 1
        else:
            v = abs(u - 1)
        out.append(v if v > 0 else 0 * v)
    return out


def kkt_categories(alpha, C=None):
    """SOFT-2 (001 §11.1.2): 'easy' (αᵢ = 0, margin ≥ 1), 'hard' (αᵢ = C, margin ≤ 1) and
    'marginally hard' (0 < αᵢ < C, margin exactly 1)."""
    alpha = inputs.vector(alpha, "alpha")
    C = _C(C)
    return ["easy" if a == 0 else "hard" if C is not None and a == C else "marginally hard"
            for a in alpha]
