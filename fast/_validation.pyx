"""Input checks shared by the cs229.fast modules: every check runs before any nogil loop.

Each array reader returns a C-contiguous array of the dtype the compiled loops read (float64 for
real data; a copy only when the caller's array is not already one) that the loops read but never
write. Any real dtype is accepted (floats, signed and unsigned integers) and any layout; pandas
DataFrames and Series are read through ``.to_numpy()``; an object array is accepted when every
entry is a real number (int, float, Fraction, mpmath.mpf). Refused: bools (except as {0, 1}
labels), strings, None, Decimal and complex entries, scipy.sparse matrices (with the conversion
to make), scalars where an array is expected.

The messages and exception types come from ``cs229.reference.messages``, the table the reference
raises through too (the rule: TypeError for the wrong kind of object, ValueError for the wrong
shape or value). The happy path is numpy; wherever the input is not a clean numeric array of
the right shape, the reference's reader (``cs229.reference.inputs``) walks it and names the first
bad entry exactly as the reference does. Values the float64 loops cannot hold are refused: a
Python int beyond the float64 range where a real number is expected, and integer data outside
int64.
"""
import numbers

import numpy as np

from cs229.reference import inputs as _reference
from cs229.reference.inputs import MATRIX, VECTOR
from cs229.reference.messages import INT64_MAX, MAX_COUNT, error, estimator

__all__ = ["as_array", "as_matrix", "as_vector", "as_scalar", "positive", "positive_int",
           "same_length", "check_tol", "as_order", "sgd_schedule", "integral"]

_INT64_END = 2.0 ** 63  # the first float past int64 (every float below it in size fits)


def _where(index):
    return "".join(f"[{int(i)}]" for i in index)


def as_array(A, name, what="an array"):
    """The caller's ``A`` as a numpy array, not converted: a pandas object through
    ``.to_numpy()``; None, a number, a string, a 0-dimensional array or a scipy.sparse matrix is
    refused (TypeError). None when ``A`` is ragged (no rectangular array holds it)."""
    A = _reference.sequence(A, name, what)
    if isinstance(A, np.ndarray):
        return A
    try:
        a = np.asarray(A)
    except (ValueError, TypeError):
        return None
    if a.dtype.kind in "iuf" and a.size and _holds_bools(A, a.ndim):
        return np.asarray(A, dtype=object)  # numpy reads [1, True] as [1, 1]; the readers must see the bool
    return a


def _holds_bools(A, ndim):
    rows = [A]
    for _ in range(ndim - 1):
        rows = [x for row in rows for x in row]
    return any(type(v) is bool or type(v) is np.bool_ for row in rows for v in row)


def _given(A, a, index):
    """The caller's own entry at ``index`` of ``A`` (``a`` is ``A`` as an array): the int 2 of a
    list [0, 2, nan], not the 2.0 that numpy made of it, so that messages show what the
    reference shows."""
    if isinstance(A, (list, tuple)):
        try:
            value = A
            for i in index:
                value = value[i]
            return value
        except (IndexError, TypeError, KeyError):
            pass
    return a[index]


def _real_array(a):
    return a is not None and a.dtype.kind in "iuf"


def _as_float64(A, a, name, ndim, walk):
    """``a`` (the caller's ``A`` read by ``as_array``) as C-contiguous float64. Anything but a
    real array of the right shape is read by the reference's reader ``walk``, which raises on
    the first bad entry as the reference does; what it lets through (an object array of real
    numbers: int, Fraction, mpf) is converted here."""
    if a is None or not _real_array(a) or a.ndim != ndim or a.size == 0:  # the reference names why
        return _float64_of(walk(A, name), name)
    out = np.ascontiguousarray(a, dtype=np.float64)
    _finite(out, A, a, name)
    return out


def _float64_of(values, name):
    """The reference reader's list (or list of rows) as float64; a number too large for a float64
    (a big Python int or Fraction) is refused."""
    try:
        return np.array(values, dtype=np.float64)
    except OverflowError:
        for i, row in enumerate(values):
            for j, v in enumerate(row if isinstance(row, list) else [row]):
                try:
                    float(v)
                except OverflowError:
                    where = f"[{i}][{j}]" if isinstance(row, list) else f"[{i}]"
                    raise error("beyond_float64", name=name, where=where, value=v) from None
        raise


