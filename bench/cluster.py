"""X-7: cs229.distributed on a LocalCluster of two one-thread workers (the data persisted on the
workers, chunks of 32 blocks) against cs229.fast on the same data in memory: logistic Newton,
Poisson IRLS and the normal equations. The same iterates bit for bit, so the ratio is the price
of the passes' scheduling and transfers; the target 2.0 is the issue's (each pass at least half
the in-memory throughput). Times are wall times: the workers' CPU time is not the client's.
The module is not named distributed.py: run.py imports it from bench/, where that name would
shadow dask's distributed package."""
import numpy as np

import cs229.fast.glm as FG
import cs229.fast.linear_regression as FR
import cs229.fast.logistic_regression as FL

from harness import not_installed, race, row

ROWS_PER_CHUNK = 32 * 4096


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
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
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


BENCHMARKS = [distributed_logistic_newton, distributed_poisson_irls, distributed_normal_equations]
