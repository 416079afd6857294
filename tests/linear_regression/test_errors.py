"""Part I, least squares (LR-1 … LR-16): what both faces refuse and how: the exact type and text of
every error, and the bad-input treatment of every entry point (tests/bad_input.py)."""
import numpy as np
import pytest

import cs229.fast.linear_regression as F
import cs229.reference.linear_regression as R
from cs229.reference import linalg
from cs229.reference.linalg import SingularMatrixError
from cs229.reference.results import ConvergenceError

from tests.bad_input import BAD_PENALTIES, Table, bad_penalties_are_refused_alike, bad_weights, install
from tests.bad_pairs import two_bad_arguments


# ---- LR-4, LR-5, LR-6: gradient descent ---------------------------------------------------------

def test_gd_reports_divergence_and_the_cap_LR_5(impl):
    X = impl.arg([[1.0, 10.0], [1.0, -10.0], [1.0, 3.0]])
    y = impl.arg([1.0, 2.0, 3.0])
    with pytest.raises(ConvergenceError, match="diverged"):
        impl.linear_regression.batch_gradient_descent(X, y, impl.arg([0.0, 0.0]), 1.0, 10_000)
    with pytest.raises(ConvergenceError, match="did not converge in 3 iterations") as e:
        impl.linear_regression.batch_gradient_descent(X, y, impl.arg([0.0, 0.0]), 1e-3, 3)
    assert e.value.result.iterations == 3 and e.value.result.converged is False


def test_gd_defaults_and_words_LR_5(impl):
    """max_iterations=10_000, tol=1e-10, average=False, record=False: the default call is the
    explicit one; divergence names alpha, the cap says what to raise."""
    gd = impl.linear_regression.batch_gradient_descent
    X, y, zero = impl.arg([[1.0, 10.0], [1.0, -10.0], [1.0, 3.0]]), impl.arg([1.0, 2.0, 3.0]), impl.arg([0.0, 0.0])
    fit = gd(X, y, zero, 0.004)
    explicit = gd(X, y, zero, 0.004, max_iterations=10_000, tol=1e-10, average=False, record=False)
    assert (fit.iterations, fit.converged, fit.path) == (explicit.iterations, True, None) and fit.iterations > 1000
    assert np.array_equal(np.asarray(fit.theta, dtype=float), np.asarray(explicit.theta, dtype=float))
    one = [np.asarray(gd(X, y, zero, 0.004, max_iterations=1, tol=None, average=a).theta, dtype=float)
           for a in (False, True)]
    assert np.allclose(one[0], 3 * one[1], rtol=1e-15, atol=0) and one[0].any()  # average: the sum over m = 3
    with pytest.raises(ConvergenceError) as e:
        gd(X, y, zero, 1.0)
    assert str(e.value) == ("batch gradient descent diverged at iteration 134: θ is no longer finite (alpha=1.0 "
                            "is too large for this X; scale the features or lower alpha)")
    assert (e.value.result.iterations, e.value.result.converged) == (133, False)
    with pytest.raises(ConvergenceError) as e:
        gd(X, y, zero, 1e-7)
    assert str(e.value) == ("batch gradient descent did not converge in 10000 iterations (tol=1e-10); raise "
                            "max_iterations or alpha")


