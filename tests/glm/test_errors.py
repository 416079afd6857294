"""Part III, generalized linear models (GLM-1 … GLM-4): what both faces refuse and how: the exact
type and text of every error, and the bad-input treatment of every entry point (tests/bad_input.py)."""
import numpy as np
import pytest

import cs229.fast.glm as F
import cs229.reference.glm as R
from cs229.reference import exponential_family as ef, logistic_regression as lg
from cs229.reference.linalg import SingularMatrixError
from cs229.reference.results import ConvergenceError, SeparableDataError

from tests.bad_input import BAD_PENALTIES, Table, bad_penalties_are_refused_alike, bad_weights, install
from tests.bad_pairs import two_bad_arguments
from tests.glm.test_formulas import XS, YS


# ---- GLM-4: fitting --------------------------------------------------------------------------------

def test_poisson_divergence_and_cap_are_reported_GLM_4(impl):
    X = impl.arg([[1.0, 3.0], [1.0, 1.0], [1.0, 4.0], [1.0, 0.0]])
    y = impl.arg([20, 3, 50, 1])
    with pytest.raises(ConvergenceError, match="diverged"):
        impl.glm.gradient_ascent("poisson", X, y, impl.arg([0.0, 0.0]), 5.0, 1000)
    with pytest.raises(ConvergenceError, match="did not converge in 2"):
        impl.glm.poisson_regression(X, y, max_iterations=2)


def test_separable_bernoulli_glm_is_refused_GLM_4(impl):
    with pytest.raises(lg.SeparableDataError):
        impl.glm.newton("bernoulli", impl.arg([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]]), impl.arg([0, 1, 1]))


def test_gradient_ascent_on_separable_bernoulli_data_GLM_4(impl):
    with pytest.raises(SeparableDataError) as e:
        impl.glm.gradient_ascent("bernoulli", impl.arg(XS), impl.arg(YS), impl.arg([0.0, 0.0]), 0.5, record=True)
    assert str(e.value).startswith("GLM gradient ascent: the data are linearly separable (the iterate of step 1 ")
    assert e.value.result.iterations == 1 and e.value.result.converged is False and len(e.value.result.path) == 2
    assert np.allclose(e.value.result.theta, e.value.result.path[-1]) and np.asarray(e.value.result.theta).any()
    # without a tolerance the loop runs its steps: no separation test
    fit = impl.glm.gradient_ascent("bernoulli", impl.arg(XS), impl.arg(YS), impl.arg([0.0, 0.0]), 0.5,
                                   max_iterations=3, tol=None)
    assert fit.iterations == 3 and fit.converged is None


def test_gradient_ascent_divergence_names_alpha_GLM_4(impl):
    with pytest.raises(ConvergenceError) as e:
        impl.glm.gradient_ascent("poisson", impl.arg(XS), impl.arg([1, 2, 30, 400]), impl.arg([0.0, 0.0]), 10.0)
    assert str(e.value).startswith("GLM gradient ascent diverged at iteration 2: ") and str(e.value).endswith(
        " (lower alpha)")
    assert e.value.result.iterations == 1
    with pytest.raises(ConvergenceError) as e:  # θ itself overflows: the hint names alpha
        impl.glm.gradient_ascent("gaussian", impl.arg(XS), impl.arg([1.0, 2.0, 3.0, 4.0]), impl.arg([0.0, 0.0]), 10.0)
    assert str(e.value) == "GLM gradient ascent diverged at iteration 155: θ is no longer finite (alpha=10.0 is too large)"
    # the same words in both faces (and in Newton's failed steps)
    with pytest.raises(ConvergenceError) as e:
        impl.glm.gradient_ascent("poisson", impl.arg(XS), impl.arg([1, 2, 30, 400]), impl.arg([0.0, 0.0]), 10.0)
    assert str(e.value) == "GLM gradient ascent diverged at iteration 2: g(θᵀx) overflowed (lower alpha)"
    with pytest.raises(ConvergenceError) as e:
        impl.glm.gradient_ascent("exponential", impl.arg(XS), impl.arg([1, 2, 3, 4]), impl.arg([-1.0, 0.0]), 5.0)
    assert str(e.value) == "GLM gradient ascent diverged at iteration 2: η left the family's domain (lower alpha)"


