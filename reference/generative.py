"""Part IV of the notes, generative learning: Bayes' rule, the multivariate normal and Gaussian
discriminant analysis (000 Part IV intro, §1.1-1.3; 002 §1.4, §1.4.1-1.4.2).

Labels are y ∈ {0, 1}. X is a list of rows x⁽ⁱ⁾ ∈ Rⁿ *without* an intercept entry: the GDA model
is stated for x ∈ Rⁿ (002 §1.4.1 drops the x₀ = 1 convention); only the logistic θ of GDA-3 and
GDA-4 uses x₀ = 1 (000 §1.3, footnote 1).

The maximum-likelihood estimates are rational functions of the data, so Fraction data give exact
φ, μ₀, μ₁ and Σ. Densities and posteriors involve exp, log and π, which are irrational: exact
inputs to them are computed in float (as ``linalg.symmetric_eigenvalues`` does), mpf inputs stay
in mpmath at the working precision.

Conventions (README, Conventions): labels are the notes' {0, 1} (bools accepted; another label is
refused naming cs229.estimators.GaussianDiscriminantAnalysis); ``gda_fit(X, y)`` returns a
``GDAModel``, and every function of a model takes it first (``gda_log_likelihood(model, X, y)``,
``gda_predict(model, X)``: labels 0/1; ``gda_posterior``: p(y = 1 | x)).

GDA with k classes (catalog X-3, extending 000 §1.2-1.3) takes labels 1..k as softmax regression
does (k the largest label, every class present): ``gda_classes_fit`` returns a
``GDAClassesModel`` (k priors φ_j, k means μ_j, one Σ), ``gda_classes_posterior`` the m×k
p(y = j | x) and ``gda_classes_predict`` labels 1..k; ``gda_softmax_theta`` the k rows θ_j of the
softmax form of the posterior.

Sample weights (catalog X-2): ``gda_fit`` and ``gda_classes_fit`` take ``sample_weight``, one
wᵢ >= 0 per row (``inputs.sample_weights``), and return the maximisers of the weighted
log-likelihood Σᵢ wᵢ log p(x⁽ⁱ⁾, y⁽ⁱ⁾): every count and sum of the estimates weighted, Σ divided by
Σᵢ wᵢ. An integer weight is the row repeated; a row of weight 0 is dropped.
"""
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import mpmath

from . import inputs, linalg, newton, parameters, scalar
from .linalg import NotPositiveDefiniteError, SingularMatrixError
from .messages import error

__all__ = [
    "ZeroOverZeroError", "SingularMatrixError", "NotPositiveDefiniteError",
    "evidence", "bayes_posterior", "bayes_argmax", "log_posterior",
    "expectation", "covariance", "covariance_from_moments", "check_covariance",
    "mvn_log_density", "mvn_log_densities", "mvn_density",
    "GDAModel", "check_gda_estimates", "gda_fit", "gda_log_likelihood", "gda_log_joint",
    "gda_posterior", "gda_zero_over_zero", "gda_predict", "gda_logistic_theta",
    "GDAClassesModel", "gda_classes_fit", "gda_classes_log_joint", "gda_classes_log_likelihood",
    "gda_classes_posterior", "gda_classes_predict", "gda_softmax_theta", "no_class_of_k", "check_classes_model",
    "poisson_log_pmf", "poisson_posterior", "poisson_logistic_theta",
]


class ZeroOverZeroError(ArithmeticError):
    """Every class has p(x|y)p(y) = 0, so p(y|x) = p(x|y)p(y)/p(x) is 0/0: no prediction exists
    (000 §2.1). Also raised for an estimate whose numerator and denominator are both 0."""


def _inexact(value):
    """Exact scalars become float (the result is irrational); float and mpf are kept."""
    return float(value) if scalar.is_exact(value) else value


def _log(x):
    """log x; an exact x is taken to float unless x == 1 (log 1 = 0 exactly)."""
    if scalar.is_exact(x) and x != 1:
        x = float(x)
    return scalar.log(x)


# ---- GEN-1: Bayes' rule -----------------------------------------------------------------------

def _likelihoods_and_priors(likelihoods, priors):
    likelihoods = inputs.vector(likelihoods, "likelihoods")
    priors = inputs.vector(priors, "priors")
    if len(likelihoods) != len(priors):
        raise ValueError(f"likelihoods has {len(likelihoods)} entries but priors has {len(priors)}")
    for name, values in (("likelihoods", likelihoods), ("priors", priors)):
        for i, v in enumerate(values):
            if v < 0:
                raise ValueError(f"{name}[{i}] is {v}: probabilities must be >= 0")
    return likelihoods, priors


def evidence(likelihoods, priors):
    """GEN-1 (000 Part IV intro; 002 §1.4): p(x) = Σ_y p(x|y) p(y); with two classes
    p(x) = p(x|y=1)p(y=1) + p(x|y=0)p(y=0)."""
    likelihoods, priors = _likelihoods_and_priors(likelihoods, priors)
    total = 0 * likelihoods[0]
    for p_x_y, p_y in zip(likelihoods, priors):
        total += p_x_y * p_y
    return total