def _finite(a, A, given, name):
    """Refuses the first non-finite entry of the float64 ``a`` (its value shown from the caller's
    ``A``, which ``given`` holds as an array)."""
    if given.dtype.kind != "f":
        return
    # A sum of finite numbers is never NaN and is only infinite by overflow, so one reduction
    # (no temporary array) clears the common case; the elementwise test then finds the culprit.
    with np.errstate(over="ignore", invalid="ignore"):
        total = np.add.reduce(a, axis=None)
    if np.isfinite(total):
        return
    ok = np.isfinite(a)
    if not ok.all():
        index = np.unravel_index(int(np.argmin(ok)), a.shape)
        raise error("not_finite", name=name, where=_where(index), value=_given(A, given, index))


def _matrix_shape(a):
    return a.ndim == 2 and a.size > 0


def _vector_shape(a):
    return a.ndim == 1 and a.size > 0


def as_matrix(A, name="A"):
    """A non-empty 2-dimensional array of finite reals as C-contiguous float64."""
    return _as_float64(A, as_array(A, name, MATRIX), name, 2, _reference.matrix)


def as_vector(v, name="v", length=None, length_name=None):
    """A non-empty 1-dimensional array of finite reals as C-contiguous float64; with ``length``,
    of that many entries (else a ValueError naming ``length_name``)."""
    out = _as_float64(v, as_array(v, name, VECTOR), name, 1, _reference.vector)
    _length(out, name, length, length_name)
    return out


def _length(a, name, length, length_name):
    if length is not None and a.shape[0] != length:
        raise error("entries_and_length", name=name, n=a.shape[0], length_name=length_name, length=length)


def as_scalar(x, name):
    """A finite real number as a Python float (the reference's ``inputs.real``)."""
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, numbers.Real):
        raise error("not_real", name=name, where="", value=x)
    try:
        value = float(x)
    except OverflowError:
        raise error("beyond_float64", name=name, where="", value=x) from None
    if not np.isfinite(value):
        raise error("not_finite", name=name, where="", value=x)
    return value


def positive(x, name):
    value = as_scalar(x, name)
    if not value > 0:
        raise error("positive", name=name, value=x)
    return value


def nonnegative(x, name):
    value = as_scalar(x, name)
    if value < 0:
        raise error("at_least", name=name, low=0, value=x)
    return value


def positive_int(n, name):
    """An integer 1 <= n <= 2³¹ − 1 (the reference's ``inputs.positive_int``)."""
    return _reference.positive_int(n, name)


def same_length(X, y, x_name="X", y_name="y"):
    if X.shape[0] != y.shape[0]:
        raise error("rows_and_entries", x_name=x_name, m=X.shape[0], y_name=y_name, n=y.shape[0])


def check_tol(tol, allow_none=True):
    """The ``tol`` of an iterative fit: a finite float >= 0, or (``allow_none``) None."""
    if tol is None and allow_none:
        return None
    value = as_scalar(tol, "tol")
    if value < 0:
        raise error("tolerance", or_none=" or None" if allow_none else "", value=tol)
    return value


def as_order(order, m):
    """A permutation of 0..m−1 given as integers, as an intp array (the identity when order is
    None); the reference's ``inputs.example_order``."""
    if order is None:
        return np.arange(m, dtype=np.intp)
    o = as_array(order, "order", "a sequence of example indices")
    if o is None or o.ndim != 1 or o.dtype.kind not in "iu":
        return np.array(_reference.example_order(order, m), dtype=np.intp)
    if o.shape[0] != m or not np.array_equal(np.sort(o), np.arange(m)):
        raise error("order", last=m - 1)
    return np.ascontiguousarray(o, dtype=np.intp)


def sgd_schedule(alpha, epochs, order, decay, m):
    """SGD's α > 0, number of epochs, order of the m examples and decay >= 0, checked in that
    order."""
    alpha = positive(alpha, "alpha")
    epochs = positive_int(epochs, "epochs")
    order = as_order(order, m)
    decay = nonnegative(decay, "decay")
    return alpha, epochs, order, decay


