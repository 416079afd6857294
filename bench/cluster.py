"""X-7: cs229.distributed on a LocalCluster of two one-thread workers (the data persisted on the
workers, chunks of 32 blocks) against cs229.fast on the same data in memory: logistic Newton,
Poisson IRLS and the normal equations. The same iterates bit for bit, so the ratio is the price
of the passes' scheduling and transfers; the target 2.0 is the issue's (each pass at least half
the in-memory throughput). Times are wall times: the workers' CPU time is not the client's.
The module is not named distributed.py: run.py imports it from bench/, where that name would
shadow dask's distributed package."""
import contextlib
from functools import partial

import numpy as np

import cs229.fast.glm as FG
import cs229.fast.linear_regression as FR
import cs229.fast.logistic_regression as FL

from harness import not_installed, race, row

ROWS_PER_CHUNK = 32 * 4096

# glibc's malloc on the workers: dask's nanny sets MALLOC_TRIM_THRESHOLD_ to 64 KiB so that a
# worker gives freed memory back at once, and that fixed setting also stops glibc from raising its
# mmap threshold, so every chunk read (21 MB here) is a fresh mmap whose pages fault in again. A
# worker then read a chunk of 131,072 × 20 float64 from zarr in 16–50 ms against 5 ms in the
# client's process; with these two settings in 5 ms, and a pass of logistic Newton over
# m = 2·10⁷ rows from zarr went from 3.8–4.1 to 6.2–7.0 million rows per second (two one-thread
# workers, a niced mutation run on the same 2 cores). The price: each worker may keep up to 1 GB
# of freed memory. README says how to set them on a cluster of one's own.
WORKER_ENVIRONMENT = {"MALLOC_TRIM_THRESHOLD_": 1 << 30, "MALLOC_MMAP_THRESHOLD_": 1 << 28}


@contextlib.contextmanager
def local_cluster():
    """(a LocalCluster of two one-thread workers with WORKER_ENVIRONMENT, a Client on it)."""
    import dask
    import distributed
    environ = {**dask.config.get("distributed.nanny.pre-spawn-environ"), **WORKER_ENVIRONMENT}
    with dask.config.set({"distributed.nanny.pre-spawn-environ": environ}), \
            distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        yield cluster, client


def _data(m, d, seed=0):
    rng = np.random.default_rng(seed)
    X = np.c_[np.ones(m), rng.standard_normal((m, d - 1))]
    theta = rng.standard_normal(d) * 0.3
    labels = (rng.random(m) < 1 / (1 + np.exp(-X @ theta))).astype(float)
    counts = rng.poisson(np.exp(X @ (theta * 0.5))).astype(float)
    return X, labels, counts


def _row(small, name):
    """One row: cs229.distributed on a fresh LocalCluster against cs229.fast, ``name`` one of
    FITS."""
    try:
        import dask.array as da
        import distributed
        from cs229.distributed import glm as DG
        from cs229.distributed import linear_regression as DR
        from cs229.distributed import logistic_regression as DL
    except ImportError:
        return not_installed(f"distributed {name}", "dask, distributed ([dask] extra)")
    m, d = (100_000, 20) if small else (400_000, 20)
    X, labels, counts = _data(m, d)
    y = labels if name == "logistic Newton" else counts
    fast, dist = {"logistic Newton": (FL.newton, DL.newton),
                  "Poisson IRLS": (FG.poisson_regression, DG.poisson_regression),
                  "normal equations": (FR.normal_equations, DR.normal_equations)}[name]
    with local_cluster() as (cluster, client):
        Xd, yd = client.persist([da.from_array(a, chunks=(ROWS_PER_CHUNK,) + a.shape[1:])
                                 for a in (X, y)])
        a, b = fast(X, y), dist(Xd, yd)
        same = bool(np.array_equal(getattr(a, "theta", a), getattr(b, "theta", b)))
        t = race({"distributed": lambda: dist(Xd, yd), "fast": lambda: fast(X, y)}, repeats=3)
    return row(f"distributed {name} m={m:,} d={d} (2 workers)", t["distributed"],
               "cs229.fast in memory", t["fast"], 2.0, bit_for_bit=same,
               iterations=getattr(a, "iterations", 1))


def distributed_logistic_newton(small):
    return _row(small, "logistic Newton")


def distributed_poisson_irls(small):
    return _row(small, "Poisson IRLS")


def distributed_normal_equations(small):
    return _row(small, "normal equations")


