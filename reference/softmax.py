"""Softmax regression (000 §9.3; 002 §1.3.4).

X is the design matrix (rows with x₀ = 1); y the labels in {1, ..., k}; Theta the k − 1
parameter vectors θ₁, ..., θ_{k−1} as rows (θ_k = 0 is fixed, 000 §9.3), so k = len(Theta) + 1.
"""
from . import inputs, linalg, scalar
from .logistic_regression import SeparableDataError
from .results import ConvergenceError, IterativeResult, step_converged

__all__ = [
    "softmax", "log_sum_exp", "natural_parameters", "probabilities", "hypothesis", "predict",
    "log_likelihood", "gradient", "hessian", "gradient_ascent", "newton", "cross_entropy",
    "SeparableDataError", "IterativeResult", "ConvergenceError",
]


# ---- SM-2: the softmax function -----------------------------------------------------------------

def softmax(eta):
    """SM-2 (000 §9.3): φᵢ = e^ηᵢ / Σⱼ e^ηⱼ, the inverse of the link ηᵢ = log(φᵢ/φ_k).

    Evaluated as e^(ηᵢ − M) / Σⱼ e^(ηⱼ − M) with M = maxⱼ ηⱼ (the same value: numerator and
    denominator are both scaled by e^(−M)), so no exponential overflows."""
    return _softmax(inputs.vector(eta, "eta"))


def _softmax(eta):
    top = max(eta)
    e = [scalar.exp(v - top) for v in eta]
    total = 0
    for v in e:
        total += v
    return [v / total for v in e]


def log_sum_exp(eta):
    """SM-2: log Σⱼ e^ηⱼ = M + log Σⱼ e^(ηⱼ − M), M = maxⱼ ηⱼ; the multinomial's a(η) with
    η_k = 0 (000 §9.3: a(η) = −log φ_k)."""
    return _log_sum_exp(inputs.vector(eta, "eta"))


def _log_sum_exp(eta):
    top = max(eta)
    total = 0
    for v in eta:
        total += scalar.exp(v - top)
    return top + scalar.log(total)


# ---- SM-3: the model ----------------------------------------------------------------------------

def _parameters(Theta, n):
    Theta = inputs.matrix(Theta, "Theta")
    if len(Theta[0]) != n:
        raise ValueError(f"Theta has rows of length {len(Theta[0])} but X has {n} columns")
    return Theta


def _design(X, y, Theta):
    X = inputs.matrix(X, "X")
    Theta = _parameters(Theta, len(X[0]))
    y = inputs.class_labels(y, len(Theta) + 1, "y")
    inputs.same_length(X, y)
    return X, y, Theta


def _eta(x, Theta):
    """(θ₁ᵀx, ..., θ_{k−1}ᵀx, 0): the natural parameters with η_k = θ_kᵀx = 0."""
    eta = [linalg.dot(theta, x) for theta in Theta]
    eta.append(0 * eta[0])
    return eta


def natural_parameters(x, Theta):
    """SM-3 (000 §9.3, assumption 3): ηᵢ = θᵢᵀx for i < k and η_k = 0."""
    x = inputs.vector(x, "x")
    return _eta(x, _parameters(Theta, len(x)))


def probabilities(X, Theta):
    """SM-3 (000 (8)): p(y = i | x; θ) = e^(θᵢᵀx) / Σⱼ e^(θⱼᵀx), i = 1..k, for every row."""
    X = inputs.matrix(X, "X")
    Theta = _parameters(Theta, len(X[0]))
    return [_softmax(_eta(x_i, Theta)) for x_i in X]


def hypothesis(x, Theta):
    """SM-3 (000 §9.3): h_θ(x) = E[T(y) | x; θ] = (φ₁, ..., φ_{k−1}); φ_k = 1 − Σφᵢ."""
    x = inputs.vector(x, "x")
    return _softmax(_eta(x, _parameters(Theta, len(x))))[:-1]


def predict(X, Theta):
    """SM-3: the most probable class in 1..k for every row (the smallest on a tie)."""
    X = inputs.matrix(X, "X")
    Theta = _parameters(Theta, len(X[0]))
    out = []
    for x_i in X:
        eta = _eta(x_i, Theta)
        out.append(1 + max(range(len(eta)), key=lambda l: (eta[l], -l)))
    return out


