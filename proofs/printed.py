"""Printed forms read from the text: a chain step's expression taken from the copy of the notes
being audited, not typed by hand.

``printed(quote, reading, reason, part=None, ...)`` is a chain ``Step`` whose expression is the
formula the quote names, found in the copy being audited (``text.copies.current()``), parsed
and read with the check's ``Reading``. The step carries its ``Form``: the quote, whether it was
parsed (or, where the grammar or the reading cannot read it, typed by hand, with the reason), and
one ``Variant`` per place the copy prints it (a part printed twice is read twice; a copy that
prints it otherwise than the quote is read as it prints it, ``changed``). ``chain`` checks every
variant; a changed variant that is false there is an erratum of that copy, at its line.

A form the copy does not print at all is ``missing``: the chain reports it as not found in this
copy, and the check does not pass.
"""
from dataclasses import dataclass, field

from .text import copies
from .text.parse import NotationError
from .text.reading import Undefined

__all__ = ["Form", "Variant", "Meaningless", "printed", "form_of", "defined", "MissingDefinition"]


class MissingDefinition(NotationError):
    """A definition a printed form relies on that the copy being audited does not print (or
    prints unreadably)."""


@dataclass(frozen=True)
class Meaningless:
    """The value of a form a copy prints that reads but means nothing (``reading.Undefined``):
    its step cannot follow; ``reason`` says why."""
    reason: str


@dataclass(frozen=True)
class Variant:
    """One place the copy prints the form: the line, the TeX there, its value, and whether the
    TeX differs from the quote's."""
    source: str
    line: int
    tex: str
    value: object
    changed: bool


@dataclass
class Form:
    """How a check got a printed form: ``status`` 'parsed' (read from the copy), 'typed' (the
    grammar or the reading could not read it: ``reason``), 'missing' (not in this copy) or
    'unreadable' (this copy prints it otherwise, and that cannot be read)."""
    quote: object
    status: str
    reason: str = ""
    variants: list = field(default_factory=list)
    unreadable: list = field(default_factory=list)  # places this copy prints it unreadably
    parts: tuple = ()  # the (statement, part) of the quoted formula that were read

    def data(self):
        out = {"quote": self.quote.data(), "status": self.status}
        if self.reason:
            out["reason"] = self.reason
        return out


def form_of(quote, reading, part=None, statement=0, typed=None):
    """The Form of the printed form ``quote`` names (see the module's docstring). ``typed``: the
    hand-typed expression to fall back on, with the reason, where the text cannot be read; without
    it, a NotationError propagates (the check's author must see it)."""
    located = copies.current().locate(quote, whole=True)
    if not located.found:
        return Form(quote, "missing", f"not found in {copies.current().origin}")
    variants, unreadable, error = [], [], None
    for o in located.occurrences:
        try:
            value = reading.expression(_formula_text(o.text), part=part, statement=statement)
        except MissingDefinition as e:
            return Form(quote, "missing", str(e))
        except Undefined as e:
            if not o.changed:
                error = e
                continue
            value = Meaningless(str(e))
        except NotationError as e:
            if o.changed:
                unreadable.append(f"{_place(o)} prints it as {o.text.strip()!r}, which cannot be read: {e}")
            else:
                error = e
            continue
        variants.append(Variant(o.source, o.line, o.text, value, o.changed))
    if error is not None:
        if typed is None:
            raise NotationError(f"{quote.place}: {error}") from None
        unchanged = [o for o in located.occurrences if not o.changed]
        return Form(quote, "typed", str(error),
                    [Variant(o.source, o.line, o.text, typed, False) for o in unchanged], unreadable)
    if not variants:
        return Form(quote, "unreadable", "; ".join(unreadable), [], unreadable)
    return Form(quote, "parsed", "", variants, unreadable, ((statement, part),))


def _place(occurrence):
    from .sources import short
    return f"{short(occurrence.source)}, line {occurrence.line}"


def _formula_text(text):
    """The TeX of a quote: the formula between $…$ when the quote is prose around one."""
    from .text.parse import math_of

    if "$" not in text:
        return text
    formulas = math_of(text)
    if len(formulas) == 1:
        return formulas[0].tex
    raise NotationError(f"the quote holds {len(formulas)} formulas; quote the one compared")


