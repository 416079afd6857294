"""Pins down edges of cs229.reference.inputs' integer and document readers that the other suites
left open: the largest int64 label or count accepted, the largest count table accepted, documents
given as iterators, 0-dimensional arrays or sparse matrices, packed documents (NB-6's
``Documents``) with empty documents and token ids beyond int64, with and without a vocabulary,
and n_jobs: its cap at C's largest int and what "all cores" counts."""
from fractions import Fraction

import numpy as np
import pytest
import scipy.sparse

import cs229.reference.inputs as I
import cs229.reference.naive_bayes as NB
import cs229.reference.parameters as P

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
