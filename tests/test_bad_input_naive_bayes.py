"""Bad input for every entry point of cs229.fast.naive_bayes and its reference twin (NB-2 … NB-6):
a ValueError/TypeError naming the argument, the caller's arrays untouched, every dtype and memory
layout accepted with the answer of C-contiguous input."""
import inspect

import numpy as np
import pytest

import cs229.fast.naive_bayes as F
import cs229.reference.naive_bayes as R

BX = np.array([[1, 0, 1], [0, 0, 1], [1, 1, 0], [0, 1, 1]])  # binary features
CX = np.array([[0, 2], [1, 0], [2, 1], [1, 1]])  # categories, k = (3, 3)
Y = np.array([1, 1, 0, 0])
DOCS = np.array([[0, 1, 1], [2, 0, 0], [1, 3, 2], [3, 3, 0]])  # four documents of three words
BERNOULLI = R.BernoulliNB(0.5, [0.25, 0.5, 0.75], [0.5, 0.25, 0.5], None, None, None)
CATEGORICAL = R.CategoricalNB(0.5, [[[0.5, 0.25, 0.25], [0.2, 0.3, 0.5]], [[0.1, 0.6, 0.3], [0.4, 0.4, 0.2]]],
                              [3, 3], None, None, None)
MULTINOMIAL = R.MultinomialNB(0.25, [0.1, 0.2, 0.3, 0.4], [0.4, 0.3, 0.2, 0.1], None, None, None, None)

VALID = {
    "value_counts": dict(z=np.array([0, 2, 2, 1]), k=3),
    "laplace_estimate": dict(counts=np.array([3.0, 0.0, 1.0]), alpha=1),
    "bernoulli_fit": dict(X=BX, y=Y, alpha=1),
    "bernoulli_log_joint": dict(model=BERNOULLI, X=BX),
    "bernoulli_log_posterior": dict(model=BERNOULLI, X=BX),
    "bernoulli_predict": dict(model=BERNOULLI, X=BX),
    "discretize": dict(values=np.array([890.0, 120.0, 1700.0]), edges=np.array([400.0, 800.0, 1200.0, 1600.0])),
    "categorical_fit": dict(X=CX, y=Y, k=[3, 3], alpha=1),
    "categorical_log_joint": dict(model=CATEGORICAL, X=CX),
    "categorical_log_posterior": dict(model=CATEGORICAL, X=CX),
    "categorical_predict": dict(model=CATEGORICAL, X=CX),
    "pack_documents": dict(documents=DOCS),
    "multinomial_fit": dict(documents=DOCS, y=Y, vocabulary_size=4, alpha=1),
    "multinomial_log_joint": dict(model=MULTINOMIAL, documents=DOCS),
    "multinomial_log_posterior": dict(model=MULTINOMIAL, documents=DOCS),
    "multinomial_predict": dict(model=MULTINOMIAL, documents=DOCS),
    "encode": dict(token_lists=[["b", "a"], ["a"]], vocabulary=["a", "b"]),  # words: see test_encode_*
}
FIELDS = {R.BernoulliNB: ("phi_j_y0", "phi_j_y1"), R.MultinomialNB: ("phi_k_y0", "phi_k_y1")}
FACES = {"fast": F, "reference": R}
CLASSES = {"ZeroOverZeroError", "BernoulliNB", "CategoricalNB", "Documents", "MultinomialNB"}


def test_every_fast_function_is_covered():
    public = {n for n in F.__all__ if inspect.isfunction(getattr(F, n)) or callable(getattr(F, n))}
    assert public - CLASSES == set(VALID)


def _cases():
    """(function, argument): array arguments, and the probability vectors of a model
    ('model.<field>')."""
    for name, kwargs in VALID.items():
        for arg, value in kwargs.items():
            if isinstance(value, np.ndarray):
                yield name, arg
            elif arg == "model" and type(value) in FIELDS:
                for field in FIELDS[type(value)]:
                    yield name, f"model.{field}"


def _value(name, arg):
    if arg.startswith("model."):
        return np.array(getattr(VALID[name]["model"], arg[len("model."):]))
    return VALID[name][arg]


def _listed(v):
    return v.tolist() if isinstance(v, np.ndarray) else v


