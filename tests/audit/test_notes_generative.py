"""Part IV's checks (Bayes, the Gaussian, GDA, Naive Bayes) read their printed forms from the text: an
edited copy of the notes changes the verdict at the edited line; a copy that corrects a slip loses
its erratum."""

from tests.audit.edited_notes import edited_copy, errata_at, needs_notes, run

pytestmark = needs_notes


def test_a_changed_evidence_is_an_erratum_at_its_line(tmp_path):
    edited = edited_copy(tmp_path, "002", 365, "p(x | y = 0)p(y = 0)", "p(x | y = 0)p(y = 1)")
    outcome = run("GEN-1", "p(y=1|x) = p(x|y=1)p(y=1)/p(x)", edited)
    assert errata_at(outcome, "002", 365) and not run("GEN-1", "p(y=1|x) = p(x|y=1)p(y=1)/p(x)").errata


def test_an_arg_max_without_the_prior_fails(tmp_path):
    edited = edited_copy(tmp_path, "000", 645, "p(x|y)p(y)", "p(x|y)")
    assert not run("GEN-1", "argmax_y p(y|x) = argmax_y p(x|y)p(y)", edited).passed


def test_a_copy_printing_sigma_positive_definite_has_no_mvn_erratum(tmp_path):
    title = "the printed density needs Σ positive definite"
    assert errata_at(run("MVN-1", title), "000", 653)
    edited = edited_copy(tmp_path, "000", 653, r"$\Sigma \geq 0$  is symmetric and positive semi-definite",
                         r"$\Sigma > 0$  is symmetric and positive definite")
    outcome = run("MVN-1", title, edited)
    assert outcome.passed and not outcome.errata


def test_a_changed_plotted_covariance_fails_the_figure_claims(tmp_path):
    edited = edited_copy(tmp_path, "000", 693, r"1 & -0.8 \\ -0.8 & 1", r"1 & -0.4 \\ -0.4 & 1")
    assert not run("MVN-1", "the figures' claims", edited).passed


def test_an_unbiased_sigma_estimate_fails_the_gda_estimates(tmp_path):
    edited = edited_copy(tmp_path, "002", 395, r"\Sigma = \frac{1}{m}", r"\Sigma = \frac{1}{m-1}")
    assert not run("GDA-1", "the estimates are the printed rationals", edited).passed


def test_a_changed_class_density_breaks_the_logistic_posterior(tmp_path):
    edited = edited_copy(tmp_path, "000", 720, r"\exp\left(-\frac{1}{2} (x - \mu_1)", r"\exp\left(\frac{1}{2} (x - \mu_1)")
    assert not run("GDA-3", "p(y=1|x) = 1/(1+exp(−θᵀx))", edited).passed


def test_a_copy_that_corrects_the_multinomial_likelihood_loses_its_erratum(tmp_path):
    title = "000 §2.2's likelihood conditions each word on y"
    assert errata_at(run("NB-6", title), "000", 879)
    edited = edited_copy(tmp_path, "000", 879, "p(x_j^{(i)}|y;", "p(x_j^{(i)}|y^{(i)};")
    outcome = run("NB-6", title, edited)
    assert outcome.passed and not errata_at(outcome, "000", 879) and errata_at(outcome, "000", 873)


def test_a_copy_that_binds_the_index_it_uses_loses_the_nb4_erratum(tmp_path):
    title = "'φᵢ ≠ 0 for all values of j'"
    assert errata_at(run("NB-4", title), "000", 853)
    edited = edited_copy(tmp_path, "000", 853, r"Also,  $\phi_i \neq 0$", r"Also,  $\phi_j \neq 0$")
    outcome = run("NB-4", title, edited)
    assert outcome.passed and not outcome.errata


