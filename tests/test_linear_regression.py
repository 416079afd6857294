"""Part I (LR-1 … LR-15): fast against reference, reference against the exact oracle, and the
invariants the notes state."""
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cs229.fast.linear_regression as F
import cs229.reference.linear_regression as R
from cs229.testing import strategies as S
from cs229.reference import linalg
from cs229.reference.results import ConvergenceError

problems = S.regression_problems(max_rows=10, max_features=4)


def close(a, b, rel=1e-12):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return np.allclose(a, b, rtol=rel, atol=rel * max(1.0, np.abs(b).max(initial=0.0)))


# ---- LR-1, LR-2, LR-3: closed forms, fast == reference ------------------------------------------

@given(problems)
def test_closed_forms_agree_LR_1_2_3(p):
    X, y, theta = S.to_float(p)
    Xa, ya, ta = map(np.array, (X, y, theta))
    assert close(F.predict(Xa, ta), R.predict(X, theta))
    assert close(F.cost(Xa, ya, ta), R.cost(X, y, theta))
    assert close(F.cost_matrix_form(Xa, ya, ta), R.cost_matrix_form(X, y, theta))
    assert close(F.gradient(Xa, ya, ta), R.gradient(X, y, theta))
    assert close(F.hypothesis(Xa[0], ta), R.hypothesis(X[0], theta))


@given(problems)
def test_cost_forms_equal_exactly_LR_2(p):
    assert R.cost(*p) == R.cost_matrix_form(*p)


def test_add_intercept_LR_1(impl):
    out = impl.out(impl.linear_regression.add_intercept(impl.arg([[2.0, 3.0], [4.0, 5.0]])))
    assert out == [[1.0, 2.0, 3.0], [1.0, 4.0, 5.0]]


@given(problems)
def test_gradient_is_derivative_of_cost_LR_3(p):
    """∂J/∂θⱼ by an exact central difference (J is quadratic) equals the gradient."""
    X, y, theta = p
    g = R.gradient(X, y, theta)
    for j in range(len(theta)):
        up, down = theta[:], theta[:]
        up[j] += 1
        down[j] -= 1
        assert (R.cost(X, y, up) - R.cost(X, y, down)) / 2 == g[j]


# ---- LR-4, LR-5, LR-6: iterative, the same iterates -------------------------------------------

@given(problems, st.sampled_from([1e-3, 1e-2, 5e-2]), st.booleans())
def test_batch_gd_same_iterates_LR_5(p, alpha, average):
    X, y, theta = S.to_float(p)
    ref = R.batch_gradient_descent(X, y, theta, alpha, 12, tol=None, average=average, record=True)
    fast = F.batch_gradient_descent(np.array(X), np.array(y), np.array(theta), alpha, 12, tol=None,
                                    average=average, record=True)
    assert np.array_equal(fast.path, np.array(ref.path))
    assert fast.iterations == ref.iterations == 12 and fast.converged is ref.converged is None


@given(problems, st.sampled_from([1e-3, 2e-2]), st.sampled_from([0, 0.1]), st.randoms(use_true_random=False))
def test_sgd_same_iterates_LR_4_6(p, alpha, decay, rnd):
    X, y, theta = S.to_float(p)
    order = list(range(len(X)))
    rnd.shuffle(order)
    ref = R.stochastic_gradient_descent(X, y, theta, alpha, 3, order, decay, record=True)
    fast = F.stochastic_gradient_descent(np.array(X), np.array(y), np.array(theta), alpha, 3,
                                         np.array(order), decay, record=True)
    assert np.array_equal(fast.path, np.array(ref.path))
    assert np.array_equal(F.lms_update(X[order[0]], y[order[0]], theta, alpha),
                          R.lms_update(X[order[0]], y[order[0]], theta, alpha))


@given(problems)
def test_gd_converges_to_normal_equations_LR_5_LR_12(p):
    X, y, _ = S.to_float(p)
    Xa, ya = np.array(X), np.array(y)
    alpha = 1 / np.linalg.eigvalsh(Xa.T @ Xa).max()
    exact = np.array([float(v) for v in R.normal_equations(p[0], p[1])])
    for fit in (F.batch_gradient_descent(Xa, ya, np.zeros(len(X[0])), alpha, 500_000, tol=1e-15),
                R.batch_gradient_descent(X, y, [0.0] * len(X[0]), alpha, 500_000, tol=1e-15)):
        assert fit.converged
        assert close(fit.theta, exact, rel=1e-7)


