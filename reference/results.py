"""Result records and errors shared by the iterative algorithms of reference and fast, the
stopping, divergence and separation tests, the loop that applies them (``iterate``) and the
messages of its errors, written once for both faces.

The loops here and in ``newton`` are the one driver of both faces: they do the arithmetic on θ
through an ``arithmetic`` argument, the reference's ``LISTS`` (lists in any scalar type) or the
fast face's float64 arrays (cs229.fast._glm_core.ARRAYS), whose compiled passes (gradient,
Hessian, the Gram solve) the fast face hands in as the callbacks."""
from dataclasses import dataclass, field
from typing import Any, Optional

from . import linalg, scalar

__all__ = [
    "IterativeResult", "ConvergenceError", "SeparableDataError", "StepFailed", "step_converged",
    "diverged", "separated", "separable_error", "iterate", "sgd_epochs", "LISTS", "divergence", "not_converged",
    "NOT_FINITE", "LEFT_DOMAIN", "OVERFLOWED", "LOWER_ALPHA", "RAISE_CAP", "alpha_too_large",
    "penalised_gradient", "row_sum", "centred_rows", "symmetric_gradient",
]


@dataclass(frozen=True, eq=False)
class IterativeResult:
    """What an iterative fit returns.

    theta: the final parameters. iterations: updates of theta done (epochs for SGD).
    converged: True when the stopping test held, None when the algorithm ran a fixed number of
    iterations without a test. path: the iterates theta after each iteration when recording was
    asked for (path[0] is the starting point), else None. extra: per-algorithm details.
    """

    theta: Any
    iterations: int
    converged: Optional[bool]
    path: Optional[list] = None
    extra: dict = field(default_factory=dict)


class ConvergenceError(ArithmeticError):
    """An iterative algorithm did not reach its stopping test, or diverged. ``result`` holds the
    last iterate so that the caller can inspect it."""

    def __init__(self, message, result=None):
        super().__init__(message)
        self.result = result


class SeparableDataError(ConvergenceError):
    """The labels are separated by a hyperplane, so the likelihood has no maximiser.

    Raised when an iterate θ classifies every example strictly correctly: then L(cθ) increases
    to 1 as c → ∞ while ‖cθ‖ grows without bound, and no finite θ attains the supremum.
    ``result`` holds the separating iterate."""


class StepFailed(ArithmeticError):
    """Raised by an update inside ``iterate`` when the step cannot be computed at the current
    iterate (a value overflowed, η left the family's domain); ``iterate`` reports it as
    divergence at that iteration."""


def step_converged(old, new, tol):
    """The stopping test of Part I (LR-5), which logistic regression, GLMs and softmax reuse:
    maxⱼ |Δθⱼ| <= tol · (1 + maxⱼ |θⱼ|)."""
    step = max(abs(a - b) for a, b in zip(new, old))
    return step <= tol * (1 + max(abs(t) for t in new))


def diverged(theta):
    """Some θⱼ is no longer finite (the step size is too large)."""
    return not all(scalar.isfinite(t) for t in theta)


def separated(X, y, theta):
    """LG-3 (000 §5): θ classifies every example strictly correctly (θᵀx > 0 for y = 1 and
    θᵀx < 0 for y = 0). Then ℓ(cθ) increases to 0, i.e. L(cθ) → 1, as c → ∞: the MLE does not
    exist. X, y and θ are validated lists."""
    for x_i, y_i in zip(X, y):
        z = linalg.dot(x_i, theta)
        if (z <= 0) if y_i == 1 else (z >= 0):
            return False
    return True


def separable_error(name, k, theta, path, what="the data are linearly separable (the iterate "
                    "of step {k} classifies every example correctly)",
                    consequence="the likelihood approaches 1 as ‖θ‖ grows"):
    """The SeparableDataError every maximiser of a Bernoulli or multinomial likelihood raises."""
    return SeparableDataError(
        f"{name}: {what.format(k=k)}, so {consequence} and no maximum likelihood θ exists; "
        "regularise, or use the perceptron for a separating θ",
        IterativeResult(theta, k, False, path))


NOT_FINITE = "θ is no longer finite"
# Why the step of a GLM fit could not be formed at θ (StepFailed's words in both faces).
LEFT_DOMAIN = "η left the family's domain"
OVERFLOWED = "g(θᵀx) overflowed"
LOWER_ALPHA = " (lower alpha)"
RAISE_CAP = "; raise max_iterations or alpha"


def alpha_too_large(alpha, remedy=""):
    """The ``hint`` of a gradient loop whose iterate left the finite numbers: the step size."""
    return f" (alpha={alpha} is too large{remedy})"


