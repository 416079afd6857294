"""Part IV §2, Naive Bayes (NB-1 … NB-6): what both faces refuse and how: the exact type and text of
every error, and the bad-input treatment of every entry point (tests/bad_input.py)."""
import math

import numpy as np
import pytest

import cs229.fast.naive_bayes as F
import cs229.reference.naive_bayes as R
from cs229.reference.naive_bayes import BernoulliNB, CategoricalNB, MultinomialNB, ZeroOverZeroError

from tests.bad_input import Table, install
from tests.naive_bayes.test_formulas import close
from tests.naive_bayes.test_regressions import LABEL_WORDS


# ---- NB-4 -------------------------------------------------------------------------------------

def test_laplace_rejects_negative_counts_NB_4(impl):
    with pytest.raises(ValueError, match=r"counts\[1\] is -1"):
        impl.naive_bayes.laplace_estimate(impl.arg([2, -1, 3]))
    with pytest.raises(ValueError, match="alpha"):
        impl.naive_bayes.laplace_estimate(impl.arg([2, 1]), -1)


# ---- NB-2, NB-3 -------------------------------------------------------------------------------

def test_zero_over_zero_is_reported_never_nan_NB_3(impl):
    """NB-3 (000 §2.1): feature 2 ("nips") never appears in training, so unsmoothed
    φ_{2|y} = 0 for both classes; a message containing it has p(y=1|x) = 0/0."""
    nb = impl.naive_bayes
    X = impl.arg([[1, 0, 0], [1, 1, 0], [0, 1, 0], [0, 0, 0]])
    y = impl.arg([1, 1, 0, 0])
    model = nb.bernoulli_fit(X, y, 0)
    assert impl.out(model.phi_j_y0)[2] == 0 and impl.out(model.phi_j_y1)[2] == 0
    query = impl.arg([[1, 0, 1]])
    for f in (nb.bernoulli_log_posterior, nb.bernoulli_predict):
        with pytest.raises(R.ZeroOverZeroError, match=r"x_2 = 1.*0/0") as e:
            f(model, query)
        assert "row 0" in str(e.value)
    # one class impossible is a certain posterior, not 0/0
    post = impl.out(nb.bernoulli_log_posterior(model, impl.arg([[1, 0, 0]])))[0]
    assert post[0] == -math.inf and post[1] == 0.0
    smoothed = nb.bernoulli_fit(X, y, 1)
    p = np.exp(impl.out(nb.bernoulli_log_posterior(smoothed, query)))
    assert np.isfinite(p).all() and close(p.sum(), 1.0) and 0 < p[0, 1] < 1


def test_bernoulli_posterior_exact_zero_over_zero_NB_3():
    model = R.bernoulli_fit([[1, 0], [0, 0]], [1, 0], 0)
    with pytest.raises(R.ZeroOverZeroError, match="0/0"):
        R.bernoulli_posterior(model, [1, 1])
    assert R.bernoulli_posterior(model, [1, 0]) == 1


def test_non_binary_features_are_refused_NB_2(impl):
    with pytest.raises(ValueError, match=r"X\[1\]\[0\] is 2.*binary"):
        impl.naive_bayes.bernoulli_fit(impl.arg([[1, 0], [2, 1]]), impl.arg([0, 1]))
    model = impl.naive_bayes.bernoulli_fit(impl.arg([[1, 0], [0, 1]]), impl.arg([0, 1]))
    with pytest.raises(ValueError, match=r"X\[0\]\[1\] is 0.5.*binary"):
        impl.naive_bayes.bernoulli_log_posterior(model, impl.arg([[1, 0.5]]))


def test_a_class_with_no_examples_is_refused_NB_2_NB_5_NB_6(impl):
    nb = impl.naive_bayes
    with pytest.raises(ValueError, match="no examples of class 0"):
        nb.bernoulli_fit(impl.arg([[1, 0], [0, 1]]), impl.arg([1, 1]))
    with pytest.raises(ValueError, match="no examples of class 1"):
        nb.categorical_fit(impl.arg([[1, 0], [2, 1]]), impl.arg([0, 0]), 3)
    with pytest.raises(ValueError, match="no examples of class 1"):
        nb.multinomial_fit([[0, 1], [1]], impl.arg([0, 0]), 2)


# ---- NB-5 -------------------------------------------------------------------------------------

def test_edges_must_increase_NB_5(impl):
    for edges in ([1.0, 1.0, 2.0], [3.0, 2.0]):
        with pytest.raises(ValueError, match="edges must be strictly increasing"):
            impl.naive_bayes.discretize(impl.arg([1.5]), impl.arg(edges))


def test_category_out_of_range_is_refused_NB_5(impl):
    with pytest.raises(ValueError, match=r"X\[1\]\[1\] is 3: feature 1 takes values 0..2"):
        impl.naive_bayes.categorical_fit(impl.arg([[0, 1], [1, 3]]), impl.arg([0, 1]), [2, 3])
    with pytest.raises(ValueError, match=r"k has 1 entries but X has 2 columns"):
        impl.naive_bayes.categorical_fit(impl.arg([[0, 1], [1, 0]]), impl.arg([0, 1]), [2])


# ---- NB-6 -------------------------------------------------------------------------------------

def test_unknown_token_ids_are_refused_unless_ignored_NB_6(impl):
    nb = impl.naive_bayes
    docs, y = [[0, 1], [2, 1, 1], [0]], impl.arg([0, 1, 1])
    with pytest.raises(ValueError, match=r"documents\[1\]\[0\] is 2: token ids must be in 0..1"):
        nb.multinomial_fit(docs, y, 2)
    with pytest.raises(ValueError, match=r"documents\[0\]\[1\] is -1"):
        nb.multinomial_fit([[0, -1], [1], [0]], y, 2)
    ignored = nb.multinomial_fit(docs, y, 2, ignore_unknown=True)
    kept = nb.multinomial_fit([[0, 1], [1, 1], [0]], y, 2)
    assert impl.out(ignored.word_count) == impl.out(kept.word_count)
    with pytest.raises(ValueError, match=r"documents\[0\]\[2\] is 7"):
        nb.multinomial_log_posterior(kept, [[1, 0, 7]])
    assert impl.out(nb.multinomial_log_posterior(kept, [[1, 0, 7]], ignore_unknown=True)) == \
        impl.out(nb.multinomial_log_posterior(kept, [[1, 0]]))


