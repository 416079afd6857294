"""Compiled twins of cs229.reference.naive_bayes (catalog NB-2 … NB-6).

Fitting is counting: integer counts are exact and equal to the reference's; the estimates
(c + α)/(N + kα) are one correctly rounded division of exact integers, so with α = 1 they are the
float of the reference's Fractions. Log-joints add log p(y) and then the log-probabilities of the
features (or words) in the reference's order, from tables of logarithms taken with the C library,
so they are the reference's float results. Documents for the multinomial event model are flat
token ids (int32 or int64, read in place) with int64 offsets.

Sample weights (X-2): without them the integer counting above is untouched (the same bits as
before); with them each count is a float64 sum of weights, added example by example in the
reference's order by the ``_weighted_*`` loops, so the estimates are the reference's float
results. Real counts (a bag's float64 counts, tf-idf weights) take those loops with every weight 1.
"""
import os

import numpy as np

from libc.math cimport INFINITY, isfinite, log
from cpython.dict cimport PyDict_GetItemWithError
from cpython.long cimport PyLong_AsLongLong
from cpython.ref cimport PyObject
from libc.stdint cimport INT64_MAX, int32_t, int64_t

from cython.parallel cimport prange

from cs229.fast._parallel cimport chunk_rows, thread_count
from cs229.fast._threads cimport BERNOULLI_JOINT, CATEGORICAL_JOINT, MULTINOMIAL_JOINT, loop_done, loop_threads

from cs229.fast._validation import (as_binary_labels, as_binary_matrix, as_class_labels,
                                    as_documents, as_given, as_sample_weights,
                                    as_integer_matrix, as_integers, as_packed_documents, as_vector,
                                    category_sizes, check_categories, check_length, cores_of,
                                    same_length)
from cs229.reference import naive_bayes as _R
from cs229.reference.inputs import is_text, real_counts
from cs229.reference.messages import error, show
from cs229.reference.naive_bayes import (BernoulliClassesNB, BernoulliNB, CategoricalNB, Documents,
                                         MultinomialClassesNB, MultinomialNB, ZeroOverZeroError)
from cs229.reference.parameters import flag, nonnegative, table_size, unit_interval

__all__ = [
    "ZeroOverZeroError", "value_counts", "laplace_estimate",
    "BernoulliNB", "bernoulli_fit", "bernoulli_log_joint", "bernoulli_log_posterior",
    "bernoulli_predict", "discretize", "CategoricalNB", "categorical_fit", "categorical_log_joint",
    "categorical_log_posterior", "categorical_predict",
    "Documents", "pack_documents", "MultinomialNB", "multinomial_fit", "multinomial_log_joint",
    "multinomial_log_posterior", "multinomial_predict", "encode", "vectorize",
    "BernoulliClassesNB", "bernoulli_classes_fit", "bernoulli_classes_log_joint",
    "bernoulli_classes_log_posterior", "bernoulli_classes_predict",
    "MultinomialClassesNB", "multinomial_classes_fit", "multinomial_classes_log_joint",
    "multinomial_classes_log_posterior", "multinomial_classes_predict",
]


ctypedef fused token_t:
    int32_t
    int64_t

# A bag's counts: int64 integer counts (summed exactly), or float64 real counts (X-2: tf-idf
# weights, summed as reals).
ctypedef fused count_t:
    int64_t
    double


def _alpha(alpha):
    return nonnegative(alpha, "alpha", float64=True)


def _smoothing_fits(largest_total, double alpha, k, what):
    """N + kα, the largest denominator of (c + α)/(N + kα), must be a float64 number."""
    if not isfinite(<double> largest_total + <double> k * alpha):
        raise _R.alpha_too_large(alpha, what, k)


def _tables_fit(entries, bytes_per_entry, name, value):
    """The tables a size parameter asks for (``entries`` numbers of ``bytes_per_entry`` bytes in
    all: counts and estimates) must fit this machine's memory: refused before anything is
    allocated, naming the parameter and the memory, rather than by numpy mid-fit."""
    need = float(entries) * bytes_per_entry
    have = float(os.sysconf("SC_PAGE_SIZE")) * os.sysconf("SC_PHYS_PAGES")
    if need > have:
        raise MemoryError(f"{name} = {value}: its tables need {need / 2 ** 30:,.1f} GiB "
                          f"({entries:,} entries of {bytes_per_entry} bytes: counts and estimates), "
                          f"more than this machine's {have / 2 ** 30:,.1f} GiB")


# ---- NB-4 -------------------------------------------------------------------------------------

def value_counts(z, k):
    """NB-4: cⱼ = Σᵢ 1{z⁽ⁱ⁾ = j}, j = 0..k−1."""
    k = table_size(k, "k")
    _tables_fit(k, 16, "k", k)   # the counts, and their int64 copy
    observations = as_integers(z, "z", empty=True, int64=False)
    return np.bincount(check_categories(observations, k, "z", z), minlength=k).astype(np.int64)


def laplace_estimate(counts, alpha=1):
    """NB-4: φⱼ = (cⱼ + α) / (Σₗ cₗ + kα), Σₗ cₗ left to right as in the reference."""
    c = as_vector(counts, "counts")
    if (c < 0).any():
        j = int(np.argmax(c < 0))
        raise error("negative_count", name="counts", where=f"[{j}]", value=as_given(counts, c, (j,)))
    alpha = _alpha(alpha)
    cdef const double[::1] cv = c
    cdef double total = 0.0
    cdef Py_ssize_t j_
    for j_ in range(cv.shape[0]):
        total = total + cv[j_]
    if not isfinite(total):
        raise _R.past_float64(total)
    _smoothing_fits(total, alpha, c.shape[0], "Σ counts")
    total = total + c.shape[0] * alpha
    if total == 0:
        raise _R.no_observations()
    return (c + alpha) / total


# ---- shared -----------------------------------------------------------------------------------

def _class_counts(y):
    count = np.bincount(y, minlength=2).astype(np.int64)
    for c in (0, 1):
        if count[c] == 0:
            raise _R.no_class_examples(c)
    return count


def _phi_y(model, cls):
    if not isinstance(model, cls):
        raise error("wrong_kind", name="model", what=f"a {cls.__name__}", got=type(model).__name__)
    return unit_interval(model.phi_y, "model.phi_y", float64=True)


def _probabilities(values, name, length=None, length_name=None):
    p = as_vector(values, name, length, length_name)
    bad = (p < 0) | (p > 1)
    if bad.any():
        j = int(np.argmax(bad))
        raise error("probability", name=name, where=f"[{j}]", value=as_given(values, p, (j,)))
    return p


cdef void _log_table(const double[::1] p, double[::1] out) noexcept nogil:
    cdef Py_ssize_t k
    for k in range(p.shape[0]):
        out[k] = log(p[k]) if p[k] > 0 else -INFINITY


def _logs(p):
    p = np.ascontiguousarray(p, dtype=np.float64)
    out = np.empty(p.shape[0])
    _log_table(p, out)
    return out


def _log_prior(phi_y):
    return _logs(np.array([1 - phi_y, phi_y]))


def _check_possible(joint, blame):
    impossible = (joint[:, 0] == -np.inf) & (joint[:, 1] == -np.inf)
    if impossible.any():
        i = int(np.argmax(impossible))
        raise _R.zero_over_zero(i, blame(i))


def _posterior(joint, blame):
    """log p(y|x) = log p(x,y) − (top + log Σ exp(log p(x,y') − top)), as the reference does."""
    _check_possible(joint, blame)
    top = joint.max(axis=1)
    with np.errstate(invalid="ignore"):
        log_p_x = top + np.log(np.exp(joint[:, 0] - top) + np.exp(joint[:, 1] - top))
    return joint - log_p_x[:, None]


