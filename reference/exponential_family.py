"""The exponential family as data (000 Part III §8-9; 002 §1.3.2-1.3.3).

A family is p(y; η) = b(y) exp(ηᵀT(y) − a(η)) (000 (6)): an ``ExponentialFamily`` holds b, T
and a, the map from the usual parameter to the natural parameter η and back, the canonical
response g(η) = E[T(y); η] with its inverse, the canonical link, and the variance a″(η).
Instances: BERNOULLI, GAUSSIAN (σ² = 1), POISSON, EXPONENTIAL, ``gamma(shape)`` and
``multinomial(k)``; ``GAUSSIAN_DISPERSION`` is footnote 6's form with σ² as the dispersion.
Every function works on float and mpmath.mpf, and on Fraction wherever the value is rational.
"""
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

from . import linalg, parameters, scalar
from .messages import error

__all__ = [
    "ExponentialFamily", "BERNOULLI", "GAUSSIAN", "POISSON", "EXPONENTIAL", "gamma",
    "multinomial", "indicator", "family", "density", "log_density", "glm_log_density",
    "DispersionFamily", "GAUSSIAN_DISPERSION", "dispersion_density",
]


@dataclass(frozen=True)
class ExponentialFamily:
    """EF-1 (000 §8 (6); 002 §1.3.2): p(y; η) = b(y) exp(ηᵀT(y) − a(η)).

    ``natural(usual)`` gives η from the usual parameter (φ, μ, λ, ...), ``usual(eta)`` the way
    back; ``response(eta)`` is the canonical response g(η) = E[T(y); η] = a′(η) and ``link(mu)``
    its inverse g⁻¹ (GLM-1); ``variance(eta)`` is a″(η) = Var[T(y); η] (EF-5); ``check_y``
    validates one target and ``check_eta`` one natural parameter (raising ValueError);
    ``log_b``, when given, is log b(y) computed without forming b (1/y! underflows in float);
    ``shape`` is the fixed shape of a gamma family (1 for the exponential)."""

    name: str
    parameter: str
    b: Callable
    T: Callable
    a: Callable
    natural: Callable
    usual: Callable
    response: Callable
    link: Callable
    variance: Callable
    check_y: Callable
    check_eta: Callable
    log_b: Callable = None
    shape: int = 0

    def __repr__(self):
        return f"<exponential family {self.name}>"

    def __reduce__(self):
        # The fields hold lambdas, which do not pickle: a family is rebuilt from its name.
        if self.name in FAMILIES:
            return family, (self.name,)
        if self.name.startswith("multinomial"):
            return multinomial, (int(self.name[len("multinomial(k="):-1]),)
        return gamma, (self.shape,)


def _any(value, what=None):
    return value


def _binary(y, what="y"):
    if y != 0 and y != 1:
        raise ValueError(f"{what} is {y}: a Bernoulli target must be 0 or 1")
    return y


def _count(y, what="y"):
    if y < 0 or y != int(y):
        raise ValueError(f"{what} is {y}: a Poisson target must be a non-negative integer")
    return y


def _positive(y, what="y"):
    if not y > 0:
        raise error("positive_target", name=what, where="", value=y)
    return y


def _negative_eta(eta, what="eta"):
    if not eta < 0:
        raise ValueError(f"{what} is {eta}: the natural parameter must be < 0 (η = −rate)")
    return eta


def _logit(phi):
    phi = parameters.unit_interval(phi, "phi")
    return scalar.log(phi / (1 - phi))


# ---- EF-2: Bernoulli (000 §8; 002 §1.3.2) -------------------------------------------------------
# p(y; φ) = φ^y (1 − φ)^(1−y): T(y) = y, b(y) = 1, η = log(φ/(1 − φ)), a(η) = log(1 + e^η).

BERNOULLI = ExponentialFamily(
    name="bernoulli", parameter="phi",
    b=lambda y: _binary(y) ** 0,
    T=lambda y: y,
    a=lambda eta: scalar.softplus(eta),  # a(η) = −log(1 − φ) = log(1 + e^η)
    natural=_logit,  # η = log(φ / (1 − φ))
    usual=scalar.sigmoid,  # φ = 1 / (1 + e^(−η))
    response=scalar.sigmoid,
    link=_logit,
    variance=lambda eta: scalar.sigmoid(eta) * scalar.sigmoid(-eta),
    check_y=_binary, check_eta=_any,
    log_b=lambda y: 0 * y,
)


# ---- EF-3: Gaussian with σ² = 1 (000 §8; 002 §1.3.2) -------------------------------------------
# p(y; μ) = exp(−(y − μ)²/2)/√(2π): T(y) = y, η = μ, a(η) = η²/2, b(y) = exp(−y²/2)/√(2π).

def _gaussian_b(y):
    return scalar.exp(-y * y / 2) / scalar.sqrt(2 * scalar.pi(y))


