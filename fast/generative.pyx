"""Compiled twins of cs229.reference.generative (catalog MVN-1, GDA-1 … GDA-3, X-3).

GDA's sufficient statistics (two classes or k) come from one pass over X in fixed blocks of
HALF_BLOCK rows (fast/_summation.pxd): each block's rows are sorted by class, centred on the
block's class mean and their scatter added with dsyrk into the block's partial (class sizes,
class means, pooled scatter); the partials are merged in block order with the pairwise update of
Chan, Golub and LeVeque (M += M_b + δδᵀ n_a n_b / (n_a + n_b)), which keeps the cancellation of
the one-pass formula Σxxᵀ − mμμᵀ out. The blocks hold fixed rows of X, so cs229.distributed maps
the same partials over chunks of whole blocks and merges them in the same order (X-7). With
sample weights (X-2) a block's class mean is weighted, its centred rows are scaled by √wᵢ before
dsyrk (Σ wᵢ(x − x̄)(x − x̄)ᵀ), the merge takes the classes' weight totals for n_a and n_b, and
the rows of weight 0 are left out of their block. Multivariate normal log-densities use the
Cholesky factor from dpotrf and forward substitution row by row. Σ is checked by the reference's
``check_covariance`` (a d×d computation) so that both faces refuse the same matrices with the same
message.
"""
import numpy as np

from libc.math cimport INFINITY, log, sqrt
from libc.string cimport memcpy
from scipy.linalg.cython_blas cimport dsyrk
from scipy.linalg.cython_lapack cimport dpotrf, dpotrs

from cython.parallel cimport prange, threadid

from cs229.fast._parallel cimport chunk_count, rows_per_chunk, thread_count
from cs229.fast._summation cimport HALF_BLOCK, Block, add_into, block
from cs229.fast._threads cimport QUADRATIC_FORMS, loop_done, loop_threads

from cs229.fast._summation import partials
from cs229.fast._validation import (as_binary_labels, as_class_labels, as_matrix, as_sample_weights, as_vector,
                                    check_length, cores_of, same_length)
from cs229.reference.messages import error
from cs229.reference import generative as _R
from cs229.reference.generative import (GDAClassesModel, GDAModel, NotPositiveDefiniteError, SingularMatrixError,
                                        ZeroOverZeroError, check_covariance, density_from_log)
from cs229.reference.parameters import unit_interval

__all__ = [
    "ZeroOverZeroError", "SingularMatrixError", "NotPositiveDefiniteError",
    "mvn_log_density", "mvn_log_densities", "mvn_density",
    "GDAModel", "gda_fit", "gda_log_likelihood", "gda_log_joint", "gda_posterior", "gda_predict",
    "gda_logistic_theta",
    "GDAClassesModel", "gda_classes_fit", "gda_classes_log_joint", "gda_classes_log_likelihood",
    "gda_classes_posterior", "gda_classes_predict", "gda_softmax_theta",
]


cdef double LOG_2PI = log(2 * np.pi)


def _covariance(Sigma, name, d, context="", means="the means have"):
    S = as_matrix(Sigma, name)
    if S.shape[0] != S.shape[1]:
        raise error("square", name=name, m=S.shape[0], n=S.shape[1])
    if d is not None and S.shape[0] != d:
        raise error("covariance_size", name=name, n=S.shape[0], means=means, d=d)
    check_covariance(S.tolist(), name, context)
    return S


def _cholesky(S):
    """L (Fortran order, lower triangle) with Σ = LLᵀ; Σ has passed ``check_covariance``."""
    L = np.array(S, dtype=np.float64, order="F", copy=True)
    cdef double[::1, :] Lv = L
    # LAPACK takes int sizes; a d × d matrix exists here, so d < 2³¹
    cdef int n = <int> L.shape[0], info = 0
    cdef char uplo = b'L'
    with nogil:
        dpotrf(&uplo, &n, &Lv[0, 0], &n, &info)
    if info != 0:  # check_covariance passed, so only rounding can land here
        raise NotPositiveDefiniteError(f"Sigma is numerically not positive definite (pivot {info - 1})",
                                       index=info - 1)
    return L


