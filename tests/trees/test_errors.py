"""Decision trees, 001 §11.3 (DT-1, DT-2, DT-5 … DT-7): what both faces refuse and how: the exact
type and text of every error, and the bad-input treatment of every entry point (tests/bad_input.py)."""
import numpy as np
import pytest

import cs229.fast.entropy as FE
import cs229.fast.trees as FT
import cs229.reference.entropy as RE
import cs229.reference.trees as RT
import cs229.reference.trees as R
from cs229.reference.trees import Branch, Leaf, Split, Tree

from tests.bad_input import Table, install


# ==================================================================================================
# Bad input for every entry point of cs229.fast.entropy and cs229.fast.trees (and their
# reference twins): a ValueError/TypeError naming the argument, the caller's arrays untouched, and
# every real dtype and memory layout accepted with the same answer as float64 C-contiguous input
# (tests/bad_input.py). NaN features are an error (there is no missing-value policy), as are NaN
# labels or counts (DT).


X = np.array([[0.0, 1.0], [1.0, 3.0], [2.0, 2.0], [3.0, 0.0], [4.0, 5.0], [5.0, 4.0]])
Y = np.array([0.0, 0.0, 1.0, 1.0, 0.0, 1.0])
COUNTS = np.array([[3.0, 1.0], [0.0, 2.0], [1.0, 1.0]])
TREE = RT.tree_fit(X.tolist(), Y.tolist())

TABLE = Table({"entropy": FE, "trees": FT}, {"entropy": RE, "trees": RT}, valid={
    ("entropy", "entropy"): dict(p=np.array([0.25, 0.25, 0.5])),
    ("entropy", "count_entropy"): dict(counts=np.array([3.0, 1.0, 0.0])),
    ("entropy", "bernoulli_entropy"): dict(p=3, n=1),
    ("entropy", "split_entropy"): dict(table=COUNTS),
    ("entropy", "information_gain"): dict(table=COUNTS),
    ("entropy", "count_table"): dict(x=X[:, 1], y=Y),
    ("entropy", "class_codes"): dict(y=Y),
    ("trees", "predict"): dict(tree=TREE, X=X),
    ("trees", "split_score"): dict(table=COUNTS),
    ("trees", "best_threshold"): dict(x=X[:, 0], y=Y),
    ("trees", "logistic_threshold"): dict(x=X[:, 1], y=Y),
    ("trees", "tree_fit"): dict(X=X, y=Y, sample_weight=np.ones(6)),  # X-2: the weights' checks too
}, parameters={
    ("entropy", "entropy"): [("unit", "bytes", ValueError, "unit"),
                             ("p", np.array([-0.5, 1.5]), ValueError, r"p\[0\]"),
                             ("p", np.array([0.5, 0.25]), ValueError, "p sums to")],
    ("entropy", "count_entropy"): [("counts", np.array([1.5, 2.0]), ValueError, r"counts\[0\]"),
                                   ("counts", np.array([0.0, 0.0]), ValueError, "counts has no examples"),
                                   ("counts", np.array([2.0, -1.0]), ValueError, r"counts\[1\]")],
    ("entropy", "bernoulli_entropy"): [("p", -1, ValueError, "p is"), ("n", 0.5, ValueError, "n is"),
                                       ("p", "3", TypeError, "p")],
    ("entropy", "split_entropy"): [("table", np.array([[1.0, -1.0]]), ValueError, r"table\[0\]\[1\]"),
                                   ("table", np.zeros((2, 2)), ValueError, "no examples")],
    ("entropy", "information_gain"): [("table", np.array([[0.5, 1.0]]), ValueError, r"table\[0\]\[0\]")],
    ("entropy", "class_codes"): [("y", Y + 0.5, ValueError, r"y\[0\]"),
                                 ("y", [1, True], TypeError, r"y"),
                                 ("y", 3, TypeError, "y"),
                                 ("y", [[0, 1], [1, 0]], ValueError, "y must be 1-dimensional")],
    ("trees", "split_score"): [("table", np.array([[1.0, 2.5]]), ValueError, r"table\[0\]\[1\]")],
    ("trees", "best_threshold"): [("min_samples_leaf", 0, ValueError, "min_samples_leaf"),
                                  ("y", Y + 0.5, ValueError, r"y\[0\]")],
    ("trees", "logistic_threshold"): [("max_iterations", 0, ValueError, "max_iterations"),
                                      ("tol", -1.0, ValueError, "tol"),
                                      ("y", np.arange(6.0), ValueError, "two classes")],
    ("trees", "tree_fit"): [("max_depth", -1, ValueError, "max_depth"),
                            ("min_samples_leaf", 0, ValueError, "min_samples_leaf"),
                            ("threshold", "median", ValueError, "threshold"),
                            ("discrete", [True], ValueError, "discrete"),
                            ("y", np.array([0.0, 1.0, 2.5, 1.0, 0.0, 1.0]), ValueError, r"y\[2\]"),
                            ("max_depth", 2.5, TypeError, "max_depth"),
                            ("min_samples_leaf", "one", TypeError, "min_samples_leaf"),
                            ("discrete", "yes", TypeError, "discrete"),
                            ("discrete", [1, 0], TypeError, "discrete"),
                            ("y", [True, False, True, False, True, False], TypeError, "y"),
                            ("sample_weight", np.array([1.0, 2.0, -0.5, 0.0, 3.0, 1.5]), ValueError,
                             r"^sample_weight\[2\] is -0.5: a sample weight must be >= 0$"),
                            ("sample_weight", np.zeros(6), ValueError,
                             r"^sample_weight: every sample weight is 0, so there is nothing to fit$")],
    ("trees", "predict"): [("X", X[:, :1], ValueError, "X has 1 columns but the tree takes 2"),
                           ("tree", TREE.root, TypeError, "tree must be a Tree")],
}, lengths={key: "x has 6 rows but y has 5 entries" for key in
            [("trees", "best_threshold"), ("trees", "logistic_threshold"), ("entropy", "count_table")]},
    non_finite=r"{arg}\[.*(finite|integer)",
    keep_values={("entropy", "entropy")},  # probabilities do not survive rounding to integers
    others={("trees", name) for name in ("Branch", "ConvergenceError", "Leaf", "Split", "Tree")})
