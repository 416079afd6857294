"""The bad-input treatment that every fast entry point gets (CONTRIBUTING, tests), written once.

A topic's ``tests/<topic>/test_errors.py`` declares a :class:`Table` (valid keyword arguments per
entry point, values to refuse, labels, the error each length mismatch gives) and calls
``install(TABLE, globals())``; the generic checks below then run on both faces, one test item per
check and function of the table, which runs every case (argument, bad value, face) and names each
one that fails:

- a NaN or ±inf entry in any array argument: ValueError naming the argument and the entry;
- an empty array: ValueError; a non-numeric entry (a string, None, a Decimal): TypeError naming
  the entry and showing it as given; a ragged matrix: ValueError;
- an object that is not an array (a number, None, a string): TypeError; one dimension too many:
  ValueError; a scipy.sparse matrix: TypeError naming the conversion (``.toarray()``);
- a pandas DataFrame or Series gives the answer of the same values as an array (fast) or as lists
  (reference), read by rows, never by column names or index labels;
- bool labels where the valid labels are 0/1: the answer of the 0/1 labels or a TypeError, the
  same in both faces (the {0, 1} codings accept them);
- an int parameter of 2³¹, 2⁶³ or 2⁶⁴: the same outcome in both faces, an error being a
  ValueError/TypeError naming the argument (never a raw OverflowError);
- X (or its stand-in) and y of different lengths: ValueError with the two lengths; any array
  argument one entry, row or column bigger: an answer in both faces or the same error and text;
- each declared bad value of an argument: the declared error and message, naming the argument,
  and the same exception and text from both faces (a y one entry short too);
- labels outside their set: ValueError naming the label's entry;
- the fast face leaves the caller's arrays (and a model's array fields) as they were;
- every dtype and layout (ints, float32, Fortran order, strided, read-only) gives exactly the
  answer, or the error, of the same values as float64 C-contiguous;
- every public function of the fast module is in the table and has the reference's signature.

A key of the table is a function name, or ``(module, name)`` where one table spans several
modules. An argument ``model.<field>`` stands for an array field of a model argument: the field
gets the array checks and the model is rebuilt around the bad value.
"""
import dataclasses
import inspect
import numbers
import re
from decimal import Decimal

import numpy as np
import pandas as pd
import pytest
import scipy.sparse

from cs229.reference.messages import show
from cs229.reference.scalar import ExactResultError

FACES = ("fast", "reference")


def named(arg):
    """A pattern for the argument's name as a whole word, in its own case: "y" matches "y[0]" and
    "y has", never "XXyXX", "Y" or "my" (a message naming some other thing does not pass)."""
    return rf"(?<![\w.]){re.escape(arg)}(?!\w)"


def _label(key):
    return ".".join(key) if isinstance(key, tuple) else key


def _id(part):
    if isinstance(part, tuple):
        return _label(part)
    if isinstance(part, type):
        return part.__name__
    if part is None or isinstance(part, (str, numbers.Number)):
        return str(part)
    return type(part).__name__


