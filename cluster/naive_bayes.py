"""Naive Bayes fits (NB-2, NB-6; X-4's k classes) on dask arrays chunked by rows, in the summation
form (X-7): each chunk's class counts Σᵢ 1{y⁽ⁱ⁾ = c} and its feature counts (Bernoulli:
Σᵢ 1{x_j⁽ⁱ⁾ = 1 ∧ y⁽ⁱ⁾ = c}; multinomial: Σᵢ 1{y⁽ⁱ⁾ = c} X_ij, how often word j occurs in the
documents of class c) are mapped over the chunks and added on the client in chunk order, then
cs229.fast's own model of the counts is built: the fast face's fit bit for bit.

Integer counts are exact, so the chunks are counted side by side and added in any grouping (the
int64 limit of a class's words checked exactly, on Python integers). Float sums are not: X-2's
weighted counts Σᵢ wᵢ 1{…} and a multinomial X of real counts (tf-idf weights) are float64 sums
that the fast face takes example by example in the reference's order; a chunk's rows therefore
join the running tables after the previous chunk's, one chunk after the other (the rows stay on
their workers, the passes are serial), by the fast face's own compiled loop where it has one."""
from functools import partial

import dask
import numpy as np
import scipy.sparse as sp

from cs229.fast import naive_bayes as _fast
from cs229.fast._validation import as_binary_labels, as_binary_matrix, as_class_labels
from cs229.reference import naive_bayes as _R
from cs229.reference.messages import error

from ._chunks import Chunked, _float64, weight_chunk

__all__ = ["bernoulli_fit", "bernoulli_classes_fit", "multinomial_fit", "multinomial_classes_fit"]

INT64_MAX = np.iinfo(np.int64).max


def bernoulli_fit(X, y, alpha=1, sample_weight=None):
    """NB-2, X-7: cs229.fast.naive_bayes.bernoulli_fit on a dask array X (m×n, entries 0 or 1)
    and labels y ∈ {0, 1} (m), chunked by rows; X-2: ``sample_weight`` (a dask array chunked as
    the rows, or in memory), each count a sum of weights. The same errors (a bad entry names its
    row and its chunk's rows) and result (BernoulliNB) as the fast face. X's chunks may be
    scipy.sparse (the fast face's Documents, the features that are 1 of each row)."""
    chunked = _checked(X, y, sample_weight, _binary_labels, _binary_matrix)
    alpha = _fast._alpha(alpha)
    class_count, count = _bernoulli_counts(chunked, 2, 0, sample_weight is not None)
    return _fast.bernoulli_model(class_count, count, alpha, sample_weight is not None)


def bernoulli_classes_fit(X, y, alpha=1, sample_weight=None):
    """X-4, X-7: cs229.fast.naive_bayes.bernoulli_classes_fit on a dask array X (m×n, entries 0
    or 1) and labels y ∈ {1, …, k} (m), k the largest label, chunked by rows; X-2:
    ``sample_weight``. The same errors and result (BernoulliClassesNB) as the fast face."""
    chunked = _checked(X, y, sample_weight, _class_labels, _binary_matrix)
    k = _largest_label(chunked)
    alpha = _fast._alpha(alpha)
    weighted = sample_weight is not None
    class_count, count = _bernoulli_counts(chunked, k, 1, weighted)
    _R.check_k_counts(class_count.tolist())
    _fast._smoothing_fits(class_count.max(), alpha, 2, "the class count")
    phi_x = (count + alpha) / (class_count[:, None] + 2 * alpha)
    phi = _fast._weighted_prior(class_count) if weighted else _fast._k_priors(class_count)
    return _fast.BernoulliClassesNB(phi, phi_x, class_count, count, alpha)


