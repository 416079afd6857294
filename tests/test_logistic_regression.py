"""Part II (LG-1 … LG-5, PC-1, NW-1, NW-2): fast against reference (the same iterates where the
order of operations is the same), the reference against 50-digit runs of itself, and the
invariants the notes state."""
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cs229.fast.logistic_regression as F
import cs229.reference.logistic_regression as R
from cs229.testing import strategies as S
from cs229.reference import linalg
from cs229.reference.results import ConvergenceError, SeparableDataError

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


@given(st.floats(-800, 800))
def test_sigmoid_fast_equals_reference_and_symmetry_LG_1(z):
    assert F.sigmoid(z) == R.sigmoid(z)
    assert abs(R.sigmoid(z) + R.sigmoid(-z) - 1) <= 2 ** -52
    with mpmath.workdps(40):
        exact = 1 / (1 + mpmath.exp(-mpmath.mpf(z)))
        assert abs(R.sigmoid(z) - exact) <= 2 ** -52 * exact + 2 ** -1074  # subnormals: absolute spacing


def test_sigmoid_on_exact_and_mpf_LG_1():
    from cs229.reference.scalar import ExactResultError
    assert R.sigmoid(0) == Fraction(1, 2)
    with pytest.raises(ExactResultError):
        R.sigmoid(Fraction(1, 3))
    with mpmath.workdps(50):
        assert abs(R.sigmoid(mpmath.mpf(10) ** 5) - 1) < mpmath.mpf(10) ** -40


# ---- LG-3: the likelihood --------------------------------------------------------------------------

@given(problems)
def test_closed_forms_agree_LG_1_3_4_NW_2(p):
    X, y, theta = S.to_float(p)
    Xa, ya, ta = np.array(X), np.array(y, dtype=float), np.array(theta)
    assert close(F.probabilities(Xa, ta), R.probabilities(X, theta))
    assert list(F.predict(Xa, ta)) == R.predict(X, theta)
    assert close(F.log_likelihood(Xa, ya, ta), R.log_likelihood(X, y, theta))
    assert close(F.likelihood(Xa, ya, ta), R.likelihood(X, y, theta))
    assert np.array_equal(F.gradient(Xa, ya, ta), R.gradient(X, y, theta))
    assert close(F.hessian(Xa, ya, ta), R.hessian(X, y, theta), rel=1e-11)
    assert F.hypothesis(Xa[0], ta) == R.hypothesis(X[0], theta)
    assert F.is_separated(Xa, ya, ta) == R.is_separated(X, y, theta)


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


# ---- LG-4, LG-5: gradient ascent (the same iterates as the reference: cs229.testing.properties) --

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
def test_newton_fast_matches_reference_and_50_digits_NW_2(p):
    X, y, _ = p
    ref = R.newton(S.to_float(X), y, record=True)
    fast = F.newton(np.array(S.to_float(X)), y, record=True)
    assert fast.iterations == ref.iterations and close(fast.theta, ref.theta, rel=1e-10)
    with mpmath.workdps(50):
        exact = R.newton(S.to_mpf(X), y, tol=mpmath.mpf(10) ** -45).theta
        assert max(abs(g) for g in R.gradient(S.to_mpf(X), y, exact)) < mpmath.mpf(10) ** -40
    assert close(ref.theta, [float(v) for v in exact], rel=1e-9)


@given(problems)
def test_newton_converges_quadratically_NW_2(p):
    X, y, _ = p
    with mpmath.workdps(60):
        fit = R.newton(S.to_mpf(X), y, tol=mpmath.mpf(10) ** -55, record=True)
        errors = [max(abs(a - b) for a, b in zip(t, fit.theta)) for t in fit.path[:-1]]
        ratios = [e1 / e0 ** 2 for e0, e1 in zip(errors, errors[1:]) if mpmath.mpf(10) ** -25 < e0 < 0.1]
        assert max(ratios, default=0) < 100
        assert fit.iterations <= 25