def test_the_glosses_of_002_lose_their_erratum_where_the_email_is_spam(tmp_path):
    title = "the parameters are probabilities of the model"
    assert errata_at(run("NB-2", title), "002", 437) and errata_at(run("NB-2", title), "002", 441)
    edited = edited_copy(tmp_path, "002", 437, "If the word j is spam", "If the e-mail is spam")
    outcome = run("NB-2", title, edited)
    assert not errata_at(outcome, "002", 437) and errata_at(outcome, "002", 441)


def test_a_changed_bernoulli_posterior_is_an_erratum_at_its_line(tmp_path):
    edited = edited_copy(tmp_path, "002", 463, "p(x | y = 0) p(y = 0)}", "p(x | y = 0) p(y = 1)}")
    outcome = run("NB-2", "p(y=1|x) = p(x|y=1)p(y=1)/p(x)", edited)
    assert errata_at(outcome, "002", 463)


def test_the_laplace_estimates_are_read_as_the_copy_prints_them(tmp_path):
    title = "L = Πᵢ p(x⁽ⁱ⁾,y⁽ⁱ⁾) = Πᵢ (Πⱼ p(xⱼ⁽ⁱ⁾|y⁽ⁱ⁾)) p(y⁽ⁱ⁾)"
    assert run("NB-6", title).passed
    (tmp_path / "vocabulary").mkdir(), (tmp_path / "numerator").mkdir()
    vocabulary = edited_copy(tmp_path / "vocabulary", "002", 499, "n_i + 10000}", "n_i + 1000}")
    assert not run("NB-6", title, vocabulary).passed
    numerator = edited_copy(tmp_path / "numerator", "000", 891, r"y^{(i)} = 1\} + 1}", r"y^{(i)} = 1\} + 2}")
    assert not run("NB-6", title, numerator).passed


def test_a_changed_multinomial_mle_fails_the_laplace_check(tmp_path):
    title = "Laplace: Σⱼ (cⱼ + 1)/(m + k) = 1"
    assert run("NB-4", title).passed
    edited = edited_copy(tmp_path, "000", 847, r"= j\}}{m}.", r"= j\}}{m + 1}.")
    assert not run("NB-4", title, edited).passed


def test_the_printed_mean_and_covariance_are_what_the_integrals_are_compared_with(tmp_path):
    title = "the density integrates to 1, E[X] = μ, Cov(X) = Σ"
    assert run("MVN-1", title).passed
    (tmp_path / "mean").mkdir(), (tmp_path / "cov").mkdir()
    mean = edited_copy(tmp_path / "mean", "000", 661, r"dx = \mu", r"dx = 2\mu")
    assert not run("MVN-1", title, mean).passed
    cov = edited_copy(tmp_path / "cov", "000", 667, r"Cov(X) = \Sigma", r"Cov(X) = 2\Sigma")
    assert not run("MVN-1", title, cov).passed


def test_a_changed_label_distribution_is_an_erratum_at_its_line(tmp_path):
    title = "ℓ = log Π p(x,y) = log Π p(x|y)p(y)"
    assert not errata_at(run("GDA-1", title), "000", 709)
    edited = edited_copy(tmp_path, "000", 709, r"\operatorname{Bernoulli}(\phi)", r"\operatorname{Bernoulli}(1 - \phi)")
    assert errata_at(run("GDA-1", title, edited), "000", 709)


def test_the_likelihood_the_bernoulli_estimates_maximise_is_read_as_printed(tmp_path):
    title = "the MLE φ_y, φ_{j|y} maximise L"
    assert run("NB-2", title).passed
    (tmp_path / "000").mkdir(), (tmp_path / "002").mkdir()
    squared = edited_copy(tmp_path / "000", "000", 801, r"p(x^{(i)}, y^{(i)}).", r"p(x^{(i)}, y^{(i)})^2.")
    assert not run("NB-2", title, squared).passed
    halved = edited_copy(tmp_path / "002", "002", 451, r"L(\varphi_y, \varphi_{j|y}) = \prod", r"L(\varphi_y, \varphi_{j|y}) = \frac{1}{2} \prod")
    assert not run("NB-2", title, halved).passed
