"""Compiled twins of cs229.reference.linear_regression (catalog LR-1 … LR-6, LR-12, LR-14, LR-15).

The loops keep the reference's order of operations (examples in order; within an example the
dot product left to right; every gradient component updated before the next example), so on
the same float64 data the iterates of SGD are the reference's bit for bit, and those of batch
gradient descent too on up to 4,096 rows (one block: past it the batch gradient is summed over
blocks of rows added in block order, X-7, and agrees to rounding). The gradient pass and the batch loop are cs229.fast._glm_core's (least squares is the Gaussian
GLM: θ − α∇J is θ + α∇ℓ), shared with logistic regression and the GLMs.
The normal equations use BLAS/LAPACK (dsyrk, dpotrf, dpotrs) and agree to rounding.
"""
import numpy as np
import scipy.linalg

from libc.float cimport DBL_EPSILON
from libc.math cimport exp
from scipy.linalg.cython_blas cimport dgemv, dsyrk

from cs229.fast._cholesky cimport GRAM_SOLVED, cholesky_solve
from cs229.fast._inline_math cimport dot, linear_predictor
from cs229.fast._sgd cimport sgd_epochs

from cs229.fast._summation import gram_chunk

from cs229.fast import _glm_core as core
from cs229.fast._glm_core import solve_gram
from cs229.fast._validation import (as_matrix, as_order, as_sample_weights, as_vector, check_length,
                                    same_length)
from cs229.reference.linalg import SingularMatrixError, significant_terms
from cs229.reference.linear_regression import (RESCALE, add_ridge, ridge_rows, ridge_system,
                                               at_query, lwr_system, normal_overflow,
                                               normal_system, sgd_divergence, singular_normal_equations,
                                               singular_weighted, weighted_overflow, weighted_ridge_system,
                                               weighted_system)
from cs229.reference.messages import error
from cs229.reference.parameters import (batch_schedule, choice, penalty, positive, positive_int,
                                         real, sgd_schedule)
from cs229.reference.results import RAISE_CAP, ConvergenceError, IterativeResult, alpha_too_large

__all__ = [
    "add_intercept", "hypothesis", "predict", "cost", "cost_matrix_form", "gradient",
    "lms_update", "batch_gradient_descent", "stochastic_gradient_descent", "normal_equations",
    "lwr_weights", "lwr_weights_sigma", "weighted_normal_equations", "lwr_predict",
    "polynomial_features", "IterativeResult", "ConvergenceError",
]

def _design(X, y, *theta):
    """(X, y), or (X, y, θ) when θ is passed (None then is refused like any missing array)."""
    X = as_matrix(X, "X")
    y = as_vector(y, "y")
    same_length(X, y)
    if not theta:
        return X, y
    theta = as_vector(theta[0], "theta", X.shape[1], "X", of="columns")
    return X, y, theta


cdef double _squared_error_sum(const double[:, ::1] X, const double[::1] y,
                               const double[::1] theta) noexcept nogil:
    cdef Py_ssize_t i, m = X.shape[0], n = X.shape[1]
    cdef double total = 0.0, r
    for i in range(m):
        r = dot(&X[i, 0], &theta[0], n) - y[i]
        total = total + r * r
    return total


def add_intercept(X):
    """LR-1: prepend the column x₀ = 1."""
    X = as_matrix(X, "X")
    out = np.empty((X.shape[0], X.shape[1] + 1))
    out[:, 0] = 1.0
    out[:, 1:] = X
    return out


def hypothesis(x, theta):
    """LR-1: h_θ(x) = θᵀx for one example."""
    x = as_vector(x, "x")
    theta = as_vector(theta, "theta")
    check_length(x, "x", theta.shape[0], "theta")
    cdef const double[::1] xv = x
    cdef const double[::1] tv = theta
    return dot(&xv[0], &tv[0], xv.shape[0])


def predict(X, theta):
    """LR-1: Xθ."""
    X = as_matrix(X, "X")
    theta = as_vector(theta, "theta", X.shape[1], "X", of="columns")
    return linear_predictor(X, theta)


