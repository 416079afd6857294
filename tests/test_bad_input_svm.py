"""Bad input for every entry point of cs229.fast.svm, cs229.fast.smo and
cs229.fast.coordinate_ascent (and their reference twins): errors naming the argument, the
caller's arrays untouched, every dtype and layout accepted; and the SVM's own failure modes
(labels, C, σ/γ, inseparable hard margin, the iteration cap, kernel values that are not finite)."""
import inspect
import math

import numpy as np
import pytest

import cs229.fast.coordinate_ascent as FC
import cs229.fast.smo as FS
import cs229.fast.svm as F
import cs229.reference.coordinate_ascent as RC
import cs229.reference.smo as RS
import cs229.reference.svm as R
from cs229.reference.kernels import Gaussian, Linear, Polynomial
from cs229.reference.results import ConvergenceError

X = np.array([[0.0, 1.0], [1.0, 0.5], [2.0, 2.5], [3.0, 1.0], [0.5, 3.0]])
Y = np.array([-1.0, -1.0, 1.0, 1.0, 1.0])
A = np.array([0.5, 0.25, 0.25, 0.25, 0.25])
W = np.array([0.5, 0.25])
Z = np.array([[0.0, 0.0], [1.0, 2.0]])
Q = np.array([[2.0, 0.5], [0.5, 1.0]])
QC = np.array([1.0, -1.0])

VALID = {  # (module name, function) -> valid keyword arguments
    ("svm", "as_labels"): dict(y=Y),
    ("svm", "gram_matrix"): dict(X=X),
    ("svm", "dual_objective"): dict(alpha=A, X=X, y=Y),
    ("svm", "lagrangian"): dict(w=W, b=0.5, alpha=A, X=X, y=Y),
    ("svm", "weights_from_alpha"): dict(alpha=A, X=X, y=Y),
    ("svm", "threshold_hard"): dict(alpha=A, X=X, y=Y),
    ("svm", "threshold_soft"): dict(alpha=A, X=X, y=Y, C=1.0),
    ("svm", "decision_values"): dict(alpha=A, b=0.5, X=X, y=Y, Z=Z),
    ("svm", "slacks"): dict(w=W, b=0.5, X=X, y=Y),
    ("svm", "soft_margin_primal"): dict(w=W, b=0.5, xi=np.array([5.0] * 5), X=X, y=Y, C=1.0),
    ("svm", "hinge_objective"): dict(w=W, b=0.5, X=X, y=Y, C=1.0),
    ("svm", "soft_margin_lagrangian"): dict(w=W, b=0.5, xi=A, alpha=A, r=A, X=X, y=Y, C=1.0),
    ("svm", "kkt_violations"): dict(alpha=A, b=0.5, X=X, y=Y, C=1.0),
    ("svm", "kkt_categories"): dict(alpha=A, C=1.0),
    ("smo", "two_variable_step"): dict(alpha=A, X=X, y=Y, i=0, j=2, C=1.0),
    ("smo", "kkt_gap"): dict(alpha=A, X=X, y=Y, C=1.0),
    ("smo", "smo"): dict(X=X, y=Y, C=1.0),
    ("coordinate_ascent", "quadratic_objective"): dict(Q=Q, c=QC, alpha=QC),
    ("coordinate_ascent", "quadratic_gradient"): dict(Q=Q, c=QC, alpha=QC),
    ("coordinate_ascent", "coordinate_argmax"): dict(Q=Q, c=QC, alpha=QC, i=1),
    ("coordinate_ascent", "coordinate_ascent"): dict(Q=Q, c=QC, alpha=QC),
}
MODEL_FUNCTIONS = {"decision_function", "predict"}  # take a fitted model; checked below
PARAMETERS = {  # (module, function) -> [(argument, bad value)]
    ("svm", "threshold_soft"): [("C", 0.0), ("C", -1.0)],
    ("svm", "hinge_objective"): [("C", 0.0)],
    ("svm", "soft_margin_primal"): [("C", -2.0)],
    ("svm", "kkt_violations"): [("C", 0.0)],
    ("smo", "smo"): [("C", 0.0), ("C", -1.0), ("tol", -1e-3), ("max_iterations", 0), ("rule", "fastest")],
    ("smo", "two_variable_step"): [("C", 0.0), ("i", 7), ("j", -1)],
    ("smo", "kkt_gap"): [("C", -0.5)],
    ("coordinate_ascent", "coordinate_ascent"): [("max_iterations", 0), ("tol", -1.0), ("order", "random")],
    ("coordinate_ascent", "coordinate_argmax"): [("i", 5)],
}
FAST = {"svm": F, "smo": FS, "coordinate_ascent": FC}
REFERENCE = {"svm": R, "smo": RS, "coordinate_ascent": RC}
FACES = {"fast": FAST, "reference": REFERENCE}


