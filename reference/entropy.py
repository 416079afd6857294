"""Entropy, split entropy and information gain (001 §11.3.4; catalog DT-3, DT-4, DT-5).

Discrete entropies are in bits unless ``unit="nats"``, with 0 log 0 = 0 (the limit of q log q as
q → 0⁺). The notes leave the base of their log open; bits make the fair coin's entropy 1. The
Gaussian entropy (11.14) is in nats: its constant 1 is log e, so the printed formula holds only
for the natural log.

Probabilities and counts may be float, Fraction (int is read as Fraction) or mpmath.mpf, and the
result has their type. An exact input whose entropy is irrational raises
``scalar.ExactResultError``; a dyadic distribution (every probability a power of ½) has an exact
entropy in bits. A count table has one row per group (a value of the feature) and one column per
class: for two classes the rows are the notes' (pⱼ, nⱼ) of (11.15)-(11.16), up to column order.

Conventions (README, Conventions): data (p, counts, a count table, or x, y) first, options
(``unit``) last; labels are any integers, read through ``class_codes``.
"""
import mpmath

from . import inputs, linalg, parameters, scalar
from .messages import error

__all__ = ["UNITS", "class_codes", "entropy", "count_entropy", "bernoulli_entropy", "gaussian_entropy",
           "count_table", "split_entropy", "information_gain"]

UNITS = ("bits", "nats")


def _unit(unit):
    """The unit's own string (``unit`` is compared once, as a str)."""
    return parameters.choice(unit, "unit", UNITS)


def _log(x, unit):
    return scalar.log2(x) if unit == "bits" else scalar.log(x)


def _plogp(q, unit):
    """q log q, with 0 log 0 = 0."""
    return 0 * q if q == 0 else q * _log(q, unit)


def _total(values):
    """Σ values left to right (the built-in sum may compensate, and the fast face does not)."""
    total = 0 * values[0]
    for v in values:
        total += v
    return total


def _probabilities(p, name):
    p = inputs.vector(p, name)
    for i, q in enumerate(p):
        if q < 0:
            raise error("negative_probability", name=name, where=f"[{i}]", value=q)
    s = _total(p)
    if abs(s - 1) > scalar.zero_tolerance(s, 1, 4 * len(p)):
        raise error("sums_to", name=name, s=s)
    return p


def _is_integral(x):
    if scalar.kind(x) == "mpf":
        return x == mpmath.floor(x)
    if scalar.kind(x) == "exact":
        return x.denominator == 1
    return float(x).is_integer()


def _counts(c, name):
    c = inputs.vector(c, name)
    for i, v in enumerate(c):
        if v < 0 or not _is_integral(v):
            raise error("not_a_count", name=name, where=f"[{i}]", value=v)
    _nonzero_total(_total(c), name)
    return c


def _nonzero_total(total, name):
    if total == 0:
        raise error("no_examples", name=name)
    if not scalar.isfinite(total):
        raise error("counts_past_float64", name=name)


def _count_matrix(table, name):
    table = inputs.matrix(table, name)
    for j, row in enumerate(table):
        for k, v in enumerate(row):
            if v < 0 or not _is_integral(v):
                raise error("not_a_count", name=name, where=f"[{j}][{k}]", value=v)
    _nonzero_total(_total([_total(row) for row in table]), name)
    return table


def entropy(p, unit="bits"):
    """DT-3 (001 §11.3.4 (11.12)): H(X) = −Σₓ P(X = x) log P(X = x), with 0 log 0 = 0.

    ``p`` is a probability vector (entries >= 0 summing to 1; exactly for rationals, to rounding
    otherwise).

    Shapes: p probabilities summing to 1.
    Returns: H, a number (bits, nats or bans by unit)."""
    unit = _unit(unit)
    p = _probabilities(p, "p")
    total = 0 * p[0]
    for q in p:
        total -= _plogp(q, unit)
    return total


def count_entropy(counts, unit="bits"):
    """DT-3: the entropy of the empirical distribution cₖ / m of the labels, m = Σₖ cₖ.

    Shapes: counts K non-negative integers.
    Returns: H, a number."""
    unit = _unit(unit)
    counts = _counts(counts, "counts")
    return _count_entropy(counts, unit)


def _count_entropy(counts, unit):
    m = _total(counts)
    total = 0 * m
    for c in counts:
        total -= _plogp(c / m, unit)
    return total


def bernoulli_entropy(p, n, unit="bits"):
    """DT-3 (001 §11.3.4 (11.13)): p positives and n negatives, Y ~ Bernoulli(p/(p+n)),
    H(Y) = −(p/(p+n) log(p/(p+n)) + n/(n+p) log(n/(n+p))); the coin's curve H(π) peaks at
    π = ½ (1 bit).

    Shapes: p, n counts (numbers ≥ 0).
    Returns: H, a number."""
    unit = _unit(unit)
    p = parameters.tally(p, "p")
    n = parameters.tally(n, "n")
    if p + n == 0:
        raise error("no_p_n")
    if not scalar.isfinite(p + n):
        raise error("p_n_past_float64")
    return -(_plogp(p / (p + n), unit) + _plogp(n / (n + p), unit))


