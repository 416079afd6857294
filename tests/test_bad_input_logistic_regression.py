"""Bad input for every entry point of cs229.fast.logistic_regression and its reference twin
(LG-1 … LG-5, PC-1, NW-2): errors name the argument, labels outside {0, 1} are refused, the
caller's arrays are untouched, and every dtype and layout gives the float64 answer
(tests/bad_input.py)."""
import numpy as np
import pytest

import cs229.fast.logistic_regression as F
import cs229.reference.logistic_regression as R

from bad_input import Table, install

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
    "stochastic_gradient_ascent": dict(X=X, y=Y, theta=THETA, alpha=0.1, epochs=2),
    "batch_gradient_ascent": dict(X=X, y=Y, theta=THETA, alpha=0.1, max_iterations=5, tol=None),
    "perceptron_update": dict(x=X[2], y=0.0, theta=THETA, alpha=1.0),
    "perceptron": dict(X=X, y=(X[:, 1] > 0.25).astype(float), theta=THETA, alpha=1.0, max_epochs=50),
    "newton": dict(X=X, y=Y, theta=THETA, max_iterations=50),
    "is_separated": dict(X=X, y=Y, theta=THETA),
}
TABLE = Table(F, R, VALID, parameters={
    "stochastic_update": [("alpha", 0.0), ("alpha", -1.0), ("alpha", "fast", TypeError)],
    "stochastic_gradient_ascent": [("alpha", -0.5), ("epochs", 0), ("decay", -1.0), ("epochs", 2.5, TypeError),
                                   ("order", [0, 0, 1, 2, 3, 4])],
    "batch_gradient_ascent": [("alpha", 0.0), ("max_iterations", 0), ("tol", -1.0)],
    "perceptron_update": [("alpha", 0.0)],
    "perceptron": [("alpha", -1.0), ("max_epochs", 0), ("order", [5, 4, 3, 2, 1, 1])],
    "newton": [("max_iterations", 0), ("tol", -1.0), ("tol", None), ("start", "ones"),
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
