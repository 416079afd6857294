"""Part I of the notes: least squares, LMS, gradient descent, the normal equations, the Gaussian
noise model, locally weighted regression and polynomial features (000 Part I; 002 §1.1-1.2).

X is the design matrix as a list of rows x⁽ⁱ⁾ that already hold the intercept entry x₀ = 1
(``add_intercept`` builds them); y is the list of targets; theta the list of parameters.

Conventions (README, Conventions): data (X, y), then θ, then the points to predict at
(``queries``), then options; ``predict`` is Xθ, the predicted y; the iterative fits return an
``IterativeResult``.
"""
from . import inputs, linalg, parameters, scalar
from .messages import error
from .results import (NOT_FINITE, RAISE_CAP, ConvergenceError, IterativeResult, alpha_too_large,
                      iterate, penalised_gradient, sgd_epochs)

__all__ = [
    "add_intercept", "hypothesis", "predict", "cost", "cost_matrix_form", "gradient",
    "lms_update", "batch_gradient_descent", "stochastic_gradient_descent", "normal_equations",
    "gaussian_density", "gaussian_likelihood", "gaussian_log_likelihood",
    "lwr_weights", "lwr_weights_sigma", "weighted_normal_equations", "lwr_predict",
    "polynomial_features", "IterativeResult", "ConvergenceError",
]


def _design(X, y, *theta):
    """(X, y), or (X, y, θ) when θ is passed (None then is refused like any missing array)."""
    X = inputs.matrix(X, "X")
    y = inputs.vector(y, "y")
    inputs.same_length(X, y)
    if not theta:
        return X, y
    theta = inputs.vector(theta[0], "theta", len(X[0]), "X", of="columns")
    return X, y, theta


def add_intercept(X):
    """LR-1 (000 Part I): prepend x₀ = 1 to every row, so that h(x) = θᵀx includes θ₀.

    Shapes: X m×n.
    Returns: m×(n + 1), x₀ = 1 first."""
    X = inputs.matrix(X, "X")
    return [[row[0] ** 0] + row for row in X]


def hypothesis(x, theta):
    """LR-1 (000 Part I): h_θ(x) = Σⱼ θⱼ xⱼ = θᵀx for one example x (with x₀ = 1).

    Shapes: x n, theta n.
    Returns: θᵀx, a number."""
    x = inputs.vector(x, "x")
    theta = inputs.vector(theta, "theta")
    inputs.check_length(x, "x", len(theta), "theta")
    return linalg.dot(x, theta)


def predict(X, theta):
    """LR-1: h_θ(x⁽ⁱ⁾) for every row, i.e. the vector Xθ (000 §2.2).

    Shapes: X m×n, theta n.
    Returns: Xθ, m entries (the predicted y)."""
    X = inputs.matrix(X, "X")
    theta = inputs.vector(theta, "theta", len(X[0]), "X", of="columns")
    return linalg.matvec(X, theta)


def cost(X, y, theta):
    """LR-2 (000 Part I): J(θ) = ½ Σᵢ (h_θ(x⁽ⁱ⁾) − y⁽ⁱ⁾)².

    Shapes: X m×n, y m reals, theta n.
    Returns: J(θ), a number."""
    X, y, theta = _design(X, y, theta)
    total = 0
    for x_i, y_i in zip(X, y):
        r = linalg.dot(x_i, theta) - y_i
        total += r * r
    return total / 2


def cost_matrix_form(X, y, theta):
    """LR-2 (000 §2.2): J(θ) = ½ (Xθ − y)ᵀ(Xθ − y).

    Shapes: X m×n, y m reals, theta n.
    Returns: J(θ), a number."""
    X, y, theta = _design(X, y, theta)
    z = [h - t for h, t in zip(linalg.matvec(X, theta), y)]
    return linalg.dot(z, z) / 2


