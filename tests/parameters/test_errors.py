"""The kinds of scalar parameter (cs229.reference.parameters), read in one place by both faces and
the estimators.

- Each declared kind refuses what its declaration says (Hypothesis over the wrong kinds of object,
  NaN and ±inf, bools where a number or an integer is expected, values below, above or outside
  its range), by the argument's name, in the message table's words, with TypeError for the wrong
  kind and ValueError for a value out of range; it accepts the rest and returns it in the face's
  number type.
- Every public function of cs229.fast and its reference twin read their scalar arguments through
  the kinds, the same argument by the same kind; the same bad value gives the same exception and
  the same words in both faces. The functions, their arguments and the kinds are not listed
  here: they are derived by watching the kinds while each function runs on the valid arguments of
  the bad-input tables (tests/fuzz/bases.py), and the bad values from each kind's declaration.
- The estimators read their parameters through the same kinds (a bad value gives the words of
  the kind), every scalar parameter but scikit-learn's own (verbose, random_state), and a
  parameter they only pass on is read once, by the fast function (SVC's C above all).
"""
import contextlib
import importlib
import inspect
import math
import warnings
from decimal import Decimal
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from sklearn.exceptions import ConvergenceWarning

import cs229.fast  # noqa: F401
from cs229.reference import messages
from tests.fuzz import bases  # valid arguments of every public fast function
from tests.fuzz.harness import for_reference  # the values as the reference takes them
from cs229.reference import parameters as P  # noqa: E402
from cs229.reference.scalar import ExactResultError  # noqa: E402

show = messages.show
NAME = "arg"

REALS = [k for k in P.KINDS.values() if isinstance(k, P.Real)]
INTEGERS = [k for k in P.KINDS.values() if isinstance(k, P.Integer)]


def _label(kind):
    return kind.label


def _refused(kind_of_error, call):
    with pytest.raises((TypeError, ValueError)) as e:
        call()
    assert type(e.value) is kind_of_error, (type(e.value), str(e.value))
    return str(e.value)


def _or_none(kind):
    return " or None" if kind.none else ""


# ---- what each declared kind refuses and accepts -----------------------------------------------

NOT_A_NUMBER = st.one_of(
    st.text(max_size=3), st.binary(max_size=2), st.booleans(), st.none(),
    st.lists(st.floats(allow_nan=False), max_size=2),
    st.sampled_from([Decimal("1.5"), 1 + 2j, np.bool_(True), np.array([1.0]), np.array(2.0),
                     {"a": 1}, (1.0,)]),
)
NOT_FINITE = st.sampled_from([math.nan, math.inf, -math.inf, np.float32("nan"), np.float64(math.inf),
                              mpmath.mpf("nan"), mpmath.inf, -mpmath.inf])


@pytest.mark.parametrize("kind", REALS, ids=_label)
@given(value=NOT_A_NUMBER, float64=st.booleans())
def test_a_real_kind_refuses_what_is_not_a_real_number(kind, value, float64):
    """A string, bytes, a bool (numpy's too), a list, a Decimal, a complex number, an array
    (0-dimensional too), None where None means nothing: TypeError naming the argument."""
    assume(not (value is None and kind.none))
    message = _refused(TypeError, lambda: kind(value, NAME, float64=float64))
    assert message == f"{NAME} is {show(value)}: expected a real number"


@pytest.mark.parametrize("kind", REALS, ids=_label)
@given(value=NOT_FINITE, float64=st.booleans())
def test_a_real_kind_refuses_nan_and_infinity(kind, value, float64):
    message = _refused(ValueError, lambda: kind(value, NAME, float64=float64))
    assert message == f"{NAME} is {show(value)}: expected a finite number"


BIG = 2 ** 60  # ints drawn stay inside the float64 range, where both faces read them


