"""Compiled twins of cs229.reference.linear_regression (catalog LR-1 … LR-6, LR-12, LR-14, LR-15).

The loops keep the reference's order of operations (examples in order; within an example the
dot product left to right; every gradient component updated before the next example), so on
the same float64 data the iterates of gradient descent and SGD are the reference's, bit for bit.
The normal equations use BLAS/LAPACK (dsyrk, dpotrf, dpotrs) and agree to rounding.
"""
import numpy as np

from libc.math cimport exp, fabs, isfinite
from scipy.linalg.cython_blas cimport dgemv, dsyrk

from cs229.fast._validation import (as_matrix, as_scalar, as_vector, check_tol, positive,
                                    positive_int, same_length, sgd_schedule)
from cs229.reference.linalg import SingularMatrixError
from cs229.reference.results import ConvergenceError, IterativeResult

__all__ = [
    "add_intercept", "hypothesis", "predict", "cost", "cost_matrix_form", "gradient",
    "lms_update", "batch_gradient_descent", "stochastic_gradient_descent", "normal_equations",
    "lwr_weights", "lwr_weights_sigma", "weighted_normal_equations", "lwr_predict",
    "polynomial_features", "IterativeResult", "ConvergenceError",
]

include "_inline_math.pxi"
include "_cholesky.pxi"
include "_sgd.pxi"


def _design(X, y, theta=None):
    X = as_matrix(X, "X")
    y = as_vector(y, "y")
    same_length(X, y)
    if theta is None:
        return X, y
    theta = as_vector(theta, "theta")
    if theta.shape[0] != X.shape[1]:
        raise ValueError(f"theta has {theta.shape[0]} entries but X has {X.shape[1]} columns")
    return X, y, theta


cdef void _gradient_pass(const double[:, ::1] X, const double[::1] y, const double[::1] theta,
                         double[::1] g) noexcept nogil:
    """g = Σᵢ (θᵀx⁽ⁱ⁾ − y⁽ⁱ⁾) x⁽ⁱ⁾ in one pass over X. Eight rows are in flight at once so that
    their dot products (each a chain of dependent additions) overlap, but each row's dot runs
    left to right and the rows are added into g in order, exactly as the reference sums."""
    cdef Py_ssize_t m = X.shape[0], n = X.shape[1], i = 0, j, k
    cdef double r[8]
    cdef double acc
    cdef const double* t = &theta[0]
    for j in range(n):
        g[j] = 0.0
    while i + 8 <= m:
        for k in range(8):
            r[k] = 0.0
        for j in range(n):
            for k in range(8):
                r[k] = r[k] + X[i + k, j] * t[j]
        for k in range(8):
            r[k] = r[k] - y[i + k]
        for j in range(n):
            acc = g[j]
            for k in range(8):
                acc = acc + r[k] * X[i + k, j]
            g[j] = acc
        i += 8
    while i < m:
        r[0] = _dot(&X[i, 0], t, n) - y[i]
        for j in range(n):
            g[j] = g[j] + r[0] * X[i, j]
        i += 1


cdef double _squared_error_sum(const double[:, ::1] X, const double[::1] y,
                               const double[::1] theta) noexcept nogil:
    cdef Py_ssize_t i, m = X.shape[0], n = X.shape[1]
    cdef double total = 0.0, r
    for i in range(m):
        r = _dot(&X[i, 0], &theta[0], n) - y[i]
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
    theta = as_vector(theta, "theta", x.shape[0], "x")
    cdef const double[::1] xv = x
    cdef const double[::1] tv = theta
    return _dot(&xv[0], &tv[0], xv.shape[0])


def predict(X, theta):
    """LR-1: Xθ."""
    X = as_matrix(X, "X")
    theta = as_vector(theta, "theta", X.shape[1], "the columns of X")
    cdef const double[:, ::1] Xv = X
    cdef const double[::1] tv = theta
    out = np.empty(X.shape[0])
    cdef double[::1] o = out
    cdef Py_ssize_t i
    with nogil:
        for i in range(Xv.shape[0]):
            o[i] = _dot(&Xv[i, 0], &tv[0], Xv.shape[1])
    return out


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
    g = np.empty(X.shape[1])
    cdef const double[:, ::1] Xv = X
    cdef const double[::1] yv = y
    cdef const double[::1] tv = theta
    cdef double[::1] gv = g
    with nogil:
        _gradient_pass(Xv, yv, tv, gv)
    return g


