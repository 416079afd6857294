"""Scalar functions dispatched on the scalar type: float, exact rational, or mpmath.mpf.

``math.exp(mpf(1))`` silently returns a float and ``math.exp(Fraction(1, 3))`` an inexact one,
so the reference never calls ``math`` directly: it calls these, which keep mpf values in mpmath
at the working precision, keep exact values exact where the result is rational, and refuse
(TypeError) where an exact rational result does not exist.
"""
import math
import numbers
from fractions import Fraction

import mpmath

__all__ = [
    "ExactResultError", "kind", "is_exact", "exp", "log", "log1p", "sqrt", "pi",
    "isfinite", "eps", "zero_tolerance", "to_scalar", "as_float",
]

MPF = mpmath.mpf


class ExactResultError(TypeError):
    """An exact (rational) argument whose result is irrational."""


def kind(x):
    """'mpf', 'exact' (int or Fraction) or 'float' (any other real number)."""
    if isinstance(x, MPF):
        return "mpf"
    if isinstance(x, (int, Fraction)) and not isinstance(x, bool):
        return "exact"
    if isinstance(x, bool):
        raise TypeError(f"expected a real number, got a bool ({x!r})")
    if isinstance(x, numbers.Real):
        return "float"
    raise TypeError(f"expected a real number (float, int, Fraction or mpmath.mpf), got {type(x).__name__}")


def is_exact(x):
    return kind(x) == "exact"


def to_scalar(x):
    """Normalise one entry: int -> Fraction, numpy/other reals -> float, mpf and Fraction kept."""
    k = kind(x)
    if k == "mpf":
        return x
    if k == "exact":
        return Fraction(x)
    return float(x)


def as_float(x):
    return float(x)


__all__ += ["zero"]


def zero(values):
    """+0 in the scalar type that the finite ``values`` combine to under + (an mpf among them
    makes it an mpf, else a float a float, else exact): the zero a sum of them starts from. The
    sum starts from the int 0, so it is +0.0, never −0.0; ``0 * values[0]`` would be −0.0 for a
    negative float and would ignore the other values' types."""
    return sum(v - v for v in values)


def _no_exact(name, x):
    raise ExactResultError(
        f"{name}({x}) is not rational; use float or mpmath.mpf entries for this computation"
    )


def exp(x):
    k = kind(x)
    if k == "mpf":
        return mpmath.exp(x)
    if k == "exact":
        if x == 0:
            return Fraction(1)
        _no_exact("exp", x)
    return math.exp(x)


def log(x):
    k = kind(x)
    if k == "mpf":
        if x <= 0:
            raise ValueError(f"log of a non-positive number ({x})")
        return mpmath.log(x)
    if k == "exact":
        if x == 1:
            return Fraction(0)
        _no_exact("log", x)
    return math.log(x)


def log1p(x):
    k = kind(x)
    if k == "mpf":
        return mpmath.log1p(x)
    if k == "exact":
        if x == 0:
            return Fraction(0)
        _no_exact("log1p", x)
    return math.log1p(x)


def _exact_sqrt(x):
    x = Fraction(x)
    if x < 0:
        raise ValueError(f"sqrt of a negative number ({x})")
    n, d = math.isqrt(x.numerator), math.isqrt(x.denominator)
    if n * n == x.numerator and d * d == x.denominator:
        return Fraction(n, d)
    _no_exact("sqrt", x)


def sqrt(x):
    k = kind(x)
    if k == "mpf":
        if x < 0:
            raise ValueError(f"sqrt of a negative number ({x})")
        return mpmath.sqrt(x)
    if k == "exact":
        return _exact_sqrt(x)
    return math.sqrt(x)


def pi(like):
    """pi in the scalar type of ``like`` (there is no exact pi)."""
    k = kind(like)
    if k == "mpf":
        return +mpmath.pi
    if k == "exact":
        _no_exact("pi", like)
    return math.pi


def isfinite(x):
    k = kind(x)
    if k == "mpf":
        return bool(mpmath.isfinite(x))
    if k == "exact":
        return True
    return math.isfinite(x)


def eps(like):
    """Unit round-off of the scalar type of ``like`` (0 for exact arithmetic)."""
    k = kind(like)
    if k == "mpf":
        return mpmath.mp.eps
    if k == "exact":
        return Fraction(0)
    return 2.0 ** -52


