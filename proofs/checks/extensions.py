"""The checks of the catalog's last section, the extensions users expect beyond the notes (X-…).

X-6: standard errors from the inverse Fisher information. The notes derive the Hessian of a
GLM's log-likelihood, H = −XᵀWX (000 §7, §9); the extension reads I(θ) = −E[∇²ℓ] = XᵀWX as the
Fisher information and √[I(θ̂)⁻¹]ⱼⱼ as the standard error of θ̂ⱼ.

X-1: L2 regularisation as the MAP estimate under a Gaussian prior θⱼ ~ N(0, 1/λ) (j >= 1, the
intercept θ₀ unpenalised): maximise ℓ(θ) − (λ/2) Σ_{j≥1} θⱼ², whose gradient is ∇ℓ − λθ′ and
Hessian H − λI′; for least squares, minimise J(θ) + (λ/2) Σ_{j≥1} θⱼ², solved by
(XᵀX + λI′)θ = Xᵀy.

X-7: the summation form (Chu et al. 2006). Each pass of the normal equations and of Newton /
IRLS is a sum over the examples, A = Σᵢ Aᵢ and ∇ℓ = Σᵢ ∇ℓᵢ; summed block by block over any
split of the rows into contiguous blocks, the sums, and so the step A⁻¹∇ℓ, are the serial
fit's in exact arithmetic. cs229.fast and cs229.distributed fix the blocks and the order of
their addition, which makes their float sums equal too.
"""
from fractions import Fraction

import mpmath
import numpy as np
import sympy as sp

from cs229.fast import glm as fast_glm
from cs229.reference import exponential_family as ef
from cs229.reference import glm
from cs229.reference import linalg
from cs229.reference import linear_regression as lr
from cs229.reference import logistic_regression as lg
from cs229.reference import newton
from cs229.reference import softmax
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


# ---- L2 regularisation ---------------------------------------------------------------------

_LAMBDAS = (mpmath.mpf(1) / 4, mpmath.mpf(3))  # λ of the checks: below and above the data's scale


def _penalised_by_sympy(name, X, y, theta):
    """λ ↦ (∇, ∇²) of ℓ(θ) − (λ/2) Σ_{j≥1} θⱼ² (``name`` a family of _LOG_PARTITION), or of
    −J(θ) − (λ/2) Σ_{j≥1} θⱼ² with J = ½ Σᵢ (θᵀx⁽ⁱ⁾ − y⁽ⁱ⁾)² (``name`` "least squares"),
    differentiated by sympy with λ a symbol, then taken at θ and λ (at mp.dps)."""
    n = len(theta)
    t = sp.symbols(f"t0:{n}", real=True)
    lam_s = sp.Symbol("lambda", positive=True)
    rows = [[sp.Float(str(v), 60) for v in x] for x in X]
    etas = [sum(v * t_j for v, t_j in zip(x, t)) for x in rows]
    ys = [sp.Float(str(v), 60) for v in y]
    if name == "least squares":
        fit = -sum((eta - y_i) ** 2 for eta, y_i in zip(etas, ys)) / 2
    else:
        a = _LOG_PARTITION[name]
        fit = sum(y_i * eta - a.subs(_ETA, eta) for eta, y_i in zip(etas, ys))
    objective = fit - lam_s / 2 * sum(t_j ** 2 for t_j in t[1:])
    grad = [sp.diff(objective, t_j) for t_j in t]
    hess = sp.hessian(objective, t)
    value = sp.lambdify((*t, lam_s), [grad, hess.tolist()], "mpmath")
    return lambda lam: value(*theta, lam)


def _penalised_system(name, X, y, theta, lam):
    """(−∇², ∇) of the same objective from the reference: ``newton.penalised`` around the GLM's
    system, or the ridge normal equations (A = XᵀX + λI′, ∇ = Xᵀy − Aθ)."""
    if name == "least squares":
        A, b = lr.ridge_system(X, y, lam, 1)
        return A, [b_j - sum(a * t for a, t in zip(row, theta)) for b_j, row in zip(b, A)]
    fam = _FAMILIES[name]
    system, _ = newton.penalised(newton.glm_callbacks(fam, X, y), lam, 1, len(theta))
    return system(theta)


