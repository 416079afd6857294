"""The words of every error cs229.reference.kernels raises on a caller's input, checked whole
(exception type and full message), on both faces wherever cs229.fast.kernels has the same
public function."""
from fractions import Fraction

import pytest

from cs229.reference import kernels as R


def raised(kind, call):
    """The exception ``call()`` raises, which must be exactly of type ``kind``."""
    with pytest.raises(kind) as e:
        call()
    assert type(e.value) is kind
    return e.value


# ---- the named kernels and their parameters ------------------------------------------------------

@pytest.mark.parametrize("make", [
    lambda K: K.Linear(),
    lambda K: K.Polynomial(1, 2),
    lambda K: K.Gaussian(1.0),
], ids=["linear", "polynomial", "gaussian"])
@pytest.mark.parametrize("x, z, message", [
    ([1.0, 2.0], [1.0], "x has 2 entries but z has 1"),
    ([1.0], [1.0, 2.0, 3.0], "x has 1 entries but z has 3"),
], ids=["longer_x", "longer_z"])
def test_a_named_kernel_names_both_lengths_KR_2_3_4_5_10(impl, make, x, z, message):
    kernel = make(impl.kernels)
    e = raised(ValueError, lambda: kernel(impl.arg(x), impl.arg(z)))
    assert str(e) == message


@pytest.mark.parametrize("sigma, message", [
    (1e200, "sigma = 1e+200: 2σ² = inf overflows in float arithmetic"),
    (1e-200, "sigma = 1e-200: 2σ² = 0.0 underflows to 0 in float arithmetic"),
], ids=["overflow", "underflow"])
@pytest.mark.parametrize("build", [
    lambda K, sigma: K.Gaussian(sigma),
    lambda K, sigma: K.gaussian_features(0.5, sigma, 3),
], ids=["kernel", "features"])
def test_a_sigma_whose_2_sigma_squared_leaves_the_float_range_is_refused_KR_5(impl, build, sigma, message):
    e = raised(ValueError, lambda: build(impl.kernels, sigma))
    assert str(e) == (message + ", so exp(−‖x − z‖²/(2σ²)) cannot be evaluated; rescale the data "
                      "so that sigma is nearer 1 (or give sigma as an mpmath.mpf)")


@pytest.mark.parametrize("sigma", [10 ** 200, Fraction(10 ** 200)], ids=["int", "fraction"])
def test_an_exact_sigma_beyond_the_float_range_of_float_data_is_refused_KR_5(impl, sigma):
    # 2σ² is finite in exact arithmetic, so the kernel is built; only float data meets the overflow
    kernel = impl.kernels.Gaussian(sigma)
    e = raised(ValueError, lambda: kernel(impl.arg([0.0]), impl.arg([1.0])))
    assert str(e) == (f"sigma = {sigma}: 2σ² is beyond the float range of the data; give sigma "
                      "as a float, or the data as mpmath.mpf")


@pytest.mark.parametrize("alphabet, message", [
    ("", "alphabet must be a non-empty str or None, got ''"),
    (5, "alphabet must be a non-empty str or None, got 5"),
    (["a"], "alphabet must be a non-empty str or None, got ['a']"),
], ids=["empty", "int", "list"])
def test_string_kernel_alphabet_of_the_wrong_kind_KR_8(impl, alphabet, message):
    e = raised(TypeError, lambda: impl.kernels.StringKernel(3, alphabet))
    assert str(e) == message


@pytest.mark.parametrize("alphabet", ["aba", "abcc"], ids=["inner", "last"])
def test_string_kernel_alphabet_that_repeats_a_letter_KR_8(impl, alphabet):
    e = raised(ValueError, lambda: impl.kernels.StringKernel(3, alphabet))
    assert str(e) == f"alphabet {alphabet!r} repeats a letter"


@pytest.mark.parametrize("phi, message", [
    (3, "phi must be callable, got int"),
    (None, "phi must be callable, got NoneType"),
], ids=["int", "none"])
def test_feature_map_kernel_needs_a_callable_KR_1(impl, phi, message):
    e = raised(TypeError, lambda: impl.kernels.FeatureMapKernel(phi))
    assert str(e) == message


# ---- strings ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("call, message", [
    (lambda K: K.StringKernel(2)(1, "abc"), "s must be a str, got int"),
    (lambda K: K.StringKernel(2)("abc", b"ab"), "t must be a str, got bytes"),
    (lambda K: K.spectrum_features(5, 2), "s must be a str, got int"),
    (lambda K: K.kernel_matrix(["ab", 3], K.StringKernel(1)), "X[1] must be a str, got int"),
    (lambda K: K.kernel_matrix(["ab"], K.StringKernel(1), Z=[b"ab"]), "Z[0] must be a str, got bytes"),
    (lambda K: K.as_points(["ab", 3], K.StringKernel(1), "W"), "W[1] must be a str, got int"),
], ids=["kernel_s", "kernel_t", "spectrum", "matrix_X", "matrix_Z", "as_points"])
def test_a_string_kernel_point_that_is_not_a_str_KR_6_8(impl, call, message):
    e = raised(TypeError, lambda: call(impl.kernels))
    assert str(e) == message


