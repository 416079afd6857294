"""Part II, logistic regression, the perceptron and Newton's method (LG-1 … LG-5, PC-1, NW-1, NW-2):
what both faces refuse and how: the exact type and text of every error, and the bad-input treatment
of every entry point (tests/bad_input.py)."""
import numpy as np
import pytest

import cs229.fast.logistic_regression as F
import cs229.reference.logistic_regression as R
from cs229.reference import linalg
from cs229.reference.results import ConvergenceError, SeparableDataError

from tests.bad_input import BAD_PENALTIES, Table, bad_penalties_are_refused_alike, bad_weights, install
from tests.bad_pairs import two_bad_arguments


# ---- NW-2: Newton-Raphson --------------------------------------------------------------------------

def test_newton_on_separable_data_says_the_mle_does_not_exist_LG_3_NW_2(impl):
    X = impl.arg([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0], [1.0, 3.0]])
    y = impl.arg([0, 0, 1, 1])
    mod = impl.logistic_regression
    for fit in (lambda: mod.newton(X, y), lambda: mod.batch_gradient_ascent(X, y, impl.arg([0.0, 0.0]), 0.5)):
        with pytest.raises(mod.SeparableDataError, match="separable") as e:
            fit()
        assert mod.is_separated(X, y, e.value.result.theta)
        assert isinstance(e.value, ConvergenceError)


def test_newton_on_one_class_says_the_mle_does_not_exist_LG_3(impl):
    with pytest.raises(impl.logistic_regression.SeparableDataError):
        impl.logistic_regression.newton(impl.arg([[1.0, 0.5], [1.0, 2.0], [1.0, -1.0]]), impl.arg([1, 1, 1]))


def test_singular_hessian_is_refused_NW_2(impl):
    X = impl.arg([[1.0, 1.0, 2.0], [1.0, 2.0, 4.0], [1.0, 3.0, 6.0], [1.0, 0.0, 0.0], [1.0, 2.0, 4.0]])
    with pytest.raises(linalg.SingularMatrixError, match="Hessian") as e:
        impl.logistic_regression.newton(X, impl.arg([0, 1, 0, 1, 1]))
    assert e.value.column == 2


def test_newton_cap_is_reported_NW_2(impl):
    X = impl.arg([[1.0, 0.5], [1.0, -1.0], [1.0, 2.0], [1.0, 0.0], [1.0, 0.0]])
    with pytest.raises(ConvergenceError, match="did not converge in 1 iterations"):
        impl.logistic_regression.newton(X, impl.arg([1, 0, 1, 0, 1]), max_iterations=1)


# ---- PC-1: the perceptron --------------------------------------------------------------------------

def test_perceptron_defaults_and_words_PC_1(impl):
    """theta=None is 0, alpha=1, max_epochs=1000, order 0..m−1, record=False; the cap names the
    mistakes of the last epoch and carries the last θ and the record."""
    perceptron = impl.logistic_regression.perceptron
    X = impl.arg([[1.0, 0.0, 0.0], [1.0, 0.0, 1.0], [1.0, 1.0, 0.0], [1.0, 1.0, 1.0]])
    fit = perceptron(X, impl.arg([0, 1, 1, 1]))
    explicit = perceptron(X, impl.arg([0, 1, 1, 1]), impl.arg([0.0, 0.0, 0.0]), alpha=1, max_epochs=1000,
                          order=[0, 1, 2, 3], record=False)
    assert (fit.iterations, fit.converged, fit.path, fit.extra) == (4, True, None, {"mistakes": [2, 2, 1, 0]})
    assert impl.out(fit.theta) == impl.out(explicit.theta) == [-1.0, 1.0, 1.0]
    with pytest.raises(ConvergenceError) as e:
        perceptron(X, impl.arg([0, 1, 1, 1]), max_epochs=3, record=True)
    assert str(e.value) == ("the perceptron did not converge within 3 epochs (1 mistakes in the last): the data "
                            "may not be linearly separable")
    r = e.value.result
    assert (r.iterations, r.converged, len(r.path), r.extra) == (3, False, 4, {"mistakes": [2, 2, 1]})
    assert impl.out(r.theta) == impl.out(r.path[-1])
    with pytest.raises(ConvergenceError) as e:  # XOR
        perceptron(X, impl.arg([0, 1, 1, 0]))
    assert str(e.value).startswith("the perceptron did not converge within 1000 epochs (4 mistakes")
    assert (e.value.result.iterations, e.value.result.path) == (1000, None)
    # the zero start in X's type, from x⁽¹⁾ whatever its shape
    assert impl.out(perceptron(impl.arg([[0.0, 1.0], [1.0, 1.0], [2.0, 1.0]]), impl.arg([0, 1, 1])).theta) == [1.0, -1.0]
    assert impl.out(perceptron(impl.arg([[-1.0]]), impl.arg([0])).theta) == [1.0]


