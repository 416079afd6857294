"""Part III benchmarks: softmax regression (k classes) to convergence; its cost curve against m."""
import warnings

import numpy as np

import cs229.fast.softmax as F

from harness import Curve, geometric, race, row


def _data(small, m=None):
    d, k = 20, 5
    m = m or (20_000 if small else 100_000)
    rng = np.random.default_rng(0)
    X = np.c_[np.ones(m), rng.standard_normal((m, d - 1))]
    eta = X @ rng.uniform(-0.5, 0.5, (d, k))
    p = np.exp(eta - eta.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    y = (p.cumsum(axis=1) < rng.random((m, 1))).sum(axis=1) + 1
    return X, y, np.zeros((k - 1, d))


def _softmax_row(small, solver):
    from sklearn.linear_model import LogisticRegression
    X, y, zero = _data(small)
    m, d = X.shape
    k = zero.shape[0] + 1
    out = {}

    def fast():
        out["fast"] = F.newton(X, y, zero)

    def sklearn():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            # tol=1e-8: both solvers stop near the optimum, so the times are of the same answer
            out["sklearn"] = LogisticRegression(C=np.inf, solver=solver, fit_intercept=False, tol=1e-8,
                                                max_iter=1000).fit(X, y)
    t = race({"fast": fast, "sklearn": sklearn}, repeats=3)
    # the parameterisations differ (θ_k = 0 here, symmetric there): compare probabilities
    gap = np.abs(F.probabilities(X, out["fast"].theta) - out["sklearn"].predict_proba(X)).max()
    return row(f"softmax Newton m={m:,} d={d} k={k}", t["fast"], f"sklearn multinomial {solver} (tol=1e-8)",
               t["sklearn"], None,
               iterations=f"{out['fast'].iterations} vs {int(out['sklearn'].n_iter_[0])}",
               max_probability_difference=float(gap))


def softmax_newton_cholesky(small):
    return _softmax_row(small, "newton-cholesky")


def softmax_lbfgs(small):
    return _softmax_row(small, "lbfgs")


BENCHMARKS = [softmax_newton_cholesky, softmax_lbfgs]


def _newton_at(m):
    from sklearn.linear_model import LogisticRegression
    X, y, zero = _data(False, m)

    def sklearn():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            LogisticRegression(C=np.inf, solver="newton-cholesky", fit_intercept=False, tol=1e-8,
                               max_iter=1000).fit(X, y)
    return {"fast": lambda: F.newton(X, y, zero), "sklearn": sklearn}


CURVES = [Curve("softmax Newton to convergence", "m", geometric(25_000, 5), geometric(10_000, 4),
                _newton_at, "d=20, k=5")]