def test_multinomial_unsmoothed_zero_over_zero_NB_3_NB_6(impl):
    nb = impl.naive_bayes
    model = nb.multinomial_fit([[0, 0], [1]], impl.arg([0, 1]), 3, 0)
    with pytest.raises(R.ZeroOverZeroError, match=r"word 2.*0/0"):
        nb.multinomial_log_posterior(model, [[2]])
    with pytest.raises(R.ZeroOverZeroError, match="class 1 has no words"):
        nb.multinomial_fit([[0], []], impl.arg([0, 1]), 3, 0)
    assert impl.out(nb.multinomial_log_posterior(model, [[0]]))[0] == [0.0, -math.inf]


def test_documents_validation_NB_6(impl):
    nb = impl.naive_bayes
    with pytest.raises(ValueError, match="offsets must rise"):
        nb.multinomial_fit(R.Documents([0, 1, 1], [0, 2, 1, 3]), impl.arg([0, 1, 1]), 2)
    with pytest.raises(ValueError, match=r"documents\[0\].*1.5: expected an integer"):
        nb.multinomial_fit([[0, 1.5], [1]], impl.arg([0, 1]), 2)
    with pytest.raises(TypeError, match="documents"):
        nb.multinomial_fit(["ab", [1]], impl.arg([0, 1]), 2)
    with pytest.raises(ValueError, match="documents has 2 documents but y has 3"):
        nb.multinomial_fit([[0], [1]], impl.arg([0, 1, 1]), 2)


# ---- NB-6: bags of words (Documents with counts) -----------------------------------------------

def test_bag_counts_are_refused_by_name_NB_6(impl):
    """A count must be an integer 0 .. 2⁶³ − 1 or a finite real >= 0 (X-2), one per token: the
    message names the entry."""
    nb = impl.naive_bayes
    y = impl.arg([0, 1])

    def fit(counts, tokens=(0, 1, 0), offsets=(0, 2, 3)):
        return nb.multinomial_fit(R.Documents(list(tokens), list(offsets), counts), y, 2)
    cases = [([1, 2 ** 63, 1], ValueError, r"documents.counts\[1\] is 9223372036854775808: outside the int64 range"),
             (np.array([1, 2 ** 63, 1], dtype=np.uint64), ValueError, r"documents.counts\[1\] is 9223372036854775808"),
             ([1, -1, 1], ValueError, r"^documents.counts\[1\] is -1: counts must be >= 0$"),
             ([1, -0.5, 1], ValueError, r"^documents.counts\[1\] is -0.5: counts must be >= 0$"),
             (np.array([1.5, -0.5, np.nan]), ValueError, r"^documents.counts\[1\] is -0.5: counts must be >= 0$"),
             ([0.5, math.nan, -1], ValueError, r"^documents.counts\[1\] is nan: expected a finite number$"),
             (np.array([0.5, -math.inf, 1]), ValueError, r"^documents.counts\[1\] is -inf: expected a finite number$"),
             ([0.5, math.inf, 1], ValueError, r"^documents.counts\[1\] is inf: expected a finite number$"),
             ([1, None, 1], TypeError, r"^documents.counts\[1\] is None: expected a real number$"),
             ([1, 1], ValueError, r"^documents.counts has 2 entries but documents.tokens has 3$")]
    for counts, kind, message in cases:
        with pytest.raises(kind, match=message):
            fit(counts)
    with pytest.raises(ValueError, match=r"^the documents of class 0 hold more than 2\*\*63 - 1 words"):
        fit([2 ** 62, 2 ** 62, 1])
    assert [int(v) for v in fit([2 ** 62, 2 ** 62 - 1, 1]).total_words] == [2 ** 63 - 1, 1]



def test_pack_documents_checks_a_bag_as_every_function_does_NB_6(impl):
    """A bag given to pack_documents is checked as documents are: the counts named
    documents.counts, every id against the vocabulary_size it says."""
    nb = impl.naive_bayes
    with pytest.raises(ValueError) as e:
        nb.pack_documents(R.Documents([0, 1], [0, 2], [1, -1]))
    assert str(e.value) == "documents.counts[1] is -1: counts must be >= 0"
    with pytest.raises(ValueError) as e:
        nb.pack_documents(R.Documents([0, 5], [0, 2], [1, 1], 3))
    assert str(e.value) == ("documents[0][1] is 5: token ids must be in 0..2 (the vocabulary); pass "
                            "ignore_unknown=True to drop the others")


# ---- NB-2: the Bernoulli model on Documents (the rows of a sparse matrix) ------------------------

def test_bernoulli_on_documents_needs_the_number_of_features_NB_2(impl):
    nb = impl.naive_bayes
    docs = R.Documents([0, 2, 1], [0, 2, 3], None, 3)
    with pytest.raises(TypeError, match="^X.vocabulary_size must be given for X as Documents"):
        nb.bernoulli_fit(R.Documents([0, 2, 1], [0, 2, 3]), impl.arg([0, 1]))
    with pytest.raises(ValueError, match=r"^X\[0\]\[1\] is 2: token ids must be in 0..1"):
        nb.bernoulli_fit(R.Documents([0, 2, 1], [0, 2, 3], None, 2), impl.arg([0, 1]))
    with pytest.raises(ValueError, match="^X.vocabulary_size must be >= 1"):
        nb.bernoulli_fit(R.Documents([0, 2, 1], [0, 2, 3], None, 0), impl.arg([0, 1]))
    with pytest.raises(ValueError, match=r"^X.counts\[1\] is -1: counts must be >= 0$"):
        nb.bernoulli_fit(R.Documents([0, 2, 1], [0, 2, 3], [1, -1, 1], 3), impl.arg([0, 1]))
    with pytest.raises(ValueError, match="^X has 2 rows but y has 3 entries$"):
        nb.bernoulli_fit(docs, impl.arg([0, 1, 1]))
    model = nb.bernoulli_fit(docs, impl.arg([0, 1]))
    assert impl.out(model.feature_count) == [[1, 0, 1], [0, 1, 0]]
    with pytest.raises(ValueError, match=r"^X\[0\]\[0\] is 3: token ids must be in 0..2"):
        nb.bernoulli_predict(model, R.Documents([3], [0, 1]))
    with pytest.raises(ValueError, match="^X.vocabulary_size is 4 but the vocabulary has 3 words$"):
        nb.bernoulli_predict(model, R.Documents([2], [0, 1], None, 4))
    assert impl.out(nb.bernoulli_predict(model, R.Documents([2], [0, 1]))) == [0]


