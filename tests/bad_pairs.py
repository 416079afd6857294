"""Pairs of bad arguments: a Hypothesis property that both faces answer a call with two bad
arguments alike (the same error type and words), i.e. check their arguments in one order.

The valid arguments and the bad parameter values come from a topic's bad-input table
(tests/bad_input.py's ``Table``); each array argument may also be NaN-filled, empty, None, a
string, or one dimension too deep."""
import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st

ARRAY_BADS = ("nan", "empty", "none", "string", "deeper")


def _bad_array(value, how):
    value = np.asarray(value)
    if how == "nan":
        bad = value.astype(float)
        bad.flat[-1] = np.nan
        return bad
    if how == "empty":
        return np.empty((0,) + value.shape[1:], dtype=value.dtype)
    if how == "none":
        return None
    if how == "string":
        return "abc"
    return value[..., None]


def bad_values(table, key):
    """[(argument, bad value)] for ``key``: its table's bad parameters and the array bads."""
    out = [(case[0], case[1]) for case in table.parameters.get(key, [])]
    for arg in table.plain(key):
        out += [(arg, (_bad_array, table.value(key, arg), how)) for how in ARRAY_BADS]
    return out


def _value(v):
    return v[0](v[1], v[2]) if isinstance(v, tuple) and len(v) == 3 and callable(v[0]) else v


def outcome(f):
    """(error type, words) or ("answer", None); a message naming its own face's module (the
    place to fit something else) is read with the module's name as the reference spells it."""
    try:
        f()
    except (TypeError, ValueError, ArithmeticError) as e:
        return type(e).__name__, str(e).replace("cs229.fast.", "cs229.reference.")
    return "answer", None


def pairs(table, leave_out=()):
    """Draws (key, {arg: bad, arg2: bad2}) over the table's functions with two bad arguments
    (but those in ``leave_out``)."""
    keys = [k for k in table.valid if k not in leave_out
            and len({a for a, _ in bad_values(table, k)}) >= 2]

    @st.composite
    def draw_pair(draw):
        key = draw(st.sampled_from(keys))
        bads = bad_values(table, key)
        first = draw(st.sampled_from(bads))
        second = draw(st.sampled_from([b for b in bads if b[0] != first[0]]))
        return key, {first[0]: first[1], second[0]: second[1]}
    return draw_pair()


def check_pair(table, key, bad):
    """Both faces fail (or answer) alike on ``key`` called with the bad arguments ``bad``."""
    override = {arg: _value(v) for arg, v in bad.items()}
    ref = outcome(lambda: table.call("reference", key, **override))
    fast = outcome(lambda: table.call("fast", key, **override))
    assume(ref[0] != "answer" or fast[0] != "answer")
    assert ref == fast, (key, {a: (v[2] if isinstance(v, tuple) else v) for a, v in bad.items()},
                         ref, fast)


def two_bad_arguments(table, leave_out=()):
    """The property of a topic's test_errors.py: every function of its bad-input table (but those
    in ``leave_out``), called with two bad arguments at once (a bad parameter of the table, or an
    array NaN, empty, None, a string, one dimension too deep), gets the same error type and words
    in both faces."""
    @settings(max_examples=150)
    @given(pairs(table, leave_out))
    def test_two_bad_arguments_get_the_same_error_in_both_faces(case):
        check_pair(table, *case)
    return test_two_bad_arguments_get_the_same_error_in_both_faces
