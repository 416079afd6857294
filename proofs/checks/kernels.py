"""Part V §7 checks: feature maps and kernels, kernel matrices, Mercer's test, the kernel
perceptron and the string kernel (000 V §7; 004; 002 §1.5.2)."""
import functools
import itertools
import sys
from fractions import Fraction

import mpmath
import sympy as sp
from hypothesis import strategies as st

from cs229.reference import duality as du
from cs229.reference import kernels as kr
from cs229.reference import linalg
from cs229.reference.logistic_regression import perceptron
from cs229.reference.results import ConvergenceError
from cs229.testing import strategies as S

from ..checking import as_printed, exact, find_witness, relies_on, Step, chain, combine, draw, fmt
from ..notation import subscript, superscript, vector
from ..printed import defined, form_of, printed, value_of, with_forms
from ..registry import Erratum, Outcome, Quote, check, unchecked
from ..text import Examples, Function, Indexed, Reading, Vector, parse

THIS = sys.modules[__name__]  # the self-test's mutants replace this module's helpers

# exact checks are decided per point; at most 20 points keep the audit within its budget
_exact = functools.partial(exact, cap=20)


def _xz(n):
    return list(vector("x", n)), list(vector("z", n))


def _dot(u, v):
    return sum(a * b for a, b in zip(u, v))


def _pairs(n):
    return st.tuples(S.vectors(n), S.vectors(n))


# ---- KR-1 ------------------------------------------------------------------------------------

CUBIC_MAP = Quote("000", 1196, r"\phi(x) = \left[ \begin{array}{c} x \\ x^2 \\ x^3 \end{array} \right]")
KERNEL = Quote("000", 1202, r"K(x,z) = \phi(x)^T \phi(z).")
QUARTIC_MAP = Quote("004", 25, r"x \rightarrow \begin{bmatrix} x \\ x^2 \\ x^3 \\ x^4 \end{bmatrix} = \phi(x)")
KERNEL_004 = Quote("004", 33, r"K(x^{(i)}, x^{(j)}) = \langle \phi(x^{(i)}), \phi(x^{(j)}) \rangle")
PHI_004 = Quote("004", 27, r"we'll let $\phi(x)$ denote the mapping from original features to some high-dimensional features")
INNER_PRODUCTS_002 = Quote("002", 585, r"1. Write the algorithm in terms of inner products $\langle x^{(i)}, x^{(j)} \rangle = \langle x, z \rangle$.")
FEATURE_MAP_002 = Quote("002", 586, r"2. Define a mapping from the set of features to higher-dimensional features, i.e., $x \mapsto \varphi(x)$.")
RICHER_004 = Quote("004", 23, r"Suppose we have $x \in \mathbb{R}$, we'll map it to a richer set of features, for example")
KERNEL_002 = Quote("002", 587, r"3. Compute the **kernel function** $K(x, z) = \varphi(x)^T \varphi(z)$.")
HIGHER_DIMENSIONS = Quote("004", 121, "Separation may be easier in higher dimensions")
ONE_DIMENSIONAL = Quote("004", 119, "If we have 1-dimensional data, what a kernel does is takes our original input data and maps it to a very high-dimensional feature space.")


@check("KR-1", "K = φᵀφ for φ(x) = [x, x², x³] (000) and [x, x², x³, x⁴] (004)", "000 V §7; 004",
       "identity", quotes=(CUBIC_MAP, KERNEL, QUARTIC_MAP, KERNEL_004, PHI_004, KERNEL_002,
                                   INNER_PRODUCTS_002, FEATURE_MAP_002, RICHER_004))
def power_maps(ctx):
    x, z = sp.symbols("x z", real=True)
    scalars = Reading({"x": x, "z": z})
    cubic = defined(scalars, "phi", CUBIC_MAP, ("x",), part=1)
    # 004's 'x → [x, x², x³, x⁴] = φ(x)': the column is φ(x); line 33 writes K at two points x⁽ⁱ⁾, x⁽ʲ⁾
    quartic = defined(Reading({"x": Examples((x, z)), "i": sp.Integer(1), "j": sp.Integer(2)}), "phi", QUARTIC_MAP,
                      ("x",), part=1)
    outcomes = [
        chain([printed(KERNEL, cubic, "φ(x)ᵀφ(z), φ of line 1196", part=1),
               Step(sum((x * z) ** k for k in range(1, 4)), "Σₖ (xz)ᵏ")], "KR-1", "000 V §7", "degree 3"),
        chain([printed(KERNEL_004, quartic, "⟨φ(x⁽¹⁾), φ(x⁽²⁾)⟩, φ of line 25", part=1),
               Step(sum((x * z) ** k for k in range(1, 5)), "Σₖ (xz)ᵏ")], "KR-1", "004", "degree 4")]

    def holds(p):
        a, b = p
        return all(kr.FeatureMapKernel(lambda t, d=d: kr.power_features(t, d))([a], [b])
                   == sum((a * b) ** k for k in range(1, d + 1)) and len(kr.power_features(a, d)) == d
                   for d in (3, 4))
    outcomes.append(_exact(ctx, st.tuples(S.rationals(), S.rationals()), holds, n=min(ctx.examples, 20)))
    return combine(*outcomes)


@st.composite
def _inside_outside(draw_):
    """One-feature points labelled 1 outside |x| ≤ t and −1 inside (both present, none on the
    edge): not separable on the line whenever both sides of the inside hold positives."""
    t = draw_(S.positive_rationals(Fraction(1, 2), 2))
    inside = draw_(st.lists(S.rationals(-1, 1).map(lambda v: v * t * Fraction(7, 8)), min_size=1, max_size=3))
    left = draw_(st.lists(S.rationals(1, 3).map(lambda v: -t - v / 4), min_size=1, max_size=2))
    right = draw_(st.lists(S.rationals(1, 3).map(lambda v: t + v / 4), min_size=1, max_size=2))
    xs = sorted(set(inside + left + right))
    return [[v] for v in xs], [1 if abs(v) > t else -1 for v in xs]


@relies_on(kr, "power_features", lambda f: lambda x, degree=3: f(x, degree)[:1], "φ(x) = [x] only")
@check("KR-1", "mapped by φ(x) = [x, x²], one-feature data separable by no threshold become linearly "
       "separable (004: 'separation may be easier in higher dimensions')", "004", "identity",
       quotes=(ONE_DIMENSIONAL, HIGHER_DIMENSIONS))
def higher_dimensions(ctx):
    """Labels 1 for |x| > t and −1 inside: on the line no (w, b) separates them (the hard-margin
    problem is infeasible, exactly); after φ(x) = [x, x²] the optimal margin classifier exists
    (x² > t² is linear in φ)."""
    shown = None
    sets = draw(ctx, _inside_outside(), min(ctx.examples, 8))
    bad = []
    for X, y in sets:
        try:
            du.solve_optimal_margin(X, y)
            line = True
        except du.NotSeparableError:
            line = False
        mapped = [kr.power_features(x[0], 2) for x in X]
        try:
            du.solve_optimal_margin(mapped, y)
            plane = True
        except du.NotSeparableError:
            plane = False
        if not plane or line:
            bad.append((X, y))
        elif shown is None:
            shown = (X, y)
    return Outcome(not bad, f"{len(sets)} one-feature sets, exact", 0.0,
                   f"fails at x = {fmt([x[0] for x in bad[0][0]])}, y = {bad[0][1]}" if bad else
                   f"e.g. x = {fmt([x[0] for x in shown[0]])}, y = {shown[1]}: not separable on the line, "
                   "separable in (x, x²)")


# ---- KR-2 ------------------------------------------------------------------------------------

