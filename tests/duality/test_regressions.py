"""Part V §4-6, Lagrange duality and the optimal margin classifier (LD-1 … LD-4, OMC-1, OMC-2):
pinned cases. Each pins a behaviour the other tests left open (a mutant of the reference that
survived them) or reproduces a defect once found; each section below says what its cases pin and
why."""
import math
import re
from fractions import Fraction

import pytest

import cs229.reference.duality as D
import cs229.reference.duality as RD
import cs229.reference.results as results

from tests.reproducers import FACES, MODULES


# ==================================================================================================
# Part V §4-6, pinned down value by value: how ``Quadratic`` and ``Problem`` hold their parts,
# the argument named in each error, θ_P, θ_D and the duality gap at worked points (LD-2, LD-3),
# the KKT checker's report and its text (LD-4), the order in which ``solve_qp`` tries active sets
# and the rounding allowance it and ``lagrangian_minimiser`` give float data (16·eps times the
# largest entry of the quadratic and linear parts, 16·eps when both are zero), and the optimal
# margin problems (OMC-1, OMC-2): the objective's kind, the direction ``solve_margin_ratio``
# returns and how it breaks ties.
#
# Every expected value is worked out in the docstring or a comment next to it. Float data are
# mostly powers of two or small integers, so that the arithmetic is exact and the expected floats
# are known; where they are not, only bounds are asserted.


Q = D.Quadratic
NAN = float("nan")
EPS = 2.0 ** -52


def _exactly(message):
    """A pattern matching the whole of message."""
    return "^" + re.escape(message) + "$"


NO_KKT_POINT = "the problem has no KKT point: it is infeasible, or unbounded below"

# min w² s.t. 1 − w ≤ 0: w* = 1, α* = 2 (2w − α = 0)
SQUARE_ABOVE_ONE = D.Problem(Q([0], 0, [[2]]), [Q([-1], 1)])


# ---- LD-2: the parts of a problem ----------------------------------------------------------------

def test_quadratic_holds_its_parts_as_normalised_tuples_LD_2():
    """c and P are kept as tuples of Fractions (ints read as Fraction), r as a Fraction."""
    q = Q([1, 2], 3, [[1, 0], [0, 1]])
    assert q.c == (Fraction(1), Fraction(2)) and isinstance(q.c, tuple)
    assert q.r == 3 and type(q.r) is Fraction
    assert q.P == ((Fraction(1), Fraction(0)), (Fraction(0), Fraction(1)))
    assert all(type(v) is Fraction for row in q.P for v in row)
    assert q([1, 1]) == 7                                      # cᵀw + r + ½wᵀPw = 3 + 3 + 1


@pytest.mark.parametrize("args, message", [
    (([NAN],), "c[0] is nan: expected a finite number"),
    (([1], math.inf), "r is inf: expected a finite number"),
    (([1], 0, [[NAN]]), "P[0][0] is nan: expected a finite number"),
    (([1, 2], 0, [[1, 2]]), "P must be 2x2 to match c"),      # one row, the right width
    (([1, 2], 0, [[1], [2]]), "P must be 2x2 to match c"),    # the right height, one column
], ids=["c", "r", "P", "P-1x2", "P-2x1"])
def test_quadratic_errors_name_the_argument_LD_2(args, message):
    """Each bad part of q(w) = ½wᵀPw + cᵀw + r is named; P must be n×n in both dimensions."""
    with pytest.raises(ValueError, match=_exactly(message)):
        Q(*args)


def test_problem_holds_its_constraints_as_tuples_LD_2():
    """g and h given as lists are held as tuples."""
    g, h = Q([1], -1), Q([1], 2)
    p = D.Problem(Q([1]), [g], [h])
    assert p.g == (g,) and p.h == (h,)


