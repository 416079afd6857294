"""The ``cs229`` command: ``cs229 --version``, ``cs229 audit``, ``cs229 figures`` and ``cs229 conform``.

Every subcommand runs through ``_exits.run``: its options are checked before the work (ranges,
output paths, the notes' text copies), Ctrl-C keeps what was finished and exits 130, a closed
pipe ends the output quietly, and a failing stdout is one line on stderr (exit 74).
"""
import argparse
import contextlib
import difflib
import json
import os
import sys
import tempfile

from hypothesis.configuration import set_hypothesis_home_dir

import cs229
from cs229 import _exits, figures
from cs229._exits import EXAMPLES, SEED, UsageError, emit, integer_in, nonempty
from cs229.proofs import audit, catalog, sources
from cs229.proofs.registry import Context, checks_for
from cs229.proofs.text import copies
from cs229.testing import conform

# The audit's own ranges (SEED and EXAMPLES are shared with conform): mpmath at 100,000 digits
# never ends, and nothing is learnt there that 1000 digits do not show.
DIGITS = integer_in(20, 1000)
JOBS = integer_in(1)  # and at most the cores and the checks: audit.run caps it


def _fraction(text):
    """An argparse type: a fraction in (0, 1]."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 < value <= 1:
        raise argparse.ArgumentTypeError(f"must be above 0 and at most 1, got {text}")
    return value


def _parser():
    p = argparse.ArgumentParser(prog="cs229", description="CS229 notes as code: audit the derivations.",
                                epilog="Exit status: 0 success; 1 a check or property failed; 2 a command "
                                       "line that cannot work (said before any work); 74 the output could "
                                       "not be written; 130 interrupted (Ctrl-C), after the partial report.")
    p.add_argument("--version", action="version", version=f"cs229 {cs229.__version__}")
    sub = p.add_subparsers(dest="command")
    a = sub.add_parser("audit", help="check every registered derivation, identity and reproduction",
                       description="Run the proof checks and print a report per part of the notes, "
                                   "then the errata and the totals. Exit status 0 only if every "
                                   "check passes (130 when interrupted, after the report of the "
                                   "checks done).")
    a.add_argument("--list", action="store_true",
                   help="list the catalog rows (what each needs, its checks, the tests naming it) instead of running")
    a.add_argument("--part", action="append", type=catalog.part_argument, metavar="PART",
                   help=catalog.PART_HELP)
    a.add_argument("--id", action="append", metavar="ID", type=nonempty("a catalog ID such as LR-12"),
                   help=catalog.ID_HELP)
    a.add_argument("--seed", type=SEED, default=229, help="Hypothesis seed for sampled checks, 0 to 2³²−1 (default 229)")
    a.add_argument("--examples", type=EXAMPLES, default=None,
                   help="points drawn per sampled check, 1 to 1000 (default 40, 10 for --self-test; "
                        "some checks cap it)")
    a.add_argument("--digits", type=DIGITS, default=50,
                   help="mpmath precision in decimal digits, 20 to 1000 (default 50)")
    a.add_argument("-j", "--jobs", type=JOBS, default=1, metavar="N",
                   help="run the checks in N worker processes (default 1; at most the cores and the checks)")
    a.add_argument("--json", action="store_true", help="machine-readable output on stdout")
    a.add_argument("--summary", action="store_true",
                   help="print the totals, the failures and the errata (one or two lines each) only")
    a.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    a.add_argument("--self-test", action="store_true",
                   help="run every selected check against mutants of what it relies on; exit 0 only "
                        "if each check kills one and every chain-step and erratum mutant dies")
    a.add_argument("--sample", type=_fraction, default=1.0, metavar="FRACTION",
                   help="with --self-test: seed this fraction of the slips in the text, a seeded sample "
                        "(default 1: all of them)")
    a.add_argument("--unchecked", action="store_true",
                   help="list the printed items no check decides, with the reason, instead of running")
    a.add_argument("--unread", action="store_true",
                   help="run every check (one point each) and list the formula lines of the documents "
                        "that no check reads and no not-checkable entry lists; exit 1 if any (needs "
                        "the notes' text copies: $CS229_NOTES)")
    a.add_argument("--notes", metavar="DIR",
                   help="audit this copy of the notes: a directory holding the five documents (a revised "
                        "edition, a copy with corrections); default $CS229_NOTES, else shared/notes beside "
                        "a checkout, else the quotes the package stores")
    a.add_argument("--unparsed", action="store_true",
                   help="run every selected check (one point each) and list the printed forms a check "
                        "compares typed by hand rather than read from the text, with the reason")
    a.add_argument("--sources", action="store_true",
                   help="print the documents the audit cites (title, authors, date, short key) and stop")
    a.add_argument("--html", metavar="FILE",
                   help="also write the report as one self-contained HTML page, with the figures")
    a.add_argument("--markdown", metavar="FILE", help="also write the report as Markdown (CI job summaries)")
    a.add_argument("--no-figures", action="store_true", help="leave the figures out of the --html page")
    f = sub.add_parser("figures", help="draw the notes' figures from cs229's own code",
                       description="Redraw each figure of the notes (Ng Parts I-V, Ramanan L11, L08) "
                                   "from cs229's code, captioned with its place in the notes and its "
                                   "catalog rows; the two trees are also written as text (.txt). Needs "
                                   "matplotlib (the [plot] extra).")
    f.add_argument("--out", default="figures", metavar="DIR", help="directory to write into (default ./figures)")
    f.add_argument("--id", action="append", metavar="FIG", type=nonempty("a figure id (see --list)"),
                   help="only this figure (repeatable, or comma-separated; see --list)")
    f.add_argument("--format", choices=figures.FORMATS, default="png", help="png (default) or svg")
    f.add_argument("--seed", type=SEED, default=229, help="seed of the synthetic data, 0 to 2³²−1 (default 229)")
    f.add_argument("--list", action="store_true", help="list the figures and their places in the notes")
    conform.add_parser(sub)
    return p


def main(argv=None):
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return _exits.USAGE
    work = {"audit": _audit_command, "figures": _figures, "conform": _conform}[args.command]
    return _exits.run(f"cs229 {args.command}", lambda: work(args))


@contextlib.contextmanager
def _hypothesis_home():
    """Hypothesis keeps its files (its database, its constants cache) in a temporary directory,
    not in the reader's working one."""
    with tempfile.TemporaryDirectory(prefix="cs229-") as home:
        set_hypothesis_home_dir(home)
        try:
            yield
        finally:
            set_hypothesis_home_dir(None)


