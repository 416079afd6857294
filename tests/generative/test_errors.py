"""Part IV §1, Bayes' rule, the Gaussian and GDA (GEN-1, MVN-1, GDA-1 … GDA-4): what both faces
refuse and how: the exact type and text of every error, and the bad-input treatment of every entry
point (tests/bad_input.py)."""
import math
from fractions import Fraction

import numpy as np
import pytest

import cs229.fast.generative as F
import cs229.reference.generative as R
from cs229.reference.generative import GDAModel, ZeroOverZeroError
from cs229.reference.linalg import NotPositiveDefiniteError, SingularMatrixError

from tests.bad_input import Table, install, same
from tests.bad_pairs import two_bad_arguments


# ---- GEN-1 ------------------------------------------------------------------------------------

def test_zero_evidence_is_zero_over_zero_GEN_1():
    with pytest.raises(R.ZeroOverZeroError, match="0/0"):
        R.bayes_posterior([0, 0], [Fraction(1, 2), Fraction(1, 2)])
    with pytest.raises(R.ZeroOverZeroError, match="0/0"):
        R.log_posterior([-math.inf, -math.inf])
    assert R.log_posterior([-math.inf, -2.0]) == [-math.inf, 0.0]
    with pytest.raises(ValueError, match="likelihoods"):
        R.bayes_posterior([-1, 1], [Fraction(1, 2), Fraction(1, 2)])


# ---- MVN-1 ------------------------------------------------------------------------------------

def test_singular_sigma_names_the_dependent_features_MVN_1(impl):
    f = impl.generative
    with pytest.raises(SingularMatrixError, match=r"feature 1 is a linear combination of feature 0") as e:
        f.mvn_log_density(impl.arg([0.0, 0.0]), impl.arg([0.0, 0.0]), impl.arg([[1.0, 2.0], [2.0, 4.0]]))
    assert e.value.features == [0, 1]
    with pytest.raises(SingularMatrixError, match="feature 1 has zero variance"):
        f.mvn_log_density(impl.arg([0.0, 0.0]), impl.arg([0.0, 0.0]), impl.arg([[1.0, 0.0], [0.0, 0.0]]))
    with pytest.raises(NotPositiveDefiniteError, match="not positive semi-definite"):
        f.mvn_log_density(impl.arg([0.0, 0.0]), impl.arg([0.0, 0.0]), impl.arg([[1.0, 2.0], [2.0, 1.0]]))
    with pytest.raises(ValueError, match="not symmetric"):
        f.mvn_log_density(impl.arg([0.0, 0.0]), impl.arg([0.0, 0.0]), impl.arg([[1.0, 0.5], [0.0, 1.0]]))


# ---- GDA-1 ------------------------------------------------------------------------------------

def test_a_class_with_no_examples_is_refused_GDA_1(impl):
    X = impl.arg([[1.0, 2.0], [2.0, 1.0], [3.0, 5.0]])
    with pytest.raises(ValueError, match="no examples of class 1"):
        impl.generative.gda_fit(X, impl.arg([0.0, 0.0, 0.0]))
    with pytest.raises(ValueError, match=r"y\[1\] is 2"):
        impl.generative.gda_fit(X, impl.arg([0.0, 2.0, 1.0]))


def test_singular_gda_sigma_names_dependent_features_GDA_1(impl):
    rng = np.random.default_rng(0)
    A = rng.integers(-5, 5, (12, 2)).astype(float)
    X = np.c_[A, A[:, 0] * 3 - A[:, 1] + 7]  # feature 2 depends on features 0 and 1
    y = np.arange(12) % 2
    with pytest.raises(SingularMatrixError, match="within each class") as e:
        impl.generative.gda_fit(impl.arg(X.tolist()), impl.arg(y.tolist()))
    assert e.value.features == [0, 1, 2]
    with pytest.raises(SingularMatrixError, match="feature 0 has zero variance within each class"):
        impl.generative.gda_fit(impl.arg([[1.0, 2.0], [1.0, 3.0], [2.0, 4.0], [2.0, 1.0]]),
                                impl.arg([0, 0, 1, 1]))


