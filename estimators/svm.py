"""Part V of the notes as classifiers: the support vector machine fitted by SMO, and the kernel
perceptron (000 Part V §6-9; 001 §11.1-11.2; 004)."""

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils import check_random_state
from sklearn.utils.class_weight import compute_class_weight
from sklearn.utils.metaestimators import available_if
from sklearn.utils.validation import check_is_fitted

from cs229.reference import messages, parameters

from . import _base, _docs, _fast, _labels, _platt

__all__ = ["SVC", "KernelPerceptron"]

_KERNEL_PARAMETERS = """kernel : {"linear", "poly", "rbf", "string"} or callable, default="rbf"
        "linear": K(x, z) = xᵀz (KR-10); "poly": (xᵀz + coef0)^degree, the notes'
        (xᵀz + c)^d (KR-2 … KR-4); "rbf": the Gaussian kernel exp(−‖x − z‖²/(2σ²)) =
        exp(−γ‖x − z‖²) (KR-5); "string": the k-spectrum kernel with k = 3 on strings (KR-8;
        X is then a sequence of str, or one column of them). A kernel object of
        ``cs229.fast.kernels`` (``Linear``, ``Polynomial``, ``Gaussian``, ``StringKernel(k)``,
        ``FeatureMapKernel``) or any callable K(x, z) on two rows is used as it is.
    degree : int, default=3
        "poly": d.
    gamma : float or {"scale", "auto"}, default=0.5
        "rbf": γ = 1/(2σ²); 0.5 is σ = 1. "scale" is γ = 1/(n_features · X.var()) and "auto"
        γ = 1/n_features, scikit-learn's (whose default is "scale").
    coef0 : float, default=0.0
        "poly": c ≥ 0."""


def _kernel_fit_data(estimator, X, y, model, read_labels=_labels.binary_labels):
    """(X, kernel, labels): X as the kernel reads it (float rows, or str for a string kernel),
    the kernel of the estimator's options (γ of "scale" or "auto" computed from X), and the
    classes (two, unless ``read_labels`` takes more), coded by the caller as the notes'
    y ∈ {−1, 1}."""
    if _base.wants_strings(estimator.kernel):
        X, y = _base.strings(estimator, X, y)
    else:
        X, y = _base.fit_data(estimator, X, y)
    kernel = _base.kernel_object(estimator.kernel, estimator.degree, estimator.coef0,
                                 _base.gamma_value(estimator.gamma, X))
    return X, kernel, read_labels(y, model)


def _predict_points(estimator, X):
    if _base.is_string_kernel(estimator.kernel_):
        return _base.strings(estimator, X, reset=False)
    return _base.predict_data(estimator, X)


def _shape(estimator):
    return parameters.choice(estimator.decision_function_shape, "decision_function_shape", ("ovr", "ovo"))


# libsvm's number of folds for the decision values that Platt's sigmoid is fitted to
PLATT_FOLDS = 5


def _probability_on(estimator):
    """``available_if``'s test: predict_proba exists only with probability=True (scikit-learn's
    AttributeError otherwise, so that ``hasattr`` answers False)."""
    if not estimator.probability:
        raise AttributeError("predict_proba is not available when probability=False; "
                             "fit with SVC(probability=True)")
    return True


def _part(weight, rows):
    """The weights of the examples ``rows`` (None: unweighted)."""
    return None if weight is None else weight[rows]


