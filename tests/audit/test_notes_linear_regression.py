"""Part I's checks read their printed forms from the text: an edited copy of the notes (one formula
changed) changes the verdict at that line, and the project's own copy keeps its errata."""

from tests.audit.edited_notes import edited_copy, errata_at, needs_notes, run

pytestmark = needs_notes


def test_a_sign_flipped_in_the_batch_update_is_an_erratum_there_and_line_94_then_holds(tmp_path):
    title = "the batch update is gradient descent"
    assert errata_at(run("LR-5", title), "000", 94) and not errata_at(run("LR-5", title), "000", 91)
    edited = edited_copy(tmp_path, "000", 91, r"\left(y^{(i)} - h_{\theta}(x^{(i)})\right)",
                         r"\left(h_{\theta}(x^{(i)}) - y^{(i)}\right)")
    outcome = run("LR-5", title, edited)
    assert errata_at(outcome, "000", 91)
    assert not errata_at(outcome, "000", 94)  # the summation is now ∂J/∂θⱼ, as line 94 says


def test_a_changed_normal_equation_step_is_an_erratum_at_its_line(tmp_path):
    edited = edited_copy(tmp_path, "000", 222, r"- 2 \operatorname{tr}", r"- \operatorname{tr}")
    outcome = run("LR-11", "∇_θJ = XᵀXθ − Xᵀy, the printed 6-step chain", edited)
    assert errata_at(outcome, "000", 222)
    assert not run("LR-11", "∇_θJ = XᵀXθ − Xᵀy, the printed 6-step chain").errata


def test_a_copy_that_prints_the_lost_minus_sign_has_no_lwr_erratum_there(tmp_path):
    title = "the least-squares and LWR objectives"
    assert errata_at(run("LR-14", title), "000", 298)
    edited = edited_copy(tmp_path, "000", 298, r"(y^{(i)} \theta^{T} x^{(i)})", r"(y^{(i)} - \theta^{T} x^{(i)})")
    outcome = run("LR-14", title, edited)
    assert outcome.passed and not errata_at(outcome, "000", 298) and errata_at(outcome, "000", 293)


def test_a_changed_factor_in_the_log_likelihood_is_an_erratum_at_its_line(tmp_path):
    edited = edited_copy(tmp_path, "000", 269, r"\cdot \frac{1}{2} \sum", r"\cdot \frac{1}{4} \sum")
    outcome = run("LR-13", "ℓ(θ) = m log(1/(√(2π)σ)) − (1/σ²)·½Σ(y−θᵀx)², 000's chain", edited)
    assert errata_at(outcome, "000", 269)


def test_a_changed_printed_theta_fails_the_housing_reproduction(tmp_path):
    title = "housing θ by the normal equations"
    assert run("LR-16", title).passed
    edited = edited_copy(tmp_path, "000", 106, r"\theta_2 = -8.738", r"\theta_2 = -8.732")
    assert not run("LR-16", title, edited).passed


def test_a_changed_cofactor_index_in_footnote_3_is_an_erratum_there(tmp_path):
    edited = edited_copy(tmp_path, "000", 190, r"|A| = \sum_j A_{ij} A'_{ij}", r"|A| = \sum_j A_{ij} A'_{ji}")
    outcome = run("LR-10", "fn 3", edited)
    assert errata_at(outcome, "000", 190) and not run("LR-10", "fn 3").errata


def test_listing_1_is_run_as_the_copy_prints_it(tmp_path):
    title = "002 Listing 1 (gradient / m)"
    assert run("LR-5", title).passed
    edited = edited_copy(tmp_path, "002", 97, "np.dot(x.T, loss) / m", "np.dot(x.T, loss) * m")
    outcome = run("LR-5", title, edited)
    assert not outcome.passed


def test_listing_2_is_run_as_the_copy_prints_it_and_a_line_that_is_no_python_fails_it(tmp_path):
    title = "002 Listing 2"
    assert run("LR-6", title).passed
    (tmp_path / "swapped").mkdir(), (tmp_path / "broken").mkdir()
    swapped = edited_copy(tmp_path / "swapped", "002", 120, "hypothesis - yi", "yi - hypothesis")
    assert not run("LR-6", title, swapped).passed
    broken = edited_copy(tmp_path / "broken", "002", 121, "xi.T * loss", "xi.T * * loss")
    outcome = run("LR-6", title, broken)
    assert not outcome.passed and "no Python statement" in outcome.detail


def test_a_cost_printed_with_the_opposite_sign_is_no_convex_quadratic_LR_5(tmp_path):
    title = "J is a convex quadratic"
    assert run("LR-5", title).passed
    for name in ("minus", "cubic", "twice"):
        (tmp_path / name).mkdir()
    concave = run("LR-5", title, edited_copy(tmp_path / "minus", "000", 60, r"= \frac{1}{2}", r"= -\frac{1}{2}"))
    assert not concave.passed and "not positive semidefinite" in concave.detail
    cubic = run("LR-5", title, edited_copy(tmp_path / "cubic", "000", 60, r"- y^{(i)})^{2}", r"- y^{(i)})^{3}"))
    assert not cubic.passed and "not a quadratic" in cubic.detail
    # twice J is still a convex quadratic: a slip this claim cannot see (LR-2 reads the same line)
    assert run("LR-5", title, edited_copy(tmp_path / "twice", "000", 60, r"= \frac{1}{2}", r"= ")).passed
