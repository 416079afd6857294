"""Timing helpers for the benchmarks: contenders timed in one process, on the same data,
interleaved round by round, medians reported; one call timed with its peak memory in a fresh
process (``in_child``); cost curves, the time of a hot loop at sizes growing geometrically and
the exponent of its growth (``Curve``, ``time_curve``); processes that keep the cores busy while
a row runs (``busy``)."""
import contextlib
import math
import multiprocessing
import os
import statistics
import time

__all__ = ["Timings", "race", "row", "not_installed", "mixed_units_design", "relative_difference",
           "accuracy_row", "in_child", "memory_row", "Curve", "geometric", "exponent",
           "time_curve", "busy"]


class Timings(dict):
    """Median wall seconds per contender (the dict), and ``cpu``: the median CPU seconds (user +
    system, every thread of this process) of the same calls."""

    def __init__(self, wall, cpu):
        super().__init__(wall)
        self.cpu = cpu


def race(contenders, repeats=5, warmup=1):
    """Median seconds per call of each callable in ``contenders`` (a dict name -> callable), as
    ``Timings`` (with the median CPU seconds in ``.cpu``).

    Rounds interleave the contenders so that drifts of the machine (frequency, other load)
    fall on all of them alike."""
    for _ in range(warmup):
        for fn in contenders.values():
            fn()
    times = {name: [] for name in contenders}
    cpu = {name: [] for name in contenders}
    for _ in range(repeats):
        for name, fn in contenders.items():
            c0, t0 = time.process_time(), time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - t0)
            cpu[name].append(time.process_time() - c0)
    return Timings({name: statistics.median(ts) for name, ts in times.items()},
                   {name: statistics.median(ts) for name, ts in cpu.items()})


def row(name, fast_s, peer, peer_s, target=None, **extra):
    """One line of the table: ratio is fast/peer (lower is better)."""
    out = {"name": name, "fast_s": fast_s, "peer": peer, "peer_s": peer_s,
           "ratio": fast_s / peer_s if peer_s else None, "target": target}
    out.update(extra)
    return out


def not_installed(name, peer):
    """The row of an optional peer (glum, scikit-learn-intelex) that is not installed."""
    return row(name, None, f"{peer}: not installed", None, None)


