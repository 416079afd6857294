"""The copy of the notes an audit reads, and where each quote stands in it.

A ``Copy`` holds the five documents as lines: read from a directory (``Copy.from_directory``:
``cs229 audit --notes DIR``, else ``$CS229_NOTES``, else ``../shared/notes`` beside a checkout), or
made of the quotes the package stores (``Copy.stored()``), which then serve as the text: every
quote stands at its line, word for word, and nothing else does.

``copy.locate(quote)`` finds a quote by its content, not by its line number, so that a copy with
lines inserted or deleted, TeX spaced otherwise or ``\\left``/``\\right`` added, is still read:

1. exactly: the lines whose formula text contains the quote's (spacing and sizing aside);
2. otherwise near where it should be: the line is estimated from the quotes of the same document
   that were found exactly before and after it (their shift), and the lines around it are
   searched for the quote's tokens, aligned with difflib; a line holding most of them holds the
   quote as this copy prints it, changed (a slip corrected, a slip introduced, an index renamed).

Each occurrence is returned: a formula printed twice (000 prints Part V twice) is found, and
checked, in both places. A quote found nowhere is ``missing``: the audit reports it as not found
in this copy, never as a pass.
"""
import bisect
import contextlib
import contextvars
import difflib
import os
import re
from dataclasses import dataclass

__all__ = ["Copy", "Occurrence", "Located", "current", "use", "tokens", "normal"]

_TOKEN = re.compile(r"\\[a-zA-Z]+|[A-Za-z]+|\\.|[^\s]")
_INVISIBLE = {"\\left", "\\right", "\\,", "\\;", "\\!", "\\ ", "\\quad", "\\qquad", "\\big", "\\Big",
              "\\bigl", "\\bigr", "\\displaystyle", "{", "}", "$"}
_SAME = {"\\geq": "\\ge", "\\leq": "\\le", "\\neq": "\\ne", "\\ldots": "\\dots", "\\cdots": "\\dots",
         "\\Rightarrow": "\\implies", "\\lvert": "|", "\\rvert": "|", "\\vert": "|", "\\mid": "|",
         "\\operatorname": "", "\\mathrm": ""}

# the second copy of a part printed twice: first line, last line, first line of the repeat
TWICE = {"000": (897, 1417, 1418)}
_FUZZY_WINDOW = 25  # lines searched either side of where a changed quote should be
_FUZZY_SHARE = 0.6  # of a formula's tokens a line must hold, in order, to hold the quote changed
_FUZZY_SHARE_PROSE = 0.85  # of a sentence's words
_DISTANCE_COST = 0.02  # a line nearer where the quote should be wins over a slightly better match


def tokens(text):
    """TeX as tokens that matter for the formula: commands, characters; spacing, sizing and
    braces left out, synonyms (≥, …) in one spelling."""
    out = []
    for t in _TOKEN.findall(text):
        if t in _INVISIBLE:
            continue
        t = _SAME.get(t, t)
        if t:
            out.append(t)
    return out


def normal(text):
    return " ".join(tokens(text))


@dataclass(frozen=True)
class Occurrence:
    """Where a quote stands in a copy: the document, the line, the text there that stands for
    the quote (the quote itself when found exactly), and whether it differs from the quote."""
    source: str
    line: int
    text: str
    changed: bool


@dataclass(frozen=True)
class Located:
    quote: object
    occurrences: tuple

    @property
    def found(self):
        return bool(self.occurrences)

    @property
    def first(self):
        return self.occurrences[0] if self.occurrences else None


