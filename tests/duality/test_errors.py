"""Part V §4-6, Lagrange duality and the optimal margin classifier (LD-1 … LD-4, OMC-1, OMC-2): what
both faces refuse and how: the exact type and text of every error, and the bad-input treatment of
every entry point (tests/bad_input.py)."""
import pytest

import cs229.reference.duality as D
from cs229.reference.results import NotSeparableError


def test_inseparable_data_is_refused_OMC_1():
    X = [[0, 0], [1, 1], [2, 0], [0, 2]]
    y = [-1, -1, 1, 1]   # (1, 1) lies on the segment between the two positives
    with pytest.raises(D.NotSeparableError, match="not linearly separable"):
        D.solve_optimal_margin(X, y)
    with pytest.raises(D.NotSeparableError):
        D.solve_margin_ratio(X, y)
    with pytest.raises(ValueError, match="one class"):
        D.solve_optimal_margin(X, [1, 1, 1, 1])


def test_problem_arguments_are_checked_LD_2():
    f = D.Quadratic([1, 0])
    p = D.Problem(f, [D.Quadratic([0, 1], -1)])
    with pytest.raises(ValueError, match="alpha has 2 entries"):
        D.lagrangian(p, [0, 0], [1, 1])
    with pytest.raises(ValueError, match="alpha must be >= 0"):
        D.duality_gap(p, [0, 0], [-1])
    with pytest.raises(TypeError, match="f must be callable"):
        D.Problem(3)
    with pytest.raises(TypeError, match="Quadratic"):
        D.theta_D(D.Problem(lambda w: w[0] ** 2, [D.Quadratic([0, 1], -1)]), [1])
    with pytest.raises(TypeError, match="gradient"):
        D.kkt_check(D.Problem(lambda w: w[0] ** 2), [1, 0])
    g = D.Function(lambda w: w[0] ** 2, lambda w: [2 * w[0], 0 * w[0]])
    assert D.kkt_check(D.Problem(g), [0, 5]).holds
    with pytest.raises(ValueError, match="P must be 2x2"):
        D.Quadratic([1, 2], 0, [[1]])
    with pytest.raises(ValueError, match="not convex"):
        D.solve_qp(D.Problem(D.Quadratic([0], 0, [[-1]])))


# ==================================================================================================
# The exact type and text of the errors ``duality`` raises: problems built of the wrong parts,
# multipliers of the wrong length or sign, QPs that are not convex or have no KKT point, and margin
# problems on one class or inseparable data.


Q = D.Quadratic


def _value_only(w):
    return w[0]


# ---- LD-2: the problem and its multipliers -----------------------------------------------------

@pytest.mark.parametrize("args, message", [
    ((3,), "f must be callable, got int"),
    ((None,), "f must be callable, got NoneType"),
    ((Q([1]), [Q([1]), "g"]), "g[1] must be callable, got str"),
    ((Q([1]), [], [2.5]), "h[0] must be callable, got float"),
], ids=["f-int", "f-none", "g", "h"])
def test_problem_parts_must_be_callable_LD_2(args, message):
    with pytest.raises(TypeError) as e:
        D.Problem(*args)
    assert str(e.value) == message


PROBLEM = D.Problem(Q([1, 0]), [Q([0, 1], -1)])  # one g, no h


@pytest.mark.parametrize("alpha, beta, message", [
    ([1, 1], (), "alpha has 2 entries but the problem has 1 constraints g"),
    ([], (), "alpha has 0 entries but the problem has 1 constraints g"),
    ([1], [2], "beta has 1 entries but the problem has 0 constraints h"),
], ids=["alpha-long", "alpha-empty", "beta"])
def test_lagrangian_wants_one_multiplier_per_constraint_LD_2(alpha, beta, message):
    with pytest.raises(ValueError) as e:
        D.lagrangian(PROBLEM, [0, 0], alpha, beta)
    assert str(e.value) == message


@pytest.mark.parametrize("fn", [D.lagrangian_gradient, D.kkt_check], ids=["gradient", "kkt"])
def test_gradient_and_kkt_check_want_one_multiplier_per_constraint_LD_4(fn):
    with pytest.raises(ValueError) as e:
        fn(PROBLEM, [0, 0], [1, 2, 3])
    assert str(e.value) == "alpha has 3 entries but the problem has 1 constraints g"
    with pytest.raises(ValueError) as e:
        fn(PROBLEM, [0, 0], [1], [2, 3])
    assert str(e.value) == "beta has 2 entries but the problem has 0 constraints h"


