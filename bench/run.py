"""Run the benchmarks: ``python bench/run.py [--small] [--json] [--only NAME]``.

Each row times cs229.fast against the best peer (and the reference where said) in one process,
on the same data, interleaved; it prints medians and the ratio fast/peer next to the target.
Benchmarks report; they never fail on a timing.
"""
import argparse
import importlib
import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

# One module per hot-loop family, each with a list BENCHMARKS of functions f(small) -> row.
MODULES = sorted(p.stem for p in HERE.glob("*.py") if p.stem not in {"run", "harness"})


# "data" holds numbers the peer text already shows, kept for --json only.
CORE = {"name", "fast_s", "peer", "peer_s", "ratio", "target", "data"}


def _fmt_s(s):
    return f"{s * 1e3:9.2f} ms" if s is not None else "        —"


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--small", action="store_true", help="small sizes that run in seconds")
    p.add_argument("--json", action="store_true", help="print the rows as a JSON list")
    p.add_argument("--only", action="append", help="only benchmark modules/functions containing this")
    args = p.parse_args(argv)
    rows = []
    for name in MODULES:
        module = importlib.import_module(name)
        for bench in module.BENCHMARKS:
            label = f"{name}.{bench.__name__}"
            if args.only and not any(o in label for o in args.only):
                continue
            print(f"running {label} ...", file=sys.stderr, flush=True)
            rows.append(bench(args.small))
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"{'benchmark':44s} {'fast':>12s} {'peer':>12s}  {'fast/peer':>9s} {'target':>7s}  peer / notes")
    for r in rows:
        ratio = f"{r['ratio']:9.3f}" if r["ratio"] is not None else "        —"
        target = f"≤{r['target']:.2f}" if r["target"] is not None else "report"
        notes = [r["peer"]]
        for key, value in r.items():
            if key in CORE:
                continue
            if key == "gb_per_s":
                notes.append(f"{value:.1f} GB/s")
            elif key == "pairs_per_s":
                notes.append(f"fast: {value / 1e6:.1f}M pairs/s")
            elif key == "speedup":
                notes.append(f"reference/fast = {value:.0f}×")
            else:
                notes.append(f"{key.replace('_', ' ')} = {value:.4g}" if isinstance(value, float) else f"{key.replace('_', ' ')} = {value}")
        print(f"{r['name']:44s} {_fmt_s(r['fast_s']):>12s} {_fmt_s(r['peer_s']):>12s}  {ratio} {target:>7s}  "
              + "; ".join(notes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
