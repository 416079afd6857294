"""Compiled twins of cs229.reference.glm (catalog GLM-1, GLM-4) for the Bernoulli, Gaussian,
Poisson, exponential and gamma families: the reference's gradient-ascent iterates bit for bit
on up to 4,096 rows (one block of X-7's summation form; to rounding past it), Newton / IRLS
with BLAS and LAPACK to rounding."""
import numpy as np

from cs229.fast import _glm_core as core
from cs229.fast._validation import (as_binary_labels, as_given, as_matrix, as_poisson_targets,
                                    as_sample_weights, as_targets, as_vector, check_length,
                                    same_length)
from cs229.reference import exponential_family as ef
from cs229.reference import glm as _twin
from cs229.reference.linalg import SingularMatrixError
from cs229.reference.glm import (NEWTON_ADVICE, OVERFLOW, hessian_not_defined, multinomial_family,
                                 outside_domain, singular_information)
from cs229.reference.messages import error
from cs229.reference.newton import (data_start_system, glm_callbacks, maximise, options, origin,
                                    singular_hessian)
from cs229.reference.parameters import batch_schedule, flag, penalty, positive
from cs229.reference.results import (RAISE_CAP, ConvergenceError, IterativeResult,
                                     SeparableDataError, StepFailed, alpha_too_large)

# every public name of the reference's glm, each compiled (or re-exported) here
__all__ = list(_twin.__all__)


def _family(family):
    fam = ef.family(family)
    if fam.name.startswith("multinomial"):
        raise multinomial_family("cs229.fast.softmax")
    code, shape = core.family_code(fam)
    return fam, code, shape


def _targets(code, y):
    if code == core.BERNOULLI:
        return as_binary_labels(y, "y", module=__name__)
    if code == core.POISSON:
        return as_poisson_targets(y, "y")
    return as_targets(y, "y", positive=code == core.GAMMA)


def _design(family, X, y, theta, optional=False, offset=None, sample_weight=None):
    """The family's code and shape, X, y, θ, the offset and the sample weights; θ = None only
    where it is ``optional``."""
    fam, code, shape = _family(family)
    X = as_matrix(X, "X")
    y = _targets(code, y)
    same_length(X, y)
    offset = _offset(offset, X)
    weight = as_sample_weights(sample_weight, X)
    if theta is None and optional:
        return code, shape, X, y, None, offset, weight
    theta = as_vector(theta, "theta", X.shape[1], "X", of="columns")
    return code, shape, X, y, theta, offset, weight


def _offset(offset, X):
    """X-5: the offset as float64, one per row of X, or None."""
    return None if offset is None else as_vector(offset, "offset", X.shape[0], "X", of="rows")


def exposure_offset(offset, exposure, X):
    """X-5: the reference's ``exposure_offset``: log e for an exposure e > 0 (not with an
    offset)."""
    if exposure is None:
        return offset
    if offset is not None:
        raise error("offset_and_exposure")
    given = exposure
    exposure = as_vector(exposure, "exposure", X.shape[0], "X", of="rows")
    if not (exposure > 0).all():
        i = int(np.argmax(~(exposure > 0)))
        raise error("positive_exposure", name="exposure", where=f"[{i}]",
                    value=as_given(given, exposure, (i,)))
    return np.log(exposure)


def _outside_domain(family, X, theta, offset=None):
    """The reference's error (``glm.outside_domain``) for the first row whose η = θᵀx (+ oᵢ),
    summed left to right as the reference sums it, is outside the family's domain."""
    fam = ef.family(family)
    theta = theta.tolist()
    for i, x in enumerate(X.tolist()):
        eta = 0.0
        for a, b in zip(x, theta):
            eta += a * b
        if offset is not None:
            eta += float(offset[i])
        found = outside_domain(fam, eta)
        if found is not None:
            return found
    return ValueError(f"theta: {core.OUTSIDE_DOMAIN}")  # only where BLAS's η differs in rounding


def _responses(code, shape, eta, outside):
    if code == core.BERNOULLI:
        out = np.empty_like(eta)
        pos = eta >= 0
        out[pos] = 1.0 / (1.0 + np.exp(-eta[pos]))
        e = np.exp(eta[~pos])
        out[~pos] = e / (1.0 + e)
        return out
    if code == core.GAUSSIAN:
        return eta
    if code == core.POISSON:
        with np.errstate(over="ignore"):
            mu = np.exp(eta)
        if not np.isfinite(mu).all():
            raise OverflowError(OVERFLOW)
        return mu
    if not (eta < 0).all():
        raise outside()
    return -shape / eta


def hypothesis(family, x, theta):
    """GLM-1: h_θ(x) = g(θᵀx)."""
    _, code, shape = _family(family)
    x = as_vector(x, "x")
    theta = as_vector(theta, "theta")
    check_length(x, "x", theta.shape[0], "theta")
    return float(_responses(code, shape, np.array([float(np.dot(x, theta))]),
                            lambda: _outside_domain(family, x[None, :], theta))[0])