SQUARE = Quote("000", 1210, r"K(x,z) = (x^T z)^2.")
SQUARE_PRODUCT = Quote("000", 1214, r"K(x,z) = \left(\sum_{i=1}^{n} x_i z_i\right) \left(\sum_{j=1}^{n} x_j z_j\right)")
SQUARE_DOUBLE_SUM = Quote("000", 1215, r"= \sum_{i=1}^{n} \sum_{j=1}^{n} x_i x_j z_i z_j")
SQUARE_PAIRS = Quote("000", 1216, r"= \sum_{i,j=1}^{n} (x_i x_j) (z_i z_j)")
SQUARE_MAP = Quote("000", 1220, r"\phi(x) = \begin{bmatrix} x_1 x_1 \\ x_1 x_2 \\ x_1 x_3 \\ x_2 x_1 \\ x_2 x_2 \\ x_2 x_3 \\ x_3 x_1 \\ x_3 x_2 \\ x_3 x_3 \end{bmatrix}")
SQUARE_COST = Quote("000", 1222, "whereas calculating the high-dimensional  $\\phi(x)$  requires  $O(n^2)$  time, finding K(x,z) takes only O(n) time")
INEXPENSIVE = Quote("000", 1206, "often, K(x,z) may be very inexpensive to calculate, even though  $\\phi(x)$  itself may be very expensive to calculate")
SQUARE_INTRO = Quote("000", 1208, r"Suppose  $x, z \in \mathbb{R}^n$ , and consider")
SQUARE_IS_INNER_PRODUCT = Quote("000", 1218, r"$K(x, z) = \phi(x)^T \phi(z)$ , where the feature mapping  $\phi$  is given (shown here for the case of n = 3) by")
SQUARE_INNER_PRODUCT = Quote("000", 1218, r"K(x, z) = \phi(x)^T \phi(z)")
SQUARE_INTRO_004 = Quote("004", 37, r"Let's say we have two inputs $x, z \in \mathbb{R}^n$, so the kernel is")
SQUARE_MAP_INTRO_004 = Quote("004", 41, r"so this kernel corresponds to the feature mapping (suppose $n = 2$)")
LINEAR_TIME_004 = Quote("004", 61, r"This takes only $O(n)$ time.")
SQUARE_004 = Quote("004", 39, r"K(x, z) &= (x^T z)^2 \\ &= \left(\sum_{i=1}^n x_i z_i \right) \left(\sum_{j=1}^n x_j z_j \right) \\ &= \sum_{i=1}^n \sum_{j=1}^n (x_i x_j) (z_i z_j)")
SQUARE_MAP_004 = Quote("004", 43, r"\phi(x) = \begin{bmatrix} x_1 x_1 \\ x_1 x_2 \\ x_2 x_1 \\ x_2 x_2 \end{bmatrix}")
SQUARE_KERNEL_004 = Quote("004", 47, r"K(x, z) = (\phi(x))^T (\phi(z))")
SQUARE_COST_004 = Quote("004", 49, r"we need $O(n^2)$ to compute $\phi(x)$ where $n = \dim(x) = \dim(z)$. But we only need $O(n)$ to compute $K(x, z)$")


def _xz_reading(n):
    """x, z ∈ ℝⁿ with entries x₁ … xₙ, z₁ … zₙ (printed from 1), n as a size."""
    x, z = _xz(n)
    return Reading({"x": Vector(tuple(x), first=1), "z": Vector(tuple(z), first=1)}, sizes={"n": n})


def _square_chain_000(n=3):
    reading = _xz_reading(n)
    mapped = defined(reading, "phi", SQUARE_MAP, ("x",), part=1)
    return chain([
        printed(SQUARE, reading, "K(x, z) = (xᵀz)²", part=1),
        printed(SQUARE_PRODUCT, reading, "(Σᵢ xᵢzᵢ)(Σⱼ xⱼzⱼ)", part=1),
        printed(SQUARE_DOUBLE_SUM, reading, "ΣᵢΣⱼ xᵢxⱼzᵢzⱼ"),
        printed(SQUARE_PAIRS, reading, "Σᵢⱼ (xᵢxⱼ)(zᵢzⱼ)"),
        printed(SQUARE_INNER_PRODUCT, mapped, f"φ(x)ᵀφ(z), φ with the {n * n} entries xᵢxⱼ (line 1220)", part=1),
    ], "KR-2", "000 V §7", f"n={n}")


def _square_chain_004(n=2):
    reading = _xz_reading(n)
    mapped = defined(reading, "phi", SQUARE_MAP_004, ("x",), part=1)
    return chain([
        printed(SQUARE_004, reading, "K(x, z) = (xᵀz)²", part=1),
        printed(SQUARE_004, reading, "(Σᵢ xᵢzᵢ)(Σⱼ xⱼzⱼ)", part=2),
        printed(SQUARE_004, reading, "ΣᵢΣⱼ (xᵢxⱼ)(zᵢzⱼ)", part=3),
        printed(SQUARE_KERNEL_004, mapped, f"(φ(x))ᵀ(φ(z)), φ with the {n * n} entries xᵢxⱼ (line 43)", part=1),
    ], "KR-2", "004", f"n={n}")


def _operations(expressions):
    """Arithmetic operations in a list of sympy expressions (as written, unevaluated sums)."""
    return sum(sp.count_ops(e) for e in expressions)


def _costs(n):
    """(operations to form K(x, z) = (xᵀz)², operations to form φ(x)) for x, z ∈ ℝⁿ."""
    x, z = _xz(n)
    kernel = sp.Pow(sp.Add(*[sp.Mul(a, b, evaluate=False) for a, b in zip(x, z)], evaluate=False), 2,
                    evaluate=False)
    features = [sp.Mul(x[i], x[j], evaluate=False) for i in range(n) for j in range(n)]
    return _operations([kernel]), _operations(features)


@relies_on(kr, "quadratic_features", lambda f: lambda x: f(x)[1:], "φ(x) without its first entry x₁x₁")
@check("KR-2", "(xᵀz)² = Σᵢⱼ(xᵢxⱼ)(zᵢzⱼ) = φ(x)ᵀφ(z), the printed chains (n = 3 and n = 2); O(n) against "
       "O(n²) operations", "000 V §7; 004", "derivation",
       quotes=(SQUARE, SQUARE_PRODUCT, SQUARE_DOUBLE_SUM, SQUARE_PAIRS, SQUARE_MAP, SQUARE_INNER_PRODUCT, SQUARE_COST, SQUARE_004,
               SQUARE_MAP_004, SQUARE_KERNEL_004, SQUARE_COST_004, INEXPENSIVE, SQUARE_INTRO, SQUARE_IS_INNER_PRODUCT,
               SQUARE_INTRO_004, SQUARE_MAP_INTRO_004))
def square_kernel(ctx):
    def holds(p):
        x, z = p
        phi_x = kr.quadratic_features(x)
        return kr.Polynomial(0, 2)(x, z) == linalg.dot(phi_x, kr.quadratic_features(z)) \
            and len(phi_x) == len(x) ** 2
    exact_ = _exact(ctx, st.integers(1, 5).flatmap(_pairs), holds, n=min(ctx.examples, 20))
    # the operation counts grow linearly (first differences constant) and quadratically
    # (second differences constant and positive) in n
    costs = [_costs(n) for n in range(1, 7)]
    k_diff = {b[0] - a[0] for a, b in zip(costs, costs[1:])}
    phi_second = {c[1] - 2 * b[1] + a[1] for a, b, c in zip(costs, costs[1:], costs[2:])}
    growth = len(k_diff) == 1 and len(phi_second) == 1 and phi_second.pop() > 0
    counted = Outcome(growth, "operation counts, n = 1..6", 0.0,
                      f"K: {[c[0] for c in costs]}; φ(x): {[c[1] for c in costs]}")
    return combine(_square_chain_000(), _square_chain_004(), exact_, counted)


# ---- KR-3 ------------------------------------------------------------------------------------

AFFINE = Quote("000", 1226, r"K(x,z) = (x^{T}z + c)^{2}")
AFFINE_EXPANDED = Quote("000", 1228, r"= \sum_{i,j=1}^{n} (x_{i}x_{j})(z_{i}z_{j}) + \sum_{i=1}^{n} (\sqrt{2c}x_{i})(\sqrt{2c}z_{i}) + c^{2}.")
AFFINE_MAP = Quote("000", 1234, r"\phi(x) = \begin{bmatrix} x_1 x_1 \\ x_1 x_2 \\ x_1 x_3 \\ x_2 x_1 \\ x_2 x_2 \\ x_2 x_3 \\ x_3 x_1 \\ x_3 x_2 \\ x_3 x_3 \\ \sqrt{2c} x_1 \\ \sqrt{2c} x_2 \\ \sqrt{2c} x_3 \\ c \end{bmatrix}")
CHECK_AFFINE = Quote("000", 1230, "(Check this yourself.) This corresponds to the feature mapping (again shown")
AFFINE_MAP_INTRO_004 = Quote("004", 57, r"This corresponds to the feature mapping (again shown $n = 2$)")
AFFINE_004 = Quote("004", 55, r"K(x, z) = (x^T z + c)^2")
AFFINE_MAP_004 = Quote("004", 59, r"\phi(x) = \begin{bmatrix} x_1x_1 \\ x_1x_2 \\ x_2x_1 \\ x_2x_2 \\ \sqrt{2c}x_1 \\ \sqrt{2c}x_2 \\ c \end{bmatrix}")
LINEAR_KERNEL_NAME = Quote("004", 53, "Linear Kernel")
LINEAR_KERNEL_FORM_002 = Quote("002", 608, r"K(x, z) = x^T z")
LINEAR_KERNEL_002 = Quote("002", 608, r"Another example of kernel is the **linear kernel** $K(x, z) = x^T z$, with $\varphi(x) = x$.")


def _affine_reading(n, c):
    """x, z ∈ ℝⁿ (entries from 1) and the constant c."""
    return _xz_reading(n).bind(c=c)


def _affine_square_chain_000(n=3):
    reading = _affine_reading(n, sp.Symbol("c", nonnegative=True))
    mapped = defined(reading, "phi", AFFINE_MAP, ("x",), part=1)
    return chain([
        printed(AFFINE, reading, "K(x, z) = (xᵀz + c)²", part=1),
        printed(AFFINE_EXPANDED, reading, "expanded"),
        printed(KERNEL, mapped, f"K = φ(x)ᵀφ(z) (line 1202), φ of line 1234 with {n * n + n + 1} entries", part=1),
    ], "KR-3", "000 V §7", f"n={n}")


