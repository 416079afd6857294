"""Part V §6 and §8: the optimal-margin dual, w and b from α, prediction through kernels and
support vectors, the soft margin (slacks, hinge form, Lagrangian, KKT) (000 V §6, §8; 001 §11.1;
004; 002 §1.5.1, §1.5.3).

X is a list of rows x⁽ⁱ⁾ (no intercept entry: b is separate), or of strings for a
``kernels.StringKernel``; y a list of labels in {−1, 1}, alpha the list of multipliers α.
``kernel`` is any callable K(x, z) (default the inner product, ``kernels.Linear()``), evaluated
through ``kernels.kernel_matrix`` and ``kernels.checked_value``; ``C=None`` is the hard margin
(no upper bound on α).

``as_problem``, ``as_C``, ``scores``, ``b_hard`` and ``b_soft`` are the pieces SMO shares with
the closed forms here. Every value computed here from finite inputs is checked: one that is not
finite overflowed, and is a ``results.FloatRangeError`` naming it, never a returned inf or NaN.

Conventions (README, Conventions): data (X, y), then the parameters (w, b, ξ, α, r), then the
points to predict at (Z), then options (C, kernel): ``slacks(X, y, w, b)``, ``decision_values(X, y,
alpha, b, Z, kernel)``; functions of a fitted ``SVMFit`` take it first (``predict(model, Z)``: one
of the model's two classes; ``decision_function``: wᵀz + b).
"""
from dataclasses import dataclass
from typing import Any, Optional

from . import inputs, linalg, parameters, scalar
from .messages import error
from .kernels import Linear, StringKernel, as_kernel, as_points, checked_value, kernel_matrix
from .margins import signed_labels
from .results import FloatRangeError, NotSeparableError

