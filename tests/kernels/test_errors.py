"""Part V §7, kernels (KR-1 … KR-10): what both faces refuse and how: the exact type and text of
every error, and the bad-input treatment of every entry point (tests/bad_input.py)."""
from fractions import Fraction

import numpy as np
import pytest
import scipy.sparse

import cs229.fast.kernels as F
import cs229.reference.kernels as R
from cs229.reference import kernels as R
from cs229.reference.results import ConvergenceError

from tests.bad_input import Table, install
from tests.bad_pairs import two_bad_arguments


# ---- KR-7: Mercer's test ------------------------------------------------------------------------

def test_mercer_asymmetric_and_004_invalid_kernel_KR_7(impl):
    result = impl.kernels.mercer_test(impl.arg([[1.0, 2.0], [0.0, 1.0]]))
    assert not result.valid and not result.symmetric and result.pair == (1, 0)
    minus_one = lambda x, z: -1.0  # noqa: E731  (004: K(x, x) = −1 is no kernel)
    with pytest.raises(R.InvalidKernelError, match="zᵀKz") as e:
        impl.kernels.checked_kernel_matrix(impl.arg([[1.0], [2.0]]), minus_one)
    assert e.value.value < 0 and len(e.value.witness) == 2


def test_a_custom_kernel_that_is_not_psd_is_refused_with_its_witness_KR_7(impl):
    X = impl.arg([[0.0], [1.0], [2.0]])
    distance = lambda x, z: float(abs(x[0] - z[0]))  # noqa: E731  (|x − z| is not PSD)
    with pytest.raises(R.InvalidKernelError) as e:
        impl.kernels.kernel_perceptron(X, [1, -1, 1], distance)
    K = np.abs(np.subtract.outer([0.0, 1.0, 2.0], [0.0, 1.0, 2.0]))
    z = np.asarray(e.value.witness, dtype=float)
    assert z @ K @ z < 0


# ---- KR-9: the kernel perceptron ----------------------------------------------------------------

def test_a_custom_kernel_perceptron_past_cache_size_is_refused_with_the_memory_it_needs_KR_9():
    """Mercer's test reads the whole m×m matrix (and works on copies): 400 examples need 5 MB."""
    X = np.random.default_rng(1).standard_normal((400, 2))
    y = np.where(X[:, 0] > 0, 1.0, -1.0)

    def dot(x, z):
        return x[0] * z[0] + x[1] * z[1]
    with pytest.raises(MemoryError, match=r"on 400 examples needs 5 MB: a custom kernel is first put to "
                                          r"Mercer's test on the whole 400×400 kernel matrix, more than "
                                          r"cache_size = 1 MB"):
        F.kernel_perceptron(X, y, dot, 5, cache_size=1)
    with pytest.raises(MemoryError, match=r"needs 1 MB: the string kernel's values"):
        F.kernel_perceptron(["ab" * k for k in range(1, 401)], y, R.StringKernel(2), 5, cache_size=0.5)
    for face in (R, F):
        with pytest.raises(ValueError, match="cache_size must be > 0"):
            face.kernel_perceptron(X[:3].tolist(), y[:3].tolist(), R.Linear(), 5, cache_size=0)


@pytest.mark.parametrize("args", [((0.0,), -1e-300, 0.0), ((1,), -1.0, "2"), ((-1,), -1.0, 2), ((1,), 0.5, -1),
                                  ((3,), 1.0, 2), ((1,), float("nan"), 2.5)])
def test_monomial_weight_checks_its_arguments_in_one_order_in_both_faces_KR_4(args):
    """Bad d and bad c together: both faces name d first (the fast face once checked c first,
    a ValueError where the reference raised a TypeError); then c, then alpha."""
    with pytest.raises((TypeError, ValueError)) as r:
        R.monomial_weight(*args)
    with pytest.raises((TypeError, ValueError)) as f:
        F.monomial_weight(*args)
    assert (type(r.value), str(r.value)) == (type(f.value), str(f.value))


# ==================================================================================================
# Bad input for every entry point of cs229.fast.kernels (and its reference twin): a
# ValueError/TypeError naming the argument, invalid kernel parameters and invalid kernels refused
# (with the witness), NaN kernel values refused, the caller's arrays untouched, and every real
# dtype and layout accepted (tests/bad_input.py).