def _affine_square_chain_004(n=2):
    reading = _affine_reading(n, sp.Symbol("c", nonnegative=True))
    mapped = defined(reading, "phi", AFFINE_MAP_004, ("x",), part=1)
    return chain([
        printed(AFFINE_004, reading, "K(x, z) = (xᵀz + c)²", part=1),
        printed(SQUARE_KERNEL_004, mapped, f"K = (φ(x))ᵀ(φ(z)) (line 47), φ of line 59 with {n * n + n + 1} entries",
                part=1),
    ], "KR-3", "004", f"n={n}")


@relies_on(kr, "quadratic_features_c", lambda f: lambda x, c: f(x, 2 * c), "φ built with 2c for c")
@check("KR-3", "(xᵀz + c)² = Σ(xᵢxⱼ)(zᵢzⱼ) + Σ(√(2c)xᵢ)(√(2c)zᵢ) + c² = φᵀφ (n = 3 and n = 2)",
       "000 V §7; 004", "derivation", quotes=(AFFINE, AFFINE_EXPANDED, AFFINE_MAP, AFFINE_004, AFFINE_MAP_004, CHECK_AFFINE,
                                               AFFINE_MAP_INTRO_004, KERNEL, SQUARE_KERNEL_004))
def affine_square_kernel(ctx):
    @st.composite
    def cases(draw_):
        n = draw_(st.integers(1, 4))
        x, z = draw_(_pairs(n))
        c = draw_(st.sampled_from([0, Fraction(1, 2), 2, Fraction(9, 8), 8]))  # 2c a rational square
        return x, z, c

    def holds(p):
        x, z, c = p
        phi_x = kr.quadratic_features_c(x, c)
        return kr.Polynomial(c, 2)(x, z) == linalg.dot(phi_x, kr.quadratic_features_c(z, c)) \
            and len(phi_x) == len(x) ** 2 + len(x) + 1
    exact_ = _exact(ctx, cases(), holds, n=min(ctx.examples, 20))
    return combine(_affine_square_chain_000(), _affine_square_chain_004(), exact_)


_SCALARS = st.sampled_from([Fraction(0), Fraction(1), Fraction(-1), Fraction(2), Fraction(1, 2)])
_POSITIVE = st.sampled_from([Fraction(1), Fraction(2), Fraction(1, 2)])


def _kernel_of(expression, x, z, c):
    """K(x′, z′, c′): the printed K(x, z) (an expression in x, z, c) at other arguments."""
    def K(xv, zv, cv):
        return sp.sympify(expression).subs({**dict(zip(x, xv)), **dict(zip(z, zv)), c: cv}, simultaneous=True)
    return K


@check("KR-3", "004 calls (xᵀz + c)² the 'Linear Kernel': it is not linear in x (the linear kernel is xᵀz)",
       "004; 002 §1.5.2", "identity", quotes=(LINEAR_KERNEL_NAME, AFFINE_004, LINEAR_KERNEL_002, LINEAR_KERNEL_FORM_002))
def linear_kernel_name(ctx):
    """"Linear kernel" names the kernel xᵀz, φ(x) = x (002 §1.5.2), which is linear in each
    argument: the kernel 004 prints under that name is compared with it symbolically (additivity
    and homogeneity in x), and the counterexample is a point where it is not xᵀz."""
    n = 2
    x, z = _xz(n)
    x2 = list(vector("x′", n))
    c = sp.Symbol("c", positive=True)
    lam = sp.Symbol("λ", real=True)
    # the kernel 004 prints under 'Linear Kernel' (line 65), and the one 002 §1.5.2 gives that name
    reading = _affine_reading(n, c)
    named_form, linear_form = form_of(AFFINE_004, reading, part=1), form_of(LINEAR_KERNEL_FORM_002, reading, part=1)
    if value_of(named_form) is None or value_of(linear_form) is None:
        return with_forms(Outcome(False, "symbolic (n=2)", 0.0, "a kernel printed cannot be read"), named_form, linear_form)
    linear = _kernel_of(value_of(linear_form), x, z, c)
    K = _kernel_of(as_printed(value_of(named_form), value_of(linear_form), key="Linear Kernel"), x, z, c)
    additivity = sp.expand(K([a + b for a, b in zip(x, x2)], z, c) - K(x, z, c) - K(x2, z, c))
    homogeneity = sp.expand(K([lam * a for a in x], z, c) - lam * K(x, z, c))
    linear_ok = sp.expand(linear([a + b for a, b in zip(x, x2)], z, c) - linear(x, z, c) - linear(x2, z, c)) == 0
    errata = ()
    if additivity != 0 or homogeneity != 0:
        # "linear kernel" names a kernel, xᵀz (φ(x) = x), not a property of K: the counterexample
        # is the simplest x, z, c where the kernel under that name is not that kernel
        point = find_witness(st.tuples(_SCALARS, _SCALARS, _SCALARS, _SCALARS, _POSITIVE),
                             lambda p: K(p[0:2], p[2:4], p[4]) != linear(p[0:2], p[2:4], p[4]), ctx.seed)
        x1, x2_, z1, z2, c_ = point
        errata = (Erratum("KR-3", "004", "Linear Kernel: K(x, z) = (xᵀz + c)²",
                          "(xᵀz + c)² is the (inhomogeneous) polynomial kernel of degree 2, 000 V §7's 'related "
                          "kernel'; the linear kernel is K(x, z) = xᵀz with φ(x) = x (002 §1.5.2)",
                          f"the linear kernel is xᵀz, φ(x) = x (Neto, line 608); at x = ({x1}, {x2_}), "
                          f"z = ({z1}, {z2}), c = {c_}: (xᵀz + c)² = {K([x1, x2_], [z1, z2], c_)} but "
                          f"xᵀz = {linear([x1, x2_], [z1, z2], c_)}, and its φ (line 59) holds the products xᵢxⱼ "
                          "and √(2c)xᵢ, not x",
                          quote=LINEAR_KERNEL_NAME),)
    return with_forms(Outcome(linear_ok, "symbolic (n=2)", 0.0, "" if linear_ok else "xᵀz is not linear in x", errata),
                      named_form, linear_form)


# ---- KR-4 ------------------------------------------------------------------------------------

POLYNOMIAL = Quote("000", 1238, r"the kernel  $K(x,z) = (x^Tz + c)^d$  corresponds to a feature mapping to an  $\binom{n+d}{d}$  feature space")
POLYNOMIAL_COST = Quote("000", 1238, r"despite working in this  $O(n^d)$ -dimensional space, computing K(x,z) still takes only O(n) time")
POLYNOMIAL_FORM = Quote("000", 1238, r"K(x,z) = (x^Tz + c)^d")
POLYNOMIAL_004 = Quote("004", 65, r"K(x, z) = (x^T z + c)^d")
COUNT_004 = Quote("004", 69, r"\binom{h+d}{d} \text{ feature of all monomial up to degree } d")
COST_004 = Quote("004", 71, "This still takes only $O(n)$ time.")

DIMENSION_N = Quote("004", 49, r"where $n = \dim(x) = \dim(z)$")

# the letters 004 defines for its count of the features of (xᵀz + c)^d (n = dim(x) on line 49, d
# the degree on line 65)
DEFINED_LETTERS = ("n", "d")


def _count_letters(form):
    """The letters of the count C(· + d, d) as the copy prints it on 004's line 69, other than
    the degree d (None where the copy prints no binomial there)."""
    from ..text import syntax
    if not form.variants:
        return None
    for node in syntax.walk(parse(form.variants[0].tex).statements[0].parts[0][1]):
        if isinstance(node, syntax.Binom):
            bottom = {n.text for n in syntax.walk(node.bottom) if isinstance(n, syntax.Name)}
            return "".join(n.text for n in syntax.walk(node.top) if isinstance(n, syntax.Name) and n.text not in bottom)
    return None


def _monomial(a):
    """x₁²x₂ for the exponents (2, 1); 1 for (0, …, 0)."""
    powers = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
    text = "".join(f"x{subscript(j + 1)}" + (str(e).translate(powers) if e > 1 else "") for j, e in enumerate(a) if e)
    return text or "1"


@relies_on(kr, "monomials", lambda f: lambda n, d: f(n, d)[1:], "the constant monomial left out")
@check("KR-4", "(xᵀz + c)^d = Σ over the C(n+d, d) monomials of degree ≤ d of weightₐ·xᵃzᵃ; C(n+d, d) = "
       "O(nᵈ); 004 prints C(h+d, d)", "000 V §7; 004", "identity",
       quotes=(POLYNOMIAL, POLYNOMIAL_FORM, POLYNOMIAL_COST, POLYNOMIAL_004, COUNT_004, COST_004, DIMENSION_N))
