"""Properties of the SVM dual, its threshold, prediction and the soft margin (000 V §6, §8;
001 §11.1): MG-1, OMC-3 … OMC-5, SOFT-1, SOFT-2.

Closed forms take drawn points, multipliers and (w, b); what the notes say of a solution (the
KKT conditions, the margin of the closest examples) is checked at the reference's SMO fit of a
small set, which ``decision_function`` and ``predict`` also take as their model."""
from fractions import Fraction

from hypothesis import assume
from hypothesis import strategies as st

from .. import strategies as S
from . import differential, invariant, normal

TOPIC = "svm"

Cs = st.sampled_from([Fraction(1), Fraction(1, 3), Fraction(2)])
# the solver's KKT tolerance at the fits the invariants read (SMO-3's stopping test)
SMO_TOL = 1e-6


def _kernels():
    from cs229.reference.kernels import Gaussian, Linear, Polynomial
    return [Linear(), Polynomial(1, 2), Gaussian.from_gamma(0.5)]


kernels = st.sampled_from(_kernels())


def _vector(n, elements=None):
    return st.lists(S.quick_rationals() if elements is None else elements, min_size=n, max_size=n)


def _f(v):
    return None if v is None else S.to_float(v)


def _exact(v):
    """A float (or nested lists of them) as the exact rational it is."""
    return S.convert(v, Fraction)


def _near(got, exact, scale, options):
    """|got − exact| <= rtol·max(1, scale), where scale bounds the size of the terms summed."""
    return abs(float(got) - float(exact)) <= options.rtol * max(1.0, float(scale))


def _box_alphas(y, C):
    """α with 0 <= αᵢ <= C and Σ αᵢy⁽ⁱ⁾ = 0: drawn inside the box, or only at its sides (k
    examples of each class at C, the rest at 0: the soft threshold's no-free-α branch)."""
    @st.composite
    def at_the_sides(draw):
        pos = [i for i, t in enumerate(y) if t == 1]
        neg = [i for i, t in enumerate(y) if t == -1]
        k = draw(st.integers(0, min(len(pos), len(neg))))
        chosen = set(draw(st.permutations(pos))[:k]) | set(draw(st.permutations(neg))[:k])
        return [C if i in chosen else Fraction(0) for i in range(len(y))]
    return st.one_of(S.feasible_alphas(y, C), at_the_sides())


@st.composite
def duals(draw, min_rows=3, max_rows=7, linear=False):
    """A labelled set, a kernel, C, a feasible α in [0, C], and (w, b) of the primal: exact."""
    from cs229.reference.kernels import Linear
    X, y = draw(S.svm_labelled_sets(min_rows=min_rows, max_rows=max_rows))
    C = draw(Cs)
    return dict(X=X, y=y, kernel=Linear() if linear else draw(kernels), C=C, alpha=draw(_box_alphas(y, C)),
                w=draw(_vector(2)), b=draw(S.quick_rationals()))


@st.composite
def primals(draw):
    """A labelled set, (w, b), C, multipliers α and r >= 0 (not constrained), and slacks ξ:
    the smallest feasible (ξ*ᵢ = max(0, 1 − y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b))) plus a drawn excess >= 0."""
    X, y = draw(S.svm_labelled_sets(min_rows=3, max_rows=8))
    w, b = draw(_vector(2)), draw(S.quick_rationals())
    m = len(X)
    nonnegative = _vector(m, S.quick_rationals(0, 2))
    optimal = [max(Fraction(0), 1 - t * (sum(a * c for a, c in zip(w, x)) + b)) for x, t in zip(X, y)]
    excess = draw(st.lists(st.sampled_from([Fraction(0), Fraction(0), Fraction(1, 4), Fraction(3, 2)]),
                           min_size=m, max_size=m))
    return dict(X=X, y=y, w=w, b=b, C=draw(Cs), alpha=draw(nonnegative), r=draw(nonnegative),
                xi=[s + e for s, e in zip(optimal, excess)], optimal=optimal)


