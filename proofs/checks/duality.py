"""Part V §4-6 checks: the three optimal margin problems, Lagrange duality, weak and strong
duality, the KKT conditions and support vectors (000 V §4-6; 001 "Duality - notes"; 002 §1.5.1)."""
import functools
import sys
from fractions import Fraction

import mpmath
import sympy as sp
from hypothesis import strategies as st

from cs229.reference import duality as du
from cs229.reference import kernels as kr
from cs229.reference import linalg, scalar
from cs229.reference import margins as mg
from cs229.testing import strategies as S

from ..checking import as_printed, exact, relies_on, Step, chain, combine, draw, fmt, show_value, symbolically_equal
from ..printed import Meaningless, defined, form_of, printed, value_of, with_forms
from ..registry import Cited, Erratum, Outcome, Quote, check, unchecked
from ..notation import vector
from ..svm_reading import at, numbers, optimised_over, printed_implications, printed_relations
from ..text import Function, Indexed, Operator, Reading, Vector, copies
from ..text.parse import NotationError
from ..printed import _formula_text


THIS = sys.modules[__name__]  # the self-test's mutants replace this module's helpers

# exact checks are decided per point; at most 20 points keep the audit within its budget
_exact = functools.partial(exact, cap=20)



def _problem(qp):
    P, c, G, r, E, s, _ = qp
    g = [du.Quadratic(row, r_i) for row, r_i in zip(G, r)]
    h = [du.Quadratic(row, s_i) for row, s_i in zip(E, s)]
    return du.Problem(du.Quadratic(c, 0, P), g, h)


def _with(strategy, *extra):
    return strategy.flatmap(lambda p: st.tuples(st.just(p), *[e(p) for e in extra]))


def _n(qp):
    return len(qp[1])


def _points_for(qp):
    return S.vectors(_n(qp))


def _alphas_for(qp):
    return st.lists(S.rationals(0, 4), min_size=len(qp[2]), max_size=len(qp[2]))


def _betas_for(qp):
    return st.lists(S.rationals(), min_size=len(qp[4]), max_size=len(qp[4]))


def _moved(solution):
    """A mutant's answer: the first entry of w moved by 1."""
    w, rest = solution
    return [w[0] + 1] + list(w[1:]), rest


def _moved_point(point):
    w, _ = _moved((point.w, None))
    return du.KKTPoint(w, point.alpha, point.beta, point.value)


def _doubled_margin(result):
    gamma, t = result
    return (None if gamma is None else 2 * gamma), t


def _doubled_solution(solution):
    w, b, alpha = solution
    return [2 * v for v in w], 2 * b, alpha


QPS = st.one_of(S.convex_qps(2, 2, 0), S.convex_qps(2, 3, 1), S.convex_qps(3, 3, 1),
                S.convex_qps(2, 2, 1, strictly_convex=False))


# ---- LD-1 ------------------------------------------------------------------------------------

LAGRANGIAN_EQUALITY = Quote("000", 1019, r"\mathcal{L}(w,\beta) = f(w) + \sum_{i=1}^{l} \beta_i h_i(w)")
EQUALITY_PROBLEM = Quote("000", 1013, r"\min_{w} f(w)")
EQUALITY_CONSTRAINTS = Quote("000", 1015, r"s.t.  $h_{i}(w) = 0, i = 1, ..., l.$")
STATIONARY_EQUALITY = Quote("000", 1025, r"\frac{\partial \mathcal{L}}{\partial w_i} = 0; \quad \frac{\partial \mathcal{L}}{\partial \beta_i} = 0")


@relies_on(du, "equality_lagrange", lambda f: lambda problem: _moved(f(problem)), "w* moved by 1 in its first entry")
@check("LD-1", "Lagrange multipliers: ∂L/∂w = 0, ∂L/∂β = 0 give the equality-constrained minimum",
       "000 V §5", "optimality", quotes=(LAGRANGIAN_EQUALITY, STATIONARY_EQUALITY, EQUALITY_PROBLEM, EQUALITY_CONSTRAINTS))
def equality_constrained(ctx):
    w = sp.Matrix(sp.symbols("w1 w2", real=True))
    beta = sp.symbols("beta1 beta2", real=True)
    f = sp.Function("f")(*w)
    h = [sp.Function(f"h{i + 1}")(*w) for i in range(2)]
    # f and hᵢ any functions of w; L as printed (line 1019)
    reading = defined(Reading({"w": w, "beta": Vector(beta, first=1), "f": Function(lambda v: f),
                               "h": Indexed(lambda i: Function(lambda v: h[int(i) - 1])), "l": 2}, {}, {"i": (1, "l")}),
                      "cal L", LAGRANGIAN_EQUALITY)
    symbolic = combine(*[chain([
        printed(STATIONARY_EQUALITY, reading.bind(i=sp.Integer(i)), "∂L/∂βᵢ (line 1025)", part=0, statement=1),
        printed(EQUALITY_CONSTRAINTS, reading.bind(i=sp.Integer(i)), "= hᵢ(w) (line 1015): stationarity in β is "
                "feasibility", part=0)], "LD-1", "000 V §5", "l=2") for i in (1, 2)])

    def minimal(p):
        qp, v = p
        problem = _problem(qp)
        w_star, b_star = du.equality_lagrange(problem)
        grad = du.lagrangian_gradient(problem, w_star, (), b_star)
        E = qp[4]
        # v with its component in the row space of E removed: a feasible direction
        EEt = [[linalg.dot(a, b) for b in E] for a in E]
        t = linalg.solve(EEt, [linalg.dot(a, v) for a in E])
        delta = [v_j - sum(t_i * E[i][j] for i, t_i in enumerate(t)) for j, v_j in enumerate(v)]
        moved = [a + d for a, d in zip(w_star, delta)]
        Pd = linalg.matvec(qp[0], delta)
        return (all(x == 0 for x in grad) and all(h(w_star) == 0 for h in problem.h)
                and all(h(moved) == 0 for h in problem.h)
                and problem.f(moved) - problem.f(w_star) == linalg.dot(delta, Pd) / 2 >= 0)
    eq = st.one_of(S.convex_qps(2, 0, 1), S.convex_qps(3, 0, 2))
    return combine(symbolic, _exact(ctx, _with(eq, _points_for), minimal, n=min(ctx.examples, 20)))


# ---- LD-2 ------------------------------------------------------------------------------------

GENERALIZED_LAGRANGIAN = Quote("000", 1040, r"\mathcal{L}(w,\alpha,\beta) = f(w) + \sum_{i=1}^{k} \alpha_i g_i(w) + \sum_{i=1}^{l} \beta_i h_i(w)")
THETA_P = Quote("000", 1044, r"\theta_{\mathcal{P}}(w) = \max_{\alpha,\beta:\alpha_i \ge 0} \mathcal{L}(w,\alpha,\beta)")
PRIMAL_MIN = Quote("000", 1033, "$$\\min_{w}$$", reading="the primal problem's min_w f(w): the extraction split "
                   "its display over lines 1033-1034")
PRIMAL_OBJECTIVE = Quote("000", 1034, "$f(w)$")
THETA_P_VIOLATED = Quote("000", 1046, r"if either  $g_i(w) > 0$  or  $h_i(w) \neq 0$  for some i), then you should be able to verify that")
PRIMAL_CONSTRAINTS = Quote("000", 1035, r"s.t.  $g_{i}(w) \leq 0, i = 1, ..., k$")
PRIMAL_EQUALITIES = Quote("000", 1036, r"$h_{i}(w) = 0, i = 1, ..., l.$")
THETA_P_1 = Quote("000", 1048, r"\theta_{\mathcal{P}}(w) = \max_{\alpha,\beta: \alpha_i \ge 0} f(w) + \sum_{i=1}^k \alpha_i g_i(w) + \sum_{i=1}^l \beta_i h_i(w)")
THETA_P_FEASIBLE = Quote("000", 1054, r"if the constraints are indeed satisfied for a particular value of w, then  $\theta_{\mathcal{P}}(w) = f(w)$")
SAME_PROBLEM = Quote("000", 1062, r"\min_{w} \theta_{\mathcal{P}}(w) = \min_{w} \max_{\alpha,\beta : \alpha_{i} \geq 0} \mathcal{L}(w,\alpha,\beta)")
P_STAR = Quote("000", 1064, r"we also define the optimal value of the objective to be  $p^* = \min_w \theta_{\mathcal{P}}(w)$")
THETA_P_INFINITE = Quote("000", 1051, r"= \infty.")
THETA_P_CASES = Quote("000", 1056, r"\theta_{\mathcal{P}}(w) = \begin{cases} f(w) & \text{if } w \text{ satisfies primal constraints} \\ \infty & \text{otherwise.} \end{cases}")


@relies_on(du, "theta_P", lambda f: lambda problem, w, tol=0: problem.f(w), "θ_P(w) = f(w) also where w is infeasible")
@check("LD-2", "θ_P(w) = max_{α≥0,β} L = f(w) if w is feasible, +∞ otherwise ((1)-(2))", "000 V §5",
       "identity", quotes=(GENERALIZED_LAGRANGIAN, THETA_P, THETA_P_INFINITE, THETA_P_CASES, PRIMAL_CONSTRAINTS, PRIMAL_EQUALITIES,
                                 PRIMAL_MIN, PRIMAL_OBJECTIVE, THETA_P_VIOLATED,
                                 THETA_P_1, THETA_P_FEASIBLE, SAME_PROBLEM, P_STAR))