def gradient(X, y, theta):
    """LR-3, LR-5 (000 §1): ∂J/∂θⱼ = Σᵢ (h_θ(x⁽ⁱ⁾) − y⁽ⁱ⁾) xⱼ⁽ⁱ⁾, i.e. ∇J = Xᵀ(Xθ − y).

    One pass over the examples; the residual of example i is added into every component
    before example i + 1 is read (the order the fast twin keeps).

    Shapes: X m×n, y m reals, theta n.
    Returns: ∇J, n entries."""
    X, y, theta = _design(X, y, theta)
    return _gradient(X, y, theta)


def _gradient(X, y, theta):
    residuals = [linalg.dot(x_i, theta) - y_i for x_i, y_i in zip(X, y)]
    return linalg.rmatvec(X, residuals, [0 * t for t in theta])


def lms_update(x, y, theta, alpha):
    """LR-4 (000 §1): the LMS / Widrow-Hoff rule θⱼ := θⱼ + α (y − h_θ(x)) xⱼ, one example.

    Shapes: x n, y a real, theta n, alpha > 0.
    Returns: the new θ, n entries."""
    x = inputs.vector(x, "x")
    y = parameters.real(y, "y")
    theta = inputs.vector(theta, "theta")
    alpha = parameters.positive(alpha, "alpha")
    inputs.check_length(x, "x", len(theta), "theta")
    return _lms_step(x, y, theta, alpha)


def _lms_step(x, y, theta, alpha):
    step = alpha * (y - linalg.dot(x, theta))
    return [t + step * x_j for t, x_j in zip(theta, x)]


# What a gradient loop of Part I says when θ leaves the finite numbers (both faces').
RESCALE = " for this X; scale the features or lower alpha"


def sgd_divergence(epoch, alpha):
    """The message of SGD whose θ left the finite numbers in ``epoch`` (LR-6)."""
    return (f"stochastic gradient descent diverged in epoch {epoch}: {NOT_FINITE}"
            f"{alpha_too_large(alpha, ' for this X')}")


def batch_gradient_descent(X, y, theta, alpha, max_iterations=10_000, tol=1e-10,
                           average=False, record=False, lam=0, penalize_intercept=False):
    """LR-5 (000 §1; 002 Listing 1): repeat θ := θ − α ∇J(θ) until convergence.

    ``average=False`` is the notes' update θⱼ := θⱼ + α Σᵢ (y⁽ⁱ⁾ − h(x⁽ⁱ⁾)) xⱼ⁽ⁱ⁾;
    ``average=True`` is 002's Listing 1, which divides the sum by m (the same path as α/m).
    Stops when maxⱼ |Δθⱼ| <= tol · (1 + maxⱼ |θⱼ|); ``tol=None`` runs exactly
    ``max_iterations`` updates. Reaching the cap with a tolerance, or θ leaving the finite
    numbers (α too large), raises ConvergenceError.

    X-1: ``lam`` = λ > 0 descends J(θ) + (λ/2) Σ_{j≥1} θⱼ² (ridge regression, the MAP estimate
    under a Gaussian prior; θ₀ unpenalised, or every θⱼ with ``penalize_intercept``) by steps
    α(∇J + λθ′) (÷ m with ``average``).

    Shapes: X m×n, y m reals, theta n, alpha > 0.
    Returns: IterativeResult (theta n); the cap raises ConvergenceError."""
    X, y, theta = _design(X, y, theta)
    alpha, max_iterations, tol, average, record, lam, first = parameters.batch_schedule(
        alpha, max_iterations, tol, average, record, lam, penalize_intercept)
    m = len(X)

    def update(theta):
        g = penalised_gradient(_gradient(X, y, theta), theta, lam, first, descent=True)
        return [t - alpha * (g_j / m if average else g_j) for t, g_j in zip(theta, g)]

    return iterate("batch gradient descent", update, theta, max_iterations, tol, record,
                   hint=alpha_too_large(alpha, RESCALE), advice=RAISE_CAP)



