"""Compiled twins of cs229.reference.svm (catalog OMC-3, OMC-4, OMC-5, SOFT-1, SOFT-2).

Kernel values come from cs229.fast._svm_kernels (the reference's pair-by-pair order up to
EXACT_MAX rows, BLAS above; strings for a StringKernel); sums over examples use BLAS and agree
with the reference to rounding. Decision values (OMC-5) are computed in blocks of BLOCK query
rows against the support vectors only, after every field of the fit they read is checked.
As in the reference, a value that overflows is a FloatRangeError naming it.
"""
import numpy as np

from cs229.fast._svm_kernels import (EXACT_MAX, as_points, kernel_block, kernel_spec, labels,
                                     overflow_checked, take)
from cs229.fast._validation import as_given, as_matrix, as_vector
from cs229.reference.kernels import Linear, StringKernel
from cs229.reference.parameters import positive, positive_or_none, real
from cs229.reference.results import FloatRangeError, NotSeparableError
from cs229.reference.messages import error
from cs229.reference.svm import REMEDY, SVMFit, check_fit, fit_classes, support_fields

__all__ = [
    "SVMFit", "NotSeparableError", "FloatRangeError", "as_labels", "as_problem", "as_C",
    "dual_objective",
    "lagrangian", "weights_from_alpha", "threshold_hard", "threshold_soft", "decision_values",
    "decision_function", "predict", "slacks", "soft_margin_primal", "hinge_objective",
    "soft_margin_lagrangian", "kkt_violations", "kkt_categories",
]

BLOCK = 1024


def as_labels(y, classes=None):
    """SOFT-2 input: the labels as ±1 (float64); another two-valued set only with ``classes``."""
    return labels(y, classes)


def as_problem(X, y, classes=None, kernel=Linear()):
    """SOFT-2's data: X as the kernel reads it (a float64 matrix, or strings for a
    StringKernel), y as ±1 labels of both classes, as long as X."""
    X = as_points(X, kernel, "X")
    y = labels(y, classes)
    if len(X) != y.shape[0]:
        raise error("rows_and_entries", x_name="X", m=len(X), y_name="y", n=y.shape[0])
    return X, y


def _alpha(alpha, m):
    return as_vector(alpha, "alpha", m, "X", of="rows")


def as_C(C):
    """SOFT-1's C: a finite number > 0, or None for the hard margin."""
    return positive_or_none(C, "C", float64=True)


def _w(w, X):
    return as_vector(w, "w", X.shape[1], "X", of="columns")


def _checked(values, name):
    """The values, each finite, else the reference's FloatRangeError naming the first."""
    return overflow_checked(values, name, REMEDY)


def _margins(w, b, X, y):
    """uᵢ = y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) for every example, each finite."""
    with np.errstate(over="ignore", invalid="ignore"):
        u = y * (X @ w + b)
    return _checked(u, lambda i: f"y(wᵀx + b) of X[{i}]")


def dual_objective(X, y, alpha, kernel=Linear()):
    """OMC-3, SOFT-2: W(α) = Σ αᵢ − ½ Σᵢⱼ y⁽ⁱ⁾y⁽ʲ⁾αᵢαⱼK(x⁽ⁱ⁾, x⁽ʲ⁾) (over the αᵢ ≠ 0 only)."""
    spec = kernel_spec(kernel)
    X, y = as_problem(X, y, kernel=kernel)
    alpha = _alpha(alpha, len(X))
    s = np.flatnonzero(alpha)
    if s.size == 0:
        return 0.0
    v = alpha[s] * y[s]
    S = take(X, s)
    K = kernel_block(S, S, kernel, spec, symmetric=True, index=(s, s))
    with np.errstate(over="ignore", invalid="ignore"):
        W = alpha.sum() - v @ K @ v / 2
    return float(_checked(W, lambda i: "W(α)"))