def polynomial_kernel_monomials(ctx):
    c = sp.Symbol("c", nonnegative=True)
    outcomes = []
    for n, d in ((2, 3), (3, 2), (2, 4)):
        x, z = _xz(n)
        reading = _affine_reading(n, c).bind(d=sp.Integer(d))
        exps = kr.monomials(n, d)
        weights = [sp.factorial(d) / (sp.factorial(d - sum(a)) * sp.prod([sp.factorial(v) for v in a]))
                   * c ** (d - sum(a)) for a in exps]
        phi = lambda v: [sp.sqrt(w) * sp.prod([v[j] ** a[j] for j in range(n)]) for w, a in zip(weights, exps)]  # noqa: E731
        outcomes.append(chain([printed(POLYNOMIAL_FORM, reading, "(xᵀz + c)^d (000)", part=1),
                               printed(POLYNOMIAL_004, reading, "(xᵀz + c)^d (004)", part=1),
                               Step(_dot(phi(x), phi(z)), f"φ(x)ᵀφ(z) over {len(exps)} monomials")],
                              "KR-4", "000 V §7; 004", f"n={n}, d={d}"))
    counts = all(len(kr.monomials(n, d)) == sp.binomial(n + d, d) and len(set(kr.monomials(n, d))) == len(kr.monomials(n, d))
                 for n in range(1, 6) for d in range(1, 6))
    nn = sp.Symbol("n", positive=True, integer=True)
    growth = all(sp.limit(sp.expand_func(sp.binomial(nn + d, d)) / nn ** d, nn, sp.oo) == 1 / sp.factorial(d)
                 for d in (1, 2, 3, 4))
    outcomes.append(Outcome(counts and growth, "n, d ≤ 5, exact; limits for d ≤ 4", 0.0,
                            "" if counts and growth else "count differs from C(n+d, d), or is not O(nᵈ)"))
    # 004's letter: the count must be written in n = dim(x), the only dimension 004 defines (line 49)
    # read with the letters 004 defines only: a letter it never defines has no meaning there
    d_ = sp.Symbol("d", positive=True, integer=True)
    count = form_of(COUNT_004, Reading({"n": sp.Symbol("n", positive=True, integer=True), "d": d_}),
                    typed=sp.binomial(sp.Symbol("h") + d_, d_))
    letter = as_printed(_count_letters(count), "n", key="C(h+d, d)")
    errata = ()
    if letter is not None and letter not in DEFINED_LETTERS:
        n, d = 2, 2
        errata = (Erratum("KR-4", "004", "(xᵀz + c)^d corresponds to C(h+d, d) feature of all monomial up to degree d",
                          "C(n+d, d) features, n = dim(x) (as 000 V §7 prints)",
                          f"{letter} is defined nowhere in the lecture (its dimension is n = dim(x), line 49); at n = {n}, "
                          f"d = {d} there are {len(kr.monomials(n, d))} monomials of degree ≤ d "
                          f"({', '.join(_monomial(a) for a in kr.monomials(n, d))}) "
                          f"= C({n}+{d}, {d})",
                          # h for n: letters a hand or an extraction confuses, as 000's qᵢ for gᵢ
                          # (line 1650); the one rule for such artefacts makes it a transcription
                          nature="transcription", quote=COUNT_004),)
    outcomes.append(with_forms(Outcome(letter is not None, "the printed letters", 0.0,
                                       "" if letter is not None else "004 prints no count C(· + d, d)", errata), count))

    @st.composite
    def cases(draw_):
        n = draw_(st.integers(1, 3))
        x, z = draw_(_pairs(n))
        return x, z, draw_(S.rationals(0, 3)), draw_(st.integers(1, 4))

    def exact_weights(p):
        x, z, c_, d = p
        total = 0
        for a in kr.monomials(len(x), d):
            term = kr.monomial_weight(a, c_, d)
            for j, e in enumerate(a):
                term *= (x[j] * z[j]) ** e
            total += term
        return total == kr.Polynomial(c_, d)(x, z)
    outcomes.append(_exact(ctx, cases(), exact_weights, n=min(ctx.examples, 20)))
    with mpmath.workdps(ctx.digits):
        worst = mpmath.mpf(0)
        for x, z, c_, d in draw(ctx, cases(), n=min(ctx.examples, 10)):
            xm, zm, cm = S.to_mpf(x), S.to_mpf(z), S.to_mpf(c_)
            worst = max(worst, abs(linalg.dot(kr.monomial_features(xm, cm, d), kr.monomial_features(zm, cm, d))
                                   - kr.Polynomial(cm, d)(xm, zm)))
    outcomes.append(Outcome(worst < mpmath.mpf(10) ** (8 - ctx.digits), f"reference φ at {ctx.digits} digits",
                            float(worst)))
    return combine(*outcomes)


# ---- KR-5 ------------------------------------------------------------------------------------

GAUSSIAN = Quote("000", 1244, r"K(x,z) = \exp\left(-\frac{||x-z||^2}{2\sigma^2}\right).")
GAUSSIAN_NEAR_FAR = Quote("000", 1246, "is close to 1 when x and z are close, and near 0 when x and z are far apart")
GAUSSIAN_INFINITE = Quote("000", 1248, r"to an infinite dimensional feature mapping  $\phi$")
GAUSSIAN_004 = Quote("004", 75, r"K(x, z) = \exp\left(-\frac{\|x - z\|^2}{2\sigma^2}\right)")
VALID_004 = Quote("004", 79, r"\exists \phi \text{ s.t. } K(x, z) = \langle \phi(x), \phi(z) \rangle")
GAUSSIAN_USE_004 = Quote("004", 115, r"such as $K(x, z) = \exp(-\|x - z\|^2 / 2\sigma^2)$")
INFINITE_004 = Quote("004", 31, r"Sometimes $\phi(x)$ will be very high-dimensional (even infinite dimensional vector), but we can compute a kernel")
GAUSSIAN_002 = Quote("002", 594, r"K(x, z) = \exp \left(-\frac{\|x - z\|^2}{2\sigma^2} \right)")


@relies_on(kr, "gaussian_features", lambda f: lambda x, sigma, terms: f(x, 2 * sigma, terms), "φ built with 2σ for σ")
@check("KR-5", "Gaussian kernel: K(x,x) = 1, 0 < K ≤ 1, → 0 far apart, γ = 1/(2σ²), and its infinite feature map",
       "000 V §7; 004", "identity", quotes=(GAUSSIAN, GAUSSIAN_NEAR_FAR, GAUSSIAN_INFINITE, GAUSSIAN_004, GAUSSIAN_002, VALID_004, GAUSSIAN_USE_004, INFINITE_004))
def gaussian_kernel(ctx):
    """Σₖ φₖ(x)φₖ(z) with φₖ(x) = e^(−x²/2σ²) xᵏ/(σᵏ√k!) is e^(−(x²+z²)/2σ²) Σₖ (xz/σ²)ᵏ/k!, whose
    partial sums approach e^(−(x−z)²/2σ²); 160 terms leave a tail below 10⁻⁵⁰ here. Symbolically,
    K → 1 as ‖x − z‖ → 0 and K → 0 as ‖x − z‖ → ∞."""
    @st.composite
    def cases(draw_):
        return draw_(S.rationals()), draw_(S.rationals()), draw_(S.positive_rationals(1, 4))

    # K(x, z) as 000, 004 and 002 print it, at one feature (‖x − z‖ = |x − z|)
    x_, z_, sigma = sp.symbols("x z σ", real=True)
    reading = Reading({"x": x_, "z": z_, "sigma": sigma})
    forms = [form_of(q, reading, part=1) for q in (GAUSSIAN, GAUSSIAN_004, GAUSSIAN_002)]
    kernels = [sp.lambdify((x_, z_, sigma), value_of(f), "mpmath") for f in forms if value_of(f) is not None]
    worst = mpmath.mpf(0)
    with mpmath.workdps(ctx.digits + 10):
        for x, z, sigma_ in draw(ctx, cases(), n=min(ctx.examples, 10)):
            xm, zm, sm = S.to_mpf([x, z, sigma_])
            series = linalg.dot(kr.gaussian_features(xm, sm, 160), kr.gaussian_features(zm, sm, 160))
            k = kr.Gaussian(sm)([xm], [zm])
            g = kr.Gaussian.from_gamma(1 / (2 * sm * sm))
            worst = max(worst, abs(series - k), abs(g.sigma - sm), abs(kr.Gaussian(sm)([xm], [xm]) - 1),
                        0 if 0 < k <= 1 else 1)
            for K_printed in kernels:
                kp = K_printed(xm, zm, sm)
                worst = max(worst, abs(series - kp), abs(K_printed(xm, xm, sm) - 1), 0 if 0 < kp <= 1 else 1)
            # 004's '∃φ s.t. K(x, z) = ⟨φ(x), φ(z)⟩' with φ the series' features (160 of them)
            precise = ctx.digits + 10
            phi = Function(lambda t: sp.Matrix([sp.Float(v, precise) for v in kr.gaussian_features(mpmath.mpf(t), sm, 160)]))
            inner = form_of(VALID_004, Reading({"x": sp.Float(xm, precise), "z": sp.Float(zm, precise), "phi": phi}),
                            statement=1, part=1)
            forms.append(inner)
            if value_of(inner) is not None:
                worst = max(worst, abs(mpmath.mpf(value_of(inner)) - k))
    series = with_forms(Outcome(worst < mpmath.mpf(10) ** (5 - ctx.digits) and len(kernels) == 3,
                                f"{min(ctx.examples, 10)} points at {ctx.digits} digits", float(worst)),
                        *{f.quote: f for f in forms}.values())
    r = sp.Symbol("r", positive=True)  # r = ‖x − z‖, σ as printed
    limits = bool(kernels)
    for f in forms[:3]:
        if value_of(f) is not None:
            K = value_of(f).subs({x_: r, z_: 0}).subs(sigma, sp.Symbol("σ", positive=True))
            limits = limits and sp.limit(K, r, 0) == 1 and sp.limit(K, r, sp.oo) == 0
    near_far = Outcome(limits, "symbolic limits", 0.0, "" if limits else "K does not tend to 1 and 0")

    def psd(X):
        with mpmath.workdps(ctx.digits):
            K_ = kr.kernel_matrix(S.to_mpf(X), kr.Gaussian(mpmath.mpf(1)))
            return kr.mercer_test(K_).valid
    sets = st.integers(2, 6).flatmap(lambda m: st.lists(S.vectors(2), min_size=m, max_size=m, unique_by=tuple))
    return combine(series, near_far, _exact(ctx, sets, psd, n=min(ctx.examples, 10)))


