"""Part V §6 and §8 checks: the optimal-margin dual (OMC-3), b* from (11) (OMC-4), prediction
through inner products (OMC-5), the soft margin and its hinge form (SOFT-1), the soft-margin
Lagrangian, dual and KKT conditions (SOFT-2) (000 V §6, §8; 001 §11.1; 004; 002 §1.5.1)."""
import itertools
from fractions import Fraction

import mpmath
import sympy as sp
from hypothesis import strategies as st

from cs229.reference import smo, svm

from .. import strategies as S
from ..checking import exact, Step, chain, combine, draw, fmt, sampled
from ..registry import Outcome, check
from ..symbolic import gradient_vector, symbol_matrix

M, N = 3, 2  # the sizes the symbolic chains are proved at
SIGNS = [s for s in itertools.product((-1, 1), repeat=M) if len(set(s)) == 2]


def _symbols(m=M, n=N):
    X = [symbol_matrix(f"x{i + 1}_", n, 1) for i in range(m)]
    w = symbol_matrix("w", n, 1)
    alpha = sp.symbols(f"alpha1:{m + 1}", real=True)
    b = sp.Symbol("b", real=True)
    return X, w, alpha, b


def _dot(u, v):
    return (u.T * v)[0, 0]


_exact_points = exact



def _one_feature_solutions(ctx, C, n):
    """Exact SMO solutions on one-feature rational sets (SMO ends at gap 0 there)."""
    sets = S.svm_labelled_sets(min_rows=3, max_rows=7, features=1, separable=True if C is None else None)
    out = []
    for X, y in draw(ctx, sets, n):
        out.append((X, y, smo.smo(X, y, C=C, tol=0, max_iterations=500)))
    return out


# ---- OMC-3 -----------------------------------------------------------------------------------

@check("OMC-3", "∇_w L = w − Σαᵢy⁽ⁱ⁾x⁽ⁱ⁾ (9) and ∂L/∂b (10) from the Lagrangian (8)", "000 V §6",
       "derivation")
def stationarity(ctx):
    X, w, alpha, b = _symbols()
    outcomes = []
    for y in SIGNS:
        L = _dot(w, w) / 2 - sum(a * (t * (_dot(w, x) + b) - 1) for a, t, x in zip(alpha, y, X))
        outcomes.append(chain([
            Step(gradient_vector(L, w), "∇_w of (8)"),
            Step(w - sum((a * t * x for a, t, x in zip(alpha, y, X)), sp.zeros(N, 1)), "(9)"),
        ], "OMC-3", "000 V §6 (9)", f"m={M}, n={N}, every sign pattern of y"))
        printed = sum(a * t for a, t in zip(alpha, y))
        outcomes.append(chain([
            Step(sp.diff(L, b), "∂/∂b of (8)"),
            Step(printed, "(10) as printed", corrected=-printed,
                 printed="∂L(w, b, α)/∂b = Σᵢ αᵢy⁽ⁱ⁾ = 0  (10)",
                 fixed="∂L(w, b, α)/∂b = −Σᵢ αᵢy⁽ⁱ⁾ = 0 (the constraint Σ αᵢy⁽ⁱ⁾ = 0 is unchanged)"),
        ], "OMC-3", "000 V §6 (10)", f"m={M}, every sign pattern of y"))
    return combine(*outcomes)


@check("OMC-3", "plugging (9) into (8): Σα − ½ΣΣyyααxᵀx − bΣαy, then (10) gives W(α)", "000 V §6",
       "derivation")
