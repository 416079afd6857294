"""Part IV §2, Naive Bayes (NB-1 … NB-6): the notes' formulas and the facts they state, against
exact (Fraction) and 50-digit oracles and invariants, on the reference and, where a test takes
``impl``, on both faces."""
import dataclasses
import math
from fractions import Fraction

import mpmath

import numpy as np
import pytest
from hypothesis import given, strategies as st

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


def test_laplace_estimate_smooths_by_1_by_default_NB_4(impl):
    """α = 1 unless given: (cⱼ + 1)/(m + k)."""
    assert impl.out(impl.naive_bayes.laplace_estimate(impl.arg([1, 0, 3]))) == [2 / 7, 1 / 7, 4 / 7]
    assert R.laplace_estimate([1, 0, 3]) == [Fraction(2, 7), Fraction(1, 7), Fraction(4, 7)]


@given(st.integers(1, 6).flatmap(lambda k: st.tuples(st.just(k), st.lists(st.integers(0, k - 1), max_size=12))))
def test_value_counts_NB_4(p):
    k, z = p
    assert R.value_counts(z, k) == [z.count(j) for j in range(k)]
    assert F.value_counts(np.array(z, dtype=np.int64), k).tolist() == R.value_counts(z, k)


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



def test_pack_documents_keeps_what_it_is_given_NB_6(impl):
    """Lists of ids become the flat tokens and offsets; Documents keep their tokens, offsets,
    counts (a bag stays a bag) and vocabulary_size."""
    nb = impl.naive_bayes

    def fields(docs):
        return [None if v is None else impl.out(v) for v in
                (docs.tokens, docs.offsets, docs.counts, docs.vocabulary_size)]
    assert fields(nb.pack_documents([[0, 2], [], [1]])) == [[0, 2, 1], [0, 2, 2, 3], None, None]
    assert fields(nb.pack_documents(R.Documents([0, 2], [0, 2], None, 3))) == [[0, 2], [0, 2], None, 3]
    assert fields(nb.pack_documents(R.Documents([0, 2, 1], [0, 2, 3], [1, 3, 2]))) == \
        [[0, 2, 1], [0, 2, 3], [1, 3, 2], None]
    assert fields(nb.pack_documents(R.Documents([0, 2, 1], [0, 2, 3], [1, 3, 2], 4))) == \
        [[0, 2, 1], [0, 2, 3], [1, 3, 2], 4]


def test_bags_drop_every_unknown_id_when_asked_NB_6():
    """With ``ignore_unknown`` a bag's id outside 0..|V|−1 is dropped whatever it is: |V| itself,
    and an id past int64; the estimates are those of the bags without them."""
    bags = R.Documents([0, 2, 2 ** 64, 1], [0, 3, 4], [1, 5, 5, 1])
    model = R.multinomial_fit(bags, [0, 1], 2, ignore_unknown=True)
    assert model.word_count == [[1, 0], [0, 1]] and model.total_words == [1, 1]
    assert R.multinomial_log_joint(model, bags, ignore_unknown=True) == \
        R.multinomial_log_joint(model, R.Documents([0, 1], [0, 1, 2], [1, 1]))


def test_multinomial_likelihood_of_bags_is_the_product_of_every_occurrence_NB_6():
    """L = Πᵢ p(y⁽ⁱ⁾) Π_k φ_{k|y⁽ⁱ⁾}^{n_k}, a word that occurs n times a factor φⁿ."""
    model = R.multinomial_fit([[0, 1, 1], [1, 2]], [0, 1], 3)
    assert (model.phi_k_y0, model.phi_k_y1) == ([Fraction(1, 3), Fraction(1, 2), Fraction(1, 6)],
                                                [Fraction(1, 5), Fraction(2, 5), Fraction(2, 5)])
    bags = R.Documents([0, 1, 2], [0, 2, 3], [2, 1, 3])
    expected = (Fraction(1, 2) * Fraction(1, 3) ** 2 * Fraction(1, 2)) * (Fraction(1, 2) * Fraction(2, 5) ** 3)
    assert R.multinomial_likelihood(model, bags, [0, 1]) == expected == Fraction(1, 1125)


def test_exact_predict_with_one_class_impossible_is_the_other_NB_3():
    """Unsmoothed, a word (a feature) seen in one class only makes the other class's p(x, y)
    exactly 0: the prediction is the possible class, for any multiplicity of the word."""
    model = R.multinomial_fit([[0], [1]], [0, 1], 3, alpha=0)
    assert R.multinomial_predict(model, [[0], [1], [0, 0], [1, 1]]) == [0, 1, 0, 1]
    assert R.bernoulli_predict(R.bernoulli_fit([[1, 0], [0, 1]], [0, 1], 0), [[1, 0], [0, 1]]) == [0, 1]


def test_predict_of_an_mpf_model_is_the_argmax_of_its_log_joint_NB_6():
    mpf = mpmath.mpf
    model = R.MultinomialNB(mpf("0.5"), [mpf("0.25"), mpf("0.75")], [mpf("0.5"), mpf("0.5")],
                            [1, 1], [[1, 3], [2, 2]], [4, 4], 0)
    joints = R.multinomial_log_joint(model, [[0], [1]])
    assert R.multinomial_predict(model, [[0], [1]]) == [int(b > a) for a, b in joints] == [1, 0]


