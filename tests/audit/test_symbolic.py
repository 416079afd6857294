"""The symbolic building blocks the checks share (proofs/symbolic.py): the solvers and integrals
that bound what a slip in the text can cost a check (a nonlinear stationarity condition, a
divergent integral) and still give the printed forms' answers."""
import sympy as sp

from cs229.proofs.symbolic import integral, solve_for, solve_linear

w1, w2, a = sp.symbols("w1 w2 a", real=True)


def test_a_linear_system_is_solved_as_sympy_solves_it():
    assert solve_linear([w1 + w2 - 3, w1 - w2 - 1], [w1, w2]) == [{w1: 2, w2: 1}]
    assert solve_for(sp.Eq(2 * a, 4), a) == [2]


def test_an_equation_not_linear_in_the_unknowns_has_no_solution_to_compare():
    # a slip that squares w in ∂L/∂w = 0 (SOFT-2, OMC-1): no single w, nothing for the chain
    assert solve_linear([w1 ** 2 - 1, w2], [w1, w2]) == []
    assert solve_for(sp.sqrt(a) - 2, a) == []
    assert solve_for(sp.Piecewise((a, a > 0), (0, True)), a) == []
    # nonlinear in the parameters only is still linear in the unknowns
    assert solve_for(w2 ** 2 * a - 1, a) == [1 / w2 ** 2]


def test_an_integral_of_a_density_and_a_divergent_one_both_return():
    y, eta = sp.symbols("y eta", real=True)
    gaussian = sp.exp(eta * y - eta ** 2 / 2) * sp.exp(-y ** 2 / 2) / sp.sqrt(2 * sp.pi)
    assert sp.simplify(integral(gaussian, y, -sp.oo, sp.oo)) == 1
    # the exponent's sign slipped: the integral diverges, and comes back unevaluated or infinite
    slipped = integral(y * sp.exp(eta * y) * sp.exp(y ** 2 / 2), y, -sp.oo, sp.oo)
    assert slipped.has(sp.Integral) or not slipped.is_finite
