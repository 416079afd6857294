"""X-2 in the estimators: ``fit(X, y, sample_weight)`` of the least-squares, logistic and softmax
estimators against scikit-learn's with the same weights on the data sets it ships, against the
rows repeated, and the words where a solver takes no weights or the weights leave a class out.
(The GLMs' weights are in tests/glm/test_extensions.py, softmax regression's functions' in
tests/softmax/test_extensions.py.)"""
import numpy as np
import pytest

pytest.importorskip("sklearn")

from sklearn import linear_model  # noqa: E402
from sklearn.base import clone  # noqa: E402
from sklearn.datasets import load_breast_cancer, load_diabetes, load_iris, load_wine  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402

import cs229.estimators as E  # noqa: E402
from cs229.fast import softmax  # noqa: E402


@pytest.fixture(scope="module")
def diabetes():
    X, y = load_diabetes(return_X_y=True)
    return X, y, np.random.default_rng(0).uniform(0.0, 3.0, len(y))


@pytest.fixture(scope="module")
def cancer():
    X, y = load_breast_cancer(return_X_y=True)
    return StandardScaler().fit_transform(X), y, np.random.default_rng(1).uniform(0.0, 3.0, len(y))


def _relative(ours, theirs):
    ours, theirs = np.ravel(ours), np.ravel(theirs)
    return np.max(np.abs(ours - theirs)) / max(1.0, np.max(np.abs(theirs)))


@pytest.mark.parametrize("fit_intercept", [True, False])
def test_linear_regression_with_weights_is_scikit_learns_X_2(diabetes, fit_intercept):
    """XᵀWXθ = XᵀWy: scikit-learn's LinearRegression with the same sample_weight, diabetes."""
    X, y, w = diabetes
    ours = E.LinearRegression(fit_intercept=fit_intercept).fit(X, y, sample_weight=w)
    theirs = linear_model.LinearRegression(fit_intercept=fit_intercept).fit(X, y, sample_weight=w)
    assert _relative(ours.coef_, theirs.coef_) < 1e-10
    assert abs(ours.intercept_ - theirs.intercept_) < 1e-10 * max(1.0, abs(theirs.intercept_))


def test_linear_regression_gd_with_weights_descends_to_the_weighted_fit_X_2(diabetes):
    """"gd" with weights (the Gaussian GLM's weighted ascent) reaches the normal equations' θ."""
    X, y, w = diabetes
    X = StandardScaler().fit_transform(X)
    gd = E.LinearRegression(solver="gd", learning_rate=0.1, max_iterations=100_000, tol=1e-12)
    normal = E.LinearRegression().fit(X, y, sample_weight=w)
    assert _relative(gd.fit(X, y, sample_weight=w).theta_, normal.theta_) < 1e-8


@pytest.mark.parametrize("solver", ["cholesky", "qr"])
@pytest.mark.parametrize("alpha", [0.01, 3.0])
def test_ridge_with_weights_is_scikit_learns_X_1_X_2(diabetes, solver, alpha):
    X, y, w = diabetes
    ours = E.Ridge(alpha=alpha, solver=solver).fit(X, y, sample_weight=w)
    theirs = linear_model.Ridge(alpha=alpha).fit(X, y, sample_weight=w)
    assert _relative(ours.coef_, theirs.coef_) < 1e-9
    assert abs(ours.intercept_ - theirs.intercept_) < 1e-9 * max(1.0, abs(theirs.intercept_))


@pytest.mark.parametrize("C", [0.05, 1.0])
def test_logistic_regression_with_weights_is_scikit_learns_X_1_X_2(cancer, C):
    """Newton with weights and penalty="l2": scikit-learn's LogisticRegression(C) with the same
    sample_weight (its newton-cholesky solver at a tight tol) to 1e-8, breast cancer."""
    X, y, w = cancer
    ours = E.LogisticRegression(penalty="l2", C=C).fit(X, y, sample_weight=w)
    theirs = linear_model.LogisticRegression(C=C, solver="newton-cholesky", tol=1e-14,
                                             max_iter=1000).fit(X, y, sample_weight=w)
    assert _relative(ours.coef_, theirs.coef_) < 1e-8
    assert _relative(ours.intercept_, theirs.intercept_) < 1e-8
    gd = E.LogisticRegression(penalty="l2", C=C, solver="gd", learning_rate=1.0, max_iterations=200_000,
                              tol=1e-12).fit(X, y, sample_weight=w)
    assert _relative(gd.coef_, theirs.coef_) < 1e-6


