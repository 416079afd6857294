"""Kernels K(x, z) = φ(x)ᵀφ(z) (000 Part V §7; 004; 002 §1.5.2).

A kernel is a callable ``K(x, z)`` on two equally long vectors. The named kernels below are
small frozen dataclasses, so that code taking a kernel (SVM, kernel perceptron, kernel matrices)
can run any callable in the reference while the fast twin recognises these and evaluates them
in compiled code. Recognition is by exact type: a subclass (say one that overrides ``__call__``)
is any other callable, computed by its own ``__call__``.

Everything that evaluates a kernel on data (the kernel matrix here, the SVM and SMO, the kernel
perceptron) takes its kernel through ``as_kernel``, its points through ``as_points`` and every
value through ``checked_value``, so that a kernel is checked, and a bad value reported, the
same way everywhere.

Conventions (README, Conventions): data, then parameters (α, b), then the points to predict at (Z),
then the kernel and options: ``perceptron_decision(X, y, alpha, b, Z, kernel)``; labels are {−1,
1}; ``kernel_perceptron`` returns a ``KernelPerceptronResult`` (theta = α, and b).
"""
import dataclasses
import numbers
from dataclasses import dataclass
from typing import Any

from . import inputs, linalg, parameters, scalar
from .messages import error, show
from .margins import signed_labels
from .results import ConvergenceError, FloatRangeError, IterativeResult

__all__ = [
    "Linear", "Polynomial", "Gaussian", "StringKernel", "FeatureMapKernel",
    "linear_features", "power_features", "quadratic_features", "quadratic_features_c",
    "monomials", "monomial_weight", "monomial_features", "gaussian_features",
    "spectrum_features", "spectrum_dimension", "as_kernel", "as_points",
    "checked_value", "kernel_matrix",
    "MercerResult", "InvalidKernelError", "mercer_test", "checked_kernel_matrix",
    "kernel_perceptron", "KernelPerceptronResult", "perceptron_decision", "IterativeResult",
    "ConvergenceError",
]


def _pair(x, z):
    # read as every array input is: a number or a scipy.sparse matrix is refused by name
    x = inputs.sequence(x, "x", inputs.VECTOR)
    z = inputs.sequence(z, "z", inputs.VECTOR)
    inputs.check_length(x, "x", len(z), "z")
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
        parameters.positive_int(self.d, "d")
        parameters.nonnegative(self.c, "c")

    def __call__(self, x, z):
        base = None
        try:
            base = linalg.dot(*_pair(x, z)) + self.c
            return base ** self.d
        except OverflowError:
            # a float power (or an exact c converted to float) beyond the float range raises
            # where C's pow (the fast twin's) gives ±inf; give ±inf too, so that callers report
            # it as a kernel value that overflowed (checked_value)
            negative = base is not None and base < 0 and self.d % 2 == 1
            return float("-inf") if negative else float("inf")


@dataclass(frozen=True)
class Gaussian:
    """KR-5 (000 V §7; 004): K(x, z) = exp(−‖x − z‖² / (2σ²)); γ = 1/(2σ²) in libsvm's terms."""

    sigma: object = 1

    def __post_init__(self):
        sigma = parameters.positive(self.sigma, "sigma")
        denominator = 2 * sigma * sigma
        if not (denominator > 0 and scalar.isfinite(denominator)):
            what = "overflows" if denominator > 0 else "underflows to 0"
            raise ValueError(
                f"sigma = {sigma}: 2σ² = {denominator} {what} in {type(sigma).__name__} "
                "arithmetic, so exp(−‖x − z‖²/(2σ²)) cannot be evaluated; rescale the data so "
                "that sigma is nearer 1 (or give sigma as an mpmath.mpf)")

    @classmethod
    def from_gamma(cls, gamma):
        """The Gaussian kernel exp(−γ‖x − z‖²), i.e. σ = √(1/(2γ))."""
        gamma = parameters.positive(gamma, "gamma")
        return cls(scalar.sqrt(1 / (2 * gamma)))

    @property
    def gamma(self):
        return 1 / (2 * self.sigma * self.sigma)

    def beyond_float(self):
        """The error where an exact 2σ² meets float data it cannot be divided into."""
        return ValueError(f"sigma = {self.sigma}: 2σ² is beyond the float range of the data; give "
                          "sigma as a float, or the data as mpmath.mpf")

    def __call__(self, x, z):
        x, z = _pair(x, z)
        d2 = 0
        for a, b in zip(x, z):
            d2 += (a - b) * (a - b)
        try:
            exponent = -d2 / (2 * self.sigma * self.sigma)
        except OverflowError:   # an exact 2σ² beyond the float range of float data
            raise self.beyond_float() from None
        return scalar.exp(exponent)


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
        parameters.positive_int(self.k, "k")
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
        raise error("not_a_str", name=name, got=type(s).__name__)
    if alphabet is not None:
        for i, a in enumerate(s):
            if a not in alphabet:
                raise error("not_in_alphabet", name=name, i=i, got=repr(a), alphabet=repr(alphabet))
    return s


