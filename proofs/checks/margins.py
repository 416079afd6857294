"""Part V §2-3 checks: functional and geometric margins (000 V §2-3; 002 §1.5.1)."""
import functools
import sys

import mpmath
import sympy as sp
from hypothesis import strategies as st

from cs229.reference import linalg
from cs229.reference import margins as mg

from .. import strategies as S
from ..checking import as_printed, exact, relies_on, Step, chain, combine, sampled
from ..notation import example, in_order, vector
from ..registry import Erratum, Outcome, Quote, check, unchecked

N = 3  # the dimension the symbolic chains are proved in
LABELS = (-1, 1)  # y⁽ⁱ⁾ ∈ {−1, 1} (000 V §2)
Y = sp.Symbol("y⁽ⁱ⁾", real=True)  # the chains hold for any real y⁽ⁱ⁾; the search draws it from LABELS


def _symbols(n=N):
    """w, x⁽ⁱ⁾ and b, named as the notes name them."""
    return vector("w", n), example("i", n), sp.Symbol("b", real=True)


def _norm(w):
    return sp.sqrt(sum(v ** 2 for v in w))


THIS = sys.modules[__name__]  # the self-test's mutants replace this module's constants

DOMAINS = in_order(example("i", N), Y, vector("x", N), vector("w", N), sp.Symbol("b", real=True), labels=[Y])

# exact checks are decided per point; at most 20 points keep the audit within its budget
_exact = functools.partial(exact, cap=20)


@st.composite
def _example(draw_, n=N):
    x = draw_(S.vectors(n))
    w = draw_(S.vectors(n).filter(any))
    b = draw_(S.rationals())
    y = draw_(st.sampled_from(LABELS))
    return x, y, w, b


# ---- MG-2 ------------------------------------------------------------------------------------

HYPOTHESIS = Quote("000", 925, r"h_{w,b}(x) = g(w^T x + b)")
FUNCTIONAL_MARGIN = Quote("000", 935, r"\hat{\gamma}^{(i)} = y^{(i)}(w^T x + b)")
FUNCTIONAL_MARGIN_002 = Quote("002", 519, r"\hat{\gamma}^{(i)} = y^{(i)}(w^T x^{(i)} + b)")
LOGISTIC_THRESHOLD = Quote("000", 911, r'We would then predict "1" on an input x if and only if  $h_{\theta}(x) \geq 0.5$ , or equivalently, if and only if  $\theta^T x \geq 0$')
LOGISTIC_WB = Quote("000", 911, r"the larger also is  $h_{\theta}(x) = p(y=1|x;w,b)$",
                    reading="p(y = 1|x; θ): w, b are introduced only in §2, for the same parameters")
CORRECT_WHEN_POSITIVE = Quote("000", 937, r"if  $y^{(i)}(w^Tx + b) > 0$ , then our prediction on this example is correct")
LABELS_002 = Quote("002", 505, r"Our labels will be $y = \pm 1$, h will output a value ± 1 and")
NO_INTERCEPT_002 = Quote("002", 509, r"Dropping the $x_0 = 1$ convention, our hypothesis will be")
G_002 = Quote("002", 507, r"g(z) = \begin{cases} 1 & \text{if } z \geq 0 \\ -1 & \text{otherwise} \end{cases}")
H_002 = Quote("002", 511, r"h_{w,b}(x) = g(w^T x + b)")
LOGISTIC_002 = Quote("002", 515, r"which predicts one if $\theta^T x > 0$ and zero otherwise",
                     reading="θᵀx ≥ 0 as in 000 (on θᵀx = 0 the probability is ½ and 000 predicts one)")
CORRECT_WHEN_POSITIVE_002 = Quote("002", 521, r"Notice that $\hat{\gamma}^{(i)} > 0$ means that $h(x^{(i)}) = y^{(i)}$")
DOUBLING = Quote("000", 939, r"if we replace w with 2w and b with 2b, then since  $g(w^Tx+b)=g(2w^Tx+2b)$")
DOUBLES_MARGIN = Quote("000", 941, "replacing (w,b) with (2w,2b) also results in multiplying our functional margin by a factor of 2")
SET_FUNCTIONAL_MARGIN = Quote("000", 945, r"\hat{\gamma} = \min_{i=1,\dots,m} \hat{\gamma}^{(i)}")
SET_FUNCTIONAL_MARGIN_002 = Quote("002", 525, r"\hat{\gamma} = \min_i \hat{\gamma}^{(i)}")
SCALING_GAMMA_HAT = Quote("000", 997, "Since multiplying w and b by some constant results in the functional margin being multiplied by that same constant")


