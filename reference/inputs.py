"""Checking and normalising the plain-Python inputs of the reference.

Matrices are non-empty sequences of equally long, non-empty rows of real numbers; vectors are
non-empty sequences of real numbers. Entries are read by ``parameters.number`` (int becomes
Fraction, numpy scalars become float; finite) or ``parameters.integer``. Errors name the argument.
A scalar argument (a step size, a tolerance, a count, a choice, a flag) is read by a kind of
``parameters``, not here.

What counts as a sequence: a list, a tuple, a numpy array of at least one dimension, or anything
else with ``len`` and iteration except a string; a pandas DataFrame or Series is read through
``.to_numpy()`` (its rows, never its column names); a scipy.sparse matrix is refused with the
conversion to make (``.toarray()``).

Every error here comes from the one message table in ``messages``, which ``cs229.fast._validation``
raises through too, so both faces give the same exception type and text for the same input: a
TypeError for an object of the wrong kind (not a sequence, an entry that is not a number of the
expected kind), a ValueError for the right kind with the wrong shape or value. ``cs229.fast``
calls the readers here on its error paths to name the first bad entry the way this face does.

Checking order, the same in both faces: the kind of the object, then empty, then the number of
dimensions (read along the first entries), then row by row, entry by entry, the first entry
that fails any check (kind, finiteness, range) is the one named.
"""
import numbers
from collections import UserString

from . import parameters, scalar
from .messages import INT64_MAX, error, estimator, integer_label, k_classes, kind_name, length_error
from .parameters import is_bool, number, table_size

__all__ = ["TEXT", "is_text", "sequence", "matrix", "vector", "same_length", "check_length",
           "example_order", "class_priors"]

MATRIX = "a matrix (a sequence of rows)"
VECTOR = "a vector (a sequence of numbers)"
DOCUMENTS = "a sequence of token-id sequences or Documents"


def _is_pandas(value):
    return type(value).__module__.partition(".")[0] == "pandas" and hasattr(value, "to_numpy")


def _is_sparse(value):
    return type(value).__module__.startswith("scipy.sparse")


TEXT = (str, bytes, bytearray, UserString)


def is_text(value):
    """Text: never read as a sequence of its characters or byte values (str, bytes, bytearray,
    collections.UserString)."""
    return isinstance(value, TEXT)


def _sized(value):
    """A sequence that can be nested in another: has a length and iterates, is not text, and
    is not a 0-dimensional array."""
    return (not is_text(value) and getattr(value, "ndim", None) != 0
            and hasattr(value, "__len__") and hasattr(value, "__iter__"))


def sequence(value, name, what="a sequence"):
    """``value`` as a sequence that ``len`` and iteration read (a pandas object as its
    ``.to_numpy()``); anything that is not a sequence raises TypeError."""
    if _is_pandas(value):
        return value.to_numpy()
    if _is_sparse(value):
        raise error("sparse", name=name, got=type(value).__name__)
    if not _sized(value):
        raise error("wrong_kind", name=name, what=what, got=kind_name(value))
    return value


def _ndim(value, name):
    """The number of dimensions of ``value``, read along its first entries (an array's ndim). A
    sequence met again along them contains itself: ValueError naming ``name``, not a recursion
    without end."""
    chain = []
    while True:
        ndim = getattr(value, "ndim", None)
        if isinstance(ndim, int):
            return len(chain) + ndim
        if not _sized(value):
            return len(chain)
        if any(value is outer for outer in chain):
            raise error("contains_itself", name=name)
        chain.append(value)
        for first in value:
            value = first
            break
        else:
            return len(chain)


def _flat(v, name, entry, empty=False):
    """The entries of a 1-dimensional v (non-empty unless ``empty``), each read by
    ``entry(value, name, where)``."""
    v = sequence(v, name, VECTOR)
    if len(v) == 0 and not empty:
        raise error("empty", name=name)
    out = []
    for i, x in enumerate(v):
        if _sized(x):
            raise error("dimensions", name=name, want=1, got=1 + _ndim(x, name))
        out.append(entry(x, name, f"[{i}]"))
    return out


def vector(v, name="v", length=None, length_name=None, of=None):
    """A list of finite scalars; raises on empty, nested or non-numeric input, and with ``length``
    where it has not that many entries (``check_length``)."""
    out = _flat(v, name, number)
    check_length(out, name, length, length_name, of)
    return out