def stochastic_gradient_descent(X, y, theta, alpha, epochs=1, order=None, decay=0, record=False,
                                sample_weight=None):
    """LR-6 (000 §1 and fn 2; 002 Listing 2): LMS updates one example at a time.

    Each epoch visits the examples in ``order`` (default 0, 1, ..., m−1; give a permutation to
    shuffle, the caller holds the seed). Update t (counted from 0 over all epochs) uses
    α_t = α / (1 + decay · t): decay = 0 is the fixed rate; decay > 0 lets α fall to zero, as
    fn 2 suggests, so that θ settles instead of oscillating. There is no stopping test: the
    result has converged=None and path holds θ after each epoch when ``record``.
    X-2: ``sample_weight`` wᵢ >= 0 scales example i's step to α_t·wᵢ (scikit-learn's SGD meaning:
    in expectation the step of the weighted J; a weight of 0 leaves θ where it is).

    Shapes: X m×n, y m reals, theta n, alpha > 0, sample_weight m or None.
    Returns: IterativeResult (theta n) after the given epochs."""
    X, y, theta = _design(X, y, theta)
    alpha, epochs, order, decay, record = parameters.sgd_schedule(
        alpha, epochs, order, decay, record, len(X), inputs.example_order)
    weight = inputs.sample_weights(sample_weight, X)
    return sgd_epochs(_lms_step, X, y, theta, alpha, epochs, order, decay, record, on_divergence=sgd_divergence,
                      weight=weight)


def normal_equations(X, y, solver="cholesky", lam=0, penalize_intercept=False, sample_weight=None):
    """LR-12 (000 §2.2): θ = (XᵀX)⁻¹Xᵀy, the solution of the normal equations XᵀXθ = Xᵀy.

    ``solver="cholesky"`` forms XᵀX and solves by its root-free Cholesky factorisation
    (``linalg.solve_gram``), as the notes write it. Forming XᵀX squares the condition number:
    cond(XᵀX) = cond(X)², so in float about 2·log₁₀ cond(X) of the 16 digits are lost (Longley's
    design, cond ≈ 5·10⁹ unscaled, keeps about 8). ``solver="qr"`` never forms XᵀX: modified
    Gram–Schmidt writes X = Q̃R̃ (Q̃ with orthogonal columns, R̃ unit upper triangular) and θ
    solves R̃θ = D⁻¹Q̃ᵀy, D = Q̃ᵀQ̃, losing only about log₁₀ cond(X) digits. In exact arithmetic
    both give the exact θ.

    A column of X that depends on the earlier ones (its part outside their span is 0, or at
    most n·eps of its own size: a test that does not depend on the column's units) raises
    SingularMatrixError saying which column it is and on which it depends (a zero, duplicated
    or constant column, a linear combination); so does m < n. Entries whose products overflow
    raise OverflowError.

    X-1 (ridge regression): ``lam`` = λ > 0 minimises J(θ) + (λ/2) Σ_{j≥1} θⱼ², the MAP estimate
    under a Gaussian prior θⱼ ~ N(0, σ²/λ), by solving (XᵀX + λI′)θ = Xᵀy, I′ the identity with
    0 at (0, 0) (θ₀, the intercept of column 0, unpenalised); ``penalize_intercept=True``
    penalises every θⱼ (I′ = I), for a design without an intercept column. ``solver="qr"``
    solves the same problem as least squares on X with the rows √λ·eⱼ (j penalised) appended,
    y with zeros (an exact λ needs an exact √λ there). With λ > 0 only an unpenalised column
    can make the system singular.

    X-2 (sample weights): ``sample_weight`` wᵢ >= 0 minimises ½ Σᵢ wᵢ(θᵀx⁽ⁱ⁾ − y⁽ⁱ⁾)² (+ the
    penalty): (XᵀWX + λI′)θ = XᵀWy, W = diag(wᵢ), the system of LR-14 with the weights given
    (an integer wᵢ is row i repeated wᵢ times; a 0 drops it). ``solver="qr"`` solves least
    squares on the rows √wᵢ·x⁽ⁱ⁾ and √wᵢ·y⁽ⁱ⁾ (an exact wᵢ needs an exact √wᵢ there).

    Shapes: X m×n (rank n), y m reals, sample_weight m reals >= 0 or None.
    Returns: θ, n entries; a singular XᵀX raises SingularMatrixError."""
    X, y = _design(X, y)
    solver = parameters.choice(solver, "solver", ("cholesky", "qr"))
    lam, first = parameters.penalty(lam, penalize_intercept)
    weight = inputs.sample_weights(sample_weight, X)
    if weight is not None:
        return _weighted_normal_equations(X, y, solver, lam, first, weight)
    try:
        if solver == "qr":
            if lam:
                rows = ridge_rows(len(X[0]), lam, first)
                return _least_squares_qr(X + rows, y + [0 * lam] * len(rows))
            return _least_squares_qr(X, y)
        if lam:
            return linalg.solve_gram(*ridge_system(X, y, lam, first),
                                     exact=(ridge_system, (X, y, lam, first)), terms=len(X))
        return linalg.solve_gram(*normal_system(X, y), exact=(normal_system, (X, y)),
                                 terms=len(X))
    except linalg.SingularMatrixError as e:
        raise singular_normal_equations(e, len(X), len(X[0])) from None
    except OverflowError as e:
        if solver == "qr":  # its own words: which of the sizes or θ overflowed
            raise OverflowError(str(e)) from None
        raise normal_overflow("system") from None


