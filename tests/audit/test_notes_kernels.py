"""The kernel checks (KR-1 … KR-9, 000 V §7, 002 §1.5.2, 004) read their printed forms from the
text: a copy of the notes edited here in one formula a check reads changes that check's verdict
at that line (an erratum there, or a failure)."""
import pytest

from cs229.proofs.sources import SOURCES, notes_directory
from tests.audit.edited_notes import edited, errata_among, only, replace, run_checks

pytestmark = pytest.mark.skipif(notes_directory() is None, reason="the notes are not beside this checkout")
NG, NETO, L08 = (SOURCES[k].file for k in ("000", "002", "004"))


# ---- KR-6 ------------------------------------------------------------------------------------------

PSD = "zᵀKz = Σₖ(Σᵢ zᵢφₖ(x⁽ⁱ⁾))² ≥ 0"


def test_the_sum_of_squares_with_a_dropped_square_is_an_erratum_at_its_line(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 1262, r"z_{i}\phi_{k}(x^{(i)})\right)^{2}",
                                                       r"z_{i}\phi_{k}(x^{(i)})\right)"))
    outcomes = run_checks(directory, ["KR-6"])
    assert errata_among(outcomes, "000", 1262)
    assert not errata_among(run_checks(notes_directory(), ["KR-6"]), "000", 1262)


def test_the_symmetry_chain_with_swapped_indices_is_an_erratum_at_its_line(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 1252, r"= \phi(x^{(j)})^T \phi(x^{(i)}) =",
                                                       r"= \phi(x^{(j)})^T \phi(x^{(j)}) ="))
    assert errata_among(run_checks(directory, ["KR-6"]), "000", 1252)


def test_the_matrix_step_of_004_read_with_a_wrong_index_is_an_erratum_at_its_line(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 90, r"(\phi(x^{(j)}))_k z_j", r"(\phi(x^{(j)}))_k z_i"), L08)
    assert errata_among(run_checks(directory, ["KR-6"]), "004", 90)


def test_the_second_copy_ending_in_a_strict_inequality_is_an_erratum_there(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 1806, r"\geq 0.", r"> 0."))
    outcomes = run_checks(directory, ["KR-6"])
    assert errata_among(outcomes, "000", 1806)
    assert not errata_among(run_checks(notes_directory(), ["KR-6"]), "000", 1806)


# ---- KR-2 ------------------------------------------------------------------------------------------

def test_a_swapped_index_in_the_double_sum_of_the_square_kernel_is_an_erratum_at_its_line(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 1215, r"x_i x_j z_i z_j", r"x_i x_j z_i z_i"))
    assert errata_among(run_checks(directory, ["KR-2"]), "000", 1215)
    assert not errata_among(run_checks(notes_directory(), ["KR-2"]), "000", 1215)


def test_a_feature_map_of_004_with_a_wrong_entry_fails_the_step_that_reads_it(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 43, r"x_2 x_1 \\", r"x_2 x_2 \\"), L08)
    (outcome,) = run_checks(directory, ["KR-2"]).values()
    assert not outcome.passed and "(φ(x))ᵀ(φ(z))" in outcome.detail and "does not follow" in outcome.detail
    (project,) = run_checks(notes_directory(), ["KR-2"]).values()
    assert project.passed


# ---- KR-3 ------------------------------------------------------------------------------------------

def test_a_dropped_factor_in_the_expanded_affine_kernel_is_an_erratum_at_its_line(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 1228, r"(\sqrt{2c}x_{i})(\sqrt{2c}z_{i})",
                                                       r"(\sqrt{c}x_{i})(\sqrt{2c}z_{i})"))
    assert errata_among(run_checks(directory, ["KR-3"]), "000", 1228)
    assert not errata_among(run_checks(notes_directory(), ["KR-3"]), "000", 1228)


def test_004_printing_the_linear_kernel_under_its_name_loses_the_name_erratum(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 55, r"K(x, z) = (x^T z + c)^2", r"K(x, z) = x^T z"), L08)
    named = only(run_checks(directory, ["KR-3"]), "'Linear Kernel'")
    assert named.passed and not named.errata
    project = only(run_checks(notes_directory(), ["KR-3"]), "'Linear Kernel'")
    assert [e.quote.line for e in project.errata] == [53]


# ---- KR-1 ------------------------------------------------------------------------------------------

def test_a_feature_map_printed_with_a_wrong_power_fails_the_kernel_identity(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 1196, r"x^2 \\ x^3", r"x^2 \\ x^4"))
    outcome = only(run_checks(directory, ["KR-1"]), "φ(x) = [x, x², x³]")
    assert not outcome.passed and "does not follow" in outcome.detail
    assert only(run_checks(notes_directory(), ["KR-1"]), "φ(x) = [x, x², x³]").passed


def test_004s_kernel_at_one_point_twice_fails_the_kernel_identity(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 33, r"\phi(x^{(j)}) \rangle", r"\phi(x^{(i)}) \rangle"), L08)
    outcome = only(run_checks(directory, ["KR-1"]), "φ(x) = [x, x², x³]")
    assert not outcome.passed and "at x = " in outcome.detail


# ---- KR-5 ------------------------------------------------------------------------------------------

def test_a_gaussian_kernel_printed_without_its_factor_two_fails_the_gaussian_check(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 1244, r"{2\sigma^2}", r"{\sigma^2}"))
    (outcome,) = run_checks(directory, ["KR-5"]).values()
    assert not outcome.passed
    (project,) = run_checks(notes_directory(), ["KR-5"]).values()
    assert project.passed


def test_004s_feature_map_inner_product_at_one_point_twice_fails_the_gaussian_check(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 79, r"\langle \phi(x), \phi(z) \rangle",
                                                       r"\langle \phi(x), \phi(x) \rangle"), L08)
    (outcome,) = run_checks(directory, ["KR-5"]).values()
    assert not outcome.passed


# ---- KR-4 ------------------------------------------------------------------------------------------

def test_004s_count_printed_in_its_own_letter_n_loses_the_erratum(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 69, r"\binom{h+d}{d}", r"\binom{n+d}{d}"), L08)
    assert not errata_among(run_checks(directory, ["KR-4"]), "004", 69)
    assert errata_among(run_checks(notes_directory(), ["KR-4"]), "004", 69)


def test_a_polynomial_kernel_printed_with_a_wrong_power_fails_the_monomial_check(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 65, r"(x^T z + c)^d", r"(x^T z + c)^{d+1}"), L08)
    (outcome,) = run_checks(directory, ["KR-4"]).values()
    (erratum,) = errata_among({0: outcome}, "004", 65)
    assert "as this copy prints it" in erratum.printed


# ---- KR-8 ------------------------------------------------------------------------------------------

def test_004s_dimension_printed_wrong_fails_the_string_kernel_check(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 213, r"\mathbb{R}^{160000}", r"\mathbb{R}^{170000}"), L08)
    (outcome,) = run_checks(directory, ["KR-8"]).values()
    assert not outcome.passed and "the printed counts differ" in outcome.detail
    (project,) = run_checks(notes_directory(), ["KR-8"]).values()
    assert project.passed and errata_among({0: project}, "004", 211)
