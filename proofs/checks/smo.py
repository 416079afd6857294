"""Part V §9.2 checks: why one α cannot move alone (SMO-1), the two-variable step (SMO-2), the
pair rules and the threshold (SMO-3), the solver against an independent solution of the dual
(SMO-4) (000 V §9.2; 001 §11.2; 004)."""
import itertools
from fractions import Fraction

import mpmath
import sympy as sp
from hypothesis import strategies as st

from cs229.reference import linalg, scalar, smo, svm
from cs229.reference.kernels import Gaussian, Linear, kernel_matrix

from .. import strategies as S
from ..checking import exact, Step, chain, combine, draw, fmt, numeric_erratum, sampled
from ..registry import Outcome, check

M = 4  # the number of α in the symbolic checks
SIGNS = [s for s in itertools.product((-1, 1), repeat=M) if len(set(s)) == 2]


def _alphas(m=M):
    return sp.symbols(f"alpha1:{m + 1}", real=True)


def _kernel_symbols(m=M):
    """A symmetric matrix of symbols Kᵢⱼ = Kⱼᵢ."""
    K = [[None] * m for _ in range(m)]
    for i in range(m):
        for j in range(i, m):
            K[i][j] = K[j][i] = sp.Symbol(f"K{i + 1}{j + 1}", real=True)
    return K


def _W(alpha, y, K):
    m = len(alpha)
    return sum(alpha) - sum(y[i] * y[j] * alpha[i] * alpha[j] * K[i][j]
                            for i in range(m) for j in range(m)) / 2


_exact_points = exact



# ---- SMO-1 -----------------------------------------------------------------------------------

@check("SMO-1", "(19) fixes α₁ = −y⁽¹⁾Σ_{i≥2}αᵢy⁽ⁱ⁾: one α cannot move alone", "000 V §9.2",
       "derivation")
def one_alpha(ctx):
    alpha = _alphas()
    outcomes = []
    for y in SIGNS:
        solved = sp.solve(sp.Eq(sum(a * t for a, t in zip(alpha, y)), 0), alpha[0])
        if len(solved) != 1:
            return Outcome(False, "symbolic", 1.0, "(19) does not determine α₁ uniquely")
        outcomes.append(chain([
            Step(solved[0], "the only α₁ that satisfies (19)"),
            Step(-sum(a * t for a, t in zip(alpha[1:], y[1:])) / y[0], "α₁y⁽¹⁾ = −Σ_{i≥2}αᵢy⁽ⁱ⁾"),
            Step(-y[0] * sum(a * t for a, t in zip(alpha[1:], y[1:])), "multiply by y⁽¹⁾, (y⁽¹⁾)² = 1"),
        ], "SMO-1", "000 V §9.2", f"m={M}, every sign pattern of y"))
    return combine(*outcomes)


# ---- SMO-2 -----------------------------------------------------------------------------------

@check("SMO-2", "(20) ζ, α₁ = (ζ − α₂y⁽²⁾)y⁽¹⁾ (000) = (ζ − α₂y⁽²⁾)/y⁽¹⁾ (004)", "000 V §9.2; 004",
       "derivation")
