"""Compiled twins of cs229.reference.softmax (catalog SM-2 … SM-4).

The per-example softmax (max subtracted, exponentials summed left to right) and the gradient
pass keep the reference's order, so gradient-ascent iterates are the reference's bit for bit on up
to 4,096 rows; past them ∇ℓ is summed over blocks of rows added in block order (X-7,
``gradient_chunk``), to rounding, and ``gradient_ascent_fit`` drives it here and in
cs229.distributed.softmax.
Newton builds the (k−1)n × (k−1)n Hessian from BLAS products of weighted copies of X and solves
by Cholesky (LAPACK): the same answer to rounding. Its passes sum ℓ, ∇ℓ, −H and the separation
test over blocks of rows added in block order (X-7, ``newton_chunk``), so that
cs229.distributed.softmax, mapping the same function over chunks of whole blocks, has the same
iterates bit for bit; ``newton_fit`` is the driver of both.
"""
import numpy as np

from libc.math cimport INFINITY, exp, fabs, log, sqrt
from libc.stdlib cimport free, malloc
from scipy.linalg.cython_blas cimport dsyrk

from cs229.fast._inline_math cimport dot
from cs229.fast._path cimport stacked
from cs229.fast._summation cimport HALF_BLOCK, Block, block, block_done, blocks_of

from cs229.fast import _glm_core as core
from cs229.fast._summation import gram_chunk, partials, sum_chunk
from cs229.fast.linear_regression import weighted_root_rows
from cs229.fast._validation import (as_class_labels, as_matrix, as_sample_weights, as_vector,
                                    check_length, same_length)
from cs229.reference.linalg import SingularMatrixError
from cs229.reference.newton import (classes_carry_weight, column_system, maximise, number_of_classes,
                                   options, rounding_bound)
from cs229.reference.parameters import batch_schedule, flag, penalty, prior as prior_kind
from cs229.reference.results import (ConvergenceError, IterativeResult, SeparableDataError,
                                     alpha_too_large, iterate, separable_error)
from cs229.reference.messages import error
from cs229.reference.softmax import (NEWTON_ADVICE, SEPARATED, capped, newton_callbacks,
                                     singular_newton)

__all__ = [
    "softmax", "log_sum_exp", "natural_parameters", "probabilities", "hypothesis", "predict",
    "log_likelihood", "gradient", "hessian", "gradient_ascent", "newton", "cross_entropy",
    "SeparableDataError", "IterativeResult", "ConvergenceError",
]


cdef inline double _max(const double* v, Py_ssize_t k) noexcept nogil:
    cdef double top = v[0]
    cdef Py_ssize_t l
    for l in range(1, k):
        if v[l] > top:
            top = v[l]
    return top


cdef inline void _softmax_inplace(double* v, Py_ssize_t k) noexcept nogil:
    """v := softmax(v) with the maximum subtracted, sums left to right (the reference's order)."""
    cdef double top = _max(v, k), total = 0.0
    cdef Py_ssize_t l
    for l in range(k):
        v[l] = exp(v[l] - top)
        total = total + v[l]
    for l in range(k):
        v[l] = v[l] / total


cdef inline double _lse(const double* v, Py_ssize_t k) noexcept nogil:
    cdef double top = _max(v, k), total = 0.0
    cdef Py_ssize_t l
    for l in range(k):
        total = total + exp(v[l] - top)
    return top + log(total)


cdef inline void _eta(const double* x, const double[:, ::1] Theta, Py_ssize_t n, double* eta) noexcept nogil:
    cdef Py_ssize_t l, K = Theta.shape[0]
    for l in range(K):
        eta[l] = dot(&Theta[l, 0], x, n)
    eta[K] = 0.0


def _parameters(Theta, n):
    Theta = as_matrix(Theta, "Theta")
    if Theta.shape[1] != n:
        raise error("theta_rows", m=Theta.shape[1], n=n)
    return Theta


def _design(X, y, Theta, sample_weight=None):
    """X, y, Θ and the sample weights (X-2: None, or float64 >= 0 per row, not all 0)."""
    X = as_matrix(X, "X")
    Theta = _parameters(Theta, X.shape[1])
    y = as_class_labels(y, Theta.shape[0] + 1, "y", module=__name__)
    same_length(X, y)
    return X, y, Theta, as_sample_weights(sample_weight, X)