def test_newton_words_and_zero_start_NW_2(impl):
    """Separation, a singular Hessian and the cap, each named whole; the zero start is made in
    X's type from x⁽¹⁾ whatever its shape."""
    newton = impl.logistic_regression.newton
    with pytest.raises(SeparableDataError) as e:
        newton(impl.arg([[1.0, -2.0], [1.0, -1.0], [1.0, 1.0], [1.0, 2.0]]), impl.arg([0, 0, 1, 1]))
    assert str(e.value) == (
        "Newton's method: the data are linearly separable (the iterate of step 1 classifies every example "
        "correctly), so the likelihood approaches 1 as ‖θ‖ grows and no maximum likelihood θ exists; regularise, "
        "or use the perceptron for a separating θ")
    assert e.value.result.iterations == 1
    with pytest.raises(linalg.SingularMatrixError) as e:
        newton(impl.arg([[1.0, 1.0, 2.0], [1.0, 2.0, 4.0], [1.0, 3.0, 6.0], [1.0, 5.0, 10.0]]), impl.arg([1, 0, 1, 0]))
    assert str(e.value) == ("Newton's method: the Hessian H = −XᵀWX is singular at iteration 1: column 2 of X is "
                            "2 × column 1, on the examples that carry weight")
    X = impl.arg([[1.0, 0.5], [1.0, -1.0], [1.0, 2.0], [1.0, 0.0], [1.0, 1.5]])
    with pytest.raises(ConvergenceError) as e:
        newton(X, impl.arg([1, 0, 1, 0, 0]), max_iterations=1)
    assert str(e.value) == ("Newton's method did not converge in 1 iterations (tol=1e-10); if ‖θ‖ keeps growing "
                            "the data are nearly separable and the MLE may not exist")
    one_column = newton(impl.arg([[1.0]] * 3), impl.arg([1, 0, 0]))
    assert np.allclose(impl.out(one_column.theta), [np.log(0.5)], rtol=1e-12, atol=0)  # g(θ) = 1/3
    X0, y0 = [[0.0, 1.0], [1.0, 1.0], [2.0, 1.0], [1.5, 1.0], [0.5, 1.0]], [1, 0, 1, 0, 1]
    default = newton(impl.arg(X0), impl.arg(y0))
    zero = newton(impl.arg(X0), impl.arg(y0), impl.arg([0.0, 0.0]))
    assert default.converged and impl.out(default.theta) == impl.out(zero.theta)
    with pytest.raises(SeparableDataError):  # one example: any θ with θᵀx of its sign separates
        newton(impl.arg([[1.0]]), impl.arg([1]))


def test_batch_gradient_ascent_divergence_names_alpha_LG_5(impl):
    with pytest.raises(ConvergenceError) as e:
        impl.logistic_regression.batch_gradient_ascent(impl.arg([[1.0, 1e154], [1.0, -1e154], [1.0, 1e154]]),
                                                       impl.arg([1, 0, 0]), impl.arg([0.0, 0.0]), 1e300)
    assert str(e.value) == ("batch gradient ascent diverged at iteration 1: θ is no longer finite (alpha=1e+300 is "
                            "too large)")
    assert (e.value.result.iterations, e.value.result.converged) == (0, False)


# ---- NW-1: Newton in one dimension -----------------------------------------------------------------