cdef double _half_log_det(const double[:, ::1] L) noexcept nogil:
    cdef double total = 0.0
    cdef Py_ssize_t j
    for j in range(L.shape[0]):
        total = total + log(L[j, j])
    return total


cdef enum:
    ROWS = 32  # rows solved side by side: independent chains the compiler can interleave


cdef void _quadratic_forms(const double[:, ::1] X, const double[::1] mu, const double[:, ::1] L,
                           double[::1] z, double* out, Py_ssize_t stride, int threads) noexcept nogil:
    """out[i·stride] = ‖L⁻¹(x⁽ⁱ⁾ − μ)‖² for every row, by forward substitution on x⁽ⁱ⁾ − μ in the
    reference's order (zⱼ = (xⱼ − μⱼ − Σ_{k<j} Lⱼₖ zₖ) / Lⱼⱼ, then Σ zⱼ² left to right). The
    rows are split into chunks that ``threads`` threads take as they come free, thread t using
    z[t·d·ROWS:] (z holds threads × d × ROWS)."""
    cdef Py_ssize_t m = X.shape[0], d = X.shape[1], chunks = chunk_count(m, threads), c
    cdef Py_ssize_t chunk = rows_per_chunk(m, chunks)
    for c in prange(chunks, num_threads=threads, schedule="dynamic"):
        _substitute(X, c * chunk, min((c + 1) * chunk, m), mu, L, &z[threadid() * d * ROWS], out,
                    stride)


cdef void _substitute(const double[:, ::1] X, Py_ssize_t first, Py_ssize_t last,
                      const double[::1] mu, const double[:, ::1] L, double* Z, double* out,
                      Py_ssize_t stride) noexcept nogil:
    """``_quadratic_forms`` of rows first..last − 1. Each row's substitution is one long chain
    of dependent steps, so ROWS rows go through it together (Z holds d × ROWS, row r of the
    block in column r); every row keeps its own order of operations, whatever block it is in.
    A blocked dtrsm does the same work but pays the BLAS call overhead per block at d ≈ 20."""
    cdef Py_ssize_t d = X.shape[1], start, rows, r, j, k
    cdef double t[ROWS]
    cdef double q[ROWS]
    cdef double l
    start = first
    while start < last:
        rows = min(<Py_ssize_t> ROWS, last - start)
        for j in range(d):
            for r in range(rows):
                t[r] = X[start + r, j] - mu[j]
            for k in range(j):
                l = L[j, k]
                for r in range(rows):
                    t[r] = t[r] - l * Z[k * ROWS + r]
            l = L[j, j]
            for r in range(rows):
                Z[j * ROWS + r] = t[r] / l
        for r in range(rows):
            q[r] = 0.0
        for j in range(d):
            for r in range(rows):
                q[r] = q[r] + Z[j * ROWS + r] * Z[j * ROWS + r]
        for r in range(rows):
            # NaN (inf − inf, 0·inf): the solve overflowed, the form is beyond the float range
            out[(start + r) * stride] = q[r] if q[r] == q[r] else INFINITY
        start += rows


def _design(X, d):
    """X (validated) when its rows have the means' d entries."""
    if X.shape[1] != d:
        raise error("columns_and_entries", x_name="X", m=X.shape[1], name="mu", n=d)
    return X