def test_newton_on_separable_data_says_the_mle_does_not_exist_LG_3_NW_2(impl):
    X = impl.arg([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0], [1.0, 3.0]])
    y = impl.arg([0, 0, 1, 1])
    mod = impl.logistic_regression
    for fit in (lambda: mod.newton(X, y), lambda: mod.batch_gradient_ascent(X, y, impl.arg([0.0, 0.0]), 0.5)):
        with pytest.raises(mod.SeparableDataError, match="separable") as e:
            fit()
        assert mod.is_separated(X, y, e.value.result.theta)
        assert isinstance(e.value, ConvergenceError)


def test_newton_on_one_class_says_the_mle_does_not_exist_LG_3(impl):
    with pytest.raises(impl.logistic_regression.SeparableDataError):
        impl.logistic_regression.newton(impl.arg([[1.0, 0.5], [1.0, 2.0], [1.0, -1.0]]), impl.arg([1, 1, 1]))


def test_singular_hessian_is_refused_NW_2(impl):
    X = impl.arg([[1.0, 1.0, 2.0], [1.0, 2.0, 4.0], [1.0, 3.0, 6.0], [1.0, 0.0, 0.0], [1.0, 2.0, 4.0]])
    with pytest.raises(linalg.SingularMatrixError, match="Hessian") as e:
        impl.logistic_regression.newton(X, impl.arg([0, 1, 0, 1, 1]))
    assert e.value.column == 2


def test_newton_cap_is_reported_NW_2(impl):
    X = impl.arg([[1.0, 0.5], [1.0, -1.0], [1.0, 2.0], [1.0, 0.0], [1.0, 0.0]])
    with pytest.raises(ConvergenceError, match="did not converge in 1 iterations"):
        impl.logistic_regression.newton(X, impl.arg([1, 0, 1, 0, 1]), max_iterations=1)


# ---- PC-1: the perceptron --------------------------------------------------------------------------

@given(S.separable_problems(max_rows=14), st.sampled_from([1, 0.5]), st.randoms(use_true_random=False))
def test_perceptron_same_iterates_and_separates_PC_1(p, alpha, rnd):
    X, y, _ = p
    order = list(range(len(X)))
    rnd.shuffle(order)
    exact = R.perceptron(X, y, alpha=Fraction(alpha), order=order, max_epochs=10_000)
    assert exact.converged and R.is_separated(X, y, exact.theta) or all(
        (linalg.dot(x, exact.theta) >= 0) == (v == 1) for x, v in zip(X, y))
    Xf = S.to_float(X)
    ref = R.perceptron(Xf, y, alpha=alpha, order=order, max_epochs=10_000, record=True)
    fast = F.perceptron(np.array(Xf), np.array(y), alpha=alpha, order=np.array(order), max_epochs=10_000,
                        record=True)
    assert np.array_equal(fast.path, np.array(ref.path))
    assert fast.extra["mistakes"] == ref.extra["mistakes"] and fast.extra["mistakes"][-1] == 0


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


