"""Issue reproducers at the edges of Parts I–III, both faces (LR-12, LR-14, GLM-1, GLM-4, SM-4):
each input gives the reference's answer or the reference's exception type in the fast face."""
import numpy as np
import pytest

from cs229.reference import exponential_family as ef
from cs229.reference.results import ConvergenceError


@pytest.mark.parametrize("family", ["poisson", ef.POISSON])
def test_glm_responses_that_overflow_raise_in_both_faces_GLM_1(impl, family):
    """W2: e^(θᵀx) beyond float64 is an OverflowError, never a silent inf."""
    X, theta = impl.arg([[1.0, 800.0], [1.0, 0.0]]), impl.arg([0.0, 1.0])
    for call in (lambda: impl.glm.hypotheses(family, X, theta),
                 lambda: impl.glm.hypothesis(family, impl.arg([1.0, 800.0]), theta),
                 lambda: impl.glm.log_likelihood(family, X, impl.arg([3, 1]), theta),
                 lambda: impl.glm.gradient(family, X, impl.arg([3, 1]), theta)):
        with pytest.raises(OverflowError, match="overflows at this θ"):
            call()


def test_lwr_predict_with_a_zero_weight_on_a_huge_feature_LR_14(impl):
    """W4: a far example has weight 0; its features squared overflow, but 0 × x never meets
    x × x in the reference's order, and the fast face falls back to that order."""
    X = impl.arg([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0], [1.0, 1e200]])
    y = impl.arg([1.0, 3.0, 5.0, 7.0])
    out = impl.linear_regression.lwr_predict(X, y, impl.arg([[1.0, 1.5]]), 1.0)
    assert np.isfinite(out).all() and abs(np.asarray(out)[0] - 4.0) < 1e-9


def test_lwr_weights_with_a_tiny_bandwidth_LR_14(impl):
    """2τ² underflows for τ = 1e-170; an exact match still has weight e⁰ = 1, the others 0."""
    X = impl.arg([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]])
    w = impl.linear_regression.lwr_weights(X, impl.arg([1.0, 1.0]), 1e-170)
    assert list(np.asarray(w, dtype=float)) == [0.0, 1.0, 0.0]


def test_normal_equations_that_overflow_say_so_LR_12(impl):
    """W5 and the overflow blamed on dependence: both raise OverflowError naming overflow."""
    with pytest.raises(OverflowError, match="overflows"):
        impl.linear_regression.normal_equations(impl.arg([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]]),
                                                impl.arg([1e307, 1.5e308, 1.7e308]))
    with pytest.raises(OverflowError, match="overflows"):
        impl.linear_regression.normal_equations(impl.arg([[1e200, 1.0], [2e200, 3.0], [3e200, 1.0]]),
                                                impl.arg([1.0, 2.0, 3.0]))


def test_an_all_zero_first_column_is_called_zero_LR_12(impl):
    """"column 0 is a combination of columns 0..-1" becomes "column 0 of X is zero"."""
    with pytest.raises(ValueError, match="column 0 of X is zero"):
        impl.linear_regression.normal_equations(impl.arg([[0.0, 1.0], [0.0, 2.0], [0.0, 3.0]]),
                                                impl.arg([1.0, 2.0, 3.0]))


def test_poisson_log_likelihood_of_huge_counts_returns_LR_13_GLM_4(impl):
    """The reference summed log k for k ≤ y: y = 2⁶² never returned. log y! is lgamma(y + 1)."""
    value = impl.glm.log_likelihood("poisson", impl.arg([[1.0]]), impl.arg([2.0 ** 62]), impl.arg([40.0]))
    assert np.isfinite(value)


def test_newton_never_returns_a_silently_wrong_answer_GLM_4(impl):
    """An undamped start far away diverges loudly; the damped fit from there converges."""
    X = impl.arg([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0], [1.0, 3.0]])
    y = impl.arg([300, 900, 2500, 7000])
    with pytest.raises(ConvergenceError, match="diverged"):
        impl.glm.poisson_regression(X, y, start="zero", damping=False)
    assert impl.glm.poisson_regression(X, y, start="zero").converged
