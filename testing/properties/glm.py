"""Properties of generalized linear models (000 §9; 002 §1.3.3): GLM-1, GLM-4."""
import math

import numpy as np
from hypothesis import strategies as st

from .. import strategies as S
from . import differential, invariant, normal, path_of, theta_of, iterations_and_theta

TOPIC = "glm"

FAMILIES = ["poisson", "bernoulli", "gaussian", "exponential"]

# the canonical response g(η) = E[y; η] of each family (000 §9), written out independently of
# the reference's exponential_family
RESPONSES = {"poisson": math.exp, "gaussian": lambda eta: eta, "exponential": lambda eta: -1 / eta,
             "bernoulli": lambda eta: 1 / (1 + math.exp(-eta)) if eta >= 0 else math.exp(eta) / (1 + math.exp(eta))}


def _problem(name, p):
    """(family, X, y, θ) from a Poisson problem: y mod 2 for the Bernoulli, y − 2 for the
    Gaussian, y + ½ for the exponential, whose θ is shifted so that every η = θᵀx < 0."""
    X, y, theta = p
    Xf, theta = S.to_float(X), S.to_float(theta)
    if name == "bernoulli":
        y = [v % 2 for v in y]
    elif name == "gaussian":
        y = [float(v) - 2 for v in y]
    elif name == "exponential":
        y = [float(v) + 0.5 for v in y]
        bound = max(sum(abs(v) for v in x[1:]) for x in Xf)  # |θⱼ| <= 1: η <= θ₀ + bound
        theta = [-1 - bound] + theta[1:]
    return name, Xf, y, theta




@st.composite
def counts_and_parameters(draw):
    """(X, counts, θ) without the MLE filter, for the closed forms and fixed-step ascent (which
    need no maximum, and shrink faster without a fit per draw)."""
    X = draw(S.grid_design_matrices(min_rows=4, max_rows=10, max_features=2))
    y = draw(st.lists(st.integers(0, 6), min_size=len(X), max_size=len(X)))
    return X, y, draw(st.lists(S.grid_rationals(-1, 1), min_size=len(X[0]), max_size=len(X[0])))


problems = st.tuples(st.sampled_from(FAMILIES), counts_and_parameters()).map(lambda c: _problem(*c))
# the Poisson MLE exists: for Newton and the maximum of ℓ
fits = st.tuples(st.sampled_from(FAMILIES), S.grid_count_problems()).map(lambda c: _problem(*c))


def _all(c):
    return c, {}


def _hypotheses_are_the_canonical_response(h, case, options):
    """h_θ(x⁽ⁱ⁾) = g(θᵀx⁽ⁱ⁾) with g the family's canonical response (GLM-1): e^η (Poisson),
    1/(1 + e^(−η)) (Bernoulli), η (Gaussian), −1/η (exponential)."""
    name, X, _, theta = case
    expected = [RESPONSES[name](float(np.dot(x, theta))) for x in X]
    got = np.ravel(np.asarray(normal(h), dtype=float))
    ok = got.shape == (len(X),) and np.allclose(got, expected, rtol=1e-12, atol=1e-12)
    return None if ok else f"g(θᵀx⁽ⁱ⁾), g the {name} canonical response: {expected!r}"


def _mle(name, X, y):
    """The reference's maximum likelihood θ, or None when it has none (separable labels)."""
    from cs229.reference.glm import newton
    try:
        return newton(name, X, y).theta
    except (ArithmeticError, ValueError):
        return None


def _at_most_the_maximum(value, case, options):
    """ℓ(θ) <= ℓ(θ̂) at the maximum likelihood θ̂ (GLM-4), θ̂ and ℓ(θ̂) by the reference."""
    from cs229.reference.glm import log_likelihood
    name, X, y, theta = case
    best = _mle(name, X, y)
    if best is None:
        return None
    top = log_likelihood(name, X, y, best)
    return None if float(value) <= top + 1e-9 * max(1.0, abs(top)) else f"ℓ(θ) <= ℓ(θ̂) = {top!r}"


def _hessian_is_negative_semidefinite(H, case, options):
    """H = −XᵀWX, W = diag(Var[y | x⁽ⁱ⁾]) (GLM-4): symmetric, every eigenvalue <= 0 (ℓ is
    concave for a canonical link)."""
    H = np.asarray(normal(H), dtype=float)
    scale = max(1.0, float(np.abs(H).max(initial=0.0)))
    if H.ndim != 2 or H.shape[0] != H.shape[1] or not np.allclose(H, H.T, atol=1e-12 * scale):
        return "a symmetric matrix"
    return None if np.linalg.eigvalsh(H).max() <= 1e-10 * scale else "every eigenvalue <= 0 (ℓ concave)"


