# The Cholesky solve of a Gram matrix (XᵀX, XᵀWX) with the dependence test of reference/linalg.py's
# solve_gram, shared by the normal equations (fast/linear_regression.pyx) and Newton / IRLS
# (fast/_glm_core.pyx). Included textually (`include "_cholesky.pxi"`) because our modules cannot
# cimport one another.

import numpy as np

from libc.float cimport DBL_EPSILON
from libc.math cimport isfinite, sqrt
from libc.stdlib cimport free, malloc
from scipy.linalg.cython_lapack cimport dpotrf, dpotrs

from cs229.reference import linalg as _linalg

cdef enum:
    GRAM_SOLVED = -1      # x is in b
    GRAM_OVERFLOWED = -2  # an entry of A, b or x is not finite
    GRAM_NO_MEMORY = -3


cdef int _cholesky_solve(double[::1, :] A, double[::1] b) noexcept nogil:
    """Solve A x = b in place for a symmetric positive semi-definite A (upper triangle read).

    Cholesky runs on the equilibrated D A D, D = diag(1/√A_jj): its pivots L̃_kk² = d_k / A_kk
    are the parts of each column's squared size that the earlier columns do not explain, the
    ratio reference/linalg.py's solve_gram tests, so scaling a column of X (its units) changes
    nothing. Returns GRAM_SOLVED, the first dependent column (A_kk = 0, or L̃_kk² <= n·eps), or
    GRAM_OVERFLOWED / GRAM_NO_MEMORY."""
    cdef int n = A.shape[0], info = 0, one = 1, i, j
    cdef char uplo = b'U'
    cdef double* s
    for j in range(n):
        if not isfinite(b[j]):
            return GRAM_OVERFLOWED
        for i in range(j + 1):
            if not isfinite(A[i, j]):
                return GRAM_OVERFLOWED
        if A[j, j] <= 0.0:
            return j
    s = <double*> malloc(n * sizeof(double))
    if s == NULL:
        return GRAM_NO_MEMORY
    for j in range(n):
        s[j] = 1.0 / sqrt(A[j, j])
    for j in range(n):
        b[j] = b[j] * s[j]
        for i in range(j + 1):
            A[i, j] = A[i, j] * s[i] * s[j]
    dpotrf(&uplo, &n, &A[0, 0], &n, &info)
    # dpotrf stops at the first pivot that is not positive (column info − 1); a column before
    # it may already be dependent to working precision.
    for j in range(info - 1 if info > 0 else n):
        if A[j, j] * A[j, j] <= n * DBL_EPSILON:
            free(s)
            return j
    if info > 0:
        free(s)
        return info - 1
    dpotrs(&uplo, &n, &one, &A[0, 0], &n, &b[0], &n, &info)
    for j in range(n):
        b[j] = b[j] * s[j]
    free(s)
    for j in range(n):
        if not isfinite(b[j]):
            return GRAM_OVERFLOWED
    return GRAM_SOLVED


def _gram_failure(code, A, prefix, of=" of X", name="column", suffix=""):
    """The error for a failed ``_cholesky_solve`` of the Gram matrix A (its original entries):
    SingularMatrixError naming the dependent column and the combination of earlier columns it
    is (computed as reference/linalg.py's solve_gram does), or OverflowError."""
    if code == GRAM_NO_MEMORY:
        return MemoryError(f"{prefix}: no memory for the Cholesky factorisation")
    if code == GRAM_OVERFLOWED:
        return OverflowError(f"{prefix} overflows (the products of the entries are too large for "
                             "float64); rescale the columns of X or y")
    k = int(code)
    A = np.triu(A) + np.triu(A, 1).T
    combination = {}
    if A[k, k] > 0:
        c = np.linalg.solve(A[:k, :k], A[:k, k]) if k else np.empty(0)
        combination = _linalg.significant_terms([float(v) for v in c],
                                                [float(A[j, j]) for j in range(k)], float(A[k, k]))
    return _linalg.SingularMatrixError(
        f"{prefix} is singular: {_linalg.dependence(k, combination, name, of)}{suffix}",
        column=k, combination=combination)


def solve_gram(A, b, prefix="A"):
    """x with A x = b for a symmetric positive semi-definite A (upper triangle read), or the
    error of ``_gram_failure``. A and b are left as they are."""
    F = np.array(A, dtype=np.float64, order="F")
    x = np.array(b, dtype=np.float64)
    cdef double[::1, :] Fv = F
    cdef double[::1] xv = x
    cdef int code
    with nogil:
        code = _cholesky_solve(Fv, xv)
    if code != GRAM_SOLVED:
        raise _gram_failure(code, A, prefix)
    return x
