"""Symbolic building blocks for the checks: matrices of symbols, ∇ by definition, traces."""
import sympy as sp

__all__ = ["symbol_matrix", "gradient_matrix", "gradient_vector", "tr", "scalar_of", "integral", "solve_linear", "solve_for"]


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


def integral(f, variable, low, high):
    """∫ f d(variable) from low to high, by sympy's table, Meijer G and manual methods only.

    The Risch and heuristic Risch algorithms are left out: on the densities the notes print they
    give nothing the others do not, and on a density with a slip (an exponent of the wrong sign,
    which makes the integral diverge) they ran for minutes where the others return the integral
    unevaluated in seconds (measured: 262 s against 8 s for ∫ y e^(ηy + y²/2) dy over ℝ)."""
    return sp.integrate(f, (variable, low, high), risch=False, heurisch=False)


def solve_linear(equations, unknowns):
    """The solutions of ``equations`` (expressions equal to 0, or Eq) in ``unknowns``, as
    ``sp.solve(..., dict=True)`` gives them, when every equation is linear in the unknowns; []
    when one is not. The stationarity conditions the notes solve are linear; a slip that makes one
    nonlinear (w² for w) has no single solution to compare, and sympy's polynomial solver spent
    minutes factoring such systems."""
    equations = [e.lhs - e.rhs if isinstance(e, sp.Equality) else sp.sympify(e) for e in equations]
    unknowns = list(unknowns)
    for e in equations:
        if not e.is_polynomial(*unknowns) or sp.Poly(e, *unknowns).total_degree() > 1:
            return []
    return sp.solve(equations, unknowns, dict=True)


def solve_for(equation, unknown):
    """The values of ``unknown`` that solve one equation linear in it (see ``solve_linear``)."""
    return [s[unknown] for s in solve_linear([equation], [unknown]) if unknown in s]