@pytest.mark.parametrize("call, message", [
    (lambda p: D.lagrangian(p, [NAN], [1], [1]), "w[0] is nan: expected a finite number"),
    (lambda p: D.lagrangian(p, [1], [NAN], [1]), "alpha[0] is nan: expected a finite number"),
    (lambda p: D.lagrangian(p, [1], [1], [NAN]), "beta[0] is nan: expected a finite number"),
    (lambda p: D.theta_P(p, [NAN]), "w[0] is nan: expected a finite number"),
    (lambda p: D.theta_P(p, [1], tol=-1), "tol must be >= 0, got -1"),
], ids=["lagrangian-w", "alpha", "beta", "theta_P-w", "theta_P-tol"])
def test_lagrangian_and_theta_P_errors_name_the_argument_LD_2(call, message):
    """w, alpha, beta and tol are named (tol has no None option here)."""
    p = D.Problem(Q([1]), [Q([1])], [Q([1])])
    with pytest.raises(ValueError, match=_exactly(message)):
        call(p)


def test_theta_P_of_a_function_and_of_one_variable_LD_2():
    """θ_P calls a Function's value at w; an infeasible w of one variable gives +∞."""
    f = D.Function(lambda w: w[0] ** 2, lambda w: [2 * w[0]])
    assert D.theta_P(D.Problem(f), [3]) == 9
    p = D.Problem(Q([1]), [Q([1], -1)])              # min w s.t. w − 1 ≤ 0
    assert D.theta_P(p, [2]) == math.inf             # g(2) = 1 > 0
    assert D.theta_P(p, [1]) == 1


# ---- LD-3: θ_D, the duality gap and the inner minimisation ---------------------------------------

def test_duality_gap_at_a_worked_point_LD_3():
    """θ_P(2) = 4; θ_D(1) = min_w w² + (1 − w) = 1/4 + 1/2 at w = 1/2; the gap is 4 − 3/4."""
    assert D.theta_D(SQUARE_ABOVE_ONE, [1]) == Fraction(3, 4)
    assert D.duality_gap(SQUARE_ABOVE_ONE, [2], [1]) == Fraction(13, 4)


def test_theta_D_when_the_hessian_is_singular_LD_3():
    """L = ½w₂² − w₂ is flat in w₁ (a zero first column): min −1/2 at w₂ = 1.
    L = ½(w₁ + w₂)² − 2(w₁ + w₂): min −2 wherever w₁ + w₂ = 2."""
    flat_first = D.Problem(Q([0, -1], 0, [[0, 0], [0, 1]]))
    assert D.theta_D(flat_first) == Fraction(-1, 2)
    assert D.lagrangian_minimiser(flat_first)[1] == 1
    rank_one = D.Problem(Q([-2, -2], 0, [[1, 1], [1, 1]]))
    assert D.theta_D(rank_one) == -2
    w = D.lagrangian_minimiser(rank_one)
    assert w[0] + w[1] == 2


def test_lagrangian_minimiser_ignores_the_constant_terms_LD_3():
    """L = ½w² + w + r + ½w has its minimum at w = −3/2 whatever r, with a float multiplier: at
    the largest integer that still rounds to a float (2¹⁰²⁴ − 2⁹⁷⁰ − 1), and beyond the float range
    (10⁴⁰⁰, whose product with 0.5 would overflow: the constant is never summed)."""
    for r in (2 ** 1024 - 2 ** 970 - 1, 10 ** 400):
        p = D.Problem(Q([1], r, [[1]]), [Q([1], 0)])
        assert D.lagrangian_minimiser(p, [0.5]) == [-1.5]


def test_lagrangian_minimiser_float_curvature_below_the_allowance_is_flat_LD_3():
    """Float H, c: a curvature at most 16·eps·max(|H|, |c|) counts as none.
    H = diag(1, 2⁻⁵⁰), c = (0, 2⁻¹⁰): the allowance is 16·2⁻⁵²·1 = 2⁻⁴⁸ ≥ 2⁻⁵⁰, and the linear
    term 2⁻¹⁰ along w₂ is above it, so L is unbounded below.
    H = diag(1, 2⁻³⁰), c = (2³⁰, 2⁻²⁰): the allowance is 16·2⁻⁵²·2³⁰ = 2⁻¹⁸, above both 2⁻³⁰ and
    2⁻²⁰, so w₂ is flat and left at 0, and w₁ = −2³⁰."""
    unbounded = D.Problem(Q([0.0, 2.0 ** -10], 0.0, [[1.0, 0.0], [0.0, 2.0 ** -50]]))
    assert D.lagrangian_minimiser(unbounded) is None
    assert D.theta_D(unbounded) == -math.inf
    flat = D.Problem(Q([2.0 ** 30, 2.0 ** -20], 0.0, [[1.0, 0.0], [0.0, 2.0 ** -30]]))
    assert D.lagrangian_minimiser(flat) == [-(2.0 ** 30), 0.0]


