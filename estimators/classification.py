"""Parts II and III of the notes as classifiers: logistic regression (gradient ascent, SGD,
Newton), the perceptron and softmax regression (000 §5-7, §9.3; 002 §1.2.3-1.3.4)."""
import numpy as np
from scipy.special import logsumexp
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.validation import check_is_fitted

from cs229.reference import messages, parameters

from . import _base, _docs, _fast, _labels, _summary

__all__ = ["LogisticRegression", "Perceptron", "SoftmaxRegression"]


class _Linear:
    """What the linear classifiers share: X as fit saw it, with x₀ = 1 when fitted with an
    intercept, and the label of θᵀx ≥ 0."""

    def _design(self, X):
        check_is_fitted(self)
        return _base.design(_base.predict_data(self, X), self.fit_intercept)

    def _threshold(self, X):
        codes = _fast.logistic_predict(self._design(X), self.theta_)
        return self.classes_[np.asarray(codes, dtype=np.intp)]


@_docs.filled
class LogisticRegression(_Linear, ClassifierMixin, BaseEstimator):
    """Logistic regression h_θ(x) = g(θᵀx), g(z) = 1/(1 + e^(−z)) (000 §5, §7; 002 §1.2.3-1.2.4).

    Catalog rows LG-1 (the sigmoid and h_θ), LG-3 (the Bernoulli likelihood ℓ(θ)), LG-4 (the
    stochastic gradient ascent rule), LG-5 (batch gradient ascent), NW-2 (Newton's method
    θ := θ − H⁻¹∇ℓ), X-1 (the L2 penalty). The fit is the one of
    ``cs229.fast.logistic_regression``; this class checks the input, prepends x₀ = 1, codes the
    two classes as the notes' y ∈ {0, 1} (``classes_[1]`` is 1) and keeps θ. With k > 2 classes
    it fits the notes' model for k classes, softmax regression (SM-3, ``cs229.fast.softmax``;
    ``SoftmaxRegression`` with the same options), as scikit-learn's LogisticRegression does.

    Parameters
    ----------
    solver : {"newton", "gd", "sgd"}, default="newton"
        "newton": Newton's method from θ = 0 (NW-2). "gd": batch gradient ascent
        θ := θ + α∇ℓ(θ) from θ = 0 (LG-5). Both stop when maxⱼ |Δθⱼ| ≤ tol·(1 + maxⱼ |θⱼ|).
        "sgd": the rule θⱼ := θⱼ + α (y⁽ⁱ⁾ − h_θ(x⁽ⁱ⁾)) xⱼ⁽ⁱ⁾ example after example for
        ``epochs`` epochs (LG-4; no stopping test; two classes, no penalty).
    fit_intercept : bool, default=True
        Prepend x₀ = 1 to every example (LR-1), so that θ₀ is the intercept.
    learning_rate : float, default=0.01
        The step size α of "gd" and "sgd".
    max_iterations : int or None, default=None
        "newton" and "gd": the cap on updates; None is 100 for Newton and 10,000 for "gd".
    tol : float, default=1e-10
        "newton" and "gd": the stopping test above ("gd" also takes None: exactly
        ``max_iterations`` updates).
    average : bool, default=True
        "gd": divide the gradient by m (002 §1.2.3), so that α does not depend on m.
    epochs : int, default=100
        "sgd": the number of passes over the examples.
    decay : float, default=0.0
        "sgd": update t uses α_t = α / (1 + decay·t).
    shuffle : bool, default=False
        "sgd": one random order of the examples (from ``random_state``) instead of 1..m.
    random_state : int, RandomState instance or None, default=None
        The generator of that order.
    verbose : int, default=0
        1 prints the number of iterations and ℓ(θ) when the fit ends, 2 also ℓ(θ) after every
        iteration (epoch for "sgd").
    penalty : {"l2"} or None, default=None
        None: the notes' maximum likelihood fit. "l2": maximise ℓ(θ) − (λ/2) Σ_{j≥1} θⱼ² with
        λ = 1/C (X-1, the MAP estimate under a Gaussian prior), the intercept unpenalised (every
        θⱼ without ``fit_intercept``): scikit-learn's ``LogisticRegression(C=C)``; for k > 2 the
        symmetric prior of ``SoftmaxRegression``, scikit-learn's multinomial fit. The default
        differs from scikit-learn's ("l2"): it is the notes' model.
    C : float, default=1.0
        With ``penalty="l2"``: the inverse of λ, > 0 (a smaller C, a stronger penalty);
        scikit-learn's meaning, C multiplying the log loss summed over the examples. Not read
        with ``penalty=None``.
    alpha : float, optional
        Deprecated: the former name of ``learning_rate`` (scikit-learn's alpha is a penalty).
        Still honoured for one release, with a FutureWarning.
    %(n_jobs_fit)s
        Two classes only: the softmax fit of k > 2 classes is serial.

    Attributes
    ----------
    classes_ : ndarray of shape (k,)
        The labels; with two, ``classes_[1]`` is the notes' y = 1.
    theta_ : ndarray of shape (n_features + 1,) or (n_features,), or (k − 1, ...) for k > 2
        θ, with θ₀ first when ``fit_intercept``; for k > 2 the rows θ₁, ..., θ_{k−1} of
        softmax regression (θ_k = 0).
    coef_ : ndarray of shape (1, n_features), or (k, n_features) for k > 2
        θ₁, ..., θₙ; for k > 2 a row per class, the centred w_l = θ_l − (1/k) Σ_m θ_m of the
        notes' rows (θ_k = 0) without θ_l0: the same probabilities, the rows summing to 0 as
        scikit-learn's (``theta_`` keeps the notes' rows).
    intercept_ : ndarray of shape (1,), or (k,) for k > 2
        θ₀ (0 without an intercept); for k > 2 the centred w_l0.
    n_iter_ : int
        Updates made (epochs for "sgd").
    converged_ : bool or None
        Whether the stopping test held (None for "sgd" and for "gd" with ``tol=None``).
    n_features_in_, feature_names_in_
        As in scikit-learn.

    Notes
    -----
    When the classes are linearly separable the likelihood has no maximum (LG-3): some iterate
    classifies every example correctly and ℓ keeps growing along it. Without a penalty "newton"
    and "gd" stop at that iterate; it is kept (it separates the training data) and a
    ConvergenceWarning carrying the notes' explanation and naming ``penalty="l2"`` is issued.
    Reaching the cap keeps the last θ with a ConvergenceWarning; a singular Hessian raises
    SingularMatrixError.
    """

    def __init__(self, solver="newton", fit_intercept=True, learning_rate=0.01, max_iterations=None,
                 tol=1e-10, average=True, epochs=100, decay=0.0, shuffle=False,
                 random_state=None, verbose=0, penalty=None, C=1.0, alpha=_base.DEPRECATED,
                 n_jobs=None):
        _base.keep(self, locals())

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        # the notes' stochastic rule (LG-4) is for two classes; the other solvers take k
        return _base.two_classes(tags) if self.solver == "sgd" else tags

    @_base.user_columns
    def fit(self, X, y, sample_weight=None):
        """Fit θ to the examples X (n_samples, n_features) and their labels y (two classes: the
        notes' logistic regression; more: softmax regression).

        ``sample_weight`` (X-2): wᵢ >= 0 per example, maximising Σᵢ wᵢ ℓᵢ(θ) (an integer
        weight is the example repeated): for two classes the Bernoulli GLM's weighted Newton or
        gradient ascent (``cs229.fast.glm``), for more the weighted softmax regression
        (``cs229.fast.softmax``); "gd"'s ``average`` divides by Σ wᵢ; "sgd" (two classes) scales
        example i's step by wᵢ (scikit-learn's SGD meaning). At least two classes must carry
        weight, and every class unless the fit is penalised without an intercept (the intercept
        of a class of weight 0 runs to −∞)."""
        solver = parameters.choice(self.solver, "solver", ("newton", "gd", "sgd"))
        lam = _base.inverse_penalty(self.penalty, self.C)
        rate = _base.learning_rate(self)
        e = _base.engine(X, y, sample_weight)
        if solver == "sgd":
            _base.in_memory(e, "LogisticRegression", solver, "'newton' or 'gd'")
        X, y = e.fit_data(self, X, y)
        sample_weight = e.sample_weights(sample_weight, X)
        labels = e.labels(y, "logistic regression")
        self.classes_ = labels.classes
        if lam and solver == "sgd":
            raise messages.error("penalty_solver", solver=solver)
        _weighted_classes(e, labels, sample_weight, "logistic regression", lam and not self.fit_intercept)
        Xd = e.design(X, self.fit_intercept)
        if len(self.classes_) > 2:
            if solver == "sgd":
                _labels.binary_labels(y, "logistic regression with solver='sgd' (LG-4)",
                                      "solver='newton' or 'gd' (softmax regression, 000 §9.3)")
            self.theta_, Theta = _softmax_fit(self, e, solver, Xd, labels, lam, rate, sample_weight)
            self.intercept_, self.coef_ = _base.split_theta(Theta, self.fit_intercept)
            self._standard_errors, self._nobs = None, Xd.shape[0]
            return self
        y01 = labels.zero_one()
        start = np.zeros(Xd.shape[1])
        record = self.verbose >= 2
        if solver == "sgd":
            order = _base.example_order(self.shuffle, self.random_state, Xd.shape[0])
            result = _fast.logistic_sgd(Xd, y01, start, rate, self.epochs, order, self.decay,
                                        record, sample_weight)
        else:
            cap = _base.check_cap(self.max_iterations, solver)
            remedy = None if lam else "remedy_penalty"
            first, n_jobs = not self.fit_intercept, _base.check_n_jobs(self.n_jobs)
            if sample_weight is not None:
                result = _weighted_fit(e, solver, Xd, y01, start, rate, cap, self, lam, sample_weight,
                                       remedy, n_jobs)
            elif solver == "newton":
                result = _base.iterate(
                    lambda: e.logistic_newton(Xd, y01, start, cap, self.tol, record, lam, first, n_jobs),
                    cap, remedy, newton=True)
            else:
                result = _base.iterate(lambda: e.logistic_gradient_ascent(
                    Xd, y01, start, rate, cap, self.tol, self.average, record, lam, first),
                    cap, remedy)
        self.theta_ = np.asarray(result.theta)
        intercept, coef = _base.split_theta(self.theta_, self.fit_intercept)
        self.coef_, self.intercept_ = coef[None, :], np.atleast_1d(intercept)
        self.n_iter_, self.converged_ = result.iterations, result.converged
        self._nobs = Xd.shape[0]
        bernoulli = _fast.exponential_family("bernoulli")
        self._standard_errors = (_summary.standard_errors(self, e, bernoulli, Xd, y01, None, sample_weight)
                                 if not lam else None)
        unit = "epoch" if solver == "sgd" else "iteration"

        def loglik(theta):
            return e.glm_log_likelihood(bernoulli, Xd, y01, theta, None, sample_weight)
        _base.report(self, lambda: f"{solver}: {_base.outcome(result.converged, result.iterations, unit)}; "
                                   f"ℓ(θ) = {loglik(self.theta_):.10g}",
                     lambda: (f"{unit} {k}: ℓ(θ) = {loglik(t):.10g}" for k, t in enumerate(result.path)))
        return self

    def summary(self):
        """X-6: θ with standard errors from the inverse Fisher information (−H⁻¹ at θ̂), z
        statistics, p-values and Wald intervals: a ``GLMSummary`` (statsmodels' names ``params``,
        ``bse``, ``zvalues``, ``pvalues``, ``conf_int()``; θ for the label ``classes_[1]``) that
        prints as a table. On separable data θ̂ does not exist and the errors grow without bound.
        Two classes and the maximum likelihood fit only (``penalty=None``)."""
        if self._k_classes():
            raise ValueError(f"summary: the table is that of the two-class model; this fit has "
                             f"{len(self.classes_)} classes")
        if self._standard_errors is None:
            raise messages.error("penalty_no_summary", what=f"penalty={self.penalty!r}, C={self.C!r}",
                                 unpenalised="penalty=None")
        return _summary.summarise(self, f"Logistic regression: p(y = {self.classes_[1]} | x)")

    def _k_classes(self):
        """Fitted with more than two classes (softmax regression)."""
        check_is_fitted(self)
        return len(self.classes_) > 2

    @_base.rowwise
    def decision_function(self, X):
        """θᵀx for every row of X: positive where p(y = classes_[1] | x) > ½. For k > 2 classes
        the scores w_lᵀx of the centred rows (``coef_`` and ``intercept_``), one column per class."""
        if self._k_classes():
            return self._design(X) @ _centred(self.theta_).T
        return _fast.linear_predict(self._design(X), self.theta_)

    @_base.rowwise
    def predict(self, X):
        """classes_[1] where h_θ(x) ≥ ½, i.e. θᵀx ≥ 0, else classes_[0] (LG-1); for k > 2 the
        most probable class (SM-3; the first in ``classes_`` on a tie)."""
        if self._k_classes():
            return _softmax_predict(self, self.theta_, X)
        return self._threshold(X)

    @_base.rowwise
    def predict_proba(self, X):
        """[p(y = classes_[0] | x), p(y = classes_[1] | x)] = [1 − g(θᵀx), g(θᵀx)] per row (LG-3);
        for k > 2 the softmax probabilities (SM-3, (8))."""
        if self._k_classes():
            return _fast.softmax_probabilities(self._design(X), self.theta_)
        p = _fast.logistic_probability(self._design(X), self.theta_)
        return np.column_stack([1 - p, p])

    @_base.rowwise
    def predict_log_proba(self, X):
        """[log p(y = classes_[0] | x), log p(y = classes_[1] | x)] = [−log(1 + e^z), −log(1 + e^−z)],
        z = θᵀx, per row (LG-3), without forming the probabilities (no log 0); for k > 2,
        θ_lᵀx − log Σⱼ e^(θⱼᵀx)."""
        if self._k_classes():
            return _softmax_log_proba(self._design(X), self.theta_)
        return _base.log_odds_to_log_proba(self.decision_function(X))