@relies_on(newton, "penalised", lambda f: lambda c, lam, first, width, *a: f(c, lam, 0, width, *a),
           "the intercept penalised too")
@relies_on(newton, "penalised", lambda f: lambda c, lam, first, width, *a: f(c, 2 * lam, first, width, *a),
           "λ doubled in the penalised system")
@relies_on(lr, "ridge_system", lambda f: lambda X, y, lam, first: f(X, y, lam / 2, first),
           "λ/2 on the diagonal of the ridge normal equations")
@check("X-1", "∇[ℓ(θ) − (λ/2)Σ_{j≥1}θⱼ²] = ∇ℓ − λθ′ and ∇²[…] = H − λI′ (θ₀ unpenalised), "
       "differentiated by sympy with λ a symbol: equal to the reference's penalised Newton system "
       "(Bernoulli, Gaussian, Poisson) and ridge normal equations (λ = 1/4, 3; 50 digits)",
       "extends 000 §1, §7, §9", "derivation")
def penalised_gradient_and_hessian(ctx):
    def residual(p):
        X, y, theta = p
        Xm, tm = S.to_mpf(X), S.to_mpf(theta)
        worst = mpmath.mpf(0)
        for name in ("bernoulli", "gaussian", "poisson", "least squares"):
            labels = y if name in ("bernoulli", "poisson") else [mpmath.mpf(v) for v in y]
            derived = _penalised_by_sympy(name, Xm, labels, tm)
            for lam in _LAMBDAS:
                grad, hess = derived(lam)
                A, g = _penalised_system(name, Xm, labels, tm, lam)
                worst = max([worst] + [abs(a + h) for ra, rh in zip(A, hess) for a, h in zip(ra, rh)]
                            + [abs(a - b) for a, b in zip(g, grad)])
        return worst
    return sampled(ctx, S.classification_problems(max_rows=8), residual, mpmath.mpf(10) ** -(ctx.digits - 10),
                   n=min(ctx.examples, 4), names=("X", "y", "θ"))


def _optimality_residuals(X, y, lam, tol):
    """max |∇ℓ(θ̂) − λθ̂′| (and |∇J(θ̂) + λθ̂′|) at the reference's penalised fits on X, y:
    logistic Newton, Poisson Newton, softmax Newton (classes 1 + y and one more made from the
    first row) and ridge; each relative to 1 + max |θ̂|."""
    out = {}
    theta = lg.newton(X, y, tol=tol, lam=lam).theta
    out["logistic"] = _gap(lg.gradient(X, y, theta), theta, lam)
    counts = [v + (i % 3) for i, v in enumerate(y)]
    theta = glm.poisson_regression(X, counts, tol=tol, lam=lam).theta
    out["Poisson"] = _gap(glm.gradient(ef.POISSON, X, counts, theta), theta, lam)
    labels = [1 + v for v in y] + [3]
    Xk = X + [X[0][:]]
    Theta = softmax.newton(Xk, labels, tol=tol, lam=lam).theta
    out["softmax"] = max(_gap(g, t, lam) for g, t in zip(softmax.gradient(Xk, labels, Theta), Theta))
    reals = [mpmath.mpf(v) for v in y]
    theta = lr.normal_equations(X, reals, lam=lam)
    out["ridge"] = _gap([-g for g in lr.gradient(X, reals, theta)], theta, lam)
    return out


def _gap(gradient, theta, lam):
    """max_j |∇ⱼ − λθⱼ′| / (1 + max |θ|), θ₀ unpenalised: 0 at the penalised maximum."""
    size = 1 + max(abs(t) for t in theta)
    return max(abs(g - (lam * t if j >= 1 else 0)) for j, (g, t) in enumerate(zip(gradient, theta))) / size


@relies_on(newton, "penalised", lambda f: lambda c, lam, first, width, *a: f(c, lam, 0, width, *a),
           "the intercept penalised too")
@relies_on(newton, "penalised", lambda f: lambda c, lam, first, width, *a: f(c, lam * 1.001, first, width, *a),
           "λ 1.001 times too large in Newton's system")
@relies_on(lr, "ridge_system", lambda f: lambda X, y, lam, first: f(X, y, lam, 0),
           "the ridge normal equations penalise the intercept")