install(TABLE, globals(), suffix="_DT")
FACES = TABLE.faces


@pytest.mark.parametrize("face", FACES)
def test_arguments_that_only_fail_together_are_refused_DT(face):
    with pytest.raises(ValueError, match=r"p \+ n is 0"):
        TABLE.call(face, ("entropy", "bernoulli_entropy"), p=0, n=0)
    with pytest.raises(ValueError, match="threshold='logistic' needs two classes"):
        TABLE.call(face, ("trees", "tree_fit"), y=np.arange(6.0), threshold="logistic")


@pytest.mark.parametrize("face", FACES)
def test_degenerate_but_valid_input_DT(face):
    """One class is a single leaf; a one-row X is a leaf; max_depth 0 is the root alone."""
    tree = TABLE.call(face, ("trees", "tree_fit"), y=np.zeros(6))
    assert isinstance(tree.root, RT.Leaf) and tree.root.counts == (6,)
    tree = TABLE.call(face, ("trees", "tree_fit"), X=X[:1], y=Y[:1], sample_weight=None)
    assert tree.root == RT.Leaf(0, (1,))
    assert TABLE.call(face, ("trees", "tree_fit"), max_depth=0).n_nodes == 1
    assert TABLE.call(face, ("trees", "best_threshold"), x=np.ones(6)) is None
    assert TABLE.call(face, ("trees", "best_threshold"), min_samples_leaf=4) is None


# ==================================================================================================
# The exact type and full text of the errors of cs229.reference.trees (and of its fast twin where
# the function exists there): the fields of a hand-built tree, truth tables, split scores and the
# options of a fit.


# one feature, one row: every tree below is refused before the row is read
ROW = [[0.0]]
# three distinct values of one feature with two classes: a valid fit for every option left alone
X3 = [[0.0], [1.0], [2.0]]
Y3 = [0, 1, 1]


def _refusal(kind, call):
    with pytest.raises(kind) as e:
        call()
    # the exact class, not a subclass standing in for it
    assert type(e.value) is kind
    return str(e.value)


# ---- DT-1: nodes freeze their sequence fields --------------------------------------------------

