"""Generalized linear models (000 §9; 002 §1.3.3).

The three assumptions (000 §9): y | x; θ ~ ExponentialFamily(η); the hypothesis predicts
h(x) = E[T(y) | x] = g(η), g the canonical response; and η = θᵀx. ``family`` is an
``exponential_family.ExponentialFamily`` with T(y) = y (BERNOULLI, GAUSSIAN, POISSON,
EXPONENTIAL, gamma(k)) or its name. For every such family ∂/∂θⱼ log p(y; θᵀx) = (y − g(θᵀx)) xⱼ,
so one gradient-ascent rule and one Newton / IRLS iteration fit them all.

Conventions (README, Conventions): the family first (it names the model), then data (X, y), θ,
options; ``hypotheses`` is E[y | x] per row (no ``predict``: a GLM's prediction is a mean, not a
label); fits return an ``IterativeResult``; Bernoulli labels are {0, 1}; Poisson targets are any
reals y >= 0 (ℓ is defined there). Beyond the notes, the keywords of the catalog's extensions
come last: ``lam`` (X-1), ``offset`` and, for the Poisson, ``exposure`` (X-5: η = θᵀx + o),
``sample_weight`` (X-2: ℓ = Σᵢ wᵢ ℓᵢ).
"""
from . import exponential_family as ef
from . import inputs, linalg, parameters, scalar
from . import newton as newton_method
from .messages import error
from .results import (LEFT_DOMAIN, LOWER_ALPHA, OVERFLOWED, RAISE_CAP, ConvergenceError,
                      IterativeResult, SeparableDataError, StepFailed, alpha_too_large, iterate,
                      penalised_gradient, separable_error, separated)

__all__ = [
    "hypothesis", "hypotheses", "log_likelihood", "gradient", "hessian", "gradient_ascent", "newton",
    "poisson_regression", "fisher_information", "standard_errors", "SeparableDataError",
    "IterativeResult", "ConvergenceError",
]


def _family(family):
    fam = ef.family(family)
    if fam.name.startswith("multinomial"):
        raise multinomial_family("cs229.reference.softmax")
    return fam


def multinomial_family(softmax):
    """The ValueError of a GLM fit asked of the multinomial family, pointing to ``softmax``."""
    return ValueError(f"family: the multinomial has a vector η; fit it with {softmax}")


def _targets(fam, y):
    if fam is ef.BERNOULLI:
        return inputs.binary_labels(y, "y", module=__name__)
    if fam is ef.POISSON:
        return inputs.poisson_targets(y, "y")
    y = inputs.vector(y, "y")
    for i, v in enumerate(y):
        fam.check_y(v, f"y[{i}]")
    return y


def _design(family, X, y, theta, optional=False, offset=None, sample_weight=None):
    """The family, X, y, θ, the offset and the sample weights; θ = None only where it is
    ``optional`` (Newton's start)."""
    fam = _family(family)
    X = inputs.matrix(X, "X")
    y = _targets(fam, y)
    inputs.same_length(X, y)
    offset = _offset(offset, X)
    weight = inputs.sample_weights(sample_weight, X)
    if theta is None and optional:
        return fam, X, y, None, offset, weight
    theta = inputs.vector(theta, "theta", len(X[0]), "X", of="columns")
    return fam, X, y, theta, offset, weight


def _offset(offset, X):
    """X-5: the offset, one finite real per row of X, or None."""
    if offset is None:
        return None
    return inputs.vector(offset, "offset", len(X), "X", of="rows")


def exposure_offset(offset, exposure, X):
    """X-5: the offset of a Poisson fit on X given ``offset`` or ``exposure`` (not both): an
    exposure e > 0 (the time or size over which a count is taken, μ = e·e^(θᵀx)) is the offset
    log e, in the scalar type of X (validated)."""
    if exposure is None:
        return offset
    if offset is not None:
        raise error("offset_and_exposure")
    exposure = inputs.vector(exposure, "exposure", len(X), "X", of="rows")
    for i, e in enumerate(exposure):
        if not e > 0:
            raise error("positive_exposure", name="exposure", where=f"[{i}]", value=e)
    one = X[0][0] ** 0
    return [scalar.log(e * one) for e in exposure]


