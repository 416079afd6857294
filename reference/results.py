"""Result records and errors shared by the iterative algorithms of reference and fast, and the
reference's stopping and divergence tests."""
from dataclasses import dataclass, field
from typing import Any, Optional

from . import scalar

__all__ = ["IterativeResult", "ConvergenceError", "step_converged", "diverged"]


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


def step_converged(old, new, tol):
    """The stopping test of Part I (LR-5), which logistic regression, GLMs and softmax reuse:
    maxⱼ |Δθⱼ| <= tol · (1 + maxⱼ |θⱼ|)."""
    step = max(abs(a - b) for a, b in zip(new, old))
    return step <= tol * (1 + max(abs(t) for t in new))


def diverged(theta):
    """Some θⱼ is no longer finite (the step size is too large)."""
    return not all(scalar.isfinite(t) for t in theta)


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