def _inside(kind):
    """Finite floats, ints, Fractions with small denominators, mpf and numpy floats inside a real
    kind's range."""
    low, high = kind.low, kind.high

    def ok(v):
        return (low is None or (v > low if kind.strict else v >= low)) and (high is None or v < high)
    floats = st.floats(min_value=low, max_value=high, allow_nan=False, allow_infinity=False).filter(ok)
    fractions = st.fractions(min_value=low, max_value=high, max_denominator=64).filter(ok)
    out = [floats, fractions, floats.map(mpmath.mpf), floats.map(np.float64)]
    first = -BIG if low is None else low + (1 if kind.strict else 0)
    last = BIG if high is None else high - 1
    if first <= last:  # (0, 1) holds no int
        out.append(st.integers(first, last))
    return st.one_of(*out)


def _outside(kind):
    """Finite numbers outside a real kind's range: below its bound (at it too where the bound is
    excluded), at or past the end of an open interval, a count that is not whole."""
    low, high = kind.low, kind.high

    def below(v):
        return v <= low if kind.strict else v < low
    out = [st.floats(max_value=low, allow_nan=False, allow_infinity=False).filter(below),
           st.integers(-BIG, low if kind.strict else low - 1)]
    if high is not None:
        out += [st.floats(min_value=high, allow_nan=False, allow_infinity=False), st.integers(high, BIG)]
    if kind.integral:
        out.append(st.floats(min_value=0, max_value=1e15).filter(lambda v: v != int(v)))
    return st.one_of(*out)


def _declared_refusal(kind, value):
    """The words the declaration of a real kind gives a value outside its range."""
    if kind.integral:
        return f"{NAME} is {show(value)}: a count must be a non-negative integer"
    if kind.high is not None:
        return f"{NAME} must be in ({kind.low}, {kind.high}), got {show(value)}"
    return f"{NAME} must be {'>' if kind.strict else '>='} {kind.low}{_or_none(kind)}, got {show(value)}"


@pytest.mark.parametrize("kind", [k for k in REALS if k.low is not None], ids=_label)
@given(data=st.data(), float64=st.booleans())
def test_a_real_kind_refuses_a_number_outside_its_range(kind, data, float64):
    """Below the bound (at it, where the bound is excluded: 0 is not > 0), at or past the end of an
    open interval, or a count that is negative or not whole: ValueError showing the value as
    given."""
    value = data.draw(_outside(kind))
    message = _refused(ValueError, lambda: kind(value, NAME, float64=float64))
    assert message == _declared_refusal(kind, value)


@pytest.mark.parametrize("kind", REALS, ids=_label)
@given(data=st.data())
def test_a_real_kind_keeps_the_reference_s_scalar_type_and_gives_the_fast_face_a_float(kind, data):
    if kind.integral:
        value = data.draw(st.one_of(st.integers(0, BIG), st.integers(0, 2 ** 40).map(float)))
    else:
        value = data.draw(_inside(kind))
    got = kind(value, NAME)
    scalar_type = (Fraction if isinstance(value, (int, Fraction)) else
                   mpmath.mpf if isinstance(value, mpmath.mpf) else float)
    assert got == value and type(got) is scalar_type
    fast = kind(value, NAME, float64=True)
    assert type(fast) is float and fast == float(value)


@pytest.mark.parametrize("kind", REALS, ids=_label)
def test_none_is_a_value_only_where_it_is_declared(kind):
    if kind.none:
        assert kind(None, NAME) is None and kind(None, NAME, float64=True) is None
    else:
        assert _refused(TypeError, lambda: kind(None, NAME)) == f"{NAME} is None: expected a real number"


@pytest.mark.parametrize("kind", [k for k in REALS if k.high is None and not k.integral], ids=_label)
@given(value=st.sampled_from([10 ** 400, -10 ** 400, Fraction(10 ** 400, 3), mpmath.mpf("1e400")]))
def test_only_the_fast_face_refuses_a_number_with_no_float64_value(kind, value):
    """The reference holds 10**400 exactly; the float64 loops cannot, and say so rather than
    computing with inf."""
    if kind.low is None or value > kind.low:
        assert kind(value, NAME) == value
        assert _refused(ValueError, lambda: kind(value, NAME, float64=True)) == (
            f"{NAME} is {show(value)}: outside the float64 range")


def _integer_bounds(kind):
    return kind.low, kind.high


