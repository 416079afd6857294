"""Part V §9.2 (SMO-3, SMO-4): the solver's drivers pinned on small worked examples.

Each expected value below is worked out by hand from the notes' two-variable step (000 V §9.2)
on one-feature data with the linear kernel (K = xxᵀ) in exact arithmetic, with the random draws
of SplitMix64 from seed 0 (its published outputs 0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4,
0x06C45D188009454F, …, which are ≡ 1, 0, 1 (mod 2) and ≡ 1, 0, 1 (mod 3)). Pinned here: the
pair sequences of Platt's and the simplified rule, Platt's threshold update (b from the free α,
else the middle of b₁ and b₂), the stopping tests (the gap against tol, the iteration cap), what
counts as no step (a change of α₂ at the rounding of α), the fit's fields, and the text of the
errors (cap, inseparable hard margin, overflow, a run that cannot move).
"""
from fractions import Fraction

import pytest

import cs229.reference.smo as R
from cs229.reference import svm
from cs229.reference.results import ConvergenceError, FloatRangeError, NotSeparableError

Q = Fraction


def _table_kernel(table):
    """K(x, z) = table[x][z] for the 1-d points x = 0, 1, …"""
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
    leaves its clause out."""
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
