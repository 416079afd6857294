"""Decision trees, 001 §11.3 (DT-1, DT-2, DT-5 … DT-7): the notes' formulas and the facts they
state, against exact (Fraction) and 50-digit oracles and invariants, on the reference and, where a
test takes ``impl``, on both faces."""
import math

import mpmath
import numpy as np
import pytest
from hypothesis import assume, given, strategies as st

import cs229.fast.trees as FT
import cs229.reference.entropy as RE
import cs229.reference.trees as RT
from cs229.reference.results import ConvergenceError
from cs229.testing import strategies as S


def floats(table):
    return [[float(v) for v in row] for row in table]


# ---- DT-5: split entropy, information gain ------------------------------------------------------

@given(S.count_tables(max_count=30))
def test_split_score_is_m_ln2_times_11_19_DT_5(table):
    m = sum(map(sum, table))
    expected = m * math.log(2) * RE.split_entropy(floats(table))
    assert RT.split_score(table) == pytest.approx(expected, rel=1e-12, abs=1e-12)


@given(S.count_tables(min_groups=2, max_count=20), S.count_tables(min_groups=2, max_count=20))
def test_lower_score_is_larger_gain_at_a_node_DT_5_DT_6(a, b):
    """Two splits of the same node (same class totals): the score orders them as (11.20)."""
    K = min(len(a[0]), len(b[0]))
    a, b = [row[:K] for row in a], [row[:K] for row in b]
    totals = [sum(row[k] for row in a) for k in range(K)]
    assume(sum(totals) > 0)
    b = [totals, [0] * K]  # the split that separates nothing
    ga, gb = RE.information_gain(floats(a)), RE.information_gain(floats(b))
    sa, sb = RT.split_score(a), RT.split_score(b)
    assert gb == 0 and ga >= -1e-12
    if ga > 1e-9:
        assert sa < sb


# ---- DT-1: stumps, XOR, a hand-built tree with every kind of node --------------------------------

def test_xor_is_a_depth_two_tree_DT_1(impl):
    X, y = RT.xor_data()
    assert impl.out(impl.trees.predict(RT.xor_tree(), impl.arg(X))) == y
    for discrete in (False, True):
        tree = impl.trees.tree_fit(impl.arg(X), impl.arg(y), discrete=discrete)
        assert tree.depth == 2 and tree.n_leaves == 4 and tree.root.gain == 0
        assert tree.root.feature == 0  # both inputs tie at the root: the lowest index
        assert impl.out(impl.trees.predict(tree, impl.arg(X))) == y


def _restaurant():
    """001 §11.3.1: patrons none (0) / some (1) / full (2); if full, the wait: under 10 minutes
    eat, over 60 do not, in between eat only if hungry. Features (patrons, hungry, wait)."""
    L = RT.Leaf
    hungry = RT.Split(1, 0.5, L(0), L(1))
    wait = RT.Split(2, 10.0, L(1), RT.Split(2, 60.0, hungry, L(0)))
    return RT.Tree(RT.Branch(0, (0.0, 1.0, 2.0), (L(0), L(1), wait)), 3, (0, 1))


def test_a_tree_mixing_discrete_and_continuous_stumps_DT_1_DT_6(impl):
    tree = _restaurant()
    X = [[p, h, w] for p in (0.0, 1.0, 2.0) for h in (0.0, 1.0) for w in (0.0, 5.0, 30.0, 45.0, 90.0)]
    y = RT.predict(tree, X)
    assert y == [int(p == 1 or (p == 2 and (w < 10 or (w <= 60 and h == 1)))) for p, h, w in X]
    assert impl.out(impl.trees.predict(tree, impl.arg(X))) == y
    fitted = impl.trees.tree_fit(impl.arg(X), impl.arg(y), discrete=[True, True, False])
    assert impl.out(impl.trees.predict(fitted, impl.arg(X))) == y
    assert fitted == RT.tree_fit(X, y, discrete=[True, True, False])
    with pytest.raises(ValueError, match=r"X\[0\]\[0\] is 3.0, a value this branch has no child for"):
        impl.trees.predict(tree, impl.arg([[3.0, 0.0, 0.0]]))