def theta_P_cases(ctx):
    M = 10 ** 6
    forms = []

    def holds(p):
        qp, w, alpha, beta = p
        problem = _problem(qp)
        f = problem.f(w)
        g = [gi(w) for gi in problem.g]
        h = [hi(w) for hi in problem.h]
        L = form_of(GENERALIZED_LAGRANGIAN, _lagrangian_reading(w, f, g, h, alpha, beta), part=1)
        forms.append(L)
        if value_of(L) is None or value_of(L) != du.lagrangian(problem, w, alpha, beta):
            return False  # the reference's L is not the generalized Lagrangian as printed
        feasible = all(v <= 0 for v in g) and all(v == 0 for v in h)
        theta = du.theta_P(problem, w)
        as_printed = _theta_P_as_printed(w, f, g, h)
        forms.extend(as_printed)
        if value_of(as_printed[0]) is None or \
                value_of(as_printed[0]) != (sp.oo if theta == float("inf") else sp.nsimplify(theta)):
            return False  # the reference's θ_P(w) is not (1044) as printed
        if not feasible and value_of(as_printed[1]) != sp.oo:
            return False  # line 1051: an infeasible w has θ_P(w) = ∞
        if feasible:
            return theta == f and du.lagrangian(problem, w, alpha, beta) <= f \
                and du.lagrangian(problem, w, [0] * len(alpha), beta) == f
        # a violated constraint lets one multiplier push L past any bound M
        a, b = [0] * len(alpha), [0] * len(beta)
        i = max(range(len(g)), key=lambda k: g[k]) if g else None
        if i is not None and g[i] > 0:
            a[i] = (M + abs(f)) / g[i] + 1
        else:
            j = max(range(len(h)), key=lambda k: abs(h[k]))
            b[j] = ((M + abs(f)) / abs(h[j]) + 1) * (1 if h[j] > 0 else -1)
        return theta == float("inf") and du.lagrangian(problem, w, a, b) > M
    return with_forms(_exact(ctx, _with(QPS, _points_for, _alphas_for, _betas_for), holds, n=min(ctx.examples, 20)),
                      *forms[:3])


def _theta_P_as_printed(w, f, g, h):
    """θ_P(w) as line 1044 prints it, and line 1051's value, at a point w: the generalized
    Lagrangian (line 1040) read with symbols for αᵢ and βᵢ, and max_{α,β: αᵢ≥0} read as the supremum
    over αᵢ ≥ 0 and real βᵢ of what it is printed before (linear in α and β: its value at α = β = 0
    if no αᵢ has a positive coefficient and no βᵢ a non-zero one, else ∞)."""
    alpha = sp.symbols(f"α1:{len(g) + 1}", real=True) if g else ()
    beta = sp.symbols(f"β1:{len(h) + 1}", real=True) if h else ()

    def supremum(value):
        value = sp.expand(value)
        if any(sp.degree(value, v) > 1 for v in alpha + beta):
            raise NotationError("max over α, β of a value not linear in them")
        if any(value.coeff(a, 1) > 0 for a in alpha) or any(value.coeff(b, 1) != 0 for b in beta):
            return sp.oo
        return value.subs({v: 0 for v in alpha + beta})
    reading = _lagrangian_reading(w, f, g, h, alpha, beta)
    L = value_of(form_of(GENERALIZED_LAGRANGIAN, reading, part=1))
    reading = reading.bind(max=Operator(supremum), **{"cal L": Function(lambda *arguments: L)})
    # line 1048 stays cited: the reading takes a max's operand to be the rest of its product (f(w)
    # alone there), where the notes mean the whole sum after it
    return form_of(THETA_P, reading, part=1), form_of(THETA_P_INFINITE, reading)


def _lagrangian_reading(w, f, g, h, alpha, beta):
    """The generalized Lagrangian's names at a point: w, f(w), gᵢ(w), hᵢ(w), αᵢ and βᵢ as numbers
    (k and l the numbers of constraints)."""
    def exact(v):
        return sp.nsimplify(v) if isinstance(v, float) else sp.sympify(v)
    values = {"w": sp.Matrix([exact(v) for v in w]), "f": Function(lambda _: exact(f)),
              "g": Indexed(lambda i: Function(lambda _: exact(g[int(i) - 1]))),
              "h": Indexed(lambda i: Function(lambda _: exact(h[int(i) - 1]))),
              "alpha": Vector(tuple(exact(a) for a in alpha) or (0,), first=1),
              "beta": Vector(tuple(exact(b) for b in beta) or (0,), first=1), "k": len(g), "l": len(h)}
    return Reading(values)


# ---- LD-3 ------------------------------------------------------------------------------------

THETA_D = Quote("000", 1068, r"\theta_{\mathcal{D}}(\alpha, \beta) = \min_{w} \mathcal{L}(w, \alpha, \beta)")
WEAK_DUALITY = Quote("000", 1080, r"d^* = \max_{\alpha,\beta: \alpha_i \ge 0} \min_{w} \mathcal{L}(w,\alpha,\beta) \le \min_{w} \max_{\alpha,\beta: \alpha_i \ge 0} \mathcal{L}(w,\alpha,\beta) = p^*")
WEAK_DUALITY_001 = Quote("001", 39, r"For any  $f(w)$  and  $g_i(w)$ ,  $d^* \leq p^*$")


@relies_on(du, "theta_D", lambda f: lambda problem, alpha=(), beta=(): f(problem, alpha, beta) + 1, "θ_D raised by 1")
@check("LD-3", "weak duality: θ_D(α, β) ≤ θ_P(w) for every w and α ≥ 0, β (random convex problems)",
       "000 V §5; 001", "identity", quotes=(THETA_D, WEAK_DUALITY, WEAK_DUALITY_001))
def weak_duality(ctx):
    def holds(p):
        qp, w, alpha, beta = p
        problem = _problem(qp)
        d = du.theta_D(problem, alpha, beta)
        w_min = du.lagrangian_minimiser(problem, alpha, beta)
        inner = w_min is None or all(
            du.lagrangian(problem, w_min, alpha, beta) <= du.lagrangian(problem, v, alpha, beta) for v in (w, qp[6]))
        return d <= du.theta_P(problem, w) and d <= du.lagrangian(problem, w, alpha, beta) and inner \
            and du.duality_gap(problem, w, alpha, beta) >= 0
    return _exact(ctx, _with(QPS, _points_for, _alphas_for, _betas_for), holds, n=min(ctx.examples, 20))


def _weak_duality_reading(domain):
    """min w² s.t. 1 − w ≤ 0 (the constraint active at w* = 1, p* = d* = 1) for line 1080 as
    printed: L(w, α, β) = w² + α(1 − w) (β multiplies no constraint), min over w ∈ ℝ, max over
    the multipliers in ``domain`` (read from the max's subscript, e.g. αᵢ ≥ 0). L is affine in α:
    maximised at fixed w it is L at α = 0 where 1 − w ≤ 0 and +∞ elsewhere."""
    alpha, beta = sp.Symbol("α", real=True), sp.Symbol("β", real=True)
    lagrangian = lambda w_, a_, b_: w_ ** 2 + a_ * (1 - w_)  # noqa: E731

    def maximum(value):
        if value.has(W):
            slope = sp.diff(value, alpha)
            if sp.diff(slope, alpha) != 0 or slope.has(alpha):
                raise NotationError(f"max over α of {value}: not affine in α at a fixed w")
            at_zero = value.subs(alpha, domain.inf)
            return sp.Piecewise((at_zero, slope <= 0), (sp.oo, True))
        return _extremum(value, alpha, domain, lowest=False)[0] if value.has(alpha) else value

    def minimum(value):
        if isinstance(value, sp.Piecewise) and len(value.args) == 2 and value.args[1][0] == sp.oo:
            feasible = sp.solveset(value.args[0][1], W, sp.S.Reals)
            return _extremum(value.args[0][0], W, feasible)[0]
        return _extremum(value, W, sp.S.Reals)[0] if value.has(W) else value
    return Reading({"cal L": Function(lagrangian), "w": W, "alpha": alpha, "beta": beta,
                    "d^*": sp.Integer(1), "p^*": sp.Integer(1), "max": Operator(maximum), "min": Operator(minimum)})


@check("LD-3", "weak duality as printed (line 1080): d* = max min L ≤ min max L = p* on an example",
       "000 V §5", "identity", quotes=(WEAK_DUALITY,))
def weak_duality_printed(ctx):
    """Line 1080 read on min w² s.t. 1 − w ≤ 0: each of its four members is 1 (the max over the
    multipliers as its subscript prints it, read from this copy: αᵢ ≥ 0 is [0, ∞))."""
    located = copies.current().locate(WEAK_DUALITY, whole=True)
    domains = {d for o in located.occurrences for d in _multiplier_domains(o.text)}
    if domains != {sp.Interval(0, sp.oo)}:
        shown = ", ".join(sorted(str(d) for d in domains)) or "none"
        return Outcome(False, "symbolic", 0.0, f"the max of line 1080 ranges the multipliers over {shown}, "
                                                f"not αᵢ ≥ 0")
    reading = _weak_duality_reading(sp.Interval(0, sp.oo))
    return chain([printed(WEAK_DUALITY, reading, f"{name} as printed (line 1080)", part=k)
                  for k, name in enumerate(("d*", "max_{α≥0} min_w L", "min_w max_{α≥0} L", "p*"))]
                 + [Step(sp.Integer(1), "1: p* = d* = 1 at w* = 1, α* = 2")],
                 "LD-3", "000 V §5", "min w² s.t. 1 − w ≤ 0")


MAX_MIN = Quote("000", 1082, 'this follows from the "max min" of a function always being less than or equal to the "min max."')


def _max_min(L):
    return max(min(row) for row in L)


def _min_max(L):
    return min(max(row[j] for row in L) for j in range(len(L[0])))


@relies_on(THIS, "_min_max", lambda f: lambda L: min(min(row) for row in L), "min over both indices for min_j max_i")
@check("LD-3", "max_i min_j L ≤ min_j max_i L (the reason the notes give for d* ≤ p*)", "000 V §5",
       "identity", quotes=(MAX_MIN,))
def max_min_le_min_max(ctx):
    """L as a table, i indexing rows (the multipliers) and j columns (the points w)."""
    def holds(L):
        return _max_min(L) <= _min_max(L)
    tables = st.integers(1, 6).flatmap(lambda r: st.integers(1, 6).flatmap(lambda c: S.matrices(r, c)))
    return _exact(ctx, tables, holds)


DUAL_VALUE_PRINTED = Quote("000", 1076, r"d^* = \max_{\alpha,\beta: \alpha_i \geq 0} \theta_{\mathcal{D}}(w)")
DUAL_VALUE_SECOND_COPY = Quote("000", 1605, r"d^* = \max_{\alpha,\beta:\alpha>0} \theta_{\mathcal{D}}(w)")
PRINTED_MULTIPLIER_DOMAIN = sp.Interval.open(0, sp.oo)  # the second copy's α > 0 (the first: αᵢ ≥ 0)
DUAL_PROBLEM = Quote("000", 1074, r"\max_{\alpha,\beta:\alpha_i \ge 0} \theta_{\mathcal{D}}(\alpha,\beta)")


