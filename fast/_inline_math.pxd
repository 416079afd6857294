# Scalar loops that several cs229.fast modules inline into their nogil code
# (`from cs229.fast._inline_math cimport dot`). A declaration module of inline functions only:
# it has no compiled module of its own, and a call costs nothing. The order of operations is
# the reference's, which the bit-identical iterates of GD, SGD, GLM ascent and the perceptron
# depend on: change it only together with the reference.

from libc.math cimport exp, log1p


cdef inline double dot(const double* a, const double* b, Py_ssize_t n) noexcept nogil:
    """Σ aⱼbⱼ, left to right."""
    cdef double total = 0.0
    cdef Py_ssize_t j
    for j in range(n):
        total = total + a[j] * b[j]
    return total


cdef inline double sigmoid(double z) noexcept nogil:
    """g(z) as the reference evaluates it: e^(−z) is never formed for z < 0."""
    cdef double e
    if z >= 0:
        return 1.0 / (1.0 + exp(-z))
    e = exp(z)
    return e / (1.0 + e)


cdef inline double softplus(double z) noexcept nogil:
    """log(1 + eᶻ) without overflow."""
    if z > 0:
        return z + log1p(exp(-z))
    return log1p(exp(z))


cdef inline object linear_predictor(const double[:, ::1] X, const double[::1] theta):
    """η⁽ⁱ⁾ = θᵀx⁽ⁱ⁾ for every row of X (n >= 1 columns), each a left-to-right ``dot``: a new
    float64 array. numpy is imported when it runs: a declaration module has no module-level
    Python names."""
    import numpy as np
    out = np.empty(X.shape[0])
    cdef double[::1] o = out
    cdef Py_ssize_t i
    with nogil:
        for i in range(X.shape[0]):
            o[i] = dot(&X[i, 0], &theta[0], X.shape[1])
    return out
