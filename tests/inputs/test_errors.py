"""The input layer both faces read through: cs229.reference.inputs, the kinds of
cs229.reference.parameters and cs229.fast._validation: what both faces refuse and how: the exact
type and text of every error, and the bad-input treatment of every entry point
(tests/bad_input.py)."""
from fractions import Fraction

import numpy as np
import pytest
import scipy.sparse

import cs229.reference.inputs as I
import cs229.reference.parameters as P


NAN = float("nan")
INF = float("inf")
BIG = 2 ** 63  # one past the largest int64
TABLE_LIMIT = "a count table that large cannot be held (at most 2147483647 = 2**31 - 1 entries per class)"
ALL_CORES = "must be an integer >= 1, or -1 or None (all cores), got"


def _refusal(kind, call):
    with pytest.raises(kind) as e:
        call()
    # the exact class, not a subclass standing in for it
    assert type(e.value) is kind
    return str(e.value)


def _cases(*rows):
    """(id, call, kind, message) rows as pytest parameters with the ids."""
    return pytest.mark.parametrize("call, kind, message", [r[1:] for r in rows],
                                   ids=[r[0] for r in rows])


@_cases(
    ("int", lambda: I.sequence(5, "v"), TypeError, "v must be a sequence, got int"),
    ("none", lambda: I.sequence(None, "v"), TypeError, "v must be a sequence, got None"),
    ("str", lambda: I.sequence("ab", "v"), TypeError, "v must be a sequence, got str"),
    ("0d", lambda: I.sequence(np.float64(1.0), "v"), TypeError,
     "v must be a sequence, got a 0-dimensional array"),
    ("what", lambda: I.sequence(5, "w", "a list of rows"), TypeError, "w must be a list of rows, got int"),
    ("sparse", lambda: I.sequence(scipy.sparse.csr_matrix([[1.0]]), "X"), TypeError,
     "X is a scipy.sparse csr_matrix: this function takes a dense array; pass X.toarray()"),
)
def test_sequence_gives_the_exact_message_of_each_refusal(call, kind, message):
    assert _refusal(kind, call) == message


@_cases(
    ("int", lambda: I.vector(3), TypeError, "v must be a vector (a sequence of numbers), got int"),
    ("empty", lambda: I.vector([]), ValueError, "v is empty"),
    ("2d", lambda: I.vector([[1]]), ValueError, "v must be 1-dimensional, got 2 dimension(s)"),
    ("3d-late", lambda: I.vector([1, [[2]]]), ValueError, "v must be 1-dimensional, got 3 dimension(s)"),
    ("str", lambda: I.vector([1, "a"], "w"), TypeError, "w[1] is 'a': expected a real number"),
    ("none", lambda: I.vector([1, None]), TypeError, "v[1] is None: expected a real number"),
    ("bool", lambda: I.vector([True]), TypeError, "v[0] is True: expected a real number"),
    ("complex", lambda: I.vector([1j]), TypeError, "v[0] is 1j: expected a real number"),
    ("nan", lambda: I.vector([1.0, NAN]), ValueError, "v[1] is nan: expected a finite number"),
    ("inf", lambda: I.vector([INF]), ValueError, "v[0] is inf: expected a finite number"),
)
def test_vector_gives_the_exact_message_of_each_refusal(call, kind, message):
    assert _refusal(kind, call) == message