def _eta(fam, x, theta, where="theta", o=None):
    eta = newton_method.linear_predictor(x, theta, o)
    error = outside_domain(fam, eta, where)
    if error is not None:
        raise error
    return eta


def outside_domain(fam, eta, where="theta"):
    """The ValueError of an η = θᵀx outside the family's domain, both faces' (None inside it)."""
    try:
        fam.check_eta(eta)
    except ValueError as e:
        return ValueError(f"{where}: η = θᵀx is outside the {fam.name} family's domain ({e})")
    return None


def overflow(where="theta"):
    """The words of an OverflowError of g(θᵀx) (the exponential of a large η), both faces'."""
    return f"{where}: g(θᵀx) overflows at this θ (e^(θᵀx) is too large for the scalar type)"


OVERFLOW = overflow()


def _response(fam, eta):
    """g(η), with an overflow named as such (the exponential of a large η)."""
    try:
        return fam.response(eta)
    except OverflowError:
        raise OverflowError(OVERFLOW) from None


def hypothesis(family, x, theta):
    """GLM-1 (000 §9, assumptions 1-3): h_θ(x) = E[y | x; θ] = g(θᵀx), g the canonical response.

    Shapes: family an exponential family or its name ('gaussian', 'bernoulli', 'poisson', …), x
        n, theta n.
    Returns: E[y | x], a number."""
    fam = _family(family)
    x = inputs.vector(x, "x")
    theta = inputs.vector(theta, "theta")
    inputs.check_length(x, "x", len(theta), "theta")
    return _response(fam, _eta(fam, x, theta))


def hypotheses(family, X, theta, offset=None):
    """GLM-1: h_θ(x⁽ⁱ⁾) = g(θᵀx⁽ⁱ⁾) for every row; X-5: g(θᵀx⁽ⁱ⁾ + oᵢ) with an ``offset``.

    Shapes: family an exponential family or its name ('gaussian', 'bernoulli', 'poisson', …), X
        m×n, theta n, offset m or None.
    Returns: E[y | x⁽ⁱ⁾], m entries."""
    fam = _family(family)
    X = inputs.matrix(X, "X")
    theta = inputs.vector(theta, "theta", len(X[0]), "X", of="columns")
    offset = newton_method.offsets(_offset(offset, X), len(X))
    return [_response(fam, _eta(fam, x_i, theta, o=o_i)) for x_i, o_i in zip(X, offset)]


def log_likelihood(family, X, y, theta, offset=None, sample_weight=None):
    """GLM-4 (000 §9; 002 §1.3.3): ℓ(θ) = Σᵢ log p(y⁽ⁱ⁾; η = θᵀx⁽ⁱ⁾)
    = Σᵢ log b(y⁽ⁱ⁾) + η y⁽ⁱ⁾ − a(η); X-5: η = θᵀx⁽ⁱ⁾ + oᵢ with an ``offset``; X-2: Σᵢ wᵢ(…)
    with a ``sample_weight`` wᵢ >= 0 per example (integer weights are repeated rows). Poisson
    targets are any reals y >= 0 (log b(y) = −log Γ(y + 1)).

    Shapes: family an exponential family or its name ('gaussian', 'bernoulli', 'poisson', …), X
        m×n, y m responses in the family's support (reals, {0, 1}, >= 0, > 0), theta n, offset m
        or None, sample_weight m or None.
    Returns: ℓ(θ), a number."""
    fam, X, y, theta, offset, weight = _design(family, X, y, theta, offset=offset,
                                               sample_weight=sample_weight)
    total = 0
    m = len(X)
    for x_i, y_i, o_i, w_i in zip(X, y, newton_method.offsets(offset, m),
                                  newton_method.weights(weight, m)):
        try:
            term = ef.glm_log_density(fam, y_i, _eta(fam, x_i, theta, o=o_i))
            total += term if w_i is None else w_i * term
        except OverflowError:
            raise OverflowError(OVERFLOW) from None
    return total


