"""The input layer both faces read through: cs229.reference.inputs and cs229.fast._validation:
pinned cases. Each pins a behaviour the other tests left open (a mutant of the reference that
survived them) or reproduces a defect once found; each section below says what its cases pin and
why."""
from collections import UserString
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
import scipy.sparse

import cs229.fast._validation as V
import cs229.fast.naive_bayes as FN
import cs229.fast.trees as FT
import cs229.reference.inputs as I
import cs229.reference.parameters as P
import cs229.reference.naive_bayes as NB
import cs229.reference.naive_bayes as RN
import cs229.reference.trees as RT

from tests.reproducers import FACES_IV


# ==================================================================================================
# Pins down edges of cs229.reference.inputs' integer and document readers that the other suites
# left open: the largest int64 label or count accepted, the largest count table accepted, documents
# given as iterators, 0-dimensional arrays or sparse matrices, packed documents (NB-6's
# ``Documents``) with empty documents and token ids beyond int64, with and without a vocabulary,
# and n_jobs: its cap at C's largest int and what "all cores" counts.


INT64_MAX = 2 ** 63 - 1
BIG = 2 ** 63  # one past the largest int64
VOCABULARY = "(the vocabulary); pass ignore_unknown=True to drop the others"


# ---- labels and counts: 2⁶³ − 1 is the last accepted ---------------------------------------------

def test_counts_accept_the_largest_int64_exactly():
    y = I.counts([0, INT64_MAX])
    assert y == [0, INT64_MAX] and all(type(v) is int for v in y)


def test_class_labels_with_k_read_from_y_accept_the_largest_int64_exactly():
    assert I.class_labels([1, INT64_MAX], float("inf")) == [1, INT64_MAX]


# ---- count tables: 2³¹ − 1 entries per class is the last accepted --------------------------------

def test_table_size_accepts_the_largest_table_exactly():
    # only the number is checked: nothing is allocated
    assert P.table_size(2 ** 31 - 1, "vocabulary_size") == 2147483647


def test_category_sizes_accept_a_total_of_exactly_the_largest_table():
    # 2³⁰ + (2³⁰ − 1) = 2³¹ − 1
    assert I.category_sizes([2 ** 30, 2 ** 30 - 1], 2) == [1073741824, 1073741823]


# ---- documents: iterators, 0-dimensional arrays, sparse matrices ---------------------------------

def test_documents_read_an_iterator_document_once_into_a_list():
    docs = I.documents([iter([1, 2]), (t for t in [3]), iter([])])
    assert docs == [[1, 2], [3], []]


def test_pack_documents_reads_generator_documents_NB_6():
    packed = NB.pack_documents([(t for t in [4, 0]), iter([2])])
    assert packed.tokens == [4, 0, 2]
    assert packed.offsets == [0, 2, 3]


def test_multinomial_fit_reads_iterator_documents_NB_6():
    # |V| = 2, α = 1: class 0 saw word 0 once, class 1 word 1 twice;
    # φ_(k|y=0) = (1 + 1)/(1 + 2), (0 + 1)/(1 + 2); φ_(k|y=1) = (0 + 1)/(2 + 2), (2 + 1)/(2 + 2)
    model = NB.multinomial_fit([iter([0]), iter([1, 1])], [0, 1], 2)
    assert model.word_count == [[1, 0], [0, 2]]
    assert model.phi_k_y0 == [Fraction(2, 3), Fraction(1, 3)]
    assert model.phi_k_y1 == [Fraction(1, 4), Fraction(3, 4)]


def test_documents_refuse_a_0_dimensional_array_as_a_document():
    with pytest.raises(TypeError) as e:
        I.documents([[0], np.array(5)])
    assert str(e.value) == "documents[1] must be a sequence of token ids, got a 0-dimensional array"


def test_documents_refuse_a_sparse_document_with_the_conversion_to_make():
    with pytest.raises(TypeError) as e:
        I.documents([[0], scipy.sparse.csr_matrix([[1, 2]])])
    assert str(e.value) == ("documents[1] is a scipy.sparse csr_matrix: this function takes a dense "
                            "array; pass documents[1].toarray()")


# ---- packed documents --------------------------------------------------------------------------

def test_packed_documents_equal_offsets_are_empty_documents_NB_6():
    assert I.packed_documents([5, 6], [0, 0, 2, 2]) == [[], [5, 6], []]


def test_pack_documents_round_trips_packed_documents_with_an_empty_one_NB_6():
    packed = NB.pack_documents(NB.Documents([7, 3, 9], [0, 0, 3]))
    assert packed.tokens == [7, 3, 9]
    assert packed.offsets == [0, 0, 3]


def test_packed_documents_without_a_vocabulary_keep_ids_up_to_the_largest_int64():
    assert I.packed_documents([INT64_MAX, 0], [0, 1, 2]) == [[INT64_MAX], [0]]


def test_packed_documents_without_a_vocabulary_refuse_an_id_beyond_int64():
    with pytest.raises(ValueError) as e:
        I.packed_documents([0, BIG], [0, 2])
    assert str(e.value) == ("documents.tokens[1] is 9223372036854775808: outside the int64 range "
                            "-2**63 .. 2**63 - 1")


def test_packed_documents_with_a_vocabulary_name_an_id_beyond_int64_as_an_unknown_word():
    with pytest.raises(ValueError) as e:
        I.packed_documents([0, 1, BIG], [0, 1, 3], size=3)
    assert str(e.value) == f"documents[1][1] is 9223372036854775808: token ids must be in 0..2 {VOCABULARY}"


