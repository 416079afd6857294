"""Compiled loops shared by cs229.fast.logistic_regression and cs229.fast.glm (LG-3 … LG-5, NW-2,
GLM-4): the GLM gradient pass, gradient ascent, the passes of Newton / IRLS (run by the
reference's driver, cs229.reference.newton.maximise, with ``ARRAYS``) and the separation test.

A family is a code (BERNOULLI, GAUSSIAN, POISSON, GAMMA) and, for the gamma, its shape k (1 is the
exponential). Inputs arrive validated (float64, C-contiguous, finite, targets in the support).
Every pass sums over blocks of rows added in block order (X-7, the summation form,
fast/_summation.pxd). Within a block the gradient pass keeps the reference's order (examples in
order, each added into every component before the next), so gradient-ascent iterates on one
block's rows (m <= 4,096) are the reference's bit for bit and agree to rounding past it; Newton
sums ℓ, ∇ℓ and XᵀWX (BLAS dsyrk) by blocks and solves by Cholesky (LAPACK), agreeing to rounding.
"""
import numpy as np

from libc.float cimport DBL_EPSILON
from libc.math cimport exp, fabs, isfinite, lgamma, log, log1p, sqrt
from cython.parallel cimport prange, threadid
from scipy.linalg.cython_blas cimport dsyrk

from cs229.fast._cholesky cimport (GRAM_BORDERLINE, GRAM_NO_MEMORY, GRAM_OVERFLOWED,
                                   GRAM_SOLVED, cholesky_solve)
from cs229.fast._inline_math cimport dot, softplus
from cs229.fast._parallel cimport CHUNKS_PER_THREAD
from cs229.fast._path cimport stacked
from cs229.fast._threads cimport NEWTON_PASS, loop_done, loop_threads
from cs229.fast._summation cimport BLOCK, Block, add_into, block, block_done, blocks_of

from cs229.fast._summation import partials, sum_chunk
from cs229.fast._validation import cores_of

from cs229.reference import linalg as _linalg
from cs229.reference.linalg import SingularMatrixError
from cs229.reference.glm import overflow
from cs229.reference.messages import error
from cs229.reference.newton import (ELL_NOT_FINITE, add_penalty, no_counts, one_label,
                                    rounding_bound)
from cs229.reference.results import NOT_FINITE as THETA_NOT_FINITE
from cs229.reference.results import (LEFT_DOMAIN, LOWER_ALPHA, OVERFLOWED,
                                     IterativeResult, StepFailed, divergence, not_converged,
                                     separable_error)

cdef enum:
    C_BERNOULLI = 0
    C_GAUSSIAN = 1
    C_POISSON = 2
    C_GAMMA = 3
    C_LEAST_SQUARES = 4  # LR-3: no family, ∇J of ½Σ(θᵀx − y)² (the Gaussian's −∇ℓ), for descent

cdef enum:  # status of a pass over the examples
    OK = 0
    OUT_OF_DOMAIN = 1
    NOT_FINITE = 2

BERNOULLI, GAUSSIAN, POISSON, GAMMA, LEAST_SQUARES = (C_BERNOULLI, C_GAUSSIAN, C_POISSON, C_GAMMA,
                                                      C_LEAST_SQUARES)


# ---- the Gram solve: the Python face of fast/_cholesky.pxd --------------------------------------
# Its home is here, beside Newton / IRLS, its main user: the normal equations of
# cs229.fast.linear_regression (the Gaussian family's one Newton step) import it from here, as
# softmax does, so that the solve and its error messages have one home.

def _gram_failure(code, A, prefix):
    """The error for a ``cholesky_solve`` that could not run: MemoryError or OverflowError."""
    if code == GRAM_NO_MEMORY:
        return MemoryError(f"{prefix}: no memory for the Cholesky factorisation")
    return OverflowError(f"{prefix} overflows (the products of the entries are too large for "
                         "float64); rescale the columns of X or y")


def solve_gram(A, b, prefix="A", exact=None, double terms=0.0):
    """x with A x = b for a symmetric positive semi-definite A (upper triangle read), or the
    error of ``_gram_failure``. A and b are left as they are. A zero column (A_kk <= 0) is
    singular, the first one named; a pivot the float test cannot decide (``cholesky_solve``
    says GRAM_BORDERLINE) goes to the
    reference's ``gram_referee`` with ``exact`` = (f, args), the original inputs (default: A
    and b), as the reference's solve_gram does: both faces follow its verdict."""
    return solve_gram_with_error(A, b, prefix, exact, terms)[0]


def solve_gram_with_error(A, b, prefix="A", exact=None, double terms=0.0):
    """``solve_gram``'s (x, ρ), ρ the reference's bound on the relative error of x
    (reference/linalg.py's ``solve_gram_with_error``)."""
    F = np.array(A, dtype=np.float64, order="F")
    x = np.array(b, dtype=np.float64)
    cdef double[::1, :] Fv = F
    cdef double[::1] xv = x
    cdef int code, n = F.shape[0]
    cdef double beta = 1.0
    with nogil:
        code = cholesky_solve(Fv, xv, terms, &beta)
    if code == GRAM_SOLVED:
        return x, n * n * beta * 2 * (terms + n + 8) * DBL_EPSILON
    if code >= 0:  # a zero column, decided as the reference does (no rounding to judge)
        raise _singular(prefix, code, {})
    if code == GRAM_BORDERLINE:
        if exact is None:
            full = np.triu(A) + np.triu(A, 1).T
            exact = (_given, (full, np.asarray(b, dtype=np.float64)))
        try:
            return np.array(_linalg.gram_referee(exact, n)), DBL_EPSILON / 2
        except SingularMatrixError as e:
            raise _singular(prefix, e.column, e.combination) from None
        except OverflowError:
            raise _gram_failure(GRAM_OVERFLOWED, A, prefix) from None
    raise _gram_failure(code, A, prefix)


def _given(A, b):
    return A, b


def _singular(prefix, k, combination, of=" of X", name="column", suffix=""):
    return _linalg.SingularMatrixError(
        f"{prefix} is singular: {_linalg.dependence(k, combination, name, of)}{suffix}",
        column=k, combination=combination)


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


