"""Part III, generalized linear models (GLM-1 … GLM-4): pinned cases. Each pins a behaviour the
other tests left open (a mutant of the reference that survived them) or reproduces a defect once
found; each section below says what its cases pin and why."""
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
