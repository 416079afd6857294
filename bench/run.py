"""Run the benchmarks: ``python bench/run.py [--small] [--json] [--only NAME] [--busy N]
[--curves [--plot FILE]]``.

Each row times cs229.fast against the best peer (and the reference where said) in one process,
on the same data, interleaved; it prints medians and the ratio fast/peer next to the target and
whether the target is met. Rows marked "own process" time one call each in a fresh process and
give its peak memory too. Benchmarks report; they never fail on a timing.

``--busy N`` runs every row beside N processes that spin at normal priority (one per core they
take), started before the row and stopped after it: the machine of a CI runner, or of a laptop
doing other work. Every row then says the mode ("busy N" or "quiet"), the load average at its
end (os.getloadavg, over the last minute) and how much of the machine's CPU time was in use
while it ran (Linux); the targets are judged in both modes.

``--curves`` times each hot loop instead at sizes growing geometrically, fast and its peer side
by side, and prints how its time grows: the exponent b of time ∝ n^b, the least-squares slope of
log time against log n (n is the number of examples m, or the number of features d). With
matplotlib installed (the ``[plot]`` extra) it also draws the curves, log-log, to ``--plot``.
"""
import argparse
import importlib
import json
import os
import pathlib
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from harness import busy, time_curve  # noqa: E402

# One module per hot-loop family, each with a list BENCHMARKS of functions f(small) -> row and,
# for the hot loops, a list CURVES of harness.Curve.
MODULES = sorted(p.stem for p in HERE.glob("*.py") if p.stem not in {"run", "harness"})


# "data" holds numbers the peer text already shows, kept for --json only; the mode, load and use
# have columns of their own.
CORE = {"name", "fast_s", "peer", "peer_s", "ratio", "target", "data", "mode", "load", "used"}


def _fmt_s(s):
    return f"{s * 1e3:9.2f} ms" if s is not None else "        —"


def _note(key, value):
    if key == "gb_per_s":
        return f"{value:.1f} GB/s"
    if key == "pairs_per_s":
        return f"fast: {value / 1e6:.1f}M pairs/s"
    if key == "speedup":
        return f"reference/fast = {value:.0f}×"
    if key == "cpu" and isinstance(value, dict):
        return "CPU " + ", ".join(f"{name} {seconds:.3g} s" for name, seconds in value.items())
    if key == "memory" and isinstance(value, dict):
        return (f"peak memory {value['fast_mb']:.0f} MB vs {value['peer_mb']:.0f} MB = "
                f"{value['ratio']:.2f}× (target ≤ {value['target']:.1f}×)")
    if isinstance(value, float):
        return f"{key.replace('_', ' ')} = {value:.4g}"
    return f"{key.replace('_', ' ')} = {value}"


def _selected(args, attribute):
    """(label, item) for every BENCHMARKS function or CURVES entry that --only selects; a
    module's MANUAL rows (hours, or most of the disk) only when --only names them."""
    for name in MODULES:
        module = importlib.import_module(name)
        manual = getattr(module, "MANUAL", []) if attribute == "BENCHMARKS" and args.only else []
        for k, item in enumerate(list(getattr(module, attribute, [])) + list(manual)):
            label = f"{name}.{getattr(item, '__name__', None) or f'{item.name} vs {item.variable}'}"
            if args.only and not any(o in label for o in args.only):
                continue
            if item in manual and not any(o in (item.__name__, label) for o in args.only):
                continue   # named in full, not found by a part of its name
            yield label, item


def _cpu_ticks():
    """(busy, total) clock ticks of every CPU of the machine since boot (Linux /proc/stat), or
    None elsewhere."""
    try:
        with open("/proc/stat") as f:
            fields = [int(v) for v in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)   # idle and iowait
    return sum(fields) - idle, sum(fields)


def _used(before, after):
    """The share of the machine's CPU time in use between two _cpu_ticks readings."""
    if before is None or after is None or after[1] == before[1]:
        return None
    return (after[0] - before[0]) / (after[1] - before[1])


def verdict(r):
    """"met" or "MISSED" for a row with a target and a ratio, "" otherwise."""
    if r.get("target") is None or r.get("ratio") is None:
        return ""
    return "met" if r["ratio"] <= r["target"] else "MISSED"


def run_row(bench, small, spinners):
    """One row, run beside ``spinners`` spinning processes (see harness.busy), with its mode,
    the load average at its end and the machine's CPU use while it ran."""
    with busy(spinners):
        before = _cpu_ticks()
        r = bench(small)
        after = _cpu_ticks()
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    r.update(mode=f"busy {spinners}" if spinners else "quiet", load=load, used=_used(before, after))
    return r