def test_gd_reports_divergence_and_the_cap_LR_5(impl):
    X = impl.arg([[1.0, 10.0], [1.0, -10.0], [1.0, 3.0]])
    y = impl.arg([1.0, 2.0, 3.0])
    with pytest.raises(ConvergenceError, match="diverged"):
        impl.linear_regression.batch_gradient_descent(X, y, impl.arg([0.0, 0.0]), 1.0, 10_000)
    with pytest.raises(ConvergenceError, match="did not converge in 3 iterations") as e:
        impl.linear_regression.batch_gradient_descent(X, y, impl.arg([0.0, 0.0]), 1e-3, 3)
    assert e.value.result.iterations == 3 and e.value.result.converged is False


def test_gd_defaults_and_words_LR_5(impl):
    """max_iterations=10_000, tol=1e-10, average=False, record=False: the default call is the
    explicit one; divergence names alpha, the cap says what to raise."""
    gd = impl.linear_regression.batch_gradient_descent
    X, y, zero = impl.arg([[1.0, 10.0], [1.0, -10.0], [1.0, 3.0]]), impl.arg([1.0, 2.0, 3.0]), impl.arg([0.0, 0.0])
    fit = gd(X, y, zero, 0.004)
    explicit = gd(X, y, zero, 0.004, max_iterations=10_000, tol=1e-10, average=False, record=False)
    assert (fit.iterations, fit.converged, fit.path) == (explicit.iterations, True, None) and fit.iterations > 1000
    assert np.array_equal(np.asarray(fit.theta, dtype=float), np.asarray(explicit.theta, dtype=float))
    one = [np.asarray(gd(X, y, zero, 0.004, max_iterations=1, tol=None, average=a).theta, dtype=float)
           for a in (False, True)]
    assert np.allclose(one[0], 3 * one[1], rtol=1e-15, atol=0) and one[0].any()  # average: the sum over m = 3
    with pytest.raises(ConvergenceError) as e:
        gd(X, y, zero, 1.0)
    assert str(e.value) == ("batch gradient descent diverged at iteration 134: θ is no longer finite (alpha=1.0 "
                            "is too large for this X; scale the features or lower alpha)")
    assert (e.value.result.iterations, e.value.result.converged) == (133, False)
    with pytest.raises(ConvergenceError) as e:
        gd(X, y, zero, 1e-7)
    assert str(e.value) == ("batch gradient descent did not converge in 10000 iterations (tol=1e-10); raise "
                            "max_iterations or alpha")


def test_sgd_defaults_and_words_LR_6(impl):
    """epochs=1, order 0..m−1, decay=0, record=False; divergence names the epoch and alpha and
    carries the last finite θ with its path."""
    sgd = impl.linear_regression.stochastic_gradient_descent
    X, y, zero = impl.arg([[1.0, 10.0], [1.0, -10.0], [1.0, 3.0]]), impl.arg([1.0, 2.0, 3.0]), impl.arg([0.0, 0.0])
    fit = sgd(X, y, zero, 0.01)
    explicit = sgd(X, y, zero, 0.01, epochs=1, order=[0, 1, 2], decay=0, record=False)
    assert (fit.iterations, fit.converged, fit.path) == (1, None, None)
    assert np.array_equal(np.asarray(fit.theta, dtype=float), np.asarray(explicit.theta, dtype=float))
    # by hand: θ := θ + α (y − θᵀx) x for x⁽⁰⁾, x⁽¹⁾, x⁽²⁾
    theta = np.zeros(2)
    for x_i, y_i in zip(np.array([[1.0, 10.0], [1.0, -10.0], [1.0, 3.0]]), [1.0, 2.0, 3.0]):
        theta = theta + 0.01 * (y_i - theta @ x_i) * x_i
    assert np.allclose(np.asarray(fit.theta, dtype=float), theta, rtol=1e-14, atol=0)
    with pytest.raises(ConvergenceError) as e:
        sgd(X, y, zero, 0.5, 1000, record=True)
    assert str(e.value) == ("stochastic gradient descent diverged in epoch 79: θ is no longer finite "
                            "(alpha=0.5 is too large for this X)")
    r = e.value.result
    assert (r.iterations, r.converged, len(r.path)) == (78, False, 79)


