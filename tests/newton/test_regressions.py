"""Newton's method as written once in cs229.reference.newton, the driver of both faces (NW-2, GLM-4,
SM-4): pinned cases. Each pins a behaviour the other tests left open (a mutant of the reference that
survived them) or reproduces a defect once found; each section below says what its cases pin and
why."""
from fractions import Fraction as F

import pytest

import cs229.reference.glm as RG
import cs229.reference.logistic_regression as RL
import cs229.reference.softmax as RS
from cs229.reference import exponential_family as ef, linalg, newton
from cs229.reference.results import ConvergenceError, StepFailed


INF = float("inf")


def assert_result(result, theta, iterations, path, step_lengths=None):
    """The IterativeResult of a fit that stopped without converging, field by field."""
    assert result.theta == theta
    assert result.iterations == iterations and result.iterations is not False
    assert result.converged is False
    assert result.path == path
    if step_lengths is not None:
        assert result.extra == {"step_lengths": step_lengths}


def overshooting():
    """ℓ(θ) = −(θ − 1)²/2, whose true A is 1, given with A = ¼: the Newton direction from 0 is
    s = 4·(1 − 0) = 4. ℓ(4) = −9/2 < ℓ(0) = −1/2, so the damped step halves t once: θ = 2,
    where ℓ(2) = −1/2 = ℓ(0) (equal, so the step is taken)."""
    return (lambda t: ([[F(1, 4)]], [1 - t[0]]),
            lambda t: (-(t[0] - 1) ** 2 / 2, 0))


# ---- the defaults of maximise --------------------------------------------------------------------

def test_maximise_defaults_damp_record_nothing_and_add_no_advice_NW_2():
    """One iteration from 0 with tol = 0: the cap. By default the step is damped (t = ½, θ = 2,
    not the full step to 4), no path is kept, and the message ends at the tolerance."""
    system, ell = overshooting()
    with pytest.raises(ConvergenceError) as e:
        newton.maximise("toy Newton", [F(0)], system, ell, 1, F(0))
    assert type(e.value) is ConvergenceError
    assert str(e.value) == "toy Newton did not converge in 1 iterations (tol=0)"
    assert_result(e.value.result, [F(2)], 1, None, [F(1, 2)])


def test_the_cap_carries_the_last_iterate_and_the_advice_NW_2():
    """Undamped, the full steps 0 → 4 → −8 (s = 4(1 − θ)) with a cap of 2: the error carries
    θ = −8, 2 iterations, the path and t = 1 twice, and the advice after the tolerance."""
    system, ell = overshooting()
    with pytest.raises(ConvergenceError) as e:
        newton.maximise("toy Newton", [F(0)], system, ell, 2, F(1, 10), record=True,
                        damping=False, advice="; try again")
    assert str(e.value) == "toy Newton did not converge in 2 iterations (tol=1/10); try again"
    assert_result(e.value.result, [F(-8)], 2, [[F(0)], [F(4)], [F(-8)]], [F(1), F(1)])


def test_a_step_that_leaves_l_unchanged_is_taken_whole_NW_2():
    """ℓ constant: the full step does not decrease ℓ, so t = 1 is taken (no halving)."""
    with pytest.raises(ConvergenceError) as e:
        newton.maximise("toy Newton", [F(0)], lambda t: ([[F(1)]], [F(1)]),
                        lambda t: (F(0), 0), 1, F(0))
    assert str(e.value) == "toy Newton did not converge in 1 iterations (tol=0)"
    assert_result(e.value.result, [F(1)], 1, None, [F(1)])


def test_a_converged_fit_without_record_has_no_path_NW_2():
    """ℓ = −(θ − 3)²/2 with its true A = 1: 0 → 3 → 3, converged at iteration 2, path None."""
    fit = newton.maximise("toy Newton", [F(0)], lambda t: ([[F(1)]], [3 - t[0]]),
                          lambda t: (-(t[0] - 3) ** 2 / 2, 0), 10, F(0))
    assert (fit.theta, fit.iterations, fit.converged, fit.path) == ([F(3)], 2, True, None)
    assert fit.extra == {"step_lengths": [F(1), F(1)]}


# ---- a start where ℓ or the system is not defined ------------------------------------------------

def not_defined(t):
    raise StepFailed("not defined here")


def test_a_start_where_l_is_not_defined_is_named_theta_by_default_NW_2():
    with pytest.raises(ValueError) as e:
        newton.maximise("toy Newton", [F(0)], lambda t: ([[F(1)]], [F(1)]), not_defined, 5, F(0))
    assert type(e.value) is ValueError
    assert str(e.value) == "theta: toy Newton cannot start there, ℓ(θ) is not defined (not defined here)"