@pytest.mark.parametrize("call, message", [
    (lambda K: K.StringKernel(2, "ab")("abc", "ab"), "s[2] is 'c', which is not in the alphabet 'ab'"),
    (lambda K: K.StringKernel(2, "ab")("ab", "xb"), "t[0] is 'x', which is not in the alphabet 'ab'"),
    (lambda K: K.kernel_matrix(["ab", "ac"], K.StringKernel(2, "ab")),
     "X[1][1] is 'c', which is not in the alphabet 'ab'"),
    (lambda K: K.kernel_matrix(["ab"], K.StringKernel(2, "ab"), Z=["xb"]),
     "Z[0][0] is 'x', which is not in the alphabet 'ab'"),
    (lambda K: K.as_points(["ab", "xb"], K.StringKernel(1, "ab"), "W"),
     "W[1][0] is 'x', which is not in the alphabet 'ab'"),
], ids=["kernel_s", "kernel_t", "matrix_X", "matrix_Z", "as_points"])
def test_a_letter_outside_the_alphabet_is_named_KR_6_8(impl, call, message):
    e = raised(ValueError, lambda: call(impl.kernels))
    assert str(e) == message


# ---- feature maps ----------------------------------------------------------------------------------

@pytest.mark.parametrize("call", [
    lambda K, x: K.power_features(x),
    lambda K, x: K.gaussian_features(x, 1.0, 3),
], ids=["power", "gaussian"])
@pytest.mark.parametrize("x", [[1.0, 2.0], [1.0, 2.0, 3.0]], ids=["two", "three"])
def test_a_one_attribute_map_refuses_a_longer_vector_KR_1_5(impl, call, x):
    e = raised(ValueError, lambda: call(impl.kernels, impl.arg(x)))
    assert str(e) == f"x must be one attribute (a number or a 1-entry vector), got {len(x)} entries"


@pytest.mark.parametrize("alpha, shown", [
    ((1, -1), "(1, -1)"),
    ((1.5,), "(1.5,)"),
    ((True,), "(True,)"),
], ids=["negative", "float", "bool"])
def test_monomial_weight_refuses_exponents_that_are_not_counts_KR_4(impl, alpha, shown):
    e = raised(ValueError, lambda: impl.kernels.monomial_weight(alpha, 1.0, 2))
    assert str(e) == f"alpha must hold non-negative integers, got {shown}"


@pytest.mark.parametrize("alpha, d, message", [
    ((2, 1), 2, "alpha has degree 3 > d = 2"),
    ([3], 1, "alpha has degree 3 > d = 1"),
], ids=["tuple", "list"])
def test_monomial_weight_refuses_a_degree_above_d_KR_4(impl, alpha, d, message):
    e = raised(ValueError, lambda: impl.kernels.monomial_weight(alpha, 1.0, d))
    assert str(e) == message


@pytest.mark.parametrize("terms", [172, 200], ids=["first_too_many", "far_too_many"])
def test_gaussian_features_past_171_terms_KR_5(impl, terms):
    # 171! > 1.8e308, the largest float, is the first factorial that does not fit
    e = raised(ValueError, lambda: impl.kernels.gaussian_features(0.5, 1.0, terms))
    assert str(e) == (f"terms = {terms}: 171! is beyond the float range; ask for at most 171 "
                      "terms, or give x as an mpmath.mpf")


# ---- the kernel argument and its values ------------------------------------------------------------

@pytest.mark.parametrize("call, message", [
    (lambda K, a: K.kernel_matrix(a([[1.0]]), 3), "kernel must be a callable K(x, z), got int"),
    (lambda K, a: K.checked_kernel_matrix(a([[1.0]]), 2.0), "kernel must be a callable K(x, z), got float"),
    (lambda K, a: K.kernel_perceptron(a([[1.0]]), a([1.0]), None),
     "kernel must be a callable K(x, z), got NoneType"),
    (lambda K, a: K.perceptron_decision(a([[1.0]]), a([1.0]), a([1.0]), 0.0, a([[1.0]]), "rbf"),
     "kernel must be a callable K(x, z), got str"),
], ids=["kernel_matrix", "checked_kernel_matrix", "kernel_perceptron", "perceptron_decision"])
def test_a_kernel_that_is_not_callable_KR_6_7_9(impl, call, message):
    e = raised(TypeError, lambda: call(impl.kernels, impl.arg))
    assert str(e) == message


def test_as_kernel_names_the_argument_KR_6():
    e = raised(TypeError, lambda: R.as_kernel(3, "k"))
    assert str(e) == "k must be a callable K(x, z), got int"