@pytest.mark.parametrize("name, args", [
    ("gradient", (XS[:2], [1.0, 2.0], [1.0, 0.0])), ("log_likelihood", (XS[:2], [1.0, 2.0], [1.0, 0.0])),
    ("hypotheses", (XS[:2], [1.0, 0.0])), ("hypothesis", ([1.0, -1.0], [1.0, 0.0])),
])
def test_an_eta_outside_the_domain_is_named_with_the_family_and_its_value_GLM_4(impl, name, args):
    """The first η = θᵀx⁽ⁱ⁾ outside the gamma family's domain (η < 0), as both faces name it."""
    with pytest.raises(ValueError) as e:
        getattr(impl.glm, name)(ef.gamma(3), *(impl.arg(a) for a in args))
    assert str(e.value) == ("theta: η = θᵀx is outside the gamma(shape=3) family's domain (eta is 1.0: "
                            "the natural parameter must be < 0 (η = −rate))")


GLM_ERRORS = [  # (function, arguments, exception, its message word for word) in both faces
    ("newton", ("bernoulli", XS, YS), SeparableDataError,
     "GLM Newton: the data are linearly separable (the iterate of step 1 classifies every example correctly), so "
     "the likelihood approaches 1 as ‖θ‖ grows and no maximum likelihood θ exists; regularise, or use the "
     "perceptron for a separating θ"),
    ("newton", ("poisson", XS, [1, 0, 2, 1], None, 2), ConvergenceError,
     "GLM Newton did not converge in 2 iterations (tol=1e-10); if ‖θ‖ keeps growing the MLE may not exist (e.g. "
     "separable labels, or counts that are all 0 on a half-space)"),
    # the advice every batch gradient loop gives at its cap (the reference once left it out)
    ("gradient_ascent", ("poisson", XS, [1, 0, 2, 1], [0.0, 0.0], 0.01, 3), ConvergenceError,
     "GLM gradient ascent did not converge in 3 iterations (tol=1e-10); raise max_iterations or alpha"),
    ("newton", ("poisson", XS, [1, 0, 2, 1], [0.0, 0.0, 0.0]), ValueError, "theta has 3 entries but X has 2 columns"),
    ("hypotheses", ("poisson", XS, [1.0, 2.0, 3.0]), ValueError, "theta has 3 entries but X has 2 columns"),
    ("hypothesis", ("poisson", [1.0, 2.0], [1.0, 2.0, 3.0]), ValueError, "x has 2 entries but theta has 3"),
    ("hessian", ("exponential", XS, [1, 2, 3, 4], [0.0, 1.0]), ValueError,
     "theta: the Hessian is not defined at this θ (η left the family's domain)"),
    ("log_likelihood", ("gaussian", XS, ["a", 1, 2, 3], [-1.0, 0.0]), TypeError, "y[0] is 'a': expected a real number"),
    ("log_likelihood", ("exponential", XS, [1, 2, 3, -4.5], [-1.0, 0.0]), ValueError,
     "y[3] is -4.5: the target must be > 0"),
]


@pytest.mark.parametrize("name, args, error, message", GLM_ERRORS, ids=[f"{e[0]}-{i}" for i, e in enumerate(GLM_ERRORS)])
def test_errors_word_for_word_GLM(impl, name, args, error, message):
    args = tuple(impl.arg(a) if isinstance(a, list) and not isinstance(a[0], str) else a for a in args)
    with pytest.raises(error) as e:
        getattr(impl.glm, name)(*args)
    assert str(e.value) == message
    if error is SeparableDataError:
        r = e.value.result
        assert (r.iterations, r.converged) == (1, False) and np.asarray(r.theta).any()


def test_newton_separation_keeps_the_iterate_and_path_GLM_4():
    with pytest.raises(SeparableDataError) as e:
        R.newton("bernoulli", XS, YS, record=True)
    r = e.value.result
    assert r.path is not None and len(r.path) == 2 and r.theta == r.path[-1] and any(r.theta)


