"""Properties of coordinate ascent on a concave quadratic (000 V §9.1): CA-1.

W(α) = cᵀα − ½αᵀQα with Q = AᵀA + I/4 (as ``strategies.concave_quadratics``, drawn through
``quick_rationals`` so that a failure shrinks in seconds): symmetric positive definite, so W has
its one maximum at α* = Q⁻¹c, which each property computes exactly."""
from fractions import Fraction

from hypothesis import strategies as st

from cs229.reference.coordinate_ascent import ORDERS

from .. import strategies as S
from . import differential, invariant, normal

TOPIC = "coordinate_ascent"

# the stopping tolerance of the runs compared (max |∂W/∂αᵢ| <= TOL) and their cap: the drawn
# quadratics take at most about 2,000 coordinate steps to reach it
TOL, CAP = 1e-10, 3000


@st.composite
def concave_quadratics(draw, min_size=2, max_size=4):
    """(Q, c, α₀): Q = AᵀA + I/4 (A's entries in [−2, 2], denominators <= 4), c and a point."""
    n = draw(st.integers(min_size, max_size))
    A = draw(st.lists(st.lists(S.quick_rationals(-2, 2, 4), min_size=n, max_size=n), min_size=n, max_size=n))
    Q = [[sum(A[k][i] * A[k][j] for k in range(n)) + (Fraction(1, 4) if i == j else 0)
          for j in range(n)] for i in range(n)]
    vector = st.lists(S.quick_rationals(), min_size=n, max_size=n)
    return Q, draw(vector), draw(vector)


@st.composite
def quadratics(draw, bad=False):
    """(Q, c, α): a concave quadratic and a point; with ``bad``, at times Q not symmetric or α of
    the wrong length (refused)."""
    Q, c, alpha = draw(concave_quadratics())
    if bad and draw(st.integers(0, 4)) == 0:
        if draw(st.booleans()):
            Q = [row[:] for row in Q]
            Q[0][1] += Fraction(1, 2)
        else:
            alpha = alpha[:-1]
    return Q, c, alpha


def _args(case):
    return tuple(S.to_float(v) for v in case[:3]), {}


def _maximiser(Q, c):
    from cs229.reference import linalg
    return linalg.solve(Q, c)


def _W(Q, c, alpha):
    m = len(c)
    return sum(c[i] * alpha[i] for i in range(m)) - sum(
        alpha[i] * Q[i][j] * alpha[j] for i in range(m) for j in range(m)) / 2


def _scale(Q, c, alpha):
    """max(1, Σ|cᵢαᵢ| + ½Σ|αᵢQᵢⱼαⱼ|): the size of the terms W sums."""
    m = len(c)
    return max(1, sum(abs(c[i] * alpha[i]) for i in range(m)) + sum(
        abs(alpha[i] * Q[i][j] * alpha[j]) for i in range(m) for j in range(m)) / 2)


def _exact(v):
    return S.convert(v, Fraction)


def _below_the_maximum(W, case, options):
    """W(α) = W(α*) − ½(α − α*)ᵀQ(α − α*) <= W(α*) with α* = Q⁻¹c: W is the concave quadratic
    whose maximum is where ∇W = c − Qα = 0 (exact, at the float α the target read)."""
    Q, c, _ = case
    (_, _, alpha), _ = _args(case)
    alpha = _exact(alpha)
    star = _maximiser(Q, c)
    d = [a - s for a, s in zip(alpha, star)]
    top = _W(Q, c, star)
    expected = top - sum(d[i] * Q[i][j] * d[j] for i in range(len(d)) for j in range(len(d))) / 2
    if abs(float(W) - expected) > options.rtol * _scale(Q, c, alpha) or float(W) > top + options.rtol * _scale(Q, c, star):
        return f"W(α) = W(α*) − ½(α − α*)ᵀQ(α − α*) = {float(expected)!r} <= W(α*) = {float(top)!r}"
    return None


