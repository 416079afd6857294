"""Decision trees, 001 §11.3 (DT-1, DT-2, DT-5 … DT-7): the fast face against the reference on the
same input: the same iterates where the order of operations is the same, the same answer to rounding
otherwise, the same verdicts."""
import mpmath
import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import cs229.fast.trees as FT
import cs229.reference.trees as RT
from cs229.reference.results import ConvergenceError
from cs229.testing import strategies as S


# ---- DT-6, DT-7 (fast and reference growing the same trees: cs229.testing.properties.trees) ---

@given(S.overlapping_classes())
def test_logistic_threshold_fast_equals_reference_DT_7(xy):
    x, y = xy
    try:
        expected = RT.logistic_threshold(x, y)
    except (ValueError, ConvergenceError) as e:
        with pytest.raises(type(e)):
            FT.logistic_threshold(np.array(x), np.array(y))
        return
    assert FT.logistic_threshold(np.array(x), np.array(y)) == expected
    with mpmath.workdps(40):
        precise = RT.logistic_threshold(S.to_mpf(x), y, 100, mpmath.mpf(10) ** -30)
    assert abs(precise - expected) <= 1e-8 * (1 + abs(precise))


# ---- larger problems -------------------------------------------------------------------------------

def test_same_tree_on_a_larger_problem_DT_6_DT_7():
    rng = np.random.default_rng(3)
    X = np.round(rng.standard_normal((400, 5)) * 8) / 8
    y = (X[:, 0] + X[:, 1] ** 2 + 0.5 * rng.standard_normal(400) > 1).astype(int) + (X[:, 2] > 1)
    for options in (dict(), dict(min_samples_leaf=5, max_depth=6), dict(discrete=[False, True, False, True, False])):
        assert FT.tree_fit(X, y, **options) == RT.tree_fit(X.tolist(), y.tolist(), **options)
    yb = (y > 0).astype(int)
    assert FT.tree_fit(X, yb, threshold="logistic") == RT.tree_fit(X.tolist(), yb.tolist(), threshold="logistic")


def test_a_fast_tree_on_many_examples_DT_6():
    rng = np.random.default_rng(0)
    X = rng.standard_normal((20_000, 6))
    y = (X[:, 0] * X[:, 1] > 0).astype(int)
    tree = FT.tree_fit(X, y, min_samples_leaf=20)
    test = rng.standard_normal((5_000, 6))
    accuracy = (FT.predict(tree, test) == (test[:, 0] * test[:, 1] > 0)).mean()
    assert accuracy > 0.97
    deep = FT.tree_fit(X, y)
    assert (FT.predict(deep, X) == y).all()


# ---- sample weights ---------------------------------------------------------------------------

VARIANTS = {"search": {}, "mixed": {}, "discrete": dict(discrete=True), "logistic": dict(threshold="logistic")}


@given(S.class_labelled_sets(min_rows=1, max_rows=30, levels=8),
       st.lists(st.floats(0, 4), min_size=30, max_size=30), st.sampled_from([1, 2, 3]),
       st.sampled_from(["search", "discrete", "mixed", "logistic", "logistic mixed"]))
def test_weighted_tree_fast_equals_reference_X_2(Xy, weights, msl, variant):
    """X-2, real weights (0 among them), in every variant (discrete features, the logistic
    threshold, and either with continuous features): the same tree, thresholds, weighted counts
    and gains to the last bit, both faces summing the same floats in the same order."""
    X, y = S.to_float(Xy[0]), Xy[1]
    w = weights[:len(y)]
    assume(any(w))
    options = dict(VARIANTS[variant.split()[0]])
    if variant.endswith("mixed"):
        options["discrete"] = [j % 2 == 1 for j in range(len(X[0]))]
    if "threshold" in options:
        y = [v % 2 for v in y]
    fast = FT.tree_fit(np.array(X), np.array(y), min_samples_leaf=msl, sample_weight=np.array(w), **options)
    assert fast == RT.tree_fit(X, y, min_samples_leaf=msl, sample_weight=w, **options)


def test_weighted_scores_of_one_partition_by_two_features_are_the_same_floats_X_2():
    """Features 0 and 1 split the root into the same two groups, so their gains are equal; their
    scores S, summed from the weights by increasing x₀ and by increasing x₁ (the right child's
    counts as the node's total minus the left's), differ in the last bits, and both faces take
    the same feature: they score each candidate from the same floats."""
    X = [[0.0, 3.0], [4.0, 1.0], [3.0, 1.0], [1.0, 1.0], [0.0, 3.0]]
    y, w = [0, 0, 1, 0, 1], [0.3, 0.1, 0.001, 0.7, 1 / 3]
    reference = RT.tree_fit(X, y, sample_weight=w, max_depth=1)
    assert FT.tree_fit(np.array(X), np.array(y), sample_weight=np.array(w), max_depth=1) == reference
    assert reference.root.left.counts == (0.7999999999999999, 0.001)  # rows 1, 2, 3 on the left


def test_weighted_tree_on_a_larger_problem_X_2():
    rng = np.random.default_rng(6)
    X = np.round(rng.standard_normal((400, 5)) * 8) / 8
    y = (X[:, 0] + X[:, 1] ** 2 + 0.5 * rng.standard_normal(400) > 1).astype(int) + (X[:, 2] > 1)
    w = rng.exponential(1.0, 400) * (rng.random(400) < 0.9)
    yb = (y > 0).astype(int)
    for labels, options in ((y, dict()), (y, dict(min_samples_leaf=5, max_depth=6)),
                            (y, dict(discrete=[False, True, False, True, False])),
                            (y, dict(discrete=True, max_depth=3)), (yb, dict(threshold="logistic")),
                            (yb, dict(threshold="logistic", discrete=[False, True, False, True, False]))):
        fast = FT.tree_fit(X, labels, sample_weight=w, **options)
        assert fast == RT.tree_fit(X.tolist(), labels.tolist(), sample_weight=w.tolist(), **options)
        assert fast != FT.tree_fit(X, labels, **options)  # the weights are used