def zeta_line(ctx):
    alpha = _alphas()
    a2 = sp.Symbol("a2", real=True)
    outcomes = []
    for y in SIGNS:
        zeta = -sum(a * t for a, t in zip(alpha[2:], y[2:]))
        a1 = sp.solve(sp.Eq(sp.Symbol("a1") * y[0] + a2 * y[1] + sum(a * t for a, t in zip(alpha[2:], y[2:])), 0),
                      sp.Symbol("a1"))[0]
        outcomes.append(chain([
            Step(a1, "α₁ from (19) with α₂ free"),
            Step((zeta - a2 * y[1]) * y[0], "000: α₁ = (ζ − α₂y⁽²⁾)y⁽¹⁾"),
            Step((zeta - a2 * y[1]) / y[0], "004: α₁ = (ζ − α₂y⁽²⁾)/y⁽¹⁾"),
        ], "SMO-2", "000 V §9.2 (20); 004", f"m={M}"))
        S_ = sum(a * t for a, t in zip(alpha[2:], y[2:]))
        outcomes.append(chain([
            Step(a1, "α₁ from (11.10)"),
            Step((S_ - y[1] * a2) / y[0], "001 (11.11)", corrected=(-S_ - y[1] * a2) / y[0],
                 printed="α₁ = (1/y⁽¹⁾)(S − y⁽²⁾α₂), S = Σ_{i≥3} αᵢy⁽ⁱ⁾  (11.11)",
                 fixed="α₁ = (1/y⁽¹⁾)(−S − y⁽²⁾α₂), S = Σ_{i≥3} αᵢy⁽ⁱ⁾"),
        ], "SMO-2", "001 (11.11)", f"m={M}"))
        outcomes.append(chain([
            Step(zeta, "ζ = −Σ_{i≥3}αᵢy⁽ⁱ⁾ (000 (20))"),
            Step(-sum(a * t for a, t in zip(alpha, y)), "004: −Σ_{i=1}^m αᵢy⁽ⁱ⁾",
                 corrected=-sum(a * t for a, t in zip(alpha[2:], y[2:])),
                 printed="α₁y⁽¹⁾ + α₂y⁽²⁾ = −Σ_{i=1}^m αᵢy⁽ⁱ⁾ = ξ  (which is 0 by the constraint)",
                 fixed="α₁y⁽¹⁾ + α₂y⁽²⁾ = −Σ_{i=3}^m αᵢy⁽ⁱ⁾ = ζ"),
        ], "SMO-2", "004 (SMO)", f"m={M}"))
    return combine(*outcomes)


@check("SMO-2", "W on the line is aα₂² + bα₂ + c with a = −η/2; its maximiser is α₂ + y⁽²⁾(E₁ − E₂)/η",
       "000 V §9.2; 004", "derivation")
def pair_quadratic(ctx):
    alpha = _alphas()
    K = _kernel_symbols()
    a2 = sp.Symbol("a2", real=True)
    outcomes = []
    for y in SIGNS[::3]:
        zeta = smo.zeta(list(alpha), list(y), 0, 1)
        on_line = [(zeta - a2 * y[1]) * y[0], a2] + list(alpha[2:])
        W_line = sp.expand(_W(on_line, y, K))
        qa, qb, qc = smo.pair_quadratic([on_line[0], a2] + list(alpha[2:]), list(y), K, 0, 1)
        outcomes.append(chain([
            Step(W_line, "W((ζ − α₂y⁽²⁾)y⁽¹⁾, α₂, α₃, …)"),
            Step(qa * a2 ** 2 + qb * a2 + qc, "aα₂² + bα₂ + c (the reference's coefficients)"),
        ], "SMO-2", "000 V §9.2", f"m={M}, symbolic K"))
        eta = K[0][0] + K[1][1] - 2 * K[0][1]
        # a feasible α: (19) fixes α₁
        feasible = {alpha[0]: -y[0] * sum(a * t for a, t in zip(alpha[1:], y[1:]))}
        f = [sum(alpha[k] * y[k] * K[k][t] for k in range(M)) for t in range(M)]
        E1, E2 = (f[0] - y[0]).subs(feasible), (f[1] - y[1]).subs(feasible)
        qa0, qb0, _ = smo.pair_quadratic(list(alpha), list(y), K, 0, 1)
        outcomes.append(chain([
            Step(sp.factor(qa0 + eta / 2), "a + η/2"), Step(sp.Integer(0), "a = −η/2"),
        ], "SMO-2", "000 V §9.2", f"m={M}"))
        outcomes.append(chain([
            Step(-qb0 / (2 * qa0), "−b/(2a): the derivative of aα₂² + bα₂ + c is zero"),
            Step(alpha[1] + y[1] * (E1 - E2) / eta, "α₂ + y⁽²⁾(E₁ − E₂)/η"),
        ], "SMO-2", "000 V §9.2; Platt", f"m={M}"))
    return combine(*outcomes)


@st.composite
def _boxed_pairs(draw_):
    C = draw_(S.positive_rationals(Fraction(1, 2), 3))
    a1 = draw_(st.fractions(0, C, max_denominator=8))
    a2 = draw_(st.fractions(0, C, max_denominator=8))
    y1, y2 = draw_(st.sampled_from([-1, 1])), draw_(st.sampled_from([-1, 1]))
    qa = -draw_(S.positive_rationals())
    qb = draw_(S.rationals(-6, 6))
    return C, a1, a2, y1, y2, qa, qb


