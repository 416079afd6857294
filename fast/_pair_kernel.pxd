# One kernel value K(x, z) in the reference's order of operations, for the kernel blocks of
# fast/_svm_kernels.pyx and the kernel rows of fast/_smo_cache.pyx (the SMO pair sequence is the
# reference's only while these values are its bit for bit), and the Gaussian exponent from
# BLAS inner products with its fallback to differences. Both modules cimport it, so the two
# cannot compute a kernel value in different orders.

from libc.math cimport exp, pow

from cs229.fast._inline_math cimport dot

# The codes of the named kernels (kernel_spec in fast/_svm_kernels.pyx).
cdef enum:
    CODE_LINEAR = 0
    CODE_POLYNOMIAL = 1
    CODE_GAUSSIAN = 2

# ‖x‖² + ‖z‖² − 2xᵀz loses about log2((‖x‖² + ‖z‖²)/‖x − z‖²) bits to cancellation; beyond
# three bits the squared distance is taken from the differences instead. A compile-time constant
# (a declaration module has no variables); C converts it to 8.0 exactly where it multiplies d2.
cdef enum:
    CANCELLATION = 8


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


cdef extern from *:
    """
    /* pair_kernel_tile's sums over one tile of points: out[t] = sum_k (x_k - ZT[k, t])^2
       (``squares``) or sum_k x_k ZT[k, t], each sum left to right over k, the points side by
       side. Each t is its own sum, so vector instructions keep every sum's order and bits (no
       fused multiply-add: -ffp-contract=off); GCC on x86-64 also builds an AVX2 copy, chosen
       at load time on a CPU that has it. */
    #if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
    __attribute__((target_clones("avx2", "default")))
    #endif
    static void cs229_column_sums(const double* x, const double* ZT, Py_ssize_t start,
                                  Py_ssize_t stop, Py_ssize_t m, Py_ssize_t n, int squares,
                                  double* out) {
        Py_ssize_t k, t;
        for (t = start; t < stop; t++) out[t] = 0.0;
        for (k = 0; k < n; k++) {
            const double xk = x[k];
            const double* row = ZT + k * m;
            if (squares) {
                for (t = start; t < stop; t++) { double diff = xk - row[t]; out[t] = out[t] + diff * diff; }
            } else {
                for (t = start; t < stop; t++) out[t] = out[t] + xk * row[t];
            }
        }
    }
    """
    void cs229_column_sums(const double* x, const double* ZT, Py_ssize_t start, Py_ssize_t stop,
                           Py_ssize_t m, Py_ssize_t n, int squares, double* out) noexcept nogil


cdef enum:
    COLUMN_TILE = 512   # points per tile of a kernel column: its n running sums stay in L1 (4 KB)


cdef inline void pair_kernel_tile(const double* x, const double* ZT, Py_ssize_t start,
                                  Py_ssize_t stop, Py_ssize_t m, Py_ssize_t n, int code, double c,
                                  double d, double den, double* out) noexcept nogil:
    """out[t] = K(x, zₜ) for start ≤ t < stop, zₜ the columns of ZT (n × m, C order): pair_kernel's
    value bit for bit, each sum over k still left to right, but k is the outer loop over the
    tile's points, so that the inner loop runs over t through contiguous memory with independent
    sums (cs229_column_sums: vector instructions; one sum's additions no longer wait for each
    other)."""
    cdef Py_ssize_t t
    cs229_column_sums(x, ZT, start, stop, m, n, code == CODE_GAUSSIAN, out)
    if code == CODE_GAUSSIAN:
        for t in range(start, stop):
            out[t] = exp(-out[t] / den)
    elif code == CODE_POLYNOMIAL:
        for t in range(start, stop):
            out[t] = pow(out[t] + c, d)


cdef inline long long cancels(double norms, double d2) noexcept nogil:
    """d2 = norms − 2x̄ᵀz̄ lost more than three bits, or is not finite (d2 − d2 is then NaN);
    without branches, so that a loop over a row stays a straight line."""
    return (not (norms <= CANCELLATION * d2)) | (d2 - d2 != 0.0)


cdef inline long long _exponents(double* out, Py_ssize_t start, Py_ssize_t stop, double norm_x,
                                 const double* norms, double den) noexcept nogil:
    cdef Py_ssize_t t
    cdef double s, d2
    cdef long long flag = 0
    for t in range(start, stop):
        s = norm_x + norms[t]
        d2 = s - 2.0 * out[t]
        flag |= cancels(s, d2)
        out[t] = -d2 / den
    return flag


cdef inline void gaussian_exponents(double* out, Py_ssize_t m, Py_ssize_t skip, double norm_x,
                                    const double* norms, const double* x, const double* Z,
                                    Py_ssize_t n, double den) noexcept nogil:
    """out[t] = −‖x − zₜ‖²/den for the m rows zₜ of Z (C order, n columns), given out[t] = x̄ᵀz̄ₜ
    for the centred rows (BLAS) and their squared norms ‖x̄‖² = norm_x, ‖z̄ₜ‖² = norms[t]:
    ‖x̄‖² + ‖z̄ₜ‖² − 2x̄ᵀz̄ₜ, or, where that cancels or is not finite, Σₖ (xₖ − zₜₖ)² in the
    reference's order. The entry ``skip`` (x itself, −1 for none) is left to the caller. One
    pass over the row; a second, rare, redoes the entries that cancel (found again from the
    exponent, −den·out[t] being d2 to rounding)."""
    cdef Py_ssize_t t
    cdef long long flag
    if skip < 0:
        flag = _exponents(out, 0, m, norm_x, norms, den)
    else:
        flag = _exponents(out, 0, skip, norm_x, norms, den)
        flag |= _exponents(out, skip + 1, m, norm_x, norms, den)
    if flag:
        for t in range(m):
            if t != skip and cancels(norm_x + norms[t], -den * out[t]):
                out[t] = -sq_distance(x, &Z[t * n], n) / den
