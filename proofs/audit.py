"""Running the registered checks and reporting them, per part of the notes.

``run`` executes checks (progress on a stream as it goes; ``jobs`` worker processes; Ctrl-C
stops it and keeps the rows done) and returns an ``AuditReport``; ``run_check`` runs one check
the same way (the pytest plugin's items) and ``render_check`` prints its lines of the report;
``render_text`` prints the report a reader holds next to the notes (wrapped to the terminal,
never cut); ``to_data`` is the same as plain data, which ``to_json`` prints for machines and
``report_html`` renders as a page and as Markdown. A check that raises is a failure with the
exception as its detail, never a crash. ``self_test`` runs each check against its mutants
(``checking.self_test``) and ``render_self_test`` prints the table. ``listing`` is the catalog
with each row's needs, checks and tests; ``render_unchecked`` the printed items no check
decides; ``unread_data`` and ``render_unread`` the formula lines of the documents that no check
reads and no not-checkable entry lists; ``render_sources`` the documents.
"""
import json
import multiprocessing
import os
import shutil
import signal
import textwrap
import time
import traceback
from dataclasses import dataclass
from importlib import metadata

from cs229._exits import CtrlC
from cs229._text import count, progress_line, stream_width

from . import catalog, printed, sources
from .registry import QUOTES, UNCHECKED, Outcome, Quote, registered
from .text import copies

__all__ = ["SCHEMA", "Row", "AuditReport", "forms_and_claims", "unparsed_data", "render_unparsed", "cited", "run", "run_check", "render_check", "render_text", "to_data",
           "to_json", "listing", "listing_data", "self_test", "render_self_test", "render_unchecked", "unchecked_data",
           "read_lines", "unread_data", "render_unread", "render_sources", "render_totals", "totals_line", "version"]

SCHEMA = 3  # the JSON's layout: bumped when a key changes meaning or goes away (3: "self_test" is an
#            object with "checks" and "text_mutants"; "notes", "remarks", totals.printed_forms and
#            totals.claims added)

REPRODUCTION_MEASURE = "the check's own measure (see its detail; not a residual)"


def version():
    try:
        return metadata.version("cs229")
    except metadata.PackageNotFoundError:
        return "unknown"


@dataclass
class Row:
    check: object
    outcome: Outcome
    seconds: float

    @property
    def verdict(self):
        return "pass" if self.outcome.passed else "FAIL"

    @property
    def measure(self):
        """What the number in the 'worst' column is: a residual, or a reproduction's own measure."""
        if self.outcome.measure:
            return self.outcome.measure
        return REPRODUCTION_MEASURE if self.check.kind == "reproduction" else "worst residual"


@dataclass
class AuditReport:
    rows: list
    seconds: float
    seed: int
    examples: int
    digits: int
    parts: tuple
    ids: tuple = ()
    interrupted: bool = False
    planned: int = 0
    notes: str = ""  # the copy of the notes audited (its directory, or the stored quotes)

    @property
    def errata(self):
        """The printed steps that are false (slips and transcription artefacts)."""
        return [e for r in self.rows for e in r.outcome.errata if e.counts]

    @property
    def remarks(self):
        """Printed forms a strict reading calls false that the report argues are right as the
        notes mean them: listed apart, not counted."""
        return [e for r in self.rows for e in r.outcome.errata if e.is_remark]

    @property
    def printed_forms(self):
        """{'parsed': N, 'typed': M}: the printed forms (TeX of 000, 001, 002, 004) the checks
        read, by whether the check read them from the text or compares a form typed by hand."""
        return forms_and_claims(self.rows, self.parts)[0]

    @property
    def claims(self):
        """{'checked': N, 'unchecked': M}: the claims in prose the checks read, and those the
        not-checkable list names."""
        return forms_and_claims(self.rows, self.parts)[1]

    @property
    def not_found(self):
        """The printed forms the copy audited does not print (their checks fail)."""
        return list(dict.fromkeys(q for r in self.rows for q in r.outcome.missing))

    @property
    def conventions(self):
        """Notational clashes that are not false, listed apart."""
        return [e for r in self.rows for e in r.outcome.errata if e.is_convention]

    @property
    def readings(self):
        """The quotes read otherwise than written, once each, in report order."""
        seen = {}
        for r in self.rows:
            for q in tuple(r.check.quotes) + tuple(r.outcome.quotes):
                if q.reading:
                    seen.setdefault(q, r.check.id)
        return list(seen.items())

    @property
    def passed(self):
        return sum(r.outcome.passed for r in self.rows)

    @property
    def failed(self):
        return len(self.rows) - self.passed

    @property
    def ok(self):
        return self.failed == 0 and not self.interrupted

    def uncovered(self):
        """Catalog rows needing a proof check, in the audited parts, that no check names (none
        when the selection is by ID: a selected row without a check is refused before)."""
        if self.ids:
            return []
        named = {catalog.base_id(r.check.id) for r in self.rows}
        if self.interrupted:
            return []
        return [i for i in catalog.NEEDS_PROOF if catalog.part_of(i) in self.parts and i not in named]


