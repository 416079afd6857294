"""The quotes the package stores: every fragment of the notes a check quotes, with its document
and line (``proofs/data/quotes.json``). They place a copy's lines (``copies``: where each quote
should stand), and where no copy of the notes is at hand they serve as the text. The package
ships no copy of the notes, only these fragments.

The file is made by running every check (quotes are made as checks run) and writing what they
quoted: ``python -m cs229.proofs.text.stored --write``; the quotes test fails when it is not
up to date.
"""
import functools
import json
import os
import sys

__all__ = ["PATH", "quotes", "collect", "write"]

PATH = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "quotes.json")


@functools.lru_cache(maxsize=1)
def _load():
    if not os.path.exists(PATH):
        return []
    with open(PATH, encoding="utf-8") as f:
        return json.load(f)


def quotes():
    """((document, line, text), ...) as stored, in the file's order."""
    return tuple((q["source"], q["line"], q["text"]) for q in _load())


@functools.lru_cache(maxsize=1)
def places():
    """{(document, line, text): (formula, statement, first element, last element, elements in
    the statement)}: where a quoted printed form stands in its line's formula, for the quotes that
    are whole elements of a formula (so that a copy that rewrites the element is still read
    at its place)."""
    return {(q["source"], q["line"], q["text"]): tuple(q["element"]) for q in _load() if "element" in q}


def collect():
    """Every quote the checks make, running each check once (one point each)."""
    from ..registry import QUOTES, Context, checks_for

    for check in checks_for():
        try:
            check.run(Context(examples=1))
        except Exception:  # a failing check still made its quotes; the audit reports it
            pass
    return sorted(QUOTES, key=lambda q: (q[0], q[1], q[2]))


def element_of(raw, text):
    """(formula, statement, first element, last element, elements in the statement) of the
    formula of line ``raw`` whose elements the quote ``text`` covers exactly (spacing aside), or
    None."""
    from .copies import normal, top_elements

    at = raw.find(text)
    if at < 0:
        return None
    end = at + len(text)
    for p, statements in enumerate(top_elements(raw)):
        for k, elements in enumerate(statements):
            touched = [e for e, (a, b) in enumerate(elements) if a < end and at < b]
            covered = raw[elements[touched[0]][0]:elements[touched[-1]][1]] if touched else ""
            if touched and normal(covered) == normal(text.rstrip(" ,.;")):
                return (p, k, touched[0], touched[-1], len(elements))
    return None


def write(items, path=PATH, notes=None):
    """Store the quotes (with where each printed form stands in its line, from the copy in
    ``notes``, default the project's)."""
    from .copies import Copy
    from ..sources import notes_directory

    directory = notes or notes_directory()
    copy = Copy.from_directory(directory) if directory else None
    out = []
    for s, n, t in items:
        entry = {"source": s, "line": n, "text": t}
        if copy is not None:
            element = element_of(copy.line(s, n), t)
            if element is not None:
                entry["element"] = list(element)
        out.append(entry)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=0)
        f.write("\n")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m cs229.proofs.text.stored --write")
    items = collect()
    write(items)
    print(f"{len(items)} quotes written to {PATH}")
