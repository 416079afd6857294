"""A student's Bernoulli Naive Bayes in numpy (000 §2, §2.1; 002 §1.4.3-1.4.4), written for
`cs229 conform`: Laplace's estimate and the fit, with the reference's names, signatures, model
record and 0/0 error."""
import numpy as np

from cs229.reference.naive_bayes import BernoulliNB, ZeroOverZeroError


def laplace_estimate(counts, alpha=1):
    """φⱼ = (cⱼ + α) / (Σ c + kα); α = 0 with no observations is 0/0."""
    counts = np.asarray(counts, dtype=float)
    total = counts.sum() + len(counts) * alpha
    if total == 0:
        raise ZeroOverZeroError("every count is 0 and alpha = 0")
    return (counts + alpha) / total


def bernoulli_fit(X, y, alpha=1):
    """φ_{j|y=c} = (Σᵢ 1{xⱼ⁽ⁱ⁾ = 1, y⁽ⁱ⁾ = c} + α) / (Σᵢ 1{y⁽ⁱ⁾ = c} + 2α), φ_y = Σᵢ 1{y⁽ⁱ⁾ = 1} / m."""
    X, y = np.asarray(X), np.asarray(y)
    class_count = np.array([np.sum(y == 0), np.sum(y == 1)])
    feature_count = np.array([X[y == 0].sum(axis=0), X[y == 1].sum(axis=0)])
    phi = (feature_count + alpha) / (class_count[:, None] + 2 * alpha)
    return BernoulliNB(class_count[1] / len(y), phi[0], phi[1], class_count, feature_count, alpha)