@st.composite
def infeasible_primals(draw):
    """A primal point with one slack below the smallest feasible (ξ*ᵢ − ¼, maybe < 0): refused."""
    p = draw(primals())
    i = draw(st.integers(0, len(p["X"]) - 1))
    p["xi"] = p["optimal"][:i] + [p["optimal"][i] - Fraction(1, 4)] + p["optimal"][i + 1:]
    return p


@st.composite
def fits(draw, hard=False):
    """A small labelled set (separable for the hard margin, C = None), a kernel, the reference's
    SMO fit of it (tol SMO_TOL, labels as ``classes`` when drawn) and query points Z whose
    decision values are not within rounding of 0 (where g's side is not determined)."""
    from cs229.reference.kernels import Linear
    from cs229.reference.results import ConvergenceError, NotSeparableError
    from cs229.reference.smo import smo
    from cs229.reference.svm import decision_function
    X, y = draw(S.svm_labelled_sets(min_rows=4, max_rows=8, separable=True if hard else None))
    kernel = Linear() if hard else draw(kernels)
    C = None if hard else float(draw(Cs))
    classes = draw(st.sampled_from([None, (0, 1), (7, -3)]))
    labels = y if classes is None else [classes[0] if t == -1 else classes[1] for t in y]
    Xf = S.to_float(X)
    try:
        fit = smo(Xf, labels, C=C, kernel=kernel, tol=SMO_TOL, max_iterations=3000, classes=classes)
    except (ConvergenceError, NotSeparableError):
        assume(False)
    Z = S.to_float(draw(st.lists(_vector(2), min_size=1, max_size=4)))
    assume(all(abs(v) > 1e-9 for v in decision_function(fit, Z)))
    return dict(X=Xf, y=y, labels=labels, kernel=kernel, C=C, fit=fit, Z=Z)


# ---- labels, data and C ---------------------------------------------------------------------------

labellings = st.one_of(
    st.tuples(st.lists(st.sampled_from([-1, 1]), min_size=1, max_size=8), st.none()),
    st.sampled_from([(0, 1), (7, -3)]).flatmap(
        lambda pair: st.tuples(st.lists(st.sampled_from(pair), min_size=1, max_size=8), st.just(pair))),
    st.tuples(st.lists(st.sampled_from([-1, 0, 1, 2]), min_size=1, max_size=8), st.none()))


@st.composite
def problems(draw):
    """(X, y, classes): a labelled set, its labels maybe as another pair; y one short at times."""
    X, y = draw(S.svm_labelled_sets(min_rows=2, max_rows=7))
    classes = draw(st.sampled_from([None, (0, 1)]))
    if classes is not None:
        y = [classes[0] if t == -1 else classes[1] for t in y]
    if draw(st.integers(0, 4)) == 0:
        y = y[:-1]
    return S.to_float(X), y, classes


Cs_and_bad = st.one_of(st.none(), S.positive_rationals().map(float),
                       st.sampled_from([0.0, -1.0, float("inf"), float("nan")]))


# ---- the dual and the hard margin (OMC-3, OMC-4) ---------------------------------------------------

def _dual_args(c):
    return (S.to_float(c["X"]), c["y"], S.to_float(c["alpha"]), c["kernel"]), {}


def _lagrangian_args(c):
    return (S.to_float(c["X"]), c["y"], S.to_float(c["w"]), float(c["b"]), S.to_float(c["alpha"])), {}


def _w_of_alpha(c):
    from cs229.reference.svm import weights_from_alpha
    return weights_from_alpha(c["X"], c["y"], c["alpha"])


def _lagrangian_at_w_of_alpha_args(c):
    return (S.to_float(c["X"]), c["y"], S.to_float(_w_of_alpha(c)), float(c["b"]), S.to_float(c["alpha"])), {}


