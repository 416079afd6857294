# The kernel-row cache of SMO (fast/_smo_cache.pyx): the rows of K that the solver
# (fast/_smo_solver.pyx) reads, computed on demand and kept in libsvm's LRU cache. Declared here
# so that the solver reaches its rows, diagonal and positions in C.

from cs229.fast._parallel cimport ThreadChoice

cdef enum:
    MAX_THREADS = 64   # the per-thread partial results of a pass live on the stack


cdef class KernelRows:
    cdef const double[:, ::1] X       # the points by position (a copy when they are swapped)
    cdef const double[:, ::1] Xc      # the centred points (the Gaussian from BLAS), or X
    cdef double[::1] sq
    cdef double[::1] diag             # Kₜₜ by position
    cdef const double[:, ::1] full    # the precomputed matrix, in the caller's order
    cdef object full_array
    cdef Py_ssize_t[::1] perm         # position t holds the caller's example perm[t]
    cdef Py_ssize_t m, n
    cdef Py_ssize_t cores             # at most MAX_THREADS
    cdef ThreadChoice choice          # a row on one thread or on several (measured)
    cdef int code
    cdef bint exact, precomputed, swapped
    cdef double c, d, den
    cdef double** data
    cdef Py_ssize_t* length
    cdef Py_ssize_t* prev            # the LRU list over positions; m is its head: nxt[m] is the
    cdef Py_ssize_t* nxt             # least recently used row, prev[m] the most recent
    cdef Py_ssize_t budget
    cdef readonly Py_ssize_t bad_i, bad_j   # the caller's pair whose kernel value is not finite
    cdef readonly double bad                # (−1, −1: none) and that value
    cdef readonly bint out_of_memory

    cdef inline void _unlink(self, Py_ssize_t h) noexcept nogil
    cdef inline void _append(self, Py_ssize_t h) noexcept nogil
    cdef void _drop(self, Py_ssize_t h) noexcept nogil
    cdef double* row(self, Py_ssize_t i, Py_ssize_t stop) noexcept nogil
    cdef void swap(self, Py_ssize_t i, Py_ssize_t j) noexcept nogil
    cdef void _compute(self, Py_ssize_t i, Py_ssize_t start, Py_ssize_t stop,
                       double* out) noexcept nogil
    cdef void _blas_part(self, Py_ssize_t i, Py_ssize_t start, Py_ssize_t stop,
                         double* out) noexcept nogil
