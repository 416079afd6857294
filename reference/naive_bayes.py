"""Part IV of the notes, §2: Naive Bayes, Laplace smoothing and the two event models, with the
SMS Spam Collection as the text to classify (000 §2, §2.1, §2.2; 002 §1.4.3-1.4.5).

Conventions: labels y ∈ {0, 1} (1 = spam); features, values, words and bins are numbered from 0
(the notes number them from 1). ``alpha`` is the smoothing pseudo-count: 0 gives the maximum-
likelihood estimates of 000 §2, 1 gives Laplace smoothing (000 §2.1: +1 in the numerator, +k in
the denominator for a k-valued variable). The class prior φ_y is never smoothed (000 §2.1 says it
hardly matters). Counts are integers, so with an exact ``alpha`` (the default 1, or 0) every
estimate is an exact Fraction; a float ``alpha`` gives float estimates. The multinomial model's
bags of words may also hold real counts (tf-idf weights, X-2), whose sums replace the counts.

Posteriors are computed in log space (a product of thousands of probabilities underflows);
logarithms of exact estimates are taken in float. A class whose p(x|y)p(y) is exactly 0 has
log-joint −∞; when every class has it the posterior is 0/0 and ZeroOverZeroError says which
features made each class impossible (000 §2.1). Nothing here returns NaN.

Conventions (README, Conventions): labels are {0, 1} (bools accepted; another label is refused
naming cs229.estimators.BernoulliNB or MultinomialNB); ``<model>_fit(X, y, …)`` returns the model,
which every other function of it takes first; ``<model>_predict`` is the label 0/1,
``<model>_log_posterior`` log p(y | x).

Naive Bayes with k classes (catalog X-4, extending 000 §2-2.2) takes labels 1..k as softmax
regression does (k the largest label, every class present): ``bernoulli_classes_fit`` and
``multinomial_classes_fit`` return k priors φ_j and one row of φ per class, smoothed as above;
``*_classes_log_posterior`` gives m×k log p(y = j | x), ``*_classes_predict`` labels 1..k.

Sample weights (catalog X-2, extending 000 §2-2.2): every ``*_fit`` takes ``sample_weight``, one
wᵢ >= 0 per example (``inputs.sample_weights``), and replaces each count by a sum of weights:
Σᵢ 1{…} becomes Σᵢ wᵢ 1{…} in every estimate and in the class prior, so that an integer weight
is the example repeated wᵢ times and a weight 0 drops it. A class whose examples all weigh 0 has
no examples. The counts the model keeps are then those sums (of the weights' scalar type).
"""
import collections
import numbers
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import mpmath

from . import datasets, inputs, linalg, parameters, scalar
from .generative import ZeroOverZeroError, log_posterior
from .messages import INT64_MAX, MAX_TABLE_SIZE, error, show

__all__ = [
    "ZeroOverZeroError", "MAX_TABLE_SIZE", "value_counts", "laplace_estimate",
    "zero_over_zero", "bernoulli_zero_factors", "categorical_zero_factors", "multinomial_zero_factors",
    "BernoulliNB", "bernoulli_fit", "bernoulli_likelihood", "bernoulli_posterior",
    "bernoulli_log_joint", "bernoulli_log_posterior", "bernoulli_predict",
    "discretize", "CategoricalNB", "categorical_fit", "categorical_log_joint",
    "categorical_log_posterior", "categorical_predict",
    "Documents", "pack_documents", "documents_vocabulary", "class_words_beyond_int64",
    "MultinomialNB", "multinomial_fit", "multinomial_likelihood",
    "multinomial_log_joint", "multinomial_log_posterior", "multinomial_predict",
    "BernoulliClassesNB", "bernoulli_classes_fit", "bernoulli_classes_log_joint",
    "bernoulli_classes_log_likelihood", "bernoulli_classes_log_posterior", "bernoulli_classes_predict",
    "MultinomialClassesNB", "multinomial_classes_fit", "multinomial_classes_log_joint",
    "multinomial_classes_log_likelihood", "multinomial_classes_log_posterior",
    "multinomial_classes_predict", "no_class_of_k",
    "TOKEN_PATTERN", "tokenize", "build_vocabulary", "word_index", "encode", "vectorize", "sms_spam_split",
    "SpamCorpus",
    "sms_spam_corpus", "spam_indicative_tokens",
]


# ---- NB-4: Laplace smoothing for a k-valued variable ------------------------------------------

# MAX_TABLE_SIZE (from messages): the most counts a table may hold per class; k, Σⱼ k_j or |V|
# beyond it is refused (parameters.table_size) before anything is allocated.


def _alpha(alpha):
    return parameters.nonnegative(alpha, "alpha")


def _smoothing_fits(largest_total, alpha, k, what):
    """N + kα, the largest denominator of (c + α)/(N + kα), must be a float64 number."""
    if not scalar.isfinite(largest_total + k * alpha):
        raise alpha_too_large(alpha, what, k)


def alpha_too_large(alpha, what, k):
    """NB-4: the ValueError of an α whose smoothed denominator ``what`` + kα overflows."""
    return ValueError(f"alpha = {alpha} is too large: {what} + {k}·alpha overflows float64")


def past_float64(total):
    """NB-4: the ValueError of counts whose sum is past the float64 range."""
    return ValueError(f"counts sum to {total}: past the float64 range")


def no_observations():
    """NB-4: the ZeroOverZeroError of the unsmoothed estimate of a variable never observed."""
    return ZeroOverZeroError("every count is 0 and alpha = 0: each φⱼ = 0/0 (no observations; use "
                             "Laplace smoothing, alpha > 0)")


def value_counts(z, k):
    """NB-4 (000 §2.1): cⱼ = Σᵢ 1{z⁽ⁱ⁾ = j} for j = 0..k−1, from observations z⁽ⁱ⁾ ∈ {0..k−1}.

    Shapes: z m integers in 0..k−1, k ≥ 1.
    Returns: k counts."""
    k = parameters.table_size(k, "k")
    z = inputs.check_categories(inputs.integers(z, "z", empty=True, int64=False), k, "z")
    counts = [0] * k
    for v in z:
        counts[v] += 1
    return counts


def laplace_estimate(counts, alpha=1):
    """NB-4 (000 §2.1; 002 §1.4.4): φⱼ = (cⱼ + α) / (Σₗ cₗ + kα) for a variable with k values.

    α = 1 is Laplace smoothing, (cⱼ + 1)/(m + k): the φⱼ sum to 1 and none is 0. α = 0 is the
    maximum-likelihood estimate cⱼ/m, which is 0/0 when there are no observations.

    Shapes: counts k non-negative integers, alpha ≥ 0.
    Returns: φ, k entries."""
    counts = inputs.vector(counts, "counts")
    for j, c in enumerate(counts):
        if c < 0:
            raise error("negative_count", name="counts", where=f"[{j}]", value=c)
    alpha = _alpha(alpha)
    total = 0 * counts[0]
    for c in counts:
        total += c
    if not scalar.isfinite(total):
        raise past_float64(total)
    _smoothing_fits(total, alpha, len(counts), "Σ counts")
    total = total + len(counts) * alpha
    if total == 0:
        raise no_observations()
    return [(c + alpha) / total for c in counts]


# ---- shared checks ----------------------------------------------------------------------------

def _example_weights(weight, m):
    """X-2: the weight of each of m examples: the checked ``weight``, or 1 each (the counts)."""
    return [1] * m if weight is None else weight


def _class_counts(y, weight=None):
    """Σᵢ wᵢ 1{y⁽ⁱ⁾ = c} for c = 0, 1 (X-2; the counts without weights), left to right; a class
    without examples (or whose examples all weigh 0) is refused."""
    count = [0, 0]
    for c, w in zip(y, _example_weights(weight, len(y))):
        count[c] += w
    for c in (0, 1):
        if count[c] == 0:
            raise no_class_examples(c)
    return count


def no_class_examples(c):
    """NB-2: the ValueError of labels without class c, both faces'."""
    return ValueError(f"y has no examples of class {c}: p(y = {c}) = 0 and φ_(·|y={c}) has no data "
                      "(Naive Bayes needs both classes)")


def _log_or_none(p):
    """log p, or None for p = 0 (an impossible factor); exact p is taken to float (where a
    positive p rounds to 0.0, the float computation has a zero factor too, as the fast face)."""
    if p == 0:
        return None
    if scalar.is_exact(p):
        if p == 1:
            return 0.0
        p = scalar.as_float(p)
        if p == 0:
            return None
    return scalar.log(p)


def _minus_infinity(like):
    return mpmath.ninf if scalar.kind(like) == "mpf" else float("-inf")


def _check_model(model, cls, name="model"):
    if not isinstance(model, cls):
        raise error("wrong_kind", name=name, what=f"a {cls.__name__}", got=type(model).__name__)
    return parameters.unit_interval(model.phi_y, f"{name}.phi_y")


def _probabilities(values, name):
    values = inputs.vector(values, name)
    for j, p in enumerate(values):
        if not 0 <= p <= 1:
            raise error("probability", name=name, where=f"[{j}]", value=p)
    return values


# ---- NB-3: why a posterior is 0/0 -------------------------------------------------------------

