"""X-7, the summation form (Chu et al. 2006): the map step of the sums that the fast and the
distributed faces share, and their one reduction.

A fit's pass over the examples is a sum Σᵢ fᵢ over the rows. It is taken over fixed blocks of
``BLOCK`` rows (fast/_summation.pxd), each block's partial sum formed in the reference's order
within the block, and the partials added left to right in block order (``add_blocks``). A
function here (``gram_chunk``, ``sum_chunk``; Newton's ``_glm_core.newton_chunk`` and
``_glm_core.start_chunk``) takes a chunk of rows whose first row starts a block and returns its
blocks' partials, one row each; given ``total`` it adds them into it instead, which is how the
fast face runs the same function over the whole X. The distributed face maps it over chunks of
whole blocks and adds the gathered partials with ``add_blocks``: the same additions in the same
order, so the same sums bit for bit.
"""
import numpy as np

from scipy.linalg.cython_blas cimport dgemv, dsyrk

from cs229.fast._summation cimport BLOCK, Block, add_into, block, block_done, blocks_of

ROWS_PER_BLOCK = BLOCK


def blocks(Py_ssize_t m):
    """The number of blocks of m rows, ⌈m / BLOCK⌉."""
    return blocks_of(m)


def partials(Py_ssize_t m, Py_ssize_t size, total, Py_ssize_t rows=BLOCK):
    """The buffer of a map step: ``total`` checked (a float64 vector of ``size`` entries, added
    into) and a one-block scratch row, or, without ``total``, zeroed rows for the blocks of m
    rows (blocks of ``rows`` rows)."""
    if total is None:
        return np.zeros(((m + rows - 1) // rows, size)), True
    if not (isinstance(total, np.ndarray) and total.dtype == np.float64 and total.ndim == 1
            and total.shape[0] == size and total.flags.c_contiguous and total.flags.writeable):
        raise TypeError(f"total: expected a writeable C-contiguous float64 vector of {size} entries")
    return np.zeros((1, size)), False


def add_blocks(parts, total):
    """X-7's reduction: total += parts[0], then += parts[1], … (block order, left to right)."""
    cdef const double[:, ::1] pv = np.ascontiguousarray(parts, dtype=np.float64)
    cdef double[::1] tv = total
    cdef Py_ssize_t b
    if pv.shape[0] and pv.shape[1] != tv.shape[0]:
        raise ValueError(f"parts: rows of {pv.shape[1]} entries, total has {tv.shape[0]}")
    with nogil:
        for b in range(pv.shape[0]):
            add_into(&tv[0], &pv[b, 0], tv.shape[0])
    return total


def gram_chunk(X, y, total=None):
    """LR-12, X-7: the blocks' partials of (XᵀX, Xᵀy), each row XᵀX's upper triangle (n×n,
    Fortran order, lower triangle 0) then Xᵀy, by dsyrk and dgemv on the block's rows; with
    ``total``, added into it (validated float64 C-contiguous X, y)."""
    cdef const double[:, ::1] Xv = X
    cdef const double[::1] yv = y
    cdef Py_ssize_t m = X.shape[0], b, nn = X.shape[1] * X.shape[1]
    cdef int n = <int> X.shape[1], inc = 1
    cdef Block here
    parts, store = partials(m, nn + n, total)
    cdef double[:, ::1] pv = parts
    cdef double[::1] tv = total if not store else parts[0]
    cdef double one = 1.0, zero = 0.0
    cdef char uplo = b'U', trans = b'N'
    cdef bint keep = store
    with nogil:
        for b in range(blocks_of(m)):
            here = block(b, m, &pv[0, 0], nn + n, keep)
            # the block is C-ordered rows×n, i.e. Fortran-ordered n×rows (its transpose):
            # XᵀX = Xᶠ Xᶠᵀ and Xᵀy = Xᶠ y
            dsyrk(&uplo, &trans, &n, &here.rows, &one, <double*> &Xv[here.start, 0], &n, &zero,
                  here.part, &n)
            dgemv(&trans, &n, &here.rows, &one, <double*> &Xv[here.start, 0], &n,
                  <double*> &yv[here.start], &inc, &zero, here.part + nn, &inc)
            block_done(here, &tv[0], nn + n, keep)
    return parts if store else total


def sum_chunk(y, total=None, weight=None):
    """X-7: the blocks' partials of Σᵢ y⁽ⁱ⁾ (ȳ of the IRLS start), or with sample ``weight``s
    (X-2) of [Σᵢ wᵢy⁽ⁱ⁾, Σᵢ wᵢ] (the weighted ȳ), each summed left to right; with ``total`` (1
    entry, or 2 with weights), added into it."""
    cdef const double[::1] yv = y
    cdef const double[::1] wv
    cdef Py_ssize_t m = y.shape[0], b, i, start, stop
    cdef bint weighted = weight is not None
    if weighted:
        wv = weight
    parts, store = partials(m, 2 if weighted else 1, total)
    cdef double[:, ::1] pv = parts
    cdef double[::1] tv = total if not store else parts[0]
    cdef double s[2]
    cdef bint keep = store
    with nogil:
        for b in range(blocks_of(m)):
            start = b * BLOCK
            stop = start + BLOCK if m - start > BLOCK else m
            s[0] = 0.0
            s[1] = 0.0
            if weighted:
                for i in range(start, stop):
                    s[0] = s[0] + wv[i] * yv[i]
                    s[1] = s[1] + wv[i]
            else:
                for i in range(start, stop):
                    s[0] = s[0] + yv[i]
            if keep:
                pv[b, 0] = s[0]
                if weighted:
                    pv[b, 1] = s[1]
            else:
                add_into(&tv[0], &s[0], 2 if weighted else 1)
    return parts if store else total
