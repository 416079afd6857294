"""X-7 on dask: X and y chunked by rows in whole blocks, the per-chunk map of the fast face's
compiled partial sums, and their gathering in block order.

Why whole blocks: the fast face sums every pass over fixed blocks of ``BLOCK`` rows
(cs229.fast._summation) and adds the blocks' partials left to right. A chunk that began inside a
block would split that block's sum in two, rounded differently; chunks of whole blocks (the last
chunk may end on a short block, as the last block of the whole array does) keep every block
intact, so the gathered partials are the fast face's, and so are their sums.
"""
import re

import dask
import dask.array as da
import numpy as np

from cs229.fast import _glm_core as core
from cs229.fast._summation import ROWS_PER_BLOCK as BLOCK
from cs229.fast._summation import add_blocks, gram_chunk, sum_chunk
from cs229.fast._validation import as_matrix, as_sample_weights, as_vector, check_length
from cs229.fast.linear_regression import weighted_root_rows
from cs229.reference.messages import error

# chunks of arrays given in memory: 64 blocks, 2 MB per column of X
DEFAULT_BLOCKS_PER_CHUNK = 64


def _dask_array(a, name, ndim):
    """``a`` as a dask array of ``ndim`` dimensions (an array in memory is wrapped, chunked by
    rows)."""
    if isinstance(a, da.Array):
        out = a
    else:
        if a is None:
            raise TypeError(f"{name}: expected a dask array, got None")
        if hasattr(a, "to_dask_array"):  # a dask DataFrame or Series
            out = a.to_dask_array(lengths=True)
        else:
            data = np.asarray(a)
            out = da.from_array(data, chunks=(DEFAULT_BLOCKS_PER_CHUNK * BLOCK,) + data.shape[1:])
    if out.ndim != ndim:
        raise ValueError(f"{name}: expected a {ndim}-dimensional array, got {out.ndim} dimensions")
    if any(np.isnan(c) for c in out.chunks[0]):
        raise ValueError(f"{name}: the sizes of its row chunks are unknown; call "
                         f"{name}.compute_chunk_sizes() first")
    if out.shape[0] == 0 or (ndim == 2 and out.shape[1] == 0):
        raise ValueError(f"{name}: expected a non-empty array, got shape {out.shape}")
    return out


