"""Timing helpers for the benchmarks: contenders timed in one process, on the same data,
interleaved round by round, medians reported."""
import statistics
import time

__all__ = ["race", "row", "mixed_units_design", "relative_difference", "accuracy_row"]


def race(contenders, repeats=5, warmup=1):
    """Median seconds per call of each callable in ``contenders`` (a dict name -> callable).

    Rounds interleave the contenders so that drifts of the machine (frequency, other load)
    fall on all of them alike."""
    for _ in range(warmup):
        for fn in contenders.values():
            fn()
    times = {name: [] for name in contenders}
    for _ in range(repeats):
        for name, fn in contenders.items():
            t0 = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - t0)
    return {name: statistics.median(ts) for name, ts in times.items()}


def row(name, fast_s, peer, peer_s, target=None, **extra):
    """One line of the table: ratio is fast/peer (lower is better)."""
    out = {"name": name, "fast_s": fast_s, "peer": peer, "peer_s": peer_s,
           "ratio": fast_s / peer_s if peer_s else None, "target": target}
    out.update(extra)
    return out


def mixed_units_design(m, d, seed=14):
    """The hard corner of the real-data suite's grid (tests/test_real_data.py): an intercept and
    d − 1 standard normal columns in units from 1e-4 to 1e6 (cond(X) ≈ 1e10), and the θ that
    gives each column an effect of at most ±0.3 on η whatever its unit."""
    import numpy as np
    rng = np.random.default_rng(seed)
    units = np.logspace(-4, 6, d - 1)
    X = np.c_[np.ones(m), rng.standard_normal((m, d - 1)) * units]
    return X, rng.uniform(-0.3, 0.3, d - 1) / units, rng


def relative_difference(a, b):
    """maxⱼ |aⱼ − bⱼ| / |bⱼ|: how far a peer's θ is from ours."""
    import numpy as np
    a, b = np.asarray(a, dtype=float).ravel(), np.asarray(b, dtype=float).ravel()
    return float(np.max(np.abs(a - b) / np.abs(b)))


def accuracy_row(name, fit_fast, peer_name, fit_peer, peer_theta, peer_iterations, target,
                 repeats=3):
    """A row racing ``fit_fast()`` against ``fit_peer()`` (each fitting the same data), with the
    iterations both took and how far the peer's θ is from ours (a fast peer that stopped short
    or failed shows here). Warnings of the peers are silenced; one run when ``repeats=1``."""
    import warnings
    fit = fit_fast()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        peer = fit_peer()
        t = race({"fast": fit_fast, "peer": fit_peer}, repeats=repeats, warmup=0)
    return row(name, t["fast"], peer_name, t["peer"], target,
               iterations=f"{fit.iterations} vs {peer_iterations(peer)}",
               peer_off=relative_difference(peer_theta(peer), fit.theta))