cdef const double* _data(offset) noexcept:
    """The entries of a validated float64 ``offset`` array (X-5), or NULL for None; the caller
    holds the array while the pointer is in use."""
    cdef const double[::1] view
    if offset is None:
        return NULL
    view = offset
    return &view[0]


cdef inline double _weight(const double* weight, Py_ssize_t i) noexcept nogil:
    """X-2: the sample weight of example i, 1 without weights (c·v is then v, bit for bit)."""
    return 1.0 if weight == NULL else weight[i]


cdef inline double _eta(const double[:, ::1] X, Py_ssize_t i, const double[::1] theta,
                        const double* offset) noexcept nogil:
    """η = θᵀx⁽ⁱ⁾ (+ oᵢ, X-5), summed as the reference's ``newton.linear_predictor``."""
    cdef double eta = dot(&X[i, 0], &theta[0], X.shape[1])
    if offset != NULL:
        eta = eta + offset[i]
    return eta


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
                        Py_ssize_t start, Py_ssize_t stop, int code, double k, double* g,
                        const double* offset, const double* weight) noexcept nogil:
    """g = Σᵢ (y⁽ⁱ⁾ − g(θᵀx⁽ⁱ⁾)) x⁽ⁱ⁾ over rows start … stop − 1 in the reference's order. As the
    reference's g(η), only e^η of a finite η fails (OverflowError there, NOT_FINITE here); an η or
    a μ that is not finite otherwise flows into g (a gradient step then leaves the finite numbers)."""
    cdef Py_ssize_t n = X.shape[1], i, j
    cdef double eta, mu, w, r
    cdef int status
    for j in range(n):
        g[j] = 0.0
    for i in range(start, stop):
        eta = _eta(X, i, theta, offset)
        status = _mean_weight(code, k, eta, &mu, &w)
        if status == OUT_OF_DOMAIN or (status == NOT_FINITE and code == C_POISSON and isfinite(eta)):
            return status
        r = y[i] - mu
        if weight != NULL:
            r = weight[i] * r
        for j in range(n):
            g[j] = g[j] + r * X[i, j]
    return OK


cdef void _least_squares_pass(const double[:, ::1] X, const double[::1] y, const double[::1] theta,
                              Py_ssize_t start, Py_ssize_t stop, double* g) noexcept nogil:
    """LR-3, LR-5: g = Σᵢ (θᵀx⁽ⁱ⁾ − y⁽ⁱ⁾) x⁽ⁱ⁾ over rows start … stop − 1. Eight rows are in flight
    at once so that their dot products (each a chain of dependent additions) overlap, but each
    row's dot runs left to right and the rows are added into g in order, exactly as the reference
    sums."""
    cdef Py_ssize_t n = X.shape[1], i = start, j, r
    cdef double res[8]
    cdef double acc
    cdef const double* t = &theta[0]
    for j in range(n):
        g[j] = 0.0
    while i + 8 <= stop:
        for r in range(8):
            res[r] = 0.0
        for j in range(n):
            for r in range(8):
                res[r] = res[r] + X[i + r, j] * t[j]
        for r in range(8):
            res[r] = res[r] - y[i + r]
        for j in range(n):
            acc = g[j]
            for r in range(8):
                acc = acc + res[r] * X[i + r, j]
            g[j] = acc
        i += 8
    while i < stop:
        res[0] = dot(&X[i, 0], t, n) - y[i]
        for j in range(n):
            g[j] = g[j] + res[0] * X[i, j]
        i += 1


cdef int _gradient_block(const double[:, ::1] X, const double[::1] y, const double[::1] theta,
                         Block here, int code, double k, const double* offset,
                         const double* weight) noexcept nogil:
    """One block's partial of ∇J (least squares, ``code`` C_LEAST_SQUARES, never failing) or of
    the family's ∇ℓ (with the ``offset``, X-5, and the sample ``weight``, X-2) into ``here.part``."""
    cdef Py_ssize_t stop = here.start + here.rows
    if code == C_LEAST_SQUARES:
        _least_squares_pass(X, y, theta, here.start, stop, here.part)
        return OK
    return _gradient_pass(X, y, theta, here.start, stop, code, k, here.part, offset, weight)


cdef int _gradient_blocks(const double[:, ::1] X, const double[::1] y, const double[::1] theta,
                          int code, double k, double* parts, bint keep, double* total,
                          const double* offset, const double* weight) noexcept nogil:
    """X-7: the gradient's partials block after block, kept (one row of ``parts`` each) or added
    into ``total`` (zeroed here) in block order; the first failing block's status, where the
    pass stops."""
    cdef Py_ssize_t n = X.shape[1], b, j
    cdef Block here
    cdef int status
    if not keep:
        for j in range(n):
            total[j] = 0.0
    for b in range(blocks_of(X.shape[0])):
        here = block(b, X.shape[0], parts, n, keep)
        status = _gradient_block(X, y, theta, here, code, k, offset, weight)
        if status != OK:
            return status
        block_done(here, total, n, keep)
    return OK


def gradient_size(Py_ssize_t n):
    """The entries of one block's partial in ``gradient_chunk``: n."""
    return n


def gradient_chunk(X, y, theta, int code, double k, total=None, offset=None, weight=None):
    """LR-3, LG-4, GLM-4, X-7's map step for gradient methods: on a chunk of rows whose first row
    starts a block, each block's partial of Σᵢ (y⁽ⁱ⁾ − g(θᵀx⁽ⁱ⁾)) x⁽ⁱ⁾ (least squares: of
    Σᵢ (θᵀx⁽ⁱ⁾ − y⁽ⁱ⁾) x⁽ⁱ⁾), summed in the reference's order within the block; with ``total``,
    added into it in block order instead (the whole gradient). Returns (the partials or the
    total, the first failing block's status, 0 when none fails). Validated inputs."""
    cdef const double[:, ::1] Xv = X
    cdef const double[::1] yv = y
    cdef const double[::1] tv = theta
    cdef const double* ov = _data(offset)
    cdef const double* wv = _data(weight)
    parts, store = partials(X.shape[0], X.shape[1], total)
    cdef double[:, ::1] pv = parts
    cdef double[::1] out = total if not store else parts[0]
    cdef bint keep = store
    cdef int status
    with nogil:
        status = _gradient_blocks(Xv, yv, tv, code, k, &pv[0, 0], keep, &out[0], ov, wv)
    return (parts if store else total), status