def test_documents_say_their_vocabulary_size_consistently_NB_6(impl):
    nb = impl.naive_bayes
    docs = R.Documents([0, 1, 1], [0, 1, 3], [2, 1, 1], 2)
    with pytest.raises(ValueError, match="^documents.vocabulary_size is 2 but the vocabulary has 3 words$"):
        nb.multinomial_fit(docs, impl.arg([0, 1]), 3)
    model = nb.multinomial_fit(docs, impl.arg([0, 1]), 2)
    with pytest.raises(ValueError, match="^documents.vocabulary_size is 5 but the vocabulary has 2 words$"):
        nb.multinomial_predict(model, R.Documents([0], [0, 1], None, 5))
    packed = nb.pack_documents(docs)
    assert packed.vocabulary_size == 2 and impl.out(packed.counts) == [2, 1, 1]
    with pytest.raises(ValueError, match=r"^documents\[0\]\[0\] is 7: token ids must be in 0..1"):
        nb.pack_documents(R.Documents([7], [0, 1], None, 2))


def test_tables_past_the_memory_are_refused_naming_the_size_NB_4_NB_5_NB_6(monkeypatch):
    """A size parameter (k, Σⱼ k_j, |V|) sets the model's tables whatever the data: one the
    machine cannot hold is refused before anything is allocated, naming it and the memory
    (here a machine of 1 GiB)."""
    import os
    real = os.sysconf
    monkeypatch.setattr(os, "sysconf", lambda key: 2 ** 18 if key == "SC_PHYS_PAGES" else real(key)
                        if key != "SC_PAGE_SIZE" else 4096)
    cases = [(lambda: F.multinomial_fit([[0], [1]], [0, 1], 10 ** 8), "vocabulary_size = 100000000: its tables "
              "need 6.0 GiB (200,000,000 entries of 32 bytes: counts and estimates), more than this machine's 1.0 GiB"),
             (lambda: F.bernoulli_fit(R.Documents([0], [0, 1, 1], None, 10 ** 8), [0, 1]), "X.vocabulary_size = 100000000"),
             (lambda: F.value_counts([0, 1], 10 ** 9), "k = 1000000000: its tables need 14.9 GiB"),
             (lambda: F.categorical_fit([[0], [1]], [0, 1], [10 ** 8]), "Σⱼ k[j] = 100000000")]
    for call, message in cases:
        with pytest.raises(MemoryError) as e:
            call()
        assert str(e.value).startswith(message)
    assert F.multinomial_fit([[0], [1]], [0, 1], 10 ** 6).word_count.shape == (2, 10 ** 6)


# ==================================================================================================
# Bad input for every entry point of cs229.fast.naive_bayes and its reference twin (NB-2 … NB-6):
# a ValueError/TypeError naming the argument, the caller's arrays untouched, every dtype and memory
# layout accepted with the answer of C-contiguous input (tests/bad_input.py). The probability
# vectors of a model get the array checks as 'model.<field>'.


BX = np.array([[1, 0, 1], [0, 0, 1], [1, 1, 0], [0, 1, 1]])  # binary features
CX = np.array([[0, 2], [1, 0], [2, 1], [1, 1]])  # categories, k = (3, 3)
Y = np.array([1, 1, 0, 0])
DOCS = np.array([[0, 1, 1], [2, 0, 0], [1, 3, 2], [3, 3, 0]])  # four documents of three words
BERNOULLI = R.BernoulliNB(0.5, [0.25, 0.5, 0.75], [0.5, 0.25, 0.5], None, None, None)
CATEGORICAL = R.CategoricalNB(0.5, [[[0.5, 0.25, 0.25], [0.2, 0.3, 0.5]], [[0.1, 0.6, 0.3], [0.4, 0.4, 0.2]]],
                              [3, 3], None, None, None)
MULTINOMIAL = R.MultinomialNB(0.25, [0.1, 0.2, 0.3, 0.4], [0.4, 0.3, 0.2, 0.1], None, None, None, None)

# three classes
YK = np.array([1, 3, 2, 3])
BERNOULLI_K = R.BernoulliClassesNB(np.array([0.25, 0.25, 0.5]), np.array([[0.25, 0.5, 0.75], [0.5, 0.25, 0.5],
                                                                          [0.5, 0.5, 0.5]]), None, None, None)
MULTINOMIAL_K = R.MultinomialClassesNB(np.array([0.25, 0.25, 0.5]), np.array([[0.1, 0.2, 0.3, 0.4], [0.4, 0.3, 0.2, 0.1],
                                                                              [0.25, 0.25, 0.25, 0.25]]),
                                       None, None, None, None)

W = np.array([1.0, 0.5, 2.0, 0.0])  # sample weights, one per row or document
# the weights reader's refusals (inputs.sample_weights), the same for every fit
BAD_WEIGHTS = [("sample_weight", np.array([1.0, -0.5, 2.0, 0.0]), ValueError,
                r"^sample_weight\[1\] is -0.5: a sample weight must be >= 0$"),
               ("sample_weight", np.zeros(4), ValueError,
                "^sample_weight: every sample weight is 0, so there is nothing to fit$"),
               ("sample_weight", np.array([1.0, 2.0, 3.0]), ValueError,
                "^sample_weight has 3 entries but (X has 4 rows|documents has 4)$")]

