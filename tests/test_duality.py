"""Part V §4-6: problems, θ_P and θ_D (LD-2, LD-3), weak duality (LD-3), the KKT checker (LD-4),
the method of Lagrange multipliers (LD-1), the exact QP solver and the optimal margin classifier
(OMC-1, OMC-2)."""
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

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


# ---- the audit of Part V ----------------------------------------------------------------------

PART_V_ERRATA = {  # (catalog row, nature, document key, line of the text copy read)
    ("MG-2", "slip", "000", 935), ("MG-3", "slip", "000", 967), ("OMC-3", "slip", "000", 1153),
    ("OMC-3", "slip", "002", 569), ("OMC-5", "slip", "004", 19), ("LD-3", "slip", "000", 1076),
    ("LD-3", "transcription", "000", 1605), ("LD-4", "slip", "001", 41), ("LD-4", "slip", "000", 1094),
    ("KR-3", "slip", "004", 53), ("KR-4", "transcription", "004", 69), ("KR-6", "transcription", "000", 1264),
    ("KR-6", "transcription", "000", 1808), ("KR-8", "slip", "004", 211), ("SOFT-1", "slip", "000", 1290),
    ("SOFT-1", "slip", "002", 614), ("SOFT-1", "slip", "001", 23), ("SOFT-1", "slip", "004", 131),
    ("SOFT-2", "slip", "000", 1301), ("SOFT-2", "slip", "001", 69), ("SOFT-2", "slip", "000", 1299),
    ("SOFT-2", "slip", "004", 135), ("SOFT-2", "transcription", "000", 1845), ("SMO-2", "slip", "001", 101),
    ("SMO-2", "slip", "004", 179), ("SMO-2", "transcription", "000", 1398), ("SMO-2", "slip", "004", 193),
    ("SMO-2", "slip", "001", 103),
    # what a second reading found: Slater's point without hᵢ(w) = 0 (1088; its twin at 1617 is the
    # same erratum), line 1650's qᵢ for gᵢ (the one rule for extraction artefacts), 937's x for
    # x⁽ⁱ⁾, 002's max over w, b only (547), and 001's "on the margin … a support vector" (25)
    ("LD-4", "slip", "000", 1088), ("LD-4", "transcription", "000", 1650), ("MG-2", "slip", "000", 937),
    ("OMC-1", "slip", "002", 547), ("SOFT-1", "slip", "001", 25),
    # Neto's Mercer without symmetry (606): 1 + x − z passes the test and is no kernel
    ("KR-7", "slip", "002", 606),
    # Ramanan L11 line 87's coordinate descent for the maximisation (11.7)
    ("CA-1", "slip", "001", 87),
}


@pytest.mark.slow  # the whole of Part V's audit
def test_audit_part_V_passes_with_its_errata_each_quoted(capsys):
    from cs229 import cli
    import json
    code = cli.main(["audit", "--part", "V", "--json", "--quiet", "--examples", "4"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0, [c for c in report["checks"] if c["verdict"] != "pass"]
    found = {(e["id"], e["nature"], e["document"], e["line"]) for e in report["errata"]}
    assert found == PART_V_ERRATA
    # a counterexample names the notes' variables, labels in {−1, 1}: never a bare list of numbers
    assert all(e["counterexample"] and not e["counterexample"].startswith("at [") for e in report["errata"])
    # 000 line 1180 and Neto line 515 predict 1 at wᵀx + b > 0 where g(0) = 1 elsewhere
    assert {(c["id"], c["line"]) for c in report["conventions"]} == {("OMC-5", 1180), ("MG-2", 515)}


def test_the_reworked_part_V_checks_kill_their_mutants():
    """LD-4's attainment example (the right dual), MG-3's scaling constraints, KR-6's '> 0',
    KR-8's feature list and the variables under the soft-margin min: each check fails, or loses
    its erratum, when what it relies on is perturbed or the printed form corrected."""
    from cs229.proofs.checking import self_test
    from cs229.proofs.registry import Context, checks_for
    wanted = {"convexity and Slater give d* = p*", "a scaling constraint c(w, b)", "zᵀKz = Σₖ(Σᵢ zᵢφₖ(x⁽ⁱ⁾))² ≥ 0",
              "string kernel without φ", "the soft-margin primal is a minimum over w, b and ξ"}
    checks = [c for c in checks_for(parts=["V"]) if any(c.title.startswith(w) for w in wanted)]
    assert len(checks) == len(wanted)
    for c in checks:
        # the mutants of what each relies on and of its corrected forms (slips seeded in the text
        # are counted per part by the self-test; a check reading one claim of a line need not
        # notice a slip elsewhere on it)
        result = self_test(c, Context(examples=4), text=False)
        assert result.ok and not result.survivors, (c.title, result.survivors, result.detail)


def test_primal_attainment_example_has_the_dual_of_w_le_0():
    """min eʷ s.t. w ≤ 0: θ_D(α) = −∞ for α > 0 (eʷ + αw → −∞ as w → −∞), d* = θ_D(0) = 0 = p*,
    never attained, no KKT point; with w ≥ 0 instead the minimum 1 is attained at w = 0 with α = 1."""
    import sympy as sp
    from cs229.proofs.checks import duality as checks
    w = checks.W
    p_star, attained, theta, d_star, dual_attained, kkt = checks._one_dimensional_duality(sp.exp(w), w)
    assert (p_star, attained, theta, d_star, dual_attained, kkt) == (0, False, -sp.oo, 0, True, [])
    p_star, attained, _, d_star, _, kkt = checks._one_dimensional_duality(sp.exp(w), -w)
    assert (p_star, attained, d_star, kkt) == (1, True, 1, [(0, 1)])


def test_mercer_stated_without_symmetry_is_an_erratum_with_a_kernel_that_passes_it_KR_7():
    """Neto line 606 leaves symmetry out of Mercer's condition: 1 + x − z passes the test at every
    finite set (zᵀKz = (Σz)²) and is no φ(x)ᵀφ(z)."""
    from cs229.proofs.checks import kernels
    outcome = kernels._mercer_without_symmetry()
    assert outcome.passed and [(e.quote.source, e.quote.line) for e in outcome.errata] == [("002", 606)]


def test_the_quadratic_formula_for_the_extremum_is_an_erratum_SMO_2():
    """Ramanan L11 line 103 computes the global minimum with the quadratic formula: its roots are
    not the vertex −b/(2a) (and −α² − 1 has none)."""
    from cs229.proofs.checks import smo as checks
    outcome = checks._quadratic_formula()
    assert outcome.passed and [(e.quote.source, e.quote.line) for e in outcome.errata] == [("001", 103)]
    assert "−b/(2a) = 1" in outcome.errata[0].counterexample