def substitution(ctx):
    X, w, alpha, b = _symbols()
    outcomes = []
    for y in SIGNS:
        w_alpha = sum((a * t * x for a, t, x in zip(alpha, y, X)), sp.zeros(N, 1))
        L = _dot(w_alpha, w_alpha) / 2 - sum(a * (t * (_dot(w_alpha, x) + b) - 1)
                                             for a, t, x in zip(alpha, y, X))
        quad = sum(y[i] * y[j] * alpha[i] * alpha[j] * _dot(X[i], X[j])
                   for i in range(M) for j in range(M))
        outcomes.append(chain([
            Step(L, "(8) with w from (9)"),
            Step(sum(alpha) - quad / 2 - b * sum(a * t for a, t in zip(alpha, y)), "simplify"),
        ], "OMC-3", "000 V §6", f"m={M}, n={N}"))
        # (10): the last α is fixed by the others; the b term vanishes
        last = -y[-1] * sum(a * t for a, t in zip(alpha[:-1], y[:-1]))
        on = {alpha[-1]: last}
        outcomes.append(chain([
            Step((sum(alpha) - quad / 2 - b * sum(a * t for a, t in zip(alpha, y))).subs(on), "with (10)"),
            Step((sum(alpha) - quad / 2).subs(on), "W(α)"),
        ], "OMC-3", "000 V §6", f"m={M}, n={N}"))
    return combine(*outcomes)


@check("OMC-3", "002's substitution: ½‖Σαyx‖² = ½ΣΣ ααyy⟨x⁽ⁱ⁾, x⁽ʲ⁾⟩", "002 §1.5.1", "derivation")
def substitution_002(ctx):
    X, _, alpha, _ = _symbols()
    outcomes = []
    for y in SIGNS:
        v = sum((a * t * x for a, t, x in zip(alpha, y, X)), sp.zeros(N, 1))
        outcomes.append(chain([
            Step(_dot(v, v) / 2, "½ wᵀw with w = Σαyx"),
            Step(sum(alpha[i] * alpha[j] * y[i] * y[j] * _dot(X[i], X[j])
                     for i in range(M) for j in range(M)) / 2, "expand"),
        ], "OMC-3", "002 §1.5.1", f"m={M}, n={N}"))
    return combine(*outcomes)


@check("OMC-3", "the reference's W(α) and L(w(α), b, α) agree exactly; W ≤ ½‖w*‖² (weak duality) "
       "with equality at the solution", "000 V §6", "optimality")
def dual_values(ctx):
    def lagrangian_is_W(p):
        X, y = p
        alpha = [Fraction(k % 3 + 1, 2) for k in range(len(y))]
        pos = sum(a for a, t in zip(alpha, y) if t == 1)
        neg = sum(a for a, t in zip(alpha, y) if t == -1)
        alpha = [a * min(pos, neg) / (pos if t == 1 else neg) for a, t in zip(alpha, y)]
        w = svm.weights_from_alpha(X, y, alpha)
        return all(svm.lagrangian(X, y, w, b, alpha) == svm.dual_objective(X, y, alpha)
                   for b in (Fraction(0), Fraction(-7, 3)))
    exact = _exact_points(ctx, S.svm_labelled_sets(min_rows=3, max_rows=7), lagrangian_is_W,
                          n=min(ctx.examples, 20))
    solved = _one_feature_solutions(ctx, None, min(ctx.examples, 15))
    bad = []
    for X, y, fit in solved:
        w = svm.weights_from_alpha(X, y, fit.alpha)
        if not fit.objective == sum(v * v for v in w) / 2:
            bad.append((X, y))
    strong = Outcome(not bad, f"{len(solved)} hard-margin solutions, exact", 0.0,
                     f"W(α*) ≠ ½‖w*‖² at {fmt(bad[0])}" if bad else "")
    return combine(exact, strong)


# ---- OMC-4 -----------------------------------------------------------------------------------

@check("OMC-4", "b* from (11) puts the closest point of each class at functional margin 1", "000 V §6 (11)",
       "optimality")