def lagrangian(X, y, w, b, alpha):
    """OMC-3 (8): ½‖w‖² − Σ αᵢ[y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) − 1]."""
    X, y = as_problem(X, y)
    w = _w(w, X)
    b = real(b, "b", float64=True)
    alpha = _alpha(alpha, X.shape[0])
    u = _margins(w, 0.0, X, y)  # b's terms gathered, as the reference sums them
    with np.errstate(over="ignore", invalid="ignore"):
        L = w @ w / 2 - alpha @ (u - 1) - b * (alpha @ y)
    return float(_checked(L, lambda i: "L(w, b, α)"))


def weights_from_alpha(X, y, alpha):
    """OMC-3 (9): w = Σ αᵢy⁽ⁱ⁾x⁽ⁱ⁾."""
    X, y = as_problem(X, y)
    alpha = _alpha(alpha, X.shape[0])
    with np.errstate(over="ignore", invalid="ignore"):
        w = (alpha * y) @ X
    return _checked(w, lambda k: f"w[{k}]")


def _scores(alpha, y, X, kernel, spec):
    """wᵀφ(x⁽ʲ⁾) for every training example j, over the αᵢ ≠ 0."""
    s = np.flatnonzero(alpha)
    if s.size == 0:
        return np.zeros(len(X))
    K = kernel_block(take(X, s), X, kernel, spec, index=(s, None))
    with np.errstate(over="ignore", invalid="ignore"):
        f = (alpha[s] * y[s]) @ K
    return _checked(f, lambda j: f"wᵀφ(X[{j}])")


def threshold_hard(X, y, alpha, kernel=Linear()):
    """OMC-4 (11): b* = −(max_{y=−1} w*ᵀx + min_{y=1} w*ᵀx) / 2."""
    spec = kernel_spec(kernel)
    X, y = as_problem(X, y, kernel=kernel)
    alpha = _alpha(alpha, len(X))
    f = _scores(alpha, y, X, kernel, spec)
    with np.errstate(over="ignore"):
        b = -(f[y == -1].max() + f[y == 1].min()) / 2
    return float(_checked(b, lambda i: "b"))


def threshold_soft(X, y, alpha, C, kernel=Linear()):
    """SOFT-2, SMO-3: the average of y⁽ⁱ⁾ − wᵀx⁽ⁱ⁾ over the free αᵢ, else the middle of the
    interval (14)-(15) leave."""
    spec = kernel_spec(kernel)
    X, y = as_problem(X, y, kernel=kernel)
    alpha = _alpha(alpha, len(X))
    C = as_C(C)
    with np.errstate(over="ignore", invalid="ignore"):
        r = y - _scores(alpha, y, X, kernel, spec)
        free = (alpha > 0) & (True if C is None else alpha < C)
        if free.any():
            b = r[free].sum() / free.sum()
        else:
            at_zero = alpha == 0
            lower = (at_zero & (y == 1)) | (~at_zero & (y == -1))
            lo = r[lower & ~free].max() if (lower & ~free).any() else None
            hi = r[~lower & ~free].min() if (~lower & ~free).any() else None
            b = hi if lo is None else lo if hi is None else (lo + hi) / 2
    return float(_checked(b, lambda i: "b"))


def _values(S, coef, b, Z, kernel, spec, name, index):
    """Σᵢ coefᵢ K(sᵢ, z) + b for every z of Z, BLOCK rows of Z at a time (BLAS for the sums); a
    kernel value is checked and named as kernel(<name>[index[i]], Z[j])."""
    out = np.empty(len(Z))
    for start in range(0, len(Z), BLOCK):
        block = Z[start:start + BLOCK]
        K = kernel_block(S, block, kernel, spec, (name, "Z"),
                         index=(index, range(start, start + len(block))))
        with np.errstate(over="ignore", invalid="ignore"):
            out[start:start + len(block)] = coef @ K
    with np.errstate(over="ignore", invalid="ignore"):
        out += b
    return _checked(out, lambda j: f"the decision value of Z[{j}]")


