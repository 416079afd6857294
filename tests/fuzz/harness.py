"""One fuzz case in a forked child: the fast call, then the reference call, then the verdict.

A crash (a signal), a hang (the fast call past its time limit), an exception that Cython could
not raise (an "Out of bounds" in a noexcept function reaches ``sys.unraisablehook``), a change to
the caller's arrays, or a disagreement with the reference is a failure, reported as text; the
parent survives all of them. The reference gets the same values (a numeric array as nested
lists of floats, so that it computes in float64 as the fast face does; anything else as given)
and its own time limit: past that the case has no reference verdict and only the fast checks
apply. The reference's exact arithmetic is not the fast face's contract: ints inside arrays and
lists, Fractions and numpy scalars reach it as floats; where an int parameter still makes it
exact and it refuses an irrational result (ExactResultError), the case has no reference verdict.
"""
import dataclasses
import faulthandler
import json
from fractions import Fraction
import math
import numbers
import os
import select
import signal
import sys
import time
import traceback

import numpy as np

from cs229.reference.scalar import ExactResultError

# Answers agree to this fraction of the larger of the two values, with the answer's largest
# entry as the floor near zero. The contract on well-conditioned data is 1e-12 for closed forms
# and the same iterates for iterative fits; fuzzed data is not well conditioned, and a
# difference beyond this is a wrong answer, not rounding.
RTOL = 1e-8


# ---- what the reference is given -----------------------------------------------------------

def for_reference(value, inside=False):
    """The value as the reference takes it: a real array as nested lists of floats, other arrays
    as nested lists of their entries (ints among them as floats), a Fraction or numpy float as a
    float, a model with its array fields so converted. An int stays an int outside arrays (an int
    parameter, a list of sizes) and becomes a float ``inside`` an array."""
    if isinstance(value, np.ndarray):
        if value.dtype.kind in "iuf" and value.ndim > 0:
            return value.astype(np.float64).tolist()
        return for_reference(value.tolist(), True) if value.ndim > 0 else value
    if isinstance(value, (list, tuple)):
        return type(value)(for_reference(v, inside) for v in value)
    if isinstance(value, bool) or isinstance(value, np.bool_):
        return value
    if isinstance(value, (int, np.integer)) and inside or isinstance(value, (Fraction, np.floating)):
        try:
            return float(value)
        except OverflowError:
            return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        arrays = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)
                  if isinstance(getattr(value, f.name), np.ndarray)}
        # a model's integer field (NB's k, counts) stays integer: only data become floats
        return dataclasses.replace(value, **{k: a.tolist() if a.dtype.kind in "iu" else for_reference(a)
                                             for k, a in arrays.items()}) if arrays else value
    return value


# ---- the caller's arguments before and after -------------------------------------------------

