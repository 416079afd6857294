"""Part IV §1, Bayes' rule, the Gaussian and GDA (GEN-1, MVN-1, GDA-1 … GDA-4): pinned cases. Each
pins a behaviour the other tests left open (a mutant of the reference that survived them) or
reproduces a defect once found; each section below says what its cases pin and why."""
import math
from fractions import Fraction

import mpmath
import numpy as np
import pytest

import cs229.reference.generative as R
import cs229.reference.generative as RG

from tests.reproducers import FACES_IV


# ==================================================================================================
# Pins down behaviour of cs229.reference.generative that the other suites left open: the names in
# its input messages, ties and exact zeros in Bayes' rule, the tolerance on a probability sum, the
# exact scaling of the Cholesky factor, which features a singular Σ names, and rows or parameters
# at the edge of the float range (on both faces where both have the function).


EPS = 2.0 ** -52


# ---- GEN-1: Bayes' rule -----------------------------------------------------------------------

@pytest.mark.parametrize("function", ["evidence", "bayes_posterior", "bayes_argmax"])
@pytest.mark.parametrize("likelihoods, priors, message", [
    ([[1], [1]], [1, 1], "likelihoods must be 1-dimensional, got 2 dimension(s)"),
    ([1, 1], [1, float("nan")], "priors[1] is nan: expected a finite number"),
], ids=["likelihoods", "priors"])
def test_bayes_rule_bad_input_names_the_argument_GEN_1(function, likelihoods, priors, message):
    with pytest.raises(ValueError) as e:
        getattr(R, function)(likelihoods, priors)
    assert str(e.value) == message


def test_evidence_of_a_single_class_GEN_1():
    p_x = R.evidence([Fraction(1, 3)], [1])
    assert p_x == Fraction(1, 3) and isinstance(p_x, Fraction)


def test_bayes_argmax_tie_goes_to_smallest_class_GEN_1():
    assert R.bayes_argmax([1, 1], [1, 1]) == 0
    assert R.bayes_argmax([Fraction(1, 2), 1, 1], [1, Fraction(1, 2), Fraction(1, 2)]) == 0
    assert R.bayes_argmax([0, 1, 1], [1, 1, 1]) == 1


def test_log_posterior_bad_entry_is_named_by_index_GEN_1():
    with pytest.raises(ValueError) as e:
        R.log_posterior([0.0, float("nan")])
    assert str(e.value) == "log_joint[1] is nan: expected a finite number"


def test_log_posterior_of_equal_zero_log_joints_is_log_half_GEN_1():
    assert R.log_posterior([0, 0]) == [-math.log(2), -math.log(2)]
    assert R.log_posterior([0.0, -1.0])[0] == -math.log1p(math.exp(-1.0))


def test_log_posterior_minus_infinity_has_the_kind_of_the_entries_GEN_1():
    mpf_out = R.log_posterior([mpmath.mpf(0), float("-inf")])
    assert isinstance(mpf_out[1], mpmath.mpf) and mpf_out[1] == mpmath.ninf
    assert mpf_out[0] == 0
    float_out = R.log_posterior([0.0, float("-inf")])
    assert type(float_out[1]) is float and float_out[1] == float("-inf")
    assert float_out[0] == 0.0


# ---- MVN-1: expectation and the distribution --------------------------------------------------

@pytest.mark.parametrize("function", ["expectation", "covariance", "covariance_from_moments"])
@pytest.mark.parametrize("points, probabilities, message", [
    ([[1], [1, 2]], None, "points is ragged: row 0 has 1 entries, row 1 has 2"),
    ([[1], [2]], [[1], [0]], "probabilities must be 1-dimensional, got 2 dimension(s)"),
], ids=["points", "probabilities"])
def test_distribution_bad_input_names_the_argument_MVN_1(function, points, probabilities, message):
    with pytest.raises(ValueError) as e:
        getattr(R, function)(points, probabilities)
    assert str(e.value) == message


def test_expectation_accepts_a_zero_probability_first_MVN_1():
    assert R.expectation([[1], [2]], [0, 1]) == [2]
    assert R.expectation([[1], [2]], [Fraction(0), Fraction(1)]) == [Fraction(2)]


