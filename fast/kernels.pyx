"""Compiled twins of cs229.reference.kernels (catalog KR-1 … KR-10).

The named kernels (Linear, Polynomial, Gaussian, StringKernel: the reference's own dataclasses)
are recognised and computed in compiled code. ``kernel_matrix`` forms the Gram part XZᵀ with BLAS
(numpy's matmul: syrk for XXᵀ, gemm for XZᵀ) and finishes each entry in one pass: (G + c)^d, or
exp(−(‖x‖² + ‖z‖² − 2G)/(2σ²)) with np.exp, so it agrees with the reference to rounding (for the Gaussian, to
~eps·(‖x‖² + ‖z‖²)/σ² in the exponent). Any other callable (FeatureMapKernel, a user's function)
is evaluated in Python on float64 rows, one pair at a time, with every value checked.

The string kernel codes each length-k substring of X by an integer (one pass with a dict) and
keeps, per string, its distinct codes and their counts, and per code the strings holding it;
Kᵢⱼ = Σᵤ count_i(u)·count_j(u) then accumulates only over the substrings u that strings i and j
share, so the work is Σᵤ (strings holding u)² rather than m² pairs. The |alphabet|^k-dimensional φ
is never formed.

The kernel perceptron evaluates its kernel entries in the reference's order of operations
(left-to-right dot products and squared distances, no BLAS) and runs the same loop, so its
mistakes, α and b are the reference's, update for update.
"""
import numpy as np

from libc.math cimport exp, fabs, pow, sqrt
from libc.stdlib cimport free, malloc

from cs229.fast._validation import (as_matrix, as_order, as_scalar, as_signed_labels, as_strings,
                                    as_vector, positive, positive_int)
from cs229.reference import kernels as _reference
from cs229.reference.kernels import (ConvergenceError, FeatureMapKernel, Gaussian,
                                     InvalidKernelError, IterativeResult, Linear, MercerResult,
                                     Polynomial, StringKernel)

__all__ = [
    "Linear", "Polynomial", "Gaussian", "StringKernel", "FeatureMapKernel",
    "linear_features", "power_features", "quadratic_features", "quadratic_features_c",
    "monomials", "monomial_weight", "monomial_features", "gaussian_features",
    "spectrum_features", "spectrum_dimension", "kernel_matrix",
    "MercerResult", "InvalidKernelError", "mercer_test", "checked_kernel_matrix",
    "kernel_perceptron", "perceptron_decision", "IterativeResult", "ConvergenceError",
]

cdef double EPS = np.finfo(np.float64).eps
NAMED = (Linear, Polynomial, Gaussian, StringKernel)


# ---- feature maps ------------------------------------------------------------------------------

def linear_features(x):
    """KR-10: φ(x) = x."""
    return as_vector(x, "x").copy()


def _attribute(x):
    a = np.asarray(x)
    if a.ndim == 0:
        return as_scalar(x, "x")
    v = as_vector(x, "x")
    if v.shape[0] != 1:
        raise ValueError(f"x must be one attribute (a number or a 1-entry vector), got {v.shape[0]} entries")
    return float(v[0])


def power_features(x, degree=3):
    """KR-1: [x, x², …, x^degree]."""
    x = _attribute(x)
    degree = positive_int(degree, "degree")
    out = np.empty(degree)
    out[0] = x
    for k in range(1, degree):
        out[k] = out[k - 1] * x
    return out


def quadratic_features(x):
    """KR-2: (xᵢxⱼ), i outer."""
    x = as_vector(x, "x")
    return np.multiply.outer(x, x).ravel()


def _nonnegative(c, name):
    c = as_scalar(c, name)
    if c < 0:
        raise ValueError(f"{name} must be >= 0, got {c}")
    return c


def quadratic_features_c(x, c):
    """KR-3: ((xᵢxⱼ), √(2c)·x, c)."""
    x = as_vector(x, "x")
    c = _nonnegative(c, "c")
    return np.concatenate([np.multiply.outer(x, x).ravel(), sqrt(2 * c) * x, [c]])


def monomials(n, d):
    """KR-4: the C(n + d, d) exponent tuples of degree ≤ d (the reference's order)."""
    return _reference.monomials(n, d)


def monomial_weight(alpha, c, d):
    """KR-4: d!/(α₀!α₁!⋯αₙ!)·c^α₀, as a float."""
    return float(_reference.monomial_weight(alpha, _nonnegative(c, "c"), d))


