"""Part III (EF-1, EF-2, EF-3, EF-4, EF-5, GLM-1, GLM-4): the families against scipy.stats and
their moments; GLM fits fast against reference (the same gradient-ascent iterates), against the
50-digit reference, and against the special cases the notes derive (OLS, logistic regression)."""
import mpmath
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import integrate, stats

import cs229.fast.glm as F
import cs229.reference.glm as R
from cs229.testing import strategies as S
from cs229.reference import exponential_family as ef
from cs229.reference import linear_regression as lr
from cs229.reference import logistic_regression as lg
from cs229.reference.results import ConvergenceError, SeparableDataError

etas = st.floats(-4, 4)
SCALAR_FAMILIES = [ef.BERNOULLI, ef.GAUSSIAN, ef.POISSON, ef.EXPONENTIAL, ef.gamma(3)]


def close(a, b, rel=1e-12):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return np.allclose(a, b, rtol=rel, atol=rel * max(1.0, np.abs(b).max(initial=0.0)))


def _eta_for(fam, eta):
    return -abs(eta) - 0.25 if fam.parameter == "rate" else eta


# ---- EF-1 … EF-5: the families ---------------------------------------------------------------------

@given(etas)
def test_densities_match_scipy_EF_1_2_3_5(eta):
    phi = 1 / (1 + np.exp(-eta))
    lam = np.exp(eta)
    for y in (0, 1):
        assert close(ef.density(ef.BERNOULLI, y, eta), stats.bernoulli.pmf(y, phi), 1e-12)
    for y in (0, 1, 5, 30):
        assert close(ef.log_density(ef.POISSON, y, eta), stats.poisson.logpmf(y, lam), 1e-11)
    for y in (-2.5, 0.0, 3.0):
        assert close(ef.density(ef.GAUSSIAN, y, eta), stats.norm.pdf(y, eta, 1), 1e-12)
        rate = abs(eta) + 0.25
        if y > 0:
            assert close(ef.density(ef.EXPONENTIAL, y, -rate), stats.expon.pdf(y, scale=1 / rate), 1e-12)
            assert close(ef.density(ef.gamma(3), y, -rate), stats.gamma.pdf(y, 3, scale=1 / rate), 1e-12)


@given(etas)
def test_every_family_normalises_EF_1(eta):
    assert abs(sum(ef.density(ef.BERNOULLI, y, eta) for y in (0, 1)) - 1) < 1e-15
    assert abs(sum(ef.density(ef.POISSON, y, eta) for y in range(200)) - 1) < 1e-12
    assert abs(integrate.quad(lambda y: ef.density(ef.GAUSSIAN, y, eta), -np.inf, np.inf)[0] - 1) < 1e-9
    for fam in (ef.EXPONENTIAL, ef.gamma(3)):
        e = _eta_for(fam, eta)
        assert abs(integrate.quad(lambda y: ef.density(fam, y, e), 0, np.inf)[0] - 1) < 1e-9
    m = ef.multinomial(4)
    assert abs(sum(ef.density(m, y, [eta, -eta, eta / 2]) for y in (1, 2, 3, 4)) - 1) < 1e-14


@given(etas)
def test_mean_and_variance_are_derivatives_of_a_EF_5_GLM_1(eta):
    """E[T(y)] = a′(η) = g(η) and Var = a″(η) ≥ 0, checked at 30 digits by numerical derivatives."""
    with mpmath.workdps(30):
        for fam in SCALAR_FAMILIES:
            e = mpmath.mpf(_eta_for(fam, eta))
            assert abs(mpmath.diff(fam.a, e) - fam.response(e)) < mpmath.mpf(10) ** -20
            assert abs(mpmath.diff(fam.a, e, 2) - fam.variance(e)) < mpmath.mpf(10) ** -15
            assert fam.variance(e) > 0
            assert abs(fam.link(fam.response(e)) - e) < mpmath.mpf(10) ** -25
            assert abs(fam.natural(fam.usual(e)) - e) < mpmath.mpf(10) ** -25


