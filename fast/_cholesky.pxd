# The Cholesky solve of a Gram matrix (XᵀX, XᵀWX) with the dependence test of reference/linalg.py's
# solve_gram, shared by the normal equations (fast/linear_regression.pyx) and Newton / IRLS
# (fast/_glm_core.pyx), which cimport it. A declaration module holds no Python names, so the
# Python face of the solve, solve_gram, and the error it raises live in fast/_glm_core.pyx.

from libc.float cimport DBL_EPSILON
from libc.math cimport isfinite, sqrt
from libc.stdlib cimport free, malloc
from scipy.linalg.cython_lapack cimport dpotrf, dpotrs

cdef enum:
    GRAM_SOLVED = -1      # x is in b
    GRAM_OVERFLOWED = -2  # an entry of A, b or x is not finite
    GRAM_NO_MEMORY = -3


cdef inline int cholesky_solve(double[::1, :] A, double[::1] b) noexcept nogil:
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