def monomial_features(x, c, d):
    """KR-4: √(weight_α)·x^α over ``monomials(n, d)``."""
    x = as_vector(x, "x")
    c = _nonnegative(c, "c")
    d = positive_int(d, "d")
    exponents = _reference.monomials(x.shape[0], d)
    out = np.empty(len(exponents))
    for k, alpha in enumerate(exponents):
        term = sqrt(float(_reference.monomial_weight(alpha, c, d)))
        for j, a in enumerate(alpha):
            for _ in range(a):
                term = term * x[j]
        out[k] = term
    return out


def gaussian_features(x, sigma, terms):
    """KR-5: φₖ(x) = exp(−x²/(2σ²))·xᵏ/(σᵏ√(k!)), k < terms."""
    x = _attribute(x)
    sigma = positive(sigma, "sigma")
    terms = positive_int(terms, "terms")
    envelope = exp(-x * x / (2 * sigma * sigma))
    out = np.empty(terms)
    power = 1.0
    factorial = 1
    for k in range(terms):
        if k:
            power = power * x / sigma
            factorial *= k
        out[k] = envelope * power / sqrt(float(factorial))
    return out


def spectrum_features(s, k):
    """KR-8: {u: occurrences of u in s} (the reference's dict)."""
    return _reference.spectrum_features(s, k)


def spectrum_dimension(alphabet_size, k):
    """KR-8: alphabet_size^k."""
    return _reference.spectrum_dimension(alphabet_size, k)


# ---- kernel matrices ---------------------------------------------------------------------------

def _gram(X, Z):
    """XXᵀ or XZᵀ by BLAS through numpy's matmul (syrk for XXᵀ, gemm for XZᵀ): the same BLAS
    library, and thread pool, as numpy and scikit-learn, rather than a second one competing
    with it for the cores."""
    return X @ X.T if Z is None else X @ Z.T


cdef void _finish_polynomial(double[:, ::1] G, double c, double d) noexcept nogil:
    cdef Py_ssize_t i, j
    for i in range(G.shape[0]):
        for j in range(G.shape[1]):
            G[i, j] = pow(G[i, j] + c, d)


cdef void _gaussian_exponents(double[:, ::1] G, const double[::1] nx, const double[::1] nz,
                              double denominator, bint symmetric) noexcept nogil:
    """G ← −max(‖x‖² + ‖z‖² − 2G, 0)/(2σ²) in place, row by row. With Z = X the Gram matrix
    from syrk is exactly symmetric and ‖x⁽ⁱ⁾‖² + ‖x⁽ʲ⁾‖² is the same sum either way round, so
    the result is exactly symmetric; its diagonal is set to 0 (K(x, x) = 1 exactly)."""
    cdef Py_ssize_t i, j
    cdef double d2
    for i in range(G.shape[0]):
        for j in range(G.shape[1]):
            d2 = nx[i] + nz[j] - 2.0 * G[i, j]
            if d2 < 0.0:
                d2 = 0.0
            G[i, j] = -d2 / denominator
        if symmetric:
            G[i, i] = 0.0


def _numeric_kernel_matrix(X, kernel, Z):
    symmetric = Z is None
    G = _gram(X, Z)
    cdef double[:, ::1] Gv = G
    cdef bint sym = symmetric
    cdef double c, d, denominator
    if isinstance(kernel, Linear):
        return G
    if isinstance(kernel, Polynomial):
        c = float(kernel.c)
        d = float(kernel.d)
        with nogil:
            _finish_polynomial(Gv, c, d)
        return G
    sigma = float(kernel.sigma)
    denominator = 2 * sigma * sigma
    nx = np.einsum("ij,ij->i", X, X)
    nz = nx if symmetric else np.einsum("ij,ij->i", Z, Z)
    cdef const double[::1] nxv = nx, nzv = nz
    with nogil:
        _gaussian_exponents(Gv, nxv, nzv, denominator, sym)
    np.exp(G, out=G)
    return G


def _python_kernel_matrix(X, kernel, Z):
    symmetric = Z is None
    Z = X if symmetric else Z
    out = np.empty((X.shape[0], Z.shape[0]))
    for i in range(X.shape[0]):
        for j in range(Z.shape[0]):
            out[i, j] = _checked_value(kernel(X[i], Z[j]), i, j)
    return out