# ---- SM-4: the log-likelihood and its maximisation ----------------------------------------------

def log_likelihood(X, y, Theta):
    """SM-4 (000 §9.3): ℓ(θ) = Σᵢ log Π_l (e^(θ_lᵀx⁽ⁱ⁾) / Σⱼ e^(θⱼᵀx⁽ⁱ⁾))^1{y⁽ⁱ⁾ = l}
    = Σᵢ (η_{y⁽ⁱ⁾} − log Σⱼ e^ηⱼ), with the log-sum-exp evaluated stably."""
    X, y, Theta = _design(X, y, Theta)
    total = 0
    for x_i, y_i in zip(X, y):
        eta = _eta(x_i, Theta)
        total += eta[y_i - 1] - _log_sum_exp(eta)
    return total


def cross_entropy(p, p_hat):
    """SM-4 (002 §1.3.4): CrossEnt(p, p̂) = −Σ_y p(y) log p̂(y); for the one-hot p of a label
    y₀ this is −log p̂(y₀), the negative of that example's term of ℓ. Terms with p(y) = 0
    contribute 0."""
    p = inputs.vector(p, "p")
    p_hat = inputs.vector(p_hat, "p_hat")
    if len(p) != len(p_hat):
        raise ValueError(f"p has {len(p)} entries but p_hat has {len(p_hat)}")
    total = 0
    for a, b in zip(p, p_hat):
        if a != 0:
            if not b > 0:
                raise ValueError("p_hat must be > 0 wherever p > 0")
            total -= a * scalar.log(b)
    return total


def gradient(X, y, Theta):
    """SM-4: ∂ℓ/∂θ_l = Σᵢ (1{y⁽ⁱ⁾ = l} − φ_l(x⁽ⁱ⁾)) x⁽ⁱ⁾ for l = 1..k−1, as k − 1 rows.

    Examples in order; each is added into every row before the next is read."""
    X, y, Theta = _design(X, y, Theta)
    return _gradient(X, y, Theta)


def _gradient(X, y, Theta):
    G = [[0 * t for t in theta] for theta in Theta]
    for x_i, y_i in zip(X, y):
        phi = _softmax(_eta(x_i, Theta))
        for l, row in enumerate(G):
            r = (1 if y_i == l + 1 else 0) - phi[l]
            for j, x_ij in enumerate(x_i):
                row[j] += r * x_ij
    return G


def _newton_system(X, y, Theta):
    """(−H, ∇ℓ) over the stacked parameters (θ₁; ...; θ_{k−1}), block (l, l′) of −H being
    Σᵢ φ_l(δ_{ll′} − φ_{l′}) x⁽ⁱ⁾x⁽ⁱ⁾ᵀ."""
    K, n = len(Theta), len(X[0])
    size = K * n
    zero = 0 * Theta[0][0]
    A = [[zero] * size for _ in range(size)]
    g = [zero] * size
    for x_i, y_i in zip(X, y):
        phi = _softmax(_eta(x_i, Theta))
        for l in range(K):
            r = (1 if y_i == l + 1 else 0) - phi[l]
            for j in range(n):
                g[l * n + j] += r * x_i[j]
            for l2 in range(l, K):
                w = phi[l] * ((1 if l == l2 else 0) - phi[l2])
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


def hessian(X, y, Theta):
    """SM-4: H = ∂²ℓ/∂θ∂θᵀ over the stacked θ = (θ₁; ...; θ_{k−1}): block (l, l′) is
    −Σᵢ φ_l(δ_{ll′} − φ_{l′}) x⁽ⁱ⁾x⁽ⁱ⁾ᵀ (it does not involve y)."""
    X, y, Theta = _design(X, y, Theta)
    A, _ = _newton_system(X, y, Theta)
    return [[-a for a in row] for row in A]


def _separated(X, y, Theta):
    """Every example's own class has the strictly largest ηᵢ: then ℓ(cθ) → 0 as c → ∞."""
    for x_i, y_i in zip(X, y):
        eta = _eta(x_i, Theta)
        own = eta[y_i - 1]
        if any(v >= own for l, v in enumerate(eta) if l != y_i - 1):
            return False
    return True


