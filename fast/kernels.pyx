"""Compiled twins of cs229.reference.kernels (catalog KR-1 … KR-10).

The named kernels (Linear, Polynomial, Gaussian, StringKernel: the reference's own dataclasses,
recognised by exact type) are computed in compiled code by cs229.fast._svm_kernels, the one
place that evaluates kernels for this module, svm and smo. ``kernel_matrix`` forms the Gram
part XZᵀ with BLAS (numpy's matmul: syrk for XXᵀ, gemm for XZᵀ) and finishes each entry in one
pass: (G + c)^d, or the Gaussian's exp(−‖x − z‖²/(2σ²)) from centred rows (differences where
even those cancel), so it agrees with the reference to rounding. Any other callable
(FeatureMapKernel, a subclass, a user's function) is evaluated in Python on rows given as lists
of floats, one pair at a time. Every value is checked as the reference checks it.

The string kernel codes each length-k substring of X by an integer (one pass with a dict) and
keeps, per string, its distinct codes and their counts, and per code the strings holding it;
Kᵢⱼ = Σᵤ count_i(u)·count_j(u) then accumulates only over the substrings u that strings i and j
share, so the work is Σᵤ (strings holding u)² rather than m² pairs. The |alphabet|^k-dimensional φ
is never formed.

The kernel perceptron evaluates its kernel entries in the reference's order of operations
(left-to-right dot products and squared distances, no BLAS) and runs the same loop, so its
mistakes, α and b are the reference's, update for update. It never forms the m×m matrix for a
named kernel: the sum at example i reads K(x⁽ʲ⁾, x⁽ⁱ⁾) only for the support (αⱼ ≠ 0), whose
columns are computed once, when j first makes a mistake, and kept within ``cache_size``.
"""
import numbers

import numpy as np

from libc.math cimport exp, fabs, log, sqrt
from libc.stdint cimport int64_t
from libc.stdlib cimport calloc, free, malloc

cdef extern from *:
    """
    #include <stdlib.h>
    #if defined(__linux__)
    #include <sys/mman.h>
    #endif
    /* n bytes for free(): on Linux aligned to 2 MB and marked for transparent huge pages, so
       that first touching a block of kernel columns faults once per 2 MB, not once per 4 KB */
    static void* cs229_block_alloc(size_t n) {
    #if defined(__linux__) && defined(MADV_HUGEPAGE)
        void* p = NULL;
        if (n >= ((size_t) 1 << 21) && posix_memalign(&p, (size_t) 1 << 21, n) == 0) {
            madvise(p, n, MADV_HUGEPAGE);
            return p;
        }
    #endif
        return malloc(n);
    }
    """
    void* cs229_block_alloc(size_t n) nogil

from cython.parallel cimport prange

from cs229.fast._pair_kernel cimport COLUMN_TILE, pair_kernel, pair_kernel_tile
from cs229.fast._parallel cimport (ThreadChoice, ThreadRule, account_threads, choice_init,
                                   choose_threads)
from cs229.fast._threads cimport run_rule

from cs229.fast._svm_kernels import (ALWAYS, CUSTOM, LINEAR, POLYNOMIAL, STRING, as_points,
                                     block_threads, kernel_block, kernel_spec, overflow_checked,
                                     take)
from cs229.fast._threads import cores_taken
from cs229.fast._validation import as_matrix, as_order, as_signed_labels, as_vector, cores_of
from cs229.reference.inputs import sequence
from cs229.reference.messages import error
from cs229.reference import kernels as _reference
from cs229.reference.kernels import (ATTRIBUTE, ConvergenceError, FeatureMapKernel, Gaussian,
                                     InvalidKernelError, IterativeResult,
                                     KernelPerceptronResult, Linear, MercerResult,
                                     Polynomial, StringKernel)
from cs229.reference.parameters import flag, nonnegative, positive, positive_int, real, tolerance