def mvn_log_densities(X, mu, Sigma, *, n_jobs=-1):
    """MVN-1: log p(x; μ, Σ) = −(n/2) log 2π − Σⱼ log Lⱼⱼ − ½‖L⁻¹(x − μ)‖² for every row; the
    rows split among ``n_jobs`` cores (-1 or None: all; 1: serial), the same answers for any
    n_jobs."""
    cores = cores_of(n_jobs)
    X = as_matrix(X, "X")  # the reference's order: X, mu, Sigma against mu, X against mu
    mu = as_vector(mu, "mu")
    S = _covariance(Sigma, "Sigma", mu.shape[0], means="mu has")
    X = _design(X, mu.shape[0])
    L = np.ascontiguousarray(_cholesky(S))
    out = np.empty(X.shape[0])
    cdef int threads = loop_threads(QUADRATIC_FORMS, thread_count(cores, X.shape[0]))
    z = np.empty(threads * X.shape[1] * ROWS)
    cdef double[::1] ov = out, zv = z
    cdef double constant
    cdef Py_ssize_t i
    cdef const double[:, ::1] Xv = X
    cdef const double[::1] muv = mu
    cdef const double[:, ::1] Lv = L
    with nogil:
        _quadratic_forms(Xv, muv, Lv, zv, &ov[0], 1, threads)
    loop_done(QUADRATIC_FORMS, Xv.shape[0])
    with nogil:
        constant = -Xv.shape[1] * LOG_2PI / 2 - _half_log_det(Lv)
        for i in range(Xv.shape[0]):
            ov[i] = constant - ov[i] / 2
    return out


def mvn_log_density(x, mu, Sigma):
    """MVN-1: log p(x; μ, Σ) for one point."""
    x = as_vector(x, "x")
    mu = as_vector(mu, "mu")
    _covariance(Sigma, "Sigma", mu.shape[0], means="mu has")  # Σ before x, as the reference
    check_length(x, "x", mu.shape[0], "mu")
    return float(mvn_log_densities(x[None, :], mu, Sigma)[0])


def mvn_density(x, mu, Sigma):
    """MVN-1: p(x; μ, Σ) = (2π)^(−n/2) |Σ|^(−1/2) exp(−½ (x − μ)ᵀ Σ⁻¹ (x − μ))."""
    return density_from_log(float(mvn_log_density(x, mu, Sigma)))


# ---- GDA-1: sufficient statistics in one pass, block by block (X-7) ---------------------------

cdef void _merge(double* mean, double* M, const double* block_mean, double* delta, double n_a,
                 double n_b, Py_ssize_t d) noexcept nogil:
    """Fold a block of n_b rows with mean ``block_mean`` into a class of n_a rows with mean
    ``mean``: δ = block_mean − mean, M (pooled scatter, upper triangle of a Fortran d×d) +=
    δδᵀ n_a n_b / (n_a + n_b), mean += δ n_b / (n_a + n_b)."""
    cdef Py_ssize_t j, k
    cdef double w = n_a * n_b / (n_a + n_b), f = n_b / (n_a + n_b)
    for j in range(d):
        delta[j] = block_mean[j] - mean[j]
    for k in range(d):
        for j in range(k + 1):
            M[j + k * d] += delta[j] * delta[k] * w
    for j in range(d):
        mean[j] += delta[j] * f