def _call(face, name, **override):
    kwargs = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in VALID[name].items()}
    fields = {k[len("model."):]: override.pop(k) for k in list(override) if k.startswith("model.")}
    kwargs.update(override)
    if fields:
        model = kwargs["model"]
        parts = {f: getattr(model, f) for f in model.__dataclass_fields__}
        parts.update(fields)
        kwargs["model"] = type(model)(**parts)
    if face == "reference":
        kwargs = {k: _listed(v) for k, v in kwargs.items()}
        if fields:
            model = kwargs["model"]
            kwargs["model"] = type(model)(**{f: _listed(getattr(model, f)) for f in model.__dataclass_fields__})
    return getattr(FACES[face], name)(**kwargs)


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("name,arg", list(_cases()))
@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_non_finite_is_refused(face, name, arg, bad):
    value = _value(name, arg).astype(float)
    value.flat[-1] = bad
    with pytest.raises(ValueError, match=rf"{arg}\[.*finite"):
        _call(face, name, **{arg: value})


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("name,arg", [(n, a) for n, a in _cases() if a != "z"])  # no observations is valid
def test_empty_is_refused(face, name, arg):
    value = _value(name, arg)
    with pytest.raises(ValueError, match=rf"{arg}.*(empty|length 0)"):
        _call(face, name, **{arg: np.empty((0,) + value.shape[1:], dtype=value.dtype)})


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("name,arg", list(_cases()))
def test_non_numeric_is_refused(face, name, arg):
    value = _value(name, arg).astype(object)
    value.flat[0] = "a"
    with pytest.raises(TypeError, match=arg):
        _call(face, name, **{arg: value.tolist()})


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("name,arg", [(n, a) for n, a in _cases() if _value(n, a).ndim == 2 and a != "documents"])
def test_ragged_is_refused(face, name, arg):
    rows = _value(name, arg).tolist()
    rows[-1] = rows[-1][:-1]
    with pytest.raises(ValueError, match=arg):
        _call(face, name, **{arg: rows})


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("name,message", [("bernoulli_fit", "X has 4 rows but y has 3"),
                                          ("categorical_fit", "X has 4 rows but y has 3"),
                                          ("multinomial_fit", "documents has 4 documents but y has 3")])
def test_mismatched_lengths_are_refused(face, name, message):
    with pytest.raises(ValueError, match=message):
        _call(face, name, y=Y[:3])


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("name,override,error,message", [
    ("value_counts", dict(k=0), ValueError, "k must be >= 1"),
    ("value_counts", dict(z=np.array([0, 3])), ValueError, r"z\[1\] is 3"),
    ("value_counts", dict(k=2.5), TypeError, "k must be an integer"),
    ("laplace_estimate", dict(alpha=-1), ValueError, "alpha must be >= 0"),
    ("laplace_estimate", dict(counts=np.array([1.0, -2.0])), ValueError, r"counts\[1\] is -2"),
    ("bernoulli_fit", dict(alpha=-0.5), ValueError, "alpha"),
    ("bernoulli_fit", dict(alpha="one"), TypeError, "alpha"),
    ("bernoulli_fit", dict(X=BX * 2), ValueError, r"X\[0\]\[0\] is 2.*binary"),
    ("bernoulli_fit", dict(y=np.array([0, 3, 1, 0])), ValueError, r"y\[1\] is 3.*labels"),
    ("bernoulli_log_posterior", dict(X=BX[:, :2]), ValueError, "X has 2 columns but the model has 3"),
    ("bernoulli_log_posterior", {"model.phi_j_y0": np.array([0.2, 1.5, 0.1])}, ValueError,
     r"model.phi_j_y0\[1\] is 1.5"),
    ("discretize", dict(edges=np.array([1.0, 3.0, 2.0])), ValueError, "edges must be strictly increasing"),
    ("categorical_fit", dict(k=[3, 0]), ValueError, r"k\[1\] must be >= 1"),
    ("categorical_fit", dict(k=[3, 2]), ValueError, r"X\[0\]\[1\] is 2: feature 1 takes values 0..1"),
    ("categorical_fit", dict(X=CX - 1), ValueError, r"X\[0\]\[0\] is -1"),
    ("categorical_fit", dict(X=CX + 0.5), ValueError, r"X\[0\]\[0\] is 0.5: expected an integer"),
    ("categorical_log_posterior", dict(X=CX + 1), ValueError, r"X\[0\]\[1\] is 3: feature 1 takes values 0..2"),
    ("multinomial_fit", dict(vocabulary_size=0), ValueError, "vocabulary_size must be >= 1"),
    ("multinomial_fit", dict(vocabulary_size=3), ValueError, r"documents\[2\]\[1\] is 3"),
    ("multinomial_fit", dict(alpha=-1.0), ValueError, "alpha"),
    ("multinomial_log_posterior", dict(documents=DOCS + 1), ValueError, r"documents\[1\]\[0\] is 3|is 4"),
    ("multinomial_log_posterior", {"model.phi_k_y1": np.array([0.5, -0.1, 0.3, 0.3])}, ValueError,
     r"model.phi_k_y1\[1\] is -0.1"),
    ("multinomial_log_posterior", {"model.phi_k_y1": np.array([0.5, 0.5])}, ValueError, "model.phi_k_y"),
])
def test_parameters_out_of_range_are_refused(face, name, override, error, message):
    with pytest.raises(error, match=message):
        _call(face, name, **override)


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("model,name,X", [(BERNOULLI, "bernoulli_log_posterior", BX),
                                          (CATEGORICAL, "categorical_log_posterior", CX),
                                          (MULTINOMIAL, "multinomial_log_posterior", DOCS)])