def bayes_posterior(likelihoods, priors):
    """GEN-1 (000 Part IV intro): p(y|x) = p(x|y) p(y) / p(x) for every class y (exact for
    rationals). When p(x) = 0 the posterior is 0/0 and ZeroOverZeroError says so."""
    likelihoods, priors = _likelihoods_and_priors(likelihoods, priors)
    p_x = evidence(likelihoods, priors)
    if p_x == 0:
        raise _no_class_possible()
    return [p_x_y * p_y / p_x for p_x_y, p_y in zip(likelihoods, priors)]


def bayes_argmax(likelihoods, priors):
    """GEN-1 (000 Part IV intro; 002 §1.4.1): argmax_y p(y|x) = argmax_y p(x|y) p(y), because
    p(x) does not depend on y; it is never computed. Ties go to the smallest y. If every
    p(x|y)p(y) is 0 there is nothing to maximise: ZeroOverZeroError."""
    likelihoods, priors = _likelihoods_and_priors(likelihoods, priors)
    joint = [p_x_y * p_y for p_x_y, p_y in zip(likelihoods, priors)]
    best = max(range(len(joint)), key=lambda y: (joint[y], -y))
    if joint[best] == 0:
        raise _no_class_possible()
    return best


def _no_class_possible():
    return ZeroOverZeroError("p(x|y)p(y) = 0 for every class y: the posterior p(y|x) is 0/0")


def _is_minus_infinity(v):
    return not scalar.is_exact(v) and v < 0 and not scalar.isfinite(v)


def log_posterior(log_joint):
    """GEN-1 in log space: log p(y|x) = log p(x,y) − log Σ_y' p(x,y'), the sum taken as
    max + log Σ exp(· − max) so that nothing overflows or underflows. An entry −∞ (log 0, an
    impossible class) gives −∞; all entries −∞ is the 0/0 posterior (ZeroOverZeroError)."""
    if inputs.is_text(log_joint) or not hasattr(log_joint, "__len__") or len(log_joint) == 0:
        raise ValueError("log_joint must be a non-empty sequence of log p(x, y)")
    values = []
    for y, v in enumerate(log_joint):
        if _is_minus_infinity(scalar.to_scalar(v)):
            values.append(None)
            continue
        values.append(parameters.number(v, "log_joint", f"[{y}]"))
    finite = [v for v in values if v is not None]
    if not finite:
        raise ZeroOverZeroError("p(x, y) = 0 for every class y: the posterior p(y|x) is 0/0")
    top = _inexact(max(finite))
    total = 0 * top
    for v in finite:
        total += scalar.exp(_inexact(v) - top)
    log_p_x = top + scalar.log(total)
    minus_infinity = mpmath.ninf if scalar.kind(top) == "mpf" else float("-inf")
    return [minus_infinity if v is None else _inexact(v) - log_p_x for v in values]


# ---- MVN-1: the multivariate normal -----------------------------------------------------------

def _distribution(points, probabilities):
    Z = inputs.matrix(points, "points")
    if probabilities is None:
        m = len(Z)
        return Z, [Z[0][0] ** 0 / m for _ in range(m)]
    p = inputs.vector(probabilities, "probabilities")
    if len(p) != len(Z):
        raise ValueError(f"points has {len(Z)} rows but probabilities has {len(p)} entries")
    if any(v < 0 for v in p):
        raise ValueError("probabilities must be >= 0")
    total = 0 * p[0]
    for v in p:
        total += v
    if abs(total - 1) > scalar.zero_tolerance(total, 1, 4 * len(p)):
        raise ValueError(f"probabilities must sum to 1, they sum to {total}")
    return Z, p


def expectation(points, probabilities=None):
    """MVN-1 (000 §1.1): E[Z] = Σᵢ p⁽ⁱ⁾ z⁽ⁱ⁾ for Z taking the value z⁽ⁱ⁾ (a row of ``points``) with
    probability p⁽ⁱ⁾ (default 1/m each: the empirical distribution)."""
    Z, p = _distribution(points, probabilities)
    mean = [0 * Z[0][0] for _ in Z[0]]
    for z, w in zip(Z, p):
        for j, z_j in enumerate(z):
            mean[j] += w * z_j
    return mean


def covariance(points, probabilities=None):
    """MVN-1 (000 §1.1), first definition: Cov(Z) = E[(Z − E[Z])(Z − E[Z])ᵀ]."""
    Z, p = _distribution(points, probabilities)
    mean = expectation(Z, p)
    n = len(mean)
    C = [[0 * Z[0][0] for _ in range(n)] for _ in range(n)]
    for z, w in zip(Z, p):
        d = [a - b for a, b in zip(z, mean)]
        for j in range(n):
            for k in range(n):
                C[j][k] += w * d[j] * d[k]
    return C


def covariance_from_moments(points, probabilities=None):
    """MVN-1 (000 §1.1), second definition: Cov(Z) = E[ZZᵀ] − (E[Z])(E[Z])ᵀ."""
    Z, p = _distribution(points, probabilities)
    mean = expectation(Z, p)
    n = len(mean)
    C = [[0 * Z[0][0] for _ in range(n)] for _ in range(n)]
    for z, w in zip(Z, p):
        for j in range(n):
            for k in range(n):
                C[j][k] += w * z[j] * z[k]
    return [[C[j][k] - mean[j] * mean[k] for k in range(n)] for j in range(n)]


def _pivot_tolerance(S, j):
    """A residual variance below this is 0: exactly 0 for rationals; for float and mpf a few
    hundred rounding errors of the feature's own variance S_jj (the residual is S_jj minus the
    part explained by features 0..j−1, so its rounding error scales with S_jj)."""
    return scalar.zero_tolerance(S[j][j], abs(S[j][j]), 64 * len(S))


