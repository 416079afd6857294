"""Part V §9.2, SMO (SMO-1 … SMO-4): pinned cases. Each pins a behaviour the other tests left open
(a mutant of the reference that survived them) or reproduces a defect once found; each section below
says what its cases pin and why."""
import math
from fractions import Fraction

import numpy as np
import pytest

import cs229.fast.coordinate_ascent as FC
import cs229.fast.smo as FS
import cs229.reference.kernels as RK
import cs229.reference.results as results
import cs229.reference.smo as R
import cs229.reference.smo as RS
from cs229.reference import svm
from cs229.reference.kernels import (InvalidKernelError, MercerResult, StringKernel, Gaussian, Linear,
    Polynomial)
from cs229.reference.results import ConvergenceError, FloatRangeError, NotSeparableError

from tests.reproducers import FACES, X, Y, arg, call


# ==================================================================================================
# Part V §9.2 (SMO-3, SMO-4): the solver's drivers pinned on small worked examples.
#
# Each expected value below is worked out by hand from the notes' two-variable step (000 V §9.2)
# on one-feature data with the linear kernel (K = xxᵀ) in exact arithmetic, with the random draws
# of SplitMix64 from seed 0 (its published outputs 0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4,
# 0x06C45D188009454F, …, which are ≡ 1, 0, 1 (mod 2) and ≡ 1, 0, 1 (mod 3)). Pinned here: the
# pair sequences of Platt's and the simplified rule, Platt's threshold update (b from the free α,
# else the middle of b₁ and b₂), the stopping tests (the gap against tol, the iteration cap), what
# counts as no step (a change of α₂ at the rounding of α), the fit's fields, and the text of the
# errors (cap, inseparable hard margin, overflow, a run that cannot move).


Q = Fraction


def _table_kernel(table):
    """K(x, z) = table[x][z] for the 1-d points x = 0, 1, …: any symmetric matrix, PSD or not."""
    def kernel(x, z):
        return table[int(x[0])][int(z[0])]
    return kernel


# ---- SplitMix64 ---------------------------------------------------------------------------------

