"""The fuzz harness catches what it is for: a crash, a hang, an exception swallowed where it
cannot propagate, a change to the caller's array, and each kind of disagreement."""
import ctypes

import numpy as np
import pytest

from . import harness

pytestmark = pytest.mark.fuzz


def answer(x):
    return np.asarray(x, dtype=float) * 2


def run(fast, reference=answer, x=None, limit=5.0):
    return harness.run(fast, reference, {"x": np.array([1.0, 2.0]) if x is None else x}, limit, limit)


def test_agreement_passes():
    assert run(answer) is None
    assert run(lambda x: answer(x) * (1 + 1e-12)) is None  # rounding


def test_a_crash_is_a_failure():
    assert run(lambda x: ctypes.string_at(0)).startswith("crash: SIGSEGV during the fast call")


def test_a_hang_is_a_failure():
    def forever(x):
        while True:
            pass
    assert run(forever, limit=0.5).startswith("hang")


def test_a_slow_reference_gives_no_verdict():
    def forever(x):
        while True:
            pass
    assert run(answer, reference=forever, limit=0.5) is None


def test_a_swallowed_exception_is_a_failure():
    class Raises:
        def __del__(self):
            raise IndexError("Out of bounds on buffer access (axis 0)")

    def swallow(x):
        Raises()
        return answer(x)
    assert "Out of bounds" in run(swallow)


def test_writing_into_the_caller_s_array_is_a_failure():
    def writes(x):
        x[0] = 5.0
        return answer(x)
    assert "changed the caller's arguments" in run(writes)


def test_disagreements_are_failures():
    assert run(lambda x: answer(x) + 1).startswith("answers differ")
    assert "fast raised ValueError" in run(lambda x: (_ for _ in ()).throw(ValueError("no")))

    def refuses(x):
        raise TypeError("x is wrong")
    assert "reference raised TypeError" in run(answer, reference=refuses)
    assert "fast raised ValueError" in run(lambda x: (_ for _ in ()).throw(ValueError("x")), reference=refuses)
    assert run(refuses, reference=refuses) is None


def test_the_reference_gets_floats_where_the_fast_face_computes_in_float64():
    child_view = harness.for_reference(np.array([1, 2], dtype=object))
    assert child_view == [1.0, 2.0] and all(type(v) is float for v in child_view)
    assert harness.for_reference(np.array([[1, 2]], dtype=np.int64)) == [[1.0, 2.0]]
    assert harness.for_reference(3) == 3 and type(harness.for_reference(3)) is int  # an int parameter
    assert harness.for_reference([3, 3]) == [3, 3]  # a list of sizes stays ints