def _ldl(S):
    """Square-root-free Cholesky S = L D Lᵀ (exact for rationals; L unit lower triangular, its
    diagonal not stored). Returns (L, D, j, d_j): j the first feature whose pivot d_j (the
    variance of feature j left unexplained by features 0..j−1) is not clearly positive, with D
    the pivots before it; j is None when S is positive definite (D then has all n pivots).
    ``linalg.ldl_solve`` solves with it: its pivots are judged relative to each feature's own
    variance, so features of very different scales solve as well as they factor."""
    n = len(S)
    L = [[0 * S[0][0] for _ in range(n)] for _ in range(n)]
    D = []
    for j in range(n):
        d = S[j][j]
        for k in range(j):
            d -= L[j][k] * L[j][k] * D[k]
        if d <= _pivot_tolerance(S, j):
            return L, D, j, d
        D.append(d)
        for i in range(j + 1, n):
            s = S[i][j]
            for k in range(j):
                s -= L[i][k] * L[j][k] * D[k]
            L[i][j] = s / d
    return L, D, None, None


def check_covariance(Sigma, name="Sigma", context=""):
    """MVN-1: Σ must be symmetric positive definite for the density of 000 §1.1 to exist.

    Returns Σ as a list of rows. A singular Σ raises SingularMatrixError that names the dependent
    features (``features`` attribute): feature j is the first whose variance is fully explained
    by features 0..j−1, and the ones it depends on are those with a non-zero coefficient in
    that regression. A Σ with a negative direction raises NotPositiveDefiniteError.
    """
    S = inputs.matrix(Sigma, name)
    n = len(S)
    if any(len(row) != n for row in S):
        raise error("square", name=name, m=n, n=len(S[0]))
    tol = scalar.zero_tolerance(S[0][0], linalg.max_abs(S), 4 * n)
    for i in range(n):
        for j in range(i):
            if abs(S[i][j] - S[j][i]) > tol:
                raise error("symmetric", name=name, i=i, j=j)
    L, D, j, d = _ldl(S)
    if j is None:
        return S
    if d < -_pivot_tolerance(S, j) or S[j][j] < 0:
        given = "" if j == 0 else " given feature 0" if j == 1 else f" given features 0..{j - 1}"
        raise NotPositiveDefiniteError(
            f"{name} is not positive semi-definite: the variance of feature {j}{given} is {d} < 0",
            index=j)
    partners = []
    if j > 0:
        c = linalg.ldl_solve(L, D, [S[k][j] for k in range(j)])  # the regression of feature j on 0..j−1
        partners = [k for k in range(j) if _significant(c[k], S, k, j)]
    if partners:
        what = (f"feature {j} is a linear combination of feature{'s' if len(partners) > 1 else ''} "
                f"{', '.join(map(str, partners))}{context}")
    else:
        what = f"feature {j} has zero variance{context}"
    e = SingularMatrixError(f"{name} is singular: {what}; the features {sorted(partners + [j])} are "
                            "linearly dependent (drop or combine them)", column=j)
    e.features = sorted(partners + [j])
    raise e


def _significant(c_k, S, k, j):
    """Is feature k really part of the combination explaining feature j? (exactly non-zero for
    rationals; else a contribution |c_k| sd_k above 1e-8 sd_j)."""
    if scalar.is_exact(c_k):
        return c_k != 0
    return abs(c_k) * abs(S[k][k]) ** 0.5 > 1e-8 * abs(S[j][j]) ** 0.5


def _factor(mu, Sigma):
    """(μ, L) with Σ = L Lᵀ, in float for exact input; Σ checked by ``check_covariance``."""
    mu = [_inexact(v) for v in inputs.vector(mu, "mu")]
    S = check_covariance(Sigma, "Sigma")
    if len(S) != len(mu):
        raise error("covariance_size", name="Sigma", n=len(S), means="mu has", d=len(mu))
    return mu, _cholesky([[_inexact(v) for v in row] for row in S])


