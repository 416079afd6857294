"""A decision tree's predictions (DT-1) over many rows on dask arrays chunked by rows (X-7): each
chunk's labels are cs229.fast's, the tree sent to every worker whole. The tree's fit, a greedy
search over every feature's sorted values at every node, stays on one machine."""
import numpy as np

from cs229.fast import trees as _fast

from ._chunks import _dask_array, map_queries

__all__ = ["predict"]


def predict(tree, X):
    """DT-1, X-7: cs229.fast.trees.predict over the row chunks of X (a dask array, or in
    memory), lazily: a dask array of each row's leaf label. A row that finds no child (a
    discrete value the tree never saw) names its row of the whole X when it is computed."""
    first = _fast.predict(tree, np.asarray(_dask_array(X, "X", 2)[:1].compute()), n_jobs=1)  # the tree, X's columns
    return map_queries(_predict_chunk, X, "X", 1, tree, dtype=first.dtype)


def _predict_chunk(X, tree):
    return _fast.predict(tree, X, n_jobs=1)