def test_every_fast_function_is_covered():
    for name, module in FAST.items():
        public = {n for n in module.__all__ if inspect.isfunction(getattr(module, n))
                  or (callable(getattr(module, n)) and not inspect.isclass(getattr(module, n)))}
        assert public - MODEL_FUNCTIONS == {f for (mod, f) in VALID if mod == name}, name


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
    return getattr(FACES[face][key[0]], key[1])(**kwargs)


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("key,arg", list(_cases()))
@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_non_finite_is_refused(face, key, arg, bad):
    value = VALID[key][arg].copy()
    value.flat[-1] = bad
    with pytest.raises(ValueError, match=rf"{arg}"):
        _call(face, key, **{arg: value})


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("key,arg", list(_cases()))
def test_empty_is_refused(face, key, arg):
    value = VALID[key][arg]
    with pytest.raises(ValueError, match=rf"{arg}"):
        _call(face, key, **{arg: np.empty((0,) + value.shape[1:])})


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("key,arg", list(_cases()))
def test_non_numeric_is_refused(face, key, arg):
    value = VALID[key][arg].astype(object)
    value.flat[0] = "a"
    with pytest.raises((TypeError, ValueError), match=arg):
        _call(face, key, **{arg: value.tolist()})


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("key,arg", [(k, a) for k, a in _cases() if VALID[k][a].ndim == 2])
def test_ragged_is_refused(face, key, arg):
    rows = VALID[key][arg].tolist()
    rows[-1] = rows[-1][:-1]
    with pytest.raises(ValueError, match=arg):
        _call(face, key, **{arg: rows})


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("key", [k for k in VALID if "X" in VALID[k] and "y" in VALID[k]])
def test_mismatched_lengths_are_refused(face, key):
    with pytest.raises(ValueError, match="X has 5 rows but y has 4"):
        _call(face, key, y=np.array([-1.0, 1.0, 1.0, -1.0]))


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("key,arg,bad", [(k, a, b) for k, pairs in PARAMETERS.items() for a, b in pairs])
def test_parameters_out_of_range_are_refused(face, key, arg, bad):
    with pytest.raises(ValueError, match=arg):
        _call(face, key, **{arg: bad})


@pytest.mark.parametrize("face", FACES)
def test_parameters_of_the_wrong_type_are_refused(face):
    with pytest.raises(TypeError, match="max_iterations"):
        _call(face, ("smo", "smo"), max_iterations=2.5)
    with pytest.raises(TypeError, match="seed"):
        _call(face, ("smo", "smo"), seed=1.5)
    with pytest.raises(TypeError, match="kernel"):
        _call(face, ("smo", "smo"), kernel="rbf")
    with pytest.raises(TypeError, match="C"):
        _call(face, ("smo", "smo"), C="large")


# ---- labels ---------------------------------------------------------------------------------

@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("labels", [[0, 0, 1, 1, 1], [-1, -1, 1, 2, 1], [1, 1, 1, 1, 1]])
def test_labels_must_be_minus_one_and_one(face, labels):
    with pytest.raises(ValueError, match="y"):
        _call(face, ("smo", "smo"), y=np.array(labels, dtype=float))


@pytest.mark.parametrize("face", FACES)
def test_two_other_labels_are_mapped_only_when_asked(face):
    fit = _call(face, ("smo", "smo"), y=np.array(["ham", "ham", "spam", "spam", "spam"]),
                classes=("ham", "spam"))
    assert fit.classes == ("ham", "spam")
    with pytest.raises(ValueError, match="neither class"):
        _call(face, ("smo", "smo"), y=np.array(["ham", "ham", "spam", "eggs", "spam"]),
              classes=("ham", "spam"))
    with pytest.raises(ValueError, match="pair"):
        _call(face, ("smo", "smo"), classes=(1,))


# ---- kernels: σ and γ, values that are not finite, custom callables ---------------------------

@pytest.mark.parametrize("bad", [0, -1.0])
def test_sigma_and_gamma_must_be_positive(bad):
    with pytest.raises(ValueError, match="sigma"):
        Gaussian(bad)
    with pytest.raises(ValueError, match="gamma"):
        Gaussian.from_gamma(bad)


