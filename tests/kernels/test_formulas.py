"""Part V §7, kernels (KR-1 … KR-10): the notes' formulas and the facts they state, against exact
(Fraction) and 50-digit oracles and invariants, on the reference and, where a test takes ``impl``,
on both faces."""
from fractions import Fraction
from math import factorial

import mpmath
import numpy as np
import pytest
from hypothesis import given, strategies as st

import cs229.fast.kernels as F
import cs229.reference.kernels as R
from cs229.reference.datasets import sms_spam
from cs229.reference.results import ConvergenceError
from cs229.testing import strategies as S


def close(a, b, rel=1e-12):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return np.allclose(a, b, rtol=rel, atol=rel * max(1.0, np.abs(b).max(initial=0.0)))


@st.composite
def point_sets(draw, max_m=8, max_n=4):
    n = draw(st.integers(1, max_n))
    X = draw(st.lists(S.vectors(n), min_size=1, max_size=max_m))
    Z = draw(st.lists(S.vectors(n), min_size=1, max_size=max_m))
    return S.to_float(X), S.to_float(Z)


# ---- KR-2 … KR-6, KR-10: kernel matrices -------------------------------------------------------

@given(point_sets(max_m=6), st.sampled_from([0.5, 1.0, 4.0]))
def test_gaussian_kernel_values_KR_5(p, sigma):
    """K(x, x) = 1, 0 < K ≤ 1, and the Gram-trick exponent error stays at eps·(‖x‖² + ‖z‖²)/σ²."""
    X, Z = p
    k = R.Gaussian(sigma)
    K = F.kernel_matrix(np.array(X), k, np.array(Z))
    assert ((K > 0) & (K <= 1)).all()
    assert (np.diagonal(F.kernel_matrix(np.array(X), k)) == 1.0).all()
    scale = (np.sum(np.square(X), axis=1)[:, None] + np.sum(np.square(Z), axis=1)[None, :]) / (2 * sigma ** 2)
    exact = np.array(R.kernel_matrix(X, k, Z))
    assert (np.abs(K - exact) <= 8 * np.finfo(float).eps * (1 + scale) * exact + 1e-300).all()


def test_gamma_and_sigma_KR_5():
    g = R.Gaussian.from_gamma(0.05)
    assert g.gamma == pytest.approx(0.05, rel=1e-15)
    x, z = [1.0, 2.0], [0.5, -1.0]
    assert g(x, z) == pytest.approx(np.exp(-0.05 * ((0.5) ** 2 + 3.0 ** 2)), rel=1e-14)


@given(st.integers(1, 4).flatmap(lambda n: st.tuples(S.vectors(n), S.vectors(n))))
def test_feature_maps_give_the_kernels_exactly_KR_2_3_10(p):
    x, z = p
    assert R.Polynomial(0, 2)(x, z) == sum(a * b for a, b in zip(R.quadratic_features(x), R.quadratic_features(z)))
    assert R.Polynomial(2, 2)(x, z) == sum(a * b for a, b in zip(R.quadratic_features_c(x, 2), R.quadratic_features_c(z, 2)))
    assert R.Linear()(x, z) == sum(a * b for a, b in zip(R.linear_features(x), R.linear_features(z)))
    assert R.FeatureMapKernel(R.quadratic_features)(x, z) == R.Polynomial(0, 2)(x, z)


@given(st.integers(1, 3).flatmap(lambda n: st.tuples(S.vectors(n), S.vectors(n))), S.rationals(0, 3),
       st.integers(1, 4))
def test_monomial_map_KR_4(p, c, d):
    x, z = p
    n = len(x)
    assert len(R.monomials(n, d)) == len(set(R.monomials(n, d))) == _binomial(n + d, d)
    with mpmath.workdps(40):
        xm, zm, cm = S.to_mpf(x), S.to_mpf(z), S.to_mpf(c)
        phi = R.monomial_features(xm, cm, d)
        assert abs(sum(a * b for a, b in zip(phi, R.monomial_features(zm, cm, d))) - (sum(a * b for a, b in zip(xm, zm)) + cm) ** d) \
            < mpmath.mpf(10) ** -30
    xf, zf, cf = S.to_float(x), S.to_float(z), float(c)
    fast = F.monomial_features(xf, cf, d)
    assert close(fast, R.monomial_features(xf, cf, d))
    assert close(fast @ F.monomial_features(zf, cf, d), R.Polynomial(cf, d)(xf, zf), rel=1e-10)


