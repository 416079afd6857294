"""Pins down two edges of cs229.reference.inputs' array readers that the other suites left open:
the number of dimensions a message reports is an array's own ``ndim`` wherever the object has one
(a numpy array with a zero-length axis, an object array of lists, a DataFrame given as an entry),
not the count found by walking its first entries; a sequence where a number belongs is refused
by the number of dimensions; and a collections.UserString is a string, not a sequence of
one-letter strings (walking it never ended). The fast face reads these inputs through the
reference's reader and gives the same messages."""
from collections import UserString

import numpy as np
import pandas as pd
import pytest

import cs229.fast._validation as V
import cs229.reference.inputs as I

# ---- the number of dimensions is the array's ndim ---------------------------------------------

@pytest.mark.parametrize("read", [I.matrix, V.as_matrix], ids=["reference", "fast"])
def test_matrix_with_a_zero_length_middle_axis_has_three_dimensions(read):
    # shape (1, 0, 3): ndim 3; its first row (shape (0, 3)) has no first entry to walk into,
    # so walking would count only 2 and report the empty row instead
    with pytest.raises(ValueError) as e:
        read(np.zeros((1, 0, 3)))
    assert str(e.value) == "A must be 2-dimensional, got 3 dimension(s)"


@pytest.mark.parametrize("read", [I.matrix, V.as_matrix], ids=["reference", "fast"])
def test_matrix_given_an_object_array_of_lists_has_one_dimension(read):
    # two lists of different lengths make a 1-dimensional object array (ndim 1), although its
    # first entry [1.0] is itself a sequence
    A = np.empty(2, dtype=object)
    A[0], A[1] = [1.0], [2.0, 3.0]
    with pytest.raises(ValueError) as e:
        read(A)
    assert str(e.value) == "A must be 2-dimensional, got 1 dimension(s)"


@pytest.mark.parametrize("read", [I.matrix, V.as_matrix], ids=["reference", "fast"])
def test_matrix_entry_with_a_zero_length_axis_counts_its_own_dimensions(read):
    # 2 (the list of rows) + 2 (the entry's shape (0, 3))
    with pytest.raises(ValueError) as e:
        read([[np.zeros((0, 3))]])
    assert str(e.value) == "A must be 2-dimensional, got 4 dimension(s)"


@pytest.mark.parametrize("read", [I.vector, V.as_vector], ids=["reference", "fast"])
def test_vector_entry_with_a_zero_length_axis_counts_its_own_dimensions(read):
    # 1 (the list) + 2 (the entry's shape (0, 3))
    with pytest.raises(ValueError) as e:
        read([1.0, np.zeros((0, 3))])
    assert str(e.value) == "v must be 1-dimensional, got 3 dimension(s)"


@pytest.mark.parametrize("read", [I.matrix, V.as_matrix], ids=["reference", "fast"])
def test_matrix_entry_that_is_a_dataframe_counts_two_dimensions_not_its_column_labels(read):
    # 2 (the list of rows) + 2 (a DataFrame); iterating it would give the label "a", a string
    with pytest.raises(ValueError) as e:
        read([[pd.DataFrame({"a": [1.0]})]])
    assert str(e.value) == "A must be 2-dimensional, got 4 dimension(s)"


# ---- a sequence where a number belongs --------------------------------------------------------

@pytest.mark.parametrize("read", [I.vector, V.as_vector], ids=["reference", "fast"])
def test_vector_with_a_list_entry_is_refused_by_its_dimensions(read):
    # the readers refuse a nested entry before the entry reader sees it
    with pytest.raises(ValueError) as e:
        read([1.0, [2.0]])
    assert str(e.value) == "v must be 1-dimensional, got 2 dimension(s)"


@pytest.mark.parametrize("read", [I.vector, V.as_vector], ids=["reference", "fast"])
@pytest.mark.parametrize("given, kind, message", [
    ([1.0, UserString("a")], TypeError, "v[1] is 'a': expected a real number"),
    (UserString("ab"), TypeError, "v must be a vector (a sequence of numbers), got UserString"),
], ids=["entry", "whole"])
def test_a_user_string_is_a_string_not_a_sequence_of_one_letter_strings(read, given, kind, message):
    """collections.UserString iterates into one-letter UserStrings, each again a sequence: read
    as a sequence, its dimensions never end. It is refused as str is."""
    with pytest.raises(kind) as e:
        read(given)
    assert str(e.value) == message


@pytest.mark.parametrize("read", [I.matrix, V.as_matrix], ids=["reference", "fast"])
def test_a_user_string_entry_of_a_matrix_is_refused_as_a_string(read):
    with pytest.raises(TypeError) as e:
        read([[1.0, UserString("a")]])
    assert str(e.value) == "A[0][1] is 'a': expected a real number"


# ---- text is never a sequence of characters or byte values ------------------------------------

TEXTS = [UserString("ab"), bytearray(b"ab"), b"ab"]


