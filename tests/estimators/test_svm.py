"""SVC's facts as scikit-learn names them: gamma "scale" and "auto", n_support_; against
scikit-learn's SVC (libsvm) on data it ships."""
import numpy as np
import pytest
from sklearn.datasets import load_breast_cancer
from sklearn.exceptions import ConvergenceWarning
from sklearn.svm import SVC as LibsvmSVC

from cs229.estimators import SVC, KernelPerceptron


@pytest.mark.parametrize("gamma", ["scale", "auto", 0.05])
def test_gamma_by_name_is_scikit_learns_and_the_support_counts_agree(gamma):
    X, y = load_breast_cancer(return_X_y=True)
    X = X[:, :10]
    ours = SVC(gamma=gamma, tol=1e-6).fit(X, y)
    theirs = LibsvmSVC(gamma=gamma, tol=1e-6).fit(X, y)
    assert np.array_equal(ours.n_support_, theirs.n_support_) and ours.n_support_.dtype == np.int32
    assert ours.n_support_.sum() == len(ours.support_)
    assert np.allclose(ours.decision_function(X), theirs.decision_function(X), rtol=0, atol=1e-4)


def test_gamma_scale_is_one_over_n_features_times_the_variance_and_auto_one_over_n_features():
    X, y = load_breast_cancer(return_X_y=True)
    X = X[:200, :4]
    y = y[:200]
    for gamma, value in (("scale", 1 / (4 * X.var())), ("auto", 1 / 4)):
        named, numbered = SVC(gamma=gamma).fit(X, y), SVC(gamma=value).fit(X, y)
        assert np.array_equal(named.alpha_, numbered.alpha_)
        with pytest.warns(ConvergenceWarning):  # three epochs do not separate these data
            perceptron = KernelPerceptron(gamma=gamma, max_epochs=3).fit(X, y)
        with pytest.warns(ConvergenceWarning):
            same = KernelPerceptron(gamma=value, max_epochs=3).fit(X, y)
        assert np.array_equal(perceptron.alpha_, same.alpha_)


def test_an_unknown_gamma_name_is_refused_naming_gamma():
    X, y = load_breast_cancer(return_X_y=True)
    with pytest.raises(ValueError, match=r"^gamma must be one of \('scale', 'auto'\) or a number > 0, got 'bogus'$"):
        SVC(gamma="bogus").fit(X[:50], y[:50])