def test_perceptron_defaults_and_words_PC_1(impl):
    """theta=None is 0, alpha=1, max_epochs=1000, order 0..m−1, record=False; the cap names the
    mistakes of the last epoch and carries the last θ and the record."""
    perceptron = impl.logistic_regression.perceptron
    X = impl.arg([[1.0, 0.0, 0.0], [1.0, 0.0, 1.0], [1.0, 1.0, 0.0], [1.0, 1.0, 1.0]])
    fit = perceptron(X, impl.arg([0, 1, 1, 1]))
    explicit = perceptron(X, impl.arg([0, 1, 1, 1]), impl.arg([0.0, 0.0, 0.0]), alpha=1, max_epochs=1000,
                          order=[0, 1, 2, 3], record=False)
    assert (fit.iterations, fit.converged, fit.path, fit.extra) == (4, True, None, {"mistakes": [2, 2, 1, 0]})
    assert impl.out(fit.theta) == impl.out(explicit.theta) == [-1.0, 1.0, 1.0]
    with pytest.raises(ConvergenceError) as e:
        perceptron(X, impl.arg([0, 1, 1, 1]), max_epochs=3, record=True)
    assert str(e.value) == ("the perceptron did not converge within 3 epochs (1 mistakes in the last): the data "
                            "may not be linearly separable")
    r = e.value.result
    assert (r.iterations, r.converged, len(r.path), r.extra) == (3, False, 4, {"mistakes": [2, 2, 1]})
    assert impl.out(r.theta) == impl.out(r.path[-1])
    with pytest.raises(ConvergenceError) as e:  # XOR
        perceptron(X, impl.arg([0, 1, 1, 0]))
    assert str(e.value).startswith("the perceptron did not converge within 1000 epochs (4 mistakes")
    assert (e.value.result.iterations, e.value.result.path) == (1000, None)
    # the zero start in X's type, from x⁽¹⁾ whatever its shape
    assert impl.out(perceptron(impl.arg([[0.0, 1.0], [1.0, 1.0], [2.0, 1.0]]), impl.arg([0, 1, 1])).theta) == [1.0, -1.0]
    assert impl.out(perceptron(impl.arg([[-1.0]]), impl.arg([0])).theta) == [1.0]


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


def test_newton_words_and_zero_start_NW_2(impl):
    """Separation, a singular Hessian and the cap, each named whole; the zero start is made in
    X's type from x⁽¹⁾ whatever its shape."""
    newton = impl.logistic_regression.newton
    with pytest.raises(SeparableDataError) as e:
        newton(impl.arg([[1.0, -2.0], [1.0, -1.0], [1.0, 1.0], [1.0, 2.0]]), impl.arg([0, 0, 1, 1]))
    assert str(e.value) == (
        "Newton's method: the data are linearly separable (the iterate of step 1 classifies every example "
        "correctly), so the likelihood approaches 1 as ‖θ‖ grows and no maximum likelihood θ exists; regularise, "
        "or use the perceptron for a separating θ")
    assert e.value.result.iterations == 1
    with pytest.raises(linalg.SingularMatrixError) as e:
        newton(impl.arg([[1.0, 1.0, 2.0], [1.0, 2.0, 4.0], [1.0, 3.0, 6.0], [1.0, 5.0, 10.0]]), impl.arg([1, 0, 1, 0]))
    assert str(e.value) == ("Newton's method: the Hessian H = −XᵀWX is singular at iteration 1: column 2 of X is "
                            "2 × column 1, on the examples that carry weight")
    X = impl.arg([[1.0, 0.5], [1.0, -1.0], [1.0, 2.0], [1.0, 0.0], [1.0, 1.5]])
    with pytest.raises(ConvergenceError) as e:
        newton(X, impl.arg([1, 0, 1, 0, 0]), max_iterations=1)
    assert str(e.value) == ("Newton's method did not converge in 1 iterations (tol=1e-10); if ‖θ‖ keeps growing "
                            "the data are nearly separable and the MLE may not exist")
    one_column = newton(impl.arg([[1.0]] * 3), impl.arg([1, 0, 0]))
    assert np.allclose(impl.out(one_column.theta), [np.log(0.5)], rtol=1e-12, atol=0)  # g(θ) = 1/3
    X0, y0 = [[0.0, 1.0], [1.0, 1.0], [2.0, 1.0], [1.5, 1.0], [0.5, 1.0]], [1, 0, 1, 0, 1]
    default = newton(impl.arg(X0), impl.arg(y0))
    zero = newton(impl.arg(X0), impl.arg(y0), impl.arg([0.0, 0.0]))
    assert default.converged and impl.out(default.theta) == impl.out(zero.theta)
    with pytest.raises(SeparableDataError):  # one example: any θ with θᵀx of its sign separates
        newton(impl.arg([[1.0]]), impl.arg([1]))


