"""Part V §4-6 checks: the three optimal margin problems, Lagrange duality, weak and strong
duality, the KKT conditions and support vectors (000 V §4-6; 001 "Duality - notes"; 002 §1.5.1)."""
import functools
from fractions import Fraction

import mpmath
import sympy as sp
from hypothesis import strategies as st

from cs229.reference import duality as du
from cs229.reference import linalg
from cs229.reference import margins as mg

from .. import strategies as S
from ..checking import exact, Step, chain, combine, draw, fmt
from ..registry import Erratum, Outcome, check


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


QPS = st.one_of(S.convex_qps(2, 2, 0), S.convex_qps(2, 3, 1), S.convex_qps(3, 3, 1),
                S.convex_qps(2, 2, 1, strictly_convex=False))


# ---- LD-1 ------------------------------------------------------------------------------------

@check("LD-1", "Lagrange multipliers: ∂L/∂w = 0, ∂L/∂β = 0 give the equality-constrained minimum",
       "000 V §5", "optimality")
def equality_constrained(ctx):
    w = sp.Matrix(sp.symbols("w1 w2", real=True))
    beta = sp.symbols("beta1 beta2", real=True)
    f = sp.Function("f")(*w)
    h = [sp.Function(f"h{i + 1}")(*w) for i in range(2)]
    L = f + sum(b * hi for b, hi in zip(beta, h))
    symbolic = combine(*[chain([Step(sp.diff(L, beta[i]), "∂L/∂βᵢ"), Step(h[i], "= hᵢ(w): stationarity in β is feasibility")],
                               "LD-1", "000 V §5", "l=2") for i in range(2)])

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

@check("LD-2", "θ_P(w) = max_{α≥0,β} L = f(w) if w is feasible, +∞ otherwise ((1)-(2))", "000 V §5",
       "identity")
def theta_P_cases(ctx):
    M = 10 ** 6

    def holds(p):
        qp, w, alpha, beta = p
        problem = _problem(qp)
        f = problem.f(w)
        g = [gi(w) for gi in problem.g]
        h = [hi(w) for hi in problem.h]
        feasible = all(v <= 0 for v in g) and all(v == 0 for v in h)
        theta = du.theta_P(problem, w)
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
    return _exact(ctx, _with(QPS, _points_for, _alphas_for, _betas_for), holds, n=min(ctx.examples, 20))


# ---- LD-3 ------------------------------------------------------------------------------------

@check("LD-3", "weak duality: θ_D(α, β) ≤ θ_P(w) for every w and α ≥ 0, β (random convex problems)",
       "000 V §5; 001", "identity")
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


@check("LD-3", "max_i min_j L ≤ min_j max_i L (the reason the notes give for d* ≤ p*)", "000 V §5",
       "identity")
def max_min_le_min_max(ctx):
    def holds(L):
        max_min = max(min(row) for row in L)
        min_max = min(max(row[j] for row in L) for j in range(len(L[0])))
        return max_min <= min_max
    tables = st.integers(1, 6).flatmap(lambda r: st.integers(1, 6).flatmap(lambda c: S.matrices(r, c)))
    return _exact(ctx, tables, holds)


@check("LD-3", "d* = max over α ≥ 0 (the second copy prints α > 0, where the max need not exist)",
       "000 V §5", "identity")
def dual_domain(ctx):
    """min w² s.t. w − 1 ≤ 0: the constraint is inactive at w* = 0, so α* = 0 and
    θ_D(α) = −α²/4 − α < 0 = d* for every α > 0."""
    one = Fraction(1)
    problem = du.Problem(du.Quadratic([0 * one], 0, [[2 * one]]), [du.Quadratic([one], -one)])
    d_star = du.theta_D(problem, [0])
    p_star = du.solve_qp(problem).value
    alphas = draw(ctx, S.positive_rationals(Fraction(1, 64), 8, 64))
    below = [a for a in alphas if du.theta_D(problem, [a]) < d_star]
    exact_form = all(du.theta_D(problem, [a]) == -a * a / 4 - a for a in alphas)
    passed = d_star == p_star == 0 and exact_form and len(below) == len(alphas)
    errata = (Erratum("LD-3", "000 V §5 (second copy, line 1605)",
                      "d* = max_{α,β: α>0} θ_D(w)",
                      "d* = max_{α,β: αᵢ≥0} θ_D(α, β) (as the first copy prints): the maximiser may have αᵢ = 0",
                      f"min w² s.t. w − 1 ≤ 0: d* = θ_D(0) = 0 but θ_D(α) = −α²/4 − α < 0 at every α > 0, "
                      f"e.g. θ_D({below[0]}) = {du.theta_D(problem, [below[0]])}",
                      "transcription"),) if below else ()
    return Outcome(passed, f"exact; {len(alphas)} values of α > 0", 0.0,
                   "" if passed else "the inactive-constraint example did not behave as derived", errata)