def _weighted_normal_equations(X, y, solver, lam, first, weight):
    """X-2: θ of ``normal_equations`` with sample weights wᵢ (read), λ and the first penalised
    column read too."""
    if solver == "qr":
        roots = [scalar.sqrt(w) for w in weight]
        rows = ridge_rows(len(X[0]), lam, first) if lam else []
        try:
            return _least_squares_qr([[r * v for v in x] for r, x in zip(roots, X)] + rows,
                                     [r * v for r, v in zip(roots, y)] + [0 * lam] * len(rows))
        except linalg.SingularMatrixError as e:
            raise singular_weighted(e) from None
    return _weighted_solve(len(X), (weighted_ridge_system, (X, y, weight, lam, first)))


# ---- the errors of the normal equations (LR-12, LR-14), raised by both faces --------------------

NORMAL_OVERFLOWS = {
    "system": "normal equations: XᵀX or Xᵀy overflows (the products of the entries of X and y are "
              "too large for the scalar type); rescale the columns of X or y",
    "sizes": "normal equations: the columns of X overflow when their sizes are formed; rescale the "
             "columns of X",
    "theta": "normal equations: θ overflows; rescale the columns of X or y",
}


def normal_overflow(part):
    """The OverflowError of the normal equations where ``part`` (a key of NORMAL_OVERFLOWS)
    overflowed."""
    return OverflowError(NORMAL_OVERFLOWS[part])


def singular_normal_equations(e, m, n):
    """The SingularMatrixError of XᵀX (LR-12) from the solve's ``e``: the column of X that
    depends on the others, and the shape of X where m < n is why."""
    return linalg.SingularMatrixError(
        f"XᵀX is singular: {linalg.dependence(e.column, e.combination, of=' of X')}"
        + (f" (X has {m} rows and {n} columns)" if m < n else ""),
        column=e.column, combination=e.combination)


def singular_weighted(e, where=""):
    """The SingularMatrixError of XᵀWX (LR-14, X-2) from the solve's ``e``; ``where`` names
    LWR's query (``at_query``), whose remedy is a wider τ."""
    remedy = "; too few examples carry weight near the query (increase tau)" if where else ""
    return linalg.SingularMatrixError(
        f"XᵀWX is singular{where}: {linalg.dependence(e.column, e.combination, of=' of X')} on "
        f"the examples that carry weight{remedy}", column=e.column, combination=e.combination)


