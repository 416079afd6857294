"""A student's entropy and information gain for decision trees (001 §11.3.4) in numpy, written
for `cs229 conform` (topic entropy). A table has one row per branch and one column per class."""
import numpy as np


def _log(p, unit):
    return np.log2(p) if unit == "bits" else np.log(p)


def entropy(p, unit="bits"):
    """H(p) = −Σ p log p, with 0 log 0 = 0."""
    p = np.asarray(p, dtype=float)
    p = p[p > 0]
    return float(-np.sum(p * _log(p, unit))) + 0.0


def split_entropy(table, unit="bits"):
    """(11.19): Σ_b (m_b/m) H(Y | branch b), the branches weighted by their share of examples."""
    table = np.asarray(table, dtype=float)
    m = table.sum()
    return float(sum(row.sum() / m * entropy(row / row.sum(), unit) for row in table if row.sum() > 0))


def information_gain(table, unit="bits"):
    """(11.20): IG = H(Y) − Σ_b (m_b/m) H(Y | branch b)."""
    table = np.asarray(table, dtype=float)
    parent = table.sum(axis=0)
    return entropy(parent / parent.sum(), unit) - split_entropy(table, unit)
