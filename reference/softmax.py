"""Softmax regression (000 §9.3; 002 §1.3.4).

X is the design matrix (rows with x₀ = 1); y the labels in {1, ..., k}; Theta the k − 1
parameter vectors θ₁, ..., θ_{k−1} as rows (θ_k = 0 is fixed, 000 §9.3), so k = len(Theta) + 1.

Conventions (README, Conventions): data (X, y), then Θ, then options; labels are 1..k (another
label is refused naming cs229.estimators.SoftmaxRegression); ``predict`` is the label in 1..k,
``probabilities`` the m×k table; ``Theta=None`` starts at 0; fits return an ``IterativeResult``.
Beyond the notes, the keywords of the catalog's extensions come last: ``lam`` (X-1),
``sample_weight`` (X-2: ℓ_w = Σᵢ wᵢ log p(y⁽ⁱ⁾ | x⁽ⁱ⁾; Θ)) and ``prior`` (X-1: "notes" penalises
θ₁..θ_{k−1}, "symmetric" all k rows at the shift that minimises their penalty).
"""
from . import inputs, linalg, parameters, scalar
from .messages import error
from . import newton as newton_method
from .results import (ConvergenceError, IterativeResult, SeparableDataError, alpha_too_large, iterate,
                      penalised_gradient, separable_error, symmetric_gradient)

__all__ = [
    "softmax", "log_sum_exp", "natural_parameters", "probabilities", "hypothesis", "predict",
    "log_likelihood", "gradient", "hessian", "gradient_ascent", "newton", "cross_entropy",
    "SeparableDataError", "IterativeResult", "ConvergenceError",
]


# ---- SM-2: the softmax function -----------------------------------------------------------------

def softmax(eta):
    """SM-2 (000 §9.3): φᵢ = e^ηᵢ / Σⱼ e^ηⱼ, the inverse of the link ηᵢ = log(φᵢ/φ_k).

    Evaluated as e^(ηᵢ − M) / Σⱼ e^(ηⱼ − M) with M = maxⱼ ηⱼ (the same value: numerator and
    denominator are both scaled by e^(−M)), so no exponential overflows.

    Shapes: eta k numbers.
    Returns: φ, k entries summing to 1."""
    return scalar.softmax(inputs.vector(eta, "eta"))


def log_sum_exp(eta):
    """SM-2: log Σⱼ e^ηⱼ = M + log Σⱼ e^(ηⱼ − M), M = maxⱼ ηⱼ; the multinomial's a(η) with
    η_k = 0 (000 §9.3: a(η) = −log φ_k).

    Shapes: eta k numbers.
    Returns: log Σ e^η, a number."""
    return scalar.log_sum_exp(inputs.vector(eta, "eta"))


# ---- SM-3: the model ----------------------------------------------------------------------------

def _parameters(Theta, n):
    Theta = inputs.matrix(Theta, "Theta")
    if len(Theta[0]) != n:
        raise error("theta_rows", m=len(Theta[0]), n=n)
    return Theta


def _design(X, y, Theta, sample_weight=None):
    """X, y, Θ and the sample weights (X-2: None, or one real >= 0 per row, not all 0)."""
    X = inputs.matrix(X, "X")
    Theta = _parameters(Theta, len(X[0]))
    y = inputs.class_labels(y, len(Theta) + 1, "y", __name__)
    inputs.same_length(X, y)
    return X, y, Theta, inputs.sample_weights(sample_weight, X)


def _carrying(X, y, weight):
    """X-2: the examples that carry weight (wᵢ > 0), as (X, y): a row of weight 0 is not in the
    data, so the separation tests and the start's classes leave it out (all rows without
    weights)."""
    if weight is None:
        return X, y
    kept = [i for i, w in enumerate(weight) if w > 0]
    return [X[i] for i in kept], [y[i] for i in kept]


def _eta(x, Theta):
    """(θ₁ᵀx, ..., θ_{k−1}ᵀx, 0): the natural parameters with η_k = θ_kᵀx = 0."""
    eta = [linalg.dot(theta, x) for theta in Theta]
    eta.append(0 * x[0])  # x is finite; θ₁ᵀx may not be (0 · ∞ is NaN)
    return eta


def natural_parameters(x, Theta):
    """SM-3 (000 §9.3, assumption 3): ηᵢ = θᵢᵀx for i < k and η_k = 0.

    Shapes: x n, Theta (k−1)×n.
    Returns: η, k entries (η_k = 0)."""
    x = inputs.vector(x, "x")
    return _eta(x, _parameters(Theta, len(x)))


