"""Part V benchmarks: SMO with the RBF kernel against libsvm (scikit-learn SVC) and, at
m = 50,000 and 100,000, against oneDAL (scikit-learn-intelex SVC, an optional bench dependency),
batched decision values, and the reference → fast speedup.

All solvers get the same data (make_classification, d = 20, random_state = 0), C = 1,
γ = 0.05 and tol = 1e-3 (libsvm's eps); the row reports the dual objectives W(α), evaluated the
same way, and the iteration counts. cs229 runs with n_jobs=-1 (both cores, as oneDAL; libsvm has
one) and, in rows of their own, against itself with n_jobs=1: the cores must never cost more than
a tenth, idle or busy (``run.py --busy``). Below m = 50,000 the three fits are interleaved, medians
of 3 (of 9 below 10,000); at 50,000 and 100,000 each runs once.
"""
import functools

import numpy as np

import cs229.fast.smo as F
import cs229.fast.svm as FV
import cs229.reference.smo as R
from cs229.reference.kernels import Gaussian

import harness
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


@functools.lru_cache(maxsize=None)
def _small_run(m):
    """cs229 with n_jobs=-1 and n_jobs=1 and libsvm on the same data, interleaved, medians of 3
    (of 9 after a round of warm-up below m = 10,000, where a fit takes a fraction of a second and
    other work on the machine moves it by tens of percent): seconds, CPU seconds, and W(α),
    iterations and support vectors of each fit."""
    from sklearn.svm import SVC
    X, y = _data(m)
    kernel = Gaussian.from_gamma(GAMMA)
    fits, threads = {}, []

    def every_core():
        fits["n_jobs=-1"] = F.smo(X, y, C=C, kernel=kernel, tol=TOL, n_jobs=-1)
        threads.append(F._last_threads)
    contenders = {
        "n_jobs=-1": every_core,
        "n_jobs=1": lambda: fits.__setitem__("n_jobs=1", F.smo(X, y, C=C, kernel=kernel, tol=TOL, n_jobs=1)),
        "libsvm": lambda: fits.__setitem__("libsvm", SVC(C=C, kernel="rbf", gamma=GAMMA, tol=TOL).fit(X, y))}
    t = race(contenders, repeats=3, warmup=0) if m >= 10_000 else race(contenders, repeats=9, warmup=1)
    out = {name: dict(s=t[name], cpu=t.cpu[name]) for name in contenders}
    out["n_jobs=-1"]["threads"] = threads
    for name in ("n_jobs=-1", "n_jobs=1"):
        fit = fits[name]
        out[name].update(W=_dual(X[fit.support], fit.support_alpha * fit.support_labels),
                         iterations=fit.iterations, support=len(fit.support), alpha=fit.alpha)
    sk = fits["libsvm"]
    out["libsvm"].update(W=_dual(X[sk.support_], sk.dual_coef_[0]), iterations=int(sk.n_iter_[0]),
                         support=len(sk.support_))
    return out


def _smo_rbf(m):
    """n_jobs=-1 against libsvm (target 1.0)."""
    run = _small_run(m)
    fast, sk = run["n_jobs=-1"], run["libsvm"]
    rel = abs(fast["W"] - sk["W"]) / abs(sk["W"])
    note = (f"sklearn SVC (libsvm); W {fast['W']:.8f} vs {sk['W']:.8f} (rel {rel:.1e}, target ≤ 1e-4); "
            f"iterations {fast['iterations']} vs {sk['iterations']}; SVs {fast['support']} vs {sk['support']}")
    return row(f"SMO RBF m={m:,} d=20 C=1 γ=0.05 tol=1e-3 n_jobs=-1", fast["s"], note, sk["s"], 1.0,
               cpu={"n_jobs=-1": fast["cpu"], "libsvm": sk["cpu"]},
               data=dict(W_fast=fast["W"], W_peer=sk["W"], W_rel=rel, iterations_fast=fast["iterations"],
                         iterations_peer=sk["iterations"]))


