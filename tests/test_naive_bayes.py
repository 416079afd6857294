"""Part IV §2 (NB-1 … NB-6): fast against reference (counts exactly, log-probabilities to 1e-12),
exact estimates, the 0/0 failure, Laplace smoothing, k-valued features and bins, the multinomial
event model on token-id documents, and the SMS pipeline (tokenizer, vocabulary, split)."""
import dataclasses
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cs229.fast.naive_bayes as F
import cs229.reference.naive_bayes as R
from cs229.testing import strategies as S


def close(a, b, rel=1e-12):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return np.allclose(a, b, rtol=rel, atol=rel * max(1.0, np.abs(b[np.isfinite(b)]).max(initial=0.0)),
                       equal_nan=False)


alphas = st.sampled_from([0, 1, Fraction(1, 2), 2])


# ---- NB-4 -------------------------------------------------------------------------------------

@given(st.integers(1, 8).flatmap(S.count_vectors), alphas)
def test_laplace_estimate_exact_and_fast_NB_4(counts, alpha):
    """NB-4: (c + α)/(m + kα) sums to 1 exactly; with α > 0 none is 0."""
    if alpha == 0 and sum(counts) == 0:
        for f in (R.laplace_estimate, F.laplace_estimate):
            with pytest.raises(R.ZeroOverZeroError, match="0/0"):
                f(counts, alpha)
        return
    phi = R.laplace_estimate(counts, alpha)
    assert sum(phi) == 1 and all(isinstance(p, Fraction) for p in phi)
    assert all(p > 0 for p in phi) or alpha == 0
    assert close(F.laplace_estimate(np.array(counts), float(alpha)), [float(p) for p in phi])


@given(st.integers(1, 6).flatmap(lambda k: st.tuples(st.just(k), st.lists(st.integers(0, k - 1), max_size=12))))
def test_value_counts_NB_4(p):
    k, z = p
    assert R.value_counts(z, k) == [z.count(j) for j in range(k)]
    assert F.value_counts(np.array(z, dtype=np.int64), k).tolist() == R.value_counts(z, k)


def test_laplace_rejects_negative_counts_NB_4(impl):
    with pytest.raises(ValueError, match=r"counts\[1\] is -1"):
        impl.naive_bayes.laplace_estimate(impl.arg([2, -1, 3]))
    with pytest.raises(ValueError, match="alpha"):
        impl.naive_bayes.laplace_estimate(impl.arg([2, 1]), -1)


# ---- NB-2, NB-3 -------------------------------------------------------------------------------

@given(S.binary_problems(max_rows=12, max_features=6), alphas)
def test_bernoulli_fit_counts_and_estimates_NB_2_NB_4(p, alpha):
    X, y = p
    ref = R.bernoulli_fit(X, y, alpha)
    fast = F.bernoulli_fit(np.array(X), np.array(y), float(alpha))
    assert fast.class_count.tolist() == ref.class_count == [y.count(0), y.count(1)]
    assert fast.feature_count.tolist() == ref.feature_count
    for c, phi in ((0, ref.phi_j_y0), (1, ref.phi_j_y1)):
        m_c = ref.class_count[c]
        assert phi == [Fraction(ref.feature_count[c][j] + alpha, m_c + 2 * alpha) for j in range(len(X[0]))]
    # one correctly rounded division of exact integers: the float of the exact Fraction
    assert fast.phi_j_y0.tolist() == [float(v) for v in ref.phi_j_y0]
    assert fast.phi_j_y1.tolist() == [float(v) for v in ref.phi_j_y1]
    assert fast.phi_y == float(ref.phi_y) and ref.phi_y == Fraction(sum(y), len(y))


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

