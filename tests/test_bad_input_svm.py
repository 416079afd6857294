"""Bad input for every entry point of cs229.fast.svm, cs229.fast.smo and
cs229.fast.coordinate_ascent (and their reference twins): errors naming the argument, the
caller's arrays untouched, every dtype and layout accepted; and the SVM's own failure modes
(labels, C, σ/γ, inseparable hard margin, the iteration cap, kernel values that are not finite)."""
import math

import numpy as np
import pytest

import cs229.fast.coordinate_ascent as FC
import cs229.fast.smo as FS
import cs229.fast.svm as F
import cs229.reference.coordinate_ascent as RC
import cs229.reference.smo as RS
import cs229.reference.svm as R
from cs229.reference.kernels import Gaussian, Polynomial
from cs229.reference.results import ConvergenceError

from bad_input import Table, install

X = np.array([[0.0, 1.0], [1.0, 0.5], [2.0, 2.5], [3.0, 1.0], [0.5, 3.0]])
Y = np.array([-1.0, -1.0, 1.0, 1.0, 1.0])
A = np.array([0.5, 0.25, 0.25, 0.25, 0.25])
W = np.array([0.5, 0.25])
Z = np.array([[0.0, 0.0], [1.0, 2.0]])
Q = np.array([[2.0, 0.5], [0.5, 1.0]])
QC = np.array([1.0, -1.0])

VALID = {  # (module name, function) -> valid keyword arguments
    ("svm", "as_labels"): dict(y=Y),
    ("svm", "as_problem"): dict(X=X, y=Y),
    ("svm", "as_C"): dict(C=1.0),
    ("svm", "dual_objective"): dict(alpha=A, X=X, y=Y),
    ("svm", "lagrangian"): dict(w=W, b=0.5, alpha=A, X=X, y=Y),
    ("svm", "weights_from_alpha"): dict(alpha=A, X=X, y=Y),
    ("svm", "threshold_hard"): dict(alpha=A, X=X, y=Y),
    ("svm", "threshold_soft"): dict(alpha=A, X=X, y=Y, C=1.0),
    ("svm", "decision_values"): dict(alpha=A, b=0.5, X=X, y=Y, Z=Z),
    ("svm", "slacks"): dict(w=W, b=0.5, X=X, y=Y),
    ("svm", "soft_margin_primal"): dict(w=W, b=0.5, xi=np.array([5.0] * 5), X=X, y=Y, C=1.0),
    ("svm", "hinge_objective"): dict(w=W, b=0.5, X=X, y=Y, C=1.0),
    ("svm", "soft_margin_lagrangian"): dict(w=W, b=0.5, xi=A, alpha=A, r=A, X=X, y=Y, C=1.0),
    ("svm", "kkt_violations"): dict(alpha=A, b=0.5, X=X, y=Y, C=1.0),
    ("svm", "kkt_categories"): dict(alpha=A, C=1.0),
    ("smo", "two_variable_step"): dict(alpha=A, X=X, y=Y, i=0, j=2, C=1.0),
    ("smo", "kkt_gap"): dict(alpha=A, X=X, y=Y, C=1.0),
    ("smo", "smo"): dict(X=X, y=Y, C=1.0),
    ("coordinate_ascent", "quadratic_objective"): dict(Q=Q, c=QC, alpha=QC),
    ("coordinate_ascent", "quadratic_gradient"): dict(Q=Q, c=QC, alpha=QC),
    ("coordinate_ascent", "coordinate_argmax"): dict(Q=Q, c=QC, alpha=QC, i=1),
    ("coordinate_ascent", "coordinate_ascent"): dict(Q=Q, c=QC, alpha=QC),
}
TABLE = Table({"svm": F, "smo": FS, "coordinate_ascent": FC}, {"svm": R, "smo": RS, "coordinate_ascent": RC},
              VALID, parameters={
    ("svm", "threshold_soft"): [("C", 0.0), ("C", -1.0)],
    ("svm", "as_C"): [("C", 0.0), ("C", -1.0), ("C", "large", TypeError)],
    ("svm", "hinge_objective"): [("C", 0.0)],
    ("svm", "soft_margin_primal"): [("C", -2.0)],
    ("svm", "kkt_violations"): [("C", 0.0)],
    ("smo", "smo"): [("C", 0.0), ("C", -1.0), ("tol", -1e-3), ("max_iterations", 0), ("rule", "fastest"),
                     ("max_iterations", 2.5, TypeError), ("seed", 1.5, TypeError), ("kernel", "rbf", TypeError),
                     ("C", "large", TypeError), ("shrinking", 1, TypeError), ("shrinking", "no", TypeError),
                     ("cache_size", 0.0), ("cache_size", -200.0), ("cache_size", math.nan),
                     ("cache_size", "200MB", TypeError),
                     ("y", np.array([0.0, 0, 1, 1, 1]), ValueError, r"y\[0\] is .*labels must be -1 or 1"),
                     ("y", np.array([-1.0, -1, 1, 2, 1]), ValueError, r"y\[3\] is .*labels must be -1 or 1"),
                     ("y", np.ones(5), ValueError, "y has only one class"),
                     ("y", ["a", -1, 1, 1, 1], ValueError, r"y.*labels must be -1 or 1")],
    ("smo", "two_variable_step"): [("C", 0.0), ("i", 7), ("j", -1)],
    ("smo", "kkt_gap"): [("C", -0.5)],
    ("coordinate_ascent", "coordinate_ascent"): [("max_iterations", 0), ("tol", -1.0), ("order", "random")],
    ("coordinate_ascent", "coordinate_argmax"): [("i", 5)],
}, messages={("non_finite", "y"): r"y\[4\] is .*labels must be -1 or 1"},  # refused as a label
    exempt={"non_numeric": {"y"}},  # a ValueError of the label set: parameters above
    keep_values=True,  # rounding alpha or X to integers can leave the SVM's domain
    others={("svm", "decision_function"), ("svm", "predict"),  # test_model_functions_refuse_other_objects
            ("svm", "FloatRangeError"),
            ("svm", "NotSeparableError"), ("svm", "SVMFit"), ("smo", "ConvergenceError"), ("smo", "NotSeparableError"),
            ("smo", "SVMFit"), ("smo", "SplitMix64"), ("coordinate_ascent", "ConvergenceError"),
            ("coordinate_ascent", "IterativeResult")})
