"""X-6 in the estimators: ``summary()`` (coefficients, standard errors from the inverse Fisher
information, z, p-values, Wald intervals) against statsmodels' GLM on the data sets it ships,
its refusals, and the Poisson score against scikit-learn's."""
import numpy as np
import pytest

from cs229.estimators import GLM, LogisticRegression, PoissonRegression
from cs229.reference.linalg import SingularMatrixError

sm = pytest.importorskip("statsmodels.api")


def _cpunish():
    d = sm.datasets.cpunish.load_pandas()
    X = d.exog.copy()
    X["INCOME"] = np.log(X["INCOME"])
    return X, d.endog.values


def _spector():
    d = sm.datasets.spector.load_pandas()
    return d.exog, d.endog.values.astype(int)


def _fair():
    d = sm.datasets.fair.load_pandas()
    return d.exog, (d.endog.values > 0).astype(int)


@pytest.mark.peer
@pytest.mark.parametrize("data, estimator, family", [
    (_cpunish, PoissonRegression, "Poisson"), (_spector, LogisticRegression, "Binomial"),
    (_fair, lambda: GLM(family="bernoulli"), "Binomial"), (_spector, lambda: GLM(family="gaussian"), "Gaussian"),
], ids=["cpunish-poisson", "spector-logit", "fair-logit", "spector-gaussian"])
def test_summary_is_statsmodels_glm_X_6(data, estimator, family):
    """Params, standard errors, z, p-values and the 95% Wald intervals of statsmodels' GLM (fitted
    to 1e-12), to 1e-8; the Gaussian's dispersion is Pearson's χ²/(m − p) as statsmodels'."""
    X, y = data()
    ours = estimator().fit(X, y).summary()
    theirs = sm.GLM(y, sm.add_constant(X), family=getattr(sm.families, family)()).fit(tol=1e-12)
    for mine, other in ((ours.params, theirs.params), (ours.bse, theirs.bse), (ours.zvalues, theirs.tvalues),
                        (ours.conf_int(), theirs.conf_int())):
        np.testing.assert_allclose(mine, np.asarray(other), rtol=1e-8)
    np.testing.assert_allclose(ours.pvalues, np.asarray(theirs.pvalues), rtol=1e-6, atol=1e-300)
    assert ours.scale == pytest.approx(theirs.scale, rel=1e-10)
    assert ours.names == ["const", *X.columns] and ours.nobs == len(y) and ours.df_resid == len(y) - X.shape[1] - 1
    text = str(ours)
    assert all(name in text for name in ours.names) and "std err" in text and "P>|z|" in text


def test_summary_without_an_intercept_and_its_errors_X_6():
    est = PoissonRegression(fit_intercept=False).fit([[1.0], [2.0], [3.0], [4.0]], [0, 1, 2, 5])
    assert est.summary().names == ["x1"]
    with pytest.raises(ValueError, match=r"alpha must be a number in \(0, 1\)"):
        est.summary().conf_int(alpha=1.5)


def test_a_summary_whose_information_is_singular_names_the_columns_X_6():
    """Gradient ascent stops at the cap (a warning) on dependent columns; the summary then
    refuses, naming them, rather than print infinite or negative variances."""
    X = [[1.0, 2.0], [2.0, 4.0], [3.0, 6.0], [4.0, 8.0]]
    with pytest.warns(Warning):
        est = PoissonRegression(fit_intercept=False, solver="gd", max_iterations=5).fit(X, [0, 1, 2, 5])
    with pytest.raises(SingularMatrixError, match="^standard errors: the Fisher information XᵀWX is singular"):
        est.summary()


@pytest.mark.peer
def test_poisson_score_is_d2_as_scikit_learn_X_6():
    from sklearn.linear_model import PoissonRegressor
    X, y = _cpunish()
    ours = PoissonRegression().fit(X, y)
    theirs = PoissonRegressor(alpha=0, max_iter=10_000, tol=1e-12).fit(X, y)
    assert ours.score(X, y) == pytest.approx(theirs.score(X, y), rel=1e-8)


def _fair_rates():
    """Fair's affairs per year, a real y >= 0, with the years married as the exposure."""
    d = sm.datasets.fair.load_pandas().data
    return d.drop(columns=["affairs", "yrs_married"]), d["affairs"].to_numpy(), d["yrs_married"].to_numpy()


