"""Input checks shared by the cs229.fast modules: every check runs before any nogil loop.

Each function returns a float64, C-contiguous array (a copy only when the caller's array is not
already one) that the compiled loops read but never write.
"""
import numbers

import numpy as np

__all__ = ["as_matrix", "as_vector", "as_scalar", "positive", "positive_int", "same_length",
           "check_tol", "as_order", "sgd_schedule"]


def _asarray(A, name):
    """np.asarray(A), an object array (mixed Python numbers) read as float64."""
    try:
        a = np.asarray(A)
    except ValueError as e:
        raise ValueError(f"{name} is ragged or not rectangular ({e})") from None
    if a.dtype == object:
        try:
            a = a.astype(np.float64)
        except (TypeError, ValueError):
            raise TypeError(f"{name} has non-numeric entries") from None
    return a


def _two_dimensional(a, name):
    if a.ndim != 2:
        raise ValueError(f"{name} must be 2-dimensional, got {a.ndim} dimension(s)")
    if a.shape[0] == 0:
        raise ValueError(f"{name} is empty (no rows)")
    if a.shape[1] == 0:
        raise ValueError(f"{name} has rows of length 0")


def _as_real_array(A, name):
    a = _asarray(A, name)
    if a.dtype.kind == "b" or a.dtype.kind not in "iuf":
        raise TypeError(f"{name} must hold real numbers, got dtype {a.dtype}")
    return a


def _finite(a, name):
    # A sum of finite numbers is never NaN and is only infinite by overflow, so one reduction
    # (no temporary array) clears the common case; the elementwise test then finds the culprit.
    with np.errstate(over="ignore", invalid="ignore"):
        total = np.add.reduce(a, axis=None)
    if np.isfinite(total):
        return
    ok = np.isfinite(a)
    if not ok.all():
        where = np.unravel_index(int(np.argmin(ok)), a.shape)
        index = "".join(f"[{int(i)}]" for i in where)
        raise ValueError(f"{name}{index} is {a[where]}: expected a finite number")


def as_matrix(A, name="A"):
    a = _as_real_array(A, name)
    _two_dimensional(a, name)
    a = np.ascontiguousarray(a, dtype=np.float64)
    _finite(a, name)
    return a


def _one_dimensional(a, name, length, length_name):
    if a.ndim != 1:
        raise ValueError(f"{name} must be 1-dimensional, got {a.ndim} dimension(s)")
    if a.shape[0] == 0:
        raise ValueError(f"{name} is empty")
    if length is not None and a.shape[0] != length:
        raise ValueError(f"{name} has {a.shape[0]} entries but {length_name} has {length}")


def as_vector(v, name="v", length=None, length_name=None):
    a = _as_real_array(v, name)
    _one_dimensional(a, name, length, length_name)
    a = np.ascontiguousarray(a, dtype=np.float64)
    _finite(a, name)
    return a


def as_scalar(x, name):
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, numbers.Real):
        raise TypeError(f"{name} is {x!r}: expected a real number")
    x = float(x)
    if not np.isfinite(x):
        raise ValueError(f"{name} is {x}: expected a finite number")
    return x


def positive(x, name):
    x = as_scalar(x, name)
    if not x > 0:
        raise ValueError(f"{name} must be > 0, got {x}")
    return x


def positive_int(n, name):
    if isinstance(n, (bool, np.bool_)) or not isinstance(n, numbers.Integral):
        raise TypeError(f"{name} must be an integer, got {n!r}")
    if n < 1:
        raise ValueError(f"{name} must be >= 1, got {n}")
    return int(n)


def same_length(X, y, x_name="X", y_name="y"):
    if X.shape[0] != y.shape[0]:
        raise ValueError(f"{x_name} has {X.shape[0]} rows but {y_name} has {y.shape[0]} entries")


def check_tol(tol, optional=True):
    """As reference inputs.tolerance: a finite tol >= 0, or None when ``optional``."""
    if tol is None:
        if optional:
            return None
        raise TypeError("tol is None: expected a number >= 0")
    tol = as_scalar(tol, "tol")
    if tol < 0:
        raise ValueError(f"tol must be >= 0{' or None' if optional else ''}, got {tol}")
    return tol


def as_order(order, m):
    """A permutation of 0..m-1 as an intp array (the identity when order is None)."""
    if order is None:
        return np.arange(m, dtype=np.intp)
    o = np.asarray(order)
    if o.ndim != 1 or o.dtype.kind not in "iu" or o.shape[0] != m \
            or not np.array_equal(np.sort(o), np.arange(m)):
        raise ValueError(f"order must be a permutation of 0..{m - 1}")
    return np.ascontiguousarray(o, dtype=np.intp)


def sgd_schedule(alpha, epochs, order, decay, m):
    """SGD's α > 0, number of epochs, order of the m examples and decay >= 0, checked in that
    order."""
    alpha = positive(alpha, "alpha")
    epochs = positive_int(epochs, "epochs")
    order = as_order(order, m)
    decay = as_scalar(decay, "decay")
    if decay < 0:
        raise ValueError(f"decay must be >= 0, got {decay}")
    return alpha, epochs, order, decay


# ---- Part IV (generative learning): binary and integer features, token-id documents ------------

__all__ += ["as_binary_matrix", "as_integer_matrix", "as_documents"]


def as_binary_matrix(X, name="X"):
    """A matrix of 0/1 features (any real dtype) as C-contiguous uint8, one byte per entry."""
    a = _as_real_array(X, name)
    _two_dimensional(a, name)
    if a.dtype.kind == "f":
        _finite(a, name)
    if a.dtype != np.uint8 or a.max(initial=0) > 1:
        bad = (a != 0) & (a != 1)
        if bad.any():
            where = np.unravel_index(int(np.argmax(bad)), a.shape)
            raise ValueError(f"{name}[{where[0]}][{where[1]}] is {a[where]}: features must be binary (0 or 1)")
    return np.ascontiguousarray(a, dtype=np.uint8)