cdef bint _separated(const double[:, ::1] X, const double[::1] y, const double[::1] theta) noexcept nogil:
    cdef Py_ssize_t m = X.shape[0], n = X.shape[1], i
    cdef double z
    for i in range(m):
        z = dot(&X[i, 0], &theta[0], n)
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


# The compiled passes know the family by its code only (see cs229.reference.glm for the
# reference's words, which name the family and η).
OUTSIDE_DOMAIN = ("η = θᵀx is outside the family's domain (the gamma and exponential families need "
                  "η < 0 at every example)")


def _domain_error(name, code):
    return ValueError(f"{name}: {OUTSIDE_DOMAIN}")


def gradient(X, y, theta, int code, double k, name="gradient", offset=None, weight=None):
    """GLM-4, LG-4: Σᵢ (y⁽ⁱ⁾ − g(θᵀx⁽ⁱ⁾)) x⁽ⁱ⁾ (η = θᵀx⁽ⁱ⁾ + oᵢ with an ``offset``, X-5); LR-3
    (``code`` LEAST_SQUARES): ∇J = Σᵢ (θᵀx⁽ⁱ⁾ − y⁽ⁱ⁾) x⁽ⁱ⁾ (validated inputs). X-2: each
    term times its sample ``weight``. Summed over blocks (X-7, ``gradient_chunk``)."""
    g, status = gradient_chunk(X, y, theta, code, k, np.empty(X.shape[1]), offset, weight)
    if status == OUT_OF_DOMAIN:
        raise _domain_error(name, code)
    if status == NOT_FINITE:
        raise OverflowError(overflow(name))
    return g


# The batch loop of LR-5, LG-5 and GLM-4 stays compiled for speed: the reference's
# ``results.iterate`` around the compiled pass took 2.7x the CPU time at m = 200, n = 5 (5% more
# at m = 20,000, n = 20); its stopping test, order of checks and messages are iterate's.
def ascent(passes, theta, double alpha, int max_iterations, tol, bint average, bint record,
           name, bint check_separation, hint="", advice="", double lam=0.0, Py_ssize_t first=1):
    """LG-5, GLM-4: θ := θ + α Σᵢ (y⁽ⁱ⁾ − g(θᵀx⁽ⁱ⁾)) x⁽ⁱ⁾ (÷ m when ``average``); LR-5 (the code
    LEAST_SQUARES): θ := θ − α Σᵢ (θᵀx⁽ⁱ⁾ − y⁽ⁱ⁾) x⁽ⁱ⁾. The reference's iterates (to rounding
    past one block of rows: the sum is taken over blocks, X-7); stopping, separation, divergence
    and their messages (``hint``, ``advice``) as cs229.reference.results.iterate.
    X-1: ``lam`` > 0 adds the penalty's −λθⱼ (+λθⱼ in descent) for j >= ``first`` to the sum
    before the division by m, as cs229.reference.results.penalised_gradient; no separation test
    then (the MAP exists). X-5: η = θᵀx⁽ⁱ⁾ + oᵢ with an ``offset``; X-2: the sum's terms
    times their sample ``weight``, ``average`` dividing by Σ wᵢ (summed over blocks).
    ``passes`` holds the family's code, the data and its sums: ``Passes`` in memory (the pass
    compiled here, without the GIL), or cs229.distributed's over chunks (its ``gradient``)."""
    cdef const double[:, ::1] Xv
    cdef const double[::1] yv
    cdef const double* ov = NULL
    cdef const double* wv = NULL
    cdef bint compiled = isinstance(passes, Passes)
    cdef int code = passes.code
    cdef double k = passes.k
    cdef Py_ssize_t n = theta.shape[0], j
    cdef double m, step, size, tolerance = tol if tol is not None else 0.0
    cdef bint test = tol is not None, done = 0, finite = 1, descent = code == C_LEAST_SQUARES
    cdef bint penalised = lam != 0.0
    cdef int it, status = OK
    if compiled:
        Xv = passes.X
        yv = passes.y
        ov = _data(passes.offset)
        wv = _data(passes.weight)
    m = passes.m if passes.weight is None else passes.weight_total()
    current = theta.copy()
    new = np.empty(n)
    g = np.empty(n)
    scratch = np.empty(n)
    cdef double[::1] t = current, t_new = new, gv = g, sv = scratch
    path = [current.copy()] if record else None
    for it in range(1, max_iterations + 1):
        if compiled:
            with nogil:
                status = _gradient_blocks(Xv, yv, t, code, k, &sv[0], False, &gv[0], ov, wv)
        else:
            status = passes.gradient(current, g)
        if status == OK:
            with nogil:
                step = 0.0
                size = 0.0
                finite = 1
                for j in range(n):
                    if penalised and j >= first:
                        gv[j] = gv[j] + lam * t[j] if descent else gv[j] - lam * t[j]
                    if average:
                        gv[j] = gv[j] / m
                    t_new[j] = t[j] - alpha * gv[j] if descent else t[j] + alpha * gv[j]
                    finite = finite and isfinite(t_new[j])
                    step = max(step, fabs(t_new[j] - t[j]))
                    size = max(size, fabs(t_new[j]))
                done = test and step <= tolerance * (1 + size)
                if finite:
                    t[:] = t_new
        if status != OK:
            raise divergence(name, it, (LEFT_DOMAIN if status == OUT_OF_DOMAIN else OVERFLOWED)
                             + LOWER_ALPHA, IterativeResult(current, it - 1, False, stacked(path)))
        if record:
            path.append(new.copy())
        if not finite:
            raise divergence(name, it, THETA_NOT_FINITE + hint,
                             IterativeResult(current, it - 1, False, stacked(path)))
        if test and check_separation and not penalised and passes.separated(current):
            raise _separable(name, it, current, path)
        if done:
            return IterativeResult(current, it, True, stacked(path))
    result = IterativeResult(current, max_iterations, False if test else None, stacked(path))
    if test:
        raise not_converged(name, max_iterations, tol, result, advice)
    return result