def _inactive_example():
    """min w² s.t. w − 1 ≤ 0 (the constraint is inactive at w* = 0): θ_D(α) = min_w L(w, α)
    solved symbolically, and d* = max_{α≥0} θ_D(α) with its maximiser."""
    w = sp.Symbol("w", real=True)
    alpha = sp.Symbol("α", nonnegative=True)
    L = w ** 2 + alpha * (w - 1)
    inner = sp.solve(sp.diff(L, w), w)[0]  # L is strictly convex in w: its stationary point
    theta_D = sp.expand(L.subs(w, inner))
    candidates = [a for a in sp.solve(sp.diff(theta_D, alpha), alpha) if a >= 0] + [sp.Integer(0)]
    best = max(candidates, key=lambda a: theta_D.subs(alpha, a))
    return w, alpha, theta_D, best, theta_D.subs(alpha, best)


def _dual_reading(alpha, theta_D):
    """θ_D of the example as a function of its multipliers (no β: the example has no equality
    constraint), and a max over the multipliers read as the maximum over α ≥ 0 of what follows
    (a maximand free of α is its own maximum)."""
    def maximum(value):
        if not value.has(alpha):
            return value
        return _extremum(value, alpha, sp.Interval(0, sp.oo), lowest=False)[0]
    return Reading({"theta_cal D": Function(lambda *args: theta_D.subs(alpha, args[0])), "alpha": alpha,
                    "beta": sp.Integer(0), "w": W, "max": Operator(maximum)})


@check("LD-3", "d* = max over α ≥ 0 of θ_D(α, β): the printed θ_D(w) takes the wrong variable",
       "000 V §5", "derivation", quotes=(THETA_D, DUAL_PROBLEM, DUAL_VALUE_PRINTED, DUAL_VALUE_SECOND_COPY))
def dual_value_variable(ctx):
    """θ_D is a function of the multipliers (the w is minimised out); written θ_D(w) under a
    max over α, β the maximand does not depend on α, β at all, and its value is θ_D at the
    free w rather than d*. The dual problem as printed (line 1074) gives d* of the example."""
    w, alpha, theta_D, _, d_star = _inactive_example()
    reading = _dual_reading(alpha, theta_D)
    return chain([
        printed(DUAL_PROBLEM, reading, "d* = max_{α≥0} θ_D(α) (line 1074) for min w² s.t. w − 1 ≤ 0, θ_D(α) = "
                + show_value(theta_D), part=0),
        printed(DUAL_VALUE_PRINTED, reading, "the printed max_{α,β: αᵢ≥0} θ_D(w): constant in α, β", part=1,
                corrected=d_star, printed="d* = max_{α,β: αᵢ≥0} θ_D(w)  (both copies of Part V)",
                fixed="d* = max_{α,β: αᵢ≥0} θ_D(α, β), as the dual problem above it prints"),
    ], "LD-3", "000 V §5", "min w² s.t. w − 1 ≤ 0")


def _multiplier_domain(tex):
    """The set the max of ``tex`` lets α range over, from its subscript ('α,β: αᵢ ≥ 0' → [0, ∞),
    'α,β: α > 0' → (0, ∞)); None where it prints no such condition."""
    domains = _multiplier_domains(tex)
    return domains[0] if domains else None


def _multiplier_domains(tex):
    """The set each max of ``tex`` lets α range over, in the order printed (None for a max whose
    subscript prints no condition of the form α > 0 or α ≥ 0)."""
    from ..printed import _formula_text
    from ..text import parse
    from ..text import syntax as T

    out = []
    for node in T.walk(parse(_formula_text(tex))):
        if isinstance(node, T.BigOp) and node.op == "max":
            domain = None
            if isinstance(node.sub, T.Group) and ":" in node.sub.seps:
                condition = node.sub.items[node.sub.seps.index(":") + 1].parts
                if len(condition) == 2 and condition[1][0] in (">", "≥") and condition[1][1] == T.Number((0, 0), "0"):
                    domain = sp.Interval.open(0, sp.oo) if condition[1][0] == ">" else sp.Interval(0, sp.oo)
            out.append(domain)
    return out


@check("LD-3", "d* = max over α ≥ 0 (the second copy prints α > 0, where the max need not exist)",
       "000 V §5", "identity", quotes=(DUAL_VALUE_SECOND_COPY, DUAL_PROBLEM))
def dual_domain(ctx):
    """min w² s.t. w − 1 ≤ 0: the constraint is inactive at w* = 0, so α* = 0 and
    θ_D(α) = −α²/4 − α < 0 = d* for every α > 0: over α > 0 the max is not attained. The domain is
    read from the max's subscript as this copy prints it (line 1605)."""
    w, alpha, theta_D, best, d_star = _inactive_example()
    one = Fraction(1)
    problem = du.Problem(du.Quadratic([0 * one], 0, [[2 * one]]), [du.Quadratic([one], -one)])
    p_star = du.solve_qp(problem).value
    alphas = draw(ctx, S.positive_rationals(Fraction(1, 64), 8, 64))
    # the reference's θ_D agrees with the symbolic one at α = 0 and at the drawn α > 0
    agrees = all(du.theta_D(problem, [a]) == theta_D.subs(alpha, a) for a in alphas + [0])
    reading = _dual_reading(alpha, theta_D)
    form = form_of(DUAL_VALUE_SECOND_COPY, reading, part=1)
    places = [v for v in form.variants if v.line >= 1418] or form.variants
    domain = _multiplier_domain(places[0].tex) if places else None
    # the maximand as this copy prints it twice: the same θ_D(w) (the erratum of LD-3's derivation)
    first = value_of(form_of(DUAL_VALUE_PRINTED, reading, part=1))
    same = bool(places) and first is not None and not isinstance(places[0].value, Meaningless) \
        and symbolically_equal(places[0].value, first)
    passed = d_star == p_star and agrees and domain is not None and same
    errata = ()
    if domain is not None and best not in as_printed(domain, sp.Interval(0, sp.oo), key="α > 0"):
        a = min(alphas)
        errata = (Erratum("LD-3", "000 V §5 (second copy)", "d* = max_{α,β: α>0} θ_D(w)",
                          "d* = max_{α,β: αᵢ≥0} θ_D(α, β) (the first copy prints αᵢ ≥ 0): the maximiser may "
                          "have αᵢ = 0",
                          f"min w² s.t. w − 1 ≤ 0: d* = θ_D(α = {best}) = {d_star}, but θ_D(α) = "
                          f"{show_value(theta_D)} < {d_star} for every α > 0 (e.g. α = {a}: θ_D = "
                          f"{du.theta_D(problem, [a])}), so no α > 0 attains the max",
                          "transcription", DUAL_VALUE_SECOND_COPY),)
    return with_forms(Outcome(passed, f"symbolic and exact; {len(alphas)} values of α > 0", 0.0,
                              "" if passed else "the inactive-constraint example did not behave as derived" if same else
                              f"the second copy's maximand reads {show_value(places[0].value) if places else 'nothing'}, "
                              f"the first copy's (line 1076) {show_value(first)}", errata), form)


# ---- LD-4 ------------------------------------------------------------------------------------

D_EQUALS_P = Quote("000", 1084, "$$d^* = p^*,$$")
STRONG_DUALITY = Quote("000", 1094, r"$p^* = d^* = \mathcal{L}(w^*, \alpha^*, \beta^*)$")
KKT_3 = Quote("000", 1096, r"\frac{\partial}{\partial w_i} \mathcal{L}(w^*, \alpha^*, \beta^*) = 0, \quad i = 1, \dots, n")
KKT_4 = Quote("000", 1099, r"\frac{\partial}{\partial \beta_i} \mathcal{L}(w^*, \alpha^*, \beta^*) = 0, \quad i = 1, \dots, l")
KKT_5 = Quote("000", 1102, r"\alpha_i^* g_i(w^*) = 0, i = 1, \dots, k")
KKT_6 = Quote("000", 1105, r"g_i(w^*) \leq 0, \quad i = 1, \dots, k \tag{6}")
KKT_7 = Quote("000", 1107, r"\alpha^* \ge 0, \quad i = 1, \dots, k \tag{7}", reading="αᵢ* ≥ 0 for each i (the second "
              "copy prints the index, line 1643)")
KKT_7_SECOND_COPY = Quote("000", 1643, r"\alpha_i^* \geq 0, \quad i = 1, \dots, k \tag{7}")
KKT_SUFFICIENT = Quote("000", 1109, r"if some  $w^*$ ,  $\alpha^*$ ,  $\beta^*$  satisfy the KKT conditions, then it is also a solution to the primal and dual problems")
COMPLEMENTARITY = Quote("000", 1111, r"it implies that if  $\alpha_i^* > 0$ , then  $g_i(w^*) = 0$")


@relies_on(du, "solve_qp", lambda f: lambda problem: _moved_point(f(problem)), "w* moved by 1 in its first entry")
@check("LD-4", "at the solution: KKT (3)-(7) hold exactly and p* = d* = L(w*, α*, β*) = θ_D(α*, β*)",
       "000 V §5", "optimality", quotes=(D_EQUALS_P, STRONG_DUALITY, KKT_3, KKT_4, KKT_5, KKT_6, KKT_7, KKT_7_SECOND_COPY,
                                         KKT_SUFFICIENT,
                                         COMPLEMENTARITY))
def kkt_at_solutions(ctx):
    """At the exact solution of drawn convex QPs: the reference's KKT report holds, (5)-(7) as printed
    (read from the text with αᵢ* and gᵢ(w*) as numbers) hold for every i, complementarity (line
    1111) holds, p* = d* = L(w*, α*, β*), and no feasible point does better."""
    a, g = sp.Symbol("α", real=True), sp.Symbol("g", real=True)
    at_i = Reading({"alpha_i^*": a, "alpha^*": a, "w^*": sp.Integer(0), "i": sp.Integer(1),
                    "g": Indexed(lambda i: Function(lambda v: g))})
    conditions, forms = [], []
    for quote in (KKT_5, KKT_6, KKT_7, KKT_7_SECOND_COPY):  # (7) read as αᵢ* ≥ 0 (KKT_7's reading)
        found, read = printed_relations(quote, at_i)
        conditions += found
        forms += read

    def holds(p):
        qp, v = p
        problem = _problem(qp)
        point = du.solve_qp(problem)
        printed_kkt = bool(conditions) and all(c.holds(((a, alpha), (g, gi(point.w))))
                                               for alpha, gi in zip(point.alpha, problem.g) for c in conditions)
        if not printed_kkt:
            return False
        report = du.kkt_check(problem, point.w, point.alpha, point.beta)
        L = du.lagrangian(problem, point.w, point.alpha, point.beta)
        d = du.theta_D(problem, point.alpha, point.beta)
        complementary = all(gi(point.w) == 0 for gi, a in zip(problem.g, point.alpha) if a > 0)
        # KKT ⇒ optimal: no feasible point does better (the strictly feasible w₀, and v if feasible)
        better = [u for u in (qp[6], v) if du.theta_P(problem, u) < point.value]
        return report.holds and L == d == point.value and complementary and not better
    return with_forms(_exact(ctx, _with(QPS, _points_for), holds, n=min(ctx.examples, 20)), *forms)