@given(S.categorical_problems(), alphas)
def test_categorical_fit_and_posterior_NB_5(p, alpha):
    X, y, k = p
    ref = R.categorical_fit(X, y, k, alpha)
    fast = F.categorical_fit(np.array(X), np.array(y), k, float(alpha))
    for c in (0, 1):
        for j, kj in enumerate(k):
            counts = [sum(1 for x, label in zip(X, y) if label == c and x[j] == v) for v in range(kj)]
            assert ref.value_count[c][j] == counts == fast.value_count[c][j].tolist()
            if alpha or ref.class_count[c]:
                assert ref.phi[c][j] == [Fraction(cv + alpha, ref.class_count[c] + alpha * kj) for cv in counts]
                assert sum(ref.phi[c][j]) == 1
            assert fast.phi[c][j].tolist() == [float(v) for v in ref.phi[c][j]]
    try:
        post = R.categorical_log_posterior(ref, X)
    except R.ZeroOverZeroError:
        with pytest.raises(R.ZeroOverZeroError):
            F.categorical_log_posterior(fast, np.array(X))
        return
    assert close(F.categorical_log_posterior(fast, np.array(X)), post)
    # an exact tie p(x, y=0) = p(x, y=1) (1/5 · 1/2 = 4/5 · 1/8) goes to 0 in the exact model; the
    # float model's 1 − 0.8 is an ulp below 1/5 and may break it the other way
    fast_labels, ref_labels = F.categorical_predict(fast, np.array(X)).tolist(), R.categorical_predict(ref, X)
    for (a, b), f, r in zip(R.categorical_log_joint(ref, X), fast_labels, ref_labels):
        if abs(a - b) > 1e-12 * max(1.0, abs(a)):  # not a tie to rounding (nor both −∞)
            assert f == r


@given(S.binary_problems(max_rows=10, max_features=5), alphas)
def test_two_valued_features_are_the_bernoulli_model_NB_5_NB_2(p, alpha):
    X, y = p
    bern = R.bernoulli_fit(X, y, alpha)
    cat = R.categorical_fit(X, y, 2, alpha)
    assert [phi[1] for phi in cat.phi[0]] == bern.phi_j_y0 and [phi[1] for phi in cat.phi[1]] == bern.phi_j_y1
    if alpha:
        assert R.categorical_log_joint(cat, X) == R.bernoulli_log_joint(bern, X)


def test_discretize_the_notes_living_area_table_NB_5(impl):
    """NB-5 (000 §2): bins <400, 400-800, 800-1200, 1200-1600, >1600; 890 sq ft is the notes'
    x_j = 3, bin 2 counting from 0. An edge belongs to the bin above it."""
    edges = impl.arg([400, 800, 1200, 1600])
    got = impl.out(impl.naive_bayes.discretize(impl.arg([890, 399.5, 400, 1600, 2500, -3]), edges))
    assert got == [2, 0, 1, 4, 4, 0]


@given(st.lists(S.rationals(-10, 10), min_size=1, max_size=6, unique=True).map(sorted),
       st.lists(S.rationals(-12, 12), min_size=1, max_size=10))
def test_discretize_fast_equals_reference_NB_5(edges, values):
    ref = R.discretize(values, edges)
    assert ref == [sum(1 for e in edges if e <= v) for v in values]
    assert F.discretize(np.array(S.to_float(values)), np.array(S.to_float(edges))).tolist() == ref


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

@given(S.token_documents(max_vocabulary=10, max_documents=10, max_length=8), alphas)
def test_multinomial_fit_counts_exact_and_fast_NB_6(p, alpha):
    docs, y, size = p
    try:
        ref = R.multinomial_fit(docs, y, size, alpha)
    except R.ZeroOverZeroError:
        with pytest.raises(R.ZeroOverZeroError, match="no words"):
            F.multinomial_fit(docs, np.array(y), size, float(alpha))
        assert alpha == 0
        return
    for packed in (docs, F.pack_documents(docs), R.pack_documents(docs),
                   R.Documents(np.array(sum(docs, []), dtype=np.int32), np.cumsum([0] + [len(d) for d in docs]))):
        fast = F.multinomial_fit(packed, np.array(y), size, float(alpha))
        assert fast.word_count.tolist() == ref.word_count and fast.total_words.tolist() == ref.total_words
        assert fast.phi_k_y0.tolist() == [float(v) for v in ref.phi_k_y0]
        assert fast.phi_k_y1.tolist() == [float(v) for v in ref.phi_k_y1]
    for c in (0, 1):
        N = sum(len(d) for d, label in zip(docs, y) if label == c)
        assert ref.total_words[c] == N and sum(ref.word_count[c]) == N
        assert sum((ref.phi_k_y0, ref.phi_k_y1)[c]) == 1


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

