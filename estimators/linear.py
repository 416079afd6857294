"""Part I of the notes as estimators: least squares by the normal equations, gradient descent or
LMS, and locally weighted linear regression (000 Part I; 002 §1.1-1.2)."""
import numpy as np
from sklearn.base import BaseEstimator, RegressorMixin
from sklearn.utils.validation import check_is_fitted

from cs229.reference import parameters

from . import _base, _docs, _fast

__all__ = ["LinearRegression", "LocallyWeightedRegression", "Ridge"]


@_docs.filled
class LinearRegression(RegressorMixin, BaseEstimator):
    """Least-squares linear regression h_θ(x) = θᵀx (000 Part I; 002 §1.1).

    Catalog rows LR-1 (h_θ(x) = θᵀx with x₀ = 1), LR-2 (J(θ) = ½ Σᵢ (h_θ(x⁽ⁱ⁾) − y⁽ⁱ⁾)²),
    LR-5 (batch gradient descent, 000 §1; 002 Listing 1), LR-6 (LMS / stochastic gradient
    descent, 000 §1 and footnote 2), LR-12 (the normal equations XᵀXθ = Xᵀy, 000 §2.2). The fit
    is the one of ``cs229.fast.linear_regression``; this class only checks the input, prepends
    x₀ = 1 and keeps θ.

    Parameters
    ----------
    solver : {"normal", "gd", "sgd"}, default="normal"
        "normal": θ solving XᵀXθ = Xᵀy (LR-12). "gd": θ := θ − α∇J(θ) from θ = 0 until
        maxⱼ |Δθⱼ| ≤ tol·(1 + maxⱼ |θⱼ|) (LR-5). "sgd": the LMS rule
        θⱼ := θⱼ + α (y⁽ⁱ⁾ − h_θ(x⁽ⁱ⁾)) xⱼ⁽ⁱ⁾, example after example, for ``epochs`` epochs
        from θ = 0 (LR-6; the notes give it no stopping test).
    fit_intercept : bool, default=True
        Prepend the entry x₀ = 1 to every example (LR-1), so that θ₀ is the intercept.
    learning_rate : float, default=0.01
        The learning rate α of "gd" and "sgd" (a step size; the penalised least squares are
        ``Ridge``). Gradient descent diverges when α is too large for the scale of X; scale
        the features (e.g. ``StandardScaler`` in a ``Pipeline``) or lower α.
    max_iterations : int, default=10_000
        "gd": the cap on the number of updates.
    tol : float or None, default=1e-10
        "gd": the stopping test above; None runs exactly ``max_iterations`` updates.
    average : bool, default=True
        "gd": divide the gradient by m (002 Listing 1), so that α does not depend on the
        number of examples; False is 000's sum over the examples.
    epochs : int, default=100
        "sgd": the number of passes over the examples.
    decay : float, default=0.0
        "sgd": update t uses α_t = α / (1 + decay·t) (000 footnote 2); 0 keeps α fixed.
    shuffle : bool, default=False
        "sgd": visit the examples in one random order (drawn from ``random_state``) instead
        of 1..m, the same order every epoch.
    random_state : int, RandomState instance or None, default=None
        The generator of that order.
    verbose : int, default=0
        "gd" and "sgd": 1 prints the number of iterations and J(θ) when the fit ends, 2 also
        J(θ) after every iteration (epoch for "sgd").
    alpha : float, optional
        Deprecated: the former name of ``learning_rate``, still honoured for one release with a
        FutureWarning (scikit-learn's alpha is a penalty, ``Ridge``'s).

    Attributes
    ----------
    %(theta)s
    n_iter_ : int
        "gd": updates made; "sgd": epochs run. Not set by "normal".
    converged_ : bool or None
        "gd": whether the stopping test held (None with ``tol=None``). Not set otherwise.
    %(features_in)s

    Notes
    -----
    A singular XᵀX (dependent columns, or fewer examples than parameters) raises the fast
    face's SingularMatrixError, a ValueError naming the dependent column. Gradient descent
    whose θ leaves the finite numbers raises ConvergenceError (α too large); reaching
    ``max_iterations`` first keeps the last θ with a ConvergenceWarning.
    """

    def __init__(self, solver="normal", fit_intercept=True, learning_rate=0.01, max_iterations=10_000,
                 tol=1e-10, average=True, epochs=100, decay=0.0, shuffle=False,
                 random_state=None, verbose=0, alpha=_base.DEPRECATED):
        _base.keep(self, locals())

    @_base.user_columns
    def fit(self, X, y, sample_weight=None):
        """Fit θ to the examples X (n_samples, n_features) and targets y (n_samples,).

        ``sample_weight`` (X-2): wᵢ >= 0 per example, minimising ½ Σᵢ wᵢ(θᵀx⁽ⁱ⁾ − y⁽ⁱ⁾)² (an
        integer weight is the example repeated): "normal" solves XᵀWXθ = XᵀWy, "gd" descends
        the weighted J (``average`` divides by Σ wᵢ); "sgd" scales example i's step by wᵢ
        (scikit-learn's SGD meaning)."""
        solver = parameters.choice(self.solver, "solver", ("normal", "gd", "sgd"))
        rate = _base.learning_rate(self)
        e = _base.engine(X, y, sample_weight)
        X, y = e.fit_data(self, X, y, y_numeric=True)
        sample_weight = e.sample_weights(sample_weight, X)
        Xd = e.design(X, self.fit_intercept)
        if solver == "normal":
            theta = e.normal_equations(Xd, y, sample_weight)
        else:
            if solver == "sgd":
                _base.in_memory(e, "LinearRegression", solver, "'normal' or 'gd'")
            theta = self._descend(e, solver, Xd, y, rate, sample_weight)
        self.theta_ = theta
        self.intercept_, self.coef_ = _base.split_theta(theta, self.fit_intercept)
        self.intercept_ = float(self.intercept_)
        return self

    def _descend(self, e, solver, Xd, y, rate, sample_weight):
        record = self.verbose >= 2
        start = np.zeros(Xd.shape[1])
        if solver == "gd" and sample_weight is not None:
            # least squares is the Gaussian GLM (θ − α∇J is θ + α∇ℓ), whose ascent takes weights
            cap = parameters.positive_int(self.max_iterations, "max_iterations")
            result = _base.iterate(lambda: e.glm_gradient_ascent(
                _fast.exponential_family("gaussian"), Xd, y, start, rate, cap, self.tol,
                self.average, record, 0.0, False, sample_weight=sample_weight), cap)
            unit = "iteration"
        elif solver == "gd":
            cap = parameters.positive_int(self.max_iterations, "max_iterations")
            result = _base.iterate(lambda: e.batch_gradient_descent(
                Xd, y, start, rate, cap, self.tol, self.average, record), cap)
            unit = "iteration"
        else:
            order = _base.example_order(self.shuffle, self.random_state, Xd.shape[0])
            result = _fast.stochastic_gradient_descent(Xd, y, start, rate, self.epochs, order,
                                                       self.decay, record, sample_weight)
            unit = "epoch"
        self.n_iter_ = result.iterations
        if solver == "gd":
            self.converged_ = result.converged
        _base.report(self, lambda: f"{solver}: {_base.outcome(result.converged, result.iterations, unit)}; "
                                   f"J(θ) = {e.cost(Xd, y, result.theta):.10g}",
                     lambda: (f"{unit} {k}: J(θ) = {e.cost(Xd, y, t):.10g}"
                              for k, t in enumerate(result.path)))
        return result.theta

    @_base.rowwise
    def predict(self, X):
        """h_θ(x) = θᵀx for every row of X (LR-1)."""
        check_is_fitted(self)
        X = _base.predict_data(self, X)
        return _fast.linear_predict(_base.design(X, self.fit_intercept), self.theta_)


