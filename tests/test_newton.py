"""Newton's method as written once in cs229.reference.newton, the driver of both faces (the fast
face hands in its compiled passes, cs229.fast._glm_core) (NW-2, GLM-4, SM-4): the damped step,
the data start, the notes' literal iteration, the errors; fast and reference take the same steps
(the same step lengths t, iterates equal to rounding)."""
from fractions import Fraction
from fractions import Fraction as Q

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from sklearn.datasets import load_iris

import cs229.fast.glm as FG
import cs229.fast.logistic_regression as FL
import cs229.fast.softmax as FS
import cs229.reference.glm as RG
import cs229.reference.logistic_regression as RL
import cs229.reference.softmax as RS
from cs229.testing import strategies as S
from cs229.reference import exponential_family as ef
from cs229.reference import linalg, newton
from cs229.reference import linear_regression as lr
from cs229.reference.results import ConvergenceError, SeparableDataError, StepFailed


def _same_path(reference, fast, one_step, hessian):
    """The same outcome in both faces: the same error; or the same number of iterations and step
    lengths, the same answer (1e-9), and every step of the reference's path taken again by the
    fast face from the reference's iterate, to rounding (eps times the condition number of the
    Hessian solved there). Comparing whole paths instead would measure how the Newton map
    amplifies rounding far from the optimum, not whether the faces take the same steps."""
    try:
        a = reference()
    except (linalg.SingularMatrixError, ConvergenceError) as e:
        with pytest.raises(type(e)):
            fast()
        return
    b = fast()
    assert a.iterations == b.iterations
    assert a.extra["step_lengths"] == b.extra["step_lengths"]
    final = np.asarray(b.theta, dtype=float)
    assert np.abs(np.asarray(a.theta, dtype=float) - final).max() <= 1e-9 * max(1.0, np.abs(final).max())
    for k in range(a.iterations):
        start, expected = np.asarray(a.path[k], dtype=float), np.asarray(a.path[k + 1], dtype=float)
        try:
            step = one_step(start)
        except ConvergenceError as e:  # the cap of one iteration, before convergence
            step = e.result
        assert step.extra["step_lengths"] == [a.extra["step_lengths"][k]]
        bound = 1e-14 * np.linalg.cond(hessian(start)) * max(1.0, np.abs(expected).max())
        assert np.abs(np.asarray(step.theta, dtype=float) - expected).max() <= bound, (k, bound)


@settings(max_examples=20)
@given(S.count_problems(), st.sampled_from([1, 2, 4]))
# Three draws (start θ = (0, −4, −4), 7 rows) on which the faces once disagreed: a pivot of XᵀWX
# within rounding of n·eps, and a step whose ℓ change was within rounding of the threshold.
@example(([[Q(1), Q(3), Q(15, 8)], [Q(1), Q(-4), Q(-17, 8)], [Q(1), Q(4, 3), Q(12, 5)], [Q(1), Q(8, 5), Q(2)],
           [Q(1), Q(3, 2), Q(-1)], [Q(1), Q(-3, 7), Q(7, 2)], [Q(1), Q(3), Q(13, 5)]],
          [4, 4, 6, 4, 5, 1, 6], [Q(0), Q(-1), Q(-1)]), 4)  # only the fast face called XᵀWX singular
@example(([[Q(1), Q(-3), Q(-16, 5)], [Q(1), Q(0), Q(9, 8)], [Q(1), Q(10, 3), Q(8, 3)], [Q(1), Q(10, 3), Q(2)],
           [Q(1), Q(-5, 7), Q(2)], [Q(1), Q(7, 2), Q(0)], [Q(1), Q(-7, 2), Q(-23, 6)]],
          [4, 0, 1, 5, 5, 0, 5], [Q(0), Q(-1), Q(-1)]), 4)  # only the reference called it singular
@example(([[Q(1), Q(-19, 8), Q(13, 5)], [Q(1), Q(-7, 2), Q(-4)], [Q(1), Q(2), Q(27, 7)], [Q(1), Q(31, 8), Q(4)],
           [Q(1), Q(-13, 4), Q(13, 5)], [Q(1), Q(4), Q(0)], [Q(1), Q(1, 5), Q(13, 8)]],
          [3, 4, 0, 1, 6, 2, 4], [Q(0), Q(-1), Q(-1)]), 4)  # first step 0.03125 here, 0.015625 there