GAUSSIAN = ExponentialFamily(
    name="gaussian", parameter="mu",
    b=_gaussian_b,  # b(y) = exp(−y²/2) / √(2π)
    T=lambda y: y,
    a=lambda eta: eta * eta / 2,  # a(η) = μ²/2 = η²/2
    natural=lambda mu: mu,  # η = μ
    usual=lambda eta: eta,
    response=lambda eta: eta,
    link=lambda mu: mu,
    variance=lambda eta: eta ** 0,
    check_y=_any, check_eta=_any,
    log_b=lambda y: -y * y / 2 - scalar.log(2 * scalar.pi(y)) / 2,
)


# ---- EF-5: Poisson, exponential, gamma (000 §8; 002 §1.3.2) ------------------------------------
# Poisson: p(y; λ) = e^(−λ) λ^y / y!: T(y) = y, η = log λ, a(η) = e^η, b(y) = 1/y!.

def _factorial(y):
    total = 1
    for k in range(2, int(y) + 1):
        total *= k
    return total


def _log_factorial(y, sign):
    """sign · log y! = sign · log Γ(y + 1), in the scalar type of y (a sum of y logarithms would
    take as many steps as the count is large)."""
    return sign * scalar.lgamma(y + 1)


POISSON = ExponentialFamily(
    name="poisson", parameter="lambda",
    b=lambda y: Fraction(1, _factorial(_count(y))),  # b(y) = 1/y!
    T=lambda y: y,
    a=lambda eta: scalar.exp(eta),  # a(η) = e^η = λ
    natural=lambda lam: scalar.log(_positive(lam, "lambda")),  # η = log λ
    usual=lambda eta: scalar.exp(eta),
    response=lambda eta: scalar.exp(eta),
    link=lambda mu: scalar.log(_positive(mu, "mu")),
    variance=lambda eta: scalar.exp(eta),
    check_y=_count, check_eta=_any,
    log_b=lambda y: _log_factorial(y, -1),
)


def gamma(shape):
    """EF-5 (000 §8): the gamma distribution with a fixed integer shape k and rate β,
    p(y) = β^k y^(k−1) e^(−βy) / (k−1)!, as T(y) = y, η = −β, a(η) = −k log(−η),
    b(y) = y^(k−1) / (k−1)!; E[y] = −k/η = k/β, Var[y] = k/η². shape = 1 is EXPONENTIAL."""
    k = parameters.positive_int(shape, "shape")
    return ExponentialFamily(
        name="exponential" if k == 1 else f"gamma(shape={k})", parameter="rate",
        b=lambda y: _positive(y) ** (k - 1) / _factorial(k - 1),
        T=lambda y: y,
        a=lambda eta: -k * scalar.log(-_negative_eta(eta)),
        natural=lambda rate: -_positive(rate, "rate"),
        usual=lambda eta: -_negative_eta(eta),
        response=lambda eta: -k / _negative_eta(eta),
        link=lambda mu: -k / _positive(mu, "mu"),
        variance=lambda eta: k / _negative_eta(eta) ** 2,
        check_y=_positive, check_eta=_negative_eta, shape=k,
        log_b=lambda y: (k - 1) * scalar.log(y) - _log_factorial(k - 1 + 0 * y, 1) if k > 1 else 0 * y,
    )


EXPONENTIAL = gamma(1)


# ---- SM-1: the multinomial ----------------------------------------------------------------------

def indicator(condition):
    """SM-1 (000 §9.3): 1{·} is 1 when its argument is true and 0 otherwise."""
    return 1 if condition else 0


def multinomial(k):
    """SM-1 (000 §9.3): the multinomial over {1, ..., k} with parameters φ₁, ..., φ_{k−1}
    (φ_k = 1 − Σφᵢ): T(y) ∈ ℝ^(k−1) with (T(y))ᵢ = 1{y = i} (T(k) = 0), ηᵢ = log(φᵢ/φ_k),
    a(η) = −log φ_k = log(1 + Σᵢ e^ηᵢ), b(y) = 1; E[(T(y))ᵢ] = φᵢ (the softmax of (η, 0))."""
    k = parameters.classes(k, "k")

    def check_y(y, what="y"):
        if y != int(y) or not 1 <= y <= k:
            raise ValueError(f"{what} is {y}: a multinomial target must be an integer in 1..{k}")
        return int(y)

    def check_eta(eta, what="eta"):
        if len(eta) != k - 1:
            raise ValueError(f"{what} has {len(eta)} entries; the multinomial over {k} classes has {k - 1}")
        return eta

    def natural(phi):
        if len(phi) != k - 1:
            raise ValueError(f"phi has {len(phi)} entries; give φ₁..φ_{k - 1}")
        phi_k = 1 - sum(phi)
        if not all(p > 0 for p in phi) or not phi_k > 0:
            raise ValueError("phi must be positive with φ₁ + ... + φ_(k−1) < 1")
        return [scalar.log(p / phi_k) for p in phi]

    def response(eta):
        return scalar.softmax(list(check_eta(eta)) + [0 * eta[0]])[:-1]

    def variance(eta):
        phi = response(eta)
        return [[(p if i == j else 0) - p * q for j, q in enumerate(phi)] for i, p in enumerate(phi)]

    return ExponentialFamily(
        name=f"multinomial(k={k})", parameter="phi",
        b=lambda y: Fraction(check_y(y) ** 0),
        T=lambda y: [indicator(check_y(y) == i) for i in range(1, k)],
        a=lambda eta: scalar.log_sum_exp(list(check_eta(eta)) + [0 * eta[0]]),
        natural=natural,
        usual=response,
        response=response,
        link=natural,
        variance=variance,
        check_y=check_y, check_eta=check_eta,
    )