def zero_over_zero(row, reasons):
    """NB-3 (000 §2.1): the ZeroOverZeroError of a row (an example or a document) whose
    p(x|y)p(y) is 0 for both classes; ``reasons``, one per class, say which factor is 0 (as the
    ``*_zero_factors`` functions describe it)."""
    reasons = "; ".join(f"p(x | y={c}) = 0 because {why}" for c, why in enumerate(reasons))
    return ZeroOverZeroError(f"row {row}: p(x|y)p(y) = 0 for both classes ({reasons}), so "
                             "p(y = 1 | x) is 0/0 (000 §2.1); use Laplace smoothing (alpha > 0)")


def bernoulli_zero_factors(phi, x):
    """NB-3, NB-2: for y = 0, 1, the first feature of x whose factor
    p(x_j | y) = φ_{j|y}^{x_j} (1 − φ_{j|y})^{1−x_j} is 0, in words; phi = [φ_{·|y=0}, φ_{·|y=1}]."""
    out = []
    for c in (0, 1):
        for j, v in enumerate(x):
            if (phi[c][j] if v else 1 - phi[c][j]) == 0:
                out.append(f"x_{j} = {v} and φ_{{{j}|y={c}}} = {phi[c][j]}")
                break
    return out


def categorical_zero_factors(phi, x):
    """NB-3, NB-5: for y = 0, 1, the first feature of x with p(x_j = v | y) = phi[y][j][v] = 0."""
    out = []
    for c in (0, 1):
        for j, v in enumerate(x):
            if phi[c][j][v] == 0:
                out.append(f"x_{j} = {v} and p(x_{j} = {v} | y={c}) = 0")
                break
    return out


def multinomial_zero_factors(phi, document):
    """NB-3, NB-6: for y = 0, 1, the first word k of the document with φ_{k|y} = phi[y][k] = 0."""
    out = []
    for c in (0, 1):
        for j, t in enumerate(document):
            if phi[c][t] == 0:
                out.append(f"word {t} (position {j}) has φ_{{{t}|y={c}}} = 0")
                break
    return out


def _posteriors(joints, blame):
    out = []
    for i, joint in enumerate(joints):
        try:
            out.append(log_posterior(joint))
        except ZeroOverZeroError:
            raise zero_over_zero(i, blame(i)) from None
    return out


def _argmax(joints, blame):
    out = []
    for i, (a, b) in enumerate(joints):
        if _is_minus_infinity(a) and _is_minus_infinity(b):
            raise zero_over_zero(i, blame(i))
        out.append(1 if b > a else 0)
    return out


def _predict(prior, phi, X, factors, log_joint, blame):
    """argmax_y p(x, y) per row, ties to 0. With exact estimates (p(y) and every φ) the comparison
    is exact, of p(y) Π p(x_j | y): a tie in exact arithmetic stays a tie, which the logs' rounding
    would break; otherwise of the log joint. ``factors(c, x)`` gives the p(x_j | y = c) of a row
    as (factor, power) pairs (power n > 1 for a word that occurs n times). A real power (a real
    count, X-2) makes the product irrational: then the log joint decides."""
    integral = all(isinstance(n, numbers.Integral) for x in X for c in (0, 1) for _, n in factors(c, x))
    if not integral or not all(scalar.is_exact(p) for p in _flatten([prior, phi])):
        return _argmax(log_joint(), blame)
    logs = {}
    out = []
    for i, x in enumerate(X):
        terms = [[(prior[c], 1)] + [(p, n) for p, n in factors(c, x) if n] for c in (0, 1)]
        zero = [any(p == 0 for p, _ in terms[c]) for c in (0, 1)]
        if zero[0] and zero[1]:
            raise zero_over_zero(i, blame(i))
        if zero[0] or zero[1]:
            out.append(1 if zero[0] else 0)
            continue
        out.append(_exact_order(terms, logs, i))
    return out


# The largest exact joint probabilities p(y) Π pⁿ (in bits of numerator and denominator) that
# predict multiplies out; larger ones are compared only where their logarithms separate them.
MAX_EXACT_BITS = 2 ** 27


def _exact_order(terms, logs, row):
    """1 if Π pⁿ over terms[1] exceeds Π pⁿ over terms[0] (positive exact numbers), else 0.
    Decided on enclosures of the two logarithms (mpmath interval arithmetic, which rounds
    outwards) when they are apart: that costs a logarithm per factor, however large n is.
    Enclosures that overlap (an exact tie among them) are settled by multiplying out, when the
    exact numbers are at most MAX_EXACT_BITS long."""
    iv = mpmath.iv
    bounds = []
    for c in (0, 1):
        total = iv.mpf(0)
        for p, n in terms[c]:
            if p not in logs:
                p_ = Fraction(p)
                logs[p] = iv.log(iv.mpf(p_.numerator) / iv.mpf(p_.denominator))
            total += iv.mpf(n) * logs[p]
        bounds.append(total)
    if bounds[1].a > bounds[0].b:
        return 1
    if bounds[1].b < bounds[0].a:
        return 0
    bits = 0   # about log₂ of the numerator and denominator of each pⁿ
    for c in (0, 1):
        for p, n in terms[c]:
            p_ = Fraction(p)
            bits += n * (p_.numerator.bit_length() + p_.denominator.bit_length() - 2)
    if bits > MAX_EXACT_BITS:
        raise ValueError(f"row {row}: p(x, y) for y = 0, 1 are too close for their logarithms to "
                         f"order them, and exactly they are numbers of about {bits:,} bits (more "
                         f"than {MAX_EXACT_BITS:,}); fit with a float alpha to compare in floating point")
    joint = []
    for c in (0, 1):
        product = 1
        for p, n in terms[c]:
            product *= p ** n
        joint.append(product)
    return 1 if joint[1] > joint[0] else 0


def _flatten(nested):
    """The numbers of a nested list, in order."""
    for v in nested:
        if isinstance(v, list):
            yield from _flatten(v)
        else:
            yield v


def _is_minus_infinity(v):
    return v < 0 and not scalar.isfinite(v)


# ---- NB-2, NB-3, NB-4: the multivariate Bernoulli event model ---------------------------------

@dataclass(frozen=True, eq=False)
class BernoulliNB:
    """NB-2 (000 §2): phi_y = p(y = 1); phi_j_y0[j] = p(x_j = 1 | y = 0), phi_j_y1[j] =
    p(x_j = 1 | y = 1); the counts they come from: class_count[c] = Σᵢ 1{y⁽ⁱ⁾ = c},
    feature_count[c][j] = Σᵢ 1{x_j⁽ⁱ⁾ = 1 ∧ y⁽ⁱ⁾ = c}; alpha the smoothing used."""

    phi_y: Any
    phi_j_y0: Any
    phi_j_y1: Any
    class_count: Any
    feature_count: Any
    alpha: Any


def bernoulli_fit(X, y, alpha=1, sample_weight=None):
    """NB-2, NB-4 (000 §2, §2.1; 002 §1.4.3-1.4.4): for binary features x_j ∈ {0, 1},
    φ_{j|y=c} = (Σᵢ 1{x_j⁽ⁱ⁾ = 1 ∧ y⁽ⁱ⁾ = c} + α) / (Σᵢ 1{y⁽ⁱ⁾ = c} + 2α),
    φ_y = Σᵢ 1{y⁽ⁱ⁾ = 1} / m. α = 0: the maximum-likelihood estimates; α = 1: Laplace (+1, +2).
    X may be ``Documents`` with a ``vocabulary_size`` n (the rows of a sparse matrix): x_j = 1
    iff word j occurs in the document (000 §2's email as the set of its words).
    X-2: with a ``sample_weight`` wᵢ per example,
    φ_{j|y=c} = (Σᵢ wᵢ 1{x_j⁽ⁱ⁾ = 1 ∧ y⁽ⁱ⁾ = c} + α) / (Σᵢ wᵢ 1{y⁽ⁱ⁾ = c} + 2α),
    φ_y = Σᵢ wᵢ 1{y⁽ⁱ⁾ = 1} / Σᵢ wᵢ (the denominator summed class by class).

    Shapes: X m×n binary features (or m Documents of ids in 0..n−1), y m labels in {0, 1},
        alpha ≥ 0, sample_weight m or None.
    Returns: BernoulliNB(phi_y, phi_j_y0, phi_j_y1, …)."""
    X = _binary_rows(X)
    y = inputs.binary_labels(y, "y", module=__name__)
    inputs.same_length(X, y)
    alpha = _alpha(alpha)
    weight = inputs.sample_weights(sample_weight, X)
    n = len(X[0])
    class_count = _class_counts(y, weight)
    _smoothing_fits(max(class_count), alpha, 2, "the class count")
    feature_count = [[0] * n, [0] * n]
    for x, c, w in zip(X, y, _example_weights(weight, len(y))):
        for j in range(n):
            feature_count[c][j] += x[j] * w
    one = alpha ** 0
    phi = [[(feature_count[c][j] + alpha) / (class_count[c] + 2 * alpha) for j in range(n)]
           for c in (0, 1)]
    phi_y = _checked_prior(one * class_count[1] / _total(class_count, len(y), weight), weight)
    return BernoulliNB(phi_y, phi[0], phi[1], class_count, feature_count, alpha)


