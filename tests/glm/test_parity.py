"""Part III, generalized linear models (GLM-1 … GLM-4): the fast face against the reference on the
same input: the same iterates where the order of operations is the same, the same answer to rounding
otherwise, the same verdicts."""
import mpmath
import numpy as np
import pytest
from hypothesis import given, strategies as st

import cs229.fast.glm as F
import cs229.reference.glm as R
from cs229.reference import exponential_family as ef
from cs229.reference.results import ConvergenceError
from cs229.testing import strategies as S

from tests.glm.test_formulas import close


# ---- GLM-4: fitting --------------------------------------------------------------------------------

def _problem(fam, p):
    X, y, theta = p
    Xf = S.to_float(X)
    if fam is ef.BERNOULLI:
        y = [v % 2 for v in y]
    elif fam is ef.GAUSSIAN:
        y = [float(v) - 2 for v in y]
    elif fam is ef.EXPONENTIAL:
        y = [float(v) + 0.5 for v in y]
        theta = [-1] + [0] * (len(theta) - 1)
    return Xf, y, S.to_float(theta)


@given(S.count_problems(), st.sampled_from(["poisson", "bernoulli", "gaussian", "exponential"]),
       st.sampled_from([1e-3, 1e-2]), st.booleans())
def test_gradient_ascent_same_iterates_GLM_4(p, name, alpha, average):
    fam = ef.family(name)
    X, y, theta = _problem(fam, p)
    try:
        ref = R.gradient_ascent(fam, X, y, theta, alpha, 8, tol=None, average=average, record=True)
    except ConvergenceError:
        with pytest.raises(ConvergenceError):
            F.gradient_ascent(fam, np.array(X), np.array(y), np.array(theta), alpha, 8, tol=None,
                              average=average)
        return
    fast = F.gradient_ascent(fam, np.array(X), np.array(y), np.array(theta), alpha, 8, tol=None,
                             average=average, record=True)
    assert np.array_equal(fast.path, np.array(ref.path))
    assert np.array_equal(F.gradient(fam, X, y, theta), R.gradient(fam, X, y, theta))
    assert close(F.log_likelihood(fam, X, y, theta), R.log_likelihood(fam, X, y, theta), 1e-11)


@given(S.count_problems())
def test_poisson_regression_fast_reference_and_50_digits_GLM_4(p):
    X, y, _ = p
    ref = R.poisson_regression(S.to_float(X), y, record=True)
    fast = F.poisson_regression(np.array(S.to_float(X)), y, record=True)
    assert fast.iterations == ref.iterations and close(fast.theta, ref.theta, 1e-10)
    with mpmath.workdps(50):
        Xm = S.to_mpf(X)
        exact = R.poisson_regression(Xm, y, tol=mpmath.mpf(10) ** -45).theta
        assert max(abs(g) for g in R.gradient("poisson", Xm, y, exact)) < mpmath.mpf(10) ** -40
    assert close(ref.theta, [float(v) for v in exact], 1e-9)


@given(S.count_problems(), st.sampled_from(["bernoulli", "gaussian", "exponential"]))
def test_newton_fast_matches_reference_GLM_4(p, name):
    fam = ef.family(name)
    X, y, theta = _problem(fam, p)
    try:
        ref = R.newton(fam, X, y, theta if fam is ef.EXPONENTIAL else None)
    except (ArithmeticError, ValueError) as e:
        with pytest.raises(type(e)):
            F.newton(fam, np.array(X), np.array(y), np.array(theta) if fam is ef.EXPONENTIAL else None)
        return
    fast = F.newton(fam, np.array(X), np.array(y), np.array(theta) if fam is ef.EXPONENTIAL else None)
    assert fast.iterations == ref.iterations and close(fast.theta, ref.theta, 1e-9)
    assert max(abs(g) for g in R.gradient(fam, X, y, ref.theta)) < 1e-8 * (1 + max(map(abs, y)))


# ---- standard errors from the inverse Fisher information -----------------------------------

@given(S.count_problems())
def test_both_faces_give_the_same_standard_errors_X_6(p):
    X, y, theta = p
    X = S.to_float(X)
    theta = [float(t) for t in theta]
    ref, fast = R.standard_errors(ef.POISSON, X, y, theta), F.standard_errors(ef.POISSON, X, y, theta)
    np.testing.assert_allclose(fast, ref, rtol=1e-10)
    np.testing.assert_allclose(F.fisher_information("poisson", X, y, theta),
                               R.fisher_information("poisson", X, y, theta), rtol=1e-12)
