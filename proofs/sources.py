"""The five documents the audit reads, as each names itself, and the short keys the report cites
them by.

The project's copies are text files ``000_….txt`` … ``004_….txt`` (``../shared/notes`` beside
a checkout); their keys "000" … "004" stay accepted everywhere as aliases. A reader who wants the
page needs the document itself: ``SOURCES[key]`` gives its title, its authors (scribes and
lecturer for a lecture), the date or edition it prints, the parts it covers and ``short``, the
readable key the report uses (``Ng``, ``Ramanan L11``, ``Neto``, ``Ng V (OCR)``, ``L08``).
``cite(text)`` rewrites a place such as "000 §2.2; 002 §1.1.3" into "Ng §2.2; Neto §1.1.3".
"""
import os
import re
from dataclasses import dataclass

__all__ = ["Source", "SOURCES", "SECOND_COPY", "cite", "short", "notes_directory", "missing_notes", "notes_lines",
           "formula_lines", "is_formula", "first_copy_of", "table"]


@dataclass(frozen=True)
class Source:
    key: str
    short: str
    file: str
    title: str
    authors: str
    date: str
    covers: str


SOURCES = {
    "000": Source("000", "Ng", "000_bcb5081ec9a0b44a.txt", "CS229 Lecture notes",
                  "Andrew Ng", "page headers read \"CS229 Fall 2018\"",
                  "Parts I-V: linear regression, classification and logistic regression, GLMs, "
                  "generative learning, support vector machines (Part V appears twice in this copy)"),
    "001": Source("001", "Ramanan L11", "001_863005648cda38e1.txt", "Lecture 11 — Feb 13",
                  "scribes Dennis Park and Pornpat Nikamanon; lecturer Deva Ramanan",
                  "Feb 13 (no year printed)",
                  "soft-margin SVM, duality notes, SMO, decision trees"),
    "002": Source("002", "Neto", "002_175a6c2b5ad2bf71.txt", "Machine Learning",
                  "Adair Antonio da Silva Neto (a summary based on Stanford's CS229 and on Hastie, "
                  "Tibshirani and Friedman [HTF17])", "January 3, 2025",
                  "§1.1-1.5: linear and logistic regression, GLMs, softmax, generative models, SVMs"),
    "003": Source("003", "Ng V (OCR)", "003_34a3186bc826d6f5.txt",
                  "CS229 Lecture notes, Part V (an OCR text)", "Andrew Ng", "none printed",
                  "Part V: support vector machines (the same text as 000 Part V)"),
    "004": Source("004", "L08", "004_100fc0e78b2d93cb.txt", "CS229 Note Lecture 08",
                  "no author printed", "none printed",
                  "the dual problem, kernels, soft margin, SMO, the string kernel"),
}

_KEY = re.compile(r"(?<![\w.])(00[0-4])(?![\w.])")


def short(key):
    """The readable key of a document key ('000' -> 'Ng'); a readable key is returned as is."""
    if key in SOURCES:
        return SOURCES[key].short
    if any(s.short == key for s in SOURCES.values()):
        return key
    raise KeyError(f"unknown source {key!r}; the documents are {', '.join(SOURCES)}")


def key_of(name):
    """The document key of '000', 'Ng', or a file name such as '000_bcb5081ec9a0b44a.txt'."""
    for s in SOURCES.values():
        if name in (s.key, s.short, s.file):
            return s.key
    raise KeyError(f"unknown source {name!r}; the documents are "
                   + ", ".join(f"{s.key} ({s.short})" for s in SOURCES.values()))


def cite(text):
    """``text`` with each document key that stands alone ('000', not '1000') replaced by its
    readable key: '000 V §3 (line 935; also 003)' -> 'Ng V §3 (line 935; also Ng V (OCR))'."""
    return _KEY.sub(lambda m: SOURCES[m.group(1)].short, text)


def _beside_checkout():
    """The shared/notes directories looked for beside a checkout (walking up from this file)."""
    here = os.path.dirname(os.path.realpath(__file__))
    candidates = []
    for _ in range(4):
        here = os.path.dirname(here)
        candidates.append(os.path.join(here, "shared", "notes"))
    return candidates


def notes_directory():
    """Where the text copies are: $CS229_NOTES, else ../shared/notes beside a checkout of the
    project (walking up from this file); None when neither exists."""
    env = os.environ.get("CS229_NOTES")
    if env:
        return env if os.path.isdir(env) else None
    for candidate in _beside_checkout():
        if os.path.isdir(candidate):
            return candidate
    return None