def spectrum_features(s, k):
    """KR-8 (004): the non-zero coordinates of φ(s): {u: occurrences of u in s} over the
    length-k substrings u of s (004's example: BAJT occurs twice in BAJTSIAIBAJTAU).

    Shapes: s a string, k ≥ 1.
    Returns: a dict substring → count."""
    s = _string(s, "s")
    k = parameters.positive_int(k, "k")
    counts = {}
    for i in range(len(s) - k + 1):
        u = s[i:i + k]
        counts[u] = counts.get(u, 0) + 1
    return counts


def spectrum_dimension(alphabet_size, k):
    """KR-8 (000 V §7; 004): the number of coordinates of φ, alphabet_size^k (26⁴ ≈ 460000,
    20⁴ = 160000).

    Shapes: alphabet_size ≥ 1, k ≥ 1.
    Returns: an int."""
    return parameters.positive_int(alphabet_size, "alphabet_size") ** parameters.positive_int(k, "k")


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
# A coordinate of φ(x) that is not finite overflowed (or, in the Gaussian's, met an underflow
# times an overflow): an error, in both faces, never a returned inf or NaN.

def _features(phi):
    return FloatRangeError.check(phi, lambda k: f"φ(x)[{k}]", "rescale x")


def linear_features(x):
    """KR-10 (002 §1.5.2): φ(x) = x, the map of the linear kernel xᵀz.

    Shapes: x n.
    Returns: φ(x), n entries."""
    return inputs.vector(x, "x")


ATTRIBUTE = "one attribute (a number, or a vector of one entry)"


def _attribute(x):
    """One attribute x (KR-1, KR-5): a number, or a vector of one entry; anything else is refused
    as neither (both faces decide which it is alike)."""
    if isinstance(x, numbers.Number):
        return parameters.real(x, "x")
    x = inputs.vector(inputs.sequence(x, "x", ATTRIBUTE), "x")
    if len(x) != 1:
        raise error("one_attribute", n=len(x))
    return x[0]


def power_features(x, degree=3):
    """KR-1 (000 V §7: degree 3; 004: degree 4): φ(x) = [x, x², …, x^degree] for one attribute x.

    Shapes: x a number, degree ≥ 1.
    Returns: degree entries."""
    x = _attribute(x)
    degree = parameters.positive_int(degree, "degree")
    out = [x]
    for _ in range(degree - 1):
        out.append(out[-1] * x)
    return _features(out)


def quadratic_features(x):
    """KR-2 (000 V §7, n = 3; 004, n = 2): φ(x) = (xᵢxⱼ) for i = 1..n, j = 1..n (i outer), the n²
    features of K(x, z) = (xᵀz)².

    Shapes: x n.
    Returns: n² entries."""
    x = inputs.vector(x, "x")
    return _features([a * b for a in x for b in x])


