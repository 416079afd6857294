"""Compiled twin of cs229.reference.smo (catalog SMO-2, SMO-3, SMO-4).

The two-variable step (SMO-2) and the three pair rules (SMO-3) are the reference's, statement
for statement: the same sums in the same order, the same strict comparisons (ties to the
lowest index) and the same SplitMix64 draws, so that on problems of up to EXACT_MAX examples,
where the kernel values are the reference's bit for bit, the pair sequence and the answer are
the reference's. Above that the kernel rows come from BLAS and agree to rounding.

Kernel rows: SMO reads row i of K for the chosen i and j only. Rows are computed on demand
(pair by pair in the reference's order up to EXACT_MAX examples; above, dgemv plus the kernel's
map, the Gaussian from centred rows with the reference's differences where those cancel) into
an LRU cache of ``cache_size`` megabytes; while all m rows fit, nothing is evicted. The errors
without threshold gₜ = wᵀφ(x⁽ᵗ⁾) − y⁽ᵗ⁾ are kept for every t (the gradient cache) and updated
with the two rows after each step. With ``shrinking`` (the second-order rule), libsvm's
shrinking keeps only the examples that can still be chosen active: rows and updates are as
long as the active set, and the stopping test is made again over every example at the end.
The string kernel and any other callable are evaluated into the full matrix first
(cs229.fast._svm_kernels, as everywhere). A recorded path grows as the steps are taken. With
``n_jobs``, threads share each pass over the examples by contiguous chunks (whole BLAS blocks
of a row), and the chunks' winners are compared in order: the serial choices, bit for bit.
"""
import numpy as np

from libc.limits cimport INT_MAX
from libc.math cimport INFINITY, NAN, fabs, isfinite, pow
from libc.stdint cimport uint64_t
from libc.stdlib cimport calloc, free, malloc, realloc
from cython.parallel cimport prange
from scipy.linalg.cython_blas cimport dgemv

from cs229.fast._parallel cimport rows_per_chunk, thread_count

from cs229.fast._pair_kernel cimport (CODE_GAUSSIAN, CODE_POLYNOMIAL, gaussian_exponents,
                                     pair_kernel)

from cs229.fast._svm_kernels import (CUSTOM, EXACT_MAX, GAUSSIAN, STRING, diagonal, kernel_block,
                                     kernel_spec, overflow_checked, take)
from cs229.fast._validation import as_vector, check_tol, cores_of, positive, positive_int
from cs229.fast.svm import as_C, as_problem
from cs229.reference.inputs import flag
from cs229.reference.kernels import InvalidKernelError, Linear, MercerResult, checked_value
from cs229.reference.results import ConvergenceError, NotSeparableError
from cs229.reference.smo import RULES, TAU, SplitMix64, stuck_error
from cs229.reference.svm import REMEDY, SVMFit

__all__ = ["SVMFit", "NotSeparableError", "ConvergenceError", "SplitMix64", "two_variable_step",
           "kkt_gap", "smo"]

cdef double C_TAU = TAU
cdef double TINY = 2.0 ** -44       # the reference's scalar.zero_tolerance(float, 1, 2**8)
# dgemv on at most this many matrix entries stays on the calling thread (OpenBLAS threads from
# 2304 × GEMM_MULTITHREAD_THRESHOLD = 9216 entries on)
cdef Py_ssize_t SERIAL_ENTRIES = 4096
# a pass over the examples in a step (the update of g, the choice of j) is split among threads
# from this many examples per thread on: below it, waking a thread costs what it saves
cdef Py_ssize_t STEP_CHUNK = 4096
cdef enum:
    MAX_THREADS = 64   # the per-thread partial results of a pass live on the stack


# ---- kernel rows -------------------------------------------------------------------------------