class Copy:
    """The documents of one copy of the notes: {key: [line 1, line 2, …]}. ``origin`` says
    where they came from (a directory, or 'the quotes stored in the package')."""

    def __init__(self, documents, origin, stored=False):
        self.documents = documents
        self.origin = origin
        self.stored = stored
        self._normal_lines = {}
        self._anchors = None
        self._cache = {}

    @classmethod
    def from_directory(cls, directory):
        """The copy in ``directory``: the five files by the names the project's copy has
        (``000_….txt``), or any file whose name begins with the document's key ('000')."""
        from ..sources import SOURCES

        if not os.path.isdir(directory):
            raise FileNotFoundError(f"no directory {directory!r}")
        names = os.listdir(directory)
        documents = {}
        for key, source in SOURCES.items():
            candidates = [source.file] if source.file in names else \
                sorted(n for n in names if n.startswith(key) and n.endswith(".txt"))
            if not candidates:
                continue
            with open(os.path.join(directory, candidates[0]), encoding="utf-8") as f:
                documents[key] = f.read().split("\n")
        if not documents:
            raise FileNotFoundError(f"{directory!r} holds none of the documents "
                                    f"({', '.join(s.file for s in SOURCES.values())})")
        return cls(documents, os.path.abspath(directory))

    @classmethod
    def stored(cls):
        """The quotes stored in the package, each at its line, as the text."""
        from ..registry import QUOTES
        from .. import checks  # noqa: F401  (the quotes are made as the checks are defined)

        documents = {}
        for (source, line, text) in QUOTES:
            lines = documents.setdefault(source, [])
            while len(lines) < line:
                lines.append("")
            lines[line - 1] = (lines[line - 1] + "  " + text).strip() if lines[line - 1] else text
        return cls(documents, "the quotes stored in the package", stored=True)

    def lines(self, key):
        return self.documents.get(key, [])

    def line(self, key, number):
        lines = self.lines(key)
        return lines[number - 1] if 0 < number <= len(lines) else ""

    def _normal(self, key):
        if key not in self._normal_lines:
            self._normal_lines[key] = [normal(line) for line in self.lines(key)]
        return self._normal_lines[key]

    # -- locating ---------------------------------------------------------------------------------

    def exact(self, quote):
        """The lines of the quote's document whose text holds the quote's (spacing aside)."""
        wanted = normal(quote.text)
        if not wanted:
            return []
        return [k + 1 for k, text in enumerate(self._normal(quote.source)) if wanted in text]

    def locate(self, quote):
        """Every place the quote stands in this copy (see the module's docstring)."""
        key = (quote.source, quote.line, quote.text)
        if key in self._cache:
            return self._cache[key]
        lines = self.exact(quote)
        occurrences = []
        if self.stored or len(lines) == 1 and len(self._expected_places(quote)) == 1:
            occurrences = [Occurrence(quote.source, k, quote.text, False) for k in lines]
        else:
            for place in self._expected_places(quote):
                taken = {o.line for o in occurrences}
                near = [k for k in lines if abs(k - place) <= _FUZZY_WINDOW and k not in taken]
                if near:
                    k = min(near, key=lambda k: (abs(k - place), k))
                    occurrences.append(Occurrence(quote.source, k, quote.text, False))
                    continue
                changed = self._fuzzy(quote, place, taken)
                if changed is not None:
                    occurrences.append(changed)
            if not occurrences and len(lines) == 1:
                occurrences = [Occurrence(quote.source, lines[0], quote.text, False)]  # moved far
        occurrences.sort(key=lambda o: o.line)
        located = Located(quote, tuple(occurrences))
        self._cache[key] = located
        return located

    def _expected_places(self, quote):
        """Where the quote should stand in this copy: its line moved as the exactly-found quotes
        around it moved, and, for a part printed twice, the same place in the repeat."""
        original = [quote.line]
        twice = TWICE.get(quote.source)
        if twice and twice[0] <= quote.line <= twice[1]:
            original.append(quote.line + twice[2] - twice[0])
        elif twice and quote.line >= twice[2]:
            original.append(quote.line - twice[2] + twice[0])
        return [self._shifted(quote.source, line) for line in original]

    def _shifted(self, source, line):
        anchors = self._anchor_table().get(source)
        if not anchors:
            return line
        olds = [a for a, _ in anchors]
        k = bisect.bisect_left(olds, line)
        near = anchors[max(0, k - 1):k + 1]
        if not near:
            return line
        shifts = [new - old for old, new in near]
        return line + round(sum(shifts) / len(shifts))

    def _anchor_table(self):
        """For each document, (original line, line in this copy) of the quotes found exactly
        once, sorted: how the copy's lines moved."""
        if self._anchors is None:
            from ..registry import QUOTES
            table = {}
            for (source, line, text) in QUOTES:
                if len(normal(text)) < 12:
                    continue  # too short to place a line
                wanted = normal(text)
                found = [k + 1 for k, t in enumerate(self._normal(source)) if wanted in t]
                if len(found) == 1:
                    table.setdefault(source, []).append((line, found[0]))
            self._anchors = {s: sorted(set(v)) for s, v in table.items()}
        return self._anchors

    def _fuzzy(self, quote, place, taken=()):
        """The quote as the lines near ``place`` print it: the line holding the largest share
        (at least ``_FUZZY_SHARE``) of the quote's tokens in order, and the span of that line
        from the first token matched to the last (widened to the quote's length)."""
        wanted = tokens(quote.text)
        if len(wanted) < 3:
            return None
        lines = self.lines(quote.source)
        threshold = _FUZZY_SHARE if _is_formula(quote.text) else _FUZZY_SHARE_PROSE
        best = None
        for k in range(max(1, place - _FUZZY_WINDOW), min(len(lines), place + _FUZZY_WINDOW) + 1):
            if k in taken:
                continue
            raw = lines[k - 1]
            share, span = _best_span(wanted, raw)
            score = share - _DISTANCE_COST * abs(k - place)
            if share >= threshold and (best is None or score > best[0]):
                best = (score, k, span)
        if best is None:
            return None
        _, k, (start, end) = best
        text = lines[k - 1][start:end]
        return Occurrence(quote.source, k, text, normal(text) != normal(quote.text))


