"""Part V §2-3 checks: functional and geometric margins (000 V §2-3; 002 §1.5.1). The printed forms
are read from the text (``printed``, ``form_of``) with the Part V reading of ``svm_reading``."""
import functools
import sys
from fractions import Fraction

import mpmath
import sympy as sp
from hypothesis import strategies as st

from cs229.reference import duality as du
from cs229.reference import linalg
from cs229.reference import margins as mg
from cs229.testing import strategies as S

from ..checking import as_printed, draw, exact, find_witness, relies_on, show_point, Step, chain, combine, sampled
from ..notation import example, in_order, vector
from ..printed import Meaningless, defined, form_of, printed, value_of, with_forms
from ..registry import Cited, Erratum, Outcome, Quote, check, unchecked
from ..svm_reading import Relation, at, printed_relation, printed_relations, svm_reading, where
from ..text import Examples, Function, Reading

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
LOGISTIC_002 = Quote("002", 515, r"which predicts one if $\theta^T x > 0$ and zero otherwise")
POSITIVE_MARGIN_002 = Quote("002", 521, r"Notice that $\hat{\gamma}^{(i)} > 0$")
CORRECT_002 = Quote("002", 521, r"means that $h(x^{(i)}) = y^{(i)}$")
DOUBLING = Quote("000", 939, r"if we replace w with 2w and b with 2b, then since  $g(w^Tx+b)=g(2w^Tx+2b)$")
DOUBLES_MARGIN = Quote("000", 941, "replacing (w,b) with (2w,2b) also results in multiplying our functional margin by a factor of 2")
SET_FUNCTIONAL_MARGIN = Quote("000", 945, r"\hat{\gamma} = \min_{i=1,\dots,m} \hat{\gamma}^{(i)}")
SET_FUNCTIONAL_MARGIN_002 = Quote("002", 525, r"\hat{\gamma} = \min_i \hat{\gamma}^{(i)}")
SCALING_GAMMA_HAT = Quote("000", 997, "Since multiplying w and b by some constant results in the functional margin being multiplied by that same constant")


def _reading(n=N, **more):
    """One example (x⁽ⁱ⁾, y⁽ⁱ⁾), the parameters w, b and a point x, named as printed."""
    w, x_i, b = _symbols(n)
    return svm_reading(x=vector("x", n), w=w, b=b, sizes={"n": n}, **{"x^(i)": x_i, "y^(i)": Y, **more})


def _with_g(reading):
    """``reading`` with g as 002 §1.5 prints it (line 507): 1 where z ≥ 0, else −1 (000 V §2 says the
    same in words, line 927)."""
    return defined(reading.bind(z=sp.Symbol("z", real=True)), "g", G_002, ("z",))


@check("MG-2", "functional margin γ̂⁽ⁱ⁾ = y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) (000 prints x for x⁽ⁱ⁾)", "000 V §3; 002 §1.5.1",
       "identity", quotes=(FUNCTIONAL_MARGIN, FUNCTIONAL_MARGIN_002))
def functional_margin_definition(ctx):
    w, x_i, b = _symbols()
    reading = _reading()
    y = Y
    of_example = y * ((w.T * x_i)[0] + b)
    definition = printed(FUNCTIONAL_MARGIN_002, reading, "the margin of (w, b) on example i, as 002 §1.5.1 prints it",
                         part=1)
    steps = chain([
        definition,
        printed(FUNCTIONAL_MARGIN, reading, "000 V §3 as printed", part=1, corrected=of_example,
                printed="γ̂⁽ⁱ⁾ = y⁽ⁱ⁾(wᵀx + b)  (a point x that is not the example's x⁽ⁱ⁾)",
                fixed="γ̂⁽ⁱ⁾ = y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b), as 002 §1.5.1 prints"),
    ], "MG-2", "000 V §3", f"n={N}, y⁽ⁱ⁾ ∈ {{−1, 1}}", domains=DOMAINS)
    margin = value_of(definition.form)
    # the reference's margin is the printed one at drawn points
    drawn = _exact(ctx, _example(), lambda p: margin is not None and
                   mg.functional_margin(*p) == at(margin, ((x_i, p[0]), (y, p[1]), (w, p[2]), (b, p[3]))))
    return combine(steps, drawn)


