"""Pins down behaviour of cs229.reference.svm that the other suites left open: the closed forms of
the dual (OMC-3, OMC-4) and the soft-margin b (SOFT-2) on exact data, under a string kernel and
at α that do not satisfy Σ αᵢy⁽ⁱ⁾ = 0; which of two equal bounds on b is kept; the exact words
of the errors (the argument or field named, the overflow remedy); the rounding allowance of the
primal's feasibility test (SOFT-1); and decision_function on fits with zero or one support
vector (OMC-5). Every expected value is worked out by hand in the comments."""
import math
from fractions import Fraction

import pytest

import cs229.reference.svm as R
from cs229.reference.kernels import Linear, StringKernel
from cs229.reference.results import FloatRangeError

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