@_cases(
    ("int", lambda: I.matrix(3), TypeError, "A must be a matrix (a sequence of rows), got int"),
    ("empty", lambda: I.matrix([]), ValueError, "A is empty (no rows)"),
    ("1d", lambda: I.matrix([1, 2]), ValueError, "A must be 2-dimensional, got 1 dimension(s)"),
    ("3d", lambda: I.matrix([[[1]]]), ValueError, "A must be 2-dimensional, got 3 dimension(s)"),
    ("3d-late", lambda: I.matrix([[1, [2]]]), ValueError, "A must be 2-dimensional, got 3 dimension(s)"),
    ("row-int", lambda: I.matrix([[1, 2], 3]), ValueError, "A is ragged: row 0 has 2 entries, row 1 is 3"),
    ("row-str", lambda: I.matrix([[1], [2], "ab"]), ValueError,
     "A is ragged: row 0 has 1 entries, row 2 is 'ab'"),
    ("no-columns", lambda: I.matrix([[]]), ValueError, "A has rows of length 0"),
    ("ragged", lambda: I.matrix([[1, 2], [3]], "X"), ValueError, "X is ragged: row 0 has 2 entries, row 1 has 1"),
    ("str", lambda: I.matrix([[1, "a"]], "X"), TypeError, "X[0][1] is 'a': expected a real number"),
    ("inf", lambda: I.matrix([[1], [-INF]]), ValueError, "A[1][0] is -inf: expected a finite number"),
)
def test_matrix_gives_the_exact_message_of_each_refusal(call, kind, message):
    assert _refusal(kind, call) == message


@_cases(
    ("str", lambda: P.real("a", "x"), TypeError, "x is 'a': expected a real number"),
    ("list", lambda: P.real([1], "x"), TypeError, "x is [1]: expected a real number"),
    ("nan", lambda: P.real(NAN, "x"), ValueError, "x is nan: expected a finite number"),
)
def test_real_gives_the_exact_message_of_each_refusal(call, kind, message):
    assert _refusal(kind, call) == message


@_cases(
    ("zero", lambda: P.positive(0, "alpha"), ValueError, "alpha must be > 0, got 0"),
    ("negative", lambda: P.positive(-0.5, "alpha"), ValueError, "alpha must be > 0, got -0.5"),
    ("str", lambda: P.positive("a", "alpha"), TypeError, "alpha is 'a': expected a real number"),
)
def test_positive_gives_the_exact_message_of_each_refusal(call, kind, message):
    assert _refusal(kind, call) == message


@_cases(
    ("float", lambda: P.positive_int(1.0, "n"), TypeError, "n must be an integer, got 1.0"),
    ("bool", lambda: P.positive_int(True, "n"), TypeError, "n must be an integer, got True"),
    ("zero", lambda: P.positive_int(0, "n"), ValueError, "n must be >= 1, got 0"),
    ("2**31", lambda: P.positive_int(2 ** 31, "n"), ValueError,
     "n must be <= 2147483647 (2**31 - 1, the largest count the compiled loops hold), got 2147483648"),
)
def test_positive_int_gives_the_exact_message_of_each_refusal(call, kind, message):
    assert _refusal(kind, call) == message


@_cases(
    ("default", lambda: I.same_length([1, 2], [1]), ValueError, "X has 2 rows but y has 1 entries"),
    ("named", lambda: I.same_length([1], [1, 2], "A", "b"), ValueError, "A has 1 rows but b has 2 entries"),
)
def test_same_length_gives_the_exact_message_of_each_refusal(call, kind, message):
    assert _refusal(kind, call) == message


@_cases(
    ("negative", lambda: P.tolerance(-1, "tol"), ValueError, "tol must be >= 0 or None, got -1"),
    ("negative-no-none", lambda: P.nonnegative(-1e-3, "tol"), ValueError,
     "tol must be >= 0, got -0.001"),
    ("none-no-none", lambda: P.nonnegative(None, "tol"), TypeError,
     "tol is None: expected a real number"),
    ("str", lambda: P.tolerance("a", "tol"), TypeError, "tol is 'a': expected a real number"),
)
def test_tolerance_gives_the_exact_message_of_each_refusal(call, kind, message):
    assert _refusal(kind, call) == message


@_cases(
    ("int", lambda: I.example_order(3, 3), TypeError, "order must be a sequence of example indices, got int"),
    ("float", lambda: I.example_order([0, 1.0, 2], 3), TypeError,
     "order[1] is 1.0: order must be a permutation of 0..2 given as integers"),
    ("bool", lambda: I.example_order([0, True], 2), TypeError,
     "order[1] is True: order must be a permutation of 0..1 given as integers"),
    ("repeat", lambda: I.example_order([0, 0, 1], 3), ValueError, "order must be a permutation of 0..2"),
    ("short", lambda: I.example_order([0, 1], 3), ValueError, "order must be a permutation of 0..2"),
)
def test_example_order_gives_the_exact_message_of_each_refusal(call, kind, message):
    assert _refusal(kind, call) == message


