"""Softmax regression (SM-1 … SM-4): the multinomial family, the stable softmax, fast against
reference (the same gradient-ascent iterates), the 50-digit optimum, and k = 2 = logistic."""
import importlib
import mpmath
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cs229.fast.softmax as F
import cs229.reference.softmax as R
from cs229.testing import strategies as S
from cs229.reference import exponential_family as ef
from cs229.reference import linalg
from cs229.reference.results import ConvergenceError
from cs229.reference import logistic_regression as lg

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

@given(st.lists(st.floats(-700, 700), min_size=1, max_size=6))
def test_softmax_fast_equals_reference_SM_2(eta):
    ref = R.softmax(eta)
    assert np.array_equal(F.softmax(eta), ref) and abs(sum(ref) - 1) < 1e-15 * len(eta)
    assert F.log_sum_exp(eta) == R.log_sum_exp(eta)
    with mpmath.workdps(40):
        e = [mpmath.mpf(v) for v in eta]
        direct = mpmath.log(sum(mpmath.exp(v) for v in e))
        assert abs(R.log_sum_exp(eta) - direct) <= 1e-15 * abs(direct) + 1e-15


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

@given(problems)
def test_model_fast_equals_reference_SM_3(p):
    X, y, Theta = S.to_float(p)
    Xa, Ta = np.array(X), np.array(Theta)
    probs = R.probabilities(X, Theta)
    assert close(F.probabilities(Xa, Ta), probs) and all(abs(sum(r) - 1) < 1e-15 for r in probs)
    assert list(F.predict(Xa, Ta)) == R.predict(X, Theta)
    assert close(F.hypothesis(Xa[0], Ta), R.hypothesis(X[0], Theta))
    assert close(F.natural_parameters(Xa[0], Ta), R.natural_parameters(X[0], Theta))
    assert R.natural_parameters(X[0], Theta)[-1] == 0  # θ_k = 0
    assert close(R.hypothesis(X[0], Theta), probs[0][:-1])


def test_two_classes_are_logistic_regression_SM_3(impl):
    X = impl.arg([[1.0, 0.5], [1.0, -2.0], [1.0, 3.0]])
    theta = [0.3, -0.7]
    probs = np.asarray(impl.softmax.probabilities(X, impl.arg([theta])))
    assert close(probs[:, 0], lg.probabilities(impl.out(X), theta))


# ---- SM-4: the likelihood and its maximisation -----------------------------------------------------

@given(problems)
def test_likelihood_and_gradient_fast_equal_reference_SM_4(p):
    X, y, Theta = S.to_float(p)
    Xa, Ta = np.array(X), np.array(Theta)
    assert close(F.log_likelihood(Xa, y, Ta), R.log_likelihood(X, y, Theta))
    assert np.array_equal(F.gradient(Xa, y, Ta), R.gradient(X, y, Theta))
    assert close(F.hessian(Xa, y, Ta), R.hessian(X, y, Theta), 1e-11)
    ce = sum(R.cross_entropy([1.0 if c == v else 0.0 for c in (1, 2, 3)], pr)
             for v, pr in zip(y, R.probabilities(X, Theta)))
    assert close(ce, -R.log_likelihood(X, y, Theta))
    assert close(F.cross_entropy([0.0, 1.0, 0.0], [0.2, 0.5, 0.3]), -np.log(0.5))


@given(problems, st.sampled_from([1e-3, 5e-2]), st.booleans())
def test_gradient_ascent_same_iterates_SM_4(p, alpha, average):
    X, y, Theta = S.to_float(p)
    ref = R.gradient_ascent(X, y, Theta, alpha, 8, tol=None, average=average, record=True)
    fast = F.gradient_ascent(np.array(X), y, np.array(Theta), alpha, 8, tol=None, average=average,
                             record=True)
    assert np.array_equal(fast.path, np.array(ref.path))


@given(problems)
def test_newton_fast_reference_and_50_digits_SM_4(p):
    X, y, _ = p
    zero = [[0.0] * len(X[0]) for _ in range(2)]
    ref = R.newton(S.to_float(X), y, zero)
    fast = F.newton(np.array(S.to_float(X)), y, np.array(zero))
    assert fast.iterations == ref.iterations and close(fast.theta, ref.theta, 1e-9)
    with mpmath.workdps(50):
        Xm = S.to_mpf(X)
        exact = R.newton(Xm, y, S.to_mpf(zero), tol=mpmath.mpf(10) ** -45).theta
        assert max(abs(g) for row in R.gradient(Xm, y, exact) for g in row) < mpmath.mpf(10) ** -40
    assert close(ref.theta, [[float(v) for v in row] for row in exact], 1e-8)


@given(problems)
def test_gradient_ascent_converges_to_newton_SM_4(p):
    X, y, _ = S.to_float(p)
    Xa = np.array(X)
    zero = np.zeros((2, Xa.shape[1]))
    best = F.newton(Xa, y, zero).theta
    alpha = 1 / np.linalg.eigvalsh(Xa.T @ Xa).max()
    fit = F.gradient_ascent(Xa, y, zero, alpha, 500_000, tol=1e-14)
    assert fit.converged and close(fit.theta, best, 1e-6)