# ---- KR-6 ------------------------------------------------------------------------------------

SYMMETRIC = Quote("000", 1252, r"K_{ij} = K(x^{(i)}, x^{(j)}) = \phi(x^{(i)})^T \phi(x^{(j)}) = \phi(x^{(j)})^T \phi(x^{(i)}) = K(x^{(j)}, x^{(i)}) = K_{ji}")
PSD_1 = Quote("000", 1254, r"z^{T}Kz = \sum_{i} \sum_{j} z_{i}K_{ij}z_{j}")
PSD_2 = Quote("000", 1256, r"= \sum_{i} \sum_{j} z_{i}\phi(x^{(i)})^{T}\phi(x^{(j)})z_{j}")
PSD_3 = Quote("000", 1258, r"= \sum_{i} \sum_{j} z_{i} \sum_{k} \phi_{k}(x^{(i)})\phi_{k}(x^{(j)})z_{j}")
PSD_4 = Quote("000", 1260, r"= \sum_{k} \sum_{i} \sum_{j} z_{i}\phi_{k}(x^{(i)})\phi_{k}(x^{(j)})z_{j}")
PSD_5 = Quote("000", 1262, r"= \sum_{k} \left(\sum_{i} z_{i}\phi_{k}(x^{(i)})\right)^{2}")
PSD_END = Quote("000", 1264, "> 0.")
PSD_END_SECOND_COPY = Quote("000", 1806, r"\geq 0.")
PSD_WORDS = Quote("000", 1266, r"this shows that K is positive semi-definite  $(K \ge 0)$")
PSD_WORDS_SECOND_COPY = Quote("000", 1808, "this shows that K is positive semi-definite (K > 0)")
PSD_ANY_Z_004 = Quote("004", 85, r"It turns out that for any vector $z \in \mathbb{R}^m$, consider $z^T K z$, by definition of matrix multiplication")
PSD_004 = Quote("004", 92, r"&= \sum_k \left(\sum_i z_i (\phi(x^{(i)}))_k \right)^2 \geq 0")
PSD_002 = Quote("002", 602, r"&= \sum_k \left(\sum_i z_i \varphi_k(x^{(i)}) \right)^2 \geq 0")
PSD_004_1 = Quote("004", 88, r"z^T K z &= \sum_i \sum_j z_i K_{ij} z_j \\")
PSD_004_2 = Quote("004", 89, r"&= \sum_i \sum_j z_i \phi(x^{(i)})^T \phi(x^{(j)}) z_j \\")
PSD_004_3 = Quote("004", 90, r"&= \sum_i \sum_j z_i \sum_k (\phi(x^{(i)}))_k (\phi(x^{(j)}))_k z_j \\")
PSD_004_4 = Quote("004", 91, r"&= \sum_k \sum_i \sum_j z_i (\phi(x^{(i)}))_k (\phi(x^{(j)}))_k z_j \\")
PSD_NOTATION_004 = Quote("004", 95, r"$K \geq 0$ when the matrix K is symmetric **Positive-semidefinite Matrix**.")
KERNEL_MATRIX = Quote("000", 1250, r"let a square, m-by-m matrix K be defined so that its (i, j)-entry is given by  $K_{ij} = K(x^{(i)}, x^{(j)})$")
KERNEL_MATRIX_004 = Quote("004", 83, r"K_{ij} = K(x^{(i)}, x^{(j)})")
KERNEL_MATRIX_002 = Quote("002", 598, r"let $\{x^{(1)}, \dots, x^{(d)}\}$ be d points", reading="d counts the points here, not the degree of KR-4")
NECESSARY_002 = Quote("002", 596, r"Thus, it is necessary that $K(x, z)$ be a positive semi-definite function.")
PSD_SUMMARY = Quote("000", 1268, r"the corresponding Kernel matrix  $K \in \mathbb{R}^{m \times m}$  is symmetric positive semidefinite")

M_POINTS, FEATURES = 3, 2

# the relation the first copy prints at the end of the chain zᵀKz = … (the second copy, 002 and
# 004 print ≥), and the property the second copy names in words ('K > 0', positive definite)
PRINTED_RELATION = ">"
PRINTED_PROPERTY = "positive definite"


PSD_002_1 = Quote("002", 602, r"z^T K z &= \sum_i \sum_j z_i K_{ij} z_j \\")
PSD_002_2 = Quote("002", 602, r"&= \sum_i \sum_j z_i \varphi(x^{(i)})^T \varphi(x^{(j)}) z_j \\")
PSD_002_3 = Quote("002", 602, r"&= \sum_i \sum_j z_i \sum_k \varphi_k(x^{(i)}) \varphi_k(x^{(j)}) z_j \\")
PSD_002_4 = Quote("002", 602, r"&= \sum_k \sum_i \sum_j z_i \varphi_k(x^{(i)}) \varphi_k(x^{(j)}) z_j \\")


def _psd_readings():
    """KR-6's readings of the printed chains: m = 3 points x⁽ⁱ⁾ (opaque), a feature map φ with
    2 coordinates φₖ(x⁽ⁱ⁾) (symbols), z = (z₁, z₂, z₃), K(x, z) = φ(x)ᵀφ(z) as line 1202
    defines it, and the m×m matrix Kᵢⱼ = K(x⁽ⁱ⁾, x⁽ʲ⁾) (line 1250). Three readings of the
    same names, as the notes print them: K applied (a function) or subscripted (the matrix);
    φ applied (the vector φ(x)) or subscripted (its k-th coordinate φₖ, 000 line 1252)."""
    points = tuple(sp.Symbol(f"x{superscript(i + 1)}") for i in range(M_POINTS))

    def phi(p):
        return sp.Matrix([sp.Symbol(f"φ{subscript(k + 1)}({p})", real=True) for k in range(FEATURES)])

    def coordinate(k):
        return Function(lambda p: phi(p)[_integer(k) - 1])
    z = Vector(tuple(vector("z", M_POINTS)), first=1)
    base = Reading({"x": Examples(points), "z": z}, sizes={"m": M_POINTS},
                   ranges={"i": (1, "m"), "j": (1, "m"), "k": (1, FEATURES)})
    vectors = base.bind(phi=Function(phi), varphi=Function(phi))
    function = defined(vectors, "K", KERNEL, ("x", "z"), part=1)
    K = sp.Matrix(M_POINTS, M_POINTS, lambda i, j: function.names["K"].function(points[i], points[j]))
    matrix = function.bind(K=K)
    coordinates = matrix.bind(phi=Indexed(coordinate), varphi=Indexed(coordinate))
    return function, matrix, coordinates, K


def _integer(v):
    return int(sp.Integer(v))


_RELATIONS = {">": lambda v: v > 0, "≥": lambda v: v >= 0}
_PROPERTIES = {"positive definite": lambda K: kr.mercer_test(K).valid and linalg.determinant(K) != 0,
               "positive semi-definite": lambda K: kr.mercer_test(K).valid}
_SMALL = st.sampled_from([Fraction(0), Fraction(1), Fraction(-1), Fraction(2)])


@st.composite
def _kernel_matrices(draw_):
    """(points, z ≠ 0) with small entries, for the kernel (xᵀz)²: a search for the simplest
    point set and direction where zᵀKz is 0."""
    n = draw_(st.integers(1, 2))
    m = draw_(st.integers(1, 3))
    X = draw_(st.lists(st.lists(_SMALL, min_size=n, max_size=n), min_size=m, max_size=m))
    z = draw_(st.lists(_SMALL, min_size=m, max_size=m).filter(any))
    return X, z


