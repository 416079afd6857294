"""Each family of the exponential family module against its textbook density, at 30 digits
(EF-1, EF-3, EF-5, SM-1, EF-4): p(y; η) = b(y) exp(ηᵀT(y) − a(η)) is the usual density in the
usual parameter, sums or integrates to 1, and its mean and variance are a'(η) and a''(η); the
parameter maps invert each other; errors word for word."""
import math
from fractions import Fraction

import mpmath
import pytest

from cs229.reference import exponential_family as E

mp = mpmath.mpf


def _textbook(fam, y, usual):
    """The usual density of each family in its usual parameter."""
    if fam is E.BERNOULLI:
        return usual ** y * (1 - usual) ** (1 - y)
    if fam is E.GAUSSIAN:
        return mpmath.exp(-(y - usual) ** 2 / 2) / mpmath.sqrt(2 * mpmath.pi)
    if fam is E.POISSON:
        return mpmath.exp(-usual) * usual ** y / mpmath.factorial(y)
    k = fam.shape  # gamma with rate β = usual
    return usual ** k * y ** (k - 1) * mpmath.exp(-usual * y) / mpmath.factorial(k - 1)


# the gamma families are built inside the tests (by name here): a family built when this module is
# imported would not see a change to gamma() made while the tests run
FAMILIES = [(E.BERNOULLI, [0, 1], mp("0.7")), (E.GAUSSIAN, [mp("-1.5"), mp(0), mp("2.25")], mp("0.4")),
            (E.POISSON, [0, 1, 4, 9], mp("1.3")), (E.EXPONENTIAL, [mp("0.5"), mp(3)], mp(-2)),
            (1, [mp("0.5"), mp(3)], mp(-2)), (2, [mp("0.5"), mp(3)], mp("-1.5")),
            (4, [mp("0.25"), mp(6)], mp("-0.75"))]
IDS = [f"gamma-{f[0]}" if isinstance(f[0], int) else f[0].name for f in FAMILIES]


@pytest.mark.parametrize("fam, ys, eta", FAMILIES, ids=IDS)
def test_the_family_is_its_textbook_density_EF_1(fam, ys, eta):
    fam = E.gamma(fam) if isinstance(fam, int) else fam
    with mpmath.workdps(30):
        usual = fam.usual(eta)
        assert abs(fam.natural(usual) - eta) < mp(10) ** -28
        for y in ys:
            expected = _textbook(fam, y, usual)
            assert abs(E.density(fam, y, eta) - expected) < mp(10) ** -27 * expected
            assert abs(E.log_density(fam, y, eta) - mpmath.log(expected)) < mp(10) ** -27
            if fam.log_b is not None and y != 0:
                assert abs(fam.log_b(mp(y)) - mpmath.log(fam.b(y))) < mp(10) ** -27


@pytest.mark.parametrize("fam, ys, eta", FAMILIES, ids=IDS)
def test_mean_and_variance_are_the_derivatives_of_a_EF_2(fam, ys, eta):
    """E[T(y)] = a'(η) = response(η), Var = a''(η) = variance(η), link = response⁻¹, and the
    density sums (integrates) to 1 with that mean."""
    fam = E.gamma(fam) if isinstance(fam, int) else fam
    with mpmath.workdps(30):
        mean, var = fam.response(eta), fam.variance(eta)
        assert abs(mpmath.diff(fam.a, eta) - mean) < mp(10) ** -25
        assert abs(mpmath.diff(fam.a, eta, 2) - var) < mp(10) ** -20
        assert abs(fam.link(mean) - eta) < mp(10) ** -27
        if fam is E.BERNOULLI:
            total, first = (sum(E.density(fam, y, eta) * y ** p for y in (0, 1)) for p in (0, 1))
        elif fam is E.POISSON:
            total, first = (mpmath.nsum(lambda y: E.density(fam, int(y), eta) * y ** p, [0, mpmath.inf])
                            for p in (0, 1))
        else:
            support = [-mpmath.inf, mpmath.inf] if fam is E.GAUSSIAN else [0, mpmath.inf]
            total, first = (mpmath.quad(lambda y: E.density(fam, y, eta) * y ** p, support) for p in (0, 1))
        assert abs(total - 1) < mp(10) ** -20 and abs(first - mean) < mp(10) ** -20