# each check is made in the documented order: the later arguments are bad too where they would
# otherwise be named first
@_cases(
    ("alpha", lambda: P.sgd_schedule(0, 0, [1, 1], -1, 2, 2, I.example_order), ValueError,
     "alpha must be > 0, got 0"),
    ("epochs", lambda: P.sgd_schedule(0.1, 0, [1, 1], -1, 2, 2, I.example_order), ValueError,
     "epochs must be >= 1, got 0"),
    ("order", lambda: P.sgd_schedule(0.1, 1, [1, 1], -1, 2, 2, I.example_order), ValueError,
     "order must be a permutation of 0..1"),
    ("decay", lambda: P.sgd_schedule(0.1, 1, None, -1, 2, 2, I.example_order), ValueError,
     "decay must be >= 0, got -1"),
    ("record", lambda: P.sgd_schedule(0.1, 1, None, 0, 2, 2, I.example_order), TypeError,
     "record must be True or False, got 2"),
)
def test_sgd_schedule_gives_the_exact_message_of_each_refusal(call, kind, message):
    assert _refusal(kind, call) == message


@_cases(
    ("alpha", lambda: P.batch_schedule(0, 0, -1, 2, 2), ValueError, "alpha must be > 0, got 0"),
    ("max_iterations", lambda: P.batch_schedule(0.1, 0, -1, 2, 2), ValueError,
     "max_iterations must be >= 1, got 0"),
    ("tol", lambda: P.batch_schedule(0.1, 1, -1, 2, 2), ValueError, "tol must be >= 0 or None, got -1"),
    ("average", lambda: P.batch_schedule(0.1, 1, None, 2, 2), TypeError,
     "average must be True or False, got 2"),
    ("record", lambda: P.batch_schedule(0.1, 1, None, False, 2), TypeError,
     "record must be True or False, got 2"),
)
def test_batch_schedule_gives_the_exact_message_of_each_refusal(call, kind, message):
    assert _refusal(kind, call) == message


@_cases(
    ("two", lambda: I.binary_matrix([[0, 2]]), ValueError, "X[0][1] is 2: features must be binary (0 or 1)"),
    ("half", lambda: I.binary_matrix([[0.5]], "B"), ValueError, "B[0][0] is 0.5: features must be binary (0 or 1)"),
    ("bool", lambda: I.binary_matrix([[True]]), TypeError, "X[0][0] is True: expected a real number"),
)
def test_binary_matrix_gives_the_exact_message_of_each_refusal(call, kind, message):
    assert _refusal(kind, call) == message


@_cases(
    ("negative", lambda: P.natural(-1, "n"), ValueError, "n must be >= 0, got -1"),
    ("negative-float", lambda: P.natural(-2.0, "n"), ValueError, "n must be >= 0, got -2.0"),
    ("fraction", lambda: P.natural(1.5, "n"), ValueError, "n is 1.5: expected an integer"),
    ("str", lambda: P.natural("a", "n"), TypeError, "n is 'a': expected an integer"),
)
def test_natural_gives_the_exact_message_of_each_refusal(call, kind, message):
    assert _refusal(kind, call) == message


@_cases(
    ("negative", lambda: P.nonnegative(-0.5, "decay"), ValueError, "decay must be >= 0, got -0.5"),
    ("none", lambda: P.nonnegative(None, "decay"), TypeError, "decay is None: expected a real number"),
)
def test_nonnegative_gives_the_exact_message_of_each_refusal(call, kind, message):
    assert _refusal(kind, call) == message