def _argmax(joint, blame):
    _check_possible(joint, blame)
    return (joint[:, 1] > joint[:, 0]).astype(np.int64)


def _labels(y, X):
    y = as_binary_labels(y, "y", module=__name__).astype(np.uint8)
    same_length(X, y)
    return y


# ---- X-2: sample weights ----------------------------------------------------------------------
# Each count Σᵢ 1{…} becomes Σᵢ wᵢ 1{…}, a float64 sum taken example by example in the
# reference's order (a count table per class code 0..k−1, two classes or X-4's k).

def _weighted_class_counts(y, weight):
    """Σᵢ wᵢ 1{y⁽ⁱ⁾ = c} for c = 0, 1, in example order; a class whose examples all weigh 0 has
    no examples."""
    count = np.bincount(y, weights=weight, minlength=2)
    for c in (0, 1):
        if count[c] == 0:
            raise _R.no_class_examples(c)
    return count


def _weighted_prior(class_count):
    """φ_j = Σᵢ wᵢ 1{y⁽ⁱ⁾ = j} / Σᵢ wᵢ, the denominator the class totals summed left to right;
    each strictly inside (0, 1), as a model's (the reference's check)."""
    total = float(class_count[0])
    for c in range(1, class_count.shape[0]):
        total += float(class_count[c])
    phi = class_count / total
    if phi.shape[0] == 2:
        _R.check_weighted_priors([float(1 - phi[1]), float(phi[1])], 0)
    else:
        _R.check_weighted_priors(phi.tolist(), 1)
    return phi


cdef void _weighted_rows(const unsigned char[:, ::1] X, const Py_ssize_t[::1] codes,
                         const double[::1] w, double[:, ::1] count) noexcept nogil:
    """count[c, j] += x_j⁽ⁱ⁾ wᵢ for the rows i of class code c."""
    cdef Py_ssize_t i, j, n = X.shape[1]
    cdef double* row
    for i in range(X.shape[0]):
        row = &count[codes[i], 0]
        for j in range(n):
            row[j] += X[i, j] * w[i]


cdef void _weighted_present(const int64_t[::1] words, const int64_t[::1] offsets,
                            const Py_ssize_t[::1] codes, const double[::1] w,
                            double[:, ::1] count) noexcept nogil:
    """count[c, j] += wᵢ for each word j present in row i of class code c."""
    cdef Py_ssize_t i, p
    for i in range(codes.shape[0]):
        for p in range(offsets[i], offsets[i + 1]):
            count[codes[i], words[p]] += w[i]


def _weighted_features(X, codes, weight, k):
    """The k×n table Σᵢ wᵢ 1{x_j⁽ⁱ⁾ = 1 ∧ y⁽ⁱ⁾ = c} of binary rows (or ``_Present``)."""
    count = np.zeros((k, X.shape[1]))
    cdef const Py_ssize_t[::1] cv = np.ascontiguousarray(codes, dtype=np.intp)
    cdef const double[::1] wv = weight
    cdef double[:, ::1] tv = count
    cdef const unsigned char[:, ::1] Xv
    cdef const int64_t[::1] words, offsets
    if isinstance(X, _Present):
        words, offsets = X.words, X.offsets
        with nogil:
            _weighted_present(words, offsets, cv, wv, tv)
    else:
        Xv = X
        with nogil:
            _weighted_rows(Xv, cv, wv, tv)
    return count


# ---- NB-2, NB-3, NB-4: Bernoulli --------------------------------------------------------------

cdef void _bernoulli_counts(const unsigned char[:, ::1] X, const unsigned char[::1] y,
                            int64_t[:, ::1] count) noexcept nogil:
    cdef Py_ssize_t i, j, n = X.shape[1]
    cdef int64_t* row
    for i in range(X.shape[0]):
        row = &count[y[i], 0]
        for j in range(n):
            row[j] += X[i, j]


cdef void _present_counts(const int64_t[::1] words, const int64_t[::1] offsets,
                          const unsigned char[::1] y, int64_t[:, ::1] count) noexcept nogil:
    """count[y⁽ⁱ⁾, j] += 1 for each word j present in row i (each listed once)."""
    cdef Py_ssize_t i, p
    for i in range(y.shape[0]):
        for p in range(offsets[i], offsets[i + 1]):
            count[y[i], words[p]] += 1


class _Present:
    """The rows of X given as ``Documents``: per row the words j with x_j = 1, each once and in
    increasing order (``words``, ``offsets``), and n. Memory follows the entries, not m·n."""

    def __init__(self, words, offsets, n):
        self.words, self.offsets, self.n = words, offsets, n
        self.shape = (offsets.shape[0] - 1, n)

    def row(self, i):
        """Row i as a dense 0/1 array (for an error message)."""
        x = np.zeros(self.n, dtype=np.uint8)
        x[self.words[self.offsets[i]:self.offsets[i + 1]]] = 1
        return x


def _present(X, n):
    """X as ``_Present``: a bag's entries with count 0 dropped; ids sorted and made distinct
    within each row unless they already are (a canonical CSR matrix's are)."""
    tokens, offsets, counts = _documents(X, n, False, "X")
    words = tokens.astype(np.int64, copy=False)
    m = offsets.shape[0] - 1
    rows = np.repeat(np.arange(m, dtype=np.int64), np.diff(offsets))
    if counts is not None and (counts == 0).any():
        keep = counts > 0
        words, rows = words[keep], rows[keep]
    rising = (words[1:] > words[:-1]) | (rows[1:] != rows[:-1])
    if not rising.all():
        order = np.lexsort((words, rows))
        words, rows = words[order], rows[order]
        first = np.r_[True, (words[1:] != words[:-1]) | (rows[1:] != rows[:-1])]
        words, rows = words[first], rows[first]
    offsets = np.zeros(m + 1, dtype=np.int64)
    np.cumsum(np.bincount(rows, minlength=m), out=offsets[1:])
    return _Present(np.ascontiguousarray(words), offsets, n)


def _binary_rows(X):
    """X as the reference's ``_binary_rows`` reads it for a fit: a uint8 matrix, or ``_Present``
    for ``Documents`` (their vocabulary_size n required)."""
    if not isinstance(X, Documents):
        return as_binary_matrix(X, "X")
    n = _R.documents_vocabulary(X, None, "X", required=True)
    _tables_fit(2 * n, 32, "X.vocabulary_size", n)   # counts, φ, its rows and the +α temporary
    return _present(X, n)


def bernoulli_fit(X, y, alpha=1, sample_weight=None):
    """NB-2, NB-4: φ_{j|y=c} = (Σᵢ 1{x_j = 1 ∧ y = c} + α) / (Σᵢ 1{y = c} + 2α), φ_y = m₁/m;
    Documents are counted from their entries. X-2: each count a sum of weights."""
    X = _binary_rows(X)
    y = _labels(y, X)
    alpha = _alpha(alpha)
    weight = as_sample_weights(sample_weight, X)
    if weight is not None:
        class_count = _weighted_class_counts(y, weight)
        return bernoulli_model(class_count, _weighted_features(X, y, weight, 2), alpha, True)
    class_count = _class_counts(y)
    count = np.zeros((2, X.shape[1]), dtype=np.int64)
    cdef const unsigned char[::1] yv = y
    cdef int64_t[:, ::1] cv = count
    cdef const unsigned char[:, ::1] Xv
    cdef const int64_t[::1] wv, ov
    if isinstance(X, _Present):
        wv, ov = X.words, X.offsets
        with nogil:
            _present_counts(wv, ov, yv, cv)
    else:
        Xv = X
        with nogil:
            _bernoulli_counts(Xv, yv, cv)
    return bernoulli_model(class_count, count, alpha, False)


