"""Newton's method for the maximum-likelihood fits of Parts II–III, written once for logistic
regression (NW-2), the GLMs (GLM-4) and softmax regression (SM-4).

The notes' update (000 §7) is θ := θ − H⁻¹∇ℓ(θ). For these log-likelihoods H = −A with
A = XᵀWX positive semi-definite (W = diag(a″(θᵀx⁽ⁱ⁾)), or its block form for softmax), so the
Newton direction is s = A⁻¹∇ℓ.

**The damped step** (``damping=True``, the default). Along the Newton direction,
d/dt ℓ(θ + ts) at t = 0 is ∇ℓᵀs = ∇ℓᵀA⁻¹∇ℓ, which is > 0 whenever ∇ℓ ≠ 0 and A is positive
definite. So ℓ(θ + ts) > ℓ(θ) for every small enough t > 0, and halving t from 1 finds such a
t in finitely many halvings: θ := θ + ts with the first t in 1, ½, ¼, … at which ℓ does not
decrease. The direction is still the notes' Newton direction; only its length changes, and near
the maximum t = 1 is always taken, so the convergence is still quadratic. A step at which ℓ
cannot be evaluated (g(θᵀx) overflows, η leaves the family's domain) is halved too. "Does not
decrease" allows for rounding (``step_threshold``, twice ``rounding_bound``; 0 in exact
arithmetic), and a full step small enough to meet the stopping test is taken without the test.
``damping=False`` is the notes' literal update.

**Verdicts rounding could flip.** Both faces compute ℓ and ∇ℓ in the same order, but A = XᵀWX
and the step s = A⁻¹∇ℓ differ by rounding (a loop and LDLᵀ here; BLAS and LAPACK Cholesky on
the equilibrated A in the compiled face). So where a verdict is within its rounding bound of
its threshold (a pivot of A within ``linalg.gram_band`` of n·eps, a change of ℓ within
``step_band`` of −T) both faces follow one referee written here, which takes it at 50 digits
from the original data (``linalg.gram_referee``, ``step_referee``); elsewhere the float
verdict stands, and it is the referee's.

**The start.** Newton from θ = 0 is the notes' (``start="zero"``). From the data
(``start="data"``), as IRLS texts and R's ``glm`` begin: μ₀ = (y + ȳ)/2 (inside the family's
range even where y is at its edge, 0 counts or 0/1 labels), η₀ = g⁻¹(μ₀), w₀ = a″(η₀), the
working response z₀ = η₀ + (y − μ₀)/w₀, and θ₀ the weighted least-squares fit XᵀW₀Xθ₀ = XᵀW₀z₀.

The functions here take validated lists (the public functions of logistic_regression, glm and
softmax validate first).
"""
import mpmath

from . import exponential_family as ef
from . import linalg, parameters, scalar
from .messages import error
from .results import (LEFT_DOMAIN, LISTS, NOT_FINITE, OVERFLOWED, ConvergenceError, IterativeResult,
                      StepFailed, centred_rows, divergence, not_converged, row_sum)

__all__ = [
    "MAX_HALVINGS", "glm_system", "rounding_bound", "glm_log_likelihood", "data_start", "maximise",
    "singular_hessian", "singular_softmax_hessian", "number_of_classes", "classes_carry_weight", "origin",
    "column_dependence", "STARTS", "options", "data_start_system", "glm_callbacks", "add_penalty",
    "step_threshold", "step_band", "step_accepted", "step_referee", "column_system", "one_label",
    "no_counts", "ELL_NOT_FINITE", "penalised", "symmetric_penalised", "penalised_callbacks", "penalised_indices",
    "linear_predictor", "offsets", "weights",
]

ELL_NOT_FINITE = "ℓ(θ) is not finite"  # a StepFailed of both faces
MAX_HALVINGS = 30  # t >= 2⁻³⁰: a direction that needs a shorter step is not an ascent direction
STARTS = ("zero", "data")  # the notes' start, then the IRLS start