# ---- LD-4: gradients and the KKT checker ----------------------------------------------------------

def test_lagrangian_gradient_with_quadratic_constraints_LD_4():
    """f = w², g = w², h = 2w² + w at w = 3, α = 1, β = 2: ∇L = 6 + 1·6 + 2·(4·3 + 1) = 38."""
    p = D.Problem(Q([0], 0, [[2]]), [Q([0], 0, [[2]])], [Q([1], 0, [[4]])])
    assert D.lagrangian_gradient(p, [3], [1], [2]) == [38]


@pytest.mark.parametrize("call, message", [
    (lambda p: D.lagrangian_gradient(p, [NAN], [1]), "w[0] is nan: expected a finite number"),
    (lambda p: D.kkt_check(p, [NAN], [1]), "w[0] is nan: expected a finite number"),
    (lambda p: D.kkt_check(p, [1], [1], tol=-1), "tol must be >= 0, got -1"),
], ids=["gradient-w", "kkt-w", "kkt-tol"])
def test_gradient_and_kkt_check_errors_name_the_argument_LD_4(call, message):
    """w and tol are named (tol has no None option here)."""
    with pytest.raises(ValueError, match=_exactly(message)):
        call(SQUARE_ABOVE_ONE)


def test_kkt_check_reports_a_violated_equality_LD_4():
    """min ½w² s.t. w − 1 = 0: at w = 0, β = 0 stationarity holds (0 + 0) but h(0) = −1."""
    p = D.Problem(Q([0], 0, [[1]]), [], [Q([1], -1)])
    report = D.kkt_check(p, [0], [], [0])
    assert report.failed == ["equality"]
    assert report.violations["equality"] == D.Violation(1, 0)
    assert str(report) == "(4) ∂L/∂βᵢ = hᵢ(w) = 0 fails by 1 at i = 0"
    assert D.kkt_check(p, [1], [], [-1]).holds       # w* = 1, β* = −1


def test_kkt_report_text_LD_4():
    """The text of a report that holds (exactly, or within tol) and of one that fails: at w = 0,
    α = −1, ∇L = 0 + (−1)(−1) = 1, αg = −1·1, g = 1 and −α = 1, joined by '; '."""
    assert str(D.kkt_check(SQUARE_ABOVE_ONE, [1], [2])) == "KKT conditions (3)-(7) hold exactly"
    within = D.kkt_check(SQUARE_ABOVE_ONE, [1], [Fraction(21, 10)], tol=Fraction(1, 5))
    assert str(within) == "KKT conditions (3)-(7) hold within 1/5"   # |2 − 21/10| ≤ 1/5
    assert str(D.kkt_check(SQUARE_ABOVE_ONE, [0], [-1])) == (
        "(3) ∂L/∂wᵢ = 0 fails by 1 at i = 0; (5) αᵢ gᵢ(w) = 0 fails by 1 at i = 0; "
        "(6) gᵢ(w) ≤ 0 fails by 1 at i = 0; (7) αᵢ ≥ 0 fails by 1 at i = 0")


# ---- LD-4: solve_qp ------------------------------------------------------------------------------

def test_solve_qp_affine_objective_with_a_zero_first_coefficient_LD_4():
    """min w₂ s.t. −w₂ ≤ 0 (no P, c₁ = 0): p* = 0 at w₂ = 0 with α = 1 (1 − α = 0)."""
    point = D.solve_qp(D.Problem(Q([0, 1]), [Q([0, -1])]))
    assert point.value == 0 and point.w[1] == 0 and point.alpha == [1]


def test_solve_qp_goes_past_an_inconsistent_active_set_LD_4():
    """min w s.t. −1 ≤ 0, −w ≤ 0: S = {} (0 = −1) and S = {0} (0·α = −1) have no solution;
    S = {1} gives α₁ = 1, w = 0."""
    point = D.solve_qp(D.Problem(Q([1]), [Q([0], -1), Q([-1])]))
    assert point.w == [0] and point.alpha == [0, 1] and point.value == 0