def multinomial_fit(X, y, alpha=1, sample_weight=None):
    """NB-6, X-7: cs229.fast.naive_bayes.multinomial_fit of the documents that are the rows of a
    dask array X of word counts (m×|V|, dense chunks or scipy.sparse ones; row i holds word j
    X_ij times, the bag of words ``Documents(indices, indptr, data)`` of X in CSR form, with
    vocabulary_size |V|), labels y ∈ {0, 1} (m), chunked by rows. An integer X is counted
    exactly (int64), a float X as real counts (X-2: tf-idf weights); ``sample_weight`` (X-2)
    makes each word of document i count wᵢ. The same result (MultinomialNB) as the fast face
    bit for bit, and its errors; a negative or non-finite count is named by its row and column
    in X and its chunk's rows."""
    chunked = _checked(X, y, sample_weight, _binary_labels, _count_matrix)
    alpha = _fast._alpha(alpha)
    class_count, count, total = _word_counts(chunked, 2, 0, sample_weight is not None)
    if sample_weight is None:
        phi_y = float(class_count[1] / chunked.m)
    else:
        phi_y = float(_fast._weighted_prior(class_count)[1])
    return _fast._multinomial_model(class_count, count, total, alpha, chunked.n, phi_y)


def multinomial_classes_fit(X, y, alpha=1, sample_weight=None):
    """X-4, X-7: cs229.fast.naive_bayes.multinomial_classes_fit of the rows of a dask array X of
    word counts (as ``multinomial_fit``) and labels y ∈ {1, …, k} (m), k the largest label;
    X-2: ``sample_weight``. The same result (MultinomialClassesNB) and errors as the fast face."""
    chunked = _checked(X, y, sample_weight, _class_labels, _count_matrix)
    k = _largest_label(chunked)
    alpha = _fast._alpha(alpha)
    weighted = sample_weight is not None
    class_count, count, total = _word_counts(chunked, k, 1, weighted)
    phi = _fast._weighted_prior(class_count) if weighted else _fast._k_priors(class_count)
    return _fast._classes_model(class_count, count, total, alpha, chunked.n, phi)


_binary_labels = partial(as_binary_labels, name="y", module=_fast.__name__)
_class_labels = partial(as_class_labels, k=float("inf"), name="y", module=_fast.__name__)


def _checked(X, y, sample_weight, labels, matrix):
    """X, y and the weights chunked and checked chunk by chunk as the fast face checks them."""
    chunked = Chunked(X, y, sample_weight=sample_weight)
    found = chunked.check(labels, {"sample_weight": weight_chunk} if sample_weight is not None else None,
                          matrix=matrix)
    if sample_weight is not None and not any(weighted for weighted, in found):
        raise error("zero_weights", name="sample_weight")
    return chunked


def _largest_label(chunked):
    return int(chunked.y.max().compute())


def _class_check(class_count, first_label):
    """Every class present (a class whose examples all weigh 0 has none), as the fast face's."""
    if first_label == 0:
        for c in (0, 1):
            if class_count[c] == 0:
                raise _R.no_class_examples(c)
    else:
        _R.check_k_counts(class_count.tolist())


def _bernoulli_counts(chunked, k, first_label, weighted):
    """(class counts, k×n feature counts): int64 sums of the chunks' counts, or X-2's float sums
    chunk after chunk."""
    if weighted:
        tables = _serial(chunked, _weighted_add, (np.zeros(k), np.zeros((k, chunked.n))), first_label)
        _class_check(tables[0], first_label)
        return tables
    class_count = np.zeros(k, dtype=np.int64)
    count = np.zeros((k, chunked.n), dtype=np.int64)
    for chunk_classes, chunk_features in chunked.map(_count_map, k, first_label):
        class_count += chunk_classes
        count += chunk_features
    _class_check(class_count, first_label)
    return class_count, count


def _word_counts(chunked, k, first_label, weighted):
    """(class counts, k×|V| word counts, the class totals Σᵢ 1{y⁽ⁱ⁾ = c} nᵢ): integer counts of
    an integer X added exactly, chunk by chunk; float sums (real counts, weights) chunk after
    chunk by the fast face's loop."""
    real = chunked.X.dtype.kind == "f"
    if weighted or real:
        start = (np.zeros(k), np.zeros((k, chunked.n)), np.zeros(k))
        class_count, count, total = _serial(chunked, _words_add, start, first_label, k)
        if not weighted:   # the fast face counts the documents of a class as integers (sums of 1.0: exact)
            class_count = class_count.astype(np.int64)
        _class_check(class_count, first_label)
        return class_count, count, total
    found = chunked.map(_words_map, k, first_label)
    class_count = np.zeros(k, dtype=np.int64)
    for chunk_classes, _, _ in found:
        class_count += chunk_classes
    _class_check(class_count, first_label)
    count = np.zeros((k, chunked.n), dtype=np.int64)
    total = [0] * k   # Python integers: a class past 2⁶³ − 1 words is seen, not wrapped
    for c, (_, chunk_words, chunk_total) in enumerate(found):
        total = [a + int(b) for a, b in zip(total, chunk_total)]
        if max(total) > INT64_MAX:
            raise _R.class_words_beyond_int64(_first_beyond(chunked, c, total, chunk_total, k, first_label))
        count += chunk_words
    return class_count, count, np.array(total, dtype=np.int64)


