# The Cholesky solve of a Gram matrix (XᵀX, XᵀWX) with the dependence test of reference/linalg.py's
# solve_gram, shared by the normal equations (fast/linear_regression.pyx) and Newton / IRLS
# (fast/_glm_core.pyx), which cimport it. A declaration module holds no Python names, so the
# Python face of the solve, solve_gram, and the error it raises live in fast/_glm_core.pyx.

from libc.float cimport DBL_EPSILON
from libc.math cimport fabs, isfinite, sqrt
from libc.stdlib cimport free, malloc
from scipy.linalg.cython_lapack cimport dpotrf, dpotrs

cdef enum:
    GRAM_SOLVED = -1      # x is in b
    GRAM_OVERFLOWED = -2  # an entry of A, b or x is not finite
    GRAM_NO_MEMORY = -3
    GRAM_BORDERLINE = -4  # a pivot ratio within gram_band of n·eps: the referee decides


cdef inline double gram_band(double terms, int n, double coefficients_size) noexcept nogil:
    """reference/linalg.py's gram_band, compiled: how far rounding can move a pivot ratio,
    2 (m + n + 8) · eps · (1 + Σⱼ |c̃ⱼ|)² (the derivation is there)."""
    return 2.0 * (terms + n + 8) * DBL_EPSILON * (1.0 + coefficients_size) * (1.0 + coefficients_size)


cdef inline int _first_borderline(double[::1, :] A, int n, int factored, double terms,
                                  double* beta) noexcept nogil:
    """The first column j < ``factored`` of the Cholesky factor R (upper triangle of A, of the
    equilibrated matrix) whose pivot ratio R_jj² is within gram_band of n·eps or below it, or
    −1. c̃ = R_B⁻¹ R[:j, j] are column j's equilibrated coefficients on the earlier columns;
    β = maxⱼ (1 + Σ|c̃|)² / R_jj², as reference/linalg.py's ``_ldl``."""
    cdef int i, j, k
    cdef double size, v, ratio
    cdef double* c = <double*> malloc((n if n > 0 else 1) * sizeof(double))
    if c == NULL:
        return GRAM_NO_MEMORY
    for k in range(factored):
        size = 0.0
        for i in range(k - 1, -1, -1):
            v = A[i, k]
            for j in range(i + 1, k):
                v = v - A[i, j] * c[j]
            c[i] = v / A[i, i]
            size = size + fabs(c[i])
        ratio = A[k, k] * A[k, k]
        if ratio <= n * DBL_EPSILON + gram_band(terms, n, size):
            free(c)
            return k
        if (1.0 + size) * (1.0 + size) / ratio > beta[0]:
            beta[0] = (1.0 + size) * (1.0 + size) / ratio
    free(c)
    return -1


cdef inline int cholesky_solve(double[::1, :] A, double[::1] b, double terms=0.0,
                               double* beta=NULL) noexcept nogil:
    """Solve A x = b in place for a symmetric positive semi-definite A (upper triangle read).

    Cholesky runs on the equilibrated D A D, D = diag(1/√A_jj): its pivots L̃_kk² = d_k / A_kk
    are the parts of each column's squared size that the earlier columns do not explain, the
    ratio reference/linalg.py's solve_gram tests, so scaling a column of X (its units) changes
    nothing. Returns GRAM_SOLVED; the first zero column (A_kk = 0); GRAM_BORDERLINE where a
    ratio is within gram_band of n·eps or below it (dpotrf's failing pivot is: a pivot that
    rounding left <= 0 is within its error bound of 0), for the referee to decide, as the
    reference does; or GRAM_OVERFLOWED / GRAM_NO_MEMORY. ``terms``: the products summed into
    each entry of A (m for XᵀWX); ``beta``, where given, receives β for the error bound of
    reference/linalg.py's ``solve_gram_with_error``."""
    cdef int n = A.shape[0], info = 0, one = 1, i, j, k
    cdef char uplo = b'U'
    cdef double* s
    cdef double condition = 1.0
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
    k = _first_borderline(A, n, info - 1 if info > 0 else n, terms, &condition)
    if beta != NULL:
        beta[0] = condition
    if k != -1 or info > 0:
        free(s)
        return GRAM_NO_MEMORY if k == GRAM_NO_MEMORY else GRAM_BORDERLINE
    dpotrs(&uplo, &n, &one, &A[0, 0], &n, &b[0], &n, &info)
    for j in range(n):
        b[j] = b[j] * s[j]
    free(s)
    for j in range(n):
        if not isfinite(b[j]):
            return GRAM_OVERFLOWED
    return GRAM_SOLVED
