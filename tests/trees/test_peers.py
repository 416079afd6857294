"""Decision trees against the peers: scikit-learn DecisionTreeClassifier(criterion="entropy")
(the same root split and gain, the same tree wherever no two candidate splits tie, the same
training predictions), scipy's entropies, scikit-learn's mutual information and a statsmodels
logistic regression for the DT-7 threshold."""
import warnings

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import cs229.fast.entropy as FE
import cs229.fast.trees as FT
import cs229.reference.entropy as RE
import cs229.reference.trees as RT
from cs229.testing import strategies as S

pytestmark = pytest.mark.peer


@given(S.distributions())
def test_entropy_matches_scipy_DT_3(p):
    from scipy.stats import entropy
    pf = np.array(S.to_float(p))
    for unit, base in (("bits", 2), ("nats", None)):
        expected = entropy(pf, base=base)
        assert FE.entropy(pf, unit) == pytest.approx(expected, rel=1e-12, abs=1e-15)
        assert RE.entropy(pf.tolist(), unit) == pytest.approx(expected, rel=1e-12, abs=1e-15)


@given(st.integers(1, 4).flatmap(S.triangular_spd_matrices))
def test_gaussian_entropy_matches_scipy_DT_4(Sigma):
    from scipy.stats import multivariate_normal
    Sf = S.to_float(Sigma)
    expected = multivariate_normal(mean=np.zeros(len(Sf)), cov=np.array(Sf)).entropy()
    assert RE.gaussian_entropy(Sf) == pytest.approx(expected, rel=1e-12, abs=1e-12)


@given(st.lists(st.integers(0, 3), min_size=1, max_size=40).flatmap(
    lambda x: st.tuples(st.just(x), st.lists(st.integers(0, 2), min_size=len(x), max_size=len(x)))))
def test_information_gain_is_sklearn_mutual_information_DT_5(xy):
    from sklearn.metrics import mutual_info_score
    x, y = xy
    _, _, table = FE.count_table(np.array(x), np.array(y))
    expected = mutual_info_score(x, y)
    assert FE.information_gain(table, "nats") == pytest.approx(expected, abs=1e-12)
    assert RE.information_gain(table.astype(float).tolist(), "nats") == pytest.approx(expected, abs=1e-12)


# ---- DT-6, DT-7 against DecisionTreeClassifier ---------------------------------------------------

def _scores(X, y, rows, msl):
    """Every valid threshold split of these rows, as its float score (lower is better)."""
    out = []
    classes = sorted(set(y))
    for j in range(X.shape[1]):
        values = np.unique(X[rows, j])
        for a, b in zip(values, values[1:]):
            left = [i for i in rows if X[i, j] <= (a + b) / 2]
            right = [i for i in rows if X[i, j] > (a + b) / 2]
            if len(left) >= msl and len(right) >= msl:
                out.append(RT.split_score([[sum(y[i] == c for i in g) for c in classes] for g in (left, right)]))
    return sorted(out)


def _score_of(X, y, rows, feature, threshold, w=None):
    """The split score S of the rows' split x[feature] > threshold, its classes counted (weighted
    by w, X-2, when given), and the two sides."""
    classes = sorted(set(y))
    sides = ([i for i in rows if not X[i, feature] > threshold], [i for i in rows if X[i, feature] > threshold])
    weight = (lambda i: 1) if w is None else (lambda i: w[i])
    return RT.split_score([[sum(weight(i) for i in g if y[i] == c) for c in classes] for g in sides]), sides


def against_sklearn(X, y, ours, sk, w=None):
    """Walk both trees together (with sample weights w, X-2: integer ones). Where the splits
    differ, the two must tie (equal scores up to rounding) and, when exactly equal, ours must be
    the documented choice (lower feature, then lower threshold); the walk does not descend
    there, unless the two part the rows alike (the same node: iris' petals at the root). Where
    they agree, the leaves' counts are scikit-learn's. Returns (nodes that agree, ties met)."""
    t = sk.tree_
    agree, ties = 0, 0
    stack = [(ours.root, 0, list(range(len(y))))]
    while stack:
        node, v, rows = stack.pop()
        if isinstance(node, RT.Leaf) or t.children_left[v] < 0:
            assert isinstance(node, RT.Leaf) and t.children_left[v] < 0
            assert node.counts == pytest.approx(t.value[v][0] * t.weighted_n_node_samples[v], abs=1e-9)
            agree += 1
            continue
        theirs = (int(t.feature[v]), float(t.threshold[v]))
        mine, (left, right) = _score_of(X, y, rows, node.feature, node.threshold, w)
        if (node.feature, node.threshold) != theirs:
            other, sides = _score_of(X, y, rows, *theirs, w)
            # ours is the best by our scores; theirs ties with it, exactly or (a tie of exact
            # arithmetic that scikit-learn sums in its own order) to within rounding, where our
            # last bit may rank the two the other way: the documented order decides exact ties
            assert mine <= other <= mine + 1e-12 * (1 + mine)
            assert mine < other or (node.feature, node.threshold) < theirs
            if sides != (left, right):
                ties += 1
                continue
        agree += 1
        stack += [(node.left, t.children_left[v], left), (node.right, t.children_right[v], right)]
    return agree, ties