def threshold_11(ctx):
    solved = _one_feature_solutions(ctx, None, min(ctx.examples, 20))
    bad = []
    for X, y, fit in solved:
        b = svm.threshold_hard(X, y, fit.alpha)
        w = svm.weights_from_alpha(X, y, fit.alpha)
        u = [t * (sum(a * c for a, c in zip(w, x)) + b) for x, t in zip(X, y)]
        on_margin = all(v == 1 for v, a in zip(u, fit.alpha) if a > 0)
        closest = min(v for v, t in zip(u, y) if t == 1) == min(v for v, t in zip(u, y) if t == -1) == 1
        if not (on_margin and closest and b == fit.b):
            bad.append((X, y))
    return Outcome(not bad, f"{len(solved)} hard-margin solutions, exact", 0.0,
                   f"fails at {fmt(bad[0])}" if bad else "b* from (11) = y − wᵀx at every support vector")


# ---- OMC-5 -----------------------------------------------------------------------------------

@check("OMC-5", "(12) = (13): wᵀx + b = Σαᵢy⁽ⁱ⁾⟨x⁽ⁱ⁾, x⟩ + b; 004 writes ⟨x⁽ⁱ⁾, x⁽ʲ⁾⟩",
       "000 V §6 (12)-(13); 004", "identity")
def prediction(ctx):
    X, _, alpha, b = _symbols()
    z = symbol_matrix("z", N, 1)
    outcomes = []
    for y in SIGNS:
        w = sum((a * t * x for a, t, x in zip(alpha, y, X)), sp.zeros(N, 1))
        inner = sum(a * t * _dot(x, z) for a, t, x in zip(alpha, y, X)) + b
        outcomes.append(chain([Step(_dot(w, z) + b, "(12)"), Step(inner, "(13)")],
                              "OMC-5", "000 V §6", f"m={M}, n={N}"))
        j = 1  # 004's ⟨x⁽ⁱ⁾, x⁽ʲ⁾⟩ for a fixed j in place of the new input
        printed = sum(a * t * _dot(x, X[j]) for a, t, x in zip(alpha, y, X)) + b
        outcomes.append(chain([
            Step(_dot(w, z) + b, "wᵀx + b at the new input x"),
            Step(printed, "004's prediction", corrected=inner,
                 printed="h(x) = g(Σᵢ αᵢy⁽ⁱ⁾⟨x⁽ⁱ⁾, x⁽ʲ⁾⟩ + b)",
                 fixed="h(x) = g(Σᵢ αᵢy⁽ⁱ⁾⟨x⁽ⁱ⁾, x⟩ + b)"),
        ], "OMC-5", "004 (prediction)", f"m={M}, n={N}"))
    return combine(*outcomes)


# ---- SOFT-1 ----------------------------------------------------------------------------------

@check("SOFT-1", "the hinge form (11.2) is the constrained form (11.1) minimised over ξ; both have the "
       "dual's optimum", "000 V §8; 001 (11.1)-(11.2); 002 §1.5.3", "optimality")
