"""Bad input for every entry point of cs229.fast.generative and its reference twin (MVN-1, GDA-1,
GDA-2, GDA-3): a ValueError/TypeError naming the argument, the caller's arrays untouched, every
real dtype and memory layout accepted with the answer of float64 C-contiguous input."""
import inspect

import numpy as np
import pytest

import cs229.fast.generative as F
import cs229.reference.generative as R
from cs229.reference.linalg import NotPositiveDefiniteError, SingularMatrixError

X = np.array([[1.0, 2.0], [2.0, 1.0], [3.0, 4.0], [0.0, 1.0], [2.0, 3.0], [4.0, 2.0]])
Y = np.array([0.0, 0.0, 0.0, 1.0, 1.0, 1.0])
MU = np.array([0.5, 1.5])
SIGMA = np.array([[2.0, 0.5], [0.5, 1.0]])
MODEL = R.GDAModel(0.5, [2.0, 2.0], [2.0, 2.0], [[1.5, 0.5], [0.5, 1.25]])

VALID = {
    "mvn_log_density": dict(x=X[0], mu=MU, Sigma=SIGMA),
    "mvn_log_densities": dict(X=X, mu=MU, Sigma=SIGMA),
    "mvn_density": dict(x=X[0], mu=MU, Sigma=SIGMA),
    "gda_fit": dict(X=X, y=Y),
    "gda_log_likelihood": dict(X=X, y=Y, model=MODEL),
    "gda_log_joint": dict(model=MODEL, X=X),
    "gda_posterior": dict(model=MODEL, X=X),
    "gda_predict": dict(model=MODEL, X=X),
    "gda_logistic_theta": dict(model=MODEL),
}
MODEL_FIELDS = {"mu0": np.array(MODEL.mu0), "mu1": np.array(MODEL.mu1), "Sigma": np.array(MODEL.Sigma)}
FACES = {"fast": F, "reference": R}


def test_every_fast_function_is_covered():
    public = {n for n in F.__all__ if inspect.isfunction(getattr(F, n)) or callable(getattr(F, n))}
    public -= {"GDAModel", "ZeroOverZeroError", "SingularMatrixError", "NotPositiveDefiniteError"}
    assert public == set(VALID)


def _cases():
    """(function, argument) pairs; a model's array fields count as arguments 'model.<field>'."""
    for name, kwargs in VALID.items():
        for arg, value in kwargs.items():
            if isinstance(value, np.ndarray):
                yield name, arg
            elif arg == "model":
                for field in MODEL_FIELDS:
                    yield name, f"model.{field}"


def _call(face, name, **override):
    kwargs = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in VALID[name].items()}
    fields = {k[len("model."):]: override.pop(k) for k in list(override) if k.startswith("model.")}
    kwargs.update(override)
    if fields:
        parts = {"phi": MODEL.phi, **MODEL_FIELDS, **fields}
        kwargs["model"] = R.GDAModel(**parts)
    if face == "reference":
        kwargs = {k: (v.tolist() if isinstance(v, np.ndarray) else v) for k, v in kwargs.items()}
        if "model" in kwargs and fields:
            m = kwargs["model"]
            kwargs["model"] = R.GDAModel(m.phi, *[getattr(m, f).tolist() if isinstance(getattr(m, f), np.ndarray)
                                                  else getattr(m, f) for f in ("mu0", "mu1", "Sigma")])
    return getattr(FACES[face], name)(**kwargs)


