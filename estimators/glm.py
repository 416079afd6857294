"""Part III of the notes as regressors: a generalized linear model for any exponential family
with T(y) = y, and Poisson regression (000 §8-9; 002 §1.3.2-1.3.3)."""
import numpy as np
from sklearn.base import BaseEstimator, RegressorMixin
from sklearn.utils.validation import check_is_fitted

from cs229.reference import messages, parameters

from . import _base, _docs, _fast, _summary

__all__ = ["GLM", "PoissonRegression"]

_PARAMETERS = """solver : {"newton", "gd"}, default="newton"
        "newton": Newton's method θ := θ + (XᵀWX)⁻¹Xᵀ(y − g(Xθ)), W = diag(a″(θᵀx)), which for
        the canonical link is Fisher scoring and iteratively reweighted least squares (000 §7,
        §9); "gd": gradient ascent θ := θ + α Σᵢ (y⁽ⁱ⁾ − g(θᵀx⁽ⁱ⁾)) x⁽ⁱ⁾. Both stop when
        maxⱼ |Δθⱼ| ≤ tol·(1 + maxⱼ |θⱼ|).
    fit_intercept : bool, default=True
        Prepend x₀ = 1 to every example (LR-1), so that θ₀ is the intercept.
    alpha : float, default=0
        The L2 penalty, scikit-learn's ``PoissonRegressor`` meaning: θ maximises
        ℓ(θ)/m − (alpha/2) Σ_{j≥1} θⱼ², the faces' ``lam`` λ = alpha · m (X-1), the intercept
        unpenalised (every θⱼ without ``fit_intercept``). 0 is the notes' maximum likelihood
        fit (scikit-learn's default is 1). Until this release alpha was the step size, now
        ``learning_rate``.
    learning_rate : float, default=0.01
        "gd": the learning rate α.
    %(newton_or_gd_stop)s
    theta0 : array-like of shape (n_features + 1,) or (n_features,), default=None
        The starting θ (θ₀ first when ``fit_intercept``); None is the IRLS start from the data
        for Newton (μ₀ = (y + ȳ)/2, as R's glm) and θ = 0 for "gd".
    verbose : int, default=0
        1 prints the number of iterations and ℓ(θ) when the fit ends, 2 also ℓ(θ) after every
        iteration.
    %(n_jobs_fit)s"""

_ATTRIBUTES = """%(theta)s
    family_ : str or ExponentialFamily
        The family of y given x, as it was given.
    n_iter_ : int
        Updates made.
    converged_ : bool or None
        Whether the stopping test held (None for "gd" with ``tol=None``).
    summary() : GLMSummary
        Standard errors, z, p-values and Wald intervals (X-6), statsmodels' names.
    n_features_in_, feature_names_in_
        As in scikit-learn."""


# the Parameters section after its heading (GLM puts ``family`` first), then the Attributes
_SECTIONS = f"""{_PARAMETERS}

    Attributes
    ----------
    {_ATTRIBUTES}"""

