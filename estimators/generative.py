"""Part IV of the notes as a classifier: Gaussian discriminant analysis (000 Part IV §1;
002 §1.4.1), with any number of classes (catalog X-3)."""
import warnings

import numpy as np
from scipy.special import log_softmax, softmax
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.validation import check_is_fitted

from cs229.reference import messages

from . import _base, _docs, _fast

__all__ = ["GaussianDiscriminantAnalysis"]


@_docs.filled
class GaussianDiscriminantAnalysis(ClassifierMixin, BaseEstimator):
    """Gaussian discriminant analysis: y ~ Bernoulli(φ), x | y = c ~ N(μ_c, Σ) (000 Part IV §1.2);
    with k > 2 classes y ~ Multinomial(φ₁, ..., φ_k), x | y = j ~ N(μ_j, Σ) (X-3).

    Catalog rows GDA-1 (the maximum-likelihood φ, μ₀, μ₁ and the shared Σ), GDA-2 (prediction
    by argmax_y p(x | y) p(y), posterior by Bayes' rule), GDA-3 (the posterior is logistic with
    an explicit θ), MVN-1 (the class densities), X-3 (k classes: the posterior is a softmax of
    θ_jᵀx). With two classes the fit is ``cs229.fast.generative.gda_fit`` on the notes' y ∈ {0, 1}
    (``classes_[1]`` is 1); with more it is ``gda_classes_fit`` on y ∈ {1, ..., k}
    (``classes_[j − 1]`` is j). The model is stated for x ∈ Rⁿ without an intercept entry (002
    §1.4.1), so there is no ``fit_intercept``.

    This is scikit-learn's ``LinearDiscriminantAnalysis`` with the class frequencies as priors:
    its ``covariance_`` is this maximum-likelihood Σ (divided by m, not m − k) for every solver;
    ``solver="lsqr"`` and ``"eigen"`` give this ``coef_`` and ``intercept_``, ``"svd"`` other
    coefficients with the same probabilities.

    The predictions read GDA-3's / X-3's linear scores θ_jᵀx (one product per row, as
    scikit-learn's LDA), not the k quadratic forms of GDA-2: the same posterior, since the term
    −½ xᵀΣ⁻¹x that every class shares cancels in Bayes' rule.

    Parameters
    ----------
    n_jobs : None
        Deprecated: the predictions are one product per row and no longer split among cores;
        a value other than None gives a FutureWarning, and the parameter will be removed in the
        next release.

    Attributes
    ----------
    %(classes)s
    priors_ : ndarray of shape (k,)
        p(y = classes_[j]): [1 − φ, φ] with two classes, φ₁, ..., φ_k with more.
    phi_ : float or ndarray of shape (k,)
        φ = p(y = 1) with two classes; the k priors with more.
    mu_ : ndarray of shape (k, n_features)
        The class means μ as rows, in the order of ``classes_``.
    Sigma_ : ndarray of shape (n_features, n_features)
        The shared covariance Σ = (1/m) Σᵢ (x⁽ⁱ⁾ − μ_{y⁽ⁱ⁾})(x⁽ⁱ⁾ − μ_{y⁽ⁱ⁾})ᵀ (with
        ``sample_weight``: Σᵢ wᵢ (x⁽ⁱ⁾ − μ_{y⁽ⁱ⁾})(…)ᵀ / Σᵢ wᵢ, X-2).
    theta_ : ndarray of shape (n_features + 1,) or (k, n_features + 1)
        Two classes: GDA-3's θ (with x₀ = 1 first), p(y = 1 | x) = 1 / (1 + exp(−θᵀx)).
        k classes: X-3's θ_j as rows, p(y = j | x) = exp(θ_jᵀx) / Σ_l exp(θ_lᵀx).
    coef_ : ndarray of shape (1, n_features) or (k, n_features)
        θ without θ₀ (as scikit-learn's linear classifiers: one row for two classes).
    intercept_ : ndarray of shape (1,) or (k,)
        θ₀ of each row of ``coef_``.
    model_ : cs229.fast.generative.GDAModel or GDAClassesModel
        The fitted model as the fast face returns it.
    n_features_in_, feature_names_in_
        As in scikit-learn.

    Notes
    -----
    A singular Σ (features linearly dependent within the classes, or too few examples) leaves
    the likelihood without a maximum: the fast face's SingularMatrixError (a ValueError) names
    the dependent features.
    """

    def __init__(self, n_jobs=None):
        _base.keep(self, locals())

    @_base.user_columns
    def fit(self, X, y, sample_weight=None):
        """Estimate the priors, the class means and Σ from the examples X (n_samples,
        n_features) and labels y (two or more classes).

        ``sample_weight`` (X-2): wᵢ >= 0 per example, not all 0; the estimates maximise
        Σᵢ wᵢ log p(x⁽ⁱ⁾, y⁽ⁱ⁾): weighted class frequencies and means, and Σ the weighted scatter
        divided by Σᵢ wᵢ (an integer weight is the example repeated). A class of y whose weights
        are all 0 has no examples, and is refused."""
        if self.n_jobs is not None:
            _base.check_n_jobs(self.n_jobs)
            warnings.warn(messages.text("gda_n_jobs", value=self.n_jobs), FutureWarning, stacklevel=2)
        e = _base.engine(X, y, sample_weight)
        X, y = e.fit_data(self, X, y)
        sample_weight = e.sample_weights(sample_weight, X)
        labels = e.labels(y, "GDA")
        self.classes_ = labels.classes
        if len(self.classes_) == 2:
            self.model_ = e.gda_fit(X, labels.zero_one(), sample_weight)
            self.phi_ = float(self.model_.phi)
            self.priors_ = np.array([1 - self.phi_, self.phi_])
            self.mu_ = np.vstack([self.model_.mu0, self.model_.mu1])
            self.theta_ = np.asarray(_fast.gda_logistic_theta(self.model_))
            self.coef_, self.intercept_ = self.theta_[None, 1:], self.theta_[:1].copy()
        else:
            self.model_ = e.gda_classes_fit(X, labels.one_to_k(), sample_weight)
            self.phi_ = self.priors_ = np.asarray(self.model_.phi, dtype=np.float64)
            self.mu_ = np.asarray(self.model_.mu)
            self.theta_ = np.asarray(_fast.gda_softmax_theta(self.model_))
            self.coef_, self.intercept_ = self.theta_[:, 1:], self.theta_[:, 0].copy()
        self.Sigma_ = np.asarray(self.model_.Sigma)
        return self

    def _binary(self):
        return len(self.classes_) == 2

    def _design(self, X):
        """x with x₀ = 1 first, as GDA-3's θ reads it."""
        check_is_fitted(self)
        return _fast.add_intercept(_base.predict_data(self, X))

    @_base.rowwise
    def decision_function(self, X):
        """The linear scores: θᵀx, the log-odds log p(y = 1 | x) / p(y = 0 | x), with two classes
        (GDA-3); θ_jᵀx, log p(x, y = j) up to a term every class shares, in column j with more
        (X-3)."""
        check_is_fitted(self)
        if self._binary():
            return _fast.linear_predict(self._design(X), self.theta_)
        return _base.predict_data(self, X) @ self.coef_.T + self.intercept_

    @_base.rowwise
    def predict(self, X):
        """The class of largest p(y | x) (GDA-2) from the linear scores (GDA-3, X-3): with two
        classes classes_[1] where θᵀx > 0 (classes_[0] on the boundary), with more the first of
        ``classes_`` on a tie."""
        scores = self.decision_function(X)
        if self._binary():
            return self.classes_[(scores > 0).astype(np.intp)]
        return self.classes_[np.argmax(scores, axis=1)]

    @_base.rowwise
    def predict_proba(self, X):
        """p(y = classes_[j] | x) in column j per row: g(θᵀx) with two classes (GDA-3), the
        softmax of the scores θ_jᵀx with more (X-3)."""
        check_is_fitted(self)
        if self._binary():
            p = _fast.logistic_probability(self._design(X), self.theta_)
            return np.column_stack([1 - p, p])
        return softmax(self.decision_function(X), axis=1)

    @_base.rowwise
    def predict_log_proba(self, X):
        """The log of ``predict_proba`` from the linear scores of GDA-3 / X-3 (the log-odds
        θᵀx with two classes, log-softmax of θ_jᵀx with more), without forming the
        probabilities (no log 0)."""
        scores = self.decision_function(X)
        if self._binary():
            return _base.log_odds_to_log_proba(scores)
        return log_softmax(scores, axis=1)