def _checked_value(v, i, j):
    if isinstance(v, (bool, np.bool_)):
        raise TypeError(f"kernel(X[{i}], Z[{j}]) is {v!r}: a kernel must return real numbers")
    try:
        value = float(v)
    except (TypeError, ValueError):
        raise TypeError(f"kernel(X[{i}], Z[{j}]) is {v!r}: a kernel must return real numbers") from None
    if np.ndim(v) != 0:
        raise TypeError(f"kernel(X[{i}], Z[{j}]) is {v!r}: a kernel must return real numbers")
    if not np.isfinite(value):
        raise ValueError(f"kernel(X[{i}], Z[{j}]) is {value}: kernel values must be finite")
    return value


def _callable(kernel):
    if not callable(kernel):
        raise TypeError(f"kernel must be callable K(x, z), got {type(kernel).__name__}")
    return kernel


def _numeric_points(X, Z):
    X = as_matrix(X, "X")
    if Z is not None:
        Z = as_matrix(Z, "Z")
        if Z.shape[1] != X.shape[1]:
            raise ValueError(f"Z has {Z.shape[1]} columns but X has {X.shape[1]}")
    return X, Z


def kernel_matrix(X, kernel, Z=None):
    """KR-6: Kᵢⱼ = K(x⁽ⁱ⁾, z⁽ʲ⁾) (Z = X by default), as a float64 array."""
    kernel = _callable(kernel)
    if isinstance(kernel, StringKernel):
        X = as_strings(X, "X", kernel.alphabet)
        if Z is not None:
            Z = as_strings(Z, "Z", kernel.alphabet)
        return _string_kernel_matrix(X, Z, kernel.k)
    X, Z = _numeric_points(X, Z)
    if isinstance(kernel, (Linear, Polynomial, Gaussian)):
        return _numeric_kernel_matrix(X, kernel, Z)
    return _python_kernel_matrix(X, kernel, Z)


# ---- the string kernel -------------------------------------------------------------------------

def _spectrum_codes(strings, k, vocabulary, grow):
    """Per string: sorted distinct codes of its length-k substrings and their counts, as CSR
    arrays (indptr, codes, counts). Substrings absent from the vocabulary get a new code when
    ``grow``, else are dropped (they cannot match)."""
    indptr = np.zeros(len(strings) + 1, dtype=np.intp)
    code_parts, count_parts = [], []
    for i, s in enumerate(strings):
        if grow:
            ids = [vocabulary.setdefault(s[p:p + k], len(vocabulary)) for p in range(len(s) - k + 1)]
        else:
            ids = [vocabulary.get(s[p:p + k], -1) for p in range(len(s) - k + 1)]
            ids = [v for v in ids if v >= 0]
        codes, counts = np.unique(np.array(ids, dtype=np.intp), return_counts=True)
        code_parts.append(codes)
        count_parts.append(counts.astype(np.float64))
        indptr[i + 1] = indptr[i] + codes.shape[0]
    codes = np.concatenate(code_parts) if code_parts else np.empty(0, dtype=np.intp)
    counts = np.concatenate(count_parts) if count_parts else np.empty(0)
    return indptr, np.ascontiguousarray(codes, dtype=np.intp), np.ascontiguousarray(counts)


def _postings(indptr, codes, counts, size):
    """The transpose of the CSR (string → codes) arrays: for each code u, the strings j holding
    it in increasing order, with their counts (post_ptr, post_j, post_count)."""
    rows = np.repeat(np.arange(indptr.shape[0] - 1, dtype=np.intp), np.diff(indptr))
    order = np.argsort(codes, kind="stable")
    post_ptr = np.zeros(size + 1, dtype=np.intp)
    np.cumsum(np.bincount(codes, minlength=size), out=post_ptr[1:])
    return post_ptr, np.ascontiguousarray(rows[order]), np.ascontiguousarray(counts[order])


cdef void _spectrum_products(const Py_ssize_t[::1] xp, const Py_ssize_t[::1] xc, const double[::1] xn,
                             const Py_ssize_t[::1] pp, const Py_ssize_t[::1] pj, const double[::1] pn,
                             Py_ssize_t[::1] cursor, double[:, ::1] K, bint symmetric) noexcept nogil:
    """Kᵢⱼ += count_i(u)·count_j(u) over the codes u of string i and the strings j in u's
    postings. With Z = X only j ≥ i is visited: the postings are in increasing j and rows are
    taken in order, so ``cursor[u]`` (advanced past i after row i) starts at j = i; the lower
    triangle is mirrored at the end. Work: Σᵤ (strings holding u)², not m² pairs."""
    cdef Py_ssize_t i, j, t, q, u
    cdef double c
    for i in range(K.shape[0]):
        for t in range(xp[i], xp[i + 1]):
            u = xc[t]
            c = xn[t]
            for q in range(cursor[u] if symmetric else pp[u], pp[u + 1]):
                K[i, pj[q]] += c * pn[q]
            if symmetric:
                cursor[u] += 1
    if symmetric:
        for i in range(K.shape[0]):
            for j in range(i):
                K[i, j] = K[j, i]