def quadratic_features_c(x, c):
    """KR-3 (000 V §7; 004): φ(x) = ((xᵢxⱼ)ᵢⱼ, (√(2c)·xᵢ)ᵢ, c), the n² + n + 1 features of
    K(x, z) = (xᵀz + c)². √(2c) is irrational unless 2c is a rational square.

    Shapes: x n, c a number ≥ 0.
    Returns: n² + n + 1 entries."""
    x = inputs.vector(x, "x")
    c = parameters.nonnegative(c, "c")
    root = scalar.sqrt(2 * c * x[0] ** 0)
    return _features(quadratic_features(x) + [root * a for a in x] + [c])


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
    by degree, each degree in lexicographically decreasing order: C(n + d, d) of them.

    Shapes: n ≥ 1, d ≥ 0.
    Returns: the exponent tuples α, n entries each."""
    n = parameters.positive_int(n, "n")
    d = parameters.positive_int(d, "d")
    return [alpha for degree in range(d + 1) for alpha in _compositions(n, degree)]


def _factorial(k):
    out = 1
    for j in range(2, k + 1):
        out *= j
    return out


def monomial_weight(alpha, c, d):
    """KR-4: the coefficient of x^α z^α in (xᵀz + c)^d, d!/(α₀! α₁! ⋯ αₙ!) · c^α₀ with
    α₀ = d − |α| (the multinomial theorem); rational for rational c.

    Shapes: alpha an exponent tuple, c ≥ 0, d ≥ 0.
    Returns: the coefficient, a number."""
    d = parameters.positive_int(d, "d")
    c = parameters.nonnegative(c, "c")
    if any(isinstance(a, bool) or not isinstance(a, numbers.Integral) or a < 0 for a in alpha):
        raise ValueError(f"alpha must hold non-negative integers, got {alpha!r}")
    alpha0 = d - sum(alpha)
    if alpha0 < 0:
        raise ValueError(f"alpha has degree {sum(alpha)} > d = {d}")
    denominator = _factorial(alpha0)
    for a in alpha:
        denominator *= _factorial(a)
    try:
        weight = (_factorial(d) // denominator) * c ** alpha0
    except OverflowError:   # a float c ** α₀ beyond the float range
        weight = float("inf")
    return FloatRangeError.check([weight], lambda i: f"the weight of {tuple(alpha)}",
                                 f"lower c = {c} or d = {d}")[0]


def monomial_features(x, c, d):
    """KR-4 (000 V §7; 004): φ(x)_α = √(monomial_weight(α, c, d))·x^α over the C(n + d, d)
    exponents of ``monomials(n, d)``, so that φ(x)ᵀφ(z) = (xᵀz + c)^d. With c = 0 only the
    degree-d entries are non-zero: (xᵀz)^d.

    Shapes: x n, c ≥ 0, d ≥ 0.
    Returns: C(n + d, d) entries."""
    x = inputs.vector(x, "x")
    c = parameters.nonnegative(c, "c")
    d = parameters.positive_int(d, "d")
    out = []
    for alpha in monomials(len(x), d):
        term = scalar.sqrt(monomial_weight(alpha, c, d) * x[0] ** 0)
        for x_j, a_j in zip(x, alpha):
            for _ in range(a_j):
                term = term * x_j
        out.append(term)
    return _features(out)


def gaussian_features(x, sigma, terms):
    """KR-5 (000 V §7: "an infinite dimensional feature mapping"): the first ``terms``
    coordinates φₖ(x) = exp(−x²/(2σ²))·xᵏ/(σᵏ√(k!)), k = 0, 1, …, of the Gaussian kernel's map
    for one attribute x; Σₖ φₖ(x)φₖ(z) → exp(−(x − z)²/(2σ²)) as terms → ∞.

    Shapes: x n, sigma > 0, terms ≥ 1.
    Returns: the first terms coordinates."""
    x = _attribute(x)
    sigma = Gaussian(parameters.positive(sigma, "sigma")).sigma   # 2σ² checked as the kernel's
    terms = parameters.positive_int(terms, "terms")
    envelope = scalar.exp(-x * x / (2 * sigma * sigma))
    out = []
    power = x ** 0
    factorial = 1
    for k in range(terms):
        if k:
            power = power * x / sigma
            factorial *= k
        try:
            root = scalar.sqrt(factorial * x ** 0)
        except OverflowError:   # k! beyond the float range, from k = 171
            raise too_many_terms(terms, k) from None
        out.append(envelope * power / root)
    return _features(out)


def too_many_terms(terms, k):
    """KR-5: the ValueError of a float x asking for k! beyond the float range (k = 171)."""
    return ValueError(f"terms = {terms}: {k}! is beyond the float range; ask for at most 171 terms, "
                      "or give x as an mpmath.mpf")


# ---- kernel matrices and Mercer's test ----------------------------------------------------------

NAMED = (Linear, Polynomial, Gaussian, StringKernel)


def as_kernel(kernel, name="kernel"):
    """A kernel argument (KR-6): any callable K(x, z). A named kernel (one of NAMED, by exact
    type) has its parameters checked again, since a frozen dataclass can still be edited
    (``object.__setattr__``) and compiled code reads them; the kernel itself is returned."""
    if not callable(kernel):
        raise TypeError(f"{name} must be a callable K(x, z), got {type(kernel).__name__}")
    if type(kernel) in NAMED:
        dataclasses.replace(kernel)    # runs __post_init__'s checks on the current parameters
    return kernel


def as_points(X, kernel, name="X"):
    """The points a kernel reads (KR-6, KR-8): a matrix of rows (``inputs.matrix``), or for a
    StringKernel (or a subclass) a non-empty sequence of strings over its alphabet."""
    if isinstance(kernel, StringKernel):
        X = inputs.sequence(X, name, "a sequence of strings")
        if len(X) == 0:
            raise ValueError(f"{name} is empty")
        return [_string(s, f"{name}[{i}]", kernel.alphabet) for i, s in enumerate(X)]
    return inputs.matrix(X, name)


def _cause(kernel):
    """Why a kernel gave a value that is not finite on finite points: for the named kernels the
    only way is overflow (a Gaussian value is in [0, 1])."""
    if type(kernel) is Linear:
        return "the inner product xᵀz overflows the float range; rescale the data"
    if type(kernel) is Polynomial:
        return (f"(xᵀz + c)^d with c = {kernel.c}, d = {kernel.d} overflows the float range; "
                "rescale the data or lower d")
    return "kernel values must be finite"


def checked_value(value, kernel, x_name, i, z_name, j):
    """KR-6: the value K(x⁽ⁱ⁾, z⁽ʲ⁾) as every kernel matrix and decision value takes it: a real
    number (TypeError otherwise) that is finite (ValueError otherwise), the error naming the
    pair as ``kernel(<x_name>[i], <z_name>[j])`` and the cause."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"kernel({x_name}[{i}], {z_name}[{j}]) is {value!r}: a kernel must "
                        "return real numbers")
    if not scalar.isfinite(value):
        where = f"kernel({x_name}[{i}], {z_name}[{j}])"
        if type(kernel) in (Linear, Polynomial):   # finite points: only overflow does this
            raise FloatRangeError(f"{where} is {value}: {_cause(kernel)}")
        raise ValueError(f"{where} is {value}: {_cause(kernel)}")
    return value