cdef class _Rows:
    """Rows of K on demand, over the examples in their current order: position t holds the
    caller's example perm[t] (shrinking swaps positions; without it perm is the identity).

    The rows live in libsvm's cache: a row holds the entries 0 … len − 1 for the len of its
    longest request (a shrunk active set asks for short rows, a reconstruction for whole ones),
    rows are evicted least recently used first, all rows together hold at most ``budget``
    doubles, and the budget is at least two whole rows, so that the rows of the pair in hand
    are never evicted. The string kernel and custom kernels are evaluated into the whole
    matrix first (cs229.fast._svm_kernels); their rows are read from it."""
    cdef const double[:, ::1] X       # the points by position (a copy when they are swapped)
    cdef const double[:, ::1] Xc      # the centred points (the Gaussian from BLAS), or X
    cdef double[::1] sq
    cdef double[::1] diag
    cdef const double[:, ::1] full    # the precomputed matrix, in the caller's order
    cdef object full_array
    cdef Py_ssize_t[::1] perm
    cdef Py_ssize_t m, n, cores
    cdef int code
    cdef bint exact, precomputed, swapped
    cdef double c, d, den
    cdef double** data
    cdef Py_ssize_t* length
    cdef Py_ssize_t* prev            # the LRU list over positions; m is its head: nxt[m] is the
    cdef Py_ssize_t* nxt             # least recently used row, prev[m] the most recent
    cdef Py_ssize_t budget
    cdef public Py_ssize_t computed
    cdef public Py_ssize_t bad_i, bad_j
    cdef public double bad
    cdef public bint out_of_memory

    def __cinit__(self):
        self.data = NULL
        self.length = self.prev = self.nxt = NULL

    def __init__(self, X, kernel, spec, double cache_bytes, bint swapped, Py_ssize_t cores):
        cdef Py_ssize_t t
        self.m = len(X)
        self.cores = min(cores, MAX_THREADS)
        self.code, self.c, self.d, self.den = spec
        self.swapped = swapped
        self.computed = 0
        self.bad_i = self.bad_j = -1
        self.out_of_memory = False
        self.perm = np.arange(self.m, dtype=np.intp)
        self.exact = self.m <= EXACT_MAX
        self.precomputed = self.code == CUSTOM or self.code == STRING
        if self.precomputed:
            self.full_array = kernel_block(X, X, kernel, spec, symmetric=True)
            self.full = self.full_array
            self.diag = np.ascontiguousarray(np.diagonal(self.full_array))
        else:
            self._points(X, kernel, spec)
        # whole rows of the precomputed matrix are read in place until positions are swapped
        rows_needed = 0 if (self.precomputed and not swapped) else self.m
        self.budget = <Py_ssize_t> max(2.0 * rows_needed,
                                       min(cache_bytes / 8, float(rows_needed) * rows_needed))
        self.data = <double**> calloc(self.m, sizeof(double*))
        self.length = <Py_ssize_t*> calloc(self.m, sizeof(Py_ssize_t))
        self.prev = <Py_ssize_t*> malloc((self.m + 1) * sizeof(Py_ssize_t))
        self.nxt = <Py_ssize_t*> malloc((self.m + 1) * sizeof(Py_ssize_t))
        if self.data == NULL or self.length == NULL or self.prev == NULL or self.nxt == NULL:
            raise MemoryError(f"no memory for the kernel-row cache of {self.m} examples")
        self.prev[self.m] = self.nxt[self.m] = self.m

    def _points(self, X, kernel, spec):
        self.n = X.shape[1]
        if self.swapped:
            X = X.copy()                # positions are swapped: never the caller's array
        self.X = X
        self.diag = diagonal(X, spec)
        bad = ~np.isfinite(self.diag)
        if bad.any():   # K(x, x) bounds every |K(x, z)| for these kernels: checked up front
            t = int(np.argmax(bad))
            checked_value(float(self.diag[t]), kernel, "X", t, "X", t)
        if self.exact:
            return
        if self.m > INT_MAX or self.n > INT_MAX:
            raise ValueError(f"X is {self.m}×{self.n}: BLAS takes at most {INT_MAX} rows and columns")
        if self.code == GAUSSIAN:
            # ‖x − z‖² from centred rows (a centre inside the bounding box, halves first)
            Xc = X - (X.min(axis=0) / 2 + X.max(axis=0) / 2)
            self.Xc = Xc
            self.sq = np.einsum("ij,ij->i", Xc, Xc)
        else:
            self.Xc = X

    def __dealloc__(self):
        cdef Py_ssize_t t
        if self.data != NULL:
            for t in range(self.m):
                free(self.data[t])
        free(self.data)
        free(self.length)
        free(self.prev)
        free(self.nxt)

    def matrix(self):
        """The precomputed matrix (string kernel, custom kernels)."""
        return self.full_array

    cdef inline void _unlink(self, Py_ssize_t h) noexcept nogil:
        self.nxt[self.prev[h]] = self.nxt[h]
        self.prev[self.nxt[h]] = self.prev[h]

    cdef inline void _append(self, Py_ssize_t h) noexcept nogil:
        """h becomes the most recently used row."""
        self.prev[h] = self.prev[self.m]
        self.nxt[h] = self.m
        self.nxt[self.prev[h]] = h
        self.prev[self.m] = h

    cdef void _drop(self, Py_ssize_t h) noexcept nogil:
        self._unlink(h)
        free(self.data[h])
        self.data[h] = NULL
        self.budget += self.length[h]
        self.length[h] = 0

    cdef double* row(self, Py_ssize_t i, Py_ssize_t stop) noexcept nogil:
        """K(x, x_t) for the example x at position i and the positions t < stop; NULL when the
        memory ran out (``out_of_memory``). A value that is not finite sets bad_i, bad_j."""
        cdef Py_ssize_t have = self.length[i]
        cdef double* grown
        if self.precomputed and not self.swapped:
            return <double*> &self.full[i, 0]
        if have:
            self._unlink(i)
        if stop > have:
            while self.budget < stop - have and self.nxt[self.m] != self.m:
                self._drop(self.nxt[self.m])
            grown = <double*> realloc(self.data[i], stop * sizeof(double))
            if grown == NULL:
                self.out_of_memory = True
                if have:
                    self._append(i)
                return NULL
            self.data[i] = grown
            self.budget -= stop - have
            self.length[i] = stop
            self._compute(i, have, stop, grown)
        self._append(i)
        return self.data[i]

    cdef void swap(self, Py_ssize_t i, Py_ssize_t j) noexcept nogil:
        """Exchange positions i < j: their examples, and entries i and j of every cached row
        (libsvm's Cache::swap_index: a row that holds i but not j is dropped)."""
        cdef Py_ssize_t k, h, after
        cdef double* p
        cdef double v
        k = self.perm[i]
        self.perm[i] = self.perm[j]
        self.perm[j] = k
        v = self.diag[i]
        self.diag[i] = self.diag[j]
        self.diag[j] = v
        if not self.precomputed:
            _swap_rows(<double*> &self.X[0, 0], self.n, i, j)
            if not self.exact and self.code == CODE_GAUSSIAN:
                _swap_rows(<double*> &self.Xc[0, 0], self.n, i, j)
                v = self.sq[i]
                self.sq[i] = self.sq[j]
                self.sq[j] = v
        if self.length[i]:
            self._unlink(i)
        if self.length[j]:
            self._unlink(j)
        p = self.data[i]
        self.data[i] = self.data[j]
        self.data[j] = p
        k = self.length[i]
        self.length[i] = self.length[j]
        self.length[j] = k
        if self.length[i]:
            self._append(i)
        if self.length[j]:
            self._append(j)
        h = self.nxt[self.m]
        while h != self.m:
            after = self.nxt[h]
            if self.length[h] > j:
                v = self.data[h][i]
                self.data[h][i] = self.data[h][j]
                self.data[h][j] = v
            elif self.length[h] > i:
                self._drop(h)
            h = after

    cdef void _exp(self, double* out, Py_ssize_t count) noexcept nogil:
        # numpy's exp is vectorised (several times faster than libm's on a whole row); it lets
        # the GIL go while it computes, so the threads' chunks still run side by side
        with gil:
            part = np.asarray(<double[:count]> out)
            np.exp(part, out=part)

    cdef void _compute(self, Py_ssize_t i, Py_ssize_t start, Py_ssize_t stop,
                       double* out) noexcept nogil:
        """out[t] = K(x_i, x_t) for start ≤ t < stop (positions)."""
        cdef Py_ssize_t t, block, count = stop - start, threads, chunk, c
        cdef const double* xi
        self.computed += 1
        if self.precomputed:
            for t in range(start, stop):
                out[t] = self.full[self.perm[i], self.perm[t]]
            return
        xi = &self.X[i, 0]
        if self.exact:
            for t in range(start, stop):
                out[t] = pair_kernel(xi, &self.X[t, 0], self.n, self.code, self.c, self.d,
                                     self.den)
        else:
            # the threads take whole BLAS blocks, so each entry comes from the dgemv call
            # that computes it serially (the same bits for any n_jobs)
            block = max(1, SERIAL_ENTRIES // self.n)
            threads = thread_count(self.cores, count)
            if threads == 1:
                self._blas_part(i, start, stop, out)
            else:
                chunk = (rows_per_chunk(count, threads) + block - 1) // block * block
                for c in prange(threads, num_threads=threads, schedule="static"):
                    self._blas_part(i, start + c * chunk, min(start + (c + 1) * chunk, stop), out)
            if start <= i < stop:
                out[i] = self.diag[i]
        if self.code == CODE_GAUSSIAN:   # exp(−d2/den) ∈ [0, 1]
            return
        for t in range(start, stop):
            if not isfinite(out[t]):
                self.bad_i, self.bad_j, self.bad = self.perm[i], self.perm[t], out[t]
                return


    cdef void _blas_part(self, Py_ssize_t i, Py_ssize_t start, Py_ssize_t stop,
                         double* out) noexcept nogil:
        """out[t] for start ≤ t < stop before the Gaussian's exp: C-ordered Xc (rows × n) is the
        Fortran n × rows matrix Xcᵀ, so out = Xc x̄ᵢ by dgemv, in blocks small enough that
        OpenBLAS stays on the calling thread (its own threads for one long row spin while
        waiting: 85% of the time at m = 40,000 on 2 busy cores), then the kernel's map."""
        cdef Py_ssize_t t = start, count = stop - start
        cdef Py_ssize_t block = max(1, SERIAL_ENTRIES // self.n)
        cdef int n = <int> self.n, rows, one = 1   # checked <= INT_MAX
        cdef double alpha = 1.0, beta = 0.0
        cdef char trans = b'T'
        if count <= 0:
            return
        while t < stop:
            rows = <int> min(block, stop - t)
            dgemv(&trans, &n, &rows, &alpha, <double*> &self.Xc[t, 0], &n,
                  <double*> &self.Xc[i, 0], &one, &beta, out + t, &one)
            t += rows
        if self.code == CODE_POLYNOMIAL:
            for t in range(start, stop):
                out[t] = pow(out[t] + self.c, self.d)
        elif self.code == CODE_GAUSSIAN:
            gaussian_exponents(out + start, count, i - start if start <= i < stop else -1,
                               self.sq[i], &self.sq[start], &self.X[i, 0], &self.X[start, 0],
                               self.n, self.den)
            self._exp(out + start, count)


cdef inline void _swap_rows(double* A, Py_ssize_t n, Py_ssize_t i, Py_ssize_t j) noexcept nogil:
    cdef Py_ssize_t k
    cdef double v
    for k in range(n):
        v = A[i * n + k]
        A[i * n + k] = A[j * n + k]
        A[j * n + k] = v


# ---- the two-variable step (SMO-2) -------------------------------------------------------------

cdef int _step(double a1, double a2, double y1, double y2, double E1, double E2, double K11,
               double K22, double K12, double C, bint hard, double* new1,
               double* new2) noexcept nogil:
    """SMO-2: 1 and the new pair, 0 when the pair cannot move, -3 when the hard-margin dual is
    unbounded along the line."""
    cdef double low, high = 0.0, d, total, eta, slope, n1, n2, dd, w_low, w_high, s
    cdef bint unbounded = False
    if y1 != y2:
        d = a2 - a1
        low = d if d > 0 else 0.0
        if hard:
            unbounded = True
        else:
            high = C if d > 0 else C + d
    else:
        total = a1 + a2
        low = 0.0 if (hard or total <= C) else total - C
        high = total if (hard or total < C) else C
    eta = K11 + K22 - 2 * K12
    slope = y2 * (E1 - E2)
    if not unbounded and not low < high:
        n2 = low        # one point, possibly a rounding error away (as the reference)
    elif eta > 0:
        n2 = a2 + y2 * (E1 - E2) / eta
        if not unbounded and n2 > high:
            n2 = high
        elif n2 < low:
            n2 = low
    elif unbounded:
        if slope > 0 or eta < 0:
            return -3
        if not slope < 0:
            return 0
        n2 = low
    else:
        dd = low - a2
        w_low = slope * dd - eta * dd * dd / 2
        dd = high - a2
        w_high = slope * dd - eta * dd * dd / 2
        if w_low > w_high + TINY:
            n2 = low
        elif w_low < w_high - TINY:
            n2 = high
        else:
            return 0
    s = y1 * y2
    n1 = a1 + s * (a2 - n2)
    if n2 == low and low != 0:
        n1 = 0.0 if s < 0 else C
    elif not unbounded and n2 == high and (hard or high != C):
        n1 = C if s < 0 else 0.0
    if n1 < 0:          # a rounding error outside the box, put back on it (as the reference)
        n1 = 0.0
    elif not hard and n1 > C:
        n1 = C
    if n1 == a1 and n2 == a2:
        return 0
    new1[0] = n1
    new2[0] = n2
    return 1


# ---- the pair rules (SMO-3) --------------------------------------------------------------------

cdef inline Py_ssize_t _step_threads(Py_ssize_t cores, Py_ssize_t active) noexcept nogil:
    return max(min(cores, active // STEP_CHUNK), 1)


cdef void _axpy(double a, const double* x, double* z, Py_ssize_t start,
                Py_ssize_t stop) noexcept nogil:
    """zₜ += a·xₜ for start ≤ t < stop."""
    cdef Py_ssize_t t
    for t in range(start, stop):
        z[t] += a * x[t]


cdef Py_ssize_t _update_part(double* g, const unsigned char* flags, double d1, const double* Ki,
                             double d2, const double* Kj, Py_ssize_t start, Py_ssize_t stop,
                             double* best_out) noexcept nogil:
    """gₜ += d₁Kᵢₜ + d₂Kⱼₜ for start ≤ t < stop; the first t of I_up with the largest −gₜ
    (−1 for none) and that −gₜ."""
    cdef Py_ssize_t i = -1, t
    cdef double gt, best = 0.0
    for t in range(start, stop):
        gt = g[t] + d1 * Ki[t] + d2 * Kj[t]
        g[t] = gt
        if (flags[t] & 1) and (i < 0 or -gt > best):
            i = t
            best = -gt
    best_out[0] = best
    return i


cdef Py_ssize_t _best_low_part(const double* g, const double* diag, const unsigned char* flags,
                               const double* Ki, Py_ssize_t i, double g_max, Py_ssize_t start,
                               Py_ssize_t stop, double* best_out, double* min_out) noexcept nogil:
    """For start ≤ t < stop: the first t of I_low with −gₜ < −gᵢ (gᵢ = −g_max) and the least
    −(gᵢ − gₜ)²/aᵢₜ, aᵢₜ = Kᵢᵢ + Kₜₜ − 2Kᵢₜ (τ where not positive), −1 for none, and that value;
    the least −gₜ over I_low (NaN for none)."""
    cdef Py_ssize_t j = -1, t
    cdef double g_min = 0.0, best = 0.0, diff, curvature, obj, gt
    cdef bint have_min = False
    for t in range(start, stop):
        if not (flags[t] & 2):
            continue
        gt = g[t]
        if not have_min or -gt < g_min:
            g_min = -gt
            have_min = True
        diff = g_max + gt
        if diff > 0:
            curvature = diag[i] + diag[t] - 2 * Ki[t]
            if not curvature > 0:
                curvature = C_TAU
            obj = -(diff * diff) / curvature
            if j < 0 or obj < best:
                j = t
                best = obj
    best_out[0] = best
    min_out[0] = g_min if have_min else NAN
    return j


cdef inline bint _in_up(double a, double t, double C, bint hard) noexcept nogil:
    return (t == 1 and (hard or a < C)) or (t == -1 and a > 0)


cdef inline bint _in_low(double a, double t, double C, bint hard) noexcept nogil:
    return (t == -1 and (hard or a < C)) or (t == 1 and a > 0)


cdef inline uint64_t _next(uint64_t* state) noexcept nogil:
    cdef uint64_t z
    state[0] += <uint64_t> 0x9E3779B97F4A7C15
    z = state[0]
    z = (z ^ (z >> 30)) * <uint64_t> 0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t> 0x94D049BB133111EB
    return z ^ (z >> 31)


cdef double _soft_threshold(const double[::1] alpha, const double[::1] y, const double[::1] f,
                            double C, bint hard) noexcept nogil:
    """As the reference: the average of y − wᵀx over the free α, else the middle of the
    interval the bound ones leave."""
    cdef double total = 0.0, r, lower = 0.0, upper = 0.0
    cdef Py_ssize_t free = 0
    cdef bint have_lower = False, have_upper = False, at_zero
    cdef Py_ssize_t t
    for t in range(alpha.shape[0]):
        r = y[t] - f[t]
        if alpha[t] > 0 and (hard or alpha[t] < C):
            total = total + r
            free += 1
            continue
        at_zero = alpha[t] == 0
        if (at_zero and y[t] == 1) or (not at_zero and y[t] == -1):
            if not have_lower or r > lower:
                lower, have_lower = r, True
        else:
            if not have_upper or r < upper:
                upper, have_upper = r, True
    if free:
        return total / free
    if not have_lower:
        return upper
    if not have_upper:
        return lower
    return (lower + upper) / 2


cdef class _Solver:
    """One run: α, the errors without threshold g, b, the rows of K, the counters, and the
    recorded pairs (a buffer that doubles when full). Arrays are indexed by position (see
    _Rows); only shrinking moves examples, and only the second-order rule shrinks."""
    cdef _Rows rows
    cdef double[::1] y
    cdef double[::1] alpha
    cdef double[::1] g
    cdef double[::1] gbar
    cdef Py_ssize_t* path
    cdef Py_ssize_t path_capacity
    cdef Py_ssize_t[::1] free
    cdef unsigned char[::1] flag
    cdef double[::1] f
    cdef double C, tol, b
    cdef bint hard, record, shrinking
    cdef Py_ssize_t m, active, cores
    cdef Py_ssize_t iterations, max_iterations
    cdef uint64_t state
    cdef public Py_ssize_t stuck_i, stuck_j

    def __init__(self, rows, y, C, tol, max_iterations, seed, record, shrinking):
        self.rows = rows
        self.cores = self.rows.cores
        self.m = y.shape[0]
        self.y = y.copy()               # shrinking reorders it
        self.alpha = np.zeros(self.m)
        self.g = -y
        self.hard = C is None
        self.C = 0.0 if C is None else C
        self.tol = tol
        self.b = 0.0
        self.iterations = 0
        self.max_iterations = max_iterations
        self.state = <uint64_t> (seed & 0xFFFFFFFFFFFFFFFF)
        self.record = record
        self.shrinking = shrinking
        self.active = self.m
        self.gbar = np.zeros(self.m)
        self.path = NULL
        self.path_capacity = 0
        self.free = np.empty(self.m, dtype=np.intp)
        self.flag = np.zeros(self.m, dtype=np.uint8)
        self.f = np.zeros(self.m)
        self.stuck_i = self.stuck_j = -1

    def __dealloc__(self):
        free(self.path)

    cdef inline Py_ssize_t _index(self, Py_ssize_t n) noexcept nogil:
        return <Py_ssize_t> (_next(&self.state) % <uint64_t> n)

    cdef bint _record(self, Py_ssize_t i, Py_ssize_t j) noexcept nogil:
        """Append the pair (i, j) of step ``iterations``; False when memory ran out."""
        cdef Py_ssize_t capacity
        cdef Py_ssize_t* grown
        if 2 * self.iterations + 2 > self.path_capacity:
            capacity = 2 * self.path_capacity if self.path_capacity else 2048
            grown = <Py_ssize_t*> realloc(self.path, capacity * sizeof(Py_ssize_t))
            if grown == NULL:
                return False
            self.path, self.path_capacity = grown, capacity
        self.path[2 * self.iterations] = i
        self.path[2 * self.iterations + 1] = j
        return True

    cdef inline const double* _row(self, Py_ssize_t i, Py_ssize_t stop, int* status) noexcept nogil:
        """Row i of K up to position stop; NULL with status -2 (a value not finite) or -5 (no
        memory)."""
        cdef const double* r = self.rows.row(i, stop)
        if r == NULL:
            status[0] = -5
            return NULL
        if self.rows.bad_i >= 0:
            status[0] = -2
            return NULL
        return r

    cdef int _apply(self, Py_ssize_t i, Py_ssize_t j, double n1, double n2, const double* Ki,
                    const double* Kj) noexcept nogil:
        """The step: α and g updated, the pair recorded; -4 when recording ran out of memory."""
        cdef double d1 = self.y[i] * (n1 - self.alpha[i])
        cdef double d2 = self.y[j] * (n2 - self.alpha[j])
        cdef Py_ssize_t t
        cdef double* g = &self.g[0]
        self.alpha[i] = n1
        self.alpha[j] = n2
        for t in range(self.m):
            g[t] = g[t] + d1 * Ki[t] + d2 * Kj[t]
        if self.record and not self._record(i, j):
            return -4
        self.iterations += 1
        return 1

    cdef inline unsigned char _flags(self, Py_ssize_t t) noexcept nogil:
        return _in_up(self.alpha[t], self.y[t], self.C, self.hard) | \
            (_in_low(self.alpha[t], self.y[t], self.C, self.hard) << 1)

    # ---- the second-order rule, with libsvm's shrinking ---------------------------------------

    cdef inline Py_ssize_t _best_up(self, double* g_max) noexcept nogil:
        """i = argmax of −gₜ over I_up among the active positions (the first on ties)."""
        cdef Py_ssize_t i = -1, t
        cdef double best = 0.0
        cdef const double* g = &self.g[0]
        cdef const unsigned char* flags = &self.flag[0]
        for t in range(self.active):
            if (flags[t] & 1) and (i < 0 or -g[t] > best):
                i = t
                best = -g[t]
        g_max[0] = best
        return i

    cdef inline Py_ssize_t _best_low(self, Py_ssize_t i, double g_max, const double* Ki,
                                     double* gap) noexcept nogil:
        """j = argmin of −(gᵢ − gₜ)²/aᵢₜ over t ∈ I_low with −gₜ < −gᵢ among the active
        positions (the first on ties), and the gap max_{I_up} −g − min_{I_low} −g; split
        among threads by contiguous chunks, whose winners are compared in order."""
        cdef Py_ssize_t threads = _step_threads(self.cores, self.active)
        cdef Py_ssize_t chunk = rows_per_chunk(self.active, threads), c, j = -1
        cdef Py_ssize_t part_j[MAX_THREADS]
        cdef double part_best[MAX_THREADS]
        cdef double part_min[MAX_THREADS]
        cdef double best = 0.0, g_min = 0.0
        cdef bint have_min = False
        if threads == 1:
            part_j[0] = _best_low_part(&self.g[0], &self.rows.diag[0], &self.flag[0], Ki, i, g_max,
                                       0, self.active, &part_best[0], &part_min[0])
        else:
            for c in prange(threads, num_threads=threads, schedule="static"):
                part_j[c] = _best_low_part(&self.g[0], &self.rows.diag[0], &self.flag[0], Ki, i,
                                           g_max, c * chunk, min((c + 1) * chunk, self.active),
                                           &part_best[c], &part_min[c])
        for c in range(threads):
            if part_j[c] >= 0 and (j < 0 or part_best[c] < best):
                j, best = part_j[c], part_best[c]
            if part_min[c] == part_min[c] and (not have_min or part_min[c] < g_min):
                g_min, have_min = part_min[c], True
        gap[0] = g_max - g_min if have_min else 0.0
        return j

    cdef inline Py_ssize_t _update(self, double d1, const double* Ki, double d2,
                                   const double* Kj, double* g_max) noexcept nogil:
        """gₜ += d₁Kᵢₜ + d₂Kⱼₜ over the active positions, and the next i in the same pass;
        split among threads as _best_low."""
        cdef Py_ssize_t threads = _step_threads(self.cores, self.active)
        cdef Py_ssize_t chunk = rows_per_chunk(self.active, threads), c, i = -1
        cdef Py_ssize_t part_i[MAX_THREADS]
        cdef double part_best[MAX_THREADS]
        cdef double best = 0.0
        if threads == 1:
            part_i[0] = _update_part(&self.g[0], &self.flag[0], d1, Ki, d2, Kj, 0, self.active,
                                     &part_best[0])
        else:
            for c in prange(threads, num_threads=threads, schedule="static"):
                part_i[c] = _update_part(&self.g[0], &self.flag[0], d1, Ki, d2, Kj, c * chunk,
                                         min((c + 1) * chunk, self.active), &part_best[c])
        for c in range(threads):
            if part_i[c] >= 0 and (i < 0 or part_best[c] > best):
                i, best = part_i[c], part_best[c]
        g_max[0] = best
        return i

    cdef int _bound_changed(self, Py_ssize_t k, double before) noexcept nogil:
        """libsvm's Ḡ: ḡₜ = Σ_{αₛ = C} C y⁽ˢ⁾Kₛₜ over every position, kept when αₖ reaches C
        or leaves it, so that the g of shrunk examples can be rebuilt."""
        cdef bint was = before >= self.C, now = self.alpha[k] >= self.C
        cdef double coef
        cdef const double* Kk
        cdef Py_ssize_t threads, chunk, c
        cdef int status = 0
        if was == now:
            return 0
        Kk = self._row(k, self.m, &status)
        if Kk == NULL:
            return status
        coef = self.C * self.y[k] if now else -(self.C * self.y[k])
        threads = _step_threads(self.cores, self.m)
        if threads == 1:
            _axpy(coef, Kk, &self.gbar[0], 0, self.m)
        else:
            chunk = rows_per_chunk(self.m, threads)
            for c in prange(threads, num_threads=threads, schedule="static"):
                _axpy(coef, Kk, &self.gbar[0], c * chunk, min((c + 1) * chunk, self.m))
        return 0

    cdef inline bint _shrinkable(self, Py_ssize_t t, double up_max, double low_min) noexcept nogil:
        """libsvm's be_shrunk: an α at a bound that could only be i (only in I_up) but has −gₜ
        below every −g of I_low, or only j (only in I_low) but above every −g of I_up."""
        cdef unsigned char f = self.flag[t]
        return (f == 1 and -self.g[t] < low_min) or (f == 2 and -self.g[t] > up_max)

    cdef void _swap(self, Py_ssize_t i, Py_ssize_t j) noexcept nogil:
        """Exchange positions i < j everywhere."""
        cdef double v
        cdef unsigned char f
        v = self.y[i]; self.y[i] = self.y[j]; self.y[j] = v
        v = self.alpha[i]; self.alpha[i] = self.alpha[j]; self.alpha[j] = v
        v = self.g[i]; self.g[i] = self.g[j]; self.g[j] = v
        v = self.gbar[i]; self.gbar[i] = self.gbar[j]; self.gbar[j] = v
        f = self.flag[i]; self.flag[i] = self.flag[j]; self.flag[j] = f
        self.rows.swap(i, j)

    cdef int _shrink(self, bint* unshrunk) noexcept nogil:
        """libsvm's do_shrinking: the examples that cannot be chosen now move behind the active
        positions. The first time the gap is within 10 tol every example comes back first."""
        cdef double up_max = -INFINITY, low_min = INFINITY
        cdef Py_ssize_t t
        cdef int status
        for t in range(self.active):
            if (self.flag[t] & 1) and -self.g[t] > up_max:
                up_max = -self.g[t]
            if (self.flag[t] & 2) and -self.g[t] < low_min:
                low_min = -self.g[t]
        if not unshrunk[0] and up_max - low_min <= 10 * self.tol:
            unshrunk[0] = True
            status = self._reconstruct()
            if status < 0:
                return status
        t = 0
        while t < self.active:
            if self._shrinkable(t, up_max, low_min):
                self.active -= 1
                while self.active > t:
                    if not self._shrinkable(self.active, up_max, low_min):
                        self._swap(t, self.active)
                        break
                    self.active -= 1
            t += 1
        return 0

    cdef int _reconstruct(self) noexcept nogil:
        """libsvm's reconstruct_gradient: gₜ = ḡₜ − y⁽ᵗ⁾ + Σ_{s free} αₛy⁽ˢ⁾Kₛₜ for the shrunk
        positions t (they are at bounds, so the free s are all active), by rows of the shrunk
        (short) or of the free (whole), whichever computes fewer kernel values; then every
        position is active."""
        cdef Py_ssize_t active = self.active, m = self.m, free = 0, s, t
        cdef const double* K
        cdef double total
        cdef int status = 0
        if active == m:
            return 0
        for t in range(active, m):
            self.g[t] = self.gbar[t] - self.y[t]
        for s in range(active):
            if self.alpha[s] > 0 and (self.hard or self.alpha[s] < self.C):
                free += 1
        if free * m > 2 * active * (m - active):
            for t in range(active, m):
                K = self._row(t, active, &status)
                if K == NULL:
                    return status
                total = self.g[t]
                for s in range(active):
                    if self.alpha[s] > 0 and (self.hard or self.alpha[s] < self.C):
                        total = total + self.alpha[s] * self.y[s] * K[s]
                self.g[t] = total
        else:
            for s in range(active):
                if self.alpha[s] > 0 and (self.hard or self.alpha[s] < self.C):
                    K = self._row(s, m, &status)
                    if K == NULL:
                        return status
                    for t in range(active, m):
                        self.g[t] = self.g[t] + self.alpha[s] * self.y[s] * K[t]
        self.active = m
        return 0

    cdef int wss2(self) noexcept nogil:
        """1 converged, 0 the cap, -1 stuck, -2 a kernel value not finite, -3 unbounded, -4 out
        of memory for the path, -5 out of memory for the cache.

        The reference's choices; for speed, membership of I_up / I_low is kept in a flag per
        example (changed only at i and j), and the next i is found in the same pass that
        updates g. With shrinking (libsvm's Solver::Solve), every min(m, 1000) steps the
        examples that cannot be chosen leave the active positions, the pair is chosen among
        the active ones and only their g is kept; when the active ones meet tol, every g is
        rebuilt and the test is made again over all examples."""
        cdef Py_ssize_t i, j, t, m = self.m, counter
        cdef double g_max = 0.0, gap = 0.0, n1, n2, d1, d2, before_i, before_j
        cdef const double* Ki = NULL
        cdef const double* Kj
        cdef double* a = &self.alpha[0]
        cdef const double* y = &self.y[0]
        cdef unsigned char* flags = <unsigned char*> &self.flag[0]
        cdef int r = 0
        cdef bint unshrunk = False
        for t in range(m):
            flags[t] = self._flags(t)
        i = self._best_up(&g_max)
        counter = min(m, 1000) + 1
        while True:
            if self.shrinking:
                counter -= 1
                if counter == 0:
                    counter = min(m, 1000)
                    r = self._shrink(&unshrunk)
                    if r < 0:
                        return r
                    i = self._best_up(&g_max)
            j = -1
            if i >= 0:
                Ki = self._row(i, self.active, &r)
                if Ki == NULL:
                    return r
                j = self._best_low(i, g_max, Ki, &gap)
            if j < 0 or gap <= self.tol:
                if self.active == m:
                    return 1
                r = self._reconstruct()
                if r < 0:
                    return r
                i = self._best_up(&g_max)
                if i < 0:
                    return 1
                Ki = self._row(i, m, &r)
                if Ki == NULL:
                    return r
                j = self._best_low(i, g_max, Ki, &gap)
                if j < 0 or gap <= self.tol:
                    return 1
                counter = 1
            if self.iterations >= self.max_iterations:
                return 0
            Kj = self._row(j, self.active, &r)
            if Kj == NULL:
                return r
            r = _step(a[i], a[j], y[i], y[j], self.g[i], self.g[j], self.rows.diag[i],
                      self.rows.diag[j], Ki[j], self.C, self.hard, &n1, &n2)
            if r <= 0:
                self.stuck_i, self.stuck_j = self.rows.perm[i], self.rows.perm[j]
                return -3 if r == -3 else -1
            before_i, before_j = a[i], a[j]
            d1 = y[i] * (n1 - a[i])
            d2 = y[j] * (n2 - a[j])
            a[i] = n1
            a[j] = n2
            flags[i] = self._flags(i)
            flags[j] = self._flags(j)
            if self.record and not self._record(self.rows.perm[i], self.rows.perm[j]):
                return -4
            self.iterations += 1
            t = i
            i = self._update(d1, Ki, d2, Kj, &g_max)
            if self.shrinking and not self.hard:   # after the update: it may evict Ki, Kj
                r = self._bound_changed(t, before_i)
                if r == 0:
                    r = self._bound_changed(j, before_j)
                if r < 0:
                    return r

    cdef inline bint _violates(self, Py_ssize_t t, double E) noexcept nogil:
        cdef double r = E * self.y[t]
        return (r < -self.tol and (self.hard or self.alpha[t] < self.C)) or \
               (r > self.tol and self.alpha[t] > 0)

    cdef inline bint _is_free(self, Py_ssize_t t) noexcept nogil:
        return self.alpha[t] > 0 and (self.hard or self.alpha[t] < self.C)

    cdef double _threshold(self, Py_ssize_t i, Py_ssize_t j, double n1, double n2, double E1,
                           double E2, double K11, double K22, double K12) noexcept nogil:
        """Platt's b: from the free one of the two new α, else the average of both."""
        cdef double t1 = self.y[i] * (n1 - self.alpha[i])
        cdef double t2 = self.y[j] * (n2 - self.alpha[j])
        cdef double b1 = self.b - E1 - t1 * K11 - t2 * K12
        cdef double b2 = self.b - E2 - t1 * K12 - t2 * K22
        if n1 > 0 and (self.hard or n1 < self.C):
            return b1
        if n2 > 0 and (self.hard or n2 < self.C):
            return b2
        return (b1 + b2) / 2

    cdef int _try(self, Py_ssize_t i, Py_ssize_t j, double E1, double E2) noexcept nogil:
        """One step on (i, j) with Platt's b and the no-progress test: 1, 0 or an error code."""
        cdef const double* Kj
        cdef const double* Ki
        cdef double n1, n2, K11, K22, K12
        cdef int r = 0
        Kj = self._row(j, self.m, &r)
        if Kj == NULL:
            return r
        K11, K22, K12 = self.rows.diag[i], self.rows.diag[j], Kj[i]
        r = _step(self.alpha[i], self.alpha[j], self.y[i], self.y[j], E1, E2, K11, K22, K12,
                  self.C, self.hard, &n1, &n2)
        if r == -3:
            self.stuck_i, self.stuck_j = i, j
            return -3
        if r == 0:
            return 0
        if fabs(n2 - self.alpha[j]) <= TINY * (n2 + self.alpha[j] + 1):
            return 0
        self.b = self._threshold(i, j, n1, n2, E1, E2, K11, K22, K12)
        Ki = self._row(i, self.m, &r)
        if Ki == NULL:
            return r
        Kj = self._row(j, self.m, &r)
        if Kj == NULL:
            return r
        return self._apply(i, j, n1, n2, Ki, Kj)

    cdef int _platt_take(self, Py_ssize_t i, Py_ssize_t j) noexcept nogil:
        if i == j:
            return 0
        return self._try(i, j, self.g[i] + self.b, self.g[j] + self.b)

    cdef int _platt_examine(self, Py_ssize_t j) noexcept nogil:
        cdef Py_ssize_t t, k, i, nfree = 0, start, m = self.m
        cdef double d, best = 0.0
        cdef int r
        if not self._violates(j, self.g[j] + self.b):
            return 0
        for t in range(m):
            if self._is_free(t):
                self.free[nfree] = t
                nfree += 1
        if nfree > 1:
            i = -1
            for k in range(nfree):
                t = self.free[k]
                d = fabs(self.g[t] - self.g[j])
                if i < 0 or d > best:
                    i = t
                    best = d
            r = self._platt_take(i, j)
            if r != 0:
                return r
        if nfree > 0:
            start = self._index(nfree)
            for k in range(nfree):
                r = self._platt_take(self.free[(start + k) % nfree], j)
                if r != 0:
                    return r
        start = self._index(m)
        for k in range(m):
            r = self._platt_take((start + k) % m, j)
            if r != 0:
                return r
        return 0

    cdef int platt(self) noexcept nogil:
        cdef bint examine_all = True
        cdef Py_ssize_t changed
        cdef Py_ssize_t j
        cdef int r
        while True:
            changed = 0
            for j in range(self.m):
                if not examine_all and not self._is_free(j):
                    continue
                if self.iterations >= self.max_iterations:
                    # the cap stops only a run with a violator left, as the reference's
                    if self._violates(j, self.g[j] + self.b):
                        return 0
                    continue
                r = self._platt_examine(j)
                if r < 0:
                    return r
                changed += r
            if examine_all:
                if changed == 0:
                    return 1
                examine_all = False
            elif changed == 0:
                examine_all = True

    cdef int simplified(self) noexcept nogil:
        cdef Py_ssize_t i, j, t, m = self.m
        cdef Py_ssize_t changed, violators, fruitless = 0
        cdef double Ei, Ej, b
        cdef int r
        while True:
            changed = violators = 0
            for i in range(m):
                Ei = self.g[i] + self.b
                if not self._violates(i, Ei):
                    continue
                violators += 1
                if self.iterations >= self.max_iterations:
                    return 0
                j = self._index(m - 1)
                if j >= i:
                    j += 1
                Ej = self.g[j] + self.b
                r = self._try(i, j, Ei, Ej)
                if r < 0:
                    return r
                changed += r
            if violators == 0:
                return 1
            if not changed:
                for t in range(m):
                    self.f[t] = self.g[t] + self.y[t]
                b = _soft_threshold(self.alpha, self.y, self.f, self.C, self.hard)
                if b != self.b:
                    self.b = b
                    continue
            fruitless = 0 if changed else fruitless + 1
            if fruitless >= 10 * m + 10:
                return -1

    def run(self, rule):
        cdef int status
        if rule == "wss2":
            with nogil:
                status = self.wss2()
                if status >= -1 and self.active < self.m:   # g of every example for the fit
                    self._reconstruct()
                    if self.rows.out_of_memory:
                        status = -5
                    elif self.rows.bad_i >= 0:
                        status = -2
        elif rule == "platt":
            with nogil:
                status = self.platt()
        else:
            with nogil:
                status = self.simplified()
        return status

    def arrays(self):
        """α and g in the caller's order, b, the count of steps and the path."""
        cdef Py_ssize_t k
        perm = np.asarray(self.rows.perm)
        alpha, g = np.empty(self.m), np.empty(self.m)
        alpha[perm] = self.alpha
        g[perm] = self.g
        return (alpha, g, self.b, int(self.iterations),
                [(self.path[2 * k], self.path[2 * k + 1]) for k in range(self.iterations)]
                if self.record else None)


# ---- after the run: b, W, the gap --------------------------------------------------------------

cdef double _gap(const double[::1] alpha, const double[::1] y, const double[::1] g, double C,
                 bint hard) noexcept nogil:
    cdef double up = 0.0, low = 0.0, d
    cdef bint have_up = False, have_low = False
    cdef Py_ssize_t t
    for t in range(alpha.shape[0]):
        if _in_up(alpha[t], y[t], C, hard) and (not have_up or -g[t] > up):
            up, have_up = -g[t], True
        if _in_low(alpha[t], y[t], C, hard) and (not have_low or -g[t] < low):
            low, have_low = -g[t], True
    if not (have_up and have_low):
        return 0.0
    d = up - low
    return d if d > 0 else 0.0


def _threshold(alpha, y, g, C):
    cdef double[::1] f = g + y
    cdef double below = -np.inf, above = np.inf
    cdef Py_ssize_t t
    if C is not None:
        return _soft_threshold(alpha, y, f, C, False)
    for t in range(f.shape[0]):
        if y[t] == -1 and f[t] > below:
            below = f[t]
        if y[t] == 1 and f[t] < above:
            above = f[t]
    return -(below + above) / 2


def _objective(alpha, y, g):
    cdef const double[::1] a = alpha, yv = y, gv = g
    cdef double W = 0.0, ft
    cdef Py_ssize_t t
    for t in range(a.shape[0]):
        ft = gv[t] + yv[t]
        W = W + (a[t] - a[t] * yv[t] * ft / 2)
    return W


# ---- public functions --------------------------------------------------------------------------

def _symmetric(K, kernel):
    """As the reference: SMO needs K(x, z) = K(z, x); a custom kernel is checked on X."""
    bad = np.argwhere(np.tril(K != K.T, -1))
    if len(bad):
        i, j = (int(v) for v in bad[0])
        raise InvalidKernelError(
            f"kernel is not symmetric on X: kernel(X[{i}], X[{j}]) = {K[i, j]} but "
            f"kernel(X[{j}], X[{i}]) = {K[j, i]}; SMO needs K(x, z) = K(z, x)",
            MercerResult(False, False, pair=(i, j)))


def two_variable_step(X, y, alpha, i, j, C=1.0, kernel=Linear()):
    """SMO-2: re-optimise W over αᵢ (α₁) and αⱼ (α₂) with all other α fixed (a new array)."""
    spec = kernel_spec(kernel)
    X, y = as_problem(X, y, kernel=kernel)
    m = len(X)
    alpha = as_vector(alpha, "alpha", m, "X", of="rows")
    C = as_C(C)
    for v, name in ((i, "i"), (j, "j")):
        if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)):
            raise TypeError(f"{name} must be an integer index, got {v!r}")
        if not 0 <= v < m:
            raise ValueError(f"{name} = {v} is not an index of X (0..{m - 1})")
    if i == j:
        raise ValueError("i and j must differ: one α cannot move alone (constraint (19))")
    K = kernel_block(X, X, kernel, spec, symmetric=True)
    with np.errstate(over="ignore", invalid="ignore"):
        f = (alpha * y) @ K
    overflow_checked(f, lambda t: f"wᵀφ(X[{t}])", REMEDY)
    cdef double n1 = 0.0, n2 = 0.0
    out = alpha.copy()
    r = _step(alpha[i], alpha[j], y[i], y[j], f[i] - y[i], f[j] - y[j], K[i, i], K[j, j],
              K[i, j], 0.0 if C is None else C, C is None, &n1, &n2)
    if r == -3:
        raise NotSeparableError(
            f"the hard-margin dual is unbounded along the pair {(int(i), int(j))}: W grows "
            "without limit (the examples coincide in feature space with opposite labels, so no "
            "hyperplane separates the classes); use a finite C")
    if r == 1:
        out[i], out[j] = overflow_checked([n1, n2], lambda k: f"the new alpha[{(i, j)[k]}]",
                                          REMEDY)
    return out


def kkt_gap(X, y, alpha, C=1.0, kernel=Linear()):
    """SMO-3: max_{I_up} −gₜ − min_{I_low} −gₜ (0 when negative), gₜ = wᵀφ(x⁽ᵗ⁾) − y⁽ᵗ⁾."""
    spec = kernel_spec(kernel)
    X, y = as_problem(X, y, kernel=kernel)
    alpha = as_vector(alpha, "alpha", len(X), "X", of="rows")
    C = as_C(C)
    K = kernel_block(X, X, kernel, spec, symmetric=True)
    with np.errstate(over="ignore", invalid="ignore"):
        f = (alpha * y) @ K
    g = overflow_checked(f, lambda t: f"wᵀφ(X[{t}])", REMEDY) - y
    return float(_gap(alpha, y, g, 0.0 if C is None else C, C is None))


def smo(X, y, C=1.0, kernel=Linear(), rule="wss2", tol=1e-3, max_iterations=100_000, seed=0,
        classes=None, record=False, shrinking=True, cache_size=200, *, n_jobs=1):
    """SMO-3, SMO-4: maximise W(α) over 0 ≤ αᵢ ≤ C, Σ αᵢy⁽ⁱ⁾ = 0 by two-variable steps; the
    reference's algorithm with a kernel-row cache of ``cache_size`` megabytes (2²⁰ bytes) and
    the gradient cache g. ``shrinking`` (the second-order rule only) is libsvm's: the same
    stopping test over every example, other iterates; ``shrinking=False`` gives the
    reference's iterates. ``n_jobs`` cores share the passes over the examples (kernel rows, the
    update of g, the choice of j), each example's value computed as in the serial loop: the
    iterates are the same bit for bit for every n_jobs. Serial by default, unlike the
    predictions: the threads meet at every step, so on cores that other work keeps busy each
    step waits for a thread the system has put aside (two such fits side by side on 2 cores
    took 50 times as long); ask for the cores (``n_jobs=-1``) where they are free."""
    if rule not in RULES:
        raise ValueError(f"rule must be one of {RULES}, got {rule!r}")
    spec = kernel_spec(kernel)
    X, y = as_problem(X, y, classes, kernel)
    C = as_C(C)
    tol = check_tol(tol, allow_none=False)
    max_iterations = positive_int(max_iterations, "max_iterations")
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"seed must be an integer, got {seed!r}")
    shrinking = flag(shrinking, "shrinking") and rule == "wss2"
    cache_bytes = positive(cache_size, "cache_size") * 2.0 ** 20
    cores = cores_of(n_jobs)
    rows = _Rows(X, kernel, spec, cache_bytes, shrinking, cores)
    if spec[0] == CUSTOM:
        _symmetric(rows.matrix(), kernel)
    solver = _Solver(rows, y, C, tol, max_iterations, int(seed), bool(record), shrinking)
    status = solver.run(rule)
    if status == -2:
        checked_value(rows.bad, kernel, "X", rows.bad_i, "X", rows.bad_j)
    if status == -5:
        raise MemoryError(f"SMO ran out of memory for its kernel-row cache (cache_size={cache_size})")
    if status == -3:
        raise NotSeparableError(
            f"the hard-margin dual is unbounded along the pair {(solver.stuck_i, solver.stuck_j)}: "
            "W grows without limit (the examples coincide in feature space with opposite labels, "
            "so no hyperplane separates the classes); use a finite C")
    alpha, g, b, iterations, path = solver.arrays()
    if status == -4:
        raise MemoryError(f"SMO ran out of memory recording its path after {iterations} steps")
    with np.errstate(over="ignore", invalid="ignore"):
        overflow_checked(g + y, lambda t: f"wᵀφ(X[{t}])", REMEDY)
    if rule == "wss2":
        b = _threshold(alpha, y, g, C)
    Cd = 0.0 if C is None else C
    support = np.flatnonzero(alpha > 0)
    fit = SVMFit(alpha=alpha, b=float(b), support=support, support_vectors=take(X, support),
                 support_labels=y[support].copy(), support_alpha=alpha[support].copy(),
                 kernel=kernel, C=C, classes=tuple(classes) if classes is not None else (-1, 1),
                 objective=overflow_checked(float(_objective(alpha, y, g)), lambda i: "W(α)",
                                            REMEDY),
                 iterations=iterations,
                 kkt_gap=float(_gap(alpha, y, g, Cd, C is None)), converged=status == 1,
                 rule=rule, path=path)
    if status == 1:
        return fit
    if status == -1:
        where = (f"the pair {(solver.stuck_i, solver.stuck_j)} cannot move" if solver.stuck_i >= 0
                 else "no violator could move")
        raise stuck_error(rule, iterations, where, fit, tol)
    f = g + y
    # separated by more than the rounding of f, m·ε·Σα·max K_tt, as the reference's _separates
    noise = (y.shape[0] * 2.0 ** -52 * float(np.sum(alpha)) * float(np.max(np.abs(diagonal(X, spec))))
             if C is None else 0.0)
    if C is None and not f[y == 1].min() - f[y == -1].max() > noise:
        total = alpha.sum()
        w2 = max(float(alpha @ (y * f)), 0.0)
        bound = 2 * w2 ** 0.5 / total if total > 0 else None
        raise NotSeparableError(
            f"hard margin: after {max_iterations} steps no iterate separates the classes and "
            f"W(α) = {fit.objective:.6g} keeps growing"
            + (f" (the classes' convex hulls are at most {bound:.3g} apart)" if bound is not None else "")
            + ": the data look inseparable; use a finite C")
    raise ConvergenceError(
        f"SMO ({rule}) did not converge in {max_iterations} steps: the remaining KKT gap is "
        f"{fit.kkt_gap:.6g} (tol={tol:.3g}); raise max_iterations or tol"
        + ("; on an ill-conditioned problem shrinking can take twice the steps (libsvm's too), "
           "and shrinking=False takes the reference's" if shrinking else ""), fit)


# ---- docstrings: the reference twin's text, one home for both faces (cs229.fast._docs) -----------

from cs229.fast._docs import adopt as _adopt  # noqa: E402
from cs229.reference import smo as _twin  # noqa: E402

_adopt(globals(), _twin)
