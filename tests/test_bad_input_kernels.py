"""Bad input for every entry point of cs229.fast.kernels (and its reference twin): a
ValueError/TypeError naming the argument, invalid kernel parameters and invalid kernels refused
(with the witness), NaN kernel values refused, the caller's arrays untouched, and every real
dtype and layout accepted (tests/bad_input.py)."""
import numpy as np
import pytest
import scipy.sparse

import cs229.fast.kernels as F
import cs229.reference.kernels as R
from cs229.reference.results import ConvergenceError

from bad_input import Table, install

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
