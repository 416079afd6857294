"""Every loop that takes n_jobs, on every core against one: tree prediction (DT-1), the Naive
Bayes log-joints (NB-2, NB-5, NB-6), GDA's log-joints and the multivariate normal's
log-densities (GDA-2, MVN-1), the RBF kernel matrix (KR-6) and the passes of logistic Newton and
Poisson IRLS (NW-2, GLM-4), each with n_jobs=-1 against
n_jobs=1 on the same data (SMO's rows are in bench/smo.py). The target, 1.1, is the promise of
fast/_parallel.pxd: asking for the cores never costs more than a tenth, on idle cores or on cores
that other processes hold (``run.py --busy N``); on idle cores the ratio is the speed-up."""
import numpy as np

import cs229.fast._threads as TH
import cs229.fast.generative as G
import cs229.fast.glm as GLM
import cs229.fast.kernels as K
import cs229.fast.logistic_regression as L
import cs229.fast.naive_bayes as N
import cs229.fast.trees as T
from cs229.reference.kernels import Gaussian

from harness import race, row


def _threads_row(name, loop, call, repeats=7):
    """n_jobs=-1 against n_jobs=1, and how the calls with n_jobs=-1 chose their threads (the
    loop's choice from a fresh start, cs229.fast._threads)."""
    with TH.forced("measured"):
        t = race({"n_jobs=-1": lambda: call(-1), "n_jobs=1": lambda: call(1)}, repeats=repeats)
        r = TH.report(TH.LOOP_NUMBERS[loop])
    return row(f"{name} n_jobs=-1 vs n_jobs=1", t["n_jobs=-1"],
               f"cs229 n_jobs=1; calls on 2+ threads {r['several']}/{r['several'] + r['one']}, "
               f"{r['trials']} trials", t["n_jobs=1"], 1.1, cpu=dict(t.cpu))


def tree_predict(small):
    from sklearn.datasets import make_classification
    m = 20_000 if small else 100_000
    X, y = make_classification(n_samples=m, n_features=20, random_state=0)
    tree = T.tree_fit(X, y)
    Q = make_classification(n_samples=m, n_features=20, random_state=1)[0]
    return _threads_row(f"tree predict {m:,} rows", "tree_predict",
                        lambda n_jobs: T.predict(tree, Q, n_jobs=n_jobs))


def bernoulli_log_joint(small):
    m, n = (20_000, 200) if small else (200_000, 200)
    rng = np.random.default_rng(0)
    X = (rng.random((m, n)) < 0.1).astype(np.uint8)
    model = N.bernoulli_fit(X, (rng.random(m) < 0.3).astype(np.int64))
    return _threads_row(f"Bernoulli NB log-joint {m:,}×{n}", "bernoulli_joint",
                        lambda n_jobs: N.bernoulli_log_joint(model, X, n_jobs=n_jobs))


def categorical_log_joint(small):
    m, n = (20_000, 50) if small else (200_000, 50)
    rng = np.random.default_rng(1)
    k = rng.integers(2, 8, n)
    X = rng.integers(0, k, (m, n))
    model = N.categorical_fit(X, (rng.random(m) < 0.3).astype(np.int64), k)
    return _threads_row(f"categorical NB log-joint {m:,}×{n}", "categorical_joint",
                        lambda n_jobs: N.categorical_log_joint(model, X, n_jobs=n_jobs))


def multinomial_log_joint(small):
    m, size = (100_000, 50_000) if small else (1_000_000, 50_000)
    rng = np.random.default_rng(2)
    offsets = np.r_[0, np.cumsum(rng.poisson(20, m))].astype(np.int64)
    documents = N.Documents(rng.integers(0, size, offsets[-1]).astype(np.int32), offsets)
    model = N.multinomial_fit(documents, (rng.random(m) < 0.3).astype(np.int64), size)
    return _threads_row(f"multinomial NB log-joint {m:,} docs", "multinomial_joint",
                        lambda n_jobs: N.multinomial_log_joint(model, documents, n_jobs=n_jobs))


