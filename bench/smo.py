"""Part V benchmarks: SMO with the RBF kernel against libsvm (scikit-learn SVC) and, at
m = 50,000 and 100,000, against oneDAL (scikit-learn-intelex SVC, an optional bench dependency),
batched decision values, and the reference → fast speedup.

All solvers get the same data (make_classification, d = 20, random_state = 0), C = 1,
γ = 0.05 and tol = 1e-3 (libsvm's eps); the row reports the dual objectives W(α), evaluated the
same way, and the iteration counts. At m = 50,000 and 100,000 cs229 runs with n_jobs=-1 (both
cores, as oneDAL; libsvm has one), the rows below that serially (the default).
"""
import functools

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


def _dual(S, coef, block=1024):
    """W = Σ|αᵢyᵢ| − ½ cᵀKc over the support vectors, c = αy (the same code for every solver),
    K by blocks of rows (27,000 support vectors at m = 100,000: the whole K would be 5.8 GB)."""
    sq = np.einsum("ij,ij->i", S, S)
    quadratic = 0.0
    for start in range(0, len(S), block):
        rows = slice(start, start + block)
        K = np.exp(-GAMMA * np.maximum(sq[rows, None] + sq[None, :] - 2 * S[rows] @ S.T, 0.0))
        quadratic += coef[rows] @ (K @ coef)
    return float(np.abs(coef).sum() - quadratic / 2)


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


@functools.lru_cache(maxsize=None)
def _scale_run(m):
    """One fit each of cs229, libsvm and oneDAL (None when scikit-learn-intelex is not
    installed) on the same data: seconds, W(α), iterations, support vectors."""
    from sklearn.svm import SVC
    try:
        from sklearnex.svm import SVC as OneDalSVC
    except ImportError:
        OneDalSVC = None
    X, y = _data(m)
    kernel = Gaussian.from_gamma(GAMMA)
    fits = {}
    contenders = {
        "fast": lambda: fits.__setitem__("fast", F.smo(X, y, C=C, kernel=kernel, tol=TOL, n_jobs=-1)),
        "libsvm": lambda: fits.__setitem__(
            "libsvm", SVC(C=C, kernel="rbf", gamma=GAMMA, tol=TOL).fit(X, y))}
    if OneDalSVC is not None:
        contenders["oneDAL"] = lambda: fits.__setitem__(
            "oneDAL", OneDalSVC(C=C, kernel="rbf", gamma=GAMMA, tol=TOL).fit(X, y))
    t = race(contenders, repeats=1, warmup=0)
    fit = fits.pop("fast")
    out = {"fast": dict(s=t["fast"], W=_dual(X[fit.support], fit.support_alpha * fit.support_labels),
                        iterations=fit.iterations, support=len(fit.support))}
    for name, peer in fits.items():
        n_iter = np.ravel(getattr(peer, "n_iter_", [-1]))
        out[name] = dict(s=t[name], W=_dual(X[peer.support_], peer.dual_coef_[0]),
                         iterations=int(n_iter[0]), support=len(peer.support_))
    out.setdefault("oneDAL", None)
    return out


def _scale_row(m, peer, label, target):
    run = _scale_run(m)
    name = f"SMO RBF m={m:,} d=20 C=1 γ=0.05 tol=1e-3 n_jobs=-1"
    fast, other = run["fast"], run[peer]
    if other is None:
        return row(name, fast["s"], f"{label}: not installed", None, target)
    rel = abs(fast["W"] - other["W"]) / abs(other["W"])
    note = (f"{label}; W {fast['W']:.8f} vs {other['W']:.8f} (rel {rel:.1e}, target ≤ 1e-6); "
            f"iterations {fast['iterations']} vs {other['iterations']}"
            f"{' (oneDAL counts its outer iterations)' if peer == 'oneDAL' else ''}; "
            f"SVs {fast['support']} vs {other['support']}")
    return row(name, fast["s"], note, other["s"], target,
               data=dict(W_fast=fast["W"], W_peer=other["W"], W_rel=rel,
                         iterations_fast=fast["iterations"], iterations_peer=other["iterations"]))


def smo_rbf_50k_libsvm(small):
    return _scale_row(5_000 if small else 50_000, "libsvm", "sklearn SVC (libsvm)", 0.7)


def smo_rbf_50k_onedal(small):
    return _scale_row(5_000 if small else 50_000, "oneDAL", "sklearnex SVC (oneDAL)", 1.0)


def smo_rbf_100k_libsvm(small):
    return _scale_row(10_000 if small else 100_000, "libsvm", "sklearn SVC (libsvm)", 0.7)


def smo_rbf_100k_onedal(small):
    return _scale_row(10_000 if small else 100_000, "oneDAL", "sklearnex SVC (oneDAL)", 1.0)


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


BENCHMARKS = [smo_rbf_small, smo_rbf_medium, smo_rbf_large, smo_rbf_50k_libsvm, smo_rbf_50k_onedal,
              smo_rbf_100k_libsvm, smo_rbf_100k_onedal, decision_values, reference_speedup]


def _smo_at(m):
    from sklearn.svm import SVC
    X, y = _data(m)
    kernel = Gaussian.from_gamma(GAMMA)
    return {"fast": lambda: F.smo(X, y, C=C, kernel=kernel, tol=TOL),
            "sklearn": lambda: SVC(C=C, kernel="rbf", gamma=GAMMA, tol=TOL).fit(X, y)}


CURVES = [Curve("SMO, RBF kernel, C=1, γ=0.05, tol=1e-3", "m", geometric(1_250, 5), geometric(500, 4),
                _smo_at, "d=20")]
