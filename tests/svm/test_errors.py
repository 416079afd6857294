"""Part V §6 and §8, the SVM's dual and the soft margin (OMC-3 … OMC-5, SOFT-1, SOFT-2): what both
faces refuse and how: the exact type and text of every error, and the bad-input treatment of every
entry point (tests/bad_input.py)."""
import math

import numpy as np
import pytest

import cs229.fast.coordinate_ascent as FC
import cs229.fast.smo as FS
import cs229.fast.svm as F
import cs229.reference.coordinate_ascent as RC
import cs229.reference.smo as RS
import cs229.reference.svm as R
from cs229.reference.kernels import Gaussian, Linear, Polynomial
from cs229.reference.results import ConvergenceError
from cs229.reference.svm import SVMFit

from tests.bad_input import Table, bad_weights, install


# ---- the identities ---------------------------------------------------------------------------

def test_infeasible_primal_point_is_refused_SOFT_1(impl):
    with pytest.raises(ValueError, match="violates"):
        impl.svm.soft_margin_primal(impl.arg([[0.5], [1.0]]), impl.arg([1, -1]), impl.arg([1.0]), 0.0, impl.arg([0.0, 0.0]), 1.0)


# ==================================================================================================
# Bad input for every entry point of cs229.fast.svm, cs229.fast.smo and
# cs229.fast.coordinate_ascent (and their reference twins): errors naming the argument, the
# caller's arrays untouched, every dtype and layout accepted; and the SVM's own failure modes
# (labels, C, σ/γ, inseparable hard margin, the iteration cap, kernel values that are not finite).


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
    ("smo", "smo"): dict(X=X, y=Y, C=1.0, sample_weight=np.array([1.0, 0.5, 2.0, 1.0, 1.0])),
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
                     ("y", ["a", -1, 1, 1, 1], ValueError, r"y.*labels must be -1 or 1"),
                     *bad_weights(5),
                     # the examples of weight > 0 must hold both classes
                     ("sample_weight", np.array([0.0, 0.0, 1.0, 1.0, 1.0]), ValueError,
                      "^sample_weight: every example of weight > 0 has the label 1; a two-class model "
                      "needs both classes among them$")],
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
        TABLE.call(face, ("smo", "smo"), X=Xi, y=Yi, C=None, max_iterations=500, sample_weight=None)
    Xd = np.array([[0.0, 0.0], [1.0, 1.0], [1.0, 1.0]])
    with pytest.raises(RS.NotSeparableError, match="unbounded"):
        TABLE.call(face, ("smo", "smo"), X=Xd, y=np.array([-1.0, 1.0, -1.0]), C=None, sample_weight=None)


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


# ==================================================================================================
# The exact type and text of the errors ``svm`` raises on bad input, on both faces: labels of one
# class, hand-built fits that decision_function and predict refuse, infeasible slacks and α outside
# the box.


def _fit(impl, **changes):
    """A consistent hand-built fit (two support vectors of a 1-d problem); ``changes`` breaks one
    field at a time."""
    fields = dict(
        alpha=impl.arg([1.0, 1.0]), b=-0.5, support=[0, 1],
        support_vectors=impl.arg([[0.0], [1.0]]), support_labels=impl.arg([-1, 1]),
        support_alpha=impl.arg([1.0, 1.0]), kernel=Linear(), C=1.0, classes=(-1, 1),
        objective=1.5, iterations=1, kkt_gap=0.0, converged=True)
    fields.update(changes)
    return SVMFit(**fields)


# ---- labels ----------------------------------------------------------------------------------

@pytest.mark.parametrize("y, message", [
    ([1, 1, 1], "y has only one class (1): an SVM needs examples of both"),
    ([-1, -1], "y has only one class (-1): an SVM needs examples of both"),
], ids=["positive", "negative"])
def test_as_labels_refuses_labels_of_one_class(impl, y, message):
    with pytest.raises(ValueError) as e:
        impl.svm.as_labels(impl.arg(y))
    assert str(e.value) == message


def test_as_problem_refuses_labels_of_one_class_SOFT_2(impl):
    with pytest.raises(ValueError) as e:
        impl.svm.as_problem(impl.arg([[0.0], [1.0]]), impl.arg([1, 1]))
    assert str(e.value) == "y has only one class (1): an SVM needs examples of both"


# ---- what decision_function and predict read of a fit ---------------------------------------

@pytest.mark.parametrize("model, name", [("fit", "str"), (None, "NoneType"), ({"b": 0.0}, "dict")],
                         ids=["str", "none", "dict"])
def test_decision_function_wants_an_svmfit_OMC_5(impl, model, name):
    with pytest.raises(TypeError) as e:
        impl.svm.decision_function(model, impl.arg([[0.0]]))
    assert str(e.value) == f"model must be an SVMFit (from smo), got {name}"


@pytest.mark.parametrize("field", ["support_vectors", "support_alpha", "support_labels"],
                         ids=["vectors", "alpha", "labels"])