# ---- printed forms and claims --------------------------------------------------------------

def _is_printed_form(quote):
    """A TeX formula on a line of 000, 001, 002 or 004 (003 lost its TeX): a display fragment, not
    a sentence with an inline $…$ (that is a claim, unless a check reads its formula)."""
    text = quote.text
    return quote.source != "003" and "$" not in text and any(c in text for c in "\\=^_{}")


def forms_and_claims(rows, parts=None):
    """({'parsed': N, 'typed': M}, {'checked': K, 'unchecked': L}) for the rows of an audit: the
    printed forms the checks read (parsed from the text where a check read them through
    ``printed``; typed where it compares a form typed by hand, or cites a formula its code
    computes), and the claims in prose the checks read and the not-checkable list names."""
    forms = printed.collected(r.outcome for r in rows)
    quoted = {}
    for r in rows:
        for q in tuple(r.check.quotes) + tuple(r.outcome.quotes):
            quoted.setdefault(q, r.check.id)
    parsed = sum(f.status == "parsed" for f in forms.values())
    typed = sum(f.status == "typed" for f in forms.values())
    typed += sum(1 for q in quoted if q not in forms and _is_printed_form(q))
    checked = sum(1 for q in quoted if q not in forms and not _is_printed_form(q))
    unchecked = sum(1 for u in UNCHECKED if not _is_printed_form(u.quote) and (parts is None or u.part in parts))
    return {"parsed": parsed, "typed": typed}, {"checked": checked, "unchecked": unchecked}


def unparsed_data(rows):
    """The printed forms the checks compare typed by hand, each with its check and the reason:
    what ``cs229 audit --unparsed`` lists, in the order of the notes."""
    out = {q["text"] + str(q["line"]): q for q in printed.unparsed([(r.check, r.outcome) for r in rows])}
    forms = printed.collected(r.outcome for r in rows)
    for r in rows:
        for q in tuple(r.check.quotes) + tuple(r.outcome.quotes):
            if q not in forms and _is_printed_form(q):
                out.setdefault(q.text + str(q.line), {
                    "id": r.check.id, "source": q.source, "line": q.line, "cited": q.place, "text": q.text,
                    "reason": f"cited by a {r.check.kind} check that computes it in code, not read from the text"})
    return sorted(out.values(), key=lambda v: (v["source"], v["line"]))


def render_unparsed(items, totals, width=None):
    width = _width(width)
    share = totals["parsed"] / max(1, totals["parsed"] + totals["typed"])
    lines = _wrap(f"Typed ({len(items)}; {totals['parsed']} of {totals['parsed'] + totals['typed']} printed forms, "
                  f"{share:.0%}, are read from the text): printed forms a check compares typed by hand, "
                  "each with the reason", width, "")
    for u in items:
        lines += _wrap(f"{u['cited']} ({u['id']}): “{u['text']}”", width, "  ", "    ")
        lines += _wrap(f"why: {u['reason']}", width, "    ")
    return "\n".join(lines)


# ---- running -------------------------------------------------------------------------------

def _outcome(check, ctx):
    t0 = time.perf_counter()
    try:
        outcome = check.run(ctx)
    except Exception as e:  # a broken check is reported, not raised
        last = traceback.extract_tb(e.__traceback__)[-1]
        outcome = Outcome(False, "error", float("inf"),
                          f"{type(e).__name__}: {e} ({last.filename.split('/')[-1]}:{last.lineno})")
    return outcome, time.perf_counter() - t0


