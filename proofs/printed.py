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

__all__ = ["Form", "Variant", "printed", "form_of"]


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

    def data(self):
        out = {"quote": self.quote.data(), "status": self.status}
        if self.reason:
            out["reason"] = self.reason
        return out


def form_of(quote, reading, part=None, statement=0, typed=None):
    """The Form of the printed form ``quote`` names (see the module's docstring). ``typed``: the
    hand-typed expression to fall back on, with the reason, where the text cannot be read; without
    it, a NotationError propagates (the check's author must see it)."""
    located = copies.current().locate(quote)
    if not located.found:
        return Form(quote, "missing", f"not found in {copies.current().origin}")
    variants, unreadable, error = [], [], None
    for o in located.occurrences:
        try:
            value = reading.expression(_formula_text(o.text), part=part, statement=statement)
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
    return Form(quote, "parsed", "", variants, unreadable)


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
    return Step(value, reason, quote=quote, form=form, **step)
