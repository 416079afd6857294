"""Decision-tree checks (001 §11.3): XOR, expressiveness, entropy, the Gaussian entropy, split
entropy and information gain, and the greedy choice."""
import sys
from fractions import Fraction
from functools import lru_cache

import mpmath
import sympy as sp
from hypothesis import strategies as st

from cs229.reference import entropy as E
from cs229.reference import trees as T
from cs229.testing import strategies as S

from ..checking import as_printed, relies_on, Step, chain, combine, draw, fmt, sampled
from ..printed import form_of, printed, value_of, with_forms
from ..registry import Erratum, Outcome, Quote, check, unchecked
from ..text import Function, Indexed, NotationError, Reading, copies


def _exact_points(ctx, strategy, predicate, n=None):
    points = draw(ctx, strategy, n)
    bad = [p for p in points if not predicate(p)]
    detail = f"fails at {fmt(bad[0])}" if bad else ""
    return Outcome(not bad, f"{len(points)} points, exact", 0.0 if not bad else 1.0, detail)


THIS = sys.modules[__name__]  # the self-test's mutants replace this module's helpers


def _tight(ctx, margin=5):
    return mpmath.mpf(10) ** (-(ctx.digits - margin))


# ---- DT-1 ------------------------------------------------------------------------------------

XOR = Quote("001", 109, r"we are given training data consistent with  $h(x) = x_1 \oplus x_2$  (see Figure 11.1). This hypothesis cannot be represented with a linear decision boundary.")
XOR_TREE = Quote("001", 111, r"We start by looking at one feature ( $x_2$ ) and ask if  $x_2$  **is zero or one**")
XOR_LEAF = Quote("001", 111, r"For example, if  $x_2$  and  $x_1$  are zero we have output as zero.")
REAPPEAR = Quote("001", 118, r"The same attribute ( $x_i$ ) can reappear in a tree (i.e.  $x_1$  )")
XOR_TABLE = Quote("001", 133, r"For example  $h(x) = x_1 \oplus x_2$  can express in the table below")


def _features_asked(node):
    """The features the splits of a subtree ask, with repeats."""
    if isinstance(node, T.Leaf):
        return []
    return [node.feature] + _features_asked(node.left) + _features_asked(node.right)


@relies_on(T, "xor_tree", lambda f: lambda: T.Tree(T.Split(1, Fraction(1, 2), T.Leaf(0), T.Leaf(1)), 2, (0, 1)),
           "the tree reduced to its root stump on x₂")
@check("DT-1", "XOR has no linear separator (Farkas certificate); the tree asking x₂ then x₁ (x₁ twice) is exact",
       "001 §11.3.1", "identity", quotes=(XOR, XOR_TREE, XOR_LEAF, REAPPEAR, XOR_TABLE))
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
    asked = _features_asked(T.xor_tree().root)
    # 001's tree: x₂ (index 1) at the root, x₁ (index 0) asked on both branches; x₁ = x₂ = 0 gives 0
    printed_tree = asked[0] == 1 and asked.count(0) == 2 and T.predict(T.xor_tree(), [[0, 0]]) == [0]
    passed = no_separator and mistakes > 0 and trees_exact and depths == {2} and printed_tree
    return Outcome(passed, "exact", 0.0,
                   f"Σλᵢsᵢ(xᵢ,1) = {certificate}; perceptron: {mistakes} mistakes in its 100th pass; "
                   f"trees exact: {trees_exact}, depth {sorted(depths)}; x₂ first, then x₁ on both branches: "
                   f"{printed_tree}")


RESTAURANT = Quote("001", 123, "If no one there, we should not eat there. If someone there, we will step in this restaurant, but if it is full, we will decide on how long it take to wait?")
RESTAURANT_WAIT = Quote("001", 123, "If it is less than ten minute, we will eat there. If it is greater than an hour, we will not eat there")
RESTAURANT_FEATURES = Quote("001", 125, "which contains a boolean values representing if patrons are there, the state of our hunger, and a continuous value representing the wait estimate")

