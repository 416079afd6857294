"""Part IV §2, Naive Bayes (NB-1 … NB-6): the fast face against the reference on the same input: the
same iterates where the order of operations is the same, the same answer to rounding otherwise, the
same verdicts."""
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, strategies as st

import cs229.fast.naive_bayes as F
import cs229.reference.naive_bayes as R
from cs229.testing import strategies as S

from tests.naive_bayes.test_formulas import _as_arrays, bags_of_words, close


# ---- NB-2, NB-3 -------------------------------------------------------------------------------

@given(S.binary_problems(max_rows=12, max_features=6), st.sampled_from([1, Fraction(1, 2)]),
       st.lists(st.lists(st.integers(0, 1), min_size=6, max_size=6), min_size=1, max_size=6))
def test_bernoulli_log_posterior_fast_reference_exact_NB_2(p, alpha, queries):
    X, y = p
    Q = [q[:len(X[0])] for q in queries]
    model = R.bernoulli_fit(X, y, alpha)
    fast_model = F.bernoulli_fit(np.array(X), np.array(y), float(alpha))
    joint = R.bernoulli_log_joint(model, Q)
    fast_joint = F.bernoulli_log_joint(fast_model, np.array(Q))
    assert close(fast_joint, joint)
    # against the float reference the same sums in the same order: the same numbers
    assert np.array_equal(fast_joint, R.bernoulli_log_joint(R.bernoulli_fit(X, y, float(alpha)), Q))
    post = R.bernoulli_log_posterior(model, Q)
    assert close(F.bernoulli_log_posterior(fast_model, np.array(Q)), post)
    exact = [R.bernoulli_posterior(model, q) for q in Q]
    assert close([math.exp(v[1]) for v in post], [float(e) for e in exact])
    # the fast face decides as the float reference does (the same sums); the exact reference
    # compares the exact joints, so an exact tie p(y=1|x) = ½ goes to 0, as documented
    float_predicted = R.bernoulli_predict(R.bernoulli_fit(X, y, float(alpha)), Q)
    assert F.bernoulli_predict(fast_model, np.array(Q)).tolist() == float_predicted
    predicted = R.bernoulli_predict(model, Q)
    assert predicted == [1 if e > Fraction(1, 2) else 0 for e in exact]


# ---- NB-5 -------------------------------------------------------------------------------------

@given(st.lists(S.rationals(-10, 10), min_size=1, max_size=6, unique=True).map(sorted),
       st.lists(S.rationals(-12, 12), min_size=1, max_size=10))
def test_discretize_fast_equals_reference_NB_5(edges, values):
    ref = R.discretize(values, edges)
    assert ref == [sum(1 for e in edges if e <= v) for v in values]
    assert F.discretize(np.array(S.to_float(values)), np.array(S.to_float(edges))).tolist() == ref


# ---- NB-6 -------------------------------------------------------------------------------------

@given(S.token_documents(max_vocabulary=10, max_documents=10, max_length=8),
       st.lists(st.lists(st.integers(0, 9), max_size=12), min_size=1, max_size=5))
def test_multinomial_log_posterior_fast_equals_reference_NB_6(p, queries):
    docs, y, size = p
    Q = [[t % size for t in q] for q in queries]
    ref = R.multinomial_fit(docs, y, size)
    fast = F.multinomial_fit(docs, np.array(y), size)
    joint = R.multinomial_log_joint(ref, Q)
    fast_joint = F.multinomial_log_joint(fast, Q)
    assert close(fast_joint, joint)
    assert np.array_equal(fast_joint, R.multinomial_log_joint(R.multinomial_fit(docs, y, size, 1.0), Q))
    assert close(F.multinomial_log_posterior(fast, Q), R.multinomial_log_posterior(ref, Q))
    float_ref = R.multinomial_fit(docs, y, size, 1.0)
    assert F.multinomial_predict(fast, Q).tolist() == R.multinomial_predict(float_ref, Q)
    # the exact reference's decision is the exact one (p(y)Πφ compared as rationals, ties to 0)
    for q, guess in zip(Q, R.multinomial_predict(ref, Q)):
        a = (1 - ref.phi_y) * math.prod(ref.phi_k_y0[t] for t in q)
        b = ref.phi_y * math.prod(ref.phi_k_y1[t] for t in q)
        assert guess == (1 if b > a else 0)


# ---- NB-6: bags of words (Documents with counts) -----------------------------------------------