class Table:
    """What one topic's bad-input suite is about.

    fast, reference: the modules (or ``{module name: module}`` with ``(module, name)`` keys).
    valid: key -> valid keyword arguments; every numpy array among them is an array argument.
    parameters: key -> [(argument, bad value[, error[, message pattern]])]; the error defaults to
        ValueError, the pattern to the argument's name.
    labels: (key, argument) -> values outside the label set.
    lengths: key -> the message of a y one entry short; a key with arrays X and y needs none.
    models: model class -> its array fields that get the array checks.
    exempt: check name ("empty", "non_numeric", ...) -> argument names (or (key, argument) pairs)
        that check leaves out:
        where the input is valid (no observations, documents of different lengths), or refused
        otherwise (non-numeric labels are a ValueError of the label set).
    non_finite, empty: message patterns, ``{arg}`` standing for the argument name as a whole word.
    messages: (check, argument) -> the message pattern where it is not the check's own (a
        non-finite label is refused as a label).
    keep_values: keys (or True for all) whose arrays get integer dtypes only when integral, where
        rounding would leave the function's domain.
    others: the rest of what the fast modules export (keys like the table's): classes, and
        functions whose bad input the topic's own tests cover.
    """

    def __init__(self, fast, reference, valid, *, parameters=None, labels=None, lengths=None, models=None,
                 exempt=None, non_finite=r"{arg}\[.*finite", empty=r"{arg}.*(empty|length 0)", messages=None,
                 keep_values=(), others=()):
        self.faces = {"fast": fast, "reference": reference}
        self.valid = valid
        self.parameters = parameters or {}
        self.labels = dict(labels or {})
        self.models = dict(models or {})
        self.exempt = {check: set(args) for check, args in (exempt or {}).items()}
        self.non_finite = non_finite
        self.empty = empty
        self.messages = dict(messages or {})
        self.keep_values = keep_values
        self.others = set(others)
        self.lengths = {key: f"X has {kw['X'].shape[0]} rows but y has {kw['X'].shape[0] - 1} entries"
                        for key, kw in valid.items()
                        if isinstance(kw.get("X"), np.ndarray) and isinstance(kw.get("y"), np.ndarray)}
        self.lengths.update(lengths or {})

    # ---- the table's arguments -------------------------------------------------------------

    def function(self, face, key):
        if isinstance(key, tuple):
            return getattr(self.faces[face][key[0]], key[1])
        return getattr(self.faces[face], key)

    def arguments(self, key):
        """Array arguments of ``key``, and ``model.<field>`` for the array fields of its models."""
        for arg, value in self.valid[key].items():
            if isinstance(value, np.ndarray):
                yield arg
            elif type(value) in self.models:
                yield from (f"{arg}.{field}" for field in self.models[type(value)])

    def value(self, key, arg):
        if "." in arg:
            model, field = arg.split(".")
            return np.array(getattr(self.valid[key][model], field))
        return self.valid[key][arg]

    def cases(self, check=None):
        """(key, argument) pairs that ``check`` applies to."""
        left_out = self.exempt.get(check, set())
        return [(key, arg) for key in self.valid for arg in self.arguments(key)
                if arg not in left_out and (key, arg) not in left_out]

    def message(self, check, arg, pattern):
        return self.messages.get((check, arg), pattern.format(arg=named(arg)))

    def call(self, face, key, **override):
        """Call ``key`` on ``face`` with its valid arguments, some overridden; the reference gets
        nested lists where the table has arrays."""
        kwargs = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in self.valid[key].items()}
        fields = {}
        for name in [k for k in override if "." in k]:
            model, field = name.split(".")
            fields.setdefault(model, {})[field] = override.pop(name)
        kwargs.update(override)
        for model, values in fields.items():
            kwargs[model] = dataclasses.replace(kwargs[model], **values)
        if face == "reference":
            kwargs = {k: _listed(v) for k, v in kwargs.items()}
        return self.function(face, key)(**kwargs)

    def layouts(self, key, a, pandas=True):
        keep = self.keep_values is True or key in self.keep_values
        return layouts(a, round_to_int=not keep, pandas=pandas)

    def plain(self, key):
        """Array arguments of ``key`` that are not model fields."""
        return [arg for arg in self.arguments(key) if "." not in arg]


def _listed(v):
    if isinstance(v, np.ndarray):
        return v.tolist()
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        arrays = {f.name: getattr(v, f.name) for f in dataclasses.fields(v)
                  if isinstance(getattr(v, f.name), np.ndarray)}
        return dataclasses.replace(v, **{k: a.tolist() for k, a in arrays.items()}) if arrays else v
    return v


def as_pandas(a):
    """``a`` as a DataFrame (2-D, columns named as a user's are) or a Series (1-D, its index not
    0..m−1, so that reading by label instead of position shows); None for other shapes."""
    if a.ndim == 2:
        return pd.DataFrame(a, columns=[f"x{j}" for j in range(a.shape[1])])
    if a.ndim == 1:
        return pd.Series(a, index=np.arange(10, 10 + a.shape[0]), name="y")
    return None


def layouts(a, round_to_int=True, pandas=True):
    """(label, a variant of ``a``): the dtypes and memory layouts a caller may hand over. Integer
    dtypes hold ``a`` rounded, or appear only when ``a`` is integral if ``round_to_int`` is false;
    ``pandas``: also as a DataFrame or Series."""
    yield "as given", a
    ints = np.rint(a)
    if round_to_int or np.array_equal(ints, a):
        yield "int64", ints.astype(np.int64)
        yield "int32", ints.astype(np.int32)
        if (ints >= 0).all() and (ints < 256).all():
            yield "uint8", ints.astype(np.uint8)
    yield "float64", a.astype(np.float64)
    yield "float32", a.astype(np.float32)
    yield "fortran", np.asfortranarray(a)
    wide = np.zeros(a.shape[:-1] + (2 * a.shape[-1],), dtype=a.dtype)
    wide[..., ::2] = a
    yield "strided", wide[..., ::2]
    ro = a.copy()
    ro.setflags(write=False)
    yield "read-only", ro
    if pandas and as_pandas(a) is not None:
        yield "pandas", as_pandas(a)