def test_poisson_moments_by_summation_EF_5():
    lam = 3.5
    eta = np.log(lam)
    p = np.array([ef.density(ef.POISSON, y, eta) for y in range(120)])
    y = np.arange(120)
    assert abs(p @ y - ef.POISSON.response(eta)) < 1e-12
    assert abs(p @ y ** 2 - (p @ y) ** 2 - ef.POISSON.variance(eta)) < 1e-11


def test_bernoulli_parameters_EF_2():
    assert ef.BERNOULLI.natural(0.5) == 0.0 and ef.BERNOULLI.usual(0.0) == 0.5
    assert abs(ef.BERNOULLI.a(2.0) - np.log(1 + np.exp(2.0))) < 1e-15
    assert ef.BERNOULLI.a(1e308) == 1e308 and ef.BERNOULLI.a(-1e308) == 0.0  # stable for every η
    with pytest.raises(ValueError, match="phi"):
        ef.BERNOULLI.natural(1.0)


def test_gaussian_b_and_large_targets_EF_3():
    """b(y) = e^(−y²/2)/√(2π); log p stays finite where b underflows (y = 60)."""
    assert abs(ef.GAUSSIAN.b(0.0) - 1 / np.sqrt(2 * np.pi)) < 1e-16
    assert close(ef.log_density(ef.GAUSSIAN, 60.0, 1.0), stats.norm.logpdf(60.0, 1.0, 1.0))


@given(st.floats(-3, 3), st.floats(-3, 3), st.floats(0.1, 5))
def test_dispersion_form_is_the_normal_density_EF_4(y, mu, s2):
    got = ef.dispersion_density(ef.GAUSSIAN_DISPERSION, y, mu, s2)
    assert close(got, stats.norm.pdf(y, mu, np.sqrt(s2)), 1e-12)
    assert close(got, lr.gaussian_density(y, mu, np.sqrt(s2)), 1e-12)


def test_family_lookup_EF_1(impl):
    assert ef.family("Poisson") is ef.POISSON and ef.family(ef.EXPONENTIAL) is ef.EXPONENTIAL
    with pytest.raises(ValueError, match="family"):
        ef.family("binomial")


# ---- GLM-1: the hypothesis -------------------------------------------------------------------------

@given(S.count_problems())
def test_hypothesis_is_the_canonical_response_GLM_1(p):
    X, _, theta = S.to_float(p)
    bound = max(sum(abs(v) for v in x[1:]) for x in X)  # |θⱼ| <= 1 below: η <= θ₀ + bound
    negative = [-1 - bound] + theta[1:]
    for fam, th in ((ef.POISSON, theta), (ef.BERNOULLI, theta), (ef.GAUSSIAN, theta),
                    (ef.EXPONENTIAL, negative)):
        ref = R.hypotheses(fam, X, th)
        assert close(F.hypotheses(fam, np.array(X), np.array(th)), ref)
        assert close(F.hypothesis(fam.name, X[0], th), R.hypothesis(fam.name, X[0], th))
        assert close(ref, [fam.response(sum(a * b for a, b in zip(x, th))) for x in X])


# ---- GLM-4: fitting --------------------------------------------------------------------------------

def _problem(fam, p):
    X, y, theta = p
    Xf = S.to_float(X)
    if fam is ef.BERNOULLI:
        y = [v % 2 for v in y]
    elif fam is ef.GAUSSIAN:
        y = [float(v) - 2 for v in y]
    elif fam is ef.EXPONENTIAL:
        y = [float(v) + 0.5 for v in y]
        theta = [-1] + [0] * (len(theta) - 1)
    return Xf, y, S.to_float(theta)


@given(S.count_problems(), st.sampled_from(["poisson", "bernoulli", "gaussian", "exponential"]),
       st.sampled_from([1e-3, 1e-2]), st.booleans())
