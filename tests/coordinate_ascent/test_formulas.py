"""Part V §9.1, coordinate ascent (CA-1): the notes' formulas and the facts they state, against
exact (Fraction) and 50-digit oracles and invariants, on the reference and, where a test takes
``impl``, on both faces."""
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, strategies as st

import cs229.fast.coordinate_ascent as F
import cs229.reference.coordinate_ascent as R
from cs229.reference import linalg
from cs229.reference.results import ConvergenceError
from cs229.testing import strategies as S


@given(S.concave_quadratics(), st.sampled_from(R.ORDERS))
def test_converges_to_the_maximiser_CA_1(p, order):
    """The limit solves Qα = c (∇W = 0), in float to 1e-9 of the exact solution."""
    Q, c, a0 = p
    exact = linalg.solve(Q, c)
    for face, args in ((R, S.to_float(p)), (F, [np.array(v, dtype=float) for v in S.to_float(p)])):
        fit = face.coordinate_ascent(*args, order=order, max_iterations=200_000, tol=1e-12)
        assert fit.converged
        assert np.allclose(np.asarray(fit.theta, dtype=float), [float(v) for v in exact], rtol=1e-8, atol=1e-9)


@given(S.concave_quadratics(), st.sampled_from(R.ORDERS))
def test_each_step_is_the_coordinate_argmax_and_raises_W_CA_1(p, order):
    """Exact: every step equals coordinate_argmax on the coordinate it moved, and W never falls."""
    Q, c, a0 = p
    fit = R.coordinate_ascent(Q, c, a0, order=order, max_iterations=8, tol=None, record=True)
    for before, after in zip(fit.path, fit.path[1:]):
        moved = [k for k in range(len(c)) if before[k] != after[k]]
        assert len(moved) <= 1
        if moved:
            assert R.coordinate_argmax(Q, c, before, moved[0]) == after
        assert R.quadratic_objective(Q, c, after) >= R.quadratic_objective(Q, c, before)


def test_greedy_picks_the_largest_gain_CA_1():
    Q = [[1, 0], [0, 4]]
    c = [1, 4]
    fit = R.coordinate_ascent(Q, c, [0, 0], order="greedy", max_iterations=1, tol=None, record=True)
    # gains g²/(2Q): α₁: 1/2, α₂: 16/8 = 2, so α₂ moves first
    assert fit.path[1] == [0, 1]


def test_exact_arithmetic_CA_1():
    fit = R.coordinate_ascent([[2, 1], [1, 3]], [1, 2], [2, -2], max_iterations=4, tol=None, record=True)
    assert fit.path[1] == [Fraction(3, 2), -2] and all(isinstance(v, Fraction) for v in fit.theta)


def test_greedy_ties_go_to_the_first_coordinate_CA_1(impl):
    """Equal gains (a symmetric problem): both faces update α₀ first."""
    fit = impl.coordinate_ascent.coordinate_ascent(impl.arg([[2.0, 0.0], [0.0, 2.0]]), impl.arg([1.0, 1.0]),
                                                   impl.arg([0.0, 0.0]), order="greedy", max_iterations=1,
                                                   tol=None, record=True)
    assert np.asarray(fit.path).tolist() == [[0.0, 0.0], [0.5, 0.0]]


@pytest.mark.parametrize("order", R.ORDERS)
def test_tolerance_zero_stops_at_an_exact_zero_gradient_CA_1(order):
    """The stopping test is max |∂W/∂αᵢ| <= tol: in exact arithmetic tol = 0 stops as soon as
    the gradient is exactly 0, here after one step per coordinate."""
    fit = R.coordinate_ascent([[1, 0], [0, 1]], [1, 2], [0, 0], order=order, tol=0)
    assert (fit.iterations, fit.converged, fit.theta) == (2, True, [1, 2])
    fit = R.coordinate_ascent([[1]], [1], [0], order=order, tol=0)
    assert (fit.iterations, fit.converged, fit.theta) == (1, True, [1])


def test_the_defaults_CA_1():
    """tol = 1e-10, max_iterations = 10,000, no path: as if given explicitly."""
    Q, c, a = [[2.0, 1.0], [1.0, 3.0]], [1.0, 2.0], [0.0, 0.0]
    default = R.coordinate_ascent(Q, c, a)
    explicit = R.coordinate_ascent(Q, c, a, order="cyclic", max_iterations=10_000, tol=1e-10, record=False)
    assert default.path is None and (default.iterations, default.theta) == (explicit.iterations, explicit.theta)
    assert default.iterations != R.coordinate_ascent(Q, c, a, tol=1e-9).iterations
    slow = [[1.0, 0.9999], [0.9999, 1.0]]  # a condition number of 2·10⁴: past 10,000 steps at 1e-10
    with pytest.raises(ConvergenceError, match="did not converge in 10000 steps"):
        R.coordinate_ascent(slow, [1.0, 0.0], [0.0, 0.0])


@pytest.mark.parametrize("order", R.ORDERS)
def test_the_final_gradient_is_returned_CA_1(impl, order):
    """extra['gradient'] is ∂W/∂α at the returned α, whichever test stopped the loop."""
    Q, c = [[2.0, 1.0], [1.0, 3.0]], [1.0, 2.0]
    fit = impl.coordinate_ascent.coordinate_ascent(impl.arg(Q), impl.arg(c), impl.arg([0.0, 0.0]), order=order)
    expected = impl.coordinate_ascent.quadratic_gradient(impl.arg(Q), impl.arg(c), fit.theta)
    assert fit.converged and np.allclose(fit.extra["gradient"], expected, rtol=0, atol=1e-12)
    capped = R.coordinate_ascent(Q, c, [0.0, 0.0], order=order, max_iterations=3, tol=None)
    assert capped.extra["gradient"] == pytest.approx(R.quadratic_gradient(Q, c, capped.theta), abs=1e-15)


def test_the_cap_checks_the_gradient_once_more_CA_1():
    """Cyclic order tests at the end of each sweep; the cap reached mid-sweep tests once more:
    converged if the gradient is within tol there, else ConvergenceError with converged False
    (None without a tolerance), each with the final gradient."""
    fit = R.coordinate_ascent([[1, 0], [0, 1]], [1, 2], [0, 2], max_iterations=1, tol=0, record=True)
    assert (fit.iterations, fit.converged, fit.theta, fit.extra) == (1, True, [1, 2], {"gradient": [0, 0]})
    assert fit.path == [[0, 2], [1, 2]]
    with pytest.raises(ConvergenceError) as e:
        R.coordinate_ascent([[1, 0], [0, 1]], [1, 2], [0, 0], max_iterations=1, tol=0, record=True)
    r = e.value.result
    assert (r.iterations, r.converged, r.theta, r.extra, r.path) == (1, False, [1, 0], {"gradient": [0, 2]},
                                                                      [[0, 0], [1, 0]])
    free = R.coordinate_ascent([[1, 0], [0, 1]], [1, 2], [0, 0], max_iterations=1, tol=None)
    assert (free.converged, free.extra) == (None, {"gradient": [0, 2]})
