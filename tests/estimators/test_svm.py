"""SVC's facts as scikit-learn names them: gamma "scale" and "auto", n_support_, k classes one
against one, against scikit-learn's SVC (libsvm) on data it ships; the kernel perceptron's k
classes one against the rest."""
import numpy as np
import pytest
from sklearn.datasets import load_breast_cancer, load_iris, load_wine
from sklearn.exceptions import ConvergenceWarning
from sklearn.svm import SVC as LibsvmSVC

from cs229.estimators import SVC, KernelPerceptron
from cs229.fast import kernels, smo, svm


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


@pytest.mark.parametrize("load", [load_iris, load_wine], ids=lambda f: f.__name__)
def test_k_classes_one_against_one_are_libsvms_SMO_4(load):
    """One SVM per pair of classes: the same support vectors in libsvm's order and layout, the
    pairs' decision values and intercepts to the KKT tolerance, the same votes."""
    X, y = load(return_X_y=True)
    X = (X - X.mean(axis=0)) / X.std(axis=0)
    ours = SVC(gamma=0.1, tol=1e-6).fit(X, y)
    theirs = LibsvmSVC(gamma=0.1, tol=1e-6, decision_function_shape="ovo").fit(X, y)
    assert ours.pairs_ == [(0, 1), (0, 2), (1, 2)]
    assert np.array_equal(ours.n_support_, theirs.n_support_)
    assert np.array_equal(ours.support_, theirs.support_)
    assert np.allclose(ours.dual_coef_, theirs.dual_coef_, rtol=0, atol=1e-4)
    assert np.allclose(ours.intercept_, theirs.intercept_, rtol=0, atol=1e-5)
    ovo = SVC(gamma=0.1, tol=1e-6, decision_function_shape="ovo").fit(X, y).decision_function(X)
    assert np.allclose(ovo, theirs.decision_function(X), rtol=0, atol=1e-5)
    ovr = LibsvmSVC(gamma=0.1, tol=1e-6).fit(X, y).decision_function(X)
    assert np.allclose(ours.decision_function(X), ovr, rtol=0, atol=1e-5)
    assert np.array_equal(ours.predict(X), theirs.predict(X))
    assert np.array_equal(ours.predict(X), ours.classes_[ours.decision_function(X).argmax(axis=1)])


def test_each_pair_is_smo_on_its_two_classes_the_first_coded_plus_one_SMO_4():
    X, y = load_iris(return_X_y=True)
    names = np.array(["setosa", "versicolor", "virginica"])[y]
    model = SVC(kernel="linear", C=0.5, decision_function_shape="ovo").fit(X, names)
    ovo = model.decision_function(X)
    for p, ((i, j), fit, rows) in enumerate(zip(model.pairs_, model.models_, model.rows_)):
        assert set(names[rows]) == {model.classes_[i], model.classes_[j]}
        alone = smo.smo(X[rows], np.where(names[rows] == model.classes_[i], 1.0, -1.0), C=0.5,
                        kernel=kernels.Linear())
        assert np.array_equal(alone.alpha, fit.alpha) and alone.b == fit.b
        assert np.array_equal(ovo[:, p], svm.decision_function(alone, X))


def test_the_kernel_perceptron_takes_k_classes_one_against_the_rest_KR_9():
    """One perceptron per class, that class +1 and the rest −1, each the two-class fit of that
    coding; the largest decision value wins."""
    X, y = load_wine(return_X_y=True)
    X = (X - X.mean(axis=0)) / X.std(axis=0)
    model = KernelPerceptron(max_epochs=50).fit(X, y)
    assert model.converged_ and model.score(X, y) == 1.0
    values = model.decision_function(X)
    assert values.shape == (len(X), 3) and model.alpha_.shape == (3, len(X))
    for c in range(3):
        alone = KernelPerceptron(max_epochs=50).fit(X, np.where(y == c, "this", "rest"))
        # the two-class fit codes classes_[1] = "this" +1: the same perceptron
        assert np.array_equal(alone.alpha_, model.alpha_[c])
        assert np.array_equal(alone.decision_function(X), values[:, c])
    assert np.array_equal(model.predict(X), model.classes_[values.argmax(axis=1)])
