"""GDA's maximum-likelihood fit (GDA-1, X-3) on dask arrays chunked by rows, in the summation form
(X-7): each chunk's blocks of rows give their class sizes, class means and pooled scatter with
cs229.fast's compiled map step (``class_blocks``), and the client merges the gathered blocks in
block order with the fast face's own update (``merge_class_blocks``), so φ, the means and Σ are
the fast face's bit for bit. X-2 sample weights are a dask array chunked as the rows."""
from functools import partial

import numpy as np

from cs229.fast import generative as _fast
from cs229.fast._validation import as_binary_labels, as_class_labels
from cs229.reference import generative as _R
from cs229.reference.generative import GDAClassesModel, GDAModel
from cs229.reference.messages import error

from ._chunks import Chunked, _float64, weight_chunk

__all__ = ["gda_fit", "gda_classes_fit"]


def gda_fit(X, y, sample_weight=None):
    """GDA-1, X-7: cs229.fast.generative.gda_fit on a dask array X (m×n) and labels y ∈ {0, 1}
    (m), chunked by rows; X-2: ``sample_weight`` (a dask array chunked as the rows, or in
    memory). Columns are gathered into one chunk and rows into chunks of whole blocks of
    cs229.fast._summation.ROWS_PER_BLOCK rows, so that no block is split between chunks: the
    merged statistics, and so φ, μ₀, μ₁ and Σ, are the fast face's bit for bit. The same errors
    (a NaN names its chunk's rows; a singular Σ names its features) and result (GDAModel)."""
    chunked = _checked(X, y, sample_weight, partial(as_binary_labels, name="y", module=_fast.__name__))
    count, total, mean, Sigma = _estimates(chunked, 2, 0, _R.no_class_examples)
    return GDAModel(float(count[1] / total), mean[0].copy(), mean[1].copy(), Sigma)


def gda_classes_fit(X, y, sample_weight=None):
    """X-3, X-7: cs229.fast.generative.gda_classes_fit on a dask array X (m×n) and labels
    y ∈ {1, …, k} (m), chunked by rows, k the largest label; X-2: ``sample_weight``. φ_j, μ_j
    and Σ are the fast face's bit for bit (see ``gda_fit``); the result is a GDAClassesModel."""
    chunked = _checked(X, y, sample_weight, partial(as_class_labels, k=float("inf"), name="y",
                                                    module=_fast.__name__))
    k = int(chunked.y.max().compute())
    count, total, mean, Sigma = _estimates(chunked, k, 1, lambda c: _R.no_class_of_k(c + 1, k))
    return GDAClassesModel(count / total, mean, Sigma)


def _checked(X, y, sample_weight, labels):
    """X, y and the weights chunked and checked chunk by chunk as the fast face checks them."""
    chunked = Chunked(X, y, sample_weight=sample_weight)
    found = chunked.check(labels, {"sample_weight": weight_chunk} if sample_weight is not None else None)
    if sample_weight is not None and not any(weighted for weighted, in found):
        raise error("zero_weights", name="sample_weight")
    return chunked


def _estimates(chunked, k, first_label, absent):
    """GDA-1, X-3: the blocks' partials mapped over the chunks, merged in block order, then the
    fast face's estimates and checks (class label c is code c − first_label)."""
    d, weight = chunked.n, chunked.extras.get("sample_weight")
    state = _fast.class_state(k, d)
    for parts in chunked.map(_class_map, k, first_label, rows=(weight,)):
        _fast.merge_class_blocks(parts, state, k, d)

    def deviation(j, mean):
        return max(chunked.map(_deviation_map, mean, j, first_label, rows=(weight,)))
    return _fast.class_estimates(state, k, d, absent, deviation)


# ---- the map steps: module functions, so that workers import them rather than unpickle code ----

def _codes(y, first_label):
    return np.ascontiguousarray(np.asarray(y, dtype=np.float64) - first_label, dtype=np.intp)


def _class_map(X, y, weight, k, first_label):
    return _fast.class_blocks(_float64(X), _codes(y, first_label), k, _float64(weight))


def _deviation_map(X, y, weight, mean, j, first_label):
    return _fast.deviation(_float64(X), _codes(y, first_label), mean, j, _float64(weight))
