"""The Bernoulli naive Bayes fit (NB-2) on dask arrays chunked by rows, in the summation form
(X-7): the class counts Σᵢ 1{y⁽ⁱ⁾ = c} and the feature counts Σᵢ 1{x_j⁽ⁱ⁾ = 1 ∧ y⁽ⁱ⁾ = c} of
each chunk, added on the client, then cs229.fast's own model of the counts: the fast face's
BernoulliNB bit for bit.

Integer counts are exact, so the chunks are counted side by side and added in any grouping. X-2's
weighted counts Σᵢ wᵢ 1{…} are float64 sums that both faces take example by example in the
reference's order; a chunk's rows therefore join the running tables after the previous chunk's,
one chunk after the other (the rows stay on their workers, the passes are serial)."""
from functools import partial

import dask
import numpy as np

from cs229.fast import naive_bayes as _fast
from cs229.fast._validation import as_binary_labels, as_binary_matrix
from cs229.reference.messages import error

from ._chunks import Chunked, _float64, weight_chunk

__all__ = ["bernoulli_fit"]


def bernoulli_fit(X, y, alpha=1, sample_weight=None):
    """NB-2, X-7: cs229.fast.naive_bayes.bernoulli_fit on a dask array X (m×n, entries 0 or 1)
    and labels y ∈ {0, 1} (m), chunked by rows; X-2: ``sample_weight`` (a dask array chunked as
    the rows, or in memory), each count a sum of weights. The same errors (a bad entry names its
    row and its chunk's rows) and result (BernoulliNB) as the fast face. Documents (the packed
    form) are not taken here: X is a dense 0/1 matrix."""
    chunked = Chunked(X, y, sample_weight=sample_weight)
    found = chunked.check(partial(as_binary_labels, name="y", module=_fast.__name__),
                          {"sample_weight": weight_chunk} if sample_weight is not None else None,
                          matrix=as_binary_matrix)
    alpha = _fast._alpha(alpha)
    if sample_weight is None:
        class_count = np.zeros(2, dtype=np.int64)
        count = np.zeros((2, chunked.n), dtype=np.int64)
        for chunk_classes, chunk_features in chunked.map(_count_map):
            class_count += chunk_classes
            count += chunk_features
        return _fast.bernoulli_model(class_count, count, alpha, False)
    if not any(weighted for weighted, in found):
        raise error("zero_weights", name="sample_weight")
    return _fast.bernoulli_model(*_weighted_counts(chunked), alpha, True)


def _weighted_counts(chunked):
    """X-2: (Σᵢ wᵢ 1{y⁽ⁱ⁾ = c}, Σᵢ wᵢ 1{x_j⁽ⁱ⁾ = 1 ∧ y⁽ⁱ⁾ = c}), each chunk's rows added into
    the tables left by the chunk before it, as the fast face adds them example by example."""
    tables = (np.zeros(2), np.zeros((2, chunked.n)))
    chunks = zip(chunked.X.to_delayed().ravel(), chunked.y.to_delayed().ravel(),
                 chunked.extras["sample_weight"].to_delayed().ravel())
    for X, y, weight in chunks:
        tables = dask.delayed(_weighted_add, pure=True)(X, y, weight, tables)
    return dask.compute(tables)[0]


# ---- the map steps: module functions, so that workers import them rather than unpickle code ----

def _binary(X, y):
    return as_binary_matrix(X, "X"), np.asarray(y, dtype=np.float64).astype(np.intp)


def _count_map(X, y):
    """The chunk's class counts and its feature counts per class (int64: exact)."""
    X, codes = _binary(X, y)
    return (np.bincount(codes, minlength=2).astype(np.int64),
            np.stack([X[codes == c].sum(axis=0, dtype=np.int64) for c in (0, 1)]))


def _weighted_add(X, y, weight, tables):
    """The tables plus the chunk's rows, row after row: class_count[yᵢ] += wᵢ, count[yᵢ, j] +=
    x_j⁽ⁱ⁾ wᵢ (``ufunc.at`` adds in index order, as the fast face's loops)."""
    X, codes = _binary(X, y)
    weight = _float64(weight)
    class_count, count = tables[0].copy(), tables[1].copy()
    np.add.at(class_count, codes, weight)
    np.add.at(count, codes, X * weight[:, None])
    return class_count, count