def _carrying(X, y, weight):
    """X-2: the examples of weight > 0, as (X, y) (all rows without weights), as the
    reference's ``_carrying``."""
    if weight is None:
        return X, y
    kept = weight > 0
    return np.ascontiguousarray(X[kept]), np.ascontiguousarray(y[kept])


cdef const double* _weights(weight) noexcept:
    """X-2: the entries of validated float64 sample weights, or NULL for None; the caller holds
    the array while the pointer is in use."""
    cdef const double[::1] view
    if weight is None:
        return NULL
    view = weight
    return &view[0]


def softmax(eta):
    """SM-2: φᵢ = e^(ηᵢ − M) / Σⱼ e^(ηⱼ − M), M = max η."""
    out = as_vector(eta, "eta").copy()
    cdef double[::1] v = out
    _softmax_inplace(&v[0], v.shape[0])
    return out


def log_sum_exp(eta):
    """SM-2: M + log Σⱼ e^(ηⱼ − M)."""
    a = as_vector(eta, "eta")
    cdef const double[::1] v = a
    return _lse(&v[0], v.shape[0])


def natural_parameters(x, Theta):
    """SM-3: (θ₁ᵀx, ..., θ_{k−1}ᵀx, 0)."""
    x = as_vector(x, "x")
    Theta = _parameters(Theta, x.shape[0])
    out = np.empty(Theta.shape[0] + 1)
    cdef const double[::1] xv = x
    cdef double[::1] o = out
    _eta(&xv[0], Theta, xv.shape[0], &o[0])
    return out


def _probabilities(X, Theta):
    out = _etas(X, Theta)
    cdef double[:, ::1] o = out
    cdef Py_ssize_t i
    with nogil:
        for i in range(o.shape[0]):
            _softmax_inplace(&o[i, 0], o.shape[1])
    return out


def probabilities(X, Theta):
    """SM-3: p(y = i | x⁽ʳ⁾; θ) for every row r and class i = 1..k (an m × k array)."""
    X = as_matrix(X, "X")
    return _probabilities(X, _parameters(Theta, X.shape[1]))


def hypothesis(x, Theta):
    """SM-3: h_θ(x) = (φ₁, ..., φ_{k−1})."""
    out = natural_parameters(x, Theta)
    cdef double[::1] v = out
    _softmax_inplace(&v[0], v.shape[0])
    return out[:out.shape[0] - 1].copy()  # wraparound is off: no negative indices


def predict(X, Theta):
    """SM-3: the most probable class in 1..k (the smallest on a tie)."""
    X = as_matrix(X, "X")
    Theta = _parameters(Theta, X.shape[1])
    return (np.argmax(_etas(X, Theta), axis=1) + 1).astype(np.int64)


def _etas(X, Theta):
    cdef Py_ssize_t m = X.shape[0], n = X.shape[1], K = Theta.shape[0], i
    out = np.empty((m, K + 1))
    cdef const double[:, ::1] Xv = X
    cdef const double[:, ::1] Tv = Theta
    cdef double[:, ::1] o = out
    with nogil:
        for i in range(m):
            _eta(&Xv[i, 0], Tv, n, &o[i, 0])
    return out


def log_likelihood(X, y, Theta, sample_weight=None):
    """SM-4: Σᵢ η_{y⁽ⁱ⁾} − log Σⱼ e^ηⱼ; X-2: Σᵢ wᵢ(…)."""
    X, y, Theta, weight = _design(X, y, Theta, sample_weight)
    return _log_likelihood(X, y, Theta, weight)[0]


