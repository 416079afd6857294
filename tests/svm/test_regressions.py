"""Part V §6 and §8, the SVM's dual and the soft margin (OMC-3 … OMC-5, SOFT-1, SOFT-2): pinned
cases. Each pins a behaviour the other tests left open (a mutant of the reference that survived
them) or reproduces a defect once found; each section below says what its cases pin and why."""
import dataclasses
import math
import re
from fractions import Fraction

import numpy as np
import pytest

import cs229.reference.results as results
import cs229.reference.svm as R
from cs229.reference.kernels import Gaussian, Linear, Polynomial, StringKernel
from cs229.reference.results import FloatRangeError

from tests.reproducers import FACES, X, Y, Z, arg, call, in_child


# ==================================================================================================
# Pins down behaviour of cs229.reference.svm that the other suites left open: the closed forms of
# the dual (OMC-3, OMC-4) and the soft-margin b (SOFT-2) on exact data, under a string kernel and
# at α that do not satisfy Σ αᵢy⁽ⁱ⁾ = 0; which of two equal bounds on b is kept; the exact words
# of the errors (the argument or field named, the overflow remedy); the rounding allowance of the
# primal's feasibility test (SOFT-1); and decision_function on fits with zero or one support
# vector (OMC-5). Every expected value is worked out by hand in the comments.


EPS = Fraction(1, 2 ** 52)          # the unit round-off of a double
REMEDY = "it overflows the float range; rescale the data, alpha or (w, b)"

# Two strings under the 2-spectrum kernel: φ("abab") = {ab: 2, ba: 1}, φ("bab") = {ba: 1, ab: 1},
# so K = [[5, 3], [3, 2]] and ‖φ(s) − φ(t)‖² = 5 − 2·3 + 2 = 1.
STRINGS = ["abab", "bab"]
SPECTRUM = StringKernel(k=2)


def _fit(**changes):
    """A consistent hand-built fit: two 1-d support vectors 0 (label −1) and 1 (label 1), α = 2
    each, b = −1, so wᵀz + b = 2z − 1; ``changes`` replaces fields."""
    fields = dict(
        alpha=[2.0, 2.0], b=-1.0, support=[0, 1], support_vectors=[[0.0], [1.0]],
        support_labels=[-1, 1], support_alpha=[2.0, 2.0], kernel=Linear(), C=None,
        classes=(-1, 1), objective=2.0, iterations=1, kkt_gap=0.0, converged=True)
    fields.update(changes)
    return R.SVMFit(**fields)


# ---- OMC-3: the dual objective and w ------------------------------------------------------------

def test_dual_objective_off_the_equality_constraint_OMC_3():
    """W(α) is the full double sum also where Σ αᵢy⁽ⁱ⁾ ≠ 0."""
    # x = (1, 0), (0, 2), (1, 1): K = [[1, 0, 1], [0, 4, 2], [1, 2, 2]]; α = (1, 2, 0) and
    # y = (1, −1, 1) give yα = (1, −2, 0) (Σ = −1), Σᵢⱼ = 1·1 + (−2)(−2)·4 = 17, Σα = 3,
    # W = 3 − 17/2 = −11/2
    value = R.dual_objective([[1, 0], [0, 2], [1, 1]], [1, -1, 1], [1, 2, 0])
    assert value == Fraction(-11, 2)
    assert isinstance(value, Fraction)
    # one point alone: W = α − α²K/2 = 1 − 1/2
    assert R.dual_objective([[1], [2]], [1, -1], [1, 0]) == Fraction(1, 2)


def test_dual_objective_under_a_string_kernel_OMC_3():
    """X may be strings when the kernel is a StringKernel."""
    # α = (2, 2), y = (1, −1): Σα = 4, Σᵢⱼ = 4·‖φ(s) − φ(t)‖² = 4, W = 4 − 2 = 2
    assert R.dual_objective(STRINGS, [1, -1], [2, 2], SPECTRUM) == 2
    # α = (1, 3): yα = (1, −3), Σᵢⱼ = 5 − 2·3·3 + 9·2 = 5, W = 4 − 5/2
    assert R.dual_objective(STRINGS, [1, -1], [1, 3], SPECTRUM) == Fraction(3, 2)