TABLE = Table(F, R, valid={
    "value_counts": dict(z=np.array([0, 2, 2, 1]), k=3),
    "laplace_estimate": dict(counts=np.array([3.0, 0.0, 1.0]), alpha=1),
    "bernoulli_fit": dict(X=BX, y=Y, alpha=1, sample_weight=W),
    "bernoulli_log_joint": dict(model=BERNOULLI, X=BX),
    "bernoulli_log_posterior": dict(model=BERNOULLI, X=BX),
    "bernoulli_predict": dict(model=BERNOULLI, X=BX),
    "discretize": dict(values=np.array([890.0, 120.0, 1700.0]), edges=np.array([400.0, 800.0, 1200.0, 1600.0])),
    "categorical_fit": dict(X=CX, y=Y, k=[3, 3], alpha=1, sample_weight=W),
    "categorical_log_joint": dict(model=CATEGORICAL, X=CX),
    "categorical_log_posterior": dict(model=CATEGORICAL, X=CX),
    "categorical_predict": dict(model=CATEGORICAL, X=CX),
    "pack_documents": dict(documents=DOCS),
    "multinomial_fit": dict(documents=DOCS, y=Y, vocabulary_size=4, alpha=1, sample_weight=W),
    "multinomial_log_joint": dict(model=MULTINOMIAL, documents=DOCS),
    "multinomial_log_posterior": dict(model=MULTINOMIAL, documents=DOCS),
    "multinomial_predict": dict(model=MULTINOMIAL, documents=DOCS),
    "encode": dict(token_lists=[["b", "a"], ["a"]], vocabulary=["a", "b"]),  # words, not numbers
    "vectorize": dict(messages=["b a", "a £"], min_count=1),  # text, not numbers
    "bernoulli_classes_fit": dict(X=BX, y=YK, alpha=1, sample_weight=W),
    "bernoulli_classes_log_joint": dict(model=BERNOULLI_K, X=BX),
    "bernoulli_classes_log_posterior": dict(model=BERNOULLI_K, X=BX),
    "bernoulli_classes_predict": dict(model=BERNOULLI_K, X=BX),
    "multinomial_classes_fit": dict(documents=DOCS, y=YK, vocabulary_size=4, alpha=1, sample_weight=W),
    "multinomial_classes_log_joint": dict(model=MULTINOMIAL_K, documents=DOCS),
    "multinomial_classes_log_posterior": dict(model=MULTINOMIAL_K, documents=DOCS),
    "multinomial_classes_predict": dict(model=MULTINOMIAL_K, documents=DOCS),
}, parameters={
    "value_counts": [("k", 0, ValueError, "k must be >= 1"), ("z", np.array([0, 3]), ValueError, r"z\[1\] is 3"),
                     ("k", 2.5, TypeError, "k must be an integer")],
    "laplace_estimate": [("alpha", -1, ValueError, "alpha must be >= 0"),
                         ("counts", np.array([1.0, -2.0]), ValueError, r"counts\[1\] is -2")],
    "bernoulli_fit": [*BAD_WEIGHTS, ("alpha", -0.5, ValueError), ("alpha", "one", TypeError),
                      ("X", BX * 2, ValueError, r"X\[0\]\[0\] is 2.*binary"),
                      ("y", np.array([0, 3, 1, 0]), ValueError, r"y\[1\] is 3.*labels"),
                      ("X", BX.astype(bool), TypeError, "X")],  # bools are refused like any bool
    "bernoulli_log_posterior": [("X", BX[:, :2], ValueError, "X has 2 columns but the model has 3"),
                                ("model.phi_j_y0", np.array([0.2, 1.5, 0.1]), ValueError, r"model.phi_j_y0\[1\] is 1.5")],
    "discretize": [("edges", np.array([1.0, 3.0, 2.0]), ValueError, "edges must be strictly increasing")],
    "categorical_fit": [*BAD_WEIGHTS, ("k", [3, 0], ValueError, r"k\[1\] must be >= 1"),
                        ("k", [3, 2], ValueError, r"X\[0\]\[1\] is 2: feature 1 takes values 0..1"),
                        ("X", CX - 1, ValueError, r"X\[0\]\[0\] is -1"),
                        ("X", CX + 0.5, ValueError, r"X\[0\]\[0\] is 0.5: expected an integer")],
    "categorical_log_posterior": [("X", CX + 1, ValueError, r"X\[0\]\[1\] is 3: feature 1 takes values 0..2")],
    "multinomial_fit": [*BAD_WEIGHTS, ("vocabulary_size", 0, ValueError, "vocabulary_size must be >= 1"),
                        ("vocabulary_size", 3, ValueError, r"documents\[2\]\[1\] is 3"),
                        ("alpha", -1.0, ValueError)],
    "multinomial_log_posterior": [
        ("documents", DOCS + 1, ValueError, r"documents\[1\]\[0\] is 3|is 4"),
        ("model.phi_k_y1", np.array([0.5, -0.1, 0.3, 0.3]), ValueError, r"model.phi_k_y1\[1\] is -0.1"),
        ("model.phi_k_y1", np.array([0.5, 0.5]), ValueError, "model.phi_k_y")],
    "encode": [("token_lists", "ab", TypeError, "token_lists must be an iterable"),
               ("token_lists", [["a"], "ab"], TypeError, r"token_lists\[1\] must be a list of words"),
               ("token_lists", [["a", "c"]], ValueError, r"token_lists\[0\]\[1\] is 'c'"),
               ("vocabulary", ["a", "b", "a"], ValueError, "repeated")],
    "vectorize": [("messages", "ab", TypeError, "^messages must be an iterable of str, got str$"),
                  ("messages", ["a", 5], TypeError, r"^messages\[1\] must be a str, got int$"),
                  ("min_count", 0, ValueError, "^min_count must be >= 1, got 0$")],
    "bernoulli_classes_fit": [*BAD_WEIGHTS, ("y", np.array([1, 3, 3, 3]), ValueError, "no examples of class 2 of 1..3"),
                              ("y", np.array([1, 0, 2, 2]), ValueError, r"y\[1\] is 0")],
    "multinomial_classes_fit": [*BAD_WEIGHTS, ("y", np.array([2, 2, 2, 2]), ValueError, "no examples of class 1 of 1..2"),
                                ("vocabulary_size", 3, ValueError, r"documents\[2\]\[1\] is 3")],
}, lengths={"multinomial_fit": "documents has 4 documents but y has 3",
            "multinomial_classes_fit": "documents has 4 documents but y has 3"},
    models={R.BernoulliNB: ("phi_j_y0", "phi_j_y1"), R.MultinomialNB: ("phi_k_y0", "phi_k_y1")},
    exempt={"empty": {"z"},  # no observations is valid
            "ragged": {"documents"}},  # documents may differ in length
    others={"ZeroOverZeroError", "BernoulliNB", "CategoricalNB", "Documents", "MultinomialNB",
            "BernoulliClassesNB", "MultinomialClassesNB"})
