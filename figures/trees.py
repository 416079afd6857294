"""Decision-tree figures (001 §11.3): the entropy of a coin, and fitted trees drawn as trees
beside the data and regions they classify."""
import random

from matplotlib.colors import ListedColormap

from cs229.reference import entropy as ent
from cs229.reference import trees
from cs229.reference.trees import Leaf

from . import Drawing
from .style import COLORS, linspace, new_figure
from .tree_layout import export_text, layout, node_label

__all__ = ["entropy", "xor_tree", "decision_tree", "draw_tree"]

_CLASS_COLORS = {0: COLORS["negative"], 1: COLORS["positive"]}


def entropy(spec, seed):
    """DT-3 (001 §11.3.4 (11.13)): H(π) = −π log₂ π − (1 − π) log₂(1 − π), with 0 log 0 = 0."""
    pi = linspace(0.0, 1.0, 201)
    H = [ent.entropy([p, 1 - p]) for p in pi]
    figure, ax = new_figure(5.6, 3.6)
    ax.plot(pi, H, color=COLORS["fit"], lw=2)
    ax.plot([0.5], [ent.entropy([0.5, 0.5])], "o", color=COLORS["positive"], ms=6)
    ax.annotate("fair coin: 1 bit", (0.5, 1.0), (0.62, 0.8), arrowprops={"arrowstyle": "->", "lw": 0.8})
    ax.set_xlabel("π = P(heads)")
    ax.set_ylabel("H(Y) (bits)")
    ax.set_ylim(0, 1.08)
    return Drawing(spec, figure, {"pi": pi, "H": H})


def draw_tree(ax, tree, feature_names=None):
    """Draw ``tree`` on ``ax``: boxes for the questions and the leaves, edges labelled with the
    branch taken; returns the layout drawn."""
    nodes = layout(tree, feature_names)
    deepest = max(n.depth for n in nodes)
    for n in nodes:
        if n.parent is not None:
            p = nodes[n.parent]
            ax.plot([p.x, n.x], [-p.depth, -n.depth], color=COLORS["grey"], lw=1, zorder=1)
            ax.text((p.x + n.x) / 2, -(p.depth + n.depth) / 2, n.edge, fontsize=7, ha="center",
                    va="center", bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none"})
    for n in nodes:
        leaf = isinstance(n.node, Leaf)
        face = _CLASS_COLORS.get(n.node.prediction, "#eeeeee") if leaf else "#fdfefe"
        ax.text(n.x, -n.depth, node_label(n.node, tree, feature_names), ha="center", va="center",
                fontsize=7.5, color="white" if leaf else "black", zorder=3,
                bbox={"boxstyle": "round,pad=0.35", "fc": face, "ec": "#34495e", "lw": 0.8})
    xs = [n.x for n in nodes]
    ax.set_xlim(min(xs) - 0.8, max(xs) + 0.8)
    ax.set_ylim(-deepest - 0.6, 0.6)
    ax.axis("off")
    return nodes


def _points(ax, X, y):
    for label, marker in ((0, "o"), (1, "x")):
        pts = [x for x, t in zip(X, y) if t == label]
        color = _CLASS_COLORS[label]
        ax.scatter([float(p[0]) for p in pts], [float(p[1]) for p in pts], marker=marker, s=26,
                   color=color, facecolors="none" if marker == "o" else color, linewidths=1.2,
                   zorder=3, label=f"y = {label}")


def xor_tree(spec, seed):
    """DT-1, DT-6 (001 §11.3.1, Figure 11.1): greedy building on x₁ ⊕ x₂ (discrete features);
    the root's split has zero gain and is still taken, as XOR needs."""
    X, y = trees.xor_data()
    tree = trees.tree_fit(X, y, discrete=True)
    figure, (tax, pax) = new_figure(9.0, 3.6, ncols=2, width_ratios=(1.6, 1))
    nodes = draw_tree(tax, tree)
    _points(pax, X, y)
    pax.set_xlim(-0.4, 1.4)
    pax.set_ylim(-0.4, 1.4)
    pax.set_xticks([0, 1])
    pax.set_yticks([0, 1])
    pax.set_aspect("equal")
    pax.set_xlabel("x₁")
    pax.set_ylabel("x₂")
    pax.set_title("h(x) = x₁ ⊕ x₂: no line separates", fontsize=9)
    pax.legend(loc="upper center", frameon=False, ncols=2, fontsize=7)
    return Drawing(spec, figure, {"X": X, "y": y, "tree": tree, "nodes": nodes,
                                  "text": export_text(tree)})


def _tree_data(seed, m=80):
    """Stated synthetic data in [0, 1]² (001 §11.3.6): y = 1 when x₁ > 0.6 and x₂ > 0.3, or
    when x₂ > 0.8; one label in ten flipped."""
    rng = random.Random(seed)
    X, y = [], []
    for _ in range(m):
        x = [round(rng.random(), 3), round(rng.random(), 3)]
        label = int((x[0] > 0.6 and x[1] > 0.3) or x[1] > 0.8)
        if rng.random() < 0.1:
            label = 1 - label
        X.append(x)
        y.append(label)
    return X, y


def decision_tree(spec, seed):
    """DT-5, DT-6, DT-7 (001 §11.3.4-11.3.6): a tree of depth ≤ 3 grown greedily, each split the
    threshold of largest information gain by exhaustive search; drawn as a tree, and as the
    regions of [0, 1]² it predicts (``trees.predict`` on a grid)."""
    X, y = _tree_data(seed)
    tree = trees.tree_fit(X, y, max_depth=3, min_samples_leaf=3)
    figure, (tax, rax) = new_figure(11.0, 4.6, ncols=2, width_ratios=(1.7, 1))
    nodes = draw_tree(tax, tree)
    grid = linspace(0.0, 1.0, 101)
    regions = [trees.predict(tree, [[a, b] for a in grid]) for b in grid]
    rax.imshow(regions, origin="lower", extent=(-0.005, 1.005, -0.005, 1.005), interpolation="nearest",
               cmap=ListedColormap(["#d6eaf8", "#fadbd8"]), vmin=0, vmax=1)
    _points(rax, X, y)
    rax.set_xlim(0, 1)
    rax.set_ylim(0, 1)
    rax.set_aspect("equal")
    rax.set_xlabel("x₁")
    rax.set_ylabel("x₂")
    rax.set_title(f"{tree.n_leaves} leaves, depth {tree.depth}", fontsize=9)
    return Drawing(spec, figure, {"X": X, "y": y, "tree": tree, "nodes": nodes, "grid": grid,
                                  "regions": regions, "text": export_text(tree)})