def _first_beyond(chunked, c, total, chunk_total, k, first_label):
    """The label of the class the fast face names when its words pass 2⁶³ − 1 in chunk c: with
    two classes, the first whose running total passes in document order (the fast face's loop
    over chunk c from the totals before it); with labels 1..k, the smallest label past the limit."""
    if first_label == 1:
        return next(j for j in range(k) if total[j] > INT64_MAX) + first_label
    before = np.array([a - int(b) for a, b in zip(total, chunk_total)], dtype=np.int64)
    X, y = chunked.X.to_delayed().ravel()[c], chunked.y.to_delayed().ravel()[c]
    return dask.compute(dask.delayed(_beyond_map, pure=True)(X, y, before, chunked.n))[0]


def _serial(chunked, add, tables, first_label, *args):
    """``add(X chunk, y chunk, weight chunk or None, tables, first_label, *args)`` chunk after
    chunk, each chunk's rows into the tables the chunk before it left."""
    weights = chunked.extras.get("sample_weight")
    rows = zip(chunked.X.to_delayed().ravel(), chunked.y.to_delayed().ravel(),
               [None] * len(chunked.rows) if weights is None else weights.to_delayed().ravel())
    for X, y, weight in rows:
        tables = dask.delayed(add, pure=True)(X, y, weight, tables, first_label, *args)
    return dask.compute(tables)[0]


def _count_matrix(X, name="X"):
    """NB-6's word counts of a chunk, checked: a dense chunk as an array (int64 for integer
    counts, else float64 real counts), a scipy.sparse chunk as CSR in canonical form (sorted ids,
    no duplicates, no stored zeros) with data of those dtypes; a negative or non-finite entry
    named by its row and column (rows counted in the chunk)."""
    if sp.issparse(X):
        A = sp.csr_matrix(X)
        A.sum_duplicates()
        A.eliminate_zeros()
        A.data = _counts_dtype(A.data)
        values, place = A.data, lambda p: (int(np.searchsorted(A.indptr, p, side="right")) - 1, A.indices[p])
    else:
        A = _counts_dtype(np.asarray(X))
        values, place = A.ravel(), lambda p: divmod(p, A.shape[1])
    # two reductions, no temporary, clear the common case (NaN fails the comparison)
    if values.size and not (np.minimum.reduce(values) >= 0 and np.maximum.reduce(values) < np.inf):
        bad = ~np.isfinite(values) | (values < 0)
        p = int(np.argmax(bad))
        (i, j), v = place(p), values[p]
        raise error("not_finite" if not np.isfinite(v) else "negative_count", name=name,
                    where=f"[{i}][{j}]", value=v)
    return A


def _binary_matrix(X, name="X"):
    """NB-2's 0/1 features of a chunk, checked as the fast face checks them: a dense chunk as
    uint8, a scipy.sparse chunk as CSR in canonical form (sorted ids, no duplicates, no stored
    zeros); an entry neither 0 nor 1 named by its row and column (rows counted in the chunk)."""
    if not sp.issparse(X):
        return as_binary_matrix(X, name)
    A = sp.csr_matrix(X, copy=True)
    A.sum_duplicates()
    A.eliminate_zeros()
    bad = A.data != 1   # NaN is not 1
    if bad.any():
        p = int(np.argmax(bad))
        i, value = int(np.searchsorted(A.indptr, p, side="right")) - 1, A.data[p]
        raise error("binary_feature" if np.isfinite(value) else "not_finite", name=name,
                    where=f"[{i}][{A.indices[p]}]", value=value)
    A.data = np.ones(A.nnz, dtype=np.uint8)
    return A


def _entry_codes(A, codes):
    """The class code of each stored entry of a CSR chunk (its row's)."""
    return np.repeat(codes, np.diff(A.indptr))


def _counts_dtype(a):
    return a.astype(np.int64 if a.dtype.kind in "iub" else np.float64, copy=False)