def run_check(check, ctx):
    """One check run as ``run`` runs each, in this process: its ``Row`` (a check that raises is a
    failure with the exception as its detail)."""
    outcome, seconds = _outcome(check, ctx)
    return Row(check, outcome, seconds)


_WORKER_COPY = None  # the copy of the notes the forked workers audit (set before they fork)


def _in_worker(args):
    index, ctx, mode, fraction = args
    check = registered()[index]  # the forked worker's registry is the parent's
    with copies.use(_WORKER_COPY if _WORKER_COPY is not None else copies.current()):
        if mode == "self-test":
            from .checking import self_test as one
            return index, one(check, ctx, fraction=fraction), 0.0
        outcome, seconds = _outcome(check, ctx)
    return index, outcome, seconds


def _ignore_interrupt():
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _cores():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def _results(checks, ctx, jobs, mode, fraction=1.0):
    """(check, result, seconds) as each finishes: in order in this process, or from ``jobs``
    forked workers, at most one per core and per check (registered checks only; the others run
    here). The workers audit the copy of the notes in use here."""
    global _WORKER_COPY
    jobs = min(jobs, _cores(), len(checks))
    known = registered()
    if jobs > 1 and all(c in known for c in checks) \
            and "fork" in multiprocessing.get_all_start_methods():
        _WORKER_COPY = copies.current()
        pool = multiprocessing.get_context("fork").Pool(jobs, initializer=_ignore_interrupt)
        try:
            work = [(known.index(c), ctx, mode, fraction) for c in checks]
            for index, result, seconds in pool.imap_unordered(_in_worker, work):
                yield known[index], result, seconds
            pool.close()
        except BaseException:
            pool.terminate()
            raise
        finally:
            pool.join()
        return
    for c in checks:
        if mode == "self-test":
            from .checking import self_test as one
            yield c, one(c, ctx, fraction=fraction), 0.0
        else:
            outcome, seconds = _outcome(c, ctx)
            yield c, outcome, seconds


def run(checks, ctx, progress=None, jobs=1, ids=()):
    """Run ``checks``; Ctrl-C ends the run early and the report holds the rows done
    (``interrupted`` is then True)."""
    done = {}
    start = time.perf_counter()
    interrupted = False
    width = stream_width(progress)
    try:
        with CtrlC() as ctrl_c:
            for k, (c, outcome, seconds) in enumerate(_results(checks, ctx, jobs, "audit"), start=1):
                done[id(c)] = Row(c, outcome, seconds)
                if progress:
                    progress.write(_progress_line(k, len(checks), c, f"{'pass' if outcome.passed else 'FAIL'} "
                                                  f"({seconds:.1f} s)", width) + "\n")
                    progress.flush()
                ctrl_c.stop_if_asked()
    except KeyboardInterrupt:
        interrupted = True
    rows = [done[id(c)] for c in checks if id(c) in done]  # the order of the selection
    parts = tuple(dict.fromkeys(c.part for c in checks)) or tuple(catalog.PARTS)
    return AuditReport(rows, time.perf_counter() - start, ctx.seed, ctx.examples, ctx.digits, parts,
                       tuple(ids), interrupted, len(checks), copies.current().origin)


def self_test(checks, ctx, progress=None, jobs=1, fraction=1.0):
    """``checking.self_test`` for each check: [(check, SelfTestResult)] in selection order, and
    whether Ctrl-C stopped it. ``fraction`` < 1 seeds a sample of the text mutants."""
    done = {}
    interrupted = False
    width = stream_width(progress)
    try:
        with CtrlC() as ctrl_c:
            for k, (c, result, _) in enumerate(_results(checks, ctx, jobs, "self-test", fraction), start=1):
                done[id(c)] = result
                if progress:
                    progress.write(_progress_line(k, len(checks), c, f"{result.killed}/{result.mutants} killed"
                                                  f"{'' if result.ok else ' — NOT LIVE'} ({result.seconds:.1f} s)",
                                                  width) + "\n")
                    progress.flush()
                ctrl_c.stop_if_asked()
    except KeyboardInterrupt:
        interrupted = True
    return [(c, done[id(c)]) for c in checks if id(c) in done], interrupted


def _progress_line(k, n, check, result, width):
    """'[k/n] ID title ... result': the title cited as the report cites (Neto, not 002)."""
    return progress_line(f"[{k}/{n}] {check.id:7s}", sources.cite(check.title), f" ... {result}", width)