def lms_update(x, y, theta, alpha):
    """LR-4: θⱼ := θⱼ + α (y − θᵀx) xⱼ for one example."""
    x = as_vector(x, "x")
    y = as_scalar(y, "y")
    theta = as_vector(theta, "theta", x.shape[0], "x")
    alpha = positive(alpha, "alpha")
    new = theta.copy()
    cdef const double[::1] xv = x
    cdef double[::1] t = new
    _lms_step(&xv[0], y, &t[0], xv.shape[0], alpha)
    return new


cdef inline void _lms_step(const double* x, double y, double* theta, Py_ssize_t n,
                           double alpha) noexcept nogil:
    cdef double step = alpha * (y - _dot(x, theta, n))
    cdef Py_ssize_t j
    for j in range(n):
        theta[j] = theta[j] + step * x[j]


cdef bint _all_finite(const double[::1] v) noexcept nogil:
    cdef Py_ssize_t j
    for j in range(v.shape[0]):
        if not isfinite(v[j]):
            return False
    return True


def batch_gradient_descent(X, y, theta, alpha, max_iterations=10_000, tol=1e-10,
                           average=False, record=False):
    """LR-5: θ := θ − α ∇J(θ) (``average``: ∇J/m, 002 Listing 1) until
    maxⱼ |Δθⱼ| <= tol · (1 + maxⱼ |θⱼ|); ``tol=None`` runs exactly ``max_iterations``."""
    X, y, theta = _design(X, y, theta)
    alpha = positive(alpha, "alpha")
    max_iterations = positive_int(max_iterations, "max_iterations")
    tol = check_tol(tol)
    cdef bint test = tol is not None
    cdef double tolerance = tol if test else 0.0
    cdef bint mean = bool(average)
    cdef double a = alpha, m = X.shape[0], step, size
    cdef Py_ssize_t n = X.shape[1], j
    cdef int k, done = 0, diverged = 0
    cdef const double[:, ::1] Xv = X
    cdef const double[::1] yv = y
    current = theta.copy()
    new = np.empty(n)
    g = np.empty(n)
    cdef double[::1] t = current, t_new = new, gv = g
    path = [current.copy()] if record else None
    for k in range(1, max_iterations + 1):
        with nogil:
            _gradient_pass(Xv, yv, t, gv)
            step = 0.0
            size = 0.0
            for j in range(n):
                if mean:
                    gv[j] = gv[j] / m
                t_new[j] = t[j] - a * gv[j]
                step = max(step, fabs(t_new[j] - t[j]))
                size = max(size, fabs(t_new[j]))
            diverged = not _all_finite(t_new)
            done = test and step <= tolerance * (1 + size)
            if not diverged:
                t[:] = t_new
        if record:
            path.append(new.copy())
        if diverged:
            raise ConvergenceError(
                f"batch gradient descent diverged at iteration {k}: theta is no longer finite "
                f"(alpha={alpha} is too large for this X; scale the features or lower alpha)",
                IterativeResult(current, k - 1, False, _stack(path)))
        if done:
            return IterativeResult(current, k, True, _stack(path))
    result = IterativeResult(current, max_iterations, False if test else None, _stack(path))
    if test:
        raise ConvergenceError(
            f"batch gradient descent did not converge in {max_iterations} iterations "
            f"(tol={tol}); raise max_iterations or alpha", result)
    return result


def _stack(path):
    return None if path is None else np.array(path)


def stochastic_gradient_descent(X, y, theta, alpha, epochs=1, order=None, decay=0, record=False):
    """LR-6: LMS updates example by example in ``order``, α_t = α / (1 + decay · t)."""
    X, y, theta = _design(X, y, theta)
    alpha, epochs, order, decay = sgd_schedule(alpha, epochs, order, decay, X.shape[0])
    return _sgd_epochs(X, y, theta, alpha, epochs, order, decay, record, _lms_step, _sgd_diverged)


