"""Part II, logistic regression, the perceptron and Newton's method (LG-1 … LG-5, PC-1, NW-1, NW-2):
the fast face against the reference on the same input: the same iterates where the order of
operations is the same, the same answer to rounding otherwise, the same verdicts."""
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from hypothesis import given, strategies as st

import cs229.fast.logistic_regression as F
import cs229.reference.logistic_regression as R
from cs229.reference import linalg
from cs229.reference.results import ConvergenceError
from cs229.testing import strategies as S

from tests.logistic_regression.test_formulas import close, problems


# ---- LG-1: the sigmoid ----------------------------------------------------------------------------

@given(st.floats(-800, 800))
def test_sigmoid_fast_equals_reference_and_symmetry_LG_1(z):
    assert F.sigmoid(z) == R.sigmoid(z)
    assert abs(R.sigmoid(z) + R.sigmoid(-z) - 1) <= 2 ** -52
    with mpmath.workdps(40):
        exact = 1 / (1 + mpmath.exp(-mpmath.mpf(z)))
        assert abs(R.sigmoid(z) - exact) <= 2 ** -52 * exact + 2 ** -1074  # subnormals: absolute spacing


# ---- LG-3: the likelihood --------------------------------------------------------------------------

@given(problems)
def test_closed_forms_agree_LG_1_3_4_NW_2(p):
    X, y, theta = S.to_float(p)
    Xa, ya, ta = np.array(X), np.array(y, dtype=float), np.array(theta)
    assert close(F.probabilities(Xa, ta), R.probabilities(X, theta))
    assert list(F.predict(Xa, ta)) == R.predict(X, theta)
    assert close(F.log_likelihood(Xa, ya, ta), R.log_likelihood(X, y, theta))
    assert close(F.likelihood(Xa, ya, ta), R.likelihood(X, y, theta))
    assert np.array_equal(F.gradient(Xa, ya, ta), R.gradient(X, y, theta))
    assert close(F.hessian(Xa, ya, ta), R.hessian(X, y, theta), rel=1e-11)
    assert F.hypothesis(Xa[0], ta) == R.hypothesis(X[0], theta)
    assert F.is_separated(Xa, ya, ta) == R.is_separated(X, y, theta)


# ---- NW-2: Newton-Raphson --------------------------------------------------------------------------

@given(problems)
def test_newton_fast_matches_reference_and_50_digits_NW_2(p):
    X, y, _ = p
    ref = R.newton(S.to_float(X), y, record=True)
    fast = F.newton(np.array(S.to_float(X)), y, record=True)
    assert fast.iterations == ref.iterations and close(fast.theta, ref.theta, rel=1e-10)
    with mpmath.workdps(50):
        exact = R.newton(S.to_mpf(X), y, tol=mpmath.mpf(10) ** -45).theta
        assert max(abs(g) for g in R.gradient(S.to_mpf(X), y, exact)) < mpmath.mpf(10) ** -40
    assert close(ref.theta, [float(v) for v in exact], rel=1e-9)


# ---- PC-1: the perceptron --------------------------------------------------------------------------

@given(S.separable_problems(max_rows=14), st.sampled_from([1, 0.5]), st.randoms(use_true_random=False))
def test_perceptron_same_iterates_and_separates_PC_1(p, alpha, rnd):
    X, y, _ = p
    order = list(range(len(X)))
    rnd.shuffle(order)
    exact = R.perceptron(X, y, alpha=Fraction(alpha), order=order, max_epochs=10_000)
    assert exact.converged and R.is_separated(X, y, exact.theta) or all(
        (linalg.dot(x, exact.theta) >= 0) == (v == 1) for x, v in zip(X, y))
    Xf = S.to_float(X)
    ref = R.perceptron(Xf, y, alpha=alpha, order=order, max_epochs=10_000, record=True)
    fast = F.perceptron(np.array(Xf), np.array(y), alpha=alpha, order=np.array(order), max_epochs=10_000,
                        record=True)
    assert np.array_equal(fast.path, np.array(ref.path))
    assert fast.extra["mistakes"] == ref.extra["mistakes"] and fast.extra["mistakes"][-1] == 0


# ---- L2 regularisation ------------------------------------------------------------------------

