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
import collections
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
_FUZZY_SHARE = 0.75  # of a formula's tokens a line must hold, in order, to hold the quote changed
_FUZZY_SHARE_PROSE = 0.85  # of a sentence's words
_FUZZY_SCORE = 0.6  # the share less the cost of the distance from where the quote should stand
_FUZZY_TOKENS = 6  # a quote shorter than this is found exactly or not at all
_TWICE_DRIFT = 40  # how far a part printed twice may drift from line-for-line in its repeat
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
        self._claims = None
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
        """The quotes stored in the package (``stored.quotes()``), each at its line, as the text."""
        from . import stored

        documents = {}
        for (source, line, text) in stored.quotes():
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

    def with_line(self, key, number, text):
        """This copy with line ``number`` of document ``key`` replaced by ``text`` (a seeded slip):
        it shares what it can with this one, so that making many such copies stays cheap."""
        lines = list(self.lines(key))
        lines[number - 1] = text
        other = Copy({**self.documents, key: lines}, f"{self.origin} with line {number} of {key} changed",
                     self.stored)
        other._normal_lines = dict(self._normal_lines)
        if key in other._normal_lines:
            normals = list(other._normal_lines[key])
            normals[number - 1] = normal(text)
            other._normal_lines[key] = normals
        if not self.stored:
            other._anchors = self._anchor_table()
            other._claims = {place: lines for place, lines in self._claim_table().items()
                             if place != (key, number)}
            wanted = other._normal(key)[number - 1]
            other._expected_exact = self._expected_exact
            for (source, line, text), place in self._expected_exact.items():
                if source == key and place == number and normal(text) in wanted:
                    other._claims.setdefault((key, number), set()).add(line)
        return other

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

    def locate(self, quote, whole=False):
        """Every place the quote stands in this copy (see the module's docstring). ``whole``: the
        quote names a printed form, and each occurrence is widened to the whole elements of the
        formula it touches (a quote that is part of one element is a citation, not a form)."""
        key = (quote.source, quote.line, quote.text, whole)
        if key in self._cache:
            return self._cache[key]
        if self.stored:
            occurrences = [Occurrence(quote.source, k, quote.text, False) for k in self.exact(quote)]
        else:
            occurrences = []
            for place, tolerance in self._expected_places(quote):
                found = self._near(quote, place, tolerance, whole, taken={o.line for o in occurrences})
                if found is not None:
                    occurrences.append(found)
            if not occurrences:
                claims = self._claim_table()
                lines = [k for k in self.exact(quote)
                         if quote.line in claims.get((quote.source, k), {quote.line})]
                if len(lines) == 1:  # moved far from where it stood: found by being the only one
                    occurrences = [self._at(quote, lines[0], whole)]
        occurrences.sort(key=lambda o: o.line)
        located = Located(quote, tuple(occurrences))
        self._cache[key] = located
        return located

    def _near(self, quote, place, tolerance, whole, taken=()):
        """The quote as the lines near ``place`` print it: the exact match nearest the place
        within ``tolerance`` lines, else the line whose tokens hold the largest share of the
        quote's in order (at least ``_FUZZY_SHARE``), a line farther than the tolerance from the
        place costing ``_DISTANCE_COST`` a line (so that the same formula printed again a few
        lines on is not taken for a changed one). A line where another quote stands exactly is
        not this one's changed version."""
        wanted_text = normal(quote.text)
        normals = self._normal(quote.source)
        claims = self._claim_table()

        def free(k):
            claimants = claims.get((quote.source, k))
            return k not in taken and (not claimants or quote.line in claimants)
        near = [k for k in range(max(1, place - tolerance), min(len(normals), place + tolerance) + 1)
                if wanted_text and wanted_text in normals[k - 1] and (free(k) or tolerance <= 2)]
        if near:
            return self._at(quote, min(near, key=lambda k: (abs(k - place), k)), whole)
        if whole:
            at_place = self._by_element(quote, place)
            if at_place is not None:
                return at_place
        wanted = tokens(quote.text)
        if len(wanted) < _FUZZY_TOKENS:
            return None  # too short to tell a changed formula from another one
        lines = self.lines(quote.source)
        threshold = _FUZZY_SHARE if _is_formula(quote.text) else _FUZZY_SHARE_PROSE
        counts = collections.Counter(wanted)
        window = max(_FUZZY_WINDOW, tolerance)
        best = None
        for k in range(max(1, place - window), min(len(lines), place + window) + 1):
            if not free(k):
                continue
            exact = bool(wanted_text) and wanted_text in normals[k - 1]
            if not exact:
                # the tokens in common bound the share matched in order: most lines stop here
                common = counts & collections.Counter(normals[k - 1].split())
                if sum(common.values()) < threshold * len(wanted):
                    continue
            share, span = (1.0, None) if exact else _best_span(wanted, lines[k - 1])
            score = share - _DISTANCE_COST * max(0, abs(k - place) - (tolerance if tolerance > 2 else 0))
            if share >= threshold and score >= _FUZZY_SCORE and (best is None or score > best[0]):
                best = (score, k, span)
        if best is None:
            return None
        _, k, span = best
        return self._at(quote, k, whole, span)

    def _by_element(self, quote, place):
        """The printed form at its place when the line there prints, in the same formula of the
        line, a statement with as many elements as the quote's line had (``stored.places``): the
        elements the quote covered, however this copy writes them (an equivalent rewrite, a
        slip)."""
        from . import stored

        where = stored.places().get((quote.source, quote.line, quote.text))
        if where is None:
            return None
        piece, statement, first, last, count = where
        for k in (place, place - 1, place + 1):
            formulas = top_elements(self.line(quote.source, k))
            if piece < len(formulas) and statement < len(formulas[piece]) and \
                    len(formulas[piece][statement]) == count:
                elements = formulas[piece][statement]
                raw = self.line(quote.source, k)
                text = raw[elements[first][0]:elements[last][1]].strip()
                return Occurrence(quote.source, k, text, normal(text) != normal(quote.text))
        return None

    def _at(self, quote, k, whole, span=None):
        """The occurrence of the quote at line k: the span of the line that matches it (found by
        alignment when not given), for a printed form (``whole``) widened to the whole elements
        it touches (so that a factor printed before the quoted one is seen), and whether it
        differs from the quote."""
        raw = self.line(quote.source, k)
        if span is None:
            at = raw.find(quote.text)
            span = (at, at + len(quote.text)) if at >= 0 else _best_span(tokens(quote.text), raw)[1]
        start, end = _whole_elements(raw, *span) if whole and _is_formula(quote.text) else span
        text = raw[start:end]
        return Occurrence(quote.source, k, text, normal(text) != normal(quote.text))

    def _expected_places(self, quote):
        """Where the quote should stand in this copy, each with its tolerance in lines: its line
        moved as the exactly-found quotes around it moved (±2), and, for a part printed twice,
        the same place in the repeat (±``_TWICE_DRIFT``: the repeat is not line for line)."""
        return self._expected_places_of(quote.source, quote.line)

    def _expected_places_of(self, source, line):
        places = [(self._shifted(source, line), 2)]
        twice = TWICE.get(source)
        if twice and twice[0] <= line <= twice[1]:
            places.append((self._shifted(source, line + twice[2] - twice[0]), _TWICE_DRIFT))
        elif twice and line >= twice[2]:
            places.append((self._shifted(source, line - twice[2] + twice[0]), _TWICE_DRIFT))
        return places

    def _shifted(self, source, line):
        if self._anchors is None:
            return line  # while the anchors are being made
        anchors = self._anchors.get(source)
        if not anchors:
            return line
        olds = [a for a, _ in anchors]
        k = bisect.bisect_left(olds, line)
        near = anchors[max(0, k - 1):k + 1]
        if not near:
            return line
        shifts = [new - old for old, new in near]
        return line + round(sum(shifts) / len(shifts))

    def _claim_table(self):
        """{(document, line): the original lines of the quotes standing there exactly, where they
        should}: a line one quote stands on is not another quote's changed version."""
        self._anchor_table()
        return self._claims

    def _anchor_table(self):
        """For each document, (original line, line in this copy) of the stored quotes found
        exactly once, sorted: how the copy's lines moved. Also the claims: where each stored
        quote stands exactly, as expected (``_claim_table``)."""
        if self._anchors is None:
            from . import stored
            table = {}
            for (source, line, text) in stored.quotes():
                wanted = normal(text)
                if len(wanted) < 12:
                    continue  # too short to place a line
                found = [k + 1 for k, t in enumerate(self._normal(source)) if wanted in t]
                if len(found) == 1:
                    table.setdefault(source, []).append((line, found[0]))
            self._anchors = {s: sorted(set(v)) for s, v in table.items()}
            self._claims, self._expected_exact = {}, {}
            for (source, line, text) in stored.quotes():
                wanted = normal(text)
                if not wanted:
                    continue
                normals = self._normal(source)
                for place, tolerance in self._expected_places_of(source, line):
                    near = [k for k in range(max(1, place - tolerance), min(len(normals), place + tolerance) + 1)
                            if wanted in normals[k - 1]]
                    if near:
                        k = min(near, key=lambda k: (abs(k - place), k))
                        self._claims.setdefault((source, k), set()).add(line)
                        self._expected_exact.setdefault((source, line, text), k)
        return self._anchors