def divergence(name, k, cause, result):
    """The ConvergenceError of a loop whose iterate k could not be formed or left the finite
    numbers (``cause``), carrying the last good iterate."""
    return ConvergenceError(f"{name} diverged at iteration {k}: {cause}", result)


def not_converged(name, max_iterations, tol, result, advice=""):
    """The ConvergenceError of a loop that reached its cap without meeting the stopping test."""
    return ConvergenceError(f"{name} did not converge in {max_iterations} iterations "
                            f"(tol={tol}){advice}", result)


class Lists:
    """The reference's arithmetic on θ for ``iterate`` and ``newton.maximise``: θ a list (or
    softmax's list of rows) in any scalar type, A⁻¹∇ℓ by ``linalg.solve_gram_with_error``."""

    @staticmethod
    def start(theta):
        return theta

    @staticmethod
    def unit(theta):
        """1 in the scalar type of θ (the full Newton step)."""
        return theta[0] ** 0

    @staticmethod
    def copy(theta):
        return [row[:] for row in theta] if isinstance(theta[0], list) else theta[:]

    @staticmethod
    def flat(theta):
        return [v for row in theta for v in row] if isinstance(theta[0], list) else theta

    @classmethod
    def diverged(cls, theta):
        return diverged(cls.flat(theta))

    @classmethod
    def converged(cls, old, new, tol):
        return step_converged(cls.flat(old), cls.flat(new), tol)

    @staticmethod
    def stack(path):
        return path

    @staticmethod
    def added(theta, s):
        """θ + s."""
        return [a + b for a, b in zip(theta, s)]

    @staticmethod
    def moved(theta, s, t):
        """θ + t·s."""
        return [a + t * b for a, b in zip(theta, s)]

    @staticmethod
    def entries(v):
        return v

    @staticmethod
    def diagonal(A):
        return [A[j][j] for j in range(len(A))]

    @staticmethod
    def solve(A, g, exact, terms):
        """(A⁻¹g, ρ) as ``linalg.solve_gram_with_error``."""
        return linalg.solve_gram_with_error(A, g, exact, terms)


LISTS = Lists()


def penalised_gradient(g, theta, lam, first=1, descent=False):
    """X-1 (extends 000 §1, §5, §9): the gradient of the penalised objective of a batch method,
    ∇ℓ − λθ′ for ℓ(θ) − (λ/2) Σ_{j≥first} θⱼ² (the MAP estimate under θⱼ ~ N(0, 1/λ)), or
    with ``descent`` ∇J + λθ′ for J(θ) + (λ/2) Σ_{j≥first} θⱼ²; θ′ is θ with its entries before
    ``first`` set to 0 (``first`` = 1: the intercept θ₀ unpenalised). λ = 0: g itself."""
    if not lam:
        return g
    return [g_j if j < first else (g_j + lam * t if descent else g_j - lam * t)
            for j, (g_j, t) in enumerate(zip(g, theta))]


def row_sum(Theta):
    """Σ_l θ_l, the rows of Θ added column by column in row order (both faces sum so)."""
    total = list(Theta[0])
    for row in Theta[1:]:
        total = [s + t for s, t in zip(total, row)]
    return total


def centred_rows(Theta, first, k):
    """X-1, the symmetric prior (extends 000 §9.3): the rows φ_l − (1/k) Σ_{m<k} φ_m of the
    k − 1 rows Θ = (φ₁, ..., φ_{k−1}) (φ_k = 0), entries before ``first`` set to 0. With
    w_l = φ_l + c for all k rows, min over c of (λ/2) Σ_{l≤k} ‖w_l‖² is at c = −(1/k) Σ_m φ_m
    and equals (λ/2) [Σ_{l<k} ‖φ_l‖² − (1/k) ‖Σ_{l<k} φ_l‖²], whose gradient is λ times these
    rows (and whose minimising w are these rows, with w_k = −(1/k) Σ_m φ_m)."""
    total = row_sum(Theta)
    return [[0 * t if j < first else t - s / k for j, (t, s) in enumerate(zip(row, total))]
            for row in Theta]


def symmetric_gradient(G, Theta, lam, first):
    """X-1, the symmetric prior (extends 000 §9.3): the gradient ∇_{θ_l}ℓ − λ(θ_l′ − (1/k) Σ_m θ_m′)
    of ℓ(Θ) − (λ/2) [Σ_{l<k} ‖θ_l′‖² − (1/k) ‖Σ_{l<k} θ_l′‖²], the penalty (λ/2) Σ_{l≤k} ‖w_l′‖²
    of all k rows w_l = θ_l + c at its minimum over c (``centred_rows``); G the rows of
    ∇ℓ, k = len(Θ) + 1. λ = 0: G itself. (Softmax's gradient ascent; Newton's method:
    ``newton.symmetric_penalised``.)"""
    if not lam:
        return G
    return [[g - lam * c for g, c in zip(grow, crow)]
            for grow, crow in zip(G, centred_rows(Theta, first, len(Theta) + 1))]