# ---- Part IV (generative learning): binary and integer features, token-id documents ------------

__all__ += ["nonnegative", "as_binary_matrix", "as_integer_matrix", "as_documents"]


def _first(bad):
    return np.unravel_index(int(np.argmax(bad)), bad.shape)


def as_binary_matrix(X, name="X"):
    """A matrix of 0/1 features (any real dtype but bool) as C-contiguous uint8, one byte per
    entry."""
    a = as_array(X, name, MATRIX)
    if a is None or not _matrix_shape(a) or not _real_array(a):
        return np.array(_reference.binary_matrix(X, name), dtype=np.uint8)
    if a.dtype != np.uint8 or a.max(initial=0) > 1:
        bad = (a != 0) & (a != 1)  # NaN is neither
        if bad.any():
            index = _first(bad)
            key = "binary_feature" if np.isfinite(a[index]) else "not_finite"
            raise error(key, name=name, where=_where(index), value=_given(X, a, index))
    return np.ascontiguousarray(a, dtype=np.uint8)


def as_integer_matrix(X, name="X"):
    """A matrix of integers (integral reals accepted, as the reference accepts 2.0 for 2; values
    outside int64 refused) as C-contiguous intp."""
    a = as_array(X, name, MATRIX)
    if a is None or not _matrix_shape(a) or not _real_array(a):
        return np.array(_reference.integer_matrix(X, name), dtype=np.intp)
    return np.ascontiguousarray(integral(a, name, X), dtype=np.intp)


def integral(a, name, A=None):
    """The real array ``a`` as int64 when every entry is a finite integral value inside int64,
    else the first other entry is named (the reference's ``inputs.integer``; its value shown from
    the caller's ``A`` when given)."""
    if a.dtype.kind == "i":
        return a
    if a.dtype.kind == "u":
        if a.size and a.max() > INT64_MAX:
            index = _first(a > INT64_MAX)
            raise error("beyond_int64", name=name, where=_where(index), value=_given(A, a, index))
        return a.astype(np.int64)
    if a.dtype.kind != "f":
        raise error("not_an_integer", name=name, where=_where((0,) * a.ndim) if a.size else "",
                    value=a.flat[0] if a.size else a.dtype)
    finite = np.isfinite(a)
    with np.errstate(invalid="ignore"):
        bad = ~finite | (a != np.round(a)) | (a < -_INT64_END) | (a >= _INT64_END)
    if bad.any():
        index = _first(bad)
        value = a[index]
        key = ("not_finite_integer" if not finite[index] else
               "fractional" if value != np.round(value) else "beyond_int64")
        raise error(key, name=name, where=_where(index), value=_given(A, a, index))
    return a.astype(np.int64)


_integral = integral  # the name naive_bayes reads it by


def _asarray(A, name):
    """The array entropy's class-label reader reads by this name: ``as_array``, a ragged input
    refused and a 1-D array of objects, strings or complex numbers read as float64 when all are
    real numbers (else the reference's reader names the first entry that is not one)."""
    a = as_array(A, name, VECTOR)
    if a is None:
        _reference.vector(A, name)  # names the nested entry
        raise error("dimensions", name=name, want=1, got=2)
    if a.dtype.kind not in "biuf" and a.ndim == 1 and a.size:
        return _float64_of(_reference.vector(A, name), name)
    return a


def _token_array(a, name):
    if a.size == 0:
        return np.empty(0, dtype=np.int64)
    if a.dtype.kind not in "iuf":
        return np.array([_reference.integer(v, name, f"[{i}]") for i, v in enumerate(a)], dtype=np.int64)
    a = integral(a, name)
    if a.dtype == np.int32 or a.dtype == np.int64:
        return np.ascontiguousarray(a)
    return np.ascontiguousarray(a, dtype=np.int64)