def options(max_iterations, tol, damping, start=None, float64=False, starts=STARTS):
    """Newton's options, read in one order for every fit of both faces: (max_iterations, tol,
    start, damping). ``tol`` must be a number (the stopping test is what ends Newton); ``start``
    one of ``starts`` (None for a fit without the choice, softmax's: then start is not read).
    ``float64``: the fast face reads tol as a float (``parameters``), the reference keeps its
    scalar type."""
    max_iterations = parameters.positive_int(max_iterations, "max_iterations")
    tol = parameters.tolerance(tol, "tol", float64)
    if tol is None:
        raise error("tol_needed", what="Newton's method")
    if starts is not None:
        start = parameters.choice(start, "start", starts)
    return max_iterations, tol, parameters.flag(damping, "damping"), start


def linear_predictor(x, theta, o=None):
    """X-5: η = θᵀx + o with the example's offset o (None: the notes' η = θᵀx, GLM-1)."""
    eta = linalg.dot(x, theta)
    return eta if o is None else eta + o


def offsets(offset, m):
    """The m examples' offsets: ``offset`` itself, or None for each where there is none."""
    return [None] * m if offset is None else offset


def weights(weight, m):
    """X-2: the m examples' sample weights: ``weight`` itself, or None for each (weight 1, the
    notes' ℓ, with no product formed)."""
    return [None] * m if weight is None else weight


def _weighted(w, value):
    """X-2: w·value, the value itself where there is no weight (w None)."""
    return value if w is None else w * value


def glm_system(fam, X, y, theta, offset=None, weight=None):
    """(A, ∇ℓ) = (XᵀWX, Xᵀ(y − g(η))) for a GLM family with T(y) = y (NW-2, GLM-4), η = Xθ
    (+ ``offset``, X-5): W = diag(a″(η⁽ⁱ⁾)) = diag(Var[y | x⁽ⁱ⁾]), H = −A; X-2: with sample
    weights wᵢ, ∇ℓ = Σᵢ wᵢ(y⁽ⁱ⁾ − g(η⁽ⁱ⁾))x⁽ⁱ⁾ and W = diag(wᵢ a″(η⁽ⁱ⁾)). The upper triangle
    is accumulated example by example and mirrored. A value that overflows or an η outside the
    family's domain raises StepFailed."""
    n = len(theta)
    zero = 0 * theta[0]
    A = [[zero] * n for _ in range(n)]
    g = [zero] * n
    m = len(X)
    for x_i, y_i, o_i, w_i in zip(X, y, offsets(offset, m), weights(weight, m)):
        eta = linear_predictor(x_i, theta, o_i)
        try:
            fam.check_eta(eta)
        except ValueError:
            raise StepFailed(LEFT_DOMAIN) from None
        try:
            r = y_i - fam.response(eta)
            w = fam.variance(eta)
        except OverflowError:
            r = w = scalar.inf(eta)
        if not (scalar.isfinite(r) and scalar.isfinite(w)):
            raise StepFailed(OVERFLOWED)
        r, w = _weighted(w_i, r), _weighted(w_i, w)
        for j in range(n):
            g[j] += r * x_i[j]
            wx = w * x_i[j]
            for k in range(j, n):
                A[j][k] += wx * x_i[k]
    for j in range(n):
        for k in range(j):
            A[j][k] = A[k][j]
    return A, g


def rounding_bound(terms, size):
    """2 (m + 8) · eps · size: how far rounding can move the difference of two computed
    log-likelihoods, each a sum of m terms whose parts (log b, ηy, a(η), …) have absolute
    values adding up to at most ``size``; a sum of m terms errs by at most (m − 1)·eps times
    that, and 8 roundings cover the few inside a term. 0 in exact arithmetic."""
    return 2 * (terms + 8) * scalar.eps(size) * size


def glm_log_likelihood(fam, X, y, theta, offset=None, weight=None):
    """(ℓ(θ), its rounding bound) with ℓ = Σᵢ log p(y⁽ⁱ⁾; η = θᵀx⁽ⁱ⁾ (+ ``offset``, X-5))
    (GLM-4), each term times its sample weight wᵢ (X-2); StepFailed where ℓ is not defined or
    not finite at θ."""
    total, size = 0, 0
    m = len(X)
    try:
        for x_i, y_i, o_i, w_i in zip(X, y, offsets(offset, m), weights(weight, m)):
            eta = linear_predictor(x_i, theta, o_i)
            term = _weighted(w_i, ef.glm_log_density(fam, y_i, eta))
            total += term
            size += (abs(term) + _weighted(w_i, abs(eta * y_i))
                     + _weighted(w_i, abs(fam.a(eta))))
    except (ValueError, OverflowError) as e:
        raise StepFailed(str(e)) from None
    if not scalar.isfinite(total):
        raise StepFailed(ELL_NOT_FINITE)
    return total, rounding_bound(len(X), size)