def _points(X):
    """'x⁽¹⁾ = [0], x⁽²⁾ = [1, 2]'."""
    return ", ".join(f"x{superscript(i + 1)} = {fmt(x)}" for i, x in enumerate(X))


def _quadratic_form(X, z):
    K = kr.kernel_matrix(X, kr.Polynomial(0, 2))
    return sum(z[i] * K[i][j] * z[j] for i in range(len(z)) for j in range(len(z))), K


@relies_on(kr, "kernel_matrix", lambda f: lambda X, kernel, Z=None: [[2 * v if i == j else v for j, v in enumerate(row)]
                                                                     for i, row in enumerate(f(X, kernel, Z))],
           "the diagonal of K doubled")
@check("KR-6", "zᵀKz = Σₖ(Σᵢ zᵢφₖ(x⁽ⁱ⁾))² ≥ 0, the printed chain (000's first copy ends '> 0', its second "
       "copy calls K '> 0')", "000 V §7; 002 §1.5.2; 004", "derivation",
       quotes=(SYMMETRIC, PSD_1, PSD_2, PSD_3, PSD_4, PSD_5, PSD_END, PSD_END_SECOND_COPY, PSD_WORDS, KERNEL,
               PSD_002_1, PSD_002_2, PSD_002_3, PSD_002_4,
               PSD_WORDS_SECOND_COPY, PSD_004, PSD_ANY_Z_004, PSD_002, PSD_SUMMARY, PSD_004_1, PSD_004_2, PSD_004_3, PSD_004_4,
               PSD_NOTATION_004, NECESSARY_002, KERNEL_MATRIX, KERNEL_MATRIX_004, KERNEL_MATRIX_002))
def psd_chain(ctx):
    function, matrix, coordinates, K = _psd_readings()
    size = f"m={M_POINTS}, {FEATURES} features"
    symbolic = [
        chain([printed(PSD_1, matrix, "zᵀKz", part=0),
               printed(PSD_1, matrix, "ΣᵢΣⱼ zᵢKᵢⱼzⱼ", part=1),
               printed(PSD_2, matrix, "Kᵢⱼ = φ(x⁽ⁱ⁾)ᵀφ(x⁽ʲ⁾)"),
               printed(PSD_3, coordinates, "φ(x⁽ⁱ⁾)ᵀφ(x⁽ʲ⁾) = Σₖ φₖ(x⁽ⁱ⁾)φₖ(x⁽ʲ⁾)"),
               printed(PSD_4, coordinates, "Σₖ moved out"),
               printed(PSD_5, coordinates, "Σₖ (Σᵢ zᵢφₖ(x⁽ⁱ⁾))²")], "KR-6", "000 V §7", size),
        chain([printed(PSD_004_1, matrix, "zᵀKz", part=0),
               printed(PSD_004_1, matrix, "ΣᵢΣⱼ zᵢKᵢⱼzⱼ", part=1),
               printed(PSD_004_2, matrix, "Kᵢⱼ = φ(x⁽ⁱ⁾)ᵀφ(x⁽ʲ⁾)"),
               printed(PSD_004_3, matrix, "Σₖ (φ(x⁽ⁱ⁾))ₖ(φ(x⁽ʲ⁾))ₖ"),
               printed(PSD_004_4, matrix, "Σₖ moved out"),
               printed(PSD_004, matrix, "Σₖ (Σᵢ zᵢ(φ(x⁽ⁱ⁾))ₖ)²", part=0)], "KR-6", "004", size),
        chain([printed(PSD_002_1, matrix, "zᵀKz", part=0),
               printed(PSD_002_1, matrix, "ΣᵢΣⱼ zᵢKᵢⱼzⱼ", part=1),
               printed(PSD_002_2, matrix, "Kᵢⱼ = φ(x⁽ⁱ⁾)ᵀφ(x⁽ʲ⁾)"),
               printed(PSD_002_3, coordinates, "Σₖ φₖ(x⁽ⁱ⁾)φₖ(x⁽ʲ⁾)"),
               printed(PSD_002_4, coordinates, "Σₖ moved out"),
               printed(PSD_002, coordinates, "Σₖ (Σᵢ zᵢφₖ(x⁽ⁱ⁾))²", part=0)], "KR-6", "002 §1.5.2", size)]
    # Kᵢⱼ = K(x⁽ⁱ⁾, x⁽ʲ⁾) = φ(x⁽ⁱ⁾)ᵀφ(x⁽ʲ⁾) = φ(x⁽ʲ⁾)ᵀφ(x⁽ⁱ⁾) = K(x⁽ʲ⁾, x⁽ⁱ⁾) = Kⱼᵢ at every pair i < j
    symmetric = []
    for i, j in itertools.combinations(range(1, M_POINTS + 1), 2):
        at_f, at_m = (r.bind(i=sp.Integer(i), j=sp.Integer(j)) for r in (function, matrix))
        symmetric.append(chain([
            printed(SYMMETRIC, at_m, "Kᵢⱼ", part=0),
            printed(SYMMETRIC, at_f, "the definition of K (line 1250)", part=1),
            printed(SYMMETRIC, at_f, "K = φᵀφ", part=2),
            printed(SYMMETRIC, at_f, "a scalar is its own transpose", part=3),
            printed(SYMMETRIC, at_f, "K = φᵀφ", part=4),
            printed(SYMMETRIC, at_m, "the definition of K", part=5),
            printed(KERNEL_MATRIX_004, at_m, "004's Kᵢⱼ", part=0),
            printed(KERNEL_MATRIX_004, at_f, "004's K(x⁽ⁱ⁾, x⁽ʲ⁾)", part=1)],
            "KR-6", "000 V §7; 004", f"symmetry, i={i}, j={j}"))
    # the second copy's last line, '≥ 0': the relation and the bound as printed, decided at the
    # simplest point set and z ≠ 0 where they fail (none: zᵀKz is a sum of squares)
    end = form_of(PSD_END_SECOND_COPY, matrix)
    bound = value_of(end)
    end_errata = ()
    if bound is not None:
        relation = parse(end.variants[0].tex).statements[0].parts[0][0]
        holds = _RELATIONS.get(relation)
        if holds is None:
            bound = None
        else:
            failing = find_witness(_kernel_matrices(), lambda p: not holds(_quadratic_form(*p)[0] - bound), ctx.seed)
            if failing is not None:
                X, zz = failing
                value, Km = _quadratic_form(X, zz)
                end_errata = (Erratum("KR-6", "000 V §7 (second copy)", f"zᵀKz = … = Σₖ(Σᵢ zᵢφₖ(x⁽ⁱ⁾))² {relation} {bound}",
                                      "… ≥ 0", f"K(x, z) = (xᵀz)², {_points(X)}, z = {fmt(zz)}: K = {fmt(Km)}, "
                                      f"zᵀKz = {value}", quote=PSD_END_SECOND_COPY),)
    ended = with_forms(Outcome(bound is not None, "the printed end of the chain", 0.0,
                               "" if bound is not None else "the end of the chain reads to no relation with a number",
                               end_errata), end)

    @st.composite
    def cases(draw_):
        m = draw_(st.integers(2, 5))
        n = draw_(st.integers(1, 3))
        X = draw_(st.lists(S.vectors(n), min_size=m, max_size=m))
        return X, draw_(S.vectors(m))

    def sum_of_squares(p):
        X, zz = p
        Km = kr.kernel_matrix(X, kr.Polynomial(0, 2))
        Phi = [kr.quadratic_features(x) for x in X]
        lhs = sum(zz[i] * Km[i][j] * zz[j] for i in range(len(X)) for j in range(len(X)))
        rhs = sum(sum(zz[i] * Phi[i][k] for i in range(len(X))) ** 2 for k in range(len(Phi[0])))
        return lhs == rhs >= 0 and all(Km[i][j] == Km[j][i] for i in range(len(X)) for j in range(len(X)))
    exact_ = _exact(ctx, cases(), sum_of_squares, n=min(ctx.examples, 20))

    # the printed '> 0' for every z: the simplest point set and z ≠ 0 where it fails
    relation = as_printed(PRINTED_RELATION, "≥", key="> 0")
    witness = find_witness(_kernel_matrices(), lambda p: not _RELATIONS[relation](_quadratic_form(*p)[0]), ctx.seed)
    errata = []
    if witness is not None:
        X, zz = witness
        value, Km = _quadratic_form(X, zz)
        errata.append(Erratum("KR-6", "000 V §7 (first copy)", "zᵀKz = … = Σₖ(Σᵢ zᵢφₖ(x⁽ⁱ⁾))² > 0",
                              "… ≥ 0 (as 002 §1.5.2, 004 and the second copy print)",
                              f"K(x, z) = (xᵀz)², {_points(X)}, z = {fmt(zz)}: K = {fmt(Km)}, zᵀKz = {value}",
                              "transcription", PSD_END))
    # the second copy's '(K > 0)': positive definite, which the same kind of K is not
    prop = as_printed(PRINTED_PROPERTY, "positive semi-definite", key="(K > 0)")
    singular = find_witness(_kernel_matrices(), lambda p: not _PROPERTIES[prop](_quadratic_form(*p)[1]), ctx.seed)
    if singular is not None:
        X, zz = singular
        value, Km = _quadratic_form(X, zz)
        errata.append(Erratum("KR-6", "000 V §7 (second copy)", "this shows that K is positive semi-definite (K > 0)",
                              "K ⪰ 0 (K ≥ 0, as the first copy prints): K > 0 says positive definite",
                              f"K(x, z) = (xᵀz)², {_points(X)}: K = {fmt(Km)} has |K| = "
                              f"{linalg.determinant(Km)}, so it is not positive definite (zᵀKz = {value} at z = {fmt(zz)})",
                              "transcription", PSD_WORDS_SECOND_COPY))
    return combine(*symbolic, *symmetric, ended, exact_, Outcome(True, "searched", 0.0, "", tuple(errata)))


