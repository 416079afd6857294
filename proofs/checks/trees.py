"""Decision-tree checks (001 §11.3): XOR, expressiveness, entropy, the Gaussian entropy, split
entropy and information gain, and the greedy choice."""
from fractions import Fraction
from functools import lru_cache

import mpmath
import sympy as sp
from hypothesis import strategies as st

from cs229.reference import entropy as E
from cs229.reference import trees as T

from .. import strategies as S
from ..checking import Step, chain, combine, draw, fmt, numeric_erratum, sampled
from ..registry import Outcome, check


def _exact_points(ctx, strategy, predicate, n=None):
    points = draw(ctx, strategy, n)
    bad = [p for p in points if not predicate(p)]
    detail = f"fails at {fmt(bad[0])}" if bad else ""
    return Outcome(not bad, f"{len(points)} points, exact", 0.0 if not bad else 1.0, detail)


def _tight(ctx, margin=5):
    return mpmath.mpf(10) ** (-(ctx.digits - margin))


# ---- DT-1 ------------------------------------------------------------------------------------

@check("DT-1", "XOR has no linear separator (Farkas certificate), a depth-2 tree is exact",
       "001 §11.3.1", "identity")
def xor_not_linear(ctx):
    X, y = T.xor_data()
    signs = [2 * t - 1 for t in y]
    # λ = (1, 1, 1, 1) >= 0 with Σ λᵢ sᵢ (xᵢ, 1) = 0: summing sᵢ(wᵀxᵢ + b) >= 1 over i gives 0 >= 4
    certificate = [sum(s * row[j] for s, row in zip(signs, X)) for j in range(2)] + [sum(signs)]
    no_separator = all(c == 0 for c in certificate)
    w, b, mistakes = [Fraction(0)] * 2, Fraction(0), 0
    for _ in range(100):  # the perceptron never completes a clean pass
        mistakes = 0
        for row, s in zip(X, signs):
            if s * (w[0] * row[0] + w[1] * row[1] + b) <= 0:
                w = [w[0] + s * row[0], w[1] + s * row[1]]
                b += s
                mistakes += 1
    trees_exact = all(T.predict(t, X) == y for t in (T.xor_tree(), T.tree_fit(X, y), T.tree_fit(X, y, discrete=True)))
    depths = {T.xor_tree().depth, T.tree_fit(X, y).depth}
    passed = no_separator and mistakes > 0 and trees_exact and depths == {2}
    return Outcome(passed, "exact", 0.0,
                   f"Σλᵢsᵢ(xᵢ,1) = {certificate}; perceptron: {mistakes} mistakes in its 100th pass; "
                   f"trees exact: {trees_exact}, depth {sorted(depths)}")


# ---- DT-2 ------------------------------------------------------------------------------------

@check("DT-2", "a tree with 2ⁿ leaves computes any boolean function; so does the greedy tree",
       "001 §11.3.2", "identity")
def boolean_trees(ctx):
    def exact(table):
        n = len(table).bit_length() - 1
        built = T.boolean_function_tree(table)
        rows = [[(r >> (n - 1 - j)) & 1 for j in range(n)] for r in range(2 ** n)]
        greedy = T.tree_fit(rows, table) if n else None
        return (T.truth_table(built) == table and built.n_leaves == 2 ** n
                and (greedy is None or (T.predict(greedy, rows) == table and greedy.n_leaves <= 2 ** n)))
    tables = st.integers(1, 5).flatmap(S.boolean_functions)
    return _exact_points(ctx, tables, exact, n=min(ctx.examples, 30))


@lru_cache(maxsize=None)
def _all_tree_tables(n, free):
    """The truth tables (over n inputs) of every tree that asks only the variables in ``free``,
    none twice on a path, one entry per tree."""
    tables = [tuple([0] * 2 ** n), tuple([1] * 2 ** n)]
    for v in free:
        rest = tuple(u for u in free if u != v)
        subtrees = _all_tree_tables(n, rest)
        bit = 1 << (n - 1 - v)
        for low in subtrees:
            for high in subtrees:
                tables.append(tuple(high[r] if r & bit else low[r] for r in range(2 ** n)))
    return tables


def _enumerated(n):
    tables = _all_tree_tables(n, tuple(range(n)))
    return len(tables), len(set(tables))


class _Inputs(int):
    """n, printed with what the enumeration found, so that the erratum's witness reads well."""

    def __str__(self):
        trees, functions = _enumerated(self)
        return f"n = {int(self)}: {trees} trees, {functions} functions"


@check("DT-2", "2^(2ⁿ) functions, all computed by trees; the trees themselves are more",
       "001 §11.3.2", "identity")