def test_weights_from_alpha_start_from_the_first_row_OMC_3():
    """w = 0·x⁽¹⁾ + Σ_{αᵢ≠0} αᵢy⁽ⁱ⁾x⁽ⁱ⁾: an exact first row carrying all of α gives an exact w,
    whatever the type of the rows with αᵢ = 0."""
    w = R.weights_from_alpha([[1, 2], [0.5, 1.5]], [1, -1], [1, 0])
    assert w == [1, 2]
    assert all(type(v) is Fraction for v in w)
    w = R.weights_from_alpha([[3, -1], [0.5, 1.5], [0.25, 0.0]], [-1, 1, 1], [Fraction(1, 3), 0, 0])
    assert w == [-1, Fraction(1, 3)]
    assert all(type(v) is Fraction for v in w)


def test_lagrangian_names_b_OMC_3():
    """A b that is not finite is refused naming b."""
    with pytest.raises(ValueError, match=r"^b is nan: expected a finite number$"):
        R.lagrangian([[0.0], [1.0]], [-1, 1], [1.0], math.nan, [1.0, 1.0])


# ---- OMC-4: b from the scores ---------------------------------------------------------------------

def test_scores_stay_exact_for_integer_input_OMC_5():
    """sⱼ = Σᵢ αᵢy⁽ⁱ⁾Kᵢⱼ is a sum of products: integer α, y and K give exact integers."""
    big = 10 ** 17 + 1                      # not a double: 10¹⁷ + 1 rounds to 10¹⁷
    K = [[1, 2], [2, 7]]
    # s₀ = big·(−1)·1 + 1·1·2 = −big + 2, s₁ = big·(−1)·2 + 1·1·7 = −2big + 7
    assert R.scores([big, 1], [-1, 1], K) == [-big + 2, -2 * big + 7]
    assert R.scores([big, 0], [-1, 1], K) == [-big, -2 * big]


def test_threshold_hard_under_a_string_kernel_OMC_4():
    """X may be strings when the kernel is a StringKernel."""
    # α = (2, 2): s₀ = 2·5 − 2·3 = 4, s₁ = 2·3 − 2·2 = 2; b = −(max_{y=−1} s + min_{y=1} s)/2
    # = −(2 + 4)/2 = −3 (the margins y(s + b) are then 1 and 1)
    assert R.threshold_hard(STRINGS, [1, -1], [2, 2], SPECTRUM) == -3


def test_b_hard_overflow_is_named_b_OMC_4():
    """A b that leaves the float range is a FloatRangeError naming b and the remedy."""
    # −(1.5e308 + 1.5e308)/2: the sum is inf
    with pytest.raises(FloatRangeError) as e:
        R.b_hard([1.5e308, 1.5e308], [-1, 1])
    assert str(e.value) == f"b is -inf: {REMEDY}"


# ---- SOFT-2: the soft-margin b --------------------------------------------------------------------

def test_threshold_soft_under_a_string_kernel_SOFT_2():
    """X may be strings when the kernel is a StringKernel."""
    # α = (2, 2) < C = 3: both free, b = mean of y − s = ((1 − 4) + (−1 − 2))/2 = −3
    assert R.threshold_soft(STRINGS, [1, -1], [2, 2], 3, SPECTRUM) == -3
    # α = (1, 1) = C: only bounds. y = 1 at C: b ≤ 1 − 2 = −1; y = −1 at C: b ≥ −1 − 1 = −2
    assert R.threshold_soft(STRINGS, [1, -1], [1, 1], 1, SPECTRUM) == Fraction(-3, 2)