def _sgd_diverged(epoch, alpha):
    return (f"stochastic gradient descent diverged in epoch {epoch}: theta is no longer "
            f"finite (alpha={alpha} is too large for this X)")


def normal_equations(X, y):
    """LR-12: θ solving XᵀXθ = Xᵀy; XᵀX by dsyrk, Xᵀy by dgemv, then Cholesky (LAPACK)."""
    X, y = _design(X, y)
    cdef const double[:, ::1] Xv = X
    cdef const double[::1] yv = y
    cdef int m = X.shape[0], n = X.shape[1], inc = 1, column
    cdef double one = 1.0, zero = 0.0
    A = np.zeros((n, n), order="F")
    b = np.zeros(n)
    cdef double[::1, :] Av = A
    cdef double[::1] bv = b
    cdef char uplo = b'U', trans = b'N', notrans = b'N'
    with nogil:
        # X is C-ordered m×n, i.e. Fortran-ordered n×m (call it Xᶠ = Xᵀ): XᵀX = Xᶠ Xᶠᵀ.
        dsyrk(&uplo, &notrans, &n, &m, &one, <double*> &Xv[0, 0], &n, &zero, &Av[0, 0], &n)
        dgemv(&trans, &n, &m, &one, <double*> &Xv[0, 0], &n, <double*> &yv[0], &inc, &zero, &bv[0], &inc)
        column = _cholesky_solve(Av, bv)
    if column >= 0:
        raise SingularMatrixError(
            f"XᵀX is singular: the columns of X are linearly dependent (column {column} is a "
            f"combination of columns 0..{column - 1}, or X has fewer rows than columns)",
            column=column)
    return b


cdef inline double _lwr_weight(const double* a, const double* b, Py_ssize_t n,
                               double two_tau2) noexcept nogil:
    cdef double d2 = 0.0, diff
    cdef Py_ssize_t j
    for j in range(n):
        diff = a[j] - b[j]
        d2 = d2 + diff * diff
    return exp(-d2 / two_tau2)


def lwr_weights(X, x, tau):
    """LR-14: w⁽ⁱ⁾ = exp(−‖x⁽ⁱ⁾ − x‖² / (2τ²))."""
    X = as_matrix(X, "X")
    x = as_vector(x, "x", X.shape[1], "the rows of X")
    tau = positive(tau, "tau")
    cdef const double[:, ::1] Xv = X
    cdef const double[::1] xv = x
    w = np.empty(X.shape[0])
    cdef double[::1] wv = w
    cdef double two_tau2 = 2 * tau * tau
    cdef Py_ssize_t i
    with nogil:
        for i in range(Xv.shape[0]):
            wv[i] = _lwr_weight(&Xv[i, 0], &xv[0], Xv.shape[1], two_tau2)
    return w


def lwr_weights_sigma(X, x, Sigma_inv):
    """LR-14 (fn 4): w⁽ⁱ⁾ = exp(−(x⁽ⁱ⁾ − x)ᵀ Σ⁻¹ (x⁽ⁱ⁾ − x) / 2)."""
    X = as_matrix(X, "X")
    x = as_vector(x, "x", X.shape[1], "the rows of X")
    S = as_matrix(Sigma_inv, "Sigma_inv")
    if S.shape != (X.shape[1], X.shape[1]):
        raise ValueError(f"Sigma_inv must be {X.shape[1]}x{X.shape[1]} to match the rows of X")
    D = X - x
    q = np.einsum("ij,jk,ik->i", D, S, D)
    if (q < 0).any():
        raise ValueError("Sigma_inv is not positive semi-definite: (x⁽ⁱ⁾ − x)ᵀ Σ⁻¹ (x⁽ⁱ⁾ − x) < 0")
    return np.exp(-q / 2)


cdef int _weighted_solve(const double[:, ::1] X, const double[::1] y, const double[::1] w,
                         double[::1, :] A, double[::1] b) noexcept nogil:
    """Accumulate XᵀWX (upper triangle) and XᵀWy in one pass, then solve by Cholesky."""
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
    return _cholesky_solve(A, b)