def cost(X, y, theta):
    """LR-2: J(θ) = ½ Σᵢ (θᵀx⁽ⁱ⁾ − y⁽ⁱ⁾)²."""
    X, y, theta = _design(X, y, theta)
    cdef const double[:, ::1] Xv = X
    cdef const double[::1] yv = y
    cdef const double[::1] tv = theta
    cdef double total
    with nogil:
        total = _squared_error_sum(Xv, yv, tv)
    return total / 2


def cost_matrix_form(X, y, theta):
    """LR-2: ½ (Xθ − y)ᵀ(Xθ − y), the same sum as ``cost``."""
    return cost(X, y, theta)


def gradient(X, y, theta):
    """LR-3, LR-5: ∇J(θ) = Xᵀ(Xθ − y), one fused pass over X."""
    X, y, theta = _design(X, y, theta)
    return core.gradient(X, y, theta, core.LEAST_SQUARES, 0.0)


def lms_update(x, y, theta, alpha):
    """LR-4: θⱼ := θⱼ + α (y − θᵀx) xⱼ for one example."""
    x = as_vector(x, "x")
    y = real(y, "y", float64=True)
    theta = as_vector(theta, "theta")
    alpha = positive(alpha, "alpha", float64=True)
    check_length(x, "x", theta.shape[0], "theta")
    new = theta.copy()
    cdef const double[::1] xv = x
    cdef double[::1] t = new
    _lms_step(&xv[0], y, &t[0], xv.shape[0], alpha)
    return new


cdef inline void _lms_step(const double* x, double y, double* theta, Py_ssize_t n,
                           double alpha) noexcept nogil:
    cdef double step = alpha * (y - dot(x, theta, n))
    cdef Py_ssize_t j
    for j in range(n):
        theta[j] = theta[j] + step * x[j]


def batch_gradient_descent(X, y, theta, alpha, max_iterations=10_000, tol=1e-10,
                           average=False, record=False, lam=0, penalize_intercept=False):
    """LR-5: θ := θ − α ∇J(θ) (``average``: ∇J/m, 002 Listing 1) until
    maxⱼ |Δθⱼ| <= tol · (1 + maxⱼ |θⱼ|); ``tol=None`` runs exactly ``max_iterations``."""
    X, y, theta = _design(X, y, theta)
    return batch_gradient_descent_fit(core.Passes(X, y, core.LEAST_SQUARES, 0.0, False), theta,
                                      alpha, max_iterations, tol, average, record, lam,
                                      penalize_intercept)


def batch_gradient_descent_fit(passes, theta, alpha, max_iterations, tol, average, record, lam,
                               penalize_intercept):
    """``batch_gradient_descent`` on validated θ, its sums over the examples taken by ``passes``
    (cs229.fast._glm_core.Passes in memory; cs229.distributed's over chunks)."""
    alpha, max_iterations, tol, average, record, lam, first = batch_schedule(
        alpha, max_iterations, tol, average, record, lam, penalize_intercept, float64=True)
    return core.ascent(passes, theta, alpha, max_iterations, tol, average, record,
                       "batch gradient descent", False, alpha_too_large(alpha, RESCALE), RAISE_CAP,
                       lam, first)


def stochastic_gradient_descent(X, y, theta, alpha, epochs=1, order=None, decay=0, record=False,
                                sample_weight=None):
    """LR-6: LMS updates example by example in ``order``, α_t = α / (1 + decay · t) (times wᵢ
    with ``sample_weight``, X-2)."""
    X, y, theta = _design(X, y, theta)
    alpha, epochs, order, decay, record = sgd_schedule(
        alpha, epochs, order, decay, record, X.shape[0], as_order, float64=True)
    weight = as_sample_weights(sample_weight, X)
    return sgd_epochs(X, y, theta, alpha, epochs, order, decay, record, _lms_step, sgd_divergence, weight)