def _text_calls():
    import cs229.fast.naive_bayes as FN
    import cs229.fast.trees as FT
    import cs229.reference.naive_bayes as RN
    import cs229.reference.trees as RT
    X, y = [[0.0], [1.0]], [0, 1]
    return {
        "reference.vector": lambda t: I.vector(t),
        "fast.as_vector": lambda t: V.as_vector(t),
        "reference.matrix row": lambda t: I.matrix([t]),
        "fast.as_matrix row": lambda t: V.as_matrix([t]),
        "reference.documents": lambda t: I.documents([t]),
        "fast.multinomial_fit documents": lambda t: FN.multinomial_fit([t, [1]], np.array(y), 5),
        "fast.as_integer_matrix row": lambda t: V.as_integer_matrix([t]),
        "reference.build_vocabulary": lambda t: RN.build_vocabulary([t]),
        "reference.encode": lambda t: RN.encode([t], ["a", "b"]),
        "fast.encode": lambda t: FN.encode([t], ["a", "b"]),
        "reference.tree_fit discrete": lambda t: RT.tree_fit(X, y, discrete=t),
        "fast.tree_fit discrete": lambda t: FT.tree_fit(np.array(X), np.array(y), discrete=t),
    }


@pytest.mark.parametrize("call", sorted(_text_calls()))
@pytest.mark.parametrize("text", TEXTS, ids=["UserString", "bytearray", "bytes"])
def test_text_of_any_kind_is_refused_where_str_is(call, text):
    """Where a sequence is expected, str is refused; so are bytes, bytearray (it iterated into
    its byte values, read as numbers 97, 98) and UserString (it iterated into one-letter
    UserStrings without end), with the same kind of error."""
    f = _text_calls()[call]
    with pytest.raises((TypeError, ValueError)) as as_str:
        f("ab")
    with pytest.raises(as_str.type):
        f(text)


class _ListWithToNumpy(list):
    """A list that also has a to_numpy of its own (as xarray and polars objects do): only pandas
    objects are read through to_numpy; anything else is read as the sequence it is."""

    def to_numpy(self):
        return np.array([99.0, 99.0])


@pytest.mark.parametrize("read", [I.vector, V.as_vector], ids=["reference", "fast"])
def test_only_pandas_objects_are_read_through_to_numpy(read):
    assert list(read(_ListWithToNumpy([1.0, 2.0]), "x")) == [1.0, 2.0]


@pytest.mark.parametrize("read", [I.matrix, V.as_matrix], ids=["reference", "fast"])
def test_a_dataframe_is_read_by_rows_whatever_its_index(read):
    """A DataFrame is a matrix of its rows, in position order (iterating it would give its column
    labels, and its index is not read)."""
    frame = pd.DataFrame({"a": [1.0, 2.0], "b": [3.0, 4.0]}, index=[7, 5])
    assert [list(row) for row in read(frame, "X")] == [[1.0, 3.0], [2.0, 4.0]]


@pytest.mark.parametrize("read", [I.vector, V.as_vector], ids=["reference", "fast"])
@pytest.mark.parametrize("dtype", ["Int64", "Float64"])
def test_a_pandas_array_is_read_through_to_numpy(read, dtype):
    """pandas' own arrays (their classes live in pandas.arrays, not pandas) are pandas objects too:
    read through to_numpy, a missing value is NaN in both faces."""
    values = pd.array([1, None], dtype=dtype)
    assert type(values).__module__ != "pandas"
    assert list(read(values[:1], "x")) == [1.0]
    with pytest.raises(ValueError, match=r"^x\[1\] is nan: expected a finite number"):
        read(values, "x")


def _contains_itself(depth):
    """A list whose first entries lead back to it after ``depth`` steps."""
    outer = inner = []
    for _ in range(depth - 1):
        inner.append([])
        inner = inner[0]
    inner.append(outer)
    return outer


@pytest.mark.parametrize("read", [I.vector, V.as_vector, I.matrix, V.as_matrix],
                         ids=["reference vector", "fast vector", "reference matrix", "fast matrix"])
@pytest.mark.parametrize("depth", [1, 3])
def test_a_sequence_that_contains_itself_is_refused_by_name(read, depth):
    """Read along its first entries, a list that contains itself has no end: a ValueError naming
    the argument (before: RecursionError in both faces), also as an entry of a row."""
    x = _contains_itself(depth)
    message = r"^x contains itself \(its first entries lead back to it\): it has no number of dimensions$"
    with pytest.raises(ValueError, match=message):
        read(x, "x")
    with pytest.raises(ValueError, match=message):
        read([[1.0, x]] if read in (I.matrix, V.as_matrix) else [1.0, x], "x")


def test_a_self_containing_list_deeper_than_its_first_entries_is_read_by_them():
    """Only the first entries are followed: [[1.0, c]] with c = [[1.0, c]] nests 2 + 2 deep there."""
    c = [[1.0]]
    c[0].append(c)
    for read in (I.matrix, V.as_matrix):
        with pytest.raises(ValueError, match=r"^X must be 2-dimensional, got 4 dimension\(s\)$"):
            read(c, "X")