@given(bags_of_words(), bags_of_words(max_count=10 ** 12))
def test_bags_of_words_log_joint_fast_equals_reference_NB_6(p, q):
    """NB-6: a bag adds n·log φ_{k|y} per entry: the fast face's sums are the float reference's
    bit for bit, a count 0 adds nothing (not 0·(−∞)); the exact reference decides as the exact
    products do, however large the counts (by the logarithms' enclosures where they are apart)."""
    bags, y, size = p
    queries = R.Documents([t % size for t in q[0].tokens], q[0].offsets, q[0].counts)
    for alpha in (1, 0):
        ref = R.multinomial_fit(bags, y, size, alpha) if alpha else None
        try:
            ref = R.multinomial_fit(bags, y, size, alpha)
            float_ref = R.multinomial_fit(bags, y, size, float(alpha))
        except R.ZeroOverZeroError:
            continue
        fast = F.multinomial_fit(_as_arrays(bags), np.array(y), size, float(alpha))
        joint = R.multinomial_log_joint(float_ref, queries)
        assert np.array_equal(F.multinomial_log_joint(fast, _as_arrays(queries)), np.array(joint))
        try:
            expected = R.multinomial_log_posterior(float_ref, queries)
        except R.ZeroOverZeroError as e:
            with pytest.raises(R.ZeroOverZeroError) as fe:
                F.multinomial_log_posterior(fast, _as_arrays(queries))
            assert str(fe.value) == str(e)
            continue
        assert np.array_equal(F.multinomial_log_posterior(fast, _as_arrays(queries)), np.array(expected))
        assert F.multinomial_predict(fast, _as_arrays(queries)).tolist() == R.multinomial_predict(float_ref, queries)
        try:
            got = R.multinomial_predict(ref, queries)
        except ValueError as e:   # an exact tie of huge numbers: refused, not multiplied out
            assert "too close for their logarithms" in str(e)
            continue
        for i, (a, b) in enumerate(zip(queries.offsets, queries.offsets[1:])):
            entries = [(queries.tokens[k], queries.counts[k]) for k in range(a, b)]
            if sum(n for _, n in entries) > 200:
                continue   # the exact products would be numbers of millions of digits
            p0 = (1 - ref.phi_y) * math.prod(ref.phi_k_y0[t] ** n for t, n in entries)
            p1 = ref.phi_y * math.prod(ref.phi_k_y1[t] ** n for t, n in entries)
            assert got[i] == (1 if p1 > p0 else 0)


# ---- the SMS pipeline -------------------------------------------------------------------------

def test_fast_encode_gives_the_reference_ids_NB_6():
    docs = [["b", "a", "b"], [], ["c", "a", "zz"]]
    vocabulary = ["a", "b", "c"]
    packed = F.encode(iter(docs), vocabulary, ignore_unknown=True)
    expected = R.pack_documents(R.encode(iter(docs), vocabulary, ignore_unknown=True))
    assert packed.tokens.tolist() == expected.tokens and packed.offsets.tolist() == expected.offsets
    for face in (F, R):
        with pytest.raises(ValueError, match=r"token_lists\[2\]\[2\] is 'zz'"):
            face.encode(docs, vocabulary)
        with pytest.raises(TypeError, match="token_lists"):
            face.encode("abc", vocabulary)
        with pytest.raises(ValueError, match="repeated"):
            face.encode(docs, ["a", "a"])
    corpus = R.sms_spam_corpus()
    train, _ = R.sms_spam_split()
    tokens = (R.tokenize(message) for _, message in train)
    assert F.encode(tokens, corpus.vocabulary).tokens.tolist() == sum(corpus.train_documents, [])


def test_sms_spam_fast_and_reference_agree_NB_6():
    """The SMS reproduction: exact counts equal, log-posteriors equal, accuracy well above the
    always-ham baseline, and the top spam words are spam words."""
    corpus = R.sms_spam_corpus()
    size = len(corpus.vocabulary)
    ref = R.multinomial_fit(corpus.train_documents, corpus.train_labels, size)
    fast = F.multinomial_fit(corpus.train_documents, np.array(corpus.train_labels), size)
    assert fast.word_count.tolist() == ref.word_count
    ref_post = R.multinomial_log_posterior(ref, corpus.test_documents)
    fast_post = F.multinomial_log_posterior(fast, corpus.test_documents)
    assert close(fast_post, ref_post)
    predicted = F.multinomial_predict(fast, corpus.test_documents)
    accuracy = float(np.mean(predicted == np.array(corpus.test_labels)))
    assert accuracy > 0.97
    top = [w for w, _ in R.spam_indicative_tokens(ref, corpus.vocabulary, 10)]
    assert {"claim", "prize", "£"} <= set(top)