def _prediction_claims(reading):
    """The printed forms the claims 'γ̂⁽ⁱ⁾ > 0 means the prediction is right' read: h (000 line 925,
    g of 002 line 507), 000's premise (line 937) and 002's premise and conclusion (line 521, γ̂⁽ⁱ⁾ of
    line 519)."""
    with_g = _with_g(reading)
    h = form_of(HYPOTHESIS, with_g, part=1)
    h_of_example = form_of(HYPOTHESIS, with_g.bind(x=with_g.names["x^(i)"]), part=1)
    premises_000, sides_000 = printed_relations(CORRECT_WHEN_POSITIVE, reading)
    with_margin = defined(with_g.bound({"h": Function(lambda v: at(value_of(h), ((reading.names["x"], v),)))}),
                          "hat gamma^(i)", FUNCTIONAL_MARGIN_002)
    premise_002 = printed_relation(POSITIVE_MARGIN_002, with_margin)
    conclusion_002 = printed_relation(CORRECT_002, with_margin)
    return h, h_of_example, (premises_000, sides_000), premise_002, conclusion_002


@st.composite
def _with_boundary(draw_):
    """An example (x⁽ⁱ⁾, y, w, b) and a second point x: a third of them on the boundary
    (b = −wᵀx⁽ⁱ⁾), a third labelled as g predicts (a positive or zero margin)."""
    x, y, w, b = draw_(_example())
    kind = draw_(st.sampled_from(["drawn", "boundary", "agree"]))
    if kind == "boundary":
        b = -linalg.dot(w, x)
    elif kind == "agree":
        y = 1 if linalg.dot(w, x) + b >= 0 else -1
    return x, y, w, b, draw_(S.vectors(N))


def _boundary_search():
    """The same domain from short lists of small values: a cheap search for the simplest witness."""
    small = st.sampled_from([Fraction(0), Fraction(1), Fraction(-1)])
    vec = st.lists(small, min_size=N, max_size=N)
    return st.tuples(vec, st.sampled_from(LABELS), vec.filter(any), small, vec)


@relies_on(mg, "hypothesis", lambda f: lambda x, w, b: 1 if linalg.dot(w, x) + b > 0 else -1,
           "g(0) = −1 (a strict inequality) in place of g(0) = 1")
@check("MG-2", "γ̂⁽ⁱ⁾ > 0 means the prediction g(wᵀx⁽ⁱ⁾ + b) is y⁽ⁱ⁾ (000 line 937 prints x for x⁽ⁱ⁾ again)",
       "000 V §3; 002 §1.5.1", "identity",
       quotes=(HYPOTHESIS, CORRECT_WHEN_POSITIVE, POSITIVE_MARGIN_002, CORRECT_002, LOGISTIC_THRESHOLD, LOGISTIC_WB,
               G_002, H_002, LABELS_002, NO_INTERCEPT_002))
