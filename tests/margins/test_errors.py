"""Part V §2-3, margins (MG-1 … MG-3): what both faces refuse and how: the exact type and text of
every error, and the bad-input treatment of every entry point (tests/bad_input.py)."""
import numpy as np
import pytest

import cs229.fast.margins as F
import cs229.reference.margins as R
from cs229.reference.results import FloatRangeError

from tests.bad_input import Table, install


def test_labels_must_be_plus_minus_one_MG_1(impl):
    assert list(impl.margins.signed_labels([1, -1, 1])) == [1, -1, 1]
    with pytest.raises(ValueError, match=r"y\[0\] is 0.*classes="):
        impl.margins.signed_labels([0, 1, 1])
    assert list(impl.margins.signed_labels([0, 1, 0], classes=(0, 1))) == [-1, 1, -1]
    assert list(impl.margins.signed_labels(["ham", "spam"], classes=("ham", "spam"))) == [-1, 1]
    with pytest.raises(ValueError, match=r"y\[2\].*classes"):
        impl.margins.signed_labels([0, 1, 2], classes=(0, 1))
    with pytest.raises(ValueError, match="distinct"):
        impl.margins.signed_labels([0, 1], classes=(1, 1))


def test_zero_w_is_refused_MG_3(impl):
    with pytest.raises(ValueError, match="w is zero"):
        impl.margins.geometric_margins(impl.arg([[1.0, 2.0]]), [1], impl.arg([0.0, 0.0]), 1.0)


OVERFLOW = ": it overflows the float range; rescale the data or (w, b)"
ERRORS = [  # (function, arguments, exception, its message word for word) in both faces
    ("boundary_point", ([1.0, 2.0], [0.0, 0.0], 0.5), ValueError,
     "w is zero: there is no decision boundary wᵀx + b = 0 to project onto"),
    ("geometric_margin", ([1.0, 1.0], 1, [0.0, 0.0], 1.0), ValueError,
     "w is zero: there is no decision boundary wᵀx + b = 0 to measure from"),
    ("normalize", ([0.0, 0.0], 1.0), ValueError, "w is zero: there is no decision boundary wᵀx + b = 0 to measure from"),
    ("boundary_point", ([1e308, 1e308], [1e308, 1e308], 0.0), FloatRangeError, "wᵀx + b is inf" + OVERFLOW),
    ("geometric_margin", ([1e308, 1.0], 1, [1e308, 0.0], 0.0), FloatRangeError, "wᵀx + b is inf" + OVERFLOW),
    ("geometric_margin", ([1.0, 1.0], 1, [1e-300, 0.0], 1e300), FloatRangeError,
     "the geometric margin is inf" + OVERFLOW),
    ("functional_margin", ([1e308, 1.0], 1, [1e308, 0.0], 0.0), FloatRangeError, "wᵀx + b is inf" + OVERFLOW),
    ("hypothesis", ([1e308, 1e308], [1e308, 1e308], 0.0), FloatRangeError, "wᵀx + b is inf" + OVERFLOW),
    ("normalize", ([1e-300, 0.0], 1e300), FloatRangeError, "b/‖w‖ is inf" + OVERFLOW),
    ("g", ("1",), TypeError, "z is '1': expected a real number"),
    ("geometric_margins", ([[1e308, 1.0]], [1], [1e308, 0.0], 0.0), FloatRangeError, "wᵀX[0] + b is inf" + OVERFLOW),
    ("functional_margins", ([[1e308, 1.0]], [1], [1e308, 0.0], 0.0), FloatRangeError, "wᵀX[0] + b is inf" + OVERFLOW),
    ("predict", ([[1e308, 1e308]], [1e308, 1e308], 0.0), FloatRangeError, "wᵀX[0] + b is inf" + OVERFLOW),
    ("geometric_margin_set", ([[1.0, 1.0]], [1], [1e-300, 0.0], 1e300), FloatRangeError,
     "the geometric margin of X[0] is inf" + OVERFLOW),
    ("boundary_point", ([0.0, 0.0], [1e-300, 0.0], 1e300), FloatRangeError, "B[0] is -inf" + OVERFLOW),
]


@pytest.mark.parametrize("name, args, error, message", ERRORS, ids=[f"{e[0]}-{i}" for i, e in enumerate(ERRORS)])
def test_errors_word_for_word_MG(impl, name, args, error, message):
    args = tuple(impl.arg(a) if isinstance(a, list) else a for a in args)
    with pytest.raises(error) as e:
        getattr(impl.margins, name)(*args)
    assert str(e.value) == message