# ==================================================================================================
# Bad input for every entry point of cs229.fast.glm and its reference twin (GLM-1, GLM-4, X-6):
# errors name the argument, Poisson targets must be >= 0, Bernoulli labels 0/1, an offset
# has one finite real per row and an exposure one positive real, sample weights are >= 0,
# unknown families are refused, the caller's arrays are untouched, every dtype and layout works
# (tests/bad_input.py).


X = np.array([[1.0, 0.5], [1.0, -1.0], [1.0, 2.0], [1.0, 0.0], [1.0, 1.5], [1.0, -0.5]])
COUNTS = np.array([2.0, 0.0, 5.0, 1.0, 3.0, 1.0])
THETA = np.array([0.25, 0.5])
OFFSET = np.array([0.5, -1.0, 0.0, 1.0, -0.5, 2.0])
EXPOSURE = np.array([1.0, 2.0, 1.5, 3.0, 1.0, 2.5])
WEIGHTS = np.array([1.0, 2.0, 0.5, 0.0, 3.0, 1.5])

VALID = {
    "hypothesis": dict(family="poisson", x=X[2], theta=THETA),
    "hypotheses": dict(family="poisson", X=X, theta=THETA, offset=OFFSET),
    "log_likelihood": dict(family="poisson", X=X, y=COUNTS, theta=THETA, offset=OFFSET,
                           sample_weight=WEIGHTS),
    "gradient": dict(family="poisson", X=X, y=COUNTS, theta=THETA, offset=OFFSET,
                     sample_weight=WEIGHTS),
    "hessian": dict(family="poisson", X=X, y=COUNTS, theta=THETA, offset=OFFSET,
                    sample_weight=WEIGHTS),
    "gradient_ascent": dict(family="poisson", X=X, y=COUNTS, theta=THETA, alpha=0.01,
                            max_iterations=5, tol=None, offset=OFFSET, sample_weight=WEIGHTS),
    "newton": dict(family="poisson", X=X, y=COUNTS, theta=THETA, max_iterations=50, offset=OFFSET,
                   sample_weight=WEIGHTS),
    "poisson_regression": dict(X=X, y=COUNTS, theta=THETA, max_iterations=50, exposure=EXPOSURE,
                               sample_weight=WEIGHTS),
    "fisher_information": dict(family="poisson", X=X, y=COUNTS, theta=THETA, offset=OFFSET,
                               sample_weight=WEIGHTS),
    "standard_errors": dict(family="poisson", X=X, y=COUNTS, theta=THETA, scale=1.0, offset=OFFSET,
                            sample_weight=WEIGHTS),
}
BAD_WEIGHTS = bad_weights(6)
TABLE = Table(F, R, VALID, parameters={
    "gradient_ascent": [("alpha", 0.0), ("max_iterations", 0), ("tol", -1.0), ("family", "binomial"), *BAD_PENALTIES,
                        *BAD_WEIGHTS],
    "gradient": BAD_WEIGHTS, "log_likelihood": BAD_WEIGHTS,
    "newton": [("max_iterations", 0), ("tol", -1.0), ("tol", None), ("family", "cauchy"), *BAD_PENALTIES,
               ("family", ef.multinomial(3)), ("start", "ones"), ("start", 0, TypeError),
               ("damping", "yes", TypeError)],
    "poisson_regression": [("start", "mean"), *BAD_PENALTIES, ("offset", OFFSET, ValueError,
                                                               "^offset and exposure are both given"),
                           ("exposure", np.array([1.0, 2.0, 0.0, 3.0, 1.0, 2.5]), ValueError,
                            r"^exposure\[2\] is 0.0: an exposure must be > 0$")],
    "hypotheses": [("family", 3, TypeError)],
    "standard_errors": [("scale", 0.0), ("scale", -2.0), ("scale", float("inf")), ("scale", "1", TypeError)],
}, labels={(n, "y"): [-0.5, -1.0, -3.0] for n, kw in VALID.items() if isinstance(kw.get("y"), np.ndarray)},
    others={"IterativeResult", "ConvergenceError", "SeparableDataError"})