def correct_when_positive(ctx):
    """With g as printed (1 for z ≥ 0, −1 otherwise): the reference's prediction is the printed
    h_{w,b}(x⁽ⁱ⁾) = g(wᵀx⁽ⁱ⁾ + b), and where the printed premise holds (002: γ̂⁽ⁱ⁾ > 0) so does the
    printed conclusion h(x⁽ⁱ⁾) = y⁽ⁱ⁾; at γ̂⁽ⁱ⁾ = 0 (x⁽ⁱ⁾ on the boundary) g says 1, so it depends on
    the label. 000 line 937 states the premise at x, as its definition of γ̂⁽ⁱ⁾ (line 935) does: a
    point x other than x⁽ⁱ⁾ has y⁽ⁱ⁾(wᵀx + b) > 0 while the prediction on example i is wrong."""
    w, x_i, b = _symbols()
    x = vector("x", N)
    reading = _reading()
    h, h_of_example, (premises_000, sides_000), premise_002, conclusion_002 = _prediction_claims(reading)
    with_g = _with_g(reading)
    h_002 = form_of(H_002, with_g.bind(x=with_g.names["x^(i)"]), part=1)  # 002 line 511, with 002's g
    forms = (h, h_of_example, h_002) + sides_000 + premise_002.forms + conclusion_002.forms
    if not all(value_of(f) is not None for f in forms) or not premises_000:
        return with_forms(Outcome(False, "exact", 0.0, "a printed form the claim needs is not read"), *forms)

    def point(p):
        x_, y_, w_, b_, z_ = p
        return ((x_i, x_), (Y, y_), (w, w_), (b, b_), (x, z_))

    def holds(p):
        x_, y_, w_, b_, _ = p
        values = point(p)
        printed_h = at(value_of(h_of_example), values)
        return (mg.hypothesis(x_, w_, b_) == printed_h == at(value_of(h_002), values) and mg.functional_margin(x_, y_, w_, b_)
                == at(premise_002.left, values)
                and (not premise_002.holds(values) or conclusion_002.holds(values)))
    drawn = _exact(ctx, _with_boundary(), holds, n=max(9, min(ctx.examples, 20)))

    def _points(ctx_):
        return draw(ctx_, _with_boundary(), max(9, min(ctx_.examples, 20)))

    def wrong_prediction(p, relation):
        values = point(p)
        return relation.holds(values) and at(value_of(h_of_example), values) != p[1]
    # the premise at the example's own x⁽ⁱ⁾ (our correction) must hold wherever drawn
    corrected = [Relation(r.left.xreplace(dict(zip(x, x_i))), r.relation, r.right, ()) for r in premises_000]
    bad_correction = [p for p in _points(ctx) for r in corrected if wrong_prediction(p, r)]
    errata = []
    for k, relation in enumerate(premises_000):
        premise = as_printed(relation, corrected[k], key="the premise of line 937")
        witness = find_witness(_boundary_search(), lambda p: wrong_prediction(p, premise), ctx.seed)
        if witness is not None:
            errata.append(Erratum(
                "MG-2", "000 V §3", relation.printed("if y⁽ⁱ⁾(wᵀx + b) > 0, then our prediction on this example is correct"),
                "if y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) > 0 (the margin at the example's own x⁽ⁱ⁾, as 002 §1.5.1 says)",
                f"at {show_point(witness, ('x⁽ⁱ⁾', 'y⁽ⁱ⁾', 'w', 'b', 'x'))}: y⁽ⁱ⁾(wᵀx + b) = "
                f"{at(relation.left, point(witness))} > 0, but g(wᵀx⁽ⁱ⁾ + b) = {at(value_of(h_of_example), point(witness))}"
                f" ≠ y⁽ⁱ⁾", quote=relation.where))
    slip = Outcome(not bad_correction, "exact", 0.0,
                   f"the premise at x⁽ⁱ⁾ fails at {bad_correction[0]}" if bad_correction else "", tuple(errata))
    # §1's logistic version: h_θ(x) = g(θᵀx) ≥ 0.5 exactly when θᵀx ≥ 0 (g increasing, g(0) = ½)
    z = sp.Symbol("θᵀx", real=True)
    threshold = sp.solveset(1 / (1 + sp.exp(-z)) - sp.Rational(1, 2) >= 0, z, sp.S.Reals) == sp.Interval(0, sp.oo)
    return with_forms(combine(drawn, slip, Outcome(threshold, "symbolic", 0.0,
                                                   "" if threshold else "g(θᵀx) ≥ ½ is not θᵀx ≥ 0")), *forms)


@check("MG-2", "002 predicts one where θᵀx > 0 (logistic regression), 000 where h ≥ ½, i.e. θᵀx ≥ 0: a "
       "convention at θᵀx = 0", "000 V §1; 002 §1.5.1", "identity", quotes=(LOGISTIC_002, LOGISTIC_THRESHOLD))
def logistic_threshold_002(ctx):
    """002's rule as printed (the relation of line 515) against 000's h_θ(x) ≥ 0.5 at θᵀx = 0, where
    h_θ = g(0) = ½: the two differ there only (a tie of the probabilities, no wrong statement)."""
    t = sp.Symbol("θᵀx", real=True)
    rule = printed_relation(LOGISTIC_002, Reading({"theta": sp.Matrix([t]), "x": sp.Matrix([1])}))
    if rule.left is None:
        return with_forms(Outcome(False, "exact", 0.0, ""), *rule.forms)
    errata = ()
    predicts_one = as_printed(rule.holds(((t, 0),)), True, key="002 predicts at θᵀx = 0")
    if not predicts_one:  # 000 predicts 1 at h = ½ (θᵀx ≥ 0)
        errata = (Erratum("MG-2", "002 §1.5.1", "which predicts one if θᵀx > 0 and zero otherwise",
                          "000 V §1 predicts 1 where h_θ(x) ≥ 0.5, i.e. θᵀx ≥ 0 (the probabilities tie at θᵀx = 0)",
                          "at θᵀx = 0: h_θ(x) = g(0) = 1/2; 002's rule predicts 0, 000's predicts 1",
                          "convention", LOGISTIC_002),)
    off = all(rule.holds(((t, v),)) == (v > 0) for v in (Fraction(-1, 3), Fraction(1, 3), -2, 2))
    return with_forms(Outcome(off, "exact", 0.0, "" if off else "the printed rule is not θᵀx > 0 off the tie",
                              errata), *rule.forms)


