"""The normal equations (LR-12) on dask arrays chunked by rows, in the summation form (X-7): XᵀX
and Xᵀy as cs229.fast sums them, block by block, then cs229.fast's own Cholesky solve, so θ is
the fast face's bit for bit; batch gradient descent (LR-5) sums each iteration's gradient the same
way, with the fast face's iterates bit for bit."""
from functools import partial

import dask.array as da
import numpy as np
import scipy.linalg

from cs229.fast import _glm_core as core
from cs229.fast import linear_regression as _fast
from cs229.fast._validation import as_vector
from cs229.reference.linalg import SingularMatrixError
from cs229.reference.linear_regression import ridge_rows, singular_weighted
from cs229.reference.messages import error
from cs229.reference.parameters import choice, penalty, positive

from ._chunks import Chunked, Gathered, Passes, _dask_array, gram, map_queries, weight_chunk

__all__ = ["normal_equations", "batch_gradient_descent", "lwr_predict"]


def normal_equations(X, y, solver="cholesky", lam=0, penalize_intercept=False, sample_weight=None):
    """LR-12, X-1, X-7: cs229.fast.linear_regression.normal_equations on a dask array X (m×n)
    and targets y (m), chunked by rows: XᵀX and Xᵀy summed over blocks of
    cs229.fast._summation.ROWS_PER_BLOCK rows on the chunks' workers, the partials added in
    block order on the client, then the fast face's Cholesky solve. Columns are gathered into
    one chunk and rows into chunks of whole blocks, so that no block's sum is split between
    chunks (that would round it differently): θ is then the fast face's bit for bit.

    ``solver="qr"``: dask's tall-skinny QR (``dask.array.linalg.tsqr``: each chunk's R, then the
    QR of the stacked Rs) of [X | y], whose last column holds Qᵀy, never forms XᵀX; with λ > 0
    the rows √λ·eⱼ are stacked under the n×n R on the client and one more small QR taken. The
    fast face's test of a dependent column on R's diagonal, the same words; θ equals the fast
    face's Householder QR to rounding (another order of reflections), not bit for bit.

    X-2: ``sample_weight`` (a dask array chunked as the rows, or an array in memory) sums
    XᵀWX and XᵀWy on each chunk's rows scaled by √wᵢ, as the fast face does."""
    chunked = Chunked(X, y, sample_weight=sample_weight)
    weighted = chunked.check(partial(as_vector, name="y"),
                             {"sample_weight": weight_chunk} if sample_weight is not None else None)
    solver = choice(solver, "solver", ("cholesky", "qr"))
    lam, first = penalty(lam, penalize_intercept, float64=True)
    if sample_weight is not None and not any(found for found, in weighted):
        raise error("zero_weights", name="sample_weight")
    if solver == "qr":
        return _tall_skinny_qr(chunked, lam, first, chunked.extras.get("sample_weight"))
    shape, data = (chunked.m, chunked.n), (Gathered(chunked.X), Gathered(chunked.y))
    if sample_weight is None:
        return _fast.normal_solve(gram(chunked), shape, lam, first, *data)
    weight = chunked.extras["sample_weight"]
    return _fast.weighted_normal_solve(gram(chunked, weight), shape, lam, first, *data, Gathered(weight))


def batch_gradient_descent(X, y, theta, alpha, max_iterations=10_000, tol=1e-10, average=False,
                           record=False, lam=0, penalize_intercept=False):
    """LR-5, X-1, X-7: cs229.fast.linear_regression.batch_gradient_descent on a dask array X
    (m×n) and targets y (m), chunked by rows: each iteration's ∇J = Σᵢ (θᵀx⁽ⁱ⁾ − y⁽ⁱ⁾) x⁽ⁱ⁾ summed
    over the blocks of each chunk on its worker, the partials added in block order on the client,
    then the fast face's step and stopping test. Rows are gathered into chunks of whole blocks,
    so θ and every iterate are the fast face's bit for bit. One dask computation per iteration:
    on a cluster each costs a round trip to the workers, so that Newton's method
    (``normal_equations`` here, one pass) is the one to use at scale; this is the notes'
    algorithm on the same data. The same errors and result (IterativeResult) as the fast face."""
    chunked = Chunked(X, y)
    chunked.check(partial(as_vector, name="y"))
    theta = as_vector(theta, "theta", chunked.n, "X", of="columns")
    passes = Passes(chunked, core.LEAST_SQUARES, 0.0, False)
    return _fast.batch_gradient_descent_fit(passes, theta, alpha, max_iterations, tol, average,
                                            record, lam, penalize_intercept)


def lwr_predict(X, y, queries, tau):
    """LR-14, X-7: cs229.fast.linear_regression.lwr_predict over the row chunks of ``queries``
    (a dask array, or in memory), lazily: a dask array of θ(x)ᵀx, one per query. The training set
    X, y (gathered to the client if given as dask arrays) goes to every worker whole, once; the
    queries' chunks are made of whole blocks of the fast face's ``QUERY_BLOCK`` queries, so every
    prediction is the fast face's bit for bit on workers that run the same BLAS with as many
    threads (BLAS splits the product of a block's weights with the training set by its threads;
    to rounding otherwise). X, y and τ are checked here; a query where XᵀWX is
    singular raises the fast face's error when it is computed, naming the query's row in the
    whole of ``queries``."""
    X, y = (np.asarray(a.compute()) if isinstance(a, da.Array) else a for a in (X, y))
    X, y = _fast._design(X, y)
    tau = positive(tau, "tau", float64=True)
    Q = _dask_array(queries, "queries", 2)
    if Q.shape[1] != X.shape[1]:
        raise error("queries_columns", m=Q.shape[1], n=X.shape[1])
    return map_queries(_lwr_chunk, Q, "queries", _fast.QUERY_BLOCK, X, y, tau)


def _lwr_chunk(queries, X, y, tau):
    return _fast.lwr_predict(X, y, queries, tau)


def _tall_skinny_qr(chunked, lam, first, weight):
    """LR-12, X-1, X-2 with ``solver="qr"``: θ from dask's tall-skinny R of [X | y] (rows scaled
    by √wᵢ with weights), the ridge rows stacked under it, and the fast face's triangular solve."""
    m, n = chunked.m, chunked.n
    X, y = chunked.X, chunked.y
    if weight is not None:
        root = da.sqrt(weight)
        X, y = X * root[:, None], y * root
    if m < n:  # fewer rows than columns: the fast face's verdict on the (small) data itself
        X, y = X.compute(), y.compute()
        return _fast.normal_equations(X, y, "qr", lam=lam, penalize_intercept=not first)
    augmented = da.concatenate([X, y[:, None]], axis=1).rechunk((chunked.rows, -1))
    _, R = da.linalg.tsqr(augmented)
    R, squares = da.compute(R, (X * X).sum(axis=0))
    R, c, rows = R[:n, :n], R[:n, n], m
    if lam:
        ridge = np.array(ridge_rows(n, lam, first), dtype=np.float64).reshape(-1, n)
        Q2, R = scipy.linalg.qr(np.vstack([R, ridge]), mode="economic", check_finite=False)
        c = Q2.T @ np.concatenate([c, np.zeros(ridge.shape[0])])
        squares, rows = squares + (ridge * ridge).sum(axis=0), m + ridge.shape[0]
    try:
        return _fast.qr_theta(R, c, np.sqrt(squares), rows)
    except SingularMatrixError as e:
        if weight is None:
            raise
        raise singular_weighted(e) from None