def _log_likelihood(X, y, Theta, weight=None):
    """(ℓ(θ), the bound on its rounding error), the reference's order; X-2: each term times its
    sample weight (the unweighted loop is the notes' ℓ, untouched)."""
    cdef Py_ssize_t m = X.shape[0], n = X.shape[1], K = Theta.shape[0], i
    cdef const double[:, ::1] Xv = X
    cdef const double[:, ::1] Tv = Theta
    cdef const Py_ssize_t[::1] yv = y
    cdef const double* wv = _weights(weight)
    cdef double total = 0.0, size = 0.0, top
    cdef double* eta = <double*> malloc((K + 1) * sizeof(double))
    if eta == NULL:
        raise MemoryError("softmax log-likelihood: no memory for η")
    try:
        with nogil:
            if wv == NULL:
                for i in range(m):
                    _eta(&Xv[i, 0], Tv, n, eta)
                    top = _lse(eta, K + 1)
                    total = total + (eta[yv[i] - 1] - top)
                    size = size + fabs(eta[yv[i] - 1]) + fabs(top)
            else:
                for i in range(m):
                    _eta(&Xv[i, 0], Tv, n, eta)
                    top = _lse(eta, K + 1)
                    total = total + wv[i] * (eta[yv[i] - 1] - top)
                    size = size + wv[i] * (fabs(eta[yv[i] - 1]) + fabs(top))
    finally:
        free(eta)
    return total, rounding_bound(m, size)


def cross_entropy(p, p_hat):
    """SM-4 (002 §1.3.4): −Σ_y p(y) log p̂(y), terms with p(y) = 0 left out."""
    p = as_vector(p, "p")
    p_hat = as_vector(p_hat, "p_hat")
    check_length(p, "p", p_hat.shape[0], "p_hat")
    used = p != 0
    if not (p_hat[used] > 0).all():
        raise error("p_hat")
    total = 0.0
    for a, b in zip(p[used], p_hat[used]):
        total -= a * log(b)
    return total


cdef void _gradient_block(const double[:, ::1] X, const Py_ssize_t[::1] y, const double[:, ::1] Theta,
                          Block here, double* phi, const double* weight) noexcept nogil:
    """One block's partial of ∇ℓ (K×n, row by row) into ``here.part``, its examples in the
    reference's order; X-2: each example's residuals times its sample weight (``weight`` NULL:
    none)."""
    cdef Py_ssize_t n = X.shape[1], K = Theta.shape[0], i, l, j
    cdef double r
    cdef double* G = here.part
    for j in range(K * n):
        G[j] = 0.0
    for i in range(here.start, here.start + here.rows):
        _eta(&X[i, 0], Theta, n, phi)
        _softmax_inplace(phi, K + 1)
        for l in range(K):
            r = (1.0 if y[i] == l + 1 else 0.0) - phi[l]
            if weight != NULL:
                r = weight[i] * r
            for j in range(n):
                G[l * n + j] = G[l * n + j] + r * X[i, j]


def gradient_chunk(X, y, Theta, total=None, weight=None):
    """SM-4, X-7's map step for softmax gradient ascent: on a chunk of rows whose first row
    starts a block, each block's partial of ∇ℓ = Σᵢ (1{y⁽ⁱ⁾ = l} − φ_l) x⁽ⁱ⁾ (K×n entries, row
    by row), one row per block; with ``total``, added into it in block order instead. X-2: the
    chunk's sample ``weight``s. Validated float64 C-contiguous X, intp labels y, Θ (K×n)."""
    cdef const double[:, ::1] Xv = X
    cdef const double[:, ::1] Tv = Theta
    cdef const Py_ssize_t[::1] yv = y
    cdef const double* wv = _weights(weight)
    cdef Py_ssize_t m = X.shape[0], size = Theta.shape[0] * Theta.shape[1], b, i
    parts, store = partials(m, size, total)
    cdef double[:, ::1] pv = parts
    cdef double[::1] out = total if not store else parts[0]
    cdef bint keep = store
    cdef Block here
    cdef double* phi = <double*> malloc((Theta.shape[0] + 1) * sizeof(double))
    if phi == NULL:
        raise MemoryError("softmax gradient: no memory for φ")
    try:
        with nogil:
            for i in range(size):
                if not keep:
                    out[i] = 0.0
            for b in range(blocks_of(m)):
                here = block(b, m, &pv[0, 0], size, keep)
                _gradient_block(Xv, yv, Tv, here, phi, wv)
                block_done(here, &out[0], size, keep)
    finally:
        free(phi)
    return parts if store else total


