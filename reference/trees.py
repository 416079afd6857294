"""Decision trees (001 §11.3; catalog DT-1, DT-2, DT-6, DT-7, X-2).

A tree is plain data: nested frozen dataclasses. A ``Split`` is a decision stump on a continuous
(or 0/1) feature, xⱼ > θ going right; a ``Branch`` is a multiway stump on a discrete feature, one
child per value; a ``Leaf`` holds a class. Trees built by ``tree_fit`` carry, at every node, the
class counts of the training examples that reach it, the majority class and the information gain
of its split; the fast face builds the same objects.

Greedy building (001 §11.3.5-11.3.6): at each node choose the split of largest information gain
(11.20) and recurse. Splits are compared by the score S of ``split_score`` (the lowest S is the
largest gain at that node), computed in float64 from integer counts by one formula in both faces.
Ties, meaning equal computed scores, go to the lowest feature index, then to the lowest threshold.
A node becomes a leaf when it is pure, at ``max_depth``, or when no split leaves
``min_samples_leaf`` examples in every child; a split of zero gain is still taken (XOR needs it at
the root). Leaves predict the majority class, the lowest label on a tie.

X holds features in rows (float, Fraction or mpf; NaN is refused: there is no missing-value
policy); y holds integer class labels. Fractions stay exact: ``threshold="logistic"`` on a node
whose classes the feature does not separate needs e^t at a rational t, and raises
ExactResultError there rather than round (float or mpf entries are fitted).

Sample weights (X-2): with weights wᵢ every class count of a node is the sum of the weights of
its examples, and the entropies, the gains, the majority classes and the counts the nodes carry
are those weighted counts, on continuous and discrete features; the logistic threshold is that of
the weighted 1-D logistic regression; an integer weight is the row repeated.

Conventions (README, Conventions): ``tree_fit(X, y, …)`` returns a ``Tree``, which ``predict(tree,
X)`` takes first; labels are any integers and ``predict`` returns them.
"""
import numbers
from dataclasses import dataclass
from functools import lru_cache

from . import inputs, parameters, scalar
from .entropy import _information_gain, class_codes, information_gain
from .messages import error
from .results import ConvergenceError

__all__ = [
    "Leaf", "Split", "Branch", "Tree", "ConvergenceError", "THRESHOLD_RULES",
    "check_tree", "predict", "xor_data", "xor_tree",
    "boolean_function_tree", "truth_table", "minimal_leaves", "count_boolean_functions",
    "count_trees",
    "split_score", "best_threshold", "logistic_threshold", "tree_fit",
]

THRESHOLD_RULES = ("search", "logistic")


# ---- DT-1: stumps composed into a tree --------------------------------------------------------
# A tree is immutable: the nodes are frozen and their sequence fields are turned into tuples when
# a node is made, so no later change to the caller's lists reaches it (the fast face packs a tree
# once and keeps the packed copy for as long as the tree lives). What a field may hold is checked
# by ``check_tree``, before any walk.

def _freeze(node, field):
    value = getattr(node, field)
    if type(value) is tuple:
        return
    if inputs.is_text(value) or not hasattr(value, "__iter__"):
        raise TypeError(f"{type(node).__name__}.{field} must be a sequence, got {type(value).__name__}")
    object.__setattr__(node, field, tuple(value))


@dataclass(frozen=True)
class Leaf:
    """DT-1 (001 §11.3.1): a leaf labelled with a class. ``counts``: the training examples of
    each class of ``Tree.classes`` that reach it (empty for a tree built by hand); with sample
    weights (X-2) the sums of their weights, reals >= 0."""

    prediction: int
    counts: tuple = ()

    def __post_init__(self):
        _freeze(self, "counts")


@dataclass(frozen=True)
class Split:
    """DT-1, DT-7 (001 §11.3.1, §11.3.6): the decision stump "x[feature] > threshold?"; yes goes
    to ``right``, no to ``left``. ``gain``: its information gain in bits (float64)."""

    feature: int
    threshold: object
    left: object
    right: object
    counts: tuple = ()
    prediction: object = None
    gain: object = None

    def __post_init__(self):
        _freeze(self, "counts")


@dataclass(frozen=True)
class Branch:
    """DT-6 (001 §11.3.4-11.3.5): a stump on a discrete feature with one child per value in
    ``values`` (distinct). A value not seen there in training gets ``prediction``, the node's
    majority class."""

    feature: int
    values: tuple
    children: tuple
    counts: tuple = ()
    prediction: object = None
    gain: object = None

    def __post_init__(self):
        _freeze(self, "values")
        _freeze(self, "children")
        _freeze(self, "counts")