def test_sgd_reports_divergence_at_the_reference_epoch_LR_6():
    X = [[1.0, 10.0], [1.0, -10.0], [1.0, 3.0]]
    y = [1.0, 2.0, 3.0]
    results = []
    for module in (R, F):
        with pytest.raises(ConvergenceError, match="diverged in epoch") as e:
            module.stochastic_gradient_descent(X, y, [0.0, 0.0], 1.0, 1_000)
        results.append(e.value.result)
    ref, fast = results
    assert 0 < fast.iterations == ref.iterations < 1_000 and fast.converged is ref.converged is False
    assert np.array_equal(fast.theta, np.array(ref.theta, dtype=float), equal_nan=True)


def test_sgd_decaying_rate_settles_LR_6():
    """fn 2: with a fixed α, SGD stays a fixed distance from the minimum (it cycles around it);
    letting α decrease to zero takes θ to the minimum."""
    rng = np.random.default_rng(1)
    X = np.c_[np.ones(50), rng.standard_normal((50, 2))]
    y = X @ [1.0, 2.0, -1.0] + rng.standard_normal(50)
    best = np.linalg.lstsq(X, y, rcond=None)[0]
    gap = {}
    for decay in (0.0, 0.05):
        for epochs in (50, 500):
            fit = F.stochastic_gradient_descent(X, y, np.zeros(3), 0.1, epochs, None, decay)
            gap[decay, epochs] = np.abs(fit.theta - best).max()
    assert gap[0.0, 500] > 0.1 and abs(gap[0.0, 500] - gap[0.0, 50]) < 1e-12
    assert gap[0.05, 500] < gap[0.05, 50] < gap[0.0, 50] / 10


# ---- LR-12: normal equations ------------------------------------------------------------------

@given(problems)
def test_normal_equations_fast_reference_exact_LR_12(p):
    X, y, _ = S.to_float(p)
    exact = R.normal_equations(p[0], p[1])
    assert all(r == 0 for r in _normal_residual(p[0], p[1], exact))
    assert close(F.normal_equations(np.array(X), np.array(y)), R.normal_equations(X, y), rel=1e-10)
    assert close(R.normal_equations(X, y), [float(v) for v in exact], rel=1e-10)


def _normal_residual(X, y, theta):
    Xt = linalg.transpose(X)
    return [a - b for a, b in zip(linalg.matvec(linalg.matmul(Xt, X), theta), linalg.matvec(Xt, y))]


@pytest.mark.parametrize("solver", ["cholesky", "qr"])
def test_singular_design_names_the_dependent_column_LR_12(impl, solver):
    X = np.array([[1.0, 2.0, 4.0], [1.0, 3.0, 6.0], [1.0, 5.0, 10.0], [1.0, 1.0, 2.0]])
    with pytest.raises(linalg.SingularMatrixError, match=r"column 2 of X is 2 × column 1") as e:
        impl.linear_regression.normal_equations(impl.arg(X), impl.arg([1.0, 2.0, 3.0, 4.0]),
                                                solver=solver)
    assert e.value.column == 2 and e.value.combination.keys() == {1}
    assert e.value.combination[1] == pytest.approx(2.0)
    with pytest.raises(linalg.SingularMatrixError, match="4 rows and 5 columns"):
        impl.linear_regression.normal_equations(impl.arg(np.c_[X, X[:, 1] ** 2, X[:, 1] ** 3]),
                                                impl.arg([1.0, 2.0, 3.0, 4.0]), solver=solver)
    X = np.array([[1.0, 2.0, 0.0, 1.0], [1.0, 3.0, 0.0, 1.0], [1.0, 5.0, 0.0, 1.0], [1.0, 1.0, 0.0, 1.0]])
    with pytest.raises(linalg.SingularMatrixError, match="column 2 of X is zero"):
        impl.linear_regression.normal_equations(impl.arg(X), impl.arg([1.0, 2.0, 3.0, 4.0]), solver=solver)
    X[:, 2] = 7.0  # a second constant column: the intercept again, in other units
    with pytest.raises(linalg.SingularMatrixError, match="column 2 of X is 7 × column 0"):
        impl.linear_regression.normal_equations(impl.arg(X), impl.arg([1.0, 2.0, 3.0, 4.0]), solver=solver)
    X[:, 2] = X[:, 1]
    with pytest.raises(linalg.SingularMatrixError, match="column 2 of X duplicates column 1"):
        impl.linear_regression.normal_equations(impl.arg(X), impl.arg([1.0, 2.0, 3.0, 4.0]), solver=solver)
    X[:, 2] = [1.0, 4.0, 2.0, 3.0]
    X[:, 3] = X[:, 1] - 3 * X[:, 2]
    with pytest.raises(linalg.SingularMatrixError,
                       match=r"column 3 of X is a linear combination of earlier ones: 1 × column 1 \+ -3 × column 2"):
        impl.linear_regression.normal_equations(impl.arg(X), impl.arg([1.0, 2.0, 3.0, 4.0]), solver=solver)


