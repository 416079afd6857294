"""Generalized linear models (000 §9; 002 §1.3.3).

The three assumptions (000 §9): y | x; θ ~ ExponentialFamily(η); the hypothesis predicts
h(x) = E[T(y) | x] = g(η), g the canonical response; and η = θᵀx. ``family`` is an
``exponential_family.ExponentialFamily`` with T(y) = y (BERNOULLI, GAUSSIAN, POISSON,
EXPONENTIAL, gamma(k)) or its name. For every such family ∂/∂θⱼ log p(y; θᵀx) = (y − g(θᵀx)) xⱼ,
so one gradient-ascent rule and one Newton / IRLS iteration fit them all.
"""
from . import exponential_family as ef
from . import inputs, linalg
from .logistic_regression import SeparableDataError, _separable_error, _separated
from .results import ConvergenceError, IterativeResult, diverged, step_converged

__all__ = [
    "hypothesis", "predict", "log_likelihood", "gradient", "gradient_ascent", "newton",
    "poisson_regression", "SeparableDataError", "IterativeResult", "ConvergenceError",
]


def _family(family):
    fam = ef.family(family)
    if fam.name.startswith("multinomial"):
        raise ValueError("family: the multinomial has a vector η; fit it with cs229.reference.softmax")
    return fam


def _targets(fam, y):
    if fam is ef.BERNOULLI:
        return inputs.binary_labels(y, "y")
    if fam is ef.POISSON:
        return inputs.counts(y, "y")
    y = inputs.vector(y, "y")
    for i, v in enumerate(y):
        fam.check_y(v, f"y[{i}]")
    return y


def _design(family, X, y, theta=None):
    fam = _family(family)
    X = inputs.matrix(X, "X")
    y = _targets(fam, y)
    inputs.same_length(X, y)
    if theta is None:
        return fam, X, y, [0 * X[0][0]] * len(X[0])
    theta = inputs.vector(theta, "theta")
    if len(theta) != len(X[0]):
        raise ValueError(f"theta has {len(theta)} entries but X has {len(X[0])} columns")
    return fam, X, y, theta


def _eta(fam, x, theta, where="theta"):
    eta = linalg.dot(x, theta)
    try:
        fam.check_eta(eta)
    except ValueError as e:
        raise ValueError(f"{where}: η = θᵀx is outside the {fam.name} family's domain ({e})") from None
    return eta


def hypothesis(family, x, theta):
    """GLM-1 (000 §9, assumptions 1-3): h_θ(x) = E[y | x; θ] = g(θᵀx), g the canonical response."""
    fam = _family(family)
    x = inputs.vector(x, "x")
    theta = inputs.vector(theta, "theta")
    if len(x) != len(theta):
        raise ValueError(f"x has {len(x)} entries but theta has {len(theta)}")
    return fam.response(_eta(fam, x, theta))


def predict(family, X, theta):
    """GLM-1: h_θ(x⁽ⁱ⁾) = g(θᵀx⁽ⁱ⁾) for every row."""
    fam = _family(family)
    X = inputs.matrix(X, "X")
    theta = inputs.vector(theta, "theta")
    if len(theta) != len(X[0]):
        raise ValueError(f"theta has {len(theta)} entries but X has {len(X[0])} columns")
    return [fam.response(_eta(fam, x_i, theta)) for x_i in X]


def log_likelihood(family, X, y, theta):
    """GLM-4 (000 §9; 002 §1.3.3): ℓ(θ) = Σᵢ log p(y⁽ⁱ⁾; η = θᵀx⁽ⁱ⁾)
    = Σᵢ log b(y⁽ⁱ⁾) + η y⁽ⁱ⁾ − a(η)."""
    fam, X, y, theta = _design(family, X, y, theta)
    total = 0
    for x_i, y_i in zip(X, y):
        total += ef.log_density(fam, y_i, _eta(fam, x_i, theta))
    return total


def gradient(family, X, y, theta):
    """GLM-4 (002 §1.3.3): ∂ℓ/∂θⱼ = Σᵢ (y⁽ⁱ⁾ − g(θᵀx⁽ⁱ⁾)) xⱼ⁽ⁱ⁾, the same for every family."""
    fam, X, y, theta = _design(family, X, y, theta)
    return _gradient(fam, X, y, theta)


def _gradient(fam, X, y, theta):
    g = [0 * t for t in theta]
    for x_i, y_i in zip(X, y):
        r = y_i - fam.response(_eta(fam, x_i, theta))
        for j, x_ij in enumerate(x_i):
            g[j] += r * x_ij
    return g


