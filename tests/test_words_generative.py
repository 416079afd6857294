"""The exact type and full text of the errors of cs229.reference.generative (and of its fast twin
where the function exists there): Bayes' rule, distributions, covariances, GDA models and fits."""
from fractions import Fraction

import pytest

import cs229.reference.generative as R
from cs229.reference.generative import GDAModel, NotPositiveDefiniteError, ZeroOverZeroError

IDENTITY = [[1.0, 0.0], [0.0, 1.0]]
MEANS = dict(mu0=[0.0, 0.0], mu1=[1.0, 1.0], Sigma=IDENTITY)


# ---- GEN-1 (reference only) -------------------------------------------------------------------

@pytest.mark.parametrize("name", ["evidence", "bayes_posterior", "bayes_argmax"])
def test_bayes_rule_names_both_lengths_when_they_disagree_GEN_1(name):
    with pytest.raises(ValueError) as e:
        getattr(R, name)([0.5, 0.5], [1.0])
    assert str(e.value) == "likelihoods has 2 entries but priors has 1"


@pytest.mark.parametrize("name", ["evidence", "bayes_posterior", "bayes_argmax"])
@pytest.mark.parametrize("likelihoods, priors, message", [
    ([-0.5, 1.0], [0.5, 0.5], "likelihoods[0] is -0.5: probabilities must be >= 0"),
    ([0.5, 1.0], [1.5, -0.5], "priors[1] is -0.5: probabilities must be >= 0"),
], ids=["likelihood", "prior"])
def test_bayes_rule_names_the_negative_probability_GEN_1(name, likelihoods, priors, message):
    with pytest.raises(ValueError) as e:
        getattr(R, name)(likelihoods, priors)
    assert str(e.value) == message


@pytest.mark.parametrize("name, likelihoods, priors", [
    ("bayes_posterior", [0.0, 0.0], [0.5, 0.5]),
    # the likelihood of class 0 is positive, but its prior is 0: every joint is still 0
    ("bayes_argmax", [0.0, 1.0], [0.5, 0.0]),
], ids=["posterior", "argmax"])
def test_bayes_rule_with_every_joint_zero_is_zero_over_zero_GEN_1(name, likelihoods, priors):
    with pytest.raises(ZeroOverZeroError) as e:
        getattr(R, name)(likelihoods, priors)
    assert str(e.value) == "p(x|y)p(y) = 0 for every class y: the posterior p(y|x) is 0/0"


@pytest.mark.parametrize("log_joint", [[], "ab", 3.0], ids=["empty", "str", "scalar"])
def test_log_posterior_needs_a_non_empty_sequence_GEN_1(log_joint):
    with pytest.raises(ValueError) as e:
        R.log_posterior(log_joint)
    assert str(e.value) == "log_joint must be a non-empty sequence of log p(x, y)"


def test_log_posterior_of_only_impossible_classes_is_zero_over_zero_GEN_1():
    with pytest.raises(ZeroOverZeroError) as e:
        R.log_posterior([float("-inf"), float("-inf")])
    assert str(e.value) == "p(x, y) = 0 for every class y: the posterior p(y|x) is 0/0"


# ---- MVN-1 ------------------------------------------------------------------------------------

MOMENTS = ["expectation", "covariance", "covariance_from_moments"]


@pytest.mark.parametrize("name", MOMENTS)
def test_a_distribution_names_points_and_probabilities_lengths_MVN_1(name):
    with pytest.raises(ValueError) as e:
        getattr(R, name)([[1.0], [2.0]], [1.0])
    assert str(e.value) == "points has 2 rows but probabilities has 1 entries"


@pytest.mark.parametrize("name", MOMENTS)
def test_a_distribution_refuses_a_negative_probability_MVN_1(name):
    # the entries sum to 1, so only the sign can be the reason
    with pytest.raises(ValueError) as e:
        getattr(R, name)([[1.0], [2.0]], [1.5, -0.5])
    assert str(e.value) == "probabilities must be >= 0"


@pytest.mark.parametrize("name", MOMENTS)
@pytest.mark.parametrize("probabilities, total", [
    ([0.5, 0.25], "0.75"),
    ([Fraction(1, 2), Fraction(1, 4)], "3/4"),
], ids=["float", "fraction"])
def test_a_distribution_names_a_sum_other_than_one_MVN_1(name, probabilities, total):
    with pytest.raises(ValueError) as e:
        getattr(R, name)([[1.0], [2.0]], probabilities)
    assert str(e.value) == f"probabilities must sum to 1, they sum to {total}"


@pytest.mark.parametrize("Sigma, feature, given, variance", [
    ([[-1.0, 0.0], [0.0, 1.0]], 0, "", "-1.0"),
    ([[1.0, 0.0], [0.0, -1.0]], 1, " given feature 0", "-1.0"),
    # 1 − 2·2/1: feature 1 left after its regression on feature 0
    ([[1.0, 2.0], [2.0, 1.0]], 1, " given feature 0", "-3.0"),
    ([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, -2.0]], 2, " given features 0..1", "-2.0"),
], ids=["first", "second", "correlated", "third"])
def test_check_covariance_names_the_negative_variance_MVN_1(impl, Sigma, feature, given, variance):
    with pytest.raises(NotPositiveDefiniteError) as e:
        impl.generative.check_covariance(impl.arg(Sigma))
    assert type(e.value) is NotPositiveDefiniteError
    assert str(e.value) == (f"Sigma is not positive semi-definite: the variance of feature {feature}"
                            f"{given} is {variance} < 0")


