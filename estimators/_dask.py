"""X-7 in the estimators: a fit on a dask array or DataFrame goes to cs229.distributed.

``_base.engine(X, ...)`` picks the engine of a call: ``_base.MEMORY`` (scikit-learn's
``validate_data`` and cs229.fast, through ``_fast``) for arrays in memory, ``DASK`` here for dask
collections, as dask-ml's estimators take them. The engine has the names the estimators call
(``fit_data``, ``design``, ``normal_equations``, ``glm_newton``, …), so that each estimator
writes its fit once. Here the data stay chunked by rows: the fits are cs229.distributed's (the
fast face's θ bit for bit), the predictions dask arrays computed when the caller asks, and the
fitted attributes are those of a fit in memory.
"""
import sys

import numpy as np
import scipy.sparse as sp

from cs229.reference import messages, parameters


def is_dask(*arrays):
    """Whether one of ``arrays`` is a dask collection (dask is not imported unless the caller
    has: no dask array can exist before)."""
    if "dask" not in sys.modules:
        return False
    import dask
    return any(a is not None and dask.is_dask_collection(a) for a in arrays)


def _distributed():
    # the [dask] extra's clear ImportError where it is missing
    import cs229.distributed.glm
    import cs229.distributed.linear_regression
    import cs229.distributed.logistic_regression
    return cs229.distributed


def _softmax():
    import cs229.distributed.softmax
    return cs229.distributed.softmax


def _generative():
    import cs229.distributed.generative
    return cs229.distributed.generative


def _naive_bayes():
    import cs229.distributed.naive_bayes
    return cs229.distributed.naive_bayes


def _rows(a, name, ndim):
    from cs229.distributed._chunks import _dask_array
    return _dask_array(a, name, ndim)


def _names(X):
    """The feature names of a dask DataFrame (all strings, scikit-learn's rule), else None."""
    columns = getattr(X, "columns", None)
    if columns is None or not all(isinstance(c, str) for c in columns):
        return None
    return np.asarray(list(columns), dtype=object)