def data_start(fam, X, y, offset=None, weight=None, penalty=(0, 1)):
    """θ₀ from the data (GLM-4; the IRLS start): the weighted least-squares fit of the working
    response z₀ = η₀ + (y − μ₀)/w₀ at μ₀ = (y + ȳ)/2, η₀ = g⁻¹(μ₀), w₀ = a″(η₀); with an
    ``offset`` o (X-5) of z₀ − o, since η = θᵀx + o (as R's glm.fit); with sample weights
    (X-2) ȳ is their weighted mean and w₀ is multiplied by them. X-1: with ``penalty`` =
    (λ, first), λ > 0, the penalised fit (XᵀW₀X + λI′)θ₀ = XᵀW₀z₀, the ridge start of the
    penalised problem, well posed where XᵀW₀X is singular (more features than examples)."""
    A, b = data_start_system(fam, X, y, offset, weight, penalty)
    return linalg.solve_gram(A, b, exact=(data_start_system, (fam, X, y, offset, weight, penalty)),
                             terms=len(X))


def data_start_system(fam, X, y, offset=None, weight=None, penalty=(0, 1)):
    """(XᵀW₀X + λI′, XᵀW₀(z₀ − o)) of ``data_start``, in any scalar type (λ = 0: XᵀW₀X)."""
    m, n = len(X), len(X[0])
    y_bar = 0 * X[0][0]  # in the scalar type of X: labels and counts arrive as ints
    total = 0 * X[0][0]
    for y_i, w_i in zip(y, weights(weight, m)):
        y_bar += _weighted(w_i, y_i)
        total += 1 if w_i is None else w_i
    y_bar = y_bar / total
    if fam is ef.BERNOULLI and (y_bar == 0 or y_bar == 1):
        raise one_label(y[0])
    if fam is ef.POISSON and y_bar == 0:
        raise no_counts()
    A = [[0 * y_bar] * n for _ in range(n)]
    b = [0 * y_bar] * n
    for x_i, y_i, o_i, w_i in zip(X, y, offsets(offset, m), weights(weight, m)):
        mu = (y_i + y_bar) / 2
        eta = fam.link(mu)
        w = fam.variance(eta)
        z = (eta if o_i is None else eta - o_i) + (y_i - mu) / w
        w = _weighted(w_i, w)
        for j in range(n):
            wx = w * x_i[j]
            b[j] += wx * z
            for k in range(j, n):
                A[j][k] += wx * x_i[k]
    for j in range(n):
        for k in range(j):
            A[j][k] = A[k][j]
    return add_penalty(A, *penalty), b


def one_label(label):
    """The ValueError of the IRLS start (and of a Bernoulli MLE) where every label is ``label``."""
    return ValueError(f"y: every label is {label}, so ℓ(θ) approaches 0 as the intercept grows "
                      "without bound and no maximum likelihood θ exists")


def no_counts():
    """The ValueError of the IRLS start (and of a Poisson MLE) where every count is 0."""
    return ValueError("y: every count is 0, so ℓ(θ) increases as η → −∞ and no maximum "
                      "likelihood θ exists")


def glm_callbacks(fam, X, y, offset=None, weight=None):
    """(system, log_likelihood) of a GLM fit for ``maximise``: ``glm_system`` and
    ``glm_log_likelihood`` on X, y (with ``offset``, X-5, and sample ``weight``, X-2), in any
    scalar type (the referee's at 50 digits)."""
    return (lambda theta: glm_system(fam, X, y, theta, offset, weight),
            lambda theta: glm_log_likelihood(fam, X, y, theta, offset, weight))


# ---- the L2 penalty --------------------------------------------------------------------------
# The MAP estimate under a Gaussian prior θⱼ ~ N(0, 1/λ) on the penalised entries maximises
# ℓ(θ) − (λ/2) Σⱼ θⱼ²: its gradient is ∇ℓ − λθ′ and its Hessian H − λI′ (θ′ and I′ zero at the
# unpenalised entries), so A = −H becomes A + λI′. Every Newton fit of both faces goes through
# ``maximise``, which wraps its callbacks here.