def _value(name, arg):
    return MODEL_FIELDS[arg[len("model."):]] if arg.startswith("model.") else VALID[name][arg]


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("name,arg", list(_cases()))
@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_non_finite_is_refused(face, name, arg, bad):
    value = _value(name, arg).copy()
    value.flat[-1] = bad
    with pytest.raises(ValueError, match=rf"{arg}\[.*finite"):
        _call(face, name, **{arg: value})


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("name,arg", list(_cases()))
def test_empty_is_refused(face, name, arg):
    value = _value(name, arg)
    with pytest.raises(ValueError, match=rf"{arg}.*(empty|length 0)"):
        _call(face, name, **{arg: np.empty((0,) + value.shape[1:])})


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("name,arg", list(_cases()))
def test_non_numeric_is_refused(face, name, arg):
    value = _value(name, arg).astype(object)
    value.flat[0] = "a"
    with pytest.raises(TypeError, match=arg):
        _call(face, name, **{arg: value.tolist()})


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("name,arg", [(n, a) for n, a in _cases() if _value(n, a).ndim == 2])
def test_ragged_is_refused(face, name, arg):
    rows = _value(name, arg).tolist()
    rows[-1] = rows[-1][:-1]
    with pytest.raises(ValueError, match=arg):
        _call(face, name, **{arg: rows})


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("name", ["gda_fit", "gda_log_likelihood"])
def test_mismatched_lengths_are_refused(face, name):
    with pytest.raises(ValueError, match="X has 6 rows but y has 5"):
        _call(face, name, y=Y[:5])


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("name,override,message", [
    ("mvn_log_density", dict(x=X[0, :1]), "x has 1 entries"),
    ("mvn_log_density", dict(mu=MU[:1]), "mu has 1|Sigma is 2x2"),
    ("mvn_log_densities", dict(X=X[:, :1]), "X has 1 columns"),
    ("mvn_log_densities", dict(Sigma=np.eye(3)), "mu has 2 entries|Sigma is 3x3"),
    ("mvn_log_densities", dict(Sigma=np.ones((2, 3))), "Sigma must be square"),
    ("gda_posterior", dict(X=np.ones((2, 3))), "X has 3 columns"),
    ("gda_fit", dict(y=np.array([0, 0, 2, 1, 1, 1])), r"y\[2\] is 2.*labels must be 0 or 1"),
    ("gda_fit", dict(y=np.zeros(6)), "no examples of class 1"),
    ("gda_posterior", {"model.mu1": np.array([1.0, 2.0, 3.0])}, "model.mu1"),
    ("gda_posterior", {"model.Sigma": np.eye(3)}, "model.Sigma is 3x3"),
])
def test_shapes_labels_and_classes(face, name, override, message):
    with pytest.raises(ValueError, match=message):
        _call(face, name, **override)


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("phi", [0.0, 1.0, -0.5, 1.5])
def test_model_phi_out_of_range_is_refused(face, phi):
    model = R.GDAModel(phi, MODEL.mu0, MODEL.mu1, MODEL.Sigma)
    for name in ("gda_posterior", "gda_predict", "gda_log_joint"):
        with pytest.raises(ValueError, match="model.phi must be in"):
            getattr(FACES[face], name)(model, X.tolist())
    with pytest.raises(ValueError, match="model.phi must be in"):
        FACES[face].gda_logistic_theta(model)


@pytest.mark.parametrize("face", FACES)
def test_a_model_of_the_wrong_type_is_refused(face):
    with pytest.raises(TypeError, match="model must be a GDAModel"):
        FACES[face].gda_posterior((0.5, [0, 0], [1, 1], [[1, 0], [0, 1]]), X.tolist())


@pytest.mark.parametrize("face", FACES)
def test_singular_and_indefinite_sigma_are_refused(face):
    with pytest.raises(SingularMatrixError, match="feature 1 is a linear combination of feature 0"):
        _call(face, "mvn_log_densities", Sigma=np.array([[1.0, 2.0], [2.0, 4.0]]))
    with pytest.raises(NotPositiveDefiniteError, match="not positive semi-definite"):
        _call(face, "gda_posterior", **{"model.Sigma": np.array([[1.0, 0.0], [0.0, -1.0]])})
    with pytest.raises(SingularMatrixError, match="within each class"):
        _call(face, "gda_fit", X=np.c_[X, 2 * X[:, 0]])


@pytest.mark.parametrize("name", VALID)
def test_callers_arrays_are_untouched(name):
    kwargs = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in VALID[name].items()}
    before = {k: v.copy() for k, v in kwargs.items() if isinstance(v, np.ndarray)}
    model = R.GDAModel(0.5, *[MODEL_FIELDS[f].copy() for f in ("mu0", "mu1", "Sigma")])
    if "model" in kwargs:
        kwargs["model"] = model
    getattr(F, name)(**kwargs)
    for k, v in before.items():
        assert np.array_equal(kwargs[k], v), f"{name} modified {k}"
    for f in ("mu0", "mu1", "Sigma"):
        assert np.array_equal(getattr(model, f), MODEL_FIELDS[f]), f"{name} modified model.{f}"


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
    if isinstance(a, R.GDAModel):
        return all(np.allclose(np.asarray(getattr(a, f), float), np.asarray(getattr(b, f), float), rtol=1e-6)
                   for f in ("phi", "mu0", "mu1", "Sigma"))
    return np.allclose(np.asarray(a, dtype=float), np.asarray(b, dtype=float), rtol=1e-6, atol=1e-9)


@pytest.mark.parametrize("name,arg", list(_cases()))
def test_every_dtype_and_layout_gives_the_same_answer(name, arg):
    for label, variant in _layouts(_value(name, arg)):
        try:
            expected = _call("fast", name, **{arg: np.ascontiguousarray(variant, dtype=np.float64)})
        except (SingularMatrixError, NotPositiveDefiniteError):
            continue
        got = _call("fast", name, **{arg: variant})
        assert _same(got, expected), f"{name}({arg} as {label})"


@pytest.mark.parametrize("variant", [np.array([0, 0, 0, 1, 1, 1], dtype=np.uint8), np.array([0, 0, 0, 1, 1, 1]),
                                     np.array([0.0, 0, 0, 1, 1, 1], dtype=np.float32), [0, 0, 0, 1, 1, 1]])
def test_label_dtypes(variant):
    assert _same(F.gda_fit(X, variant), F.gda_fit(X, Y))
