# The SMO solver loop (fast/_smo_solver.pyx): the pair rules of SMO-3 (the second-order rule
# with libsvm's shrinking, Platt's heuristics, the simplified rule) over the rows of the kernel-row
# cache (fast/_smo_cache.pxd), with the step of fast/_smo_step.pxd. cs229.fast.smo runs it and
# turns its Status into the answer or the error.

from libc.math cimport INFINITY
from libc.stdint cimport uint64_t

from cs229.fast._parallel cimport ThreadChoice
from cs229.fast._smo_cache cimport KernelRows


# How a run ends (Solver.run), or why a pass stopped: the failures are negative, so that a loop
# stops and hands on any status < 0.
cdef enum Status:
    RUNNING = 2               # (within a run) nothing stops it
    CONVERGED = 1             # the stopping test holds over every example
    AT_CAP = 0                # max_iterations steps taken and the test does not hold
    STUCK = -1                # no pair can move (stuck_i, stuck_j, or −1 for a pass of none)
    KERNEL_NOT_FINITE = -2    # a kernel value is inf or NaN (KernelRows.bad_i, bad_j, bad)
    UNBOUNDED = -3            # hard margin: W grows without limit along (stuck_i, stuck_j)
    NO_MEMORY_FOR_PATH = -4   # the recorded path could not grow
    NO_MEMORY_FOR_ROWS = -5   # a kernel row could not be allocated


cdef inline bint below(double a, double C) noexcept nogil:
    """α < C, its own bound (C = +∞: the hard margin, no bound; X-2: C = Cₜ)."""
    return C == INFINITY or a < C


cdef inline bint in_up(double a, double t, double C) noexcept nogil:
    """t ∈ I_up: αₜ can grow along y⁽ᵗ⁾ (the reference's _in_up; C = Cₜ, +∞: no bound)."""
    return (t == 1 and below(a, C)) or (t == -1 and a > 0)


cdef inline bint in_low(double a, double t, double C) noexcept nogil:
    """t ∈ I_low: αₜ can shrink along y⁽ᵗ⁾ (the reference's _in_low)."""
    return (t == -1 and below(a, C)) or (t == 1 and a > 0)


cdef inline bint is_free(double a, double C) noexcept nogil:
    """0 < α < C (the reference's _is_free)."""
    return a > 0 and below(a, C)


cdef double b_soft(const double[::1] alpha, const double[::1] y, const double[::1] f,
                   const double[::1] C) noexcept nogil


cdef class Solver:
    cdef KernelRows rows
    cdef double[::1] y
    cdef double[::1] alpha
    cdef double[::1] g                # gₜ = wᵀφ(x⁽ᵗ⁾) − y⁽ᵗ⁾, the errors without threshold
    cdef double[::1] gbar             # libsvm's Ḡ (shrinking)
    cdef Py_ssize_t* path
    cdef Py_ssize_t path_capacity
    cdef Py_ssize_t[::1] free
    cdef unsigned char[::1] flag      # 1: in I_up, 2: in I_low (the second-order rule)
    cdef double[::1] f
    cdef double[::1] Cs               # each example's C (X-2), +∞ for the hard margin
    cdef double tol, b
    cdef bint hard, record, shrinking
    cdef Py_ssize_t m, active, cores
    cdef ThreadChoice choice          # a pass on one thread or on several (measured)
    cdef Py_ssize_t iterations, max_iterations
    cdef uint64_t state
    cdef readonly Py_ssize_t stuck_i, stuck_j

    cdef inline Py_ssize_t _index(self, Py_ssize_t n) noexcept nogil
    cdef bint _record(self, Py_ssize_t i, Py_ssize_t j) noexcept nogil
    cdef inline const double* _row(self, Py_ssize_t i, Py_ssize_t stop,
                                   Status* status) noexcept nogil
    cdef int _apply(self, Py_ssize_t i, Py_ssize_t j, double n1, double n2, const double* Ki,
                    const double* Kj) noexcept nogil
    cdef inline unsigned char _flags(self, Py_ssize_t t) noexcept nogil
    # the second-order rule, with libsvm's shrinking
    cdef inline Py_ssize_t _best_up(self, double* g_max) noexcept nogil
    cdef inline Py_ssize_t _best_low(self, Py_ssize_t i, double g_max, const double* Ki,
                                     double* gap) noexcept nogil
    cdef inline Py_ssize_t _update(self, double d1, const double* Ki, double d2,
                                   const double* Kj, double* g_max) noexcept nogil
    cdef Status _bound_changed(self, Py_ssize_t k, double before) noexcept nogil
    cdef inline bint _shrinkable(self, Py_ssize_t t, double up_max,
                                 double low_min) noexcept nogil
    cdef void _swap(self, Py_ssize_t i, Py_ssize_t j) noexcept nogil
    cdef Status _shrink(self, bint* unshrunk) noexcept nogil
    cdef Status _reconstruct(self) noexcept nogil
    cdef Status wss2(self) noexcept nogil
    # Platt's rule and the simplified one
    cdef inline bint _violates(self, Py_ssize_t t, double E) noexcept nogil
    cdef inline bint _is_free(self, Py_ssize_t t) noexcept nogil
    cdef double _platt_threshold(self, Py_ssize_t i, Py_ssize_t j, double n1, double n2,
                                 double E1, double E2, double K11, double K22,
                                 double K12) noexcept nogil
    cdef int _try(self, Py_ssize_t i, Py_ssize_t j, double E1, double E2) noexcept nogil
    cdef int _platt_take(self, Py_ssize_t i, Py_ssize_t j) noexcept nogil
    cdef int _platt_examine(self, Py_ssize_t j) noexcept nogil
    cdef Status platt(self) noexcept nogil
    cdef Status simplified(self) noexcept nogil
