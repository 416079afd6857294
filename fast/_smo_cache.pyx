"""The kernel-row cache of SMO (catalog SMO-4), for the solver of cs229.fast.smo
(fast/_smo_solver.pyx): the rows of K that the pair rules read, over the examples in their current
order.

SMO reads row i of K for the chosen i and j only. Rows are computed on demand (pair by pair in the
reference's order up to EXACT_MAX examples, so that the values are the reference's bit for bit;
above, dgemv plus the kernel's map, the Gaussian from centred rows with the reference's
differences where those cancel) into an LRU cache of ``cache_size`` megabytes; while all m rows
fit, nothing is evicted. With shrinking, positions are swapped (libsvm's swap_index) and rows are
as long as the active set. The string kernel and any other callable are evaluated into the full
matrix first (cs229.fast._svm_kernels, as everywhere). With ``cores`` > 1 the threads share a row
by whole BLAS blocks: every entry comes from the dgemv call that computes it serially. Whether a
row is shared is measured as the run goes (fast/_parallel.pxd: ThreadChoice): on cores that other
processes hold, one thread computes it.
"""
import numpy as np

from libc.limits cimport INT_MAX
from libc.math cimport exp, isfinite, pow
from libc.stdlib cimport calloc, free, malloc, realloc
from cython.parallel cimport prange
from scipy.linalg.cython_blas cimport dgemv

from cs229.fast._parallel cimport (ThreadRule, account_threads, choice_init, choose_threads,
                                   rows_per_chunk, thread_count)

from cs229.fast._pair_kernel cimport (CODE_GAUSSIAN, CODE_POLYNOMIAL, gaussian_exponents,
                                     pair_kernel)
from cs229.fast._threads cimport choice_report

from cs229.fast._svm_kernels import CUSTOM, GAUSSIAN, STRING, diagonal, kernel_block
from cs229.reference.kernels import checked_value

# dgemv on at most this many matrix entries stays on the calling thread (OpenBLAS threads from
# 2304 × GEMM_MULTITHREAD_THRESHOLD = 9216 entries on)
cdef Py_ssize_t SERIAL_ENTRIES = 4096


cdef class KernelRows:
    """Rows of K on demand, over the examples in their current order: position t holds the
    caller's example perm[t] (shrinking swaps positions; without it perm is the identity).

    The rows live in libsvm's cache: a row holds the entries 0 … len − 1 for the len of its
    longest request (a shrunk active set asks for short rows, a reconstruction for whole ones),
    rows are evicted least recently used first, all rows together hold at most ``budget``
    doubles, and the budget is at least two whole rows, so that the rows of the pair in hand
    are never evicted. The string kernel and custom kernels are evaluated into the whole
    matrix first (cs229.fast._svm_kernels); their rows are read from it."""
    def __cinit__(self):
        self.data = NULL
        self.length = self.prev = self.nxt = NULL

    def __init__(self, X, kernel, spec, bint exact, double cache_bytes, bint swapped,
                 Py_ssize_t cores, int rule, bint busy):
        """The rows of K(X, X) for the kernel ``kernel`` (``spec``: _svm_kernels.kernel_spec),
        pair by pair in the reference's order when ``exact``, else from BLAS; ``swapped``: the
        solver will swap positions (shrinking); ``rule``, ``busy``: how a row's threads are
        chosen (_parallel.choice_init)."""
        self.m = len(X)
        self.cores = min(cores, MAX_THREADS)
        choice_init(&self.choice, <ThreadRule> rule, busy)
        self.code, self.c, self.d, self.den = spec
        self.swapped = swapped
        self.bad_i = self.bad_j = -1
        self.out_of_memory = False
        self.perm = np.arange(self.m, dtype=np.intp)
        self.exact = exact
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

    def threads_report(self):
        """How the rows chose their threads (cs229.fast._threads.choice_report)."""
        return choice_report(&self.choice)

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

    cdef void _compute(self, Py_ssize_t i, Py_ssize_t start, Py_ssize_t stop,
                       double* out) noexcept nogil:
        """out[t] = K(x_i, x_t) for start ≤ t < stop (positions)."""
        cdef Py_ssize_t t, block, count = stop - start, threads, chunk, c
        cdef const double* xi
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
            threads = choose_threads(&self.choice, thread_count(self.cores, count))
            if threads == 1:
                self._blas_part(i, start, stop, out)
            else:
                chunk = (rows_per_chunk(count, threads) + block - 1) // block * block
                for c in prange(threads, num_threads=threads, schedule="static"):
                    self._blas_part(i, start + c * chunk, min(start + (c + 1) * chunk, stop), out)
            account_threads(&self.choice, count)
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
        """out[t] = K(x_i, x_t) for start ≤ t < stop from BLAS: C-ordered Xc (rows × n) is the
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
            # libm's exp, without the GIL (the exp of the rows up to EXACT_MAX and of the
            # reference). numpy's exp on the row, the GIL taken back for it, did not pay where
            # measured (x86-64, AVX2 without AVX-512, numpy 2.4: its float64 exp is libm's there,
            # bit for bit), in CPU time: 6.2-6.8 against 5.3 ns an entry on rows of 5,000 and
            # 20,000; bench/smo.py's SMO RBF rows, medians of 42 and 14 fits on 2 shared cores,
            # m = 5,000: 0.126 s against 0.121 s, m = 20,000: 5.88 s against 5.03 s.
            for t in range(start, stop):
                out[t] = exp(out[t])


cdef inline void _swap_rows(double* A, Py_ssize_t n, Py_ssize_t i, Py_ssize_t j) noexcept nogil:
    cdef Py_ssize_t k
    cdef double v
    for k in range(n):
        v = A[i * n + k]
        A[i * n + k] = A[j * n + k]
        A[j * n + k] = v