@check("SMO-2", "[L, H] is the segment of (20) in the box; clipping the unconstrained optimum gives "
       "the constrained one", "000 V §9.2", "identity")
def bounds_and_clip(ctx):
    def holds(p):
        C, a1, a2, y1, y2, qa, qb = p
        low, high = smo.bounds(a1, a2, y1, y2, C)
        zeta = a1 * y1 + a2 * y2
        inside = lambda t: 0 <= t <= C and 0 <= (zeta - t * y2) * y1 <= C  # noqa: E731
        eps = Fraction(1, 10 ** 6)
        segment = inside(low) and inside(high) and not inside(low - eps) and not inside(high + eps)
        t = smo.clip(-qb / (2 * qa), low, high)
        slope = lambda v: 2 * qa * v + qb  # noqa: E731
        # the maximum of a concave quadratic on [L, H]: zero slope inside, or the right sign at an end
        clipped = ((low < t < high and slope(t) == 0) or (t == high and slope(t) >= 0)
                   or (t == low and slope(t) <= 0))
        return segment and clipped
    return _exact_points(ctx, _boxed_pairs(), holds, n=min(ctx.examples, 40))


@check("SMO-2", "000 prints 'some upper-bound L' for α₂ (003 prints H)", "000 V §9.2", "identity")
def upper_bound_h(ctx):
    def residuals(p):
        C, a1, a2, y1, y2, _, _ = p
        low, high = smo.bounds(a1, a2, y1, y2, C)
        # printed: L bounds α₂ from above as well, so no feasible α₂ exceeds L
        return high - low, max(0, a2 - high) + max(0, low - a2)
    return numeric_erratum(
        ctx, "SMO-2", "000 V §9.2 (both copies of Part V)",
        "there will be some lower-bound L and some upper-bound L on the permissible values for α₂",
        "there will be some lower-bound L and some upper-bound H on the permissible values for α₂",
        _boxed_pairs(), lambda p: residuals(p)[0], lambda p: residuals(p)[1], 0, n=min(ctx.examples, 30),
        nature="transcription")


@check("SMO-2", "the step maximises the quadratic: 004's 'minimize' and 001's 'global minimum' name the "
       "wrong extremum", "004 (SMO); 001 §11.2", "identity")
def maximise_not_minimise(ctx):
    def values(p):
        C, a1, a2, y1, y2, qa, qb = p
        low, high = smo.bounds(a1, a2, y1, y2, C)
        q = lambda t: qa * t * t + qb * t  # noqa: E731
        step = smo.clip(-qb / (2 * qa), low, high)
        return q(step), min(q(low), q(high)), max(q(low), q(high))
    pts = _boxed_pairs().filter(lambda p: smo.bounds(*p[1:5], p[0])[0] < smo.bounds(*p[1:5], p[0])[1])
    printed = lambda p: values(p)[0] - values(p)[1]  # noqa: E731  (> 0: the step is not a minimum)
    corrected = lambda p: max(0, values(p)[2] - values(p)[0])  # noqa: E731
    return combine(
        numeric_erratum(ctx, "SMO-2", "004 (SMO)",
                        "if we minimize the quadratic function, maybe we get a value that lies in the box",
                        "maximise W = aα₂² + bα₂ + c (a = −η/2 ≤ 0), then clip to [L, H]",
                        pts, printed, corrected, 0, n=min(ctx.examples, 30)),
        numeric_erratum(ctx, "SMO-2", "001 §11.2",
                        "it's easy to minimize a quadratic function of one variable subject to such bound "
                        "constraints ... compute the global minimum, and then clip",
                        "maximise the concave quadratic (11.7) in α₂ (its stationary point is the global "
                        "maximum), then clip to [L, H]",
                        pts, printed, corrected, 0, n=min(ctx.examples, 30)))


# ---- SMO-3 -----------------------------------------------------------------------------------

@check("SMO-3", "the second-order choice −(gₜ − gᵢ)²/aᵢₜ is minus twice the unclipped step's gain",
       "000 V §9.2; Fan, Chen and Lin (2005)", "derivation")