def bernoulli_model(class_count, count, alpha, weighted):
    """NB-2, X-2: the BernoulliNB of its counts (two classes × n features; integers, or sums of
    weights when ``weighted``): each class present, N + 2α a float64 number, φ_{j|y=c} =
    (count + α) / (N_c + 2α), φ_y = N₁ / (N₀ + N₁)."""
    for c in (0, 1):
        if class_count[c] == 0:
            raise _R.no_class_examples(c)
    _smoothing_fits(class_count.max(), alpha, 2, "the class count")
    phi = (count + alpha) / (class_count[:, None] + 2 * alpha)
    phi_y = (float(_weighted_prior(class_count)[1]) if weighted
             else float(class_count[1] / (class_count[0] + class_count[1])))
    return BernoulliNB(phi_y, phi[0].copy(), phi[1].copy(), class_count, count, alpha)


def _bernoulli(model, X):
    phi_y = _phi_y(model, BernoulliNB)
    phi0 = _probabilities(model.phi_j_y0, "model.phi_j_y0")
    phi1 = _probabilities(model.phi_j_y1, "model.phi_j_y1")
    check_length(phi0, "model.phi_j_y0", phi1.shape[0], "model.phi_j_y1")
    if isinstance(X, (Documents, _Present)):
        return phi_y, phi0, phi1, X if isinstance(X, _Present) else _present(X, phi0.shape[0])
    X = as_binary_matrix(X, "X")
    if X.shape[1] != phi0.shape[0]:
        raise error("model_features", name="X", m=X.shape[1], n=phi0.shape[0])
    return phi_y, phi0, phi1, X


cdef void _bernoulli_joint(const unsigned char[:, ::1] X, const double[:, :, ::1] T,
                           const double[::1] log_prior, double[:, ::1] out,
                           int threads) noexcept nogil:
    """out[i, c] = log p(y=c) + Σⱼ T[c, j, x_j] for each class c of T (two, or X-4's k), left
    to right, −∞ at the first zero factor; the rows split among ``threads`` threads."""
    cdef Py_ssize_t i, j, c, n = X.shape[1]
    cdef double total
    for i in prange(X.shape[0], num_threads=threads, schedule="dynamic",
                   chunksize=chunk_rows(X.shape[0], threads)):
        for c in range(T.shape[0]):
            total = log_prior[c]
            for j in range(n):
                total = total + T[c, j, X[i, j]]
                if total == -INFINITY:  # a factor 0: the joint is −∞ whatever follows
                    break
            out[i, c] = total


cdef void _present_joint(const int64_t[::1] words, const int64_t[::1] offsets,
                         const double[:, :, ::1] T, const double[::1] log_prior,
                         double[:, ::1] out, int threads) noexcept nogil:
    """As _bernoulli_joint for rows given by their present words (increasing): x_j is 1 where
    the next present word is j. The same terms in the same order: the same bits."""
    cdef Py_ssize_t i, j, c, q, n = T.shape[1]
    cdef double total
    cdef int x
    for i in prange(out.shape[0], num_threads=threads, schedule="dynamic",
                   chunksize=chunk_rows(out.shape[0], threads)):
        for c in range(T.shape[0]):
            total = log_prior[c]
            q = offsets[i]
            for j in range(n):
                x = 0
                if q < offsets[i + 1] and words[q] == j:
                    x = 1
                    q = q + 1
                total = total + T[c, j, x]
                if total == -INFINITY:  # a factor 0: the joint is −∞ whatever follows
                    break
            out[i, c] = total


def bernoulli_log_joint(model, X, *, n_jobs=-1):
    """NB-2: [log p(x, y=0), log p(x, y=1)] per row; −∞ where a factor is 0. The rows are split
    among ``n_jobs`` cores (-1 or None: all; 1: serial), the same answers for any n_jobs.
    Documents are read from their entries (no m×n matrix), in the same order of terms."""
    cores = cores_of(n_jobs)
    phi_y, phi0, phi1, X = _bernoulli(model, X)
    return _bernoulli_table_joint(np.stack([phi0, phi1]), _log_prior(phi_y), X, cores)


def _bernoulli_table_joint(P, log_prior, X, int cores):
    """log prior_c + Σ_l log p(x_l | c) for the rows of a k×n table P of p(x_l = 1 | c), checked
    X (binary rows or present words): the loops both event tables share (NB-2, X-4)."""
    T = np.empty((P.shape[0], P.shape[1], 2))
    for c in range(P.shape[0]):
        T[c, :, 0] = _logs(1 - P[c])
        T[c, :, 1] = _logs(P[c])
    out = np.empty((X.shape[0], P.shape[0]))
    cdef const double[:, :, ::1] Tv = T
    cdef const double[::1] lp = log_prior
    cdef double[:, ::1] ov = out
    cdef int threads = loop_threads(BERNOULLI_JOINT, thread_count(cores, X.shape[0]))
    cdef const unsigned char[:, ::1] Xv
    cdef const int64_t[::1] wv, fv
    if isinstance(X, _Present):
        wv, fv = X.words, X.offsets
        with nogil:
            _present_joint(wv, fv, Tv, lp, ov, threads)
    else:
        Xv = X
        with nogil:
            _bernoulli_joint(Xv, Tv, lp, ov, threads)
    loop_done(BERNOULLI_JOINT, ov.shape[0])
    return out


def _bernoulli_blame(phi0, phi1, X):
    row = X.row if isinstance(X, _Present) else (lambda i: X[i])
    return lambda i: _R.bernoulli_zero_factors([phi0.tolist(), phi1.tolist()], row(i).tolist())


def bernoulli_log_posterior(model, X, *, n_jobs=-1):
    """NB-2, NB-3: [log p(y=0 | x), log p(y=1 | x)] per row; 0/0 raises ZeroOverZeroError."""
    cores = cores_of(n_jobs)
    _, phi0, phi1, Xb = _bernoulli(model, X)
    return _posterior(bernoulli_log_joint(model, Xb, n_jobs=cores), _bernoulli_blame(phi0, phi1, Xb))


def bernoulli_predict(model, X, *, n_jobs=-1):
    """NB-2: argmax_y p(x | y) p(y) per row (ties go to 0)."""
    cores = cores_of(n_jobs)
    _, phi0, phi1, Xb = _bernoulli(model, X)
    return _argmax(bernoulli_log_joint(model, Xb, n_jobs=cores), _bernoulli_blame(phi0, phi1, Xb))


# ---- NB-5: k_j-valued features and bins -------------------------------------------------------

def discretize(values, edges):
    """NB-5: the number of edges <= v for each value (bin 0 below e₀, bin K at or above e_{K−1})."""
    v = as_vector(values, "values")
    e = as_vector(edges, "edges")
    bad = np.flatnonzero(~(e[1:] > e[:-1]))
    if bad.size:
        b = int(bad[0]) + 1
        raise error("increasing", name="edges", i=b - 1, low=show(as_given(edges, e, (b - 1,))), j=b,
                    high=show(as_given(edges, e, (b,))))
    return np.searchsorted(e, v, side="right").astype(np.int64)


def _categories(X, k, name="X"):
    """The categories of a model's k_j-valued features (0 <= X[i][j] < k_j) as C-contiguous intp."""
    a = as_integer_matrix(X, name, int64=False)
    if a.shape[1] != k.shape[0]:
        raise error("model_features", name=name, m=a.shape[1], n=k.shape[0])
    return np.ascontiguousarray(check_categories(a, k, name, X), dtype=np.intp)