def gradient(family, X, y, theta, offset=None, sample_weight=None):
    """GLM-4 (002 §1.3.3): ∂ℓ/∂θⱼ = Σᵢ (y⁽ⁱ⁾ − g(θᵀx⁽ⁱ⁾)) xⱼ⁽ⁱ⁾, the same for every family;
    X-5: g(θᵀx⁽ⁱ⁾ + oᵢ) with an ``offset`` (∂η/∂θ is still x); X-2: Σᵢ wᵢ(…) with a
    ``sample_weight``.

    Shapes: family an exponential family or its name ('gaussian', 'bernoulli', 'poisson', …), X
        m×n, y m responses in the family's support (reals, {0, 1}, >= 0, > 0), theta n, offset m
        or None, sample_weight m or None.
    Returns: ∇ℓ, n entries."""
    fam, X, y, theta, offset, weight = _design(family, X, y, theta, offset=offset,
                                               sample_weight=sample_weight)
    return _gradient(fam, X, y, theta, offset, weight)


def _gradient(fam, X, y, theta, offset=None, weight=None):
    g = [0 * t for t in theta]
    m = len(X)
    for x_i, y_i, o_i, w_i in zip(X, y, newton_method.offsets(offset, m),
                                  newton_method.weights(weight, m)):
        r = y_i - _response(fam, _eta(fam, x_i, theta, o=o_i))
        if w_i is not None:
            r = w_i * r
        for j, x_ij in enumerate(x_i):
            g[j] += r * x_ij
    return g


def hessian(family, X, y, theta, offset=None, sample_weight=None):
    """GLM-4 (000 §7, §9): H = ∂²ℓ/∂θ∂θᵀ = −XᵀWX, W = diag(a″(θᵀx⁽ⁱ⁾)) = diag(Var[y | x⁽ⁱ⁾]);
    for a canonical link it does not involve y (Newton = Fisher scoring). X-5: a″(θᵀx⁽ⁱ⁾ + oᵢ)
    with an ``offset``; X-2: W = diag(wᵢ a″(η⁽ⁱ⁾)) with a ``sample_weight``.

    Shapes: family an exponential family or its name ('gaussian', 'bernoulli', 'poisson', …), X
        m×n, y m responses in the family's support (reals, {0, 1}, >= 0, > 0), theta n, offset m
        or None, sample_weight m or None.
    Returns: H, n×n."""
    fam, X, y, theta, offset, weight = _design(family, X, y, theta, offset=offset,
                                               sample_weight=sample_weight)
    try:
        A, _ = newton_method.glm_system(fam, X, y, theta, offset, weight)
    except StepFailed as e:
        raise hessian_not_defined(e) from None
    return [[-a for a in row] for row in A]


def hessian_not_defined(e):
    """The ValueError of a Hessian whose system failed at θ (StepFailed ``e``), both faces'."""
    return ValueError(f"theta: the Hessian is not defined at this θ ({e})")