def test_separable_classes_are_refused_SM_4(impl):
    X = impl.arg([[1.0, -2.0], [1.0, -1.5], [1.0, 0.0], [1.0, 0.2], [1.0, 2.0], [1.0, 2.5]])
    y = impl.arg([1, 1, 2, 2, 3, 3])
    with pytest.raises(lg.SeparableDataError, match="separable"):
        impl.softmax.newton(X, y, impl.arg([[0.0, 0.0], [0.0, 0.0]]))


def test_a_tie_with_the_own_class_is_not_separation_SM_4(impl):
    """Two examples at x = 1 with labels 1 and 2 (k = 2): at θ = 0 every η ties (φ = ½ each) and
    the gradient is 0, so both methods stop at θ = 0 after one step. An own class that only ties
    another is not strictly on top: not separated, and the fit converges."""
    X, y = impl.arg([[1.0], [1.0]]), impl.arg([1, 2])
    for fit in (impl.softmax.gradient_ascent(X, y, impl.arg([[0.0]]), 1.0),
                impl.softmax.newton(X, y, impl.arg([[0.0]]))):
        assert fit.converged and fit.iterations == 1 and list(np.ravel(fit.theta)) == [0.0]


@pytest.mark.parametrize("max_iterations", [2, 3, 100])  # the classes separate at step 2
def test_fast_newton_refuses_separable_classes_at_the_reference_step_SM_4(max_iterations):
    X = [[1.0, -2.0], [1.0, -1.5], [1.0, 0.0], [1.0, 0.2], [1.0, 2.0], [1.0, 2.5]]
    y = [1, 1, 2, 2, 3, 3]
    zero = [[0.0, 0.0], [0.0, 0.0]]
    errors = []
    for newton in (R.newton, F.newton):
        with pytest.raises(lg.SeparableDataError) as caught:
            newton(X, y, zero, max_iterations=max_iterations, record=True)
        errors.append(caught.value.result)
    ref, fast = errors
    assert fast.iterations == ref.iterations
    assert close(fast.theta, np.array(ref.theta, dtype=float), 1e-9)
    assert len(fast.path) == len(ref.path)


def test_absent_class_makes_the_hessian_singular_SM_4(impl):
    X = impl.arg([[1.0, -2.0], [1.0, -1.5], [1.0, 0.0], [1.0, 0.2], [1.0, -2.0], [1.0, 0.0]])
    y = impl.arg([1, 3, 1, 3, 3, 1])  # class 2 never appears: its parameters run to −∞
    with pytest.raises((linalg.SingularMatrixError, ConvergenceError, lg.SeparableDataError)):
        impl.softmax.newton(X, y, impl.arg([[0.0, 0.0], [0.0, 0.0]]), max_iterations=60)


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


@pytest.mark.parametrize("face", ["reference", "fast"])
def test_gradient_ascent_says_it_diverged_SM_4(face):
    """An iterate that is no longer finite is divergence in both faces, not a NaN answer."""
    mod = importlib.import_module(f"cs229.{face}.softmax")
    X = [[1e300, 5e299], [1e300, -1e300], [1e300, 2e300], [1e300, 0.0]]
    X = X if face == "reference" else np.array(X)
    with pytest.raises(ConvergenceError, match="diverged at iteration 2: θ is no longer finite"):
        mod.gradient_ascent(X, [1, 3, 1, 2], [[0.25, -0.5], [0.1, 0.2]], 0.1, max_iterations=5, tol=None)
    with pytest.raises(ConvergenceError) as e:
        mod.gradient_ascent(X, [1, 3, 1, 2], [[0.25, -0.5], [0.1, 0.2]], 0.1, max_iterations=5, tol=None)
    assert str(e.value) == ("softmax gradient ascent diverged at iteration 2: θ is no longer finite "
                            "(alpha=0.1 is too large)")


def test_a_class_separable_from_the_rest_is_named_whichever_it_is_SM_4(impl):
    """Class 2 (x₁ large) is separable from classes 1 and 3 (mixed); an example x = 0 puts no
    class strictly on top (every η is 0) and changes neither the fit nor the verdict. The
    Hessian's pivots, judged at 50 digits where rounding could flip them, stay regular as θ₂
    grows, so the last iterate of the cap is the one that shows it."""
    X = [[1.0, -1.0], [1.0, -0.5], [1.0, 0.0], [1.0, 0.3], [1.0, 3.0], [1.0, 3.5], [1.0, -0.8], [1.0, 0.1]]
    y = [1, 3, 1, 3, 2, 2, 3, 1]
    for extra_x, extra_y in (([], []), ([[0.0, 0.0]], [1])):
        with pytest.raises(lg.SeparableDataError) as e:
            impl.softmax.newton(impl.arg(X + extra_x), impl.arg(y + extra_y))
        assert str(e.value) == (
            "softmax Newton: class 2 is linearly separable from the others (the iterate of step 100 puts it "
            "strictly on top exactly at its own examples; Newton did not converge as its θ grew), so ℓ "
            "approaches its supremum only as ‖θ‖ grows without bound and no maximum likelihood θ exists; "
            "regularise, or use the perceptron for a separating θ")
        assert (e.value.result.iterations, e.value.result.converged) == (100, False)
        assert np.asarray(e.value.result.theta, dtype=float).shape == (2, 2)  # the iterate it names


