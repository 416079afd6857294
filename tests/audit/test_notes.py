"""Auditing a copy of the notes other than the project's (``cs229 audit --notes DIR``): copies
edited here from the project's own (lines shifted, a slip introduced, an equivalent rewrite, a
formula deleted), audited check by check: each quote is found by its content, a step a copy
prints otherwise is judged as printed there, and a formula the copy lacks is reported missing."""
import pytest

from cs229.proofs.registry import Context, checks_for
from cs229.proofs.text import copies
from tests.audit.edited_notes import NOTES, edited, replace, run_checks

pytestmark = pytest.mark.skipif(NOTES is None, reason="the notes are not beside this checkout")


def test_lines_inserted_at_the_top_move_every_quote_and_nothing_fails(tmp_path):
    directory = edited(tmp_path, lambda lines: ["a preface", "of", "three lines"] + lines)
    outcomes = run_checks(directory, ["LR-1", "LR-2", "LR-3", "LR-7", "LR-8", "LR-9"])
    assert all(o.passed for o in outcomes.values()), [o.detail for o in outcomes.values() if not o.passed]
    located = copies.Copy.from_directory(directory).locate(
        __import__("cs229.proofs.registry", fromlist=["Quote"]).Quote("000", 80, r"= (h_{\theta}(x) - y) x_j"))
    assert [o.line for o in located.occurrences] == [83]


def test_a_slip_introduced_in_a_step_is_an_erratum_at_its_line_with_a_counterexample(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 80, r"(h_{\theta}(x) - y) x_j", r"(h_{\theta}(x) + y) x_j"))
    outcomes = run_checks(directory, ["LR-3"])
    errata = [e for o in outcomes.values() for e in o.errata]
    assert all(o.passed for o in outcomes.values())
    assert [(e.quote.source, e.quote.line) for e in errata] == [("000", 80)]
    assert "as this copy prints it" in errata[0].printed and errata[0].counterexample.startswith("at ")


def test_a_slip_in_a_definition_the_check_reads_fails_the_step_after_it(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 130, r"5A_{12}^2", r"5A_{12}^3"))
    (outcome,) = [o for (i, _), o in run_checks(directory, ["LR-7"]).items()]
    assert not outcome.passed and "does not follow" in outcome.detail


def test_an_equivalent_rewrite_passes_without_an_erratum(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 54, r"\theta^T x", r"x^T \theta"))
    outcomes = run_checks(directory, ["LR-1"])
    assert all(o.passed and not o.errata for o in outcomes.values())


def test_a_formula_the_copy_deletes_is_reported_missing_and_the_check_does_not_pass(tmp_path):
    def delete(lines):
        lines[75] = "(the step is not printed in this edition)"
        return lines
    directory = edited(tmp_path, delete)
    outcomes = [o for (i, t), o in run_checks(directory, ["LR-3"]).items() if "4 printed steps" in t]
    (outcome,) = outcomes
    assert not outcome.passed and "not found in" in outcome.detail
    assert [(q.source, q.line) for q in outcome.missing] == [("000", 76)]


def test_a_product_whose_shapes_no_longer_fit_is_an_erratum_saying_so(tmp_path):
    directory = edited(tmp_path, lambda lines: replace(lines, 144, "trCAB", "trACB"))
    errata = [e for o in run_checks(directory, ["LR-8"]).values() for e in o.errata]
    assert [e.quote.line for e in errata] == [144]
    assert "means nothing" in errata[0].counterexample


def test_the_stored_quotes_serve_as_the_text_when_no_copy_is_at_hand():
    copy = copies.Copy.stored()
    with copies.use(copy):
        outcomes = {c.title: c.run(Context(examples=2)) for c in checks_for(ids=["LR-1", "LR-3", "LR-8"])}
    assert all(o.passed for o in outcomes.values())
