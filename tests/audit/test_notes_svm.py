"""The Part V checks (margins, duality, the SVM, kernels, coordinate ascent, SMO) read their printed
forms from the text: a copy of the notes edited here in one formula a check reads changes that
check's verdict at that line (an erratum there, an erratum gone, or a failure)."""
import pytest

from cs229.proofs.sources import SOURCES, notes_directory
from tests.audit.edited_notes import edited, errata_among, only, replace, run_checks

pytestmark = pytest.mark.skipif(notes_directory() is None, reason="the notes are not beside this checkout")
NG, RAMANAN, NETO, L08 = (SOURCES[k].file for k in ("000", "001", "002", "004"))


# ---- margins ---------------------------------------------------------------------------------------

def test_a_functional_margin_printed_with_the_wrong_sign_of_b_fails_the_margin_check(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 519, r"x^{(i)} + b)", r"x^{(i)} - b)"), NETO)
    outcome = only(run_checks(directory, ["MG-2"]), "functional margin γ̂⁽ⁱ⁾ = y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)")
    assert not outcome.passed


def test_the_margin_claim_printed_at_the_example_loses_its_erratum(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 937, r"$y^{(i)}(w^Tx + b) > 0$", r"$y^{(i)}(w^Tx^{(i)} + b) > 0$"))
    assert not errata_among(run_checks(directory, ["MG-2"]), "000", 937)
    assert errata_among(run_checks(notes_directory(), ["MG-2"]), "000", 937)


def test_a_slip_in_the_solved_geometric_margin_is_an_erratum_at_its_line(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 961, r"x^{(i)} + \frac{b}{||w||}", r"x^{(i)} - \frac{b}{||w||}"))
    outcomes = run_checks(directory, ["MG-3"])
    (erratum,) = errata_among(outcomes, "000", 961)
    assert "as this copy prints it" in erratum.printed and erratum.counterexample.startswith("at ")


def test_scaling_constraints_that_never_vanish_lose_the_erratum_where_printed_so(tmp_path):
    def never_zero(lines, line=967):
        lines = replace(lines, line, r"$|w_1| = 5$", r"$|w_1| + |w_2| = 5$")
        return replace(lines, line, r"$|w_1 + b| + |w_2| = 2$", r"$|w_1| + |w_2| + |b| = 2$")
    first = only(run_checks(edited(tmp_path / "first", never_zero), ["MG-3"]), "scaling constraint")
    # the repeat of Part V still prints the claim as the project's copy does: its erratum stays
    assert first.passed and [e.quote.line for e in first.errata] == [1494]
    both = edited(tmp_path / "both", lambda lines: never_zero(never_zero(lines), 1494))
    outcome = only(run_checks(both, ["MG-3"]), "scaling constraint")
    assert outcome.passed and not outcome.errata


def test_an_edit_in_the_first_printing_of_part_v_leaves_the_quotes_around_it_in_place(tmp_path):
    from cs229.proofs.registry import Quote
    from cs229.proofs.text import copies
    directory = edited(tmp_path, lambda lines: replace(lines, 961, r"x^{(i)} + \frac{b}{||w||}", r"x^{(i)} - \frac{b}{||w||}"))
    copy = copies.Copy.from_directory(directory)
    copy.locate(Quote("000", 935, r"\hat{\gamma}^{(i)} = y^{(i)}(w^T x + b)"))  # the lines' places are known now
    nearby = Quote("000", 939, r"if we replace w with 2w and b with 2b, then since  $g(w^Tx+b)=g(2w^Tx+2b)$")
    assert [o.line for o in copy.locate(nearby, whole=True).occurrences] == [939, 1460]