@check("MG-2", "(w, b) → (2w, 2b) doubles γ̂⁽ⁱ⁾ and γ̂ and leaves h unchanged", "000 V §3", "identity",
       quotes=(DOUBLING, DOUBLES_MARGIN, SET_FUNCTIONAL_MARGIN, SET_FUNCTIONAL_MARGIN_002, SCALING_GAMMA_HAT))
def functional_margin_scaling(ctx):
    w, x, b = _symbols()
    lam = sp.Symbol("λ", positive=True)
    reading = _reading()
    margin = printed(FUNCTIONAL_MARGIN_002, reading, "γ̂⁽ⁱ⁾ of (w, b) (002 line 519)", part=1)
    symbolic = chain([printed(FUNCTIONAL_MARGIN_002, reading.bind(w=lam * w, b=lam * b), "γ̂⁽ⁱ⁾ of (λw, λb)", part=1),
                      Step(lam * margin.expr if margin.expr is not None else None, "λ·γ̂⁽ⁱ⁾ of (w, b)")],
                     "MG-2", "000 V §3", f"n={N}, y⁽ⁱ⁾ ∈ {{−1, 1}}", domains=DOMAINS)
    with_g = _with_g(reading).bind(x=x)
    unchanged = [form_of(DOUBLING, with_g, part=0), form_of(DOUBLING, with_g, part=1)]

    def same_prediction(p):
        x_, w_, b_ = p
        values = ((x, x_), (w, w_), (b, b_))
        g1, g2 = (value_of(f) for f in unchanged)
        return g1 is not None and g2 is not None and at(g1, values) == at(g2, values)
    # half the points on the boundary, where g's choice at 0 decides
    boundary = st.tuples(S.vectors(N), S.vectors(N).filter(any), S.rationals()).flatmap(
        lambda p: st.sampled_from([p, (p[0], p[1], -linalg.dot(p[0], p[1]))]))
    doubling = _exact(ctx, boundary, same_prediction, n=min(ctx.examples, 20))
    set_forms = [form_of(q, Reading({"hat gamma": Examples(tuple(sp.symbols("g1:5", real=True)))}, {"m": 4},
                                    {"i": (1, "m")}), part=1) for q in (SET_FUNCTIONAL_MARGIN, SET_FUNCTIONAL_MARGIN_002)]

    def smallest(form, margins):
        """The printed set margin (a min over i) at the examples' margins."""
        reading_ = Reading({"hat gamma": Examples(tuple(margins))}, {"m": len(margins)}, {"i": (1, "m")})
        return form_of(form.quote, reading_, part=1).variants[0].value if value_of(form) is not None else None

    plane = form_of(FUNCTIONAL_MARGIN_002, _reading(2), part=1)  # the drawn sets are in the plane
    w_plane, x_plane = vector("w", 2), example("i", 2)

    def doubles(p):
        (X, y_), w_, b_ = p
        w2, b2 = [2 * v for v in w_], 2 * b_
        margins = mg.functional_margins(X, y_, w_, b_)
        printed_margins = [at(value_of(plane), ((x_plane, xi), (Y, t), (w_plane, w_), (b, b_))) for xi, t in zip(X, y_)] \
            if value_of(plane) is not None else None
        return (margins == printed_margins and mg.functional_margin_set(X, y_, w2, b2) == 2 * mg.functional_margin_set(X, y_, w_, b_)
                and mg.functional_margins(X, y_, w2, b2) == [2 * v for v in margins]
                and mg.predict(X, w2, b2) == mg.predict(X, w_, b_)
                and all(mg.functional_margin_set(X, y_, w_, b_) == smallest(f, margins) for f in set_forms))
    sets = st.tuples(S.labelled_sets(), S.vectors(2).filter(any), S.rationals())
    return with_forms(combine(symbolic, doubling, _exact(ctx, sets, doubles, n=min(ctx.examples, 10))),
                      *unchanged, plane, *set_forms)