@_cases(
    ("nested", lambda: I.integer([1], "n", "[0]"), ValueError,
     "n[0] is [1]: expected a number, got a sequence (one dimension too many)"),
    ("list-parameter", lambda: I.integer([1], "n"), TypeError, "n is [1]: expected an integer"),
    ("str", lambda: I.integer("a", "n"), TypeError, "n is 'a': expected an integer"),
    ("bool", lambda: I.integer(True, "n", "[1]"), TypeError, "n[1] is True: expected an integer"),
    ("nan", lambda: I.integer(NAN, "n", "[2]"), ValueError, "n[2] is nan: expected a finite integer"),
    ("inf", lambda: I.integer(INF, "n"), ValueError, "n is inf: expected a finite integer"),
    ("float", lambda: I.integer(2.5, "n"), ValueError, "n is 2.5: expected an integer"),
    ("fraction", lambda: I.integer(Fraction(3, 2), "n"), ValueError, "n is 3/2: expected an integer"),
    ("above", lambda: I.integer(BIG, "n"), ValueError,
     "n is 9223372036854775808: outside the int64 range -2**63 .. 2**63 - 1"),
    ("below", lambda: I.integer(-BIG - 1, "n"), ValueError,
     "n is -9223372036854775809: outside the int64 range -2**63 .. 2**63 - 1"),
    ("float-above", lambda: I.integer(1e300, "n"), ValueError,
     "n is 1e+300: outside the int64 range -2**63 .. 2**63 - 1"),
)
def test_integer_gives_the_exact_message_of_each_refusal(call, kind, message):
    assert _refusal(kind, call) == message


@_cases(
    ("fraction", lambda: I.integers([1, 1.5]), ValueError, "y[1] is 1.5: expected an integer"),
    ("empty", lambda: I.integers([]), ValueError, "y is empty"),
    ("2d", lambda: I.integers([[1]]), ValueError, "y must be 1-dimensional, got 2 dimension(s)"),
    ("int", lambda: I.integers(5, "labels"), TypeError, "labels must be a vector (a sequence of numbers), got int"),
    ("above", lambda: I.integers([0, BIG]), ValueError,
     "y[1] is 9223372036854775808: outside the int64 range -2**63 .. 2**63 - 1"),
)
def test_integers_gives_the_exact_message_of_each_refusal_NB_4(call, kind, message):
    assert _refusal(kind, call) == message


CODING = "labels must be integers, the notes' coding here; for any other coding use"


@_cases(
    ("fraction-trees", lambda: I.integer_labels([0, 0.5], module="trees"), ValueError,
     f"y[1] is 0.5: expected an integer; {CODING} cs229.estimators.DecisionTreeClassifier"),
    ("str-any", lambda: I.integer_labels(["a"], "t"), TypeError,
     f"t[0] is 'a': expected an integer; {CODING} a classifier of cs229.estimators"),
    ("nan-package", lambda: I.integer_labels([NAN], module="cs229.fast.entropy"), ValueError,
     f"y[0] is nan: expected a finite integer; {CODING} cs229.estimators.DecisionTreeClassifier"),
    ("empty", lambda: I.integer_labels([]), ValueError, "y is empty"),
    ("2d", lambda: I.integer_labels([[1]]), ValueError, "y must be 1-dimensional, got 2 dimension(s)"),
)
def test_integer_labels_gives_the_exact_message_of_each_refusal_DT_5(call, kind, message):
    assert _refusal(kind, call) == message


@_cases(
    ("fraction", lambda: I.integer_matrix([[0, 1.5]]), ValueError, "X[0][1] is 1.5: expected an integer"),
    ("none", lambda: I.integer_matrix([[0], [None]], "C"), TypeError, "C[1][0] is None: expected an integer"),
    ("above", lambda: I.integer_matrix([[BIG]]), ValueError,
     "X[0][0] is 9223372036854775808: outside the int64 range -2**63 .. 2**63 - 1"),
)
def test_integer_matrix_gives_the_exact_message_of_each_refusal_NB_5(call, kind, message):
    assert _refusal(kind, call) == message


@_cases(
    ("float", lambda: P.table_size(2.0, "k"), TypeError, "k must be an integer, got 2.0"),
    ("bool", lambda: P.table_size(True, "k"), TypeError, "k must be an integer, got True"),
    ("zero", lambda: P.table_size(0, "k"), ValueError, "k must be >= 1, got 0"),
    ("2**31", lambda: P.table_size(2 ** 31, "k"), ValueError, f"k is 2147483648: {TABLE_LIMIT}"),
)
def test_table_size_gives_the_exact_message_of_each_refusal(call, kind, message):
    assert _refusal(kind, call) == message


