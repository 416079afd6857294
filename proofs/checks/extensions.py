"""The checks of the catalog's last section, the extensions users expect beyond the notes (X-…).

X-6: standard errors from the inverse Fisher information. The notes derive the Hessian of a
GLM's log-likelihood, H = −XᵀWX (000 §7, §9); the extension reads I(θ) = −E[∇²ℓ] = XᵀWX as the
Fisher information and √[I(θ̂)⁻¹]ⱼⱼ as the standard error of θ̂ⱼ.
"""
import mpmath
import numpy as np
import sympy as sp

from cs229.fast import glm as fast_glm
from cs229.reference import exponential_family as ef
from cs229.reference import glm
from cs229.testing import strategies as S

from ..checking import relies_on, sampled
from ..registry import Outcome, check

# log p(y; η) = log b(y) + ηy − a(η) for the families with T(y) = y: a(η) of each (000 §8)
_ETA, _Y = sp.symbols("eta y", real=True)
_LOG_PARTITION = {
    "bernoulli": sp.log(1 + sp.exp(_ETA)),
    "gaussian": _ETA ** 2 / 2,
    "poisson": sp.exp(_ETA),
    "exponential": -sp.log(-_ETA),
}
_FAMILIES = {"bernoulli": ef.BERNOULLI, "gaussian": ef.GAUSSIAN, "poisson": ef.POISSON}


def _information_by_sympy(name, X, theta):
    """−∇²ℓ(θ) for ℓ = Σᵢ log p(y⁽ⁱ⁾; θᵀx⁽ⁱ⁾) differentiated by sympy, with y⁽ⁱ⁾ symbols: what
    it gives must not hold them (the canonical link) and is returned at θ (50 digits)."""
    n = len(theta)
    t = sp.symbols(f"t0:{n}", real=True)
    ys = sp.symbols(f"y0:{len(X)}", real=True)
    a = _LOG_PARTITION[name]
    ell = sum(y_i * sum(sp.Float(str(v), 60) * t_j for v, t_j in zip(x, t))
              - a.subs(_ETA, sum(sp.Float(str(v), 60) * t_j for v, t_j in zip(x, t)))
              for x, y_i in zip(X, ys))
    info = -sp.hessian(ell, t)
    free = info.free_symbols & set(ys)
    at = {t_j: sp.Float(str(v), 60) for t_j, v in zip(t, theta)}
    return free, [[mpmath.mpf(str(sp.N(info[j, k].subs(at), 55))) for k in range(n)] for j in range(n)]


@relies_on(glm, "fisher_information", lambda f: lambda *a: [[v * (1 + mpmath.mpf(10) ** -6) for v in row]
                                                           for row in f(*a)],
           "every entry 1 + 10⁻⁶ times too large")
@check("X-6", "I(θ) = −E[∇²ℓ] = XᵀWX, free of y for the canonical link: sympy's −∇²ℓ equals the "
       "reference's fisher_information (Bernoulli, Gaussian, Poisson; 50 digits)",
       "extends 000 §7, §9", "derivation")
def information_is_minus_the_hessian(ctx):
    def residual(p):
        X, y, theta = p
        Xm, tm = S.to_mpf(X), S.to_mpf(theta)
        worst = mpmath.mpf(0)
        for name, fam in _FAMILIES.items():
            labels = y if name != "gaussian" else [mpmath.mpf(v) for v in y]
            free, expected = _information_by_sympy(name, Xm, tm)
            if free:  # the information would depend on y: not the canonical link's
                return mpmath.inf
            got = glm.fisher_information(fam, Xm, labels, tm)
            worst = max([worst] + [abs(a - b) for ra, rb in zip(got, expected) for a, b in zip(ra, rb)])
        return worst
    return sampled(ctx, S.classification_problems(max_rows=8), residual, mpmath.mpf(10) ** -(ctx.digits - 10),
                   n=min(ctx.examples, 6), names=("X", "y", "θ"))


@relies_on(glm, "standard_errors", lambda f: lambda *a, **k: [1.2 * v for v in f(*a, **k)],
           "every standard error 1.2 times too large")
@relies_on(glm, "standard_errors", lambda f: lambda *a, **k: [v * v for v in f(*a, **k)],
           "the variances given for the standard errors")
@check("X-6", "SE(θ̂ⱼ) = √[I(θ̂)⁻¹]ⱼⱼ is the spread of θ̂ⱼ: Poisson regression refitted on a thousand "
       "data sets drawn from the model (m = 400), the sample standard deviation of each θ̂ⱼ within "
       "10% of the standard error", "extends 000 §7, §9", "optimality")
def standard_errors_are_the_spread(ctx):
    rng = np.random.default_rng(ctx.seed)
    m, truth = 400, np.array([0.5, -0.8, 0.3])
    X = np.column_stack([np.ones(m), rng.standard_normal((m, 2))])
    mu = np.exp(X @ truth)
    se = np.array([float(v) for v in glm.standard_errors(ef.POISSON, X.tolist(), rng.poisson(mu).tolist(),
                                                         truth.tolist())])
    fits = np.array([fast_glm.poisson_regression(X, rng.poisson(mu)).theta for _ in range(1000)])
    ratio = fits.std(axis=0, ddof=1) / se
    worst = float(np.max(np.abs(ratio - 1)))
    detail = "" if worst <= 0.1 else f"sample sd / SE = {np.round(ratio, 3).tolist()}"
    return Outcome(worst <= 0.1, f"a thousand refits in float64 (the fast face), seed {ctx.seed}", worst, detail,
                   measure="max |sd(θ̂ⱼ)/SE(θ̂ⱼ) − 1|")
