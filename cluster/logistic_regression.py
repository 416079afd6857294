"""Logistic regression by Newton's method (NW-2) on dask arrays chunked by rows, in the summation
form (X-7): each pass maps cs229.fast's compiled per-chunk sums over the chunks, and the step is
cs229.fast's own (``newton_fit``), so θ and every iterate are the fast face's bit for bit. Batch
gradient ascent (LG-5) maps each iteration's gradient the same way."""
from functools import partial

from cs229.fast import _glm_core as core
from cs229.fast import logistic_regression as _fast
from cs229.fast._validation import as_binary_labels, as_vector

from ._chunks import Chunked, Passes

__all__ = ["newton", "batch_gradient_ascent"]


def newton(X, y, theta=None, max_iterations=100, tol=1e-10, record=False, start="zero",
           damping=True, lam=0, penalize_intercept=False):
    """NW-2, X-7: cs229.fast.logistic_regression.newton on a dask array X (m×n) and labels y
    (m), chunked by rows. Columns are gathered into one chunk and rows into chunks of whole
    blocks of cs229.fast._summation.ROWS_PER_BLOCK rows, so that no block's sum is split between
    chunks (that would round it differently): then every pass's sums, and so θ and every
    iterate, are the fast face's bit for bit. Each pass is one dask computation (the active
    distributed.Client's, else dask's default scheduler). The same errors (a NaN names its
    chunk's rows) and result (IterativeResult) as the fast face."""
    chunked = Chunked(X, y)
    chunked.check(partial(as_binary_labels, name="y", module=_fast.__name__))
    passes = Passes(chunked, core.BERNOULLI, 0.0, True)
    return _fast.newton_fit(passes, theta, max_iterations, tol, record, start, damping, lam,
                            penalize_intercept)


def batch_gradient_ascent(X, y, theta, alpha, max_iterations=10_000, tol=1e-10, average=False,
                          record=False, lam=0, penalize_intercept=False):
    """LG-5, X-1, X-7: cs229.fast.logistic_regression.batch_gradient_ascent on a dask array X
    (m×n) and labels y (m), chunked by rows: each iteration's Σᵢ (y⁽ⁱ⁾ − h(x⁽ⁱ⁾)) x⁽ⁱ⁾ summed
    over whole blocks on the workers and added in block order on the client, then the fast
    face's step, stopping and separation tests (LG-3, one more pass over the chunks when
    tested): θ and every iterate are the fast face's bit for bit. One dask computation per
    iteration (``newton`` takes a handful of passes for the same fit)."""
    chunked = Chunked(X, y)
    chunked.check(partial(as_binary_labels, name="y", module=_fast.__name__))
    theta = as_vector(theta, "theta", chunked.n, "X", of="columns")
    passes = Passes(chunked, core.BERNOULLI, 0.0, False)
    return _fast.batch_gradient_ascent_fit(passes, theta, alpha, max_iterations, tol, average,
                                           record, lam, penalize_intercept)
