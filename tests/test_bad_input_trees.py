"""Bad input for every entry point of cs229.fast.entropy and cs229.fast.trees (and their
reference twins): a ValueError/TypeError naming the argument, the caller's arrays untouched, and
every real dtype and memory layout accepted with the same answer as float64 C-contiguous input."""
import inspect

import numpy as np
import pytest

import cs229.fast.entropy as FE
import cs229.fast.trees as FT
import cs229.reference.entropy as RE
import cs229.reference.trees as RT

X = np.array([[0.0, 1.0], [1.0, 3.0], [2.0, 2.0], [3.0, 0.0], [4.0, 5.0], [5.0, 4.0]])
Y = np.array([0.0, 0.0, 1.0, 1.0, 0.0, 1.0])
TABLE = np.array([[3.0, 1.0], [0.0, 2.0], [1.0, 1.0]])
TREE = RT.fit_tree(X.tolist(), Y.tolist())

# (module, name) -> valid keyword arguments; every array argument gets the bad-input treatment
VALID = {
    ("entropy", "entropy"): dict(p=np.array([0.25, 0.25, 0.5])),
    ("entropy", "count_entropy"): dict(counts=np.array([3.0, 1.0, 0.0])),
    ("entropy", "bernoulli_entropy"): dict(p=3, n=1),
    ("entropy", "split_entropy"): dict(table=TABLE),
    ("entropy", "information_gain"): dict(table=TABLE),
    ("entropy", "count_table"): dict(x=X[:, 1], y=Y),
    ("trees", "predict"): dict(tree=TREE, X=X),
    ("trees", "split_score"): dict(table=TABLE),
    ("trees", "best_threshold"): dict(x=X[:, 0], y=Y),
    ("trees", "logistic_threshold"): dict(x=X[:, 1], y=Y),
    ("trees", "fit_tree"): dict(X=X, y=Y),
}
PARAMETERS = {  # (module, name) -> (argument, bad value, what the message says)
    ("entropy", "entropy"): [("unit", "bytes", "unit"), ("p", np.array([-0.5, 1.5]), r"p\[0\]"),
                             ("p", np.array([0.5, 0.25]), "p sums to")],
    ("entropy", "count_entropy"): [("counts", np.array([1.5, 2.0]), r"counts\[0\]"),
                                   ("counts", np.array([0.0, 0.0]), "counts has no examples"),
                                   ("counts", np.array([2.0, -1.0]), r"counts\[1\]")],
    ("entropy", "bernoulli_entropy"): [("p", -1, "p is"), ("n", 0.5, "n is")],
    ("entropy", "split_entropy"): [("table", np.array([[1.0, -1.0]]), r"table\[0\]\[1\]"),
                                   ("table", np.zeros((2, 2)), "no examples")],
    ("entropy", "information_gain"): [("table", np.array([[0.5, 1.0]]), r"table\[0\]\[0\]")],
    ("trees", "split_score"): [("table", np.array([[1.0, 2.5]]), r"table\[0\]\[1\]")],
    ("trees", "best_threshold"): [("min_samples_leaf", 0, "min_samples_leaf"), ("y", Y + 0.5, r"y\[0\]")],
    ("trees", "logistic_threshold"): [("max_iterations", 0, "max_iterations"), ("tol", -1.0, "tol"),
                                      ("y", np.arange(6.0), "two classes")],
    ("trees", "fit_tree"): [("max_depth", -1, "max_depth"), ("min_samples_leaf", 0, "min_samples_leaf"),
                            ("threshold", "median", "threshold"), ("discrete", [True], "discrete"),
                            ("y", np.array([0.0, 1.0, 2.5, 1.0, 0.0, 1.0]), r"y\[2\]")],
    ("trees", "predict"): [("X", X[:, :1], "X has 1 columns but the tree takes 2")],
}
FACES = {"fast": {"entropy": FE, "trees": FT}, "reference": {"entropy": RE, "trees": RT}}


def test_every_fast_function_is_covered():
    for module, names in (("entropy", FE.__all__), ("trees", FT.__all__)):
        functions = {n for n in names if not inspect.isclass(getattr(FE if module == "entropy" else FT, n))}
        assert functions == {name for m, name in VALID if m == module}


def _arrays(key):
    return [k for k, v in VALID[key].items() if isinstance(v, np.ndarray)]


def _cases():
    for key in VALID:
        for arg in _arrays(key):
            yield key, arg


def _call(face, key, **override):
    kwargs = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in VALID[key].items()}
    kwargs.update(override)
    if face == "reference":
        kwargs = {k: (v.tolist() if isinstance(v, np.ndarray) else v) for k, v in kwargs.items()}
    module, name = key
    return getattr(FACES[face][module], name)(**kwargs)


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("key,arg", list(_cases()))
@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_non_finite_is_refused_DT(face, key, arg, bad):
    """NaN features are an error (there is no missing-value policy), as are NaN labels or counts."""
    value = VALID[key][arg].copy()
    value.flat[-1] = bad
    with pytest.raises(ValueError, match=rf"{arg}\[.*(finite|integer)"):
        _call(face, key, **{arg: value})


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("key,arg", list(_cases()))
def test_empty_is_refused_DT(face, key, arg):
    value = VALID[key][arg]
    empty = np.empty((0,) + value.shape[1:])
    with pytest.raises(ValueError, match=rf"{arg}.*(empty|length 0)"):
        _call(face, key, **{arg: empty})


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("key,arg", list(_cases()))
def test_non_numeric_is_refused_DT(face, key, arg):
    value = VALID[key][arg].astype(object)
    value.flat[0] = "a"
    with pytest.raises(TypeError, match=arg):
        _call(face, key, **{arg: value.tolist()})


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("key,arg", [(k, a) for k, a in _cases() if VALID[k][a].ndim == 2])
def test_ragged_is_refused_DT(face, key, arg):
    rows = VALID[key][arg].tolist()
    rows[-1] = rows[-1][:-1]
    with pytest.raises(ValueError, match=arg):
        _call(face, key, **{arg: rows})


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("key,x_name", [(("trees", "fit_tree"), "X"), (("trees", "best_threshold"), "x"),
                                        (("trees", "logistic_threshold"), "x"), (("entropy", "count_table"), "x")])
