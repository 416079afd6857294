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


# ---- sample weights ----------------------------------------------------------------------
# Each count Σᵢ 1{…} becomes Σᵢ wᵢ 1{…}: an integer weight is the example repeated, a weight 0
# drops it, in both faces, two and k classes, every event model; against scikit-learn's
# sample_weight on real data.

import mpmath  # noqa: E402
from hypothesis import assume  # noqa: E402

from tests.naive_bayes.test_peers import _counts  # noqa: E402

FACES_X_2 = [(R, lambda v: v), (F, np.array)]
FACE_IDS_X_2 = ["reference", "fast"]
integer_weights = st.integers(0, 3)


def _repeated(rows, weights):
    """Each row repeated as often as its weight says, in order."""
    return [r for r, w in zip(rows, weights) for _ in range(w)]


def _all_weighed(y, w, labels):
    return all(any(wi > 0 for c, wi in zip(y, w) if c == j) for j in labels)


def _equal(a, b):
    """Equal fields: exactly (Fractions in the reference; the same floats in the fast face)."""
    return np.array_equal(np.asarray(a, dtype=object if isinstance(a, list) else float),
                          np.asarray(b, dtype=object if isinstance(b, list) else float))


@st.composite
def weighted_rows(draw, problems):
    p = draw(problems)
    w = draw(st.lists(integer_weights, min_size=len(p[1]), max_size=len(p[1])))
    return p, w


def _fields(model, names):
    return [getattr(model, n) for n in names]


def _same_models(a, b, names):
    for x, y in zip(_fields(a, names), _fields(b, names)):
        assert _equal(x, y), (x, y)


BERNOULLI_FIELDS = ["phi_y", "phi_j_y0", "phi_j_y1", "class_count", "feature_count"]
MULTINOMIAL_FIELDS = ["phi_y", "phi_k_y0", "phi_k_y1", "class_count", "word_count", "total_words"]


@pytest.mark.parametrize("face, arr", FACES_X_2, ids=FACE_IDS_X_2)
@given(p=weighted_rows(S.binary_problems(max_rows=8, max_features=4)))
def test_weighted_bernoulli_is_repeated_rows_X_2(face, arr, p):
    (X, y), w = p
    assume(_all_weighed(y, w, (0, 1)))
    weighted = face.bernoulli_fit(arr(X), arr(y), 1, arr(w))
    repeated = face.bernoulli_fit(arr(_repeated(X, w)), arr(_repeated(y, w)), 1)
    _same_models(weighted, repeated, BERNOULLI_FIELDS)
    assert _equal(face.bernoulli_log_joint(weighted, arr(X)), face.bernoulli_log_joint(repeated, arr(X)))


@pytest.mark.parametrize("face, arr", FACES_X_2, ids=FACE_IDS_X_2)
@given(p=weighted_rows(bernoulli_problems()))
def test_weighted_bernoulli_classes_is_repeated_rows_X_2(face, arr, p):
    (X, y), w = p
    assume(_all_weighed(y, w, range(1, max(y) + 1)))
    weighted = face.bernoulli_classes_fit(arr(X), arr(y), Fraction(1, 2) if face is R else 0.5, arr(w))
    repeated = face.bernoulli_classes_fit(arr(_repeated(X, w)), arr(_repeated(y, w)),
                                          Fraction(1, 2) if face is R else 0.5)
    _same_models(weighted, repeated, ["phi", "phi_x", "class_count", "feature_count"])
    assert _equal(face.bernoulli_classes_log_joint(weighted, arr(X)),
                  face.bernoulli_classes_log_joint(repeated, arr(X)))


@st.composite
def categorical_problems(draw):
    n = draw(st.integers(1, 3))
    k = draw(st.lists(st.integers(1, 4), min_size=n, max_size=n))
    m = draw(st.integers(2, 8))
    X = [[draw(st.integers(0, kj - 1)) for kj in k] for _ in range(m)]
    y = draw(st.lists(st.integers(0, 1), min_size=m, max_size=m))
    return X, y, k