def check_length(v, name, length, length_name, of=None):
    """The error of ``messages.length_error`` where ``v`` has not ``length`` entries (None: any
    length): "x has 2 entries but theta has 3", "... but X has 3 rows" (``of="rows"``) or
    "... 3 columns" (``of="columns"``)."""
    if length is not None and len(v) != length:
        raise length_error(name, len(v), length_name, length, of)


def matrix(A, name="A"):
    """A list of equally long lists of finite scalars."""
    return _rows(A, name, number)


def _rows(A, name, entry):
    """The rows of a non-empty rectangular A, each entry read by ``entry(value, name, where)``."""
    A = sequence(A, name, MATRIX)
    if len(A) == 0:
        raise error("no_rows", name=name)
    ndim = _ndim(A, name)
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
                raise error("dimensions", name=name, want=2, got=2 + _ndim(x, name))
            out.append(entry(x, name, f"[{i}][{j}]"))
        rows.append(out)
    return rows


def same_length(X, y, x_name="X", y_name="y"):
    if len(X) != len(y):
        raise error("rows_and_entries", x_name=x_name, m=len(X), y_name=y_name, n=len(y))


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


# ---- Part IV (generative learning): discrete features, counts (labels: binary_labels) ----------

__all__ += ["binary_matrix"]


def _binary(value, name, where):
    x = number(value, name, where)
    if x != 0 and x != 1:
        raise error("binary_feature", name=name, where=where, value=value)
    return int(x)


def binary_matrix(X, name="X"):
    """A matrix whose entries are 0 or 1 (any real type but bool), returned as ints."""
    return _rows(X, name, _binary)


# ---- integer data: class labels, categories, token ids; the sizes of count tables --------------
# Read entry by entry into Python ints. Where a range check follows (categories in 0..k−1, token
# ids in a vocabulary) an entry beyond int64 is outside the range like any other and is kept as
# the caller gave it, so that the range's message shows it so (1e+300, 18446744073709551615);
# elsewhere (class labels, offsets, token ids without a vocabulary) it is refused, as the
# compiled code holds integers in int64.

__all__ += ["integer", "integers", "integer_labels", "integer_matrix", "category_sizes",
            "check_categories", "document", "documents", "packed_documents"]


def integer(value, name, where="", int64=True):
    """An entry of integer data, ``where`` in argument ``name`` (an integral real number, read by
    ``parameters.integer``); a sequence there is one dimension too many."""
    if where and _sized(value):
        raise error("nested", name=name, where=where, value=value)
    return parameters.integer(value, name, where, int64)


def _integer_reader(int64):
    return lambda value, name, where: integer(value, name, where, int64)


def integers(v, name="y", empty=False, int64=True):
    """A 1-dimensional sequence of integers (``integer``), non-empty unless ``empty``: class
    labels (DT), offsets, the observations of a discrete variable (NB-4)."""
    return _flat(v, name, _integer_reader(int64), empty)


def integer_labels(y, name="y", module=""):
    """Class labels that are integers (DT-5, DT-6), read as ``integers`` does; a refused entry's
    message also names the estimator of ``module`` that takes labels in any coding."""
    def read(value, name, where):
        try:
            return integer(value, name, where)
        except (TypeError, ValueError) as refusal:
            raise integer_label(refusal, module) from None
    return _flat(y, name, read)


def integer_matrix(X, name="X", int64=True):
    """A rectangular matrix of integers (``integer``), e.g. category indices (NB-5)."""
    return _rows(X, name, _integer_reader(int64))


def category_sizes(k, n=None, name="k"):
    """k_j, the number of values of each of the n features (NB-5), read once as a list: one int k
    stands for every feature; each k_j is a table size, and so is Σⱼ k_j, the size of a class's
    table. ``n`` (the columns of X) is the number of entries a sequence k must have."""
    if isinstance(k, numbers.Integral) and not isinstance(k, bool) and n is not None:
        k = [table_size(k, name)] * n
    if is_text(k) or not hasattr(k, "__iter__"):
        raise error("sizes_kind", name=name, got=type(k).__name__)
    k = list(k)
    if n is not None and len(k) != n:
        raise error("entries_and_columns", name=name, n=len(k), x_name="X", m=n)
    k = [table_size(k_j, f"{name}[{j}]") for j, k_j in enumerate(k)]
    total = 0
    for k_j in k:
        total += k_j
    if k:
        table_size(total, f"Σⱼ {name}[j]")
    return k


