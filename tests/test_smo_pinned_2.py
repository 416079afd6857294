"""Part V §9.2 (SMO-2 … SMO-4), worked by hand: the pieces of the two-variable step (ζ, α₁ from
α₂ and W on the line stay exact on integers too large for a float; the clip returns α₂ itself on
the ends of [L, H]; L and the new α keep α's scalar type), the step where W is flat or linear
along the line (η = 0: the hard-margin ends, the float flatness threshold 256ε, the point segment
and α₁ a rounding error past C), the overflow message, the KKT gap where one of I_up, I_low is
empty and its default C, the solver's refusal of an asymmetric kernel (the Mercer result it
carries), the KKT test at tol = 0 of the simplified rule, and what the hard margin reports at the
iteration cap (a separation within the rounding of f, and the hull-distance bound 2‖w‖/Σα)."""
import math
from fractions import Fraction

import pytest

import cs229.reference.smo as R
from cs229.reference.kernels import InvalidKernelError, MercerResult, StringKernel
from cs229.reference.results import ConvergenceError, FloatRangeError, NotSeparableError

# 2⁶⁰ + 1 has no float: a float anywhere in the arithmetic rounds it to 2⁶⁰.
N = 2 ** 60 + 1


def _table_kernel(table):
    """K(x, z) = table[x][z] for the 1-d points x = 0, 1, …: any symmetric matrix, PSD or not."""
    def kernel(x, z):
        return table[int(x[0])][int(z[0])]
    return kernel


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


def test_step_puts_alpha1_at_plus_zero_after_a_snap_SMO_2():
    """y⁽¹⁾ = y⁽²⁾, α₁ = 10⁻¹⁷: α₂ goes to H = α₁ + α₂, which rounds α₁ away, so α₁ + α₂ − H is a
    rounding error below 0 and is snapped to the bound 0; 0 · (−ε) would be −0.0, and α₁ is +0.0
    as in the compiled twin (case found by a random search)."""
    new1, new2 = R._step(1e-17, 0.0958046694373238, -1, -1, 1.246282108552451, 1.868541598662616,
                         0.11226112611513361, 1.6417613709320302, 0.7853531144608958, 1.0, (0, 1))
    assert new1 == 0 and math.copysign(1, new1) == 1 and new2 == 0.09580466943732381


def test_an_overflow_stops_the_run_at_once_and_names_its_example_SMO_3(impl):
    """x = 0, 1, 10¹⁵³, 10¹⁵³ (y = −1, −1, 1, −1), C = 10³: the first pair is the coincident (2, 3)
    (η = 0, both to C), and C·K₂₂ − C·K₃₂ = ∞ − ∞ leaves g₂, g₃ NaN while g₀, g₁ stay finite
    (C·K₂₁ = 10¹⁵⁶ cancels exactly). With g NaN at the first example of I_up, no partner has a
    violation > 0: the run stops there, and the score named is X[2]'s, not one a step on NaN
    values would spread to."""
    with pytest.raises(FloatRangeError, match=r"^wᵀφ\(X\[2\]\) is nan: it overflows the float range"):
        impl.smo.smo([[0.0], [1.0], [1e153], [1e153]], [-1, -1, 1, -1], C=1e3)