@pytest.mark.parametrize("face, arr", FACES_X_2, ids=FACE_IDS_X_2)
@given(p=weighted_rows(categorical_problems()))
def test_weighted_categorical_is_repeated_rows_X_2(face, arr, p):
    (X, y, k), w = p
    assume(_all_weighed(y, w, (0, 1)))
    weighted = face.categorical_fit(arr(X), arr(y), k, 1, arr(w))
    repeated = face.categorical_fit(arr(_repeated(X, w)), arr(_repeated(y, w)), k, 1)
    assert _equal(weighted.phi_y, repeated.phi_y) and _equal(weighted.class_count, repeated.class_count)
    for c in (0, 1):
        for j in range(len(k)):
            assert _equal(weighted.phi[c][j], repeated.phi[c][j])
            assert _equal(weighted.value_count[c][j], repeated.value_count[c][j])


@pytest.mark.parametrize("face, arr", FACES_X_2, ids=FACE_IDS_X_2)
@given(p=weighted_rows(S.token_documents(max_vocabulary=6, max_documents=8)))
def test_weighted_multinomial_is_repeated_documents_X_2(face, arr, p):
    (docs, y, size), w = p
    assume(_all_weighed(y, w, (0, 1)))
    weighted = face.multinomial_fit(docs, arr(y), size, 1, sample_weight=arr(w))
    repeated = face.multinomial_fit(_repeated(docs, w), arr(_repeated(y, w)), size, 1)
    _same_models(weighted, repeated, MULTINOMIAL_FIELDS)
    assert _equal(face.multinomial_log_joint(weighted, docs), face.multinomial_log_joint(repeated, docs))


@pytest.mark.parametrize("face, arr", FACES_X_2, ids=FACE_IDS_X_2)
@given(p=weighted_rows(bags_of_words()))
def test_weighted_bags_of_words_are_repeated_documents_X_2(face, arr, p):
    """Bags (Documents with counts): each entry's count n adds n·wᵢ, as the bag repeated wᵢ times."""
    (bags, y, size), w = p
    assume(_all_weighed(y, w, (0, 1)))
    entries = [list(zip(bags.tokens[a:b], bags.counts[a:b])) for a, b in zip(bags.offsets, bags.offsets[1:])]
    again = _repeated(entries, w)
    repeated_bags = R.Documents([t for e in again for t, _ in e], np.cumsum([0] + [len(e) for e in again]).tolist(),
                                [n for e in again for _, n in e])
    weighted = face.multinomial_fit(bags, arr(y), size, 1, sample_weight=arr(w))
    repeated = face.multinomial_fit(repeated_bags, arr(_repeated(y, w)), size, 1)
    _same_models(weighted, repeated, MULTINOMIAL_FIELDS)


@pytest.mark.parametrize("face, arr", FACES_X_2, ids=FACE_IDS_X_2)
@given(p=weighted_rows(document_problems()))
def test_weighted_multinomial_classes_is_repeated_documents_X_2(face, arr, p):
    (docs, y, size), w = p
    assume(_all_weighed(y, w, range(1, max(y) + 1)))
    weighted = face.multinomial_classes_fit(docs, arr(y), size, 1, sample_weight=arr(w))
    repeated = face.multinomial_classes_fit(_repeated(docs, w), arr(_repeated(y, w)), size, 1)
    _same_models(weighted, repeated, ["phi", "phi_words", "class_count", "word_count", "total_words"])
    assert _equal(face.multinomial_classes_log_joint(weighted, docs),
                  face.multinomial_classes_log_joint(repeated, docs))