def whole_blocks(row_chunks, block=BLOCK):
    """Row chunks made of whole blocks of ``block`` rows: ``row_chunks`` when every chunk but
    the last already is, else chunks of the typical size rounded to a multiple of ``block`` (at
    least one block)."""
    if all(c % block == 0 for c in row_chunks[:-1]):
        return tuple(row_chunks)
    size = max(block, int(round(max(row_chunks) / block)) * block)
    m = sum(row_chunks)
    return (size,) * (m // size) + ((m % size,) if m % size else ())


class Chunked:
    """X (m×n) and y (m) as dask arrays with the same row chunks, each of whole blocks, and X's
    columns in one chunk; ``starts`` are the chunks' first rows. ``rows`` (name: a vector of m
    entries or None, e.g. offset and sample_weight) are chunked as y; those given are in
    ``extras``."""

    def __init__(self, X, y, **rows):
        X = _dask_array(X, "X", 2)
        y = _dask_array(y, "y", 1)
        if X.shape[0] != y.shape[0]:
            raise error("rows_and_entries", x_name="X", m=X.shape[0], y_name="y", n=y.shape[0])
        extras = {name: _dask_array(a, name, 1) for name, a in rows.items() if a is not None}
        for name, a in extras.items():
            check_length(a, name, X.shape[0], "X", of="rows")
        chunks = whole_blocks(X.chunks[0])
        self.X = X.rechunk((chunks, -1))
        self.y = y.rechunk((chunks,))
        self.extras = {name: a.rechunk((chunks,)) for name, a in extras.items()}
        self.m, self.n = X.shape
        self.starts = np.concatenate([[0], np.cumsum(chunks)[:-1]]).astype(int).tolist()
        self.rows = chunks

    def map(self, f, *args, rows=()):
        """[f(X chunk, y chunk, *(the chunks of ``rows``, dask arrays chunked as y, or None),
        *args) for each chunk], computed by dask (the active distributed.Client, else the
        default scheduler), in chunk order."""
        columns = [self.X.to_delayed().ravel(), self.y.to_delayed().ravel()]
        for a in rows:
            columns.append([None] * len(self.rows) if a is None else a.to_delayed().ravel())
        tasks = [dask.delayed(f, pure=True)(*chunk, *args) for chunk in zip(*columns)]
        return list(dask.compute(*tasks))

    def check(self, targets, extras=None, matrix=as_matrix):
        """The fast face's validation of X (``matrix``), of y (``targets``) and of each of
        ``extras`` (name: a function of the chunk and X's chunk) on every chunk; the first chunk
        that fails raises its error, the index of the entry counted from the first row of X and
        the chunk's rows named. Returns each chunk's [extras' results]."""
        extras = extras or {}
        names = list(extras)
        found = self.map(_check_map, matrix, targets, [extras[name] for name in names],
                         rows=[self.extras.get(name) for name in names])
        for c, (failed, results, shapes) in enumerate(found):
            a, b = self.starts[c], self.starts[c] + self.rows[c] - 1
            declared = [(self.rows[c], self.n), (self.rows[c],)] + [(self.rows[c],)] * len(names)
            for name, shape, want in zip(["X", "y"] + names, shapes, declared):
                if shape is not None and tuple(shape) != want:
                    raise error("chunk_shape", name=name, first=a, last=b, shape=tuple(shape), declared=want)
            if failed is not None:
                kind, message = failed
                message = re.sub(r"^(" + "|".join(["X", "y"] + names) + r")\[(\d+)\]",
                                 lambda g: f"{g[1]}[{int(g[2]) + a}]", message)
                raise kind(f"{message} (in the chunk of rows {a}–{b})")
        return [results for _, results, _ in found]


class Gathered:
    """A dask array as the 50-digit referee of a borderline verdict reads it
    (cs229.reference.linalg.as_mpf calls ``tolist``): gathered whole to the client then, and only
    then (the verdicts within rounding of their thresholds, rare)."""

    def __init__(self, array):
        self.array = array

    def tolist(self):
        return np.asarray(self.array.compute()).tolist()


class Passes:
    """X-7: the sums of a Newton / IRLS fit or of a gradient method over chunked X and y, the
    interface of cs229.fast._glm_core.Passes: each pass maps the fast face's compiled per-chunk
    partials over the chunks and adds the gathered partials in block order (``add_blocks``)."""

    def __init__(self, chunked, code, k, logistic_form, offset=None, weight=None):
        self.chunked = chunked
        self.code, self.k, self.logistic_form = code, k, logistic_form
        self.m, self.n = chunked.m, chunked.n
        self.offset, self.weight = offset, weight
        self.data = (Gathered(chunked.X), Gathered(chunked.y))
        self.extensions = tuple(None if a is None else Gathered(a) for a in (offset, weight))

    def newton(self, theta, want_ell):
        # ℓ is asked at each new θ, whose separation test (LG-3) follows: that pass answers it
        # too, so that the chunks are read once per θ (from disk, for data larger than memory)
        test = want_ell and (self.logistic_form or self.code == core.BERNOULLI)
        results = self.chunked.map(_newton_map, theta, self.code, self.k, self.logistic_form,
                                   want_ell, test, rows=(self.offset, self.weight))
        total = np.zeros(core.newton_size(self.n))
        ell_outside, status = False, 0
        for parts, outside, failed, _, _ in results:
            add_blocks(parts, total)
            ell_outside = ell_outside or outside
            status = status or failed
        self._separated = (np.array(theta, dtype=np.float64), all(r[4] for r in results)) if test else None
        return total, ell_outside, status

    def gradient(self, theta, g):
        """X-7 for gradient methods: the blocks' partials of the gradient (``gradient_chunk``)
        over the chunks, added into g in block order; the first failing chunk's status (0 when
        none fails), as the fast face's pass stops at its first failing block."""
        g[:] = 0.0
        for parts, status in self.chunked.map(_gradient_map, theta, self.code, self.k,
                                              rows=(self.offset, self.weight)):
            if status:
                return status
            add_blocks(parts, g)
        return 0

    def y_total(self):
        """[Σy], or [Σwy, Σw] with weights (``sum_chunk``)."""
        total = np.zeros(1 if self.weight is None else 2)
        for parts in self.chunked.map(_sum_map, rows=(self.weight,)):
            add_blocks(parts, total)
        return total

    def weight_total(self):
        """Σw, summed as ``y_total`` sums it."""
        return self.y_total()[1]

    def start(self, y_bar):
        total = np.zeros(core.start_size(self.n))
        for parts in self.chunked.map(_start_map, y_bar, self.code, self.k,
                                      rows=(self.offset, self.weight)):
            add_blocks(parts, total)
        return total

    def separated(self, theta):
        known = getattr(self, "_separated", None)
        if known is not None and np.array_equal(known[0], theta):
            return known[1]
        return all(self.chunked.map(_separated_map, theta))

    def first_target(self):
        return self.chunked.y[0].compute()


def gram(chunked, weight=None):
    """LR-12, X-7: (XᵀX's upper triangle, Xᵀy) summed block by block over the chunks, as
    cs229.fast.linear_regression sums them over the whole X; with sample ``weight``s (X-2, a dask
    array chunked as y), (XᵀWX, XᵀWy) on the rows scaled by √wᵢ, as the fast face scales them."""
    n = chunked.n
    total = np.zeros(n * n + n)
    for parts in chunked.map(_gram_map, rows=(weight,)):
        add_blocks(parts, total)
    return total


def weight_chunk(weight, X):
    """X-2: the fast face's check of a chunk of sample weights (each >= 0), for ``Chunked.check``;
    whether one is not 0 (the fast face's "not all 0" is over every chunk)."""
    if weight is None:
        return False
    if not as_vector(weight, "sample_weight", X.shape[0], "X", of="rows").any():
        return False
    as_sample_weights(weight, X)
    return True


def map_queries(f, queries, name, block, *whole, dtype=np.float64):
    """X-7 for predictions: ``f(chunk, *whole)`` over the row chunks of ``queries`` (a dask
    array, or in memory), lazily: a dask array of one value per query row. The chunks are made of
    whole blocks of ``block`` rows, the fast face's own blocks of queries, so that every value is
    the fast face's bit for bit (its BLAS products are rounded by the block's shape). ``whole``
    (the training set, a model) goes to every chunk whole, one copy per worker. An error at a
    query names its row in the whole of ``queries``."""
    Q = _dask_array(queries, name, 2)
    Q = Q.rechunk((whole_blocks(Q.chunks[0], block), -1))
    shared = [dask.delayed(a, pure=True) for a in whole]
    return Q.map_blocks(_query_chunk, f, name, *shared, drop_axis=1, dtype=dtype)


def _query_chunk(Q, f, name, *whole, block_info=None):
    try:
        return f(Q, *whole)
    except (ValueError, ArithmeticError) as e:
        first = block_info[0]["array-location"][0][0] if block_info else 0
        e.args = (re.sub(rf"(at query |{name}\[)(\d+)", lambda g: f"{g[1]}{int(g[2]) + first}", str(e)),)
        raise


# ---- the map steps: module functions, so that workers import them rather than unpickle code ----

def _float64(a):
    return None if a is None else np.ascontiguousarray(a, dtype=np.float64)


def _check_map(X, y, *rest):
    *extras, matrix, targets, checks = rest
    shapes = [np.shape(a) if a is not None else None for a in (X, y, *extras)]
    try:
        X = matrix(X, "X")
        targets(y)
        return None, [check(a, X) for check, a in zip(checks, extras)], shapes
    except (ValueError, TypeError) as e:
        return (type(e), str(e)), None, shapes


def _newton_map(X, y, offset, weight, theta, code, k, logistic_form, want_ell, test):
    X, y = _float64(X), _float64(y)
    out = core.newton_chunk(X, y, theta, code, k, logistic_form, want_ell, None, _float64(offset),
                            _float64(weight))
    return out + (core.separated(X, y, theta) if test else None,)


def _gradient_map(X, y, offset, weight, theta, code, k):
    return core.gradient_chunk(_float64(X), _float64(y), theta, code, k, None, _float64(offset),
                               _float64(weight))


def _sum_map(X, y, weight):
    return sum_chunk(_float64(y), None, _float64(weight))


def _start_map(X, y, offset, weight, y_bar, code, k):
    return core.start_chunk(_float64(X), _float64(y), y_bar, code, k, None, _float64(offset),
                            _float64(weight))


def _separated_map(X, y, theta):
    return core.separated(_float64(X), _float64(y), theta)


def _gram_map(X, y, weight):
    X, y = _float64(X), _float64(y)
    if weight is not None:
        X, y = weighted_root_rows(X, y, _float64(weight))
    return gram_chunk(X, y)