def hypotheses(family, X, theta, offset=None):
    """GLM-1: g(θᵀx⁽ⁱ⁾) for every row; X-5: g(θᵀx⁽ⁱ⁾ + oᵢ)."""
    _, code, shape = _family(family)
    X = as_matrix(X, "X")
    theta = as_vector(theta, "theta", X.shape[1], "X", of="columns")
    offset = _offset(offset, X)
    eta = X @ theta if offset is None else X @ theta + offset
    return _responses(code, shape, eta, lambda: _outside_domain(family, X, theta, offset))


def log_likelihood(family, X, y, theta, offset=None, sample_weight=None):
    """GLM-4: Σᵢ log b(y⁽ⁱ⁾) + η y⁽ⁱ⁾ − a(η), η = θᵀx⁽ⁱ⁾ (+ oᵢ, X-5)."""
    code, shape, X, y, theta, offset, weight = _design(family, X, y, theta, offset=offset,
                                                        sample_weight=sample_weight)
    try:
        return core.log_likelihood(X, y, theta, code, shape, offset, weight)
    except StepFailed as e:
        if "domain" in str(e):
            raise _outside_domain(family, X, theta, offset) from None
        raise OverflowError(OVERFLOW) from None


def gradient(family, X, y, theta, offset=None, sample_weight=None):
    """GLM-4: Σᵢ (y⁽ⁱ⁾ − g(θᵀx⁽ⁱ⁾ (+ oᵢ))) x⁽ⁱ⁾, the reference's order."""
    code, shape, X, y, theta, offset, weight = _design(family, X, y, theta, offset=offset,
                                                        sample_weight=sample_weight)
    try:
        return core.gradient(X, y, theta, code, shape, "theta", offset, weight)
    except ValueError:  # η outside the domain: named as the reference names it
        raise _outside_domain(family, X, theta, offset) from None


def _information(family, X, y, theta, offset, sample_weight):
    """(XᵀWX at θ (its upper triangle), X and θ as read), W = diag(wᵢ a″(θᵀx⁽ⁱ⁾ (+ oᵢ))); the
    reference's words where a″ is not defined."""
    code, shape, X, y, theta, offset, weight = _design(family, X, y, theta, offset=offset,
                                                        sample_weight=sample_weight)
    try:
        A, _ = core.glm_system(X, y, code, shape, offset, weight)(theta)
    except StepFailed as e:
        raise hessian_not_defined(e) from None
    return A, X, theta


def hessian(family, X, y, theta, offset=None, sample_weight=None):
    """GLM-4: H = −XᵀWX, W = diag(a″(θᵀx⁽ⁱ⁾ (+ oᵢ))) (BLAS)."""
    A = _information(family, X, y, theta, offset, sample_weight)[0]
    H = -np.triu(A)
    return np.ascontiguousarray(H + np.triu(H, 1).T)


def gradient_ascent(family, X, y, theta, alpha, max_iterations=10_000, tol=1e-10, average=False,
                    record=False, lam=0, penalize_intercept=False, offset=None,
                    sample_weight=None):
    """GLM-4: θ := θ + α Σᵢ (y⁽ⁱ⁾ − g(θᵀx⁽ⁱ⁾ (+ oᵢ))) x⁽ⁱ⁾, the reference's iterates."""
    code, shape, X, y, theta, offset, weight = _design(family, X, y, theta, offset=offset,
                                                        sample_weight=sample_weight)
    return gradient_ascent_fit(core.Passes(X, y, code, shape, False, offset, weight), theta, alpha,
                               max_iterations, tol, average, record, lam, penalize_intercept)


def gradient_ascent_fit(passes, theta, alpha, max_iterations, tol, average, record, lam,
                        penalize_intercept):
    """``gradient_ascent`` on validated θ, its sums over the examples taken by ``passes``
    (cs229.fast._glm_core.Passes in memory, with the offset and the sample weights;
    cs229.distributed's over chunks)."""
    alpha, max_iterations, tol, average, record, lam, first = batch_schedule(
        alpha, max_iterations, tol, average, record, lam, penalize_intercept, float64=True)
    return core.ascent(passes, theta, alpha, max_iterations, tol, average, record,
                       "GLM gradient ascent", passes.code == core.BERNOULLI, alpha_too_large(alpha),
                       RAISE_CAP, lam, first)