def _string_kernel_matrix(X, Z, k):
    vocabulary = {}
    xp, xc, xn = _spectrum_codes(X, k, vocabulary, True)
    symmetric = Z is None
    if symmetric:
        zp, zc, zn = xp, xc, xn
    else:
        zp, zc, zn = _spectrum_codes(Z, k, vocabulary, False)
    size = max(len(vocabulary), 1)
    pp, pj, pn = _postings(zp, zc, zn, size)
    cursor = pp[:-1].copy()
    K = np.zeros((len(X), len(X) if symmetric else len(Z)))
    cdef const Py_ssize_t[::1] xpv = xp, xcv = xc, ppv = pp, pjv = pj
    cdef const double[::1] xnv = xn, pnv = pn
    cdef Py_ssize_t[::1] cv = cursor
    cdef double[:, ::1] Kv = K
    cdef bint sym = symmetric
    with nogil:
        _spectrum_products(xpv, xcv, xnv, ppv, pjv, pnv, cv, Kv, sym)
    return K


# ---- Mercer's test -----------------------------------------------------------------------------

cdef Py_ssize_t _pivoted_ldl(double[:, ::1] W, Py_ssize_t[::1] perm, double tol) noexcept nogil:
    """The reference's LDLᵀ with symmetric pivoting on W (lower triangle read, both kept):
    returns the step k at which the trailing diagonal is ≤ tol, or n when every pivot is > tol."""
    cdef Py_ssize_t n = W.shape[0], k, p, i, j, t
    cdef double d, l_i, tmp
    cdef double* col = <double*> malloc((n + 1) * sizeof(double))
    if col == NULL:
        return -1
    for k in range(n):
        p = k
        for i in range(k + 1, n):
            if W[i, i] > W[p, p]:
                p = i
        if W[p, p] <= tol:
            free(col)
            return k
        if p != k:
            for j in range(n):
                tmp = W[k, j]
                W[k, j] = W[p, j]
                W[p, j] = tmp
            for i in range(n):
                tmp = W[i, k]
                W[i, k] = W[i, p]
                W[i, p] = tmp
            t = perm[k]
            perm[k] = perm[p]
            perm[p] = t
        d = W[k, k]
        for i in range(k + 1, n):
            col[i] = W[i, k]
        for i in range(k + 1, n):
            l_i = col[i] / d
            for j in range(k + 1, i + 1):
                W[i, j] = W[i, j] - l_i * col[j]
                W[j, i] = W[i, j]
            W[i, k] = l_i
    free(col)
    return n


def _zero_block_witness(W, k, tol):
    n = W.shape[0]
    diag = np.diagonal(W)[k:]
    lowest = k + int(np.argmin(diag))
    if W[lowest, lowest] < -tol:
        v = np.zeros(n - k)
        v[lowest - k] = 1.0
        return v
    best, where = 2 * tol, None
    for i in range(k, n):
        for j in range(k, i):
            if fabs(W[i, j]) > best:
                best, where = fabs(W[i, j]), (i, j)
    if where is None:
        return None
    i, j = where
    v = np.zeros(n - k)
    v[i - k] = 1.0
    v[j - k] = -1.0 if W[i, j] > 0 else 1.0
    return v


def _witness_back(K, W, perm, k, v):
    n = W.shape[0]
    zhat = np.zeros(n)
    zhat[k:] = v
    for i in range(k - 1, -1, -1):
        s = zhat[i]
        for j in range(i + 1, n):
            s = s - W[j, i] * zhat[j]
        zhat[i] = s
    z = np.empty(n)
    z[perm] = zhat
    value = 0.0
    for i in range(n):
        row = 0.0
        for j in range(n):
            row += K[i, j] * z[j]
        value += z[i] * row
    return z, value


