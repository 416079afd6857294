"""Decision-tree benchmarks (001 §11.3): growing a full entropy tree (at m = 100,000 in one process;
at m = 1,000,000 each fit in a fresh process, timed once with its peak memory), batched
prediction, the reference → fast speedup, and the cost curves of the fit (against m and d) and of
prediction."""

import cs229.fast.trees as F
import cs229.reference.trees as R

from harness import Curve, geometric, in_child, memory_row, race, row


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


def fit_fast(X, y):
    """The measured call of the fast fit (built in a fresh process by ``harness.in_child``)."""
    return lambda: F.tree_fit(X, y)


def fit_sklearn(X, y):
    """The measured call of scikit-learn's fit, the same tree rules (entropy, no depth limit, one
    example per leaf at least)."""
    model = _sklearn()
    return lambda: model.fit(X, y)


def fit_million(small):
    """The full tree on a million rows: one fit each (scikit-learn's takes minutes), each in its
    own fresh process, with its peak memory (see ``harness.in_child``). The fast fit adds the
    d·m·4 bytes of its presorted orders to the data; scikit-learn copies X to float32, the same
    d·m·4 bytes."""
    m, d = (100_000, 20) if small else (1_000_000, 20)
    X, y = _data(m, d)
    fast, peer = in_child(fit_fast, X, y), in_child(fit_sklearn, X, y)
    return memory_row(f"fit full tree m={m:,} d={d}, own process", fast,
                      "sklearn DecisionTreeClassifier(entropy), one run each", peer, 0.5, 1.5)


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


BENCHMARKS = [fit, fit_million, predict, reference_speedup]


def _fit_at(m, d):
    X, y = _data(m, d)
    return {"fast": lambda: F.tree_fit(X, y), "sklearn": lambda: _sklearn().fit(X, y)}


def _predict_at(m):
    X, y = _data(50_000, 20)
    tree, sk = F.tree_fit(X, y), _sklearn().fit(X, y)
    Q = _data(m, 20, seed=1)[0]
    return {"fast": lambda: F.predict(tree, Q), "sklearn": lambda: sk.predict(Q)}


CURVES = [
    Curve("tree fit (full tree)", "m", geometric(15_625, 5), geometric(5_000, 4),
          lambda m: _fit_at(m, 20), "d=20"),
    Curve("tree fit (full tree)", "d", geometric(5, 5), geometric(5, 4), lambda d: _fit_at(50_000, d),
          "m=50,000"),
    Curve("tree predict (a tree of 50,000 rows)", "m", geometric(62_500, 5), geometric(25_000, 4),
          _predict_at, "d=20"),
]