@pytest.mark.parametrize("fn", [D.theta_D, D.lagrangian_minimiser], ids=["theta_D", "minimiser"])
def test_theta_D_wants_one_multiplier_per_constraint_LD_3(fn):
    with pytest.raises(ValueError) as e:
        fn(PROBLEM, [1, 1])
    assert str(e.value) == "alpha has 2 entries but the problem has 1 constraints g"
    with pytest.raises(ValueError) as e:
        fn(PROBLEM, [1], [1])
    assert str(e.value) == "beta has 1 entries but the problem has 0 constraints h"


def test_duality_gap_wants_one_multiplier_per_constraint_LD_3():
    with pytest.raises(ValueError) as e:
        D.duality_gap(PROBLEM, [0, 0], [1, 1])
    assert str(e.value) == "alpha has 2 entries but the problem has 1 constraints g"


@pytest.mark.parametrize("problem, alpha", [
    (PROBLEM, [-1]),
    (D.Problem(Q([1]), [Q([1]), Q([-1])]), [1, -0.5]),
], ids=["only", "second"])
def test_duality_gap_wants_dual_feasible_alpha_LD_3(problem, alpha):
    with pytest.raises(ValueError) as e:
        D.duality_gap(problem, [0] * problem.f.n, alpha)
    assert str(e.value) == "alpha must be >= 0 (θ_D is only defined on the dual feasible set)"


# ---- LD-4: gradients ----------------------------------------------------------------------------

@pytest.mark.parametrize("problem, alpha, beta, name", [
    (D.Problem(_value_only), (), (), "f"),
    (D.Problem(Q([1]), [_value_only]), [1], (), "g[0]"),
    (D.Problem(Q([1]), [Q([1])], [_value_only]), [0], [1], "h[0]"),
], ids=["f", "g", "h"])
def test_lagrangian_gradient_needs_a_gradient_of_every_part_LD_4(problem, alpha, beta, name):
    with pytest.raises(TypeError) as e:
        D.lagrangian_gradient(problem, [0], alpha, beta)
    assert str(e.value) == f"{name} has no gradient(w): wrap it as Function(value, gradient)"


def test_kkt_check_needs_a_gradient_of_f_LD_4():
    with pytest.raises(TypeError) as e:
        D.kkt_check(D.Problem(_value_only), [1, 0])
    assert str(e.value) == "f has no gradient(w): wrap it as Function(value, gradient)"


# ---- LD-3: θ_D by exact inner minimisation ------------------------------------------------------

NOT_QUADRATIC = "θ_D by inner minimisation needs f, g and h to be Quadratic; "


@pytest.mark.parametrize("problem, alpha, beta, tail", [
    (D.Problem(D.Function(_value_only, lambda w: [1])), (), (), "f is Function"),
    (D.Problem(Q([1]), [_value_only]), [1], (), "g[0] is function"),
    (D.Problem(Q([1]), [], [_value_only]), (), [1], "h[0] is function"),
], ids=["f", "g", "h"])
def test_theta_D_needs_quadratic_parts_LD_3(problem, alpha, beta, tail):
    with pytest.raises(TypeError) as e:
        D.theta_D(problem, alpha, beta)
    assert str(e.value) == NOT_QUADRATIC + tail


def test_duality_gap_needs_quadratic_parts_LD_3():
    with pytest.raises(TypeError) as e:
        D.duality_gap(D.Problem(Q([1]), [_value_only]), [0], [1])
    assert str(e.value) == NOT_QUADRATIC + "g[0] is function"


@pytest.mark.parametrize("problem, alpha, beta, message", [
    (D.Problem(Q([1, 0], 0, [[1, 0], [0, 1]]), [Q([1])]), [1], (),
     "g[0] is a function of 1 variables, f of 2"),
    (D.Problem(Q([1, 0], 0, [[1, 0], [0, 1]]), [Q([1, 1])], [Q([1, 2, 3])]), [1], [1],
     "h[0] is a function of 3 variables, f of 2"),
], ids=["g", "h"])
def test_lagrangian_minimiser_needs_parts_of_one_size_LD_3(problem, alpha, beta, message):
    with pytest.raises(ValueError) as e:
        D.lagrangian_minimiser(problem, alpha, beta)
    assert str(e.value) == message


# ---- LD-4: the exact QP solver ------------------------------------------------------------------