def uneven_weights(label, prior):
    """X-2: the ValueError of weights so uneven that the prior of class ``label`` rounds to
    ``prior``, 0 or 1 (a model's priors lie strictly between them), both faces'."""
    return ValueError(f"sample_weight makes p(y = {label}) round to {prior}: the classes' weights "
                      "are too uneven for the precision of the weights (every class prior must lie "
                      "strictly between 0 and 1)")


def check_weighted_priors(priors, first):
    """X-2: each prior of the classes first, first + 1, … strictly inside (0, 1) (both faces)."""
    for j, p in enumerate(priors):
        if not 0 < p < 1:
            raise uneven_weights(first + j, p)


def _checked_prior(phi_y, weight):
    """φ_y, checked as a model's when it comes from weights (X-2)."""
    if weight is not None:
        check_weighted_priors([1 - phi_y, phi_y], 0)
    return phi_y


def _total(class_count, m, weight):
    """The prior's denominator: m, or with weights (X-2) Σᵢ wᵢ as the class totals summed in
    class order (both faces' order)."""
    if weight is None:
        return m
    total = class_count[0]
    for c in range(1, len(class_count)):
        total += class_count[c]
    return total


def _binary_rows(X, n=None):
    """The rows x ∈ {0, 1}ⁿ of X: a binary matrix, or for ``Documents`` (of n words: the
    model's, or their own ``vocabulary_size``) x_j = 1 iff word j occurs in the document (a
    count > 0 in a bag)."""
    if not isinstance(X, Documents):
        return inputs.binary_matrix(X, "X")
    n = documents_vocabulary(X, n, "X", required=True)
    rows = []
    for bag in _bags(X, n, name="X"):
        words = set(_words(bag))
        rows.append([1 if j in words else 0 for j in range(n)])
    return rows


def _bernoulli(model, X):
    phi_y = _check_model(model, BernoulliNB)
    phi = [_probabilities(model.phi_j_y0, "model.phi_j_y0"),
           _probabilities(model.phi_j_y1, "model.phi_j_y1")]
    inputs.check_length(phi[0], "model.phi_j_y0", len(phi[1]), "model.phi_j_y1")
    if isinstance(X, Documents):
        return [1 - phi_y, phi_y], phi, _binary_rows(X, len(phi[0]))
    X = inputs.binary_matrix(X, "X")
    if len(X[0]) != len(phi[0]):
        raise error("model_features", name="X", m=len(X[0]), n=len(phi[0]))
    return [1 - phi_y, phi_y], phi, X


def bernoulli_likelihood(model, X, y):
    """NB-2 (000 §2): L(φ_y, φ_{j|y=0}, φ_{j|y=1}) = Πᵢ p(x⁽ⁱ⁾, y⁽ⁱ⁾) with
    p(x, y) = p(y) Πⱼ φ_{j|y}^{x_j} (1 − φ_{j|y})^{1−x_j}; exact for rational estimates."""
    prior, phi, X = _bernoulli(model, X)
    y = inputs.binary_labels(y, "y", module=__name__)
    inputs.same_length(X, y)
    total = 1
    for x, c in zip(X, y):
        total *= prior[c]
        for j, v in enumerate(x):
            total *= phi[c][j] if v else 1 - phi[c][j]
    return total


def bernoulli_posterior(model, x):
    """NB-2 (000 §2): p(y = 1 | x) = (Πⱼ p(x_j | y=1)) p(y=1) / [(Πⱼ p(x_j | y=1)) p(y=1) +
    (Πⱼ p(x_j | y=0)) p(y=0)] for one example, as a product (exact for rational estimates).
    NB-3: when both products are 0 (000 §2.1) this is 0/0 and ZeroOverZeroError says why."""
    prior, phi, X = _bernoulli(model, [x])
    joint = []
    for c in (0, 1):
        p = prior[c]
        for j, v in enumerate(X[0]):
            p *= phi[c][j] if v else 1 - phi[c][j]
        joint.append(p)
    total = joint[0] + joint[1]
    if total == 0:
        raise zero_over_zero(0, bernoulli_zero_factors(phi, X[0]))
    return joint[1] / total


def _log_joint(prior, X, log_factors):
    """log p(y) + the sum of ``log_factors(y, x)`` for every class y (y = 0, 1, or the codes
    0..k−1 of X-4's classes 1..k) and every x in X, summed in the order given; a None factor
    (log 0) makes the total −∞."""
    log_prior = [_log_or_none(p) for p in prior]
    minus_infinity = _minus_infinity(next((v for v in log_prior if v is not None), 0.0))
    out = []
    for x in X:
        row = []
        for c in range(len(prior)):
            total = log_prior[c]
            if total is None:  # an exact p(y) that rounds to 0.0: the class is impossible
                row.append(minus_infinity)
                continue
            for term in log_factors(c, x):
                if term is None:
                    total = minus_infinity
                    break
                total += term
            row.append(total)
        out.append(row)
    return out


def bernoulli_log_joint(model, X, *, n_jobs=-1):
    """NB-2: log p(x, y) = log p(y) + Σⱼ log p(x_j | y) for y = 0, 1 and every row of X,
    summed left to right; −∞ where some factor is 0 (only possible without smoothing).
    ``n_jobs`` (checked by ``parameters.n_jobs``): the cores the fast face may use; here serial.

    Shapes: model a BernoulliNB (from bernoulli_fit), X m×n binary (or m Documents).
    Returns: m×2: log p(x, y = 0), log p(x, y = 1)."""
    parameters.n_jobs(n_jobs)
    prior, phi, X = _bernoulli(model, X)
    tables = [[(_log_or_none(1 - p), _log_or_none(p)) for p in phi[c]] for c in (0, 1)]
    return _log_joint(prior, X, lambda c, x: (tables[c][j][v] for j, v in enumerate(x)))


def bernoulli_log_posterior(model, X, *, n_jobs=-1):
    """NB-2, NB-3: [log p(y=0 | x), log p(y=1 | x)] for every row, from the log joint by
    ``log_posterior`` (GEN-1); the 0/0 case raises ZeroOverZeroError naming the features.

    Shapes: model a BernoulliNB (from bernoulli_fit), X m×n binary (or m Documents).
    Returns: m×2: log p(y | x)."""
    parameters.n_jobs(n_jobs)
    _, phi, Xc = _bernoulli(model, X)
    return _posteriors(bernoulli_log_joint(model, X), lambda i: bernoulli_zero_factors(phi, Xc[i]))


def bernoulli_predict(model, X, *, n_jobs=-1):
    """NB-2: argmax_y p(x | y) p(y) per row (ties go to 0); 0/0 raises ZeroOverZeroError.

    Shapes: model a BernoulliNB (from bernoulli_fit), X m×n binary (or m Documents).
    Returns: m labels in {0, 1}."""
    parameters.n_jobs(n_jobs)
    prior, phi, Xc = _bernoulli(model, X)
    return _predict(prior, phi, Xc, lambda c, x: ((phi[c][j] if v else 1 - phi[c][j], 1) for j, v in enumerate(x)),
                    lambda: bernoulli_log_joint(model, X), lambda i: bernoulli_zero_factors(phi, Xc[i]))


# ---- NB-5: features with k_j values, and discretisation ---------------------------------------

def discretize(values, edges):
    """NB-5 (000 §2): the bin of each value for increasing edges e₀ < e₁ < ... < e_{K−1}:
    bin 0 is (−∞, e₀), bin b is [e_{b−1}, e_b), bin K is [e_{K−1}, ∞). The notes' living-area
    table is edges (400, 800, 1200, 1600): 890 sq ft falls in bin 2 (the notes' x_j = 3).

    Shapes: values m numbers, edges K increasing numbers.
    Returns: m bins in 0..K."""
    values = inputs.vector(values, "values")
    edges = inputs.vector(edges, "edges")
    for b in range(1, len(edges)):
        if not edges[b - 1] < edges[b]:
            raise error("increasing", name="edges", i=b - 1, low=show(edges[b - 1]), j=b,
                        high=show(edges[b]))
    out = []
    for v in values:
        lo, hi = 0, len(edges)
        while lo < hi:  # the number of edges <= v, by bisection
            mid = (lo + hi) // 2
            if edges[mid] <= v:
                lo = mid + 1
            else:
                hi = mid
        out.append(lo)
    return out


@dataclass(frozen=True, eq=False)
class CategoricalNB:
    """NB-5 (000 §2): x_j ∈ {0..k_j − 1} with p(x_j = v | y = c) = phi[c][j][v]; phi_y = p(y=1);
    value_count[c][j][v] = Σᵢ 1{x_j⁽ⁱ⁾ = v ∧ y⁽ⁱ⁾ = c}; class_count, k and alpha as fitted."""

    phi_y: Any
    phi: Any
    k: Any
    class_count: Any
    value_count: Any
    alpha: Any


def _categories(X, k, name="X"):
    """The categories of a model's k_j-valued features (0 <= X[i][j] < k_j)."""
    X = inputs.integer_matrix(X, name, int64=False)
    if len(X[0]) != len(k):
        raise error("model_features", name=name, m=len(X[0]), n=len(k))
    return inputs.check_categories(X, k, name)