def probabilities(X, Theta):
    """SM-3 (000 (8)): p(y = i | x; θ) = e^(θᵢᵀx) / Σⱼ e^(θⱼᵀx), i = 1..k, for every row.

    Shapes: X m×n, Theta (k−1)×n.
    Returns: m×k: p(y = l | x⁽ⁱ⁾)."""
    X = inputs.matrix(X, "X")
    Theta = _parameters(Theta, len(X[0]))
    return [scalar.softmax(_eta(x_i, Theta)) for x_i in X]


def hypothesis(x, Theta):
    """SM-3 (000 §9.3): h_θ(x) = E[T(y) | x; θ] = (φ₁, ..., φ_{k−1}); φ_k = 1 − Σφᵢ.

    Shapes: x n, Theta (k−1)×n.
    Returns: (φ₁, …, φ_{k−1}), k − 1 entries."""
    x = inputs.vector(x, "x")
    return scalar.softmax(_eta(x, _parameters(Theta, len(x))))[:-1]


def predict(X, Theta):
    """SM-3: the most probable class in 1..k for every row (the smallest on a tie).

    Shapes: X m×n, Theta (k−1)×n.
    Returns: m labels in 1..k."""
    X = inputs.matrix(X, "X")
    Theta = _parameters(Theta, len(X[0]))
    out = []
    for x_i in X:
        eta = _eta(x_i, Theta)
        out.append(1 + max(range(len(eta)), key=lambda l: (eta[l], -l)))
    return out


# ---- SM-4: the log-likelihood and its maximisation ----------------------------------------------

def log_likelihood(X, y, Theta, sample_weight=None):
    """SM-4 (000 §9.3): ℓ(θ) = Σᵢ log Π_l (e^(θ_lᵀx⁽ⁱ⁾) / Σⱼ e^(θⱼᵀx⁽ⁱ⁾))^1{y⁽ⁱ⁾ = l}
    = Σᵢ (η_{y⁽ⁱ⁾} − log Σⱼ e^ηⱼ), with the log-sum-exp evaluated stably. X-2: ℓ_w(θ) =
    Σᵢ wᵢ (η_{y⁽ⁱ⁾} − log Σⱼ e^ηⱼ) with a ``sample_weight`` wᵢ >= 0 per example (integer
    weights are repeated rows).

    Shapes: X m×n, y m labels in 1..k, Theta (k−1)×n, sample_weight m or None.
    Returns: ℓ(θ), a number."""
    X, y, Theta, weight = _design(X, y, Theta, sample_weight)
    return _log_likelihood(X, y, Theta, weight)[0]


def _log_likelihood(X, y, Theta, weight=None):
    """(ℓ(θ), the bound on its rounding error) for validated lists; X-2: each term times its
    sample weight."""
    total, size = 0, 0
    for x_i, y_i, w_i in zip(X, y, newton_method.weights(weight, len(X))):
        eta = _eta(x_i, Theta)
        top = scalar.log_sum_exp(eta)
        total += newton_method._weighted(w_i, eta[y_i - 1] - top)
        size += newton_method._weighted(w_i, abs(eta[y_i - 1]) + abs(top))
    return total, newton_method.rounding_bound(len(X), size)


def cross_entropy(p, p_hat):
    """SM-4 (002 §1.3.4): CrossEnt(p, p̂) = −Σ_y p(y) log p̂(y); for the one-hot p of a label
    y₀ this is −log p̂(y₀), the negative of that example's term of ℓ. Terms with p(y) = 0
    contribute 0.

    Shapes: p, p_hat k probabilities each.
    Returns: CrossEnt(p, p̂), a number."""
    p = inputs.vector(p, "p")
    p_hat = inputs.vector(p_hat, "p_hat")
    inputs.check_length(p, "p", len(p_hat), "p_hat")
    total = 0
    for a, b in zip(p, p_hat):
        if a != 0:
            if not b > 0:
                raise error("p_hat")
            total -= a * scalar.log(b)
    return total


def gradient(X, y, Theta, sample_weight=None):
    """SM-4: ∂ℓ/∂θ_l = Σᵢ (1{y⁽ⁱ⁾ = l} − φ_l(x⁽ⁱ⁾)) x⁽ⁱ⁾ for l = 1..k−1, as k − 1 rows.
    X-2: Σᵢ wᵢ (1{y⁽ⁱ⁾ = l} − φ_l(x⁽ⁱ⁾)) x⁽ⁱ⁾ with a ``sample_weight``.

    Examples in order; each is added into every row before the next is read.

    Shapes: X m×n, y m labels in 1..k, Theta (k−1)×n, sample_weight m or None.
    Returns: ∇ℓ, (k−1)×n."""
    X, y, Theta, weight = _design(X, y, Theta, sample_weight)
    return _gradient(X, y, Theta, weight)