@pytest.mark.parametrize("kind", [k for k in INTEGERS if not k.integral], ids=_label)
@given(value=st.one_of(NOT_A_NUMBER, st.floats(), st.fractions(), st.floats().map(np.float64)))
def test_an_integer_kind_refuses_what_is_not_an_integer(kind, value):
    """Floats (2.0 too, as numpy refuses it as a size), Fractions, bools, strings, None where
    None means nothing: TypeError naming the argument."""
    assume(not (value is None and kind.none))
    message = _refused(TypeError, lambda: kind(value, NAME))
    assert message == f"{NAME} must be an integer{_or_none(kind)}, got {show(value)}"


@pytest.mark.parametrize("kind", [k for k in INTEGERS if k.low is not None or k.high is not None], ids=_label)
@given(data=st.data())
def test_an_integer_kind_refuses_an_integer_outside_its_range(kind, data):
    low, high = _integer_bounds(kind)
    sides = []
    if low is not None:
        sides.append(st.integers(min_value=-2 ** 70, max_value=low - 1))
    if high is not None:
        sides.append(st.integers(min_value=high + 1, max_value=2 ** 70))
    value = data.draw(st.one_of(*sides))
    if kind.integral and not -2 ** 63 <= value < 2 ** 63:
        expected = f"{NAME} is {value}: outside the int64 range -2**63 .. 2**63 - 1"
    elif low is not None and value < low:
        expected = f"{NAME} must be >= {low}{_or_none(kind)}, got {value}"
    elif kind.beyond == "table_size":
        expected = (f"{NAME} is {value}: a count table that large cannot be held (at most "
                    f"{messages.MAX_TABLE_SIZE} = 2**31 - 1 entries per class)")
    else:
        expected = (f"{NAME} must be <= {messages.MAX_COUNT} (2**31 - 1, the largest count the "
                    f"compiled loops hold), got {value}")
    for given_as in (value, np.int64(value)) if -2 ** 63 <= value < 2 ** 63 else (value,):
        assert _refused(ValueError, lambda: kind(given_as, NAME)) == expected


@pytest.mark.parametrize("kind", INTEGERS, ids=_label)
@given(data=st.data())
def test_an_integer_kind_accepts_its_range_as_ints(kind, data):
    low, high = _integer_bounds(kind)
    value = data.draw(st.integers(min_value=-2 ** 62 if low is None else low,
                                  max_value=2 ** 62 if high is None else high))
    for given_as in (value, np.int64(value), np.uint32(value) if 0 <= value < 2 ** 32 else value):
        got = kind(given_as, NAME)
        assert got == value and type(got) is int


def test_an_integral_kind_reads_whole_numbers_given_as_reals():
    """``natural`` reads an observed count: 3.0 and Fraction(6, 2) are 3; 2.5, NaN and a string are
    not counts."""
    assert P.natural(3.0, NAME) == 3 and P.natural(Fraction(6, 2), NAME) == 3
    assert _refused(ValueError, lambda: P.natural(2.5, NAME)) == f"{NAME} is 2.5: expected an integer"
    assert _refused(ValueError, lambda: P.natural(math.nan, NAME)) == f"{NAME} is nan: expected a finite integer"
    assert _refused(TypeError, lambda: P.natural("3", NAME)) == f"{NAME} is '3': expected an integer"
    assert _refused(TypeError, lambda: P.natural(True, NAME)) == f"{NAME} is True: expected an integer"


OPTIONS = st.lists(st.text(min_size=1, max_size=4), min_size=1, max_size=4, unique=True).map(tuple)


@given(options=OPTIONS, value=st.one_of(st.integers(), st.floats(), st.none(), st.binary(), st.booleans(),
                                        st.lists(st.text(), max_size=1)),
       other=st.sampled_from(["", " or a kernel K(x, z)"]))
def test_a_choice_that_is_not_a_string_is_the_wrong_kind(options, value, other):
    message = _refused(TypeError, lambda: P.choice(value, NAME, options, other))
    assert message == f"{NAME} must be one of {options!r}{other}, got {show(value)}"