def test_threshold_soft_with_only_one_kind_of_bound_SOFT_2():
    """Without free αᵢ, and with every bound on the same side, b is that side's tightest bound."""
    # x = 0 (y = −1), 1 (y = 1), α = (0, 1) = (0, C): the scores are s = α₁·1·x·1 = (0, 1).
    # α₀ = 0, y = −1: b ≤ −1 − 0 = −1; α₁ = C, y = 1: b ≤ 1 − 1 = 0. Upper bounds only: b = −1
    assert R.threshold_soft([[0], [1]], [-1, 1], [0, 1], 1) == -1
    # α = (1, 0) = (C, 0): s = α₀·(−1)·0·x = (0, 0). α₀ = C, y = −1: b ≥ −1 − 0; α₁ = 0, y = 1:
    # b ≥ 1 − 0 = 1. Lower bounds only: b = 1
    assert R.threshold_soft([[0], [1]], [-1, 1], [1, 0], 1) == 1


def test_b_soft_keeps_the_first_of_equal_lower_bounds_SOFT_2():
    """Of two equal bounds the first (in index order) is kept: here an exact one before a float."""
    # α = 0 with y = 1 and α = C with y = −1 bound b from below by y − s: 1 − (−1) = 2 (exact),
    # 1 − (−1.0) = 2.0, −1 − 1 = −2; no upper bound, so b = the first 2
    b = R.b_soft([0, 0, 1], [1, 1, -1], [Fraction(-1), -1.0, Fraction(1)], 1)
    assert b == 2
    assert type(b) is Fraction


def test_b_soft_keeps_the_first_of_equal_upper_bounds_SOFT_2():
    """Of two equal bounds the first (in index order) is kept: here an exact one before a float."""
    # α = 0 with y = −1 and α = C with y = 1 bound b from above by y − s: −1 − 1 = −2 (exact),
    # −1 − 1.0 = −2.0, 1 − (−1) = 2; no lower bound, so b = the first −2
    b = R.b_soft([0, 0, 1], [-1, -1, 1], [Fraction(1), 1.0, Fraction(-1)], 1)
    assert b == -2
    assert type(b) is Fraction


def test_b_soft_overflow_is_named_b_SOFT_2():
    """A b that leaves the float range is a FloatRangeError naming b and the remedy."""
    # two free αᵢ: b = ((1 + 1e308) + (−1 + 1e308))/2, and the sum 2e308 is inf
    with pytest.raises(FloatRangeError) as e:
        R.b_soft([0.5, 0.5], [1, -1], [-1e308, -1e308], 1.0)
    assert str(e.value) == f"b is inf: {REMEDY}"


def test_kkt_violations_of_each_condition_SOFT_2():
    """Each α is held to its own condition, with C finite: x = ±1, y = (1, −1), b = 1/4, so
    w = α₀ + α₁ and u = (α₀ + α₁ + 1/4, α₀ + α₁ − 1/4). α = 0 needs u ≥ 1: 1 − u; α = C = 1 needs
    u ≤ 1: u − 1 (u = 9/4, 7/4 gives 5/4, 3/4); 0 < α = 1/4 < C needs u = 1 exactly, so a margin
    below 1 (u = 3/4, 1/4) counts as 1 − u as α = 0's does, never as an α at C's u − 1 < 0."""
    F = Fraction
    X, y, b, C = [[F(1)], [F(-1)]], [1, -1], F(1, 4), 1
    assert R.kkt_violations(X, y, [0, 0], b, C) == [F(3, 4), F(5, 4)]
    assert R.kkt_violations(X, y, [1, 1], b, C) == [F(5, 4), F(3, 4)]
    assert R.kkt_violations(X, y, [F(1, 4), F(1, 4)], b, C) == [F(1, 4), F(3, 4)]
    assert R.kkt_violations(X, y, [F(1, 2), F(1, 2)], b, C) == [F(1, 4), F(1, 4)]


