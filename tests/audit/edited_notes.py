"""Edited copies of the notes for the tests of the checks that read the text: a copy with one
line changed, a check (or every check of some rows) run on a copy, and the errata it reports at a
line."""
import glob
import os
import shutil

import pytest

from cs229.proofs.registry import Context, checks_for
from cs229.proofs.sources import SOURCES, notes_directory
from cs229.proofs.text import copies

NOTES = notes_directory()
needs_notes = pytest.mark.skipif(NOTES is None, reason="the notes are not beside the checkout")
NG = SOURCES["000"].file


def edited_copy(tmp_path, document, line, old, new):
    """A copy of the notes with ``old`` replaced by ``new`` on ``line`` of ``document``."""
    for f in glob.glob(os.path.join(NOTES, "*")):
        shutil.copy(f, tmp_path)
        os.chmod(os.path.join(tmp_path, os.path.basename(f)), 0o644)
    (path,) = glob.glob(os.path.join(tmp_path, f"{document}_*.txt"))
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    assert old in lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    return str(tmp_path)


def run(check_id, title, directory=None):
    (check,) = [c for c in checks_for(ids=[check_id]) if c.title.startswith(title)]
    if directory is None:
        return check.run(Context(examples=2))
    with copies.use(directory):
        return check.run(Context(examples=2))


def errata_at(outcome, document, line):
    return [e for e in outcome.errata if e.quote is not None and (e.quote.source, e.quote.line) == (document, line)]


def errata_lines(outcome):
    """(source, line) of every erratum of ``outcome`` that is not a remark."""
    return [(e.quote.source, e.quote.line) for e in outcome.errata if e.nature != "remark"]


def edited(tmp_path, edit, document=NG):
    """A copy of the notes in tmp_path with ``edit(lines)`` applied to one document."""
    target = tmp_path / "notes"
    shutil.copytree(NOTES, target)
    path = target / document
    os.chmod(path, 0o644)
    lines = path.read_text(encoding="utf-8").split("\n")
    lines = edit(lines)
    path.write_text("\n".join(lines), encoding="utf-8")
    return str(target)


def replace(lines, number, old, new):
    assert old in lines[number - 1], lines[number - 1]
    lines[number - 1] = lines[number - 1].replace(old, new)
    return lines


def audited(directory, id, title):
    """The outcome of the check of row ``id`` whose title holds ``title``, on the copy in
    ``directory``."""
    (check,) = [c for c in checks_for(ids=[id]) if title in c.title]
    with copies.use(directory):
        return check.run(Context(examples=2))


def run_checks(directory, ids):
    """Every check of the rows ``ids`` on the copy in ``directory``, by (id, title)."""
    with copies.use(directory):
        return {(c.id, c.title): c.run(Context(examples=2)) for c in checks_for(ids=ids)}


def errata_among(outcomes, source, line):
    return [e for o in outcomes.values() for e in o.errata
            if e.quote is not None and (e.quote.source, e.quote.line) == (source, line)]


def only(outcomes, words):
    (outcome,) = [o for (_, title), o in outcomes.items() if words in title]
    return outcome
