"""Part III benchmarks: Poisson regression by IRLS, on easy data (m = 100,000 and 1,000,000; the
larger also against glum, an optional peer: scikit-learn-intelex has no Poisson GLM) and on the
hard corner of the real-data suite (mean counts in the hundreds, columns in units from 1e-4 to
1e6); the cost curve of IRLS against m."""
import numpy as np

import cs229.fast.glm as F

from harness import Curve, accuracy_row, geometric, mixed_units_design, not_installed, race, row


def _counts(m, d):
    rng = np.random.default_rng(0)
    X = np.c_[np.ones(m), rng.standard_normal((m, d - 1))]
    return X, rng.poisson(np.exp(X @ rng.uniform(-0.2, 0.2, d))).astype(float)


def _statsmodels_poisson(X, y):
    import statsmodels.api as sm
    return sm.GLM(y, X, family=sm.families.Poisson()).fit(tol=1e-10)


def _glum_poisson(X, y):
    from glum import GeneralizedLinearRegressor
    return GeneralizedLinearRegressor(family="poisson", alpha=0, fit_intercept=False,
                                      gradient_tol=1e-10).fit(X, y)


def poisson_irls(small):
    m, d = (20_000, 20) if small else (100_000, 20)
    X, y = _counts(m, d)
    iterations = F.poisson_regression(X, y).iterations
    t = race({"fast": lambda: F.poisson_regression(X, y),
              "statsmodels": lambda: _statsmodels_poisson(X, y)}, repeats=3)
    return row(f"Poisson IRLS m={m:,} d={d}", t["fast"], "statsmodels GLM Poisson (IRLS)",
               t["statsmodels"], 0.5, iterations=iterations)


def _hard_counts(small):
    m, d = (20_000, 20) if small else (100_000, 20)
    X, theta, rng = mixed_units_design(m, d)
    theta = np.r_[6.0, theta]  # e⁶ ≈ 400 counts on average
    return m, d, X, rng.poisson(np.exp(X @ theta)).astype(float)


def _hard_row(small, peer_name, fit_peer, peer_theta, peer_iterations, target, repeats=3):
    m, d, X, y = _hard_counts(small)
    return accuracy_row(f"Poisson IRLS hard m={m:,} d={d}", lambda: F.poisson_regression(X, y),
                        peer_name, lambda: fit_peer(X, y), peer_theta, peer_iterations, target,
                        repeats)


def poisson_irls_hard_vs_statsmodels(small):
    import statsmodels.api as sm
    return _hard_row(small, "statsmodels GLM Poisson (IRLS), one run",
                     lambda X, y: sm.GLM(y, X, family=sm.families.Poisson()).fit(tol=1e-10),
                     lambda r: r.params, lambda r: r.fit_history["iteration"], 0.5, repeats=1)


def poisson_irls_hard_vs_glum(small):
    try:
        from glum import GeneralizedLinearRegressor
    except ImportError:
        return row("Poisson IRLS hard", None, "glum: not installed", None, None)
    return _hard_row(small, "glum GeneralizedLinearRegressor (alpha=0)",
                     lambda X, y: GeneralizedLinearRegressor(
                         family="poisson", alpha=0, fit_intercept=False, gradient_tol=1e-10).fit(X, y),
                     lambda r: r.coef_, lambda r: r.n_iter_, None)


def poisson_irls_hard_vs_sklearn(small):
    from sklearn.linear_model import PoissonRegressor
    return _hard_row(small, "sklearn PoissonRegressor newton-cholesky",
                     lambda X, y: PoissonRegressor(alpha=0, fit_intercept=False, solver="newton-cholesky",
                                                   tol=1e-10, max_iter=100).fit(X, y),
                     lambda r: r.coef_, lambda r: r.n_iter_, None)


def _million_row(small, peer_name, fit_peer, peer_theta, peer_iterations, target, repeats=3):
    m, d = (100_000, 20) if small else (1_000_000, 20)
    X, y = _counts(m, d)
    return accuracy_row(f"Poisson IRLS m={m:,} d={d}", lambda: F.poisson_regression(X, y), peer_name,
                        lambda: fit_peer(X, y), peer_theta, peer_iterations, target, repeats)


def poisson_million_vs_statsmodels(small):
    return _million_row(small, "statsmodels GLM Poisson (IRLS), one run", _statsmodels_poisson,
                        lambda r: r.params, lambda r: r.fit_history["iteration"], 0.5, repeats=1)


def poisson_million_vs_glum(small):
    try:
        import glum  # noqa: F401
    except ImportError:
        return not_installed("Poisson IRLS m=1,000,000", "glum")
    return _million_row(small, "glum GeneralizedLinearRegressor (alpha=0)", _glum_poisson,
                        lambda r: r.coef_, lambda r: r.n_iter_, None)


BENCHMARKS = [poisson_irls, poisson_irls_hard_vs_statsmodels, poisson_irls_hard_vs_glum,
              poisson_irls_hard_vs_sklearn, poisson_million_vs_statsmodels, poisson_million_vs_glum]


def _irls_at(m):
    X, y = _counts(m, 20)
    return {"fast": lambda: F.poisson_regression(X, y), "statsmodels": lambda: _statsmodels_poisson(X, y)}


CURVES = [
    Curve("Poisson IRLS to convergence", "m", geometric(62_500, 5), geometric(12_500, 4), _irls_at,
          "d=20"),
]