def test_sgd_defaults_and_words_LR_6(impl):
    """epochs=1, order 0..m−1, decay=0, record=False; divergence names the epoch and alpha and
    carries the last finite θ with its path."""
    sgd = impl.linear_regression.stochastic_gradient_descent
    X, y, zero = impl.arg([[1.0, 10.0], [1.0, -10.0], [1.0, 3.0]]), impl.arg([1.0, 2.0, 3.0]), impl.arg([0.0, 0.0])
    fit = sgd(X, y, zero, 0.01)
    explicit = sgd(X, y, zero, 0.01, epochs=1, order=[0, 1, 2], decay=0, record=False)
    assert (fit.iterations, fit.converged, fit.path) == (1, None, None)
    assert np.array_equal(np.asarray(fit.theta, dtype=float), np.asarray(explicit.theta, dtype=float))
    # by hand: θ := θ + α (y − θᵀx) x for x⁽⁰⁾, x⁽¹⁾, x⁽²⁾
    theta = np.zeros(2)
    for x_i, y_i in zip(np.array([[1.0, 10.0], [1.0, -10.0], [1.0, 3.0]]), [1.0, 2.0, 3.0]):
        theta = theta + 0.01 * (y_i - theta @ x_i) * x_i
    assert np.allclose(np.asarray(fit.theta, dtype=float), theta, rtol=1e-14, atol=0)
    with pytest.raises(ConvergenceError) as e:
        sgd(X, y, zero, 0.5, 1000, record=True)
    assert str(e.value) == ("stochastic gradient descent diverged in epoch 79: θ is no longer finite "
                            "(alpha=0.5 is too large for this X)")
    r = e.value.result
    assert (r.iterations, r.converged, len(r.path)) == (78, False, 79)


def test_sgd_reports_divergence_at_the_reference_epoch_LR_6():
    X = [[1.0, 10.0], [1.0, -10.0], [1.0, 3.0]]
    y = [1.0, 2.0, 3.0]
    results = []
    for module in (R, F):
        with pytest.raises(ConvergenceError, match="diverged in epoch") as e:
            module.stochastic_gradient_descent(X, y, [0.0, 0.0], 1.0, 1_000)
        results.append(e.value.result)
    ref, fast = results
    assert 0 < fast.iterations == ref.iterations < 1_000 and fast.converged is ref.converged is False
    assert np.array_equal(fast.theta, np.array(ref.theta, dtype=float), equal_nan=True)


# ---- LR-12: normal equations ------------------------------------------------------------------

@pytest.mark.parametrize("solver", ["cholesky", "qr"])
def test_singular_design_names_the_dependent_column_LR_12(impl, solver):
    X = np.array([[1.0, 2.0, 4.0], [1.0, 3.0, 6.0], [1.0, 5.0, 10.0], [1.0, 1.0, 2.0]])
    with pytest.raises(linalg.SingularMatrixError, match=r"column 2 of X is 2 × column 1") as e:
        impl.linear_regression.normal_equations(impl.arg(X), impl.arg([1.0, 2.0, 3.0, 4.0]),
                                                solver=solver)
    assert e.value.column == 2 and e.value.combination.keys() == {1}
    assert e.value.combination[1] == pytest.approx(2.0)
    with pytest.raises(linalg.SingularMatrixError, match="4 rows and 5 columns"):
        impl.linear_regression.normal_equations(impl.arg(np.c_[X, X[:, 1] ** 2, X[:, 1] ** 3]),
                                                impl.arg([1.0, 2.0, 3.0, 4.0]), solver=solver)
    X = np.array([[1.0, 2.0, 0.0, 1.0], [1.0, 3.0, 0.0, 1.0], [1.0, 5.0, 0.0, 1.0], [1.0, 1.0, 0.0, 1.0]])
    with pytest.raises(linalg.SingularMatrixError, match="column 2 of X is zero"):
        impl.linear_regression.normal_equations(impl.arg(X), impl.arg([1.0, 2.0, 3.0, 4.0]), solver=solver)
    X[:, 2] = 7.0  # a second constant column: the intercept again, in other units
    with pytest.raises(linalg.SingularMatrixError, match="column 2 of X is 7 × column 0"):
        impl.linear_regression.normal_equations(impl.arg(X), impl.arg([1.0, 2.0, 3.0, 4.0]), solver=solver)
    X[:, 2] = X[:, 1]
    with pytest.raises(linalg.SingularMatrixError, match="column 2 of X duplicates column 1"):
        impl.linear_regression.normal_equations(impl.arg(X), impl.arg([1.0, 2.0, 3.0, 4.0]), solver=solver)
    X[:, 2] = [1.0, 4.0, 2.0, 3.0]
    X[:, 3] = X[:, 1] - 3 * X[:, 2]
    with pytest.raises(linalg.SingularMatrixError,
                       match=r"column 3 of X is a linear combination of earlier ones: 1 × column 1 \+ -3 × column 2"):
        impl.linear_regression.normal_equations(impl.arg(X), impl.arg([1.0, 2.0, 3.0, 4.0]), solver=solver)


