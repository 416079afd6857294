"""Softmax regression (SM-1 … SM-4): the fast face against the reference on the same input: the same
iterates where the order of operations is the same, the same answer to rounding otherwise, the same
verdicts."""
import mpmath
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

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


# ---- L2 regularisation ------------------------------------------------------------------------

@given(problems, st.sampled_from([0.25, 3.0]), st.booleans())
def test_penalised_newton_fast_matches_reference_and_optimality_X_1(p, lam, penalize_intercept):
    """X-1: softmax Newton on ℓ − (λ/2)Σ_l‖θ_l′‖²: both faces to rounding, and ∇_{θ_l}ℓ = λθ_l′
    at the answer."""
    X, y, _ = p
    Xf = S.to_float(X)
    ref = R.newton(Xf, y, lam=lam, penalize_intercept=penalize_intercept)
    fast = F.newton(np.array(Xf), y, lam=lam, penalize_intercept=penalize_intercept)
    assert fast.iterations == ref.iterations and close(fast.theta, ref.theta, 1e-9)
    first = 0 if penalize_intercept else 1
    for grow, row in zip(R.gradient(Xf, y, ref.theta), ref.theta):
        assert max(abs(g - (lam * t if j >= first else 0)) for j, (g, t) in enumerate(zip(grow, row))) < 1e-8


@given(problems, st.sampled_from([1e-3, 5e-2]), st.sampled_from([0.5, 4.0]), st.booleans())
def test_penalised_gradient_ascent_same_iterates_X_1(p, alpha, lam, average):
    """X-1: θ_l := θ_l + α(∇_{θ_l}ℓ − λθ_l′): the same iterates bit for bit."""
    X, y, Theta = S.to_float(p)
    ref = R.gradient_ascent(X, y, Theta, alpha, 8, tol=None, average=average, record=True, lam=lam)
    fast = F.gradient_ascent(np.array(X), y, np.array(Theta), alpha, 8, tol=None, average=average,
                             record=True, lam=lam)
    assert np.array_equal(fast.path, np.array(ref.path))


# ---- sample weights -------------------------------------------------------------------------

@st.composite
def weighted(draw):
    """A problem and real weights >= 0 (the last row's at least 1, so not all are 0)."""
    X, y, Theta = S.to_float(draw(problems))
    w = draw(st.lists(st.sampled_from([0.0, 0.5, 1.0, 1.5, 2.0, 3.0]), min_size=len(X) - 1,
                      max_size=len(X) - 1)) + [1.0]
    return X, y, Theta, w


@given(weighted())
def test_weighted_likelihood_gradient_and_hessian_fast_equal_reference_X_2(p):
    """X-2: ℓ_w to rounding, its gradient bit for bit (the same order, each residual times wᵢ
    before it meets x), its Hessian to rounding (BLAS on √wᵢ-scaled rows)."""
    X, y, Theta, w = p
    Xa, Ta, wa = np.array(X), np.array(Theta), np.array(w)
    assert close(F.log_likelihood(Xa, y, Ta, sample_weight=wa), R.log_likelihood(X, y, Theta, sample_weight=w))
    assert np.array_equal(F.gradient(Xa, y, Ta, sample_weight=wa), R.gradient(X, y, Theta, sample_weight=w))
    assert close(F.hessian(Xa, y, Ta, sample_weight=wa), R.hessian(X, y, Theta, sample_weight=w), 1e-11)


@given(weighted(), st.sampled_from([1e-3, 5e-2]), st.booleans(), st.sampled_from([0.0, 0.5]))
def test_weighted_gradient_ascent_same_iterates_X_2(p, alpha, average, lam):
    """X-2: the weighted steps, ``average`` over Σ wᵢ summed as the reference sums it, with and
    without the penalty: the same iterates bit for bit."""
    X, y, Theta, w = p
    ref = R.gradient_ascent(X, y, Theta, alpha, 8, tol=None, average=average, record=True, lam=lam,
                            sample_weight=w)
    fast = F.gradient_ascent(np.array(X), y, np.array(Theta), alpha, 8, tol=None, average=average,
                             record=True, lam=lam, sample_weight=np.array(w))
    assert np.array_equal(fast.path, np.array(ref.path))


