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
int64 (a category or token id beyond it is outside its range like any other, and named so).

Scalar arguments (a step size, a tolerance, a count, a choice, a flag, n_jobs) are not read here:
both faces read them with the kinds of ``cs229.reference.parameters`` (``float64=True`` here).
"""
import os

import numpy as np

from libc.stdint cimport int32_t, int64_t

from cs229.reference import inputs as _reference
from cs229.reference.inputs import DOCUMENTS, MATRIX, VECTOR, is_text
from cs229.reference.messages import (INT64_MAX, INT64_MIN, error, estimator, integer_label, k_classes,
                                      length_error)
from cs229.reference.parameters import n_jobs as _n_jobs

__all__ = ["as_array", "as_matrix", "as_vector", "same_length", "check_length", "as_order", "cores_of"]

_INT64_END = 2.0 ** 63  # the first float past int64 (every float below it in size fits)

_threads_started = False  # this process asked for more than one thread
_serial_only = False      # forked from a process that had


def cores_of(n_jobs, name="n_jobs"):
    """The cores a loop over independent rows may use: ``parameters.n_jobs`` of the caller's
    n_jobs (checked as the reference checks it), or 1 in a process forked after its parent started
    OpenMP threads. GNU OpenMP's thread pool does not survive fork: the child's next parallel
    region would wait forever for threads it does not have (multiprocessing's default start on
    Linux, joblib's multiprocessing backend). Every answer is the same for any number of cores,
    so the child computes serially and gets the parent's answers."""
    global _threads_started
    count = _n_jobs(n_jobs, name)
    if _serial_only:
        return 1
    if count > 1:
        _threads_started = True
    return count


def _after_fork_in_child():
    global _serial_only
    _serial_only = _serial_only or _threads_started


os.register_at_fork(after_in_child=_after_fork_in_child)


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
    if a.dtype.kind in "iuf" and a.size and _misread(A, a.ndim):
        return np.asarray(A, dtype=object)  # the readers must see what the caller gave
    return a


def _misread(A, ndim):
    """Entries numpy read as numbers that are not: bools ([1, True] as [1, 1]) and text that
    iterates into numbers (a bytearray row as its byte values)."""
    rows = [A]
    for _ in range(ndim - 1):
        rows = [x for row in rows for x in row]
        if any(is_text(row) for row in rows):
            return True
    return any(type(v) is bool or type(v) is np.bool_ for row in rows for v in row)


__all__ += ["as_given"]


def as_given(A, a, index):
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
        raise error("not_finite", name=name, where=_where(index), value=as_given(A, given, index))


def _matrix_shape(a):
    return a.ndim == 2 and a.size > 0


def _vector_shape(a):
    return a.ndim == 1 and a.size > 0


def as_matrix(A, name="A"):
    """A non-empty 2-dimensional array of finite reals as C-contiguous float64."""
    return _as_float64(A, as_array(A, name, MATRIX), name, 2, _reference.matrix)


def as_vector(v, name="v", length=None, length_name=None, of=None):
    """A non-empty 1-dimensional array of finite reals as C-contiguous float64; with ``length``,
    of that many entries (else the ValueError of ``check_length``)."""
    out = _as_float64(v, as_array(v, name, VECTOR), name, 1, _reference.vector)
    check_length(out, name, length, length_name, of)
    return out


def check_length(a, name, length, length_name, of=None):
    """The reference's ``inputs.check_length``: ``messages.length_error`` where a vector's length
    is not ``length``."""
    if length is not None and a.shape[0] != length:
        raise length_error(name, a.shape[0], length_name, length, of)


def same_length(X, y, x_name="X", y_name="y"):
    if X.shape[0] != y.shape[0]:
        raise error("rows_and_entries", x_name=x_name, m=X.shape[0], y_name=y_name, n=y.shape[0])


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


# ---- Part IV (generative learning): binary features -------------------------------------------

__all__ += ["as_binary_matrix"]


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
            raise error(key, name=name, where=_where(index), value=as_given(X, a, index))
    return np.ascontiguousarray(a, dtype=np.uint8)


# ---- integer data: class labels, categories, token ids; the sizes of count tables --------------
# The reference's readers (cs229.reference.inputs: integers, integer_matrix, check_categories,
# documents, packed_documents) as C-contiguous int64 arrays. Where a range check follows, an
# entry beyond int64 is saturated at −2⁶³ or 2⁶³ − 1 (outside every range a table holds, so
# the check refuses it) and the message shows the caller's own entry, as the reference shows it;
# elsewhere it is refused.

__all__ += ["as_integers", "as_integer_labels", "as_integer_matrix", "category_sizes", "check_categories",
            "as_documents", "as_packed_documents"]


def _integral(a, name, A, bint int64):
    """The real array ``a`` (the caller's ``A`` as an array) as C-contiguous int64 when every
    entry is a finite integral value, else the first other entry is named as the reference's
    ``inputs.integer`` names it; an entry beyond int64 is refused (``int64``) or saturated."""
    if a.dtype.kind == "i":
        return np.ascontiguousarray(a, dtype=np.int64)
    if a.dtype.kind == "u":
        beyond = a > np.uint64(INT64_MAX) if a.dtype == np.uint64 else np.zeros(a.shape, bool)
        if int64 and beyond.any():
            index = _first(beyond)
            raise error("beyond_int64", name=name, where=_where(index), value=as_given(A, a, index))
        return _saturate(a, beyond, np.zeros(a.shape, bool))
    finite = np.isfinite(a)
    with np.errstate(invalid="ignore"):
        high, low = a >= _INT64_END, a < -_INT64_END
        bad = ~finite | (a != np.round(a))
        if int64:
            bad |= high | low
    if bad.any():
        index = _first(bad)
        value = a[index]
        key = ("not_finite_integer" if not finite[index] else
               "fractional" if value != np.round(value) else "beyond_int64")
        raise error(key, name=name, where=_where(index), value=as_given(A, a, index))
    return _saturate(a, high, low)


def _saturate(a, high, low):
    """``a`` as C-contiguous int64, the entries marked ``high`` (``low``) at 2⁶³ − 1 (−2⁶³)."""
    if not high.any() and not low.any():
        return np.ascontiguousarray(a, dtype=np.int64)
    out = np.where(high | low, 0, a).astype(np.int64)
    out[high] = INT64_MAX
    out[low] = INT64_MIN
    return out


def _saturated(values):
    """The reference reader's list (or list of rows) of integers as int64: an entry beyond int64
    (which it keeps as the caller gave it) saturated."""
    def clip(v):
        if type(v) is int and INT64_MIN <= v <= INT64_MAX:
            return v
        return INT64_MAX if v > 0 else INT64_MIN
    if values and isinstance(values[0], list):
        return np.array([[clip(v) for v in row] for row in values], dtype=np.int64)
    return np.array([clip(v) for v in values], dtype=np.int64)


def _integer_data(A, a, name, ndim, bint empty, bint int64, walk):
    """``a`` (the caller's ``A`` read by ``as_array``) as int64 when it is a real array of
    ``ndim`` dimensions (empty only if ``empty``); anything else is read by the reference's
    reader ``walk``, which names the first bad entry as the reference does."""
    if a is None or a.ndim != ndim or not _real_array(a) or (a.size == 0 and not empty):
        return _saturated(walk())
    return _integral(a, name, A, int64)


def as_integers(v, name="y", empty=False, int64=True):
    """1-D integer data (the reference's ``inputs.integers``) as C-contiguous int64: class labels,
    offsets, the observations of a discrete variable."""
    return _integer_data(v, as_array(v, name, VECTOR), name, 1, empty, int64,
                         lambda: _reference.integers(v, name, empty, int64))


def as_integer_labels(y, name="y", module=""):
    """Integer class labels (the reference's ``inputs.integer_labels``) as C-contiguous int64; a
    refused entry's message names the estimator of ``module`` that takes any coding."""
    a = as_array(y, name, VECTOR)
    if a is None or a.ndim != 1 or not _real_array(a) or a.size == 0:
        return _saturated(_reference.integer_labels(y, name, module))
    try:
        return _integral(a, name, y, True)
    except (TypeError, ValueError) as refusal:
        raise integer_label(refusal, module) from None


def as_integer_matrix(X, name="X", int64=True):
    """A matrix of integers (the reference's ``inputs.integer_matrix``) as C-contiguous int64."""
    return _integer_data(X, as_array(X, name, MATRIX), name, 2, False, int64,
                         lambda: _reference.integer_matrix(X, name, int64))


def _shown(A, values, index):
    """Entry ``index`` of integer data as messages show it: the integer, inside int64; beyond it
    (saturated in ``values``), the caller's own entry of ``A`` (1e+300, 18446744073709551615)."""
    v = int(values[index])
    if INT64_MIN < v < INT64_MAX:
        return v
    given = _reference.sequence(A, "")  # a pandas object by position
    for i in index:
        given = given[i]
    return given


def category_sizes(k, n=None, name="k"):
    """k_j for each of the n features as an intp array (the reference's ``inputs.category_sizes``:
    one int k for all, each k_j and Σⱼ k_j a table size)."""
    return np.array(_reference.category_sizes(k, n, name), dtype=np.intp)


def check_categories(values, k, name, given):
    """Categories read with int64=False, checked against the number of values: values[i] in
    0..k−1 (int k), or X[i][j] in 0..k_j − 1 (an array k); the first other entry is named, shown
    as the caller gave it in ``given`` (the reference's ``inputs.check_categories``)."""
    if isinstance(k, np.ndarray):
        bad = (values < 0) | (values >= k[None, :])
    else:
        bad = (values < 0) | (values >= k)
    if bad.any():
        index = _first(bad)
        value = _shown(given, values, index)
        if isinstance(k, np.ndarray):
            j = index[1]
            raise error("feature_value", name=name, where=_where(index), value=value, j=j,
                        last=int(k[j]) - 1)
        raise error("category", name=name, where=_where(index), value=value, last=k - 1)
    return values


ctypedef fused token_t:
    int32_t
    int64_t


cdef Py_ssize_t _first_outside(const token_t[::1] tokens, int64_t size) noexcept nogil:
    """The first position whose id is outside 0..size − 1, or −1. The common case (all inside) is
    settled by a branch-free min/max sweep that the compiler vectorises."""
    cdef Py_ssize_t p, n = tokens.shape[0]
    if n == 0:
        return -1
    cdef token_t lo = tokens[0], hi = tokens[0], t
    for p in range(n):
        t = tokens[p]
        lo = t if t < lo else lo
        hi = t if t > hi else hi
    if lo >= 0 and hi < size:
        return -1
    for p in range(n):
        if tokens[p] < 0 or tokens[p] >= size:
            return p
    return -1


def _vocabulary(tokens, offsets, size, bint ignore_unknown, name, given):
    """With a vocabulary of ``size`` words, an id outside 0..size−1 is an error naming it as
    documents[i][j], shown as ``given(i, j, p)`` (the caller's entry), unless ``ignore_unknown``
    (the counting loops then skip it)."""
    if size is None or ignore_unknown:
        return
    # numpy's SIMD reductions settle the common case (every id inside) several times faster than
    # the compiled sweep, which then only finds the first id outside
    if tokens.shape[0] == 0 or (np.minimum.reduce(tokens) >= 0 and np.maximum.reduce(tokens) < size):
        return
    cdef Py_ssize_t p
    if tokens.dtype == np.int32:
        p = _first_outside[int32_t](tokens, size)
    else:
        p = _first_outside[int64_t](tokens, size)
    if p < 0:
        return
    cdef Py_ssize_t i = int(np.searchsorted(offsets, p, side="right")) - 1
    while offsets[i + 1] == offsets[i]:  # empty documents end where the next one starts
        i += 1
    cdef Py_ssize_t j = p - offsets[i]
    value = int(tokens[p])
    if not INT64_MIN < value < INT64_MAX:
        value = given(i, j, p)
    raise error("token_id", name=name, where=f"[{i}][{j}]", value=value, last=size - 1)


def as_documents(documents, name="documents", size=None, ignore_unknown=False):
    """Documents of token ids (NB-6; the reference's ``inputs.documents``) as (tokens, offsets):
    the ids of all documents in one int64 array and m + 1 int64 offsets, document i being
    tokens[offsets[i]:offsets[i + 1]]. A 2-D real array (or DataFrame) is read in one pass; other
    sequences document by document. ``size``, ``ignore_unknown``: as the reference's (ignored ids
    are kept, saturated beyond int64, for the counting loops to skip)."""
    cdef bint int64 = size is None
    D = _reference.sequence(documents, name, DOCUMENTS)
    if isinstance(D, np.ndarray) and D.ndim == 2 and _real_array(D):  # equal lengths: one read
        if D.shape[0] == 0:
            raise error("no_documents", name=name)
        tokens = _integral(D, name, D, int64).reshape(-1)
        offsets = np.arange(D.shape[0] + 1, dtype=np.int64) * D.shape[1]
        _vocabulary(tokens, offsets, size, ignore_unknown, name,
                    lambda i, j, p: _shown(D, tokens.reshape(D.shape), (i, j)))
        return tokens, offsets
    if len(D) == 0:
        raise error("no_documents", name=name)
    docs = [_reference.document(d, name, i) for i, d in enumerate(D)]
    parts = [as_integers(d, f"{name}[{i}]", True, int64) for i, d in enumerate(docs)]
    offsets = np.zeros(len(parts) + 1, dtype=np.int64)
    np.cumsum([a.shape[0] for a in parts], out=offsets[1:])
    tokens = np.concatenate(parts)
    _vocabulary(tokens, offsets, size, ignore_unknown, name,
                lambda i, j, p: _shown(docs[i], parts[i], (j,)))
    return tokens, offsets


def as_packed_documents(tokens, offsets, name="documents", size=None, ignore_unknown=False):
    """Documents given flat (NB-6's ``Documents``; the reference's ``inputs.packed_documents``) as
    (tokens, offsets): tokens an int32 or int64 array, kept without a copy when the caller's is a
    C-contiguous one, offsets int64. ``size``, ``ignore_unknown``: as for ``as_documents``."""
    if isinstance(tokens, np.ndarray) and tokens.ndim == 1 and tokens.dtype in (np.int32, np.int64):
        t = np.ascontiguousarray(tokens)
    else:
        t = as_integers(tokens, f"{name}.tokens", True, size is None)
    o = as_integers(offsets, f"{name}.offsets")
    if o.shape[0] < 2 or o[0] != 0 or o[o.shape[0] - 1] != t.shape[0] or (np.diff(o) < 0).any():
        raise error("offsets", name=name, n=t.shape[0])
    _vocabulary(t, o, size, ignore_unknown, name, lambda i, j, p: _shown(tokens, t, (p,)))
    return t, o

# ---- Parts II-III: labels and counts (logistic regression, perceptron, GLMs, softmax) ------------

__all__ += ["as_binary_labels", "as_class_labels", "as_counts", "as_poisson_targets", "as_targets"]


def _labels(y, name, length, length_name, walk, key, ok, bools=False, integral_key=None, **fields):
    """Labels as float64: a real (or, with ``bools``, bool) 1-D array whose entries are integral
    values that ``ok`` takes, inside int64 (refused by ``key``, or ``integral_key`` where given
    for an integral value, as the reference's ``_label``); anything else is read by the
    reference's reader ``walk``, which names the first bad entry."""
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
                raise error("not_finite", name=name, where=f"[{i}]", value=as_given(y, a, (i,)))
            if out[i] == np.floor(out[i]) and ok(out[i:i + 1])[0]:
                raise error("beyond_int64", name=name, where=f"[{i}]", value=as_given(y, a, (i,)))
            integral = out[i] == np.floor(out[i])
            raise error(integral_key if integral_key and integral else key,
                        name=name, where=f"[{i}]", value=as_given(y, a, (i,)), **fields)
    check_length(out, name, length, length_name)
    return out


def as_binary_labels(y, name="y", length=None, length_name=None, module=""):
    """Labels in {0, 1} (bools accepted: False is 0, True is 1) as float64 0.0 / 1.0 (Part IV's
    counting loops take them as uint8); another label is refused naming the estimator of
    ``module`` that takes any coding, as the reference's ``binary_labels``."""
    return _labels(y, name, length, length_name,
                   lambda y, name: _reference.binary_labels(y, name, module), "binary_label",
                   lambda a: (a == 0) | (a == 1), bools=True, integral_key=k_classes(module)[1],
                   estimator=estimator(module), k_classes=k_classes(module)[0])


def as_class_labels(y, k, name="y", length=None, length_name=None, module=""):
    """Labels in {1, ..., k} as an intp array."""
    a = _labels(y, name, length, length_name,
                lambda y, name: _reference.class_labels(y, k, name, module),
                "class_label", lambda a: (a >= 1) & (a <= k), k=_reference.shown_k(k),
                estimator=estimator(module))
    return np.ascontiguousarray(a, dtype=np.intp)


def as_counts(y, name="y", length=None, length_name=None):
    """Non-negative integer counts (at most 2⁶³ − 1) as float64."""
    return _labels(y, name, length, length_name, _reference.counts, "count", lambda a: a >= 0)


def as_poisson_targets(y, name="y", length=None, length_name=None):
    """The targets of a Poisson GLM, any reals >= 0, as float64 (the reference's
    ``inputs.poisson_targets``)."""
    a = as_vector(y, name, length, length_name)
    if not (a >= 0).all():
        i = int(np.argmax(~(a >= 0)))
        raise error("poisson_target", name=name, where=f"[{i}]", value=as_given(y, a, (i,)))
    return a


def as_targets(y, name="y", length=None, length_name=None, positive=False):
    """Real targets as float64; ``positive``: every entry > 0."""
    a = as_vector(y, name, length, length_name)
    if positive and not (a > 0).all():
        i = int(np.argmax(~(a > 0)))
        raise error("positive_target", name=name, where=f"[{i}]", value=as_given(y, a, (i,)))
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
    if length is not None and a.shape[0] != length:  # one label per row of length_name, as same_length says
        raise error("rows_and_entries", x_name=length_name, m=length, y_name=name, n=a.shape[0])
    if a.dtype.kind in "US" and isinstance(y, (list, tuple)) and not all(is_text(v) for v in y):
        # numpy made text of a mixed list ([1, 'a'] as ['1', 'a']): the reference judges the caller's entries
        from cs229.reference.margins import signed_labels
        return np.array(signed_labels(y, classes), dtype=np.float64)
    if classes is not None:
        classes = tuple(classes)
        if len(classes) != 2 or classes[0] == classes[1]:
            raise error("classes_pair", got=repr(classes))
        neg = a == classes[0]
        pos = a == classes[1]
        bad = ~(np.asarray(neg) | np.asarray(pos))
        if bad.any():
            i = int(np.argmax(bad))
            raise error("neither_class", name=name, i=i, got=repr(a[i].item()), classes=repr(classes))
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
    X = _reference.sequence(X, name, "a sequence of strings")
    if len(X) == 0:
        raise error("empty", name=name)
    out = []
    for i, s in enumerate(X):
        if not isinstance(s, str):
            raise error("not_a_str", name=f"{name}[{i}]", got=type(s).__name__)
        if alphabet is not None:
            for j, ch in enumerate(s):
                if ch not in alphabet:
                    raise error("not_in_alphabet", name=f"{name}[{i}]", i=j, got=repr(ch),
                                alphabet=repr(alphabet))
        out.append(s)
    return out


__all__ += ["as_sample_weights"]


def as_sample_weights(sample_weight, X, name="sample_weight", x_name="X", of="rows"):
    """X-2: the reference's ``inputs.sample_weights`` as float64 (each >= 0, not all 0), or None;
    a length mismatch named by ``x_name`` and ``of`` as there."""
    if sample_weight is None:
        return None
    # X: an array, the view of a sparse matrix that naive Bayes passes (no len), or strings (SMO)
    m = X.shape[0] if hasattr(X, "shape") else len(X)
    weight = as_vector(sample_weight, name, m, x_name, of=of)
    if not (weight >= 0).all():
        i = int(np.argmax(~(weight >= 0)))
        raise error("negative_weight", name=name, where=f"[{i}]",
                    value=as_given(sample_weight, weight, (i,)))
    if not weight.any():
        raise error("zero_weights", name=name)
    return weight