# ---- KR-7 ------------------------------------------------------------------------------------

MERCER = Quote("000", 1272, "for K to be a valid (Mercer) kernel, it is necessary and sufficient that for any")
MERCER_004 = Quote("004", 101, r"the kernel matrix $K \in \mathbb{R}^{m \times m}$ is symmetric positive-semidefinite.")
MERCER_002 = Quote("002", 606, "for any d points, the corresponding kernel matrix K is positive semi-definite.")
MERCER_004_START = Quote("004", 99, r"Theorem(Mercer): Let $K(x, z)$ be given, then K is a valid kernel(i.e., $\exists \phi$ s.t.")
CONVERSE_004 = Quote("004", 97, "It turns out that the converse holds true and so this gives us a test for whether a function K is a valid kernel.")
INVALID_004 = Quote("004", 103, r"$K(x, x) = -1 \neq \phi(x)^T \phi(x)$")


@relies_on(kr, "mercer_test", lambda f: lambda K, tol=None: kr.MercerResult(True, True), "every K declared valid")
@check("KR-7", "Mercer's test: verdict agrees with the eigenvalues; a witness has zᵀKz < 0 exactly",
       "000 V §7 Theorem (Mercer); 004", "identity", quotes=(MERCER, MERCER_004, MERCER_002, INVALID_004, CONVERSE_004, MERCER_004_START))
def mercer_test_verdicts(ctx):
    matrices = st.integers(1, 5).flatmap(lambda n: st.one_of(S.symmetric_matrices(n), S.psd_matrices(n, max_rank=max(1, n - 1)),
                                                             S.psd_matrices(n)))

    def agrees(K):
        result = kr.mercer_test(K)
        with mpmath.workdps(ctx.digits):
            smallest = min(mpmath.eigsy(mpmath.matrix(S.to_mpf(K)), eigvals_only=True))
        psd = smallest >= -mpmath.mpf(10) ** (10 - ctx.digits)
        if result.valid != psd:
            return False
        if result.valid:
            return True
        z = result.witness
        value = sum(z[i] * K[i][j] * z[j] for i in range(len(K)) for j in range(len(K)))
        return value == result.value < 0
    verdicts = _exact(ctx, matrices, agrees, n=min(ctx.examples, 20))

    # 004: "K(x, x) = −1 ≠ φ(x)ᵀφ(x)" — no feature map has a negative φ(x)ᵀφ(x)
    invalid = lambda x, z: -1  # noqa: E731
    result = kr.mercer_test(kr.kernel_matrix([[Fraction(3)]], invalid))
    try:
        kr.checked_kernel_matrix([[Fraction(3)], [Fraction(5)]], invalid)
        raised = False
    except kr.InvalidKernelError as e:
        raised = e.value < 0 and e.witness is not None
    ok = (not result.valid) and result.value == -1 and raised
    return combine(verdicts, Outcome(ok, "exact", 0.0, "" if ok else "K(x, x) = −1 was not refused"),
                   _mercer_without_symmetry())


def _mercer_without_symmetry():
    """002 line 606 states Mercer's condition as 'for any d points, K is positive semi-definite',
    without symmetry (000 V §7 and 004 line 101 ask for it): K(x, z) = 1 + x − z passes that test
    on every finite set, since Σᵢⱼ zᵢzⱼ(xᵢ − xⱼ) = 0, yet K(x, z) ≠ K(z, x), which no φ(x)ᵀφ(z) is.
    Shown symbolically at three points; an erratum when both hold."""
    xs, zs = sp.symbols("x1:4", real=True), sp.symbols("z1:4", real=True)
    K = [[1 + a - b for b in xs] for a in xs]
    form = sp.expand(sum(zs[i] * K[i][j] * zs[j] for i in range(3) for j in range(3)))
    passes = sp.expand(form - sum(zs) ** 2) == 0
    asymmetric = sp.expand(K[0][1] - K[1][0]) != 0
    errata = ()
    if passes and asymmetric:
        errata = (Erratum("KR-7", "002", "K is a valid kernel … iff, for any d points, the corresponding kernel matrix K "
                          "is positive semi-definite",
                          "… iff K is symmetric and, for any d points, K is positive semi-definite (000 V §7; "
                          "L08 line 101: 'symmetric positive-semidefinite')",
                          "K(x, z) = 1 + x − z: at any points, zᵀKz = Σᵢⱼ zᵢzⱼ(1 + xᵢ − xⱼ) = (Σᵢ zᵢ)² ≥ 0 (the "
                          "xᵢ − xⱼ terms cancel; at x = 0, 1: K = [[1, 0], [2, 1]], zᵀKz = (z₁ + z₂)²), but "
                          "K(0, 1) = 0 ≠ 2 = K(1, 0), and φ(x)ᵀφ(z) = φ(z)ᵀφ(x) for every φ: no φ gives this K",
                          quote=MERCER_002),)
    return Outcome(passes and asymmetric, "symbolic (3 points)", 0.0,
                   "" if passes and asymmetric else "1 + x − z did not pass the test without symmetry", errata)


# ---- KR-9 ------------------------------------------------------------------------------------

REPLACE_INNER = Quote("000", 1200, r"this means that we would replace all those inner products with  $\langle \phi(x), \phi(z) \rangle$")
REPLACE_002 = Quote("002", 588, r"4. Replace $\langle x, z \rangle$ in the algorithm with $K(x, z)$.")
KERNEL_PERCEPTRON = Quote("000", 1278, "this kernel trick can be applied with the perceptron to derive a kernel perceptron algorithm")


@st.composite
def _ring_sets(draw_):
    """Two-feature points labelled 1 outside the circle ‖x‖² = r² and −1 inside, none within 1/2
    of it: separable in the features (xᵢxⱼ) with an intercept."""
    r2 = draw_(st.sampled_from([1, 2, 4]))
    point = S.vectors(2, S.rationals(-3, 3, 2)).filter(lambda x: abs(x[0] ** 2 + x[1] ** 2 - r2) >= Fraction(1, 2))
    X = draw_(st.lists(point, min_size=3, max_size=6, unique_by=tuple))
    y = [1 if x[0] ** 2 + x[1] ** 2 > r2 else -1 for x in X]
    return X, y


def _path(run):
    try:
        return run().path
    except ConvergenceError as e:
        return e.result.path


@relies_on(kr, "quadratic_features", lambda f: lambda x: f(x)[1:], "φ(x) without its first entry x₁x₁")
@check("KR-9", "the kernel trick on the perceptron: with K = φᵀφ the kernel perceptron takes the perceptron's "
       "steps on (1, φ(x))", "000 V §7", "identity", quotes=(KERNEL_PERCEPTRON, KERNEL, REPLACE_INNER, REPLACE_002))
