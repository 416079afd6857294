"""Properties of softmax regression (000 §9.3; 002 §1.3.4): SM-2, SM-3, SM-4."""
import math

import numpy as np
from hypothesis import strategies as st

from .. import strategies as S
from . import differential, invariant, normal, path_of, theta_of, iterations_and_theta

TOPIC = "softmax"

fits = S.grid_multiclass_problems(max_rows=10)  # the MLE exists: for Newton


@st.composite
def models(draw):
    """(X, y, Θ) with k = 2 … 4 classes, for the closed forms and fixed-step ascent (which need
    no maximum): X well conditioned, labels in 1..k, Θ (k − 1)×n."""
    k = draw(st.integers(2, 4))
    X = draw(S.grid_design_matrices(min_rows=4, max_rows=10, max_features=2))
    y = draw(st.lists(st.integers(1, k), min_size=len(X), max_size=len(X)))
    Theta = draw(st.lists(st.lists(S.grid_rationals(-2, 2), min_size=len(X[0]), max_size=len(X[0])),
                          min_size=k - 1, max_size=k - 1))
    return X, y, Theta


problems = models()
# |η| up to 800 and beyond: e^η overflows past 709.78, which the max shift (SM-2) must avoid
etas = st.lists(st.one_of(st.floats(-800, 800), st.floats(-1e308, 1e308)), min_size=1, max_size=6)
probabilities_pairs = st.integers(1, 6).flatmap(
    lambda k: st.tuples(S.distributions(k, k), S.probability_vectors(k)))


def _float(p):
    return S.to_float(p)


def _XT(p):
    X, _, Theta = _float(p)
    return (X, Theta), {}


def _XyT(p):
    X, y, Theta = _float(p)
    return (X, p[1], Theta), {}


def _rows(value):
    return np.atleast_2d(np.asarray(normal(value), dtype=float))


def _is_a_distribution(phi, case, options):
    """φ = softmax(η): 0 <= φᵢ <= 1 and Σ φᵢ = 1 (SM-2), and φ the largest where η is."""
    phi = np.ravel(np.asarray(normal(phi), dtype=float))
    if phi.shape != (len(case),) or not np.all((phi >= 0) & (phi <= 1)) or abs(phi.sum() - 1) > 4e-16 * len(case):
        return "0 <= φᵢ <= 1 and Σ φᵢ = 1"
    top = max(case)
    return None if all(phi[i] == phi.max() for i, e in enumerate(case) if e == top) else \
        "φᵢ largest where ηᵢ is largest"


def _log_sum_exp_bounds(value, case, options):
    """max η <= log Σ e^η <= max η + log k (SM-2)."""
    top, v = max(case), float(value)
    slack = 4e-16 * max(1.0, abs(top))
    return None if top - slack <= v <= top + math.log(len(case)) + slack else \
        f"max η = {top!r} <= log Σ e^η <= max η + log {len(case)}"


def _last_is_zero(eta, case, options):
    """η = (θ₁ᵀx, …, θ_{k−1}ᵀx, 0): θ_k = 0 is fixed (SM-3)."""
    eta = np.ravel(np.asarray(normal(eta), dtype=float))
    k = len(case[2]) + 1
    return None if eta.shape == (k,) and eta[-1] == 0 else f"k = {k} entries, η_k = 0"


def _rows_sum_to_one(probs, case, options):
    """Each row of p(y = l | x⁽ⁱ⁾) is a distribution over the k classes (SM-3)."""
    P = _rows(probs)
    X, _, Theta = case
    if P.shape != (len(X), len(Theta) + 1) or not np.all(P >= 0) or \
            not np.allclose(P.sum(axis=1), 1.0, rtol=0, atol=1e-15 * P.shape[1]):
        return "m×k, every row >= 0 and Σ_l p(y = l | x) = 1"
    return None


def _hypothesis_leaves_phi_k(h, case, options):
    """h_θ(x) = (φ₁, …, φ_{k−1}) with φ_k = 1 − Σφᵢ = 1/Σⱼ e^ηⱼ > 0 (SM-3)."""
    h = np.ravel(np.asarray(normal(h), dtype=float))
    X, _, Theta = _float(case)
    eta = [float(np.dot(t, X[0])) for t in Theta] + [0.0]
    top = max(eta)
    phi_k = math.exp(-top) / sum(math.exp(e - top) for e in eta)
    ok = h.shape == (len(Theta),) and np.all(h > 0) and abs((1 - h.sum()) - phi_k) <= 1e-12
    return None if ok else f"k − 1 entries, each > 0, and 1 − Σφᵢ = φ_k = {phi_k!r}"


