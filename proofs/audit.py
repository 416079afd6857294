"""Running the registered checks and reporting them, per part of the notes.

``run`` executes checks (progress on a stream as it goes) and returns an ``AuditReport``;
``render_text`` prints the report a reader holds next to the notes; ``to_data`` is the same as
plain data, which ``to_json`` prints for machines and ``report_html`` renders as a page and as
Markdown. A check that raises is a failure with the exception as its detail, never a crash.
"""
import json
import time
import traceback
from dataclasses import dataclass

from . import catalog
from .registry import Outcome

__all__ = ["Row", "AuditReport", "run", "render_text", "to_data", "to_json", "listing"]


@dataclass
class Row:
    check: object
    outcome: Outcome
    seconds: float

    @property
    def verdict(self):
        return "pass" if self.outcome.passed else "FAIL"


@dataclass
class AuditReport:
    rows: list
    seconds: float
    seed: int
    examples: int
    digits: int
    parts: tuple

    @property
    def errata(self):
        return [e for r in self.rows for e in r.outcome.errata]

    @property
    def passed(self):
        return sum(r.outcome.passed for r in self.rows)

    @property
    def failed(self):
        return len(self.rows) - self.passed

    @property
    def ok(self):
        return self.failed == 0

    def uncovered(self):
        """Catalog rows needing a proof check, in the audited parts, that no check names."""
        named = {catalog.base_id(r.check.id) for r in self.rows}
        return [i for i in catalog.NEEDS_PROOF if catalog.part_of(i) in self.parts and i not in named]


def run(checks, ctx, progress=None):
    rows = []
    start = time.perf_counter()
    for k, c in enumerate(checks, start=1):
        if progress:
            progress.write(f"[{k}/{len(checks)}] {c.id:7s} {c.title} ... ")
            progress.flush()
        t0 = time.perf_counter()
        try:
            outcome = c.run(ctx)
        except Exception as e:  # a broken check is reported, not raised
            last = traceback.extract_tb(e.__traceback__)[-1]
            outcome = Outcome(False, "error", float("inf"),
                              f"{type(e).__name__}: {e} ({last.filename.split('/')[-1]}:{last.lineno})")
        seconds = time.perf_counter() - t0
        rows.append(Row(c, outcome, seconds))
        if progress:
            progress.write(f"{'pass' if outcome.passed else 'FAIL'} ({seconds:.1f} s)\n")
            progress.flush()
    parts = tuple(dict.fromkeys(c.part for c in checks)) or tuple(catalog.PARTS)
    return AuditReport(rows, time.perf_counter() - start, ctx.seed, ctx.examples, ctx.digits, parts)


def _residual(x):
    return "—" if x is None else ("0" if x == 0 else f"{x:.1e}")


def _clip(text, width):
    return text if len(text) <= width else text[: width - 1] + "…"


def render_text(report):
    lines = []
    head = f"{'ID':7s} {'title':52s} {'kind':12s} {'checked':34s} {'worst':>8s}  verdict"
    for part in report.parts:
        rows = [r for r in report.rows if r.check.part == part]
        if not rows:
            continue
        title, source, _ = catalog.PARTS[part]
        lines.append(f"Part {part}: {title} ({source})")
        lines.append(head)
        lines.append("-" * len(head))
        for r in rows:
            c, o = r.check, r.outcome
            lines.append(f"{c.id:7s} {_clip(c.title, 52):52s} {c.kind:12s} {_clip(o.method, 34):34s} "
                         f"{_residual(o.residual):>8s}  {r.verdict}")
            if not o.passed or (c.kind == "reproduction" and o.detail):
                lines.append(f"{'':7s} ↳ {o.detail}")
        lines.append("")
    errata = report.errata
    slips = sum(e.nature == "slip" for e in errata)
    lines.append(f"Errata ({len(errata)}: {slips} slips of the notes, {len(errata) - slips} transcription "
                 "artefacts of this copy): printed steps that are false, with the corrected form checked")
    for e in errata:
        lines.append(f"  {e.id} ({e.source}) [{e.nature}]")
        lines.append(f"    printed:        {e.printed}")
        lines.append(f"    corrected:      {e.corrected}")
        lines.append(f"    counterexample: {_clip(e.counterexample, 400)}")
    if not errata:
        lines.append("  none")
    lines.append("")
    missing = report.uncovered()
    if missing:
        lines.append(f"Catalog rows with no proof check yet ({len(missing)}): {' '.join(missing)}")
    lines.append(f"Totals: {len(report.rows)} checks, {report.passed} pass, {report.failed} fail; "
                 f"{len(errata)} errata ({slips} slips); seed {report.seed}, {report.examples} examples, "
                 f"{report.digits} digits; {report.seconds:.1f} s")
    return "\n".join(lines)


def to_data(report):
    """The report as plain data: what ``--json`` prints and what the HTML and Markdown pages
    (``report_html``) render, so that the three agree. A check carries ``quotes`` (the notes'
    text it reads) when it has them."""
    return {
        "parts": [{"part": p, "title": catalog.PARTS[p][0], "source": catalog.PARTS[p][1]}
                  for p in report.parts],
        "checks": [_check_data(r) for r in report.rows],
        "errata": [{"id": e.id, "source": e.source, "nature": e.nature, "printed": e.printed,
                    "corrected": e.corrected, "counterexample": e.counterexample} for e in report.errata],
        "uncovered": report.uncovered(),
        "totals": {"checks": len(report.rows), "pass": report.passed, "fail": report.failed,
                   "errata": len(report.errata),
                   "slips": sum(e.nature == "slip" for e in report.errata),
                   "seconds": round(report.seconds, 2),
                   "seed": report.seed, "examples": report.examples, "digits": report.digits},
    }


def _check_data(row):
    c, o = row.check, row.outcome
    data = {"id": c.id, "title": c.title, "source": c.source, "part": c.part, "kind": c.kind,
            "method": o.method,
            "worst_residual": o.residual if o.residual != float("inf") else None,
            "verdict": row.verdict.lower(), "detail": o.detail, "seconds": round(row.seconds, 3)}
    quotes = tuple(dict.fromkeys(tuple(c.quotes) + tuple(o.quotes)))
    if quotes:
        data["quotes"] = [q.data() for q in quotes]
    return data


def to_json(report):
    return json.dumps(to_data(report), indent=2, ensure_ascii=False)


def listing(checks, as_json=False):
    if as_json:
        return json.dumps([{"id": c.id, "title": c.title, "source": c.source, "part": c.part,
                            "kind": c.kind} for c in checks], indent=2, ensure_ascii=False)
    return "\n".join(f"{c.id:7s} Part {c.part:5s} {c.kind:12s} {c.title}  [{c.source}]" for c in checks)
