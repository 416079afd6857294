"""The exact type and text of the errors ``svm`` raises on bad input, on both faces: labels of one
class, hand-built fits that decision_function and predict refuse, infeasible slacks and α outside
the box."""
import pytest

from cs229.reference.kernels import Linear
from cs229.reference.svm import SVMFit


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