@check("MG-2", "functional margin γ̂⁽ⁱ⁾ = y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) (000 prints x for x⁽ⁱ⁾)", "000 V §3; 002 §1.5.1",
       "identity", quotes=(FUNCTIONAL_MARGIN, FUNCTIONAL_MARGIN_002))
def functional_margin_definition(ctx):
    w, x_i, b = _symbols()
    x = vector("x", N)  # the x printed in 000
    y = Y
    of_example = y * ((w.T * x_i)[0] + b)
    printed = chain([
        Step(of_example, "the margin of (w, b) on example i, as 002 §1.5.1 and 000 §4 use it"),
        Step(y * ((w.T * x)[0] + b), "000 V §3 as printed", corrected=of_example, quote=FUNCTIONAL_MARGIN,
             printed="γ̂⁽ⁱ⁾ = y⁽ⁱ⁾(wᵀx + b)  (a point x that is not the example's x⁽ⁱ⁾)",
             fixed="γ̂⁽ⁱ⁾ = y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b), as 002 §1.5.1 prints"),
    ], "MG-2", "000 V §3", f"n={N}, y⁽ⁱ⁾ ∈ {{−1, 1}}", domains=DOMAINS)
    drawn = _exact(ctx, _example(), lambda p: mg.functional_margin(*p) == p[1] * (linalg.dot(p[2], p[0]) + p[3]))
    return combine(printed, drawn)


@relies_on(mg, "hypothesis", lambda f: lambda x, w, b: 1 if linalg.dot(w, x) + b > 0 else -1,
           "g(0) = −1 (a strict inequality) in place of g(0) = 1")
@check("MG-2", "γ̂⁽ⁱ⁾ > 0 means the prediction g(wᵀx⁽ⁱ⁾ + b) is y⁽ⁱ⁾", "000 V §3; 002 §1.5.1", "identity",
       quotes=(HYPOTHESIS, CORRECT_WHEN_POSITIVE, CORRECT_WHEN_POSITIVE_002, LOGISTIC_THRESHOLD, LOGISTIC_WB, G_002, H_002, LABELS_002, NO_INTERCEPT_002,
               LOGISTIC_002))
def correct_when_positive(ctx):
    """With g(z) = 1 for z ≥ 0 and −1 otherwise: γ̂⁽ⁱ⁾ > 0 ⇒ h(x⁽ⁱ⁾) = y⁽ⁱ⁾, and γ̂⁽ⁱ⁾ < 0 ⇒
    h(x⁽ⁱ⁾) ≠ y⁽ⁱ⁾; at γ̂⁽ⁱ⁾ = 0 (x⁽ⁱ⁾ on the boundary) g says 1, so it depends on the label."""
    def holds(p):
        x, y, w, b = p
        margin = mg.functional_margin(x, y, w, b)
        h = mg.hypothesis(x, w, b)
        return (margin <= 0 or h == y) and (margin >= 0 or h != y) and (margin != 0 or h == 1)

    @st.composite
    def with_boundary(draw_):
        x, y, w, b = draw_(_example())
        if draw_(st.booleans()):  # half the points on the boundary: b = −wᵀx
            b = -linalg.dot(w, x)
        return x, y, w, b
    # §1's logistic version: h_θ(x) = g(θᵀx) ≥ 0.5 exactly when θᵀx ≥ 0 (g increasing, g(0) = ½)
    z = sp.Symbol("θᵀx", real=True)
    threshold = sp.solveset(1 / (1 + sp.exp(-z)) - sp.Rational(1, 2) >= 0, z, sp.S.Reals) == sp.Interval(0, sp.oo)
    return combine(_exact(ctx, with_boundary(), holds),
                   Outcome(threshold, "symbolic", 0.0, "" if threshold else "g(θᵀx) ≥ ½ is not θᵀx ≥ 0"))


@check("MG-2", "(w, b) → (2w, 2b) doubles γ̂⁽ⁱ⁾ and γ̂ and leaves h unchanged", "000 V §3", "identity",
       quotes=(DOUBLING, DOUBLES_MARGIN, SET_FUNCTIONAL_MARGIN, SET_FUNCTIONAL_MARGIN_002, SCALING_GAMMA_HAT))
