"""Part IV benchmarks, Naive Bayes: the multinomial event model (NB-6) fitted from token ids and
batched prediction on synthetic documents, against scikit-learn's MultinomialNB on the same
counts as CSR; the text pipeline against CountVectorizer; the reference → fast speedup; the cost
curves of the fit and of the log-posteriors against the number of documents."""
import numpy as np

import cs229.fast.naive_bayes as F
import cs229.reference.naive_bayes as R

from harness import Curve, geometric, race, row

VOCABULARY = 50_000
MEAN_LENGTH = 20


def _documents(m, seed=0):
    """m documents, lengths ~ Poisson(20), word ids drawn from a Zipf law (exponent 1.07) over
    50,000 words whose ranks are scattered over the ids; labels 30% spam."""
    rng = np.random.default_rng(seed)
    lengths = rng.poisson(MEAN_LENGTH, m)
    offsets = np.r_[0, np.cumsum(lengths)].astype(np.int64)
    weights = 1.0 / np.arange(1, VOCABULARY + 1) ** 1.07
    cdf = np.cumsum(weights / weights.sum())
    ranks = np.minimum(np.searchsorted(cdf, rng.random(int(offsets[-1]))), VOCABULARY - 1)
    tokens = rng.permutation(VOCABULARY).astype(np.int32)[ranks]
    y = (rng.random(m) < 0.3).astype(np.int64)
    return R.Documents(tokens, offsets), y


def _csr(documents, m):
    import scipy.sparse as sp
    # copies: sum_duplicates sorts and compacts the index arrays in place
    X = sp.csr_matrix((np.ones(documents.tokens.shape[0]), documents.tokens.copy(), documents.offsets.copy()),
                      shape=(m, VOCABULARY))
    X.sum_duplicates()
    return X


def _size(small):
    return 100_000 if small else 1_000_000


def multinomial_fit(small):
    from sklearn.naive_bayes import MultinomialNB
    m = _size(small)
    documents, y = _documents(m)
    X = _csr(documents, m)
    t = race({"fast": lambda: F.multinomial_fit(documents, y, VOCABULARY),
              "sklearn": lambda: MultinomialNB(alpha=1.0).fit(X, y)})
    return row(f"multinomial NB fit {m:,} docs |V|=50k", t["fast"], "sklearn MultinomialNB.fit(CSR)",
               t["sklearn"], 1.0, tokens_per_s=documents.tokens.shape[0] / t["fast"])


def multinomial_log_posterior(small):
    from sklearn.naive_bayes import MultinomialNB
    m = _size(small)
    documents, y = _documents(m)
    X = _csr(documents, m)
    model = F.multinomial_fit(documents, y, VOCABULARY)
    sk = MultinomialNB(alpha=1.0).fit(X, y)
    t = race({"fast": lambda: F.multinomial_log_posterior(model, documents),
              "sklearn": lambda: sk.predict_log_proba(X)})
    return row(f"multinomial NB log-posterior {m:,} docs", t["fast"], "sklearn predict_log_proba(CSR)",
               t["sklearn"], 1.0)


def multinomial_predict(small):
    from sklearn.naive_bayes import MultinomialNB
    m = _size(small)
    documents, y = _documents(m)
    X = _csr(documents, m)
    model = F.multinomial_fit(documents, y, VOCABULARY)
    sk = MultinomialNB(alpha=1.0).fit(X, y)
    t = race({"fast": lambda: F.multinomial_predict(model, documents), "sklearn": lambda: sk.predict(X)})
    return row(f"multinomial NB predict {m:,} docs", t["fast"], "sklearn predict(CSR)", t["sklearn"], 1.0)


def text_pipeline(small):
    """From raw text: the fast face's ``vectorize`` (the reference's tokenizer, vocabulary and
    ids, compiled, in one pass over the text) and fit, against CountVectorizer +
    MultinomialNB.fit. 200,000 documents (the strings of a million take gigabytes to build);
    one timed run each."""
    from sklearn.feature_extraction.text import CountVectorizer
    from sklearn.naive_bayes import MultinomialNB
    m = 20_000 if small else 200_000
    documents, y = _documents(m, seed=1)
    words = np.array([f"w{k}" for k in range(VOCABULARY)])
    offsets = documents.offsets
    joined = [" ".join(words[documents.tokens[offsets[i]:offsets[i + 1]]]) for i in range(m)]

    def ours():
        vocabulary, encoded = F.vectorize(joined)
        return F.multinomial_fit(encoded, y, len(vocabulary))

    def sklearn():
        X = CountVectorizer(token_pattern=r"[a-z0-9]+").fit_transform(joined)
        return MultinomialNB(alpha=1.0).fit(X, y)
    t = race({"fast": ours, "sklearn": sklearn}, repeats=1, warmup=0)
    return row(f"text → multinomial NB fit {m:,} docs", t["fast"],
               "CountVectorizer + MultinomialNB.fit", t["sklearn"], 1.0)


