# The Cholesky solve with the singularity test of reference/linalg.py, shared by the normal
# equations (fast/linear_regression.pyx) and Newton / IRLS (fast/_glm_core.pyx). Included
# textually (`include "_cholesky.pxi"`) because our modules cannot cimport one another.

from libc.float cimport DBL_EPSILON
from libc.math cimport fabs
from scipy.linalg.cython_lapack cimport dpotrf, dpotrs


cdef int _cholesky_solve(double[::1, :] A, double[::1] b) noexcept nogil:
    """Solve A x = b in place (A symmetric, upper triangle), by Cholesky. Returns −1 on success,
    else the first column whose pivot L_kk² is not above n · eps · max|A_jj| (that column
    depends, to working precision, on the ones before it)."""
    cdef int n = A.shape[0], info = 0, one = 1, j
    cdef char uplo = b'U'
    cdef double scale = 0.0
    for j in range(n):
        scale = max(scale, fabs(A[j, j]))
    if scale == 0.0:
        return 0
    dpotrf(&uplo, &n, &A[0, 0], &n, &info)
    if info > 0:
        return info - 1
    for j in range(n):
        if A[j, j] * A[j, j] <= n * DBL_EPSILON * scale:
            return j
    dpotrs(&uplo, &n, &one, &A[0, 0], &n, &b[0], &n, &info)
    return -1