def test_an_unseen_discrete_value_gets_the_majority_class_DT_6(impl):
    X, y = [[0.0], [0.0], [1.0], [2.0], [2.0], [2.0]], [0, 1, 1, 0, 0, 1]
    tree = impl.trees.tree_fit(impl.arg(X), impl.arg(y), discrete=True)
    assert isinstance(tree.root, RT.Branch) and tree.root.values == (0.0, 1.0, 2.0)
    assert tree.root.prediction == 0 and tree.root.counts == (3, 3)  # a tie: the lowest label
    assert impl.out(impl.trees.predict(tree, impl.arg([[1.5], [1.0]]))) == [0, 1]


# ---- DT-6, DT-7 (fast and reference growing the same trees: cs229.testing.properties.trees) ---

@given(S.tree_problems(max_rows=16))
def test_fraction_float_and_mpf_data_grow_the_same_tree_DT_6_DT_7(problem):
    X, y, options = problem
    assume(options.get("threshold") != "logistic")  # exp has no exact value
    exact = RT.tree_fit(X, y, **options)
    assert exact == RT.tree_fit(S.to_float(X), y, **options)
    with mpmath.workdps(30):
        assert exact == RT.tree_fit(S.to_mpf(X), y, **options)


@given(S.class_labelled_sets(max_rows=30, levels=64), st.sampled_from([1, 2, 4]), st.sampled_from([None, 3]))
def test_what_a_grown_tree_holds_DT_6(Xy, msl, max_depth):
    """Children's counts sum to their parent's; leaves hold >= min_samples_leaf examples; no
    leaf below max_depth; a split's stored gain is (11.20) of its children's counts; leaves
    predict their majority; pure nodes are leaves."""
    X, y = Xy
    tree = FT.tree_fit(np.array(S.to_float(X)), np.array(y), max_depth=max_depth, min_samples_leaf=msl)
    assert sum(tree.root.counts) == len(y) and tree.classes == tuple(sorted(set(y)))
    if max_depth is not None:
        assert tree.depth <= max_depth
    stack = [tree.root]
    while stack:
        node = stack.pop()
        assert node.prediction == tree.classes[node.counts.index(max(node.counts))]
        if isinstance(node, RT.Leaf):
            assert sum(node.counts) >= msl or node is tree.root   # a root too small to split stays a leaf
            continue
        assert max(node.counts) < sum(node.counts)
        kids = [node.left, node.right]
        assert [sum(c) for c in zip(*(k.counts for k in kids))] == list(node.counts)
        assert node.gain == RE.information_gain([[float(c) for c in k.counts] for k in kids]) >= -1e-12
        stack.extend(kids)


@given(S.class_labelled_sets(max_rows=30, levels=64, distinct=True))
def test_a_full_tree_fits_distinct_training_rows_DT_6(Xy):
    X, y = Xy
    tree = FT.tree_fit(np.array(S.to_float(X)), np.array(y))
    assert FT.predict(tree, np.array(S.to_float(X))).tolist() == y
    assert tree.n_leaves <= len(y)


def test_one_class_is_one_leaf_and_max_depth_zero_is_the_root_DT_6(impl):
    X = impl.arg([[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]])
    tree = impl.trees.tree_fit(X, impl.arg([7, 7, 7]))
    assert tree.root == RT.Leaf(7, (3,)) and tree.classes == (7,)
    tree = impl.trees.tree_fit(X, impl.arg([1, 0, 1]), max_depth=0)
    assert tree.root == RT.Leaf(1, (1, 2))
    tree = impl.trees.tree_fit(impl.arg([[1.0], [1.0], [1.0]]), impl.arg([0, 1, 1]))
    assert tree.root == RT.Leaf(1, (1, 2))  # no feature varies: nothing to split on


