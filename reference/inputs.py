"""Checking and normalising the plain-Python inputs of the reference.

Matrices are non-empty sequences of equally long, non-empty rows of real numbers; vectors are
non-empty sequences of real numbers. Entries are normalised by ``scalar.to_scalar`` (int becomes
Fraction, numpy scalars become float) and must be finite. Errors name the argument.
"""
import numbers
import os

from . import scalar

__all__ = ["matrix", "vector", "positive", "positive_int", "same_length", "tolerance",
           "example_order", "sgd_schedule", "n_jobs"]


def _entry(value, name, where):
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name}{where} is {value!r}: expected a real number")
    value = scalar.to_scalar(value)
    if not scalar.isfinite(value):
        raise ValueError(f"{name}{where} is {value}: expected a finite number")
    return value


def _sequence(value, name):
    if isinstance(value, (str, bytes)) or not hasattr(value, "__len__") or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be a sequence, got {type(value).__name__}")
    return value


def vector(v, name="v"):
    """A list of finite scalars; raises on empty, nested or non-numeric input."""
    _sequence(v, name)
    if len(v) == 0:
        raise ValueError(f"{name} is empty")
    return [_entry(x, name, f"[{i}]") for i, x in enumerate(v)]


def matrix(A, name="A"):
    """A list of equally long lists of finite scalars."""
    return _rows(A, name, _entry)


def _rows(A, name, entry):
    """The rows of a non-empty rectangular A, each entry read by ``entry(value, name, where)``."""
    _sequence(A, name)
    if len(A) == 0:
        raise ValueError(f"{name} is empty (no rows)")
    rows = []
    width = None
    for i, row in enumerate(A):
        if isinstance(row, numbers.Number) or not hasattr(row, "__len__"):
            raise ValueError(f"{name} must be 2-dimensional (a sequence of rows); row {i} is {row!r}")
        if width is None:
            width = len(row)
            if width == 0:
                raise ValueError(f"{name} has rows of length 0")
        elif len(row) != width:
            raise ValueError(f"{name} is ragged: row 0 has {width} entries, row {i} has {len(row)}")
        rows.append([entry(x, name, f"[{i}][{j}]") for j, x in enumerate(row)])
    return rows


def positive(x, name):
    """A finite scalar > 0."""
    x = _entry(x, name, "")
    if not x > 0:
        raise ValueError(f"{name} must be > 0, got {x}")
    return x


def positive_int(n, name):
    if isinstance(n, bool) or not isinstance(n, numbers.Integral):
        raise TypeError(f"{name} must be an integer, got {n!r}")
    if n < 1:
        raise ValueError(f"{name} must be >= 1, got {n}")
    return int(n)


def same_length(X, y, x_name="X", y_name="y"):
    if len(X) != len(y):
        raise ValueError(f"{x_name} has {len(X)} rows but {y_name} has {len(y)} entries")


def tolerance(tol):
    """The ``tol`` of the iterative fits: a finite scalar >= 0, or None (no stopping test)."""
    if tol is None:
        return None
    tol = vector([tol], "tol")[0]
    if tol < 0:
        raise ValueError(f"tol must be >= 0 or None, got {tol}")
    return tol


def example_order(order, m):
    """The order in which an epoch visits the m examples: a permutation of 0..m−1 as ints
    (0..m−1 itself when ``order`` is None)."""
    if order is None:
        return list(range(m))
    order = list(order)
    if any(isinstance(i, bool) for i in order) or sorted(order) != list(range(m)):
        raise ValueError(f"order must be a permutation of 0..{m - 1}")
    return [int(i) for i in order]


def sgd_schedule(alpha, epochs, order, decay, m):
    """Stochastic gradient descent's α > 0, number of epochs, order of the m examples and
    decay >= 0 (α_t = α / (1 + decay · t)), checked in that order."""
    alpha = positive(alpha, "alpha")
    epochs = positive_int(epochs, "epochs")
    order = example_order(order, m)
    decay = vector([decay], "decay")[0]
    if decay < 0:
        raise ValueError(f"decay must be >= 0, got {decay}")
    return alpha, epochs, order, decay


# ---- Part IV (generative learning): discrete features, counts (labels: binary_labels) ----------

