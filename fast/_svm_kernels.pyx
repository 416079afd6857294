"""Kernel evaluation for cs229.fast.kernels, svm and smo (KR-6, KR-8), the SVM's labels, and
the check that Part V's computed values are finite (``overflow_checked``, for margins and
coordinate ascent too).

``kernel_block`` is the one place that computes kernel values K(aᵢ, bⱼ) for the rows of two
point sets; ``kernels.kernel_matrix``, the SVM's closed forms and decision values, SMO and the
kernel perceptron all call it:

- the named kernels of cs229.reference.kernels (Linear, Polynomial, Gaussian, by exact type) in
  compiled code: for blocks of at most ``exact_max`` rows in the reference's order of
  operations (Σ xₖzₖ or Σ (xₖ − zₖ)² left to right, then the same power, division and exp), so
  the values are the reference's bit for bit; above that from BLAS, agreeing to rounding. The
  Gaussian's ‖x − z‖² comes from centred rows, ‖x̄‖² + ‖z̄‖² − 2x̄ᵀz̄ (a common offset cancels
  nothing then), and from the differences where even that cancels;
- the string kernel (StringKernel, exactly) from the postings of its length-k substrings;
- any other callable, a subclass of a named kernel included, in Python, one call per pair, on
  rows given as lists of floats (what the reference passes for float data) or on the strings.

Every value is checked by the reference's ``kernels.checked_value``: a value that is not finite
is the reference's error, naming the caller's arguments and the cause.

The BLAS path's map from the Gram matrix to the kernel's values treats each row on its own, so
its rows may be split among ``threads`` threads (one contiguous chunk each, at least MIN_ENTRIES
entries per thread): every entry is computed as in the serial loop, the same bits for any count.
"""
import sys

import numpy as np

from cython.parallel cimport prange
from libc.math cimport exp, pow

from cs229.fast._pair_kernel cimport (CODE_GAUSSIAN, CODE_LINEAR, CODE_POLYNOMIAL,
                                     gaussian_exponents, pair_kernel)

from cs229.fast._validation import as_matrix, as_signed_labels, as_strings
from cs229.reference.kernels import (Gaussian, Linear, Polynomial, StringKernel, as_kernel,
                                     checked_value)
from cs229.reference.parameters import real
from cs229.reference.results import FloatRangeError
from cs229.reference.svm import one_class

__all__ = ["EXACT_MAX", "ALWAYS", "LINEAR", "POLYNOMIAL", "GAUSSIAN", "STRING", "CUSTOM",
           "kernel_spec", "as_points", "take", "kernel_block", "block_threads", "diagonal",
           "labels", "overflow_checked"]

EXACT_MAX = 500         # blocks up to this many rows are computed in the reference's order
ALWAYS = sys.maxsize    # exact_max for a block always computed in the reference's order
MIN_ENTRIES = 1 << 16   # fewer kernel values than this per thread are not worth waking it for

LINEAR, POLYNOMIAL, GAUSSIAN, STRING, CUSTOM = CODE_LINEAR, CODE_POLYNOMIAL, CODE_GAUSSIAN, 3, 4


# ---- the kernel argument and the points ----------------------------------------------------

def kernel_spec(kernel, name="kernel"):
    """The kernel, checked by the reference's ``as_kernel``, as (code, c, d, den): xᵀz;
    (xᵀz + c)^d; exp(−‖x − z‖²/den) with den = 2σσ formed as the reference forms it; STRING;
    CUSTOM for any other callable (a subclass of a named kernel included)."""
    kernel = as_kernel(kernel, name)
    t = type(kernel)
    if t is Linear:
        return LINEAR, 0.0, 1.0, 1.0
    if t is Polynomial:
        # the kernel checked c >= 0 and d; an exact c may still have no float64 value
        return POLYNOMIAL, real(kernel.c, f"{name}.c", float64=True), float(kernel.d), 1.0
    if t is Gaussian:
        try:
            den = float(2 * kernel.sigma * kernel.sigma)
        except OverflowError:
            raise kernel.beyond_float() from None
        if not den > 0:
            raise ValueError(f"{name}.sigma = {kernel.sigma}: 2σ² underflows to 0 in float64, so "
                             "exp(−‖x − z‖²/(2σ²)) cannot be evaluated; rescale the data so that "
                             "sigma is nearer 1")
        return GAUSSIAN, 0.0, 1.0, den
    if t is StringKernel:
        return STRING, 0.0, 1.0, 1.0
    return CUSTOM, 0.0, 1.0, 1.0


