"""Part III, the exponential family (EF-1 … EF-5, SM-1): what both faces refuse and how: the exact
type and text of every error, and the bad-input treatment of every entry point (tests/bad_input.py)."""
import pytest

from cs229.reference import exponential_family as E


@pytest.mark.parametrize("call, error, message", [
    (lambda: E.gamma(0), ValueError, "shape must be >= 1, got 0"),
    (lambda: E.multinomial(1), ValueError, "k must be >= 2, got 1"),
    (lambda: E.multinomial(0), ValueError, "k must be >= 2, got 0"),
    (lambda: E.multinomial(3).check_y(4), ValueError, "y is 4: a multinomial target must be an integer in 1..3"),
    (lambda: E.multinomial(3).check_y(1.5), ValueError, "y is 1.5: a multinomial target must be an integer in 1..3"),
    (lambda: E.multinomial(3).check_eta([1]), ValueError, "eta has 1 entries; the multinomial over 3 classes has 2"),
    (lambda: E.multinomial(3).natural([0.5]), ValueError, "phi has 1 entries; give φ₁..φ_2"),
    (lambda: E.multinomial(3).natural([0.5, 0.6]), ValueError, "phi must be positive with φ₁ + ... + φ_(k−1) < 1"),
    (lambda: E.dispersion_density(E.GAUSSIAN, 0, 0, 1), TypeError, "fam must be a DispersionFamily, got ExponentialFamily"),
    (lambda: E.dispersion_density(E.GAUSSIAN_DISPERSION, 0.0, 0.0, -1), ValueError, "tau must be > 0, got -1"),
    (lambda: E.EXPONENTIAL.natural(-1.0), ValueError, "rate is -1.0: the target must be > 0"),
    (lambda: E.EXPONENTIAL.link(-1.0), ValueError, "mu is -1.0: the target must be > 0"),
    (lambda: E.EXPONENTIAL.response(1.0), ValueError, "eta is 1.0: the natural parameter must be < 0 (η = −rate)"),
    (lambda: E.POISSON.natural(0.0), ValueError, "lambda is 0.0: the target must be > 0"),
    (lambda: E.log_density(E.BERNOULLI, 2, 0.0), ValueError, "y is 2: a Bernoulli target must be 0 or 1"),
    (lambda: E.log_density(E.POISSON, 1.5, 0.0), ValueError, "y is 1.5: a Poisson target must be a non-negative integer"),
    (lambda: E.log_density(E.POISSON, -1, 0.0), ValueError, "y is -1: a Poisson target must be a non-negative integer"),
    (lambda: E.log_density(E.EXPONENTIAL, 1.0, 0.0), ValueError,
     "eta is 0.0: the natural parameter must be < 0 (η = −rate)"),
    (lambda: E.log_density(E.EXPONENTIAL, -1.0, -1.0), ValueError, "y is -1.0: the target must be > 0"),
    (lambda: E.BERNOULLI.natural(0.0), ValueError, "phi must be in (0, 1), got 0.0"),
    (lambda: E.BERNOULLI.natural(1.0), ValueError, "phi must be in (0, 1), got 1.0"),
    (lambda: E.family("x"), ValueError,
     "family must be one of ('bernoulli', 'exponential', 'gaussian', 'poisson') or an ExponentialFamily, got 'x'"),
], ids=lambda v: "" if callable(v) or isinstance(v, type) else v[:12].replace(" ", "_"))
def test_errors_word_for_word(call, error, message):
    with pytest.raises(error) as e:
        call()
    assert str(e.value) == message
