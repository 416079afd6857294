"""Pins down cs229.reference.trees where its other tests leave room: the XOR tree of Figure 11.1
field by field, and the Newton fit of the 1-D logistic threshold (DT-7): its stopping test
max|Δ| <= tol·(1 + max|(a, b)|) met with equality in exact arithmetic, a slope within that
bound counted as 0 (no threshold), the stop on a singular
Hessian and on an overflowing step (a ConvergenceError, not a threshold), and the 100 Newton steps
that tree_fit's logistic rule allows. Every expected value is worked out by hand below."""
from fractions import Fraction

import mpmath
import numpy as np
import pytest

import cs229.fast.trees as FT
import cs229.reference.trees as RT
from cs229.reference.results import ConvergenceError
from cs229.reference.trees import Leaf, Split, Tree

F = Fraction
NOT_CONVERGED = "the 1-D logistic regression did not converge in {} Newton steps"


def _no_convergence(call):
    with pytest.raises(ConvergenceError) as e:
        call()
    assert type(e.value) is ConvergenceError
    assert e.value.result is None
    return str(e.value)


# ---- DT-1: the XOR tree ----------------------------------------------------------------------------

def test_xor_tree_is_figure_11_1_exactly_DT_1():
    """Ask x₂ > ½, then x₁ > ½ on both branches; exact thresholds ½ and the classes (0, 1)."""
    half = F(1, 2)
    tree = RT.xor_tree()
    assert tree == Tree(Split(1, half, Split(0, half, Leaf(0), Leaf(1)), Split(0, half, Leaf(1), Leaf(0))),
                        2, (0, 1))
    assert tree.classes == (0, 1)
    thresholds = [tree.root.threshold, tree.root.left.threshold, tree.root.right.threshold]
    assert all(type(t) is Fraction and t == half for t in thresholds)


# ---- DT-7: the stopping test of the Newton fit ------------------------------------------------------

# x = 0..4, classes 0, 1, 0, 1, 1: not separated (the 0 at x = 2 lies between 1s). One Newton step
# from a = b = 0, exactly: c = 2, s = 2, z = (x − 2)/2 = (−1, −½, 0, ½, 1); p = ½ and w = ¼ for every
# example; g₀ = Σ(t − ½) = ½, g₁ = Σ(t − ½)z = 1; h₀₀ = 5/4, h₀₁ = 0, h₁₁ = Σz²/4 = 5/8; so
# Δa = g₀/h₀₀ = 2/5, Δb = g₁/h₁₁ = 8/5 and θ = c + s·(−a/b) = 2 − 2·(1/4) = 3/2.
# The test after the step: max|Δ| = 8/5 <= tol·(1 + 8/5) = tol·13/5, i.e. tol >= 8/13.
X5, Y5 = [0, 1, 2, 3, 4], [0, 1, 0, 1, 1]
NO_THRESHOLD = "x has no threshold: x is constant, or the fitted slope b is 0"


def test_newton_stops_when_the_step_equals_the_bound_DT_7():
    """tol = 8/13: max|Δ| = 8/5 equals tol·(1 + max|(a, b)|) = 8/5: the test is met (<=), in the
    one step allowed. After a first step b = Δb, so b = 8/5 is within the same bound of 0: at this
    tolerance the data do not tell the slope from 0, and there is no threshold (θ = 3/2 would
    be a number the tolerance cannot vouch for)."""
    with pytest.raises(ValueError) as e:
        RT.logistic_threshold(X5, Y5, 1, F(8, 13))
    assert str(e.value) == NO_THRESHOLD


@pytest.mark.parametrize("face", [RT, FT], ids=["reference", "fast"])
def test_a_slope_that_is_0_up_to_rounding_is_no_slope_DT_7(face):
    """x = 0 (eight times), ⅛, ⅜, ⅜ with y = 1 at ⅛ and one ⅜, 0 at the other ⅜, and five 1s
    among the 0s: Σ(yᵢ − ȳ)(xᵢ − x̄) = (6·⅛ − 8·⅜ + 6·⅜)/14 = 0, so at b = 0 with p = ȳ both
    score equations hold: the maximum has slope 0 exactly. In float the fit ends with b ≈ 1e−16
    of rounding (θ = −a/b was −1.4e15; at 40 digits, 2.8e39): within the stopping bound, no
    threshold, in both faces and in exact-enough arithmetic alike."""
    x = [0.0, 0.125, 0.0, 0.0, 0.0, 0.0, 0.0, 0.375, 0.0, 0.375, 0.0, 0.0, 0.0, 0.0]
    y = [0, 1, 0, 1, 1, 0, 1, 0, 1, 1, 1, 0, 1, 0]
    with pytest.raises(ValueError) as e:
        face.logistic_threshold(np.array(x) if face is FT else x, np.array(y) if face is FT else y)
    assert str(e.value) == NO_THRESHOLD
    with mpmath.workdps(40), pytest.raises(ValueError):
        RT.logistic_threshold([mpmath.mpf(v) for v in x], y, 100, mpmath.mpf(10) ** -30)


@pytest.mark.parametrize("tol", [F(1, 2), F(8, 13) - F(1, 10 ** 9)], ids=["half", "just_below"])
def test_newton_goes_on_when_the_step_exceeds_the_bound_DT_7(tol):
    """tol = ½: the bound is ½·13/5 = 13/10 < 8/5 (it would be 9/5 with 2 in place of the 1 of
    1 + max|(a, b)|); just below 8/13 the bound is just below 8/5. One step allowed: no threshold."""
    assert _no_convergence(lambda: RT.logistic_threshold(X5, Y5, 1, tol)) == NOT_CONVERGED.format(1)


