"""Hypothesis strategies for the domain of the notes, shared by the audit, the test suite and
``cs229 conform`` (and importable by anyone's own tests: ``from cs229.testing import strategies``).

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


# ---- Decision trees (001 §11.3) -----------------------------------------------------------------
# Probability vectors and count tables are exact; feature values lie on a dyadic grid (k/2^b), so
# that a tree grown on the Fractions, on their floats and on their mpf values has the same
# thresholds, and ties between values are as likely as the grid makes them.

__all__ += ["distributions", "dyadic_probability_vectors", "count_tables", "triangular_spd_matrices",
            "class_labelled_sets", "boolean_functions"]


def distributions(min_size=1, max_size=6, max_weight=12):
    """p = w / Σw for integer weights w >= 0 (zeros included, to exercise 0 log 0 = 0)."""
    weights = st.lists(st.integers(0, max_weight), min_size=min_size, max_size=max_size)
    return weights.filter(lambda w: sum(w) > 0).map(lambda w: [Fraction(v, sum(w)) for v in w])


@st.composite
def dyadic_probability_vectors(draw, max_size=6, max_exponent=4):
    """Probabilities that are multiples of 2^-e summing to 1: their entropy in bits is rational
    only when every entry is a power of ½ or 0, which ``distributions`` rarely draws."""
    size = draw(st.integers(1, max_size))
    parts = [Fraction(1)]
    while len(parts) < size:
        i = draw(st.integers(0, len(parts) - 1))
        if parts[i] <= Fraction(1, 2 ** max_exponent):
            break
        half = parts.pop(i) / 2
        parts[i:i] = [half, half]
    return draw(st.permutations(parts + [Fraction(0)] * draw(st.integers(0, 1))))


@st.composite
def count_tables(draw, min_groups=1, max_groups=4, min_classes=1, max_classes=3, max_count=12):
    """Integer tables, row j = group j, column k = class k, with at least one example."""
    g = draw(st.integers(min_groups, max_groups))
    k = draw(st.integers(min_classes, max_classes))
    table = draw(st.lists(st.lists(st.integers(0, max_count), min_size=k, max_size=k),
                          min_size=g, max_size=g))
    if sum(map(sum, table)) == 0:
        table[0][0] = 1
    return table


@st.composite
def triangular_spd_matrices(draw, n, max_denominator=4):
    """Σ = B Bᵀ with B lower triangular, diagonal in [½, 2]: exact, symmetric positive definite."""
    B = [[draw(positive_rationals(Fraction(1, 2), 2, max_denominator)) if i == j else
          draw(rationals(-1, 1, max_denominator)) if j < i else Fraction(0)
          for j in range(n)] for i in range(n)]
    return [[sum(B[i][k] * B[j][k] for k in range(n)) for j in range(n)] for i in range(n)]


@st.composite
def class_labelled_sets(draw, min_rows=2, max_rows=24, min_features=1, max_features=3, max_classes=3,
                  levels=16, distinct=False):
    """(X, y): m rows of d features k/8 with k in 0..levels−1 (dyadic, exact in float), and
    integer labels from 0..K−1. ``distinct``: the values of each column are all different."""
    d = draw(st.integers(min_features, max_features))
    K = draw(st.integers(1, max_classes))
    m = draw(st.integers(min_rows, max_rows if not distinct else min(max_rows, levels)))
    if distinct:
        columns = [draw(st.lists(st.integers(0, levels - 1), min_size=m, max_size=m, unique=True))
                   for _ in range(d)]
    else:
        columns = [draw(st.lists(st.integers(0, levels - 1), min_size=m, max_size=m)) for _ in range(d)]
    X = [[Fraction(columns[j][i], 8) for j in range(d)] for i in range(m)]
    y = draw(st.lists(st.integers(0, K - 1), min_size=m, max_size=m))
    return X, y


def boolean_functions(n):
    """A truth table of n inputs: 2ⁿ outputs in {0, 1}, row r having x₁ as its top bit."""
    return st.lists(st.integers(0, 1), min_size=2 ** n, max_size=2 ** n)

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
    feasible at w₀ (every Gᵢw₀ + rᵢ ≤ −1/2, Ew₀ + s = 0) and bounded below; P = BᵀB (+ I when
    strictly_convex). Without strict convexity c = Pv, so that the objective
    ½(w + v)ᵀP(w + v) − ½vᵀPv is bounded below whatever the constraints (a c outside the range
    of a singular P, P = 0 say, would make it unbounded)."""
    B = draw(_mat(n, n, rationals(-2, 2, 4)))
    P = [[sum(B[t][i] * B[t][j] for t in range(n)) + (1 if i == j and strictly_convex else 0)
          for j in range(n)] for i in range(n)]
    c = draw(vectors(n))
    if not strictly_convex:
        c = [sum(P[i][j] * c[j] for j in range(n)) for i in range(n)]
    w0 = draw(_vec(n, rationals(-2, 2, 4)))
    G = draw(_mat(k, n, rationals(-2, 2, 4))) if k else []
    slack = draw(st.lists(rationals(Fraction(1, 2), 3, 4), min_size=k, max_size=k))
    r = [-sum(a * b for a, b in zip(row, w0)) - s for row, s in zip(G, slack)]
    E = draw(_mat(l, n, rationals(-2, 2, 4)).filter(lambda E: all(any(row) for row in E))) if l else []
    s_eq = [-sum(a * b for a, b in zip(row, w0)) for row in E]
    return P, c, G, r, E, s_eq, w0