def _bags(X):
    """The chunk's rows as CSR in canonical form, the layout of the bags of words the fast face
    reads (its entries in the order of the whole X's)."""
    A = sp.csr_matrix(_count_matrix(X))
    A.sum_duplicates()
    A.eliminate_zeros()
    return A


# ---- the map steps: module functions, so that workers import them rather than unpickle code ----

def _codes(y, first_label):
    return np.ascontiguousarray(np.asarray(y, dtype=np.float64) - first_label, dtype=np.intp)


def _count_map(X, y, k, first_label):
    """The chunk's class counts and its feature counts per class (int64: exact)."""
    X, codes = _binary_matrix(X, "X"), _codes(y, first_label)
    classes = np.bincount(codes, minlength=k).astype(np.int64)
    if sp.issparse(X):
        count = np.zeros((k, X.shape[1]), dtype=np.int64)
        np.add.at(count, (_entry_codes(X, codes), X.indices), 1)
        return classes, count
    return classes, np.stack([X[codes == c].sum(axis=0, dtype=np.int64) for c in range(k)])


def _weighted_add(X, y, weight, tables, first_label):
    """The tables plus the chunk's rows, row after row: class_count[c] += wᵢ, count[c, j] +=
    x_j⁽ⁱ⁾ wᵢ for yᵢ of code c (``ufunc.at`` adds in index order, as the fast face's loops)."""
    X, codes = _binary_matrix(X, "X"), _codes(y, first_label)
    weight = _float64(weight)
    class_count, count = tables[0].copy(), tables[1].copy()
    np.add.at(class_count, codes, weight)
    if sp.issparse(X):   # the entries that are 1, row after row: the dense rows' non-zero terms
        np.add.at(count, (_entry_codes(X, codes), X.indices), np.repeat(weight, np.diff(X.indptr)))
    else:
        np.add.at(count, codes, X * weight[:, None])
    return class_count, count


def _words_map(X, y, k, first_label):
    """The chunk's documents per class, word counts per class and words per class (int64 sums,
    exact: entries >= 0, so no word's count passes its class's words, checked against 2⁶³ − 1 on
    their float sum, then exactly)."""
    A, codes = _count_matrix(X), _codes(y, first_label)
    if sp.issparse(A):
        entry_class = np.repeat(codes, np.diff(A.indptr))
        words = [A.data[entry_class == c] for c in range(k)]
    else:
        words = [A[codes == c] for c in range(k)]
    # a class's words stay below 2⁶² when its largest count times its entries does (else they
    # are summed exactly, on Python integers)
    largest = int(np.maximum.reduce(A.data if sp.issparse(A) else A, axis=None, initial=0))
    total = [int(w.sum()) if largest * w.size < 2 ** 62 else int(w.sum(dtype=object)) for w in words]
    count = np.zeros((k, A.shape[1]), dtype=np.int64)
    if max(total) <= INT64_MAX:
        for c in range(k):
            if sp.issparse(A):
                np.add.at(count[c], A.indices[entry_class == c], words[c])
            else:
                count[c] = words[c].sum(axis=0, dtype=np.int64)
    return np.bincount(codes, minlength=k).astype(np.int64), count, total


def _words_add(X, y, weight, tables, first_label, k):
    """X-2: the tables plus the chunk's documents, word after word, by the fast face's compiled
    loop (each word of document i adds n wᵢ; weight None: every wᵢ 1)."""
    A, codes = _bags(X), _codes(y, first_label)
    weight = np.ones(codes.shape[0]) if weight is None else _float64(weight)
    class_count, count, total = (t.copy() for t in tables)
    np.add.at(class_count, codes, weight)
    _fast._weighted_count(A.indices, A.indptr.astype(np.int64), A.data, True, codes, weight,
                          A.shape[1], False, count, total)
    return class_count, count, total


def _beyond_map(X, y, before, n):
    """The class whose words pass 2⁶³ − 1 first in the chunk, counted on from ``before`` by the
    fast face's loop over bags (two classes)."""
    A = _bags(X)
    total = before.copy()
    count = np.zeros((2, n), dtype=np.int64)
    return _fast._bags(A.indices, A.data, A.indptr.astype(np.int64), _codes(y, 0).astype(np.uint8), n,
                       False, count, total)