@dataclass(frozen=True)
class Tree:
    """A decision tree on ``n_features`` inputs; ``classes`` are the labels, ascending, that the
    counts of its nodes refer to. Subtrees may be shared (the same node reached twice); the
    sizes below count a shared subtree once per path to it."""

    root: object
    n_features: int
    classes: tuple = ()

    def __post_init__(self):
        _freeze(self, "classes")

    @property
    def depth(self):
        return _sizes(self)[0]

    @property
    def n_leaves(self):
        return _sizes(self)[1]

    @property
    def n_nodes(self):
        return _sizes(self)[2]


_NODES = (Leaf, Split, Branch)


def children(node):
    """The children of a node of a tree, left to right (none for a Leaf); both faces walk trees
    with it."""
    if isinstance(node, Split):
        return (node.left, node.right)
    if isinstance(node, Branch):
        return node.children
    return ()


def _sizes(tree):
    """(depth, leaves, nodes) of a checked tree, each node's subtree measured once (a shared
    subtree would otherwise be walked once per path to it)."""
    order = check_tree(tree)
    size = {}
    for node in reversed(order):  # children before parents
        below = [size[id(child)] for child in children(node)]
        if not below:
            size[id(node)] = (0, 1, 1)
            continue
        depth, leaves, nodes = 0, 0, 1
        for d, l, n in below:
            depth, leaves, nodes = max(depth, d + 1), leaves + l, nodes + n
        size[id(node)] = (depth, leaves, nodes)
    return size[id(tree.root)]


def _label(value, where):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{where} is {value!r}: expected an integer class label")
    return int(value)


def _finite_real(value, where):
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{where} is {value!r}: expected a real number")
    if not scalar.isfinite(scalar.to_scalar(value)):
        raise ValueError(f"{where} is {value}: expected a finite number")
    return value


def _feature(node, where, n_features):
    f = node.feature
    if isinstance(f, bool) or not isinstance(f, numbers.Integral):
        raise TypeError(f"{where}.feature is {f!r}: expected a feature index (an integer)")
    if not 0 <= f < n_features:
        raise ValueError(f"{where}.feature is {f}: the tree takes features 0..{n_features - 1}")


def _check_node(node, where, tree):
    if not isinstance(node, _NODES):
        raise TypeError(f"{where} must be a Leaf, Split or Branch, got {type(node).__name__}")
    for k, c in enumerate(node.counts):
        if isinstance(c, bool) or not isinstance(c, numbers.Real) or not c >= 0 \
                or not scalar.isfinite(scalar.to_scalar(c)):
            raise ValueError(f"{where}.counts[{k}] is {c!r}: a count must be a finite number >= 0 "
                             "(an integer, or a sum of sample weights)")
    if tree.classes and node.counts and len(node.counts) != len(tree.classes):
        raise ValueError(f"{where}.counts has {len(node.counts)} entries but the tree has "
                         f"{len(tree.classes)} classes")
    if isinstance(node, Leaf):
        _label(node.prediction, f"{where}.prediction")
        return
    _feature(node, where, tree.n_features)
    if node.prediction is not None:
        _label(node.prediction, f"{where}.prediction")
    if node.gain is not None:
        _finite_real(node.gain, f"{where}.gain")
    if isinstance(node, Split):
        _finite_real(node.threshold, f"{where}.threshold")
        return
    if len(node.values) != len(node.children):
        raise ValueError(f"{where} has {len(node.values)} values but {len(node.children)} children")
    seen = set()
    for r, v in enumerate(node.values):
        _finite_real(v, f"{where}.values[{r}]")
        if v in seen:
            raise ValueError(f"{where}.values[{r}] is {v}, a value that has a child already")
        seen.add(v)