def _whole_elements(raw, start, end):
    """(start, end) widened to the printed elements of the formula that [start, end) touches: an
    element runs from the relation before it (or the formula's start) to the end of its
    expression; inside an aligned block, its lines' elements. Unchanged when [start, end) is not
    in a formula the grammar reads."""
    from .parse import NotationError, math_of, parse

    pieces = [m for m in math_of(raw) if m.start <= start and end <= m.end]
    if not pieces and "$" not in raw and _is_tex_line(raw):
        pieces = [_Piece(raw, 0)]
    if not pieces:
        return start, end
    piece = pieces[0]
    try:
        formula = parse(piece.tex)
    except NotationError:
        return start, end
    bounds = _elements(formula, piece.start, 0)
    touched = [b for b in bounds if b[1] < end and start < b[2]]
    if not touched:
        return start, end
    depth = max(b[0] for b in touched)
    touched = [b for b in touched if b[0] == depth]
    new_start = min(start, min(b[1] for b in touched))
    new_end = max(end, max(b[2] for b in touched))
    while new_start < start and raw[new_start] in " &":
        new_start += 1
    return new_start, new_end


def top_elements(raw):
    """The printed elements of each formula of a line: for each formula ($…$, $$…$$, or the line
    itself when it is TeX), for each statement, the (start, end) in the line of each element
    (from the relation before it to the end of its expression); [] for a formula the grammar
    cannot read."""
    from .parse import NotationError, math_of, parse

    pieces = math_of(raw)
    if not pieces and "$" not in raw and _is_tex_line(raw):
        pieces = [_Piece(raw, 0)]
    out = []
    for piece in pieces:
        try:
            formula = parse(piece.tex)
        except NotationError:
            out.append([])
            continue
        statements = []
        for st in formula.statements:
            elements, previous_end = [], st.span[0]
            for relation, expr in st.parts:
                if expr is None or expr.span == (0, 0):
                    continue
                elements.append((piece.start + (previous_end if relation is not None else expr.span[0]),
                                 piece.start + expr.span[1]))
                previous_end = expr.span[1]
            statements.append(elements)
        out.append(statements)
    return out