def weighted_overflow(where=""):
    """The OverflowError of the weighted normal equations (LR-14)."""
    return OverflowError(f"weighted normal equations{where}: XᵀWX or XᵀWy overflows (the products "
                         "of w, X and y are too large for the scalar type); rescale X or y")


def at_query(i):
    """How an error of LWR names query i."""
    return f" at query {i}"


def normal_system(X, y):
    """(XᵀX, Xᵀy), the normal equations' system (LR-12), in any scalar type: the float faces'
    borderline verdicts are taken on it at 50 digits (``linalg.gram_referee``)."""
    Xt = linalg.transpose(X)
    return linalg.matmul(Xt, X), linalg.matvec(Xt, y)


def add_ridge(A, lam, first):
    """X-1: A + λI′ in place (I′ the identity with 0 at the first ``first`` diagonal entries),
    A a list of rows or an array; returns A."""
    for j in range(first, len(A)):
        A[j][j] += lam
    return A


def ridge_system(X, y, lam, first):
    """X-1: (XᵀX + λI′, Xᵀy), the ridge normal equations (gradient of J(θ) + (λ/2)‖θ′‖² set to
    0), in any scalar type (the referee's at 50 digits)."""
    A, b = normal_system(X, y)
    return add_ridge(A, lam, first), b


def ridge_rows(n, lam, first):
    """X-1: the rows √λ·eⱼ (j = first..n−1) whose squares add (λ/2)‖θ′‖²'s λI′ to XᵀX: least
    squares on X with them appended (y with zeros) is ridge regression."""
    root = scalar.sqrt(lam)
    return [[root if k == j else 0 * root for k in range(n)] for j in range(first, n)]


def _least_squares_qr(X, y):
    """θ = argmin ‖Xθ − y‖² by modified Gram–Schmidt (LR-12, ``solver="qr"``).

    Column k of X becomes q̃_k = x_k − Σ_{j<k} R̃_jk q̃_j with R̃_jk = q̃_jᵀ(current x_k)/d_j and
    d_j = q̃_jᵀq̃_j; y is reduced the same way, giving c_k = q̃_kᵀ(current y)/d_k, and θ solves
    R̃θ = c. ‖q̃_k‖ / ‖x_k‖ is the sine of the angle between x_k and the earlier columns'
    span: at most max(m, n)·eps (0 for rationals) makes column k dependent."""
    m, n = len(X), len(X[0])
    Q = linalg.transpose(X)
    R = [[0 * X[0][0]] * n for _ in range(n)]
    d, c = [], []
    residual = list(y)
    sizes = [linalg.dot(q, q) for q in Q]  # ‖x_k‖², each before its column is reduced
    if not all(scalar.isfinite(size) for size in sizes):
        raise normal_overflow("sizes")
    for k in range(n):
        size = sizes[k]
        for j in range(k):
            R[j][k] = linalg.dot(Q[j], Q[k]) / d[j]
            Q[k] = [a - R[j][k] * b for a, b in zip(Q[k], Q[j])]
        d_k = linalg.dot(Q[k], Q[k])
        if size == 0 or d_k <= scalar.zero_tolerance(size, 1, max(m, n)) ** 2 * size:
            c = _back_substitution(R, [R[j][k] for j in range(k)]) if size else []
            raise linalg.SingularMatrixError(
                f"column {k} depends on the earlier ones", column=k,
                combination=linalg.significant_terms(c, sizes, size))
        d.append(d_k)
        c.append(linalg.dot(Q[k], residual) / d_k)
        residual = [a - c[k] * b for a, b in zip(residual, Q[k])]
    theta = _back_substitution(R, c)
    if not all(scalar.isfinite(t) for t in theta):
        raise normal_overflow("theta")
    return theta


def _back_substitution(R, c):
    """x with R̃x = c, R̃ the unit upper triangular factor of ``_least_squares_qr`` (its leading
    len(c) × len(c) block)."""
    x = list(c)
    for i in reversed(range(len(c))):
        for j in range(i + 1, len(c)):
            x[i] -= R[i][j] * x[j]
    return x