def _gradient(X, y, Theta, weight=None):
    """∇ℓ (K×n) summed over blocks of rows added in block order (X-7): the reference's order
    within a block, so its bits on up to 4,096 rows."""
    return gradient_chunk(X, y, Theta, np.empty(Theta.size), weight).reshape(Theta.shape)


def gradient(X, y, Theta, sample_weight=None):
    """SM-4: ∂ℓ/∂θ_l = Σᵢ (1{y⁽ⁱ⁾ = l} − φ_l) x⁽ⁱ⁾, the reference's order; X-2: Σᵢ wᵢ(…)."""
    X, y, Theta, weight = _design(X, y, Theta, sample_weight)
    return _gradient(X, y, Theta, weight)


def _symmetric(upper):
    U = np.triu(upper)
    return U + np.triu(U, 1).T


# ---- ℓ, ∇ℓ, −H and the separation test in one pass, block by block (X-7's map step) -------------
# Damped Newton asks ℓ at the step it tries, then the system and the separation test at the same
# θ: one pass serves all three (η and φ once per example). The pass runs over the blocks of
# fast/_summation.pxd: each block's sums are a partial of their own, and the partials are added
# left to right in block order, so that a chunk of whole blocks on another machine
# (cs229.distributed.softmax) gives the same partials and the same sums bit for bit.

cdef enum:
    # rows per rank-k update of the Hessian's factors within a block: two per block, each
    # update's copied rows still in cache
    NEWTON_ROWS = HALF_BLOCK


def newton_size(Py_ssize_t K, Py_ssize_t n):
    """The entries of one block's partials in ``newton_chunk``, N = Kn: N² (−Σ (φ ⊗ x)(φ ⊗ x)ᵀ,
    upper triangle, Fortran order), nN (the diagonal blocks Σ φ_l(1 − φ_l) x xᵀ side by side,
    upper triangles), N (∇ℓ), then ℓ, the size of ℓ's parts and the examples θ does not put
    strictly in their own class."""
    return K * n * K * n + n * K * n + K * n + 3


cdef inline void _newton_example(const double* x, Py_ssize_t yi, double c, bint weighted,
                                 const double[:, ::1] Theta, Py_ssize_t n, double* phi,
                                 double* g, double* ell, double* Phi, double* Z) noexcept nogil:
    """One example's terms: its ℓ term and size into ell[0..2], the miss of the separation test
    (η of another class not strictly below its own; X-2: none for weight 0) into ell[2], its
    residuals times x into g, and its rows of Φ and of the diagonal blocks' factors (X-2: times
    √wᵢ, the residuals and ℓ times wᵢ). ℓ's log Σⱼ e^ηⱼ is the softmax's own sum (``_lse``'s
    value, bit for bit)."""
    cdef Py_ssize_t K = Theta.shape[0], l, j
    cdef double own, other, top, total = 0.0, lse, r, s, root = 1.0
    _eta(x, Theta, n, phi)
    own = phi[yi - 1]
    other = -INFINITY
    for l in range(K + 1):
        # a NaN stays (numpy's max): then the test fails, as ``_separated``'s
        if l != yi - 1 and (phi[l] > other or phi[l] != phi[l]):
            other = phi[l]
    if (not weighted or c > 0) and not (other < own):
        ell[2] = ell[2] + 1.0
    top = _max(phi, K + 1)
    for l in range(K + 1):
        phi[l] = exp(phi[l] - top)
        total = total + phi[l]
    lse = top + log(total)
    if weighted:
        ell[0] = ell[0] + c * (own - lse)
        ell[1] = ell[1] + c * (fabs(own) + fabs(lse))
        root = sqrt(c)
    else:
        ell[0] = ell[0] + (own - lse)
        ell[1] = ell[1] + fabs(own) + fabs(lse)
    for l in range(K + 1):
        phi[l] = phi[l] / total
    for l in range(K):
        r = (1.0 if yi == l + 1 else 0.0) - phi[l]
        if weighted:
            r = c * r
            s = sqrt(c * (phi[l] * (1.0 - phi[l])))
            for j in range(n):
                Phi[l * n + j] = (root * phi[l]) * x[j]
        else:
            s = sqrt(phi[l] * (1.0 - phi[l]))
            for j in range(n):
                Phi[l * n + j] = phi[l] * x[j]
        for j in range(n):
            g[l * n + j] = g[l * n + j] + r * x[j]
            Z[l * n + j] = s * x[j]