def test_kkt_violations_under_a_string_kernel_SOFT_2():
    """X may be strings when the kernel is a StringKernel."""
    # scores (4, 2) as in threshold_hard; b = −3: margins (1, 1), both free: no violation;
    # b = −2: margins 1·(4 − 2) = 2 and −1·(2 − 2) = 0, violations |2 − 1| and |0 − 1|
    assert R.kkt_violations(STRINGS, [1, -1], [2, 2], -3, None, SPECTRUM) == [0, 0]
    assert R.kkt_violations(STRINGS, [1, -1], [2, 2], -2, None, SPECTRUM) == [1, 1]


def test_soft_margin_lagrangian_names_C_SOFT_2():
    """A C that is not positive is refused naming C."""
    with pytest.raises(ValueError, match=r"^C must be > 0, got 0\.0$"):
        R.soft_margin_lagrangian([[0.0], [1.0]], [-1, 1], [1.0], 0.0, [0.0, 0.0], [1.0, 1.0],
                                 [0.0, 0.0], 0.0)


@pytest.mark.parametrize("call", [
    lambda b: R.soft_margin_lagrangian([[0.0], [1.0]], [-1, 1], [1.0], b, [0.0, 0.0], [1.0, 1.0],
                                       [0.0, 0.0], 1.0),
    lambda b: R.kkt_violations([[0.0], [1.0]], [-1, 1], [1.0, 1.0], b, 1.0),
], ids=["soft_margin_lagrangian", "kkt_violations"])
def test_b_is_named_SOFT_2(call):
    """A b that is not finite is refused naming b."""
    with pytest.raises(ValueError, match=r"^b is nan: expected a finite number$"):
        call(math.nan)


# ---- SOFT-1: slacks and the primal ----------------------------------------------------------------

@pytest.mark.parametrize("call", [
    lambda b: R.slacks([[0.0], [1.0]], [-1, 1], [1.0], b),
    lambda b: R.soft_margin_primal([[0.0], [1.0]], [-1, 1], [1.0], b, [5.0, 5.0], 1.0),
], ids=["slacks", "soft_margin_primal"])
def test_b_is_named_SOFT_1(call):
    """A b that is not finite is refused naming b."""
    with pytest.raises(ValueError, match=r"^b is nan: expected a finite number$"):
        call(math.nan)


def _primal_with_first_slack(xi0):
    # w = 0, b = 0: both margins are 0 (the second −0.0); ξ₁ = 1 makes the second example feasible
    # exactly, so only ξ₀ decides feasibility: it needs 0 ≥ 1 − ξ₀ up to the rounding allowance
    # 4·eps·(1 + |u| + |ξ₀|)
    return R.soft_margin_primal([[1.0], [-1.0]], [1, -1], [0.0], 0.0, [xi0, 1.0], 1)


def test_primal_allows_four_roundings_of_the_scale_SOFT_1():
    """Feasibility allows y(wᵀx + b) below 1 − ξ by up to 4·eps·(1 + |u| + |ξ|), no more."""
    # ξ₀ = 1 − 7eps (exact): 1 − ξ₀ = 7eps; the allowance 4eps·(2 − 7eps) = 8eps − 28eps² exceeds
    # it, so 0 passes; the objective is 0 + 1·((1 − 7eps) + 1) = 2 − 7eps, exact in doubles
    value = _primal_with_first_slack(float(1 - 7 * EPS))
    assert Fraction(value) == 2 - 7 * EPS
    # ξ₀ = 1 − 9eps: the allowance 4eps·(2 − 9eps) = 8eps − 36eps² falls short of 9eps
    with pytest.raises(ValueError, match=r"^example 0 violates y\(wᵀx \+ b\) >= 1 − ξ$"):
        _primal_with_first_slack(float(1 - 9 * EPS))
    # ξ₀ = 1 − 8eps: the allowance 8eps − 32eps² still falls short by 32eps²
    with pytest.raises(ValueError, match=r"^example 0 violates"):
        _primal_with_first_slack(float(1 - 8 * EPS))