def check_categories(values, k, name):
    """Categories read by ``integers`` or ``integer_matrix`` with int64=False, checked against the
    number of values: values[i] in 0..k−1 (one variable, int k), or X[i][j] in 0..k_j − 1
    (features, a list k), the first other entry named as the caller gave it."""
    if isinstance(k, list):
        for i, row in enumerate(values):
            for j, v in enumerate(row):
                if not 0 <= v < k[j]:
                    raise error("feature_value", name=name, where=f"[{i}][{j}]", value=v, j=j,
                                last=k[j] - 1)
        return values
    for i, v in enumerate(values):
        if not 0 <= v < k:
            raise error("category", name=name, where=f"[{i}]", value=v, last=k - 1)
    return values


def document(d, name, i):
    """Document i of a sequence of documents as a sequence of its token ids: a pandas object by
    position, an iterator read once into a list; anything but a sequence (a number, a string, a
    0-dimensional array) is refused."""
    if is_text(d) or getattr(d, "ndim", None) == 0 or not hasattr(d, "__iter__"):
        raise error("not_a_document", name=name, where=f"[{i}]", got=kind_name(d))
    if _is_pandas(d):
        return d.to_numpy()
    return d if hasattr(d, "__len__") else list(d)


def documents(documents, name="documents", size=None, ignore_unknown=False):
    """Documents of token ids (NB-6) as lists of ints: a non-empty sequence of documents (a 2-D
    array or DataFrame by rows; documents may differ in length and may be empty), each read by
    ``integers``. With a vocabulary of ``size`` words an id outside 0..size−1 (beyond int64 too)
    is an unknown word: an error naming it, or dropped when ``ignore_unknown``; without one, ids
    must fit int64."""
    documents = sequence(documents, name, DOCUMENTS)
    if len(documents) == 0:
        raise error("no_documents", name=name)
    docs = [integers(document(d, name, i), f"{name}[{i}]", empty=True, int64=size is None)
            for i, d in enumerate(documents)]
    return docs if size is None else _in_vocabulary(docs, size, ignore_unknown, name)


def packed_documents(tokens, offsets, name="documents", size=None, ignore_unknown=False):
    """Documents given flat (NB-6's ``Documents``), as lists of ints: ``tokens`` the token ids of
    all documents (``integers``), ``offsets`` m + 1 integers rising from 0 to len(tokens),
    document i being tokens[offsets[i]:offsets[i + 1]]; ``size`` and ``ignore_unknown`` as for
    ``documents``."""
    tokens = integers(tokens, f"{name}.tokens", empty=True, int64=size is None)
    offsets = integers(offsets, f"{name}.offsets")
    if len(offsets) < 2 or offsets[0] != 0 or offsets[len(offsets) - 1] != len(tokens) \
            or any(b < a for a, b in zip(offsets, offsets[1:])):
        raise error("offsets", name=name, n=len(tokens))
    docs = [tokens[a:b] for a, b in zip(offsets, offsets[1:])]
    return docs if size is None else _in_vocabulary(docs, size, ignore_unknown, name)


def _in_vocabulary(docs, size, ignore_unknown, name):
    """The documents with every id in 0..size−1: another is an error, or dropped (the document is
    then shorter) when ``ignore_unknown``."""
    out = []
    for i, d in enumerate(docs):
        kept = []
        for j, t in enumerate(d):
            if 0 <= t < size:
                kept.append(t)
            elif not ignore_unknown:
                raise error("token_id", name=name, where=f"[{i}][{j}]", value=t, last=size - 1)
        out.append(kept)
    return out

# ---- Parts II-III: labels and counts (logistic regression, perceptron, GLMs, softmax) ------------
# Labels come back as Python ints: an int mixes exactly with float, Fraction and mpf alike
# (a Fraction does not mix with mpf), so one label list serves every scalar type.

__all__ += ["binary_labels", "class_labels", "counts", "poisson_targets", "shown_k"]