@settings(max_examples=25)
@given(S.regression_problems(), st.integers(-20, 20), st.sampled_from(["cholesky", "qr"]))
def test_units_of_a_column_never_change_the_verdict_LR_12(p, power, solver):
    """Multiplying a column of X by 10^power (a change of units) scales θⱼ by 10^−power and
    never makes a full-rank design singular; an exactly dependent one stays singular."""
    X, y = (np.array(a, dtype=float) for a in S.to_float(p)[:2])
    scaled = X.copy()
    scaled[:, -1] *= 10.0 ** power
    theta = F.normal_equations(X, y, solver=solver)
    theta_scaled = F.normal_equations(scaled, y, solver=solver)
    assert theta_scaled[:-1] == pytest.approx(theta[:-1], rel=1e-7, abs=1e-9)
    assert theta_scaled[-1] * 10.0 ** power == pytest.approx(theta[-1], rel=1e-7, abs=1e-9)
    R.normal_equations(scaled.tolist(), y.tolist(), solver=solver)
    dependent = np.c_[scaled, 3 * scaled[:, 0]]
    for face in (F.normal_equations, lambda A, b, solver: R.normal_equations(A.tolist(), b.tolist(), solver)):
        with pytest.raises(linalg.SingularMatrixError, match=f"column {X.shape[1]} of X"):
            face(dependent, y, solver=solver)


@pytest.mark.parametrize("solver", ["cholesky", "qr"])
def test_overflow_is_not_called_dependence_LR_12(impl, solver):
    """Neither dependence (a column of size inf is not zero) nor a θ of NaN: the overflow, named."""
    cholesky = ("normal equations: XᵀX or Xᵀy overflows (the products of the entries of X and y are too large "
                "for the scalar type); rescale the columns of X or y")
    X = impl.arg([[1e200, 1.0], [2e200, 3.0], [3e200, 1.0]])
    with pytest.raises(OverflowError) as e:
        impl.linear_regression.normal_equations(X, impl.arg([1.0, 2.0, 3.0]), solver=solver)
    assert str(e.value) == (cholesky if solver == "cholesky" else
                            "normal equations: the columns of X overflow when their sizes are formed; rescale "
                            "the columns of X")
    with pytest.raises(OverflowError) as e:  # Xᵀy overflows, XᵀX does not
        impl.linear_regression.normal_equations(impl.arg([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]]),
                                                impl.arg([1e307, 1.5e308, 1.7e308]), solver=solver)
    assert str(e.value) == (cholesky if solver == "cholesky" else
                            "normal equations: θ overflows; rescale the columns of X or y")


def test_normal_equations_on_housing_LR_12_LR_16(impl):
    from cs229.reference import datasets
    d = datasets.housing()
    X = [[1, a, b] for a, b in zip(d["area"], d["bedrooms"])]
    y = [float(p) for p in d["price"]]
    theta = impl.out(impl.linear_regression.normal_equations(impl.arg(X), impl.arg(y)))
    assert [round(theta[0], 2), round(theta[1], 4), round(theta[2], 3)] == [89.60, 0.1392, -8.738]


E = 2.0 ** -52