@pytest.mark.parametrize("solver", ["cholesky", "qr"])
def test_overflow_is_not_called_dependence_LR_12(impl, solver):
    """Neither dependence (a column of size inf is not zero) nor a θ of NaN: the overflow, named."""
    cholesky = ("normal equations: XᵀX or Xᵀy overflows (the products of the entries of X and y are too large "
                "for the scalar type); rescale the columns of X or y")
    X = impl.arg([[1e200, 1.0], [2e200, 3.0], [3e200, 1.0]])
    with pytest.raises(OverflowError) as e:
        impl.linear_regression.normal_equations(X, impl.arg([1.0, 2.0, 3.0]), solver=solver)
    assert str(e.value) == (cholesky if solver == "cholesky" else
                            "normal equations: the columns of X overflow when their sizes are formed; rescale "
                            "the columns of X")
    with pytest.raises(OverflowError) as e:  # Xᵀy overflows, XᵀX does not
        impl.linear_regression.normal_equations(impl.arg([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]]),
                                                impl.arg([1e307, 1.5e308, 1.7e308]), solver=solver)
    assert str(e.value) == (cholesky if solver == "cholesky" else
                            "normal equations: θ overflows; rescale the columns of X or y")


def test_weighted_normal_equations_words_and_shapes_LR_14(impl):
    wne = impl.linear_regression.weighted_normal_equations
    with pytest.raises(ValueError) as e:
        wne(impl.arg([[1.0, 2.0], [1.0, 3.0]]), impl.arg([1.0, 2.0]), impl.arg([1.0, -1.0]))
    assert str(e.value) == "w must be non-negative"
    with pytest.raises(linalg.SingularMatrixError) as e:
        wne(impl.arg([[1.0, 2.0]] * 3), impl.arg([1.0, 2.0, 3.0]), impl.arg([1.0, 1.0, 1.0]))
    # no query here, so no advice on τ (LWR's own error has it, at its query)
    assert str(e.value) == "XᵀWX is singular: column 1 of X is 2 × column 0 on the examples that carry weight"
    assert (e.value.column, e.value.combination) == (1, {0: 2.0})
    assert np.allclose(impl.out(wne(impl.arg([[2.0]]), impl.arg([4.0]), impl.arg([3.0]))), [2.0], rtol=1e-15, atol=0)
    theta = impl.out(wne(impl.arg([[0.0, 1.0], [1.0, 1.0], [2.0, 1.0]]), impl.arg([1.0, 2.0, 4.0]), impl.arg([1.0, 2.0, 1.0])))
    assert np.allclose(theta, [1.5, 0.75], rtol=1e-14, atol=0)


def test_lwr_names_the_query_and_tau_where_too_few_examples_carry_weight_LR_14(impl):
    """LR-14: the singular XᵀWX of a query far from the data names the query and the remedy."""
    with pytest.raises(linalg.SingularMatrixError) as e:
        impl.linear_regression.lwr_predict(impl.arg([[1.0, 0.0], [1.0, 1.0], [1.0, 50.0]]),
                                           impl.arg([1.0, 2.0, 3.0]), impl.arg([[1.0, 0.0]]), 0.01)
    assert str(e.value) == ("XᵀWX is singular at query 0: column 1 of X is zero on the examples that carry "
                            "weight; too few examples carry weight near the query (increase tau)")


@pytest.mark.parametrize("solver", ["cholesky", "qr"])
def test_sample_weights_that_leave_a_column_dependent_name_it_X_2(impl, solver):
    """X-2: weights 0 on the rows that made column 2 independent: XᵀWX is singular, said of X's
    columns on the examples that carry weight (no LWR advice), in both solvers."""
    X = impl.arg([[1.0, 0.0, 1.0], [1.0, 1.0, 2.0], [1.0, 2.0, 3.0], [1.0, 3.0, 7.0]])
    with pytest.raises(linalg.SingularMatrixError) as e:
        impl.linear_regression.normal_equations(X, impl.arg([1.0, 2.0, 3.0, 4.0]), solver,
                                                sample_weight=impl.arg([1.0, 2.0, 1.0, 0.0]))
    assert str(e.value).startswith("XᵀWX is singular: column 2 of X is ")
    assert str(e.value).endswith(" on the examples that carry weight")
    assert e.value.column == 2


