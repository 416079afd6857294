"""The registry of proof checks, keyed by catalog ID.

A check is a function ``f(ctx) -> Outcome`` declared with
``@check(id, title, source, kind, quotes=())``. The audit runs the checks of the modules
``cs229.proofs.checks.MODULES`` lists (``registered``), not whatever an import happened to
declare: a check declared in a module of cs229 that the list leaves out is an error. Kinds: 'derivation' (a printed chain, step by
step), 'identity' (a stated fact), 'optimality' (the reference's output meets the conditions the
derivation gives) and 'reproduction' (a number printed in the notes, recomputed from data). An ID
may hold several checks.

``Quote(source, line, text)`` ties a check to the text it reads: the document key ("000" …
"004"), the 1-based line of its text copy and the verbatim fragment of that line (≤ 200
characters). A quote whose printed form the check reads otherwise than written (an equation
number placed after a block, a symbol the extraction garbled, a notation) says how in
``reading``: the report lists those readings, so that no silent fix is invisible. Quotes are
collected in ``QUOTES`` as they are made (the quotes test checks every one against the notes).

``ng(line, text)`` and ``neto(line, text)`` are the quotes of the two documents most quoted, Ng's
notes ("000") and Neto's ("002").

``unchecked(quote, reason)`` records a printed formula or claim no check can decide (an opinion,
a figure this copy lacks, a pointer to another lecture): ``cs229 audit --unchecked`` lists them.
"""
from dataclasses import dataclass, field

from .catalog import part_of

KINDS = ("derivation", "identity", "optimality", "reproduction")

__all__ = ["KINDS", "NATURES", "Context", "Quote", "ng", "neto", "Cited", "QUOTES", "Erratum", "Outcome", "Check", "DECLARED",
           "RegistrationError", "check", "registered", "checks_for", "Unchecked", "UNCHECKED", "unchecked"]


@dataclass(frozen=True)
class Context:
    """How deep and how reproducibly to check: Hypothesis seed, points per sampled check, and
    the mpmath working precision in decimal digits."""

    seed: int = 229
    examples: int = 40
    digits: int = 50


QUOTES = {}  # (source, line, text) -> Quote, every quote made so far


@dataclass(frozen=True)
class Quote:
    """The printed form a check reads: document key, 1-based line of its text copy, the
    verbatim fragment (≤ 200 characters) and, when the check reads it otherwise than written,
    the ``reading`` it uses."""

    source: str
    line: int
    text: str
    reading: str = ""

    def __post_init__(self):
        from .sources import SOURCES
        if self.source not in SOURCES:
            raise ValueError(f"Quote source must be one of {', '.join(SOURCES)}, got {self.source!r}")
        if not isinstance(self.line, int) or self.line < 1:
            raise ValueError(f"Quote line must be a positive int, got {self.line!r}")
        if not self.text or len(self.text) > 200:
            raise ValueError(f"Quote text must have 1 to 200 characters, got {len(self.text)}")
        QUOTES.setdefault((self.source, self.line, self.text), self)

    @property
    def place(self):
        """'Ng, line 94': the readable source key and the line."""
        from .sources import short
        return f"{short(self.source)}, line {self.line}"

    def data(self):
        out = {"source": self.source, "cited": self.place, "line": self.line, "text": self.text}
        if self.reading:
            out["reading"] = self.reading
        return out


def ng(line, text, reading=""):
    """A ``Quote`` of Ng's notes (document "000")."""
    return Quote("000", line, text, reading)


def neto(line, text, reading=""):
    """A ``Quote`` of Neto's notes (document "002")."""
    return Quote("002", line, text, reading)


@dataclass(frozen=True)
class Cited:
    """A line of the copy of the notes being audited that no check quotes as such: where that
    copy prints a quoted form otherwise (an edited edition). Read like a Quote; not collected."""

    source: str
    line: int
    text: str
    reading: str = ""

    @property
    def place(self):
        from .sources import short
        return f"{short(self.source)}, line {self.line}"

    def data(self):
        return {"source": self.source, "cited": self.place, "line": self.line, "text": self.text}


NATURES = ("slip", "transcription", "convention", "remark")


@dataclass(frozen=True)
class Erratum:
    """A printed step that is false: what the page says, what is true, and a point where the
    printed form fails.

    nature: 'slip' when the notes' author wrote it so (a sign, an index, a missing hypothesis);
    'transcription' when the text of this copy lost what the page must have said (a minus sign
    or a ≥ dropped in extraction, a footnote marker read as a digit), which the reader of the text
    meets all the same; 'convention' for a notational clash that is not false (a reader's
    annotation in another field's convention, one letter for two things): listed apart and not
    counted as an erratum; 'remark' for a printed form a strict reading calls false that the
    report argues is right as the notes mean it (the argument in ``corrected``, the strict reading's
    counterexample in ``counterexample``): listed apart, not counted. ``quote`` is the printed
    form as the text copy has it."""

    id: str
    source: str
    printed: str
    corrected: str
    counterexample: str
    nature: str = "slip"
    quote: object = None

    def __post_init__(self):
        if self.nature not in NATURES:
            raise ValueError(f"nature must be one of {NATURES}, got {self.nature!r}")
        if self.quote is not None and not isinstance(self.quote, (Quote, Cited)):
            raise TypeError(f"Erratum quote must be a Quote, a Cited or None, got {type(self.quote).__name__}")

    @property
    def is_convention(self):
        return self.nature == "convention"

    @property
    def is_remark(self):
        return self.nature == "remark"

    @property
    def counts(self):
        """Whether it counts as an erratum (a slip or a transcription artefact)."""
        return self.nature in ("slip", "transcription")


