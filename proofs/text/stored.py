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
def quotes():
    """((document, line, text), ...) as stored, in the file's order."""
    if not os.path.exists(PATH):
        return ()
    with open(PATH, encoding="utf-8") as f:
        return tuple((q["source"], q["line"], q["text"]) for q in json.load(f))


def collect():
    """Every quote the checks make, running each check once (one point each)."""
    from ..registry import QUOTES, Context, checks_for

    for check in checks_for():
        try:
            check.run(Context(examples=1))
        except Exception:  # a failing check still made its quotes; the audit reports it
            pass
    return sorted(QUOTES, key=lambda q: (q[0], q[1], q[2]))


def write(items, path=PATH):
    with open(path, "w", encoding="utf-8") as f:
        json.dump([{"source": s, "line": n, "text": t} for s, n, t in items], f, ensure_ascii=False, indent=0)
        f.write("\n")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m cs229.proofs.text.stored --write")
    items = collect()
    write(items)
    print(f"{len(items)} quotes written to {PATH}")
