"""The input layer both faces read through: cs229.reference.inputs and cs229.fast._validation: the
fast face against the reference on the same input: the same iterates where the order of operations
is the same, the same answer to rounding otherwise, the same verdicts."""
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
import scipy.sparse
from hypothesis import given, strategies as st

import cs229.fast._validation as V
import cs229.reference.inputs as I
import cs229.reference.parameters as P
from cs229.reference import messages


# reader name -> (fast reader, reference reader), each called as reader(value)
READERS = {
    "matrix": (lambda A: V.as_matrix(A, "X"), lambda A: I.matrix(A, "X")),
    "vector": (lambda v: V.as_vector(v, "x"), lambda v: I.vector(v, "x")),
    # scalar parameters: one kind of cs229.reference.parameters, read as a float64 by the fast face
    "scalar": (lambda x: P.real(x, "c", float64=True), lambda x: P.real(x, "c")),
    "positive": (lambda x: P.positive(x, "alpha", float64=True), lambda x: P.positive(x, "alpha")),
    "nonnegative": (lambda x: P.nonnegative(x, "decay", float64=True), lambda x: P.nonnegative(x, "decay")),
    "positive_int": (lambda n: P.positive_int(n, "max_iterations"), lambda n: P.positive_int(n, "max_iterations")),
    "tol": (lambda t: P.tolerance(t, "tol", float64=True), lambda t: P.tolerance(t, "tol")),
    "tol_not_none": (lambda t: P.nonnegative(t, "tol", float64=True), lambda t: P.nonnegative(t, "tol")),
    "order": (lambda o: V.as_order(o, 3), lambda o: I.example_order(o, 3)),
    "binary_matrix": (lambda A: V.as_binary_matrix(A, "X"), lambda A: I.binary_matrix(A, "X")),
    "integer_matrix": (lambda A: V.as_integer_matrix(A, "X"), lambda A: I.integer_matrix(A, "X")),
    "binary_labels": (lambda y: V.as_binary_labels(y, "y"), lambda y: I.binary_labels(y, "y")),
    "class_labels": (lambda y: V.as_class_labels(y, 3, "y"), lambda y: I.class_labels(y, 3, "y")),
    "counts": (lambda y: V.as_counts(y, "y"), lambda y: I.counts(y, "y")),
}


def outcome(read, value):
    try:
        result = read(value)
    except (TypeError, ValueError) as e:
        return ("error", type(e), str(e))
    if result is None:
        return ("answer", None)
    return ("answer", np.asarray(result, dtype=float).tolist())


def assert_same(reader, value):
    fast, reference = READERS[reader]
    got, expected = outcome(fast, value), outcome(reference, value)
    assert got[0] == expected[0] and got[1:] == expected[1:], f"{reader}({value!r}): fast {got}, reference {expected}"
    return got


X = [[1.0, 2.0], [3.0, 4.0]]
U64_MAX = np.array([[2 ** 64 - 1]], dtype=np.uint64)

