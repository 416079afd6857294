"""Part II, logistic regression, the perceptron and Newton's method (LG-1 … LG-5, PC-1, NW-1, NW-2):
the notes' formulas and the facts they state, against exact (Fraction) and 50-digit oracles and
invariants, on the reference and, where a test takes ``impl``, on both faces."""
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from hypothesis import given

import cs229.fast.logistic_regression as F
import cs229.reference.logistic_regression as R
from cs229.reference.results import ConvergenceError
from cs229.testing import strategies as S


problems = S.classification_problems(max_rows=12, max_features=3)


def close(a, b, rel=1e-12):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return np.allclose(a, b, rtol=rel, atol=rel * max(1.0, np.abs(b).max(initial=0.0)))


# ---- LG-1: the sigmoid ----------------------------------------------------------------------------

EXTREMES = [-1e308, -1e300, -746.0, -745.0, -40.0, -1e-300, 0.0, 1e-300, 40.0, 710.0, 746.0, 1e300, 1e308]


def test_sigmoid_is_finite_bounded_and_monotone_for_every_float_LG_1(impl):
    g = [impl.logistic_regression.sigmoid(z) for z in EXTREMES]
    assert all(0.0 <= v <= 1.0 for v in g) and g == sorted(g)
    assert g[0] == 0.0 and g[-1] == 1.0 and g[6] == 0.5


def test_sigmoid_on_exact_and_mpf_LG_1():
    from cs229.reference.scalar import ExactResultError
    assert R.sigmoid(0) == Fraction(1, 2)
    with pytest.raises(ExactResultError):
        R.sigmoid(Fraction(1, 3))
    with mpmath.workdps(50):
        assert abs(R.sigmoid(mpmath.mpf(10) ** 5) - 1) < mpmath.mpf(10) ** -40


# ---- LG-3: the likelihood --------------------------------------------------------------------------

@given(problems)
def test_log_likelihood_is_log_of_likelihood_LG_3(p):
    with mpmath.workdps(40):
        X, y, theta = S.to_mpf(p)
        assert abs(mpmath.log(R.likelihood(X, y, theta)) - R.log_likelihood(X, y, theta)) < mpmath.mpf(10) ** -30


@pytest.mark.parametrize("z", [1e308, -1e308, 1e4, -1e4])
def test_log_likelihood_never_overflows_LG_3(impl, z):
    """ℓ for one example with θᵀx = z: −log(1 + e^(−z)) for y = 1, −log(1 + e^z) for y = 0."""
    X, theta = impl.arg([[1.0]]), impl.arg([z])
    for label, expected in ((1, -max(-z, 0.0)), (0, -max(z, 0.0))):
        got = impl.logistic_regression.log_likelihood(X, impl.arg([label]), theta)
        assert np.isfinite(got) and got <= 0 and abs(got - expected) <= 1e-300 + 1e-15 * abs(expected)


# ---- LG-4, LG-5: gradient ascent ----------------------------------------------------------------

def test_stochastic_update_moves_towards_the_label_LG_4(impl):
    """θ + α(y − h)x: for y = 1 the update raises θᵀx, for y = 0 it lowers it."""
    x, theta = impl.arg([1.0, 2.0]), impl.arg([0.0, 0.0])
    up = impl.out(impl.logistic_regression.stochastic_update(x, 1, theta, 0.5))
    down = impl.out(impl.logistic_regression.stochastic_update(x, 0, theta, 0.5))
    assert up == [0.25, 0.5] and down == [-0.25, -0.5]


@given(problems)
def test_gradient_ascent_converges_to_newton_LG_5_NW_2(p):
    X, y, _ = S.to_float(p)
    Xa = np.array(X)
    best = F.newton(Xa, y).theta
    alpha = 4 / np.linalg.eigvalsh(Xa.T @ Xa).max()  # h(1 − h) <= 1/4: a step below 2/L
    for fit in (F.batch_gradient_ascent(Xa, y, np.zeros(Xa.shape[1]), alpha, 500_000, tol=1e-14),
                R.batch_gradient_ascent(X, y, [0.0] * Xa.shape[1], alpha, 500_000, tol=1e-14)):
        assert fit.converged and close(fit.theta, best, rel=1e-6)


# ---- NW-2: Newton-Raphson --------------------------------------------------------------------------

