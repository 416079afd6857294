"""Properties of the multivariate normal and Gaussian discriminant analysis (000 §1.1-1.3; 002
§1.4.1): MVN-1, GDA-1 … GDA-3."""
import math
from fractions import Fraction

import numpy as np
from hypothesis import strategies as st

from .. import strategies as S
from . import Fitted, differential, invariant, normal, same

TOPIC = "generative"

mvn = S.mvn_problems()
gda = S.gda_problems(max_features=3, max_rows=12, max_cond=1e2)
# a fitted model queried at its training rows and at drawn points near them
covariances = st.integers(1, 4).flatmap(lambda n: st.one_of(
    S.spd_matrices(n), S.psd_matrices(n, max_rank=max(1, n - 1)), S.symmetric_matrices(n), S.square_matrices(n)))
queried = gda.flatmap(lambda p: st.tuples(st.just(p), st.lists(
    S.vectors(len(p[0][0]), S.rationals(-3, 3, 4)), min_size=1, max_size=4)))


def _floats(rows):
    return [[float(v) for v in row] for row in rows]


def _mvn_args(case):
    X, mu, Sigma = case
    return (_floats(X), S.to_float(mu), _floats(Sigma)), {}


def _mvn_one(case):
    (X, mu, Sigma), _ = _mvn_args(case)
    return (X[0], mu, Sigma), {}


def _fitted(case):
    X, y = case
    return Fitted("gda_fit", (_floats(X), list(y)))


def _model_args(case):
    (X, y), Q = case
    return (_fitted((X, y)), _floats(X) + _floats(Q)), {}


def _printed_log_density(x, mu, Sigma):
    """(000 §1.1) −(n/2) log 2π − ½ log|Σ| − ½ (x − μ)ᵀ Σ⁻¹ (x − μ), by LAPACK."""
    d = np.asarray(x, dtype=float) - np.asarray(mu, dtype=float)
    S_ = np.asarray(Sigma, dtype=float)
    return -len(d) / 2 * math.log(2 * math.pi) - np.linalg.slogdet(S_)[1] / 2 - d @ np.linalg.solve(S_, d) / 2


def _densities_are_the_printed_formula(values, case, options):
    """Each log p(x⁽ⁱ⁾) is the printed formula, and none exceeds the peak log p(μ) (MVN-1)."""
    (X, mu, Sigma), _ = _mvn_args(case)
    got = np.ravel(np.asarray(normal(values), dtype=float))
    printed = np.array([_printed_log_density(x, mu, Sigma) for x in X])
    peak = _printed_log_density(mu, mu, Sigma)
    tol = 1e-9 * np.maximum(1.0, np.abs(printed))
    if got.shape != printed.shape or not (np.abs(got - printed) <= tol).all() or (got > peak + 1e-9 * max(1.0, abs(peak))).any():
        return f"the printed −(n/2) log 2π − ½ log|Σ| − ½ (x − μ)ᵀΣ⁻¹(x − μ) = {printed.tolist()!r}, at most log p(μ) = {peak!r}"
    return None


def _density_is_the_exp(value, case, options):
    """p(x) = exp(log p(x)) > 0 of the printed formula (MVN-1)."""
    (X, mu, Sigma), _ = _mvn_args(case)
    expected = math.exp(_printed_log_density(X[0], mu, Sigma))
    v = float(value)
    return None if v > 0 and abs(v - expected) <= 1e-9 * expected else f"p(x) = {expected!r} > 0"


def _exact_mle(X, y):
    """φ, μ₀, μ₁, Σ of (000 §1.2) in exact arithmetic, from the drawn rationals."""
    m, n = len(X), len(X[0])
    count = [sum(1 for c in y if c == k) for k in (0, 1)]
    mu = [[sum((x[j] for x, c in zip(X, y) if c == k), Fraction(0)) / count[k] for j in range(n)] for k in (0, 1)]
    Sigma = [[sum(((x[j] - mu[c][j]) * (x[l] - mu[c][l]) for x, c in zip(X, y)), Fraction(0)) / m
              for l in range(n)] for j in range(n)]
    return Fraction(count[1], m), mu[0], mu[1], Sigma


def _estimates_are_the_mle(model, case, options):
    """φ = (1/m) Σ 1{y = 1}, μ_c the class means, Σ = (1/m) Σ (x − μ_y)(x − μ_y)ᵀ, within 1e-12 of
    their exact values; Σ symmetric positive definite (GDA-1)."""
    phi, mu0, mu1, Sigma = _exact_mle(*case)
    expected = {"phi": float(phi), "mu0": S.to_float(mu0), "mu1": S.to_float(mu1), "Sigma": _floats(Sigma)}
    got = normal(model)
    if not (isinstance(got, dict) and all(k in got and same(got[k], v, 1e-12) for k, v in expected.items())):
        return expected
    S_ = np.asarray(got["Sigma"], dtype=float)
    if not (np.array_equal(S_, S_.T) and np.linalg.eigvalsh(S_).min() > 0):
        return "Σ symmetric positive definite"
    return None


