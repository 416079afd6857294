"""X-6: the table of a fitted generalized linear model, with statsmodels' attribute names.

The standard errors are the square roots of the diagonal of the inverse Fisher information
I(θ̂) = XᵀWX = −H at the fitted θ̂ (``cs229.fast.glm.standard_errors``), times the dispersion φ;
z = θ̂ⱼ / SE(θ̂ⱼ), the two-sided p-value of the Wald test 2(1 − Φ(|z|)), the Wald interval
θ̂ⱼ ± z_{1−α/2} SE(θ̂ⱼ): normal, not Student, as statsmodels' GLM gives them.
"""
import numpy as np
from scipy import stats

from . import _fast

__all__ = ["GLMSummary", "standard_errors", "summarise"]


class GLMSummary:
    """params, bse, zvalues, pvalues, conf_int(alpha), names, scale, nobs, df_resid; prints as a
    table (``str``)."""

    def __init__(self, title, names, params, bse, scale, nobs, weight_total=None):
        # statsmodels' counts: nobs the rows, df_resid Σ wᵢ − p with frequency weights
        self.title, self.names = title, list(names)
        self.params, self.bse = np.asarray(params, dtype=float), np.asarray(bse, dtype=float)
        total = nobs if weight_total is None else weight_total
        self.scale, self.nobs, self.df_resid = float(scale), int(nobs), int(round(total)) - len(self.params)
        self.zvalues = self.params / self.bse
        self.pvalues = 2 * stats.norm.sf(np.abs(self.zvalues))

    def conf_int(self, alpha=0.05):
        """The Wald intervals θ̂ⱼ ± z_{1−α/2} SE(θ̂ⱼ), one row [low, high] per parameter."""
        if not (isinstance(alpha, (int, float, np.floating)) and 0 < alpha < 1):
            raise ValueError(f"alpha must be a number in (0, 1), got {alpha!r}")
        half = stats.norm.ppf(1 - alpha / 2) * self.bse
        return np.column_stack([self.params - half, self.params + half])

    def __str__(self):
        low, high = self.conf_int().T
        width = max(12, *(len(n) for n in self.names))
        head = (f"{'':{width}} {'coef':>12} {'std err':>12} {'z':>9} {'P>|z|':>9} "
                f"{'[0.025':>12} {'0.975]':>12}")
        rule = "-" * len(head)
        rows = [f"{n:{width}} {c:12.6g} {s:12.6g} {z:9.3f} {p:9.3f} {a:12.6g} {b:12.6g}"
                for n, c, s, z, p, a, b in zip(self.names, self.params, self.bse, self.zvalues,
                                               self.pvalues, low, high)]
        facts = f"No. Observations: {self.nobs}   Df Residuals: {self.df_resid}   Scale: {self.scale:.6g}"
        return "\n".join([self.title, facts, rule, head, rule, *rows, rule])

    __repr__ = __str__


def names(estimator, n_features):
    """'const' for θ₀ when there is an intercept, then the feature names (or x1, x2, …)."""
    features = list(getattr(estimator, "feature_names_in_", [f"x{j + 1}" for j in range(n_features)]))
    return (["const"] if estimator.fit_intercept else []) + [str(f) for f in features]


def standard_errors(estimator, engine, family, Xd, y, offset=None, sample_weight=None):
    """(scale, bse or the error that stops them) of ``estimator`` fitted to the design Xd (x₀ = 1
    first when it has an intercept) and y, with the fit's offset and weights: dispersion 1 for
    the Bernoulli and Poisson families, else Pearson's χ² / (m − p) as statsmodels estimates it
    (weights as frequencies: χ² = Σ wᵢ (yᵢ − μᵢ)²/V(μᵢ), m = Σ wᵢ). Taken when the fit ends, so
    that ``summary()`` needs no data: one more pass over X (XᵀWX, about one Newton iteration)
    and n Cholesky solves."""
    theta = estimator.theta_
    m, p = Xd.shape
    m = float(sample_weight.sum()) if sample_weight is not None else m
    scale = 1.0
    if family.name not in ("bernoulli", "poisson"):
        mu = engine.glm_predict(family, Xd, theta, offset)
        eta = Xd @ theta if offset is None else Xd @ theta + engine.vector(offset, "offset")
        chi2 = (y - mu) ** 2 / engine.variance(family, eta)
        chi2 = float((chi2 if sample_weight is None else sample_weight * chi2).sum())
        scale = chi2 / (m - p) if m > p else np.nan
        if not scale > 0:
            return scale, ValueError(f"summary: the dispersion cannot be estimated from {m:g} examples "
                                     f"and {p} parameters (Pearson's χ² / (m − p) is {scale})")
    try:
        return scale, engine.glm_standard_errors(family, Xd, y, theta, scale, offset, sample_weight)
    except (_fast.SingularMatrixError, ValueError) as e:
        return scale, e


def summarise(estimator, title):
    """The GLMSummary of a fitted estimator (``standard_errors`` kept in ``_standard_errors``)."""
    scale, bse = estimator._standard_errors
    if isinstance(bse, Exception):
        raise bse
    n = len(estimator.theta_)
    return GLMSummary(title, names(estimator, n - bool(estimator.fit_intercept)), estimator.theta_,
                      bse, scale, estimator._nobs, getattr(estimator, "_weight_total", None))
