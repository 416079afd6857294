"""The SMO solver loop of cs229.fast.smo (catalog SMO-3, SMO-4): the three pair rules of the
reference, over the rows of the kernel-row cache (fast/_smo_cache.pyx), with the two-variable
step of fast/_smo_step.pxd.

The rules are the reference's, statement for statement: the same sums in the same order, the same
strict comparisons (ties to the lowest index) and the same SplitMix64 draws, so that where the
kernel values are the reference's bit for bit the pair sequence and the answer are the
reference's. The errors without threshold gₜ = wᵀφ(x⁽ᵗ⁾) − y⁽ᵗ⁾ are kept for every t (the
gradient cache) and updated with the two rows after each step. With ``shrinking`` (the
second-order rule), libsvm's shrinking keeps only the examples that can still be chosen active:
rows and updates are as long as the active set, and the stopping test is made again over every
example at the end. A recorded path grows as the steps are taken. With ``cores`` > 1 (the cache's,
from n_jobs), threads share each pass over the examples by contiguous chunks, and the chunks'
winners are compared in order: the serial choices, bit for bit. The threads meet at every pass,
so whether a pass is shared is measured as the run goes (fast/_parallel.pxd: ThreadChoice): on
cores that other processes hold, one thread makes the passes, and the iterates are the same.

A run ends with a Status (fast/_smo_solver.pxd); cs229.fast.smo turns it into the fit or the
error.
"""
import numpy as np

from libc.math cimport INFINITY, NAN, fabs
from libc.stdint cimport uint64_t
from libc.stdlib cimport free, realloc
from cython.parallel cimport prange

from cs229.fast._parallel cimport (ThreadRule, account_threads, choice_init, choose_threads,
                                   rows_per_chunk)
from cs229.fast._smo_cache cimport MAX_THREADS, KernelRows
from cs229.fast._smo_step cimport (PAIR_MOVES, PAIR_STAYS, PAIR_UNBOUNDED, PairStep, no_progress,
                                   pair_step)
from cs229.fast._threads cimport choice_report

from cs229.reference.smo import TAU

cdef double C_TAU = TAU
# a pass over the examples in a step (the update of g, the choice of j) is split among threads
# from this many examples per thread on: below it, waking a thread costs what it saves
cdef Py_ssize_t STEP_CHUNK = 4096


# ---- the passes over the examples (each split among threads by contiguous chunks) -------------

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


cdef inline uint64_t _next(uint64_t* state) noexcept nogil:
    """The next draw of the reference's SplitMix64 (its state advanced in place)."""
    cdef uint64_t z
    state[0] += <uint64_t> 0x9E3779B97F4A7C15
    z = state[0]
    z = (z ^ (z >> 30)) * <uint64_t> 0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t> 0x94D049BB133111EB
    return z ^ (z >> 31)


cdef double b_soft(const double[::1] alpha, const double[::1] y, const double[::1] f,
                   const double[::1] C) noexcept nogil:
    """SOFT-2, SMO-3, X-2: b from the KKT conditions at α given the scores f = wᵀφ(x), as the
    reference's svm.b_soft_each: the average of y − f over the free α (0 < αₜ < Cₜ), else the
    middle of the interval the bound ones leave; an example with Cₜ = 0 bounds nothing."""
    cdef double total = 0.0, r, lower = 0.0, upper = 0.0
    cdef Py_ssize_t free = 0
    cdef bint have_lower = False, have_upper = False, at_zero
    cdef Py_ssize_t t
    for t in range(alpha.shape[0]):
        if C[t] == 0:
            continue
        r = y[t] - f[t]
        if is_free(alpha[t], C[t]):
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


# ---- one run ------------------------------------------------------------------------------------