def functional_margin_scaling(ctx):
    w, x, b = _symbols()
    lam = sp.Symbol("λ", positive=True)
    y = Y
    symbolic = chain([Step(y * (((lam * w).T * x)[0] + lam * b), "γ̂⁽ⁱ⁾ of (λw, λb)"),
                      Step(lam * y * ((w.T * x)[0] + b), "λ·γ̂⁽ⁱ⁾ of (w, b)")],
                     "MG-2", "000 V §3", f"n={N}, y⁽ⁱ⁾ ∈ {{−1, 1}}", domains=DOMAINS)

    def doubles(p):
        (X, y_), w_, b_ = p
        w2, b2 = [2 * v for v in w_], 2 * b_
        return (mg.functional_margin_set(X, y_, w2, b2) == 2 * mg.functional_margin_set(X, y_, w_, b_)
                and mg.functional_margins(X, y_, w2, b2) == [2 * v for v in mg.functional_margins(X, y_, w_, b_)]
                and mg.predict(X, w2, b2) == mg.predict(X, w_, b_)
                and mg.functional_margin_set(X, y_, w_, b_) == min(mg.functional_margins(X, y_, w_, b_)))
    sets = st.tuples(S.labelled_sets(), S.vectors(2).filter(any), S.rationals())
    return combine(symbolic, _exact(ctx, sets, doubles))


# ---- MG-3 ------------------------------------------------------------------------------------

UNIT_DIRECTION = Quote("000", 953, "w/||w|| is a unit-length vector pointing in the same direction as w")
POINT_B = Quote("000", 955, r"the point B is given by  $x^{(i)} - \gamma^{(i)} \cdot w/||w||$")
B_ON_BOUNDARY = Quote("000", 957, r"w^{T}\left(x^{(i)} - \gamma^{(i)} \frac{w}{||w||}\right) + b = 0")
SOLVED_FOR_GAMMA = Quote("000", 961, r"\gamma^{(i)} = \frac{w^T x^{(i)} + b}{||w||} = \left(\frac{w}{||w||}\right)^T x^{(i)} + \frac{b}{||w||}")
GEOMETRIC_MARGIN = Quote("000", 965, r"\gamma^{(i)} = y^{(i)} \left( \left( \frac{w}{||w||} \right)^T x^{(i)} + \frac{b}{||w||} \right)")
UNIT_NORM_EQUAL = Quote("000", 967, "Note that if ||w|| = 1, then the functional margin equals the geometric margin")
INVARIANT = Quote("000", 967, "the geometric margin is invariant to rescaling of the parameters")
SET_GEOMETRIC_MARGIN_WORDS = Quote("000", 969, "we also define the geometric margin of (w, b) with respect to S to be the smallest of the geometric margins on the individual training examples")
SET_GEOMETRIC_MARGIN = Quote("000", 971, r"\gamma = \min_{i=1,\dots,m} \gamma^{(i)}")
GEOMETRIC_MARGIN_002 = Quote("002", 533, r"\gamma^{(i)} = \frac{y^{(i)}(w^T x^{(i)} + b)}{\|w\|}")
RATIO_002 = Quote("002", 539, r"\gamma^{(i)} = \frac{\hat{\gamma}^{(i)}}{\|w\|}")
SET_GEOMETRIC_MARGIN_002 = Quote("002", 543, r"\gamma = \min_i \gamma^{(i)}")
ORTHOGONAL = Quote("000", 951, "Note that w is orthogonal (at 90")
DISTANCE_AB = Quote("000", 951, r"Its distance to the decision boundary,  $\gamma^{(i)}$ , is given by the line segment AB")


@check("MG-3", "γ⁽ⁱ⁾ from the point B: wᵀ(x − γw/‖w‖) + b = 0 solved for γ", "000 V §3", "derivation",
       quotes=(UNIT_DIRECTION, POINT_B, B_ON_BOUNDARY, SOLVED_FOR_GAMMA))