@check("X-1", "the penalised MAP θ̂ satisfies ∇ℓ(θ̂) = λθ̂′ (θ̂₀ unpenalised): at the reference's "
       "fits on drawn data (logistic, Poisson and softmax Newton with lam, ridge normal equations; "
       "λ = 1/4, 3; 50 digits)", "extends 000 §1, §7, §9", "optimality")
def penalised_optimality(ctx):
    tol = mpmath.mpf(10) ** -(ctx.digits - 5)

    def residual(p):
        X, y, _ = p
        Xm = S.to_mpf(X)
        worst = mpmath.mpf(0)
        for lam in _LAMBDAS:
            worst = max([worst] + list(_optimality_residuals(Xm, y, lam, tol).values()))
        return worst
    return sampled(ctx, S.classification_problems(max_rows=8), residual, mpmath.mpf(10) ** -(ctx.digits - 10),
                   n=min(ctx.examples, 4), names=("X", "y", "θ"))


# ---- the summation form ----------------------------------------------------------------------

def _contiguous_partitions(m):
    """Every split of rows 0..m−1 into contiguous blocks (2^(m−1) of them), as lists of (start, stop)."""
    for mask in range(2 ** (m - 1)):
        cuts = [0] + [i + 1 for i in range(m - 1) if mask >> i & 1] + [m]
        yield [(a, b) for a, b in zip(cuts, cuts[1:])]


def _blocked_system(system, X, y, blocks):
    """(A, ∇) added block by block, left to right: Σ_blocks of the system on each block's rows."""
    A = g = None
    for a, b in blocks:
        A_b, g_b = system(X[a:b], y[a:b])
        if A is None:
            A, g = [row[:] for row in A_b], g_b[:]
        else:
            A = [[u + v for u, v in zip(r, s)] for r, s in zip(A, A_b)]
            g = [u + v for u, v in zip(g, g_b)]
    return A, g


def _step(A, g):
    try:
        return linalg.solve_gram(A, g)
    except linalg.SingularMatrixError as e:
        return ("singular", e.column)


def _difference(s, t):
    if isinstance(s, tuple) or isinstance(t, tuple):
        return 0 if s == t else mpmath.inf
    return max(mpmath.mpf(abs(u - v).numerator) / abs(u - v).denominator
               if isinstance(u - v, Fraction) else abs(u - v) for u, v in zip(s, t))


@relies_on(newton, "glm_system", lambda f: lambda fam, X, y, theta: f(fam, X[1:] or X, y[1:] or y, theta),
           "each call's first example left out of the sums")
@relies_on(lr, "normal_system", lambda f: lambda X, y: f(X[1:] or X, y[1:] or y),
           "each call's first example left out of XᵀX and Xᵀy")
@check("X-7", "the summation form: the normal equations' and Newton's (A, ∇ℓ) summed block by block "
       "over every split of the rows into contiguous blocks give the serial fit's step A⁻¹∇ℓ "
       "exactly (rationals: least squares, Gaussian Newton) and to 50 digits (Bernoulli, Poisson)",
       "extends 000 Parts I-III", "derivation")
def summation_form_steps(ctx):
    def residual(p):
        X, y, theta = p
        worst = mpmath.mpf(0)
        exact = [(lr.normal_system, X, [Fraction(v) for v in y]),
                 (lambda X_, y_: newton.glm_system(ef.GAUSSIAN, X_, y_, theta), X,
                  [Fraction(v) for v in y])]
        Xm, tm = S.to_mpf(X), S.to_mpf(theta)
        rounded = [(lambda X_, y_, fam=fam: newton.glm_system(fam, X_, y_, tm), Xm, y)
                   for fam in (ef.BERNOULLI, ef.POISSON)]
        for system, Xs, ys in exact + rounded:
            whole = _step(*system(Xs, ys))
            for blocks in _contiguous_partitions(len(Xs)):
                worst = max(worst, _difference(_step(*_blocked_system(system, Xs, ys, blocks)), whole))
        return worst
    return sampled(ctx, S.classification_problems(max_rows=6), residual,
                   mpmath.mpf(10) ** -(ctx.digits - 10), n=min(ctx.examples, 3),
                   names=("X", "y", "θ"))