def _benchmarks(args):
    rows = []
    start = time.perf_counter()
    for label, bench in _selected(args, "BENCHMARKS"):
        print(f"running {label} ...", file=sys.stderr, flush=True)
        rows.append(run_row(bench, args.small, args.busy))
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"{len(rows)} rows in {time.perf_counter() - start:.0f} s"
          + (f", each beside {args.busy} spinning processes" if args.busy else ""))
    print(f"{'benchmark':44s} {'fast':>12s} {'peer':>12s}  {'fast/peer':>9s} {'target':>7s} {'':6s} "
          f"{'mode':>6s} {'load':>5s} {'used':>4s}  peer / notes")
    for r in rows:
        ratio = f"{r['ratio']:9.3f}" if r["ratio"] is not None else "        —"
        target = f"≤{r['target']:.2f}" if r["target"] is not None else "report"
        load = f"{r['load']:5.2f}" if r["load"] is not None else "    —"
        used = f"{r['used']:4.0%}" if r["used"] is not None else "   —"
        notes = [r["peer"]] + [_note(key, value) for key, value in r.items() if key not in CORE]
        print(f"{r['name']:44s} {_fmt_s(r['fast_s']):>12s} {_fmt_s(r['peer_s']):>12s}  {ratio} {target:>7s} "
              f"{verdict(r):6s} {r['mode']:>6s} {load} {used}  " + "; ".join(notes))
    return 0


def _print_curve(c):
    fast, peer = list(c["seconds"])
    n = c["variable"]
    print(f"\n{c['name']} against {n}" + (f" ({c['fixed']})" if c["fixed"] else ""))
    print(f"  {n:>10s} {'fast':>12s} {peer:>12s}  {'fast/' + peer:>14s}")
    for k, size in enumerate(c["sizes"]):
        a, b = c["seconds"][fast][k], c["seconds"][peer][k]
        print(f"  {size:>10,} {_fmt_s(a):>12s} {_fmt_s(b):>12s}  {a / b:14.3f}")
    e = c["exponents"]
    print(f"  grows like {n}^{e[fast]:.2f} against {peer}'s {n}^{e[peer]:.2f}")


def _plot(curves, path):
    try:
        import matplotlib
    except ImportError:
        print("\nmatplotlib is not installed (pip install 'cs229[plot]'): no figure", file=sys.stderr)
        return
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker
    columns = 3
    rows = -(-len(curves) // columns)
    fig, axes = plt.subplots(rows, columns, figsize=(4.2 * columns, 3.4 * rows), squeeze=False)
    for ax in axes.flat[len(curves):]:
        ax.set_visible(False)
    for ax, c in zip(axes.flat, curves):
        for name, seconds in c["seconds"].items():
            ax.loglog(c["sizes"], seconds, "o-", label=f"{name}: {c['variable']}^{c['exponents'][name]:.2f}")
        ax.set_title(f"{c['name']}" + (f"\n{c['fixed']}" if c["fixed"] else ""), fontsize=9)
        ax.set_xticks(c["sizes"], [f"{n:,}" for n in c["sizes"]], fontsize=7)
        ax.xaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
        ax.set_xlabel(c["variable"])
        ax.set_ylabel("seconds")
        ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    print(f"\ncurves drawn to {os.path.abspath(path)}", file=sys.stderr)


def _curves(args):
    curves = []
    for label, curve in _selected(args, "CURVES"):
        print(f"timing {label} ...", file=sys.stderr, flush=True)
        with busy(args.busy):
            curves.append(time_curve(curve, args.small))
    if args.json:
        print(json.dumps(curves, indent=2))
    else:
        print("Cost curves: seconds at each size (medians; one run above 2 s) and the exponent b of "
              "time ∝ n^b\n(least squares on log time against log n).")
        for c in curves:
            _print_curve(c)
    if curves:
        _plot(curves, args.plot)
    return 0


def spinner_count(text):
    """--busy's argument: a count of spinning processes, an integer >= 0."""
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a count of processes (an integer >= 0), got {text!r}") from None
    if count < 0:
        raise argparse.ArgumentTypeError(f"expected a count of processes (an integer >= 0), got {count}")
    return count


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--small", action="store_true", help="small sizes that run in seconds")
    p.add_argument("--json", action="store_true", help="print the rows (or curves) as a JSON list")
    p.add_argument("--only", action="append", help="only benchmark modules/functions containing this")
    p.add_argument("--curves", action="store_true", help="time each hot loop at growing sizes instead")
    p.add_argument("--busy", type=spinner_count, default=0, metavar="N",
                   help="run every row beside N processes spinning at normal priority (default: 0, quiet)")
    p.add_argument("--plot", default="cost_curves.png",
                   help="where --curves draws the curves when matplotlib is installed (default: %(default)s)")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    return _curves(args) if args.curves else _benchmarks(args)


if __name__ == "__main__":
    sys.exit(main())
