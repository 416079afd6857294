"""Part IV §1, Bayes' rule, the Gaussian and GDA (GEN-1, MVN-1, GDA-1 … GDA-4): the notes' formulas
and the facts they state, against exact (Fraction) and 50-digit oracles and invariants, on the
reference and, where a test takes ``impl``, on both faces."""
import math
from fractions import Fraction

import numpy as np
from hypothesis import given, strategies as st

import cs229.fast.generative as F
import cs229.reference.generative as R
from cs229.testing import strategies as S


def close(a, b, rel=1e-12):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return np.allclose(a, b, rtol=rel, atol=rel * max(1.0, np.abs(b).max(initial=0.0)))


problems = S.gda_problems(max_features=4, max_rows=14)


# ---- GEN-1 ------------------------------------------------------------------------------------

@given(st.integers(2, 5).flatmap(lambda k: st.tuples(
    st.lists(S.rationals(0, 3, 6), min_size=k, max_size=k).filter(any), S.probability_vectors(k))))
def test_bayes_rule_exact_GEN_1(p):
    """GEN-1: p(y|x) = p(x|y)p(y)/p(x) sums to 1 exactly; the argmax needs no p(x)."""
    likelihoods, priors = p
    post = R.bayes_posterior(likelihoods, priors)
    assert sum(post) == 1
    assert R.evidence(likelihoods, priors) == sum(a * b for a, b in zip(likelihoods, priors))
    best = R.bayes_argmax(likelihoods, priors)
    assert post[best] == max(post) and all(post[y] < post[best] for y in range(best))
    logs = R.log_posterior([math.log(a * b) if a * b else -math.inf for a, b in zip(likelihoods, priors)])
    assert close([math.exp(v) for v in logs], [float(q) for q in post])


def test_log_posterior_does_not_overflow_GEN_1():
    post = R.log_posterior([-1e4, -1e4 - math.log(3)])
    assert close([math.exp(v) for v in post], [0.75, 0.25])


# ---- MVN-1 ------------------------------------------------------------------------------------

def test_mvn_matches_the_printed_formula_MVN_1():
    mu, Sigma, x = [1.0, -1.0], [[2.0, 0.5], [0.5, 1.0]], [0.3, 0.2]
    d = np.array(x) - mu
    printed = math.exp(-d @ np.linalg.solve(Sigma, d) / 2) / (2 * math.pi * math.sqrt(np.linalg.det(Sigma)))
    assert close(R.mvn_density(x, mu, Sigma), printed)
    assert close(F.mvn_density(x, mu, Sigma), printed)


@given(st.integers(1, 6).flatmap(lambda m: st.tuples(
    st.integers(1, 3).flatmap(lambda n: S.matrices(m, n)), S.probability_vectors(m))))
def test_covariance_definitions_agree_exactly_MVN_1(p):
    """MVN-1: E[(Z−EZ)(Z−EZ)ᵀ] = E[ZZᵀ] − EZ EZᵀ, symmetric and PSD; E[Z] = Σ p z."""
    Z, probabilities = p
    C = R.covariance(Z, probabilities)
    assert C == R.covariance_from_moments(Z, probabilities)
    assert all(C[i][j] == C[j][i] for i in range(len(C)) for j in range(len(C)))
    assert np.linalg.eigvalsh(np.array(C, dtype=float)).min() >= -1e-12
    assert R.expectation(Z, probabilities) == [sum(w * z[j] for w, z in zip(probabilities, Z)) for j in range(len(Z[0]))]
    assert R.covariance(Z) == R.covariance(Z, [Fraction(1, len(Z))] * len(Z))


# ---- GDA-1 ------------------------------------------------------------------------------------

@given(problems)
def test_gda_log_likelihood_is_maximal_at_the_estimates_GDA_1(p):
    X, y = S.to_float(p[0]), p[1]
    model = R.gda_fit(X, y)
    top = R.gda_log_likelihood(model, X, y)
    assert close(F.gda_log_likelihood(F.gda_fit(np.array(X), np.array(y)), np.array(X), np.array(y)), top)
    for scale in (0.9, 1.1):
        moved = R.GDAModel(model.phi, [v + 0.1 for v in model.mu0], model.mu1,
                           [[v * scale for v in row] for row in model.Sigma])
        assert R.gda_log_likelihood(moved, X, y) < top


# ---- GDA-2, GDA-3 -----------------------------------------------------------------------------

@given(problems)
def test_gda_theta_exact_part_GDA_3(p):
    """GDA-3: θ₁..ₙ = Σ⁻¹(μ₁ − μ₀) is exact for an exact fit."""
    X, y = p
    model = R.gda_fit(X, y)
    theta = R.gda_logistic_theta(model)
    from cs229.reference import linalg
    assert theta[1:] == linalg.solve(model.Sigma, [b - a for a, b in zip(model.mu0, model.mu1)])
    assert all(isinstance(t, Fraction) for t in theta[1:])


def test_decision_boundary_is_linear_GDA_2(impl):
    """GDA-2: the set p(y=1|x) = ½ is the hyperplane θᵀ(1, x) = 0; either side is one class."""
    rng = np.random.default_rng(1)
    X = rng.standard_normal((40, 2))
    y = (X[:, 0] + 0.5 * X[:, 1] + 0.3 * rng.standard_normal(40) > 0).astype(int)
    theta = np.array(R.gda_logistic_theta(R.gda_fit(X.tolist(), y.tolist())))
    model = impl.generative.gda_fit(impl.arg(X.tolist()), impl.arg(y.tolist()))
    t = np.linspace(-2, 2, 7)
    on = np.c_[t, -(theta[0] + theta[1] * t) / theta[2]]
    assert close(impl.out(impl.generative.gda_posterior(model, impl.arg(on.tolist()))), [0.5] * 7, rel=1e-10)
    normal = theta[1:] / np.linalg.norm(theta[1:])
    for side, label in ((1e-3, 1), (-1e-3, 0)):
        shifted = (on + side * normal).tolist()
        assert impl.out(impl.generative.gda_predict(model, impl.arg(shifted))) == [label] * 7


# ---- GDA-4 ------------------------------------------------------------------------------------

@given(S.probability_vectors(2), S.positive_rationals(), S.positive_rationals(), st.integers(0, 40))
def test_poisson_posterior_is_logistic_GDA_4(phi, lambda0, lambda1, x):
    phi = float(phi[1])
    lambda0, lambda1 = float(lambda0), float(lambda1)
    theta = R.poisson_logistic_theta(phi, lambda0, lambda1)
    z = theta[0] + theta[1] * x
    assert close(R.poisson_posterior(x, phi, lambda0, lambda1), 1 / (1 + math.exp(-z)), rel=1e-10)
    pmf = math.exp(R.poisson_log_pmf(x, lambda1))
    assert close(pmf, lambda1 ** x * math.exp(-lambda1) / math.factorial(x), rel=1e-10)