X = np.array([[1.0, 2.0], [0.0, 3.0], [2.0, -1.0], [4.0, 1.0], [-1.0, -2.0]])
Z = np.array([[0.5, 0.5], [1.0, -3.0]])
Y = np.array([1.0, -1.0, 1.0, -1.0, 1.0])
A = np.array([1.0, 0.0, 2.0, 1.0, 0.0])
V = np.array([0.5, -1.5, 2.0])
KPSD = np.array([[2.0, 1.0, 0.0], [1.0, 2.0, 1.0], [0.0, 1.0, 2.0]])

TABLE = Table(F, R, valid={
    "linear_features": dict(x=V),
    "quadratic_features": dict(x=V),
    "quadratic_features_c": dict(x=V, c=1.5),
    "monomial_features": dict(x=V, c=1.0, d=3),
    "power_features": dict(x=1.5, degree=3),
    "gaussian_features": dict(x=0.5, sigma=1.0, terms=5),
    "kernel_matrix": dict(X=X, kernel=R.Gaussian(1.0), Z=Z),
    "mercer_test": dict(K=KPSD),
    "checked_kernel_matrix": dict(X=X, kernel=R.Polynomial(1, 2)),
    "kernel_perceptron": dict(X=X, y=Y, kernel=R.Gaussian(1.0), max_epochs=50),
    "perceptron_decision": dict(X=X, y=Y, alpha=A, b=1.0, kernel=R.Gaussian(1.0), Z=Z),
    "monomials": dict(n=2, d=3),
    "monomial_weight": dict(alpha=(1, 0), c=1.0, d=2),
    "spectrum_features": dict(s="abcab", k=2),
    "spectrum_dimension": dict(alphabet_size=26, k=4),
}, parameters={
    "quadratic_features_c": [("c", -1.0)],
    "monomial_features": [("c", -1.0), ("d", 0), ("d", 2.5, TypeError)],
    "power_features": [("degree", 0), ("x", [1.0, 2.0], ValueError, "x must be one attribute")],
    "gaussian_features": [("sigma", 0.0), ("sigma", -1.0), ("terms", 0)],
    "kernel_matrix": [("Z", np.ones((2, 3)), ValueError, "Z has 3 columns but X has 2"),
                      ("kernel", lambda x, z: float("nan"), ValueError, r"kernel\(X\[0\], Z\[0\]\) is nan"),
                      ("kernel", lambda x, z: "near", TypeError, r"kernel\(X\[0\], Z\[0\]\)"),
                      ("kernel", 3.0, TypeError, "kernel must be a callable")],
    "kernel_perceptron": [("max_epochs", 0), ("max_epochs", 1.5, TypeError),
                          ("y", np.array([0.0, 1.0, 0.0, 1.0, 0.0]), ValueError, r"y\[0\] is 0"),
                          ("y", ["a", "b", "a", "b", "a"], ValueError, "y"),
                          ("order", [0, 1, 2, 3, 3], ValueError, "order must be a permutation")],
    "perceptron_decision": [("alpha", A[:4], ValueError, "alpha has 4 entries|alpha has 4"),
                            ("y", np.array([1.0, -1.0, 1.0, -1.0, 3.0]), ValueError, r"y\[4\] is 3")],
    "mercer_test": [("tol", -1.0), ("K", np.ones((2, 3)), ValueError, "K must be square")],
    "monomials": [("n", 0), ("d", 0)],
    "monomial_weight": [("d", 0), ("c", -2.0)],
    "spectrum_features": [("k", 0), ("s", 5, TypeError)],
    "spectrum_dimension": [("k", 0), ("alphabet_size", 0)],
}, lengths={n: "X has 5 rows but y has 4 entries" for n in ("kernel_perceptron", "perceptron_decision")},
    exempt={"non_numeric": {"y"},  # refused as a label, a ValueError: parameters above
            "none": {("perceptron_decision", "Z")}},  # known defect (issue 12): fast reads Z=None as Z=X
    messages={("non_finite", "y"): r"y\[4\] is .*labels must be -1 or 1"},  # refused as a label
    others={"Linear", "Polynomial", "Gaussian", "StringKernel", "FeatureMapKernel", "MercerResult",
               "InvalidKernelError", "IterativeResult", "KernelPerceptronResult", "ConvergenceError"})
install(TABLE, globals())
FACES = TABLE.faces


