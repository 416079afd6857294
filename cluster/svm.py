"""The SVM's predictions (OMC-5) over many query points on dask arrays chunked by rows (X-7): each
chunk's decision values are cs229.fast's, the model sent to every worker whole. SMO's fit stays on
one machine (its steps are sequential, each reading the whole kernel row of two examples)."""
import numpy as np

from cs229.fast import svm as _fast
from cs229.reference.svm import fit_classes

from ._chunks import _dask_array, map_queries

__all__ = ["decision_function", "predict"]


def decision_function(model, Z):
    """OMC-5 (12)-(13), X-7: cs229.fast.svm.decision_function over the row chunks of Z (a dask
    array, or in memory), lazily: a dask array of Σᵢ αᵢy⁽ⁱ⁾K(x⁽ⁱ⁾, z) + b, one per row. The
    chunks are made of whole blocks of the fast face's ``BLOCK`` rows of Z, so every value is the
    fast face's bit for bit; a value that is not finite names its row of the whole Z."""
    _fast.decision_function(model, np.asarray(_dask_array(Z, "Z", 2)[:1].compute()))  # model and columns
    return map_queries(_decision_chunk, Z, "Z", _fast.BLOCK, model)


def predict(model, Z):
    """OMC-5 (002 §1.5), X-7: the model's label of each row of Z (its +1 label where the decision
    value is >= 0), lazily, as cs229.fast.svm.predict."""
    negative, positive = fit_classes(model)
    values = decision_function(model, Z)
    labels = np.asarray([negative, positive])
    return values.map_blocks(_label_chunk, labels, dtype=labels.dtype)


def _decision_chunk(Z, model):
    return _fast.decision_function(model, Z)


def _label_chunk(values, labels):
    return labels[(values >= 0).astype(np.intp)]