# ---- MG-3 ------------------------------------------------------------------------------------

UNIT_DIRECTION = Quote("000", 953, "w/||w|| is a unit-length vector pointing in the same direction as w")
POINT_B = Quote("000", 955, r"the point B is given by  $x^{(i)} - \gamma^{(i)} \cdot w/||w||$")
ON_BOUNDARY = Quote("000", 955, r"all points x on the decision boundary satisfy the equation  $w^Tx + b = 0$")
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
       quotes=(UNIT_DIRECTION, POINT_B, ON_BOUNDARY, B_ON_BOUNDARY, SOLVED_FOR_GAMMA))
def geometric_margin_via_B(ctx):
    """B as printed (line 955) put into the boundary's equation as printed (line 955) is line 957's
    left side; solved for γ⁽ⁱ⁾ it is line 961, both forms."""
    w, x, b = _symbols()
    gamma = sp.Symbol("γ⁽ⁱ⁾", real=True)
    reading = _reading(**{"gamma^(i)": gamma})
    at_B = defined(reading, "x", POINT_B)
    on_boundary = printed(B_ON_BOUNDARY, reading, "as printed", part=0)
    outcomes = [chain([printed(ON_BOUNDARY, at_B, "B (line 955) on the boundary wᵀx + b = 0 (line 955)", part=0),
                       on_boundary], "MG-3", "000 V §3", f"n={N}")]
    solved = sp.solve(sp.Eq(on_boundary.expr, 0), gamma) if on_boundary.expr is not None else []
    outcomes.append(chain([
        Step(solved[0] if len(solved) == 1 else None, "line 957 solved for γ⁽ⁱ⁾"),
        printed(SOLVED_FOR_GAMMA, reading, "γ⁽ⁱ⁾ = (wᵀx⁽ⁱ⁾ + b)/‖w‖", part=1),
        printed(SOLVED_FOR_GAMMA, reading, "= (w/‖w‖)ᵀx⁽ⁱ⁾ + b/‖w‖", part=2),
    ], "MG-3", "000 V §3", f"n={N}"))
    if len(solved) != 1 and on_boundary.expr is not None:
        outcomes.append(Outcome(False, "symbolic", 1.0, f"line 957 does not fix γ⁽ⁱ⁾: {solved}"))
    return combine(*outcomes)


@check("MG-3", "γ⁽ⁱ⁾ = y⁽ⁱ⁾((w/‖w‖)ᵀx⁽ⁱ⁾ + b/‖w‖) = γ̂⁽ⁱ⁾/‖w‖; = γ̂⁽ⁱ⁾ when ‖w‖ = 1; scale-invariant; "
       "γ = min γ⁽ⁱ⁾ = γ̂/‖w‖", "000 V §3; 002 §1.5.1", "identity",
       quotes=(GEOMETRIC_MARGIN, UNIT_NORM_EQUAL, INVARIANT, SET_GEOMETRIC_MARGIN, GEOMETRIC_MARGIN_002, RATIO_002,
               SET_GEOMETRIC_MARGIN_002, SET_GEOMETRIC_MARGIN_WORDS))