def count_functions_and_trees(ctx):
    def residuals(n):
        trees, functions = _enumerated(n)
        printed = trees - T.count_boolean_functions(n)
        corrected = abs(functions - T.count_boolean_functions(n)) + abs(trees - T.count_trees(n))
        return printed, corrected
    outcome = numeric_erratum(
        ctx, "DT-2", "001 §11.3.2",
        "2^(2ⁿ) ... is the number of decision trees one could build given an n-dimensional "
        "boolean input",
        "2^(2ⁿ) is the number of distinct functions (functionally distinct trees); the trees are "
        "more: with no variable asked twice on a path T(0) = 2, T(n) = 2 + n·T(n−1)², i.e. 6, 74, "
        "16430 for n = 1, 2, 3",
        st.integers(1, 3).map(_Inputs), lambda n: residuals(n)[0], lambda n: residuals(n)[1], 0, n=min(ctx.examples, 6))
    shown = ", ".join(f"n={n}: {_enumerated(n)[0]} trees, {_enumerated(n)[1]} functions" for n in (1, 2, 3))
    return Outcome(outcome.passed, "all trees enumerated, n ≤ 3", outcome.residual,
                   outcome.detail or shown, outcome.errata)


@check("DT-2", "2ⁿ leaves are necessary in the worst case: parity needs them, no function more",
       "001 §11.3.2", "identity")
def worst_case_leaves(ctx):
    shown, passed = [], True
    for n in (1, 2, 3):
        sizes = [T.minimal_leaves([(f >> r) & 1 for r in range(2 ** n)]) for f in range(2 ** 2 ** n)]
        parity = T.minimal_leaves([bin(r).count("1") % 2 for r in range(2 ** n)])
        passed &= max(sizes) == 2 ** n == parity and min(sizes) == 1
        shown.append(f"n={n}: leaves needed 1..{max(sizes)}, parity {parity}")
    return Outcome(passed, "all functions, n ≤ 3", 0.0, "; ".join(shown))


# ---- DT-3 ------------------------------------------------------------------------------------

@check("DT-3", "the Bernoulli entropy H(π) is maximal at π = ½ (1 bit); π log π → 0",
       "001 §11.3.4 (11.13)", "derivation")
def bernoulli_maximum(ctx):
    pi = sp.Symbol("pi", positive=True)
    H = -pi * sp.log(pi) - (1 - pi) * sp.log(1 - pi)
    dH = sp.diff(H, pi)
    critical = sp.solve(sp.Eq(dH, 0), pi)
    d2H = sp.simplify(sp.diff(H, pi, 2))
    concave = sp.simplify(d2H + 1 / (pi * (1 - pi))) == 0  # −1/(π(1−π)) < 0 on (0, 1)
    at_half = sp.simplify(H.subs(pi, sp.Rational(1, 2)) / sp.log(2))
    limit = sp.limit(pi * sp.log(pi), pi, 0, "+")
    steps = chain([Step(dH, "dH/dπ"), Step(sp.log(1 - pi) - sp.log(pi), "= log((1−π)/π), zero only at π = ½")],
                  "DT-3", "001 §11.3.4")
    passed = steps.passed and critical == [sp.Rational(1, 2)] and concave and at_half == 1 and limit == 0
    return Outcome(passed, "symbolic", 0.0,
                   f"H′ = 0 at π ∈ {critical}; H″ = {d2H}; H(½) = {at_half} bit; lim π log π = {limit}")


@check("DT-3", "(11.13) is the entropy of Bernoulli(p/(p+n)); the reference at 50 digits",
       "001 §11.3.4 (11.13)", "identity")
def bernoulli_counts(ctx):
    p, n = sp.symbols("p n", positive=True)
    q = p / (p + n)
    printed = -(p / (p + n) * sp.log(p / (p + n)) + n / (n + p) * sp.log(n / (n + p)))
    symbolic = chain([Step(-q * sp.log(q) - (1 - q) * sp.log(1 - q), "H(Bernoulli(π)), π = p/(p+n)"),
                      Step(printed, "(11.13)")], "DT-3", "001 §11.3.4 (11.13)")

    def residual(counts):
        a, b = (mpmath.mpf(c) for c in counts)
        expected = -(a / (a + b) * mpmath.log(a / (a + b), 2) + b / (a + b) * mpmath.log(b / (a + b), 2)) \
            if a and b else mpmath.mpf(0)
        return abs(E.bernoulli_entropy(a, b) - expected) + abs(E.bernoulli_entropy(a, b) - E.entropy([a / (a + b), b / (a + b)]))
    counts = st.tuples(st.integers(0, 50), st.integers(0, 50)).filter(lambda c: sum(c) > 0)
    return combine(symbolic, sampled(ctx, counts, residual, _tight(ctx)))


@check("DT-3", "(11.12): 0 ≤ H ≤ log K, log K at the uniform law; exact for dyadic p",
       "001 §11.3.4 (11.12)", "identity")