@given(options=OPTIONS, value=st.text(max_size=4))
def test_a_choice_names_its_options_and_returns_the_option_itself(options, value):
    if value not in options:
        message = _refused(ValueError, lambda: P.choice(value, NAME, options))
        assert message == f"{NAME} must be one of {options!r}, got {value!r}"
        return

    class Name(str):
        pass
    got = P.choice(Name(value), NAME, options)
    assert got is options[options.index(value)] and type(got) is str


@given(value=st.one_of(st.integers(), st.floats(), st.none(), st.text(max_size=3),
                       st.sampled_from([np.int64(1), np.float64(0.0), 1 + 0j, [True]])))
def test_a_flag_is_true_or_false_and_nothing_else(value):
    """1 and 0 included: a number passed where a flag was meant is a mistake."""
    message = _refused(TypeError, lambda: P.flag(value, NAME))
    assert message == f"{NAME} must be True or False, got {show(value)}"


@pytest.mark.parametrize("value", [True, False, np.True_, np.False_])
def test_a_flag_is_read_as_a_bool(value):
    got = P.flag(value, NAME)
    assert got is bool(value)


@given(m=st.integers(1, 50), data=st.data())
def test_an_index_is_an_integer_in_0_to_m_minus_1(m, data):
    inside = data.draw(st.integers(0, m - 1))
    assert P.index(inside, NAME, m) == inside and type(P.index(np.int32(inside), NAME, m)) is int
    outside = data.draw(st.one_of(st.integers(max_value=-1), st.integers(min_value=m)))
    assert _refused(ValueError, lambda: P.index(outside, NAME, m)) == (
        f"{NAME} must be an index 0..{m - 1}, got {outside}")
    wrong = data.draw(st.one_of(st.floats(), st.booleans(), st.text(max_size=2), st.none(),
                                st.just(np.float64(inside))))
    assert _refused(TypeError, lambda: P.index(wrong, NAME, m)) == (
        f"{NAME} must be an index 0..{m - 1}, got {show(wrong)}")


ALL_CORES = "must be an integer >= 1, or -1 or None (all cores), got"


@given(value=st.one_of(st.integers(max_value=0).filter(lambda v: v != -1), st.floats(), st.booleans(),
                       st.text(max_size=2), st.just(np.float64(2.0))))
def test_n_jobs_is_a_number_of_cores_or_all_of_them(value):
    kind = TypeError if not isinstance(value, int) or isinstance(value, bool) else ValueError
    assert _refused(kind, lambda: P.n_jobs(value)) == f"n_jobs {ALL_CORES} {show(value)}"


@given(value=st.integers(1, 2 ** 40))
def test_n_jobs_counts_at_most_the_threads_c_sizes(value):
    assert P.n_jobs(value) == min(value, 2 ** 31 - 1)
    assert P.n_jobs(-1) == P.n_jobs(None) >= 1


def test_every_refusal_of_a_kind_is_a_row_of_the_message_table():
    """The words of every kind's refusal are one of the table's rows, filled in: what a kind can
    say is what ``messages.MESSAGES`` holds (both faces and the estimators say it alike)."""
    import re
    templates = [re.compile("^" + re.sub(r"\\\{\w+\\\}", ".*", re.escape(t)) + "$", re.S)
                 for _, t in messages.MESSAGES.values()]
    seen = 0
    for kind in P.KINDS.values():
        for value, extra in _bad_values(kind, m=3, options=("a", "b")):
            try:
                _read(kind, value, NAME, extra)
            except (TypeError, ValueError) as e:
                seen += 1
                assert any(t.match(str(e)) for t in templates), str(e)
    assert seen > 50


# ---- the bad values of a kind, from its declaration --------------------------------------------

