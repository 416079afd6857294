# One kernel value K(x, z) in the reference's order of operations, for the kernel blocks of
# fast/_svm_kernels.pyx and the kernel rows of fast/smo.pyx (the SMO pair sequence is the
# reference's only while these values are its bit for bit). Included textually
# (`include "_pair_kernel.pxi"`) because our modules cannot cimport one another.

from libc.math cimport exp, pow


cdef inline double pair_kernel(const double* x, const double* z, Py_ssize_t n, int code,
                               double c, int d, double den) noexcept nogil:
    """code 0: xᵀz; 1: (xᵀz + c)^d; 2: exp(−‖x − z‖² / den), sums left to right."""
    cdef double s = 0.0, t
    cdef Py_ssize_t k
    if code == 2:
        for k in range(n):
            t = x[k] - z[k]
            s = s + t * t
        return exp(-s / den)
    for k in range(n):
        s = s + x[k] * z[k]
    if code == 1:
        return pow(s + c, d)
    return s