def _at_the_maximiser_args(case):
    Q, c, _ = case
    return (S.to_float(Q), S.to_float(c), S.to_float(_maximiser(Q, c))), {}


def _gradient_vanishes(g, case, options):
    """∂W/∂α = c − Qα = 0 at α* = Q⁻¹c (rounded to float: within rtol of the terms' size)."""
    Q, c, _ = case
    (_, _, star), _ = _at_the_maximiser_args(case)
    g = [float(v) for v in normal(g)]
    scale = max(1.0, max(abs(float(ci)) + sum(abs(float(q) * a) for q, a in zip(row, star))
                         for ci, row in zip(c, Q)))
    if len(g) != len(c) or max(abs(v) for v in g) > options.rtol * scale:
        return f"∇W(Q⁻¹c) = 0 within {options.rtol * scale:.3g}"
    return None


@st.composite
def steps(draw):
    """(Q, c, α, i): a concave quadratic, a point and a coordinate (at times not an index)."""
    Q, c, alpha = draw(concave_quadratics())
    i = draw(st.one_of(st.integers(0, len(c) - 1), st.integers(0, len(c) - 1),
                       st.sampled_from([-1, len(c), 1.0])))
    return Q, c, alpha, i


def _step_args(case):
    Q, c, alpha, i = case
    return (S.to_float(Q), S.to_float(c), S.to_float(alpha), i), {}


def _coordinate_maximum(new, case, options):
    """The new α differs from α in αᵢ only, ∂W/∂αᵢ = 0 there (the arg max along αᵢ), and W does
    not fall (exact, at the floats)."""
    Q, c, alpha, i = case
    (_, _, before, _), _ = _step_args(case)
    new = _exact([float(v) for v in normal(new)])
    if len(new) != len(c) or any(a != b for k, (a, b) in enumerate(zip(new, _exact(before))) if k != i):
        return f"only α{i} changes"
    slope = c[i] - sum(Q[i][j] * new[j] for j in range(len(c)))
    scale = max(1, abs(c[i]) + sum(abs(Q[i][j] * new[j]) for j in range(len(c))))
    if abs(slope) > options.rtol * scale:
        return f"∂W/∂α{i} = 0 at the new α (got {float(slope)!r})"
    if _W(Q, c, new) < _W(Q, c, _exact(before)) - options.rtol * _scale(Q, c, new):
        return "W(new α) >= W(α)"
    return None


runs = st.tuples(concave_quadratics(), st.sampled_from(ORDERS))


def _run_args(case):
    (Q, c, alpha), order = case
    return (S.to_float(Q), S.to_float(c), S.to_float(alpha)), dict(order=order, max_iterations=CAP, tol=TOL,
                                                                     record=True)


def _same_run(result):
    return {"path": normal(result.path), "iterations": result.iterations, "converged": result.converged}


def _short_run_args(case):
    (Q, c, alpha), order = case
    return (S.to_float(Q), S.to_float(c), S.to_float(alpha)), dict(order=order, max_iterations=5 * len(c),
                                                                     tol=None, record=True)


def _ascends(result, case, options):
    """Each step moves one coordinate (α₁, α₂, … in turn when cyclic) and W never decreases
    (exact, at the recorded floats)."""
    (Q, c, _), order = case
    path = [_exact([float(v) for v in row]) for row in normal(result.path)]
    m = len(c)
    if len(path) != 5 * m + 1:
        return f"path[0] and one iterate per step: {5 * m + 1} points"
    for k, (before, after) in enumerate(zip(path, path[1:])):
        moved = [i for i in range(m) if before[i] != after[i]]
        if len(moved) > 1 or (order == "cyclic" and moved and moved != [k % m]):
            return f"step {k + 1} moves α{k % m + 1} only" if order == "cyclic" else f"step {k + 1} moves one αᵢ"
        if _W(Q, c, after) < _W(Q, c, before) - options.rtol * _scale(Q, c, before):
            return f"W(α) does not decrease at step {k + 1}"
    return None