def printed(quote, reading, reason="", part=None, statement=0, typed=None, **step):
    """A chain Step whose expression is the printed form ``quote`` names, read from the text
    (``step`` passes ``corrected=``, ``printed=``, ``fixed=``, ``nature=``, ``shown=`` on)."""
    from .checking import Step

    form = form_of(quote, reading, part, statement, typed)
    value = form.variants[0].value if form.variants else typed
    result = Step(value, reason, quote=quote, form=form, **step)
    result.definitions = tuple(reading.definitions)
    return result


def defined(reading, name, quote, parameters=(), part=-1, statement=0):
    """``reading`` with ``name`` bound to what the printed definition ``quote`` says: part
    ``part`` of its chain (default the last, the right-hand side), read with the ``parameters``
    (printed names) bound to the arguments when ``name`` is applied; without parameters, a value.
    The definition is read from the copy being audited, so that a copy printing it otherwise is
    checked with its own definition; its Form goes with every step read with the new reading."""
    from .text.reading import Function

    located = copies.current().locate(quote, whole=True)
    occurrence = next((o for o in located.occurrences if not o.changed), located.first)
    if occurrence is None:
        form = Form(quote, "missing", f"not found in {copies.current().origin}")

        def missing(*args):
            raise MissingDefinition(f"the definition of {name} ({quote.place}) is not in {copies.current().origin}")
        return reading.bind(**{name: Function(missing)}).with_definition(form)
    from .text.parse import parse

    tex = _formula_text(occurrence.text)
    try:
        formula = parse(tex)
        expressions = [e for _, e in formula.statements[statement].parts if e is not None]
        body = expressions[part]
    except (NotationError, IndexError) as e:
        form = Form(quote, "unreadable", str(e))

        def unreadable(*args):
            raise MissingDefinition(f"the definition of {name} ({quote.place}) cannot be read: {form.reason}")
        return reading.bind(**{name: Function(unreadable)}).with_definition(form)
    form = Form(quote, "parsed", "", [Variant(occurrence.source, occurrence.line, occurrence.text, None,
                                             occurrence.changed)], [], ((statement, part),))
    if not parameters:
        value = reading.value(body, {}, [])
        return reading.bind(**{name: value}).with_definition(form)

    def apply(*args):
        if len(args) != len(parameters):
            raise NotationError(f"{name} takes {len(parameters)} arguments, given {len(args)}")
        return reading.value(body, dict(zip(parameters, args)), [])
    return reading.bind(**{name: Function(apply)}).with_definition(form)


def collected(outcomes):
    """{quote: Form} over the outcomes of an audit, one per quoted printed form: parsed when
    some check read it from the text, else typed (with the first reason given), else missing."""
    rank = {"parsed": 0, "typed": 1, "unreadable": 2, "missing": 3}
    out = {}
    for outcome in outcomes:
        for form in outcome.forms:
            known = out.get(form.quote)
            if known is None or rank[form.status] < rank[known.status]:
                out[form.quote] = form
    return out


def totals(outcomes):
    """{'parsed': N, 'typed': M, 'missing': K}: the printed forms the checks compared, by how
    they got them (``collected``); 'missing' counts those the copy audited does not print or
    prints unreadably."""
    forms = collected(outcomes).values()
    return {"parsed": sum(f.status == "parsed" for f in forms),
            "typed": sum(f.status == "typed" for f in forms),
            "missing": sum(f.status in ("missing", "unreadable") for f in forms)}


def unparsed(rows):
    """The printed forms typed by hand, with the check that compares them and the reason, for
    ``cs229 audit --unparsed``: [{'id', 'cited', 'text', 'reason'}], in the order of the notes."""
    out = {}
    for check, outcome in rows:
        for form in outcome.forms:
            if form.status == "typed" and form.quote not in out:
                out[form.quote] = {"id": check.id, "source": form.quote.source, "line": form.quote.line,
                                   "cited": form.quote.place, "text": form.quote.text, "reason": form.reason}
    best = collected(o for _, o in rows)
    return sorted((v for q, v in out.items() if best[q].status == "typed"), key=lambda v: (v["source"], v["line"]))