def _conform(args):
    with _hypothesis_home():
        return conform.run(args)


# ---- figures ---------------------------------------------------------------------------------

def _figures(args):
    specs = figures.FIGURES
    if args.id:
        try:
            specs = [figures.spec(i.strip()) for group in args.id for i in group.split(",") if i.strip()]
        except KeyError as e:
            raise UsageError(e.args[0]) from None
    if args.list:
        for s in specs:
            emit(f"{s.id:18s} Part {s.part:5s} {', '.join(s.rows):24s} {sources.cite(s.place)}")
        return _exits.OK
    if not figures.available():
        raise UsageError("needs matplotlib; install it with pip install 'cs229[plot]'")
    _exits.output_directory("--out", args.out)
    from cs229.figures import style

    os.makedirs(args.out, exist_ok=True)
    written = 0
    try:
        with _exits.CtrlC() as ctrl_c:
            for s in specs:
                drawing = figures.draw(s.id, seed=args.seed)
                for path in style.write(drawing, args.out, args.format):
                    emit(path)
                written += 1
                ctrl_c.stop_if_asked()
    except KeyboardInterrupt:
        _exits.say("cs229 figures", f"interrupted: {written} of {len(specs)} figures written to {args.out}")
        return _exits.INTERRUPTED
    except OSError as e:  # the directory was checked: this is a disk that filled, or a file removed
        raise _exits.OutputError(f"cannot write into {args.out}: {e.strerror or e}") from None
    return _exits.OK


