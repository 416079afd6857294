"""Bad input for every entry point of cs229.fast.naive_bayes and its reference twin (NB-2 … NB-6):
a ValueError/TypeError naming the argument, the caller's arrays untouched, every dtype and memory
layout accepted with the answer of C-contiguous input (tests/bad_input.py). The probability
vectors of a model get the array checks as 'model.<field>'."""
import numpy as np
import pytest

import cs229.fast.naive_bayes as F
import cs229.reference.naive_bayes as R

from bad_input import Table, install

BX = np.array([[1, 0, 1], [0, 0, 1], [1, 1, 0], [0, 1, 1]])  # binary features
CX = np.array([[0, 2], [1, 0], [2, 1], [1, 1]])  # categories, k = (3, 3)
Y = np.array([1, 1, 0, 0])
DOCS = np.array([[0, 1, 1], [2, 0, 0], [1, 3, 2], [3, 3, 0]])  # four documents of three words
BERNOULLI = R.BernoulliNB(0.5, [0.25, 0.5, 0.75], [0.5, 0.25, 0.5], None, None, None)
CATEGORICAL = R.CategoricalNB(0.5, [[[0.5, 0.25, 0.25], [0.2, 0.3, 0.5]], [[0.1, 0.6, 0.3], [0.4, 0.4, 0.2]]],
                              [3, 3], None, None, None)
MULTINOMIAL = R.MultinomialNB(0.25, [0.1, 0.2, 0.3, 0.4], [0.4, 0.3, 0.2, 0.1], None, None, None, None)

TABLE = Table(F, R, valid={
    "value_counts": dict(z=np.array([0, 2, 2, 1]), k=3),
    "laplace_estimate": dict(counts=np.array([3.0, 0.0, 1.0]), alpha=1),
    "bernoulli_fit": dict(X=BX, y=Y, alpha=1),
    "bernoulli_log_joint": dict(model=BERNOULLI, X=BX),
    "bernoulli_log_posterior": dict(model=BERNOULLI, X=BX),
    "bernoulli_predict": dict(model=BERNOULLI, X=BX),
    "discretize": dict(values=np.array([890.0, 120.0, 1700.0]), edges=np.array([400.0, 800.0, 1200.0, 1600.0])),
    "categorical_fit": dict(X=CX, y=Y, k=[3, 3], alpha=1),
    "categorical_log_joint": dict(model=CATEGORICAL, X=CX),
    "categorical_log_posterior": dict(model=CATEGORICAL, X=CX),
    "categorical_predict": dict(model=CATEGORICAL, X=CX),
    "pack_documents": dict(documents=DOCS),
    "multinomial_fit": dict(documents=DOCS, y=Y, vocabulary_size=4, alpha=1),
    "multinomial_log_joint": dict(model=MULTINOMIAL, documents=DOCS),
    "multinomial_log_posterior": dict(model=MULTINOMIAL, documents=DOCS),
    "multinomial_predict": dict(model=MULTINOMIAL, documents=DOCS),
    "encode": dict(token_lists=[["b", "a"], ["a"]], vocabulary=["a", "b"]),  # words, not numbers
}, parameters={
    "value_counts": [("k", 0, ValueError, "k must be >= 1"), ("z", np.array([0, 3]), ValueError, r"z\[1\] is 3"),
                     ("k", 2.5, TypeError, "k must be an integer")],
    "laplace_estimate": [("alpha", -1, ValueError, "alpha must be >= 0"),
                         ("counts", np.array([1.0, -2.0]), ValueError, r"counts\[1\] is -2")],
    "bernoulli_fit": [("alpha", -0.5, ValueError), ("alpha", "one", TypeError),
                      ("X", BX * 2, ValueError, r"X\[0\]\[0\] is 2.*binary"),
                      ("y", np.array([0, 3, 1, 0]), ValueError, r"y\[1\] is 3.*labels"),
                      ("X", BX.astype(bool), TypeError, "X")],  # bools are refused like any bool
    "bernoulli_log_posterior": [("X", BX[:, :2], ValueError, "X has 2 columns but the model has 3"),
                                ("model.phi_j_y0", np.array([0.2, 1.5, 0.1]), ValueError, r"model.phi_j_y0\[1\] is 1.5")],
    "discretize": [("edges", np.array([1.0, 3.0, 2.0]), ValueError, "edges must be strictly increasing")],
    "categorical_fit": [("k", [3, 0], ValueError, r"k\[1\] must be >= 1"),
                        ("k", [3, 2], ValueError, r"X\[0\]\[1\] is 2: feature 1 takes values 0..1"),
                        ("X", CX - 1, ValueError, r"X\[0\]\[0\] is -1"),
                        ("X", CX + 0.5, ValueError, r"X\[0\]\[0\] is 0.5: expected an integer")],
    "categorical_log_posterior": [("X", CX + 1, ValueError, r"X\[0\]\[1\] is 3: feature 1 takes values 0..2")],
    "multinomial_fit": [("vocabulary_size", 0, ValueError, "vocabulary_size must be >= 1"),
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
}, lengths={"multinomial_fit": "documents has 4 documents but y has 3"},
    models={R.BernoulliNB: ("phi_j_y0", "phi_j_y1"), R.MultinomialNB: ("phi_k_y0", "phi_k_y1")},
    exempt={"empty": {"z"},  # no observations is valid
            "ragged": {"documents"}},  # documents may differ in length
    others={"ZeroOverZeroError", "BernoulliNB", "CategoricalNB", "Documents", "MultinomialNB"})
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