def _separable(name, it, theta, path):
    return separable_error(name, it, theta, stacked(path))


cdef int _newton_pass(const double[:, ::1] X, const double[::1] y, const double[::1] theta,
                      int code, double k, double[::1] g, double[:, ::1] Z,
                      const double* offset, const double* weight) noexcept nogil:
    """g = Xᵀ(y − μ) in the reference's order, and Z = diag(√w) X so that XᵀWX = ZᵀZ (X-2:
    y − μ and w times the sample weight)."""
    cdef Py_ssize_t m = X.shape[0], n = X.shape[1], i, j
    cdef double mu, w, r, s
    cdef int status
    g[:] = 0.0
    for i in range(m):
        status = _mean_weight(code, k, _eta(X, i, theta, offset), &mu, &w)
        if status != OK:
            return status
        r = _weight(weight, i) * (y[i] - mu)
        s = sqrt(_weight(weight, i) * w)
        for j in range(n):
            g[j] = g[j] + r * X[i, j]
            Z[i, j] = s * X[i, j]
    return OK


cdef int _system_pass(X, y, theta, int code, double k, g, Z, offset, weight):
    """The Newton pass over validated arrays: g and diag(√w)X into the buffer ``Z``; its status."""
    cdef const double[:, ::1] Xv = X
    cdef const double[::1] yv = y
    cdef const double[::1] tv = theta
    cdef double[::1] gv = g
    cdef double[:, ::1] Zv
    cdef const double* ov = _data(offset)
    cdef const double* wv = _data(weight)
    cdef int status
    Zv = Z
    with nogil:
        status = _newton_pass(Xv, yv, tv, code, k, gv, Zv, ov, wv)
    return status


def weighted_gram(Z):
    """ZᵀZ (upper triangle, Fortran order) by dsyrk."""
    cdef const double[:, ::1] Zv = Z
    cdef int m = <int> Z.shape[0], n = <int> Z.shape[1]
    A = np.zeros((n, n), order="F")
    cdef double[::1, :] Av = A
    cdef double one = 1.0, zero = 0.0
    cdef char uplo = b'U', notrans = b'N'
    if Z.shape[0] > 2147483647:
        raise error("blas_rows", m=Z.shape[0])
    with nogil:
        # Z is C-ordered m×n, i.e. Fortran-ordered n×m (Zᵀ): ZᵀZ = Zᵀ (Zᵀ)ᵀ.
        dsyrk(&uplo, &notrans, &n, &m, &one, <double*> &Zv[0, 0], &n, &zero, &Av[0, 0], &n)
    return A


def _failure(status):
    return StepFailed(LEFT_DOMAIN if status == OUT_OF_DOMAIN else OVERFLOWED)


def glm_system(X, y, int code, double k, offset=None, weight=None):
    """NW-2, GLM-4: a function θ ↦ (XᵀWX (upper triangle), Xᵀ(y − g(η))), W = diag(a″(η)),
    η = Xθ (+ ``offset``, X-5), raising StepFailed where g or a″ is not finite or η leaves the
    domain (one m×n buffer for diag(√w)X, reused); X-2: with the sample ``weight``s."""
    Z = np.empty_like(X)

    def system(theta):
        g = np.empty(X.shape[1])
        cdef int status = _system_pass(X, y, theta, code, k, g, Z, offset, weight)
        if status != OK:
            raise _failure(status)
        return weighted_gram(Z), g
    return system


cdef int _log_likelihood_pass(const double[:, ::1] X, const double[::1] y, const double[::1] theta,
                              int code, double k, double* total, double* size,
                              const double* offset, const double* weight) noexcept nogil:
    """ℓ = Σᵢ log b(y⁽ⁱ⁾) + η y⁽ⁱ⁾ − a(η), η = θᵀx⁽ⁱ⁾ (the reference's terms), and the sizes of
    their parts Σᵢ |ℓᵢ| + |ηy⁽ⁱ⁾| + |a(η)| for the rounding bound."""
    cdef Py_ssize_t m = X.shape[0], n = X.shape[1], i
    cdef int status
    total[0] = 0.0
    size[0] = 0.0
    for i in range(m):
        status = _add_glm_term(code, k, _eta(X, i, theta, offset), y[i], total, size,
                               _weight(weight, i))
        if status != OK:
            return status
    if not isfinite(total[0]):
        return NOT_FINITE
    return OK


cdef inline int _add_glm_term(int code, double k, double eta, double y, double* total,
                              double* size, double c) noexcept nogil:
    """ℓ += c(log b(y) + ηy − a(η)) for one example of sample weight c (X-2; 1 without
    weights, bit for bit the unweighted term); size += |that| + c|ηy| + c|a(η)|."""
    cdef double a, log_b, term
    if code == C_BERNOULLI:
        log_b, a = 0.0, softplus(eta)
    elif code == C_GAUSSIAN:
        log_b, a = -y * y / 2 - log(2 * 3.141592653589793) / 2, eta * eta / 2
    elif code == C_POISSON:
        log_b, a = -lgamma(y + 1), exp(eta)
    else:
        if not eta < 0:
            return OUT_OF_DOMAIN
        log_b = (k - 1) * log(y) - lgamma(k) if k > 1 else 0.0
        a = -k * log(-eta)
    term = c * (log_b + eta * y - a)
    total[0] = total[0] + term
    size[0] = size[0] + fabs(term) + c * fabs(eta * y) + c * fabs(a)
    return OK


cdef inline void _add_logistic_term(double z, double y, double* total, double* size) noexcept nogil:
    """ℓ −= softplus(−z) (y = 1) or softplus(z) (y = 0), the logistic module's form of one term."""
    cdef double term = softplus(-z) if y == 1.0 else softplus(z)
    total[0] = total[0] - term
    size[0] = size[0] + term


def log_likelihood(X, y, theta, int code, double k, offset=None, weight=None):
    """GLM-4: Σᵢ log b(y⁽ⁱ⁾) + η y⁽ⁱ⁾ − a(η), η = θᵀx⁽ⁱ⁾ (+ oᵢ, X-5), each term times its
    sample weight (X-2) (validated inputs)."""
    return glm_log_likelihood(X, y, code, k, offset, weight)(theta)[0]