# ---- DT-7: a fit that cannot go on ------------------------------------------------------------------

def test_a_singular_hessian_stops_the_fit_DT_7():
    """x = 0, 1, 3·2⁶⁰ with classes 1, 0, 1. The float mean is 2⁶⁰ (1 is lost against 3·2⁶⁰) and
    s = 2⁶¹, so x = 0 and x = 1 both become z = −½ (1 − 2⁶⁰ rounds to −2⁶⁰) and the fit sees one
    example of each class at z = −½ and a 1 at z = 1: no finite maximum. In the logits u = a − b/2
    and v = a + b Newton's method splits in two: u stays 0 and v ← v + 1 + e^(−v) climbs by about 1
    a step, so within 40 steps p = 1/(1 + e^(−v)) rounds to 1 (v > 36.7), the weight p(1 − p) at
    z = 1 is exactly 0, and with all the weight W at z = −½ (a power of two: h₀₁ = −W/2,
    h₁₁ = W/4 exactly) det = W·W/4 − (W/2)² is exactly 0. Newton stops there, however many steps
    are allowed, with a ConvergenceError; tree_fit does not use the feature."""
    x, y = [0.0, 1.0, 3.0 * 2 ** 60], [1, 0, 1]
    assert _no_convergence(lambda: RT.logistic_threshold(x, y)) == NOT_CONVERGED.format(100)
    assert _no_convergence(lambda: RT.logistic_threshold(x, y, 1000)) == NOT_CONVERGED.format(1000)
    assert RT.tree_fit([[v] for v in x], y, threshold="logistic") == Tree(Leaf(1, (1, 2)), 1, (0, 1))


def test_an_overflowing_slope_stops_the_fit_DT_7():
    """x = −1, ζ, 2ζ, 2⁻⁶⁴, 1 (ζ = 2⁻⁵²⁰) with classes 0, 1, 0, 1, 1: only the pair at ζ, 2ζ is out
    of order. The float sum is 0 (the small terms are lost against −1), so c = 0, s = 1 and z = x.
    Newton climbs b at the scale of ±1, then at the scale of 2⁶⁴, the logit of the 1 at 2⁻⁶⁴ rising
    by about 1 a step, until p = 1/(1 + e^(−t)) there rounds to 1 (t > 36.7, step 84): from then
    on −1, 2⁻⁶⁴ and 1 have weight and residual exactly 0, the pair has p = ½ (a ≈ 0, bζ ≈ 0) and
    the step is, exactly, g₀ = 0, g₁ = −ζ/2, h₀₀ = ½, h₀₁ = 3ζ/4, h₁₁ = 5ζ²/4, det = ζ²/16:
    Δa = 6, Δb = −4/ζ = −2⁵²². Now −1, 2⁻⁶⁴ and 1 are all on the wrong side with weight 0 (|t| >
    10¹³⁷), the pair sits at t = ±2 with w = g(2)g(−2) ≈ 0.105, and the next step has
    det = w²ζ², Δb ≈ 4/(wζ²) ≈ 4·10³¹⁴, beyond float64, while Δa ≈ −6/(wζ) ≈ −2·10¹⁵⁸ stays
    finite. An overflowed b is no fit: a ConvergenceError, however many steps are allowed (a
    threshold −a/b from it would be 0), and tree_fit does not use the feature."""
    x, y = [-1.0, 2.0 ** -520, 2.0 ** -519, 2.0 ** -64, 1.0], [0, 1, 0, 1, 1]
    assert _no_convergence(lambda: RT.logistic_threshold(x, y)) == NOT_CONVERGED.format(100)
    assert _no_convergence(lambda: RT.logistic_threshold(x, y, 1000)) == NOT_CONVERGED.format(1000)
    assert RT.tree_fit([[v] for v in x], y, threshold="logistic") == Tree(Leaf(1, (2, 3)), 1, (0, 1))


# ---- DT-7: the step limit of tree_fit's logistic rule ------------------------------------------------

def _crossing_at(eps):
    return [-1.0, -eps, eps, 1.0], [0, 1, 0, 1]


def test_tree_fit_allows_the_logistic_fit_100_newton_steps_DT_7():
    """x = −1, −ε, ε, 1 with classes 0, 1, 0, 1: the classes cross only between −ε and ε, so the
    fitted slope is large (the pull e^(−b) of the outer examples balances the pull ε of the inner
    pair: b ≈ ln(1/ε) ≈ 96) and Newton's method, from b = 0, climbs to it by about 1 a step.
    ε = 2⁻¹³⁸ needs exactly 100 steps and ε = 2⁻¹⁴⁰ exactly 101, as the max_iterations bounds show.
    tree_fit runs the fit with logistic_threshold's defaults (100 steps): it splits at the fitted
    threshold for the first and leaves the feature unused for the second."""
    x, y = _crossing_at(2.0 ** -138)
    assert _no_convergence(lambda: RT.logistic_threshold(x, y, 99)) == NOT_CONVERGED.format(99)
    theta = RT.logistic_threshold(x, y)
    root = RT.tree_fit([[v] for v in x], y, threshold="logistic").root
    assert isinstance(root, Split) and root.feature == 0 and root.threshold == theta

    x, y = _crossing_at(2.0 ** -140)
    assert _no_convergence(lambda: RT.logistic_threshold(x, y)) == NOT_CONVERGED.format(100)
    assert isinstance(RT.logistic_threshold(x, y, 101), float)
    assert RT.tree_fit([[v] for v in x], y, threshold="logistic") == Tree(Leaf(0, (2, 2)), 1, (0, 1))