@_cases(
    ("str", lambda: I.category_sizes("ab"), TypeError, "k must be an integer or a sequence of integers, got str"),
    ("int-without-n", lambda: I.category_sizes(3), TypeError,
     "k must be an integer or a sequence of integers, got int"),
    ("float", lambda: I.category_sizes(3.0, n=2), TypeError,
     "k must be an integer or a sequence of integers, got float"),
    ("int-zero", lambda: I.category_sizes(0, n=2), ValueError, "k must be >= 1, got 0"),
    ("columns", lambda: I.category_sizes([2, 3], n=3), ValueError, "k has 2 entries but X has 3 columns"),
    ("entry-zero", lambda: I.category_sizes([1, 0], name="sizes"), ValueError, "sizes[1] must be >= 1, got 0"),
    ("entry-float", lambda: I.category_sizes([2, 2.0]), TypeError, "k[1] must be an integer, got 2.0"),
    ("entry-huge", lambda: I.category_sizes([2 ** 31]), ValueError, f"k[0] is 2147483648: {TABLE_LIMIT}"),
    ("sum", lambda: I.category_sizes([2 ** 30, 2 ** 30]), ValueError, f"Σⱼ k[j] is 2147483648: {TABLE_LIMIT}"),
)
def test_category_sizes_gives_the_exact_message_of_each_refusal_NB_5(call, kind, message):
    assert _refusal(kind, call) == message


@_cases(
    ("feature-high", lambda: I.check_categories([[0, 2]], [2, 2], "X"), ValueError,
     "X[0][1] is 2: feature 1 takes values 0..1"),
    ("feature-negative", lambda: I.check_categories([[0, 0], [1, -1]], [2, 3], "X"), ValueError,
     "X[1][1] is -1: feature 1 takes values 0..2"),
    ("value-high", lambda: I.check_categories([0, 3], 3, "x"), ValueError, "x[1] is 3: values must be in 0..2"),
    ("value-negative", lambda: I.check_categories([-1], 2, "x"), ValueError, "x[0] is -1: values must be in 0..1"),
    ("value-huge", lambda: I.check_categories([1e300], 2, "x"), ValueError,
     "x[0] is 1e+300: values must be in 0..1"),
)
def test_check_categories_gives_the_exact_message_of_each_refusal(call, kind, message):
    assert _refusal(kind, call) == message


@_cases(
    ("int", lambda: I.document(5, "docs", 2), TypeError, "docs[2] must be a sequence of token ids, got int"),
    ("str", lambda: I.document("abc", "docs", 0), TypeError, "docs[0] must be a sequence of token ids, got str"),
    ("0d", lambda: I.document(np.int64(3), "docs", 1), TypeError,
     "docs[1] must be a sequence of token ids, got a 0-dimensional array"),
    ("none", lambda: I.document(None, "docs", 0), TypeError, "docs[0] must be a sequence of token ids, got None"),
)
def test_document_gives_the_exact_message_of_each_refusal(call, kind, message):
    assert _refusal(kind, call) == message


VOCABULARY = "(the vocabulary); pass ignore_unknown=True to drop the others"


