"""Part III, generalized linear models (GLM-1 … GLM-4): the notes' formulas and the facts they
state, against exact (Fraction) and 50-digit oracles and invariants, on the reference and, where a
test takes ``impl``, on both faces."""
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given

import cs229.fast.glm as F
import cs229.reference.glm as R
from cs229.reference import exponential_family as ef, linear_regression as lr, logistic_regression as lg
from cs229.reference.results import ConvergenceError
from cs229.testing import strategies as S

from tests.linear_regression.test_formulas import borderline_design


def close(a, b, rel=1e-12):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return np.allclose(a, b, rtol=rel, atol=rel * max(1.0, np.abs(b).max(initial=0.0)))


# ---- GLM-1: the hypothesis -------------------------------------------------------------------------

@given(S.count_problems())
def test_hypothesis_is_the_canonical_response_GLM_1(p):
    X, _, theta = S.to_float(p)
    bound = max(sum(abs(v) for v in x[1:]) for x in X)  # |θⱼ| <= 1 below: η <= θ₀ + bound
    negative = [-1 - bound] + theta[1:]
    for fam, th in ((ef.POISSON, theta), (ef.BERNOULLI, theta), (ef.GAUSSIAN, theta),
                    (ef.EXPONENTIAL, negative)):
        ref = R.hypotheses(fam, X, th)
        assert close(F.hypotheses(fam, np.array(X), np.array(th)), ref)
        assert close(F.hypothesis(fam.name, X[0], th), R.hypothesis(fam.name, X[0], th))
        assert close(ref, [fam.response(sum(a * b for a, b in zip(x, th))) for x in X])


# ---- GLM-4: fitting --------------------------------------------------------------------------------

@given(S.regression_problems(min_rows=5))
def test_gaussian_glm_is_least_squares_GLM_2_GLM_4(p):
    """OLS as a GLM: Newton on the Gaussian family lands on the normal-equations θ in one step."""
    X, y, _ = S.to_float(p)
    fit = R.newton("gaussian", X, y)
    assert fit.iterations <= 2 and close(fit.theta, lr.normal_equations(X, y), 1e-9)
    assert close(F.newton("gaussian", np.array(X), np.array(y)).theta, fit.theta, 1e-9)


@given(S.classification_problems())
def test_bernoulli_glm_is_logistic_regression_GLM_3_GLM_4(p):
    X, y, theta = S.to_float(p)
    assert R.newton("bernoulli", X, y, start="zero").theta == lg.newton(X, y).theta
    assert R.gradient("bernoulli", X, y, theta) == lg.gradient(X, y, theta)
    assert abs(R.log_likelihood("bernoulli", X, y, theta) - lg.log_likelihood(X, y, theta)) < 1e-12


def test_poisson_with_large_counts_has_a_finite_likelihood_GLM_4(impl):
    """log y! is summed, not formed as 1/y! (which underflows); Newton starts at log ȳ because
    from θ = 0 its first step overshoots into exp overflow on counts this large."""
    X, y = impl.arg([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]]), impl.arg([200, 400, 900])
    fit = impl.glm.poisson_regression(X, y, impl.arg([np.log(500.0), 0.0]))
    ll = impl.glm.log_likelihood("poisson", X, y, fit.theta)
    assert np.isfinite(ll) and ll < 0


XS, YS = [[1.0, -2.0], [1.0, -1.0], [1.0, 1.0], [1.0, 2.0]], [0, 0, 1, 1]


@pytest.mark.parametrize("family, X, theta", [
    ("gaussian", [[1e200, 1.0], [1e200, -1.0]], [1e200, 0.0]),      # θᵀx overflows to ±inf
    ("poisson", [[1e200, 1.0], [1e200, -1.0]], [1e200, 0.0]),       # e^η of an infinite η
    ("exponential", [[1.0, 1.0], [1.0, 0.0]], [-1e-300, 0.0]),      # a″(η) = 1/η² overflows
])
def test_gradient_where_only_eta_or_the_variance_overflows_GLM_4(impl, family, X, theta):
    """Only e^η of a finite η is an overflow of g(θᵀx) in the gradient (the reference's
    OverflowError); an infinite η, or a variance past the float range (the gradient does not use
    it), flows into ∇ℓ as in the reference, and a step leaves the finite numbers."""
    y = impl.arg([1.0, 2.0])
    g = impl.glm.gradient(family, impl.arg(X), y, impl.arg(theta))
    assert np.array_equal(np.asarray(g, dtype=float), np.asarray(R.gradient(family, X, [1.0, 2.0], theta)),
                          equal_nan=True)
    if np.isfinite(np.asarray(g, dtype=float)).all():
        return
    with pytest.raises(ConvergenceError) as e:
        impl.glm.gradient_ascent(family, impl.arg(X), y, impl.arg(theta), 1.0, 3)
    assert str(e.value) == ("GLM gradient ascent diverged at iteration 1: θ is no longer finite "
                            "(alpha=1.0 is too large)")