@pytest.mark.parametrize("estimator", [E.LinearRegression(), E.Ridge(alpha=0.5),
                                       E.LogisticRegression(penalty="l2")],
                         ids=["linear", "ridge", "logistic"])
def test_integer_weights_are_repeated_rows_and_zero_drops_a_row_X_2(cancer, estimator):
    X, y, _ = cancer
    X, y = X[:120, :6], y[:120]
    w = np.random.default_rng(2).integers(0, 4, len(y)).astype(float)
    rows = np.repeat(np.arange(len(y)), w.astype(int))
    weighted = estimator.__class__(**estimator.get_params()).fit(X, y, sample_weight=w)
    repeated = estimator.__class__(**estimator.get_params()).fit(X[rows], y[rows])
    assert _relative(weighted.theta_, repeated.theta_) < 1e-9


def test_logistic_weights_give_the_weighted_summary_X_2_X_6(cancer):
    """The summary of a weighted fit: standard errors of the weighted information Σᵢ wᵢhᵢ(1 − hᵢ)xxᵀ,
    those of the repeated rows for integer weights."""
    X, y, _ = cancer
    X, y = X[:200, :4], y[:200]
    w = np.random.default_rng(3).integers(0, 3, len(y)).astype(float)
    rows = np.repeat(np.arange(len(y)), w.astype(int))
    weighted = E.LogisticRegression().fit(X, y, sample_weight=w).summary()
    repeated = E.LogisticRegression().fit(X[rows], y[rows]).summary()
    assert _relative(weighted.bse, repeated.bse) < 1e-8


@pytest.mark.parametrize("estimator", [E.LinearRegression(solver="sgd", learning_rate=1e-3),
                                       E.LogisticRegression(solver="sgd", learning_rate=0.1)],
                         ids=["linear", "logistic"])
def test_the_stochastic_rule_scales_each_step_by_its_weight_X_2(cancer, estimator):
    """"sgd" with weights: the fast face's weighted rule (α_t·wᵢ); weights of 1 are no weights,
    and weights of 2 are the rate doubled."""
    X, y, _ = cancer
    ones = estimator.__class__(**estimator.get_params()).fit(X, y, sample_weight=np.ones(len(y)))
    assert np.array_equal(ones.theta_, estimator.__class__(**estimator.get_params()).fit(X, y).theta_)
    twos = estimator.__class__(**estimator.get_params()).fit(X, y, sample_weight=np.full(len(y), 2.0))
    doubled = estimator.__class__(**{**estimator.get_params(), "learning_rate": 2 * estimator.learning_rate})
    assert np.array_equal(twos.theta_, doubled.fit(X, y).theta_)


@pytest.mark.parametrize("solver", ["newton", "gd"])
def test_logistic_regression_with_k_classes_fits_the_weighted_softmax_X_2(solver):
    """Three classes and weights: LogisticRegression is SoftmaxRegression's weighted fit (the
    same Θ, bit for bit), and weights of 1 are the unweighted fit."""
    X, y = load_iris(return_X_y=True)
    X = StandardScaler().fit_transform(X)
    w = np.random.default_rng(5).uniform(0.0, 3.0, len(y))
    options = dict(penalty="l2", C=2.0, solver=solver, learning_rate=0.5, max_iterations=20_000)
    logistic = E.LogisticRegression(**options).fit(X, y, sample_weight=w)
    softmax = E.SoftmaxRegression(**options).fit(X, y, sample_weight=w)
    assert np.array_equal(logistic.theta_, softmax.Theta_)
    assert np.array_equal(logistic.predict_proba(X), softmax.predict_proba(X))
    ones = E.LogisticRegression(**options).fit(X, y, sample_weight=np.ones(len(y)))
    unweighted = E.LogisticRegression(**options).fit(X, y)
    assert _relative(ones.theta_, unweighted.theta_) < 1e-12


