"""Part V of the notes as classifiers: the support vector machine fitted by SMO, and the kernel
perceptron (000 Part V §6-9; 001 §11.1-11.2; 004)."""

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.validation import check_is_fitted

from cs229.reference import parameters

from . import _base, _fast, _labels

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
    gamma : float, default=0.5
        "rbf": γ = 1/(2σ²); 0.5 is σ = 1.
    coef0 : float, default=0.0
        "poly": c ≥ 0."""


def _signed_fit_data(estimator, X, y, kernel, model):
    """(X, labels): X as the kernel reads it (float rows, or str for a string kernel) and the two
    classes, coded by the caller as the notes' y ∈ {−1, 1}."""
    if _base.is_string_kernel(kernel):
        X, y = _base.strings(estimator, X, y)
    else:
        X, y = _base.fit_data(estimator, X, y)
    return X, _labels.binary_labels(y, model)


def _predict_points(estimator, X):
    if _base.is_string_kernel(estimator.kernel_):
        return _base.strings(estimator, X, reset=False)
    return _base.predict_data(estimator, X)


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
    verbose : int, default=0
        1 prints the number of steps, W(α) and the remaining KKT gap when the fit ends.

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
        The two labels; ``classes_[1]`` is the notes' y = +1.
    alpha_ : ndarray of shape (n_samples,)
        Every multiplier αᵢ.
    support_ : ndarray of shape (n_SV,)
        The indices with αᵢ > 0, ascending.
    support_vectors_ : ndarray of shape (n_SV, n_features) (or (n_SV,) strings)
        Their rows.
    dual_coef_ : ndarray of shape (1, n_SV)
        αᵢy⁽ⁱ⁾ of the support vectors.
    intercept_ : ndarray of shape (1,)
        b.
    coef_ : ndarray of shape (1, n_features)
        w = Σᵢ αᵢy⁽ⁱ⁾x⁽ⁱ⁾ (OMC-3, (9)); only for the linear kernel.
    objective_ : float
        W(α) at the answer.
    kkt_gap_ : float
        The remaining maximal KKT violation.
    n_iter_ : int
        Two-variable steps taken.
    converged_ : bool
        Whether the stopping test held.
    kernel_ : callable
        The kernel K(x, z) used.
    model_ : cs229.fast.smo.SVMFit
        The fitted model as the fast face returns it.
    n_features_in_, feature_names_in_
        As in scikit-learn (for a string kernel, set when X is a column of strings in a
        two-dimensional input).

    Notes
    -----
    Reaching ``max_iterations`` keeps the last α with a ConvergenceWarning. The hard margin on
    inseparable data raises the fast face's InfeasibleError (a ValueError); a kernel that is not
    positive semi-definite on the data can stop SMO on a pair that cannot move
    (ConvergenceError).
    """

    def __init__(self, C=1.0, kernel="rbf", degree=3, gamma=0.5, coef0=0.0, rule="wss2",
                 tol=1e-3, max_iterations=100_000, seed=0, shrinking=True, cache_size=200, verbose=0):
        _base.keep(self, locals())

    def __sklearn_tags__(self):
        return _base.two_classes(super().__sklearn_tags__())

    def fit(self, X, y):
        """Solve the dual for the examples X (n_samples, n_features) and two-valued labels y."""
        cap = parameters.positive_int(self.max_iterations, "max_iterations")
        kernel = _base.kernel_object(self.kernel, self.degree, self.coef0, self.gamma)
        X, labels = _signed_fit_data(self, X, y, kernel, "the SVM")
        self.classes_, ys = labels.classes, labels.signed()
        # C, rule, tol, seed, shrinking and cache_size are SMO's, checked there once
        fit = _base.iterate(lambda: _fast.smo_fit(X, ys, self.C, kernel, self.rule, self.tol, cap,
                                                  self.seed, self.shrinking, self.cache_size), cap)
        if isinstance(kernel, _fast.Linear):
            self.coef_ = np.asarray(_fast.svm_weights(X, ys, fit.alpha))[None, :]
        self.model_, self.kernel_ = fit, kernel
        self.alpha_ = np.asarray(fit.alpha)
        self.support_ = np.asarray(fit.support)
        self.support_vectors_ = fit.support_vectors
        self.dual_coef_ = (np.asarray(fit.support_alpha) * np.asarray(fit.support_labels))[None, :]
        self.intercept_ = np.array([fit.b], dtype=np.float64)
        self.objective_, self.kkt_gap_ = float(fit.objective), float(fit.kkt_gap)
        self.n_iter_, self.converged_ = fit.iterations, fit.converged
        _base.report(self, f"SMO ({fit.rule}): {_base.outcome(fit.converged, fit.iterations, 'step')}; "
                           f"W(α) = {self.objective_:.10g}, KKT gap {self.kkt_gap_:.3g}, "
                           f"{len(self.support_)} support vectors")
        return self

    def _model_for(self, X):
        """(model, points) on which the fast face evaluates (13) for the rows of X."""
        check_is_fitted(self)
        return self.model_, _predict_points(self, X)

    def decision_function(self, X):
        """Σᵢ αᵢy⁽ⁱ⁾K(x⁽ⁱ⁾, x) + b over the support vectors, for every row x of X (OMC-5, (13)):
        positive on the side of classes_[1]."""
        return _fast.svm_decision_function(*self._model_for(X))

    def predict(self, X):
        """classes_[1] where the decision value is ≥ 0, else classes_[0] (000 V §2: g(z) = 1
        for z ≥ 0)."""
        codes = _fast.svm_predict(*self._model_for(X))
        return self.classes_[(np.asarray(codes) == 1).astype(np.intp)]


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

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
        The two labels; ``classes_[1]`` is the notes' y = +1.
    alpha_ : ndarray of shape (n_samples,)
        The mistake count αᵢ of every example.
    support_ : ndarray of shape (n_SV,)
        The indices with αᵢ > 0, ascending.
    support_vectors_ : ndarray of shape (n_SV, n_features) (or (n_SV,) strings)
        Their rows.
    dual_coef_ : ndarray of shape (1, n_SV)
        αᵢy⁽ⁱ⁾ of those examples.
    intercept_ : ndarray of shape (1,)
        b.
    n_iter_ : int
        Epochs run.
    converged_ : bool
        Whether the last epoch made no mistake.
    kernel_ : callable
        The kernel K(x, z) used.
    n_features_in_, feature_names_in_
        As in scikit-learn (for a string kernel, set when X is a column of strings in a
        two-dimensional input).

    Notes
    -----
    On data that are not separable in the kernel's feature space no epoch comes clean: after
    ``max_epochs`` the last α and b are kept with a ConvergenceWarning. A kernel other than the
    named ones is first put to Mercer's test on X by the fast face (KR-7).
    """

    def __init__(self, kernel="rbf", degree=3, gamma=0.5, coef0=0.0, max_epochs=100,
                 shuffle=False, random_state=None, cache_size=200, verbose=0):
        _base.keep(self, locals())

    def __sklearn_tags__(self):
        return _base.two_classes(super().__sklearn_tags__())

    def fit(self, X, y):
        """Run the kernel perceptron on the examples X and two-valued labels y."""
        cap = parameters.positive_int(self.max_epochs, "max_epochs")
        kernel = _base.kernel_object(self.kernel, self.degree, self.coef0, self.gamma)
        X, labels = _signed_fit_data(self, X, y, kernel, "the kernel perceptron")
        self.classes_, ys = labels.classes, labels.signed()
        order = _base.example_order(self.shuffle, self.random_state, len(X))
        record = self.verbose >= 2
        result = _base.iterate(lambda: _fast.kernel_perceptron(X, ys, kernel, cap, order, record,
                                                                self.cache_size), cap)
        self.kernel_ = kernel
        self.alpha_ = np.asarray(result.theta)
        self.support_ = np.flatnonzero(self.alpha_)
        # the decision sum skips αⱼ = 0, so the examples with αⱼ > 0 are all prediction needs
        self.support_vectors_ = X[self.support_]
        self._support_labels = ys[self.support_]
        self.dual_coef_ = (self.alpha_[self.support_] * self._support_labels)[None, :]
        self.intercept_ = np.array([_fast.kernel_perceptron_threshold(result)], dtype=np.float64)
        self.n_iter_, self.converged_ = result.iterations, result.converged
        # the path holds (α, b) after each epoch: an epoch's updates are what it added to Σα
        updates = [int(np.sum(after) - np.sum(before))
                   for (before, _), (after, _) in zip(result.path, result.path[1:])] if record else []
        _base.report(self, f"{_base.outcome(result.converged, result.iterations, 'epoch')}; "
                           f"{int(self.alpha_.sum())} updates, {len(self.support_)} examples with α > 0",
                     lambda: (f"epoch {k}: {n} updates" for k, n in enumerate(updates, 1)))
        return self

    def decision_function(self, X):
        """Σⱼ αⱼy⁽ʲ⁾K(x⁽ʲ⁾, x) + b for every row x of X (KR-9): ≥ 0 on the side of classes_[1]."""
        check_is_fitted(self)
        return _fast.perceptron_decision(self.support_vectors_, self._support_labels,
                                         self.alpha_[self.support_], self.intercept_[0],
                                         _predict_points(self, X), self.kernel_)

    def predict(self, X):
        """classes_[1] where the decision value is ≥ 0 (g(0) = 1, 000 V §2), else classes_[0]."""
        positive = self.decision_function(X) >= 0
        return self.classes_[positive.astype(np.intp)]