def _predict_is_the_most_probable(labels, case, options):
    """The label is the most probable class in 1..k (SM-3), by the reference's probabilities."""
    from cs229.reference.softmax import probabilities
    X, _, Theta = _float(case)
    P = probabilities(X, Theta)
    got = [int(v) for v in np.ravel(np.asarray(normal(labels)))]
    wrong = [i for i, (l, row) in enumerate(zip(got, P))
             if not 1 <= l <= len(row) or row[l - 1] < max(row) * (1 - 1e-12)]
    return None if len(got) == len(X) and not wrong else f"argmax_l p(y = l | x) for every row (rows {wrong})"


def _likelihood_is_minus_cross_entropy(value, case, options):
    """ℓ(θ) = −Σᵢ CrossEnt(1{y⁽ⁱ⁾}, p̂(· | x⁽ⁱ⁾)) <= 0 (SM-4, 002 §1.3.4), by the reference."""
    from cs229.reference.softmax import cross_entropy, probabilities
    X, y, Theta = _float(case)
    P = probabilities(X, Theta)
    expected = 0.0
    for label, row in zip(case[1], P):
        expected -= cross_entropy([1.0 if l == label else 0.0 for l in range(1, len(row) + 1)], row)
    v = float(value)
    ok = v <= 0 and abs(v - expected) <= 1e-12 * max(1.0, abs(expected)) * len(X)
    return None if ok else f"ℓ(θ) = −Σ CrossEnt = {expected!r} <= 0"


def _hessian_is_negative_semidefinite(H, case, options):
    """H over the stacked θ (SM-4): symmetric, every eigenvalue <= 0 (ℓ is concave)."""
    H = _rows(H)
    scale = max(1.0, float(np.abs(H).max(initial=0.0)))
    K, n = len(case[2]), len(case[0][0])
    if H.shape != (K * n, K * n) or not np.allclose(H, H.T, atol=1e-12 * scale):
        return f"a symmetric {K * n}×{K * n} matrix"
    return None if np.linalg.eigvalsh(H).max() <= 1e-10 * scale else "every eigenvalue <= 0 (ℓ concave)"


def _newton_args(p):
    X, y, Theta = p
    return (_float(X), y, [[0.0] * len(X[0]) for _ in Theta]), {}


def _gradient_vanishes(result, case, options):
    """At the MLE ∂ℓ/∂θ_l = Σ (1{y⁽ⁱ⁾ = l} − φ_l(x⁽ⁱ⁾)) x⁽ⁱ⁾ = 0 for every l < k (SM-4): the
    reference's gradient at the target's θ, within 1e-6 · m · max|x|."""
    from cs229.reference.softmax import gradient
    X, y, _ = _float(case)
    Theta = _rows(result.theta).tolist()
    g = max(abs(v) for row in gradient(X, case[1], Theta) for v in row)
    bound = 1e-6 * len(X) * max(1.0, max(abs(v) for row in X for v in row))
    return None if g <= bound else f"∇ℓ(θ) = 0 at the answer (max |∇ℓ| = {g:.3g} > {bound:.3g})"


def _gibbs(value, case, options):
    """CrossEnt(p, p̂) >= CrossEnt(p, p) = H(p) >= 0 (Gibbs' inequality), H(p) with 0 log 0 = 0."""
    p, q = _float(case)
    entropy = -sum(a * math.log(a) for a in p if a > 0)
    return None if float(value) >= entropy - 1e-12 * max(1.0, entropy) else f"CrossEnt(p, p̂) >= H(p) = {entropy!r}"