def _converged_args(case):
    (Q, c, alpha), order = case
    return (S.to_float(Q), S.to_float(c), S.to_float(alpha)), dict(order=order, max_iterations=CAP, tol=TOL)


def _stops_at_the_maximiser(result, case, options):
    """At the answer the stopping test holds: max |cᵢ − Σⱼ Qᵢⱼαⱼ| <= tol (exact, at the float
    α, within rtol of the terms' size for the running gradient's rounding), so α is Q⁻¹c up to
    ‖Q⁻¹‖·tol."""
    (Q, c, _), _ = case
    theta = _exact([float(v) for v in normal(result.theta)])
    g = [c[i] - sum(Q[i][j] * theta[j] for j in range(len(c))) for i in range(len(c))]
    scale = max(max(1, abs(c[i]) + sum(abs(Q[i][j] * theta[j]) for j in range(len(c)))) for i in range(len(c)))
    if not result.converged or max(abs(float(v)) for v in g) > TOL + options.rtol * scale:
        return f"converged, with max |∂W/∂αᵢ| <= tol = {TOL} (got {max(abs(float(v)) for v in g)!r})"
    return None


PROPERTIES = [
    differential(TOPIC, "quadratic_objective", "CA-1", quadratics(bad=True), arguments=_args,
                 doc="W(α) = Σcᵢαᵢ − ½Σᵢⱼ αᵢQᵢⱼαⱼ"),
    invariant(TOPIC, "quadratic_objective", "CA-1", "below_the_maximum", quadratics(), arguments=_args,
              holds=_below_the_maximum, doc="W(α) = W(α*) − ½(α − α*)ᵀQ(α − α*) <= W(α*), α* = Q⁻¹c"),
    differential(TOPIC, "quadratic_gradient", "CA-1", quadratics(bad=True), arguments=_args,
                 doc="∂W/∂αᵢ = cᵢ − ΣⱼQᵢⱼαⱼ"),
    invariant(TOPIC, "quadratic_gradient", "CA-1", "vanishes_at_the_maximiser", quadratics(),
              arguments=_at_the_maximiser_args, holds=_gradient_vanishes, doc="∇W(Q⁻¹c) = 0"),
    differential(TOPIC, "coordinate_argmax", "CA-1", steps(), arguments=_step_args,
                 doc="αᵢ := (cᵢ − Σ_{j≠i} Qᵢⱼαⱼ)/Qᵢᵢ, the other αⱼ kept"),
    invariant(TOPIC, "coordinate_argmax", "CA-1", "maximises_W_along_alpha_i",
              steps().filter(lambda s: isinstance(s[3], int) and 0 <= s[3] < len(s[1])), arguments=_step_args,
              holds=_coordinate_maximum, doc="the new αᵢ is the arg max of W along αᵢ: ∂W/∂αᵢ = 0, W does not fall"),
    differential(TOPIC, "coordinate_ascent", "CA-1", runs, arguments=_run_args, iterative=True,
                 answer=_same_run, loose_answer=lambda r: r.theta,
                 doc="the same coordinate steps (cyclic: α₁, …, αₘ, α₁, …; greedy: the largest "
                     "gᵢ²/(2Qᵢᵢ)) to max |∂W/∂αᵢ| <= tol"),
    invariant(TOPIC, "coordinate_ascent", "CA-1", "never_decreases_W", runs, arguments=_short_run_args,
              holds=_ascends, doc="one coordinate per step and W(α) never decreases"),
    invariant(TOPIC, "coordinate_ascent", "CA-1", "stops_at_the_maximiser", runs, arguments=_converged_args,
              holds=_stops_at_the_maximiser, doc="at the answer ∇W = c − Qα = 0 within tol"),
]
