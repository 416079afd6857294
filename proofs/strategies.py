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


# ---- Parts II-III: labelled sets for logistic, Poisson and softmax regression ---------------------
# Every problem whose MLE the caller needs is filtered on a float fit by the reference: the labels
# overlap (one row carries both labels, so no hyperplane separates them strictly) and Newton from
# θ = 0 settles with a moderate θ, so the MLE exists and is well conditioned.

__all__ += ["classification_problems", "separable_problems", "count_problems",
            "multiclass_problems", "natural_parameters"]


def _list(elements, n):
    # ``vectors(n, elements)`` tests ``elements`` for truth, which Hypothesis warns about for a
    # strategy; build the list directly.
    return st.lists(elements, min_size=n, max_size=n)


def _fits(fit):
    from hypothesis import assume
    try:
        theta = fit()
    except (ArithmeticError, ValueError):
        assume(False)
    flat = np.ravel(np.array(theta, dtype=float))
    assume(np.all(np.isfinite(flat)) and np.abs(flat).max() < 8)


@st.composite
def classification_problems(draw, min_rows=6, max_rows=12, max_features=2):
    """(X, y, theta): labels in {0, 1}, not separable, logistic MLE exists (|θ| < 8)."""
    from cs229.reference import logistic_regression as lg
    X = draw(design_matrices(min_rows, max_rows, 1, max_features))
    y = draw(st.lists(st.integers(0, 1), min_size=len(X), max_size=len(X)))
    X = X + [X[0][:]]
    y = y + [1 - y[0]]
    _fits(lambda: lg.newton(to_float(X), y, max_iterations=60).theta)
    theta = draw(_list(rationals(-2, 2), len(X[0])))
    return X, y, theta


@st.composite
def separable_problems(draw, min_rows=4, max_rows=12, max_features=2, margin=Fraction(1, 4)):
    """(X, y, w): labels y = 1{wᵀx > 0} from a drawn w, every |wᵀx| >= margin·‖w‖∞."""
    from hypothesis import assume
    X = draw(design_matrices(min_rows, max_rows, 1, max_features))
    w = draw(vectors(len(X[0])))
    scale = max(abs(v) for v in w)
    assume(scale > 0)
    z = [sum(a * b for a, b in zip(row, w)) for row in X]
    assume(all(abs(v) >= margin * scale for v in z))
    y = [1 if v > 0 else 0 for v in z]
    return X, y, w


@st.composite
def count_problems(draw, min_rows=6, max_rows=12, max_features=2, max_count=6):
    """(X, y, theta): Poisson counts in 0..max_count whose Poisson-regression MLE exists."""
    from cs229.reference import glm
    X = draw(design_matrices(min_rows, max_rows, 1, max_features))
    y = draw(st.lists(st.integers(0, max_count), min_size=len(X), max_size=len(X)))
    _fits(lambda: glm.poisson_regression(to_float(X), y, max_iterations=60).theta)
    theta = draw(_list(rationals(-1, 1), len(X[0])))
    return X, y, theta


@st.composite
def multiclass_problems(draw, k=3, min_rows=8, max_rows=14, max_features=2):
    """(X, y, Theta): labels in 1..k (every class present, the first row under every label),
    softmax MLE exists; Theta holds k − 1 parameter rows."""
    from cs229.reference import softmax
    X = draw(design_matrices(min_rows, max_rows, 1, max_features))
    y = draw(st.lists(st.integers(1, k), min_size=len(X), max_size=len(X)))
    X = X + [X[0][:] for _ in range(k)]
    y = y + list(range(1, k + 1))
    zero = [[0.0] * len(X[0]) for _ in range(k - 1)]
    _fits(lambda: softmax.newton(to_float(X), y, zero, max_iterations=60).theta)
    Theta = draw(_list(_list(rationals(-2, 2), len(X[0])), k - 1))
    return X, y, Theta


def natural_parameters(lo=-6, hi=6):
    """Natural parameters η as rationals in [lo, hi]."""
    return rationals(lo, hi)
