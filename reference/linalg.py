"""Small dense linear algebra on lists of rows, generic over float, Fraction and mpmath.mpf.

Everything the reference needs instead of numpy: transpose, products, trace, LU with partial
pivoting (determinant, solve, inverse), the cofactor forms of footnote 3 (LR-10), Cholesky,
symmetric eigenvalues by cyclic Jacobi rotations, and ``solve_gram`` for the symmetric positive
semi-definite systems XᵀXθ = Xᵀy and XᵀWXs = ∇ℓ of Parts I–III.

A pivot counts as zero when it is exactly zero for rationals, and for float and mpf when it is
below ``n * eps`` times the size of its own column (``scalar.zero_tolerance``), so that the
verdict does not change when a column is multiplied by a constant (a change of units); then a
``SingularMatrixError`` names the column that depends on the ones before it.
"""

import numbers

import mpmath

from . import inputs, parameters, scalar
from .messages import error

__all__ = [
    "SingularMatrixError", "NotPositiveDefiniteError",
    "transpose", "dot", "matvec", "rmatvec", "matmul", "identity", "add", "scale", "outer", "trace",
    "lu_decompose", "determinant", "solve", "inverse",
    "minor", "cofactor_matrix", "determinant_by_cofactors", "inverse_by_cofactors",
    "cholesky", "symmetric_eigenvalues", "max_abs", "first_argmax", "solve_gram", "dependence",
    "significant_terms", "ldl_solve", "gram_band", "gram_referee", "GRAM_DIGITS", "as_mpf",
    "solve_gram_with_error",
]


class SingularMatrixError(ValueError):
    """A matrix that is singular to the working precision; ``column`` is the dependent column
    and ``combination``, where known, maps each earlier column j to cⱼ with
    column ≈ Σⱼ cⱼ · column j (empty: the column is zero)."""

    def __init__(self, message, column=None, combination=None):
        super().__init__(message)
        self.column = column
        self.combination = combination


class NotPositiveDefiniteError(ValueError):
    """Cholesky met a pivot that is not positive; ``index`` is where."""

    def __init__(self, message, index=None):
        super().__init__(message)
        self.index = index


def transpose(A):
    return [list(col) for col in zip(*A)]


def dot(u, v):
    """uᵀv, summed left to right."""
    if len(u) != len(v):
        raise ValueError(f"dot: lengths differ ({len(u)} and {len(v)})")
    total = 0
    for a, b in zip(u, v):
        total += a * b
    return total


def matvec(A, v):
    return [dot(row, v) for row in A]


def rmatvec(X, r, zero):
    """Xᵀr = Σᵢ rᵢ x⁽ⁱ⁾, row i added into every component before row i + 1 is read (the order of
    the fast twins' fused passes); ``zero`` is the sum's start, a list of zeros of its type."""
    total = list(zero)
    for r_i, x_i in zip(r, X):
        for j, x_ij in enumerate(x_i):
            total[j] += r_i * x_ij
    return total


def matmul(A, B):
    if len(A[0]) != len(B):
        raise ValueError(f"matmul: shapes {len(A)}x{len(A[0])} and {len(B)}x{len(B[0])} do not chain")
    Bt = transpose(B)
    return [[dot(row, col) for col in Bt] for row in A]


def identity(n, one=1):
    return [[one if i == j else 0 * one for j in range(n)] for i in range(n)]


def add(A, B):
    return [[a + b for a, b in zip(ra, rb)] for ra, rb in zip(A, B)]


def scale(a, A):
    return [[a * x for x in row] for row in A]


def outer(u, v):
    return [[a * b for b in v] for a in u]


def first_argmax(v):
    """The index of v's largest entry, the first of equal ones (ties to the smallest index)."""
    best = 0
    for j in range(1, len(v)):
        if v[j] > v[best]:
            best = j
    return best