class _GeneralizedLinearModel(RegressorMixin, BaseEstimator):
    """The fit and prediction GLM and PoissonRegression share; ``_family_name`` says which
    family."""

    @_base.user_columns
    def fit(self, X, y, sample_weight=None, offset=None, exposure=None):
        """Fit θ to the examples X (n_samples, n_features) and targets y (n_samples,).

        ``sample_weight`` (X-2): wᵢ >= 0 per example, ℓ = Σᵢ wᵢ ℓᵢ (an integer weight is the
        example repeated). ``offset`` (X-5): oᵢ added to the linear predictor, η = θᵀx + o, with
        θ fitted around it; ``exposure`` (the Poisson family): eᵢ > 0, the offset log e, so that
        μ = e · e^(θᵀx) (a count over an exposure e, such as claims over policy-years), as
        statsmodels' GLM takes them. Neither is kept: ``predict`` takes them again."""
        solver = parameters.choice(self.solver, "solver", ("newton", "gd"))
        family = _fast.exponential_family(self._family_name())  # checks the name
        e = _base.engine(X, y, sample_weight, offset, exposure)
        X, y = e.fit_data(self, X, y, y_numeric=True)
        Xd = e.design(X, self.fit_intercept)
        offset = self._offset(e, family, offset, exposure, Xd)
        sample_weight = e.sample_weights(sample_weight, X)
        # Newton's own start without θ₀ is the IRLS start from the data (GLM-4)
        start = self.theta0 if self.theta0 is not None or solver == "newton" else np.zeros(Xd.shape[1])
        cap = _base.check_cap(self.max_iterations, solver)
        record = self.verbose >= 2
        # scikit-learn's alpha multiplies the mean deviance's penalty: λ = alpha · Σwᵢ (m without
        # weights) on ℓ's sum
        total = Xd.shape[0] if sample_weight is None else float(sample_weight.sum())
        lam = parameters.nonnegative(self.alpha, "alpha", float64=True) * total
        rate = parameters.positive(self.learning_rate, "learning_rate", float64=True)
        # where the maximum likelihood θ may not exist (separated labels; a group of zero counts)
        missing = not lam and family.name in ("bernoulli", "poisson")
        remedy, first = ("remedy_alpha" if missing else None), not self.fit_intercept
        if solver == "newton":
            n_jobs = _base.check_n_jobs(self.n_jobs)
            result = _base.iterate(lambda: e.glm_newton(family, Xd, y, start, cap, self.tol, record,
                                                        lam, first, offset, sample_weight, n_jobs),
                                   cap, remedy, newton=True)
        else:
            result = _base.iterate(lambda: e.glm_gradient_ascent(
                family, Xd, y, start, rate, cap, self.tol, self.average, record, lam,
                first, offset, sample_weight), cap, remedy)
        # the family as given (a name pickles; the family objects hold lambdas)
        self.family_ = self._family_name()
        self.theta_ = np.asarray(result.theta)
        intercept, self.coef_ = _base.split_theta(self.theta_, self.fit_intercept)
        self.intercept_ = float(intercept)
        self.n_iter_, self.converged_ = result.iterations, result.converged
        self._nobs, self._weight_total = Xd.shape[0], (None if sample_weight is None else total)
        self._standard_errors = None if lam else _summary.standard_errors(self, e, family, Xd, y, offset,
                                                                          sample_weight)

        def loglik(theta):
            return e.glm_log_likelihood(family, Xd, y, theta, offset, sample_weight)
        _base.report(self, lambda: f"{family.name}, {solver}: "
                                   f"{_base.outcome(result.converged, result.iterations)}; "
                                   f"ℓ(θ) = {loglik(self.theta_):.10g}",
                     lambda: (f"iteration {k}: ℓ(θ) = {loglik(t):.10g}" for k, t in enumerate(result.path)))
        return self

    def _offset(self, e, family, offset, exposure, Xd):
        """X-5: the offset o of η = θᵀx + o from ``offset`` or ``exposure`` (log e; the Poisson
        family's), None when neither is given (``e``: the engine of the call)."""
        if exposure is not None:
            if family.name != "poisson":
                raise messages.error("exposure_not_poisson", family=family.name)
            return e.glm_exposure_offset(offset, exposure, Xd)
        return offset  # read by the fast face, which names a wrong length or a NaN

    def summary(self):
        """X-6: the fitted θ with standard errors from the inverse Fisher information (−H⁻¹ at θ̂),
        z statistics, p-values and Wald intervals: a ``GLMSummary`` (statsmodels' names:
        ``params``, ``bse``, ``zvalues``, ``pvalues``, ``conf_int()``) that prints as a table."""
        check_is_fitted(self)
        if self._standard_errors is None:
            raise messages.error("penalty_no_summary", what=f"alpha={self.alpha!r}", unpenalised="alpha=0")
        return _summary.summarise(self, f"Generalized linear model: {self.family_} family, canonical link")

    def score(self, X, y, sample_weight=None):
        """D² = 1 − D(y, μ̂) / D(y, ȳ), the fraction of the deviance explained (scikit-learn's
        ``PoissonRegressor.score``; for the Gaussian family it is R²): the Tweedie deviance of
        power 0 (Gaussian), 1 (Poisson), 2 (exponential, gamma), the log loss for Bernoulli."""
        from sklearn.metrics import d2_log_loss_score, d2_tweedie_score
        check_is_fitted(self)
        mu = self.predict(X)
        name = _fast.exponential_family(self.family_).name
        if name == "bernoulli":
            return float(d2_log_loss_score(y, np.column_stack([1 - mu, mu]), sample_weight=sample_weight,
                                           labels=[0, 1]))
        power = {"gaussian": 0, "poisson": 1}.get(name, 2)
        return float(d2_tweedie_score(y, mu, sample_weight=sample_weight, power=power))

    @_base.rowwise
    def predict(self, X, offset=None, exposure=None):
        """h_θ(x) = E[y | x; θ] = g(θᵀx) for every row of X, g the family's canonical response
        (GLM-1); g(θᵀx + o) with an ``offset`` o or an ``exposure`` e (o = log e) per row (X-5)."""
        check_is_fitted(self)
        X = _base.predict_data(self, X)
        family = _fast.exponential_family(self.family_)
        Xd = _base.design(X, self.fit_intercept)
        return _fast.glm_predict(family, Xd, self.theta_, self._offset(_base.MEMORY, family, offset, exposure, Xd))