MIXED = ([[1.0, -2.0], [1.0, -1.5], [1.0, 0.0], [1.0, 0.2], [1.0, 2.0], [1.0, 2.5], [1.0, 0.1], [1.0, -1.8]],
         [1, 2, 2, 1, 3, 3, 3, 2])


def test_newton_defaults_and_words_SM_4(impl):
    """max_iterations=100, tol=1e-10, record=False, damping=True, Theta=None the zero start:
    the default call is the explicit one; the cap and the separable classes are named whole."""
    X, y = impl.arg(MIXED[0]), impl.arg(MIXED[1])
    zero = impl.arg([[0.0, 0.0], [0.0, 0.0]])
    fit = impl.softmax.newton(X, y)
    explicit = impl.softmax.newton(X, y, zero, max_iterations=100, tol=1e-10, record=False, damping=True)
    assert (fit.iterations, fit.converged, fit.path) == (explicit.iterations, True, None) and fit.iterations > 3
    assert np.array_equal(np.asarray(fit.theta, dtype=float), np.asarray(explicit.theta, dtype=float))
    assert fit.extra == explicit.extra
    with pytest.raises(ConvergenceError) as e:
        impl.softmax.newton(X, y, max_iterations=1)
    assert str(e.value) == ("softmax Newton did not converge in 1 iterations (tol=1e-10); if ‖θ‖ keeps growing "
                            "some class is nearly separable from the others and the MLE may not exist")
    with pytest.raises(lg.SeparableDataError) as e:
        impl.softmax.newton(impl.arg(SEPARATE[0]), impl.arg(SEPARATE[1]))
    assert str(e.value) == (
        "softmax Newton: the classes are linearly separable (the iterate of step 2 puts every example's own class "
        "strictly on top), so the likelihood approaches 1 as ‖θ‖ grows and no maximum likelihood θ exists; "
        "regularise, or use the perceptron for a separating θ")


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


def test_newton_singular_at_the_start_is_the_design_not_a_class_SM_4(impl):
    """Dependent columns make H singular at step 1; class 2, absent from y, is not called
    separable there (at Θ = 0 no class is on top anywhere)."""
    X = impl.arg([[1.0, 1.0, 2.0], [1.0, 2.0, 4.0], [1.0, 3.0, 6.0], [1.0, 5.0, 10.0]])
    for y, Theta in (([1, 2, 3, 1], None), ([1, 3, 1, 3], impl.arg([[0.0] * 3, [0.0] * 3]))):
        with pytest.raises(linalg.SingularMatrixError) as e:
            impl.softmax.newton(X, impl.arg(y), Theta)
        assert str(e.value) == "softmax Newton: the Hessian is singular at iteration 1: column 2 of X is 2 × column 1"


SEPARATE = ([[1.0, -2.0], [1.0, -1.5], [1.0, 0.0], [1.0, 0.2], [1.0, 2.0], [1.0, 2.5]], [1, 1, 2, 2, 3, 3])


def test_gradient_ascent_refuses_separable_classes_SM_4(impl):
    """The iterate of step 3 puts every example's class strictly on top; without a tolerance
    there is no stopping test, and no separation test either."""
    X, y, zero = impl.arg(SEPARATE[0]), impl.arg(SEPARATE[1]), impl.arg([[0.0, 0.0], [0.0, 0.0]])
    with pytest.raises(lg.SeparableDataError) as e:
        impl.softmax.gradient_ascent(X, y, zero, 0.5, record=True)
    assert str(e.value) == (
        "softmax gradient ascent: the classes are linearly separable (the iterate of step 3 puts every "
        "example's own class strictly on top), so the likelihood approaches 1 as ‖θ‖ grows and no maximum "
        "likelihood θ exists; regularise, or use the perceptron for a separating θ")
    r = e.value.result
    assert (r.iterations, r.converged, len(r.path)) == (3, False, 4)
    assert np.array_equal(np.asarray(r.theta, dtype=float), np.asarray(r.path[-1], dtype=float))
    assert np.asarray(r.theta, dtype=float).any() and not np.asarray(r.path[0], dtype=float).any()
    fit = impl.softmax.gradient_ascent(X, y, zero, 0.5, max_iterations=5, tol=None)
    assert (fit.iterations, fit.converged) == (5, None)


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


# ---- two bad arguments: both faces name the same one first ------------------------------------

from bad_pairs import check_pair, pairs  # noqa: E402
from test_bad_input_softmax import TABLE as BAD_INPUT  # noqa: E402


@settings(max_examples=150)
@given(pairs(BAD_INPUT))
def test_two_bad_arguments_get_the_same_error_in_both_faces(case):
    """Every function of the topic's bad-input table, two arguments bad at once (a bad
    parameter of the table, or an array NaN, empty, None, a string, one dimension too deep):
    the same error type and words in both faces."""
    check_pair(BAD_INPUT, *case)
