"""Part IV of the notes as classifiers: Naive Bayes with the multivariate Bernoulli and the
multinomial event models and Laplace smoothing (000 Part IV §2; 002 §1.4.3-1.4.5), with any
number of classes (catalog X-4)."""
import numpy as np
import scipy.sparse as sp
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.preprocessing import binarize as threshold_features
from sklearn.utils.validation import check_is_fitted

from cs229.fast import naive_bayes as _classes
from cs229.reference import parameters
from cs229.reference.messages import error

from . import _base, _docs, _fast

__all__ = ["BernoulliNB", "MultinomialNB"]


def _entry(X, p, show=lambda v: v):
    """'X[i, j] is v' for the p-th stored entry of a CSR matrix, v as ``show`` writes it."""
    i = int(np.searchsorted(X.indptr, p, side="right")) - 1
    return f"X[{i}, {X.indices[p]}] is {show(X.data[p])}"


class _NaiveBayes(ClassifierMixin, BaseEstimator):
    """What the two event models share: two classes coded as the notes' y ∈ {0, 1} (k > 2 as
    y ∈ {1, ..., k}, X-4), prediction by argmax_y p(x | y) p(y) and the posterior in log space."""

    _dtypes = np.float64   # what X is read as (another dtype is converted to the first)

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.sparse = True
        return tags

    def fit(self, X, y, sample_weight=None):
        """Count the examples X (n_samples, n_features) of each class of y (two or more).

        Parameters
        ----------
        X : {array-like, sparse matrix} of shape (n_samples, n_features)
            The examples.
        y : array-like of shape (n_samples,)
            Their classes (two or more).
        sample_weight : array-like of shape (n_samples,), default=None
            X-2: a weight wᵢ >= 0 per example (not all 0): every count Σᵢ 1{…} of the estimates
            and of the class prior becomes Σᵢ wᵢ 1{…}, so that an integer weight is the example
            repeated and a weight 0 drops it. None: every weight 1.

        Returns
        -------
        self
        """
        _base.check_n_jobs(self.n_jobs)
        e = _base.engine(X, y, sample_weight)
        X, y = e.fit_data(self, X, y, accept_sparse="csr", dtype=self._dtypes)
        sample_weight = e.sample_weights(sample_weight, X)
        labels = e.labels(y, "Naive Bayes")
        self.classes_ = labels.classes
        # a dask X stays chunked by rows: its chunks are read by cs229.distributed's fit
        X = self._features(X, fitting=True) if e is _base.MEMORY else self._chunks(X, e)
        if self._two_classes():
            self.model_ = self._fit(X, labels.zero_one(), self.alpha, sample_weight, e)
            self.phi_y_ = float(self.model_.phi_y)
        else:
            self.model_ = self._fit_classes(X, labels.one_to_k(), self.alpha, sample_weight, e)
            self.phi_y_ = np.asarray(self.model_.phi)
        self.class_count_ = np.asarray(self.model_.class_count)
        return self

    def _two_classes(self):
        return len(self.classes_) == 2

    def _check(self, X):
        check_is_fitted(self)
        return self._features(_base.predict_data(self, X, accept_sparse="csr", dtype=self._dtypes))

    @_base.rowwise
    def predict(self, X):
        """argmax_y p(x | y) p(y) per row (GEN-1; a tie goes to classes_[0])."""
        X = self._check(X)
        n_jobs = _base.check_n_jobs(self.n_jobs)
        if self._two_classes():
            codes = np.asarray(self._fast_predict(self.model_, X, n_jobs), dtype=np.intp)
        else:
            codes = np.asarray(self._classes_predict(self.model_, X, n_jobs=n_jobs), dtype=np.intp) - 1
        return self.classes_[codes]

    @_base.rowwise
    def predict_log_proba(self, X):
        """log p(y = classes_[j] | x) in column j per row, by Bayes' rule in log space (GEN-1)."""
        X = self._check(X)
        n_jobs = _base.check_n_jobs(self.n_jobs)
        if self._two_classes():
            return self._fast_log_posterior(self.model_, X, n_jobs)
        return self._classes_log_posterior(self.model_, X, n_jobs=n_jobs)

    @_base.rowwise
    def predict_proba(self, X):
        """p(y = classes_[j] | x) in column j per row."""
        return np.exp(self.predict_log_proba(X))