class Dask:
    """The engine of a fit on dask collections (see the module's docstring)."""

    def fit_data(self, estimator, X, y, y_numeric=False, **options):
        """(X, y) as dask arrays chunked by rows (X as float64, or as its own dtype when that is
        one of a tuple ``dtype``, as scikit-learn's ``validate_data`` keeps it); records ``n_features_in_`` and,
        for a DataFrame, ``feature_names_in_``, as scikit-learn's ``validate_data``. The values
        are read chunk by chunk by the fit, which names a NaN by its row."""
        _distributed()
        names = _names(X)
        X, y = _rows(X, "X", 2), _rows(y, "y", 1)
        if sp.issparse(X._meta) and not options.get("accept_sparse"):
            # scikit-learn's refusal of sparse input, in its words, as the fit in memory gives it
            from sklearn.utils import check_array
            check_array(sp.csr_matrix((1, 1)), accept_sparse=False, input_name="X")
        if X.shape[0] < 2:
            raise ValueError(f"Found array with {X.shape[0]} sample(s) (shape={X.shape}) while a minimum of 2 "
                             "is required.")
        estimator.n_features_in_ = X.shape[1]
        if names is None:
            estimator.__dict__.pop("feature_names_in_", None)
        else:
            estimator.feature_names_in_ = names
        # checked lazily, in the fit's first pass: the entry named by the user's row and column
        # (the fit reads the design, whose column 0 is the intercept)
        dtypes = options.get("dtype")
        dtype = X.dtype if isinstance(dtypes, tuple) and X.dtype in dtypes else np.float64
        X = X.astype(dtype).map_blocks(_finite, dtype=dtype)
        return X, (y.astype(np.float64) if y_numeric else y)

    def predict_data(self, estimator, X, **options):
        """X for predict: a dask array of the columns fit saw (their number and names)."""
        names = _names(X)
        X = _rows(X, "X", 2)
        if X.shape[1] != estimator.n_features_in_:
            raise ValueError(f"X has {X.shape[1]} features, but {type(estimator).__name__} is expecting "
                             f"{estimator.n_features_in_} features as input.")
        fitted = getattr(estimator, "feature_names_in_", None)
        if fitted is not None and names is not None and list(names) != list(fitted):
            raise ValueError("The feature names should match those that were passed during fit.")
        return X.astype(np.float64)

    def sample_weights(self, sample_weight, X):
        """The weights as a dask array chunked as X's rows (read chunk by chunk by the fit)."""
        if sample_weight is None:
            return None
        if np.ndim(sample_weight) == 0 and not is_dask(sample_weight):
            import dask.array as da
            return da.full(X.shape[0], float(sample_weight), chunks=(X.chunks[0],))
        return _rows(sample_weight, "sample_weight", 1)

    def design(self, X, fit_intercept):
        """LR-1: x₀ = 1 prepended to every row, lazily, in X's row chunks."""
        import dask.array as da
        if not parameters.flag(fit_intercept, "fit_intercept"):
            return X
        ones = da.ones((X.shape[0], 1), chunks=(X.chunks[0], 1), dtype=np.float64)
        return da.concatenate([ones, X], axis=1)

    def labels(self, y, model):
        """The classes of y (sorted, found in one pass) with the notes' codings of y as dask
        arrays."""
        import dask.array as da
        classes = np.unique(np.asarray(da.unique(y).compute()))
        if len(classes) < 2:
            raise ValueError(f"y has only one class ({classes[0]!r}): {model} needs examples of at least 2 classes")
        return _Labels(classes, y)

    def classes_without_weight(self, labels, sample_weight):
        import dask
        totals = dask.compute(*[sample_weight[labels.index == j].sum() for j in range(len(labels.classes))])
        classes = labels.classes.tolist()
        return ([c for c, t in zip(classes, totals) if not t > 0], [c for c, t in zip(classes, totals) if t > 0])

    def normal_equations(self, X, y, sample_weight=None):
        return _distributed().linear_regression.normal_equations(X, y, sample_weight=sample_weight)

    def ridge(self, X, y, solver, lam, penalize_intercept, sample_weight=None):
        return _distributed().linear_regression.normal_equations(
            X, y, solver, lam=lam, penalize_intercept=penalize_intercept, sample_weight=sample_weight)

    def cost(self, X, y, theta):
        """LR-2: ½ Σᵢ (θᵀx⁽ⁱ⁾ − y⁽ⁱ⁾)², the chunks' sums added (for the report of a fit)."""
        r = X @ np.asarray(theta, dtype=np.float64) - y
        return float((r * r).sum().compute()) / 2

    def batch_gradient_descent(self, X, y, theta, alpha, max_iterations, tol, average, record):
        return _distributed().linear_regression.batch_gradient_descent(
            X, y, theta, alpha, max_iterations=max_iterations, tol=tol, average=average, record=record)

    def logistic_gradient_ascent(self, X, y, theta, alpha, max_iterations, tol, average, record, lam,
                                 penalize_intercept):
        return _distributed().logistic_regression.batch_gradient_ascent(
            X, y, theta, alpha, max_iterations=max_iterations, tol=tol, average=average, record=record,
            lam=lam, penalize_intercept=penalize_intercept)

    def glm_gradient_ascent(self, family, X, y, theta, alpha, max_iterations, tol, average, record, lam,
                            penalize_intercept, offset=None, sample_weight=None):
        return _distributed().glm.gradient_ascent(
            family, X, y, theta, alpha, max_iterations=max_iterations, tol=tol, average=average,
            record=record, lam=lam, penalize_intercept=penalize_intercept, offset=offset,
            sample_weight=sample_weight)

    # n_jobs: the cluster's workers take the chunks side by side, each map on one thread
    def logistic_newton(self, X, y, theta, max_iterations, tol, record, lam, penalize_intercept, n_jobs=1):
        return _distributed().logistic_regression.newton(X, y, theta, max_iterations=max_iterations, tol=tol,
                                                         record=record, lam=lam,
                                                         penalize_intercept=penalize_intercept)

    def softmax_newton(self, X, y, Theta, max_iterations, tol, record, lam, penalize_intercept, sample_weight=None,
                       prior="notes"):
        return _softmax().newton(X, y, Theta, max_iterations=max_iterations, tol=tol, record=record, lam=lam,
                                 penalize_intercept=penalize_intercept, sample_weight=sample_weight, prior=prior)

    def softmax_gradient_ascent(self, X, y, Theta, alpha, max_iterations, tol, average, record, lam,
                                penalize_intercept, sample_weight=None, prior="notes"):
        return _softmax().gradient_ascent(X, y, Theta, alpha, max_iterations=max_iterations, tol=tol,
                                          average=average, record=record, lam=lam,
                                          penalize_intercept=penalize_intercept,
                                          sample_weight=sample_weight, prior=prior)

    def softmax_log_likelihood(self, X, y, Theta, sample_weight=None):
        return _softmax().log_likelihood(X, y, Theta, sample_weight)

    def glm_newton(self, family, X, y, theta, max_iterations, tol, record, lam, penalize_intercept, offset=None,
                   sample_weight=None, n_jobs=1):
        return _distributed().glm.newton(family, X, y, theta, max_iterations=max_iterations, tol=tol,
                                         record=record, lam=lam, penalize_intercept=penalize_intercept,
                                         offset=offset, sample_weight=sample_weight)

    def gda_fit(self, X, y, sample_weight=None):
        return _generative().gda_fit(X, y, sample_weight)

    def gda_classes_fit(self, X, y, sample_weight=None):
        return _generative().gda_classes_fit(X, y, sample_weight)

    def binarized(self, X, threshold):
        """NB-2's xⱼ ∈ {0, 1}: 1 where X > ``threshold`` (None: X as it is, to be 0 or 1), lazily."""
        if threshold is None:
            return X
        threshold = parameters.real(threshold, "binarize", float64=True)
        if sp.issparse(X._meta):
            from sklearn.preprocessing import binarize
            # as in memory, scikit-learn's binarize refuses threshold < 0 (zeros would become
            # ones), in its words, now rather than in the fit's first pass
            binarize(sp.csr_matrix((1, 1)), threshold=threshold)
            return X.map_blocks(binarize, threshold=threshold, copy=True, dtype=X.dtype,
                                meta=X._meta).astype(np.float64)
        return (X > threshold).astype(np.float64)

    def bernoulli_fit(self, X, y, alpha, sample_weight=None):
        return _naive_bayes().bernoulli_fit(X, y, alpha, sample_weight)

    def bernoulli_classes_fit(self, X, y, alpha, sample_weight=None):
        return _naive_bayes().bernoulli_classes_fit(X, y, alpha, sample_weight)

    def multinomial_fit(self, X, y, vocabulary_size, alpha, sample_weight=None):
        """NB-6: the rows of X as bags of words, its columns the vocabulary (of vocabulary_size
        words, as the estimator's n_features_in_)."""
        return _naive_bayes().multinomial_fit(X, y, alpha, sample_weight)

    def multinomial_classes_fit(self, X, y, vocabulary_size, alpha, sample_weight=None):
        return _naive_bayes().multinomial_classes_fit(X, y, alpha, sample_weight)

    def glm_log_likelihood(self, family, X, y, theta, offset=None, sample_weight=None):
        return _distributed().glm.log_likelihood(family, X, y, theta, offset, sample_weight)

    def glm_standard_errors(self, family, X, y, theta, scale, offset=None, sample_weight=None):
        return _distributed().glm.standard_errors(family, X, y, theta, scale, offset, sample_weight)

    def glm_predict(self, family, X, theta, offset=None):
        return _distributed().glm.hypotheses(family, X, theta, offset)

    def glm_exposure_offset(self, offset, exposure, X):
        """X-5: log e, lazily (an exposure <= 0 is named by the fit's check of its chunk)."""
        import dask.array as da
        if offset is not None:
            raise messages.error("offset_and_exposure")
        return da.log(_rows(exposure, "exposure", 1))

    def vector(self, a, name):
        """A vector of one entry per row, as a dask array."""
        return _rows(a, name, 1)

    def variance(self, family, eta):
        """V at each η (the family's variance function), chunk by chunk."""
        return eta.map_blocks(_variance_map, family.name, dtype=np.float64)