cdef void _class_block(const double[:, ::1] X, const Py_ssize_t[::1] codes,
                       const double[::1] weight, Block here, Py_ssize_t k, double[:, ::1] buf,
                       double[::1] root, Py_ssize_t[::1] first, Py_ssize_t[::1] fill) noexcept nogil:
    """GDA-1, X-3: one block's partial, ``here.part`` = [n_c (k), x̄_c (k×d), S (d×d)]: each
    class's size in the block, its mean in the block, and the block's pooled scatter
    S = Σ_c Σ_{i in c} (x⁽ⁱ⁾ − x̄_c)(x⁽ⁱ⁾ − x̄_c)ᵀ (upper triangle, Fortran order). The rows are
    sorted by class into ``buf`` (one block of rows, whatever k), so that each class's centred
    rows are one Fortran d × n_c matrix for dsyrk. X-2: with weights (``weight`` of m entries;
    none: an empty one) n_c and x̄_c are weighted, each centred row is scaled by √wᵢ, and the
    rows of weight 0 are left out."""
    cdef Py_ssize_t d = X.shape[1], i, j, c, r
    cdef double* count = here.part
    cdef double* mean = here.part + k
    cdef double* S = here.part + k + k * d
    cdef bint weighted = weight.shape[0] > 0
    cdef int n = <int> d, rows  # BLAS takes int sizes: d < 2³¹ (Σ is d × d), rows <= BLOCK
    cdef double one = 1.0
    cdef char uplo = b'U', notrans = b'N'
    for j in range(k + k * d + d * d):
        here.part[j] = 0.0
    for c in range(k + 1):
        first[c] = 0
    for i in range(here.start, here.start + here.rows):
        if not weighted or weight[i] != 0:
            first[codes[i] + 1] += 1
    for c in range(k):
        first[c + 1] += first[c]
        fill[c] = first[c]
    for i in range(here.start, here.start + here.rows):
        if weighted and weight[i] == 0:
            continue
        c = codes[i]
        r = fill[c]
        memcpy(&buf[r, 0], &X[i, 0], d * sizeof(double))
        if weighted:
            for j in range(d):
                mean[c * d + j] += weight[i] * X[i, j]
            count[c] += weight[i]
            root[r] = sqrt(weight[i])
        else:
            for j in range(d):
                mean[c * d + j] += X[i, j]
        fill[c] = r + 1
    for c in range(k):
        if first[c + 1] == first[c]:
            continue
        if not weighted:
            count[c] = <double> (first[c + 1] - first[c])
        for j in range(d):
            mean[c * d + j] = mean[c * d + j] / count[c]
        for r in range(first[c], first[c + 1]):
            for j in range(d):
                buf[r, j] = buf[r, j] - mean[c * d + j]
            if weighted:
                for j in range(d):
                    buf[r, j] = buf[r, j] * root[r]
        # the class's rows, C-ordered rows × d, are the Fortran d × rows matrix Bᶠ: their
        # scatter Σ (x − x̄)(x − x̄)ᵀ is Bᶠ Bᶠᵀ, added into S's upper triangle
        rows = <int> (first[c + 1] - first[c])
        dsyrk(&uplo, &notrans, &n, &rows, &one, &buf[first[c], 0], &n, &one, S, &n)


cdef void _merge_block(double* state, const double* part, Py_ssize_t k, Py_ssize_t d,
                       double* delta) noexcept nogil:
    """X-7's reduction for GDA: a block's partial joins the running ``state`` (the same layout:
    class sizes, class means, pooled scatter M) by M += S, then, class by class, the pairwise
    update of Chan, Golub and LeVeque."""
    cdef Py_ssize_t c, j
    cdef double* seen = state
    cdef double* mean = state + k
    cdef double* M = state + k + k * d
    add_into(M, part + k + k * d, d * d)
    for c in range(k):
        if part[c] == 0:
            continue
        if seen[c] == 0:
            for j in range(d):
                mean[c * d + j] = part[k + c * d + j]
        else:
            _merge(&mean[c * d], M, &part[k + c * d], delta, seen[c], part[c], d)
        seen[c] = seen[c] + part[c]


