"""Compiled twins of cs229.reference.logistic_regression (catalog LG-1 … LG-5, PC-1, NW-2).

Gradient ascent, SGD and the perceptron keep the reference's order of operations and its
sigmoid, so on float64 data their iterates are the reference's bit for bit (batch gradient
ascent's on up to 4,096 rows, one block of X-7's summation form; to rounding past it). Newton forms XᵀWX
with BLAS and solves by Cholesky (LAPACK): the same answer to rounding.
"""
import numpy as np

# sigmoid is cimported as _sigmoid: the module's public sigmoid is its Python face.
from cs229.fast._inline_math cimport dot, linear_predictor, sigmoid as _sigmoid
from cs229.fast._path cimport stacked
from cs229.fast._sgd cimport sgd_epochs

from cs229.fast import _glm_core as core
from cs229.fast._validation import (as_binary_labels, as_matrix, as_order, as_sample_weights, as_vector,
                                    check_length, same_length)
from cs229.reference import exponential_family as ef
from cs229.reference.logistic_regression import (NEWTON_ADVICE, newton_callbacks,
                                                 perceptron_not_converged, sgd_divergence,
                                                 weighted_sgd_divergence)
from cs229.reference.newton import data_start_system, maximise, options, singular_hessian
from cs229.reference.parameters import (batch_schedule, flag, penalty, positive, positive_int,
                                         real, sgd_schedule)
from cs229.reference.results import (RAISE_CAP, ConvergenceError, IterativeResult,
                                     SeparableDataError, alpha_too_large)

__all__ = [
    "sigmoid", "hypothesis", "probabilities", "predict", "likelihood", "log_likelihood",
    "gradient", "hessian", "stochastic_update", "stochastic_gradient_ascent",
    "batch_gradient_ascent", "threshold", "perceptron_update", "perceptron", "newton",
    "is_separated", "SeparableDataError", "IterativeResult", "ConvergenceError",
]


def _design(X, y, *theta):
    """(X, y), or (X, y, θ) when θ is passed (None then is refused like any missing array)."""
    X = as_matrix(X, "X")
    y = as_binary_labels(y, "y", module=__name__)
    same_length(X, y)
    if not theta:
        return X, y
    return X, y, _parameters(theta[0], X)


def _parameters(theta, X):
    return as_vector(theta, "theta", X.shape[1], "X", of="columns")


def _example(x, theta):
    x = as_vector(x, "x")
    theta = as_vector(theta, "theta")
    check_length(x, "x", theta.shape[0], "theta")
    return x, theta


def sigmoid(z):
    """LG-1: g(z) = 1/(1 + e^(−z)), finite and in [0, 1] for every finite z."""
    return _sigmoid(real(z, "z", float64=True))


def hypothesis(x, theta):
    """LG-1: h_θ(x) = g(θᵀx)."""
    x, theta = _example(x, theta)
    cdef const double[::1] xv = x
    cdef const double[::1] tv = theta
    return _sigmoid(dot(&xv[0], &tv[0], xv.shape[0]))


def probabilities(X, theta):
    """LG-1, LG-3: g(θᵀx⁽ⁱ⁾) for every row."""
    X = as_matrix(X, "X")
    theta = _parameters(theta, X)
    out = linear_predictor(X, theta)
    cdef double[::1] o = out
    cdef Py_ssize_t i
    with nogil:
        for i in range(o.shape[0]):
            o[i] = _sigmoid(o[i])
    return out


def predict(X, theta):
    """LG-1: 1 where θᵀx ≥ 0, else 0."""
    X = as_matrix(X, "X")
    theta = _parameters(theta, X)
    return _labels(X, theta)


def _labels(X, theta):
    return (linear_predictor(X, theta) >= 0).astype(np.int64)


def likelihood(X, y, theta):
    """LG-3: L(θ) = Πᵢ h^y (1 − h)^(1−y) (underflows for large m; use log_likelihood)."""
    X, y, theta = _design(X, y, theta)
    cdef const double[:, ::1] Xv = X
    cdef const double[::1] yv = y
    cdef const double[::1] tv = theta
    cdef double total = 1.0, h
    cdef Py_ssize_t i
    with nogil:
        for i in range(Xv.shape[0]):
            h = _sigmoid(dot(&Xv[i, 0], &tv[0], Xv.shape[1]))
            total = total * (h if yv[i] == 1.0 else 1.0 - h)
    return total


def log_likelihood(X, y, theta):
    """LG-3: ℓ(θ) = −Σᵢ softplus(−z) (y = 1) or softplus(z) (y = 0), z = θᵀx⁽ⁱ⁾."""
    X, y, theta = _design(X, y, theta)
    return core.bernoulli_log_likelihood(X, y)(theta)[0]