def test_ties_go_to_the_lowest_feature_then_the_lowest_threshold_DT_6(impl):
    X = impl.arg([[0.0, 5.0], [1.0, 5.0], [2.0, 9.0], [3.0, 9.0], [4.0, 5.0], [5.0, 5.0]])
    stump = impl.trees.tree_fit(X, impl.arg([0, 0, 1, 1, 0, 0]), max_depth=1).root
    assert (stump.feature, stump.threshold) == (1, 7.0)  # only feature 1 isolates the 1s
    X = impl.arg([[0.0, 10.0], [1.0, 11.0], [2.0, 12.0], [3.0, 13.0]])
    stump = impl.trees.tree_fit(X, impl.arg([0, 0, 1, 1]), max_depth=1).root
    assert (stump.feature, stump.threshold) == (0, 1.5)  # both separate: the lower index
    X = impl.arg([[0.0, 5.0], [1.0, 5.0], [2.0, 5.0], [3.0, 5.0]])
    stump = impl.trees.tree_fit(X, impl.arg([0, 1, 1, 0]), max_depth=1).root
    assert (stump.feature, stump.threshold) == (0, 0.5)  # 0.5 and 2.5 tie: the lower cut


@given(st.lists(st.integers(0, 40), min_size=2, max_size=40).flatmap(
    lambda x: st.tuples(st.just(x), st.lists(st.integers(0, 2), min_size=len(x), max_size=len(x)))),
    st.sampled_from([1, 2, 5]))
def test_best_threshold_is_the_best_midpoint_DT_7(xy, msl):
    x, y = [v / 4 for v in xy[0]], xy[1]
    ref = RT.best_threshold(x, y, msl)
    assert FT.best_threshold(np.array(x), np.array(y), msl) == ref
    values = sorted(set(x))
    gains = {}
    for a, b in zip(values, values[1:]):
        t = (a + b) / 2
        left = [c for v, c in zip(x, y) if v <= t]
        right = [c for v, c in zip(x, y) if v > t]
        if len(left) >= msl and len(right) >= msl:
            gains[t] = RE.information_gain(floats(RE.count_table([0] * len(left) + [1] * len(right), left + right)[2]))
    if not gains:
        assert ref is None
        return
    best = max(gains.values())
    assert ref[1] >= best - 1e-12 and gains[ref[0]] == pytest.approx(ref[1], abs=1e-12)
    near_best = [t for t, g in gains.items() if g >= best - 1e-12]
    # Gains tied in exact arithmetic can differ in their last bits, each way of summing its own
    # (x = 0, ¼, ¼, ½, ¼, ½, ½ with y = 0, 0, 0, 0, 1, 1, 1: both cuts give 6/7 bit, as
    # 8 − 3 log₂3 + 3 log₂3 − 2 = 6), so a recomputation cannot say which is first: the lowest
    # of exact ties is pinned by test_ties_go_to_the_lowest_feature_then_the_lowest_threshold.
    assert ref[0] in near_best


@pytest.mark.filterwarnings("ignore:overflow encountered in reduce:RuntimeWarning")  # the finiteness pre-check's sum
def test_threshold_between_adjacent_or_huge_values_DT_7(impl):
    """Where (a + b)/2 rounds to b or overflows, θ = a: still a <= θ < b, so x > θ separates."""
    for a, b in ((1.0, float(np.nextafter(1.0, 2.0))), (1.7e308, 1.79e308), (-1.79e308, -1.7e308)):
        theta, gain = impl.trees.best_threshold(impl.arg([a, b, a, b]), impl.arg([0, 1, 0, 1]))
        assert theta == a and gain == 1.0
        tree = impl.trees.tree_fit(impl.arg([[a], [b]]), impl.arg([0, 1]))
        assert impl.out(impl.trees.predict(tree, impl.arg([[a], [b]]))) == [0, 1]