def geometric_margin_via_B(ctx):
    w, x, b = _symbols()
    gamma = sp.Symbol("γ⁽ⁱ⁾", real=True)
    norm = _norm(w)
    B = x - gamma * w / norm
    solved = sp.solve(sp.Eq((w.T * B)[0] + b, 0), gamma)
    return chain([
        Step(solved[0], "B = x⁽ⁱ⁾ − γ⁽ⁱ⁾w/‖w‖ lies on wᵀx + b = 0; solve for γ⁽ⁱ⁾"),
        Step(((w.T * x)[0] + b) / norm, "γ⁽ⁱ⁾ = (wᵀx⁽ⁱ⁾ + b)/‖w‖"),
        Step(((w / norm).T * x)[0] + b / norm, "= (w/‖w‖)ᵀx⁽ⁱ⁾ + b/‖w‖"),
    ], "MG-3", "000 V §3", f"n={N}")


@check("MG-3", "γ⁽ⁱ⁾ = y⁽ⁱ⁾((w/‖w‖)ᵀx⁽ⁱ⁾ + b/‖w‖) = γ̂⁽ⁱ⁾/‖w‖; = γ̂⁽ⁱ⁾ when ‖w‖ = 1; scale-invariant; "
       "γ = min γ⁽ⁱ⁾ = γ̂/‖w‖", "000 V §3; 002 §1.5.1", "identity",
       quotes=(GEOMETRIC_MARGIN, UNIT_NORM_EQUAL, INVARIANT, SET_GEOMETRIC_MARGIN, GEOMETRIC_MARGIN_002, RATIO_002,
               SET_GEOMETRIC_MARGIN_002, SET_GEOMETRIC_MARGIN_WORDS))
def geometric_margin_forms(ctx):
    w, x, b = _symbols()
    norm = _norm(w)
    lam = sp.Symbol("λ", positive=True)
    y = Y
    outcomes = [chain([
        Step(y * (((w / norm).T * x)[0] + b / norm), "000's definition"),
        Step(y * ((w.T * x)[0] + b) / norm, "002's definition"),
        Step(y * ((w.T * x)[0] + b) / norm, "γ̂⁽ⁱ⁾/‖w‖ (002)"),
        Step(y * ((((lam * w) / _norm(lam * w)).T * x)[0] + lam * b / _norm(lam * w)), "the same for (λw, λb)"),
    ], "MG-3", "000 V §3; 002 §1.5.1", f"n={N}, y⁽ⁱ⁾ ∈ {{−1, 1}}", domains=DOMAINS)]
    t = sp.Symbol("t", real=True)
    unit = sp.Matrix([sp.cos(t), sp.sin(t)])
    x2 = example("i", 2)
    outcomes.append(chain([Step(y * (((unit / _norm(unit)).T * x2)[0] + b / _norm(unit)), "γ⁽ⁱ⁾ with ‖w‖ = 1"),
                           Step(y * ((unit.T * x2)[0] + b), "= γ̂⁽ⁱ⁾")],
                          "MG-3", "000 V §3", "n=2, w = (cos t, sin t), y⁽ⁱ⁾ ∈ {−1, 1}", domains=DOMAINS))

    def residual(p):
        (X, y_), w_, b_ = S.to_mpf(p)
        norm_ = mpmath.sqrt(linalg.dot(w_, w_))
        wn, bn = mg.normalize(w_, b_)
        each = [abs(mg.geometric_margin(xi, t, w_, b_) - mg.functional_margin(xi, t, wn, bn))
                + abs(mg.geometric_margin(xi, t, w_, b_) - mg.functional_margin(xi, t, w_, b_) / norm_)
                for xi, t in zip(X, y_)]
        whole = mg.geometric_margin_set(X, y_, w_, b_)
        return max(each + [abs(whole - min(mg.geometric_margins(X, y_, w_, b_))),
                           abs(whole - mg.functional_margin_set(X, y_, w_, b_) / norm_)])
    sets = st.tuples(S.labelled_sets(), S.vectors(2).filter(any), S.rationals())
    numeric = sampled(ctx, sets, residual, mpmath.mpf(10) ** (5 - ctx.digits), n=min(ctx.examples, 20))
    return combine(*outcomes, numeric)


@relies_on(mg, "boundary_point", lambda f: lambda x, w, b: [2 * a - c for a, c in zip(x, f(x, w, b))],
           "B on the wrong side: x + γw/‖w‖")
@check("MG-3", "w is orthogonal to the boundary; B is on it, ‖x⁽ⁱ⁾ − B‖ = |γ⁽ⁱ⁾|, and B is its nearest point",
       "000 V §3", "optimality", quotes=(ORTHOGONAL, DISTANCE_AB, POINT_B))
