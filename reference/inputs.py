"""Checking and normalising the plain-Python inputs of the reference.

Matrices are non-empty sequences of equally long, non-empty rows of real numbers; vectors are
non-empty sequences of real numbers. Entries are normalised by ``scalar.to_scalar`` (int becomes
Fraction, numpy scalars become float) and must be finite. Errors name the argument.

What counts as a sequence: a list, a tuple, a numpy array of at least one dimension, or anything
else with ``len`` and iteration except a string; a pandas DataFrame or Series is read through
``.to_numpy()`` (its rows, never its column names); a scipy.sparse matrix is refused with the
conversion to make (``.toarray()``).

Every error comes from the one message table in ``messages``, which ``cs229.fast._validation``
raises through too, so both faces give the same exception type and text for the same input: a
TypeError for an object of the wrong kind (not a sequence, an entry that is not a number of the
expected kind), a ValueError for the right kind with the wrong shape or value. ``cs229.fast``
calls the readers here on its error paths to name the first bad entry the way this face does.

Checking order, the same in both faces: the kind of the object, then empty, then the number of
dimensions (read along the first entries), then row by row, entry by entry, the first entry
that fails any check (kind, finiteness, range) is the one named.
"""
import numbers

from . import scalar
from .messages import INT64_MAX, INT64_MIN, MAX_COUNT, error, estimator, kind_name

__all__ = ["sequence", "matrix", "vector", "real", "positive", "positive_int", "same_length",
           "tolerance", "example_order", "sgd_schedule"]

MATRIX = "a matrix (a sequence of rows)"
VECTOR = "a vector (a sequence of numbers)"


def _is_pandas(value):
    return type(value).__module__.partition(".")[0] == "pandas" and hasattr(value, "to_numpy")


def _is_sparse(value):
    return type(value).__module__.startswith("scipy.sparse")


def _sized(value):
    """A sequence that can be nested in another: has a length and iterates, is not a string, and
    is not a 0-dimensional array."""
    return (not isinstance(value, (str, bytes)) and getattr(value, "ndim", None) != 0
            and hasattr(value, "__len__") and hasattr(value, "__iter__"))


def sequence(value, name, what="a sequence"):
    """``value`` as a sequence that ``len`` and iteration read (a pandas object as its
    ``.to_numpy()``); anything that is not a sequence raises TypeError."""
    if _is_pandas(value):
        return value.to_numpy()
    if _is_sparse(value):
        raise error("sparse", name=name, got=type(value).__name__)
    if not _sized(value):
        raise error("not_a_sequence", name=name, what=what, got=kind_name(value))
    return value


_sequence = sequence  # the name naive_bayes reads it by


def _ndim(value):
    """The number of dimensions of ``value``, read along its first entries (an array's ndim)."""
    ndim = getattr(value, "ndim", None)
    if isinstance(ndim, int):
        return ndim
    if not _sized(value):
        return 0
    for first in value:
        return 1 + _ndim(first)
    return 1


def _entry(value, name, where):
    """Entry ``where`` of array ``name`` (a scalar parameter when ``where`` is ""): a sequence
    there is one dimension too many (ValueError), a sequence for a parameter the wrong kind."""
    if where and _sized(value):
        raise error("nested", name=name, where=where, value=value)
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise error("not_real", name=name, where=where, value=value)
    number = scalar.to_scalar(value)
    if not scalar.isfinite(number):
        raise error("not_finite", name=name, where=where, value=value)
    return number


def _flat(v, name, entry):
    """The entries of a non-empty 1-dimensional v, each read by ``entry(value, name, where)``."""
    v = sequence(v, name, VECTOR)
    if len(v) == 0:
        raise error("empty", name=name)
    out = []
    for i, x in enumerate(v):
        if _sized(x):
            raise error("dimensions", name=name, want=1, got=1 + _ndim(x))
        out.append(entry(x, name, f"[{i}]"))
    return out


def vector(v, name="v"):
    """A list of finite scalars; raises on empty, nested or non-numeric input."""
    return _flat(v, name, _entry)


def matrix(A, name="A"):
    """A list of equally long lists of finite scalars."""
    return _rows(A, name, _entry)


def _rows(A, name, entry):
    """The rows of a non-empty rectangular A, each entry read by ``entry(value, name, where)``."""
    A = sequence(A, name, MATRIX)
    if len(A) == 0:
        raise error("no_rows", name=name)
    ndim = _ndim(A)
    if ndim != 2:
        raise error("dimensions", name=name, want=2, got=ndim)
    rows = []
    width = None
    for i, row in enumerate(A):
        if not _sized(row):
            raise error("ragged_row", name=name, width=width, i=i, value=row)
        if width is None:
            width = len(row)
            if width == 0:
                raise error("no_columns", name=name)
        elif len(row) != width:
            raise error("ragged", name=name, width=width, i=i, length=len(row))
        out = []
        for j, x in enumerate(row):
            if _sized(x):
                raise error("dimensions", name=name, want=2, got=2 + _ndim(x))
            out.append(entry(x, name, f"[{i}][{j}]"))
        rows.append(out)
    return rows


def real(x, name):
    """A finite scalar (an int read as Fraction, as every entry is)."""
    return _entry(x, name, "")


def positive(x, name):
    """A finite scalar > 0."""
    value = real(x, name)
    if not value > 0:
        raise error("positive", name=name, value=x)
    return value


def positive_int(n, name):
    """An integer 1 <= n <= messages.MAX_COUNT (2³¹ − 1: iteration counts, degrees, sizes)."""
    if isinstance(n, bool) or not isinstance(n, numbers.Integral):
        raise error("int_parameter", name=name, value=n)
    n = int(n)
    if n < 1:
        raise error("at_least", name=name, low=1, value=n)
    if n > MAX_COUNT:
        raise error("count_limit", name=name, value=n)
    return n