def test_batch_gradient_ascent_divergence_names_alpha_LG_5(impl):
    with pytest.raises(ConvergenceError) as e:
        impl.logistic_regression.batch_gradient_ascent(impl.arg([[1.0, 1e154], [1.0, -1e154], [1.0, 1e154]]),
                                                       impl.arg([1, 0, 0]), impl.arg([0.0, 0.0]), 1e300)
    assert str(e.value) == ("batch gradient ascent diverged at iteration 1: θ is no longer finite (alpha=1e+300 is "
                            "too large)")
    assert (e.value.result.iterations, e.value.result.converged) == (0, False)


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


@pytest.mark.parametrize("case", ["flat", "diverged"])
def test_newton_root_failures_carry_the_last_iterate_NW_1(case):
    if case == "flat":  # f = (θ − 1)² + 1 from 0: θ₁ = 1, where f′ = 0
        f, f_prime, message = (lambda t: (t - 1) ** 2 + 1, lambda t: 2 * (t - 1),
                               "Newton's method: f′(θ) = 0 at θ = 1.0 (the tangent is flat and has no zero)")
        path = [0.0, 1.0]
        result = (1.0, 1, False)
    else:  # θ₁ = 0 − 1e308/1e-10 overflows
        f, f_prime, message = (lambda t: 1e308, lambda t: 1e-10, "Newton's method diverged at iteration 1")
        path = [0.0, float("-inf")]
        result = (0.0, 0, False)
    with pytest.raises(ConvergenceError) as e:
        R.newton_root(f, f_prime, 0.0, record=True)
    assert str(e.value) == message
    r = e.value.result
    assert (r.theta, r.iterations, r.converged) == result and r.path == path


@pytest.mark.parametrize("kwargs,error,message", [
    (dict(theta="a"), TypeError, "theta is 'a': expected a real number"),
    (dict(max_iterations=0), ValueError, "max_iterations must be >= 1, got 0"),
    (dict(tol=None), ValueError, "tol must be a number for newton_root (None would leave only the "
                                 "max_iterations cap to stop it)")], ids=["theta", "cap", "tol"])
def test_newton_root_arguments_are_checked_NW_1(kwargs, error, message):
    args = dict(f=abs, f_prime=abs, theta=1.0) | kwargs
    for solve in (R.newton_root, R.newton_maximise):
        if solve is R.newton_maximise:
            args = dict(l_prime=args.pop("f"), l_double_prime=args.pop("f_prime"), **args)
        with pytest.raises(error) as e:
            solve(**args)
        assert str(e.value) == message


def test_newton_flat_tangent_is_refused_NW_1():
    with pytest.raises(ConvergenceError, match="flat"):
        R.newton_root(lambda t: t * t + 1, lambda t: 2 * t, 0.0)


def test_log_likelihood_rounding_bound_is_over_every_term_LG_3():
    """The allowance Newton's damping gives ℓ's rounding is rounding_bound(m, Σᵢ|termᵢ|): the
    size of every term (each softplus > 0), not of the last one alone."""
    from cs229.reference import newton as newton_method, scalar
    X, y, theta = [[1.0], [1.0], [1.0]], [1, 0, 1], [0.5]
    terms = [scalar.softplus(-0.5), scalar.softplus(0.5), scalar.softplus(-0.5)]
    ell, bound = R._log_likelihood(X, y, theta)
    assert ell == -(terms[0] + terms[1] + terms[2])
    assert bound == newton_method.rounding_bound(3, terms[0] + terms[1] + terms[2]) > 0


# ---- two bad arguments: both faces name the same one first ------------------------------------

from bad_pairs import check_pair, pairs  # noqa: E402
from test_bad_input_logistic_regression import TABLE as BAD_INPUT  # noqa: E402


@settings(max_examples=150)
@given(pairs(BAD_INPUT))
def test_two_bad_arguments_get_the_same_error_in_both_faces(case):
    """Every function of the topic's bad-input table, two arguments bad at once (a bad
    parameter of the table, or an array NaN, empty, None, a string, one dimension too deep):
    the same error type and words in both faces."""
    check_pair(BAD_INPUT, *case)