PATRONS = ("none", "some", "full")


def restaurant(patrons, hungry, wait):
    """001 §11.3.1's decision: no patrons, do not eat; some, eat; full, by the wait (under ten
    minutes eat, over an hour do not, in between eat when hungry). 1 = eat."""
    if patrons == "none":
        return 0
    if patrons == "some":
        return 1
    if wait < 10:
        return 1
    if wait > 60:
        return 0
    return 1 if hungry else 0


# how the features encode the patrons: as printed (a boolean, 'patrons are there'), or with the
# three answers the decision distinguishes
PATRON_ENCODINGS = {"boolean": {"none": 0, "some": 1, "full": 1}, "three-valued": {"none": 0, "some": 1, "full": 2}}
PRINTED_ENCODING = "boolean"


@relies_on(THIS, "restaurant", lambda f: lambda patrons, hungry, wait: f("some" if patrons == "full" else patrons, hungry, wait),
           "a full restaurant treated as one with some patrons")
@check("DT-1", "001's restaurant tree asks none / some / full: a boolean 'patrons are there' feature cannot carry it",
       "001 §11.3.1", "identity", quotes=(RESTAURANT, RESTAURANT_WAIT, RESTAURANT_FEATURES))
def restaurant_features(ctx):
    """Every situation (patrons, hungry, wait ∈ {5, 30, 90} minutes) encoded as the printed
    feature vector; two situations with the same vector and different decisions mean no tree on
    those features computes the decision. With the patrons three-valued, the tree builder fits
    all situations exactly."""
    situations = [(p, h, w) for p in PATRONS for h in (0, 1) for w in (5, 30, 90)]
    decisions = [restaurant(*s_) for s_ in situations]
    encoding = PATRON_ENCODINGS[as_printed(PRINTED_ENCODING, "three-valued", key="a boolean values representing if patrons are there")]
    X = [[encoding[p], h, w] for p, h, w in situations]
    seen, clash = {}, None
    for s_, x, d in zip(situations, X, decisions):
        other = seen.setdefault(tuple(x), (s_, d))
        if other[1] != d and clash is None:
            clash = (other[0], s_, x)
    three = [[PATRON_ENCODINGS["three-valued"][p], h, w] for p, h, w in situations]
    fits = T.predict(T.tree_fit(three, decisions), three) == decisions
    # the printed decision itself: what the two first sentences and the wait thresholds say
    described = restaurant("none", 1, 5) == 0 and restaurant("some", 0, 90) == 1 and \
        [restaurant("full", h, w) for h in (0, 1) for w in (5, 30, 90)] == [1, 0, 0, 1, 1, 0]
    errata = ()
    if clash is not None:
        (p1, h1, w1), (p2, h2, w2), x = clash
        errata = (Erratum("DT-1", "001 §11.3.1",
                          "the input is a three dimensional vector: a boolean value representing if patrons are "
                          "there, the state of our hunger, and the wait estimate",
                          "the patrons feature takes the three values the tree asks about (none, some, full)",
                          f"patrons = {p1} and patrons = {p2} (hungry = {h1}, wait = {w1} minutes) both give the "
                          f"features x = ({x[0]}, {x[1]}, {x[2]}), but the decision is "
                          f"{'eat' if restaurant(p1, h1, w1) else 'do not eat'} for the first and "
                          f"{'eat' if restaurant(p2, h2, w2) else 'do not eat'} for the second",
                          quote=RESTAURANT_FEATURES),)
    return Outcome(fits and described, f"{len(situations)} situations, exact", 0.0,
                   "" if fits and described else "the restaurant decision did not behave as described", errata)


# ---- DT-2 ------------------------------------------------------------------------------------

ARBITRARY = Quote("001", 131, "We can construct a decision tree such that there exists a leaf node for every entry in this table.")


@relies_on(T, "boolean_function_tree", lambda f: lambda outputs: f([1 - v for v in outputs]), "the tree of the complement")
@check("DT-2", "a tree with 2ⁿ leaves computes any boolean function; so does the greedy tree",
       "001 §11.3.2", "identity", quotes=(ARBITRARY,))
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