@given(problems, st.sampled_from([0.25, 3.0]), st.booleans())
def test_penalised_newton_fast_matches_reference_and_optimality_X_1(p, lam, penalize_intercept):
    """X-1: Newton on ℓ − (λ/2)‖θ′‖²: both faces to rounding, and ∇ℓ(θ̂) = λθ̂′ at the answer."""
    X, y, _ = p
    Xf = S.to_float(X)
    ref = R.newton(Xf, y, lam=lam, penalize_intercept=penalize_intercept)
    fast = F.newton(np.array(Xf), y, lam=lam, penalize_intercept=penalize_intercept)
    assert fast.iterations == ref.iterations and close(fast.theta, ref.theta, rel=1e-10)
    first = 0 if penalize_intercept else 1
    g = R.gradient(Xf, y, ref.theta)
    assert max(abs(g_j - (lam * t if j >= first else 0)) for j, (g_j, t) in enumerate(zip(g, ref.theta))) < 1e-9


@given(problems, st.sampled_from([1e-2, 1e-1]), st.sampled_from([0.5, 4.0]), st.booleans())
def test_penalised_batch_gradient_ascent_same_iterates_X_1(p, alpha, lam, average):
    """X-1: θ := θ + α(∇ℓ − λθ′): the same iterates bit for bit."""
    X, y, theta = p
    X, theta = S.to_float(X), S.to_float(theta)
    ref = R.batch_gradient_ascent(X, y, theta, alpha, 10, tol=None, average=average, record=True, lam=lam)
    fast = F.batch_gradient_ascent(np.array(X), y, np.array(theta), alpha, 10, tol=None,
                                   average=average, record=True, lam=lam)
    assert np.array_equal(fast.path, np.array(ref.path))


def test_penalised_data_start_fits_more_features_than_examples_X_1():
    """X-1: Newton from the data start on 12 examples of 20 features: the start solves
    (XᵀW₀X + λI′)θ₀ = XᵀW₀z₀, singular without λ, and both faces fit the penalised θ and agree."""
    rng = np.random.default_rng(12)
    X = np.column_stack([np.ones(12), rng.standard_normal((12, 19))])
    y = np.array([0, 1] * 6, dtype=float)
    ref = R.newton(X.tolist(), y.tolist(), lam=2.0, start="data")
    fast = F.newton(X, y, lam=2.0, start="data")
    assert ref.converged and fast.iterations == ref.iterations and close(fast.theta, ref.theta, 1e-10)
    with pytest.raises(linalg.SingularMatrixError):
        F.newton(X, y, start="data")


@given(problems, st.sampled_from([0, 0.1]), st.lists(st.sampled_from([0.0, 0.5, 1.0, 2.5]), min_size=14,
                                                     max_size=14))
def test_weighted_stochastic_ascent_same_iterates_X_2(p, decay, w):
    """X-2: the stochastic rule with sample weights (step α_t·wᵢ) gives the same iterates in
    both faces, bit for bit."""
    X, y, theta = S.to_float(p)
    w = w[:len(X)]
    w[0] = 1.0
    ref = R.stochastic_gradient_ascent(X, y, theta, 0.1, 3, None, decay, record=True, sample_weight=w)
    fast = F.stochastic_gradient_ascent(np.array(X), np.array(y), np.array(theta), 0.1, 3, None, decay,
                                        record=True, sample_weight=np.array(w))
    assert np.array_equal(fast.path, np.array(ref.path))


@pytest.mark.parametrize("face", [R, F], ids=["reference", "fast"])
def test_weighted_stochastic_ascent_that_overflows_says_so_X_2(face):
    """X-2: weights large enough to carry θ past the float range raise, naming the steps α·wᵢ."""
    X, y = np.array([[1.0, 4.0], [1.0, -4.0]]), np.array([1.0, 0.0])  # the first step is 1e308·½·4
    with pytest.raises(ConvergenceError, match=r"^stochastic gradient ascent diverged in epoch 1: θ is no "
                                               r"longer finite; the steps α·wᵢ \(alpha=1.0 times the "
                                               r"sample weights\) are too large$"):
        face.stochastic_gradient_ascent(X, y, np.zeros(2), 1.0, 2, sample_weight=np.array([1e308, 1e308]))
