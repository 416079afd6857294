"""The loop and the errors the iterative algorithms share (cs229.reference.results): what both faces
refuse and how: the exact type and text of every error, and the bad-input treatment of every entry
point (tests/bad_input.py)."""
from fractions import Fraction

import pytest

import cs229.reference.logistic_regression as L
from cs229.reference import results
from cs229.reference.results import (ConvergenceError, FloatRangeError, SeparableDataError, StepFailed,
    iterate)

from tests.results.test_formulas import _halve


def test_separable_error_word_for_word_LG_3():
    e = results.separable_error("Newton's method", 3, [1, 2], ["p"])
    assert isinstance(e, SeparableDataError) and isinstance(e, ConvergenceError)
    assert str(e) == ("Newton's method: the data are linearly separable (the iterate of step 3 classifies "
                      "every example correctly), so the likelihood approaches 1 as ‖θ‖ grows and no maximum "
                      "likelihood θ exists; regularise, or use the perceptron for a separating θ")
    assert (e.result.theta, e.result.iterations, e.result.converged, e.result.path) == ([1, 2], 3, False, ["p"])
    custom = results.separable_error("softmax", 2, [[0]], None, "class {k} stands apart", "it grows")
    assert str(custom).startswith("softmax: class 2 stands apart, so it grows and no maximum")


def test_gradient_ascent_on_separable_data_raises_with_the_iterate_LG_3():
    with pytest.raises(SeparableDataError) as e:
        L.batch_gradient_ascent([[1, 0], [1, 1]], [0, 1], [0, 0], alpha=1.0, record=True)
    assert str(e.value).startswith("batch gradient ascent: the data are linearly separable (the iterate "
                                   "of step 2 classifies")
    assert e.value.result.iterations == 2 and e.value.result.converged is False
    assert len(e.value.result.path) == 3 and e.value.result.theta == e.value.result.path[-1]


def test_iterate_cap_is_a_convergence_error_with_the_last_iterate():
    with pytest.raises(ConvergenceError) as e:
        iterate("halving", _halve, [Fraction(8)], 2, Fraction(1, 10 ** 6), advice="; try more")
    assert str(e.value) == "halving did not converge in 2 iterations (tol=1/1000000); try more"
    assert (e.value.result.theta, e.value.result.iterations, e.value.result.converged) == ([2], 2, False)


def test_iterate_divergence_keeps_the_last_finite_iterate():
    double = lambda theta: [t * 1e200 for t in theta]  # noqa: E731
    with pytest.raises(ConvergenceError) as e:
        iterate("growth", double, [1.0], 10, 1e-9, record=True, hint=" (α too large?)")
    assert str(e.value) == "growth diverged at iteration 2: θ is no longer finite (α too large?)"
    assert e.value.result.theta == [1e200] and e.value.result.iterations == 1
    assert e.value.result.converged is False and e.value.result.path == [[1.0], [1e200], [float("inf")]]


def test_iterate_step_failed_is_divergence_at_that_iteration():
    def update(theta):
        if theta[0] < 2:
            raise StepFailed("η left the domain")
        return _halve(theta)
    with pytest.raises(ConvergenceError) as e:
        iterate("GLM", update, [Fraction(4)], 10, None)
    assert str(e.value) == "GLM diverged at iteration 3: η left the domain"
    assert e.value.result.theta == [1] and e.value.result.iterations == 2 and e.value.result.converged is False


def test_float_range_error_names_the_first_value():
    assert FloatRangeError.check([1.0, 2.0], lambda i: f"v[{i}]", "rescale") == [1.0, 2.0]
    with pytest.raises(FloatRangeError) as e:
        FloatRangeError.check([1.0, float("inf"), float("nan")], lambda i: f"v[{i}]", "rescale v")
    assert str(e.value) == "v[1] is inf: it overflows the float range; rescale v"
    assert isinstance(e.value, ValueError)


def test_iterate_step_failed_keeps_the_path():
    def update(theta):
        if theta[0] < 2:
            raise StepFailed("η left the domain")
        return _halve(theta)
    with pytest.raises(ConvergenceError) as e:
        iterate("GLM", update, [Fraction(4)], 10, None, record=True)
    assert e.value.result.path == [[4], [2], [1]]
