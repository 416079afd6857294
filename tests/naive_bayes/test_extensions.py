"""X-4: naive Bayes with k classes, both event models (extends 000 Part IV §2): the estimates
against their formulas, the fast face against the reference, k = 2 against NB-2/NB-6, the
errors of both faces, and the estimators against scikit-learn's."""
from fractions import Fraction

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, strategies as st

import cs229.estimators as E
import cs229.fast.naive_bayes as F
import cs229.reference.naive_bayes as R
from cs229.testing import strategies as S

from tests.naive_bayes.test_formulas import bags_of_words, close


@st.composite
def k_labels(draw, m_min=3, m_max=12, k_max=4):
    """m labels 1..k, every class present (the first k rows take 1..k, then any)."""
    k = draw(st.integers(2, k_max))
    m = draw(st.integers(max(m_min, k), max(m_max, k)))
    rest = draw(st.lists(st.integers(1, k), min_size=m - k, max_size=m - k))
    order = draw(st.permutations(list(range(1, k + 1)) + rest))
    return list(order)


@st.composite
def bernoulli_problems(draw):
    y = draw(k_labels())
    n = draw(st.integers(1, 5))
    X = draw(st.lists(st.lists(st.integers(0, 1), min_size=n, max_size=n), min_size=len(y), max_size=len(y)))
    return X, y


@st.composite
def document_problems(draw):
    y = draw(k_labels())
    size = draw(st.integers(1, 7))
    docs = draw(st.lists(st.lists(st.integers(0, size - 1), max_size=6), min_size=len(y), max_size=len(y)))
    return docs, y, size


alphas = st.sampled_from([1, Fraction(1, 2), 2])


# ---- the estimates are the formulas -----------------------------------------------------------

@given(bernoulli_problems(), alphas)
def test_bernoulli_classes_estimates_are_the_smoothed_counts_X_4(p, alpha):
    X, y = p
    model = R.bernoulli_classes_fit(X, y, alpha)
    k, m = max(y), len(y)
    for j in range(1, k + 1):
        m_j = sum(1 for c in y if c == j)
        assert model.phi[j - 1] == Fraction(m_j, m)
        for l in range(len(X[0])):
            ones = sum(1 for x, c in zip(X, y) if c == j and x[l] == 1)
            assert model.phi_x[j - 1][l] == (Fraction(ones) + alpha) / (m_j + 2 * alpha)
    assert sum(model.phi) == 1


@given(document_problems(), alphas)
def test_multinomial_classes_estimates_are_the_smoothed_word_counts_X_4(p, alpha):
    docs, y, size = p
    model = R.multinomial_classes_fit(docs, y, size, alpha)
    for j in range(1, max(y) + 1):
        words = [t for d, c in zip(docs, y) if c == j for t in d]
        assert model.total_words[j - 1] == len(words)
        for w in range(size):
            assert model.phi_words[j - 1][w] == (Fraction(words.count(w)) + alpha) / (len(words) + size * alpha)
        assert sum(model.phi_words[j - 1]) == 1


# ---- k = 2 is NB-2 / NB-6 ---------------------------------------------------------------------

@given(S.binary_problems(max_rows=10, max_features=5), alphas)
def test_two_classes_are_bernoulli_fit_NB_2_X_4(p, alpha):
    X, y = p
    two = R.bernoulli_fit(X, y, alpha)
    k = R.bernoulli_classes_fit(X, [c + 1 for c in y], alpha)
    assert k.phi == [1 - two.phi_y, two.phi_y]
    assert k.phi_x == [two.phi_j_y0, two.phi_j_y1]
    assert R.bernoulli_classes_predict(k, X) == [c + 1 for c in R.bernoulli_predict(R.bernoulli_fit(X, y, float(alpha)), X)]
    assert close(R.bernoulli_classes_log_posterior(k, X), R.bernoulli_log_posterior(two, X))


@given(S.token_documents(max_vocabulary=6, max_documents=8), alphas)
def test_two_classes_are_multinomial_fit_NB_6_X_4(p, alpha):
    docs, y, size = p
    two = R.multinomial_fit(docs, y, size, alpha)
    k = R.multinomial_classes_fit(docs, [c + 1 for c in y], size, alpha)
    assert k.phi == [1 - two.phi_y, two.phi_y]
    assert k.phi_words == [two.phi_k_y0, two.phi_k_y1]
    assert k.word_count == two.word_count and k.total_words == two.total_words
    assert R.multinomial_classes_log_joint(k, docs) == R.multinomial_log_joint(two, docs)