@_cases(
    ("int", lambda: I.documents(5), TypeError,
     "documents must be a sequence of token-id sequences or Documents, got int"),
    ("empty", lambda: I.documents([], "corpus"), ValueError, "corpus is empty (no documents)"),
    ("doc-int", lambda: I.documents([[0], 7]), TypeError, "documents[1] must be a sequence of token ids, got int"),
    ("token-fraction", lambda: I.documents([[0, 1.5]]), ValueError, "documents[0][1] is 1.5: expected an integer"),
    ("doc-2d", lambda: I.documents([[0], [[1]]]), ValueError,
     "documents[1] must be 1-dimensional, got 2 dimension(s)"),
    ("unknown", lambda: I.documents([[0, 3]], size=3), ValueError,
     f"documents[0][1] is 3: token ids must be in 0..2 {VOCABULARY}"),
    ("unknown-huge", lambda: I.documents([[], [2 ** 64]], size=3), ValueError,
     f"documents[1][0] is 18446744073709551616: token ids must be in 0..2 {VOCABULARY}"),
    ("above", lambda: I.documents([[BIG]]), ValueError,
     "documents[0][0] is 9223372036854775808: outside the int64 range -2**63 .. 2**63 - 1"),
)
def test_documents_gives_the_exact_message_of_each_refusal_NB_6(call, kind, message):
    assert _refusal(kind, call) == message


def _offsets(name, n):
    return f"{name}.offsets must rise from 0 to len({name}.tokens) = {n} without decreasing"


@_cases(
    ("short-end", lambda: I.packed_documents([0, 1], [0, 1]), ValueError, _offsets("documents", 2)),
    ("one-offset", lambda: I.packed_documents([], [0], "docs"), ValueError, _offsets("docs", 0)),
    ("late-start", lambda: I.packed_documents([0, 1], [1, 2]), ValueError, _offsets("documents", 2)),
    ("decreasing", lambda: I.packed_documents([0, 1], [0, 2, 1, 2]), ValueError, _offsets("documents", 2)),
    ("token-fraction", lambda: I.packed_documents([0, 0.5], [0, 2]), ValueError,
     "documents.tokens[1] is 0.5: expected an integer"),
    ("offset-fraction", lambda: I.packed_documents([0], [0, 1.5]), ValueError,
     "documents.offsets[1] is 1.5: expected an integer"),
    ("no-offsets", lambda: I.packed_documents([0], []), ValueError, "documents.offsets is empty"),
    ("unknown", lambda: I.packed_documents([0, 5], [0, 1, 2], size=5), ValueError,
     f"documents[1][0] is 5: token ids must be in 0..4 {VOCABULARY}"),
)
def test_packed_documents_gives_the_exact_message_of_each_refusal_NB_6(call, kind, message):
    assert _refusal(kind, call) == message


NOTES = "the notes' coding here; for any other coding use"


@_cases(
    # an integer past 1 where the model has a k-class twin: softmax regression is named
    ("two", lambda: I.binary_labels([0, 2], module="logistic_regression"), ValueError,
     f"y[1] is 2: labels must be 0 or 1, {NOTES} cs229.estimators.LogisticRegression or Perceptron; "
     "for k classes, softmax regression (cs229.reference.softmax, cs229.fast.softmax, "
     "cs229.estimators.SoftmaxRegression)"),
    ("two_glm", lambda: I.binary_labels([0, -1], module="cs229.fast.glm"), ValueError,
     f"y[1] is -1: labels must be 0 or 1, {NOTES} cs229.estimators.LogisticRegression; for k classes, "
     "softmax regression (cs229.reference.softmax, cs229.fast.softmax, cs229.estimators.SoftmaxRegression)"),
    ("half_logistic", lambda: I.binary_labels([0, 0.5], module="logistic_regression"), ValueError,
     f"y[1] is 0.5: labels must be 0 or 1, {NOTES} cs229.estimators.LogisticRegression or Perceptron"),
    ("two_generative", lambda: I.binary_labels([2], module="generative"), ValueError,
     f"y[0] is 2: labels must be 0 or 1, {NOTES} cs229.estimators.GaussianDiscriminantAnalysis; for k "
     "classes, GDA with labels 1..k (gda_classes_fit of cs229.reference.generative and "
     "cs229.fast.generative; cs229.estimators.GaussianDiscriminantAnalysis takes any number of classes)"),
    ("half", lambda: I.binary_labels([0.5], "t"), ValueError,
     f"t[0] is 0.5: labels must be 0 or 1, {NOTES} a classifier of cs229.estimators"),
    ("str", lambda: I.binary_labels(["a"]), TypeError, "y[0] is 'a': expected a real number"),
    ("nan", lambda: I.binary_labels([NAN]), ValueError, "y[0] is nan: expected a finite number"),
)
def test_binary_labels_gives_the_exact_message_of_each_refusal(call, kind, message):
    assert _refusal(kind, call) == message