def _bad_values(kind, m=None, options=None):
    """(value, extra arguments) that the kind refuses: the wrong kinds of object, NaN and ±inf,
    the edges of its range, derived from the declaration."""
    if isinstance(kind, P.Real):
        bad = ["a", True, [1.0], math.nan, math.inf, -math.inf]
        if not kind.none:
            bad.append(None)
        if kind.low is not None:
            bad += [kind.low - 1, kind.low - 0.5]
            if kind.strict or kind.high is not None:
                bad.append(kind.low)
            if kind.high is not None:
                bad += [kind.high, kind.high + 1]
            if kind.integral:
                bad.append(kind.low + 0.5)
        return [(v, ()) for v in bad]
    if isinstance(kind, P.Integer):
        bad = [2.5, True, "a", [1]] + ([] if kind.integral else [2.0])
        if not kind.none:
            bad.append(None)
        if kind.low is not None:
            bad.append(kind.low - 1)
        if kind.high is not None:
            bad.append(kind.high + 1)
        return [(v, ()) for v in bad]
    if isinstance(kind, P.Choice):
        return [(v, (options,)) for v in (7, None, "no such option", b"x")]
    if isinstance(kind, P.Flag):
        return [(v, ()) for v in (1, 0, None, "yes", 1.0)]
    if isinstance(kind, P.Index):
        return [(v, (m,)) for v in (-1, m, 10 ** 9, 1.5, True, "0", None)]
    if isinstance(kind, P.Cores):
        return [(v, ()) for v in (0, -2, 1.5, True, "all")]
    raise AssertionError(f"no bad values for {kind!r}")


def _read(kind, value, name, extra):
    return kind(value, name, *extra)


# ---- both faces read every scalar argument through the kinds, alike -----------------------------

KIND_CLASSES = (P.Real, P.Integer, P.Choice, P.Flag, P.Index, P.Cores)


@contextlib.contextmanager
def reads():
    """Every kind called inside the block, as (kind, name, extra arguments), in order."""
    seen = []
    with pytest.MonkeyPatch.context() as patch:
        for cls in KIND_CLASSES:
            def spy(self, value, *args, _original=cls.__call__, **kwargs):
                name = args[0] if args else kwargs.get("name", "n_jobs")
                extra = tuple(a for a in args[1:] if not isinstance(a, bool)) + tuple(
                    v for k, v in kwargs.items() if k not in ("name", "float64"))
                seen.append((self, name, extra))
                return _original(self, value, *args, **kwargs)
            patch.setattr(cls, "__call__", spy)
        yield seen


FUNCTIONS = bases.functions()
BASES = bases.table()


def _function(face, module, name):
    return getattr(importlib.import_module(f"cs229.{face}.{module}"), name)


def _call(face, module, name, kwargs):
    args = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in kwargs.items()}
    if face == "reference":
        args = {k: for_reference(v) for k, v in args.items()}
    return _function(face, module, name)(**args)


def _watched(face, module, name, kwargs):
    """{argument: (kind, extra)} for the arguments of the function read by a kind on a valid call
    (a fit that ends in an error of the algorithm still read its arguments first)."""
    arguments = inspect.signature(_function(face, module, name)).parameters
    with reads() as seen:
        try:
            _call(face, module, name, kwargs)
        except (ArithmeticError, ExactResultError):  # the cap, or an irrational exact result:
            pass                                       # the arguments were read first
    out = {}
    for kind, arg, extra in seen:
        if arg in arguments:
            out.setdefault(arg, (kind, extra))
    return out


# Scalar arguments read by a reader of their own rather than a kind: what they are and why.
OWN_READERS = {
    "discrete": "trees: True, False or one bool per feature (a mask read with X's columns)",
    "name": "the name an error gives the argument, not a value the computation reads",
    "s": "a string the string kernel maps (data), read by its reader of strings",
    "y": "one label or target of one example: data, read by the labels' readers of inputs as a "
         "one-entry vector (or by parameters.real where it is any real number)",
}
# Arguments a kind reads that take other forms too, read first by a reader of their own (the
# faces agree with each other there, in that reader's words): (module, function, argument).
OTHER_FORMS = {
    ("kernels", "power_features", "x"): "one attribute: a number, or a vector of one entry (KR-1)",
    ("kernels", "gaussian_features", "x"): "one attribute: a number, or a vector of one entry (KR-5)",
    ("naive_bayes", "categorical_fit", "k"): "k_j (NB-5): one integer for every feature, or one per feature",
}