def gradient_ascent(family, X, y, theta, alpha, max_iterations=10_000, tol=1e-10, average=False,
                    record=False):
    """GLM-4 (000 §9; 002 §1.3.3): θⱼ := θⱼ + α Σᵢ (y⁽ⁱ⁾ − h_θ(x⁽ⁱ⁾)) xⱼ⁽ⁱ⁾ with h = g(θᵀx).

    ``average=True`` divides the sum by m; stopping as in Part I (``tol=None``: a fixed number
    of steps). θ leaving the finite numbers or η leaving the family's domain raises
    ConvergenceError (α too large); so does the cap; separable Bernoulli data raise
    SeparableDataError."""
    fam, X, y, theta = _design(family, X, y, theta)
    alpha = inputs.positive(alpha, "alpha")
    max_iterations = inputs.positive_int(max_iterations, "max_iterations")
    tol = inputs.tolerance(tol)
    m = len(X)
    path = [theta[:]] if record else None
    for k in range(1, max_iterations + 1):
        try:
            g = _gradient(fam, X, y, theta)
        except (ValueError, OverflowError) as e:
            raise ConvergenceError(f"GLM gradient ascent diverged at iteration {k}: {e} (lower alpha)",
                                   IterativeResult(theta, k - 1, False, path)) from None
        new = [t + alpha * (g_j / m if average else g_j) for t, g_j in zip(theta, g)]
        if record:
            path.append(new[:])
        if diverged(new):
            raise ConvergenceError(f"GLM gradient ascent diverged at iteration {k}: θ is no longer "
                                   f"finite (alpha={alpha} is too large)",
                                   IterativeResult(theta, k - 1, False, path))
        done = tol is not None and step_converged(theta, new, tol)
        theta = new
        if tol is not None and fam is ef.BERNOULLI and _separated(X, y, theta):
            raise _separable_error("GLM gradient ascent", k, theta, path)
        if done:
            return IterativeResult(theta, k, True, path)
    result = IterativeResult(theta, max_iterations, None if tol is None else False, path)
    if tol is not None:
        raise ConvergenceError(f"GLM gradient ascent did not converge in {max_iterations} "
                               f"iterations (tol={tol})", result)
    return result


def _newton_system(fam, X, y, theta):
    """(XᵀWX, ∇ℓ), W = diag(a″(θᵀx⁽ⁱ⁾)) = diag(Var[y | x⁽ⁱ⁾]); H = −XᵀWX."""
    n = len(theta)
    zero = 0 * theta[0]
    A = [[zero] * n for _ in range(n)]
    g = [zero] * n
    for x_i, y_i in zip(X, y):
        eta = _eta(fam, x_i, theta)
        r = y_i - fam.response(eta)
        w = fam.variance(eta)
        for j in range(n):
            g[j] += r * x_i[j]
            wx = w * x_i[j]
            for k in range(j, n):
                A[j][k] += wx * x_i[k]
    for j in range(n):
        for k in range(j):
            A[j][k] = A[k][j]
    return A, g


def newton(family, X, y, theta=None, max_iterations=100, tol=1e-10, record=False):
    """GLM-4 (000 §7, §9): Newton's method θ := θ + (XᵀWX)⁻¹Xᵀ(y − g(Xθ)), W = diag(a″(θᵀx)).

    For a canonical link the Hessian −XᵀWX does not involve y, so Newton is Fisher scoring and
    is iteratively reweighted least squares: θ_new solves XᵀWXθ = XᵀWz with the working
    response z = Xθ + W⁻¹(y − g(Xθ)). ``theta`` defaults to 0 (for the exponential family,
    whose η must be negative, give a start inside the domain). Separable Bernoulli data raise
    SeparableDataError, a singular XᵀWX SingularMatrixError, leaving the domain or the cap
    ConvergenceError."""
    fam, X, y, theta = _design(family, X, y, theta)
    max_iterations = inputs.positive_int(max_iterations, "max_iterations")
    tol = inputs.tolerance(tol)
    if tol is None:
        raise ValueError("tol must be a number for newton")
    path = [theta[:]] if record else None
    for k in range(1, max_iterations + 1):
        try:
            A, g = _newton_system(fam, X, y, theta)
        except (ValueError, OverflowError) as e:
            if k == 1:
                raise
            raise ConvergenceError(f"GLM Newton diverged at iteration {k}: {e}",
                                   IterativeResult(theta, k - 1, False, path)) from None
        try:
            step = linalg.solve(A, g)
        except linalg.SingularMatrixError as e:
            raise linalg.SingularMatrixError(
                f"GLM Newton: the Hessian −XᵀWX is singular at iteration {k} (column {e.column} "
                "of X depends on the columns before it, on the examples that carry weight)",
                column=e.column) from None
        new = [t + s for t, s in zip(theta, step)]
        if record:
            path.append(new[:])
        if diverged(new):
            raise ConvergenceError(f"GLM Newton diverged at iteration {k}: θ is no longer finite",
                                   IterativeResult(theta, k - 1, False, path))
        done = step_converged(theta, new, tol)
        theta = new
        if fam is ef.BERNOULLI and _separated(X, y, theta):
            raise _separable_error("GLM Newton", k, theta, path)
        if done:
            return IterativeResult(theta, k, True, path)
    raise ConvergenceError(
        f"GLM Newton did not converge in {max_iterations} iterations (tol={tol}); if ‖θ‖ keeps "
        "growing the MLE may not exist (e.g. separable labels, or counts that are all 0 on a "
        "half-space)", IterativeResult(theta, max_iterations, False, path))


def poisson_regression(X, y, theta=None, max_iterations=100, tol=1e-10, record=False):
    """GLM-4 (000 §9): counts y⁽ⁱ⁾ ~ Poisson(λ = e^(θᵀx⁽ⁱ⁾)), fitted by Newton / IRLS."""
    return newton(ef.POISSON, X, y, theta, max_iterations, tol, record)
