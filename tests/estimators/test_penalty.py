"""X-1 in the estimators: scikit-learn's penalty options (``penalty`` and ``C`` for logistic and
softmax regression, ``alpha`` for the GLMs) against scikit-learn on the data sets it ships, and
the words that name them where the maximum likelihood θ does not exist."""
import math
import warnings

import numpy as np
import pytest

pytest.importorskip("sklearn")

from sklearn import linear_model  # noqa: E402
from sklearn.datasets import load_breast_cancer, load_diabetes, load_iris, load_wine  # noqa: E402
from sklearn.exceptions import ConvergenceWarning  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402

import cs229.estimators as E  # noqa: E402
from cs229.reference.results import ConvergenceError  # noqa: E402


def _standardised(loader, columns=None):
    X, y = loader(return_X_y=True)
    X = X if columns is None else X[:, columns]
    return StandardScaler().fit_transform(X), y


@pytest.fixture(scope="module")
def cancer():
    return _standardised(load_breast_cancer)   # all 30 features: separable


def _close(ours, theirs, tol):
    assert np.max(np.abs(np.asarray(ours) - np.asarray(theirs))) <= tol


@pytest.mark.parametrize("C", [0.05, 1.0, 20.0])
@pytest.mark.parametrize("fit_intercept", [True, False])
def test_logistic_l2_is_scikit_learns_logistic_regression_X_1(cancer, C, fit_intercept):
    """LogisticRegression(penalty="l2", C) is scikit-learn's LogisticRegression(C) to 1e-8 on
    breast cancer, all 30 standardised features (λ = 1/C; the intercept unpenalised, or every θⱼ
    without one, as scikit-learn's)."""
    X, y = cancer
    ours = E.LogisticRegression(penalty="l2", C=C, fit_intercept=fit_intercept).fit(X, y)
    theirs = linear_model.LogisticRegression(C=C, fit_intercept=fit_intercept, solver="newton-cholesky",
                                             tol=1e-14, max_iter=1000).fit(X, y)
    assert ours.converged_
    _close(ours.coef_, theirs.coef_, 1e-8)
    _close(ours.intercept_, theirs.intercept_, 1e-8)
    _close(ours.predict_proba(X), theirs.predict_proba(X), 1e-8)
    assert np.array_equal(ours.predict(X), theirs.predict(X))


def test_logistic_l2_by_gradient_ascent_reaches_the_same_map_X_1(cancer):
    X, y = cancer
    newton = E.LogisticRegression(penalty="l2", C=0.1).fit(X, y)
    gd = E.LogisticRegression(penalty="l2", C=0.1, solver="gd", learning_rate=0.5, tol=1e-12,
                              max_iterations=50_000).fit(X, y)
    assert gd.converged_
    _close(gd.theta_, newton.theta_, 1e-8)


def test_the_penalty_beats_the_separating_iterate_out_of_sample(cancer):
    """The issue's numbers: unpenalised every fold warns and scores 0.953; C = 1 scores as
    scikit-learn's default."""
    from sklearn.model_selection import cross_val_score
    X, y = cancer
    with warnings.catch_warnings():
        warnings.simplefilter("error", ConvergenceWarning)
        ours = cross_val_score(E.LogisticRegression(penalty="l2", C=1.0), X, y, cv=5).mean()
    theirs = cross_val_score(linear_model.LogisticRegression(C=1.0), X, y, cv=5).mean()
    assert ours == pytest.approx(theirs, abs=1e-12)


def test_separable_data_warn_naming_penalty_and_C(cancer):
    X, y = cancer
    with pytest.warns(ConvergenceWarning, match=r"linearly separable.*pass penalty='l2' with a C > 0"):
        E.LogisticRegression().fit(X, y)


def test_the_glm_bernoulli_on_separable_data_names_alpha(cancer):
    X, y = cancer
    with pytest.warns(ConvergenceWarning, match=r"pass alpha > 0 \(the L2 penalty"):
        E.GLM(family="bernoulli").fit(X, y)