def _likelihood_is_maximal(value, case, options):
    """ℓ(φ, μ₀, μ₁, Σ) at the estimates is at least ℓ at moved parameters (GDA-1: the estimates
    maximise ℓ); the moved ℓ by the reference."""
    from cs229.reference.generative import GDAModel, gda_fit, gda_log_likelihood
    X, y = _floats(case[0]), list(case[1])
    top = float(value)
    best = gda_fit(X, y)
    moves = [GDAModel(0.9 * best.phi, best.mu0, best.mu1, best.Sigma),
             GDAModel(best.phi, [v + 0.1 for v in best.mu0], best.mu1, best.Sigma),
             GDAModel(best.phi, best.mu0, [v - 0.1 for v in best.mu1], best.Sigma),
             GDAModel(best.phi, best.mu0, best.mu1, [[v * 1.1 for v in row] for row in best.Sigma]),
             GDAModel(best.phi, best.mu0, best.mu1, [[v * 0.9 for v in row] for row in best.Sigma])]
    worse = [gda_log_likelihood(m, X, y) for m in moves]
    return None if all(top >= w - 1e-12 * max(1.0, abs(top)) for w in worse) else f"ℓ at the estimates >= ℓ at moved parameters {worse!r}"


def _theta(case):
    from cs229.reference.generative import gda_fit, gda_logistic_theta
    (X, y), _ = case
    return gda_logistic_theta(gda_fit(_floats(X), list(y)))


def _posterior_is_logistic(values, case, options):
    """p(y = 1 | x) = 1/(1 + exp(−θᵀx)) with x₀ = 1 and GDA-3's θ (the reference's), in [0, 1]."""
    theta = _theta(case)
    (_, Q), _ = _model_args(case)
    logistic = np.array([1 / (1 + math.exp(-(theta[0] + sum(t * v for t, v in zip(theta[1:], q))))) for q in Q])
    got = np.ravel(np.asarray(normal(values), dtype=float))
    if got.shape != logistic.shape or not ((got >= 0) & (got <= 1)).all() or not np.allclose(got, logistic, rtol=1e-9, atol=1e-12):
        return f"the logistic 1/(1 + exp(−θᵀx)) of GDA-3 = {logistic.tolist()!r}"
    return None


def _log_odds_are_linear(values, case, options):
    """log p(x, y = 1) − log p(x, y = 0) = θᵀx (x₀ = 1): the quadratic terms cancel (GDA-3)."""
    theta = _theta(case)
    (_, Q), _ = _model_args(case)
    J = np.asarray(normal(values), dtype=float)
    linear = np.array([theta[0] + sum(t * v for t, v in zip(theta[1:], q)) for q in Q])
    if J.shape != (len(Q), 2):
        return "m rows (log p(x, y = 0), log p(x, y = 1))"
    scale = 1e-9 * np.maximum(1.0, np.abs(J).max(axis=1))
    return None if (np.abs(J[:, 1] - J[:, 0] - linear) <= scale).all() else f"the log-odds θᵀx = {linear.tolist()!r}"


def _prediction_is_the_linear_boundary(labels, case, options):
    """Predict 1 exactly where θᵀx > 0 (p(y = 1 | x) > ½): the boundary is linear (GDA-2)."""
    theta = _theta(case)
    (_, Q), _ = _model_args(case)
    z = [theta[0] + sum(t * v for t, v in zip(theta[1:], q)) for q in Q]
    got = normal(labels)
    expected = [1 if v > 0 else 0 for v in z]
    if not isinstance(got, list) or len(got) != len(z) or any(
            g != e for g, e, v in zip(got, expected, z) if abs(v) > 1e-9):
        return f"1{{θᵀx > 0}} = {expected!r} (θᵀx = {z!r})"
    return None


def _theta_solves_the_normal_equations(theta, case, options):
    """Σ θ₁..ₙ = μ₁ − μ₀ and θ₀ = log(φ/(1 − φ)) − ½(μ₁ᵀΣ⁻¹μ₁ − μ₀ᵀΣ⁻¹μ₀), in exact arithmetic of
    the exact estimates (GDA-3), within 1e-10."""
    phi, mu0, mu1, Sigma = _exact_mle(*case)
    t = np.ravel(np.asarray(normal(theta), dtype=float))
    n = len(mu0)
    if t.shape != (n + 1,):
        return f"n + 1 = {n + 1} entries"
    w = np.linalg.solve(np.array(_floats(Sigma)), np.array(S.to_float(mu1)) - S.to_float(mu0))
    w0 = (math.log(phi / (1 - phi)) - (np.dot(S.to_float(mu1), w) + np.dot(S.to_float(mu0), w)) / 2)
    expected = np.concatenate([[w0], w])
    if not np.allclose(t, expected, rtol=1e-10, atol=1e-10 * max(1.0, np.abs(expected).max())):
        return expected.tolist()
    return None


