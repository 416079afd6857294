"""Part IV §1 against the peers: scipy.stats.multivariate_normal (MVN-1) and scikit-learn's
LinearDiscriminantAnalysis (GDA-1 … GDA-3).

LDA is GDA: class priors φ, class means μ_c and one shared covariance, posterior by Bayes' rule.
What must agree is the covariance normalisation. ``solver="lsqr"`` pools the class covariances
with the priors as weights, Σ_c (m_c/m)(1/m_c) Σ_{i∈c}(x − μ_c)(x − μ_c)ᵀ, which is exactly the
notes' maximum-likelihood Σ = (1/m) Σᵢ (x⁽ⁱ⁾ − μ_{y⁽ⁱ⁾})(x⁽ⁱ⁾ − μ_{y⁽ⁱ⁾})ᵀ (not the unbiased
1/(m − 2) pooled estimate), so covariance, means, priors, posteriors and the linear decision
function must agree to rounding. ``solver="svd"`` never forms Σ: it whitens the class-centred
data scaled by 1/m (in the scikit-learn this suite installs) and must give the same posterior."""
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cs229.fast.generative as F
import cs229.reference.generative as R
from cs229.testing import strategies as S

pytestmark = pytest.mark.peer


@st.composite
def datasets(draw):
    seed = draw(st.integers(0, 2 ** 16))
    m = draw(st.integers(8, 200))
    d = draw(st.integers(1, 6))
    rng = np.random.default_rng(seed)
    y = np.r_[0, 0, 1, 1, (rng.random(m - 4) < draw(st.sampled_from([0.2, 0.5, 0.7])))].astype(int)
    X = rng.standard_normal((m, d)) @ rng.standard_normal((d, d)) + np.outer(y, rng.standard_normal(d) * 2)
    return X, y


@given(datasets())
def test_gda_posterior_equals_lda_lsqr_GDA_1_GDA_2_GDA_3(data):
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    X, y = data
    if np.linalg.cond(np.cov(X.T).reshape(X.shape[1], X.shape[1])) > 1e8:
        return
    lda = LinearDiscriminantAnalysis(solver="lsqr").fit(X, y)
    model = F.gda_fit(X, y)
    assert np.allclose(model.Sigma, lda.covariance_, rtol=1e-10, atol=1e-12)
    assert np.allclose(np.c_[model.mu0, model.mu1].T, lda.means_, rtol=1e-10, atol=1e-12)
    assert np.isclose(model.phi, lda.priors_[1], rtol=1e-14)
    posterior = F.gda_posterior(model, X)
    assert np.allclose(posterior, lda.predict_proba(X)[:, 1], rtol=1e-10, atol=1e-10)
    ref = R.gda_posterior(R.gda_fit(X.tolist(), y.tolist()), X.tolist())
    assert np.allclose(ref, posterior, rtol=1e-10, atol=1e-12)
    theta = F.gda_logistic_theta(model)  # GDA-3: the same linear decision function
    # θ = Σ⁻¹(μ₁ − μ₀) carries the two fits' rounding of Σ (about m·eps) times cond(Σ): up to
    # 3e-6 at the cond 1e8 let through above, where θ reaches 1e9 (a draw found 2e-8)
    rtol = max(1e-8, np.linalg.cond(model.Sigma) * X.shape[0] * np.finfo(float).eps)
    assert np.allclose(theta, np.r_[lda.intercept_, lda.coef_[0]], rtol=rtol, atol=1e-9)
    agree = F.gda_predict(model, X) == lda.predict(X)
    assert agree[np.abs(posterior - 0.5) > 1e-9].all()


@given(datasets())
def test_lda_svd_gives_the_gda_posterior_GDA_2(data):
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    X, y = data
    if np.linalg.cond(np.cov(X.T).reshape(X.shape[1], X.shape[1])) > 1e8:
        return
    svd = LinearDiscriminantAnalysis(solver="svd").fit(X, y).predict_proba(X)[:, 1]
    assert np.allclose(F.gda_posterior(F.gda_fit(X, y), X), svd, rtol=1e-8, atol=1e-10)


@given(st.integers(1, 4).flatmap(lambda n: st.tuples(
    st.lists(S.vectors(n), min_size=1, max_size=5), S.vectors(n), S.spd_matrices(n))))
def test_mvn_log_density_matches_scipy_MVN_1(p):
    from scipy.stats import multivariate_normal
    X, mu, Sigma = (np.array(S.to_float(v)) for v in p)
    expected = np.atleast_1d(multivariate_normal(mean=mu, cov=Sigma).logpdf(X))
    assert np.allclose(F.mvn_log_densities(X, mu, Sigma), expected, rtol=1e-12, atol=1e-12)
    assert np.allclose(R.mvn_log_densities(X.tolist(), mu.tolist(), Sigma.tolist()), expected,
                       rtol=1e-12, atol=1e-12)
