"""Any label coding in, the notes' coding inside.

The notes fix one coding per model: y ∈ {0, 1} for logistic regression, the perceptron, GDA and
Naive Bayes (000 Part II, Part IV), y ∈ {−1, 1} for margins, SVMs and the kernel perceptron
(000 Part V §2), y ∈ {1, ..., k} for softmax regression (000 §9.3), and class numbers for trees
(001 §11.3). An estimator keeps the user's labels, sorted, in ``classes_`` and hands the fast face
the position of each label in that list, in the model's coding: ``classes_[0]`` is 0 (or −1),
``classes_[1]`` is 1 (or +1); for softmax ``classes_[i]`` is i + 1, so the notes' fixed θ_k = 0
belongs to the last class.
"""
import numpy as np
from sklearn.utils.multiclass import check_classification_targets, type_of_target

__all__ = ["Labels", "binary_labels", "class_labels"]


class Labels:
    """The sorted labels (``classes``) and, for each example, its label's position in them
    (``index``: 0..k−1)."""

    def __init__(self, y):
        check_classification_targets(y)
        # the position of each label by bisection in the few sorted classes: np.unique's inverse
        # sorts all m labels (an argsort), several times slower on large y
        self.classes = np.unique(y)
        self.index = np.searchsorted(self.classes, y)

    def zero_one(self):
        """The notes' {0, 1} coding (000 §5, Part IV): classes[1] is 1."""
        return self.index.astype(np.float64)

    def signed(self):
        """The notes' {−1, 1} coding (000 Part V §2): classes[0] is −1, classes[1] is +1."""
        return np.where(self.index == 1, 1.0, -1.0)

    def one_to_k(self):
        """The notes' {1, ..., k} coding of softmax regression (000 §9.3)."""
        return self.index + 1


def binary_labels(y, model, k_classes=""):
    """The labels of a two-class model of the notes: exactly two classes, or a ValueError that
    says so (the first sentence is the one scikit-learn's checks look for) and names
    ``k_classes``, the estimator that takes k, where there is one."""
    labels = Labels(y)
    k = len(labels.classes)
    if k > 2:
        instead = f" For k classes use {k_classes}." if k_classes else ""
        raise ValueError(
            f"Only binary classification is supported. The type of the target is "
            f"{type_of_target(y, input_name='y')}: {model} is a two-class model of the notes "
            f"and y has {k} classes.{instead}")
    if k < 2:
        raise ValueError(f"y has only one class ({labels.classes[0]!r}): {model} needs examples of "
                         "two classes")
    return labels


def class_labels(y, model, at_least=2):
    """The labels of a model of the notes with any number of classes (at least ``at_least``)."""
    labels = Labels(y)
    if len(labels.classes) < at_least:
        raise ValueError(f"y has only one class ({labels.classes[0]!r}): {model} needs examples of "
                         f"at least {at_least} classes")
    return labels