def mercer_test(K, tol=None):
    """KR-7: is K symmetric PSD? The reference's pivoted LDLᵀ in compiled code; tol defaults to
    n·eps·max|Kᵢⱼ|."""
    K = as_matrix(K, "K")
    n = K.shape[0]
    if K.shape[1] != n:
        raise ValueError(f"K must be square, got {n} rows of length {K.shape[1]}")
    if tol is None:
        tol = n * EPS * float(np.abs(K).max())
    else:
        tol = as_scalar(tol, "tol")
        if tol < 0:
            raise ValueError(f"tol must be >= 0, got {tol}")
    asym = np.abs(K - K.T) > tol
    if asym.any():
        lower = np.tril(asym, -1)
        i, j = np.unravel_index(int(np.argmax(lower)), lower.shape)
        return MercerResult(False, False, pair=(int(i), int(j)))
    W = np.tril(K) + np.tril(K, -1).T
    perm = np.arange(n, dtype=np.intp)
    cdef double[:, ::1] Wv = W
    cdef Py_ssize_t[::1] pv = perm
    cdef double t = tol
    cdef Py_ssize_t k
    with nogil:
        k = _pivoted_ldl(Wv, pv, t)
    if k < 0:
        raise MemoryError()
    if k == n:
        return MercerResult(True, True)
    v = _zero_block_witness(W, k, tol)
    if v is None:
        return MercerResult(True, True)
    z, value = _witness_back(K, W, perm, k, v)
    return MercerResult(False, True, witness=z, value=value)


def checked_kernel_matrix(X, kernel):
    """KR-6, KR-7: the kernel matrix after Mercer's test; InvalidKernelError carries the witness."""
    K = kernel_matrix(X, kernel)
    result = mercer_test(K)
    if not result.valid:
        raise InvalidKernelError(f"kernel is not a valid (Mercer) kernel on X: {result}", result)
    return K


# ---- KR-9: the kernel perceptron ---------------------------------------------------------------

cdef inline double _finish(double s, int which, double c, double d, double sigma) noexcept nogil:
    if which == 2:
        return exp(-s / (2 * sigma * sigma))
    if which == 1:
        return pow(s + c, d)
    return s


cdef void _reference_order_matrix(const double[:, ::1] X, int which, double c, double d,
                                  double sigma, double[:, ::1] K) noexcept nogil:
    """Kᵢⱼ with the reference's arithmetic: left-to-right dot or squared distance, then
    (dot + c)^d or exp(−d2/((2σ)σ)); computed for j ≤ i and mirrored (both orders agree).
    Four j at a time: four independent sums, each still left to right, so the additions of
    one do not wait on another's."""
    cdef Py_ssize_t m = X.shape[0], n = X.shape[1], i, j, t, q
    cdef double s0, s1, s2, s3, e0, e1, e2, e3
    cdef double out[4]
    for i in range(m):
        j = 0
        while j + 4 <= i + 1:
            s0 = 0.0
            s1 = 0.0
            s2 = 0.0
            s3 = 0.0
            if which == 2:
                for t in range(n):
                    e0 = X[i, t] - X[j, t]
                    e1 = X[i, t] - X[j + 1, t]
                    e2 = X[i, t] - X[j + 2, t]
                    e3 = X[i, t] - X[j + 3, t]
                    s0 = s0 + e0 * e0
                    s1 = s1 + e1 * e1
                    s2 = s2 + e2 * e2
                    s3 = s3 + e3 * e3
            else:
                for t in range(n):
                    s0 = s0 + X[j, t] * X[i, t]
                    s1 = s1 + X[j + 1, t] * X[i, t]
                    s2 = s2 + X[j + 2, t] * X[i, t]
                    s3 = s3 + X[j + 3, t] * X[i, t]
            out[0] = s0
            out[1] = s1
            out[2] = s2
            out[3] = s3
            for q in range(4):
                K[i, j + q] = _finish(out[q], which, c, d, sigma)
                K[j + q, i] = K[i, j + q]
            j += 4
        while j <= i:
            s0 = 0.0
            if which == 2:
                for t in range(n):
                    e0 = X[i, t] - X[j, t]
                    s0 = s0 + e0 * e0
            else:
                for t in range(n):
                    s0 = s0 + X[j, t] * X[i, t]
            K[i, j] = _finish(s0, which, c, d, sigma)
            K[j, i] = K[i, j]
            j += 1


