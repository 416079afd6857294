"""Pins down behaviour of cs229.reference.kernels that the other suites left open: the exact words
of its messages, default arguments, the tolerance of Mercer's test, exact and mpf arithmetic in the
feature maps and the perceptron, and what a kernel perceptron hands back when it converges or gives
up. Checks run on both faces wherever cs229.fast.kernels has the same function."""
from fractions import Fraction

import mpmath
import pytest

import cs229.reference.kernels as R
from cs229.reference.results import ConvergenceError, FloatRangeError

SEPARABLE_X = [[1.0], [-1.0]]        # converges in epoch 2 after one update of example 1
SEPARABLE_Y = [1, -1]
CLASH_X = [[1.0], [1.0]]             # one point with both labels: never separable
CLASH_Y = [1, -1]

NOT_SEPARABLE = ("the kernel perceptron still made mistakes in epoch {} (max_epochs): the data "
                 "may not be separable in this kernel's feature space")


# ---- KR-5, KR-8: kernel parameters --------------------------------------------------------------

def test_gaussian_from_gamma_names_gamma_when_not_positive_KR_5(impl):
    with pytest.raises(ValueError) as e:
        impl.kernels.Gaussian.from_gamma(0)
    assert str(e.value) == "gamma must be > 0, got 0"


def test_string_kernel_names_k_when_below_one_KR_8(impl):
    with pytest.raises(ValueError) as e:
        impl.kernels.StringKernel(k=0)
    assert str(e.value) == "k must be >= 1, got 0"


# ---- KR-1, KR-3, KR-4: explicit feature maps ------------------------------------------------------

def test_power_features_default_degree_is_three_KR_1(impl):
    kr = impl.kernels
    assert impl.out(kr.power_features(2)) == [2.0, 4.0, 8.0]
    assert impl.out(kr.power_features(2)) == impl.out(kr.power_features(2, 3))


def test_power_features_overflow_message_says_rescale_x_KR_1(impl):
    with pytest.raises(FloatRangeError) as e:
        impl.kernels.power_features(1e200, 2)
    assert str(e.value) == "φ(x)[1] is inf: it overflows the float range; rescale x"


@pytest.mark.parametrize("x, error, message", [
    (float("inf"), ValueError, "x is inf: expected a finite number"),
    ([float("nan")], ValueError, "x[0] is nan: expected a finite number"),
    (["a"], TypeError, "x[0] is 'a': expected a real number"),
], ids=["number", "vector", "text"])
def test_power_features_bad_attribute_is_named_x_KR_1(impl, x, error, message):
    with pytest.raises(error) as e:
        impl.kernels.power_features(x)   # as given: a list, not an array, on both faces
    assert str(e.value) == message


def test_quadratic_features_c_names_a_non_finite_c_KR_3(impl):
    with pytest.raises(ValueError) as e:
        impl.kernels.quadratic_features_c(impl.arg([1.0]), float("nan"))
    assert str(e.value) == "c is nan: expected a finite number"


def test_quadratic_features_c_takes_an_exact_c_with_mpf_x_KR_3():
    phi = R.quadratic_features_c([mpmath.mpf(2)], Fraction(1, 3))
    assert phi[0] == 4 and phi[2] == Fraction(1, 3)
    assert isinstance(phi[1], mpmath.mpf)
    assert mpmath.almosteq(phi[1], 2 * mpmath.sqrt(mpmath.mpf(2) / 3), 1e-15)


@pytest.mark.parametrize("c", [1, Fraction(1, 3)], ids=["int", "fraction"])
def test_monomial_features_take_an_exact_c_with_mpf_x_KR_4(c):
    x = mpmath.mpf(2)
    phi = R.monomial_features([x], c, 2)
    assert len(phi) == 3 and all(isinstance(p, mpmath.mpf) for p in phi)
    # φ(x)ᵀφ(x) = (x·x + c)²
    assert mpmath.almosteq(sum(p * p for p in phi), (x * x + c) ** 2, 1e-15)