COUNT = Quote("001", 137, "how many such arbitrary boolean functions of  $n$  variables exist. This is  $2^{2^n}$")
COUNT_TREES = Quote("001", 137, "This is the number of decision trees one could build given a")
TWO_TREES = Quote("001", 139, "we construct 2 trees that correctly label all the training data")
# what 'decision trees' counts at line 137: trees, as line 139 counts them (two trees labelling the
# same data are two trees, one with fewer nodes), or the functions they compute
COUNTED = "trees"


@relies_on(T, "count_boolean_functions", lambda f: lambda n: f(n) + 1, "2^(2ⁿ) + 1")
@check("DT-2", "2^(2ⁿ) functions, each computed by a tree; the trees themselves are more, so 'the number of "
       "decision trees one could build' (line 137) is not 2^(2ⁿ)", "001 §11.3.2", "identity", quotes=(COUNT, TWO_TREES))
def count_functions_and_trees(ctx):
    """Every tree over n ≤ 3 inputs (no input asked twice on a path) enumerated: their truth
    tables are exactly the 2^(2ⁿ) boolean functions; the trees themselves number T(n) (the
    reference's recurrence), more than 2^(2ⁿ). 'Decision trees' has one reading in 001 §11.3: the
    trees as built, which line 139 counts apart when they label the same data; under it the count
    of line 137 is a slip (it counts the functions)."""
    shown, passed, counts = [], True, {}
    for n in (1, 2, 3):
        trees, functions = _enumerated(n)
        passed &= functions == T.count_boolean_functions(n) == 2 ** 2 ** n and trees == T.count_trees(n)
        counts[n] = (trees, functions)
        shown.append(f"n={n}: {functions} functions = 2^(2ⁿ), {trees} trees")
    counted = as_printed(COUNTED, "functions", key="This is the number of decision trees one could build")
    errata = ()
    located = copies.current().locate(COUNT_TREES)
    if counted == "trees" and located.found:
        trees, functions = counts[1]
        errata = (Erratum(
            "DT-2", "001 §11.3.2", "2^(2ⁿ) 'is the number of decision trees one could build given a n-dimensional boolean input'",
            "2^(2ⁿ) is the number of boolean functions of n inputs, that is of functionally distinct trees; the trees "
            f"are more: {', '.join(f'{counts[n][0]} for n = {n}' for n in (1, 2, 3))}",
            f"n = 1: {trees} trees (a leaf 0, a leaf 1, and x₁ asked with leaves (0, 0), (0, 1), (1, 0), (1, 1)) against "
            f"2^(2¹) = {functions}; line 139 counts trees so: “we construct 2 trees that correctly label all the training "
            "data … but one tree has significantly fewer nodes”", "slip", COUNT_TREES),)
    return Outcome(passed, "all trees enumerated, n ≤ 3", 0.0, "; ".join(shown), errata)


LEAVES = Quote("001", 135, "what is the size of a tree necessary to represent an arbitrary boolean function of  $n$  variables. We know the number of leaves must be equal to the number")
LEAVES_2N = Quote("001", 137, "of entries in the table, or  $2^n$", reading=(
    "the size a tree needs to represent every function, i.e. the worst function (parity needs all 2ⁿ "
    "leaves; a constant needs one)"))


@relies_on(T, "minimal_leaves", lambda f: lambda outputs: f(outputs) + 1, "one leaf more than needed")
@check("DT-2", "2ⁿ leaves are necessary in the worst case: parity needs them, no function more",
       "001 §11.3.2", "identity", quotes=(LEAVES, LEAVES_2N))