def _dual_scale(c):
    """Σαᵢ + ½Σᵢⱼ|αᵢαⱼ x⁽ⁱ⁾ᵀx⁽ʲ⁾| + |b|Σαᵢ: the size of the terms W and L sum (exact)."""
    X, alpha = c["X"], c["alpha"]
    quad = sum(abs(a * d * sum(u * v for u, v in zip(x, z))) for a, x in zip(alpha, X) for d, z in zip(alpha, X))
    return sum(alpha) * (1 + abs(c["b"])) + quad / 2


def _W_is_L_at_w_of_alpha(W, c, options):
    """OMC-3: substituting w = Σαᵢy⁽ⁱ⁾x⁽ⁱ⁾ (9) and Σαᵢy⁽ⁱ⁾ = 0 (10) in L(w, b, α) (8) gives W(α),
    whatever b: the target's W against the reference's L in exact arithmetic."""
    from cs229.reference.svm import lagrangian
    L = lagrangian(c["X"], c["y"], _w_of_alpha(c), c["b"], c["alpha"])
    return None if _near(W, L, _dual_scale(c), options) else f"W(α) = L(w(α), b, α) = {float(L)!r}"


def _weak_duality(W, c, options):
    """SOFT-2: for α in the box [0, C] with Σαᵢy⁽ⁱ⁾ = 0 and any (w, b), W(α) <= ½‖w‖² + CΣξ*ᵢ
    (the hinge form of the primal, 001 (11.2)), by the reference in exact arithmetic."""
    from cs229.reference.svm import hinge_objective
    primal = hinge_objective(c["X"], c["y"], c["w"], c["b"], c["C"])
    bound = float(primal) + options.rtol * max(1.0, float(_dual_scale(c)), abs(float(primal)))
    return None if float(W) <= bound else f"W(α) <= the primal objective at any (w, b) = {float(primal)!r}"


def _L_is_W_at_w_of_alpha(L, c, options):
    """OMC-3: L(w(α), b, α) = W(α) for every b when Σαᵢy⁽ⁱ⁾ = 0 (W by the reference, exact, at
    the rationals w(α) rounds from: the target's L at the rounded w within rtol)."""
    from cs229.reference.svm import dual_objective, lagrangian
    (X, y, w, b, alpha), _ = _lagrangian_at_w_of_alpha_args(c)
    W = dual_objective(c["X"], c["y"], c["alpha"])
    # the float w is w(α) rounded: L at it, exactly, differs from W by that rounding only
    L_exact = lagrangian(c["X"], c["y"], _exact(w), c["b"], c["alpha"])
    ok = _near(L, L_exact, _dual_scale(c), options) and _near(L_exact, W, _dual_scale(c), options)
    return None if ok else f"L(w(α), b, α) = W(α) = {float(W)!r}"



def _threshold_hard_args(c):
    return (c["X"], c["y"], c["fit"].alpha, c["kernel"]), {}


def _closest_margins_are_one(b, c, options):
    """OMC-4 (11): at the hard-margin solution (SMO within tol) the closest examples of each class
    lie on the margin: min_{y=1} (wᵀx + b) = 1 = −max_{y=−1} (wᵀx + b), within tol."""
    from cs229.reference.svm import decision_values
    fit = c["fit"]
    f = decision_values(c["X"], c["y"], fit.alpha, float(b), c["X"], c["kernel"])
    above = min(v for v, t in zip(f, c["y"]) if t == 1)
    below = max(v for v, t in zip(f, c["y"]) if t == -1)
    bound = SMO_TOL * (1 + 1e-6)
    ok = abs(above - 1) <= bound and abs(below + 1) <= bound
    return None if ok else (f"min over y = 1 of wᵀx + b = 1 and max over y = −1 = −1 within tol = {SMO_TOL} "
                            f"(at the target's b: {above!r}, {below!r})")


# ---- the soft margin (SOFT-1, SOFT-2) --------------------------------------------------------------