def normal_equations(X, y, solver="cholesky", lam=0, penalize_intercept=False, sample_weight=None):
    """LR-12: θ solving XᵀXθ = Xᵀy. ``solver="cholesky"``: XᵀX by dsyrk, Xᵀy by dgemv, summed
    block by block (X-7, cs229.fast._summation.gram_chunk), then
    Cholesky (LAPACK) on the equilibrated XᵀX, which loses about 2·log₁₀ cond(X) digits;
    ``solver="qr"``: Householder QR of X (LAPACK), about log₁₀ cond(X). A dependent column
    (the same units-free test as the reference's) raises SingularMatrixError naming it and the
    columns it depends on; overflow raises OverflowError. X-1: ``lam`` > 0 solves the ridge
    system (XᵀX + λI′)θ = Xᵀy (θ₀ unpenalised unless ``penalize_intercept``); with ``"qr"``,
    least squares on X with the rows √λ·eⱼ appended. X-2: ``sample_weight`` solves
    (XᵀWX + λI′)θ = XᵀWy, with XᵀWX and XᵀWy summed on the rows √wᵢ·x⁽ⁱ⁾, √wᵢ·y⁽ⁱ⁾ (Cholesky or QR)."""
    X, y = _design(X, y)
    solver = choice(solver, "solver", ("cholesky", "qr"))
    lam, first = penalty(lam, penalize_intercept, float64=True)
    weight = as_sample_weights(sample_weight, X)
    if weight is not None:
        return _weighted_normal_equations(X, y, solver, lam, first, weight)
    if solver == "qr":
        return _ridge_qr(X, y, lam, first)
    n = X.shape[1]
    return normal_solve(gram_chunk(X, y, np.zeros(n * n + n)), X.shape, lam, first, X, y)


def _weighted_normal_equations(X, y, solver, lam, first, weight):
    """X-2: θ of ``normal_equations`` with the read sample weights: least squares on the rows
    scaled by √wᵢ, whose Gram matrix is XᵀWX."""
    Xw, yw = weighted_root_rows(X, y, weight)
    if solver == "qr":
        try:
            return _ridge_qr(Xw, yw, lam, first)
        except SingularMatrixError as e:
            raise singular_weighted(e) from None
    n = X.shape[1]
    return weighted_normal_solve(gram_chunk(Xw, yw, np.zeros(n * n + n)), X.shape, lam, first, X, y,
                                 weight)


def weighted_root_rows(X, y, weight):
    """X-2: the rows √wᵢ·x⁽ⁱ⁾ and √wᵢ·y⁽ⁱ⁾, whose Gram sums are XᵀWX and XᵀWy."""
    root = np.sqrt(weight)
    return X * root[:, None], y * root


def weighted_normal_solve(total, shape, lam, first, X, y, weight):
    """X-1, X-2: θ from the block sums of ``gram_chunk`` on the √w-scaled rows (``total``: XᵀWX's
    upper triangle, n×n Fortran order, then XᵀWy) by Cholesky; X, y and the weights are what the
    referee of a borderline pivot reads."""
    n = shape[1]
    A = np.asfortranarray(total[:n * n].reshape((n, n), order="F"))
    try:
        return solve_gram(add_ridge(A, lam, first), total[n * n:].copy(), "XᵀWX",
                          (weighted_ridge_system, (X, y, weight, lam, first)), shape[0])
    except SingularMatrixError as e:
        raise singular_weighted(e) from None
    except OverflowError:
        raise weighted_overflow() from None


def _ridge_qr(X, y, lam, first):
    """LR-12, X-1 with ``solver="qr"``: least squares on X, with the rows √λ·eⱼ appended (y with
    zeros) when λ > 0."""
    if not lam:
        return _least_squares_qr(X, y)
    rows = np.array(ridge_rows(X.shape[1], lam, first), dtype=np.float64).reshape(-1, X.shape[1])
    return _least_squares_qr(np.vstack([X, rows]), np.concatenate([y, np.zeros(rows.shape[0])]))