# ---- sample weights ----------------------------------------------------------------------
# The fast face adds the weights example by example in the reference's order (float64 sums), so
# with float weights the counts, the estimates and the priors are the float reference's, bit for
# bit.

weights_x_2 = st.floats(0, 8, allow_subnormal=False)


def _draw_weights(draw, m):
    """m float weights >= 0 (zeros included), not all 0."""
    return draw(st.lists(weights_x_2, min_size=m, max_size=m).filter(any))


@st.composite
def weighted_binary(draw, k=2):
    X, y = draw(S.binary_problems(max_rows=10, max_features=5))
    if k > 2:
        y = draw(st.permutations(list(range(1, k + 1)) + [draw(st.integers(1, k)) for _ in X[k:]]))
        X = X + [X[0]] * (len(y) - len(X))
    w = _draw_weights(draw, len(y))
    return X, y, w


def _classes_weighed(y, w, k):
    """Every class of 0..1 (k = 2) or 1..k has an example of weight > 0."""
    labels = range(2) if k == 2 else range(1, k + 1)
    return all(any(wi > 0 for c, wi in zip(y, w) if c == j) for j in labels)


def _weighted_fits(y, w, k, ref_fit, fast_fit):
    """``_fits`` of a weighted draw in which every class has an example of weight > 0, else None."""
    return _fits(ref_fit, fast_fit) if _classes_weighed(y, w, k) else None


def _fits(ref_fit, fast_fit):
    """(reference model, fast model), or None where both refuse the draw alike: a class prior
    that the weights make round to 0 or 1, or 0/0 without smoothing."""
    try:
        ref = ref_fit()
    except (ValueError, R.ZeroOverZeroError) as e:
        with pytest.raises(type(e)) as raised:
            fast_fit()
        assert str(raised.value) == str(e)
        return None
    return ref, fast_fit()


def _same(fast, ref):
    return np.array_equal(np.asarray(fast, dtype=float), np.asarray(ref, dtype=float))


@given(weighted_binary(), st.sampled_from([1.0, 0.5, 0.0]))
def test_weighted_bernoulli_fit_fast_equals_reference_X_2(p, alpha):
    X, y, w = p
    models = _weighted_fits(y, w, 2, lambda: R.bernoulli_fit(X, y, alpha, w),
                            lambda: F.bernoulli_fit(np.array(X), np.array(y), alpha, np.array(w)))
    if models is None:
        return
    ref, fast = models
    assert fast.phi_y == ref.phi_y and _same(fast.class_count, ref.class_count)
    assert _same(fast.feature_count, ref.feature_count)
    assert _same(fast.phi_j_y0, ref.phi_j_y0) and _same(fast.phi_j_y1, ref.phi_j_y1)
    assert np.array_equal(F.bernoulli_log_joint(fast, np.array(X)), R.bernoulli_log_joint(ref, X))
    # the rows as Documents (their present words) are counted with the same weights
    docs = F.Documents(np.array([j for x in X for j, v in enumerate(x) if v], dtype=np.int64),
                       np.cumsum([0] + [sum(x) for x in X]).astype(np.int64), None, len(X[0]))
    from_docs = F.bernoulli_fit(docs, np.array(y), alpha, np.array(w))
    assert _same(from_docs.feature_count, fast.feature_count) and _same(from_docs.phi_j_y1, fast.phi_j_y1)
    assert _same(R.bernoulli_fit(docs, y, alpha, w).feature_count, ref.feature_count)


@given(st.integers(3, 4).flatmap(lambda k: st.tuples(st.just(k), weighted_binary(k))),
       st.sampled_from([1.0, 0.5]))
def test_weighted_bernoulli_classes_fit_fast_equals_reference_X_2(p, alpha):
    k, (X, y, w) = p
    models = _weighted_fits(y, w, k, lambda: R.bernoulli_classes_fit(X, y, alpha, w),
                            lambda: F.bernoulli_classes_fit(np.array(X), np.array(y), alpha, np.array(w)))
    if models is None:
        return
    ref, fast = models
    assert _same(fast.phi, ref.phi) and _same(fast.class_count, ref.class_count)
    assert _same(fast.phi_x, ref.phi_x) and _same(fast.feature_count, ref.feature_count)
    assert np.array_equal(F.bernoulli_classes_log_joint(fast, np.array(X)), R.bernoulli_classes_log_joint(ref, X))


