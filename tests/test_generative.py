"""Part IV §1 and the introduction (GEN-1, MVN-1, GDA-1, GDA-2, GDA-3, GDA-4): fast against
reference, reference float against the exact and 50-digit oracles, and the facts the notes state."""
import json
import math
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import cs229.fast.generative as F
import cs229.reference.generative as R
from cs229 import cli
from cs229.testing import strategies as S
from cs229.reference.linalg import NotPositiveDefiniteError, SingularMatrixError


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


def test_zero_evidence_is_zero_over_zero_GEN_1():
    with pytest.raises(R.ZeroOverZeroError, match="0/0"):
        R.bayes_posterior([0, 0], [Fraction(1, 2), Fraction(1, 2)])
    with pytest.raises(R.ZeroOverZeroError, match="0/0"):
        R.log_posterior([-math.inf, -math.inf])
    assert R.log_posterior([-math.inf, -2.0]) == [-math.inf, 0.0]
    with pytest.raises(ValueError, match="likelihoods"):
        R.bayes_posterior([-1, 1], [Fraction(1, 2), Fraction(1, 2)])


def test_log_posterior_does_not_overflow_GEN_1():
    post = R.log_posterior([-1e4, -1e4 - math.log(3)])
    assert close([math.exp(v) for v in post], [0.75, 0.25])


# ---- MVN-1 ------------------------------------------------------------------------------------

@st.composite
def mvn_problems(draw):
    n = draw(st.integers(1, 4))
    X = draw(st.lists(S.vectors(n), min_size=1, max_size=6))
    return X, draw(S.vectors(n)), draw(S.spd_matrices(n))


@given(mvn_problems())
def test_mvn_log_density_fast_equals_reference_and_oracle_MVN_1(p):
    X, mu, Sigma = p
    Xf, muf, Sf = S.to_float(X), S.to_float(mu), S.to_float(Sigma)
    ref = R.mvn_log_densities(Xf, muf, Sf)
    assert close(F.mvn_log_densities(np.array(Xf), np.array(muf), np.array(Sf)), ref)
    assert close(F.mvn_log_density(Xf[0], muf, Sf), R.mvn_log_density(Xf[0], muf, Sf))
    assert close(F.mvn_density(Xf[0], muf, Sf), R.mvn_density(Xf[0], muf, Sf))
    with mpmath.workdps(40):
        oracle = R.mvn_log_densities(S.to_mpf(X), S.to_mpf(mu), S.to_mpf(Sigma))
    assert close(ref, [float(v) for v in oracle])
    # exact inputs are computed in float (the density is irrational)
    assert close(R.mvn_log_densities(X, mu, Sigma), ref)


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


def test_singular_sigma_names_the_dependent_features_MVN_1(impl):
    f = impl.generative
    with pytest.raises(SingularMatrixError, match=r"feature 1 is a linear combination of feature 0") as e:
        f.mvn_log_density(impl.arg([0.0, 0.0]), impl.arg([0.0, 0.0]), impl.arg([[1.0, 2.0], [2.0, 4.0]]))
    assert e.value.features == [0, 1]
    with pytest.raises(SingularMatrixError, match="feature 1 has zero variance"):
        f.mvn_log_density(impl.arg([0.0, 0.0]), impl.arg([0.0, 0.0]), impl.arg([[1.0, 0.0], [0.0, 0.0]]))
    with pytest.raises(NotPositiveDefiniteError, match="not positive semi-definite"):
        f.mvn_log_density(impl.arg([0.0, 0.0]), impl.arg([0.0, 0.0]), impl.arg([[1.0, 2.0], [2.0, 1.0]]))
    with pytest.raises(ValueError, match="not symmetric"):
        f.mvn_log_density(impl.arg([0.0, 0.0]), impl.arg([0.0, 0.0]), impl.arg([[1.0, 0.5], [0.0, 1.0]]))


# ---- GDA-1 ------------------------------------------------------------------------------------

@given(problems)
def test_gda_fit_exact_and_fast_equals_reference_GDA_1(p):
    """GDA-1: exact Fraction estimates; the float reference and the one-pass fast fit agree with them."""
    X, y = p
    exact = R.gda_fit(X, y)
    assert isinstance(exact.phi, Fraction) and exact.phi == Fraction(sum(y), len(y))
    Xf = S.to_float(X)
    ref = R.gda_fit(Xf, y)
    fast = F.gda_fit(np.array(Xf), np.array(y))
    for a, b in ((fast, ref), (ref, exact)):
        assert close(a.phi, float(b.phi))
        assert close(a.mu0, S.to_float(b.mu0)) and close(a.mu1, S.to_float(b.mu1))
        assert close(a.Sigma, S.to_float(b.Sigma))
    assert np.array_equal(fast.Sigma, np.asarray(fast.Sigma).T)


