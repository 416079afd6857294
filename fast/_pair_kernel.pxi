# One kernel value K(x, z) in the reference's order of operations, for the kernel blocks of
# fast/_svm_kernels.pyx and the kernel rows of fast/smo.pyx (the SMO pair sequence is the
# reference's only while these values are its bit for bit), and the Gaussian exponent from
# BLAS inner products with its fallback to differences. Included textually
# (`include "_pair_kernel.pxi"`) because our modules cannot cimport one another.

from libc.math cimport exp, isfinite, pow

# The codes of the named kernels (kernel_spec in fast/_svm_kernels.pyx).
cdef enum:
    CODE_LINEAR = 0
    CODE_POLYNOMIAL = 1
    CODE_GAUSSIAN = 2

# ‖x‖² + ‖z‖² − 2xᵀz loses about log2((‖x‖² + ‖z‖²)/‖x − z‖²) bits to cancellation; beyond
# three bits the squared distance is taken from the differences instead.
cdef double CANCELLATION = 8.0


cdef inline double dot(const double* x, const double* z, Py_ssize_t n) noexcept nogil:
    """xᵀz = Σ xₖzₖ, left to right (reference linalg.dot)."""
    cdef double s = 0.0
    cdef Py_ssize_t k
    for k in range(n):
        s = s + x[k] * z[k]
    return s


cdef inline double sq_distance(const double* x, const double* z, Py_ssize_t n) noexcept nogil:
    """‖x − z‖² = Σ (xₖ − zₖ)², left to right (reference Gaussian.__call__)."""
    cdef double s = 0.0, t
    cdef Py_ssize_t k
    for k in range(n):
        t = x[k] - z[k]
        s = s + t * t
    return s


cdef inline double pair_kernel(const double* x, const double* z, Py_ssize_t n, int code,
                               double c, double d, double den) noexcept nogil:
    """xᵀz; (xᵀz + c)^d; exp(−‖x − z‖² / den) by the code, sums left to right."""
    if code == CODE_GAUSSIAN:
        return exp(-sq_distance(x, z, n) / den)
    if code == CODE_POLYNOMIAL:
        return pow(dot(x, z, n) + c, d)
    return dot(x, z, n)


cdef inline double gaussian_exponent(double norms, double inner, const double* x,
                                     const double* z, Py_ssize_t n, double den) noexcept nogil:
    """−‖x − z‖²/den from the centred rows' norms = ‖x̄‖² + ‖z̄‖² and inner = x̄ᵀz̄ (BLAS), or,
    where norms − 2·inner cancels or is not finite, from the differences of the rows x, z
    themselves in the reference's order."""
    cdef double d2 = norms - 2.0 * inner
    if not isfinite(d2) or norms > CANCELLATION * d2:
        d2 = sq_distance(x, z, n)
    return -d2 / den