def test_splitmix64_seed_defaults_to_zero_SMO_3():
    """SplitMix64() is SplitMix64(0): the published sequence from seed 0."""
    g = R.SplitMix64()
    assert [g.next() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


# ---- wss2: the stopping test --------------------------------------------------------------------

def test_wss2_stops_when_the_gap_equals_tol_SMO_3():
    """At α = 0, gₜ = −y⁽ᵗ⁾: the gap is max_{I_up} −g − min_{I_low} −g = 1 − (−1) = 2. The test is
    gap ≤ tol, so tol = 2 stops before any step; a tol just below 2 takes one."""
    X, y = [[Q(0)], [Q(1)]], [-1, 1]
    fit = R.smo(X, y, C=1, tol=2)
    assert fit.iterations == 0 and fit.converged and fit.alpha == [0, 0]
    assert R.smo(X, y, C=1, tol=Q(199, 100)).iterations == 1


# ---- Platt's threshold update and the fit's fields --------------------------------------------------

# Two points x = 0 (y = −1) and x = 1 (y = +1), C = 1/4: K = [[0, 0], [0, 1]]. From α = 0, g = −y,
# b = 0: the step on (i, j) = (1, 0) has η = 1, α₂ + y⁽²⁾(E₁ − E₂)/η = 0 + (−1)(−1 − 1) = 2, clipped
# to H = C; α = (C, C). Both at a bound: b₁ = 0 − E₁ − (C)(1) = 1 − 1/4 = 3/4,
# b₂ = 0 − E₂ − 0 = −1, b = (b₁ + b₂)/2 = −1/8. Then E = (7/8, −7/8): no example violates KKT.
TWO_X, TWO_Y = [[Q(0)], [Q(1)]], [-1, 1]


def test_platt_takes_the_middle_of_b1_and_b2_when_both_alphas_hit_C_SMO_4():
    """Platt's rule on two points: one step (1, 0), α = (C, C), b = (3/4 − 1)/2 = −1/8; the fit
    keeps C and names the rule."""
    fit = R.smo(TWO_X, TWO_Y, C=Q(1, 4), rule="platt", tol=0, record=True)
    assert fit.alpha == [Q(1, 4), Q(1, 4)] and fit.b == Q(-1, 8)
    assert fit.path == [(1, 0)] and fit.iterations == 1 and fit.converged
    assert fit.C == Q(1, 4) and fit.rule == "platt"
    assert fit.support == [0, 1] and fit.objective == Q(1, 2) - Q(1, 32)


# Three points x = 0, 1, 2 with y = −1, −1, +1 and C = 1/4: K = [[0, 0, 0], [0, 1, 2], [0, 2, 4]].
# Simplified rule, seed 0: the partner of i is drawn as index(m − 1) = output mod 2, shifted past i.
# Pass 1, i = 0 (E = 1, violates): draw 1 → j = 2. η = 4, 0 + (1 − (−1))/4 = 1/2 clipped to
# H = C: α₀ = α₂ = 1/4 (both at C); b₁ = −1, b₂ = 1 − 1 = 0, b = −1/2; g = (1, 3/2, 0).
# i = 1 (E = 1, violates): draw 0 → j = 0. Same labels, ζ = 1/4 = C: [L, H] = [0, 1/4]; η = 1,
# 1/4 + (−1)(1 − 1/2)/1 = −1/4 clipped to L = 0: α₁ = 1/4 (at C), α₀ = 0 (at 0);
# b₁ = −1/2 − 1 + 1/4 = −5/4, b₂ = −1/2 − 1/2 = −1, b = −9/8; g = (1, 5/4, −1/2).
# i = 2: E = −13/8 < 0 at α₂ = C: no violation. Pass 2: E = (−1/8, 1/8, −13/8), none violates.
THREE_X, THREE_Y = [[Q(0)], [Q(1)], [Q(2)]], [-1, -1, 1]


def test_simplified_takes_the_middle_when_alpha2_drops_to_zero_SMO_4():
    """Two steps (0, 2), (1, 0); the second leaves α₁ at C and α₀ at 0, so b = (b₁ + b₂)/2 =
    (−5/4 − 1)/2 = −9/8, not b₂."""
    fit = R.smo(THREE_X, THREE_Y, C=Q(1, 4), rule="simplified", tol=0, seed=0, record=True)
    assert fit.path == [(0, 2), (1, 0)] and fit.iterations == 2 and fit.converged
    assert fit.alpha == [0, Q(1, 4), Q(1, 4)] and fit.b == Q(-9, 8)
    assert fit.rule == "simplified" and fit.C == Q(1, 4)


# ---- the iteration cap of Platt's and the simplified rule ----------------------------------------

def test_platt_at_the_cap_stops_only_with_a_violator_left_SMO_4(impl):
    """max_iterations = 1 on the two points: the one step (1, 0) reaches the solution, and the pass
    after it finds no violator (E = (7/8, −7/8)), so the run converged within the cap. On the three
    points example 0 violates first and can move only with example 2 (with example 1, ζ = 0 pins
    both at 0): the step puts α₀ = α₂ = C, b = −1/2, E = (1/2, 1, −1/2), as the simplified rule's
    first step beside THREE_X. Example 1 (α = 0, y = −1, E = 1) still violates: the cap stops the
    run there."""
    fit = impl.smo.smo(TWO_X, TWO_Y, C=Q(1, 4), rule="platt", tol=0, max_iterations=1)
    assert fit.converged and fit.iterations == 1 and list(fit.alpha) == [Q(1, 4), Q(1, 4)]
    with pytest.raises(ConvergenceError, match=r"^SMO \(platt\) did not converge in 1 steps") as e:
        impl.smo.smo(THREE_X, THREE_Y, C=Q(1, 4), rule="platt", tol=0, max_iterations=1)
    assert e.value.result.iterations == 1 and list(e.value.result.alpha) == [Q(1, 4), 0, Q(1, 4)]


def test_simplified_stops_at_the_cap_with_a_violator_left_SMO_4():
    """max_iterations = 1 on the three points: after (0, 2) example 1 still violates KKT, and the
    cap stops the run there."""
    with pytest.raises(ConvergenceError, match=r"^SMO \(simplified\) did not converge in 1 steps") as e:
        R.smo(THREE_X, THREE_Y, C=Q(1, 4), rule="simplified", tol=0, seed=0, max_iterations=1,
              record=True)
    fit = e.value.result
    assert fit.iterations == 1 and fit.path == [(0, 2)] and fit.alpha == [Q(1, 4), 0, Q(1, 4)]
    assert fit.converged is False and fit.b == Q(-1, 2)


# ---- the cap's messages ---------------------------------------------------------------------------

# x = 0, 7/10, 3/2 with y = −1, +1, −1 (inseparable): at α = 0 wss2 picks i = 1 and, of the two
# negatives (curvatures 49/100 and 64/100), j = 0. One step: η = 49/100, α₁ = α₀ = 2/η = 200/49,
# w = 20/7, f = wx = (0, 2, 30/7), W = 2/η = 200/49 = 4.0816326….
CAP_X, CAP_Y = [[Q(0)], [Q(7, 10)], [Q(3, 2)]], [-1, 1, -1]


def test_hard_margin_cap_message_gives_W_and_the_hull_bound_SMO_4():
    """C = None, one step: f does not put the positive (f = 2) above the negative at 3/2 (f = 30/7),
    so the data are called inseparable; W = 200/49 to 6 digits; ‖w‖² = Σαy f = 400/49, Σα = 400/49,
    2‖w‖/Σα = 2(20/7)(49/400) = 0.7."""
    with pytest.raises(NotSeparableError) as e:
        R.smo(CAP_X, CAP_Y, C=None, max_iterations=1)
    assert str(e.value) == (
        "hard margin: after 1 steps no iterate separates the classes and W(α) = 4.08163 keeps "
        "growing (the classes' convex hulls are at most 0.7 apart): the data look inseparable; "
        "use a finite C")


def test_hard_margin_cap_message_without_a_hull_bound_SMO_4():
    """With Σα = 0 there is no bound 2‖w‖/Σα (``hull_distance_bound`` gives None): the message
    leaves its clause out. Both faces take the bound from the reference's helper, which gives None
    at α = 0 rather than dividing by Σα = 0."""
    assert R.hull_distance_bound([Q(0), Q(0)], [1, -1], [Q(-1), Q(1)]) is None
    assert R.hull_distance_bound([0.0, 0.0, 0.0], [1, -1, 1], [-1.0, 1.0, -1.0]) is None
    e = R.inseparable(7, Q(1, 3), None)
    assert isinstance(e, NotSeparableError) and str(e) == (
        "hard margin: after 7 steps no iterate separates the classes and W(α) = 0.333333 keeps "
        "growing: the data look inseparable; use a finite C")


def test_soft_margin_cap_is_a_convergence_error_with_the_gap_SMO_4():
    """C = 10, one step, the same iterate: a finite C never calls the data inseparable. g = f − y =
    (1, 1, 5); max_{I_up} −g = −1, min_{I_low} −g = −5 (example 2): gap 4 + 2/7 = 30/7 = 4.28571…
    to 6 digits; b from the KKT conditions (b_soft) is the free ones' average y − f = −1."""
    with pytest.raises(ConvergenceError) as e:
        R.smo(CAP_X, CAP_Y, C=10, max_iterations=1)
    assert type(e.value) is ConvergenceError
    assert str(e.value) == ("SMO (wss2) did not converge in 1 steps: the remaining KKT gap is 4.28571 "
                            "(tol=0.001); raise max_iterations or tol")
    fit = e.value.result
    assert fit.alpha == [Q(200, 49), Q(200, 49), 0] and fit.kkt_gap == Q(30, 7) and fit.b == -1


def test_smo_defaults_SMO_4():
    """C defaults to 1, record to off (path None), max_iterations to 100 000 (the inseparable
    hard margin runs to it in floats)."""
    fit = R.smo(TWO_X, TWO_Y)
    assert fit.C == 1 and fit.path is None and fit.rule == "wss2"
    assert fit.alpha == [1, 1]        # 2/η = 2 clipped to C = 1
    with pytest.raises(NotSeparableError, match=r"^hard margin: after 100000 steps "):
        R.smo([[0.0], [0.7], [1.5]], CAP_Y, C=None)


# ---- overflow: the scores and W are named ----------------------------------------------------------

def test_an_overflowing_score_is_named_SMO_4():
    """K = [[1/2, 0, 0], [0, 1/2, 10³⁰⁸], [0, 10³⁰⁸, 1/2]], y = (−1, 1, 1): the first wss2 step
    sets α₀ = α₁ = 2/η = 2, and wᵀφ(x⁽²⁾) = 2·10³⁰⁸ overflows."""
    table = [[0.5, 0.0, 0.0], [0.0, 0.5, 1e308], [0.0, 1e308, 0.5]]
    with pytest.raises(FloatRangeError) as e:
        R.smo([[0.0], [1.0], [2.0]], [-1, 1, 1], C=None, kernel=_table_kernel(table))
    assert str(e.value) == ("wᵀφ(X[2]) is inf: it overflows the float range; rescale the data, "
                            "alpha or (w, b)")


def test_an_overflowing_W_is_named_SMO_4():
    """K = kI with k = 4·10⁻³⁰⁸ on 16 points of alternating labels: the solution is αₜ = 1/k, every
    score ±1, and W = m/(2k) = 2·10³⁰⁸ overflows."""
    k = 4e-308
    with pytest.raises(FloatRangeError) as e:
        R.smo([[float(t)] for t in range(16)], [(-1) ** t for t in range(16)], C=None,
              kernel=lambda x, z: k if x[0] == z[0] else 0.0)
    assert str(e.value) == "W(α) is inf: it overflows the float range; rescale the data, alpha or (w, b)"


# ---- Platt's examineExample --------------------------------------------------------------------

def test_platt_does_not_examine_an_alpha_at_C_that_wants_to_grow_SMO_3():
    """x = −1, −2, 2 with y = −1, 1, 1, C = 1/2, seed 0 (K = xxᵀ). Pass 1, j = 0: no free α, start
    = output₁ mod 3 = 1: (1, 0), η = 1, 2 clipped to C; α = (1/2, 1/2, 0), b = (0 − 3/2)/2 = −3/4,
    g = (3/2, 0, −2). j = 1: E = −3/4 < 0 but α₁ = C: not a violator (and no draw). j = 2:
    E = −11/4, start = output₂ mod 3 = 0: (0, 2) cannot move (L = H = 0), then (1, 2): same
    labels, [0, 1/2], η = 16, 0 + (−3/4 + 11/4)/16 = 1/8: α = (1/2, 3/8, 1/8), b = b₁ = 1 (α₁ free);
    E = (2, 0, 0): done."""
    fit = R.smo([[Q(-1)], [Q(-2)], [Q(2)]], [-1, 1, 1], C=Q(1, 2), rule="platt", tol=0, seed=0,
                record=True)
    assert fit.path == [(1, 0), (1, 2)] and fit.alpha == [Q(1, 2), Q(3, 8), Q(1, 8)] and fit.b == 1


def test_platt_reaches_an_exact_solution_SMO_3():
    """x = −1, 1, 0, 1 with y = 1, −1, −1, 1, C = 1/4, tol = 0: the steps found by examining every
    partner must count as changes, so the run goes on until KKT holds exactly."""
    X, y, C = [[Q(-1)], [Q(1)], [Q(0)], [Q(1)]], [1, -1, -1, 1], Q(1, 4)
    fit = R.smo(X, y, C=C, rule="platt", tol=0, seed=0)
    assert fit.converged and fit.kkt_gap == 0
    assert max(svm.kkt_violations(X, y, fit.alpha, fit.b, C)) == 0


# ---- the simplified rule: a pass with violators and no step -------------------------------------

def test_simplified_goes_on_after_a_pass_without_a_step_SMO_3():
    """y = (1, 1, −1, −1), seed 38: the first four draws mod 3 are 0, 0, 2, 2, so every i is paired
    with the other example of its class ([L, H] = [0, 0]: nothing moves). b stays 0 (the KKT
    middle at α = 0), and the next passes go on to an exact solution."""
    X, y = [[Q(0)], [Q(1)], [Q(3)], [Q(4)]], [1, 1, -1, -1]
    g = R.SplitMix64(38)
    assert [g.index(3) for _ in range(4)] == [0, 0, 2, 2]
    fit = R.smo(X, y, C=1, rule="simplified", tol=0, seed=38)
    assert fit.converged and fit.kkt_gap == 0
    assert max(svm.kkt_violations(X, y, fit.alpha, fit.b, 1)) == 0


# ---- what counts as no step: a change of α₂ at the rounding of α ---------------------------------

# A step whose α₂ moves by no more than 2⁸ε(α₂ + α₂new + 1) (ε = 2⁻⁵²) is not taken. On the two
# points x = 0, 1 (η = 1, unclipped optimum 2) a C of 2⁻⁴⁴(1 + 2⁻⁴⁴) makes the first move exactly
# that size (1 + C rounds to 1 + 2⁻⁴⁴); C = 2⁻⁴³ makes it larger.
AT_ROUNDING = 2.0 ** -44 + 2.0 ** -88
ABOVE_ROUNDING = 2.0 ** -43


def test_platt_a_move_at_the_rounding_of_alpha_is_no_step_SMO_3():
    """C at the rounding: no step is taken, and no example is left to examine (converged at α = 0);
    C = 2⁻⁴³: one step, α = (C, C)."""
    fit = R.smo([[0.0], [1.0]], TWO_Y, C=AT_ROUNDING, rule="platt", tol=0)
    assert fit.converged and fit.iterations == 0 and fit.alpha == [0.0, 0.0]
    fit = R.smo([[0.0], [1.0]], TWO_Y, C=ABOVE_ROUNDING, rule="platt", tol=0)
    assert fit.converged and fit.iterations == 1 and fit.alpha == [ABOVE_ROUNDING] * 2


def test_simplified_a_move_at_the_rounding_of_alpha_is_no_step_SMO_3():
    """C at the rounding: every pass finds violators and moves none, so the run stops as stuck
    after 0 steps; C = 2⁻⁴³: one step, α = (C, C)."""
    with pytest.raises(ConvergenceError, match=r"stopped after 0 steps: no violator could move"):
        R.smo([[0.0], [1.0]], TWO_Y, C=AT_ROUNDING, rule="simplified", tol=0)
    fit = R.smo([[0.0], [1.0]], TWO_Y, C=ABOVE_ROUNDING, rule="simplified", tol=0)
    assert fit.converged and fit.iterations == 1 and fit.alpha == [ABOVE_ROUNDING] * 2


def test_platt_a_correction_at_the_rounding_of_a_large_alpha_is_no_step_SMO_3():
    """x = −10⁻⁴, −3·10⁻⁴ (y = 1, −1), hard margin: η = 4·10⁻⁸, the one step gives α = 2/η = 5·10⁷;
    what rounding leaves to correct moves α₂ by far less than 2⁸ε(2α + 1) ≈ 5.7·10⁻⁶: one step."""
    fit = R.smo([[-1e-4], [-3e-4]], [1, -1], C=None, rule="platt", tol=0, record=True)
    assert fit.converged and fit.path == [(1, 0)] and fit.iterations == 1
    assert abs(fit.alpha[0] - 5e7) <= 1e-6 * 5e7


def test_simplified_stuck_on_rounding_reports_the_iterate_SMO_3():
    """x = 2·10⁻⁵, 3·10⁻⁵ (y = 1, −1), C = 10¹², tol = 0: one step to α = 2/η = 2·10¹⁰; the KKT
    violation rounding leaves cannot move α by more than the rounding, so the run is stuck after
    1 step; the error carries the iterate and the gap to 6 digits."""
    with pytest.raises(ConvergenceError) as e:
        R.smo([[2e-5], [3e-5]], [1, -1], C=1e12, rule="simplified", tol=0, record=True)
    fit = e.value.result
    assert fit.iterations == 1 and fit.path == [(0, 1)] and fit.converged is False
    assert 0 < fit.kkt_gap < 1e-12
    assert str(e.value) == (
        "SMO (simplified) stopped after 1 steps: no violator could move (is the kernel positive "
        "semi-definite on these points? With tol=0, rounding can also stop the last steps: give "
        f"tol > 0); the remaining KKT gap is {fit.kkt_gap:.6g}")
    assert len(f"{fit.kkt_gap:.6g}") > len(f"{fit.kkt_gap:.3g}")


def test_platt_at_the_cap_reads_every_example_with_its_threshold_SMO_4(impl):
    """x = 0, 1, −4 with y = −1, +1, −1, C = 1/4, one step allowed. Example 0 violates and can move
    only with example 1 (example 2 has its label, ζ = 0): α = (¼, ¼, 0) and b = (b₁ + b₂)/2 =
    (3/4 − 1)/2 = −1/8, so f(x) = x/4 − 1/8 and E = f − y = (7/8, −7/8, −1/8). Example 2 is
    satisfied (y₂E₂ = 1/8 > 0) by less than 2|b| = 1/4, so the test must add b to g (g₂ = 0),
    not subtract it. No example violates: converged within the cap.
    The same data reordered as x = 0, 2, 1 with y = −1, +1, −1: the step moves examples 0 and 1
    to C (b = −1/2, E = (1/2, −1/2, 1)); example 1 is satisfied at C, example 2 (α = 0, E = 1)
    violates, so the cap stops the run: the pass goes on past a satisfied example."""
    q = Q(1, 4)
    fit = impl.smo.smo([[Q(0)], [Q(1)], [Q(-4)]], [-1, 1, -1], C=q, rule="platt", tol=0, max_iterations=1)
    assert fit.converged and fit.iterations == 1 and list(fit.alpha) == [q, q, 0]
    with pytest.raises(ConvergenceError, match=r"^SMO \(platt\) did not converge in 1 steps") as e:
        impl.smo.smo([[Q(0)], [Q(2)], [Q(1)]], [-1, 1, -1], C=q, rule="platt", tol=0, max_iterations=1)
    assert list(e.value.result.alpha) == [q, q, 0]


# ---- the simplified rule: the count of passes without a step ------------------------------------

# m = 10, so a run is stuck after 10m + 10 = 110 passes in a row that find violators and move none.
# x = 0 (y = −1), x = 1 for the positives 1..8 and x = 1/2 for the positive 9; C = 1, K = xxᵀ.
# Pass 1 (α = 0, b = 0), i = 0: draw d₀ = index(9), partner J = d₀ + 1 (d₀ ≠ 8: a point at 1);
# η = 1, 2 clipped to C: α₀ = α_J = 1, b = (−1 + 0)/2 = −1/2, f = x. The other positives at 1
# (E = −1/2) draw but cannot move: with each other and with 9, L = H = 0; with 0, L = H = C; with
# J, η = 0 and equal E. Example 9 (E = −1) can move only with J; its draws (indices 8 and 16 of
# the stream, after the seven draws of the points at 1) miss J, so pass 2 moves nothing and b is
# reset from the KKT conditions to the middle of r = 1/2 (example 9) and r = 0 (J): b = 1/4, not
# counted. From then on only J (E = 1/4 at C) and 9 (E = −1/4 at 0) violate, and each can move
# only with the other: a pass (draws 17 + 2p for J, 18 + 2p for 9) moves iff J's draw is 8
# (partner 9) or 9's draw is J. The step (9, J) or (J, 9) then gives α = (1, 0, …, 0, 1): KKT
# holds exactly.
STUCK_X = [[Q(0)]] + [[Q(1)]] * 8 + [[Q(1, 2)]]
STUCK_Y = [-1] + [1] * 9


def _passes_without_a_step(seed):
    """The partner J of the first step and the number of counted passes before the one that moves."""
    g = R.SplitMix64(seed)
    d = [g.index(9) for _ in range(17 + 2 * 120)]
    J = d[0] + 1
    assert d[0] != 8 and d[8] != J and d[16] != J
    p = 0
    while d[17 + 2 * p] != 8 and d[18 + 2 * p] != J:
        p += 1
    return J, p


def test_simplified_stops_as_stuck_only_after_10m_plus_10_passes_without_a_step_SMO_4():
    """Seed 2151736925: J = 2, then 91 passes without a step (10m − 10 = 90 ≤ 91 < 10m + 10 = 110)
    before J's draw is 8: the run is not stuck, the step (2, 9) reaches α = (1, 0, …, 0, 1)."""
    assert _passes_without_a_step(2151736925) == (2, 91)
    fit = R.smo(STUCK_X, STUCK_Y, C=1, rule="simplified", tol=0, seed=2151736925, record=True)
    assert fit.converged and fit.iterations == 2 and fit.path == [(0, 2), (2, 9)]
    assert fit.alpha == [1] + [0] * 8 + [1] and fit.kkt_gap == 0


# ==================================================================================================
# Part V §9.2 (SMO-2 … SMO-4), worked by hand: the pieces of the two-variable step (ζ, α₁ from
# α₂ and W on the line stay exact on integers too large for a float; the clip returns α₂ itself on
# the ends of [L, H]; L and the new α keep α's scalar type), the step where W is flat or linear
# along the line (η = 0: the hard-margin ends, the float flatness threshold 256ε, the point segment
# and α₁ a rounding error past C), the overflow message, the KKT gap where one of I_up, I_low is
# empty and its default C, the solver's refusal of an asymmetric kernel (the Mercer result it
# carries), the KKT test at tol = 0 of the simplified rule, and what the hard margin reports at the
# iteration cap (a separation within the rounding of f, and the hull-distance bound 2‖w‖/Σα).


# 2⁶⁰ + 1 has no float: a float anywhere in the arithmetic rounds it to 2⁶⁰.
N = 2 ** 60 + 1


# ---- SMO-2: ζ, α₁ from α₂ and W on the line, exact on integers --------------------------------

def test_zeta_is_exact_on_large_integers_SMO_2():
    """ζ = −Σ_{k≠i,j} αₖy⁽ᵏ⁾ = −N with α = (0, 0, N), y = (1, −1, 1): an integer, not a float."""
    z = R.zeta([0, 0, N], [1, -1, 1], 0, 1)
    assert z == -N and type(z) is int


def test_alpha1_from_alpha2_is_exact_on_large_integers_SMO_2():
    """α₁ = (ζ − α₂y⁽²⁾)y⁽¹⁾: (1 − N·1)(−1) = N − 1 and (0 − N·(−1))·1 = N, as integers."""
    a = R.alpha1_from_alpha2(1, N, -1, 1)
    b = R.alpha1_from_alpha2(0, N, 1, -1)
    assert (a, b) == (N - 1, N) and type(a) is int and type(b) is int


def test_pair_quadratic_is_exact_with_large_integer_alpha_SMO_2():
    """α = (α₁, α₂, N), y = (1, −1, 1), K = [[2, 0, 1], [0, 2, 1], [1, 1, 2]]: on the line
    α₁ = α₂ − N, W = α₁ + α₂ + N − α₁² − α₂² − N² − α₁N + α₂N = −2α₂² + (2 + 2N)α₂ − N²."""
    K = [[Fraction(v) for v in row] for row in ([2, 0, 1], [0, 2, 1], [1, 1, 2])]
    a, b, c = R.pair_quadratic([0, 0, N], [1, -1, 1], K, 0, 1)
    assert (a, b, c) == (-2, 2 + 2 * N, -N * N)
    assert all(type(v) is Fraction for v in (a, b, c))


# ---- SMO-2: the clip and the bounds keep α's scalar type ---------------------------------------

def test_clip_returns_alpha2_itself_on_the_ends_SMO_2():
    """α₂ = H is not above H and α₂ = L not below L: the clip returns α₂ (a float) itself, not
    the (exact) bound it equals."""
    for a2 in (0.0, 1.0):
        got = R.clip(a2, Fraction(0), Fraction(1))
        assert got == a2 and type(got) is float


def test_bounds_lower_end_zero_has_alpha_type_SMO_2():
    """y⁽¹⁾ = y⁽²⁾ and α₁ + α₂ = C exactly: L = max(0, α₁ + α₂ − C) = 0, the zero of α's exact
    type (here with a float C)."""
    low, high = R.bounds(Fraction(1, 2), Fraction(1, 2), 1, 1, 1.0)
    assert low == 0 and type(low) is Fraction
    assert high == 1


def test_step_on_float_alpha_with_integer_C_returns_floats_SMO_2():
    """x = (0.5, 0), y = (1, −1), α = (0.5, 0.5), C = 1 (an integer): η = 0.25, E₁ = −0.875,
    E₂ = 1, the maximiser 0.5 + 7.5 = 8 is clipped to H = C + (α₂ − α₁) = 1, so α = (1, 1): floats,
    α's type, not the integer C's."""
    new = R.two_variable_step([[0.5], [0.0]], [1, -1], [0.5, 0.5], 0, 1, C=1)
    assert new == [1.0, 1.0]
    assert all(type(a) is float for a in new)


# ---- SMO-2: the step on rounding-sized segments --------------------------------------------------

def test_point_segment_on_a_flat_line_puts_alpha2_on_its_bound_SMO_2():
    """Coinciding points (η = 0), y = (1, −1), α = (1, 1e-17), C = 1: L = max(0, α₂ − α₁) = 0 and
    H = C + α₂ − α₁ rounds to 0, one point; α₂ goes onto it and α₁ stays on C."""
    new = R.two_variable_step([[1.0], [1.0]], [1, -1], [1.0, 1e-17], 0, 1, C=1.0)
    assert new == [1.0, 0.0]


def test_alpha1_a_rounding_error_above_C_is_put_back_on_C_SMO_2():
    """x = (0, 0.5), y = (−1, 1), α = (3e-16, 1e-16), C = 3: H = C + α₂ − α₁ = 3 − 2e-16 rounds to
    3 = C, the maximiser (≈ 8, η = ¼) is clipped to it, and α₁ + s(α₂ − 3) = 3e-16 + 3 rounds to
    3 + 2⁻⁵¹, past C: α₁ goes back to C."""
    new = R.two_variable_step([[0.0], [0.5]], [-1, 1], [3e-16, 1e-16], 0, 1, C=3.0)
    assert new == [3.0, 3.0]


# ---- SMO-2: η = 0, W linear along the line -------------------------------------------------------

# K₀₀ = K₁₁ = K₀₁ = 1 (η = 0 for the pair (0, 1)), K₀₂ − K₁₂ = 2: with y = (1, −1, 1),
# f₀ − f₁ = 2α₂, so the slope of W along the line is y⁽¹⁾(E₀ − E₁) = 2 − 2α₂ (α₂ = the third α).
FLAT = [[1, 1, 2], [1, 1, 0], [2, 0, 1]]
X3, Y3 = [[0], [1], [2]], [1, -1, 1]


def test_hard_margin_flat_line_does_not_move_SMO_2():
    """η = 0 and slope 2 − 2·1 = 0 (α = (1, 2, 1)): W is constant on the line, nothing moves, and
    nothing is unbounded."""
    alpha = [1, 2, 1]
    assert R.two_variable_step(X3, Y3, alpha, 0, 1, C=None, kernel=_table_kernel(FLAT)) == alpha


@pytest.mark.parametrize("C", [None, 3], ids=["hard", "C=3"])
def test_falling_line_goes_to_its_lower_end_SMO_2(C):
    """η = 0 and slope 2 − 2·2 = −2 (α = (1, 3, 2)): W falls as α₂ rises, so α₂ goes to
    L = α₂ − α₁ = 2 and α₁ to 0; with C = 3 the upper end H = 3 gains 0 < 2, the same."""
    new = R.two_variable_step(X3, Y3, [1, 3, 2], 0, 1, C=C, kernel=_table_kernel(FLAT))
    assert new == [0, 2, 2]


def test_hard_margin_rising_line_is_unbounded_SMO_2():
    """η = 0 and slope 2 − 2·(3/4) = 1/2 > 0 with no upper end: W grows without limit."""
    alpha = [Fraction(1, 4), 1, Fraction(3, 4)]
    with pytest.raises(NotSeparableError, match=r"unbounded along the pair \(0, 1\)"):
        R.two_variable_step(X3, Y3, alpha, 0, 1, C=None, kernel=_table_kernel(FLAT))


def test_coinciding_points_with_one_label_do_not_move_in_floats_SMO_2():
    """x₀ = x₁, y⁽⁰⁾ = y⁽¹⁾: η = 0 and f₀ = f₁, so the slope is exactly 0 and W is flat on
    [L, H] = [0, 1]: in floats too, neither end counts as better."""
    alpha = [0.5, 0.5, 1.0]
    assert R.two_variable_step([[1.0], [1.0], [0.0]], [1, 1, -1], alpha, 0, 1, C=1.0) == alpha


@pytest.mark.parametrize("k, moved", [(3, True), (1, False)], ids=["above", "below"])
def test_float_flatness_threshold_is_256_eps_SMO_2(k, moved):
    """K = [[1, 1, 1 + δ], [1, 1, 1], [1 + δ, 1, 1]], y = (1, 1, −1), α = (½, ½, 1), C = 1: η = 0,
    the slope is f₀ − f₁ = −δ, so W(L = 0) − W(H = 1) = δ. Above 256ε = 2⁻⁴⁴ (δ = 3·2⁻⁴⁵) the
    lower end wins: α = (1, 0, 1); below it (δ = 2⁻⁴⁵) W counts as flat and nothing moves."""
    d = k * 2.0 ** -45
    table = [[1.0, 1.0, 1.0 + d], [1.0, 1.0, 1.0], [1.0 + d, 1.0, 1.0]]
    alpha = [0.5, 0.5, 1.0]
    new = R.two_variable_step(X3, [1, 1, -1], alpha, 0, 1, C=1.0, kernel=_table_kernel(table))
    assert new == ([1.0, 0.0, 1.0] if moved else alpha)


# ---- SMO-2: options and messages of two_variable_step ------------------------------------------

def test_two_variable_step_default_C_is_one_SMO_2():
    """x = (1, 0), y = (1, −1), α = 0: η = 1, the maximiser 2 is clipped to H = C = 1."""
    assert R.two_variable_step([[1], [0]], [1, -1], [0, 0], 0, 1) == [1, 1]


def test_two_variable_step_on_strings_with_a_string_kernel_SMO_2():
    """The 1-spectrum kernel on "a", "b" is the identity: η = 2, E = (−1, 1), α₂ = 0 + 2/2 = 1."""
    new = R.two_variable_step(["a", "b"], [1, -1], [0, 0], 0, 1, C=None, kernel=StringKernel(1))
    assert new == [1, 1]


def test_an_overflowing_step_names_the_new_alpha_SMO_2():
    """x = (1e-160, 0): η = 1e-320 and the maximiser 2/η overflows to inf."""
    message = (r"^the new alpha\[0\] is inf: it overflows the float range; "
               r"rescale the data, alpha or \(w, b\)$")
    with pytest.raises(FloatRangeError, match=message):
        R.two_variable_step([[1e-160], [0.0]], [1, -1], [0.0, 0.0], 0, 1, C=None)


# ---- SMO-3: the KKT gap ------------------------------------------------------------------------

def test_kkt_gap_default_C_is_one_SMO_3():
    """x = (1, 0), y = (1, −1), α = (1, 1): g = (0, 1). With C = 1, I_up = {1} and I_low = {0}:
    −1 − 0 < 0, gap 0; with C = 2 both are in both sets: 0 − (−1) = 1."""
    X, y, alpha = [[1], [0]], [1, -1], [1, 1]
    assert R.kkt_gap(X, y, alpha) == 0
    assert R.kkt_gap(X, y, alpha, C=2) == 1


@pytest.mark.parametrize("X, alpha", [([[1], [0]], [1, 0]), ([[2], [0]], [1, 0]), ([[2], [0]], [0, 1])],
                         ids=["no-up-g0-zero", "no-up", "no-low"])
def test_kkt_gap_is_zero_when_a_side_is_empty_SMO_3(X, alpha):
    """y = (1, −1), C = 1: α = (1, 0) leaves I_up empty (g₀ = x₀² − 1 is 0 or 3), α = (0, 1)
    leaves I_low empty; no pair violates, so the gap is 0."""
    assert R.kkt_gap(X, [1, -1], alpha, C=1) == 0


# ---- SMO-4: the solver -------------------------------------------------------------------------

def test_asymmetric_kernel_carries_its_mercer_result_SMO_4():
    """K(x, z) = x − z: not symmetric, hence not valid; the first pair below the diagonal."""
    with pytest.raises(InvalidKernelError) as e:
        R.smo([[0.0], [1.0]], [-1, 1], kernel=lambda x, z: float(x[0] - z[0]))
    assert e.value.result == MercerResult(False, False, pair=(1, 0))
    assert e.value.result.valid is False and e.value.result.symmetric is False


def test_simplified_rule_at_tol_zero_ends_exactly_SMO_4():
    """x = (0, 2, 1), y = (−1, 1, 1), C = 10: the margin is set by 0 and 1, w = 2, b = −1, so
    α = (2, 0, 2); the free α have yf − 1 = 0 exactly, which is no violation at tol = 0."""
    fit = R.smo([[0], [2], [1]], [-1, 1, 1], C=10, rule="simplified", tol=0)
    assert fit.converged and fit.alpha == [2, 0, 2] and fit.b == -1


@pytest.mark.parametrize("c", [1, 2, 4])
def test_hard_margin_cap_reports_the_hull_distance_bound_SMO_4(c):
    """x = (−c, 0, c), y = (−1, 1, −1): the first step takes (1, 0) with η = c², α = (2/c², 2/c², 0),
    f = (−2, 0, 2). Not separated; ‖w‖² = Σ αy f = 4/c², Σα = 4/c², so 2‖w‖/Σα = c."""
    with pytest.raises(NotSeparableError, match=rf"hulls are at most {c} apart\)"):
        R.smo([[-c], [0], [c]], [-1, 1, -1], C=None, tol=0, max_iterations=1)


def test_hard_margin_cap_on_separated_iterate_is_a_convergence_error_SMO_4():
    """x = (0, 2, 1), y = (−1, 1, 1): one step gives α = (½, ½, 0), w = 1, f = (0, 2, 1): the
    positives are above the negative, but x = 1 is inside the margin (gap 1): not converged."""
    with pytest.raises(ConvergenceError, match="did not converge in 1 steps"):
        R.smo([[0], [2], [1]], [-1, 1, 1], C=None, max_iterations=1)


@pytest.mark.parametrize("k, separated", [(16, False), (32, True)])
def test_hard_margin_separation_must_beat_the_rounding_of_f_SMO_4(k, separated):
    """K = [[1, 0, 0], [0, 1, −1 + d], [0, −1 + d, 4]], y = (−1, 1, 1): one step sets α₀ = α₁ = 1,
    f = (−1, 1, −1 + d), a separation of d. The rounding of f is m·ε·Σα·maxₜ Kₜₜ = 3·2⁻⁵²·2·4 =
    24·2⁻⁵²: d = 16·2⁻⁵² is inside it (inseparable), d = 32·2⁻⁵² beyond it (not converged)."""
    d = k * 2.0 ** -52
    table = [[1.0, 0.0, 0.0], [0.0, 1.0, -1.0 + d], [0.0, -1.0 + d, 4.0]]
    error, message = (ConvergenceError, "did not converge in 1 steps") if separated else \
        (NotSeparableError, "no iterate separates the classes")
    with pytest.raises(error, match=message):
        R.smo([[0.0], [1.0], [2.0]], [-1, 1, 1], C=None, kernel=_table_kernel(table),
              max_iterations=1)


def test_second_order_rule_never_pairs_an_example_with_itself_SMO_4():
    """K = diag(1.3e300, 2e299), y = (1, −1), tol = 0: after the first step the remaining gap is a
    rounding error and its quotient −(gᵢ − gₜ)²/aᵢₜ underflows to 0; the rule must still take the
    other example, never i itself (aᵢᵢ = 0). SMO ends at α₀ = α₁ = 2/η, η = 1.5e300."""
    table = [[1.3e300, 0.0], [0.0, 2e299]]
    fit = R.smo([[0.0], [1.0]], [1, -1], C=1.0, kernel=_table_kernel(table), tol=0)
    assert fit.converged and fit.alpha[0] == fit.alpha[1]
    assert abs(fit.alpha[0] - 2 / 1.5e300) <= 1e-12 * (2 / 1.5e300)


# ---- zeros: +0, in the type the kernel values combine to ----------------------------------------

def _mixed(x, z):
    """x·z, an int on the diagonal and a float off it."""
    return x[0] * z[0] if x[0] == z[0] else float(x[0] * z[0])


@pytest.mark.parametrize("rule", ["wss2", "platt"])
def test_untouched_alpha_has_the_type_the_kernel_values_combine_to_SMO_4(rule):
    """x = −1, 1, 3 (y = −1, 1, 1) under a kernel with int and float values: one step (1, 0) to
    α = (½, ½, 0). α starts at the zero of K's arithmetic, a float here (not the exact 0 of
    K₀₀ alone), so the α never moved is 0.0 like the others."""
    fit = R.smo([[-1], [1], [3]], [-1, 1, 1], kernel=_mixed, C=1, rule=rule, record=True)
    assert fit.path == [(1, 0)] and fit.alpha == [0.5, 0.5, 0]
    assert [type(a) for a in fit.alpha] == [float] * 3


def test_kkt_gap_is_plus_zero_SMO_3(impl):
    """The gap is max(0, up − low) as +0.0 (never −0.0, in both faces), and with I_low empty it is
    the zero of g's arithmetic: α = (1, 0, 0) at C = 1 under the mixed kernel has g = (0, 0.0, 2.0)."""
    X, y = [[-1.0], [1.0], [2.5], [3.0]], [-1, -1, 1, 1]
    assert math.copysign(1, impl.smo.kkt_gap(X, y, [0.0, 0.5, 0.5, 0.0], C=0.5)) == 1
    assert math.copysign(1, impl.smo.kkt_gap([[0.5], [0.0]], [1, -1], [1.0, 0.0], C=1.0)) == 1
    gap = R.kkt_gap([[-1], [1], [3]], [-1, 1, 1], [1, 0, 0], C=1, kernel=_mixed)
    assert gap == 0 and type(gap) is float


def test_kkt_gap_is_plus_zero_when_up_and_low_are_zeros_of_two_kinds_SMO_3():
    """A kernel whose values are floats in one column and ints in another gives g of two kinds:
    K = [[0, 0, 1.0, 0.0], [0, 0, 0, 1], [1.0, 0, 0, 0], [0.0, 1, 0, 0]], y = (1, −1, 1, −1),
    α = (0, 0, 1, 1) = (0, 0, C, C): g = (0.0, 0, −1, 1), the float +0.0 in column 0 and the exact 0
    in column 1. I_up = {0, 3} has max −g = −0.0, I_low = {1, 2} has min −g = 0 (exact), and their
    difference is the float −0.0 − 0 = −0.0: the gap (optimal, 0) is still the float +0.0."""
    table = [[0, 0, 1.0, 0.0], [0, 0, 0, 1], [1.0, 0, 0, 0], [0.0, 1, 0, 0]]
    gap = R.kkt_gap([[0], [1], [2], [3]], [1, -1, 1, -1], [0, 0, 1, 1], C=1,
                    kernel=_table_kernel(table))
    assert gap == 0 and type(gap) is float and math.copysign(1, gap) == 1


def test_step_puts_alpha1_at_plus_zero_after_a_snap_SMO_2():
    """y⁽¹⁾ = y⁽²⁾, α₁ = 10⁻¹⁷: α₂ goes to H = α₁ + α₂, which rounds α₁ away, so α₁ + α₂ − H is a
    rounding error below 0 and is snapped to the bound 0; 0 · (−ε) would be −0.0, and α₁ is +0.0
    as in the compiled twin (case found by a random search)."""
    new1, new2 = R._step(1e-17, 0.0958046694373238, -1, -1, 1.246282108552451, 1.868541598662616,
                         0.11226112611513361, 1.6417613709320302, 0.7853531144608958, 1.0, 1.0,
                         (0, 1))
    assert new1 == 0 and math.copysign(1, new1) == 1 and new2 == 0.09580466943732381


def test_an_overflow_stops_the_run_at_once_and_names_its_example_SMO_3(impl):
    """x = 0, 1, 10¹⁵³, 10¹⁵³ (y = −1, −1, 1, −1), C = 10³: the first pair is the coincident (2, 3)
    (η = 0, both to C), and C·K₂₂ − C·K₃₂ = ∞ − ∞ leaves g₂, g₃ NaN while g₀, g₁ stay finite
    (C·K₂₁ = 10¹⁵⁶ cancels exactly). With g NaN at the first example of I_up, no partner has a
    violation > 0: the run stops there, and the score named is X[2]'s, not one a step on NaN
    values would spread to."""
    with pytest.raises(FloatRangeError, match=r"^wᵀφ\(X\[2\]\) is nan: it overflows the float range"):
        impl.smo.smo([[0.0], [1.0], [1e153], [1e153]], [-1, -1, 1, -1], C=1e3)


# ==================================================================================================
# Part V at the edges (issue 12): every reproducer for the SVM, SMO, kernels, margins and
# coordinate ascent, on both faces. Fits and kernels edited by hand are checked before compiled
# code reads them (each such call runs in a forked child, so that a segfault fails the test
# instead of killing the worker); the Gaussian kernel far from the origin; kernel values that
# overflow are named; a subclass of a named kernel is computed by its own ``__call__``; caps
# beyond 64 bits; one home for what the modules share.


# ---- W1: the Gaussian kernel far from the origin -------------------------------------------

def test_smo_kernel_rows_from_blas_far_from_the_origin_W1(monkeypatch):
    """With every row from BLAS (EXACT_MAX = 0) SMO reaches the exact rows' answer: its α meets
    the KKT conditions within tol when the gap is measured with the exact kernel values."""
    A = np.random.default_rng(3).standard_normal((80, 3)) + 1e6
    y = np.where(A[:, 0] > 1e6, 1.0, -1.0)
    exact = FS.smo(A, y, C=1.0, kernel=Gaussian(1.0), tol=1e-6)
    monkeypatch.setattr(FS, "EXACT_MAX", 0)
    blas = FS.smo(A, y, C=1.0, kernel=Gaussian(1.0), tol=1e-6)
    monkeypatch.undo()
    assert FS.kkt_gap(A, y, blas.alpha, 1.0, Gaussian(1.0)) <= 2e-6
    assert abs(blas.objective - exact.objective) <= 1e-9 * abs(exact.objective)


# ---- W2: kernel values and parameters out of range -----------------------------------------

OVERFLOW = r"kernel\(X\[0\], X\[0\]\) is inf: \(xᵀz \+ c\)\^d with c = 0, d = 2 overflows the float range"


@pytest.mark.parametrize("face", FACES)
def test_polynomial_overflow_is_named_not_inseparable_W2(face):
    with pytest.raises(results.FloatRangeError, match=OVERFLOW):
        call(face, "kernels", "kernel_matrix", arg(face, [[1e200]]), Polynomial(0, 2))
    with pytest.raises(ValueError, match=OVERFLOW):
        call(face, "kernels", "kernel_perceptron", arg(face, [[1e200], [1.0]]), [1, -1], Polynomial(0, 2))
    with pytest.raises(ValueError, match=OVERFLOW):
        call(face, "smo", "smo", arg(face, [[1e200], [1.0]]), [1, -1], kernel=Polynomial(0, 2))
    # xᵀz finite, its power not (Python's float ** raises where C's pow gives inf)
    with pytest.raises(ValueError, match=OVERFLOW.replace("d = 2", "d = 4")):
        call(face, "kernels", "kernel_matrix", arg(face, [[1e100, 1e100]]), Polynomial(0, 4))
    # an exact c beyond the float range
    with pytest.raises(ValueError, match=r"c (= |is )1000.* (overflows|outside the float64 range)"):
        call(face, "kernels", "kernel_matrix", arg(face, [[1.0]]), Polynomial(10 ** 400, 1))


# ---- errors a user can act on --------------------------------------------------------------

@pytest.mark.parametrize("face", FACES)
def test_caps_beyond_the_compiled_counters_are_a_value_error_naming_them(face):
    for cap in (2 ** 31, 2 ** 63, 2 ** 70):
        with pytest.raises(ValueError, match=r"max_iterations must be <= 2147483647"):
            call(face, "smo", "smo", arg(face, X), arg(face, Y), max_iterations=cap)
        with pytest.raises(ValueError, match=r"max_iterations must be <= 2147483647"):
            call(face, "coordinate_ascent", "coordinate_ascent", arg(face, [[2.0]]), arg(face, [1.0]),
                 arg(face, [0.0]), max_iterations=cap)
        with pytest.raises(ValueError, match=r"max_epochs must be <= 2147483647"):
            call(face, "kernels", "kernel_perceptron", arg(face, X), arg(face, Y), Linear(), max_epochs=cap)


def test_a_recorded_path_grows_instead_of_being_sized_by_the_cap():
    """max_iterations = 2**31 − 1 with record=True ran out of memory (the path was sized up front);
    the path now grows, here through 4,307 steps, and is the reference's."""
    rng = np.random.default_rng(1)
    A = rng.standard_normal((60, 2))
    y = np.where(A[:, 0] + 0.8 * rng.standard_normal(60) > 0, 1.0, -1.0)
    kwargs = dict(C=10.0, kernel=Gaussian(0.5), rule="simplified", tol=1e-9, record=True,
                  max_iterations=2 ** 31 - 1)
    fast = FS.smo(A, y, **kwargs)
    ref = RS.smo(A.tolist(), y.tolist(), **kwargs)
    assert fast.iterations > 2048 and fast.path == ref.path
    coordinate = FC.coordinate_ascent(np.array([[2.0, 1.0], [1.0, 2.0]]), np.ones(2), np.zeros(2),
                                      max_iterations=2 ** 31 - 1)
    assert coordinate.converged


@pytest.mark.parametrize("face", FACES)
def test_smo_needs_a_tolerance_and_says_so(face):
    with pytest.raises(TypeError, match="tol is None"):
        call(face, "smo", "smo", arg(face, X), arg(face, Y), tol=None)
    with pytest.raises(ValueError, match=r"tol must be >= 0, got -1"):
        call(face, "smo", "smo", arg(face, X), arg(face, Y), tol=-1.0)
    result = call(face, "coordinate_ascent", "coordinate_ascent", arg(face, [[2.0]]), arg(face, [1.0]),
                  arg(face, [0.0]), tol=None, max_iterations=3)
    assert result.converged is None and result.iterations == 3


@pytest.mark.parametrize("face", FACES)
def test_an_asymmetric_custom_kernel_is_refused_by_smo(face):
    def lopsided(x, z):
        return float(x[0] - 2 * z[0])
    with pytest.raises(RK.InvalidKernelError, match=r"not symmetric on X: kernel\(X\[1\], X\[0\]\)") as e:
        call(face, "smo", "smo", arg(face, X), arg(face, Y), kernel=lopsided)
    assert e.value.pair == (1, 0)


# ---- coordinate ascent: values that overflow -------------------------------------------------

@pytest.mark.parametrize("face", FACES)
def test_numpy_integer_indices_are_indices_in_both_faces(face):
    new = call(face, "smo", "two_variable_step", arg(face, X), arg(face, Y), arg(face, [0.0] * 5), np.int64(0),
               np.int64(2))
    assert len(new) == 5


# ---- one home for what the modules share ---------------------------------------------------

@pytest.mark.parametrize("face", FACES)
def test_smo_takes_strings_with_the_string_kernel_as_the_perceptron_does(face):
    words = ["spam spam", "free spam", "hello there", "hi there", "free free spam", "see you there"]
    labels = [1, 1, -1, -1, 1, -1]
    kernel = StringKernel(3)
    fit = call(face, "smo", "smo", words, labels, C=1.0, kernel=kernel)
    assert list(call(face, "svm", "predict", fit, ["spam free", "there you are"])) == [1, -1]
    K = np.asarray(RK.kernel_matrix(words, kernel), dtype=float)
    by_hand = K @ (np.asarray(fit.alpha, dtype=float) * labels) + float(fit.b)
    assert np.allclose(call(face, "svm", "decision_values", words, labels, fit.alpha, fit.b, words, kernel),
                       by_hand, rtol=1e-12, atol=1e-12)
    assert call(face, "smo", "kkt_gap", words, labels, fit.alpha, 1.0, kernel) <= 1e-3


def test_smo_on_strings_agrees_between_the_faces():
    words = ["spam spam", "free spam", "hello there", "hi there", "free free spam", "see you there"]
    labels = [1, 1, -1, -1, 1, -1]
    ref = RS.smo(words, labels, C=1.0, kernel=StringKernel(3), tol=1e-9)
    fast = FS.smo(words, labels, C=1.0, kernel=StringKernel(3), tol=1e-9)
    assert fast.support_vectors == ref.support_vectors
    assert np.allclose(fast.alpha, np.array(ref.alpha, dtype=float), rtol=1e-9, atol=1e-12)
