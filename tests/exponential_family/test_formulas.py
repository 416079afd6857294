"""Part III, the exponential family (EF-1 … EF-5, SM-1): the notes' formulas and the facts they
state, against exact (Fraction) and 50-digit oracles and invariants, on the reference and, where a
test takes ``impl``, on both faces."""
import math
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from hypothesis import given, strategies as st
from scipy import integrate, stats

from cs229.reference import exponential_family as ef, exponential_family as E, linear_regression as lr

from tests.glm.test_formulas import close


etas = st.floats(-4, 4)
SCALAR_FAMILIES = [ef.BERNOULLI, ef.GAUSSIAN, ef.POISSON, ef.EXPONENTIAL, ef.gamma(3)]


def _eta_for(fam, eta):
    return -abs(eta) - 0.25 if fam.parameter == "rate" else eta


# ---- EF-1 … EF-5: the families ---------------------------------------------------------------------

@given(etas)
def test_densities_match_scipy_EF_1_2_3_5(eta):
    phi = 1 / (1 + np.exp(-eta))
    lam = np.exp(eta)
    for y in (0, 1):
        assert close(ef.density(ef.BERNOULLI, y, eta), stats.bernoulli.pmf(y, phi), 1e-12)
    for y in (0, 1, 5, 30):
        assert close(ef.log_density(ef.POISSON, y, eta), stats.poisson.logpmf(y, lam), 1e-11)
    for y in (-2.5, 0.0, 3.0):
        assert close(ef.density(ef.GAUSSIAN, y, eta), stats.norm.pdf(y, eta, 1), 1e-12)
        rate = abs(eta) + 0.25
        if y > 0:
            assert close(ef.density(ef.EXPONENTIAL, y, -rate), stats.expon.pdf(y, scale=1 / rate), 1e-12)
            assert close(ef.density(ef.gamma(3), y, -rate), stats.gamma.pdf(y, 3, scale=1 / rate), 1e-12)


@given(etas)
def test_every_family_normalises_EF_1(eta):
    assert abs(sum(ef.density(ef.BERNOULLI, y, eta) for y in (0, 1)) - 1) < 1e-15
    assert abs(sum(ef.density(ef.POISSON, y, eta) for y in range(200)) - 1) < 1e-12
    assert abs(integrate.quad(lambda y: ef.density(ef.GAUSSIAN, y, eta), -np.inf, np.inf)[0] - 1) < 1e-9
    for fam in (ef.EXPONENTIAL, ef.gamma(3)):
        e = _eta_for(fam, eta)
        assert abs(integrate.quad(lambda y: ef.density(fam, y, e), 0, np.inf)[0] - 1) < 1e-9
    m = ef.multinomial(4)
    assert abs(sum(ef.density(m, y, [eta, -eta, eta / 2]) for y in (1, 2, 3, 4)) - 1) < 1e-14


@given(etas)
def test_mean_and_variance_are_derivatives_of_a_EF_5_GLM_1(eta):
    """E[T(y)] = a′(η) = g(η) and Var = a″(η) ≥ 0, checked at 30 digits by numerical derivatives."""
    with mpmath.workdps(30):
        for fam in SCALAR_FAMILIES:
            e = mpmath.mpf(_eta_for(fam, eta))
            assert abs(mpmath.diff(fam.a, e) - fam.response(e)) < mpmath.mpf(10) ** -20
            assert abs(mpmath.diff(fam.a, e, 2) - fam.variance(e)) < mpmath.mpf(10) ** -15
            assert fam.variance(e) > 0
            assert abs(fam.link(fam.response(e)) - e) < mpmath.mpf(10) ** -25
            assert abs(fam.natural(fam.usual(e)) - e) < mpmath.mpf(10) ** -25


def test_poisson_moments_by_summation_EF_5():
    lam = 3.5
    eta = np.log(lam)
    p = np.array([ef.density(ef.POISSON, y, eta) for y in range(120)])
    y = np.arange(120)
    assert abs(p @ y - ef.POISSON.response(eta)) < 1e-12
    assert abs(p @ y ** 2 - (p @ y) ** 2 - ef.POISSON.variance(eta)) < 1e-11


def test_bernoulli_parameters_EF_2():
    assert ef.BERNOULLI.natural(0.5) == 0.0 and ef.BERNOULLI.usual(0.0) == 0.5
    assert abs(ef.BERNOULLI.a(2.0) - np.log(1 + np.exp(2.0))) < 1e-15
    assert ef.BERNOULLI.a(1e308) == 1e308 and ef.BERNOULLI.a(-1e308) == 0.0  # stable for every η
    with pytest.raises(ValueError, match="phi"):
        ef.BERNOULLI.natural(1.0)


def test_gaussian_b_and_large_targets_EF_3():
    """b(y) = e^(−y²/2)/√(2π); log p stays finite where b underflows (y = 60)."""
    assert abs(ef.GAUSSIAN.b(0.0) - 1 / np.sqrt(2 * np.pi)) < 1e-16
    assert close(ef.log_density(ef.GAUSSIAN, 60.0, 1.0), stats.norm.logpdf(60.0, 1.0, 1.0))


@given(st.floats(-3, 3), st.floats(-3, 3), st.floats(0.1, 5))
def test_dispersion_form_is_the_normal_density_EF_4(y, mu, s2):
    got = ef.dispersion_density(ef.GAUSSIAN_DISPERSION, y, mu, s2)
    assert close(got, stats.norm.pdf(y, mu, np.sqrt(s2)), 1e-12)
    assert close(got, lr.gaussian_density(y, mu, np.sqrt(s2)), 1e-12)


def test_family_lookup_EF_1(impl):
    assert ef.family("Poisson") is ef.POISSON and ef.family(ef.EXPONENTIAL) is ef.EXPONENTIAL
    with pytest.raises(ValueError, match="family"):
        ef.family("binomial")


# ---- EF-1: a family is its name -----------------------------------------------------------------

def test_families_pickle_to_the_same_family_EF_1():
    """The families hold lambdas; they pickle by name (an estimator holding one must pickle)."""
    import pickle
    for fam in (ef.BERNOULLI, ef.GAUSSIAN, ef.POISSON, ef.EXPONENTIAL):
        assert pickle.loads(pickle.dumps(fam)) is fam
    for fam in (ef.gamma(3), ef.multinomial(4)):
        again = pickle.loads(pickle.dumps(fam))
        assert again.name == fam.name and again.response(-0.5 if fam.shape else [0.1, 0.2, 0.3]) == \
            fam.response(-0.5 if fam.shape else [0.1, 0.2, 0.3])


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