# ---- the fast face is the reference -----------------------------------------------------------

@given(bernoulli_problems(), st.sampled_from([1.0, 0.5, 0.0]))
def test_bernoulli_classes_fast_equals_reference_X_4(p, alpha):
    X, y = p
    ref = R.bernoulli_classes_fit(X, y, alpha)
    fast = F.bernoulli_classes_fit(np.array(X), np.array(y), alpha)
    assert fast.phi.tolist() == ref.phi and fast.phi_x.tolist() == ref.phi_x
    assert fast.class_count.tolist() == ref.class_count and fast.feature_count.tolist() == ref.feature_count
    joint = R.bernoulli_classes_log_joint(ref, X)
    assert np.array_equal(F.bernoulli_classes_log_joint(fast, np.array(X), n_jobs=2), joint)
    if all(max(row) > -np.inf for row in joint):
        assert F.bernoulli_classes_predict(fast, np.array(X)).tolist() == R.bernoulli_classes_predict(ref, X)
        assert close(F.bernoulli_classes_log_posterior(fast, np.array(X)), R.bernoulli_classes_log_posterior(ref, X))
    # Documents listing the ones give the same model and answers
    docs = F.Documents(np.array([l for x in X for l, v in enumerate(x) if v], dtype=np.int64),
                       np.cumsum([0] + [sum(x) for x in X]).astype(np.int64), None, len(X[0]))
    from_docs = F.bernoulli_classes_fit(docs, np.array(y), alpha)
    assert np.array_equal(from_docs.phi_x, fast.phi_x)
    assert np.array_equal(F.bernoulli_classes_log_joint(from_docs, docs), joint)


@given(document_problems(), st.sampled_from([1.0, 0.5]))
def test_multinomial_classes_fast_equals_reference_X_4(p, alpha):
    docs, y, size = p
    ref = R.multinomial_classes_fit(docs, y, size, alpha)
    fast = F.multinomial_classes_fit(docs, np.array(y), size, alpha)
    assert fast.phi.tolist() == ref.phi and fast.phi_words.tolist() == ref.phi_words
    assert fast.word_count.tolist() == ref.word_count and fast.total_words.tolist() == ref.total_words
    assert np.array_equal(F.multinomial_classes_log_joint(fast, docs, n_jobs=2), R.multinomial_classes_log_joint(ref, docs))
    assert F.multinomial_classes_predict(fast, docs).tolist() == R.multinomial_classes_predict(ref, docs)
    assert close(F.multinomial_classes_log_posterior(fast, docs), R.multinomial_classes_log_posterior(ref, docs))


@given(bags_of_words(), st.integers(0, 2 ** 32))
def test_multinomial_classes_on_bags_fast_equals_reference_X_4(p, seed):
    bags, y2, size = p
    y = np.random.default_rng(seed).integers(1, 4, len(y2))
    y[:3] = [1, 2, 3] if len(y) >= 3 else y[:3]
    y = y.tolist()
    if len(set(y)) != max(y):
        return
    ref = R.multinomial_classes_fit(bags, y, size, 1.0)
    fast = F.multinomial_classes_fit(F.Documents(np.array(bags.tokens, dtype=np.int64),
                                                 np.array(bags.offsets, dtype=np.int64),
                                                 np.array(bags.counts, dtype=np.int64)), np.array(y), size)
    assert fast.word_count.tolist() == ref.word_count and fast.phi_words.tolist() == ref.phi_words
    assert np.array_equal(F.multinomial_classes_log_joint(fast, bags), R.multinomial_classes_log_joint(ref, bags))


# ---- errors, the same in both faces -----------------------------------------------------------

FACES = [R, F]


@pytest.mark.parametrize("face", FACES, ids=["reference", "fast"])
def test_a_missing_class_or_one_class_is_refused_X_4(face):
    X = [[0, 1], [1, 1], [1, 0]]
    with pytest.raises(ValueError, match="no examples of class 2 of 1..3"):
        face.bernoulli_classes_fit(np.array(X), np.array([1, 3, 3]))
    with pytest.raises(ValueError, match="k >= 2"):
        face.bernoulli_classes_fit(np.array(X), np.array([1, 1, 1]))
    with pytest.raises(ValueError, match="no examples of class 1 of 1..2"):
        face.multinomial_classes_fit([[0], [1], [0]], np.array([2, 2, 2]), 2)
    with pytest.raises(ValueError, match="1..k"):
        face.multinomial_classes_fit([[0], [1], [0]], np.array([0, 1, 2]), 2)