def test_solve_qp_takes_the_first_active_set_in_lexicographic_order_LD_4():
    """min ½‖w‖² s.t. 1 − w₁ ≤ 0, 1 − w₂ ≤ 0, 3 − w₁ − 2w₂ ≤ 0: every single active set gives an
    infeasible w ((1, 0), (0, 1), (3/5, 6/5)); w* = (1, 1) has all three active, and {0, 1},
    the first pair, gives α = (1, 1, 0) ({0, 2} would give (1/2, 0, 1/2))."""
    p = D.Problem(Q([0, 0], 0, [[1, 0], [0, 1]]), [Q([-1, 0], 1), Q([0, -1], 1), Q([-1, -2], 3)])
    point = D.solve_qp(p)
    assert point.w == [1, 1] and point.alpha == [1, 1, 0] and point.value == 1


def test_solve_qp_refuses_an_unbounded_linear_programme_LD_4():
    """min w₁ s.t. −w₂ ≤ 0, w₁ ≤ 0 is unbounded below (w₁ → −∞ with w₂ = 0): no KKT point."""
    with pytest.raises(ValueError, match=_exactly(NO_KKT_POINT)):
        D.solve_qp(D.Problem(Q([1, 0]), [Q([0, -1]), Q([1, 0])]))


def test_solve_qp_float_inactive_constraint_LD_4():
    """Float min ½w² s.t. w − 5 ≤ 0: the constraint is inactive, α = 0, w = 0."""
    point = D.solve_qp(D.Problem(Q([0.0], 0.0, [[1.0]]), [Q([1.0], -5.0)]))
    assert point.w == [0.0] and point.alpha == [0.0] and point.value == 0.0


def test_solve_qp_float_allowance_when_the_objective_is_zero_LD_4():
    """min 0 s.t. δ − w ≤ 0 in floats, P = c = 0: the allowance is 16·eps = 32·2⁻⁵³. With
    δ = 2⁻⁵⁰ (8·2⁻⁵³) w = 0 is accepted as feasible; with δ = 33·2⁻⁵³ it is not, and the
    constraint, made active, gives w = δ."""
    f = Q([0.0], 0.0, [[0.0]])
    small = 2.0 ** -50
    assert D.solve_qp(D.Problem(f, [Q([-1.0], small)])).w == [0.0]
    over = 33 * 2.0 ** -53
    assert over > 16 * EPS
    point = D.solve_qp(D.Problem(f, [Q([-1.0], over)]))
    assert point.w == [over] and point.alpha == [0.0]


def test_solve_qp_float_allowance_scales_with_P_and_c_LD_4():
    """The allowance is 16·eps·max(|P|, |c|) = 16·2⁻⁵²·2²⁰ = 2⁻²⁸ in both problems, so a
    violation of 2⁻³⁰ is accepted and the unconstrained minimiser returned.
    ½w² + 2²⁰w s.t. −w − 2²⁰ + 2⁻³⁰ ≤ 0: w = −2²⁰ (g = 2⁻³⁰), value −2⁴⁰ + 2³⁹ = −2³⁹.
    2¹⁹w² s.t. −w + 2⁻³⁰ ≤ 0: w = 0 (g = 2⁻³⁰), value 0."""
    big_c = D.Problem(Q([2.0 ** 20], 0.0, [[1.0]]), [Q([-1.0], -(2.0 ** 20) + 2.0 ** -30)])
    point = D.solve_qp(big_c)
    assert point.w == [-(2.0 ** 20)] and point.alpha == [0.0] and point.value == -(2.0 ** 39)
    big_P = D.Problem(Q([0.0], 0.0, [[2.0 ** 20]]), [Q([-1.0], 2.0 ** -30)])
    point = D.solve_qp(big_P)
    assert point.w == [0.0] and point.alpha == [0.0] and point.value == 0.0
    # a constraint with small coefficients, −2⁻⁴⁰w − 2⁻²⁰ + 2⁻³⁰ ≤ 0 (g = 2⁻³⁰ at w = −2²⁰): its own
    # rounding allowance is 16·eps·2⁻¹⁹ = 2⁻⁶⁷; c's 2⁻²⁸ is what admits it
    small_row = D.Problem(Q([2.0 ** 20], 0.0, [[1.0]]), [Q([-(2.0 ** -40)], -(2.0 ** -20) + 2.0 ** -30)])
    point = D.solve_qp(small_row)
    assert point.w == [-(2.0 ** 20)] and point.alpha == [0.0]