# a weight 0 drops its example (the fit of the other rows), every fit, both faces
_DROP_X_2 = {
    "bernoulli_fit": (dict(X=[[1, 0], [0, 1], [1, 1], [0, 0], [1, 0], [0, 1]], y=[0, 1, 1, 0, 1, 0]),
                      BERNOULLI_FIELDS),
    "categorical_fit": (dict(X=[[2, 0], [0, 1], [1, 1], [0, 0], [2, 1], [1, 0]], y=[0, 1, 1, 0, 1, 0], k=[3, 2]),
                        ["phi_y", "class_count"]),
    "multinomial_fit": (dict(documents=[[0, 2], [1], [2, 2, 1], [0], [1, 1], [2]], y=[0, 1, 1, 0, 1, 0],
                             vocabulary_size=3), MULTINOMIAL_FIELDS),
    "bernoulli_classes_fit": (dict(X=[[1, 0], [0, 1], [1, 1], [0, 0], [1, 0], [0, 1]], y=[1, 2, 3, 1, 3, 2]),
                              ["phi", "phi_x", "class_count", "feature_count"]),
    "multinomial_classes_fit": (dict(documents=[[0, 2], [1], [2, 2, 1], [0], [1, 1], [2]], y=[1, 2, 3, 1, 3, 2],
                                     vocabulary_size=3), ["phi", "phi_words", "class_count", "word_count"]),
}


@pytest.mark.parametrize("name", sorted(_DROP_X_2))
@pytest.mark.parametrize("face, arr", FACES_X_2, ids=FACE_IDS_X_2)
def test_a_weight_of_0_drops_the_example_X_2(face, arr, name):
    data, fields = _DROP_X_2[name]
    fit = getattr(face, name)
    for drop in range(6):
        w = [0 if i == drop else 1 for i in range(6)]
        kept = {key: (arr([v for i, v in enumerate(value) if i != drop]) if key in ("X", "y") else
                      [v for i, v in enumerate(value) if i != drop] if key == "documents" else value)
                for key, value in data.items()}
        given_ = {key: arr(value) if key in ("X", "y") else value for key, value in data.items()}
        weighted, dropped = fit(**given_, sample_weight=arr(w)), fit(**kept)
        _same_models(weighted, dropped, fields)
        if name == "categorical_fit":
            assert all(_equal(a, b) for c in (0, 1) for a, b in zip(weighted.phi[c], dropped.phi[c]))


def test_weights_keep_the_scalar_type_of_the_reference_X_2():
    """X-2 in the reference: Fraction weights give exact estimates, the closed form
    φ_{l|y=c} = (Σᵢ wᵢ 1{x_l = 1 ∧ y = c} + α)/(Σᵢ wᵢ 1{y = c} + 2α), φ_y = Σᵢ wᵢ 1{y = 1}/Σᵢ wᵢ;
    mpf weights give mpf estimates at the working precision."""
    X, y = [[1, 0], [0, 1], [1, 1]], [0, 1, 1]
    w = [Fraction(1, 3), Fraction(5, 2), Fraction(2, 7)]
    model = R.bernoulli_fit(X, y, 1, w)
    W1 = w[1] + w[2]
    assert model.phi_y == W1 / (w[0] + W1)
    assert model.phi_j_y0 == [(w[0] + 1) / (w[0] + 2), Fraction(1) / (w[0] + 2)]
    assert model.phi_j_y1 == [(w[2] + 1) / (W1 + 2), (W1 + 1) / (W1 + 2)]
    words = R.multinomial_classes_fit([[0, 0, 1], [1], [2]], [1, 2, 2], 3, 1, sample_weight=w)
    assert words.phi == [w[0] / sum(w), W1 / sum(w)]
    assert words.phi_words[0] == [(2 * w[0] + 1) / (3 * w[0] + 3), (w[0] + 1) / (3 * w[0] + 3),
                                  Fraction(1) / (3 * w[0] + 3)]
    with mpmath.workdps(50):
        mp = R.bernoulli_fit(X, y, 1, [mpmath.mpf(1) / 3, mpmath.mpf(5) / 2, mpmath.mpf(2) / 7])
        assert all(isinstance(v, mpmath.mpf) for v in [mp.phi_y, *mp.phi_j_y0, *mp.phi_j_y1])
        assert abs(mp.phi_j_y1[0] - mpmath.mpf(Fraction(model.phi_j_y1[0]).numerator)
                   / Fraction(model.phi_j_y1[0]).denominator) < mpmath.mpf(10) ** -45


