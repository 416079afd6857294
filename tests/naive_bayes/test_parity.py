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