def categorical_fit(X, y, k, alpha=1, sample_weight=None):
    """NB-5, NB-4 (000 §2, §2.1): p(x_j = v | y = c) = (Σᵢ 1{x_j⁽ⁱ⁾ = v ∧ y⁽ⁱ⁾ = c} + α) /
    (Σᵢ 1{y⁽ⁱ⁾ = c} + α k_j), a multinomial per feature and class; k is k_j per feature (or one
    int for all). With k_j = 2 this is the Bernoulli model (NB-2).
    X-2: with a ``sample_weight`` wᵢ per example every count Σᵢ 1{…} is Σᵢ wᵢ 1{…}, the prior's
    too (φ_y = Σᵢ wᵢ 1{y⁽ⁱ⁾ = 1} / Σᵢ wᵢ).

    Shapes: X m×n integers in 0..kⱼ−1, y m labels in {0, 1}, k n value counts (or one), alpha ≥
        0, sample_weight m or None.
    Returns: CategoricalNB(phi_y, phi, k, …)."""
    X = inputs.integer_matrix(X, "X", int64=False)
    k = inputs.category_sizes(k, len(X[0]))
    X = inputs.check_categories(X, k, "X")
    y = inputs.binary_labels(y, "y", module=__name__)
    inputs.same_length(X, y)
    alpha = _alpha(alpha)
    weight = inputs.sample_weights(sample_weight, X)
    class_count = _class_counts(y, weight)
    _smoothing_fits(max(class_count), alpha, max(k), "the class count")
    count = [[[0] * k_j for k_j in k] for _ in (0, 1)]
    for x, c, w in zip(X, y, _example_weights(weight, len(y))):
        for j, v in enumerate(x):
            count[c][j][v] += w
    phi = [[[(count[c][j][v] + alpha) / (class_count[c] + alpha * k[j]) for v in range(k[j])]
            for j in range(len(k))] for c in (0, 1)]
    one = alpha ** 0
    phi_y = _checked_prior(one * class_count[1] / _total(class_count, len(y), weight), weight)
    return CategoricalNB(phi_y, phi, k, class_count, count, alpha)


def model_list(value, name, length=None, what=None):
    """A sequence field of a model read once, as a list; of ``length`` entries when that is
    given (``what`` says why). Both faces read a CategoricalNB's tables with it."""
    if inputs.is_text(value) or not hasattr(value, "__iter__"):
        raise error("wrong_kind", name=name, what="a sequence", got=type(value).__name__)
    value = list(value)
    if length is not None and len(value) != length:
        raise ValueError(f"{name} has {len(value)} entries but {what}")
    return value


def class_tables(phi):
    """NB-5: a CategoricalNB's phi as the list of its two classes' tables, read once."""
    return model_list(phi, "model.phi", 2, "Naive Bayes has 2 classes (a table per y)")


def feature_tables(phi_c, c, features):
    """NB-5: the tables of class c of a CategoricalNB's phi, one per feature, read once."""
    return model_list(phi_c, f"model.phi[{c}]", features, f"model.k has {features} features")


def _categorical(model, X):
    """The prior, the tables phi[c][j] (one per class c = 0, 1 and feature j, of k_j
    probabilities each) and the categories X of a CategoricalNB, checked in that order."""
    phi_y = _check_model(model, CategoricalNB)
    if isinstance(model.k, numbers.Integral):
        raise error("model_k")
    k = inputs.category_sizes(model.k, None, "model.k")
    phi = []
    for c, phi_c in enumerate(class_tables(model.phi)):
        phi_c = feature_tables(phi_c, c, len(k))
        phi.append([_probabilities(p, f"model.phi[{c}][{j}]") for j, p in enumerate(phi_c)])
        for j, p in enumerate(phi[c]):
            if len(p) != k[j]:
                raise error("table_entries", c=c, j=j, n=len(p), k=k[j])
    X = _categories(X, k)
    return [1 - phi_y, phi_y], phi, X


def categorical_log_joint(model, X, *, n_jobs=-1):
    """NB-5: log p(x, y) = log p(y) + Σⱼ log p(x_j | y) per row and class; −∞ for a zero factor.

    Shapes: model a CategoricalNB (from categorical_fit), X m×n.
    Returns: m×2: log p(x, y = 0), log p(x, y = 1)."""
    parameters.n_jobs(n_jobs)
    prior, phi, X = _categorical(model, X)
    tables = [[[_log_or_none(p) for p in phi[c][j]] for j in range(len(phi[c]))] for c in (0, 1)]
    return _log_joint(prior, X, lambda c, x: (tables[c][j][v] for j, v in enumerate(x)))


def categorical_log_posterior(model, X, *, n_jobs=-1):
    """NB-5: [log p(y=0 | x), log p(y=1 | x)] per row (GEN-1 in log space); 0/0 is an error.

    Shapes: model a CategoricalNB (from categorical_fit), X m×n.
    Returns: m×2: log p(y | x)."""
    parameters.n_jobs(n_jobs)
    _, phi, Xc = _categorical(model, X)
    return _posteriors(categorical_log_joint(model, X), lambda i: categorical_zero_factors(phi, Xc[i]))


def categorical_predict(model, X, *, n_jobs=-1):
    """NB-5: argmax_y p(x | y) p(y) per row (ties go to 0).

    Shapes: model a CategoricalNB (from categorical_fit), X m×n.
    Returns: m labels in {0, 1}."""
    parameters.n_jobs(n_jobs)
    prior, phi, Xc = _categorical(model, X)
    return _predict(prior, phi, Xc, lambda c, x: ((phi[c][j][v], 1) for j, v in enumerate(x)),
                    lambda: categorical_log_joint(model, X), lambda i: categorical_zero_factors(phi, Xc[i]))


# ---- NB-6: the multinomial event model --------------------------------------------------------

@dataclass(frozen=True, eq=False)
class Documents:
    """NB-6: documents of any length as one flat sequence of token ids and m + 1 offsets:
    document i is tokens[offsets[i]:offsets[i + 1]] (offsets[0] = 0, offsets[m] = len(tokens)).

    With ``counts`` (one number >= 0 per token) a document is a bag of words: word tokens[p]
    occurs counts[p] times in document i for every p in offsets[i]..offsets[i + 1] − 1 (a count 0
    is no occurrence). The rows of a word-count matrix in CSR form are such documents:
    tokens = indices, offsets = indptr, counts = data. An integer count (an int, at most
    2⁶³ − 1) is counted exactly; a real count (a tf-idf weight, say) is a real "number of
    occurrences", and every sum of counts below is then a sum of reals.
    The multinomial event model reads only how often each word occurs (its likelihood does not
    depend on the order of the words), so a bag gives the estimates of its words written out,
    in time and memory that follow the number of entries, not the sum of the counts.

    ``vocabulary_size`` (optional): the number of words |V| the ids index (a CSR matrix's
    columns). The Bernoulli model needs it to read Documents as rows x ∈ {0, 1}ⁿ; where a
    function is given |V| otherwise (an argument, a model) the two must agree."""

    tokens: Any
    offsets: Any
    counts: Any = None
    vocabulary_size: Any = None


def pack_documents(documents):
    """NB-6: a sequence of token-id sequences as ``Documents`` (flat tokens plus offsets);
    ``Documents`` with counts stay bags (their entries checked, kept as given), and a
    vocabulary_size is kept (every id checked against it).

    Shapes: documents m sequences of token ids, or Documents.
    Returns: Documents(tokens, offsets[, counts, vocabulary_size])."""
    size = documents_vocabulary(documents) if isinstance(documents, Documents) else None
    if _is_bag(documents):
        tokens, offsets, counts = _bag_entries(documents, size, False)
        return Documents(tokens, offsets, counts, size)
    docs = _document_lists(documents, size)
    tokens, offsets = [], [0]
    for d in docs:
        tokens.extend(d)
        offsets.append(len(tokens))
    return Documents(tokens, offsets, None, size)


def _document_lists(documents, size=None, ignore_unknown=False, name="documents"):
    """The documents, ``Documents`` or a sequence of token-id sequences, as lists of int ids; with
    a vocabulary of ``size`` words, each id in 0..size−1 (others an error, or dropped when
    ``ignore_unknown``); errors name the argument ``name``."""
    if isinstance(documents, Documents):
        return inputs.packed_documents(documents.tokens, documents.offsets, name, size,
                                       ignore_unknown)
    return inputs.documents(documents, name, size, ignore_unknown)


def documents_vocabulary(documents, size=None, name="documents", required=False):
    """NB-2, NB-6: the number of words of ``Documents``: their ``vocabulary_size`` (a table
    size, at most MAX_TABLE_SIZE), which must be ``size`` (an argument's, or a model's) when both
    are given; ``size`` when they do not say (None when neither does, a TypeError if
    ``required``: the Bernoulli model reads Documents as rows x ∈ {0, 1}ⁿ and needs n)."""
    given = documents.vocabulary_size
    if given is None:
        if size is None and required:
            raise TypeError(f"{name}.vocabulary_size must be given for {name} as Documents: it is "
                            "the number of features n (a row lists the words that occur)")
        return size
    given = parameters.table_size(given, f"{name}.vocabulary_size")
    if size is not None and given != size:
        raise ValueError(f"{name}.vocabulary_size is {given} but the vocabulary has {size} words")
    return given


