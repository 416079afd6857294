"""Properties of SMO (000 V §9.2): SMO-2 … SMO-4."""
from fractions import Fraction

from hypothesis import strategies as st

from .. import strategies as S
from . import differential, invariant, normal

TOPIC = "smo"

Cs = st.sampled_from([None, Fraction(1), Fraction(1, 3)])


@st.composite
def pairs(draw, min_rows=4, max_rows=7, soft=False):
    """(X, y, α, i, j, C): a labelled set, a feasible α for it, a pair i ≠ j and C (None: the
    hard margin), exact."""
    X, y = draw(S.svm_labelled_sets(min_rows=min_rows, max_rows=max_rows))
    C = draw(st.sampled_from([Fraction(1), Fraction(1, 3)]) if soft else Cs)
    alpha = draw(S.feasible_alphas(y, C))
    i = draw(st.integers(0, len(X) - 1))
    j = draw(st.integers(0, len(X) - 1).filter(lambda k: k != i))
    return X, y, alpha, i, j, C


def _f(v):
    return None if v is None else S.to_float(v)


@st.composite
def box_pairs(draw):
    """(α₁, α₂, y⁽¹⁾, y⁽²⁾, C): a pair in the box [0, C]² (C None: the hard margin, α <= 2)."""
    C = draw(Cs)
    alpha = st.fractions(0, C if C is not None else 2, max_denominator=6)
    return draw(alpha), draw(alpha), draw(st.sampled_from([-1, 1])), draw(st.sampled_from([-1, 1])), C


def _bounds_args(c):
    a1, a2, y1, y2, C = c
    return (float(a1), float(a2), y1, y2, _f(C)), {}


def _segment_in_the_box(LH, case, options):
    """[L, H] is the segment of the line (20) inside the box (SMO-2): 0 <= L <= α₂ <= H <= C, at
    both ends α₁ = (ζ − α₂y⁽²⁾)y⁽¹⁾ lies in [0, C], and each end is where the segment leaves the
    box (α₂ or α₁ on a side of it; H = None, +∞, only when C is None and y⁽¹⁾ ≠ y⁽²⁾)."""
    (a1, a2, y1, y2, c), _ = _bounds_args(case)
    low, high = normal(LH)
    zeta = a1 * y1 + a2 * y2
    top = float("inf") if c is None else c
    eps = 1e-12 * max(1.0, abs(a1) + abs(a2))
    expected = (f"0 <= L <= α₂ = {a2} <= H <= C = {c}, α₁ in [0, C] at both ends, and each end on a "
                f"side of the box (α₁ = {a1}, y⁽¹⁾ = {y1}, y⁽²⁾ = {y2})")

    def alpha1(a):
        return (zeta - a * y2) * y1

    def inside(v):
        return -eps <= v <= top + eps

    def on_a_side(v):
        return abs(v) <= eps or (c is not None and abs(v - c) <= eps)

    if high is None:
        return None if c is None and y1 != y2 and abs(low - max(0.0, a2 - a1)) <= eps else expected
    if not (-eps <= low <= a2 + eps and a2 <= high + eps and high <= top + eps):
        return expected
    if not (inside(alpha1(low)) and inside(alpha1(high))):
        return expected
    if not (on_a_side(low) or on_a_side(alpha1(low))) or not (on_a_side(high) or on_a_side(alpha1(high))):
        return expected
    return None


def _step_args(c):
    X, y, alpha, i, j, C = c
    return (S.to_float(X), y, S.to_float(alpha), i, j, 1.0 if C is None else float(C)), {}


def _step_is_feasible_and_ascends(new, case, options):
    """The step keeps Σ αₖy⁽ᵏ⁾ = 0 and 0 <= α <= C, moves only αᵢ and αⱼ, and does not lower W (SMO-2)."""
    from cs229.reference.svm import dual_objective
    (X, y, alpha, i, j, C), _ = _step_args(case)
    new = [float(v) for v in normal(new)]
    scale = 1e-9 * max(1.0, C)
    if abs(sum(a * t for a, t in zip(new, y))) > scale * len(y):
        return "Σ αₖ y⁽ᵏ⁾ = 0"
    if not all(-scale <= a <= C + scale for a in new):
        return f"0 <= αₖ <= C = {C}"
    if any(a != b for k, (a, b) in enumerate(zip(new, alpha)) if k not in (i, j)):
        return "only αᵢ and αⱼ change"
    before, after = dual_objective(X, y, alpha), dual_objective(X, y, new)
    if after < before - 1e-9 * max(1.0, abs(before)):
        return f"W(α_new) >= W(α) = {before!r} (got {after!r})"
    return None