cdef void _newton_block(const double[:, ::1] X, const Py_ssize_t[::1] y, const double[:, ::1] Theta,
                        Py_ssize_t start, int rows, double[:, ::1] Phi, double[:, ::1] Z,
                        double* phi, double* part, const double* weight) noexcept nogil:
    """One block's partials into ``part`` (the layout of ``newton_size``): its examples in order,
    NEWTON_ROWS at a time, each group's Φ and diagonal factors added by dsyrk (the first group
    writes, the next adds)."""
    cdef Py_ssize_t n = X.shape[1], K = Theta.shape[0], N = K * n, done = 0, r, i, l, j
    cdef double* A = part
    cdef double* D = part + N * N
    cdef double* g = D + n * N
    cdef double* ell = g + N
    cdef int NN = <int> N, nn = <int> n, krows
    cdef double one = 1.0, minus_one = -1.0, beta = 0.0
    cdef char uplo = b'U', notrans = b'N'
    for j in range(N + 3):
        g[j] = 0.0
    while done < rows:
        krows = <int> min(<Py_ssize_t> NEWTON_ROWS, rows - done)
        for r in range(krows):
            i = start + done + r
            _newton_example(&X[i, 0], y[i], 1.0 if weight == NULL else weight[i], weight != NULL,
                            Theta, n, phi, g, ell, &Phi[r, 0], &Z[r, 0])
        # the group's rows of Φ (krows × N, C order) are, to BLAS, the N × krows Fortran matrix Φᵀ
        dsyrk(&uplo, &notrans, &NN, &krows, &minus_one, &Phi[0, 0], &NN, &beta, A, &NN)
        for l in range(K):
            dsyrk(&uplo, &notrans, &nn, &krows, &one, &Z[0, l * n], &NN, &beta, D + l * n * n, &nn)
        beta = 1.0
        done += krows


def newton_chunk(X, y, Theta, total=None, weight=None):
    """SM-4, X-7's map step for softmax Newton: on a chunk of rows whose first row starts a
    block, each block's partials (``newton_size``: −H's off-diagonal products, its diagonal
    blocks, ∇ℓ, ℓ(Θ), the size of ℓ's parts, the examples Θ does not put strictly in their own
    class), one row per block; with ``total``, added into it in block order instead. X-2: the
    chunk's sample ``weight``s (rows of weight 0 out of the separation test). Validated float64
    C-contiguous X, intp labels y, Θ (K×n)."""
    cdef const double[:, ::1] Xv = X
    cdef const Py_ssize_t[::1] yv = y
    cdef const double[:, ::1] Tv = Theta
    cdef const double* wv = _weights(weight)
    cdef Py_ssize_t m = X.shape[0], K = Theta.shape[0], n = X.shape[1], b
    cdef Py_ssize_t size = newton_size(K, n)
    parts, store = partials(m, size, total)
    Phi = np.empty((min(<Py_ssize_t> NEWTON_ROWS, m), K * n))
    Z = np.empty((min(<Py_ssize_t> NEWTON_ROWS, m), K * n))
    cdef double[:, ::1] pv = parts, Pv = Phi, Zv = Z
    cdef double[::1] out = total if not store else parts[0]
    cdef bint keep = store
    cdef Block here
    cdef double* phi = <double*> malloc((K + 1) * sizeof(double))
    if phi == NULL:
        raise MemoryError("softmax Newton: no memory for φ")
    try:
        with nogil:
            for b in range(blocks_of(m)):
                here = block(b, m, &pv[0, 0], size, keep)
                _newton_block(Xv, yv, Tv, here.start, here.rows, Pv, Zv, phi, here.part, wv)
                block_done(here, &out[0], size, keep)
    finally:
        free(phi)
    return parts if store else total


