"""Part III, generalized linear models (GLM-1 … GLM-4): the fast face against the reference on the
same input: the same iterates where the order of operations is the same, the same answer to rounding
otherwise, the same verdicts."""
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from hypothesis import given, strategies as st

import cs229.fast.glm as F
import cs229.reference.glm as R
from cs229.reference import exponential_family as ef
from cs229.reference import newton
from cs229.reference.linalg import SingularMatrixError
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


# ---- L2 regularisation ------------------------------------------------------------------------

@given(S.count_problems(), st.sampled_from([0.25, 3.0]), st.booleans())
def test_penalised_poisson_regression_fast_matches_reference_and_optimality_X_1(p, lam, penalize_intercept):
    """X-1: Poisson Newton on ℓ − (λ/2)‖θ′‖²: both faces to rounding, ∇ℓ(θ̂) = λθ̂′ at the answer."""
    X, y, _ = p
    Xf = S.to_float(X)
    ref = R.poisson_regression(Xf, y, lam=lam, penalize_intercept=penalize_intercept)
    fast = F.poisson_regression(np.array(Xf), y, lam=lam, penalize_intercept=penalize_intercept)
    assert fast.iterations == ref.iterations and close(fast.theta, ref.theta, 1e-10)
    first = 0 if penalize_intercept else 1
    g = R.gradient("poisson", Xf, y, ref.theta)
    assert max(abs(g_j - (lam * t if j >= first else 0)) for j, (g_j, t) in enumerate(zip(g, ref.theta))) < 1e-8


@given(S.count_problems(), st.sampled_from(["poisson", "bernoulli", "gaussian"]), st.sampled_from([1e-3, 1e-2]),
       st.sampled_from([0.5, 4.0]), st.booleans())
def test_penalised_gradient_ascent_same_iterates_X_1(p, name, alpha, lam, average):
    """X-1: θ := θ + α(∇ℓ − λθ′) for a GLM: the same iterates bit for bit."""
    fam = ef.family(name)
    X, y, theta = _problem(fam, p)
    try:
        ref = R.gradient_ascent(fam, X, y, theta, alpha, 8, tol=None, average=average, record=True, lam=lam)
    except ConvergenceError as e:
        with pytest.raises(ConvergenceError) as f:
            F.gradient_ascent(fam, np.array(X), np.array(y), np.array(theta), alpha, 8, tol=None,
                              average=average, lam=lam)
        assert str(f.value) == str(e)
        return
    fast = F.gradient_ascent(fam, np.array(X), np.array(y), np.array(theta), alpha, 8, tol=None,
                             average=average, record=True, lam=lam)
    assert np.array_equal(fast.path, np.array(ref.path))


@given(S.count_problems(), st.sampled_from(["bernoulli", "gaussian"]))
def test_penalised_glm_newton_fast_matches_reference_X_1(p, name):
    """X-1: GLM Newton with lam, Bernoulli and Gaussian: both faces to rounding."""
    fam = ef.family(name)
    X, y, _ = _problem(fam, p)
    try:
        ref = R.newton(fam, X, y, lam=1.5)
    except (ArithmeticError, ValueError) as e:  # one label: no IRLS start (and no maximum)
        with pytest.raises(type(e)) as f:
            F.newton(fam, np.array(X), np.array(y), lam=1.5)
        assert str(f.value) == str(e)
        return
    fast = F.newton(fam, np.array(X), np.array(y), lam=1.5)
    assert fast.iterations == ref.iterations and close(fast.theta, ref.theta, 1e-9)


@pytest.mark.parametrize("penalize_intercept", [False, True])
def test_penalised_data_start_fits_more_features_than_examples_X_1(penalize_intercept):
    """X-1, GLM-4: 15 examples of 30 features, XᵀW₀X singular: the data start solves
    (XᵀW₀X + λI′)θ₀ = XᵀW₀z₀, so the penalised Poisson fit (well posed) runs in both faces and
    they agree; without the penalty the start stays singular."""
    rng = np.random.default_rng(15)
    X = np.column_stack([np.ones(15), rng.standard_normal((15, 29))])
    y = rng.poisson(1.5, 15).astype(float)
    ref = R.poisson_regression(X.tolist(), y.tolist(), lam=1.0, penalize_intercept=penalize_intercept)
    fast = F.poisson_regression(X, y, lam=1.0, penalize_intercept=penalize_intercept)
    assert ref.converged and fast.iterations == ref.iterations and close(fast.theta, ref.theta, 1e-10)
    first = 0 if penalize_intercept else 1
    g = R.gradient("poisson", X.tolist(), y.tolist(), ref.theta)
    assert max(abs(g_j - (1.0 * t if j >= first else 0)) for j, (g_j, t) in enumerate(zip(g, ref.theta))) < 1e-8
    for face, data in ((R, (X.tolist(), y.tolist())), (F, (X, y))):
        with pytest.raises(SingularMatrixError, match="singular: column 15 "):
            face.poisson_regression(*data)