@pytest.mark.parametrize("face", FACES, ids=["reference", "fast"])
def test_a_row_impossible_under_every_class_is_zero_over_zero_X_4(face):
    model = face.multinomial_classes_fit([[0], [1], [2]], np.array([1, 2, 3]), 4, alpha=0)
    with pytest.raises(R.ZeroOverZeroError, match="row 1: p\\(x\\|y\\)p\\(y\\) = 0 for every class 1..3"):
        face.multinomial_classes_log_posterior(model, [[0], [0, 1]])
    assert list(face.multinomial_classes_predict(model, [[0], [1], [2, 2]])) == [1, 2, 3]


@pytest.mark.parametrize("face", FACES, ids=["reference", "fast"])
def test_a_model_that_is_not_k_classes_is_refused_X_4(face):
    model = R.BernoulliClassesNB([0.5, 0.5], [[0.5], [0.5], [0.5]], [1, 1], [[0], [0]], 1)
    with pytest.raises(ValueError, match="model.phi_x must have 2 rows"):
        face.bernoulli_classes_log_joint(model, np.array([[1]]))
    model = R.BernoulliClassesNB([0.5, 0.6], [[0.5], [0.5]], [1, 1], [[0], [0]], 1)
    with pytest.raises(ValueError, match="sum to 1"):
        face.bernoulli_classes_predict(model, np.array([[1]]))
    model = R.MultinomialClassesNB([0.5, 0.5], [[0.5, 0.5], [0.5, 1.5]], [1, 1], None, None, 1)
    with pytest.raises(ValueError, match=r"model.phi_words\[1\]"):
        face.multinomial_classes_predict(model, [[0]])
    with pytest.raises(TypeError, match="BernoulliClassesNB"):
        face.bernoulli_classes_predict(R.bernoulli_fit([[0], [1]], [0, 1]), np.array([[1]]))


# ---- the estimators against scikit-learn's ----------------------------------------------------

def _three_class_counts(m=900, n=60, seed=3):
    """Word counts of three classes, each with its own Poisson rates."""
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 3, m)
    rates = rng.gamma(0.6, 1.0, (3, n))
    return rng.poisson(rates[y]), np.array(["ham", "news", "spam"])[y]


@pytest.mark.parametrize("sparse", [False, True], ids=["dense", "sparse"])
@pytest.mark.parametrize("ours, theirs", [("MultinomialNB", "MultinomialNB"), ("BernoulliNB", "BernoulliNB")])
def test_k_class_estimators_are_scikit_learns_X_4(ours, theirs, sparse):
    import sklearn.naive_bayes as SK
    X, y = _three_class_counts()
    train, test = slice(0, 600), slice(600, None)
    fitted_X = sp.csr_matrix(X) if sparse else X
    est = getattr(E, ours)().fit(fitted_X[train], y[train])
    ref = getattr(SK, theirs)(alpha=1.0).fit(X[train], y[train])
    assert list(est.classes_) == ["ham", "news", "spam"]
    assert np.array_equal(est.predict(fitted_X[test]), ref.predict(X[test]))
    assert np.abs(est.predict_proba(fitted_X[test]) - ref.predict_proba(X[test])).max() < 1e-10
    assert np.allclose(est.phi_y_, np.exp(ref.class_log_prior_), rtol=1e-15, atol=0)
    assert np.abs(est.phi_ - np.exp(ref.feature_log_prob_)).max() < 1e-15
    assert np.array_equal(est.class_count_, ref.class_count_)
    assert np.array_equal(est.feature_count_, ref.feature_count_)
    # the same accuracy: both are the same model
    assert est.score(fitted_X[test], y[test]) == ref.score(X[test], y[test]) > 0.9


def test_two_classes_keep_the_notes_model_X_4():
    X, y = _three_class_counts()
    two = y != "news"
    est = E.MultinomialNB().fit(X[two], y[two])
    assert isinstance(est.model_, F.MultinomialNB) and isinstance(est.phi_y_, float)
    est = E.BernoulliNB().fit(X, y)
    assert isinstance(est.model_, F.BernoulliClassesNB) and est.phi_y_.shape == (3,)