@pytest.mark.parametrize("t,dependent", [(3 * E, False), (2 * E, True), (1.5 * E, True)], ids=["3eps", "2eps", "1.5eps"])
def test_qr_calls_a_column_dependent_at_n_eps_of_its_size_LR_12(impl, t, dependent):
    """X = [[1, 1], [0, t]]: column 1 is (1, t), its part outside column 0's span is (0, t), and
    ‖(0, t)‖² = t² against the bound (max(m, n)·eps)²·‖x₁‖² = 4·eps² (‖x₁‖² rounds to 1):
    t = 2 eps is at the bound and dependent, t = 3 eps is not (θ = (0, 1) exactly)."""
    X, y = impl.arg([[1.0, 1.0], [0.0, t]]), impl.arg([1.0, t])
    if not dependent:
        assert impl.out(impl.linear_regression.normal_equations(X, y, solver="qr")) == [0.0, 1.0]
        return
    with pytest.raises(linalg.SingularMatrixError) as e:
        impl.linear_regression.normal_equations(X, y, solver="qr")
    assert str(e.value) == "XᵀX is singular: column 1 of X duplicates column 0"
    assert (e.value.column, e.value.combination) == (1, {0: 1.0})


@pytest.mark.parametrize("solver", ["cholesky", "qr"])
def test_normal_equations_of_one_row_or_a_first_entry_0_LR_12(impl, solver):
    """The zeros of the factors are made in X's scalar type from x⁽¹⁾, whatever its shape."""
    solve = impl.linear_regression.normal_equations
    assert impl.out(solve(impl.arg([[2.0]]), impl.arg([4.0]), solver=solver)) == [2.0]
    theta = impl.out(solve(impl.arg([[0.0, 1.0], [1.0, 1.0], [2.0, 1.0]]), impl.arg([1.0, 3.0, 5.0]), solver=solver))
    assert np.allclose(theta, [2.0, 1.0], rtol=1e-14, atol=1e-14)
    exact = R.normal_equations([[Fraction(0), Fraction(1)], [Fraction(1), Fraction(1)], [Fraction(1), Fraction(2)]],
                               [1, 2, 4], solver=solver)
    assert exact == [Fraction(1), Fraction(4, 3)] and isinstance(exact[1], Fraction)  # XᵀX = [[2, 3], [3, 6]], Xᵀy = (6, 11)


def test_weighted_normal_equations_words_and_shapes_LR_14(impl):
    wne = impl.linear_regression.weighted_normal_equations
    with pytest.raises(ValueError) as e:
        wne(impl.arg([[1.0, 2.0], [1.0, 3.0]]), impl.arg([1.0, 2.0]), impl.arg([1.0, -1.0]))
    assert str(e.value) == "w must be non-negative"
    with pytest.raises(linalg.SingularMatrixError) as e:
        wne(impl.arg([[1.0, 2.0]] * 3), impl.arg([1.0, 2.0, 3.0]), impl.arg([1.0, 1.0, 1.0]))
    assert str(e.value) == ("XᵀWX is singular: column 1 of X is 2 × column 0 on the examples that carry weight; "
                            "too few examples carry weight near the query (increase tau)")
    assert (e.value.column, e.value.combination) == (1, {0: 2.0})
    assert np.allclose(impl.out(wne(impl.arg([[2.0]]), impl.arg([4.0]), impl.arg([3.0]))), [2.0], rtol=1e-15, atol=0)
    theta = impl.out(wne(impl.arg([[0.0, 1.0], [1.0, 1.0], [2.0, 1.0]]), impl.arg([1.0, 2.0, 4.0]), impl.arg([1.0, 2.0, 1.0])))
    assert np.allclose(theta, [1.5, 0.75], rtol=1e-14, atol=0)


def test_lwr_weights_sigma_refuses_an_indefinite_sigma_inv_LR_14(impl):
    with pytest.raises(ValueError) as e:
        impl.linear_regression.lwr_weights_sigma(impl.arg([[1.0, 2.0], [0.0, 1.0]]), impl.arg([1.0, 2.0]),
                                                 impl.arg([[-1.0, 0.0], [0.0, -1.0]]))
    assert str(e.value) == "Sigma_inv is not positive semi-definite: (x⁽ⁱ⁾ − x)ᵀ Σ⁻¹ (x⁽ⁱ⁾ − x) < 0"


def test_lms_update_names_y_LR_4(impl):
    with pytest.raises(TypeError) as e:
        impl.linear_regression.lms_update(impl.arg([1.0, 2.0]), "a", impl.arg([0.0, 0.0]), 0.1)
    assert str(e.value) == "y is 'a': expected a real number"


# ---- LR-13: the Gaussian model ----------------------------------------------------------------

