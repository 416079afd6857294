"""Decision trees, 001 §11.3 (DT-1, DT-2, DT-5 … DT-7): pinned cases. Each pins a behaviour the
other tests left open (a mutant of the reference that survived them) or reproduces a defect once
found; each section below says what its cases pin and why."""
import dataclasses
from fractions import Fraction

import mpmath
import numpy as np
import pytest

import cs229.fast.trees as FT
import cs229.reference.trees as RT
from cs229.reference.results import ConvergenceError
from cs229.reference.scalar import ExactResultError
from cs229.reference.trees import Leaf, Split, Tree

from tests.reproducers import FACES_IV, in_interpreter


# ==================================================================================================
# Pins down cs229.reference.trees where its other tests leave room: the XOR tree of Figure 11.1
# field by field, and the Newton fit of the 1-D logistic threshold (DT-7): its stopping test
# max|Δ| <= tol·(1 + max|(a, b)|) met with equality in exact arithmetic, a slope within that
# bound counted as 0 (no threshold), the stop on a singular
# Hessian and on an overflowing step (a ConvergenceError, not a threshold), and the 100 Newton steps
# that tree_fit's logistic rule allows. Every expected value is worked out by hand below.


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


def test_exact_data_stay_exact_until_the_sigmoid_needs_exp_DT_7():
    """Fractions: the centre, the scale and the first Newton step are exact (the test above);
    the second step needs g(a + b z) at a rational a + b z ≠ 0, whose exp is irrational, and the
    reference says so rather than round."""
    with pytest.raises(ExactResultError, match="is not rational"):
        RT.logistic_threshold(X5, Y5)
    theta = RT.logistic_threshold([float(v) for v in X5], Y5)  # floats and mpf are fitted
    assert theta == pytest.approx(float(RT.logistic_threshold([mpmath.mpf(v) for v in X5], Y5)), rel=1e-12)


def test_a_node_too_small_to_split_is_a_leaf_before_any_fit_DT_6():
    """3 examples cannot leave min_samples_leaf = 2 on each side: the root is a leaf at once, so
    the logistic fit (whose second Newton step Fractions cannot take) is never started."""
    tree = RT.tree_fit([[F(0)], [F(1)], [F(2)]], [0, 1, 0], threshold="logistic", min_samples_leaf=2)
    assert tree.root == Leaf(0, (2, 1))


@pytest.mark.parametrize("face", [FT, RT], ids=["fast", "reference"])
@pytest.mark.parametrize("msl", [2, 3])
def test_a_logistic_threshold_leaving_too_few_examples_on_one_side_is_not_used_DT_7(face, msl):
    """θ = 1.42 leaves 2 of 10 examples on the left: with min_samples_leaf = 3 the feature is
    not used at the node (the other side's 8 do not make up for it), and the node is a leaf."""
    x, y = [[float(v)] for v in range(10)], [0, 1, 0, 1, 1, 1, 1, 1, 1, 1]
    tree = face.tree_fit(x, y, threshold="logistic", min_samples_leaf=msl)
    if msl == 2:
        assert isinstance(tree.root, Split) and tree.root.left.counts == (1, 1)
    else:
        assert tree.root == Leaf(1, (2, 8))


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


# ==================================================================================================
# Reproducers of the hardening review (issue 12) for Part IV (GDA, Naive Bayes) and decision
# trees: crashes, a hang, wrong answers and errors a user cannot act on. Each one is a test on both
# faces. The inputs that once crashed or hung the interpreter run in a child process with a time
# limit, so that a segfault or a hang fails the test instead of killing the worker.


# ---- crashes and the hang (run in a child) -----------------------------------------------------

def test_predict_on_a_tree_with_a_cycle_is_refused_not_a_hang_H1():
    outcomes = in_interpreter("""
        import dataclasses
        for M in (FT, RT):
            leaf = RT.Leaf(0)
            split = RT.Split(0, 0.5, leaf, RT.Leaf(1))
            object.__setattr__(split, "left", split)  # past the frozen dataclass: a cycle
            tree = RT.Tree(split, 1)
            OUTCOMES.append(outcome(lambda: M.predict(tree, [[0.0], [1.0]])))
        OUTCOMES.append(outcome(lambda: tree.depth))
        OUTCOMES.append(outcome(lambda: tree.n_nodes))
    """, timeout=30)
    for kind, error, message in outcomes:
        assert (kind, error) == ("error", "ValueError") and "tree.root.left is one of its own ancestors" in message


def test_a_cycle_through_a_list_cannot_be_made_H1():
    """A Branch copies its children into a tuple, so editing the caller's list afterwards
    (even to put the branch itself in it) changes nothing."""
    outcomes = in_interpreter("""
        children = [RT.Leaf(0), RT.Leaf(1)]
        branch = RT.Branch(0, [0.0, 1.0], children)
        children[0] = branch
        tree = RT.Tree(branch, 1)
        for M in (FT, RT):
            OUTCOMES.append(outcome(lambda: [int(v) for v in M.predict(tree, [[0.0], [1.0]])]))
    """, timeout=30)
    assert outcomes == [["answer", "[0, 1]"]] * 2