def _on_cluster(X, y, contenders, gap):
    """(the timings of ``contenders``, name: f(X, y), and ``gap`` of their results) on X and y
    persisted in chunks of ROWS_PER_CHUNK rows on a fresh LocalCluster of two one-thread workers.
    X and y are numpy arrays, or a callable giving dask arrays (made on the workers, never whole
    on the client)."""
    import dask.array as da
    with local_cluster() as (cluster, client):
        arrays = X() if callable(X) else [da.from_array(a, chunks=(ROWS_PER_CHUNK,) + a.shape[1:]) for a in (X, y)]
        Xd, yd = client.persist(arrays)
        difference = gap(*[f(Xd, yd) for f in contenders.values()])
        return race({name: partial(f, Xd, yd) for name, f in contenders.items()}, repeats=3), difference


# dask-ml's estimators (dask-glm's solvers) on the same persisted chunks: Newton for both, the
# penalty made negligible (dask-glm's λ = 1/C) and no intercept added (X holds its column of ones)
DASK_ML = {"logistic Newton": "LogisticRegression", "Poisson IRLS": "PoissonRegression",
           "normal equations": "LinearRegression"}


def _dask_ml_row(small, name):
    """One row: cs229.distributed against dask-ml's estimator with solver="newton" on the same
    persisted chunks of the same LocalCluster; θ's largest difference in the notes."""
    try:
        import dask_ml.linear_model as dask_ml
        import distributed  # noqa: F401  (the cluster of _on_cluster)
        from cs229.distributed import glm as DG
        from cs229.distributed import linear_regression as DR
        from cs229.distributed import logistic_regression as DL
    except ImportError:
        return not_installed(f"distributed {name} vs dask-ml", "dask-ml")
    m, d = (100_000, 20) if small else (400_000, 20)
    X, labels, counts = _data(m, d)
    targets = X @ np.linspace(-1, 1, d) + np.random.default_rng(3).standard_normal(m)
    y = {"logistic Newton": labels, "Poisson IRLS": counts, "normal equations": targets}[name]
    ours = {"logistic Newton": DL.newton, "Poisson IRLS": DG.poisson_regression,
            "normal equations": DR.normal_equations}[name]
    peer = getattr(dask_ml, DASK_ML[name])(solver="newton", penalty="l2", C=1e12, fit_intercept=False,
                                           tol=1e-8, max_iter=100)
    def theta(fit):
        return np.asarray(getattr(fit, "theta", fit))
    t, gap = _on_cluster(X, y, {"cs229": ours, "dask-ml": peer.fit},
                         lambda a, b: float(np.max(np.abs(theta(a) - b.coef_))))
    return row(f"distributed {name} m={m:,} d={d} (2 workers) vs dask-ml", t["cs229"],
               f"dask-ml {DASK_ML[name]}(solver='newton'); max |θ − θ_dask-ml| = {gap:.1e}", t["dask-ml"], 1.0)


def distributed_logistic_newton_vs_dask_ml(small):
    return _dask_ml_row(small, "logistic Newton")


def distributed_poisson_irls_vs_dask_ml(small):
    return _dask_ml_row(small, "Poisson IRLS")


def distributed_normal_equations_vs_dask_ml(small):
    return _dask_ml_row(small, "normal equations")


# numpy-on-dask: the same sums of the summation form written with dask.array operations (what a
# user of dask would write), on the same persisted chunks; its answers are the fits' to rounding

def _dask_gda(X, y):
    """GDA-1 by dask.array: class sizes and sums, then the pooled scatter about the class means."""
    import dask
    import dask.array as da
    ones = (y == 1)[:, None].persist()   # held by the workers: two graphs below read it
    m1, s1, total = dask.compute(ones.sum(), (X * ones).sum(axis=0), X.sum(axis=0))
    m = X.shape[0]
    mu0, mu1 = (total - s1) / (m - m1), s1 / m1
    D = X - da.where(ones, mu1, mu0)
    return m1 / m, mu0, mu1, (D.T @ D).compute() / m


def _dask_multinomial(X, y, alpha=1.0):
    """NB-6 by dask.array: each class's word counts Σᵢ 1{y⁽ⁱ⁾ = c} X_ij (int64), then φ."""
    import dask
    masks = [(y == c)[:, None] for c in (0, 1)]
    count = np.stack(dask.compute(*[(X * mask).sum(axis=0) for mask in masks]))
    total = count.sum(axis=1)
    return (count + alpha) / (total[:, None] + alpha * X.shape[1])