def _weighted_fit(engine, solver, Xd, y01, start, rate, cap, estimator, lam, sample_weight, remedy,
                  n_jobs):
    """X-2: the two-class fit with sample weights, the Bernoulli GLM's (logistic regression is
    that GLM, GLM-3), by Newton from θ = 0 or by gradient ascent (``engine``: the call's)."""
    bernoulli, first, e = _fast.exponential_family("bernoulli"), not estimator.fit_intercept, estimator
    record = e.verbose >= 2
    if solver == "newton":
        return _base.iterate(lambda: engine.glm_newton(bernoulli, Xd, y01, start, cap, e.tol, record, lam,
                                                       first, sample_weight=sample_weight, n_jobs=n_jobs),
                             cap, remedy, newton=True)
    return _base.iterate(lambda: engine.glm_gradient_ascent(
        bernoulli, Xd, y01, start, rate, cap, e.tol, e.average, record, lam, first,
        sample_weight=sample_weight), cap, remedy)


def _weighted_classes(e, labels, sample_weight, model, bounded):
    """X-2: with sample weights, at least two classes must carry weight (a ValueError naming the
    class that carries none otherwise); unless the fit is ``bounded`` (penalised with no
    intercept) every class must, since the θ of a class of weight 0 runs off (its intercept to
    −∞). Weights the faces' reader refuses (a negative one, all 0) are left to it, so that its
    words name them."""
    if sample_weight is None or not (sample_weight >= 0).all() or not sample_weight.any():
        return
    empty, kept = e.classes_without_weight(labels, sample_weight)
    if len(kept) < 2:
        raise messages.error("weights_one_class", empty=repr(empty[0]), kept=repr(kept[0]), model=model)
    if empty and not bounded:
        raise messages.error("weights_absent_class", empty=repr(empty[0]))