def _threshold_soft_args(c):
    return (S.to_float(c["X"]), c["y"], S.to_float(c["alpha"]), float(c["C"]), c["kernel"]), {}


def _kkt_at(fit_case, b):
    from cs229.reference.svm import kkt_violations
    c = fit_case
    return max(kkt_violations(c["X"], c["y"], c["fit"].alpha, float(b), c["C"], c["kernel"]))


def _soft_b_meets_kkt(b, c, options):
    """SOFT-2 (14)-(16): at the SMO solution (tol) the b of the free αᵢ (or the middle of the
    interval (14)-(15) leave) makes every KKT violation <= tol (by the reference's kkt_violations)."""
    worst = _kkt_at(c, b)
    return None if worst <= SMO_TOL * (1 + 1e-6) else f"every KKT violation <= tol = {SMO_TOL} (largest: {worst!r})"


def _fit_soft_args(c):
    return (c["X"], c["y"], c["fit"].alpha, c["C"], c["kernel"]), {}


def _slack_args(c):
    return (S.to_float(c["X"]), c["y"], S.to_float(c["w"]), float(c["b"])), {}


def _primal_args(c):
    return (S.to_float(c["X"]), c["y"], S.to_float(c["w"]), float(c["b"]), S.to_float(c["xi"]), float(c["C"])), {}


def _hinge_args(c):
    return (S.to_float(c["X"]), c["y"], S.to_float(c["w"]), float(c["b"]), float(c["C"])), {}


def _margin_scale(c):
    """1 + |b| + max Σⱼ|wⱼxⱼ|: the size of the terms of y(wᵀx + b) (exact)."""
    return 1 + abs(c["b"]) + max(sum(abs(a * v) for a, v in zip(c["w"], x)) for x in c["X"])


def _smallest_slacks(xi, c, options):
    """SOFT-1: ξᵢ = max(0, 1 − y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)) (exact), so ξ >= 0, 0 < ξᵢ <= 1 inside the
    margin on the right side and ξᵢ > 1 misclassified."""
    xi = [float(v) for v in normal(xi)]
    scale = float(_margin_scale(c))
    if len(xi) != len(c["optimal"]) or any(v < 0 for v in xi) or not all(
            _near(v, e, scale, options) for v, e in zip(xi, c["optimal"])):
        return f"ξ = max(0, 1 − y(wᵀx + b)) = {S.to_float(c['optimal'])!r}"
    return None


def _primal_scale(c):
    return abs(sum(v * v for v in c["w"])) / 2 + c["C"] * (sum(c["xi"]) + len(c["X"]) * _margin_scale(c))


def _hinge_is_primal_at_the_slacks(value, c, options):
    """SOFT-1: (11.2) is (11.1) at the optimal slacks: ½‖w‖² + CΣmax(0, 1 − y(wᵀx + b)) equals
    the soft-margin primal ½‖w‖² + CΣξ*ᵢ (the reference's, exact)."""
    from cs229.reference.svm import soft_margin_primal
    primal = soft_margin_primal(c["X"], c["y"], c["w"], c["b"], c["optimal"], c["C"])
    return None if _near(value, primal, _primal_scale(c), options) else \
        f"the primal ½‖w‖² + CΣξ* at ξ* = max(0, 1 − y(wᵀx + b)): {float(primal)!r}"


def _slacks_minimise_the_primal(value, c, options):
    """SOFT-1: at any feasible ξ the primal is at least its value at ξ* (the hinge form, exact):
    the smallest slacks minimise ½‖w‖² + CΣξ over ξ."""
    from cs229.reference.svm import hinge_objective
    least = hinge_objective(c["X"], c["y"], c["w"], c["b"], c["C"])
    bound = float(least) - options.rtol * max(1.0, float(_primal_scale(c)))
    return None if float(value) >= bound else f"½‖w‖² + CΣξ >= its value at ξ*: {float(least)!r}"