def hinge_equals_constrained(ctx):
    def over_xi(p):
        (X, y), w, b, extra = p
        xi = svm.slacks(X, y, w, b)
        hinge = svm.hinge_objective(X, y, w, b, 2)
        bigger = [s + e for s, e in zip(xi, extra)]
        return (svm.soft_margin_primal(X, y, w, b, xi, 2) == hinge
                and svm.soft_margin_primal(X, y, w, b, bigger, 2) >= hinge
                and all(s >= 0 and s >= 1 - t * (sum(a * c for a, c in zip(w, x)) + b)
                        for s, x, t in zip(xi, X, y)))
    points = S.svm_labelled_sets(min_rows=3, max_rows=7).flatmap(
        lambda p: st.tuples(st.just(p), S.vectors(2), S.rationals(),
                            st.lists(S.rationals(0, 2), min_size=len(p[1]), max_size=len(p[1]))))
    minimised = _exact_points(ctx, points, over_xi, n=min(ctx.examples, 20))
    bad, moved_bad = [], []
    solved = []
    for C in (Fraction(1), Fraction(1, 3)):
        solved += [(X, y, C, fit) for X, y, fit in _one_feature_solutions(ctx, C, min(ctx.examples, 8))]
    for X, y, C, fit in solved:
        w = svm.weights_from_alpha(X, y, fit.alpha)
        h = svm.hinge_objective(X, y, w, fit.b, C)
        if h != fit.objective:
            bad.append((X, y, C))
        for dw, db in ((Fraction(1, 7), 0), (0, Fraction(1, 5)), (Fraction(-1, 9), Fraction(1, 11))):
            if svm.hinge_objective(X, y, [w[0] + dw], fit.b + db, C) < h:
                moved_bad.append((X, y, C))
    optimum = Outcome(not bad and not moved_bad, f"{len(solved)} soft-margin solutions, exact", 0.0,
                      (f"hinge(w*, b*) ≠ W(α*) at {fmt(bad[0])}" if bad else
                       f"a nearby (w, b) has a smaller hinge objective at {fmt(moved_bad[0])}" if moved_bad
                       else "hinge(w*, b*) = ½‖w*‖² + CΣξ* = W(α*): zero duality gap"))
    return combine(minimised, optimum)


@check("SOFT-1", "004's primal constraint reads y⁽ⁱ⁾(wᵀx + b) ≥ 1 − ξᵢ: one x for every example",
       "004 (L1 norm soft margin)", "derivation")
def constraint_004(ctx):
    X, w, _, b = _symbols()
    x = symbol_matrix("x", N, 1)
    xi = sp.symbols(f"xi1:{M + 1}", real=True)
    outcomes = []
    for y in SIGNS[:2]:
        right = sp.Matrix([t * (_dot(w, xx) + b) - 1 + s for t, xx, s in zip(y, X, xi)])
        printed = sp.Matrix([t * (_dot(w, x) + b) - 1 + s for t, s in zip(y, xi)])
        outcomes.append(chain([
            Step(right, "(11.1): y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) − 1 + ξᵢ ≥ 0 for every i (000 V §8, 001)"),
            Step(printed, "004's constraints", corrected=right,
                 printed="s.t. y⁽ⁱ⁾(wᵀx + b) ≥ 1 − ξᵢ",
                 fixed="s.t. y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) ≥ 1 − ξᵢ, i = 1, …, m"),
        ], "SOFT-1", "004 (L1 norm soft margin primal)", f"m={M}, n={N}"))
    return combine(*outcomes)


@check("SOFT-1", "0 < ξ ≤ 1: inside the margin, correct side; ξ > 1: misclassified", "001 §11.1.1",
       "identity")
def slack_meaning(ctx):
    def holds(p):
        (X, y), w, b = p
        for x, t, s in zip(X, y, svm.slacks(X, y, w, b)):
            u = t * (sum(a * c for a, c in zip(w, x)) + b)
            if 0 < s <= 1 and not 0 <= u < 1:
                return False
            if s > 1 and not u < 0:
                return False
            if s == 0 and not u >= 1:
                return False
        return True
    points = st.tuples(S.svm_labelled_sets(min_rows=3, max_rows=8), S.vectors(2), S.rationals())
    return _exact_points(ctx, points, holds, n=min(ctx.examples, 30))


# ---- SOFT-2 ----------------------------------------------------------------------------------

def _soft_symbols():
    X, w, alpha, b = _symbols()
    xi = sp.symbols(f"xi1:{M + 1}", real=True)
    r = sp.symbols(f"r1:{M + 1}", real=True)
    C = sp.Symbol("C", positive=True)
    return X, w, alpha, b, xi, r, C


def _soft_lagrangian(w, b, xi, alpha, r, C, y, X, sign=-1, point=None):
    return (_dot(w, w) / 2 + C * sum(xi)
            + sign * sum(a * (t * (_dot(w, point if point is not None else x) + b) - 1 + s)
                         for a, t, x, s in zip(alpha, y, X, xi))
            - sum(q * s for q, s in zip(r, xi)))