@pytest.mark.parametrize("make,arg", [
    (lambda: R.Gaussian(0), "sigma"), (lambda: R.Gaussian(-1.0), "sigma"), (lambda: R.Gaussian(float("nan")), "sigma"),
    (lambda: R.Gaussian.from_gamma(0), "gamma"), (lambda: R.Gaussian.from_gamma(-2.0), "gamma"),
    (lambda: R.Polynomial(-1, 2), "c"), (lambda: R.Polynomial(1, 0), "d"),
    (lambda: R.StringKernel(0), "k"), (lambda: R.StringKernel(2, alphabet="aa"), "alphabet"),
])
def test_invalid_kernel_parameters_are_refused_KR_5(make, arg):
    with pytest.raises((ValueError, TypeError), match=arg):
        make()


@pytest.mark.parametrize("face", FACES)
def test_an_invalid_kernel_is_refused_with_its_witness(face):
    with pytest.raises(R.InvalidKernelError) as e:
        TABLE.call(face, "checked_kernel_matrix", kernel=lambda x, z: -float(np.dot(x, z)))
    z = np.asarray(e.value.witness, dtype=float)
    K = -X @ X.T
    assert z @ K @ z < 0 and e.value.value < 0
    with pytest.raises(R.InvalidKernelError, match="not symmetric"):
        TABLE.call(face, "checked_kernel_matrix", kernel=lambda x, z: float(x[0] - 2 * z[0]))


@pytest.mark.parametrize("face", FACES)
def test_strings_are_checked(face):
    with pytest.raises(TypeError, match=r"X\[1\]"):
        FACES[face].kernel_matrix(["ab", 3], R.StringKernel(2))
    with pytest.raises(ValueError, match="X is empty"):
        FACES[face].kernel_matrix([], R.StringKernel(2))
    with pytest.raises(TypeError, match="sequence of strings"):
        FACES[face].kernel_matrix("abc", R.StringKernel(2))


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("sparse", [scipy.sparse.csr_matrix, scipy.sparse.coo_array], ids=["csr_matrix", "coo_array"])
def test_sparse_strings_are_refused_with_the_conversion(face, sparse):
    value = sparse(np.array([[1.0, 0.0], [0.0, 1.0]]))
    with pytest.raises(TypeError) as e:
        FACES[face].kernel_matrix(value, R.StringKernel(2))
    assert str(e.value) == (f"X is a scipy.sparse {type(value).__name__}: this function takes a dense array; "
                            "pass X.toarray()")


@pytest.mark.parametrize("kernel", [R.Linear(), R.Polynomial(1, 2), R.Gaussian(1.0)], ids=lambda k: type(k).__name__)
@pytest.mark.parametrize("sparse", [scipy.sparse.csr_matrix, scipy.sparse.coo_array], ids=["csr_matrix", "coo_array"])
def test_a_kernel_refuses_a_sparse_point_with_the_conversion(kernel, sparse):
    """K(x, z) reads its points as every array input is read (the kernels are the same objects
    in both faces)."""
    dense, value = V.tolist(), sparse(V)
    for x, z, name in ((value, dense, "x"), (dense, value, "z")):
        with pytest.raises(TypeError) as e:
            kernel(x, z)
        assert str(e.value) == (f"{name} is a scipy.sparse {type(value).__name__}: this function takes a "
                                f"dense array; pass {name}.toarray()")
    with pytest.raises(TypeError, match="x must be a vector"):
        kernel(1.5, dense)
    assert kernel(dense, dense) == kernel(V, V)  # dense points as before, as lists or arrays


@pytest.mark.parametrize("face", FACES)
def test_the_iteration_cap_reports(face):
    Xs = np.array([[0.0], [1.0], [2.0]])
    with pytest.raises(ConvergenceError, match="max_epochs") as e:
        FACES[face].kernel_perceptron(Xs if face == "fast" else Xs.tolist(), [1, -1, 1], R.Linear(), 3)
    assert e.value.result.iterations == 3 and e.value.result.converged is False


# ==================================================================================================
# The words of every error cs229.reference.kernels raises on a caller's input, checked whole
# (exception type and full message), on both faces wherever cs229.fast.kernels has the same
# public function.


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


# ---- two bad arguments: both faces name the same one first ------------------------------------

# the perceptron's two wait: the reference's margins.signed_labels reads a 2-D y as a bad label
# before its dimension
test_two_bad_arguments_get_the_same_error_in_both_faces = two_bad_arguments(
    TABLE, leave_out=("perceptron_decision", "kernel_perceptron"))
