"""Hypothesis strategies for exotic inputs and hand-built models.

Each strategy draws (label, value): the label names the input class in a failure report.
Classes of an array argument:

- ``layout``: the same values in another dtype, layout or container (ints, uint64, float16/32,
  Fortran, strided, read-only, list, tuple, object array, pandas);
- ``values``: one entry at an edge of float64 (±1e308, subnormals, NaN, ±inf, 2⁶³, −0.0, …) or
  the whole array scaled by 1e±150, 1e±300, −1 or 0;
- ``kinds``: an entry that is not a real number (None, a string, a Decimal, a bool, a complex) in
  an object array or list; a bool, complex or string array;
- ``shapes``: 0-d, a scalar, None, one dimension more, empty, a row or column fewer, transposed,
  rows repeated, ragged, scipy.sparse.

Parameters get ``parameters`` (numbers at and past the limits, wrong kinds); models and kernel
objects get ``models`` (a field replaced through dataclasses.replace by any of the above, None,
a short or empty tuple; trees also with out-of-range features, NaN thresholds, huge leaves and
cycles).

A valid iteration count as large as 2³¹ − 1 is not drawn: it runs that long by request.
"""
import dataclasses
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pandas as pd
import scipy.sparse
from hypothesis import strategies as st

import cs229.reference.trees as RT

CLASSES = ("layout", "values", "kinds", "shapes", "parameters", "models")

FLOAT_EDGES = [np.nan, np.inf, -np.inf, 1e308, -1e308, 5e-324, -5e-324, 2.2250738585072014e-308, 0.0, -0.0,
               1e-300, 1e300, 0.5, -1.0, 2.0 ** 63, 2.0 ** 64, 1e16 + 1]
SCALES = [1e150, 1e-150, 1e300, 1e-300, -1.0, 0.0]
ODD_ENTRIES = [None, "a", "1", Decimal("1.5"), True, 1 + 1j, Fraction(1, 3)]
PARAMETERS = [0, -1, 1, 2, 3, 2 ** 31, 2 ** 63, 2 ** 64, -2 ** 63, 0.0, -0.0, 0.5, 2.5, -1.5, 1e300, -1e300,
              5e-324, np.nan, np.inf, -np.inf, None, "1", "", True, False, np.int64(3), np.uint64(2 ** 64 - 1),
              np.float32(0.5), np.bool_(True), Fraction(1, 3), Decimal("1"), [1.0], (), 1 + 0j]


def _integral(a):
    return a.dtype.kind in "iub" or (a.dtype.kind == "f" and np.isfinite(a).all() and (a == np.round(a)).all())


def _pandas(a):
    if a.ndim == 2:
        return pd.DataFrame(a, columns=[f"x{j}" for j in range(a.shape[1])])
    return pd.Series(a, index=np.arange(10, 10 + a.shape[0]))


def layout(a):
    """The same values as another dtype, layout or container."""
    options = [("list", lambda: a.tolist()), ("object array", lambda: a.astype(object)),
               ("float32", lambda: a.astype(np.float32)), ("float16", lambda: a.astype(np.float16)),
               ("fortran", lambda: np.asfortranarray(a)), ("read-only", lambda: _read_only(a)),
               ("strided", lambda: _strided(a))]
    if a.ndim == 2:
        options.append(("tuple of tuples", lambda: tuple(tuple(row) for row in a.tolist())))
    if a.ndim in (1, 2):
        options.append(("pandas", lambda: _pandas(a)))
    if _integral(a):
        ints = np.rint(a).astype(np.int64)
        options += [("int64", lambda: ints), ("int32", lambda: ints.astype(np.int32)),
                    ("Python ints in an object array", lambda: np.array(ints.tolist(), dtype=object))]
        if (ints >= 0).all():
            options += [("uint64", lambda: ints.astype(np.uint64)), ("uint8", lambda: ints.astype(np.uint8))]
    return st.sampled_from(options).map(lambda o: (o[0], o[1]()))