@relies_on(du, "kkt_check", lambda f: lambda problem, w, alpha=(), beta=(), tol=0: f(problem, w, alpha, beta, 10 ** 9),
           "a tolerance of 10⁹: every violation forgiven")
@check("LD-4", "the KKT checker names the failing condition and by how much", "000 V §5 (3)-(7)",
       "identity", quotes=(KKT_3, KKT_4, KKT_5, KKT_6, KKT_7))
def kkt_checker_reports(ctx):
    def holds(qp):
        problem = _problem(qp)
        point = du.solve_qp(problem)
        bad_alpha = list(point.alpha)
        bad_alpha[0] = -Fraction(1, 2)
        r1 = du.kkt_check(problem, point.w, bad_alpha, point.beta)
        moved = list(point.w)
        moved[0] += 1
        r2 = du.kkt_check(problem, moved, point.alpha, point.beta)
        grad = du.lagrangian_gradient(problem, moved, point.alpha, point.beta)
        return ("dual feasibility" in r1.failed and r1.violations["dual feasibility"].amount == Fraction(1, 2)
                and r1.violations["dual feasibility"].index == 0
                and "stationarity" in r2.failed
                and r2.violations["stationarity"].amount == max(abs(x) for x in grad)
                and "(3)" in str(r2))
    return _exact(ctx, QPS, holds, n=min(ctx.examples, 20))


SLATER_001 = Quote("001", 41, "Strong duality also holds if  $f(w)$  is convex and  $g_i(w)$  is convex, and there exists a feasible  $w$")
SLATER_000 = Quote("000", 1088, "this means that there exists some w so that  $g_i(w) < 0$  for all i")


def _norm_gap(w):
    """g(w) = ‖w‖ − w₁ (convex), exact where ‖w‖ is rational."""
    return scalar.sqrt(w[0] * w[0] + w[1] * w[1]) - w[0]


@check("LD-4", "strong duality needs a strictly feasible point (001: 'a feasible w')", "001 Duality - notes",
       "identity", quotes=(SLATER_001, SLATER_000))
def strong_duality_needs_slater(ctx):
    """w ∈ ℝ², f(w) = w₂, g(w) = ‖w‖ − w₁ (both convex): g ≤ 0 only on {w₂ = 0, w₁ ≥ 0}, where
    g = 0, so a feasible w exists and no strictly feasible one; p* = 0. At w = ((k²−1)r, −2kr),
    ‖w‖ = (k²+1)r exactly and L(w, α) = w₂ + αg(w) = 2r(α − k): with k > α and r large, L is below
    any bound, so θ_D(α) = −∞ for every α ≥ 0 and d* = −∞ < p*."""
    pairs = draw(ctx, st.tuples(S.rationals(0, 8), st.integers(1, 10 ** 6)))
    gap, witness = True, None
    for a, M in pairs:
        k = int(a) + 2  # α − k ≤ −1, so L = 2M(α − k) ≤ −2M
        w = (Fraction((k * k - 1) * M), Fraction(-2 * k * M))
        value = w[1] + a * _norm_gap(w)
        if not (_norm_gap(w) >= 0 and value < -M):
            gap = False
        if witness is None or a > witness[0]:
            witness = (a, M, w, value)
    feasible = [(Fraction(t), Fraction(0)) for t in range(4)]
    on_boundary = all(_norm_gap(w) == 0 and w[1] == 0 for w in feasible)  # p* = f = 0 on the feasible set
    # no strictly feasible point: g(w) = ‖w‖ − w₁ ≥ |w₁| − w₁ ≥ 0 (g at drawn points, 50 digits)
    strict = draw(ctx, S.vectors(2))
    with mpmath.workdps(ctx.digits):
        no_slater = all(mpmath.sqrt(S.to_mpf(x) ** 2 + S.to_mpf(y) ** 2) - S.to_mpf(x) >= 0 for x, y in strict)
    passed = gap and no_slater and on_boundary
    # the printed hypothesis asks for a feasible w, which the example has; Slater's asks for a
    # strictly feasible one, which it has not
    hypothesis = as_printed("a feasible w", "a strictly feasible w", key="a feasible w")
    meets = on_boundary if hypothesis == "a feasible w" else not no_slater
    errata = ()
    if gap and meets:
        a, M, w, value = witness
        errata = (Erratum("LD-4", "001 Duality - notes",
                          "strong duality also holds if f(w) is convex and gᵢ(w) is convex, and there exists a "
                          "feasible w",
                          "… and there exists a strictly feasible w (gᵢ(w) < 0 for all i, and the affine hᵢ(w) = 0 there: "
                          "Slater's condition)",
                          f"w ∈ ℝ², f(w) = w₂, g(w) = ‖w‖ − w₁ ≤ 0: feasible only on w₂ = 0, w₁ ≥ 0 (where g = 0), "
                          f"p* = 0; but at α = {a}, w = ({w[0]}, {w[1]}) has ‖w‖ = {scalar.sqrt(w[0] ** 2 + w[1] ** 2)} "
                          f"and L(w, α) = {value} < −{M}: θ_D(α) = −∞ for every α ≥ 0, d* = −∞",
                          quote=SLATER_001),)
    return Outcome(passed, f"{len(pairs)} (α, M), exact; {len(strict)} points", 0.0,
                   "" if passed else "the counterexample did not behave as derived", errata)


ASSUMPTIONS = Quote("000", 1088, r"Suppose further that the constraints  $g_i$  are (strictly) feasible")
SLATER_SECOND_COPY = Quote("000", 1617, "this means that there exists some w so that  $g_i(w) < 0$  for all i")
STRICT_FEASIBILITY = Quote("000", 1088, r"this means that there exists some w so that  $g_i(w) < 0$  for all i")

# f = w₂, g = (w₁ − 1)² + w₂² − 1 ≤ 0, h = w₁ = 0 (convex, convex, affine): g(1, 0) = −1 < 0, but
# h(1, 0) = 1; the feasible set is {(0, 0)}
W1, W2 = sp.symbols("w1 w2", real=True)
SLATER_EXAMPLE = (W2, (W1 - 1) ** 2 + W2 ** 2 - 1, W1, (1, 0))


@check("LD-4", "Slater's point must satisfy the equality constraints too (000 prints 'some w so that gᵢ(w) < 0 "
       "for all i')", "000 V §5", "identity", quotes=(STRICT_FEASIBILITY, SLATER_SECOND_COPY, ASSUMPTIONS))
def slater_with_equalities(ctx):
    """f = w₂, g = (w₁ − 1)² + w₂² − 1, h = w₁: f and g convex, h affine, and the printed condition
    (g(w) < 0 at some w, read from the text) holds at w = (1, 0), where h = 1 ≠ 0. The feasible set
    is {(0, 0)}, p* = 0; θ_D(α, β) = −1/(4α) after the best β, so d* = sup = 0 is not attained, and
    ∇f + α∇g + β∇h = (β − 2α, 1) ≠ 0 at (0, 0): no KKT point, against 'there must exist w*, α*, β*'."""
    f, g, h, point = SLATER_EXAMPLE
    w = sp.Matrix([W1, W2])
    failures = []
    convex = all(kr.mercer_test([[sp.Rational(v) for v in row] for row in sp.hessian(e, [W1, W2]).tolist()]).valid
                 for e in (f, g)) and sp.hessian(h, [W1, W2]) == sp.zeros(2, 2)
    relations, forms = [], []
    for quote in (STRICT_FEASIBILITY, SLATER_SECOND_COPY):
        found, read = printed_relations(quote, Reading({"w": w, "g": Indexed(lambda i: Function(lambda v: g.subs(
            {W1: v[0], W2: v[1]}))), "i": sp.Integer(1)}))
        relations += found
        forms += read
    at_point = ((W1, point[0]), (W2, point[1]))
    printed_holds = bool(relations) and all(r.holds(at_point) for r in relations)
    # the feasible set: h = 0 leaves g(0, w₂) = w₂² ≤ 0
    feasible = sp.solveset(g.subs(W1, 0) <= 0, W2, sp.S.Reals)
    p_star = f.subs(W1, 0).subs(W2, 0) if feasible == sp.FiniteSet(0) else None
    alpha, beta = sp.Symbol("α", positive=True), sp.Symbol("β", real=True)
    L = f + alpha * g + beta * h
    stationary = sp.solve([sp.diff(L, v) for v in (W1, W2)], [W1, W2], dict=True)
    theta = sp.simplify(L.subs(stationary[0])) if len(stationary) == 1 else None
    best_beta = sp.solve(sp.diff(theta, beta), beta) if theta is not None else []
    theta_alpha = sp.simplify(theta.subs(beta, best_beta[0])) if len(best_beta) == 1 else None
    sup = sp.limit(theta_alpha, alpha, sp.oo) if theta_alpha is not None else None
    attained = bool(theta_alpha is not None and sp.solveset(sp.Eq(theta_alpha, sup), alpha, sp.Interval.open(0, sp.oo)))
    a0, b0 = sp.Symbol("α", nonnegative=True), sp.Symbol("β", real=True)
    kkt = sp.solve([sp.diff(f + a0 * g + b0 * h, v).subs({W1: 0, W2: 0}) for v in (W1, W2)], [a0, b0], dict=True)
    if not convex:
        failures.append("the example is not convex")
    if p_star != 0 or sup != 0 or attained:
        failures.append(f"the example did not behave as derived: p* = {p_star}, θ_D = {theta_alpha}, sup = {sup}")
    errata = ()
    hypothesis_met = as_printed(printed_holds and h.subs({W1: point[0], W2: point[1]}) != 0, False,
                                key="Slater without h")
    if hypothesis_met and not kkt and not failures:
        errata = (Erratum(
            "LD-4", "000 V §5 (both copies of Part V)",
            "Suppose further that the constraints gᵢ are (strictly) feasible; this means that there exists some w "
            "so that gᵢ(w) < 0 for all i",
            "… some w with gᵢ(w) < 0 for all i and hᵢ(w) = 0 for all i (a strictly feasible point of the whole "
            "problem: Slater's condition)",
            f"f = w₂, g = (w₁ − 1)² + w₂² − 1, h = w₁ (convex, convex, affine): g(1, 0) = −1 < 0, but h(1, 0) = 1; "
            f"the feasible set is {{(0, 0)}}, p* = {p_star}; θ_D(α, β) at the best β is {show_value(theta_alpha)} < 0 "
            f"for every α > 0, so d* = {sup} is not attained, and ∇f + α∇g + β∇h = (β − 2α, 1) ≠ 0 at (0, 0): no dual "
            "optimum and no KKT point", quote=STRICT_FEASIBILITY),)
    if not relations:
        failures.append("the printed condition is not read")
    return with_forms(Outcome(not failures, "symbolic", 0.0, "; ".join(failures), errata), *forms)