@pytest.mark.parametrize("case", ["flat", "diverged"])
def test_newton_root_failures_carry_the_last_iterate_NW_1(case):
    if case == "flat":  # f = (θ − 1)² + 1 from 0: θ₁ = 1, where f′ = 0
        f, f_prime, message = (lambda t: (t - 1) ** 2 + 1, lambda t: 2 * (t - 1),
                               "Newton's method: f′(θ) = 0 at θ = 1.0 (the tangent is flat and has no zero)")
        path = [0.0, 1.0]
        result = (1.0, 1, False)
    else:  # θ₁ = 0 − 1e308/1e-10 overflows
        f, f_prime, message = (lambda t: 1e308, lambda t: 1e-10, "Newton's method diverged at iteration 1")
        path = [0.0, float("-inf")]
        result = (0.0, 0, False)
    with pytest.raises(ConvergenceError) as e:
        R.newton_root(f, f_prime, 0.0, record=True)
    assert str(e.value) == message
    r = e.value.result
    assert (r.theta, r.iterations, r.converged) == result and r.path == path


@pytest.mark.parametrize("kwargs,error,message", [
    (dict(theta="a"), TypeError, "theta is 'a': expected a real number"),
    (dict(max_iterations=0), ValueError, "max_iterations must be >= 1, got 0"),
    (dict(tol=None), ValueError, "tol must be a number for newton_root (None would leave only the "
                                 "max_iterations cap to stop it)"),
    (dict(tol=-1), ValueError, "tol must be >= 0 or None, got -1"),
    (dict(record=1), TypeError, "record must be True or False, got 1")],
    ids=["theta", "cap", "tol", "negative_tol", "record"])
def test_newton_root_arguments_are_checked_NW_1(kwargs, error, message):
    args = dict(f=abs, f_prime=abs, theta=1.0) | kwargs
    for solve in (R.newton_root, R.newton_maximise):
        if solve is R.newton_maximise:
            args = dict(l_prime=args.pop("f"), l_double_prime=args.pop("f_prime"), **args)
        with pytest.raises(error) as e:
            solve(**args)
        assert str(e.value) == message


def test_newton_flat_tangent_is_refused_NW_1():
    with pytest.raises(ConvergenceError, match="flat"):
        R.newton_root(lambda t: t * t + 1, lambda t: 2 * t, 0.0)


# ==================================================================================================
# Bad input for every entry point of cs229.fast.logistic_regression and its reference twin
# (LG-1 … LG-5, PC-1, NW-2): errors name the argument, labels outside {0, 1} are refused, the
# caller's arrays are untouched, and every dtype and layout gives the float64 answer
# (tests/bad_input.py).


X = np.array([[1.0, 0.5], [1.0, -1.0], [1.0, 2.0], [1.0, 0.0], [1.0, 1.5], [1.0, -0.5]])
Y = np.array([1.0, 0.0, 1.0, 1.0, 0.0, 0.0])
THETA = np.array([0.25, -0.5])

VALID = {
    "hypothesis": dict(x=X[2], theta=THETA),
    "probabilities": dict(X=X, theta=THETA),
    "predict": dict(X=X, theta=THETA),
    "likelihood": dict(X=X, y=Y, theta=THETA),
    "log_likelihood": dict(X=X, y=Y, theta=THETA),
    "gradient": dict(X=X, y=Y, theta=THETA),
    "hessian": dict(X=X, y=Y, theta=THETA),
    "stochastic_update": dict(x=X[2], y=1.0, theta=THETA, alpha=0.1),
    "stochastic_gradient_ascent": dict(X=X, y=Y, theta=THETA, alpha=0.1, epochs=2,
                                       sample_weight=np.array([1.0, 0.5, 0.0, 2.0, 1.0, 3.0])),
    "batch_gradient_ascent": dict(X=X, y=Y, theta=THETA, alpha=0.1, max_iterations=5, tol=None),
    "perceptron_update": dict(x=X[2], y=0.0, theta=THETA, alpha=1.0),
    "perceptron": dict(X=X, y=(X[:, 1] > 0.25).astype(float), theta=THETA, alpha=1.0, max_epochs=50),
    "newton": dict(X=X, y=Y, theta=THETA, max_iterations=50),
    "is_separated": dict(X=X, y=Y, theta=THETA),
}
TABLE = Table(F, R, VALID, parameters={
    "stochastic_update": [("alpha", 0.0), ("alpha", -1.0), ("alpha", "fast", TypeError)],
    "stochastic_gradient_ascent": [("alpha", -0.5), ("epochs", 0), ("decay", -1.0), ("epochs", 2.5, TypeError),
                                   ("order", [0, 0, 1, 2, 3, 4]), *bad_weights(6)],
    "batch_gradient_ascent": [("alpha", 0.0), ("max_iterations", 0), ("tol", -1.0), *BAD_PENALTIES],
    "perceptron_update": [("alpha", 0.0)],
    "perceptron": [("alpha", -1.0), ("max_epochs", 0), ("order", [5, 4, 3, 2, 1, 1])],
    "newton": [("max_iterations", 0), ("tol", -1.0), ("tol", None), ("start", "ones"), *BAD_PENALTIES,
               ("start", 1, TypeError), ("damping", "yes", TypeError)],
}, labels={(n, "y"): [0.5, -1.0, 2.0] for n, kw in VALID.items() if isinstance(kw.get("y"), np.ndarray)},
    others={"sigmoid", "threshold", "IterativeResult", "ConvergenceError", "SeparableDataError"})