def test_monomial_weight_is_the_exact_multinomial_coefficient_KR_4():
    """Rational c: d!/(α₀! α₁! α₂!) · c^α₀ as a Fraction, exactly, also where the multinomial
    coefficient (about 1.2e28 here) has more digits than a float."""
    weight = R.monomial_weight((30, 30), Fraction(1, 3), 70)
    assert type(weight) is Fraction
    assert weight == Fraction(factorial(70), factorial(10) * factorial(30) ** 2) / 3 ** 10
    assert R.monomial_weight((1, 1), Fraction(1, 2), 3) == 3 and R.monomial_weight((2,), 0, 2) == 1


def _binomial(n, k):
    out = 1
    for j in range(k):
        out = out * (n - j) // (j + 1)
    return out


def test_gaussian_series_converges_KR_5():
    approx = [np.dot(F.gaussian_features(1.0, 1.0, t), F.gaussian_features(-0.5, 1.0, t)) for t in (2, 6, 30)]
    exact = np.exp(-1.5 ** 2 / 2)
    errors = [abs(a - exact) for a in approx]
    assert errors[0] > errors[1] > errors[2] and errors[2] < 1e-15


# ---- KR-7: Mercer's test ------------------------------------------------------------------------

matrices = st.integers(1, 6).flatmap(lambda n: st.one_of(S.symmetric_matrices(n), S.psd_matrices(n),
                                                         S.psd_matrices(n, max_rank=max(1, n - 2))))


@given(matrices)
def test_mercer_exact_verdict_and_witness_KR_7(K):
    result = R.mercer_test(K)
    eig = np.linalg.eigvalsh(np.array(S.to_float(K)))
    if result.valid:
        assert eig.min() >= -1e-9 * max(1.0, np.abs(eig).max())
    else:
        z = result.witness
        assert sum(z[i] * K[i][j] * z[j] for i in range(len(K)) for j in range(len(K))) == result.value < 0


# ---- KR-8: the string kernel --------------------------------------------------------------------

def test_string_kernel_on_sms_messages_KR_8():
    messages = [m for _, m in sms_spam()[:25]]
    for k in (3, 5):
        kernel = R.StringKernel(k)
        assert np.array_equal(F.kernel_matrix(messages, kernel), np.array(R.kernel_matrix(messages, kernel), dtype=float))


def test_string_kernel_alphabet_and_004_example_KR_8(impl):
    amino = R.StringKernel(4, alphabet="ACDEFGHIKLMNPQRSTVWY")
    with pytest.raises(ValueError, match=r"X\[0\]\[0\] is 'B'"):
        impl.kernels.kernel_matrix(["BAJT"], amino)
    assert R.spectrum_features("BAJTSIAIBAJTAU", 4)["BAJT"] == 2
    assert R.spectrum_dimension(20, 4) == 160000
    K = impl.kernels.kernel_matrix(["BAJTSIAIBAJTAU", "XBAJTX"], R.StringKernel(4))
    assert np.asarray(K, dtype=float).tolist() == [[13.0, 2.0], [2.0, 3.0]]


# ---- KR-9: the kernel perceptron ----------------------------------------------------------------

@st.composite
def perceptron_problems(draw):
    X, y = draw(S.separable_sets(n=2, min_m=3, max_m=10))
    kernel = draw(st.sampled_from([R.Linear(), R.Polynomial(1, 2), R.Gaussian(1.0), R.Gaussian(0.5)]))
    order = draw(st.permutations(range(len(X))))
    return S.to_float(X), y, kernel, list(order)


@given(S.separable_sets(n=2, min_m=3, max_m=10))
def test_linear_kernel_perceptron_is_the_perceptron_exactly_KR_9(p):
    """On rational data the linear-kernel perceptron runs in exact arithmetic and, once converged,
    w = Σ αⱼ y⁽ʲ⁾ x⁽ʲ⁾ separates the data (Novikoff: it converges on separable data)."""
    X, y = p
    fit = R.kernel_perceptron(X, y, R.Linear(), max_epochs=10_000)
    w = [sum(a * t * x[j] for a, t, x in zip(fit.theta, y, X)) for j in range(len(X[0]))]
    assert all(t * (sum(a * b for a, b in zip(w, x)) + fit.b) >= 0 for x, t in zip(X, y))
    assert sum(fit.theta) == len(fit.extra["updates"])