KKT_EXISTENCE = Quote("000", 1094, r"there must exist  $w^*$ ,  $\alpha^*$ ,  $\beta^*$  so that  $w^*$  is the solution to the primal problem")

# min f(w) s.t. g(w) ≤ 0 over w ∈ ℝ: convex, strictly feasible, and no minimiser (eʷ > 0 = p*)
W = sp.Symbol("w", real=True)
UNATTAINED = (sp.exp(W), W)


def _extremum(expr, x, domain, lowest=True):
    """inf (or sup) of a smooth expr(x) over an interval: the stationary points inside, the
    ends in the interval and the limits at the others. Returns (value, attained)."""
    values = []
    for point in sp.solveset(sp.diff(expr, x), x, domain):
        values.append((sp.simplify(expr.subs(x, point)), True))
    for end, side in ((domain.inf, "+"), (domain.sup, "-")):
        if end in domain:
            values.append((sp.simplify(expr.subs(x, end)), True))
        else:
            values.append((sp.limit(expr, x, end, side if end.is_finite else None), False))
    pick = min if lowest else max
    best = pick(v for v, _ in values)
    return best, any(v == best and attained for v, attained in values)


def _shown(value):
    """A value as the report prints it, with ∞ for sympy's oo."""
    return show_value(value).replace("oo", "∞").replace("-∞", "−∞")


def _one_dimensional_duality(f, g):
    """min f(w) s.t. g(w) ≤ 0 over w ∈ ℝ (f, g smooth and convex): p* and whether a w attains it,
    θ_D at α = 0 and at α > 0 (symbolic), d* and whether an α attains it, and the KKT points
    (w, α) found by the two cases of complementarity (5): α = 0, or g(w) = 0."""
    alpha = sp.Symbol("α", positive=True)
    feasible = sp.solveset(g <= 0, W, sp.S.Reals)
    p_star, primal_attained = _extremum(f, W, feasible)
    theta_zero, _ = _extremum(f, W, sp.S.Reals)
    theta_positive, _ = _extremum(f + alpha * g, W, sp.S.Reals)
    if theta_positive == -sp.oo:
        d_star, dual_attained = theta_zero, True
    else:
        best, attained = _extremum(theta_positive, alpha, sp.Interval.open(0, sp.oo), lowest=False)
        d_star, dual_attained = max((theta_zero, True), (best, attained), key=lambda t: (t[0], t[1]))
    kkt = [(w, 0) for w in sp.solveset(sp.diff(f, W), W, feasible)]
    for w in sp.solveset(g, W, sp.S.Reals):
        a = sp.simplify(-sp.diff(f, W).subs(W, w) / sp.diff(g, W).subs(W, w))
        if a >= 0:
            kkt.append((w, a))
    return p_star, primal_attained, theta_positive, d_star, dual_attained, kkt


@check("LD-4", "convexity and Slater give d* = p*, not a minimiser w* (000: 'there must exist w*')",
       "000 V §5", "identity", quotes=(ASSUMPTIONS, KKT_EXISTENCE))
def primal_attainment(ctx):
    """min eʷ s.t. w ≤ 0 meets the printed assumptions (eʷ and w convex, g(−1) = −1 < 0), and
    p* = d* = 0; but eʷ > 0 for every w, so no w* attains p*, and the KKT system
    eʷ + α = 0, αw = 0, w ≤ 0, α ≥ 0 has no solution. (θ_D(α) = −∞ for every α > 0, as
    eʷ + αw → −∞ when w → −∞; d* = θ_D(0) = inf eʷ = 0.)"""
    f, g = UNATTAINED
    convex = all(sp.simplify(sp.diff(e, W, 2)).is_nonnegative for e in (f, g))
    strictly_feasible = sp.solveset(g < 0, W, sp.S.Reals)
    slater = strictly_feasible is not sp.S.EmptySet
    p_star, primal_attained, theta_positive, d_star, dual_attained, kkt = _one_dimensional_duality(f, g)
    facts = (f"f = {_shown(f)}, g = {_shown(g)}: p* = {p_star}, d* = {d_star}, "
             f"θ_D(α > 0) = {_shown(theta_positive)}, KKT points {kkt or 'none'}")
    failures = []
    if not (convex and slater):
        failures.append("the example does not meet the printed assumptions")
    if p_star != d_star:
        failures.append(f"strong duality fails in the example: {facts}")
    hypotheses = as_printed(("convex", "strictly feasible"), ("convex", "strictly feasible", "minimum attained"),
                            key="there must exist w*")
    meets = convex and slater and ("minimum attained" not in hypotheses or primal_attained)
    errata = ()
    if meets and not kkt:
        errata = (Erratum(
            "LD-4", "000 V §5",
            "under our above assumptions [f, gᵢ convex, hᵢ affine, gᵢ strictly feasible], there must "
            "exist w*, α*, β* so that w* is the solution to the primal problem … and w*, α*, β* "
            "satisfy the KKT conditions",
            "… if moreover the primal minimum is attained (e.g. f = ½‖w‖² on a non-empty closed "
            "feasible set), there exist w*, α*, β* …; otherwise only p* = d* holds",
            f"w ∈ ℝ, min {_shown(f)} s.t. {_shown(g)} ≤ 0 (convex; g < 0 on ({_shown(strictly_feasible.inf)}, "
            f"{_shown(strictly_feasible.sup)})): p* = d* = {p_star}, but {_shown(f)} > {p_star} at every w, so no w* "
            f"attains p*; θ_D(α) = {_shown(theta_positive)} for α > 0 and d* = θ_D(0) = {d_star}; "
            f"{_shown(sp.diff(f, W) + sp.Symbol('α') * sp.diff(g, W))} = 0 has no solution with α ≥ 0, so no "
            "(w*, α*) meets ""(3)-(7)", quote=KKT_EXISTENCE),)
    elif primal_attained != bool(kkt):
        failures.append(f"a KKT point and an attained minimum should come together: {facts}")
    return Outcome(not failures, "symbolic (one variable)", 0.0, "; ".join(failures) or facts, errata)


ACTIVE_000 = Quote("000", 1111, r'(I.e., the " $g_i(w) \leq 0$ " constraint is **active**')
ACTIVE_SECOND_COPY = Quote("000", 1650, r'(I.e., the " $q_i(w) \leq 0$ " constraint is **active**')


@check("LD-4", "the active constraint of (5) is gᵢ(w) ≤ 0; the second copy prints qᵢ(w) ≤ 0, a name defined "
       "nowhere (an extraction artefact)", "000 V §5", "identity", quotes=(ACTIVE_000, ACTIVE_SECOND_COPY, KKT_5))
def active_constraint_name(ctx):
    """Each printing's formula read with the names §5 defines (f, gᵢ, hᵢ of w): a name it cannot read
    is one the notes define nowhere; the reader meets it all the same (a transcription erratum, as
    the 'upper-bound L' of SMO-2)."""
    w = sp.Matrix(sp.symbols("w1 w2", real=True))
    g = sp.Function("g")
    reading = Reading({"w": w, "i": sp.Integer(1), "g": Indexed(lambda i: Function(lambda v: g(*v))),
                       "h": Indexed(lambda i: Function(lambda v: sp.Function("h")(*v))),
                       "f": Function(lambda v: sp.Function("f")(*v))})
    errata, read, seen = [], [], set()
    for quote in (ACTIVE_SECOND_COPY, ACTIVE_000):  # a line both find: quoted as the quote standing there
        located = copies.current().locate(quote)
        for o in located.occurrences:
            if o.line in seen:
                continue
            seen.add(o.line)
            try:
                reading.expression(_formula_text(o.text), part=0)
                read.append(o.line)
            except NotationError as e:
                if "has no meaning" not in str(e):
                    raise
                name = str(e).split(" has no meaning")[0]
                where = quote if (o.line == quote.line and not o.changed) else Cited(o.source, o.line, o.text)
                if as_printed(True, False, key=f"an undefined name at line {o.line}"):
                    errata.append(Erratum("LD-4", "000 V §5 (second copy)" if o.line >= 1418 else "000 V §5",
                                          f"the \"{name}ᵢ(w) ≤ 0\" constraint is active",
                                          "the \"gᵢ(w) ≤ 0\" constraint is active (the first copy, line 1111)",
                                          f"{name} is defined nowhere in the notes: §5's constraints are gᵢ(w) ≤ 0 and "
                                          "hᵢ(w) = 0", "transcription", where))
    passed = 1111 in read
    return Outcome(passed, "read", 0.0, "" if passed else "line 1111's gᵢ(w) ≤ 0 is not read", tuple(errata),
                   (ACTIVE_000, ACTIVE_SECOND_COPY))


HESSIAN_FOOTNOTE = Quote("000", 1090, "When f has a Hessian, then it is convex if and only if the Hessian is positive semi-definite")
HESSIAN_FOOTNOTE_SECOND_COPY = Quote("000", 1619, "When f has a Hessian, then it is convex if and only if the Hessian is positive semidefinite.")
HESSIAN_EXAMPLES = Quote("000", 1090, r"$f(w) = w^T w$  is convex; similarly, all linear (and affine) functions are also convex")
AFFINE_FOOTNOTE = Quote("000", 1092, r"so that  $h_i(w) = a_i^T w + b_i$")


def _midpoint_gap(A, c, u, v):
    """(f(u) + f(v))/2 − f((u + v)/2) for f(w) = ½wᵀAw + cᵀw: ≥ 0 at every pair when f is convex."""
    f = lambda w: linalg.dot(w, linalg.matvec(A, w)) / 2 + linalg.dot(c, w)  # noqa: E731
    mid = [(a + b) / 2 for a, b in zip(u, v)]
    return (f(u) + f(v)) / 2 - f(mid)


