"""SVC's facts as scikit-learn names them: gamma "scale" and "auto", n_support_, k classes one
against one, against scikit-learn's SVC (libsvm) on data it ships; the kernel perceptron's k
classes one against the rest; SVC's probabilities (Platt's sigmoid by cross-validation, the
pairs coupled) against libsvm's."""
import warnings

import numpy as np
import pytest
from scipy.optimize import minimize
from sklearn.datasets import load_breast_cancer, load_iris, load_wine
from sklearn.exceptions import ConvergenceWarning, NotFittedError
from sklearn.svm import SVC as LibsvmSVC

from cs229.estimators import SVC, KernelPerceptron, _platt
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


def _libsvm_probabilities(X, y, **options):
    """scikit-learn's SVC(probability=True) (deprecated there from 1.9, still libsvm's method)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        model = LibsvmSVC(probability=True, random_state=0, **options).fit(X, y)
        return model, model.predict_proba(X), model.probA_, model.probB_


def _standardised(load):
    X, y = load(return_X_y=True)
    return (X - X.mean(axis=0)) / X.std(axis=0), y


@pytest.mark.parametrize("load", [load_iris, load_breast_cancer, load_wine], ids=lambda f: f.__name__)
@pytest.mark.parametrize("gamma", [0.1, "scale"])
def test_probabilities_are_libsvms_platt_scaling_within_0_05_on_average(load, gamma):
    """Platt's sigmoid on five-fold decision values, the pairs coupled for k > 2: the folds are
    drawn otherwise than libsvm's, so the numbers differ by the folds' chance, not the method."""
    X, y = _standardised(load)
    labels = np.array(["c", "a", "b"])[y]  # classes_ sorted as scikit-learn's, not by first sight
    ours = SVC(gamma=gamma, probability=True, random_state=0).fit(X, labels)
    theirs, expected, probA, probB = _libsvm_probabilities(X, labels, gamma=gamma)
    assert np.array_equal(ours.classes_, theirs.classes_)
    probabilities = ours.predict_proba(X)
    assert probabilities.shape == (len(X), len(ours.classes_))
    assert np.allclose(probabilities.sum(axis=1), 1.0, rtol=0, atol=1e-12)
    assert np.abs(probabilities - expected).mean() < 0.05
    # each pair's sigmoid is libsvm's, in its sign: A < 0 and near scikit-learn's
    assert ours.probA_.shape == ours.probB_.shape == probA.shape == (len(ours.pairs_),)
    assert np.all(ours.probA_ < 0) and np.allclose(ours.probA_, probA, rtol=0.15)
    assert np.allclose(ours.predict_log_proba(X), np.log(probabilities), rtol=0, atol=0)


def test_two_classes_give_the_sigmoid_of_the_decision_value_increasing_towards_classes_1():
    X, y = _standardised(load_breast_cancer)
    model = SVC(gamma=0.1, probability=True, random_state=0).fit(X, y)
    f = model.decision_function(X)
    p = model.predict_proba(X)
    # libsvm's sign: the sigmoid gives classes_[0] from −f
    assert np.allclose(p[:, 0], np.clip(1 / (1 + np.exp(-model.probA_[0] * f + model.probB_[0])),
                                        1e-7, 1 - 1e-7), rtol=0, atol=1e-15)
    order = np.argsort(f)
    assert np.all(np.diff(p[order, 1]) >= 0)
    assert np.array_equal(SVC(gamma=0.1).fit(X, y).decision_function(X), f)  # the SVM is the same


def test_random_state_draws_the_folds_reproducibly():
    X, y = _standardised(load_wine)
    first = SVC(gamma=0.1, probability=True, random_state=3).fit(X, y)
    again = SVC(gamma=0.1, probability=True, random_state=np.random.RandomState(3)).fit(X, y)
    other = SVC(gamma=0.1, probability=True, random_state=4).fit(X, y)
    assert np.array_equal(first.probA_, again.probA_) and np.array_equal(first.probB_, again.probB_)
    assert np.array_equal(first.predict_proba(X), again.predict_proba(X))
    assert not np.array_equal(first.probA_, other.probA_)
    # the folds never touch the SVMs themselves
    assert np.array_equal(first.decision_function(X), other.decision_function(X))


def test_predict_proba_exists_only_with_probability_true():
    X, y = _standardised(load_iris)
    model = SVC().fit(X, y)
    assert not hasattr(model, "predict_proba") and not hasattr(model, "predict_log_proba")
    with pytest.raises(AttributeError, match="predict_proba") as raised:
        model.predict_proba(X)
    # scikit-learn's available_if names the attribute and chains the reason
    reason = raised.value if raised.value.__cause__ is None else raised.value.__cause__
    assert str(reason) == ("predict_proba is not available when probability=False; "
                           "fit with SVC(probability=True)")
    assert not hasattr(model, "probA_")
    model.set_params(probability=True)
    with pytest.raises(NotFittedError):  # fitted without the sigmoids
        model.predict_proba(X)
    refit = model.fit(X, y).set_params(probability=False).fit(X, y)
    assert not hasattr(refit, "probA_")


def test_probability_must_be_a_flag():
    X, y = _standardised(load_iris)
    with pytest.raises(TypeError, match=r"^probability must be True or False, got 'yes'$"):
        SVC(probability="yes").fit(X, y)


def test_platts_sigmoid_is_the_minimiser_of_the_cross_entropy_with_prior_corrected_targets():
    """Newton's answer against scipy's minimiser of Σ tᵢzᵢ + log(1 + exp(−zᵢ)), z = Af + B."""
    rng = np.random.default_rng(0)
    f = np.concatenate([rng.normal(1.0, 1.0, 60), rng.normal(-1.0, 1.0, 40)])
    positive = np.arange(100) < 60
    t = np.where(positive, 61 / 62, 1 / 42)

    def cross_entropy(ab):
        z = ab[0] * f + ab[1]
        return np.sum(t * z + np.logaddexp(0, -z))

    expected = minimize(cross_entropy, [0.0, 0.0], method="BFGS", options={"gtol": 1e-10}).x
    A, B = _platt.sigmoid_fit(f, positive)
    assert np.allclose([A, B], expected, rtol=0, atol=1e-5)
    assert np.allclose(_platt.sigmoid_probability(f, A, B), 1 / (1 + np.exp(A * f + B)))
    # separable decision values: the targets keep A and B finite
    A, B = _platt.sigmoid_fit(np.where(positive, 2.0, -2.0), positive)
    assert np.isfinite(A) and np.isfinite(B) and A < 0
    with pytest.warns(ConvergenceWarning, match=r"^Platt's sigmoid: Newton's method reached its cap of 1 "
                                                r"steps before the gradient fell below 1e-05; the last A, B "
                                                r"are kept$"):
        _platt.sigmoid_fit(f, positive, max_iterations=1)


def test_pairwise_coupling_recovers_the_distribution_its_pairs_come_from():
    """rᵢⱼ = pᵢ/(pᵢ + pⱼ) exactly: method 2's minimum is p (to its stopping tolerance 0.005/k)."""
    p = np.array([[0.5, 0.3, 0.2], [0.1, 0.1, 0.8], [1 / 3, 1 / 3, 1 / 3], [0.05, 0.6, 0.35]])
    r = p[:, :, None] / (p[:, :, None] + p[:, None, :])
    r[:, np.arange(3), np.arange(3)] = 0
    coupled = _platt.pairwise_coupling(r)
    assert np.allclose(coupled.sum(axis=1), 1.0, rtol=0, atol=1e-12)
    assert np.allclose(coupled, p, rtol=0, atol=5e-3)


def test_the_sigmoid_is_fitted_to_five_fold_decision_values_of_the_random_state_shuffle():
    """libsvm's svm_binary_svc_probability: the examples shuffled, five folds, each fold's
    decision values from the SVM of the other four, in libsvm's sign (positive for classes_[0])."""
    X, y = _standardised(load_breast_cancer)
    model = SVC(gamma=0.1, probability=True, random_state=7).fit(X, y)
    m = len(X)
    order = np.random.RandomState(7).permutation(m)
    f = np.empty(m)
    for fold in range(5):
        begin, end = fold * m // 5, (fold + 1) * m // 5
        held, train = order[begin:end], np.concatenate([order[:begin], order[end:]])  # libsvm's order
        f[held] = -SVC(gamma=0.1).fit(X[train], y[train]).decision_function(X[held])
    A, B = _platt.sigmoid_fit(f, y == 0)
    assert model.probA_[0] == A and model.probB_[0] == B