def _standardised(loader, columns):
    X, y = loader(return_X_y=True)
    return StandardScaler().fit_transform(X[:, columns]), y


@pytest.mark.parametrize("loader,columns,seed", [(load_wine, [0, 1], 6), (load_iris, [1], 7)],
                         ids=["wine", "iris"])
@pytest.mark.parametrize("estimator", [E.LogisticRegression, E.SoftmaxRegression],
                         ids=["logistic", "softmax"])
def test_k_class_weights_are_scikit_learns_multinomial_X_2(loader, columns, seed, estimator):
    """Three classes with the same sample_weight: scikit-learn's multinomial LogisticRegression
    (its C = inf, newton-cg at a tight tol) gives the same probabilities to 1e-8. The fits are
    unpenalised, where the maximum likelihood Θ exists (wine's first two features, iris's sepal
    width: no class lies apart): the notes' penalty (θ_k = 0, k − 1 rows penalised) is another
    prior than scikit-learn's over k centred rows, so penalised fits differ
    (tests/estimators/test_penalty.py) with or without weights."""
    X, y = _standardised(loader, columns)
    w = np.random.default_rng(seed).uniform(0.0, 3.0, len(y))
    theirs = linear_model.LogisticRegression(C=np.inf, solver="newton-cg", tol=1e-12,
                                             max_iter=10_000).fit(X, y, sample_weight=w)
    ours = estimator().fit(X, y, sample_weight=w)
    assert np.abs(ours.predict_proba(X) - theirs.predict_proba(X)).max() < 1e-8
    assert np.abs(ours.predict_log_proba(X) - theirs.predict_log_proba(X)).max() < 1e-7
    assert np.array_equal(ours.predict(X), theirs.predict(X))
    unweighted = estimator().fit(X, y)
    assert np.abs(ours.predict_proba(X) - unweighted.predict_proba(X)).max() > 1e-3  # the weights count


@pytest.mark.parametrize("estimator", [E.SoftmaxRegression(), E.SoftmaxRegression(solver="gd", tol=1e-12),
                                       E.LogisticRegression(penalty="l2", C=0.5)],
                         ids=["softmax-newton", "softmax-gd", "logistic-l2"])
def test_k_class_integer_weights_are_repeated_rows_and_zero_drops_a_row_X_2(estimator):
    """SoftmaxRegression and k-class LogisticRegression: integer weights 0..3 give the fit of the
    rows repeated (weight 0: the row left out), on wine's first two features."""
    X, y = _standardised(load_wine, [0, 1])
    w = np.random.default_rng(8).integers(0, 4, len(y)).astype(float)
    rows = np.repeat(np.arange(len(y)), w.astype(int))
    weighted = estimator.__class__(**estimator.get_params()).fit(X, y, sample_weight=w)
    repeated = estimator.__class__(**estimator.get_params()).fit(X[rows], y[rows])
    theta = getattr(weighted, "Theta_", getattr(weighted, "theta_", None))
    assert _relative(theta, getattr(repeated, "Theta_", getattr(repeated, "theta_", None))) < 1e-8
    assert np.abs(weighted.predict_proba(X) - repeated.predict_proba(X)).max() < 1e-9


@pytest.mark.parametrize("estimator,model", [(E.LogisticRegression(), "logistic regression"),
                                             (E.LogisticRegression(solver="sgd"), "logistic regression"),
                                             (E.SoftmaxRegression(), "softmax regression")],
                         ids=["logistic", "logistic-sgd", "softmax"])
def test_weights_that_leave_one_class_name_the_class_without_weight_X_2(estimator, model):
    """Weights of 0 on every example of all classes but one: a ValueError naming the class that
    carries no weight (scikit-learn's check_classifiers_one_label_sample_weights asks for the word
    "class"), before any fit."""
    X, y = _standardised(load_wine, [0, 1])
    y2 = np.where(y == 2, "b", "a")
    with pytest.raises(ValueError) as e:
        estimator.fit(X, y2, sample_weight=(y == 2).astype(float))
    assert str(e.value) == ("sample_weight: class 'a' carries no weight (each of its examples has weight 0), "
                            f"so only class 'b' is left; {model} needs examples of at least two classes "
                            "with weight > 0")
    if model != "softmax regression":
        return
    with pytest.raises(ValueError) as e:
        estimator.fit(X, y, sample_weight=(y == 2).astype(float))
    assert str(e.value).startswith("sample_weight: class 0 carries no weight")