# ---- audit -----------------------------------------------------------------------------------

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
            return None, _no_such_row(i)
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


def _no_such_row(catalog_id):
    """The refusal of an ID whose prefix exists but whose row does not: the prefix's range, and
    a row only where one is meant (LR-012 is LR-12), never a list of unrelated numbers."""
    prefix, _, number = catalog_id.partition("-")
    same = [r for r in catalog.ROWS if r.split("-")[0] == prefix]
    message = f"no catalog row {catalog_id}: {prefix} has rows {same[0]} … {same[-1]}"
    digits = number.rstrip("abcdefghijklmnopqrstuvwxyz")
    if digits.isdigit() and f"{prefix}-{int(digits)}" in catalog.ROWS:
        message += f" (did you mean {prefix}-{int(digits)}{number[len(digits):]}?)"
    return message


def _check_notes(option):
    problem = sources.missing_notes()
    if problem:
        raise UsageError(f"{option} reads the notes' text copies: {problem}")


def _check_combinations(args):
    """Options that the chosen mode would ignore are refused, not dropped in silence."""
    modes = [m for m in ("list", "sources", "unchecked", "unread", "unparsed", "self_test") if getattr(args, m)]
    if len(modes) > 1:
        raise UsageError(f"--{modes[0].replace('_', '-')} and --{modes[1].replace('_', '-')} do not go together")
    for option in ("html", "markdown"):
        if getattr(args, option) is not None and modes:
            raise UsageError(f"--{option} writes the audit's report; --{modes[0].replace('_', '-')} prints "
                             "no report (drop one of them)")
    if args.sample != 1.0 and not args.self_test:
        raise UsageError("--sample is the share of text mutants --self-test seeds: give --self-test")
    if args.no_figures and args.html is None:
        raise UsageError("--no-figures leaves the figures out of the --html page: give --html FILE")
    if args.unread and (args.part or args.id):
        raise UsageError("--unread accounts for every line of the documents: it runs every check "
                         "(drop --part and --id)")
    if args.summary and (args.json or modes):
        other = "--json" if args.json else f"--{modes[0].replace('_', '-')}"
        raise UsageError(f"--summary shortens the text report; {other} prints no such report (drop one of them)")


def _audit_command(args):
    _check_combinations(args)
    _exits.output_file("--html", args.html)
    _exits.output_file("--markdown", args.markdown)
    copy = _notes_copy(args)
    if args.unread and copy.stored:
        _check_notes("--unread")
    with _hypothesis_home(), copies.use(copy):
        return _audit(args)


def _notes_copy(args):
    """The copy of the notes to audit: --notes DIR, else the default (``copies.default``)."""
    if args.notes is None:
        try:
            return copies.default()
        except FileNotFoundError:  # CS229_NOTES names a directory without the documents
            raise UsageError(f"the notes' text copies: {sources.missing_notes()}") from None
    if args.notes == "":
        raise UsageError("--notes: give the directory holding the notes' five documents")
    try:
        return copies.Copy.from_directory(args.notes)
    except FileNotFoundError as e:
        raise UsageError(f"--notes {args.notes}: {e.args[0]} (the files are named as "
                         f"{', '.join(s.file for s in sources.SOURCES.values())}, or begin with "
                         "000 … 004)") from None


