"""Part II of the notes: logistic regression, the perceptron and Newton's method
(000 Part II §5-7; 002 §1.2.3-1.3.1).

X is the design matrix as a list of rows x⁽ⁱ⁾ holding the intercept entry x₀ = 1; y the labels
in {0, 1}; theta the parameters. The sigmoid and the log-likelihood are written so that they stay
finite for every z = θᵀx a float can hold (|z| up to 1e308).

Conventions (README, Conventions): data (X, y), then θ, then options; labels are {0, 1} (bools
accepted; another label is refused naming cs229.estimators.LogisticRegression or Perceptron);
``predict`` is the label 0/1, ``probabilities`` P(y = 1 | x); ``theta=None`` starts at 0; fits
return an ``IterativeResult``.
"""
from . import exponential_family as ef
from . import inputs, linalg, parameters, scalar
from . import newton as newton_method
from .messages import error
from .results import (NOT_FINITE, RAISE_CAP, ConvergenceError, IterativeResult, SeparableDataError,
                      alpha_too_large, iterate, penalised_gradient, separable_error, separated,
                      sgd_epochs)

__all__ = [
    "sigmoid", "hypothesis", "probabilities", "predict", "likelihood", "log_likelihood",
    "gradient", "hessian", "stochastic_update", "stochastic_gradient_ascent",
    "batch_gradient_ascent", "threshold", "perceptron_update", "perceptron", "newton",
    "newton_root", "newton_maximise", "is_separated", "SeparableDataError",
    "IterativeResult", "ConvergenceError",
]


# ---- LG-1: the sigmoid --------------------------------------------------------------------------

def sigmoid(z):
    """LG-1 (000 §5): g(z) = 1 / (1 + e^(−z)), in (0, 1), g → 1 as z → ∞ and → 0 as z → −∞.

    For z < 0 it is evaluated as e^z / (1 + e^z), so that e^(−z) is never formed for very
    negative z; exact only at z = 0 (g(0) = 1/2).

    Shapes: z a number.
    Returns: g(z), a number in [0, 1]."""
    return scalar.sigmoid(parameters.real(z, "z"))


def _design(X, y, *theta):
    """(X, y), or (X, y, θ) when θ is passed (None then is refused like any missing array)."""
    X = inputs.matrix(X, "X")
    y = inputs.binary_labels(y, "y", module=__name__)
    inputs.same_length(X, y)
    if not theta:
        return X, y
    return X, y, _parameters(theta[0], X)


def _parameters(theta, X):
    return inputs.vector(theta, "theta", len(X[0]), "X", of="columns")


def hypothesis(x, theta):
    """LG-1 (000 §5): h_θ(x) = g(θᵀx) for one example.

    Shapes: x n, theta n.
    Returns: g(θᵀx), a number."""
    x = inputs.vector(x, "x")
    theta = inputs.vector(theta, "theta")
    inputs.check_length(x, "x", len(theta), "theta")
    return scalar.sigmoid(linalg.dot(x, theta))


def probabilities(X, theta):
    """LG-1, LG-3: P(y = 1 | x⁽ⁱ⁾; θ) = g(θᵀx⁽ⁱ⁾) for every row.

    Shapes: X m×n, theta n.
    Returns: P(y = 1 | x⁽ⁱ⁾), m entries."""
    X = inputs.matrix(X, "X")
    theta = _parameters(theta, X)
    return [scalar.sigmoid(linalg.dot(x_i, theta)) for x_i in X]


def predict(X, theta):
    """LG-1: the label 1 where h_θ(x) ≥ 1/2, i.e. θᵀx ≥ 0, else 0.

    Shapes: X m×n, theta n.
    Returns: m labels in {0, 1}."""
    X = inputs.matrix(X, "X")
    theta = _parameters(theta, X)
    return [1 if linalg.dot(x_i, theta) >= 0 else 0 for x_i in X]


# ---- LG-3: the Bernoulli model and its likelihood -----------------------------------------------

def likelihood(X, y, theta):
    """LG-3 (000 §5; 002 §1.2.3): L(θ) = Πᵢ h(x⁽ⁱ⁾)^y⁽ⁱ⁾ (1 − h(x⁽ⁱ⁾))^(1−y⁽ⁱ⁾).

    As printed: a product of m numbers in (0, 1), which underflows in float for large m; use
    ``log_likelihood``.

    Shapes: X m×n, y m labels in {0, 1}, theta n.
    Returns: L(θ), a number."""
    X, y, theta = _design(X, y, theta)
    total = 1
    for x_i, y_i in zip(X, y):
        h = scalar.sigmoid(linalg.dot(x_i, theta))
        total *= h ** y_i * (1 - h) ** (1 - y_i)
    return total


