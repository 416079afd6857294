"""The tree estimator's facts and probabilities (DT-1, DT-5), against scikit-learn's tree with
the entropy criterion on the data it ships."""
import numpy as np
import pytest
from sklearn.datasets import load_breast_cancer, load_iris, load_wine
from sklearn.tree import DecisionTreeClassifier as ScikitTree

from cs229.estimators import DecisionTreeClassifier


@pytest.mark.parametrize("load", [load_breast_cancer, load_wine], ids=lambda f: f.__name__)
@pytest.mark.parametrize("depth", [1, 2])
def test_probabilities_and_importances_equal_scikit_learns_entropy_tree_DT_5(load, depth):
    """Where no two splits tie (depths 1 and 2 of these data; at depth 3 two features of wine give
    one split, and the trees pick different ones), the trees are the same: the leaf
    frequencies and the weighted information gains agree to rounding."""
    X, y = load(return_X_y=True)
    ours = DecisionTreeClassifier(max_depth=depth).fit(X, y)
    theirs = ScikitTree(criterion="entropy", max_depth=depth, random_state=0).fit(X, y)
    assert np.allclose(ours.predict_proba(X), theirs.predict_proba(X), rtol=0, atol=1e-12)
    assert np.allclose(ours.feature_importances_, theirs.feature_importances_, rtol=0, atol=1e-12)
    assert (ours.get_depth(), ours.get_n_leaves()) == (theirs.get_depth(), theirs.get_n_leaves())


def test_predict_is_the_most_frequent_class_of_predict_proba_and_log_proba_its_log_DT_1():
    X, y = load_iris(return_X_y=True)
    model = DecisionTreeClassifier(max_depth=3).fit(X, y)
    p = model.predict_proba(X)
    assert np.allclose(p.sum(axis=1), 1) and (model.classes_[p.argmax(axis=1)] == model.predict(X)).all()
    assert np.allclose(np.exp(model.predict_log_proba(X)), p, rtol=1e-15, atol=0)
    assert model.feature_importances_.sum() == pytest.approx(1)


def test_a_discrete_value_unseen_in_training_stops_at_its_node_with_the_nodes_frequencies():
    X = np.array([[0.0], [0.0], [1.0], [1.0], [1.0]])
    y = np.array([0, 0, 1, 1, 0])
    model = DecisionTreeClassifier(discrete=True).fit(X, y)
    assert np.allclose(model.predict_proba([[2.0]]), [[3 / 5, 2 / 5]])
    assert np.allclose(model.predict_proba([[1.0], [0.0]]), [[1 / 3, 2 / 3], [1, 0]])
    assert model.predict([[2.0]])[0] == 0


def test_a_tree_without_a_split_has_no_importance_and_depth_zero():
    model = DecisionTreeClassifier().fit(np.zeros((4, 2)), [1, 1, 1, 1])
    assert model.get_depth() == 0 and model.get_n_leaves() == 1
    assert np.array_equal(model.feature_importances_, [0.0, 0.0])
    assert np.array_equal(model.predict_proba([[3.0, 4.0]]), [[1.0]])