def _cholesky(S):
    """L with Σ = L Lᵀ, from ``linalg.cholesky`` of Σ with feature j scaled by a power of two
    f_j that brings Σ_jj near 1: every step of the factorisation is then scaled exactly, so L is
    bit for bit the factor of Σ itself, while the pivot test is relative to each feature's own
    variance, as ``check_covariance``'s is (a Σ with variances 1e-20 and 1 is positive
    definite, not singular)."""
    one = S[0][0] ** 0
    f = [(one + one) ** -(_binary_exponent(S[j][j]) // 2) for j in range(len(S))]
    scaled = linalg.cholesky([[S[i][j] * f[i] * f[j] for j in range(len(S))] for i in range(len(S))])
    return [[v / f[i] for v in row] for i, row in enumerate(scaled)]


def _binary_exponent(v):
    """e with 2^(e−1) <= v < 2^(e+1) for v > 0 (exact: from the binary fraction of v)."""
    if scalar.kind(v) == "mpf":
        mantissa, exponent = v.man_exp
        return int(exponent) + int(mantissa).bit_length()
    q = Fraction(v)
    return q.numerator.bit_length() - q.denominator.bit_length()


def _log_density(x, mu, L):
    """log p(x; μ, Σ) with Σ = LLᵀ: solve L z = x − μ forwards, then
    −(n/2) log 2π − Σⱼ log Lⱼⱼ − ½ zᵀz. A point so far from μ that the solve overflows
    (inf − inf or 0·inf make a NaN) has zᵀz beyond the float range: its log-density is −∞."""
    n = len(mu)
    z = [_inexact(a) - b for a, b in zip(x, mu)]
    for i in range(n):
        for k in range(i):
            z[i] -= L[i][k] * z[k]
        z[i] = z[i] / L[i][i]
    log_det_half = 0 * L[0][0]
    for i in range(n):
        log_det_half += scalar.log(L[i][i])
    squared = linalg.dot(z, z)
    if squared != squared:  # NaN: the solve overflowed
        squared = scalar.inf(squared)
    return -n * scalar.log(2 * scalar.pi(L[0][0])) / 2 - log_det_half - squared / 2


def mvn_log_density(x, mu, Sigma):
    """MVN-1 (000 §1.1): log p(x; μ, Σ) = −(n/2) log 2π − ½ log|Σ| − ½ (x − μ)ᵀ Σ⁻¹ (x − μ),
    through the Cholesky factor Σ = LLᵀ: log|Σ| = 2 Σⱼ log Lⱼⱼ and (x − μ)ᵀΣ⁻¹(x − μ) = ‖L⁻¹(x − μ)‖².

    Shapes: x n, mu n, Sigma n×n symmetric positive definite.
    Returns: log p(x), a number."""
    x = inputs.vector(x, "x")
    mu, L = _factor(mu, Sigma)
    inputs.check_length(x, "x", len(mu), "mu")
    return _log_density(x, mu, L)


def mvn_log_densities(X, mu, Sigma, *, n_jobs=-1):
    """MVN-1: ``mvn_log_density`` for every row of X, with one Cholesky factorisation.
    ``n_jobs`` (checked by ``parameters.n_jobs``): the cores the fast face may use; here serial.

    Shapes: X m×n, mu n, Sigma n×n symmetric positive definite.
    Returns: log p(x⁽ⁱ⁾), m entries."""
    parameters.n_jobs(n_jobs)
    X = inputs.matrix(X, "X")
    mu, L = _factor(mu, Sigma)
    if len(X[0]) != len(mu):
        raise error("columns_and_entries", x_name="X", m=len(X[0]), name="mu", n=len(mu))
    return [_log_density(x, mu, L) for x in X]


def mvn_density(x, mu, Sigma):
    """MVN-1 (000 §1.1): p(x; μ, Σ) = (2π)^(−n/2) |Σ|^(−1/2) exp(−½ (x − μ)ᵀ Σ⁻¹ (x − μ)).

    Shapes: x n, mu n, Sigma n×n symmetric positive definite.
    Returns: p(x), a number; a p(x) too large for the scalar type (a nearly singular Σ)
        raises OverflowError."""
    return density_from_log(mvn_log_density(x, mu, Sigma))


def density_from_log(log_p):
    """p = e^(log p) (MVN-1); where that overflows (|Σ| so small, e.g. subnormal, that the
    density at x exceeds the largest float) an OverflowError names Σ, in both faces."""
    try:
        return scalar.exp(log_p)
    except OverflowError:
        raise OverflowError(f"mvn_density: p(x) = exp({float(log_p):.6g}) overflows: Sigma is so "
                            "close to singular that the density at x is too large for the scalar "
                            "type; use mvn_log_density") from None


# ---- GDA-1 … GDA-3 ----------------------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class GDAModel:
    """GDA-1 (000 §1.2): y ~ Bernoulli(φ), x | y=0 ~ N(μ₀, Σ), x | y=1 ~ N(μ₁, Σ).
    phi: p(y = 1); mu0, mu1: the class means; Sigma: the shared covariance (list of rows)."""

    phi: Any
    mu0: Any
    mu1: Any
    Sigma: Any


def _data(X, y):
    X = inputs.matrix(X, "X")
    y = inputs.binary_labels(y, "y", module=__name__)
    inputs.same_length(X, y)
    return X, y


def gda_fit(X, y, sample_weight=None):
    """GDA-1 (000 §1.2; 002 §1.4.1): the maximum-likelihood estimates
    φ = (1/m) Σᵢ 1{y⁽ⁱ⁾ = 1},  μ_c = Σᵢ 1{y⁽ⁱ⁾ = c} x⁽ⁱ⁾ / Σᵢ 1{y⁽ⁱ⁾ = c},
    Σ = (1/m) Σᵢ (x⁽ⁱ⁾ − μ_{y⁽ⁱ⁾})(x⁽ⁱ⁾ − μ_{y⁽ⁱ⁾})ᵀ.

    A class with no examples has no mean (0/0): ValueError. A singular Σ (features linearly
    dependent within the classes, or too few examples) leaves ℓ unbounded, so there is no
    maximum: SingularMatrixError naming the dependent features.

    X-2: with ``sample_weight`` wᵢ >= 0 (not all 0) the maximisers of Σᵢ wᵢ log p(x⁽ⁱ⁾, y⁽ⁱ⁾)
    φ = Σᵢ wᵢ 1{y⁽ⁱ⁾ = 1} / Σᵢ wᵢ,  μ_c = Σᵢ wᵢ 1{y⁽ⁱ⁾ = c} x⁽ⁱ⁾ / Σᵢ wᵢ 1{y⁽ⁱ⁾ = c},
    Σ = Σᵢ wᵢ (x⁽ⁱ⁾ − μ_{y⁽ⁱ⁾})(x⁽ⁱ⁾ − μ_{y⁽ⁱ⁾})ᵀ / Σᵢ wᵢ;
    an integer weight is the row repeated, a class whose weights are all 0 has no examples.

    Shapes: X m×n, y m labels in {0, 1} (both classes present), sample_weight m or None.
    Returns: GDAModel(phi, mu0, mu1, Sigma)."""
    X, y = _data(X, y)
    weight = inputs.sample_weights(sample_weight, X)
    count, total, mu, Sigma = _class_estimates(X, y, 2, no_class_examples, weight)
    phi = X[0][0] ** 0 * count[1] / total
    return GDAModel(phi, mu[0], mu[1], Sigma)


def _kept(X, codes, weight):
    """X-2: the rows, class codes and weights of the rows of weight > 0 (all of them without
    weights): a row of weight 0 is not an example."""
    if weight is None or all(w > 0 for w in weight):
        return X, codes, weight
    rows = [i for i, w in enumerate(weight) if w > 0]
    return [X[i] for i in rows], [codes[i] for i in rows], [weight[i] for i in rows]


def _class_estimates(X, codes, k, absent, weight=None):
    """GDA-1 and X-3: the class counts, the class means μ_c = Σᵢ 1{c⁽ⁱ⁾ = c} x⁽ⁱ⁾ / Σᵢ 1{c⁽ⁱ⁾ = c}
    and the shared Σ = (1/m) Σᵢ (x⁽ⁱ⁾ − μ_{c⁽ⁱ⁾})(x⁽ⁱ⁾ − μ_{c⁽ⁱ⁾})ᵀ for class codes 0..k−1;
    ``absent(c)`` is the error of a class without examples. Σ is checked by
    ``check_gda_estimates``. X-2: with weights wᵢ every term is weighted, the counts are
    Σᵢ wᵢ 1{c⁽ⁱ⁾ = c} and m is Σᵢ wᵢ (rows of weight 0 dropped first).
    Returns: (counts, m, means, Σ)."""
    X, codes, weight = _kept(X, codes, weight)
    m, n = len(X), len(X[0])
    zero = 0 * X[0][0]
    count = [0] * k
    total = 0
    sums = [[zero] * n for _ in range(k)]
    for x, c, w in zip(X, codes, newton.weights(weight, m)):
        count[c] += newton._weighted(w, 1)
        total += newton._weighted(w, 1)
        for j in range(n):
            sums[c][j] += newton._weighted(w, x[j])
    for c in range(k):
        if count[c] == 0:
            raise absent(c)
    mu = [[s / count[c] for s in sums[c]] for c in range(k)]
    Sigma = [[zero] * n for _ in range(n)]
    for x, c, w in zip(X, codes, newton.weights(weight, m)):
        d = [a - b for a, b in zip(x, mu[c])]
        for j in range(n):
            for k_ in range(j + 1):
                Sigma[j][k_] += newton._weighted(w, d[j] * d[k_])
    for j in range(n):
        for k_ in range(j + 1):
            Sigma[j][k_] = Sigma[j][k_] / total
            Sigma[k_][j] = Sigma[j][k_]

    def deviation(j):
        largest = zero
        for x, c in zip(X, codes):
            largest = max(largest, abs(x[j] - mu[c][j]))
        return largest
    check_gda_estimates(mu, Sigma, deviation)
    return count, total, mu, Sigma


def no_class_examples(c):
    """GDA-1: the ValueError of labels without class c (its mean is 0/0), both faces'."""
    return ValueError(f"y has no examples of class {c}: μ_{c} = Σ 1{{y = {c}}} x / Σ 1{{y = {c}}} "
                      "is 0/0 (GDA needs both classes)")


def check_gda_estimates(mu, Sigma, deviation):
    """GDA-1, X-3: the estimates of ``gda_fit`` must be finite and Σ positive definite, or the
    maximum of ℓ does not exist in float64; the error says why. mu = [μ₀, μ₁, ...];
    ``deviation(j)`` is the largest |x_j⁽ⁱ⁾ − μ_{y⁽ⁱ⁾, j}|, asked only for a feature whose
    variance Σ_jj is 0: when its deviations are not all 0, the variance has underflowed (X is
    too small for float64), and the features are not dependent."""
    for name, values in (("mu", [v for row in mu for v in row]), ("Sigma", [v for row in Sigma for v in row])):
        for v in values:
            if not scalar.isfinite(v):
                raise ValueError("X is too large for float64: the class means and the covariance Σ "
                                 f"of GDA-1 overflow ({name} has an entry {v}); rescale X")
    try:
        check_covariance(Sigma, "Sigma", " within each class")
    except SingularMatrixError as e:
        j = e.column
        if e.features == [j] and Sigma[j][j] == 0 and deviation(j) != 0:
            underflow = SingularMatrixError(
                f"Sigma is singular in float64: the variance of feature {j} underflows to 0 (its "
                f"largest deviation from a class mean is {float(deviation(j)):.3g}, whose square is "
                "below the smallest float); X is too small for float64: rescale X", column=j)
            underflow.features = [j]
            raise underflow from None
        raise


def _model(model):
    if not isinstance(model, GDAModel):
        raise error("wrong_kind", name="model", what="a GDAModel", got=type(model).__name__)
    phi = parameters.unit_interval(model.phi, "model.phi")
    mu0 = inputs.vector(model.mu0, "model.mu0")
    mu1 = inputs.vector(model.mu1, "model.mu1", len(mu0), "model.mu0")
    S = check_covariance(model.Sigma, "model.Sigma")
    if len(S) != len(mu0):
        raise error("covariance_size", name="model.Sigma", n=len(S), means="the means have", d=len(mu0))
    return phi, mu0, mu1, S


def gda_log_joint(model, X, *, n_jobs=-1):
    """GDA-2 (000 §1.2): log p(x, y) = log p(x | y) + log p(y) for y = 0, 1 and every row of X,
    with p(y) = φʸ(1 − φ)¹⁻ʸ and the Gaussian class-conditionals (one Cholesky of Σ).
    ``n_jobs`` (checked by ``parameters.n_jobs``): the cores the fast face may use; here serial.

    Shapes: model a GDAModel, X m×n.
    Returns: m×2: log p(x, y = 0), log p(x, y = 1) per row."""
    parameters.n_jobs(n_jobs)
    phi, mu0, mu1, S = _model(model)
    X = inputs.matrix(X, "X")
    if len(X[0]) != len(mu0):
        raise error("model_features", name="X", m=len(X[0]), n=len(mu0))
    _, L = _factor(mu0, S)
    mu0 = [_inexact(v) for v in mu0]
    mu1 = [_inexact(v) for v in mu1]
    log_p = [_log(1 - phi), _log(phi)]
    return [[_log_density(x, mu0, L) + log_p[0], _log_density(x, mu1, L) + log_p[1]] for x in X]


def gda_log_likelihood(model, X, y):
    """GDA-1 (000 §1.2): ℓ(φ, μ₀, μ₁, Σ) = log Πᵢ p(x⁽ⁱ⁾ | y⁽ⁱ⁾; μ₀, μ₁, Σ) p(y⁽ⁱ⁾; φ)
    = Σᵢ [log p(x⁽ⁱ⁾ | y⁽ⁱ⁾) + log p(y⁽ⁱ⁾)].

    Shapes: model a GDAModel, X m×n, y m labels in {0, 1}.
    Returns: ℓ, a number."""
    X, y = _data(X, y)
    total = 0
    for joint, c in zip(gda_log_joint(model, X), y):
        total += joint[c]
    return total


def gda_posterior(model, X, *, n_jobs=-1):
    """GDA-2 (000 §1.2-1.3): p(y = 1 | x) for every row of X by Bayes' rule (GEN-1),
    p(x|y=1)φ / (p(x|y=1)φ + p(x|y=0)(1 − φ)), computed from the log joint. A row whose joint
    is 0 for both classes (so far from both means that the densities underflow) is 0/0:
    ZeroOverZeroError. ``n_jobs``: as in ``gda_log_joint``.

    Shapes: model a GDAModel, X m×n.
    Returns: p(y = 1 | x), m entries."""
    out = []
    for i, joint in enumerate(gda_log_joint(model, X, n_jobs=n_jobs)):
        if _is_minus_infinity(joint[0]) and _is_minus_infinity(joint[1]):
            raise gda_zero_over_zero(i)
        out.append(scalar.exp(log_posterior(joint)[1]))
    return out


def gda_zero_over_zero(row, k=2):
    """GDA-2, X-3: the ZeroOverZeroError of row ``row`` of X whose log p(x, y) is −∞ for each of
    the k classes: the point is so far from every mean that the densities underflow."""
    if k == 2:
        return ZeroOverZeroError(f"X[{row}] is so far from both class means that p(x | y) underflows "
                                 "to 0 for both classes: p(y = 1 | x) is 0/0 in float64 (000 §1.2)")
    return ZeroOverZeroError(f"X[{row}] is so far from all {k} class means that p(x | y) underflows "
                             "to 0 for every class: p(y | x) is 0/0 in float64 (000 §1.2)")


def gda_predict(model, X, *, n_jobs=-1):
    """GDA-2 (000 §1.2): argmax_y p(x | y) p(y) for every row; on the linear boundary
    p(y = 1 | x) = ½ (equal joints) the prediction is 0. ``n_jobs``: as in ``gda_log_joint``.

    Shapes: model a GDAModel, X m×n.
    Returns: m labels in {0, 1}."""
    return [1 if joint[1] > joint[0] else 0 for joint in gda_log_joint(model, X, n_jobs=n_jobs)]


def gda_logistic_theta(model):
    """GDA-3 (000 §1.3 and fn 1): p(y = 1 | x) = 1 / (1 + exp(−θᵀx)) with x₀ = 1 and
    θ₁..ₙ = Σ⁻¹(μ₁ − μ₀),  θ₀ = log(φ / (1 − φ)) − ½ (μ₁ᵀΣ⁻¹μ₁ − μ₀ᵀΣ⁻¹μ₀).
    (The quadratic terms of the two Gaussians' exponents are the same, xᵀΣ⁻¹x, and cancel.)
    θ₁..ₙ is exact for rational parameters; θ₀ holds a logarithm.

    Shapes: model a GDAModel (n features).
    Returns: θ, n + 1 entries (θ₀ first)."""
    phi, mu0, mu1, S = _model(model)
    L, D, _, _ = _ldl(S)  # S passed check_covariance: every pivot is positive
    w = linalg.ldl_solve(L, D, [b - a for a, b in zip(mu0, mu1)])
    # μ₁ᵀΣ⁻¹μ₁ − μ₀ᵀΣ⁻¹μ₀ = (μ₁ − μ₀)ᵀ Σ⁻¹ (μ₁ + μ₀) because Σ⁻¹ is symmetric
    theta0 = _log(phi / (1 - phi)) - linalg.dot(w, [a + b for a, b in zip(mu0, mu1)]) / 2
    return [theta0] + w


# ---- GDA with k classes ------------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class GDAClassesModel:
    """X-3 (extends 000 §1.2): y ∈ {1, ..., k} ~ Multinomial(φ₁, ..., φ_k), x | y = j ~ N(μ_j, Σ).
    phi: the k priors p(y = j); mu: the k class means (rows); Sigma: the shared covariance."""

    phi: Any
    mu: Any
    Sigma: Any


def _class_data(X, y):
    X = inputs.matrix(X, "X")
    y = inputs.class_labels(y, float("inf"), "y", module=__name__)
    inputs.same_length(X, y)
    return X, y


def no_class_of_k(j, k):
    """X-3: the ValueError of labels 1..k (k the largest) without class j, both faces'."""
    return ValueError(f"y has no examples of class {j} of 1..{k} (k is the largest label): "
                      f"μ_{j} = Σ 1{{y = {j}}} x / Σ 1{{y = {j}}} is 0/0")


def gda_classes_fit(X, y, sample_weight=None):
    """X-3 (extends 000 §1.2, GDA-1): the maximum-likelihood estimates for labels 1..k
    φ_j = (1/m) Σᵢ 1{y⁽ⁱ⁾ = j},  μ_j = Σᵢ 1{y⁽ⁱ⁾ = j} x⁽ⁱ⁾ / Σᵢ 1{y⁽ⁱ⁾ = j},
    Σ = (1/m) Σᵢ (x⁽ⁱ⁾ − μ_{y⁽ⁱ⁾})(x⁽ⁱ⁾ − μ_{y⁽ⁱ⁾})ᵀ.
    k is the largest label and every class 1..k must occur (else μ_j is 0/0: ValueError); a
    singular Σ: SingularMatrixError naming the dependent features, as in ``gda_fit``.

    X-2: with ``sample_weight`` wᵢ >= 0 (not all 0) the maximisers of Σᵢ wᵢ log p(x⁽ⁱ⁾, y⁽ⁱ⁾)
    φ_j = Σᵢ wᵢ 1{y⁽ⁱ⁾ = j} / Σᵢ wᵢ,  μ_j = Σᵢ wᵢ 1{y⁽ⁱ⁾ = j} x⁽ⁱ⁾ / Σᵢ wᵢ 1{y⁽ⁱ⁾ = j},
    Σ = Σᵢ wᵢ (x⁽ⁱ⁾ − μ_{y⁽ⁱ⁾})(x⁽ⁱ⁾ − μ_{y⁽ⁱ⁾})ᵀ / Σᵢ wᵢ;
    a class whose weights are all 0 does not occur.

    Shapes: X m×n, y m labels in 1..k, sample_weight m or None.
    Returns: GDAClassesModel(phi (k), mu (k×n), Sigma (n×n))."""
    X, y = _class_data(X, y)
    weight = inputs.sample_weights(sample_weight, X)
    k = max(y)
    count, total, mu, Sigma = _class_estimates(X, [c - 1 for c in y], k, lambda c: no_class_of_k(c + 1, k),
                                               weight)
    one = X[0][0] ** 0
    return GDAClassesModel([one * count[c] / total for c in range(k)], mu, Sigma)


def check_classes_model(model):
    """X-3: the model's φ (k >= 2 priors in [0, 1] summing to 1), μ (k rows) and Σ (checked by
    ``check_covariance``), both faces' check."""
    if not isinstance(model, GDAClassesModel):
        raise error("wrong_kind", name="model", what="a GDAClassesModel", got=type(model).__name__)
    phi = inputs.class_priors(model.phi, "model.phi", "GDA")
    mu = inputs.matrix(model.mu, "model.mu")
    if len(mu) != len(phi):
        raise ValueError(f"model.mu has {len(mu)} rows but model.phi has {len(phi)} entries "
                         "(one mean per class)")
    S = check_covariance(model.Sigma, "model.Sigma")
    if len(S) != len(mu[0]):
        raise error("covariance_size", name="model.Sigma", n=len(S), means="the means have",
                    d=len(mu[0]))
    return phi, mu, S


def gda_classes_log_joint(model, X, *, n_jobs=-1):
    """X-3: log p(x, y = j) = log p(x | y = j) + log φ_j for j = 1..k and every row of X (one
    Cholesky of Σ). ``n_jobs``: as in ``gda_log_joint``.

    Shapes: model a GDAClassesModel (k classes, n features), X m×n.
    Returns: m×k: log p(x, y = j) in column j − 1."""
    parameters.n_jobs(n_jobs)
    phi, mu, S = check_classes_model(model)
    X = inputs.matrix(X, "X")
    if len(X[0]) != len(mu[0]):
        raise error("model_features", name="X", m=len(X[0]), n=len(mu[0]))
    _, L = _factor(mu[0], S)
    mu = [[_inexact(v) for v in row] for row in mu]
    log_phi = [_log(p) for p in phi]
    return [[_log_density(x, mu_j, L) + lp for mu_j, lp in zip(mu, log_phi)] for x in X]


def gda_classes_log_likelihood(model, X, y):
    """X-3: ℓ(φ, μ₁..μ_k, Σ) = Σᵢ [log p(x⁽ⁱ⁾ | y⁽ⁱ⁾; μ, Σ) + log φ_{y⁽ⁱ⁾}].

    Shapes: model a GDAClassesModel, X m×n, y m labels in 1..k.
    Returns: ℓ, a number."""
    X, y = _class_data(X, y)
    rows = gda_classes_log_joint(model, X)
    if max(y) > len(rows[0]):
        raise ValueError(f"y has label {max(y)} but the model has {len(rows[0])} classes")
    total = 0
    for joint, c in zip(rows, y):
        total += joint[c - 1]
    return total


def gda_classes_posterior(model, X, *, n_jobs=-1):
    """X-3 (GEN-1): p(y = j | x) = p(x | y = j) φ_j / Σ_l p(x | y = l) φ_l for j = 1..k and every
    row of X, from the log joint (log-sum-exp). A row whose joint is 0 for every class is 0/0:
    ZeroOverZeroError. ``n_jobs``: as in ``gda_log_joint``.

    Shapes: model a GDAClassesModel, X m×n.
    Returns: m×k probabilities, column j − 1 for class j."""
    out = []
    for i, joint in enumerate(gda_classes_log_joint(model, X, n_jobs=n_jobs)):
        if all(_is_minus_infinity(v) for v in joint):
            raise gda_zero_over_zero(i, len(joint))
        out.append([scalar.exp(v) for v in log_posterior(joint)])
    return out


def gda_classes_predict(model, X, *, n_jobs=-1):
    """X-3: argmax_j log p(x, y = j) for every row; ties go to the smallest label.
    ``n_jobs``: as in ``gda_log_joint``.

    Shapes: model a GDAClassesModel, X m×n.
    Returns: m labels in 1..k."""
    return [linalg.first_argmax(joint) + 1 for joint in gda_classes_log_joint(model, X, n_jobs=n_jobs)]


def gda_softmax_theta(model):
    """X-3 (extends GDA-3, 000 §1.3): p(y = j | x) = exp(θ_jᵀx) / Σ_l exp(θ_lᵀx) with x₀ = 1 and
    θ_j,1..n = Σ⁻¹μ_j,  θ_j0 = log φ_j − ½ μ_jᵀΣ⁻¹μ_j
    (xᵀΣ⁻¹x, common to every class, cancels). θ_j,1..n is exact for rational parameters.
    For k = 2, θ₂ − θ₁ is ``gda_logistic_theta``'s θ.

    Shapes: model a GDAClassesModel (k classes, n features).
    Returns: k rows θ_j of n + 1 entries (θ_j0 first)."""
    phi, mu, S = check_classes_model(model)
    L, D, _, _ = _ldl(S)  # S passed check_covariance: every pivot is positive
    Theta = []
    for p, mu_j in zip(phi, mu):
        w = linalg.ldl_solve(L, D, list(mu_j))
        theta0 = _log(p) - linalg.dot(w, mu_j) / 2
        Theta.append([theta0] + w)
    return Theta


# ---- GDA-4: Poisson class-conditionals --------------------------------------------------------

def _poisson_parameters(phi, lambda0, lambda1):
    phi = parameters.unit_interval(phi, "phi")
    return phi, parameters.positive(lambda0, "lambda0"), parameters.positive(lambda1, "lambda1")


def poisson_log_pmf(x, lam):
    """GDA-4: log p(x; λ) = x log λ − λ − log x! for a count x ∈ {0, 1, 2, ...}."""
    x = parameters.natural(x, "x")
    lam = _inexact(parameters.positive(lam, "lam"))
    return x * scalar.log(lam) - lam - scalar.lgamma(lam ** 0 * (x + 1))


def poisson_posterior(x, phi, lambda0, lambda1):
    """GDA-4 (000 §1.3; 002 §1.4.2): with y ~ Bernoulli(φ) and x | y = c ~ Poisson(λ_c),
    p(y = 1 | x) by Bayes' rule from the two pmfs."""
    phi, lambda0, lambda1 = _poisson_parameters(phi, lambda0, lambda1)
    joint = [poisson_log_pmf(x, lambda0) + _log(1 - phi), poisson_log_pmf(x, lambda1) + _log(phi)]
    return scalar.exp(log_posterior(joint)[1])


def poisson_logistic_theta(phi, lambda0, lambda1):
    """GDA-4 (000 §1.3; 002 §1.4.2): the posterior is logistic in x with x₀ = 1:
    log[p(x|1)φ / (p(x|0)(1 − φ))] = log(φ/(1 − φ)) − (λ₁ − λ₀) + x log(λ₁/λ₀), so
    θ = (log(φ/(1 − φ)) − λ₁ + λ₀,  log(λ₁/λ₀))."""
    phi, lambda0, lambda1 = _poisson_parameters(phi, lambda0, lambda1)
    return [_log(phi / (1 - phi)) - lambda1 + lambda0, _log(lambda1 / lambda0)]