def _is_bag(documents):
    return isinstance(documents, Documents) and documents.counts is not None


def _word_counts(counts, n, name="documents"):
    """NB-6: the counts of a bag of words (``<name>.counts``), n numbers >= 0 read by
    ``inputs.real_counts``: an integer count as an int (at most 2⁶³ − 1, summed exactly), a real
    one (a tf-idf weight) as a finite real."""
    counts = inputs.real_counts(counts, f"{name}.counts", empty=True)
    if len(counts) != n:
        raise error("entries_and_length", name=f"{name}.counts", n=len(counts),
                    length_name=f"{name}.tokens", length=n)
    return counts


def _bag_entries(documents, size, ignore_unknown, name="documents"):
    """(tokens, offsets, counts) of ``Documents`` with counts, as lists of ints: tokens and
    offsets checked as the packed form is (vocabulary included), then the counts."""
    inputs.packed_documents(documents.tokens, documents.offsets, name, size, ignore_unknown)
    tokens = inputs.integers(documents.tokens, f"{name}.tokens", empty=True, int64=size is None)
    offsets = inputs.integers(documents.offsets, f"{name}.offsets")
    return tokens, offsets, _word_counts(documents.counts, len(tokens), name)


def _bags(documents, size=None, ignore_unknown=False, name="documents"):
    """NB-6: each document as its (word id, count) pairs. A document of token ids gives each of
    its words with count 1, in order; a bag (``Documents`` with counts) gives its entries with a
    count > 0 in the order stored, an id outside 0..size−1 dropped when ``ignore_unknown``."""
    if isinstance(documents, Documents):
        size = documents_vocabulary(documents, size, name)
    if not _is_bag(documents):
        return [[(t, 1) for t in d] for d in _document_lists(documents, size, ignore_unknown, name)]
    tokens, offsets, counts = _bag_entries(documents, size, ignore_unknown, name)
    bags = []
    for i in range(len(offsets) - 1):
        bag = []
        for p in range(offsets[i], offsets[i + 1]):
            if counts[p] > 0 and (size is None or 0 <= tokens[p] < size):
                bag.append((tokens[p], counts[p]))
        bags.append(bag)
    return bags


def _words(bag):
    """The words of a bag, each once, in order (what the 0/0 message names)."""
    return [t for t, _ in bag]


def _beyond_int64(total):
    """An integer sum of word counts past the int64 count table (real counts have no such table)."""
    return isinstance(total, numbers.Integral) and total > INT64_MAX


def class_words_beyond_int64(c):
    """NB-6: the error for a class whose documents hold more than 2⁶³ − 1 words in all, the
    largest count a table of word counts holds (both faces refuse it)."""
    return ValueError(f"the documents of class {c} hold more than 2**63 - 1 words in all: their "
                      "word counts do not fit the int64 count table")


@dataclass(frozen=True, eq=False)
class MultinomialNB:
    """NB-6 (000 §2.2): phi_y = p(y = 1); phi_k_y0[k] = p(x_j = k | y = 0), phi_k_y1[k] =
    p(x_j = k | y = 1) for every position j; class_count[c] documents of class c;
    word_count[c][k] = Σᵢ Σⱼ 1{x_j⁽ⁱ⁾ = k ∧ y⁽ⁱ⁾ = c}; total_words[c] = Σᵢ 1{y⁽ⁱ⁾ = c} nᵢ."""

    phi_y: Any
    phi_k_y0: Any
    phi_k_y1: Any
    class_count: Any
    word_count: Any
    total_words: Any
    alpha: Any


def multinomial_fit(documents, y, vocabulary_size, alpha=1, ignore_unknown=False, sample_weight=None):
    """NB-6 (000 §2.2; 002 §1.4.5): documents of nᵢ word ids x_j⁽ⁱ⁾ ∈ {0..|V|−1};
    φ_{k|y=c} = (Σᵢ Σⱼ 1{x_j⁽ⁱ⁾ = k ∧ y⁽ⁱ⁾ = c} + α) / (Σᵢ 1{y⁽ⁱ⁾ = c} nᵢ + α|V|),
    φ_y = Σᵢ 1{y⁽ⁱ⁾ = 1} / m. α = 1 is Laplace (+1, +|V|). Unsmoothed, a class without a single
    word has φ_{k|y} = 0/0 (ZeroOverZeroError). A bag of words (``Documents`` with counts)
    adds each entry's count at once: Σⱼ 1{x_j⁽ⁱ⁾ = k} is the count of word k in document i.
    X-2, real counts: a bag's counts may be any reals >= 0 (tf-idf weights); the estimate is the
    same formula with the sums of those counts in place of the integer counts, the maximum of
    the (smoothed) likelihood Πᵢ Π_k φ_{k|y⁽ⁱ⁾}^{x_k⁽ⁱ⁾} as for integer counts.
    X-2: with a ``sample_weight`` wᵢ per document each of its words counts wᵢ:
    φ_{k|y=c} = (Σᵢ wᵢ Σⱼ 1{x_j⁽ⁱ⁾ = k ∧ y⁽ⁱ⁾ = c} + α) / (Σᵢ wᵢ 1{y⁽ⁱ⁾ = c} nᵢ + α|V|),
    φ_y = Σᵢ wᵢ 1{y⁽ⁱ⁾ = 1} / Σᵢ wᵢ.

    Shapes: documents m sequences of token ids in 0..|V|−1 (or Documents, with counts or not),
        y m labels in {0, 1}, vocabulary_size |V|, alpha ≥ 0, sample_weight m or None.
    Returns: MultinomialNB(phi_y, phi_k_y0, phi_k_y1, …)."""
    size = parameters.table_size(vocabulary_size, "vocabulary_size")
    ignore_unknown = parameters.flag(ignore_unknown, "ignore_unknown")
    bags = _bags(documents, size, ignore_unknown)
    y = inputs.binary_labels(y, "y", module=__name__)
    if len(bags) != len(y):
        raise error("documents_and_entries", name="documents", n=len(bags), y_name="y", m=len(y))
    alpha = _alpha(alpha)
    weight = _document_weights(sample_weight, bags)
    class_count = _class_counts(y, weight)
    word_count = [[0] * size, [0] * size]
    total = [0, 0]
    for bag, c, w in zip(bags, y, _example_weights(weight, len(y))):
        for t, n in bag:
            word_count[c][t] += n * w
            total[c] += n * w
    for c in (0, 1):
        if weight is None and _beyond_int64(total[c]):
            raise class_words_beyond_int64(c)
    _smoothing_fits(max(total), alpha, size, CLASS_WORDS)
    for c in (0, 1):
        if total[c] + alpha * size == 0:
            raise no_words(c)
    phi = [[(word_count[c][k] + alpha) / (total[c] + alpha * size) for k in range(size)] for c in (0, 1)]
    one = alpha ** 0
    phi_y = _checked_prior(one * class_count[1] / _total(class_count, len(y), weight), weight)
    return MultinomialNB(phi_y, phi[0], phi[1], class_count, word_count, total, alpha)


def _document_weights(sample_weight, bags):
    """X-2: the weights of the documents, one per document, by ``inputs.sample_weights``."""
    return inputs.sample_weights(sample_weight, bags, x_name="documents", of=None)


CLASS_WORDS = "the number of words of a class"  # N of NB-6's denominator N + α|V|


def no_words(c):
    """NB-6: the ZeroOverZeroError of an unsmoothed class without words."""
    return ZeroOverZeroError(f"class {c} has no words and alpha = 0: every φ_(k|y={c}) is 0/0; "
                             "use Laplace smoothing (alpha > 0)")


def _multinomial_model(model):
    """(φ_y, [φ_{k|y=0}, φ_{k|y=1}]) of a checked MultinomialNB."""
    phi_y = _check_model(model, MultinomialNB)
    phi = [_probabilities(model.phi_k_y0, "model.phi_k_y0"),
           _probabilities(model.phi_k_y1, "model.phi_k_y1")]
    inputs.check_length(phi[1], "model.phi_k_y1", len(phi[0]), "model.phi_k_y0")
    return phi_y, phi


def _multinomial(model, documents, ignore_unknown):
    ignore_unknown = parameters.flag(ignore_unknown, "ignore_unknown")
    phi_y, phi = _multinomial_model(model)
    bags = _bags(documents, len(phi[0]), ignore_unknown)
    return [1 - phi_y, phi_y], phi, bags


def multinomial_likelihood(model, documents, y, ignore_unknown=False):
    """NB-6 (000 §2.2): L = Πᵢ (Πⱼ p(x_j⁽ⁱ⁾ | y⁽ⁱ⁾)) p(y⁽ⁱ⁾), exact for rational estimates; a
    word that occurs n times in a bag is the factor φ_{k|y}ⁿ."""
    prior, phi, bags = _multinomial(model, documents, ignore_unknown)
    y = inputs.binary_labels(y, "y", module=__name__)
    if len(bags) != len(y):
        raise error("documents_and_entries", name="documents", n=len(bags), y_name="y", m=len(y))
    total = 1
    for bag, c in zip(bags, y):
        for t, n in bag:
            total *= phi[c][t] ** n
        total *= prior[c]
    return total