def _gradient(X, y, Theta, weight=None):
    G = [[0 * t for t in theta] for theta in Theta]
    for x_i, y_i, w_i in zip(X, y, newton_method.weights(weight, len(X))):
        phi = scalar.softmax(_eta(x_i, Theta))
        for l, row in enumerate(G):
            r = newton_method._weighted(w_i, (1 if y_i == l + 1 else 0) - phi[l])
            for j, x_ij in enumerate(x_i):
                row[j] += r * x_ij
    return G


def _newton_system(X, y, Theta, weight=None):
    """(−H, ∇ℓ) over the stacked parameters (θ₁; ...; θ_{k−1}), block (l, l′) of −H being
    Σᵢ φ_l(δ_{ll′} − φ_{l′}) x⁽ⁱ⁾x⁽ⁱ⁾ᵀ; X-2: each example's terms times its sample weight."""
    K, n = len(Theta), len(X[0])
    size = K * n
    zero = 0 * Theta[0][0]
    A = [[zero] * size for _ in range(size)]
    g = [zero] * size
    for x_i, y_i, w_i in zip(X, y, newton_method.weights(weight, len(X))):
        phi = scalar.softmax(_eta(x_i, Theta))
        for l in range(K):
            r = newton_method._weighted(w_i, (1 if y_i == l + 1 else 0) - phi[l])
            for j in range(n):
                g[l * n + j] += r * x_i[j]
            for l2 in range(l, K):
                w = newton_method._weighted(w_i, phi[l] * ((1 if l == l2 else 0) - phi[l2]))
                for j in range(n):
                    wx = w * x_i[j]
                    row = A[l * n + j]
                    for j2 in range(n):
                        row[l2 * n + j2] += wx * x_i[j2]
    for a in range(size):
        for b in range(a):
            if b // n < a // n:
                A[a][b] = A[b][a]
    return A, g


def hessian(X, y, Theta, sample_weight=None):
    """SM-4: H = ∂²ℓ/∂θ∂θᵀ over the stacked θ = (θ₁; ...; θ_{k−1}): block (l, l′) is
    −Σᵢ φ_l(δ_{ll′} − φ_{l′}) x⁽ⁱ⁾x⁽ⁱ⁾ᵀ (it does not involve y). X-2: −Σᵢ wᵢ φ_l(δ_{ll′} −
    φ_{l′}) x⁽ⁱ⁾x⁽ⁱ⁾ᵀ with a ``sample_weight``.

    Shapes: X m×n, y m labels in 1..k, Theta (k−1)×n, sample_weight m or None.
    Returns: H, (k−1)n×(k−1)n."""
    X, y, Theta, weight = _design(X, y, Theta, sample_weight)
    A, _ = _newton_system(X, y, Theta, weight)
    return [[-a for a in row] for row in A]


def _separated(X, y, Theta):
    """Every example's own class has the strictly largest ηᵢ: then ℓ(cθ) → 0 as c → ∞."""
    for x_i, y_i in zip(X, y):
        eta = _eta(x_i, Theta)
        own = eta[y_i - 1]
        if any(v >= own for l, v in enumerate(eta) if l != y_i - 1):
            return False
    return True


SEPARATED = ("the classes are linearly separable (the iterate of step {k} puts every example's "
             "own class strictly on top)")


def _separated_classes(X, y, Theta):
    """The classes l that θ puts strictly on top at exactly their own examples: each such class
    is separated from the rest, so its ℓ terms approach their supremum as θ_l grows."""
    on_top = None
    for x_i, y_i in zip(X, y):
        eta = _eta(x_i, Theta)
        here = set()
        for l, v in enumerate(eta):
            if all(v > u for j, u in enumerate(eta) if j != l):
                here.add(l + 1)
        apart = {l for l in range(1, len(eta) + 1) if (l in here) == (l == y_i)}
        on_top = apart if on_top is None else on_top & apart
    return sorted(on_top)