def test_lwr_weights_sigma_refuses_an_indefinite_sigma_inv_LR_14(impl):
    with pytest.raises(ValueError) as e:
        impl.linear_regression.lwr_weights_sigma(impl.arg([[1.0, 2.0], [0.0, 1.0]]), impl.arg([1.0, 2.0]),
                                                 impl.arg([[-1.0, 0.0], [0.0, -1.0]]))
    assert str(e.value) == "Sigma_inv is not positive semi-definite: (x⁽ⁱ⁾ − x)ᵀ Σ⁻¹ (x⁽ⁱ⁾ − x) < 0"


def test_lms_update_names_y_LR_4(impl):
    with pytest.raises(TypeError) as e:
        impl.linear_regression.lms_update(impl.arg([1.0, 2.0]), "a", impl.arg([0.0, 0.0]), 0.1)
    assert str(e.value) == "y is 'a': expected a real number"


# ---- LR-13: the Gaussian model ----------------------------------------------------------------

@pytest.mark.parametrize("face", [R, F], ids=["reference", "fast"])
@pytest.mark.parametrize("fit, where", [
    (lambda face, X, y: face.weighted_normal_equations(X, y, [1.0, 1.0]), ""),
    (lambda face, X, y: face.normal_equations(X, y, sample_weight=[1.0, 1.0]), ""),
    (lambda face, X, y: face.lwr_predict(X, y, [[1e200, 1.0]], 1e300), " at query 0"),
], ids=["weighted_normal_equations", "sample_weight", "lwr_predict"])
def test_weighted_normal_equations_that_overflow_say_so_LR_14_X_2(face, fit, where):
    """(10²⁰⁰)² overflows XᵀWX: an OverflowError in the same words from both faces, naming
    LWR's query."""
    with pytest.raises(OverflowError) as e:
        fit(face, [[1e200, 1.0], [1.0, 2.0]], [1.0, 2.0])
    assert str(e.value) == (f"weighted normal equations{where}: XᵀWX or XᵀWy overflows (the products "
                            "of w, X and y are too large for the scalar type); rescale X or y")


@pytest.mark.parametrize("y, mean, error, message", [
    ("a", 0.0, TypeError, "y is 'a': expected a real number"),
    (0.0, float("nan"), ValueError, "mean is nan: expected a finite number"),
], ids=["y", "mean"])
def test_gaussian_density_names_y_and_the_mean_LR_13(y, mean, error, message):
    with pytest.raises(error) as e:
        R.gaussian_density(y, mean, 1.0)
    assert str(e.value) == message


@pytest.mark.parametrize("sigma,error,message", [(0, ValueError, "sigma must be > 0, got 0"),
                                                  (-1.0, ValueError, "sigma must be > 0, got -1.0"),
                                                  ("1", TypeError, "sigma is '1': expected a real number")],
                         ids=["zero", "negative", "text"])
def test_gaussian_model_refuses_a_bad_sigma_LR_13(sigma, error, message):
    for call in (lambda: R.gaussian_density(1.0, 0.0, sigma),
                 lambda: R.gaussian_likelihood([[1.0]], [1.0], [0.0], sigma),
                 lambda: R.gaussian_log_likelihood([[1.0]], [1.0], [0.0], sigma)):
        with pytest.raises(error) as e:
            call()
        assert str(e.value) == message


# ==================================================================================================
# Bad input for every entry point of cs229.fast.linear_regression (and its reference twin):
# a ValueError/TypeError naming the argument, the caller's arrays untouched, and every real dtype
# and memory layout accepted with the same answer as float64 C-contiguous input (tests/bad_input.py).