def test_primal_allowance_grows_with_the_margin_and_the_slack_SOFT_1():
    """The allowance is 4·eps·(1 + |u| + |ξ|): with w = 0, b = −2²⁰ the first margin is u = −2²⁰,
    and ξ₀ = 1 + 2²⁰ − 2⁻³¹ (exact: the spacing of doubles there is 2⁻³²) leaves 1 − ξ₀ above u by
    2⁻³¹, two spacings, a rounding error of ξ = 1 − u at that size. The allowance
    4·2⁻⁵²·(2 + 2²¹ − 2⁻³¹) ≈ 2⁻²⁹ covers it (a scale 1 − |u| + |ξ| ≈ 2 would not); the second
    example has u = 2²⁰ ≥ 1 with ξ₁ = 0. The objective is 0 + 1·ξ₀, exact."""
    xi0 = 1 + 2.0 ** 20 - 2.0 ** -31
    value = R.soft_margin_primal([[1.0], [-1.0]], [1, -1], [0.0], -2.0 ** 20, [xi0, 0.0], 1)
    assert value == xi0 and Fraction(xi0) == 1 + 2 ** 20 - Fraction(1, 2 ** 31)
    # 2⁻²⁸ (sixteen spacings) is beyond 2⁻²⁹: the first example breaks its margin
    with pytest.raises(ValueError, match=r"^example 0 violates y\(wᵀx \+ b\) >= 1 − ξ$"):
        R.soft_margin_primal([[1.0], [-1.0]], [1, -1], [0.0], -2.0 ** 20,
                             [1 + 2.0 ** 20 - 2.0 ** -28, 0.0], 1)


def test_primal_overflow_is_named_SOFT_1():
    """An objective that leaves the float range is a FloatRangeError naming ½‖w‖² + CΣξ."""
    # C·Σξ = 1e300 · (1e10 + 1e10) is beyond the float range
    with pytest.raises(FloatRangeError) as e:
        R.soft_margin_primal([[0.0], [1.0]], [-1, 1], [1.0], 0.0, [1e10, 1e10], 1e300)
    assert str(e.value) == f"½‖w‖² + CΣξ is inf: {REMEDY}"


# ---- OMC-5: prediction ------------------------------------------------------------------------------

def test_decision_values_names_b_OMC_5():
    """A b that is not finite is refused naming b."""
    with pytest.raises(ValueError, match=r"^b is nan: expected a finite number$"):
        R.decision_values([[0.0], [1.0]], [-1, 1], [2.0, 2.0], math.nan, [[0.5]])


def test_decision_function_without_support_vectors_is_b_OMC_5():
    """A fit with α = 0 has no support vectors: every decision value is b."""
    model = _fit(alpha=[0.0, 0.0], b=0.25, support=[], support_vectors=[], support_labels=[],
                 support_alpha=[])
    assert R.decision_function(model, [[1.0], [-3.0]]) == [0.25, 0.25]
    assert R.predict(model, [[1.0]]) == [1]


def test_decision_function_with_one_support_vector_OMC_5():
    """One support vector is read like many: 3·(−1)·(2z) + 1 at z."""
    model = _fit(support=[0], support_vectors=[[2]], support_labels=[-1], support_alpha=[3], b=1,
                 classes=("no", "yes"))
    # z = 1: −6 + 1 = −5; z = 0: 1; z = −1: 6 + 1 = 7
    assert R.decision_function(model, [[1], [0], [-1]]) == [-5, 1, 7]
    assert R.predict(model, [[1], [0]]) == ["no", "yes"]


def test_decision_function_with_the_hand_fit_OMC_5():
    """The hand-built fit gives 2z − 1."""
    assert R.decision_function(_fit(), [[0.0], [0.5], [2.0]]) == [-1.0, 0.0, 3.0]