def as_integer_matrix(X, name="X"):
    """A matrix of integers (an integer dtype; floats are refused as the reference refuses them)
    as C-contiguous intp."""
    a = _asarray(X, name)
    _two_dimensional(a, name)
    a = _integral(a, name)
    return np.ascontiguousarray(a, dtype=np.intp)


def _integral(a, name):
    """Integer arrays pass; real arrays pass when every entry is a finite integral value (as the
    reference accepts 2.0 for 2), the first other entry is named."""
    if a.dtype.kind in "iu":
        return a
    if a.dtype.kind != "f":
        raise TypeError(f"{name} must hold integers, got dtype {a.dtype}")
    finite = np.isfinite(a)
    bad = ~finite | (a != np.round(a))
    if bad.any():
        where = np.unravel_index(int(np.argmax(bad)), a.shape)
        index = "".join(f"[{int(i)}]" for i in where)
        what = "a finite integer" if not finite[where] else "an integer"
        raise ValueError(f"{name}{index} is {a[where]}: expected {what}")
    return a.astype(np.int64)


def _token_array(a, name):
    if a.size == 0:
        return np.empty(0, dtype=np.int64)
    a = _integral(a, name)
    if a.dtype == np.int32 or a.dtype == np.int64:
        return np.ascontiguousarray(a)
    if a.dtype == np.uint64 and a.size and a.max() > np.iinfo(np.int64).max:
        raise ValueError(f"{name} holds token ids beyond the int64 range")
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
        offsets = np.ascontiguousarray(offsets, dtype=np.int64)
        if offsets.shape[0] < 2 or offsets[0] != 0 or offsets[offsets.shape[0] - 1] != tokens.shape[0] \
                or (np.diff(offsets) < 0).any():
            raise ValueError(f"{name}.offsets must rise from 0 to len({name}.tokens) = "
                             f"{tokens.shape[0]} without decreasing")
        return tokens, offsets
    if isinstance(documents, (str, bytes)) or not hasattr(documents, "__len__"):
        raise TypeError(f"{name} must be a sequence of token-id sequences or Documents, "
                        f"got {type(documents).__name__}")
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
            raise TypeError(f"{name}[{i}] must be a flat sequence of token ids") from None
        if a.ndim != 1 and a.size:
            raise TypeError(f"{name}[{i}] must be a flat sequence of token ids")
        a = a.reshape(-1)
        if a.dtype == object:
            try:
                a = a.astype(np.float64)
            except (TypeError, ValueError):
                raise TypeError(f"{name}[{i}] has non-numeric entries") from None
        if a.size and a.dtype.kind not in "iuf":
            raise TypeError(f"{name}[{i}] must hold integer token ids, got {a.dtype}")
        parts.append(_integral(a, f"{name}[{i}]").astype(np.int64, copy=False) if a.size
                     else np.empty(0, dtype=np.int64))
        offsets[i + 1] = offsets[i] + a.size
    return np.concatenate(parts), offsets

# ---- Parts II-III: labels and counts (logistic regression, perceptron, GLMs, softmax) ------------

__all__ += ["as_binary_labels", "as_class_labels", "as_counts", "as_targets"]


def _labels(y, name, length, length_name, ok, expected):
    a = as_vector(y, name, length, length_name)
    bad = ~ok(a) | (a != np.floor(a))
    if bad.any():
        i = int(np.argmax(bad))
        raise ValueError(f"{name}[{i}] is {a[i]}: {expected}")
    return a


def as_binary_labels(y, name="y", length=None, length_name=None):
    """Labels in {0, 1} as float64 0.0 / 1.0 (Part IV's counting loops take them as uint8)."""
    return _labels(y, name, length, length_name, lambda a: (a == 0) | (a == 1), "labels must be 0 or 1")


def as_class_labels(y, k, name="y", length=None, length_name=None):
    """Labels in {1, ..., k} as an intp array."""
    a = _labels(y, name, length, length_name, lambda a: (a >= 1) & (a <= k),
                f"labels must be integers in 1..{k}")
    return np.ascontiguousarray(a, dtype=np.intp)


def as_counts(y, name="y", length=None, length_name=None):
    """Non-negative integer counts as float64."""
    return _labels(y, name, length, length_name, lambda a: a >= 0,
                   "counts must be non-negative integers")


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
    if isinstance(y, (str, bytes)):
        raise TypeError(f"{name} must be a sequence of labels, got {type(y).__name__}")
    a = np.asarray(y)
    _one_dimensional(a, name, length, length_name)
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
    if a.dtype.kind == "b":
        raise TypeError(f"{name} holds booleans: labels must be -1 or 1")
    if a.dtype.kind not in "iuf":
        if a.dtype == object:
            for i, v in enumerate(a):
                if isinstance(v, (bool, np.bool_)) or not isinstance(v, numbers.Real) or v not in (-1, 1):
                    raise ValueError(f"{name}[{i}] is {v!r}: labels must be -1 or 1 "
                                     "(pass classes=(negative, positive) to map another two-valued label set)")
            return a.astype(np.float64)
        raise ValueError(f"{name} has non-numeric labels (dtype {a.dtype}): labels must be -1 or 1 "
                         "(pass classes=(negative, positive) to map another two-valued label set)")
    bad = (a != 1) & (a != -1)
    if bad.any():
        i = int(np.argmax(bad))
        raise ValueError(f"{name}[{i}] is {a[i].item()!r}: labels must be -1 or 1 "
                         "(pass classes=(negative, positive) to map another two-valued label set)")
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