# (reader, value, expected exception or None for an answer, text the message must hold)
CASES = [
    # None, strings and Decimals inside arrays: TypeError naming the entry as given
    ("matrix", [[1.0, None]], TypeError, "X[0][1] is None: expected a real number"),
    ("matrix", np.array([[1.0, None]], dtype=object), TypeError, "X[0][1] is None"),
    ("vector", [1.0, "a"], TypeError, "x[1] is 'a'"),
    ("vector", np.array([1.0, "a"], dtype=object), TypeError, "x[1] is 'a'"),
    ("vector", np.array([Decimal("1.5"), 2.0], dtype=object), TypeError, "x[0] is Decimal('1.5')"),
    ("matrix", [[1.0, 2.0], [3.0, 1 + 2j]], TypeError, "X[1][1] is (1+2j)"),
    ("matrix", np.array([[True, False]]), TypeError, "X[0][0] is True"),
    ("integer_matrix", [[1, None]], TypeError, "X[0][1] is None: expected an integer"),
    # the wrong kind of object: TypeError; the wrong shape: ValueError
    ("matrix", 3.0, TypeError, "X must be a matrix (a sequence of rows), got float"),
    ("matrix", None, TypeError, "got None"),
    ("matrix", "ab", TypeError, "got str"),
    ("vector", np.array(2.0), TypeError, "got a 0-dimensional array"),
    ("matrix", np.zeros((2, 2, 2)), ValueError, "X must be 2-dimensional, got 3 dimension(s)"),
    ("matrix", [1.0, 2.0], ValueError, "X must be 2-dimensional, got 1 dimension(s)"),
    ("vector", [[1.0], [2.0]], ValueError, "x must be 1-dimensional, got 2 dimension(s)"),
    ("vector", [1.0, [2.0]], ValueError, "x must be 1-dimensional, got 2 dimension(s)"),
    ("matrix", [[1.0, 2.0], [3.0]], ValueError, "X is ragged: row 0 has 2 entries, row 1 has 1"),
    ("matrix", [[1.0, 2.0], 3.0], ValueError, "X is ragged: row 0 has 2 entries, row 1 is 3.0"),
    ("matrix", [], ValueError, "X is empty (no rows)"),
    ("matrix", [[]], ValueError, "X has rows of length 0"),
    ("matrix", np.empty((0, 2, 2)), ValueError, "X is empty (no rows)"),
    ("vector", [], ValueError, "x is empty"),
    ("scalar", [1.0], TypeError, "c is [1.0]: expected a real number"),
    # non-finite values named as given, in row-major order whatever the problem
    ("matrix", np.array([[1.0, np.inf]], dtype=np.float32), ValueError, "X[0][1] is inf: expected a finite number"),
    ("matrix", [[np.nan, None]], ValueError, "X[0][0] is nan"),
    ("matrix", [[None, np.nan]], TypeError, "X[0][0] is None"),
    ("binary_matrix", [[0, 2, np.nan]], ValueError, "X[0][1] is 2: features must be binary"),
    ("binary_matrix", [[0, np.nan, 2]], ValueError, "X[0][1] is nan: expected a finite number"),
    # integer data: the caller's value, and int64's range
    ("integer_matrix", U64_MAX, ValueError, "X[0][0] is 18446744073709551615: outside the int64 range"),
    ("integer_matrix", [[1e300]], ValueError, "X[0][0] is 1e+300: outside the int64 range"),
    ("integer_matrix", [[2.5]], ValueError, "X[0][0] is 2.5: expected an integer"),
    ("integer_matrix", [[np.inf]], ValueError, "X[0][0] is inf: expected a finite integer"),
    ("integer_matrix", np.array([[1, 2]], dtype=object), None, ""),
    ("integer_matrix", [[2 ** 63 - 1, -2 ** 63]], None, ""),
    ("integer_matrix", [[2 ** 63]], ValueError, "X[0][0] is 9223372036854775808: outside the int64 range"),
    ("counts", [0, 1e300], ValueError, "y[1] is 1e+300: outside the int64 range"),
    ("counts", np.array([0, 2 ** 64 - 1], dtype=np.uint64), ValueError, "y[1] is 18446744073709551615"),
    ("counts", [0, -1], ValueError, "y[1] is -1: counts must be non-negative integers"),
    ("class_labels", [1, 2, 4], ValueError, "y[2] is 4: labels must be integers in 1..3"),
    ("class_labels", [1, True], TypeError, "y[1] is True"),
    # bools are 0 and 1 where the labels are 0 and 1, and nowhere else
    ("binary_labels", [True, False, True], None, ""),
    ("binary_labels", np.array([True, False]), None, ""),
    ("binary_labels", pd.Series([True, False]), None, ""),
    ("binary_labels", [0, 3], ValueError, "y[1] is 3: labels must be 0 or 1"),
    ("binary_labels", np.array([0.0, 0.5]), ValueError, "y[1] is 0.5: labels must be 0 or 1"),
    ("counts", [True], TypeError, "y[0] is True"),
    # object arrays of valid numbers are accepted; Python ints beyond float64 are not
    ("vector", np.array([1, 2, 3], dtype=object), None, ""),
    ("vector", [Fraction(1, 3), 2], None, ""),
    ("vector", [10 ** 400], "fast only", "x[0] is 1" + "0" * 400 + ": outside the float64 range"),
    # pandas by rows and positions; scipy.sparse refused with the conversion
    ("matrix", pd.DataFrame({"x": [1.0, 2.0], "y": [3.0, 4.0]}), None, ""),
    ("vector", pd.Series([1.0, 2.0], index=[5, 7]), None, ""),
    ("matrix", scipy.sparse.csr_matrix(np.eye(2)), TypeError, "X is a scipy.sparse csr_matrix: this function takes "
                                                             "a dense array; pass X.toarray()"),
    # int parameters: integers from 1 to 2**31 − 1, the limit of the compiled counts
    ("positive_int", 2 ** 31 - 1, None, ""),
    ("positive_int", 2 ** 31, ValueError, "max_iterations must be <= 2147483647"),
    ("positive_int", 2 ** 63, ValueError, "max_iterations must be <= 2147483647"),
    ("positive_int", np.int64(2 ** 40), ValueError, "max_iterations must be <= 2147483647"),
    ("positive_int", 0, ValueError, "max_iterations must be >= 1, got 0"),
    ("positive_int", 2.0, TypeError, "max_iterations must be an integer, got 2.0"),
    ("positive_int", True, TypeError, "max_iterations must be an integer, got True"),
    # one tolerance validator
    ("tol", None, None, ""),
    ("tol", -1, ValueError, "tol must be >= 0 or None, got -1"),
    ("tol", np.nan, ValueError, "tol is nan: expected a finite number"),
    ("tol", "1e-3", TypeError, "tol is '1e-3': expected a real number"),
    ("tol_not_none", None, TypeError, "tol is None: expected a real number"),
    ("tol_not_none", -1e-3, ValueError, "tol must be >= 0, got -0.001"),
    ("positive", 0, ValueError, "alpha must be > 0, got 0"),
    ("nonnegative", -2, ValueError, "decay must be >= 0, got -2"),
    # one example-order validator: a permutation of 0..m−1 given as integers
    ("order", [2, 0, 1], None, ""),
    ("order", np.array([2, 0, 1], dtype=np.uint8), None, ""),
    ("order", np.array([2, 0, 1], dtype=object), None, ""),
    ("order", [1.0, 0.0, 2.0], TypeError, "order[0] is 1.0: order must be a permutation of 0..2 given as integers"),
    ("order", [True, False, 2], TypeError, "order[0] is True"),
    ("order", [0, 1, 1], ValueError, "order must be a permutation of 0..2"),
    ("order", [0, 1], ValueError, "order must be a permutation of 0..2"),
    ("order", [[0, 1, 2]], TypeError, "order[0] is [0, 1, 2]"),
    ("order", 3, TypeError, "order must be a sequence of example indices, got int"),
]


