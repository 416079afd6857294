"""Part V §7, kernels (KR-1 … KR-10): pinned cases. Each pins a behaviour the other tests left open
(a mutant of the reference that survived them) or reproduces a defect once found; each section below
says what its cases pin and why."""
import math
from fractions import Fraction

import mpmath
import numpy as np
import pytest

import cs229.fast.kernels as FK
import cs229.fast.smo as FS
import cs229.fast.svm as FV
import cs229.reference.kernels as R
import cs229.reference.kernels as RK
import cs229.reference.results as results
import cs229.reference.smo as RS
from cs229.reference.kernels import Gaussian, Linear, Polynomial, StringKernel
from cs229.reference.results import ConvergenceError, FloatRangeError

from tests.reproducers import FACES, X, Y, Z, arg, call


# ==================================================================================================
# Pins down behaviour of cs229.reference.kernels that the other suites left open: the exact words
# of its messages, default arguments, the tolerance of Mercer's test, exact and mpf arithmetic in the
# feature maps and the perceptron, and what a kernel perceptron hands back when it converges or gives
# up. Checks run on both faces wherever cs229.fast.kernels has the same function.


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


@pytest.mark.parametrize("kernel", [Linear(), Polynomial(0.0, 1)], ids=["linear", "polynomial"])
def test_kernel_perceptron_sums_each_kernel_value_left_to_right_KR_9(kernel):
    """Example 2 is the first mistake; in epoch 2, example 1's value is −K(x⁽²⁾, x⁽¹⁾) − 1, and
    K(x⁽²⁾, x⁽¹⁾) = 0.5·(−2) + (−2⁵³)·1 + 1·2⁵³ is 0 in the reference's order (−1 − 2⁵³ rounds
    to −2⁵³) but −1 right to left: a mistake (update 1) or none. The fast face's columns (taken
    point after point, k the outer loop) must keep each sum's order."""
    big = 2.0 ** 53
    X = [[2.0, 0.5, 1.0], [-2.0, 1.0, big], [0.5, -big, 1.0]]
    y = [1, 1, -1]
    for face, data in ((R, X), (FK, np.array(X))):
        try:
            result = face.kernel_perceptron(data, np.array(y) if face is FK else y, kernel, 5)
        except ConvergenceError as e:
            result = e.result
        assert result.extra["updates"][:2] == [2, 1], face.__name__
        assert list(result.theta)[:3] == [0, 1, 1] and result.b == 0


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


# ==================================================================================================
# Pins down the sign of an overflowing polynomial kernel value in cs229.reference.kernels:
# (xᵀz + c)^d beyond the float range is −∞ exactly when the base is negative and d is odd, +∞
# otherwise (as C's pow gives it), including when an exact c cannot be added to float data; a kernel
# matrix reports that value, sign included, on both faces.


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


# ==================================================================================================
# Part V at the edges (issue 12): every reproducer for the SVM, SMO, kernels, margins and
# coordinate ascent, on both faces. Fits and kernels edited by hand are checked before compiled
# code reads them (each such call runs in a forked child, so that a segfault fails the test
# instead of killing the worker); the Gaussian kernel far from the origin; kernel values that
# overflow are named; a subclass of a named kernel is computed by its own ``__call__``; caps
# beyond 64 bits; one home for what the modules share.


# ---- W1: the Gaussian kernel far from the origin -------------------------------------------

@pytest.mark.parametrize("face", FACES)
def test_gaussian_kernel_far_from_the_origin_W1(face):
    K = call(face, "kernels", "kernel_matrix", arg(face, [[1e8, 0.0], [1e8 + 1, 0.0]]), Gaussian(1.0))
    assert K[0][1] == pytest.approx(math.exp(-0.5), rel=1e-15)
    assert np.asarray(call(face, "kernels", "kernel_matrix", arg(face, [[1e200]]), Gaussian(1.0))).tolist() == [[1.0]]
    K = call(face, "kernels", "kernel_matrix", arg(face, [[1e200], [-1e200]]), Gaussian(1.0), arg(face, [[1e200]]))
    assert np.asarray(K).tolist() == [[1.0], [0.0]]


def _far_points(m, seed=0):
    return np.random.default_rng(seed).standard_normal((m, 2)) + 1e6


def _by_differences(A, B):
    d2 = ((A[:, None, :] - B[None, :, :]) ** 2).sum(axis=-1)
    return np.exp(-d2 / 2)


def test_gram_matrix_of_501_points_offset_by_a_million_W1():
    """At 501 points the kernel matrix comes from BLAS (500 and below: the reference's order)."""
    A, B = _far_points(501), _far_points(40, seed=1)
    assert np.allclose(FK.kernel_matrix(A, Gaussian(1.0)), _by_differences(A, A), rtol=1e-13, atol=0)
    assert np.allclose(FK.kernel_matrix(A, Gaussian(1.0), B), _by_differences(A, B), rtol=1e-13, atol=0)
    fit = FS.smo(A[:60], np.where(A[:60, 0] > 1e6, 1.0, -1.0), C=1.0, kernel=Gaussian(1.0))
    S = fit.support_vectors
    expected = _by_differences(A, S) @ (fit.support_alpha * fit.support_labels) + fit.b
    assert np.allclose(FV.decision_function(fit, A), expected, rtol=1e-12, atol=1e-12)


# ---- W2: kernel values and parameters out of range -----------------------------------------

@pytest.mark.parametrize("sigma", [1e-200, 1e200])
def test_a_sigma_whose_two_sigma_squared_leaves_the_floats_is_refused_W2(sigma):
    with pytest.raises(ValueError, match=r"sigma = .*2σ²"):
        Gaussian(sigma)


