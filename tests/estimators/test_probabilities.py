"""predict_log_proba wherever predict_proba exists: its exp is predict_proba, and it stays finite
where a probability underflows to 0 (the log is taken of the log-odds, not of the probability)."""
import warnings

import numpy as np
import pytest
from sklearn.datasets import load_breast_cancer, load_wine
from sklearn.exceptions import ConvergenceWarning
from sklearn.preprocessing import StandardScaler

from cs229.estimators import (BernoulliNB, DecisionTreeClassifier, GaussianDiscriminantAnalysis,
                              LogisticRegression, MultinomialNB, SoftmaxRegression)


def _data(estimator):
    if isinstance(estimator, SoftmaxRegression):
        X, y = load_wine(return_X_y=True)
    else:
        X, y = load_breast_cancer(return_X_y=True)
        X = X[:, :5]
    if isinstance(estimator, (BernoulliNB, MultinomialNB)):
        return (X > np.median(X, axis=0)).astype(int), y
    return StandardScaler().fit_transform(X), y


@pytest.mark.parametrize("estimator", [LogisticRegression(), SoftmaxRegression(solver="newton"),
                                       GaussianDiscriminantAnalysis(), BernoulliNB(), MultinomialNB(),
                                       DecisionTreeClassifier(max_depth=3)],
                         ids=lambda e: type(e).__name__)
def test_the_exp_of_predict_log_proba_is_predict_proba(estimator):
    X, y = _data(estimator)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model = estimator.fit(X, y)
    assert np.allclose(np.exp(model.predict_log_proba(X)), model.predict_proba(X), rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize("estimator", [LogisticRegression(), SoftmaxRegression(solver="newton"),
                                       GaussianDiscriminantAnalysis()], ids=lambda e: type(e).__name__)
def test_log_probabilities_stay_finite_where_the_probabilities_underflow(estimator):
    X, y = _data(estimator)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model = estimator.fit(X, y)
    far = 1e3 * X[:20]
    assert (model.predict_proba(far) == 0).any()          # log(predict_proba) would be −inf here
    log_p = model.predict_log_proba(far)
    assert np.isfinite(log_p).all() and (log_p <= 0).all()
    assert np.allclose(np.logaddexp.reduce(log_p, axis=1), 0, atol=1e-12)
