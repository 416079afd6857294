"""Decision-tree benchmarks (001 §11.3): growing a full entropy tree, batched prediction, and the
reference → fast speedup."""

import cs229.fast.trees as F
import cs229.reference.trees as R

from harness import race, row


def _data(m, d, seed=0):
    from sklearn.datasets import make_classification
    return make_classification(n_samples=m, n_features=d, random_state=seed)


def _sklearn():
    from sklearn.tree import DecisionTreeClassifier
    return DecisionTreeClassifier(criterion="entropy", random_state=0)


def fit(small):
    m, d = (20_000, 20) if small else (100_000, 20)
    X, y = _data(m, d)
    t = race({"fast": lambda: F.tree_fit(X, y), "sklearn": lambda: _sklearn().fit(X, y)},
             repeats=3, warmup=0)
    return row(f"fit full tree m={m:,} d={d}", t["fast"], "sklearn DecisionTreeClassifier(entropy)",
               t["sklearn"], 1.0)


def predict(small):
    m, d = (20_000, 20) if small else (100_000, 20)
    X, y = _data(m, d)
    tree, sk = F.tree_fit(X, y), _sklearn().fit(X, y)
    Q = _data(m, d, seed=1)[0]
    assert (F.predict(tree, X) == y).all()
    t = race({"fast": lambda: F.predict(tree, Q), "sklearn": lambda: sk.predict(Q)}, repeats=9)
    return row(f"predict {m:,} rows, tree of {tree.n_nodes:,} nodes", t["fast"], "sklearn .predict",
               t["sklearn"], 1.0)


def reference_speedup(small):
    m, d = (300, 5) if small else (1_000, 10)
    X, y = _data(m, d)
    Xl, yl = X.tolist(), y.tolist()
    t = race({"fast": lambda: F.tree_fit(X, y), "reference": lambda: R.tree_fit(Xl, yl)},
             repeats=3, warmup=0)
    return row(f"reference → fast, fit m={m:,} d={d}", t["fast"], "cs229.reference", t["reference"],
               None, speedup=t["reference"] / t["fast"])


BENCHMARKS = [fit, predict, reference_speedup]