def test_the_point_b_printed_on_the_wrong_side_is_caught_where_the_first_printing_prints_it(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 955, r"$x^{(i)} - \gamma^{(i)} \cdot w/||w||$",
                                                       r"$x^{(i)} + \gamma^{(i)} \cdot w/||w||$"))
    outcomes = run_checks(directory, ["MG-3"])
    via_b = only(outcomes, "from the point B")
    assert not via_b.passed or errata_among(outcomes, "000", 957)
    assert not only(outcomes, "B is its nearest point").passed


# ---- the soft margin -------------------------------------------------------------------------------

def test_the_soft_margin_constraint_of_004_is_compared_with_the_text_not_with_itself(tmp_path):
    title = "004's primal constraint"
    # 001's constraint (11.1) broken: the corrected form of 004's no longer follows, the check fails
    broken = edited(tmp_path / "broken", lambda lines: replace(lines, 17, r"y^{(i)}(w^T x^{(i)} + b) \geq 1 - \xi_i",
                                                                r"y^{(i)}(w^T x^{(i)} - b) \geq 1 - \xi_i"), RAMANAN)
    assert not only(run_checks(broken, ["SOFT-1"]), title).passed
    # 004 printed as 001 prints it: its erratum goes; printed otherwise still wrong: an erratum there
    fixed = edited(tmp_path / "fixed", lambda lines: replace(lines, 131, r"(w^T x + b)", r"(w^T x^{(i)} + b)"), L08)
    outcome = only(run_checks(fixed, ["SOFT-1"]), title)
    assert outcome.passed and not outcome.errata
    other = edited(tmp_path / "other", lambda lines: replace(lines, 131, r"(w^T x + b)", r"(w^T x - b)"), L08)
    (erratum,) = errata_among(run_checks(other, ["SOFT-1"]), "004", 131)
    assert "as this copy prints it" in erratum.printed


def test_a_kkt_condition_printed_the_wrong_way_fails_the_kkt_check(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 1312, r"+ b) \ge 1$$", r"+ b) \le 1$$"))
    assert not only(run_checks(directory, ["SOFT-2"]), "KKT (14)-(16), 001's").passed


def test_the_variables_under_the_soft_margin_min_are_read_from_the_text(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 23, r"\min_w \quad", r"\min_{w, b} \quad"), RAMANAN)
    assert not errata_among(run_checks(directory, ["SOFT-1"]), "001", 23)
    assert errata_among(run_checks(notes_directory(), ["SOFT-1"]), "001", 23)


# ---- duality ---------------------------------------------------------------------------------------

def test_the_dual_value_and_its_second_printing_are_one_erratum_each():
    outcomes = run_checks(notes_directory(), ["LD-3"])
    errata = sorted((e.quote.line, e.nature) for o in outcomes.values() for e in o.errata)
    assert errata == [(1076, "slip"), (1605, "transcription")]
    assert all(o.passed for o in outcomes.values())


def test_the_active_constraint_printed_with_its_own_name_loses_the_transcription_erratum(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 1650, r"$q_i(w) \leq 0$", r"$g_i(w) \leq 0$"))
    assert not errata_among(run_checks(directory, ["LD-4"]), "000", 1650)
    assert errata_among(run_checks(notes_directory(), ["LD-4"]), "000", 1650)


def test_weak_duality_printed_without_the_inner_min_is_an_erratum_at_its_line_LD_3(tmp_path):
    # line 1080: d* = max_{α,β: αᵢ ≥ 0} L(w, α, β): the dual value at a free w, not a number
    directory = edited(tmp_path, lambda lines: replace(lines, 1080, r"\max_{\alpha,\beta: \alpha_i \ge 0} \min_{w} \mathcal{L}",
                                                       r"\max_{\alpha,\beta: \alpha_i \ge 0} \mathcal{L}"))
    outcome = only(run_checks(directory, ["LD-3"]), "weak duality as printed")
    (erratum,) = [e for e in outcome.errata if (e.quote.source, e.quote.line) == ("000", 1080)]
    assert erratum.counterexample.startswith("at w = ")
    assert not only(run_checks(notes_directory(), ["LD-3"]), "weak duality as printed").errata


