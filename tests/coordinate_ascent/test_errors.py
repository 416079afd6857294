"""Part V §9.1, coordinate ascent (CA-1): what both faces refuse and how: the exact type and text of
every error, and the bad-input treatment of every entry point (tests/bad_input.py)."""
import numpy as np
import pytest

import cs229.reference.coordinate_ascent as R
from cs229.reference.results import ConvergenceError, FloatRangeError


def test_indefinite_Q_diverges_and_zero_diagonal_is_refused_CA_1(impl):
    Q = impl.arg([[1.0, 3.0], [3.0, 1.0]])
    with pytest.raises(ConvergenceError, match="(diverged|did not converge)"):
        impl.coordinate_ascent.coordinate_ascent(Q, impl.arg([1.0, 1.0]), impl.arg([0.0, 0.0]),
                                                 max_iterations=5000)
    with pytest.raises(ValueError, match="Q\\[1\\]\\[1\\]"):
        impl.coordinate_ascent.coordinate_ascent(impl.arg([[1.0, 0.0], [0.0, 0.0]]), impl.arg([1.0, 1.0]),
                                                 impl.arg([0.0, 0.0]))


def test_cap_is_reported_CA_1(impl):
    Q = impl.arg([[1.0, 0.99], [0.99, 1.0]])
    with pytest.raises(ConvergenceError, match="did not converge in 3 steps"):
        impl.coordinate_ascent.coordinate_ascent(Q, impl.arg([1.0, 0.0]), impl.arg([0.0, 0.0]),
                                                 max_iterations=3, tol=1e-12)


Q2, C2, A2 = [[2.0, 0.0], [0.0, 2.0]], [1.0, 1.0], [0.0, 0.0]
ERRORS = [  # (function, arguments, exception, its message word for word)
    ("coordinate_argmax", (Q2, C2, A2, 2), ValueError, "i must be an index 0..1, got 2"),
    ("coordinate_argmax", (Q2, C2, A2, -1), ValueError, "i must be an index 0..1, got -1"),
    ("coordinate_argmax", (Q2, C2, A2, True), TypeError, "i must be an index 0..1, got True"),
    ("coordinate_ascent", ([[2.0, 0.0]], C2, A2), ValueError, "Q must be 2x2 to match c"),
    ("coordinate_ascent", ([[2.0, 1.0], [0.0, 2.0]], C2, A2), ValueError,
     "Q must be symmetric: Q[0][1] != Q[1][0]"),
    ("coordinate_ascent", (Q2, C2, [0.0, 0.0, 0.0]), ValueError, "alpha has 3 entries but c has 2"),
    ("coordinate_ascent", ([[2.0, 0.0], [0.0, 0.0]], C2, A2), ValueError,
     "Q[1][1] = 0.0: W is not bounded above along α1 (coordinate ascent needs Qᵢᵢ > 0)"),
    ("coordinate_ascent", ([[2.0, 1.99], [1.99, 2.0]], C2, A2, "cyclic", 3), ConvergenceError,
     "coordinate ascent did not converge in 3 steps: the largest |∂W/∂αᵢ| is 0.00495 (tol=1e-10)"),
    ("coordinate_ascent", (Q2, C2, A2, "x"), ValueError, "order must be one of ('cyclic', 'greedy'), got 'x'"),
]


@pytest.mark.parametrize("name, args, error, message", ERRORS, ids=[f"{e[0]}-{i}" for i, e in enumerate(ERRORS)])
def test_errors_word_for_word_CA_1(impl, name, args, error, message):
    args = tuple(impl.arg(a) if isinstance(a, list) else a for a in args)
    with pytest.raises(error) as e:
        getattr(impl.coordinate_ascent, name)(*args)
    assert str(e.value) == message


def test_exact_iterates_that_grow_without_bound_are_reported_CA_1():
    """An indefinite Q in exact arithmetic: α grows past any float, never to inf; the cap's
    message shows the gradient's size rather than failing to convert it to a float."""
    with pytest.raises(ConvergenceError, match=r"did not converge in 2000 steps: the largest \|∂W/∂αᵢ\| "
                                               r"is \d\.\d\de\+\d{3,}"):
        R.coordinate_ascent([[1, 2], [2, 1]], [1, 1], [0, 0], max_iterations=2000)


def test_overflow_names_the_value_and_the_remedy_CA_1(impl):
    with pytest.raises(FloatRangeError) as e:
        impl.coordinate_ascent.quadratic_objective(impl.arg([[1e308, 0.0], [0.0, 1e308]]), impl.arg([1.0, 1.0]),
                                                   impl.arg([1e10, 1.0]))
    assert str(e.value) == "W(α) is -inf: it overflows the float range; rescale Q, c and alpha"
    with pytest.raises(FloatRangeError) as e:
        impl.coordinate_ascent.quadratic_gradient(impl.arg([[1e308, 1e308], [1e308, 1e308]]), impl.arg([1.0, 1.0]),
                                                  impl.arg([1e10, 1.0]))
    assert str(e.value) == "∂W/∂α0 is -inf: it overflows the float range; rescale Q, c and alpha"


def test_divergence_keeps_the_last_iterate_and_says_why_CA_1(impl):
    """An indefinite Q: the error at the step α left the floats, with that iterate, the step
    count, converged False and the path; the same step in both faces."""
    with pytest.raises(ConvergenceError) as e:
        impl.coordinate_ascent.coordinate_ascent(impl.arg([[1.0, 3.0], [3.0, 1.0]]), impl.arg([1.0, 1.0]),
                                                 impl.arg([0.0, 0.0]), max_iterations=5000, record=True)
    assert str(e.value) == (
        "coordinate ascent diverged at step 648: α is no longer finite; W has no maximum (Q is not "
        "positive semi-definite, or c is outside its range), or the steps overflow the float range "
        "(rescale Q and c)")
    r = e.value.result
    assert (r.iterations, r.converged, len(r.path)) == (648, False, 649)
    assert np.asarray(r.theta).tolist() == [1.2456378960175088e+308, -np.inf]


def test_a_zero_diagonal_is_shown_as_given_CA_1(impl):
    """Qᵢᵢ of a list is named as the caller gave it, in both faces (0, not 0.0)."""
    with pytest.raises(ValueError) as e:
        impl.coordinate_ascent.coordinate_ascent([[2, 0], [0, 0]], [1, 1], [0, 0])
    assert str(e.value) == "Q[1][1] = 0: W is not bounded above along α1 (coordinate ascent needs Qᵢᵢ > 0)"


def test_an_alpha_that_overflows_while_its_gradient_stays_finite_is_divergence_CA_1():
    """CA-1: the step g₁/Q₁₁ = 1.2e308 is finite and so is the new g₁ (0), but α₁ + step
    overflows: α has left the finite numbers, and the first step says so (either of α and g
    not finite is divergence, not both)."""
    import cs229.fast.coordinate_ascent as F
    Q, c, start = [[1.0, -0.5], [-0.5, 1.0]], [1.7e308, 0.0], [1e308, 1e308]
    for face in (R, F):
        with pytest.raises(ConvergenceError, match="diverged at step 1: α is no longer finite") as e:
            face.coordinate_ascent(Q, c, start, max_iterations=4, tol=None)
        assert e.value.result.iterations == 1 and e.value.result.theta[0] == float("inf")
