"""Compiled loops shared by cs229.fast.logistic_regression and cs229.fast.glm (LG-3 … LG-5, NW-2,
GLM-4): the GLM gradient pass, gradient ascent, Newton / IRLS and the separation test.

A family is a code (BERNOULLI, GAUSSIAN, POISSON, GAMMA) and, for the gamma, its shape k (1 is the
exponential). Inputs arrive validated (float64, C-contiguous, finite, targets in the support).
The gradient pass keeps the reference's order (examples in order, each added into every
component before the next), so gradient-ascent iterates are the reference's bit for bit; Newton
forms XᵀWX with BLAS (dsyrk) and solves it by Cholesky (LAPACK), agreeing to rounding.
"""
import numpy as np

from libc.math cimport exp, fabs, isfinite, lgamma, log, sqrt
from scipy.linalg.cython_blas cimport dsyrk

from cs229.reference.linalg import SingularMatrixError
from cs229.reference.logistic_regression import SeparableDataError
from cs229.reference.results import ConvergenceError, IterativeResult

cdef enum:
    C_BERNOULLI = 0
    C_GAUSSIAN = 1
    C_POISSON = 2
    C_GAMMA = 3

cdef enum:  # status of a pass over the examples
    OK = 0
    OUT_OF_DOMAIN = 1
    NOT_FINITE = 2

BERNOULLI, GAUSSIAN, POISSON, GAMMA = C_BERNOULLI, C_GAUSSIAN, C_POISSON, C_GAMMA

include "_inline_math.pxi"
include "_cholesky.pxi"


def family_code(fam):
    """(code, shape) for a reference ExponentialFamily with T(y) = y."""
    name = fam.name
    if name == "bernoulli":
        return BERNOULLI, 0.0
    if name == "gaussian":
        return GAUSSIAN, 0.0
    if name == "poisson":
        return POISSON, 0.0
    if fam.shape:
        return GAMMA, float(fam.shape)
    raise ValueError(f"family: {name} has no compiled form")


cdef inline int _mean_weight(int code, double k, double eta, double* mu, double* w) noexcept nogil:
    """μ = g(η) (canonical response) and w = a″(η) (the variance) for one example."""
    cdef double e
    if code == C_BERNOULLI:
        if eta >= 0:
            e = exp(-eta)
            mu[0] = 1.0 / (1.0 + e)
            w[0] = mu[0] * (e / (1.0 + e))
        else:
            e = exp(eta)
            mu[0] = e / (1.0 + e)
            w[0] = mu[0] * (1.0 / (1.0 + e))
    elif code == C_GAUSSIAN:
        mu[0] = eta
        w[0] = 1.0
    elif code == C_POISSON:
        mu[0] = exp(eta)
        w[0] = mu[0]
    else:
        if not eta < 0:
            return OUT_OF_DOMAIN
        mu[0] = -k / eta
        w[0] = k / (eta * eta)
    if not (isfinite(mu[0]) and isfinite(w[0])):
        return NOT_FINITE
    return OK


cdef int _gradient_pass(const double[:, ::1] X, const double[::1] y, const double[::1] theta,
                        int code, double k, double[::1] g) noexcept nogil:
    """g = Σᵢ (y⁽ⁱ⁾ − g(θᵀx⁽ⁱ⁾)) x⁽ⁱ⁾ in the reference's order."""
    cdef Py_ssize_t m = X.shape[0], n = X.shape[1], i, j
    cdef double mu, w, r
    cdef int status
    for j in range(n):
        g[j] = 0.0
    for i in range(m):
        status = _mean_weight(code, k, _dot(&X[i, 0], &theta[0], n), &mu, &w)
        if status != OK:
            return status
        r = y[i] - mu
        for j in range(n):
            g[j] = g[j] + r * X[i, j]
    return OK


cdef bint _separated(const double[:, ::1] X, const double[::1] y, const double[::1] theta) noexcept nogil:
    cdef Py_ssize_t m = X.shape[0], n = X.shape[1], i
    cdef double z
    for i in range(m):
        z = _dot(&X[i, 0], &theta[0], n)
        if (z <= 0) if y[i] == 1.0 else (z >= 0):
            return False
    return True


def separated(X, y, theta):
    """LG-3: every example classified strictly correctly by θ (validated inputs)."""
    cdef const double[:, ::1] Xv = X
    cdef const double[::1] yv = y
    cdef const double[::1] tv = theta
    cdef bint out
    with nogil:
        out = _separated(Xv, yv, tv)
    return bool(out)


def _domain_error(name, code):
    return ValueError(f"{name}: η = θᵀx is outside the family's domain (the gamma and exponential "
                      "families need η < 0 at every example)")


