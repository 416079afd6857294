"""The ``cs229`` command: ``cs229 --version``, ``cs229 audit``, ``cs229 figures`` and ``cs229 conform``."""
import argparse
import difflib
import json
import os
import sys
import tempfile

from hypothesis.configuration import set_hypothesis_home_dir

import cs229
from cs229.proofs import audit, catalog, figures, sources
from cs229.proofs.registry import Context, checks_for
from cs229.testing import conform


def _part(text):
    try:
        return catalog.normalise_part(text)
    except KeyError as e:
        raise argparse.ArgumentTypeError(e.args[0]) from None


def _parser():
    p = argparse.ArgumentParser(prog="cs229", description="CS229 notes as code: audit the derivations.")
    p.add_argument("--version", action="version", version=f"cs229 {cs229.__version__}")
    sub = p.add_subparsers(dest="command")
    a = sub.add_parser("audit", help="check every registered derivation, identity and reproduction",
                       description="Run the proof checks and print a report per part of the notes, "
                                   "then the errata and the totals. Exit status 0 only if every "
                                   "check passes (130 when interrupted).")
    a.add_argument("--list", action="store_true",
                   help="list the catalog rows (what each needs, its checks, the tests naming it) instead of running")
    a.add_argument("--part", action="append", type=_part, metavar="PART",
                   help=f"only this part of the notes: {', '.join(catalog.PARTS)} (repeatable, any case)")
    a.add_argument("--id", action="append", metavar="ID",
                   help="only this catalog ID, e.g. LR-11 (repeatable, or comma-separated; any case)")
    a.add_argument("--seed", type=int, default=229, help="Hypothesis seed for sampled checks (default 229)")
    a.add_argument("--examples", type=int, default=None,
                   help="points drawn per sampled check (default 40, 10 for --self-test; some checks cap it)")
    a.add_argument("--digits", type=int, default=50, help="mpmath precision in decimal digits (default 50)")
    a.add_argument("-j", "--jobs", type=int, default=1, metavar="N",
                   help="run the checks in N worker processes (default 1)")
    a.add_argument("--json", action="store_true", help="machine-readable output on stdout")
    a.add_argument("--summary", action="store_true", help="print the totals, the failures and the errata only")
    a.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    a.add_argument("--self-test", action="store_true",
                   help="run every selected check against mutants of what it relies on; exit 0 only "
                        "if each check kills one and every chain-step and erratum mutant dies")
    a.add_argument("--unchecked", action="store_true",
                   help="list the printed items no check decides, with the reason, instead of running")
    a.add_argument("--unread", action="store_true",
                   help="run every check (one point each) and list the formula lines of the documents "
                        "that no check reads and no not-checkable entry lists; exit 1 if any")
    a.add_argument("--sources", action="store_true",
                   help="print the documents the audit cites (title, authors, date, short key) and stop")
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
    from cs229.proofs.figures import style

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


def _emit(text):
    """Print to stdout; a reader who closed the pipe (``| head``) ends it quietly."""
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        raise


def _error(message):
    print(f"cs229 audit: {message}", file=sys.stderr)
    return 2


def _selected_ids(args, all_checks):
    """The IDs asked for, as the catalog spells them, or an error message naming the problem
    and what would work instead."""
    ids = [catalog.normalise_id(i) for group in (args.id or []) for i in group.split(",") if i.strip()]
    with_checks = sorted({catalog.base_id(c.id) for c in all_checks}, key=lambda i: list(catalog.ROWS).index(i))
    for i in ids:
        try:
            part = catalog.part_of(i)
        except KeyError:
            prefixes = [p for _, _, ps in catalog.PARTS.values() for p in ps]
            near = difflib.get_close_matches(i.split("-")[0], prefixes, n=3)
            return None, (f"unknown catalog ID {i!r}: the prefixes are {', '.join(prefixes)}"
                          + (f" (did you mean {' or '.join(near)}?)" if near else ""))
        base = catalog.base_id(i)
        if base not in catalog.ROWS:
            same = [r for r in catalog.ROWS if r.split("-")[0] == i.split("-")[0]]
            near = difflib.get_close_matches(i, same, n=3)
            return None, (f"no catalog row {i}: {i.split('-')[0]} has rows {same[0]} … {same[-1]}"
                          + (f" (did you mean {' or '.join(near)}?)" if near else ""))
        if args.part and part not in args.part:
            return None, (f"{i} is in Part {part}, outside the selected part {', '.join(args.part)}: "
                          "nothing matches (drop --part, or select its part)")
        if args.list or args.unchecked:
            continue
        if base not in with_checks and not any(c.id == i for c in all_checks):
            row = catalog.ROWS[base]
            tests = catalog.tests_naming(base)
            same_part = [r for r in with_checks if catalog.part_of(r) == part]
            return None, (f"{i} ({row.item}) has no proof check: its catalog needs are {' '.join(row.needs)}"
                          + (f", tested in {', '.join(tests)}" if tests else "")
                          + f"; rows of Part {part} with checks: {', '.join(same_part)} "
                          "(cs229 audit --list shows every row)")
        if not any(c.id == i or catalog.base_id(c.id) == i for c in all_checks):
            subs = [c.id for c in all_checks if catalog.base_id(c.id) == base]
            return None, f"no check {i}; the checks of {base} are {', '.join(dict.fromkeys(subs))}"
    return ids, None


