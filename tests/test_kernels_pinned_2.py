"""Pins down the sign of an overflowing polynomial kernel value in cs229.reference.kernels:
(xᵀz + c)^d beyond the float range is −∞ exactly when the base is negative and d is odd, +∞
otherwise (as C's pow gives it), including when an exact c cannot be added to float data; a kernel
matrix reports that value, sign included, on both faces."""
import pytest

import cs229.reference.kernels as R
from cs229.reference.results import FloatRangeError


def _overflow_message(value, d):
    return (f"kernel(X[0], Z[0]) is {value}: (xᵀz + c)^d with c = 0, d = {d} overflows the float "
            "range; rescale the data or lower d")


# ---- KR-4: (xᵀz + c)^d beyond the float range --------------------------------------------------

def test_polynomial_overflow_of_an_odd_power_of_a_negative_base_is_minus_inf_KR_4():
    # (−10²⁰⁰)³ = −10⁶⁰⁰, below −1.8·10³⁰⁸
    assert R.Polynomial(0, 3)([-1e200], [1.0]) == float("-inf")


def test_polynomial_overflow_of_an_even_power_of_a_negative_base_is_inf_KR_4():
    # (−10²⁰⁰)² = 10⁴⁰⁰, above 1.8·10³⁰⁸
    assert R.Polynomial(0, 2)([-1e200], [1.0]) == float("inf")


def test_polynomial_overflow_of_an_odd_power_of_a_positive_base_is_inf_KR_4():
    # (10²⁰⁰)³ = 10⁶⁰⁰
    assert R.Polynomial(0, 3)([1e200], [1.0]) == float("inf")


@pytest.mark.parametrize("x", [[1.0], [-1.0]], ids=["positive", "negative"])
def test_polynomial_exact_c_beyond_float_range_with_float_data_is_inf_KR_4(x):
    # xᵀz + c = ±1.0 + 10⁴⁰⁰ cannot be formed in float; since c ≥ 0 the base is positive
    assert R.Polynomial(10**400, 3)(x, [1.0]) == float("inf")


@pytest.mark.parametrize("x, d, value", [
    (-1e200, 3, "-inf"),
    (-1e200, 2, "inf"),
    (1e200, 3, "inf"),
], ids=["negative-odd", "negative-even", "positive-odd"])
def test_kernel_matrix_reports_the_sign_of_a_polynomial_overflow_KR_4_KR_6(impl, x, d, value):
    with pytest.raises(FloatRangeError) as e:
        impl.kernels.kernel_matrix(impl.arg([[x]]), impl.kernels.Polynomial(0, d), impl.arg([[1.0]]))
    assert str(e.value) == _overflow_message(value, d)