def test_a_start_where_the_system_is_not_defined_is_a_value_error_NW_2():
    """Undamped, ℓ is never evaluated: the system failing at iteration 1 is the start's fault."""
    with pytest.raises(ValueError) as e:
        newton.maximise("toy Newton", [F(0)], not_defined, not_defined, 5, F(0), damping=False)
    assert type(e.value) is ValueError
    assert str(e.value) == "theta: toy Newton cannot start there (not defined here)"


def test_an_undamped_glm_start_outside_the_domain_is_named_theta_GLM_4():
    """The exponential family needs η < 0; θ = 1 on x = 1 is outside, and without damping the
    system is the first thing evaluated there."""
    with pytest.raises(ValueError) as e:
        RG.newton("exponential", [[1.0]], [3.0], [1.0], damping=False)
    assert type(e.value) is ValueError
    assert str(e.value) == "theta: GLM Newton cannot start there (η left the family's domain)"


# ---- the system not defined after a step ---------------------------------------------------------

def test_the_system_failing_after_a_step_is_divergence_with_the_last_iterate_NW_2():
    """ℓ = −(θ − 3)²/2: the step 0 → 3 is taken; the system then fails at θ = 3 (iteration 2)."""
    def system(t):
        if t[0] != 0:
            raise StepFailed("not defined here")
        return [[F(1)]], [3 - t[0]]
    with pytest.raises(ConvergenceError) as e:
        newton.maximise("toy Newton", [F(0)], system, lambda t: (-(t[0] - 3) ** 2 / 2, 0), 5,
                        F(0), record=True)
    assert type(e.value) is ConvergenceError
    assert str(e.value) == "toy Newton diverged at iteration 2: not defined here"
    assert_result(e.value.result, [F(3)], 1, [[F(0)], [F(3)]])


def test_an_undamped_glm_step_out_of_the_domain_diverges_at_iteration_2_GLM_4():
    """Exponential family, x = 1, y = 3, θ = −1: μ = −1/η = 1, w = 1/η² = 1, so the full step is
    (y − μ)/w = 2 and θ = 1 leaves η < 0; the system there fails at iteration 2."""
    with pytest.raises(ConvergenceError) as e:
        RG.newton("exponential", [[1.0]], [3.0], [-1.0], damping=False, record=True)
    assert type(e.value) is ConvergenceError
    assert str(e.value) == "GLM Newton diverged at iteration 2: η left the family's domain"
    assert_result(e.value.result, [1.0], 1, [[-1.0], [1.0]])


def test_a_system_that_overflows_after_a_step_is_divergence_NW_2():
    """A = 1, ∇ℓ = 1 at θ = 0 (step to 1), then A = [[inf]] at θ = 1: solving it overflows."""
    def system(t):
        return ([[1.0]] if t[0] == 0 else [[INF]]), [1.0]
    with pytest.raises(ConvergenceError) as e:
        newton.maximise("toy Newton", [0.0], system, not_defined, 5, 0.0, record=True,
                        damping=False)
    assert type(e.value) is ConvergenceError
    assert str(e.value) == ("toy Newton diverged at iteration 2: A has entries that are not finite: "
                            "the sums of products that form it overflowed")
    assert_result(e.value.result, [1.0], 1, [[0.0], [1.0]])


# ---- no ascent after 30 halvings -----------------------------------------------------------------

def peak(width):
    """(A, ∇ℓ) = (1, 1) everywhere (s = 1) and ℓ(θ) = −max(0, |θ − 1| − width): the step 0 → 1
    climbs to the top; from 1 a step of length t keeps ℓ = 0 only when t <= width."""
    return (lambda t: ([[F(1)]], [F(1)]),
            lambda t: (-max(F(0), abs(t[0] - 1) - width), 0))


def test_no_ascent_after_30_halvings_is_an_error_with_the_last_iterate_NW_2():
    system, ell = peak(F(0))
    with pytest.raises(ConvergenceError) as e:
        newton.maximise("toy Newton", [F(0)], system, ell, 5, F(0), record=True)
    assert type(e.value) is ConvergenceError
    assert str(e.value) == ("toy Newton: ℓ did not increase along the Newton direction at iteration 2, "
                            "even with the step halved 30 times (A = −H may be too ill-conditioned)")
    assert_result(e.value.result, [F(1)], 1, [[F(0)], [F(1)]])