def test_mvn_log_density_refuses_an_indefinite_Sigma_MVN_1(impl):
    with pytest.raises(NotPositiveDefiniteError) as e:
        impl.generative.mvn_log_density(impl.arg([0.0, 0.0]), impl.arg([0.0, 0.0]),
                                        impl.arg([[1.0, 2.0], [2.0, 1.0]]))
    assert str(e.value) == ("Sigma is not positive semi-definite: the variance of feature 1 given "
                            "feature 0 is -3.0 < 0")


def test_mvn_log_density_names_the_lengths_of_x_and_mu_MVN_1(impl):
    with pytest.raises(ValueError) as e:
        impl.generative.mvn_log_density(impl.arg([1.0]), impl.arg([0.0, 0.0]), impl.arg(IDENTITY))
    assert str(e.value) == "x has 1 entries but mu has 2"


def test_mvn_log_densities_names_the_columns_of_X_and_mu_MVN_1(impl):
    with pytest.raises(ValueError) as e:
        impl.generative.mvn_log_densities(impl.arg([[1.0]]), impl.arg([0.0, 0.0]), impl.arg(IDENTITY))
    assert str(e.value) == "X has 1 columns but mu has 2 entries"


# ---- GDA-1 … GDA-3 ----------------------------------------------------------------------------

@pytest.mark.parametrize("y, c", [([0.0, 0.0], 1), ([1.0, 1.0], 0)], ids=["no1", "no0"])
def test_gda_fit_names_the_class_without_examples_GDA_1(impl, y, c):
    with pytest.raises(ValueError) as e:
        impl.generative.gda_fit(impl.arg([[1.0], [2.0]]), impl.arg(y))
    assert str(e.value) == (f"y has no examples of class {c}: μ_{c} = Σ 1{{y = {c}}} x / Σ 1{{y = {c}}} "
                            "is 0/0 (GDA needs both classes)")


@pytest.mark.parametrize("X, name", [
    # 1e308 + 1e308 overflows the class-0 sum, so μ₀ is inf
    ([[1e308], [1e308], [0.0], [1.0]], "mu"),
    # μ₀ = 0, and each deviation 1e200 squares to 1e400, past float64
    ([[1e200], [-1e200], [0.0], [1.0]], "Sigma"),
], ids=["mu", "Sigma"])
def test_gda_fit_refuses_estimates_that_overflow_GDA_1(impl, X, name):
    with pytest.raises(ValueError) as e:
        impl.generative.gda_fit(impl.arg(X), impl.arg([0.0, 0.0, 1.0, 1.0]))
    assert str(e.value) == ("X is too large for float64: the class means and the covariance Σ of GDA-1 "
                            f"overflow ({name} has an entry inf); rescale X")


BAD_MODELS = [
    ("model", TypeError, "model must be a GDAModel, got str"),
    (None, TypeError, "model must be a GDAModel, got NoneType"),
    (GDAModel(0.0, **MEANS), ValueError, "model.phi must be in (0, 1), got 0.0"),
    (GDAModel(1.5, **MEANS), ValueError, "model.phi must be in (0, 1), got 1.5"),
    (GDAModel(1, **MEANS), ValueError, "model.phi must be in (0, 1), got 1"),  # shown as given
    (GDAModel(0.5, [0.0, 0.0], [1.0, 1.0, 1.0], IDENTITY), ValueError,
     "model.mu1 has 3 entries but model.mu0 has 2"),
    (GDAModel(0.5, [0.0, 0.0], [1.0, 1.0], [[1.0, 0.0], [0.0, -1.0]]), NotPositiveDefiniteError,
     "model.Sigma is not positive semi-definite: the variance of feature 1 given feature 0 is -1.0 < 0"),
]
BAD_MODEL_IDS = ["str", "none", "phi0", "phi15", "phi1", "mu1", "Sigma"]


@pytest.mark.parametrize("name", ["gda_log_joint", "gda_posterior", "gda_predict"])
@pytest.mark.parametrize("model, error, message", BAD_MODELS, ids=BAD_MODEL_IDS)
def test_a_bad_model_is_refused_with_its_reason_GDA_2(impl, name, model, error, message):
    with pytest.raises(error) as e:
        getattr(impl.generative, name)(model, impl.arg([[0.0, 0.0]]))
    assert type(e.value) is error
    assert str(e.value) == message


@pytest.mark.parametrize("model, error, message", BAD_MODELS, ids=BAD_MODEL_IDS)
def test_gda_log_likelihood_refuses_a_bad_model_GDA_1(impl, model, error, message):
    with pytest.raises(error) as e:
        impl.generative.gda_log_likelihood(model, impl.arg([[0.0, 0.0]]), impl.arg([0.0]))
    assert type(e.value) is error
    assert str(e.value) == message


@pytest.mark.parametrize("model, error, message", BAD_MODELS, ids=BAD_MODEL_IDS)
def test_gda_logistic_theta_refuses_a_bad_model_GDA_3(impl, model, error, message):
    with pytest.raises(error) as e:
        impl.generative.gda_logistic_theta(model)
    assert type(e.value) is error
    assert str(e.value) == message


# ---- GDA-4 (reference only) -------------------------------------------------------------------

@pytest.mark.parametrize("phi", [0.0, 1.0, -0.5], ids=["zero", "one", "negative"])
def test_poisson_posterior_refuses_phi_outside_the_open_interval_GDA_4(phi):
    with pytest.raises(ValueError) as e:
        R.poisson_posterior(1, phi, 1.0, 2.0)
    assert str(e.value) == f"phi must be in (0, 1), got {phi}"


@pytest.mark.parametrize("phi", [0.0, 1.0, -0.5], ids=["zero", "one", "negative"])
def test_poisson_logistic_theta_refuses_phi_outside_the_open_interval_GDA_4(phi):
    with pytest.raises(ValueError) as e:
        R.poisson_logistic_theta(phi, 1.0, 2.0)
    assert str(e.value) == f"phi must be in (0, 1), got {phi}"