def _summation_row(small, name):
    """One row: cs229.distributed's GDA or multinomial NB fit against the same sums by
    dask.array operations, on the same persisted chunks of one LocalCluster of two one-thread
    workers; the largest difference of the estimates in the notes."""
    try:
        import distributed  # noqa: F401  (the cluster of _on_cluster)
        from cs229.distributed import generative as DN
        from cs229.distributed import naive_bayes as DB
    except ImportError:
        return not_installed(f"distributed {name} vs numpy-on-dask", "dask, distributed ([dask] extra)")
    import dask.array as da
    rng = da.random.default_rng(0)
    if name == "GDA":
        m, d = (200_000, 20) if small else (10_000_000, 20)

        def problem():   # 1.6 GB of float64 at 10⁷ rows, made on the workers
            y = (rng.random(m, chunks=ROWS_PER_CHUNK) < 0.4).astype(float)
            return rng.standard_normal((m, d), chunks=(ROWS_PER_CHUNK, d)) + y[:, None], y
        ours = DN.gda_fit
        theirs = _dask_gda

        def estimates(fit):
            return np.concatenate([fit.mu0, fit.mu1, fit.Sigma.ravel()])
        theirs_estimates = (lambda r: np.concatenate([r[1], r[2], r[3].ravel()]))
        shape = f"m={m:,} d={d}"
    else:
        m, d = (200_000, 100) if small else (10_000_000, 50)

        def problem():   # 4 GB of int64 counts at 10⁷ documents, made on the workers
            y = (rng.random(m, chunks=ROWS_PER_CHUNK) < 0.4).astype(float)
            return rng.poisson(0.5 + y[:, None] * np.linspace(0, 1, d)).astype(np.int64), y
        ours = DB.multinomial_fit
        theirs = _dask_multinomial

        def estimates(fit):
            return np.concatenate([fit.phi_k_y0, fit.phi_k_y1])
        theirs_estimates = np.ravel
        shape = f"m={m:,} documents |V|={d} (int64 counts)"
    t, gap = _on_cluster(problem, None, {"cs229": ours, "dask": theirs},
                         lambda a, b: float(np.max(np.abs(estimates(a) - theirs_estimates(b)))))
    return row(f"distributed {name} {shape} (2 workers) vs numpy-on-dask", t["cs229"],
               f"the same sums by dask.array operations; max |Δ estimate| = {gap:.1e}", t["dask"], 1.0)


def distributed_gda_vs_numpy_on_dask(small):
    return _summation_row(small, "GDA")


def distributed_multinomial_nb_vs_numpy_on_dask(small):
    return _summation_row(small, "multinomial NB")


BENCHMARKS = [distributed_logistic_newton, distributed_poisson_irls, distributed_normal_equations,
              distributed_logistic_newton_vs_dask_ml, distributed_poisson_irls_vs_dask_ml,
              distributed_normal_equations_vs_dask_ml, distributed_gda_vs_numpy_on_dask,
              distributed_multinomial_nb_vs_numpy_on_dask]


# ---- larger than one worker's memory: from zarr on disk --------------------------------------------

def _zarr_problem(directory, m, d, seed=0, targets="labels"):
    """X (m×d, a column of ones first) and its targets written chunk by chunk to zarr stores in
    ``directory`` (never whole in memory), read back lazily: (X, y) as dask arrays. ``targets``:
    Bernoulli "labels" of a logistic model, Poisson "counts" of a log-linear one, or "real"
    responses of a linear model with standard normal noise."""
    import dask.array as da
    rng = da.random.default_rng(seed)
    features = rng.standard_normal((m, d - 1), chunks=(ROWS_PER_CHUNK, d - 1))
    X = da.concatenate([da.ones((m, 1), chunks=(ROWS_PER_CHUNK, 1)), features], axis=1).rechunk((ROWS_PER_CHUNK, d))
    theta = np.random.default_rng(seed).standard_normal(d) * 0.3
    eta = X @ theta
    y = {"labels": lambda: (rng.random(m, chunks=ROWS_PER_CHUNK) < 1 / (1 + da.exp(-eta))).astype(float),
         "counts": lambda: rng.poisson(da.exp(eta * 0.5)).astype(float),
         "real": lambda: eta + rng.standard_normal(m, chunks=ROWS_PER_CHUNK)}[targets]()
    X.to_zarr(f"{directory}/X.zarr", compressors=None)   # random floats do not compress
    y.to_zarr(f"{directory}/y.zarr", compressors=None)
    return da.from_zarr(f"{directory}/X.zarr"), da.from_zarr(f"{directory}/y.zarr")


