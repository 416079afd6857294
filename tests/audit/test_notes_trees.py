"""The decision-tree checks (001 §11.3) read their printed forms from the text: an edited copy of the
lecture changes the verdict at the edited line."""

from tests.audit.edited_notes import edited_copy, errata_at, needs_notes, run

pytestmark = needs_notes


def test_a_changed_gaussian_entropy_is_an_erratum_at_its_line(tmp_path):
    edited = edited_copy(tmp_path, "001", 171, r"\frac{1}{2} n [1 + \log(2\pi)]", r"\frac{1}{2} n [1 + \log(\pi)]")
    outcome = run("DT-4", "(11.14) from −E log p", edited)
    assert errata_at(outcome, "001", 171) and not run("DT-4", "(11.14) from −E log p").errata


def test_a_split_entropy_without_the_negatives_weight_fails(tmp_path):
    edited = edited_copy(tmp_path, "001", 191, r"\frac{p_j + n_j}{p + n}", r"\frac{p_j}{p + n}")
    assert not run("DT-5", "(11.19) as weighted Bernoulli entropies", edited).passed


def test_an_entropy_without_its_minus_sign_fails(tmp_path):
    edited = edited_copy(tmp_path, "001", 156, r"- \sum_x P(X = x)", r"\sum_x P(X = x)")
    assert not run("DT-3", "(11.12)", edited).passed


def test_a_copy_that_tosses_a_coin_loses_the_unbiased_erratum(tmp_path):
    title = "the Bernoulli entropy H(π) is maximal"
    assert errata_at(run("DT-3", title), "001", 164)
    edited = edited_copy(tmp_path, "001", 164, "Consider tossing an un-biased coin.", "Consider tossing a coin.")
    assert not errata_at(run("DT-3", title, edited), "001", 164)


def test_a_changed_total_is_an_erratum_at_its_line(tmp_path):
    title = "(11.19) as weighted Bernoulli entropies"
    assert run("DT-5", title).passed
    edited = edited_copy(tmp_path, "001", 187, r"p = \sum p_j", r"p = \sum n_j")
    outcome = run("DT-5", title, edited)
    assert errata_at(outcome, "001", 187) and not errata_at(outcome, "001", 189)


def test_a_gain_that_adds_the_entropies_fails(tmp_path):
    title = "information gain (11.20) = mutual information"
    assert run("DT-5", title).passed
    edited = edited_copy(tmp_path, "001", 195, r"\text{entropy before} - \text{entropy after}",
                         r"\text{entropy before} + \text{entropy after}")
    assert not run("DT-5", title, edited).passed