def penalised_indices(size, first, width):
    """The penalised entries of a flat parameter list of ``size`` entries made of rows of
    ``width`` (softmax's θ_l; one row otherwise): those at position >= ``first`` in their row."""
    return [j for j in range(size) if j % width >= first]


def add_penalty(A, lam, first):
    """X-1: A + λI′ in place, I′ the identity less its entries j < ``first`` (θ₀ unpenalised
    with first = 1); A as it is for λ = 0."""
    if lam:
        for j in penalised_indices(len(A), first, len(A)):
            A[j][j] += lam
    return A


def penalised(callbacks, lam, first, width, arithmetic=LISTS, classes=None):
    """X-1: the (system, log_likelihood) of ``maximise`` for ℓ(θ) − (λ/2) Σ_{j penalised} θⱼ²:
    (A + λI′, ∇ℓ − λθ′) and (ℓ − (λ/2)‖θ′‖², its rounding bound with the penalty's added).
    ``callbacks`` are the unpenalised pair; θ arrives as ``arithmetic`` holds it. ``classes`` = k
    (softmax's rows of ``width``, the symmetric prior): ``symmetric_penalised`` instead."""
    if classes is not None:
        return symmetric_penalised(callbacks, lam, first, width, arithmetic, classes)
    system, log_likelihood = callbacks

    def penalised_system(theta):
        A, g = system(theta)
        A, g = arithmetic.copy(A), arithmetic.copy(g)
        for j in penalised_indices(len(g), first, width):
            A[j][j] += lam
            g[j] -= lam * theta[j]
        return A, g

    def penalised_log_likelihood(theta):
        ell, bound = log_likelihood(theta)
        squares = 0 * lam
        for j in penalised_indices(len(theta), first, width):
            squares += theta[j] * theta[j]
        half = lam * squares / 2
        return ell - half, bound + rounding_bound(len(theta), half)

    return penalised_system, penalised_log_likelihood