@check("SOFT-2", "soft-margin Lagrangian: ∂/∂w, ∂/∂b, ∂/∂ξ give (9), (10) and αᵢ = C − rᵢ; "
       "the substitution gives the same W(α)", "000 V §8; 001 (11.5)-(11.7)", "derivation")
def soft_dual(ctx):
    X, w, alpha, b, xi, r, C = _soft_symbols()
    outcomes = []
    for y in SIGNS:
        L = _soft_lagrangian(w, b, xi, alpha, r, C, y, X)
        w_alpha = sum((a * t * x for a, t, x in zip(alpha, y, X)), sp.zeros(N, 1))
        outcomes.append(chain([Step(gradient_vector(L, w), "∇_w L"), Step(w - w_alpha, "(11.5): w = Σαyx")],
                              "SOFT-2", "001 (11.5)", f"m={M}, n={N}"))
        outcomes.append(chain([Step(sp.Matrix([sp.diff(L, s) for s in xi]), "∂L/∂ξᵢ"),
                               Step(sp.Matrix([C - a - q for a, q in zip(alpha, r)]), "= C − αᵢ − rᵢ, so αᵢ = C − rᵢ")],
                              "SOFT-2", "001 (11.5)", f"m={M}"))
        on = {q: C - a for q, a in zip(r, alpha)}
        last = {alpha[-1]: -y[-1] * sum(a * t for a, t in zip(alpha[:-1], y[:-1]))}
        quad = sum(y[i] * y[j] * alpha[i] * alpha[j] * _dot(X[i], X[j]) for i in range(M) for j in range(M))
        at_w = L.subs({w[k, 0]: w_alpha[k, 0] for k in range(N)}).subs(on)
        outcomes.append(chain([
            Step(at_w.subs(last), "L at w = Σαyx, r = C − α, with Σαy = 0"),
            Step((sum(alpha) - quad / 2).subs(last), "(11.7): the hard-margin W(α); ξ drops out"),
        ], "SOFT-2", "000 V §8; 001 (11.7)", f"m={M}, n={N}"))
    return combine(*outcomes)


@check("SOFT-2", "000 §8 prints yᵢ(xᵀw + b) in the Lagrangian: its ∇_w is not (9)", "000 V §8",
       "derivation")
def soft_lagrangian_000(ctx):
    X, w, alpha, b, xi, r, C = _soft_symbols()
    x = symbol_matrix("x", N, 1)
    outcomes = []
    for y in SIGNS:
        printed = _soft_lagrangian(w, b, xi, alpha, r, C, y, X, point=x)
        right = _soft_lagrangian(w, b, xi, alpha, r, C, y, X)
        w_alpha = sum((a * t * xx for a, t, xx in zip(alpha, y, X)), sp.zeros(N, 1))
        outcomes.append(chain([
            Step(w - w_alpha, "'setting the derivatives with respect to w ... as before' gives (9)"),
            Step(gradient_vector(printed, w), "∇_w of the printed Lagrangian", corrected=gradient_vector(right, w),
                 printed="L(w,b,ξ,α,r) = ½wᵀw + CΣξᵢ − Σαᵢ[y⁽ⁱ⁾(xᵀw + b) − 1 + ξᵢ] − Σrᵢξᵢ",
                 fixed="L(w,b,ξ,α,r) = ½wᵀw + CΣξᵢ − Σαᵢ[y⁽ⁱ⁾(x⁽ⁱ⁾ᵀw + b) − 1 + ξᵢ] − Σrᵢξᵢ"),
        ], "SOFT-2", "000 V §8 (the soft-margin Lagrangian)", f"m={M}, n={N}"))
    return combine(*outcomes)


@check("SOFT-2", "004's soft-margin Lagrangian adds Σαᵢ[...]: the constraint term needs a minus",
       "004 (L1 norm soft margin)", "derivation")