def test_an_mpf_sigma_below_float64_is_refused_by_the_fast_face_only_W2():
    kernel = Gaussian(mpmath.mpf("1e-200"))
    assert 0 < RK.kernel_matrix([[0.0], [1.0]], kernel)[0][1] < mpmath.mpf("1e-1000")
    with pytest.raises(ValueError, match=r"kernel\.sigma = .*underflows"):
        FK.kernel_matrix(np.array([[0.0], [1.0]]), kernel)


@pytest.mark.parametrize("face", FACES)
def test_an_overflowing_inner_product_names_the_argument_W2(face):
    """Not "K[0][0] is inf" (an internal array): the caller's X, and the cause."""
    cause = r"is inf: the inner product xᵀz overflows the float range"
    with pytest.raises(results.FloatRangeError, match=r"kernel\(X\[0\], X\[0\]\) " + cause):
        call(face, "kernels", "checked_kernel_matrix", arg(face, X * 1e155), Linear())
    with pytest.raises(ValueError, match=r"kernel\(X\[\d\], X\[\d\]\) " + cause):
        call(face, "smo", "smo", arg(face, X * 1e155), arg(face, Y))
    with pytest.raises(ValueError, match=r"kernel\(X\[\d\], Z\[1\]\) " + cause):
        call(face, "svm", "decision_values", arg(face, X * 1e155), arg(face, Y), arg(face, [1.0] * 5), 0.0,
             arg(face, Z * 1e155))


# ---- W3: a subclass of a named kernel is computed by its own __call__ -----------------------

class Doubled(Gaussian):
    def __call__(self, x, z):
        return 2 * super().__call__(x, z)


class Shifted(Linear):
    def __call__(self, x, z):
        return super().__call__(x, z) + 1


class Cubed(Polynomial):
    def __call__(self, x, z):
        return super().__call__(x, z) ** 3


class Plus(StringKernel):
    def __call__(self, s, t):
        return super().__call__(s, t) + 1


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("kernel,parent", [(Doubled(1.0), Gaussian(1.0)), (Shifted(), Linear()),
                                           (Cubed(1, 2), Polynomial(1, 2))], ids=["Gaussian", "Linear", "Polynomial"])
def test_a_subclass_is_computed_by_its_own_call_W3(face, kernel, parent):
    expected = np.array([[kernel(x, z) for z in X.tolist()] for x in X.tolist()])
    got = np.asarray(call(face, "kernels", "kernel_matrix", arg(face, X), kernel), dtype=float)
    assert np.allclose(got, expected, rtol=1e-13, atol=0)
    assert not np.allclose(got, np.asarray(call(face, "kernels", "kernel_matrix", arg(face, X), parent)))
    fit = call(face, "smo", "smo", arg(face, X), arg(face, Y), C=1.0, kernel=kernel)
    values = call(face, "svm", "decision_function", fit, arg(face, Z))
    by_hand = [sum(a * t * kernel(list(s), z) for a, t, s in zip(fit.support_alpha, fit.support_labels,
                                                                  fit.support_vectors)) + fit.b
               for z in Z.tolist()]
    assert np.allclose(values, by_hand, rtol=1e-12, atol=1e-12)


def test_subclass_answers_agree_between_the_faces_W3():
    for kernel in (Doubled(0.7), Shifted(), Cubed(0, 1)):
        ref = RS.smo(X.tolist(), Y.tolist(), C=1.0, kernel=kernel, record=True)
        fast = FS.smo(X, Y, C=1.0, kernel=kernel, record=True)
        assert fast.path == ref.path and np.allclose(fast.alpha, np.array(ref.alpha, dtype=float), rtol=1e-12)
    words = ["abab", "abba", "baab", "bbbb", "aaaa", "abaa"]
    assert np.array_equal(FK.kernel_matrix(words, Plus(2)), np.array(RK.kernel_matrix(words, Plus(2)), dtype=float))


# ---- kernels: feature maps and weights that overflow ----------------------------------------

FEATURES = [  # (function, arguments, error, message)
    ("power_features", (1e200, 3), results.FloatRangeError, r"φ\(x\)\[1\] is inf"),
    ("quadratic_features", ([1e200, 1.0],), results.FloatRangeError, r"φ\(x\)\[0\] is inf"),
    ("quadratic_features_c", ([1.0, 1.0], 1e308), results.FloatRangeError, r"φ\(x\)\[4\] is inf"),
    ("monomial_features", ([1e200, 1.0], 1.0, 2), results.FloatRangeError, r"φ\(x\)\[3\] is inf"),
    ("gaussian_features", (1e200, 1.0, 3), results.FloatRangeError, r"φ\(x\)\[2\] is nan"),  # 0 × inf
    ("gaussian_features", (1.0, 1e-200, 3), ValueError, r"sigma = 1e-200: 2σ² = 0.0 underflows"),
    ("gaussian_features", (1.0, 1.0, 200), ValueError, r"terms = 200: 171! is beyond the float range"),
    ("monomial_weight", ((0, 0), 1e200, 2), results.FloatRangeError,    # was a raw OverflowError
     r"the weight of \(0, 0\) is inf"),
    ("perceptron_decision", ([[1.0], [2.0]], [1, -1], [1e308, 1e308], 1e308, [[1.0]], Linear()),
     results.FloatRangeError, r"the decision value of Z\[0\] is -inf"),
]


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("name,args,error,message", FEATURES,
                         ids=[f"{n}-{i}" for i, (n, _, _, _) in enumerate(FEATURES)])
def test_feature_maps_that_overflow_are_errors(face, name, args, error, message):
    args = [arg(face, a) if isinstance(a, list) and name != "monomial_weight" else a for a in args]
    with pytest.raises(ValueError, match=message) as e:
        call(face, "kernels", name, *args)
    assert type(e.value) is error