def test_weak_duality_printed_over_other_multipliers_fails_LD_3(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 1080, r"\min_{w} \max_{\alpha,\beta: \alpha_i \ge 0}",
                                                       r"\min_{w} \max_{\alpha,\beta: \alpha_i \ge 1}"))
    outcome = only(run_checks(directory, ["LD-3"]), "weak duality as printed")
    assert not outcome.passed and "not αᵢ ≥ 0" in outcome.detail


def test_the_second_printing_of_d_star_without_theta_D_fails_LD_3(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 1605, r"\alpha>0} \theta_{\mathcal{D}}(w)", r"\alpha>0} (w)"))
    outcome = only(run_checks(directory, ["LD-3"]), "the second copy prints α > 0")
    assert not outcome.passed and "the second copy's maximand reads w" in outcome.detail


# ---- coordinate ascent -----------------------------------------------------------------------------

def test_the_inner_loop_printed_with_its_arguments_out_of_order_fails_CA_1(tmp_path):
    # line 1337 with α_{i−1} and α_{i+1} exchanged: W's arguments out of order, another arg max
    directory = edited(tmp_path, lambda lines: replace(lines, 1337, r"\alpha_{i-1},\hat{\alpha}_i,\alpha_{i+1}",
                                                       r"\alpha_{i+1},\hat{\alpha}_i,\alpha_{i-1}"))
    outcome = only(run_checks(directory, ["CA-1"]), "the inner arg max")
    # at i = 1 the edited run α₂, …, α₀ has no pattern of α₁, …, α₃: the check says it cannot read it
    assert not outcome.passed and "Ng, line 1337 prints it as" in outcome.detail


def test_the_loop_of_L08_assigning_another_variable_is_an_erratum_at_its_line_CA_1(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 158, r"$\alpha_i := \arg", r"$\alpha_m := \arg"), L08)
    outcome = only(run_checks(directory, ["CA-1"]), "the inner arg max")
    assert [e.quote.line for e in outcome.errata if e.quote.source == "004"] == [158]
    assert not only(run_checks(notes_directory(), ["CA-1"]), "the inner arg max").errata


# ---- SMO -------------------------------------------------------------------------------------------

def test_alpha_one_printed_without_its_minus_sign_is_an_erratum_at_its_line_SMO_1(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 1369, r"\alpha_1 = -y^{(1)}", r"\alpha_1 = y^{(1)}"))
    outcomes = run_checks(directory, ["SMO-1"])
    (erratum,) = errata_among(outcomes, "000", 1369)
    assert "as this copy prints it" in erratum.printed
    assert not errata_among(run_checks(notes_directory(), ["SMO-1"]), "000", 1369)


def test_the_balance_constraint_read_from_the_text_drives_the_solved_alpha_one_SMO_1(tmp_path):
    # (19) printed from i = 2: α₁ is no longer fixed by it and the steps read with it fail
    directory = edited(tmp_path, lambda lines: replace(lines, 1361, r"\sum_{i=1}^{m} \alpha_i y^{(i)} = 0",
                                                       r"\sum_{i=2}^{m} \alpha_i y^{(i)} = 0"))
    (outcome,) = run_checks(directory, ["SMO-1"]).values()
    assert not outcome.passed


def test_the_dual_objective_printed_with_a_plus_fails_the_exact_smo_check_SMO_4(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 1354, r"\alpha_i - \frac{1}{2}", r"\alpha_i + \frac{1}{2}"))
    outcome = only(run_checks(directory, ["SMO-4"]), "exact SMO on rational one-feature data")
    assert not outcome.passed


def test_alpha_one_on_the_line_printed_with_a_plus_is_an_erratum_at_its_line_SMO_2(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 1402, r"(\zeta - \alpha_2 y^{(2)})", r"(\zeta + \alpha_2 y^{(2)})"))
    (erratum,) = errata_among(run_checks(directory, ["SMO-2"]), "000", 1402)
    assert "as this copy prints it" in erratum.printed