@_docs.filled
class LocallyWeightedRegression(RegressorMixin, BaseEstimator):
    """Locally weighted linear regression (000 §4; 002 §1.2.1).

    Catalog row LR-14: at each query x, θ minimises Σᵢ w⁽ⁱ⁾ (y⁽ⁱ⁾ − θᵀx⁽ⁱ⁾)² with
    w⁽ⁱ⁾ = exp(−‖x⁽ⁱ⁾ − x‖² / (2τ²)), by the weighted normal equations XᵀWXθ = XᵀWy, and the
    prediction is θᵀx (``cs229.fast.linear_regression.lwr_predict``). The algorithm is
    non-parametric (000 §4): ``fit`` keeps the training set, all the work is in ``predict``.

    Parameters
    ----------
    tau : float, default=1.0
        The bandwidth τ: how fast a training example's weight falls with its distance from the
        query. A τ small against the spacing of the examples leaves too few examples with weight
        near a query and XᵀWX singular there.
    fit_intercept : bool, default=True
        Prepend x₀ = 1 to the examples and the queries (LR-1).

    Attributes
    ----------
    X_ : ndarray of shape (n_samples, n_features)
        The training examples.
    y_ : ndarray of shape (n_samples,)
        Their targets.
    tau_ : float
        The bandwidth τ predict uses (``tau`` as fit checked it).
    fit_intercept_ : bool
        Whether predict prepends x₀ = 1.
    %(features_in)s

    Notes
    -----
    A query at which XᵀWX is singular raises the fast face's SingularMatrixError (a
    ValueError) naming the query.
    """

    def __init__(self, tau=1.0, fit_intercept=True):
        _base.keep(self, locals())

    @_base.user_columns
    def fit(self, X, y):
        """Keep the examples X (n_samples, n_features) and targets y (n_samples,), checked here
        as predict will read them (and τ > 0, finite), so that bad input fails at fit."""
        # read here, not at predict: fit keeps what predict will use (tau_, fit_intercept_)
        tau = parameters.positive(self.tau, "tau", float64=True)
        fit_intercept = parameters.flag(self.fit_intercept, "fit_intercept")
        X, checked = _base.fit_data(self, X, y, y_numeric=True)
        self.X_, self.y_ = X, _base.real_targets(checked, y)
        self.tau_, self.fit_intercept_ = tau, fit_intercept
        return self

    @_base.rowwise
    @_base.user_columns
    def predict(self, X):
        """θ(x)ᵀx at every row x of X, θ(x) from the weighted normal equations (LR-14)."""
        check_is_fitted(self)
        X = _base.predict_data(self, X)
        return _fast.lwr_predict(_base.design(self.X_, self.fit_intercept_), self.y_,
                                 _base.design(X, self.fit_intercept_), self.tau_)