def newton(family, X, y, theta=None, max_iterations=100, tol=1e-10, record=False, start="data",
           damping=True, lam=0, penalize_intercept=False, offset=None, sample_weight=None, *,
           n_jobs=-1):
    """GLM-4: Newton = Fisher scoring = IRLS, θ := θ + t(XᵀWX)⁻¹Xᵀ(y − g(Xθ)), W = diag(a″),
    t halved from 1 until ℓ does not decrease (``damping``); start from ``theta``, the IRLS
    start (``start="data"``) or θ = 0 (``"zero"``); the reference's iterates to rounding.
    ``n_jobs``: the cores each pass's blocks may use (the same iterates bit for bit for every
    n_jobs; one core or several as measured faster, fast/_threads.pyx)."""
    code, shape, X, y, theta, offset, weight = _design(family, X, y, theta, optional=True,
                                                        offset=offset, sample_weight=sample_weight)
    return newton_fit(family, core.Passes(X, y, code, shape, False, offset, weight, n_jobs), theta,
                      max_iterations, tol, record, start, damping, lam, penalize_intercept)


def newton_fit(family, passes, theta, max_iterations, tol, record, start, damping, lam,
               penalize_intercept):
    """``newton`` on validated data (θ too, where given) whose sums over the examples
    ``passes`` takes (cs229.fast._glm_core.Passes in memory, with the offset and the sample
    weights; cs229.distributed's over chunks)."""
    max_iterations, tol, damping, start = options(max_iterations, tol, damping, start, float64=True)
    record = flag(record, "record")
    lam, first = penalty(lam, penalize_intercept, float64=True)
    where = origin(theta, start)
    fam, code, shape = _family(family)
    X, y = passes.data
    if theta is None:
        theta = (core.data_start(X, y, code, shape,
                                 (data_start_system,
                                  (fam, X, y) + passes.extensions + ((lam, first),)),
                                 passes, penalty=(lam, first))
                 if start == "data" else np.zeros(passes.n))
    system, log_likelihood = core.newton_callbacks(X, y, code, shape, False, passes)
    return maximise(
        "GLM Newton", theta, system, log_likelihood, max_iterations, tol, record,
        damping, (core.separation_check(X, y, "GLM Newton", passes.separated)
                  if code == core.BERNOULLI and not lam else None),
        singular_hessian("GLM Newton", "−XᵀWX"),
        advice=NEWTON_ADVICE, origin=where,
        exact=(glm_callbacks, (fam, X, y) + passes.extensions), terms=passes.m,
        arithmetic=core.ARRAYS, penalty=(lam, first, passes.n))


def poisson_regression(X, y, theta=None, max_iterations=100, tol=1e-10, record=False,
                       start="data", damping=True, lam=0, penalize_intercept=False, offset=None,
                       exposure=None, sample_weight=None, *, n_jobs=-1):
    """GLM-4: Poisson regression (log link) by Newton / IRLS, y >= 0 reals; X-1: ``lam`` the L2
    penalty; X-5: ``offset`` or ``exposure`` (offset log e); X-2: ``sample_weight``."""
    if exposure is not None:
        offset = exposure_offset(offset, exposure, as_matrix(X, "X"))
    return newton(ef.POISSON, X, y, theta, max_iterations, tol, record, start, damping, lam,
                  penalize_intercept, offset, sample_weight, n_jobs=n_jobs)


def fisher_information(family, X, y, theta, offset=None, sample_weight=None):
    """X-6: I(θ) = XᵀWX = −H (BLAS)."""
    return -hessian(family, X, y, theta, offset, sample_weight)


def standard_errors(family, X, y, theta, scale=1.0, offset=None, sample_weight=None):
    """X-6: √(φ [I(θ̂)⁻¹]ⱼⱼ), column j of I⁻¹ by the Cholesky solve of I c = eⱼ, the reference's
    verdict on a singular I."""
    scale = positive(scale, "scale", float64=True)
    A, X, theta = _information(family, X, y, theta, offset, sample_weight)
    return information_standard_errors(A, scale, X.shape[0])


def information_standard_errors(A, double scale, Py_ssize_t terms):
    """X-6: √(φ [A⁻¹]ⱼⱼ) for the information A = XᵀWX (its upper triangle read) summed over
    ``terms`` examples, column j of A⁻¹ by the Cholesky solve of A c = eⱼ; a singular A is
    named as the reference names it. (cs229.distributed sums A over its chunks.)"""
    A = as_matrix(A, "A")
    if A.shape[0] != A.shape[1]:
        raise ValueError(f"A: the information must be square, got shape {A.shape}")
    scale = positive(scale, "scale", float64=True)
    if terms < 0:
        raise ValueError(f"terms must be >= 0, got {terms}")
    n = A.shape[0]
    out = np.empty(n)
    for j in range(n):
        try:
            c = core.solve_gram(A, np.eye(n)[j], terms=terms)
        except SingularMatrixError as e:
            raise singular_information(e.column, e.combination) from None
        out[j] = np.sqrt(scale * c[j])
    return out


# ---- docstrings: the reference twin's text, one home for both faces (cs229.fast._docs) -----------

from cs229.fast._docs import adopt as _adopt  # noqa: E402

_adopt(globals(), _twin)