def test_shared_subtrees_are_walked_once_and_predict_alike():
    """A node reached by 2⁶⁰ paths (61 distinct nodes): the sizes are counted, and fast packs
    the tree, once per distinct node."""
    outcomes = in_interpreter("""
        node = RT.Leaf(1)
        for depth in range(60):
            node = RT.Split(depth % 2, 0.5, node, node)
        tree = RT.Tree(node, 2)
        OUTCOMES.append(outcome(lambda: (tree.depth, tree.n_leaves, tree.n_nodes)))
        X = np.random.default_rng(0).random((50, 2))
        OUTCOMES.append(outcome(lambda: FT.predict(tree, X).tolist() == RT.predict(tree, X.tolist()) == [1] * 50))
    """, timeout=30)
    assert outcomes == [["answer", repr((60, 2 ** 60, 2 ** 61 - 1))], ["answer", "True"]]


# ---- wrong answers -----------------------------------------------------------------------------

def test_split_score_of_counts_beyond_int64_W7():
    for table in ([[1e20, 1e20]], [[2.0 ** 63, 1.0], [3.0, 2.0 ** 62]], [[1e300, 0.0]]):
        assert FT.split_score(np.array(table)) == RT.split_score(table)
    assert FT.split_score([[1e20, 1e20]]) == pytest.approx(2e20 * np.log(2e20) - 2 * 1e20 * np.log(1e20))


@pytest.mark.parametrize("face", FACES_IV)
def test_split_score_that_overflows_float64_is_refused(face):
    with pytest.raises(ValueError, match="too large for float64"):
        FACES_IV[face][1].split_score([[1e306, 1e306]])


def test_split_score_of_an_integer_count_beyond_float64_is_refused():
    """An int count past the float64 range: c ln c cannot be formed (float(c) overflows)."""
    with pytest.raises(ValueError) as e:
        RT.split_score([[10 ** 400, 1]])
    assert str(e.value) == ("table holds counts too large for float64: c ln c overflows, so S has no "
                            "float64 value")


@pytest.mark.parametrize("face", FACES_IV)
def test_a_tree_is_immutable_so_a_packed_copy_cannot_go_stale_W9(face):
    T = FACES_IV[face][1]
    children = [RT.Leaf(0), RT.Leaf(1)]
    tree = RT.Tree(RT.Branch(0, [0.0, 1.0], children), 1)
    assert np.asarray(T.predict(tree, [[1.0]])).tolist() == [1]
    children[1] = RT.Leaf(7)  # the caller's list, not the tree's tuple
    assert np.asarray(T.predict(tree, [[1.0]])).tolist() == [1]
    with pytest.raises(dataclasses.FrozenInstanceError):
        tree.root.children = (RT.Leaf(0), RT.Leaf(7))
    edited = dataclasses.replace(tree, root=dataclasses.replace(tree.root, children=(RT.Leaf(0), RT.Leaf(7))))
    assert np.asarray(T.predict(edited, [[1.0]])).tolist() == [7]
    assert np.asarray(T.predict(tree, [[1.0]])).tolist() == [1]


def test_a_fitted_tree_rebuilt_with_another_leaf_predicts_with_it_W9():
    tree = FT.tree_fit([[0.0], [1.0]], [0, 1])
    assert FT.predict(tree, [[1.0]]).tolist() == [1]
    rebuilt = dataclasses.replace(tree, root=dataclasses.replace(tree.root, right=RT.Leaf(7)))
    assert FT.predict(rebuilt, [[1.0]]).tolist() == RT.predict(rebuilt, [[1.0]]) == [7]


@pytest.mark.parametrize("face", FACES_IV)
@pytest.mark.parametrize("node,field", [
    (RT.Branch(0, (float("nan"), 1.0, 2.0), (RT.Leaf(9), RT.Leaf(1), RT.Leaf(2))), r"tree.root.values\[0\] is nan"),
    (RT.Split(0, float("nan"), RT.Leaf(0), RT.Leaf(1)), r"tree.root.threshold is nan"),
    (RT.Split(0, float("inf"), RT.Leaf(0), RT.Leaf(1)), r"tree.root.threshold is inf"),
    (RT.Split(0, 0.5, RT.Leaf(0), RT.Split(-1, 0.5, RT.Leaf(0), RT.Leaf(1))), r"tree.root.right.feature is -1"),
    (RT.Split(2, 0.5, RT.Leaf(0), RT.Leaf(1)), r"tree.root.feature is 2: the tree takes features 0..1"),
    (RT.Branch(0, (0.0, 1.0), (RT.Leaf(0),)), "tree.root has 2 values but 1 children"),
    (RT.Branch(0, (1.0, 1), (RT.Leaf(0), RT.Leaf(1))), r"tree.root.values\[1\] is 1, a value that has a child"),
    (RT.Split(0, 0.5, RT.Leaf(0), RT.Leaf(1), counts=(1, -1)), r"tree.root.counts\[1\] is -1"),
])
def test_a_tree_with_a_bad_field_is_refused_naming_it_W10(face, node, field):
    """W10: a NaN Branch value broke the binary search of fast predict (answer 9, the reference
    1); a negative feature index was wrapped by the reference. Both faces refuse them now."""
    with pytest.raises(ValueError, match=field):
        FACES_IV[face][1].predict(RT.Tree(node, 2), [[1.0, 1.0]])


