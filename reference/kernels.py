"""Kernels K(x, z) = φ(x)ᵀφ(z) (000 Part V §7; 004; 002 §1.5.2).

A kernel is a callable ``K(x, z)`` on two equally long vectors. The named kernels below are
small frozen dataclasses, so that code taking a kernel (SVM, kernel perceptron, kernel matrices)
can run any callable in the reference while the fast twin recognises these and evaluates them
in compiled code.
"""
import numbers
from dataclasses import dataclass

from . import inputs, linalg, scalar
from .margins import signed_labels
from .results import ConvergenceError, IterativeResult

__all__ = [
    "Linear", "Polynomial", "Gaussian", "StringKernel", "FeatureMapKernel",
    "linear_features", "power_features", "quadratic_features", "quadratic_features_c",
    "monomials", "monomial_weight", "monomial_features", "gaussian_features",
    "spectrum_features", "spectrum_dimension", "kernel_matrix",
    "MercerResult", "InvalidKernelError", "mercer_test", "checked_kernel_matrix",
    "kernel_perceptron", "perceptron_decision", "IterativeResult", "ConvergenceError",
]


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
        if inputs.real(self.c, "c") < 0:
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




@dataclass(frozen=True)
class StringKernel:
    """KR-8 (000 V §7; 004): the k-spectrum kernel K(s, t) = Σᵤ φᵤ(s)φᵤ(t), where φᵤ(s) counts
    the occurrences of the length-k string u in s.

    φ has |alphabet|^k coordinates (26⁴ = 456976 for English letters, 20⁴ = 160000 for amino
    acids) and is never built: K(s, t) is the number of position pairs (i, j) with
    s[i:i+k] = t[j:j+k]. In the table of common-run lengths M[i][j] = M[i−1][j−1] + 1 if
    s[i] = t[j] else 0 (the dynamic programme of longest common substrings), each entry ≥ k ends
    one such pair, so K is their count: O(|s|·|t|) time, O(|t|) memory. ``alphabet``, when given,
    is the string of allowed letters; strings using any other letter are refused.
    """

    k: int = 3
    alphabet: object = None

    def __post_init__(self):
        inputs.positive_int(self.k, "k")
        if self.alphabet is not None:
            if not isinstance(self.alphabet, str) or not self.alphabet:
                raise TypeError(f"alphabet must be a non-empty str or None, got {self.alphabet!r}")
            if len(set(self.alphabet)) != len(self.alphabet):
                raise ValueError(f"alphabet {self.alphabet!r} repeats a letter")

    def __call__(self, s, t):
        s = _string(s, "s", self.alphabet)
        t = _string(t, "t", self.alphabet)
        run = [0] * (len(t) + 1)
        count = 0
        for a in s:
            for j in reversed(range(len(t))):
                run[j + 1] = run[j] + 1 if a == t[j] else 0
                if run[j + 1] >= self.k:
                    count += 1
        return count


def _string(s, name, alphabet=None):
    if not isinstance(s, str):
        raise TypeError(f"{name} must be a str, got {type(s).__name__}")
    if alphabet is not None:
        for i, a in enumerate(s):
            if a not in alphabet:
                raise ValueError(f"{name}[{i}] is {a!r}, which is not in the alphabet {alphabet!r}")
    return s


def spectrum_features(s, k):
    """KR-8 (004): the non-zero coordinates of φ(s): {u: occurrences of u in s} over the
    length-k substrings u of s (004's example: BAJT occurs twice in BAJTSIAIBAJTAU)."""
    s = _string(s, "s")
    k = inputs.positive_int(k, "k")
    counts = {}
    for i in range(len(s) - k + 1):
        u = s[i:i + k]
        counts[u] = counts.get(u, 0) + 1
    return counts


def spectrum_dimension(alphabet_size, k):
    """KR-8 (000 V §7; 004): the number of coordinates of φ, alphabet_size^k (26⁴ ≈ 460000,
    20⁴ = 160000)."""
    return inputs.positive_int(alphabet_size, "alphabet_size") ** inputs.positive_int(k, "k")


@dataclass(frozen=True)
class FeatureMapKernel:
    """KR-1 (000 V §7; 004): the kernel of an explicit feature map, K(x, z) = φ(x)ᵀφ(z)."""

    phi: object

    def __post_init__(self):
        if not callable(self.phi):
            raise TypeError(f"phi must be callable, got {type(self.phi).__name__}")

    def __call__(self, x, z):
        return linalg.dot(self.phi(x), self.phi(z))


# ---- explicit feature maps --------------------------------------------------------------------

def linear_features(x):
    """KR-10 (002 §1.5.2): φ(x) = x, the map of the linear kernel xᵀz."""
    return inputs.vector(x, "x")


