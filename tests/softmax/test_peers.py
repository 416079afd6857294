"""Softmax regression against scikit-learn's multinomial LogisticRegression without a penalty:
the parameterisations differ (θ_k = 0 here, symmetric there), so the probabilities are compared
(within 1e-6)."""
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cs229.fast.softmax as F

pytestmark = pytest.mark.peer


@given(st.integers(0, 2 ** 32 - 1), st.integers(3, 5))
def test_probabilities_match_sklearn_multinomial_SM_3_SM_4(seed, k):
    from sklearn.linear_model import LogisticRegression
    rng = np.random.default_rng(seed)
    m, d = 150, 3
    X = np.c_[np.ones(m), rng.standard_normal((m, d - 1))]
    Theta = rng.uniform(-1, 1, (k, d))
    eta = X @ Theta.T
    p = np.exp(eta - eta.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    y = np.array([rng.choice(k, p=row) for row in p]) + 1
    if len(set(y)) < k:
        return
    fit = F.newton(X, y, np.zeros((k - 1, d)))
    sk = LogisticRegression(C=np.inf, solver="lbfgs", fit_intercept=False, tol=1e-14, max_iter=10_000).fit(X, y)
    assert list(sk.classes_) == list(range(1, k + 1))
    assert np.abs(F.probabilities(X, fit.theta) - sk.predict_proba(X)).max() < 1e-6