@pytest.mark.parametrize("f", [D.Function(_value_only, lambda w: [1]), _value_only],
                         ids=["function", "plain"])
def test_solve_qp_needs_a_quadratic_objective_LD_4(f):
    with pytest.raises(TypeError) as e:
        D.solve_qp(D.Problem(f))
    assert str(e.value) == "solve_qp needs a Quadratic objective f"


@pytest.mark.parametrize("g, h, name", [
    ([Q([1]), Q([1], 0, [[1]])], [], "g[1]"),
    ([_value_only], [], "g[0]"),
    ([Q([1])], [Q([1], 0, [[1]])], "h[0]"),
], ids=["g-quadratic", "g-plain", "h-quadratic"])
def test_solve_qp_needs_affine_constraints_LD_4(g, h, name):
    with pytest.raises(TypeError) as e:
        D.solve_qp(D.Problem(Q([1]), g, h))
    assert str(e.value) == f"solve_qp needs affine constraints; {name} is not an affine Quadratic"


def test_solve_qp_refuses_an_objective_that_is_not_convex_LD_4():
    # P = [[-1]]: z = 1 is the only direction, and integer data are held as Fractions
    with pytest.raises(ValueError) as e:
        D.solve_qp(D.Problem(Q([0], 0, [[-1]])))
    assert str(e.value) == "the objective is not convex: zᵀPz < 0 for z = [Fraction(1, 1)]"


NO_KKT_POINT = "the problem has no KKT point: it is infeasible, or unbounded below"


@pytest.mark.parametrize("problem", [
    D.Problem(Q([0], 0, [[1]]), [Q([1], 1), Q([-1], 1)]),
    D.Problem(Q([1])),
    D.Problem(Q([0], 0, [[1]]), [], [Q([0], 1)]),
], ids=["infeasible-g", "unbounded", "infeasible-h"])
def test_solve_qp_without_a_kkt_point_LD_4(problem):
    # w <= −1 and w >= 1; min w over all w; 1 = 0
    with pytest.raises(ValueError) as e:
        D.solve_qp(problem)
    assert str(e.value) == NO_KKT_POINT


def test_equality_lagrange_refuses_inequality_constraints_LD_1():
    with pytest.raises(ValueError) as e:
        D.equality_lagrange(PROBLEM)
    assert str(e.value) == "equality_lagrange is for problems with equality constraints only (no g)"


def test_equality_lagrange_with_inconsistent_constraints_LD_1():
    # h(w) = 0·w + 1 = 0 has no solution
    with pytest.raises(ValueError) as e:
        D.equality_lagrange(D.Problem(Q([0], 0, [[1]]), [], [Q([0], 1)]))
    assert str(e.value) == NO_KKT_POINT


# ---- OMC-1, OMC-2: the optimal margin problems -------------------------------------------------

ONE_CLASS = "y holds one class only: a margin needs examples of both classes"


@pytest.mark.parametrize("y", [[1, 1], [-1, -1]], ids=["positive", "negative"])
def test_margin_constraints_need_both_classes_OMC_2(y):
    with pytest.raises(ValueError) as e:
        D.margin_constraints([[0], [1]], y)
    assert str(e.value) == ONE_CLASS


@pytest.mark.parametrize("fn", [D.optimal_margin_problem, D.solve_optimal_margin, D.solve_margin_ratio],
                         ids=["problem", "solve", "ratio"])
def test_optimal_margin_needs_both_classes_OMC_1(fn):
    with pytest.raises(ValueError) as e:
        fn([[0], [1]], [1, 1])
    assert str(e.value) == ONE_CLASS


def test_solve_optimal_margin_on_inseparable_data_OMC_1():
    # a negative point between two positive ones on a line
    with pytest.raises(NotSeparableError) as e:
        D.solve_optimal_margin([[0], [1], [2]], [1, -1, 1])
    assert str(e.value) == ("the hard-margin problem is infeasible: X is not linearly separable by "
                            "the labels y")


@pytest.mark.parametrize("X, y", [([[0], [1], [2]], [1, -1, 1]), ([[0], [0]], [-1, 1])],
                         ids=["between", "coincide"])
def test_solve_margin_ratio_on_inseparable_data_OMC_1(X, y):
    with pytest.raises(NotSeparableError) as e:
        D.solve_margin_ratio(X, y)
    assert str(e.value) == "no direction w separates the classes: X is not linearly separable by y"