# ---- OMC-1, OMC-2: the optimal margin problems ---------------------------------------------------

def test_optimal_margin_objective_is_half_the_squared_norm_of_w_OMC_1():
    """f(w, b) = ½‖w‖² with no constant: f(3, 4, 7) = 25/2. Its entries take the kind of the
    first entry of X (here an int, read as Fraction, though the second row is float)."""
    f = D.optimal_margin_problem([[0, 0], [2.0, 0.0]], [-1, 1]).f
    assert f([3, 4, 7]) == Fraction(25, 2)
    assert f.r == 0
    assert all(type(v) is Fraction for row in f.P for v in row)
    assert all(type(v) is Fraction for v in f.c) and type(f.r) is Fraction


@pytest.mark.parametrize("fn", [D.optimal_margin_problem, D.solve_optimal_margin, D.solve_margin_ratio],
                         ids=["problem", "solve", "ratio"])
def test_margin_problems_name_X_in_errors_OMC_1(fn):
    """A bad entry of X is named as X[i][j]."""
    with pytest.raises(ValueError, match=_exactly("X[1][1] is nan: expected a finite number")):
        fn([[0, 0], [1, NAN]], [1, -1])


def test_solve_margin_ratio_one_difference_OMC_1():
    """x = 0 (y = −1), x = 1 (y = 1): D = {1}, w = 1, b = −1/2, γ̂ = 1/2."""
    assert D.solve_margin_ratio([[0], [1]], [-1, 1]) == ([1], Fraction(-1, 2), Fraction(1, 2))


def test_solve_margin_ratio_best_direction_on_an_edge_OMC_1():
    """+: (0, 0); −: (−2, 0), (−4, 0), (0, −2). D = (2, 0), (4, 0), (0, 2): the pair {0, 1} spans
    a line through the origin (skipped), the pair {0, 2} projects the origin to (1, 1) with
    γ̂ = min(2, 4, 2)/2 = 1 and (γ̂/‖w‖)² = 1/2 (every single d has γ̂ = 0). b = −(−2 + 0)/2 = 1,
    and γ̂ = min(1, 1, 3, 1) = 1: the margin 1/√2 is half the distance from (0, 0) to the segment."""
    X = [[0, 0], [-2, 0], [-4, 0], [0, -2]]
    assert D.solve_margin_ratio(X, [1, -1, -1, -1]) == ([1, 1], 1, 1)


def test_solve_margin_ratio_repeated_differences_and_ties_OMC_1():
    """+: (3, 0), (2, 0); −: (0, 0), (1, 0). D = (3, 0), (2, 0), (2, 0), (1, 0) (a repeated
    difference, and all on one line through the origin): every single d has (γ̂/‖w‖)² = 1/4 and
    the first, (3, 0), is kept: b = −(3 + 6)/2 = −9/2, γ̂ = min(9/2, 3/2, 9/2, 3/2) = 3/2."""
    X = [[3, 0], [2, 0], [0, 0], [1, 0]]
    assert D.solve_margin_ratio(X, [1, 1, -1, -1]) == ([3, 0], Fraction(-9, 2), Fraction(3, 2))


def test_solve_margin_ratio_float_ties_go_to_the_first_direction_OMC_1():
    """Floats, exact here: +: 4; −: −3, −11. D = 7, 15; γ̂(7) = 49/2, γ̂(15) = 105/2, both with
    (γ̂/‖w‖)² = 49/4, so w = 7: b = −(−21 + 28)/2 = −3.5, γ̂ = min(24.5, 24.5, 80.5)."""
    assert D.solve_margin_ratio([[4.0], [-3.0], [-11.0]], [1, -1, -1]) == ([7.0], -3.5, 24.5)