def normal_solve(total, shape, lam, first, X, y):
    """LR-12, X-1: θ from the block sums of ``gram_chunk`` (``total``: XᵀX's upper triangle, n×n
    Fortran order, then Xᵀy) by Cholesky; X, y are what the referee of a borderline pivot reads
    (converted exactly by its ``tolist``)."""
    n = shape[1]
    A = np.asfortranarray(total[:n * n].reshape((n, n), order="F"))
    b = total[n * n:].copy()
    if lam:
        return _normal_solve(add_ridge(A, lam, first), b, shape, (ridge_system, (X, y, lam, first)))
    return _normal_solve(A, b, shape, (normal_system, (X, y)))


def _normal_solve(A, b, shape, exact):
    try:
        return solve_gram(A, b, "XᵀX", exact, shape[0])
    except SingularMatrixError as e:
        raise singular_normal_equations(e, *shape) from None
    except OverflowError:
        raise normal_overflow("system") from None


def _least_squares_qr(X, y):
    """LR-12 (``solver="qr"``): X = QR by Householder reflections, then Rθ = Qᵀy (``qr_theta``)."""
    Q, R = scipy.linalg.qr(X, mode="economic", check_finite=False)
    with np.errstate(over="ignore", invalid="ignore"):  # an overflow is reported by qr_theta
        c = Q.T @ y
    return qr_theta(R, c, np.sqrt(np.einsum("ij,ij->j", X, X)), X.shape[0])


def qr_theta(R, c, norms, m):
    """LR-12 (``solver="qr"``): θ solving Rθ = c = Qᵀy, R the n columns' triangular factor of an
    m-row X whose columns have the 2-norms ``norms``. |R_kk| / ‖x_k‖ is the sine of the angle
    between column k and the earlier columns' span: at most max(m, n)·eps makes column k
    dependent, as in the reference's Gram–Schmidt."""
    n = R.shape[1]
    if not np.isfinite(norms).all() or not np.isfinite(R).all():
        raise normal_overflow("sizes")
    for k in range(n):
        if k >= min(m, R.shape[0]) or norms[k] == 0 or abs(R[k, k]) <= max(m, n) * DBL_EPSILON * norms[k]:
            combination = {}
            if norms[k] > 0:
                c_k = scipy.linalg.solve_triangular(R[:k, :k], R[:k, k]) if k else np.empty(0)
                combination = significant_terms([float(v) for v in c_k],
                                                [float(v) for v in norms[:k] ** 2], float(norms[k] ** 2))
            raise singular_normal_equations(SingularMatrixError("", column=k, combination=combination),
                                            m, n)
    with np.errstate(over="ignore", invalid="ignore"):  # an overflow is reported just below
        theta = scipy.linalg.solve_triangular(R, c, check_finite=False)
    if not np.isfinite(theta).all():
        raise normal_overflow("theta")
    return theta


cdef inline double _lwr_exponent(const double* a, const double* b, Py_ssize_t n,
                                 double tau) noexcept nogil:
    """−Σⱼ ((aⱼ − bⱼ)/τ)² / 2: the reference's order, τ divided in before squaring."""
    cdef double d2 = 0.0, u
    cdef Py_ssize_t j
    for j in range(n):
        u = (a[j] - b[j]) / tau
        d2 = d2 + u * u
    return -d2 / 2


cdef inline double _lwr_weight(const double* a, const double* b, Py_ssize_t n,
                               double tau) noexcept nogil:
    """exp(−Σⱼ ((aⱼ − bⱼ)/τ)² / 2)."""
    return exp(_lwr_exponent(a, b, n, tau))


def lwr_weights(X, x, tau):
    """LR-14: w⁽ⁱ⁾ = exp(−‖x⁽ⁱ⁾ − x‖² / (2τ²)), as exp(−‖(x⁽ⁱ⁾ − x)/τ‖² / 2)."""
    X = as_matrix(X, "X")
    x = as_vector(x, "x", X.shape[1], "X", of="columns")
    tau = positive(tau, "tau", float64=True)
    cdef const double[:, ::1] Xv = X
    cdef const double[::1] xv = x
    w = np.empty(X.shape[0])
    cdef double[::1] wv = w
    cdef double t = tau
    cdef Py_ssize_t i
    with nogil:
        for i in range(Xv.shape[0]):
            wv[i] = _lwr_weight(&Xv[i, 0], &xv[0], Xv.shape[1], t)
    return w


