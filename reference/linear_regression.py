"""Part I of the notes: least squares, LMS, gradient descent, the normal equations, the Gaussian
noise model, locally weighted regression and polynomial features (000 Part I; 002 §1.1-1.2).

X is the design matrix as a list of rows x⁽ⁱ⁾ that already hold the intercept entry x₀ = 1
(``add_intercept`` builds them); y is the list of targets; theta the list of parameters.
"""
from . import inputs, linalg, scalar
from .results import ConvergenceError, IterativeResult, diverged, step_converged

__all__ = [
    "add_intercept", "hypothesis", "predict", "cost", "cost_matrix_form", "gradient",
    "lms_update", "batch_gradient_descent", "stochastic_gradient_descent", "normal_equations",
    "gaussian_density", "gaussian_likelihood", "gaussian_log_likelihood",
    "lwr_weights", "lwr_weights_sigma", "weighted_normal_equations", "lwr_predict",
    "polynomial_features", "IterativeResult", "ConvergenceError",
]


def _design(X, y, theta=None):
    X = inputs.matrix(X, "X")
    y = inputs.vector(y, "y")
    inputs.same_length(X, y)
    if theta is None:
        return X, y
    theta = inputs.vector(theta, "theta")
    if len(theta) != len(X[0]):
        raise ValueError(f"theta has {len(theta)} entries but X has {len(X[0])} columns")
    return X, y, theta


def add_intercept(X):
    """LR-1 (000 Part I): prepend x₀ = 1 to every row, so that h(x) = θᵀx includes θ₀."""
    X = inputs.matrix(X, "X")
    return [[row[0] ** 0] + row for row in X]


def hypothesis(x, theta):
    """LR-1 (000 Part I): h_θ(x) = Σⱼ θⱼ xⱼ = θᵀx for one example x (with x₀ = 1)."""
    x = inputs.vector(x, "x")
    theta = inputs.vector(theta, "theta")
    if len(x) != len(theta):
        raise ValueError(f"x has {len(x)} entries but theta has {len(theta)}")
    return linalg.dot(x, theta)


def predict(X, theta):
    """LR-1: h_θ(x⁽ⁱ⁾) for every row, i.e. the vector Xθ (000 §2.2)."""
    X = inputs.matrix(X, "X")
    theta = inputs.vector(theta, "theta")
    if len(theta) != len(X[0]):
        raise ValueError(f"theta has {len(theta)} entries but X has {len(X[0])} columns")
    return linalg.matvec(X, theta)


def cost(X, y, theta):
    """LR-2 (000 Part I): J(θ) = ½ Σᵢ (h_θ(x⁽ⁱ⁾) − y⁽ⁱ⁾)²."""
    X, y, theta = _design(X, y, theta)
    total = 0
    for x_i, y_i in zip(X, y):
        r = linalg.dot(x_i, theta) - y_i
        total += r * r
    return total / 2


def cost_matrix_form(X, y, theta):
    """LR-2 (000 §2.2): J(θ) = ½ (Xθ − y)ᵀ(Xθ − y)."""
    X, y, theta = _design(X, y, theta)
    z = [h - t for h, t in zip(linalg.matvec(X, theta), y)]
    return linalg.dot(z, z) / 2


def gradient(X, y, theta):
    """LR-3, LR-5 (000 §1): ∂J/∂θⱼ = Σᵢ (h_θ(x⁽ⁱ⁾) − y⁽ⁱ⁾) xⱼ⁽ⁱ⁾, i.e. ∇J = Xᵀ(Xθ − y).

    One pass over the examples; the residual of example i is added into every component
    before example i + 1 is read (the order the fast twin keeps).
    """
    X, y, theta = _design(X, y, theta)
    return _gradient(X, y, theta)


def _gradient(X, y, theta):
    g = [0 * t for t in theta]
    for x_i, y_i in zip(X, y):
        r = linalg.dot(x_i, theta) - y_i
        for j, x_ij in enumerate(x_i):
            g[j] += r * x_ij
    return g


def lms_update(x, y, theta, alpha):
    """LR-4 (000 §1): the LMS / Widrow-Hoff rule θⱼ := θⱼ + α (y − h_θ(x)) xⱼ, one example."""
    x = inputs.vector(x, "x")
    y = inputs.real(y, "y")
    theta = inputs.vector(theta, "theta")
    alpha = inputs.positive(alpha, "alpha")
    if len(x) != len(theta):
        raise ValueError(f"x has {len(x)} entries but theta has {len(theta)}")
    return _lms_step(x, y, theta, alpha)


def _lms_step(x, y, theta, alpha):
    step = alpha * (y - linalg.dot(x, theta))
    return [t + step * x_j for t, x_j in zip(theta, x)]