@_docs.filled
class BernoulliNB(_NaiveBayes):
    """Naive Bayes with the multivariate Bernoulli event model (000 Part IV §2; 002 §1.4.3).

    Catalog rows NB-1 (the Naive Bayes assumption), NB-2 (the maximum-likelihood
    φ_{j|y=1}, φ_{j|y=0}, φ_y and the posterior in log space), NB-3 (the 0/0 without
    smoothing), NB-4 (Laplace smoothing), X-4 (k classes). The fit is
    ``cs229.fast.naive_bayes.bernoulli_fit``; this class checks the input, turns the features
    into the notes' xⱼ ∈ {0, 1} and codes two classes as the notes' y ∈ {0, 1}
    (``classes_[1]`` is 1). With k > 2 classes the fit is ``bernoulli_classes_fit`` on
    y ∈ {1, ..., k} (``classes_[j − 1]`` is j), φ_{l|y=j} smoothed the same way.

    Parameters
    ----------
    alpha : float, default=1.0
        The smoothing pseudo-count: φ_{j|y=c} = (Σᵢ 1{xⱼ⁽ⁱ⁾ = 1 ∧ y⁽ⁱ⁾ = c} + α) /
        (Σᵢ 1{y⁽ⁱ⁾ = c} + 2α). 1 is Laplace smoothing (000 §2.1), 0 the maximum-likelihood
        estimates (then a feature never seen with a class makes p(x | y) = 0, and an example
        impossible under both classes raises ZeroOverZeroError, NB-3).
    binarize : float or None, default=0.0
        xⱼ is 1 where the input is > ``binarize``, else 0 (scikit-learn's ``binarize``), so that
        counts become "word j occurs". None: the input must already be 0 or 1.
    %(n_jobs_predict)s

    Attributes
    ----------
    %(classes_and_priors)s
    phi_ : ndarray of shape (k, n_features)
        Row c: φ_{j|y=c} = p(xⱼ = 1 | y = classes_[c]).
    class_count_ : ndarray of shape (k,)
        Σᵢ 1{y⁽ⁱ⁾ = c} (Σᵢ wᵢ 1{y⁽ⁱ⁾ = c} when fitted with sample_weight).
    feature_count_ : ndarray of shape (k, n_features)
        Σᵢ 1{xⱼ⁽ⁱ⁾ = 1 ∧ y⁽ⁱ⁾ = c} (Σᵢ wᵢ … with sample_weight).
    model_ : cs229.fast.naive_bayes.BernoulliNB (BernoulliClassesNB with k > 2)
        The fitted model as the fast face returns it.
    n_features_in_, feature_names_in_
        As in scikit-learn.

    Notes
    -----
    X may be a scipy.sparse matrix: it stays sparse (binarised on its non-zero entries) and the
    fast face counts and predicts from its entries, in memory that follows the non-zeros and
    the n_features of the model, never the m × n_features of a dense copy. Prediction still
    visits every feature of every row (p(x | y) has a factor for each absent feature too), in
    the order of the dense computation, so its answers are those of the dense X bit for bit.
    """

    _fast_predict = staticmethod(_fast.bernoulli_predict)
    _fast_log_posterior = staticmethod(_fast.bernoulli_log_posterior)
    _classes_predict = staticmethod(_classes.bernoulli_classes_predict)
    _classes_log_posterior = staticmethod(_classes.bernoulli_classes_log_posterior)

    def __init__(self, alpha=1.0, binarize=0.0, n_jobs=None):
        _base.keep(self, locals())

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        # with binarize=0 the checks' shifted blobs (all entries >= 0) become almost all ones:
        # the model then has little to go on, as scikit-learn's own BernoulliNB
        tags.classifier_tags.poor_score = True
        return tags

    def _features(self, X, fitting=False):
        """xⱼ ∈ {0, 1}: X thresholded at ``binarize``; a sparse X stays sparse and is passed as
        ``Documents``, each row listing the features that are 1."""
        if sp.issparse(X):
            X = sp.csr_matrix(X)
            if not X.has_canonical_format:   # duplicate entries are summed, as scipy reads them
                X = X.copy()
                X.sum_duplicates()
        if self.binarize is not None:
            # (a sparse X with binarize < 0 is refused: its zeros would become ones)
            X = threshold_features(X, threshold=parameters.real(self.binarize, "binarize", float64=True))
        if not sp.issparse(X):
            return X
        binary = (X.data == 0) | (X.data == 1)
        if not binary.all():
            raise ValueError(f"{_entry(X, int(np.argmin(binary)))}: features must be binary (0 or 1); "
                             "set binarize to a threshold")
        return _fast.Documents(X.indices, X.indptr, X.data.astype(np.int64), X.shape[1])

    def _chunks(self, X, e):
        """xⱼ ∈ {0, 1} of a dask X: thresholded at ``binarize``, chunk by chunk."""
        return e.binarized(X, self.binarize)

    def _fit(self, X, y, alpha, sample_weight, e):
        model = e.bernoulli_fit(X, y, alpha, sample_weight)
        self.phi_ = np.vstack([model.phi_j_y0, model.phi_j_y1])
        self.feature_count_ = np.asarray(model.feature_count)
        return model

    def _fit_classes(self, X, y, alpha, sample_weight, e):
        model = e.bernoulli_classes_fit(X, y, alpha, sample_weight)
        self.phi_ = np.asarray(model.phi_x)
        self.feature_count_ = np.asarray(model.feature_count)
        return model


