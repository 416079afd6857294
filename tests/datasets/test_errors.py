"""The shipped data sets (cs229.reference.datasets): what both faces refuse and how: the exact type
and text of every error, and the bad-input treatment of every entry point (tests/bad_input.py)."""
import pytest

from cs229.reference import datasets

from tests.datasets.test_formulas import _Files


@pytest.mark.parametrize("text, number", [("ham\tok\nham", 2), ("spam\tok\nham\tok\neggs\tno", 3),
                                          ("hello", 1)])
def test_a_damaged_sms_line_is_refused_by_its_number(monkeypatch, text, number):
    monkeypatch.setattr(datasets.resources, "files", lambda package: _Files(text))
    with pytest.raises(ValueError) as e:
        datasets.sms_spam()
    assert str(e.value) == f"SMSSpamCollection line {number} is not 'ham|spam<TAB>message'"
