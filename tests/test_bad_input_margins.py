"""Bad input for every entry point of cs229.fast.margins (and its reference twin): errors name
the argument, labels must be ±1 unless a mapping is asked for, the caller's arrays are
untouched, and every real dtype and layout gives the float64 answer."""
import inspect

import numpy as np
import pytest

import cs229.fast.margins as F
import cs229.reference.margins as R

X = np.array([[1.0, 2.0], [0.0, 3.0], [2.0, -1.0], [4.0, 1.0]])
Y = np.array([1.0, -1.0, 1.0, -1.0])
W = np.array([1.5, -2.25])

VALID = {
    "hypothesis": dict(x=X[1], w=W, b=0.5),
    "predict": dict(X=X, w=W, b=0.5),
    "functional_margin": dict(x=X[0], y=1, w=W, b=0.5),
    "functional_margins": dict(X=X, y=Y, w=W, b=0.5),
    "functional_margin_set": dict(X=X, y=Y, w=W, b=0.5),
    "geometric_margin": dict(x=X[0], y=-1, w=W, b=0.5),
    "geometric_margins": dict(X=X, y=Y, w=W, b=0.5),
    "geometric_margin_set": dict(X=X, y=Y, w=W, b=0.5),
    "normalize": dict(w=W, b=0.5),
    "boundary_point": dict(x=X[2], w=W, b=0.5),
    "signed_labels": dict(y=Y),
    "g": dict(z=0.25),
}
FACES = {"fast": F, "reference": R}


def test_every_fast_function_is_covered():
    assert set(F.__all__) == set(VALID)


def _arrays(name):
    return [k for k, v in VALID[name].items() if isinstance(v, np.ndarray) and k != "y"]


def _cases():
    for name in VALID:
        for arg in _arrays(name):
            yield name, arg


def _call(face, name, **override):
    kwargs = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in VALID[name].items()}
    kwargs.update(override)
    if face == "reference":
        kwargs = {k: (v.tolist() if isinstance(v, np.ndarray) else v) for k, v in kwargs.items()}
    return getattr(FACES[face], name)(**kwargs)


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("name,arg", list(_cases()))
@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_non_finite_is_refused(face, name, arg, bad):
    value = VALID[name][arg].copy()
    value.flat[-1] = bad
    with pytest.raises(ValueError, match=rf"{arg}\[.*finite"):
        _call(face, name, **{arg: value})


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("name", [n for n in VALID if "b" in VALID[n]])
@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_non_finite_b_is_refused(face, name, bad):
    with pytest.raises(ValueError, match=r"b.*finite"):
        _call(face, name, b=bad)


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("name,arg", list(_cases()))
def test_empty_is_refused(face, name, arg):
    value = VALID[name][arg]
    with pytest.raises(ValueError, match=rf"{arg}.*(empty|length 0|entries)"):
        _call(face, name, **{arg: np.empty((0,) + value.shape[1:])})


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("name,arg", list(_cases()))
def test_non_numeric_is_refused(face, name, arg):
    value = VALID[name][arg].astype(object)
    value.flat[0] = "a"
    with pytest.raises(TypeError, match=arg):
        _call(face, name, **{arg: value.tolist()})


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("name,arg", [(n, a) for n, a in _cases() if VALID[n][a].ndim == 2])
def test_ragged_is_refused(face, name, arg):
    rows = VALID[name][arg].tolist()
    rows[-1] = rows[-1][:-1]
    with pytest.raises(ValueError, match=arg):
        _call(face, name, **{arg: rows})


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("name", [n for n in VALID if "w" in VALID[n] and ("x" in VALID[n] or "X" in VALID[n])])
def test_shape_mismatch_is_refused(face, name):
    with pytest.raises(ValueError, match=r"w has 3"):
        _call(face, name, w=np.array([1.0, 2.0, 3.0]))


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("name", [n for n in VALID if isinstance(VALID[n].get("y"), np.ndarray) and "X" in VALID[n]])
def test_labels_and_lengths_are_checked(face, name):
    with pytest.raises(ValueError, match=r"y\[1\] is 0"):
        _call(face, name, y=np.array([1.0, 0.0, 1.0, -1.0]))
    with pytest.raises(ValueError, match=r"y\[2\] is 2"):
        _call(face, name, y=np.array([1.0, -1.0, 2.0, -1.0]))
    with pytest.raises(ValueError, match="4 rows but y has 3|y has 3 entries but X has 4"):
        _call(face, name, y=Y[:3])
    with pytest.raises((ValueError, TypeError), match="y"):
        _call(face, name, y=["a", "b", "a", "b"])


@pytest.mark.parametrize("face", FACES)
def test_single_labels_are_checked(face):
    with pytest.raises(ValueError, match="labels must be -1 or 1"):
        _call(face, "functional_margin", y=0)
    with pytest.raises(TypeError, match="y"):
        _call(face, "functional_margin", y=True)
    with pytest.raises(TypeError, match="z"):
        _call(face, "g", z="1")


@pytest.mark.parametrize("name", VALID)
def test_callers_arrays_are_untouched(name):
    kwargs = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in VALID[name].items()}
    before = {k: v.copy() for k, v in kwargs.items() if isinstance(v, np.ndarray)}
    getattr(F, name)(**kwargs)
    for k, v in before.items():
        assert np.array_equal(kwargs[k], v), f"{name} modified {k}"


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


@pytest.mark.parametrize("name,arg", list(_cases()) + [(n, "y") for n in VALID if isinstance(VALID[n].get("y"), np.ndarray)])
def test_every_dtype_and_layout_gives_the_same_answer(name, arg):
    for label, variant in _layouts(VALID[name][arg]):
        expected = _call("fast", name, **{arg: np.ascontiguousarray(np.asarray(variant, dtype=np.float64))})
        got = getattr(F, name)(**{**VALID[name], arg: variant})
        for a, b in zip(np.atleast_1d(np.asarray(got, dtype=object)), np.atleast_1d(np.asarray(expected, dtype=object))):
            assert np.allclose(np.asarray(a, dtype=float), np.asarray(b, dtype=float), rtol=1e-6), f"{name}({arg} as {label})"


def test_signatures_cover_the_reference():
    for name in VALID:
        assert inspect.signature(getattr(F, name)) == inspect.signature(getattr(R, name))