def _is_formula(text):
    """TeX rather than a sentence: a command, a $, or the marks of a formula (= ^ _ { })."""
    return any(c in text for c in "\\$=^_{}")


def _best_span(wanted, raw):
    """(share of ``wanted`` matched in order, (start, end) in ``raw``) for the best-aligned
    window of ``raw``'s tokens."""
    positioned = [(m.group(), m.start(), m.end()) for m in _TOKEN.finditer(raw)]
    positioned = [(_SAME.get(t, t), s, e) for t, s, e in positioned if t not in _INVISIBLE and _SAME.get(t, t)]
    have = [t for t, _, _ in positioned]
    if not have:
        return 0.0, (0, 0)
    matcher = difflib.SequenceMatcher(None, wanted, have, autojunk=False)
    blocks = [b for b in matcher.get_matching_blocks() if b.size]
    if not blocks:
        return 0.0, (0, 0)
    # the densest run of blocks: drop leading/trailing blocks far from the rest
    matched = sum(b.size for b in blocks)
    first, last = blocks[0], blocks[-1]
    start_token = max(0, first.b - first.a)
    end_token = min(len(have), last.b + last.size + (len(wanted) - last.a - last.size))
    start = positioned[start_token][1]
    end = positioned[end_token - 1][2]
    while end < len(raw) and raw[end] in "} ":  # the braces a last token closes
        end += 1
    return matched / len(wanted), (start, raw[:end].rstrip().__len__())


# ---- the copy in use -------------------------------------------------------------------------------

_CURRENT = contextvars.ContextVar("cs229_notes_copy", default=None)
_DEFAULT = {}


def default():
    """The copy an audit reads when none is given: $CS229_NOTES, else ../shared/notes beside a
    checkout, else the quotes stored in the package."""
    from ..sources import notes_directory

    directory = notes_directory()
    key = directory or "stored"
    if key not in _DEFAULT:
        _DEFAULT[key] = Copy.from_directory(directory) if directory else Copy.stored()
    return _DEFAULT[key]


def current():
    """The copy being audited (``use``), or the default one."""
    copy = _CURRENT.get()
    return copy if copy is not None else default()


@contextlib.contextmanager
def use(copy):
    """Audit ``copy`` (a Copy, or a directory) inside the block."""
    if isinstance(copy, str):
        copy = Copy.from_directory(copy)
    token = _CURRENT.set(copy)
    try:
        yield copy
    finally:
        _CURRENT.reset(token)