# ---- the text report -----------------------------------------------------------------------

def _width(width):
    if width is None:
        width = shutil.get_terminal_size((80, 24)).columns
    return max(80, width)


def _wrap(text, width, first, rest=None):
    """``text`` wrapped at spaces into lines of ``width`` columns: the first indented by
    ``first``, the others by ``rest`` (default the same); a word longer than a line is kept
    whole rather than cut."""
    rest = first if rest is None else rest
    return textwrap.wrap(text, width, initial_indent=first, subsequent_indent=rest,
                         break_long_words=False, break_on_hyphens=False) or [first.rstrip()]


def _residual(x):
    return "—" if x is None else ("0" if x == 0 else f"{x:.1e}")


def _measure_text(row):
    value = _residual(row.outcome.residual if row.outcome.residual != float("inf") else None)
    if row.measure == "worst residual":
        return f"worst residual {value}"
    return f"measure {value}: {row.measure}"


def _check_lines(row, width, with_quotes):
    c, o = row.check, row.outcome
    lines = _wrap(f"{c.id:7s} {row.verdict:5s} {sources.cite(c.title)} [{sources.cite(c.source)}]", width, "", " " * 14)
    lines += _wrap(f"{c.kind}; {o.method}; {_measure_text(row)}", width, " " * 14)
    if o.detail and (not o.passed or c.kind == "reproduction"):
        lines += _wrap(f"↳ {sources.cite(o.detail)}", width, " " * 14, " " * 16)
    if with_quotes:
        for q in dict.fromkeys(tuple(c.quotes) + tuple(o.quotes)):
            lines += _wrap(f"“{q.text}” ({cited(q)})", width, " " * 14 + "quote: ", " " * 21)
            if q.reading:
                lines += _wrap(f"read as: {q.reading}", width, " " * 21)
    return lines


def _erratum_lines(e, width):
    lines = _wrap(f"{e.id} [{e.nature}] {sources.cite(e.source)}", width, "  ")
    lines += _wrap(sources.cite(e.printed), width, "    printed:        ", " " * 20)
    if e.quote is not None:
        lines += _wrap(f"“{e.quote.text}”", width, f"    text ({cited(e.quote)}): ", " " * 20)
    lines += _wrap(sources.cite(e.corrected), width, "    corrected:      ", " " * 20)
    counterexample = e.counterexample if len(e.counterexample) <= 600 else e.counterexample[:599] + "…"
    label = ("    they part at:" if e.is_convention else
             "    strictly:" if e.is_remark else "    counterexample:")
    lines += _wrap(counterexample, width, f"{label:<19} ", " " * 20)
    return lines


def cited(quote):
    """'Ng, line 94': where a quote stands in the copy of the notes being audited (its own line
    in the project's copy; the line a revised edition moved it to; its own line, marked, when
    the copy does not print it)."""
    if not isinstance(quote, Quote):  # a line of the copy itself (registry.Cited)
        return quote.place
    located = copies.current().locate(quote)
    if located.found:
        lines = [o.line for o in located.occurrences]
        shown = ", ".join(map(str, lines[:3]))
        return f"{sources.short(quote.source)}, line{'s' if len(lines) > 1 else ''} {shown}"
    return f"{quote.place} (not in this copy)"


def render_check(row, width=None, quotes=False):
    """One check as the text report prints it (ID, verdict, title and source; kind, method and
    measure; the detail of a failure or a reproduction; with ``quotes`` the printed forms it
    reads), then the errata and conventions it found as the report lists them."""
    width = _width(width)
    lines = _check_lines(row, width, quotes)
    for e in row.outcome.errata:
        lines += _erratum_lines(e, width)
    return "\n".join(lines)


