"""Bad input for every entry point of cs229.fast.generative and its reference twin (MVN-1, GDA-1,
GDA-2, GDA-3): a ValueError/TypeError naming the argument, the caller's arrays untouched, every
real dtype and memory layout accepted with the answer of float64 C-contiguous input
(tests/bad_input.py). A model's mu0, mu1 and Sigma get the array checks as 'model.<field>'."""
import numpy as np
import pytest

import cs229.fast.generative as F
import cs229.reference.generative as R
from cs229.reference.linalg import NotPositiveDefiniteError, SingularMatrixError

from bad_input import Table, install, same

X = np.array([[1.0, 2.0], [2.0, 1.0], [3.0, 4.0], [0.0, 1.0], [2.0, 3.0], [4.0, 2.0]])
Y = np.array([0.0, 0.0, 0.0, 1.0, 1.0, 1.0])
MU = np.array([0.5, 1.5])
SIGMA = np.array([[2.0, 0.5], [0.5, 1.0]])
MODEL = R.GDAModel(0.5, [2.0, 2.0], [2.0, 2.0], [[1.5, 0.5], [0.5, 1.25]])

TABLE = Table(F, R, valid={
    "mvn_log_density": dict(x=X[0], mu=MU, Sigma=SIGMA),
    "mvn_log_densities": dict(X=X, mu=MU, Sigma=SIGMA),
    "mvn_density": dict(x=X[0], mu=MU, Sigma=SIGMA),
    "gda_fit": dict(X=X, y=Y),
    "gda_log_likelihood": dict(X=X, y=Y, model=MODEL),
    "gda_log_joint": dict(model=MODEL, X=X),
    "gda_posterior": dict(model=MODEL, X=X),
    "gda_predict": dict(model=MODEL, X=X),
    "gda_logistic_theta": dict(model=MODEL),
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
                ("y", np.zeros(6), ValueError, "no examples of class 1")],
}, models={R.GDAModel: ("mu0", "mu1", "Sigma")},
    others={"GDAModel", "ZeroOverZeroError", "SingularMatrixError", "NotPositiveDefiniteError"})
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