def trace(A):
    """tr A = Σᵢ Aᵢᵢ (LR-8, 000 §2.1); A must be square (the 0×0 matrix's trace is the empty sum 0)."""
    _square(A, "A")
    total = 0
    for i in range(len(A)):
        total += A[i][i]
    return total


def max_abs(A):
    return max(abs(x) for row in A for x in row)


def _square(A, name):
    n = len(A)
    lengths = sorted({len(row) for row in A})
    if n and lengths != [n]:  # no rows is the 0×0 matrix
        shape = f"{n}x{lengths[0]}" if len(lengths) == 1 else f"{n} rows of lengths {lengths}"
        raise ValueError(f"{name} must be square, got {shape}")
    return n


def lu_decompose(A):
    """Doolittle LU with partial pivoting: P A = L U.

    Returns (LU, perm, sign): L below the diagonal (unit diagonal implied) and U on and above it
    packed in one matrix, the row permutation and its sign. A zero pivot raises
    SingularMatrixError naming the first column that is a combination of the previous ones.
    """
    A = inputs.matrix(A, "A")
    n = _square(A, "A")
    LU = [row[:] for row in A]
    perm = list(range(n))
    sign = 1
    # Each column's pivot is judged against that column's own size, so scaling a column (its
    # units) scales pivot and tolerance together and leaves the verdict unchanged.
    size = [max(abs(row[k]) for row in LU) for k in range(n)]
    for k in range(n):
        p = max(range(k, n), key=lambda i: abs(LU[i][k]))
        if size[k] == 0 or abs(LU[p][k]) <= scalar.zero_tolerance(LU[0][0], size[k], n):
            raise SingularMatrixError(
                f"matrix is singular: column {k} is a linear combination of columns 0..{k - 1}"
                if k and size[k] else f"matrix is singular: column {k} is zero", column=k)
        if p != k:
            LU[k], LU[p] = LU[p], LU[k]
            perm[k], perm[p] = perm[p], perm[k]
            sign = -sign
        for i in range(k + 1, n):
            factor = LU[i][k] / LU[k][k]
            LU[i][k] = factor
            for j in range(k + 1, n):
                LU[i][j] -= factor * LU[k][j]
    return LU, perm, sign


def determinant(A):
    """|A| from the LU factors (0 when A is singular)."""
    try:
        LU, _, sign = lu_decompose(A)
    except SingularMatrixError:
        return 0 * inputs.matrix(A, "A")[0][0]
    det = sign
    for i in range(len(LU)):
        det *= LU[i][i]
    return det


def _lu_solve(LU, perm, b):
    n = len(LU)
    x = [b[perm[i]] for i in range(n)]
    for i in range(n):
        for j in range(i):
            x[i] -= LU[i][j] * x[j]
    for i in reversed(range(n)):
        for j in range(i + 1, n):
            x[i] -= LU[i][j] * x[j]
        x[i] = x[i] / LU[i][i]
    return x


def solve(A, b):
    """x with A x = b, by Gaussian elimination with partial pivoting."""
    b = inputs.vector(b, "b")
    if len(b) != len(A):
        raise error("rows_and_entries", x_name="A", m=len(A), y_name="b", n=len(b))
    LU, perm, _ = lu_decompose(A)
    return _lu_solve(LU, perm, b)