def same(a, b):
    """Exact equality of two answers, looking inside results, models, trees and containers."""
    if dataclasses.is_dataclass(a) and not isinstance(a, type):
        return type(a) is type(b) and all(same(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, np.ndarray) and a.dtype.kind not in "biuf":
        a = a.tolist()
    if isinstance(b, np.ndarray) and b.dtype.kind not in "biuf":
        b = b.tolist()
    if isinstance(a, (list, tuple)):
        return isinstance(b, (list, tuple)) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, np.ndarray) or (isinstance(a, numbers.Number) and not isinstance(a, bool)):
        try:
            return np.array_equal(np.asarray(a, dtype=float), np.asarray(b, dtype=float), equal_nan=True)
        except (TypeError, ValueError):
            return False
    return a == b


def _default(f, arg):
    parameter = inspect.signature(f).parameters.get(arg)
    return parameter.default if parameter is not None else inspect.Parameter.empty


def _outcome(f):
    """What calling ``f`` gives: ("answer", value) or ("error", type, message)."""
    try:
        return ("answer", f())
    except Exception as e:  # the layouts must fail alike where the float64 input fails
        return ("error", type(e), str(e))


def _show_case(case):
    return ", ".join(f"{name}={_id(value) if not isinstance(value, str) else repr(value)}"
                     for name, value in case.items())


def each(cases, run):
    """Run ``run(**case)`` for every case (a dict of the check's parameters), and fail naming every
    case that failed and how: one test item holds the cases of one check on one function."""
    failures = []
    for case in cases:
        try:
            run(**case)
        except (Exception, pytest.fail.Exception) as e:  # pytest.raises' "DID NOT RAISE" is no Exception
            failures.append(f"[{_show_case(case)}] {type(e).__name__}: {e}")
    assert not failures, f"{len(failures)} of {len(cases)} cases failed:\n" + "\n".join(failures)


def _grouped(cases, names):
    """{key: [case dict]} for ``cases``, tuples whose first entry is the key and the rest ``names``."""
    groups = {}
    for key, *rest in cases:
        groups.setdefault(key, []).append(dict(zip(names, rest)))
    return groups


def _product(cases, name, values):
    """Each case once for each of ``values`` of the parameter ``name``."""
    return [case + (value,) for case in cases for value in values]