def totals_line(report):
    """The totals as one line (the report wraps it)."""
    errata = report.errata
    slips = sum(e.nature == "slip" for e in errata)
    done = (count(len(report.rows), "check") if not report.interrupted
            else f"{len(report.rows)} of {count(report.planned, 'check')} (interrupted)")
    forms, claims = report.printed_forms, report.claims
    missing = len(report.not_found)
    return (f"Totals: {done}, {report.passed} pass, {report.failed} fail; "
            f"{count(len(errata), 'erratum', 'errata')} ({count(slips, 'slip')}, "
            f"{count(len(errata) - slips, 'transcription')}); {count(len(report.remarks), 'remark')}; "
            f"{count(len(report.conventions), 'convention')}; {count(len(report.readings), 'reading')}; "
            f"printed forms {forms['parsed']} read, {forms['typed']} typed"
            + (f", {missing} not found" if missing else "")
            + f"; claims {claims['checked']} checked, {claims['unchecked']} unchecked; "
            f"seed {report.seed}, {count(report.examples, 'example')}, "
            f"{count(report.digits, 'digit')}; {report.seconds:.1f} s")


def _errata_heading(errata):
    """'Errata (42: 32 slips of the notes, 10 transcription artefacts of this copy)'."""
    slips = sum(e.nature == "slip" for e in errata)
    return (f"Errata ({len(errata)}: {count(slips, 'slip')} of the notes, "
            f"{count(len(errata) - slips, 'transcription artefact')} of this copy)")


def _one_line(text, width, indent):
    """``text`` on one line of ``width`` columns after ``indent``, cut with … (the summary's
    lines; the full report never cuts)."""
    text = " ".join(text.split())
    room = width - len(indent)
    return indent + (text if len(text) <= room else text[:room - 1] + "…")


def _erratum_summary(e, width):
    """An erratum in two lines: what, where and the printed form; the correction."""
    return [_one_line(f"{e.id} [{e.nature}] {sources.cite(e.source)} — printed {sources.cite(e.printed)}",
                      width, "  "),
            _one_line(f"corrected {sources.cite(e.corrected)}", width, "    ")]


def render_text(report, width=None, summary=False):
    """The report: per part each check (ID, verdict, title and source; kind, method and the
    measure below), then the errata, conventions and readings, the uncovered rows and the
    totals. ``summary``: the failures in full, each erratum in two lines, the totals (the
    conventions, readings and sources are left to the full report). ``width``: the terminal's
    (at least 80 columns)."""
    width = _width(width)
    if summary:
        return _render_summary(report, width)
    lines = []
    with_quotes = bool(report.ids)
    for part in report.parts:
        rows = [r for r in report.rows if r.check.part == part]
        if not rows:
            continue
        title, source, _ = catalog.PARTS[part]
        lines += _wrap(f"{'Decision trees' if part == 'trees' else f'Part {part}: {title}'} "
                       f"({sources.cite(source)})", width, "")
        lines.append("─" * min(width, 100))
        for r in rows:
            lines += _check_lines(r, width, with_quotes)
        lines.append("")
    errata = report.errata
    if errata:
        lines += _wrap(f"{_errata_heading(errata)}: printed steps that are false, each with the text it "
                       "reads, the corrected form (which is what the check passes) and a counterexample",
                       width, "")
        for e in errata:
            lines += _erratum_lines(e, width)
    else:
        lines.append("Errata: none (no printed step the checks read is false)")
    lines.append("")
    if report.conventions:
        lines += _wrap(f"Conventions ({len(report.conventions)}): notational clashes a reader meets, "
                       "not errors (not counted as errata)", width, "")
        for e in report.conventions:
            lines += _erratum_lines(e, width)
        lines.append("")
    if report.remarks:
        lines += _wrap(f"Remarks ({len(report.remarks)}): printed forms a strict reading calls false, "
                       "argued right as the notes mean them (not counted as errata)", width, "")
        for e in report.remarks:
            lines += _erratum_lines(e, width)
        lines.append("")
    if report.not_found:
        lines += _wrap(f"Not found in this copy ({len(report.not_found)}): printed forms the checks read that "
                       f"{report.notes or 'the copy audited'} does not print (their checks fail)", width, "")
        for q in report.not_found:
            lines += _wrap(f"{q.place}: “{q.text}”", width, "  ", "    ")
        lines.append("")
    if report.readings:
        lines += _wrap(f"Readings ({len(report.readings)}): printed forms the checks read otherwise "
                       "than the text writes them", width, "")
        for q, check_id in report.readings:
            lines += _wrap(f"{check_id} ({cited(q)}): “{q.text}”", width, "  ", "    ")
            lines += _wrap(f"read as: {q.reading}", width, "    ")
        lines.append("")
    missing = report.uncovered()
    if missing:
        lines += _wrap(f"Catalog rows marked P with no proof check yet ({len(missing)}): {' '.join(missing)}",
                       width, "")
    if report.interrupted:
        lines.append(_interrupted_line(report))
    lines += _wrap("Sources: " + "; ".join(f"{s.short} = {s.key}, {s.title} ({s.authors.split(' (')[0]})"
                                           for s in sources.SOURCES.values())
                   + " (cs229 audit --sources)", width, "", "  ")
    lines += _wrap(totals_line(report), width, "")
    return "\n".join(lines)