def check_tree(tree, name="tree"):
    """DT-1: a tree that can be walked: a ``Tree`` whose ``n_features`` is an integer >= 0 and
    ``classes`` distinct ascending integers; every node a Leaf (an integer prediction), Split (a
    feature in 0..n_features − 1, a finite threshold) or Branch (a feature in range, distinct
    finite values, one child each); counts finite numbers >= 0 (integers, or the sums of sample
    weights of X-2), one per class; and no node
    its own descendant (a cycle would send a walk round for ever). Errors name the field, as
    ``tree.root.children[1].threshold``. Returns the distinct nodes, each after its parent."""
    if not isinstance(tree, Tree):
        raise TypeError(f"{name} must be a Tree, got {type(tree).__name__}")
    n = tree.n_features
    if isinstance(n, bool) or not isinstance(n, numbers.Integral):
        raise TypeError(f"{name}.n_features is {n!r}: expected an integer")
    if n < 0:
        raise ValueError(f"{name}.n_features is {n}: expected an integer >= 0")
    for k, c in enumerate(tree.classes):
        _label(c, f"{name}.classes[{k}]")
        if k and not tree.classes[k - 1] < c:
            raise ValueError(f"{name}.classes must be distinct and ascending: {name}.classes[{k - 1}] "
                             f"= {tree.classes[k - 1]} >= {name}.classes[{k}] = {c}")
    order, done, on_path = [], set(), set()
    stack = [(tree.root, f"{name}.root", False)]
    while stack:  # depth first; a node is finished when its subtree is
        node, where, finished = stack.pop()
        if finished:
            on_path.discard(id(node))
            done.add(id(node))
            continue
        if id(node) in on_path:
            raise ValueError(f"{where} is one of its own ancestors: a tree has no cycles")
        if id(node) in done:
            continue
        _check_node(node, where, tree)
        order.append(node)
        on_path.add(id(node))
        stack.append((node, where, True))
        if isinstance(node, Split):
            stack.append((node.right, f"{where}.right", False))
            stack.append((node.left, f"{where}.left", False))
        elif isinstance(node, Branch):
            for r in range(len(node.children) - 1, -1, -1):
                stack.append((node.children[r], f"{where}.children[{r}]", False))
    return order


def predict(tree, X, *, n_jobs=-1):
    """DT-1: each row of X goes down the stumps from the root to a leaf; its label is the output.
    ``n_jobs`` (checked by ``parameters.n_jobs``): the cores the fast face may use; here serial.

    Shapes: tree a Tree (from tree_fit), X m×n.
    Returns: m integer labels (the classes of the fit)."""
    parameters.n_jobs(n_jobs)
    check_tree(tree)
    X = inputs.matrix(X, "X")
    if len(X[0]) != tree.n_features:
        raise error("tree_features", m=len(X[0]), n=tree.n_features)
    return [_predict_one(tree.root, x, i) for i, x in enumerate(X)]


def _predict_one(node, x, i):
    while not isinstance(node, Leaf):
        if isinstance(node, Split):
            node = node.right if x[node.feature] > node.threshold else node.left
            continue
        value = x[node.feature]
        if value in node.values:
            node = node.children[node.values.index(value)]
        elif node.prediction is not None:
            return node.prediction
        else:
            raise error("no_child", i=i, j=node.feature, value=value)
    return node.prediction


def xor_data():
    """DT-1 (001 §11.3.1, Figure 11.1): the four points of {0, 1}² labelled h(x) = x₁ ⊕ x₂."""
    X = [[0, 0], [0, 1], [1, 0], [1, 1]]
    return X, [a ^ b for a, b in X]


def xor_tree():
    """DT-1 (001 §11.3.1, Figure 11.1): ask x₂ first, then x₁ on either branch; the same
    attribute appears in two stumps. Features are indexed from 0: x₁ is 0, x₂ is 1."""
    half = scalar.to_scalar(1) / 2
    x1 = lambda low, high: Split(0, half, Leaf(low), Leaf(high))  # noqa: E731
    return Tree(Split(1, half, x1(0, 1), x1(1, 0)), 2, (0, 1))


# ---- DT-2: expressiveness ---------------------------------------------------------------------

def _truth_table(outputs, name="outputs"):
    if inputs.is_text(outputs) or not hasattr(outputs, "__len__"):
        raise TypeError(f"{name} must be a sequence of 0/1 outputs")
    size = len(outputs)
    if size == 0 or size & (size - 1):
        raise ValueError(f"{name} must have 2ⁿ entries (one per row of the truth table), got {size}")
    values = inputs.integers(outputs, name)
    if any(v not in (0, 1) for v in values):
        raise ValueError(f"{name} must hold 0/1 outputs")
    return tuple(values), size.bit_length() - 1


def _row(r, n):
    """Row r of the truth table: x₁ is the most significant bit, as tables are printed."""
    return [(r >> (n - 1 - j)) & 1 for j in range(n)]