@st.composite
def problems(draw, rules=None):
    """(X, y, options): a labelled set and smo's keyword arguments (C, kernel, rule, seed)."""
    from cs229.reference.kernels import Gaussian, Linear, Polynomial
    from cs229.reference.smo import RULES
    X, y = draw(S.svm_labelled_sets(min_rows=5, max_rows=14, features=3))
    kernel = draw(st.sampled_from([Linear(), Polynomial(1, 2), Gaussian.from_gamma(0.5)]))
    C = draw(st.sampled_from([1.0, 0.25] + ([None] if not isinstance(kernel, Linear) else [])))
    return S.to_float(X), y, dict(C=C, kernel=kernel, rule=draw(st.sampled_from(rules or RULES)), tol=1e-6,
                                  seed=draw(st.integers(0, 2 ** 64 - 1)), max_iterations=3000)


def _kkt_within_tol(fit, case, options):
    """At wss2's answer (its stopping test is this gap) the maximal KKT violation (Fan, Chen and Lin) is <= tol (SMO-3, SMO-4),
    by the reference's kkt_gap at the target's α."""
    from cs229.reference.smo import kkt_gap
    X, y, o = case
    alpha = [float(v) for v in normal(fit.alpha)]
    gap = kkt_gap(X, y, alpha, 1e300 if o["C"] is None else o["C"], o["kernel"])
    return None if gap <= o["tol"] * (1 + 1e-9) else f"KKT gap <= tol = {o['tol']} (reference's gap: {gap!r})"


def _same_run(fit):
    return {"path": normal(fit.path), "iterations": fit.iterations, "alpha": normal(fit.alpha),
            "b": float(fit.b), "objective": float(fit.objective), "kkt_gap": float(fit.kkt_gap),
            "support": normal(fit.support)}


PROPERTIES = [
    differential(TOPIC, "zeta", "SMO-2", pairs(),
                 arguments=lambda c: ((S.to_float(c[2]), c[1], c[3], c[4]), {}),
                 doc="(20): ζ = αᵢy⁽ⁱ⁾ + αⱼy⁽ʲ⁾ = −Σ_{k≠i,j} αₖy⁽ᵏ⁾"),
    differential(TOPIC, "bounds", "SMO-2", box_pairs(), arguments=_bounds_args,
                 doc="y⁽¹⁾ ≠ y⁽²⁾: L = max(0, α₂ − α₁), H = min(C, C + α₂ − α₁); "
                     "y⁽¹⁾ = y⁽²⁾: L = max(0, α₁ + α₂ − C), H = min(C, α₁ + α₂)"),
    invariant(TOPIC, "bounds", "SMO-2", "segment_in_the_box", box_pairs(), arguments=_bounds_args,
              holds=_segment_in_the_box, doc="[L, H] is where the line (20) crosses the box [0, C]²"),
    differential(TOPIC, "alpha1_from_alpha2", "SMO-2", st.tuples(S.rationals(), S.rationals(), st.sampled_from([-1, 1]), st.sampled_from([-1, 1])),
                 arguments=lambda c: ((float(c[0]), float(c[1]), c[2], c[3]), {}),
                 doc="α₁ = (ζ − α₂y⁽²⁾)y⁽¹⁾"),
    differential(TOPIC, "unclipped_optimum", "SMO-2",
                 st.tuples(S.rationals(0, 2), st.sampled_from([-1, 1]), S.rationals(), S.rationals(), S.positive_rationals()),
                 arguments=lambda c: (tuple(float(v) for v in c), {}),
                 doc="α₂ + y⁽²⁾(E₁ − E₂)/η"),
    differential(TOPIC, "clip", "SMO-2",
                 st.tuples(S.rationals(-3, 3), S.rationals(0, 1), st.one_of(st.none(), S.rationals(1, 2))),
                 arguments=lambda c: (tuple(_f(v) for v in c), {}),
                 doc="α₂ clipped to [L, H]"),
    differential(TOPIC, "two_variable_step", "SMO-2", pairs(soft=True), arguments=_step_args,
                 iterative=1e-9, loose_answer=lambda new: new,
                 doc="maximise W along (20) in the box: α₂ unclipped, clipped to [L, H], α₁ back"),
    invariant(TOPIC, "two_variable_step", "SMO-2", "feasible_and_ascending", pairs(soft=True),
              arguments=_step_args, holds=_step_is_feasible_and_ascends,
              doc="the step stays feasible, moves only the pair and does not lower W"),
    differential(TOPIC, "kkt_gap", "SMO-3", pairs(soft=True),
                 arguments=lambda c: ((S.to_float(c[0]), c[1], S.to_float(c[2]), float(c[5])), {}),
                 doc="max_{I_up} −gₜ − min_{I_low} −gₜ"),
    differential(TOPIC, "smo", "SMO-3", problems(),
                 arguments=lambda c: ((c[0], c[1]), dict(c[2], record=True, shrinking=False)), iterative=True,
                 answer=_same_run, loose_answer=lambda fit: None,
                 doc="the same pairs in the same order, the same α and b (without shrinking, the "
                     "reference's loop)"),
    invariant(TOPIC, "smo", "SMO-4", "kkt_within_tol", problems(rules=["wss2"]),
              arguments=lambda c: ((c[0], c[1]), c[2]), holds=_kkt_within_tol,
              doc="the answer satisfies the KKT conditions within tol"),
]