@pytest.mark.parametrize("Sigma", [[[5e-324, 0.0], [0.0, 5e-324]], [[1e-310, 0.0], [0.0, 1e-310]],
                                   [[1e-300, 0.0, 0.0], [0.0, 1e-300, 0.0], [0.0, 0.0, 1e-300]]],
                         ids=["least-subnormal", "subnormal", "tiny-3"])
def test_a_density_too_large_for_float_is_the_same_error_in_both_faces_MVN_1(Sigma):
    """A subnormal Σ: log p(x) is finite, p(x) is not; both faces raise OverflowError naming Σ
    (the reference once raised math's bare "math range error", the fast face returned inf)."""
    n = len(Sigma)
    with pytest.raises(OverflowError) as r:
        R.mvn_density([0.0] * n, [0.0] * n, Sigma)
    with pytest.raises(OverflowError) as f:
        F.mvn_density(np.zeros(n), np.zeros(n), np.array(Sigma))
    assert str(r.value) == str(f.value)
    assert str(r.value).startswith(f"mvn_density: p(x) = exp({R.mvn_log_density([0.0] * n, [0.0] * n, Sigma):.6g}) "
                                   "overflows: Sigma is so close to singular")
    assert str(r.value).endswith("too large for the scalar type; use mvn_log_density")


@pytest.mark.parametrize("face", [R, F], ids=["reference", "fast"])
def test_a_class_whose_weights_are_all_zero_has_no_examples_X_2(face):
    """X-2 on GDA-1 and X-3: a class whose examples all weigh 0 has no examples, and its mean
    is 0/0: the unweighted fits' error, word for word, in both faces."""
    X = [[1.0, 2.0], [2.0, 1.0], [3.0, 5.0], [0.0, 1.0], [2.0, 3.0], [4.0, 2.0]]
    with pytest.raises(ValueError) as e:
        face.gda_fit(X, [0, 0, 0, 1, 1, 1], [1, 2, 1, 0, 0, 0])
    assert str(e.value) == str(R.no_class_examples(1))
    with pytest.raises(ValueError) as e:
        face.gda_classes_fit(X, [1, 2, 3, 1, 2, 3], [1, 0, 1, 1, 0, 1])
    assert str(e.value) == str(R.no_class_of_k(2, 3))


# ---- GDA-4 ------------------------------------------------------------------------------------

def test_poisson_bad_parameters_GDA_4():
    with pytest.raises(ValueError, match="phi"):
        R.poisson_logistic_theta(1.0, 1.0, 2.0)
    with pytest.raises(ValueError, match="lambda0"):
        R.poisson_posterior(2, 0.5, 0.0, 2.0)
    with pytest.raises(ValueError, match="x must be >= 0"):
        R.poisson_log_pmf(-1, 2.0)
    with pytest.raises(ValueError, match="x is 1.5: expected an integer"):
        R.poisson_log_pmf(1.5, 2.0)
    with pytest.raises(TypeError, match="x"):
        R.poisson_log_pmf("1", 2.0)


# ==================================================================================================
# Bad input for every entry point of cs229.fast.generative and its reference twin (MVN-1, GDA-1,
# GDA-2, GDA-3, X-3, and X-2's sample weights of the fits: >= 0, not all 0, one per row): a
# ValueError/TypeError naming the argument, the caller's arrays untouched, every real dtype and
# memory layout accepted with the answer of float64 C-contiguous input (tests/bad_input.py). A
# model's mu0, mu1 and Sigma get the array checks as 'model.<field>'.


X = np.array([[1.0, 2.0], [2.0, 1.0], [3.0, 4.0], [0.0, 1.0], [2.0, 3.0], [4.0, 2.0]])
Y = np.array([0.0, 0.0, 0.0, 1.0, 1.0, 1.0])
MU = np.array([0.5, 1.5])
SIGMA = np.array([[2.0, 0.5], [0.5, 1.0]])
MODEL = R.GDAModel(0.5, [2.0, 2.0], [2.0, 2.0], [[1.5, 0.5], [0.5, 1.25]])
Y3 = np.array([1, 2, 3, 1, 2, 3])
MODEL3 = R.GDAClassesModel(np.array([0.25, 0.25, 0.5]), np.array([[2.0, 2.0], [1.0, 2.0], [2.0, 3.0]]),
                           np.array([[1.5, 0.5], [0.5, 1.25]]))

