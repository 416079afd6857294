"""Bad input for every entry point of cs229.fast.kernels (and its reference twin): a
ValueError/TypeError naming the argument, invalid kernel parameters and invalid kernels refused
(with the witness), NaN kernel values refused, the caller's arrays untouched, and every real
dtype and layout accepted."""
import numpy as np
import pytest

import cs229.fast.kernels as F
import cs229.reference.kernels as R
from cs229.reference.results import ConvergenceError

X = np.array([[1.0, 2.0], [0.0, 3.0], [2.0, -1.0], [4.0, 1.0], [-1.0, -2.0]])
Z = np.array([[0.5, 0.5], [1.0, -3.0]])
Y = np.array([1.0, -1.0, 1.0, -1.0, 1.0])
A = np.array([1.0, 0.0, 2.0, 1.0, 0.0])
V = np.array([0.5, -1.5, 2.0])
KPSD = np.array([[2.0, 1.0, 0.0], [1.0, 2.0, 1.0], [0.0, 1.0, 2.0]])

VALID = {
    "linear_features": dict(x=V),
    "quadratic_features": dict(x=V),
    "quadratic_features_c": dict(x=V, c=1.5),
    "monomial_features": dict(x=V, c=1.0, d=3),
    "power_features": dict(x=1.5, degree=3),
    "gaussian_features": dict(x=0.5, sigma=1.0, terms=5),
    "kernel_matrix": dict(X=X, kernel=R.Gaussian(1.0), Z=Z),
    "mercer_test": dict(K=KPSD),
    "checked_kernel_matrix": dict(X=X, kernel=R.Polynomial(1, 2)),
    "kernel_perceptron": dict(X=X, y=Y, kernel=R.Gaussian(1.0), max_epochs=50),
    "perceptron_decision": dict(X=X, y=Y, alpha=A, b=1.0, kernel=R.Gaussian(1.0), Z=Z),
    "monomials": dict(n=2, d=3),
    "monomial_weight": dict(alpha=(1, 0), c=1.0, d=2),
    "spectrum_features": dict(s="abcab", k=2),
    "spectrum_dimension": dict(alphabet_size=26, k=4),
}
PARAMETERS = {  # name -> (argument, bad value, error)
    "quadratic_features_c": [("c", -1.0, ValueError)],
    "monomial_features": [("c", -1.0, ValueError), ("d", 0, ValueError), ("d", 2.5, TypeError)],
    "power_features": [("degree", 0, ValueError)],
    "gaussian_features": [("sigma", 0.0, ValueError), ("sigma", -1.0, ValueError), ("terms", 0, ValueError)],
    "kernel_perceptron": [("max_epochs", 0, ValueError), ("max_epochs", 1.5, TypeError)],
    "mercer_test": [("tol", -1.0, ValueError)],
    "monomials": [("n", 0, ValueError), ("d", 0, ValueError)],
    "monomial_weight": [("d", 0, ValueError), ("c", -2.0, ValueError)],
    "spectrum_features": [("k", 0, ValueError), ("s", 5, TypeError)],
    "spectrum_dimension": [("k", 0, ValueError), ("alphabet_size", 0, ValueError)],
}
FACES = {"fast": F, "reference": R}
CLASSES = {"Linear", "Polynomial", "Gaussian", "StringKernel", "FeatureMapKernel", "MercerResult",
           "InvalidKernelError", "IterativeResult", "ConvergenceError"}


def test_every_fast_function_is_covered():
    assert set(F.__all__) - CLASSES == set(VALID)


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
def test_shape_mismatches_are_refused(face):
    with pytest.raises(ValueError, match="Z has 3 columns but X has 2"):
        _call(face, "kernel_matrix", Z=np.ones((2, 3)))
    with pytest.raises(ValueError, match="K must be square"):
        _call(face, "mercer_test", K=np.ones((2, 3)))
    with pytest.raises(ValueError, match="alpha has 4 entries|alpha has 4"):
        _call(face, "perceptron_decision", alpha=A[:4])
    with pytest.raises(ValueError, match="X has 5 rows but y has 4|y has 4 entries but X has 5"):
        _call(face, "kernel_perceptron", y=Y[:4])
    with pytest.raises(ValueError, match="x must be one attribute"):
        _call(face, "power_features", x=[1.0, 2.0])


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("name,arg,bad,error", [(n, a, b, e) for n, t in PARAMETERS.items() for a, b, e in t])
def test_parameters_out_of_range_are_refused(face, name, arg, bad, error):
    with pytest.raises(error, match=arg):
        _call(face, name, **{arg: bad})