def test_gamma_parameters_and_their_refusals_EF_5():
    fam = E.gamma(2)
    assert (fam.natural(mp(3)), fam.usual(mp(-3)), fam.response(mp(-4)), fam.link(mp("0.5")), fam.variance(mp(-2))) \
        == (-3, 3, mp("0.5"), -4, mp("0.5"))
    for call, message in ((lambda: fam.natural(-1.0), "rate is -1.0: the target must be > 0"),
                          (lambda: fam.link(0.0), "mu is 0.0: the target must be > 0"),
                          (lambda: fam.usual(0.5), "eta is 0.5: the natural parameter must be < 0 (η = −rate)"),
                          (lambda: fam.variance(0.0), "eta is 0.0: the natural parameter must be < 0 (η = −rate)")):
        with pytest.raises(ValueError) as e:
            call()
        assert str(e.value) == message


def test_factorials_and_names_EF_5():
    assert [E.POISSON.b(y) for y in range(6)] == [1, 1, Fraction(1, 2), Fraction(1, 6), Fraction(1, 24),
                                                  Fraction(1, 120)]
    assert E.gamma(1) is not E.EXPONENTIAL and E.gamma(1).name == "exponential" == E.EXPONENTIAL.name
    assert (E.gamma(3).name, E.gamma(3).parameter, E.gamma(3).shape) == ("gamma(shape=3)", "rate", 3)
    assert E.gamma(3).b(Fraction(2)) == Fraction(4, 2) and E.gamma(1).b(Fraction(5)) == 1
    assert E.gamma(1).log_b(Fraction(7)) == 0 and E.family("Poisson") is E.POISSON


def test_multinomial_SM_1():
    fam = E.multinomial(3)
    assert [fam.T(y) for y in (1, 2, 3)] == [[1, 0], [0, 1], [0, 0]] and fam.b(2) == 1
    assert (fam.name, fam.parameter, fam.link([Fraction(1, 3), Fraction(1, 3)])) == ("multinomial(k=3)", "phi", [0, 0])
    for phi in ([0.0, 0.5], [0.5, 0.5]):  # a φᵢ of 0, and φ_k = 0
        with pytest.raises(ValueError, match="phi must be positive"):
            fam.natural(phi)
    with mpmath.workdps(30):
        phi = [mp("0.2"), mp("0.5")]
        eta = fam.natural(phi)
        assert all(abs(p - q) < mp(10) ** -28 for p, q in zip(fam.response(eta), phi))
        total = sum(E.density(fam, y, eta) for y in (1, 2, 3))
        assert abs(total - 1) < mp(10) ** -28 and abs(E.density(fam, 3, eta) - mp("0.3")) < mp(10) ** -28
        v = fam.variance(eta)
        assert abs(v[0][0] - mp("0.16")) < mp(10) ** -28 and abs(v[0][1] + mp("0.1")) < mp(10) ** -28


def test_gaussian_dispersion_is_the_normal_density_EF_4():
    with mpmath.workdps(30):
        y, mu, s2 = mp("1.25"), mp("0.5"), mp(3)
        expected = mpmath.exp(-(y - mu) ** 2 / (2 * s2)) / mpmath.sqrt(2 * mpmath.pi * s2)
        assert abs(E.dispersion_density(E.GAUSSIAN_DISPERSION, y, mu, s2) - expected) < mp(10) ** -28


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


def test_a_family_without_log_b_is_read_through_b_EF_1():
    """log_density takes log b(y) from b where the family gives no log_b (a family built by a
    reader), in the scalar type of η."""
    import dataclasses
    poisson = dataclasses.replace(E.POISSON, log_b=None)
    with mpmath.workdps(30):
        eta = mp("0.3")
        for y in (0, 1, 3):
            got = E.log_density(poisson, y, eta)
            assert type(got) is mpmath.mpf and abs(got - E.log_density(E.POISSON, y, eta)) < mp(10) ** -27
    assert abs(E.log_density(poisson, 3, 0.5) - E.log_density(E.POISSON, 3, 0.5)) < 1e-15
    doubled = dataclasses.replace(E.POISSON, b=lambda y: 2 * Fraction(1, math.factorial(int(y))), log_b=None)
    for y in (0, 3):  # b(0) = 2: not mistaken for b = 1
        assert abs(E.log_density(doubled, y, 0.5) - E.log_density(E.POISSON, y, 0.5) - math.log(2)) < 1e-15
    exact = E.log_density(E.POISSON, 1, Fraction(0))  # y read in η's scalar type: exact stays exact
    assert exact == -1 and type(exact) is Fraction