def log_likelihood(X, y, theta):
    """LG-3 (000 §5): ℓ(θ) = Σᵢ y log h + (1 − y) log(1 − h), in the form that never overflows.

    With z = θᵀx, log g(z) = −log(1 + e^(−z)) and log(1 − g(z)) = −log(1 + e^z), so each term is
    −softplus(−z) for y = 1 and −softplus(z) for y = 0 (softplus(z) = log(1 + e^z), evaluated
    without forming e^z for large z).

    Shapes: X m×n, y m labels in {0, 1}, theta n.
    Returns: ℓ(θ), a number."""
    X, y, theta = _design(X, y, theta)
    return _log_likelihood(X, y, theta)[0]


def _log_likelihood(X, y, theta):
    """(ℓ(θ), the bound on its rounding error) for validated lists."""
    total, size = 0, 0
    for x_i, y_i in zip(X, y):
        z = linalg.dot(x_i, theta)
        term = scalar.softplus(-z) if y_i == 1 else scalar.softplus(z)
        total -= term
        size += term
    return total, newton_method.rounding_bound(len(X), size)


# ---- LG-4, LG-5: gradient ascent ----------------------------------------------------------------

def gradient(X, y, theta):
    """LG-4, LG-5 (000 §5; 002 §1.2.3): ∂ℓ/∂θⱼ = Σᵢ (y⁽ⁱ⁾ − h_θ(x⁽ⁱ⁾)) xⱼ⁽ⁱ⁾, i.e. Xᵀ(y − g(Xθ)).

    Examples in order; example i is added into every component before i + 1 is read.

    Shapes: X m×n, y m labels in {0, 1}, theta n.
    Returns: ∇ℓ, n entries."""
    X, y, theta = _design(X, y, theta)
    return _gradient(X, y, theta)


def _gradient(X, y, theta):
    residuals = [y_i - scalar.sigmoid(linalg.dot(x_i, theta)) for x_i, y_i in zip(X, y)]
    return linalg.rmatvec(X, residuals, [0 * t for t in theta])


def hessian(X, y, theta):
    """NW-2 (000 §7): H = ∂²ℓ/∂θ∂θᵀ = −Σᵢ g(zᵢ)(1 − g(zᵢ)) x⁽ⁱ⁾x⁽ⁱ⁾ᵀ, zᵢ = θᵀx⁽ⁱ⁾.

    1 − g(z) is computed as g(−z), which keeps the weight accurate (not 0) when g(z) rounds to 1.
    H does not depend on y (hence Newton = Fisher scoring); y is checked for symmetry with the
    other functions.

    Shapes: X m×n, y m labels in {0, 1}, theta n.
    Returns: H, n×n."""
    X, y, theta = _design(X, y, theta)
    A, _ = newton_method.glm_system(ef.BERNOULLI, X, y, theta)
    return [[-a for a in row] for row in A]


def stochastic_update(x, y, theta, alpha):
    """LG-4 (000 §5): θⱼ := θⱼ + α (y − h_θ(x)) xⱼ for one example (x, y).

    Shapes: x n, y a label in {0, 1}, theta n, alpha > 0.
    Returns: the new θ, n entries."""
    return _ascent_step(*_one_example(x, y, theta, alpha))


def _one_example(x, y, theta, alpha):
    x = inputs.vector(x, "x")
    y = inputs.binary_labels([y], "y", module=__name__)[0]
    theta = inputs.vector(theta, "theta")
    alpha = parameters.positive(alpha, "alpha")
    inputs.check_length(x, "x", len(theta), "theta")
    return x, y, theta, alpha


def _ascent_step(x, y, theta, alpha):
    step = alpha * (y - scalar.sigmoid(linalg.dot(x, theta)))
    return [t + step * x_j for t, x_j in zip(theta, x)]


def is_separated(X, y, theta):
    """LG-3: True when θ classifies every example strictly correctly (θᵀx > 0 for y = 1 and
    θᵀx < 0 for y = 0). Then ℓ(cθ) increases to 0, i.e. L(cθ) → 1, as c → ∞: the MLE does
    not exist.

    Shapes: X m×n, y m labels in {0, 1}, theta n.
    Returns: a bool."""
    X, y, theta = _design(X, y, theta)
    return separated(X, y, theta)


