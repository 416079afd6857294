"""Part III benchmarks: softmax regression (k classes) to convergence."""
import warnings

import numpy as np

import cs229.fast.softmax as F

from harness import race, row


def softmax_regression(small):
    from sklearn.linear_model import LogisticRegression
    m, d, k = (20_000, 20, 5) if small else (100_000, 20, 5)
    rng = np.random.default_rng(0)
    X = np.c_[np.ones(m), rng.standard_normal((m, d - 1))]
    eta = X @ rng.uniform(-0.5, 0.5, (d, k))
    p = np.exp(eta - eta.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    y = (p.cumsum(axis=1) < rng.random((m, 1))).sum(axis=1) + 1
    zero = np.zeros((k - 1, d))

    def sklearn():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            LogisticRegression(C=np.inf, solver="lbfgs", fit_intercept=False, max_iter=1000).fit(X, y)
    t = race({"fast": lambda: F.newton(X, y, zero), "sklearn": sklearn}, repeats=3)
    return row(f"softmax Newton m={m:,} d={d} k={k}", t["fast"], "sklearn multinomial lbfgs",
               t["sklearn"], None, iterations=F.newton(X, y, zero).iterations)


BENCHMARKS = [softmax_regression]