@relies_on(THIS, "_midpoint_gap", lambda f: lambda A, c, u, v: -f(A, c, u, v), "the midpoint gap's sign flipped")
@check("LD-4", "fn 3: a twice-differentiable f is convex iff its Hessian is PSD; wᵀw and affine "
       "functions are convex", "000 V §5 fn 3", "identity",
       quotes=(HESSIAN_FOOTNOTE, HESSIAN_EXAMPLES, AFFINE_FOOTNOTE, HESSIAN_FOOTNOTE_SECOND_COPY))
def convex_iff_hessian_psd(ctx):
    """For f(w) = ½wᵀAw + cᵀw (Hessian A): when A is PSD the midpoint inequality
    f((u+v)/2) ≤ (f(u)+f(v))/2 holds at drawn pairs; when it is not, Mercer's test gives z with
    zᵀAz < 0 and the inequality fails at u = z, v = −z (the gap is zᵀAz/2 there). The two printed
    examples: ∇²(wᵀw) = 2I and ∇²(aᵀw + b) = 0, both PSD."""
    n = 3
    w = sp.Matrix(sp.symbols(f"w1:{n + 1}", real=True))
    a = sp.Matrix(sp.symbols(f"a1:{n + 1}", real=True))
    quadratic = form_of(HESSIAN_EXAMPLES, Reading({"w": w}), part=1)  # f(w) = wᵀw as printed
    affine = form_of(AFFINE_FOOTNOTE, Reading({"w": w, "a": Indexed(lambda i: a), "b": Indexed(lambda i: sp.Symbol("b")),
                                              "i": sp.Integer(1)}),
                     part=1)  # hᵢ(w) = aᵢᵀw + bᵢ (footnote 4)
    if value_of(quadratic) is None or value_of(affine) is None:
        return with_forms(Outcome(False, "symbolic", 0.0, "a printed example is not read"), quadratic, affine)
    examples = [sp.hessian(value_of(quadratic), list(w)), sp.hessian(value_of(affine), list(w))]
    examples_psd = all(kr.mercer_test([[sp.Rational(v) for v in row] for row in H.tolist()]).valid
                       for H in examples)

    @st.composite
    def quadratics(draw_):
        k = draw_(st.integers(1, 3))
        A = draw_(st.one_of(S.symmetric_matrices(k), S.psd_matrices(k)))
        return A, draw_(S.vectors(k)), draw_(S.vectors(k)), draw_(S.vectors(k))

    def agrees(p):
        A, c, u, v = p
        verdict = kr.mercer_test(A)
        if verdict.valid:
            return _midpoint_gap(A, c, u, v) >= 0
        z = verdict.witness
        return _midpoint_gap(A, c, z, [-t for t in z]) < 0
    drawn = _exact(ctx, quadratics(), agrees, n=min(ctx.examples, 20))
    return with_forms(combine(drawn, Outcome(examples_psd, "symbolic (n=3)", 0.0,
                                             "" if examples_psd else "a printed example has a Hessian that is not PSD")),
                      quadratic, affine)


# ---- OMC-1 -----------------------------------------------------------------------------------

def _best_direction(plus, minus):
    """Problem (a) for n = 2 by itself: max over unit w = (cos t, sin t) of
    F(t) = min_{i,j} wᵀ(x⁽ⁱ⁾ − x⁽ʲ⁾)/2 (the best b is then the midpoint). F is concave where
    it is positive, so a grid finds the arc and golden-section search the maximum."""
    D = [(p[0] - q[0], p[1] - q[1]) for p in plus for q in minus]

    def F(t):
        c, s = mpmath.cos(t), mpmath.sin(t)
        return min(c * d0 + s * d1 for d0, d1 in D) / 2
    grid = 720
    step = 2 * mpmath.pi / grid
    k = max(range(grid), key=lambda i: F(i * step))
    if not F(k * step) > 0:
        return None, None
    lo, hi = (k - 1) * step, (k + 1) * step
    lo = lo if F(lo) > 0 else _crossing(F, lo, k * step)
    hi = hi if F(hi) > 0 else _crossing(F, hi, k * step)
    ratio = (mpmath.sqrt(5) - 1) / 2
    a, b = lo, hi
    for _ in range(int(mpmath.mp.dps * 5)):
        c, d = b - ratio * (b - a), a + ratio * (b - a)
        if F(c) < F(d):
            a = c
        else:
            b = d
    t = (a + b) / 2
    return F(t), t


def _crossing(F, outside, inside):
    for _ in range(int(mpmath.mp.dps * 4)):
        mid = (outside + inside) / 2
        if F(mid) > 0:
            inside = mid
        else:
            outside = mid
    return inside


PROBLEM_A = Quote("000", 981, r"\max_{\gamma, w, b} \ \gamma")
PROBLEM_A_CONSTRAINT = Quote("000", 983, r"y^{(i)}(w^T x^{(i)} + b) \ge \gamma")
PROBLEM_B = Quote("000", 990, r"\max_{\hat{\gamma}, w, b} \frac{\hat{\gamma}}{||w||}")
PROBLEM_B_CONSTRAINT = Quote("000", 991, r"y^{(i)}(w^T x^{(i)} + b) \ge \hat{\gamma}")
PROBLEM_C = Quote("000", 999, r"\min_{w,b} \frac{1}{2} ||w||^2")
PROBLEM_C_CONSTRAINT = Quote("000", 1001, r"y^{(i)}(w^T x^{(i)} + b) \ge 1")
PROBLEM_A_NORM = Quote("000", 984, "$||w|| = 1.$")
UNIT_NORM_WHY = Quote("000", 986, "The ||w||=1 constraint moreover ensures that the functional margin equals to the geometric margin")
SAME_AS_MINIMISING = Quote("000", 997, r"noting that maximizing  $\hat{\gamma}/||w|| = 1/||w||$  is the same thing as minimizing  $||w||^2$")
PROBLEM_C_AGAIN_CONSTRAINT = Quote("000", 1118, r"y^{(i)}(w^T x^{(i)} + b) \ge 1, \quad i = 1, \dots, m")
PROBLEM_C_AGAIN = Quote("000", 1117, r"\min_{w,b} \quad \frac{1}{2} ||w||^2")
PROBLEM_004 = Quote("004", 5, r"\min \quad & \frac{1}{2} \|w\|^2 \\ \text{s.t.} \quad & y^{(i)}(w^T x^{(i)} + b) \geq 1")
PROBLEM_002_HALF = Quote("002", 565, r"\min_{w,b} \quad & \frac{1}{2} \|w\|^2")
SCALING_FORMULA_SECOND_COPY = Quote("000", 1524, r"\hat{\gamma} = 1.")
PROBLEM_002_A = Quote("002", 547, r"\max_{w,b} \quad & \gamma")
PROBLEM_002_A_CONSTRAINT = Quote("002", 547, r"\text{s.t.} \quad & \frac{y^{(i)}(w^T x^{(i)} + b)}{\|w\|} \geq \gamma")
PROBLEM_002_C = Quote("002", 551, r"\min_{w,b} \quad & \|w\|^2")


@relies_on(THIS, "_best_direction", lambda f: lambda plus, minus: _doubled_margin(f(plus, minus)),
           "problem (a)'s margin doubled")
@check("OMC-1", "the three problems of §4 (and 002's two) share the optimum, each solved directly",
       "000 V §4; 002 §1.5.1", "optimality", quotes=(PROBLEM_A, PROBLEM_A_CONSTRAINT, PROBLEM_B, PROBLEM_B_CONSTRAINT,
                                                     PROBLEM_C, PROBLEM_C_CONSTRAINT, PROBLEM_002_A, PROBLEM_002_C,
                                                     PROBLEM_A_NORM, UNIT_NORM_WHY, SAME_AS_MINIMISING, PROBLEM_C_AGAIN,
                                                     PROBLEM_C_AGAIN_CONSTRAINT,
                                                     PROBLEM_004, PROBLEM_002_HALF, SCALING_FORMULA_SECOND_COPY))
def three_problems(ctx):
    """(c) min ½‖w‖² s.t. y(wᵀx + b) ≥ 1 by exact active sets; (b) max γ̂/‖w‖ s.t.
    y(wᵀx + b) ≥ γ̂ by exact enumeration of the nearest-point candidates; (a) max γ s.t.
    y(wᵀx + b) ≥ γ, ‖w‖ = 1 by searching the unit circle at 50 digits."""
    worst = mpmath.mpf(0)
    points = draw(ctx, S.separable_sets(2, 4, 7), n=min(ctx.examples, 12))
    bad = None
    printed_c, printed_b, printed_a, forms = _problems_as_printed()
    with mpmath.workdps(ctx.digits + 10):
        for X, y in points:
            w_c, b_c, alpha = du.solve_optimal_margin(X, y)
            u_, b_u_, gamma_hat_ = du.solve_margin_ratio(X, y)
            if not (printed_c(X, y, w_c, b_c) and printed_b(X, y, u_, b_u_, gamma_hat_, w_c) and printed_a(X, y, w_c, b_c)):
                bad = bad or (X, y, "a printed problem (a), (b) or (c) fails at the reference's solution")
            problem = du.optimal_margin_problem(X, y)
            kkt = du.kkt_check(problem, w_c + [b_c], alpha)
            u, b_u, gamma_hat = du.solve_margin_ratio(X, y)
            ww = linalg.dot(w_c, w_c)
            same_b = gamma_hat ** 2 / linalg.dot(u, u) == 1 / ww \
                and u == [gamma_hat * v for v in w_c] and b_u == gamma_hat * b_c \
                and mg.functional_margin_set(X, y, w_c, b_c) == 1
            plus = [[mpmath.mpf(v.numerator) / v.denominator for v in x] for x, t in zip(X, y) if t == 1]
            minus = [[mpmath.mpf(v.numerator) / v.denominator for v in x] for x, t in zip(X, y) if t == -1]
            gamma_a, t_a = _best_direction(plus, minus)
            gamma_c = 1 / mpmath.sqrt(mpmath.mpf(ww.numerator) / ww.denominator)
            err = abs(gamma_a - gamma_c) if gamma_a is not None else mpmath.inf
            worst = max(worst, err)
            if not (kkt.holds and same_b and err < mpmath.mpf(10) ** (10 - ctx.digits)) and bad is None:
                bad = (X, y, w_c, b_c, u, gamma_a)
    return with_forms(Outcome(bad is None, f"{len(points)} sets: exact (b), (c); (a) at {ctx.digits} digits", float(worst),
                              "" if bad is None else f"problems disagree at {fmt(bad)}"), *forms)