def second_order_gain(ctx):
    alpha = _alphas()
    K = _kernel_symbols()
    outcomes = []
    for y in SIGNS[::6]:
        feasible = {alpha[0]: -y[0] * sum(a * t for a, t in zip(alpha[1:], y[1:]))}
        f = [sum(alpha[k] * y[k] * K[k][t] for k in range(M)) for t in range(M)]
        g = [(f[t] - y[t]).subs(feasible) for t in range(M)]
        i, t = 0, 1
        qa, qb, qc = smo.pair_quadratic(list(alpha), list(y), K, i, t)
        best = -qb / (2 * qa)
        gain = (qa * best ** 2 + qb * best + qc) - (qa * alpha[t] ** 2 + qb * alpha[t] + qc)
        a_it = K[i][i] + K[t][t] - 2 * K[i][t]
        # both sides times aᵢₜ (= η > 0), which keeps them polynomials
        outcomes.append(chain([
            Step(sp.expand(sp.cancel(-2 * gain * a_it)), "−2 × (W at the unclipped optimum − W now) × aᵢₜ"),
            Step(sp.expand(-(g[t] - g[i]) ** 2), "−bᵢₜ², bᵢₜ = −gᵢ + gₜ: the rule's −bᵢₜ²/aᵢₜ times aᵢₜ"),
        ], "SMO-3", "Fan, Chen and Lin (2005) WSS 2", f"m={M}"))
    return combine(*outcomes)


@check("SMO-3", "Platt's threshold: b₁ puts a free α₁ exactly on the margin after the step",
       "000 V §9.2 (Platt's b update)", "identity")
def platt_threshold(ctx):
    def holds(p):
        X, y = p
        K = kernel_matrix(X, Linear())
        st_ = smo._State(X, y, K, Fraction(3), Fraction(0))
        rng = smo.SplitMix64(7)
        for _ in range(6):
            i = rng.index(len(y))
            j = (i + 1 + rng.index(len(y) - 1)) % len(y)
            E1, E2 = st_.g[i] + st_.b, st_.g[j] + st_.b
            new = smo._step(st_.alpha[i], st_.alpha[j], y[i], y[j], E1, E2, K[i][i], K[j][j], K[i][j], st_.C, (i, j))
            if new is None:
                continue
            st_.b = smo._platt_threshold(st_, i, j, new[0], new[1], E1, E2)
            st_.apply(i, j, *new)
            # a free α has its example on the margin (E = 0); when both are free, b₁ = b₂
            for k, a in ((i, new[0]), (j, new[1])):
                if 0 < a < st_.C and st_.g[k] + st_.b != 0:
                    return False
        return True
    return _exact_points(ctx, S.svm_labelled_sets(min_rows=4, max_rows=7), holds, n=min(ctx.examples, 20))


@check("SMO-3", "the stopping measure: gap = 0 exactly at exact solutions, > 0 at α = 0",
       "000 V §9.2 (KKT within tol)", "optimality")
def gap_measure(ctx):
    bad = []
    cases = 0
    for C in (None, Fraction(1)):
        sets = S.svm_labelled_sets(min_rows=3, max_rows=7, features=1, separable=True if C is None else None)
        for X, y in draw(ctx, sets, min(ctx.examples, 10)):
            cases += 1
            fit = smo.smo(X, y, C=C, tol=0, max_iterations=500)
            if smo.kkt_gap(X, y, fit.alpha, C) != 0 or not smo.kkt_gap(X, y, [0] * len(y), C) > 0:
                bad.append((X, y, C))
    return Outcome(not bad, f"{cases} problems, exact", 0.0, f"fails at {fmt(bad[0])}" if bad else "")


# ---- SMO-4 -----------------------------------------------------------------------------------