def weighted_normal_equations(X, y, w):
    """LR-14: θ solving XᵀWXθ = XᵀWy."""
    X, y = _design(X, y)
    w = as_vector(w, "w", X.shape[0], "X")
    if (w < 0).any():
        raise ValueError("w must be non-negative")
    n = X.shape[1]
    A = np.empty((n, n), order="F")
    b = np.empty(n)
    cdef int column
    cdef const double[:, ::1] Xv = X
    cdef const double[::1] yv = y
    cdef const double[::1] wv = w
    cdef double[::1, :] Av = A
    cdef double[::1] bv = b
    with nogil:
        column = _weighted_solve(Xv, yv, wv, Av, bv)
    if column >= 0:
        raise SingularMatrixError(
            f"XᵀWX is singular: the weighted columns of X are linearly dependent (column {column}); "
            "too few examples carry weight near the query (increase tau)", column=column)
    return b


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


cdef void _squared_distances(const double[:, ::1] X, const double[:, ::1] Q, Py_ssize_t start,
                             double[:, ::1] D) noexcept nogil:
    cdef Py_ssize_t m = X.shape[0], n = X.shape[1], b, i, j
    cdef double d2, diff
    for b in range(D.shape[0]):
        for i in range(m):
            d2 = 0.0
            for j in range(n):
                diff = X[i, j] - Q[start + b, j]
                d2 = d2 + diff * diff
            D[b, i] = d2


cdef int _solve_packed(const double[::1] G, const double[::1] q, Py_ssize_t n, double[::1, :] A,
                       double[::1] b, double* prediction) noexcept nogil:
    """Unpack (upper XᵀWX, XᵀWy) from G, solve by Cholesky, prediction = θᵀq."""
    cdef Py_ssize_t j, k, c = 0
    for k in range(n):
        for j in range(k + 1):
            A[j, k] = G[c]
            c += 1
    for j in range(n):
        b[j] = G[c]
        c += 1
    k = _cholesky_solve(A, b)
    if k < 0:
        prediction[0] = _dot(&b[0], &q[0], n)
    return k


QUERY_BLOCK = 256


def lwr_predict(X, y, queries, tau):
    """LR-14: at each query x, θ from the weighted normal equations, output θᵀx.

    All queries share X, so XᵀWX and XᵀWy for a block of queries are one matrix product
    W · P of the weights (one row per query) with the per-example products P computed once."""
    X, y = _design(X, y)
    queries = as_matrix(queries, "queries")
    if queries.shape[1] != X.shape[1]:
        raise ValueError(f"queries have {queries.shape[1]} columns but X has {X.shape[1]}")
    tau = positive(tau, "tau")
    cdef Py_ssize_t m = X.shape[0], n = X.shape[1], nq = queries.shape[0], start, b, width
    width = n * (n + 1) // 2 + n
    P = np.empty((m, width))
    _row_products(X, y, P)
    out = np.empty(nq)
    A = np.empty((n, n), order="F")
    bvec = np.empty(n)
    cdef double[::1, :] Av = A
    cdef double[::1] bv = bvec, ov = out
    cdef const double[:, ::1] Qv = queries
    cdef const double[:, ::1] Gv
    cdef double two_tau2 = 2 * tau * tau
    cdef int column = -1
    for start in range(0, nq, QUERY_BLOCK):
        D = np.empty((min(QUERY_BLOCK, nq - start), m))
        _squared_distances(X, queries, start, D)
        np.divide(D, -two_tau2, out=D)
        G = np.exp(D, out=D) @ P
        Gv = G
        with nogil:
            for b in range(Gv.shape[0]):
                column = _solve_packed(Gv[b], Qv[start + b], n, Av, bv, &ov[start + b])
                if column >= 0:
                    break
        if column >= 0:
            raise SingularMatrixError(
                f"XᵀWX is singular at query {start + b}: the weighted columns of X are linearly "
                f"dependent (column {column}); too few examples carry weight near it (increase tau)",
                column=column)
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