def kernel_matrix(X, kernel, Z=None, *, n_jobs=-1):
    """KR-6 (000 V §7): Kᵢⱼ = K(x⁽ⁱ⁾, z⁽ʲ⁾), with Z = X by default.

    Rows are vectors, or strings for a StringKernel. With Z = X a named kernel is evaluated for
    i ≤ j and mirrored (K(x, z) = K(z, x) holds for it to the last bit); any other callable is
    evaluated at every pair, so that Mercer's test sees an asymmetric one. A value that is not a
    finite real number is refused, naming the pair (``checked_value``). ``n_jobs`` (checked by
    ``parameters.n_jobs``): the cores the fast face may use; here serial.

    Shapes: X m×n (or m strings), kernel, Z q×n or None (Z = X).
    Returns: K, m×q."""
    parameters.n_jobs(n_jobs)
    kernel = as_kernel(kernel)
    X = as_points(X, kernel, "X")
    if Z is None:
        Z, z_name = X, "X"
    else:
        Z, z_name = as_points(Z, kernel, "Z"), "Z"
        if not isinstance(kernel, StringKernel) and len(Z[0]) != len(X[0]):
            raise error("columns_and_columns", name="Z", m=len(Z[0]), x_name="X", n=len(X[0]))
    mirror = z_name == "X" and type(kernel) in NAMED
    K = [[None] * len(Z) for _ in X]
    for i, x in enumerate(X):
        for j in range(i if mirror else 0, len(Z)):
            K[i][j] = checked_value(kernel(x, Z[j]), kernel, "X", i, z_name, j)
            if mirror:
                K[j][i] = K[i][j]
    return K


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
        z = ", ".join(show(v) for v in self.witness)  # a numpy witness reads as a list of floats
        return f"invalid: zᵀKz = {show(self.value)} < 0 for z = [{z}]"


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
    Returns a MercerResult with the witness when the answer is no.

    Shapes: K m×m.
    Returns: MercerResult(valid, symmetric, witness, value, pair)."""
    K = inputs.matrix(K, "K")
    n = len(K)
    if any(len(row) != n for row in K):
        raise error("square", name="K", m=n, n=len(K[0]))
    tol = parameters.tolerance(tol, "tol")
    if tol is None:
        tol = scalar.zero_tolerance(K[0][0], linalg.max_abs(K), n)
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
    InvalidKernelError carrying the witness z (zᵀKz < 0) or the asymmetric pair.

    Shapes: X m×n (or m strings), kernel.
    Returns: K, m×m; a kernel that fails raises InvalidKernelError."""
    K = kernel_matrix(X, kernel)
    result = mercer_test(K)
    if not result.valid:
        raise not_mercer(result)
    return K