def _system(total, K, n):
    """(−H, ∇ℓ) over the stacked parameters from a pass's total: the off-diagonal blocks
    −Σ φ_l φ_l′ x xᵀ from the rank-k updates of Φ = [φ₁ ∘ X | ... | φ_{k−1} ∘ X], the diagonal
    blocks Σ φ_l(1 − φ_l) x xᵀ from those of √(φ_l(1 − φ_l)) ∘ X (not as a difference, which
    would cancel when φ_l ≈ 1)."""
    N = K * n
    A = _symmetric(total[:N * N].reshape((N, N), order="F"))
    D = total[N * N:N * N + n * N].reshape((n, N), order="F")
    for l in range(K):
        A[l * n:(l + 1) * n, l * n:(l + 1) * n] = _symmetric(D[:, l * n:(l + 1) * n])
    return np.ascontiguousarray(A), total[N * N + n * N:N * N + n * N + N].copy()


def hessian(X, y, Theta, sample_weight=None):
    """SM-4: H over the stacked θ, block (l, l′) = −Σᵢ φ_l(δ_{ll′} − φ_{l′}) x⁽ⁱ⁾x⁽ⁱ⁾ᵀ; X-2:
    −Σᵢ wᵢ(…), every row of Φ and of the diagonal blocks' factors times √wᵢ."""
    X, y, Theta, weight = _design(X, y, Theta, sample_weight)
    A, _ = _system(Passes(X, y, Theta.shape[0], weight).newton(Theta), *Theta.shape)
    return -A


def _separated(X, y, Theta):
    eta = _etas(X, Theta)
    own = eta[np.arange(X.shape[0]), y - 1].copy()
    eta[np.arange(X.shape[0]), y - 1] = -np.inf
    return bool((eta.max(axis=1) < own).all())


def gradient_ascent(X, y, Theta, alpha, max_iterations=10_000, tol=1e-10, average=False,
                    record=False, lam=0, penalize_intercept=False, sample_weight=None, prior="notes"):
    """SM-4: θ_l := θ_l + α Σᵢ (1{y⁽ⁱ⁾ = l} − φ_l) x⁽ⁱ⁾, the reference's iterates (to rounding
    past one block of 4,096 rows: ∇ℓ is summed over blocks, X-7), by the reference's loop
    (cs229.reference.results.iterate) around the compiled gradient pass. X-2: the terms times
    wᵢ, ``average`` dividing by Σ wᵢ (summed over blocks)."""
    X, y, Theta, weight = _design(X, y, Theta, sample_weight)
    return gradient_ascent_fit(Passes(X, y, Theta.shape[0], weight), Theta, alpha, max_iterations,
                               tol, average, record, lam, penalize_intercept, prior)


def gradient_ascent_fit(passes, Theta, alpha, max_iterations, tol, average, record, lam,
                        penalize_intercept, prior):
    """``gradient_ascent`` from a validated Θ (K×n) on data whose sums over the examples
    ``passes`` takes (``Passes`` in memory; cs229.distributed.softmax's over chunks)."""
    alpha, max_iterations, tol, average, record, lam, first = batch_schedule(
        alpha, max_iterations, tol, average, record, lam, penalize_intercept, float64=True)
    symmetric = prior_kind(prior) == "symmetric"
    m = passes.m if passes.weight is None else passes.weight_total()

    def update(Theta):
        G = passes.gradient(Theta)
        with np.errstate(over="ignore", invalid="ignore"):
            if lam and symmetric:  # X-1: as results.symmetric_gradient
                G = G - lam * _centred_rows(Theta, first)
            elif lam:  # X-1: ∇ℓ − λθ′, entry by entry as results.penalised_gradient
                G[:, first:] = G[:, first:] - lam * Theta[:, first:]
            return Theta + alpha * (G / m if average else G)

    def check(Theta, it, path):
        if tol is not None and not lam and passes.separated(Theta):
            raise separable_error("softmax gradient ascent", it, Theta, stacked(path), SEPARATED)

    return iterate("softmax gradient ascent", update, Theta.copy(), max_iterations, tol, record,
                   check, hint=alpha_too_large(alpha), arithmetic=core.ARRAYS)