def same_length(X, y, x_name="X", y_name="y"):
    if len(X) != len(y):
        raise error("rows_and_entries", x_name=x_name, m=len(X), y_name=y_name, n=len(y))


def tolerance(tol, allow_none=True):
    """The ``tol`` of an iterative fit: a finite scalar >= 0, or (``allow_none``) None for no
    stopping test."""
    if tol is None and allow_none:
        return None
    value = real(tol, "tol")
    if value < 0:
        raise error("tolerance", or_none=" or None" if allow_none else "", value=tol)
    return value


def example_order(order, m):
    """The order in which an epoch visits the m examples: a permutation of 0..m−1 given as
    integers (int or numpy integers; bools and floats, even integral ones, are refused, as numpy
    refuses them as indices); 0..m−1 itself when ``order`` is None."""
    if order is None:
        return list(range(m))
    order = sequence(order, "order", "a sequence of example indices")
    out = []
    for i, v in enumerate(order):
        if isinstance(v, bool) or not isinstance(v, numbers.Integral):
            raise error("order_entry", i=i, value=v, last=m - 1)
        out.append(int(v))
    if sorted(out) != list(range(m)):
        raise error("order", last=m - 1)
    return out


def sgd_schedule(alpha, epochs, order, decay, m):
    """Stochastic gradient descent's α > 0, number of epochs, order of the m examples and
    decay >= 0 (α_t = α / (1 + decay · t)), checked in that order."""
    alpha = positive(alpha, "alpha")
    epochs = positive_int(epochs, "epochs")
    order = example_order(order, m)
    decay = nonnegative(decay, "decay")
    return alpha, epochs, order, decay


# ---- Part IV (generative learning): discrete features, counts (labels: binary_labels) ----------

__all__ += ["integer", "binary_matrix", "natural", "nonnegative", "integer_matrix"]


def integer(value, name, where=""):
    """An int in the int64 range; a real number with an integral value (2.0, Fraction(4, 2)) is
    accepted as one."""
    if where and _sized(value):
        raise error("nested", name=name, where=where, value=value)
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise error("not_an_integer", name=name, where=where, value=value)
    if isinstance(value, numbers.Integral):
        n = int(value)
    else:
        if not scalar.isfinite(value):
            raise error("not_finite_integer", name=name, where=where, value=value)
        if value != int(value):
            raise error("fractional", name=name, where=where, value=value)
        n = int(value)
    if not INT64_MIN <= n <= INT64_MAX:
        raise error("beyond_int64", name=name, where=where, value=value)
    return n


_integer = integer  # the name naive_bayes reads it by


def _binary(value, name, where):
    number = _entry(value, name, where)
    if number != 0 and number != 1:
        raise error("binary_feature", name=name, where=where, value=value)
    return int(number)


def binary_matrix(X, name="X"):
    """A matrix whose entries are 0 or 1 (any real type but bool), returned as ints."""
    return _rows(X, name, _binary)


def integer_matrix(X, name="X"):
    """A rectangular matrix of integers (not bools; integral reals accepted), e.g. category indices."""
    return _rows(X, name, integer)


def natural(n, name):
    """An integer >= 0 (not a bool)."""
    value = integer(n, name)
    if value < 0:
        raise error("at_least", name=name, low=0, value=n)
    return value


def nonnegative(x, name):
    """A finite scalar >= 0."""
    value = real(x, name)
    if value < 0:
        raise error("at_least", name=name, low=0, value=x)
    return value

# ---- Parts II-III: labels and counts (logistic regression, perceptron, GLMs, softmax) ------------
# Labels come back as Python ints: an int mixes exactly with float, Fraction and mpf alike
# (a Fraction does not mix with mpf), so one label list serves every scalar type.

__all__ += ["binary_labels", "class_labels", "counts"]


def _is_bool(value):
    """A Python bool or a numpy bool (numpy is not imported here)."""
    return isinstance(value, bool) or (type(value).__module__ == "numpy" and type(value).__name__ in ("bool", "bool_"))


def _label(key, accept, bools=False, **fields):
    """The reader of one label: a finite real number (a bool too when ``bools``) with an integral
    value that ``accept`` takes, else the error ``key`` of the message table; an unbounded label
    set still ends at 2⁶³ − 1."""
    def read(value, name, where):
        number = int(value) if bools and _is_bool(value) else _entry(value, name, where)
        if number != int(number) or not accept(int(number)):
            raise error(key, name=name, where=where, value=value, **fields)
        if int(number) > INT64_MAX:
            raise error("beyond_int64", name=name, where=where, value=value)
        return int(number)
    return read


def binary_labels(y, name="y", module=""):
    """Labels in {0, 1} (000 Parts II and IV), as ints; any real number equal to 0 or 1 is
    accepted, and so are bools (False is 0, True is 1). Another label is refused by a message
    naming the estimator (``messages.estimator(module)``) that takes any coding."""
    return _flat(y, name, _label("binary_label", lambda v: v in (0, 1), bools=True,
                                 estimator=estimator(module)))


def class_labels(y, k, name="y", module=""):
    """Labels in {1, ..., k} (000 §9.3), as ints."""
    return _flat(y, name, _label("class_label", lambda v: 1 <= v <= k, k=k,
                                 estimator=estimator(module)))


def counts(y, name="y"):
    """Non-negative integer counts (Poisson targets, 000 §9), as ints; at most 2⁶³ − 1."""
    return _flat(y, name, _label("count", lambda v: v >= 0))


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