def not_mercer(result):
    """KR-7: the InvalidKernelError of a kernel whose matrix on X fails Mercer's test."""
    return InvalidKernelError(f"kernel is not a valid (Mercer) kernel on X: {result}", result)


# ---- KR-9: the kernel perceptron ----------------------------------------------------------------


def _decision(alpha, y, b, k):
    """θᵀφ(x) + b = Σⱼ αⱼ y⁽ʲ⁾ K(x⁽ʲ⁾, x) + b with k[j] = K(x⁽ʲ⁾, x), summed over j = 0..m−1 in
    order, skipping αⱼ = 0."""
    total = 0
    for j in range(len(alpha)):
        if alpha[j]:
            total = total + (alpha[j] * y[j]) * k[j]
    return total + b


@dataclass(frozen=True, eq=False)
class KernelPerceptronResult(IterativeResult):
    """What ``kernel_perceptron`` returns (KR-9): an ``IterativeResult`` whose ``theta`` is α (the
    mistake count of every example) and which carries the threshold ``b`` beside it, so that
    ``perceptron_decision(X, y, result.theta, result.b, Z, kernel)`` predicts. ``extra['updates']``
    lists the examples updated, in order."""

    b: Any = 0


def kernel_perceptron(X, y, kernel, max_epochs=100, order=None, record=False, cache_size=200, *,
                      n_jobs=1):
    """KR-9 (000 V §7; the perceptron PC-1 with the kernel trick): θ = Σⱼ αⱼ y⁽ʲ⁾ φ(x⁽ʲ⁾) is kept
    as the mistake counts αⱼ, so that θᵀφ(x) + b = Σⱼ αⱼ y⁽ʲ⁾ K(x⁽ʲ⁾, x) + b.

    Each epoch visits the examples in ``order`` (default 0..m−1); when h = g(θᵀφ(x⁽ⁱ⁾) + b)
    differs from y⁽ⁱ⁾ (g(0) = 1, as in 000 V §2), αᵢ += 1 and b += y⁽ⁱ⁾. The sum runs over
    j = 0..m−1 in order, skipping αⱼ = 0. Stops after the first epoch without a mistake
    (converged); ``max_epochs`` epochs with mistakes raise ConvergenceError (the data may not be
    separable in the kernel's feature space). The kernel matrix is formed once (its values
    checked); a kernel other than the named ones is first checked with Mercer's test on X.
    ``cache_size`` (megabytes, > 0): the kernel values the fast face may keep (it computes the
    values of the examples with α ≠ 0 only, and forms a whole matrix only for Mercer's test or
    the string kernel, refusing one past ``cache_size`` with the memory it needs); here checked
    and otherwise unused. ``n_jobs`` (checked by ``parameters.n_jobs``; 1 by default): the cores
    the fast face may compute a new column on; here checked, the computation serial.
    Returns a ``KernelPerceptronResult``: theta = α, b, extra = {'updates' (the indices updated,
    in order)}, path = (α, b) after each epoch when ``record``.

    Shapes: X m×n (or m strings), y m labels in {−1, 1}, kernel.
    Returns: KernelPerceptronResult (theta = α, m mistake counts; b); the cap raises
        ConvergenceError."""
    kernel = as_kernel(kernel)
    X = as_points(X, kernel, "X")
    y = signed_labels(y)
    inputs.same_length(X, y)
    max_epochs = parameters.positive_int(max_epochs, "max_epochs")
    order = inputs.example_order(order, len(X))
    parameters.positive(cache_size, "cache_size")
    record = parameters.flag(record, "record")
    parameters.n_jobs(n_jobs)
    K = kernel_matrix(X, kernel) if type(kernel) in NAMED else checked_kernel_matrix(X, kernel)
    columns = linalg.transpose(K)      # columns[i][j] = K(x⁽ʲ⁾, x⁽ⁱ⁾), example i's terms
    alpha = [0] * len(X)
    b = 0
    updates = []
    path = [(alpha[:], b)] if record else None
    for epoch in range(1, max_epochs + 1):
        mistakes = 0
        for i in order:
            h = 1 if _decision(alpha, y, b, columns[i]) >= 0 else -1
            if h != y[i]:
                alpha[i] += 1
                b += y[i]
                updates.append(i)
                mistakes += 1
        if record:
            path.append((alpha[:], b))
        if mistakes == 0:
            return KernelPerceptronResult(alpha, epoch, True, path, {"updates": updates}, b)
    raise perceptron_not_converged(KernelPerceptronResult(alpha, max_epochs, False, path,
                                                          {"updates": updates}, b))