@pytest.mark.parametrize("make, message", [
    (lambda m: m.Leaf(0, counts=5), "Leaf.counts must be a sequence, got int"),
    (lambda m: m.Leaf(0, counts="01"), "Leaf.counts must be a sequence, got str"),
    (lambda m: m.Split(0, 0.5, m.Leaf(0), m.Leaf(1), counts=None),
     "Split.counts must be a sequence, got NoneType"),
    (lambda m: m.Branch(0, 1, (m.Leaf(0),)), "Branch.values must be a sequence, got int"),
    (lambda m: m.Branch(0, (1,), b"x"), "Branch.children must be a sequence, got bytes"),
    (lambda m: m.Tree(m.Leaf(0), 1, classes=2), "Tree.classes must be a sequence, got int"),
], ids=["leaf-int", "leaf-str", "split-none", "branch-values", "branch-children", "tree-classes"])
def test_a_node_field_that_is_not_a_sequence_is_named_DT_1(impl, make, message):
    assert _refusal(TypeError, lambda: make(impl.trees)) == message


# ---- DT-1: predict checks the tree before the walk ---------------------------------------------

def _cycle():
    # frozen nodes are made children first, so only a write past the frozen guard can close a loop
    node = Split(0, 0.5, Leaf(0), Leaf(1))
    object.__setattr__(node, "right", node)
    return Tree(node, 1)


@pytest.mark.parametrize("tree, kind, message", [
    ("x", TypeError, "tree must be a Tree, got str"),
    (Tree(5, 1), TypeError, "tree.root must be a Leaf, Split or Branch, got int"),
    (Tree(Split(0, 0.5, Leaf(0), None), 1), TypeError,
     "tree.root.right must be a Leaf, Split or Branch, got NoneType"),
    (Tree(Leaf("a"), 1), TypeError, "tree.root.prediction is 'a': expected an integer class label"),
    (Tree(Leaf(True), 1), TypeError, "tree.root.prediction is True: expected an integer class label"),
    (Tree(Split(0, 0.5, Leaf(0), Leaf(1), prediction=0.5), 1), TypeError,
     "tree.root.prediction is 0.5: expected an integer class label"),
    (Tree(Split(1.5, 0.5, Leaf(0), Leaf(1)), 1), TypeError,
     "tree.root.feature is 1.5: expected a feature index (an integer)"),
    (Tree(Branch(False, (0,), (Leaf(0),)), 1), TypeError,
     "tree.root.feature is False: expected a feature index (an integer)"),
    (Tree(Leaf(0, (1, 2, 3)), 1, (0, 1)), ValueError,
     "tree.root.counts has 3 entries but the tree has 2 classes"),
    (Tree(Split(0, 0.5, Leaf(0, (1,)), Leaf(1)), 1, (0, 1)), ValueError,
     "tree.root.left.counts has 1 entries but the tree has 2 classes"),
    (Tree(Branch(0, (1, 1), (Leaf(0), Leaf(1))), 1), ValueError,
     "tree.root.values[1] is 1, a value that has a child already"),
    (Tree(Branch(0, (0, 2.5, 1, 2.5), (Leaf(0),) * 4), 1), ValueError,
     "tree.root.values[3] is 2.5, a value that has a child already"),
    (Tree(Leaf(0), 1, (1, 0)), ValueError,
     "tree.classes must be distinct and ascending: tree.classes[0] = 1 >= tree.classes[1] = 0"),
    (Tree(Leaf(0), 1, (0, 2, 2)), ValueError,
     "tree.classes must be distinct and ascending: tree.classes[1] = 2 >= tree.classes[2] = 2"),
    (Tree(Leaf(0), 1, (0, "a")), TypeError,
     "tree.classes[1] is 'a': expected an integer class label"),
    (_cycle(), ValueError, "tree.root.right is one of its own ancestors: a tree has no cycles"),
], ids=["not-tree", "root-int", "child-none", "label-str", "label-bool", "split-label",
        "feature-float", "feature-bool", "counts-root", "counts-left", "values-dup", "values-dup-late",
        "classes-down", "classes-equal", "classes-str", "cycle"])
def test_predict_names_the_field_of_a_malformed_tree_DT_1(impl, tree, kind, message):
    assert _refusal(kind, lambda: impl.trees.predict(tree, impl.arg(ROW))) == message


def test_check_tree_names_the_tree_as_the_caller_does_DT_1():
    assert _refusal(TypeError, lambda: R.check_tree(None, name="model")) == "model must be a Tree, got NoneType"
    assert _refusal(ValueError, lambda: R.check_tree(Tree(Leaf(0), 1, (3, 3)), name="model")) == (
        "model.classes must be distinct and ascending: model.classes[0] = 3 >= model.classes[1] = 3")


# ---- DT-2: truth tables (reference only) -------------------------------------------------------