def entropy_bounds(ctx):
    def residual(p):
        q = S.to_mpf(p)
        H = E.entropy(q)
        K = len(q)
        uniform = E.entropy([mpmath.mpf(1) / K] * K)
        return max(0, -H) + max(0, H - mpmath.log(K, 2)) + abs(uniform - mpmath.log(K, 2))

    def dyadic(p):
        exact = E.entropy(p)  # every q is 2^−e, so −q log₂ q = q·e
        return isinstance(exact, Fraction) and exact == sum(q * (q.denominator.bit_length() - 1)
                                                             for q in p if q)
    return combine(sampled(ctx, S.distributions(), residual, _tight(ctx)),
                   _exact_points(ctx, S.dyadic_probability_vectors(), dyadic))


# ---- DT-4 ------------------------------------------------------------------------------------

def _gaussian_integrand(Sigma):
    n = len(Sigma)
    if n == 1:
        s2 = Sigma[0][0]
        c = mpmath.sqrt(2 * mpmath.pi * s2)
        return lambda x: _minus_plogp(mpmath.exp(-x * x / (2 * s2)) / c)
    a, b, d = Sigma[0][0], Sigma[0][1], Sigma[1][1]
    det = a * d - b * b
    c = 2 * mpmath.pi * mpmath.sqrt(det)
    return lambda x1, x2: _minus_plogp(mpmath.exp(-(d * x1 * x1 - 2 * b * x1 * x2 + a * x2 * x2) / (2 * det)) / c)


def _minus_plogp(v):
    return -v * mpmath.log(v) if v > 0 else mpmath.mpf(0)


@check("DT-4", "(11.14) against −∫ p log p by quadrature, 1-D at 50 digits", "001 §11.3.4 (11.14)",
       "identity")
def gaussian_entropy_1d(ctx):
    def residual(s2):
        Sigma = [[mpmath.mpf(s2.numerator) / s2.denominator]]
        integral = mpmath.quad(_gaussian_integrand(Sigma), [-mpmath.inf, 0, mpmath.inf])
        return abs(E.gaussian_entropy(Sigma) - integral)
    return sampled(ctx, S.positive_rationals(Fraction(1, 8), 8), residual, _tight(ctx, 8),
                   n=min(ctx.examples, 6))


@check("DT-4", "(11.14) against −∫ p log p by quadrature, 2-D at 20 digits", "001 §11.3.4 (11.14)",
       "identity")
def gaussian_entropy_2d(ctx):
    R = 9  # the box ±9 standard deviations leaves out mass e^(−40) ≈ 4e-18 of the integral

    def residual(Sigma):
        Sigma = S.to_mpf(Sigma)
        r1, r2 = R * mpmath.sqrt(Sigma[0][0]), R * mpmath.sqrt(Sigma[1][1])
        integral = mpmath.quad(_gaussian_integrand(Sigma), [-r1, r1], [-r2, r2], method="gauss-legendre")
        return abs(E.gaussian_entropy(Sigma) - integral)
    return sampled(ctx, S.triangular_spd_matrices(2), residual, mpmath.mpf(10) ** -15, n=min(ctx.examples, 2),
                   digits=20)


@check("DT-4", "(11.14) from −E log p: ½log((2π)ⁿ|Σ|) + ½tr(Σ⁻¹Σ) = ½n[1+log 2π] + ½log|Σ|",
       "001 §11.3.4 (11.14)", "derivation")
def gaussian_entropy_chain(ctx):
    outcomes = []
    for n in (1, 2, 3):
        Sigma = sp.Matrix(n, n, lambda i, j: sp.Symbol(f"s{min(i, j) + 1}{max(i, j) + 1}", real=True))
        D = sp.Symbol("D", positive=True)  # |Σ| > 0
        outcomes.append(chain([
            Step(sp.log((2 * sp.pi) ** n * D) / 2 + (Sigma.inv() * Sigma).trace() / 2,
                 "−E log p: the normaliser and E[(x−μ)ᵀΣ⁻¹(x−μ)] = tr(Σ⁻¹Σ)"),
            Step(sp.expand_log(sp.log((2 * sp.pi) ** n * D), force=True) / 2 + sp.Rational(n, 2), "tr I = n"),
            Step(sp.Rational(n, 2) * (1 + sp.log(2 * sp.pi)) + sp.log(D) / 2, "(11.14)"),
        ], "DT-4", "001 §11.3.4 (11.14)", f"n={n}"))
    return combine(*outcomes)


# ---- DT-5 ------------------------------------------------------------------------------------

def _mpf_table(table):
    return [[mpmath.mpf(c) for c in row] for row in table]


@check("DT-5", "(11.19)-(11.20): information gain ≥ 0, and 0 for proportional groups",
       "001 §11.3.4 (11.19)-(11.20)", "identity")