def _peak_mb(client):
    """Each worker's peak resident memory so far (MB)."""
    def peak():
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return sorted(client.run(peak).values())


# the zarr rows: cs229.distributed's fit, the fast face's in-memory fit on one thread (a pass's
# throughput on 10⁶ rows), the kind of targets, and dask-ml's estimator, run with each of its solvers
ZARR_FITS = {"logistic Newton": ("logistic_regression.newton", partial(FL.newton, n_jobs=1), "labels", "LogisticRegression",
                                 ("newton", "lbfgs")),
             "Poisson IRLS": ("glm.poisson_regression", partial(FG.poisson_regression, n_jobs=1), "counts",
                              "PoissonRegression", ("newton", "lbfgs")),
             "normal equations": ("linear_regression.normal_equations", FR.normal_equations, "real",
                                  "LinearRegression", ("newton", "lbfgs"))}


def _lstsq(X, y):
    """The peer of the normal equations in dask itself: least squares by tall-skinny QR."""
    import dask.array as da
    return da.linalg.lstsq(X, y)[0].compute()


def _zarr_row(small, name):
    """``name`` (one of ZARR_FITS) on m = 2·10⁷ rows, d = 20 (3.2 GB of float64 in zarr on disk;
    2·10⁶ with --small) on two one-thread workers, read chunk by chunk at every pass, against
    each of dask-ml's solvers on the same arrays (and dask's own tall-skinny QR least squares for
    the normal equations): the issue's target, 0.5 of the best. Also the workers' peak memory,
    and each pass's rows per second against the in-memory fast face's on 10⁶ of the rows."""
    try:
        import importlib

        import dask_ml.linear_model as dask_ml
        import distributed  # noqa: F401  (the cluster of local_cluster)
    except ImportError:
        return not_installed(f"distributed {name} from zarr", "dask-ml, zarr ([dask] extra)")
    import tempfile
    import time
    path, fast, targets, estimator, solvers = ZARR_FITS[name]
    module, function = path.split(".")
    ours_fit = getattr(importlib.import_module(f"cs229.distributed.{module}"), function)
    m, d = (2_000_000, 20) if small else (20_000_000, 20)

    def timed(fit):
        start = time.perf_counter()
        result = fit()
        return time.perf_counter() - start, result
    with tempfile.TemporaryDirectory() as directory, local_cluster() as (cluster, client):
        X, y = _zarr_problem(directory, m, d, targets=targets)
        client.run(lambda: __import__("gc").collect())
        seconds, ours = timed(lambda: ours_fit(X, y))
        theta = np.asarray(getattr(ours, "theta", ours))
        peak = _peak_mb(client)
        peers = {}
        for solver in solvers:
            peer = getattr(dask_ml, estimator)(solver=solver, penalty="l2", C=1e12, fit_intercept=False,
                                               tol=1e-8, max_iter=100)
            t, _ = timed(lambda: peer.fit(X, y))
            peers[f"dask-ml {solver}"] = (t, float(np.max(np.abs(peer.coef_ - theta))))
        if name == "normal equations":
            t, lstsq = timed(lambda: _lstsq(X, y))
            peers["da.linalg.lstsq"] = (t, float(np.max(np.abs(lstsq - theta))))
    passes = getattr(ours, "iterations", 0) + 1    # ℓ at the start, then one per accepted step
    X1, y1 = _data(1_000_000, d)[:2]
    y1 = {"labels": y1, "counts": _data(1_000_000, d)[2], "real": X1 @ np.linspace(-1, 1, d)}[targets]
    t = race({"fast": lambda: fast(X1, y1)}, repeats=3)
    in_memory = 1_000_000 * (getattr(fast(X1, y1), "iterations", 0) + 1) / t["fast"]
    best = min(peers, key=lambda s: peers[s][0])
    others = "; ".join(f"{s} {ts:.1f} s (max |Δθ| {gap:.1e})" for s, (ts, gap) in peers.items())
    return row(f"distributed {name} m={m:,} d={d} from zarr (2 workers) vs dask-ml", seconds,
               f"{best}; {others}; worker peak {peak[-1]:.0f} MB; pass "
               f"{m * passes / seconds / 1e6:.1f}M rows/s vs in-memory fast "
               f"{in_memory / 1e6:.1f}M rows/s (1 thread)", peers[best][0], 0.5,
               worker_peak_mb=peak, passes=passes)


