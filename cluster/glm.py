"""Generalised linear models by Newton / IRLS (GLM-4) on dask arrays chunked by rows, in the
summation form (X-7): each pass maps cs229.fast's compiled per-chunk sums over the chunks, and
the step is cs229.fast's own (``newton_fit``), so θ and every iterate are the fast face's bit for
bit. X-5 offsets and exposures and X-2 sample weights are dask arrays chunked as the rows."""
from functools import partial

import dask.array as da
import numpy as np

from cs229.fast import glm as _fast
from cs229.fast._validation import as_vector, check_length
from cs229.reference import exponential_family as ef
from cs229.reference.messages import error
from cs229.reference.parameters import positive

from ._chunks import Chunked, Passes, _dask_array, weight_chunk

__all__ = ["newton", "poisson_regression", "gradient_ascent", "hypotheses", "log_likelihood", "standard_errors"]


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


def gradient_ascent(family, X, y, theta, alpha, max_iterations=10_000, tol=1e-10, average=False,
                    record=False, lam=0, penalize_intercept=False, offset=None,
                    sample_weight=None):
    """GLM-4, X-7: cs229.fast.glm.gradient_ascent on a dask array X (m×n) and targets y (m),
    chunked by rows; X-5 ``offset`` and X-2 ``sample_weight`` chunked as the rows. Each
    iteration's Σᵢ wᵢ (y⁽ⁱ⁾ − g(θᵀx⁽ⁱ⁾ + oᵢ)) x⁽ⁱ⁾ is summed over whole blocks on the workers
    and added in block order on the client, then the fast face's step: θ and every iterate are
    the fast face's bit for bit. One dask computation per iteration (``newton`` takes a handful
    of passes for the same fit)."""
    _, passes = _passes(family, X, y, offset, None, sample_weight)
    theta = as_vector(theta, "theta", passes.n, "X", of="columns")
    return _fast.gradient_ascent_fit(passes, theta, alpha, max_iterations, tol, average, record,
                                     lam, penalize_intercept)


def _newton(family, X, y, theta, max_iterations, tol, record, start, damping, lam,
            penalize_intercept, offset, exposure, sample_weight):
    family, passes = _passes(family, X, y, offset, exposure, sample_weight)
    if theta is not None:
        theta = as_vector(theta, "theta", passes.n, "X", of="columns")
    return _fast.newton_fit(family, passes, theta, max_iterations, tol, record, start, damping,
                            lam, penalize_intercept)


def _passes(family, X, y, offset=None, exposure=None, sample_weight=None):
    """(the family, the ``Passes`` of its sums over X and y chunked by rows), every chunk checked
    by the fast face's readers (targets of the family, offset, exposure, sample weights)."""
    family, code, shape = _fast._family(family)
    chunked = Chunked(X, y, offset=offset, exposure=exposure, sample_weight=sample_weight)
    found = chunked.check(partial(_fast._targets, code),
                          {"offset": _offset_chunk, "exposure": _exposure_chunk,
                           "sample_weight": weight_chunk})
    rows = chunked.extras
    if "sample_weight" in rows and not any(results[2] for results in found):
        raise error("zero_weights", name="sample_weight")
    if "exposure" in rows:
        offset = da.map_blocks(_exposure_offset, rows["exposure"], dtype=np.float64)
    else:
        offset = rows.get("offset")
    return family, Passes(chunked, code, shape, False, offset, rows.get("sample_weight"))


def log_likelihood(family, X, y, theta, offset=None, sample_weight=None):
    """GLM-4, X-7: ℓ(θ) = Σᵢ wᵢ(log b(y⁽ⁱ⁾) + ηy⁽ⁱ⁾ − a(η)) on chunked X and y: the fast face's
    ``log_likelihood`` of each chunk, added in chunk order (the fast face's ℓ to rounding)."""
    _, passes = _passes(family, X, y, offset, None, sample_weight)
    theta = as_vector(theta, "theta", passes.n, "X", of="columns")
    return float(np.sum(passes.chunked.map(_log_likelihood_map, ef.family(family).name, theta,
                                           rows=(passes.offset, passes.weight))))


def standard_errors(family, X, y, theta, scale=1.0, offset=None, sample_weight=None):
    """X-6, X-7: √(φ [I(θ̂)⁻¹]ⱼⱼ) with the information I = XᵀWX summed chunk by chunk (each
    chunk's the fast face's ``fisher_information``), then the fast face's solves; a singular I in
    its words."""
    scale = positive(scale, "scale", float64=True)
    _, passes = _passes(family, X, y, offset, None, sample_weight)
    theta = as_vector(theta, "theta", passes.n, "X", of="columns")
    information = np.zeros((passes.n, passes.n))
    for part in passes.chunked.map(_information_map, ef.family(family).name, theta,
                                   rows=(passes.offset, passes.weight)):
        information += part
    return _fast.information_standard_errors(information, scale, passes.m)


def hypotheses(family, X, theta, offset=None):
    """GLM-1, X-7: g(θᵀx⁽ⁱ⁾ (+ oᵢ)) for every row of a dask array X, a dask array chunked as X's
    rows (lazy: nothing is computed until the caller asks), each chunk's by the fast face."""
    X = _dask_array(X, "X", 2).rechunk({1: -1})
    theta = as_vector(theta, "theta", X.shape[1], "X", of="columns")
    name = ef.family(family).name
    if offset is None:
        return X.map_blocks(_hypotheses_map, name, theta, None, drop_axis=1, dtype=np.float64)
    offset = _dask_array(offset, "offset", 1)
    check_length(offset, "offset", X.shape[0], "X", of="rows")
    return da.map_blocks(_hypotheses_map, X, name, theta, offset.rechunk((X.chunks[0],)), drop_axis=1,
                         dtype=np.float64)


# ---- the chunks' checks and maps: module functions, so that workers import them ----------------

def _offset_chunk(offset, X):
    """The fast face's check of an offset's chunk (finite reals)."""
    if offset is not None:
        _fast._offset(offset, X)


def _exposure_chunk(exposure, X):
    """The fast face's check of an exposure's chunk (each > 0)."""
    if exposure is not None:
        _fast.exposure_offset(None, exposure, X)


def _log_likelihood_map(X, y, offset, weight, name, theta):
    return _fast.log_likelihood(name, X, y, theta, offset, weight)


def _information_map(X, y, offset, weight, name, theta):
    return _fast.fisher_information(name, X, y, theta, offset, weight)


def _hypotheses_map(X, name, theta, offset):
    return _fast.hypotheses(name, X, theta, offset)


def _exposure_offset(exposure):
    """X-5: the offset log e of an exposure's chunk, as the fast face forms it."""
    return np.log(np.ascontiguousarray(exposure, dtype=np.float64))
