"""Part IV of the notes as a classifier: Gaussian discriminant analysis (000 Part IV §1;
002 §1.4.1)."""
import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.validation import check_is_fitted

from . import _base, _fast, _labels

__all__ = ["GaussianDiscriminantAnalysis"]


class GaussianDiscriminantAnalysis(ClassifierMixin, BaseEstimator):
    """Gaussian discriminant analysis: y ~ Bernoulli(φ), x | y = c ~ N(μ_c, Σ) (000 Part IV §1.2).

    Catalog rows GDA-1 (the maximum-likelihood φ, μ₀, μ₁ and the shared Σ), GDA-2 (prediction
    by argmax_y p(x | y) p(y), posterior by Bayes' rule), GDA-3 (the posterior is logistic with
    an explicit θ), MVN-1 (the class densities). The fit is ``cs229.fast.generative.gda_fit``;
    this class checks the input and codes the two classes as the notes' y ∈ {0, 1}
    (``classes_[1]`` is 1). The model is stated for x ∈ Rⁿ without an intercept entry (002
    §1.4.1), so there is no ``fit_intercept``.

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
        The two labels; ``classes_[1]`` is the notes' y = 1.
    phi_ : float
        φ = p(y = 1).
    mu_ : ndarray of shape (2, n_features)
        The class means μ₀ and μ₁ as rows.
    Sigma_ : ndarray of shape (n_features, n_features)
        The shared covariance Σ.
    theta_ : ndarray of shape (n_features + 1,)
        GDA-3's θ (with x₀ = 1 first): p(y = 1 | x) = 1 / (1 + exp(−θᵀx)).
    coef_ : ndarray of shape (1, n_features)
        θ₁, ..., θₙ of ``theta_``.
    intercept_ : ndarray of shape (1,)
        θ₀ of ``theta_``.
    model_ : cs229.fast.generative.GDAModel
        The fitted model as the fast face returns it.
    n_features_in_, feature_names_in_
        As in scikit-learn.

    Notes
    -----
    A singular Σ (features linearly dependent within the classes, or too few examples) leaves
    the likelihood without a maximum: the fast face's SingularMatrixError (a ValueError) names
    the dependent features.
    """

    def __sklearn_tags__(self):
        return _base.two_classes(super().__sklearn_tags__())

    def fit(self, X, y):
        """Estimate φ, μ₀, μ₁ and Σ from the examples X (n_samples, n_features) and labels y."""
        X, y = _base.fit_data(self, X, y)
        labels = _labels.binary_labels(y, "GDA")
        self.classes_ = labels.classes
        self.model_ = _fast.gda_fit(X, labels.zero_one())
        self.phi_ = float(self.model_.phi)
        self.mu_ = np.vstack([self.model_.mu0, self.model_.mu1])
        self.Sigma_ = np.asarray(self.model_.Sigma)
        self.theta_ = np.asarray(_fast.gda_logistic_theta(self.model_))
        self.coef_, self.intercept_ = self.theta_[None, 1:], self.theta_[:1].copy()
        return self

    def predict(self, X):
        """classes_[1] where log p(x | y=1) p(y=1) > log p(x | y=0) p(y=0), else classes_[0]
        (GDA-2)."""
        check_is_fitted(self)
        codes = _fast.gda_predict(self.model_, _base.predict_data(self, X))
        return self.classes_[np.asarray(codes, dtype=np.intp)]

    def predict_proba(self, X):
        """[p(y = classes_[0] | x), p(y = classes_[1] | x)] per row, by Bayes' rule (GDA-2)."""
        check_is_fitted(self)
        p = _fast.gda_posterior(self.model_, _base.predict_data(self, X))
        return np.column_stack([1 - p, p])
