"""Decision trees, the catalog's extension X-2 (sample weights, 001 §11.3 weighted): every class
count of a node is the sum of its examples' weights, so that integer weights are repeated rows
(a weight of 0 drops the row), in both faces; against scikit-learn's
DecisionTreeClassifier(criterion="entropy") with ``sample_weight`` on iris and breast cancer;
the estimator with weights."""
import numpy as np
import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

import cs229.fast.trees as FT
import cs229.reference.trees as RT
from cs229.estimators import DecisionTreeClassifier
from tests.trees.test_peers import against_sklearn


@st.composite
def weighted_sets(draw, max_rows=16, max_weight=3):
    """(X, y, w): m rows of d features k/4 (k in 0..7, so values repeat), labels 0..K−1 and
    integer weights 0..max_weight, not all 0."""
    m, d, K = draw(st.integers(1, max_rows)), draw(st.integers(1, 3)), draw(st.integers(1, 3))
    X = [[draw(st.integers(0, 7)) / 4 for _ in range(d)] for _ in range(m)]
    y = draw(st.lists(st.integers(0, K - 1), min_size=m, max_size=m))
    w = draw(st.lists(st.integers(0, max_weight), min_size=m, max_size=m))
    assume(any(w))
    return X, y, w


def _repeated(X, y, w):
    rows = [i for i, k in enumerate(w) for _ in range(int(k))]
    return [X[i] for i in rows], [y[i] for i in rows]


def _fit(face, X, y, **options):
    if face == "fast":
        weight = options.pop("sample_weight", None)
        return FT.tree_fit(np.array(X, dtype=float), np.array(y), sample_weight=None if weight is None
                           else np.array(weight, dtype=float), **options)
    return RT.tree_fit(X, y, **options)


FACES = pytest.mark.parametrize("face", ["reference", "fast"])

# the variants of tree_fit, each with weights: its options for d features
VARIANTS = {
    "search": lambda d: dict(),
    "discrete": lambda d: dict(discrete=True),
    "mixed": lambda d: dict(discrete=[j % 2 == 1 for j in range(d)]),
    "logistic": lambda d: dict(threshold="logistic"),
    "logistic mixed": lambda d: dict(threshold="logistic", discrete=[j % 2 == 1 for j in range(d)]),
}
EACH_VARIANT = pytest.mark.parametrize("variant", list(VARIANTS))


def _variant(variant, X, y):
    """The options of a variant for X, and y (in two classes for the logistic threshold)."""
    options = VARIANTS[variant](len(X[0]))
    return options, [v % 2 for v in y] if "threshold" in options else y


def _same_up_to_rounding(a, b):
    """Trees a and b alike node for node (kinds, features, values, counts, majority classes,
    gains), their thresholds within 1e-9 relative: a logistic threshold from sums of wᵢ·tᵢ is
    not, to the last bit, the one from wᵢ repeated terms."""
    if type(a) is not type(b) or a.counts != b.counts or a.prediction != b.prediction:
        return False
    if isinstance(a, RT.Leaf):
        return True
    if a.feature != b.feature or a.gain != b.gain or len(RT.children(a)) != len(RT.children(b)):
        return False
    if isinstance(a, RT.Split) and not abs(a.threshold - b.threshold) <= 1e-9 * (1 + abs(a.threshold)):
        return False
    if isinstance(a, RT.Branch) and a.values != b.values:
        return False
    return all(_same_up_to_rounding(u, v) for u, v in zip(RT.children(a), RT.children(b)))


# ---- integer weights are repeated rows --------------------------------------------------------

@FACES
@EACH_VARIANT
@given(weighted_sets(), st.sampled_from([None, 1, 2]))
def test_integer_weights_are_repeated_rows_X_2(face, variant, data, max_depth):
    """Weights in {0, 1, 2, 3}: the tree of the weighted rows is the tree of each row repeated wᵢ
    times (a weight of 0 drops the row): the same splits, thresholds, counts, majority classes
    and gains (Tree equality), and the same predictions; for every variant (discrete features
    branching on weighted counts), the logistic thresholds to rounding (the weighted regression's
    sums are not the repeated terms' to the last bit)."""
    X, y, w = data
    options, y = _variant(variant, X, y)
    Xr, yr = _repeated(X, y, w)
    assume(set(yr) == set(y))  # a class seen only with weight 0 is a column of zeros
    weighted = _fit(face, X, y, max_depth=max_depth, sample_weight=w, **options)
    repeated = _fit(face, Xr, yr, max_depth=max_depth, **options)
    if "threshold" in options:
        assert _same_up_to_rounding(weighted.root, repeated.root)
        return
    assert weighted == repeated
    grid = [[k / 8 for _ in range(len(X[0]))] for k in range(-1, 16)] + X
    predict = FT.predict if face == "fast" else RT.predict
    assert list(predict(weighted, grid)) == list(predict(repeated, grid))


