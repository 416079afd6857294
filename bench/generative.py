"""Part IV benchmarks, GDA and the multivariate normal: the GDA fit (GDA-1) against numpy's
vectorised formulas, batched MVN log-densities (MVN-1) against scipy, the reference → fast
speedup; the cost curves of the fit (against m and d) and of the log-densities."""
import numpy as np

import cs229.fast.generative as F
import cs229.reference.generative as R

from harness import Curve, geometric, race, row


def _data(m, d, seed=0):
    rng = np.random.default_rng(seed)
    y = (rng.random(m) < 0.4).astype(np.int64)
    X = rng.standard_normal((m, d)) @ rng.standard_normal((d, d)) + np.outer(y, rng.standard_normal(d)) + 3.0
    return X, y


def _numpy_gda(X, y):
    m = X.shape[0]
    phi = y.mean()
    mu = np.stack([X[y == 0].mean(axis=0), X[y == 1].mean(axis=0)])
    D = X - mu[y]
    return phi, mu, D.T @ D / m


def gda_fit(small):
    m, d = (100_000, 20) if small else (1_000_000, 20)
    X, y = _data(m, d)
    t = race({"fast": lambda: F.gda_fit(X, y), "numpy": lambda: _numpy_gda(X, y)})
    return row(f"GDA fit m={m:,} d={d}", t["fast"], "numpy: masks, means, D.T @ D / m", t["numpy"], 0.7,
               gb_per_s=X.nbytes / t["fast"] / 1e9)


def mvn_log_density(small):
    from scipy.stats import multivariate_normal
    m, d = (100_000, 20) if small else (1_000_000, 20)
    X, y = _data(m, d)
    model = F.gda_fit(X, y)
    t = race({"fast": lambda: F.mvn_log_densities(X, model.mu0, model.Sigma),
              "scipy": lambda: multivariate_normal(mean=model.mu0, cov=model.Sigma).logpdf(X)})
    return row(f"MVN log-density m={m:,} d={d}", t["fast"], "scipy multivariate_normal.logpdf", t["scipy"], None)


def reference_speedup(small):
    m, d = (2_000, 5) if small else (20_000, 5)
    X, y = _data(m, d)
    Xl, yl = X.tolist(), y.tolist()
    t = race({"fast": lambda: F.gda_fit(X, y), "reference": lambda: R.gda_fit(Xl, yl)}, repeats=3)
    return row(f"reference → fast, GDA fit m={m:,} d={d}", t["fast"], "cs229.reference", t["reference"],
               None, speedup=t["reference"] / t["fast"])


def estimator_predict_proba_k_classes(small):
    """The estimator's k-class posterior (X-3's linear scores, one product per row) against
    scikit-learn's LinearDiscriminantAnalysis (lsqr: the same coefficients) on the same fit's data."""
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    from cs229.estimators import GaussianDiscriminantAnalysis
    m, d, k = (20_000, 20, 3) if small else (200_000, 20, 3)
    rng = np.random.default_rng(3)
    y = rng.integers(0, k, m)
    X = rng.standard_normal((m, d)) + rng.standard_normal((k, d))[y]
    ours = GaussianDiscriminantAnalysis().fit(X, y)
    lda = LinearDiscriminantAnalysis(solver="lsqr").fit(X, y)
    t = race({"fast": lambda: ours.predict_proba(X), "lda": lambda: lda.predict_proba(X)})
    gap = float(np.abs(ours.predict_proba(X) - lda.predict_proba(X)).max())
    return row(f"GaussianDiscriminantAnalysis.predict_proba m={m:,} d={d} k={k}", t["fast"],
               f"sklearn LinearDiscriminantAnalysis(lsqr).predict_proba (max |Δp| {gap:.1e})", t["lda"], 1.0)


BENCHMARKS = [gda_fit, mvn_log_density, reference_speedup, estimator_predict_proba_k_classes]


def _fit_at(m, d):
    X, y = _data(m, d)
    return {"fast": lambda: F.gda_fit(X, y), "numpy": lambda: _numpy_gda(X, y)}


def _log_density_at(m):
    from scipy.stats import multivariate_normal
    X, y = _data(m, 20)
    model = F.gda_fit(X, y)
    return {"fast": lambda: F.mvn_log_densities(X, model.mu0, model.Sigma),
            "scipy": lambda: multivariate_normal(mean=model.mu0, cov=model.Sigma).logpdf(X)}


CURVES = [
    Curve("GDA fit", "m", geometric(125_000, 5), geometric(25_000, 4), lambda m: _fit_at(m, 20), "d=20"),
    Curve("GDA fit", "d", geometric(5, 5), geometric(5, 4), lambda d: _fit_at(200_000, d), "m=200,000"),
    Curve("MVN log-densities", "m", geometric(125_000, 5), geometric(25_000, 4), _log_density_at, "d=20"),
]
