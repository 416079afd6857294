"""Part V benchmarks: SMO with the RBF kernel against libsvm (scikit-learn SVC), batched decision
values, and the reference → fast speedup.

Both solvers get the same data (make_classification, d = 20, random_state = 0), C = 1,
γ = 0.05 and tol = 1e-3 (libsvm's eps); the row reports both dual objectives W(α), evaluated the
same way, and both iteration counts.
"""
import numpy as np

import cs229.fast.smo as F
import cs229.fast.svm as FV
import cs229.reference.smo as R
from cs229.reference.kernels import Gaussian

from harness import Curve, geometric, race, row

GAMMA, C, TOL = 0.05, 1.0, 1e-3


def _data(m, d=20):
    from sklearn.datasets import make_classification
    X, y = make_classification(n_samples=m, n_features=d, random_state=0)
    return X, np.where(y == 1, 1.0, -1.0)


def _dual(S, coef):
    """W = Σ|αᵢyᵢ| − ½ cᵀKc over the support vectors, c = αy (the same code for both solvers)."""
    sq = np.einsum("ij,ij->i", S, S)
    K = np.exp(-GAMMA * np.maximum(sq[:, None] + sq[None, :] - 2 * S @ S.T, 0.0))
    return float(np.abs(coef).sum() - coef @ K @ coef / 2)


def _smo_rbf(m):
    from sklearn.svm import SVC
    X, y = _data(m)
    kernel = Gaussian.from_gamma(GAMMA)
    out = {}

    def fast():
        out["fast"] = F.smo(X, y, C=C, kernel=kernel, tol=TOL)

    def sklearn():
        out["sklearn"] = SVC(C=C, kernel="rbf", gamma=GAMMA, tol=TOL).fit(X, y)
    big = m >= 10_000
    t = race({"fast": fast, "sklearn": sklearn}, repeats=1 if big else 5, warmup=0 if big else 1)
    fit, sk = out["fast"], out["sklearn"]
    W_fast = _dual(X[fit.support], fit.support_alpha * fit.support_labels)
    W_sk = _dual(X[sk.support_], sk.dual_coef_[0])
    rel = abs(W_fast - W_sk) / abs(W_sk)
    note = (f"sklearn SVC (libsvm); W {W_fast:.8f} vs {W_sk:.8f} (rel {rel:.1e}, target ≤ 1e-4); "
            f"iterations {fit.iterations} vs {int(sk.n_iter_[0])}; SVs {len(fit.support)} vs {len(sk.support_)}")
    return row(f"SMO RBF m={m:,} d=20 C=1 γ=0.05 tol=1e-3", t["fast"], note, t["sklearn"], 1.0,
               data=dict(W_fast=W_fast, W_peer=W_sk, W_rel=rel, iterations_fast=fit.iterations,
                         iterations_peer=int(sk.n_iter_[0])))


def smo_rbf_small(small):
    return _smo_rbf(500 if small else 1_000)


def smo_rbf_medium(small):
    return _smo_rbf(1_000 if small else 5_000)


def smo_rbf_large(small):
    return _smo_rbf(2_000 if small else 20_000)


def decision_values(small):
    from sklearn.svm import SVC
    m, q = (1_000, 5_000) if small else (5_000, 50_000)
    X, y = _data(m)
    Z = _data(q + m)[0][m:]
    fit = F.smo(X, y, C=C, kernel=Gaussian.from_gamma(GAMMA), tol=TOL)
    sk = SVC(C=C, kernel="rbf", gamma=GAMMA, tol=TOL).fit(X, y)
    t = race({"fast": lambda: FV.decision_function(fit, Z), "sklearn": lambda: sk.decision_function(Z)},
             repeats=3)
    return row(f"decision values {q:,} points, {len(fit.support):,} SVs", t["fast"],
               "sklearn SVC.decision_function", t["sklearn"], 1.0)


def reference_speedup(small):
    m = 150 if small else 400
    X, y = _data(m)
    kernel = Gaussian.from_gamma(GAMMA)
    Xl, yl = X.tolist(), y.tolist()
    t = race({"fast": lambda: F.smo(X, y, C=C, kernel=kernel, tol=TOL),
              "reference": lambda: R.smo(Xl, yl, C=C, kernel=kernel, tol=TOL)}, repeats=3)
    return row(f"reference → fast, SMO RBF m={m:,}", t["fast"], "cs229.reference", t["reference"],
               None, speedup=t["reference"] / t["fast"])


BENCHMARKS = [smo_rbf_small, smo_rbf_medium, smo_rbf_large, decision_values, reference_speedup]


def _smo_at(m):
    from sklearn.svm import SVC
    X, y = _data(m)
    kernel = Gaussian.from_gamma(GAMMA)
    return {"fast": lambda: F.smo(X, y, C=C, kernel=kernel, tol=TOL),
            "sklearn": lambda: SVC(C=C, kernel="rbf", gamma=GAMMA, tol=TOL).fit(X, y)}


CURVES = [Curve("SMO, RBF kernel, C=1, γ=0.05, tol=1e-3", "m", geometric(1_250, 5), geometric(500, 4),
                _smo_at, "d=20")]
