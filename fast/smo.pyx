"""Compiled twin of cs229.reference.smo (catalog SMO-2, SMO-3, SMO-4).

The two-variable step (SMO-2) and the three pair rules (SMO-3) are the reference's, statement
for statement: the same sums in the same order, the same strict comparisons (ties to the
lowest index) and the same SplitMix64 draws, so that on problems of up to EXACT_MAX examples,
where the kernel values are the reference's bit for bit, the pair sequence and the answer are
the reference's. Above that the kernel rows come from BLAS and agree to rounding.

Kernel rows: SMO reads row i of K for the chosen i and j only. Rows are computed on demand
(pair by pair in the reference's order up to EXACT_MAX examples; above, dgemv plus the kernel's
map, the Gaussian from centred rows with the reference's differences where those cancel) into
an LRU cache of at most CACHE_BYTES; while all m rows fit, nothing is evicted. The errors
without threshold gₜ = wᵀφ(x⁽ᵗ⁾) − y⁽ᵗ⁾ are kept for every t (the gradient cache) and updated
with the two rows after each step. The string kernel and any other callable are evaluated into
the full matrix first (cs229.fast._svm_kernels, as everywhere). A recorded path grows as the
steps are taken.
"""
import numpy as np

from libc.limits cimport INT_MAX
from libc.math cimport fabs, isfinite, pow
from libc.stdint cimport uint64_t
from libc.stdlib cimport free, realloc
from scipy.linalg.cython_blas cimport dgemv

from cs229.fast._svm_kernels import (CUSTOM, EXACT_MAX, GAUSSIAN, STRING, diagonal, kernel_block,
                                     kernel_spec, overflow_checked, take)
from cs229.fast._validation import as_vector, check_tol, positive_int
from cs229.fast.svm import as_C, as_problem
from cs229.reference.kernels import InvalidKernelError, Linear, MercerResult, checked_value
from cs229.reference.results import ConvergenceError, NotSeparableError
from cs229.reference.smo import RULES, TAU, SplitMix64
from cs229.reference.svm import REMEDY, SVMFit

__all__ = ["SVMFit", "NotSeparableError", "ConvergenceError", "SplitMix64", "two_variable_step",
           "kkt_gap", "smo"]

CACHE_BYTES = 256 * 2 ** 20
cdef double C_TAU = TAU
cdef double TINY = 2.0 ** -44       # the reference's scalar.zero_tolerance(float, 1, 2**8)


# ---- kernel rows -------------------------------------------------------------------------------

include "_pair_kernel.pxi"