def test_gda_fast_blocks_agree_with_reference_on_many_rows_GDA_1():
    """More rows than one block of the one-pass fit, far from the origin: the pairwise merge keeps
    the cancellation of Σxxᵀ − mμμᵀ out (a naive one-pass sum loses ~8 digits here)."""
    rng = np.random.default_rng(4)
    X = 1e4 + rng.standard_normal((5000, 3)) @ [[1.0, 0.3, 0.0], [0.0, 1.0, 0.2], [0.0, 0.0, 0.5]]
    y = (rng.random(5000) < 0.35).astype(int)
    ref = R.gda_fit(X.tolist(), y.tolist())
    fast = F.gda_fit(X, y)
    assert close(fast.Sigma, ref.Sigma, rel=1e-10)
    assert close(fast.mu0, ref.mu0) and close(fast.mu1, ref.mu1)


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


def test_a_class_with_no_examples_is_refused_GDA_1(impl):
    X = impl.arg([[1.0, 2.0], [2.0, 1.0], [3.0, 5.0]])
    with pytest.raises(ValueError, match="no examples of class 1"):
        impl.generative.gda_fit(X, impl.arg([0.0, 0.0, 0.0]))
    with pytest.raises(ValueError, match=r"y\[1\] is 2"):
        impl.generative.gda_fit(X, impl.arg([0.0, 2.0, 1.0]))


def test_singular_gda_sigma_names_dependent_features_GDA_1(impl):
    rng = np.random.default_rng(0)
    A = rng.integers(-5, 5, (12, 2)).astype(float)
    X = np.c_[A, A[:, 0] * 3 - A[:, 1] + 7]  # feature 2 depends on features 0 and 1
    y = np.arange(12) % 2
    with pytest.raises(SingularMatrixError, match="within each class") as e:
        impl.generative.gda_fit(impl.arg(X.tolist()), impl.arg(y.tolist()))
    assert e.value.features == [0, 1, 2]
    with pytest.raises(SingularMatrixError, match="feature 0 has zero variance within each class"):
        impl.generative.gda_fit(impl.arg([[1.0, 2.0], [1.0, 3.0], [2.0, 4.0], [2.0, 1.0]]),
                                impl.arg([0, 0, 1, 1]))


@pytest.mark.parametrize("Sigma", [[[5e-324, 0.0], [0.0, 5e-324]], [[1e-310, 0.0], [0.0, 1e-310]],
                                   [[1e-300, 0.0, 0.0], [0.0, 1e-300, 0.0], [0.0, 0.0, 1e-300]]],
                         ids=["least-subnormal", "subnormal", "tiny-3"])
def test_a_density_too_large_for_float_is_the_same_error_in_both_faces_MVN_1(Sigma):
    """A subnormal Σ: log p(x) is finite, p(x) is not; both faces raise OverflowError naming Σ
    (the reference once raised math's bare "math range error", the fast face returned inf)."""
    n = len(Sigma)
    with pytest.raises(OverflowError) as r:
        R.mvn_density([0.0] * n, [0.0] * n, Sigma)
    with pytest.raises(OverflowError) as f:
        F.mvn_density(np.zeros(n), np.zeros(n), np.array(Sigma))
    assert str(r.value) == str(f.value)
    assert str(r.value).startswith(f"mvn_density: p(x) = exp({R.mvn_log_density([0.0] * n, [0.0] * n, Sigma):.6g}) "
                                   "overflows: Sigma is so close to singular")


def test_a_density_just_inside_float_is_the_same_number_in_both_faces_MVN_1():
    Sigma = [[1e-308]]
    assert R.mvn_density([0.0], [0.0], Sigma) == F.mvn_density(np.zeros(1), np.zeros(1), np.array(Sigma))


# ---- GDA-2, GDA-3 -----------------------------------------------------------------------------

def logistic_at_50_digits(theta, q):
    """GDA-3's form 1 / (1 + exp(−θᵀ(1, x))) at 50 digits (θ of a nearly singular Σ makes
    θᵀx beyond ±709, where float exp overflows), then rounded to float."""
    with mpmath.workdps(50):
        z = mpmath.mpf(theta[0]) + mpmath.fsum(mpmath.mpf(t) * mpmath.mpf(v) for t, v in zip(theta[1:], q))
        return float(1 / (1 + mpmath.exp(-z)))