class _NoEquality:
    """A label whose == raises TypeError (neither −1 nor 1)."""

    def __eq__(self, other):
        raise TypeError("no comparison")

    __hash__ = object.__hash__


def test_signed_labels_errors_word_for_word_MG_1(impl):
    with pytest.raises(TypeError) as e:
        impl.margins.signed_labels(5)
    assert str(e.value) == "y must be a sequence of labels, got int"
    with pytest.raises(ValueError) as e:
        impl.margins.signed_labels(impl.arg([1.0, -1.0]), classes=(1, 1))
    assert str(e.value) == "classes must be a pair of two distinct labels (negative, positive), got (1, 1)"
    with pytest.raises(ValueError, match=r"^y\[0\] is <.*: labels must be -1 or 1, the notes' coding here"):
        impl.margins.signed_labels([_NoEquality()])


class _TextEqualToEverything(str):
    """Text whose == says yes to any value: a label must be refused for being text, not only for
    comparing unequal to ±1."""
    __hash__ = str.__hash__

    def __eq__(self, other):
        return True


def test_text_labels_are_refused_even_when_they_compare_equal_to_one_MG_1(impl):
    with pytest.raises(ValueError, match=r"^y\[1\] is 'a': labels must be -1 or 1"):
        impl.margins.signed_labels([1, _TextEqualToEverything("a")])


# ==================================================================================================
# Bad input for every entry point of cs229.fast.margins (and its reference twin): errors name
# the argument, labels must be ±1 unless a mapping is asked for, the caller's arrays are
# untouched, and every real dtype and layout gives the float64 answer (tests/bad_input.py).


X = np.array([[1.0, 2.0], [0.0, 3.0], [2.0, -1.0], [4.0, 1.0]])
Y = np.array([1.0, -1.0, 1.0, -1.0])
W = np.array([1.5, -2.25])

VALID = {
    "hypothesis": dict(x=X[1], w=W, b=0.5),
    "predict": dict(X=X, w=W, b=0.5),
    "functional_margin": dict(x=X[0], y=1, w=W, b=0.5),
    "functional_margins": dict(X=X, y=Y, w=W, b=0.5),
    "functional_margin_set": dict(X=X, y=Y, w=W, b=0.5),
    "geometric_margin": dict(x=X[0], y=-1, w=W, b=0.5),
    "geometric_margins": dict(X=X, y=Y, w=W, b=0.5),
    "geometric_margin_set": dict(X=X, y=Y, w=W, b=0.5),
    "normalize": dict(w=W, b=0.5),
    "boundary_point": dict(x=X[2], w=W, b=0.5),
    "signed_labels": dict(y=Y),
    "g": dict(z=0.25),
}
PARAMETERS = {name: [] for name in VALID}
for name, kwargs in VALID.items():
    if "b" in kwargs:
        PARAMETERS[name] += [("b", np.nan, ValueError, r"b.*finite"), ("b", np.inf, ValueError, r"b.*finite")]
    if "w" in kwargs and ("x" in kwargs or "X" in kwargs):
        PARAMETERS[name].append(("w", np.array([1.0, 2.0, 3.0]), ValueError, "w has 3"))
    if isinstance(kwargs.get("y"), np.ndarray) and "X" in kwargs:
        PARAMETERS[name] += [("y", np.array([1.0, 0.0, 1.0, -1.0]), ValueError, r"y\[1\] is 0"),
                             ("y", np.array([1.0, -1.0, 2.0, -1.0]), ValueError, r"y\[2\] is 2"),
                             ("y", ["a", "b", "a", "b"], (ValueError, TypeError), "y")]
PARAMETERS["functional_margin"] += [("y", 0, ValueError, "labels must be -1 or 1"), ("y", True, TypeError, "y")]
PARAMETERS["g"].append(("z", "1", TypeError, "z"))

TABLE = Table(F, R, VALID, parameters=PARAMETERS,
              lengths={n: "X has 4 rows but y has 3 entries" for n, kw in VALID.items()
                       if isinstance(kw.get("y"), np.ndarray) and "X" in kw},
              exempt={"non_numeric": {"y"}},  # a ValueError of the label set: parameters above
              messages={("non_finite", "y"): r"y\[3\] is .*labels must be -1 or 1"})  # refused as a label
install(TABLE, globals())