def _queries(Z, S, kernel, name):
    Z = as_points(Z, kernel, "Z")
    if not isinstance(kernel, StringKernel) and S is not None and Z.shape[1] != S.shape[1]:
        raise error("columns_and_columns", name="Z", m=Z.shape[1], x_name=name, n=S.shape[1])
    return Z


def decision_values(X, y, alpha, b, Z, kernel=Linear()):
    """OMC-5 (13): Σ_{αᵢ>0} αᵢy⁽ⁱ⁾K(x⁽ⁱ⁾, z) + b for every row z of Z."""
    spec = kernel_spec(kernel)
    X, y = as_problem(X, y, kernel=kernel)
    alpha = _alpha(alpha, len(X))
    b = real(b, "b", float64=True)
    Z = _queries(Z, X, kernel, "X")
    s = np.flatnonzero(alpha)
    if s.size == 0:
        return np.full(len(Z), b)
    return _values(take(X, s), alpha[s] * y[s], b, Z, kernel, spec, "X", s)


def _support(model):
    """What decision_function reads of a fit, checked field by field as the reference checks
    it (a hand-built or edited SVMFit gets an error naming the field, never a crash or a wrong
    answer): (support vectors or None, αᵢy⁽ⁱ⁾, b, kernel, spec)."""
    check_fit(model)
    kernel = model.kernel
    spec = kernel_spec(kernel, "model.kernel")
    b = real(model.b, "model.b", float64=True)
    count = support_fields(model)
    if count == 0:
        return None, None, b, kernel, spec
    S = as_points(model.support_vectors, kernel, "model.support_vectors")
    alpha = as_vector(model.support_alpha, "model.support_alpha")
    signs = as_vector(model.support_labels, "model.support_labels")
    for name, v in (("support_alpha", alpha), ("support_labels", signs)):
        if v.shape[0] != count:
            raise error("support_entries", name=name, n=v.shape[0], count=count)
    bad = (signs != 1) & (signs != -1)
    if bad.any():
        i = int(np.argmax(bad))
        raise error("support_label", i=i, value=as_given(model.support_labels, signs, (i,)))
    return S, alpha * signs, b, kernel, spec


def decision_function(model, Z):
    """OMC-5 (12)-(13): Σ over the support vectors of αᵢy⁽ⁱ⁾K(x⁽ⁱ⁾, z) + b, batched: BLOCK rows
    of Z at a time against the support vectors (BLAS for the inner products)."""
    S, coef, b, kernel, spec = _support(model)
    Z = _queries(Z, S, kernel, "model.support_vectors")
    if S is None:
        return np.full(len(Z), b)
    return _values(S, coef, b, Z, kernel, spec, "model.support_vectors", None)


def predict(model, Z):
    """OMC-5 (002 §1.5): g(wᵀz + b), 1 for a value ≥ 0 else −1, as the model's labels."""
    values = decision_function(model, Z)
    negative, positive_ = fit_classes(model)
    out = np.empty(values.shape[0], dtype=np.result_type(np.asarray([negative, positive_])))
    out[:] = negative
    out[values >= 0] = positive_
    return out


def slacks(X, y, w, b):
    """SOFT-1: ξᵢ = max(0, 1 − y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b))."""
    X, y = as_problem(X, y)
    w = _w(w, X)
    b = real(b, "b", float64=True)
    return np.maximum(1 - _margins(w, b, X, y), 0.0)


def soft_margin_primal(X, y, w, b, xi, C):
    """SOFT-1 (11.1): ½‖w‖² + CΣξᵢ at a feasible point (else an error naming the example)."""
    X, y = as_problem(X, y)
    w = _w(w, X)
    b = real(b, "b", float64=True)
    given_xi, xi = xi, as_vector(xi, "xi", X.shape[0], "X", of="rows")
    C = positive(C, "C", float64=True)
    if (xi < 0).any():
        i = int(np.argmax(xi < 0))
        raise error("negative_slack", i=i, value=as_given(given_xi, xi, (i,)))
    u = _margins(w, b, X, y)
    with np.errstate(over="ignore", invalid="ignore"):
        bad = u < 1 - xi - 4 * np.finfo(float).eps * (1 + np.abs(u) + np.abs(xi))
    if bad.any():
        raise error("infeasible_example", i=int(np.argmax(bad)))
    with np.errstate(over="ignore", invalid="ignore"):
        value = w @ w / 2 + C * xi.sum()
    return float(_checked(value, lambda i: "½‖w‖² + CΣξ"))


