"""Newton's method as written once in cs229.reference.newton, the driver of both faces (NW-2, GLM-4,
SM-4): the notes' formulas and the facts they state, against exact (Fraction) and 50-digit oracles
and invariants, on the reference and, where a test takes ``impl``, on both faces."""
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings

import cs229.fast.glm as FG
import cs229.reference.glm as RG
from cs229.reference import exponential_family as ef, linalg, linear_regression as lr, newton
from cs229.reference.results import ConvergenceError
from cs229.testing import strategies as S


@settings(max_examples=15)
@given(S.count_problems())
def test_the_data_start_is_the_weighted_least_squares_fit_of_the_working_response_GLM_4(p):
    """μ₀ = (y + ȳ)/2, η₀ = log μ₀, w₀ = μ₀, z₀ = η₀ + (y − μ₀)/w₀: θ₀ = WLS(X, z₀, w₀)."""
    X, y, _ = S.to_float(p)
    y_bar = sum(y) / len(y)
    mu = [(v + y_bar) / 2 for v in y]
    z = [np.log(u) + (v - u) / u for u, v in zip(mu, y)]
    expected = lr.weighted_normal_equations(X, z, mu)
    fit = RG.poisson_regression(X, y, record=True)
    assert np.allclose(fit.path[0], expected, rtol=1e-12, atol=1e-12)
    fast = FG.poisson_regression(np.array(X), np.array(y, dtype=float), record=True)
    assert np.allclose(fast.path[0], expected, rtol=1e-12, atol=1e-12)


@settings(max_examples=10)
@given(S.count_problems())
def test_undamped_from_zero_is_the_notes_iteration_GLM_4(p):
    """θ_{t+1} = θ_t − H⁻¹∇ℓ, written out here with the public Hessian and gradient."""
    X, y, _ = S.to_float(p)
    theta = [0.0] * len(X[0])
    path = [theta]
    for _ in range(3):
        H, g = RG.hessian("poisson", X, y, theta), RG.gradient("poisson", X, y, theta)
        step = linalg.solve(H, g)
        theta = [t - s for t, s in zip(theta, step)]
        path.append(theta)
    with pytest.raises(ConvergenceError) as caught:
        RG.poisson_regression(X, y, start="zero", damping=False, max_iterations=3, tol=0.0,
                              record=True)
    assert np.allclose(caught.value.result.path, path, rtol=1e-10, atol=1e-12)
    assert caught.value.result.extra["step_lengths"] == [1.0, 1.0, 1.0]


def test_softmax_default_start_is_zero_with_k_the_largest_label_SM_4(impl):
    X = impl.arg(S.to_float([[1, 0.5], [1, -1], [1, 2], [1, 0], [1, 1.5], [1, -0.5]]))
    y = impl.arg([1, 2, 3, 3, 2, 1])
    zero = impl.softmax.newton(X, y, impl.arg([[0.0, 0.0], [0.0, 0.0]]), record=True)
    default = impl.softmax.newton(X, y, record=True)
    assert np.array_equal(np.asarray(default.path, dtype=float), np.asarray(zero.path, dtype=float))
    with pytest.raises(ValueError, match="class 2 of 1..3 does not occur"):
        impl.softmax.newton(X, impl.arg([1, 3, 3, 3, 1, 1]))
    with pytest.raises(ValueError, match="k >= 2"):
        impl.softmax.newton(X, impl.arg([1, 1, 1, 1, 1, 1]))


def test_number_of_classes_SM_4():
    assert newton.number_of_classes([3, 1, 2, 2]) == 3
    for labels, message in (([2, 3], "y: class 1 of 1..3 does not occur; with Theta=None, k is the largest label "
                                     "and every class in 1..k must be present"),
                            ([1, 3, 3], "y: class 2 of 1..3 does not occur; with Theta=None, k is the largest label "
                                        "and every class in 1..k must be present"),
                            ([1, 1], "y: softmax regression needs labels in 1..k with k >= 2, got only 1")):
        with pytest.raises(ValueError) as e:
            newton.number_of_classes(labels)
        assert str(e.value) == message


def test_the_data_start_reads_y_bar_in_the_type_of_X_GLM_4():
    """ȳ starts from 0 in X's scalar type, read off x⁽¹⁾ whatever its shape (one row, one
    column, a first entry 0)."""
    assert newton.data_start(ef.GAUSSIAN, [[2.0]], [3.0]) == [1.5]
    assert newton.data_start(ef.GAUSSIAN, [[0.0, 1.0], [1.0, 1.0]], [1.0, 3.0]) == pytest.approx([2.0, 1.0])
    exact = newton.data_start(ef.GAUSSIAN, [[Fraction(1)], [Fraction(3)]], [1, 2])
    assert exact == [Fraction(7, 10)] and isinstance(exact[0], Fraction)


def test_glm_log_likelihood_is_the_sum_of_log_densities_with_its_rounding_bound_GLM_4():
    """ℓ = Σᵢ log p(y⁽ⁱ⁾; θᵀx⁽ⁱ⁾), bound = rounding_bound(m, Σᵢ |log p| + |ηy| + |a(η)|)."""
    X, y, theta = [[1.0, 0.5], [1.0, -1.0], [1.0, 2.0]], [1, 0, 3], [0.25, 0.5]
    ell, bound = newton.glm_log_likelihood(ef.POISSON, X, y, theta)
    etas = [linalg.dot(x, theta) for x in X]
    terms = [ef.log_density(ef.POISSON, v, e) for v, e in zip(y, etas)]
    assert ell == terms[0] + terms[1] + terms[2]
    size = sum(abs(t) + abs(e * v) + abs(ef.POISSON.a(e)) for t, v, e in zip(terms, y, etas))
    assert bound == newton.rounding_bound(3, size) > 0
    assert newton.glm_log_likelihood(ef.POISSON, [[Fraction(0)]], [1], [Fraction(1)]) == (-1, 0)


def test_rounding_bound_is_2_m_plus_8_eps_size():
    assert newton.rounding_bound(10, 1.0) == 2 * 18 * np.finfo(float).eps
    assert newton.rounding_bound(1, 4.0) == 2 * 9 * np.finfo(float).eps * 4.0