def _soft_lagrangian_args(c):
    return (S.to_float(c["X"]), c["y"], S.to_float(c["w"]), float(c["b"]), S.to_float(c["xi"]),
            S.to_float(c["alpha"]), S.to_float(c["r"]), float(c["C"])), {}


def _soft_lagrangian_at_the_dual_args(c):
    """w = w(α) (rounded), r = C − α, the drawn ξ and b."""
    return (S.to_float(c["X"]), c["y"], S.to_float(_w_of_alpha(c)), float(c["b"]), S.to_float(c["xi"]),
            S.to_float(c["alpha"]), S.to_float([c["C"] - a for a in c["alpha"]]), float(c["C"])), {}


@st.composite
def soft_duals(draw):
    """A dual case (α in [0, C], Σαᵢy⁽ⁱ⁾ = 0, linear kernel) with slacks ξ >= 0."""
    c = draw(duals(linear=True))
    c["xi"] = draw(_vector(len(c["X"]), S.quick_rationals(0, 2)))
    return c


def _soft_L_is_W(L, c, options):
    """SOFT-2: with w = Σαᵢy⁽ⁱ⁾x⁽ⁱ⁾, Σαᵢy⁽ⁱ⁾ = 0 and rᵢ = C − αᵢ (∂L/∂ξᵢ = 0), L(w, b, ξ, α, r)
    = W(α) for every b and ξ: the soft-margin dual (17) (W by the reference, exact)."""
    from cs229.reference.svm import dual_objective, soft_margin_lagrangian
    (X, y, w, b, xi, alpha, r, C), _ = _soft_lagrangian_at_the_dual_args(c)
    W = dual_objective(c["X"], c["y"], c["alpha"])
    exact_r = [c["C"] - a for a in c["alpha"]]
    L_exact = soft_margin_lagrangian(c["X"], c["y"], _exact(w), c["b"], c["xi"], c["alpha"], exact_r, c["C"])
    scale = _dual_scale(c) + 2 * c["C"] * sum(c["xi"])
    ok = _near(L, L_exact, scale, options) and _near(L_exact, W, scale, options)
    return None if ok else f"L(w(α), b, ξ, α, C − α) = W(α) = {float(W)!r}"


@st.composite
def kkt_cases(draw):
    """(X, y, α, b, C, kernel): α in the box (C None: the hard margin, α >= 0 unbounded), and at
    times one αᵢ outside it (refused)."""
    c = draw(duals())
    C = draw(st.sampled_from([c["C"], c["C"], None]))
    alpha = c["alpha"]
    if draw(st.integers(0, 5)) == 0:
        i = draw(st.integers(0, len(alpha) - 1))
        alpha = alpha[:i] + [draw(st.sampled_from([Fraction(-1, 4), c["C"] + 1]))] + alpha[i + 1:]
    return dict(c, alpha=alpha, C=C)


def _kkt_args(c):
    return (S.to_float(c["X"]), c["y"], S.to_float(c["alpha"]), float(c["b"]), _f(c["C"]), c["kernel"]), {}


def _fit_kkt_args(c):
    return (c["X"], c["y"], c["fit"].alpha, c["fit"].b, c["C"], c["kernel"]), {}


def _kkt_within_tol(v, c, options):
    """SOFT-2 (14)-(16): at an SMO solution (tol) every example meets its KKT condition within
    tol: αᵢ = 0 ⇒ y(wᵀx + b) >= 1, αᵢ = C ⇒ <= 1, between ⇒ = 1."""
    v = [float(x) for x in normal(v)]
    ok = len(v) == len(c["X"]) and all(0 <= x <= SMO_TOL * (1 + 1e-6) for x in v)
    return None if ok else f"m violations in [0, tol = {SMO_TOL}]"