def kernel_perceptron_is_perceptron(ctx):
    """θ = Σⱼ αⱼy⁽ʲ⁾φ(x⁽ʲ⁾) and b = Σⱼ αⱼy⁽ʲ⁾ after every epoch of the kernel perceptron (K(x, z) =
    (xᵀz)²) equal the perceptron's θ on the inputs (1, φ(x)) with labels (y + 1)/2 (000 §6, step
    (y − h)x), exactly, epoch by epoch."""
    def same(p):
        X, y = p
        Phi = [[Fraction(1)] + kr.quadratic_features(x) for x in X]
        kernel_path = _path(lambda: kr.kernel_perceptron(X, y, kr.Polynomial(0, 2), max_epochs=30, record=True))
        primal_path = _path(lambda: perceptron(Phi, [(t + 1) // 2 for t in y], max_epochs=30, record=True))
        for (alpha, b), theta in zip(kernel_path, primal_path):
            w = [sum(a * t * f[k] for a, t, f in zip(alpha, y, Phi)) for k in range(1, len(Phi[0]))]
            if [b] + w != list(theta):
                return False
        return len(kernel_path) == len(primal_path)
    return _exact(ctx, _ring_sets(), same, n=min(ctx.examples, 10))


# ---- KR-8 ------------------------------------------------------------------------------------

STRINGS = Quote("000", 1276, r"If we're considering strings of English letters, then there are  $26^k$  such strings")
STRINGS_ESTIMATE = Quote("000", 1276, r"(e.g.,  $26^4 \approx 460000$ .)")
PROTEIN = Quote("004", 207, "Suppose we want to classify protein sequences $BAJTSIAIBAJTAU$")
LISTED = Quote("004", 211, r"$AAAA, \dots, AAAZ, \dots, UUUU$ as a vector")
TWICE = Quote("004", 211, "For example, $BAJT$ occurs twice")
DIMENSION = Quote("004", 213, r"\in \mathbb{R}^{(20^4)} = \mathbb{R}^{160000}")
ANY_LENGTH = Quote("004", 215, "This representation applies no matter how long our protein sequence is.")
DYNAMIC_PROGRAMMING = Quote("004", 217, "there is an efficient dynamic programming algorithm that can efficiently compute inner products")

# 004's feature list: its first, middle and last words (the dimension it states is read from line 213)
PRINTED_FEATURES = ("AAAA", "AAAZ", "UUUU")


def _printed_dimensions():
    """The Forms of 004's 'φ(x) ∈ ℝ^(20⁴) = ℝ^160000' (both parts) and the dimensions they state
    (None where the copy does not print one)."""
    space = sp.Symbol("ℝ", positive=True)
    reading = Reading({"bb R": space})
    forms = [form_of(DIMENSION, reading, part=k) for k in (0, 1)]
    dimensions = []
    for f in forms:
        value = value_of(f)
        base, exponent = value.as_base_exp() if isinstance(value, sp.Expr) else (None, None)
        dimensions.append(int(exponent) if base == space and exponent.is_Integer else None)
    return forms, dimensions


@relies_on(kr, "spectrum_features", lambda f: lambda s, k: f(s[1:], k), "the first letter of s dropped")
@check("KR-8", "string kernel without φ = Σᵤ φᵤ(s)φᵤ(t); 004's BAJT twice; 26⁴ ≈ 460000; 004's list AAAA … UUUU "
       "has not 20⁴ = 160000 words", "000 V §7; 004", "identity",
       quotes=(STRINGS, STRINGS_ESTIMATE, PROTEIN, LISTED, TWICE, DIMENSION, ANY_LENGTH, DYNAMIC_PROGRAMMING))
def string_kernel(ctx):
    """The listed words fix the alphabet: AAAA … UUUU in order runs over the letters A … U, and
    |alphabet|⁴ words of length 4 follow; a listed word must use those letters only."""
    @st.composite
    def cases(draw_):
        alphabet = draw_(st.sampled_from(["ab", "abc", "acgt"]))
        return draw_(S.words(alphabet)), draw_(S.words(alphabet)), draw_(st.integers(1, 4))

    def holds(p):
        s, t, k = p
        phi_s, phi_t = kr.spectrum_features(s, k), kr.spectrum_features(t, k)
        explicit = sum(c * phi_t.get(u, 0) for u, c in phi_s.items())
        return kr.StringKernel(k)(s, t) == explicit == kr.StringKernel(k)(t, s)
    exact_ = _exact(ctx, cases(), holds)
    protein = "BAJTSIAIBAJTAU"
    counts = kr.spectrum_features(protein, 4)
    forms, (stated, evaluated) = _printed_dimensions()
    printed_dimension = evaluated
    printed = (counts.get("BAJT") == 2 and round(kr.spectrum_dimension(26, 4), -4) == 460000
               and stated is not None and stated == evaluated
               and all(kr.spectrum_dimension(20, 4) == printed_dimension for _ in (protein, protein * 3)))
    first, middle, last = as_printed(PRINTED_FEATURES, ("AAAA", "AAAT", "TTTT"), key="AAAA, …, AAAZ, …, UUUU")
    alphabet = [chr(c) for c in range(ord(first[0]), ord(last[0]) + 1)]
    listed = kr.spectrum_dimension(len(alphabet), 4)
    outside = sorted(set(middle) - set(alphabet))
    errata = ()
    if printed_dimension is not None and (listed != printed_dimension or outside):
        errata = (Erratum("KR-8", "004", "the features AAAA, …, AAAZ, …, UUUU, φ(x) ∈ ℝ^(20⁴) = ℝ^160000",
                          "20 letters give 20⁴ = 160000 features (e.g. the amino-acid codes ACDEFGHIKLMNPQRSTVWY, "
                          "or A … T, ending at TTTT)",
                          f"{first} … {last} runs over {alphabet[0]} … {alphabet[-1]}, {len(alphabet)} letters: "
                          f"{len(alphabet)}⁴ = {listed} words, not {printed_dimension}"
                          + (f"; and {middle} uses {', '.join(outside)}, outside them" if outside else ""),
                          quote=LISTED),)
    return combine(exact_, with_forms(Outcome(printed, "exact", 0.0, "" if printed else "the printed counts differ", errata),
                                      *forms))


# ---- printed claims no check decides ----------------------------------------------------------

for _line, _text, _reason, _id in (
        (1194, "we'll call the \"original\" input value the input **attributes** of a problem", "a definition (attributes and features)", "KR-1"),
        (1198, "we simply need to go over our previous algorithm, and replace x everywhere in it with  $\\phi(x)$",
         "a recipe (applied to the perceptron in KR-9 and to the SVM by the reference's kernels)", "KR-1"),
        (1236, "the parameter c controls the relative weighting between the  $x_i$  (first order) and the  $x_i x_j$  (second order) terms",
         "descriptive: the weights √(2c) of the first-order features are in the φ checked in KR-3", "KR-3"),
        (1240, "Intuitively, (and there are things wrong with this intuition, but nevermind)", "intuition the notes disown", "KR-5"),
        (1242, "you've come up with some function K(x,z) that you think might be a reasonable measure of how similar x and z are",
         "a heuristic", "KR-5"),
        (1266, "The second-to-last step above used the same trick as you saw in Problem set 1 Q1.",
         "a pointer to the problem set (the step is checked in KR-6)", "KR-6"),
        (1270, "Many texts present Mercer's theorem in a slightly more complicated form involving  $L^2$  functions",
         "a remark on the literature (footnote 5)", "KR-7"),
        (1272, "it is necessary and sufficient that for any",
         "sufficiency quantifies over every finite point set (a theorem, not decidable by sampling); necessity "
         "is checked in KR-6 and the finite test in KR-7", "KR-7"),
        (1274, "You'll also have a chance to play with these ideas more in problem set 2.", "a pointer to the problem set", "KR-7"),
        (1276, "consider the digit recognition problem, in which given an image (16x16 pixels) of a handwritten digit",
         "an empirical result on a data set not shipped (USPS digits)", "KR-2"),
        (1280, "which has come to be known as the \"kernel trick.\"", "a name", "KR-9"),
        ):
    unchecked(Quote("000", _line, _text), _reason, _id)

for _line, _text, _reason, _id in (
        (29, r"we'll replace the inner product with $\langle \phi(x^{(i)}), \phi(x^{(j)}) \rangle$", "a recipe", "KR-1"),
        (35, "so the idea of the SVM is that we're going to replace inner product with kernel function", "a summary", "KR-1"),
        (73, "RBF(Gaussian Radio Basis Function) Kernel",
         "a name, garbled ('Radio' for radial); the kernel under it is checked in KR-5", "KR-5"),
        (81, r"then let any set of points $\{x_1, \dots, x_m\}$ be given",
         "the points are the x⁽ⁱ⁾ of the next line (x_j names features elsewhere)", "KR-6"),
        (109, r"If x and z are very similar, then $\phi(x)$ and $\phi(z)$ will be pointing in the same direction",
         "intuition", "KR-5"),
        (113, r"$K(x, z)$ that is large if we want to learn the algorithm to think of x and z as similar", "a heuristic", "KR-5"),
        (107, r"we want $x \mapsto \phi(x)$ and $z \mapsto \phi(z)$, so the kernel is computing inner product",
         "a summary of what a kernel is (KR-1's K(x, z) = φ(x)ᵀφ(z), checked there)", "KR-5"),
        (199, "Handler's Integer Recognition", "a heading, garbled (handwritten digit recognition); no data", "KR-2"),
        (201, r"We can apply an SVM with the polynomial kernel $K(x, y) = (x^T y)^d$ or Gaussian kernel",
         "advice on which kernel to use, with no data (that both are kernels is checked in KR-3 and KR-5)", "KR-2"),
        (203, r"$K(x, y) = \exp(-\|x - y\|^2 / 2\sigma^2)$ works well.",
         "an empirical claim; its y names a point, not a label", "KR-5"),
        ):
    unchecked(Quote("004", _line, _text), _reason, _id)

for _line, _text, _reason, _id in (
        (590, "The **support vector machine** is taking the optimal margin classifier and applying the kernel trick to it.",
         "a definition", "KR-1"),
        (592, "If x and z are similar, then $K(x, z)$ should be large.", "a heuristic", "KR-5"),
        (620, "Some examples of applications of SVMs are handwritten digit classification and protein sequence classifier.",
         "applications, no data", "KR-8"),
        ):
    unchecked(Quote("002", _line, _text), _reason, _id)