# ---- Part V: labelled sets for the SVM dual and SMO, quadratics for coordinate ascent ---------

__all__ += ["svm_labelled_sets", "concave_quadratics", "feasible_alphas"]

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


@st.composite
def feasible_alphas(draw, y, C=None):
    """A feasible α for labels y (0 ≤ αᵢ ≤ C, Σαᵢy⁽ⁱ⁾ = 0): random values, then the larger class
    total scaled down to the smaller (all zero when a class total is zero)."""
    hi = C if C is not None else Fraction(2)
    alpha = [draw(st.fractions(0, hi, max_denominator=6)) for _ in y]
    pos = sum(a for a, t in zip(alpha, y) if t == 1)
    neg = sum(a for a, t in zip(alpha, y) if t == -1)
    if pos == 0 or neg == 0:
        return [0 * a for a in alpha]
    target = min(pos, neg)
    return [a * target / (pos if t == 1 else neg) for a, t in zip(alpha, y)]


# ---- Naive Bayes with k-valued features (NB-5) and tree problems (DT-6, DT-7) --------------------

__all__ += ["categorical_problems", "tree_problems", "overlapping_classes"]


@st.composite
def categorical_problems(draw):
    """(X, y, k): feature j takes values 0..kⱼ−1 (kⱼ ≤ 4), labels 0/1 with both classes present."""
    n = draw(st.integers(1, 4))
    k = draw(st.lists(st.integers(1, 4), min_size=n, max_size=n))
    m = draw(st.integers(2, 10))
    X = draw(st.lists(st.tuples(*[st.integers(0, kj - 1) for kj in k]).map(list), min_size=m, max_size=m))
    y = draw(st.lists(st.integers(0, 1), min_size=m, max_size=m).filter(lambda v: 0 < sum(v) < m))
    return X, y, k


@st.composite
def tree_problems(draw, max_rows=24):
    """(X, y, options): a class-labelled set on a dyadic grid and the keyword arguments of
    tree_fit (max_depth, min_samples_leaf, discrete, and the logistic threshold for two classes)."""
    X, y = draw(class_labelled_sets(max_rows=max_rows, levels=draw(st.sampled_from([3, 6, 16, 64]))))
    d = len(X[0])
    options = dict(max_depth=draw(st.sampled_from([None, None, 0, 1, 2, 4])),
                   min_samples_leaf=draw(st.sampled_from([1, 1, 2, 3])),
                   discrete=draw(st.one_of(st.booleans(), st.lists(st.booleans(), min_size=d, max_size=d))))
    if len(set(y)) <= 2 and draw(st.booleans()):
        options["threshold"] = "logistic"
    return X, y, options


@st.composite
def overlapping_classes(draw):
    """(x, y): one feature on a grid of eighths and labels 0/1 drawn freely (the domain of the
    logistic threshold, DT-7)."""
    m = draw(st.integers(6, 30))
    x = draw(st.lists(st.integers(-40, 40), min_size=m, max_size=m))
    y = draw(st.lists(st.integers(0, 1), min_size=m, max_size=m))
    return [v / 8 for v in x], y


# ---- numpy arrays -------------------------------------------------------------------------------
# The exact draws above serve the reference; code written for numpy takes the same values as float
# arrays. ``arrays(s)`` draws from s and converts every nested list of numbers to an ndarray.

__all__ += ["to_array", "arrays"]


def to_array(value):
    """Nested lists of numbers become a numpy array (Fractions as float, integers kept integer;
    lists of flags stay lists);
    a tuple is converted item by item; ragged lists (documents) stay lists of arrays."""
    if isinstance(value, tuple):
        return tuple(to_array(v) for v in value)
    if not isinstance(value, list):
        return value
    if any(isinstance(v, list) for v in value) and len({len(v) if isinstance(v, list) else -1 for v in value}) > 1:
        return [to_array(v) for v in value]
    flat = np.ravel(np.array(value, dtype=object))
    if any(isinstance(v, (bool, np.bool_, str, bytes)) for v in flat):  # flags (tree_fit's discrete), strings: not numbers
        return value
    if all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in flat):
        return np.array(value, dtype=np.int64)
    return np.array(to_float(value), dtype=float)


def arrays(strategy):
    """The draws of ``strategy`` with every nested list of numbers as a numpy array."""
    return strategy.map(to_array)

# ---- svm, coordinate_ascent: quick rationals ----------------------------------------------------
# ``rationals`` draws through st.fractions, whose draws (and shrinks) cost many times one
# sampled_from; properties that draw dozens of multipliers, slacks and query points per case use
# these.

__all__ += ["quick_rationals"]

import functools  # noqa: E402