def test_no_weights_and_unit_weights_give_the_same_estimates_X_2():
    """X-2: sample_weight=None is the unweighted fit (the integer counts), and weights all 1 give
    the same estimates from the float64 sums, in the fast face bit for bit."""
    rng = np.random.default_rng(5)
    X, y = rng.integers(0, 2, (40, 7)), rng.integers(0, 2, 40)
    ones = np.ones(40)
    a, b = F.bernoulli_fit(X, y), F.bernoulli_fit(X, y, 1, ones)
    assert a.class_count.dtype == np.int64 and b.class_count.dtype == np.float64
    assert a.phi_y == b.phi_y and np.array_equal(a.phi_j_y1, b.phi_j_y1) and np.array_equal(a.feature_count, b.feature_count)
    docs = [rng.integers(0, 9, rng.integers(0, 6)).tolist() for _ in range(40)]
    a, b = F.multinomial_classes_fit(docs, y + 1, 9), F.multinomial_classes_fit(docs, y + 1, 9, sample_weight=ones)
    assert np.array_equal(a.phi, b.phi) and np.array_equal(a.phi_words, b.phi_words)


# ---- X-2 against scikit-learn's sample_weight on real data ------------------------------------

@pytest.fixture(scope="module")
def sms_x_2():
    corpus = R.sms_spam_corpus()
    size = len(corpus.vocabulary)
    w = np.random.default_rng(29).uniform(0, 3, len(corpus.train_labels))
    w[::7] = 0.0   # some messages dropped
    return corpus, size, w


@pytest.mark.peer
def test_weighted_multinomial_matches_sklearn_on_sms_X_2(sms_x_2):
    from sklearn.naive_bayes import MultinomialNB
    corpus, size, w = sms_x_2
    y = np.array(corpus.train_labels)
    train, test = _counts(corpus.train_documents, size), _counts(corpus.test_documents, size)
    sk = MultinomialNB(alpha=1.0).fit(train, y, sample_weight=w)
    fast = F.multinomial_fit(corpus.train_documents, y, size, sample_weight=w)
    assert np.allclose(sk.feature_count_, fast.word_count, rtol=1e-12, atol=1e-12)
    assert np.allclose(sk.class_count_, fast.class_count, rtol=1e-12, atol=0)
    assert np.allclose(sk.feature_log_prob_, np.log([fast.phi_k_y0, fast.phi_k_y1]), rtol=1e-12, atol=1e-12)
    assert np.allclose(sk.class_log_prior_, np.log([1 - fast.phi_y, fast.phi_y]), rtol=1e-12, atol=1e-12)
    expected = sk.predict_log_proba(test)
    assert np.allclose(F.multinomial_log_posterior(fast, corpus.test_documents), expected, rtol=1e-10, atol=1e-10)
    assert np.array_equal(F.multinomial_predict(fast, corpus.test_documents), sk.predict(test))
    est = E.MultinomialNB().fit(train, y, sample_weight=w)
    assert np.abs(est.predict_proba(test) - sk.predict_proba(test)).max() < 1e-10
    assert np.allclose(est.feature_count_, sk.feature_count_, rtol=1e-12, atol=1e-12)


@pytest.mark.peer
def test_weighted_bernoulli_matches_sklearn_on_sms_X_2(sms_x_2):
    from sklearn.naive_bayes import BernoulliNB
    corpus, size, w = sms_x_2
    y = np.array(corpus.train_labels)
    train = (_counts(corpus.train_documents, size) > 0).astype(np.uint8)
    test = (_counts(corpus.test_documents, size) > 0).astype(np.uint8)
    sk = BernoulliNB(alpha=1.0).fit(train, y, sample_weight=w)
    fast = F.bernoulli_fit(train.toarray(), y, 1, w)
    assert np.allclose(sk.feature_count_, fast.feature_count, rtol=1e-12, atol=1e-12)
    assert np.allclose(sk.feature_log_prob_, np.log([fast.phi_j_y0, fast.phi_j_y1]), rtol=1e-12, atol=1e-12)
    expected = sk.predict_log_proba(test)
    assert np.allclose(F.bernoulli_log_posterior(fast, test.toarray()), expected, rtol=1e-10, atol=1e-10)
    est = E.BernoulliNB().fit(train, y, sample_weight=w)   # sparse: counted from the entries
    assert np.abs(est.predict_log_proba(test) - expected).max() < 1e-10
    assert np.array_equal(est.predict(test), sk.predict(test))