def worst_case_leaves(ctx):
    shown, passed = [], True
    for n in (1, 2, 3):
        sizes = [T.minimal_leaves([(f >> r) & 1 for r in range(2 ** n)]) for f in range(2 ** 2 ** n)]
        parity = T.minimal_leaves([bin(r).count("1") % 2 for r in range(2 ** n)])
        passed &= max(sizes) == 2 ** n == parity and min(sizes) == 1
        shown.append(f"n={n}: leaves needed 1..{max(sizes)}, parity {parity}")
    return Outcome(passed, "all functions, n ≤ 3", 0.0, "; ".join(shown))


# ---- DT-3 ------------------------------------------------------------------------------------

ENTROPY = Quote("001", 156, r"H(X) = - \sum_x P(X = x) \log P(X = x) \quad (11.12)")
BERNOULLI = Quote("001", 160, r"let  $p = \#pos$ ,  $n = \#neg$ ,  $Y \sim \text{Bernoulli}(\frac{p}{p+n})$")
BERNOULLI_113 = Quote("001", 162, r"H(Y) = -\left(\frac{p}{p+n} \log\left(\frac{p}{p+n}\right) + \frac{n}{n+p} \log\left(\frac{n}{n+p}\right)\right) \quad (11.13)")
MAXIMUM_AT_HALF = Quote("001", 164, r"We obtain a maximum entropy, or randomness, when the coin is unbiased  $\pi = .5$")
UNBIASED_COIN = Quote("001", 164, "Consider tossing an un-biased coin. If you toss the coin very often, the frequency of heads is")


@check("DT-3", "the Bernoulli entropy H(π) is maximal at π = ½ (1 bit); π log π → 0",
       "001 §11.3.4 (11.13)", "derivation", quotes=(MAXIMUM_AT_HALF, UNBIASED_COIN))
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
    # 'unbiased' has one reading on line 164: P(heads) = ½, as its last sentence says; the coin whose
    # frequency of heads is any π, of which H is 'a function of π', is then not an unbiased one
    located = copies.current().locate(UNBIASED_COIN)
    text = as_printed(located.first.text, "Consider tossing a coin", key=UNBIASED_COIN.text) if located.found else ""
    errata = ()
    if "un-biased coin" in text or "unbiased coin" in text:
        errata = (Erratum(
            "DT-3", "001 §11.3.4", "Consider tossing an un-biased coin. … the frequency of heads is π … We can calculate "
            "H(Y) as a function of π", "Consider tossing a coin: its frequency of heads is π, H(Y) a function of π, "
            "largest when the coin is unbiased, π = ½",
            "the same line ends “when the coin is unbiased  $\\pi = .5$”: an unbiased coin has π = ½, one value, so its "
            f"H(Y) is not a function of π; the maximum ({at_half} bit at π = ½) is taken over the biased coins too",
            "slip", UNBIASED_COIN),)
    return Outcome(passed, "symbolic", 0.0,
                   f"H′ = 0 at π ∈ {critical}; H″ = {d2H}; H(½) = {at_half} bit; lim π log π = {limit}", errata)


@relies_on(E, "bernoulli_entropy", lambda f: lambda p, n, unit="bits": f(p + 1, n, unit), "one positive too many")
@check("DT-3", "(11.13) is the entropy of Bernoulli(p/(p+n)); the reference at 50 digits",
       "001 §11.3.4 (11.13)", "identity", quotes=(BERNOULLI, BERNOULLI_113))
def bernoulli_counts(ctx):
    p, n = sp.symbols("p n", positive=True)
    q = p / (p + n)
    symbolic = chain([Step(-q * sp.log(q) - (1 - q) * sp.log(1 - q), "H(Bernoulli(π)), π = p/(p+n)"),
                      printed(BERNOULLI_113, Reading({"p": p, "n": n}), "(11.13)", part=1)], "DT-3", "001 §11.3.4 (11.13)")

    def residual(counts):
        a, b = (mpmath.mpf(c) for c in counts)
        expected = -(a / (a + b) * mpmath.log(a / (a + b), 2) + b / (a + b) * mpmath.log(b / (a + b), 2)) \
            if a and b else mpmath.mpf(0)
        return abs(E.bernoulli_entropy(a, b) - expected) + abs(E.bernoulli_entropy(a, b) - E.entropy([a / (a + b), b / (a + b)]))
    counts = st.tuples(st.integers(0, 50), st.integers(0, 50)).filter(lambda c: sum(c) > 0)
    return combine(symbolic, sampled(ctx, counts, residual, _tight(ctx)))