def map_rows(method, estimator, X, **rows):
    """``method`` (the name of a prediction of ``estimator``, row by row) over the row chunks of a dask X: a
    dask array of its results, chunked as X's rows, computed when the caller asks. Each chunk is
    predicted in memory by the method itself (a DataFrame's chunk with its column names);
    ``rows`` (offset, exposure) are vectors of one entry per row, cut as X's rows. The first row
    is predicted here, to learn the shape of a result."""
    import dask.array as da
    columns = None if _names(X) is None else list(X.columns)
    X = _rows(X, "X", 2).rechunk({1: -1})
    names = list(rows)
    aligned = [None if rows[k] is None else _rows(rows[k], k, 1).rechunk((X.chunks[0],)) for k in names]
    head = X[:1].compute()   # a dense or a scipy.sparse chunk, as the chunks will be
    first = _predict_chunk(head if sp.issparse(head) else np.asarray(head),
                           *[None if a is None else np.asarray(a[:1].compute()) for a in aligned],
                           estimator=estimator, method=method, columns=columns, names=names)
    blocks = [a[:, None] for a in aligned if a is not None]  # columns: cut as X's rows by map_blocks
    present = [a is not None for a in aligned]
    if first.ndim == 1:
        return da.map_blocks(_predict_present, X, *blocks, present=present, estimator=estimator, method=method,
                             columns=columns, names=names, drop_axis=1, dtype=first.dtype)
    return da.map_blocks(_predict_present, X, *blocks, present=present, estimator=estimator, method=method,
                         columns=columns, names=names, chunks=(X.chunks[0], (first.shape[1],)),
                         dtype=first.dtype)