def snapshot(value, seen=None):
    """A deep copy of everything mutable a call could change (arrays, lists, pandas data, model
    fields), cycles cut."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return ("cycle",)
    if isinstance(value, np.ndarray):
        return ("array", value.dtype.str, value.shape, value.copy())
    if type(value).__module__.partition(".")[0] == "pandas" and hasattr(value, "to_numpy"):
        return ("pandas", snapshot(value.to_numpy(copy=True)))
    if type(value).__module__.startswith("scipy.sparse"):
        return ("sparse", snapshot(value.toarray()))
    seen = seen | {id(value)}
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [snapshot(v, seen) for v in value])
    if isinstance(value, dict):
        return ("dict", {k: snapshot(v, seen) for k, v in value.items()})
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, {f.name: snapshot(getattr(value, f.name), seen)
                                       for f in dataclasses.fields(value)})
    return ("value", value)


def unchanged(before, after):
    if before[0] != after[0]:
        return False
    if before[0] == "cycle":  # a cut cycle has no contents of its own to compare
        return True
    if before[0] == "array":
        a, b = before[3], after[3]
        if before[1:3] != after[1:3]:
            return False
        if a.dtype.kind in "fc":
            return np.array_equal(a, b, equal_nan=True)
        return all(x is y or x == y for x, y in zip(a.ravel().tolist(), b.ravel().tolist())) \
            if a.dtype == object else np.array_equal(a, b)
    if before[0] in ("pandas", "sparse"):
        return unchanged(before[1], after[1])
    if before[0] in ("list", "tuple"):
        return len(before[1]) == len(after[1]) and all(unchanged(x, y) for x, y in zip(before[1], after[1]))
    if before[0] == "value":
        x, y = before[1], after[1]
        return x is y or x == y or (isinstance(x, float) and isinstance(y, float) and math.isnan(x) and math.isnan(y))
    if isinstance(before[1], dict):
        return before[1].keys() == after[1].keys() and all(unchanged(before[1][k], after[1][k]) for k in before[1])
    return before == after


# ---- comparing answers -----------------------------------------------------------------------

def _numbers(value):
    """The finite numbers inside an answer (for its scale)."""
    if isinstance(value, np.ndarray) and value.dtype.kind in "iuf":
        finite = value[np.isfinite(value)] if value.dtype.kind == "f" else value
        return [float(np.max(np.abs(finite)))] if finite.size else []
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        try:
            v = float(value)
        except (OverflowError, TypeError):
            return []
        return [abs(v)] if math.isfinite(v) else []
    if isinstance(value, (list, tuple)):
        return [x for v in value for x in _numbers(v)]
    if isinstance(value, dict):
        return [x for v in value.values() for x in _numbers(v)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [x for f in dataclasses.fields(value) for x in _numbers(getattr(value, f.name))]
    return []


def differences(fast, reference, where="answer", scale=None):
    """Where the two answers differ beyond RTOL (a list of texts; empty when they agree)."""
    if scale is None:
        scale = max(_numbers(fast) + _numbers(reference) + [0.0])
    if type(fast).__name__ == "Documents" and isinstance(reference, list):  # fast encode's packed ids
        fast = [fast.tokens[a:b].tolist() for a, b in zip(fast.offsets[:-1], fast.offsets[1:])]
    if dataclasses.is_dataclass(reference) and not isinstance(reference, type):
        if type(fast).__name__ != type(reference).__name__:
            return [f"{where}: fast {type(fast).__name__}, reference {type(reference).__name__}"]
        out = []
        for f in dataclasses.fields(reference):
            out += differences(getattr(fast, f.name, None), getattr(reference, f.name), f"{where}.{f.name}", scale)
        return out
    if isinstance(reference, dict):
        if not isinstance(fast, dict) or fast.keys() != reference.keys():
            return [f"{where}: fast {fast!r:.80}, reference {reference!r:.80}"]
        return [d for k in reference for d in differences(fast[k], reference[k], f"{where}[{k!r}]", scale)]
    if isinstance(fast, np.ndarray) and fast.dtype.kind not in "biuf":
        fast = fast.tolist()
    if isinstance(reference, np.ndarray) and reference.dtype.kind not in "biuf":
        reference = reference.tolist()
    if isinstance(reference, (list, tuple, np.ndarray)) or isinstance(fast, (list, tuple, np.ndarray)):
        try:
            a = np.asarray(fast, dtype=np.float64)
            b = np.asarray(reference, dtype=np.float64)
        except (TypeError, ValueError, OverflowError):
            if not isinstance(fast, (list, tuple)) or not isinstance(reference, (list, tuple)) \
                    or len(fast) != len(reference):
                return [f"{where}: fast {fast!r:.80}, reference {reference!r:.80}"]
            return [d for i, (x, y) in enumerate(zip(fast, reference)) for d in differences(x, y, f"{where}[{i}]", scale)]
        if a.shape != b.shape:
            return [f"{where}: shapes {a.shape} (fast) and {b.shape} (reference)"]
        bad = ~_close(a, b, scale)
        if bad.any():
            i = np.unravel_index(int(np.argmax(bad)), a.shape)
            return [f"{where}{list(i)}: fast {a[i]!r}, reference {b[i]!r}"]
        return []
    if isinstance(reference, numbers.Real) and not isinstance(reference, bool) \
            and isinstance(fast, numbers.Real) and not isinstance(fast, bool):
        try:
            a, b = np.float64(fast), np.float64(float(reference))
        except OverflowError:
            return [f"{where}: fast {fast!r}, reference {reference!r:.80}"]
        return [] if _close(np.array([a]), np.array([b]), scale)[0] else [f"{where}: fast {a!r}, reference {b!r}"]
    if fast is reference or fast == reference:
        return []
    return [f"{where}: fast {fast!r:.80}, reference {reference!r:.80}"]


def _close(a, b, scale):
    with np.errstate(invalid="ignore", over="ignore"):
        same = (a == b) | (np.isnan(a) & np.isnan(b))
        near = np.abs(a - b) <= RTOL * np.maximum(np.maximum(np.abs(a), np.abs(b)), scale)
    return same | (np.isfinite(a) & np.isfinite(b) & near)


# ---- the child and the parent ------------------------------------------------------------------

def _outcome(call):
    try:
        return ("answer", call())
    except Exception as e:  # every exception is an outcome to compare; the harness judges it
        return ("error", e)


def _describe(outcome):
    if outcome[0] == "answer":
        return f"answered {outcome[1]!r:.200}"
    e = outcome[1]
    return f"raised {type(e).__name__}: {str(e):.300}"


def _verdict(fast, reference):
    """None when the fast outcome is the reference's (answer within RTOL, or an exception of the
    reference's type), else the disagreement."""
    if reference[0] == "error":
        expected = type(reference[1])
        if fast[0] == "error" and isinstance(fast[1], expected):
            return None
        return f"reference {_describe(reference)}; fast {_describe(fast)}"
    if fast[0] == "error":
        return f"reference {_describe(reference)}; fast {_describe(fast)}"
    diffs = differences(fast[1], reference[1])
    return f"answers differ: {'; '.join(diffs[:3])}" if diffs else None