def gradient_ascent(X, y, Theta, alpha, max_iterations=10_000, tol=1e-10, average=False,
                    record=False, lam=0, penalize_intercept=False, sample_weight=None, prior="notes"):
    """SM-4 (000 §9.3): θ_l := θ_l + α Σᵢ (1{y⁽ⁱ⁾ = l} − φ_l(x⁽ⁱ⁾)) x⁽ⁱ⁾ for l < k, until
    maxⱼ |Δθ| <= tol · (1 + max |θ|) (``tol=None``: exactly ``max_iterations`` steps).
    ``average=True`` divides the sum by m. With a tolerance, separable classes raise
    SeparableDataError and the cap ConvergenceError.

    X-1: ``lam`` = λ > 0 ascends ℓ(Θ) − (λ/2) Σ_l Σ_{j≥1} θ_lj² (the MAP estimate under a
    Gaussian prior; each θ_l0 unpenalised, or every entry with ``penalize_intercept``) by steps
    α(∇_{θ_l}ℓ − λθ_l′); separable classes raise no SeparableDataError then. ``prior="symmetric"``
    penalises all k rows instead (``results.symmetric_gradient``).

    X-2: a ``sample_weight`` wᵢ >= 0 per example ascends ℓ_w = Σᵢ wᵢ ℓᵢ, the sum's terms times
    wᵢ (``average`` divides by Σ wᵢ, so integer weights are repeated rows); the separation test
    reads the examples of weight > 0 only.

    Shapes: X m×n, y m labels in 1..k, Theta (k−1)×n, alpha > 0, sample_weight m or None.
    Returns: IterativeResult (theta (k−1)×n); the cap raises ConvergenceError, separable classes
        SeparableDataError."""
    X, y, Theta, weight = _design(X, y, Theta, sample_weight)
    alpha, max_iterations, tol, average, record, lam, first = parameters.batch_schedule(
        alpha, max_iterations, tol, average, record, lam, penalize_intercept)
    symmetric = parameters.prior(prior) == "symmetric"
    m = len(X) if weight is None else sum(weight)  # Σ wᵢ: integer weights count as rows
    X_on, y_on = _carrying(X, y, weight)

    def update(Theta):
        G = _gradient(X, y, Theta, weight)
        G = (symmetric_gradient(G, Theta, lam, first) if symmetric else
             [penalised_gradient(grow, row, lam, first) for grow, row in zip(G, Theta)])
        return [[t + alpha * (g / m if average else g) for t, g in zip(row, grow)]
                for row, grow in zip(Theta, G)]

    def check(Theta, k, path):
        if tol is not None and not lam and _separated(X_on, y_on, Theta):
            raise separable_error("softmax gradient ascent", k, Theta, path, SEPARATED)

    return iterate("softmax gradient ascent", update, Theta, max_iterations, tol, record, check,
                   hint=alpha_too_large(alpha))