@st.composite
def categories_cases(draw):
    """(α, C): entries at 0, at C and between (C None: no upper bound)."""
    C = draw(st.sampled_from([Fraction(1), Fraction(1, 3), None]))
    top = C if C is not None else Fraction(3)
    entry = st.one_of(st.just(Fraction(0)), st.just(top), st.fractions(0, top, max_denominator=6))
    alpha = draw(st.lists(entry, min_size=1, max_size=8))
    return alpha, C


def _categories_match_margins(categories, c, options):
    """SOFT-2 (001 §11.1.2): at an SMO solution 'easy' examples (αᵢ = 0) have y(wᵀx + b) >= 1,
    'hard' ones (αᵢ = C) <= 1 and 'marginally hard' ones = 1, each within tol."""
    from cs229.reference.svm import decision_values
    fit = c["fit"]
    f = decision_values(c["X"], c["y"], fit.alpha, fit.b, c["X"], c["kernel"])
    t = SMO_TOL * (1 + 1e-6)
    rule = {"easy": lambda u: u >= 1 - t, "hard": lambda u: u <= 1 + t, "marginally hard": lambda u: abs(u - 1) <= t}
    names = list(normal(categories))
    if len(names) != len(f) or any(n not in rule or not rule[n](y * v) for n, y, v in zip(names, c["y"], f)):
        return f"easy ⇒ y(wᵀx + b) >= 1, hard ⇒ <= 1, marginally hard ⇒ = 1, within tol = {SMO_TOL}"
    return None


# ---- prediction (OMC-5) -----------------------------------------------------------------------------

@st.composite
def queries(draw):
    """A dual case, b and query points Z."""
    c = draw(duals())
    c["Z"] = draw(st.lists(_vector(2), min_size=1, max_size=4))
    return c


def _decision_values_args(c):
    return (S.to_float(c["X"]), c["y"], S.to_float(c["alpha"]), float(c["b"]), S.to_float(c["Z"]), c["kernel"]), {}


def _kkt_on_the_training_set(values, c, options):
    """SOFT-2 through (13): the model's decision values at its own training points meet (14)-(16)
    within tol: y f(x) >= 1 where αᵢ = 0, <= 1 where αᵢ = C, = 1 between."""
    fit, t = c["fit"], SMO_TOL * (1 + 1e-6)
    f = [float(v) for v in normal(values)]
    top = float("inf") if c["C"] is None else c["C"]
    for a, y, v in zip(fit.alpha, c["y"], f):
        u = y * v
        if (a == 0 and u < 1 - t) or (a == top and u > 1 + t) or (0 < a < top and abs(u - 1) > t):
            return f"y f(x) >= 1 at αᵢ = 0, <= 1 at αᵢ = C, = 1 between, within tol = {SMO_TOL}"
    return None if len(f) == len(c["X"]) else "one value per training example"


def _separable_set_recovered(labels, c, options):
    """OMC-5 with OMC-1: the optimal margin classifier of a separable set classifies every
    training example correctly (functional margins >= 1 − tol > 0)."""
    got = normal(labels)
    return None if got == c["labels"] else f"the training labels {c['labels']!r}"