def _sklearn(X, y, **options):
    from sklearn.tree import DecisionTreeClassifier
    return DecisionTreeClassifier(criterion="entropy", random_state=0, **options).fit(X, y)


@given(S.class_labelled_sets(min_rows=4, max_rows=24, max_features=3, levels=64, distinct=True),
       st.sampled_from([None, 1, 2, 3]), st.sampled_from([1, 2, 3]))
def test_same_splits_and_gains_as_sklearn_DT_6_DT_7(Xy, max_depth, msl):
    X, y = np.array(S.to_float(Xy[0])), np.array(Xy[1])
    assume(len(set(y)) > 1)
    ours = FT.tree_fit(X, y, max_depth=max_depth, min_samples_leaf=msl)
    assert ours == RT.tree_fit(X.tolist(), y.tolist(), max_depth=max_depth, min_samples_leaf=msl)
    scores = _scores(X, y, list(range(len(y))), msl)
    assume(len(scores) > 0 and (len(scores) == 1 or scores[1] - scores[0] > 1e-9 * (1 + scores[0])))
    sk = _sklearn(X, y, max_depth=max_depth, min_samples_leaf=msl)
    t = sk.tree_
    assert (ours.root.feature, ours.root.threshold) == (t.feature[0], t.threshold[0])
    n, left, right = t.n_node_samples[0], t.children_left[0], t.children_right[0]
    gain = t.impurity[0] - (t.n_node_samples[left] * t.impurity[left] + t.n_node_samples[right] * t.impurity[right]) / n
    assert ours.root.gain == pytest.approx(gain, abs=1e-12)
    agree, ties = against_sklearn(X, y, ours, sk)
    if not ties:
        assert agree == ours.n_nodes == sk.tree_.node_count
        grid = X + 1 / 16
        assert FT.predict(ours, grid).tolist() == sk.predict(grid).tolist()


@given(S.class_labelled_sets(min_rows=4, max_rows=40, max_features=4, max_classes=4, levels=64, distinct=True))
def test_full_depth_training_predictions_match_sklearn_DT_6(Xy):
    X, y = np.array(S.to_float(Xy[0])), np.array(Xy[1])
    ours = FT.tree_fit(X, y)
    sk = _sklearn(X, y)
    assert FT.predict(ours, X).tolist() == sk.predict(X).tolist() == y.tolist()
    assert RT.predict(ours, X.tolist()) == y.tolist()


def test_same_tree_as_sklearn_on_a_larger_problem_DT_6():
    """The same tree as scikit-learn's, node for node, except below exact ties between
    candidate splits, which scikit-learn breaks by a random order of the features."""
    from sklearn.datasets import make_classification
    X, y = make_classification(n_samples=2000, n_features=6, random_state=1)
    X = np.round(X * 2 ** 10) / 2 ** 10  # exact in float32, which scikit-learn uses
    for options in (dict(max_depth=4), dict(min_samples_leaf=10)):
        ours = FT.tree_fit(X, y, **options)
        agree, ties = against_sklearn(X, y, ours, _sklearn(X, y, **options))
        assert agree >= 0.8 * ours.n_nodes  # every other node lies below a tie resolved by our rule


@st.composite
def overlapping(draw):
    m = draw(st.integers(8, 40))
    x = draw(st.lists(st.integers(-40, 40), min_size=m, max_size=m))
    y = draw(st.lists(st.integers(0, 1), min_size=m, max_size=m))
    xs = sorted(zip(x, y))
    zeros = [v for v, t in xs if t == 0]
    ones = [v for v, t in xs if t == 1]
    assume(zeros and ones and max(zeros) > min(ones) and max(ones) > min(zeros))  # no separation
    return np.array(x) / 8, np.array(y)


@given(overlapping())
def test_logistic_threshold_matches_statsmodels_DT_7(xy):
    import statsmodels.api as sm
    x, y = xy
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        a, b = sm.Logit(y, sm.add_constant(x)).fit(method="newton", tol=1e-14, maxiter=200, disp=0).params
    assume(abs(b) > 1e-3)
    ours = FT.logistic_threshold(x, y)
    assert ours == RT.logistic_threshold(x.tolist(), y.tolist())
    assert ours == pytest.approx(-a / b, rel=1e-7, abs=1e-7)