@pytest.mark.parametrize("changes, error, message", [
    (dict(kernel=5), TypeError, "model.kernel must be a callable K(x, z), got int"),
    (dict(b=math.nan), ValueError, "model.b[0] is nan: expected a finite number"),
    (dict(b="0"), TypeError, "model.b[0] is '0': expected a real number"),
    (dict(support_vectors=[[0.0], [math.nan]]), ValueError,
     "model.support_vectors[1][0] is nan: expected a finite number"),
    (dict(support_vectors=[[0.0], [1.0, 2.0]]), ValueError, "model.support_vectors"),
    (dict(support_alpha=[2.0, math.nan]), ValueError,
     "model.support_alpha[1] is nan: expected a finite number"),
    (dict(support_labels=[-1, math.inf]), ValueError,
     "model.support_labels[1] is inf: expected a finite number"),
    (dict(support_labels=[-1, 2]), ValueError, "model.support_labels[1] is 2: labels must be -1 or 1"),
    (dict(support_labels=[0.5, 1]), ValueError,
     "model.support_labels[0] is 0.5: labels must be -1 or 1"),
    (dict(support_vectors=[], support_alpha=5), TypeError,
     "model.support_alpha must be a sequence, got int"),
    (dict(support_vectors=[], support_alpha=[], support_labels=None), TypeError,
     "model.support_labels must be a sequence, got NoneType"),
], ids=["kernel", "b-nan", "b-text", "vectors-nan", "vectors-ragged", "alpha-nan", "labels-inf",
        "labels-two", "labels-half", "alpha-without-vectors", "labels-without-vectors"])
def test_decision_function_names_the_bad_field_OMC_5(changes, error, message):
    """A hand-built fit with one bad field is refused naming that field."""
    with pytest.raises(error) as e:
        R.decision_function(_fit(**changes), [[0.0]])
    assert str(e.value).startswith(message)


def test_decision_function_names_the_support_vectors_for_a_bad_Z_OMC_5():
    """Z as wide as the support vectors, else an error naming both."""
    with pytest.raises(ValueError) as e:
        R.decision_function(_fit(), [[1.0, 2.0]])
    assert str(e.value) == "Z has 2 columns but model.support_vectors has 1"
    with pytest.raises(ValueError) as e:
        R.predict(_fit(), [[1.0, 2.0, 3.0]])
    assert str(e.value) == "Z has 3 columns but model.support_vectors has 1"


# ==================================================================================================
# Part V at the edges (issue 12): every reproducer for the SVM, SMO, kernels, margins and
# coordinate ascent, on both faces. Fits and kernels edited by hand are checked before compiled
# code reads them (each such call runs in a forked child, so that a segfault fails the test
# instead of killing the worker); the Gaussian kernel far from the origin; kernel values that
# overflow are named; a subclass of a named kernel is computed by its own ``__call__``; caps
# beyond 64 bits; one home for what the modules share.


# ---- C1: a hand-built or edited SVMFit is checked field by field ---------------------------

def _smo_fit(face):
    return call(face, "smo", "smo", arg(face, X), arg(face, Y), C=1.0, kernel=Gaussian(1.0))


def _edited(kernel_field, value):
    kernel = Polynomial(1, 2)
    object.__setattr__(kernel, kernel_field, value)   # a frozen dataclass can still be edited
    return kernel