def solve_gram(A, b, exact=None, terms=0):
    """x with A x = b for a symmetric positive semi-definite A, a Gram matrix such as XᵀX
    (LR-12) or XᵀWX (NW-2, GLM-4, SM-4), by the root-free Cholesky factorisation A = L D Lᵀ
    (exact for rationals: no square roots).

    d_k, the k-th pivot, is the part of A_kk = ‖column k‖² that the columns before it do not
    explain, so r_k = d_k / A_kk = sin² of the angle between column k and their span. Column k
    counts as dependent when d_k = 0 (rationals) or r_k <= n · eps (float, mpf): a ratio that
    multiplying any column of X by a constant leaves unchanged. Then SingularMatrixError
    carries ``column`` and ``combination`` (the cⱼ with column k ≈ Σⱼ cⱼ column j). A, b with
    entries that are not finite raise OverflowError (the products overflowed).

    For float entries the verdict is taken only where rounding cannot flip it: a pivot ratio
    within ``gram_band`` of n·eps, or below it, is referred to ``gram_referee``, which forms
    the system again at 50 digits from the original inputs ``exact`` = (f, args) (f(*args) is
    (A, b); default: A and b as given) and decides; its answer (or error) is returned. The
    compiled face refers the same columns to the same referee, so both decide alike.
    ``terms`` is the number of products summed into each entry of A (m for XᵀWX)."""
    return solve_gram_with_error(A, b, exact, terms)[0]


def solve_gram_with_error(A, b, exact=None, terms=0):
    """``solve_gram``'s (x, ρ), ρ a bound on the relative error ‖δx‖∞/‖x‖∞ of the float x
    (first order): n² β · 2 (m + n + 8) eps, β = maxₖ (1 + Σⱼ|c̃ⱼ|)² / r_k bounding the condition
    number of the equilibrated A (‖Ã⁻¹‖₁ <= n‖R̃⁻¹‖₁², and column k of R̃⁻¹ has 1-norm
    (1 + Σⱼ|c̃ⱼ|)/√r_k); eps/2 for an answer of the referee; 0 in exact arithmetic."""
    for name, rows in (("A", A), ("b", [b])):
        for row in rows:
            for v in row:
                if isinstance(v, numbers.Real) and not scalar.isfinite(v):
                    raise OverflowError(f"{name} has entries that are not finite: the sums of "
                                        "products that form it overflowed")
    A = inputs.matrix(A, "A")
    n = _square(A, "A")
    b = inputs.vector(b, "b")
    if len(b) != n:
        raise error("rows_and_entries", x_name="A", m=n, y_name="b", n=len(b))
    for k in range(n):
        if A[k][k] <= 0:  # a zero column (its weights, if any, underflowed): no rounding to judge
            raise SingularMatrixError(f"matrix is singular: {dependence(k, {})}", column=k,
                                      combination={})
    refer = scalar.kind(A[0][0]) == "float"
    L, d, k, beta = _ldl(A, n, scalar.zero_tolerance(A[0][0], 1, n), terms if refer else None)
    if k is not None and refer:
        return gram_referee(exact if exact is not None else (_given, (A, b)), n), 2.0 ** -53
    if k is not None:
        combination = _combination(L, k, A)
        raise SingularMatrixError(f"matrix is singular: {dependence(k, combination)}",
                                  column=k, combination=combination)
    rho = n * n * beta * 2 * (terms + n + 8) * scalar.eps(A[0][0]) if refer else 0 * A[0][0]
    return ldl_solve(L, d, b), rho


def _given(A, b):
    return A, b


GRAM_DIGITS = 50


def gram_band(terms, n, coefficients_size):
    """How far rounding can move a float pivot ratio r_k = d_k / A_kk of ``solve_gram``
    (both faces): 2 (m + n + 8) · eps · (1 + Σⱼ |c̃ⱼ|)², c̃ⱼ = cⱼ √(A_jj / A_kk) the equilibrated
    coefficients of column k on the earlier ones (``coefficients_size`` = Σⱼ |c̃ⱼ|).

    Why: summing m products forms each entry of A within γ_m |X|ᵀW|X|, and |X|ᵀW|X| is at most
    √(A_jj A_kk) entrywise (Cauchy–Schwarz), i.e. within (m + 4)·eps of the equilibrated
    matrix's entries, which have size <= 1; Cholesky's backward error adds (n + 1)·eps in the
    same units, and the equilibration 3·eps. A perturbation F of the equilibrated block moves
    its k-th pivot 1 − ãᵀB̃⁻¹ã by F_kk − 2c̃ᵀf + c̃ᵀF_B c̃ to first order, at most
    |F|·(1 + Σ|c̃ⱼ|)². The factor 2 covers the second-order terms."""
    return 2 * (terms + n + 8) * 2.0 ** -52 * (1 + coefficients_size) ** 2