def mixed_units_design(m, d, seed=14):
    """The hard corner of the real-data suite's grid (tests/package/test_real_data.py): an intercept and
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


# ---- one call in a fresh process: its time and its peak memory ----------------------------------
# Peak memory is the resident set's high-water mark (Linux VmHWM) during the call minus the
# resident set just before it, in a fresh Python process that has loaded the data and built the
# call. The mark is reset to the current resident set just before the call (writing 5 to
# /proc/self/clear_refs, Linux >= 4.0), so loading the data or importing does not count. Resident
# memory sees every allocation, numpy's and the C mallocs of compiled peers alike (tracemalloc
# sees only what goes through Python's allocator, which undercounts scikit-learn's tree builder),
# and only the pages a computation touches. Elsewhere the memory is not measured (None).

def in_child(factory, *arrays, **options):
    """(seconds, peak bytes or None) of one call of ``factory(*arrays, **options)()`` in a fresh
    process.

    ``factory`` is a function at the top level of a bench module (a fresh process imports it by
    name): it gets the arrays and returns the callable to measure (imports and set-up happen in
    the factory, before the measurement). The arrays go through .npy files."""
    import multiprocessing
    import tempfile

    import numpy as np
    with tempfile.TemporaryDirectory(prefix="cs229-bench-") as tmp:
        paths = []
        for k, a in enumerate(arrays):
            paths.append(os.path.join(tmp, f"{k}.npy"))
            np.save(paths[-1], a)
        with multiprocessing.get_context("spawn").Pool(1) as pool:
            return pool.apply(_measure, (factory, paths, options))


def _status_kb(field):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise OSError(f"no {field} in /proc/self/status")


def _measure(factory, paths, options):
    import numpy as np
    call = factory(*[np.load(p) for p in paths], **options)
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")  # the high-water mark := the current resident set
        before = _status_kb("VmRSS")
    except OSError:
        before = None
    t0 = time.perf_counter()
    call()
    seconds = time.perf_counter() - t0
    if before is None:
        return seconds, None
    return seconds, (_status_kb("VmHWM") - before) * 1024


def memory_row(name, fast, peer_name, peer, target, memory_target, **extra):
    """A row from two ``in_child`` measurements: the time ratio and the peak-memory ratio."""
    (fast_s, fast_bytes), (peer_s, peer_bytes) = fast, peer
    if fast_bytes is not None and peer_bytes:
        extra["memory"] = dict(fast_mb=fast_bytes / 2 ** 20, peer_mb=peer_bytes / 2 ** 20,
                               ratio=fast_bytes / peer_bytes, target=memory_target)
    else:
        extra["memory"] = "not measured (needs Linux /proc)"
    return row(name, fast_s, peer_name, peer_s, target, **extra)


# ---- cost curves --------------------------------------------------------------------------------

class Curve:
    """A hot loop timed at sizes growing geometrically: ``setup(size)`` builds the data of that
    size and returns the contenders, {name: callable}, fast first and then its peer. ``variable``
    is what grows ("m" or "d"); ``fixed`` says what does not (e.g. "d=20")."""

    def __init__(self, name, variable, sizes, small_sizes, setup, fixed=""):
        self.name, self.variable, self.fixed = name, variable, fixed
        self.sizes, self.small_sizes, self.setup = sizes, small_sizes, setup


def geometric(first, count, factor=2):
    """first, first·factor, …: ``count`` sizes."""
    return [int(first * factor ** k) for k in range(count)]


def exponent(sizes, seconds):
    """b of the least-squares line log t = a + b log n: time grows like n^b."""
    x = [math.log(n) for n in sizes]
    y = [math.log(t) for t in seconds]
    mx, my = sum(x) / len(x), sum(y) / len(y)
    sxx = sum((u - mx) ** 2 for u in x)
    return sum((u - mx) * (v - my) for u, v in zip(x, y)) / sxx


def _time_once(fn):
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def time_curve(curve, small):
    """The contenders' seconds at each size and the exponents of their growth. A size whose
    slowest first call takes more than 2 s is timed once; faster ones get the median of 3 (or 5
    below 0.2 s) interleaved rounds after that first call."""
    sizes = curve.small_sizes if small else curve.sizes
    seconds = {}
    for n in sizes:
        contenders = curve.setup(n)
        first = {name: _time_once(fn) for name, fn in contenders.items()}
        slowest = max(first.values())
        if slowest <= 2:
            first = race(contenders, repeats=5 if slowest < 0.2 else 3, warmup=0)
        for name, t in first.items():
            seconds.setdefault(name, []).append(t)
    return {"name": curve.name, "variable": curve.variable, "fixed": curve.fixed, "sizes": sizes,
            "seconds": seconds, "exponents": {name: exponent(sizes, ts) for name, ts in seconds.items()}}


# ---- other processes on the cores ---------------------------------------------------------------
# ``python bench/run.py --busy N`` runs every row beside N processes of its own that spin in a pure
# Python loop at normal priority (one per core taken), started before the row and stopped after
# it: the machine of a CI runner or of a laptop doing other work.

def _spin(ready):
    ready.release()
    while True:
        pass


SPINNING = [0]   # the spinners running now (``busy``): rows that take one run quiet take three busy


@contextlib.contextmanager
def busy(count):
    """Within the block, ``count`` processes spinning at normal priority (none for 0); they are
    running when the block starts and stopped, and waited for, when it ends, however it ends."""
    if count < 0:
        raise ValueError(f"busy: the count of spinning processes must be >= 0, got {count}")
    context = multiprocessing.get_context("spawn")   # no copy of this process's threads
    ready = context.Semaphore(0)
    spinners = []
    try:
        for _ in range(count):
            spinner = context.Process(target=_spin, args=(ready,), daemon=True,
                                      name="cs229-bench-spinner")
            spinner.start()
            spinners.append(spinner)   # started: the block's end stops it
        for _ in spinners:
            if not ready.acquire(timeout=120):
                raise RuntimeError("busy: a spinning process did not start within 120 s")
        SPINNING[0] = count
        yield spinners
    finally:
        SPINNING[0] = 0
        for p in spinners:
            p.terminate()
        for p in spinners:
            p.join(timeout=30)
            if p.is_alive():   # SIGTERM ignored: SIGKILL
                p.kill()
                p.join()