def lwr_weights_sigma(X, x, Sigma_inv):
    """LR-14 (fn 4): w⁽ⁱ⁾ = exp(−(x⁽ⁱ⁾ − x)ᵀ Σ⁻¹ (x⁽ⁱ⁾ − x) / 2)."""
    X = as_matrix(X, "X")
    x = as_vector(x, "x", X.shape[1], "X", of="columns")
    S = as_matrix(Sigma_inv, "Sigma_inv")
    if S.shape != (X.shape[1], X.shape[1]):
        raise error("sigma_inv_shape", n=X.shape[1])
    D = X - x
    q = np.einsum("ij,jk,ik->i", D, S, D)
    if (q < 0).any():
        raise error("sigma_inv_psd")
    return np.exp(-q / 2)


cdef void _weighted_gram(const double[:, ::1] X, const double[::1] y, const double[::1] w,
                         double[::1, :] A, double[::1] b) noexcept nogil:
    """Accumulate XᵀWX (upper triangle) and XᵀWy in one pass, as the reference does: (w x_k)
    times x_j, so a zero weight never meets an overflowing product of two features."""
    cdef Py_ssize_t m = X.shape[0], n = X.shape[1], i, j, k
    cdef double wx
    for j in range(n):
        b[j] = 0.0
        for k in range(n):
            A[j, k] = 0.0
    for i in range(m):
        if w[i] == 0.0:
            continue
        for k in range(n):
            wx = w[i] * X[i, k]
            b[k] = b[k] + wx * y[i]
            for j in range(k + 1):
                A[j, k] = A[j, k] + wx * X[i, j]


def weighted_normal_equations(X, y, w):
    """LR-14: θ solving XᵀWXθ = XᵀWy."""
    X, y = _design(X, y)
    w = as_vector(w, "w", X.shape[0], "X", of="rows")
    if (w < 0).any():
        raise error("non_negative", name="w")
    return _weighted_solve(X, y, w, (weighted_system, (X, y, w)))


def _weighted_solve(X, y, w, exact, where=""):
    n = X.shape[1]
    A = np.empty((n, n), order="F")
    b = np.empty(n)
    cdef const double[:, ::1] Xv = X
    cdef const double[::1] yv = y
    cdef const double[::1] wv = w
    cdef double[::1, :] Av = A
    cdef double[::1] bv = b
    with nogil:
        _weighted_gram(Xv, yv, wv, Av, bv)
    try:
        return solve_gram(A, b, "XᵀWX", exact, X.shape[0])
    except SingularMatrixError as e:
        raise singular_weighted(e, where) from None
    except OverflowError:
        raise weighted_overflow(where) from None


cdef void _row_products(const double[:, ::1] X, const double[::1] y, double[:, ::1] P) noexcept nogil:
    """P[i] = (x⁽ⁱ⁾ⱼ x⁽ⁱ⁾ₖ for j <= k, then x⁽ⁱ⁾ⱼ y⁽ⁱ⁾): the terms whose w-weighted sums over i
    are the upper triangle of XᵀWX and the vector XᵀWy."""
    cdef Py_ssize_t m = X.shape[0], n = X.shape[1], i, j, k, c
    for i in range(m):
        c = 0
        for k in range(n):
            for j in range(k + 1):
                P[i, c] = X[i, j] * X[i, k]
                c += 1
        for j in range(n):
            P[i, c] = X[i, j] * y[i]
            c += 1


cdef void _exponents(const double[:, ::1] X, const double[:, ::1] Q, Py_ssize_t start,
                     double tau, double[:, ::1] W) noexcept nogil:
    """W[b, i] = the exponent of the LWR weight of example i at query start + b
    (``_lwr_exponent``); numpy's exp over the block then costs a tenth of libm's per entry."""
    cdef Py_ssize_t m = X.shape[0], n = X.shape[1], b, i
    for b in range(W.shape[0]):
        for i in range(m):
            W[b, i] = _lwr_exponent(&X[i, 0], &Q[start + b, 0], n, tau)