# ---- LD-4 ------------------------------------------------------------------------------------

@check("LD-4", "at the solution: KKT (3)-(7) hold exactly and p* = d* = L(w*, α*, β*) = θ_D(α*, β*)",
       "000 V §5", "optimality")
def kkt_at_solutions(ctx):
    def holds(p):
        qp, v = p
        problem = _problem(qp)
        point = du.solve_qp(problem)
        report = du.kkt_check(problem, point.w, point.alpha, point.beta)
        L = du.lagrangian(problem, point.w, point.alpha, point.beta)
        d = du.theta_D(problem, point.alpha, point.beta)
        complementary = all(gi(point.w) == 0 for gi, a in zip(problem.g, point.alpha) if a > 0)
        # KKT ⇒ optimal: no feasible point does better (the strictly feasible w₀, and v if feasible)
        better = [u for u in (qp[6], v) if du.theta_P(problem, u) < point.value]
        return report.holds and L == d == point.value and complementary and not better
    return _exact(ctx, _with(QPS, _points_for), holds, n=min(ctx.examples, 20))


@check("LD-4", "the KKT checker names the failing condition and by how much", "000 V §5 (3)-(7)",
       "identity")
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


@check("LD-4", "strong duality needs a strictly feasible point (001: 'a feasible w')", "001 Duality - notes",
       "identity")
def strong_duality_needs_slater(ctx):
    """f(w) = w₂, g(w) = ‖w‖ − w₁ (both convex), feasible set {w₂ = 0, w₁ ≥ 0}, p* = 0. At
    w = (t, −s): L = −s + α(√(t² + s²) − t) ≤ −s + αs²/(2t), so with s = M + 1 and
    t = αs²/2 + 1, L < −M: θ_D(α) = −∞ for every α ≥ 0 and d* = −∞ < p*. No w has g(w) < 0."""
    def L(w, a):
        return w[1] + a * (mpmath.sqrt(w[0] ** 2 + w[1] ** 2) - w[0])
    pairs = draw(ctx, st.tuples(S.rationals(0, 8), st.integers(1, 10 ** 6)))
    gap, witness = True, None
    with mpmath.workdps(ctx.digits):
        for a, M in pairs:
            a = mpmath.mpf(a.numerator) / a.denominator
            s = mpmath.mpf(M + 1)
            w = (a * s * s / 2 + 1, -s)
            if not L(w, a) < -M:
                gap = False
            if witness is None or a > witness[0]:
                witness = (a, M, w)
        feasible_value = L((mpmath.mpf(3), mpmath.mpf(0)), mpmath.mpf(1))
        strict = draw(ctx, S.vectors(2))
        no_slater = all(mpmath.sqrt(S.to_mpf(x) ** 2 + S.to_mpf(y) ** 2) - S.to_mpf(x) >= 0 for x, y in strict)
    passed = gap and no_slater and feasible_value == 0
    errata = (Erratum("LD-4", "001 Lecture 11, Duality - notes (line 41)",
                      "strong duality also holds if f(w) is convex and gᵢ(w) is convex, and there exists a feasible w",
                      "… and there exists a strictly feasible w (gᵢ(w) < 0 for all i; Slater, as 000 V §5 says)",
                      f"f = w₂, g = ‖w‖ − w₁ ≤ 0: p* = 0 at w = (3, 0), but at α = {fmt(witness[0])}, "
                      f"w = ({fmt(witness[2][0])}, {fmt(witness[2][1])}) gives L < −{witness[1]}: d* = −∞"),) if gap else ()
    return Outcome(passed, f"{len(pairs)} (α, M) at {ctx.digits} digits; {len(strict)} points", 0.0,
                   "" if passed else "the counterexample did not behave as derived", errata)