def test_expectation_accepts_a_sum_within_rounding_of_one_MVN_1():
    # 1 + 3 eps: inside the tolerance 4 m eps = 8 eps for m = 2 probabilities
    assert R.expectation([[0.0], [1.0]], [0.5, 0.5 + 3 * EPS]) == [0.5 + 3 * EPS]


def test_expectation_refuses_a_sum_beyond_rounding_of_one_MVN_1():
    # 1 + 9 eps: beyond the tolerance 4 m eps = 8 eps for m = 2 probabilities
    with pytest.raises(ValueError) as e:
        R.expectation([[0.0], [1.0]], [0.5, 0.5 + 9 * EPS])
    assert str(e.value) == "probabilities must sum to 1, they sum to 1.000000000000002"


# ---- MVN-1: the density through the Cholesky factor -------------------------------------------

def test_mvn_log_density_factor_is_exact_square_root_MVN_1(impl):
    # Σ = [[2]] and x − μ = √2 (rounded): the quadratic term (x − μ)² / Σ is exactly 1
    g = impl.generative
    at_mean = g.mvn_log_density(impl.arg([0.0]), impl.arg([0.0]), impl.arg([[2.0]]))
    away = g.mvn_log_density(impl.arg([math.sqrt(2.0)]), impl.arg([0.0]), impl.arg([[2.0]]))
    assert away - at_mean == -0.5


def test_mvn_log_density_variances_of_very_different_scales_MVN_1(impl):
    Sigma = [[1e-200, 0.0], [0.0, 1.0]]
    value = impl.generative.mvn_log_density(impl.arg([0.0, 0.0]), impl.arg([0.0, 0.0]), impl.arg(Sigma))
    assert value == pytest.approx(-math.log(2 * math.pi) + 100 * math.log(10), rel=1e-14)


# ---- MVN-1: a singular Σ names the features of the combination ---------------------------------

@pytest.mark.parametrize("Sigma, features", [
    # feature 2 = feature 0 + 2^-10 feature 1, sd_1 = 2^-20: contribution 2^-30 sd_2, negligible
    ([[1.0, 0.0, 1.0], [0.0, 2.0**-40, 2.0**-50], [1.0, 2.0**-50, 1.0]], [0, 2]),
    # feature 2 = feature 0 + 2^-10 feature 1, sd_1 = 2^-10: contribution 2^-20 sd_2, significant
    ([[1.0, 0.0, 1.0], [0.0, 2.0**-20, 2.0**-30], [1.0, 2.0**-30, 1.0 + 2.0**-40]], [0, 1, 2]),
    # feature 2 = feature 0 + feature 1, sd_0 = 2^20, sd_1 = 1: both significant
    ([[2.0**40, 0.0, 2.0**40], [0.0, 1.0, 1.0], [2.0**40, 1.0, 2.0**40 + 1]], [0, 1, 2]),
], ids=["small-negligible", "small-significant", "large-scale"])
def test_check_covariance_names_significant_partners_MVN_1(impl, Sigma, features):
    partners = ", ".join(map(str, features[:-1]))
    plural = "s" if len(features) > 2 else ""
    with pytest.raises(impl.generative.SingularMatrixError) as e:
        impl.generative.check_covariance(impl.arg(Sigma))
    assert str(e.value) == (f"Sigma is singular: feature 2 is a linear combination of feature{plural} "
                            f"{partners}; the features {features} are linearly dependent "
                            "(drop or combine them)")
    assert e.value.features == features


# ---- GDA-1 … GDA-3 ----------------------------------------------------------------------------

def test_gda_fit_one_row_lacks_a_class_GDA_1(impl):
    with pytest.raises(ValueError) as e:
        impl.generative.gda_fit(impl.arg([[1.0]]), impl.arg([0]))
    assert str(e.value) == ("y has no examples of class 1: μ_1 = Σ 1{y = 1} x / Σ 1{y = 1} is 0/0 "
                            "(GDA needs both classes)")


def test_gda_fit_phi_exact_when_first_entry_is_exact_GDA_1():
    model = R.gda_fit([[Fraction(1)], [2.0], [3.0], [5.0]], [0, 0, 1, 1])
    assert model.phi == Fraction(1, 2) and isinstance(model.phi, Fraction)


