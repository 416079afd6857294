"""Properties of logistic regression and the perceptron (000 §5; 002 §1.2.3): LG-1 … LG-5, PC-1,
NW-2."""

import numpy as np
from hypothesis import strategies as st

from .. import strategies as S
from . import differential, invariant, normal, path_of, theta_of, iterations_and_theta

TOPIC = "logistic_regression"

problems = S.classification_problems(max_rows=12, max_features=3)
separable = S.separable_problems(max_rows=14)
floats = st.floats(-800, 800)


def _float(p):
    return S.to_float(p)


def _Xyt(p):
    X, y, theta = _float(p)
    return (X, y, theta), {}


def _lg(function, catalog_id, doc, **kw):
    return differential(TOPIC, function, catalog_id, problems, arguments=_Xyt, doc=doc, **kw)


def _sigmoid_symmetric(g, case, options):
    """g(z) ∈ [0, 1] and g(z) + g(−z) = 1 (000 §5); the second value is the reference's g(−z)."""
    from cs229.reference.logistic_regression import sigmoid
    value = float(g)
    if not 0.0 <= value <= 1.0 or abs(value + sigmoid(-case) - 1) > 4 * 2 ** -52:
        return f"0 <= g(z) <= 1 and g(z) + g(-z) = 1 (g(-z) = {sigmoid(-case)!r})"
    return None


def _log_likelihood_is_at_most_zero(value, case, options):
    return None if float(value) <= 0 else "ℓ(θ) <= 0 (a log of probabilities)"


def _hessian_is_negative_semidefinite(H, case, options):
    """H = −Xᵀ diag(h(1−h)) X (NW-2): symmetric, every eigenvalue <= 0 (ℓ is concave)."""
    H = np.asarray(normal(H), dtype=float)
    scale = max(1.0, float(np.abs(H).max(initial=0.0)))
    if H.ndim != 2 or H.shape[0] != H.shape[1] or not np.allclose(H, H.T, atol=1e-12 * scale):
        return "a symmetric matrix"
    return None if np.linalg.eigvalsh(H).max() <= 1e-10 * scale else "every eigenvalue <= 0 (ℓ concave)"


def _newton_gradient_vanishes(result, case, options):
    """At the MLE the gradient Σ(y⁽ⁱ⁾ − h(x⁽ⁱ⁾))x⁽ⁱ⁾ is 0 (NW-2): the reference's gradient at the
    target's θ, within tol·m·max|x|."""
    from cs229.reference.logistic_regression import gradient
    X, y, _ = _float(case)
    theta = [float(v) for v in np.ravel(np.asarray(normal(result.theta), dtype=float))]
    g = max(abs(v) for v in gradient(X, y, theta))
    bound = 1e-6 * len(X) * max(1.0, max(abs(v) for row in X for v in row))
    return None if g <= bound else f"∇ℓ(θ) = 0 at the answer (max |∇ℓ| = {g:.3g} > {bound:.3g})"


def _separates(result, case, options):
    """The perceptron stops only at a θ with threshold(θᵀx) = y for every example (PC-1)."""
    X, y, _ = _float(case)
    theta = np.ravel(np.asarray(normal(result.theta), dtype=float))
    # θᵀx within rounding of 0 counts as either side: the sum's order is the implementation's
    slack = [1e-12 * np.abs(np.asarray(x) * theta).sum() for x in X]
    wrong = [i for i, (x, t, e) in enumerate(zip(X, y, slack))
             if (np.dot(x, theta) >= -e) != (t == 1) and abs(np.dot(x, theta)) > e]
    return None if not wrong else f"every example classified correctly (wrong: {wrong})"