def _problems_as_printed():
    """Problems (a), (b) and (c) of 000 V §4 as printed (lines 981-983, 990-991, 999-1001; (c) again at
    lines 1117-1118; 002's (c), lines 551 and 565; 004's, line 5) and the scaling γ̂ = 1 (line 1524),
    read for one example with its numbers left as symbols: predicates that the reference's solution
    meets each printed constraint and has the optimum the other problems give."""
    x, w = vector("x", 2), vector("w", 2)
    y, b, gamma_hat, gamma = (sp.Symbol(s, real=True) for s in ("y", "b", "γ̂", "γ"))
    one = svm_names(x, y, w, b, gamma_hat).bind(gamma=gamma)
    objectives_c = [form_of(PROBLEM_C, one), form_of(PROBLEM_C_AGAIN, one), form_of(PROBLEM_004, one),
                    form_of(PROBLEM_002_HALF, one)]
    objective_002 = form_of(PROBLEM_002_C, one)
    objective_b = form_of(PROBLEM_B, one)
    objective_a = form_of(PROBLEM_A, one)
    read = {}
    constraints = {}
    for key, quote, statement in (("c", PROBLEM_C_CONSTRAINT, 0), ("c again", PROBLEM_C_AGAIN_CONSTRAINT, 0),
                                  ("004", PROBLEM_004, 1), ("b", PROBLEM_B_CONSTRAINT, 0), ("a", PROBLEM_A_CONSTRAINT, 0),
                                  ("scaling", SCALING_FORMULA_SECOND_COPY, 0)):
        constraints[key], read[key] = printed_relations(quote, one, statement=statement)
    forms = tuple(objectives_c) + (objective_002, objective_b, objective_a) + tuple(f for r in read.values() for f in r)
    if not all(constraints.values()) or any(value_of(f) is None for f in forms[:7]):
        return (lambda *a: False), (lambda *a: False), (lambda *a: False), forms

    def values(x_, y_, w_, b_, g_=0, gamma_=0):
        return ((x, x_), (y, y_), (w, w_), (b, b_), (gamma_hat, g_), (gamma, gamma_))

    def meets_c(X, Y, w_c, b_c):
        ww = linalg.dot(w_c, w_c)
        closest = mg.functional_margin_set(X, Y, w_c, b_c)  # γ̂ of the solution: 1 as line 1524 prints it
        return (all(c.holds(values(x_, y_, w_c, b_c)) for x_, y_ in zip(X, Y)
                    for key in ("c", "c again", "004") for c in constraints[key])
                and all(at(value_of(f), values(X[0], Y[0], w_c, b_c)) == ww / 2 for f in objectives_c)
                and at(value_of(objective_002), values(X[0], Y[0], w_c, b_c)) == ww
                and all(c.holds(values(X[0], Y[0], w_c, b_c, closest)) for c in constraints["scaling"]))

    def meets_b(X, Y, u, b_u, g, w_c):
        ratio = at(value_of(objective_b), values(X[0], Y[0], u, b_u, g))
        return (all(c.holds(values(x_, y_, u, b_u, g)) for x_, y_ in zip(X, Y) for c in constraints["b"])
                and ratio ** 2 == 1 / linalg.dot(w_c, w_c))

    def meets_a(X, Y, w_c, b_c):
        """(a) at (w*, b*)/‖w*‖, the unit-norm solution (c) gives, with γ = 1/‖w*‖: it meets (a)'s
        constraints and its objective is that γ."""
        norm = sp.sqrt(sp.Rational(linalg.dot(w_c, w_c)))
        unit, b_unit, margin = [sp.Rational(v) / norm for v in w_c], sp.Rational(b_c) / norm, 1 / norm
        return (all(c.holds(values(x_, y_, unit, b_unit, 0, margin)) for x_, y_ in zip(X, Y) for c in constraints["a"])
                and at(value_of(objective_a), values(X[0], Y[0], unit, b_unit, 0, margin)) == margin)
    return meets_c, meets_b, meets_a, forms


def svm_names(x, y, w, b, gamma_hat):
    """One example (x⁽ⁱ⁾, y⁽ⁱ⁾) with w, b and γ̂, and max, min read by what they optimise."""
    return Reading({"x^(i)": x, "y^(i)": y, "w": w, "b": b, "hat gamma": gamma_hat, "i": sp.Integer(1),
                    "max": Operator(lambda v: v), "min": Operator(lambda v: v)})


@check("OMC-1", "002 maximises γ over w and b only: γ, the objective itself, is no variable of its max", "002 §1.5.1",
       "identity", quotes=(PROBLEM_002_A, PROBLEM_002_A_CONSTRAINT))
def margin_problem_variables_002(ctx):
    """002's first problem (line 547) as printed: its objective and constraint (read from the text)
    use γ, w and b; the max's subscript (read from the text) names w and b. With γ not maximised
    over, the problem's value is whatever γ is held at: on a drawn separable set, every γ up to
    the optimal margin γ* is met by the optimal (w, b), and 'max over w, b of γ' is that γ."""
    x, w = vector("x", 2), vector("w", 2)
    y, b, gamma = sp.Symbol("y", real=True), sp.Symbol("b", real=True), sp.Symbol("γ", real=True)
    one = svm_names(x, y, w, b, sp.Symbol("γ̂", real=True)).bind(gamma=gamma)
    objective = form_of(PROBLEM_002_A, one)
    constraints, read = printed_relations(PROBLEM_002_A_CONSTRAINT, one)
    forms = (objective,) + read
    if value_of(objective) is None or not constraints:
        return with_forms(Outcome(False, "read", 0.0, "002's problem is not read"), *forms)
    used = value_of(objective).free_symbols | constraints[0].left.free_symbols | constraints[0].right.free_symbols
    names = {"w": set(w), "b": {b}, "gamma": {gamma}}
    over = as_printed(optimised_over(objective.variants[0].tex), ("gamma", "w", "b"), key="max over w, b (002 line 547)")
    free = (used & (set(w) | {b, gamma})) - set().union(*[names.get(v, set()) for v in over])
    X, Y = draw(ctx, S.separable_sets(2, 4, 6), 1)[0]
    w_c, b_c, _ = du.solve_optimal_margin(X, Y)
    gamma_star = 1 / mpmath.sqrt(mpmath.mpf(linalg.dot(w_c, w_c).numerator) / linalg.dot(w_c, w_c).denominator)
    feasible = all(c.holds(((x, xi), (y, t), (w, w_c), (b, b_c), (gamma, 0))) for xi, t in zip(X, Y) for c in constraints)
    errata = ()
    if free:
        errata = (Erratum(
            "OMC-1", "002 §1.5.1", f"max_{{{','.join(over)}}} γ s.t. y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)/‖w‖ ≥ γ, i = 1, …, m",
            "max_{γ,w,b} γ s.t. y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)/‖w‖ ≥ γ, as 000 V §4 prints (line 981)",
            f"{', '.join(sorted(map(str, free)))} not maximised over: on x = {fmt(X)}, y = {Y} the optimal (w, b) = "
            f"({fmt(w_c)}, {b_c}) meets the constraints with γ held at 0, at {fmt(gamma_star / 2)} or at the optimal "
            f"margin {fmt(gamma_star)}, and max over w, b of γ is then 0, {fmt(gamma_star / 2)} or {fmt(gamma_star)}: "
            "the value is whatever γ is held at", quote=PROBLEM_002_A),)
    return with_forms(Outcome(feasible, "read; exact", 0.0, "" if feasible else "the optimal (w, b) breaks a constraint",
                              errata), *forms)


UNIT_NORM_NONCONVEX = Quote("000", 988, 'the "||w|| = 1" constraint is a nasty (non-convex) one')
RATIO_NONCONCAVE = Quote("000", 993, r"nasty (again, non-convex) objective  $\frac{\hat{\gamma}}{||w||}$  function")
QP_CONVEX = Quote("000", 1003, "an optimization problem with a convex quadratic objective and only linear constraints")
QP_CONDITIONS = Quote("000", 1171, r"the conditions required for  $p^* = d^*$  and the KKT conditions")
AFFINE_001 = Quote("001", 41, r"For example, strong duality holds if  $f(w)$  is convex and  $g_i(w)$  are affine. This is the case for both hard and soft-margin SVMs.")


def _unit(t):
    """A rational point of the unit circle (the stereographic parametrisation)."""
    return [(1 - t * t) / (1 + t * t), 2 * t / (1 + t * t)]


@relies_on(THIS, "_unit", lambda f: lambda t: [1 - t * t, 2 * t], "the circle point not divided by 1 + t²")
@check("OMC-1", "‖w‖ = 1 is a non-convex constraint and γ̂/‖w‖ a non-concave objective; (c) is a convex QP, "
       "strictly feasible on separable data", "000 V §4, §6", "identity",
       quotes=(UNIT_NORM_NONCONVEX, RATIO_NONCONCAVE, PROBLEM_C, PROBLEM_C_CONSTRAINT, QP_CONVEX, QP_CONDITIONS, AFFINE_001))