@pytest.mark.peer
def test_poisson_with_exposure_and_weights_is_statsmodels_glm_X_5_X_2_X_6():
    """fit(X, y, exposure=e) and fit(X, y, sample_weight=w): statsmodels' GLM with ``exposure``
    and ``freq_weights``, θ̂ and the standard errors to 1e-8; the exposure is the offset log e,
    and predict takes it again (μ = e·e^(θᵀx))."""
    X, y, e = _fair_rates()
    ours = PoissonRegression().fit(X, y, exposure=e)
    theirs = sm.GLM(y, sm.add_constant(X), family=sm.families.Poisson(), exposure=e).fit(tol=1e-12)
    summary = ours.summary()
    assert np.allclose(summary.params, theirs.params, rtol=1e-8, atol=1e-10)
    assert np.allclose(summary.bse, theirs.bse, rtol=1e-8)
    assert np.array_equal(PoissonRegression().fit(X, y, offset=np.log(e)).theta_, ours.theta_)
    assert np.allclose(ours.predict(X, exposure=e), theirs.predict(sm.add_constant(X), exposure=e), rtol=1e-8)
    assert np.allclose(ours.predict(X, exposure=e), e * ours.predict(X), rtol=1e-12)
    w = (X["children"].to_numpy() + 1).round()
    weighted = PoissonRegression().fit(X, y, sample_weight=w, exposure=e).summary()
    theirs = sm.GLM(y, sm.add_constant(X), family=sm.families.Poisson(), exposure=e,
                    freq_weights=w).fit(tol=1e-12)
    assert np.allclose(weighted.params, theirs.params, rtol=1e-8, atol=1e-10)
    assert np.allclose(weighted.bse, theirs.bse, rtol=1e-8)


@pytest.mark.peer
def test_gaussian_glm_with_frequency_weights_and_an_offset_is_statsmodels_X_2_X_5_X_6():
    """The dispersion with weights as frequencies: Pearson's Σ wᵢ(yᵢ − μᵢ)² / (Σ wᵢ − p)."""
    X, y, e = _fair_rates()
    w, o = (X["children"].to_numpy() + 1).round(), 0.1 * X["age"].to_numpy()
    ours = GLM(family="gaussian").fit(X, y, sample_weight=w, offset=o).summary()
    theirs = sm.GLM(y, sm.add_constant(X), family=sm.families.Gaussian(), offset=o, freq_weights=w).fit(tol=1e-12)
    assert np.allclose(ours.params, theirs.params, rtol=1e-8, atol=1e-10)
    assert np.allclose(ours.bse, theirs.bse, rtol=1e-8)
    assert ours.nobs == theirs.nobs == len(y) and ours.df_resid == theirs.df_resid == int(w.sum()) - len(ours.params)


def test_weights_and_exposure_in_the_estimator_X_2_X_5():
    """Integer weights are repeated rows; scikit-learn's PoissonRegressor with weights and a
    penalty (its alpha on the weighted mean deviance) to 1e-8; an exposure is the Poisson's."""
    from sklearn.linear_model import PoissonRegressor
    X, y, e = _fair_rates()
    X, y, e = X.to_numpy()[:800], y[:800], e[:800]
    w = np.arange(800) % 3
    repeated = np.repeat(np.arange(800), w)
    assert np.allclose(PoissonRegression().fit(X, y, sample_weight=w).theta_,
                       PoissonRegression().fit(X[repeated], y[repeated]).theta_, rtol=1e-10, atol=1e-12)
    ours = PoissonRegression(alpha=0.05).fit(X, y, sample_weight=w)
    theirs = PoissonRegressor(alpha=0.05, solver="newton-cholesky", tol=1e-12, max_iter=1000).fit(X, y, sample_weight=w)
    assert np.allclose([ours.intercept_, *ours.coef_], [theirs.intercept_, *theirs.coef_], rtol=1e-8, atol=1e-8)
    with pytest.raises(ValueError, match="exposure is the Poisson family's offset"):
        GLM(family="gaussian").fit(X, y, exposure=e)
    with pytest.raises(ValueError, match="offset and exposure are both given"):
        PoissonRegression().fit(X, y, offset=np.log(e), exposure=e)
    with pytest.raises(ValueError, match=r"exposure\[0\] is 0.0: an exposure must be > 0"):
        PoissonRegression().fit(X, y, exposure=np.r_[0.0, e[1:]])
