"""Part V §2-3 checks: functional and geometric margins (000 V §3; 002 §1.5.1)."""
import functools
from fractions import Fraction

import sympy as sp
from hypothesis import strategies as st

from cs229.reference import linalg
from cs229.reference import margins as mg

from .. import strategies as S
from ..checking import exact, Step, chain, combine, draw, fmt
from ..registry import Erratum, Outcome, check

N = 3  # the dimension the symbolic chains are proved in


def _symbols(n=N):
    w = sp.Matrix([sp.Symbol(f"w{j + 1}", real=True) for j in range(n)])
    x = sp.Matrix([sp.Symbol(f"x{j + 1}", real=True) for j in range(n)])
    b, y = sp.symbols("b y", real=True)
    return w, x, b, y


def _norm(w):
    return sp.sqrt(sum(v ** 2 for v in w))


# exact checks are decided per point; at most 20 points keep the audit within its budget
_exact = functools.partial(exact, cap=20)



@st.composite
def _example(draw_, n=N):
    x = draw_(S.vectors(n))
    w = draw_(S.vectors(n).filter(any))
    b = draw_(S.rationals())
    y = draw_(st.sampled_from([-1, 1]))
    return x, y, w, b


# ---- MG-2 ------------------------------------------------------------------------------------

@check("MG-2", "functional margin γ̂⁽ⁱ⁾ = y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) (000 prints x for x⁽ⁱ⁾)", "000 V §3; 002 §1.5.1",
       "identity")
def functional_margin_definition(ctx):
    w, x_i, b, y = _symbols()
    x = sp.Matrix([sp.Symbol(f"z{j + 1}", real=True) for j in range(N)])  # the x printed in 000
    of_example = y * ((w.T * x_i)[0] + b)
    printed = chain([
        Step(of_example, "the margin of (w, b) on example i, as 002 §1.5.1 and 000 §4 use it"),
        Step(y * ((w.T * x)[0] + b), "000 V §3 as printed", corrected=of_example,
             printed="γ̂⁽ⁱ⁾ = y⁽ⁱ⁾(wᵀx + b)  (a point x that is not the example's x⁽ⁱ⁾)",
             fixed="γ̂⁽ⁱ⁾ = y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)"),
    ], "MG-2", "000 V §3 (line 935; also 003)", f"n={N}")
    exact = _exact(ctx, _example(), lambda p: mg.functional_margin(*p) == p[1] * (linalg.dot(p[2], p[0]) + p[3]))
    return combine(printed, exact)


@check("MG-2", "(w, b) → (2w, 2b) doubles γ̂⁽ⁱ⁾ and γ̂ and leaves h unchanged", "000 V §3", "identity")
def functional_margin_scaling(ctx):
    w, x, b, y = _symbols()
    lam = sp.Symbol("lambda", positive=True)
    symbolic = chain([Step(y * (((lam * w).T * x)[0] + lam * b), "γ̂ of (λw, λb)"),
                      Step(lam * y * ((w.T * x)[0] + b), "λ·γ̂ of (w, b)")], "MG-2", "000 V §3", f"n={N}")

    def doubles(p):
        X, y_ = p
        w_, b_ = [Fraction(1), Fraction(-1)], Fraction(1, 3)
        w2, b2 = [2 * v for v in w_], 2 * b_
        return (mg.functional_margin_set(X, y_, w2, b2) == 2 * mg.functional_margin_set(X, y_, w_, b_)
                and mg.functional_margins(X, y_, w2, b2) == [2 * v for v in mg.functional_margins(X, y_, w_, b_)]
                and mg.predict(X, w2, b2) == mg.predict(X, w_, b_)
                and mg.functional_margin_set(X, y_, w_, b_) == min(mg.functional_margins(X, y_, w_, b_)))
    return combine(symbolic, _exact(ctx, S.labelled_sets(), doubles))


# ---- MG-3 ------------------------------------------------------------------------------------

@check("MG-3", "γ⁽ⁱ⁾ from the point B: wᵀ(x − γw/‖w‖) + b = 0 solved for γ", "000 V §3", "derivation")
def geometric_margin_via_B(ctx):
    w, x, b, _ = _symbols()
    gamma = sp.Symbol("gamma", real=True)
    norm = _norm(w)
    B = x - gamma * w / norm
    solved = sp.solve(sp.Eq((w.T * B)[0] + b, 0), gamma)
    return chain([
        Step(solved[0], "B = x⁽ⁱ⁾ − γ⁽ⁱ⁾w/‖w‖ lies on wᵀx + b = 0; solve for γ⁽ⁱ⁾"),
        Step(((w.T * x)[0] + b) / norm, "γ⁽ⁱ⁾ = (wᵀx⁽ⁱ⁾ + b)/‖w‖"),
        Step(((w / norm).T * x)[0] + b / norm, "= (w/‖w‖)ᵀx⁽ⁱ⁾ + b/‖w‖"),
    ], "MG-3", "000 V §3", f"n={N}")


@check("MG-3", "γ⁽ⁱ⁾ = y⁽ⁱ⁾((w/‖w‖)ᵀx⁽ⁱ⁾ + b/‖w‖) = γ̂⁽ⁱ⁾/‖w‖; = γ̂⁽ⁱ⁾ when ‖w‖ = 1; scale-invariant",
       "000 V §3; 002 §1.5.1", "identity")