def test_exact_predict_orders_joints_closer_than_their_logarithms_NB_6():
    """φ_{0|y=1} = 3/5 + 2⁻⁷⁰: the float log joints of these documents are equal, and the exact
    products p(y) Π φⁿ decide (word 0 twice and word 1 once: (3/5 + ε)²(2/5 − ε) > (3/5)²(2/5);
    the others less), as lists of ids and as bags alike."""
    eps = Fraction(1, 2 ** 70)
    phi0, phi1 = [Fraction(3, 5), Fraction(2, 5)], [Fraction(3, 5) + eps, Fraction(2, 5) - eps]
    model = R.MultinomialNB(Fraction(1, 2), phi0, phi1, [1, 1], None, None, 1)
    docs = [[0, 0, 1], [0, 1, 1], [0, 1]]
    bags = R.Documents([0, 1, 0, 1, 0, 1], [0, 2, 4, 6], [2, 1, 1, 2, 1, 1])
    assert all(a == b for a, b in R.multinomial_log_joint(model, docs))
    joint = [[Fraction(1, 2) * math.prod(phi[t] for t in d) for phi in (phi0, phi1)] for d in docs]
    expected = [int(p1 > p0) for p0, p1 in joint]
    assert R.multinomial_predict(model, docs) == R.multinomial_predict(model, bags) == expected == [1, 0, 0]


def test_a_near_tie_of_numbers_shorter_than_max_exact_bits_is_multiplied_out_NB_6():
    """Word 0 (φ = 1/4 in both classes) n times and word 1 (φ_{1|y=0} = 3/5, φ_{1|y=1} = 3/5 + 2⁻⁷⁰)
    once: the log joints agree to every float digit, and the exact p(y) Π φⁿ = φ₁ / 2^(1+2n) of the
    two classes have numerators and denominators of about 134,217,670 bits in all, fewer than
    MAX_EXACT_BITS: they are multiplied out, and class 1 has the larger."""
    n, quarter = 33554380, Fraction(1, 4)
    r0, r1 = Fraction(3, 5), Fraction(3, 5) + Fraction(1, 2 ** 70)
    model = R.MultinomialNB(Fraction(1, 2), [quarter, r0, 1 - quarter - r0], [quarter, r1, 1 - quarter - r1],
                            [1, 1], None, None, 1)
    bag = R.Documents([0, 1], [0, 2], [n, 1])
    size = sum(math.log2(r.numerator) + math.log2(r.denominator) + 1 + 2 * n for r in (r0, r1))
    assert size < R.MAX_EXACT_BITS
    [[a, b]] = R.multinomial_log_joint(model, bag)
    assert a == b
    assert R.multinomial_predict(model, bag) == [1]


@pytest.mark.parametrize("n, too_long", [(22369621, False), (22369622, True)])
def test_exact_ties_are_multiplied_out_up_to_max_exact_bits_NB_6(n, too_long):
    """An exact tie of p(y) Π φⁿ, 2^−(1+3n) in both classes (φ_{0|y=0} = 1/4, φ_{1|y=0} = 1/2 and
    the other way round in class 1): numbers of 2(1 + 3n) bits (the log₂ of their
    denominators), multiplied out up to MAX_EXACT_BITS = 2²⁷ (n = 22369621) and refused past it."""
    quarter, half = Fraction(1, 4), Fraction(1, 2)
    model = R.MultinomialNB(half, [quarter, half, quarter], [half, quarter, quarter], [1, 1], None, None, 1)
    bag = R.Documents([0, 1], [0, 2], [n, n])
    assert R.MAX_EXACT_BITS == 2 ** 27
    if not too_long:
        assert 2 * (1 + 3 * n) == R.MAX_EXACT_BITS and R.multinomial_predict(model, bag) == [0]
        return
    with pytest.raises(ValueError) as e:
        R.multinomial_predict(model, bag)
    assert str(e.value) == (f"row 0: p(x, y) for y = 0, 1 are too close for their logarithms to order them, "
                            f"and exactly they are numbers of about {2 * (1 + 3 * n):,} bits (more than "
                            f"134,217,728); fit with a float alpha to compare in floating point")


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


def test_vectorize_is_the_vocabulary_then_the_ids_of_each_message_NB_6():
    """From raw text: the words of at least min_count occurrences in all, sorted; each message
    as the ids of its words in order, the rarer words dropped."""
    messages = ["Win a PRIZE, win!", "", "a prize: £5", "call now"]
    assert R.vectorize(messages) == (["5", "a", "call", "now", "prize", "win", "£"],
                                     [[5, 1, 4, 5], [], [1, 4, 6, 0], [2, 3]])
    assert R.vectorize(iter(messages), min_count=2) == (["a", "prize", "win"], [[2, 0, 1, 2], [], [0, 1], []])
    assert R.vectorize([]) == ([], [])


def test_sms_split_is_deterministic_and_documented_NB_6():
    train, test = R.sms_spam_split()
    assert (len(train), len(test)) == (4460, 1114)
    assert sum(label == "spam" for label, _ in train + test) == 747
    assert test[0] == R.sms_spam_split()[1][0]
    corpus = R.sms_spam_corpus()
    assert corpus.vocabulary == sorted(set(corpus.vocabulary)) and len(corpus.vocabulary) == 7742
    assert len(R.sms_spam_corpus(min_count=2).vocabulary) < len(corpus.vocabulary)
    assert sum(corpus.test_labels) == 165