def batch_gradient_descent(X, y, theta, alpha, max_iterations=10_000, tol=1e-10,
                           average=False, record=False):
    """LR-5 (000 §1; 002 Listing 1): repeat θ := θ − α ∇J(θ) until convergence.

    ``average=False`` is the notes' update θⱼ := θⱼ + α Σᵢ (y⁽ⁱ⁾ − h(x⁽ⁱ⁾)) xⱼ⁽ⁱ⁾;
    ``average=True`` is 002's Listing 1, which divides the sum by m (the same path as α/m).
    Stops when maxⱼ |Δθⱼ| <= tol · (1 + maxⱼ |θⱼ|); ``tol=None`` runs exactly
    ``max_iterations`` updates. Reaching the cap with a tolerance, or θ leaving the finite
    numbers (α too large), raises ConvergenceError.
    """
    X, y, theta = _design(X, y, theta)
    alpha = inputs.positive(alpha, "alpha")
    max_iterations = inputs.positive_int(max_iterations, "max_iterations")
    tol = inputs.tolerance(tol)
    m = len(X)
    path = [theta[:]] if record else None
    for k in range(1, max_iterations + 1):
        g = _gradient(X, y, theta)
        if average:
            g = [g_j / m for g_j in g]
        new = [t - alpha * g_j for t, g_j in zip(theta, g)]
        if record:
            path.append(new[:])
        if diverged(new):
            raise ConvergenceError(
                f"batch gradient descent diverged at iteration {k}: theta is no longer finite "
                f"(alpha={alpha} is too large for this X; scale the features or lower alpha)",
                IterativeResult(theta, k - 1, False, path))
        done = tol is not None and step_converged(theta, new, tol)
        theta = new
        if done:
            return IterativeResult(theta, k, True, path)
    result = IterativeResult(theta, max_iterations, None if tol is None else False, path)
    if tol is not None:
        raise ConvergenceError(
            f"batch gradient descent did not converge in {max_iterations} iterations "
            f"(tol={tol}); raise max_iterations or alpha", result)
    return result


def stochastic_gradient_descent(X, y, theta, alpha, epochs=1, order=None, decay=0, record=False):
    """LR-6 (000 §1 and fn 2; 002 Listing 2): LMS updates one example at a time.

    Each epoch visits the examples in ``order`` (default 0, 1, ..., m−1; give a permutation to
    shuffle, the caller holds the seed). Update t (counted from 0 over all epochs) uses
    α_t = α / (1 + decay · t): decay = 0 is the fixed rate; decay > 0 lets α fall to zero, as
    fn 2 suggests, so that θ settles instead of oscillating. There is no stopping test: the
    result has converged=None and path holds θ after each epoch when ``record``.
    """
    X, y, theta = _design(X, y, theta)
    alpha, epochs, order, decay = inputs.sgd_schedule(alpha, epochs, order, decay, len(X))
    path = [theta[:]] if record else None
    t = 0
    for epoch in range(epochs):
        for i in order:
            alpha_t = alpha / (1 + decay * t) if decay else alpha
            theta = _lms_step(X[i], y[i], theta, alpha_t)
            t += 1
        if diverged(theta):
            raise ConvergenceError(
                f"stochastic gradient descent diverged in epoch {epoch + 1}: theta is no longer "
                f"finite (alpha={alpha} is too large for this X)", IterativeResult(theta, epoch, False, path))
        if record:
            path.append(theta[:])
    return IterativeResult(theta, epochs, None, path)


def normal_equations(X, y):
    """LR-12 (000 §2.2): θ = (XᵀX)⁻¹Xᵀy, by solving XᵀXθ = Xᵀy with partial pivoting.

    A singular XᵀX means the columns of X are linearly dependent (or m < n + 1): the error says
    which column depends on the ones before it.
    """
    X, y = _design(X, y)
    Xt = linalg.transpose(X)
    try:
        return linalg.solve(linalg.matmul(Xt, X), linalg.matvec(Xt, y))
    except linalg.SingularMatrixError as e:
        raise linalg.SingularMatrixError(
            f"XᵀX is singular: the columns of X are linearly dependent (column {e.column} is a "
            f"combination of columns 0..{e.column - 1}, or X has fewer rows than columns)",
            column=e.column) from None


def gaussian_density(y, mean, sigma):
    """LR-13 (000 §3): p(y | x; θ) = 1/(√(2π) σ) · exp(−(y − θᵀx)² / (2σ²)), mean = θᵀx."""
    sigma = inputs.positive(sigma, "sigma")
    return scalar.exp(-((y - mean) ** 2) / (2 * sigma ** 2)) / (scalar.sqrt(2 * scalar.pi(sigma)) * sigma)


def gaussian_likelihood(X, y, theta, sigma):
    """LR-13 (000 §3): L(θ) = Πᵢ p(y⁽ⁱ⁾ | x⁽ⁱ⁾; θ) (underflows for large m: use the log)."""
    X, y, theta = _design(X, y, theta)
    total = 1
    for x_i, y_i in zip(X, y):
        total *= gaussian_density(y_i, linalg.dot(x_i, theta), sigma)
    return total


