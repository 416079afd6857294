"""Softmax regression (SM-1 … SM-4): the fast face against the reference on the same input: the same
iterates where the order of operations is the same, the same answer to rounding otherwise, the same
verdicts."""
import mpmath
import numpy as np
from hypothesis import given, strategies as st

import cs229.fast.softmax as F
import cs229.reference.softmax as R
from cs229.testing import strategies as S

from tests.softmax.test_formulas import close, problems


# ---- SM-2: softmax and log-sum-exp -----------------------------------------------------------------

@given(st.lists(st.floats(-700, 700), min_size=1, max_size=6))
def test_softmax_fast_equals_reference_SM_2(eta):
    ref = R.softmax(eta)
    assert np.array_equal(F.softmax(eta), ref) and abs(sum(ref) - 1) < 1e-15 * len(eta)
    assert F.log_sum_exp(eta) == R.log_sum_exp(eta)
    with mpmath.workdps(40):
        e = [mpmath.mpf(v) for v in eta]
        direct = mpmath.log(sum(mpmath.exp(v) for v in e))
        assert abs(R.log_sum_exp(eta) - direct) <= 1e-15 * abs(direct) + 1e-15


# ---- SM-3: the model -------------------------------------------------------------------------------

@given(problems)
def test_model_fast_equals_reference_SM_3(p):
    X, y, Theta = S.to_float(p)
    Xa, Ta = np.array(X), np.array(Theta)
    probs = R.probabilities(X, Theta)
    assert close(F.probabilities(Xa, Ta), probs) and all(abs(sum(r) - 1) < 1e-15 for r in probs)
    assert list(F.predict(Xa, Ta)) == R.predict(X, Theta)
    assert close(F.hypothesis(Xa[0], Ta), R.hypothesis(X[0], Theta))
    assert close(F.natural_parameters(Xa[0], Ta), R.natural_parameters(X[0], Theta))
    assert R.natural_parameters(X[0], Theta)[-1] == 0  # θ_k = 0
    assert close(R.hypothesis(X[0], Theta), probs[0][:-1])


# ---- SM-4: the likelihood and its maximisation -----------------------------------------------------

@given(problems)
def test_likelihood_and_gradient_fast_equal_reference_SM_4(p):
    X, y, Theta = S.to_float(p)
    Xa, Ta = np.array(X), np.array(Theta)
    assert close(F.log_likelihood(Xa, y, Ta), R.log_likelihood(X, y, Theta))
    assert np.array_equal(F.gradient(Xa, y, Ta), R.gradient(X, y, Theta))
    assert close(F.hessian(Xa, y, Ta), R.hessian(X, y, Theta), 1e-11)
    ce = sum(R.cross_entropy([1.0 if c == v else 0.0 for c in (1, 2, 3)], pr)
             for v, pr in zip(y, R.probabilities(X, Theta)))
    assert close(ce, -R.log_likelihood(X, y, Theta))
    assert close(F.cross_entropy([0.0, 1.0, 0.0], [0.2, 0.5, 0.3]), -np.log(0.5))


@given(problems, st.sampled_from([1e-3, 5e-2]), st.booleans())
def test_gradient_ascent_same_iterates_SM_4(p, alpha, average):
    X, y, Theta = S.to_float(p)
    ref = R.gradient_ascent(X, y, Theta, alpha, 8, tol=None, average=average, record=True)
    fast = F.gradient_ascent(np.array(X), y, np.array(Theta), alpha, 8, tol=None, average=average,
                             record=True)
    assert np.array_equal(fast.path, np.array(ref.path))


@given(problems)
def test_newton_fast_reference_and_50_digits_SM_4(p):
    X, y, _ = p
    zero = [[0.0] * len(X[0]) for _ in range(2)]
    ref = R.newton(S.to_float(X), y, zero)
    fast = F.newton(np.array(S.to_float(X)), y, np.array(zero))
    assert fast.iterations == ref.iterations and close(fast.theta, ref.theta, 1e-9)
    with mpmath.workdps(50):
        Xm = S.to_mpf(X)
        exact = R.newton(Xm, y, S.to_mpf(zero), tol=mpmath.mpf(10) ** -45).theta
        assert max(abs(g) for row in R.gradient(Xm, y, exact) for g in row) < mpmath.mpf(10) ** -40
    assert close(ref.theta, [[float(v) for v in row] for row in exact], 1e-8)