def boolean_function_tree(outputs):
    """DT-2 (001 §11.3.2): a tree with one leaf per row of the truth table (2ⁿ leaves) that
    computes any boolean function: ask x₁, then x₂, ..., xₙ; the path to a leaf spells its row.

    outputs[r] is f at row r of the table (x₁ the most significant bit of r)."""
    outputs, n = _truth_table(outputs)
    half = scalar.to_scalar(1) / 2

    def grow(j, rows):
        if j == n:
            return Leaf(rows[0])
        mid = len(rows) // 2
        return Split(j, half, grow(j + 1, rows[:mid]), grow(j + 1, rows[mid:]))
    return Tree(grow(0, outputs), n, (0, 1))


def truth_table(tree):
    """DT-2: the outputs of ``tree`` on the 2ⁿ rows of {0, 1}ⁿ, in table order."""
    check_tree(tree)
    n = tree.n_features
    return predict(tree, [_row(r, n) for r in range(2 ** n)]) if n else [tree.root.prediction]


def minimal_leaves(outputs):
    """DT-2: the fewest leaves of a tree that computes the boolean function: 1 for a constant,
    else the best over the variable asked first of the minimal sizes of the two halves."""
    outputs, _ = _truth_table(outputs)
    return _minimal_leaves(outputs)


@lru_cache(maxsize=None)
def _minimal_leaves(table):
    if len(set(table)) == 1:
        return 1
    n = len(table).bit_length() - 1
    best = None
    for v in range(n):
        bit = 1 << (n - 1 - v)
        zero = tuple(t for r, t in enumerate(table) if not r & bit)
        one = tuple(t for r, t in enumerate(table) if r & bit)
        size = _minimal_leaves(zero) + _minimal_leaves(one)
        best = size if best is None else min(best, size)
    return best


def count_boolean_functions(n):
    """DT-2 (001 §11.3.2): there are 2^(2ⁿ) boolean functions of n inputs (one output bit for
    each of the 2ⁿ rows of the table), hence as many functionally distinct trees."""
    n = parameters.whole(n, "n")
    return 2 ** 2 ** n


def count_trees(n):
    """DT-2: the number of decision trees on n boolean inputs that ask no variable twice on a
    path: a leaf (2 labels) or a stump on one of n variables over two trees on the other n − 1,
    T(0) = 2, T(n) = 2 + n T(n − 1)². More than 2^(2ⁿ) for n >= 1: different trees compute the
    same function."""
    n = parameters.whole(n, "n")
    t = 2
    for k in range(1, n + 1):
        t = 2 + k * t * t
    return t


# ---- DT-5, DT-6: the split score --------------------------------------------------------------

def _c_log_c(c):
    """c ln c in float64 for a count c (0 ln 0 = 0); a weighted count (X-2) is any real >= 0."""
    return 0.0 if c == 0 else float(c) * scalar.log(float(c))


def split_score(table):
    """DT-5, DT-6 (001 §11.3.4 (11.19)-(11.20)): S = Σⱼ [mⱼ ln mⱼ − Σₖ cⱼₖ ln cⱼₖ], in float64,
    for a count table (row j = group j, column k = class k, mⱼ = Σₖ cⱼₖ).

    S = m ln 2 · H[split] (11.19) in bits, so at a node (m and the entropy before fixed) the
    lowest S is the largest information gain (11.20). Integer counts in, one formula, sums left
    to right: both faces get the same float, so they break ties alike.

    Shapes: table groups × classes of counts.
    Returns: S, a float."""
    table = inputs.matrix(table, "table")
    for j, row in enumerate(table):
        for k, c in enumerate(row):
            if c < 0 or int(c) != c:
                raise error("not_a_count", name="table", where=f"[{j}][{k}]", value=c)
    try:
        score = _score([[int(c) for c in row] for row in table])
    except OverflowError:  # a count or a group size beyond the float64 range
        score = None
    if score is None or not scalar.isfinite(score):
        raise ValueError("table holds counts too large for float64: c ln c overflows, so S has no "
                         "float64 value")
    return score


def _score(table):
    total = 0.0
    for row in table:
        m_j = 0
        terms = 0.0
        for c in row:
            m_j += c
            terms += _c_log_c(c)
        total += _c_log_c(m_j) - terms
    return total


def _gain(table):
    """The information gain (11.20) in bits, in float64, of a split with these counts."""
    return information_gain([[float(c) for c in row] for row in table])


