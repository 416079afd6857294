"""Compiled twins of cs229.reference.svm (catalog OMC-3, OMC-4, OMC-5, SOFT-1, SOFT-2).

Kernel matrices and blocks come from cs229.fast._svm_kernels (the reference's pair-by-pair order
up to EXACT_MAX rows, BLAS above); sums over examples use BLAS and agree with the reference to
rounding. Decision values (OMC-5) are computed in blocks of BLOCK query rows against the support
vectors only.
"""
import numpy as np

from cs229.fast._svm_kernels import kernel_block, kernel_spec, labels
from cs229.fast._validation import as_matrix, as_scalar, as_vector, positive
from cs229.reference.kernels import Linear
from cs229.reference.svm import InfeasibleError, SVMFit

__all__ = [
    "SVMFit", "InfeasibleError", "as_labels", "gram_matrix", "dual_objective", "lagrangian",
    "weights_from_alpha", "threshold_hard", "threshold_soft", "decision_values",
    "decision_function", "predict", "slacks", "soft_margin_primal", "hinge_objective",
    "soft_margin_lagrangian", "kkt_violations", "kkt_categories",
]

BLOCK = 1024


def as_labels(y, classes=None):
    """SOFT-2 input: the labels as ±1 (float64); another two-valued set only with ``classes``."""
    return labels(y, classes)


def _problem(X, y, classes=None):
    X = as_matrix(X, "X")
    y = labels(y, classes)
    if X.shape[0] != y.shape[0]:
        raise ValueError(f"X has {X.shape[0]} rows but y has {y.shape[0]} entries")
    return X, y


def _alpha(alpha, m):
    return as_vector(alpha, "alpha", m, "X")


def _C(C):
    return None if C is None else positive(C, "C")


def _w(w, X):
    return as_vector(w, "w", X.shape[1], "the columns of X")


def gram_matrix(X, kernel=Linear()):
    """KR-6 as SMO reads it: Kᵢⱼ = K(x⁽ⁱ⁾, x⁽ʲ⁾), symmetric by construction."""
    X = as_matrix(X, "X")
    return kernel_block(X, X, kernel, symmetric=True)


def dual_objective(alpha, X, y, kernel=Linear()):
    """OMC-3, SOFT-2: W(α) = Σ αᵢ − ½ Σᵢⱼ y⁽ⁱ⁾y⁽ʲ⁾αᵢαⱼK(x⁽ⁱ⁾, x⁽ʲ⁾) (over the αᵢ ≠ 0 only)."""
    X, y = _problem(X, y)
    alpha = _alpha(alpha, X.shape[0])
    s = np.flatnonzero(alpha)
    if s.size == 0:
        return 0.0
    v = alpha[s] * y[s]
    K = kernel_block(X[s], X[s], kernel, symmetric=True)
    return float(alpha.sum() - v @ K @ v / 2)


def lagrangian(w, b, alpha, X, y):
    """OMC-3 (8): ½‖w‖² − Σ αᵢ[y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) − 1]."""
    X, y = _problem(X, y)
    w = _w(w, X)
    b = as_scalar(b, "b")
    alpha = _alpha(alpha, X.shape[0])
    return float(w @ w / 2 - alpha @ (y * (X @ w + b) - 1))


def weights_from_alpha(alpha, X, y):
    """OMC-3 (9): w = Σ αᵢy⁽ⁱ⁾x⁽ⁱ⁾."""
    X, y = _problem(X, y)
    alpha = _alpha(alpha, X.shape[0])
    return (alpha * y) @ X


def _scores(alpha, y, X, kernel):
    s = np.flatnonzero(alpha)
    if s.size == 0:
        return np.zeros(X.shape[0])
    return (alpha[s] * y[s]) @ kernel_block(X[s], X, kernel)


def threshold_hard(alpha, X, y, kernel=Linear()):
    """OMC-4 (11): b* = −(max_{y=−1} w*ᵀx + min_{y=1} w*ᵀx) / 2."""
    X, y = _problem(X, y)
    alpha = _alpha(alpha, X.shape[0])
    f = _scores(alpha, y, X, kernel)
    return float(-(f[y == -1].max() + f[y == 1].min()) / 2)


def threshold_soft(alpha, X, y, C, kernel=Linear()):
    """SOFT-2, SMO-3: the average of y⁽ⁱ⁾ − wᵀx⁽ⁱ⁾ over the free αᵢ, else the middle of the
    interval (14)-(15) leave."""
    X, y = _problem(X, y)
    alpha = _alpha(alpha, X.shape[0])
    C = _C(C)
    r = y - _scores(alpha, y, X, kernel)
    free = (alpha > 0) & (True if C is None else alpha < C)
    if free.any():
        return float(r[free].sum() / free.sum())
    at_zero = alpha == 0
    lower = (at_zero & (y == 1)) | (~at_zero & (y == -1))
    lo = r[lower & ~free].max() if (lower & ~free).any() else None
    hi = r[~lower & ~free].min() if (~lower & ~free).any() else None
    if lo is None:
        return float(hi)
    if hi is None:
        return float(lo)
    return float((lo + hi) / 2)


def _values(S, coef, b, Z, kernel, spec):
    out = np.empty(Z.shape[0])
    for start in range(0, Z.shape[0], BLOCK):
        block = Z[start:start + BLOCK]
        out[start:start + block.shape[0]] = kernel_block(block, S, kernel, spec) @ coef
    out += b
    return out