def gda_log_joint(small):
    m, d = (100_000, 20) if small else (1_000_000, 20)
    rng = np.random.default_rng(3)
    y = (rng.random(m) < 0.4).astype(np.int64)
    X = rng.standard_normal((m, d)) @ rng.standard_normal((d, d)) + np.outer(y, rng.standard_normal(d))
    model = G.gda_fit(X, y)
    return _threads_row(f"GDA log-joint m={m:,} d={d}", "quadratic_forms",
                        lambda n_jobs: G.gda_log_joint(model, X, n_jobs=n_jobs), repeats=5)


def mvn_log_densities(small):
    m, d = (100_000, 20) if small else (1_000_000, 20)
    rng = np.random.default_rng(4)
    A = rng.standard_normal((d, d))
    X = rng.standard_normal((m, d)) @ A
    Sigma = A.T @ A
    mu = np.zeros(d)
    return _threads_row(f"MVN log-densities m={m:,} d={d}", "quadratic_forms",
                        lambda n_jobs: G.mvn_log_densities(X, mu, Sigma, n_jobs=n_jobs), repeats=5)


def rbf_matrix(small):
    m, n = (1_000, 50) if small else (4_000, 50)
    X = np.random.default_rng(5).standard_normal((m, n))
    kernel = Gaussian.from_gamma(1.0 / n)
    return _threads_row(f"RBF kernel matrix {m:,}×{n}", "kernel_map",
                        lambda n_jobs: K.kernel_matrix(X, kernel, n_jobs=n_jobs))


def _glm_data(m, d, seed):
    rng = np.random.default_rng(seed)
    X = np.c_[np.ones(m), rng.standard_normal((m, d - 1))]
    theta = rng.standard_normal(d) / np.sqrt(d)
    return rng, X, X @ theta


def logistic_newton(small):
    m, d = (100_000, 20) if small else (1_000_000, 20)
    rng, X, eta = _glm_data(m, d, 6)
    y = (rng.random(m) < 1 / (1 + np.exp(-eta))).astype(float)
    return _threads_row(f"logistic Newton m={m:,} d={d}", "newton_pass",
                        lambda n_jobs: L.newton(X, y, n_jobs=n_jobs), repeats=5)


def poisson_irls(small):
    m, d = (100_000, 20) if small else (1_000_000, 20)
    rng, X, eta = _glm_data(m, d, 7)
    y = rng.poisson(np.exp(eta / 2)).astype(float)
    return _threads_row(f"Poisson IRLS m={m:,} d={d}", "newton_pass",
                        lambda n_jobs: GLM.poisson_regression(X, y, n_jobs=n_jobs), repeats=5)


def kernel_perceptron(small):
    """The kernel perceptron's new columns on the cores (a choice per run, as SMO's)."""
    from cs229.fast.kernels import kernel_perceptron as fit
    from cs229.reference.results import ConvergenceError
    m, n = (2_000, 20) if small else (5_000, 20)
    rng = np.random.default_rng(1)
    X = rng.standard_normal((m, n))
    y = np.where(X[:, 0] + 0.5 * X[:, 1] ** 2 > 0.5, 1.0, -1.0)

    def call(n_jobs):
        try:
            return fit(X, y, Gaussian(3.0), 5, n_jobs=n_jobs)
        except ConvergenceError as e:
            return e.result
    with TH.forced("measured"):
        t = race({"n_jobs=-1": lambda: call(-1), "n_jobs=1": lambda: call(1)}, repeats=7)
    return row(f"kernel perceptron 5 epochs m={m:,} d={n} n_jobs=-1 vs n_jobs=1", t["n_jobs=-1"],
               "cs229 n_jobs=1", t["n_jobs=1"], 1.1, cpu=dict(t.cpu))


BENCHMARKS = [tree_predict, bernoulli_log_joint, categorical_log_joint, multinomial_log_joint,
              gda_log_joint, mvn_log_densities, rbf_matrix, logistic_newton, poisson_irls,
              kernel_perceptron]