def gram_referee(exact, n, digits=GRAM_DIGITS):
    """The one verdict both faces follow for a Gram system whose float pivot is borderline:
    (f, args) = ``exact`` is evaluated at ``digits`` digits on the original float inputs
    (converted exactly to mpf), A = L D Lᵀ at that precision, and column k is dependent when
    d_k <= n · eps₆₄ · A_kk, the float threshold (eps₆₄ = 2⁻⁵²) decided without its rounding.
    Returns x rounded to float, or raises the SingularMatrixError of ``solve_gram`` with the
    combination rounded to float. Cost: f at ``digits`` digits (O(m n²) for XᵀWX) and n³/3
    products; it runs only for borderline pivots."""
    f, args = exact
    with mpmath.workdps(digits):
        A, b = f(*as_mpf(args))
        L, d, k, _ = _ldl(A, n, n * mpmath.mpf(2) ** -52, None)
        if k is not None:
            combination = {} if A[k][k] <= 0 else {
                j: float(c) for j, c in _combination(L, k, A, 2.0 ** -52).items()}
            raise SingularMatrixError(f"matrix is singular: {dependence(k, combination)}",
                                      column=k, combination=combination)
        x = [float(v) for v in ldl_solve(L, d, b)]
    if not all(scalar.isfinite(v) for v in x):
        raise OverflowError("x overflows: the solution is too large for float")
    return x


def as_mpf(value):
    """Floats (in lists, tuples, or arrays of the compiled face) as mpf, exactly; integers
    (labels, counts, sizes) and other objects as they are."""
    if hasattr(value, "tolist"):
        value = value.tolist()
    if isinstance(value, (list, tuple)):
        return type(value)(as_mpf(v) for v in value)
    if isinstance(value, float):
        return mpmath.mpf(value)
    return value


def _ldl(A, n, ratio, terms):
    """A = L D Lᵀ (L unit lower triangular) as far as the first column k with A_kk <= 0 or
    d_k <= ratio · A_kk, or, when ``terms`` is given (float), within ``gram_band`` of that:
    (L, d, k, β), k None when every column passed; β = maxₖ (1 + Σⱼ|c̃ⱼ|)² / r_k (float only)."""
    L = [[0 * A[0][0]] * n for _ in range(n)]
    d = [0 * A[0][0]] * n
    beta = 1.0
    for k in range(n):
        for j in range(k):
            s = A[k][j]
            for i in range(j):
                s -= L[k][i] * d[i] * L[j][i]
            L[k][j] = s / d[j]
        pivot = A[k][k]
        for i in range(k):
            pivot -= L[k][i] * d[i] * L[k][i]
        if A[k][k] <= 0 or pivot <= ratio * A[k][k]:
            return L, d, k, beta
        if terms is not None:
            size = _equilibrated_size(L, k, A)
            if pivot <= (ratio + gram_band(terms, n, size)) * A[k][k]:
                return L, d, k, beta
            beta = max(beta, (1 + size) ** 2 * A[k][k] / pivot)
        d[k] = pivot
        L[k][k] = pivot ** 0
    return L, d, None, beta


def _equilibrated_size(L, k, A):
    """Σⱼ |cⱼ| √(A_jj / A_kk) for column k's coefficients cⱼ on the earlier columns."""
    c = _coefficients(L, k)
    total = 0.0
    for j in range(k):
        total += abs(c[j]) * scalar.sqrt(A[j][j] / A[k][k])
    return total


def _coefficients(L, k):
    """The cⱼ (j < k) with A[:k][:k] c = A[:k][k], from Lᵀc = (L_k0, ..., L_k,k−1)."""
    c = [L[k][j] for j in range(k)]
    for j in reversed(range(k)):
        for i in range(j + 1, k):
            c[j] -= L[i][j] * c[i]
    return c