def _softmax_fit(estimator, engine, solver, Xd, labels, lam, rate, sample_weight=None):
    """SM-4 (X-1 with ``lam``, the symmetric prior; X-2 with ``sample_weight``): fit softmax
    regression for ``estimator`` (its tol, cap, average, verbose, fit_intercept) to the design Xd
    and labels coded 1..k from Θ = 0 (``engine``: the call's; Newton on a dask Xd, X-7); sets
    n_iter_ and converged_, reports, and returns (Θ, the k centred rows θ_l − (1/k) Σ_m θ_m,
    θ_k = 0: scikit-learn's coef_ and intercept_)."""
    y1k = labels.one_to_k()
    start = np.zeros((len(labels.classes) - 1, Xd.shape[1]))
    cap = _base.check_cap(estimator.max_iterations, solver)
    record = estimator.verbose >= 2
    remedy, first = (None if lam else "remedy_penalty"), not estimator.fit_intercept
    if solver == "newton":
        result = _base.iterate(lambda: engine.softmax_newton(Xd, y1k, start, cap, estimator.tol, record,
                                                             lam, first, sample_weight, "symmetric"),
                               cap, remedy, newton=True)
    else:
        result = _base.iterate(lambda: engine.softmax_gradient_ascent(
            Xd, y1k, start, rate, cap, estimator.tol, estimator.average, record, lam, first,
            sample_weight, "symmetric"), cap, remedy)
    Theta = np.asarray(result.theta)
    estimator.n_iter_, estimator.converged_ = result.iterations, result.converged

    def loglik(T):
        return engine.softmax_log_likelihood(Xd, y1k, T, sample_weight)
    _base.report(estimator, lambda: f"{solver}: {_base.outcome(result.converged, result.iterations)}; "
                                    f"ℓ(θ) = {loglik(Theta):.10g}",
                 lambda: (f"iteration {k}: ℓ(θ) = {loglik(T):.10g}" for k, T in enumerate(result.path)))
    return Theta, _centred(Theta)


