"""Generalised linear models by Newton / IRLS (GLM-4) on dask arrays chunked by rows, in the
summation form (X-7): each pass maps cs229.fast's compiled per-chunk sums over the chunks, and
the step is cs229.fast's own (``newton_fit``), so θ and every iterate are the fast face's bit for
bit."""
from functools import partial

from cs229.fast import glm as _fast
from cs229.fast._validation import as_vector
from cs229.reference import exponential_family as ef

from ._chunks import Chunked, Passes

__all__ = ["newton", "poisson_regression"]


def newton(family, X, y, theta=None, max_iterations=100, tol=1e-10, record=False, start="data",
           damping=True, lam=0, penalize_intercept=False):
    """GLM-4, X-7: cs229.fast.glm.newton on a dask array X (m×n) and targets y (m), chunked by
    rows. Columns are gathered into one chunk and rows into chunks of whole blocks of
    cs229.fast._summation.ROWS_PER_BLOCK rows, so that no block's sum is split between chunks
    (that would round it differently): then every pass's sums, and so θ and every iterate, are
    the fast face's bit for bit. Each pass is one dask computation (the active
    distributed.Client's, else dask's default scheduler). The same errors (a NaN names its
    chunk's rows) and result (IterativeResult) as the fast face."""
    _, code, shape = _fast._family(family)
    chunked = Chunked(X, y)
    chunked.check(partial(_fast._targets, code))
    if theta is not None:
        theta = as_vector(theta, "theta", chunked.n, "X", of="columns")
    passes = Passes(chunked, code, shape, False)
    return _fast.newton_fit(family, passes, theta, max_iterations, tol, record, start, damping,
                            lam, penalize_intercept)


def poisson_regression(X, y, theta=None, max_iterations=100, tol=1e-10, record=False,
                       start="data", damping=True, lam=0, penalize_intercept=False):
    """GLM-4, X-7: Poisson regression (log link) by Newton / IRLS on chunked X and y, the fast
    face's cs229.fast.glm.poisson_regression bit for bit."""
    return newton(ef.POISSON, X, y, theta, max_iterations, tol, record, start, damping, lam,
                  penalize_intercept)
