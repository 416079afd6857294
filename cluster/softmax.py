"""Softmax regression by Newton's method and by gradient ascent (SM-4) on dask arrays chunked by
rows, in the summation form (X-7): each pass maps cs229.fast.softmax's compiled per-chunk sums
(``newton_chunk``, ``gradient_chunk``) over the chunks, and the step is cs229.fast's own
(``newton_fit``, ``gradient_ascent_fit``), so Θ and every iterate are the fast face's bit for
bit. X-1's penalties and priors and X-2's sample weights as the fast face's."""
from functools import partial

import numpy as np

from cs229.fast import softmax as _fast
from cs229.fast._summation import add_blocks, sum_chunk
from cs229.fast._validation import as_class_labels
from cs229.reference.messages import error
from cs229.reference.newton import classes_carry_weight, number_of_classes

from ._chunks import Chunked, Gathered, _float64, gram, weight_chunk

__all__ = ["newton", "gradient_ascent", "log_likelihood"]


def newton(X, y, Theta=None, max_iterations=100, tol=1e-10, record=False, damping=True, lam=0,
           penalize_intercept=False, sample_weight=None, prior="notes"):
    """SM-4, X-7: cs229.fast.softmax.newton on a dask array X (m×n) and labels y (m) in 1..k,
    chunked by rows; X-2: ``sample_weight``s, a vector of m entries (a dask array, or in memory)
    or None. Columns are gathered into one chunk and rows into chunks of whole blocks of
    cs229.fast._summation.ROWS_PER_BLOCK rows, so that no block's sum is split between chunks:
    then every pass's sums (ℓ, ∇ℓ, −H, the separation test), and so Θ and every iterate, are the
    fast face's bit for bit. Each pass is one dask computation (the active distributed.Client's,
    else dask's default scheduler). The same errors (a NaN names its chunk's rows) and result
    (IterativeResult, theta (k−1)×n) as the fast face."""
    chunked = Chunked(X, y, sample_weight=sample_weight)
    if Theta is not None:
        Theta = _fast._parameters(Theta, chunked.n)
    k = float("inf") if Theta is None else Theta.shape[0] + 1
    found = chunked.check(partial(as_class_labels, k=k, name="y", module=_fast.__name__),
                          {"sample_weight": weight_chunk})
    weight = chunked.extras.get("sample_weight")
    if weight is not None and not any(results[0] for results in found):
        raise error("zero_weights", name="sample_weight")
    if Theta is None:
        Theta = np.zeros((_number_of_classes(chunked, weight) - 1, chunked.n))
    return _fast.newton_fit(Passes(chunked, Theta.shape[0], weight), Theta, max_iterations, tol,
                            record, damping, lam, penalize_intercept, prior)


def gradient_ascent(X, y, Theta, alpha, max_iterations=10_000, tol=1e-10, average=False,
                    record=False, lam=0, penalize_intercept=False, sample_weight=None, prior="notes"):
    """SM-4, X-7: cs229.fast.softmax.gradient_ascent on a dask array X (m×n) and labels y (m) in
    1..K+1, chunked by rows; X-2: ``sample_weight``s chunked as the rows. Each iteration's ∇ℓ is
    summed over whole blocks on the workers (``gradient_chunk``) and added in block order on the
    client, then the fast face's step, stopping and separation tests: Θ and every iterate are the
    fast face's bit for bit. One dask computation per iteration (``newton`` takes a handful of
    passes for the same fit)."""
    chunked = Chunked(X, y, sample_weight=sample_weight)
    Theta = _fast._parameters(Theta, chunked.n)
    found = chunked.check(partial(as_class_labels, k=Theta.shape[0] + 1, name="y", module=_fast.__name__),
                          {"sample_weight": weight_chunk})
    weight = chunked.extras.get("sample_weight")
    if weight is not None and not any(results[0] for results in found):
        raise error("zero_weights", name="sample_weight")
    return _fast.gradient_ascent_fit(Passes(chunked, Theta.shape[0], weight), Theta, alpha,
                                     max_iterations, tol, average, record, lam, penalize_intercept,
                                     prior)


