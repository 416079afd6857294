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

__all__ = ["Source", "SOURCES", "cite", "short", "notes_directory", "notes_lines", "table"]


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


def notes_directory():
    """Where the text copies are: $CS229_NOTES, else ../shared/notes beside a checkout of the
    project (walking up from this file); None when neither exists."""
    env = os.environ.get("CS229_NOTES")
    if env:
        return env if os.path.isdir(env) else None
    here = os.path.dirname(os.path.realpath(__file__))
    for _ in range(4):
        here = os.path.dirname(here)
        candidate = os.path.join(here, "shared", "notes")
        if os.path.isdir(candidate):
            return candidate
    return None


_LINES = {}


def notes_lines(key, directory=None):
    """The lines of document ``key`` (index 0 is line 1), read from ``directory`` (default
    ``notes_directory()``); FileNotFoundError when the copy is absent."""
    directory = directory or notes_directory()
    if directory is None:
        raise FileNotFoundError("the notes' text copies are not here (set CS229_NOTES to their directory)")
    path = os.path.join(directory, SOURCES[key].file)
    if path not in _LINES:
        with open(path, encoding="utf-8") as f:
            _LINES[path] = f.read().split("\n")
    return _LINES[path]


def table():
    """The sources as plain data (what ``--json`` prints under "sources")."""
    return [{"key": s.key, "short": s.short, "file": s.file, "title": s.title, "authors": s.authors,
             "date": s.date, "covers": s.covers} for s in SOURCES.values()]
