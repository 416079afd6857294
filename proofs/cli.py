"""The ``cs229`` command: ``cs229 --version`` and ``cs229 audit``."""
import argparse
import sys
from importlib import metadata

from . import audit, catalog
from .registry import Context, checks_for


def _version():
    try:
        return metadata.version("cs229")
    except metadata.PackageNotFoundError:
        return "unknown"


def _parser():
    p = argparse.ArgumentParser(prog="cs229", description="CS229 notes as code: audit the derivations.")
    p.add_argument("--version", action="version", version=f"cs229 {_version()}")
    sub = p.add_subparsers(dest="command")
    a = sub.add_parser("audit", help="check every registered derivation, identity and reproduction",
                       description="Run the proof checks and print a report per part of the notes, "
                                   "then the errata and the totals. Exit status 0 only if every "
                                   "check passes.")
    a.add_argument("--list", action="store_true", help="list the checks instead of running them")
    a.add_argument("--part", action="append", choices=list(catalog.PARTS),
                   help="only this part of the notes (repeatable)")
    a.add_argument("--id", action="append", metavar="ID",
                   help="only this catalog ID, e.g. LR-11 (repeatable, or comma-separated)")
    a.add_argument("--seed", type=int, default=229, help="Hypothesis seed for sampled checks (default 229)")
    a.add_argument("--examples", type=int, default=40,
                   help="points drawn per sampled check (default 40; some checks cap it)")
    a.add_argument("--digits", type=int, default=50, help="mpmath precision in decimal digits (default 50)")
    a.add_argument("--json", action="store_true", help="machine-readable output on stdout")
    a.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    return p


def main(argv=None):
    args = _parser().parse_args(argv)
    if args.command != "audit":
        _parser().print_help()
        return 2
    ids = [i.strip() for group in (args.id or []) for i in group.split(",") if i.strip()]
    for i in ids:
        try:
            catalog.part_of(i)
        except KeyError:
            print(f"cs229 audit: unknown catalog ID {i!r}", file=sys.stderr)
            return 2
    if args.examples < 1 or args.digits < 20:
        print("cs229 audit: --examples must be >= 1 and --digits >= 20", file=sys.stderr)
        return 2
    checks = checks_for(parts=args.part, ids=ids)
    if args.list:
        print(audit.listing(checks, args.json))
        return 0
    if not checks:
        print("cs229 audit: no check matches the selection", file=sys.stderr)
        return 2
    ctx = Context(seed=args.seed, examples=args.examples, digits=args.digits)
    report = audit.run(checks, ctx, progress=None if args.quiet else sys.stderr)
    if args.part:
        report.parts = tuple(p for p in catalog.PARTS if p in args.part)
    print(audit.to_json(report) if args.json else audit.render_text(report))
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
