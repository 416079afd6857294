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


# ---- ridge regression against scikit-learn's Ridge ------------------------------------------

@pytest.mark.parametrize("lam", [0.1, 1.0, 30.0])
def test_ridge_matches_sklearn_ridge_on_diabetes_X_1(lam):
    """X-1: scikit-learn's Ridge(alpha=λ) minimises ‖y − Xw − b‖² + λ‖w‖², the intercept b
    unpenalised: our (XᵀX + λI′)θ = Xᵀy on [1, X] (½ of that objective, the same θ), both faces
    and both solvers, within 1e-8 relative on the diabetes data (442 × 10)."""
    from sklearn.datasets import load_diabetes
    from sklearn.linear_model import Ridge
    X, y = load_diabetes(return_X_y=True)
    peer = Ridge(alpha=lam, solver="cholesky").fit(X, y)
    expected = np.r_[peer.intercept_, peer.coef_]
    Xi = np.c_[np.ones(len(X)), X]
    fits = [F.normal_equations(Xi, y, solver, lam=lam) for solver in ("cholesky", "qr")]
    fits.append(np.array(R.normal_equations(Xi.tolist(), y.tolist(), lam=lam)))
    for theta in fits:
        assert np.abs(theta - expected).max() / np.abs(expected).max() < 1e-8
    no_intercept = Ridge(alpha=lam, fit_intercept=False, solver="cholesky").fit(X, y).coef_
    assert np.abs(F.normal_equations(X, y, lam=lam, penalize_intercept=True) - no_intercept).max() \
        < 1e-8 * np.abs(no_intercept).max()