def _centred_rows(Theta, first):
    """X-1: θ_l − (1/k) Σ_m θ_m (k = K + 1, θ_k = 0), the sum in row order and the entries before
    ``first`` 0, as the reference's ``results.centred_rows`` (its entries, bit for bit)."""
    total = Theta[0].copy()
    for row in Theta[1:]:
        total = total + row
    centred = Theta - total / (Theta.shape[0] + 1)
    centred[:, :first] = 0.0
    return centred


def newton(X, y, Theta=None, max_iterations=100, tol=1e-10, record=False, damping=True, lam=0,
           penalize_intercept=False, sample_weight=None, prior="notes"):
    """SM-4: Newton's method on the stacked parameters, t halved from 1 until ℓ does not
    decrease (``damping``); ``Theta=None`` starts at 0 with k the largest label; separable
    classes (or one class separable from the rest) raise SeparableDataError, a singular H
    SingularMatrixError; the reference's iterates to rounding. X-2: ``sample_weight``, the
    rows of weight 0 out of the separation tests; with Theta=None every class must carry weight.
    X-7: each pass's sums are block sums (``newton_chunk``), cs229.distributed.softmax's bit
    for bit."""
    if Theta is None:
        X = as_matrix(X, "X")
        labels = as_class_labels(y, float("inf"), "y", module=__name__)
        k = number_of_classes(labels)
        if sample_weight is not None:  # X-2: every class must carry weight
            same_length(X, labels)
            classes_carry_weight(labels.tolist(), as_sample_weights(sample_weight, X).tolist(), k)
        Theta = np.zeros((k - 1, X.shape[1]))
    X, y, Theta, weight = _design(X, y, Theta, sample_weight)
    return newton_fit(Passes(X, y, Theta.shape[0], weight), Theta, max_iterations, tol, record,
                      damping, lam, penalize_intercept, prior)


def newton_fit(passes, Theta, max_iterations, tol, record, damping, lam, penalize_intercept, prior):
    """``newton`` from a validated Θ (K×n) on data whose sums over the examples ``passes``
    takes (``Passes`` in memory; cs229.distributed.softmax's over chunks)."""
    max_iterations, tol, damping, _ = options(max_iterations, tol, damping, float64=True, starts=None)
    record = flag(record, "record")
    lam, first = penalty(lam, penalize_intercept, float64=True)
    K, n = Theta.shape
    classes = (K + 1,) if prior_kind(prior) == "symmetric" else ()
    system, log_likelihood, separated = _callbacks(passes, K, n)

    def shape(flat):
        return flat.reshape(K, n)

    def check(Theta, it, path):
        if separated(Theta):
            raise separable_error("softmax Newton", it, Theta, stacked(path), SEPARATED)

    def apart(Theta):
        return [l + 1 for l, on_top in enumerate(passes.classes_apart(Theta)) if on_top]

    def singular(e, it, Theta):
        return singular_newton(e, it, Theta, n, apart, lambda: _column_dependence(passes))

    try:
        return maximise("softmax Newton", Theta.ravel(), system, log_likelihood, max_iterations,
                        tol, record, damping, None if lam else check, singular, shape,
                        advice=NEWTON_ADVICE, exact=(newton_callbacks, passes.data),
                        terms=passes.m, arithmetic=core.ARRAYS, penalty=(lam, first, n, *classes))
    except ConvergenceError as e:
        if lam:
            raise
        raise capped(e, max_iterations, apart(e.result.theta)) from None


def _callbacks(passes, K, n):
    """(system, log_likelihood, separated) of Θ for cs229.reference.newton.maximise from one
    pass per Θ: the driver asks ℓ at a step, then the system and the separation test at the
    same Θ, which the pass kept answers."""
    kept = []  # [(θ, the pass's total)] at the last θ

    def run(theta):
        theta = np.ascontiguousarray(theta, dtype=np.float64).ravel()
        if not (kept and np.array_equal(kept[0][0], theta)):
            kept[:] = [(theta.copy(), passes.newton(theta.reshape(K, n)))]
        return kept[0][1]

    def system(theta):
        return _system(run(theta), K, n)

    def log_likelihood(theta):
        total = run(theta)
        return float(total[-3]), rounding_bound(passes.m, float(total[-2]))

    def separated(Theta):
        return run(Theta)[-1] == 0

    return system, log_likelihood, separated