def gaussian_density(y, mean, sigma):
    """LR-13 (000 §3): p(y | x; θ) = 1/(√(2π) σ) · exp(−(y − θᵀx)² / (2σ²)), mean = θᵀx."""
    y, mean = parameters.real(y, "y"), parameters.real(mean, "mean")
    return _density(y, mean, parameters.positive(sigma, "sigma"))


def _density(y, mean, sigma):
    return scalar.exp(-((y - mean) ** 2) / (2 * sigma ** 2)) / (scalar.sqrt(2 * scalar.pi(sigma)) * sigma)


def gaussian_likelihood(X, y, theta, sigma):
    """LR-13 (000 §3): L(θ) = Πᵢ p(y⁽ⁱ⁾ | x⁽ⁱ⁾; θ) (underflows for large m: use the log)."""
    X, y, theta = _design(X, y, theta)
    sigma = parameters.positive(sigma, "sigma")
    total = 1
    for x_i, y_i in zip(X, y):
        total *= _density(y_i, linalg.dot(x_i, theta), sigma)
    return total


def gaussian_log_likelihood(X, y, theta, sigma):
    """LR-13 (000 §3): ℓ(θ) = m log(1/(√(2π) σ)) − (1/σ²) · ½ Σᵢ (y⁽ⁱ⁾ − θᵀx⁽ⁱ⁾)²."""
    X, y, theta = _design(X, y, theta)
    sigma = parameters.positive(sigma, "sigma")
    m = len(X)
    return (m * scalar.log(1 / (scalar.sqrt(2 * scalar.pi(sigma)) * sigma))
            - cost(X, y, theta) / sigma ** 2)


def lwr_weights(X, x, tau):
    """LR-14 (000 §4 and fn 4; 002 §1.2.1): w⁽ⁱ⁾ = exp(−(x⁽ⁱ⁾ − x)ᵀ(x⁽ⁱ⁾ − x) / (2τ²)).

    With one feature this is exp(−(x⁽ⁱ⁾ − x)² / (2τ²)). The intercept entry x₀ = 1 is the same
    in every row and in the query, so it adds nothing to the distance.

    Shapes: X m×n, x n, tau > 0.
    Returns: w⁽ⁱ⁾, m entries."""
    X = inputs.matrix(X, "X")
    x = _query(x, X)
    tau = parameters.positive(tau, "tau")
    weights = []
    for x_i in X:
        # Σⱼ ((x⁽ⁱ⁾ⱼ − xⱼ)/τ)² / 2, the same number: dividing by τ before squaring keeps 2τ²
        # from underflowing to 0 when τ is tiny (an exact match then has weight e⁰ = 1).
        d2 = 0
        for a, b in zip(x_i, x):
            u = (a - b) / tau
            d2 += u * u
        weights.append(scalar.exp(-d2 / 2))
    return weights


def lwr_weights_sigma(X, x, Sigma_inv):
    """LR-14 (000 fn 4): w⁽ⁱ⁾ = exp(−(x⁽ⁱ⁾ − x)ᵀ Σ⁻¹ (x⁽ⁱ⁾ − x) / 2), Σ⁻¹ given.

    Σ⁻¹ must be symmetric positive semi-definite (the weights are then in (0, 1]); with
    Σ⁻¹ = I/τ² this is ``lwr_weights``.

    Shapes: X m×n, x n, Sigma_inv n×n.
    Returns: w⁽ⁱ⁾, m entries."""
    X = inputs.matrix(X, "X")
    x = _query(x, X)
    S = inputs.matrix(Sigma_inv, "Sigma_inv")
    n = len(x)
    if len(S) != n or len(S[0]) != n:
        raise error("sigma_inv_shape", n=n)
    weights = []
    for x_i in X:
        d = [a - b for a, b in zip(x_i, x)]
        q = linalg.dot(d, linalg.matvec(S, d))
        if q < 0:
            raise error("sigma_inv_psd")
        weights.append(scalar.exp(-q / 2))
    return weights