def test_solve_margin_ratio_float_ties_near_the_top_of_the_range_OMC_1():
    """+: 0; −: −2²⁰⁰, −2³¹². D = 2²⁰⁰, 2³¹²: γ̂ = 2³⁹⁹ and 2⁵¹¹, both with (γ̂/‖w‖)² = 2³⁹⁸
    (2⁷⁹⁸/2⁴⁰⁰ and 2¹⁰²²/2⁶²⁴, each in range), so w = 2²⁰⁰, b = 2⁴⁰⁰/2, γ̂ = 2³⁹⁹."""
    X = [[0.0], [-(2.0 ** 200)], [-(2.0 ** 312)]]
    assert D.solve_margin_ratio(X, [1, -1, -1]) == ([2.0 ** 200], 2.0 ** 399, 2.0 ** 399)


def test_solve_margin_ratio_float_direction_is_a_difference_OMC_1():
    """Floats in one dimension: +: 28, 24.5; −: −2.8. The direction is one of the differences
    30.8, 27.3 (never a rounding residue of the origin), and γ̂/|w| is half the gap,
    (24.5 + 2.8)/2 = 13.65."""
    w, b, gamma_hat = D.solve_margin_ratio([[28.0], [24.5], [-2.8]], [1, 1, -1])
    assert 27.3 - 1e-9 <= w[0] <= 30.8 + 1e-9
    assert gamma_hat / w[0] == pytest.approx(13.65, rel=1e-12)


@pytest.mark.parametrize("args, message", [
    (([NAN],), "alpha[0] is nan: expected a finite number"),
    (([1], -1), "tol must be >= 0, got -1"),
], ids=["alpha", "tol"])
def test_support_vectors_errors_name_the_argument_OMC_2(args, message):
    """alpha and tol are named (tol has no None option here)."""
    with pytest.raises(ValueError, match=_exactly(message)):
        D.support_vectors(*args)


# Five nearly parallel constraints with coefficients near 10⁸ and P = diag(0.75…, 0): in exact
# arithmetic the problem has no KKT point (solve_qp on the same numbers as Fractions says so).
# The active sets tried have at most n = 2 members: a KKT point of a convex problem, when there
# is one, has multipliers on at most n independent active rows (000 V §5). Three of these rows
# together, solved in floats, would give a spurious "solution" near w = (1.9·10¹², −1.3·10¹²).
NEAR_PARALLEL = (
    [[0.7535399999694374, 0.0], [0.0, 0.0]], [-1.9302518665753339, -0.3330516993979531],
    [([-1099298.154682379, -730920.3978361731], 953903.5623176479),
     ([-157042593.5260541, -104417199.69077744], -23712172.98578788),
     ([-471127.78057816235, -313251.5990723323], 316783.3962267497),
     ([-157042593.52589706, -104417199.69088186], -57905241.88329738),
     ([-157042593.52589703, -104417199.69077742], -18004169.26842036)])


@pytest.mark.parametrize("kind", [float, Fraction])
def test_solve_qp_tries_active_sets_of_at_most_n_rows_LD_4(kind):
    """No KKT point, in floats as in exact arithmetic: no set of more than n = 2 rows is tried."""
    P, c, rows = NEAR_PARALLEL
    problem = D.Problem(Q([kind(v) for v in c], kind(0), [[kind(v) for v in r] for r in P]),
                        [Q([kind(v) for v in a], kind(r)) for a, r in rows])
    with pytest.raises(ValueError, match=_exactly(NO_KKT_POINT)):
        D.solve_qp(problem)


# ---- the float allowance of each constraint: its own rounding ------------------------------------

def test_solve_qp_float_equality_far_larger_than_P_and_c_LD_4():
    """min ½‖w‖² + w₁ − 2w₂ s.t. aᵀw + r = 0 with a, r near 10¹²: h(w) at the solved w comes out
    at 2⁻¹¹, its own rounding (16·eps·(Σ|aⱼwⱼ| + |r|) ≈ 0.02), far above 16·eps·max(|P|, |c|).
    The KKT point is accepted and matches the exact one."""
    a, r = [-352334470333.6753, -698301652150.9962], 3018689460797.0747
    point = D.solve_qp(D.Problem(Q([1.0, -2.0], 0.0, [[1.0, 0.0], [0.0, 1.0]]), [], [Q(a, r)]))
    exact = D.solve_qp(D.Problem(Q([Fraction(1), Fraction(-2)], Fraction(0), [[1, 0], [0, 1]]), [],
                                 [Q([Fraction(v) for v in a], Fraction(r))]))
    for got, want in zip(point.w + point.beta, exact.w + exact.beta):
        assert abs(Fraction(got) - want) <= Fraction(1, 10 ** 12) * (1 + abs(want))


