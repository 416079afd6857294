"""Decision trees of the notes as a classifier (001 §11.3)."""
import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.validation import _check_sample_weight, check_is_fitted

from cs229.reference import parameters

from . import _base, _docs, _fast, _labels

__all__ = ["DecisionTreeClassifier"]


@_docs.filled
class DecisionTreeClassifier(ClassifierMixin, BaseEstimator):
    """A decision tree grown greedily by information gain (001 §11.3).

    Catalog rows DT-1 (decision stumps composed into a tree), DT-3 and DT-5 (entropy, split
    entropy and information gain (11.20): the split criterion is the entropy, there is no
    other), DT-6 (greedy building on discrete features, one child per value), DT-7 (continuous
    features: the threshold xⱼ > θ by exhaustive search, or from a one-dimensional logistic
    regression), X-2 (sample weights, in ``fit``). The tree is ``cs229.fast.trees.tree_fit``'s; this class checks the input and
    numbers the classes 0..k−1 in the order of ``classes_``.

    Parameters
    ----------
    max_depth : int or None, default=None
        The depth at which a node becomes a leaf; None grows until the leaves are pure or no
        split is allowed.
    min_samples_leaf : int, default=1
        A split must leave at least this many examples in every child (examples, whatever
        their sample weights, as in scikit-learn).
    discrete : bool or array-like of bool, default=False
        Which features are discrete (DT-6: a multiway split with one child per value seen)
        rather than continuous (DT-7: a binary split xⱼ > θ). A value a discrete feature did not
        show in training goes to the node's majority class.
    threshold : {"search", "logistic"}, default="search"
        How a continuous split's θ is chosen (DT-7): the exhaustive search for the largest
        information gain, or θ = −a/b of a logistic regression g(a + b xⱼ) (two classes only:
        y must then have two classes).
    %(n_jobs_predict)s

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        The labels.
    tree_ : cs229.fast.trees.Tree
        The fitted tree: nested ``Split``, ``Branch`` and ``Leaf`` nodes carrying the class
        counts, the majority class (a number into ``classes_``) and the information gain.
    feature_importances_ : ndarray of shape (n_features,)
        Each feature's share of the tree's total information gain, every split weighted by the
        fraction of the training examples that reach it (DT-5; of their total sample weight,
        X-2), summing to 1 (all zeros for a
        tree without a split). With the entropy criterion this is scikit-learn's
        ``feature_importances_``.
    n_features_in_, feature_names_in_
        As in scikit-learn.

    Notes
    -----
    Leaves predict their majority class, the first in ``classes_`` on a tie (001 §11.3.5), and
    ``predict_proba`` gives the class frequencies (weighted by ``sample_weight``, X-2) of the
    training examples at the leaf (a value
    of a discrete feature not seen in training stops at its node: that node's frequencies).
    """

    def __init__(self, max_depth=None, min_samples_leaf=1, discrete=False, threshold="search",
                 n_jobs=None):
        _base.keep(self, locals())

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        # the logistic threshold is a two-class regression (DT-7)
        tags.classifier_tags.multi_class = self.threshold != "logistic"
        return tags

    def fit(self, X, y, sample_weight=None):
        """Grow the tree on the examples X (n_samples, n_features) and labels y.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)
        sample_weight : array-like of shape (n_samples,), default=None
            X-2: one weight wᵢ >= 0 per example, not all 0 (None: every weight 1). Every class
            count of a node is the sum of the weights of its examples: the information gains,
            the leaves' majority classes, ``predict_proba`` and ``feature_importances_`` are
            weighted, and an integer weight equals the example repeated. An example of weight 0
            takes no part in choosing the splits (a discrete feature branches on its values of
            positive weight; the logistic threshold is the weighted regression's) but still
            counts for ``min_samples_leaf``, as in scikit-learn.

        Returns
        -------
        self
        """
        # read here because the labels are read by it; max_depth, min_samples_leaf and discrete
        # are the fast tree_fit's, checked there once
        threshold = parameters.choice(self.threshold, "threshold", ("search", "logistic"))
        _base.check_n_jobs(self.n_jobs)
        X, y = _base.fit_data(self, X, y, ensure_min_samples=1)
        if threshold == "logistic":
            labels = _labels.binary_labels(y, "a tree with threshold='logistic'", "threshold='search'")
        else:
            labels = _labels.class_labels(y, "a decision tree", at_least=1)
        if sample_weight is not None:
            sample_weight = _check_sample_weight(sample_weight, X, dtype=np.float64)
        self.classes_ = labels.classes
        self.tree_ = _fast.tree_fit(X, labels.index, self.max_depth, self.min_samples_leaf,
                                    self.discrete, threshold, sample_weight)
        self.feature_importances_ = _importances(self.tree_)
        return self

    def get_depth(self):
        """The number of stumps on the longest path from the root to a leaf (0 for a leaf)."""
        check_is_fitted(self)
        return self.tree_.depth

    def get_n_leaves(self):
        """The number of leaves."""
        check_is_fitted(self)
        return self.tree_.n_leaves

    @_base.rowwise
    def predict_proba(self, X):
        """The class frequencies, in the order of ``classes_``, of the training examples at the
        node each row of X stops at (its leaf)."""
        check_is_fitted(self)
        X = _base.predict_data(self, X)
        counts = np.zeros((len(X), len(self.classes_)))
        _reach(self.tree_.root, X, np.arange(len(X)), counts)
        return counts / counts.sum(axis=1, keepdims=True)

    @_base.rowwise
    def predict_log_proba(self, X):
        """log of ``predict_proba`` (−inf for a class absent from the leaf)."""
        with np.errstate(divide="ignore"):
            return np.log(self.predict_proba(X))

    @_base.rowwise
    def predict(self, X):
        """Every row of X down the stumps to its leaf's class (DT-1)."""
        check_is_fitted(self)
        codes = _fast.tree_predict(self.tree_, _base.predict_data(self, X), _base.check_n_jobs(self.n_jobs))
        return self.classes_[np.asarray(codes, dtype=np.intp)]


def _reach(node, X, rows, counts):
    """The rows ``rows`` of X down from ``node`` as ``predict`` walks them (DT-1): each row's
    counts are those of the node it stops at."""
    if isinstance(node, _fast.Split):
        right = X[rows, node.feature] > node.threshold
        _reach(node.right, X, rows[right], counts)
        _reach(node.left, X, rows[~right], counts)
    elif isinstance(node, _fast.Branch):
        column, unseen = X[rows, node.feature], np.ones(len(rows), dtype=bool)
        for value, child in zip(node.values, node.children):
            here = column == value
            _reach(child, X, rows[here], counts)
            unseen &= ~here
        counts[rows[unseen]] = node.counts
    else:
        counts[rows] = node.counts


def _importances(tree):
    """DT-5 (001 §11.3): Σ over the splits on feature j of (examples at the split / m) × its
    information gain, normalised to sum to 1; with sample weights (X-2) the counts are weighted
    and m is the total weight."""
    importances = np.zeros(tree.n_features)
    m = sum(tree.root.counts)
    stack = [tree.root]
    while stack:
        node = stack.pop()
        if isinstance(node, (_fast.Split, _fast.Branch)):
            importances[node.feature] += sum(node.counts) / m * node.gain
            stack.extend(_fast.tree_children(node))
    total = importances.sum()
    return importances / total if total > 0 else importances