X = np.array([[1.0, 2.0], [1.0, 3.0], [1.0, 5.0], [1.0, 7.0]])
Y = np.array([1.0, 2.0, 3.0, 5.0])
THETA = np.array([0.5, 0.25])

TABLE = Table(F, R, valid={
    "add_intercept": dict(X=X),
    "hypothesis": dict(x=X[1], theta=THETA),
    "predict": dict(X=X, theta=THETA),
    "cost": dict(X=X, y=Y, theta=THETA),
    "cost_matrix_form": dict(X=X, y=Y, theta=THETA),
    "gradient": dict(X=X, y=Y, theta=THETA),
    "lms_update": dict(x=X[1], y=2.0, theta=THETA, alpha=0.1),
    "batch_gradient_descent": dict(X=X, y=Y, theta=THETA, alpha=0.01, max_iterations=5, tol=None),
    "stochastic_gradient_descent": dict(X=X, y=Y, theta=THETA, alpha=0.01, epochs=2,
                                        sample_weight=np.array([0.5, 1.0, 2.0, 0.0])),
    "normal_equations": dict(X=X, y=Y, sample_weight=np.array([1.0, 2.0, 0.0, 0.5])),
    "lwr_weights": dict(X=X, x=X[1], tau=1.0),
    "lwr_weights_sigma": dict(X=X, x=X[1], Sigma_inv=np.eye(2)),
    "weighted_normal_equations": dict(X=X, y=Y, w=np.array([1.0, 0.5, 0.25, 0.125])),
    "lwr_predict": dict(X=X, y=Y, queries=X[:2], tau=2.0),
    "polynomial_features": dict(x=Y, degree=3),
}, parameters={
    "lms_update": [("alpha", 0.0), ("alpha", -1.0), ("alpha", "fast", TypeError)],
    "batch_gradient_descent": [("alpha", 0.0), ("max_iterations", 0), ("tol", -1.0), *BAD_PENALTIES,
                               ("max_iterations", 2.5, TypeError)],
    "stochastic_gradient_descent": [("alpha", -0.5), ("epochs", 0), ("decay", -1.0), *bad_weights(4)],
    "lwr_weights": [("tau", 0.0), ("tau", -2.0)],
    "lwr_predict": [("tau", 0.0)],
    "normal_equations": [("solver", "svd"), ("solver", None, TypeError), *BAD_PENALTIES, *bad_weights(4)],
    "polynomial_features": [("degree", 0)],
}, others={"IterativeResult", "ConvergenceError"})
install(TABLE, globals())
FACES = TABLE.faces


@pytest.mark.parametrize("face", FACES)
def test_singular_normal_equations_are_refused(face):
    with pytest.raises(SingularMatrixError, match=f"column {X.shape[1]} of X is 2 × column 1"):
        TABLE.call(face, "normal_equations", X=np.c_[X, 2 * X[:, 1]])


# ---- two bad arguments: both faces name the same one first ------------------------------------

test_two_bad_arguments_get_the_same_error_in_both_faces = two_bad_arguments(TABLE)


# ---- the penalty's λ ------------------------------------------------------------------------

def test_a_bad_lam_gets_the_same_error_and_words_in_both_faces_X_1():
    """X-1: λ < 0, NaN, a string, and a penalize_intercept that is not a bool: the same error
    and the same words (the kinds' own, naming the argument) from both faces."""
    bad_penalties_are_refused_alike(TABLE, ['normal_equations', 'batch_gradient_descent'])


@pytest.mark.parametrize("name", ["alpha", "decay"])
def test_stochastic_gradient_descent_refuses_a_number_past_float64_in_the_fast_face_LR_6(name):
    """The fast face reads α and the decay as float64 and names a value beyond its range (the
    reference keeps 10⁴⁰⁰ as an exact number)."""
    options = {"alpha": 0.1, "decay": 0.0, name: 10 ** 400}
    with pytest.raises(ValueError, match=f"^{name} is 1000+: outside the float64 range$"):
        F.stochastic_gradient_descent([[1.0, 2.0]], [3.0], [0.0, 0.0], options.pop("alpha"), **options)