@pytest.mark.parametrize("estimator", [E.LogisticRegression(), E.SoftmaxRegression()], ids=["logistic", "softmax"])
def test_a_class_without_weight_is_named_unless_the_fit_is_bounded_X_1_X_2(estimator):
    """Three classes, one of weight 0: its θ runs off (its intercept, unpenalised, to −∞, with or
    without a penalty), said by name; penalised without an intercept the fit exists: Newton
    converges to the weighted MAP of the symmetric prior, ∇_{θ_l}ℓ_w(Θ) = λ(θ_l − (1/k) Σ_m θ_m)
    (every entry penalised)."""
    estimator = clone(estimator)   # set_params below must not reach the parametrized instance
    X, y = _standardised(load_wine, [0, 1])
    w = (y != 1).astype(float)
    for penalty in (None, "l2"):
        with pytest.raises(ValueError) as e:
            estimator.set_params(penalty=penalty).fit(X, y, sample_weight=w)
        assert str(e.value) == (
            "sample_weight: class 1 carries no weight (each of its examples has weight 0), so its probability "
            "is driven to 0 and ℓ has no maximum (nor has the penalised ℓ while the intercepts are "
            "unpenalised); give its examples weight, or leave them out of the data")
    fit = estimator.set_params(penalty="l2", fit_intercept=False, C=1.0).fit(X, y, sample_weight=w)
    Theta = getattr(fit, "Theta_", getattr(fit, "theta_", None))
    assert fit.converged_ and Theta.shape == (2, 2)
    gradient = softmax.gradient(X, y + 1, Theta, sample_weight=w)
    assert np.abs(gradient - (Theta - Theta.sum(axis=0) / 3)).max() < 1e-8


@pytest.mark.parametrize("estimator", [E.LinearRegression(), E.Ridge(), E.LogisticRegression(),
                                       E.SoftmaxRegression()],
                         ids=["linear", "ridge", "logistic", "softmax"])
def test_bad_weights_are_refused_by_name_X_2(cancer, estimator):
    X, y, _ = cancer
    w = np.ones(len(y))
    w[5] = -1.0
    with pytest.raises(ValueError, match=r"^sample_weight\[5\] is -1.0: a sample weight must be >= 0$"):
        estimator.fit(X, y, sample_weight=w)
    with pytest.raises(ValueError, match="sample_weight"):
        estimator.fit(X, y, sample_weight=np.ones(3))


# ---- SVC, per-example C ---------------------------------------------------------------------

def _svc_pair(**options):
    ours = E.SVC(gamma="scale", tol=1e-8, max_iterations=10 ** 6, **options)
    theirs = pytest.importorskip("sklearn.svm").SVC(gamma="scale", tol=1e-8, decision_function_shape="ovo",
                                                    **options)
    return ours, theirs


@pytest.mark.parametrize("loader, options", [
    (load_breast_cancer, {}), (load_breast_cancer, {"class_weight": "balanced"}),
    (load_breast_cancer, {"class_weight": {0: 2.5}}), (load_wine, {}), (load_wine, {"class_weight": "balanced"}),
    (load_iris, {"kernel": "linear", "class_weight": {1: 0.5, 2: 3.0}})],
    ids=["cancer", "cancer-balanced", "cancer-dict", "wine", "wine-balanced", "iris-linear-dict"])