EDITS = [  # (id, field -> f(fit) -> new value, error, message)
    ("one row", dict(support_vectors=lambda f: f.support_vectors[0]), ValueError,
     r"model\.support_vectors must be 2-dimensional"),
    ("None vectors", dict(support_vectors=lambda f: None), TypeError, r"model\.support_vectors must be a sequence"),
    ("scalar vectors", dict(support_vectors=lambda f: 3.0), TypeError, r"model\.support_vectors must be a sequence"),
    ("NaN vector", dict(support_vectors=lambda f: [[math.nan, 1.0]] + [list(r) for r in f.support_vectors[1:]]),
     ValueError, r"model\.support_vectors\[0\]\[0\] is nan"),
    ("extra column", dict(support_vectors=lambda f: [list(r) + [1.0] for r in f.support_vectors]), ValueError,
     r"Z has 2 columns but model\.support_vectors has 3"),
    ("one alpha", dict(support_alpha=lambda f: [1.0]), ValueError,
     r"model\.support_alpha has 1 entries but model\.support_vectors has \d rows"),
    ("None alpha", dict(support_alpha=lambda f: None), TypeError, r"model\.support_alpha must be a sequence"),
    ("NaN alpha", dict(support_alpha=lambda f: [math.nan] * len(f.support_alpha)), ValueError,
     r"model\.support_alpha\[0\] is nan"),
    ("one label", dict(support_labels=lambda f: [1.0]), ValueError,
     r"model\.support_labels has 1 entries but model\.support_vectors has \d rows"),
    ("label 0", dict(support_labels=lambda f: [0.0] * len(f.support_labels)), ValueError,
     r"model\.support_labels\[0\] is 0.*labels must be -1 or 1"),
    ("None labels", dict(support_labels=lambda f: None), TypeError, r"model\.support_labels must be a sequence"),
    ("NaN b", dict(b=lambda f: math.nan), ValueError, r"model\.b.* is nan"),
    ("None b", dict(b=lambda f: None), TypeError, r"model\.b.* is None"),
    ("None kernel", dict(kernel=lambda f: None), TypeError, r"model\.kernel must be a callable"),
    ("edited d", dict(kernel=lambda f: _edited("d", 2.5)), TypeError, r"d must be an integer"),
    ("edited c", dict(kernel=lambda f: _edited("c", math.nan)), ValueError, r"c.* is nan"),
    ("alpha without vectors", dict(support_vectors=lambda f: []), ValueError,
     r"model\.support_alpha has entries but model\.support_vectors has none"),
]


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("function", ["decision_function", "predict"])
@pytest.mark.parametrize("name,fields,error,message", EDITS, ids=[e[0] for e in EDITS])
def test_an_edited_fit_is_refused_naming_the_field_C1(face, function, name, fields, error, message):
    fit = _smo_fit(face)
    edited = dataclasses.replace(fit, **{k: f(fit) for k, f in fields.items()})
    outcome = in_child(lambda: call(face, "svm", function, edited, arg(face, Z)))
    assert outcome[0] == "raised", outcome
    assert issubclass(outcome[1], error) and re.search(message, outcome[2]), outcome


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("classes,error", [(None, TypeError), ((1,), ValueError), ((1, 1), ValueError)])
def test_predict_refuses_classes_that_are_not_a_pair_C1(face, classes, error):
    edited = dataclasses.replace(_smo_fit(face), classes=classes)
    outcome = in_child(lambda: call(face, "svm", "predict", edited, arg(face, Z)))
    assert outcome[:2] == ("raised", error) and "model.classes" in outcome[2], outcome


@pytest.mark.parametrize("face", FACES)
def test_a_fit_without_support_vectors_predicts_b_C1(face):
    fit = dataclasses.replace(_smo_fit(face), support=[], support_vectors=[], support_alpha=[],
                              support_labels=[], b=0.25)
    outcome = in_child(lambda: list(call(face, "svm", "decision_function", fit, arg(face, Z))))
    assert outcome == ("returned", [0.25, 0.25])


@pytest.mark.parametrize("face", FACES)
def test_an_edited_kernel_is_checked_before_compiled_code_reads_it_C1(face):
    for kernel, error in ((_edited("d", 2 ** 70), ValueError), (_edited("d", 0), ValueError),
                          (_edited("c", -1.0), ValueError), (_edited("d", "2"), TypeError)):
        outcome = in_child(lambda: call(face, "kernels", "kernel_matrix", arg(face, X * 1e3), kernel))
        assert outcome[0] == "raised" and issubclass(outcome[1], error), (kernel, outcome)
        outcome = in_child(lambda: call(face, "smo", "smo", arg(face, X), arg(face, Y), kernel=kernel))
        assert outcome[0] == "raised" and issubclass(outcome[1], error), (kernel, outcome)


# ---- W2: kernel values and parameters out of range -----------------------------------------

