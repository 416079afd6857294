"""Probabilities from an SVM's decision values, as libsvm computes them: Platt's sigmoid fitted by
the Newton method of Lin, Lin and Weng (2007), and the pairwise coupling of Wu, Lin and Weng
(2004, method 2) for k classes. These extend 000 Part V, whose SVM gives only a sign."""
import warnings

import numpy as np
from scipy.special import expit
from sklearn.exceptions import ConvergenceWarning

__all__ = ["sigmoid_fit", "sigmoid_probability", "pairwise_coupling", "MIN_PROBABILITY"]

# libsvm clips each pair's probability into [1e-7, 1 − 1e-7] before the coupling
MIN_PROBABILITY = 1e-7


def _cross_entropy(f, t, A, B):
    """Σᵢ −tᵢ log pᵢ − (1 − tᵢ) log(1 − pᵢ) with pᵢ = 1/(1 + exp(Afᵢ + B)), written as
    Σᵢ tᵢzᵢ + log(1 + exp(−zᵢ)), zᵢ = Afᵢ + B, which does not overflow for any z."""
    z = A * f + B
    return float(np.sum(t * z + np.logaddexp(0.0, -z)))


def sigmoid_fit(f, positive, max_iterations=100, min_step=1e-10, sigma=1e-12, eps=1e-5):
    """Platt's sigmoid P(y = 1 | f) = 1/(1 + exp(Af + B)) fitted to the decision values f of the
    examples (``positive`` True where y = 1) by Newton's method with backtracking (Lin, Lin and
    Weng 2007, libsvm's ``sigmoid_train``).

    The targets are Platt's prior-corrected ones, t = (N₊ + 1)/(N₊ + 2) for y = 1 and
    1/(N₋ + 2) for y = −1, which keep A and B finite on separable decision values; the Hessian
    gets σI added so that it stays positive definite. Returns (A, B)."""
    f = np.asarray(f, dtype=float)
    positive = np.asarray(positive, dtype=bool)
    n_positive = int(positive.sum())
    n_negative = len(f) - n_positive
    t = np.where(positive, (n_positive + 1.0) / (n_positive + 2.0), 1.0 / (n_negative + 2.0))
    A, B = 0.0, float(np.log((n_negative + 1.0) / (n_positive + 1.0)))
    value = _cross_entropy(f, t, A, B)
    for _ in range(max_iterations):
        z = A * f + B
        p, q = expit(-z), expit(z)  # p = P(y = 1 | f), q = 1 − p
        d2 = p * q
        h11, h22, h21 = sigma + np.sum(f * f * d2), sigma + np.sum(d2), np.sum(f * d2)
        d1 = t - p
        g1, g2 = np.sum(f * d1), np.sum(d1)
        if abs(g1) < eps and abs(g2) < eps:
            return A, B
        det = h11 * h22 - h21 * h21
        dA, dB = -(h22 * g1 - h21 * g2) / det, -(-h21 * g1 + h11 * g2) / det
        slope = g1 * dA + g2 * dB
        step = 1.0
        while step >= min_step:
            new_A, new_B = A + step * dA, B + step * dB
            new_value = _cross_entropy(f, t, new_A, new_B)
            if new_value < value + 1e-4 * step * slope:  # Armijo's sufficient decrease
                A, B, value = float(new_A), float(new_B), new_value
                break
            step /= 2.0
        if step < min_step:
            # no step decreases the cross-entropy: A, B are a minimum to rounding, as libsvm keeps them
            return A, B
    warnings.warn(f"Platt's sigmoid: Newton's method reached its cap of {max_iterations} steps before "
                  f"the gradient fell below {eps:g}; the last A, B are kept", ConvergenceWarning,
                  stacklevel=3)
    return A, B


def sigmoid_probability(f, A, B):
    """1/(1 + exp(Af + B)) for every decision value f (libsvm's ``sigmoid_predict``)."""
    return expit(-(A * np.asarray(f, dtype=float) + B))


def pairwise_coupling(r):
    """The class probabilities p (n, k) from the pairwise ones r (n, k, k), rᵢⱼ ≈ P(y = i | y ∈
    {i, j}), rⱼᵢ = 1 − rᵢⱼ: Wu, Lin and Weng's method 2 (libsvm's ``multiclass_probability``),
    min ½pᵀQp over the simplex with Qₜₜ = Σ_{j≠t} rⱼₜ², Qₜⱼ = −rⱼₜrₜⱼ, by coordinate steps from
    p = 1/k until every |(Qp)ₜ − pᵀQp| < 0.005/k (at most max(100, k) sweeps). Each row of r is
    solved on its own; the rows are only stepped together."""
    r = np.asarray(r, dtype=float)
    n, k = r.shape[0], r.shape[1]
    rt = np.swapaxes(r, 1, 2)  # rt[:, t, j] = r[:, j, t]
    Q = -rt * r
    diagonal = np.sum(rt * rt, axis=2) - np.einsum("nii,nii->ni", r, r)
    Q[:, np.arange(k), np.arange(k)] = diagonal
    p = np.full((n, k), 1.0 / k)
    eps = 0.005 / k
    open_ = np.arange(n)
    for _ in range(max(100, k)):
        Qp = np.einsum("ntj,nj->nt", Q[open_], p[open_])
        pQp = np.sum(p[open_] * Qp, axis=1)
        done = np.max(np.abs(Qp - pQp[:, None]), axis=1) < eps
        open_, Qp, pQp = open_[~done], Qp[~done], pQp[~done]
        if len(open_) == 0:
            return p
        Qo, po = Q[open_], p[open_]
        for t in range(k):
            diff = (-Qp[:, t] + pQp) / Qo[:, t, t]
            po[:, t] += diff
            pQp = (pQp + diff * (diff * Qo[:, t, t] + 2 * Qp[:, t])) / (1 + diff) / (1 + diff)
            Qp = (Qp + diff[:, None] * Qo[:, t, :]) / (1 + diff)[:, None]
            po /= (1 + diff)[:, None]
        p[open_] = po
    warnings.warn(f"pairwise coupling: {len(open_)} row(s) not within {eps:g} after {max(100, k)} "
                  f"sweeps; their last p is kept", ConvergenceWarning, stacklevel=3)
    return p