def _smo_threads(m):
    """n_jobs=-1 against n_jobs=1 (target 1.1: the cores never cost more than a tenth), the same
    iterates bit for bit."""
    run = _small_run(m)
    every, one = run["n_jobs=-1"], run["n_jobs=1"]
    same = every["iterations"] == one["iterations"] and every["alpha"].tobytes() == one["alpha"].tobytes()
    return row(f"SMO RBF m={m:,} n_jobs=-1 vs n_jobs=1", every["s"],
               f"cs229 n_jobs=1; {'the same α bit for bit' if same else 'α DIFFERS'}; "
               + _threads_note(every["threads"]), one["s"], 1.1,
               cpu={"n_jobs=-1": every["cpu"], "n_jobs=1": one["cpu"]})


def _threads_note(reports):
    """How the n_jobs=-1 runs chose their threads, over all of them: passes and kernel rows on
    several threads out of those timed, trials and what they cost (cs229.fast._threads)."""
    parts = []
    for what in ("passes", "rows"):
        several = sum(r[what]["several"] for r in reports)
        timed = several + sum(r[what]["one"] for r in reports)
        trials = sum(r[what]["trials"] for r in reports)
        lost = sum(r[what]["lost_ms"] for r in reports)
        parts.append(f"{what} on 2+ threads {several:,}/{timed:,}, {trials} trials ({lost:.0f} ms)"
                     if timed else f"{what} too short for threads")
    return "; ".join(parts)


def smo_rbf_small(small):
    return _smo_rbf(500 if small else 1_000)


def smo_rbf_small_threads(small):
    return _smo_threads(500 if small else 1_000)


def smo_rbf_medium(small):
    return _smo_rbf(1_000 if small else 5_000)


def smo_rbf_medium_threads(small):
    return _smo_threads(1_000 if small else 5_000)


def smo_rbf_large(small):
    return _smo_rbf(2_000 if small else 20_000)


def smo_rbf_large_threads(small):
    return _smo_threads(2_000 if small else 20_000)


def _repeats(m):
    """Medians of 3 up to m = 20,000; one run each above (a run of m = 100,000 takes minutes)
    on a quiet machine, medians of 3 beside spinners (``--busy``), whose times vary by tens of
    percent from run to run."""
    return 3 if m <= 20_000 or harness.SPINNING[0] else 1


