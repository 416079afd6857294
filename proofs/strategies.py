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
    return st.lists(elements or rationals(), min_size=n, max_size=n)


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


# ---- Part V: labelled sets for the SVM dual and SMO, quadratics for coordinate ascent ---------

@st.composite
def svm_labelled_sets(draw, min_rows=4, max_rows=8, features=2, separable=None, margin=Fraction(1, 2)):
    """(X, y): rational rows with labels in {−1, 1}, both present.

    ``separable=True``: a random hyperplane wᵀx + b = 0 and every point moved along w so that
    y(wᵀx + b) ≥ ``margin`` (so the hard margin is feasible); ``False``: a separable set plus a
    point that breaks separability (a copy of an example with the other label, or the midpoint
    of two examples of one class labelled as the other); ``None``: labels drawn freely."""
    m = draw(st.integers(min_rows, max_rows))
    X = draw(matrices(m, features))
    if separable is None:
        y = draw(st.lists(st.sampled_from([-1, 1]), min_size=m, max_size=m))
        if len(set(y)) < 2:
            y[0] = -y[0]
        return X, y
    w = draw(vectors(features).filter(lambda v: any(v)))
    b = draw(rationals())
    ww = sum(v * v for v in w)
    y = draw(st.lists(st.sampled_from([-1, 1]), min_size=m, max_size=m).filter(lambda l: len(set(l)) == 2))
    rows = []
    for x, t in zip(X, y):
        s = sum(a * c for a, c in zip(w, x)) + b
        shift = t * (margin + max(Fraction(0), -t * s)) / ww
        rows.append([a + shift * c for a, c in zip(x, w)])
    if separable:
        return rows, y
    i = draw(st.integers(0, m - 1))
    if draw(st.booleans()):
        return rows + [rows[i][:]], y + [-y[i]]
    same = [k for k in range(m) if y[k] == y[i] and k != i]
    if not same:
        return rows + [rows[i][:]], y + [-y[i]]
    k = draw(st.sampled_from(same))
    return rows + [[(a + c) / 2 for a, c in zip(rows[i], rows[k])]], y + [-y[i]]


@st.composite
def concave_quadratics(draw, min_size=2, max_size=4):
    """(Q, c, α₀): Q = AᵀA + I/4 symmetric positive definite (rational), c and a start point,
    for W(α) = cᵀα − ½αᵀQα."""
    n = draw(st.integers(min_size, max_size))
    entries = rationals(-2, 2, 4)
    A = draw(st.lists(st.lists(entries, min_size=n, max_size=n), min_size=n, max_size=n))
    Q = [[sum(A[k][i] * A[k][j] for k in range(n)) + (Fraction(1, 4) if i == j else 0)
          for j in range(n)] for i in range(n)]
    return Q, draw(vectors(n)), draw(vectors(n))
