"""Softmax regression (SM-1 … SM-4): the notes' formulas and the facts they state, against exact
(Fraction) and 50-digit oracles and invariants, on the reference and, where a test takes ``impl``,
on both faces."""
import importlib

import mpmath
import numpy as np
import pytest
from hypothesis import given, strategies as st

import cs229.fast.softmax as F
import cs229.reference.softmax as R
from cs229.reference import exponential_family as ef, linalg, logistic_regression as lg
from cs229.reference.results import ConvergenceError
from cs229.testing import strategies as S


problems = S.multiclass_problems()


def close(a, b, rel=1e-12):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return np.allclose(a, b, rtol=rel, atol=rel * max(1.0, np.abs(b).max(initial=0.0)))


# ---- SM-1: the multinomial as an exponential family ------------------------------------------------

@given(st.integers(2, 6), st.data())
def test_multinomial_family_SM_1(k, data):
    fam = ef.multinomial(k)
    raw = data.draw(st.lists(st.floats(0.05, 1), min_size=k, max_size=k))
    phi = [v / sum(raw) for v in raw]
    eta = fam.natural(phi[:-1])
    assert close(fam.usual(eta), phi[:-1]) and close(fam.a(eta), -np.log(phi[-1]))
    for y in range(1, k + 1):
        assert fam.T(y) == [ef.indicator(y == i) for i in range(1, k)]
        assert close(ef.density(fam, y, eta), phi[y - 1])
    mean = [sum(fam.T(y)[i] * phi[y - 1] for y in range(1, k + 1)) for i in range(k - 1)]
    assert close(mean, phi[:-1])  # E[(T(y))ᵢ] = φᵢ
    assert ef.indicator(2 == 3) == 0 and ef.indicator(3 == 5 - 2) == 1
    with mpmath.workdps(30):  # EF-5 for the multinomial: ∇²a(η) = Cov[T(y)] = fam.variance
        e = [mpmath.mpf(v) for v in eta]
        cov = fam.variance(e)
        for i in range(k - 1):
            for j in range(k - 1):
                order = [int(t == i) + int(t == j) for t in range(k - 1)]
                assert abs(mpmath.diff(lambda *v: fam.a(list(v)), e, order) - cov[i][j]) < 1e-15


# ---- SM-2: softmax and log-sum-exp -----------------------------------------------------------------

@pytest.mark.parametrize("eta", [[1e308, -1e308, 0.0], [1e308, 1e308], [-1e308, -1e308], [800.0, 0.0]])
def test_softmax_never_overflows_SM_2(impl, eta):
    phi = impl.out(impl.softmax.softmax(impl.arg(eta)))
    assert all(0 <= v <= 1 for v in phi) and abs(sum(phi) - 1) < 1e-15
    assert np.isfinite(impl.softmax.log_sum_exp(impl.arg(eta)))


def test_softmax_inverts_the_link_SM_2():
    phi = [0.2, 0.5, 0.3]
    eta = [np.log(p / phi[-1]) for p in phi]
    assert close(R.softmax(eta), phi)


# ---- SM-3: the model -------------------------------------------------------------------------------

def test_two_classes_are_logistic_regression_SM_3(impl):
    X = impl.arg([[1.0, 0.5], [1.0, -2.0], [1.0, 3.0]])
    theta = [0.3, -0.7]
    probs = np.asarray(impl.softmax.probabilities(X, impl.arg([theta])))
    assert close(probs[:, 0], lg.probabilities(impl.out(X), theta))


# ---- SM-4: the likelihood and its maximisation -----------------------------------------------------

@given(problems)
def test_gradient_ascent_converges_to_newton_SM_4(p):
    X, y, _ = S.to_float(p)
    Xa = np.array(X)
    zero = np.zeros((2, Xa.shape[1]))
    best = F.newton(Xa, y, zero).theta
    alpha = 1 / np.linalg.eigvalsh(Xa.T @ Xa).max()
    fit = F.gradient_ascent(Xa, y, zero, alpha, 500_000, tol=1e-14)
    assert fit.converged and close(fit.theta, best, 1e-6)


def test_a_tie_with_the_own_class_is_not_separation_SM_4(impl):
    """Two examples at x = 1 with labels 1 and 2 (k = 2): at θ = 0 every η ties (φ = ½ each) and
    the gradient is 0, so both methods stop at θ = 0 after one step. An own class that only ties
    another is not strictly on top: not separated, and the fit converges."""
    X, y = impl.arg([[1.0], [1.0]]), impl.arg([1, 2])
    for fit in (impl.softmax.gradient_ascent(X, y, impl.arg([[0.0]]), 1.0),
                impl.softmax.newton(X, y, impl.arg([[0.0]]))):
        assert fit.converged and fit.iterations == 1 and list(np.ravel(fit.theta)) == [0.0]