def test_mismatched_lengths_are_refused_DT(face, key, x_name):
    with pytest.raises(ValueError, match=f"{x_name} has 6 rows but y has 5 entries"):
        _call(face, key, y=Y[:5])


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("key,arg,bad,says", [(k, a, b, s) for k, cases in PARAMETERS.items() for a, b, s in cases])
def test_parameters_out_of_range_are_refused_DT(face, key, arg, bad, says):
    with pytest.raises(ValueError, match=says):
        _call(face, key, **{arg: bad})


@pytest.mark.parametrize("face", FACES)
def test_parameters_of_the_wrong_type_are_refused_DT(face):
    with pytest.raises(TypeError, match="max_depth"):
        _call(face, ("trees", "fit_tree"), max_depth=2.5)
    with pytest.raises(TypeError, match="min_samples_leaf"):
        _call(face, ("trees", "fit_tree"), min_samples_leaf="one")
    with pytest.raises(TypeError, match="discrete"):
        _call(face, ("trees", "fit_tree"), discrete="yes")
    with pytest.raises(TypeError, match="discrete"):
        _call(face, ("trees", "fit_tree"), discrete=[1, 0])
    with pytest.raises(TypeError, match="tree must be a Tree"):
        _call(face, ("trees", "predict"), tree=TREE.root)
    with pytest.raises(TypeError, match="y"):
        _call(face, ("trees", "fit_tree"), y=[True, False, True, False, True, False])
    with pytest.raises(TypeError, match="p"):
        _call(face, ("entropy", "bernoulli_entropy"), p="3")
    with pytest.raises(ValueError, match=r"p \+ n is 0"):
        _call(face, ("entropy", "bernoulli_entropy"), p=0, n=0)
    with pytest.raises(ValueError, match="threshold='logistic' needs two classes"):
        _call(face, ("trees", "fit_tree"), y=np.arange(6.0), threshold="logistic")


@pytest.mark.parametrize("face", FACES)
def test_degenerate_but_valid_input_DT(face):
    """One class is a single leaf; a one-row X is a leaf; max_depth 0 is the root alone."""
    tree = _call(face, ("trees", "fit_tree"), y=np.zeros(6))
    assert isinstance(tree.root, RT.Leaf) and tree.root.counts == (6,)
    tree = _call(face, ("trees", "fit_tree"), X=X[:1], y=Y[:1])
    assert tree.root == RT.Leaf(0, (1,))
    assert _call(face, ("trees", "fit_tree"), max_depth=0).n_nodes == 1
    assert _call(face, ("trees", "best_threshold"), x=np.ones(6)) is None
    assert _call(face, ("trees", "best_threshold"), min_samples_leaf=4) is None


@pytest.mark.parametrize("key", VALID)
def test_callers_arrays_are_untouched_DT(key):
    kwargs = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in VALID[key].items()}
    before = {k: v.copy() for k, v in kwargs.items() if isinstance(v, np.ndarray)}
    getattr(FACES["fast"][key[0]], key[1])(**kwargs)
    for k, v in before.items():
        assert np.array_equal(kwargs[k], v), f"{key} modified {k}"


def _layouts(a):
    yield "float64", a
    yield "int64", np.rint(a).astype(np.int64)
    yield "float32", a.astype(np.float32)
    yield "fortran", np.asfortranarray(a)
    wide = np.zeros(a.shape[:-1] + (2 * a.shape[-1],))
    wide[..., ::2] = a
    yield "strided", wide[..., ::2]
    ro = a.copy()
    ro.setflags(write=False)
    yield "read-only", ro


def _same(a, b):
    if isinstance(a, RT.Tree):
        return a == b
    if isinstance(a, tuple):
        return all(_same(u, v) for u, v in zip(a, b))
    return np.array_equal(np.asarray(a, dtype=float), np.asarray(b, dtype=float))


@pytest.mark.parametrize("key,arg", list(_cases()))
def test_every_dtype_and_layout_gives_the_same_answer_DT(key, arg):
    base = VALID[key][arg]
    for label, variant in _layouts(base):
        if label == "int64" and key == ("entropy", "entropy"):
            continue  # probabilities do not survive rounding to integers
        expected = _call("fast", key, **{arg: np.ascontiguousarray(variant, dtype=np.float64)})
        got = getattr(FACES["fast"][key[0]], key[1])(**{**VALID[key], arg: variant})
        assert _same(got, expected), f"{key}({arg} as {label})"