FAMILIES = {"bernoulli": BERNOULLI, "gaussian": GAUSSIAN, "poisson": POISSON,
            "exponential": EXPONENTIAL}


def family(name_or_family):
    """The family object for a name ('bernoulli', 'gaussian', 'poisson', 'exponential') or a
    family object itself."""
    if isinstance(name_or_family, ExponentialFamily):
        return name_or_family
    if isinstance(name_or_family, str) and name_or_family.lower() in FAMILIES:
        name_or_family = name_or_family.lower()  # a name is read in any case
    return FAMILIES[parameters.choice(name_or_family, "family", tuple(sorted(FAMILIES)),
                                      " or an ExponentialFamily")]


def _inner(eta, t):
    if isinstance(t, list):
        return linalg.dot(eta, t)
    return eta * t


def _like(value, eta):
    """``value`` (an int or Fraction) in the scalar type of η, so that float and mpf
    computations stay in their type."""
    ref = eta[0] if isinstance(eta, list) else eta
    k = scalar.kind(ref)
    if k == "exact" or not isinstance(value, (int, Fraction)):
        return value
    value = Fraction(value)
    if k == "float":
        return float(value)
    return scalar.MPF(value.numerator) / value.denominator


def _checked(fam, y, eta):
    fam = family(fam)
    y = fam.check_y(y)
    fam.check_eta(eta)
    return fam, (y if fam.name.startswith("multinomial") else _like(y, eta))


def log_density(fam, y, eta):
    """EF-1: log p(y; η) = log b(y) + ηᵀT(y) − a(η) (b(y) > 0 on the support)."""
    fam, y = _checked(fam, y, eta)
    if fam.log_b is not None:
        log_b = fam.log_b(y)
    else:
        b = _like(fam.b(y), eta)
        log_b = 0 * b if b == 1 else scalar.log(b)
    return log_b + _inner(eta, fam.T(y)) - fam.a(eta)


def glm_log_density(fam, y, eta):
    """GLM-4, X-5: log b(y) + ηy − a(η) for a family with T(y) = y and ``log_b``, at a target the
    GLM has read (its own support test, not the pmf's): the Poisson's log b(y) = −log Γ(y + 1)
    is defined on every real y >= 0 (the quasi-likelihood of non-integer y), and equals
    ``log_density`` at a count."""
    fam.check_eta(eta)
    y = _like(y, eta)
    return fam.log_b(y) + eta * y - fam.a(eta)


def density(fam, y, eta):
    """EF-1 (000 (6)): p(y; η) = b(y) exp(ηᵀT(y) − a(η)); as exp(log b(y) + ηᵀT(y) − a(η))
    where the family gives log b (b itself can underflow while p does not)."""
    fam, y = _checked(fam, y, eta)
    if fam.log_b is not None and not scalar.is_exact(eta if not isinstance(eta, list) else eta[0]):
        return scalar.exp(fam.log_b(y) + _inner(eta, fam.T(y)) - fam.a(eta))
    return _like(fam.b(y), eta) * scalar.exp(_inner(eta, fam.T(y)) - fam.a(eta))


# ---- EF-4: the dispersion form (footnote 6) -----------------------------------------------------

@dataclass(frozen=True)
class DispersionFamily:
    """EF-4 (000 §8 fn 6): p(y; η, τ) = b(y, τ) exp((ηᵀT(y) − a(η)) / c(τ)), τ the dispersion."""

    name: str
    b: Callable
    T: Callable
    a: Callable
    c: Callable


def _gaussian_dispersion_b(y, tau):
    return scalar.exp(-y * y / (2 * tau)) / scalar.sqrt(2 * scalar.pi(y) * tau)


GAUSSIAN_DISPERSION = DispersionFamily(
    name="gaussian (dispersion σ²)",
    b=_gaussian_dispersion_b,  # b(y, τ) = exp(−y²/(2σ²)) / √(2πσ²), τ = σ²
    T=lambda y: y,
    a=lambda eta: eta * eta / 2,
    c=lambda tau: tau,  # c(τ) = σ²
)


def dispersion_density(fam, y, eta, tau):
    """EF-4 (000 fn 6): b(y, τ) exp((ηT(y) − a(η)) / c(τ)); for GAUSSIAN_DISPERSION with η = μ
    and τ = σ² this is the N(μ, σ²) density."""
    if not isinstance(fam, DispersionFamily):
        raise error("wrong_kind", name="fam", what="a DispersionFamily", got=type(fam).__name__)
    tau = parameters.positive(tau, "tau")
    return fam.b(y, tau) * scalar.exp((_inner(eta, fam.T(y)) - fam.a(eta)) / fam.c(tau))