def test_monomial_weight_overflow_message_names_c_and_d_KR_4(impl):
    with pytest.raises(FloatRangeError) as e:
        impl.kernels.monomial_weight((0,), 1e200, 2)
    assert str(e.value) == ("the weight of (0,) is inf: it overflows the float range; "
                            "lower c = 1e+200 or d = 2")


# ---- KR-7: Mercer's test --------------------------------------------------------------------------

def test_mercer_valid_result_reads_in_full_KR_7(impl):
    result = impl.kernels.mercer_test(impl.arg([[1.0]]))
    assert result.valid
    assert str(result) == "valid: the kernel matrix is symmetric positive semi-definite"


def test_mercer_witness_entries_are_comma_separated_KR_7(impl):
    result = impl.kernels.mercer_test(impl.arg([[1.0, 2.0], [2.0, 1.0]]))
    assert str(result) == "invalid: zᵀKz = -3.0 < 0 for z = [-2.0, 1.0]"


def test_mercer_default_tol_scales_with_the_size_of_k_KR_7(impl):
    # |K01 - K10| = 3e-16 lies within 2·eps·1 ≈ 4.4e-16 but beyond eps·1 ≈ 2.2e-16
    result = impl.kernels.mercer_test(impl.arg([[1.0, 3e-16], [0.0, 1.0]]))
    assert result.valid and result.symmetric


@pytest.mark.parametrize("K, tol", [
    ([[1, 0], [0, Fraction(-1, 10)]], Fraction(1, 2)),
    ([[1.0, 0.0], [0.0, -0.1]], 0.5),
], ids=["exact", "float"])
def test_mercer_given_tol_also_governs_the_definiteness_test_KR_7(impl, K, tol):
    # the pivot -1/10 is within tol of 0, so it counts as 0
    result = impl.kernels.mercer_test(impl.arg(K), tol)
    assert result.valid and result.symmetric and result.witness is None


def test_invalid_kernel_error_carries_its_mercer_result_KR_7(impl):
    with pytest.raises(impl.kernels.InvalidKernelError) as e:
        impl.kernels.checked_kernel_matrix(impl.arg([[1.0], [2.0]]), lambda x, z: float(x[0]))
    result = e.value.result
    assert isinstance(result, impl.kernels.MercerResult)
    assert (result.valid, result.symmetric, result.pair) == (False, False, (1, 0))
    assert e.value.pair == (1, 0) and e.value.witness is None


# ---- KR-9: the kernel perceptron --------------------------------------------------------------

def test_kernel_perceptron_default_max_epochs_is_100_KR_9(impl):
    kr = impl.kernels
    for kwargs in ({}, {"max_epochs": 100}):
        with pytest.raises(ConvergenceError) as e:
            kr.kernel_perceptron(impl.arg(CLASH_X), impl.arg(CLASH_Y), kr.Linear(), **kwargs)
        assert str(e.value) == NOT_SEPARABLE.format(100)
        assert e.value.result.iterations == 100


def test_kernel_perceptron_records_no_path_by_default_KR_9(impl):
    kr = impl.kernels
    result = kr.kernel_perceptron(impl.arg(SEPARABLE_X), impl.arg(SEPARABLE_Y), kr.Linear())
    assert result.path is None
    with pytest.raises(ConvergenceError) as e:
        kr.kernel_perceptron(impl.arg(CLASH_X), impl.arg(CLASH_Y), kr.Linear(), max_epochs=2)
    assert e.value.result.path is None


def test_kernel_perceptron_may_converge_in_its_last_allowed_epoch_KR_9(impl):
    kr = impl.kernels
    result = kr.kernel_perceptron(impl.arg(SEPARABLE_X), impl.arg(SEPARABLE_Y), kr.Linear(),
                                  max_epochs=2)
    assert result.converged is True and result.iterations == 2
    assert impl.out(result.theta) == [0.0, 1.0] and result.b == -1
    assert result.extra == {"updates": [1]}


