"""The loop and the errors the iterative algorithms share (cs229.reference.results): the notes'
formulas and the facts they state, against exact (Fraction) and 50-digit oracles and invariants, on
the reference and, where a test takes ``impl``, on both faces."""
from fractions import Fraction

import pytest

from cs229.reference import results
from cs229.reference.results import ConvergenceError, IterativeResult, iterate


def test_stopping_test_holds_at_its_boundary_LR_5():
    """maxⱼ |Δθⱼ| <= tol · (1 + maxⱼ |θⱼ|): equality stops, one more unit does not; the scale is
    the new θ's largest magnitude (a negative entry counts by its size)."""
    old, new = [Fraction(0), Fraction(0)], [Fraction(3), Fraction(-4)]  # step 4, scale 1 + 4
    assert results.step_converged(old, new, Fraction(4, 5))
    assert not results.step_converged(old, new, Fraction(4, 5) - Fraction(1, 10 ** 9))
    assert results.step_converged([Fraction(1)], [Fraction(1)], 0)
    # the scale is the new θ's (1 + 1), not the old one's (1 + 2)
    assert results.step_converged([Fraction(2), 0], [0, Fraction(1)], 1)
    assert not results.step_converged([Fraction(2), 0], [0, Fraction(1)], Fraction(99, 100))


def test_divergence_is_a_non_finite_entry():
    assert results.diverged([1.0, float("inf")]) and results.diverged([float("nan")])
    assert not results.diverged([1.0, -1e308, Fraction(10 ** 400)])


def test_separated_needs_every_margin_strictly_positive_LG_3():
    X = [[1, 1], [1, -1]]
    assert results.separated(X, [1, 0], [0, 1])
    assert not results.separated(X, [1, 0], [1, 1])   # θᵀx = 0 for the y = 0 example
    assert not results.separated(X, [0, 1], [0, 1])   # both wrong
    assert not results.separated([[1, 0]], [1], [0, 5])  # θᵀx = 0 for y = 1


def _halve(theta):
    return [t / 2 for t in theta]


def test_iterate_converges_counts_and_records():
    fit = iterate("halving", _halve, [Fraction(8)], 100, Fraction(1, 4), record=True)
    # 8 → 4 → 2 → 1 → 1/2 → 1/4: the step 1/4 <= (1 + 1/4)/4 first holds at the fifth update
    assert (fit.theta, fit.iterations, fit.converged) == ([Fraction(1, 4)], 5, True)
    assert fit.path == [[8], [4], [2], [1], [Fraction(1, 2)], [Fraction(1, 4)]]
    assert iterate("halving", _halve, [Fraction(8)], 100, Fraction(1, 4)).path is None


def test_iterate_without_a_tolerance_runs_every_step():
    fit = iterate("halving", _halve, [Fraction(8)], 3, None)
    assert (fit.theta, fit.iterations, fit.converged) == ([1], 3, None)
    rows = iterate("halving", lambda T: [_halve(r) for r in T], [[Fraction(8)], [Fraction(4)]], 2, None, record=True)
    assert rows.theta == [[2], [1]] and rows.path == [[[8], [4]], [[4], [2]], [[2], [1]]]


def test_iterate_check_sees_each_iterate_after_the_stopping_test():
    seen = []
    fit = iterate("halving", _halve, [Fraction(8)], 100, Fraction(1, 4), check=lambda t, k, p: seen.append((t, k)))
    assert seen == [([4], 1), ([2], 2), ([1], 3), ([Fraction(1, 2)], 4), ([Fraction(1, 4)], 5)]
    assert fit.iterations == 5


def test_result_record_defaults():
    r = IterativeResult([1], 2, True)
    assert r.path is None and r.extra == {}
    assert IterativeResult([1], 2, True).extra is not r.extra


def test_iterate_defaults_add_no_hint_or_advice():
    with pytest.raises(ConvergenceError) as e:
        iterate("growth", lambda t: [v * 1e200 for v in t], [1.0], 10, 1e-9)
    assert str(e.value) == "growth diverged at iteration 2: θ is no longer finite"
    with pytest.raises(ConvergenceError) as e:
        iterate("halving", _halve, [Fraction(8)], 2, Fraction(1, 10 ** 6))
    assert str(e.value) == "halving did not converge in 2 iterations (tol=1/1000000)"


def test_iterate_records_copies_of_rows_updated_in_place():
    """An update may change θ's rows in place and return them: the path still holds each iterate."""
    def update(T):
        for row in T:
            row[0] = row[0] / 2
        return T
    fit = iterate("rows", update, [[Fraction(8)], [Fraction(4)]], 2, None, record=True)
    assert fit.path == [[[8], [4]], [[4], [2]], [[2], [1]]]
