"""Part I against the peers: numpy.linalg.lstsq, scikit-learn LinearRegression and
SGDRegressor (one epoch, examples in order, constant rate)."""
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cs229.fast.linear_regression as F
import cs229.reference.linear_regression as R
from cs229.testing import strategies as S

pytestmark = pytest.mark.peer


@given(S.regression_problems(max_rows=12, max_features=4))
def test_normal_equations_match_lstsq_and_sklearn_LR_12(p):
    from sklearn.linear_model import LinearRegression
    X, y, _ = S.to_float(p)
    Xa, ya = np.array(X), np.array(y)
    lstsq = np.linalg.lstsq(Xa, ya, rcond=None)[0]
    sk = LinearRegression(fit_intercept=False).fit(Xa, ya).coef_
    for theta in (F.normal_equations(Xa, ya), R.normal_equations(X, y)):
        assert np.allclose(theta, lstsq, rtol=1e-9, atol=1e-9)
        assert np.allclose(theta, sk, rtol=1e-9, atol=1e-9)


@given(S.regression_problems(min_rows=5, max_rows=12, max_features=4), st.sampled_from([1e-3, 1e-2]))
def test_one_sgd_epoch_matches_sklearn_sgdregressor_LR_6(p, eta):
    """SGDRegressor with squared loss, no penalty, constant rate and no shuffling performs
    θ := θ − η (θᵀx − y) x per example with the intercept updated the same way: one LMS epoch."""
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.linear_model import SGDRegressor
    X, y, _ = S.to_float(p)
    Xa, ya = np.array(X), np.array(y)
    sk = SGDRegressor(loss="squared_error", penalty=None, learning_rate="constant", eta0=eta,
                      max_iter=1, tol=None, shuffle=False, fit_intercept=True, average=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        sk.fit(Xa[:, 1:], ya)
    ours = F.stochastic_gradient_descent(Xa, ya, np.zeros(Xa.shape[1]), eta, 1).theta
    assert np.allclose(ours, np.r_[sk.intercept_, sk.coef_], rtol=1e-10, atol=1e-12)