def _read_only(a):
    b = a.copy()
    b.setflags(write=False)
    return b


def _strided(a):
    wide = np.zeros(a.shape[:-1] + (2 * a.shape[-1],), dtype=a.dtype) if a.ndim else a.copy()
    if a.ndim == 0:
        return wide
    wide[..., ::2] = a
    return wide[..., ::2]


def values(a):
    """One entry at an edge of float64, or the whole array scaled."""
    def at(edge, index):
        b = a.astype(np.float64)
        if b.size:
            b.flat[index % b.size] = edge
        return (f"entry {index % max(b.size, 1)} = {edge!r}", b)

    def scaled(scale):
        with np.errstate(over="ignore", under="ignore", invalid="ignore"):
            return (f"scaled by {scale!r}", a.astype(np.float64) * scale)
    return st.one_of(st.builds(at, st.sampled_from(FLOAT_EDGES), st.integers(0, 63)),
                     st.sampled_from(SCALES).map(scaled))


def kinds(a):
    """Entries that are not real numbers, or arrays of a dtype that holds none."""
    def odd(entry, index, container):
        b = a.astype(object)
        if b.size:
            b.flat[index % b.size] = entry
        return (f"{container} with {entry!r}", b.tolist() if container == "list" else b)
    return st.one_of(
        st.builds(odd, st.sampled_from(ODD_ENTRIES), st.integers(0, 63), st.sampled_from(["list", "object array"])),
        st.sampled_from([("bool array", lambda: a != 0), ("complex array", lambda: a.astype(np.complex128)),
                         ("string array", lambda: a.astype(str))]).map(lambda o: (o[0], o[1]())))


def shapes(a):
    """The right kind of object in the wrong shape, or not an array at all."""
    options = [("0-d array", lambda: np.array(a.flat[0] if a.size else 0.0)),
               ("scalar", lambda: float(a.flat[0]) if a.size else 0.0), ("None", lambda: None),
               ("one dimension more", lambda: a[..., None]),
               ("empty", lambda: np.empty((0,) + a.shape[1:], dtype=a.dtype)),
               ("rows repeated", lambda: np.concatenate([a, a]) if a.ndim else a)]
    if a.ndim >= 1 and a.shape[0] > 1:
        options.append(("a row fewer", lambda: a[:-1]))
    if a.ndim == 2:
        options += [("a column fewer", lambda: a[:, :-1]), ("transposed", lambda: a.T),
                    ("ragged", lambda: a.tolist()[:-1] + [a.tolist()[-1][:-1]]),
                    ("scipy.sparse", lambda: scipy.sparse.csr_matrix(a)),
                    ("empty rows", lambda: np.empty((a.shape[0], 0), dtype=a.dtype))]
    if a.ndim == 1:
        options.append(("a row", lambda: a[None, :]))
    return st.sampled_from(options).map(lambda o: (o[0], o[1]()))


ARRAY_CLASSES = {"layout": layout, "values": values, "kinds": kinds, "shapes": shapes}


def parameter():
    """An exotic scalar parameter."""
    return st.sampled_from(PARAMETERS).map(lambda v: (f"= {v!r}", v))


# ---- hand-built models -------------------------------------------------------------------------

def is_model(value):
    return dataclasses.is_dataclass(value) and not isinstance(value, type)


def field_value(value):
    """A replacement for one field of a model: an exotic version of its value, or nothing."""
    nothing = st.sampled_from([("None", None), ("()", ()), ("[]", [])])
    if isinstance(value, np.ndarray) or (isinstance(value, (list, tuple)) and value
                                         and not any(is_model(v) for v in value)):
        try:
            a = np.asarray(value, dtype=np.float64)
        except (TypeError, ValueError):
            return nothing
        short = ("a 1-tuple", tuple(a.ravel()[:1].tolist()))
        return st.one_of(nothing, st.just(short), *[f(a) for f in ARRAY_CLASSES.values()])
    if is_model(value):
        return model(value)
    return st.one_of(nothing, parameter())