def test_damped_poisson_newton_takes_the_reference_steps_GLM_4(p, far):
    X, y, theta = S.to_float(p)
    start = [far * t for t in theta]
    Xa, ya = np.array(X), np.array(y, dtype=float)
    _same_path(lambda: RG.poisson_regression(X, y, start, record=True),
               lambda: FG.poisson_regression(Xa, ya, np.array(start), record=True),
               lambda t: FG.poisson_regression(Xa, ya, t, max_iterations=1),
               lambda t: FG.hessian("poisson", Xa, ya, t))


@settings(max_examples=20)
@given(S.classification_problems(), st.sampled_from([1, 2, 4]), st.sampled_from(["zero", "data"]))
def test_damped_logistic_newton_takes_the_reference_steps_NW_2(p, far, start):
    X, y, theta = S.to_float(p)
    given_start = [far * t for t in theta] if far > 1 else None
    Xa, ya = np.array(X), np.array(y, dtype=float)
    _same_path(lambda: RL.newton(X, y, given_start, record=True, start=start),
               lambda: FL.newton(Xa, ya, None if given_start is None else np.array(given_start),
                                 record=True, start=start),
               lambda t: FL.newton(Xa, ya, t, max_iterations=1),
               lambda t: FL.hessian(Xa, ya, t))


@settings(max_examples=15)
@given(S.multiclass_problems())
def test_softmax_newton_from_zero_takes_the_reference_steps_SM_4(p):
    X, y, _ = S.to_float(p)
    Xa, ya = np.array(X), np.array(y)
    _same_path(lambda: RS.newton(X, y, record=True), lambda: FS.newton(Xa, ya, record=True),
               lambda T: FS.newton(Xa, ya, T, max_iterations=1),
               lambda T: FS.hessian(Xa, ya, T))


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


def test_start_and_damping_are_validated_in_both_faces(impl):
    X, y = impl.arg([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]]), impl.arg([1, 0, 1])
    with pytest.raises(ValueError, match=r"start must be one of \('zero', 'data'\)"):
        impl.glm.newton("poisson", X, y, start="ones")
    with pytest.raises(TypeError, match="start must be one of"):
        impl.logistic_regression.newton(X, y, start=0)
    # one reader for every Newton fit (cs229.reference.newton.options): the same words in all
    for fit in (lambda **kw: impl.glm.newton("poisson", X, y, **kw),
                lambda **kw: impl.logistic_regression.newton(X, y, **kw),
                lambda **kw: impl.softmax.newton(X, impl.arg([1, 2, 1]), **kw)):
        with pytest.raises(ValueError, match="tol must be a number for Newton's method"):
            fit(tol=None)
        with pytest.raises(TypeError, match="damping must be True or False"):
            fit(damping="yes")
        with pytest.raises(ValueError, match="max_iterations"):
            fit(max_iterations=0)
    with pytest.raises(ValueError, match=r"solver must be one of \('cholesky', 'qr'\)"):
        impl.linear_regression.normal_equations(X, impl.arg([1.0, 2.0, 3.0]), solver="svd")


def test_no_maximum_likelihood_start_is_named_in_both_faces(impl):
    X = impl.arg([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]])
    with pytest.raises(ValueError, match="every count is 0"):
        impl.glm.poisson_regression(X, impl.arg([0, 0, 0]))
    with pytest.raises(ValueError, match="every label is 1"):
        impl.glm.newton("bernoulli", X, impl.arg([1, 1, 1]))


def test_a_start_outside_the_gamma_domain_names_theta(impl):
    """The exponential family needs η < 0: a WLS start that leaves the domain is named."""
    X = impl.arg([[1.0, -3.0], [1.0, 0.0], [1.0, 3.0], [1.0, 6.0]])
    y = impl.arg([0.01, 0.1, 100.0, 0.02])
    with pytest.raises(ValueError, match=r"^theta .*start='data'.*cannot start there"):
        impl.glm.newton("exponential", X, y)
    with pytest.raises(ValueError, match=r"^theta: GLM Newton cannot start there"):
        impl.glm.newton("exponential", X, y, impl.arg([1.0, 0.0]))
    fit = impl.glm.newton("exponential", X, y, impl.arg([-1.0, 0.0]))  # halving keeps η < 0
    assert fit.converged and fit.extra["step_lengths"][0] < 1