@_docs.filled
class SVC(ClassifierMixin, BaseEstimator):
    __doc__ = f"""The support vector machine fitted by SMO (000 Part V §6-9; 001 §11.1-11.2; 004).

    Catalog rows SMO-2 … SMO-4 (the two-variable step, the pair rules, the complete solver for
    the dual max W(α) subject to 0 ≤ αᵢ ≤ C, Σᵢ αᵢy⁽ⁱ⁾ = 0), SOFT-2 (the ℓ1 soft margin's box
    0 ≤ α ≤ C), OMC-3 (w = Σᵢ αᵢy⁽ⁱ⁾x⁽ⁱ⁾ for the linear kernel), OMC-4 (b), OMC-5 (prediction
    from the support vectors, (13)), the kernels KR-2 … KR-10. The fit is
    ``cs229.fast.smo.smo``; this class checks the input and codes the two classes as the notes'
    y ∈ {{−1, 1}} (``classes_[1]`` is +1).

    Parameters
    ----------
    C : float or None, default=1.0
        The soft-margin constant C (000 V §8); None is the hard margin of the optimal margin
        classifier (000 V §6), for data separable in the kernel's feature space.
    {_KERNEL_PARAMETERS}
    rule : {{"wss2", "platt", "simplified"}}, default="wss2"
        The pair rule (SMO-3): the maximal violating pair with the second-order choice of Fan,
        Chen and Lin, Platt's heuristics, or the simplified rule with a seeded random partner.
    tol : float, default=1e-3
        The KKT tolerance of the stopping test.
    max_iterations : int, default=100_000
        The cap on two-variable steps.
    seed : int, default=0
        The seed of the partner draws of "simplified" and "platt" (the notes' SplitMix64).
    shrinking : bool, default=True
        libsvm's shrinking of the active set (rule "wss2" only): the same stopping test over
        every example, reached in fewer kernel evaluations; False takes the reference's steps.
    cache_size : float, default=200
        The kernel-row cache in megabytes.
    decision_function_shape : {"ovr", "ovo"}, default="ovr"
        For k > 2 classes, what ``decision_function`` returns: scikit-learn's "ovr" (n, k)
        scores, or the "ovo" decision values of the pairs' SVMs (n, k(k − 1)/2).
    n_jobs : int or None, default=None
        The cores that SMO's passes over the examples may use, as in scikit-learn: None is one
        (unless ``joblib.parallel_config`` says otherwise), -1 every core, -2 all but one. The
        steps are the same bit for bit for every n_jobs; where other processes hold the cores,
        the fit measures that and runs on one.
    probability : bool, default=False
        Fit Platt's sigmoid P(y = i | f) = 1/(1 + exp(Af + B)) to each pair's decision values f
        as libsvm does: f of every example of the pair from an SVM fitted on the other four of
        five folds (shuffled by ``random_state``), A and B by Newton's method with Platt's
        prior-corrected targets. ``predict_proba`` and ``predict_log_proba`` then exist: the
        sigmoid for two classes, the pairs' probabilities coupled (Wu, Lin and Weng's method
        2) for k > 2. The fit then costs about five more fits of each pair, and the
        probabilities need not agree with ``predict`` (which reads the decision values).
    random_state : int, RandomState instance or None, default=None
        The generator of the folds' shuffle (``probability=True`` only), scikit-learn's meaning.
    verbose : int, default=0
        1 prints the number of pairs of classes, steps and support vectors when the fit ends.
    class_weight : dict, "balanced" or None, default=None
        X-2, scikit-learn's and libsvm's meaning: example i's box is 0 ≤ αᵢ ≤ C·w_{{y⁽ⁱ⁾}}, with
        w_c the weight of class c (``{{label: weight}}``; a class not named weighs 1).
        "balanced" is w_c = n_samples / (n_classes · n_c), n_c the count of class c in y.
        None: every class weighs 1. Multiplies ``fit``'s ``sample_weight``.

    Attributes
    ----------
    classes_ : ndarray of shape (k,)
        The labels; with two, ``classes_[1]`` is the notes' y = +1. With k > 2 one SVM is fitted
        for each pair (i, j), i < j, on the examples of those two classes, ``classes_[i]``
        coded +1 (one-vs-one, as libsvm).
    class_weight_ : ndarray of shape (k,)
        The weight of each class of ``classes_`` (all 1 with ``class_weight=None``).
    support_ : ndarray of shape (n_SV,)
        The indices with αᵢ > 0 in some pair's SVM, grouped by class in the order of
        ``classes_`` and ascending within a class (libsvm's order).
    n_support_ : ndarray of shape (k,), int32
        The number of support vectors of each class.
    support_vectors_ : ndarray of shape (n_SV, n_features) (or (n_SV,) strings)
        Their rows.
    dual_coef_ : ndarray of shape (k − 1, n_SV)
        αᵢy⁽ⁱ⁾ of the support vectors: one row for two classes; for k > 2 libsvm's layout, a
        support vector of class i holding its coefficient of the pair (i, j) in row j − 1 and
        of the pair (j, i) in row j.
    intercept_ : ndarray of shape (k(k − 1)/2,)
        b of each pair's SVM, in the order of ``pairs_``.
    pairs_ : list of (int, int)
        The pairs (i, j) of class positions, one SVM each ([(0, 1)] for two classes).
    models_ : list of cs229.fast.smo.SVMFit
        Each pair's fit as the fast face returns it, on the rows ``rows_`` of X.
    alpha_ : ndarray of shape (n_samples,)
        Two classes: every multiplier αᵢ.
    coef_ : ndarray of shape (1, n_features)
        Two classes, linear kernel: w = Σᵢ αᵢy⁽ⁱ⁾x⁽ⁱ⁾ (OMC-3, (9)).
    objective_, kkt_gap_ : float
        Two classes: W(α) at the answer and the remaining maximal KKT violation.
    model_ : cs229.fast.smo.SVMFit
        Two classes: the fit (``models_[0]``).
    probA_, probB_ : ndarray of shape (k(k − 1)/2,)
        With ``probability=True``, each pair's A and B, libsvm's: for the pair (i, j) the sigmoid
        gives P(y = classes_[i]) from the decision value positive for classes_[i] (for two
        classes the negated ``decision_function``), so the numbers are scikit-learn's.
    n_iter_ : int
        Two-variable steps taken, over all pairs (the cross-validation's not counted).
    converged_ : bool
        Whether the stopping test held in every pair.
    %(kernel_fitted)s

    Notes
    -----
    Reaching ``max_iterations`` keeps the last α with a ConvergenceWarning. The hard margin on
    inseparable data raises the fast face's InfeasibleError (a ValueError); a kernel that is not
    positive semi-definite on the data can stop SMO on a pair that cannot move
    (ConvergenceError).
    """

    def __init__(self, C=1.0, kernel="rbf", degree=3, gamma=0.5, coef0=0.0, rule="wss2",
                 tol=1e-3, max_iterations=100_000, seed=0, shrinking=True, cache_size=200,
                 decision_function_shape="ovr", n_jobs=None, probability=False, random_state=None,
                 verbose=0, class_weight=None):
        _base.keep(self, locals())

    def fit(self, X, y, sample_weight=None):
        """Solve the dual for the examples X (n_samples, n_features) and labels y: one SVM for
        two classes, one for each pair of classes for k > 2 (one-vs-one, as libsvm); with
        ``probability=True`` also each pair's sigmoid, by five-fold cross-validation.

        ``sample_weight`` (X-2), array of shape (n_samples,) or None: example i's box is
        0 ≤ αᵢ ≤ C·wᵢ (times its class's weight, ``class_weight``), libsvm's and scikit-learn's
        meaning; each pair of classes uses the Cᵢ of its examples. A weight of 0 leaves the
        example out (αᵢ = 0); the weights must be ≥ 0 with some weight > 0 in each class.
        None: every wᵢ = 1."""
        cap = parameters.positive_int(self.max_iterations, "max_iterations")
        _shape(self)  # used by decision_function, refused here already
        n_jobs = _base.check_n_jobs(self.n_jobs)
        probability = parameters.flag(self.probability, "probability")
        random = check_random_state(self.random_state) if probability else None
        X, kernel, labels = _kernel_fit_data(self, X, y, "the SVM", _labels.class_labels)
        self.classes_, self.kernel_ = labels.classes, kernel
        k = len(self.classes_)
        weight = self._weights(X, labels, sample_weight)
        # one SVM per pair (i, j), i < j, class i coded +1 for k > 2 (libsvm's sign of the pair's
        # decision value); for two classes the notes' coding, classes_[1] is +1
        pairs = [(0, 1)] if k == 2 else [(i, j) for i in range(k) for j in range(i + 1, k)]
        self.pairs_, self.models_, self.rows_ = [], [], []
        for i, j in pairs:
            rows = np.flatnonzero((labels.index == i) | (labels.index == j))
            positive = j if k == 2 else i
            ys = np.where(labels.index[rows] == positive, 1.0, -1.0)
            Xp = X[rows]
            # C, rule, tol, seed, shrinking and cache_size are SMO's, checked there once
            fit = self._smo(Xp, ys, kernel, cap, n_jobs, _part(weight, rows))
            self.pairs_.append((i, j))
            self.models_.append(fit)
            self.rows_.append(rows)
        for name in ("probA_", "probB_"):
            self.__dict__.pop(name, None)  # a refit without probability has none
        if probability:
            # the sigmoid speaks of the pair's first class, libsvm's +1: for two classes, −f
            signs = [-1.0] if k == 2 else [1.0] * len(pairs)
            sigmoids = [self._platt(X[rows], labels.index[rows] == i, sign, kernel, cap, n_jobs, random,
                                    _part(weight, rows))
                        for (i, _), rows, sign in zip(self.pairs_, self.rows_, signs)]
            self.probA_ = np.array([A for A, _ in sigmoids])
            self.probB_ = np.array([B for _, B in sigmoids])
        self._keep_support(X, labels.index)
        if k == 2:
            fit = self.models_[0]
            self.model_ = fit
            self.alpha_ = np.asarray(fit.alpha)
            if isinstance(kernel, _fast.Linear):
                self.coef_ = np.asarray(_fast.svm_weights(X, labels.signed(), fit.alpha))[None, :]
            self.objective_, self.kkt_gap_ = float(fit.objective), float(fit.kkt_gap)
        self.intercept_ = np.array([float(fit.b) for fit in self.models_])
        self.n_iter_ = sum(fit.iterations for fit in self.models_)
        self.converged_ = all(fit.converged for fit in self.models_)
        _base.report(self, f"SMO ({self.models_[0].rule}): {len(pairs)} pair(s) of classes, "
                           f"{_base.outcome(self.converged_, self.n_iter_, 'step')}; "
                           f"{len(self.support_)} support vectors")
        return self

    def _weights(self, X, labels, sample_weight):
        """X-2: each example's weight, sample_weight × its class's weight (``class_weight_``);
        None when neither is given, the unweighted fit. The weights are read whole by the faces'
        reader (rows named as the user's X counts them) before any pair takes its part, and each
        class must carry weight: every pair's SVM needs both of its classes."""
        self.class_weight_ = compute_class_weight(self.class_weight, classes=labels.classes,
                                                  y=labels.classes[labels.index])
        for c, w in zip(labels.classes.tolist(), self.class_weight_):
            if not w >= 0:
                raise messages.error("negative_weight", name="class_weight", where=f"[{c!r}]", value=w)
        sample_weight = _fast.sample_weights(_base.sample_weights(sample_weight, X), X)
        if sample_weight is None and self.class_weight is None:
            return None
        weight = self.class_weight_[labels.index]
        weight = _fast.sample_weights(weight if sample_weight is None else sample_weight * weight, X)
        empty, kept = _base.classes_without_weight(labels, weight)
        if len(kept) < 2:
            raise messages.error("weights_one_class", empty=repr(empty[0]), kept=repr(kept[0]), model="the SVM")
        if empty:
            raise messages.error("weights_pair_class", empty=repr(empty[0]))
        return weight

    def _smo(self, X, ys, kernel, cap, n_jobs, weight=None):
        return _base.iterate(lambda: _fast.smo_fit(X, ys, self.C, kernel, self.rule, self.tol, cap, self.seed,
                                                   self.shrinking, self.cache_size, n_jobs, weight), cap)

    def _platt(self, X, first, sign, kernel, cap, n_jobs, random, weight=None):
        """(A, B) of Platt's sigmoid for one pair (libsvm's ``svm_binary_svc_probability``): the
        examples X of the pair (``first`` True for its first class) shuffled and cut into five
        folds, each fold's decision values sign·f (positive for the first class) from the SVM of
        the other four; a training part of one class gives its fold ±1, of none 0, as libsvm."""
        m = len(X)
        order = random.permutation(m)
        f = np.zeros(m)
        for fold in range(PLATT_FOLDS):
            begin, end = fold * m // PLATT_FOLDS, (fold + 1) * m // PLATT_FOLDS
            held, train = order[begin:end], np.concatenate([order[:begin], order[end:]])
            if len(held) == 0:
                continue
            ys = np.where(first[train], sign, -sign)  # the coding of the pair's SVM
            live = ys if weight is None else ys[weight[train] > 0]  # weight 0 is no example
            if len(live) == 0 or np.all(live == live[0]):
                f[held] = 0.0 if len(live) == 0 else sign * live[0]
                continue
            model = self._smo(X[train], ys, kernel, cap, n_jobs, _part(weight, train))
            f[held] = sign * np.asarray(_fast.svm_decision_function(model, X[held]))
        return _platt.sigmoid_fit(f, first)

    def _keep_support(self, X, index):
        """support_ (grouped by class, ascending within a class, as libsvm), n_support_,
        support_vectors_ and dual_coef_ αᵢy⁽ⁱ⁾: one row for two classes; for k > 2 libsvm's
        (k − 1) × n_SV layout, a support vector of class i holding its coefficient of the pair
        (i, j) in row j − 1 and of the pair (j, i) in row j."""
        k = len(self.classes_)
        coefficient = {}
        for (i, j), fit, rows in zip(self.pairs_, self.models_, self.rows_):
            for t, a, s in zip(np.asarray(fit.support), fit.support_alpha, fit.support_labels):
                coefficient[(int(rows[t]), i, j)] = float(a) * float(s)
        support = sorted({r for r, _, _ in coefficient}, key=lambda r: (index[r], r))
        self.support_ = np.array(support, dtype=np.intp)
        self.n_support_ = np.bincount(index[self.support_], minlength=k).astype(np.int32)
        self.support_vectors_ = X[self.support_]
        column = {r: c for c, r in enumerate(support)}
        self.dual_coef_ = np.zeros((k - 1, len(support)))
        for (r, i, j), value in coefficient.items():
            row = 0 if k == 2 else (j - 1 if index[r] == i else i)
            self.dual_coef_[row, column[r]] = value

    def _pair_decisions(self, X):
        """The decision value of every pair's SVM for the rows of X, (n, pairs)."""
        check_is_fitted(self)
        points = _predict_points(self, X)
        return np.column_stack([_fast.svm_decision_function(fit, points) for fit in self.models_])

    @_base.rowwise
    def decision_function(self, X):
        """Two classes: Σᵢ αᵢy⁽ⁱ⁾K(x⁽ⁱ⁾, x) + b over the support vectors, for every row x of X
        (OMC-5, (13)), positive on the side of classes_[1]. k classes, "ovo": each pair's decision
        value, positive for its first class; "ovr" (scikit-learn's default shape, (n, k)): each
        class's votes of the pairs' SVMs plus their summed decision values squashed into (−⅓, ⅓)
        (the ties of votes broken by confidence)."""
        check_is_fitted(self)
        shape = _shape(self)
        decisions = self._pair_decisions(X)
        if len(self.classes_) == 2:
            return decisions[:, 0]
        if shape == "ovo":
            return decisions
        return self._ovr(decisions)

    def _ovr(self, decisions):
        k = len(self.classes_)
        votes, confidence = np.zeros((len(decisions), k)), np.zeros((len(decisions), k))
        for p, (i, j) in enumerate(self.pairs_):
            votes[:, i] += decisions[:, p] > 0
            votes[:, j] += decisions[:, p] <= 0
            confidence[:, i] += decisions[:, p]
            confidence[:, j] -= decisions[:, p]
        return votes + confidence / (3 * (np.abs(confidence) + 1))

    @_base.rowwise
    def predict(self, X):
        """Two classes: classes_[1] where the decision value is ≥ 0, else classes_[0] (000 V §2:
        g(z) = 1 for z ≥ 0). k classes: the class with the most votes of the pairs' SVMs, a tie
        going to the larger summed decision value (the largest ``decision_function``)."""
        check_is_fitted(self)
        if len(self.classes_) == 2:
            codes = _fast.svm_predict(self.models_[0], _predict_points(self, X))
            return self.classes_[(np.asarray(codes) == 1).astype(np.intp)]
        return self.classes_[np.argmax(self._ovr(self._pair_decisions(X)), axis=1)]

    @available_if(_probability_on)
    @_base.rowwise
    def predict_proba(self, X):
        """P(y = c | x) for every row x of X and class c of classes_ (``probability=True``):
        each pair's sigmoid 1/(1 + exp(A·f + B)) of its decision value, clipped into
        [1e-7, 1 − 1e-7]; for two classes that is the answer, for k > 2 the pairs' probabilities
        are coupled into one distribution (Wu, Lin and Weng's method 2), as libsvm."""
        check_is_fitted(self, ("probA_", "probB_"))
        k = len(self.classes_)
        decisions = self._pair_decisions(X)
        sign = -1.0 if k == 2 else 1.0  # positive for each pair's first class, as the sigmoid's f
        first = np.clip(_platt.sigmoid_probability(sign * decisions, self.probA_, self.probB_),
                        _platt.MIN_PROBABILITY, 1 - _platt.MIN_PROBABILITY)
        if k == 2:
            return np.column_stack([first[:, 0], 1 - first[:, 0]])
        r = np.zeros((len(decisions), k, k))
        for p, (i, j) in enumerate(self.pairs_):
            r[:, i, j], r[:, j, i] = first[:, p], 1 - first[:, p]
        return _platt.pairwise_coupling(r)

    @available_if(_probability_on)
    @_base.rowwise
    def predict_log_proba(self, X):
        """log P(y = c | x), the log of ``predict_proba`` (``probability=True``)."""
        return np.log(self.predict_proba(X))