def _centred(Theta):
    """The k rows θ_l − (1/k) Σ_m θ_m of Θ = (θ₁, ..., θ_{k−1}) and θ_k = 0 (000 §9.3): the same
    probabilities, with the rows summing to 0 as scikit-learn's (the minimiser of the symmetric
    prior's penalty over the shift the rows share, X-1)."""
    full = np.vstack([Theta, np.zeros((1, Theta.shape[1]))])
    return full - Theta.sum(axis=0) / len(full)


def _softmax_scores(Xd, Theta):
    """θ_lᵀx for l = 1..k (θ_k = 0), a column per class."""
    return np.column_stack([Xd @ Theta.T, np.zeros(len(Xd))])


def _softmax_predict(estimator, Theta, X):
    codes = _fast.softmax_predict(estimator._design(X), Theta)
    return estimator.classes_[np.asarray(codes, dtype=np.intp) - 1]


def _softmax_log_proba(Xd, Theta):
    scores = _softmax_scores(Xd, Theta)
    return scores - logsumexp(scores, axis=1, keepdims=True)


class Perceptron(_Linear, ClassifierMixin, BaseEstimator):
    """The perceptron h_θ(x) = g(θᵀx) with the threshold g(z) = 1{z ≥ 0} (000 §6; 002 §1.3.1).

    Catalog row PC-1: θⱼ := θⱼ + α (y⁽ⁱ⁾ − h_θ(x⁽ⁱ⁾)) xⱼ⁽ⁱ⁾ over the examples, epoch after
    epoch from θ = 0, until an epoch makes no mistake (``cs229.fast.logistic_regression.perceptron``).
    The two classes are coded as the notes' y ∈ {0, 1} (``classes_[1]`` is 1).

    Parameters
    ----------
    learning_rate : float, default=1.0
        The learning rate α.
    max_epochs : int, default=1000
        The cap on epochs.
    fit_intercept : bool, default=True
        Prepend x₀ = 1 to every example (LR-1).
    shuffle : bool, default=False
        Visit the examples in one random order (from ``random_state``) instead of 1..m.
    random_state : int, RandomState instance or None, default=None
        The generator of that order.
    verbose : int, default=0
        1 prints the number of epochs when the fit ends, 2 also each epoch's mistakes.
    alpha : float, optional
        Deprecated: the former name of ``learning_rate``, still honoured for one release with a
        FutureWarning (scikit-learn's Perceptron calls its penalty alpha).

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
        The two labels; ``classes_[1]`` is the notes' y = 1.
    theta_ : ndarray of shape (n_features + 1,) or (n_features,)
        θ, with θ₀ first when ``fit_intercept``.
    coef_ : ndarray of shape (1, n_features)
    intercept_ : ndarray of shape (1,)
    n_iter_ : int
        Epochs run.
    converged_ : bool
        Whether the last epoch made no mistake (θ then separates the training data).
    mistakes_ : list of int
        The mistakes of each epoch.
    n_features_in_, feature_names_in_
        As in scikit-learn.

    Notes
    -----
    On data that are not linearly separable no epoch comes clean (000 §6): after
    ``max_epochs`` the last θ is kept with a ConvergenceWarning, as scikit-learn's Perceptron
    does at ``max_iter``.
    """

    def __init__(self, learning_rate=1.0, max_epochs=1000, fit_intercept=True, shuffle=False,
                 random_state=None, verbose=0, alpha=_base.DEPRECATED):
        _base.keep(self, locals())

    def __sklearn_tags__(self):
        return _base.two_classes(super().__sklearn_tags__())

    @_base.user_columns
    def fit(self, X, y):
        """Run the perceptron on the examples X (n_samples, n_features) and two-valued labels y."""
        cap = parameters.positive_int(self.max_epochs, "max_epochs")
        rate = _base.learning_rate(self)
        X, y = _base.fit_data(self, X, y)
        labels = _labels.binary_labels(y, "the perceptron")
        self.classes_ = labels.classes
        Xd = _base.design(X, self.fit_intercept)
        order = _base.example_order(self.shuffle, self.random_state, Xd.shape[0])
        result = _base.iterate(lambda: _fast.perceptron(
            Xd, labels.zero_one(), np.zeros(Xd.shape[1]), rate, cap, order, False), cap)
        self.theta_ = np.asarray(result.theta)
        intercept, coef = _base.split_theta(self.theta_, self.fit_intercept)
        self.coef_, self.intercept_ = coef[None, :], np.atleast_1d(intercept)
        self.n_iter_, self.converged_ = result.iterations, result.converged
        self.mistakes_ = list(_fast.perceptron_mistakes(result))
        _base.report(self, f"{_base.outcome(result.converged, result.iterations, 'epoch')}; "
                           f"{self.mistakes_[-1]} mistakes in the last",
                     lambda: (f"epoch {k}: {n} mistakes" for k, n in enumerate(self.mistakes_, 1)))
        return self

    @_base.rowwise
    def decision_function(self, X):
        """θᵀx for every row of X: ≥ 0 where the perceptron says classes_[1]."""
        return _fast.linear_predict(self._design(X), self.theta_)

    @_base.rowwise
    def predict(self, X):
        """classes_[1] where g(θᵀx) = 1, i.e. θᵀx ≥ 0, else classes_[0] (PC-1)."""
        return self._threshold(X)


