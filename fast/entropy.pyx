"""Compiled twins of cs229.reference.entropy (catalog DT-3, DT-5).

The sums run in the reference's order (left to right, q log q skipped where q = 0), with the C
library's log and log2 that Python's math module also calls, so on float64 input the results are
the reference's floats.
"""
import numpy as np

from libc.math cimport isfinite, log, log2

from cs229.fast._validation import as_given, as_integer_labels, as_matrix, as_vector, same_length
from cs229.reference.entropy import UNITS
from cs229.reference.messages import error
from cs229.reference.parameters import choice, tally

__all__ = ["class_codes", "entropy", "count_entropy", "bernoulli_entropy", "split_entropy",
           "information_gain", "count_table"]

cdef double EPS = np.finfo(np.float64).eps


def _unit(unit):
    """True for bits, False for nats (``unit`` is compared once, as a str)."""
    return choice(unit, "unit", UNITS) == "bits"


def class_codes(y, name="y"):
    """The classes of y ascending (int64) and each label's place among them (intp codes), for
    labels that are integers inside int64 (any integer dtype, or integral reals; the reference's
    ``inputs.integer_labels``)."""
    classes, codes = np.unique(as_integer_labels(y, name, "entropy"), return_inverse=True)
    return classes, codes.astype(np.intp).reshape(-1)


def _probabilities(given):
    p = as_vector(given, "p")
    if (p < 0).any():
        where = int(np.argmax(p < 0))
        raise error("negative_probability", name="p", where=f"[{where}]", value=as_given(given, p, (where,)))
    cdef const double[::1] pv = p
    cdef double s = 0.0
    cdef Py_ssize_t i
    for i in range(pv.shape[0]):
        s = s + pv[i]
    if abs(s - 1) > 4 * pv.shape[0] * EPS:
        raise error("sums_to", name="p", s=s)
    return p


def _check_counts(a, name, given):
    """``a`` (``given`` as float64) when its entries are counts; the error shows the entry as
    the caller gave it (-1, not -1.0)."""
    bad = (a < 0) | (a != np.round(a))
    if bad.any():
        where = np.unravel_index(int(np.argmax(bad)), a.shape)
        index = "".join(f"[{int(i)}]" for i in where)
        raise error("not_a_count", name=name, where=index, value=np.asarray(given)[where])
    if not a.any():
        raise error("no_examples", name=name)
    with np.errstate(over="ignore"):
        total = np.add.reduce(a, axis=None)
    if not np.isfinite(total):
        raise error("counts_past_float64", name=name)
    return a


cdef inline double _plogp(double q, bint bits) noexcept nogil:
    return q * (log2(q) if bits else log(q))


cdef double _count_entropy(const double* c, Py_ssize_t n, bint bits) noexcept nogil:
    cdef double m = 0.0, total = 0.0, q
    cdef Py_ssize_t k
    for k in range(n):
        m = m + c[k]
    for k in range(n):
        q = c[k] / m
        if q != 0:
            total = total - _plogp(q, bits)
    return total


cdef double _split_entropy(const double[:, ::1] t, bint bits) noexcept nogil:
    cdef Py_ssize_t J = t.shape[0], K = t.shape[1], j, k
    cdef double m = 0.0, m_j, total = 0.0
    for j in range(J):
        m_j = 0.0
        for k in range(K):
            m_j = m_j + t[j, k]
        m = m + m_j
    for j in range(J):
        m_j = 0.0
        for k in range(K):
            m_j = m_j + t[j, k]
        if m_j == 0:
            continue
        total = total + (m_j / m) * _count_entropy(&t[j, 0], K, bits)
    return total


def entropy(p, unit="bits"):
    """DT-3 (11.12): H = −Σ p log p, 0 log 0 = 0."""
    cdef bint bits = _unit(unit)
    p = _probabilities(p)
    cdef const double[::1] pv = p
    cdef double total = 0.0
    cdef Py_ssize_t i
    for i in range(pv.shape[0]):
        if pv[i] != 0:
            total = total - _plogp(pv[i], bits)
    return total


def count_entropy(counts, unit="bits"):
    """DT-3: the entropy of cₖ / Σc."""
    cdef bint bits = _unit(unit)
    c = _check_counts(as_vector(counts, "counts"), "counts", counts)
    cdef const double[::1] cv = c
    return _count_entropy(&cv[0], cv.shape[0], bits)


def bernoulli_entropy(p, n, unit="bits"):
    """DT-3 (11.13): −(p/(p+n) log(p/(p+n)) + n/(n+p) log(n/(n+p)))."""
    cdef bint bits = _unit(unit)
    cdef double pc = tally(p, "p", float64=True), nc = tally(n, "n", float64=True)
    if pc + nc == 0:
        raise error("no_p_n")
    if not isfinite(pc + nc):
        raise error("p_n_past_float64")
    cdef double a = pc / (pc + nc), b = nc / (nc + pc)
    return -((_plogp(a, bits) if a != 0 else 0.0) + (_plogp(b, bits) if b != 0 else 0.0))


def split_entropy(table, unit="bits"):
    """DT-5 (11.19): Σⱼ (mⱼ/m) H(group j)."""
    cdef bint bits = _unit(unit)
    t = _check_counts(as_matrix(table, "table"), "table", table)
    return _split_entropy(t, bits)


def information_gain(table, unit="bits"):
    """DT-5 (11.20): H(column sums) − H[split]."""
    cdef bint bits = _unit(unit)
    t = _check_counts(as_matrix(table, "table"), "table", table)
    cdef const double[:, ::1] tv = t
    columns = np.zeros(t.shape[1])
    cdef double[::1] cv = columns
    cdef Py_ssize_t j, k
    for j in range(tv.shape[0]):
        for k in range(tv.shape[1]):
            cv[k] = cv[k] + tv[j, k]
    return _count_entropy(&cv[0], cv.shape[0], bits) - _split_entropy(tv, bits)


def count_table(x, y):
    """DT-5 (11.15)-(11.16): (values, classes, table), table[j, k] = #{xᵢ = values[j], yᵢ = classes[k]}."""
    x = as_vector(x, "x")
    classes, codes = class_codes(y, "y")
    same_length(x, codes, "x", "y")
    values, rows = np.unique(x, return_inverse=True)
    table = np.zeros((values.shape[0], classes.shape[0]), dtype=np.int64)
    np.add.at(table, (rows.reshape(-1), codes), 1)
    return values, classes, table


# ---- docstrings: the reference twin's text, one home for both faces (cs229.fast._docs) -----------

from cs229.fast._docs import adopt as _adopt  # noqa: E402
from cs229.reference import entropy as _twin  # noqa: E402

_adopt(globals(), _twin)
