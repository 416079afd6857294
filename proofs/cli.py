"""The ``cs229`` command: ``cs229 --version``, ``cs229 audit``, ``cs229 figures`` and ``cs229 conform``."""
import argparse
import os
import sys
from importlib import metadata

from . import audit, catalog, figures
from .registry import Context, checks_for
from cs229.testing import conform


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
    a.add_argument("--html", metavar="FILE",
                   help="also write the report as one self-contained HTML page, with the figures")
    a.add_argument("--markdown", metavar="FILE", help="also write the report as Markdown (CI job summaries)")
    a.add_argument("--no-figures", action="store_true", help="leave the figures out of the --html page")
    f = sub.add_parser("figures", help="draw the notes' figures from cs229's own code",
                       description="Redraw each figure of the notes (000 Parts I-V, 001, 004) from "
                                   "cs229's code, captioned with its place in the notes and its "
                                   "catalog rows. Needs matplotlib (the [plot] extra).")
    f.add_argument("--out", default="figures", metavar="DIR", help="directory to write into (default ./figures)")
    f.add_argument("--id", action="append", metavar="FIG", help="only this figure (repeatable; see --list)")
    f.add_argument("--format", choices=figures.FORMATS, default="png", help="png (default) or svg")
    f.add_argument("--seed", type=int, default=229, help="seed of the synthetic data (default 229)")
    f.add_argument("--list", action="store_true", help="list the figures and their places in the notes")
    conform.add_parser(sub)
    return p


def _figures(args):
    specs = figures.FIGURES
    if args.id:
        try:
            specs = [figures.spec(i) for group in args.id for i in group.split(",") if i.strip()]
        except KeyError as e:
            print(f"cs229 figures: {e.args[0]}", file=sys.stderr)
            return 2
    if args.list:
        for s in specs:
            print(f"{s.id:18s} Part {s.part:5s} {', '.join(s.rows):24s} {s.place}")
        return 0
    if not figures.available():
        print("cs229 figures: needs matplotlib; install it with pip install 'cs229[plot]'", file=sys.stderr)
        return 2
    from .figures import style

    os.makedirs(args.out, exist_ok=True)
    for s in specs:
        drawing = figures.draw(s.id, seed=args.seed)
        path = style.save(drawing, os.path.join(args.out, f"{s.id}.{args.format}"), args.format)
        print(path)
        if "text" in drawing.data:  # a tree, also printed as text
            with open(os.path.join(args.out, f"{s.id}.txt"), "w", encoding="utf-8") as out:
                out.write(drawing.data["text"] + "\n")
    return 0


def _write(path, text):
    with open(path, "w", encoding="utf-8") as out:
        out.write(text)


def main(argv=None):
    args = _parser().parse_args(argv)
    if args.command == "figures":
        return _figures(args)
    if args.command == "conform":
        return conform.run(args)
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
    if args.html or args.markdown:
        from . import report_html

        data = audit.to_data(report)
        if args.html:
            images = None if args.no_figures else report_html.figure_images(report.parts, args.seed)
            _write(args.html, report_html.render_html(data, images))
        if args.markdown:
            _write(args.markdown, report_html.render_markdown(data))
    print(audit.to_json(report) if args.json else audit.render_text(report))
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