def main(argv=None):
    args = _parser().parse_args(argv)
    if args.command == "figures":
        return _figures(args)
    if args.command == "conform":
        return conform.run(args)
    if args.command != "audit":
        _parser().print_help()
        return 2
    try:
        # Hypothesis keeps its files in a temporary directory, not in the reader's working one
        with tempfile.TemporaryDirectory(prefix="cs229-audit-") as home:
            set_hypothesis_home_dir(home)
            try:
                return _audit(args)
            finally:
                set_hypothesis_home_dir(None)
    except BrokenPipeError:
        return 0


def _audit(args):
    if args.sources:
        _emit(json.dumps(sources.table(), indent=2, ensure_ascii=False) if args.json else audit.render_sources())
        return 0
    if args.examples is None:
        args.examples = 10 if args.self_test else 40
    if args.examples < 1 or args.digits < 20 or args.jobs < 1:
        return _error("--examples must be >= 1, --digits >= 20 and --jobs >= 1")
    all_checks = checks_for()
    ids, problem = _selected_ids(args, all_checks)
    if problem:
        return _error(problem)
    if args.unchecked:
        items = audit.unchecked_data(args.part)
        _emit(json.dumps(items, indent=2, ensure_ascii=False) if args.json else audit.render_unchecked(args.part))
        return 0
    if args.unread:
        if args.part or ids:
            return _error("--unread accounts for every line of the documents: it runs every check "
                          "(drop --part and --id)")
        report = audit.run(all_checks, Context(seed=args.seed, examples=1, digits=args.digits),
                           None if args.quiet else sys.stderr)
        items = audit.unread_data(report)
        _emit(json.dumps(items, indent=2, ensure_ascii=False) if args.json else audit.render_unread(items))
        return 130 if report.interrupted else (1 if items else 0)
    checks = checks_for(parts=args.part, ids=ids)
    if args.list:
        rows = [r for r in catalog.ROWS if (not args.part or catalog.part_of(r) in args.part)
                and (not ids or r in {catalog.base_id(i) for i in ids})]
        _emit(audit.listing(checks, rows, args.json))
        return 0
    if not checks:
        return _error("no check matches the selection")
    ctx = Context(seed=args.seed, examples=args.examples, digits=args.digits)
    progress = None if args.quiet else sys.stderr
    if args.self_test:
        results, interrupted = audit.self_test(checks, ctx, progress, args.jobs)
        # the unmutated runs are the audit's own: the JSON is the report plus "self_test"
        report = audit.AuditReport([audit.Row(c, r.outcome, r.outcome_seconds) for c, r in results],
                                   sum(r.seconds for _, r in results), ctx.seed, ctx.examples, ctx.digits,
                                   tuple(p for p in catalog.PARTS if p in (args.part or catalog.PARTS)),
                                   tuple(ids), interrupted, len(checks))
        if args.json:
            _emit(audit.to_json(report, results))
        else:
            _emit(audit.render_self_test(results, interrupted) + "\n" + audit.render_totals(report))
        if interrupted:
            return 130
        return 0 if all(r.ok for _, r in results) and report.ok else 1
    report = audit.run(checks, ctx, progress=progress, jobs=args.jobs, ids=tuple(ids))
    if args.part:
        report.parts = tuple(p for p in catalog.PARTS if p in args.part)
    if args.html or args.markdown:
        from cs229.proofs import report_html

        data = audit.to_data(report)
        if args.html:
            images = None if args.no_figures else report_html.figure_images(report.parts, args.seed)
            _write(args.html, report_html.render_html(data, images))
        if args.markdown:
            _write(args.markdown, report_html.render_markdown(data))
    _emit(audit.to_json(report) if args.json else audit.render_text(report, summary=args.summary))
    if report.interrupted:
        return 130
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