def _gradient_vanishes(result, case, options, name=None):
    """At the MLE the gradient Σ (y⁽ⁱ⁾ − g(θᵀx⁽ⁱ⁾)) x⁽ⁱ⁾ is 0 (GLM-4): the reference's gradient
    at the target's θ, within 1e-6 · m · max(1, |x|, |y|)."""
    from cs229.reference.glm import gradient
    family, X, y = (name, *case[:2]) if name else case[:3]
    theta = [float(v) for v in np.ravel(np.asarray(normal(result.theta), dtype=float))]
    g = max(abs(v) for v in gradient(family, X, y, theta))
    bound = 1e-6 * len(X) * max(1.0, max(abs(v) for row in X for v in row), max(abs(float(v)) for v in y))
    return None if g <= bound else f"∇ℓ(θ) = 0 at the answer (max |∇ℓ| = {g:.3g} > {bound:.3g})"


def _newton_args(c):
    """Newton from the data start (the exponential family from the case's θ, inside its domain)."""
    name, X, y, theta = c
    return (name, X, y, theta if name == "exponential" else None), {}


counts = S.grid_count_problems()

PROPERTIES = [
    differential(TOPIC, "hypothesis", "GLM-1", problems,
                 arguments=lambda c: ((c[0], c[1][0], c[3]), {}), doc="h_θ(x) = g(θᵀx), g the canonical response"),
    differential(TOPIC, "hypotheses", "GLM-1", problems,
                 arguments=lambda c: ((c[0], c[1], c[3]), {}), doc="g(θᵀx⁽ⁱ⁾) for every row"),
    invariant(TOPIC, "hypotheses", "GLM-1", "canonical_response", problems,
              arguments=lambda c: ((c[0], c[1], c[3]), {}), holds=_hypotheses_are_the_canonical_response,
              doc="h = e^η (Poisson), 1/(1 + e^(−η)) (Bernoulli), η (Gaussian), −1/η (exponential)"),
    differential(TOPIC, "log_likelihood", "GLM-4", problems, arguments=_all,
                 doc="ℓ(θ) = Σ log b(y⁽ⁱ⁾) + η y⁽ⁱ⁾ − a(η), η = θᵀx⁽ⁱ⁾"),
    invariant(TOPIC, "log_likelihood", "GLM-4", "at_most_the_maximum", fits, arguments=_all,
              holds=_at_most_the_maximum, doc="ℓ(θ) <= ℓ(θ̂) at the maximum likelihood θ̂"),
    differential(TOPIC, "gradient", "GLM-4", problems, arguments=_all,
                 doc="∂ℓ/∂θⱼ = Σ (y⁽ⁱ⁾ − g(θᵀx⁽ⁱ⁾)) xⱼ⁽ⁱ⁾ (every family)"),
    differential(TOPIC, "hessian", "GLM-4", problems, arguments=_all,
                 doc="H = −XᵀWX, W = diag(a″(θᵀx⁽ⁱ⁾))"),
    invariant(TOPIC, "hessian", "GLM-4", "negative_semidefinite", problems, arguments=_all,
              holds=_hessian_is_negative_semidefinite, doc="H is symmetric negative semidefinite"),
    differential(TOPIC, "gradient_ascent", "GLM-4",
                 st.tuples(problems, st.sampled_from([1e-3, 1e-2]), st.booleans()),
                 arguments=lambda c: ((*c[0], c[1], 8), {"tol": None, "average": c[2], "record": True}),
                 iterative=True, answer=path_of, loose_answer=theta_of,
                 doc="θⱼ := θⱼ + α Σ (y⁽ⁱ⁾ − g(θᵀx⁽ⁱ⁾)) xⱼ⁽ⁱ⁾ (÷ m when averaged; 8 steps)"),
    differential(TOPIC, "newton", "GLM-4", fits, arguments=_newton_args,
                 iterative=1e-10, answer=iterations_and_theta, loose_answer=theta_of,
                 doc="θ := θ + t(XᵀWX)⁻¹Xᵀ(y − g(Xθ)) to convergence (the same number of steps)"),
    invariant(TOPIC, "newton", "GLM-4", "gradient_vanishes", fits, arguments=_newton_args,
              holds=_gradient_vanishes, doc="∇ℓ(θ) = 0 at the maximum likelihood θ"),
    differential(TOPIC, "poisson_regression", "GLM-4", counts, arguments=lambda p: ((S.to_float(p[0]), p[1]), {}),
                 iterative=1e-10, answer=iterations_and_theta, loose_answer=theta_of,
                 doc="counts y ~ Poisson(e^(θᵀx)) by Newton / IRLS (the same number of steps)"),
    invariant(TOPIC, "poisson_regression", "GLM-4", "gradient_vanishes", counts,
              arguments=lambda p: ((S.to_float(p[0]), p[1]), {}),
              holds=lambda r, p, o: _gradient_vanishes(r, (S.to_float(p[0]), p[1]), o, name="poisson"),
              doc="Σ (y⁽ⁱ⁾ − e^(θᵀx⁽ⁱ⁾)) x⁽ⁱ⁾ = 0 at the maximum likelihood θ"),
]