def _multinomial_log_joint(prior, phi, bags):
    """log p(y) + Σ n·log φ_{k|y} over the (k, n) of each bag, in order (n = 1 for each word of
    a document of ids, so that the sum is Σⱼ log φ_{x_j|y} term by term)."""
    tables = [[_log_or_none(p) for p in phi[c]] for c in (0, 1)]
    return _log_joint(prior, bags, lambda c, bag: (None if tables[c][t] is None else n * tables[c][t]
                                                   for t, n in bag))


def multinomial_log_joint(model, documents, ignore_unknown=False, *, n_jobs=-1):
    """NB-6: log p(x, y) = log p(y) + Σⱼ log φ_{x_j|y} for y = 0, 1 and every document, summed
    in document order; −∞ when a word has φ_{k|y} = 0 (only without smoothing). A word that
    occurs n times in a bag adds n·log φ_{k|y} once.
    ``n_jobs`` (checked by ``parameters.n_jobs``): the cores the fast face may use; here serial.

    Shapes: model a MultinomialNB (from multinomial_fit), documents m sequences of token ids
        (or Documents).
    Returns: m×2: log p(x, y = 0), log p(x, y = 1)."""
    parameters.n_jobs(n_jobs)
    prior, phi, bags = _multinomial(model, documents, ignore_unknown)
    return _multinomial_log_joint(prior, phi, bags)


def multinomial_log_posterior(model, documents, ignore_unknown=False, *, n_jobs=-1):
    """NB-6: [log p(y=0 | x), log p(y=1 | x)] for every document (GEN-1 in log space).

    Shapes: model a MultinomialNB (from multinomial_fit), documents m sequences of token ids
        (or Documents).
    Returns: m×2: log p(y | x)."""
    parameters.n_jobs(n_jobs)
    prior, phi, bags = _multinomial(model, documents, ignore_unknown)
    return _posteriors(_multinomial_log_joint(prior, phi, bags),
                       lambda i: multinomial_zero_factors(phi, _words(bags[i])))


def multinomial_predict(model, documents, ignore_unknown=False, *, n_jobs=-1):
    """NB-6: argmax_y p(y) Πⱼ φ_{x_j|y} per document (ties go to 0).

    Shapes: model a MultinomialNB (from multinomial_fit), documents m sequences of token ids
        (or Documents).
    Returns: m labels in {0, 1}."""
    parameters.n_jobs(n_jobs)
    prior, phi, bags = _multinomial(model, documents, ignore_unknown)
    return _predict(prior, phi, bags, lambda c, bag: ((phi[c][t], n) for t, n in bag),
                    lambda: _multinomial_log_joint(prior, phi, bags),
                    lambda i: multinomial_zero_factors(phi, _words(bags[i])))


# ---- naive Bayes with k classes ----------------------------------------------------------
# Labels 1..k as softmax regression takes them (k the largest label, every class present); the
# class prior is the multinomial φ_j = p(y = j), never smoothed (as φ_y above); class j is row
# j − 1 of every table.

def no_class_of_k(j, k):
    """X-4: the ValueError of labels 1..k (k the largest) without class j, both faces'."""
    return ValueError(f"y has no examples of class {j} of 1..{k} (k is the largest label): "
                      f"p(y = {j}) = 0 and φ_(·|y={j}) has no data (naive Bayes needs every class)")


def too_few_classes(k):
    """X-4: the ValueError of labels with k < 2 classes, both faces'."""
    return ValueError(f"y has labels 1..{k}: naive Bayes with k classes needs k >= 2")


def _k_labels(y):
    """(the codes y − 1 ∈ {0..k−1}, the k class counts) of labels 1..k, every class present."""
    y = inputs.class_labels(y, float("inf"), "y", module=__name__)
    count = [0] * max(y)
    for c in y:
        count[c - 1] += 1
    check_k_counts(count)
    return [c - 1 for c in y], count


def _k_weighted(codes, count, weight):
    """X-2: the class totals Σᵢ wᵢ 1{y⁽ⁱ⁾ = j} (``count`` itself without weights), left to right;
    a class whose examples all weigh 0 is a class without examples."""
    if weight is None:
        return count
    total = [0] * len(count)
    for c, w in zip(codes, weight):
        total[c] += w
    check_k_counts(total)
    return total


def check_k_counts(count):
    """X-4: k >= 2 classes, each with an example (both faces)."""
    k = len(count)
    if k < 2:
        raise too_few_classes(k)
    for c in range(k):
        if count[c] == 0:
            raise no_class_of_k(c + 1, k)


def _k_priors(count, alpha):
    """φ_j = Σᵢ 1{y⁽ⁱ⁾ = j} / m, exact for an exact α (the scalar type follows α, as φ_y's);
    X-2: φ_j = Σᵢ wᵢ 1{y⁽ⁱ⁾ = j} / Σᵢ wᵢ for class totals of weights. m (or Σᵢ wᵢ) is the
    class totals summed left to right."""
    one = alpha ** 0
    m = count[0]
    for c in range(1, len(count)):
        m += count[c]
    return [one * c / m for c in count]


def _k_weighted_priors(count, alpha, weight):
    """The k priors, checked as a model's when they come from weights (X-2)."""
    phi = _k_priors(count, alpha)
    if weight is not None:
        check_weighted_priors(phi, 1)
    return phi


def check_k_priors(model, cls):
    """X-4: the model's φ, checked (both faces): a ``cls``, k >= 2 priors in [0, 1] summing to 1."""
    if not isinstance(model, cls):
        raise error("wrong_kind", name="model", what=f"a {cls.__name__}", got=type(model).__name__)
    return inputs.class_priors(model.phi, "model.phi", "naive Bayes")


def k_rows_mismatch(table, k):
    """X-4: the ValueError of a table without one row per class, both faces'."""
    return ValueError(f"model.{table} must have {k} rows, one per class (as model.phi)")


def _k_model(model, cls, table):
    """(φ, the k rows of ``table``) of a checked k-class model: k >= 2 priors in [0, 1] summing
    to 1, one row of probabilities per class, all of one length."""
    phi = check_k_priors(model, cls)
    rows = getattr(model, table)
    if inputs.is_text(rows) or not hasattr(rows, "__len__") or len(rows) != len(phi):
        raise k_rows_mismatch(table, len(phi))
    rows = [_probabilities(row, f"model.{table}[{c}]") for c, row in enumerate(rows)]
    for c in range(1, len(rows)):
        inputs.check_length(rows[c], f"model.{table}[{c}]", len(rows[0]), f"model.{table}[0]")
    return phi, rows


def _k_argmax(joints):
    """argmax_j of each row's log joint, as a label 1..k; ties go to the smallest label. A row
    that is −∞ for every class has no answer (0/0): None, for the caller to explain."""
    out = []
    for joint in joints:
        if all(_is_minus_infinity(v) for v in joint):
            out.append(None)
            continue
        out.append(linalg.first_argmax(joint) + 1)
    return out


def k_zero_over_zero(row, k):
    """X-4: the ZeroOverZeroError of a row impossible under every class, both faces'."""
    return ZeroOverZeroError(f"row {row}: p(x|y)p(y) = 0 for every class 1..{k}, so p(y | x) is "
                             "0/0 (000 §2.1); use Laplace smoothing (alpha > 0)")


def _k_posteriors(joints):
    out = []
    for i, joint in enumerate(joints):
        if all(_is_minus_infinity(v) for v in joint):
            raise k_zero_over_zero(i, len(joint))
        out.append(log_posterior(joint))
    return out


def _k_predict(joints):
    labels = _k_argmax(joints)
    for i, label in enumerate(labels):
        if label is None:
            raise k_zero_over_zero(i, len(joints[i]))
    return labels


@dataclass(frozen=True, eq=False)
class BernoulliClassesNB:
    """X-4 (extends NB-2): phi[j − 1] = p(y = j) for j = 1..k; phi_x[j − 1][l] =
    p(x_l = 1 | y = j); class_count[j − 1] = Σᵢ 1{y⁽ⁱ⁾ = j}, feature_count[j − 1][l] =
    Σᵢ 1{x_l⁽ⁱ⁾ = 1 ∧ y⁽ⁱ⁾ = j}; alpha the smoothing used."""

    phi: Any
    phi_x: Any
    class_count: Any
    feature_count: Any
    alpha: Any