@given(problems, S.positive_rationals(), S.positive_rationals())
def test_gaussian_mle_does_not_depend_on_sigma_LR_13(p, s1, s2):
    """The least-squares θ maximises ℓ whatever σ is; ℓ is log L (in mpf, where L cannot underflow)."""
    import mpmath
    X, y, theta = S.to_float(p)
    best = R.normal_equations(X, y)
    for sigma in (float(s1), float(s2)):
        top = R.gaussian_log_likelihood(X, y, best, sigma)
        assert top >= R.gaussian_log_likelihood(X, y, theta, sigma) - 1e-9 * abs(top)
    with mpmath.workdps(30):
        Xm, ym, tm = S.to_mpf(p)
        sigma = S.to_mpf(s1)
        assert abs(mpmath.log(R.gaussian_likelihood(Xm, ym, tm, sigma))
                   - R.gaussian_log_likelihood(Xm, ym, tm, sigma)) < mpmath.mpf(10) ** -20


@pytest.mark.parametrize("sigma,error,message", [(0, ValueError, "sigma must be > 0, got 0"),
                                                  (-1.0, ValueError, "sigma must be > 0, got -1.0"),
                                                  ("1", TypeError, "sigma is '1': expected a real number")],
                         ids=["zero", "negative", "text"])
def test_gaussian_model_refuses_a_bad_sigma_LR_13(sigma, error, message):
    for call in (lambda: R.gaussian_density(1.0, 0.0, sigma),
                 lambda: R.gaussian_likelihood([[1.0]], [1.0], [0.0], sigma),
                 lambda: R.gaussian_log_likelihood([[1.0]], [1.0], [0.0], sigma)):
        with pytest.raises(error) as e:
            call()
        assert str(e.value) == message


# ---- LR-14: locally weighted regression -------------------------------------------------------

@st.composite
def lwr_problems(draw):
    X, y, _ = draw(S.regression_problems(min_rows=6, max_rows=12))
    queries = draw(st.lists(S.vectors(len(X[0]) - 1), min_size=1, max_size=4))
    tau = draw(st.sampled_from([0.5, 1.0, 3.0, 10.0]))
    return S.to_float(X), S.to_float(y), [[1.0] + S.to_float(q) for q in queries], tau


@given(lwr_problems())
def test_lwr_fast_equals_reference_LR_14(p):
    X, y, queries, tau = p
    w_ref = R.lwr_weights(X, queries[0], tau)
    assert close(F.lwr_weights(X, queries[0], tau), w_ref)
    assert all(0 < w <= 1 for w in w_ref)
    Xa = np.array(X)
    cond = max(np.linalg.cond(Xa.T @ (np.array(R.lwr_weights(X, q, tau))[:, None] * Xa)) for q in queries)
    if cond > 1e8:  # near-singular: each face may refuse it (their pivot rules differ in the last bits)
        return
    expected = R.lwr_predict(X, y, queries, tau)
    assert close(F.lwr_predict(X, y, queries, tau), expected, rel=1e-15 * cond + 1e-12)


@given(lwr_problems())
def test_lwr_sigma_form_and_wide_bandwidth_LR_14(p):
    X, y, queries, tau = p
    n = len(X[0])
    sigma_inv = (np.eye(n) / tau ** 2).tolist()
    assert close(R.lwr_weights_sigma(X, queries[0], sigma_inv), R.lwr_weights(X, queries[0], tau))
    assert close(F.lwr_weights_sigma(X, queries[0], sigma_inv), R.lwr_weights(X, queries[0], tau))
    ols = np.array(X) @ R.normal_equations(X, y)
    wide = F.lwr_predict(X, y, X, 1e7)
    assert close(wide, ols, rel=1e-6)


def test_lwr_weights_are_one_at_the_query_LR_14(impl):
    X = impl.arg([[1.0, 0.0], [1.0, 1.0], [1.0, 5.0]])
    w = impl.out(impl.linear_regression.lwr_weights(X, impl.arg([1.0, 1.0]), 1.0))
    assert w[1] == 1.0 and w[0] == pytest.approx(np.exp(-0.5)) and w[2] == pytest.approx(np.exp(-8))


# ---- LR-15: polynomial features ---------------------------------------------------------------

