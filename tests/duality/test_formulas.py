"""Part V §4-6, Lagrange duality and the optimal margin classifier (LD-1 … LD-4, OMC-1, OMC-2): the
notes' formulas and the facts they state, against exact (Fraction) and 50-digit oracles and
invariants, on the reference and, where a test takes ``impl``, on both faces."""
from fractions import Fraction

from hypothesis import given, strategies as st

import cs229.reference.duality as D
import cs229.reference.margins as M
from cs229.testing import strategies as S


def _problem(qp):
    P, c, G, r, E, s, _ = qp
    return D.Problem(D.Quadratic(c, 0, P), [D.Quadratic(g, v) for g, v in zip(G, r)],
                     [D.Quadratic(e, v) for e, v in zip(E, s)])


qps = st.one_of(S.convex_qps(2, 2, 0), S.convex_qps(2, 3, 1), S.convex_qps(3, 2, 1),
                S.convex_qps(2, 2, 0, strictly_convex=False))


@given(qps)
def test_solve_qp_meets_kkt_exactly_and_strong_duality_holds_LD_4(qp):
    problem = _problem(qp)
    point = D.solve_qp(problem)
    assert D.kkt_check(problem, point.w, point.alpha, point.beta).holds
    assert D.theta_D(problem, point.alpha, point.beta) == point.value == D.theta_P(problem, point.w)
    assert D.theta_P(problem, qp[6]) >= point.value


@given(qps, st.data())
def test_weak_duality_at_every_pair_LD_3(qp, data):
    problem = _problem(qp)
    w = data.draw(S.vectors(len(qp[1])))
    alpha = data.draw(st.lists(S.rationals(0, 4), min_size=len(qp[2]), max_size=len(qp[2])))
    beta = data.draw(st.lists(S.rationals(), min_size=len(qp[4]), max_size=len(qp[4])))
    assert D.theta_D(problem, alpha, beta) <= D.lagrangian(problem, w, alpha, beta)
    assert D.duality_gap(problem, w, alpha, beta) >= 0


def test_theta_P_and_theta_D_edge_cases_LD_2_LD_3():
    one = Fraction(1)
    f = D.Quadratic([0 * one, 0 * one], 0, [[one, 0 * one], [0 * one, 0 * one]])  # ½w₁², flat in w₂
    p = D.Problem(f, [D.Quadratic([0 * one, one], -one)])                            # w₂ ≤ 1
    assert D.theta_P(p, [3, 2]) == float("inf") and D.theta_P(p, [3, 1]) == Fraction(9, 2)
    assert D.theta_D(p, [0]) == 0                       # ½w₁² has its minimum at 0
    assert D.theta_D(p, [1]) == float("-inf")           # w₂ − 1 is unbounded below along w₂
    concave = D.Problem(D.Quadratic([0 * one], 0, [[-one]]), [])
    assert D.theta_D(concave) == float("-inf") and D.lagrangian_minimiser(concave) is None


def test_kkt_checker_says_which_condition_fails_and_by_how_much_LD_4():
    one = Fraction(1)
    p = D.Problem(D.Quadratic([0 * one], 0, [[2 * one]]), [D.Quadratic([-one], one)])  # min w² s.t. 1 − w ≤ 0
    assert D.kkt_check(p, [1], [2]).holds                  # w* = 1, α* = 2
    report = D.kkt_check(p, [0], [-1])
    assert report.failed == ["stationarity", "complementarity", "primal feasibility", "dual feasibility"]
    v = report.violations
    assert (v["stationarity"].amount, v["primal feasibility"].amount, v["dual feasibility"].amount) == (1, 1, 1)
    assert "(6) gᵢ(w) ≤ 0 fails by 1 at i = 0" in str(report)
    assert D.kkt_check(p, [1], [Fraction(21, 10)], tol=Fraction(1, 5)).holds
    assert not D.kkt_check(p, [1], [Fraction(21, 10)]).holds


def test_equality_lagrange_LD_1():
    one = Fraction(1)
    # min ½(w₁² + w₂²) s.t. w₁ + w₂ − 2 = 0: w = (1, 1), β = −1
    p = D.Problem(D.Quadratic([0 * one, 0 * one], 0, [[one, 0 * one], [0 * one, one]]), [],
                  [D.Quadratic([one, one], -2 * one)])
    w, beta = D.equality_lagrange(p)
    assert w == [1, 1] and beta == [-1]
    assert D.lagrangian(p, w, [], beta) == 1


@given(S.separable_sets(2, 3, 8))
def test_optimal_margin_classifier_OMC_1_OMC_2(p):
    X, y = p
    w, b, alpha = D.solve_optimal_margin(X, y)
    assert M.functional_margin_set(X, y, w, b) == 1
    u, b_u, gamma_hat = D.solve_margin_ratio(X, y)
    assert gamma_hat ** 2 / sum(v * v for v in u) == 1 / sum(v * v for v in w)
    sv = D.support_vectors(alpha)
    assert all(M.functional_margin(X[i], y[i], w, b) == 1 for i in sv)
    # w = Σ αᵢ y⁽ⁱ⁾ x⁽ⁱ⁾ and Σ αᵢ y⁽ⁱ⁾ = 0 are the stationarity conditions of this problem
    assert [sum(a * t * x[j] for a, t, x in zip(alpha, y, X)) for j in range(2)] == w
    assert sum(a * t for a, t in zip(alpha, y)) == 0


def test_support_vectors_are_the_examples_with_positive_alpha_by_default_OMC_2():
    """tol = 0 by default: every αᵢ > 0 counts, however small (a value at or below 1 too)."""
    assert D.support_vectors([0, Fraction(1, 2), 2, 1, 0.0]) == [1, 2, 3]
    assert D.support_vectors([0, Fraction(1, 2), 2, 1], tol=1) == [2]