@functools.lru_cache(maxsize=None)
def _scale_run(m):
    """One fit each of cs229 (n_jobs=-1 and n_jobs=1), libsvm and oneDAL (None when
    scikit-learn-intelex is not installed) on the same data: seconds, CPU seconds, W(α),
    iterations, support vectors."""
    from sklearn.svm import SVC
    try:
        from sklearnex.svm import SVC as OneDalSVC
    except ImportError:
        OneDalSVC = None
    X, y = _data(m)
    kernel = Gaussian.from_gamma(GAMMA)
    fits, threads = {}, []

    def every_core():
        fits["fast"] = F.smo(X, y, C=C, kernel=kernel, tol=TOL, n_jobs=-1)
        threads.append(F._last_threads)
    contenders = {
        "fast": every_core,
        "serial": lambda: fits.__setitem__("serial", F.smo(X, y, C=C, kernel=kernel, tol=TOL, n_jobs=1)),
        "libsvm": lambda: fits.__setitem__(
            "libsvm", SVC(C=C, kernel="rbf", gamma=GAMMA, tol=TOL).fit(X, y))}
    if OneDalSVC is not None:
        contenders["oneDAL"] = lambda: fits.__setitem__(
            "oneDAL", OneDalSVC(C=C, kernel="rbf", gamma=GAMMA, tol=TOL).fit(X, y))
    t = race(contenders, repeats=_repeats(m), warmup=0)
    out = {}
    for name in ("fast", "serial"):
        fit = fits.pop(name)
        out[name] = dict(s=t[name], cpu=t.cpu[name],
                         W=_dual(X[fit.support], fit.support_alpha * fit.support_labels),
                         iterations=fit.iterations, support=len(fit.support), alpha=fit.alpha)
    out["fast"]["threads"] = threads
    for name, peer in fits.items():
        n_iter = np.ravel(getattr(peer, "n_iter_", [-1]))
        out[name] = dict(s=t[name], cpu=t.cpu[name], W=_dual(X[peer.support_], peer.dual_coef_[0]),
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
    return row(name, fast["s"], note, other["s"], target, cpu={"n_jobs=-1": fast["cpu"], peer: other["cpu"]},
               data=dict(W_fast=fast["W"], W_peer=other["W"], W_rel=rel,
                         iterations_fast=fast["iterations"], iterations_peer=other["iterations"]))


def _scale_threads(m):
    run = _scale_run(m)
    every, one = run["fast"], run["serial"]
    same = every["iterations"] == one["iterations"] and every["alpha"].tobytes() == one["alpha"].tobytes()
    return row(f"SMO RBF m={m:,} n_jobs=-1 vs n_jobs=1", every["s"],
               f"cs229 n_jobs=1, {'one run each' if _repeats(m) == 1 else f'medians of {_repeats(m)}'}; "
               f"{'the same α bit for bit' if same else 'α DIFFERS'}; "
               + _threads_note(every["threads"]), one["s"], 1.1,
               cpu={"n_jobs=-1": every["cpu"], "n_jobs=1": one["cpu"]})


def smo_rbf_small_onedal(small):
    return _scale_row(500 if small else 1_000, "oneDAL", "sklearnex SVC (oneDAL)", 1.0)


def smo_rbf_medium_onedal(small):
    return _scale_row(1_000 if small else 5_000, "oneDAL", "sklearnex SVC (oneDAL)", 1.0)


def smo_rbf_large_onedal(small):
    return _scale_row(2_000 if small else 20_000, "oneDAL", "sklearnex SVC (oneDAL)", 1.0)


def smo_rbf_50k_libsvm(small):
    return _scale_row(5_000 if small else 50_000, "libsvm", "sklearn SVC (libsvm)", 0.7)


def smo_rbf_50k_onedal(small):
    return _scale_row(5_000 if small else 50_000, "oneDAL", "sklearnex SVC (oneDAL)", 1.0)


def smo_rbf_50k_threads(small):
    return _scale_threads(5_000 if small else 50_000)


def smo_rbf_100k_libsvm(small):
    return _scale_row(10_000 if small else 100_000, "libsvm", "sklearn SVC (libsvm)", 0.7)


def smo_rbf_100k_onedal(small):
    return _scale_row(10_000 if small else 100_000, "oneDAL", "sklearnex SVC (oneDAL)", 1.0)


def smo_rbf_100k_threads(small):
    return _scale_threads(10_000 if small else 100_000)


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


BENCHMARKS = [smo_rbf_small, smo_rbf_small_threads, smo_rbf_small_onedal, smo_rbf_medium,
              smo_rbf_medium_threads, smo_rbf_medium_onedal, smo_rbf_large, smo_rbf_large_threads,
              smo_rbf_large_onedal, smo_rbf_50k_libsvm, smo_rbf_50k_onedal, smo_rbf_50k_threads,
              smo_rbf_100k_libsvm, smo_rbf_100k_onedal, smo_rbf_100k_threads, decision_values,
              reference_speedup]


def _smo_at(m):
    from sklearn.svm import SVC
    X, y = _data(m)
    kernel = Gaussian.from_gamma(GAMMA)
    return {"fast": lambda: F.smo(X, y, C=C, kernel=kernel, tol=TOL),
            "sklearn": lambda: SVC(C=C, kernel="rbf", gamma=GAMMA, tol=TOL).fit(X, y)}


CURVES = [Curve("SMO, RBF kernel, C=1, γ=0.05, tol=1e-3", "m", geometric(1_250, 5), geometric(500, 4),
                _smo_at, "d=20")]