@st.composite
def model(draw, value):
    """``value`` (a model, kernel object, Documents or tree) with one field, possibly deep inside,
    replaced."""
    if isinstance(value, RT.Tree) and draw(st.booleans()):
        return draw(tree_edit(value))
    names = [f.name for f in dataclasses.fields(value)]
    if not names:
        return ("a model with no fields", value)
    name = draw(st.sampled_from(names))
    label, new = draw(field_value(getattr(value, name)))
    try:
        return (f".{name} {label}", dataclasses.replace(value, **{name: new}))
    except (TypeError, ValueError):  # the class refuses it when built: the valid object is fuzzed
        return (f".{name} {label} (refused when built)", value)


def _nodes(node, path=()):
    yield path, node
    if isinstance(node, RT.Split):
        yield from _nodes(node.left, path + ("left",))
        yield from _nodes(node.right, path + ("right",))
    elif isinstance(node, RT.Branch):
        for i, child in enumerate(node.children):
            yield from _nodes(child, path + (i,))


def _replace_at(node, path, new):
    if not path:
        return new
    step = path[0]
    if isinstance(step, int):
        children = list(node.children)
        children[step] = _replace_at(children[step], path[1:], new)
        return dataclasses.replace(node, children=tuple(children))
    return dataclasses.replace(node, **{step: _replace_at(getattr(node, step), path[1:], new)})


@st.composite
def tree_edit(draw, tree):
    """A tree with one node edited: a feature out of range, a NaN or infinite threshold, a huge or
    negative leaf, a child that is not a node, or a cycle back to the root."""
    nodes = list(_nodes(tree.root))
    path, node = draw(st.sampled_from(nodes))
    edits = [("leaf 2**70", RT.Leaf(2 ** 70)), ("leaf -1", RT.Leaf(-1)), ("None", None), ("a number", 3.0)]
    if isinstance(node, RT.Split):
        edits += [(f"feature {f!r}", dataclasses.replace(node, feature=f)) for f in (-1, 2 ** 63, tree.n_features, 1.5)]
        edits += [(f"threshold {t!r}", dataclasses.replace(node, threshold=t)) for t in (np.nan, np.inf, 1e308, None, "a")]
    if isinstance(node, RT.Branch):
        edits += [("values (nan,)", dataclasses.replace(node, values=(np.nan,) * len(node.values))),
                  ("no children", dataclasses.replace(node, children=()))]
    if draw(st.booleans()) and isinstance(tree.root, (RT.Split, RT.Branch)):
        return ("a cycle back to the root", _cycle(tree))
    label, new = draw(st.sampled_from(edits))
    return (f"node {list(path)} {label}", dataclasses.replace(tree, root=_replace_at(tree.root, path, new)))


def _cycle(tree):
    root = dataclasses.replace(tree.root)
    if isinstance(root, RT.Split):
        object.__setattr__(root, "right", root)
    else:
        object.__setattr__(root, "children", (root,) + tuple(root.children[1:]))
    return dataclasses.replace(tree, root=root)


def mutation(value, kind):
    """A strategy for (label, exotic value) of class ``kind`` for an argument whose valid value is
    ``value``; None when the class does not apply to it."""
    if isinstance(value, np.ndarray):
        return ARRAY_CLASSES[kind](value) if kind in ARRAY_CLASSES else None
    if kind == "models":
        return model(value) if is_model(value) else None
    if kind == "parameters" and not is_model(value):
        if isinstance(value, list):  # a list argument (words, per-feature sizes): exotic lists too
            return st.one_of(parameter(), st.sampled_from(
                [("[]", []), ("[None]", [None]), ("[1, 2]", [1, 2]), ("['a', None]", ["a", None])]))
        return parameter()
    return None