@relies_on(E, "entropy", lambda f: lambda p, unit="bits": 2 * f(p, unit), "H doubled")
@check("DT-3", "(11.12): 0 ≤ H ≤ log K, log K at the uniform law; exact for dyadic p",
       "001 §11.3.4 (11.12)", "identity", quotes=(ENTROPY,))
def entropy_bounds(ctx):
    forms = []

    def residual(p):
        q = S.to_mpf(p)
        H = E.entropy(q)
        K = len(q)
        uniform = E.entropy([mpmath.mpf(1) / K] * K)
        # (11.12) as printed, X taking the values 1 … K with the drawn probabilities, in nats
        form = form_of(ENTROPY, _distribution_reading(p), part=1)
        forms.append(form)
        value = value_of(form)
        printed_ = mpmath.inf if value is None else mpmath.mpf(sp.N(value, mpmath.mp.dps + 10)) / mpmath.log(2)
        return max(0, -H) + max(0, H - mpmath.log(K, 2)) + abs(uniform - mpmath.log(K, 2)) + abs(printed_ - H)

    def dyadic(p):
        exact = E.entropy(p)  # every q is 2^−e, so −q log₂ q = q·e
        return isinstance(exact, Fraction) and exact == sum(q * (q.denominator.bit_length() - 1)
                                                             for q in p if q)
    return with_forms(combine(sampled(ctx, S.distributions(), residual, _tight(ctx)),
                              _exact_points(ctx, S.dyadic_probability_vectors(), dyadic)), *forms[:1])


def _distribution_reading(probabilities):
    """(11.12)'s X, taking the values 1 … K with these probabilities: P(X = x) is the x-th (exact).
    Σ_x runs over the values X takes: one of probability 0 is not among them (sympy's 0·log 0 is
    nan, where the entropy's convention is 0)."""
    values = [sp.Rational(v.numerator, v.denominator) if isinstance(v, Fraction) else sp.sympify(v)
              for v in probabilities if v != 0]
    X = sp.Symbol("X")

    def P(arguments, given, parameters):
        ((variable, relation, value),) = arguments
        if variable != X or relation != "=":
            raise NotationError("P(·) reads the event X = x")
        return values[int(value) - 1]
    return Reading({"X": X, "P": Function(P, given=True)}, sizes={"K": len(values)}, ranges={"x": (1, "K")})


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


GAUSSIAN_114 = Quote("001", 171, r"H(X) = \frac{1}{2} n [1 + \log(2\pi)] + \frac{1}{2} \log|\Sigma| \quad (11.14)")


@relies_on(E, "gaussian_entropy", lambda f: lambda Sigma: f(Sigma) + mpmath.mpf(10) ** -20, "H raised by 10⁻²⁰")
@check("DT-4", "(11.14) against −∫ p log p by quadrature, 1-D at 50 digits", "001 §11.3.4 (11.14)",
       "identity", quotes=(GAUSSIAN_114,))
def gaussian_entropy_1d(ctx):
    def residual(s2):
        Sigma = [[mpmath.mpf(s2.numerator) / s2.denominator]]
        integral = mpmath.quad(_gaussian_integrand(Sigma), [-mpmath.inf, 0, mpmath.inf])
        return abs(E.gaussian_entropy(Sigma) - integral)
    return sampled(ctx, S.positive_rationals(Fraction(1, 8), 8), residual, _tight(ctx, 8),
                   n=min(ctx.examples, 6))


@relies_on(E, "gaussian_entropy", lambda f: lambda Sigma: f(Sigma) + mpmath.mpf(10) ** -10, "H raised by 10⁻¹⁰")
@check("DT-4", "(11.14) against −∫ p log p by quadrature, 2-D at 20 digits", "001 §11.3.4 (11.14)",
       "identity", quotes=(GAUSSIAN_114,))