PROPERTIES = [
    differential(TOPIC, "sigmoid", "LG-1", floats, arguments=lambda z: ((z,), {}),
                 doc="g(z) = 1/(1 + e^(−z))"),
    invariant(TOPIC, "sigmoid", "LG-1", "bounded_and_symmetric", floats, arguments=lambda z: ((z,), {}),
              holds=_sigmoid_symmetric, doc="0 <= g(z) <= 1 and g(z) + g(−z) = 1"),
    differential(TOPIC, "hypothesis", "LG-1", problems,
                 arguments=lambda p: ((_float(p)[0][0], _float(p)[2]), {}), doc="h_θ(x) = g(θᵀx)"),
    differential(TOPIC, "probabilities", "LG-1", problems,
                 arguments=lambda p: ((_float(p)[0], _float(p)[2]), {}), doc="h_θ(x⁽ⁱ⁾) for every row"),
    differential(TOPIC, "predict", "LG-1", problems, arguments=lambda p: ((_float(p)[0], _float(p)[2]), {}),
                 exact=True, doc="1{h_θ(x) >= 1/2}"),
    _lg("likelihood", "LG-3", "L(θ) = Π h^y (1 − h)^(1−y)"),
    _lg("log_likelihood", "LG-3", "ℓ(θ) = Σ y log h + (1 − y) log(1 − h)"),
    invariant(TOPIC, "log_likelihood", "LG-3", "at_most_zero", problems, arguments=_Xyt,
              holds=_log_likelihood_is_at_most_zero, doc="ℓ(θ) <= 0"),
    _lg("gradient", "LG-4", "∂ℓ/∂θⱼ = Σ (y⁽ⁱ⁾ − h(x⁽ⁱ⁾)) xⱼ⁽ⁱ⁾"),
    _lg("hessian", "NW-2", "H = −Σ h(1 − h) x xᵀ"),
    invariant(TOPIC, "hessian", "NW-2", "negative_semidefinite", problems, arguments=_Xyt,
              holds=_hessian_is_negative_semidefinite, doc="H is symmetric negative semidefinite"),
    differential(TOPIC, "stochastic_update", "LG-4", st.tuples(problems, st.sampled_from([1e-2, 0.5])),
                 arguments=lambda c: ((_float(c[0])[0][0], c[0][1][0], _float(c[0])[2], c[1]), {}),
                 iterative=True, doc="θ := θ + α(y − h_θ(x))x (one iterate of LG-4: the same bits)"),
    differential(TOPIC, "stochastic_gradient_ascent", "LG-4",
                 st.tuples(problems, st.sampled_from([1e-2, 0.5]), st.sampled_from([0, 0.1]), st.randoms(use_true_random=False)),
                 arguments=lambda c: ((*_float(c[0]), c[1], 3, _order(c), c[2]), {"record": True}),
                 iterative=True, answer=path_of, loose_answer=theta_of,
                 doc="one pass of θ := θ + α(y⁽ⁱ⁾ − h)x⁽ⁱ⁾ per example, in the given order"),
    differential(TOPIC, "batch_gradient_ascent", "LG-5",
                 st.tuples(problems, st.sampled_from([1e-3, 5e-2, 0.3]), st.booleans()),
                 arguments=lambda c: ((*_float(c[0]), c[1], 10), {"tol": None, "average": c[2], "record": True}),
                 iterative=True, answer=path_of, loose_answer=theta_of,
                 doc="θ := θ + α Σ (y⁽ⁱ⁾ − h(x⁽ⁱ⁾)) x⁽ⁱ⁾ (10 steps)"),
    differential(TOPIC, "newton", "NW-2", problems, arguments=lambda p: ((_float(p)[0], p[1]), {}),
                 iterative=1e-10, answer=iterations_and_theta, loose_answer=theta_of,
                 doc="θ := θ − H⁻¹∇ℓ(θ) to convergence (the same number of steps)"),
    invariant(TOPIC, "newton", "NW-2", "gradient_vanishes", problems,
              arguments=lambda p: ((_float(p)[0], p[1]), {}), holds=_newton_gradient_vanishes,
              doc="∇ℓ(θ) = 0 at the maximum likelihood θ"),
    differential(TOPIC, "threshold", "PC-1", floats, arguments=lambda z: ((z,), {}), exact=True,
                 doc="g(z) = 1{z >= 0}"),
    differential(TOPIC, "perceptron_update", "PC-1", st.tuples(separable, st.sampled_from([1, 0.5])),
                 arguments=lambda c: ((_float(c[0])[0][0], c[0][1][0], _float(c[0])[2], c[1]), {}),
                 iterative=True, doc="θ := θ + α(y − g(θᵀx))x (one iterate of PC-1: the same bits)"),
    differential(TOPIC, "perceptron", "PC-1",
                 st.tuples(separable, st.sampled_from([1, 0.5]), st.randoms(use_true_random=False)),
                 arguments=lambda c: ((_float(c[0])[0], c[0][1]), {"alpha": c[1], "order": _order(c), "record": True}),
                 iterative=True, answer=path_of, loose_answer=lambda r: None,
                 doc="the perceptron's updates, example by example"),
    invariant(TOPIC, "perceptron", "PC-1", "separates", separable,
              arguments=lambda p: ((_float(p)[0], p[1]), {}), holds=_separates,
              doc="on separable data the perceptron ends at a separating θ"),
    differential(TOPIC, "is_separated", "LG-3", problems, arguments=_Xyt, exact=True,
                 doc="θ classifies every example strictly correctly"),
]


def _order(case):
    """A permutation of the examples drawn with the case's Random."""
    X = case[0][0]
    order = list(range(len(X)))
    case[-1].shuffle(order)
    return order


