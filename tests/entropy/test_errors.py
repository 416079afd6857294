"""Entropy, count tables and information gain, 001 §11.3 (DT-3 … DT-5): what both faces refuse and
how: the exact type and text of every error, and the bad-input treatment of every entry point
(tests/bad_input.py)."""
import numpy as np
import pytest

import cs229.reference.entropy as RE
import cs229.reference.entropy as R
from cs229.reference.linalg import NotPositiveDefiniteError


# ---- DT-4: Gaussian entropy ---------------------------------------------------------------------

def test_gaussian_entropy_refuses_what_is_not_a_covariance_DT_4():
    with pytest.raises(NotPositiveDefiniteError, match="Sigma is not positive definite"):
        RE.gaussian_entropy([[1.0, 2.0], [2.0, 1.0]])
    with pytest.raises(ValueError, match="Sigma is not symmetric"):
        RE.gaussian_entropy([[1.0, 0.5], [0.0, 1.0]])
    with pytest.raises(ValueError, match="Sigma must be square"):
        RE.gaussian_entropy([[1.0, 0.5]])


# ==================================================================================================
# Entropy's errors word for word (DT-3, DT-4, DT-5), in both faces where both have the function;
# the Cholesky failure keeps the pivot that failed.


ERRORS = [  # (function, arguments, exception, its message word for word, faces)
    ("bernoulli_entropy", (0, 0), ValueError, "p + n is 0: there are no examples"),
    ("bernoulli_entropy", (1e308, 1e308), ValueError,
     "p + n is past the float64 range: p/(p + n) has no float64 value"),
    ("bernoulli_entropy", (-1, 2), ValueError, "p is -1: a count must be a non-negative integer"),
    ("bernoulli_entropy", (2, 1.5), ValueError, "n is 1.5: a count must be a non-negative integer"),
    ("bernoulli_entropy", (1, "a"), TypeError, "n is 'a': expected a real number"),
    ("count_table", ([1.0, 2.0], [1.0]), ValueError, "x has 2 rows but y has 1 entries"),
    ("count_entropy", ([1, -2, 3],), ValueError, "counts[1] is -2: a count must be a non-negative integer"),
    ("split_entropy", ([[1, 2], [-1, 0]],), ValueError, "table[1][0] is -1: a count must be a non-negative integer"),
    ("information_gain", ([[1, -1], [0, 0]],), ValueError, "table[0][1] is -1: a count must be a non-negative integer"),
]
REFERENCE_ONLY = [
    ("gaussian_entropy", ("x",), TypeError, "Sigma must be a matrix (a sequence of rows), got str"),
    ("gaussian_entropy", ([[1, 2]],), ValueError, "Sigma must be square, got 1x2"),
    ("gaussian_entropy", ([[1, 2], [3, 1]],), ValueError, "Sigma is not symmetric: Sigma[1][0] != Sigma[0][1]"),
    ("gaussian_entropy", ([[1, 2], [2, 1]],), NotPositiveDefiniteError,
     "Sigma is not positive definite (matrix is not positive definite: pivot 1 is -3)"),
]


@pytest.mark.parametrize("name, args, error, message", ERRORS, ids=[f"{e[0]}-{i}" for i, e in enumerate(ERRORS)])
def test_errors_word_for_word_DT_3_DT_5(impl, name, args, error, message):
    args = tuple(np.asarray(a) if impl.face == "fast" and isinstance(a, list) else a for a in args)
    with pytest.raises(error) as e:  # int arrays in the fast face: values are shown as given
        getattr(impl.entropy, name)(*args)
    assert str(e.value) == message


@pytest.mark.parametrize("name, args, error, message", REFERENCE_ONLY, ids=[f"{e[0]}-{i}" for i, e in enumerate(REFERENCE_ONLY)])
def test_gaussian_entropy_errors_word_for_word_DT_4(name, args, error, message):
    with pytest.raises(error) as e:
        getattr(R, name)(*args)
    assert str(e.value) == message


def test_not_positive_definite_keeps_the_pivot_DT_4():
    with pytest.raises(NotPositiveDefiniteError) as e:
        R.gaussian_entropy([[4, 0, 0], [0, 1, 2], [0, 2, 1]])
    assert e.value.index == 2


@pytest.mark.parametrize("name, args, message", [
    ("count_entropy", ([1e308, 1e308],),
     "counts sums past the float64 range: the proportions cₖ/m have no float64 value"),
    ("count_entropy", ([0, 0],), "counts has no examples (all counts are 0)"),
    ("split_entropy", ([[0, 0], [0, 0]],), "table has no examples (all counts are 0)"),
    ("entropy", ([0.5, 0.5 + 2 ** -48],), "p sums to 1.0000000000000036, not 1"),
], ids=["float64-range", "no-examples", "all-zero-table", "sum-not-1"])
def test_count_and_probability_errors_word_for_word_DT_3(impl, name, args, message):
    with pytest.raises(ValueError) as e:
        getattr(impl.entropy, name)(*(impl.arg(a) for a in args))
    assert str(e.value) == message


def test_a_negative_probability_is_shown_as_given_DT_3(impl):
    """The entry of a list is named as the caller gave it, in both faces (-1, not -1.0)."""
    with pytest.raises(ValueError) as e:
        impl.entropy.entropy([-1, 2])
    assert str(e.value) == "p[0] is -1: a probability must be >= 0"