@pytest.fixture(scope="module")
def digits_x_2():
    from sklearn.datasets import load_digits
    X, y = load_digits(return_X_y=True)
    w = np.random.default_rng(31).uniform(0, 2, len(y))
    w[::11] = 0.0
    return X.astype(np.int64), y, w


@pytest.mark.peer
@pytest.mark.parametrize("ours", ["BernoulliNB", "MultinomialNB"])
def test_weighted_k_class_estimators_match_sklearn_on_digits_X_2(digits_x_2, ours):
    """Ten classes of digits: BernoulliNB on the pixels binarised at 7.5 (X-4 and X-2), and
    MultinomialNB on the pixel values as counts."""
    import sklearn.naive_bayes as SK
    X, y, w = digits_x_2
    train, test = slice(0, 1200), slice(1200, None)
    options = dict(binarize=7.5) if ours == "BernoulliNB" else {}
    est = getattr(E, ours)(**options).fit(X[train], y[train], sample_weight=w[train])
    sk = getattr(SK, ours)(alpha=1.0, **options).fit(X[train], y[train], sample_weight=w[train])
    assert np.allclose(est.class_count_, sk.class_count_, rtol=1e-12, atol=0)
    assert np.allclose(est.feature_count_, sk.feature_count_, rtol=1e-12, atol=1e-12)
    assert np.allclose(np.log(est.phi_y_), sk.class_log_prior_, rtol=1e-12, atol=1e-12)
    assert np.abs(est.predict_log_proba(X[test]) - sk.predict_log_proba(X[test])).max() < 1e-9
    assert np.array_equal(est.predict(X[test]), sk.predict(X[test]))


@pytest.mark.peer
def test_weighted_categorical_matches_sklearn_on_digits_X_2(digits_x_2):
    """The 64 pixels of the digits as 17-valued features, "is the digit 5 or more?", weighted."""
    from sklearn.naive_bayes import CategoricalNB
    X, digit, w = digits_x_2
    y = (digit >= 5).astype(int)
    sk = CategoricalNB(alpha=1.0, min_categories=17).fit(X, y, sample_weight=w)
    fast = F.categorical_fit(X, y, 17, 1, w)
    ref = R.categorical_fit(X.tolist(), y.tolist(), 17, 1.0, w.tolist())
    for j in range(64):
        assert np.allclose(sk.category_count_[j], [fast.value_count[0][j], fast.value_count[1][j]],
                           rtol=1e-12, atol=1e-12)
        assert np.allclose(sk.feature_log_prob_[j], np.log([fast.phi[0][j], fast.phi[1][j]]), rtol=1e-12, atol=1e-12)
    expected = sk.predict_log_proba(X)
    assert np.allclose(F.categorical_log_posterior(fast, X), expected, rtol=1e-10, atol=1e-10)
    assert np.allclose(R.categorical_log_posterior(ref, X[:200].tolist()), expected[:200], rtol=1e-10, atol=1e-10)


# ---- the estimators ----------------------------------------------------------------------