@settings(max_examples=20)
@given(weighted(), st.sampled_from([0.0, 0.5]))
def test_weighted_newton_fast_matches_reference_X_2(p, lam):
    """X-2: weighted Newton (and X-1's penalised one) from Θ = 0: the same number of iterations
    and Θ to rounding, or the same error where the weights leave no maximum."""
    X, y, _, w = p
    zero = [[0.0] * len(X[0]) for _ in range(2)]
    try:
        ref = R.newton(X, y, zero, sample_weight=w, lam=lam)
    except Exception as e:
        with pytest.raises(type(e)) as fast:
            F.newton(np.array(X), y, np.array(zero), sample_weight=np.array(w), lam=lam)
        assert str(fast.value).split(":")[0] == str(e).split(":")[0]
        return
    fast = F.newton(np.array(X), y, np.array(zero), sample_weight=np.array(w), lam=lam)
    assert fast.iterations == ref.iterations and close(fast.theta, ref.theta, 1e-9)


@settings(max_examples=15)
@given(problems, st.booleans())
def test_weights_of_one_are_the_unweighted_bits_X_2(p, average):
    """X-2: weights all 1 give the notes' unweighted results bit for bit in both faces (1·r is r,
    Σ 1 is m, √1 is 1): ℓ, ∇ℓ, H and gradient ascent's iterates."""
    X, y, Theta = S.to_float(p)
    ones = [1.0] * len(X)
    Xa, Ta = np.array(X), np.array(Theta)
    assert F.log_likelihood(Xa, y, Ta, sample_weight=np.ones(len(X))) == F.log_likelihood(Xa, y, Ta)
    assert R.log_likelihood(X, y, Theta, sample_weight=ones) == R.log_likelihood(X, y, Theta)
    assert np.array_equal(F.gradient(Xa, y, Ta, sample_weight=np.ones(len(X))), F.gradient(Xa, y, Ta))
    assert R.gradient(X, y, Theta, sample_weight=ones) == R.gradient(X, y, Theta)
    assert np.array_equal(F.hessian(Xa, y, Ta, sample_weight=np.ones(len(X))), F.hessian(Xa, y, Ta))
    assert R.hessian(X, y, Theta, sample_weight=ones) == R.hessian(X, y, Theta)
    fit = F.gradient_ascent(Xa, y, Ta, 0.05, 6, tol=None, average=average, record=True)
    weighted_fit = F.gradient_ascent(Xa, y, Ta, 0.05, 6, tol=None, average=average, record=True,
                                     sample_weight=np.ones(len(X)))
    assert np.array_equal(fit.path, weighted_fit.path)


def test_weighted_average_divides_by_the_reference_s_sum_X_2():
    """X-2: ``average`` divides by Σ wᵢ summed left to right as the reference sums it; with 40
    real weights (whose float sum depends on the order) the 200 iterates are equal to the last
    bit."""
    rng = np.random.default_rng(13)
    X = np.c_[np.ones(40), rng.standard_normal((40, 2))]
    y = rng.integers(1, 4, 40)
    w = rng.uniform(0.0, 3.0, 40)
    fast = F.gradient_ascent(X, y, np.zeros((2, 3)), 0.3, max_iterations=200, tol=None, average=True,
                             record=True, sample_weight=w)
    ref = R.gradient_ascent(X.tolist(), y.tolist(), [[0.0] * 3] * 2, 0.3, max_iterations=200, tol=None,
                            average=True, record=True, sample_weight=w.tolist())
    assert np.array_equal(fast.path, np.array(ref.path))


@pytest.mark.parametrize("weighted", [False, True])
def test_gradient_past_one_block_is_the_references_per_block_added_in_block_order_SM_4_X_7(weighted):
    """SM-4, X-7: on 2·4,096 + 5 rows the fast ∇ℓ is the reference's ∇ℓ of each block of 4,096
    rows (its order within the block), the three partials added left to right; on one block it
    is the reference's bit for bit. X-2: with sample weights too."""
    import cs229.fast.softmax as FS
    import cs229.reference.softmax as RS
    from cs229.fast._summation import ROWS_PER_BLOCK as BLOCK
    rng = np.random.default_rng(8)
    m = 2 * BLOCK + 5
    X = rng.standard_normal((m, 3))
    y = rng.integers(1, 4, m)
    Theta = np.array([[0.2, -0.4, 0.1], [0.0, 0.3, -0.2]])
    w = rng.uniform(0, 2, m) if weighted else None
    blocks = [slice(b, min(b + BLOCK, m)) for b in range(0, m, BLOCK)]
    parts = [np.array(RS.gradient(X[s].tolist(), y[s].tolist(), Theta.tolist(),
                                  None if w is None else w[s].tolist()), dtype=float) for s in blocks]
    expected = np.zeros_like(Theta)
    for part in parts:
        expected = expected + part
    assert np.array_equal(FS.gradient(X, y, Theta, w), expected)
    assert np.array_equal(FS.gradient(X[blocks[0]], y[blocks[0]], Theta, None if w is None else w[blocks[0]]),
                          parts[0])
