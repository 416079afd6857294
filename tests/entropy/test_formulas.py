"""Entropy, count tables and information gain, 001 §11.3 (DT-3 … DT-5): the notes' formulas and the
facts they state, against exact (Fraction) and 50-digit oracles and invariants, on the reference
and, where a test takes ``impl``, on both faces."""
import math
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from hypothesis import assume, given, strategies as st

import cs229.fast.entropy as FE
import cs229.reference.entropy as RE
import cs229.reference.entropy as R
from cs229.testing import strategies as S


# ---- DT-3: entropy ------------------------------------------------------------------------------

@given(S.dyadic_probability_vectors())
def test_entropy_of_a_dyadic_law_is_exact_in_bits_DT_3(p):
    h = RE.entropy(p)
    assert isinstance(h, Fraction) and h == sum(q * (q.denominator.bit_length() - 1) for q in p if q)
    assert FE.entropy(np.array(S.to_float(p))) == float(h)


def test_zero_log_zero_is_zero_and_point_masses_have_no_entropy_DT_3(impl):
    e = impl.entropy
    assert e.entropy(impl.arg([0.0, 1.0, 0.0])) == 0
    assert e.count_entropy(impl.arg([0.0, 7.0])) == 0
    assert e.bernoulli_entropy(5, 0) == 0 and e.bernoulli_entropy(0, 3) == 0
    assert e.entropy(impl.arg([0.25, 0.25, 0.5])) == 1.5


@given(st.integers(0, 60), st.integers(0, 60))
def test_bernoulli_entropy_11_13_DT_3(p, n):
    assume(p + n > 0)
    h = RE.bernoulli_entropy(float(p), float(n))
    assert FE.bernoulli_entropy(p, n) == h
    assert h == RE.bernoulli_entropy(float(n), float(p))
    assert h == pytest.approx(RE.entropy([p / (p + n), n / (p + n)]), rel=1e-15, abs=1e-15)
    assert h <= 1.0 and (h == 1.0) == (p == n)
    assert RE.count_entropy([float(p), float(n)]) == pytest.approx(h, abs=1e-15)


def test_the_coin_curve_peaks_at_one_half_DT_3():
    """001 §11.3.4: H(π) of the coin is largest, 1 bit, for the unbiased coin (exactly so in
    Fractions); every other π on a fine grid gives less."""
    assert RE.entropy([Fraction(1, 2), Fraction(1, 2)]) == 1
    grid = [k / 1000 for k in range(1001)]
    H = [RE.entropy([q, 1 - q]) for q in grid]
    assert max(H) == 1.0 and H.index(max(H)) == 500
    assert all(a < b for a, b in zip(H[:500], H[1:501])) and all(a > b for a, b in zip(H[500:], H[501:]))


# ---- DT-4: Gaussian entropy ---------------------------------------------------------------------

@given(st.integers(1, 3).flatmap(S.triangular_spd_matrices), st.sampled_from([Fraction(1, 2), Fraction(3), Fraction(7, 4)]))
def test_gaussian_entropy_11_14_DT_4(Sigma, c):
    n = len(Sigma)
    Sf = np.array(S.to_float(Sigma))
    h = RE.gaussian_entropy(S.to_float(Sigma))
    assert h == pytest.approx(0.5 * n * (1 + np.log(2 * np.pi)) + 0.5 * np.linalg.slogdet(Sf)[1], rel=1e-12)
    # scaling X by c adds n log c; independent blocks add
    scaled = RE.gaussian_entropy(S.to_float([[c * c * v for v in row] for row in Sigma]))
    assert scaled == pytest.approx(h + n * math.log(c), rel=1e-12, abs=1e-12)
    block = [row + [0.0] for row in S.to_float(Sigma)] + [[0.0] * n + [2.0]]
    assert RE.gaussian_entropy(block) == pytest.approx(h + RE.gaussian_entropy([[2.0]]), rel=1e-12)
    with mpmath.workdps(50):
        hm = RE.gaussian_entropy(S.to_mpf(Sigma))
        assert abs(hm - h) < 1e-12 * (1 + abs(h))


# ---- DT-5: split entropy, information gain ------------------------------------------------------

@given(st.lists(st.integers(0, 3), min_size=1, max_size=30).flatmap(
    lambda x: st.tuples(st.just(x), st.lists(st.integers(0, 2), min_size=len(x), max_size=len(x)))))
def test_count_table_counts_every_example_DT_5(xy):
    x, y = xy
    values, classes, table = RE.count_table(x, y)
    fv, fc, ft = FE.count_table(np.array(x), np.array(y))
    assert fv.tolist() == values and fc.tolist() == classes and ft.tolist() == table
    assert sum(map(sum, table)) == len(x)
    assert all(table[values.index(v)][classes.index(c)] == sum(1 for a, b in zip(x, y) if (a, b) == (v, c))
               for v in values for c in classes)


def test_xor_gains_are_exact_DT_5():
    """Splitting XOR on either input leaves both halves as mixed as the whole: gain 0, exactly;
    the second stump then gains the whole bit."""
    assert RE.information_gain([[1, 1], [1, 1]]) == 0
    assert RE.information_gain([[1, 0], [0, 1]]) == 1
    assert RE.split_entropy([[2, 2], [0, 4]]) == Fraction(1, 2)


# ==================================================================================================
# Entropy's errors word for word (DT-3, DT-4, DT-5), in both faces where both have the function;
# the Cholesky failure keeps the pivot that failed.


def test_counts_beyond_the_float_range_stay_exact_or_mpf_DT_5():
    """An exact count of 10⁴⁰⁰ is an integer (not a float that overflows), and so is an mpf one."""
    assert R.count_entropy([10 ** 400, 10 ** 400]) == 1
    with mpmath.workdps(30):
        assert abs(R.count_entropy([mpmath.mpf("1e400"), mpmath.mpf("1e400")]) - 1) < mpmath.mpf(10) ** -25
        with pytest.raises(ValueError, match=r"counts\[0\] is 1.5"):
            R.count_entropy([mpmath.mpf("1.5"), 1])


def test_a_distribution_sums_to_one_within_4_n_eps_DT_3(impl):
    """|Σ pᵢ − 1| <= 4·n·eps: for n = 2 a sum 8 eps above 1 is a distribution, 9 eps is not."""
    eps = 2.0 ** -52
    assert impl.entropy.entropy(impl.arg([0.5, 0.5 + 8 * eps])) == pytest.approx(1.0, abs=1e-14)
    for over in (9, 16):
        with pytest.raises(ValueError, match="not 1"):
            impl.entropy.entropy(impl.arg([0.5, 0.5 + over * eps]))


def test_an_empty_group_is_skipped_not_the_end_DT_5(impl):
    """(11.19) weighs each group by its share: a group of no examples adds nothing, and the groups
    after it still count."""
    got = impl.entropy.split_entropy(impl.arg([[1.0, 1.0], [0.0, 0.0], [1.0, 3.0]]))
    expected = (2 / 6) * 1.0 + (4 / 6) * -(0.25 * math.log2(0.25) + 0.75 * math.log2(0.75))
    assert got == pytest.approx(expected, rel=1e-14)
