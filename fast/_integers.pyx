"""Integer-valued inputs of the fast face (Naive Bayes categories and token ids, the class labels
of decision trees): any array-like whose entries are integers, read as int64 without a silent
wrap.

The reference reads such entries one by one (an int of any size; a real number with an
integral value, such as 2.0); numpy would cast 1e300 or the uint64 2⁶⁴ − 1 to int64 by
wrapping. Here every entry is checked first, entries beyond the int64 range are kept apart
(saturated in the int64 array and flagged, so that a range check such as 0 <= v < k still fails
for them), and messages show the caller's value, not its wrapped image.
"""
import numbers

import numpy as np

__all__ = ["as_int64", "entry"]

_LOW = -2 ** 63
_HIGH = 2 ** 63 - 1


def _where(index):
    return "".join(f"[{int(i)}]" for i in index)


def entry(a, original, outside, flat_index):
    """(value, "[i][j]"): the entry at ``flat_index`` of an array ``as_int64`` returned, as the
    integer it is, or, beyond the int64 range, as the caller gave it (1e+300,
    18446744073709551615), with its position."""
    index = np.unravel_index(int(flat_index), a.shape)
    if outside is None or not outside[index]:
        return int(a[index]), _where(index)
    value = original[index]
    return (value.item() if isinstance(value, np.generic) else value), _where(index)


def _object_entries(a, name):
    """An object array entry by entry: ints of any size and integral reals become Python ints;
    bools, None, strings and other objects are refused (TypeError), as the reference refuses
    them."""
    out = np.empty(a.shape, dtype=object)
    for index, v in np.ndenumerate(a):
        if isinstance(v, (bool, np.bool_)) or not isinstance(v, numbers.Real):
            raise TypeError(f"{name}{_where(index)} is {v!r}: expected an integer")
        try:
            n = int(v)
        except (OverflowError, ValueError):  # int() of ±inf, NaN
            raise ValueError(f"{name}{_where(index)} is {v}: expected a finite integer") from None
        if n != v:
            raise ValueError(f"{name}{_where(index)} is {v}: expected an integer")
        out[index] = n
    return out


def _holds_bool(values):
    """Does a (nested) list or tuple hold a bool? numpy reads [1, True] as the integers [1, 1]."""
    if not isinstance(values, (list, tuple)):
        return False
    types = set(map(type, values))
    if bool in types:
        return True
    if list in types or tuple in types:
        return any(_holds_bool(v) for v in values if isinstance(v, (list, tuple)))
    return False


def _integral_floats(a, name):
    finite = np.isfinite(a)
    bad = ~finite | (a != np.round(a))
    if bad.any():
        index = np.unravel_index(int(np.argmax(bad)), a.shape)
        what = "a finite integer" if not finite[index] else "an integer"
        raise ValueError(f"{name}{_where(index)} is {a[index].item()}: expected {what}")


def as_int64(values, name, ndim=None):
    """(a, original, outside) for an array-like of integers of any shape: ``a`` the entries as a
    C-contiguous int64 array, ``original`` the checked entries as the caller gave them (for
    messages, through ``entry``), ``outside`` a boolean mask of the entries beyond the int64
    range (saturated in ``a``), or None when there are none.

    Integer dtypes pass; real dtypes pass when every entry is finite and integral; an object
    array is read entry by entry (Python ints of any size, integral Fractions, floats and mpf).
    Bools, strings and other objects: TypeError; NaN, ±inf, fractional values: ValueError.
    With ``ndim``, the shape is checked first, as the reference reads it: a scalar is not a
    sequence (TypeError), too few dimensions is a ValueError, too many means entries that are
    sequences, not integers (TypeError)."""
    if isinstance(values, (str, bytes)):
        raise TypeError(f"{name} must hold integers, got {type(values).__name__}")
    try:
        a = np.asarray(values)
    except ValueError as e:
        raise ValueError(f"{name} is ragged or not rectangular ({e})") from None
    if ndim is not None and a.ndim != ndim:
        if a.ndim == 0:
            raise TypeError(f"{name} must be a sequence, got {type(values).__name__}")
        if a.ndim < ndim:
            raise ValueError(f"{name} must be {ndim}-dimensional, got {a.ndim} dimension(s)")
        raise TypeError(f"{name} must be {ndim}-dimensional: its entries must be integers, "
                        f"not sequences (it has {a.ndim} dimensions)")
    kind = a.dtype.kind
    if kind == "b" or (kind in "iuf" and not isinstance(values, np.ndarray) and _holds_bool(values)):
        raise TypeError(f"{name} holds booleans: expected integers")
    if kind == "O":
        a = _object_entries(a, name)
    elif kind == "f":
        _integral_floats(a, name)
    elif kind not in "iu":
        raise TypeError(f"{name} must hold integers, got dtype {a.dtype}")
    if a.size == 0:
        return np.zeros(a.shape, dtype=np.int64), a, None
    if kind == "i":
        return a.astype(np.int64, order="C", copy=False), a, None
    if kind == "u":
        outside = a > np.uint64(_HIGH)
    elif kind == "f":
        outside = (a >= 2.0 ** 63) | (a < -2.0 ** 63)
    else:
        outside = np.frompyfunc(lambda v: not _LOW <= v <= _HIGH, 1, 1)(a).astype(bool)
    if not outside.any():
        return a.astype(np.int64, order="C", copy=False), a, None
    clipped = np.where(outside, 0, a)
    low = np.frompyfunc(lambda v: v < 0, 1, 1)(a).astype(bool) if kind == "O" else a < 0
    out = clipped.astype(np.int64, order="C")
    out[outside & low] = _LOW
    out[outside & ~low] = _HIGH
    return out, a, outside
