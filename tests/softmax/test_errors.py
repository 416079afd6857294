"""Softmax regression (SM-1 … SM-4): what both faces refuse and how: the exact type and text of
every error, and the bad-input treatment of every entry point (tests/bad_input.py)."""
import importlib

import numpy as np
import pytest

import cs229.fast.softmax as F
import cs229.reference.softmax as R
from cs229.reference import linalg, logistic_regression as lg
from cs229.reference.results import ConvergenceError

from tests.bad_input import BAD_PENALTIES, Table, bad_penalties_are_refused_alike, bad_weights, install
from tests.bad_pairs import two_bad_arguments
from tests.softmax.test_formulas import MIXED, close


# ---- SM-4: the likelihood and its maximisation -----------------------------------------------------

def test_separable_classes_are_refused_SM_4(impl):
    X = impl.arg([[1.0, -2.0], [1.0, -1.5], [1.0, 0.0], [1.0, 0.2], [1.0, 2.0], [1.0, 2.5]])
    y = impl.arg([1, 1, 2, 2, 3, 3])
    with pytest.raises(lg.SeparableDataError, match="separable"):
        impl.softmax.newton(X, y, impl.arg([[0.0, 0.0], [0.0, 0.0]]))


@pytest.mark.parametrize("max_iterations", [2, 3, 100])  # the classes separate at step 2
def test_fast_newton_refuses_separable_classes_at_the_reference_step_SM_4(max_iterations):
    X = [[1.0, -2.0], [1.0, -1.5], [1.0, 0.0], [1.0, 0.2], [1.0, 2.0], [1.0, 2.5]]
    y = [1, 1, 2, 2, 3, 3]
    zero = [[0.0, 0.0], [0.0, 0.0]]
    errors = []
    for newton in (R.newton, F.newton):
        with pytest.raises(lg.SeparableDataError) as caught:
            newton(X, y, zero, max_iterations=max_iterations, record=True)
        errors.append(caught.value.result)
    ref, fast = errors
    assert fast.iterations == ref.iterations
    assert close(fast.theta, np.array(ref.theta, dtype=float), 1e-9)
    assert len(fast.path) == len(ref.path)


def test_absent_class_makes_the_hessian_singular_SM_4(impl):
    X = impl.arg([[1.0, -2.0], [1.0, -1.5], [1.0, 0.0], [1.0, 0.2], [1.0, -2.0], [1.0, 0.0]])
    y = impl.arg([1, 3, 1, 3, 3, 1])  # class 2 never appears: its parameters run to −∞
    with pytest.raises((linalg.SingularMatrixError, ConvergenceError, lg.SeparableDataError)):
        impl.softmax.newton(X, y, impl.arg([[0.0, 0.0], [0.0, 0.0]]), max_iterations=60)


@pytest.mark.parametrize("face", ["reference", "fast"])
def test_gradient_ascent_says_it_diverged_SM_4(face):
    """An iterate that is no longer finite is divergence in both faces, not a NaN answer."""
    mod = importlib.import_module(f"cs229.{face}.softmax")
    X = [[1e300, 5e299], [1e300, -1e300], [1e300, 2e300], [1e300, 0.0]]
    X = X if face == "reference" else np.array(X)
    with pytest.raises(ConvergenceError, match="diverged at iteration 2: θ is no longer finite"):
        mod.gradient_ascent(X, [1, 3, 1, 2], [[0.25, -0.5], [0.1, 0.2]], 0.1, max_iterations=5, tol=None)
    with pytest.raises(ConvergenceError) as e:
        mod.gradient_ascent(X, [1, 3, 1, 2], [[0.25, -0.5], [0.1, 0.2]], 0.1, max_iterations=5, tol=None)
    assert str(e.value) == ("softmax gradient ascent diverged at iteration 2: θ is no longer finite "
                            "(alpha=0.1 is too large)")


