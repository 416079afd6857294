"""Properties of labels, the classifier h_{w,b} and the functional and geometric margins (000 V
§2-3; 002 §1.5.1): MG-1 … MG-3."""
import math

from hypothesis import strategies as st

from .. import strategies as S
from . import differential, invariant, normal, same

TOPIC = "margins"

# (X, y, w, b, λ): a labelled set, a model (w ≠ 0) and a positive scale
models = S.margin_problems()
# w = 0 as well: the geometric margin, normalize and B have no boundary to measure from
any_models = S.margin_problems(zero_w=True)
labels = st.one_of(
    st.tuples(st.lists(st.sampled_from([-1, 1]), min_size=1, max_size=8), st.none()),
    st.tuples(st.lists(st.sampled_from([0, 1]), min_size=1, max_size=8), st.just((0, 1))),
    st.tuples(st.lists(st.sampled_from([3, 7]), min_size=1, max_size=8), st.just((7, 3))),
    st.tuples(st.lists(st.sampled_from([-1, 0, 1]), min_size=1, max_size=8), st.none()),
    st.tuples(st.lists(st.sampled_from([0, 1, 2]), min_size=1, max_size=8), st.just((0, 1))))
scores = st.one_of(st.just(0.0), st.just(-0.0), st.floats(-1e3, 1e3), st.floats(-1e-300, 1e-300))


def _data(c):
    X, y, w, b, _ = c
    return S.to_float(X), list(y), S.to_float(w), float(b)


def _set_args(c):
    X, y, w, b = _data(c)
    return (X, y, w, b), {}


def _scaled_args(c):
    """(X, y, λw, λb): the same boundary, measured by a model λ times longer."""
    X, y, w, b, lam = c
    return (S.to_float(X), list(y), [float(lam * v) for v in w], float(lam * b)), {}


def _one_args(c):
    X, y, w, b = _data(c)
    return (X[0], y[0], w, b), {}


def _exact_scores(c):
    """wᵀx⁽ⁱ⁾ + b in exact arithmetic of the drawn rationals."""
    X, _, w, b, _ = c
    return [sum((a * v for a, v in zip(w, x)), b * 0) + b for x in X]


def _exact_norm(c):
    return math.sqrt(sum(v * v for v in c[2]))


def _exact_functional(c):
    """γ̂⁽ⁱ⁾ = y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b), exact, as floats."""
    return [float(t * s) for t, s in zip(c[1], _exact_scores(c))]


def _agrees(got, expected, what):
    return None if same(got, expected, 1e-12) else f"{what} = {expected!r}"


def _functional_scales(values, case, options):
    """(λw, λb) multiplies every γ̂⁽ⁱ⁾ by λ (MG-2)."""
    lam = float(case[4])
    return _agrees(values, [lam * v for v in _exact_functional(case)], "λ y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)")


def _functional_minimum(value, case, options):
    """γ̂ = minᵢ y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) (MG-2)."""
    return _agrees(value, min(_exact_functional(case)), "minᵢ y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)")


def _functional_is_norm_times_geometric(value, case, options):
    """‖w‖ γ⁽ⁱ⁾ = γ̂⁽ⁱ⁾ = y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) (MG-3)."""
    return _agrees(float(value) * _exact_norm(case), _exact_functional(case)[0], "γ̂ = y(wᵀx + b), so ‖w‖γ")


def _geometric_is_scale_invariant(values, case, options):
    """γ⁽ⁱ⁾ of (λw, λb) is y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)/‖w‖ of (w, b): the distance to the boundary does not
    depend on the scale of the model (MG-3)."""
    norm = _exact_norm(case)
    return _agrees(values, [v / norm for v in _exact_functional(case)], "y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)/‖w‖ of the unscaled (w, b)")


def _geometric_minimum(value, case, options):
    """γ = minᵢ γ⁽ⁱ⁾ (MG-3)."""
    return _agrees(value, min(_exact_functional(case)) / _exact_norm(case), "minᵢ y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)/‖w‖")


def _normalized_is_unit_and_geometric(pair, case, options):
    """(w/‖w‖, b/‖w‖) has ‖w‖ = 1, and its functional margins are the geometric margins of
    (w, b) (MG-3), the margins by the reference."""
    from cs229.reference.margins import functional_margins, geometric_margins
    X, y, w, b = _data(case)
    try:
        w1, b1 = normal(pair)
        w1, b1 = [float(v) for v in w1], float(b1)
    except (TypeError, ValueError):
        return "a pair (w/‖w‖, b/‖w‖)"
    if abs(math.sqrt(sum(v * v for v in w1)) - 1) > 1e-12:
        return "‖w/‖w‖‖ = 1"
    return _agrees(functional_margins(X, y, w1, b1), geometric_margins(X, y, w, b),
                   "the functional margins of (w/‖w‖, b/‖w‖): the geometric margins of (w, b)")


def _boundary_point_on_the_boundary(point, case, options):
    """B = x − γ w/‖w‖ = x − ((wᵀx + b)/‖w‖²) w, the foot of the perpendicular: wᵀB + b = 0 (MG-3);
    B in exact arithmetic."""
    X, w = case[0], case[2]
    t = _exact_scores(case)[0] / sum(v * v for v in w)
    B = [float(a - t * v) for a, v in zip(X[0], w)]
    return _agrees(point, B, "B = x − ((wᵀx + b)/‖w‖²)w, on wᵀB + b = 0")