def gradient_ascent(family, X, y, theta, alpha, max_iterations=10_000, tol=1e-10, average=False,
                    record=False, lam=0, penalize_intercept=False, offset=None,
                    sample_weight=None):
    """GLM-4 (000 §9; 002 §1.3.3): θⱼ := θⱼ + α Σᵢ (y⁽ⁱ⁾ − h_θ(x⁽ⁱ⁾)) xⱼ⁽ⁱ⁾ with h = g(θᵀx).

    ``average=True`` divides the sum by m; stopping as in Part I (``tol=None``: a fixed number
    of steps). θ leaving the finite numbers or η leaving the family's domain raises
    ConvergenceError (α too large); so does the cap; separable Bernoulli data raise
    SeparableDataError.

    X-1: ``lam`` = λ > 0 ascends ℓ(θ) − (λ/2) Σ_{j≥1} θⱼ² (the MAP estimate under a Gaussian
    prior; θ₀ unpenalised, or every θⱼ with ``penalize_intercept``) by steps α(∇ℓ − λθ′); the
    MAP exists on separable data, which then raise no SeparableDataError.

    X-5: an ``offset`` (m reals oᵢ) makes η = θᵀx⁽ⁱ⁾ + oᵢ; the rule is the same with h = g(η).
    X-2: a ``sample_weight`` wᵢ >= 0 per example ascends Σᵢ wᵢ ℓᵢ, the sum's terms times wᵢ
    (``average`` divides by Σ wᵢ, so integer weights are repeated rows).

    Shapes: family an exponential family or its name ('gaussian', 'bernoulli', 'poisson', …), X
        m×n, y m responses in the family's support (reals, {0, 1}, >= 0, > 0), theta n, alpha
        > 0, offset m or None, sample_weight m or None.
    Returns: IterativeResult (theta n); the cap raises ConvergenceError."""
    fam, X, y, theta, offset, weight = _design(family, X, y, theta, offset=offset,
                                               sample_weight=sample_weight)
    alpha, max_iterations, tol, average, record, lam, first = parameters.batch_schedule(
        alpha, max_iterations, tol, average, record, lam, penalize_intercept)
    m = len(X) if weight is None else sum(weight)  # Σ wᵢ: integer weights count as rows

    def update(theta):
        try:
            g = _gradient(fam, X, y, theta, offset, weight)
        except ValueError:  # the words of both faces, and of Newton's StepFailed
            raise StepFailed(LEFT_DOMAIN + LOWER_ALPHA) from None
        except OverflowError:
            raise StepFailed(OVERFLOWED + LOWER_ALPHA) from None
        g = penalised_gradient(g, theta, lam, first)
        return [t + alpha * (g_j / m if average else g_j) for t, g_j in zip(theta, g)]

    def check(theta, k, path):
        if tol is not None and not lam and fam is ef.BERNOULLI and separated(X, y, theta):
            raise separable_error("GLM gradient ascent", k, theta, path)

    return iterate("GLM gradient ascent", update, theta, max_iterations, tol, record, check,
                   hint=alpha_too_large(alpha), advice=RAISE_CAP)