def zero_tolerance(like, scale, n=1):
    """The size below which a computed pivot or residual counts as zero.

    Exactly 0 for rationals; ``n * eps * scale`` otherwise, where ``scale`` is the magnitude of
    the data the value was computed from.
    """
    return n * eps(like) * scale


# ---- Part IV (generative learning): the log-gamma function ------------------------------------

__all__ += ["lgamma"]


def lgamma(x):
    """log Γ(x) for x > 0; log k! = lgamma(k + 1) is the normaliser of a Poisson pmf (GDA-4).

    Exact arguments are rational only where Γ(x) = 1 (x = 1 or 2)."""
    k = kind(x)
    if x <= 0:
        raise ValueError(f"lgamma of a non-positive number ({x})")
    if k == "mpf":
        return mpmath.loggamma(x)
    if k == "exact":
        if x == 1 or x == 2:
            return Fraction(0)
        _no_exact("lgamma", x)
    return math.lgamma(x)


# ---- Decision trees (001 §11.3): entropies in bits ---------------------------------------------

__all__ += ["log2"]


def _log2_domain(x):
    return ValueError(f"log2 of a non-positive number ({x})")


def log2(x):
    """log₂ x; exact for a rational power of two (so a dyadic distribution has an exact entropy
    in bits), mpf kept in mpmath, float through the C library's log2."""
    k = kind(x)
    if k == "mpf":
        if x <= 0:
            raise _log2_domain(x)
        return mpmath.log(x, 2)
    if k == "exact":
        x = Fraction(x)
        if x <= 0:
            raise _log2_domain(x)
        n, d = x.numerator, x.denominator
        if n & (n - 1) == 0 and d & (d - 1) == 0:
            return Fraction(n.bit_length() - d.bit_length())
        _no_exact("log2", x)
    return math.log2(x)

# ---- Parts II-III: log(1 + e^z) without overflow -------------------------------------------------

__all__ += ["softplus"]


def softplus(z):
    """log(1 + e^z) for any z: z + log1p(e^(−z)) when z > 0, so that e^z is never formed for
    large z (in float, e^710 overflows while log(1 + e^710) ≈ 710). Exact only at no point
    (log 2 is irrational), so rational z raises ExactResultError."""
    if z > 0:
        return z + log1p(exp(-z))
    return log1p(exp(z))

# ---- Appended for Part V (LD-2: θ_P is +∞ off the feasible set) ---------------------------------

__all__ += ["inf"]


def inf(like):
    """+∞ in the scalar type of ``like`` (float infinity for rationals, which have none)."""
    return mpmath.inf if kind(like) == "mpf" else math.inf


# ---- Parts II-III: the sigmoid, the softmax and log-sum-exp --------------------------------------
# One home for the three responses that logistic regression (LG-1), the exponential family (EF-2,
# SM-1) and softmax regression (SM-2) all evaluate; the public functions of those modules
# validate their arguments and call these.

__all__ += ["sigmoid", "softmax", "log_sum_exp"]


def sigmoid(z):
    """LG-1 (000 §5): g(z) = 1 / (1 + e^(−z)); for z < 0 evaluated as e^z / (1 + e^z) so that
    e^(−z) is never formed for very negative z. Exact only at z = 0 (g(0) = 1/2)."""
    if is_exact(z) and z == 0:
        return Fraction(1, 2)
    if z >= 0:
        return 1 / (1 + exp(-z))
    e = exp(z)
    return e / (1 + e)


def softmax(eta):
    """SM-2 (000 §9.3): φᵢ = e^(ηᵢ − M) / Σⱼ e^(ηⱼ − M), M = maxⱼ ηⱼ (the same value as
    e^ηᵢ / Σⱼ e^ηⱼ, with no exponential that overflows). ``eta`` is a list of scalars."""
    top = max(eta)
    e = [exp(v - top) for v in eta]
    total = 0
    for v in e:
        total += v
    return [v / total for v in e]


def log_sum_exp(eta):
    """SM-2: log Σⱼ e^ηⱼ = M + log Σⱼ e^(ηⱼ − M), M = maxⱼ ηⱼ."""
    top = max(eta)
    total = 0
    for v in eta:
        total += exp(v - top)
    return top + log(total)