def _interrupted_line(report):
    return f"Interrupted: {len(report.rows)} of {count(report.planned, 'check')} ran."


def _render_summary(report, width):
    """Failures in full, errata two lines each, the totals."""
    failures = [r for r in report.rows if not r.outcome.passed]
    lines = [f"Failures ({len(failures)})" + ("" if failures else ": none")]
    for r in failures:
        lines += _check_lines(r, width, bool(report.ids))
    lines.append("")
    errata = report.errata
    if errata:
        lines += _wrap(f"{_errata_heading(errata)}; cs229 audit prints each with its text, the "
                       "corrected form and a counterexample", width, "")
        for e in errata:
            lines += _erratum_summary(e, width)
    else:
        lines.append("Errata: none")
    lines.append("")
    if report.interrupted:
        lines.append(_interrupted_line(report))
    lines += _wrap(totals_line(report), width, "")
    return "\n".join(lines)


# ---- data ----------------------------------------------------------------------------------

def _erratum_data(e):
    return {"id": e.id, "source": sources.cite(e.source), "nature": e.nature, "printed": sources.cite(e.printed),
            "corrected": sources.cite(e.corrected), "counterexample": e.counterexample,
            "quote": e.quote.text if e.quote is not None else None,
            "line": _line_in_copy(e.quote) if e.quote is not None else None,
            "document": e.quote.source if e.quote is not None else None}


def _line_in_copy(quote):
    """The line of the copy audited where a quote stands (its first place), else its own."""
    if isinstance(quote, Quote):
        located = copies.current().locate(quote)
        if located.found:
            return located.first.line
    return quote.line


def to_data(report, self_test_results=None):
    """The report as plain data: what ``--json`` prints and what the HTML and Markdown pages
    (``report_html``) render, so that the three agree."""
    errata, conventions = report.errata, report.conventions
    data = {
        "schema": SCHEMA,
        "cs229": version(),
        "sources": sources.table(),
        "parts": [{"part": p, "title": catalog.PARTS[p][0], "source": sources.cite(catalog.PARTS[p][1])}
                  for p in report.parts],
        "checks": [_check_data(r) for r in report.rows],
        "notes": report.notes,
        "errata": [_erratum_data(e) for e in errata],
        "remarks": [_erratum_data(e) for e in report.remarks],
        "conventions": [_erratum_data(e) for e in conventions],
        "not_found": [q.data() for q in report.not_found],
        "readings": [{"id": i, **q.data()} for q, i in report.readings],
        "uncovered": report.uncovered(),
        "interrupted": report.interrupted,
        "totals": {"checks": len(report.rows), "pass": report.passed, "fail": report.failed,
                   "errata": len(errata),
                   "slips": sum(e.nature == "slip" for e in errata),
                   "transcriptions": sum(e.nature == "transcription" for e in errata),
                   "remarks": len(report.remarks),
                   "conventions": len(conventions), "readings": len(report.readings),
                   "printed_forms": report.printed_forms, "claims": report.claims,
                   "not_found": len(report.not_found),
                   "seconds": round(report.seconds, 2),
                   "seed": report.seed, "examples": report.examples, "digits": report.digits},
    }
    if self_test_results is not None:
        from .seeded import summary
        data["self_test"] = {"checks": [r.data() for _, r in self_test_results],
                             "text_mutants": summary([m for _, r in self_test_results for m in r.text],
                                                     catalog.part_of)}
    return data