def gaussian_entropy_2d(ctx):
    R = 9  # the box ±9 standard deviations leaves out mass e^(−40) ≈ 4e-18 of the integral

    def residual(Sigma):
        Sigma = S.to_mpf(Sigma)
        r1, r2 = R * mpmath.sqrt(Sigma[0][0]), R * mpmath.sqrt(Sigma[1][1])
        integral = mpmath.quad(_gaussian_integrand(Sigma), [-r1, r1], [-r2, r2], method="gauss-legendre")
        return abs(E.gaussian_entropy(Sigma) - integral)
    return sampled(ctx, S.triangular_spd_matrices(2), residual, mpmath.mpf(10) ** -15, n=1,
                   digits=20)


@check("DT-4", "(11.14) from −E log p: ½log((2π)ⁿ|Σ|) + ½tr(Σ⁻¹Σ) = ½n[1+log 2π] + ½log|Σ|",
       "001 §11.3.4 (11.14)", "derivation", quotes=(GAUSSIAN_114,))
def gaussian_entropy_chain(ctx):
    outcomes = []
    for n in (1, 2, 3):
        Sigma = sp.Matrix(n, n, lambda i, j: sp.Symbol(f"s{min(i, j) + 1}{max(i, j) + 1}", real=True))
        D = sp.Symbol("D", positive=True)  # |Σ| > 0
        outcomes.append(chain([
            Step(sp.log((2 * sp.pi) ** n * D) / 2 + (Sigma.inv() * Sigma).trace() / 2,
                 "−E log p: the normaliser and E[(x−μ)ᵀΣ⁻¹(x−μ)] = tr(Σ⁻¹Σ)"),
            Step(sp.expand_log(sp.log((2 * sp.pi) ** n * D), force=True) / 2 + sp.Rational(n, 2), "tr I = n"),
            printed(GAUSSIAN_114, Reading({"n": sp.Integer(n), "Sigma": D}), "(11.14), |Σ| = D", part=1),
        ], "DT-4", "001 §11.3.4 (11.14)", f"n={n}"))
    return combine(*outcomes)


# ---- DT-5 ------------------------------------------------------------------------------------

def _mpf_table(table):
    return [[mpmath.mpf(c) for c in row] for row in table]


GOOD_FEATURE = Quote("001", 148, "**A good feature** is one that, if we split the training data according to this feature, all the data in one side have  $y = 0$  and all data in other side have  $y = 1$")
WEIGHTED_AVERAGE = Quote("001", 177, "we will evaluate the goodness of splitting the feature as a (weighted) average of entropies")
WEIGHTED = Quote("001", 179, "We weight the entropies by the probability of taking that branch, which is just the fraction of training points")
GROUPS = Quote("001", 181, r"Let  $p_j$  be the number of positives in the  $j^{\text{th}}$  group, where  $j = 1 \dots k$")
SPLIT_119 = Quote("001", 191, r"H[\text{split}(x_i)] = \sum_{j=1}^k \frac{p_j + n_j}{p + n} \text{Entropy}(\text{Bernoulli}(\frac{p_j}{p_j + n_j})) \quad (11.19)")
GAIN_120 = Quote("001", 195, r"\text{information gain} = \text{entropy before} - \text{entropy after} \quad (11.20)")
RANK = Quote("001", 193, "We finally rank a feature by the decrease in entropy we obtain by splitting the training data along that feature")


@relies_on(E, "information_gain", lambda f: lambda table, unit="bits": -f(table, unit), "the gain's sign flipped")
@check("DT-5", "(11.19)-(11.20): information gain ≥ 0, 0 for proportional groups, and largest (all the entropy "
       "before) for 001's 'good feature'", "001 §11.3.3-11.3.4 (11.19)-(11.20)", "identity",
       quotes=(GOOD_FEATURE, WEIGHTED, GROUPS, SPLIT_119, GAIN_120, RANK, WEIGHTED_AVERAGE))