def gaussian_log_likelihood(X, y, theta, sigma):
    """LR-13 (000 §3): ℓ(θ) = m log(1/(√(2π) σ)) − (1/σ²) · ½ Σᵢ (y⁽ⁱ⁾ − θᵀx⁽ⁱ⁾)²."""
    X, y, theta = _design(X, y, theta)
    sigma = inputs.positive(sigma, "sigma")
    m = len(X)
    return (m * scalar.log(1 / (scalar.sqrt(2 * scalar.pi(sigma)) * sigma))
            - cost(X, y, theta) / sigma ** 2)


def lwr_weights(X, x, tau):
    """LR-14 (000 §4 and fn 4; 002 §1.2.1): w⁽ⁱ⁾ = exp(−(x⁽ⁱ⁾ − x)ᵀ(x⁽ⁱ⁾ − x) / (2τ²)).

    With one feature this is exp(−(x⁽ⁱ⁾ − x)² / (2τ²)). The intercept entry x₀ = 1 is the same
    in every row and in the query, so it adds nothing to the distance.
    """
    X = inputs.matrix(X, "X")
    x = _query(x, X)
    tau = inputs.positive(tau, "tau")
    two_tau2 = 2 * tau * tau
    weights = []
    for x_i in X:
        d2 = 0
        for a, b in zip(x_i, x):
            d2 += (a - b) * (a - b)
        weights.append(scalar.exp(-d2 / two_tau2))
    return weights


def lwr_weights_sigma(X, x, Sigma_inv):
    """LR-14 (000 fn 4): w⁽ⁱ⁾ = exp(−(x⁽ⁱ⁾ − x)ᵀ Σ⁻¹ (x⁽ⁱ⁾ − x) / 2), Σ⁻¹ given.

    Σ⁻¹ must be symmetric positive semi-definite (the weights are then in (0, 1]); with
    Σ⁻¹ = I/τ² this is ``lwr_weights``.
    """
    X = inputs.matrix(X, "X")
    x = _query(x, X)
    S = inputs.matrix(Sigma_inv, "Sigma_inv")
    n = len(x)
    if len(S) != n or len(S[0]) != n:
        raise ValueError(f"Sigma_inv must be {n}x{n} to match the rows of X")
    weights = []
    for x_i in X:
        d = [a - b for a, b in zip(x_i, x)]
        q = linalg.dot(d, linalg.matvec(S, d))
        if q < 0:
            raise ValueError("Sigma_inv is not positive semi-definite: (x⁽ⁱ⁾ − x)ᵀ Σ⁻¹ (x⁽ⁱ⁾ − x) < 0")
        weights.append(scalar.exp(-q / 2))
    return weights


def _query(x, X):
    x = inputs.vector(x, "x")
    if len(x) != len(X[0]):
        raise ValueError(f"x has {len(x)} entries but the rows of X have {len(X[0])}")
    return x


def weighted_normal_equations(X, y, w):
    """LR-14 (000 §4): θ minimising Σᵢ w⁽ⁱ⁾ (y⁽ⁱ⁾ − θᵀx⁽ⁱ⁾)², i.e. XᵀWXθ = XᵀWy."""
    X, y = _design(X, y)
    w = inputs.vector(w, "w")
    if len(w) != len(X):
        raise ValueError(f"w has {len(w)} entries but X has {len(X)} rows")
    if any(w_i < 0 for w_i in w):
        raise ValueError("w must be non-negative")
    n = len(X[0])
    A = [[0 * X[0][0] for _ in range(n)] for _ in range(n)]
    b = [0 * X[0][0] for _ in range(n)]
    for x_i, y_i, w_i in zip(X, y, w):
        for j in range(n):
            wx = w_i * x_i[j]
            b[j] += wx * y_i
            for k in range(n):
                A[j][k] += wx * x_i[k]
    try:
        return linalg.solve(A, b)
    except linalg.SingularMatrixError as e:
        raise linalg.SingularMatrixError(
            f"XᵀWX is singular: the weighted columns of X are linearly dependent (column {e.column}); "
            "too few examples carry weight near the query (increase tau)", column=e.column) from None


def lwr_predict(X, y, queries, tau):
    """LR-14 (000 §4): at each query x, fit θ by weighted least squares with ``lwr_weights``
    and output θᵀx. ``queries`` are rows in the format of X (x₀ = 1 first)."""
    X, y = _design(X, y)
    queries = inputs.matrix(queries, "queries")
    if len(queries[0]) != len(X[0]):
        raise ValueError(f"queries have {len(queries[0])} columns but X has {len(X[0])}")
    tau = inputs.positive(tau, "tau")
    predictions = []
    for x in queries:
        theta = weighted_normal_equations(X, y, lwr_weights(X, x, tau))
        predictions.append(linalg.dot(theta, x))
    return predictions


def polynomial_features(x, degree):
    """LR-15 (000 §4): each scalar x becomes the row (1, x, x², ..., x^degree), so that
    y = Σⱼ θⱼ xʲ is linear regression on these features."""
    x = inputs.vector(x, "x")
    degree = inputs.positive_int(degree, "degree")
    rows = []
    for v in x:
        row = [v ** 0]
        for _ in range(degree):
            row.append(row[-1] * v)
        rows.append(row)
    return rows
