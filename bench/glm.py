"""Part III benchmarks: Poisson regression by IRLS."""
import numpy as np

import cs229.fast.glm as F

from harness import race, row


def poisson_irls(small):
    import statsmodels.api as sm
    m, d = (20_000, 20) if small else (100_000, 20)
    rng = np.random.default_rng(0)
    X = np.c_[np.ones(m), rng.standard_normal((m, d - 1))]
    y = rng.poisson(np.exp(X @ rng.uniform(-0.2, 0.2, d))).astype(float)
    iterations = F.poisson_regression(X, y).iterations
    t = race({"fast": lambda: F.poisson_regression(X, y),
              "statsmodels": lambda: sm.GLM(y, X, family=sm.families.Poisson()).fit(tol=1e-10)},
             repeats=3)
    return row(f"Poisson IRLS m={m:,} d={d}", t["fast"], "statsmodels GLM Poisson (IRLS)",
               t["statsmodels"], 0.5, iterations=iterations)


BENCHMARKS = [poisson_irls]