@st.composite
def bags_of_words(draw, max_count=5):
    """(Documents with counts, y, |V|): m documents of (word, count) entries, a word possibly
    twice in one document, counts 0 included; labels 0/1 with both classes."""
    size = draw(st.integers(1, 6))
    m = draw(st.integers(2, 6))
    entries = draw(st.lists(st.lists(st.tuples(st.integers(0, size - 1), st.integers(0, max_count)),
                                     max_size=5), min_size=m, max_size=m))
    y = draw(st.lists(st.integers(0, 1), min_size=m, max_size=m).filter(lambda v: 0 < sum(v) < len(v)))
    tokens = [t for doc in entries for t, _ in doc]
    counts = [n for doc in entries for _, n in doc]
    offsets = np.cumsum([0] + [len(doc) for doc in entries]).tolist()
    return R.Documents(tokens, offsets, counts), y, size


def _written_out(bags):
    """The documents of bags with every word written out counts[p] times."""
    return [[t for p in range(a, b) for t in [bags.tokens[p]] * bags.counts[p]]
            for a, b in zip(bags.offsets, bags.offsets[1:])]


def _as_arrays(bags, dtype=np.int64):
    return R.Documents(np.array(bags.tokens, dtype=dtype), np.array(bags.offsets), np.array(bags.counts))


@given(bags_of_words(), alphas)
def test_bags_of_words_fit_as_the_words_written_out_exact_and_fast_NB_6(p, alpha):
    """NB-6: Σⱼ 1{x_j⁽ⁱ⁾ = k} is the count of word k in document i, so a bag fits the model of its
    words written out, exactly; the fast face counts the same, from int32 or int64 ids."""
    bags, y, size = p
    try:
        ref = R.multinomial_fit(bags, y, size, alpha)
    except R.ZeroOverZeroError:
        with pytest.raises(R.ZeroOverZeroError, match="no words"):
            F.multinomial_fit(_as_arrays(bags), np.array(y), size, float(alpha))
        return
    words = R.multinomial_fit(_written_out(bags), y, size, alpha)
    assert (ref.phi_k_y0, ref.phi_k_y1, ref.word_count, ref.total_words) == \
        (words.phi_k_y0, words.phi_k_y1, words.word_count, words.total_words)
    for packed in (bags, _as_arrays(bags), _as_arrays(bags, np.int32), F.pack_documents(bags)):
        fast = F.multinomial_fit(packed, np.array(y), size, float(alpha))
        assert fast.word_count.tolist() == ref.word_count and fast.total_words.tolist() == ref.total_words
        assert fast.phi_k_y0.tolist() == [float(v) for v in ref.phi_k_y0]
        assert fast.phi_k_y1.tolist() == [float(v) for v in ref.phi_k_y1]


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


def test_a_bag_with_a_count_of_a_trillion_costs_what_a_count_of_one_does_NB_6(impl):
    """The issue's reproducer on the faces: [[1e12, 0], [0, 1]] as bags; the estimates are the
    formula's, (count + 1)/(total + |V|), and predict decides without writing anything out."""
    nb = impl.naive_bayes
    bags = R.Documents(impl.arg([0, 1]), impl.arg([0, 1, 2]), impl.arg([10 ** 12, 1]))
    model = nb.multinomial_fit(bags, impl.arg([0, 1]), 2)
    assert impl.out(model.phi_k_y0) == [float(Fraction(10 ** 12 + 1, 10 ** 12 + 2)), float(Fraction(1, 10 ** 12 + 2))]
    assert impl.out(model.phi_k_y1) == [1 / 3, 2 / 3]
    assert impl.out(model.word_count) == [[10 ** 12, 0], [0, 1]]
    assert impl.out(nb.multinomial_predict(model, bags)) == [0, 1]