def _scalar_arguments(face, module, name):
    """The arguments whose default or valid value is a bool, a number or a string."""
    kwargs = BASES[(module, name)]
    out = set()
    for arg, p in inspect.signature(_function(face, module, name)).parameters.items():
        value = kwargs.get(arg, p.default)
        if isinstance(value, (bool, int, float, str, np.integer, np.floating)) and arg not in OWN_READERS:
            out.add(arg)
    return out


WITH_BASES = [f for f in FUNCTIONS if f in BASES]


def test_every_public_function_has_valid_arguments_to_watch():
    assert WITH_BASES == FUNCTIONS and len(FUNCTIONS) > 100


@pytest.mark.parametrize("module,name", WITH_BASES, ids=[f"{m}.{n}" for m, n in WITH_BASES])
def test_both_faces_read_every_scalar_argument_by_the_same_kind(module, name):
    """On a valid call each face reads each of its scalar arguments (a bool, number or string
    default or value) through a kind of cs229.reference.parameters, and the two faces read the
    same arguments by the same kinds."""
    kwargs = BASES[(module, name)]
    watched = {face: _watched(face, module, name, kwargs) for face in ("fast", "reference")}
    kinds = {face: {arg: kind.label for arg, (kind, _) in w.items()} for face, w in watched.items()}
    assert kinds["fast"] == kinds["reference"]
    missing = _scalar_arguments("fast", module, name) - set(kinds["fast"])
    assert not missing, f"{module}.{name} reads {sorted(missing)} without a kind of parameters"


@pytest.mark.parametrize("module,name", WITH_BASES, ids=[f"{m}.{n}" for m, n in WITH_BASES])
def test_the_same_bad_argument_gets_the_same_words_from_both_faces(module, name):
    """Every argument a kind reads, given each value its kind refuses: both faces raise the same
    exception with the same text, which names the argument (the kind's own words)."""
    kwargs = BASES[(module, name)]
    failures = []
    for arg, (kind, extra) in _watched("fast", module, name, kwargs).items():
        m = extra[0] if isinstance(kind, P.Index) else None
        options = extra[0] if isinstance(kind, P.Choice) else None
        for bad, _ in _bad_values(kind, m=m, options=options):
            outcomes = {}
            for face in ("fast", "reference"):
                try:
                    _call(face, module, name, {**kwargs, arg: bad})
                    outcomes[face] = ("no error",)
                except (TypeError, ValueError) as e:
                    outcomes[face] = (type(e).__name__, str(e))
            expected = _outcome(lambda: _read(kind, bad, arg, extra))
            if (module, name, arg) in OTHER_FORMS:
                expected = outcomes["reference"]
            if not (outcomes["fast"] == outcomes["reference"] == expected):
                failures.append(f"{arg}={bad!r}: fast {outcomes['fast']}, reference {outcomes['reference']}, "
                                f"the kind {expected}")
    assert not failures, f"{module}.{name}:\n" + "\n".join(failures)


def _outcome(call):
    try:
        call()
    except (TypeError, ValueError) as e:
        return (type(e).__name__, str(e))
    return ("no error",)


def test_the_fast_face_keeps_no_scalar_reader_of_its_own():
    """cs229.fast._validation holds the array fast paths; the scalar readers it had are the
    kinds now, one for both faces."""
    validation = importlib.import_module("cs229.fast._validation")
    left = {"as_scalar", "positive", "nonnegative", "positive_int", "check_tol", "sgd_schedule",
            "table_size"} & set(dir(validation))
    assert not left


# ---- the estimators -----------------------------------------------------------------------------