__all__ += ["binary_matrix", "natural", "nonnegative", "integer_matrix"]


def _integer(value, name, where):
    """An int; a real number with an integral value (2.0, Fraction(4, 2)) is accepted as one."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name}{where} is {value!r}: expected an integer")
    if isinstance(value, numbers.Integral):
        return int(value)
    if not scalar.isfinite(value):
        raise ValueError(f"{name}{where} is {value}: expected a finite integer")
    if value != int(value):
        raise ValueError(f"{name}{where} is {value}: expected an integer")
    return int(value)


def binary_matrix(X, name="X"):
    """A matrix whose entries are 0 or 1 (any real type), returned as ints."""
    X = matrix(X, name)
    for i, row in enumerate(X):
        for j, v in enumerate(row):
            if v != 0 and v != 1:
                raise ValueError(f"{name}[{i}][{j}] is {v}: features must be binary (0 or 1)")
    return [[int(v) for v in row] for row in X]


def integer_matrix(X, name="X"):
    """A rectangular matrix of integers (not bools; integral reals accepted), e.g. category indices."""
    return _rows(X, name, _integer)


def natural(n, name):
    """An integer >= 0 (not a bool)."""
    n = _integer(n, name, "")
    if n < 0:
        raise ValueError(f"{name} must be >= 0, got {n}")
    return n


def nonnegative(x, name):
    """A finite scalar >= 0."""
    x = _entry(x, name, "")
    if x < 0:
        raise ValueError(f"{name} must be >= 0, got {x}")
    return x

# ---- Parts II-III: labels and counts (logistic regression, perceptron, GLMs, softmax) ------------
# Labels come back as Python ints: an int mixes exactly with float, Fraction and mpf alike
# (a Fraction does not mix with mpf), so one label list serves every scalar type.

__all__ += ["binary_labels", "class_labels", "counts"]


def _labels(y, name, accept, expected):
    _sequence(y, name)
    if len(y) == 0:
        raise ValueError(f"{name} is empty")
    out = []
    for i, v in enumerate(y):
        v = _entry(v, name, f"[{i}]")
        if v != int(v) or not accept(int(v)):
            raise ValueError(f"{name}[{i}] is {v}: {expected}")
        out.append(int(v))
    return out


def binary_labels(y, name="y"):
    """Labels in {0, 1} (000 Parts II and IV), as ints; any real number equal to 0 or 1 is accepted."""
    return _labels(y, name, lambda v: v in (0, 1), "labels must be 0 or 1")


def class_labels(y, k, name="y"):
    """Labels in {1, ..., k} (000 §9.3), as ints."""
    return _labels(y, name, lambda v: 1 <= v <= k, f"labels must be integers in 1..{k}")


def counts(y, name="y"):
    """Non-negative integer counts (Poisson targets, 000 §9), as ints."""
    return _labels(y, name, lambda v: v >= 0, "counts must be non-negative integers")


def choice(value, name, options):
    """One of a few named options (a string), e.g. Newton's ``start``; the same check serves
    both faces."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be one of {', '.join(map(repr, options))}, got {value!r}")
    if value not in options:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, options))}, got {value!r}")
    return value


def flag(value, name):
    """A yes/no option (e.g. Newton's ``damping``): True or False (numpy's bool too), read once."""
    if not isinstance(value, bool) and type(value).__name__ != "bool_":
        raise TypeError(f"{name} must be True or False, got {value!r}")
    return bool(value)


def n_jobs(value, name="n_jobs"):
    """How many cores a computation over independent rows may use: an integer >= 1, or -1 or
    None for all the cores this process may run on. Returns that number. The reference accepts
    and checks it and computes serially; the fast face splits the rows among that many threads,
    each row computed as in the serial loop, so every answer is the same bit for bit."""
    if value is None or (not isinstance(value, bool) and isinstance(value, numbers.Integral)
                         and value == -1):
        return _cores()
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer >= 1, or -1 or None (all cores), got {value!r}")
    if value < 1:
        raise ValueError(f"{name} must be an integer >= 1, or -1 or None (all cores), got {value}")
    return int(value)


def _cores():
    try:
        return max(len(os.sched_getaffinity(0)), 1)
    except AttributeError:  # no sched_getaffinity (macOS, Windows)
        return os.cpu_count() or 1
