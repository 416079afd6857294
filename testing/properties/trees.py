"""Properties of decision trees (001 §11.3): DT-5 … DT-7."""
from hypothesis import strategies as st

from .. import strategies as S
from . import Fitted, differential, invariant, normal

TOPIC = "trees"

tables = S.count_tables(max_count=30)
thresholds = st.tuples(
    st.lists(st.integers(0, 40), min_size=2, max_size=40).flatmap(
        lambda x: st.tuples(st.just([v / 4 for v in x]),
                            st.lists(st.integers(0, 2), min_size=len(x), max_size=len(x)))),
    st.sampled_from([1, 2, 5]))


def _what_a_tree_holds(tree, case, options):
    """A grown tree (DT-6): children's class counts sum to their parent's; every leaf holds at
    least min_samples_leaf examples (the root: all there are); no leaf deeper than max_depth; a leaf predicts its majority."""
    X, y, fit_options = case
    msl, max_depth = fit_options["min_samples_leaf"], fit_options["max_depth"]
    data = normal(tree)
    classes = data["classes"]
    stack = [(data["root"], 0)]
    while stack:
        node, depth = stack.pop()
        counts = node["counts"]
        if node["prediction"] != classes[counts.index(max(counts))]:
            return f"the node's prediction is its majority class ({counts})"
        children = [node[k] for k in ("left", "right") if k in node]
        children += list(node.get("children", []) or [])
        if not children:
            if (depth > 0 and sum(counts) < msl) or (max_depth is not None and depth > max_depth):
                return f"a leaf with >= {msl} examples at depth <= {max_depth}"
            continue
        if [sum(c) for c in zip(*(k["counts"] for k in children))] != list(counts):
            return "children's class counts sum to their parent's"
        stack.extend((k, depth + 1) for k in children)
    return None


def _queries(X):
    """The training rows and the same rows moved by 1/16 (between the grid's values)."""
    rows = S.to_float(X)
    return rows + [[v + 1 / 16 for v in row] for row in rows]


PROPERTIES = [
    differential(TOPIC, "split_score", "DT-5", tables, arguments=lambda t: ((t,), {}),
                 doc="m ln 2 × (11.19), the split entropy in nats times m"),
    differential(TOPIC, "best_threshold", "DT-7", thresholds, arguments=lambda c: ((*c[0], c[1]), {}),
                 doc="the midpoint θ maximising the information gain of x > θ (lowest on ties)"),
    differential(TOPIC, "logistic_threshold", "DT-7", S.overlapping_classes(), arguments=lambda c: (c, {}),
                 doc="θ = −θ₀/θ₁ of 1-D logistic regression"),
    differential(TOPIC, "tree_fit", "DT-6", S.tree_problems(),
                 arguments=lambda c: ((S.to_float(c[0]), c[1]), c[2]), exact=True,
                 doc="greedy growth: split on the largest information gain, recurse"),
    invariant(TOPIC, "tree_fit", "DT-6", "what_a_grown_tree_holds",
              S.class_labelled_sets(max_rows=30, levels=64).flatmap(
                  lambda Xy: st.tuples(st.just(Xy[0]), st.just(Xy[1]), st.fixed_dictionaries(
                      {"max_depth": st.sampled_from([None, 3]), "min_samples_leaf": st.sampled_from([1, 2, 4])}))),
              arguments=lambda c: ((S.to_float(c[0]), c[1]), c[2]), holds=_what_a_tree_holds,
              doc="counts add up, leaves respect min_samples_leaf and max_depth, leaves predict their majority"),
    differential(TOPIC, "predict", "DT-6", S.tree_problems(),
                 arguments=lambda c: ((Fitted("tree_fit", (S.to_float(c[0]), c[1])), _queries(c[0])), {}),
                 exact=True, doc="follow the stumps from the root to a leaf"),
]