def _check_data(row):
    c, o = row.check, row.outcome
    data = {"id": c.id, "title": sources.cite(c.title), "source": sources.cite(c.source), "part": c.part,
            "kind": c.kind, "method": o.method,
            "worst_residual": o.residual if o.residual != float("inf") else None,
            "measure": row.measure,
            "verdict": row.verdict.lower(), "detail": sources.cite(o.detail), "seconds": round(row.seconds, 3)}
    quotes = tuple(dict.fromkeys(tuple(c.quotes) + tuple(o.quotes)))
    if quotes:
        data["quotes"] = [{**q.data(), "line": _line_in_copy(q)} for q in quotes]
    if o.forms:
        data["printed_forms"] = {status: sum(f.status == status for f in printed.collected([o]).values())
                                 for status in ("parsed", "typed")}
    return data


def to_json(report, self_test_results=None):
    return json.dumps(to_data(report, self_test_results), indent=2, ensure_ascii=False)


# ---- the self-test table -------------------------------------------------------------------

def render_totals(report, width=None):
    """The totals line wrapped to the terminal."""
    return "\n".join(_wrap(totals_line(report), _width(width), ""))


def render_self_test(results, interrupted=False, width=None):
    from .seeded import summary
    width = _width(width)
    lines = _wrap("Self-test: each check run against mutants: slips seeded in the printed forms it reads "
                  "(caught when the verdict at that line changes) and perturbed twins of the code or constants "
                  "it relies on (killed when the check fails, or the erratum it removes disappears)", width, "")
    lines.append("─" * min(width, 100))
    for c, r in results:
        mark = "ok" if r.ok else "NOT LIVE"
        text = f" (text {r.text_caught}/{sum(m.verdict != 'equivalent' for m in r.text)})" if r.text else ""
        lines += _wrap(f"{c.id:7s} {r.killed:3d}/{r.mutants:<3d} {mark:8s} {c.title}{text}", width, "", " " * 25)
        if r.detail:
            lines += _wrap(f"↳ {r.detail}", width, " " * 25, " " * 27)
        for s in r.survivors:
            lines += _wrap(f"survived: {s}", width, " " * 25, " " * 27)
    mutants = sum(r.mutants for _, r in results)
    killed = sum(r.killed for _, r in results)
    dead = [c.id for c, r in results if not r.ok]
    lines.append("")
    text = summary([m for _, r in results for m in r.text], catalog.part_of)
    if text["seeded"]:
        lines += _wrap(f"Slips seeded in the text: {text['seeded']} seeded, {text['equivalent']} equivalent to "
                       f"the printed form (left out), {text['caught']} caught: recall "
                       f"{_percent(text['recall'])}", width, "")
        lines += _wrap("by part: " + "; ".join(f"{p} {v['caught']}/{v['seeded'] - v['equivalent']} "
                                              f"({_percent(v['recall'])})" for p, v in text["by_part"].items()),
                       width, "  ", "    ")
        lines += _wrap("by kind: " + "; ".join(f"{k} {v['caught']}/{v['seeded'] - v['equivalent']} "
                                              f"({_percent(v['recall'])})" for k, v in text["by_kind"].items()),
                       width, "  ", "    ")
    if interrupted:
        lines.append("Interrupted.")
    lines += _wrap(f"Self-test totals: {count(len(results), 'check')}, {killed} of {count(mutants, 'mutant')} "
                   f"killed; {count(len(results) - len(dead), 'check')} live" + (f"; not live: {' '.join(dead)}" if dead else ""),
                   width, "")
    return "\n".join(lines)


def _percent(x):
    return "—" if x is None else f"{100 * x:.1f}%"


# ---- the catalog, the unchecked list, the sources ------------------------------------------

def listing_data(checks, rows):
    """Every catalog row of ``rows`` with what it needs, its checks and the test modules that
    name it (None when the tests are not installed)."""
    out = []
    for row_id in rows:
        r = catalog.ROWS[row_id]
        mine = [c for c in checks if catalog.base_id(c.id) == row_id]
        out.append({"id": r.id, "item": r.item, "where": sources.cite(r.where), "part": r.part,
                    "needs": list(r.needs),
                    "checks": [{"id": c.id, "title": c.title, "kind": c.kind, "source": sources.cite(c.source)}
                               for c in mine],
                    "tests": catalog.tests_naming(r.id)})
    return out


