"""Timing helpers for the benchmarks: contenders timed in one process, on the same data,
interleaved round by round, medians reported."""
import statistics
import time

__all__ = ["race", "row"]


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