def geometric_margin_forms(ctx):
    w, x, b = _symbols()
    lam = sp.Symbol("λ", positive=True)
    reading = _reading()
    ratio = defined(reading, "hat gamma^(i)", FUNCTIONAL_MARGIN_002)
    definition = printed(GEOMETRIC_MARGIN, reading, "000's definition", part=1)
    outcomes = [chain([
        definition,
        printed(GEOMETRIC_MARGIN_002, reading, "002's definition", part=1),
        printed(RATIO_002, ratio, "γ̂⁽ⁱ⁾/‖w‖ (002 line 539, γ̂⁽ⁱ⁾ of line 519)", part=1),
        printed(GEOMETRIC_MARGIN, reading.bind(w=lam * w, b=lam * b), "the same for (λw, λb)", part=1),
    ], "MG-3", "000 V §3; 002 §1.5.1", f"n={N}, y⁽ⁱ⁾ ∈ {{−1, 1}}", domains=DOMAINS)]
    t = sp.Symbol("t", real=True)
    unit = sp.Matrix([sp.cos(t), sp.sin(t)])
    on_circle = _reading(2).bind(w=unit)
    outcomes.append(chain([printed(GEOMETRIC_MARGIN, on_circle, "γ⁽ⁱ⁾ with ‖w‖ = 1", part=1),
                           printed(FUNCTIONAL_MARGIN_002, on_circle, "= γ̂⁽ⁱ⁾ (002 line 519)", part=1)],
                          "MG-3", "000 V §3", "n=2, w = (cos t, sin t), y⁽ⁱ⁾ ∈ {−1, 1}", domains=DOMAINS))
    sets_ = [form_of(q, Reading({"gamma": Examples(tuple(sp.symbols("g1:5", real=True)))}, {"m": 4}, {"i": (1, "m")}),
                     part=1) for q in (SET_GEOMETRIC_MARGIN, SET_GEOMETRIC_MARGIN_002)]
    plane = form_of(GEOMETRIC_MARGIN, _reading(2), part=1)
    gamma_2, w2, x2 = value_of(plane), vector("w", 2), example("i", 2)

    def residual(p):
        (X, y_), w_, b_ = p
        norm_ = mpmath.sqrt(linalg.dot(S.to_mpf(w_), S.to_mpf(w_)))
        printed_margins = [at(gamma_2, ((x2, xi), (Y, t_), (w2, w_), (sp.Symbol("b", real=True), b_)))
                           for xi, t_ in zip(X, y_)]
        reference = mg.geometric_margins(S.to_mpf(X), y_, S.to_mpf(w_), S.to_mpf(b_))
        each = [abs(r - mpmath.mpf(sp.N(v, ctx.digits + 5))) for r, v in zip(reference, printed_margins)]
        whole = mg.geometric_margin_set(S.to_mpf(X), y_, S.to_mpf(w_), S.to_mpf(b_))
        smallest = [form_of(f.quote, Reading({"gamma": Examples(tuple(printed_margins))}, {"m": len(X)},
                                             {"i": (1, "m")}), part=1).variants[0].value for f in sets_]
        return max(each + [abs(whole - mpmath.mpf(sp.N(v, ctx.digits + 5))) for v in smallest]
                   + [abs(whole - mg.functional_margin_set(S.to_mpf(X), y_, S.to_mpf(w_), S.to_mpf(b_)) / norm_)])
    sets = st.tuples(S.labelled_sets(), S.vectors(2).filter(any), S.rationals())
    if gamma_2 is None or any(value_of(f) is None for f in sets_):
        numeric = Outcome(False, "sampled", 0.0, "a printed form the margins need is not read")
    else:
        numeric = sampled(ctx, sets, residual, mpmath.mpf(10) ** (5 - ctx.digits), n=min(ctx.examples, 20))
    return with_forms(combine(*outcomes, numeric), plane, *sets_)


@relies_on(mg, "boundary_point", lambda f: lambda x, w, b: [2 * a - c for a, c in zip(x, f(x, w, b))],
           "B on the wrong side: x + γw/‖w‖")
@check("MG-3", "w is orthogonal to the boundary; B as printed (γ⁽ⁱ⁾ of line 961) is on it, ‖x⁽ⁱ⁾ − B‖ = |γ⁽ⁱ⁾|, "
       "and B is its nearest point", "000 V §3", "optimality", quotes=(ORTHOGONAL, DISTANCE_AB, POINT_B))
def boundary_point_is_nearest(ctx):
    """The reference's B is the printed x⁽ⁱ⁾ − γ⁽ⁱ⁾w/‖w‖ with γ⁽ⁱ⁾ = (wᵀx⁽ⁱ⁾ + b)/‖w‖ (lines 955, 961),
    exactly. Two points p, q of the boundary wᵀx + b = 0 (the B of two drawn inputs) have
    wᵀ(p − q) = 0; every other point of the boundary, B + t with wᵀt = 0, is farther:
    ‖x − B − t‖² = γ² + ‖t‖²."""
    @st.composite
    def cases(draw_):
        x, _, w, b = draw_(_example())
        return x, w, b, draw_(S.vectors(N)), draw_(S.vectors(N))

    w_, x_i, b_ = _symbols()
    reading = _reading()
    distance = defined(reading, "gamma^(i)", SOLVED_FOR_GAMMA, part=1)
    point = form_of(POINT_B, distance)
    B_printed = value_of(point)

    def holds(p):
        x, w, b, u, other_x = p
        B = mg.boundary_point(x, w, b)
        if B_printed is None or list(at(B_printed, ((x_i, x), (w_, w), (b_, b)))) != [sp.Rational(v) for v in B]:
            return False
        on_boundary = linalg.dot(w, B) + b == 0
        q = mg.boundary_point(other_x, w, b)
        orthogonal = linalg.dot(w, [s - r for s, r in zip(B, q)]) == 0
        d = [a - c for a, c in zip(x, B)]
        gamma_sq = (linalg.dot(w, x) + b) ** 2 / linalg.dot(w, w)
        t = [a - linalg.dot(w, u) / linalg.dot(w, w) * c for a, c in zip(u, w)]
        e = [a - c - s for a, c, s in zip(x, B, t)]
        return (on_boundary and orthogonal and linalg.dot(d, d) == gamma_sq and linalg.dot(w, t) == 0
                and linalg.dot(e, e) == gamma_sq + linalg.dot(t, t))
    return with_forms(_exact(ctx, cases(), holds), point, *distance.definitions)


