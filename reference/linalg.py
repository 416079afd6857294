"""Small dense linear algebra on lists of rows, generic over float, Fraction and mpmath.mpf.

Everything the reference needs instead of numpy: transpose, products, trace, LU with partial
pivoting (determinant, solve, inverse), the cofactor forms of footnote 3 (LR-10), Cholesky and
symmetric eigenvalues by cyclic Jacobi rotations. A pivot counts as zero when it is exactly zero
for rationals, and below ``n * eps * max|A_ij|`` for float and mpf (``scalar.zero_tolerance``);
then a ``SingularMatrixError`` names the column that depends on the ones before it.
"""
from fractions import Fraction

from . import inputs, scalar

__all__ = [
    "SingularMatrixError", "NotPositiveDefiniteError",
    "transpose", "dot", "matvec", "matmul", "identity", "add", "scale", "outer", "trace",
    "lu_decompose", "determinant", "solve", "inverse",
    "minor", "cofactor_matrix", "determinant_by_cofactors", "inverse_by_cofactors",
    "cholesky", "symmetric_eigenvalues", "max_abs",
]


class SingularMatrixError(ValueError):
    """A matrix that is singular to the working precision; ``column`` is the dependent column."""

    def __init__(self, message, column=None):
        super().__init__(message)
        self.column = column


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


def trace(A):
    """tr A = Σᵢ Aᵢᵢ (LR-8, 000 §2.1); A must be square."""
    _square(A, "A")
    total = 0
    for i in range(len(A)):
        total += A[i][i]
    return total


def max_abs(A):
    return max(abs(x) for row in A for x in row)


def _square(A, name):
    n = len(A)
    if any(len(row) != n for row in A):
        raise ValueError(f"{name} must be square, got {n} rows of lengths {sorted({len(r) for r in A})}")
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
    tol = scalar.zero_tolerance(LU[0][0], max_abs(LU), n)
    for k in range(n):
        p = max(range(k, n), key=lambda i: abs(LU[i][k]))
        if abs(LU[p][k]) <= tol:
            raise SingularMatrixError(
                f"matrix is singular: column {k} is a linear combination of columns 0..{k - 1}"
                if k else "matrix is singular: column 0 is zero", column=k)
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
        raise ValueError(f"A has {len(A)} rows but b has {len(b)} entries")
    LU, perm, _ = lu_decompose(A)
    return _lu_solve(LU, perm, b)


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
                raise ValueError(f"A is not symmetric: A[{i}][{j}] != A[{j}][{i}]")
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