cdef class Solver:
    """One run: α, the errors without threshold g, b, the rows of K, the counters, and the
    recorded pairs (a buffer that doubles when full). Arrays are indexed by position (see
    KernelRows); only shrinking moves examples, and only the second-order rule shrinks."""

    def __init__(self, KernelRows rows, y, C, Cs, tol, max_iterations, seed, record, shrinking,
                 int rule, bint busy):
        self.rows = rows
        self.cores = self.rows.cores
        choice_init(&self.choice, <ThreadRule> rule, busy)
        self.m = y.shape[0]
        self.y = y.copy()               # shrinking reorders it
        self.alpha = np.zeros(self.m)
        self.g = -y
        self.hard = C is None
        self.Cs = Cs.copy()             # shrinking reorders it
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

    cdef inline const double* _row(self, Py_ssize_t i, Py_ssize_t stop,
                                   Status* status) noexcept nogil:
        """Row i of K up to position stop; NULL with the status NO_MEMORY_FOR_ROWS or
        KERNEL_NOT_FINITE."""
        cdef const double* r = self.rows.row(i, stop)
        if r == NULL:
            status[0] = NO_MEMORY_FOR_ROWS
            return NULL
        if self.rows.bad_i >= 0:
            status[0] = KERNEL_NOT_FINITE
            return NULL
        return r

    cdef int _apply(self, Py_ssize_t i, Py_ssize_t j, double n1, double n2, const double* Ki,
                    const double* Kj) noexcept nogil:
        """The step: α and g updated, the pair recorded; 1, or NO_MEMORY_FOR_PATH."""
        cdef double d1 = self.y[i] * (n1 - self.alpha[i])
        cdef double d2 = self.y[j] * (n2 - self.alpha[j])
        cdef Py_ssize_t t
        cdef double* g = &self.g[0]
        self.alpha[i] = n1
        self.alpha[j] = n2
        for t in range(self.m):
            g[t] = g[t] + d1 * Ki[t] + d2 * Kj[t]
        if self.record and not self._record(i, j):
            return NO_MEMORY_FOR_PATH
        self.iterations += 1
        return 1

    cdef inline unsigned char _flags(self, Py_ssize_t t) noexcept nogil:
        return in_up(self.alpha[t], self.y[t], self.Cs[t]) | \
            (in_low(self.alpha[t], self.y[t], self.Cs[t]) << 1)

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
        cdef Py_ssize_t threads = choose_threads(&self.choice, _step_threads(self.cores, self.active))
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
        account_threads(&self.choice, self.active)
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
        cdef Py_ssize_t threads = choose_threads(&self.choice, _step_threads(self.cores, self.active))
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
        account_threads(&self.choice, self.active)
        for c in range(threads):
            if part_i[c] >= 0 and (i < 0 or part_best[c] > best):
                i, best = part_i[c], part_best[c]
        g_max[0] = best
        return i

    cdef Status _bound_changed(self, Py_ssize_t k, double before) noexcept nogil:
        """libsvm's Ḡ: ḡₜ = Σ_{αₛ = Cₛ} Cₛ y⁽ˢ⁾Kₛₜ over every position, kept when αₖ reaches Cₖ
        or leaves it, so that the g of shrunk examples can be rebuilt."""
        cdef double Ck = self.Cs[k]
        cdef bint was = before >= Ck, now = self.alpha[k] >= Ck
        cdef double coef
        cdef const double* Kk
        cdef Py_ssize_t threads, chunk, c
        cdef Status status = RUNNING
        if was == now:
            return RUNNING
        Kk = self._row(k, self.m, &status)
        if Kk == NULL:
            return status
        coef = Ck * self.y[k] if now else -(Ck * self.y[k])
        threads = choose_threads(&self.choice, _step_threads(self.cores, self.m))
        if threads == 1:
            _axpy(coef, Kk, &self.gbar[0], 0, self.m)
        else:
            chunk = rows_per_chunk(self.m, threads)
            for c in prange(threads, num_threads=threads, schedule="static"):
                _axpy(coef, Kk, &self.gbar[0], c * chunk, min((c + 1) * chunk, self.m))
        account_threads(&self.choice, self.m)
        return RUNNING

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
        v = self.Cs[i]; self.Cs[i] = self.Cs[j]; self.Cs[j] = v
        f = self.flag[i]; self.flag[i] = self.flag[j]; self.flag[j] = f
        self.rows.swap(i, j)

    cdef Status _shrink(self, bint* unshrunk) noexcept nogil:
        """libsvm's do_shrinking: the examples that cannot be chosen now move behind the active
        positions. The first time the gap is within 10 tol every example comes back first."""
        cdef double up_max = -INFINITY, low_min = INFINITY
        cdef Py_ssize_t t
        cdef Status status
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
        return RUNNING

    cdef Status _reconstruct(self) noexcept nogil:
        """libsvm's reconstruct_gradient: gₜ = ḡₜ − y⁽ᵗ⁾ + Σ_{s free} αₛy⁽ˢ⁾Kₛₜ for the shrunk
        positions t (they are at bounds, so the free s are all active), by rows of the shrunk
        (short) or of the free (whole), whichever computes fewer kernel values; then every
        position is active."""
        cdef Py_ssize_t active = self.active, m = self.m, free = 0, s, t
        cdef const double* K
        cdef double total
        cdef Status status = RUNNING
        if active == m:
            return RUNNING
        for t in range(active, m):
            self.g[t] = self.gbar[t] - self.y[t]
        for s in range(active):
            if is_free(self.alpha[s], self.Cs[s]):
                free += 1
        if free * m > 2 * active * (m - active):
            for t in range(active, m):
                K = self._row(t, active, &status)
                if K == NULL:
                    return status
                total = self.g[t]
                for s in range(active):
                    if is_free(self.alpha[s], self.Cs[s]):
                        total = total + self.alpha[s] * self.y[s] * K[s]
                self.g[t] = total
        else:
            for s in range(active):
                if is_free(self.alpha[s], self.Cs[s]):
                    K = self._row(s, m, &status)
                    if K == NULL:
                        return status
                    for t in range(active, m):
                        self.g[t] = self.g[t] + self.alpha[s] * self.y[s] * K[t]
        self.active = m
        return RUNNING

    cdef Status wss2(self) noexcept nogil:
        """The second-order rule: CONVERGED, AT_CAP or a failure (Status).

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
        cdef Status r = RUNNING
        cdef PairStep step
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
                    return CONVERGED
                r = self._reconstruct()
                if r < 0:
                    return r
                i = self._best_up(&g_max)
                if i < 0:
                    return CONVERGED
                Ki = self._row(i, m, &r)
                if Ki == NULL:
                    return r
                j = self._best_low(i, g_max, Ki, &gap)
                if j < 0 or gap <= self.tol:
                    return CONVERGED
                counter = 1
            if self.iterations >= self.max_iterations:
                return AT_CAP
            Kj = self._row(j, self.active, &r)
            if Kj == NULL:
                return r
            step = pair_step(a[i], a[j], y[i], y[j], self.g[i], self.g[j], self.rows.diag[i],
                             self.rows.diag[j], Ki[j], self.Cs[i], self.Cs[j], &n1, &n2)
            if step != PAIR_MOVES:
                self.stuck_i, self.stuck_j = self.rows.perm[i], self.rows.perm[j]
                return UNBOUNDED if step == PAIR_UNBOUNDED else STUCK
            before_i, before_j = a[i], a[j]
            d1 = y[i] * (n1 - a[i])
            d2 = y[j] * (n2 - a[j])
            a[i] = n1
            a[j] = n2
            flags[i] = self._flags(i)
            flags[j] = self._flags(j)
            if self.record and not self._record(self.rows.perm[i], self.rows.perm[j]):
                return NO_MEMORY_FOR_PATH
            self.iterations += 1
            t = i
            i = self._update(d1, Ki, d2, Kj, &g_max)
            if self.shrinking and not self.hard:   # after the update: it may evict Ki, Kj
                r = self._bound_changed(t, before_i)
                if r == RUNNING:
                    r = self._bound_changed(j, before_j)
                if r < 0:
                    return r

    # ---- Platt's rule and the simplified one --------------------------------------------------

    cdef inline bint _violates(self, Py_ssize_t t, double E) noexcept nogil:
        cdef double r = E * self.y[t]
        return (r < -self.tol and below(self.alpha[t], self.Cs[t])) or \
               (r > self.tol and self.alpha[t] > 0)

    cdef inline bint _is_free(self, Py_ssize_t t) noexcept nogil:
        return is_free(self.alpha[t], self.Cs[t])

    cdef double _platt_threshold(self, Py_ssize_t i, Py_ssize_t j, double n1, double n2,
                                 double E1, double E2, double K11, double K22,
                                 double K12) noexcept nogil:
        """Platt's threshold update after a step (the reference's _platt_threshold): b from
        the free one of the two new α, else the average of both."""
        cdef double t1 = self.y[i] * (n1 - self.alpha[i])
        cdef double t2 = self.y[j] * (n2 - self.alpha[j])
        cdef double b1 = self.b - E1 - t1 * K11 - t2 * K12
        cdef double b2 = self.b - E2 - t1 * K12 - t2 * K22
        if is_free(n1, self.Cs[i]):
            return b1
        if is_free(n2, self.Cs[j]):
            return b2
        return (b1 + b2) / 2

    cdef int _try(self, Py_ssize_t i, Py_ssize_t j, double E1, double E2) noexcept nogil:
        """One step on (i, j) with Platt's b and the no-progress test: the steps taken (1 or
        0), or a failure (Status < 0)."""
        cdef const double* Kj
        cdef const double* Ki
        cdef double n1, n2, K11, K22, K12
        cdef Status r = RUNNING
        cdef PairStep step
        Kj = self._row(j, self.m, &r)
        if Kj == NULL:
            return r
        K11, K22, K12 = self.rows.diag[i], self.rows.diag[j], Kj[i]
        step = pair_step(self.alpha[i], self.alpha[j], self.y[i], self.y[j], E1, E2, K11, K22,
                         K12, self.Cs[i], self.Cs[j], &n1, &n2)
        if step == PAIR_UNBOUNDED:
            self.stuck_i, self.stuck_j = i, j
            return UNBOUNDED
        if step == PAIR_STAYS:
            return 0
        if no_progress(n2, self.alpha[j]):
            return 0
        self.b = self._platt_threshold(i, j, n1, n2, E1, E2, K11, K22, K12)
        Ki = self._row(i, self.m, &r)
        if Ki == NULL:
            return r
        Kj = self._row(j, self.m, &r)
        if Kj == NULL:
            return r
        return self._apply(i, j, n1, n2, Ki, Kj)

    cdef int _platt_take(self, Py_ssize_t i, Py_ssize_t j) noexcept nogil:
        """Platt's takeStep: the steps taken (1 or 0), or a failure (Status < 0)."""
        if i == j:
            return 0
        return self._try(i, j, self.g[i] + self.b, self.g[j] + self.b)

    cdef int _platt_examine(self, Py_ssize_t j) noexcept nogil:
        """Platt's examineExample for α₂ = αⱼ: the steps taken (1 or 0), or a failure."""
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

    cdef Status platt(self) noexcept nogil:
        """Platt's rule: CONVERGED, AT_CAP or a failure (Status)."""
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
                        return AT_CAP
                    continue
                r = self._platt_examine(j)
                if r < 0:
                    return <Status> r
                changed += r
            if examine_all:
                if changed == 0:
                    return CONVERGED
                examine_all = False
            elif changed == 0:
                examine_all = True

    cdef Status simplified(self) noexcept nogil:
        """The simplified rule (random j): CONVERGED, AT_CAP, STUCK after 10m + 10 passes in a
        row that move nothing, or a failure (Status)."""
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
                    return AT_CAP
                j = self._index(m - 1)
                if j >= i:
                    j += 1
                Ej = self.g[j] + self.b
                r = self._try(i, j, Ei, Ej)
                if r < 0:
                    return <Status> r
                changed += r
            if violators == 0:
                return CONVERGED
            if not changed:
                for t in range(m):
                    self.f[t] = self.g[t] + self.y[t]
                b = b_soft(self.alpha, self.y, self.f, self.Cs)
                if b != self.b:
                    self.b = b
                    continue
            fruitless = 0 if changed else fruitless + 1
            if fruitless >= 10 * m + 10:
                return STUCK

    def run(self, rule):
        """Runs the rule ``rule`` ("wss2", "platt" or "simplified"); its Status."""
        cdef Status status
        if rule == "wss2":
            with nogil:
                status = self.wss2()
                if status >= STUCK and self.active < self.m:   # g of every example for the fit
                    self._reconstruct()
                    if self.rows.out_of_memory:
                        status = NO_MEMORY_FOR_ROWS
                    elif self.rows.bad_i >= 0:
                        status = KERNEL_NOT_FINITE
        elif rule == "platt":
            with nogil:
                status = self.platt()
        else:
            with nogil:
                status = self.simplified()
        return status

    def threads_report(self):
        """How the passes chose their threads (cs229.fast._threads.choice_report)."""
        return choice_report(&self.choice)

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