@given(st.data())
def test_weighted_categorical_fit_fast_equals_reference_X_2(data):
    n = data.draw(st.integers(1, 4))
    k = data.draw(st.lists(st.integers(1, 4), min_size=n, max_size=n))
    m = data.draw(st.integers(2, 10))
    X = [[data.draw(st.integers(0, kj - 1)) for kj in k] for _ in range(m)]
    y = data.draw(st.lists(st.integers(0, 1), min_size=m, max_size=m))
    w = _draw_weights(data.draw, m)
    models = _weighted_fits(y, w, 2, lambda: R.categorical_fit(X, y, k, 1.0, w),
                            lambda: F.categorical_fit(np.array(X), np.array(y), k, 1.0, np.array(w)))
    if models is None:
        return
    ref, fast = models
    assert fast.phi_y == ref.phi_y and _same(fast.class_count, ref.class_count)
    for c in (0, 1):
        for j in range(n):
            assert _same(fast.value_count[c][j], ref.value_count[c][j])
            assert _same(fast.phi[c][j], ref.phi[c][j])


@given(S.token_documents(max_vocabulary=6, max_documents=8), st.data(), st.booleans())
def test_weighted_multinomial_fit_fast_equals_reference_X_2(p, data, ignore):
    docs, y, size = p
    w = _draw_weights(data.draw, len(y))
    fit_size = max(1, size - 1) if ignore else size   # ignore_unknown drops the last word's ids
    models = _weighted_fits(y, w, 2, lambda: R.multinomial_fit(docs, y, fit_size, 1.0, ignore, w),
                            lambda: F.multinomial_fit(docs, np.array(y), fit_size, 1.0, ignore, np.array(w)))
    if models is None:
        return
    ref, fast = models
    assert fast.phi_y == ref.phi_y and _same(fast.class_count, ref.class_count)
    assert _same(fast.word_count, ref.word_count) and _same(fast.total_words, ref.total_words)
    assert _same(fast.phi_k_y0, ref.phi_k_y0) and _same(fast.phi_k_y1, ref.phi_k_y1)


@given(bags_of_words(max_count=10 ** 6), st.data())
def test_weighted_bags_of_words_fast_equals_reference_X_2(p, data):
    bags, y, size = p
    w = _draw_weights(data.draw, len(y))
    models = _weighted_fits(y, w, 2, lambda: R.multinomial_fit(bags, y, size, 0.5, sample_weight=w),
                            lambda: F.multinomial_fit(_as_arrays(bags), np.array(y), size, 0.5, sample_weight=np.array(w)))
    if models is None:
        return
    ref, fast = models
    assert _same(fast.word_count, ref.word_count) and _same(fast.phi_k_y1, ref.phi_k_y1)
    yk = [c + 1 for c in y]
    ref_k, fast_k = _fits(lambda: R.multinomial_classes_fit(bags, yk, size, 0.5, sample_weight=w),
                          lambda: F.multinomial_classes_fit(_as_arrays(bags), np.array(yk), size, 0.5,
                                                            sample_weight=np.array(w)))
    assert _same(fast_k.word_count, ref_k.word_count) and _same(fast_k.phi_words, ref_k.phi_words)
    assert _same(fast_k.phi, ref_k.phi)


@given(st.integers(2, 4), st.data())
def test_weighted_multinomial_classes_fit_fast_equals_reference_X_2(k, data):
    size = data.draw(st.integers(1, 6))
    m = data.draw(st.integers(k, 10))
    y = data.draw(st.permutations(list(range(1, k + 1)) + data.draw(
        st.lists(st.integers(1, k), min_size=m - k, max_size=m - k))))
    docs = data.draw(st.lists(st.lists(st.integers(0, size - 1), max_size=6), min_size=m, max_size=m))
    w = _draw_weights(data.draw, m)
    models = _weighted_fits(y, w, k, lambda: R.multinomial_classes_fit(docs, y, size, 1.0, sample_weight=w),
                            lambda: F.multinomial_classes_fit(docs, np.array(y), size, 1.0, sample_weight=np.array(w)))
    if models is None:
        return
    ref, fast = models
    assert _same(fast.phi, ref.phi) and _same(fast.class_count, ref.class_count)
    assert _same(fast.word_count, ref.word_count) and _same(fast.total_words, ref.total_words)
    assert _same(fast.phi_words, ref.phi_words)
    assert np.array_equal(F.multinomial_classes_log_joint(fast, docs), R.multinomial_classes_log_joint(ref, docs))


