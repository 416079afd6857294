"""Part V §9.1 checks: coordinate ascent on a concave quadratic (CA-1) (000 V §9.1; 004)."""
import mpmath
import sympy as sp

from cs229.reference import coordinate_ascent as ca
from cs229.reference import linalg
from cs229.testing import strategies as S

from ..checking import relies_on, Step, chain, combine, draw, fmt, sampled
from ..printed import printed
from ..registry import Erratum, Outcome, Quote, check, unchecked
from ..symbolic import symbol_matrix
from ..text import Function, Indexed, NotationError, Operator, Reading

N = 3

UNCONSTRAINED = Quote("000", 1332, r"\max_{\alpha} W(\alpha_1, \alpha_2, \dots, \alpha_m).")
LOOP = Quote("000", 1337, r"\alpha_i:=\arg\max_{\hat{\alpha}_i}W(\alpha_1,\ldots,\alpha_{i-1},\hat{\alpha}_i,\alpha_{i+1},\ldots,\alpha_m)")
ORDER = Quote("000", 1340, r"the inner-loop reoptimizes the variables in order  $\alpha_1, \alpha_2, \ldots, \alpha_m, \alpha_1, \alpha_2, \ldots$")
GREEDY = Quote("000", 1340, "we may choose the next variable to update according to which one we expect to allow us to make the largest increase in")
PARALLEL = Quote("000", 1346, "on each step, coordinate ascent takes a step that's parallel to one of the axes, since only one variable is being optimized at a time")
DESCENT_001 = Quote("001", 87, "Instead, a common approach for SVMs is to use coordinate descent.")
GLOBAL_MAXIMUM = Quote("000", 1346, "the path that it took on its way to the global maximum")
UNCONSTRAINED_004 = Quote("004", 151, r"\max W(\alpha_1, \dots, \alpha_m)")
NO_CONSTRAINTS_004 = Quote("004", 151, r"(\text{no constraints on } \alpha_i)")
LOOP_004_FOR = Quote("004", 157, r"For  $i = 1$  to  $m$  {")
LOOP_004 = Quote("004", 158, r"$\alpha_i := \arg \max_{\hat{\alpha}_i} W(\alpha_1, \dots, \alpha_{i-1}, \hat{\alpha}_i, \alpha_{i+1}, \dots, \alpha_m)$")


def _inner_reading(Q, c, alpha, hat, i):
    """000 line 1337 and 004 line 158 read at step i of the loop: W(α₁, …, αₘ) = cᵀα − ½αᵀQα
    (m = N), αᵢ and the variable α̂ᵢ as symbols, arg max over a real variable solved by its
    stationary point (W is concave in each αᵢ: ∂²W/∂αᵢ² = −Qᵢᵢ < 0, the second chain)."""
    def W(*args):
        if len(args) != N:
            raise NotationError(f"W takes the m = {N} multipliers, this form gives it {len(args)}")
        a = sp.Matrix(args)
        return (c.T * a)[0, 0] - (a.T * Q * a)[0, 0] / 2

    def argmax(value, variable):
        if not isinstance(variable, sp.Symbol) or not value.has(variable):
            raise NotationError(f"arg max over {variable}, which the maximand {value} does not depend on")
        return sp.solve(sp.diff(value, variable), variable)[0]
    def entry(k):
        if not (sp.sympify(k).is_Integer and 1 <= k <= N):
            raise NotationError(f"α_{k}: the multipliers are α₁, …, α_{N}")
        return alpha[int(k) - 1, 0]
    return Reading({"alpha": Indexed(entry), "hat alpha": Indexed(lambda k: hat),
                    "W": Function(W), "argmax": Operator(argmax), "i": sp.Integer(i + 1)}, sizes={"m": N})


@check("CA-1", "the inner arg max: ∂W/∂αᵢ = 0 gives αᵢ = (cᵢ − Σ_{j≠i}Qᵢⱼαⱼ)/Qᵢᵢ = αᵢ + gᵢ/Qᵢᵢ",
       "000 V §9.1", "derivation", quotes=(UNCONSTRAINED, LOOP, UNCONSTRAINED_004, NO_CONSTRAINTS_004, LOOP_004, LOOP_004_FOR))