def batch_gradient_ascent(X, y, theta, alpha, max_iterations=10_000, tol=1e-10,
                          average=False, record=False, lam=0, penalize_intercept=False):
    """LG-5 (002 §1.2.3): repeat θⱼ := θⱼ + α Σᵢ (y⁽ⁱ⁾ − h_θ(x⁽ⁱ⁾)) xⱼ⁽ⁱ⁾ until convergence.

    ``average=True`` divides the sum by m. Stops when maxⱼ |Δθⱼ| <= tol · (1 + maxⱼ |θⱼ|);
    ``tol=None`` runs exactly ``max_iterations`` updates with no further test. With a tolerance,
    an iterate that separates the data raises SeparableDataError and the cap ConvergenceError.

    X-1: ``lam`` = λ > 0 ascends ℓ(θ) − (λ/2) Σ_{j≥1} θⱼ² (the MAP estimate under a Gaussian
    prior; θ₀ unpenalised, or every θⱼ with ``penalize_intercept``): the step is
    α(∇ℓ − λθ′) (÷ m with ``average``), and separable data do not stop it (the MAP exists).

    Shapes: X m×n, y m labels in {0, 1}, theta n, alpha > 0.
    Returns: IterativeResult (theta n); the cap raises ConvergenceError, separable data
        SeparableDataError."""
    X, y, theta = _design(X, y, theta)
    alpha, max_iterations, tol, average, record, lam, first = parameters.batch_schedule(
        alpha, max_iterations, tol, average, record, lam, penalize_intercept)
    m = len(X)

    def update(theta):
        g = penalised_gradient(_gradient(X, y, theta), theta, lam, first)
        return [t + alpha * (g_j / m if average else g_j) for t, g_j in zip(theta, g)]

    def check(theta, k, path):
        if tol is not None and not lam and separated(X, y, theta):
            raise separable_error("batch gradient ascent", k, theta, path)

    return iterate("batch gradient ascent", update, theta, max_iterations, tol, record, check,
                   hint=alpha_too_large(alpha), advice=RAISE_CAP)


def stochastic_gradient_ascent(X, y, theta, alpha, epochs=1, order=None, decay=0, record=False,
                               sample_weight=None):
    """LG-4 (000 §5): the stochastic gradient ascent rule, one example at a time.

    Each epoch visits the examples in ``order`` (default 0..m−1); update t (counted from 0 over
    all epochs) uses α_t = α / (1 + decay · t). No stopping test: converged is None; ``path``
    holds θ after each epoch when ``record``.
    X-2: ``sample_weight`` wᵢ >= 0 scales example i's step to α_t·wᵢ (scikit-learn's SGD meaning:
    in expectation the step of the weighted ℓ; a weight of 0 leaves θ where it is).

    Shapes: X m×n, y m labels in {0, 1}, theta n, alpha > 0, sample_weight m or None.
    Returns: IterativeResult (theta n) after the given epochs."""
    X, y, theta = _design(X, y, theta)
    alpha, epochs, order, decay, record = parameters.sgd_schedule(
        alpha, epochs, order, decay, record, len(X), inputs.example_order)
    weight = inputs.sample_weights(sample_weight, X)
    # |y − g(θᵀx)| < 1 bounds a step by α_t·wᵢ·|x|, which can still leave the float range
    return sgd_epochs(_ascent_step, X, y, theta, alpha, epochs, order, decay, record,
                      sgd_divergence if weight is None else weighted_sgd_divergence, weight=weight)


def sgd_divergence(epoch, alpha):
    """The message of the stochastic rule (LG-4) whose θ left the finite numbers in ``epoch``:
    a step α_t (y − g(θᵀx)) x, |y − g| < 1, gets there only when α·x leaves the float range."""
    return (f"stochastic gradient ascent diverged in epoch {epoch}: {NOT_FINITE}"
            f"{alpha_too_large(alpha, ' for this X')}")


def weighted_sgd_divergence(epoch, alpha):
    """The message of the weighted stochastic rule (LG-4, X-2) whose θ left the finite numbers in
    ``epoch``: only weights can make its steps that large."""
    return (f"stochastic gradient ascent diverged in epoch {epoch}: {NOT_FINITE}; the steps α·wᵢ "
            f"(alpha={alpha} times the sample weights) are too large")


# ---- PC-1: the perceptron -----------------------------------------------------------------------