@pytest.mark.parametrize("sparse", [False, True], ids=["dense", "sparse"])
@pytest.mark.parametrize("ours", ["BernoulliNB", "MultinomialNB"])
@pytest.mark.parametrize("classes", [2, 3])
def test_estimators_with_integer_weights_are_repeated_rows_X_2(ours, classes, sparse):
    X, y = _three_class_counts(m=300)
    if classes == 2:
        X, y = X[y != "news"], y[y != "news"]
    w = np.random.default_rng(7).integers(0, 4, len(y))
    shape = sp.csr_matrix if sparse else np.asarray
    weighted = getattr(E, ours)().fit(shape(X), y, sample_weight=w)
    repeated = getattr(E, ours)().fit(shape(np.repeat(X, w, axis=0)), np.repeat(y, w))
    assert np.array_equal(weighted.phi_, repeated.phi_) and np.array_equal(weighted.phi_y_, repeated.phi_y_)
    assert np.array_equal(weighted.class_count_, repeated.class_count_)
    assert np.array_equal(weighted.feature_count_, repeated.feature_count_)
    assert np.array_equal(weighted.predict_proba(shape(X)), repeated.predict_proba(shape(X)))
    # a list of weights is read as scikit-learn reads it; None is every weight 1
    assert np.array_equal(getattr(E, ours)().fit(X, y, sample_weight=list(w)).phi_, weighted.phi_)
    assert np.array_equal(getattr(E, ours)().fit(X, y, sample_weight=None).phi_, getattr(E, ours)().fit(X, y).phi_)


@pytest.mark.parametrize("ours", ["BernoulliNB", "MultinomialNB"])
def test_estimators_refuse_bad_weights_X_2(ours):
    X, y = _three_class_counts(m=30)
    for w, error, message in [(-np.ones(30), ValueError, r"^sample_weight\[0\] is -1.0: a sample weight must be >= 0$"),
                              (np.zeros(30), ValueError, "(?i)sample.weight"),   # scikit-learn's reader refuses it first
                              (np.ones(29), ValueError, "sample_weight"),
                              (np.r_[np.nan, np.ones(29)], ValueError, "NaN|nan")]:
        with pytest.raises(error, match=message):
            getattr(E, ours)().fit(X, y, sample_weight=w)


# ---- ℓ of the k-class models ------------------------------------------------------------------

def _own_class_total(joint, y):
    """Σᵢ log p(x⁽ⁱ⁾, y⁽ⁱ⁾) at 50 digits from each example's row of the log joint (its own class)."""
    import mpmath
    with mpmath.workdps(50):
        return sum(mpmath.mpf(row[label - 1]) for row, label in zip(joint, y))


@given(bernoulli_problems(), st.sampled_from([1, Fraction(1, 2)]))
def test_bernoulli_classes_log_likelihood_is_the_own_class_log_joint_summed_X_4(p, alpha):
    """X-4: ℓ = Σᵢ [log φ_{y⁽ⁱ⁾} + Σ_l log p(x_l⁽ⁱ⁾ | y⁽ⁱ⁾)], the log joint of each example's own
    class (``bernoulli_classes_log_joint``, computed class by class) added over the examples."""
    X, y = p
    model = R.bernoulli_classes_fit(X, y, alpha)
    ell = R.bernoulli_classes_log_likelihood(model, X, y)
    assert float(ell) == pytest.approx(float(_own_class_total(R.bernoulli_classes_log_joint(model, X), y)),
                                       rel=1e-12, abs=1e-12)


@given(document_problems(), st.sampled_from([1, Fraction(1, 2)]))
def test_multinomial_classes_log_likelihood_is_the_own_class_log_joint_summed_X_4(p, alpha):
    """X-4: ℓ = Σᵢ [log φ_{y⁽ⁱ⁾} + Σ_t log φ_{x_t⁽ⁱ⁾|y⁽ⁱ⁾}] (a word counted as often as it occurs),
    the log joint of each document's own class added over the documents."""
    docs, y, size = p
    model = R.multinomial_classes_fit(docs, y, size, alpha)
    ell = R.multinomial_classes_log_likelihood(model, docs, y)
    assert float(ell) == pytest.approx(float(_own_class_total(R.multinomial_classes_log_joint(model, docs), y)),
                                       rel=1e-12, abs=1e-12)


