"""Hypothesis strategies for the domain of the notes, shared by the audit and the test suite
(and importable by anyone's own tests: ``from cs229.proofs import strategies``).

Values are drawn as exact rationals (``fractions.Fraction`` with small denominators) so that one
draw serves the exact oracle, the 50-digit oracle (``to_mpf``) and float code (``to_float``)
alike. Design matrices carry the intercept column x₀ = 1 and are well conditioned (cond < 1e3
in float), because the notes' formulas are only meaningful there.
"""
from fractions import Fraction

import mpmath
import numpy as np
from hypothesis import strategies as st

__all__ = ["rationals", "vectors", "matrices", "square_matrices", "nonsingular_matrices",
           "design_matrices", "regression_problems", "positive_rationals", "to_float",
           "to_mpf", "convert"]


def rationals(lo=-4, hi=4, max_denominator=8):
    """Fractions p/q in [lo, hi] with q <= max_denominator."""
    return st.fractions(min_value=lo, max_value=hi, max_denominator=max_denominator)


def positive_rationals(lo=Fraction(1, 4), hi=4, max_denominator=8):
    return st.fractions(min_value=lo, max_value=hi, max_denominator=max_denominator)


def vectors(n, elements=None):
    return st.lists(rationals() if elements is None else elements, min_size=n, max_size=n)


def matrices(rows, cols, elements=None):
    return st.lists(vectors(cols, elements), min_size=rows, max_size=rows)


def _cond(M):
    a = np.array([[float(x) for x in row] for row in M])
    with np.errstate(all="ignore"):
        return np.linalg.cond(a)


def square_matrices(n, elements=None):
    return matrices(n, n, elements)


def nonsingular_matrices(n, elements=None, max_cond=1e3):
    """n×n rational matrices with float condition number below max_cond."""
    return square_matrices(n, elements).filter(lambda A: _cond(A) < max_cond)


@st.composite
def design_matrices(draw, min_rows=3, max_rows=8, min_features=1, max_features=3, max_cond=1e3):
    """X with rows (1, x₁, ..., x_n): m > n + 1 rows, full column rank, cond(X) < max_cond."""
    n = draw(st.integers(min_features, max_features))
    m = draw(st.integers(max(min_rows, n + 2), max(max_rows, n + 2)))
    rows = draw(matrices(m, n))
    X = [[Fraction(1)] + row for row in rows]
    if not _cond(X) < max_cond:
        from hypothesis import assume
        assume(False)
    return X


@st.composite
def regression_problems(draw, min_rows=3, max_rows=8, min_features=1, max_features=3):
    """(X, y, theta): a well-conditioned design matrix, targets and a parameter vector."""
    X = draw(design_matrices(min_rows, max_rows, min_features, max_features))
    y = draw(vectors(len(X)))
    theta = draw(vectors(len(X[0])))
    return X, y, theta


def convert(value, to):
    """Apply ``to`` to every number in nested lists/tuples."""
    if isinstance(value, (list, tuple)):
        return type(value)(convert(v, to) for v in value)
    return to(value)


def to_float(value):
    return convert(value, float)


def to_mpf(value):
    """Exact rationals become mpf at the current mpmath precision."""
    return convert(value, lambda x: mpmath.mpf(x.numerator) / x.denominator
                   if isinstance(x, Fraction) else mpmath.mpf(x))


# ---- Part IV (generative learning): SPD matrices, labelled data, binary features, documents ----

__all__ += ["spd_matrices", "probability_vectors", "gda_problems", "binary_problems",
            "count_vectors", "token_documents"]


@st.composite
def spd_matrices(draw, n, max_cond=1e3):
    """Symmetric positive definite n×n rationals B Bᵀ + D (D a positive diagonal), cond < max_cond."""
    # st.lists directly: ``vectors(n, elements)`` would test the strategy's truth value
    B = draw(st.lists(st.lists(rationals(-2, 2, 4), min_size=n, max_size=n), min_size=n, max_size=n))
    D = draw(st.lists(positive_rationals(Fraction(1, 4), 2, 4), min_size=n, max_size=n))
    S = [[sum(B[i][k] * B[j][k] for k in range(n)) + (D[i] if i == j else 0) for j in range(n)]
         for i in range(n)]
    if not _cond(S) < max_cond:
        from hypothesis import assume
        assume(False)
    return S


@st.composite
def probability_vectors(draw, k, positive=True):
    """k exact probabilities summing to 1 (all > 0 unless ``positive`` is False)."""
    weights = draw(st.lists(st.integers(1 if positive else 0, 9), min_size=k, max_size=k)
                   .filter(lambda w: sum(w) > 0))
    total = sum(weights)
    return [Fraction(w, total) for w in weights]


@st.composite
def gda_problems(draw, min_features=1, max_features=3, max_rows=10, max_cond=1e3):
    """(X, y) for GDA: rational rows x ∈ Rⁿ (no intercept), labels 0/1 with both classes present
    and a pooled within-class scatter that is well conditioned (so Σ is positive definite)."""
    n = draw(st.integers(min_features, max_features))
    m = draw(st.integers(n + 3, max(max_rows, n + 3)))
    X = draw(matrices(m, n))
    y = draw(st.lists(st.integers(0, 1), min_size=m, max_size=m).filter(lambda v: 0 < sum(v) < len(v)))
    a = np.array([[float(v) for v in row] for row in X])
    labels = np.array(y)
    centred = a.copy()
    for c in (0, 1):
        centred[labels == c] -= a[labels == c].mean(axis=0)
    with np.errstate(all="ignore"):
        if not np.linalg.cond(centred.T @ centred) < max_cond:
            from hypothesis import assume
            assume(False)
    return X, y


@st.composite
def binary_problems(draw, min_rows=2, max_rows=10, min_features=1, max_features=5):
    """(X, y): binary features (ints 0/1) and labels with both classes present."""
    n = draw(st.integers(min_features, max_features))
    m = draw(st.integers(max(min_rows, 2), max(max_rows, 2)))
    X = draw(st.lists(st.lists(st.integers(0, 1), min_size=n, max_size=n), min_size=m, max_size=m))
    y = draw(st.lists(st.integers(0, 1), min_size=m, max_size=m).filter(lambda v: 0 < sum(v) < len(v)))
    return X, y


def count_vectors(k, max_count=9):
    """k non-negative integer counts (zeros included)."""
    return st.lists(st.integers(0, max_count), min_size=k, max_size=k)


@st.composite
def token_documents(draw, min_vocabulary=1, max_vocabulary=8, max_documents=8, max_length=6):
    """(documents, y, vocabulary_size): documents of any length (possibly empty) as lists of word
    ids in 0..|V|−1, with labels 0/1 and both classes present."""
    size = draw(st.integers(min_vocabulary, max_vocabulary))
    m = draw(st.integers(2, max(max_documents, 2)))
    docs = draw(st.lists(st.lists(st.integers(0, size - 1), max_size=max_length), min_size=m, max_size=m))
    y = draw(st.lists(st.integers(0, 1), min_size=m, max_size=m).filter(lambda v: 0 < sum(v) < len(v)))
    return docs, y, size