install(TABLE, globals())
FACES = TABLE.faces


# ---- labels ----------------------------------------------------------------------------------

@pytest.mark.parametrize("face", FACES)
def test_two_other_labels_are_mapped_only_when_asked(face):
    fit = TABLE.call(face, ("smo", "smo"), y=np.array(["ham", "ham", "spam", "spam", "spam"]),
                          classes=("ham", "spam"))
    assert fit.classes == ("ham", "spam")
    with pytest.raises(ValueError, match="neither class"):
        TABLE.call(face, ("smo", "smo"), y=np.array(["ham", "ham", "spam", "eggs", "spam"]),
                   classes=("ham", "spam"))
    with pytest.raises(ValueError, match="pair"):
        TABLE.call(face, ("smo", "smo"), classes=(1,))


# ---- kernels: σ and γ, values that are not finite, custom callables ---------------------------

@pytest.mark.parametrize("bad", [0, -1.0])
def test_sigma_and_gamma_must_be_positive(bad):
    with pytest.raises(ValueError, match="sigma"):
        Gaussian(bad)
    with pytest.raises(ValueError, match="gamma"):
        Gaussian.from_gamma(bad)


@pytest.mark.parametrize("face", FACES)
def test_kernel_values_that_are_not_finite_are_refused(face):
    def broken(x, z):
        return math.nan if x[0] == 3.0 else sum(a * b for a, b in zip(x, z))
    with pytest.raises(ValueError, match="finite"):
        TABLE.call(face, ("smo", "smo"), kernel=broken)
    with pytest.raises(ValueError, match=r"kernel\(X\[0\], X\[0\]\) is inf: .* overflows"):
        TABLE.call(face, ("smo", "smo"), X=X * 1e200, kernel=Polynomial(1, 3))


def test_custom_kernel_is_evaluated_in_python_with_the_reference_answer():
    def quadratic(x, z):
        return (1 + sum(a * b for a, b in zip(x, z))) ** 2
    ref = RS.smo(X.tolist(), Y.tolist(), C=1.0, kernel=quadratic, record=True)
    fast = FS.smo(X, Y, C=1.0, kernel=quadratic, record=True, shrinking=False)
    assert fast.path == ref.path and np.array_equal(fast.alpha, ref.alpha)


# ---- failure modes of the algorithm -----------------------------------------------------------

@pytest.mark.parametrize("face", FACES)
def test_hard_margin_on_inseparable_data_is_an_error(face):
    Xi = np.array([[0.0, 0.0], [2.0, 0.0], [1.0, 0.0], [5.0, 5.0]])
    Yi = np.array([1.0, 1.0, -1.0, -1.0])
    with pytest.raises(RS.NotSeparableError, match="inseparable"):
        TABLE.call(face, ("smo", "smo"), X=Xi, y=Yi, C=None, max_iterations=500)
    Xd = np.array([[0.0, 0.0], [1.0, 1.0], [1.0, 1.0]])
    with pytest.raises(RS.NotSeparableError, match="unbounded"):
        TABLE.call(face, ("smo", "smo"), X=Xd, y=np.array([-1.0, 1.0, -1.0]), C=None)


@pytest.mark.parametrize("face", FACES)
def test_cap_is_an_error_with_the_remaining_gap(face):
    with pytest.raises(ConvergenceError, match="remaining KKT gap is"):
        TABLE.call(face, ("smo", "smo"), max_iterations=1, tol=0.0)


@pytest.mark.parametrize("face", FACES)
def test_model_functions_refuse_other_objects(face):
    with pytest.raises(TypeError, match="model"):
        FACES[face]["svm"].decision_function({"alpha": A}, Z)
    fit = TABLE.call(face, ("smo", "smo"))
    with pytest.raises(ValueError, match="Z"):
        FACES[face]["svm"].predict(fit, np.ones((2, 3)))