def as_points(X, kernel, name="X"):
    """As reference kernels.as_points: a float64 matrix, or for a StringKernel (or a subclass)
    a list of strings over its alphabet."""
    if isinstance(kernel, StringKernel):
        return as_strings(X, name, kernel.alphabet)
    return as_matrix(X, name)


def take(P, index):
    """The points P[i] for i in index (rows of a matrix, or strings)."""
    if isinstance(P, np.ndarray):
        return P[index]
    return [P[i] for i in index]


# ---- kernel blocks -------------------------------------------------------------------------

def block_threads(cores, Py_ssize_t rows, Py_ssize_t columns):
    """The threads to split a rows × columns block among: ``cores`` (what
    ``_validation.cores_of`` made of the caller's n_jobs), at most one per MIN_ENTRIES values and
    one per row."""
    return max(min(cores, rows, rows * columns // MIN_ENTRIES), 1)


def kernel_block(A, B, kernel, spec, names=("X", "X"), symmetric=False, exact_max=EXACT_MAX,
                 index=(None, None), threads=1):
    """Kᵢⱼ = K(aᵢ, bⱼ) as a float64 array (B is A when ``symmetric``; a named kernel is then
    computed for j ≥ i and mirrored). A value that is not finite raises the reference's error
    naming kernel(<names[0]>[i], <names[1]>[j]), the rows numbered through ``index`` (the
    caller's row numbers) where given. Above ``exact_max`` rows the map from the Gram matrix to
    the values runs on ``threads`` threads (see ``block_threads``), the same values for any
    count."""
    code = spec[0]
    if code == CUSTOM:
        return _python_block(A, B, kernel, names, index)
    if code == STRING:
        K = _string_block(A, None if symmetric else B, kernel.k)
    elif max(len(A), len(B)) <= exact_max:
        K = _exact_block(A, B, spec, symmetric)
    else:
        K = _blas_block(A, B, spec, symmetric, threads)
    if code != GAUSSIAN:   # exp(−d2/den) ∈ [0, 1]: d2 is never NaN (at worst +inf, from overflow)
        _check_values(K, kernel, names, index)
    return K


def _row(index, i):
    return int(i) if index is None else int(index[i])


def _check_values(K, kernel, names, index):
    # A sum of finite numbers is never NaN and is infinite only by overflow: one reduction
    # clears the common case, the elementwise test then finds the first culprit (row-major).
    with np.errstate(over="ignore", invalid="ignore"):
        total = np.add.reduce(K, axis=None)
    if np.isfinite(total):
        return
    bad = np.argwhere(~np.isfinite(K))
    if len(bad):
        i, j = bad[0]
        checked_value(float(K[i, j]), kernel, names[0], _row(index[0], i), names[1],
                      _row(index[1], j))


def _python_block(A, B, kernel, names, index):
    """Any other callable, at every pair (no mirroring: Mercer's test must see an asymmetric
    one), every value checked."""
    rows_a = A.tolist() if isinstance(A, np.ndarray) else A
    rows_b = B.tolist() if isinstance(B, np.ndarray) else B
    out = np.empty((len(rows_a), len(rows_b)))
    for i, x in enumerate(rows_a):
        for j, z in enumerate(rows_b):
            value = checked_value(kernel(x, z), kernel, names[0], _row(index[0], i), names[1],
                                  _row(index[1], j))
            try:
                out[i, j] = value
            except OverflowError:    # an exact value beyond the float64 range
                checked_value(np.inf, kernel, names[0], _row(index[0], i), names[1],
                              _row(index[1], j))
    return out


cdef void _symmetric_exact(const double[:, ::1] X, int code, double c, double d, double den,
                           double[:, ::1] K) noexcept nogil:
    """Kᵢⱼ in the reference's order for j ≤ i, mirrored. Four j at a time: four independent
    sums, each still left to right, so that the additions of one do not wait on another's."""
    cdef Py_ssize_t m = X.shape[0], n = X.shape[1], i, j, t, q
    cdef double s0, s1, s2, s3, e0, e1, e2, e3
    cdef double out[4]
    for i in range(m):
        j = 0
        while j + 4 <= i + 1:
            s0 = 0.0
            s1 = 0.0
            s2 = 0.0
            s3 = 0.0
            if code == CODE_GAUSSIAN:
                for t in range(n):
                    e0 = X[i, t] - X[j, t]
                    e1 = X[i, t] - X[j + 1, t]
                    e2 = X[i, t] - X[j + 2, t]
                    e3 = X[i, t] - X[j + 3, t]
                    s0 = s0 + e0 * e0
                    s1 = s1 + e1 * e1
                    s2 = s2 + e2 * e2
                    s3 = s3 + e3 * e3
            else:
                for t in range(n):
                    s0 = s0 + X[j, t] * X[i, t]
                    s1 = s1 + X[j + 1, t] * X[i, t]
                    s2 = s2 + X[j + 2, t] * X[i, t]
                    s3 = s3 + X[j + 3, t] * X[i, t]
            out[0] = s0
            out[1] = s1
            out[2] = s2
            out[3] = s3
            for q in range(4):
                K[i, j + q] = _finish(out[q], code, c, d, den)
                K[j + q, i] = K[i, j + q]
            j += 4
        while j <= i:
            K[i, j] = pair_kernel(&X[i, 0], &X[j, 0], n, code, c, d, den)
            K[j, i] = K[i, j]
            j += 1


cdef inline double _finish(double s, int code, double c, double d, double den) noexcept nogil:
    """The kernel value from its sum s (xᵀz, or ‖x − z‖² for the Gaussian), as pair_kernel."""
    if code == CODE_GAUSSIAN:
        return exp(-s / den)
    if code == CODE_POLYNOMIAL:
        return pow(s + c, d)
    return s


cdef void _rectangular_exact(const double[:, ::1] A, const double[:, ::1] B, int code, double c,
                             double d, double den, double[:, ::1] K) noexcept nogil:
    cdef Py_ssize_t i, j, n = A.shape[1]
    for i in range(A.shape[0]):
        for j in range(B.shape[0]):
            K[i, j] = pair_kernel(&A[i, 0], &B[j, 0], n, code, c, d, den)


def _exact_block(A, B, spec, symmetric):
    cdef int code = spec[0]
    cdef double c = spec[1], d = spec[2], den = spec[3]
    K = np.empty((A.shape[0], B.shape[0]))
    cdef double[:, ::1] Kv = K
    cdef const double[:, ::1] Av = A
    cdef const double[:, ::1] Bv = B
    if symmetric:
        with nogil:
            _symmetric_exact(Av, code, c, d, den, Kv)
    else:
        with nogil:
            _rectangular_exact(Av, Bv, code, c, d, den, Kv)
    return K


cdef void _power(double[:, ::1] G, Py_ssize_t first, Py_ssize_t last, double c,
                 double d) noexcept nogil:
    """G ← (G + c)^d in place, rows first ≤ i < last."""
    cdef Py_ssize_t i, j
    for i in range(first, last):
        for j in range(G.shape[1]):
            G[i, j] = pow(G[i, j] + c, d)


cdef void _gaussian_exponents(double[:, ::1] G, Py_ssize_t first, Py_ssize_t last,
                              const double[::1] na, const double[::1] nb,
                              const double[:, ::1] A, const double[:, ::1] B, double den,
                              bint symmetric) noexcept nogil:
    """G ← −‖aᵢ − bⱼ‖²/den in place for the rows first ≤ i < last, from the centred Gram matrix
    G and norms (gaussian_exponents). With B = A the Gram matrix from syrk is exactly symmetric
    and every step is the same either way round, so the result is exactly symmetric; its diagonal
    is set to 0 (K(x, x) = 1 exactly)."""
    cdef Py_ssize_t i, n = A.shape[1]
    for i in range(first, last):
        gaussian_exponents(&G[i, 0], G.shape[1], i if symmetric else -1, na[i], &nb[0],
                           &A[i, 0], &B[0, 0], n, den)
        if symmetric:
            G[i, i] = 0.0


def _blas_block(A, B, spec, symmetric, Py_ssize_t threads):
    """XXᵀ or XZᵀ by BLAS through numpy's matmul (syrk for XXᵀ, gemm for XZᵀ: the same BLAS
    library, and thread pool, as numpy and scikit-learn), then the kernel's map, its rows split
    into ``threads`` contiguous chunks."""
    cdef int code = spec[0]
    cdef double c = spec[1], d = spec[2], den = spec[3]
    cdef double[:, ::1] Gv
    cdef bint sym = symmetric
    cdef Py_ssize_t rows = A.shape[0], chunk = (rows + threads - 1) // threads, t
    with np.errstate(over="ignore", invalid="ignore"):
        if code != GAUSSIAN:
            G = A @ A.T if symmetric else A @ B.T
            if code == POLYNOMIAL:
                Gv = G
                for t in prange(threads, nogil=True, num_threads=threads, schedule="static"):
                    _power(Gv, t * chunk, min((t + 1) * chunk, rows), c, d)
            return G
        # a centre inside the points' bounding box (halves first: no overflow)
        lo, hi = A.min(axis=0), A.max(axis=0)
        if not symmetric:
            lo, hi = np.minimum(lo, B.min(axis=0)), np.maximum(hi, B.max(axis=0))
        centre = lo / 2 + hi / 2
        Ac = A - centre
        Bc = Ac if symmetric else B - centre
        G = Ac @ Ac.T if symmetric else Ac @ Bc.T
        na = np.einsum("ij,ij->i", Ac, Ac)
        nb = na if symmetric else np.einsum("ij,ij->i", Bc, Bc)
    Gv = G
    cdef const double[::1] nav = na, nbv = nb
    cdef const double[:, ::1] Av = A
    cdef const double[:, ::1] Bv = A if symmetric else B
    for t in prange(threads, nogil=True, num_threads=threads, schedule="static"):
        _gaussian_exponents(Gv, t * chunk, min((t + 1) * chunk, rows), nav, nbv, Av, Bv, den, sym)
    np.exp(G, out=G)
    return G


def diagonal(X, spec):
    """K(x⁽ⁱ⁾, x⁽ⁱ⁾) for every row of a matrix X, pair by pair, named kernels only."""
    cdef const double[:, ::1] Xv = X
    cdef int code = spec[0]
    cdef double c = spec[1], d = spec[2], den = spec[3]
    out = np.empty(X.shape[0])
    cdef double[::1] o = out
    cdef Py_ssize_t i
    with nogil:
        for i in range(Xv.shape[0]):
            o[i] = pair_kernel(&Xv[i, 0], &Xv[i, 0], Xv.shape[1], code, c, d, den)
    return out


# ---- the string kernel ---------------------------------------------------------------------

def _spectrum_codes(strings, k, vocabulary, grow):
    """Per string: sorted distinct codes of its length-k substrings and their counts, as CSR
    arrays (indptr, codes, counts). Substrings absent from the vocabulary get a new code when
    ``grow``, else are dropped (they cannot match)."""
    indptr = np.zeros(len(strings) + 1, dtype=np.intp)
    code_parts, count_parts = [], []
    for i, s in enumerate(strings):
        if grow:
            ids = [vocabulary.setdefault(s[p:p + k], len(vocabulary)) for p in range(len(s) - k + 1)]
        else:
            ids = [vocabulary.get(s[p:p + k], -1) for p in range(len(s) - k + 1)]
            ids = [v for v in ids if v >= 0]
        codes, counts = np.unique(np.array(ids, dtype=np.intp), return_counts=True)
        code_parts.append(codes)
        count_parts.append(counts.astype(np.float64))
        indptr[i + 1] = indptr[i] + codes.shape[0]
    codes = np.concatenate(code_parts) if code_parts else np.empty(0, dtype=np.intp)
    counts = np.concatenate(count_parts) if count_parts else np.empty(0)
    return indptr, np.ascontiguousarray(codes, dtype=np.intp), np.ascontiguousarray(counts)


def _postings(indptr, codes, counts, size):
    """The transpose of the CSR (string → codes) arrays: for each code u, the strings j holding
    it in increasing order, with their counts (post_ptr, post_j, post_count)."""
    rows = np.repeat(np.arange(indptr.shape[0] - 1, dtype=np.intp), np.diff(indptr))
    order = np.argsort(codes, kind="stable")
    post_ptr = np.zeros(size + 1, dtype=np.intp)
    np.cumsum(np.bincount(codes, minlength=size), out=post_ptr[1:])
    return post_ptr, np.ascontiguousarray(rows[order]), np.ascontiguousarray(counts[order])


cdef void _spectrum_products(const Py_ssize_t[::1] xp, const Py_ssize_t[::1] xc, const double[::1] xn,
                             const Py_ssize_t[::1] pp, const Py_ssize_t[::1] pj, const double[::1] pn,
                             Py_ssize_t[::1] cursor, double[:, ::1] K, bint symmetric) noexcept nogil:
    """Kᵢⱼ += count_i(u)·count_j(u) over the codes u of string i and the strings j in u's
    postings. With Z = X only j ≥ i is visited: the postings are in increasing j and rows are
    taken in order, so ``cursor[u]`` (advanced past i after row i) starts at j = i; the lower
    triangle is mirrored at the end. Work: Σᵤ (strings holding u)², not m² pairs."""
    cdef Py_ssize_t i, j, t, q, u
    cdef double c
    for i in range(K.shape[0]):
        for t in range(xp[i], xp[i + 1]):
            u = xc[t]
            c = xn[t]
            for q in range(cursor[u] if symmetric else pp[u], pp[u + 1]):
                K[i, pj[q]] += c * pn[q]
            if symmetric:
                cursor[u] += 1
    if symmetric:
        for i in range(K.shape[0]):
            for j in range(i):
                K[i, j] = K[j, i]


def _string_block(X, Z, k):
    """KR-8: the k-spectrum kernel matrix of the strings X against Z (X itself when None)."""
    vocabulary = {}
    xp, xc, xn = _spectrum_codes(X, k, vocabulary, True)
    symmetric = Z is None
    if symmetric:
        zp, zc, zn = xp, xc, xn
    else:
        zp, zc, zn = _spectrum_codes(Z, k, vocabulary, False)
    size = max(len(vocabulary), 1)
    pp, pj, pn = _postings(zp, zc, zn, size)
    cursor = pp[:-1].copy()
    K = np.zeros((len(X), len(X) if symmetric else len(Z)))
    cdef const Py_ssize_t[::1] xpv = xp, xcv = xc, ppv = pp, pjv = pj
    cdef const double[::1] xnv = xn, pnv = pn
    cdef Py_ssize_t[::1] cv = cursor
    cdef double[:, ::1] Kv = K
    cdef bint sym = symmetric
    with nogil:
        _spectrum_products(xpv, xcv, xnv, ppv, pjv, pnv, cv, Kv, sym)
    return K


# ---- computed values that left the float range ---------------------------------------------

def overflow_checked(values, name, remedy):
    """The reference's ``results.FloatRangeError.check`` for an array (or a number): the values,
    unchanged, when every one is finite, else the error naming the first that is not."""
    a = np.asarray(values, dtype=np.float64).ravel()
    bad = ~np.isfinite(a)
    if bad.any():
        i = int(np.argmax(bad))
        raise FloatRangeError.at(name(i), a[i], remedy)
    return values


# ---- the SVM's labels ----------------------------------------------------------------------

def labels(y, classes=None):
    """SOFT-2 input check, as cs229.reference.svm.as_labels: MG-1's ±1 labels (float64), of
    both classes."""
    pos = as_signed_labels(y, "y", classes=classes) == 1.0
    if pos.all() or not pos.any():
        raise one_class(1 if pos.any() else -1)
    # a new array: the solver views its labels as writable memory, and as_signed_labels may
    # hand back the caller's own
    return np.where(pos, 1.0, -1.0)