cdef void _categorical_counts(const Py_ssize_t[:, ::1] X, const unsigned char[::1] y,
                              const Py_ssize_t[::1] offset, int64_t[:, ::1] count) noexcept nogil:
    cdef Py_ssize_t i, j
    for i in range(X.shape[0]):
        for j in range(X.shape[1]):
            count[y[i], offset[j] + X[i, j]] += 1


cdef void _weighted_categories(const Py_ssize_t[:, ::1] X, const Py_ssize_t[::1] codes,
                               const Py_ssize_t[::1] offset, const double[::1] w,
                               double[:, ::1] count) noexcept nogil:
    """X-2: count[c, offset_j + v] += wᵢ for x_j⁽ⁱ⁾ = v in the rows i of class code c."""
    cdef Py_ssize_t i, j
    for i in range(X.shape[0]):
        for j in range(X.shape[1]):
            count[codes[i], offset[j] + X[i, j]] += w[i]


def categorical_fit(X, y, k, alpha=1, sample_weight=None):
    """NB-5, NB-4: p(x_j = v | y = c) = (Σᵢ 1{x_j = v ∧ y = c} + α) / (Σᵢ 1{y = c} + α k_j).
    X-2: each count a sum of weights."""
    a = as_integer_matrix(X, "X", int64=False)
    k = category_sizes(k, a.shape[1])
    _tables_fit(2 * int(k.sum()), 40, "Σⱼ k[j]", int(k.sum()))   # counts, their lists, φ, temporaries
    X = np.ascontiguousarray(check_categories(a, k, "X", X), dtype=np.intp)
    y = _labels(y, X)
    alpha = _alpha(alpha)
    weight = as_sample_weights(sample_weight, X)
    class_count = _class_counts(y) if weight is None else _weighted_class_counts(y, weight)
    _smoothing_fits(class_count.max(), alpha, int(k.max()), "the class count")
    offset = np.r_[0, np.cumsum(k)].astype(np.intp)
    cdef const Py_ssize_t[:, ::1] Xv = X
    cdef const unsigned char[::1] yv = y
    cdef const Py_ssize_t[::1] ov = offset
    cdef int64_t[:, ::1] fv
    cdef double[:, ::1] dv
    cdef const Py_ssize_t[::1] cv
    cdef const double[::1] wv
    if weight is None:
        flat = np.zeros((2, int(offset[offset.shape[0] - 1])), dtype=np.int64)
        fv = flat
        with nogil:
            _categorical_counts(Xv, yv, ov, fv)
        phi_y = float(class_count[1] / y.shape[0])
    else:
        flat = np.zeros((2, int(offset[offset.shape[0] - 1])))
        dv, cv, wv = flat, y.astype(np.intp), weight
        with nogil:
            _weighted_categories(Xv, cv, ov, wv, dv)
        phi_y = float(_weighted_prior(class_count)[1])
    count = [[flat[c, offset[j]:offset[j + 1]].copy() for j in range(k.shape[0])] for c in (0, 1)]
    phi = [[(count[c][j] + alpha) / (class_count[c] + alpha * k[j]) for j in range(k.shape[0])]
           for c in (0, 1)]
    return CategoricalNB(phi_y, phi, [int(v) for v in k], class_count, count, alpha)


def _categorical(model, X):
    """The prior, the tables phi[c][j] (one per class c = 0, 1 and feature j, of k_j
    probabilities each) and the categories X of a CategoricalNB, checked in the reference's
    order. Every sequence of the model is read once, as a list, before it is indexed."""
    phi_y = _phi_y(model, CategoricalNB)
    if isinstance(model.k, (int, np.integer)):
        raise error("model_k")
    k = category_sizes(model.k, None, "model.k")
    phi = []
    for c, phi_c in enumerate(_R.class_tables(model.phi)):
        phi_c = _R.feature_tables(phi_c, c, k.shape[0])
        phi.append([_probabilities(p, f"model.phi[{c}][{j}]") for j, p in enumerate(phi_c)])
        for j, p in enumerate(phi[c]):
            if p.shape[0] != k[j]:
                raise error("table_entries", c=c, j=j, n=p.shape[0], k=k[j])
    X = _categories(X, k)
    return phi_y, phi, k, X


cdef void _categorical_joint(const Py_ssize_t[:, ::1] X, const double[:, ::1] T,
                             const Py_ssize_t[::1] offset, const double[::1] log_prior,
                             double[:, ::1] out, int threads) noexcept nogil:
    """out[i, c] = log p(y=c) + Σⱼ T[c, offset_j + x_j], left to right, −∞ at the first zero
    factor; the rows split among ``threads`` threads."""
    cdef Py_ssize_t i, j, c
    cdef double total
    for i in prange(X.shape[0], num_threads=threads, schedule="dynamic",
                   chunksize=chunk_rows(X.shape[0], threads)):
        for c in range(2):
            total = log_prior[c]
            for j in range(X.shape[1]):
                total = total + T[c, offset[j] + X[i, j]]
                if total == -INFINITY:  # a factor 0: the joint is −∞ whatever follows
                    break
            out[i, c] = total


def categorical_log_joint(model, X, *, n_jobs=-1):
    """NB-5: [log p(x, y=0), log p(x, y=1)] per row; −∞ for a zero factor. The rows are split
    among ``n_jobs`` cores (-1 or None: all; 1: serial), the same answers for any n_jobs."""
    cores = cores_of(n_jobs)
    phi_y, phi, k, X = _categorical(model, X)
    offset = np.r_[0, np.cumsum(k)].astype(np.intp)
    T = np.stack([_logs(np.concatenate(phi[c])) for c in (0, 1)])
    out = np.empty((X.shape[0], 2))
    cdef const Py_ssize_t[:, ::1] Xv = X
    cdef const double[:, ::1] Tv = T
    cdef const Py_ssize_t[::1] ofv = offset
    cdef const double[::1] lp = _log_prior(phi_y)
    cdef double[:, ::1] ov = out
    cdef int threads = loop_threads(CATEGORICAL_JOINT, thread_count(cores, X.shape[0]))
    with nogil:
        _categorical_joint(Xv, Tv, ofv, lp, ov, threads)
    loop_done(CATEGORICAL_JOINT, ov.shape[0])
    return out


def _categorical_blame(phi, X):
    lists = [[p.tolist() for p in phi[c]] for c in (0, 1)]
    return lambda i: _R.categorical_zero_factors(lists, X[i].tolist())


def categorical_log_posterior(model, X, *, n_jobs=-1):
    """NB-5: [log p(y=0 | x), log p(y=1 | x)] per row."""
    cores = cores_of(n_jobs)
    _, phi, _, Xc = _categorical(model, X)
    return _posterior(categorical_log_joint(model, Xc, n_jobs=cores), _categorical_blame(phi, Xc))


def categorical_predict(model, X, *, n_jobs=-1):
    """NB-5: argmax_y p(x | y) p(y) per row (ties go to 0)."""
    cores = cores_of(n_jobs)
    _, phi, _, Xc = _categorical(model, X)
    return _argmax(categorical_log_joint(model, Xc, n_jobs=cores), _categorical_blame(phi, Xc))


# ---- NB-6: the multinomial event model --------------------------------------------------------

def _documents(documents, size=None, bint ignore=False, name="documents"):
    """(tokens, offsets, counts) of ``Documents`` or a sequence of token-id sequences: tokens
    int32 or int64 (packed tokens read in place), with every id in 0..size−1 unless ``ignore``
    (the loops then skip the others); without a vocabulary, every id inside int64. counts: None,
    or for a bag of words (``Documents`` with counts) one count >= 0 per token, int64 (integer
    counts) or float64 (real counts, X-2)."""
    if not isinstance(documents, Documents):
        return as_documents(documents, name, size, ignore) + (None,)
    size = _R.documents_vocabulary(documents, size, name)
    tokens, offsets = as_packed_documents(documents.tokens, documents.offsets, name, size, ignore)
    if documents.counts is None:
        return tokens, offsets, None
    return tokens, offsets, _word_counts(documents.counts, tokens.shape[0], name)