def _label(key, accept, bools=False, integral_key=None, **fields):
    """The reader of one label: a finite real number (a bool too when ``bools``) with an integral
    value that ``accept`` takes, else the error ``key`` of the message table (``integral_key``,
    where given, for an integral value); an unbounded label set still ends at 2⁶³ − 1."""
    def read(value, name, where):
        x = int(value) if bools and is_bool(value) else number(value, name, where)
        if x != int(x) or not accept(int(x)):
            raise error(integral_key if integral_key and x == int(x) else key,
                        name=name, where=where, value=value, **fields)
        if int(x) > INT64_MAX:
            raise error("beyond_int64", name=name, where=where, value=value)
        return int(x)
    return read


def binary_labels(y, name="y", module=""):
    """Labels in {0, 1} (000 Parts II and IV), as ints; any real number equal to 0 or 1 is
    accepted, and so are bools (False is 0, True is 1). Another label is refused by a message
    naming the estimator (``messages.estimator(module)``) that takes any coding."""
    words, integral_key = k_classes(module)
    return _flat(y, name, _label("binary_label", lambda v: v in (0, 1), bools=True,
                                 integral_key=integral_key, estimator=estimator(module),
                                 k_classes=words))


def class_labels(y, k, name="y", module=""):
    """Labels in {1, ..., k} (000 §9.3), as ints; k = inf where k is read from y."""
    return _flat(y, name, _label("class_label", lambda v: 1 <= v <= k, k=shown_k(k),
                                 estimator=estimator(module)))


def shown_k(k):
    """k as a message shows it: the letter k where it is not fixed (inf: read from y), as in
    "labels must be integers in 1..k"."""
    return "k" if k == float("inf") else k


def counts(y, name="y"):
    """Non-negative integer counts (Poisson targets, 000 §9), as ints; at most 2⁶³ − 1."""
    return _flat(y, name, _label("count", lambda v: v >= 0))


def real_counts(v, name, empty=False):
    """Counts that may be real, each >= 0 (NB-6's bags of words, whose counts may be tf-idf
    weights): an integer entry (``numbers.Integral``) as an int, at most 2⁶³ − 1, so that integer
    counts are summed exactly; any other a finite real, read by ``number``."""
    def read(value, name, where):
        if isinstance(value, numbers.Integral) and not is_bool(value):
            x = parameters.integer(value, name, where)
        else:
            x = number(value, name, where)
        if not x >= 0:
            raise error("negative_count", name=name, where=where, value=value)
        return x
    return _flat(v, name, read, empty)


def poisson_targets(y, name="y"):
    """The targets of a Poisson GLM: any real y >= 0 (000 §9 reads counts; ℓ and the deviance
    are defined on every y >= 0, with log y! = log Γ(y + 1)). An integral entry comes back as an
    int, as ``counts`` gives it, so that it mixes with every scalar type; another as read."""
    def read(value, name, where):
        x = number(value, name, where)
        if not x >= 0:
            raise error("poisson_target", name=name, where=where, value=value)
        return int(x) if x == int(x) else x
    return _flat(y, name, read)


def class_priors(values, name, model):
    """The class priors φ_1..φ_k of a k-class model (X-3, X-4; both faces' check): k >= 2 entries,
    each in (0, 1), summing to 1 (to rounding for float and mpf, exactly for rationals)."""
    phi = vector(values, name)
    if len(phi) < 2:
        raise error("too_few_priors", name=name, n=len(phi), model=model)
    for j, p in enumerate(phi):
        parameters.unit_interval(p, f"{name}[{j}]")
    total = sum(phi[1:], phi[0])
    if abs(total - 1) > scalar.zero_tolerance(total, 1, 4 * len(phi)):
        raise error("priors_sum", name=name, total=total)
    return phi


__all__ += ["sample_weights"]


def sample_weights(sample_weight, X, name="sample_weight", x_name="X", of="rows"):
    """X-2: the sample weights, one real >= 0 per row of X, not all 0; or None (every weight 1).
    ``x_name`` and ``of`` say what a length mismatch names: "... but X has 3 rows" by default,
    "... but documents has 3" for the documents of naive Bayes (``x_name="documents", of=None``).

    An integer weight wᵢ counts example i wᵢ times: every weighted fit equals the unweighted fit
    with the rows repeated."""
    if sample_weight is None:
        return None
    weight = vector(sample_weight, name, len(X), x_name, of=of)
    for i, w in enumerate(weight):
        if not w >= 0:
            raise error("negative_weight", name=name, where=f"[{i}]", value=w)
    if not any(weight):
        raise error("zero_weights", name=name)
    return weight