@given(st.lists(S.rationals(), min_size=1, max_size=6), st.integers(1, 5))
def test_polynomial_features_LR_15(x, degree):
    exact = R.polynomial_features(x, degree)
    assert exact == [[v ** k for k in range(degree + 1)] for v in x]
    assert close(F.polynomial_features([float(v) for v in x], degree), [[float(v) for v in r] for r in exact])


def test_polynomial_fit_interpolates_at_full_degree_LR_15(impl):
    """A degree-(m−1) polynomial passes through m points (000 §4's overfitting picture)."""
    x = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
    y = [1.0, 3.0, 2.0, 5.0, 4.0, 6.0]
    Phi = impl.linear_regression.polynomial_features(impl.arg(x), 5)
    theta = impl.linear_regression.normal_equations(Phi, impl.arg(y))
    assert close(impl.linear_regression.predict(Phi, theta), y, rel=1e-8)


# ---- exactness and precision of the reference -------------------------------------------------

def test_reference_runs_on_fractions_and_mpf():
    import mpmath
    X = [[1, 1], [1, 2], [1, 4]]
    y = [Fraction(1), Fraction(2), Fraction(2)]
    theta = R.normal_equations(X, y)
    assert theta == [Fraction(1), Fraction(2, 7)]  # XᵀX = [[3, 7], [7, 21]], Xᵀy = [5, 13]
    with mpmath.workdps(50):
        t = R.normal_equations(S.to_mpf(X), S.to_mpf(y))
        assert all(isinstance(v, mpmath.mpf) for v in t)
        assert abs(t[1] - mpmath.mpf(2) / 7) < mpmath.mpf(10) ** -45


def test_qr_solver_keeps_a_large_intercept_from_leaking_into_nearly_dependent_columns_LR_12():
    """X = [1, u, u + 10⁻⁴v] (cond(X) ≈ 10⁵) and y ≈ 10⁸: modified Gram–Schmidt takes the large
    component c₀q̃₀ out of the residual before the later c_k are formed. θ matches the exact
    least-squares θ of the same floats within 10⁻⁹ relative (≈ 50·ε·cond(X)); adding c₀q̃₀
    instead of subtracting it would leave 10⁸ times the columns' loss of orthogonality in
    c₁, c₂ (an error near 2·10⁻⁴ here)."""
    u, v, r = [0.0, 1.0, 2.0, 3.0], [1.0, -1.0, -1.0, 1.0], [1.0, 2.0, 0.0, 3.0]
    X = [[1.0, a, a + 1e-4 * b] for a, b in zip(u, v)]
    y = [1e8 + t for t in r]
    assert np.linalg.cond(np.array(X)) < 1e6
    exact = R.normal_equations([[Fraction(t) for t in row] for row in X], [Fraction(t) for t in y],
                               solver="qr")
    theta = R.normal_equations(X, y, solver="qr")
    for e, t in zip(exact, theta):
        assert abs(Fraction(t) - e) <= Fraction(1, 10 ** 9) * (1 + abs(e))


# ---- LR-12, LR-14: a dependence verdict at its edge is the same in both faces -----------------
# A column is dependent when the part of it the earlier columns do not explain is at most n·eps
# of its squared size (d_k / A_kk <= n·eps). The designs below put that ratio within a factor 4
# of n·eps, where the faces' rounding (a loop here, BLAS and LAPACK on the equilibrated matrix
# there) could flip a float verdict; both faces must follow the verdict at 50 digits.

def pivot_ratios_at_50_digits(X, w=None):
    """r_k = d_k / A_kk of A = XᵀWX formed and factored at 50 digits from the float X and w
    themselves: d_k / A_kk = 1 − aᵀB⁻¹a / A_kk with B the leading k×k block (mpmath's LU, an
    oracle apart from the faces' LDLᵀ and Cholesky)."""
    m, n = len(X), len(X[0])
    w = [1.0] * m if w is None else w
    with mpmath.workdps(50):
        A = mpmath.matrix(n, n)
        for i in range(m):
            for j in range(n):
                for k in range(n):
                    A[j, k] += mpmath.mpf(w[i]) * mpmath.mpf(X[i][j]) * mpmath.mpf(X[i][k])
        ratios = []
        for k in range(n):
            if k == 0:
                ratios.append(mpmath.mpf(1) if A[0, 0] > 0 else mpmath.mpf(0))
                continue
            B = A[:k, :k]
            a = A[:k, k]
            c = mpmath.lu_solve(B, a)
            ratios.append((A[k, k] - sum(a[j] * c[j] for j in range(k))) / A[k, k])
    return ratios


