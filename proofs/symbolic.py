"""Symbolic building blocks for the checks: matrices of symbols, ∇ by definition, traces."""
import sympy as sp

__all__ = ["symbol_matrix", "gradient_matrix", "gradient_vector", "tr", "scalar_of"]


def symbol_matrix(name, rows, cols, **assumptions):
    """rows×cols matrix of real symbols name_ij (1-based, as in the notes)."""
    return sp.Matrix(rows, cols, lambda i, j: sp.Symbol(f"{name}{i + 1}{j + 1}", real=True, **assumptions))


def gradient_matrix(f, A):
    """∇_A f: the matrix of ∂f/∂Aᵢⱼ (000 §2.1), f a scalar expression."""
    return sp.Matrix(A.shape[0], A.shape[1], lambda i, j: sp.diff(f, A[i, j]))


def gradient_vector(f, theta):
    """∇_θ f as a column vector."""
    return sp.Matrix([sp.diff(f, t) for t in theta])


def tr(M):
    """tr of a square matrix; of a 1×1 matrix, its entry."""
    return M.trace()


def scalar_of(M):
    """The entry of a 1×1 matrix."""
    assert M.shape == (1, 1), M.shape
    return M[0, 0]