@pytest.mark.parametrize("face", ["reference", "fast"])
def test_eta_k_stays_zero_when_another_eta_overflows_SM_3_SM_4(face):
    """η_k = 0 by assumption 3 (000 §9.3), not 0 · θ₁ᵀx, which is NaN once θ₁ᵀx overflows: the
    example x⁽²⁾ = (1, 1e300) of class k contributes η_k − log Σ e^η = 0 − 0."""
    mod = importlib.import_module(f"cs229.{face}.softmax")
    X, y, Theta = [[1.0, 0.5], [1.0, 1e300], [1.0, -1.0]], [1, 3, 2], [[0.25, -1e10], [0.1, -1e10]]
    with np.errstate(over="ignore"):
        expected = sum(float(e[c - 1] - np.logaddexp.reduce(e)) for e, c in
                       ((np.r_[np.array(Theta) @ x, 0.0], c) for x, c in zip(np.array(X)[[0, 2]], [1, 2])))
    got = mod.log_likelihood(X if face == "reference" else np.array(X), y, Theta)
    assert got == pytest.approx(expected, rel=1e-12)


MIXED = ([[1.0, -2.0], [1.0, -1.5], [1.0, 0.0], [1.0, 0.2], [1.0, 2.0], [1.0, 2.5], [1.0, 0.1], [1.0, -1.8]],
         [1, 2, 2, 1, 3, 3, 3, 2])


def test_newton_damps_a_far_start_and_the_literal_step_does_not_SM_4(impl):
    """From Θ far from the MLE the full step lowers ℓ: damping halves it 8 times at step 1 and
    converges; the notes' t = 1 overshoots until the Hessian is singular."""
    X, y, far = impl.arg(MIXED[0]), impl.arg(MIXED[1]), impl.arg([[5.0, 3.0], [-4.0, 2.0]])
    fit = impl.softmax.newton(X, y, far)
    assert fit.converged and fit.extra["step_lengths"][:2] == [2.0 ** -8, 2.0 ** -5]
    with pytest.raises(linalg.SingularMatrixError) as e:
        impl.softmax.newton(X, y, far, damping=False)
    assert str(e.value).startswith("softmax Newton: the Hessian is singular at iteration 2: ")


def test_newton_zero_start_reads_X_and_y_SM_4(impl):
    """Theta=None: X and y are checked before k is read from y; the zero Θ is made in X's type
    from x⁽¹⁾ whatever its shape (one column, a first entry 0, two classes)."""
    X, y = MIXED
    with pytest.raises(ValueError) as e:
        impl.softmax.newton(impl.arg([[float("nan"), 1.0]] + X[1:]), impl.arg(y))
    assert str(e.value) == "X[0][0] is nan: expected a finite number"
    with pytest.raises(ValueError) as e:
        impl.softmax.newton(impl.arg(X), impl.arg([0.5] + y[1:]))
    assert str(e.value) == ("y[0] is 0.5: labels must be integers in 1..k, the notes' coding here; for any other "
                            "coding use cs229.estimators.SoftmaxRegression")
    one_column = impl.softmax.newton(impl.arg([[1.0]] * 3), impl.arg([1, 2, 2]))
    assert np.allclose(impl.out(one_column.theta), [[-np.log(2)]], rtol=1e-12, atol=0)  # φ₁ = 1/3 = e^θ/(e^θ + 1)
    X0, y0 = [[0.0, 1.0], [1.0, 1.0], [2.0, 1.0], [1.5, 1.0], [0.5, 1.0]], [1, 2, 1, 2, 2]
    default = impl.softmax.newton(impl.arg(X0), impl.arg(y0))
    given_zero = impl.softmax.newton(impl.arg(X0), impl.arg(y0), impl.arg([[0.0, 0.0]]))
    assert np.array_equal(np.asarray(default.theta, dtype=float), np.asarray(given_zero.theta, dtype=float))
    assert default.converged and len(default.theta) == 1


def test_gradient_ascent_defaults_SM_4(impl):
    """max_iterations=10_000, tol=1e-10, average=False, record=False: the default call is the
    explicit one; the cap is named."""
    X = impl.arg([[1.0, -2.0], [1.0, -1.5], [1.0, 0.0], [1.0, 0.2], [1.0, 2.0], [1.0, 2.5], [1.0, 0.1], [1.0, -1.8]])
    y, zero = impl.arg([1, 2, 2, 1, 3, 3, 3, 2]), impl.arg([[0.0, 0.0], [0.0, 0.0]])
    fit = impl.softmax.gradient_ascent(X, y, zero, 0.1)
    explicit = impl.softmax.gradient_ascent(X, y, zero, 0.1, max_iterations=10_000, tol=1e-10, average=False,
                                            record=False)
    assert (fit.iterations, fit.converged, fit.path) == (explicit.iterations, True, None)
    assert np.array_equal(np.asarray(fit.theta, dtype=float), np.asarray(explicit.theta, dtype=float))
    assert 1000 < fit.iterations < 10_000
    one = [np.asarray(impl.softmax.gradient_ascent(X, y, zero, 0.1, max_iterations=1, tol=None, average=a).theta,
                      dtype=float) for a in (False, True)]
    assert np.allclose(one[0], 8 * one[1], rtol=1e-15, atol=0) and one[0].any()  # average: the sum over m = 8
    with pytest.raises(ConvergenceError) as e:
        impl.softmax.gradient_ascent(X, y, zero, 0.001)
    assert str(e.value) == "softmax gradient ascent did not converge in 10000 iterations (tol=1e-10)"