@functools.lru_cache(maxsize=None)
def quick_rationals(lo=-4, hi=4, max_denominator=8):
    """The Fractions p/q in [lo, hi] with q <= max_denominator (the values of ``rationals``),
    drawn from their list: simplest first (small denominator, then small |p/q|), which is where
    Hypothesis shrinks to."""
    import math
    values = {Fraction(p, q) for q in range(1, max_denominator + 1)
              for p in range(math.ceil(lo * q), math.floor(hi * q) + 1)}
    return st.sampled_from(sorted(values, key=lambda v: (v.denominator, abs(v), v < 0)))


# ---- generative, kernels, margins: the cases of their conformance properties -------------------

__all__ += ["mvn_problems"]


@st.composite
def mvn_problems(draw, max_features=3, max_rows=6):
    """(X, μ, Σ): rational points, a mean and a well-conditioned SPD covariance (MVN-1)."""
    n = draw(st.integers(1, max_features))
    X = draw(st.lists(vectors(n), min_size=1, max_size=max_rows))
    return X, draw(vectors(n)), draw(spd_matrices(n))


__all__ += ["margin_problems"]


@st.composite
def margin_problems(draw, max_features=3, min_rows=1, max_rows=8, zero_w=False):
    """(X, y, w, b, λ): rational rows, labels in {−1, 1}, a model (w, b) with w ≠ 0 (w = 0 too
    when ``zero_w``) and a scale λ > 0 (MG-1 … MG-3)."""
    n = draw(st.integers(1, max_features))
    X = draw(st.lists(vectors(n), min_size=min_rows, max_size=max_rows))
    y = draw(st.lists(st.sampled_from([-1, 1]), min_size=len(X), max_size=len(X)))
    w = draw(st.one_of(vectors(n).filter(any), st.just([Fraction(0)] * n)) if zero_w else vectors(n).filter(any))
    return X, y, w, draw(rationals()), draw(positive_rationals())



# ---- Parts I and III (linear_regression, glm, softmax): the same problems drawn on a grid ---------
# st.fractions draws slowly (numerator, denominator, reduction), and the conformance properties of
# these topics draw a design matrix per example. Here entries are eighths k/8 drawn as integers k
# (about ten times faster): values ``rationals()`` also draws, under the same conditioning of X
# and the same existence test of the MLE as ``design_matrices``, ``count_problems`` and
# ``multiclass_problems``.

__all__ += ["grid_rationals", "grid_design_matrices", "grid_regression_problems", "grid_count_problems",
            "grid_multiclass_problems"]


def grid_rationals(lo=-4, hi=4, denominator=8):
    """Multiples k/denominator in [lo, hi] (lo, hi integers)."""
    return st.integers(lo * denominator, hi * denominator).map(lambda k: Fraction(k, denominator))


@st.composite
def grid_design_matrices(draw, min_rows=3, max_rows=8, min_features=1, max_features=3, max_cond=1e3):
    """X with rows (1, x₁, ..., x_n) of eighths: m > n + 1 rows, cond(X) < max_cond."""
    from hypothesis import assume
    n = draw(st.integers(min_features, max_features))
    m = draw(st.integers(max(min_rows, n + 2), max(max_rows, n + 2)))
    X = [[Fraction(1)] + row for row in draw(_mat(m, n, grid_rationals()))]
    assume(_cond(X) < max_cond)
    return X


@st.composite
def grid_regression_problems(draw, min_rows=3, max_rows=8, min_features=1, max_features=3, max_cond=1e3):
    """(X, y, theta) as ``regression_problems``, on the grid."""
    X = draw(grid_design_matrices(min_rows, max_rows, min_features, max_features, max_cond))
    return X, draw(_vec(len(X), grid_rationals())), draw(_vec(len(X[0]), grid_rationals()))


@st.composite
def grid_count_problems(draw, min_rows=6, max_rows=12, max_features=2, max_count=6):
    """(X, y, theta) as ``count_problems``: counts whose Poisson-regression MLE exists, X on the grid."""
    from cs229.reference import glm
    X = draw(grid_design_matrices(min_rows, max_rows, 1, max_features))
    y = draw(st.lists(st.integers(0, max_count), min_size=len(X), max_size=len(X)))
    _fits(lambda: glm.poisson_regression(to_float(X), y, max_iterations=60).theta)
    return X, y, draw(_vec(len(X[0]), grid_rationals(-1, 1)))


@st.composite
def grid_multiclass_problems(draw, k=3, min_rows=8, max_rows=14, max_features=2):
    """(X, y, Theta) as ``multiclass_problems``: labels 1..k (the first row under every label),
    softmax MLE exists, X on the grid."""
    from cs229.reference import softmax
    X = draw(grid_design_matrices(min_rows, max_rows, 1, max_features))
    y = draw(st.lists(st.integers(1, k), min_size=len(X), max_size=len(X)))
    X = X + [X[0][:] for _ in range(k)]
    y = y + list(range(1, k + 1))
    zero = [[0.0] * len(X[0]) for _ in range(k - 1)]
    _fits(lambda: softmax.newton(to_float(X), y, zero, max_iterations=60).theta)
    return X, y, draw(_mat(k - 1, len(X[0]), grid_rationals(-2, 2)))