def distributed_logistic_newton_zarr(small):
    return _zarr_row(small, "logistic Newton")


def distributed_poisson_irls_zarr(small):
    return _zarr_row(small, "Poisson IRLS")


def distributed_normal_equations_zarr(small):
    return _zarr_row(small, "normal equations")


BENCHMARKS += [distributed_logistic_newton_zarr, distributed_poisson_irls_zarr,
               distributed_normal_equations_zarr]


def distributed_pass_from_zarr(small):
    """One pass of logistic Newton (ℓ, ∇ℓ and XᵀWX at θ = 0, and the separation test that a new θ
    asks, in the same reading of each chunk) over m = 4·10⁶ rows, d = 20, read
    from zarr on disk (640 MB, chunks of 32 blocks; 10⁶ rows with --small) by two one-thread
    workers, against the same pass of the fast face in memory on one thread: the issue's target,
    each pass at least half the in-memory throughput (ratio <= 2.0). Medians of 3 warm passes."""
    try:
        import dask.array as da
        import distributed  # noqa: F401  (the cluster of local_cluster)
        from cs229.distributed._chunks import Chunked, Passes
        from cs229.fast import _glm_core as core
    except ImportError:
        return not_installed("distributed pass from zarr", "dask, distributed, zarr ([dask] extra)")
    import tempfile
    m, d = (1_000_000, 20) if small else (4_000_000, 20)
    theta = np.zeros(d)
    with tempfile.TemporaryDirectory() as directory, local_cluster():
        X, y = _zarr_problem(directory, m, d)
        passes = Passes(Chunked(X, y), core.BERNOULLI, 0.0, True)
        t = race({"distributed": lambda: passes.newton(theta, True)}, repeats=3)
        Xm, ym = np.asarray(X.compute()), np.asarray(y.compute())
    size = core.newton_size(d)
    def in_memory():   # a pass at a new θ and its separation test (LG-3), as the chunks' pass
        core.newton_chunk(Xm, ym, theta, core.BERNOULLI, 0.0, True, True, np.zeros(size), None, None, 1)
        core.separated(Xm, ym, theta)
    memory = race({"fast": in_memory}, repeats=3)
    return row(f"distributed logistic Newton pass m={m:,} d={d} from zarr (2 workers)", t["distributed"],
               f"cs229.fast pass in memory (1 thread); {m / t['distributed'] / 1e6:.1f}M against "
               f"{m / memory['fast'] / 1e6:.1f}M rows/s", memory["fast"], 2.0)


BENCHMARKS.append(distributed_pass_from_zarr)


def distributed_logistic_newton_zarr_1e8(small):
    """The manual row (run only when named in full: ``--only distributed_logistic_newton_zarr_1e8``): logistic Newton on m = 10⁸ rows,
    d = 20 (16 GB of float64 in zarr on disk, more than half of this machine's memory; 10⁷ with
    --small) on two one-thread workers, read chunk by chunk at every pass; its time, passes and
    each worker's peak memory. No peer: the point is that it completes within a few chunks of
    memory."""
    try:
        import distributed
        from cs229.distributed import logistic_regression as DL
    except ImportError:
        return not_installed("distributed logistic Newton m=10⁸ from zarr", "zarr ([dask] extra)")
    import tempfile
    import time
    m, d = (10_000_000, 20) if small else (100_000_000, 20)
    with tempfile.TemporaryDirectory() as directory, local_cluster() as (cluster, client):
        start = time.perf_counter()
        X, y = _zarr_problem(directory, m, d)
        written = time.perf_counter() - start
        client.run(lambda: __import__("gc").collect())
        start = time.perf_counter()
        ours = DL.newton(X, y)
        seconds = time.perf_counter() - start
        peak = _peak_mb(client)
    passes = ours.iterations + 1
    return row(f"distributed logistic Newton m={m:,} d={d} from zarr (2 workers), manual", seconds,
               f"no peer; {ours.iterations} iterations, converged {ours.converged}; worker peak "
               f"{peak[-1]:.0f} MB; pass {m * passes / seconds / 1e6:.1f}M rows/s; the store written "
               f"in {written:.0f} s", None, None, worker_peak_mb=peak, passes=passes)


# rows run only when --only names them (hours, or most of the disk)
MANUAL = [distributed_logistic_newton_zarr_1e8]