def test_bag_counts_are_refused_by_name_NB_6(impl):
    """A count must be an integer 0 .. 2⁶³ − 1, one per token: the message names the entry."""
    nb = impl.naive_bayes
    y = impl.arg([0, 1])

    def fit(counts, tokens=(0, 1, 0), offsets=(0, 2, 3)):
        return nb.multinomial_fit(R.Documents(list(tokens), list(offsets), counts), y, 2)
    cases = [([1, 2 ** 63, 1], ValueError, r"documents.counts\[1\] is 9223372036854775808: outside the int64 range"),
             (np.array([1, 2 ** 63, 1], dtype=np.uint64), ValueError, r"documents.counts\[1\] is 9223372036854775808"),
             ([1, -1, 1], ValueError, r"^documents.counts\[1\] is -1: counts must be non-negative integers$"),
             ([1, 1.5, 1], ValueError, r"documents.counts\[1\] is 1.5: expected an integer"),
             ([1, None, 1], TypeError, r"documents.counts\[1\] is None: expected an integer"),
             ([1, 1], ValueError, r"^documents.counts has 2 entries but documents.tokens has 3$")]
    for counts, kind, message in cases:
        with pytest.raises(kind, match=message):
            fit(counts)
    with pytest.raises(ValueError, match=r"^the documents of class 0 hold more than 2\*\*63 - 1 words"):
        fit([2 ** 62, 2 ** 62, 1])
    assert [int(v) for v in fit([2 ** 62, 2 ** 62 - 1, 1]).total_words] == [2 ** 63 - 1, 1]


def test_bags_skip_unknown_words_when_asked_NB_6(impl):
    nb = impl.naive_bayes
    bags = R.Documents([0, 5, 1, 1], [0, 2, 4], [3, 2, 1, 4])
    with pytest.raises(ValueError, match=r"documents\[0\]\[1\] is 5: token ids must be in 0..1"):
        nb.multinomial_fit(bags, impl.arg([0, 1]), 2)
    ignored = nb.multinomial_fit(bags, impl.arg([0, 1]), 2, ignore_unknown=True)
    assert impl.out(ignored.word_count) == [[3, 0], [0, 5]]
    kept = R.Documents([0, 1, 1], [0, 1, 3], [3, 1, 4])
    assert impl.out(nb.multinomial_log_joint(ignored, bags, ignore_unknown=True)) == \
        impl.out(nb.multinomial_log_joint(ignored, kept))


def test_exact_predict_of_huge_counts_is_decided_or_refused_NB_6():
    """The exact reference never multiplies out p(y) Π φⁿ when the logarithms order the classes;
    where they cannot (an exact tie) and the numbers would be too long, it says so."""
    model = R.multinomial_fit(R.Documents([0, 1], [0, 1, 2], [1, 1]), [0, 1], 2)
    assert R.multinomial_predict(model, R.Documents([0, 1], [0, 2], [10 ** 12, 10 ** 12 - 1])) == [0]
    assert R.multinomial_predict(model, R.Documents([0, 1], [0, 2], [100, 100])) == [0]   # a tie, exactly
    with pytest.raises(ValueError, match=r"row 0: p\(x, y\) for y = 0, 1 are too close .* bits"):
        R.multinomial_predict(model, R.Documents([0, 1], [0, 2], [10 ** 12, 10 ** 12]))


# ---- NB-2: the Bernoulli model on Documents (the rows of a sparse matrix) ------------------------

def _dense_rows(bags, n):
    return [[1 if any(bags.tokens[p] == j and bags.counts[p] > 0 for p in range(a, b)) else 0
             for j in range(n)] for a, b in zip(bags.offsets, bags.offsets[1:])]