def test_svc_with_weights_is_scikit_learns_X_2(loader, options):
    """Cᵢ = C·wᵢ·w_{y⁽ⁱ⁾} (sample_weight and class_weight): libsvm's dual through scikit-learn's
    SVC with the same weights, two classes and one-vs-one: the same support vectors and decision
    values within 1e-6 of the largest (both solvers stopped at tol = 1e-8)."""
    X, y = loader(return_X_y=True)
    X = StandardScaler().fit_transform(X)
    w = np.random.default_rng(3).uniform(0.0, 3.0, len(y))
    w[::7] = 0.0  # weights of 0 leave their examples out in both
    ours, theirs = _svc_pair(**options)
    ours.fit(X, y, sample_weight=w)
    theirs.fit(X, y, sample_weight=w)
    # libsvm drops the examples of weight 0 before it solves: its support_ counts the others
    assert np.array_equal(ours.support_, np.flatnonzero(w > 0)[theirs.support_])
    ovo = ours.decision_function(X) if len(ours.classes_) == 2 else ours.set_params(
        decision_function_shape="ovo").decision_function(X)
    assert _relative(ovo, theirs.decision_function(X)) < 1e-6
    assert np.allclose(ours.class_weight_, theirs.class_weight_)


def test_svc_integer_weights_are_repeated_rows_X_2():
    """wᵢ ∈ {0, 1, 2, 3} is the example repeated wᵢ times: the same decision values to the
    stopping tolerance (tol = 1e-9), three classes one-vs-one."""
    X, y = load_iris(return_X_y=True)
    X = StandardScaler().fit_transform(X)
    w = np.random.default_rng(4).integers(0, 4, len(y))
    weighted = E.SVC(tol=1e-9, decision_function_shape="ovo").fit(X, y, sample_weight=w)
    rows = np.repeat(np.arange(len(y)), w)
    repeated = E.SVC(tol=1e-9, decision_function_shape="ovo").fit(X[rows], y[rows])
    assert np.max(np.abs(weighted.decision_function(X) - repeated.decision_function(X))) < 1e-6
    assert not set(weighted.support_) & set(np.flatnonzero(w == 0))


def test_svc_refuses_weights_by_the_users_rows_and_classes_X_2():
    """A bad weight is named by its row of the user's X (not of a pair's examples); a class of
    weight 0 is named, with two classes and with three; a negative class weight is named."""
    X, y = load_iris(return_X_y=True)
    w = np.ones(len(y))
    w[120] = -1.0
    with pytest.raises(ValueError, match=r"^sample_weight\[120\] is -1.0: a sample weight must be >= 0$"):
        E.SVC().fit(X, y, sample_weight=w)
    with pytest.raises(ValueError) as e:
        E.SVC().fit(X, y, sample_weight=(y != 1).astype(float))
    assert str(e.value) == ("sample_weight: class 1 carries no weight (each of its examples has weight 0), so "
                            "the SVMs of its pairs of classes have none of its examples; give its examples "
                            "weight, or leave them out of the data")
    with pytest.raises(ValueError) as e:
        E.SVC().fit(X[y < 2], y[y < 2], sample_weight=(y[y < 2] == 1).astype(float))
    assert str(e.value) == ("sample_weight: class 0 carries no weight (each of its examples has weight 0), so "
                            "only class 1 is left; the SVM needs examples of at least two classes with "
                            "weight > 0")
    with pytest.raises(ValueError, match=r"^class_weight\[2\] is -1.0: a sample weight must be >= 0$"):
        E.SVC(class_weight={2: -1.0}).fit(X, y)


@pytest.mark.filterwarnings("ignore:The `probability` parameter was deprecated:FutureWarning")  # scikit-learn's own
def test_svc_weighted_probabilities_are_near_scikit_learns_X_2():
    """probability=True with weights: each fold's SVM with its examples' Cᵢ, a fold whose
    training part carries one class's weight only given that class's side (a weight of 0 is no
    example); the probabilities within 0.05 of scikit-learn's on average (their folds differ)."""
    X, y = load_wine(return_X_y=True)
    X = StandardScaler().fit_transform(X)
    w = np.random.default_rng(5).uniform(0.0, 3.0, len(y))
    w[::5] = 0.0
    ours, theirs = _svc_pair(probability=True, random_state=0)
    p = ours.fit(X, y, sample_weight=w).predict_proba(X)
    q = theirs.fit(X, y, sample_weight=w).predict_proba(X)
    assert np.mean(np.abs(p - q)) < 0.05