def gaussian_entropy(Sigma):
    """DT-4 (001 §11.3.4 (11.14)): the entropy of N(μ, Σ) in nats,
    H(X) = ½ n [1 + log(2π)] + ½ log|Σ|, for any mean μ.

    Σ must be symmetric positive definite; log|Σ| = 2 Σⱼ log Lⱼⱼ from the Cholesky factor."""
    S = inputs.matrix(Sigma, "Sigma")
    n = len(S)
    if any(len(row) != n for row in S):
        raise error("square", name="Sigma", m=n, n=len(S[0]))
    for i in range(n):
        for j in range(i):
            if S[i][j] != S[j][i]:
                raise error("symmetric", name="Sigma", i=i, j=j)
    try:
        L = linalg.cholesky(S)
    except linalg.NotPositiveDefiniteError as e:
        raise linalg.NotPositiveDefiniteError(f"Sigma is not positive definite ({e})", e.index) from None
    log_det = 0 * L[0][0]
    for j in range(n):
        log_det += 2 * scalar.log(L[j][j])
    return n * (1 + scalar.log(2 * scalar.pi(L[0][0]))) / 2 + log_det / 2


def class_codes(y, name="y"):
    """The classes of the labels y, ascending, and each label's place among them:
    ((c₀ < c₁ < ... < c_{K−1}), [k⁽¹⁾, ..., k⁽ᵐ⁾]) with y⁽ⁱ⁾ = c_{k⁽ⁱ⁾}. Count tables (DT-5) and
    the tree builder (DT-6) index their columns by these codes. A label is any integer value
    (int, or a real number such as 2.0) inside int64 (``inputs.integers``).

    Shapes: y m integer labels.
    Returns: (classes ascending, the code 0..K−1 of every label)."""
    labels = inputs.integer_labels(y, name, "entropy")
    classes = tuple(sorted(set(labels)))
    code_of = {c: k for k, c in enumerate(classes)}
    return classes, [code_of[v] for v in labels]


def count_table(x, y):
    """DT-5 (001 §11.3.4 (11.15)-(11.16)): the counts of each class in each group of a discrete
    feature. Returns (values, classes, table) with table[j][k] = #{i : xᵢ = values[j],
    yᵢ = classes[k]}; values and classes ascending. For two classes row j is (nⱼ, pⱼ).

    Shapes: x m group values, y m integer labels.
    Returns: (groups, classes, table groups × classes of counts)."""
    x = inputs.vector(x, "x")
    classes, codes = class_codes(y, "y")
    inputs.same_length(x, codes, "x", "y")
    values = sorted(set(x))
    row_of = {v: j for j, v in enumerate(values)}
    table = [[0] * len(classes) for _ in values]
    for xi, k in zip(x, codes):
        table[row_of[xi]][k] += 1
    return values, list(classes), table


def split_entropy(table, unit="bits"):
    """DT-5 (001 §11.3.4 (11.17)-(11.19)): the entropy after splitting,
    H[split] = Σⱼ (mⱼ/m) H(group j), mⱼ = Σₖ table[j][k] (pⱼ + nⱼ), m = Σⱼ mⱼ (p + n).

    A group with no examples has weight 0 (its Bernoulli(0/0) never enters).

    Shapes: table groups × classes of counts.
    Returns: the weighted entropy after the split, a number."""
    unit = _unit(unit)
    table = _count_matrix(table, "table")
    return _split_entropy(table, unit)


def _split_entropy(table, unit):
    sizes = [_total(row) for row in table]
    m = _total(sizes)
    total = 0 * m
    for row, m_j in zip(table, sizes):
        if m_j == 0:
            continue
        total += (m_j / m) * _count_entropy(row, unit)
    return total


def information_gain(table, unit="bits"):
    """DT-5 (001 §11.3.4 (11.20)): information gain = entropy before − entropy after, where
    before is the entropy of the pooled labels (the column sums, (11.17)-(11.18)) and after is
    (11.19). It is >= 0 and is 0 exactly when every group has the pooled class proportions.

    Shapes: table groups × classes of counts.
    Returns: the gain, a number."""
    unit = _unit(unit)
    return _information_gain(_count_matrix(table, "table"), unit)


def _information_gain(table, unit):
    """(11.20) for a checked table; the trees' weighted counts (X-2, reals >= 0) come here too."""
    columns = [0 * table[0][0]] * len(table[0])
    for row in table:
        columns = [c + v for c, v in zip(columns, row)]
    return _count_entropy(columns, unit) - _split_entropy(table, unit)