def coordinate_argmax(ctx):
    """The loop's update as printed (000 line 1337, 004 line 158), read at each i with the
    concave quadratic W, equals the stationary point of W in αᵢ alone and the reference's step
    αᵢ + gᵢ/Qᵢᵢ; the variable it assigns is αᵢ."""
    Q = sp.Matrix(N, N, lambda i, j: sp.Symbol(f"Q{min(i, j) + 1}{max(i, j) + 1}", real=True))
    c = symbol_matrix("c", N, 1)
    alpha = symbol_matrix("alpha", N, 1)
    W = (c.T * alpha)[0, 0] - (alpha.T * Q * alpha)[0, 0] / 2
    g = c - Q * alpha
    hat = sp.Symbol("hat", real=True)
    outcomes = []
    for i in range(N):
        reading = _inner_reading(Q, c, alpha, hat, i)
        outcomes.append(chain([
            printed(LOOP, reading, f"i = {i + 1}: the arg max of 000 line 1337", part=1),
            printed(LOOP_004, reading, f"i = {i + 1}: the arg max of 004 line 158", part=1),
            Step(sp.solve(sp.diff(W.subs(alpha[i, 0], hat), hat), hat)[0], "the stationary point of W in αᵢ alone"),
            Step((c[i, 0] - sum(Q[i, j] * alpha[j, 0] for j in range(N) if j != i)) / Q[i, i],
                 "(cᵢ − Σ_{j≠i} Qᵢⱼαⱼ)/Qᵢᵢ"),
            Step(alpha[i, 0] + g[i, 0] / Q[i, i], "αᵢ + gᵢ/Qᵢᵢ (the reference's step)"),
        ], "CA-1", "000 V §9.1", f"n={N}, every i"))
        outcomes.append(chain([
            printed(LOOP, reading, f"i = {i + 1}: the variable 000 line 1337 assigns", part=0),
            printed(LOOP_004, reading, f"i = {i + 1}: the variable 004 line 158 assigns", part=0),
            Step(alpha[i, 0], "αᵢ"),
        ], "CA-1", "000 V §9.1", f"n={N}, every i"))
        outcomes.append(chain([Step(sp.diff(W, alpha[i, 0], 2), "∂²W/∂αᵢ²"), Step(-Q[i, i], "−Qᵢᵢ < 0: a maximum")],
                              "CA-1", "000 V §9.1", f"n={N}"))
    outcomes.append(_unconstrained_maximum(c, alpha))
    return combine(*outcomes)


def _unconstrained_maximum(c, alpha):
    """The problem the loop solves as printed (000 line 1332, 004 line 151), max over α of
    W(α₁, …, αₘ) with W = cᵀα − ½αᵀQα for a positive definite Q: ½cᵀQ⁻¹c, at α = Q⁻¹c."""
    Q = sp.Matrix([[2, 1, 0], [1, 2, 1], [0, 1, 2]])  # positive definite (leading minors 2, 3, 4)
    reading = _inner_reading(Q, c, alpha, sp.Symbol("hat", real=True), 0)

    def maximum(value):
        stationary = sp.solve([sp.diff(value, a) for a in alpha], list(alpha), dict=True)
        if len(stationary) != 1 or not value.has(*alpha):
            raise NotationError(f"max over α of {value}: no single stationary point in α")
        return value.subs(stationary[0])
    reading = reading.bind(max=Operator(maximum))
    return chain([
        printed(UNCONSTRAINED, reading, "max_α W(α₁, …, αₘ) as printed (000 line 1332)"),
        printed(UNCONSTRAINED_004, reading, "max W(α₁, …, αₘ) as printed (004 line 151)"),
        Step((c.T * Q.inv() * c)[0, 0] / 2, "½cᵀQ⁻¹c, W at α = Q⁻¹c"),
    ], "CA-1", "000 V §9.1", "Q = [[2, 1, 0], [1, 2, 1], [0, 1, 2]]")