def _weighted_gain(table):
    """X-2: the information gain (11.20) in bits, in float64, of a split with these weighted
    counts (sums of sample weights: reals >= 0, the pooled total > 0)."""
    return _information_gain([[float(c) for c in row] for row in table], "bits")


# ---- DT-6, DT-7: greedy building --------------------------------------------------------------

def _midpoint(a, b):
    """(a + b)/2, the threshold between neighbouring values a < b; where float rounding gives b
    (adjacent floats) or overflows, a itself, so that a <= θ < b always holds."""
    theta = (a + b) / 2
    if theta == b or not scalar.isfinite(theta):
        return a
    return theta


@dataclass(frozen=True)
class _Candidate:
    score: float
    feature: int
    threshold: object  # None for a discrete branch
    values: tuple      # the group values of a discrete branch
    parts: tuple       # the rows of each child, in row order
    tables: tuple      # the class counts of each child


class _Grower:
    """The greedy recursion of 001 §11.3.5 over rows of X (indices, kept in increasing order)."""

    def __init__(self, X, codes, n_classes, max_depth, min_samples_leaf, discrete, rule):
        self.X, self.codes, self.K = X, codes, n_classes
        self.max_depth, self.msl = max_depth, min_samples_leaf
        self.discrete, self.rule = discrete, rule

    def counts(self, rows):
        c = [0] * self.K
        for i in rows:
            c[self.codes[i]] += 1
        return c

    def node_counts(self, rows):
        return self.counts(rows)

    def weight(self, i):
        """Example i's sample weight: 1 here, wᵢ with sample weights (X-2)."""
        return 1

    def pure(self, counts, rows):
        return max(counts) == len(rows)

    def tables(self, parts, j):
        """The class counts of each child."""
        return tuple(tuple(self.counts(part)) for part in parts)

    def gain(self, tables):
        return _gain(tables)

    def grow(self, rows, depth, classes):
        counts = self.node_counts(rows)
        prediction = classes[counts.index(max(counts))]
        if self.pure(counts, rows) or depth == self.max_depth or len(rows) < 2 * self.msl:
            return Leaf(prediction, tuple(counts))
        best = None
        for j in range(len(self.X[0])):
            if self.discrete[j]:
                candidate = self.branch_candidate(rows, j)
            elif self.rule == "logistic":
                candidate = self.logistic_candidate(rows, j)
            else:
                candidate = self.search_candidate(rows, j)
            if candidate is not None and (best is None or candidate.score < best.score):
                best = candidate
        if best is None:
            return Leaf(prediction, tuple(counts))
        children = tuple(self.grow(part, depth + 1, classes) for part in best.parts)
        gain = self.gain(best.tables)
        if best.threshold is None:
            return Branch(best.feature, best.values, children, tuple(counts), prediction, gain)
        return Split(best.feature, best.threshold, children[0], children[1], tuple(counts),
                     prediction, gain)

    def sorted_rows(self, rows, j):
        """The rows by increasing xⱼ, equal values in row order (a stable sort)."""
        return sorted(rows, key=lambda i: self.X[i][j])

    def search_candidate(self, rows, j):
        """DT-7 (001 §11.3.6): every threshold between neighbouring distinct values of xⱼ, the
        class counts on the left kept running as the sorted rows are swept."""
        order = self.sorted_rows(rows, j)
        total = self.counts(rows)
        left = [0] * self.K
        best = None
        for k in range(len(order) - 1):
            left[self.codes[order[k]]] += 1
            n_left = k + 1
            if n_left < self.msl or len(order) - n_left < self.msl:
                continue
            a, b = self.X[order[k]][j], self.X[order[k + 1]][j]
            if a == b:
                continue
            right = [t - c for t, c in zip(total, left)]
            score = _score([left, right])
            if best is None or score < best[0]:
                best = (score, _midpoint(a, b))
        return None if best is None else self.threshold_candidate(rows, j, best[1], best[0])

    def threshold_candidate(self, rows, j, theta, score=None):
        left = [i for i in rows if not self.X[i][j] > theta]
        right = [i for i in rows if self.X[i][j] > theta]
        if len(left) < self.msl or len(right) < self.msl:
            return None
        if not (any(self.weight(i) > 0 for i in left) and any(self.weight(i) > 0 for i in right)):
            return None  # a child of weight 0 alone is a child the dropped rows would not have
        tables = self.tables((left, right), j)
        score = _score(tables) if score is None else score
        return _Candidate(score, j, theta, (), (left, right), tables)

    def logistic_candidate(self, rows, j):
        """DT-7 (001 §11.3.6): the threshold where a 1-D logistic regression of y on xⱼ crosses ½;
        with sample weights (X-2) the weighted regression of the examples of positive weight."""
        order = [i for i in self.sorted_rows(rows, j) if self.weight(i) > 0]
        xs = [self.X[i][j] for i in order]
        ts = [self.codes[i] for i in order]
        ws = [self.weight(i) for i in order]
        try:
            theta = _logistic_threshold(xs, ts, ws, 100, 1e-12)
        except ConvergenceError:
            return None  # a feature whose fit does not converge is not used at this node
        return None if theta is None else self.threshold_candidate(rows, j, theta)

    def branch_candidate(self, rows, j):
        """DT-6 (001 §11.3.4-11.3.5): one child per value of the discrete feature xⱼ; with sample
        weights (X-2) per value of an example of positive weight (the examples of weight 0 with
        another value stop at the node, as an unseen value does in ``predict``)."""
        values = sorted(set(self.X[i][j] for i in rows if self.weight(i) > 0))
        if len(values) < 2:
            return None
        parts = tuple([i for i in rows if self.X[i][j] == v] for v in values)
        if any(len(part) < self.msl for part in parts):
            return None
        tables = self.tables(parts, j)
        return _Candidate(_score(tables), j, None, tuple(values), parts, tables)