def test_k_class_log_likelihoods_are_minus_infinity_where_a_factor_is_0_X_4():
    """Without smoothing (α = 0) a feature never seen on in class 1 gives p = 0 there: ℓ of an
    example of class 1 with it on is −∞; an unseen word likewise; the other examples' ℓ is finite."""
    X, y = [[0, 1], [0, 0], [1, 1], [1, 0], [0, 1], [1, 1]], [1, 1, 2, 2, 3, 3]
    model = R.bernoulli_classes_fit(X, y, 0)
    assert R.bernoulli_classes_log_likelihood(model, [[1, 1]], [1]) == float("-inf")
    assert R.bernoulli_classes_log_likelihood(model, [[0, 1]], [1]) > float("-inf")
    docs = [[0, 0], [0, 1], [1, 2], [2], [2, 2], [1]]
    words = R.multinomial_classes_fit(docs, y, 3, 0)
    assert R.multinomial_classes_log_likelihood(words, [[2]], [1]) == float("-inf")
    assert R.multinomial_classes_log_likelihood(words, [[0, 1]], [1]) > float("-inf")


# ---- X-4: defaults, Documents, unknown words, the errors' words -------------------------------

def test_k_class_fits_smooth_by_laplace_by_default_and_keep_alpha_X_4():
    """α = 1 unless given (+1, +2 for a feature; +1, +|V| for a word), and the model keeps the α it
    was fitted with."""
    X, y = [[1, 0], [1, 1], [0, 0], [0, 1], [1, 1]], [1, 1, 2, 3, 3]
    model = R.bernoulli_classes_fit(X, y)
    assert model.alpha == 1
    assert model.phi_x == [[Fraction(3, 4), Fraction(2, 4)], [Fraction(1, 3), Fraction(1, 3)],
                           [Fraction(2, 4), Fraction(3, 4)]]
    assert R.bernoulli_classes_fit(X, y, Fraction(1, 2)).alpha == Fraction(1, 2)
    docs = [[0, 0], [1], [2, 2, 1]]
    words = R.multinomial_classes_fit(docs, [1, 2, 2], 3)
    assert words.alpha == 1
    assert words.phi_words == [[Fraction(3, 5), Fraction(1, 5), Fraction(1, 5)],
                               [Fraction(1, 7), Fraction(3, 7), Fraction(3, 7)]]
    assert R.multinomial_classes_fit(docs, [1, 2, 2], 3, 2).alpha == 2


def test_bernoulli_classes_read_documents_as_rows_of_the_models_width_X_4():
    """Documents are the rows x_l = 1 iff word l occurs, n the model's number of features when
    they do not say their vocabulary_size; one that says another n is refused."""
    model = R.bernoulli_classes_fit([[1, 0, 0], [0, 1, 0], [0, 0, 1]], [1, 2, 3])
    docs = R.Documents([2, 0, 1, 1], [0, 2, 4])
    rows = [[1, 0, 1], [0, 1, 0]]
    assert R.bernoulli_classes_log_joint(model, docs) == R.bernoulli_classes_log_joint(model, rows)
    assert R.bernoulli_classes_predict(model, docs) == R.bernoulli_classes_predict(model, rows) == [1, 2]
    with pytest.raises(ValueError, match="X.vocabulary_size is 4 but the vocabulary has 3 words"):
        R.bernoulli_classes_log_joint(model, R.Documents([0], [0, 1], None, 4))


@pytest.mark.parametrize("face", FACES, ids=["reference", "fast"])
def test_k_class_unknown_words_are_refused_by_default_and_dropped_on_request_X_4(face):
    """A word id outside 0..|V|−1 is an error unless ``ignore_unknown``; dropped, it is as if the
    document never had it, in the fit and in every function of the model."""
    docs, y = [[0, 7, 1], [1], [2, 2]], np.array([1, 2, 3])
    with pytest.raises(ValueError, match=r"documents\[0\]\[1\] is 7: token ids must be in 0..2"):
        face.multinomial_classes_fit(docs, y, 3)
    model = face.multinomial_classes_fit(docs, y, 3, ignore_unknown=True)
    assert np.asarray(model.word_count).tolist() == [[1, 1, 0], [0, 1, 0], [0, 0, 2]]
    for f in (face.multinomial_classes_log_joint, face.multinomial_classes_log_posterior,
              face.multinomial_classes_predict):
        with pytest.raises(ValueError, match=r"documents\[1\]\[0\] is 3: token ids must be in 0..2"):
            f(model, [[0], [3, 1]])
        assert np.array_equal(f(model, [[0], [3, 1]], ignore_unknown=True), f(model, [[0], [1]]))