__all__ = [
    "SVMFit", "NotSeparableError", "FloatRangeError", "as_labels", "as_problem", "as_C",
    "scores", "b_hard", "b_soft", "dual_objective", "lagrangian", "weights_from_alpha", "threshold_hard",
    "threshold_soft", "decision_values", "decision_function", "predict", "slacks",
    "soft_margin_primal", "hinge_objective", "soft_margin_lagrangian", "kkt_violations",
    "kkt_categories",
]


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
    set). Both classes must occur: with one, the dual's Σ αᵢy⁽ⁱ⁾ = 0 forces α = 0.

    Shapes: y m labels in {−1, 1} (any pair with classes=).
    Returns: m ints in {−1, 1}."""
    out = signed_labels(y, classes)
    if 1 not in out or -1 not in out:
        raise one_class(out[0])
    return out


def one_class(label):
    """SOFT-2: the ValueError of labels of one class only (the dual's Σ αᵢy⁽ⁱ⁾ = 0 forces α = 0)."""
    return ValueError(f"y has only one class ({label}): an SVM needs examples of both")


def as_problem(X, y, classes=None, kernel=Linear()):
    """SOFT-2's data, checked: X as the kernel reads it (``kernels.as_points``: rows, or strings
    for a StringKernel) and y as labels in {−1, 1} of both classes (``as_labels``), as long as X.

    Shapes: X m×n (or m strings for a StringKernel), y m labels in {−1, 1} (any pair with
        classes=).
    Returns: (X, y) checked."""
    X = as_points(X, kernel, "X")
    y = as_labels(y, classes)
    inputs.same_length(X, y)
    return X, y


def _alpha(alpha, m):
    return inputs.vector(alpha, "alpha", m, "X", of="rows")


def as_C(C):
    """SOFT-1's C: a finite number > 0, or None for the hard margin (no upper bound on α).

    Shapes: C a number > 0 or None.
    Returns: C."""
    return parameters.positive_or_none(C, "C")


REMEDY = "rescale the data, alpha or (w, b)"


def _checked(values, name):
    """The values, each finite, else ``results.FloatRangeError`` naming the first (``name(i)``)."""
    return FloatRangeError.check(values, name, REMEDY)


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
    return _checked([total - quad / 2], lambda i: "W(α)")[0]


def dual_objective(X, y, alpha, kernel=Linear()):
    """OMC-3, SOFT-2 (000 V §6, §8 (17); 004): W(α) = Σᵢ αᵢ − ½ Σᵢⱼ y⁽ⁱ⁾y⁽ʲ⁾ αᵢαⱼ K(x⁽ⁱ⁾, x⁽ʲ⁾).

    Shapes: X m×n (or m strings for a StringKernel), y m labels in {−1, 1}, alpha m.
    Returns: W(α), a number."""
    kernel = as_kernel(kernel)
    X, y = as_problem(X, y, kernel=kernel)
    alpha = _alpha(alpha, len(X))
    return _W(alpha, y, kernel_matrix(X, kernel))


def lagrangian(X, y, w, b, alpha):
    """OMC-3 (000 V §6 (8)): L(w, b, α) = ½‖w‖² − Σᵢ αᵢ [y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) − 1].

    Summed as the notes expand it on the way to (10): ½‖w‖² − Σᵢ αᵢ[y⁽ⁱ⁾wᵀx⁽ⁱ⁾ − 1] − b Σᵢ αᵢy⁽ⁱ⁾,
    so that a large b, whose terms cancel when Σᵢ αᵢy⁽ⁱ⁾ = 0, does not swamp the rest.

    Shapes: X m×n, y m labels in {−1, 1}, w n, b a number, alpha m.
    Returns: L(w, b, α), a number."""
    X, y = as_problem(X, y)
    w = _w(w, X)
    b = parameters.real(b, "b")
    alpha = _alpha(alpha, len(X))
    total = linalg.dot(w, w) / 2
    for a, u in zip(alpha, _margins(w, 0, X, y)):
        total -= a * (u - 1)
    total -= b * linalg.dot(alpha, y)
    return _checked([total], lambda i: "L(w, b, α)")[0]


def _w(w, X):
    return inputs.vector(w, "w", len(X[0]), "X", of="columns")


def weights_from_alpha(X, y, alpha):
    """OMC-3 (000 V §6 (9)): w = Σᵢ αᵢ y⁽ⁱ⁾ x⁽ⁱ⁾ (the linear kernel's explicit w).

    Shapes: X m×n, y m labels in {−1, 1}, alpha m.
    Returns: w, n entries."""
    X, y = as_problem(X, y)
    alpha = _alpha(alpha, len(X))
    w = [0 * v for v in X[0]]
    for a, x_i, y_i in zip(alpha, X, y):
        if a == 0:
            continue
        for k, v in enumerate(x_i):
            w[k] += a * y_i * v
    return _checked(w, lambda k: f"w[{k}]")


def scores(alpha, y, K):
    """OMC-5 without b, at the training points: wᵀφ(x⁽ʲ⁾) = Σᵢ αᵢ y⁽ⁱ⁾ Kᵢⱼ for every example j,
    summed over i in order, skipping αᵢ = 0; K is the kernel matrix."""
    m = len(alpha)
    out = []
    for j in range(m):
        total = 0
        for i in range(m):
            if alpha[i] != 0:
                total += alpha[i] * y[i] * K[i][j]
        out.append(total)
    return _checked(out, lambda j: f"wᵀφ(X[{j}])")


def b_hard(scores, y):
    """OMC-4 (000 V §6 (11)) from the scores sⱼ = w*ᵀφ(x⁽ʲ⁾):
    b* = −(max_{j: y⁽ʲ⁾=−1} sⱼ + min_{j: y⁽ʲ⁾=1} sⱼ) / 2."""
    below = max(s for s, t in zip(scores, y) if t == -1)
    above = min(s for s, t in zip(scores, y) if t == 1)
    return _checked([-(below + above) / 2], lambda i: "b")[0]


def threshold_hard(X, y, alpha, kernel=Linear()):
    """OMC-4 (000 V §6 (11)): b* = −(max_{i: y⁽ⁱ⁾=−1} w*ᵀx⁽ⁱ⁾ + min_{i: y⁽ⁱ⁾=1} w*ᵀx⁽ⁱ⁾) / 2,
    with w*ᵀx⁽ʲ⁾ = Σᵢ αᵢ y⁽ⁱ⁾ K(x⁽ⁱ⁾, x⁽ʲ⁾).

    Shapes: X m×n (or m strings for a StringKernel), y m labels in {−1, 1}, alpha m.
    Returns: b*, a number."""
    kernel = as_kernel(kernel)
    X, y = as_problem(X, y, kernel=kernel)
    alpha = _alpha(alpha, len(X))
    return b_hard(scores(alpha, y, kernel_matrix(X, kernel)), y)


def b_soft(alpha, y, scores, C):
    """SOFT-2, SMO-3 from the scores sᵢ = wᵀφ(x⁽ⁱ⁾): b from the KKT conditions (14)-(16). Every
    free αᵢ (0 < αᵢ < C) has y⁽ⁱ⁾(sᵢ + b) = 1, i.e. b = y⁽ⁱ⁾ − sᵢ; their average (in index
    order) when there are any. Otherwise (14) and (15) only bound b, and b is the middle of the
    interval they leave."""
    return b_soft_each(alpha, y, scores, [C] * len(alpha))


def b_soft_each(alpha, y, scores, Cs):
    """X-2, SOFT-2: ``b_soft`` with each αᵢ in its own box [0, Cᵢ] (None: no upper bound): the
    free αᵢ are 0 < αᵢ < Cᵢ; an example with Cᵢ = 0 (weight 0) is out of the problem and bounds
    nothing."""
    total, free = 0, 0
    lower, upper = None, None
    for a, s, t, C in zip(alpha, scores, y, Cs):
        if C is not None and C == 0:
            continue
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
        b = total / free
    elif lower is None:
        b = upper
    elif upper is None:
        b = lower
    else:
        b = (lower + upper) / 2
    return _checked([b], lambda i: "b")[0]


def threshold_soft(X, y, alpha, C, kernel=Linear()):
    """SOFT-2, SMO-3 (000 V §8, the remark after the dual; 001 §11.1.2): the soft-margin b, the
    average of y⁽ⁱ⁾ − wᵀx⁽ⁱ⁾ over the free αᵢ, or the middle of the interval (14)-(15) allow.

    Shapes: X m×n (or m strings for a StringKernel), y m labels in {−1, 1}, alpha m, C > 0.
    Returns: b, a number."""
    kernel = as_kernel(kernel)
    X, y = as_problem(X, y, kernel=kernel)
    alpha = _alpha(alpha, len(X))
    C = as_C(C)
    return b_soft(alpha, y, scores(alpha, y, kernel_matrix(X, kernel)), C)


def decision_values(X, y, alpha, b, Z, kernel=Linear()):
    """OMC-5 (000 V §6 (13)): wᵀz + b = Σᵢ αᵢ y⁽ⁱ⁾ K(x⁽ⁱ⁾, z) + b for every row z of Z; the sum
    runs over the support vectors (αᵢ > 0) only.

    Shapes: X m×n (or m strings for a StringKernel), y m labels in {−1, 1}, alpha m, b a number,
        Z q×n.
    Returns: wᵀz + b, q entries."""
    kernel = as_kernel(kernel)
    X, y = as_problem(X, y, kernel=kernel)
    alpha = _alpha(alpha, len(X))
    b = parameters.real(b, "b")
    Z = _queries(Z, X, kernel, "X")
    support = [i for i, a in enumerate(alpha) if a != 0]
    return _values([alpha[i] for i in support], [y[i] for i in support], [X[i] for i in support],
                   b, Z, kernel, "X", support)


def _queries(Z, S, kernel, name):
    Z = as_points(Z, kernel, "Z")
    if not isinstance(kernel, StringKernel) and S and len(Z[0]) != len(S[0]):
        raise error("columns_and_columns", name="Z", m=len(Z[0]), x_name=name, n=len(S[0]))
    return Z


def _values(alpha, y, S, b, Z, kernel, name, index):
    """Σᵢ αᵢ y⁽ⁱ⁾ K(sᵢ, z) + b for every z of Z over the rows sᵢ of S, in order; a kernel value
    is checked and named as kernel(<name>[index[i]], Z[j])."""
    out = []
    for j, z in enumerate(Z):
        total = 0
        for a, t, s, i in zip(alpha, y, S, index):
            total += a * t * checked_value(kernel(s, z), kernel, name, i, "Z", j)
        out.append(total + b)
    return _checked(out, lambda j: f"the decision value of Z[{j}]")


def model_length(v, name):
    """len of a field of an SVMFit (both faces read the fields of a fit with it)."""
    try:
        return len(v)
    except TypeError:
        raise error("wrong_kind", name=name, what="a sequence", got=type(v).__name__) from None


def _support(model):
    """What decision_function reads of a fit, checked field by field (a hand-built or edited
    SVMFit gets an error naming the field, never a wrong answer): the kernel; the support
    vectors (rows, or strings for a StringKernel; none at all when α = 0); their αᵢ (finite)
    and labels (±1), one per support vector; a finite b."""
    check_fit(model)
    kernel = as_kernel(model.kernel, "model.kernel")
    b = inputs.vector([model.b], "model.b")[0]
    count = support_fields(model)
    if count == 0:
        return [], [], [], b, kernel
    S = as_points(model.support_vectors, kernel, "model.support_vectors")
    alpha = inputs.vector(model.support_alpha, "model.support_alpha")
    labels = inputs.vector(model.support_labels, "model.support_labels")
    for name, v in (("support_alpha", alpha), ("support_labels", labels)):
        if len(v) != count:
            raise error("support_entries", name=name, n=len(v), count=count)
    for i, t in enumerate(labels):
        if t != 1 and t != -1:
            raise error("support_label", i=i, value=t)
    return S, alpha, [int(t) for t in labels], b, kernel


def check_fit(model):
    """SOFT-2: ``model`` must be an SVMFit (both faces')."""
    if not isinstance(model, SVMFit):
        raise error("wrong_kind", name="model", what="an SVMFit (from smo)", got=type(model).__name__)


def support_fields(model):
    """SOFT-2: the number of support vectors of an SVMFit, its support_alpha and support_labels
    checked to be sequences, empty where there are no support vectors (both faces')."""
    count = model_length(model.support_vectors, "model.support_vectors")
    for name in ("support_alpha", "support_labels"):
        if count == 0 and model_length(getattr(model, name), f"model.{name}") != 0:
            raise error("support_none", name=name)
        model_length(getattr(model, name), f"model.{name}")
    return count


def fit_classes(model):
    """SOFT-2: the label pair (negative, positive) of an SVMFit, checked (both faces')."""
    classes = model.classes
    if inputs.is_text(classes) or not hasattr(classes, "__len__"):
        raise error("classes_kind", got=repr(classes))
    if len(classes) != 2 or classes[0] == classes[1]:
        raise error("classes_distinct", got=repr(classes))
    return classes


def decision_function(model, Z):
    """OMC-5 (000 V §6 (12)-(13)): Σ over the support vectors of αᵢ y⁽ⁱ⁾ K(x⁽ⁱ⁾, z) + b for
    every row z of Z, reading nothing of the training set but the support vectors.

    Shapes: model an SVMFit (from smo), Z q×n.
    Returns: wᵀz + b, q entries."""
    S, alpha, labels, b, kernel = _support(model)
    Z = _queries(Z, S, kernel, "model.support_vectors")
    return _values(alpha, labels, S, b, Z, kernel, "model.support_vectors", range(len(S)))


def predict(model, Z):
    """OMC-5 (002 §1.5): h(z) = g(wᵀz + b) with g = 1 for a value ≥ 0 and −1 otherwise, returned
    as the model's labels (``classes``).

    Shapes: model an SVMFit (from smo), Z q×n.
    Returns: q labels, each one of model.classes."""
    values = decision_function(model, Z)
    negative, positive = fit_classes(model)
    return [positive if v >= 0 else negative for v in values]


def slacks(X, y, w, b):
    """SOFT-1 (000 V §8; 001 §11.1.1): the smallest slacks the constraints allow,
    ξᵢ = max(0, 1 − y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)); 0 < ξᵢ ≤ 1 is inside the margin but not misclassified,
    ξᵢ > 1 misclassified.

    Shapes: X m×n, y m labels in {−1, 1}, w n, b a number.
    Returns: ξ, m entries ≥ 0."""
    X, y = as_problem(X, y)
    w = _w(w, X)
    b = parameters.real(b, "b")
    out = []
    for u in _margins(w, b, X, y):
        r = 1 - u
        out.append(r if r > 0 else 0 * r)
    return out


def _margins(w, b, X, y):
    """uᵢ = y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) for every example, each finite."""
    return _checked([y_i * (linalg.dot(w, x_i) + b) for x_i, y_i in zip(X, y)],
                  lambda i: f"y(wᵀx + b) of X[{i}]")


def soft_margin_primal(X, y, w, b, xi, C):
    """SOFT-1 (000 V §8; 001 (11.1)): ½‖w‖² + C Σᵢ ξᵢ at a feasible point
    (y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) ≥ 1 − ξᵢ and ξᵢ ≥ 0); an infeasible point is an error naming the example.

    Shapes: X m×n, y m labels in {−1, 1}, w n, b a number, xi m ≥ 0, C > 0.
    Returns: ½‖w‖² + CΣξ, a number."""
    X, y = as_problem(X, y)
    w = _w(w, X)
    b = parameters.real(b, "b")
    xi = inputs.vector(xi, "xi", len(X), "X", of="rows")
    C = parameters.positive(C, "C")
    for i, s in enumerate(xi):
        if s < 0:
            raise error("negative_slack", i=i, value=s)
    total = 0
    for i, (u, s) in enumerate(zip(_margins(w, b, X, y), xi)):
        # ξ = 1 − u rounds, so 1 − ξ may exceed u by a rounding error (never in exact arithmetic)
        if u < 1 - s - scalar.zero_tolerance(u, 1 + abs(u) + abs(s), 4):
            raise error("infeasible_example", i=i)
        total += s
    return _checked([linalg.dot(w, w) / 2 + C * total], lambda i: "½‖w‖² + CΣξ")[0]


def hinge_objective(X, y, w, b, C):
    """SOFT-1 (001 (11.2)): ½‖w‖² + C Σᵢ max(0, 1 − y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)), the unconstrained form.

    Shapes: X m×n, y m labels in {−1, 1}, w n, b a number, C > 0.
    Returns: ½‖w‖² + CΣ max(0, 1 − yᵢ(wᵀxᵢ + b)), a number."""
    X, y = as_problem(X, y)
    w = _w(w, X)
    C = parameters.positive(C, "C")
    total = 0
    for s in slacks(X, y, w, b):
        total += s
    return _checked([linalg.dot(w, w) / 2 + C * total], lambda i: "½‖w‖² + CΣξ")[0]


def soft_margin_lagrangian(X, y, w, b, xi, alpha, r, C):
    """SOFT-2 (000 V §8; 001 §11.1.2): L(w, b, ξ, α, r) = ½wᵀw + C Σ ξᵢ
    − Σ αᵢ [y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) − 1 + ξᵢ] − Σ rᵢ ξᵢ.

    Summed with b's terms gathered into −b Σᵢ αᵢy⁽ⁱ⁾, as in ``lagrangian``.

    Shapes: X m×n, y m labels in {−1, 1}, w n, b a number, xi m, alpha m, r m, C > 0.
    Returns: L(w, b, ξ, α, r), a number."""
    X, y = as_problem(X, y)
    w = _w(w, X)
    b = parameters.real(b, "b")
    m = len(X)
    xi, alpha, r = (inputs.vector(v, n, m, "X", of="rows")
                    for v, n in ((xi, "xi"), (alpha, "alpha"), (r, "r")))
    C = parameters.positive(C, "C")
    total = linalg.dot(w, w) / 2
    for u, s, a, q in zip(_margins(w, 0, X, y), xi, alpha, r):
        total += C * s - a * (u - 1 + s) - q * s
    total -= b * linalg.dot(alpha, y)
    return _checked([total], lambda i: "L(w, b, ξ, α, r)")[0]


def kkt_violations(X, y, alpha, b, C=None, kernel=Linear()):
    """SOFT-2 (000 V §8 (14)-(16); 001 (11.6)): by how much each example fails its KKT condition,
    with uᵢ = y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b): αᵢ = 0 needs uᵢ ≥ 1 (violation max(0, 1 − uᵢ)); αᵢ = C needs
    uᵢ ≤ 1 (max(0, uᵢ − 1)); 0 < αᵢ < C needs uᵢ = 1 (|uᵢ − 1|). α outside the box is refused.
    The dual's equality constraint Σ αᵢy⁽ⁱ⁾ = 0 is not one of these per-example conditions and
    is not checked here (with float α it holds only to rounding).

    Shapes: X m×n (or m strings for a StringKernel), y m labels in {−1, 1}, alpha m in [0, C], b
        a number, C > 0 or None.
    Returns: m violations ≥ 0."""
    kernel = as_kernel(kernel)
    X, y = as_problem(X, y, kernel=kernel)
    alpha = _alpha(alpha, len(X))
    b = parameters.real(b, "b")
    C = as_C(C)
    for i, a in enumerate(alpha):
        if a < 0 or (C is not None and a > C):
            raise error("outside_box", i=i, value=a)
    f = scores(alpha, y, kernel_matrix(X, kernel))
    margins = _checked([t * (s + b) for s, t in zip(f, y)],
                               lambda i: f"y(wᵀφ(x) + b) of X[{i}]")
    out = []
    for a, u in zip(alpha, margins):
        if a == 0:
            v = 1 - u
        elif C is not None and a == C:
            v = u - 1
        else:
            v = abs(u - 1)
        out.append(v if v > 0 else 0 * v)
    return _checked(out, lambda i: f"the KKT violation of X[{i}]")


def kkt_categories(alpha, C=None):
    """SOFT-2 (001 §11.1.2): 'easy' (αᵢ = 0, margin ≥ 1), 'hard' (αᵢ = C, margin ≤ 1) and
    'marginally hard' (0 < αᵢ < C, margin exactly 1).

    Shapes: alpha m, C > 0 or None.
    Returns: m strings: 'easy', 'hard' or 'marginally hard'."""
    alpha = inputs.vector(alpha, "alpha")
    C = as_C(C)
    return ["easy" if a == 0 else "hard" if C is not None and a == C else "marginally hard"
            for a in alpha]