def test_solve_qp_float_inequalities_far_larger_than_P_and_c_LD_4():
    """Five constraints with coefficients up to 10¹⁵ and P, c near 1: the active one rounds to
    g = 2⁻¹¹ at the solved w. The float KKT point is the exact one (α₂ ≈ 2.15·10⁻¹¹ the only
    positive multiplier)."""
    P = [[1.6671262712765988, 0.0], [0.0, 0.8982294173167191]]
    c = [0.5045843171568194, -1.8464507614650352]
    rows = [([-2189367696278.2148, -6063991232949.861], -2791598022701.3374),
            ([-2189367696276.0254, -6063991232949.86], -253315285619.5566),
            ([-387281273672.5446, -193264403352.63367], 3112836693304.9243),
            ([-312766813753717.9, -866284461849980.0], -855654249521137.0),
            ([-312766813754.0307, -866284461849.9801], 882456944901.7306)]
    points = [D.solve_qp(D.Problem(Q([kind(v) for v in c], kind(0), [[kind(v) for v in r] for r in P]),
                                   [Q([kind(v) for v in a], kind(r)) for a, r in rows]))
              for kind in (float, Fraction)]
    point, exact = points
    assert [a > 0 for a in exact.alpha] == [False, False, True, False, False]
    for got, want in zip(point.w + point.alpha, exact.w + exact.alpha):
        assert abs(Fraction(got) - want) <= Fraction(1, 10 ** 12) * (1 + abs(want))


# min ½w² − w (w* = 1) s.t. 2²⁰w + r ≤ 0 with r = −2²⁰ + δ: g(1) = δ exactly, and the constraint's
# allowance is 16·eps·(2²⁰ + |r|) ≈ 16·2⁻³¹ (both terms: each alone gives half of it).
def _just_violated(delta):
    return D.solve_qp(D.Problem(Q([-1.0], 0.0, [[1.0]]), [Q([2.0 ** 20], -(2.0 ** 20) + delta)]))


def test_solve_qp_float_allowance_of_a_constraint_counts_every_term_LD_4():
    """δ = 12·2⁻³¹: within 16·eps·(|2²⁰w| + |r|), so w* = 1 is feasible and α = 0."""
    point = _just_violated(12 * 2.0 ** -31)
    assert point.w == [1.0] and point.alpha == [0.0]


def test_solve_qp_float_allowance_of_a_constraint_is_16_eps_LD_4():
    """δ = 16.5·2⁻³¹ is beyond 16·eps·(2²¹ − δ): the constraint is made active instead,
    w = −r/2²⁰ = 1 − δ/2²⁰, α = (1 − w)/2²⁰ > 0."""
    delta = 33 * 2.0 ** -32
    point = _just_violated(delta)
    assert point.w == [(2.0 ** 20 - delta) / 2.0 ** 20] and point.alpha[0] > 0


# ==================================================================================================
# Part V at the edges (issue 12): every reproducer for the SVM, SMO, kernels, margins and
# coordinate ascent, on both faces. Fits and kernels edited by hand are checked before compiled
# code reads them (each such call runs in a forked child, so that a segfault fails the test
# instead of killing the worker); the Gaussian kernel far from the origin; kernel values that
# overflow are named; a subclass of a named kernel is computed by its own ``__call__``; caps
# beyond 64 bits; one home for what the modules share.


# ---- one home for what the modules share ---------------------------------------------------

def test_one_gram_matrix_and_one_infeasibility_error():
    for face in FACES:
        assert not hasattr(MODULES[face]["svm"], "gram_matrix")   # kernels.kernel_matrix is the one
        assert MODULES[face]["svm"].NotSeparableError is results.NotSeparableError
        assert MODULES[face]["smo"].NotSeparableError is results.NotSeparableError
    assert RD.NotSeparableError is results.NotSeparableError
    with pytest.raises(results.NotSeparableError):
        RD.solve_optimal_margin([[0.0], [1.0], [2.0]], [1, -1, 1])
