"""Part IV §1, Bayes' rule, the Gaussian and GDA (GEN-1, MVN-1, GDA-1 … GDA-4): the fast face
against the reference on the same input: the same iterates where the order of operations is the
same, the same answer to rounding otherwise, the same verdicts."""
from fractions import Fraction

import mpmath
import numpy as np
from hypothesis import example, given, strategies as st

import cs229.fast.generative as F
import cs229.reference.generative as R
from cs229.testing import strategies as S

from tests.generative.test_formulas import close, problems


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


def _fit_or_error(fit, *args):
    try:
        return fit(*args)
    except ValueError as e:
        return type(e), str(e)


@given(problems, st.data())
def test_weighted_gda_fit_exact_float_and_fast_agree_X_2(p, data):
    """X-2 on GDA-1 and X-3 (the labels y + 1): Hypothesis-drawn rational weights in [0, 3], some
    0; the float reference and the fast face agree with the exact weighted fit, or give its
    error word for word where a class's weights are all 0 (an exactly singular Σ is left to
    rounding in float64)."""
    X, y = p
    weight = data.draw(st.lists(st.one_of(st.just(Fraction(0)), S.rationals(0, 3)), min_size=len(y),
                                max_size=len(y)).filter(any))
    Xf, wf = S.to_float(X), S.to_float(weight)
    for fit, labels, fields in ((R.gda_fit, y, ("phi", "mu0", "mu1", "Sigma")),
                                (R.gda_classes_fit, [c + 1 for c in y], ("phi", "mu", "Sigma"))):
        exact = _fit_or_error(fit, X, labels, weight)
        ref = _fit_or_error(fit, Xf, labels, wf)
        fast = _fit_or_error(getattr(F, fit.__name__), np.array(Xf), np.array(labels), np.array(wf))
        if isinstance(exact, tuple):
            if exact[0] is R.SingularMatrixError:
                continue  # exactly singular: in float64 rounding decides (w·x / w need not be x)
            assert ref == exact and fast == exact
            continue
        for name in fields:
            b = np.array(getattr(exact, name), dtype=float)
            assert close(getattr(ref, name), b, rel=1e-10) and close(getattr(fast, name), b, rel=1e-10)


def test_weighted_gda_fast_blocks_agree_with_reference_on_many_rows_X_2():
    """X-2 over many blocks of the fast face's one-pass fit, far from the origin, with real
    weights (a fifth of them 0): the weighted pairwise merge agrees with the reference's
    two-pass sums, for two classes and for four."""
    rng = np.random.default_rng(9)
    X = 1e4 + rng.standard_normal((5000, 3)) @ [[1.0, 0.3, 0.0], [0.0, 1.0, 0.2], [0.0, 0.0, 0.5]]
    weight = rng.uniform(0.0, 4.0, 5000) * (rng.random(5000) > 0.2)
    y = (rng.random(5000) < 0.35).astype(int)
    ref, fast = R.gda_fit(X.tolist(), y.tolist(), weight.tolist()), F.gda_fit(X, y, weight)
    assert close(fast.phi, ref.phi) and close(fast.Sigma, ref.Sigma, rel=1e-10)
    assert close(fast.mu0, ref.mu0) and close(fast.mu1, ref.mu1)
    yk = rng.integers(1, 5, 5000)
    ref, fast = R.gda_classes_fit(X.tolist(), yk.tolist(), weight.tolist()), F.gda_classes_fit(X, yk, weight)
    assert close(fast.phi, ref.phi) and close(fast.Sigma, ref.Sigma, rel=1e-10) and close(fast.mu, ref.mu)


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