def exhaustive_dual(X, y, C, kernel):
    """An independent solution of the dual: try every split of the examples into αᵢ = 0,
    αᵢ = C and free; for the free ones solve the KKT equations y⁽ⁱ⁾(Σⱼαⱼy⁽ʲ⁾Kᵢⱼ + b) = 1 and
    Σαy = 0 (a linear system); keep the first split whose solution is feasible and meets
    (14)-(16). Returns (α, b), or None."""
    K = kernel_matrix(X, kernel)
    m = len(y)
    zero = 0 * K[0][0]
    states = (0, 2) if C is None else (0, 1, 2)
    for split in itertools.product(states, repeat=m):
        free = [i for i in range(m) if split[i] == 2]
        fixed = [zero if s == 0 else C for s in split]
        if not free:
            # every α at a bound: (19) must hold as it is, and (14)-(15) leave b an interval
            if sum(t * a for t, a in zip(y, fixed)) != 0 or not any(fixed):
                continue
            scores = [sum(fixed[k] * y[k] * K[k][t] for k in range(m)) for t in range(m)]
            b = svm.b_soft(fixed, y, scores, C)
            if max(svm.kkt_violations(X, y, fixed, b, C, kernel)) <= scalar.zero_tolerance(zero, m, 64):
                return fixed, b
            continue
        n = len(free)
        A = ([[y[i] * y[j] * K[i][j] for j in free] + [zero + y[i]] for i in free]
             + [[zero + y[j] for j in free] + [zero]])
        rhs = [zero + 1 - sum(y[i] * y[k] * fixed[k] * K[i][k] for k in range(m) if split[k] == 1)
               for i in free]
        rhs.append(zero - sum(y[k] * fixed[k] for k in range(m) if split[k] == 1))
        try:
            sol = linalg.solve(A, rhs)
        except linalg.SingularMatrixError:
            continue
        alpha = fixed[:]
        for i, v in zip(free, sol[:n]):
            alpha[i] = v
        if not all(v > 0 and (C is None or v < C) for v in sol[:n]):
            continue
        b = sol[n]
        tol = scalar.zero_tolerance(zero, 1 + sum(abs(v) for v in alpha), 64)
        if max(svm.kkt_violations(X, y, alpha, b, C, kernel)) <= tol:
            return alpha, b
    return None


@check("SMO-4", "exact SMO on rational one-feature data: KKT exactly, and the same W, w, b as an "
       "exhaustive solve of the dual", "000 V §9", "optimality")
def exact_against_exhaustive(ctx):
    bad, cases = [], 0
    for C in (None, Fraction(1), Fraction(2, 5)):
        sets = S.svm_labelled_sets(min_rows=3, max_rows=6, features=1, separable=True if C is None else None)
        for X, y in draw(ctx, sets, min(ctx.examples, 8)):
            cases += 1
            fit = smo.smo(X, y, C=C, tol=0, max_iterations=500)
            other = exhaustive_dual(X, y, C, Linear())
            if other is None:
                bad.append(("no exhaustive solution", X, y, C))
                continue
            alpha, b = other
            same = (svm.dual_objective(X, y, alpha) == fit.objective
                    and svm.weights_from_alpha(X, y, alpha) == svm.weights_from_alpha(X, y, fit.alpha)
                    and max(svm.kkt_violations(X, y, fit.alpha, fit.b, C)) == 0
                    and fit.kkt_gap == 0)
            if not same:
                bad.append((X, y, C))
    return Outcome(not bad, f"{cases} problems, exact", 0.0,
                   f"fails at {fmt(bad[0])}" if bad else "W, w agree exactly; KKT residual 0")


@check("SMO-4", "SMO in floats with every rule, two features, linear and Gaussian kernels, against the "
       "exhaustive dual at 50 digits", "000 V §9", "optimality")
def float_against_exhaustive(ctx):
    rules = smo.RULES

    def residual(p):
        (X, y), k = p
        kernel = Linear() if k == 0 else Gaussian(1.0)
        C = 1.0
        with mpmath.workdps(ctx.digits):
            Xm, ym = S.to_mpf((X, y))
            km = Linear() if k == 0 else Gaussian(mpmath.mpf(1))
            solution = exhaustive_dual(Xm, y, mpmath.mpf(C), km)
            if solution is None:
                return mpmath.inf
            W = svm.dual_objective(Xm, y, solution[0], km)
        Xf = S.to_float(X)
        worst = 0
        for rule in rules:
            fit = smo.smo(Xf, y, C=C, kernel=kernel, rule=rule, tol=1e-9, max_iterations=50_000)
            worst = max(worst, abs(float(W) - fit.objective) / (1 + abs(float(W))))
        return worst
    points = st.tuples(S.svm_labelled_sets(min_rows=3, max_rows=6), st.sampled_from([0, 1]))
    return sampled(ctx, points, residual, 1e-9, n=min(ctx.examples, 6),
                   label=f"{min(ctx.examples, 6)} problems × 3 rules vs 50-digit exhaustive")