@_cases(
    ("above-k", lambda: I.class_labels([1, 4], 3, module="softmax"), ValueError,
     f"y[1] is 4: labels must be integers in 1..3, {NOTES} cs229.estimators.SoftmaxRegression"),
    ("zero-unbounded", lambda: I.class_labels([0], INF), ValueError,
     f"y[0] is 0: labels must be integers in 1..k, {NOTES} a classifier of cs229.estimators"),
    ("fraction", lambda: I.class_labels([1.5], 2, "t"), ValueError,
     f"t[0] is 1.5: labels must be integers in 1..2, {NOTES} a classifier of cs229.estimators"),
    ("above-int64", lambda: I.class_labels([BIG], INF), ValueError,
     "y[0] is 9223372036854775808: outside the int64 range -2**63 .. 2**63 - 1"),
    ("bool", lambda: I.class_labels([True], 2), TypeError, "y[0] is True: expected a real number"),
)
def test_class_labels_gives_the_exact_message_of_each_refusal(call, kind, message):
    assert _refusal(kind, call) == message


@_cases(
    ("negative", lambda: I.counts([1, -1]), ValueError, "y[1] is -1: counts must be non-negative integers"),
    ("fraction", lambda: I.counts([0.5], "c"), ValueError, "c[0] is 0.5: counts must be non-negative integers"),
    ("above", lambda: I.counts([BIG]), ValueError,
     "y[0] is 9223372036854775808: outside the int64 range -2**63 .. 2**63 - 1"),
)
def test_counts_gives_the_exact_message_of_each_refusal(call, kind, message):
    assert _refusal(kind, call) == message


@_cases(
    ("int", lambda: P.choice(1, "start", ("zeros", "ols")), TypeError,
     "start must be one of ('zeros', 'ols'), got 1"),
    ("unknown", lambda: P.choice("x", "start", ("zeros", "ols")), ValueError,
     "start must be one of ('zeros', 'ols'), got 'x'"),
)
def test_choice_gives_the_exact_message_of_each_refusal(call, kind, message):
    assert _refusal(kind, call) == message


@_cases(
    ("int", lambda: P.flag(1, "damping"), TypeError, "damping must be True or False, got 1"),
    ("none", lambda: P.flag(None, "damping"), TypeError, "damping must be True or False, got None"),
    ("str", lambda: P.flag("yes", "damping"), TypeError, "damping must be True or False, got 'yes'"),
)
def test_flag_gives_the_exact_message_of_each_refusal(call, kind, message):
    assert _refusal(kind, call) == message


@_cases(
    ("float", lambda: P.n_jobs(1.5), TypeError, f"n_jobs {ALL_CORES} 1.5"),
    ("minus-one-float", lambda: P.n_jobs(-1.0), TypeError, f"n_jobs {ALL_CORES} -1.0"),
    ("bool", lambda: P.n_jobs(True), TypeError, f"n_jobs {ALL_CORES} True"),
    ("zero", lambda: P.n_jobs(0), ValueError, f"n_jobs {ALL_CORES} 0"),
    ("minus-two", lambda: P.n_jobs(-2, "workers"), ValueError, f"workers {ALL_CORES} -2"),
)
def test_n_jobs_gives_the_exact_message_of_each_refusal(call, kind, message):
    assert _refusal(kind, call) == message


def test_real_counts_refuse_an_empty_vector_and_a_bool_as_a_real_number():
    """NB-6's real counts: empty is refused unless asked for (``empty=True``, the bags of words
    of an empty document), and a bool is no count (TypeError, "expected a real number", as
    ``number`` words it)."""
    with pytest.raises(ValueError, match="^counts is empty$"):
        I.real_counts([], "counts")
    assert I.real_counts([], "counts", empty=True) == []
    with pytest.raises(TypeError, match=r"^counts\[1\] is True: expected a real number$"):
        I.real_counts([2, True], "counts")