def _query(x, X):
    return inputs.vector(x, "x", len(X[0]), "X", of="columns")


def weighted_normal_equations(X, y, w):
    """LR-14 (000 §4): θ minimising Σᵢ w⁽ⁱ⁾ (y⁽ⁱ⁾ − θᵀx⁽ⁱ⁾)², i.e. XᵀWXθ = XᵀWy.

    Shapes: X m×n, y m reals, w m weights ≥ 0.
    Returns: θ, n entries."""
    X, y = _design(X, y)
    w = inputs.vector(w, "w", len(X), "X", of="rows")
    if any(w_i < 0 for w_i in w):
        raise error("non_negative", name="w")
    return _weighted_solve(len(X), (weighted_system, (X, y, w)))


def weighted_system(X, y, w):
    """(XᵀWX, XᵀWy) for weights w (LR-14), summed example by example in any scalar type."""
    n = len(X[0])
    A = [[0 * X[0][0] for _ in range(n)] for _ in range(n)]
    b = [0 * X[0][0] for _ in range(n)]
    for x_i, y_i, w_i in zip(X, y, w):
        for j in range(n):
            wx = w_i * x_i[j]
            b[j] += wx * y_i
            for k in range(n):
                A[j][k] += wx * x_i[k]
    return A, b


def weighted_ridge_system(X, y, w, lam, first):
    """X-1, X-2: (XᵀWX + λI′, XᵀWy), the weighted (ridge) normal equations, in any scalar type
    (the referee's at 50 digits)."""
    A, b = weighted_system(X, y, w)
    return add_ridge(A, lam, first), b


def lwr_system(X, y, x, tau):
    """(XᵀWX, XᵀWy) with W the LWR weights of query x (LR-14): what a float face's borderline
    verdict is decided on, at 50 digits, from the query and τ themselves."""
    return weighted_system(X, y, lwr_weights(X, x, tau))


def _weighted_solve(m, exact, where=""):
    """θ from XᵀWXθ = XᵀWy, the system f(*args) of ``exact`` = (f, args) summing m terms;
    ``where`` names the query in an error."""
    f, args = exact
    try:
        return linalg.solve_gram(*f(*args), exact=exact, terms=m)
    except linalg.SingularMatrixError as e:
        raise singular_weighted(e, where) from None
    except OverflowError:
        raise weighted_overflow(where) from None


def lwr_predict(X, y, queries, tau):
    """LR-14 (000 §4): at each query x, fit θ by weighted least squares with ``lwr_weights``
    and output θᵀx. ``queries`` are rows in the format of X (x₀ = 1 first).

    Shapes: X m×n, y m reals, queries q×n, tau > 0.
    Returns: the predictions, q entries."""
    X, y = _design(X, y)
    queries = inputs.matrix(queries, "queries")
    if len(queries[0]) != len(X[0]):
        raise error("queries_columns", m=len(queries[0]), n=len(X[0]))
    tau = parameters.positive(tau, "tau")
    predictions = []
    for i, x in enumerate(queries):
        theta = _weighted_solve(len(X), (lwr_system, (X, y, x, tau)), at_query(i))
        predictions.append(linalg.dot(theta, x))
    return predictions


def polynomial_features(x, degree):
    """LR-15 (000 §4): each scalar x becomes the row (1, x, x², ..., x^degree), so that
    y = Σⱼ θⱼ xʲ is linear regression on these features.

    Shapes: x m numbers, degree ≥ 0.
    Returns: m×(degree + 1)."""
    x = inputs.vector(x, "x")
    degree = parameters.positive_int(degree, "degree")
    rows = []
    for v in x:
        row = [v ** 0]
        for _ in range(degree):
            row.append(row[-1] * v)
        rows.append(row)
    return rows