def glm_log_likelihood(X, y, int code, double k, offset=None, weight=None):
    """GLM-4: a function θ ↦ (ℓ(θ), the bound on its rounding error), raising StepFailed where
    ℓ is not defined or not finite (η = θᵀx⁽ⁱ⁾ + oᵢ with an ``offset``, X-5)."""
    cdef const double[:, ::1] Xv = X
    cdef const double[::1] yv = y

    def ell(theta):
        cdef const double[::1] tv = theta
        cdef double total, size
        cdef const double* ov = _data(offset)
        cdef const double* wv = _data(weight)
        cdef int status
        with nogil:
            status = _log_likelihood_pass(Xv, yv, tv, code, k, &total, &size, ov, wv)
        if status == OUT_OF_DOMAIN:
            raise StepFailed(OUTSIDE_DOMAIN)
        if status != OK:
            raise StepFailed(ELL_NOT_FINITE)
        return total, rounding_bound(Xv.shape[0], size)
    return ell


def bernoulli_log_likelihood(X, y):
    """LG-3: a function θ ↦ (ℓ(θ), its rounding bound), ℓ = −Σᵢ softplus(−z) (y = 1) or
    softplus(z) (y = 0), z = θᵀx⁽ⁱ⁾: the logistic module's form."""
    cdef const double[:, ::1] Xv = X
    cdef const double[::1] yv = y

    def ell(theta):
        cdef const double[::1] tv = theta
        cdef double total = 0.0, size = 0.0
        cdef Py_ssize_t i
        with nogil:
            for i in range(Xv.shape[0]):
                _add_logistic_term(dot(&Xv[i, 0], &tv[0], Xv.shape[1]), yv[i], &total, &size)
        return total, rounding_bound(Xv.shape[0], size)
    return ell


# ---- ℓ and the Newton system in one pass, block by block (X-7's map step) -----------------------
# Damped Newton evaluates ℓ at the step it tries, and, once the step is taken, the system at the
# same θ: one pass over X serves both (η once per example). The pass runs over blocks of BLOCK
# rows (fast/_summation.pxd): each block's ℓ, ∇ℓ and XᵀWX (diag(√w)X formed in the block and
# added by dsyrk while it is still in cache) is a partial sum of its own, and the partials are
# added left to right in block order, so that a chunk of whole blocks on another machine
# (cs229.distributed) gives the same partials and the same sums bit for bit. Within a block ℓ
# and ∇ℓ keep the reference's order.

cdef struct PassStatus:
    bint ell_outside  # some η outside the family's domain in ℓ's terms
    int system        # OK, or the status of the first example whose μ or w fails
    Py_ssize_t row    # that example, counted from the chunk's first row


cdef void _newton_block(const double[:, ::1] X, const double[::1] y, const double[::1] theta,
                        Py_ssize_t start, int rows, int code, double k, bint logistic_form,
                        bint want_ell, double[:, ::1] Zb, double* part, PassStatus* st,
                        const double* offset, const double* weight) noexcept nogil:
    """One block's partials into ``part`` = [XᵀWX's upper triangle (n×n, Fortran order), Xᵀ(y − μ),
    ℓ, the size of ℓ's parts]; ℓ in the logistic module's form or the GLM's (``want_ell``). X-5:
    η = θᵀx⁽ⁱ⁾ + oᵢ with an ``offset``; X-2: y − μ, w and ℓ's terms times the sample ``weight``
    (the GLM form only). ``offset`` and ``weight`` are indexed as X's rows. A failure is recorded
    in ``st`` and the pass goes on (its sums are then not used)."""
    cdef Py_ssize_t n = X.shape[1], r, i, j
    cdef double eta, mu, w, res, s, c, one = 1.0, zero = 0.0
    cdef double* g = part + n * n
    cdef double* total = g + n
    cdef double* size = total + 1
    cdef int status, ni = <int> n
    cdef char uplo = b'U', notrans = b'N'
    total[0] = 0.0
    size[0] = 0.0
    for j in range(n):
        g[j] = 0.0
    for r in range(rows):
        i = start + r
        eta = _eta(X, i, theta, offset)
        c = _weight(weight, i)
        if logistic_form:
            _logistic_example(eta, y[i], want_ell, total, size, &mu, &w)
        else:
            if want_ell and not st.ell_outside:
                if _add_glm_term(code, k, eta, y[i], total, size, c) != OK:
                    st.ell_outside = True
            status = _mean_weight(code, k, eta, &mu, &w)
            if status != OK:
                if st.system == OK:
                    st.system = status
                    st.row = i
                mu = y[i]
                w = 0.0
        res = c * (y[i] - mu)
        s = sqrt(c * w)
        for j in range(n):
            g[j] = g[j] + res * X[i, j]
            Zb[r, j] = s * X[i, j]
    # Zb is C-ordered rows×n, i.e. Fortran-ordered n×rows (its transpose): A = ZbᵀZb.
    dsyrk(&uplo, &notrans, &ni, &rows, &one, &Zb[0, 0], &ni, &zero, part, &ni)


def newton_size(Py_ssize_t n):
    """The entries of one block's partials in ``newton_chunk``: n² + n + 2."""
    return n * n + n + 2


def newton_chunk(X, y, theta, int code, double k, bint logistic_form, bint want_ell, total=None,
                 offset=None, weight=None, Py_ssize_t threads=1):
    """NW-2, GLM-4, X-7's map step for Newton / IRLS: on a chunk of rows whose first row starts a
    block, each block's partials [XᵀWX (upper triangle, n×n Fortran order), Xᵀ(y − g(η)), ℓ(θ)
    (``want_ell``), the size of ℓ's parts], one row per block; with ``total``
    (``newton_size(n)`` entries), added into it in block order instead. η = Xθ (+ the chunk's
    ``offset``, X-5); X-2: the chunk's sample ``weight``s (GLM form). Returns (partials or total,
    ℓ left the domain, the status of the first example whose μ or w fails (0: none), its row in
    the chunk). ``threads`` > 1: the blocks are computed side by side, each into its own row,
    and still added in block order: the same sums bit for bit. Validated float64 C-contiguous
    inputs."""
    cdef BlockTask task
    task.kind = NEWTON_TASK
    task.code, task.k, task.y_bar = code, k, 0.0
    task.logistic_form, task.want_ell = logistic_form, want_ell
    task.offset, task.weight = _data(offset), _data(weight)
    cdef PassStatus st
    out = _window_pass(X, y, theta, task, X.shape[1] * X.shape[1] + X.shape[1] + 2, total, threads, &st)
    return out, bool(st.ell_outside), st.system, st.row


