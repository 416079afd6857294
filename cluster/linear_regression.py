"""The normal equations (LR-12) on dask arrays chunked by rows, in the summation form (X-7): XᵀX
and Xᵀy as cs229.fast sums them, block by block, then cs229.fast's own Cholesky solve, so θ is
the fast face's bit for bit."""
from functools import partial

from cs229.fast import linear_regression as _fast
from cs229.fast._validation import as_vector
from cs229.reference.messages import error
from cs229.reference.parameters import choice, penalty

from ._chunks import Chunked, Gathered, gram, weight_chunk

__all__ = ["normal_equations"]


def normal_equations(X, y, solver="cholesky", lam=0, penalize_intercept=False, sample_weight=None):
    """LR-12, X-1, X-7: cs229.fast.linear_regression.normal_equations on a dask array X (m×n)
    and targets y (m), chunked by rows: XᵀX and Xᵀy summed over blocks of
    cs229.fast._summation.ROWS_PER_BLOCK rows on the chunks' workers, the partials added in
    block order on the client, then the fast face's Cholesky solve. Columns are gathered into
    one chunk and rows into chunks of whole blocks, so that no block's sum is split between
    chunks (that would round it differently): θ is then the fast face's bit for bit. Only
    ``solver="cholesky"`` runs here (a tall-skinny QR is not written yet).

    X-2: ``sample_weight`` (a dask array chunked as the rows, or an array in memory) sums
    XᵀWX and XᵀWy on each chunk's rows scaled by √wᵢ, as the fast face does."""
    chunked = Chunked(X, y, sample_weight=sample_weight)
    weighted = chunked.check(partial(as_vector, name="y"),
                             {"sample_weight": weight_chunk} if sample_weight is not None else None)
    solver = choice(solver, "solver", ("cholesky", "qr"))
    if solver == "qr":
        raise ValueError("solver: 'qr' is not available in cs229.distributed yet; use "
                         "solver='cholesky', or cs229.fast.linear_regression on data in memory")
    lam, first = penalty(lam, penalize_intercept, float64=True)
    shape, data = (chunked.m, chunked.n), (Gathered(chunked.X), Gathered(chunked.y))
    if sample_weight is None:
        return _fast.normal_solve(gram(chunked), shape, lam, first, *data)
    if not any(found for found, in weighted):
        raise error("zero_weights", name="sample_weight")
    weight = chunked.extras["sample_weight"]
    return _fast.weighted_normal_solve(gram(chunked, weight), shape, lam, first, *data, Gathered(weight))