def listing(checks, rows, as_json=False, width=None):
    data = listing_data(checks, rows)
    if as_json:
        return json.dumps(data, indent=2, ensure_ascii=False)
    width = _width(width)
    lines = []
    for item in data:
        tests = ("tests not installed" if item["tests"] is None
                 else ("tested in " + ", ".join(item["tests"]) if item["tests"] else "named by no test"))
        proof = f"{len(item['checks'])} proof check{'s' * (len(item['checks']) != 1)}" if item["checks"] else (
            "no proof check" + (" (needs one)" if "P" in item["needs"] else ""))
        lines += _wrap(f"{item['id']:7s} needs {' '.join(item['needs']):8s} {proof}; {tests}", width, "", " " * 8)
        lines += _wrap(f"{item['item']} [{item['where']}]", width, " " * 8)
        for c in item["checks"]:
            lines += _wrap(f"{c['kind']:12s} {c['title']} [{c['source']}]", width, " " * 10, " " * 23)
    return "\n".join(lines)


def unchecked_data(parts=None):
    from . import checks  # noqa: F401  (importing the checks records what they leave unchecked)
    return [{"id": u.id, "part": u.part, **u.quote.data(), "reason": u.reason} for u in UNCHECKED
            if not parts or u.part in parts]


def render_unchecked(parts=None, width=None):
    width = _width(width)
    items = unchecked_data(parts)
    lines = _wrap(f"Not checkable ({len(items)}): printed formulas, definitions and claims no check "
                  "decides, each with its reason", width, "")
    for u in items:
        lines += _wrap(f"{u['cited']}{' (' + u['id'] + ')' if u['id'] else ''}: “{u['text']}”", width, "  ", "    ")
        lines += _wrap(f"why: {u['reason']}", width, "    ")
    return "\n".join(lines)


def read_lines(report):
    """{(source, line)} of every quote the checks of ``report`` read (their own, their outcomes',
    their errata's), of the not-checkable list, and of every quote made in this process (a run in
    worker processes makes some only there: run in-process for a full account), at the lines of
    the copy audited (every place it prints them)."""
    quotes = set(QUOTES.values()) | {u.quote for u in UNCHECKED}
    for row in report.rows:
        quotes.update(row.check.quotes, row.outcome.quotes)
        quotes.update(e.quote for e in row.outcome.errata if e.quote is not None)
    copy = copies.current()
    out = set()
    for q in quotes:
        located = copy.locate(q) if isinstance(q, Quote) else None
        if located is not None and located.found:
            out.update((o.source, o.line) for o in located.occurrences)
        else:
            out.add((q.source, q.line))
    return out


def unread_data(report):
    """The formula lines (``sources.formula_lines``) of each document of the copy audited that no
    quote of ``read_lines(report)`` covers; a line of a part printed twice counts as read when its
    first copy's text is the same and is read. [{"source", "cited", "line", "text"}], by
    document."""
    read = read_lines(report)
    copy = copies.current()
    directory = None if copy.stored else copy.origin
    out = []
    for key in sources.SOURCES:
        lines = sources.notes_lines(key, directory)
        for line in sources.formula_lines(key, directory):
            if (key, line) in read or any((key, k) in read for k in sources.first_copy_of(key, line, directory)):
                continue
            out.append({"source": key, "cited": f"{sources.short(key)}, line {line}", "line": line,
                        "text": lines[line - 1].strip()})
    return out


def render_unread(items, width=None):
    width = _width(width)
    copy = copies.current()
    directory = None if copy.stored else copy.origin
    total = sum(len(sources.formula_lines(k, directory)) for k in sources.SOURCES)
    lines = _wrap(f"Unread ({len(items)} of {total} formula lines): lines printing mathematics that no "
                  "check reads and no not-checkable entry lists", width, "")
    for u in items:
        text = u["text"] if len(u["text"]) <= 200 else u["text"][:199] + "…"
        lines += _wrap(f"{u['cited']}: “{text}”", width, "  ", "    ")
    return "\n".join(lines)


def render_sources(width=None):
    width = _width(width)
    lines = ["The documents the audit reads (cited by the short key; the file keys stay accepted):", ""]
    for s in sources.SOURCES.values():
        lines.append(f"{s.short} ({s.key}, {s.file})")
        lines += _wrap(f"title: {s.title}", width, "  ", "    ")
        lines += _wrap(f"by: {s.authors}", width, "  ", "    ")
        lines += _wrap(f"date: {s.date}", width, "  ", "    ")
        lines += _wrap(f"covers: {s.covers}", width, "  ", "    ")
    return "\n".join(lines)