def _combination(L, k, A, small=None):
    """The cⱼ (j < k) with A[:k][:k] c = A[:k][k]; the terms too small to matter to column
    k's size are left out (``significant_terms``)."""
    return significant_terms(_coefficients(L, k), [A[j][j] for j in range(k)], A[k][k], small)


def significant_terms(c, squared_sizes, squared_size, small=None):
    """The terms cⱼ · column j of a dependence that matter: |cⱼ|·‖column j‖ above √eps times
    the dependent column's size ‖column k‖ (compared squared, so rationals stay exact; every
    nonzero term counts for them), as {j: cⱼ}; ``small`` overrides eps (the referee works at
    50 digits for a float decision)."""
    if small is None:
        small = scalar.eps(squared_size)
    return {j: c_j for j, (c_j, s_j) in enumerate(zip(c, squared_sizes))
            if c_j != 0 and c_j * c_j * s_j > small * squared_size}


def dependence(column, combination, name="column", of="", label=None):
    """Words for a dependent column (``of`` names the matrix, e.g. " of X"): zero, a multiple
    of one earlier column, or a linear combination of earlier ones. ``label(j)`` names column j
    (default: ``name`` and j)."""
    if label is None:
        def label(j):
            return f"{name} {j}"
    if not combination:
        return f"{label(column)}{of} is zero"
    terms = sorted(combination.items())
    if len(terms) == 1:
        j, c = terms[0]
        if _number(c) == "1":  # exactly, or to the digits shown
            return f"{label(column)}{of} duplicates {label(j)}"
        return f"{label(column)}{of} is {_number(c)} × {label(j)}"
    parts = " + ".join(f"{_number(c)} × {label(j)}" for j, c in terms)
    return f"{label(column)}{of} is a linear combination of earlier ones: {parts}"


def _number(c):
    return str(c) if scalar.is_exact(c) else f"{float(c):.6g}"


def ldl_solve(L, d, b):
    """x with L D Lᵀ x = b (D = diag(d), L unit lower triangular, its diagonal not read) for the
    leading len(b) × len(b) block of the factors: forward substitution, the pivots, back
    substitution, each sum in increasing index."""
    n = len(b)
    x = list(b)
    for i in range(n):
        for j in range(i):
            x[i] -= L[i][j] * x[j]
    for i in range(n):
        x[i] = x[i] / d[i]
    for i in reversed(range(n)):
        for j in range(i + 1, n):
            x[i] -= L[j][i] * x[j]
    return x


def inverse(A):
    """A⁻¹ column by column from one LU factorisation."""
    LU, perm, _ = lu_decompose(A)
    n = len(LU)
    one = LU[0][0] ** 0
    columns = [_lu_solve(LU, perm, [one if i == j else 0 * one for i in range(n)]) for j in range(n)]
    return transpose(columns)


def minor(A, i, j):
    """A with row i and column j deleted."""
    return [row[:j] + row[j + 1:] for r, row in enumerate(A) if r != i]


def cofactor_matrix(A):
    """A′ with A′ᵢⱼ = (−1)^(i+j) |A without row i and column j| (LR-10, 000 §2.1 fn 3)."""
    A = inputs.matrix(A, "A")
    n = _square(A, "A")
    if n == 1:
        return [[A[0][0] ** 0]]
    return [[(-1) ** (i + j) * determinant_by_cofactors(minor(A, i, j)) for j in range(n)]
            for i in range(n)]


def determinant_by_cofactors(A, i=0):
    """|A| = Σⱼ Aᵢⱼ A′ᵢⱼ, expanded along row i (LR-10, fn 3). Exponential cost: small n only."""
    A = inputs.matrix(A, "A")
    n = _square(A, "A")
    i = parameters.index(i, "i", n)
    if n == 1:
        return A[0][0]
    total = 0
    for j in range(n):
        total += A[i][j] * (-1) ** (i + j) * determinant_by_cofactors(minor(A, i, j))
    return total