__all__ = [
    "Linear", "Polynomial", "Gaussian", "StringKernel", "FeatureMapKernel",
    "linear_features", "power_features", "quadratic_features", "quadratic_features_c",
    "monomials", "monomial_weight", "monomial_features", "gaussian_features",
    "spectrum_features", "spectrum_dimension", "kernel_matrix",
    "MercerResult", "InvalidKernelError", "mercer_test", "checked_kernel_matrix",
    "kernel_perceptron", "KernelPerceptronResult", "perceptron_decision", "IterativeResult",
    "ConvergenceError",
]

cdef double EPS = np.finfo(np.float64).eps


# ---- feature maps ------------------------------------------------------------------------------

def _features(phi):
    """As the reference: a coordinate of φ(x) that is not finite is an error."""
    return overflow_checked(phi, lambda k: f"φ(x)[{k}]", "rescale x")


def linear_features(x):
    """KR-10: φ(x) = x."""
    return as_vector(x, "x").copy()


def _attribute(x):
    """As the reference's: a number, or a vector of one entry (``ATTRIBUTE``)."""
    if isinstance(x, numbers.Number):
        return real(x, "x", float64=True)
    v = as_vector(sequence(x, "x", ATTRIBUTE), "x")
    if v.shape[0] != 1:
        raise error("one_attribute", n=v.shape[0])
    return float(v[0])


def power_features(x, degree=3):
    """KR-1: [x, x², …, x^degree]."""
    x = _attribute(x)
    degree = positive_int(degree, "degree")
    out = np.empty(degree)
    out[0] = x
    with np.errstate(over="ignore", invalid="ignore"):
        for k in range(1, degree):
            out[k] = out[k - 1] * x
    return _features(out)


def quadratic_features(x):
    """KR-2: (xᵢxⱼ), i outer."""
    x = as_vector(x, "x")
    with np.errstate(over="ignore"):
        return _features(np.multiply.outer(x, x).ravel())


def quadratic_features_c(x, c):
    """KR-3: ((xᵢxⱼ), √(2c)·x, c)."""
    x = as_vector(x, "x")
    c = nonnegative(c, "c", float64=True)
    with np.errstate(over="ignore"):
        return _features(np.concatenate([np.multiply.outer(x, x).ravel(), sqrt(2 * c) * x, [c]]))


def monomials(n, d):
    """KR-4: the C(n + d, d) exponent tuples of degree ≤ d (the reference's order)."""
    return _reference.monomials(n, d)


def monomial_weight(alpha, c, d):
    """KR-4: d!/(α₀!α₁!⋯αₙ!)·c^α₀, as a float; d, c, alpha checked in the reference's order."""
    d = positive_int(d, "d")
    return float(_reference.monomial_weight(alpha, nonnegative(c, "c", float64=True), d))


def monomial_features(x, c, d):
    """KR-4: √(weight_α)·x^α over ``monomials(n, d)``."""
    x = as_vector(x, "x")
    c = nonnegative(c, "c", float64=True)
    d = positive_int(d, "d")
    exponents = _reference.monomials(x.shape[0], d)
    out = np.empty(len(exponents))
    cdef const double[::1] xv = x
    cdef double term
    for k, alpha in enumerate(exponents):
        term = sqrt(float(_reference.monomial_weight(alpha, c, d)))
        for j, a in enumerate(alpha):
            for _ in range(a):
                term = term * xv[j]
        out[k] = term
    return _features(out)


def gaussian_features(x, sigma, terms):
    """KR-5: φₖ(x) = exp(−x²/(2σ²))·xᵏ/(σᵏ√(k!)), k < terms."""
    x = _attribute(x)
    sigma = Gaussian(positive(sigma, "sigma", float64=True)).sigma   # 2σ² checked as the kernel's
    terms = positive_int(terms, "terms")
    if terms > 171:
        raise _reference.too_many_terms(terms, 171)
    cdef double envelope = exp(-x * x / (2 * sigma * sigma)), power = 1.0
    out = np.empty(terms)
    factorial = 1
    for k in range(terms):
        if k:
            power = power * x / sigma
            factorial *= k
        out[k] = envelope * power / sqrt(float(factorial))
    return _features(out)


def spectrum_features(s, k):
    """KR-8: {u: occurrences of u in s} (the reference's dict)."""
    return _reference.spectrum_features(s, k)


