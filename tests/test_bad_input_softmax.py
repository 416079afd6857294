"""Bad input for every entry point of cs229.fast.softmax and its reference twin (SM-2 … SM-4):
errors name the argument, labels outside 1..k are refused, the caller's arrays are untouched,
every dtype and layout gives the float64 answer (tests/bad_input.py)."""
import numpy as np
import pytest

import cs229.fast.softmax as F
import cs229.reference.softmax as R

from bad_input import Table, install

X = np.array([[1.0, 0.5], [1.0, -1.0], [1.0, 2.0], [1.0, 0.0], [1.0, 1.5], [1.0, -0.5], [1.0, 0.5],
              [1.0, 0.5]])
Y = np.array([1.0, 3.0, 1.0, 2.0, 2.0, 1.0, 2.0, 3.0])
THETA = np.array([[0.25, -0.5], [0.1, 0.2]])

VALID = {
    "softmax": dict(eta=np.array([0.5, -1.0, 2.0])),
    "log_sum_exp": dict(eta=np.array([0.5, -1.0, 2.0])),
    "natural_parameters": dict(x=X[2], Theta=THETA),
    "probabilities": dict(X=X, Theta=THETA),
    "hypothesis": dict(x=X[2], Theta=THETA),
    "predict": dict(X=X, Theta=THETA),
    "log_likelihood": dict(X=X, y=Y, Theta=THETA),
    "gradient": dict(X=X, y=Y, Theta=THETA),
    "hessian": dict(X=X, y=Y, Theta=THETA),
    "gradient_ascent": dict(X=X, y=Y, Theta=THETA, alpha=0.1, max_iterations=5, tol=None),
    "newton": dict(X=X, y=Y, Theta=THETA, max_iterations=50),
    "cross_entropy": dict(p=np.array([0.0, 1.0, 0.0]), p_hat=np.array([0.2, 0.5, 0.3])),
}
TABLE = Table(F, R, VALID, parameters={
    "gradient_ascent": [("alpha", 0.0), ("max_iterations", 0), ("tol", -1.0)],
    "newton": [("max_iterations", 0), ("tol", -1.0), ("tol", None), ("damping", "yes", TypeError)],
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