def boundary_point_is_nearest(ctx):
    """Two points p, q of the boundary wᵀx + b = 0 (the B of two drawn inputs) have wᵀ(p − q) = 0;
    every other point of the boundary, B + t with wᵀt = 0, is farther: ‖x − B − t‖² = γ² + ‖t‖²."""
    @st.composite
    def cases(draw_):
        x, _, w, b = draw_(_example())
        return x, w, b, draw_(S.vectors(N)), draw_(S.vectors(N))

    def holds(p):
        x, w, b, u, other_x = p
        B = mg.boundary_point(x, w, b)
        on_boundary = linalg.dot(w, B) + b == 0
        q = mg.boundary_point(other_x, w, b)
        orthogonal = linalg.dot(w, [s - r for s, r in zip(B, q)]) == 0
        d = [a - c for a, c in zip(x, B)]
        gamma_sq = (linalg.dot(w, x) + b) ** 2 / linalg.dot(w, w)
        t = [a - linalg.dot(w, u) / linalg.dot(w, w) * c for a, c in zip(u, w)]
        e = [a - c - s for a, c, s in zip(x, B, t)]
        return (on_boundary and orthogonal and linalg.dot(d, d) == gamma_sq and linalg.dot(w, t) == 0
                and linalg.dot(e, e) == gamma_sq + linalg.dot(t, t))
    return _exact(ctx, cases(), holds)


SCALING = Quote("000", 967, r"we can demand that ||w|| = 1, or  $|w_1| = 5$ , or  $|w_1 + b| + |w_2| = 2$ , and any of these can be satisfied simply by rescaling w and b")

# The three constraints 000 V §3 offers, c(w, b) = target, each claimed reachable from any (w, b)
# by a rescaling (λw, λb), λ > 0. The printed claim lists all three.
SCALING_CONSTRAINTS = {
    "‖w‖ = 1": (lambda w, b: sp.sqrt(w[0] ** 2 + w[1] ** 2), 1),
    "|w₁| = 5": (lambda w, b: sp.Abs(w[0]), 5),
    "|w₁ + b| + |w₂| = 2": (lambda w, b: sp.Abs(w[0] + b) + sp.Abs(w[1]), 2),
}
PRINTED_ALWAYS_REACHABLE = ("‖w‖ = 1", "|w₁| = 5", "|w₁ + b| + |w₂| = 2")


def _grid(radius=1):
    """(w₁, w₂, b) with small integer entries, smallest first: where a search for a degenerate
    (w, b) starts (w ≠ 0, as a classifier needs)."""
    values = range(-radius, radius + 1)
    points = [(w1, w2, b) for w1 in values for w2 in values for b in values if (w1, w2) != (0, 0)]
    return sorted(points, key=lambda p: (sum(map(abs, p)), [abs(v) for v in p], [v < 0 for v in p]))


RESCALE_002 = Quote("002", 529, r"We can suppose, by rescaling, that $\|w\| = 1$.")


@relies_on(SCALING_CONSTRAINTS, "|w₁| = 5", lambda c: (lambda w, b: sp.Abs(w[0]) + 1, c[1]), "|w₁| + 1 for |w₁|")
@check("MG-3", "a scaling constraint c(w, b) = target is met by rescaling exactly when c(w, b) ≠ 0: "
       "|w₁| = 5 needs w₁ ≠ 0", "000 V §3", "identity", quotes=(SCALING, INVARIANT, RESCALE_002))