def test_gradient_ascent_same_iterates_GLM_4(p, name, alpha, average):
    fam = ef.family(name)
    X, y, theta = _problem(fam, p)
    try:
        ref = R.gradient_ascent(fam, X, y, theta, alpha, 8, tol=None, average=average, record=True)
    except ConvergenceError:
        with pytest.raises(ConvergenceError):
            F.gradient_ascent(fam, np.array(X), np.array(y), np.array(theta), alpha, 8, tol=None,
                              average=average)
        return
    fast = F.gradient_ascent(fam, np.array(X), np.array(y), np.array(theta), alpha, 8, tol=None,
                             average=average, record=True)
    assert np.array_equal(fast.path, np.array(ref.path))
    assert np.array_equal(F.gradient(fam, X, y, theta), R.gradient(fam, X, y, theta))
    assert close(F.log_likelihood(fam, X, y, theta), R.log_likelihood(fam, X, y, theta), 1e-11)


@given(S.count_problems())
def test_poisson_regression_fast_reference_and_50_digits_GLM_4(p):
    X, y, _ = p
    ref = R.poisson_regression(S.to_float(X), y, record=True)
    fast = F.poisson_regression(np.array(S.to_float(X)), y, record=True)
    assert fast.iterations == ref.iterations and close(fast.theta, ref.theta, 1e-10)
    with mpmath.workdps(50):
        Xm = S.to_mpf(X)
        exact = R.poisson_regression(Xm, y, tol=mpmath.mpf(10) ** -45).theta
        assert max(abs(g) for g in R.gradient("poisson", Xm, y, exact)) < mpmath.mpf(10) ** -40
    assert close(ref.theta, [float(v) for v in exact], 1e-9)


@given(S.count_problems(), st.sampled_from(["bernoulli", "gaussian", "exponential"]))
def test_newton_fast_matches_reference_GLM_4(p, name):
    fam = ef.family(name)
    X, y, theta = _problem(fam, p)
    try:
        ref = R.newton(fam, X, y, theta if fam is ef.EXPONENTIAL else None)
    except (ArithmeticError, ValueError) as e:
        with pytest.raises(type(e)):
            F.newton(fam, np.array(X), np.array(y), np.array(theta) if fam is ef.EXPONENTIAL else None)
        return
    fast = F.newton(fam, np.array(X), np.array(y), np.array(theta) if fam is ef.EXPONENTIAL else None)
    assert fast.iterations == ref.iterations and close(fast.theta, ref.theta, 1e-9)
    assert max(abs(g) for g in R.gradient(fam, X, y, ref.theta)) < 1e-8 * (1 + max(map(abs, y)))


@given(S.regression_problems(min_rows=5))
def test_gaussian_glm_is_least_squares_GLM_2_GLM_4(p):
    """OLS as a GLM: Newton on the Gaussian family lands on the normal-equations θ in one step."""
    X, y, _ = S.to_float(p)
    fit = R.newton("gaussian", X, y)
    assert fit.iterations <= 2 and close(fit.theta, lr.normal_equations(X, y), 1e-9)
    assert close(F.newton("gaussian", np.array(X), np.array(y)).theta, fit.theta, 1e-9)


@given(S.classification_problems())
def test_bernoulli_glm_is_logistic_regression_GLM_3_GLM_4(p):
    X, y, theta = S.to_float(p)
    assert R.newton("bernoulli", X, y, start="zero").theta == lg.newton(X, y).theta
    assert R.gradient("bernoulli", X, y, theta) == lg.gradient(X, y, theta)
    assert abs(R.log_likelihood("bernoulli", X, y, theta) - lg.log_likelihood(X, y, theta)) < 1e-12


def test_poisson_divergence_and_cap_are_reported_GLM_4(impl):
    X = impl.arg([[1.0, 3.0], [1.0, 1.0], [1.0, 4.0], [1.0, 0.0]])
    y = impl.arg([20, 3, 50, 1])
    with pytest.raises(ConvergenceError, match="diverged"):
        impl.glm.gradient_ascent("poisson", X, y, impl.arg([0.0, 0.0]), 5.0, 1000)
    with pytest.raises(ConvergenceError, match="did not converge in 2"):
        impl.glm.poisson_regression(X, y, max_iterations=2)


def test_separable_bernoulli_glm_is_refused_GLM_4(impl):
    with pytest.raises(lg.SeparableDataError):
        impl.glm.newton("bernoulli", impl.arg([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]]), impl.arg([0, 1, 1]))