def spectrum_dimension(alphabet_size, k):
    """KR-8: alphabet_size^k."""
    return _reference.spectrum_dimension(alphabet_size, k)


# ---- kernel matrices ---------------------------------------------------------------------------

def kernel_matrix(X, kernel, Z=None, *, n_jobs=-1):
    """KR-6: Kᵢⱼ = K(x⁽ⁱ⁾, z⁽ʲ⁾) (Z = X by default), as a float64 array; every value checked.
    A named kernel's rows are mapped from the Gram matrix on ``n_jobs`` cores (-1 or None: all;
    1: serial), the same values for any n_jobs."""
    cores = cores_of(n_jobs)
    spec = kernel_spec(kernel)
    X = as_points(X, kernel, "X")
    if Z is None:
        return kernel_block(X, X, kernel, spec, ("X", "X"), symmetric=True, exact_max=0,
                            threads=block_threads(cores, len(X), len(X)))
    Z = as_points(Z, kernel, "Z")
    if not isinstance(kernel, StringKernel) and Z.shape[1] != X.shape[1]:
        raise error("columns_and_columns", name="Z", m=Z.shape[1], x_name="X", n=X.shape[1])
    return kernel_block(X, Z, kernel, spec, ("X", "Z"), exact_max=0,
                        threads=block_threads(cores, len(X), len(Z)))


# ---- Mercer's test -----------------------------------------------------------------------------

cdef Py_ssize_t _pivoted_ldl(double[:, ::1] W, Py_ssize_t[::1] perm, double tol) noexcept nogil:
    """The reference's LDLᵀ with symmetric pivoting on W (lower triangle read, both kept):
    returns the step k at which the trailing diagonal is ≤ tol, or n when every pivot is > tol."""
    cdef Py_ssize_t n = W.shape[0], k, p, i, j, t
    cdef double d, l_i, tmp
    cdef double* col = <double*> malloc((n + 1) * sizeof(double))
    if col == NULL:
        return -1
    for k in range(n):
        p = k
        for i in range(k + 1, n):
            if W[i, i] > W[p, p]:
                p = i
        if W[p, p] <= tol:
            free(col)
            return k
        if p != k:
            for j in range(n):
                tmp = W[k, j]
                W[k, j] = W[p, j]
                W[p, j] = tmp
            for i in range(n):
                tmp = W[i, k]
                W[i, k] = W[i, p]
                W[i, p] = tmp
            t = perm[k]
            perm[k] = perm[p]
            perm[p] = t
        d = W[k, k]
        for i in range(k + 1, n):
            col[i] = W[i, k]
        for i in range(k + 1, n):
            l_i = col[i] / d
            for j in range(k + 1, i + 1):
                W[i, j] = W[i, j] - l_i * col[j]
                W[j, i] = W[i, j]
            W[i, k] = l_i
    free(col)
    return n


def _zero_block_witness(W, k, tol):
    n = W.shape[0]
    diag = np.diagonal(W)[k:]
    lowest = k + int(np.argmin(diag))
    if W[lowest, lowest] < -tol:
        v = np.zeros(n - k)
        v[lowest - k] = 1.0
        return v
    best, where = 2 * tol, None
    for i in range(k, n):
        for j in range(k, i):
            if fabs(W[i, j]) > best:
                best, where = fabs(W[i, j]), (i, j)
    if where is None:
        return None
    i, j = where
    v = np.zeros(n - k)
    v[i - k] = 1.0
    v[j - k] = -1.0 if W[i, j] > 0 else 1.0
    return v


def _witness_back(K, W, perm, k, v):
    n = W.shape[0]
    zhat = np.zeros(n)
    zhat[k:] = v
    for i in range(k - 1, -1, -1):
        s = zhat[i]
        for j in range(i + 1, n):
            s = s - W[j, i] * zhat[j]
        zhat[i] = s
    z = np.empty(n)
    z[perm] = zhat
    value = 0.0
    for i in range(n):
        row = 0.0
        for j in range(n):
            row += K[i, j] * z[j]
        value += z[i] * row
    return z, value