def scaling_constraints(ctx):
    """Each printed c is positively homogeneous, c(λw, λb) = λc(w, b) for λ > 0 (proved
    symbolically), so λ = target/c(w, b) meets it when c(w, b) ≠ 0 and no λ does when
    c(w, b) = 0; the first such (w, b) with w ≠ 0 on a grid of small integers is the
    counterexample. Where λ exists the geometric margins do not change (exact, drawn points)."""
    w = sp.symbols("w₁ w₂", real=True)
    b = sp.Symbol("b", real=True)
    lam = sp.Symbol("λ", positive=True)
    failures, degenerate = [], {}
    for name, (c, target) in SCALING_CONSTRAINTS.items():
        if sp.simplify(c([lam * v for v in w], lam * b) - lam * c(w, b)) != 0:
            failures.append(f"{name} is not positively homogeneous")
            continue
        degenerate[name] = next(((w1, w2, b_) for w1, w2, b_ in _grid()
                                 if c((sp.Integer(w1), sp.Integer(w2)), sp.Integer(b_)) == 0), None)

    def rescaled(p):
        x, y, w_, b_ = p
        for name, (c, target) in SCALING_CONSTRAINTS.items():
            value = c([sp.Rational(v) for v in w_], sp.Rational(b_))
            if value == 0:
                continue
            lam_ = target / value
            w2, b2 = [lam_ * v for v in w_], lam_ * b_
            margin = lambda ww, bb: (sum(p_ * q for p_, q in zip(ww, x)) + bb) ** 2 / sum(v * v for v in ww)  # noqa: E731
            if sp.simplify(c(w2, b2) - target) != 0 or sp.simplify(margin(w2, b2) - margin(w_, b_)) != 0:
                return False
        return True
    drawn = _exact(ctx, _example(2), rescaled, n=min(ctx.examples, 10))
    always = as_printed(PRINTED_ALWAYS_REACHABLE, ("‖w‖ = 1",), key="any of these can be satisfied")
    wrong = [(name, degenerate[name]) for name in always if degenerate.get(name)]
    errata = ()
    if wrong:
        shown = "; ".join(f"{name}: at w₁ = {p[0]}, w₂ = {p[1]}, b = {p[2]} the left side is 0, and "
                          f"λ·0 = 0 for every λ > 0" for name, p in wrong)
        errata = (Erratum("MG-3", "000 V §3",
                          "we can demand ||w|| = 1, or |w₁| = 5, or |w₁ + b| + |w₂| = 2, and any of these can be "
                          "satisfied simply by rescaling w and b",
                          "each side is positively homogeneous, so rescaling meets it exactly when it is not 0 at "
                          "(w, b): ||w|| = 1 always (w ≠ 0); |w₁| = 5 only when w₁ ≠ 0; |w₁ + b| + |w₂| = 2 only "
                          "when w₁ + b and w₂ are not both 0", shown, quote=SCALING),)
    return Outcome(not failures and drawn.passed, f"symbolic; {drawn.method}", 0.0,
                   "; ".join(failures) or drawn.detail, errata)


# ---- printed claims no check decides ----------------------------------------------------------

for _line, _text, _reason, _id in (
        (905, "SVMs are among the best (and many believe are indeed the best) \"off-the-shelf\" supervised learning algorithms",
         "an opinion", "MG-1"),
        (909, "This section will give the intuitions about margins and about the \"confidence\" of our predictions",
         "intuition, made formal in §3 (checked there)", "MG-2"),
        (915, "consider the following figure, in which x's represent positive training examples",
         "a figure absent from this copy (points A, B, C)", "MG-3"),
        (919, "Hence, we're much more confident about our prediction at A than at C.",
         "intuition about a figure absent from this copy", "MG-3"),
        (923, "From now, we'll use  $y \\in \\{-1,1\\}$  (instead of  $\\{0,1\\}$ ) to denote the class labels.",
         "a convention (the labels every Part V check draws)", "MG-1"),
        (927, "Thus, b takes the role of what was previously  $\\theta_0$ , and w takes the role of",
         "a change of notation (b = θ₀, w = (θ₁ … θₙ))", "MG-1"),
        (929, "our classifier will directly predict either 1 or -1 (cf. the perceptron algorithm)",
         "a consequence of the definition of g (the reference's prediction is tested in tests/test_margins.py)", "MG-1"),
        (1476, "A's coordinate", "a reader's annotation on a figure absent from this copy", "MG-3"),
        (1488, "distance from a point to a line (hyperplane)", "a reader's annotation (the distance is checked in MG-3)", "MG-3"),
        (943, "we also define the function margin of (w, b) with respect to S",
         "a spelling of the name ('function margin' for functional margin), no mathematical content; the "
         "definition itself is checked", "MG-2"),
        ):
    unchecked(Quote("000", _line, _text), _reason, _id)

for _line, _text, _reason, _id in (
        (527, "The functional margin measures how confident/accurate our classification is.", "an opinion", "MG-2"),
        (535, "Intuitively, the geometric margin is the Euclidean distance between the example",
         "intuition (for a correctly classified example; the distance to the boundary is checked in MG-3)", "MG-3"),
        ):
    unchecked(Quote("002", _line, _text), _reason, _id)