def _child(write, fast_f, reference_f, kwargs):
    unraisable = []
    sys.unraisablehook = lambda u: unraisable.append(f"{u.exc_type.__name__}: {u.exc_value} (in {u.object!r:.80})")
    before = snapshot(kwargs)
    fast = _outcome(lambda: fast_f(**kwargs))
    if unraisable:
        return write({"verdict": "an exception inside compiled code was swallowed: " + "; ".join(unraisable[:3])})
    if not unchanged(before, snapshot(kwargs)):
        return write({"verdict": "the fast call changed the caller's arguments"})
    write({"phase": "fast done", "fast": _describe(fast)})
    reference = _outcome(lambda: reference_f(**{k: for_reference(v) for k, v in kwargs.items()}))
    if reference[0] == "error" and isinstance(reference[1], ExactResultError):
        return write({"verdict": None})  # an exact computation the reference declines: no verdict
    write({"verdict": _verdict(fast, reference)})


def run(fast_f, reference_f, kwargs, fast_limit, reference_limit):
    """The failure text of one case, or None when it passes (also when the reference could not
    answer within ``reference_limit`` seconds: then only the fast checks apply)."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        os.close(read_end)
        faulthandler.disable()  # a crash is the parent's to report, without a dump of the stack
        code = 0
        try:
            def write(message):
                os.write(write_end, (json.dumps(message) + "\n").encode())
            _child(write, fast_f, reference_f, kwargs)
        except BaseException:  # the harness itself failed in the child: say so, and how
            try:
                os.write(write_end, (json.dumps({"verdict": "harness error: " + traceback.format_exc()[-600:]}) + "\n").encode())
            finally:
                code = 2
        os._exit(code)
    os.close(write_end)
    messages, buffer, phase = [], b"", "fast"
    deadline = time.monotonic() + fast_limit
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                os.kill(pid, signal.SIGKILL)
                if phase == "fast":
                    return f"hang: the fast call did not return within {fast_limit} s"
                return None  # the reference is too slow to judge; the fast checks passed
            ready, _, _ = select.select([read_end], [], [], left)
            if not ready:
                continue
            chunk = os.read(read_end, 65536)
            if not chunk:
                break
            buffer += chunk
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                message = json.loads(line)
                messages.append(message)
                if "verdict" in message:
                    return message["verdict"]
                if message.get("phase") == "fast done":
                    phase, deadline = "reference", time.monotonic() + reference_limit
        _, status = os.waitpid(pid, 0)
        pid = None
        if os.WIFSIGNALED(status):
            where = "the fast call" if phase == "fast" else "the reference call"
            return f"crash: {signal.Signals(os.WTERMSIG(status)).name} during {where}"
        return f"the child exited with status {os.WEXITSTATUS(status)} and no verdict"
    finally:
        os.close(read_end)
        if pid is not None:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(pid, 0)