def symmetric_penalised(callbacks, lam, first, width, arithmetic, k):
    """X-1, the symmetric prior of softmax regression (extends 000 §9.3): on the stacked k − 1
    rows φ_l of ``width`` (φ_k = 0), ℓ − (λ/2) [Σ_{l<k} ‖φ_l′‖² − (1/k) ‖Σ_{l<k} φ_l′‖²], the
    minimum over c of the penalty (λ/2) Σ_{l≤k} ‖φ_l′ + c‖² on all k rows (scikit-learn's):
    ∇ℓ − λ(φ_l′ − (1/k) Σ_m φ_m′) (``results.centred_rows``) and A + λ (I_{k−1} − 11ᵀ/k) ⊗ I′."""
    system, log_likelihood = callbacks

    def rows(theta):
        return [theta[l * width:(l + 1) * width] for l in range(len(theta) // width)]

    def penalised_system(theta):
        A, g = system(theta)
        A, g = arithmetic.copy(A), arithmetic.copy(g)
        centred = [v for row in centred_rows(rows(theta), first, k) for v in row]
        off = lam / k
        for i in penalised_indices(len(g), first, width):
            g[i] -= lam * centred[i]
            for j in range(i % width, len(g), width):
                A[i][j] += lam - off if i == j else -off
        return A, g

    def penalised_log_likelihood(theta):
        ell, bound = log_likelihood(theta)
        squares, total = 0 * lam, row_sum(rows(theta))
        for j in penalised_indices(len(theta), first, width):
            squares += theta[j] * theta[j]
        size = lam * squares / 2  # the size of the penalty's parts, for its rounding bound
        for j in range(first, width):
            squares -= total[j] * total[j] / k
        half = lam * squares / 2
        return ell - half, bound + rounding_bound(len(theta), size)

    return penalised_system, penalised_log_likelihood


def penalised_callbacks(exact, lam, first, width, classes=None):
    """``penalised`` on the callbacks that ``exact`` = (make, args) makes (the referee's, at 50
    digits)."""
    make, args = exact
    return penalised(make(*args), lam, first, width, classes=classes)


# ---- the damped step's verdict ------------------------------------------------------------------
# Both faces compute ℓ in the same order, but the step s = A⁻¹∇ℓ differs by rounding (LDLᵀ here,
# LAPACK on the equilibrated A there), so a step whose ℓ change is near the threshold could be
# taken by one face and halved by the other. Outside the band below the float verdict stands;
# inside it both faces follow ``step_referee``.

def step_threshold(bound, new_bound):
    """T: the step is taken when ℓ(θ + ts) − ℓ(θ) >= −T, T = 2·max(b, b′), twice the rounding
    bound of the change (``rounding_bound`` at the two points): a decrease ℓ cannot resolve is
    not a decrease, and near the maximum, where the change is below rounding, the verdict is
    2·max(b, b′) away from the threshold, outside ``step_band``."""
    return 2 * max(bound, new_bound)


def step_band(bound, new_bound, t, rho, gradient, s, diagonal):
    """How far rounding can move the computed change ℓ(θ + ts) − ℓ(θ) from its value at the
    exact step s* = A*⁻¹∇ℓ*: max(b, b′) (rounding of the two sums of m terms) plus
    2t·|∇ℓ(θ + ts)ᵀ(s − s*)| to first order, with |s̃ − s̃*|∞ <= ρ |s̃|∞ in the equilibrated
    coordinates s̃ⱼ = sⱼ √A_jj (ρ of ``linalg.solve_gram_with_error``): 2tρ · Σⱼ |∇ℓⱼ| / √A_jj ·
    maxⱼ |sⱼ| √A_jj. ``gradient`` None (not defined at θ + ts): the band is infinite."""
    if gradient is None:
        return scalar.inf(t)
    spread = 0 * t
    for s_j, a_jj in zip(s, diagonal):
        spread = max(spread, abs(s_j) * scalar.sqrt(a_jj))
    weight = 0 * t
    for g_j, a_jj in zip(gradient, diagonal):
        weight += abs(g_j) / scalar.sqrt(a_jj)
    return max(bound, new_bound) + 2 * t * rho * weight * spread


def step_accepted(change, bound, new_bound, band, referee):
    """The damped step's verdict (NW-2, GLM-4, SM-4), the same in both faces: change >= −T
    (``step_threshold``) where the change is more than ``band`` away from −T; inside the band,
    the verdict of ``referee()`` (``step_referee``)."""
    threshold = step_threshold(bound, new_bound)
    if abs(change + threshold) > band:
        return change >= -threshold
    return referee()


def step_referee(exact, theta, t):
    """The verdict on θ + ts at 50 digits: ``exact`` = (make, args), make(*args) the fit's
    (system, log_likelihood) on the original float data converted exactly to mpf; s* = A*⁻¹∇ℓ*
    from the system at θ, and the step is taken when ℓ*(θ + ts*) − ℓ*(θ) >= −T*, T* the float
    threshold of ``step_threshold`` on the sizes of the 50-digit sums. ℓ not defined at θ + ts*:
    not taken. Cost: two ℓ and one system at 50 digits; it runs only inside ``step_band``."""
    make, args = exact
    with mpmath.workdps(linalg.GRAM_DIGITS):
        system, log_likelihood = make(*linalg.as_mpf(args))
        theta = linalg.as_mpf(list(theta))
        A, g = system(theta)
        s = linalg.solve_gram(A, g)
        new = [a + t * b for a, b in zip(theta, s)]
        try:
            ell, bound = log_likelihood(theta)
            new_ell, new_bound = log_likelihood(new)
        except StepFailed:
            return False
        unit = mpmath.mpf(2) ** -52 / mpmath.mp.eps  # the bounds of a float sum of these terms
        return bool(new_ell - ell >= -step_threshold(bound * unit, new_bound * unit))


def maximise(name, theta, system, log_likelihood, max_iterations, tol, record=False,
             damping=True, check=None, singular=None, shape=None, advice="",
             origin="theta", exact=None, terms=0, arithmetic=LISTS, penalty=None):
    """Newton's method θ := θ + t·A⁻¹∇ℓ on a flat parameter list (NW-2, GLM-4, SM-4), with t
    halved from 1 until ℓ does not decrease (``damping``; t = 1 always otherwise).

    ``system(θ)`` gives (A, ∇ℓ); ``log_likelihood(θ)`` gives ℓ and the bound on its rounding
    error (``rounding_bound``); both raise StepFailed
    where they are not defined. ``shape(θ)`` turns the flat list into the parameters reported
    (default: as is); ``check(θ, k, path)`` runs on every new iterate (the separation test);
    ``singular(error, k, θ)`` turns a SingularMatrixError of the system at iteration k into
    the error to raise. Stops when a full step has maxⱼ |Δθⱼ| <= tol · (1 + maxⱼ |θⱼ|): that
    step is taken whole (ℓ cannot resolve a change so small), and a halved step never ends the
    iteration. extra["step_lengths"] lists the t of each step;
    ``origin`` names the start in the error raised when ℓ or the system is not defined there.
    ``exact`` = (make, args), make(*args) giving (system, log_likelihood) on the same data in
    any scalar type, and ``terms`` (m, the examples summed into A), let a float fit refer the
    verdicts rounding could flip (a singular A, ``step_accepted``) to 50 digits.

    This is the driver of both faces: the fast face passes its compiled passes as ``system``
    and ``log_likelihood`` and its ``arithmetic`` (float64 arrays, A⁻¹∇ℓ by LAPACK Cholesky on
    the equilibrated A; ``results.Lists`` says what it holds).

    ``penalty`` = (λ, first, width), λ > 0: maximise ℓ(θ) − (λ/2) Σ θⱼ² over the entries at
    position >= first of each row of ``width`` (X-1, ``penalised``); (λ, first, width, k): the
    symmetric prior of k classes' rows (``symmetric_penalised``); None or λ = 0: ℓ itself."""
    if penalty is not None and penalty[0]:
        lam, first, width, *classes = penalty
        system, log_likelihood = penalised((system, log_likelihood), lam, first, width, arithmetic,
                                           *classes)
        if exact is not None:
            exact = (penalised_callbacks, (exact, *penalty))
    shape = shape or (lambda t: t)
    copy, stack = arithmetic.copy, arithmetic.stack
    theta = arithmetic.start(theta)
    one = arithmetic.unit(theta)
    if scalar.kind(one) != "float":
        exact = None  # exact and 50-digit fits decide without rounding to speak of
    path = [shape(copy(theta))] if record else None
    lengths = []
    trial = None  # the system at the step taken, computed while judging it
    if damping:
        try:
            ell, bound = log_likelihood(theta)
        except StepFailed as e:
            raise ValueError(f"{origin}: {name} cannot start there, ℓ(θ) is not defined ({e})") from None
    for k in range(1, max_iterations + 1):
        try:
            A, g = trial if trial is not None else system(theta)
        except StepFailed as e:
            if k == 1:
                raise ValueError(f"{origin}: {name} cannot start there ({e})") from None
            raise divergence(name, k, e, IterativeResult(shape(theta), k - 1, False, stack(path))) from None
        try:
            s, rho = arithmetic.solve(A, g, None if exact is None else (_system_at, (exact, theta)),
                                      terms)
        except linalg.SingularMatrixError as e:
            raise (singular(e, k, shape(theta)) if singular else e) from None
        except OverflowError as e:
            raise divergence(name, k, e, IterativeResult(shape(theta), k - 1, False, stack(path))) from None
        t = one
        new = arithmetic.added(theta, s)
        done = arithmetic.converged(theta, new, tol)
        trial = None
        if damping and not done:
            diagonal = arithmetic.diagonal(A) if exact is not None else None
            for _ in range(MAX_HALVINGS + 1):
                try:
                    new_ell, new_bound = log_likelihood(new)
                    trial = _system_or_none(system, new) if exact is not None else None
                    band = (step_band(bound, new_bound, t, rho,
                                      None if trial is None else arithmetic.entries(trial[1]),
                                      arithmetic.entries(s), diagonal)
                            if exact is not None else 0)
                    if (step_accepted(new_ell - ell, bound, new_bound, band,
                                      lambda: step_referee(exact, theta, t))
                            if exact is not None else new_ell - ell >= -step_threshold(bound, new_bound)):
                        break
                except StepFailed:
                    pass
                trial = None
                t = t / 2
                new = arithmetic.moved(theta, s, t)
            else:
                raise ConvergenceError(
                    f"{name}: ℓ did not increase along the Newton direction at iteration {k}, "
                    f"even with the step halved {MAX_HALVINGS} times (A = −H may be too "
                    "ill-conditioned)", IterativeResult(shape(theta), k - 1, False, stack(path)))
        lengths.append(t)
        if record:
            path.append(shape(copy(new)))
        if arithmetic.diverged(new):
            raise divergence(name, k, NOT_FINITE, IterativeResult(shape(theta), k - 1, False, stack(path)))
        theta = new
        if damping and not done:
            ell, bound = new_ell, new_bound
        if check is not None:
            check(shape(theta), k, path)
        if done:
            return IterativeResult(shape(theta), k, True, stack(path), {"step_lengths": lengths})
    raise not_converged(name, max_iterations, tol, IterativeResult(
        shape(theta), max_iterations, False, stack(path), {"step_lengths": lengths}), advice)


def _system_at(exact, theta):
    """The fit's system at θ, in the scalar type of θ and the data (the Gram referee's f)."""
    make, args = exact
    return make(*args)[0](theta)


def _system_or_none(system, theta):
    try:
        return system(theta)
    except StepFailed:
        return None


def singular_hessian(name, hessian="−XᵀWX", parameter="column", of=" of X"):
    """For ``maximise``: the SingularMatrixError of a Newton fit whose Hessian is singular at
    iteration k, naming which column depends on which (on the examples that carry weight)."""
    def error(e, k, theta):
        return linalg.SingularMatrixError(
            f"{name}: the Hessian {hessian} is singular at iteration {k}: "
            f"{linalg.dependence(e.column, e.combination, parameter, of)}, on the examples that "
            "carry weight", column=e.column, combination=e.combination)
    return error


def number_of_classes(labels):
    """k for labels in 1..k when no Θ gives it (SM-4's zero start): the largest label, each of
    1..k present (a class absent from y makes the Hessian singular, and a huge label must not
    size Θ)."""
    present = set(int(v) for v in labels)
    k = max(present)
    missing = next((c for c in range(1, len(present) + 2) if c not in present), None)
    if k < 2:
        raise ValueError("y: softmax regression needs labels in 1..k with k >= 2, got only 1")
    if missing is not None and missing < k:
        raise ValueError(f"y: class {missing} of 1..{k} does not occur; with Theta=None, k is the "
                         "largest label and every class in 1..k must be present")
    return k


def classes_carry_weight(labels, weight, k):
    """X-2: with sample ``weight``s (or None), each class 1..k of SM-4's zero start must have an
    example of weight > 0 (a class of weight 0 is absent from the data); a ValueError naming the
    first that has none."""
    if weight is None:
        return
    carried = {int(v) for v, w in zip(labels, weight) if w > 0}
    missing = next((c for c in range(1, k + 1) if c not in carried), None)
    if missing is not None:
        raise error("weights_start_class", c=missing, k=k)


def origin(theta, start):
    """How errors name the start of a Newton fit: the given ``theta``, or the ``start`` rule."""
    if theta is not None:
        return "theta"
    return ("theta (the start from the data, start='data')" if start == "data"
            else "theta (θ = 0, start='zero')")


def column_dependence(X):
    """The SingularMatrixError of XᵀX when the columns of X are dependent (None otherwise): at
    a start where every example carries weight, a singular Hessian comes from X itself."""
    try:
        linalg.solve_gram(*column_system(X), exact=(column_system, (X,)), terms=len(X))
    except linalg.SingularMatrixError as e:
        return e
    except OverflowError:
        return None
    return None


def column_system(X):
    """(XᵀX, 0): the system whose singularity ``column_dependence`` reports."""
    Xt = linalg.transpose(X)
    return linalg.matmul(Xt, X), [0 * X[0][0]] * len(X[0])


def singular_softmax_hessian(k, e, columns, n):
    """The SingularMatrixError of softmax Newton (SM-4) at iteration k: the dependent columns of
    X where XᵀX is singular (``columns``, its error), else the parameter that depends on the
    others."""
    if columns is not None:
        cause = linalg.dependence(columns.column, columns.combination, of=" of X")
        return linalg.SingularMatrixError(
            f"softmax Newton: the Hessian is singular at iteration {k}: {cause}",
            column=columns.column, combination=columns.combination)
    return linalg.SingularMatrixError(
        f"softmax Newton: the Hessian is singular at iteration {k}: parameter {e.column} "
        f"(θ_{e.column // n + 1} entry {e.column % n}) depends on the ones before it (a class "
        "absent from y, or one whose examples carry no weight)", column=e.column,
        combination=e.combination)