PROPERTIES = [
    differential(TOPIC, "softmax", "SM-2", etas, arguments=lambda e: ((e,), {}),
                 doc="φᵢ = e^ηᵢ / Σⱼ e^ηⱼ (as e^(ηᵢ − M) / Σⱼ e^(ηⱼ − M), M = max η)"),
    invariant(TOPIC, "softmax", "SM-2", "is_a_distribution", etas, arguments=lambda e: ((e,), {}),
              holds=_is_a_distribution, doc="0 <= φᵢ <= 1, Σ φᵢ = 1, φ largest where η is"),
    differential(TOPIC, "log_sum_exp", "SM-2", etas, arguments=lambda e: ((e,), {}),
                 doc="log Σ e^ηⱼ = M + log Σ e^(ηⱼ − M)"),
    invariant(TOPIC, "log_sum_exp", "SM-2", "between_max_and_max_plus_log_k", etas,
              arguments=lambda e: ((e,), {}), holds=_log_sum_exp_bounds,
              doc="max η <= log Σ e^η <= max η + log k"),
    differential(TOPIC, "natural_parameters", "SM-3", problems,
                 arguments=lambda p: ((_float(p)[0][0], _float(p)[2]), {}), doc="ηᵢ = θᵢᵀx, η_k = 0"),
    invariant(TOPIC, "natural_parameters", "SM-3", "last_is_zero", problems,
              arguments=lambda p: ((_float(p)[0][0], _float(p)[2]), {}), holds=_last_is_zero,
              doc="η_k = θ_kᵀx = 0"),
    differential(TOPIC, "probabilities", "SM-3", problems, arguments=_XT,
                 doc="(8): p(y = i | x) = e^(θᵢᵀx) / Σⱼ e^(θⱼᵀx), for every row"),
    invariant(TOPIC, "probabilities", "SM-3", "rows_sum_to_one", problems, arguments=_XT,
              holds=lambda P, p, o: _rows_sum_to_one(P, _float(p), o), doc="Σ_l p(y = l | x) = 1"),
    differential(TOPIC, "hypothesis", "SM-3", problems,
                 arguments=lambda p: ((_float(p)[0][0], _float(p)[2]), {}), doc="h_θ(x) = (φ₁, …, φ_{k−1})"),
    invariant(TOPIC, "hypothesis", "SM-3", "leaves_phi_k", problems,
              arguments=lambda p: ((_float(p)[0][0], _float(p)[2]), {}), holds=_hypothesis_leaves_phi_k,
              doc="1 − Σ h_θ(x) = φ_k = 1/Σⱼ e^ηⱼ"),
    differential(TOPIC, "predict", "SM-3", problems, arguments=_XT, exact=True,
                 doc="the most probable class in 1..k (the smallest on a tie)"),
    invariant(TOPIC, "predict", "SM-3", "most_probable_class", problems, arguments=_XT,
              holds=_predict_is_the_most_probable, doc="argmax_l p(y = l | x)"),
    differential(TOPIC, "log_likelihood", "SM-4", problems, arguments=_XyT,
                 doc="ℓ(θ) = Σ (η_{y⁽ⁱ⁾} − log Σⱼ e^ηⱼ)"),
    invariant(TOPIC, "log_likelihood", "SM-4", "minus_the_cross_entropy", problems, arguments=_XyT,
              holds=_likelihood_is_minus_cross_entropy, doc="ℓ(θ) = −Σᵢ CrossEnt(1{y⁽ⁱ⁾}, p̂) <= 0"),
    differential(TOPIC, "gradient", "SM-4", problems, arguments=_XyT,
                 doc="∂ℓ/∂θ_l = Σ (1{y⁽ⁱ⁾ = l} − φ_l(x⁽ⁱ⁾)) x⁽ⁱ⁾, l < k"),
    differential(TOPIC, "hessian", "SM-4", problems, arguments=_XyT,
                 doc="block (l, l′) = −Σ φ_l(δ_{ll′} − φ_{l′}) x⁽ⁱ⁾x⁽ⁱ⁾ᵀ"),
    invariant(TOPIC, "hessian", "SM-4", "negative_semidefinite", problems, arguments=_XyT,
              holds=lambda H, p, o: _hessian_is_negative_semidefinite(H, _float(p), o),
              doc="H is symmetric negative semidefinite"),
    differential(TOPIC, "gradient_ascent", "SM-4", st.tuples(problems, st.sampled_from([1e-3, 5e-2]), st.booleans()),
                 arguments=lambda c: ((*_XyT(c[0])[0], c[1], 8), {"tol": None, "average": c[2], "record": True}),
                 iterative=True, answer=path_of, loose_answer=theta_of,
                 doc="θ_l := θ_l + α Σ (1{y⁽ⁱ⁾ = l} − φ_l(x⁽ⁱ⁾)) x⁽ⁱ⁾ (÷ m when averaged; 8 steps)"),
    differential(TOPIC, "newton", "SM-4", fits, arguments=_newton_args,
                 iterative=1e-10, answer=iterations_and_theta, loose_answer=theta_of,
                 doc="θ := θ − tH⁻¹∇ℓ on the stacked θ, to convergence (the same number of steps)"),
    invariant(TOPIC, "newton", "SM-4", "gradient_vanishes", fits, arguments=_newton_args,
              holds=_gradient_vanishes, doc="∇ℓ(θ) = 0 at the maximum likelihood θ"),
    differential(TOPIC, "cross_entropy", "SM-4", probabilities_pairs, arguments=lambda c: (_float(c), {}),
                 doc="CrossEnt(p, p̂) = −Σ p(y) log p̂(y), 0 where p(y) = 0"),
    invariant(TOPIC, "cross_entropy", "SM-4", "at_least_the_entropy", probabilities_pairs,
              arguments=lambda c: (_float(c), {}), holds=_gibbs, doc="CrossEnt(p, p̂) >= H(p) >= 0"),
]