def as_documents(documents, name="documents"):
    """Documents as (tokens, offsets): tokens an int32 or int64 array (kept without a copy when it
    is one), offsets int64 with document i = tokens[offsets[i]:offsets[i + 1]]. Accepts the
    reference's ``Documents`` (flat tokens plus offsets) or a sequence of token-id sequences."""
    from cs229.reference.naive_bayes import Documents
    if isinstance(documents, Documents):
        tokens = np.asarray(documents.tokens)
        offsets = np.asarray(documents.offsets)
        if tokens.ndim != 1:
            raise ValueError(f"{name}.tokens must be 1-dimensional, got {tokens.ndim} dimension(s)")
        tokens = _token_array(tokens, f"{name}.tokens")
        if offsets.ndim != 1 or offsets.dtype.kind not in "iu":
            raise TypeError(f"{name}.offsets must be a 1-dimensional array of integers")
        offsets = np.ascontiguousarray(integral(offsets, f"{name}.offsets"), dtype=np.int64)
        if offsets.shape[0] < 2 or offsets[0] != 0 or offsets[offsets.shape[0] - 1] != tokens.shape[0] \
                or (np.diff(offsets) < 0).any():
            raise ValueError(f"{name}.offsets must rise from 0 to len({name}.tokens) = "
                             f"{tokens.shape[0]} without decreasing")
        return tokens, offsets
    documents = _reference.sequence(documents, name, "a sequence of token-id sequences or Documents")
    if len(documents) == 0:
        raise ValueError(f"{name} is empty (no documents)")
    parts = []
    offsets = np.zeros(len(documents) + 1, dtype=np.int64)
    for i, d in enumerate(documents):
        if isinstance(d, (str, bytes)) or not hasattr(d, "__iter__"):
            raise TypeError(f"{name}[{i}] must be a sequence of token ids, got {type(d).__name__}")
        try:
            a = np.asarray(d)
        except ValueError:
            a = None
        if a is not None and not isinstance(d, np.ndarray) and a.dtype.kind in "iuf" and a.size \
                and _holds_bools(d, 1):
            a = np.asarray(d, dtype=object)  # numpy reads [0, True] as [0, 1]
        if a is None or (a.ndim != 1 and a.size):
            for j, t in enumerate(d):  # the reference's reader names the entry that is a sequence
                _reference.integer(t, name, f"[{i}][{j}]")
        a = _token_array(a.reshape(-1), f"{name}[{i}]")
        parts.append(a.astype(np.int64, copy=False))
        offsets[i + 1] = offsets[i] + a.size
    return np.concatenate(parts), offsets

# ---- Parts II-III: labels and counts (logistic regression, perceptron, GLMs, softmax) ------------

__all__ += ["as_binary_labels", "as_class_labels", "as_counts", "as_targets"]


def _labels(y, name, length, length_name, walk, key, ok, bools=False, **fields):
    """Labels as float64: a real (or, with ``bools``, bool) 1-D array whose entries are integral
    values that ``ok`` takes, inside int64; anything else is read by the reference's reader
    ``walk``, which names the first bad entry."""
    a = as_array(y, name, VECTOR)
    if a is None or not _vector_shape(a) or not (_real_array(a) or (bools and a.dtype.kind == "b")):
        out = np.array(walk(y, name), dtype=np.float64)
    else:
        out = np.ascontiguousarray(a, dtype=np.float64)
        with np.errstate(invalid="ignore"):
            bad = ~np.isfinite(out) | (out != np.floor(out)) | ~ok(out) | (out >= _INT64_END)
        if bad.any():
            i = int(np.argmax(bad))
            if not np.isfinite(out[i]):
                raise error("not_finite", name=name, where=f"[{i}]", value=_given(y, a, (i,)))
            if out[i] == np.floor(out[i]) and ok(out[i:i + 1])[0]:
                raise error("beyond_int64", name=name, where=f"[{i}]", value=_given(y, a, (i,)))
            raise error(key, name=name, where=f"[{i}]", value=_given(y, a, (i,)), **fields)
    _length(out, name, length, length_name)
    return out