def test_gda_classes_fit_phi_exact_when_first_entry_is_exact_X_3():
    model = R.gda_classes_fit([[Fraction(1)], [2.0], [3.0], [5.0], [4.0], [7.0]], [1, 1, 2, 2, 3, 3])
    assert model.phi == [Fraction(1, 3)] * 3 and all(isinstance(p, Fraction) for p in model.phi)


@pytest.mark.parametrize("phi, error, message", [
    (float("nan"), ValueError, "model.phi is nan: expected a finite number"),
    ("a", TypeError, "model.phi is 'a': expected a real number"),
], ids=["nan", "str"])
def test_gda_bad_model_phi_is_named_model_phi_GDA_2(impl, phi, error, message):
    model = impl.generative.GDAModel(phi, impl.arg([0.0]), impl.arg([1.0]), impl.arg([[1.0]]))
    with pytest.raises(error) as e:
        impl.generative.gda_posterior(model, impl.arg([[0.0]]))
    assert str(e.value) == message


def test_gda_posterior_one_class_joint_underflows_GDA_2(impl):
    # x = 0 is 1e200 standard deviations from μ₁ (log p(x, y = 1) = −∞) but at μ₀, and the reverse
    model = impl.generative.GDAModel(0.5, impl.arg([0.0]), impl.arg([1e200]), impl.arg([[1.0]]))
    out = impl.generative.gda_posterior(model, impl.arg([[0.0], [1e200]]))
    assert impl.out(out) == [0.0, 1.0]


def test_gda_logistic_theta_overflowing_weight_is_infinite_GDA_3(impl):
    # θ₁ = (μ₁ − μ₀) / Σ = 1e10 / 1e-300 overflows to +∞ (not NaN)
    model = impl.generative.GDAModel(0.5, impl.arg([0.0]), impl.arg([1e10]), impl.arg([[1e-300]]))
    assert impl.out(impl.generative.gda_logistic_theta(model)) == [float("-inf"), float("inf")]


# ---- GDA-4: Poisson class-conditionals --------------------------------------------------------

@pytest.mark.parametrize("function", ["poisson_posterior", "poisson_logistic_theta"])
@pytest.mark.parametrize("phi, lambda0, lambda1, error, message", [
    (float("nan"), 1, 1, ValueError, "phi is nan: expected a finite number"),
    ("a", 1, 1, TypeError, "phi is 'a': expected a real number"),
    (0.5, float("inf"), 1, ValueError, "lambda0 is inf: expected a finite number"),
    (0.5, 1, 0, ValueError, "lambda1 must be > 0, got 0"),
    (0.5, 1, "a", TypeError, "lambda1 is 'a': expected a real number"),
], ids=["phi-nan", "phi-str", "lambda0-inf", "lambda1-zero", "lambda1-str"])
def test_poisson_bad_parameter_is_named_GDA_4(function, phi, lambda0, lambda1, error, message):
    args = (phi, lambda0, lambda1) if function == "poisson_logistic_theta" else (1, phi, lambda0, lambda1)
    with pytest.raises(error) as e:
        getattr(R, function)(*args)
    assert str(e.value) == message


@pytest.mark.parametrize("lam, error, message", [
    (0, ValueError, "lam must be > 0, got 0"),
    ("a", TypeError, "lam is 'a': expected a real number"),
], ids=["zero", "str"])
def test_poisson_log_pmf_bad_rate_is_named_lam_GDA_4(lam, error, message):
    with pytest.raises(error) as e:
        R.poisson_log_pmf(1, lam)
    assert str(e.value) == message


def test_poisson_logistic_theta_exact_at_even_odds_GDA_4():
    theta = R.poisson_logistic_theta(Fraction(1, 2), 3, 3)
    assert theta == [0, 0]
    assert all(isinstance(t, Fraction) for t in theta)


def test_poisson_logistic_theta_odds_two_GDA_4():
    # φ/(1 − φ) = 2 and λ₁/λ₀ = 2, both exact rationals whose log is irrational
    theta = R.poisson_logistic_theta(Fraction(2, 3), 1, 2)
    assert theta[0] == pytest.approx(math.log(2.0) - 1, rel=1e-15)
    assert theta[1] == math.log(2.0)