install(TABLE, globals())
FACES = TABLE.faces


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("name", ["sigmoid", "threshold"])
def test_scalar_arguments_are_checked_LG_1_PC_1(face, name):
    f = getattr(FACES[face], name)
    for bad, error, problem in ((float("nan"), ValueError, "finite"), (float("inf"), ValueError, "finite"),
                                ("1", TypeError, "real"), (True, TypeError, "real"), ([1.0], TypeError, "real")):
        with pytest.raises(error) as e:
            f(bad)
        assert str(e.value) == f"z is {bad!r}: expected a {problem} number"


@pytest.mark.parametrize("face", FACES)
def test_scalar_labels_are_checked_LG_4_PC_1(face):
    for name in ("stochastic_update", "perceptron_update"):
        with pytest.raises(ValueError) as e:
            TABLE.call(face, name, y=0.5)
        assert str(e.value) == ("y[0] is 0.5: labels must be 0 or 1, the notes' coding here; for any other coding "
                                "use cs229.estimators.LogisticRegression or Perceptron")


@pytest.mark.parametrize("face", FACES)
def test_theta_of_the_wrong_length_is_refused(face):
    for name in ("gradient", "newton", "predict", "log_likelihood"):
        with pytest.raises(ValueError, match="theta has 3 entries but X has 2 columns"):
            TABLE.call(face, name, theta=np.zeros(3))


# ---- two bad arguments: both faces name the same one first ------------------------------------

test_two_bad_arguments_get_the_same_error_in_both_faces = two_bad_arguments(TABLE)


# ---- the penalty's λ ------------------------------------------------------------------------

def test_a_bad_lam_gets_the_same_error_and_words_in_both_faces_X_1():
    """X-1: λ < 0, NaN, a string, and a penalize_intercept that is not a bool: the same error
    and the same words (the kinds' own, naming the argument) from both faces."""
    bad_penalties_are_refused_alike(TABLE, ['newton', 'batch_gradient_ascent'])


# ---- LG-4: the stochastic rule whose θ leaves the float range -----------------------------------

@pytest.mark.parametrize("face", [R, F], ids=["reference", "fast"])
def test_stochastic_ascent_whose_steps_overflow_says_so_LG_4(face):
    """|y − g(θᵀx)| < 1 bounds a step by α·|x|, and α·x = 1e200·1e200 leaves the float range: the
    rule raises (no θ of inf returned), naming the epoch and α, with θ before that epoch."""
    X, y = np.array([[1.0, 1e200], [1.0, -1e200]]), np.array([1.0, 0.0])
    with pytest.raises(ConvergenceError) as e:
        face.stochastic_gradient_ascent(X, y, np.zeros(2), 1e200, 3, record=True)
    assert str(e.value) == ("stochastic gradient ascent diverged in epoch 1: θ is no longer finite "
                            "(alpha=1e+200 is too large for this X)")
    r = e.value.result
    assert (r.iterations, r.converged) == (0, False)
    assert np.array_equal(np.asarray(r.path[0], dtype=float), np.zeros(2))