cdef enum:
    NEWTON_TASK = 0  # a block of ``newton_chunk``: ``_newton_block``
    START_TASK = 1   # a block of ``start_chunk``: ``_start_block``


cdef struct BlockTask:
    # what a block of a windowed pass computes, and its arguments beside X, y (and θ)
    int kind
    int code
    double k
    bint logistic_form
    bint want_ell
    double y_bar
    const double* offset
    const double* weight


cdef object _window_pass(X, y, theta, BlockTask task, Py_ssize_t size, total, Py_ssize_t threads,
                         PassStatus* st):
    """The blocks of a chunk (``task``'s, ``size`` entries of partials each): kept one row per
    block (no ``total``; returned), or added into ``total`` in block order (returned). With
    ``threads`` > 1 a window of blocks is computed side by side, each into its own row, and then
    added in block order: the same sums bit for bit. ``st``: the pass's status, merged in block
    order (a start never fails)."""
    cdef const double[:, ::1] Xv = X
    cdef const double[::1] yv = y
    cdef const double[::1] tv = theta
    cdef Py_ssize_t m = X.shape[0], n = X.shape[1], b, first, count
    cdef Py_ssize_t blocks = blocks_of(m)
    threads = max(min(threads, blocks), 1)
    parts, store = partials(m, size, total)
    # Without kept partials, a window of blocks has a row each, so that threads can fill them in
    # any order and the window is then added in block order (one row: the serial pass).
    cdef Py_ssize_t window = blocks if store else _window(blocks, size, threads)
    rows_of_window = parts if store or window == 1 else np.zeros((window, size))
    Zb = np.zeros((threads, min(<Py_ssize_t> BLOCK, m), n))
    cdef double[:, :, ::1] Zv = Zb
    cdef double[:, ::1] pv = rows_of_window
    cdef double[::1] out = total if not store else parts[0]
    cdef bint keep = store
    statuses = np.zeros((window, 3), dtype=np.intp)   # ℓ outside, status, row: per block
    cdef Py_ssize_t[:, ::1] sv = statuses
    st.ell_outside = False
    st.system = OK
    st.row = -1
    with nogil:
        first = 0
        while first < blocks:
            count = min(window, blocks - first)
            if threads > 1:
                for b in prange(count, num_threads=threads, schedule="dynamic"):
                    _window_block(Xv, yv, tv, &task, Zv[threadid()], first, b, keep, pv, sv)
            else:
                for b in range(count):
                    _window_block(Xv, yv, tv, &task, Zv[0], first, b, keep, pv, sv)
            for b in range(count):
                _merge_status(st, &sv[b, 0])
                if not keep:
                    add_into(&out[0], &pv[b, 0], size)
            first += count
    return parts if store else total


cdef enum:
    # the partials a pass holds at once when its blocks run side by side (n = 20: every block of
    # m = 10⁶ rows; n = 1,000: a few per thread)
    WINDOW_BYTES = 1 << 25