@given(problems)
def test_newton_converges_quadratically_NW_2(p):
    X, y, _ = p
    with mpmath.workdps(60):
        fit = R.newton(S.to_mpf(X), y, tol=mpmath.mpf(10) ** -55, record=True)
        errors = [max(abs(a - b) for a, b in zip(t, fit.theta)) for t in fit.path[:-1]]
        ratios = [e1 / e0 ** 2 for e0, e1 in zip(errors, errors[1:]) if mpmath.mpf(10) ** -25 < e0 < 0.1]
        assert max(ratios, default=0) < 100
        assert fit.iterations <= 25


# ---- PC-1: the perceptron --------------------------------------------------------------------------

def test_predict_at_the_boundary_is_1_LG_1(impl):
    """h_θ(x) ≥ 1/2, i.e. θᵀx ≥ 0: on the boundary θᵀx = 0 the label is 1."""
    labels = impl.logistic_regression.predict(impl.arg([[1.0, 2.0], [-1.0, 1.0], [0.0, 1.0]]), impl.arg([1.0, 0.0]))
    assert list(labels) == [1, 0, 1]
    assert list(impl.logistic_regression.predict(impl.arg([[1.0, 2.0], [1.0, -1.0]]), impl.arg([0.0, 0.0]))) == [1, 1]
    assert list(impl.logistic_regression.predict(impl.arg([[1.0, 2.0], [1.0, -1.0]]), impl.arg([0.0, 0.5]))) == [1, 0]


def test_perceptron_update_and_threshold_PC_1(impl):
    mod = impl.logistic_regression
    assert mod.threshold(0.0) == 1 and mod.threshold(-1e-300) == 0
    x, theta = impl.arg([1.0, 2.0]), impl.arg([0.0, 0.0])
    assert impl.out(mod.perceptron_update(x, 1, theta, 0.5)) == [0.0, 0.0]  # θᵀx = 0 → h = 1: right
    assert impl.out(mod.perceptron_update(x, 0, theta, 0.5)) == [-0.5, -1.0]
    assert impl.out(mod.perceptron_update(x, 0, theta)) == [-1.0, -2.0]  # α defaults to 1


def test_gradient_ascent_defaults_LG_5_LG_4(impl):
    """Batch: max_iterations=10_000, tol=1e-10, average=False, record=False; stochastic: epochs=1,
    decay=0, record=False, converged None."""
    mod = impl.logistic_regression
    X, y, zero = impl.arg([[1.0, 0.5], [1.0, -1.0], [1.0, 2.0], [1.0, 0.0], [1.0, 1.5]]), impl.arg([1, 0, 1, 0, 0]), \
        impl.arg([0.0, 0.0])
    fit = mod.batch_gradient_ascent(X, y, zero, 0.1)
    explicit = mod.batch_gradient_ascent(X, y, zero, 0.1, max_iterations=10_000, tol=1e-10, average=False, record=False)
    assert (fit.iterations, fit.converged, fit.path) == (explicit.iterations, True, None) and fit.iterations > 100
    assert impl.out(fit.theta) == impl.out(explicit.theta)
    with pytest.raises(ConvergenceError) as e:
        mod.batch_gradient_ascent(X, y, zero, 1e-6)
    assert str(e.value) == ("batch gradient ascent did not converge in 10000 iterations (tol=1e-10); raise "
                            "max_iterations or alpha")
    step = mod.stochastic_gradient_ascent(X, y, zero, 0.1)
    assert (step.iterations, step.converged, step.path) == (1, None, None)
    theta = np.zeros(2)  # θ := θ + α (y − g(θᵀx)) x, example by example
    for x_i, y_i in zip(np.asarray(X, dtype=float), [1, 0, 1, 0, 0]):
        theta = theta + 0.1 * (y_i - 1 / (1 + np.exp(-theta @ x_i))) * x_i
    assert np.allclose(impl.out(step.theta), theta, rtol=1e-14, atol=0)
    explicit = mod.stochastic_gradient_ascent(X, y, zero, 0.1, epochs=1, order=[0, 1, 2, 3, 4], decay=0, record=False)
    assert impl.out(step.theta) == impl.out(explicit.theta)


