"""The catalog: every item of the notes the project covers, one row per ID, shipped with the
package (``data/catalog.md``, the project's CATALOG.md), and the parts of the notes the audit
groups the rows by.

A row has its ID, the item, where the notes print it and what it needs: R reference code, F a
Cython twin, P a proof check, T property tests. ``NEEDS_PROOF`` are the rows marked P, so that
the audit can say which of them no check covers.
"""
import argparse
import os
import re
from dataclasses import dataclass

__all__ = ["PARTS", "Row", "ROWS", "NEEDS_PROOF", "part_of", "base_id", "normalise_id",
           "normalise_part", "part_argument", "row", "tests_naming", "PART_HELP", "ID_HELP"]

PARTS = {
    "I": ("Linear regression", "000 Part I; 002 §1.1-1.2", ("LR",)),
    "II": ("Classification, logistic regression, perceptron, Newton", "000 Part II; 002 §1.2-1.3",
           ("LG", "PC", "NW")),
    "III": ("Exponential family, GLMs, softmax", "000 Part III; 002 §1.3.2-1.3.4",
            ("EF", "GLM", "SM")),
    "IV": ("Generative learning: GDA and Naive Bayes", "000 Part IV; 002 §1.4",
           ("GEN", "MVN", "GDA", "NB")),
    "V": ("Support vector machines", "000 Part V; 001 §11.1-11.2; 004; 002 §1.5",
          ("MG", "OMC", "LD", "KR", "SOFT", "CA", "SMO")),
    "trees": ("Decision trees", "001 §11.3", ("DT",)),
    "X": ("Beyond the notes: the extensions users expect", "extends 000 Parts I-IV; 001 §11.3",
          ("X",)),
}

_DATA = os.path.join(os.path.dirname(__file__), "data", "catalog.md")
_ROW = re.compile(r"^\| ([A-Z]+-\d+[a-z]?) \| (.*) \| (.*) \| ([RFPT ]+) \|$")


@dataclass(frozen=True)
class Row:
    """One catalog row: ``needs`` is a tuple of the letters R, F, P, T."""

    id: str
    item: str
    where: str
    needs: tuple

    @property
    def part(self):
        return part_of(self.id)


def _read_rows(path=_DATA):
    rows = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = _ROW.match(line.rstrip("\n"))
            if m:
                id_, item, where, needs = m.groups()
                rows[id_] = Row(id_, item.replace("\\|", "|"), where, tuple(needs.split()))
    return rows


ROWS = _read_rows()
NEEDS_PROOF = [i for i, r in ROWS.items() if "P" in r.needs]


def part_of(catalog_id):
    """The part ('I' … 'V', 'trees' or 'X') a catalog ID such as 'LR-5' or 'KR-9a' belongs to."""
    prefix = catalog_id.split("-")[0]
    for part, (_, _, prefixes) in PARTS.items():
        if prefix in prefixes:
            return part
    raise KeyError(f"unknown catalog prefix in {catalog_id!r}")


def base_id(catalog_id):
    """'LR-9a' -> 'LR-9' (sub-IDs count toward their row)."""
    head, _, tail = catalog_id.partition("-")
    return head + "-" + tail.rstrip("abcdefghijklmnopqrstuvwxyz")


def normalise_id(text):
    """An ID as the catalog spells it, whatever the case: 'lr-9a' -> 'LR-9a'."""
    head, sep, tail = text.strip().partition("-")
    return head.upper() + sep + tail.lower()


def normalise_part(text):
    """A part as ``PARTS`` spells it, whatever the case: 'v' -> 'V', 'Trees' -> 'trees'."""
    for part in PARTS:
        if part.lower() == text.strip().lower():
            return part
    raise KeyError(f"unknown part {text!r}; the parts are {', '.join(PARTS)}")


def part_argument(text):
    """``normalise_part`` as the argparse type of ``cs229 audit --part`` and pytest's
    ``--cs229-audit-part``: an unknown part is a usage error naming the parts."""
    try:
        return normalise_part(text)
    except KeyError as e:
        raise argparse.ArgumentTypeError(e.args[0]) from None


# the help of the options that select checks, the same in ``cs229 audit`` and pytest's plugin
PART_HELP = f"only this part of the notes: {', '.join(PARTS)} (repeatable, any case)"
ID_HELP = "only this catalog ID, e.g. LR-11 (repeatable, or comma-separated; any case)"


def row(catalog_id):
    """The catalog row of an ID (a sub-ID's row is its base row's)."""
    return ROWS[base_id(catalog_id)]


def tests_naming(catalog_id, tests_directory=None):
    """The test modules that name ``catalog_id``, as paths under tests/ (``"svm/test_parity.py"``;
    in a checkout: the tests/ beside proofs/), leaving out the audit's own tests (tests/audit/),
    which name IDs as examples; None when the tests are not installed."""
    directory = tests_directory or os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))),
                                                "tests")
    if not os.path.isdir(directory):
        return None
    pattern = re.compile(r"(?<![\w-])" + re.escape(catalog_id) + r"[a-z]?(?![\w-])")
    found = []
    for folder, subfolders, names in os.walk(directory):
        subfolders[:] = sorted(d for d in subfolders if d != "audit" and not d.startswith(("_", ".")))
        for name in sorted(names):
            if name.startswith("test_") and name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    if pattern.search(f.read()):
                        found.append(os.path.relpath(path, directory).replace(os.sep, "/"))
    return sorted(found)