def threshold(z):
    """PC-1 (000 §6; 002 §1.3.1): g(z) = 1 if z ≥ 0, else 0 (in the scalar type of z).

    Shapes: z a number.
    Returns: 1 or 0."""
    z = parameters.real(z, "z")
    return z ** 0 if z >= 0 else 0 * z


def perceptron_update(x, y, theta, alpha=1):
    """PC-1 (000 §6): θⱼ := θⱼ + α (y − g(θᵀx)) xⱼ with the threshold g: no change when the
    example is classified correctly, ±αx when it is not.

    Shapes: x n, y a label in {0, 1}, theta n, alpha > 0.
    Returns: the new θ, n entries."""
    new, _ = _perceptron_step(*_one_example(x, y, theta, alpha))
    return new


def _perceptron_step(x, y, theta, alpha):
    h = 1 if linalg.dot(x, theta) >= 0 else 0
    if h == y:
        return theta, False
    step = alpha * (y - h)
    return [t + step * x_j for t, x_j in zip(theta, x)], True


def perceptron(X, y, theta=None, alpha=1, max_epochs=1000, order=None, record=False):
    """PC-1 (000 §6): perceptron updates over the examples, epoch after epoch, until an epoch
    makes no mistake (then θ separates the data: converged).

    ``theta`` defaults to 0; ``order`` as in ``stochastic_gradient_ascent``. extra["mistakes"]
    lists the mistakes of each epoch. On data that are not linearly separable the epochs never
    come clean: reaching ``max_epochs`` raises ConvergenceError carrying that record. Exact on
    rational data.

    Shapes: X m×n, y m labels in {0, 1}, theta n or None (zeros).
    Returns: IterativeResult (theta n, extra['mistakes']); the cap raises ConvergenceError."""
    X, y = _design(X, y)
    theta = [0 * X[0][0]] * len(X[0]) if theta is None else _parameters(theta, X)
    alpha = parameters.positive(alpha, "alpha")
    max_epochs = parameters.positive_int(max_epochs, "max_epochs")
    order = inputs.example_order(order, len(X))
    record = parameters.flag(record, "record")
    path = [theta[:]] if record else None
    mistakes = []
    for epoch in range(1, max_epochs + 1):
        count = 0
        for i in order:
            theta, wrong = _perceptron_step(X[i], y[i], theta, alpha)
            count += wrong
        mistakes.append(count)
        if record:
            path.append(theta[:])
        if count == 0:
            return IterativeResult(theta, epoch, True, path, {"mistakes": mistakes})
    raise perceptron_not_converged(IterativeResult(theta, max_epochs, False, path,
                                                   {"mistakes": mistakes}))


def perceptron_not_converged(result):
    """PC-1: the ConvergenceError of a perceptron whose last epoch (``result``, its
    extra["mistakes"]) still made mistakes, both faces'."""
    mistakes = result.extra["mistakes"]
    return ConvergenceError(
        f"the perceptron did not converge within {result.iterations} epochs ({mistakes[-1]} "
        "mistakes in the last): the data may not be linearly separable", result)


# ---- NW-1: Newton's method in one dimension -----------------------------------------------------

def newton_root(f, f_prime, theta, max_iterations=100, tol=1e-12, record=False):
    """NW-1 (000 §7; 002 §1.2.4): θ := θ − f(θ)/f′(θ), the zero of the tangent at θ.

    ``f`` and ``f_prime`` are callables on one scalar; stops when f(θ) = 0 exactly or
    |Δθ| <= tol · (1 + |θ|). A flat tangent (f′(θ) = 0) or the cap raises."""
    theta = parameters.real(theta, "theta")
    max_iterations = parameters.positive_int(max_iterations, "max_iterations")
    tol = parameters.tolerance(tol, "tol")
    if tol is None:
        raise error("tol_needed", what="newton_root")
    record = parameters.flag(record, "record")
    path = [theta] if record else None
    for k in range(1, max_iterations + 1):
        value = f(theta)
        if value == 0:
            return IterativeResult(theta, k - 1, True, path)
        slope = f_prime(theta)
        if slope == 0:
            raise ConvergenceError(
                f"Newton's method: f′(θ) = 0 at θ = {theta} (the tangent is flat and has no zero)",
                IterativeResult(theta, k - 1, False, path))
        new = theta - value / slope
        if record:
            path.append(new)
        if not scalar.isfinite(new):
            raise ConvergenceError(f"Newton's method diverged at iteration {k}",
                                   IterativeResult(theta, k - 1, False, path))
        done = abs(new - theta) <= tol * (1 + abs(new))
        theta = new
        if done:
            return IterativeResult(theta, k, True, path)
    raise ConvergenceError(f"Newton's method did not converge in {max_iterations} iterations",
                           IterativeResult(theta, max_iterations, False, path))


