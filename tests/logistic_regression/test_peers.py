"""Part II against the peers: statsmodels Logit and GLM(Binomial) coefficients (1e-8 relative),
scikit-learn LogisticRegression without a penalty (probabilities within 1e-6), scikit-learn
Perceptron (one epoch separates the same separable data)."""
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cs229.fast.logistic_regression as F
import cs229.reference.logistic_regression as R

pytestmark = pytest.mark.peer


@st.composite
def logistic_data(draw, m_lo=60, m_hi=200):
    """Well-conditioned data from a logistic model: standard normal features, moderate θ."""
    seed = draw(st.integers(0, 2 ** 32 - 1))
    rng = np.random.default_rng(seed)
    m, d = draw(st.integers(m_lo, m_hi)), draw(st.integers(2, 5))
    X = np.c_[np.ones(m), rng.standard_normal((m, d - 1))]
    theta = rng.uniform(-1, 1, d)
    y = (rng.random(m) < 1 / (1 + np.exp(-X @ theta))).astype(float)
    return X, y


def rel(a, b):
    return np.abs(np.asarray(a) - np.asarray(b)).max() / max(1.0, np.abs(b).max())


@given(logistic_data())
def test_newton_matches_statsmodels_logit_and_glm_LG_3_NW_2(data):
    import statsmodels.api as sm
    X, y = data
    logit = sm.Logit(y, X).fit(method="newton", tol=1e-14, maxiter=100, disp=0).params
    binomial = sm.GLM(y, X, family=sm.families.Binomial()).fit(tol=1e-14, maxiter=100).params
    for theta in (F.newton(X, y).theta, R.newton(X.tolist(), y.tolist()).theta):
        assert rel(theta, logit) < 1e-8 and rel(theta, binomial) < 1e-8


@given(logistic_data())
def test_probabilities_match_sklearn_without_penalty_LG_1_LG_3(data):
    from sklearn.linear_model import LogisticRegression
    X, y = data
    sk = LogisticRegression(C=np.inf, solver="newton-cholesky", fit_intercept=False, tol=1e-12,
                            max_iter=200).fit(X, y)
    ours = F.probabilities(X, F.newton(X, y).theta)
    assert np.abs(ours - sk.predict_proba(X)[:, 1]).max() < 1e-6


@given(st.integers(0, 2 ** 32 - 1))
def test_perceptron_separates_like_sklearn_PC_1(seed):
    """Both reach a separating θ on separable data (their tie rules at θᵀx = 0 differ: here
    g(0) = 1, scikit-learn counts y·θᵀx <= 0 as a mistake, so the iterates are not compared)."""
    from sklearn.linear_model import Perceptron
    rng = np.random.default_rng(seed)
    X = np.c_[np.ones(80), rng.standard_normal((80, 2))]
    w = np.array([0.2, 1.0, -1.0])
    z = X @ w
    keep = np.abs(z) > 0.3
    X, y = X[keep], (z[keep] > 0).astype(float)
    ours = F.perceptron(X, y, max_epochs=10_000)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        sk = Perceptron(fit_intercept=False, shuffle=False, tol=None, max_iter=10_000, eta0=1.0).fit(X, y)
    assert ours.converged and (F.predict(X, ours.theta) == y).all()
    assert (sk.predict(X) == y).all()