def hinge_objective(X, y, w, b, C):
    """SOFT-1 (11.2): ½‖w‖² + C Σ max(0, 1 − y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b))."""
    X, y = as_problem(X, y)
    w = _w(w, X)
    C = positive(C, "C", float64=True)
    xi = slacks(X, y, w, b)
    with np.errstate(over="ignore", invalid="ignore"):
        value = w @ w / 2 + C * xi.sum()
    return float(_checked(value, lambda i: "½‖w‖² + CΣξ"))


def soft_margin_lagrangian(X, y, w, b, xi, alpha, r, C):
    """SOFT-2: ½wᵀw + CΣξ − Σαᵢ[y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) − 1 + ξᵢ] − Σrᵢξᵢ."""
    X, y = as_problem(X, y)
    w = _w(w, X)
    b = real(b, "b", float64=True)
    m = X.shape[0]
    xi = as_vector(xi, "xi", m, "X", of="rows")
    alpha = _alpha(alpha, m)
    r = as_vector(r, "r", m, "X", of="rows")
    C = positive(C, "C", float64=True)
    u = _margins(w, 0.0, X, y)
    with np.errstate(over="ignore", invalid="ignore"):
        L = w @ w / 2 + C * xi.sum() - alpha @ (u - 1 + xi) - r @ xi - b * (alpha @ y)
    return float(_checked(L, lambda i: "L(w, b, ξ, α, r)"))


def kkt_violations(X, y, alpha, b, C=None, kernel=Linear()):
    """SOFT-2 (14)-(16): per example, max(0, 1 − u) at α = 0, max(0, u − 1) at α = C, |u − 1|
    between, with u = y(wᵀx + b); α outside the box is refused (Σ αᵢy⁽ⁱ⁾ = 0 is not checked)."""
    spec = kernel_spec(kernel)
    X, y = as_problem(X, y, kernel=kernel)
    given_alpha, alpha = alpha, _alpha(alpha, len(X))
    b = real(b, "b", float64=True)
    C = as_C(C)
    bad = (alpha < 0) | (False if C is None else alpha > C)
    if bad.any():
        i = int(np.argmax(bad))
        raise error("outside_box", i=i, value=as_given(given_alpha, alpha, (i,)))
    with np.errstate(over="ignore", invalid="ignore"):
        u = y * (_scores(alpha, y, X, kernel, spec) + b)
    _checked(u, lambda i: f"y(wᵀφ(x) + b) of X[{i}]")
    with np.errstate(over="ignore", invalid="ignore"):
        at_c = np.zeros(alpha.shape[0], dtype=bool) if C is None else alpha == C
        v = np.where(alpha == 0, 1 - u, np.where(at_c, u - 1, np.abs(u - 1)))
    return _checked(np.maximum(v, 0.0), lambda i: f"the KKT violation of X[{i}]")


def kkt_categories(alpha, C=None):
    """SOFT-2 (001 §11.1.2): 'easy' (α = 0), 'hard' (α = C), 'marginally hard' (between)."""
    alpha = as_vector(alpha, "alpha")
    C = as_C(C)
    return ["easy" if a == 0 else "hard" if C is not None and a == C else "marginally hard"
            for a in alpha.tolist()]


# ---- docstrings: the reference twin's text, one home for both faces (cs229.fast._docs) -----------

from cs229.fast._docs import adopt as _adopt  # noqa: E402
from cs229.reference import svm as _twin  # noqa: E402

_adopt(globals(), _twin)
