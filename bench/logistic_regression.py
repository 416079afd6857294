"""Part II benchmarks: logistic Newton to convergence (at m = 100,000 against scikit-learn and
statsmodels; at m = 1,000,000 against scikit-learn, glum and scikit-learn-intelex, the last two
optional), the perceptron epoch, reference → fast, and the cost curves of Newton against m and
d."""
import warnings

import numpy as np

import cs229.fast.logistic_regression as F
import cs229.reference.logistic_regression as R

from harness import (Curve, accuracy_row, geometric, mixed_units_design, not_installed, race,
                     row)


def _data(m, d, seed=0):
    rng = np.random.default_rng(seed)
    X = np.c_[np.ones(m), rng.standard_normal((m, d - 1))]
    theta = rng.uniform(-0.5, 0.5, d)
    y = (rng.random(m) < 1 / (1 + np.exp(-X @ theta))).astype(float)
    return X, y


def _sklearn_newton(X, y):
    from sklearn.linear_model import LogisticRegression
    return LogisticRegression(C=np.inf, solver="newton-cholesky", fit_intercept=False, tol=1e-8,
                              max_iter=100).fit(X, y)


def newton_vs_sklearn(small):
    m, d = (20_000, 20) if small else (100_000, 20)
    X, y = _data(m, d)
    iterations = F.newton(X, y).iterations
    peer_iterations = int(_sklearn_newton(X, y).n_iter_[0])
    t = race({"fast": lambda: F.newton(X, y), "sklearn": lambda: _sklearn_newton(X, y)})
    return row(f"logistic Newton m={m:,} d={d}", t["fast"], "sklearn newton-cholesky (tol=1e-8)",
               t["sklearn"], 1.0, iterations=f"{iterations} vs {peer_iterations}")


def newton_vs_statsmodels(small):
    import statsmodels.api as sm
    m, d = (20_000, 20) if small else (100_000, 20)
    X, y = _data(m, d)
    t = race({"fast": lambda: F.newton(X, y),
              "statsmodels": lambda: sm.Logit(y, X).fit(method="newton", disp=0, tol=1e-10)}, repeats=3)
    return row(f"logistic Newton m={m:,} d={d}", t["fast"], "statsmodels Logit (newton)",
               t["statsmodels"], None)


def perceptron_epoch(small):
    from sklearn.linear_model import Perceptron
    m, d = (20_000, 20) if small else (100_000, 20)
    X, y = _data(m, d)
    Z = np.ascontiguousarray(X[:, 1:])

    def fast():
        try:
            F.perceptron(X, y, max_epochs=1)
        except F.ConvergenceError:
            pass

    def sklearn():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            Perceptron(max_iter=1, shuffle=False, tol=None).fit(Z, y)
    t = race({"fast": fast, "sklearn": sklearn})
    return row(f"perceptron epoch m={m:,} d={d}", t["fast"], "sklearn Perceptron(max_iter=1)",
               t["sklearn"], 1.0)


def reference_speedup(small):
    m, d = (2_000, 10) if small else (20_000, 10)
    X, y = _data(m, d)
    Xl, yl = X.tolist(), y.tolist()
    t = race({"fast": lambda: F.batch_gradient_ascent(X, y, np.zeros(d), 1e-4, 1, tol=None),
              "reference": lambda: R.batch_gradient_ascent(Xl, yl, [0.0] * d, 1e-4, 1, tol=None)},
             repeats=3)
    return row(f"reference → fast, logistic GA epoch m={m:,} d={d}", t["fast"], "cs229.reference",
               t["reference"], None, speedup=t["reference"] / t["fast"])


def _hard_labels(small):
    """The mixed-units design with θ₀ = −2 (about one label in six is 1)."""
    m, d = (20_000, 20) if small else (100_000, 20)
    X, theta, rng = mixed_units_design(m, d)
    theta = np.r_[-2.0, 3 * theta]
    return m, d, X, (rng.random(m) < 1 / (1 + np.exp(-X @ theta))).astype(float)


def _hard_row(small, peer_name, fit_peer, peer_theta, peer_iterations, target, repeats=3):
    m, d, X, y = _hard_labels(small)
    return accuracy_row(f"logistic Newton hard m={m:,} d={d}", lambda: F.newton(X, y), peer_name,
                        lambda: fit_peer(X, y), peer_theta, peer_iterations, target, repeats)


def newton_hard_vs_sklearn(small):
    return _hard_row(small, "sklearn newton-cholesky (tol=1e-8)", _sklearn_newton,
                     lambda r: r.coef_[0], lambda r: int(r.n_iter_[0]), 1.0)