def test_kernel_perceptron_gives_up_with_its_last_iterate_KR_9(impl):
    kr = impl.kernels
    with pytest.raises(ConvergenceError) as e:
        kr.kernel_perceptron(impl.arg(CLASH_X), impl.arg(CLASH_Y), kr.Linear(), max_epochs=2,
                             record=True)
    assert str(e.value) == NOT_SEPARABLE.format(2)
    result = e.value.result
    assert isinstance(result, kr.KernelPerceptronResult)
    assert impl.out(result.theta) == [1.0, 2.0]
    assert (result.iterations, result.converged, result.b) == (2, False, -1)
    assert result.extra == {"updates": [1, 0, 1]}
    assert [(impl.out(a), b) for a, b in result.path] == [
        ([0.0, 0.0], 0), ([0.0, 1.0], -1), ([1.0, 2.0], -1)]


def test_kernel_perceptron_sums_exact_data_exactly_KR_9():
    # in epoch 2 example 2's decision value is exactly 0 (so h = +1 and it is not updated):
    # 1/10 · (1·(−7/10) − 2·(−3/10) + 1·(1/10)) + 0
    X = [[Fraction(-7, 10)], [Fraction(-3, 10)], [Fraction(1, 10)]]
    with pytest.raises(ConvergenceError) as e:
        R.kernel_perceptron(X, [1, -1, 1], R.Linear(), max_epochs=2)
    result = e.value.result
    assert result.extra == {"updates": [1, 2, 0, 1]}
    assert result.theta == [1, 2, 1] and result.b == 0


def test_kernel_perceptron_does_not_run_mercers_test_on_a_named_kernel_KR_9(impl):
    # float rounding makes this (xz)^9 matrix fail Mercer's test by about -2e-17
    kr = impl.kernels
    X = [[-0.7605986733418817], [-0.790567964800392], [-0.4078918254463988],
         [-0.7786076593762143]]
    kernel = kr.Polynomial(0.0, 9)
    assert not kr.mercer_test(kr.kernel_matrix(impl.arg(X), kernel)).valid
    result = kr.kernel_perceptron(impl.arg(X), impl.arg([1, 1, 1, 1]), kernel)
    assert result.converged is True and result.iterations == 1
    assert impl.out(result.theta) == [0.0, 0.0, 0.0, 0.0]


def test_perceptron_decision_reads_strings_for_a_string_kernel_KR_9(impl):
    kr = impl.kernels
    out = kr.perceptron_decision(["aa", "b"], impl.arg([1, -1]), impl.arg([1, 1]), 0,
                                 ["a", "ab"], kr.StringKernel(1))
    assert impl.out(out) == [2.0, 1.0]


def test_perceptron_decision_names_a_non_finite_b_KR_9(impl):
    with pytest.raises(ValueError) as e:
        impl.kernels.perceptron_decision(impl.arg([[1.0]]), impl.arg([1]), impl.arg([1.0]),
                                         float("nan"), impl.arg([[1.0]]), impl.kernels.Linear())
    assert str(e.value) == "b is nan: expected a finite number"


def test_perceptron_decision_kernel_overflow_blames_the_inner_product_KR_9(impl):
    with pytest.raises(FloatRangeError) as e:
        impl.kernels.perceptron_decision(impl.arg([[1e200]]), impl.arg([1]), impl.arg([1.0]), 0,
                                         impl.arg([[1e200]]), impl.kernels.Linear())
    assert str(e.value) == ("kernel(X[0], Z[0]) is inf: the inner product xᵀz overflows the float "
                            "range; rescale the data")


def test_perceptron_decision_overflow_message_says_what_to_rescale_KR_9(impl):
    with pytest.raises(FloatRangeError) as e:
        impl.kernels.perceptron_decision(impl.arg([[1.0]]), impl.arg([1]), impl.arg([1e308]), 0,
                                         impl.arg([[10.0]]), impl.kernels.Linear())
    assert str(e.value) == ("the decision value of Z[0] is inf: it overflows the float range; "
                            "rescale the data, alpha or b")