def perceptron_not_converged(result):
    """KR-9: the ConvergenceError of a kernel perceptron whose last epoch still made mistakes."""
    return ConvergenceError(
        f"the kernel perceptron still made mistakes in epoch {result.iterations} (max_epochs): the "
        "data may not be separable in this kernel's feature space", result)


def perceptron_decision(X, y, alpha, b, Z, kernel):
    """KR-9: Σⱼ αⱼ y⁽ʲ⁾ K(x⁽ʲ⁾, z) + b for every row z of Z (predict g of it); K is evaluated
    (and checked) only where αⱼ ≠ 0.

    Shapes: X m×n, y m labels in {−1, 1}, alpha m, b a number, Z q×n, kernel.
    Returns: the decision values, q entries."""
    kernel = as_kernel(kernel)
    X = as_points(X, kernel, "X")
    y = signed_labels(y)
    inputs.same_length(X, y)
    Z = as_points(Z, kernel, "Z")
    alpha = inputs.vector(alpha, "alpha", len(X), "X", of="rows")
    b = parameters.real(b, "b")
    if not isinstance(kernel, StringKernel) and len(Z[0]) != len(X[0]):
        raise error("columns_and_columns", name="Z", m=len(Z[0]), x_name="X", n=len(X[0]))
    out = []
    for i, z in enumerate(Z):
        k = [checked_value(kernel(x, z), kernel, "X", j, "Z", i) if a else 0
             for j, (a, x) in enumerate(zip(alpha, X))]
        out.append(_decision(alpha, y, b, k))
    return FloatRangeError.check(out, lambda i: f"the decision value of Z[{i}]", DECISION_REMEDY)


DECISION_REMEDY = "rescale the data, alpha or b"  # of a decision value past the float range