WEIGHTS = np.array([1.0, 2.0, 0.5, 0.0, 3.0, 1.5])
BAD_WEIGHTS = [("sample_weight", np.array([1.0, 2.0, -0.5, 0.0, 3.0, 1.5]), ValueError,
                r"^sample_weight\[2\] is -0.5: a sample weight must be >= 0$"),
               ("sample_weight", np.zeros(6), ValueError,
                "^sample_weight: every sample weight is 0, so there is nothing to fit$"),
               ("sample_weight", np.ones(5), ValueError, "^sample_weight has 5 entries but X has 6 rows")]

TABLE = Table(F, R, valid={
    "mvn_log_density": dict(x=X[0], mu=MU, Sigma=SIGMA),
    "mvn_log_densities": dict(X=X, mu=MU, Sigma=SIGMA),
    "mvn_density": dict(x=X[0], mu=MU, Sigma=SIGMA),
    "gda_fit": dict(X=X, y=Y, sample_weight=WEIGHTS),
    "gda_log_likelihood": dict(X=X, y=Y, model=MODEL),
    "gda_log_joint": dict(model=MODEL, X=X),
    "gda_posterior": dict(model=MODEL, X=X),
    "gda_predict": dict(model=MODEL, X=X),
    "gda_logistic_theta": dict(model=MODEL),
    "gda_classes_fit": dict(X=X, y=Y3, sample_weight=WEIGHTS),
    "gda_classes_log_likelihood": dict(X=X, y=Y3, model=MODEL3),
    "gda_classes_log_joint": dict(model=MODEL3, X=X),
    "gda_classes_posterior": dict(model=MODEL3, X=X),
    "gda_classes_predict": dict(model=MODEL3, X=X),
    "gda_softmax_theta": dict(model=MODEL3),
}, parameters={  # shapes that disagree, labels, classes without examples
    "mvn_log_density": [("x", X[0, :1], ValueError, "x has 1 entries"),
                        ("mu", MU[:1], ValueError, "mu has 1|Sigma is 2x2")],
    "mvn_log_densities": [("X", X[:, :1], ValueError, "X has 1 columns"),
                          ("Sigma", np.eye(3), ValueError, "Sigma is 3x3 but mu has 2 entries"),
                          ("Sigma", np.ones((2, 3)), ValueError, "Sigma must be square")],
    "gda_posterior": [("X", np.ones((2, 3)), ValueError, "X has 3 columns"),
                      ("model.mu1", np.array([1.0, 2.0, 3.0]), ValueError, "model.mu1"),
                      ("model.Sigma", np.eye(3), ValueError, "model.Sigma is 3x3")],
    "gda_fit": [("y", np.array([0, 0, 2, 1, 1, 1]), ValueError, r"y\[2\] is 2.*labels must be 0 or 1"),
                ("y", np.zeros(6), ValueError, "no examples of class 1"),
                *BAD_WEIGHTS],
    "gda_classes_fit": [("y", np.array([1, 0, 3, 1, 2, 3]), ValueError, r"y\[1\] is 0.*labels must be integers in 1\.\.k"),
                        ("y", np.array([1, 3, 3, 1, 1, 3]), ValueError, "no examples of class 2 of 1..3"),
                        *BAD_WEIGHTS],
    "gda_classes_posterior": [("X", np.ones((2, 3)), ValueError, "X has 3 columns"),
                              ("model.mu", np.ones((2, 2)), ValueError, "model.mu has 2 rows"),
                              ("model.phi", np.array([0.5, 0.25, 0.5]), ValueError, "model.phi must sum to 1"),
                              ("model.Sigma", np.eye(3), ValueError, "model.Sigma is 3x3")],
}, models={R.GDAModel: ("mu0", "mu1", "Sigma"), R.GDAClassesModel: ("phi", "mu", "Sigma")},
    others={"GDAModel", "GDAClassesModel", "ZeroOverZeroError", "SingularMatrixError", "NotPositiveDefiniteError"})