@given(problems, st.lists(st.lists(S.rationals(), min_size=4, max_size=4), min_size=1, max_size=5))
@example(  # a 4-point fit with Σ = 1/256: θ₁ = 256, so θᵀx = −1056 at x = −4 (math.exp overflowed)
    ([[Fraction(0)], [Fraction(1, 8)], [Fraction(1)], [Fraction(9, 8)]], [0, 0, 1, 1]),
    [[Fraction(-4), Fraction(0), Fraction(0), Fraction(0)], [Fraction(4), Fraction(0), Fraction(0), Fraction(0)]])
def test_gda_posterior_fast_reference_and_logistic_form_GDA_2_GDA_3(p, queries):
    X, y = S.to_float(p[0]), p[1]
    n = len(X[0])
    Q = [S.to_float(q[:n]) for q in queries]
    ref_model = R.gda_fit(X, y)
    fast_model = F.gda_fit(np.array(X), np.array(y))
    ref = R.gda_posterior(ref_model, Q)
    assert close(F.gda_posterior(fast_model, np.array(Q)), ref, rel=1e-10)
    assert close(F.gda_log_joint(fast_model, np.array(Q)), R.gda_log_joint(ref_model, Q), rel=1e-10)
    theta = R.gda_logistic_theta(ref_model)
    assert close(F.gda_logistic_theta(fast_model), theta, rel=1e-10)
    logistic = [logistic_at_50_digits(theta, q) for q in Q]
    assert close(ref, logistic, rel=1e-9)
    decided = [1 if h > 0.5 else 0 for h in logistic]
    got = R.gda_predict(ref_model, Q)
    margin = [abs(theta[0] + np.dot(theta[1:], q)) for q in Q]
    fast_got = F.gda_predict(fast_model, np.array(Q))
    assert all(g == d == f for g, d, f, mg in zip(got, decided, fast_got, margin) if mg > 1e-9)


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


def test_poisson_bad_parameters_GDA_4():
    with pytest.raises(ValueError, match="phi"):
        R.poisson_logistic_theta(1.0, 1.0, 2.0)
    with pytest.raises(ValueError, match="lambda0"):
        R.poisson_posterior(2, 0.5, 0.0, 2.0)
    with pytest.raises(ValueError, match="x must be >= 0"):
        R.poisson_log_pmf(-1, 2.0)
    with pytest.raises(ValueError, match="x is 1.5: expected an integer"):
        R.poisson_log_pmf(1.5, 2.0)
    with pytest.raises(TypeError, match="x"):
        R.poisson_log_pmf("1", 2.0)


# ---- the audit of Part IV ---------------------------------------------------------------------

PART_IV = ["GEN-1", "MVN-1", "GDA-1", "GDA-3", "GDA-4", "NB-1", "NB-2", "NB-3", "NB-4", "NB-6"]


@pytest.mark.slow  # the whole of Part IV's audit
def test_audit_part_IV_passes_and_lists_every_row(capsys):
    code = cli.main(["audit", "--part", "IV", "--json", "--quiet", "--examples", "4"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0, [c for c in report["checks"] if c["verdict"] != "pass"]
    assert {c["id"] for c in report["checks"]} >= set(PART_IV) and not report["uncovered"]
    # the slips of Part IV the audit reports: MVN-1 (a singular Σ has no density), NB-2 (Neto's "if
    # the word j is spam" for the e-mail), NB-4 (φᵢ ≠ 0 for all values of j), NB-6 (p(xⱼ⁽ⁱ⁾|y) for
    # p(xⱼ⁽ⁱ⁾|y⁽ⁱ⁾))
    assert {e["id"] for e in report["errata"]} == {"MVN-1", "NB-2", "NB-4", "NB-6"}
    sms = [c for c in report["checks"] if c["kind"] == "reproduction" and c["id"] == "NB-6"]
    assert sms and "accuracy" in sms[0]["detail"] and "claim" in sms[0]["detail"]


# ---- two bad arguments: both faces name the same one first ------------------------------------

from bad_pairs import check_pair, pairs  # noqa: E402
from test_bad_input_generative import TABLE as BAD_INPUT  # noqa: E402


@settings(max_examples=150)
@given(pairs(BAD_INPUT))
def test_two_bad_arguments_get_the_same_error_in_both_faces(case):
    """Every function of the topic's bad-input table, two arguments bad at once (a bad
    parameter of the table, or an array NaN, empty, None, a string, one dimension too deep):
    the same error type and words in both faces."""
    check_pair(BAD_INPUT, *case)