@pytest.mark.parametrize("face", FACES_IV)
@pytest.mark.parametrize("tree,field", [
    (RT.Tree(RT.Leaf("a"), 1), "tree.root.prediction is 'a'"),
    (RT.Tree(RT.Leaf(True), 1), "tree.root.prediction is True"),
    (RT.Tree(RT.Split(0.0, 0.5, RT.Leaf(0), RT.Leaf(1)), 1), "tree.root.feature is 0.0"),
    (RT.Tree(RT.Split(0, "0.5", RT.Leaf(0), RT.Leaf(1)), 1), "tree.root.threshold is '0.5'"),
    (RT.Tree(RT.Split(0, 0.5, RT.Leaf(0), None), 1), "tree.root.right must be a Leaf, Split or Branch"),
    (RT.Tree(RT.Leaf(0), 1.0), "tree.n_features is 1.0"),
])
def test_a_tree_with_a_field_of_the_wrong_type_is_refused(face, tree, field):
    with pytest.raises(TypeError, match=field):
        FACES_IV[face][1].predict(tree, [[1.0]])


@pytest.mark.parametrize("face", FACES_IV)
def test_a_leaf_label_beyond_int64_is_predicted_as_the_reference_does(face):
    tree = RT.Tree(RT.Split(0, 0.5, RT.Leaf(2 ** 70), RT.Leaf(-3)), 1)
    assert list(FACES_IV[face][1].predict(tree, [[0.0], [1.0]])) == [2 ** 70, -3]


def test_exact_thresholds_and_values_compare_exactly_with_float_inputs():
    third = Fraction(1, 3)
    just_below, just_above = float(third), np.nextafter(float(third), 1)  # float(1/3) < 1/3
    tree = RT.Tree(RT.Split(0, third, RT.Leaf(0), RT.Branch(1, (third, 0.5), (RT.Leaf(1), RT.Leaf(2)),
                                                           prediction=3)), 2)
    X = [[just_below, 0.5], [just_above, 0.5], [just_above, just_below], [10.0 ** 300, 0.5]]
    assert FT.predict(tree, np.array(X)).tolist() == RT.predict(tree, X) == [0, 2, 3, 2]
    huge = RT.Tree(RT.Split(0, 10 ** 400, RT.Leaf(0), RT.Leaf(1)), 1)
    assert FT.predict(huge, [[1e308]]).tolist() == RT.predict(huge, [[1e308]]) == [0]


# ---- errors a user can act on ------------------------------------------------------------------

@pytest.mark.parametrize("face", FACES_IV)
def test_sizes_past_int64_are_clamped_or_refused_not_overflow_errors(face):
    """A depth past int64 is clamped (no tree is that deep); a count parameter goes through
    positive_int, so up to 2**31 − 1 it is taken (and clamped to the data) and past it both faces
    raise the same ValueError naming it (it was a raw OverflowError)."""
    T = FACES_IV[face][1]
    X, y = [[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1]
    arg = (lambda a: np.array(a)) if face == "fast" else (lambda a: a)
    assert T.tree_fit(arg(X), y, min_samples_leaf=2 ** 31 - 1).root == RT.Leaf(0, (2, 2))
    assert T.tree_fit(arg(X), y, max_depth=2 ** 70) == RT.tree_fit(X, y)
    xs, ys = [0.0, 1.0, 2.0, 3.0, 2.5], [0, 0, 1, 1, 0]
    assert T.logistic_threshold(arg(xs), ys, max_iterations=2 ** 31 - 1) == RT.logistic_threshold(xs, ys)
    for big in (2 ** 31, 2 ** 63, 2 ** 70):
        with pytest.raises(ValueError, match=rf"min_samples_leaf must be <= 2147483647 .*, got {big}"):
            T.tree_fit(arg(X), y, min_samples_leaf=big)
        with pytest.raises(ValueError, match=rf"max_iterations must be <= 2147483647 .*, got {big}"):
            T.logistic_threshold(arg(xs), ys, max_iterations=big)