@dataclass(frozen=True)
class Outcome:
    """passed: the check (with any erratum's corrected form) holds. method: 'symbolic' or
    'n points at d digits' (or 'exact', 'data'). residual: the worst residual seen (0 when
    symbolic). detail: one line for the reader, in particular what failed. forms: the printed
    forms it compared (``printed.Form``: parsed from the text or typed); missing: those the copy
    of the notes being audited does not print (the check does not pass then)."""

    passed: bool
    method: str
    residual: float = 0.0
    detail: str = ""
    errata: tuple = field(default_factory=tuple)
    quotes: tuple = field(default_factory=tuple)
    measure: str = ""
    forms: tuple = field(default_factory=tuple)
    missing: tuple = field(default_factory=tuple)


@dataclass(frozen=True)
class Check:
    id: str
    title: str
    source: str
    kind: str
    function: object
    quotes: tuple = ()

    @property
    def part(self):
        return part_of(self.id)

    @property
    def mutants(self):
        """The perturbations the check declares (``checking.relies_on``), for the self-test."""
        return tuple(getattr(self.function, "mutants", ()))

    def run(self, ctx):
        return self.function(ctx)


DECLARED = []  # every Check ``@check`` made, in the order made: what ``registered`` holds to the list


class RegistrationError(RuntimeError):
    """A check declared in a module of cs229 that ``cs229.proofs.checks.MODULES`` does not list."""


def check(id, title, source, kind, quotes=()):
    """Declare ``f(ctx) -> Outcome`` a check of catalog row ``id``; ``quotes`` are the printed
    forms it reads (``Quote``s). The audit runs it when its module is in
    ``cs229.proofs.checks.MODULES``, or when it is declared outside cs229 (a project's own check,
    in its conftest.py for ``pytest --cs229-audit``)."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, got {kind!r}")
    part_of(id)
    quotes = tuple(quotes)
    for q in quotes:
        if not isinstance(q, Quote):
            raise TypeError(f"check {id}: quotes must be Quote objects, got {type(q).__name__}")

    def declare(function):
        DECLARED.append(Check(id, title, source, kind, function, quotes))
        return function

    return declare


def _in_cs229(c):
    module = c.function.__module__
    return module == "cs229" or module.startswith("cs229.")


def registered():
    """The checks the audit runs, in the order of registration: those declared outside cs229
    (a project's own), then those of each module ``cs229.proofs.checks.MODULES`` lists, in the
    list's order and each module's. RegistrationError names a check declared in a module of
    cs229 that the list leaves out."""
    from .checks import MODULES

    listed = [m.__name__ for m in MODULES]
    for c in DECLARED:
        if _in_cs229(c) and c.function.__module__ not in listed:
            raise RegistrationError(f"check {c.id} ({c.function.__name__}) is declared in {c.function.__module__}, "
                                    "which cs229.proofs.checks.MODULES does not list: list the module there, "
                                    "or move the check into a listed one")
    own = sorted((c for c in DECLARED if _in_cs229(c)), key=lambda c: listed.index(c.function.__module__))
    return [c for c in DECLARED if not _in_cs229(c)] + own


@dataclass(frozen=True)
class Unchecked:
    """A printed formula, definition or claim no check decides, and why; ``part`` is the part
    of the notes it belongs to (from ``id`` when given)."""

    quote: Quote
    reason: str
    id: str = ""
    part: str = ""


UNCHECKED = []


def unchecked(quote, reason, id="", part=""):
    """Record that the printed ``quote`` is not checked, and the ``reason`` (an opinion, a figure
    absent from this copy, an algorithm box tested by the test suite rather than proved, ...);
    ``id`` the catalog row it belongs to, if any, else ``part`` ('I' … 'V', 'trees')."""
    from .catalog import PARTS
    if not isinstance(quote, Quote):
        raise TypeError(f"unchecked: quote must be a Quote, got {type(quote).__name__}")
    if not reason:
        raise ValueError("unchecked: give the reason the quote is not checked")
    if id:
        part = part_of(id)
    if part not in PARTS:
        raise ValueError(f"unchecked: give the catalog id or the part ({', '.join(PARTS)}), got {part!r}")
    UNCHECKED.append(Unchecked(quote, reason, id, part))


def checks_for(parts=None, ids=None):
    """The registered checks restricted to parts and/or IDs, in the notes' order (part, catalog
    number, then the order of registration)."""
    selected = []
    for c in registered():
        if parts and c.part not in parts:
            continue
        if ids and c.id not in ids and c.id.rstrip("abcdefghijklmnopqrstuvwxyz") not in ids:
            continue
        selected.append(c)
    return sorted(selected, key=_order)


def _order(c):
    """Part order of the notes, then catalog number, then registration order (stable sort)."""
    from .catalog import PARTS
    number = c.id.split("-")[1]
    digits = number.rstrip("abcdefghijklmnopqrstuvwxyz")
    prefix = c.id.split("-")[0]
    return list(PARTS).index(c.part), PARTS[c.part][2].index(prefix), int(digits), number[len(digits):]