def test_singular_hessian_names_the_dependent_column(impl):
    X = impl.arg([[1.0, 1.0, 2.0], [1.0, 2.0, 4.0], [1.0, 3.0, 6.0], [1.0, 5.0, 10.0]])
    with pytest.raises(linalg.SingularMatrixError,
                       match=r"GLM Newton: the Hessian −XᵀWX is singular at iteration 1: column 2 of X is 2 × column 1"):
        impl.glm.newton("poisson", X, impl.arg([1, 2, 3, 5]), start="zero")
    with pytest.raises(linalg.SingularMatrixError, match="column 2 of X is 2 × column 1"):
        impl.logistic_regression.newton(X, impl.arg([1, 0, 1, 0]))
    with pytest.raises(linalg.SingularMatrixError, match="column 2 of X is 2 × column 1"):
        impl.softmax.newton(X, impl.arg([1, 2, 3, 1]))


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


def test_one_class_separable_from_the_rest_is_called_separation_SM_4(impl):
    """Iris on sepal length and width: setosa is linearly separable from the other two, so its
    θ grows without bound and the Hessian becomes singular; the error says separation."""
    d = load_iris()
    X = np.c_[np.ones(150), d.data[:, :2]]
    with pytest.raises(SeparableDataError, match="class 1 is linearly separable from the others"):
        impl.softmax.newton(impl.arg(X), impl.arg(d.target + 1))


def test_newton_helpers_refuse_what_they_cannot_size():
    assert newton.number_of_classes([1, 2, 3, 3]) == 3
    with pytest.raises(ValueError, match="class 2 of 1..1000000000000"):
        newton.number_of_classes([1, 10 ** 12])
    assert newton.rounding_bound(10, 0) == 0
    assert newton.data_start(ef.GAUSSIAN, [[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]], [1.0, 3.0, 5.0]) == \
        pytest.approx([1.0, 2.0])


@pytest.mark.parametrize("m", [1, 7, 511, 512, 513, 1500])
@pytest.mark.parametrize("family,logistic_form", [("bernoulli", True), ("bernoulli", False), ("poisson", False),
                                                  ("gaussian", False), ("gamma", False)])
def test_one_pass_for_l_and_the_system_is_the_two_passes_NW_2_GLM_4(m, family, logistic_form):
    """fast._glm_core.newton_callbacks: ℓ and ∇ℓ bit for bit those of the separate passes (the
    reference's order), XᵀWX to rounding (blocked dsyrk), whether ℓ came first or not, across
    block boundaries."""
    import cs229.fast._glm_core as core
    rng = np.random.default_rng(m)
    X = np.c_[np.ones(m), rng.standard_normal((m, 3)) / 4]
    theta = rng.uniform(-0.5, 0.5, 4)
    code, k = core.family_code(ef.gamma(2) if family == "gamma" else ef.family(family))
    if family == "gamma":
        theta = np.r_[-2.0, theta[1:] / 10]
    mean = {"bernoulli": lambda e: rng.random(m) < 1 / (1 + np.exp(-e)), "poisson": lambda e: rng.poisson(np.exp(e)),
            "gaussian": lambda e: e + rng.standard_normal(m), "gamma": lambda e: rng.gamma(k, -1 / e)}[family]
    y = np.asarray(mean(X @ theta), dtype=np.float64)
    system, log_likelihood = core.newton_callbacks(X, y, code, k, logistic_form=logistic_form)
    separate = core.bernoulli_log_likelihood(X, y) if logistic_form else core.glm_log_likelihood(X, y, code, k)
    A0, g0 = core.glm_system(X, y, code, k)(theta)
    assert log_likelihood(theta) == separate(theta)
    A1, g1 = system(theta)                       # left by the ℓ pass
    A2, g2 = system(theta)                       # computed without ℓ
    assert np.array_equal(g1, g0) and np.array_equal(g2, g0) and np.array_equal(A1, A2)
    # a sum of m terms summed in another order: within m·ε of Σᵢ wᵢ|xᵢⱼxᵢₖ| ≤ √(A_jj A_kk)
    bound = X.shape[0] * np.finfo(float).eps * np.sqrt(np.outer(np.diag(A0), np.diag(A0)))
    assert np.all(np.abs(np.triu(A1) - np.triu(A0)) <= np.triu(bound))


