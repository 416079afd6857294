"""The registry of proof checks, keyed by catalog ID.

A check is a function ``f(ctx) -> Outcome`` registered with ``@check(id, title, source, kind)``.
Kinds: 'derivation' (a printed chain, step by step), 'identity' (a stated fact), 'optimality'
(the reference's output meets the conditions the derivation gives) and 'reproduction' (a
number printed in the notes, recomputed from data). An ID may hold several checks.
"""
from dataclasses import dataclass, field

from .catalog import part_of

KINDS = ("derivation", "identity", "optimality", "reproduction")

__all__ = ["KINDS", "NATURES", "Context", "Erratum", "Outcome", "Check", "REGISTRY", "check", "checks_for"]


@dataclass(frozen=True)
class Context:
    """How deep and how reproducibly to check: Hypothesis seed, points per sampled check, and
    the mpmath working precision in decimal digits."""

    seed: int = 229
    examples: int = 40
    digits: int = 50


NATURES = ("slip", "transcription")


@dataclass(frozen=True)
class Erratum:
    """A printed step that is false: what the page says, what is true, and a point where the
    printed form fails.

    nature: 'slip' when the notes' author wrote it so (a sign, an index, a missing hypothesis);
    'transcription' when the text of this copy lost what the page must have said (a minus sign
    or a ≥ dropped in extraction, a footnote marker read as a digit, a reader's handwritten
    annotation), which the reader of the text meets all the same."""

    id: str
    source: str
    printed: str
    corrected: str
    counterexample: str
    nature: str = "slip"

    def __post_init__(self):
        if self.nature not in NATURES:
            raise ValueError(f"nature must be one of {NATURES}, got {self.nature!r}")


@dataclass(frozen=True)
class Outcome:
    """passed: the check (with any erratum's corrected form) holds. method: 'symbolic' or
    'n points at d digits' (or 'exact', 'data'). residual: the worst residual seen (0 when
    symbolic). detail: one line for the reader, in particular what failed."""

    passed: bool
    method: str
    residual: float = 0.0
    detail: str = ""
    errata: tuple = field(default_factory=tuple)


@dataclass(frozen=True)
class Check:
    id: str
    title: str
    source: str
    kind: str
    function: object

    @property
    def part(self):
        return part_of(self.id)

    def run(self, ctx):
        return self.function(ctx)


REGISTRY = []


def check(id, title, source, kind):
    """Register ``f(ctx) -> Outcome`` as a check of catalog row ``id``."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, got {kind!r}")
    part_of(id)

    def register(function):
        REGISTRY.append(Check(id, title, source, kind, function))
        return function

    return register


def checks_for(parts=None, ids=None):
    """The registered checks, in registration order, restricted to parts and/or IDs."""
    from . import checks  # noqa: F401  (importing registers every check)

    selected = []
    for c in REGISTRY:
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