@pytest.mark.parametrize("call, message", [
    (lambda K, a: K.kernel_matrix(a([[1.0]]), lambda x, z: "a"),
     "kernel(X[0], X[0]) is 'a': a kernel must return real numbers"),
    (lambda K, a: K.kernel_matrix(a([[1.0]]), lambda x, z: None, Z=a([[2.0]])),
     "kernel(X[0], Z[0]) is None: a kernel must return real numbers"),
    (lambda K, a: K.kernel_matrix(a([[1.0]]), lambda x, z: 1j),
     "kernel(X[0], X[0]) is 1j: a kernel must return real numbers"),
    (lambda K, a: K.kernel_matrix(a([[1.0]]), lambda x, z: True),
     "kernel(X[0], X[0]) is True: a kernel must return real numbers"),
    (lambda K, a: K.checked_kernel_matrix(a([[1.0], [2.0]]), lambda x, z: [1.0]),
     "kernel(X[0], X[0]) is [1.0]: a kernel must return real numbers"),
    # only the terms with αⱼ ≠ 0 are evaluated, so the first bad value is at X[1]
    (lambda K, a: K.perceptron_decision(a([[1.0], [2.0]]), a([1.0, -1.0]), a([0.0, 1.0]), 0.0,
                                        a([[1.0]]), lambda x, z: "a"),
     "kernel(X[1], Z[0]) is 'a': a kernel must return real numbers"),
], ids=["str", "none_with_Z", "complex", "bool", "list", "decision"])
def test_a_kernel_value_that_is_not_a_real_number_KR_6_7_9(impl, call, message):
    e = raised(TypeError, lambda: call(impl.kernels, impl.arg))
    assert str(e) == message


def test_checked_value_names_the_pair_it_is_given_KR_6():
    e = raised(TypeError, lambda: R.checked_value("a", R.Linear(), "P", 2, "Q", 5))
    assert str(e) == "kernel(P[2], Q[5]) is 'a': a kernel must return real numbers"


@pytest.mark.parametrize("X, message", [
    # K(x, z) = x₁ makes Kᵢⱼ the first entry of row i, unequal to Kⱼᵢ where those entries differ
    ([[0.0], [1.0]], "(K[1][0] != K[0][1])"),
    ([[0.0], [0.0], [1.0]], "(K[2][0] != K[0][2])"),
], ids=["2_points", "3_points"])
@pytest.mark.parametrize("call", [
    lambda K, X, kernel: K.checked_kernel_matrix(X, kernel),
    lambda K, X, kernel: K.kernel_perceptron(X, [1.0] * len(X), kernel),
], ids=["checked_kernel_matrix", "kernel_perceptron"])
def test_an_asymmetric_kernel_is_not_a_mercer_kernel_KR_6_7_9(impl, call, X, message):
    e = raised(impl.kernels.InvalidKernelError, lambda: call(impl.kernels, impl.arg(X), lambda x, z: x[0]))
    assert str(e) == ("kernel is not a valid (Mercer) kernel on X: invalid: the kernel matrix is not "
                      "symmetric " + message)


@pytest.mark.parametrize("call", [
    lambda K, X, kernel: K.checked_kernel_matrix(X, kernel),
    lambda K, X, kernel: K.kernel_perceptron(X, [1.0] * len(X), kernel),
], ids=["checked_kernel_matrix", "kernel_perceptron"])
def test_an_indefinite_kernel_is_not_a_mercer_kernel_KR_6_7_9(impl, call):
    """K = [[−1]]: z = (1) gives zᵀKz = −1, written as numbers in both faces (not as numpy's
    np.float64(1.0))."""
    e = raised(impl.kernels.InvalidKernelError, lambda: call(impl.kernels, impl.arg([[1.0]]), lambda x, z: -1.0))
    assert str(e) == "kernel is not a valid (Mercer) kernel on X: invalid: zᵀKz = -1.0 < 0 for z = [1.0]"


@pytest.mark.parametrize("sigma", [10 ** 200, Fraction(10 ** 200)], ids=["int", "fraction"])
def test_a_kernel_matrix_of_float_data_refuses_an_exact_sigma_beyond_floats_KR_5(impl, sigma):
    e = raised(ValueError, lambda: impl.kernels.kernel_matrix(impl.arg([[0.0], [1.0]]), impl.kernels.Gaussian(sigma)))
    assert str(e) == (f"sigma = {sigma}: 2σ² is beyond the float range of the data; give sigma "
                      "as a float, or the data as mpmath.mpf")


# ---- the kernel perceptron -------------------------------------------------------------------------

@pytest.mark.parametrize("X, y, max_epochs", [
    # α = 0, b = 0 give g(0) = 1, so a -1 example is a mistake in the first epoch
    ([[1.0]], [-1.0], 1),
    # one point with both labels can never be separated
    ([[1.0], [1.0]], [1.0, -1.0], 3),
], ids=["first_epoch", "same_point_both_labels"])
def test_the_kernel_perceptron_reports_its_epoch_cap_KR_9(impl, X, y, max_epochs):
    e = raised(impl.kernels.ConvergenceError,
               lambda: impl.kernels.kernel_perceptron(impl.arg(X), impl.arg(y), impl.kernels.Linear(),
                                                      max_epochs=max_epochs))
    assert str(e) == (f"the kernel perceptron still made mistakes in epoch {max_epochs} (max_epochs): "
                      "the data may not be separable in this kernel's feature space")