def test_poisson_with_large_counts_has_a_finite_likelihood_GLM_4(impl):
    """log y! is summed, not formed as 1/y! (which underflows); Newton starts at log ȳ because
    from θ = 0 its first step overshoots into exp overflow on counts this large."""
    X, y = impl.arg([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]]), impl.arg([200, 400, 900])
    fit = impl.glm.poisson_regression(X, y, impl.arg([np.log(500.0), 0.0]))
    ll = impl.glm.log_likelihood("poisson", X, y, fit.theta)
    assert np.isfinite(ll) and ll < 0


def test_families_pickle_to_the_same_family_EF_1():
    """The families hold lambdas; they pickle by name (an estimator holding one must pickle)."""
    import pickle
    for fam in (ef.BERNOULLI, ef.GAUSSIAN, ef.POISSON, ef.EXPONENTIAL):
        assert pickle.loads(pickle.dumps(fam)) is fam
    for fam in (ef.gamma(3), ef.multinomial(4)):
        again = pickle.loads(pickle.dumps(fam))
        assert again.name == fam.name and again.response(-0.5 if fam.shape else [0.1, 0.2, 0.3]) == \
            fam.response(-0.5 if fam.shape else [0.1, 0.2, 0.3])


XS, YS = [[1.0, -2.0], [1.0, -1.0], [1.0, 1.0], [1.0, 2.0]], [0, 0, 1, 1]


def test_gradient_ascent_on_separable_bernoulli_data_GLM_4(impl):
    with pytest.raises(SeparableDataError) as e:
        impl.glm.gradient_ascent("bernoulli", impl.arg(XS), impl.arg(YS), impl.arg([0.0, 0.0]), 0.5, record=True)
    assert str(e.value).startswith("GLM gradient ascent: the data are linearly separable (the iterate of step 1 ")
    assert e.value.result.iterations == 1 and e.value.result.converged is False and len(e.value.result.path) == 2
    assert np.allclose(e.value.result.theta, e.value.result.path[-1]) and np.asarray(e.value.result.theta).any()
    # without a tolerance the loop runs its steps: no separation test
    fit = impl.glm.gradient_ascent("bernoulli", impl.arg(XS), impl.arg(YS), impl.arg([0.0, 0.0]), 0.5,
                                   max_iterations=3, tol=None)
    assert fit.iterations == 3 and fit.converged is None


def test_gradient_ascent_divergence_names_alpha_GLM_4(impl):
    with pytest.raises(ConvergenceError) as e:
        impl.glm.gradient_ascent("poisson", impl.arg(XS), impl.arg([1, 2, 30, 400]), impl.arg([0.0, 0.0]), 10.0)
    assert str(e.value).startswith("GLM gradient ascent diverged at iteration 2: ") and str(e.value).endswith(
        " (lower alpha)")
    assert e.value.result.iterations == 1
    with pytest.raises(ConvergenceError) as e:  # θ itself overflows: the hint names alpha
        impl.glm.gradient_ascent("gaussian", impl.arg(XS), impl.arg([1.0, 2.0, 3.0, 4.0]), impl.arg([0.0, 0.0]), 10.0)
    assert str(e.value) == "GLM gradient ascent diverged at iteration 155: θ is no longer finite (alpha=10.0 is too large)"
    # the same words in both faces (and in Newton's failed steps)
    with pytest.raises(ConvergenceError) as e:
        impl.glm.gradient_ascent("poisson", impl.arg(XS), impl.arg([1, 2, 30, 400]), impl.arg([0.0, 0.0]), 10.0)
    assert str(e.value) == "GLM gradient ascent diverged at iteration 2: g(θᵀx) overflowed (lower alpha)"
    with pytest.raises(ConvergenceError) as e:
        impl.glm.gradient_ascent("exponential", impl.arg(XS), impl.arg([1, 2, 3, 4]), impl.arg([-1.0, 0.0]), 5.0)
    assert str(e.value) == "GLM gradient ascent diverged at iteration 2: η left the family's domain (lower alpha)"