def _predict_present(X, *blocks, present, estimator, method, columns, names):
    given = (b[:, 0] for b in blocks)
    return _predict_chunk(X, *[next(given) if p else None for p in present], estimator=estimator,
                          method=method, columns=columns, names=names)


def _predict_chunk(X, *rows, estimator, method, columns, names):
    if columns is not None:
        import pandas as pd
        X = pd.DataFrame(X, columns=columns)
    # the method as written, under the decorator that sent the dask X here (workers import it)
    return np.asarray(getattr(type(estimator), method).__wrapped__(estimator, X, **dict(zip(names, rows))))


def _finite(X, block_info=None):
    """X's chunk, or the fast face's error of its first entry that is not finite, named by its
    row and column in the whole X and the chunk's rows. A scipy.sparse chunk is read through its
    stored entries (its zeros are finite), in row order as a dense chunk is."""
    if sp.issparse(X):
        csr = X.tocsr()
        bad = np.flatnonzero(~np.isfinite(csr.data))
        if bad.size:
            rows = np.repeat(np.arange(csr.shape[0]), np.diff(csr.indptr))
            order = np.lexsort((csr.indices[bad], rows[bad]))[0]   # the first in row order
            _not_finite(X, rows[bad[order]], csr.indices[bad[order]], csr.data[bad[order]], block_info)
        return X
    bad = ~np.isfinite(X)
    if bad.any():
        i, j = np.argwhere(bad)[0]
        _not_finite(X, i, j, X[i, j], block_info)
    return X


def _not_finite(X, i, j, value, block_info):
    first = block_info[0]["array-location"][0][0] if block_info else 0
    error = messages.error("not_finite", name="X", where=f"[{first + i}][{j}]", value=value)
    raise type(error)(f"{error} (in the chunk of rows {first}–{first + X.shape[0] - 1})")


class _Labels:
    """The classes and, lazily, each example's position in them (``index``, 0..k−1) and the
    notes' codings of y: ``zero_one`` (two classes, ``classes[1]`` is 1), ``one_to_k``."""

    def __init__(self, classes, y):
        self.classes = classes
        self.index = y.map_blocks(_positions, classes, dtype=np.intp) if len(classes) > 2 \
            else (y == classes[1]).astype(np.intp)

    def zero_one(self):
        return self.index.astype(np.float64)

    def one_to_k(self):
        return self.index + 1


def _positions(y, classes):
    """Each label's position in the sorted ``classes``."""
    return np.searchsorted(classes, y).astype(np.intp)


def _variance_map(eta, name):
    from cs229.reference.exponential_family import family
    variance = family(name).variance
    return np.array([float(variance(float(e))) for e in eta], dtype=np.float64)


DASK = Dask()