class _WeightedGrower(_Grower):
    """X-2: the greedy recursion with sample weights w. A class count is the sum of the weights of the examples, summed by increasing xⱼ (the
    node's own counts by increasing x₀), the order the fast face holds a node's examples in,
    so that both faces add the same floats in the same order.

    An example of weight 0 takes no part in choosing a split: thresholds lie between neighbouring
    distinct values of examples of positive weight, the logistic threshold is the weighted
    regression's on those examples, a discrete feature's children are its values of positive
    weight, and no child holds weight 0 alone; so the tree is the tree without that row (and
    integer weights give the tree of the repeated rows). It is still an example for
    ``min_samples_leaf``, as in scikit-learn: a split leaves ``min_samples_leaf`` examples in
    each child, whatever their weights."""

    def __init__(self, X, codes, n_classes, max_depth, min_samples_leaf, discrete, rule, weight):
        super().__init__(X, codes, n_classes, max_depth, min_samples_leaf, discrete, rule)
        self.w = weight

    def weight(self, i):
        return self.w[i]

    def counts(self, rows):
        c = [0] * self.K
        for i in rows:
            c[self.codes[i]] += self.w[i]
        return c

    def node_counts(self, rows):
        return self.counts(self.sorted_rows(rows, 0))

    def pure(self, counts, rows):
        """At most one class of positive weight."""
        present = 0
        for c in counts:
            if c > 0:
                present += 1
        return present <= 1

    def tables(self, parts, j):
        return tuple(tuple(self.counts(self.sorted_rows(part, j))) for part in parts)

    def gain(self, tables):
        return _weighted_gain(tables)

    def search_candidate(self, rows, j):
        """X-2, DT-7: every threshold between neighbouring distinct values a < b of xⱼ among the
        examples of positive weight, the weighted class counts on the left kept running; the
        examples left of θ = (a + b)/2 (those of weight 0 between a and b too) are counted for
        ``min_samples_leaf``."""
        order = self.sorted_rows(rows, j)
        total = self.counts(order)
        left = [0] * self.K
        best, a = None, None
        for k in range(len(order) - 1):
            i, after = order[k], order[k + 1]
            left[self.codes[i]] += self.w[i]
            if self.w[i] > 0:
                a = self.X[i][j]
            b = self.X[after][j]
            if a is None or not self.w[after] > 0 or a == b:
                continue
            theta = _midpoint(a, b)
            n_left = k + 1
            while self.X[order[n_left - 1]][j] > theta:  # weight-0 examples in (θ, b) go right
                n_left -= 1
            if n_left < self.msl or len(order) - n_left < self.msl:
                continue
            right = [t - c for t, c in zip(total, left)]
            score = _score([left, right])
            if best is None or score < best[0]:
                best = (score, theta)
        return None if best is None else self.threshold_candidate(rows, j, best[1], best[0])