def test_decision_function_wants_sequences_in_the_fit_OMC_5(impl, field):
    with pytest.raises(TypeError) as e:
        impl.svm.decision_function(_fit(impl, **{field: 5}), impl.arg([[0.0]]))
    assert str(e.value) == f"model.{field} must be a sequence, got int"


def test_decision_function_refuses_alpha_without_support_vectors_OMC_5(impl):
    model = _fit(impl, support_vectors=impl.arg([]))
    with pytest.raises(ValueError) as e:
        impl.svm.decision_function(model, impl.arg([[0.0]]))
    assert str(e.value) == "model.support_alpha has entries but model.support_vectors has none"


def test_decision_function_refuses_labels_without_support_vectors_OMC_5(impl):
    # support_alpha is emptied too: it is checked first and would be the one named
    model = _fit(impl, support_vectors=impl.arg([]), support_alpha=impl.arg([]))
    with pytest.raises(ValueError) as e:
        impl.svm.decision_function(model, impl.arg([[0.0]]))
    assert str(e.value) == "model.support_labels has entries but model.support_vectors has none"


@pytest.mark.parametrize("field, value", [("support_alpha", [1.0]), ("support_labels", [1])],
                         ids=["alpha", "labels"])
def test_decision_function_wants_one_entry_per_support_vector_OMC_5(impl, field, value):
    model = _fit(impl, **{field: impl.arg(value)})
    with pytest.raises(ValueError) as e:
        impl.svm.decision_function(model, impl.arg([[0.0]]))
    assert str(e.value) == f"model.{field} has 1 entries but model.support_vectors has 2 rows"


@pytest.mark.parametrize("classes, shown", [("ab", "'ab'"), (3, "3"), (None, "None")],
                         ids=["str", "int", "none"])
def test_predict_wants_classes_as_a_pair_OMC_5(impl, classes, shown):
    with pytest.raises(TypeError) as e:
        impl.svm.predict(_fit(impl, classes=classes), impl.arg([[0.0]]))
    assert str(e.value) == f"model.classes must be a pair (negative, positive), got {shown}"


@pytest.mark.parametrize("classes, shown", [((1, 2, 3), "(1, 2, 3)"), ((1, 1), "(1, 1)"),
                                            ((0,), "(0,)")],
                         ids=["three", "same", "one"])
def test_predict_wants_two_distinct_classes_OMC_5(impl, classes, shown):
    with pytest.raises(ValueError) as e:
        impl.svm.predict(_fit(impl, classes=classes), impl.arg([[0.0]]))
    assert str(e.value) == f"model.classes must be a pair of two distinct labels, got {shown}"


# ---- SOFT-1: the primal at a point that is not feasible --------------------------------------

@pytest.mark.parametrize("xi, message", [
    ([0.5, -0.5], "xi[1] is -0.5: slacks must be >= 0"),
    ([-0.25, -0.5], "xi[0] is -0.25: slacks must be >= 0"),
], ids=["second", "first"])
def test_soft_margin_primal_refuses_negative_slacks_SOFT_1(impl, xi, message):
    X, y = impl.arg([[0.0], [2.0]]), impl.arg([-1, 1])
    with pytest.raises(ValueError) as e:
        impl.svm.soft_margin_primal(X, y, impl.arg([1.0]), -1.0, impl.arg(xi), 1.0)
    assert str(e.value) == message


@pytest.mark.parametrize("w, b, index", [([0.5], -1.0, 1), ([1.0], 0.0, 0)], ids=["second", "first"])
def test_soft_margin_primal_names_the_example_that_breaks_its_margin_SOFT_1(impl, w, b, index):
    # with ξ = 0 the constraint is y(wᵀx + b) >= 1: w = 0.5, b = −1 gives the margins (1, 0),
    # w = 1, b = 0 gives (0, 2)
    X, y = impl.arg([[0.0], [2.0]]), impl.arg([-1, 1])
    with pytest.raises(ValueError) as e:
        impl.svm.soft_margin_primal(X, y, impl.arg(w), b, impl.arg([0.0, 0.0]), 1.0)
    assert str(e.value) == f"example {index} violates y(wᵀx + b) >= 1 − ξ"


# ---- SOFT-2: α must lie in the box ------------------------------------------------------------

@pytest.mark.parametrize("alpha, C, message", [
    ([0.5, -0.5], 1.0, "alpha[1] = -0.5 is outside the box 0 <= alpha <= C"),
    ([2.0, 0.5], 1.0, "alpha[0] = 2.0 is outside the box 0 <= alpha <= C"),
    ([-0.25, 0.5], None, "alpha[0] = -0.25 is outside the box 0 <= alpha <= C"),
], ids=["below", "above", "hard-margin"])
def test_kkt_violations_refuses_alpha_outside_the_box_SOFT_2(impl, alpha, C, message):
    X, y = impl.arg([[0.0], [2.0]]), impl.arg([-1, 1])
    with pytest.raises(ValueError) as e:
        impl.svm.kkt_violations(X, y, impl.arg(alpha), 0.0, C)
    assert str(e.value) == message
