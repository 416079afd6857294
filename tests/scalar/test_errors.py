"""The scalar functions of the reference on float, exact and mpf arguments (cs229.reference.scalar):
what both faces refuse and how: the exact type and text of every error, and the bad-input treatment
of every entry point (tests/bad_input.py)."""
import pytest

from cs229.reference import scalar as s
from cs229.reference.scalar import ExactResultError

from tests.scalar.test_formulas import F, MPF


@pytest.mark.parametrize("call, message", [
    (lambda: s.log(MPF(0)), "log of a non-positive number (0.0)"),
    (lambda: s.log(MPF(-2)), "log of a non-positive number (-2.0)"),
    (lambda: s.sqrt(F(-1, 4)), "sqrt of a negative number (-1/4)"),
    (lambda: s.sqrt(MPF(-1)), "sqrt of a negative number (-1.0)"),
    (lambda: s.lgamma(0), "lgamma of a non-positive number (0)"),
    (lambda: s.lgamma(-1.5), "lgamma of a non-positive number (-1.5)"),
    (lambda: s.lgamma(MPF(0)), "lgamma of a non-positive number (0.0)"),
    (lambda: s.log2(F(0)), "log2 of a non-positive number (0)"),
    (lambda: s.log2(F(-1, 2)), "log2 of a non-positive number (-1/2)"),
    (lambda: s.log2(MPF(0)), "log2 of a non-positive number (0.0)"),
], ids=lambda v: "" if callable(v) else v.split(" of")[0])
def test_outside_the_domain_word_for_word(call, message):
    with pytest.raises(ValueError) as e:
        call()
    assert str(e.value) == message and not isinstance(e.value, ExactResultError)


def test_float_domain_errors_are_the_math_modules():
    for function, x in ((s.log, 0.0), (s.sqrt, -1.0), (s.log2, 0.0), (s.log1p, -1.0)):
        with pytest.raises(ValueError):
            function(x)