PROPERTIES = [
    differential(TOPIC, "check_covariance", "MVN-1", covariances, arguments=lambda c: ((_floats(c),), {}),
                 doc="Σ symmetric positive definite, or the reference's error (not symmetric, singular, "
                     "not positive semi-definite)"),
    differential(TOPIC, "mvn_log_density", "MVN-1", mvn, arguments=_mvn_one,
                 doc="log p(x; μ, Σ) = −(n/2) log 2π − ½ log|Σ| − ½ (x − μ)ᵀΣ⁻¹(x − μ)"),
    differential(TOPIC, "mvn_log_densities", "MVN-1", mvn, arguments=_mvn_args,
                 doc="log p(x⁽ⁱ⁾; μ, Σ) for every row"),
    invariant(TOPIC, "mvn_log_densities", "MVN-1", "the_printed_formula", mvn, arguments=_mvn_args,
              holds=_densities_are_the_printed_formula,
              doc="log p(x) is the printed formula and at most the peak log p(μ) = −(n/2) log 2π − ½ log|Σ|"),
    differential(TOPIC, "mvn_density", "MVN-1", mvn, arguments=_mvn_one,
                 doc="p(x; μ, Σ) = (2π)^(−n/2) |Σ|^(−1/2) exp(−½ (x − μ)ᵀΣ⁻¹(x − μ))"),
    invariant(TOPIC, "mvn_density", "MVN-1", "positive_and_printed", mvn, arguments=_mvn_one,
              holds=_density_is_the_exp, doc="p(x) > 0 is the printed density"),
    differential(TOPIC, "gda_fit", "GDA-1", gda, arguments=lambda c: ((_floats(c[0]), list(c[1])), {}),
                 doc="φ = (1/m) Σ 1{y = 1}, μ_c = Σ 1{y = c} x / Σ 1{y = c}, Σ = (1/m) Σ (x − μ_y)(x − μ_y)ᵀ"),
    invariant(TOPIC, "gda_fit", "GDA-1", "maximum_likelihood_estimates", gda,
              arguments=lambda c: ((_floats(c[0]), list(c[1])), {}), holds=_estimates_are_the_mle,
              doc="φ, μ₀, μ₁, Σ are the closed-form MLE (exact within 1e-12); Σ symmetric positive definite"),
    differential(TOPIC, "gda_log_likelihood", "GDA-1", gda,
                 arguments=lambda c: ((_fitted(c), _floats(c[0]), list(c[1])), {}),
                 doc="ℓ = Σᵢ log p(x⁽ⁱ⁾ | y⁽ⁱ⁾) + log p(y⁽ⁱ⁾)"),
    invariant(TOPIC, "gda_log_likelihood", "GDA-1", "maximal_at_the_estimates", gda,
              arguments=lambda c: ((_fitted(c), _floats(c[0]), list(c[1])), {}), holds=_likelihood_is_maximal,
              doc="ℓ at the fitted φ, μ₀, μ₁, Σ is at least ℓ at moved parameters"),
    differential(TOPIC, "gda_log_joint", "GDA-2", queried, arguments=_model_args,
                 doc="log p(x | y) + log p(y), p(y) = φʸ(1 − φ)¹⁻ʸ, for y = 0, 1"),
    invariant(TOPIC, "gda_log_joint", "GDA-3", "log_odds_linear", queried, arguments=_model_args,
              holds=_log_odds_are_linear, doc="log p(x, 1) − log p(x, 0) = θᵀx (x₀ = 1)"),
    differential(TOPIC, "gda_posterior", "GDA-2", queried, arguments=_model_args,
                 doc="p(y = 1 | x) = p(x | 1)φ / (p(x | 1)φ + p(x | 0)(1 − φ))"),
    invariant(TOPIC, "gda_posterior", "GDA-3", "is_logistic", queried, arguments=_model_args,
              holds=_posterior_is_logistic, doc="p(y = 1 | x) = 1/(1 + exp(−θᵀx)), in [0, 1]"),
    differential(TOPIC, "gda_predict", "GDA-2", queried, arguments=_model_args, exact=True,
                 doc="argmax_y p(x | y)p(y), 0 on the boundary"),
    invariant(TOPIC, "gda_predict", "GDA-2", "linear_boundary", queried, arguments=_model_args,
              holds=_prediction_is_the_linear_boundary, doc="predict 1 exactly where θᵀx > 0"),
    differential(TOPIC, "gda_logistic_theta", "GDA-3", gda, arguments=lambda c: ((_fitted(c),), {}),
                 doc="θ₁..ₙ = Σ⁻¹(μ₁ − μ₀), θ₀ = log(φ/(1 − φ)) − ½(μ₁ᵀΣ⁻¹μ₁ − μ₀ᵀΣ⁻¹μ₀)"),
    invariant(TOPIC, "gda_logistic_theta", "GDA-3", "from_the_estimates", gda,
              arguments=lambda c: ((_fitted(c),), {}), holds=_theta_solves_the_normal_equations,
              doc="Σθ₁..ₙ = μ₁ − μ₀ and θ₀ = log(φ/(1 − φ)) − ½(μ₁ᵀΣ⁻¹μ₁ − μ₀ᵀΣ⁻¹μ₀)"),
]