def geometric_margin_forms(ctx):
    w, x, b, y = _symbols()
    norm = _norm(w)
    lam = sp.Symbol("lambda", positive=True)
    forms = chain([
        Step(y * (((w / norm).T * x)[0] + b / norm), "000's definition"),
        Step(y * ((w.T * x)[0] + b) / norm, "002's definition"),
        Step(y * ((w.T * x)[0] + b) / norm, "γ̂⁽ⁱ⁾/‖w‖ (002)"),
        Step(y * ((((lam * w) / _norm(lam * w)).T * x)[0] + lam * b / _norm(lam * w)), "the same for (λw, λb)"),
    ], "MG-3", "000 V §3; 002 §1.5.1", f"n={N}")
    unit = sp.Matrix([sp.cos(sp.Symbol("t", real=True)), sp.sin(sp.Symbol("t", real=True))])
    x2 = sp.Matrix(sp.symbols("x1 x2", real=True))
    unit_norm = chain([Step(y * (((unit / _norm(unit)).T * x2)[0] + b / _norm(unit)), "γ with ‖w‖ = 1"),
                       Step(y * ((unit.T * x2)[0] + b), "= γ̂")], "MG-3", "000 V §3", "n=2, w=(cos t, sin t)")

    def agrees(p):
        x_, y_, w_, b_ = S.to_mpf(p)
        g = mg.geometric_margin(x_, y_, w_, b_)
        wn, bn = mg.normalize(w_, b_)
        return abs(g - mg.functional_margin(x_, y_, wn, bn)) + abs(g - mg.functional_margin(x_, y_, w_, b_) / linalg.dot(w_, w_) ** 0.5)
    import mpmath
    points = draw(ctx, _example())
    with mpmath.workdps(ctx.digits):
        worst = max(agrees(p) for p in points)
    numeric = Outcome(worst < mpmath.mpf(10) ** (5 - ctx.digits), f"{len(points)} points at {ctx.digits} digits",
                      float(worst))
    return combine(forms, unit_norm, numeric)


@check("MG-3", "B is on the boundary, ‖x − B‖ = |γ|, and B is the nearest point of the boundary",
       "000 V §3", "optimality")
def boundary_point_is_nearest(ctx):
    @st.composite
    def cases(draw_):
        x, y, w, b = draw_(_example())
        u = draw_(S.vectors(N))
        return x, w, b, u

    def holds(p):
        x, w, b, u = p
        B = mg.boundary_point(x, w, b)
        on_boundary = linalg.dot(w, B) + b == 0
        d = [a - c for a, c in zip(x, B)]
        gamma_sq = (linalg.dot(w, x) + b) ** 2 / linalg.dot(w, w)
        # any other point of the boundary: B + t with wᵀt = 0 (u with its w-component removed)
        t = [a - linalg.dot(w, u) / linalg.dot(w, w) * c for a, c in zip(u, w)]
        other = [a + c for a, c in zip(B, t)]
        e = [a - c for a, c in zip(x, other)]
        return (on_boundary and linalg.dot(d, d) == gamma_sq and linalg.dot(w, t) == 0
                and linalg.dot(e, e) == gamma_sq + linalg.dot(t, t))
    return _exact(ctx, cases(), holds)


@check("MG-3", "any scaling constraint can be met by rescaling (w, b): |w₁| = 5 needs w₁ ≠ 0",
       "000 V §3", "identity")
def scaling_constraints(ctx):
    """As printed, ‖w‖ = 1, |w₁| = 5 and |w₁ + b| + |w₂| = 2 can each 'be satisfied simply by
    rescaling w and b'. With w₁ = 0 no rescaling gives |w₁| = 5; with w₁ + b = w₂ = 0 none gives
    the third. Where they can be met, the geometric margins do not change (checked exactly)."""
    w, b = [Fraction(0), Fraction(1)], Fraction(0)
    counterexample = (f"(w, b) = ({fmt(w)}, {b}): |λw₁| = 0 for every λ > 0, never 5; "
                      f"and (w, b) = ([1, 0], -1): |λ(w₁ + b)| + |λw₂| = 0, never 2")

    def rescaled(p):
        x, y, w_, b_ = p
        if w_[0] == 0:
            return True
        lam = Fraction(5) / abs(w_[0])
        w2, b2 = [lam * v for v in w_], lam * b_
        same = ((linalg.dot(w2, x) + b2) ** 2 / linalg.dot(w2, w2)
                == (linalg.dot(w_, x) + b_) ** 2 / linalg.dot(w_, w_))
        return abs(w2[0]) == 5 and same and mg.functional_margin(x, y, w2, b2) == lam * mg.functional_margin(x, y, w_, b_)
    lambdas = draw(ctx, S.positive_rationals(Fraction(1, 8), 64), n=min(ctx.examples, 20))
    shown = all(abs(lam * w[0]) != 5 and abs(lam * (1 + Fraction(-1))) + abs(lam * 0) != 2 for lam in lambdas)
    outcome = _exact(ctx, _example(), rescaled)
    if not shown:
        return Outcome(False, outcome.method, 1.0, "the recorded counterexample does not hold")
    erratum = Erratum("MG-3", "000 V §3 (line 967)",
                      "we can demand ||w|| = 1, or |w₁| = 5, or |w₁ + b| + |w₂| = 2, and any of these can be "
                      "satisfied simply by rescaling w and b",
                      "||w|| = 1 can always be met (w ≠ 0); |w₁| = 5 only when w₁ ≠ 0; |w₁ + b| + |w₂| = 2 only "
                      "when w₁ + b and w₂ are not both 0",
                      counterexample)
    return Outcome(outcome.passed, outcome.method, outcome.residual, outcome.detail, (erratum,))