def gradient(X, y, theta, int code, double k, name="gradient"):
    """GLM-4, LG-4: Σᵢ (y⁽ⁱ⁾ − g(θᵀx⁽ⁱ⁾)) x⁽ⁱ⁾ (validated inputs)."""
    g = np.empty(X.shape[1])
    cdef const double[:, ::1] Xv = X
    cdef const double[::1] yv = y
    cdef const double[::1] tv = theta
    cdef double[::1] gv = g
    cdef int status
    with nogil:
        status = _gradient_pass(Xv, yv, tv, code, k, gv)
    if status == OUT_OF_DOMAIN:
        raise _domain_error(name, code)
    if status == NOT_FINITE:
        raise OverflowError(f"{name}: g(θᵀx) overflows at this θ")
    return g


def log_likelihood(X, y, theta, int code, double k):
    """GLM-4: Σᵢ log b(y⁽ⁱ⁾) + η y⁽ⁱ⁾ − a(η), η = θᵀx⁽ⁱ⁾ (validated inputs)."""
    cdef const double[:, ::1] Xv = X
    cdef const double[::1] yv = y
    cdef const double[::1] tv = theta
    cdef Py_ssize_t m = X.shape[0], n = X.shape[1], i
    cdef double total = 0.0, eta, a, log_b
    cdef int bad = 0
    with nogil:
        for i in range(m):
            eta = _dot(&Xv[i, 0], &tv[0], n)
            if code == C_BERNOULLI:
                log_b, a = 0.0, _softplus(eta)
            elif code == C_GAUSSIAN:
                log_b, a = -yv[i] * yv[i] / 2 - log(2 * 3.141592653589793) / 2, eta * eta / 2
            elif code == C_POISSON:
                log_b, a = -lgamma(yv[i] + 1), exp(eta)
            else:
                if not eta < 0:
                    bad = 1
                    break
                log_b = (k - 1) * log(yv[i]) - lgamma(k) if k > 1 else 0.0
                a = -k * log(-eta)
            total = total + (log_b + eta * yv[i] - a)
    if bad:
        raise _domain_error("log_likelihood", code)
    return total


def _stack(path):
    return None if path is None else np.array(path)


def ascent(X, y, theta, double alpha, int max_iterations, tol, bint average, bint record,
           int code, double k, name, bint check_separation):
    """LG-5, GLM-4: θ := θ + α Σᵢ (y⁽ⁱ⁾ − g(θᵀx⁽ⁱ⁾)) x⁽ⁱ⁾ (÷ m when ``average``), the reference's
    iterates; stopping, separation and divergence as in the reference."""
    cdef const double[:, ::1] Xv = X
    cdef const double[::1] yv = y
    cdef Py_ssize_t n = X.shape[1], j
    cdef double m = X.shape[0], step, size, tolerance = tol if tol is not None else 0.0
    cdef bint test = tol is not None, done = 0, finite = 1
    cdef int it, status = OK
    current = theta.copy()
    new = np.empty(n)
    g = np.empty(n)
    cdef double[::1] t = current, t_new = new, gv = g
    path = [current.copy()] if record else None
    for it in range(1, max_iterations + 1):
        with nogil:
            status = _gradient_pass(Xv, yv, t, code, k, gv)
            if status == OK:
                step = 0.0
                size = 0.0
                finite = 1
                for j in range(n):
                    if average:
                        gv[j] = gv[j] / m
                    t_new[j] = t[j] + alpha * gv[j]
                    finite = finite and isfinite(t_new[j])
                    step = max(step, fabs(t_new[j] - t[j]))
                    size = max(size, fabs(t_new[j]))
                done = test and step <= tolerance * (1 + size)
        if status != OK:
            reason = "η left the family's domain" if status == OUT_OF_DOMAIN else "g(θᵀx) overflowed"
            raise ConvergenceError(f"{name} diverged at iteration {it}: {reason} (lower alpha)",
                                   IterativeResult(current, it - 1, False, _stack(path)))
        if record:
            path.append(new.copy())
        if not finite:
            raise ConvergenceError(f"{name} diverged at iteration {it}: θ is no longer finite "
                                   f"(alpha={alpha} is too large)",
                                   IterativeResult(current, it - 1, False, _stack(path)))
        current[:] = new
        if test and check_separation and separated(X, y, current):
            raise _separable(name, it, current, path)
        if done:
            return IterativeResult(current, it, True, _stack(path))
    result = IterativeResult(current, max_iterations, False if test else None, _stack(path))
    if test:
        raise ConvergenceError(f"{name} did not converge in {max_iterations} iterations (tol={tol}); "
                               "raise max_iterations or alpha", result)
    return result


def _separable(name, it, theta, path):
    return SeparableDataError(
        f"{name}: the data are linearly separable (the iterate of step {it} classifies every "
        "example correctly), so the likelihood approaches 1 as ‖θ‖ grows and no maximum "
        "likelihood θ exists; regularise, or use the perceptron for a separating θ",
        IterativeResult(theta, it, False, _stack(path)))