@_docs.filled
class SoftmaxRegression(_Linear, ClassifierMixin, BaseEstimator):
    """Softmax regression p(y = i | x; θ) = e^(θᵢᵀx) / Σⱼ e^(θⱼᵀx), θ_k = 0 (000 §9.3; 002 §1.3.4).

    Catalog rows SM-2 (the softmax, computed stably), SM-3 (the model (8) with θ_k = 0), SM-4
    (the log-likelihood and its maximisation by gradient ascent or Newton's method). The fit is
    the one of ``cs229.fast.softmax`` from Θ = 0; this class checks the input, prepends
    x₀ = 1 and codes ``classes_[i]`` as the notes' class i + 1, so the last class is the one
    whose θ_k is fixed at 0.

    Parameters
    ----------
    solver : {"newton", "gd"}, default="newton"
        Newton's method on the stacked θ₁, ..., θ_{k−1}, or gradient ascent
        θ_l := θ_l + α Σᵢ (1{y⁽ⁱ⁾ = l} − φ_l(x⁽ⁱ⁾)) x⁽ⁱ⁾; both stop when
        max |Δθ| ≤ tol·(1 + max |θ|). Where one class lies apart from the others (iris's
        setosa) the likelihood has no maximum: without a penalty Newton's method then fails
        (θ grows until the Hessian is singular or too ill-conditioned for a step) and its error
        names ``penalty="l2"``, with which the maximum exists and Newton converges in a few
        steps.
    fit_intercept : bool, default=True
        Prepend x₀ = 1 to every example (LR-1).
    learning_rate : float, default=0.5
        "gd": the learning rate α. With the averaged gradient a step of 0.5 is stable for
        features of unit scale (the softmax gradient is bounded, so a step too large makes θ
        oscillate rather than overflow: the fit then stops at ``max_iterations``).
    %(newton_or_gd_stop)s
    verbose : int, default=0
        1 prints the number of iterations and ℓ(θ) when the fit ends, 2 also ℓ(θ) after every
        iteration.
    penalty : {"l2"} or None, default=None
        None: the notes' maximum likelihood fit. "l2": the symmetric prior (X-1), maximise
        ℓ(Θ) − (λ/2) Σ_{l≤k} Σ_{j≥1} w_lj² with λ = 1/C over the k rows w_l = θ_l + c (θ_k = 0)
        and the shift c they share, the intercepts unpenalised (every entry without
        ``fit_intercept``): scikit-learn's ``LogisticRegression(C=C)``.
    C : float, default=1.0
        With ``penalty="l2"``: the inverse of λ, > 0. Not read with ``penalty=None``.
    alpha : float, optional
        Deprecated: the former name of ``learning_rate``, still honoured for one release with a
        FutureWarning.

    Attributes
    ----------
    classes_ : ndarray of shape (k,)
        The labels; ``classes_[i]`` is the notes' class i + 1.
    Theta_ : ndarray of shape (k − 1, n_features + 1) or (k − 1, n_features)
        The rows θ₁, ..., θ_{k−1} (θ_k = 0), each with θ₀ first when ``fit_intercept``.
    coef_ : ndarray of shape (k, n_features)
        The centred rows w_l = θ_l − (1/k) Σ_m θ_m (l = 1..k, θ_k = 0) without the intercept
        column: the same probabilities as Θ, the rows summing to 0 as scikit-learn's.
    intercept_ : ndarray of shape (k,)
        The intercepts w_l0 of those rows (summing to 0; all 0 without ``fit_intercept``).
    n_iter_ : int
    converged_ : bool or None
    n_features_in_, feature_names_in_
        As in scikit-learn.

    Notes
    -----
    When every example's own class can be put strictly on top (the classes are linearly
    separable) the likelihood has no maximum: the fit stops at that iterate, keeps it and
    warns (ConvergenceWarning, naming ``penalty="l2"``), as ``LogisticRegression`` does. A
    singular Hessian raises SingularMatrixError.

    The notes fix θ_k = 0, and penalising θ₁, ..., θ_{k−1} alone (``prior="notes"`` of
    ``cs229.fast.softmax``) would treat class k apart. The penalty is therefore the symmetric
    prior's, scikit-learn's Σ_{l≤k} ‖w_l‖² on k rows w_l = θ_l + c: the likelihood does not
    depend on c, so the fit takes the c that minimises the penalty, c = −(1/k) Σ_m θ_m, where
    it is (λ/2) [Σ_{l<k} ‖θ_l‖² − (1/k) ‖Σ_{l<k} θ_l‖²] on the notes' Θ (``prior="symmetric"``).
    Penalised fits are scikit-learn's LogisticRegression(C=C) (to 1e-8 in ``predict_proba``,
    ``coef_`` and ``intercept_``); the unpenalised ones are the notes' maximum likelihood fit.
    """

    def __init__(self, solver="newton", fit_intercept=True, learning_rate=0.5, max_iterations=None,
                 tol=1e-10, average=True, verbose=0, penalty=None, C=1.0, alpha=_base.DEPRECATED):
        _base.keep(self, locals())

    @_base.user_columns
    def fit(self, X, y, sample_weight=None):
        """Fit Θ to the examples X (n_samples, n_features) and labels y (two or more classes).

        ``sample_weight`` (X-2): wᵢ >= 0 per example, maximising ℓ_w(Θ) = Σᵢ wᵢ ℓᵢ(Θ) (an
        integer weight is the example repeated; "gd"'s ``average`` divides by Σ wᵢ). At least
        two classes must carry weight, and every class unless the fit is penalised without an
        intercept (the intercept of a class of weight 0 runs to −∞)."""
        solver = parameters.choice(self.solver, "solver", ("newton", "gd"))
        lam = _base.inverse_penalty(self.penalty, self.C)
        rate = _base.learning_rate(self)
        e = _base.engine(X, y, sample_weight)
        X, y = e.fit_data(self, X, y)
        sample_weight = e.sample_weights(sample_weight, X)
        labels = e.labels(y, "softmax regression")
        self.classes_ = labels.classes
        _weighted_classes(e, labels, sample_weight, "softmax regression", lam and not self.fit_intercept)
        Xd = e.design(X, self.fit_intercept)
        self.Theta_, Theta = _softmax_fit(self, e, solver, Xd, labels, lam, rate, sample_weight)
        self.intercept_, self.coef_ = _base.split_theta(Theta, self.fit_intercept)
        return self

    @_base.rowwise
    def predict(self, X):
        """The most probable class for every row of X (SM-3; the first in ``classes_`` on a tie)."""
        check_is_fitted(self)
        return _softmax_predict(self, self.Theta_, X)

    @_base.rowwise
    def predict_proba(self, X):
        """p(y = classes_[i] | x; θ) for every row of X and class i (SM-3, (8))."""
        Xd = self._design(X)
        return _fast.softmax_probabilities(Xd, self.Theta_)

    @_base.rowwise
    def predict_log_proba(self, X):
        """log p(y = classes_[i] | x; θ) = θᵢᵀx − log Σⱼ e^(θⱼᵀx) (θ_k = 0) for every row of X and
        class i (SM-3, (8)), in log space."""
        Xd = self._design(X)
        return _softmax_log_proba(Xd, self.Theta_)