def test_perceptron_on_non_separable_data_stops_at_its_cap_PC_1(impl):
    """XOR is not linearly separable: every epoch makes mistakes."""
    X = impl.arg([[1.0, 0.0, 0.0], [1.0, 0.0, 1.0], [1.0, 1.0, 0.0], [1.0, 1.0, 1.0]])
    with pytest.raises(ConvergenceError, match="did not converge within 25 epochs") as e:
        impl.logistic_regression.perceptron(X, impl.arg([0, 1, 1, 0]), max_epochs=25)
    mistakes = e.value.result.extra["mistakes"]
    assert len(mistakes) == 25 and min(mistakes) > 0 and e.value.result.converged is False


# ---- NW-1: Newton in one dimension -----------------------------------------------------------------

def test_newton_root_and_maximise_NW_1():
    import math
    root = R.newton_root(lambda t: math.cos(t) - t, lambda t: -math.sin(t) - 1, 1.0, record=True)
    assert abs(math.cos(root.theta) - root.theta) < 1e-15 and root.converged
    errors = [abs(t - root.theta) for t in root.path]
    assert all(e1 <= e0 ** 2 for e0, e1 in zip(errors[1:], errors[2:]) if e0 > 1e-8)
    # ℓ(θ) = −(θ − 2)² + 3: maximum at 2 in one step; the same rule minimises θ⁴ − θ at θ = 4^(−1/3)
    top = R.newton_maximise(lambda t: -2 * (t - 2), lambda t: -2.0, 10.0)
    assert top.theta == 2.0 and top.extra["second_derivative"] < 0
    low = R.newton_maximise(lambda t: 4 * t ** 3 - 1, lambda t: 12 * t ** 2, 1.0)
    assert abs(low.theta - 4 ** (-1 / 3)) < 1e-15 and low.extra["second_derivative"] > 0


def test_newton_root_exact_and_mpf_NW_1():
    """On rationals the iterates for √2 are the continued-fraction convergents 3/2, 17/12, 577/408."""
    with pytest.raises(ConvergenceError) as e:
        R.newton_root(lambda t: t * t - 2, lambda t: 2 * t, Fraction(1), max_iterations=3, tol=0, record=True)
    assert e.value.result.path == [1, Fraction(3, 2), Fraction(17, 12), Fraction(577, 408)]
    with mpmath.workdps(60):
        r = R.newton_root(lambda t: t * t - 2, lambda t: 2 * t, mpmath.mpf(1), tol=mpmath.mpf(10) ** -55)
        assert abs(r.theta - mpmath.sqrt(2)) < mpmath.mpf(10) ** -55


SQRT2 = (lambda t: t * t - 2, lambda t: 2 * t)  # from 1: 3/2, 17/12, 577/408, 665857/470832, ...


@pytest.mark.parametrize("shrink,iterations", [(1, 3), (Fraction(999_999, 1_000_000), 4)], ids=["at", "below"])
def test_newton_root_stops_when_the_step_is_within_tol_NW_1(shrink, iterations):
    """|Δθ| <= tol · (1 + |θ|) with the new θ: a tol that the third step meets with equality stops
    there; a tol a hair smaller stops one step later."""
    step, new = Fraction(17, 12) - Fraction(577, 408), Fraction(577, 408)
    tol = shrink * step / (1 + new)
    r = R.newton_root(*SQRT2, Fraction(1), max_iterations=6, tol=tol, record=True)  # exact: a cap
    assert (r.iterations, r.converged) == (iterations, True)
    assert r.path == [1, Fraction(3, 2), Fraction(17, 12), Fraction(577, 408), Fraction(665857, 470832)][:iterations + 1]
    assert r.theta == r.path[-1]
    m = R.newton_maximise(*SQRT2, Fraction(1), max_iterations=6, tol=tol, record=True)  # Newton on f = ℓ′
    assert (m.theta, m.iterations, m.converged, m.path) == (r.theta, iterations, True, r.path)
    assert m.extra == {"second_derivative": 2 * r.theta}