@_docs.filled
class KernelPerceptron(ClassifierMixin, BaseEstimator):
    __doc__ = f"""The kernel perceptron (000 Part V §7: the perceptron with the kernel trick).

    Catalog row KR-9 (with PC-1 and the kernels KR-2 … KR-10): θ = Σⱼ αⱼy⁽ʲ⁾φ(x⁽ʲ⁾) is kept as
    the mistake counts αⱼ; an example with g(Σⱼ αⱼy⁽ʲ⁾K(x⁽ʲ⁾, x⁽ⁱ⁾) + b) ≠ y⁽ⁱ⁾ gets
    αᵢ += 1 and b += y⁽ⁱ⁾, epoch after epoch until one makes no mistake
    (``cs229.fast.kernels.kernel_perceptron``). The two classes are coded as the notes'
    y ∈ {{−1, 1}} (``classes_[1]`` is +1).

    Parameters
    ----------
    {_KERNEL_PARAMETERS}
    max_epochs : int, default=100
        The cap on epochs.
    shuffle : bool, default=False
        Visit the examples in one random order (from ``random_state``) instead of 1..m.
    random_state : int, RandomState instance or None, default=None
        The generator of that order.
    cache_size : float, default=200
        The kernel values the fit may keep, in megabytes. A named kernel's column
        K(x⁽ʲ⁾, ·) is computed once, when example j first makes a mistake, and kept while the
        columns fit; the values of later examples with αⱼ > 0 are computed at each visit. The
        string kernel and a custom kernel need the whole m×m matrix (Mercer's test reads it);
        past ``cache_size`` they are refused with a MemoryError that says how much they need.
    verbose : int, default=0
        1 prints the number of epochs and of updates when the fit ends, 2 also the updates of
        each epoch.
    n_jobs : int or None, default=None
        The cores that may compute a new kernel column, as in scikit-learn: None is one (unless
        ``joblib.parallel_config`` says otherwise), -1 every core. The updates are the same bit
        for bit for every n_jobs; where other processes hold the cores, the columns are computed
        on one thread when that is measured faster.

    Attributes
    ----------
    classes_ : ndarray of shape (k,)
        The labels; with two, ``classes_[1]`` is the notes' y = +1. With k > 2 one perceptron is
        run for each class against the rest (that class +1), and the largest decision value wins.
    alpha_ : ndarray of shape (n_samples,) or (k, n_samples)
        The mistake count αᵢ of every example (of each class's perceptron for k > 2).
    support_ : ndarray of shape (n_SV,)
        The indices with αᵢ > 0 (in some perceptron), ascending.
    support_vectors_ : ndarray of shape (n_SV, n_features) (or (n_SV,) strings)
        Their rows.
    dual_coef_ : ndarray of shape (1, n_SV) or (k, n_SV)
        αᵢy⁽ⁱ⁾ of those examples (a row per class's perceptron for k > 2).
    intercept_ : ndarray of shape (1,) or (k,)
        b (of each class's perceptron).
    n_iter_ : int
        Epochs run (the most of any class's perceptron).
    converged_ : bool
        Whether the last epoch made no mistake (in every perceptron).
    %(kernel_fitted)s

    Notes
    -----
    On data that are not separable in the kernel's feature space no epoch comes clean: after
    ``max_epochs`` the last α and b are kept with a ConvergenceWarning. A kernel other than the
    named ones is first put to Mercer's test on X by the fast face (KR-7).
    """

    def __init__(self, kernel="rbf", degree=3, gamma=0.5, coef0=0.0, max_epochs=100,
                 shuffle=False, random_state=None, cache_size=200, verbose=0, n_jobs=None):
        _base.keep(self, locals())

    def fit(self, X, y):
        """Run the kernel perceptron on the examples X and labels y: once for two classes, once
        for each class against the rest for k > 2."""
        cap = parameters.positive_int(self.max_epochs, "max_epochs")
        n_jobs = _base.check_n_jobs(self.n_jobs)
        X, kernel, labels = _kernel_fit_data(self, X, y, "the kernel perceptron", _labels.class_labels)
        self.classes_, self.kernel_ = labels.classes, kernel
        k = len(self.classes_)
        order = _base.example_order(self.shuffle, self.random_state, len(X))
        record = self.verbose >= 2
        codings = ([labels.signed()] if k == 2
                   else [np.where(labels.index == c, 1.0, -1.0) for c in range(k)])
        results = [_base.iterate(lambda: _fast.kernel_perceptron(X, ys, kernel, cap, order, record,
                                                                  self.cache_size, n_jobs), cap)
                   for ys in codings]
        alpha = np.array([np.asarray(result.theta) for result in results])
        self.support_ = np.flatnonzero(alpha.any(axis=0))
        # the decision sum skips αⱼ = 0, so the examples with αⱼ > 0 are all prediction needs
        self.support_vectors_ = X[self.support_]
        self._support_labels = np.array([ys[self.support_] for ys in codings])
        self.dual_coef_ = alpha[:, self.support_] * self._support_labels
        self.intercept_ = np.array([_fast.kernel_perceptron_threshold(r) for r in results])
        self.alpha_ = alpha[0] if k == 2 else alpha
        self.n_iter_ = max(result.iterations for result in results)
        self.converged_ = all(result.converged for result in results)
        # the path holds (α, b) after each epoch: an epoch's updates are what it added to Σα
        path = results[0].path
        updates = [int(np.sum(after) - np.sum(before))
                   for (before, _), (after, _) in zip(path, path[1:])] if record else []
        _base.report(self, f"{len(results)} perceptron(s): "
                           f"{_base.outcome(self.converged_, self.n_iter_, 'epoch')}; "
                           f"{int(alpha.sum())} updates, {len(self.support_)} examples with α > 0",
                     lambda: (f"epoch {k}: {n} updates" for k, n in enumerate(updates, 1)))
        return self

    @_base.rowwise
    def decision_function(self, X):
        """Σⱼ αⱼy⁽ʲ⁾K(x⁽ʲ⁾, x) + b for every row x of X (KR-9): two classes, ≥ 0 on the side of
        classes_[1]; k classes, (n, k), each class's perceptron against the rest."""
        check_is_fitted(self)
        points = _predict_points(self, X)
        alpha = self.alpha_.reshape(-1, self.alpha_.shape[-1])
        values = np.column_stack([
            _fast.perceptron_decision(self.support_vectors_, labels, a[self.support_], b, points,
                                      self.kernel_)
            for labels, a, b in zip(self._support_labels, alpha, self.intercept_)])
        return values[:, 0] if len(self.classes_) == 2 else values

    @_base.rowwise
    def predict(self, X):
        """Two classes: classes_[1] where the decision value is ≥ 0 (g(0) = 1, 000 V §2), else
        classes_[0]; k classes: the class whose perceptron gives the largest value (the first
        on a tie)."""
        values = self.decision_function(X)
        if len(self.classes_) == 2:
            return self.classes_[(values >= 0).astype(np.intp)]
        return self.classes_[np.argmax(values, axis=1)]