def test_the_corrected_1111_of_001_loses_its_erratum_SMO_2(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 101, r"(S - y^{(2)} \alpha_2)", r"(-S - y^{(2)} \alpha_2)"),
                       RAMANAN)
    assert not errata_among(run_checks(directory, ["SMO-2"]), "001", 101)
    assert errata_among(run_checks(notes_directory(), ["SMO-2"]), "001", 101)


def test_w_on_the_line_printed_with_a_wrong_first_argument_is_an_erratum_SMO_2(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 1406, r"W((\zeta - \alpha_2 y^{(2)}) y^{(1)}",
                                                       r"W((\zeta - \alpha_2 y^{(1)}) y^{(1)}"))
    outcomes = run_checks(directory, ["SMO-2"])
    (erratum,) = errata_among(outcomes, "000", 1406)
    assert "as this copy prints it" in erratum.printed


# ---- the optimal margin classifier -----------------------------------------------------------------

def test_the_hard_margin_constraint_printed_with_two_fails_the_three_problems_check_OMC_1(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 1118, r"+ b) \ge 1", r"+ b) \ge 2"))
    assert not only(run_checks(directory, ["OMC-1"]), "the three problems of §4").passed


def test_problem_a_printed_with_a_reversed_constraint_fails_the_three_problems_check_OMC_1(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 983, r"+ b) \ge \gamma", r"+ b) \le \gamma"))
    assert not only(run_checks(directory, ["OMC-1"]), "the three problems of §4").passed


def test_a_box_printed_up_to_2c_fails_the_soft_dual_check_SOFT_2(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 75, r"0 \leq \alpha_i \leq c", r"0 \leq \alpha_i \leq 2c"),
                       RAMANAN)
    outcome = only(run_checks(directory, ["SOFT-2"]), "∂/∂w, ∂/∂b, ∂/∂ξ give (11.5)")
    assert not outcome.passed and "Ramanan L11, line 75" in outcome.detail


def test_the_soft_balance_printed_equal_to_one_fails_the_soft_dual_check_SOFT_2(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 1306, r"\alpha_i y^{(i)} = 0,", r"\alpha_i y^{(i)} = 1,"))
    outcomes = run_checks(directory, ["SOFT-2"])
    assert not only(outcomes, "∂/∂w, ∂/∂b, ∂/∂ξ give (11.5)").passed or errata_among(outcomes, "000", 1306)


def test_theta_p_of_an_infeasible_w_printed_as_zero_fails_the_theta_p_check_LD_2(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 1051, r"= \infty.", r"= 0."))
    assert not only(run_checks(directory, ["LD-2"]), "θ_P(w) = max_{α≥0,β} L").passed


def test_theta_p_printed_with_the_multipliers_on_the_wrong_side_fails_the_theta_p_check_LD_2(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 1044, r"\max_{\alpha,\beta:\alpha_i \ge 0} \mathcal{L}(w,\alpha,\beta)",
                                                       r"\max_{\alpha,\beta:\alpha_i \ge 0} -\mathcal{L}(w,\alpha,\beta)"))
    assert not only(run_checks(directory, ["LD-2"]), "θ_P(w) = max_{α≥0,β} L").passed


def test_condition_7_printed_the_wrong_way_fails_the_kkt_check_LD_4(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 1107, r"\alpha^* \ge 0", r"\alpha^* \le 0"))
    assert not only(run_checks(directory, ["LD-4"]), "at the solution: KKT (3)-(7) hold exactly").passed


def test_the_hypothesis_of_002_printed_with_minus_b_fails_the_prediction_check_MG_2(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 511, r"g(w^T x + b)", r"g(w^T x - b)"), NETO)
    assert not only(run_checks(directory, ["MG-2"]), "γ̂⁽ⁱ⁾ > 0 means the prediction").passed