@_docs.filled
class MultinomialNB(_NaiveBayes):
    """Naive Bayes with the multinomial event model for word counts (000 Part IV §2.2; 002 §1.4.5).

    Catalog rows NB-6 (the multinomial event model: φ_{k|y=c} = (Σᵢ Σⱼ 1{xⱼ⁽ⁱ⁾ = k ∧ y⁽ⁱ⁾ = c}
    + α) / (Σᵢ 1{y⁽ⁱ⁾ = c} nᵢ + α|V|), φ_y = Σᵢ 1{y⁽ⁱ⁾ = 1} / m) and NB-4 (Laplace smoothing).
    X holds one row of word counts per document (the output of scikit-learn's
    ``CountVectorizer``, dense or scipy.sparse): row i is the notes' document x⁽ⁱ⁾ of
    nᵢ = Σₖ Xᵢₖ words, word k occurring Xᵢₖ times. The fit is
    ``cs229.fast.naive_bayes.multinomial_fit`` on those documents; two classes are coded as
    the notes' y ∈ {0, 1} (``classes_[1]`` is 1). With k > 2 classes (X-4) the fit is
    ``multinomial_classes_fit`` on y ∈ {1, ..., k} (``classes_[j − 1]`` is j).

    Parameters
    ----------
    alpha : float, default=1.0
        The smoothing pseudo-count; 1 is Laplace smoothing (+1, +|V|), 0 the maximum-likelihood
        estimates (a word never seen with a class then makes p(x | y) = 0).
    %(n_jobs_predict)s

    Attributes
    ----------
    %(classes_and_priors)s
    class_count_ : ndarray of shape (k,)
        Documents of each class (the sum of their weights when fitted with sample_weight).
    feature_count_ : ndarray of shape (k, n_features)
        Σᵢ Σⱼ 1{xⱼ⁽ⁱ⁾ = k ∧ y⁽ⁱ⁾ = c}: how often word k occurs in the documents of class c
        (each occurrence counting its document's weight wᵢ with sample_weight).
    phi_ : ndarray of shape (k, n_features)
        Row c: φ_{k|y=c} over the vocabulary, for y = classes_[c], from the counts above.
    model_ : cs229.fast.naive_bayes.MultinomialNB (MultinomialClassesNB with k > 2)
        The fitted model as the fast face returns it.
    n_features_in_, feature_names_in_
        As in scikit-learn.

    Notes
    -----
    X may hold any non-negative reals (tf-idf weights, as scikit-learn's MultinomialNB takes
    them; catalog X-2): the estimate is the same formula with the sums of the real "counts" in
    place of the integer counts. Integer X is read exactly (int64, word counts up to 2⁶³ − 1);
    any other dtype as float64 real counts. A negative or non-finite entry is refused with a
    ValueError naming it. Rows are passed to the fast face as bags of words (``Documents`` with
    counts) read from the non-zero entries of X in CSR form (a CSR matrix as it is, CSC or COO
    converted once, dense X compressed): fit and predict take time and memory in proportion to
    the non-zero entries (and the vocabulary), never m × n_features; a count of 10¹² costs what
    a count of 1 does. A dask X (catalog X-7) stays chunked by rows: ``fit`` is
    ``cs229.distributed.naive_bayes.multinomial_fit`` (``multinomial_classes_fit``), every fitted
    attribute that of the fit in memory.
    """

    # integer counts are kept as they are (int64 exactly, past 2⁵³ too); others become float64
    _dtypes = (np.float64, np.int64, np.int32)

    _fast_predict = staticmethod(_fast.multinomial_predict)
    _fast_log_posterior = staticmethod(_fast.multinomial_log_posterior)
    _classes_predict = staticmethod(_classes.multinomial_classes_predict)
    _classes_log_posterior = staticmethod(_classes.multinomial_classes_log_posterior)

    def __init__(self, alpha=1.0, n_jobs=None):
        _base.keep(self, locals())

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        # X holds counts or other non-negative reals (scikit-learn's MultinomialNB: the same tags)
        tags.input_tags.positive_only = True
        # on the checks' three shifted blobs the class means differ in place, not in the proportions
        # of the columns that the multinomial model reads (scikit-learn's MultinomialNB carries
        # the same tag)
        tags.classifier_tags.poor_score = True
        return tags

    def _features(self, X, fitting=False):
        """The rows as bags of words (``Documents`` with counts: row i holds word k Xᵢₖ times,
        Xᵢₖ an integer or a real >= 0), read from X's non-zero entries: no row is written out
        word by word, so time and memory follow the number of non-zero entries."""
        if not (sp.issparse(X) and X.format == "csr"):   # a CSR X is read as it is (scipy keeps
            X = sp.csr_matrix(X)                         # its canonical-format flag once found)
        if not X.has_canonical_format:   # sorted, no duplicates: the same sums for the same X
            X = X.copy()
            X.sum_duplicates()
        # a fit refuses a negative entry in scikit-learn's words (its checks look for them); in
        # predict the fast face refuses it, naming its place among the entries, as it reads them
        if fitting and X.nnz and np.minimum.reduce(X.data) < 0:
            negative = X.data < 0
            raise error("negative_data", estimator="MultinomialNB", entry=_entry(X, int(np.argmax(negative))),
                        what="counts (or tf-idf weights)")
        return _fast.Documents(X.indices, X.indptr, X.data, X.shape[1])

    def _chunks(self, X, e):
        """A dask X of word counts as it is: cs229.distributed reads each chunk's rows as bags of
        words (integer counts exactly, others as real counts)."""
        return X

    def _fit(self, documents, y, alpha, sample_weight, e):
        model = e.multinomial_fit(documents, y, self.n_features_in_, alpha, sample_weight)
        self.phi_ = np.vstack([model.phi_k_y0, model.phi_k_y1])
        self.feature_count_ = np.asarray(model.word_count)
        return model

    def _fit_classes(self, documents, y, alpha, sample_weight, e):
        model = e.multinomial_classes_fit(documents, y, self.n_features_in_, alpha, sample_weight)
        self.phi_ = np.asarray(model.phi_words)
        self.feature_count_ = np.asarray(model.word_count)
        return model
