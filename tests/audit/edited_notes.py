"""Edited copies of the notes for the tests of the checks that read the text: a copy with one
line changed, a check run on a copy, and the errata it reports at a line."""
import glob
import os
import shutil

import pytest

from cs229.proofs.registry import Context, checks_for
from cs229.proofs.sources import notes_directory
from cs229.proofs.text import copies

NOTES = notes_directory()
needs_notes = pytest.mark.skipif(NOTES is None, reason="the notes are not beside the checkout")


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
