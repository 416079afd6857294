"""Bad input for every entry point of cs229.fast.linear_regression (and its reference twin):
a ValueError/TypeError naming the argument, the caller's arrays untouched, and every real dtype
and memory layout accepted with the same answer as float64 C-contiguous input (tests/bad_input.py)."""
import numpy as np
import pytest

import cs229.fast.linear_regression as F
import cs229.reference.linear_regression as R
from cs229.reference.linalg import SingularMatrixError

from bad_input import Table, install

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
    "stochastic_gradient_descent": dict(X=X, y=Y, theta=THETA, alpha=0.01, epochs=2),
    "normal_equations": dict(X=X, y=Y),
    "lwr_weights": dict(X=X, x=X[1], tau=1.0),
    "lwr_weights_sigma": dict(X=X, x=X[1], Sigma_inv=np.eye(2)),
    "weighted_normal_equations": dict(X=X, y=Y, w=np.array([1.0, 0.5, 0.25, 0.125])),
    "lwr_predict": dict(X=X, y=Y, queries=X[:2], tau=2.0),
    "polynomial_features": dict(x=Y, degree=3),
}, parameters={
    "lms_update": [("alpha", 0.0), ("alpha", -1.0), ("alpha", "fast", TypeError)],
    "batch_gradient_descent": [("alpha", 0.0), ("max_iterations", 0), ("tol", -1.0),
                               ("max_iterations", 2.5, TypeError)],
    "stochastic_gradient_descent": [("alpha", -0.5), ("epochs", 0), ("decay", -1.0)],
    "lwr_weights": [("tau", 0.0), ("tau", -2.0)],
    "lwr_predict": [("tau", 0.0)],
    "normal_equations": [("solver", "svd"), ("solver", None, TypeError)],
    "polynomial_features": [("degree", 0)],
}, others={"IterativeResult", "ConvergenceError"})
install(TABLE, globals())
FACES = TABLE.faces


@pytest.mark.parametrize("face", FACES)
def test_singular_normal_equations_are_refused(face):
    with pytest.raises(SingularMatrixError, match=f"column {X.shape[1]} of X is 2 × column 1"):
        TABLE.call(face, "normal_equations", X=np.c_[X, 2 * X[:, 1]])