# ==================================================================================================
# Reproducers of the hardening review (issue 12) for Part IV (GDA, Naive Bayes) and decision
# trees: crashes, a hang, wrong answers and errors a user cannot act on. Each one is a test on both
# faces. The inputs that once crashed or hung the interpreter run in a child process with a time
# limit, so that a segfault or a hang fails the test instead of killing the worker.


# ---- wrong answers -----------------------------------------------------------------------------

@pytest.mark.parametrize("face", FACES_IV)
def test_gda_posterior_of_a_far_point_is_zero_over_zero_W6(face):
    G = FACES_IV[face][2]
    model = RG.GDAModel(0.5, [0.0], [1.0], [[1.0]])
    with pytest.raises(RG.ZeroOverZeroError, match=r"X\[1\] is so far from both class means"):
        G.gda_posterior(model, [[0.5], [1e200]])
    assert G.gda_predict(model, [[1e200]])[0] == 0  # both joints −∞: the boundary's side, 0


@pytest.mark.parametrize("face", FACES_IV)
def test_an_overflowing_solve_gives_minus_infinity_not_nan_W6(face):
    """x − μ = (inf, 0) with a diagonal Σ: the forward solve meets 0·inf (NaN); the point is
    beyond the float range from μ, so its log-density is −∞."""
    G = FACES_IV[face][2]
    identity = [[1.0, 0.0], [0.0, 1.0]]
    out = G.mvn_log_densities([[1e308, 0.0], [1.0, 1.0]], [-1e308, 0.0], identity)
    assert np.asarray(out).tolist() == [-np.inf, -np.inf]
    joint = G.gda_log_joint(RG.GDAModel(0.5, [-1e308, 0.0], [-1e308, 1.0], identity), [[1e308, 0.0]])
    assert np.asarray(joint).tolist() == [[-np.inf, -np.inf]]


# ---- errors a user can act on ------------------------------------------------------------------

@pytest.mark.parametrize("face", FACES_IV)
def test_gda_names_overflow_and_underflow_of_x_as_the_cause(face):
    G = FACES_IV[face][2]
    X = np.array([[1.0, 2.0], [2.0, 1.0], [3.0, 4.0], [0.0, 1.0], [2.0, 3.0], [4.0, 2.0]])
    y = [0, 0, 0, 1, 1, 1]
    arg = (lambda a: a) if face == "fast" else (lambda a: a.tolist())
    with pytest.raises(ValueError, match="X is too large for float64"):
        G.gda_fit(arg(X * 1e200), y)
    with pytest.raises(RG.SingularMatrixError, match="the variance of feature 0 underflows to 0"):
        G.gda_fit(arg(X * 1e-170), y)
    Z = X.copy()
    Z[:, 0] = 0.0
    with pytest.raises(RG.SingularMatrixError, match="feature 0 has zero variance within each class"):
        G.gda_fit(arg(Z), y)


@pytest.mark.parametrize("face", FACES_IV)
def test_features_of_very_different_scales_are_not_called_singular(face):
    """Σ with variances 1e-20 and 1 is positive definite: check_covariance judges each pivot
    against its own feature's variance, and the solves and factors of GDA and MVN do too (an
    absolute tolerance called it "not positive definite" or "column 0 is zero")."""
    G = FACES_IV[face][2]
    S = [[1e-20, 0.0], [0.0, 1.0]]
    model = RG.GDAModel(0.5, [0.0, 0.0], [1e-10, 1.0], S)
    assert np.allclose(G.gda_logistic_theta(model), [-1.0, 1e10, 1.0], rtol=1e-12)
    assert np.allclose(G.mvn_log_densities([[1e-10, 1.0]], [0.0, 0.0], S), [20.187973863531113], rtol=1e-12)
    assert np.allclose(G.gda_log_joint(model, [[1e-10, 1.0]]), [[19.49482668297117, 20.49482668297117]], rtol=1e-12)
    with pytest.raises(RG.SingularMatrixError, match="feature 2 is a linear combination of feature 1;"):
        G.mvn_log_densities([[0.0, 0.0, 0.0]], [0.0, 0.0, 0.0], [[1e-20, 0, 0], [0, 1, 2], [0, 2, 4]])