SCALING = Quote("000", 967, r"we can demand that ||w|| = 1, or  $|w_1| = 5$ , or  $|w_1 + b| + |w_2| = 2$ , and any of these can be satisfied simply by rescaling w and b")
SCALING_W1 = Quote("000", 967, r"or  $|w_1| = 5$")
SCALING_W1B = Quote("000", 967, r"or  $|w_1 + b| + |w_2| = 2$")

# The constraints 000 V §3 offers, c(w, b) = target, each claimed reachable from any (w, b) by a
# rescaling (λw, λb), λ > 0: ‖w‖ = 1 printed in words, the other two in TeX (read from the text).
UNIT_NORM = ("‖w‖ = 1", lambda w, b: sp.sqrt(w[0] ** 2 + w[1] ** 2), 1)
PRINTED_CONSTRAINTS = (SCALING_W1, SCALING_W1B)
# an optimal margin attained only where w₁ = 0: x⁽¹⁾ = (0, 1), y = 1; x⁽²⁾ = (0, −1), y = −1
UPRIGHT = (([0, 1], [0, -1]), (1, -1), (0, 1), 0)


def _grid(radius=1):
    """(w₁, w₂, b) with small integer entries, smallest first: where a search for a degenerate
    (w, b) starts (w ≠ 0, as a classifier needs)."""
    values = range(-radius, radius + 1)
    points = [(w1, w2, b) for w1 in values for w2 in values for b in values if (w1, w2) != (0, 0)]
    return sorted(points, key=lambda p: (sum(map(abs, p)), [abs(v) for v in p], [v < 0 for v in p]))


RESCALE_002 = Quote("002", 529, r"We can suppose, by rescaling, that $\|w\| = 1$.")


def _scaling_constraints():
    """For each place the copy prints line 967 (000 prints Part V twice): [(name as printed, c(w, b),
    target)] with the two TeX constraints as printed there, and what an erratum there quotes; and
    the Forms read."""
    w = sp.Matrix(sp.symbols("w₁ w₂", real=True))
    b = sp.Symbol("b", real=True)
    reading = Reading({"w": w, "b": b})
    sides = [[form_of(quote, reading, part=k) for k in (0, 1)] for quote in PRINTED_CONSTRAINTS]
    forms = [f for pair in sides for f in pair]
    count = min(len(f.variants) for f in forms)
    places = []
    for k in range(count):
        constraints = [UNIT_NORM]
        for left_form, target_form in sides:
            left, target = left_form.variants[k], target_form.variants[k]
            if isinstance(left.value, Meaningless) or isinstance(target.value, Meaningless):
                continue
            tex = left.tex
            name = tex[tex.index("$") + 1:tex.rindex("$")].strip() if "$" in tex else tex
            constraints.append((name, lambda w_, b_, left=left.value: left.xreplace({w[0]: w_[0], w[1]: w_[1], b: b_}),
                                target.value))
        line = sides[0][0].variants[k]
        quote = SCALING if line.line == SCALING.line else Cited(line.source, line.line, _line_of(line))
        places.append((constraints, quote))
    return places, forms


def _line_of(variant):
    """The sentence of line 967 as the copy prints it at ``variant``'s line."""
    from ..text import copies
    return copies.current().line(variant.source, variant.line)


