"""Part III GLMs against statsmodels GLM (Poisson, Gaussian, Binomial): coefficients within 1e-8
relative on well-conditioned data."""
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cs229.fast.glm as F
import cs229.reference.glm as R

pytestmark = pytest.mark.peer


@st.composite
def glm_data(draw):
    seed = draw(st.integers(0, 2 ** 32 - 1))
    rng = np.random.default_rng(seed)
    m, d = draw(st.integers(60, 200)), draw(st.integers(2, 5))
    X = np.c_[np.ones(m), rng.standard_normal((m, d - 1))]
    theta = rng.uniform(-0.5, 0.5, d)
    eta = X @ theta
    return X, {"poisson": rng.poisson(np.exp(eta)).astype(float),
               "gaussian": eta + rng.standard_normal(m),
               "bernoulli": (rng.random(m) < 1 / (1 + np.exp(-eta))).astype(float)}


def rel(a, b):
    return np.abs(np.asarray(a) - np.asarray(b)).max() / max(1.0, np.abs(b).max())


@given(glm_data())
def test_newton_matches_statsmodels_glm_GLM_4(data):
    import statsmodels.api as sm
    X, ys = data
    families = {"poisson": sm.families.Poisson(), "gaussian": sm.families.Gaussian(),
                "bernoulli": sm.families.Binomial()}
    for name, y in ys.items():
        peer = sm.GLM(y, X, family=families[name]).fit(tol=1e-14, maxiter=100).params
        assert rel(F.newton(name, X, y).theta, peer) < 1e-8, name
        assert rel(R.newton(name, X.tolist(), y.tolist()).theta, peer) < 1e-8, name
    assert rel(F.poisson_regression(X, ys["poisson"]).theta,
               sm.GLM(ys["poisson"], X, family=families["poisson"]).fit(tol=1e-14).params) < 1e-8