@check("LD-4", "convexity and Slater give d* = p*, not a minimiser w* (000: 'there must exist w*')",
       "000 V §5", "identity")
def primal_attainment(ctx):
    """min eʷ s.t. w ≤ 0 is convex and strictly feasible (w = −1), p* = d* = 0, but no w* attains
    it: every feasible w has e^(w−1) < eʷ. The KKT triple exists when p* is attained, as for
    every strictly convex QP checked above."""
    candidates = draw(ctx, S.rationals(-8, 0))
    with mpmath.workdps(ctx.digits):
        improvable = all(mpmath.exp(mpmath.mpf(w.numerator) / w.denominator - 1)
                         < mpmath.exp(mpmath.mpf(w.numerator) / w.denominator) for w in candidates)
        # θ_D(α) = min_w eʷ + αw = α − α log α (α > 0), → 0 = p* as α → 0⁺
        theta = [a - a * mpmath.log(a) for a in (mpmath.mpf(10) ** -k for k in range(1, 30))]
    passed = improvable and all(t > 0 for t in theta) and theta[-1] < mpmath.mpf(10) ** -25
    errata = (Erratum("LD-4", "000 V §5 (line 1094)",
                      "under our above assumptions [f, gᵢ convex, hᵢ affine, gᵢ strictly feasible], there must "
                      "exist w*, α*, β* so that w* is the solution to the primal problem …",
                      "… if moreover the primal minimum is attained (e.g. f = ½‖w‖² with a non-empty feasible "
                      "set), there exist w*, α*, β* …; otherwise only p* = d* holds",
                      f"min eʷ s.t. w ≤ 0: p* = d* = 0 is not attained; at w = {fmt(candidates[0])}, "
                      f"w − 1 is feasible with a smaller eʷ"),) if improvable else ()
    return Outcome(passed, f"{len(candidates)} candidates at {ctx.digits} digits", 0.0,
                   "" if passed else "the counterexample did not behave as derived", errata)


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


@check("OMC-1", "the three problems of §4 (and 002's two) share the optimum, each solved directly",
       "000 V §4; 002 §1.5.1", "optimality")
def three_problems(ctx):
    """(c) min ½‖w‖² s.t. y(wᵀx + b) ≥ 1 by exact active sets; (b) max γ̂/‖w‖ s.t.
    y(wᵀx + b) ≥ γ̂ by exact enumeration of the nearest-point candidates; (a) max γ s.t.
    y(wᵀx + b) ≥ γ, ‖w‖ = 1 by searching the unit circle at 50 digits."""
    worst = mpmath.mpf(0)
    points = draw(ctx, S.separable_sets(2, 4, 7), n=min(ctx.examples, 12))
    bad = None
    with mpmath.workdps(ctx.digits + 10):
        for X, y in points:
            w_c, b_c, alpha = du.solve_optimal_margin(X, y)
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
    return Outcome(bad is None, f"{len(points)} sets: exact (b), (c); (a) at {ctx.digits} digits", float(worst),
                   "" if bad is None else f"problems disagree at {fmt(bad)}")


# ---- OMC-2 -----------------------------------------------------------------------------------

@check("OMC-2", "gᵢ = −y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) + 1; αᵢ > 0 only where the functional margin is exactly 1",
       "000 V §6", "optimality")
def support_vectors_on_margin(ctx):
    def holds(p):
        X, y = p
        w, b, alpha = du.solve_optimal_margin(X, y)
        g = du.margin_constraints(X, y)
        margins = mg.functional_margins(X, y, w, b)
        form = all(gi(w + [b]) == -m + 1 for gi, m in zip(g, margins))
        sv = du.support_vectors(alpha)
        return form and sv and all(margins[i] == 1 for i in sv) \
            and all(alpha[i] == 0 for i, m in enumerate(margins) if m > 1) and min(margins) == 1
    return _exact(ctx, S.separable_sets(2, 4, 8), holds, n=min(ctx.examples, 20))