def newton(family, X, y, theta=None, max_iterations=100, tol=1e-10, record=False, start="data",
           damping=True, lam=0, penalize_intercept=False, offset=None, sample_weight=None, *,
           n_jobs=-1):
    """GLM-4 (000 §7, §9): Newton's method θ := θ + t(XᵀWX)⁻¹Xᵀ(y − g(Xθ)), W = diag(a″(θᵀx)).

    For a canonical link the Hessian −XᵀWX does not involve y, so Newton is Fisher scoring and
    is iteratively reweighted least squares: with t = 1, θ_new solves XᵀWXθ = XᵀWz for the
    working response z = Xθ + W⁻¹(y − g(Xθ)). ``theta`` is the starting θ; without it
    ``start="data"`` begins from the IRLS start (μ₀ = (y + ȳ)/2, as R's glm does) and
    ``start="zero"`` from θ = 0 (the exponential and gamma families, whose η must be negative,
    need a start inside the domain). ``damping=True`` halves t from 1 until ℓ does not
    decrease (the step stays the Newton direction: see cs229.reference.newton for why this
    always succeeds); ``damping=False`` with ``start="zero"`` is the notes' literal iteration.
    Separable Bernoulli data raise SeparableDataError, a singular XᵀWX SingularMatrixError
    naming the dependent column of X, leaving the domain or the cap ConvergenceError.

    X-1: ``lam`` = λ > 0 maximises ℓ(θ) − (λ/2) Σ_{j≥1} θⱼ² (the MAP estimate under a Gaussian
    prior; θ₀ unpenalised, or every θⱼ with ``penalize_intercept``): the system is
    (XᵀWX + λI′)s = ∇ℓ − λθ′; separable Bernoulli data raise no SeparableDataError then.

    X-5: an ``offset`` (m reals oᵢ, a known part of η = θᵀx⁽ⁱ⁾ + oᵢ with no coefficient) enters
    g(η) and W; the IRLS start fits the working response less the offset. X-2: a
    ``sample_weight`` wᵢ >= 0 per example maximises Σᵢ wᵢ ℓᵢ: ∇ℓ = Σᵢ wᵢ(y⁽ⁱ⁾ − g(η⁽ⁱ⁾))x⁽ⁱ⁾,
    W = diag(wᵢ a″(η⁽ⁱ⁾)) (integer weights are repeated rows).

    ``n_jobs`` (keyword-only, checked by ``parameters.n_jobs``): the cores the fast face's
    passes may use; here serial.

    Shapes: family an exponential family or its name ('gaussian', 'bernoulli', 'poisson', …), X
        m×n, y m responses in the family's support (reals, {0, 1}, >= 0, > 0), theta n or
        None, offset m or None, sample_weight m or None.
    Returns: IterativeResult (theta n, extra['step_lengths']); the cap raises ConvergenceError."""
    fam, X, y, theta, offset, weight = _design(family, X, y, theta, optional=True,
                                               offset=offset, sample_weight=sample_weight)
    parameters.n_jobs(n_jobs)   # where the fast face checks it: with its passes, after the data
    max_iterations, tol, damping, start = newton_method.options(max_iterations, tol, damping, start)
    record = parameters.flag(record, "record")
    lam, first = parameters.penalty(lam, penalize_intercept)
    where = newton_method.origin(theta, start)
    if theta is None:
        theta = (newton_method.data_start(fam, X, y, offset, weight, (lam, first))
                 if start == "data"
                 else [0 * X[0][0]] * len(X[0]))

    def check(theta, k, path):
        if fam is ef.BERNOULLI and not lam and separated(X, y, theta):
            raise separable_error("GLM Newton", k, theta, path)

    return newton_method.maximise(
        "GLM Newton", theta, *newton_method.glm_callbacks(fam, X, y, offset, weight), max_iterations,
        tol,
        record, damping, check, singular=newton_method.singular_hessian("GLM Newton", "−XᵀWX"),
        advice=NEWTON_ADVICE, origin=where,
        exact=(newton_method.glm_callbacks, (fam, X, y, offset, weight)),
        terms=len(X), penalty=(lam, first, len(X[0])))


NEWTON_ADVICE = ("; if ‖θ‖ keeps growing the MLE may not exist (e.g. separable labels, or counts "
                 "that are all 0 on a half-space)")


def poisson_regression(X, y, theta=None, max_iterations=100, tol=1e-10, record=False,
                       start="data", damping=True, lam=0, penalize_intercept=False, offset=None,
                       exposure=None, sample_weight=None, *, n_jobs=-1):
    """GLM-4 (000 §9): counts y⁽ⁱ⁾ ~ Poisson(λ = e^(θᵀx⁽ⁱ⁾)), fitted by Newton / IRLS (any real
    y >= 0 is accepted: ℓ is defined there); X-1: ``lam`` > 0 (the penalty's λ, not the Poisson
    mean) as in ``newton``. X-5: ``offset`` as in ``newton``, or ``exposure`` eᵢ > 0, the
    offset log eᵢ: the mean is eᵢ·e^(θᵀx⁽ⁱ⁾), a rate per unit of exposure (not both). X-2:
    ``sample_weight`` and ``n_jobs`` as in ``newton``.

    Shapes: X m×n, y m counts or other reals >= 0, theta n or None, offset m or None,
        exposure m or None, sample_weight m or None.
    Returns: IterativeResult (theta n, extra['step_lengths']); the cap raises ConvergenceError."""
    if exposure is not None:
        offset = exposure_offset(offset, exposure, inputs.matrix(X, "X"))
    return newton(ef.POISSON, X, y, theta, max_iterations, tol, record, start, damping, lam,
                  penalize_intercept, offset, sample_weight, n_jobs=n_jobs)