def _word_counts(counts, n, name="documents"):
    """The reference's reader of a bag's counts (``<name>.counts``), n numbers >= 0: an array of
    integers as int64 (read in place when it is), exact; an array of floats as float64 real
    counts, each finite; anything else (a list, say) read by the reference's
    ``inputs.real_counts``: int64 when every entry is an int (or there is none), else float64.
    The first bad entry is named, as the reference names it."""
    name = f"{name}.counts"
    a = counts if isinstance(counts, np.ndarray) else None   # a list is read entry by entry
    if a is not None and a.ndim == 1 and a.dtype.kind == "f" and a.size:
        c = np.ascontiguousarray(a, dtype=np.float64)
        # NaN fails both comparisons: two reductions, no temporary, clear the common case
        if not (np.minimum.reduce(c) >= 0 and np.maximum.reduce(c) < np.inf):
            bad = ~(c >= 0) | (c == np.inf)
            p = int(np.argmax(bad))
            key = "negative_count" if c[p] < 0 and isfinite(c[p]) else "not_finite"
            raise error(key, name=name, where=f"[{p}]", value=as_given(counts, c, (p,)))
    elif a is not None and a.ndim == 1 and a.dtype.kind in "iu":
        c = as_integers(counts, name, empty=True)
        if c.shape[0] and c.min() < 0:
            p = int(np.argmax(c < 0))
            raise error("negative_count", name=name, where=f"[{p}]", value=as_given(counts, c, (p,)))
    else:
        values = real_counts(counts, name, empty=True)
        exact = all(type(v) is int for v in values)
        c = np.array(values, dtype=np.int64 if exact else np.float64)
    if c.shape[0] != n:
        raise error("entries_and_length", name=name, n=c.shape[0], length_name=f"{name[:-7]}.tokens",
                    length=n)
    return c


def pack_documents(documents):
    """NB-6: ``Documents`` with int64 flat tokens and offsets (every id inside int64), and the
    int64 counts of a bag of words; their vocabulary_size kept."""
    size = _R.documents_vocabulary(documents) if isinstance(documents, Documents) else None
    tokens, offsets, counts = _documents(documents, size)
    return Documents(tokens.astype(np.int64, copy=False), offsets, counts, size)


cdef inline double _occurrences(const token_t[::1] tokens, const count_t[::1] counts, bint bags,
                                Py_ssize_t p, Py_ssize_t size, bint ignore) noexcept nogil:
    """How often entry p's word occurs: 1 for a token id, its count for a bag's entry; 0 (the
    entry adds nothing: not 0·(−∞)) for an id outside the vocabulary with ``ignore`` or a count 0."""
    cdef int64_t t = tokens[p]
    if ignore and (t < 0 or t >= size):
        return 0
    if bags:
        return <double> counts[p]
    return 1


cdef void _count_words(const token_t[::1] tokens, const int64_t[::1] offsets,
                       const unsigned char[::1] y, Py_ssize_t size, bint ignore,
                       int64_t[:, ::1] count, int64_t[::1] total) noexcept nogil:
    cdef Py_ssize_t i, p
    cdef int64_t t
    cdef int64_t* row
    for i in range(y.shape[0]):
        row = &count[y[i], 0]
        if not ignore:
            for p in range(offsets[i], offsets[i + 1]):
                row[tokens[p]] += 1
            total[y[i]] += offsets[i + 1] - offsets[i]
            continue
        for p in range(offsets[i], offsets[i + 1]):
            t = tokens[p]
            if t < 0 or t >= size:
                continue
            row[t] += 1
            total[y[i]] += 1


cdef int _count_bags(const token_t[::1] tokens, const int64_t[::1] counts,
                     const int64_t[::1] offsets, const unsigned char[::1] y, Py_ssize_t size,
                     bint ignore, int64_t[:, ::1] count, int64_t[::1] total) noexcept nogil:
    """count[c, k] += n and total[c] += n for each entry (k, n) of the bags of class c; returns
    the class whose total would pass 2⁶³ − 1 (then stops), or −1. A word's count never exceeds
    its class's total, so checking the total keeps every count inside int64."""
    cdef Py_ssize_t i, p
    cdef int64_t t, n
    cdef unsigned char c
    for i in range(y.shape[0]):
        c = y[i]
        for p in range(offsets[i], offsets[i + 1]):
            t = tokens[p]
            if ignore and (t < 0 or t >= size):
                continue
            n = counts[p]
            if n > INT64_MAX - total[c]:
                return c
            count[c, t] += n
            total[c] += n
    return -1


def multinomial_fit(documents, y, vocabulary_size, alpha=1, ignore_unknown=False, sample_weight=None):
    """NB-6: φ_{k|y=c} = (Σᵢ Σⱼ 1{x_j⁽ⁱ⁾ = k ∧ y⁽ⁱ⁾ = c} + α) / (Σᵢ 1{y⁽ⁱ⁾ = c} nᵢ + α|V|),
    φ_y = m₁/m, counted in one pass over the flat token ids (or the entries of the bags).
    X-2: each word of document i counts wᵢ; a bag's real counts (float64) are summed as reals.
    """
    size = table_size(vocabulary_size, "vocabulary_size")
    _tables_fit(2 * size, 32, "vocabulary_size", size)   # counts, φ, its rows and the +α temporary
    cdef bint ignore = flag(ignore_unknown, "ignore_unknown")
    tokens, offsets, counts = _documents(documents, size, ignore)
    y = as_binary_labels(y, "y", module=__name__).astype(np.uint8)
    if y.shape[0] != offsets.shape[0] - 1:
        raise error("documents_and_entries", name="documents", n=offsets.shape[0] - 1, y_name="y",
                    m=y.shape[0])
    alpha = _alpha(alpha)
    weight = _document_weights(sample_weight, offsets)
    if weight is not None:
        class_count = _weighted_class_counts(y, weight)
        count, total = _weighted_words(tokens, offsets, counts, y, weight, 2, size, ignore)
        return _multinomial_model(class_count, count, total, alpha, size,
                                  float(_weighted_prior(class_count)[1]))
    class_count = _class_counts(y)
    if _real(counts):   # sums of reals: the weighted loop, every weight 1 (n·1 is n)
        count, total = _weighted_words(tokens, offsets, counts, y, np.ones(y.shape[0]), 2, size, ignore)
        return _multinomial_model(class_count, count, total, alpha, size,
                                  float(class_count[1] / y.shape[0]))
    count = np.zeros((2, size), dtype=np.int64)
    total = np.zeros(2, dtype=np.int64)
    if counts is not None:
        beyond = _bags(tokens, counts, offsets, y, size, ignore, count, total)
        if beyond >= 0:
            raise _R.class_words_beyond_int64(beyond)
    else:
        _count(tokens, offsets, y, size, ignore, count, total)
    return _multinomial_model(class_count, count, total, alpha, size,
                              float(class_count[1] / y.shape[0]))


def _real(counts):
    """Whether a bag's counts are real (float64, X-2) rather than integer counts."""
    return counts is not None and counts.dtype == np.float64


def _multinomial_model(class_count, count, total, alpha, size, phi_y):
    """The MultinomialNB of the class and word counts (or X-2's sums of weights)."""
    _smoothing_fits(total.max(), alpha, size, _R.CLASS_WORDS)
    for c in (0, 1):
        if total[c] + alpha * size == 0:
            raise _R.no_words(c)
    phi = (count + alpha) / (total[:, None] + alpha * size)
    return MultinomialNB(phi_y, phi[0].copy(), phi[1].copy(), class_count, count, total, alpha)


