"""The audit of whole parts and of single checks as the reader runs it: Part IV, Part V and the
trees pass with their errata quoted, and the reworked checks of Part V fail on their mutants."""
import json

import pytest

from cs229 import cli


# ---- the audit of Part IV ---------------------------------------------------------------------

PART_IV = ["GEN-1", "MVN-1", "GDA-1", "GDA-3", "GDA-4", "NB-1", "NB-2", "NB-3", "NB-4", "NB-6"]


@pytest.mark.slow  # the whole of Part IV's audit
def test_audit_part_IV_passes_and_lists_every_row(capsys):
    code = cli.main(["audit", "--part", "IV", "--json", "--quiet", "--examples", "4"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0, [c for c in report["checks"] if c["verdict"] != "pass"]
    assert {c["id"] for c in report["checks"]} >= set(PART_IV) and not report["uncovered"]
    # the slips of Part IV the audit reports: MVN-1 (a singular Σ has no density), NB-2 (Neto's "if
    # the word j is spam" for the e-mail), NB-4 (φᵢ ≠ 0 for all values of j), NB-6 (p(xⱼ⁽ⁱ⁾|y) for
    # p(xⱼ⁽ⁱ⁾|y⁽ⁱ⁾))
    assert {e["id"] for e in report["errata"]} == {"MVN-1", "NB-2", "NB-4", "NB-6"}
    sms = [c for c in report["checks"] if c["kind"] == "reproduction" and c["id"] == "NB-6"]
    assert sms and "accuracy" in sms[0]["detail"] and "claim" in sms[0]["detail"]


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


# ---- the audit of the decision trees ----------------------------------------------------------

def test_audit_of_the_trees_finds_the_restaurant_the_tree_count_and_the_coin_slips(capsys):
    import json
    from cs229 import cli
    code = cli.main(["audit", "--part", "trees", "--json", "--quiet", "--examples", "4"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0, [c for c in report["checks"] if c["verdict"] != "pass"]
    # one reading per word in 001 §11.3: "decision trees" are the trees built (line 139 counts two
    # trees labelling the same data), so line 137's 2^(2ⁿ) trees is a slip; "unbiased" is
    # P(heads) = ½ (line 164), so a frequency of heads π ≠ ½ is one too
    assert [(e["id"], e["line"]) for e in report["errata"]] == [("DT-1", 125), ("DT-2", 137), ("DT-3", 164)]