def bernoulli_classes_fit(X, y, alpha=1, sample_weight=None):
    """X-4 (extends NB-2, NB-4, 000 §2-2.1): for labels y ∈ {1..k} and binary features,
    φ_j = Σᵢ 1{y⁽ⁱ⁾ = j} / m,
    φ_{l|y=j} = (Σᵢ 1{x_l⁽ⁱ⁾ = 1 ∧ y⁽ⁱ⁾ = j} + α) / (Σᵢ 1{y⁽ⁱ⁾ = j} + 2α).
    α = 1 is Laplace (+1, +2), α = 0 the maximum-likelihood estimates. k is the largest label;
    every class 1..k must occur. X may be ``Documents``, as for ``bernoulli_fit``.
    X-2: with a ``sample_weight`` wᵢ per example each count Σᵢ 1{…} is Σᵢ wᵢ 1{…}
    (φ_j = Σᵢ wᵢ 1{y⁽ⁱ⁾ = j} / Σᵢ wᵢ); every class needs an example of weight > 0.

    Shapes: X m×n binary features (or m Documents), y m labels in 1..k (k >= 2), alpha ≥ 0,
        sample_weight m or None.
    Returns: BernoulliClassesNB(phi (k), phi_x (k×n), …)."""
    X = _binary_rows(X)
    codes, class_count = _k_labels(y)
    inputs.same_length(X, codes)
    alpha = _alpha(alpha)
    weight = inputs.sample_weights(sample_weight, X)
    class_count = _k_weighted(codes, class_count, weight)
    k, n = len(class_count), len(X[0])
    _smoothing_fits(max(class_count), alpha, 2, "the class count")
    feature_count = [[0] * n for _ in range(k)]
    for x, c, w in zip(X, codes, _example_weights(weight, len(codes))):
        for l in range(n):
            feature_count[c][l] += x[l] * w
    phi_x = [[(feature_count[c][l] + alpha) / (class_count[c] + 2 * alpha) for l in range(n)]
             for c in range(k)]
    return BernoulliClassesNB(_k_weighted_priors(class_count, alpha, weight), phi_x, class_count,
                              feature_count, alpha)


def _bernoulli_classes(model, X):
    phi, rows = _k_model(model, BernoulliClassesNB, "phi_x")
    if isinstance(X, Documents):
        return phi, rows, _binary_rows(X, len(rows[0]))
    X = inputs.binary_matrix(X, "X")
    if len(X[0]) != len(rows[0]):
        raise error("model_features", name="X", m=len(X[0]), n=len(rows[0]))
    return phi, rows, X


def bernoulli_classes_log_joint(model, X, *, n_jobs=-1):
    """X-4: log p(x, y = j) = log φ_j + Σ_l log p(x_l | y = j) for j = 1..k and every row of X,
    summed left to right; −∞ where a factor is 0 (only without smoothing). ``n_jobs``: as in
    ``bernoulli_log_joint``.

    Shapes: model a BernoulliClassesNB, X m×n binary (or m Documents).
    Returns: m×k: log p(x, y = j) in column j − 1."""
    parameters.n_jobs(n_jobs)
    phi, rows, X = _bernoulli_classes(model, X)
    tables = [[(_log_or_none(1 - p), _log_or_none(p)) for p in row] for row in rows]
    return _log_joint(phi, X, lambda c, x: (tables[c][l][v] for l, v in enumerate(x)))


def bernoulli_classes_log_likelihood(model, X, y):
    """X-4: ℓ = Σᵢ log p(x⁽ⁱ⁾, y⁽ⁱ⁾) = Σᵢ [log φ_{y⁽ⁱ⁾} + Σ_l log p(x_l⁽ⁱ⁾ | y⁽ⁱ⁾)], in the
    precision of the model (mpf parameters give an mpf ℓ).

    Shapes: model a BernoulliClassesNB, X m×n binary, y m labels in 1..k.
    Returns: ℓ, a number (−∞ where some factor is 0)."""
    phi, rows, X = _bernoulli_classes(model, X)
    y = inputs.class_labels(y, len(phi), "y", module=__name__)
    inputs.same_length(X, y)
    return _k_log_likelihood(phi, rows, zip(X, y),
                             lambda row, x: ((p if v else 1 - p, 1) for p, v in zip(row, x)))


def _k_log_likelihood(phi, rows, examples, factors):
    """Σ over (x, y) of log φ_y + Σ n·log p over the (p, n) that ``factors(row of y, x)`` gives."""
    total = 0
    for x, label in examples:
        terms = [(phi[label - 1], 1)] + list(factors(rows[label - 1], x))
        for p, n in terms:
            if n == 0:
                continue
            if p == 0:
                return _minus_infinity(phi[0])
            total += n * (mpmath.log(p) if scalar.kind(p) == "mpf" else scalar.log(scalar.as_float(p)))
    return total


def bernoulli_classes_log_posterior(model, X, *, n_jobs=-1):
    """X-4 (GEN-1): log p(y = j | x) for j = 1..k and every row, from the log joint by
    ``log_posterior``; a row impossible under every class raises ZeroOverZeroError.

    Shapes: model a BernoulliClassesNB, X m×n binary (or m Documents).
    Returns: m×k: log p(y = j | x) in column j − 1."""
    return _k_posteriors(bernoulli_classes_log_joint(model, X, n_jobs=n_jobs))


def bernoulli_classes_predict(model, X, *, n_jobs=-1):
    """X-4: argmax_j log p(x, y = j) per row (ties go to the smallest label).

    Shapes: model a BernoulliClassesNB, X m×n binary (or m Documents).
    Returns: m labels in 1..k."""
    return _k_predict(bernoulli_classes_log_joint(model, X, n_jobs=n_jobs))


@dataclass(frozen=True, eq=False)
class MultinomialClassesNB:
    """X-4 (extends NB-6): phi[j − 1] = p(y = j) for j = 1..k; phi_words[j − 1][w] =
    p(x_t = w | y = j) for every position t; class_count[j − 1] documents of class j;
    word_count[j − 1][w] = how often word w occurs in them; total_words[j − 1] their words."""

    phi: Any
    phi_words: Any
    class_count: Any
    word_count: Any
    total_words: Any
    alpha: Any


def multinomial_classes_fit(documents, y, vocabulary_size, alpha=1, ignore_unknown=False,
                            sample_weight=None):
    """X-4 (extends NB-6, 000 §2.2): for labels y ∈ {1..k} and documents of word ids,
    φ_j = Σᵢ 1{y⁽ⁱ⁾ = j} / m,
    φ_{w|y=j} = (Σᵢ Σ_t 1{x_t⁽ⁱ⁾ = w ∧ y⁽ⁱ⁾ = j} + α) / (Σᵢ 1{y⁽ⁱ⁾ = j} nᵢ + α|V|).
    α = 1 is Laplace (+1, +|V|). Documents as for ``multinomial_fit`` (bags add their counts).
    X-2: with a ``sample_weight`` wᵢ per document each of its words counts wᵢ, and
    φ_j = Σᵢ wᵢ 1{y⁽ⁱ⁾ = j} / Σᵢ wᵢ.

    Shapes: documents m sequences of token ids in 0..|V|−1 (or Documents), y m labels in 1..k
        (k >= 2), vocabulary_size |V|, alpha ≥ 0, sample_weight m or None.
    Returns: MultinomialClassesNB(phi (k), phi_words (k×|V|), …)."""
    size = parameters.table_size(vocabulary_size, "vocabulary_size")
    ignore_unknown = parameters.flag(ignore_unknown, "ignore_unknown")
    bags = _bags(documents, size, ignore_unknown)
    codes, class_count = _k_labels(y)
    if len(bags) != len(codes):
        raise error("documents_and_entries", name="documents", n=len(bags), y_name="y", m=len(codes))
    alpha = _alpha(alpha)
    weight = _document_weights(sample_weight, bags)
    class_count = _k_weighted(codes, class_count, weight)
    k = len(class_count)
    word_count = [[0] * size for _ in range(k)]
    total = [0] * k
    for bag, c, w in zip(bags, codes, _example_weights(weight, len(codes))):
        for t, n in bag:
            word_count[c][t] += n * w
            total[c] += n * w
    for c in range(k):
        if weight is None and _beyond_int64(total[c]):
            raise class_words_beyond_int64(c + 1)
    _smoothing_fits(max(total), alpha, size, CLASS_WORDS)
    for c in range(k):
        if total[c] + alpha * size == 0:
            raise no_words(c + 1)
    phi_words = [[(word_count[c][w] + alpha) / (total[c] + alpha * size) for w in range(size)]
                 for c in range(k)]
    return MultinomialClassesNB(_k_weighted_priors(class_count, alpha, weight), phi_words,
                                class_count, word_count, total, alpha)


def _multinomial_classes(model, documents, ignore_unknown):
    ignore_unknown = parameters.flag(ignore_unknown, "ignore_unknown")
    phi, rows = _k_model(model, MultinomialClassesNB, "phi_words")
    return phi, rows, _bags(documents, len(rows[0]), ignore_unknown)


def multinomial_classes_log_joint(model, documents, ignore_unknown=False, *, n_jobs=-1):
    """X-4: log p(x, y = j) = log φ_j + Σ_t log φ_{x_t|y=j} for j = 1..k and every document, in
    document order (a word n times in a bag adds n·log φ_{w|y=j} once); −∞ where a word has
    φ_{w|y=j} = 0. ``n_jobs``: as in ``multinomial_log_joint``.

    Shapes: model a MultinomialClassesNB, documents m sequences of token ids (or Documents).
    Returns: m×k: log p(x, y = j) in column j − 1."""
    parameters.n_jobs(n_jobs)
    phi, rows, bags = _multinomial_classes(model, documents, ignore_unknown)
    tables = [[_log_or_none(p) for p in row] for row in rows]
    return _log_joint(phi, bags, lambda c, bag: (None if tables[c][t] is None else n * tables[c][t]
                                                 for t, n in bag))