def _document_weights(sample_weight, offsets):
    """X-2: one weight per document (m = offsets − 1), by the shared reader."""
    return as_sample_weights(sample_weight, offsets[1:], x_name="documents", of=None)


cdef void _weighted_word_counts(const token_t[::1] tokens, const count_t[::1] counts, bint bags,
                                const int64_t[::1] offsets, const Py_ssize_t[::1] codes,
                                const double[::1] w, Py_ssize_t size, bint ignore,
                                double[:, ::1] count, double[::1] total) noexcept nogil:
    """X-2: count[c, t] += n wᵢ and total[c] += n wᵢ for each word t of document i of class code
    c, n its count in a bag (an entry of count 0 skipped) and 1 for each token otherwise."""
    cdef Py_ssize_t i, p, c
    cdef double n, v, w_i, class_total
    cdef double* row
    for i in range(codes.shape[0]):
        c = codes[i]
        row = &count[c, 0]
        w_i = w[i]
        class_total = total[c]   # in a register through the document: the same sums in order
        for p in range(offsets[i], offsets[i + 1]):
            n = _occurrences(tokens, counts, bags, p, size, ignore)
            if n == 0:
                continue
            v = n * w_i
            row[tokens[p]] += v
            class_total = class_total + v
        total[c] = class_total


def _weighted_words(tokens, offsets, counts, codes, weight, Py_ssize_t k, Py_ssize_t size,
                    bint ignore):
    """X-2: the k×|V| table of Σᵢ wᵢ (count of word t in document i) per class code, and the
    class totals Σᵢ wᵢ 1{y⁽ⁱ⁾ = c} nᵢ."""
    count = np.zeros((k, size))
    total = np.zeros(k)
    _weighted_count(tokens, offsets, _NO_COUNTS if counts is None else counts, counts is not None,
                    np.ascontiguousarray(codes, dtype=np.intp), weight, size, ignore, count, total)
    return count, total


def _weighted_count(const token_t[::1] tokens, const int64_t[::1] offsets,
                    const count_t[::1] counts, bint bags, const Py_ssize_t[::1] codes,
                    const double[::1] w, Py_ssize_t size, bint ignore, double[:, ::1] count,
                    double[::1] total):
    with nogil:
        _weighted_word_counts(tokens, counts, bags, offsets, codes, w, size, ignore, count, total)


# The fused ``token_t`` makes each of these one Python-callable function over int32 and int64 ids
# (Cython picks the compiled version from the array's dtype).
def _count(const token_t[::1] tokens, const int64_t[::1] offsets, const unsigned char[::1] y,
           Py_ssize_t size, bint ignore, int64_t[:, ::1] count, int64_t[::1] total):
    with nogil:
        _count_words(tokens, offsets, y, size, ignore, count, total)


def _bags(const token_t[::1] tokens, const int64_t[::1] counts, const int64_t[::1] offsets,
          const unsigned char[::1] y, Py_ssize_t size, bint ignore, int64_t[:, ::1] count,
          int64_t[::1] total):
    cdef int beyond
    with nogil:
        beyond = _count_bags(tokens, counts, offsets, y, size, ignore, count, total)
    return beyond


cdef void _multinomial_joint(const token_t[::1] tokens, const count_t[::1] counts, bint bags,
                             const int64_t[::1] offsets, const double[:, ::1] T,
                             const double[::1] log_prior, Py_ssize_t size, bint ignore,
                             double[:, ::1] out, int threads) noexcept nogil:
    """out[i] = (log p(y=0) + Σⱼ T[x_j, 0], log p(y=1) + Σⱼ T[x_j, 1]) in document order; T holds
    log φ_{k|y} word by word, both classes side by side (one cache line per word). For bags
    (``bags``) each entry (k, n) with n > 0 adds n·T[k, ·] (a count 0 adds nothing, not
    0·(−∞)). The documents split among ``threads`` threads."""
    cdef Py_ssize_t i, p
    cdef int64_t t
    cdef double a, b, n
    for i in prange(out.shape[0], num_threads=threads, schedule="dynamic",
                   chunksize=chunk_rows(out.shape[0], threads)):
        a = log_prior[0]
        b = log_prior[1]
        for p in range(offsets[i], offsets[i + 1]):
            n = _occurrences(tokens, counts, bags, p, size, ignore)
            if n == 0:
                continue
            t = tokens[p]   # 1·T is T: a token id adds T[t, ·] itself
            a = a + n * T[t, 0]
            b = b + n * T[t, 1]
        out[i, 0] = a
        out[i, 1] = b


_NO_COUNTS = np.zeros(0, dtype=np.int64)


# Two classes keep their two sums in registers (_multinomial_joint); k classes add into the row
# of ``out`` (_classes_joint). The same sums in the same order: the same answers.
def _joint_rows(const token_t[::1] tokens, const count_t[::1] counts, bint bags,
                const int64_t[::1] offsets, const double[:, ::1] T, const double[::1] lp,
                Py_ssize_t size, bint ignore, double[:, ::1] out, int threads):
    with nogil:
        if T.shape[1] == 2:
            _multinomial_joint(tokens, counts, bags, offsets, T, lp, size, ignore, out, threads)
        else:
            _classes_joint(tokens, counts, bags, offsets, T, lp, size, ignore, out, threads)


def _table_joint(tokens, offsets, counts, T, lp, Py_ssize_t size, bint ignore, cores):
    """The log joint of every document in column c for the k columns of T (log φ_{w|y} per word)
    and lp (log p(y)), the documents split among ``cores``."""
    out = np.empty((offsets.shape[0] - 1, T.shape[1]))
    threads = loop_threads(MULTINOMIAL_JOINT, thread_count(cores, out.shape[0]))
    _joint_rows(tokens, _NO_COUNTS if counts is None else counts, counts is not None, offsets, T, lp,
                size, ignore, out, threads)
    loop_done(MULTINOMIAL_JOINT, out.shape[0])
    return out


def _multinomial(model, documents, bint ignore):
    phi_y = _phi_y(model, MultinomialNB)
    phi0 = _probabilities(model.phi_k_y0, "model.phi_k_y0")
    phi1 = _probabilities(model.phi_k_y1, "model.phi_k_y1", phi0.shape[0], "model.phi_k_y0")
    tokens, offsets, counts = _documents(documents, phi0.shape[0], ignore)
    return phi_y, phi0, phi1, tokens, offsets, counts


def _joint(phi_y, phi0, phi1, tokens, offsets, counts, bint ignore, cores):
    T = np.empty((phi0.shape[0], 2))
    T[:, 0] = _logs(phi0)
    T[:, 1] = _logs(phi1)
    return _table_joint(tokens, offsets, counts, T, _log_prior(phi_y), phi0.shape[0], ignore, cores)


def multinomial_log_joint(model, documents, ignore_unknown=False, *, n_jobs=-1):
    """NB-6: [log p(x, y=0), log p(x, y=1)] per document; −∞ where a word has φ_{k|y} = 0. The
    documents are split among ``n_jobs`` cores (-1 or None: all; 1: serial), the same answers
    for any n_jobs."""
    cores = cores_of(n_jobs)
    cdef bint ignore = flag(ignore_unknown, "ignore_unknown")
    return _joint(*_multinomial(model, documents, ignore), ignore, cores)