install(TABLE, globals())
FACES = TABLE.faces


@pytest.mark.parametrize("face", FACES)
def test_bernoulli_labels_and_positive_targets_GLM_4(face):
    with pytest.raises(ValueError, match=r"y\[0\].*0 or 1"):
        TABLE.call(face, "newton", family="bernoulli", y=COUNTS)
    with pytest.raises(ValueError, match=r"y\[1\].*> 0"):
        TABLE.call(face, "newton", family="exponential", y=COUNTS, theta=np.array([-1.0, 0.0]))


@pytest.mark.parametrize("face", FACES)
def test_a_start_outside_the_domain_is_refused_GLM_4(face):
    """The exponential family's η = −rate must be negative: θ = (0.25, 0.5) gives η > 0."""
    with pytest.raises(ValueError, match="theta"):
        TABLE.call(face, "newton", family="exponential", y=COUNTS + 1)


# ---- standard errors from the inverse Fisher information -----------------------------------

@pytest.mark.parametrize("face", [R, F], ids=["reference", "fast"])
def test_dependent_columns_are_named_X_6(face):
    with pytest.raises(SingularMatrixError) as e:
        face.standard_errors("poisson", [[1.0, 2.0], [1.0, 2.0], [1.0, 2.0]], [0, 1, 2], [0.0, 0.0])
    assert str(e.value) == ("standard errors: the Fisher information XᵀWX is singular, so θ̂ has no "
                            "finite covariance: column 1 of X is 2 × column 0")
    assert (e.value.column, e.value.combination) == (1, {0: 2.0})


@pytest.mark.parametrize("face", [R, F], ids=["reference", "fast"])
def test_standard_errors_where_eta_leaves_the_domain_say_why_X_6(face):
    """The exponential family's η = −rate must be negative: at θ = 1 the information is not
    defined, and the refusal says so with the reason the system gave."""
    with pytest.raises(ValueError) as e:
        face.standard_errors("exponential", [[1.0], [1.0]], [1.0, 2.0], [1.0])
    assert str(e.value) == "theta: the Hessian is not defined at this θ (η left the family's domain)"


@pytest.mark.parametrize("face", [R, F], ids=["reference", "fast"])
@pytest.mark.parametrize("scale, words", [(0, "scale must be > 0, got 0"), (-1.0, "scale must be > 0, got -1.0"),
                                          (float("nan"), "scale is nan: expected a finite number")])
def test_the_scale_must_be_positive_X_6(face, scale, words):
    with pytest.raises(ValueError) as e:
        face.standard_errors("poisson", [[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]], [0, 1, 2], [0.0, 0.0], scale=scale)
    assert str(e.value) == words


# ---- two bad arguments: both faces name the same one first ------------------------------------

test_two_bad_arguments_get_the_same_error_in_both_faces = two_bad_arguments(TABLE)


# ---- the penalty's λ ------------------------------------------------------------------------

def test_a_bad_lam_gets_the_same_error_and_words_in_both_faces_X_1():
    """X-1: λ < 0, NaN, a string, and a penalize_intercept that is not a bool: the same error
    and the same words (the kinds' own, naming the argument) from both faces."""
    bad_penalties_are_refused_alike(TABLE, ['newton', 'poisson_regression', 'gradient_ascent'])


def test_information_standard_errors_checks_the_information_X_6_X_7():
    """The solve cs229.distributed calls with its summed information: a square A, a scale > 0,
    terms >= 0 (a negative scale once gave NaN without a word)."""
    from cs229.fast import glm as FG
    assert np.array_equal(FG.information_standard_errors([[4.0, 0.0], [0.0, 1.0]], 1.0, 5), [0.5, 1.0])
    for args, words in [((np.ones((3, 2)), 1.0, 5), "A: the information must be square, got shape (3, 2)"),
                        ((np.eye(2), -1.0, 5), "scale must be > 0, got -1.0"),
                        ((np.eye(2), 1.0, -1), "terms must be >= 0, got -1")]:
        with pytest.raises(ValueError) as e:
            FG.information_standard_errors(*args)
        assert str(e.value) == words
