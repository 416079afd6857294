"""Part III's checks audit a copy of the notes edited here (one formula a check reads changed):
the verdict changes at that line (an erratum there, a failure, or an erratum of the project's
copy that a corrected copy no longer has). SM-3's chain of the softmax model reads its three
steps from lines 591, 593 and 595, and θ_k = 0 from line 589: each can fail."""
import pytest

from cs229.proofs.sources import SOURCES, notes_directory

from tests.audit.edited_notes import audited, edited, errata_lines, replace

NOTES = notes_directory()
pytestmark = pytest.mark.skipif(NOTES is None, reason="the notes are not beside this checkout")
NETO = SOURCES["002"].file


def test_a_slip_in_the_softmax_model_is_an_erratum_at_its_line_SM_3(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 595, r"= \frac{e^{\theta_i^T x}}", r"= \frac{e^{\theta_1^T x}}"))
    outcome = audited(directory, "SM-3", "the softmax model (8)")
    assert errata_lines(outcome) == [("000", 595)]
    assert "as this copy prints it" in outcome.errata[0].printed and outcome.errata[0].counterexample.startswith("at ")


def test_the_softmax_model_fails_where_theta_k_is_printed_otherwise_SM_3(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 589, r"$\theta_k = 0$", r"$\theta_k = 1$"))
    outcome = audited(directory, "SM-3", "the softmax model (8)")
    assert not outcome.passed and "does not follow" in outcome.detail


def test_a_copy_that_prints_sigma_squared_1_has_no_erratum_there_EF_3(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 471, r"\sigma^2 = 1.6", r"\sigma^2 = 1"))
    outcome = audited(directory, "EF-3", "set σ² = 1.6")
    assert outcome.passed and not outcome.errata


def test_a_copy_that_prints_the_true_class_in_the_cross_entropy_has_no_erratum_there_SM_4(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 347, r"e^{\theta_0^T x}", r"e^{\theta_{y_0}^T x}"),
                       document=NETO)
    outcome = audited(directory, "SM-4", "cross-entropy")
    assert outcome.passed and not outcome.errata


def test_a_slip_in_the_bernoulli_chain_is_an_erratum_at_its_line_EF_2(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 455, r"+ (1-y)\log(1-\phi)", r"- (1-y)\log(1-\phi)"))
    outcome = audited(directory, "EF-2", "000's chain")
    assert outcome.passed and errata_lines(outcome) == [("000", 455)]


def test_a_slip_in_the_glm_chain_of_002_is_an_erratum_at_its_line_GLM_2(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 329, r"= \theta^T x", r"= 2\theta^T x"), document=NETO)
    outcome = audited(directory, "GLM-2", "OLS as a GLM")
    assert outcome.passed and errata_lines(outcome) == [("002", 329)]


def test_the_objective_printed_without_its_log_breaks_the_common_update_GLM_4(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 311, r"\max_{\theta} \log p", r"\max_{\theta} p"),
                       document=NETO)
    outcome = audited(directory, "GLM-4", "one update rule")
    assert not outcome.passed and "does not follow" in outcome.detail


def test_a_log_partition_printed_with_its_sign_flipped_fails_the_multinomial_SM_1(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 563, r"a(\eta) = -\log(\phi_k)", r"a(\eta) = \log(\phi_k)"))
    outcome = audited(directory, "SM-1", "printed 6-step chain")
    assert not outcome.passed and "does not follow" in outcome.detail


def test_the_stored_quotes_serve_as_the_text_of_parts_II_and_III():
    """Without a copy of the notes, the quotes the package stores are the text: the checks that
    read definitions, chains and a fragment of a long column read them there."""
    from cs229.proofs.registry import Context, checks_for
    from cs229.proofs.text import copies

    with copies.use(copies.Copy.stored()):
        outcomes = {c.title: c.run(Context(examples=1)) for c in checks_for(ids=["LG-2", "LG-3", "SM-1", "SM-3"])
                    if "stable" not in c.title}
    assert all(o.passed for o in outcomes.values()), [t for t, o in outcomes.items() if not o.passed]


def test_a_changed_third_assumption_of_002_is_an_erratum_at_its_line_GLM_1(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 305, r"h_\theta(x) = E[y", r"h_\theta(x) = 2E[y"),
                       document=NETO)
    outcome = audited(directory, "GLM-1", "assumption 2 for logistic regression")
    assert errata_lines(outcome) == [("002", 305)]