install(TABLE, globals())
FACES = TABLE.faces


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("phi", [0.0, 1.0, -0.5, 1.5])
def test_model_phi_out_of_range_is_refused(face, phi):
    model = R.GDAModel(phi, MODEL.mu0, MODEL.mu1, MODEL.Sigma)
    for name in ("gda_posterior", "gda_predict", "gda_log_joint"):
        with pytest.raises(ValueError, match="model.phi must be in"):
            getattr(FACES[face], name)(model, X.tolist())
    with pytest.raises(ValueError, match="model.phi must be in"):
        FACES[face].gda_logistic_theta(model)


@pytest.mark.parametrize("face", FACES)
def test_a_model_of_the_wrong_type_is_refused(face):
    with pytest.raises(TypeError, match="model must be a GDAModel"):
        FACES[face].gda_posterior((0.5, [0, 0], [1, 1], [[1, 0], [0, 1]]), X.tolist())


@pytest.mark.parametrize("face", FACES)
def test_singular_and_indefinite_sigma_are_refused(face):
    with pytest.raises(SingularMatrixError, match="feature 1 is a linear combination of feature 0"):
        TABLE.call(face, "mvn_log_densities", Sigma=np.array([[1.0, 2.0], [2.0, 4.0]]))
    with pytest.raises(NotPositiveDefiniteError, match="not positive semi-definite"):
        TABLE.call(face, "gda_posterior", **{"model.Sigma": np.array([[1.0, 0.0], [0.0, -1.0]])})
    with pytest.raises(SingularMatrixError, match="within each class"):
        TABLE.call(face, "gda_fit", X=np.c_[X, 2 * X[:, 0]])


@pytest.mark.parametrize("variant", [np.array([0, 0, 0, 1, 1, 1], dtype=np.uint8), np.array([0, 0, 0, 1, 1, 1]),
                                     np.array([0.0, 0, 0, 1, 1, 1], dtype=np.float32), [0, 0, 0, 1, 1, 1]])
def test_label_dtypes(variant):
    assert same(F.gda_fit(X, variant), F.gda_fit(X, Y))


# ==================================================================================================
# The exact type and full text of the errors of cs229.reference.generative (and of its fast twin
# where the function exists there): Bayes' rule, distributions, covariances, GDA models and fits.


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


# ---- two bad arguments: both faces name the same one first ------------------------------------

test_two_bad_arguments_get_the_same_error_in_both_faces = two_bad_arguments(TABLE)


# ---- the summation form's steps, called by hand ---------------------------------------------

def test_the_class_blocks_steps_check_what_their_compiled_loops_index_X_7():
    """class_blocks and merge_class_blocks (the steps cs229.distributed maps and merges) refuse a
    k, a state, codes or weights that do not fit X before any compiled loop reads them (a k < 1
    once freed memory it did not own)."""
    import cs229.fast.generative as FG
    X, codes = np.zeros((4, 2)), np.array([0, 1, 1, 0])
    cases = [
        (lambda: FG.merge_class_blocks(np.zeros((1, 5)), np.zeros(5), -1, 3), "k must be >= 1 and d >= 0, got k=-1, d=3"),
        (lambda: FG.merge_class_blocks(np.zeros((1, 5)), np.zeros(5), 3, 3),
         "state: expected 21 entries (k + k·d + d² for k=3, d=3), got shape (5,)"),
        (lambda: FG.class_blocks(X, np.array([0, 1, 2, 0]), 2), "codes: class codes must be in 0..1, got 0..2"),
        (lambda: FG.class_blocks(X, codes[:2], 2), "codes: expected 4 class codes (one per row of X), got shape (2,)"),
        (lambda: FG.class_blocks(X, codes, 2, weight=np.ones(3)), "weight has 3 entries but X has 4 rows"),
        (lambda: FG.class_blocks(np.zeros(4), codes, 2), "X: expected a 2-dimensional array, got 1 dimensions"),
        (lambda: FG.class_blocks(X, codes, 2, total=np.zeros(3)),
         "state: expected 10 entries (k + k·d + d² for k=2, d=2), got shape (3,)"),
    ]
    for call, words in cases:
        with pytest.raises(ValueError) as e:
            call()
        assert str(e.value) == words