cdef int _newton_pass(const double[:, ::1] X, const double[::1] y, const double[::1] theta,
                      int code, double k, double[::1] g, double[:, ::1] Z) noexcept nogil:
    """g = Xᵀ(y − μ) in the reference's order, and Z = diag(√w) X so that XᵀWX = ZᵀZ."""
    cdef Py_ssize_t m = X.shape[0], n = X.shape[1], i, j
    cdef double mu, w, r, s
    cdef int status
    for j in range(n):
        g[j] = 0.0
    for i in range(m):
        status = _mean_weight(code, k, _dot(&X[i, 0], &theta[0], n), &mu, &w)
        if status != OK:
            return status
        r = y[i] - mu
        s = sqrt(w)
        for j in range(n):
            g[j] = g[j] + r * X[i, j]
            Z[i, j] = s * X[i, j]
    return OK


def cholesky_solve(A, b):
    """(x, column): x solving A x = b for symmetric A by Cholesky, or (None, column) when the
    pivot of ``column`` vanishes (A singular to working precision)."""
    F = np.asfortranarray(A, dtype=np.float64).copy(order="F")
    x = np.array(b, dtype=np.float64)
    cdef double[::1, :] Fv = F
    cdef double[::1] xv = x
    cdef int column
    with nogil:
        column = _cholesky_solve(Fv, xv)
    return (x, -1) if column < 0 else (None, column)


def weighted_gram(Z):
    """ZᵀZ (upper triangle, Fortran order) by dsyrk."""
    cdef const double[:, ::1] Zv = Z
    cdef int m = Z.shape[0], n = Z.shape[1]
    A = np.zeros((n, n), order="F")
    cdef double[::1, :] Av = A
    cdef double one = 1.0, zero = 0.0
    cdef char uplo = b'U', notrans = b'N'
    with nogil:
        # Z is C-ordered m×n, i.e. Fortran-ordered n×m (Zᵀ): ZᵀZ = Zᵀ (Zᵀ)ᵀ.
        dsyrk(&uplo, &notrans, &n, &m, &one, <double*> &Zv[0, 0], &n, &zero, &Av[0, 0], &n)
    return A


def newton(X, y, theta, int max_iterations, double tol, bint record, int code, double k, name,
           bint check_separation):
    """NW-2, GLM-4: θ := θ + (XᵀWX)⁻¹Xᵀ(y − g(Xθ)), W = diag(a″(θᵀx)), as in the reference."""
    cdef const double[:, ::1] Xv = X
    cdef const double[::1] yv = y
    cdef Py_ssize_t m = X.shape[0], n = X.shape[1], j
    cdef int it, status, column
    cdef double step, size
    cdef bint done
    current = theta.copy()
    g = np.empty(n)
    Z = np.empty((m, n))
    cdef double[::1] t = current, gv = g
    cdef double[:, ::1] Zv = Z
    cdef double[::1, :] Av
    path = [current.copy()] if record else None
    for it in range(1, max_iterations + 1):
        with nogil:
            status = _newton_pass(Xv, yv, t, code, k, gv, Zv)
        if status != OK:
            if it == 1 and status == OUT_OF_DOMAIN:
                raise _domain_error("theta", code)
            if it == 1:
                raise OverflowError(f"{name}: g(θᵀx) overflows at the starting θ")
            reason = "η left the family's domain" if status == OUT_OF_DOMAIN else "g(θᵀx) overflowed"
            raise ConvergenceError(f"{name} diverged at iteration {it}: {reason}",
                                   IterativeResult(current, it - 1, False, _stack(path)))
        A = weighted_gram(Z)
        Av = A
        with nogil:
            column = _cholesky_solve(Av, gv)
        if column >= 0:
            raise SingularMatrixError(
                f"{name}: the Hessian −XᵀWX is singular at iteration {it} (column {column} of X "
                "depends on the columns before it, on the examples that carry weight)", column=column)
        new = current + g
        if record:
            path.append(new.copy())
        if not np.isfinite(new).all():
            raise ConvergenceError(f"{name} diverged at iteration {it}: θ is no longer finite",
                                   IterativeResult(current, it - 1, False, _stack(path)))
        step = np.abs(new - current).max()
        size = np.abs(new).max()
        done = step <= tol * (1 + size)
        current[:] = new
        if check_separation and separated(X, y, current):
            raise _separable(name, it, current, path)
        if done:
            return IterativeResult(current, it, True, _stack(path))
    raise ConvergenceError(
        f"{name} did not converge in {max_iterations} iterations (tol={tol}); if ‖θ‖ keeps growing "
        "the MLE may not exist (e.g. separable labels, or counts that are all 0 on a half-space)",
        IterativeResult(current, max_iterations, False, _stack(path)))
