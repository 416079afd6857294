"""Kernels K(x, z) = φ(x)ᵀφ(z) (000 Part V §7; 004; 002 §1.5.2).

A kernel is a callable ``K(x, z)`` on two equally long vectors. The named kernels below are
small frozen dataclasses, so that code taking a kernel (SVM, kernel perceptron, kernel matrices)
can run any callable in the reference while the fast twin recognises these and evaluates them
in compiled code.
"""
from dataclasses import dataclass

from . import inputs, linalg, scalar

__all__ = ["Linear", "Polynomial", "Gaussian", "kernel_matrix"]


def _pair(x, z):
    if len(x) != len(z):
        raise ValueError(f"x has {len(x)} entries but z has {len(z)}")
    return x, z


@dataclass(frozen=True)
class Linear:
    """KR-10 (002 §1.5.2): K(x, z) = xᵀz, with φ(x) = x."""

    def __call__(self, x, z):
        return linalg.dot(*_pair(x, z))


@dataclass(frozen=True)
class Polynomial:
    """KR-2, KR-3, KR-4 (000 V §7; 004): K(x, z) = (xᵀz + c)^d; c = 0, d = 2 is (xᵀz)²."""

    c: object = 0
    d: int = 2

    def __post_init__(self):
        inputs.positive_int(self.d, "d")
        if inputs.vector([self.c], "c")[0] < 0:
            raise ValueError(f"c must be >= 0, got {self.c}")

    def __call__(self, x, z):
        return (linalg.dot(*_pair(x, z)) + self.c) ** self.d


@dataclass(frozen=True)
class Gaussian:
    """KR-5 (000 V §7; 004): K(x, z) = exp(−‖x − z‖² / (2σ²)); γ = 1/(2σ²) in libsvm's terms."""

    sigma: object = 1

    def __post_init__(self):
        inputs.positive(self.sigma, "sigma")

    @classmethod
    def from_gamma(cls, gamma):
        """The Gaussian kernel exp(−γ‖x − z‖²), i.e. σ = √(1/(2γ))."""
        gamma = inputs.positive(gamma, "gamma")
        return cls(scalar.sqrt(1 / (2 * gamma)))

    @property
    def gamma(self):
        return 1 / (2 * self.sigma * self.sigma)

    def __call__(self, x, z):
        x, z = _pair(x, z)
        d2 = 0
        for a, b in zip(x, z):
            d2 += (a - b) * (a - b)
        return scalar.exp(-d2 / (2 * self.sigma * self.sigma))


def kernel_matrix(X, kernel, Z=None):
    """KR-6 (000 V §7): Kᵢⱼ = K(x⁽ⁱ⁾, z⁽ʲ⁾), with Z = X by default (then K is symmetric)."""
    X = inputs.matrix(X, "X")
    Z = X if Z is None else inputs.matrix(Z, "Z")
    if len(Z[0]) != len(X[0]):
        raise ValueError(f"Z has {len(Z[0])} columns but X has {len(X[0])}")
    return [[kernel(x, z) for z in Z] for x in X]