def install(t, namespace, suffix=""):
    """Define the generic checks of table ``t`` as test functions in ``namespace`` (a test
    module's globals), each name ending in ``suffix``; a check with no case is left out.

    A check is one test item per function of the table (``test_non_finite_is_refused[newton]``)
    running all its cases (arguments, bad values, faces) and naming each case that fails."""
    tests = []

    def check(cases, *names):
        """Parametrize over the keys of ``cases`` (tuples: the key, then ``names``); the test gets
        ``key`` and ``cases``, the list of {name: value} of that key."""
        def define(f):
            groups = _grouped(cases, names)
            if groups:
                tests.append(pytest.mark.parametrize("key, cases", list(groups.items()),
                                                     ids=[_label(key) for key in groups])(f))
            return f
        return define

    def faces(cases):
        return _product(cases, "face", FACES)

    @check(faces(_product(t.cases("non_finite"), "bad", [np.nan, np.inf, -np.inf])), "arg", "bad", "face")
    def test_non_finite_is_refused(key, cases):
        def one(arg, bad, face):
            value = t.value(key, arg).astype(float)
            value.flat[-1] = bad
            with pytest.raises(ValueError, match=t.message("non_finite", arg, t.non_finite)):
                t.call(face, key, **{arg: value})
        each(cases, one)

    @check(faces(t.cases("empty")), "arg", "face")
    def test_empty_is_refused(key, cases):
        def one(arg, face):
            value = t.value(key, arg)
            with pytest.raises(ValueError, match=t.message("empty", arg, t.empty)):
                t.call(face, key, **{arg: np.empty((0,) + value.shape[1:], dtype=value.dtype)})
        each(cases, one)

    @check(faces(_product(t.cases("non_numeric"), "bad", ["a", None, Decimal("1.5")])), "arg", "bad", "face")
    def test_non_numeric_is_refused(key, cases):
        def one(arg, bad, face):
            value = t.value(key, arg).astype(object)
            value.flat[0] = bad
            for given in (value.tolist(), value):  # a list, and an object array
                with pytest.raises(TypeError, match=t.message("non_numeric", arg, "{arg}")) as e:
                    t.call(face, key, **{arg: given})
                if ("non_numeric", arg) not in t.messages:
                    assert f" is {show(bad)}" in str(e.value), str(e.value)
        each(cases, one)

    @check(faces(_product([(k, a) for k, a in t.cases("not_an_array") if "." not in a], "bad", [1.0, "abc"])),
           "arg", "bad", "face")
    def test_what_is_not_an_array_is_refused(key, cases):
        def one(arg, bad, face):
            with pytest.raises(TypeError, match=t.message("not_an_array", arg, "{arg}")):
                t.call(face, key, **{arg: bad})
        each(cases, one)

    @check(faces([(k, a) for k, a in t.cases("none") if "." not in a
                  and _default(t.function("reference", k), a) is not None]), "arg", "face")
    def test_none_for_an_array_is_refused(key, cases):
        def one(arg, face):
            with pytest.raises(TypeError, match=t.message("none", arg, "{arg}")):
                t.call(face, key, **{arg: None})
        each(cases, one)

    @check(faces([(k, a) for k, a in t.cases("dimensions") if "." not in a]), "arg", "face")
    def test_one_dimension_too_many_is_refused(key, cases):
        def one(arg, face):
            value = t.value(key, arg)[..., None]
            with pytest.raises(ValueError, match=t.message("dimensions", arg, "{arg}")):
                t.call(face, key, **{arg: value})
        each(cases, one)

    @check(faces(_product([(k, a) for k, a in t.cases("sparse") if t.value(k, a).ndim in (1, 2)], "sparse",
                          [scipy.sparse.csr_matrix, scipy.sparse.csr_array, scipy.sparse.coo_array])),
           "arg", "sparse", "face")
    def test_sparse_is_refused_with_the_conversion(key, cases):
        """Any array argument (a model's array fields too), 1-D or 2-D, given as a scipy.sparse
        matrix or array: the reference's TypeError, word for word, naming the conversion."""
        def one(arg, sparse, face):
            value = sparse(t.value(key, arg))  # a 1-D array stays 1-D as a sparse array, a row as a matrix
            with pytest.raises(TypeError) as e:
                t.call(face, key, **{arg: value})
            assert str(e.value) == (f"{arg} is a scipy.sparse {type(value).__name__}: this function takes a dense "
                                    f"array; pass {arg}.toarray()")
        each(cases, one)

    @check([(k, a) for k, a in t.cases("pandas") if "." not in a and t.value(k, a).ndim in (1, 2)], "arg")
    def test_pandas_gives_the_answer_of_lists_in_the_reference(key, cases):
        def one(arg):
            value = t.value(key, arg)
            expected = _outcome(lambda: t.call("reference", key, **{arg: value}))
            got = _outcome(lambda: t.call("reference", key, **{arg: as_pandas(value)}))
            assert got[0] == expected[0] and same(got[1:], expected[1:]), \
                f"{_label(key)}({arg} as pandas): {got} != {expected}"
        each(cases, one)

    @check([(k, a) for k, a in t.cases("bool_labels")
            if "." not in a and t.value(k, a).ndim == 1 and set(np.unique(t.value(k, a))) == {0, 1}], "arg")
    def test_bool_labels_agree_across_faces(key, cases):
        def one(arg):
            labels = t.value(key, arg)
            outcomes = {}
            for face in FACES:
                expected = _outcome(lambda: t.call(face, key, **{arg: labels}))
                got = _outcome(lambda: t.call(face, key, **{arg: labels.astype(bool)}))
                if got[0] == "answer":
                    assert same(got[1:], expected[1:]), f"{face} {_label(key)}({arg} as bool): {got} != {expected}"
                else:
                    assert got[1] is TypeError and re.search(named(arg), got[2]), \
                        f"{face} {_label(key)}({arg} as bool): {got}"
                outcomes[face] = got[:2] if got[0] == "error" else got[:1]
            assert outcomes["fast"] == outcomes["reference"], outcomes
        each(cases, one)

    @check(_product([(key, arg) for key, kw in t.valid.items() for arg, v in kw.items()
                     if isinstance(v, numbers.Integral) and not isinstance(v, bool) and v >= 1],
                    "big", [2 ** 31, 2 ** 63, 2 ** 64]), "arg", "big")
    def test_int_parameters_beyond_the_compiled_range(key, cases):
        def one(arg, big):
            outcomes = {face: _outcome(lambda: t.call(face, key, **{arg: big})) for face in FACES}
            if outcomes["reference"][0] == "error" and issubclass(outcomes["reference"][1], ExactResultError):
                return  # an int argument makes the reference exact, and this result irrational: no verdict
            for face, got in outcomes.items():
                if got[0] == "error":
                    assert got[1] in (ValueError, TypeError) and re.search(named(arg), got[2]), \
                        f"{face} {_label(key)}({arg}={big}): {got}"
            kinds = {face: got[:2] if got[0] == "error" else got[:1] for face, got in outcomes.items()}
            assert kinds["fast"] == kinds["reference"], kinds
        each(cases, one)

    @check(faces([(k, a) for k, a in t.cases("ragged") if t.value(k, a).ndim == 2]), "arg", "face")
    def test_ragged_is_refused(key, cases):
        def one(arg, face):
            rows = t.value(key, arg).tolist()
            rows[-1] = rows[-1][:-1]
            with pytest.raises(ValueError, match=t.message("ragged", arg, "{arg}")):
                t.call(face, key, **{arg: rows})
        each(cases, one)

    @check([(k, a, change) for k, a in t.cases("shape")
            for change in (("row", "column") if t.value(k, a).ndim == 2 else ("row",))], "arg", "change")
    def test_both_faces_treat_a_wrong_shape_alike(key, cases):
        """One more entry (a vector; its last repeated) or one more row or column (a matrix):
        an answer in both faces, or the same exception and text from both."""
        def one(arg, change):
            a = t.value(key, arg)
            bigger = np.c_[a, a[:, -1:]] if change == "column" else np.concatenate([a, a[-1:]])
            outcomes = {face: _outcome(lambda: t.call(face, key, **{arg: bigger})) for face in FACES}
            kinds = {face: o[0] for face, o in outcomes.items()}
            assert kinds["fast"] == kinds["reference"], outcomes
            if kinds["fast"] == "error":
                fast = outcomes["fast"][:2] + (outcomes["fast"][2].replace("cs229.fast.", "cs229.reference."),)
                assert fast == outcomes["reference"], outcomes
        each(cases, one)

    @check(list(t.lengths.items()), "message")
    def test_a_short_y_is_refused_with_both_lengths_word_for_word(key, cases):
        """A y one entry short: a ValueError giving both lengths from each face, the same exception
        and text from both."""
        def one(message):
            outcomes = {face: _outcome(lambda: t.call(face, key, y=t.valid[key]["y"][:-1])) for face in FACES}
            for face, got in outcomes.items():
                assert got[:2] == ("error", ValueError) and re.search(message, got[2]), f"{face}: {got}"
            assert outcomes["fast"][1:] == outcomes["reference"][1:], outcomes
        each(cases, one)

    parameter_cases = [(key, *(case + (ValueError, named(case[0]))[len(case) - 2:]))
                       for key, cases in t.parameters.items() for case in cases]

    @check(parameter_cases, "arg", "bad", "error", "message")
    def test_parameters_out_of_range_are_refused_word_for_word(key, cases):
        """The declared error and message in each face, naming the argument (or the one the bad
        value puts out of range: a k too small for X, the pattern then beginning with that
        argument's name); one message table for both faces: the same exception and text."""
        def one(arg, bad, error, message):
            outcomes = {}
            for face in FACES:
                try:
                    with pytest.raises(error, match=message) as e:
                        t.call(face, key, **{arg: bad})
                except (Exception, pytest.fail.Exception) as failure:
                    raise AssertionError(f"{face}: {type(failure).__name__}: {failure}") from failure
                first = re.match(r"\w+", message)
                subjects = {arg} | ({first.group()} & set(t.valid[key]) if first else set())
                assert any(re.search(named(a), str(e.value)) for a in subjects), \
                    f"{face}: the message names none of {sorted(subjects)}: {e.value}"
                # a message may point to the face's own module (fit it with cs229.<face>.softmax)
                outcomes[face] = (e.type, str(e.value).replace("cs229.fast.", "cs229.reference."))
            assert outcomes["fast"] == outcomes["reference"], outcomes
        each(cases, one)

    @check(faces([(key, arg, bad) for (key, arg), bads in sorted(t.labels.items()) for bad in bads]),
           "arg", "bad", "face")
    def test_labels_outside_their_set_are_refused(key, cases):
        def one(arg, bad, face):
            value = t.value(key, arg).astype(float)
            value.flat[0] = bad
            with pytest.raises(ValueError, match=rf"{named(arg)}\[0\]"):
                t.call(face, key, **{arg: value})
        each(cases, one)

    @check([(key,) for key in t.valid])
    def test_callers_arrays_are_untouched_and_the_signature_is_the_reference_s(key, cases):
        kwargs = {}
        for k, v in t.valid[key].items():
            if type(v) in t.models:
                v = dataclasses.replace(v, **{f: np.array(getattr(v, f)) for f in t.models[type(v)]})
            kwargs[k] = v.copy() if isinstance(v, np.ndarray) else v
        before = {arg: t.value(key, arg).copy() for arg in t.arguments(key)}
        t.function("fast", key)(**kwargs)
        for arg, value in before.items():
            model, _, field = arg.partition(".")
            now = getattr(kwargs[model], field) if field else kwargs[arg]
            assert np.array_equal(now, value), f"{_label(key)} modified {arg}"
        assert inspect.signature(t.function("fast", key)) == inspect.signature(t.function("reference", key))

    @check(t.cases(), "arg")
    def test_every_dtype_and_layout_gives_the_same_answer(key, cases):
        def one(arg):
            failures = []
            for label, variant in t.layouts(key, t.value(key, arg), pandas="." not in arg):
                expected = _outcome(lambda: t.call("fast", key, **{arg: np.ascontiguousarray(variant, dtype=np.float64)}))
                got = _outcome(lambda: t.call("fast", key, **{arg: variant}))
                if not (got[0] == expected[0] and same(got[1:], expected[1:])):
                    failures.append(f"{_label(key)}({arg} as {label}): {got} != {expected}")
            assert not failures, "\n".join(failures)
        each(cases, one)

    fast = t.faces["fast"]
    modules = fast if isinstance(fast, dict) else {fast.__name__.rpartition(".")[2]: fast}

    def names(keys, module):
        return {k[1] if isinstance(k, tuple) else k for k in keys if not isinstance(k, tuple) or k[0] == module}

    def test_every_fast_function_is_covered():
        for module in modules:
            exported = set(modules[module].__all__)
            assert exported - names(t.others, module) == names(t.valid, module), module
            assert names(t.others, module) <= exported, module
    tests.append(test_every_fast_function_is_covered)

    for f in tests:
        namespace[f.__name__ + suffix] = f