def test_c_inf_and_penalty_none_are_the_maximum_likelihood_fit():
    X, y = _standardised(load_wine, [0, 1])
    none = E.LogisticRegression().fit(X, y)
    assert np.array_equal(E.LogisticRegression(penalty="l2", C=math.inf).fit(X, y).theta_, none.theta_)
    # penalty=None does not read C
    assert np.array_equal(E.LogisticRegression(C=-1).fit(X, y).theta_, none.theta_)


@pytest.mark.parametrize("params, words", [
    ({"penalty": "l1"}, r"^penalty must be one of \('l2',\) or None, got 'l1'$"),
    ({"penalty": "l2", "C": 0}, "^C must be > 0, got 0$"),
    ({"penalty": "l2", "C": -1.0}, r"^C must be > 0, got -1.0$"),
    ({"penalty": "l2", "C": math.nan}, "^C is nan: expected a finite number$"),
])
@pytest.mark.parametrize("cls", [E.LogisticRegression, E.SoftmaxRegression])
def test_a_bad_penalty_or_c_is_refused_by_name(cls, params, words):
    X, y = _standardised(load_iris)
    with pytest.raises(ValueError, match=words):
        cls(**params).fit(X, y)


def test_sgd_has_no_penalty_and_says_so(cancer):
    with pytest.raises(ValueError, match=r"solver='sgd' has no penalty.*penalty=None"):
        E.LogisticRegression(solver="sgd", penalty="l2").fit(*cancer)


def test_summary_of_a_penalised_fit_names_the_unpenalised_option(cancer):
    X, y = cancer
    with pytest.raises(ValueError, match=r"penalised \(penalty='l2', C=1.0\); refit with penalty=None"):
        E.LogisticRegression(penalty="l2").fit(X, y).summary()
    Xd, yd = _standardised(load_diabetes)
    with pytest.raises(ValueError, match=r"penalised \(alpha=0.5\); refit with alpha=0"):
        E.PoissonRegression(alpha=0.5).fit(Xd, yd).summary()
    E.PoissonRegression().fit(Xd, yd).summary()   # alpha=0, the default: the table


# ---- softmax regression -------------------------------------------------------------------------

def test_softmax_newton_without_a_penalty_raises_on_iris_naming_penalty_SM_4():
    """Setosa lies apart from the other classes: no maximum likelihood Θ, and Newton's method
    (the default) fails; its error names the option with which the maximum exists."""
    X, y = load_iris(return_X_y=True)
    with pytest.raises(ConvergenceError, match=r"pass penalty='l2' with a C > 0"):
        E.SoftmaxRegression().fit(X, y)
    with pytest.warns(ConvergenceWarning, match=r"separable from the others.*pass penalty='l2'"):
        E.SoftmaxRegression().fit(StandardScaler().fit_transform(X), y)


@pytest.mark.parametrize("loader", [load_iris, load_wine], ids=["iris", "wine"])
@pytest.mark.parametrize("C", [0.1, 1.0, 10.0])
def test_softmax_l2_fits_iris_and_wine_at_its_map_X_1(loader, C):
    """With penalty="l2" Newton converges in a few steps on iris and wine (standardised), at the
    point where ∇_{θ_l}ℓ(Θ) = λ(θ_l′ − (1/k) Σ_m θ_m′) (the intercepts unpenalised): the MAP of
    X-1 under the symmetric prior."""
    X, y = _standardised(loader)
    with warnings.catch_warnings():
        warnings.simplefilter("error", ConvergenceWarning)
        est = E.SoftmaxRegression(penalty="l2", C=C).fit(X, y)
    assert est.converged_ and est.n_iter_ <= 20
    Xd = np.column_stack([np.ones(len(X)), X])
    P = est.predict_proba(X)
    onehot = (y[:, None] == est.classes_[None, :]).astype(float)
    gradient = ((onehot - P).T @ Xd)[:-1]          # ∂ℓ/∂θ_l for l = 1..k−1
    penalised = (est.Theta_ - est.Theta_.sum(axis=0) / len(est.classes_)) / C
    penalised[:, 0] = 0.0
    _close(gradient, penalised, 1e-8 * max(1.0, np.abs(gradient).max()))
    assert (est.predict(X) == y).mean() > 0.85


