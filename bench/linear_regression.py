"""Part I benchmarks: gradient-descent epochs, SGD epochs, the normal equations and LWR; the cost
curves of a gradient-descent epoch and an SGD epoch against m."""
import warnings

import numpy as np

import cs229.fast.linear_regression as F
import cs229.reference.linear_regression as R

from harness import Curve, geometric, race, row


def _data(m, d, seed=0):
    rng = np.random.default_rng(seed)
    X = np.c_[np.ones(m), rng.standard_normal((m, d - 1))]
    y = X @ rng.standard_normal(d) + rng.standard_normal(m)
    return X, y


def gd_epoch(small):
    m, d = (100_000, 20) if small else (1_000_000, 20)
    X, y = _data(m, d)
    theta = np.zeros(d)
    k = 10  # epochs per fast call: the one-off input check is spread over them
    t = race({
        "fast": lambda: F.batch_gradient_descent(X, y, theta, 1e-9, k, tol=None),
        "numpy": lambda: theta - 1e-9 * (X.T @ (X @ theta - y)),
    })
    fast_s = t["fast"] / k
    return row(f"batch-GD epoch m={m:,} d={d}", fast_s, "numpy X.T @ (X @ θ − y)", t["numpy"], 0.6,
               gb_per_s=X.nbytes / fast_s / 1e9)


def sgd_epoch(small):
    m, d = (20_000, 20) if small else (200_000, 20)
    t = race(_sgd_at(m))
    return row(f"SGD epoch m={m:,} d={d}", t["fast"], "sklearn SGDRegressor(max_iter=1)", t["sklearn"], 1.0)


def normal_equations(small):
    m, d = (20_000, 50) if small else (100_000, 50)
    X, y = _data(m, d)
    t = race({"fast": lambda: F.normal_equations(X, y),
              "lstsq": lambda: np.linalg.lstsq(X, y, rcond=None)})
    return row(f"normal equations m={m:,} d={d}", t["fast"], "numpy.linalg.lstsq", t["lstsq"], 1.0)


def lwr(small):
    m, d, q = (500, 5, 200) if small else (2_000, 5, 1_000)
    X, y = _data(m, d)
    Q = _data(q, d, seed=1)[0]
    tau = 1.0

    def numpy_loop():
        out = np.empty(q)
        for k in range(q):
            w = np.exp(-((X - Q[k]) ** 2).sum(axis=1) / (2 * tau * tau))
            Xw = X * w[:, None]
            out[k] = Q[k] @ np.linalg.solve(Xw.T @ X, Xw.T @ y)
        return out
    t = race({"fast": lambda: F.lwr_predict(X, y, Q, tau), "numpy": numpy_loop}, repeats=3)
    return row(f"LWR predict {q:,} queries m={m:,} d={d}", t["fast"], "numpy loop over queries",
               t["numpy"], 0.2)


def reference_speedup(small):
    m, d = (2_000, 10) if small else (20_000, 10)
    X, y = _data(m, d)
    Xl, yl = X.tolist(), y.tolist()
    t = race({"fast": lambda: F.batch_gradient_descent(X, y, np.zeros(d), 1e-9, 1, tol=None),
              "reference": lambda: R.batch_gradient_descent(Xl, yl, [0.0] * d, 1e-9, 1, tol=None)},
             repeats=3)
    return row(f"reference → fast, GD epoch m={m:,} d={d}", t["fast"], "cs229.reference", t["reference"],
               None, speedup=t["reference"] / t["fast"])


BENCHMARKS = [gd_epoch, sgd_epoch, normal_equations, lwr, reference_speedup]


def _gd_at(m):
    X, y = _data(m, 20)
    theta = np.zeros(20)
    return {"fast": lambda: F.batch_gradient_descent(X, y, theta, 1e-9, 1, tol=None),
            "numpy": lambda: theta - 1e-9 * (X.T @ (X @ theta - y))}


def _sgd_at(m):
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.linear_model import SGDRegressor
    X, y = _data(m, 20)
    Z = np.ascontiguousarray(X[:, 1:])

    def sklearn():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            SGDRegressor(penalty=None, learning_rate="constant", eta0=1e-4, max_iter=1, tol=None,
                         shuffle=False).fit(Z, y)
    return {"fast": lambda: F.stochastic_gradient_descent(X, y, np.zeros(20), 1e-4, 1),
            "sklearn": sklearn}


CURVES = [
    Curve("batch-GD epoch", "m", geometric(125_000, 5), geometric(25_000, 4), _gd_at, "d=20"),
    Curve("SGD epoch", "m", geometric(25_000, 5), geometric(10_000, 4), _sgd_at, "d=20"),
]