def test_the_shortest_step_tried_is_t_2_to_the_minus_30_NW_2():
    """The plateau of half-width 2⁻³⁰ is reached by the 30th halving; one of 2⁻³¹ is not."""
    assert newton.MAX_HALVINGS == 30
    system, ell = peak(F(1, 2 ** 30))
    with pytest.raises(ConvergenceError) as e:
        newton.maximise("toy Newton", [F(0)], system, ell, 2, F(0))
    assert str(e.value) == "toy Newton did not converge in 2 iterations (tol=0)"
    assert_result(e.value.result, [1 + F(1, 2 ** 30)], 2, None, [F(1), F(1, 2 ** 30)])
    system, ell = peak(F(1, 2 ** 31))
    with pytest.raises(ConvergenceError) as e:
        newton.maximise("toy Newton", [F(0)], system, ell, 2, F(0))
    assert str(e.value) == ("toy Newton: ℓ did not increase along the Newton direction at iteration 2, "
                            "even with the step halved 30 times (A = −H may be too ill-conditioned)")
    assert_result(e.value.result, [F(1)], 1, None)


# ---- θ no longer finite --------------------------------------------------------------------------

def test_an_iterate_that_is_not_finite_is_divergence_with_the_last_finite_one_NW_2():
    """s = 10³⁰⁸ every time: 0 → 10³⁰⁸ → 2·10³⁰⁸ = inf at iteration 2."""
    with pytest.raises(ConvergenceError) as e:
        newton.maximise("toy Newton", [0.0], lambda t: ([[1.0]], [1e308]), not_defined, 5, 0.0,
                        record=True, damping=False)
    assert type(e.value) is ConvergenceError
    assert str(e.value) == "toy Newton diverged at iteration 2: θ is no longer finite"
    assert_result(e.value.result, [1e308], 1, [[0.0], [1e308], [INF]])


# ---- a singular system --------------------------------------------------------------------------

def test_a_singular_system_without_a_translation_raises_the_solvers_error_NW_2():
    with pytest.raises(linalg.SingularMatrixError) as e:
        newton.maximise("toy Newton", [F(0)], lambda t: ([[F(0)]], [F(1)]),
                        lambda t: (F(0), 0), 5, F(0))
    assert str(e.value) == "matrix is singular: column 0 is zero"
    assert (e.value.column, e.value.combination) == (0, {})


# ---- the GLM system and the data start -----------------------------------------------------------

def test_a_response_that_overflows_is_a_failed_step_GLM_4():
    """e¹⁰⁰⁰ overflows a float: the Poisson system at η = 1000 is not defined there."""
    with pytest.raises(StepFailed) as e:
        newton.glm_system(ef.POISSON, [[1.0]], [1.0], [1000.0])
    assert str(e.value) == "g(θᵀx) overflowed"


def test_the_data_start_when_y_averages_to_zero_GLM_4():
    """Gaussian, x = (1, ∓1), y = (−1, 1): ȳ = 0 (allowed outside Bernoulli and Poisson),
    μ₀ = y/2, η₀ = μ₀, w₀ = 1, z₀ = η₀ + (y − μ₀) = y; the least-squares fit of y is θ₀ = (0, 1)."""
    start = newton.data_start(ef.GAUSSIAN, [[F(1), F(-1)], [F(1), F(1)]], [F(-1), F(1)])
    assert start == [F(0), F(1)]


# ---- options --------------------------------------------------------------------------------------

FITS = {
    "logistic": lambda **kw: RL.newton([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]], [1, 0, 1], **kw),
    "glm": lambda **kw: RG.newton("poisson", [[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]], [1, 0, 1], **kw),
    "softmax": lambda **kw: RS.newton([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]], [1, 2, 1], **kw),
}


@pytest.mark.parametrize("fit", FITS, ids=list(FITS))
def test_options_messages_are_whole_NW_2(fit):
    with pytest.raises(ValueError) as e:
        FITS[fit](tol=None)
    assert str(e.value) == ("tol must be a number for Newton's method (None would leave only the "
                            "max_iterations cap to stop it)")
    with pytest.raises(ValueError) as e:
        FITS[fit](max_iterations=0)
    assert str(e.value) == "max_iterations must be >= 1, got 0"


def test_options_reads_in_one_order_NW_2():
    assert newton.options(3, F(1, 10), False, "data") == (3, F(1, 10), False, "data")
    with pytest.raises(TypeError) as e:
        newton.options(2.5, F(1, 10), True)
    assert str(e.value) == "max_iterations must be an integer, got 2.5"
