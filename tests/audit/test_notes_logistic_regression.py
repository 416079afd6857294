"""Part II's checks audit a copy of the notes edited here (a slip put in one formula a check
reads): the verdict changes at that line, an erratum there with a counterexample, or a failure;
the checks read their printed forms from the text and nothing else (LG-1, LG-2, LG-4, PC-1,
NW-1, NW-2)."""
import pytest

from cs229.proofs.sources import SOURCES
from tests.audit.edited_notes import NOTES, audited, edited, errata_lines, replace

pytestmark = pytest.mark.skipif(NOTES is None, reason="the notes are not beside this checkout")
NETO = SOURCES["002"].file


def test_a_slip_in_the_sigmoid_derivative_chain_is_an_erratum_at_its_line_LG_2(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 343, "(e^{-z})", "(e^{z})"))
    outcome = audited(directory, "LG-2", "printed 4-step chain")
    assert outcome.passed and errata_lines(outcome) == [("000", 343)]
    assert outcome.errata[0].counterexample.startswith("at z = ")


def test_the_sign_of_the_last_step_of_the_gradient_is_an_erratum_at_its_line_LG_4(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(
        lines, 378, r"&= \left( y - h_{\theta}(x) \right) x_j", r"&= \left( h_{\theta}(x) - y \right) x_j"))
    outcome = audited(directory, "LG-4", "for one example")
    assert outcome.passed and errata_lines(outcome) == [("000", 378)]


def test_a_definition_of_g_printed_otherwise_fails_the_limits_LG_1(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 204, "e^{-z}", "e^{z}"), document=NETO)
    outcome = audited(directory, "LG-1", "g(z) → 1 as z → ∞")
    assert not outcome.passed and "Neto, line 204: limits [0, 1]" in outcome.detail


def test_the_perceptron_update_printed_with_a_minus_is_not_the_reference_PC_1(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 394, r"\theta_j + \alpha", r"\theta_j - \alpha"))
    outcome = audited(directory, "PC-1", "the printed update")
    assert not outcome.passed and "the printed update and the reference's part" in outcome.detail


def test_newtons_update_with_the_first_derivative_twice_is_an_erratum_NW_1(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 418, r"{\ell''(\theta)}", r"{\ell'(\theta)}"))
    outcome = audited(directory, "NW-1", "the tangent at θ is zero")
    assert outcome.passed and errata_lines(outcome) == [("000", 418)]


def test_a_hessian_printed_with_its_sign_flipped_fails_NW_2(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(
        lines, 428, r"\frac{\partial^2 \ell(\theta)}", r"-\frac{\partial^2 \ell(\theta)}"))
    outcome = audited(directory, "NW-2", "Fisher scoring")
    assert not outcome.passed and "does not follow" in outcome.detail


def test_newtons_update_printed_without_f_does_not_converge_near_the_optimum_NW_2(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(
        lines, 240, r"\frac{f(\theta^{(t)})}{f'(\theta^{(t)})}", r"\frac{1}{f'(\theta^{(t)})}"), document=NETO)
    outcome = audited(directory, "NW-2", "quadratic convergence")
    assert outcome.passed and errata_lines(outcome) == [("002", 240)]
    assert "from θ = 0.1" in outcome.errata[0].counterexample