def test_column_dependence_is_the_error_of_XtX():
    """One row, two columns: XᵀX is singular (the error names column 1); one column: none."""
    e = newton.column_dependence([[1.0, 2.0]])
    assert isinstance(e, linalg.SingularMatrixError) and str(e) == "matrix is singular: column 1 is 2 × column 0"
    assert newton.column_dependence([[1.0], [2.0]]) is None
    assert str(newton.column_dependence([[0.0, 1.0], [0.0, 2.0]])) == "matrix is singular: column 0 is zero"


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


def test_singular_softmax_hessian_names_the_cause_SM_4():
    columns = linalg.SingularMatrixError("x", column=1, combination={0: 2.0})
    e = newton.singular_softmax_hessian(4, None, columns, 2)
    assert str(e) == "softmax Newton: the Hessian is singular at iteration 4: column 1 of X is 2 × column 0"
    assert (e.column, e.combination) == (1, {0: 2.0})
    e = newton.singular_softmax_hessian(3, linalg.SingularMatrixError("x", column=5, combination={1: 0.5}), None, 2)
    assert str(e) == ("softmax Newton: the Hessian is singular at iteration 3: parameter 5 (θ_3 entry 1) depends "
                      "on the ones before it (a class absent from y, or one whose examples carry no weight)")
    assert (e.column, e.combination) == (5, {1: 0.5})


def test_the_data_start_reads_y_bar_in_the_type_of_X_GLM_4():
    """ȳ starts from 0 in X's scalar type, read off x⁽¹⁾ whatever its shape (one row, one
    column, a first entry 0)."""
    assert newton.data_start(ef.GAUSSIAN, [[2.0]], [3.0]) == [1.5]
    assert newton.data_start(ef.GAUSSIAN, [[0.0, 1.0], [1.0, 1.0]], [1.0, 3.0]) == pytest.approx([2.0, 1.0])
    exact = newton.data_start(ef.GAUSSIAN, [[Fraction(1)], [Fraction(3)]], [1, 2])
    assert exact == [Fraction(7, 10)] and isinstance(exact[0], Fraction)


@pytest.mark.parametrize("y,message", [
    ([0], "y: every label is 0, so ℓ(θ) approaches 0 as the intercept grows without bound and no "
          "maximum likelihood θ exists"),
    ([1], "y: every label is 1, so ℓ(θ) approaches 0 as the intercept grows without bound and no "
          "maximum likelihood θ exists"),
    ([0, 0], "y: every label is 0, so ℓ(θ) approaches 0 as the intercept grows without bound and no "
             "maximum likelihood θ exists")], ids=["zero", "one", "zeros"])
def test_the_data_start_refuses_one_label_GLM_4(y, message):
    with pytest.raises(ValueError) as e:
        newton.data_start(ef.BERNOULLI, [[1.0]] * len(y), y)
    assert str(e.value) == message


def test_the_data_start_refuses_zero_counts_GLM_4():
    with pytest.raises(ValueError) as e:
        newton.data_start(ef.POISSON, [[1.0], [1.0]], [0, 0])
    assert str(e.value) == ("y: every count is 0, so ℓ(θ) increases as η → −∞ and no maximum "
                            "likelihood θ exists")


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


def test_glm_log_likelihood_says_where_it_is_not_defined_GLM_4():
    with pytest.raises(StepFailed) as e:  # η = 1e200: η²/2 overflows to inf, ℓ to −inf
        newton.glm_log_likelihood(ef.GAUSSIAN, [[1.0]], [1.0], [1e200])
    assert str(e.value) == "ℓ(θ) is not finite"
    fam = ef.gamma(1)
    with pytest.raises(ValueError) as outside:
        ef.log_density(fam, 1.0, 1.0)
    with pytest.raises(StepFailed) as e:  # η = 1 is outside the exponential's η < 0
        newton.glm_log_likelihood(fam, [[1.0]], [1.0], [1.0])
    assert str(e.value) == str(outside.value) != ""


