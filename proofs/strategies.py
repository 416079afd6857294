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