PROPERTIES = [
    differential(TOPIC, "as_labels", "MG-1", labellings, arguments=lambda c: ((c[0],), {"classes": c[1]}),
                 exact=True, doc="y ∈ {−1, 1}; classes = (negative, positive) maps another pair"),
    differential(TOPIC, "as_problem", "SOFT-2", problems(),
                 arguments=lambda c: ((c[0], c[1]), {"classes": c[2]}),
                 doc="(X, y) checked: rows and labels ±1 of both classes, as many as rows"),
    differential(TOPIC, "as_C", "SOFT-1", Cs_and_bad, arguments=lambda C: ((C,), {}),
                 doc="C > 0 finite, or None (the hard margin)"),
    differential(TOPIC, "dual_objective", "OMC-3", duals(), arguments=_dual_args,
                 doc="W(α) = Σαᵢ − ½Σᵢⱼ y⁽ⁱ⁾y⁽ʲ⁾αᵢαⱼK(x⁽ⁱ⁾, x⁽ʲ⁾)"),
    invariant(TOPIC, "dual_objective", "OMC-3", "equals_lagrangian_at_w_of_alpha", duals(linear=True),
              arguments=_dual_args, holds=_W_is_L_at_w_of_alpha,
              doc="W(α) = L(w, b, α) at w = Σαᵢy⁽ⁱ⁾x⁽ⁱ⁾ (9), Σαᵢy⁽ⁱ⁾ = 0 (10)"),
    invariant(TOPIC, "dual_objective", "SOFT-2", "weak_duality", duals(linear=True),
              arguments=_dual_args, holds=_weak_duality,
              doc="W(α) <= ½‖w‖² + CΣξ*ᵢ for α in [0, C] with Σαᵢy⁽ⁱ⁾ = 0 and any (w, b)"),
    differential(TOPIC, "lagrangian", "OMC-3", primals(), arguments=_lagrangian_args,
                 doc="(8): L(w, b, α) = ½‖w‖² − Σαᵢ[y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) − 1]"),
    invariant(TOPIC, "lagrangian", "OMC-3", "is_W_at_w_of_alpha", duals(linear=True),
              arguments=_lagrangian_at_w_of_alpha_args, holds=_L_is_W_at_w_of_alpha,
              doc="L(Σαᵢy⁽ⁱ⁾x⁽ⁱ⁾, b, α) = W(α) for every b when Σαᵢy⁽ⁱ⁾ = 0"),
    differential(TOPIC, "weights_from_alpha", "OMC-3", primals(),
                 arguments=lambda c: ((S.to_float(c["X"]), c["y"], S.to_float(c["alpha"])), {}),
                 doc="(9): w = Σαᵢy⁽ⁱ⁾x⁽ⁱ⁾"),
    differential(TOPIC, "threshold_hard", "OMC-4", duals(), arguments=_dual_args,
                 doc="(11): b* = −(max_{y=−1} w*ᵀx + min_{y=1} w*ᵀx)/2"),
    invariant(TOPIC, "threshold_hard", "OMC-4", "closest_margins_are_one", fits(hard=True),
              arguments=_threshold_hard_args, holds=_closest_margins_are_one,
              doc="at the hard-margin solution min_{y=1}(wᵀx + b) = 1 = −max_{y=−1}(wᵀx + b)"),
    differential(TOPIC, "threshold_soft", "SOFT-2", duals(), arguments=_threshold_soft_args,
                 doc="b = mean over free αᵢ of y⁽ⁱ⁾ − wᵀx⁽ⁱ⁾, else the middle of (14)-(15)'s interval"),
    invariant(TOPIC, "threshold_soft", "SOFT-2", "meets_kkt_at_the_solution", fits(),
              arguments=_fit_soft_args, holds=_soft_b_meets_kkt,
              doc="at the SMO solution b makes every KKT violation (14)-(16) <= tol"),
    differential(TOPIC, "decision_values", "OMC-5", queries(), arguments=_decision_values_args,
                 doc="(13): wᵀz + b = Σ_{αᵢ>0} αᵢy⁽ⁱ⁾K(x⁽ⁱ⁾, z) + b"),
    differential(TOPIC, "decision_function", "OMC-5", fits(),
                 arguments=lambda c: ((c["fit"], c["Z"]), {}),
                 doc="(12)-(13) from the fit's support vectors: Σ αᵢy⁽ⁱ⁾K(x⁽ⁱ⁾, z) + b"),
    invariant(TOPIC, "decision_function", "SOFT-2", "kkt_on_the_training_set", fits(),
              arguments=lambda c: ((c["fit"], c["X"]), {}), holds=_kkt_on_the_training_set,
              doc="at the training points y f(x) meets (14)-(16) within tol"),
    differential(TOPIC, "predict", "OMC-5", fits(), arguments=lambda c: ((c["fit"], c["Z"]), {}), exact=True,
                 doc="h(z) = g(wᵀz + b): classes[1] where wᵀz + b >= 0, else classes[0]"),
    invariant(TOPIC, "predict", "OMC-5", "separable_set_recovered", fits(hard=True),
              arguments=lambda c: ((c["fit"], c["X"]), {}), holds=_separable_set_recovered,
              doc="the optimal margin classifier labels its separable training set correctly"),
    differential(TOPIC, "slacks", "SOFT-1", primals(), arguments=_slack_args,
                 doc="ξᵢ = max(0, 1 − y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b))"),
    invariant(TOPIC, "slacks", "SOFT-1", "smallest_feasible_slacks", primals(), arguments=_slack_args,
              holds=_smallest_slacks, doc="ξ >= 0 is the smallest ξ with y(wᵀx + b) >= 1 − ξ"),
    differential(TOPIC, "soft_margin_primal", "SOFT-1", st.one_of(primals(), infeasible_primals()),
                 arguments=_primal_args,
                 doc="(11.1): ½‖w‖² + CΣξᵢ at a feasible point, else ValueError"),
    invariant(TOPIC, "soft_margin_primal", "SOFT-1", "slacks_minimise_the_primal", primals(),
              arguments=_primal_args, holds=_slacks_minimise_the_primal,
              doc="½‖w‖² + CΣξ >= its value at ξ* = max(0, 1 − y(wᵀx + b))"),
    differential(TOPIC, "hinge_objective", "SOFT-1", primals(), arguments=_hinge_args,
                 doc="(11.2): ½‖w‖² + CΣmax(0, 1 − y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b))"),
    invariant(TOPIC, "hinge_objective", "SOFT-1", "primal_at_the_optimal_slacks", primals(),
              arguments=_hinge_args, holds=_hinge_is_primal_at_the_slacks,
              doc="the hinge form equals the primal (11.1) at ξ*ᵢ = max(0, 1 − y(wᵀx + b))"),
    differential(TOPIC, "soft_margin_lagrangian", "SOFT-2", primals(), arguments=_soft_lagrangian_args,
                 doc="L = ½‖w‖² + CΣξᵢ − Σαᵢ[y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) − 1 + ξᵢ] − Σrᵢξᵢ"),
    invariant(TOPIC, "soft_margin_lagrangian", "SOFT-2", "is_W_at_the_dual_point", soft_duals(),
              arguments=_soft_lagrangian_at_the_dual_args, holds=_soft_L_is_W,
              doc="L(w(α), b, ξ, α, C − α) = W(α) for every b and ξ when Σαᵢy⁽ⁱ⁾ = 0"),
    differential(TOPIC, "kkt_violations", "SOFT-2", kkt_cases(), arguments=_kkt_args,
                 doc="(14)-(16): max(0, 1 − uᵢ) at αᵢ = 0, max(0, uᵢ − 1) at C, |uᵢ − 1| between"),
    invariant(TOPIC, "kkt_violations", "SOFT-2", "within_tol_at_the_solution", fits(),
              arguments=_fit_kkt_args, holds=_kkt_within_tol,
              doc="at an SMO solution every KKT violation is <= tol"),
    differential(TOPIC, "kkt_categories", "SOFT-2", categories_cases(),
                 arguments=lambda c: ((S.to_float(c[0]), _f(c[1])), {}), exact=True,
                 doc="'easy' αᵢ = 0, 'hard' αᵢ = C, 'marginally hard' between"),
    invariant(TOPIC, "kkt_categories", "SOFT-2", "categories_match_margins", fits(),
              arguments=lambda c: ((c["fit"].alpha, c["C"]), {}), holds=_categories_match_margins,
              doc="easy ⇒ y(wᵀx + b) >= 1, hard ⇒ <= 1, marginally hard ⇒ = 1 (within tol)"),
]
