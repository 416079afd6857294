"""A decision tree (``cs229.reference.trees.Tree``) as text and as positions to draw: no
matplotlib here, so ``export_text`` works without the ``[plot]`` extra.

``export_text`` prints a tree the way scikit-learn's ``export_text`` does, one line per edge,
each test with the branch it takes; ``layout`` places each node for a drawing: leaves one unit
apart in their left-to-right order, a parent centred over its children, depth downwards.
"""
from dataclasses import dataclass

from cs229.reference.trees import Leaf, Split, Tree

__all__ = ["export_text", "layout", "Node", "node_label"]


def _name(feature, feature_names):
    return feature_names[feature] if feature_names else f"x{_subscript(feature + 1)}"


def _subscript(n):
    return str(n).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))


def _number(value, decimals):
    return f"{float(value):.{decimals}g}" if isinstance(value, float) else f"{float(value):g}"


def _edges(node, feature_names, decimals):
    """(test text, child) for each child of an inner node, in drawing order."""
    name = _name(node.feature, feature_names)
    if isinstance(node, Split):
        t = _number(node.threshold, decimals)
        return [(f"{name} <= {t}", node.left), (f"{name} >  {t}", node.right)]
    return [(f"{name} = {_number(v, decimals)}", child) for v, child in zip(node.values, node.children)]


def _leaf_text(leaf, tree, class_names):
    label = class_names[tree.classes.index(leaf.prediction)] if class_names else leaf.prediction
    counts = f"  {list(leaf.counts)}" if leaf.counts else ""
    return f"class: {label}{counts}"


def export_text(tree, feature_names=None, class_names=None, decimals=4):
    """DT-1, DT-6, DT-7 (001 §11.3): the tree as indented text, e.g.
    ``|--- x₁ <= 0.5`` / ``|   |--- class: 0  [1, 0]`` (a leaf's class and its training counts
    per class of ``tree.classes``). ``feature_names`` and ``class_names`` replace x₁, x₂, …
    and the labels."""
    if not isinstance(tree, Tree):
        raise TypeError(f"tree must be a Tree, got {type(tree).__name__}")
    if feature_names is not None and len(feature_names) != tree.n_features:
        raise ValueError(f"feature_names has {len(feature_names)} names but the tree takes "
                         f"{tree.n_features} features")
    lines = []

    def walk(node, depth):
        prefix = "|   " * depth + "|--- "
        if isinstance(node, Leaf):
            lines.append(prefix + _leaf_text(node, tree, class_names))
            return
        for test, child in _edges(node, feature_names, decimals):
            lines.append(prefix + test)
            walk(child, depth + 1)

    if isinstance(tree.root, Leaf):
        lines.append("|--- " + _leaf_text(tree.root, tree, class_names))
    else:
        walk(tree.root, 0)
    return "\n".join(lines)


@dataclass(frozen=True)
class Node:
    """A node placed for drawing: x (leaf order), depth, the tree node, its parent's index in
    the layout (None at the root) and the test on the edge from the parent."""

    x: float
    depth: int
    node: object
    parent: object
    edge: str


def node_label(node, tree, feature_names=None, decimals=4):
    """The text in a node's box: the question it asks, or the leaf's class and counts."""
    if isinstance(node, Leaf):
        return _leaf_text(node, tree, None).replace("class: ", "y = ")
    name = _name(node.feature, feature_names)
    if isinstance(node, Split):
        return f"{name} > {_number(node.threshold, decimals)} ?"
    return f"{name} ?"


def layout(tree, feature_names=None, decimals=4):
    """Every node of the tree with its position, in depth-first order (root first)."""
    placed = []
    next_leaf = [0.0]

    def place(node, depth, parent, edge):
        index = len(placed)
        placed.append(None)
        if isinstance(node, Leaf):
            x = next_leaf[0]
            next_leaf[0] += 1.0
        else:
            xs = []
            for k, (test, child) in enumerate(_edges(node, feature_names, decimals)):
                # the box asks "xⱼ > θ ?": its edges answer; a multiway stump's name the value
                short = ("no", "yes")[k] if isinstance(node, Split) else test.split(" ", 1)[1]
                xs.append(place(child, depth + 1, index, short))
            x = (xs[0] + xs[-1]) / 2
        placed[index] = Node(x, depth, node, parent, edge)
        return x

    place(tree.root, 0, None, "")
    return placed