def test_a_class_separable_from_the_rest_is_named_whichever_it_is_SM_4(impl):
    """Class 2 (x₁ large) is separable from classes 1 and 3 (mixed); an example x = 0 puts no
    class strictly on top (every η is 0) and changes neither the fit nor the verdict. The
    Hessian's pivots, judged at 50 digits where rounding could flip them, stay regular as θ₂
    grows, so the last iterate of the cap is the one that shows it."""
    X = [[1.0, -1.0], [1.0, -0.5], [1.0, 0.0], [1.0, 0.3], [1.0, 3.0], [1.0, 3.5], [1.0, -0.8], [1.0, 0.1]]
    y = [1, 3, 1, 3, 2, 2, 3, 1]
    for extra_x, extra_y in (([], []), ([[0.0, 0.0]], [1])):
        with pytest.raises(lg.SeparableDataError) as e:
            impl.softmax.newton(impl.arg(X + extra_x), impl.arg(y + extra_y))
        assert str(e.value) == (
            "softmax Newton: class 2 is linearly separable from the others (the iterate of step 100 puts it "
            "strictly on top exactly at its own examples; Newton did not converge as its θ grew), so ℓ "
            "approaches its supremum only as ‖θ‖ grows without bound and no maximum likelihood θ exists; "
            "regularise, or use the perceptron for a separating θ")
        assert (e.value.result.iterations, e.value.result.converged) == (100, False)
        assert np.asarray(e.value.result.theta, dtype=float).shape == (2, 2)  # the iterate it names


def test_newton_defaults_and_words_SM_4(impl):
    """max_iterations=100, tol=1e-10, record=False, damping=True, Theta=None the zero start:
    the default call is the explicit one; the cap and the separable classes are named whole."""
    X, y = impl.arg(MIXED[0]), impl.arg(MIXED[1])
    zero = impl.arg([[0.0, 0.0], [0.0, 0.0]])
    fit = impl.softmax.newton(X, y)
    explicit = impl.softmax.newton(X, y, zero, max_iterations=100, tol=1e-10, record=False, damping=True)
    assert (fit.iterations, fit.converged, fit.path) == (explicit.iterations, True, None) and fit.iterations > 3
    assert np.array_equal(np.asarray(fit.theta, dtype=float), np.asarray(explicit.theta, dtype=float))
    assert fit.extra == explicit.extra
    with pytest.raises(ConvergenceError) as e:
        impl.softmax.newton(X, y, max_iterations=1)
    assert str(e.value) == ("softmax Newton did not converge in 1 iterations (tol=1e-10); if ‖θ‖ keeps growing "
                            "some class is nearly separable from the others and the MLE may not exist")
    with pytest.raises(lg.SeparableDataError) as e:
        impl.softmax.newton(impl.arg(SEPARATE[0]), impl.arg(SEPARATE[1]))
    assert str(e.value) == (
        "softmax Newton: the classes are linearly separable (the iterate of step 2 puts every example's own class "
        "strictly on top), so the likelihood approaches 1 as ‖θ‖ grows and no maximum likelihood θ exists; "
        "regularise, or use the perceptron for a separating θ")


def test_newton_singular_at_the_start_is_the_design_not_a_class_SM_4(impl):
    """Dependent columns make H singular at step 1; class 2, absent from y, is not called
    separable there (at Θ = 0 no class is on top anywhere)."""
    X = impl.arg([[1.0, 1.0, 2.0], [1.0, 2.0, 4.0], [1.0, 3.0, 6.0], [1.0, 5.0, 10.0]])
    for y, Theta in (([1, 2, 3, 1], None), ([1, 3, 1, 3], impl.arg([[0.0] * 3, [0.0] * 3]))):
        with pytest.raises(linalg.SingularMatrixError) as e:
            impl.softmax.newton(X, impl.arg(y), Theta)
        assert str(e.value) == "softmax Newton: the Hessian is singular at iteration 1: column 2 of X is 2 × column 1"