def as_binary_labels(y, name="y", length=None, length_name=None, module=""):
    """Labels in {0, 1} (bools accepted: False is 0, True is 1) as float64 0.0 / 1.0 (Part IV's
    counting loops take them as uint8); another label is refused naming the estimator of
    ``module`` that takes any coding, as the reference's ``binary_labels``."""
    return _labels(y, name, length, length_name,
                   lambda y, name: _reference.binary_labels(y, name, module), "binary_label",
                   lambda a: (a == 0) | (a == 1), bools=True, estimator=estimator(module))


def as_class_labels(y, k, name="y", length=None, length_name=None, module=""):
    """Labels in {1, ..., k} as an intp array."""
    a = _labels(y, name, length, length_name,
                lambda y, name: _reference.class_labels(y, k, name, module),
                "class_label", lambda a: (a >= 1) & (a <= k), k=k, estimator=estimator(module))
    return np.ascontiguousarray(a, dtype=np.intp)


def as_counts(y, name="y", length=None, length_name=None):
    """Non-negative integer counts (at most 2⁶³ − 1) as float64."""
    return _labels(y, name, length, length_name, _reference.counts, "count", lambda a: a >= 0)


def as_targets(y, name="y", length=None, length_name=None, positive=False):
    """Real targets as float64; ``positive``: every entry > 0."""
    a = as_vector(y, name, length, length_name)
    if positive and not (a > 0).all():
        i = int(np.argmax(~(a > 0)))
        raise ValueError(f"{name}[{i}] is {a[i]}: the target must be > 0")
    return a


# ---- Appended for Part V (MG-1, KR-8): labels in {−1, 1}, and sequences of strings --------------

__all__ += ["as_signed_labels", "as_strings"]


def as_signed_labels(y, name="y", length=None, length_name=None, classes=None):
    """Labels as a float64 array of −1.0 and 1.0. Without ``classes`` every label must already
    be −1 or 1; ``classes=(negative, positive)`` maps another two-valued label set."""
    a = as_array(y, name, "a sequence of labels")
    if a is None:
        raise error("dimensions", name=name, want=1, got=2)
    if a.ndim != 1:
        raise error("dimensions", name=name, want=1, got=a.ndim)
    if a.shape[0] == 0:
        raise error("empty", name=name)
    if length is not None and a.shape[0] != length:
        raise error("entries_and_length", name=name, n=a.shape[0], length_name=length_name, length=length)
    if classes is not None:
        classes = tuple(classes)
        if len(classes) != 2 or classes[0] == classes[1]:
            raise ValueError("classes must be a pair of two distinct labels (negative, positive), "
                             f"got {classes!r}")
        neg = a == classes[0]
        pos = a == classes[1]
        bad = ~(np.asarray(neg) | np.asarray(pos))
        if bad.any():
            i = int(np.argmax(bad))
            raise ValueError(f"{name}[{i}] is {a[i].item()!r}, which is neither class of classes={classes!r}")
        return np.where(pos, 1.0, -1.0)
    if a.dtype.kind not in "iuf":  # bools, objects, strings, complex: the reference's reader judges
        from cs229.reference.margins import signed_labels
        return np.array(signed_labels(a.tolist()), dtype=np.float64)
    bad = (a != 1) & (a != -1)
    if bad.any():
        i = int(np.argmax(bad))
        raise error("signed_label", name=name, where=f"[{i}]", value=a[i],
                    estimator=estimator("margins"))
    return np.ascontiguousarray(a, dtype=np.float64)


def as_strings(X, name="X", alphabet=None):
    """A non-empty list of str (each letter in ``alphabet`` when one is given)."""
    if isinstance(X, (str, bytes)) or not hasattr(X, "__len__") or not hasattr(X, "__iter__"):
        raise TypeError(f"{name} must be a sequence of strings, got {type(X).__name__}")
    if len(X) == 0:
        raise ValueError(f"{name} is empty")
    out = []
    for i, s in enumerate(X):
        if not isinstance(s, str):
            raise TypeError(f"{name}[{i}] must be a str, got {type(s).__name__}")
        if alphabet is not None:
            for j, ch in enumerate(s):
                if ch not in alphabet:
                    raise ValueError(f"{name}[{i}][{j}] is {ch!r}, which is not in the alphabet {alphabet!r}")
        out.append(s)
    return out