def gain_non_negative(ctx):
    def negative_part(table):
        return max(0, -E.information_gain(_mpf_table(table)))

    def proportional(args):
        base, scales = args
        return abs(E.information_gain(_mpf_table([[c * s for c in base] for s in scales])))
    scaled = st.tuples(st.lists(st.integers(1, 6), min_size=2, max_size=3),
                       st.lists(st.integers(1, 4), min_size=2, max_size=4))
    return combine(sampled(ctx, S.count_tables(), negative_part, _tight(ctx)),
                   sampled(ctx, scaled, proportional, _tight(ctx)))


@check("DT-5", "information gain (11.20) = mutual information Σ p(x,y) log p(x,y)/(p(x)p(y))",
       "001 §11.3.4 (11.20)", "identity")
def gain_is_mutual_information(ctx):
    def residual(table):
        t = _mpf_table(table)
        m = sum(sum(row) for row in t)
        rows = [sum(row) for row in t]
        cols = [sum(row[k] for row in t) for k in range(len(t[0]))]
        mi = sum(c / m * mpmath.log(c * m / (rows[j] * cols[k]), 2)
                 for j, row in enumerate(t) for k, c in enumerate(row) if c)
        return abs(E.information_gain(t) - mi)
    return sampled(ctx, S.count_tables(), residual, _tight(ctx))


@check("DT-5", "(11.19) as weighted Bernoulli entropies = (1/m)Σⱼ[mⱼlog mⱼ − pⱼlog pⱼ − nⱼlog nⱼ]",
       "001 §11.3.4 (11.15)-(11.19)", "derivation")
def split_entropy_chain(ctx):
    k = 2
    p = sp.symbols(f"p1:{k + 1}", positive=True)
    n = sp.symbols(f"n1:{k + 1}", positive=True)
    P, N = sum(p), sum(n)

    def bern(a, b):
        q = a / (a + b)
        return -q * sp.log(q) - (1 - q) * sp.log(1 - q)
    printed = sum((pj + nj) / (P + N) * bern(pj, nj) for pj, nj in zip(p, n))
    counts = sum((pj + nj) * sp.log(pj + nj) - pj * sp.log(pj) - nj * sp.log(nj) for pj, nj in zip(p, n)) / (P + N)
    symbolic = chain([Step(sp.expand_log(printed, force=True), "(11.19), entropies in nats"),
                      Step(sp.expand_log(counts, force=True), "the score S/m of the tree builder")],
                     "DT-5", "001 §11.3.4 (11.19)", f"k={k}")

    def residual(table):
        m = sum(map(sum, table))
        return abs(mpmath.mpf(T.split_score(table)) - m * mpmath.log(2) * E.split_entropy(_mpf_table(table))) / (1 + m * m)
    # split_score is float64: rounding of a few ulps of m ln m
    return combine(symbolic, sampled(ctx, S.count_tables(max_count=40), residual, mpmath.mpf(10) ** -14,
                                     label=f"{ctx.examples} points, float64 score vs 50 digits"))


# ---- DT-6 ------------------------------------------------------------------------------------

def _root_candidates(X, y, discrete):
    """Every split the root could take, as (feature, threshold or None, count table)."""
    classes = sorted(set(y))
    out = []
    for j in range(len(X[0])):
        values = sorted(set(row[j] for row in X))
        if discrete:
            groups = [[i for i, row in enumerate(X) if row[j] == v] for v in values]
            if len(groups) > 1:
                out.append((j, None, [[sum(1 for i in g if y[i] == c) for c in classes] for g in groups]))
            continue
        for a, b in zip(values, values[1:]):
            theta = (a + b) / 2
            left = [i for i, row in enumerate(X) if row[j] <= theta]
            right = [i for i, row in enumerate(X) if row[j] > theta]
            out.append((j, theta, [[sum(1 for i in g if y[i] == c) for c in classes] for g in (left, right)]))
    return out


@check("DT-6", "the greedy root split has the largest information gain of all candidates",
       "001 §11.3.5-11.3.6", "optimality")
def greedy_root_is_best(ctx):
    def shortfall(args):
        (X, y), discrete = args
        tree = T.tree_fit(X, y, max_depth=1, discrete=discrete)
        candidates = _root_candidates(X, y, discrete)
        if not candidates or len(set(y)) < 2:
            return 0 if isinstance(tree.root, T.Leaf) else 1
        gains = [E.information_gain(_mpf_table(t)) for _, _, t in candidates]
        root = tree.root
        chosen = [g for (j, theta, _), g in zip(candidates, gains)
                  if j == root.feature and (discrete or theta == root.threshold)]
        return max(gains) - chosen[0]
    problems = st.tuples(S.class_labelled_sets(max_rows=16, levels=6), st.booleans())
    return sampled(ctx, problems, shortfall, mpmath.mpf(10) ** -12, n=min(ctx.examples, 30))
