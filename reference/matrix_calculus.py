"""Matrix derivatives and the trace operator (000 §2.1), generic over the scalar type.

``matrix_gradient`` is the definition of ∇_A f: the matrix of partial derivatives ∂f/∂Aᵢⱼ,
computed by central differences (exact for rationals whenever f is at most quadratic in each
single entry, as every trace and determinant function of §2.1 is) or, for mpf entries, by
mpmath's adaptive differentiation at the working precision.
"""
from fractions import Fraction

import mpmath

from . import inputs, linalg, parameters, scalar

__all__ = ["matrix_gradient", "example_f", "example_gradient", "trace", "trace_of_product"]


def _partial(f, A, i, j, h):
    plus = [row[:] for row in A]
    minus = [row[:] for row in A]
    plus[i][j] += h
    minus[i][j] -= h
    return (f(plus) - f(minus)) / (2 * h)


def matrix_gradient(f, A, h=None):
    """LR-7 (000 §2.1): ∇_A f(A), the m×n matrix whose (i, j) entry is ∂f/∂Aᵢⱼ.

    Central difference (f(A + hEᵢⱼ) − f(A − hEᵢⱼ)) / (2h): with rational entries and h = 1 by
    default it is exact for f quadratic in each entry; float entries use h = 6e-6 · max(1, |Aᵢⱼ|)
    (about eps^(1/3), the usual balance of truncation and rounding). With mpf entries each
    partial is mpmath.diff, accurate to about the working precision.
    """
    A = inputs.matrix(A, "A")
    h = parameters.positive_or_none(h, "h")
    kind = scalar.kind(A[0][0])
    grad = []
    for i, row in enumerate(A):
        out = []
        for j, a in enumerate(row):
            if kind == "mpf" and h is None:
                def along(t, i=i, j=j):
                    B = [r[:] for r in A]
                    B[i][j] = t
                    return f(B)
                out.append(mpmath.diff(along, a))
            else:
                step = h if h is not None else (Fraction(1) if kind == "exact" else 6e-6 * max(1.0, abs(a)))
                out.append(_partial(f, A, i, j, step))
        grad.append(out)
    return grad


def example_f(A):
    """LR-7 (000 §2.1): the 2×2 example f(A) = (3/2) A₁₁ + 5 A₁₂² + A₂₁ A₂₂."""
    return Fraction(3, 2) * A[0][0] + 5 * A[0][1] ** 2 + A[1][0] * A[1][1]


def example_gradient(A):
    """LR-7 (000 §2.1): the printed ∇_A f(A) = [[3/2, 10 A₁₂], [A₂₂, A₂₁]]."""
    return [[Fraction(3, 2) * A[0][0] ** 0, 10 * A[0][1]], [A[1][1], A[1][0]]]


def trace(A):
    """LR-8 (000 §2.1): tr A = Σᵢ Aᵢᵢ for square A (a 1×1 matrix a has tr a = a)."""
    return linalg.trace(inputs.matrix(A, "A"))


def trace_of_product(*matrices):
    """LR-8 (000 §2.1): tr(A B C ...), the product taken left to right; it must be square."""
    if not matrices:
        raise ValueError("trace_of_product needs at least one matrix")
    product = inputs.matrix(matrices[0], "matrices[0]")
    for k, M in enumerate(matrices[1:], start=1):
        M = inputs.matrix(M, f"matrices[{k}]")
        if len(product[0]) != len(M):
            raise ValueError(f"matrices[{k}] has {len(M)} rows; the product so far has "
                             f"{len(product[0])} columns")
        product = linalg.matmul(product, M)
    if len(product) != len(product[0]):
        raise ValueError(f"the product is {len(product)}x{len(product[0])}, not square")
    return linalg.trace(product)