def test_signed_zeros_sort_as_one_value_DT_7():
    """−0.0 == 0.0: both faces keep such examples in row order, so the logistic sums (taken by
    increasing x) add the same terms in the same order."""
    rng = np.random.default_rng(5)
    for _ in range(50):
        x = rng.choice([-0.0, 0.0, -1.0, 1.0, 2.0], size=20)
        y = rng.integers(0, 2, size=20)
        if len(set(y.tolist())) < 2:
            continue
        X = np.c_[x, rng.choice([-0.0, 0.0, 3.0], size=20)]
        assert FT.tree_fit(X, y, threshold="logistic") == RT.tree_fit(X.tolist(), y.tolist(), threshold="logistic")
        try:
            expected = RT.logistic_threshold(x.tolist(), y.tolist())
        except ValueError:
            continue
        assert FT.logistic_threshold(x, y) == expected


def test_logistic_threshold_on_separable_and_degenerate_data_DT_7(impl):
    lt = impl.trees.logistic_threshold
    assert lt(impl.arg([0.0, 1.0, 3.0, 4.0]), impl.arg([0, 0, 1, 1])) == 2.0  # the gap's midpoint
    assert lt(impl.arg([0.0, 1.0, 1.0, 4.0]), impl.arg([1, 0, 1, 0])) == 1.0  # overlap at one value only
    with pytest.raises(ValueError, match="x"):
        lt(impl.arg([2.0, 2.0, 2.0]), impl.arg([0, 1, 0]))
    with pytest.raises(ValueError, match="two classes"):
        lt(impl.arg([0.0, 1.0, 2.0]), impl.arg([0, 1, 2]))
    with pytest.raises(ConvergenceError, match="did not converge in 1 Newton steps"):
        lt(impl.arg([0.0, 1.0, 2.0, 3.0, 4.0]), impl.arg([0, 1, 0, 1, 1]), 1)


@pytest.mark.parametrize("k", [-1000, 1023])
def test_logistic_threshold_scales_with_x_by_a_power_of_two_DT_7(impl, k):
    """x is centred and scaled before the Newton steps, so x·2ᵏ gives the same z and θ·2ᵏ
    exactly, up to the edge of the float range (x₄·2¹⁰²³ ≈ 8.5e307; the sums of x stay below
    1.8e308), in logistic_threshold and in a tree's logistic split."""
    x, y = [-0.8, -0.5, 0.6, 0.95], [0, 1, 0, 1]
    theta = impl.trees.logistic_threshold(impl.arg(x), impl.arg(y))
    scaled = [math.ldexp(v, k) for v in x]
    assert impl.trees.logistic_threshold(impl.arg(scaled), impl.arg(y)) == math.ldexp(theta, k)
    tree = impl.trees.tree_fit(impl.arg([[v] for v in scaled]), impl.arg(y), threshold="logistic", max_depth=1)
    assert tree.root.threshold == math.ldexp(theta, k)


# ---- DT-2: expressiveness -----------------------------------------------------------------------

@given(st.integers(0, 5).flatmap(S.boolean_functions))
def test_any_boolean_function_is_a_tree_DT_2(table):
    n = len(table).bit_length() - 1
    tree = RT.boolean_function_tree(table)
    assert RT.truth_table(tree) == table and tree.n_leaves == 2 ** n and tree.depth == n
    rows = np.array([[(r >> (n - 1 - j)) & 1 for j in range(n)] for r in range(2 ** n)], dtype=float)
    if n:
        assert FT.predict(tree, rows).tolist() == table
        greedy = FT.tree_fit(rows, np.array(table))
        assert FT.predict(greedy, rows).tolist() == table
        if n <= 4:
            assert RT.minimal_leaves(table) <= greedy.n_leaves <= 2 ** n


def test_counts_of_functions_and_trees_DT_2():
    assert [RT.count_boolean_functions(n) for n in range(5)] == [2, 4, 16, 256, 65536]
    assert [RT.count_trees(n) for n in range(4)] == [2, 6, 74, 16430]
    parity = [bin(r).count("1") % 2 for r in range(16)]
    assert RT.minimal_leaves(parity) == 16 and RT.minimal_leaves([0] * 8 + [1] * 8) == 2
