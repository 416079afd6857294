"""Part IV §2 against scikit-learn on the SMS Spam Collection (bag of words from the project's
tokenizer, vocabulary and split): MultinomialNB(alpha=1) is the multinomial event model with
Laplace smoothing (+1, +|V|), BernoulliNB(alpha=1) the multivariate Bernoulli model with (+1, +2),
and CategoricalNB(alpha=1) the k_j-valued model; none smooths the class prior. The log
probabilities must agree within 1e-10."""
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cs229.fast.naive_bayes as F
import cs229.reference.naive_bayes as R

pytestmark = pytest.mark.peer


@pytest.fixture(scope="module")
def sms():
    corpus = R.sms_spam_corpus()
    return corpus


def _counts(documents, size):
    import scipy.sparse as sp
    packed = F.pack_documents(documents)
    rows = np.repeat(np.arange(len(documents)), np.diff(packed.offsets))
    X = sp.csr_matrix((np.ones(packed.tokens.shape[0]), (rows, packed.tokens)), shape=(len(documents), size))
    X.sum_duplicates()
    return X


def test_multinomial_event_model_matches_sklearn_on_sms_NB_6(sms):
    from sklearn.naive_bayes import MultinomialNB
    size = len(sms.vocabulary)
    y = np.array(sms.train_labels)
    sk = MultinomialNB(alpha=1.0).fit(_counts(sms.train_documents, size), y)
    fast = F.multinomial_fit(sms.train_documents, y, size)
    assert np.array_equal(sk.feature_count_, fast.word_count)
    assert np.allclose(sk.feature_log_prob_, np.log([fast.phi_k_y0, fast.phi_k_y1]), rtol=1e-12, atol=1e-12)
    assert np.allclose(sk.class_log_prior_, np.log([1 - fast.phi_y, fast.phi_y]), rtol=1e-12, atol=1e-12)
    Xtest = _counts(sms.test_documents, size)
    expected = sk.predict_log_proba(Xtest)
    assert np.allclose(F.multinomial_log_posterior(fast, sms.test_documents), expected, rtol=1e-10, atol=1e-10)
    ref = R.multinomial_fit(sms.train_documents, sms.train_labels, size)
    assert np.allclose(R.multinomial_log_posterior(ref, sms.test_documents), expected, rtol=1e-10, atol=1e-10)
    assert np.array_equal(F.multinomial_predict(fast, sms.test_documents), sk.predict(Xtest))


def test_real_counts_tf_idf_match_sklearn_on_sms_X_2(sms):
    """X-2: the SMS counts as tf-idf weights (real features): both faces' multinomial fits on the
    bags of the real CSR rows, and cs229.estimators.MultinomialNB on the CSR matrix itself, agree
    with scikit-learn's MultinomialNB (its sums of feature values are our sums of real counts)."""
    from sklearn.feature_extraction.text import TfidfTransformer
    from sklearn.naive_bayes import MultinomialNB
    from cs229.estimators import MultinomialNB as Estimator
    size = len(sms.vocabulary)
    y = np.array(sms.train_labels)
    tfidf = TfidfTransformer().fit(_counts(sms.train_documents, size))
    X, Xtest = (tfidf.transform(_counts(d, size)).tocsr() for d in (sms.train_documents, sms.test_documents))
    X.sort_indices(), Xtest.sort_indices()
    sk = MultinomialNB(alpha=1.0).fit(X, y)
    expected = sk.predict_log_proba(Xtest)
    bags, test_bags = (F.Documents(A.indices, A.indptr, A.data, size) for A in (X, Xtest))
    fast = F.multinomial_fit(bags, y, size)
    assert np.allclose(fast.word_count, sk.feature_count_, rtol=1e-12, atol=0)
    assert np.allclose(sk.feature_log_prob_, np.log([fast.phi_k_y0, fast.phi_k_y1]), rtol=1e-12, atol=1e-12)
    assert np.allclose(F.multinomial_log_posterior(fast, test_bags), expected, rtol=1e-10, atol=1e-10)
    assert np.array_equal(F.multinomial_predict(fast, test_bags), sk.predict(Xtest))
    est = Estimator().fit(X, y)
    assert np.allclose(est.predict_log_proba(Xtest), expected, rtol=1e-10, atol=1e-10)
    assert np.array_equal(est.predict(Xtest), sk.predict(Xtest))
    assert (est.predict(Xtest) == np.array(sms.test_labels)).mean() > 0.95
    ref = R.multinomial_fit(R.Documents(X.indices.tolist(), X.indptr.tolist(), X.data.tolist(), size),
                            sms.train_labels, size, 1.0)
    assert np.array_equal(np.array([ref.phi_k_y0, ref.phi_k_y1]), np.array([fast.phi_k_y0, fast.phi_k_y1]))