def test_k_class_fit_of_a_class_without_words_smooths_by_the_least_alpha_X_4():
    """Any α > 0 smooths: with α = 5e-324 (the least subnormal) α|V| = 2e-323 is not 0, so class 2,
    whose documents are empty, gets φ_{w|y=2} = α/(α|V|) = 1/4, not a 0/0 error."""
    model = R.multinomial_classes_fit([[0], [], [1]], [1, 2, 3], 4, 5e-324)
    assert model.phi_words[1] == [0.25] * 4
    assert model.phi_words[0] == [1.0, 5e-324, 5e-324, 5e-324]


@pytest.mark.parametrize("face", FACES, ids=["reference", "fast"])
def test_k_class_fits_name_what_cannot_be_estimated_X_4(face):
    with pytest.raises(ValueError) as e:
        face.bernoulli_classes_fit(np.array([[1], [0]]), np.array([1, 2]), alpha=1e308)
    assert str(e.value) == "alpha = 1e+308 is too large: the class count + 2·alpha overflows float64"
    with pytest.raises(ValueError) as e:
        face.multinomial_classes_fit([[0], [1]], np.array([1, 2]), 2, alpha=1e308)
    assert str(e.value) == ("alpha = 1e+308 is too large: the number of words of a class + 2·alpha "
                            "overflows float64")
    with pytest.raises(R.ZeroOverZeroError) as e:
        face.multinomial_classes_fit([[0], [], [1]], np.array([1, 2, 3]), 2, alpha=0)
    assert str(e.value) == ("class 2 has no words and alpha = 0: every φ_(k|y=2) is 0/0; "
                            "use Laplace smoothing (alpha > 0)")
    bags = R.Documents(np.array([0, 1, 1]), np.array([0, 2, 3]), np.array([2 ** 62, 2 ** 62, 1]))
    with pytest.raises(ValueError) as e:
        face.multinomial_classes_fit(bags, np.array([2, 1]), 2)
    assert str(e.value) == ("the documents of class 2 hold more than 2**63 - 1 words in all: their "
                            "word counts do not fit the int64 count table")


@pytest.mark.parametrize("face", FACES, ids=["reference", "fast"])
def test_k_class_predict_names_the_row_impossible_under_every_class_X_4(face):
    model = face.multinomial_classes_fit([[0], [1], [2]], np.array([1, 2, 3]), 4, alpha=0)
    with pytest.raises(R.ZeroOverZeroError) as e:
        face.multinomial_classes_predict(model, [[0], [0, 1], [3]])
    assert str(e.value) == ("row 1: p(x|y)p(y) = 0 for every class 1..3, so p(y | x) is 0/0 "
                            "(000 §2.1); use Laplace smoothing (alpha > 0)")


@pytest.mark.parametrize("face", FACES, ids=["reference", "fast"])
@pytest.mark.parametrize("phi_x, error, message", [
    ("ab", ValueError, "model.phi_x must have 2 rows, one per class (as model.phi)"),
    (5, ValueError, "model.phi_x must have 2 rows, one per class (as model.phi)"),
    ([[0.5], [0.5, 0.5]], ValueError, "model.phi_x[1] has 2 entries but model.phi_x[0] has 1"),
], ids=["text", "number", "ragged"])
def test_a_k_class_model_without_a_row_per_class_is_refused_X_4(face, phi_x, error, message):
    model = R.BernoulliClassesNB([0.5, 0.5], phi_x, [1, 1], [[0], [0]], 1)
    with pytest.raises(error) as e:
        face.bernoulli_classes_log_joint(model, np.array([[1]]))
    assert str(e.value) == message