def _attribute(x):
    if isinstance(x, numbers.Number) or isinstance(x, bool):
        return inputs.real(x, "x")
    x = inputs.vector(x, "x")
    if len(x) != 1:
        raise ValueError(f"x must be one attribute (a number or a 1-entry vector), got {len(x)} entries")
    return x[0]


def power_features(x, degree=3):
    """KR-1 (000 V §7: degree 3; 004: degree 4): φ(x) = [x, x², …, x^degree] for one attribute x."""
    x = _attribute(x)
    degree = inputs.positive_int(degree, "degree")
    out = [x]
    for _ in range(degree - 1):
        out.append(out[-1] * x)
    return out


def quadratic_features(x):
    """KR-2 (000 V §7, n = 3; 004, n = 2): φ(x) = (xᵢxⱼ) for i = 1..n, j = 1..n (i outer), the n²
    features of K(x, z) = (xᵀz)²."""
    x = inputs.vector(x, "x")
    return [a * b for a in x for b in x]


def quadratic_features_c(x, c):
    """KR-3 (000 V §7; 004): φ(x) = ((xᵢxⱼ)ᵢⱼ, (√(2c)·xᵢ)ᵢ, c), the n² + n + 1 features of
    K(x, z) = (xᵀz + c)². √(2c) is irrational unless 2c is a rational square."""
    x = inputs.vector(x, "x")
    c = _nonnegative(c, "c")
    root = scalar.sqrt(2 * c * x[0] ** 0)
    return quadratic_features(x) + [root * a for a in x] + [c]


def _nonnegative(c, name):
    c = inputs.real(c, name)
    if c < 0:
        raise ValueError(f"{name} must be >= 0, got {c}")
    return c


def _compositions(n, total):
    """Exponent tuples of length n summing to total, in lexicographically decreasing order."""
    if n == 1:
        yield (total,)
        return
    for first in range(total, -1, -1):
        for rest in _compositions(n - 1, total - first):
            yield (first,) + rest


def monomials(n, d):
    """KR-4 (000 V §7): the exponents α ∈ ℕⁿ of the monomials x₁^α₁ ⋯ xₙ^αₙ of degree at most d,
    by degree, each degree in lexicographically decreasing order: C(n + d, d) of them."""
    n = inputs.positive_int(n, "n")
    d = inputs.positive_int(d, "d")
    return [alpha for degree in range(d + 1) for alpha in _compositions(n, degree)]


def _factorial(k):
    out = 1
    for j in range(2, k + 1):
        out *= j
    return out