def _discrete_mask(discrete, d):
    if isinstance(discrete, bool):
        return [discrete] * d
    if inputs.is_text(discrete) or not hasattr(discrete, "__len__"):
        raise error("discrete_kind", d=d, got=repr(discrete))
    if len(discrete) != d:
        raise error("discrete_entries", n=len(discrete), d=d)
    if any(not isinstance(v, bool) for v in discrete):
        raise error("discrete_bools")
    return list(discrete)


def _classes_and_codes(y, m, x_name="X"):
    classes, codes = class_codes(y, "y")
    if len(codes) != m:
        raise error("rows_and_entries", x_name=x_name, m=m, y_name="y", n=len(codes))
    return classes, codes


def tree_fit(X, y, max_depth=None, min_samples_leaf=1, discrete=False, threshold="search",
             sample_weight=None):
    """DT-6, DT-7 (001 §11.3.5-11.3.6): the greedy tree. Start with all the data at the root;
    split it by the feature (and threshold) of largest information gain; repeat in each branch.

    ``discrete``: True (every feature discrete: a Branch per value), False (every feature
    continuous: a Split at a threshold) or one bool per feature. ``threshold``: "search" (every
    midpoint between neighbouring distinct values) or "logistic" (where a 1-D logistic regression
    of the node's examples crosses ½; two classes only; a feature whose fit does not converge, or
    whose threshold leaves too few examples on a side, is not used at that node, so a node may
    stay impure). ``max_depth``: None or >= 0 (0 is a single leaf); ``min_samples_leaf`` >= 1
    examples in every child.

    ``sample_weight`` (X-2): None (every weight 1) or one real wᵢ >= 0 per row, not all 0
    (``inputs.sample_weights``). Every class count is then the sum of the weights of its
    examples: the entropies, the gains, the counts of the nodes and their weighted majority
    classes (the lowest label on a tie) are weighted, the "logistic" threshold is that of the
    weighted 1-D logistic regression, and an integer weight equals the row repeated (up to the
    rounding of that regression's sums). A weight of 0 drops the row from choosing the splits
    (thresholds lie between values of positive weight; a discrete feature branches on its values
    of positive weight), but ``min_samples_leaf`` counts examples, not weights, as
    scikit-learn's does: an example of weight 0 still counts there.

    Shapes: X m×n, y m integer labels (any integers), sample_weight m reals >= 0 or None.
    Returns: Tree(root, n_features, classes)."""
    X = inputs.matrix(X, "X")
    classes, codes = _classes_and_codes(y, len(X))
    max_depth = parameters.depth(max_depth, "max_depth")
    min_samples_leaf = parameters.positive_int(min_samples_leaf, "min_samples_leaf")
    discrete = _discrete_mask(discrete, len(X[0]))
    rule = parameters.choice(threshold, "threshold", THRESHOLD_RULES)
    if rule == "logistic" and len(classes) > 2 and not all(discrete):
        raise error("logistic_two_classes", k=len(classes))
    weight = inputs.sample_weights(sample_weight, X)
    if weight is None:
        grower = _Grower(X, codes, len(classes), max_depth, min_samples_leaf, discrete, rule)
    else:
        grower = _WeightedGrower(X, codes, len(classes), max_depth, min_samples_leaf, discrete, rule,
                                 weight)
    return Tree(grower.grow(list(range(len(X))), 0, classes), len(X[0]), classes)


def best_threshold(x, y, min_samples_leaf=1):
    """DT-7 (001 §11.3.6): the threshold θ of largest information gain for one continuous feature
    x (exhaustive search over midpoints), as (θ, gain in bits); None when no threshold leaves
    ``min_samples_leaf`` examples on each side (e.g. x constant).

    Shapes: x m numbers, y m integer labels, min_samples_leaf ≥ 1.
    Returns: (threshold, gain)."""
    x = inputs.vector(x, "x")
    classes, codes = _classes_and_codes(y, len(x), "x")
    min_samples_leaf = parameters.positive_int(min_samples_leaf, "min_samples_leaf")
    grower = _Grower([[v] for v in x], codes, len(classes), None, min_samples_leaf, [False], "search")
    candidate = grower.search_candidate(list(range(len(x))), 0)
    return None if candidate is None else (candidate.threshold, _gain(candidate.tables))


# ---- DT-7: the logistic-regression threshold --------------------------------------------------

