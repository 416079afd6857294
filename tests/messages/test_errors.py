"""The message helpers both faces raise through (cs229.reference.messages): what both faces refuse
and how: the exact type and text of every error, and the bad-input treatment of every entry point
(tests/bad_input.py)."""
import string
from decimal import Decimal
from fractions import Fraction

import mpmath
import numpy as np
import pytest

from cs229.reference import messages as M


def test_show_gives_values_as_the_caller_gave_them():
    assert M.show(3) == "3" and M.show(3.0) == "3.0" and M.show(Fraction(1, 3)) == "1/3"
    assert M.show(np.float64(2.5)) == "2.5" and M.show(np.uint64(2 ** 64 - 1)) == "18446744073709551615"
    assert M.show(np.array(7)) == "7"  # a 0-d array is its value
    assert M.show(np.array([1, 2])) == repr(np.array([1, 2]))  # an array with .item() is not a scalar
    assert M.show("a") == "'a'" and M.show(None) == "None" and M.show(True) == "True"
    assert M.show(Decimal("1.5")) == "Decimal('1.5')" and M.show(1 + 2j) == "(1+2j)"


def test_rounded_as_g_format_and_past_the_float_range():
    assert M.rounded(0.0049512) == "0.00495" and M.rounded(1e-10) == "1e-10" and M.rounded(5) == "5"
    assert M.rounded(0.123456789, 6) == "0.123457" and M.rounded(Fraction(1, 3)) == "0.333"
    assert M.rounded(float("inf")) == "inf" and M.rounded(float("-inf")) == "-inf"
    assert M.rounded(Fraction(10 ** 400, 3)) == "3.33e+399" and M.rounded(-Fraction(10 ** 400, 3)) == "-3.33e+399"
    assert M.rounded(10 ** 500) == "1.0e+500" and M.rounded(mpmath.mpf("2.3456e400"), 2) == "2.3e+400"


def test_kind_name():
    assert M.kind_name(None) == "None" and M.kind_name(np.array(1.0)) == "a 0-dimensional array"
    assert M.kind_name("x") == "str" and M.kind_name(1.5) == "float" and M.kind_name(np.ones(2)) == "ndarray"


def test_estimator_and_integer_label():
    assert M.estimator("cs229.fast.naive_bayes") == "cs229.estimators.BernoulliNB or MultinomialNB"
    assert M.estimator("svm") == "a classifier of cs229.estimators"
    refusal = M.integer_label(TypeError("y[0] is 'a': expected an integer"), "cs229.reference.entropy")
    assert type(refusal) is TypeError
    assert str(refusal) == ("y[0] is 'a': expected an integer; labels must be integers, the notes' coding "
                            "here; for any other coding use cs229.estimators.DecisionTreeClassifier")


def test_error_fills_every_table_row_and_shows_the_value():
    for key, (kind, template) in M.MESSAGES.items():
        fields = {name: f"<{name}>" for _, name, _, _ in string.Formatter().parse(template) if name}
        e = M.error(key, **fields)
        shown = {**fields, "value": "'<value>'"} if "value" in fields else fields
        assert type(e) is kind and str(e) == template.format(**shown), key


# Entries of a list named in a message as the caller gave them, by both faces (the fast face once
# showed the float64 it had made of them: -1.0 for -1). (module, function, arguments, message)
SHOWN_AS_GIVEN = [
    ("kernels", "quadratic_features_c", ([1.0], -1), "c must be >= 0, got -1"),
    ("trees", "split_score", ([[1, -1], [0, 2]],), "table[0][1] is -1: a count must be a non-negative integer"),
    ("svm", "soft_margin_primal", ([[1.0], [-1.0]], [1, -1], [1.0], 0.0, [0, -1], 1.0),
     "xi[1] is -1: slacks must be >= 0"),
    ("svm", "kkt_violations", ([[1.0], [-1.0]], [1, -1], [0, -1], 0.0, 1.0),
     "alpha[1] = -1 is outside the box 0 <= alpha <= C"),
    ("glm", "log_likelihood", ("exponential", [[1.0, 0.0], [1.0, 1.0]], [1, -4], [-1.0, 0.0]),
     "y[1] is -4: the target must be > 0"),
]


@pytest.mark.parametrize("module, name, args, message", SHOWN_AS_GIVEN, ids=[c[1] for c in SHOWN_AS_GIVEN])
def test_list_entries_are_shown_as_given_in_both_faces(impl, module, name, args, message):
    with pytest.raises(ValueError) as e:
        getattr(getattr(impl, module), name)(*args)
    assert str(e.value) == message