@relies_on(ca, "quadratic_gradient", lambda f: lambda Q, c, alpha: [2 * v for v in f(Q, c, alpha)], "the gradient doubled")
@check("CA-1", "each step moves one coordinate (parallel to an axis) and raises W by exactly gᵢ²/(2Qᵢᵢ) (the greedy "
       "rule's gain), in both orders", "000 V §9.1", "identity", quotes=(ORDER, GREEDY, PARALLEL, DESCENT_001))
def step_gain(ctx):
    def holds(p):
        Q, c, a0 = p
        for order in ca.ORDERS:
            fit = ca.coordinate_ascent(Q, c, a0, order=order, max_iterations=6, tol=None, record=True)
            for before, after in zip(fit.path, fit.path[1:]):
                g = ca.quadratic_gradient(Q, c, before)
                moved = [k for k in range(len(c)) if before[k] != after[k]]
                if len(moved) > 1:
                    return False  # a step not parallel to an axis
                i = moved[0] if moved else None
                gain = ca.quadratic_objective(Q, c, after) - ca.quadratic_objective(Q, c, before)
                if i is None:
                    if any(g):
                        return False
                    continue
                if gain != g[i] * g[i] / (2 * Q[i][i]):
                    return False
        return True
    points = draw(ctx, S.concave_quadratics(), min(ctx.examples, 20))
    bad = [p for p in points if not holds(p)]
    # every step raised W by gᵢ²/(2Qᵢᵢ) > 0: an ascent, as the dual (11.7) asks, not a descent
    errata = () if bad or not points else (Erratum(
        "CA-1", "001 §11.3", "Instead, a common approach for SVMs is to use coordinate descent.",
        "… coordinate ascent (000 V §9.1): each step maximises W over one αᵢ (SMO: over a pair), raising it",
        "(11.7) (line 71) is a maximisation, max_{α ≥ 0} L(α), and line 103 goes on to optimise over α₂ in a box: "
        "each coordinate step above raised the objective by gᵢ²/(2Qᵢᵢ) > 0, where a descent step lowers it",
        quote=DESCENT_001),)
    return Outcome(not bad, f"{len(points)} quadratics, exact", 0.0, f"fails at {fmt(bad[0])}" if bad else "", errata)


@relies_on(ca, "coordinate_ascent", lambda f: lambda *a, **k: f(*a, **{**k, "tol": mpmath.mpf(10) ** -10}),
           "stopped at a tolerance of 10⁻¹⁰")
@check("CA-1", "coordinate ascent reaches Q⁻¹c (the global maximum) at 50 digits, both orders",
       "000 V §9.1; 004", "optimality", quotes=(GLOBAL_MAXIMUM,))
def converges(ctx):
    def residual(p):
        Q, c, a0 = S.to_mpf(p)
        exact = linalg.solve(Q, c)
        worst = mpmath.mpf(0)
        for order in ca.ORDERS:
            fit = ca.coordinate_ascent(Q, c, a0, order=order, max_iterations=200_000,
                                       tol=mpmath.mpf(10) ** -(ctx.digits - 8))
            worst = max(worst, max(abs(a - e) for a, e in zip(fit.theta, exact)))
        return worst
    return sampled(ctx, S.concave_quadratics(max_size=3), residual, mpmath.mpf(10) ** -(ctx.digits - 12),
                   n=min(ctx.examples, 6))


# ---- printed claims no check decides ----------------------------------------------------------

for _line, _text, _reason, _id in (
        (1334, "We've already seen two optimization algorithms, gradient ascent and Newton's method.", "a recollection", "CA-1"),
        (1342, "coordinate ascent can be a fairly efficient algorithm", "an opinion on cost", "CA-1"),
        (1346, "Coordinate ascent was initialized at (2, -2)",
         "about a figure absent from this copy: its quadratic is not printed", "CA-1"),
        ):
    unchecked(Quote("000", _line, _text), _reason, _id)