def test_packed_documents_with_a_vocabulary_drop_an_id_beyond_int64_when_asked():
    assert I.packed_documents([0, BIG, 1], [0, 2, 3], size=2, ignore_unknown=True) == [[0], [1]]


def test_multinomial_fit_ignores_a_packed_id_beyond_int64_NB_6():
    # the id 2⁶⁴ is dropped: documents [0] (y = 0) and [1] (y = 1), |V| = 2, α = 1:
    # φ_(k|y=0) = 2/3, 1/3 and φ_(k|y=1) = 1/3, 2/3
    docs = NB.Documents([0, 2 ** 64, 1], [0, 2, 3])
    model = NB.multinomial_fit(docs, [0, 1], 2, ignore_unknown=True)
    assert model.word_count == [[1, 0], [0, 1]]
    assert model.total_words == [1, 1]
    assert model.phi_k_y0 == [Fraction(2, 3), Fraction(1, 3)]
    assert model.phi_k_y1 == [Fraction(1, 3), Fraction(2, 3)]


# ---- n_jobs: the cores a computation may use --------------------------------------------------

@pytest.mark.parametrize("n_jobs, cores", [
    (1, 1), (7, 7), (2 ** 31 - 2, 2 ** 31 - 2), (2 ** 31 - 1, 2 ** 31 - 1), (2 ** 31, 2 ** 31 - 1),
    (10 ** 30, 2 ** 31 - 1), (np.int64(2 ** 40), 2 ** 31 - 1),
], ids=["one", "seven", "below_the_cap", "the_cap", "one_past_the_cap", "huge", "numpy_int"])
def test_n_jobs_beyond_the_largest_c_int_counts_as_it(n_jobs, cores):
    """More threads than 2³¹ − 1 (C's int, which sizes them) run on no machine: the count stops
    there, as an int."""
    got = P.n_jobs(n_jobs)
    assert got == cores and type(got) is int


def test_all_cores_are_the_cores_this_process_may_run_on(monkeypatch):
    """−1 and None: the size of the affinity mask, not the machine's count; 1 for a mask of one."""
    monkeypatch.setattr(P.os, "sched_getaffinity", lambda pid: {3}, raising=False)
    monkeypatch.setattr(P.os, "cpu_count", lambda: 64)
    assert P.n_jobs(-1) == P.n_jobs(None) == 1
    monkeypatch.setattr(P.os, "sched_getaffinity", lambda pid: {0, 2, 5}, raising=False)
    assert P.n_jobs(-1) == 3


@pytest.mark.parametrize("count, cores", [(1, 1), (6, 6), (None, 1)], ids=["one", "six", "unknown"])
def test_all_cores_without_an_affinity_mask_are_the_cpu_count_or_1(monkeypatch, count, cores):
    """Where there is no sched_getaffinity (macOS, Windows): os.cpu_count(), and 1 when it cannot
    tell (None)."""
    monkeypatch.delattr(P.os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(P.os, "cpu_count", lambda: count)
    assert P.n_jobs(-1) == cores


# ==================================================================================================
# Pins down two edges of cs229.reference.inputs' array readers that the other suites left open:
# the number of dimensions a message reports is an array's own ``ndim`` wherever the object has one
# (a numpy array with a zero-length axis, an object array of lists, a DataFrame given as an entry),
# not the count found by walking its first entries; a sequence where a number belongs is refused
# by the number of dimensions; and a collections.UserString is a string, not a sequence of
# one-letter strings (walking it never ended). The fast face reads these inputs through the
# reference's reader and gives the same messages.


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


# ==================================================================================================
# Reproducers of the hardening review (issue 12) for Part IV (GDA, Naive Bayes) and decision
# trees: crashes, a hang, wrong answers and errors a user cannot act on. Each one is a test on both
# faces. The inputs that once crashed or hung the interpreter run in a child process with a time
# limit, so that a segfault or a hang fails the test instead of killing the worker.


# ---- errors a user can act on ------------------------------------------------------------------

INTEGER_INPUTS = pytest.mark.parametrize("call", [
    lambda N, E, bad: N.value_counts(bad, 3),
    lambda N, E, bad: N.categorical_fit(bad, [0, 1], 2),
    lambda N, E, bad: N.categorical_predict(RN.CategoricalNB(0.5, [[[0.5, 0.5]], [[0.5, 0.5]]], [2], None, None,
                                                             None), bad),
    lambda N, E, bad: E.class_codes(bad),
], ids=["value_counts", "categorical_fit", "categorical_predict", "class_codes"])


@pytest.mark.parametrize("bad", [5, None], ids=["scalar", "None"])
@INTEGER_INPUTS
def test_integer_inputs_that_are_not_sequences_are_type_errors_in_both_faces(call, bad):
    for face, (N, _, _, E) in FACES_IV.items():
        with pytest.raises(TypeError):
            call(N, E, bad)


@INTEGER_INPUTS
def test_integer_inputs_with_a_dimension_too_many_are_value_errors_in_both_faces(call):
    """A sequence of the right kind in the wrong shape: a ValueError, as for every array input
    (reference/messages.py); the message is the same in both faces."""
    messages = set()
    for N, _, _, E in FACES_IV.values():
        with pytest.raises(ValueError, match="must be [12]-dimensional, got 3 dimension") as e:
            call(N, E, [[[0]]])
        messages.add(str(e.value))
    assert len(messages) == 1, messages