# what the kinds refuse for the penalty's λ (``lam``) and ``penalize_intercept``, a row of
# the bad-parameter list of every fit that takes them
BAD_PENALTIES = [("lam", -1.0), ("lam", float("nan")), ("lam", "a", TypeError),
                 ("penalize_intercept", 1, TypeError)]


def bad_weights(m):
    """X-2: ``parameters`` rows of sample weights for m examples the faces' one reader refuses
    (a negative weight at row 2, every weight 0), with its words."""
    negative = np.ones(m)
    negative[2] = -0.5
    return [("sample_weight", negative, ValueError, r"^sample_weight\[2\] is -0.5: a sample weight must be >= 0$"),
            ("sample_weight", np.zeros(m), ValueError,
             "^sample_weight: every sample weight is 0, so there is nothing to fit$")]


def bad_penalties_are_refused_alike(table, names):
    """X-1: λ < 0, NaN, a string, and a ``penalize_intercept`` that is not a bool, given to each
    fit of ``names``: the same error and the same words (the kinds' own, naming the argument)
    from both faces of ``table``."""
    expected = {-1.0: (ValueError, "lam must be >= 0, got -1.0"),
                "nan": (ValueError, "lam is nan: expected a finite number"),
                "a": (TypeError, "lam is 'a': expected a real number"),
                1: (TypeError, None)}
    for name in names:
        for bad, (kind, words) in expected.items():
            seen = []
            for face in table.faces:
                argument = {"penalize_intercept": bad} if bad == 1 else {
                    "lam": float(bad) if bad == "nan" else bad}
                with pytest.raises(kind) as e:
                    table.call(face, name, **argument)
                seen.append(str(e.value))
            assert seen[0] == seen[1] and (words is None or seen[0] == words), (name, bad, seen)