@check("MG-3", "a scaling constraint c(w, b) = target is met by rescaling exactly when c(w, b) ≠ 0: "
       "|w₁| = 5 needs w₁ ≠ 0, and where the optimum has w₁ = 0 no (w, b) meeting it is optimal", "000 V §3",
       "identity", quotes=(SCALING, SCALING_W1, SCALING_W1B, INVARIANT, RESCALE_002))
def scaling_constraints(ctx):
    """Each constraint as printed is positively homogeneous, c(λw, λb) = λc(w, b) for λ > 0 (proved
    symbolically), so λ = target/c(w, b) meets it when c(w, b) ≠ 0 and no λ does when c(w, b) = 0;
    the first such (w, b) with w ≠ 0 on a grid of small integers is the counterexample. Where λ
    exists the geometric margins do not change (exact, drawn points). And the claim that the
    constraint changes 'nothing important' fails where the optimal margin is attained only at
    (w, b) with c = 0: on two points above each other, (w*, b*) ∝ ((0, 1), 0), and demanding
    |w₁| = 5 leaves every (w, b) short of the optimal margin. Each place the copy prints the
    claim is judged as printed there."""
    w = sp.symbols("w₁ w₂", real=True)
    b = sp.Symbol("b", real=True)
    lam = sp.Symbol("λ", positive=True)
    places, forms = _scaling_constraints()
    failures, errata, methods = [], [], []
    X_up, y_up, w_up, b_up = UPRIGHT
    w_star, b_star, _ = du.solve_optimal_margin([[Fraction(v) for v in x] for x in X_up], list(y_up))
    if not (list(w_star) == [0, 1] and b_star == b_up):
        failures.append(f"the optimum of {UPRIGHT[0]} is not w = (0, 1), b = 0: {w_star}, {b_star}")
    for constraints, quote in places:
        if len(constraints) != 1 + len(PRINTED_CONSTRAINTS):
            failures.append(f"a printed constraint of {quote.place} means nothing")
        degenerate = {}
        for name, c, target in constraints:
            if sp.simplify(c([lam * v for v in w], lam * b) - lam * c(w, b)) != 0:
                failures.append(f"{name} is not positively homogeneous")
                continue
            degenerate[name] = next(((w1, w2, b_) for w1, w2, b_ in _grid()
                                     if c((sp.Integer(w1), sp.Integer(w2)), sp.Integer(b_)) == 0), None)

        def rescaled(p, constraints=constraints):
            x, y, w_, b_ = p
            for name, c, target in constraints:
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
        methods.append(drawn.method)
        if not drawn.passed:
            failures.append(drawn.detail)
        always = as_printed(tuple(name for name, _, _ in constraints), ("‖w‖ = 1",),
                            key="any of these can be satisfied")
        wrong = [(name, degenerate[name]) for name in always if degenerate.get(name)]
        lose = [name for name, c, _ in constraints if name in always and c(w_up, b_up) == 0]
        printed_ = "we can demand ||w|| = 1, or " + ", or ".join(name for name, _, _ in constraints[1:]) \
            + ", and any of these can be satisfied simply by rescaling w and b"
        if wrong and printed_ not in [e.printed for e in errata]:  # a twin printed alike: one erratum
            shown = "; ".join(f"{name}: at w₁ = {p[0]}, w₂ = {p[1]}, b = {p[2]} the left side is 0, and "
                              f"λ·0 = 0 for every λ > 0" for name, p in wrong)
            if lose:
                shown += (f"; and on x⁽¹⁾ = (0, 1), y⁽¹⁾ = 1, x⁽²⁾ = (0, −1), y⁽²⁾ = −1 the optimal margin is attained "
                          f"only at (w, b) ∝ ((0, 1), 0), where {', '.join(lose)} cannot hold: demanding it changes "
                          "the problem's solution")
            errata.append(Erratum("MG-3", "000 V §3", printed_,
                                  "each side is positively homogeneous, so rescaling meets it exactly when it is not 0 "
                                  "at (w, b): ||w|| = 1 always (w ≠ 0); the others only where they are not 0, which "
                                  "the optimal (w, b) need not be", shown, quote=quote))
    if not places:
        failures.append("the constraints of line 967 are not read")
    return with_forms(Outcome(not failures, "symbolic; " + "; ".join(dict.fromkeys(methods)), 0.0,
                              "; ".join(failures), tuple(errata)), *forms)


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
         "a consequence of the definition of g (the reference's prediction is tested in tests/margins/)", "MG-1"),
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