def test_penalised_data_start_is_the_ridge_fit_of_the_working_response_X_1():
    """X-1: the start's system is XᵀW₀X + λI′ (θ₀ unpenalised) and XᵀW₀z₀, exactly (rationals),
    and λ = 0 leaves XᵀW₀X as it was."""
    X = [[Fraction(1), Fraction(2)], [Fraction(1), Fraction(-1)], [Fraction(1), Fraction(3)]]
    y = [Fraction(1), Fraction(0), Fraction(2)]
    A0, b0 = newton.data_start_system(ef.GAUSSIAN, X, y)
    A, b = newton.data_start_system(ef.GAUSSIAN, X, y, penalty=(Fraction(5), 1))
    assert b == b0 and A == [[A0[0][0], A0[0][1]], [A0[1][0], A0[1][1] + 5]]
    A, _ = newton.data_start_system(ef.GAUSSIAN, X, y, penalty=(Fraction(5), 0))
    assert A == [[A0[0][0] + 5, A0[0][1]], [A0[1][0], A0[1][1] + 5]]
    assert newton.data_start_system(ef.GAUSSIAN, X, y, penalty=(0, 1)) == (A0, b0)


@pytest.mark.parametrize("model", ["least squares", "logistic", "poisson, offset and weights"])
def test_gradient_past_one_block_is_the_references_per_block_added_in_block_order_X_7(model):
    """LR-3, LG-4, GLM-4, X-7: on 2·4,096 + 5 rows the fast gradient is the reference's gradient
    of each block of 4,096 rows (in the reference's order within it), the three partials added
    left to right; on one block it is the reference's bit for bit."""
    import cs229.fast.linear_regression as FR
    import cs229.fast.logistic_regression as FL
    import cs229.reference.linear_regression as RR
    import cs229.reference.logistic_regression as RL
    from cs229.fast._summation import ROWS_PER_BLOCK as BLOCK
    rng = np.random.default_rng(3)
    m = 2 * BLOCK + 5
    X = rng.standard_normal((m, 3))
    theta = np.array([0.2, -0.4, 0.1])
    offset, weight = 0.1 * rng.standard_normal(m), rng.uniform(0, 2, m)
    if model == "least squares":
        y = X @ theta + rng.standard_normal(m)
        fast, reference = (lambda a, b, w, o: FR.gradient(a, b, theta)), (lambda a, b, w, o: RR.gradient(a.tolist(), b.tolist(), theta.tolist()))
    elif model == "logistic":
        y = (rng.random(m) < 0.5).astype(float)
        fast, reference = (lambda a, b, w, o: FL.gradient(a, b, theta)), (lambda a, b, w, o: RL.gradient(a.tolist(), b.tolist(), theta.tolist()))
    else:
        y = rng.poisson(1.0, m).astype(float)
        fast = lambda a, b, w, o: F.gradient("poisson", a, b, theta, o, w)  # noqa: E731
        reference = lambda a, b, w, o: R.gradient("poisson", a.tolist(), b.tolist(), theta.tolist(), o.tolist(), w.tolist())  # noqa: E731
    blocks = [slice(b, min(b + BLOCK, m)) for b in range(0, m, BLOCK)]
    parts = [np.array(reference(X[s], y[s], weight[s], offset[s]), dtype=float) for s in blocks]
    expected = np.zeros(3)
    for part in parts:
        expected = expected + part
    assert np.array_equal(fast(X, y, weight, offset), expected)
    assert np.array_equal(fast(X[blocks[0]], y[blocks[0]], weight[blocks[0]], offset[blocks[0]]), parts[0])
