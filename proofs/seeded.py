"""The self-test on the text: slips seeded in the TeX of each printed form a check reads.

For every printed form a check read from the text (``printed.Form``, parsed), each mutant of its
TeX (``text.mutants``: a sign flipped, a factor dropped or doubled, an exponent changed, two
indices swapped, a summation range changed, a transpose dropped or added, a term dropped) is put
in its line of a copy of the notes, and the check is run on that copy. The mutant is

- **caught** when the audit's verdict at that line differs from the unmutated run's: the check
  fails (or cannot run), or the errata at that line differ (a new erratum; for a line that
  already holds an erratum, that erratum changed or went);
- **equivalent** when the form it makes reads to the same expression as the original (sympy
  decides: i and j swapped in a symmetric double sum): it is left out of the recall;
- **survived** otherwise: a slip the audit would not see.
"""
import random
from dataclasses import dataclass

import sympy as sp

from .checking import _STATE, _SelfTestState, symbolically_equal
from .printed import Meaningless
from .text import copies
from .text.mutants import mutants

__all__ = ["TextMutant", "seed_text", "summary"]


@dataclass(frozen=True)
class TextMutant:
    id: str
    source: str
    line: int
    kind: str
    change: str
    verdict: str  # 'caught', 'survived' or 'equivalent'
    detail: str = ""

    def data(self):
        out = {"id": self.id, "source": self.source, "line": self.line, "kind": self.kind,
               "change": self.change, "verdict": self.verdict}
        if self.detail:
            out["detail"] = self.detail
        return out


def _errata_at(outcome, source, line):
    out = set()
    for e in outcome.errata:
        q = e.quote
        if q is not None and q.source == source and q.line == line:
            out.add((e.printed, e.counterexample))
    return out


def _run(check, ctx, copy):
    token = _STATE.set(_SelfTestState(inline=False))
    try:
        with copies.use(copy):
            return check.run(ctx), None
    except Exception as e:  # a mutant that makes the check raise is caught
        return None, f"{type(e).__name__}: {e}"
    finally:
        _STATE.reset(token)


def _value_of(outcome, quote, source, line):
    for form in outcome.forms:
        if form.quote == quote:
            for v in form.variants:
                if v.source == source and v.line == line:
                    # a form read as meaningless (Meaningless: why, not a value) is no value
                    return None if isinstance(v.value, Meaningless) else v.value
    return None


def seed_text(check, ctx, baseline, per_kind=1, fraction=1.0, seed=229):
    """The text mutants of ``check`` (see the module's docstring), given its unmutated
    ``baseline`` Outcome on the copy in use. ``fraction`` < 1 keeps a seeded sample of them."""
    copy = copies.current()
    rng = random.Random(f"{seed}:{check.id}:{check.title}")
    results = []
    read = {}
    for form in baseline.forms:
        if form.status == "parsed":
            read.setdefault(form.quote, [form, set()])[1].update(form.parts)
    for quote, (form, parts) in read.items():
        places = [v for v in form.variants if not v.changed]
        if not places:
            continue
        place = places[0]
        raw = copy.line(place.source, place.line)
        at = raw.find(quote.text)
        if at < 0:
            continue
        base_errata = _errata_at(baseline, place.source, place.line)
        spans = _spans_read(quote.text, parts)
        for m in mutants(quote.text, per_kind):
            if spans is not None and not _within(quote.text, m.text, spans):
                continue  # a part of the formula the check does not read
            if fraction < 1 and rng.random() >= fraction:
                continue
            mutated_line = raw[:at] + m.text + raw[at + len(quote.text):]
            mutated = copy.with_line(place.source, place.line, mutated_line)
            outcome, error = _run(check, ctx, mutated)
            if outcome is None or not outcome.passed:
                verdict, detail = "caught", error or (outcome.detail[:200] if outcome else "")
            elif _errata_at(outcome, place.source, place.line) != base_errata:
                verdict, detail = "caught", "an erratum at this line"
            else:
                value = _value_of(outcome, quote, place.source, place.line)
                if value is not None and not isinstance(place.value, Meaningless) and (
                        symbolically_equal(value, place.value)
                        or _same_against_zero(quote.text, parts, _scale(value, place.value))):
                    verdict, detail = "equivalent", ""
                else:
                    verdict, detail = "survived", m.text[:160]
            results.append(TextMutant(check.id, place.source, place.line, m.kind, m.change, verdict, detail))
    return results