@pytest.mark.parametrize("function", [R.boolean_function_tree, R.minimal_leaves],
                         ids=["boolean_function_tree", "minimal_leaves"])
@pytest.mark.parametrize("outputs, kind, message", [
    (5, TypeError, "outputs must be a sequence of 0/1 outputs"),
    ("0110", TypeError, "outputs must be a sequence of 0/1 outputs"),
    (iter([0, 1]), TypeError, "outputs must be a sequence of 0/1 outputs"),
    ([], ValueError, "outputs must have 2ⁿ entries (one per row of the truth table), got 0"),
    ([0, 1, 0], ValueError, "outputs must have 2ⁿ entries (one per row of the truth table), got 3"),
    ([0] * 6, ValueError, "outputs must have 2ⁿ entries (one per row of the truth table), got 6"),
    ([0, 2], ValueError, "outputs must hold 0/1 outputs"),
    ([0, 1, 1, -1], ValueError, "outputs must hold 0/1 outputs"),
    ([0.5, 1], ValueError, "outputs[0] is 0.5: expected an integer"),
], ids=["int", "str", "iterator", "empty", "three", "six", "two", "minus-one", "fraction"])
def test_a_truth_table_that_is_not_one_is_refused_DT_2(function, outputs, kind, message):
    assert _refusal(kind, lambda: function(outputs)) == message


# ---- DT-5: the split score ---------------------------------------------------------------------

def test_split_score_refuses_counts_whose_c_ln_c_overflows_DT_5(impl):
    # 1e308 · ln 1e308 ≈ 7.1e310, past the largest float64; one column keeps every product finite
    # until that one
    assert _refusal(ValueError, lambda: impl.trees.split_score(impl.arg([[1e308]]))) == (
        "table holds counts too large for float64: c ln c overflows, so S has no float64 value")


# ---- DT-6: the options of a fit ----------------------------------------------------------------

@pytest.mark.parametrize("options, kind, message", [
    (dict(max_depth=1.5), TypeError, "max_depth must be an integer or None, got 1.5"),
    (dict(max_depth=True), TypeError, "max_depth must be an integer or None, got True"),
    (dict(max_depth="2"), TypeError, "max_depth must be an integer or None, got '2'"),
    (dict(max_depth=-1), ValueError, "max_depth must be >= 0 or None, got -1"),
    (dict(discrete="yes"), TypeError, "discrete must be a bool or a sequence of 1 bools, got 'yes'"),
    (dict(discrete=None), TypeError, "discrete must be a bool or a sequence of 1 bools, got None"),
    (dict(discrete=[True, False]), ValueError, "discrete has 2 entries but X has 1 columns"),
    (dict(discrete=[1]), TypeError, "discrete must hold bools (True for a discrete feature)"),
    (dict(threshold="median"), ValueError,
     "threshold must be one of ('search', 'logistic'), got 'median'"),
    (dict(threshold=None), TypeError, "threshold must be one of ('search', 'logistic'), got None"),
], ids=["depth-float", "depth-bool", "depth-str", "depth-negative", "discrete-str", "discrete-none",
        "discrete-length", "discrete-int", "threshold-name", "threshold-none"])
def test_tree_fit_names_the_bad_option_DT_6(impl, options, kind, message):
    assert _refusal(kind, lambda: impl.trees.tree_fit(impl.arg(X3), impl.arg(Y3), **options)) == message


def test_tree_fit_sizes_the_discrete_mask_by_the_columns_of_X_DT_6(impl):
    X = [[0.0, 1.0, 2.0], [1.0, 0.0, 2.0]]
    assert _refusal(TypeError, lambda: impl.trees.tree_fit(impl.arg(X), impl.arg([0, 1]), discrete=0)) == (
        "discrete must be a bool or a sequence of 3 bools, got 0")


def test_tree_fit_logistic_rule_needs_two_classes_DT_6(impl):
    assert _refusal(ValueError, lambda: impl.trees.tree_fit(impl.arg(X3), impl.arg([0, 1, 2]),
                                                            threshold="logistic")) == (
        "threshold='logistic' needs two classes, y has 3")


# ---- DT-7: the logistic-regression threshold ---------------------------------------------------

@pytest.mark.parametrize("x, y, n", [([0.0, 1.0], [1, 1], 1), ([0.0, 1.0, 2.0], [0, 1, 2], 3)],
                         ids=["one", "three"])