def log_likelihood(X, y, Theta, sample_weight=None):
    """SM-4, X-7: ℓ(Θ) = Σᵢ η_{y⁽ⁱ⁾} − log Σⱼ e^ηⱼ (X-2: Σᵢ wᵢ(…)) on chunked X and y: the fast
    face's ``log_likelihood`` of each chunk, added in chunk order (the fast face's ℓ to
    rounding)."""
    chunked = Chunked(X, y, sample_weight=sample_weight)
    Theta = _fast._parameters(Theta, chunked.n)
    weight = chunked.extras.get("sample_weight")
    return float(np.sum(chunked.map(_log_likelihood_map, Theta, rows=(weight,))))


def _number_of_classes(chunked, weight):
    """k of the zero start, the fast face's: the largest label, each of 1..k present and (X-2)
    carrying weight, from the labels each chunk holds."""
    present, carried = set(), set()
    for here, carrying in chunked.map(_labels_map, rows=(weight,)):
        present.update(here)
        carried.update(carrying)
    k = number_of_classes(present)
    if weight is not None:
        carried = sorted(carried)
        classes_carry_weight(carried, [1.0] * len(carried), k)
    return k


class Passes:
    """X-7: the sums of softmax Newton over chunked X, labels y and sample ``weight``s (or None),
    the interface of cs229.fast.softmax.Passes: each pass maps the fast face's compiled
    per-chunk partials over the chunks and adds the gathered partials in block order."""

    def __init__(self, chunked, K, weight=None):
        self.chunked, self.K, self.weight = chunked, K, weight
        self.m, self.n = chunked.m, chunked.n
        self.data = (Gathered(chunked.X), Gathered(chunked.y), K,
                     None if weight is None else Gathered(weight))

    def newton(self, Theta):
        total = np.zeros(_fast.newton_size(self.K, self.n))
        for parts in self.chunked.map(_newton_map, Theta, rows=(self.weight,)):
            add_blocks(parts, total)
        return total

    def classes_apart(self, Theta):
        return np.logical_and.reduce(self.chunked.map(_apart_map, Theta, rows=(self.weight,)))

    def gradient(self, Theta):
        total = np.zeros(Theta.size)
        for parts in self.chunked.map(_gradient_map, Theta, rows=(self.weight,)):
            add_blocks(parts, total)
        return total.reshape(Theta.shape)

    def weight_total(self):
        total = np.zeros(1)
        for parts in self.chunked.map(_weight_sum_map, rows=(self.weight,)):
            add_blocks(parts, total)
        return total[0]

    def separated(self, Theta):
        return all(self.chunked.map(_separated_map, Theta, rows=(self.weight,)))

    def columns(self):
        if self.weight is None:
            return gram(self.chunked), self.m, Gathered(self.chunked.X)
        carrying = self.weight > 0
        return (gram(self.chunked, carrying.astype(np.float64)), int(carrying.sum().compute()),
                Gathered(self.chunked.X[carrying]))


# ---- the map steps: module functions, so that workers import them rather than unpickle code ----

def _labels(y):
    return np.ascontiguousarray(y, dtype=np.intp)


def _newton_map(X, y, weight, Theta):
    return _fast.newton_chunk(_float64(X), _labels(y), Theta, None, _float64(weight))


def _gradient_map(X, y, weight, Theta):
    return _fast.gradient_chunk(_float64(X), _labels(y), Theta, None, _float64(weight))


def _weight_sum_map(X, y, weight):
    return sum_chunk(_float64(weight))


def _separated_map(X, y, weight, Theta):
    X, y = _fast._carrying(_float64(X), _labels(y), None if weight is None else np.asarray(weight))
    return _fast._separated(X, y, Theta) if X.shape[0] else True


def _apart_map(X, y, weight, Theta):
    return _fast.classes_apart(_float64(X), _labels(y), Theta, _float64(weight))


def _labels_map(X, y, weight):
    """The chunk's labels, and those of its examples of weight > 0 (X-2; none without weights)."""
    y = _labels(y)
    carrying = [] if weight is None else np.unique(y[np.asarray(weight) > 0]).tolist()
    return np.unique(y).tolist(), carrying


def _log_likelihood_map(X, y, weight, Theta):
    return _fast.log_likelihood(X, y, Theta, weight)