@pytest.mark.parametrize("phi_y", [0.0, 1.0, 1.5])
def test_model_prior_out_of_range_is_refused(face, model, name, X, phi_y):
    parts = {f: getattr(model, f) for f in model.__dataclass_fields__}
    parts["phi_y"] = phi_y
    with pytest.raises(ValueError, match="model.phi_y must be in"):
        getattr(FACES[face], name)(type(model)(**parts), X.tolist())


@pytest.mark.parametrize("face", FACES)
def test_a_model_of_the_wrong_type_is_refused(face):
    with pytest.raises(TypeError, match="model must be a BernoulliNB"):
        FACES[face].bernoulli_log_posterior(MULTINOMIAL, BX.tolist())
    with pytest.raises(TypeError, match="model must be a MultinomialNB"):
        FACES[face].multinomial_predict(BERNOULLI, DOCS.tolist())


@pytest.mark.parametrize("face", FACES)
def test_bool_features_are_refused_like_any_bool(face):
    with pytest.raises(TypeError, match="X"):
        _call(face, "bernoulli_fit", X=BX.astype(bool).tolist() if face == "reference" else BX.astype(bool))


@pytest.mark.parametrize("name", VALID)
def test_callers_arrays_are_untouched(name):
    kwargs = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in VALID[name].items()}
    before = {k: v.copy() for k, v in kwargs.items() if isinstance(v, np.ndarray)}
    getattr(F, name)(**kwargs)
    for k, v in before.items():
        assert np.array_equal(kwargs[k], v), f"{name} modified {k}"
    documents = R.Documents(np.array([0, 1, 2, 3, 3], dtype=np.int32), np.array([0, 2, 5]))
    tokens, offsets = documents.tokens.copy(), documents.offsets.copy()
    F.multinomial_fit(documents, [0, 1], 4)
    F.multinomial_log_posterior(MULTINOMIAL, documents)
    assert np.array_equal(documents.tokens, tokens) and np.array_equal(documents.offsets, offsets)


def _layouts(a):
    yield "C", a
    yield "int32", a.astype(np.int32)
    yield "uint8", a.astype(np.uint8) if (a >= 0).all() and (a < 256).all() else a
    yield "float64", a.astype(np.float64)
    yield "float32", a.astype(np.float32)
    yield "fortran", np.asfortranarray(a)
    wide = np.zeros(a.shape[:-1] + (2 * a.shape[-1],), dtype=a.dtype)
    wide[..., ::2] = a
    yield "strided", wide[..., ::2]
    ro = a.copy()
    ro.setflags(write=False)
    yield "read-only", ro


def _same(a, b):
    if hasattr(a, "__dataclass_fields__"):
        a = [np.asarray(getattr(a, f), dtype=float).ravel() for f in ("phi_y",) + FIELDS.get(type(a), ())]
        b = [np.asarray(getattr(b, f), dtype=float).ravel() for f in ("phi_y",) + FIELDS.get(type(b), ())]
        return all(np.array_equal(x, y) for x, y in zip(a, b))
    return np.array_equal(np.asarray(a, dtype=float), np.asarray(b, dtype=float))


@pytest.mark.parametrize("name,arg", [(n, a) for n, a in _cases() if not a.startswith("model.")])
def test_every_dtype_and_layout_gives_the_same_answer(name, arg):
    base = _value(name, arg)
    expected = _call("fast", name, **{arg: np.ascontiguousarray(base)})
    for label, variant in _layouts(base):
        got = _call("fast", name, **{arg: variant})
        if isinstance(expected, R.Documents):
            assert np.array_equal(got.tokens, expected.tokens) and np.array_equal(got.offsets, expected.offsets)
        else:
            assert _same(got, expected), f"{name}({arg} as {label})"


def test_token_ids_of_every_integer_width_count_the_same():
    tokens = np.array([0, 1, 1, 3, 2, 0, 3, 3])
    offsets = np.array([0, 3, 5, 8])
    expected = F.multinomial_fit(R.Documents(tokens, offsets), [0, 1, 1], 4)
    for dtype in (np.int8, np.uint16, np.int32, np.uint32, np.int64, np.uint64, np.float64):
        got = F.multinomial_fit(R.Documents(tokens.astype(dtype), offsets.astype(np.int32)), [0, 1, 1], 4)
        assert np.array_equal(got.word_count, expected.word_count), dtype


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("override,error,message", [
    (dict(token_lists="ab"), TypeError, "token_lists must be an iterable"),
    (dict(token_lists=[["a"], "ab"]), TypeError, r"token_lists\[1\] must be a list of words"),
    (dict(token_lists=[["a", "c"]]), ValueError, r"token_lists\[0\]\[1\] is 'c'"),
    (dict(vocabulary=["a", "b", "a"]), ValueError, "repeated"),
])
def test_encode_bad_input(face, override, error, message):
    with pytest.raises(error, match=message):
        _call(face, "encode", **override)
