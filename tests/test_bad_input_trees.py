"""Bad input for every entry point of cs229.fast.entropy and cs229.fast.trees (and their
reference twins): a ValueError/TypeError naming the argument, the caller's arrays untouched, and
every real dtype and memory layout accepted with the same answer as float64 C-contiguous input
(tests/bad_input.py). NaN features are an error (there is no missing-value policy), as are NaN
labels or counts (DT)."""
import numpy as np
import pytest

import cs229.fast.entropy as FE
import cs229.fast.trees as FT
import cs229.reference.entropy as RE
import cs229.reference.trees as RT

from bad_input import Table, install

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
    ("trees", "tree_fit"): dict(X=X, y=Y),
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
                            ("y", [True, False, True, False, True, False], TypeError, "y")],
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
    tree = TABLE.call(face, ("trees", "tree_fit"), X=X[:1], y=Y[:1])
    assert tree.root == RT.Leaf(0, (1,))
    assert TABLE.call(face, ("trees", "tree_fit"), max_depth=0).n_nodes == 1
    assert TABLE.call(face, ("trees", "best_threshold"), x=np.ones(6)) is None
    assert TABLE.call(face, ("trees", "best_threshold"), min_samples_leaf=4) is None