def iterate(name, update, theta, max_iterations, tol, record=False, check=None, hint="",
            advice="", arithmetic=LISTS):
    """The loop of every batch algorithm of Parts I–III (LR-5, LG-5, GLM-4, SM-4): repeat
    θ := update(θ) until maxⱼ |Δθⱼ| <= tol · (1 + maxⱼ |θⱼ|).

    θ is a vector or a matrix (softmax's rows θ_l); ``tol=None`` runs exactly
    ``max_iterations`` updates (converged=None). After each update: an iterate that is no
    longer finite, or an update raising StepFailed, is divergence (ConvergenceError carrying
    the last good iterate, with ``hint`` on the cause); ``check(θ, k, path)`` may raise (the
    separation test); the cap with a tolerance is ConvergenceError (with ``advice``).
    ``arithmetic`` holds θ (``LISTS``; the fast face passes its arrays)."""
    copy, stack = arithmetic.copy, arithmetic.stack
    path = [copy(theta)] if record else None
    for k in range(1, max_iterations + 1):
        try:
            new = update(theta)
        except StepFailed as e:
            raise divergence(name, k, e, IterativeResult(theta, k - 1, False, stack(path))) from None
        if record:
            path.append(copy(new))
        if arithmetic.diverged(new):
            raise divergence(name, k, NOT_FINITE + hint,
                             IterativeResult(theta, k - 1, False, stack(path)))
        done = tol is not None and arithmetic.converged(theta, new, tol)
        theta = new
        if check is not None:
            check(theta, k, path)
        if done:
            return IterativeResult(theta, k, True, stack(path))
    result = IterativeResult(theta, max_iterations, None if tol is None else False, stack(path))
    if tol is not None:
        raise not_converged(name, max_iterations, tol, result, advice)
    return result



def sgd_epochs(step, X, y, theta, alpha, epochs, order, decay, record, on_divergence, weight=None):
    """The loop of the stochastic rules (LR-6, LG-4): for each epoch, for i in ``order``,
    θ := step(x⁽ⁱ⁾, y⁽ⁱ⁾, θ, α_t) with α_t = α / (1 + decay · t), t the updates made before.
    X-2: sample weights ``weight`` scale example i's step, α_t·wᵢ (t still counts every visit).

    No stopping test: converged is None; ``path`` holds θ after each epoch when ``record``.
    ``on_divergence`` is a function of (epoch, α) giving the message of the ConvergenceError
    raised when θ stops being finite after an epoch."""
    path = [theta[:]] if record else None
    t = 0
    for epoch in range(epochs):
        for i in order:
            alpha_t = alpha / (1 + decay * t) if decay else alpha
            theta = step(X[i], y[i], theta, alpha_t if weight is None else alpha_t * weight[i])
            t += 1
        if diverged(theta):
            raise ConvergenceError(on_divergence(epoch + 1, alpha), IterativeResult(theta, epoch, False, path))
        if record:
            path.append(theta[:])
    return IterativeResult(theta, epochs, None, path)

__all__ += ["NotSeparableError"]


class NotSeparableError(ValueError):
    """The hard-margin problem is infeasible (000 V §4, §6; 002 §1.5.1): no (w, b) gives every
    example functional margin ≥ 1, because the classes' convex hulls meet (in the kernel's
    feature space), so the dual W(α) is unbounded. The soft margin (a finite C) always has a
    solution. Raised by the direct solvers of duality and by SMO with C=None."""


__all__ += ["FloatRangeError"]


class FloatRangeError(ValueError):
    """A value computed from finite inputs is not finite: it left the float range (overflow, or
    an underflow met an overflow). Raised naming the value and what to rescale, in both faces,
    where an inf or NaN would otherwise be returned. ``check`` raises it for the first such value
    of a sequence; the fast face finds that value with numpy and raises ``at(...)``."""

    @classmethod
    def at(cls, what, value, remedy):
        return cls(f"{what} is {value}: it overflows the float range; {remedy}")

    @classmethod
    def check(cls, values, name, remedy):
        """The values, unchanged, when every one is finite; else the error naming the first that
        is not as ``name(i)``."""
        for i, v in enumerate(values):
            if not scalar.isfinite(v):
                raise cls.at(name(i), v, remedy)
        return values