install(TABLE, globals())
FACES = TABLE.faces


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("model,name,X", [(BERNOULLI, "bernoulli_log_posterior", BX),
                                          (CATEGORICAL, "categorical_log_posterior", CX),
                                          (MULTINOMIAL, "multinomial_log_posterior", DOCS)])
@pytest.mark.parametrize("phi_y", [0.0, 1.0, 1.5])
def test_model_prior_out_of_range_is_refused(face, model, name, X, phi_y):
    parts = {f: getattr(model, f) for f in model.__dataclass_fields__}
    parts["phi_y"] = phi_y
    with pytest.raises(ValueError, match="model.phi_y must be in"):
        getattr(FACES[face], name)(type(model)(**parts), X.tolist())


@pytest.mark.parametrize("face", FACES)
def test_a_model_of_the_wrong_type_is_refused(face):
    with pytest.raises(TypeError, match="model must be a BernoulliNB"):
        FACES[face].bernoulli_log_posterior(MULTINOMIAL, BX.tolist())
    with pytest.raises(TypeError, match="model must be a MultinomialNB"):
        FACES[face].multinomial_predict(BERNOULLI, DOCS.tolist())


def test_callers_documents_are_untouched():
    documents = R.Documents(np.array([0, 1, 2, 3, 3], dtype=np.int32), np.array([0, 2, 5]))
    tokens, offsets = documents.tokens.copy(), documents.offsets.copy()
    F.multinomial_fit(documents, [0, 1], 4)
    F.multinomial_log_posterior(MULTINOMIAL, documents)
    assert np.array_equal(documents.tokens, tokens) and np.array_equal(documents.offsets, offsets)


def test_token_ids_of_every_integer_width_count_the_same():
    tokens = np.array([0, 1, 1, 3, 2, 0, 3, 3])
    offsets = np.array([0, 3, 5, 8])
    expected = F.multinomial_fit(R.Documents(tokens, offsets), [0, 1, 1], 4)
    for dtype in (np.int8, np.uint16, np.int32, np.uint32, np.int64, np.uint64, np.float64):
        got = F.multinomial_fit(R.Documents(tokens.astype(dtype), offsets.astype(np.int32)), [0, 1, 1], 4)
        assert np.array_equal(got.word_count, expected.word_count), dtype


# ==================================================================================================
# The exact type and full text of the errors of cs229.reference.naive_bayes (and of its fast twin
# where the function exists there): smoothing, fits, model fields, bins and the text pipeline.


# 1e308 is a float64, but Σ counts + k·1e308 is not for any k >= 2
HUGE = 1e308


# ---- NB-4: Laplace smoothing ------------------------------------------------------------------

def test_laplace_estimate_refuses_an_alpha_whose_denominator_overflows_NB_4(impl):
    with pytest.raises(ValueError) as e:
        impl.naive_bayes.laplace_estimate(impl.arg([1.0, 2.0]), alpha=HUGE)
    assert str(e.value) == "alpha = 1e+308 is too large: Σ counts + 2·alpha overflows float64"


@pytest.mark.parametrize("alpha", [0, 0.0], ids=["int", "float"])
def test_laplace_estimate_of_no_observations_unsmoothed_is_zero_over_zero_NB_4(impl, alpha):
    with pytest.raises(ZeroOverZeroError) as e:
        impl.naive_bayes.laplace_estimate(impl.arg([0.0, 0.0]), alpha=alpha)
    assert str(e.value) == ("every count is 0 and alpha = 0: each φⱼ = 0/0 "
                            "(no observations; use Laplace smoothing, alpha > 0)")


def test_laplace_estimate_names_the_negative_count_NB_4(impl):
    with pytest.raises(ValueError) as e:
        impl.naive_bayes.laplace_estimate(impl.arg([1.0, -1.0]))
    assert str(e.value) == "counts[1] is -1.0: counts must be >= 0"


@pytest.mark.parametrize("call, message", [
    (lambda nb: nb.laplace_estimate([1, -1]), "counts[1] is -1: counts must be >= 0"),
    (lambda nb: nb.discretize([1], [2, 1]), "edges must be strictly increasing: edges[0] = 2 >= edges[1] = 1"),
    (lambda nb: nb.bernoulli_log_joint(BernoulliNB(1, [0.5], [0.5], [1, 1], [[0], [0]], 1), [[1]]), "model.phi_y must be in (0, 1), got 1"),
    (lambda nb: nb.bernoulli_log_joint(BernoulliNB(0.5, [2], [0.5], [1, 1], [[0], [0]], 1), [[1]]),
     "model.phi_j_y0[0] is 2: a probability must be in [0, 1]"),
], ids=["counts", "edges", "phi_y", "phi_j"])
def test_values_are_shown_as_given_in_both_faces(impl, call, message):
    """An int stays an int in the message (1, not the 1.0 that an array of floats makes of it)."""
    with pytest.raises(ValueError) as e:
        call(impl.naive_bayes)
    assert str(e.value) == message


# ---- fits -------------------------------------------------------------------------------------

def _no_examples(c):
    return (f"y has no examples of class {c}: p(y = {c}) = 0 and φ_(·|y={c}) has no data "
            "(Naive Bayes needs both classes)")


@pytest.mark.parametrize("y, c", [([0.0, 0.0], 1), ([1.0, 1.0], 0)], ids=["no1", "no0"])
def test_bernoulli_fit_names_the_class_without_examples_NB_2(impl, y, c):
    with pytest.raises(ValueError) as e:
        impl.naive_bayes.bernoulli_fit(impl.arg([[1.0], [0.0]]), impl.arg(y))
    assert str(e.value) == _no_examples(c)


def test_bernoulli_fit_refuses_an_alpha_whose_denominator_overflows_NB_2(impl):
    with pytest.raises(ValueError) as e:
        impl.naive_bayes.bernoulli_fit(impl.arg([[1.0], [0.0]]), impl.arg([0.0, 1.0]), alpha=HUGE)
    assert str(e.value) == "alpha = 1e+308 is too large: the class count + 2·alpha overflows float64"


@pytest.mark.parametrize("y, c", [([0.0, 0.0], 1), ([1.0, 1.0], 0)], ids=["no1", "no0"])
def test_categorical_fit_names_the_class_without_examples_NB_5(impl, y, c):
    with pytest.raises(ValueError) as e:
        impl.naive_bayes.categorical_fit(impl.arg([[1.0], [0.0]]), impl.arg(y), 2)
    assert str(e.value) == _no_examples(c)