def test_xor_needs_a_kernel_KR_9(impl):
    """XOR is not linearly separable; (xᵀz + 1)² adds the x₁x₂ feature that separates it."""
    X = impl.arg([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
    y = [-1, -1, 1, 1]
    with pytest.raises(ConvergenceError, match="max_epochs"):
        impl.kernels.kernel_perceptron(X, y, R.Linear(), max_epochs=50)
    fit = impl.kernels.kernel_perceptron(X, y, R.Polynomial(1, 2), max_epochs=200)
    assert fit.converged
    decision = impl.kernels.perceptron_decision(X, y, fit.theta, fit.b, X, R.Polynomial(1, 2))
    assert [1 if v >= 0 else -1 for v in decision] == y


@given(perceptron_problems(), st.sampled_from([1e-6, 2e-4, 200]))
def test_kernel_perceptron_updates_do_not_depend_on_cache_size_KR_9(p, cache_size):
    """The kernel columns kept (none at 1e-6 MB, a few at 2e-4 MB, all at 200) change where a value
    comes from, never its bits: the reference's updates, α and b in every case."""
    X, y, kernel, order = p
    try:
        ref = R.kernel_perceptron(X, y, kernel, 50, order)
    except ConvergenceError as e:
        ref = e.result
    try:
        fast = F.kernel_perceptron(np.array(X), np.array(y), kernel, 50, np.array(order), cache_size=cache_size)
    except ConvergenceError as e:
        fast = e.result
    assert fast.extra["updates"] == ref.extra["updates"] and fast.b == ref.b
    assert fast.theta.tolist() == ref.theta


def test_kernel_perceptron_on_many_examples_keeps_columns_within_the_cache_KR_9():
    """m = 3000 (a 69 MB kernel matrix) with cache_size 1 MB and 1000 MB: the same updates."""
    rng = np.random.default_rng(4)
    X = rng.standard_normal((3000, 4))
    y = np.where(X[:, 0] + 0.5 * X[:, 1] ** 2 > 0.5, 1.0, -1.0)
    runs = []
    for cache_size in (1, 1000):
        try:
            runs.append(F.kernel_perceptron(X, y, R.Gaussian(1.0), 3, cache_size=cache_size))
        except ConvergenceError as e:
            runs.append(e.result)
    assert runs[0].extra["updates"] == runs[1].extra["updates"] and len(runs[0].extra["updates"]) > 100
    assert np.array_equal(runs[0].theta, runs[1].theta) and runs[0].b == runs[1].b


def test_perceptron_decision_takes_the_queries_a_block_at_a_time_KR_9():
    """|S| = 1,000 examples with α > 0 against 20,000 queries: the whole |S| × q block of kernel
    values was 153 MB; blocks of about 32 MB give the values of one query at a time, and a value
    that is not finite is still named by its query's own row."""
    import tracemalloc
    rng = np.random.default_rng(5)
    X, Z = rng.standard_normal((1000, 3)), rng.standard_normal((20_000, 3))
    y, alpha = np.where(X[:, 0] > 0, 1.0, -1.0), rng.integers(1, 4, 1000).astype(float)
    tracemalloc.start()
    try:
        out = F.perceptron_decision(X, y, alpha, 0.25, Z, R.Gaussian(1.0))
        used = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert used < 80 * 2 ** 20, used
    some = [0, 4193, 4194, 19_999]      # either side of the first block's end
    one_by_one = [F.perceptron_decision(X, y, alpha, 0.25, Z[k:k + 1], R.Gaussian(1.0))[0] for k in some]
    assert close(out[some], one_by_one, rel=1e-13)
    Z[12_345] = 1e200
    with pytest.raises(ValueError, match=r"kernel\(X\[0\], Z\[12345\]\) is inf"):
        F.perceptron_decision(X, y, alpha, 0.25, Z, R.Polynomial(0, 2))


def test_polynomial_overflow_has_the_sign_of_the_power_KR_4():
    """An overflowing (xᵀz + c)^d is ±inf with the sign of the power: −inf only for a negative base
    and an odd d. The base ½ with d = −2001 (set past the constructor's check, as a hand-edited
    kernel would be) overflows to +inf; with d = 2001 (2000), the base xᵀz = −10²⁰⁰ gives −inf (+inf)."""
    k = R.Polynomial(0.5, 3)
    object.__setattr__(k, "d", -2001)
    assert k([0.0], [0.0]) == float("inf")
    assert R.Polynomial(0.0, 2001)([-1e200], [1.0]) == float("-inf")
    assert R.Polynomial(0.0, 2000)([-1e200], [1.0]) == float("inf")