def logistic_threshold(x, y, max_iterations=100, tol=1e-12):
    """DT-7 (001 §11.3.6): the threshold of a 1-D logistic regression p(y = 1 | x) = g(a + b x),
    fitted by Newton's method: θ = −a/b, where p crosses ½ (y = 1 is the larger label).

    x is centred and scaled (z = (x − c)/s, c the mean, s the largest |x − c|) and the sums run
    over the examples by increasing x, so that both faces take the same Newton steps. When one
    class lies wholly at or below the other the likelihood has no maximum (b → ∞): θ is then the
    midpoint of the gap between them. A constant x, or a fitted slope b = 0, has no threshold
    (ValueError); Newton not meeting max|Δ| <= tol·(1 + max|(a, b)|) in ``max_iterations`` raises
    ConvergenceError. The slope is 0 when |b| is within that same bound: the data give it no
    sign (e.g. x symmetric about its mean with the same share of y = 1 on each side).

    Shapes: x m numbers, y m labels in {0, 1}.
    Returns: the threshold −a/b, a number."""
    x = inputs.vector(x, "x")
    classes, codes = _classes_and_codes(y, len(x), "x")
    if len(classes) != 2:
        raise error("logistic_threshold_classes", k=len(classes))
    max_iterations = parameters.positive_int(max_iterations, "max_iterations")
    tol = parameters.nonnegative(tol, "tol")
    order = sorted(range(len(x)), key=lambda i: x[i])
    theta = _logistic_threshold([x[i] for i in order], [codes[i] for i in order], [1] * len(order),
                                max_iterations, tol)
    if theta is None:
        raise error("no_threshold")
    return theta


def _separating_gap(xs, ts):
    """(upper end of the lower class, lower end of the upper class) when one class lies at or
    below the other, else None. xs ascending."""
    top = {0: None, 1: None}
    bottom = {0: None, 1: None}
    for x, t in zip(xs, ts):
        if bottom[t] is None:
            bottom[t] = x
        top[t] = x
    if top[0] <= bottom[1]:
        return top[0], bottom[1]
    if top[1] <= bottom[0]:
        return top[1], bottom[0]
    return None


def _sigmoid(t):
    """g(t) = 1/(1 + e^(−t)), without overflow for large |t|."""
    if t >= 0:
        return 1 / (1 + scalar.exp(-t))
    e = scalar.exp(t)
    return e / (1 + e)


def _logistic_threshold(xs, ts, ws, max_iterations, tol):
    """θ for xs ascending, labels ts in {0, 1} and weights ws > 0 (X-2: each term of ℓ, its
    gradient and Hessian, and the centre c, the weighted mean, times wᵢ; all 1 unweighted, which
    leaves every float as it is); None when xs is constant or a class is absent."""
    if xs[0] == xs[-1] or len(set(ts)) < 2:
        return None
    gap = _separating_gap(xs, ts)
    if gap is not None:
        return _midpoint(*gap) if gap[0] != gap[1] else gap[0]
    c, m = 0 * xs[0], 0 * ws[0]
    for v, w_i in zip(xs, ws):
        c += w_i * v
        m += w_i
    c = c / m
    s = 0 * c
    for v in xs:
        s = max(s, abs(v - c))
    z = [(v - c) / s for v in xs]
    a, b = 0 * s, 0 * s
    for _ in range(max_iterations):
        g0 = g1 = h00 = h01 = h11 = 0 * s
        for z_i, t_i, w_i in zip(z, ts, ws):
            p = _sigmoid(a + b * z_i)
            r = w_i * (t_i - p)
            w = w_i * (p * (1 - p))
            g0 += r
            g1 += r * z_i
            h00 += w
            h01 += w * z_i
            h11 += (w * z_i) * z_i
        det = h00 * h11 - h01 * h01
        if not det > 0:
            break
        da = (h11 * g0 - h01 * g1) / det
        db = (h00 * g1 - h01 * g0) / det
        a, b = a + da, b + db
        if not (scalar.isfinite(a) and scalar.isfinite(b)):
            break
        bound = tol * (1 + max(abs(a), abs(b)))
        if max(abs(da), abs(db)) <= bound:
            # a slope within the stopping bound of 0 is 0: its digits are rounding, and −a/b
            # would put θ anywhere (1e19 in float, 1e62 at 50 digits, for the same data)
            return None if abs(b) <= bound else c + s * (-a / b)
    raise logistic_not_converged(max_iterations)


def logistic_not_converged(max_iterations):
    """DT-7: the ConvergenceError of the 1-D logistic regression's Newton steps, both faces'."""
    return ConvergenceError(
        f"the 1-D logistic regression did not converge in {max_iterations} Newton steps", None)