def test_categorical_fit_names_the_estimators_for_other_labels_NB_5(impl):
    with pytest.raises(ValueError) as e:
        impl.naive_bayes.categorical_fit(impl.arg([[1.0], [0.0]]), [0, 2], 2)
    assert str(e.value) == "y[1] is 2: " + LABEL_WORDS


def test_categorical_fit_refuses_an_alpha_whose_denominator_overflows_NB_5(impl):
    # the largest k_j (3) multiplies alpha in the largest denominator
    with pytest.raises(ValueError) as e:
        impl.naive_bayes.categorical_fit(impl.arg([[1.0, 0.0], [0.0, 1.0]]), impl.arg([0.0, 1.0]),
                                         [2, 3], alpha=HUGE)
    assert str(e.value) == "alpha = 1e+308 is too large: the class count + 3·alpha overflows float64"


@pytest.mark.parametrize("y, c", [([0.0, 0.0], 1), ([1.0, 1.0], 0)], ids=["no1", "no0"])
def test_multinomial_fit_names_the_class_without_examples_NB_6(impl, y, c):
    with pytest.raises(ValueError) as e:
        impl.naive_bayes.multinomial_fit([[0], [1]], impl.arg(y), 2)
    assert str(e.value) == _no_examples(c)


def test_multinomial_fit_refuses_an_alpha_whose_denominator_overflows_NB_6(impl):
    with pytest.raises(ValueError) as e:
        impl.naive_bayes.multinomial_fit([[0], [1]], impl.arg([0.0, 1.0]), 3, alpha=HUGE)
    assert str(e.value) == ("alpha = 1e+308 is too large: the number of words of a class + 3·alpha "
                            "overflows float64")


@pytest.mark.parametrize("documents, c", [([[0], []], 1), ([[], [1]], 0)], ids=["empty1", "empty0"])
def test_multinomial_fit_of_a_class_without_words_unsmoothed_is_zero_over_zero_NB_6(impl, documents, c):
    with pytest.raises(ZeroOverZeroError) as e:
        impl.naive_bayes.multinomial_fit(documents, impl.arg([0.0, 1.0]), 2, alpha=0)
    assert str(e.value) == (f"class {c} has no words and alpha = 0: every φ_(k|y={c}) is 0/0; "
                            "use Laplace smoothing (alpha > 0)")


# ---- NB-5: discretisation ---------------------------------------------------------------------

@pytest.mark.parametrize("edges, message", [
    ([2.0, 1.0], "edges[0] = 2.0 >= edges[1] = 1.0"),
    ([0.0, 1.0, 1.0], "edges[1] = 1.0 >= edges[2] = 1.0"),
], ids=["decreasing", "repeated"])
def test_discretize_names_the_first_pair_out_of_order_NB_5(impl, edges, message):
    with pytest.raises(ValueError) as e:
        impl.naive_bayes.discretize(impl.arg([1.0]), impl.arg(edges))
    assert str(e.value) == f"edges must be strictly increasing: {message}"


# ---- model fields -----------------------------------------------------------------------------

def _bernoulli(phi_y=0.5, phi_j_y0=(0.5, 0.5), phi_j_y1=(0.5, 0.5)):
    return BernoulliNB(phi_y, list(phi_j_y0), list(phi_j_y1), [1, 1], [[0, 0], [0, 0]], 1)


@pytest.mark.parametrize("name", ["bernoulli_log_joint", "bernoulli_log_posterior", "bernoulli_predict"])
@pytest.mark.parametrize("model, message", [
    (_bernoulli(phi_y=0.0), "model.phi_y must be in (0, 1), got 0.0"),
    (_bernoulli(phi_y=1.5), "model.phi_y must be in (0, 1), got 1.5"),
    (_bernoulli(phi_j_y1=[0.5]), "model.phi_j_y0 has 2 entries but model.phi_j_y1 has 1"),
    (_bernoulli(phi_j_y0=[0.5, 1.5]), "model.phi_j_y0[1] is 1.5: a probability must be in [0, 1]"),
    (_bernoulli(phi_j_y1=[-0.25, 0.5]), "model.phi_j_y1[0] is -0.25: a probability must be in [0, 1]"),
], ids=["phi0", "phi15", "lengths", "above1", "negative"])
def test_a_bad_bernoulli_model_is_refused_with_its_reason_NB_2(impl, name, model, message):
    with pytest.raises(ValueError) as e:
        getattr(impl.naive_bayes, name)(model, impl.arg([[1.0, 0.0]]))
    assert str(e.value) == message


HALVES = [[0.5, 0.5], [0.5, 0.5]]


def _categorical(phi_y=0.5, phi=(HALVES, HALVES), k=(2, 2)):
    return CategoricalNB(phi_y, phi if isinstance(phi, (int, str)) else list(phi),
                         k if isinstance(k, int) else list(k), [1, 1], None, 1)


@pytest.mark.parametrize("name", ["categorical_log_joint", "categorical_log_posterior", "categorical_predict"])
@pytest.mark.parametrize("model, error, message", [
    (_categorical(phi_y=1.0), ValueError, "model.phi_y must be in (0, 1), got 1.0"),
    (_categorical(k=2), TypeError, "model.k must be a sequence of integers (one k_j per feature)"),
    (_categorical(phi=3), TypeError, "model.phi must be a sequence, got int"),
    (_categorical(phi="ab"), TypeError, "model.phi must be a sequence, got str"),
    (_categorical(phi=[5, HALVES]), TypeError, "model.phi[0] must be a sequence, got int"),
    (_categorical(phi=[HALVES]), ValueError,
     "model.phi has 1 entries but Naive Bayes has 2 classes (a table per y)"),
    (_categorical(phi=[HALVES, HALVES[:1]]), ValueError, "model.phi[1] has 1 entries but model.k has 2 features"),
    (_categorical(phi=[HALVES, [[0.5, 0.5], [1.0]]]), ValueError,
     "model.phi[1][1] has 1 entries but model.k[1] is 2"),
    (_categorical(phi=[HALVES, [[0.5, 0.5], [0.5, 1.5]]]), ValueError,
     "model.phi[1][1][1] is 1.5: a probability must be in [0, 1]"),
], ids=["phi1", "kint", "phiint", "phistr", "tableint", "classes", "features", "values", "above1"])
def test_a_bad_categorical_model_is_refused_with_its_reason_NB_5(impl, name, model, error, message):
    with pytest.raises(error) as e:
        getattr(impl.naive_bayes, name)(model, impl.arg([[0.0, 1.0]]))
    assert type(e.value) is error
    assert str(e.value) == message