def gradient(X, y, theta):
    """LG-4, LG-5: Σᵢ (y⁽ⁱ⁾ − g(θᵀx⁽ⁱ⁾)) x⁽ⁱ⁾, the reference's order."""
    X, y, theta = _design(X, y, theta)
    return core.gradient(X, y, theta, core.BERNOULLI, 0.0)


def hessian(X, y, theta):
    """NW-2: −Σᵢ g(zᵢ)g(−zᵢ) x⁽ⁱ⁾x⁽ⁱ⁾ᵀ (BLAS)."""
    X, y, theta = _design(X, y, theta)
    w = linear_predictor(X, theta)
    cdef double[::1] wv = w
    cdef double z
    cdef Py_ssize_t i
    with nogil:
        for i in range(wv.shape[0]):
            z = wv[i]
            wv[i] = _sigmoid(z) * _sigmoid(-z)
    A = core.weighted_gram(np.sqrt(w)[:, None] * X)
    H = -np.triu(A)
    return np.ascontiguousarray(H + np.triu(H, 1).T)


def _update_arguments(x, y, theta, alpha):
    """One example's update: x and θ, y in {0, 1}, α > 0 read in that order; θ copied."""
    x, theta = _example(x, theta)
    y = as_binary_labels([y], "y", module=__name__)[0]
    return x, y, theta.copy(), positive(alpha, "alpha", float64=True)


def stochastic_update(x, y, theta, alpha):
    """LG-4: θⱼ := θⱼ + α (y − h_θ(x)) xⱼ for one example."""
    x, y, new, alpha = _update_arguments(x, y, theta, alpha)
    cdef const double[::1] xv = x
    cdef double[::1] t = new
    _ascent_step(&xv[0], y, &t[0], xv.shape[0], alpha)
    return new


cdef inline void _ascent_step(const double* x, double y, double* theta, Py_ssize_t n,
                              double alpha) noexcept nogil:
    cdef double step = alpha * (y - _sigmoid(dot(x, theta, n)))
    cdef Py_ssize_t j
    for j in range(n):
        theta[j] = theta[j] + step * x[j]


def stochastic_gradient_ascent(X, y, theta, alpha, epochs=1, order=None, decay=0, record=False,
                               sample_weight=None):
    """LG-4: the stochastic rule example by example in ``order``, α_t = α / (1 + decay · t) (times
    wᵢ with ``sample_weight``, X-2)."""
    X, y, theta = _design(X, y, theta)
    alpha, epochs, order, decay, record = sgd_schedule(
        alpha, epochs, order, decay, record, X.shape[0], as_order, float64=True)
    weight = as_sample_weights(sample_weight, X)
    # |y − g(θᵀx)| < 1 bounds a step by α_t·wᵢ·|x|, which can still leave the float range
    return sgd_epochs(X, y, theta, alpha, epochs, order, decay, record, _ascent_step,
                      sgd_divergence if weight is None else weighted_sgd_divergence, weight)


def batch_gradient_ascent(X, y, theta, alpha, max_iterations=10_000, tol=1e-10,
                          average=False, record=False, lam=0, penalize_intercept=False):
    """LG-5: θ := θ + α Σᵢ (y − h) x (÷ m when ``average``) until the Part I stopping test."""
    X, y, theta = _design(X, y, theta)
    return batch_gradient_ascent_fit(core.Passes(X, y, core.BERNOULLI, 0.0, False), theta, alpha,
                                     max_iterations, tol, average, record, lam, penalize_intercept)


def batch_gradient_ascent_fit(passes, theta, alpha, max_iterations, tol, average, record, lam,
                              penalize_intercept):
    """``batch_gradient_ascent`` on validated θ, its sums over the examples taken by ``passes``
    (cs229.fast._glm_core.Passes in memory; cs229.distributed's over chunks)."""
    alpha, max_iterations, tol, average, record, lam, first = batch_schedule(
        alpha, max_iterations, tol, average, record, lam, penalize_intercept, float64=True)
    return core.ascent(passes, theta, alpha, max_iterations, tol, average, record,
                       "batch gradient ascent", True, alpha_too_large(alpha), RAISE_CAP, lam, first)


def threshold(z):
    """PC-1: g(z) = 1 if z ≥ 0 else 0."""
    return 1.0 if real(z, "z", float64=True) >= 0 else 0.0


cdef inline bint _perceptron_step(const double* x, double y, double* theta, Py_ssize_t n,
                                  double alpha) noexcept nogil:
    cdef double h = 1.0 if dot(x, theta, n) >= 0 else 0.0
    cdef double step
    cdef Py_ssize_t j
    if h == y:
        return False
    step = alpha * (y - h)
    for j in range(n):
        theta[j] = theta[j] + step * x[j]
    return True