def _multinomial_blame(phi0, phi1, tokens, offsets, counts, bint ignore):
    def blame(i):
        doc = tokens[offsets[i]:offsets[i + 1]]
        if counts is not None:
            doc = doc[counts[offsets[i]:offsets[i + 1]] > 0]
        if ignore:
            doc = doc[(doc >= 0) & (doc < phi0.shape[0])]
        return _R.multinomial_zero_factors([phi0, phi1], doc.tolist())
    return blame


def _from_joint(model, documents, ignore_unknown, n_jobs, answer):
    """``answer(joint, blame)`` (``_posterior`` or ``_argmax``) of the documents' log joint."""
    cores = cores_of(n_jobs)
    cdef bint ignore = flag(ignore_unknown, "ignore_unknown")
    phi_y, phi0, phi1, tokens, offsets, counts = _multinomial(model, documents, ignore)
    joint = _joint(phi_y, phi0, phi1, tokens, offsets, counts, ignore, cores)
    return answer(joint, _multinomial_blame(phi0, phi1, tokens, offsets, counts, ignore))


def multinomial_log_posterior(model, documents, ignore_unknown=False, *, n_jobs=-1):
    """NB-6: [log p(y=0 | x), log p(y=1 | x)] per document."""
    return _from_joint(model, documents, ignore_unknown, n_jobs, _posterior)


def multinomial_predict(model, documents, ignore_unknown=False, *, n_jobs=-1):
    """NB-6: argmax_y p(y) Πⱼ φ_{x_j|y} per document (ties go to 0)."""
    return _from_joint(model, documents, ignore_unknown, n_jobs, _argmax)


# ---- X-4: naive Bayes with k classes ----------------------------------------------------------
# Labels 1..k (k the largest), class j in row (or column) j − 1. Counts are exact integers
# however they are summed; the estimates are the reference's divisions, the log joints its sums
# in its order (the Bernoulli loops above run over the classes of their table).

def _k_labels(y, X=None, m=None):
    """(the codes y − 1 as intp, the k class counts) of labels 1..k, every class present, one
    per row of X (or per each of m documents), checked in the reference's order."""
    y = as_class_labels(y, float("inf"), "y", module=__name__)
    codes = y - 1
    class_count = np.bincount(codes, minlength=int(codes.max()) + 1).astype(np.int64)
    _R.check_k_counts(class_count.tolist())
    if X is not None:
        same_length(X, y)
    elif y.shape[0] != m:
        raise error("documents_and_entries", name="documents", n=m, y_name="y", m=y.shape[0])
    return codes, class_count


def _k_priors(class_count):
    return class_count / class_count.sum()


def _k_weighted(codes, k, weight):
    """X-2: the class totals Σᵢ wᵢ 1{y⁽ⁱ⁾ = j} in example order; a class whose examples all weigh
    0 is a class without examples (the reference's check)."""
    class_count = np.bincount(codes, weights=weight, minlength=k)
    _R.check_k_counts(class_count.tolist())
    return class_count


def _k_rows(model, cls, table):
    """(φ, the k×n table) of a checked model: φ by the reference's check, the table read as a
    float64 matrix with one row per class and entries in [0, 1], named as the reference names
    them."""
    phi = as_vector(_R.check_k_priors(model, cls), "model.phi")
    rows = getattr(model, table)
    if is_text(rows) or not hasattr(rows, "__len__") or len(rows) != phi.shape[0]:
        raise _R.k_rows_mismatch(table, phi.shape[0])
    first = as_vector(rows[0], f"model.{table}[0]")
    P = np.empty((len(rows), first.shape[0]))
    P[0] = first
    for c in range(1, len(rows)):
        P[c] = as_vector(rows[c], f"model.{table}[{c}]", first.shape[0], f"model.{table}[0]")
    bad = (P < 0) | (P > 1)
    if bad.any():
        c, l = np.unravel_index(int(np.argmax(bad)), P.shape)
        raise error("probability", name=f"model.{table}[{c}]", where=f"[{l}]",
                    value=as_given(rows[c], P[c], (l,)))
    return phi, P


def _k_possible(joint):
    impossible = (joint == -np.inf).all(axis=1)
    if impossible.any():
        raise _R.k_zero_over_zero(int(np.argmax(impossible)), joint.shape[1])


def _k_posterior(joint):
    """log p(y = j | x) from the m×k log joint as the reference's ``log_posterior``: the top
    entry, then Σ exp(· − top) over the classes in order."""
    _k_possible(joint)
    top = joint.max(axis=1)
    total = np.zeros(joint.shape[0])
    for c in range(joint.shape[1]):
        total += np.exp(joint[:, c] - top)
    return joint - (top + np.log(total))[:, None]


def _k_argmax(joint):
    """Labels 1..k: the first largest log joint of each row (ties to the smallest label)."""
    _k_possible(joint)
    return np.argmax(joint, axis=1).astype(np.int64) + 1


def bernoulli_classes_fit(X, y, alpha=1, sample_weight=None):
    """X-4: φ_j = m_j/m, φ_{l|y=j} = (Σᵢ 1{x_l = 1 ∧ y = j} + α) / (m_j + 2α), counted from the
    rows (or the entries of Documents). X-2: each count a sum of weights."""
    X = _binary_rows(X)
    codes, class_count = _k_labels(y, X)
    alpha = _alpha(alpha)
    weight = as_sample_weights(sample_weight, X)
    k, n = class_count.shape[0], X.shape[1]
    _tables_fit(k * n, 32, "the classes × features", f"{k} × {n}")
    if weight is not None:
        class_count = _k_weighted(codes, k, weight)
        _smoothing_fits(class_count.max(), alpha, 2, "the class count")
        count = _weighted_features(X, codes, weight, k)
        phi_x = (count + alpha) / (class_count[:, None] + 2 * alpha)
        return BernoulliClassesNB(_weighted_prior(class_count), phi_x, class_count, count, alpha)
    _smoothing_fits(class_count.max(), alpha, 2, "the class count")
    if isinstance(X, _Present):
        entry_class = np.repeat(codes, np.diff(X.offsets))
        count = np.bincount(entry_class * n + X.words, minlength=k * n).astype(np.int64).reshape(k, n)
    else:
        count = np.empty((k, n), dtype=np.int64)
        for c in range(k):
            count[c] = X[codes == c].sum(axis=0, dtype=np.int64)
    phi_x = (count + alpha) / (class_count[:, None] + 2 * alpha)
    return BernoulliClassesNB(_k_priors(class_count), phi_x, class_count, count, alpha)


def _bernoulli_classes(model, X):
    phi, P = _k_rows(model, BernoulliClassesNB, "phi_x")
    if isinstance(X, (Documents, _Present)):
        return phi, P, X if isinstance(X, _Present) else _present(X, P.shape[1])
    X = as_binary_matrix(X, "X")
    if X.shape[1] != P.shape[1]:
        raise error("model_features", name="X", m=X.shape[1], n=P.shape[1])
    return phi, P, X


def bernoulli_classes_log_joint(model, X, *, n_jobs=-1):
    """X-4: log φ_j + Σ_l log p(x_l | y = j) in column j − 1, by the loops of
    ``bernoulli_log_joint`` over a k-class table; the rows split among ``n_jobs`` cores."""
    cores = cores_of(n_jobs)
    phi, P, X = _bernoulli_classes(model, X)
    return _bernoulli_table_joint(P, _logs(phi), X, cores)


def bernoulli_classes_log_posterior(model, X, *, n_jobs=-1):
    """X-4: log p(y = j | x) in column j − 1; a row impossible under every class raises
    ZeroOverZeroError."""
    return _k_posterior(bernoulli_classes_log_joint(model, X, n_jobs=n_jobs))


def bernoulli_classes_predict(model, X, *, n_jobs=-1):
    """X-4: argmax_j log p(x, y = j) per row, labels 1..k (ties to the smallest)."""
    return _k_argmax(bernoulli_classes_log_joint(model, X, n_jobs=n_jobs))