def inverse_by_cofactors(A):
    """A⁻¹ = (A′)ᵀ / |A| (LR-10, fn 3); singular A raises SingularMatrixError."""
    A = inputs.matrix(A, "A")
    det = determinant_by_cofactors(A)
    n = len(A)
    if abs(det) <= scalar.zero_tolerance(det, max_abs(A) ** n, n):
        raise SingularMatrixError("matrix is singular: |A| = 0, so (A′)ᵀ/|A| is undefined")
    return [[x / det for x in row] for row in transpose(cofactor_matrix(A))]


def cholesky(A):
    """Lower-triangular L with A = L Lᵀ for symmetric positive definite A.

    Rational entries stay exact only when every pivot is a rational square; otherwise sqrt raises
    ExactResultError (use float or mpf entries).
    """
    A = inputs.matrix(A, "A")
    n = _square(A, "A")
    tol = scalar.zero_tolerance(A[0][0], max_abs(A), n)
    L = [[0 * A[0][0] for _ in range(n)] for _ in range(n)]
    for j in range(n):
        d = A[j][j]
        for k in range(j):
            d -= L[j][k] * L[j][k]
        if d <= tol:
            raise NotPositiveDefiniteError(
                f"matrix is not positive definite: pivot {j} is {d}", index=j)
        L[j][j] = scalar.sqrt(d)
        for i in range(j + 1, n):
            s = A[i][j]
            for k in range(j):
                s -= L[i][k] * L[j][k]
            L[i][j] = s / L[j][j]
    return L


def symmetric_eigenvalues(A, max_sweeps=100):
    """Eigenvalues (ascending) of a symmetric matrix by cyclic Jacobi rotations.

    Each rotation zeroes one off-diagonal pair; sweeps stop when the off-diagonal mass is below
    eps times the Frobenius norm. Irrational in general, so rational input is computed in float.
    """
    A = inputs.matrix(A, "A")
    n = _square(A, "A")
    for i in range(n):
        for j in range(i):
            if A[i][j] != A[j][i]:
                raise error("symmetric", name="A", i=i, j=j)
    max_sweeps = parameters.whole(max_sweeps, "max_sweeps")
    if scalar.is_exact(A[0][0]):
        A = [[float(x) for x in row] for row in A]
    a = [row[:] for row in A]
    frob = scalar.sqrt(sum(x * x for row in a for x in row))
    tol = scalar.eps(a[0][0]) * frob
    for _ in range(max_sweeps):
        off = scalar.sqrt(sum(a[i][j] * a[i][j] for i in range(n) for j in range(n) if i != j))
        if off <= tol:
            return sorted(a[i][i] for i in range(n))
        for p in range(n - 1):
            for q in range(p + 1, n):
                if a[p][q] == 0:
                    continue
                _rotate(a, p, q)
    raise ArithmeticError(f"Jacobi eigenvalues did not converge in {max_sweeps} sweeps")


def _rotate(a, p, q):
    """Apply the Jacobi rotation that zeroes a[p][q] (Golub & Van Loan, Alg. 8.5.1)."""
    n = len(a)
    tau = (a[q][q] - a[p][p]) / (2 * a[p][q])
    one = tau ** 0
    t = (one if tau >= 0 else -one) / (abs(tau) + scalar.sqrt(one + tau * tau))
    c = one / scalar.sqrt(one + t * t)
    s = t * c
    for k in range(n):
        akp, akq = a[k][p], a[k][q]
        a[k][p] = c * akp - s * akq
        a[k][q] = s * akp + c * akq
    for k in range(n):
        apk, aqk = a[p][k], a[q][k]
        a[p][k] = c * apk - s * aqk
        a[q][k] = s * apk + c * aqk