# ---- real counts (tf-idf weights) in the bags of the multinomial event model ---------------

@st.composite
def real_bags(draw):
    """bags_of_words with real counts: each count 0 or a float in [0.001, 8]."""
    bags, y, size = draw(bags_of_words())
    real = st.one_of(st.just(0.0), st.floats(1e-3, 8, allow_subnormal=False))
    counts = draw(st.lists(real, min_size=len(bags.tokens), max_size=len(bags.tokens)))
    return R.Documents(bags.tokens, bags.offsets, counts), y, size


@given(real_bags(), st.sampled_from([1.0, 0.5, 0.0]), st.booleans())
def test_real_counts_fast_equals_reference_X_2(p, alpha, k_classes):
    """X-2: a bag's real counts are summed as reals in the reference's order: the fast face's word
    sums, estimates, log joints and decisions are the float reference's, bit for bit (two classes,
    and k classes on the labels y + 1)."""
    bags, y, size = p
    arrays = R.Documents(np.array(bags.tokens), np.array(bags.offsets), np.array(bags.counts, dtype=float))
    if k_classes:
        y = [c + 1 for c in y]
        fit, joint, predict = "multinomial_classes_fit", "multinomial_classes_log_joint", "multinomial_classes_predict"
    else:
        fit, joint, predict = "multinomial_fit", "multinomial_log_joint", "multinomial_predict"
    models = _fits(lambda: getattr(R, fit)(bags, y, size, alpha),
                   lambda: getattr(F, fit)(arrays, np.array(y), size, alpha))
    if models is None:
        return
    ref, fast = models
    assert _same(fast.word_count, ref.word_count) and _same(fast.total_words, ref.total_words)
    assert _same(fast.class_count, ref.class_count)
    if k_classes:
        assert _same(fast.phi_words, ref.phi_words) and _same(fast.phi, ref.phi)
    else:
        assert _same([fast.phi_k_y0, fast.phi_k_y1], [ref.phi_k_y0, ref.phi_k_y1]) and fast.phi_y == ref.phi_y
    assert np.array_equal(getattr(F, joint)(fast, arrays), np.array(getattr(R, joint)(ref, bags)))
    try:
        expected = getattr(R, predict)(ref, bags)
    except R.ZeroOverZeroError as e:
        with pytest.raises(R.ZeroOverZeroError) as raised:
            getattr(F, predict)(fast, arrays)
        assert str(raised.value) == str(e)
        return
    assert getattr(F, predict)(fast, arrays).tolist() == expected


# ---- NB-6: from raw text --------------------------------------------------------------------------

# words of ASCII letters and digits, the three currency signs, separators, and letters whose lower
# case is ASCII (İ → i̇, the Kelvin sign → k) or is not
TEXT = st.text(st.sampled_from(list("aZ09 .,£$€\u0130\u212a\u00e9\n")), max_size=30)


@given(st.lists(TEXT, max_size=12), st.integers(1, 3))
def test_vectorize_gives_the_reference_s_vocabulary_and_ids_NB_6(messages, min_count):
    vocabulary, ids = R.vectorize(messages, min_count)
    fast_vocabulary, documents = F.vectorize(iter(messages), min_count)
    assert fast_vocabulary == vocabulary
    assert documents.tokens.dtype == np.int64 and documents.offsets.dtype == np.int64
    assert documents.offsets.tolist() == [0] + np.cumsum([len(d) for d in ids]).tolist()
    assert documents.tokens.tolist() == [j for d in ids for j in d]


def test_vectorize_of_the_sms_spam_messages_is_the_reference_s_NB_6():
    train, test = R.sms_spam_split()
    messages = [message for _, message in train + test]
    for min_count in (1, 3):
        vocabulary, ids = R.vectorize(messages, min_count)
        fast_vocabulary, documents = F.vectorize(messages, min_count)
        assert fast_vocabulary == vocabulary
        assert documents.tokens.tolist() == [j for d in ids for j in d]
        assert documents.offsets[-1] == sum(map(len, ids))