SEPARATE = ([[1.0, -2.0], [1.0, -1.5], [1.0, 0.0], [1.0, 0.2], [1.0, 2.0], [1.0, 2.5]], [1, 1, 2, 2, 3, 3])


def test_gradient_ascent_refuses_separable_classes_SM_4(impl):
    """The iterate of step 3 puts every example's class strictly on top; without a tolerance
    there is no stopping test, and no separation test either."""
    X, y, zero = impl.arg(SEPARATE[0]), impl.arg(SEPARATE[1]), impl.arg([[0.0, 0.0], [0.0, 0.0]])
    with pytest.raises(lg.SeparableDataError) as e:
        impl.softmax.gradient_ascent(X, y, zero, 0.5, record=True)
    assert str(e.value) == (
        "softmax gradient ascent: the classes are linearly separable (the iterate of step 3 puts every "
        "example's own class strictly on top), so the likelihood approaches 1 as ‖θ‖ grows and no maximum "
        "likelihood θ exists; regularise, or use the perceptron for a separating θ")
    r = e.value.result
    assert (r.iterations, r.converged, len(r.path)) == (3, False, 4)
    assert np.array_equal(np.asarray(r.theta, dtype=float), np.asarray(r.path[-1], dtype=float))
    assert np.asarray(r.theta, dtype=float).any() and not np.asarray(r.path[0], dtype=float).any()
    fit = impl.softmax.gradient_ascent(X, y, zero, 0.5, max_iterations=5, tol=None)
    assert (fit.iterations, fit.converged) == (5, None)


# ==================================================================================================
# Bad input for every entry point of cs229.fast.softmax and its reference twin (SM-2 … SM-4):
# errors name the argument, labels outside 1..k are refused, the caller's arrays are untouched,
# every dtype and layout gives the float64 answer (tests/bad_input.py).


X = np.array([[1.0, 0.5], [1.0, -1.0], [1.0, 2.0], [1.0, 0.0], [1.0, 1.5], [1.0, -0.5], [1.0, 0.5],
              [1.0, 0.5]])
Y = np.array([1.0, 3.0, 1.0, 2.0, 2.0, 1.0, 2.0, 3.0])
THETA = np.array([[0.25, -0.5], [0.1, 0.2]])
WEIGHTS = np.array([1.0, 0.5, 2.0, 0.0, 1.5, 3.0, 1.0, 0.25])

VALID = {
    "softmax": dict(eta=np.array([0.5, -1.0, 2.0])),
    "log_sum_exp": dict(eta=np.array([0.5, -1.0, 2.0])),
    "natural_parameters": dict(x=X[2], Theta=THETA),
    "probabilities": dict(X=X, Theta=THETA),
    "hypothesis": dict(x=X[2], Theta=THETA),
    "predict": dict(X=X, Theta=THETA),
    "log_likelihood": dict(X=X, y=Y, Theta=THETA, sample_weight=WEIGHTS),
    "gradient": dict(X=X, y=Y, Theta=THETA, sample_weight=WEIGHTS),
    "hessian": dict(X=X, y=Y, Theta=THETA, sample_weight=WEIGHTS),
    "gradient_ascent": dict(X=X, y=Y, Theta=THETA, alpha=0.1, max_iterations=5, tol=None,
                            sample_weight=WEIGHTS),
    "newton": dict(X=X, y=Y, Theta=THETA, max_iterations=50, sample_weight=WEIGHTS),
    "cross_entropy": dict(p=np.array([0.0, 1.0, 0.0]), p_hat=np.array([0.2, 0.5, 0.3])),
}
BAD_WEIGHTS = bad_weights(len(Y))
# the prior of the penalty is "notes" or "symmetric", a str (parameters.choice's words)
BAD_PRIORS = [("prior", "Symmetric", ValueError, r"^prior must be one of \('notes', 'symmetric'\), got 'Symmetric'$"),
              ("prior", 1, TypeError, r"^prior must be one of \('notes', 'symmetric'\), got 1$")]
