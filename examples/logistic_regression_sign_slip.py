"""The same student logistic regression with a classic mistake (000 §5; 002 §1.2.3), written for `cs229 conform`.

Same names and signatures as cs229.reference.logistic_regression; results are the reference's
record type. Check it with `cs229 conform examples/logistic_regression_sign_slip.py --loose`
(--loose: its gradient ascent sums in numpy's order, so its iterates match the reference's at
the end, not to the last bit at every step)."""
import numpy as np

from cs229.reference.results import IterativeResult


def sigmoid(z):
    """g(z) = 1/(1 + e^(−z)), written so that e^(−z) never overflows."""
    z = float(z)
    if z >= 0:
        return 1.0 / (1.0 + np.exp(-z))
    e = np.exp(z)
    return e / (1.0 + e)


def _h(X, theta):
    return np.array([sigmoid(z) for z in np.asarray(X, float) @ np.asarray(theta, float)])


def log_likelihood(X, y, theta):
    """ℓ(θ) = Σ y log h + (1 − y) log(1 − h), as −log(1 + e^(−z)) and −log(1 + e^z)."""
    z = np.asarray(X, float) @ np.asarray(theta, float)
    y = np.asarray(y, float)
    return float(np.sum(-y * np.logaddexp(0.0, -z) - (1 - y) * np.logaddexp(0.0, z)))


def gradient(X, y, theta):
    """∂ℓ/∂θⱼ = Σᵢ (y⁽ⁱ⁾ − h(x⁽ⁱ⁾)) xⱼ⁽ⁱ⁾."""
    X = np.asarray(X, float)
    return X.T @ (_h(X, theta) - np.asarray(y, float))  # the slip: (h − y), the gradient of −ℓ


def hessian(X, y, theta):
    """H = −Σᵢ h(1 − h) x⁽ⁱ⁾x⁽ⁱ⁾ᵀ."""
    X = np.asarray(X, float)
    h = _h(X, theta)
    return -(X.T * (h * (1 - h))) @ X


def batch_gradient_ascent(X, y, theta, alpha, max_iterations=10000, tol=1e-10, average=False, record=False):
    """θ := θ + α ∇ℓ(θ) (divided by m when average) until maxⱼ |Δθⱼ| <= tol (1 + maxⱼ |θⱼ|)."""
    theta = np.array(theta, dtype=float)
    path = [theta.copy()] if record else None
    for k in range(1, max_iterations + 1):
        g = gradient(X, y, theta)
        new = theta + alpha * (g / len(X) if average else g)
        if record:
            path.append(new.copy())
        done = tol is not None and np.abs(new - theta).max() <= tol * (1 + np.abs(new).max())
        theta = new
        if done:
            return IterativeResult(theta, k, True, path)
    return IterativeResult(theta, max_iterations, None if tol is None else False, path)