def test_unpenalised_k_classes_are_scikit_learns_multinomial_SM_3():
    """Where the maximum likelihood Θ exists (wine's first two features overlap), softmax
    regression and LogisticRegression with three classes give scikit-learn's multinomial
    probabilities (its C = inf): the model is the same, θ_k = 0 or centred rows alike."""
    X, y = _standardised(load_wine, [0, 1])
    theirs = linear_model.LogisticRegression(C=math.inf, solver="newton-cg", tol=1e-12,
                                             max_iter=10_000).fit(X, y)
    for est in (E.SoftmaxRegression(), E.LogisticRegression()):
        est.fit(X, y)
        _close(est.predict_proba(X), theirs.predict_proba(X), 1e-6)
        _close(est.predict_log_proba(X), theirs.predict_log_proba(X), 1e-6)
        assert np.array_equal(est.predict(X), theirs.predict(X))


@pytest.mark.parametrize("C", [0.01, 0.3, 1.0, 50.0])
@pytest.mark.parametrize("loader", [load_iris, load_wine])
@pytest.mark.parametrize("fit_intercept", [True, False])
def test_softmax_l2_is_scikit_learns_multinomial_logistic_regression_X_1(loader, C, fit_intercept):
    """SoftmaxRegression(penalty="l2", C) and LogisticRegression(penalty="l2", C) with k = 3 are
    scikit-learn's LogisticRegression(C) (its Newton solver, which meets its own optimum to
    rounding) to 1e-8 in predict_proba, coef_ and intercept_ (its k
    centred rows) on iris and wine, standardised: the symmetric prior penalises all k rows."""
    X, y = _standardised(loader)
    theirs = linear_model.LogisticRegression(C=C, fit_intercept=fit_intercept, solver="newton-cholesky",
                                             tol=1e-14, max_iter=1000).fit(X, y)
    for est in (E.SoftmaxRegression(penalty="l2", C=C, fit_intercept=fit_intercept),
                E.LogisticRegression(penalty="l2", C=C, fit_intercept=fit_intercept)):
        est.fit(X, y)
        assert est.converged_
        scale = max(1.0, np.abs(theirs.coef_).max())
        _close(est.coef_, theirs.coef_, 1e-8 * scale)
        _close(est.intercept_, theirs.intercept_, 1e-8 * scale)
        _close(est.predict_proba(X), theirs.predict_proba(X), 1e-8)
        assert np.array_equal(est.predict(X), theirs.predict(X))


def test_softmax_l2_with_sample_weights_is_scikit_learns_X_1():
    """The symmetric prior with sample weights wᵢ: scikit-learn's C Σᵢ wᵢ (log loss)ᵢ + ½ Σ_l ‖w_l‖²."""
    X, y = _standardised(load_wine)
    w = np.random.default_rng(3).uniform(0.2, 3.0, len(y))
    theirs = linear_model.LogisticRegression(C=0.2, solver="newton-cholesky", tol=1e-14, max_iter=1000)
    theirs.fit(X, y, sample_weight=w)
    ours = E.SoftmaxRegression(penalty="l2", C=0.2).fit(X, y, sample_weight=w)
    _close(ours.coef_, theirs.coef_, 1e-8 * max(1.0, np.abs(theirs.coef_).max()))
    _close(ours.predict_proba(X), theirs.predict_proba(X), 1e-8)