def test_glm_system_refuses_an_overflowed_residual_GLM_4():
    """r = y − η overflows for the Gaussian while w = 1 does not: either is enough."""
    with pytest.raises(StepFailed) as e:
        newton.glm_system(ef.GAUSSIAN, [[1.0]], [1e308], [-1e308])
    assert str(e.value) == "g(θᵀx) overflowed"


def test_rounding_bound_is_2_m_plus_8_eps_size():
    assert newton.rounding_bound(10, 1.0) == 2 * 18 * np.finfo(float).eps
    assert newton.rounding_bound(1, 4.0) == 2 * 9 * np.finfo(float).eps * 4.0


def test_origin_names_the_start():
    assert newton.origin([0.0], "data") == "theta"
    assert newton.origin(None, "data") == "theta (the start from the data, start='data')"
    assert newton.origin(None, "zero") == "theta (θ = 0, start='zero')"


def test_singular_hessian_words_and_combination():
    e = linalg.SingularMatrixError("x", column=2, combination={1: 2.0})
    error = newton.singular_hessian("GLM Newton")(e, 3, [0.0, 0.0, 0.0])
    assert str(error) == ("GLM Newton: the Hessian −XᵀWX is singular at iteration 3: column 2 of X is "
                          "2 × column 1, on the examples that carry weight")
    assert (error.column, error.combination) == (2, {1: 2.0})


# ---- NW-2, GLM-4: the damped step's verdict at its edge ------------------------------------------
# Along θ(λ) = λ·d the change ℓ(θ + s) − ℓ(θ) of the full Newton step crosses the threshold −T
# somewhere; bisection on the 50-digit verdict finds two adjacent floats λ where it flips, where
# the float changes of both faces are within rounding of −T. Both faces must take the full step
# exactly where the 50-digit verdict does.

def _first_step(fit):
    """(t of the first step, or the error's type and words)."""
    try:
        result = fit()
    except ConvergenceError as e:
        if e.result.extra and e.result.extra.get("step_lengths"):
            return e.result.extra["step_lengths"][0]
        return type(e).__name__, str(e)
    return result.extra["step_lengths"][0]


def _flip(verdict, lo, hi):
    """Adjacent floats lo < hi with verdict(lo) != verdict(hi), given verdict(lo) != verdict(hi)."""
    v_lo = verdict(lo)
    while np.nextafter(lo, hi) < hi:
        mid = (lo + hi) / 2
        if verdict(mid) == v_lo:
            lo = mid
        else:
            hi = mid
    return lo, hi


@settings(max_examples=8)
@given(S.classification_problems(), st.sampled_from([(ef.BERNOULLI, "logistic"), (ef.POISSON, "poisson")]))
def test_a_step_at_its_edge_is_decided_alike_and_at_50_digits_NW_2_GLM_4(p, family):
    X, y, d = S.to_float(p)
    from hypothesis import assume
    assume(any(d))
    fam, name = family
    if name == "logistic":
        exact = (RL.newton_callbacks, (X, y))
        fits = (lambda t: RL.newton(X, y, list(t), max_iterations=1),
                lambda t: FL.newton(np.array(X), np.array(y, dtype=float), np.array(t), max_iterations=1))
    else:
        exact = (newton.glm_callbacks, (fam, X, y))
        fits = (lambda t: RG.poisson_regression(X, y, list(t), max_iterations=1),
                lambda t: FG.poisson_regression(np.array(X), np.array(y, dtype=float), np.array(t),
                                                max_iterations=1))

    def verdict(lam):
        return newton.step_referee(exact, [lam * v for v in d], 1.0)

    grid = [0.0, 0.5, 1.0, 2.0, 4.0, 8.0]
    flips = [(a, b) for a, b in zip(grid, grid[1:]) if verdict(a) != verdict(b)]
    assume(flips)
    lo, hi = _flip(verdict, *flips[0])
    for lam in (np.nextafter(lo, -np.inf), lo, hi, np.nextafter(hi, np.inf)):
        theta = [lam * v for v in d]
        ref, fast = (_first_step(lambda: fit(theta)) for fit in fits)
        assert ref == fast, lam
        assert (ref == 1.0) == verdict(lam), lam
