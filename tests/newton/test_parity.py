"""Newton's method as written once in cs229.reference.newton, the driver of both faces (NW-2, GLM-4,
SM-4): the fast face against the reference on the same input: the same iterates where the order of
operations is the same, the same answer to rounding otherwise, the same verdicts."""
from fractions import Fraction as Q

import numpy as np
import pytest
from hypothesis import example, given, settings, strategies as st

import cs229.fast.glm as FG
import cs229.fast.logistic_regression as FL
import cs229.fast.softmax as FS
import cs229.reference.glm as RG
import cs229.reference.logistic_regression as RL
import cs229.reference.softmax as RS
from cs229.reference import exponential_family as ef, linalg, newton
from cs229.reference.results import ConvergenceError
from cs229.testing import strategies as S


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