def decision_values(alpha, b, X, y, Z, kernel=Linear()):
    """OMC-5 (13): Σ_{αᵢ>0} αᵢy⁽ⁱ⁾K(x⁽ⁱ⁾, z) + b for every row z of Z."""
    X, y = _problem(X, y)
    alpha = _alpha(alpha, X.shape[0])
    b = as_scalar(b, "b")
    Z = as_matrix(Z, "Z")
    if Z.shape[1] != X.shape[1]:
        raise ValueError(f"Z has {Z.shape[1]} columns but X has {X.shape[1]}")
    s = np.flatnonzero(alpha)
    if s.size == 0:
        return np.full(Z.shape[0], b)
    return _values(X[s], alpha[s] * y[s], b, Z, kernel, kernel_spec(kernel))


def _model(model):
    if not isinstance(model, SVMFit):
        raise TypeError(f"model must be an SVMFit (from smo), got {type(model).__name__}")
    return model


def decision_function(model, Z):
    """OMC-5 (12)-(13): Σ over the support vectors of αᵢy⁽ⁱ⁾K(x⁽ⁱ⁾, z) + b, batched: BLOCK rows
    of Z at a time against the support vectors (BLAS for the inner products)."""
    model = _model(model)
    Z = as_matrix(Z, "Z")
    S = np.ascontiguousarray(np.asarray(model.support_vectors, dtype=np.float64))
    if S.shape[0] == 0:
        return np.full(Z.shape[0], float(model.b))
    if Z.shape[1] != S.shape[1]:
        raise ValueError(f"Z has {Z.shape[1]} columns but the support vectors have {S.shape[1]}")
    coef = np.asarray(model.support_alpha, dtype=np.float64) * np.asarray(model.support_labels, dtype=np.float64)
    return _values(S, coef, float(model.b), Z, model.kernel, kernel_spec(model.kernel))


def predict(model, Z):
    """OMC-5 (002 §1.5): g(wᵀz + b), 1 for a value ≥ 0 else −1, as the model's labels."""
    negative, positive_ = _model(model).classes
    values = decision_function(model, Z)
    out = np.empty(values.shape[0], dtype=np.result_type(np.asarray([negative, positive_])))
    out[:] = negative
    out[values >= 0] = positive_
    return out


def slacks(w, b, X, y):
    """SOFT-1: ξᵢ = max(0, 1 − y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b))."""
    X, y = _problem(X, y)
    w = _w(w, X)
    b = as_scalar(b, "b")
    return np.maximum(1 - y * (X @ w + b), 0.0)


def soft_margin_primal(w, b, xi, X, y, C):
    """SOFT-1 (11.1): ½‖w‖² + CΣξᵢ at a feasible point (else an error naming the example)."""
    X, y = _problem(X, y)
    w = _w(w, X)
    b = as_scalar(b, "b")
    xi = as_vector(xi, "xi", X.shape[0], "X")
    C = positive(C, "C")
    if (xi < 0).any():
        i = int(np.argmax(xi < 0))
        raise ValueError(f"xi[{i}] is {xi[i]}: slacks must be >= 0")
    u = y * (X @ w + b)
    bad = u < 1 - xi - 4 * np.finfo(float).eps * (1 + np.abs(u) + np.abs(xi))
    if bad.any():
        raise ValueError(f"example {int(np.argmax(bad))} violates y(wᵀx + b) >= 1 − ξ")
    return float(w @ w / 2 + C * xi.sum())


def hinge_objective(w, b, X, y, C):
    """SOFT-1 (11.2): ½‖w‖² + C Σ max(0, 1 − y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b))."""
    X, y = _problem(X, y)
    w = _w(w, X)
    C = positive(C, "C")
    return float(w @ w / 2 + C * slacks(w, b, X, y).sum())


def soft_margin_lagrangian(w, b, xi, alpha, r, X, y, C):
    """SOFT-2: ½wᵀw + CΣξ − Σαᵢ[y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) − 1 + ξᵢ] − Σrᵢξᵢ."""
    X, y = _problem(X, y)
    w = _w(w, X)
    b = as_scalar(b, "b")
    m = X.shape[0]
    xi = as_vector(xi, "xi", m, "X")
    alpha = _alpha(alpha, m)
    r = as_vector(r, "r", m, "X")
    C = positive(C, "C")
    return float(w @ w / 2 + C * xi.sum() - alpha @ (y * (X @ w + b) - 1 + xi) - r @ xi)


def kkt_violations(alpha, b, X, y, C=None, kernel=Linear()):
    """SOFT-2 (14)-(16): per example, max(0, 1 − u) at α = 0, max(0, u − 1) at α = C, |u − 1|
    between, with u = y(wᵀx + b); α outside the box is refused."""
    X, y = _problem(X, y)
    alpha = _alpha(alpha, X.shape[0])
    b = as_scalar(b, "b")
    C = _C(C)
    bad = (alpha < 0) | (False if C is None else alpha > C)
    if bad.any():
        i = int(np.argmax(bad))
        raise ValueError(f"alpha[{i}] = {alpha[i]} is outside the box 0 <= alpha <= C")
    u = y * (_scores(alpha, y, X, kernel) + b)
    at_c = np.zeros(alpha.shape[0], dtype=bool) if C is None else alpha == C
    v = np.where(alpha == 0, 1 - u, np.where(at_c, u - 1, np.abs(u - 1)))
    return np.maximum(v, 0.0)


def kkt_categories(alpha, C=None):
    """SOFT-2 (001 §11.1.2): 'easy' (α = 0), 'hard' (α = C), 'marginally hard' (between)."""
    alpha = as_vector(alpha, "alpha")
    C = _C(C)
    return ["easy" if a == 0 else "hard" if C is not None and a == C else "marginally hard"
            for a in alpha.tolist()]