# ---- Positive semi-definiteness with a witness (KR-7, LD-3) ------------------------------------
# Appended for Part V: Mercer's test on a finite set and the inner minimisation of θ_D both need
# to know whether a symmetric matrix is PSD and, when it is not, a vector that shows it.

def psd_witness(A, tol=None):
    """(z, zᵀAz) with zᵀAz < 0 when the symmetric matrix A is not positive semi-definite, else
    (None, None).

    LDLᵀ with symmetric pivoting: at each step the largest remaining diagonal entry of the Schur
    complement S is the pivot (the first one on ties). A pivot below −tol gives z = eₚ in the
    coordinates of S. When every remaining diagonal entry is within tol of 0, an entry |Sᵢⱼ| > 2·tol
    gives z = eᵢ − sign(Sᵢⱼ)·eⱼ, with zᵀSz = Sᵢᵢ + Sⱼⱼ − 2|Sᵢⱼ| < 0; otherwise A is PSD. The
    vector is carried back to A by solving Lᵀz = (0, v), so that zᵀAz = vᵀSv (exactly, for
    rationals). Only the lower triangle of A is read. ``tol`` defaults to 0 for rationals and to
    n·eps·max|Aᵢⱼ| for float and mpf.
    """
    A = inputs.matrix(A, "A")
    n = _square(A, "A")
    like = A[0][0]
    if tol is None:
        tol = scalar.zero_tolerance(like, max_abs(A), n)
    W = [[A[max(i, j)][min(i, j)] for j in range(n)] for i in range(n)]
    perm = list(range(n))
    for k in range(n):
        p = k
        for i in range(k + 1, n):
            if W[i][i] > W[p][p]:
                p = i
        if W[p][p] <= tol:
            v = _zero_block_witness(W, k, tol)
            if v is None:
                return None, None
            return _witness_back(A, W, perm, k, v)
        if p != k:
            W[k], W[p] = W[p], W[k]
            for row in W:
                row[k], row[p] = row[p], row[k]
            perm[k], perm[p] = perm[p], perm[k]
        d = W[k][k]
        col = [W[i][k] for i in range(k + 1, n)]
        for a, i in enumerate(range(k + 1, n)):
            l_i = col[a] / d
            for b, j in enumerate(range(k + 1, i + 1)):
                W[i][j] = W[i][j] - l_i * col[b]
                W[j][i] = W[i][j]
            W[i][k] = l_i
    return None, None


def _zero_block_witness(W, k, tol):
    """In the trailing block S = W[k:, k:] whose diagonal is at most tol: a v with vᵀSv < 0, or
    None when S is zero to within tol."""
    n = len(W)
    one = W[k][k] ** 0
    zero = 0 * one
    lowest = min(range(k, n), key=lambda i: (W[i][i], i))
    if W[lowest][lowest] < -tol:
        v = [zero] * (n - k)
        v[lowest - k] = one
        return v
    best, where = 2 * tol, None
    for i in range(k, n):
        for j in range(k, i):
            if abs(W[i][j]) > best:
                best, where = abs(W[i][j]), (i, j)
    if where is None:
        return None
    i, j = where
    v = [zero] * (n - k)
    v[i - k] = one
    v[j - k] = -one if W[i][j] > 0 else one
    return v


def _witness_back(A, W, perm, k, v):
    """z with zᵀAz = vᵀSv: solve Lᵀẑ = (0, v) (L unit lower triangular, its first k columns
    below the diagonal of W) and undo the symmetric permutation."""
    n = len(W)
    zhat = [0 * v[0]] * k + list(v)
    for i in reversed(range(k)):
        s = zhat[i]
        for j in range(i + 1, n):
            s = s - W[j][i] * zhat[j]
        zhat[i] = s
    z = [0 * v[0]] * n
    for i in range(n):
        z[perm[i]] = zhat[i]
    value = 0
    for i in range(n):
        row = 0
        for j in range(n):
            row += A[i][j] * z[j]
        value += z[i] * row
    return z, value