def _multinomial(phi_y=0.5, phi_k_y0=(0.5, 0.5), phi_k_y1=(0.25, 0.75)):
    return MultinomialNB(phi_y, list(phi_k_y0), list(phi_k_y1), [1, 1], None, [1, 1], 1)


BAD_MULTINOMIAL = [
    (_multinomial(phi_y=0.0), "model.phi_y must be in (0, 1), got 0.0"),
    (_multinomial(phi_k_y1=[0.25, 0.25, 0.5]), "model.phi_k_y1 has 3 entries but model.phi_k_y0 has 2"),
    (_multinomial(phi_k_y1=[0.25, 2.0]), "model.phi_k_y1[1] is 2.0: a probability must be in [0, 1]"),
]
BAD_MULTINOMIAL_IDS = ["phi0", "lengths", "above1"]


@pytest.mark.parametrize("name", ["multinomial_log_joint", "multinomial_log_posterior", "multinomial_predict"])
@pytest.mark.parametrize("model, message", BAD_MULTINOMIAL, ids=BAD_MULTINOMIAL_IDS)
def test_a_bad_multinomial_model_is_refused_with_its_reason_NB_6(impl, name, model, message):
    with pytest.raises(ValueError) as e:
        getattr(impl.naive_bayes, name)(model, [[0, 1]])
    assert str(e.value) == message


@pytest.mark.parametrize("model, message", BAD_MULTINOMIAL, ids=BAD_MULTINOMIAL_IDS)
def test_multinomial_likelihood_refuses_a_bad_model_NB_6(model, message):
    with pytest.raises(ValueError) as e:
        R.multinomial_likelihood(model, [[0, 1]], [0])
    assert str(e.value) == message


# ---- NB-6: the text pipeline ------------------------------------------------------------------

@pytest.mark.parametrize("message, kind", [(5, "int"), (b"ab", "bytes"), (None, "NoneType")],
                         ids=["int", "bytes", "none"])
def test_tokenize_takes_only_a_str_NB_6(message, kind):
    with pytest.raises(TypeError) as e:
        R.tokenize(message)
    assert str(e.value) == f"message must be a str, got {kind}"


@pytest.mark.parametrize("impl", [R, F], ids=["reference", "fast"])
@pytest.mark.parametrize("messages, min_count, error, words", [
    ("ab", 1, TypeError, "messages must be an iterable of str, got str"),
    (5, 1, TypeError, "messages must be an iterable of str, got int"),
    (["a", b"b"], 1, TypeError, "messages[1] must be a str, got bytes"),
    (["a", None], 1, TypeError, "messages[1] must be a str, got NoneType"),
    (["a"], 0, ValueError, "min_count must be >= 1, got 0"),
    ([5], 1.5, TypeError, "min_count must be an integer, got 1.5"),
], ids=["str", "int", "bytes", "none", "min_count-0", "min_count-first"])
def test_vectorize_refuses_what_is_not_text_in_both_faces_NB_6(impl, messages, min_count, error, words):
    with pytest.raises(error) as e:
        impl.vectorize(messages, min_count)
    assert str(e.value) == words


@pytest.mark.parametrize("token_lists, kind", [("ab", "str"), (5, "int")], ids=["str", "int"])
def test_build_vocabulary_needs_an_iterable_of_word_lists_NB_6(token_lists, kind):
    with pytest.raises(TypeError) as e:
        R.build_vocabulary(token_lists)
    assert str(e.value) == f"token_lists must be an iterable of word lists, got {kind}"


@pytest.mark.parametrize("token_lists, i", [([["a"], "ab"], 1), ([b"ab"], 0)], ids=["str", "bytes"])
def test_build_vocabulary_refuses_a_string_as_a_word_list_NB_6(token_lists, i):
    # a string is iterable, but its words would be its letters
    with pytest.raises(TypeError) as e:
        R.build_vocabulary(token_lists)
    assert str(e.value) == f"token_lists[{i}] must be a list of words, got a string"


@pytest.mark.parametrize("vocabulary, kind", [(5, "int"), ("abc", "str")], ids=["int", "str"])
def test_word_index_needs_an_iterable_of_words_NB_6(vocabulary, kind):
    with pytest.raises(TypeError) as e:
        R.word_index(vocabulary)
    assert str(e.value) == f"vocabulary must be an iterable of words, got {kind}"


def test_word_index_names_a_repeated_word_and_its_first_place_NB_6():
    with pytest.raises(ValueError) as e:
        R.word_index(["a", "b", "a"])
    assert str(e.value) == "vocabulary has repeated words: vocabulary[2] is 'a', as vocabulary[0]"


def test_word_index_refuses_an_unhashable_word_NB_6():
    with pytest.raises(TypeError) as e:
        R.word_index(["a", ["b"]])
    assert str(e.value) == "vocabulary[1] is ['b']: a word must be hashable (a str)"


@pytest.mark.parametrize("token_lists, vocabulary, message", [
    ("ab", ["a"], "token_lists must be an iterable of word lists, got str"),
    ([["a"]], 5, "vocabulary must be an iterable of words, got int"),
], ids=["tokens", "vocabulary"])
def test_encode_needs_iterables_NB_6(impl, token_lists, vocabulary, message):
    with pytest.raises(TypeError) as e:
        impl.naive_bayes.encode(token_lists, vocabulary)
    assert str(e.value) == message


@pytest.mark.parametrize("token_lists, message", [
    ([["a"], "ab"], "token_lists[1] must be a list of words, got str"),
    ([5], "token_lists[0] must be a list of words, got int"),
    ([None], "token_lists[0] must be a list of words, got NoneType"),
], ids=["str", "int", "none"])
def test_encode_names_a_document_that_is_not_a_word_list_NB_6(impl, token_lists, message):
    with pytest.raises(TypeError) as e:
        impl.naive_bayes.encode(token_lists, ["a"])
    assert str(e.value) == message