def test_gradient_ascent_defaults_GLM_4():
    """tol = 1e-10, the 10,000-step cap, the summed gradient, no path: as if given explicitly."""
    y = [1, 0, 2, 1]
    default = R.gradient_ascent("poisson", XS, y, [0.0, 0.0], 0.01)
    explicit = R.gradient_ascent("poisson", XS, y, [0.0, 0.0], 0.01, max_iterations=10_000, tol=1e-10,
                                 average=False, record=False)
    assert default.path is None and (default.iterations, default.theta) == (explicit.iterations, explicit.theta)
    assert default.iterations != R.gradient_ascent("poisson", XS, y, [0.0, 0.0], 0.01, average=True).iterations
    with pytest.raises(ConvergenceError, match="did not converge in 10000 iterations"):
        R.gradient_ascent("poisson", XS, y, [0.0, 0.0], 1e-6)


def test_poisson_regression_defaults_GLM_4():
    fit = R.poisson_regression(XS, [1, 0, 2, 1])
    assert fit.path is None and fit.converged
    with pytest.raises(ConvergenceError, match="in 100 iterations"):
        R.poisson_regression(XS, [1, 0, 2, 1], tol=0.0)


def test_newton_defaults_GLM_4():
    """100 steps, no path, the data start: as if given explicitly."""
    y = [1, 0, 2, 1]
    default = R.newton("poisson", XS, y)
    explicit = R.newton("poisson", XS, y, None, max_iterations=100, tol=1e-10, record=False, start="data")
    assert default.path is None and (default.iterations, default.theta) == (explicit.iterations, explicit.theta)
    with pytest.raises(ConvergenceError, match="in 100 iterations"):
        R.newton("poisson", XS, y, tol=0.0)
    assert R.newton("poisson", XS, y, start="zero", record=True).path[0] == [0.0, 0.0]


def test_zero_start_on_a_zero_first_entry_one_column_or_one_row_GLM_4():
    """start='zero' is θ = 0 whatever X holds: a first entry of 0, a single column, a single row."""
    assert R.newton("poisson", [[0.0], [1.0], [2.0]], [1, 2, 4], start="zero").theta == pytest.approx(
        [0.6931471805599453], rel=1e-12)
    assert R.newton("poisson", [[1.0]], [2], start="zero").theta == pytest.approx([0.6931471805599453], rel=1e-12)


# ---- standard errors from the inverse Fisher information -----------------------------------

def test_standard_errors_of_one_coefficient_are_exact_X_6():
    """One column of four 1s, the Gaussian family (W = I): I = 4, SE = √(1/4) = 1/2, a Fraction."""
    X, y = [[Fraction(1)]] * 4, [Fraction(1), Fraction(2), Fraction(0), Fraction(3)]
    se = R.standard_errors("gaussian", X, y, [Fraction(5)])
    assert se == [Fraction(1, 2)] and type(se[0]) is Fraction


def test_standard_errors_at_a_borderline_pivot_are_the_inverse_information_at_50_digits_X_6():
    """The Gaussian I = XᵀX of ``borderline_design`` has a pivot within rounding of the bound, so
    column j of I⁻¹ is referred to 50 digits: SE = √([I⁻¹]ⱼⱼ) of the float I, inverted exactly,
    rounded (the float LDLᵀ alone is off in the fifth digit)."""
    X, y, _ = borderline_design()
    theta = [0.0, 0.0]
    I = [[Fraction(v) for v in row] for row in R.fisher_information("gaussian", X, y, theta)]
    det = I[0][0] * I[1][1] - I[0][1] * I[1][0]
    assert R.standard_errors("gaussian", X, y, theta) == [math.sqrt(float(I[1][1] / det)),
                                                          math.sqrt(float(I[0][0] / det))]


@given(S.classification_problems())
def test_standard_errors_are_the_square_roots_of_the_inverse_information_X_6(p):
    X, y, theta = p
    X, theta = S.to_float(X), [float(t) for t in theta]
    info = np.array(R.fisher_information("bernoulli", X, y, theta))
    assert np.allclose(info, info.T) and np.all(np.linalg.eigvalsh(info) > 0)
    se = F.standard_errors("bernoulli", X, y, theta, scale=2.0)
    np.testing.assert_allclose(se, np.sqrt(2.0 * np.diag(np.linalg.inv(info))), rtol=1e-9)