def perceptron_update(x, y, theta, alpha=1):
    """PC-1: θⱼ := θⱼ + α (y − g(θᵀx)) xⱼ with the threshold g."""
    x, y, new, alpha = _update_arguments(x, y, theta, alpha)
    cdef const double[::1] xv = x
    cdef double[::1] t = new
    _perceptron_step(&xv[0], y, &t[0], xv.shape[0], alpha)
    return new


def perceptron(X, y, theta=None, alpha=1, max_epochs=1000, order=None, record=False):
    """PC-1: perceptron epochs until one makes no mistake; extra["mistakes"] per epoch; the cap
    raises ConvergenceError (the data may not be separable)."""
    X, y = _design(X, y)
    theta = np.zeros(X.shape[1]) if theta is None else _parameters(theta, X)
    alpha = positive(alpha, "alpha", float64=True)
    max_epochs = positive_int(max_epochs, "max_epochs")
    order = as_order(order, X.shape[0])
    record = flag(record, "record")
    cdef const double[:, ::1] Xv = X
    cdef const double[::1] yv = y
    cdef const Py_ssize_t[::1] ov = order
    current = theta.copy()
    cdef double[::1] t = current
    cdef double a = alpha
    cdef Py_ssize_t n = X.shape[1], m = X.shape[0], idx, i
    cdef long long count
    cdef int epoch
    path = [current.copy()] if record else None
    mistakes = []
    for epoch in range(1, max_epochs + 1):
        count = 0
        with nogil:
            for idx in range(m):
                i = ov[idx]
                count += _perceptron_step(&Xv[i, 0], yv[i], &t[0], n, a)
        mistakes.append(int(count))
        if record:
            path.append(current.copy())
        if count == 0:
            return IterativeResult(current, epoch, True, stacked(path), {"mistakes": mistakes})
    raise perceptron_not_converged(IterativeResult(current, max_epochs, False, stacked(path),
                                                   {"mistakes": mistakes}))


def newton(X, y, theta=None, max_iterations=100, tol=1e-10, record=False, start="zero",
           damping=True, lam=0, penalize_intercept=False, *, n_jobs=-1):
    """NW-2: θ := θ − tH⁻¹∇ℓ, H = −XᵀWX (Fisher scoring), t halved from 1 until ℓ does not
    decrease (``damping``); the reference's iterates to rounding. Without ``theta``,
    ``start="zero"`` or ``"data"`` (the IRLS start). Separable data raise SeparableDataError,
    a singular H SingularMatrixError naming the dependent column. ``n_jobs``: the cores each
    pass's blocks may use (the same iterates bit for bit for every n_jobs; one core or several
    as measured faster, fast/_threads.pyx)."""
    X, y = _design(X, y)
    return newton_fit(core.Passes(X, y, core.BERNOULLI, 0.0, True, n_jobs=n_jobs), theta, max_iterations, tol,
                      record, start, damping, lam, penalize_intercept)


def newton_fit(passes, theta, max_iterations, tol, record, start, damping, lam,
               penalize_intercept):
    """``newton`` on validated data whose sums over the examples ``passes`` takes
    (cs229.fast._glm_core.Passes in memory; cs229.distributed's over chunks)."""
    max_iterations, tol, damping, start = options(max_iterations, tol, damping, start, float64=True)
    record = flag(record, "record")
    lam, first = penalty(lam, penalize_intercept, float64=True)
    X, y = passes.data
    if theta is not None:
        theta = as_vector(theta, "theta", passes.n, "X", of="columns")
    elif start == "data":
        theta = core.data_start(X, y, core.BERNOULLI, 0.0,
                                (data_start_system, (ef.BERNOULLI, X, y, None, None, (lam, first))),
                                passes, penalty=(lam, first))
    else:
        theta = np.zeros(passes.n)
    system, log_likelihood = core.newton_callbacks(X, y, core.BERNOULLI, 0.0, True, passes)
    return maximise(
        "Newton's method", theta, system, log_likelihood, max_iterations, tol, record, damping,
        None if lam else core.separation_check(X, y, "Newton's method", passes.separated),
        singular_hessian("Newton's method", "H = −XᵀWX"),
        advice=NEWTON_ADVICE, exact=(newton_callbacks, (X, y)), terms=passes.m,
        arithmetic=core.ARRAYS, penalty=(lam, first, passes.n))


def is_separated(X, y, theta):
    """LG-3: θ classifies every example strictly correctly (then the MLE does not exist)."""
    X, y, theta = _design(X, y, theta)
    return core.separated(X, y, theta)


# ---- docstrings: the reference twin's text, one home for both faces (cs229.fast._docs) -----------

from cs229.fast._docs import adopt as _adopt  # noqa: E402
from cs229.reference import logistic_regression as _twin  # noqa: E402

_adopt(globals(), _twin)