def newton_hard_vs_statsmodels(small):
    import statsmodels.api as sm
    return _hard_row(small, "statsmodels Logit (newton)",
                     lambda X, y: sm.Logit(y, X).fit(method="newton", disp=0, tol=1e-10),
                     lambda r: r.params, lambda r: r.mle_retvals["iterations"], None, repeats=1)


def newton_hard_vs_glum(small):
    try:
        from glum import GeneralizedLinearRegressor
    except ImportError:
        return row("logistic Newton hard", None, "glum: not installed", None, None)
    return _hard_row(small, "glum GeneralizedLinearRegressor (alpha=0)",
                     lambda X, y: GeneralizedLinearRegressor(
                         family="binomial", alpha=0, fit_intercept=False, gradient_tol=1e-10).fit(X, y),
                     lambda r: r.coef_, lambda r: r.n_iter_, None)


def _million(small):
    m, d = (100_000, 20) if small else (1_000_000, 20)
    return (m, d) + _data(m, d)


def _million_row(small, peer_name, fit_peer, peer_theta, peer_iterations, target, **extra):
    m, d, X, y = _million(small)
    out = accuracy_row(f"logistic Newton m={m:,} d={d}", lambda: F.newton(X, y), peer_name,
                       lambda: fit_peer(X, y), peer_theta, peer_iterations, target)
    out.update(extra)
    return out


def newton_million_vs_sklearn(small):
    return _million_row(small, "sklearn newton-cholesky (tol=1e-8)", _sklearn_newton,
                        lambda r: r.coef_[0], lambda r: int(r.n_iter_[0]), 1.0)


def newton_million_vs_glum(small):
    try:
        from glum import GeneralizedLinearRegressor
    except ImportError:
        return not_installed("logistic Newton m=1,000,000", "glum")
    return _million_row(small, "glum GeneralizedLinearRegressor (alpha=0)",
                        lambda X, y: GeneralizedLinearRegressor(
                            family="binomial", alpha=0, fit_intercept=False, gradient_tol=1e-10).fit(X, y),
                        lambda r: r.coef_, lambda r: r.n_iter_, None)


def _on_onedal(fit):
    """Whether scikit-learn-intelex ran ``fit()`` on oneDAL rather than falling back to
    scikit-learn (its log says which)."""
    import logging
    records = []
    handler = logging.Handler(logging.INFO)
    handler.emit = records.append
    logger = logging.getLogger("sklearnex")
    level, handlers, propagate = logger.level, logger.handlers[:], logger.propagate
    logger.handlers, logger.propagate = [handler], False  # heard here, not printed
    logger.setLevel(logging.INFO)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fit()
    finally:
        logger.handlers, logger.propagate = handlers, propagate
        logger.setLevel(level)
    said = " ".join(r.getMessage() for r in records)
    return "accelerated" in said and "fallback" not in said


def newton_million_vs_sklearnex(small):
    """oneDAL's logistic regression without a penalty is its L-BFGS or Newton-CG (scikit-learn's
    solver names); only L-BFGS with penalty=None runs on oneDAL in 2026.x, the rest falls back."""
    try:
        from sklearnex.linear_model import LogisticRegression
    except ImportError:
        return not_installed("logistic Newton m=1,000,000", "scikit-learn-intelex")

    def fit(X, y):
        return LogisticRegression(penalty=None, solver="lbfgs", fit_intercept=False, tol=1e-8,
                                  max_iter=100).fit(X, y)
    m, d, X, y = _million(small)
    where = "oneDAL" if _on_onedal(lambda: fit(X, y)) else "fell back to scikit-learn"
    return _million_row(small, f"sklearnex LogisticRegression lbfgs, penalty=None (tol=1e-8; {where})",
                        fit, lambda r: r.coef_[0], lambda r: int(r.n_iter_[0]), None)


BENCHMARKS = [newton_vs_sklearn, newton_vs_statsmodels, perceptron_epoch, reference_speedup,
              newton_hard_vs_sklearn, newton_hard_vs_statsmodels, newton_hard_vs_glum,
              newton_million_vs_sklearn, newton_million_vs_glum, newton_million_vs_sklearnex]


def _newton_at(m, d):
    X, y = _data(m, d)
    return {"fast": lambda: F.newton(X, y), "sklearn": lambda: _sklearn_newton(X, y)}


CURVES = [
    Curve("logistic Newton to convergence", "m", geometric(62_500, 5), geometric(12_500, 4),
          lambda m: _newton_at(m, 20), "d=20"),
    Curve("logistic Newton to convergence", "d", geometric(10, 5), geometric(10, 4),
          lambda d: _newton_at(100_000, d), "m=100,000"),
]