def test_encode_names_an_unknown_word_and_the_way_to_drop_it_NB_6(impl):
    with pytest.raises(ValueError) as e:
        impl.naive_bayes.encode([["a", "z"]], ["a"])
    assert str(e.value) == ("token_lists[0][1] is 'z', which is not in the vocabulary; "
                            "pass ignore_unknown=True to drop such words")


def test_encode_names_a_repeated_vocabulary_word_NB_6(impl):
    with pytest.raises(ValueError) as e:
        impl.naive_bayes.encode([["a"]], ["a", "b", "a"])
    assert str(e.value) == "vocabulary has repeated words: vocabulary[2] is 'a', as vocabulary[0]"


def test_encode_refuses_an_unhashable_word_NB_6(impl):
    with pytest.raises(TypeError) as e:
        impl.naive_bayes.encode([["a", ["b"]]], ["a"])
    assert str(e.value) == "token_lists[0][1] is ['b']: a word must be hashable (a str)"


def test_spam_indicative_tokens_needs_a_word_per_table_entry_NB_6():
    with pytest.raises(ValueError) as e:
        R.spam_indicative_tokens(_multinomial(), ["a"])
    assert str(e.value) == "vocabulary has 1 words but the model has 2"


def test_spam_indicative_tokens_refuses_a_zero_ham_probability_NB_6():
    with pytest.raises(ZeroOverZeroError) as e:
        R.spam_indicative_tokens(_multinomial(phi_k_y0=[0.0, 1.0]), ["a", "b"])
    assert str(e.value) == "some φ_(k|y=0) is 0: the log ratio is infinite; fit with alpha > 0"


def test_spam_indicative_tokens_refuses_a_prior_outside_the_open_interval_NB_6():
    with pytest.raises(ValueError) as e:
        R.spam_indicative_tokens(_multinomial(phi_y=1.0), ["a", "b"])
    assert str(e.value) == "model.phi_y must be in (0, 1), got 1.0"


# ---- sample weights ----------------------------------------------------------------------

_FITS_X_2 = {  # each fit with its data and the weights that leave one class without weight
    "bernoulli_fit": (dict(X=BX, y=Y), [0.0, 0.0, 1.0, 2.0], _no_examples(1)),
    "categorical_fit": (dict(X=CX, y=Y, k=[3, 3]), [1.0, 3.0, 0.0, 0.0], _no_examples(0)),
    "multinomial_fit": (dict(documents=DOCS, y=Y, vocabulary_size=4), [0.0, 0.0, 0.5, 1.0], _no_examples(1)),
    "bernoulli_classes_fit": (dict(X=BX, y=YK), [1.0, 2.0, 0.0, 3.0], R.no_class_of_k(2, 3)),
    "multinomial_classes_fit": (dict(documents=DOCS, y=YK, vocabulary_size=4), [0.0, 2.0, 1.0, 3.0],
                                R.no_class_of_k(1, 3)),
}


@pytest.mark.parametrize("name", sorted(_FITS_X_2))
def test_a_class_whose_examples_all_weigh_0_has_no_examples_X_2(impl, name):
    """X-2: a class whose examples all have weight 0 is refused with the error of a class without
    examples, its whole text, in both faces."""
    data, weights, expected = _FITS_X_2[name]
    with pytest.raises(ValueError) as e:
        getattr(impl.naive_bayes, name)(**data, sample_weight=impl.arg(weights))
    assert str(e.value) == str(expected)


@pytest.mark.parametrize("name", sorted(_FITS_X_2))
def test_bad_weights_are_refused_whole_X_2(impl, name):
    """X-2: a negative or NaN weight, the wrong number of weights and weights all 0 give the
    weights reader's errors, whole, naming sample_weight."""
    data = _FITS_X_2[name][0]
    rows = "documents has 4" if "documents" in data else "X has 4 rows"
    cases = [([1.0, 2.0, -1.0, 1.0], "sample_weight[2] is -1.0: a sample weight must be >= 0"),
             ([1.0, 2.0, 1.0], f"sample_weight has 3 entries but {rows}"),
             ([0.0, 0.0, 0.0, 0.0], "sample_weight: every sample weight is 0, so there is nothing to fit")]
    for weights, message in cases:
        with pytest.raises(ValueError) as e:
            getattr(impl.naive_bayes, name)(**data, sample_weight=impl.arg(weights))
        assert str(e.value) == message
    with pytest.raises(ValueError, match=r"^sample_weight\[1\] is nan"):
        getattr(impl.naive_bayes, name)(**data, sample_weight=impl.arg([1.0, float("nan"), 1.0, 1.0]))


def _uneven(label, prior):
    return (f"sample_weight makes p(y = {label}) round to {prior}: the classes' weights are too uneven "
            "for the precision of the weights (every class prior must lie strictly between 0 and 1)")


@pytest.mark.parametrize("name, data, weights, message", [
    ("bernoulli_fit", dict(X=BX, y=Y), [1e-320, 1e-320, 1e10, 1.0], _uneven(0, 1.0)),
    ("categorical_fit", dict(X=CX, y=Y, k=[3, 3]), [1e-320, 1e-320, 1e10, 1.0], _uneven(0, 1.0)),
    ("multinomial_fit", dict(documents=DOCS, y=Y, vocabulary_size=4), [1e10, 1.0, 1e-320, 0.0], _uneven(0, 0.0)),
    ("bernoulli_classes_fit", dict(X=BX, y=YK), [1e10, 1.0, 1e-320, 1.0], _uneven(2, 0.0)),
    ("multinomial_classes_fit", dict(documents=DOCS, y=YK, vocabulary_size=4), [1.0, 1e-300, 1e-300, 1e-300],
     _uneven(1, 1.0)),
], ids=["bernoulli", "categorical", "multinomial", "bernoulli_classes", "multinomial_classes"])
def test_weights_that_make_a_prior_round_to_0_or_1_are_refused_X_2(impl, name, data, weights, message):
    """X-2: a class prior Σ_{class} wᵢ / Σᵢ wᵢ that rounds to 0 or 1 in float64 would make a model
    that every predict refuses (a model's priors lie strictly inside (0, 1)): the fit refuses the
    weights, naming the class, the same words in both faces."""
    with pytest.raises(ValueError) as e:
        getattr(impl.naive_bayes, name)(**data, sample_weight=impl.arg(weights))
    assert str(e.value) == message