def _perceptron_kernel(X, kernel):
    """(points, Kᵀ) for the perceptron, so that row i holds K(x⁽ʲ⁾, x⁽ⁱ⁾) for every j, the terms
    of example i's prediction, side by side in memory: named kernels in the reference's order
    (computed exactly symmetric), custom kernels through Mercer's test and transposed."""
    if isinstance(kernel, StringKernel):
        X = as_strings(X, "X", kernel.alphabet)
        return X, _string_kernel_matrix(X, None, kernel.k)
    X = as_matrix(X, "X")
    if not isinstance(kernel, (Linear, Polynomial, Gaussian)):
        return X, np.ascontiguousarray(checked_kernel_matrix(X, kernel).T)
    K = np.empty((X.shape[0], X.shape[0]))
    cdef double[:, ::1] Kv = K
    cdef const double[:, ::1] Xv = X
    cdef int which = 0
    cdef double c = 0.0, d = 1.0, sigma = 1.0
    if isinstance(kernel, Polynomial):
        which, c, d = 1, float(kernel.c), float(kernel.d)
    elif isinstance(kernel, Gaussian):
        which, sigma = 2, float(kernel.sigma)
    with nogil:
        _reference_order_matrix(Xv, which, c, d, sigma, Kv)
    return X, K


cdef Py_ssize_t _epoch(const double[:, ::1] KT, const double[::1] y, const Py_ssize_t[::1] order,
                       long[::1] alpha, double* b, Py_ssize_t[::1] updates,
                       Py_ssize_t* n_updates) noexcept nogil:
    cdef Py_ssize_t m = KT.shape[0], idx, i, j, mistakes = 0
    cdef double f
    for idx in range(m):
        i = order[idx]
        f = 0.0
        for j in range(m):
            if alpha[j] != 0:
                f = f + (alpha[j] * y[j]) * KT[i, j]
        f = f + b[0]
        if (1.0 if f >= 0 else -1.0) != y[i]:
            alpha[i] += 1
            b[0] = b[0] + y[i]
            updates[n_updates[0]] = i
            n_updates[0] += 1
            mistakes += 1
    return mistakes


def kernel_perceptron(X, y, kernel, max_epochs=100, order=None, record=False):
    """KR-9: the reference's kernel perceptron (same order, same tie rule g(0) = 1, same
    updates); theta = α (int array), extra = {'b', 'updates'}."""
    kernel = _callable(kernel)
    X, KT = _perceptron_kernel(X, kernel)
    m = KT.shape[0]
    y = as_signed_labels(y, "y", m, "X")
    max_epochs = positive_int(max_epochs, "max_epochs")
    order = as_order(order, m)
    alpha = np.zeros(m, dtype=np.int_)
    cdef double b = 0.0
    cdef Py_ssize_t n_updates = 0, mistakes
    updates = np.empty(m, dtype=np.intp)
    cdef const double[:, ::1] Kv = KT
    cdef const double[::1] yv = y
    cdef const Py_ssize_t[::1] ov = order
    cdef long[::1] av = alpha
    cdef Py_ssize_t[::1] uv
    path = [(alpha.copy(), 0)] if record else None
    for epoch in range(1, max_epochs + 1):
        if updates.shape[0] < n_updates + m:
            updates = np.concatenate([updates, np.empty(updates.shape[0] + m, dtype=np.intp)])
        uv = updates
        with nogil:
            mistakes = _epoch(Kv, yv, ov, av, &b, uv, &n_updates)
        if record:
            path.append((alpha.copy(), int(b)))
        if mistakes == 0:
            return IterativeResult(alpha, epoch, True, path,
                                   {"b": int(b), "updates": updates[:n_updates].tolist()})
    raise ConvergenceError(
        f"the kernel perceptron still made mistakes in epoch {max_epochs} (max_epochs): the data "
        "may not be separable in this kernel's feature space",
        IterativeResult(alpha, max_epochs, False, path,
                        {"b": int(b), "updates": updates[:n_updates].tolist()}))


def perceptron_decision(X, y, alpha, b, kernel, Z):
    """KR-9: Σⱼ αⱼ y⁽ʲ⁾ K(x⁽ʲ⁾, z) + b for every row z of Z."""
    kernel = _callable(kernel)
    if isinstance(kernel, StringKernel):
        X = as_strings(X, "X", kernel.alphabet)
        Z = as_strings(Z, "Z", kernel.alphabet)
        m = len(X)
    else:
        X, Z = _numeric_points(X, Z)
        m = X.shape[0]
    y = as_signed_labels(y, "y", m, "X")
    alpha = as_vector(alpha, "alpha", m, "X")
    b = as_scalar(b, "b")
    K = kernel_matrix(X, kernel, Z)
    coefficients = alpha * y
    out = np.full(K.shape[1], 0.0)
    for j in np.flatnonzero(alpha):
        out = out + coefficients[j] * K[j]
    return out + b