@pytest.mark.parametrize("family, X, theta", [
    ("gaussian", [[1e200, 1.0], [1e200, -1.0]], [1e200, 0.0]),      # θᵀx overflows to ±inf
    ("poisson", [[1e200, 1.0], [1e200, -1.0]], [1e200, 0.0]),       # e^η of an infinite η
    ("exponential", [[1.0, 1.0], [1.0, 0.0]], [-1e-300, 0.0]),      # a″(η) = 1/η² overflows
])
def test_gradient_where_only_eta_or_the_variance_overflows_GLM_4(impl, family, X, theta):
    """Only e^η of a finite η is an overflow of g(θᵀx) in the gradient (the reference's
    OverflowError); an infinite η, or a variance past the float range (the gradient does not use
    it), flows into ∇ℓ as in the reference, and a step leaves the finite numbers."""
    y = impl.arg([1.0, 2.0])
    g = impl.glm.gradient(family, impl.arg(X), y, impl.arg(theta))
    assert np.array_equal(np.asarray(g, dtype=float), np.asarray(R.gradient(family, X, [1.0, 2.0], theta)),
                          equal_nan=True)
    if np.isfinite(np.asarray(g, dtype=float)).all():
        return
    with pytest.raises(ConvergenceError) as e:
        impl.glm.gradient_ascent(family, impl.arg(X), y, impl.arg(theta), 1.0, 3)
    assert str(e.value) == ("GLM gradient ascent diverged at iteration 1: θ is no longer finite "
                            "(alpha=1.0 is too large)")


@pytest.mark.parametrize("name, args", [
    ("gradient", (XS[:2], [1.0, 2.0], [1.0, 0.0])), ("log_likelihood", (XS[:2], [1.0, 2.0], [1.0, 0.0])),
    ("hypotheses", (XS[:2], [1.0, 0.0])), ("hypothesis", ([1.0, -1.0], [1.0, 0.0])),
])
def test_an_eta_outside_the_domain_is_named_with_the_family_and_its_value_GLM_4(impl, name, args):
    """The first η = θᵀx⁽ⁱ⁾ outside the gamma family's domain (η < 0), as both faces name it."""
    with pytest.raises(ValueError) as e:
        getattr(impl.glm, name)(ef.gamma(3), *(impl.arg(a) for a in args))
    assert str(e.value) == ("theta: η = θᵀx is outside the gamma(shape=3) family's domain (eta is 1.0: "
                            "the natural parameter must be < 0 (η = −rate))")


def test_gradient_ascent_defaults_GLM_4():
    """tol = 1e-10, the 10,000-step cap, the summed gradient, no path: as if given explicitly."""
    y = [1, 0, 2, 1]
    default = R.gradient_ascent("poisson", XS, y, [0.0, 0.0], 0.01)
    explicit = R.gradient_ascent("poisson", XS, y, [0.0, 0.0], 0.01, max_iterations=10_000, tol=1e-10,
                                 average=False, record=False)
    assert default.path is None and (default.iterations, default.theta) == (explicit.iterations, explicit.theta)
    assert default.iterations != R.gradient_ascent("poisson", XS, y, [0.0, 0.0], 0.01, average=True).iterations
    with pytest.raises(ConvergenceError, match="did not converge in 10000 iterations"):
        R.gradient_ascent("poisson", XS, y, [0.0, 0.0], 1e-6)


def test_poisson_regression_defaults_GLM_4():
    fit = R.poisson_regression(XS, [1, 0, 2, 1])
    assert fit.path is None and fit.converged
    with pytest.raises(ConvergenceError, match="in 100 iterations"):
        R.poisson_regression(XS, [1, 0, 2, 1], tol=0.0)