class Passes:
    """X-7: the sums over the examples that softmax Newton takes, on X, labels y and sample
    ``weight``s (X-2, or None) in memory, by its map step over the whole X (one chunk, its
    partials added in block order); cs229.distributed.softmax has a class with the same methods
    over chunks. ``data`` is the reference's ``newton_callbacks``'s arguments, as the 50-digit
    referee reads them."""

    def __init__(self, X, y, K, weight=None):
        self.X, self.y, self.K, self.weight = X, y, K, weight
        self.m, self.n = X.shape
        self.data = (X, y, K, weight)
        self._carried = None

    def newton(self, Theta):
        """The pass's total of ``newton_chunk`` at Θ."""
        return newton_chunk(self.X, self.y, Theta, np.zeros(newton_size(self.K, self.n)),
                            self.weight)

    def classes_apart(self, Theta):
        """For each class, whether Θ puts it strictly on top exactly at its own examples."""
        return classes_apart(self.X, self.y, Theta, self.weight)

    def gradient(self, Theta):
        """∇ℓ at Θ (K×n), summed over blocks (``gradient_chunk``)."""
        return _gradient(self.X, self.y, Theta, self.weight)

    def weight_total(self):
        """Σw over blocks (``sum_chunk``)."""
        return sum_chunk(self.weight, np.zeros(1))[0]

    def separated(self, Theta):
        """Θ puts every example of weight > 0 strictly in its own class (the separation test)."""
        if self._carried is None:
            self._carried = _carrying(self.X, self.y, self.weight)
        return _separated(*self._carried, Theta)

    def columns(self):
        """(XᵀX's upper triangle over the examples of weight > 0 (``column_rows``, summed by
        ``gram_chunk``), their number, those examples as the referee reads them)."""
        X_on = self.X if self.weight is None else self.X[self.weight > 0]
        return gram_chunk(*column_rows(self.X, self.weight), np.zeros(self.n * self.n + self.n)), \
            X_on.shape[0], X_on


def column_rows(X, weight):
    """The rows of X whose Gram sums are XᵀX over the examples of weight > 0 (X-2: the others
    zero, √1·x = x exactly) and a zero target for ``gram_chunk``."""
    y = np.zeros(X.shape[0])
    if weight is None:
        return X, y
    return weighted_root_rows(X, y, (weight > 0).astype(np.float64))


def _column_dependence(passes):
    """As the reference's ``newton.column_dependence`` on the examples of weight > 0: XᵀX's
    SingularMatrixError, or None."""
    n = passes.n
    total, carrying, X_on = passes.columns()
    A = np.asfortranarray(total[:n * n].reshape((n, n), order="F"))
    try:
        core.solve_gram(A, np.zeros(n), "XᵀX", (column_system, (X_on,)), carrying)
    except SingularMatrixError as e:
        return e
    except OverflowError:
        return None
    return None


def classes_apart(X, y, Theta, weight=None):
    """For each class l = 1..k, whether Θ puts it strictly on top at exactly its own examples
    (the reference's ``_separated_classes``), over the examples of weight > 0 (X-2)."""
    if weight is not None:
        X, y = _carrying(X, y, weight)
    eta = _etas(X, Theta)
    m, k = eta.shape
    apart = np.empty(k, dtype=bool)
    own = np.zeros((m, k), dtype=bool)
    own[np.arange(m), y - 1] = True
    for l in range(k):
        others = np.delete(eta, l, axis=1)
        apart[l] = ((eta[:, l][:, None] > others).all(axis=1) == own[:, l]).all()
    return apart


# ---- docstrings: the reference twin's text, one home for both faces (cs229.fast._docs) -----------

from cs229.fast._docs import adopt as _adopt  # noqa: E402
from cs229.reference import softmax as _twin  # noqa: E402

_adopt(globals(), _twin)