def test_newton_root_defaults_NW_1():
    """max_iterations=100, tol=1e-12, record=False; f(θ) = 0 exactly stops before a step."""
    r = R.newton_root(lambda t: t - 3, lambda t: 1.0, 0.0)
    assert (r.theta, r.iterations, r.converged, r.path) == (3.0, 1, True, None)
    m = R.newton_maximise(lambda t: t - 3, lambda t: 1.0, 0.0)
    assert (m.theta, m.iterations, m.converged, m.path) == (3.0, 1, True, None)
    for solve in (R.newton_root, R.newton_maximise):  # t² + 1 has no real zero: the iterates wander
        with pytest.raises(ConvergenceError) as e:
            solve(lambda t: t * t + 1, lambda t: 2 * t, 0.5)
        assert str(e.value) == "Newton's method did not converge in 100 iterations"
        assert (e.value.result.iterations, e.value.result.converged, e.value.result.path) == (100, False, None)
    with pytest.raises(ConvergenceError) as e:
        R.newton_root(lambda t: t * t + 1, lambda t: 2 * t, Fraction(1, 2), max_iterations=2, record=True)
    assert e.value.result.theta == Fraction(7, 24)  # θ − (θ² + 1)/(2θ): 1/2, −3/4, 7/24
    assert e.value.result.path == [Fraction(1, 2), Fraction(-3, 4), Fraction(7, 24)]


def test_log_likelihood_rounding_bound_is_over_every_term_LG_3():
    """The allowance Newton's damping gives ℓ's rounding is rounding_bound(m, Σᵢ|termᵢ|): the
    size of every term (each softplus > 0), not of the last one alone."""
    from cs229.reference import newton as newton_method, scalar
    X, y, theta = [[1.0], [1.0], [1.0]], [1, 0, 1], [0.5]
    terms = [scalar.softplus(-0.5), scalar.softplus(0.5), scalar.softplus(-0.5)]
    ell, bound = R._log_likelihood(X, y, theta)
    assert ell == -(terms[0] + terms[1] + terms[2])
    assert bound == newton_method.rounding_bound(3, terms[0] + terms[1] + terms[2]) > 0


# ---- L2 regularisation ------------------------------------------------------------------------

@given(S.separable_problems())
def test_penalised_newton_converges_on_separable_data_X_1(p):
    """X-1: separable data have no MLE (SeparableDataError) but a MAP for every λ > 0: Newton with
    lam converges there, in both faces, to θ̂ with ∇ℓ(θ̂) = λθ̂′; gradient ascent with lam
    raises no SeparableDataError either."""
    from hypothesis import assume
    from cs229.reference.results import SeparableDataError
    X, y, _ = p
    assume(0 < sum(y) < len(y))  # one label only: θ₀ is unpenalised, and it has no maximum
    Xf = S.to_float(X)
    with pytest.raises(SeparableDataError):
        R.newton(Xf, y)
    for face in (R, F):
        result = face.newton(np.array(Xf) if face is F else Xf, y, lam=1.0)
        assert result.converged
        g = R.gradient(Xf, y, list(result.theta))
        assert max(abs(g_j - (t if j else 0)) for j, (g_j, t) in enumerate(zip(g, result.theta))) < 1e-9
    for face in (R, F):
        try:
            face.batch_gradient_ascent(np.array(Xf) if face is F else Xf, y, [0.0] * len(X[0]), 0.01,
                                       50, tol=1e-12, lam=1.0)
        except ConvergenceError as e:
            assert not isinstance(e, SeparableDataError)


@pytest.mark.parametrize("penalize_intercept", [False, True])
def test_a_penalised_gradient_step_is_exact_X_1(penalize_intercept):
    """X-1: one step of batch gradient ascent on ℓ(θ) − (λ/2) Σ_{j≥first} θⱼ² is θ + α(∇ℓ − λθ′),
    θ′ = θ with θ₀ zeroed unless ``penalize_intercept``; at θ = (1, 1) every θᵀx is 0, so
    h = g(0) = 1/2 and the step is exact in Fractions."""
    X, y = [[Fraction(1), Fraction(-1)], [Fraction(2), Fraction(-2)]], [1, 0]
    theta, alpha, lam = [Fraction(1), Fraction(1)], Fraction(1, 10), Fraction(1, 2)
    first = 0 if penalize_intercept else 1
    step = [theta_j + alpha * (g_j - (lam * theta_j if j >= first else 0))
            for j, (theta_j, g_j) in enumerate(zip(theta, R.gradient(X, y, theta)))]
    result = R.batch_gradient_ascent(X, y, theta, alpha, max_iterations=1, tol=None, lam=lam,
                                     penalize_intercept=penalize_intercept)
    # ∇ℓ = Σᵢ (y⁽ⁱ⁾ − 1/2) x⁽ⁱ⁾ = (−1/2, 1/2), less λθ′ = (1/2 if θ₀ is penalised else 0, 1/2)
    assert result.theta == step == [Fraction(9, 10) if penalize_intercept else Fraction(19, 20), Fraction(1)]