@pytest.mark.parametrize("make,arg", [
    (lambda: R.Gaussian(0), "sigma"), (lambda: R.Gaussian(-1.0), "sigma"), (lambda: R.Gaussian(float("nan")), "sigma"),
    (lambda: R.Gaussian.from_gamma(0), "gamma"), (lambda: R.Gaussian.from_gamma(-2.0), "gamma"),
    (lambda: R.Polynomial(-1, 2), "c"), (lambda: R.Polynomial(1, 0), "d"),
    (lambda: R.StringKernel(0), "k"), (lambda: R.StringKernel(2, alphabet="aa"), "alphabet"),
])
def test_invalid_kernel_parameters_are_refused_KR_5(make, arg):
    with pytest.raises((ValueError, TypeError), match=arg):
        make()


@pytest.mark.parametrize("face", FACES)
def test_kernel_values_must_be_finite_reals(face):
    with pytest.raises(ValueError, match=r"kernel\(X\[0\], Z\[0\]\) is nan"):
        _call(face, "kernel_matrix", kernel=lambda x, z: float("nan"))
    with pytest.raises(TypeError, match=r"kernel\(X\[0\], Z\[0\]\)"):
        _call(face, "kernel_matrix", kernel=lambda x, z: "near")
    with pytest.raises(TypeError, match="kernel must be callable"):
        _call(face, "kernel_matrix", kernel=3.0)


@pytest.mark.parametrize("face", FACES)
def test_an_invalid_kernel_is_refused_with_its_witness(face):
    with pytest.raises(R.InvalidKernelError) as e:
        _call(face, "checked_kernel_matrix", kernel=lambda x, z: -float(np.dot(x, z)))
    z = np.asarray(e.value.witness, dtype=float)
    K = -X @ X.T
    assert z @ K @ z < 0 and e.value.value < 0
    with pytest.raises(R.InvalidKernelError, match="not symmetric"):
        _call(face, "checked_kernel_matrix", kernel=lambda x, z: float(x[0] - 2 * z[0]))


@pytest.mark.parametrize("face", FACES)
def test_labels_must_be_plus_minus_one(face):
    with pytest.raises(ValueError, match=r"y\[0\] is 0"):
        _call(face, "kernel_perceptron", y=np.array([0.0, 1.0, 0.0, 1.0, 0.0]))
    with pytest.raises(ValueError, match=r"y\[4\] is 3"):
        _call(face, "perceptron_decision", y=np.array([1.0, -1.0, 1.0, -1.0, 3.0]))


@pytest.mark.parametrize("face", FACES)
def test_orders_and_strings_are_checked(face):
    with pytest.raises(ValueError, match="order must be a permutation"):
        _call(face, "kernel_perceptron", order=[0, 1, 2, 3, 3])
    with pytest.raises(TypeError, match=r"X\[1\]"):
        getattr(FACES[face], "kernel_matrix")(["ab", 3], R.StringKernel(2))
    with pytest.raises(ValueError, match="X is empty"):
        getattr(FACES[face], "kernel_matrix")([], R.StringKernel(2))
    with pytest.raises(TypeError, match="sequence of strings"):
        getattr(FACES[face], "kernel_matrix")("abc", R.StringKernel(2))


@pytest.mark.parametrize("face", FACES)
def test_the_iteration_cap_reports(face):
    Xs = np.array([[0.0], [1.0], [2.0]])
    with pytest.raises(ConvergenceError, match="max_epochs") as e:
        getattr(FACES[face], "kernel_perceptron")(Xs if face == "fast" else Xs.tolist(), [1, -1, 1], R.Linear(), 3)
    assert e.value.result.iterations == 3 and e.value.result.converged is False


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


def _answer(out):
    if hasattr(out, "theta"):
        return np.r_[np.asarray(out.theta, dtype=float), out.extra["b"]]
    if isinstance(out, R.MercerResult):
        return np.array([float(out.valid)])
    return np.asarray(out, dtype=float)


@pytest.mark.parametrize("name,arg", list(_cases()) + [("kernel_perceptron", "y"), ("perceptron_decision", "y")])
def test_every_dtype_and_layout_gives_the_same_answer(name, arg):
    for label, variant in _layouts(VALID[name][arg]):
        expected = _call("fast", name, **{arg: np.ascontiguousarray(np.asarray(variant, dtype=np.float64))})
        got = getattr(F, name)(**{**VALID[name], arg: variant})
        assert np.allclose(_answer(got), _answer(expected), rtol=1e-6, atol=1e-9), f"{name}({arg} as {label})"