cdef Py_ssize_t _window(Py_ssize_t blocks, Py_ssize_t size, Py_ssize_t threads) noexcept:
    """The blocks whose partials are held at once: one on one thread, else as many as
    WINDOW_BYTES hold (at least CHUNKS_PER_THREAD per thread, so that a thread the system puts
    aside holds up a part of its share, not all of it)."""
    if threads <= 1:
        return 1
    return min(blocks, max(WINDOW_BYTES // (8 * size), threads * CHUNKS_PER_THREAD))


cdef void _window_block(const double[:, ::1] X, const double[::1] y, const double[::1] theta,
                        const BlockTask* task, double[:, ::1] Zb, Py_ssize_t first, Py_ssize_t b,
                        bint store, double[:, ::1] rows, Py_ssize_t[:, ::1] statuses) noexcept nogil:
    """Block first + b of the window into its row of ``rows`` (row first + b when the partials
    are kept), its status into ``statuses[b]``."""
    cdef PassStatus st
    cdef Block here = block(first + b, X.shape[0], &rows[0, 0], rows.shape[1], True)
    if not store:
        here.part = &rows[b, 0]
    st.ell_outside = False
    st.system = OK
    st.row = -1
    if task.kind == NEWTON_TASK:
        _newton_block(X, y, theta, here.start, here.rows, task.code, task.k, task.logistic_form,
                      task.want_ell, Zb, here.part, &st, task.offset, task.weight)
    else:
        _start_block(X, y, task.y_bar, task.code, task.k, here.start, here.rows, Zb, here.part,
                     task.offset, task.weight)
    statuses[b, 0] = st.ell_outside
    statuses[b, 1] = st.system
    statuses[b, 2] = st.row


cdef inline void _merge_status(PassStatus* st, const Py_ssize_t* block) noexcept nogil:
    """The pass's status after one more block, in block order: ℓ outside if any block's is; the
    first failing example of the first block that has one."""
    if block[0]:
        st.ell_outside = True
    if st.system == OK and block[1] != OK:
        st.system = <int> block[1]
        st.row = block[2]


cdef inline void _logistic_example(double z, double y, bint want_ell, double* total, double* size,
                                   double* mu, double* w) noexcept nogil:
    """``_add_logistic_term`` and ``_mean_weight`` for the Bernoulli family at one example, with
    e^(−|z|), which both form, formed once: the same values as theirs, bit for bit."""
    cdef double e = exp(-fabs(z)), term
    if want_ell:
        if y == 1.0:
            term = -z + log1p(e) if -z > 0 else log1p(e)    # softplus(−z)
        else:
            term = z + log1p(e) if z > 0 else log1p(e)      # softplus(z)
        total[0] = total[0] - term
        size[0] = size[0] + term
    if z >= 0:
        mu[0] = 1.0 / (1.0 + e)
        w[0] = mu[0] * (e / (1.0 + e))
    else:
        mu[0] = e / (1.0 + e)
        w[0] = mu[0] * (1.0 / (1.0 + e))


def newton_callbacks(X, y, int code, double k, bint logistic_form=False, passes=None,
                     offset=None, weight=None):
    """(system, log_likelihood) for cs229.reference.newton.maximise, the values of
    ``glm_system`` and ``bernoulli_log_likelihood`` (``logistic_form``) or
    ``glm_log_likelihood`` to rounding, from one pass (``newton_chunk``): ℓ at a θ also leaves
    the system at that θ for the system call that follows. ``passes`` (default: ``Passes`` on
    X, y, ``offset``, ``weight``) takes the pass over all the rows (cs229.distributed passes its
    own). X-5: η = θᵀx⁽ⁱ⁾ + oᵢ with an ``offset``; X-2: the sample ``weight``s (the GLM form
    only). The errors are the separate functions': ℓ outside the domain or not finite (GLM
    form), μ or w failing at the first such example."""
    if passes is None:
        passes = Passes(X, y, code, k, logistic_form, offset, weight)
    cdef Py_ssize_t m = passes.m, n = passes.n
    sums = passes.newton
    kept = []  # [(θ, A, g, status)]: the system of the last θ whose ℓ was asked for

    def run(theta, want_ell):
        total, ell_outside, status = sums(theta, want_ell)
        A = np.asfortranarray(total[:n * n].reshape((n, n), order="F"))
        return A, total[n * n:n * n + n].copy(), total[-2], total[-1], ell_outside, status

    def log_likelihood(theta):
        kept.clear()
        A, g, ell, size, ell_outside, status = run(theta, True)
        if ell_outside:
            raise StepFailed(OUTSIDE_DOMAIN)
        if not logistic_form and not isfinite(ell):
            raise StepFailed(ELL_NOT_FINITE)
        kept.append((np.array(theta, dtype=np.float64), A, g, status))
        return float(ell), rounding_bound(m, float(size))

    def system(theta):
        if kept and np.array_equal(kept[0][0], theta):
            _, A, g, status = kept.pop()
        else:
            kept.clear()
            A, g, _, _, _, status = run(theta, False)
        if status != OK:
            raise _failure(status)
        return A, g

    return system, log_likelihood


# ---- the IRLS start, block by block (X-7's map step) ----------------------------------------------

def start_size(Py_ssize_t n):
    """The entries of one block's partials in ``start_chunk``: n² + n."""
    return n * n + n


cdef void _start_block(const double[:, ::1] X, const double[::1] y, double y_bar, int code,
                       double k, Py_ssize_t start, int rows, double[:, ::1] Zb, double* part,
                       const double* offset, const double* weight) noexcept nogil:
    """One block's partials of the IRLS start into ``part`` = [XᵀW₀X's upper triangle (n×n,
    Fortran order), XᵀW₀z₀] at μ₀ = (y + ȳ)/2. X-5: z₀ less the ``offset``; X-2: w₀ times the
    sample ``weight`` (both indexed as X's rows)."""
    cdef Py_ssize_t n = X.shape[1], r, i, j
    cdef double mu, eta, w, z, v, s, one = 1.0, zero = 0.0
    cdef int ni = <int> n
    cdef char uplo = b'U', notrans = b'N'
    for j in range(n):
        part[n * n + j] = 0.0
    for r in range(rows):
        i = start + r
        mu = (y[i] + y_bar) / 2
        _start_example(code, k, mu, &eta, &w)
        # η = θᵀx + o, so the start fits θᵀx to z₀ − o
        z = (eta if offset == NULL else eta - offset[i]) + (y[i] - mu) / w
        w = _weight(weight, i) * w
        v = w * z  # w₀z₀
        s = sqrt(w)
        for j in range(n):
            part[n * n + j] = part[n * n + j] + v * X[i, j]
            Zb[r, j] = s * X[i, j]
    # Zb is C-ordered rows×n, i.e. Fortran-ordered n×rows (its transpose): A = ZbᵀZb.
    dsyrk(&uplo, &notrans, &ni, &rows, &one, &Zb[0, 0], &ni, &zero, part, &ni)


def start_chunk(X, y, double y_bar, int code, double k, total=None, offset=None, weight=None,
                Py_ssize_t threads=1):
    """GLM-4, X-7: on a chunk of rows whose first row starts a block, each block's partials of
    (XᵀW₀X, XᵀW₀z₀) of ``data_start`` at μ₀ = (y + ȳ)/2 (XᵀW₀X's upper triangle, n×n Fortran
    order, then XᵀW₀z₀), one row per block; with ``total`` (``start_size(n)`` entries), added
    into it in block order. X-5: z₀ less the chunk's ``offset``; X-2: w₀ times the chunk's sample
    ``weight``. ``threads`` > 1: the blocks are computed side by side, each into its own row, and
    still added in block order (``_window_pass``, as ``newton_chunk``): the same sums bit for bit."""
    cdef BlockTask task
    task.kind = START_TASK
    task.code, task.k, task.logistic_form, task.want_ell, task.y_bar = code, k, False, False, y_bar
    task.offset, task.weight = _data(offset), _data(weight)
    cdef PassStatus st
    # θ is not read by a start's blocks: y stands in for it
    return _window_pass(X, y, y, task, X.shape[1] * X.shape[1] + X.shape[1], total, threads, &st)


cdef inline void _start_example(int code, double k, double mu, double* eta, double* w) noexcept nogil:
    """η₀ = g⁻¹(μ₀) and w₀ = a″(η₀) for one example."""
    cdef double ignored
    if code == C_BERNOULLI:
        eta[0] = log(mu / (1 - mu))
        _mean_weight(code, k, eta[0], &ignored, w)
    elif code == C_GAUSSIAN:
        eta[0] = mu
        w[0] = 1.0
    elif code == C_POISSON:
        eta[0] = log(mu)
        w[0] = exp(eta[0])
    else:
        eta[0] = -k / mu
        w[0] = k / (eta[0] * eta[0])


def data_start(X, y, int code, double k, exact=None, passes=None, offset=None, weight=None,
               penalty=(0, 1)):
    """GLM-4: the IRLS start of cs229.reference.newton.data_start, the weighted least-squares
    fit of z₀ = η₀ + (y − μ₀)/w₀ (less the ``offset``, X-5) at μ₀ = (y + ȳ)/2, η₀ = g⁻¹(μ₀),
    w₀ = a″(η₀); ``exact`` as the reference's (its data_start_system on the original data), for
    a borderline pivot. X-2: ȳ the weighted mean, w₀ times the sample ``weight``. X-1: with
    ``penalty`` = (λ, first), (XᵀW₀X + λI′)θ₀ = XᵀW₀z₀ (the reference's ``add_penalty``). Σy
    (Σwy and Σw) and the system are summed block by block (``sum_chunk``, ``start_chunk``) by
    ``passes`` (default: ``Passes`` on X, y, ``offset``, ``weight``)."""
    if passes is None:
        passes = Passes(X, y, code, k, False, offset, weight)
    cdef Py_ssize_t m = passes.m, n = passes.n
    sums = passes.y_total()
    y_bar = float(sums[0]) / (m if sums.shape[0] == 1 else float(sums[1]))
    if code == C_BERNOULLI and (y_bar == 0 or y_bar == 1):
        raise one_label(int(passes.first_target()))
    if code == C_POISSON and y_bar == 0:
        raise no_counts()
    total = passes.start(y_bar)
    A = add_penalty(np.asfortranarray(total[:n * n].reshape((n, n), order="F")), *penalty)
    return solve_gram(A, total[n * n:].copy(), "XᵀW₀X", exact, m)


class Arrays:
    """The fast face's arithmetic for the reference's drivers (cs229.reference.newton.maximise,
    cs229.reference.results.iterate; ``results.Lists`` is the reference's): θ a float64 array,
    A⁻¹∇ℓ by Cholesky (LAPACK) on the equilibrated A. The drivers' loops run once per
    iteration, around compiled passes that cost O(mn) or more: written once, in the reference."""

    @staticmethod
    def start(theta):
        return np.array(theta, dtype=np.float64)

    @staticmethod
    def unit(theta):
        return 1.0

    @staticmethod
    def copy(theta):
        return theta.copy()

    @staticmethod
    def diverged(theta):
        return not np.isfinite(theta).all()

    @staticmethod
    def converged(old, new, tol):
        return np.abs(new - old).max() <= tol * (1 + np.abs(new).max())

    @staticmethod
    def stack(path):
        return stacked(path)

    @staticmethod
    def added(theta, s):
        return theta + s

    @staticmethod
    def moved(theta, s, t):
        return theta + t * s

    @staticmethod
    def entries(v):
        return v.tolist()

    @staticmethod
    def diagonal(A):
        return np.diag(A).tolist()

    @staticmethod
    def solve(A, g, exact, terms):
        return solve_gram_with_error(A, g, "−H", exact, terms)


ARRAYS = Arrays()


def separation_check(X, y, name, test=None):
    """For cs229.reference.newton.maximise: raise SeparableDataError when θ separates the data
    (LG-3): ``separated`` on X, y, or ``test(θ)``."""
    def check(theta, it, path):
        if (test(theta) if test is not None else separated(X, y, theta)):
            raise _separable(name, it, theta, path)
    return check


class Passes:
    """X-7: the sums over the examples that a Newton / IRLS fit takes, on X and y in memory (with
    an ``offset``, X-5, and sample ``weight``s, X-2, or None), each by its map step over the
    whole X (one chunk, its partials added in block order). The distributed face has a class
    with the same methods over chunks (cs229.distributed). ``data`` is (X, y) and
    ``extensions`` (offset, weight) as the 50-digit referee reads them."""

    def __init__(self, X, y, int code, double k, bint logistic_form, offset=None, weight=None,
                 n_jobs=1):
        if logistic_form and (offset is not None or weight is not None):
            # the logistic module's ℓ (bernoulli_log_likelihood) has neither: its g and A would
            # disagree with it
            raise TypeError("newton_callbacks: offset and weight are for the GLM form only")
        self.X, self.y, self.offset, self.weight = X, y, offset, weight
        self.cores = cores_of(n_jobs)
        self.code, self.k, self.logistic_form = code, k, logistic_form
        self.m, self.n = X.shape
        self.data = (X, y)
        self.extensions = (offset, weight)

    def newton(self, theta, want_ell):
        """(the pass's total, ℓ left the domain, the first failing status) of ``newton_chunk``."""
        cdef Py_ssize_t threads = loop_threads(NEWTON_PASS, min(self.cores, blocks_of(self.m)))
        out = newton_chunk(self.X, self.y, theta, self.code, self.k, self.logistic_form, want_ell,
                           np.zeros(newton_size(self.n)), self.offset, self.weight, threads)[:3]
        loop_done(NEWTON_PASS, self.m)
        return out

    def y_total(self):
        """[Σy], or [Σwy, Σw] with weights (``sum_chunk``)."""
        return sum_chunk(self.y, np.zeros(1 if self.weight is None else 2), self.weight)

    def weight_total(self):
        """Σw, summed as ``y_total`` sums it."""
        return self.y_total()[1]

    def gradient(self, theta, g):
        """The gradient pass (``gradient_chunk``) into g; its status (0, or the first failing
        block's)."""
        return gradient_chunk(self.X, self.y, theta, self.code, self.k, g, self.offset, self.weight)[1]

    def start(self, y_bar):
        """The IRLS start's sums (``start_chunk``), its blocks on the cores as a Newton pass's."""
        cdef Py_ssize_t threads = loop_threads(NEWTON_PASS, min(self.cores, blocks_of(self.m)))
        out = start_chunk(self.X, self.y, y_bar, self.code, self.k, np.zeros(start_size(self.n)),
                          self.offset, self.weight, threads)
        loop_done(NEWTON_PASS, self.m)
        return out

    def separated(self, theta):
        return separated(self.X, self.y, theta)

    def first_target(self):
        return self.y[0]