def test_softmax_gradient_ascent_reaches_the_symmetric_map_X_1():
    """"gd" with penalty="l2" ascends the same symmetric-prior objective as Newton's method."""
    X, y = _standardised(load_iris)
    newton = E.SoftmaxRegression(penalty="l2", C=1.0).fit(X, y)
    gd = E.SoftmaxRegression(penalty="l2", C=1.0, solver="gd", learning_rate=1.0, tol=1e-12,
                             max_iterations=50_000).fit(X, y)
    assert gd.converged_
    _close(gd.coef_, newton.coef_, 1e-8)
    _close(gd.intercept_, newton.intercept_, 1e-8)


def test_softmax_coef_are_the_centred_rows_of_theta():
    """coef_ and intercept_ are the k rows θ_l − (1/k) Σ_m θ_m (θ_k = 0) of Theta_: rows summing to
    0, the same probabilities and, for LogisticRegression, decision_function = X coef_ᵀ + intercept_;
    unpenalised too."""
    X, y = _standardised(load_wine, [0, 1])
    for est in (E.SoftmaxRegression().fit(X, y), E.LogisticRegression(penalty="l2").fit(X, y)):
        Theta = np.vstack([getattr(est, "Theta_", None) if hasattr(est, "Theta_") else est.theta_,
                           np.zeros((1, 3))])
        centred = Theta - Theta.mean(axis=0)
        _close(est.intercept_, centred[:, 0], 1e-12)
        _close(est.coef_, centred[:, 1:], 1e-12)
        _close(est.coef_.sum(axis=0), 0.0, 1e-12)
    scores = X @ est.coef_.T + est.intercept_
    _close(est.decision_function(X), scores, 1e-12)


# ---- the GLMs: alpha is scikit-learn's PoissonRegressor's penalty ------------------------------

@pytest.mark.parametrize("alpha", [0.01, 1.0])
@pytest.mark.parametrize("fit_intercept", [True, False])
def test_poisson_alpha_is_scikit_learns_poisson_regressor_X_1(alpha, fit_intercept):
    """PoissonRegression(alpha) and GLM("poisson", alpha) are scikit-learn's
    PoissonRegressor(alpha) to 1e-8 on the diabetes data (λ = alpha · m on ℓ's sum)."""
    X, y = _standardised(load_diabetes)
    theirs = linear_model.PoissonRegressor(alpha=alpha, fit_intercept=fit_intercept, solver="newton-cholesky",
                                           tol=1e-14, max_iter=1000).fit(X, y)
    for est in (E.PoissonRegression(alpha=alpha, fit_intercept=fit_intercept),
                E.GLM(family="poisson", alpha=alpha, fit_intercept=fit_intercept)):
        est.fit(X, y)
        scale = max(1.0, np.abs(theirs.coef_).max())
        _close(est.coef_, theirs.coef_, 1e-8 * scale)
        _close(est.intercept_, theirs.intercept_, 1e-8 * max(1.0, abs(theirs.intercept_)))
        _close(est.predict(X) / theirs.predict(X), 1.0, 1e-8)


def test_glm_bernoulli_alpha_is_logistic_regression_with_c_one_over_alpha_m(cancer):
    X, y = cancer
    alpha = 0.01
    glm = E.GLM(family="bernoulli", alpha=alpha).fit(X, y)
    logistic = E.LogisticRegression(penalty="l2", C=1 / (alpha * len(y))).fit(X, y)
    _close(glm.theta_, logistic.theta_, 1e-10)


def test_glm_gradient_ascent_with_alpha_reaches_newtons_map(cancer):
    X, y = cancer
    newton = E.GLM(family="bernoulli", alpha=0.01).fit(X, y)
    gd = E.GLM(family="bernoulli", alpha=0.01, solver="gd", learning_rate=1.0, tol=1e-12,
               max_iterations=50_000).fit(X, y)
    assert gd.converged_
    _close(gd.theta_, newton.theta_, 1e-8)


def test_a_negative_glm_alpha_is_refused_by_name():
    X, y = _standardised(load_diabetes)
    with pytest.raises(ValueError, match="^alpha must be >= 0, got -1$"):
        E.PoissonRegression(alpha=-1).fit(X, y)