def soft_lagrangian_004(ctx):
    X, w, alpha, b, xi, r, C = _soft_symbols()
    outcomes = []
    for y in SIGNS[:2]:
        # f + Σ αᵢ gᵢ + Σ rᵢ hᵢ with gᵢ = 1 − ξᵢ − y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) ≤ 0 and hᵢ = −ξᵢ ≤ 0 (000 V §5)
        general = (_dot(w, w) / 2 + C * sum(xi)
                   + sum(a * (1 - s - t * (_dot(w, x) + b)) for a, s, t, x in zip(alpha, xi, y, X))
                   + sum(q * (-s) for q, s in zip(r, xi)))
        outcomes.append(chain([
            Step(general, "f + Σαᵢgᵢ + Σrᵢ(−ξᵢ), the Lagrangian of 000 V §5"),
            Step(_soft_lagrangian(w, b, xi, alpha, r, C, y, X, sign=1), "004's Lagrangian",
                 corrected=_soft_lagrangian(w, b, xi, alpha, r, C, y, X, sign=-1),
                 printed="L = ½‖w‖² + CΣξᵢ + Σαᵢ[y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) − 1 + ξᵢ] − Σrᵢξᵢ "
                         "(its stationary w is −Σαyx and its dual is not W(α))",
                 fixed="L = ½‖w‖² + CΣξᵢ − Σαᵢ[y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) − 1 + ξᵢ] − Σrᵢξᵢ"),
        ], "SOFT-2", "004 (soft margin Lagrangian)", f"m={M}, n={N}"))
    return combine(*outcomes)


@check("SOFT-2", "KKT (14)-(16) and (11.6) hold exactly at exact SMO solutions (easy, hard, "
       "marginally hard)", "000 V §8 (14)-(16); 001 (11.6)", "optimality")
def kkt_exact(ctx):
    bad, seen = [], set()
    solved = []
    for C in (Fraction(1), Fraction(1, 2)):
        solved += [(X, y, C, fit) for X, y, fit in _one_feature_solutions(ctx, C, min(ctx.examples, 10))]
    for X, y, C, fit in solved:
        w = svm.weights_from_alpha(X, y, fit.alpha)
        xi = svm.slacks(X, y, w, fit.b)
        r = [C - a for a in fit.alpha]
        u = [t * (sum(a * c for a, c in zip(w, x)) + fit.b) for x, t in zip(X, y)]
        slack_ok = all(a * (v - 1 + s) == 0 and q * s == 0 and q >= 0 for a, v, s, q in zip(fit.alpha, u, xi, r))
        if max(svm.kkt_violations(X, y, fit.alpha, fit.b, C)) != 0 or not slack_ok:
            bad.append((X, y, C))
        seen |= set(svm.kkt_categories(fit.alpha, C))
    return Outcome(not bad, f"{len(solved)} soft-margin solutions, exact", 0.0,
                   f"fails at {fmt(bad[0])}" if bad else "categories met: " + ", ".join(sorted(seen)))


@check("SOFT-2", "KKT (14)-(16) at 50-digit SMO solutions with the Gaussian kernel", "000 V §8 (14)-(16)",
       "optimality")
def kkt_high_precision(ctx):
    from cs229.reference.kernels import Gaussian

    def residual(p):
        X, y = S.to_mpf(p)
        kernel = Gaussian(mpmath.mpf(1))
        C = mpmath.mpf(2)
        fit = smo.smo(X, y, C=C, kernel=kernel, tol=mpmath.mpf(10) ** -(ctx.digits - 12),
                      max_iterations=20_000)
        return max(svm.kkt_violations(X, y, fit.alpha, fit.b, C, kernel))
    return sampled(ctx, S.svm_labelled_sets(min_rows=4, max_rows=7), residual,
                   mpmath.mpf(10) ** -(ctx.digits - 15), n=min(ctx.examples, 6))