def reference_speedup(small):
    m = 5_000 if small else 50_000
    documents, y = _documents(m, seed=2)
    lists = [documents.tokens[a:b].tolist() for a, b in zip(documents.offsets[:-1], documents.offsets[1:])]
    labels = y.tolist()
    t = race({"fast": lambda: F.multinomial_fit(documents, y, VOCABULARY, 1.0),
              "reference": lambda: R.multinomial_fit(lists, labels, VOCABULARY, 1.0)}, repeats=3)
    return row(f"reference → fast, multinomial fit {m:,} docs", t["fast"], "cs229.reference", t["reference"],
               None, speedup=t["reference"] / t["fast"])


ESTIMATOR_DOCUMENTS, ESTIMATOR_VOCABULARY = 200_000, 5_000


def _tfidf(small):
    """The realistic case of the estimator rows: 200,000 documents (20,000 with --small) of ~20
    words over a vocabulary of 5,000 (ids of the Zipf draws of ``_documents`` folded onto it),
    as a tf-idf CSR matrix (real features, float64), labels 30% spam."""
    import scipy.sparse as sp
    from sklearn.feature_extraction.text import TfidfTransformer
    m = ESTIMATOR_DOCUMENTS // 10 if small else ESTIMATOR_DOCUMENTS
    documents, y = _documents(m, seed=3)
    counts = sp.csr_matrix((np.ones(documents.tokens.shape[0]), documents.tokens % ESTIMATOR_VOCABULARY,
                            documents.offsets), shape=(m, ESTIMATOR_VOCABULARY))
    counts.sum_duplicates()
    return TfidfTransformer().fit_transform(counts).tocsr(), y


def _estimator_row(small, what):
    """The estimators on the same tf-idf CSR X: cs229.estimators.MultinomialNB against
    scikit-learn's, ``what`` = "fit" or "predict"."""
    from sklearn.naive_bayes import MultinomialNB as Peer
    from cs229.estimators import MultinomialNB
    X, y = _tfidf(small)
    if what == "fit":
        t = race({"fast": lambda: MultinomialNB().fit(X, y), "sklearn": lambda: Peer().fit(X, y)})
    else:
        ours, peer = MultinomialNB().fit(X, y), Peer().fit(X, y)
        t = race({"fast": lambda: ours.predict(X), "sklearn": lambda: peer.predict(X)})
    return row(f"MultinomialNB estimator {what}, {X.shape[0]:,}×{X.shape[1]:,} CSR (tf-idf)", t["fast"],
               f"sklearn MultinomialNB.{what}(CSR)", t["sklearn"], 1.0)


def estimator_fit(small):
    return _estimator_row(small, "fit")


def estimator_predict(small):
    return _estimator_row(small, "predict")


BENCHMARKS = [multinomial_fit, multinomial_log_posterior, multinomial_predict, text_pipeline,
              reference_speedup, estimator_fit, estimator_predict]


def _fit_at(m):
    from sklearn.naive_bayes import MultinomialNB
    documents, y = _documents(m)
    X = _csr(documents, m)
    return {"fast": lambda: F.multinomial_fit(documents, y, VOCABULARY),
            "sklearn": lambda: MultinomialNB(alpha=1.0).fit(X, y)}


def _log_posterior_at(m):
    from sklearn.naive_bayes import MultinomialNB
    documents, y = _documents(m)
    X = _csr(documents, m)
    model, sk = F.multinomial_fit(documents, y, VOCABULARY), MultinomialNB(alpha=1.0).fit(X, y)
    return {"fast": lambda: F.multinomial_log_posterior(model, documents),
            "sklearn": lambda: sk.predict_log_proba(X)}


CURVES = [
    Curve("multinomial NB fit", "m", geometric(62_500, 5), geometric(12_500, 4), _fit_at,
          "documents of ~20 words, |V|=50k"),
    Curve("multinomial NB log-posteriors", "m", geometric(62_500, 5), geometric(12_500, 4),
          _log_posterior_at, "documents of ~20 words, |V|=50k"),
]