@pytest.mark.parametrize("face", FACES)
def test_a_nan_kernel_value_names_the_support_vector_W2(face):
    def broken(x, z):
        return math.nan if z[0] == 1.0 else float(np.dot(x, z))
    fit = dataclasses.replace(_smo_fit(face), kernel=broken)
    k = len(fit.support_alpha) - 1
    with pytest.raises(ValueError, match=r"kernel\(model\.support_vectors\[0\], Z\[1\]\) is nan"):
        call(face, "svm", "decision_function", fit, arg(face, Z))
    assert k >= 0


# ---- the SVM's closed forms: values that overflow -----------------------------------------

BIG = 1e200
OVERFLOWS = [  # (module, function, arguments as lists, the quantity named)
    ("svm", "lagrangian", (X, Y, [BIG, 1.0], 0.0, 0.25 * np.ones(5)), r"L\(w, b, α\) is inf"),
    ("svm", "weights_from_alpha", (X * BIG, Y, 0.25 * BIG * np.ones(5)), r"w\[0\] is nan"),
    ("svm", "slacks", (X * BIG, Y, [BIG, 1.0], 0.0), r"y\(wᵀx \+ b\) of X\[1\] is -inf"),
    ("svm", "hinge_objective", (X, Y, [BIG, 1.0], 0.0, 1.0), r"½‖w‖² \+ CΣξ is inf"),
    ("svm", "soft_margin_lagrangian", (X, Y, [BIG, 1.0], 0.0, 0.25 * np.ones(5), 0.25 * np.ones(5),
                                       0.25 * np.ones(5), 1.0), r"L\(w, b, ξ, α, r\) is inf"),
    ("svm", "dual_objective", (X, Y, 0.25 * BIG * np.ones(5)), r"W\(α\) is (inf|nan)"),
    ("svm", "threshold_hard", (X * 1e100, Y, 0.25 * BIG * np.ones(5)), r"wᵀφ\(X\[0\]\) is nan"),
    ("svm", "threshold_soft", (X * 1e100, Y, 0.25 * BIG * np.ones(5), None), r"wᵀφ\(X\[0\]\) is nan"),
    ("svm", "decision_values", (X * 1e100, Y, 0.25 * BIG * np.ones(5), 0.0, X * 1e100),
     r"the decision value of Z\[0\] is nan"),
    ("svm", "kkt_violations", (X * 1e100, Y, 0.25 * BIG * np.ones(5), 0.0, None), r"wᵀφ\(X\[0\]\) is nan"),
    ("svm", "kkt_violations", (X * 1e153, Y, np.array([0.0, 0.0, 0.0, 0.0, 1.0]), 1.79e308, None),
     r"y\(wᵀφ\(x\) \+ b\) of X\[0\] is -inf"),
    ("smo", "kkt_gap", (X * 1e100, Y, 0.25 * BIG * np.ones(5), None), r"wᵀφ\(X\[0\]\) is nan"),
    ("smo", "two_variable_step", (X * 1e100, Y, 0.25 * BIG * np.ones(5), 0, 2, None), r"wᵀφ\(X\[0\]\) is nan"),
]


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("module,name,args,message", OVERFLOWS, ids=[f"{m}.{n}" for m, n, _, _ in OVERFLOWS])
def test_closed_forms_that_overflow_are_errors_naming_the_quantity(face, module, name, args, message):
    """They returned inf or NaN (and the faces disagreed: NaN against inf, 0.0 against NaN)."""
    args = [arg(face, a) if isinstance(a, (list, np.ndarray)) else a for a in args]
    with pytest.raises(results.FloatRangeError, match=message + ": it overflows the float range"):
        call(face, module, name, *args)


# ---- one home for what the modules share ---------------------------------------------------

@pytest.mark.parametrize("face", FACES)
def test_kkt_violations_does_not_check_the_equality_constraint(face):
    """As its docstring says: Σ αᵢy⁽ⁱ⁾ = 0 is not one of the per-example conditions."""
    alpha = arg(face, [1.0, 0.0, 0.0, 0.0, 0.0])    # Σ αᵢy⁽ⁱ⁾ = −1
    v = call(face, "svm", "kkt_violations", arg(face, X), arg(face, Y), alpha, 0.0, 1.0)
    assert len(v) == 5