GLM_ERRORS = [  # (function, arguments, exception, its message word for word) in both faces
    ("newton", ("bernoulli", XS, YS), SeparableDataError,
     "GLM Newton: the data are linearly separable (the iterate of step 1 classifies every example correctly), so "
     "the likelihood approaches 1 as ‖θ‖ grows and no maximum likelihood θ exists; regularise, or use the "
     "perceptron for a separating θ"),
    ("newton", ("poisson", XS, [1, 0, 2, 1], None, 2), ConvergenceError,
     "GLM Newton did not converge in 2 iterations (tol=1e-10); if ‖θ‖ keeps growing the MLE may not exist (e.g. "
     "separable labels, or counts that are all 0 on a half-space)"),
    # the advice every batch gradient loop gives at its cap (the reference once left it out)
    ("gradient_ascent", ("poisson", XS, [1, 0, 2, 1], [0.0, 0.0], 0.01, 3), ConvergenceError,
     "GLM gradient ascent did not converge in 3 iterations (tol=1e-10); raise max_iterations or alpha"),
    ("newton", ("poisson", XS, [1, 0, 2, 1], [0.0, 0.0, 0.0]), ValueError, "theta has 3 entries but X has 2 columns"),
    ("hypotheses", ("poisson", XS, [1.0, 2.0, 3.0]), ValueError, "theta has 3 entries but X has 2 columns"),
    ("hypothesis", ("poisson", [1.0, 2.0], [1.0, 2.0, 3.0]), ValueError, "x has 2 entries but theta has 3"),
    ("hessian", ("exponential", XS, [1, 2, 3, 4], [0.0, 1.0]), ValueError,
     "theta: the Hessian is not defined at this θ (η left the family's domain)"),
    ("log_likelihood", ("gaussian", XS, ["a", 1, 2, 3], [-1.0, 0.0]), TypeError, "y[0] is 'a': expected a real number"),
    ("log_likelihood", ("exponential", XS, [1, 2, 3, -4.5], [-1.0, 0.0]), ValueError,
     "y[3] is -4.5: the target must be > 0"),
]


@pytest.mark.parametrize("name, args, error, message", GLM_ERRORS, ids=[f"{e[0]}-{i}" for i, e in enumerate(GLM_ERRORS)])
def test_errors_word_for_word_GLM(impl, name, args, error, message):
    args = tuple(impl.arg(a) if isinstance(a, list) and not isinstance(a[0], str) else a for a in args)
    with pytest.raises(error) as e:
        getattr(impl.glm, name)(*args)
    assert str(e.value) == message
    if error is SeparableDataError:
        r = e.value.result
        assert (r.iterations, r.converged) == (1, False) and np.asarray(r.theta).any()


def test_newton_defaults_GLM_4():
    """100 steps, no path, the data start: as if given explicitly."""
    y = [1, 0, 2, 1]
    default = R.newton("poisson", XS, y)
    explicit = R.newton("poisson", XS, y, None, max_iterations=100, tol=1e-10, record=False, start="data")
    assert default.path is None and (default.iterations, default.theta) == (explicit.iterations, explicit.theta)
    with pytest.raises(ConvergenceError, match="in 100 iterations"):
        R.newton("poisson", XS, y, tol=0.0)
    assert R.newton("poisson", XS, y, start="zero", record=True).path[0] == [0.0, 0.0]


def test_zero_start_on_a_zero_first_entry_one_column_or_one_row_GLM_4():
    """start='zero' is θ = 0 whatever X holds: a first entry of 0, a single column, a single row."""
    assert R.newton("poisson", [[0.0], [1.0], [2.0]], [1, 2, 4], start="zero").theta == pytest.approx(
        [0.6931471805599453], rel=1e-12)
    assert R.newton("poisson", [[1.0]], [2], start="zero").theta == pytest.approx([0.6931471805599453], rel=1e-12)


def test_newton_separation_keeps_the_iterate_and_path_GLM_4():
    with pytest.raises(SeparableDataError) as e:
        R.newton("bernoulli", XS, YS, record=True)
    r = e.value.result
    assert r.path is not None and len(r.path) == 2 and r.theta == r.path[-1] and any(r.theta)


# ---- two bad arguments: both faces name the same one first ------------------------------------

from bad_pairs import check_pair, pairs  # noqa: E402
from test_bad_input_glm import TABLE as BAD_INPUT  # noqa: E402


@settings(max_examples=150)
@given(pairs(BAD_INPUT))
def test_two_bad_arguments_get_the_same_error_in_both_faces(case):
    """Every function of the topic's bad-input table, two arguments bad at once (a bad
    parameter of the table, or an array NaN, empty, None, a string, one dimension too deep):
    the same error type and words in both faces."""
    check_pair(BAD_INPUT, *case)
