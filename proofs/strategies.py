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


# ---- Part V: labelled sets, symmetric matrices, strings, small convex problems ------------------
# Appended for margins, duality and kernels (MG, OMC, LD, KR).

__all__ += ["separable_sets", "labelled_sets", "symmetric_matrices", "psd_matrices", "words",
            "convex_qps"]


def _vec(n, elements):
    # vectors(n, elements) tests ``elements or ...``, which Hypothesis warns about for a strategy
    return st.lists(elements, min_size=n, max_size=n)


def _mat(rows, cols, elements):
    return st.lists(_vec(cols, elements), min_size=rows, max_size=rows)


@st.composite
def labelled_sets(draw, n=2, min_m=4, max_m=8):
    """(X, y): m rational points in ℝⁿ (distinct) with labels in {−1, 1}, both classes present."""
    m = draw(st.integers(min_m, max_m))
    X = draw(st.lists(vectors(n), min_size=m, max_size=m, unique_by=tuple))
    y = draw(st.lists(st.sampled_from([-1, 1]), min_size=m, max_size=m).filter(lambda v: len(set(v)) == 2))
    return X, y


@st.composite
def separable_sets(draw, n=2, min_m=4, max_m=8, gap=Fraction(1, 4)):
    """(X, y) linearly separable: labels are the sign of w₀ᵀx + b₀ for a drawn (w₀, b₀), and no
    point lies within ``gap`` (in units of |w₀ᵀx + b₀|) of that boundary; both classes present."""
    w0 = draw(_vec(n, rationals(-2, 2, 4)).filter(lambda w: any(w)))
    b0 = draw(rationals(-2, 2, 4))
    m = draw(st.integers(min_m, max_m))
    point = vectors(n).filter(lambda x: abs(sum(a * b for a, b in zip(w0, x)) + b0) >= gap)
    X = draw(st.lists(point, min_size=m, max_size=m, unique_by=tuple))
    y = [1 if sum(a * b for a, b in zip(w0, x)) + b0 > 0 else -1 for x in X]
    from hypothesis import assume
    assume(len(set(y)) == 2)
    return X, y


def symmetric_matrices(n, elements=None):
    """n×n symmetric rational matrices."""
    return _mat(n, n, elements or rationals()).map(
        lambda A: [[A[max(i, j)][min(i, j)] for j in range(n)] for i in range(n)])


@st.composite
def psd_matrices(draw, n, max_rank=None):
    """BᵀB for a rational r×n matrix B (r ≤ max_rank, default n): PSD, singular when r < n."""
    r = draw(st.integers(1, max_rank or n))
    B = draw(matrices(r, n))
    return [[sum(B[k][i] * B[k][j] for k in range(r)) for j in range(n)] for i in range(n)]


def words(alphabet="ab", min_size=0, max_size=12):
    """Strings over a small alphabet, so that k-substrings repeat and match."""
    return st.text(alphabet=alphabet, min_size=min_size, max_size=max_size)


@st.composite
def convex_qps(draw, n=2, k=2, l=0, strictly_convex=True):
    """(P, c, G, r, E, s, w₀): min ½wᵀPw + cᵀw s.t. Gᵢw + rᵢ ≤ 0, Eᵢw + sᵢ = 0, strictly
    feasible at w₀ (every Gᵢw₀ + rᵢ ≤ −1/2, Ew₀ + s = 0); P = BᵀB (+ I when strictly_convex)."""
    B = draw(_mat(n, n, rationals(-2, 2, 4)))
    P = [[sum(B[t][i] * B[t][j] for t in range(n)) + (1 if i == j and strictly_convex else 0)
          for j in range(n)] for i in range(n)]
    c = draw(vectors(n))
    w0 = draw(_vec(n, rationals(-2, 2, 4)))
    G = draw(_mat(k, n, rationals(-2, 2, 4))) if k else []
    slack = draw(st.lists(rationals(Fraction(1, 2), 3, 4), min_size=k, max_size=k))
    r = [-sum(a * b for a, b in zip(row, w0)) - s for row, s in zip(G, slack)]
    E = draw(_mat(l, n, rationals(-2, 2, 4)).filter(lambda E: all(any(row) for row in E))) if l else []
    s_eq = [-sum(a * b for a, b in zip(row, w0)) for row in E]
    return P, c, G, r, E, s_eq, w0