def _predict_is_scale_invariant(labels_, case, options):
    """h_{λw,λb}(x) = g(wᵀx + b): scaling the model does not change the classifier (MG-1, MG-2)."""
    expected = [1 if s >= 0 else -1 for s in _exact_scores(case)]
    return None if same(labels_, expected, 0) else f"g(wᵀx⁽ⁱ⁾ + b) = {expected!r}"


def _hypothesis_args(c):
    X, _, w, b = _data(c)
    return (X[0], w, b), {}


PROPERTIES = [
    differential(TOPIC, "signed_labels", "MG-1", labels, arguments=lambda c: ((c[0],), {"classes": c[1]}),
                 exact=True, doc="labels in {−1, 1}; classes = (negative, positive) maps to −1, 1"),
    differential(TOPIC, "g", "MG-1", scores, arguments=lambda z: ((z,), {}), exact=True,
                 doc="g(z) = 1 if z >= 0, −1 otherwise"),
    differential(TOPIC, "hypothesis", "MG-1", models, arguments=_hypothesis_args, exact=True,
                 doc="h_{w,b}(x) = g(wᵀx + b)"),
    differential(TOPIC, "predict", "MG-1", models,
                 arguments=lambda c: ((_data(c)[0], _data(c)[2], _data(c)[3]), {}), exact=True,
                 doc="h_{w,b}(x⁽ⁱ⁾) for every row"),
    invariant(TOPIC, "predict", "MG-2", "scale_invariant", models,
              arguments=lambda c: ((_scaled_args(c)[0][0], *_scaled_args(c)[0][2:]), {}),
              holds=_predict_is_scale_invariant, doc="h_{λw,λb} = h_{w,b} = g(wᵀx + b) for λ > 0"),
    differential(TOPIC, "functional_margin", "MG-2", models, arguments=_one_args,
                 doc="γ̂⁽ⁱ⁾ = y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)"),
    differential(TOPIC, "functional_margins", "MG-2", models, arguments=_set_args,
                 doc="γ̂⁽ⁱ⁾ = y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) for every example"),
    invariant(TOPIC, "functional_margins", "MG-2", "scale_with_the_model", models, arguments=_scaled_args,
              holds=_functional_scales, doc="(λw, λb) multiplies γ̂⁽ⁱ⁾ = y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) by λ"),
    differential(TOPIC, "functional_margin_set", "MG-2", models, arguments=_set_args,
                 doc="γ̂ = minᵢ γ̂⁽ⁱ⁾"),
    invariant(TOPIC, "functional_margin_set", "MG-2", "the_smallest_margin", models, arguments=_set_args,
              holds=_functional_minimum, doc="γ̂ = minᵢ y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)"),
    differential(TOPIC, "geometric_margin", "MG-3", any_models, arguments=_one_args,
                 doc="γ⁽ⁱ⁾ = y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)/‖w‖ (w ≠ 0)"),
    invariant(TOPIC, "geometric_margin", "MG-3", "functional_is_norm_times_geometric", models,
              arguments=_one_args, holds=_functional_is_norm_times_geometric, doc="γ̂⁽ⁱ⁾ = ‖w‖ γ⁽ⁱ⁾"),
    differential(TOPIC, "geometric_margins", "MG-3", any_models, arguments=_set_args,
                 doc="γ⁽ⁱ⁾ = y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)/‖w‖ for every example"),
    invariant(TOPIC, "geometric_margins", "MG-3", "scale_invariant", models, arguments=_scaled_args,
              holds=_geometric_is_scale_invariant, doc="γ⁽ⁱ⁾ of (λw, λb) = γ⁽ⁱ⁾ of (w, b) = y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)/‖w‖"),
    differential(TOPIC, "geometric_margin_set", "MG-3", any_models, arguments=_set_args,
                 doc="γ = minᵢ γ⁽ⁱ⁾"),
    invariant(TOPIC, "geometric_margin_set", "MG-3", "the_smallest_margin", models, arguments=_set_args,
              holds=_geometric_minimum, doc="γ = minᵢ y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)/‖w‖"),
    differential(TOPIC, "normalize", "MG-3", any_models, arguments=lambda c: ((_data(c)[2], _data(c)[3]), {}),
                 doc="(w/‖w‖, b/‖w‖)"),
    invariant(TOPIC, "normalize", "MG-3", "unit_norm_functional_is_geometric", models,
              arguments=lambda c: ((_data(c)[2], _data(c)[3]), {}), holds=_normalized_is_unit_and_geometric,
              doc="‖w/‖w‖‖ = 1 and its functional margins are the geometric margins of (w, b)"),
    differential(TOPIC, "boundary_point", "MG-3", any_models,
                 arguments=lambda c: ((_data(c)[0][0], _data(c)[2], _data(c)[3]), {}),
                 doc="B = x − γ w/‖w‖ = x − ((wᵀx + b)/‖w‖²)w"),
    invariant(TOPIC, "boundary_point", "MG-3", "foot_of_the_perpendicular", models,
              arguments=lambda c: ((_data(c)[0][0], _data(c)[2], _data(c)[3]), {}),
              holds=_boundary_point_on_the_boundary, doc="B = x − ((wᵀx + b)/‖w‖²)w lies on wᵀB + b = 0"),
]