def multinomial_classes_log_likelihood(model, documents, y, ignore_unknown=False):
    """X-4: ℓ = Σᵢ [log φ_{y⁽ⁱ⁾} + Σ_t log φ_{x_t⁽ⁱ⁾|y⁽ⁱ⁾}], in the precision of the model.

    Shapes: model a MultinomialClassesNB, documents m sequences of token ids, y m labels in 1..k.
    Returns: ℓ, a number (−∞ where some factor is 0)."""
    phi, rows, bags = _multinomial_classes(model, documents, ignore_unknown)
    y = inputs.class_labels(y, len(phi), "y", module=__name__)
    if len(bags) != len(y):
        raise error("documents_and_entries", name="documents", n=len(bags), y_name="y", m=len(y))
    return _k_log_likelihood(phi, rows, zip(bags, y), lambda row, bag: ((row[t], n) for t, n in bag))


def multinomial_classes_log_posterior(model, documents, ignore_unknown=False, *, n_jobs=-1):
    """X-4 (GEN-1): log p(y = j | x) for j = 1..k and every document.

    Shapes: model a MultinomialClassesNB, documents m sequences of token ids (or Documents).
    Returns: m×k: log p(y = j | x) in column j − 1."""
    return _k_posteriors(multinomial_classes_log_joint(model, documents, ignore_unknown, n_jobs=n_jobs))


def multinomial_classes_predict(model, documents, ignore_unknown=False, *, n_jobs=-1):
    """X-4: argmax_j log p(x, y = j) per document (ties go to the smallest label).

    Shapes: model a MultinomialClassesNB, documents m sequences of token ids (or Documents).
    Returns: m labels in 1..k."""
    return _k_predict(multinomial_classes_log_joint(model, documents, ignore_unknown, n_jobs=n_jobs))


# ---- the SMS Spam Collection: tokenizer, vocabulary, split ------------------------------------

TOKEN_PATTERN = re.compile(r"[a-z0-9]+|[£$€]")


def tokenize(message):
    """NB-6: the words of a message: lower-cased, a word is a maximal run of ASCII letters and
    digits, each of £ $ € is a word on its own, and everything else only separates words."""
    if not isinstance(message, str):
        raise error("wrong_kind", name="message", what="a str", got=type(message).__name__)
    return TOKEN_PATTERN.findall(message.lower())


def _iterable(value, name, what="word lists"):
    if inputs.is_text(value) or not hasattr(value, "__iter__"):
        raise error("iterable", name=name, what=what, got=type(value).__name__)


def build_vocabulary(token_lists, min_count=1):
    """NB-6 (000 §2 fn 2): the words that occur at least ``min_count`` times in total in the
    given (training) documents (any iterable of word lists, e.g. a generator), sorted in Python's string order, so that the id of a word is its
    place in that list ("a" comes before "aardvark", as in the notes' dictionary)."""
    min_count = parameters.positive_int(min_count, "min_count")
    _iterable(token_lists, "token_lists")
    counts = collections.Counter()
    for i, tokens in enumerate(token_lists):
        if inputs.is_text(tokens):
            raise error("word_list", i=i, got="a string")
        counts.update(tokens)
    return sorted(w for w, c in counts.items() if c >= min_count)


def encode(token_lists, vocabulary, ignore_unknown=False):
    """NB-6 (000 §2.2): each document (of any iterable of word lists) as the list of its word ids
    x_j ∈ {0..|V|−1}. A word not in the vocabulary is an error unless ``ignore_unknown`` (then
    it is dropped).

    Shapes: token_lists m lists of words, vocabulary a word → id mapping.
    Returns: m lists of token ids."""
    index = word_index(vocabulary)
    ignore_unknown = parameters.flag(ignore_unknown, "ignore_unknown")
    _iterable(token_lists, "token_lists")
    out = []
    for i, tokens in enumerate(token_lists):
        if inputs.is_text(tokens) or not hasattr(tokens, "__iter__"):
            raise error("word_list", i=i, got=type(tokens).__name__)
        if not isinstance(tokens, (list, tuple)):
            tokens = list(tokens)  # an iterator is read once, and may be read again below
        try:  # the common case, every word known, in one comprehension
            out.append([index[w] for w in tokens])
            continue
        except (KeyError, TypeError):
            pass
        ids = []
        for j, w in enumerate(tokens):
            k = _word_id(index, w, f"token_lists[{i}][{j}]")
            if k is None:
                if not ignore_unknown:
                    raise error("unknown_word", i=i, j=j, word=repr(w))
                continue
            ids.append(k)
        out.append(ids)
    return out


def vectorize(messages, min_count=1):
    """NB-6 (000 §2.2): from raw text to the notes' documents in one call: the vocabulary of the
    messages (the words of ``tokenize`` that occur at least ``min_count`` times in all, sorted
    as ``build_vocabulary`` sorts them) and each message as the ids of its words in order, the
    rarer words dropped: ``encode(map(tokenize, messages), vocabulary, ignore_unknown=True)``.

    Shapes: messages m str (any iterable; read once into a list here).
    Returns: (vocabulary |V| words, m lists of word ids)."""
    min_count = parameters.positive_int(min_count, "min_count")
    _iterable(messages, "messages", "str")
    messages = list(messages)
    for i, message in enumerate(messages):
        if not isinstance(message, str):
            raise error("wrong_kind", name=f"messages[{i}]", what="a str", got=type(message).__name__)
    vocabulary = build_vocabulary(map(tokenize, messages), min_count)
    return vocabulary, encode(map(tokenize, messages), vocabulary, ignore_unknown=True)


def word_index(vocabulary):
    """NB-6: {word: its id} for a vocabulary (any iterable of distinct, hashable words), the id of
    a word being its place in the vocabulary."""
    _iterable(vocabulary, "vocabulary", "words")
    words = list(vocabulary)
    try:  # the common case, distinct hashable words, in one comprehension
        index = {w: k for k, w in enumerate(words)}
        if len(index) == len(words):
            return index
    except TypeError:
        pass
    index = {}
    for k, w in enumerate(words):
        if _word_id(index, w, f"vocabulary[{k}]") is not None:
            raise ValueError(f"vocabulary has repeated words: vocabulary[{k}] is {w!r}, as "
                             f"vocabulary[{index[w]}]")
        index[w] = k
    return index


def _word_id(index, w, where):
    try:
        return index.get(w)
    except TypeError:  # unhashable
        raise error("unhashable_word", where=where, word=repr(w)) from None


def sms_spam_split():
    """The project's train/test split of the SMS Spam Collection (reference/data/sms_spam): in
    file order, message i (counted from 0) is a test message when i % 5 == 4, a training message
    otherwise: 4,460 training and 1,114 test messages, no randomness. Returns (train, test), each
    a list of (label, message) pairs in file order."""
    pairs = datasets.sms_spam()
    train = [p for i, p in enumerate(pairs) if i % 5 != 4]
    test = [p for i, p in enumerate(pairs) if i % 5 == 4]
    return train, test


@dataclass(frozen=True, eq=False)
class SpamCorpus:
    """The SMS data ready for NB-6: the vocabulary (sorted words), and for each split the
    documents as word-id lists and the labels (1 = spam, 0 = ham)."""

    vocabulary: Any
    train_documents: Any
    train_labels: Any
    test_documents: Any
    test_labels: Any


def sms_spam_corpus(min_count=1):
    """NB-6: ``sms_spam_split`` tokenized with ``tokenize``; the vocabulary is built from the
    training messages only (``build_vocabulary(min_count)``) and test words outside it are
    dropped, as a filter deployed on new messages would have to."""
    train, test = sms_spam_split()
    train_tokens = [tokenize(message) for _, message in train]
    vocabulary = build_vocabulary(train_tokens, min_count)
    return SpamCorpus(
        vocabulary,
        encode(train_tokens, vocabulary, ignore_unknown=True),
        [int(label == "spam") for label, _ in train],
        encode([tokenize(message) for _, message in test], vocabulary, ignore_unknown=True),
        [int(label == "spam") for label, _ in test],
    )


def spam_indicative_tokens(model, vocabulary, top=10):
    """NB-6: the ``top`` words with the largest log φ_{k|y=1} − log φ_{k|y=0} (most indicative of
    spam), as (word, log ratio) pairs. The order is decided on the ratio φ_{k|1}/φ_{k|0}, exactly
    for rational estimates; ties go to the word that sorts first."""
    _, (phi0, phi1) = _multinomial_model(model)
    top = parameters.positive_int(top, "top")
    if len(vocabulary) != len(phi0):
        raise ValueError(f"vocabulary has {len(vocabulary)} words but the model has {len(phi0)}")
    if any(p == 0 for p in phi0):
        raise ZeroOverZeroError("some φ_(k|y=0) is 0: the log ratio is infinite; fit with alpha > 0")
    ratio = [Fraction(a) / Fraction(b) if scalar.is_exact(a) and scalar.is_exact(b) else a / b
             for a, b in zip(phi1, phi0)]
    order = sorted(range(len(phi0)), key=lambda k: (-ratio[k], vocabulary[k]))[:top]
    logs = {k: _log_or_none(ratio[k]) for k in order}  # None: a ratio 0, or one that rounds to 0.0
    return [(vocabulary[k], float("-inf") if logs[k] is None else float(logs[k])) for k in order]