@pytest.mark.parametrize("reader,value,error,text", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_both_faces_read_alike(reader, value, error, text):
    if error == "fast only":  # the float64 face cannot hold what the reference holds exactly
        with pytest.raises(ValueError) as e:
            READERS[reader][0](value)
        assert text in str(e.value)
        READERS[reader][1](value)
        return
    got = assert_same(reader, value)
    if error is None:
        assert got[0] == "answer", got
    else:
        assert got[0] == "error" and got[1] is error and text in got[2], got


def test_pandas_is_read_by_rows_not_column_names():
    frame = pd.DataFrame({"x": [1.0, 2.0], "y": [3.0, 4.0]})
    assert I.matrix(frame, "X") == [[1.0, 3.0], [2.0, 4.0]]
    assert V.as_matrix(frame, "X").tolist() == [[1.0, 3.0], [2.0, 4.0]]
    series = pd.Series([0, 1, 1], index=[10, 11, 12])
    assert I.binary_labels(series) == [0, 1, 1]


def test_the_readers_never_write_into_the_caller_s_array():
    a = np.array([[1, 2], [3, 4]], dtype=np.int32)
    a.setflags(write=False)
    V.as_matrix(a, "X")
    V.as_integer_matrix(a, "X")
    V.as_binary_labels(np.array([0, 1], dtype=np.int8))
    assert a.tolist() == [[1, 2], [3, 4]]


def test_every_message_is_a_type_or_value_error():
    assert {kind for kind, _ in messages.MESSAGES.values()} == {TypeError, ValueError}


# ---- drawn inputs: whatever the nesting and the entries, the two faces agree --------------------

ENTRIES = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(min_value=-2 ** 70, max_value=2 ** 70),
    st.sampled_from([None, "a", "", Decimal("1.5"), True, False, 1 + 1j, Fraction(1, 3), Fraction(5, 1)]),
)
NESTED = st.recursive(ENTRIES, lambda inner: st.lists(inner, max_size=4), max_leaves=12)


def _as_given(value, how):
    if how == "array" and isinstance(value, list):
        try:
            return np.asarray(value)
        except (ValueError, TypeError, OverflowError):
            return value
    return value


@given(value=NESTED, how=st.sampled_from(["list", "array"]),
       reader=st.sampled_from(["matrix", "vector", "binary_matrix", "integer_matrix", "binary_labels",
                               "class_labels", "counts", "order", "scalar", "positive_int", "tol"]))
def test_drawn_inputs_get_the_same_verdict_and_message(value, how, reader):
    value = _as_given(value, how)
    fast, reference = READERS[reader]
    try:
        expected = outcome(reference, value)
    except OverflowError:
        return  # a float from an int beyond float64 inside the reference's own arithmetic
    got = outcome(fast, value)
    if expected[0] == "answer" and got[0] == "error" and "outside the float64 range" in got[2]:
        return  # a Python int beyond float64: held exactly by the reference only
    assert got[0] == expected[0] and got[1:] == expected[1:], f"{reader}({value!r}): fast {got}, reference {expected}"