def multinomial_classes_fit(documents, y, vocabulary_size, alpha=1, ignore_unknown=False,
                            sample_weight=None):
    """X-4: φ_j = m_j/m, φ_{w|y=j} = (Σᵢ Σ_t 1{x_t = w ∧ y = j} + α) / (Σᵢ 1{y = j} nᵢ + α|V|),
    counted from the flat token ids (or the entries of the bags). X-2: each word of document i
    counts wᵢ."""
    size = table_size(vocabulary_size, "vocabulary_size")
    cdef bint ignore = flag(ignore_unknown, "ignore_unknown")
    tokens, offsets, counts = _documents(documents, size, ignore)
    codes, class_count = _k_labels(y, m=offsets.shape[0] - 1)
    alpha = _alpha(alpha)
    weight = _document_weights(sample_weight, offsets)
    k = class_count.shape[0]
    _tables_fit(k * size, 32, "the classes × vocabulary_size", f"{k} × {size}")
    if weight is not None:
        class_count = _k_weighted(codes, k, weight)
        count, total = _weighted_words(tokens, offsets, counts, codes, weight, k, size, ignore)
        return _classes_model(class_count, count, total, alpha, size, _weighted_prior(class_count))
    if _real(counts):   # sums of reals, as multinomial_fit's
        count, total = _weighted_words(tokens, offsets, counts, codes, np.ones(codes.shape[0]), k, size,
                                       ignore)
        return _classes_model(class_count, count, total, alpha, size, _k_priors(class_count))
    entry_class = np.repeat(codes, np.diff(offsets))
    words = tokens.astype(np.int64, copy=False)
    if ignore:
        known = (words >= 0) & (words < size)
        entry_class, words = entry_class[known], words[known]
        if counts is not None:
            counts = counts[known]
    if counts is None:
        count = np.bincount(entry_class * size + words, minlength=k * size).astype(np.int64)
    else:
        # a class whose words pass 2⁶³ − 1 is found on float sums, then confirmed exactly
        rough = np.bincount(entry_class, weights=counts.astype(np.float64), minlength=k)
        for c in np.flatnonzero(rough >= 2.0 ** 62):
            if sum(int(v) for v in counts[entry_class == c]) > INT64_MAX:
                raise _R.class_words_beyond_int64(int(c) + 1)
        count = np.zeros(k * size, dtype=np.int64)
        np.add.at(count, entry_class * size + words, counts)
    count = count.reshape(k, size)
    return _classes_model(class_count, count, count.sum(axis=1), alpha, size, _k_priors(class_count))


def _classes_model(class_count, count, total, alpha, size, phi):
    """The MultinomialClassesNB of the class and word counts (or X-2's sums of weights)."""
    _smoothing_fits(total.max(), alpha, size, _R.CLASS_WORDS)
    for c in range(count.shape[0]):
        if total[c] + alpha * size == 0:
            raise _R.no_words(c + 1)
    phi_words = (count + alpha) / (total[:, None] + alpha * size)
    return MultinomialClassesNB(phi, phi_words, class_count, count, total, alpha)


cdef void _classes_joint(const token_t[::1] tokens, const count_t[::1] counts, bint bags,
                         const int64_t[::1] offsets, const double[:, ::1] T,
                         const double[::1] log_prior, Py_ssize_t size, bint ignore,
                         double[:, ::1] out, int threads) noexcept nogil:
    """out[i, c] = log p(y = c + 1) + Σ_t T[x_t, c] in document order for each of the k columns
    of T (log φ_{w|y} word by word, the classes side by side); bags as in _multinomial_joint."""
    cdef Py_ssize_t i, p, c, k = T.shape[1]
    cdef int64_t t
    cdef double n
    for i in prange(out.shape[0], num_threads=threads, schedule="dynamic",
                   chunksize=chunk_rows(out.shape[0], threads)):
        for c in range(k):
            out[i, c] = log_prior[c]
        for p in range(offsets[i], offsets[i + 1]):
            n = _occurrences(tokens, counts, bags, p, size, ignore)
            if n == 0:
                continue
            t = tokens[p]
            for c in range(k):
                out[i, c] = out[i, c] + n * T[t, c]


def multinomial_classes_log_joint(model, documents, ignore_unknown=False, *, n_jobs=-1):
    """X-4: log φ_j + Σ_t log φ_{x_t|y=j} in column j − 1 per document; the documents split
    among ``n_jobs`` cores."""
    cores = cores_of(n_jobs)
    cdef bint ignore = flag(ignore_unknown, "ignore_unknown")
    phi, P = _k_rows(model, MultinomialClassesNB, "phi_words")
    tokens, offsets, counts = _documents(documents, P.shape[1], ignore)
    T = np.ascontiguousarray(np.stack([_logs(P[c]) for c in range(P.shape[0])], axis=1))
    return _table_joint(tokens, offsets, counts, T, _logs(phi), P.shape[1], ignore, cores)


def multinomial_classes_log_posterior(model, documents, ignore_unknown=False, *, n_jobs=-1):
    """X-4: log p(y = j | x) in column j − 1 per document."""
    return _k_posterior(multinomial_classes_log_joint(model, documents, ignore_unknown, n_jobs=n_jobs))


def multinomial_classes_predict(model, documents, ignore_unknown=False, *, n_jobs=-1):
    """X-4: argmax_j log p(x, y = j) per document, labels 1..k (ties to the smallest)."""
    return _k_argmax(multinomial_classes_log_joint(model, documents, ignore_unknown, n_jobs=n_jobs))


# ---- NB-6: words to ids -----------------------------------------------------------------------

def encode(token_lists, vocabulary, ignore_unknown=False):
    """NB-6: the word ids of every document, as ``Documents`` (flat int64 ids and offsets) rather
    than the reference's list of lists; the same ids, the same errors for unknown words."""
    cdef dict index = _R.word_index(vocabulary)
    if is_text(token_lists) or not hasattr(token_lists, "__iter__"):
        raise error("iterable", name="token_lists", what="word lists", got=type(token_lists).__name__)
    cdef bint ignore = flag(ignore_unknown, "ignore_unknown")
    cdef Py_ssize_t n = 0, i = 0, j
    cdef PyObject* k
    ids = np.empty(1024, dtype=np.int64)
    cdef int64_t[::1] iv = ids
    offsets = [0]
    for i, tokens in enumerate(token_lists):
        if is_text(tokens) or not hasattr(tokens, "__iter__"):
            raise error("word_list", i=i, got=type(tokens).__name__)
        j = 0
        for w in tokens:
            try:
                k = PyDict_GetItemWithError(index, w)  # borrowed; NULL when absent
            except TypeError:  # unhashable
                raise error("unhashable_word", where=f"token_lists[{i}][{j}]", word=repr(w)) from None
            if k == NULL:
                if not ignore:
                    raise error("unknown_word", i=i, j=j, word=repr(w))
                j += 1
                continue
            if n == iv.shape[0]:
                ids = np.resize(ids, 2 * n)
                iv = ids
            iv[n] = <int64_t> PyLong_AsLongLong(<object> k)
            n += 1
            j += 1
        offsets.append(n)
    return Documents(ids[:n].copy(), np.array(offsets, dtype=np.int64))


from cs229.fast._tokens import vectorize  # noqa: E402  (NB-6's compiled tokenizer)


# ---- docstrings: the reference twin's text, one home for both faces (cs229.fast._docs) -----------

from cs229.fast._docs import adopt as _adopt  # noqa: E402
from cs229.reference import naive_bayes as _twin  # noqa: E402

_adopt(globals(), _twin)