def monomial_weight(alpha, c, d):
    """KR-4: the coefficient of x^α z^α in (xᵀz + c)^d, d!/(α₀! α₁! ⋯ αₙ!) · c^α₀ with
    α₀ = d − |α| (the multinomial theorem); rational for rational c."""
    d = inputs.positive_int(d, "d")
    c = _nonnegative(c, "c")
    if any(isinstance(a, bool) or not isinstance(a, numbers.Integral) or a < 0 for a in alpha):
        raise ValueError(f"alpha must hold non-negative integers, got {alpha!r}")
    alpha0 = d - sum(alpha)
    if alpha0 < 0:
        raise ValueError(f"alpha has degree {sum(alpha)} > d = {d}")
    denominator = _factorial(alpha0)
    for a in alpha:
        denominator *= _factorial(a)
    return (_factorial(d) // denominator) * c ** alpha0


def monomial_features(x, c, d):
    """KR-4 (000 V §7; 004): φ(x)_α = √(monomial_weight(α, c, d))·x^α over the C(n + d, d)
    exponents of ``monomials(n, d)``, so that φ(x)ᵀφ(z) = (xᵀz + c)^d. With c = 0 only the
    degree-d entries are non-zero: (xᵀz)^d."""
    x = inputs.vector(x, "x")
    c = _nonnegative(c, "c")
    d = inputs.positive_int(d, "d")
    out = []
    for alpha in monomials(len(x), d):
        term = scalar.sqrt(monomial_weight(alpha, c, d) * x[0] ** 0)
        for x_j, a_j in zip(x, alpha):
            for _ in range(a_j):
                term = term * x_j
        out.append(term)
    return out


def gaussian_features(x, sigma, terms):
    """KR-5 (000 V §7: "an infinite dimensional feature mapping"): the first ``terms``
    coordinates φₖ(x) = exp(−x²/(2σ²))·xᵏ/(σᵏ√(k!)), k = 0, 1, …, of the Gaussian kernel's map
    for one attribute x; Σₖ φₖ(x)φₖ(z) → exp(−(x − z)²/(2σ²)) as terms → ∞."""
    x = _attribute(x)
    sigma = inputs.positive(sigma, "sigma")
    terms = inputs.positive_int(terms, "terms")
    envelope = scalar.exp(-x * x / (2 * sigma * sigma))
    out = []
    power = x ** 0
    factorial = 1
    for k in range(terms):
        if k:
            power = power * x / sigma
            factorial *= k
        out.append(envelope * power / scalar.sqrt(factorial * x ** 0))
    return out


# ---- kernel matrices and Mercer's test ----------------------------------------------------------

def _callable(kernel):
    if not callable(kernel):
        raise TypeError(f"kernel must be callable K(x, z), got {type(kernel).__name__}")
    return kernel


def _points(X, kernel, name):
    if isinstance(kernel, StringKernel):
        if isinstance(X, (str, bytes)) or not hasattr(X, "__len__") or not hasattr(X, "__iter__"):
            raise TypeError(f"{name} must be a sequence of strings, got {type(X).__name__}")
        if len(X) == 0:
            raise ValueError(f"{name} is empty")
        return [_string(s, f"{name}[{i}]", kernel.alphabet) for i, s in enumerate(X)]
    return inputs.matrix(X, name)


def _kernel_value(v, i, j, name="Z"):
    if isinstance(v, bool) or not isinstance(v, numbers.Real):
        raise TypeError(f"kernel(X[{i}], {name}[{j}]) is {v!r}: a kernel must return real numbers")
    if not scalar.isfinite(v):
        raise ValueError(f"kernel(X[{i}], {name}[{j}]) is {v}: kernel values must be finite")
    return v


def kernel_matrix(X, kernel, Z=None):
    """KR-6 (000 V §7): Kᵢⱼ = K(x⁽ⁱ⁾, z⁽ʲ⁾), with Z = X by default (then K is symmetric).

    Rows are vectors, or strings for a StringKernel. A kernel value that is not a finite real
    number is refused, naming the pair."""
    kernel = _callable(kernel)
    X = _points(X, kernel, "X")
    Z = X if Z is None else _points(Z, kernel, "Z")
    if not isinstance(kernel, StringKernel) and len(Z[0]) != len(X[0]):
        raise ValueError(f"Z has {len(Z[0])} columns but X has {len(X[0])}")
    return [[_kernel_value(kernel(x, z), i, j) for j, z in enumerate(Z)] for i, x in enumerate(X)]


@dataclass(frozen=True)
class MercerResult:
    """KR-7: Mercer's test on a finite set. ``valid`` iff K is symmetric positive semi-definite.
    When K is symmetric but not PSD, ``witness`` is a z with zᵀKz = ``value`` < 0; when K is
    not symmetric, ``pair`` is an (i, j) with Kᵢⱼ ≠ Kⱼᵢ."""

    valid: bool
    symmetric: bool
    witness: object = None
    value: object = None
    pair: object = None

    def __str__(self):
        if self.valid:
            return "valid: the kernel matrix is symmetric positive semi-definite"
        if not self.symmetric:
            return f"invalid: the kernel matrix is not symmetric (K[{self.pair[0]}][{self.pair[1]}] != K[{self.pair[1]}][{self.pair[0]}])"
        return f"invalid: zᵀKz = {self.value} < 0 for z = {list(self.witness)}"


class InvalidKernelError(ValueError):
    """A kernel that fails Mercer's test on the given points: ``result`` is the MercerResult,
    ``witness`` the z with zᵀKz < 0 (or None when K is not symmetric), ``pair`` the
    asymmetric (i, j)."""

    def __init__(self, message, result):
        super().__init__(message)
        self.result = result
        self.witness = result.witness
        self.value = result.value
        self.pair = result.pair


def mercer_test(K, tol=None):
    """KR-7 (000 V §7 Theorem (Mercer); 004): is the kernel matrix K symmetric positive
    semi-definite? Exact for rational K (LDLᵀ with symmetric pivoting, ``linalg.psd_witness``);
    for float and mpf, entries and pivots within tol (default n·eps·max|Kᵢⱼ|) of 0 count as 0.
    Returns a MercerResult with the witness when the answer is no."""
    K = inputs.matrix(K, "K")
    n = len(K)
    if any(len(row) != n for row in K):
        raise ValueError(f"K must be square, got {n} rows of length {len(K[0])}")
    if tol is None:
        tol = scalar.zero_tolerance(K[0][0], linalg.max_abs(K), n)
    elif tol < 0:
        raise ValueError(f"tol must be >= 0, got {tol}")
    for i in range(n):
        for j in range(i):
            if abs(K[i][j] - K[j][i]) > tol:
                return MercerResult(False, False, pair=(i, j))
    z, value = linalg.psd_witness(K, tol)
    if z is None:
        return MercerResult(True, True)
    return MercerResult(False, True, witness=z, value=value)


def checked_kernel_matrix(X, kernel):
    """KR-6, KR-7: the kernel matrix of X after Mercer's test on it; a kernel that fails raises
    InvalidKernelError carrying the witness z (zᵀKz < 0) or the asymmetric pair."""
    K = kernel_matrix(X, kernel)
    result = mercer_test(K)
    if not result.valid:
        raise InvalidKernelError(f"kernel is not a valid (Mercer) kernel on X: {result}", result)
    return K


NAMED = (Linear, Polynomial, Gaussian, StringKernel)


# ---- KR-9: the kernel perceptron ----------------------------------------------------------------

def _order(order, m):
    if order is None:
        return list(range(m))
    order = list(order)
    if any(isinstance(i, bool) or not isinstance(i, numbers.Integral) for i in order) \
            or sorted(order) != list(range(m)):
        raise ValueError(f"order must be a permutation of 0..{m - 1}")
    return [int(i) for i in order]


def _decision(X, y, alpha, b, kernel, x):
    total = 0
    for j in range(len(X)):
        if alpha[j]:
            total = total + (alpha[j] * y[j]) * kernel(X[j], x)
    return total + b


def kernel_perceptron(X, y, kernel, max_epochs=100, order=None, record=False):
    """KR-9 (000 V §7; the perceptron PC-1 with the kernel trick): θ = Σⱼ αⱼ y⁽ʲ⁾ φ(x⁽ʲ⁾) is kept
    as the mistake counts αⱼ, so that θᵀφ(x) + b = Σⱼ αⱼ y⁽ʲ⁾ K(x⁽ʲ⁾, x) + b.

    Each epoch visits the examples in ``order`` (default 0..m−1); when h = g(θᵀφ(x⁽ⁱ⁾) + b)
    differs from y⁽ⁱ⁾ (g(0) = 1, as in 000 V §2), αᵢ += 1 and b += y⁽ⁱ⁾. The sum runs over
    j = 0..m−1 in order, skipping αⱼ = 0. Stops after the first epoch without a mistake
    (converged); ``max_epochs`` epochs with mistakes raise ConvergenceError (the data may not be
    separable in the kernel's feature space). A kernel other than the named ones is first
    checked with Mercer's test on X. Result: theta = α, extra = {'b', 'updates' (the indices
    updated, in order)}, path = (α, b) after each epoch when ``record``.
    """
    kernel = _callable(kernel)
    X = _points(X, kernel, "X")
    y = signed_labels(y)
    inputs.same_length(X, y)
    max_epochs = inputs.positive_int(max_epochs, "max_epochs")
    order = _order(order, len(X))
    if not isinstance(kernel, NAMED):
        checked_kernel_matrix(X, kernel)
    alpha = [0] * len(X)
    b = 0
    updates = []
    path = [(alpha[:], b)] if record else None
    for epoch in range(1, max_epochs + 1):
        mistakes = 0
        for i in order:
            h = 1 if _decision(X, y, alpha, b, kernel, X[i]) >= 0 else -1
            if h != y[i]:
                alpha[i] += 1
                b += y[i]
                updates.append(i)
                mistakes += 1
        if record:
            path.append((alpha[:], b))
        if mistakes == 0:
            return IterativeResult(alpha, epoch, True, path, {"b": b, "updates": updates})
    raise ConvergenceError(
        f"the kernel perceptron still made mistakes in epoch {max_epochs} (max_epochs): the data "
        "may not be separable in this kernel's feature space",
        IterativeResult(alpha, max_epochs, False, path, {"b": b, "updates": updates}))


def perceptron_decision(X, y, alpha, b, kernel, Z):
    """KR-9: Σⱼ αⱼ y⁽ʲ⁾ K(x⁽ʲ⁾, z) + b for every row z of Z (predict g of it)."""
    kernel = _callable(kernel)
    X = _points(X, kernel, "X")
    y = signed_labels(y)
    inputs.same_length(X, y)
    Z = _points(Z, kernel, "Z")
    alpha = inputs.vector(alpha, "alpha")
    if len(alpha) != len(X):
        raise ValueError(f"alpha has {len(alpha)} entries but X has {len(X)} rows")
    b = inputs.real(b, "b")
    if not isinstance(kernel, StringKernel) and len(Z[0]) != len(X[0]):
        raise ValueError(f"Z has {len(Z[0])} columns but X has {len(X[0])}")
    return [_decision(X, y, alpha, b, kernel, z) for z in Z]