@_docs.filled
class Ridge(RegressorMixin, BaseEstimator):
    """Ridge regression: least squares with an L2 penalty on θ₁, ..., θₙ (X-1, extending 000
    Part I), scikit-learn's ``Ridge`` by name and meaning.

    Catalog row X-1: θ minimises J(θ) + (λ/2) Σ_{j≥1} θⱼ², J(θ) = ½ Σᵢ (θᵀx⁽ⁱ⁾ − y⁽ⁱ⁾)² (LR-2),
    the MAP estimate under a Gaussian prior θⱼ ~ N(0, σ²/λ) on the coefficients; it solves
    (XᵀX + λI′)θ = Xᵀy, I′ the identity with 0 at the intercept
    (``cs229.fast.linear_regression.normal_equations`` with ``lam``). This is the θ of
    scikit-learn's ``Ridge(alpha=λ)``, which minimises twice that objective.

    Parameters
    ----------
    alpha : float, default=1.0
        The penalty λ ≥ 0 (scikit-learn's name; the functional faces call it ``lam``). 0 is the
        unpenalised fit of ``LinearRegression``.
    fit_intercept : bool, default=True
        Prepend x₀ = 1 to every example (LR-1); the intercept θ₀ is not penalised. Without it
        every θⱼ is (``penalize_intercept=True`` in the functional faces).
    solver : {"cholesky", "qr"}, default="cholesky"
        "cholesky": the ridge normal equations by Cholesky. "qr": least squares on X with the
        rows √λ·eⱼ appended (y with zeros), by QR, which never forms XᵀX.

    Attributes
    ----------
    %(theta)s
    %(features_in)s

    Notes
    -----
    With λ > 0 only the unpenalised intercept can make the system singular (a design of
    fewer examples than features is fine); λ = 0 raises SingularMatrixError as
    ``LinearRegression`` does.
    """

    def __init__(self, alpha=1.0, fit_intercept=True, solver="cholesky"):
        _base.keep(self, locals())

    @_base.user_columns
    def fit(self, X, y, sample_weight=None):
        """Fit θ to the examples X (n_samples, n_features) and targets y (n_samples,).

        ``sample_weight`` (X-2): wᵢ >= 0 per example, minimising ½ Σᵢ wᵢ(θᵀx⁽ⁱ⁾ − y⁽ⁱ⁾)² +
        (λ/2) Σ_{j≥1} θⱼ², (XᵀWX + λI′)θ = XᵀWy: scikit-learn's ``Ridge`` with the same weights."""
        # alpha is scikit-learn's name for the fast face's lam: read here, in its own words
        lam = parameters.nonnegative(self.alpha, "alpha", float64=True)
        e = _base.engine(X, y, sample_weight)
        X, y = e.fit_data(self, X, y, y_numeric=True)
        sample_weight = e.sample_weights(sample_weight, X)
        Xd = e.design(X, self.fit_intercept)
        theta = e.ridge(Xd, y, self.solver, lam, not self.fit_intercept, sample_weight)
        self.theta_ = theta
        self.intercept_, self.coef_ = _base.split_theta(theta, self.fit_intercept)
        self.intercept_ = float(self.intercept_)
        return self

    @_base.rowwise
    def predict(self, X):
        """h_θ(x) = θᵀx for every row of X (LR-1)."""
        check_is_fitted(self)
        X = _base.predict_data(self, X)
        return _fast.linear_predict(_base.design(X, self.fit_intercept), self.theta_)