def test_logistic_threshold_needs_two_classes_DT_7(impl, x, y, n):
    assert _refusal(ValueError, lambda: impl.trees.logistic_threshold(impl.arg(x), impl.arg(y))) == (
        f"y must hold two classes for a logistic threshold, got {n}")


@pytest.mark.parametrize("x, y", [([2.0, 2.0], [0, 1]), ([0.0, 1.0, 2.0, 3.0], [0, 1, 1, 0])], ids=["constant", "flat"])
def test_logistic_threshold_without_a_slope_DT_7(impl, x, y):
    """A constant x, and an x whose fitted slope b is exactly 0 (the classes placed symmetrically),
    have no threshold −a/b."""
    assert _refusal(ValueError, lambda: impl.trees.logistic_threshold(impl.arg(x), impl.arg(y))) == (
        "x has no threshold: x is constant, or the fitted slope b is 0")


@pytest.mark.parametrize("name", ["count_boolean_functions", "count_trees"])
@pytest.mark.parametrize("n, kind, message", [(-1, ValueError, "n must be >= 0, got -1"),
                                              (1.5, TypeError, "n must be an integer, got 1.5"),
                                              (True, TypeError, "n must be an integer, got True")],
                         ids=["negative", "float", "bool"])
def test_the_counts_name_n_DT_2(name, n, kind, message):
    with pytest.raises(kind) as e:
        getattr(R, name)(n)
    assert str(e.value) == message


def test_the_counts_by_hand_DT_2():
    """2^(2ⁿ) boolean functions; T(0) = 2, T(n) = 2 + n·T(n − 1)² trees: 6 and 74."""
    assert [R.count_boolean_functions(n) for n in range(3)] == [2, 4, 16]
    assert [R.count_trees(n) for n in range(3)] == [2, 6, 74]


def test_best_threshold_leaves_may_hold_one_example_by_default_DT_7(impl):
    """x = 0, 1, 2, 3 with the first example alone in its class: the best split isolates it
    (θ = 0.5, gain 0.811 bits) unless a leaf must hold two (θ = 1.5)."""
    x, y = impl.arg([0.0, 1.0, 2.0, 3.0]), impl.arg([1, 0, 0, 0])
    assert impl.trees.best_threshold(x, y)[0] == impl.trees.best_threshold(x, y, min_samples_leaf=1)[0] == 0.5
    assert impl.trees.best_threshold(x, y, min_samples_leaf=2)[0] == 1.5


# ---- sample weights ---------------------------------------------------------------------------

WEIGHT_ERRORS = [
    (dict(sample_weight=[1.0, 2.0, -0.5, 0.0, 3.0, 1.5]), ValueError,
     "sample_weight[2] is -0.5: a sample weight must be >= 0"),
    (dict(sample_weight=[1.0, 2.0, float("nan"), 0.0, 3.0, 1.5]), ValueError,
     "sample_weight[2] is nan: expected a finite number"),
    (dict(sample_weight=[1.0, 2.0, 3.0]), ValueError, "sample_weight has 3 entries but X has 6 rows"),
    (dict(sample_weight=[0.0] * 6), ValueError,
     "sample_weight: every sample weight is 0, so there is nothing to fit"),
    (dict(sample_weight="weights"), TypeError,
     "sample_weight must be a vector (a sequence of numbers), got str"),
]


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("options, kind, message", WEIGHT_ERRORS)
def test_bad_sample_weights_are_refused_whole_X_2(face, options, kind, message):
    """X-2: the weights reader's errors (negative, NaN, wrong length, all 0, not a vector), word for
    word in both faces (the fast face given numpy arrays)."""
    weight = options["sample_weight"]
    if face == "fast" and not isinstance(weight, str):
        options = dict(options, sample_weight=np.array(weight))
    with pytest.raises(kind) as e:
        TABLE.call(face, ("trees", "tree_fit"), **options)
    assert str(e.value) == message


def test_the_callers_weights_are_untouched_and_read_only_ones_work_X_2():
    """X-2: the fast face neither writes into the weights nor needs them writable."""
    weight = np.array([1.0, 2.0, 0.5, 0.0, 3.0, 1.5])
    weight.setflags(write=False)
    tree = FT.tree_fit(X, Y, sample_weight=weight)
    assert weight.tolist() == [1.0, 2.0, 0.5, 0.0, 3.0, 1.5]
    assert tree == RT.tree_fit(X.tolist(), Y.tolist(), sample_weight=weight.tolist())