cdef int _solve_packed(const double[::1] G, const double[::1] q, Py_ssize_t n, double[::1, :] A,
                       double[::1] b, double terms, double* prediction) noexcept nogil:
    """Unpack (upper XᵀWX, XᵀWy) from G, solve by Cholesky, prediction = θᵀq."""
    cdef Py_ssize_t j, k, c = 0
    cdef int code
    for k in range(n):
        for j in range(k + 1):
            A[j, k] = G[c]
            c += 1
    for j in range(n):
        b[j] = G[c]
        c += 1
    code = cholesky_solve(A, b, terms)
    if code == GRAM_SOLVED:
        prediction[0] = dot(&b[0], &q[0], n)
    return code


QUERY_BLOCK = 256


def lwr_predict(X, y, queries, tau):
    """LR-14: at each query x, θ from the weighted normal equations, output θᵀx.

    All queries share X, so XᵀWX and XᵀWy for a block of queries are one matrix product
    W · P of the weights (one row per query) with the per-example products P computed once.
    Where that route fails (a product of two features overflows, or a query's system is
    singular or overflows) the query is solved again in the reference's order, which gives
    its answer or the reference's error."""
    X, y = _design(X, y)
    queries = as_matrix(queries, "queries")
    if queries.shape[1] != X.shape[1]:
        raise error("queries_columns", m=queries.shape[1], n=X.shape[1])
    tau = positive(tau, "tau", float64=True)
    cdef Py_ssize_t m = X.shape[0], n = X.shape[1], nq = queries.shape[0], start, b, width, rows
    width = n * (n + 1) // 2 + n
    P = np.empty((m, width))
    _row_products(X, y, P)
    cdef bint products_finite = bool(np.isfinite(P).all())
    out = np.empty(nq)
    A = np.empty((n, n), order="F")
    bvec = np.empty(n)
    cdef double[::1, :] Av = A
    cdef double[::1] bv = bvec, ov = out
    cdef const double[:, ::1] Qv = queries
    cdef const double[:, ::1] Xv = X
    cdef const double[:, ::1] Gv
    cdef double[:, ::1] Wv
    cdef int code = GRAM_SOLVED
    cdef double t = tau
    for start in range(0, nq, QUERY_BLOCK):
        rows = min(QUERY_BLOCK, nq - start)
        W = np.empty((rows, m))
        Wv = W
        with nogil:
            _exponents(Xv, Qv, start, t, Wv)
        np.exp(W, out=W)
        G = W @ P if products_finite else None
        b = 0
        while b < rows:
            if G is not None:
                Gv = G
                with nogil:
                    while b < rows:
                        code = _solve_packed(Gv[b], Qv[start + b], n, Av, bv, m, &ov[start + b])
                        if code != GRAM_SOLVED:
                            break
                        b += 1
                if b == rows:
                    break
            theta = _weighted_solve(X, y, W[b], (lwr_system, (X, y, queries[start + b], tau)),
                                    at_query(start + b))
            out[start + b] = float(theta @ queries[start + b])
            b += 1
    return out


def polynomial_features(x, degree):
    """LR-15: rows (1, x, x², ..., x^degree)."""
    x = as_vector(x, "x")
    degree = positive_int(degree, "degree")
    out = np.empty((x.shape[0], degree + 1))
    cdef const double[::1] xv = x
    cdef double[:, ::1] o = out
    cdef Py_ssize_t i, k, d = degree
    with nogil:
        for i in range(xv.shape[0]):
            o[i, 0] = 1.0
            for k in range(1, d + 1):
                o[i, k] = o[i, k - 1] * xv[i]
    return out


# ---- docstrings: the reference twin's text, one home for both faces (cs229.fast._docs) -----------

from cs229.fast._docs import adopt as _adopt  # noqa: E402
from cs229.reference import linear_regression as _twin  # noqa: E402

_adopt(globals(), _twin)