def mercer_test(K, tol=None):
    """KR-7: is K symmetric PSD? The reference's pivoted LDLᵀ in compiled code; tol defaults to
    n·eps·max|Kᵢⱼ|."""
    K = as_matrix(K, "K")
    n = K.shape[0]
    if K.shape[1] != n:
        raise error("square", name="K", m=n, n=K.shape[1])
    tol = tolerance(tol, "tol", float64=True)
    if tol is None:
        tol = n * EPS * float(np.abs(K).max())
    asym = np.abs(K - K.T) > tol
    if asym.any():
        lower = np.tril(asym, -1)
        i, j = np.unravel_index(int(np.argmax(lower)), lower.shape)
        return MercerResult(False, False, pair=(int(i), int(j)))
    W = np.tril(K) + np.tril(K, -1).T
    perm = np.arange(n, dtype=np.intp)
    cdef double[:, ::1] Wv = W
    cdef Py_ssize_t[::1] pv = perm
    cdef double t = tol
    cdef Py_ssize_t k
    with nogil:
        k = _pivoted_ldl(Wv, pv, t)
    if k < 0:
        raise MemoryError()
    if k == n:
        return MercerResult(True, True)
    v = _zero_block_witness(W, k, tol)
    if v is None:
        return MercerResult(True, True)
    z, value = _witness_back(K, W, perm, k, v)
    return MercerResult(False, True, witness=z, value=value)


def checked_kernel_matrix(X, kernel):
    """KR-6, KR-7: the kernel matrix after Mercer's test; InvalidKernelError carries the witness."""
    K = kernel_matrix(X, kernel)
    result = mercer_test(K)
    if not result.valid:
        raise _reference.not_mercer(result)
    return K


# ---- KR-9: the kernel perceptron ---------------------------------------------------------------

cdef enum:
    SLOTS = 64   # kernel columns per block of the cache: one example's values of a block side by side
    # a column on several threads only when each takes this many tiles (2 × 512 points: about
    # 20 µs of work at n = 20, against a few µs for the threads to meet)
    TILES_PER_THREAD = 2
    CODE_PRECOMPUTED = -1   # the support reads the rows of a precomputed matrix