def _regression(m=40, n=2, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((m, n))
    return X, X @ np.array([1.0, -0.5]) + 0.5 + 0.3 * rng.standard_normal(m)


def _classes(m=40, k=2, seed=1):
    rng = np.random.default_rng(seed)
    y = np.arange(m) % k
    return rng.standard_normal((m, 2)) + 1.5 * y[:, None], y


def _counts(m=40, seed=3):
    rng = np.random.default_rng(seed)
    y = np.arange(m) % 2
    return rng.poisson(np.where(y[:, None] == 1, [0.5, 2.0, 1.0], [2.0, 0.5, 1.0])).astype(np.int64), y


def _estimators():
    import cs229.estimators as E
    regression, two, three, counts = _regression(), _classes(), _classes(k=3), _counts()
    poisson = (regression[0], np.random.default_rng(4).poisson(2.0, size=40))
    return [  # (estimator, data): every solver, kernel and option path
        (E.LinearRegression(), regression), (E.LinearRegression(solver="gd", max_iterations=50), regression),
        (E.LinearRegression(solver="sgd", epochs=3, shuffle=True, random_state=0), regression),
        (E.LocallyWeightedRegression(), regression),
        (E.Ridge(), regression), (E.Ridge(alpha=0.5, fit_intercept=False, solver="qr"), regression),
        (E.LogisticRegression(max_iterations=50), two), (E.LogisticRegression(solver="gd", max_iterations=50), two),
        (E.LogisticRegression(solver="sgd", epochs=3, shuffle=True, random_state=0), two),
        (E.LogisticRegression(penalty="l2", C=0.5, max_iterations=50), two),
        (E.LogisticRegression(penalty="l2", max_iterations=50), three),
        (E.Perceptron(max_epochs=5, shuffle=True, random_state=0), two),
        (E.SoftmaxRegression(solver="gd", max_iterations=50), three), (E.SoftmaxRegression(max_iterations=50), three),
        (E.SoftmaxRegression(penalty="l2", C=2.0, max_iterations=50), three),
        (E.GLM(family="poisson", max_iterations=50), poisson),
        (E.GLM(family="poisson", solver="gd", learning_rate=0.001, max_iterations=50), poisson),
        (E.PoissonRegression(max_iterations=50), poisson),
        (E.PoissonRegression(solver="gd", learning_rate=0.001, max_iterations=50), poisson),
        (E.PoissonRegression(alpha=0.1, max_iterations=50), poisson),
        (E.GaussianDiscriminantAnalysis(), two),
        (E.BernoulliNB(binarize=0.5), counts), (E.MultinomialNB(), counts),
        (E.SVC(max_iterations=500), two), (E.SVC(kernel="poly", max_iterations=500), two),
        (E.SVC(kernel="linear", rule="platt", max_iterations=500), two),
        (E.KernelPerceptron(max_epochs=3, shuffle=True, random_state=0), two),
        (E.KernelPerceptron(kernel="poly", max_epochs=3), two),
        (E.DecisionTreeClassifier(max_depth=2), two),
    ]


ESTIMATORS = _estimators()
IDS = [f"{type(e).__name__}-{i}" for i, (e, _) in enumerate(ESTIMATORS)]
# scikit-learn's own parameters, read its way: verbose (any int, how much to print) and
# random_state (None, an int or a RandomState, by check_random_state)
SCIKIT_LEARN_S = {"verbose", "random_state"}
# Values an estimator gives a meaning the faces do not: (parameter, value) -> the meaning.
ESTIMATORS_OWN_VALUES = {
    ("max_iterations", None): "the solver's own cap (100 Newton steps, 10 000 gradient steps)",
    ("binarize", None): "no threshold: the features are taken as given (0 or 1)",
    ("n_jobs", -2): "every core but one (scikit-learn's; -3 all but two, ...)",
    ("penalty", None): "the notes' maximum likelihood fit, no penalty (scikit-learn's None)",
    ("C", math.inf): "λ = 1/C = 0, no penalty (scikit-learn's other way of saying it)",
}
# Parameters an estimator refuses in words of its own, since scikit-learn's meaning differs from
# the faces' (tests/estimators/test_n_jobs.py holds their words).
ESTIMATORS_OWN_WORDS = {"n_jobs": "None is one core for an estimator, all cores for the faces"}
# Parameters that take a number or a name (scikit-learn's): a string is read as one of the names.
NAMES_TOO = {"gamma": (("scale", "auto"), " or a number > 0")}


def _fit_watched(estimator, data):
    with reads() as seen, warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)  # small caps: what is read is the point
        try:
            estimator.fit(*data)
        except ArithmeticError:
            pass
    return seen