@FACES
@EACH_VARIANT
@given(weighted_sets(max_weight=1))
# the logistic threshold of the rows of weight 1 lies below (−0.61) or above (3.61) all of them,
# and a row of weight 0 lies beyond it: that row alone would be a child
@example(data=([[-5.0], [0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1, 1], [0, 1, 1, 1, 1]))
@example(data=([[0.0], [1.0], [2.0], [3.0], [10.0]], [0, 0, 1, 0, 1], [1, 1, 1, 1, 0]))
def test_a_weight_of_0_drops_the_row_X_2(face, variant, data):
    """Weights 0/1: the tree of the rows of weight 1 alone, exactly, in every variant: thresholds
    lie between values of positive weight, the logistic regression is fitted on the examples of
    positive weight, a discrete feature branches on its values of positive weight only, and no
    child holds examples of weight 0 alone."""
    X, y, w = data
    options, y = _variant(variant, X, y)
    kept = [i for i in range(len(y)) if w[i]]
    assume(set(y[i] for i in kept) == set(y))
    assert _fit(face, X, y, sample_weight=w, **options) == _fit(face, [X[i] for i in kept],
                                                                [y[i] for i in kept], **options)


@FACES
def test_weight_0_rows_still_count_for_min_samples_leaf_X_2(face):
    """As in scikit-learn, min_samples_leaf counts examples, not weights: two rows of weight 0
    on the left let the split x > 1.625 leave 3 examples there; without them no split has 2 on
    each side."""
    X, y = [[0.0], [1.0], [1.25], [2.0], [3.0]], [0, 0, 0, 1, 1]
    w = [0, 0, 1, 1, 1]
    tree = _fit(face, X, y, min_samples_leaf=2, sample_weight=w)
    assert isinstance(tree.root, RT.Split) and tree.root.threshold == 1.625
    assert tree.root.left.counts == (1, 0) and tree.root.right.counts == (0, 2)
    dropped = _fit(face, X[2:], y[2:], min_samples_leaf=2)
    assert isinstance(dropped.root, RT.Leaf)


@FACES
def test_weight_0_rows_right_of_the_midpoint_count_on_the_right_X_2(face):
    """min_samples_leaf counts the examples on each side of θ = (a + b)/2, a and b neighbouring
    values of positive weight: the row 1.9 of weight 0 lies right of θ = 1.5, so there the left
    child would hold 2 < 3 examples; the best allowed split is x > 2.5 (counting the row left
    would choose 1.5, or give up the node)."""
    X, y = [[0.0], [1.0], [1.9], [2.0], [3.0], [4.0], [5.0], [6.0]], [0, 0, 0, 1, 1, 1, 1, 0]
    tree = _fit(face, X, y, min_samples_leaf=3, sample_weight=[1, 1, 0, 1, 1, 1, 1, 1])
    assert tree.root.threshold == 2.5
    assert (tree.root.left.counts, tree.root.right.counts) == ((2, 1), (1, 3))


@FACES
def test_a_weight_0_row_at_the_midpoint_counts_on_the_left_X_2(face):
    """The row 1.0 of weight 0 lies at θ = (0 + 2)/2 itself, and x <= θ goes left: the split
    x > 1 leaves 2 examples on each side, enough for min_samples_leaf = 2."""
    X, y = [[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 1]
    tree = _fit(face, X, y, min_samples_leaf=2, sample_weight=[1, 0, 1, 1])
    assert isinstance(tree.root, RT.Split) and tree.root.threshold == 1.0
    assert (tree.root.left.counts, tree.root.right.counts) == ((1, 0), (0, 2))


@FACES
def test_weights_decide_the_majority_and_the_split_X_2(face):
    """One heavy example outweighs two light ones: the leaf's majority is the weighted one, its
    counts the sums of the weights; a tie of weights goes to the lower label."""
    X, y = [[0.0], [0.0], [0.0]], [0, 0, 1]
    assert _fit(face, X, y, sample_weight=[0.5, 0.25, 1.0]).root == RT.Leaf(1, (0.75, 1.0))
    assert _fit(face, X, y, sample_weight=[0.5, 0.5, 1.0]).root.prediction == 0


def test_weights_of_one_are_the_unweighted_tree_X_2():
    """wᵢ = 1: the unweighted tree, thresholds and gains to the last bit (both faces), in every
    variant (discrete features, the logistic threshold)."""
    rng = np.random.default_rng(4)
    X = np.round(rng.standard_normal((300, 4)) * 8) / 8
    y = (X[:, 0] + X[:, 1] ** 2 + 0.5 * rng.standard_normal(300) > 1).astype(int) + (X[:, 2] > 1)
    for options in (dict(), dict(min_samples_leaf=4, max_depth=5), dict(discrete=[False, True, False, True]),
                    dict(discrete=True, max_depth=3), dict(threshold="logistic"),
                    dict(threshold="logistic", discrete=[True, False, False, True])):
        if "threshold" in options:
            y = (y > 0).astype(int)
        plain = FT.tree_fit(X, y, **options)
        assert FT.tree_fit(X, y, sample_weight=np.ones(300), **options) == plain
        assert RT.tree_fit(X.tolist(), y.tolist(), sample_weight=[1] * 300, **options) == plain


# ---- X-2 against scikit-learn's DecisionTreeClassifier(criterion="entropy") -------------------------

@pytest.mark.peer
@pytest.mark.parametrize("name", ["iris", "breast_cancer"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_weighted_tree_as_sklearn_on_real_data_X_2(name, seed):
    """Weights 1..3 on iris and breast cancer (X rounded to float32, which scikit-learn uses):
    node for node scikit-learn's weighted tree, down to any tie between candidate splits, which
    it breaks by a random order of the features; the same training predictions where the walk
    met no tie."""
    import sklearn.datasets
    from sklearn.tree import DecisionTreeClassifier as Peer
    X, y = getattr(sklearn.datasets, f"load_{name}")(return_X_y=True)
    X = X.astype(np.float32).astype(np.float64)
    w = np.random.default_rng(seed).integers(1, 4, len(y)).astype(float)
    for options in (dict(), dict(max_depth=3), dict(min_samples_leaf=5)):
        ours = FT.tree_fit(X, y, sample_weight=w, **options)
        sk = Peer(criterion="entropy", random_state=0, **options).fit(X, y, sample_weight=w)
        agree, ties = against_sklearn(X, y, ours, sk, w)
        assert agree >= 4
        if not ties:
            assert agree == ours.n_nodes == sk.tree_.node_count
            assert FT.predict(ours, X).tolist() == sk.predict(X).tolist()


@pytest.mark.peer
def test_real_weights_give_sklearn_predictions_on_breast_cancer_X_2():
    """Real weights in (0.01, 2) on breast cancer at depth 4: the estimator's predictions and
    probabilities are scikit-learn's. (The trees differ in two ties of the same partition and in
    a pure node that scikit-learn splits, its class counts being left a rounding above 0 by
    total − left, neither of which changes a prediction.)"""
    from sklearn.datasets import load_breast_cancer
    from sklearn.tree import DecisionTreeClassifier as Peer
    X, y = load_breast_cancer(return_X_y=True)
    X = X.astype(np.float32).astype(np.float64)
    w = np.random.default_rng(7).uniform(0.01, 2, len(y))
    ours = DecisionTreeClassifier(max_depth=4).fit(X, y, sample_weight=w)
    sk = Peer(criterion="entropy", max_depth=4, random_state=0).fit(X, y, sample_weight=w)
    assert (ours.predict(X) == sk.predict(X)).all()
    assert np.allclose(ours.predict_proba(X), sk.predict_proba(X), rtol=0, atol=1e-9)
    assert ours.tree_.root.threshold == sk.tree_.threshold[0]
    t = sk.tree_  # scikit-learn's entropy is in bits
    assert ours.tree_.root.gain == pytest.approx(t.impurity[0] - sum(
        t.weighted_n_node_samples[c] * t.impurity[c] for c in (t.children_left[0], t.children_right[0])
    ) / t.weighted_n_node_samples[0], abs=1e-12)


# ---- the estimator -----------------------------------------------------------------------------

@pytest.mark.parametrize("options", [dict(), dict(discrete=[True] * 6 + [False] * 7)])
def test_the_estimator_with_integer_weights_is_the_repeated_rows_X_2(options):
    """fit(X, y, sample_weight=w) with w in 0..3 gives the repeated rows' tree, predict_proba
    (weighted frequencies) and feature_importances_ (weighted gains); with discrete features too
    (wine's first six columns branch on their values)."""
    from sklearn.datasets import load_wine
    X, y = load_wine(return_X_y=True)
    w = np.random.default_rng(3).integers(0, 4, len(y))
    rows = np.repeat(np.arange(len(y)), w)
    weighted = DecisionTreeClassifier(max_depth=4, **options).fit(X, y, sample_weight=w)
    repeated = DecisionTreeClassifier(max_depth=4, **options).fit(X[rows], y[rows])
    assert weighted.tree_ == repeated.tree_
    assert np.array_equal(weighted.predict_proba(X), repeated.predict_proba(X))
    assert np.allclose(weighted.feature_importances_, repeated.feature_importances_, rtol=1e-15, atol=0)


def test_the_estimator_refuses_bad_weights_X_2():
    """The weights reader's words through the estimator (scikit-learn checks the length first)."""
    X, y = np.array([[0.0], [1.0], [2.0]]), np.array([0, 1, 1])
    with pytest.raises(ValueError, match=r"^sample_weight\[1\] is -1.0: a sample weight must be >= 0$"):
        DecisionTreeClassifier().fit(X, y, sample_weight=[1.0, -1.0, 1.0])
    with pytest.raises(ValueError, match="(?i)sample weight"):  # scikit-learn's own words
        DecisionTreeClassifier().fit(X, y, sample_weight=[0, 0, 0])
    with pytest.raises(ValueError, match="sample_weight"):
        DecisionTreeClassifier().fit(X, y, sample_weight=[1.0, 1.0])