def gain_non_negative(ctx):
    def negative_part(table):
        return max(0, -E.information_gain(_mpf_table(table)))

    def proportional(args):
        base, scales = args
        return abs(E.information_gain(_mpf_table([[c * s for c in base] for s in scales])))
    scaled = st.tuples(st.lists(st.integers(1, 6), min_size=2, max_size=3),
                       st.lists(st.integers(1, 4), min_size=2, max_size=4))

    def good_feature(counts):
        # one side all y = 0, the other all y = 1: the split entropy is 0 and the gain all of H(y)
        p, n = counts
        table = _mpf_table([[n, 0], [0, p]])
        before = E.entropy([mpmath.mpf(n) / (p + n), mpmath.mpf(p) / (p + n)])
        return abs(E.split_entropy(table)) + abs(E.information_gain(table) - before)
    pure = st.tuples(st.integers(1, 20), st.integers(1, 20))
    return combine(sampled(ctx, S.count_tables(), negative_part, _tight(ctx)),
                   sampled(ctx, scaled, proportional, _tight(ctx)),
                   sampled(ctx, pure, good_feature, _tight(ctx), n=min(ctx.examples, 10)))


@relies_on(E, "information_gain", lambda f: lambda table, unit="bits": 2 * f(table, unit), "the gain doubled")
@check("DT-5", "information gain (11.20) = mutual information Σ p(x,y) log p(x,y)/(p(x)p(y))",
       "001 §11.3.4 (11.20)", "identity", quotes=(GAIN_120,))
def gain_is_mutual_information(ctx):
    # (11.20) read from the text: its right-hand side in the entropies before and after the split
    before, after = sp.symbols("H_before H_after", real=True)
    form = form_of(GAIN_120, Reading({"entropy before": before, "entropy after": after}), part=1)
    gain = value_of(form)
    if gain is None:
        return with_forms(Outcome(False, "not run", detail="(11.20) cannot be read in this copy"), form)
    printed_gain = sp.lambdify((before, after), gain, modules="mpmath")

    def residual(table):
        t = _mpf_table(table)
        m = sum(sum(row) for row in t)
        rows = [sum(row) for row in t]
        cols = [sum(row[k] for row in t) for k in range(len(t[0]))]
        mi = sum(c / m * mpmath.log(c * m / (rows[j] * cols[k]), 2)
                 for j, row in enumerate(t) for k, c in enumerate(row) if c)
        as_printed = printed_gain(E.entropy([c / m for c in cols]), E.split_entropy(t))
        return max(abs(E.information_gain(t) - mi), abs(as_printed - mi))
    return with_forms(sampled(ctx, S.count_tables(), residual, _tight(ctx)), form)


PJ = Quote("001", 183, r"p_j = \#pos \text{ in group } j \quad (11.15)")
NJ = Quote("001", 185, r"n_j = \#neg \text{ in group } j \quad (11.16)")
P_SUM = Quote("001", 187, r"p = \sum p_j \quad (11.17)")
N_SUM = Quote("001", 189, r"n = \sum n_j \quad (11.18)")


def _split_reading(p, n):
    """(11.15)-(11.19): the positives pⱼ and negatives nⱼ of k groups, p = Σ pⱼ and n = Σ nⱼ;
    Entropy(Bernoulli(π)) the entropy (11.12) of a coin with P(heads) = π, in nats."""
    return Reading({"p": Indexed(lambda j: p[int(j) - 1], whole=sum(p)), "n": Indexed(lambda j: n[int(j) - 1], whole=sum(n)),
                    "Entropy": Function(lambda pi: -pi * sp.log(pi) - (1 - pi) * sp.log(1 - pi)),
                    "Bernoulli": Function(lambda pi: pi)}, sizes={"k": len(p)}, ranges={"j": (1, "k")})