def class_blocks(X, codes, Py_ssize_t k, weight=None, total=None):
    """GDA-1, X-3, X-7: the partials of X's blocks of rows (fast/_summation.pxd), one row
    [n_c, x̄_c, S] each (``_class_block``), for class codes 0..k−1 (intp) and validated weights
    or None; given ``total`` (the state, k + k·d + d² entries), merged into it in block order
    instead (``merge_class_blocks``)."""
    # the shapes and codes the compiled loop indexes by, checked (the values are the callers')
    X = np.ascontiguousarray(X, dtype=np.float64)
    if X.ndim != 2:
        raise ValueError(f"X: expected a 2-dimensional array, got {X.ndim} dimensions")
    cdef Py_ssize_t m = X.shape[0], d = X.shape[1], b, size = _state_size(k, d, total)
    codes = np.ascontiguousarray(codes, dtype=np.intp)
    if codes.ndim != 1 or codes.shape[0] != m:
        raise ValueError(f"codes: expected {m} class codes (one per row of X), got shape {codes.shape}")
    if m and (codes.min() < 0 or codes.max() >= k):
        raise ValueError(f"codes: class codes must be in 0..{k - 1}, got {codes.min()}..{codes.max()}")
    if weight is not None:
        weight = as_vector(weight, "weight", m, "X", of="rows")
    parts, store = partials(m, size, total, HALF_BLOCK)
    buf = np.empty((min(m, HALF_BLOCK), d))
    root = np.empty(min(m, HALF_BLOCK))
    first = np.empty(k + 1, dtype=np.intp)
    fill = np.empty(k, dtype=np.intp)
    delta = np.empty(d)
    cdef const double[:, ::1] Xv = X
    cdef const Py_ssize_t[::1] yv = codes
    cdef const double[::1] wv = weight if weight is not None else np.empty(0)
    cdef double[:, ::1] pv = parts, bv = buf
    cdef double[::1] rv = root, dv = delta
    cdef double[::1] tv = total if not store else parts[0]
    cdef Py_ssize_t[::1] fv = first, lv = fill
    cdef bint keep = store
    cdef Block here
    with nogil:
        for b in range((m + HALF_BLOCK - 1) // HALF_BLOCK):
            here = block(b, m, &pv[0, 0], size, keep, HALF_BLOCK)
            _class_block(Xv, yv, wv, here, k, bv, rv, fv, lv)
            if not keep:
                _merge_block(&tv[0], here.part, k, d, &dv[0])
    return parts if store else total


def merge_class_blocks(parts, state, Py_ssize_t k, Py_ssize_t d):
    """X-7: the blocks' partials of ``class_blocks`` merged into ``state`` in block order."""
    cdef const double[:, ::1] pv = np.ascontiguousarray(parts, dtype=np.float64)
    cdef double[::1] sv = state
    delta = np.empty(d)
    cdef double[::1] dv = delta
    cdef Py_ssize_t b
    _state_size(k, d, state)
    if pv.shape[0] and pv.shape[1] != sv.shape[0]:
        raise ValueError(f"parts: rows of {pv.shape[1]} entries, state has {sv.shape[0]}")
    with nogil:
        for b in range(pv.shape[0]):
            _merge_block(&sv[0], &pv[b, 0], k, d, &dv[0])
    return state


def _state_size(Py_ssize_t k, Py_ssize_t d, state):
    """k + k·d + d², the entries of a state of k classes and d features (``class_state``), checked
    (k >= 1, d >= 0) against ``state`` when given, before any compiled loop reads it."""
    if k < 1 or d < 0:
        raise ValueError(f"k must be >= 1 and d >= 0, got k={k}, d={d}")
    size = k + k * d + d * d
    if state is not None and np.shape(state) != (size,):
        raise ValueError(f"state: expected {size} entries (k + k·d + d² for k={k}, d={d}), got shape "
                         f"{np.shape(state)}")
    return size


def class_state(Py_ssize_t k, Py_ssize_t d):
    """The empty state of ``merge_class_blocks``: no class seen yet."""
    return np.zeros(_state_size(k, d, None))


def deviation(X, codes, mean, j, weight=None):
    """The largest |x_j⁽ⁱ⁾ − μ_{y⁽ⁱ⁾, j}| over the rows of weight > 0 (the reference's
    ``check_gda_estimates`` asks it of a feature whose variance is 0)."""
    spread = np.abs(X[:, j] - mean[codes, j])
    if weight is not None:
        spread = spread[weight > 0]
    return float(spread.max()) if spread.shape[0] else 0.0


def class_estimates(state, k, d, absent, deviation):
    """GDA-1, X-3: (counts, m, class means k×d, Σ) from the merged state of every block;
    ``absent(c)`` is the error of a class without examples, ``deviation(j, mean)`` the spread of
    feature j for the reference's check of the estimates. X-2: with weights the counts are the
    classes' weight totals and m is their sum."""
    count = state[:k].copy()
    for c in range(k):
        if count[c] == 0:
            raise absent(c)
    total = 0.0
    for c in range(k):  # left to right, as both faces sum it
        total += float(count[c])
    mean = state[k:k + k * d].reshape(k, d).copy()
    Sigma = np.triu(state[k + k * d:].reshape(d, d, order="F")) / total
    Sigma = np.ascontiguousarray(Sigma + np.triu(Sigma, 1).T)
    _R.check_gda_estimates(mean.tolist(), Sigma.tolist(), lambda j: deviation(j, mean))
    return count, total, mean, Sigma


def _class_estimates(X, codes, k, absent, weight=None):
    """GDA-1, X-3: (counts, m, class means, Σ) from one pass over X's blocks of rows."""
    state = class_blocks(X, codes, k, weight, class_state(k, X.shape[1]))
    return class_estimates(state, k, X.shape[1], absent,
                           lambda j, mean: deviation(X, codes, mean, j, weight))


def _data(X, y):
    X = as_matrix(X, "X")
    y = as_binary_labels(y, "y", module=__name__).astype(np.uint8)
    same_length(X, y)
    return X, y


def gda_fit(X, y, sample_weight=None):
    """GDA-1: φ, μ₀, μ₁ and the shared Σ = (1/m) Σᵢ (x⁽ⁱ⁾ − μ_{y⁽ⁱ⁾})(x⁽ⁱ⁾ − μ_{y⁽ⁱ⁾})ᵀ from one
    blocked pass over X (see the module docstring); X-2: weighted by ``sample_weight``."""
    X, y = _data(X, y)
    weight = as_sample_weights(sample_weight, X)
    count, total, mean, Sigma = _class_estimates(X, y.astype(np.intp), 2, _R.no_class_examples, weight)
    return GDAModel(float(count[1] / total), mean[0].copy(), mean[1].copy(), Sigma)


def _model(model):
    if not isinstance(model, GDAModel):
        raise error("wrong_kind", name="model", what="a GDAModel", got=type(model).__name__)
    phi = unit_interval(model.phi, "model.phi", float64=True)
    mu0 = as_vector(model.mu0, "model.mu0")
    mu1 = as_vector(model.mu1, "model.mu1", mu0.shape[0], "model.mu0")
    S = _covariance(model.Sigma, "model.Sigma", mu0.shape[0])
    return phi, mu0, mu1, S


def gda_log_joint(model, X, *, n_jobs=-1):
    """GDA-2: [log p(x | y=0) + log(1 − φ), log p(x | y=1) + log φ] for every row of X; the rows
    split among ``n_jobs`` cores (-1 or None: all; 1: serial), the same answers for any n_jobs."""
    cores = cores_of(n_jobs)
    phi, mu0, mu1, S = _model(model)
    X = as_matrix(X, "X")
    if X.shape[1] != mu0.shape[0]:
        raise error("model_features", name="X", m=X.shape[1], n=mu0.shape[0])
    L = np.ascontiguousarray(_cholesky(S))
    out = np.empty((X.shape[0], 2))
    cdef int threads = loop_threads(QUADRATIC_FORMS, thread_count(cores, X.shape[0]))
    z = np.empty(threads * X.shape[1] * ROWS)
    cdef double[:, ::1] ov = out
    cdef double[::1] zv = z
    cdef const double[:, ::1] Xv = X
    cdef const double[::1] m0 = mu0, m1 = mu1
    cdef const double[:, ::1] Lv = L
    cdef double constant, log_prior0 = log(1 - phi), log_prior1 = log(phi)
    cdef Py_ssize_t i
    with nogil:
        _quadratic_forms(Xv, m0, Lv, zv, &ov[0, 0], 2, threads)
        _quadratic_forms(Xv, m1, Lv, zv, &ov[0, 1], 2, threads)
    loop_done(QUADRATIC_FORMS, 2 * Xv.shape[0])
    with nogil:
        constant = -Xv.shape[1] * LOG_2PI / 2 - _half_log_det(Lv)
        for i in range(Xv.shape[0]):
            ov[i, 0] = constant - ov[i, 0] / 2 + log_prior0
            ov[i, 1] = constant - ov[i, 1] / 2 + log_prior1
    return out


def gda_log_likelihood(model, X, y):
    """GDA-1: ℓ = Σᵢ [log p(x⁽ⁱ⁾ | y⁽ⁱ⁾) + log p(y⁽ⁱ⁾)]."""
    X, y = _data(X, y)
    joint = gda_log_joint(model, X)
    return float(joint[np.arange(X.shape[0]), y].sum())


def gda_posterior(model, X, *, n_jobs=-1):
    """GDA-2: p(y = 1 | x) by Bayes' rule from the log joint, log-sum-exp with the max first; a
    row whose joint is 0 for both classes is 0/0 (ZeroOverZeroError), as in the reference.
    ``n_jobs``: as in ``gda_log_joint``."""
    joint = gda_log_joint(model, X, n_jobs=n_jobs)
    impossible = (joint[:, 0] == -np.inf) & (joint[:, 1] == -np.inf)
    if impossible.any():
        raise _R.gda_zero_over_zero(int(np.argmax(impossible)))
    top = joint.max(axis=1)
    log_p_x = top + np.log(np.exp(joint[:, 0] - top) + np.exp(joint[:, 1] - top))
    return np.exp(joint[:, 1] - log_p_x)


def gda_predict(model, X, *, n_jobs=-1):
    """GDA-2: 1 where log p(x, y=1) > log p(x, y=0), else 0 (the boundary goes to 0).
    ``n_jobs``: as in ``gda_log_joint``."""
    joint = gda_log_joint(model, X, n_jobs=n_jobs)
    return (joint[:, 1] > joint[:, 0]).astype(np.int64)


def gda_logistic_theta(model):
    """GDA-3: θ = (log(φ/(1 − φ)) − ½(μ₁ − μ₀)ᵀΣ⁻¹(μ₁ + μ₀), Σ⁻¹(μ₁ − μ₀)) by Cholesky."""
    phi, mu0, mu1, S = _model(model)
    L = _cholesky(S)
    w = np.asfortranarray((mu1 - mu0)[:, None])
    cdef double[::1, :] Lv = L, wv = w
    cdef int n = <int> L.shape[0], one = 1, info = 0  # LAPACK's int sizes: d < 2³¹ (Σ is d × d)
    cdef char uplo = b'L'
    with nogil:
        dpotrs(&uplo, &n, &one, &Lv[0, 0], &n, &wv[0, 0], &n, &info)
    w = w[:, 0].copy()
    theta0 = np.log(phi / (1 - phi)) - float(w @ (mu0 + mu1)) / 2
    return np.r_[theta0, w]


# ---- X-3: GDA with k classes -------------------------------------------------------------------

def _class_data(X, y):
    X = as_matrix(X, "X")
    y = as_class_labels(y, float("inf"), "y", module=__name__)
    same_length(X, y)
    return X, y


def gda_classes_fit(X, y, sample_weight=None):
    """X-3: φ_j, μ_j (j = 1..k) and the shared Σ from the blocked pass of ``gda_fit``; X-2:
    weighted by ``sample_weight``."""
    X, y = _class_data(X, y)
    weight = as_sample_weights(sample_weight, X)
    k = int(y.max())
    count, total, mean, Sigma = _class_estimates(X, y - 1, k, lambda c: _R.no_class_of_k(c + 1, k), weight)
    return GDAClassesModel(count / total, mean, Sigma)


def _classes_model(model):
    _R.check_classes_model(model)  # a k + k·d + d² check, the reference's messages
    phi = as_vector(model.phi, "model.phi")
    mu = np.ascontiguousarray(as_matrix(model.mu, "model.mu"))
    S = _covariance(model.Sigma, "model.Sigma", mu.shape[1])
    return phi, mu, S


def gda_classes_log_joint(model, X, *, n_jobs=-1):
    """X-3: log p(x | y = j) + log φ_j in column j − 1 for every row of X; the rows split among
    ``n_jobs`` cores as in ``gda_log_joint``."""
    cores = cores_of(n_jobs)
    phi, mu, S = _classes_model(model)
    X = as_matrix(X, "X")
    if X.shape[1] != mu.shape[1]:
        raise error("model_features", name="X", m=X.shape[1], n=mu.shape[1])
    L = np.ascontiguousarray(_cholesky(S))
    cdef Py_ssize_t k = mu.shape[0], i, j
    out = np.empty((X.shape[0], k))
    with np.errstate(divide="ignore"):
        log_phi = np.log(phi)  # log 0 = −∞: a class that never occurs
    cdef int threads = loop_threads(QUADRATIC_FORMS, thread_count(cores, X.shape[0]))
    z = np.empty(threads * X.shape[1] * ROWS)
    cdef double[:, ::1] ov = out
    cdef double[::1] zv = z
    cdef const double[:, ::1] Xv = X
    cdef const double[:, ::1] muv = mu
    cdef const double[::1] lp = log_phi
    cdef const double[:, ::1] Lv = L
    cdef double constant
    with nogil:
        for j in range(k):
            _quadratic_forms(Xv, muv[j], Lv, zv, &ov[0, j], k, threads)
    loop_done(QUADRATIC_FORMS, k * Xv.shape[0])
    with nogil:
        constant = -Xv.shape[1] * LOG_2PI / 2 - _half_log_det(Lv)
        for i in range(Xv.shape[0]):
            for j in range(k):
                ov[i, j] = constant - ov[i, j] / 2 + lp[j]
    return out


def gda_classes_log_likelihood(model, X, y):
    """X-3: ℓ = Σᵢ [log p(x⁽ⁱ⁾ | y⁽ⁱ⁾) + log φ_{y⁽ⁱ⁾}]."""
    X, y = _class_data(X, y)
    joint = gda_classes_log_joint(model, X)
    if y.max() > joint.shape[1]:
        raise ValueError(f"y has label {int(y.max())} but the model has {joint.shape[1]} classes")
    return float(joint[np.arange(X.shape[0]), y - 1].sum())


def gda_classes_posterior(model, X, *, n_jobs=-1):
    """X-3: p(y = j | x) by Bayes' rule from the log joint, log-sum-exp with the max first; a row
    whose joint is 0 for every class is 0/0 (ZeroOverZeroError), as in the reference."""
    joint = gda_classes_log_joint(model, X, n_jobs=n_jobs)
    impossible = (joint == -np.inf).all(axis=1)
    if impossible.any():
        raise _R.gda_zero_over_zero(int(np.argmax(impossible)), joint.shape[1])
    top = joint.max(axis=1, keepdims=True)
    log_p_x = top + np.log(np.exp(joint - top).sum(axis=1, keepdims=True))
    return np.exp(joint - log_p_x)


def gda_classes_predict(model, X, *, n_jobs=-1):
    """X-3: argmax_j log p(x, y = j), ties to the smallest label (numpy's argmax takes the first)."""
    joint = gda_classes_log_joint(model, X, n_jobs=n_jobs)
    return np.argmax(joint, axis=1).astype(np.int64) + 1


def gda_softmax_theta(model):
    """X-3: θ_j = (log φ_j − ½ μ_jᵀΣ⁻¹μ_j, Σ⁻¹μ_j) for j = 1..k by one Cholesky solve."""
    phi, mu, S = _classes_model(model)
    L = _cholesky(S)
    W = np.array(mu.T, order="F", copy=True)  # dpotrs overwrites it; mu may be the caller's
    cdef double[::1, :] Lv = L, Wv = W
    # LAPACK's int sizes: d < 2³¹ (Σ is d × d), k < 2³¹ (μ is k × d)
    cdef int n = <int> L.shape[0], nrhs = <int> W.shape[1], info = 0
    cdef char uplo = b'L'
    with nogil:
        dpotrs(&uplo, &n, &nrhs, &Lv[0, 0], &n, &Wv[0, 0], &n, &info)
    with np.errstate(divide="ignore"):
        theta0 = np.log(phi) - np.einsum("dj,jd->j", W, mu) / 2
    return np.column_stack([theta0, W.T])


# ---- docstrings: the reference twin's text, one home for both faces (cs229.fast._docs) -----------

from cs229.fast._docs import adopt as _adopt  # noqa: E402
from cs229.reference import generative as _twin  # noqa: E402

_adopt(globals(), _twin)