TABLE = Table(F, R, VALID, parameters={
    "gradient_ascent": [("alpha", 0.0), ("max_iterations", 0), ("tol", -1.0), *BAD_PENALTIES, *BAD_WEIGHTS,
                        *BAD_PRIORS],
    "newton": [("max_iterations", 0), ("tol", -1.0), ("tol", None), ("damping", "yes", TypeError), *BAD_PENALTIES,
               *BAD_WEIGHTS, *BAD_PRIORS],
    "log_likelihood": BAD_WEIGHTS, "gradient": BAD_WEIGHTS, "hessian": BAD_WEIGHTS,
    "cross_entropy": [("p_hat", np.array([0.2, 0.0, 0.8]))],
}, labels={(n, "y"): [0.5, 0.0, 4.0] for n, kw in VALID.items() if isinstance(kw.get("y"), np.ndarray)},
    others={"IterativeResult", "ConvergenceError", "SeparableDataError"})
install(TABLE, globals())
FACES = TABLE.faces


@pytest.mark.parametrize("face", FACES)
def test_theta_rows_must_match_the_columns_of_X_SM_3(face):
    with pytest.raises(ValueError, match="Theta has rows of length 3 but X has 2 columns"):
        TABLE.call(face, "probabilities", Theta=np.zeros((2, 3)))
    with pytest.raises(ValueError, match=r"y\[.*1\.\.2"):  # one parameter row: k = 2
        TABLE.call(face, "gradient", Theta=THETA[:1])


# ---- two bad arguments: both faces name the same one first ------------------------------------

test_two_bad_arguments_get_the_same_error_in_both_faces = two_bad_arguments(TABLE)


# ---- the penalty's λ ------------------------------------------------------------------------

def test_a_bad_lam_gets_the_same_error_and_words_in_both_faces_X_1():
    """X-1: λ < 0, NaN, a string, and a penalize_intercept that is not a bool: the same error
    and the same words (the kinds' own, naming the argument) from both faces."""
    bad_penalties_are_refused_alike(TABLE, ['newton', 'gradient_ascent'])


# ---- sample weights -------------------------------------------------------------------------

@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("name", ["log_likelihood", "gradient", "hessian", "gradient_ascent", "newton"])
def test_bad_weights_are_refused_by_the_one_reader_X_2(face, name):
    """X-2: a negative weight, NaN, the wrong length, every weight 0: the words of the faces' one
    reader (inputs.sample_weights, _validation.as_sample_weights), naming sample_weight."""
    negative = WEIGHTS.copy()
    negative[4] = -2.0
    nan = WEIGHTS.copy()
    nan[1] = np.nan
    cases = [(negative, "sample_weight[4] is -2.0: a sample weight must be >= 0"),
             (np.zeros(len(Y)), "sample_weight: every sample weight is 0, so there is nothing to fit"),
             (nan, "sample_weight[1] is nan: expected a finite number"),
             (WEIGHTS[:5], "sample_weight has 5 entries but X has 8 rows")]
    for weight, words in cases:
        with pytest.raises(ValueError) as e:
            TABLE.call(face, name, sample_weight=weight)
        assert str(e.value) == words, (weight, str(e.value))


@pytest.mark.parametrize("face", FACES)
def test_the_zero_start_names_a_class_without_weight_X_2(face):
    """X-2: Theta=None reads k from the labels; a class of 1..k whose every example has weight 0
    is named (its θ would run off: it is absent from the weighted data)."""
    weight = np.where(Y == 2, 0.0, 1.0)
    with pytest.raises(ValueError) as e:
        TABLE.call(face, "newton", Theta=None, sample_weight=weight)
    assert str(e.value) == ("sample_weight: class 2 of 1..3 carries no weight (each of its examples has weight 0); "
                            "with Theta=None, k is the largest label and every class in 1..k must carry weight")