def _elements(formula, offset, depth):
    """(depth, start, end) of every printed element of a formula, and of the lines of the aligned
    blocks in it (one deeper)."""
    from . import syntax as S

    out = []
    for st in formula.statements:
        previous_end = st.span[0]
        for relation, expr in st.parts:
            if expr is None or expr.span == (0, 0):
                continue
            out.append((depth, offset + (previous_end if relation is not None else expr.span[0]), offset + expr.span[1]))
            previous_end = expr.span[1]
            for node in S.walk(expr):
                if isinstance(node, S.Aligned):
                    for line in node.lines:
                        out += _elements(line, offset, depth + 1)
    return out


@dataclass(frozen=True)
class _Piece:
    tex: str
    start: int


def _is_tex_line(raw):
    """A line of TeX with no $ (a line inside a display block): it starts with a command, an
    alignment mark or a relation, and has no run of three plain words."""
    text = raw.strip()
    return bool(text) and text[0] in "\\&=+-" and not re.search(r"\b[a-z]{2,}\s+[a-z]{2,}\s+[a-z]{2,}\b", text)


def _is_formula(text):
    """TeX rather than a sentence: a command, a $, or the marks of a formula (= ^ _ { })."""
    return any(c in text for c in "\\$=^_{}")


def _best_span(wanted, raw):
    """(share of ``wanted`` matched in order, (start, end) in ``raw``) for the window of
    ``raw``'s tokens, of about the quote's length, that holds the most of them in order."""
    positioned = [(m.group(), m.start(), m.end()) for m in _TOKEN.finditer(raw)]
    positioned = [(_SAME.get(t, t), s, e) for t, s, e in positioned if t not in _INVISIBLE and _SAME.get(t, t)]
    have = [t for t, _, _ in positioned]
    if not have:
        return 0.0, (0, 0)
    n = len(wanted)
    best = (0, 0, 0, len(have))  # (matched, -window length, start token, end token)
    for size in range(max(1, n - 3), n + 4):
        for start in range(0, max(1, len(have) - size + 1)):
            window = have[start:start + size]
            if not window or window[0] not in wanted and window[-1] not in wanted:
                continue
            matched = sum(b.size for b in difflib.SequenceMatcher(None, wanted, window, autojunk=False)
                          .get_matching_blocks())
            key = (matched, -len(window), -start)
            if key > (best[0], best[1], -best[2]):
                best = (matched, -len(window), start, start + len(window))
    matched, _, start_token, end_token = best
    if not matched:
        return 0.0, (0, 0)
    # trim unmatched tokens at the window's ends
    window = have[start_token:end_token]
    blocks = [b for b in difflib.SequenceMatcher(None, wanted, window, autojunk=False).get_matching_blocks() if b.size]
    lead = max(0, blocks[0].b - blocks[0].a)
    trail = max(0, (len(window) - blocks[-1].b - blocks[-1].size) - (n - blocks[-1].a - blocks[-1].size))
    start_token, end_token = start_token + lead, end_token - trail
    start = positioned[start_token][1]
    end = positioned[end_token - 1][2]
    while end < len(raw) and raw[end] in "} ":  # the braces a last token closes
        end += 1
    return matched / n, (start, len(raw[:end].rstrip()))


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