def newton(X, y, Theta=None, max_iterations=100, tol=1e-10, record=False, damping=True, lam=0,
           penalize_intercept=False, sample_weight=None, prior="notes"):
    """SM-4 (000 §9.3): Newton's method θ := θ − tH⁻¹∇ℓ on the stacked parameters.

    ``Theta=None`` starts at θ₁ = ... = θ_{k−1} = 0 with k the largest label of y (the usual
    start). ``damping=True`` halves t from 1 until ℓ does not decrease (cs229.reference.newton);
    ``damping=False`` is the notes' t = 1. Stops when a full step has
    maxⱼ |Δθ| <= tol · (1 + max |θ|). Separable classes, or one class separable from the rest,
    raise SeparableDataError; a singular H otherwise (a class absent from y, or dependent
    columns of X) SingularMatrixError; the cap ConvergenceError.

    X-1: ``lam`` = λ > 0 maximises ℓ(Θ) − (λ/2) Σ_l Σ_{j≥1} θ_lj² (the MAP estimate under a
    Gaussian prior; each θ_l0 unpenalised, or every entry with ``penalize_intercept``): ∇ℓ − λθ′
    and H − λI′ on the stacked parameters; separable classes raise no SeparableDataError then.
    ``prior="symmetric"``: the penalty (λ/2) Σ_{l≤k} ‖w_l′‖² of all k rows w_l = θ_l + c at its
    minimum over c, ∇ℓ − λ(θ_l′ − (1/k) Σ_m θ_m′) and H − λ(I − 11ᵀ/k) ⊗ I′
    (``newton.symmetric_penalised``): scikit-learn's multinomial fit, whose rows are the centred
    θ_l − (1/k) Σ_m θ_m (l = 1..k, θ_k = 0).

    X-2: a ``sample_weight`` wᵢ >= 0 per example maximises ℓ_w = Σᵢ wᵢ ℓᵢ: every example's
    gradient and Hessian terms times wᵢ (integer weights are repeated rows). A row of weight 0
    is not in the data: the separation tests and the dependence of X's columns read the examples
    of weight > 0 only, and with Theta=None every class 1..k must carry weight.

    Shapes: X m×n, y m labels in 1..k (k the largest), Theta (k−1)×n or None (zeros),
        sample_weight m or None.
    Returns: IterativeResult (theta (k−1)×n, extra['step_lengths']); the cap raises
        ConvergenceError, separable classes SeparableDataError."""
    if Theta is None:
        X = inputs.matrix(X, "X")
        labels = inputs.class_labels(y, float("inf"), "y", __name__)
        k = newton_method.number_of_classes(labels)
        if sample_weight is not None:  # every class must carry weight
            inputs.same_length(X, labels)
            newton_method.classes_carry_weight(labels, inputs.sample_weights(sample_weight, X), k)
        Theta = [[0 * X[0][0]] * len(X[0]) for _ in range(k - 1)]
    X, y, Theta, weight = _design(X, y, Theta, sample_weight)
    max_iterations, tol, damping, _ = newton_method.options(max_iterations, tol, damping, starts=None)
    record = parameters.flag(record, "record")
    lam, first = parameters.penalty(lam, penalize_intercept)
    K, n = len(Theta), len(X[0])
    classes = (K + 1,) if parameters.prior(prior) == "symmetric" else ()
    X_on, y_on = _carrying(X, y, weight)

    def shape(flat):
        return [flat[l * n:(l + 1) * n] for l in range(K)]

    def check(Theta, k, path):
        if _separated(X_on, y_on, Theta):
            raise separable_error("softmax Newton", k, Theta, path, SEPARATED)

    def singular(e, k, Theta):
        return singular_newton(e, k, Theta, n, lambda T: _separated_classes(X_on, y_on, T),
                               lambda: newton_method.column_dependence(X_on))

    try:
        return newton_method.maximise(
            "softmax Newton", [v for row in Theta for v in row], *newton_callbacks(X, y, K, weight),
            max_iterations, tol, record, damping, None if lam else check, singular, shape,
            advice=NEWTON_ADVICE, exact=(newton_callbacks, (X, y, K, weight)), terms=len(X),
            penalty=(lam, first, n, *classes))
    except ConvergenceError as e:
        if lam:
            raise
        raise capped(e, max_iterations, _separated_classes(X_on, y_on, e.result.theta)) from None


NEWTON_ADVICE = ("; if ‖θ‖ keeps growing some class is nearly separable from the others and the "
                 "MLE may not exist")


def singular_newton(e, k, Theta, n, separated_classes, column_dependence):
    """SM-4: the error of a singular Hessian at Newton's iteration k, both faces': a class that
    the iterate Θ puts apart (``separated_classes(Θ)``, from iteration 2 on), else the dependent
    columns of X (``column_dependence()``, None where XᵀX is not singular) or parameter."""
    apart = separated_classes(Theta) if k > 1 else []
    if apart:
        return class_apart_error(k - 1, Theta, None, apart[0], "the Hessian became singular")
    return newton_method.singular_softmax_hessian(k, e, column_dependence(), n)


def class_apart_error(k, Theta, path, apart, sign):
    """SM-4: the SeparableDataError of a Newton fit whose iterate of step k puts class
    ``apart`` strictly on top exactly at its own examples (``sign``: what showed it)."""
    return separable_error(
        "softmax Newton", k, Theta, path,
        f"class {apart} is linearly separable from the others (the iterate of step "
        "{k} puts it strictly on top exactly at its own examples; " + sign + " as its θ grew)",
        "ℓ approaches its supremum only as ‖θ‖ grows without bound")


def capped(e, max_iterations, apart):
    """SM-4: at the cap, a class that the last iterate puts apart is the reason the fit did not
    converge (its θ grows without bound; a singular Hessian showed it before the Hessian's
    verdict was taken at 50 digits); any other ConvergenceError stands."""
    if e.result.iterations != max_iterations or not apart:
        return e
    return class_apart_error(max_iterations, e.result.theta, e.result.path, apart[0],
                             "Newton did not converge")


def newton_callbacks(X, y, K, weight=None):
    """(system, log_likelihood) of SM-4 for ``newton.maximise`` on the stacked parameters of K
    rows, on X in any scalar type (the referee's at 50 digits); y labels in 1..k; X-2: the
    sample ``weight``s (None: every weight 1), in X's scalar type or as float64."""
    n = len(X[0])
    y = [int(v) for v in y]
    if weight is not None:
        weight = list(weight)

    def shape(flat):
        return [flat[l * n:(l + 1) * n] for l in range(K)]
    return (lambda t: _newton_system(X, y, shape(t), weight),
            lambda t: _log_likelihood(X, y, shape(t), weight))
