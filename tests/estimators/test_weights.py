"""X-2 in the estimators: ``fit(X, y, sample_weight)`` of the least-squares and logistic
estimators against scikit-learn's with the same weights on the data sets it ships, against the
rows repeated, and the words where a solver or a model takes no weights. (The GLMs' weights are
in tests/glm/test_extensions.py.)"""
import numpy as np
import pytest

pytest.importorskip("sklearn")

from sklearn import linear_model  # noqa: E402
from sklearn.datasets import load_breast_cancer, load_diabetes, load_iris  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402

import cs229.estimators as E  # noqa: E402


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


def test_logistic_regression_with_k_classes_refuses_weights_X_2():
    X, y = load_iris(return_X_y=True)
    with pytest.raises(ValueError, match="^sample_weight: LogisticRegression takes sample weights for two "
                                         r"classes \(the Bernoulli model\); y has 3$"):
        E.LogisticRegression(penalty="l2").fit(X, y, sample_weight=np.ones(len(y)))


@pytest.mark.parametrize("estimator", [E.LinearRegression(), E.Ridge(), E.LogisticRegression()],
                         ids=["linear", "ridge", "logistic"])
def test_bad_weights_are_refused_by_name_X_2(cancer, estimator):
    X, y, _ = cancer
    w = np.ones(len(y))
    w[5] = -1.0
    with pytest.raises(ValueError, match=r"^sample_weight\[5\] is -1.0: a sample weight must be >= 0$"):
        estimator.fit(X, y, sample_weight=w)
    with pytest.raises(ValueError, match="sample_weight"):
        estimator.fit(X, y, sample_weight=np.ones(3))