cdef class _Rows:
    """Rows of K on demand, in an LRU cache (or the precomputed matrix for the string kernel
    and custom kernels)."""
    cdef const double[:, ::1] X
    cdef const double[:, ::1] Xc
    cdef double[::1] sq
    cdef double[::1] diag
    cdef double[:, ::1] store
    cdef object store_array
    cdef Py_ssize_t[::1] slot_of
    cdef Py_ssize_t[::1] row_of
    cdef Py_ssize_t[::1] prev
    cdef Py_ssize_t[::1] nxt
    cdef Py_ssize_t m, n, nslots, head, tail
    cdef int code
    cdef bint exact, lru
    cdef double c, d, den
    cdef public Py_ssize_t computed
    cdef public Py_ssize_t bad_i, bad_j

    def __init__(self, X, kernel, spec):
        self.m = len(X)
        self.code, self.c, self.d, self.den = spec
        self.computed = 0
        self.bad_i = self.bad_j = -1
        self.exact = self.m <= EXACT_MAX
        if self.code == CUSTOM or self.code == STRING:
            self.store_array = kernel_block(X, X, kernel, spec, symmetric=True)
            self.store = self.store_array
            self.diag = np.ascontiguousarray(np.diagonal(self.store_array))
            self.slot_of = np.arange(self.m, dtype=np.intp)
            self.nslots, self.lru = self.m, False
            return
        self.n = X.shape[1]
        self.X = X
        self.diag = diagonal(X, spec)
        bad = ~np.isfinite(self.diag)
        if bad.any():   # K(x, x) bounds every |K(x, z)| for these kernels: checked up front
            t = int(np.argmax(bad))
            checked_value(float(self.diag[t]), kernel, "X", t, "X", t)
        if not self.exact:
            if self.m > INT_MAX or self.n > INT_MAX:
                raise ValueError(f"X is {self.m}×{self.n}: BLAS takes at most {INT_MAX} rows and columns")
            if self.code == GAUSSIAN:
                # ‖x − z‖² from centred rows (a centre inside the bounding box, halves first)
                Xc = X - (X.min(axis=0) / 2 + X.max(axis=0) / 2)
                self.Xc = Xc
                self.sq = np.einsum("ij,ij->i", Xc, Xc)
            else:
                self.Xc = X
        self.nslots = max(2, min(self.m, CACHE_BYTES // (8 * self.m)))
        self.lru = self.nslots < self.m
        self.store_array = np.empty((self.nslots, self.m))
        self.store = self.store_array
        self.slot_of = np.full(self.m, -1, dtype=np.intp)
        self.row_of = np.full(self.nslots, -1, dtype=np.intp)
        self.prev = np.arange(-1, self.nslots - 1, dtype=np.intp)
        self.nxt = np.arange(1, self.nslots + 1, dtype=np.intp)
        self.nxt[self.nslots - 1] = -1
        self.head, self.tail = 0, self.nslots - 1

    def matrix(self):
        """The precomputed matrix (string kernel, custom kernels)."""
        return self.store_array

    def bad_value(self):
        cdef double* row = self.row(self.bad_i)
        return row[self.bad_j]

    cdef inline void _touch(self, Py_ssize_t s) noexcept nogil:
        """Move slot s to the front of the LRU list."""
        if s == self.head:
            return
        self.nxt[self.prev[s]] = self.nxt[s]
        if s == self.tail:
            self.tail = self.prev[s]
        else:
            self.prev[self.nxt[s]] = self.prev[s]
        self.prev[s] = -1
        self.nxt[s] = self.head
        self.prev[self.head] = s
        self.head = s

    cdef double* row(self, Py_ssize_t i) noexcept nogil:
        cdef Py_ssize_t s = self.slot_of[i]
        if s >= 0:
            if self.lru:
                self._touch(s)
            return &self.store[s, 0]
        if self.lru:
            s = self.tail
            if self.row_of[s] >= 0:
                self.slot_of[self.row_of[s]] = -1
            self._touch(s)
            self.row_of[s] = i
        else:
            s = i
        self.slot_of[i] = s
        self._compute(i, s, &self.store[s, 0])
        return &self.store[s, 0]

    cdef void _exp_row(self, Py_ssize_t s) noexcept nogil:
        # numpy's exp is vectorised (several times faster than libm's on a whole row)
        with gil:
            row = self.store_array[s]
            np.exp(row, out=row)

    cdef void _compute(self, Py_ssize_t i, Py_ssize_t s, double* out) noexcept nogil:
        cdef Py_ssize_t t, m = self.m
        cdef int n = <int> self.n, mm = <int> self.m, one = 1   # checked <= INT_MAX
        cdef double alpha = 1.0, beta = 0.0
        cdef char trans = b'T'
        cdef const double* xi = &self.X[i, 0]
        self.computed += 1
        if self.exact:
            for t in range(m):
                out[t] = pair_kernel(xi, &self.X[t, 0], self.n, self.code, self.c, self.d, self.den)
        else:
            # C-ordered Xc (m×n) is the Fortran n×m matrix Xcᵀ: out = (Xcᵀ)ᵀ x̄ᵢ = Xc x̄ᵢ
            dgemv(&trans, &n, &mm, &alpha, <double*> &self.Xc[0, 0], &n, <double*> &self.Xc[i, 0],
                  &one, &beta, out, &one)
            if self.code == CODE_POLYNOMIAL:
                for t in range(m):
                    out[t] = pow(out[t] + self.c, self.d)
            elif self.code == CODE_GAUSSIAN:
                gaussian_exponents(out, m, i, self.sq[i], &self.sq[0], xi, &self.X[0, 0], self.n,
                                   self.den)
                self._exp_row(s)
            out[i] = self.diag[i]
        if self.code == CODE_GAUSSIAN:   # exp(−d2/den) ∈ [0, 1]
            return
        for t in range(m):
            if not isfinite(out[t]):
                self.bad_i, self.bad_j = i, t
                return


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
    if not unbounded and not low < high:
        return 0
    eta = K11 + K22 - 2 * K12
    slope = y2 * (E1 - E2)
    if eta > 0:
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
    if n2 == a2:
        return 0
    s = y1 * y2
    n1 = a1 + s * (a2 - n2)
    if n2 == low and low != 0:
        n1 = 0.0 if s < 0 else C
    elif not unbounded and n2 == high and (hard or high != C):
        n1 = C if s < 0 else 0.0
    new1[0] = n1
    new2[0] = n2
    return 1


# ---- the pair rules (SMO-3) --------------------------------------------------------------------

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
    recorded pairs (a buffer that doubles when full)."""
    cdef _Rows rows
    cdef double[::1] y
    cdef double[::1] alpha
    cdef double[::1] g
    cdef Py_ssize_t* path
    cdef Py_ssize_t path_capacity
    cdef Py_ssize_t[::1] free
    cdef unsigned char[::1] flag
    cdef double[::1] f
    cdef double C, tol, b
    cdef bint hard, record
    cdef Py_ssize_t m
    cdef Py_ssize_t iterations, max_iterations
    cdef uint64_t state
    cdef public Py_ssize_t stuck_i, stuck_j

    def __init__(self, rows, y, C, tol, max_iterations, seed, record):
        self.rows = rows
        self.m = y.shape[0]
        self.y = y
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

    cdef int wss2(self) noexcept nogil:
        """1 converged, 0 the cap, -1 stuck, -2 a kernel value not finite, -3 unbounded, -4 out
        of memory for the path.

        The same choices as the reference's loop; for speed, membership of I_up / I_low is
        kept in a flag per example (changed only at i and j), and the next i is found in the
        same pass that updates g."""
        cdef Py_ssize_t i, j, t, m = self.m
        cdef double g_max = 0.0, g_next = 0.0, g_min = 0.0, best = 0.0, diff, curvature, obj
        cdef double gap, n1, n2, d1, d2, gt
        cdef bint have_min
        cdef const double* Ki = NULL
        cdef const double* Kj
        cdef double* a = &self.alpha[0]
        cdef const double* y = &self.y[0]
        cdef double* g = &self.g[0]
        cdef const double* diag = &self.rows.diag[0]
        cdef unsigned char* flags = <unsigned char*> &self.flag[0]
        cdef int r
        i = -1
        for t in range(m):
            flags[t] = self._flags(t)
            if (flags[t] & 1) and (i < 0 or -g[t] > g_max):
                i = t
                g_max = -g[t]
        while True:
            if i < 0:
                return 1
            Ki = self.rows.row(i)
            if self.rows.bad_i >= 0:
                return -2
            j = -1
            have_min = False
            for t in range(m):
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
            gap = g_max - g_min if have_min else 0.0
            if j < 0 or gap <= self.tol:
                return 1
            if self.iterations >= self.max_iterations:
                return 0
            Kj = self.rows.row(j)
            if self.rows.bad_i >= 0:
                return -2
            r = _step(a[i], a[j], y[i], y[j], g[i], g[j], diag[i], diag[j], Ki[j], self.C,
                      self.hard, &n1, &n2)
            if r <= 0:
                self.stuck_i, self.stuck_j = i, j
                return -3 if r == -3 else -1
            d1 = y[i] * (n1 - a[i])
            d2 = y[j] * (n2 - a[j])
            a[i] = n1
            a[j] = n2
            flags[i] = self._flags(i)
            flags[j] = self._flags(j)
            if self.record and not self._record(i, j):
                return -4
            self.iterations += 1
            i = -1
            for t in range(m):
                gt = g[t] + d1 * Ki[t] + d2 * Kj[t]
                g[t] = gt
                if (flags[t] & 1) and (i < 0 or -gt > g_next):
                    i = t
                    g_next = -gt
            g_max = g_next

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
        cdef const double* Kj = self.rows.row(j)
        cdef const double* Ki
        cdef double n1, n2, K11, K22, K12
        cdef int r
        if self.rows.bad_i >= 0:
            return -2
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
        Ki = self.rows.row(i)
        if self.rows.bad_i >= 0:
            return -2
        Kj = self.rows.row(j)
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
                if self.iterations >= self.max_iterations:
                    return 0
                if not examine_all and not self._is_free(j):
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
        elif rule == "platt":
            with nogil:
                status = self.platt()
        else:
            with nogil:
                status = self.simplified()
        return status

    def arrays(self):
        cdef Py_ssize_t k
        return (np.asarray(self.alpha), np.asarray(self.g), self.b, int(self.iterations),
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
    alpha = as_vector(alpha, "alpha", m, "X")
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
    alpha = as_vector(alpha, "alpha", len(X), "X")
    C = as_C(C)
    K = kernel_block(X, X, kernel, spec, symmetric=True)
    with np.errstate(over="ignore", invalid="ignore"):
        f = (alpha * y) @ K
    g = overflow_checked(f, lambda t: f"wᵀφ(X[{t}])", REMEDY) - y
    return float(_gap(alpha, y, g, 0.0 if C is None else C, C is None))


def smo(X, y, C=1.0, kernel=Linear(), rule="wss2", tol=1e-3, max_iterations=100_000, seed=0,
        classes=None, record=False):
    """SMO-3, SMO-4: maximise W(α) over 0 ≤ αᵢ ≤ C, Σ αᵢy⁽ⁱ⁾ = 0 by two-variable steps; the
    reference's algorithm with a kernel-row cache and the gradient cache g."""
    if rule not in RULES:
        raise ValueError(f"rule must be one of {RULES}, got {rule!r}")
    spec = kernel_spec(kernel)
    X, y = as_problem(X, y, classes, kernel)
    C = as_C(C)
    tol = check_tol(tol, allow_none=False)
    max_iterations = positive_int(max_iterations, "max_iterations")
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"seed must be an integer, got {seed!r}")
    rows = _Rows(X, kernel, spec)
    if spec[0] == CUSTOM:
        _symmetric(rows.matrix(), kernel)
    solver = _Solver(rows, y, C, tol, max_iterations, int(seed), bool(record))
    status = solver.run(rule)
    if status == -2:
        checked_value(rows.bad_value(), kernel, "X", rows.bad_i, "X", rows.bad_j)
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
        raise ConvergenceError(
            f"SMO ({rule}) stopped after {iterations} steps: {where} (is the kernel positive "
            f"semi-definite on these points?); the remaining KKT gap is {fit.kkt_gap:.6g}", fit)
    f = g + y
    if C is None and not f[y == 1].min() > f[y == -1].max():
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
        f"{fit.kkt_gap:.6g} (tol={tol:.3g}); raise max_iterations or tol", fit)


# ---- docstrings: the reference twin's text, one home for both faces (cs229.fast._docs) -----------

from cs229.fast._docs import adopt as _adopt  # noqa: E402
from cs229.reference import smo as _twin  # noqa: E402

_adopt(globals(), _twin)
