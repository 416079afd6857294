"""Bad input for every entry point of cs229.fast.linear_regression (and its reference twin):
a ValueError/TypeError naming the argument, the caller's arrays untouched, and every real dtype
and memory layout accepted with the same answer as float64 C-contiguous input."""
import inspect

import numpy as np
import pytest

import cs229.fast.linear_regression as F
import cs229.reference.linear_regression as R
from cs229.reference.linalg import SingularMatrixError

X = np.array([[1.0, 2.0], [1.0, 3.0], [1.0, 5.0], [1.0, 7.0]])
Y = np.array([1.0, 2.0, 3.0, 5.0])
THETA = np.array([0.5, 0.25])

# name -> valid keyword arguments; every array argument below gets the bad-input treatment
VALID = {
    "add_intercept": dict(X=X),
    "hypothesis": dict(x=X[1], theta=THETA),
    "predict": dict(X=X, theta=THETA),
    "cost": dict(X=X, y=Y, theta=THETA),
    "cost_matrix_form": dict(X=X, y=Y, theta=THETA),
    "gradient": dict(X=X, y=Y, theta=THETA),
    "lms_update": dict(x=X[1], y=2.0, theta=THETA, alpha=0.1),
    "batch_gradient_descent": dict(X=X, y=Y, theta=THETA, alpha=0.01, max_iterations=5, tol=None),
    "stochastic_gradient_descent": dict(X=X, y=Y, theta=THETA, alpha=0.01, epochs=2),
    "normal_equations": dict(X=X, y=Y),
    "lwr_weights": dict(X=X, x=X[1], tau=1.0),
    "lwr_weights_sigma": dict(X=X, x=X[1], Sigma_inv=np.eye(2)),
    "weighted_normal_equations": dict(X=X, y=Y, w=np.array([1.0, 0.5, 0.25, 0.125])),
    "lwr_predict": dict(X=X, y=Y, queries=X[:2], tau=2.0),
    "polynomial_features": dict(x=Y, degree=3),
}
PARAMETERS = {  # name -> (argument, bad value)
    "lms_update": [("alpha", 0.0), ("alpha", -1.0)],
    "batch_gradient_descent": [("alpha", 0.0), ("max_iterations", 0), ("tol", -1.0)],
    "stochastic_gradient_descent": [("alpha", -0.5), ("epochs", 0), ("decay", -1.0)],
    "lwr_weights": [("tau", 0.0), ("tau", -2.0)],
    "lwr_predict": [("tau", 0.0)],
    "polynomial_features": [("degree", 0)],
}
FACES = {"fast": F, "reference": R}


def test_every_fast_function_is_covered():
    public = {n for n in F.__all__ if inspect.isfunction(getattr(F, n)) or callable(getattr(F, n))}
    public -= {"IterativeResult", "ConvergenceError"}
    assert public == set(VALID)


def _arrays(name):
    return [k for k, v in VALID[name].items() if isinstance(v, np.ndarray)]


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
@pytest.mark.parametrize("name,arg", list(_cases()))
def test_empty_is_refused(face, name, arg):
    value = VALID[name][arg]
    empty = np.empty((0,) + value.shape[1:])
    with pytest.raises(ValueError, match=rf"{arg}.*(empty|length 0)"):
        _call(face, name, **{arg: empty})


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
@pytest.mark.parametrize("name", [n for n in VALID if "y" in VALID[n] and "X" in VALID[n]])
def test_mismatched_lengths_are_refused(face, name):
    with pytest.raises(ValueError, match="X has 4 rows but y has 3"):
        _call(face, name, y=Y[:3])


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("name,arg,bad", [(n, a, b) for n, pairs in PARAMETERS.items() for a, b in pairs])
def test_parameters_out_of_range_are_refused(face, name, arg, bad):
    with pytest.raises(ValueError, match=arg):
        _call(face, name, **{arg: bad})


@pytest.mark.parametrize("face", FACES)
def test_parameters_of_the_wrong_type_are_refused(face):
    with pytest.raises(TypeError, match="max_iterations"):
        _call(face, "batch_gradient_descent", max_iterations=2.5)
    with pytest.raises(TypeError, match="alpha"):
        _call(face, "lms_update", alpha="fast")


@pytest.mark.parametrize("face", FACES)
def test_singular_normal_equations_are_refused(face):
    with pytest.raises(SingularMatrixError, match="linearly dependent"):
        _call(face, "normal_equations", X=np.c_[X, 2 * X[:, 1]])


@pytest.mark.parametrize("name", VALID)
def test_callers_arrays_are_untouched(name):
    kwargs = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in VALID[name].items()}
    before = {k: v.copy() for k, v in kwargs.items() if isinstance(v, np.ndarray)}
    getattr(F, name)(**kwargs)
    for k, v in before.items():
        assert np.array_equal(kwargs[k], v), f"{name} modified {k}"


def _layouts(a):
    yield "float64", a
    ints = np.rint(a)
    yield "int64", ints.astype(np.int64)
    yield "float32", a.astype(np.float32)
    yield "fortran", np.asfortranarray(a)
    wide = np.zeros(a.shape[:-1] + (2 * a.shape[-1],)) if a.ndim else a
    wide[..., ::2] = a
    yield "strided", wide[..., ::2]
    ro = a.copy()
    ro.setflags(write=False)
    yield "read-only", ro


def _same(a, b):
    if hasattr(a, "theta"):
        a, b = a.theta, b.theta
    return np.allclose(np.asarray(a, dtype=float), np.asarray(b, dtype=float), rtol=1e-6, atol=1e-9)


@pytest.mark.parametrize("name,arg", list(_cases()))
def test_every_dtype_and_layout_gives_the_same_answer(name, arg):
    base = VALID[name][arg]
    for label, variant in _layouts(base):
        expected_input = np.asarray(variant, dtype=np.float64)
        try:
            expected = _call("fast", name, **{arg: np.ascontiguousarray(expected_input)})
        except SingularMatrixError:
            continue
        got = getattr(F, name)(**{**VALID[name], arg: variant})
        assert _same(got, expected), f"{name}({arg} as {label})"