def verdict_at_50_digits(X, w=None):
    """The first column whose ratio is at most n·eps (float eps), or None."""
    n = len(X[0])
    ratios = pivot_ratios_at_50_digits(X, w)
    return next((k for k, r in enumerate(ratios) if r <= n * 2.0 ** -52), None)


@st.composite
def designs_at_the_edge(draw, min_rows=4, max_rows=9, max_features=3):
    """X whose last column is a combination of the earlier ones plus a perturbation scaled so
    that its pivot ratio is n·eps · 2^e, e uniform in [−2, 2]."""
    k = draw(st.integers(1, max_features))
    m = draw(st.integers(max(min_rows, k + 2), max_rows))
    B = np.array(S.to_float(draw(S.matrices(m, k))), dtype=float)
    B[:, 0] = 1.0
    c = np.array(S.to_float(draw(S.vectors(k))), dtype=float)
    u = np.array(S.to_float(draw(S.vectors(m))), dtype=float)
    base = B @ c
    u_perp = u - B @ np.linalg.lstsq(B, u, rcond=None)[0]
    if np.linalg.matrix_rank(B) < k or np.linalg.norm(u_perp) < 1e-3 or np.linalg.norm(base) < 1e-3:
        from hypothesis import assume
        assume(False)
    n = k + 1
    ratio = n * 2.0 ** -52 * 2.0 ** draw(st.floats(-2, 2))
    delta = np.sqrt(ratio) * np.linalg.norm(base) / np.linalg.norm(u_perp)
    return np.c_[B, base + delta * u_perp].tolist()


def outcome(f):
    try:
        f()
    except linalg.SingularMatrixError as e:
        return "singular", e.column, str(e)
    return "solved", None, None


@settings(max_examples=60)
@given(designs_at_the_edge(), st.data())
def test_a_dependence_at_its_edge_is_decided_alike_and_at_50_digits_LR_12(X, data):
    """Both faces take the normal equations' verdict the 50-digit oracle takes, with the same
    column and words."""
    y = S.to_float(data.draw(S.vectors(len(X))))
    expected = verdict_at_50_digits(X)
    ref = outcome(lambda: R.normal_equations(X, y))
    fast = outcome(lambda: F.normal_equations(np.array(X), np.array(y)))
    assert ref == fast
    assert ref[1] == expected


@settings(max_examples=40)
@given(designs_at_the_edge(), st.data())
def test_a_weighted_dependence_at_its_edge_is_decided_alike_LR_14(X, data):
    """XᵀWX with weights in [1/4, 4]: the same verdict in both faces, the oracle's on XᵀWX."""
    y = S.to_float(data.draw(S.vectors(len(X))))
    w = S.to_float(data.draw(st.lists(S.positive_rationals(), min_size=len(X), max_size=len(X))))
    expected = verdict_at_50_digits(X, w)
    ref = outcome(lambda: R.weighted_normal_equations(X, y, w))
    fast = outcome(lambda: F.weighted_normal_equations(np.array(X), np.array(y), np.array(w)))
    assert ref == fast
    assert ref[1] == expected


@settings(max_examples=40)
@given(st.integers(1, 5).flatmap(lambda m: st.tuples(
    S.matrices(m, m + 1 + m % 3), S.vectors(m))))
def test_fewer_rows_than_columns_is_singular_in_both_faces_LR_12(p):
    """m < n: XᵀX has rank at most m < n, so both faces raise SingularMatrixError naming the
    same dependent column in the same words (600 random draws once split 7 and 4 between the
    faces' answers)."""
    X, y = S.to_float(p)
    ref = outcome(lambda: R.normal_equations(X, y))
    fast = outcome(lambda: F.normal_equations(np.array(X), np.array(y)))
    assert ref == fast
    assert ref[0] == "singular"


# ---- two bad arguments: both faces name the same one first ------------------------------------

from bad_pairs import check_pair, pairs  # noqa: E402
from test_bad_input_linear_regression import TABLE as BAD_INPUT  # noqa: E402


@settings(max_examples=150)
@given(pairs(BAD_INPUT))
def test_two_bad_arguments_get_the_same_error_in_both_faces(case):
    check_pair(BAD_INPUT, *case)