def missing_notes():
    """None when every text copy can be read; otherwise what is missing, where the copies were
    looked for and how to point at them (the package does not ship the notes)."""
    env = os.environ.get("CS229_NOTES")
    directory = notes_directory()
    if directory is None:
        where = (f"CS229_NOTES={env} is not a directory" if env else
                 "CS229_NOTES is not set and there is no shared/notes directory beside the "
                 f"package's directory {os.path.dirname(os.path.dirname(os.path.realpath(__file__)))} "
                 "or above it")
        return (f"{where}. The package does not ship the notes: put the five text copies "
                f"({', '.join(s.file for s in SOURCES.values())}; cs229 audit --sources names each "
                "document) in one directory and set CS229_NOTES to it")
    absent = [s.file for s in SOURCES.values() if not os.path.isfile(os.path.join(directory, s.file))]
    if absent:
        return (f"{directory} (from {'CS229_NOTES' if env else 'the checkout'}) lacks {', '.join(absent)}; "
                "set CS229_NOTES to the directory that holds all five text copies")
    return None


_LINES = {}


def notes_lines(key, directory=None):
    """The lines of document ``key`` (index 0 is line 1), read from ``directory`` (default
    ``notes_directory()``); FileNotFoundError when the copy is absent."""
    directory = directory or notes_directory()
    if directory is None:
        raise FileNotFoundError(f"the notes' text copies are not here: {missing_notes()}")
    path = os.path.join(directory, SOURCES[key].file)
    if path not in _LINES:
        with open(path, encoding="utf-8") as f:
            _LINES[path] = f.read().split("\n")
    return _LINES[path]


# 000 prints Part V twice: lines 897-1417, then the same text again from line 1418 to the end
SECOND_COPY = {"000": ((897, 1417), 1418)}


_MATH = re.compile(r"\$\$?(.+?)\$\$?")
_RELATION = re.compile(r"=|<|>|\\leq?\b|\\geq?\b|\\neq?\b|\\in\b|\\mapsto|\\to\b|\\sim|\\ll|\\gg|\\implies|"
                       r"\\Rightarrow|\\approx|\\propto|\\iff")
_WORD = re.compile(r"[A-Za-z]{3,}")
_ENVIRONMENT = re.compile(r"\\(begin|end)\{\w+\}")


def is_formula(line):
    """Whether a line of a text copy prints a formula: a display ($$…$$, or a line of TeX and
    punctuation only), or prose whose inline TeX ($…$) states a relation (=, ≤, ∈, ↦, ∼, ⇒, …).
    Prose that only names a symbol ("minimize $J(\\theta)$") states nothing to check."""
    if "$" not in line or not _ENVIRONMENT.sub("", line).strip("$ "):
        return False  # no TeX, or only the $$ \\begin{aligned} … \\end{aligned}$$ around a display
    if "$$" in line or line.lstrip().startswith("\\") or not _WORD.search(_MATH.sub("", line)):
        return True
    return any(_RELATION.search(span) for span in _MATH.findall(line))


def formula_lines(key, directory=None):
    """The line numbers of document ``key`` that print a formula (``is_formula``). 003, the OCR
    text, lost its TeX: no line of it is recognisably a formula (it is the text of 000 Part V,
    which is read line by line)."""
    return [k + 1 for k, line in enumerate(notes_lines(key, directory)) if is_formula(line)]


_TEX_SPACING = re.compile(r"<sup>.*?</sup>|&lt;sup>.*?</sup>|\(\d+\)\s*$|\\tag\{[^}]*\}|\\quad|\\,|\\ |"
                         r"\\left|\\right|\*\*|[\s{}$.,]")


def _same_formula(text):
    """A line's text without what does not change the formula: spaces, braces, TeX spacing and
    sizing, tags and a closing (N), footnote markers, bold, the $ delimiters, full stops and
    commas; ≥, ⇒ and … in one spelling."""
    for a, b in ((r"\geq", r"\ge"), (r"\leq", r"\le"), (r"\ldots", "..."), (r"\dots", "..."),
                 (r"\Rightarrow", r"\implies")):
        text = text.replace(a, b)
    return _TEX_SPACING.sub("", text)


def first_copy_of(key, line, directory=None):
    """For a line of the second copy of a part printed twice (``SECOND_COPY``), the lines of the
    first copy with the same text (``_same_formula``: TeX spacing aside); () for any other line."""
    if key not in SECOND_COPY or line < SECOND_COPY[key][1]:
        return ()
    lines = notes_lines(key, directory)
    (start, end), _ = SECOND_COPY[key]
    text = _same_formula(lines[line - 1])
    return tuple(k for k in range(start, end + 1) if _same_formula(lines[k - 1]) == text)


def table():
    """The sources as plain data (what ``--json`` prints under "sources")."""
    return [{"key": s.key, "short": s.short, "file": s.file, "title": s.title, "authors": s.authors,
             "date": s.date, "covers": s.covers} for s in SOURCES.values()]