cdef class _Support:
    """The examples with αⱼ ≠ 0, in increasing j (the order of the reference's sum), each with
    its kernel column K(x⁽ʲ⁾, x⁽ⁱ⁾), i = 0..m−1, where one is kept.

    Named kernels (linear, polynomial, Gaussian): a column is computed once, in the reference's
    order of operations, when j joins, into blocks of ``width`` columns laid out example by
    example (example i's values of a block side by side, so that a visit reads few cache lines);
    blocks are allocated as the support grows, at most ``budget`` doubles in all. A member beyond
    the budget has its values computed at each visit instead. A precomputed matrix K (the string
    kernel, a custom kernel) gives its rows: column j is K[j, ·].

    A new column's tiles of points may be computed side by side on ``cores`` threads, whose
    meeting at the column's end is timed against one thread as the run goes (``choice``, as a
    run of SMO times its passes): the same values either way."""
    cdef const double[:, ::1] X
    cdef const double[:, ::1] XT
    cdef const double[:, ::1] K
    cdef double[::1] fresh
    cdef Py_ssize_t m, n, size, width, cached, capacity, blocks, cores
    cdef ThreadChoice choice
    cdef int code
    cdef double c, d, den
    cdef Py_ssize_t* members
    cdef double** column
    cdef double** block

    def __cinit__(self):
        self.members = NULL
        self.column = NULL
        self.block = NULL

    def __init__(self, X, spec, double budget, K=None, Py_ssize_t cores=1, bint busy=False):
        self.m = X.shape[0] if K is None else K.shape[0]
        self.size = self.cached = self.blocks = 0
        self.code, self.c, self.d, self.den = spec
        self.cores = cores
        choice_init(&self.choice, run_rule(), busy)
        if K is None:
            self.X = X
            self.XT = np.ascontiguousarray(X.T)   # columns are computed point after point (pair_kernel_tile)
            self.fresh = np.empty(self.m)
            self.n = X.shape[1]
            # columns of ``width`` doubles per example; fewer than SLOTS when the budget is short
            self.width = <Py_ssize_t> min(SLOTS, budget // self.m)
            self.capacity = 0 if self.width == 0 else <Py_ssize_t> (budget // (self.m * self.width)) * self.width
        else:
            self.K = K
            self.width = 1
            self.capacity = 0
        self.members = <Py_ssize_t*> malloc(self.m * sizeof(Py_ssize_t))
        self.column = <double**> malloc(self.m * sizeof(double*))
        self.block = <double**> calloc(self.capacity // self.width + 1 if self.width else 1, sizeof(double*))
        if self.members == NULL or self.column == NULL or self.block == NULL:
            raise MemoryError(f"no memory for the support of {self.m} examples")

    def __dealloc__(self):
        cdef Py_ssize_t b
        if self.block != NULL:
            for b in range(self.blocks):
                free(self.block[b])
        free(self.block)
        free(self.column)
        free(self.members)

    cdef double* _new_column(self, Py_ssize_t j) noexcept nogil:
        """Column j computed into the next free slot, or NULL when the budget (or the memory)
        holds no more."""
        cdef Py_ssize_t b, tile, threads, tiles = (self.m + COLUMN_TILE - 1) // COLUMN_TILE
        cdef double* base
        if self.code == CODE_PRECOMPUTED:
            return <double*> &self.K[j, 0]
        if self.cached == self.capacity:
            return NULL
        b = self.cached // self.width
        if b == self.blocks:
            self.block[b] = <double*> cs229_block_alloc(self.m * self.width * sizeof(double))
            if self.block[b] == NULL:
                self.capacity = self.cached     # no more memory: the rest are computed at visits
                return NULL
            self.blocks += 1
        base = self.block[b] + self.cached % self.width
        threads = choose_threads(&self.choice, max(min(self.cores, tiles // TILES_PER_THREAD), 1))
        if threads > 1:
            for tile in prange(tiles, num_threads=threads, schedule="static"):
                self._tile(j, base, tile)
        else:
            for tile in range(tiles):
                self._tile(j, base, tile)
        account_threads(&self.choice, self.m)
        self.cached += 1
        return base

    cdef void _tile(self, Py_ssize_t j, double* base, Py_ssize_t tile) noexcept nogil:
        """The tile's values of column j into its slots (example t's at base[t·width])."""
        cdef Py_ssize_t start = tile * COLUMN_TILE, stop = min(start + <Py_ssize_t> COLUMN_TILE, self.m), t
        pair_kernel_tile(&self.X[j, 0], &self.XT[0, 0], start, stop, self.m, self.n, self.code, self.c,
                         self.d, self.den, &self.fresh[0])
        for t in range(start, stop):
            base[t * self.width] = self.fresh[t]

    cdef void add(self, Py_ssize_t j) noexcept nogil:
        """j joins the support, in its place in increasing order."""
        cdef Py_ssize_t s = self.size
        cdef double* base = self._new_column(j)
        while s > 0 and self.members[s - 1] > j:
            self.members[s] = self.members[s - 1]
            self.column[s] = self.column[s - 1]
            s -= 1
        self.members[s] = j
        self.column[s] = base
        self.size += 1

    cdef inline double value(self, Py_ssize_t s, Py_ssize_t i) noexcept nogil:
        """K(x⁽ʲ⁾, x⁽ⁱ⁾) for the s-th member j (the named kernels give the same bits either way
        round: xₖzₖ = zₖxₖ, (xₖ − zₖ)² = (zₖ − xₖ)²)."""
        cdef double* base = self.column[s]
        if base != NULL:
            return base[i * self.width]
        return pair_kernel(&self.X[self.members[s], 0], &self.X[i, 0], self.n, self.code, self.c,
                           self.d, self.den)


cdef Py_ssize_t _epoch(_Support support, const double[::1] y, const Py_ssize_t[::1] order,
                       int64_t[::1] alpha, double* b, Py_ssize_t[::1] updates,
                       Py_ssize_t* n_updates) noexcept nogil:
    cdef Py_ssize_t m = order.shape[0], idx, i, j, s, mistakes = 0
    cdef double f
    for idx in range(m):
        i = order[idx]
        f = 0.0
        for s in range(support.size):
            j = support.members[s]
            f = f + (alpha[j] * y[j]) * support.value(s, i)
        f = f + b[0]
        if (1.0 if f >= 0 else -1.0) != y[i]:
            if alpha[i] == 0:
                support.add(i)
            alpha[i] += 1
            b[0] = b[0] + y[i]
            updates[n_updates[0]] = i
            n_updates[0] += 1
            mistakes += 1
    return mistakes


def _check_finite_values(X, kernel, spec):
    """Every K(x⁽ⁱ⁾, x⁽ʲ⁾) of a linear or polynomial kernel is finite, or the reference's error
    naming the first that is not (its kernel matrix checks them all; a Gaussian value is in
    [0, 1]). By Cauchy–Schwarz |xᵀz| ≤ max ‖x⁽ⁱ⁾‖² = M, so with a margin for rounding
    (M(1 + 4(n + 2)·eps) + c)^d bounds every value: only when that bound comes within a factor e
    of the float range are the values computed, a block of rows at a time (none kept)."""
    code, c, d = spec[0], spec[1], spec[2]
    if code not in (LINEAR, POLYNOMIAL):
        return
    m, n = X.shape
    with np.errstate(over="ignore"):
        top = float(np.einsum("ij,ij->i", X, X).max())
    bound = top * (1 + 4 * (n + 2) * EPS) + c
    if bound == 0 or (bound < np.inf and d * log(bound) < LOG_MAX - 1):
        return
    rows = max(1, (1 << 20) // m)   # blocks of about 8 MB
    for start in range(0, m, rows):
        stop = min(start + rows, m)
        kernel_block(X[start:stop], X, kernel, spec, ("X", "X"), exact_max=ALWAYS,
                     index=(np.arange(start, stop), None))


cdef double LOG_MAX = log(np.finfo(np.float64).max)


def _whole_matrix(X, kernel, spec, double budget, cache_size):
    """The kernel matrix of the string kernel or of a custom kernel (Mercer's test and its
    working copies: about four m×m arrays), refused before it is formed when it would pass the
    budget."""
    m = len(X)
    copies = 4 if spec[0] == CUSTOM else 1
    if copies * float(m) * m > budget:
        what = "a custom kernel is first put to Mercer's test on the whole" if spec[0] == CUSTOM \
            else "the string kernel's values come from the whole"
        raise MemoryError(
            f"the kernel perceptron on {m} examples needs {copies * 8.0 * m * m / 2 ** 20:,.0f} MB: "
            f"{what} {m}×{m} kernel matrix, more than cache_size = {cache_size} MB; raise "
            "cache_size, or use a named kernel (Linear, Polynomial, Gaussian), whose values are "
            "computed for the examples with α > 0 only")
    if spec[0] == CUSTOM:
        return checked_kernel_matrix(X, kernel)
    return kernel_block(X, X, kernel, spec, ("X", "X"), symmetric=True, exact_max=ALWAYS)


def kernel_perceptron(X, y, kernel, max_epochs=100, order=None, record=False, cache_size=200, *,
                      n_jobs=1):
    """KR-9: the reference's kernel perceptron (same order, same tie rule g(0) = 1, same
    updates); a KernelPerceptronResult: theta = α (int array), b, extra = {'updates'}. The sum at
    example i runs over the support (αⱼ ≠ 0) in increasing j; a named kernel's column
    K(x⁽ʲ⁾, ·) is computed once, in the reference's order of operations, when j first makes a
    mistake, and kept while the columns fit in ``cache_size`` megabytes (beyond, the values of
    later members are computed at each visit): memory and kernel evaluations follow the support,
    not m². Every value is checked first, as the reference's kernel matrix is (for the linear and
    polynomial kernels by a bound, computing them only near the float range). The string kernel
    and a custom kernel (after Mercer's test) form the whole matrix, refused with the memory it
    needs when that passes ``cache_size``. ``n_jobs`` cores (1 by default, as SMO: the threads
    meet at every new column) compute a new column's tiles side by side where that is measured
    faster than one thread; the same values, so the same updates, for every n_jobs."""
    spec = kernel_spec(kernel)
    X = as_points(X, kernel, "X")
    m = len(X)
    y = as_signed_labels(y, "y", m, "X")
    max_epochs = positive_int(max_epochs, "max_epochs")
    order = as_order(order, m)
    cdef double budget = positive(cache_size, "cache_size", float64=True) * 2.0 ** 20 / 8   # doubles
    record = flag(record, "record")
    cdef Py_ssize_t cores = cores_of(n_jobs)
    if spec[0] in (CUSTOM, STRING):
        K = _whole_matrix(X, kernel, spec, budget, cache_size)
        support = _Support(K, (CODE_PRECOMPUTED, 0.0, 1.0, 1.0), budget, K)
    else:
        _check_finite_values(X, kernel, spec)
        busy = cores > 1 and m >= 2 * TILES_PER_THREAD * COLUMN_TILE and cores_taken(cores)
        support = _Support(X, spec, budget, None, cores, busy)
    alpha = np.zeros(m, dtype=np.int64)
    cdef double b = 0.0
    cdef Py_ssize_t n_updates = 0, mistakes
    updates = np.empty(m, dtype=np.intp)
    cdef const double[::1] yv = y
    cdef const Py_ssize_t[::1] ov = order
    cdef int64_t[::1] av = alpha
    cdef Py_ssize_t[::1] uv
    cdef _Support sv = support
    path = [(alpha.copy(), 0)] if record else None
    for epoch in range(1, max_epochs + 1):
        if updates.shape[0] < n_updates + m:
            updates = np.concatenate([updates, np.empty(updates.shape[0] + m, dtype=np.intp)])
        uv = updates
        with nogil:
            mistakes = _epoch(sv, yv, ov, av, &b, uv, &n_updates)
        if record:
            path.append((alpha.copy(), int(b)))
        if mistakes == 0:
            return KernelPerceptronResult(alpha, epoch, True, path,
                                          {"updates": updates[:n_updates].tolist()}, int(b))
    raise _reference.perceptron_not_converged(KernelPerceptronResult(
        alpha, max_epochs, False, path, {"updates": updates[:n_updates].tolist()}, int(b)))


def perceptron_decision(X, y, alpha, b, Z, kernel):
    """KR-9: Σⱼ αⱼ y⁽ʲ⁾ K(x⁽ʲ⁾, z) + b for every row z of Z, summed over j in order, with K
    evaluated (and checked) only where αⱼ ≠ 0, for blocks of Z at a time."""
    spec = kernel_spec(kernel)
    X = as_points(X, kernel, "X")
    m = len(X)
    y = as_signed_labels(y, "y", m, "X")
    Z = as_points(Z, kernel, "Z")
    alpha = as_vector(alpha, "alpha", m, "X", of="rows")
    b = real(b, "b", float64=True)
    if not isinstance(kernel, StringKernel) and Z.shape[1] != X.shape[1]:
        raise error("columns_and_columns", name="Z", m=Z.shape[1], x_name="X", n=X.shape[1])
    out = np.full(len(Z), 0.0)
    support = np.flatnonzero(alpha)
    if support.size:
        S = take(X, support)
        coefficients = alpha[support] * y[support]
        # blocks of Z of about 32 MB of kernel values: memory follows the support, not |S|·len(Z)
        rows = max(1, (1 << 22) // support.size)
        for start in range(0, len(Z), rows):
            stop = min(start + rows, len(Z))
            K = kernel_block(S, Z[start:stop], kernel, spec, ("X", "Z"), exact_max=0,
                             index=(support, range(start, stop)))
            part = out[start:stop]
            with np.errstate(over="ignore", invalid="ignore"):
                for r in range(support.size):
                    part = part + coefficients[r] * K[r]
            out[start:stop] = part
    with np.errstate(over="ignore", invalid="ignore"):
        out = out + b
    return overflow_checked(out, lambda i: f"the decision value of Z[{i}]",
                            _reference.DECISION_REMEDY)


# ---- docstrings: the reference twin's text, one home for both faces (cs229.fast._docs) -----------

from cs229.fast._docs import adopt as _adopt  # noqa: E402
from cs229.reference import kernels as _twin  # noqa: E402

_adopt(globals(), _twin)