def newton_maximise(l_prime, l_double_prime, theta, max_iterations=100, tol=1e-12, record=False):
    """NW-1 (000 §7): θ := θ − ℓ′(θ)/ℓ″(θ), Newton's method on f = ℓ′.

    The update finds any stationary point; the same rule minimises. extra["second_derivative"]
    is ℓ″ at the answer: negative at a maximum, positive at a minimum."""
    result = newton_root(l_prime, l_double_prime, theta, max_iterations, tol, record)
    return IterativeResult(result.theta, result.iterations, result.converged, result.path,
                           {"second_derivative": l_double_prime(result.theta)})


# ---- NW-2: Newton-Raphson for logistic regression -----------------------------------------------

def newton(X, y, theta=None, max_iterations=100, tol=1e-10, record=False, start="zero",
           damping=True, lam=0, penalize_intercept=False, *, n_jobs=-1):
    """NW-2 (000 §7; 002 §1.2.4): θ := θ − tH⁻¹∇_θℓ(θ) with H = −XᵀWX, W = diag(h(1 − h)).

    For the logistic log-likelihood the Hessian does not involve y, so this is also Fisher
    scoring. Without ``theta``, ``start="zero"`` begins at θ = 0 (the notes' and the usual
    start) and ``start="data"`` at the IRLS start of cs229.reference.newton. ``damping=True``
    halves t from 1 until ℓ does not decrease; ``damping=False`` is the notes' t = 1. Stops when
    a full step has maxⱼ |Δθⱼ| <= tol · (1 + maxⱼ |θⱼ|). An iterate that separates the data
    raises SeparableDataError; a singular H raises SingularMatrixError naming the dependent
    column; the cap raises ConvergenceError.

    X-1: ``lam`` = λ > 0 maximises ℓ(θ) − (λ/2) Σ_{j≥1} θⱼ² (the MAP estimate under a Gaussian
    prior; θ₀ unpenalised, or every θⱼ with ``penalize_intercept``): ∇ℓ − λθ′ and H − λI′.
    The MAP exists on separable data too, so no SeparableDataError is raised then.

    ``n_jobs`` (keyword-only, checked by ``parameters.n_jobs``): the cores the fast face's
    passes may use; here serial.

    Shapes: X m×n, y m labels in {0, 1}, theta n or None (zeros).
    Returns: IterativeResult (theta n, extra['step_lengths']); the cap raises ConvergenceError,
        separable data SeparableDataError."""
    X, y = _design(X, y)
    parameters.n_jobs(n_jobs)   # where the fast face checks it: with its passes, after X and y
    max_iterations, tol, damping, start = newton_method.options(max_iterations, tol, damping, start)
    record = parameters.flag(record, "record")
    lam, first = parameters.penalty(lam, penalize_intercept)
    if theta is not None:
        theta = _parameters(theta, X)
    elif start == "data":
        theta = newton_method.data_start(ef.BERNOULLI, X, y, penalty=(lam, first))
    else:
        theta = [0 * X[0][0]] * len(X[0])

    def check(theta, k, path):
        if separated(X, y, theta):
            raise separable_error("Newton's method", k, theta, path)

    return newton_method.maximise(
        "Newton's method", theta, *newton_callbacks(X, y), max_iterations, tol, record, damping,
        None if lam else check, newton_method.singular_hessian("Newton's method", "H = −XᵀWX"),
        advice=NEWTON_ADVICE, exact=(newton_callbacks, (X, y)), terms=len(X),
        penalty=(lam, first, len(X[0])))


NEWTON_ADVICE = "; if ‖θ‖ keeps growing the data are nearly separable and the MLE may not exist"


def newton_callbacks(X, y):
    """(system, log_likelihood) of NW-2 for ``newton.maximise``: XᵀWX and ∇ℓ, and ℓ in this
    module's softplus form, on X, y in any scalar type (the referee's at 50 digits)."""
    return (lambda t: newton_method.glm_system(ef.BERNOULLI, X, y, t),
            lambda t: _log_likelihood(X, y, t))