@pytest.mark.parametrize("estimator,data", ESTIMATORS, ids=IDS)
def test_an_estimator_refuses_a_bad_parameter_in_the_words_of_its_kind(estimator, data):
    """Each parameter a fit reads by a kind, given each value that kind refuses: the fit raises
    what the kind raises (an estimator and the fast function it calls say the same)."""
    params = estimator.get_params()
    first = {}
    for kind, name, extra in _fit_watched(estimator, data):
        first.setdefault(name, (kind, extra))  # the estimator's own reading comes first
    failures = []
    for name, (kind, extra) in first.items():
        if name not in params or name in ESTIMATORS_OWN_WORDS:
            continue
        m = extra[0] if isinstance(kind, P.Index) else None
        options = extra[0] if isinstance(kind, P.Choice) else None
        for bad, _ in _bad_values(kind, m=m, options=options):
            if any(name == n and bad is v for n, v in ESTIMATORS_OWN_VALUES):
                continue
            est = type(estimator)(**{**params, name: bad})
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", ConvergenceWarning)
                got = _outcome(lambda: est.fit(*data))
            if name in NAMES_TOO and isinstance(bad, str):
                expected = _outcome(lambda: P.choice(bad, name, *NAMES_TOO[name]))
            else:
                expected = _outcome(lambda: _read(kind, bad, name, extra))
            if got != expected:
                failures.append(f"{name}={bad!r}: the fit {got}, the kind {expected}")
    assert not failures, "\n".join(failures)


def test_every_scalar_parameter_of_every_estimator_is_read_by_a_kind():
    """Over the fits of each estimator's paths, each parameter whose value is a bool, a number or a
    string is read by a kind, scikit-learn's own aside."""
    read, scalar = {}, {}
    for estimator, data in ESTIMATORS:
        cls = type(estimator).__name__
        read.setdefault(cls, set()).update(name for _, name, _ in _fit_watched(estimator, data))
        scalar.setdefault(cls, set()).update(
            p for p, v in estimator.get_params().items()
            if isinstance(v, (bool, int, float, str)) and p not in SCIKIT_LEARN_S and p not in OWN_READERS)
    missing = {cls: sorted(scalar[cls] - read[cls]) for cls in scalar if scalar[cls] - read[cls]}
    assert not missing


# Parameters an estimator reads itself before the call, and why: the rest are read once, by the
# fast function it calls.
READ_BY_THE_ESTIMATOR = {
    "max_iterations": "the cap decides whether reaching it warns (and None is the solver's cap)",
    "max_epochs": "the cap decides whether reaching it warns",
    "fit_intercept": "the x₀ = 1 column is the estimator's",
    "threshold": "the tree's labels are read by it",
    "solver": "the solver picks the fast function",
    "kernel": "the kernel is built from its name",
    "gamma": "a kernel's option, read under scikit-learn's name to build the kernel (which reads it again)",
    "degree": "a kernel's option, read under scikit-learn's name to build the kernel",
    "coef0": "a kernel's option, read under scikit-learn's name to build the kernel",
    "family": "the family object is built from its name",
    "learning_rate": "scikit-learn's name of the faces' step size α, refused in its own words",
    "alpha": ("GLM and PoissonRegression: the penalty, λ = alpha · m for the faces' lam; elsewhere "
              "the deprecated step size, read in its own words (the faces' α shares the name)"),
}


@pytest.mark.parametrize("estimator,data", ESTIMATORS, ids=IDS)
def test_a_parameter_the_estimator_passes_on_is_read_once(estimator, data):
    """C, alpha, tol, seed, ...: the estimator hands them to the fast function, which reads them
    once (SVC's C was read twice on its way to the solver)."""
    params = estimator.get_params()
    counts = {}
    for _, name, _ in _fit_watched(estimator, data):
        if name in params and name not in READ_BY_THE_ESTIMATOR:
            counts[name] = counts.get(name, 0) + 1
    assert all(n == 1 for n in counts.values()), counts
    if type(estimator).__name__ == "SVC":
        assert counts["C"] == 1
