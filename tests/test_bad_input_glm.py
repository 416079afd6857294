"""Bad input for every entry point of cs229.fast.glm and its reference twin (GLM-1, GLM-4, X-6):
errors name the argument, Poisson targets must be non-negative integers, Bernoulli labels 0/1,
unknown families are refused, the caller's arrays are untouched, every dtype and layout works
(tests/bad_input.py)."""
import numpy as np
import pytest

import cs229.fast.glm as F
import cs229.reference.glm as R
from cs229.reference import exponential_family as ef

from bad_input import Table, install

X = np.array([[1.0, 0.5], [1.0, -1.0], [1.0, 2.0], [1.0, 0.0], [1.0, 1.5], [1.0, -0.5]])
COUNTS = np.array([2.0, 0.0, 5.0, 1.0, 3.0, 1.0])
THETA = np.array([0.25, 0.5])

VALID = {
    "hypothesis": dict(family="poisson", x=X[2], theta=THETA),
    "hypotheses": dict(family="poisson", X=X, theta=THETA),
    "log_likelihood": dict(family="poisson", X=X, y=COUNTS, theta=THETA),
    "gradient": dict(family="poisson", X=X, y=COUNTS, theta=THETA),
    "hessian": dict(family="poisson", X=X, y=COUNTS, theta=THETA),
    "gradient_ascent": dict(family="poisson", X=X, y=COUNTS, theta=THETA, alpha=0.01,
                            max_iterations=5, tol=None),
    "newton": dict(family="poisson", X=X, y=COUNTS, theta=THETA, max_iterations=50),
    "poisson_regression": dict(X=X, y=COUNTS, theta=THETA, max_iterations=50),
    "fisher_information": dict(family="poisson", X=X, y=COUNTS, theta=THETA),
    "standard_errors": dict(family="poisson", X=X, y=COUNTS, theta=THETA, scale=1.0),
}
TABLE = Table(F, R, VALID, parameters={
    "gradient_ascent": [("alpha", 0.0), ("max_iterations", 0), ("tol", -1.0), ("family", "binomial")],
    "newton": [("max_iterations", 0), ("tol", -1.0), ("tol", None), ("family", "cauchy"),
               ("family", ef.multinomial(3)), ("start", "ones"), ("start", 0, TypeError),
               ("damping", "yes", TypeError)],
    "poisson_regression": [("start", "mean")],
    "hypotheses": [("family", 3, TypeError)],
    "standard_errors": [("scale", 0.0), ("scale", -2.0), ("scale", float("inf")), ("scale", "1", TypeError)],
}, labels={(n, "y"): [0.5, -1.0, -3.0] for n, kw in VALID.items() if isinstance(kw.get("y"), np.ndarray)},
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