@_docs.filled
class GLM(_GeneralizedLinearModel):
    __doc__ = f"""A generalized linear model with the canonical link (000 §9; 002 §1.3.3).

    Catalog rows GLM-1 (the three assumptions: y | x; θ ~ ExponentialFamily(η), η = θᵀx,
    h(x) = E[y | x] = g(η) with g the canonical response) and GLM-4 (the fit, by gradient ascent
    or Newton / IRLS, and its log-likelihood ℓ(θ) = Σᵢ log p(y⁽ⁱ⁾; θᵀx⁽ⁱ⁾)); the families are
    EF-2, EF-3 and EF-5. The fit is the one of ``cs229.fast.glm``; this class checks the input,
    prepends x₀ = 1 and keeps θ. ``predict`` is the mean response E[y | x] (for the Bernoulli
    family that is p(y = 1 | x): a classifier with labels is ``LogisticRegression``).

    Parameters
    ----------
    family : str or ExponentialFamily, default="gaussian"
        "gaussian" (σ² = 1: least squares, GLM-2), "bernoulli" (y ∈ {{0, 1}}: logistic
        regression, GLM-3), "poisson" (y >= 0: counts, or any reals >= 0), "exponential" (y > 0),
        or a family object of ``cs229.reference.exponential_family`` with T(y) = y such as
        ``gamma(k)``. The exponential and gamma families need η = θᵀx < 0: give ``theta0``.
    {_SECTIONS}

    Notes
    -----
    Targets outside the family's support are refused by the fast face (a ValueError naming the
    entry). Separable Bernoulli data, the cap and divergence are handled as in
    ``LogisticRegression``: a ConvergenceWarning with the last iterate for the first two, the
    fast face's ConvergenceError for the last.
    """

    def __init__(self, family="gaussian", solver="newton", fit_intercept=True, alpha=0.0,
                 max_iterations=None, tol=1e-10, average=True, theta0=None, verbose=0,
                 learning_rate=0.01, n_jobs=None):
        _base.keep(self, locals())

    def _family_name(self):
        return self.family

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        try:
            family = _fast.exponential_family(self.family)
        except ValueError:
            return tags
        # counts and positive targets: scikit-learn's checks then draw y > 0 for this model
        tags.target_tags.positive_only = family.name not in ("gaussian", "bernoulli")
        return tags


@_docs.filled
class PoissonRegression(_GeneralizedLinearModel):
    __doc__ = f"""Poisson regression: counts y ~ Poisson(λ = e^(θᵀx)) (000 §9; 002 §1.3.3).

    Catalog rows GLM-4 and EF-5: the GLM of the Poisson family, whose canonical response is
    λ = e^η, fitted by Newton / IRLS (``cs229.fast.glm.newton`` with the Poisson family, which
    is ``cs229.fast.glm.poisson_regression``) or gradient ascent. ``GLM(family="poisson")`` is
    the same model.

    Parameters
    ----------
    {_SECTIONS}

    Notes
    -----
    y may be any reals >= 0 (counts, or rates such as claims per policy-year: the Poisson
    log-likelihood and deviance are defined there, as in scikit-learn and statsmodels); a
    negative target is refused with a ValueError naming the first one.
    """

    def __init__(self, solver="newton", fit_intercept=True, alpha=0.0, max_iterations=None,
                 tol=1e-10, average=True, theta0=None, verbose=0, learning_rate=0.01, n_jobs=None):
        _base.keep(self, locals())

    def _family_name(self):
        return "poisson"

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.target_tags.positive_only = True
        return tags