def _audit(args):
    if args.sources:
        emit(json.dumps(sources.table(), indent=2, ensure_ascii=False) if args.json else audit.render_sources())
        return _exits.OK
    if args.examples is None:
        args.examples = 10 if args.self_test else 40
    all_checks = checks_for()
    ids, problem = _selected_ids(args, all_checks)
    if problem:
        raise UsageError(problem)
    progress = _exits.progress_stream(args.quiet)
    if args.unchecked:
        items = audit.unchecked_data(args.part)
        emit(json.dumps(items, indent=2, ensure_ascii=False) if args.json else audit.render_unchecked(args.part))
        return _exits.OK
    if args.unparsed:
        checks = checks_for(parts=args.part, ids=ids)
        report = audit.run(checks, Context(seed=args.seed, examples=1, digits=args.digits), progress,
                           jobs=args.jobs)
        items = audit.unparsed_data(report.rows)
        emit(json.dumps(items, indent=2, ensure_ascii=False) if args.json
             else audit.render_unparsed(items, report.printed_forms))
        return _exits.INTERRUPTED if report.interrupted else _exits.OK
    if args.unread:
        report = audit.run(all_checks, Context(seed=args.seed, examples=1, digits=args.digits), progress)
        items = audit.unread_data(report)
        emit(json.dumps(items, indent=2, ensure_ascii=False) if args.json else audit.render_unread(items))
        if report.interrupted:
            return _exits.INTERRUPTED
        return _exits.FAILED if items else _exits.OK
    checks = checks_for(parts=args.part, ids=ids)
    if args.list:
        rows = [r for r in catalog.ROWS if (not args.part or catalog.part_of(r) in args.part)
                and (not ids or r in {catalog.base_id(i) for i in ids})]
        emit(audit.listing(checks, rows, args.json))
        return _exits.OK
    if not checks:
        raise UsageError("no check matches the selection")
    ctx = Context(seed=args.seed, examples=args.examples, digits=args.digits)
    if args.self_test:
        return _self_test(args, checks, ctx, ids, progress)
    report = audit.run(checks, ctx, progress=progress, jobs=args.jobs, ids=tuple(ids))
    if args.part:
        report.parts = tuple(p for p in catalog.PARTS if p in args.part)
    failed_files = _write_pages(args, report)
    emit(audit.to_json(report) if args.json else audit.render_text(report, summary=args.summary))
    if failed_files:  # the report is on stdout; the files that failed are named
        raise _exits.OutputError("; ".join(failed_files))
    if report.interrupted:
        return _exits.INTERRUPTED
    return _exits.OK if report.ok else _exits.FAILED


def _write_pages(args, report):
    """Write --html and --markdown; the problems of those that could not be written after all
    (the paths were checked before the run: a disk that filled, a directory removed)."""
    if not (args.html or args.markdown):
        return []
    from cs229.proofs import report_html

    data = audit.to_data(report)
    pages = []
    if args.html:
        images = None if args.no_figures else figures.report_images(report.parts, args.seed)
        pages.append(("--html", args.html, lambda: report_html.render_html(data, images)))
    if args.markdown:
        pages.append(("--markdown", args.markdown, lambda: report_html.render_markdown(data)))
    problems = []
    for option, path, render in pages:
        try:
            with open(path, "w", encoding="utf-8") as out:
                out.write(render())
        except OSError as e:
            problems.append(f"{option}: cannot write {path}: {e.strerror or e}")
    return problems


def _self_test(args, checks, ctx, ids, progress):
    results, interrupted = audit.self_test(checks, ctx, progress, args.jobs, args.sample)
    # the unmutated runs are the audit's own: the JSON is the report plus "self_test"
    report = audit.AuditReport([audit.Row(c, r.outcome, r.outcome_seconds) for c, r in results],
                               sum(r.seconds for _, r in results), ctx.seed, ctx.examples, ctx.digits,
                               tuple(p for p in catalog.PARTS if p in (args.part or catalog.PARTS)),
                               tuple(ids), interrupted, len(checks), copies.current().origin)
    if args.json:
        emit(audit.to_json(report, results))
    else:
        emit(audit.render_self_test(results, interrupted) + "\n" + audit.render_totals(report))
    if interrupted:
        return _exits.INTERRUPTED
    # a --sample below 1 seeds a few of a check's slips, or none: it judges what a sample can
    # (``ok_in_sample``); the whole self-test judges whether each check catches a slip
    live = all(r.ok for _, r in results) if args.sample >= 1 else all(r.ok_in_sample for _, r in results)
    return _exits.OK if live and report.ok else _exits.FAILED


if __name__ == "__main__":
    sys.exit(main())
