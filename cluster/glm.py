"""Generalised linear models by Newton / IRLS (GLM-4) on dask arrays chunked by rows, in the
summation form (X-7): each pass maps cs229.fast's compiled per-chunk sums over the chunks, and
the step is cs229.fast's own (``newton_fit``), so θ and every iterate are the fast face's bit for
bit. X-5 offsets and exposures and X-2 sample weights are dask arrays chunked as the rows."""
from functools import partial

import dask.array as da
import numpy as np

from cs229.fast import glm as _fast
from cs229.fast._validation import as_vector
from cs229.reference import exponential_family as ef
from cs229.reference.messages import error

from ._chunks import Chunked, Passes, weight_chunk

__all__ = ["newton", "poisson_regression"]


def newton(family, X, y, theta=None, max_iterations=100, tol=1e-10, record=False, start="data",
           damping=True, lam=0, penalize_intercept=False, offset=None, sample_weight=None):
    """GLM-4, X-7: cs229.fast.glm.newton on a dask array X (m×n) and targets y (m), chunked by
    rows; X-5: an ``offset`` (η = θᵀx + o) and X-2: ``sample_weight``s, each a vector of m
    entries (a dask array, or in memory) or None. Columns are gathered into one chunk and rows
    into chunks of whole blocks of cs229.fast._summation.ROWS_PER_BLOCK rows, so that no block's
    sum is split between chunks (that would round it differently): then every pass's sums, and
    so θ and every iterate, are the fast face's bit for bit. Each pass is one dask computation
    (the active distributed.Client's, else dask's default scheduler). The same errors (a NaN
    names its chunk's rows) and result (IterativeResult) as the fast face."""
    return _newton(family, X, y, theta, max_iterations, tol, record, start, damping, lam,
                   penalize_intercept, offset, None, sample_weight)


def poisson_regression(X, y, theta=None, max_iterations=100, tol=1e-10, record=False,
                       start="data", damping=True, lam=0, penalize_intercept=False, offset=None,
                       exposure=None, sample_weight=None):
    """GLM-4, X-7: Poisson regression (log link) by Newton / IRLS on chunked X and y, the fast
    face's cs229.fast.glm.poisson_regression bit for bit; X-5: ``offset`` or ``exposure``
    (offset log e), X-2: ``sample_weight``, each chunked as the rows."""
    if offset is not None and exposure is not None:
        raise error("offset_and_exposure")
    return _newton(ef.POISSON, X, y, theta, max_iterations, tol, record, start, damping, lam,
                   penalize_intercept, offset, exposure, sample_weight)


def _newton(family, X, y, theta, max_iterations, tol, record, start, damping, lam,
            penalize_intercept, offset, exposure, sample_weight):
    _, code, shape = _fast._family(family)
    chunked = Chunked(X, y, offset=offset, exposure=exposure, sample_weight=sample_weight)
    found = chunked.check(partial(_fast._targets, code),
                          {"offset": _offset_chunk, "exposure": _exposure_chunk,
                           "sample_weight": weight_chunk})
    if theta is not None:
        theta = as_vector(theta, "theta", chunked.n, "X", of="columns")
    rows = chunked.extras
    if "sample_weight" in rows and not any(results[2] for results in found):
        raise error("zero_weights", name="sample_weight")
    if "exposure" in rows:
        offset = da.map_blocks(_exposure_offset, rows["exposure"], dtype=np.float64)
    else:
        offset = rows.get("offset")
    passes = Passes(chunked, code, shape, False, offset, rows.get("sample_weight"))
    return _fast.newton_fit(family, passes, theta, max_iterations, tol, record, start, damping,
                            lam, penalize_intercept)


# ---- the chunks' checks and maps: module functions, so that workers import them ----------------

def _offset_chunk(offset, X):
    """The fast face's check of an offset's chunk (finite reals)."""
    if offset is not None:
        _fast._offset(offset, X)


def _exposure_chunk(exposure, X):
    """The fast face's check of an exposure's chunk (each > 0)."""
    if exposure is not None:
        _fast.exposure_offset(None, exposure, X)


def _exposure_offset(exposure):
    """X-5: the offset log e of an exposure's chunk, as the fast face forms it."""
    return np.log(np.ascontiguousarray(exposure, dtype=np.float64))