def problem_shapes(ctx):
    """(a): two distinct unit vectors u, v have ‖(u + v)/2‖² = (1 + uᵀv)/2 < 1, so the set
    ‖w‖ = 1 is not convex. (b): along w = (s, 0), γ̂ = 1, the objective 1/s at the midpoint of
    s = a and s = b is 2/(a + b) < (1/a + 1/b)/2 whenever a ≠ b, so a maximised objective fails
    concavity. (c): ∇² of ½‖w‖² in (w, b) is diag(I, 0) (PSD) and each gᵢ is affine (zero
    Hessian); on separable data 2(w*, b*) has gᵢ = 1 − 2y⁽ⁱ⁾(w*ᵀx⁽ⁱ⁾ + b*) ≤ −1 < 0 (Slater)."""
    def sphere(p):
        s_, t = p
        u, v = _unit(s_), _unit(t)
        on = linalg.dot(u, u) == 1 == linalg.dot(v, v)
        mid = [(a + b) / 2 for a, b in zip(u, v)]
        return on and linalg.dot(mid, mid) < 1
    pairs = st.tuples(S.rationals(), S.rationals()).filter(lambda p: p[0] != p[1])
    a_ = _exact(ctx, pairs, sphere, n=min(ctx.examples, 20))

    n = 2
    w = sp.symbols(f"w1:{n + 1}", real=True)
    b, y = sp.symbols("b y", real=True)
    x = sp.symbols(f"x1:{n + 1}", real=True)
    s_ = sp.Symbol("s", positive=True)
    # the objectives and (c)'s constraint as printed (lines 993, 999, 1001)
    along = form_of(RATIO_NONCONCAVE, svm_names(sp.Matrix(x), y, sp.Matrix([s_, 0]), b, sp.Integer(1)))
    one = svm_names(sp.Matrix(x), y, sp.Matrix(w), b, sp.Integer(1))
    half_norm = form_of(PROBLEM_C, one)
    margin = form_of(PROBLEM_C_CONSTRAINT, one, part=0)
    forms = (along, half_norm, margin)
    if any(value_of(f) is None for f in forms):
        return with_forms(Outcome(False, "symbolic", 0.0, "a printed objective or constraint is not read"), *forms)

    def ratio(p):
        lo, hi = p
        f = lambda v: value_of(along).subs(s_, v)  # noqa: E731  (γ̂/‖w‖ at w = (s, 0), γ̂ = 1)
        return f((lo + hi) / 2) < (f(lo) + f(hi)) / 2
    scales = st.tuples(S.positive_rationals(), S.positive_rationals()).filter(lambda p: p[0] != p[1])
    b_ = _exact(ctx, scales, ratio, n=min(ctx.examples, 20))

    variables = list(w) + [b]
    objective = sp.hessian(value_of(half_norm), variables)
    constraint = sp.hessian(1 - value_of(margin), variables)
    # the soft margin (001): ½‖w‖² + CΣξ convex in (w, b, ξ), 1 − ξ − y(wᵀx + b) and −ξ affine
    xi, C = sp.symbols("ξ C", real=True)
    soft = variables + [xi]
    soft_objective = sp.hessian(sum(v ** 2 for v in w) / 2 + C * xi, soft)
    soft_constraints = [sp.hessian(1 - xi - y * (sum(p * q for p, q in zip(w, x)) + b), soft), sp.hessian(-xi, soft)]
    shapes = (kr.mercer_test([[sp.Rational(v) for v in row] for row in objective.tolist()]).valid
              and constraint == sp.zeros(n + 1, n + 1)
              and kr.mercer_test([[sp.Rational(v) for v in row] for row in soft_objective.tolist()]).valid
              and all(H == sp.zeros(n + 2, n + 2) for H in soft_constraints))

    def slater(p):
        X, y_ = p
        w_star, b_star, _ = du.solve_optimal_margin(X, y_)
        return all(1 - 2 * t * (linalg.dot(w_star, xi) + b_star) <= -1 for xi, t in zip(X, y_))
    c_ = _exact(ctx, S.separable_sets(2, 4, 6), slater, n=min(ctx.examples, 8))
    return with_forms(combine(a_, b_, c_, Outcome(shapes, "symbolic (n=2)", 0.0,
                                                  "" if shapes else "(c) is not a convex QP with affine constraints")),
                      *forms)


# ---- OMC-2 -----------------------------------------------------------------------------------

MARGIN_CONSTRAINT = Quote("000", 1122, r"g_i(w) = -y^{(i)}(w^T x^{(i)} + b) + 1 \le 0")
SUPPORT_VECTORS = Quote("000", 1124, r"we will have  $\alpha_i > 0$  only for the training examples that have functional margin exactly equal to one")
ACTIVE_MARGIN = Quote("000", 1665, r"g_i(w) = 0 \Rightarrow y^{(i)}(w^T x^{(i)} + b) = 1")


@relies_on(du, "solve_optimal_margin", lambda f: lambda X, y: _doubled_solution(f(X, y)), "(w*, b*) doubled")
@check("OMC-2", "gᵢ = −y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) + 1; αᵢ > 0 only where the functional margin is exactly 1",
       "000 V §6", "optimality", quotes=(MARGIN_CONSTRAINT, SUPPORT_VECTORS, ACTIVE_MARGIN))
def support_vectors_on_margin(ctx):
    """At exact hard-margin solutions: the reference's gᵢ are (line 1122) as printed, αᵢ > 0 only where
    the margin is exactly 1 (line 1124), and the second copy's gᵢ(w) = 0 ⇒ y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) = 1 (line
    1665), with gᵢ as printed, holds at every example."""
    x, w = vector("x", 2), vector("w", 2)
    y, b = sp.Symbol("y", real=True), sp.Symbol("b", real=True)
    one = svm_names(x, y, w, b, sp.Symbol("γ̂", real=True))
    g_form = form_of(MARGIN_CONSTRAINT, one, part=1)
    with_g = defined(one, "g", MARGIN_CONSTRAINT, ("w",), part=1)
    g_i = with_g.names["g"]  # gᵢ(w) as line 1122 defines it, for the example at hand
    active, read = printed_implications(ACTIVE_MARGIN, with_g.bind(g=Indexed(lambda i: g_i)))
    forms = (g_form,) + read
    if value_of(g_form) is None or not active:
        return with_forms(Outcome(False, "exact", 0.0, "line 1122 or 1665 is not read"), *forms)

    def holds(p):
        X, y_ = p
        w_, b_, alpha = du.solve_optimal_margin(X, y_)
        g = du.margin_constraints(X, y_)
        margins = mg.functional_margins(X, y_, w_, b_)
        values = [((x, xi), (y, t), (w, w_), (b, b_)) for xi, t in zip(X, y_)]
        form = all(gi(w_ + [b_]) == -m + 1 == at(value_of(g_form), v) for gi, m, v in zip(g, margins, values))
        implied = all(all(c.holds(v) for c in conclusions)
                      for v in values for premises, conclusions in active if all(p_.holds(v) for p_ in premises))
        sv = du.support_vectors(alpha)
        return form and implied and sv and all(margins[i] == 1 for i in sv) \
            and all(alpha[i] == 0 for i, m in enumerate(margins) if m > 1) and min(margins) == 1
    return with_forms(_exact(ctx, S.separable_sets(2, 4, 8), holds, n=min(ctx.examples, 20)), *forms)


# ---- printed claims no check decides ----------------------------------------------------------

for _line, _text, _reason, _id in (
        (913, r"whenever  $y^{(i)} = 0$ , since this would reflect a very confident (and correct) set of classifications",
         "a motivation (θᵀx ≫ 0 for y = 1, ≪ 0 for y = 0); the functional margin that formalises it is MG-2's", "MG-2"),
        (975, "a natural desideratum is to try to find a decision boundary that maximizes the (geometric) margin",
         "a motivation", "OMC-1"),
        (995, "We will introduce the scaling constraint that the functional margin of w, b with respect to the training set must be 1:",
         "the displayed γ̂ = 1 is missing from this copy's first Part V (the second prints it, line 1524); the "
         "problem it leads to is checked in OMC-1", "OMC-1"),
        (1003, "This optimization problem can be solved using commercial quadratic programming (QP) code.",
         "a remark on software", "OMC-1"),
        (1005, "what we will instead do is make a digression to talk about Lagrange duality", "a plan of the notes", "LD-1"),
        (1021, "You may be familiar with linear programming, which solves optimization problems that have linear objectives",
         "a remark on software (footnote 1)", "OMC-1"),
        (1029, "Due to time constraints, we won't really be able to do the theory of Lagrange duality justice in this class",
         "a remark", "LD-2"),
        (1058, "Readers interested in learning more about this topic are encouraged to read",
         "a pointer to a book (footnote 2)", "LD-2"),
        (1070, "Here, the \" $\\mathcal{D}$ \" subscript stands for \"dual.\"", "a name", "LD-3"),
        (1092, "\"Affine\" means the same thing as linear, except that we also allow the extra intercept term  $b_i$",
         "a definition (footnote 4; its b_i is not the intercept b of §2)", "LD-4"),
        (1111, "Later on, this will be key for showing that the SVM has only a small number of \"support vectors\"",
         "a pointer to §6 (checked in OMC-2)", "LD-4"),
        (1126, "Consider the figure below, in which a maximum margin separating hyperplane is shown by the solid line.",
         "a figure absent from this copy", "OMC-2"),
        (1130, "here, these are the three points (one negative and two positive examples) that lie on the dashed lines",
         "about the figure absent from this copy; that α > 0 only on the margin is checked in OMC-2", "OMC-2"),
        ):
    unchecked(Quote("000", _line, _text), _reason, _id)

# the second copy of Part V: what its text differs in from the first, when it is not a statement
for _line, _text, _reason, _id in (
        (1625, r"\frac{\partial}{\partial w_{i}} \mathcal{L}(w^{*}, \alpha^{*}, \beta^{*}) = 0, \quad i = 1, ..., n",
         "this copy's OCR of (3)-(7) runs the five conditions together and repeats (7); the first copy's (3)-(7) "
         "are checked", "LD-4"),
        (1629, r"\alpha_{i}^{*} \geq 0, \quad i = 1, ..., k$$",
         "this copy's OCR of (3)-(7) (the last of the five run together, line 1625); (7) is checked", "LD-4"),
        (1631, r"$$\alpha_{i}^{*} \geq 0, \quad i = 1, ..., k",
         "this copy's OCR repeats (7) twice more (lines 1631-1632) before printing (4)-(7) again; (7) is checked", "LD-4"),
        (1632, r"\alpha_{i}^{*} \geq 0, \quad i = 1, ..., k$$", "the second repeat of (7) by this copy's OCR", "LD-4"),
        (1645, "$$h_j(x^*) = 0$$",
         "a reader's annotation (primal feasibility of the equalities, in x* for w*), equivalent to (4), checked", "LD-4"),
        (1646, r", for  $j = 1, \ldots, \ell$ ", "the end of the annotation of line 1645", "LD-4"),
        (1571, "$$\\alpha_i$$", "the extraction broke line 1042's sentence ('the αᵢ's and βᵢ's are the Lagrange "
         "multipliers') over lines 1570-1572: a name", "LD-2"),
        (1599, r"$\theta_{\mathcal{D}}(\alpha,\beta) = \min_{w} \mathcal{L}(w,\alpha,\beta).$  Here, the",
         "this copy prints θ_D's definition twice (line 1597, and inline here before the prose of line 1070); "
         "the same formula as line 1068, which LD-3 reads", "LD-3"),
        ):
    unchecked(Quote("000", _line, _text), _reason, _id)

for _line, _text, _reason, _id in (
        (39, "this was proven in the lecture 9 notes", "a pointer to another lecture", "LD-3"),
        (43, "This condition for strong duality will be used in the homework.", "a pointer to the homework", "LD-4"),
        ):
    unchecked(Quote("001", _line, _text), _reason, _id)