def test_bernoulli_event_model_matches_sklearn_on_sms_NB_2_NB_4(sms):
    from sklearn.naive_bayes import BernoulliNB
    size = len(sms.vocabulary)
    train = (_counts(sms.train_documents, size) > 0).astype(np.uint8)
    test = (_counts(sms.test_documents, size) > 0).astype(np.uint8)
    y = np.array(sms.train_labels)
    sk = BernoulliNB(alpha=1.0).fit(train, y)
    fast = F.bernoulli_fit(train.toarray(), y)
    assert np.array_equal(sk.feature_count_, fast.feature_count)
    assert np.allclose(sk.feature_log_prob_, np.log([fast.phi_j_y0, fast.phi_j_y1]), rtol=1e-12, atol=1e-12)
    expected = sk.predict_log_proba(test)
    assert np.allclose(F.bernoulli_log_posterior(fast, test.toarray()), expected, rtol=1e-10, atol=1e-10)
    assert np.array_equal(F.bernoulli_predict(fast, test.toarray()), sk.predict(test))


def test_bernoulli_reference_matches_sklearn_on_a_small_sms_vocabulary_NB_2():
    """The pure-Python reference on the words seen at least 40 times and the first 1,500
    training messages (the full problem keeps its loops busy for minutes)."""
    from sklearn.naive_bayes import BernoulliNB
    corpus = R.sms_spam_corpus(min_count=40)
    size = len(corpus.vocabulary)
    train = (_counts(corpus.train_documents[:1500], size) > 0).toarray().astype(int)
    labels = corpus.train_labels[:1500]
    test = (_counts(corpus.test_documents, size) > 0).toarray().astype(int)[:300]
    sk = BernoulliNB(alpha=1.0).fit(train, labels)
    ref = R.bernoulli_fit(train.tolist(), labels)
    assert np.allclose(R.bernoulli_log_posterior(ref, test.tolist()), sk.predict_log_proba(test),
                       rtol=1e-10, atol=1e-10)


@st.composite
def categorical_data(draw):
    seed = draw(st.integers(0, 2 ** 16))
    rng = np.random.default_rng(seed)
    n = draw(st.integers(1, 5))
    k = rng.integers(1, 6, n)
    m = draw(st.integers(4, 60))
    X = (rng.random((m, n)) * k).astype(int)
    y = np.r_[0, 1, rng.integers(0, 2, m - 2)]
    return X, y, k


@given(categorical_data())
def test_k_valued_features_match_sklearn_categoricalnb_NB_5(data):
    from sklearn.naive_bayes import CategoricalNB
    X, y, k = data
    sk = CategoricalNB(alpha=1.0, min_categories=k).fit(X, y)
    fast = F.categorical_fit(X, y, k.tolist())
    for j in range(len(k)):
        assert np.allclose(sk.feature_log_prob_[j], np.log([fast.phi[0][j], fast.phi[1][j]]), rtol=1e-12, atol=1e-12)
    expected = sk.predict_log_proba(X)
    assert np.allclose(F.categorical_log_posterior(fast, X), expected, rtol=1e-10, atol=1e-10)
    ref = R.categorical_fit(X.tolist(), y.tolist(), k.tolist())
    assert np.allclose(R.categorical_log_posterior(ref, X.tolist()), expected, rtol=1e-10, atol=1e-10)