def _scale(value, original):
    """The number c with ``value`` = c·``original``, or None."""
    if isinstance(value, sp.MatrixBase) or isinstance(original, sp.MatrixBase) or original == 0:
        return None
    c = sp.simplify(sp.sympify(value) / original)
    return c if c.is_number and c.is_finite and c != 0 else None


def _same_against_zero(text, parts, c):
    """Whether the statements read stay the same when the part read is multiplied by c: each is
    E = 0 (c ≠ 0), or E ≤ 0, E ≥ 0, E < 0, E > 0 (c > 0), 0 on one side. So Σαᵢy⁽ⁱ⁾ = 0 doubled,
    gᵢ(w) ≤ 0 doubled or αᵢ ≥ 0 doubled are equivalent mutants, not slips missed."""
    from .text.parse import NotationError, math_of, parse

    pieces = math_of(text) if "$" in text else []
    tex = pieces[0].tex if len(pieces) == 1 else text
    try:
        formula = parse(tex)
    except NotationError:
        return False
    if c is None:
        return False
    for statement, part in parts:
        try:
            sides = [(rel, e) for rel, e in formula.statements[statement].parts if e is not None]
        except (IndexError, AttributeError):
            return False
        if part is None or len(sides) != 2:
            return False
        if "0" not in (tex[e.span[0]:e.span[1]].strip() for _, e in sides):
            return False
        if not (sides[1][0] == "=" or (sides[1][0] in ("≤", "≥", "<", ">") and c.is_positive)):
            return False
    return bool(parts)


def _spans_read(text, parts):
    """The character spans of ``text`` holding the parts read ((statement, part) pairs; part
    None: the whole statement), or None when they cannot be told (read everything)."""
    from .text.parse import NotationError, math_of, parse

    pieces = math_of(text) if "$" in text else []
    offset, tex = (pieces[0].start, pieces[0].tex) if len(pieces) == 1 else (0, text)
    try:
        formula = parse(tex)
    except NotationError:
        return None
    spans = []
    for statement, part in parts:
        if part is None:
            return None
        try:
            st = formula.statements[statement]
            expressions = [(rel, e) for rel, e in st.parts if e is not None]
            k = part if part >= 0 else len(expressions) + part
            start = expressions[k - 1][1].span[1] if k > 0 else st.span[0]
            spans.append((offset + start, offset + expressions[k][1].span[1]))
        except (IndexError, AttributeError):
            return None
    return spans


def _within(original, mutated, spans):
    """Whether the edit that made ``mutated`` from ``original`` lies inside one of ``spans``."""
    start = 0
    while start < min(len(original), len(mutated)) and original[start] == mutated[start]:
        start += 1
    end_o, end_m = len(original), len(mutated)
    while end_o > start and end_m > start and original[end_o - 1] == mutated[end_m - 1]:
        end_o, end_m = end_o - 1, end_m - 1
    return any(a <= start and end_o <= b for a, b in spans)


def summary(mutants_, part_of):
    """{'seeded', 'equivalent', 'caught', 'recall', 'by_kind', 'by_part'} of a list of
    TextMutants (``part_of(id)`` gives a check ID's part)."""
    def tally(items):
        seeded = len(items)
        equivalent = sum(m.verdict == "equivalent" for m in items)
        caught = sum(m.verdict == "caught" for m in items)
        counted = seeded - equivalent
        return {"seeded": seeded, "equivalent": equivalent, "caught": caught,
                "recall": round(caught / counted, 4) if counted else None}
    out = tally(mutants_)
    kinds, parts = {}, {}
    for m in mutants_:
        kinds.setdefault(m.kind, []).append(m)
        parts.setdefault(part_of(m.id), []).append(m)
    out["by_kind"] = {k: tally(v) for k, v in sorted(kinds.items())}
    out["by_part"] = {p: tally(v) for p, v in parts.items()}
    return out