@given(bags_of_words(max_count=2), bags_of_words(max_count=2), st.sampled_from([0, 1]))
def test_bernoulli_on_documents_is_bernoulli_on_their_binary_rows_NB_2(p, q, alpha):
    """x_j = 1 iff word j occurs (a count > 0; a word listed twice or in any order counts once):
    the fit and the log-joints of Documents are those of their dense 0/1 rows, bit for bit, in
    both faces, and the fast face's are the reference's."""
    bags, y, n = p
    queries = R.Documents([t % n for t in q[0].tokens], q[0].offsets, q[0].counts)
    rows = _dense_rows(bags, n)
    try:
        ref = R.bernoulli_fit(rows, y, alpha)
    except R.ZeroOverZeroError:
        return
    for impl, docs in ((R, bags), (F, bags), (F, _as_arrays(bags, np.int32))):
        model = impl.bernoulli_fit(dataclasses.replace(docs, vocabulary_size=n), y, alpha)
        assert np.asarray(model.feature_count).tolist() == ref.feature_count
        assert [float(v) for v in model.phi_j_y1] == [float(v) for v in ref.phi_j_y1]
    float_ref = R.bernoulli_fit(rows, y, float(alpha))
    fast = F.bernoulli_fit(dataclasses.replace(_as_arrays(bags), vocabulary_size=n), np.array(y), float(alpha))
    dense_queries = _dense_rows(queries, n)
    expected = R.bernoulli_log_joint(float_ref, dense_queries)
    assert R.bernoulli_log_joint(float_ref, queries) == expected
    assert np.array_equal(F.bernoulli_log_joint(fast, _as_arrays(queries)), np.array(expected))
    assert np.array_equal(F.bernoulli_log_joint(fast, queries), F.bernoulli_log_joint(fast, np.array(dense_queries)))
    try:
        expected = R.bernoulli_predict(float_ref, dense_queries)
    except R.ZeroOverZeroError as e:
        for impl, model in ((R, float_ref), (F, fast)):
            with pytest.raises(R.ZeroOverZeroError) as got:
                impl.bernoulli_predict(model, queries)
            assert str(got.value) == str(e)
        return
    assert F.bernoulli_predict(fast, queries).tolist() == expected == R.bernoulli_predict(float_ref, queries)


def test_bernoulli_on_documents_needs_the_number_of_features_NB_2(impl):
    nb = impl.naive_bayes
    docs = R.Documents([0, 2, 1], [0, 2, 3], None, 3)
    with pytest.raises(TypeError, match="^X.vocabulary_size must be given for X as Documents"):
        nb.bernoulli_fit(R.Documents([0, 2, 1], [0, 2, 3]), impl.arg([0, 1]))
    with pytest.raises(ValueError, match=r"^X\[0\]\[1\] is 2: token ids must be in 0..1"):
        nb.bernoulli_fit(R.Documents([0, 2, 1], [0, 2, 3], None, 2), impl.arg([0, 1]))
    with pytest.raises(ValueError, match="^X.vocabulary_size must be >= 1"):
        nb.bernoulli_fit(R.Documents([0, 2, 1], [0, 2, 3], None, 0), impl.arg([0, 1]))
    with pytest.raises(ValueError, match=r"^X.counts\[1\] is -1: counts must be non-negative"):
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


# ---- the SMS pipeline -------------------------------------------------------------------------

def test_tokenizer_and_vocabulary_NB_6():
    assert R.tokenize("WINNER!! Call 09061701461 now, £1000 prize... U're") == \
        ["winner", "call", "09061701461", "now", "£", "1000", "prize", "u", "re"]
    docs = [["b", "a", "b"], ["c", "a"], ["b"]]
    assert R.build_vocabulary(docs) == ["a", "b", "c"]
    assert R.build_vocabulary(docs, min_count=2) == ["a", "b"]
    assert R.encode(docs, ["a", "b", "c"]) == [[1, 0, 1], [2, 0], [1]]
    with pytest.raises(ValueError, match=r"token_lists\[1\]\[0\] is 'c'"):
        R.encode(docs, ["a", "b"])
    assert R.encode(docs, ["a", "b"], ignore_unknown=True) == [[1, 0, 1], [0], [1]]
    with pytest.raises(ValueError, match="min_count"):
        R.build_vocabulary(docs, 0)


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


def test_sms_split_is_deterministic_and_documented_NB_6():
    train, test = R.sms_spam_split()
    assert (len(train), len(test)) == (4460, 1114)
    assert sum(label == "spam" for label, _ in train + test) == 747
    assert test[0] == R.sms_spam_split()[1][0]
    corpus = R.sms_spam_corpus()
    assert corpus.vocabulary == sorted(set(corpus.vocabulary)) and len(corpus.vocabulary) == 7742
    assert len(R.sms_spam_corpus(min_count=2).vocabulary) < len(corpus.vocabulary)
    assert sum(corpus.test_labels) == 165


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