def _separable_error(name, k, Theta, path):
    return SeparableDataError(
        f"{name}: the classes are linearly separable (the iterate of step {k} puts every "
        "example's own class strictly on top), so the likelihood approaches 1 as ‖θ‖ grows and "
        "no maximum likelihood θ exists", IterativeResult(Theta, k, False, path))


def _flat_converged(old, new, tol):
    return step_converged([v for row in old for v in row], [v for row in new for v in row], tol)


def gradient_ascent(X, y, Theta, alpha, max_iterations=10_000, tol=1e-10, average=False,
                    record=False):
    """SM-4 (000 §9.3): θ_l := θ_l + α Σᵢ (1{y⁽ⁱ⁾ = l} − φ_l(x⁽ⁱ⁾)) x⁽ⁱ⁾ for l < k, until
    maxⱼ |Δθ| <= tol · (1 + max |θ|) (``tol=None``: exactly ``max_iterations`` steps).
    ``average=True`` divides the sum by m. With a tolerance, separable classes raise
    SeparableDataError and the cap ConvergenceError."""
    X, y, Theta = _design(X, y, Theta)
    alpha = inputs.positive(alpha, "alpha")
    max_iterations = inputs.positive_int(max_iterations, "max_iterations")
    tol = inputs.tolerance(tol)
    m = len(X)
    path = [[row[:] for row in Theta]] if record else None
    for k in range(1, max_iterations + 1):
        G = _gradient(X, y, Theta)
        new = [[t + alpha * (g / m if average else g) for t, g in zip(row, grow)]
               for row, grow in zip(Theta, G)]
        if record:
            path.append([row[:] for row in new])
        done = tol is not None and _flat_converged(Theta, new, tol)
        Theta = new
        if tol is not None and _separated(X, y, Theta):
            raise _separable_error("softmax gradient ascent", k, Theta, path)
        if done:
            return IterativeResult(Theta, k, True, path)
    result = IterativeResult(Theta, max_iterations, None if tol is None else False, path)
    if tol is not None:
        raise ConvergenceError(
            f"softmax gradient ascent did not converge in {max_iterations} iterations (tol={tol})",
            result)
    return result


def newton(X, y, Theta, max_iterations=100, tol=1e-10, record=False):
    """SM-4 (000 §9.3): Newton's method θ := θ − H⁻¹∇ℓ on the stacked parameters.

    Stops when maxⱼ |Δθ| <= tol · (1 + max |θ|). Separable classes raise SeparableDataError;
    a singular H (a class absent from y, or dependent columns of X) SingularMatrixError; the
    cap ConvergenceError."""
    X, y, Theta = _design(X, y, Theta)
    max_iterations = inputs.positive_int(max_iterations, "max_iterations")
    tol = inputs.tolerance(tol)
    if tol is None:
        raise ValueError("tol must be a number for newton")
    n = len(X[0])
    path = [[row[:] for row in Theta]] if record else None
    for k in range(1, max_iterations + 1):
        A, g = _newton_system(X, y, Theta)
        try:
            step = linalg.solve(A, g)
        except linalg.SingularMatrixError as e:
            raise linalg.SingularMatrixError(
                f"softmax Newton: the Hessian is singular at iteration {k} (parameter {e.column}, "
                f"i.e. θ_{e.column // n + 1} entry {e.column % n}, depends on the ones before it: "
                "a class absent from y, or dependent columns of X)", column=e.column) from None
        new = [[t + step[l * n + j] for j, t in enumerate(row)] for l, row in enumerate(Theta)]
        if record:
            path.append([row[:] for row in new])
        done = _flat_converged(Theta, new, tol)
        Theta = new
        if _separated(X, y, Theta):
            raise _separable_error("softmax Newton", k, Theta, path)
        if done:
            return IterativeResult(Theta, k, True, path)
    raise ConvergenceError(
        f"softmax Newton did not converge in {max_iterations} iterations (tol={tol})",
        IterativeResult(Theta, max_iterations, False, path))
