"""The shipped data sets (cs229.reference.datasets): the notes' formulas and the facts they state,
against exact (Fraction) and 50-digit oracles and invariants, on the reference and, where a test
takes ``impl``, on both faces."""
import codecs
from fractions import Fraction

import pytest

from cs229.reference import datasets


def test_housing_is_the_notes_table():
    d = datasets.housing()
    assert len(d["area"]) == len(d["bedrooms"]) == len(d["price"]) == 47
    assert (d["area"][0], d["bedrooms"][0], d["price"][0]) == (2104, 3, Fraction(3999, 10))  # 000 prints 400
    assert all(type(a) is int for a in d["area"]) and all(type(p) is Fraction for p in d["price"])


def test_sms_spam_pairs():
    pairs = datasets.sms_spam()
    assert len(pairs) == 5574 and {label for label, _ in pairs} == {"ham", "spam"}
    assert sum(label == "spam" for label, _ in pairs) == 747


class _Files:
    """Stands in for importlib.resources.files: the SMS file's text, read as UTF-8 only."""

    def __init__(self, text):
        self.text = text

    def joinpath(self, name):
        return self

    def read_text(self, encoding=None):
        assert encoding is not None and codecs.lookup(encoding).name == "utf-8", encoding
        return self.text


@pytest.mark.parametrize("text, pairs", [
    ("ham\thello\nspam\tWIN now", [("ham", "hello"), ("spam", "WIN now")]),
    ("ham\ta\ttab inside", [("ham", "a\ttab inside")]),  # the label ends at the first tab
])
def test_sms_lines_split_at_the_first_tab(monkeypatch, text, pairs):
    monkeypatch.setattr(datasets.resources, "files", lambda package: _Files(text))
    assert datasets.sms_spam() == pairs