def fisher_information(family, X, y, theta, offset=None, sample_weight=None):
    """X-6 (extends 000 §7, §9): the Fisher information I(θ) = −E[∇²ℓ(θ)] = XᵀWX,
    W = diag(a″(θᵀx⁽ⁱ⁾)) = diag(Var[y | x⁽ⁱ⁾]). For the canonical link ∇²ℓ = −XᵀWX whatever
    y is (GLM-4), so the observed and the expected information agree: I(θ) = −H (X-5: at
    η = θᵀx⁽ⁱ⁾ + oᵢ with an ``offset``; X-2: Σᵢ wᵢ a″(η⁽ⁱ⁾)x⁽ⁱ⁾x⁽ⁱ⁾ᵀ with a ``sample_weight``).

    Shapes: family an exponential family or its name ('gaussian', 'bernoulli', 'poisson', …), X
        m×n, y m responses in the family's support (reals, {0, 1}, >= 0, > 0), theta n, offset m
        or None, sample_weight m or None.
    Returns: I(θ), n×n."""
    return [[-h for h in row] for row in hessian(family, X, y, theta, offset, sample_weight)]


def standard_errors(family, X, y, theta, scale=1, offset=None, sample_weight=None):
    """X-6: SE(θ̂ⱼ) = √(φ [I(θ̂)⁻¹]ⱼⱼ) at the MLE θ̂, the square roots of the diagonal of the
    inverse Fisher information (−H⁻¹, the asymptotic covariance of θ̂), φ = ``scale`` the
    dispersion (1 for the Bernoulli and Poisson families; an estimate for the Gaussian of
    unknown σ²). Column j of I⁻¹ solves I c = eⱼ (``linalg.solve_gram``): dependent columns of
    X make I singular, and the error names them. X-5: at η = θᵀx⁽ⁱ⁾ + oᵢ with an ``offset``;
    X-2: I with a ``sample_weight`` (frequency weights: the SE of the repeated rows).

    Shapes: family an exponential family or its name ('gaussian', 'bernoulli', 'poisson', …), X
        m×n, y m responses in the family's support (reals, {0, 1}, >= 0, > 0), theta n,
        scale > 0, offset m or None, sample_weight m or None.
    Returns: SE(θ̂), n entries."""
    scale = parameters.positive(scale, "scale")
    fam, X, y, theta, offset, weight = _design(family, X, y, theta, offset=offset,
                                               sample_weight=sample_weight)
    try:
        I, _ = newton_method.glm_system(fam, X, y, theta, offset, weight)
    except StepFailed as e:
        raise hessian_not_defined(e) from None
    n, one = len(theta), I[0][0] ** 0
    out = []
    for j in range(n):
        e_j = [one if k == j else 0 * one for k in range(n)]
        try:
            c = linalg.solve_gram(I, e_j, terms=len(X))
        except linalg.SingularMatrixError as e:
            raise singular_information(e.column, e.combination) from None
        out.append(scalar.sqrt(scale * c[j]))
    return out


def singular_information(column, combination):
    """The SingularMatrixError of standard errors whose XᵀWX is singular (both faces')."""
    return linalg.SingularMatrixError(
        "standard errors: the Fisher information XᵀWX is singular, so θ̂ has no finite "
        f"covariance: {linalg.dependence(column, combination, 'column', ' of X')}",
        column=column, combination=combination)