@check("DT-5", "(11.19) as weighted Bernoulli entropies = (1/m)Σⱼ[mⱼlog mⱼ − pⱼlog pⱼ − nⱼlog nⱼ]",
       "001 §11.3.4 (11.15)-(11.19)", "derivation", quotes=(PJ, NJ, P_SUM, N_SUM, SPLIT_119))
def split_entropy_chain(ctx):
    k = 2
    p = sp.symbols(f"p1:{k + 1}", positive=True)
    n = sp.symbols(f"n1:{k + 1}", positive=True)
    P, N = sum(p), sum(n)

    def bern(a, b):
        q = a / (a + b)
        return -q * sp.log(q) - (1 - q) * sp.log(1 - q)
    counts = sum((pj + nj) * sp.log(pj + nj) - pj * sp.log(pj) - nj * sp.log(nj) for pj, nj in zip(p, n)) / (P + N)
    split = printed(SPLIT_119, _split_reading(p, n), "(11.19), entropies in nats", part=1)
    split.expr = sp.expand_log(split.expr, force=True)  # compared as a sum of logarithms
    symbolic = chain([split, Step(sp.expand_log(counts, force=True), "the score S/m of the tree builder")],
                     "DT-5", "001 §11.3.4 (11.19)", f"k={k}")
    totals = _split_reading(p, n)
    sums = [chain([Step(total, f"{name}, the {kind} of the k groups"),
                   printed(quote, totals, f"({tag}), Σ over the k groups", part=1)],
                  "DT-5", f"001 §11.3.4 ({tag})", f"k={k}")
            for total, name, kind, quote, tag in ((P, "p", "positives", P_SUM, "11.17"),
                                                 (N, "n", "negatives", N_SUM, "11.18"))]

    def residual(table):
        m = sum(map(sum, table))
        return abs(mpmath.mpf(T.split_score(table)) - m * mpmath.log(2) * E.split_entropy(_mpf_table(table))) / (1 + m * m)
    # split_score is float64: rounding of a few ulps of m ln m
    return combine(symbolic, *sums, sampled(ctx, S.count_tables(max_count=40), residual, mpmath.mpf(10) ** -14,
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


GREEDY_ROOT = Quote("001", 201, r"Initialize root of a tree with all training data  $\{x^{(i)}, y^{(i)}\}$")
GREEDY_SPLIT = Quote("001", 202, "Choose a feature to split that maximizes the information gain.")
THRESHOLD_SEARCH = Quote("001", 206, r"we can do this by brute-force search over all possible thresholds  $\theta$")


@relies_on(E, "information_gain", lambda f: lambda table, unit="bits": -f(table, unit), "the gain's sign flipped")
@check("DT-6", "the greedy root split has the largest information gain of all candidates (discrete features, and "
       "thresholds by exhaustive search)", "001 §11.3.5-11.3.6", "optimality",
       quotes=(GREEDY_ROOT, GREEDY_SPLIT, THRESHOLD_SEARCH))
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


# ---- printed claims no check decides ----------------------------------------------------------

for _line, _text, _reason, _id in (
        (119, "Each node in a tree is called a **decision stump** (simple classifier for one task)", "a definition", "DT-1"),
        (139, "We expect its decision rules are more general. Hence, one criteria for good trees is to find small trees",
         "an opinion (Occam's razor)", "DT-2"),
        (144, "find a small tree that correctly classifies data", "a goal (the greedy builder is checked in DT-6)", "DT-6"),
        (146, "Recursively choose & expand most significant feature", "an idea, made precise in §11.3.5 (DT-6)", "DT-6"),
        (158, "is the measure of uncertainty of a random variable (related to variance)", "an informal gloss", "DT-3"),
        (206, "Alternatively, we could choose a threshold for a given feature  $x_i$  by training a 1-d linear classifier",
         "an alternative method (DT-7's logistic threshold, tested in tests/trees/), no claim", "DT-7"),
        (206, "For example, given the following two dimensional features that lie between 0 and 1, here is the corresponding decision tree:",
         "a figure absent from this copy", "DT-7"),
        ):
    unchecked(Quote("001", _line, _text), _reason, _id)