@pytest.mark.parametrize("face", FACES)
def test_kernel_values_that_are_not_finite_are_refused(face):
    def broken(x, z):
        return math.nan if x[0] == 3.0 else sum(a * b for a, b in zip(x, z))
    with pytest.raises(ValueError, match="finite"):
        _call(face, ("smo", "smo"), kernel=broken)
    with pytest.raises(ValueError, match="finite"):
        _call(face, ("smo", "smo"), X=X * 1e200, kernel=Polynomial(1, 3))


def test_custom_kernel_is_evaluated_in_python_with_the_reference_answer():
    def quadratic(x, z):
        return (1 + sum(a * b for a, b in zip(x, z))) ** 2
    ref = RS.smo(X.tolist(), Y.tolist(), C=1.0, kernel=quadratic, record=True)
    fast = FS.smo(X, Y, C=1.0, kernel=quadratic, record=True)
    assert fast.path == ref.path and np.array_equal(fast.alpha, ref.alpha)


# ---- failure modes of the algorithm -----------------------------------------------------------

@pytest.mark.parametrize("face", FACES)
def test_hard_margin_on_inseparable_data_is_an_error(face):
    Xi = np.array([[0.0, 0.0], [2.0, 0.0], [1.0, 0.0], [5.0, 5.0]])
    Yi = np.array([1.0, 1.0, -1.0, -1.0])
    with pytest.raises(RS.InfeasibleError, match="inseparable"):
        _call(face, ("smo", "smo"), X=Xi, y=Yi, C=None, max_iterations=500)
    Xd = np.array([[0.0, 0.0], [1.0, 1.0], [1.0, 1.0]])
    with pytest.raises(RS.InfeasibleError, match="unbounded"):
        _call(face, ("smo", "smo"), X=Xd, y=np.array([-1.0, 1.0, -1.0]), C=None)


@pytest.mark.parametrize("face", FACES)
def test_cap_is_an_error_with_the_remaining_gap(face):
    with pytest.raises(ConvergenceError, match="remaining KKT gap is"):
        _call(face, ("smo", "smo"), max_iterations=1, tol=0.0)


@pytest.mark.parametrize("face", FACES)
def test_model_functions_refuse_other_objects(face):
    with pytest.raises(TypeError, match="model"):
        FACES[face]["svm"].decision_function({"alpha": A}, Z)
    fit = _call(face, ("smo", "smo"))
    with pytest.raises(ValueError, match="Z"):
        FACES[face]["svm"].predict(fit, np.ones((2, 3)))


# ---- the caller's arrays, dtypes and layouts ---------------------------------------------------

@pytest.mark.parametrize("key", VALID)
def test_callers_arrays_are_untouched(key):
    kwargs = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in VALID[key].items()}
    before = {k: v.copy() for k, v in kwargs.items() if isinstance(v, np.ndarray)}
    getattr(FAST[key[0]], key[1])(**kwargs)
    for k, v in before.items():
        assert np.array_equal(kwargs[k], v), f"{key} modified {k}"


def _layouts(a):
    yield "float64", a
    yield "float32", a.astype(np.float32)
    yield "fortran", np.asfortranarray(a)
    wide = np.zeros(a.shape[:-1] + (2 * a.shape[-1],))
    wide[..., ::2] = a
    yield "strided", wide[..., ::2]
    ro = a.copy()
    ro.setflags(write=False)
    yield "read-only", ro
    if np.array_equal(a, np.rint(a)):
        yield "int64", a.astype(np.int64)


def _value(r):
    if hasattr(r, "alpha"):
        return np.asarray(r.alpha, dtype=float)
    if hasattr(r, "theta"):
        return np.asarray(r.theta, dtype=float)
    if isinstance(r, list) and r and isinstance(r[0], str):
        return np.array([len(s) for s in r], dtype=float)
    return np.asarray(r, dtype=float)


@pytest.mark.parametrize("key,arg", list(_cases()))
def test_every_dtype_and_layout_gives_the_same_answer(key, arg):
    base = VALID[key][arg]
    expected = _value(_call("fast", key, **{arg: np.ascontiguousarray(base.astype(np.float32).astype(float))}))
    for label, variant in _layouts(base):
        got = _value(getattr(FAST[key[0]], key[1])(**{**VALID[key], arg: variant}))
        if label == "float32":
            assert np.allclose(got, expected, rtol=1e-6, atol=1e-9), f"{key}({arg} as {label})"
        else:
            exact = _value(_call("fast", key))
            assert np.allclose(got, exact, rtol=1e-12, atol=1e-12), f"{key}({arg} as {label})"
