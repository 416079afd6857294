"""The checks of the catalog's last section, the extensions users expect beyond the notes (X-…).

X-6: standard errors from the inverse Fisher information. The notes derive the Hessian of a
GLM's log-likelihood, H = −XᵀWX (000 §7, §9); the extension reads I(θ) = −E[∇²ℓ] = XᵀWX as the
Fisher information and √[I(θ̂)⁻¹]ⱼⱼ as the standard error of θ̂ⱼ.

X-1: L2 regularisation as the MAP estimate under a Gaussian prior θⱼ ~ N(0, 1/λ) (j >= 1, the
intercept θ₀ unpenalised): maximise ℓ(θ) − (λ/2) Σ_{j≥1} θⱼ², whose gradient is ∇ℓ − λθ′ and
Hessian H − λI′; for least squares, minimise J(θ) + (λ/2) Σ_{j≥1} θⱼ², solved by
(XᵀX + λI′)θ = Xᵀy.

X-7: the summation form (Chu et al. 2006). Each pass of the normal equations, of Newton /
IRLS and of a gradient method is a sum over the examples, A = Σᵢ Aᵢ and ∇ℓ = Σᵢ ∇ℓᵢ; summed block by block over any
split of the rows into contiguous blocks, the sums, and so the step A⁻¹∇ℓ, are the serial
fit's in exact arithmetic. cs229.fast and cs229.distributed fix the blocks and the order of
their addition, which makes their float sums equal too.

X-3: GDA with k classes: y ~ Multinomial(φ₁, ..., φ_k), x | y = j ~ N(μ_j, Σ) with one shared Σ;
the MLE is the class frequencies, the class means and the pooled (1/m) scatter, and the posterior
is the softmax of θ_jᵀx with θ_j = Σ⁻¹μ_j, θ_j0 = log φ_j − ½μ_jᵀΣ⁻¹μ_j.

X-5: a GLM's offset, η = θᵀx + o with o known (log e for a Poisson exposure e): the gradient
and Hessian keep their form at the shifted η, and the fit is where that gradient vanishes.

X-1 (softmax's symmetric prior): the penalty of all k rows w_l = θ_l + c at its minimum over the
shift c, (λ/2)[Σ_{l<k} ‖θ_l′‖² − (1/k)‖Σ_{l<k} θ_l′‖²] on the notes' θ₁..θ_{k−1} (θ_k = 0), and
its MAP where ∇_{θ_l}ℓ = λ(θ_l′ − (1/k) Σ_m θ_m′).

X-2: sample weights wᵢ >= 0, ℓ_w = Σᵢ wᵢ ℓᵢ (J_w = ½ Σᵢ wᵢ(θᵀx⁽ⁱ⁾ − y⁽ⁱ⁾)² for least squares):
each term's derivatives are multiplied by wᵢ, and an integer weight is the row repeated (least
squares, the GLMs, softmax regression); the stochastic rules step along one example's weighted
term; the weighted GDA class frequencies, means and pooled scatter maximise Σᵢ wᵢ log p(x⁽ⁱ⁾, y⁽ⁱ⁾).

X-2 (the SVM's part): a weight multiplies example i's C, the box 0 ≤ αᵢ ≤ C·wᵢ of the dual of the
weighted soft margin ½‖w‖² + Σᵢ C·wᵢξᵢ; an integer weight is the example repeated.

X-4: naive Bayes with k classes, both event models: Laplace smoothing is the MAP estimate under
a Beta(2, 2) (Bernoulli) or Dirichlet(2, ..., 2) (multinomial) prior on each class's φ.

X-2 (naive Bayes' part): sample weights wᵢ >= 0 replace each count Σᵢ 1{…} by Σᵢ wᵢ 1{…}; the
weighted smoothed estimates are the MAP estimate of ℓ_w = Σᵢ wᵢ log p(x⁽ⁱ⁾, y⁽ⁱ⁾) under the same
priors, and an integer weight is the example repeated.
X-2 (the trees' part): a class count of a node is the sum of its examples' weights; the
information gain (11.20) and the greedy tree on weighted counts are those of the repeated rows.
"""
from fractions import Fraction

import mpmath
import numpy as np
import sympy as sp
from hypothesis import strategies as st

from cs229.fast import glm as fast_glm
from cs229.reference import exponential_family as ef
from cs229.reference import generative as G
from cs229.reference import glm
from cs229.reference import linalg
from cs229.reference import linear_regression as lr
from cs229.reference import logistic_regression as lg
from cs229.reference import naive_bayes as NB
from cs229.reference import newton
from cs229.reference import smo
from cs229.reference import softmax
from cs229.reference import svm
from cs229.reference import entropy as E
from cs229.reference import trees as T
from cs229.reference.results import LISTS
from cs229.testing import strategies as S

from ..checking import combine, exact, relies_on, sampled
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


# ---- sample weights (least squares and the stochastic rules) --------------------------------
# J_w(θ) = ½ Σᵢ wᵢ(θᵀx⁽ⁱ⁾ − y⁽ⁱ⁾)² (+ (λ/2)‖θ′‖²) has ∇J_w = XᵀW(Xθ − y) (+ λθ′): the weighted normal
# equations (XᵀWX + λI′)θ = XᵀWy. The stochastic rules step along one example's weighted term.

def _integer_weights(m):
    """Weights 0, 1, 2, 3, 0, 1, … for m rows, the first at least 1."""
    return [max(i % 4, 1 if i == 0 else 0) for i in range(m)]


@relies_on(lr, "weighted_ridge_system", lambda f: lambda X, y, w, lam, first: f(X, y, w[::-1], lam, first),
           "the weights applied to the rows in reverse")
@relies_on(lr, "weighted_ridge_system", lambda f: lambda X, y, w, lam, first: f(X, y, w, 2 * lam, first),
           "λ doubled in the weighted ridge system")
@relies_on(lr, "weighted_system", lambda f: lambda X, y, w: f(X, y, [v * v for v in w]),
           "every weight squared in XᵀWX and XᵀWy")
@check("X-2", "the weighted least-squares θ̂ (normal_equations with sample_weight, λ = 0 and 1/2) "
       "satisfies Σᵢ wᵢ(y⁽ⁱ⁾ − θ̂ᵀx⁽ⁱ⁾)x⁽ⁱ⁾ = λθ̂′ exactly (θ̂₀ unpenalised) and is θ̂ of the rows "
       "repeated wᵢ times, for integer weights 0 … 3 (exact rationals)",
       "extends 000 §2.2, §4", "optimality")
def weighted_normal_equations(ctx):
    def holds(p):
        X, y, _ = p
        w = _integer_weights(len(X))
        rows = [i for i, w_i in enumerate(w) for _ in range(w_i)]
        for lam in (0, Fraction(1, 2)):
            try:
                theta = lr.normal_equations(X, y, lam=lam, sample_weight=w)
            except linalg.SingularMatrixError:
                return False
            residual = [w_i * (y_i - linalg.dot(x, theta)) for x, y_i, w_i in zip(X, y, w)]
            gradient = [sum(r * x[j] for r, x in zip(residual, X)) for j in range(len(theta))]
            if gradient != [lam * t if j else 0 for j, t in enumerate(theta)]:
                return False
            if theta != lr.normal_equations([X[i] for i in rows], [y[i] for i in rows], lam=lam):
                return False
        return True
    return exact(ctx, S.regression_problems(min_rows=5, max_rows=8), holds, cap=20,
                 label="exact rationals", names=("X", "y", "θ"))


def _weighted_step_by_sympy(x, y, theta, alpha, w, term):
    """θ − α ∂/∂θ [w·term(θᵀx, y)] at the drawn values, differentiated by sympy with θ and w
    symbols (``term`` the example's loss: ½(η − y)² for LMS, −log p(y; η) for logistic)."""
    t = sp.symbols(f"t0:{len(theta)}", real=True)
    w_s = sp.symbols("w", nonnegative=True)
    eta = sum(sp.Rational(str(v)) * t_j for v, t_j in zip(x, t))
    loss = w_s * term(eta, sp.Rational(str(y)))
    at = {**{t_j: sp.Rational(str(v)) for t_j, v in zip(t, theta)}, w_s: sp.Rational(str(w))}
    return [sp.Rational(str(v)) - sp.Rational(str(alpha)) * sp.diff(loss, t_j).subs(at)
            for v, t_j in zip(theta, t)]


def _lms_loss(eta, y):
    return (eta - y) ** 2 / 2


def _logistic_loss(eta, y):
    return -(y * eta - sp.log(1 + sp.exp(eta)))


@relies_on(lr, "sgd_epochs", lambda f: lambda *a, weight=None, **k: f(*a, **k), "LMS ignores the weights")
@relies_on(lg, "sgd_epochs", lambda f: lambda *a, weight=None, **k: f(
    *a, **k, weight=None if weight is None else [v * v for v in weight]), "logistic steps by α·wᵢ²")
@check("X-2", "the weighted stochastic rules step along one example's weighted term: LMS's "
       "θ := θ − α∇[wᵢ·½(θᵀx⁽ⁱ⁾ − y⁽ⁱ⁾)²] and the logistic θ := θ + α∇[wᵢ log p(y⁽ⁱ⁾|x⁽ⁱ⁾; θ)], "
       "differentiated by sympy with θ and w symbols, equal the reference's one-example epoch with "
       "sample_weight (w = 1/4, 1/2, 3; exact for LMS, 50 digits for logistic)",
       "extends 000 §1, §5", "derivation")
def weighted_stochastic_steps(ctx):
    alpha = Fraction(1, 8)

    def residual(p):
        X, y, theta = p
        worst = mpmath.mpf(0)
        for w in (Fraction(1, 4), Fraction(1, 2), 3):
            lms = lr.stochastic_gradient_descent([X[0]], [y[0]], theta, alpha, 1, sample_weight=[w]).theta
            derived = _weighted_step_by_sympy(X[0], y[0], theta, alpha, w, _lms_loss)
            worst = max([worst] + [mpmath.inf if a != Fraction(int(b.p), int(b.q)) else mpmath.mpf(0)
                                   for a, b in zip(lms, derived)])
            label = 1 if y[0] > 0 else 0
            Xm, tm = S.to_mpf([X[0]]), S.to_mpf(theta)
            ascent = lg.stochastic_gradient_ascent(Xm, [label], tm, S.to_mpf([alpha])[0], 1,
                                                   sample_weight=S.to_mpf([Fraction(w)])).theta
            derived = _weighted_step_by_sympy(X[0], label, theta, alpha, w, _logistic_loss)
            worst = max([worst] + [abs(a - mpmath.mpf(str(sp.N(b, ctx.digits + 10)))) for a, b in zip(ascent, derived)])
        return worst
    return sampled(ctx, S.regression_problems(max_rows=4), residual, mpmath.mpf(10) ** -(ctx.digits - 10),
                   n=min(ctx.examples, 6), names=("X", "y", "θ"))


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


# ---- softmax's symmetric prior --------------------------------------------------------------
# The notes fix θ_k = 0 (000 §9.3). Penalising all k rows w_l = θ_l + c instead, the likelihood
# does not see the shift c, so the MAP takes the c minimising (λ/2) Σ_{l≤k} ‖w_l′‖²; on the notes'
# θ₁..θ_{k−1} that minimum is (λ/2)[Σ_{l<k} ‖θ_l′‖² − (1/k)‖Σ_{l<k} θ_l′‖²].

def _symmetric_penalty_by_sympy(K, width, first):
    """λ ↦ (value, ∇, ∇²) of min_c (λ/2) Σ_{l≤k} Σ_{j≥first} (θ_lj + c_j)² (θ_k = 0, k = K + 1) on
    the stacked θ₁..θ_K, the minimum taken by sympy where ∂/∂c_j = 0."""
    t = sp.symbols(f"t0:{K * width}", real=True)
    c = sp.symbols(f"c0:{width}", real=True)
    lam_s = sp.Symbol("lambda", positive=True)
    rows = [list(t[l * width:(l + 1) * width]) for l in range(K)] + [[0] * width]
    k_rows = lam_s / 2 * sum((row[j] + c[j]) ** 2 for row in rows for j in range(first, width))
    best = sp.solve([sp.diff(k_rows, c[j]) for j in range(first, width)], c[first:], dict=True)[0]
    value = sp.expand(k_rows.subs(best))
    grad = [sp.diff(value, t_j) for t_j in t]
    hess = sp.hessian(value, t).tolist()

    def at(*point):  # exactly, in rationals
        values = dict(zip((*t, lam_s), point))
        return (value.xreplace(values), [g.xreplace(values) for g in grad],
                [[h.xreplace(values) for h in row] for row in hess])
    return at


def _reference_symmetric_penalty(Theta, lam, first):
    """(penalty, its gradient, its Hessian) from the reference: ``newton.penalised`` with the
    symmetric prior around ℓ = 0 (system and ℓ all 0), in Fractions."""
    K, width = len(Theta), len(Theta[0])
    size = K * width
    zero = (lambda t: ([[Fraction(0)] * size for _ in range(size)], [Fraction(0)] * size),
            lambda t: (Fraction(0), Fraction(0)))
    system, log_likelihood = newton.penalised(zero, lam, first, width, classes=K + 1)
    flat = [v for row in Theta for v in row]
    A, g = system(flat)
    return -log_likelihood(flat)[0], [-v for v in g], A


@relies_on(newton, "symmetric_penalised", lambda f: lambda c, lam, first, width, a, k: f(c, lam, first, width, a, k - 1),
           "1/(k − 1) for 1/k: the shared shift of k − 1 rows")
@relies_on(newton, "centred_rows", lambda f: lambda Theta, first, k: [list(r) for r in Theta],
           "the rows not centred (the notes' θ′ in the symmetric gradient)")
@relies_on(newton, "row_sum", lambda f: lambda Theta: [0 * v for v in Theta[0]],
           "the penalty without its −(1/k)‖Σ_l θ_l′‖² term")
@check("X-1", "softmax's symmetric prior: min over c of (λ/2) Σ_{l≤k} ‖θ_l′ + c‖² (θ_k = 0), the "
       "minimum taken by sympy, is (λ/2)[Σ_{l<k} ‖θ_l′‖² − (1/k)‖Σ_{l<k} θ_l′‖²], with gradient "
       "λ(θ_l′ − (1/k) Σ_m θ_m′) and Hessian λ(I − 11ᵀ/k) ⊗ I′: the reference's (prior=\"symmetric\"), "
       "exactly, k = 3, 4, intercepts unpenalised or penalised, λ = 1/4, 3",
       "extends 000 §9.3", "derivation")
def symmetric_prior_is_the_k_row_penalty(ctx):
    derived = {}

    def holds(p):
        Theta, first = p
        key = (len(Theta), len(Theta[0]), first)
        if key not in derived:
            derived[key] = _symmetric_penalty_by_sympy(*key)
        for lam in (Fraction(1, 4), Fraction(3)):
            value, grad, hess = derived[key](*[sp.Rational(v.numerator, v.denominator) for row in Theta for v in row],
                                             sp.Rational(lam.numerator, lam.denominator))
            ours, g, A = _reference_symmetric_penalty(Theta, lam, first)
            if not (sp.Rational(ours.numerator, ours.denominator) == value
                    and all(sp.Rational(a.numerator, a.denominator) == b for a, b in zip(g, grad))
                    and all(sp.Rational(a.numerator, a.denominator) == b
                            for ra, rb in zip(A, hess) for a, b in zip(ra, rb))):
                return False
        return True
    return exact(ctx, _symmetric_points(), holds, n=min(ctx.examples, 8), names=("Θ", "first"))


def _symmetric_points():
    """(Θ, first): k − 1 = 2 or 3 rows of 2 or 3 rationals, the intercept unpenalised or not."""
    @st.composite
    def points(draw):
        K, width = draw(st.integers(2, 3)), draw(st.integers(2, 3))
        entry = st.fractions(-3, 3, max_denominator=6)
        Theta = draw(st.lists(st.lists(entry, min_size=width, max_size=width), min_size=K, max_size=K))
        return Theta, draw(st.integers(0, 1))
    return points()


@relies_on(newton, "symmetric_penalised", lambda f: lambda c, lam, first, width, a, k: f(c, lam, first, width, a, k + 1),
           "1/(k + 1) for 1/k in the symmetric system")
@relies_on(newton, "penalised", lambda f: lambda c, lam, first, width, a=LISTS, classes=None: f(c, lam, first, width, a),
           "the notes' prior fitted for the symmetric one")
@check("X-1", "softmax's symmetric MAP satisfies ∇_{θ_l}ℓ(Θ̂) = λ(θ̂_l′ − (1/k) Σ_m θ̂_m′): at the "
       "reference's Newton fits with prior=\"symmetric\" on drawn data (λ = 1/4, 3; 50 digits)",
       "extends 000 §9.3", "optimality")
def symmetric_prior_optimality(ctx):
    tol = mpmath.mpf(10) ** -(ctx.digits - 5)

    def residual(p):
        X, y, _ = p
        Xk, labels = S.to_mpf(X) + [S.to_mpf(X)[0][:]], [1 + v for v in y] + [3]
        worst = mpmath.mpf(0)
        for lam in _LAMBDAS:
            Theta = softmax.newton(Xk, labels, tol=tol, lam=lam, prior="symmetric").theta
            k = len(Theta) + 1
            total = [sum(column) for column in zip(*Theta)]
            size = 1 + max(abs(t) for row in Theta for t in row)
            for grow, row in zip(softmax.gradient(Xk, labels, Theta), Theta):
                worst = max([worst] + [abs(g - (lam * (t - s / k) if j >= 1 else 0)) / size
                                       for j, (g, t, s) in enumerate(zip(grow, row, total))])
        return worst
    return sampled(ctx, S.classification_problems(max_rows=8), residual, mpmath.mpf(10) ** -(ctx.digits - 10),
                   n=min(ctx.examples, 4), names=("X", "y", "θ"))


# ---- sample weights (softmax) ---------------------------------------------------------------
# ℓ_w(Θ) = Σᵢ wᵢ (θ_{y⁽ⁱ⁾}ᵀx⁽ⁱ⁾ − log Σ_l e^(θ_lᵀx⁽ⁱ⁾)), θ_k = 0 (SM-4): each example's terms times
# wᵢ, so ∂ℓ_w/∂θ_l = Σᵢ wᵢ(1{y⁽ⁱ⁾ = l} − φ_l)x⁽ⁱ⁾ and block (l, l′) of ∇²ℓ_w is
# −Σᵢ wᵢ φ_l(δ_{ll′} − φ_{l′})x⁽ⁱ⁾x⁽ⁱ⁾ᵀ; an integer wᵢ is the row repeated wᵢ times.

def _softmax_weighted_by_sympy(X, y, weight, Theta):
    """(∇ℓ_w, ∇²ℓ_w) at Θ over the stacked (θ₁; …; θ_{k−1}) of the weighted softmax
    log-likelihood, differentiated by sympy with Θ's entries and the weights wᵢ symbols (then
    taken at the drawn values, mp.dps digits)."""
    K, n, m = len(Theta), len(X[0]), len(X)
    t = sp.symbols(f"t0:{K * n}", real=True)
    w = sp.symbols(f"w0:{m}", nonnegative=True)
    ell = 0
    for x, y_i, w_i in zip(X, y, w):
        etas = [sum(sp.Float(str(v), 60) * t[l * n + j] for j, v in enumerate(x)) for l in range(K)] + [0]
        ell += w_i * (etas[y_i - 1] - sp.log(sum(sp.exp(eta) for eta in etas)))
    grad = [sp.diff(ell, t_j) for t_j in t]
    value = sp.lambdify((*t, *w), [grad, sp.hessian(ell, t).tolist()], "mpmath")
    return value(*[v for row in Theta for v in row], *weight)


@relies_on(softmax, "_gradient", lambda f: lambda X, y, Theta, weight=None: f(X, y, Theta),
           "the weights left out of the gradient")
@relies_on(softmax, "_newton_system", lambda f: lambda X, y, Theta, weight=None: f(
    X, y, Theta, None if weight is None else [w * w for w in weight]), "every weight squared in the Hessian")
@check("X-2", "softmax regression's ℓ_w = Σᵢ wᵢ log p(y⁽ⁱ⁾ | x⁽ⁱ⁾; Θ) has ∂ℓ_w/∂θ_l = Σᵢ wᵢ(1{y⁽ⁱ⁾ = l} "
       "− φ_l)x⁽ⁱ⁾ and Hessian blocks −Σᵢ wᵢ φ_l(δ_{ll′} − φ_{l′})x⁽ⁱ⁾x⁽ⁱ⁾ᵀ: sympy's derivatives (Θ "
       "and w symbols) equal the reference's softmax gradient and hessian with sample_weight "
       "(k = 3, n = 2; 50 digits)", "extends 000 §9.3", "derivation")
def softmax_weighted_gradient_and_hessian(ctx):
    def residual(point):
        X, y, Theta = point
        Xm, Tm = S.to_mpf(X), S.to_mpf(Theta)
        weight = _sample_weights(len(X))
        grad, hess = _softmax_weighted_by_sympy(Xm, y, weight, Tm)
        g = [v for row in softmax.gradient(Xm, y, Tm, sample_weight=weight) for v in row]
        H = softmax.hessian(Xm, y, Tm, sample_weight=weight)
        return max([abs(a - b) for ra, rb in zip(H, hess) for a, b in zip(ra, rb)]
                   + [abs(a - b) for a, b in zip(g, grad)])
    return sampled(ctx, S.multiclass_problems(min_rows=3, max_rows=4, max_features=1), residual,
                   mpmath.mpf(10) ** -(ctx.digits - 10), n=min(ctx.examples, 4), names=("X", "y", "Θ"))


@relies_on(softmax, "newton_callbacks", lambda f: lambda X, y, K, weight=None: f(
    X, y, K, None if weight is None else weight[::-1]), "the weights applied to the rows in reverse")
@relies_on(softmax, "_newton_system", lambda f: lambda X, y, Theta, weight=None: f(
    X, y, Theta, None if weight is None else [w + 1 for w in weight]),
    "every weight one too large in Newton's system (scaling them all would be no error)")
@check("X-2", "integer sample weights are repeated rows in softmax regression: the reference's "
       "Newton fit with weights 1, 2, 3, 1, 2, 3, … equals its fit of the data with each row repeated "
       "wᵢ times, and Σᵢ wᵢ(1{y⁽ⁱ⁾ = l} − φ_l(x⁽ⁱ⁾))x⁽ⁱ⁾ = 0 there, summed here from the formula "
       "(k = 3; 50 digits)", "extends 000 §9.3", "optimality")
def softmax_weights_are_repeated_rows(ctx):
    tol = mpmath.mpf(10) ** -(ctx.digits - 5)

    def residual(point):
        X, y, _ = point
        Xm = S.to_mpf(X)
        weight = [1 + i % 3 for i in range(len(X))]
        fit = softmax.newton(Xm, y, tol=tol, sample_weight=weight).theta
        rows = [i for i, w in enumerate(weight) for _ in range(w)]
        repeated = softmax.newton([Xm[i] for i in rows], [y[i] for i in rows], tol=tol).theta
        gap = mpmath.mpf(0)
        for l, theta in enumerate(fit):
            g = [0 * t for t in theta]
            for x, y_i, w_i in zip(Xm, y, weight):
                etas = [sum(a * b for a, b in zip(x, row)) for row in fit] + [0]
                phi = mpmath.exp(etas[l]) / sum(mpmath.exp(eta) for eta in etas)
                r = w_i * ((1 if y_i == l + 1 else 0) - phi)
                g = [g_j + r * x_j for g_j, x_j in zip(g, x)]
            gap = max([gap] + [abs(v) for v in g])
        size = 1 + max(abs(t) for row in fit for t in row)
        return max(max(abs(a - b) for ra, rb in zip(fit, repeated) for a, b in zip(ra, rb)) / size, gap / size)
    return sampled(ctx, S.multiclass_problems(min_rows=3, max_rows=6), residual,
                   mpmath.mpf(10) ** -(ctx.digits - 10), n=min(ctx.examples, 4), names=("X", "y", "Θ"))


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
        exact = [(lr.normal_system, X, [Fraction(v) for v in y]),
                 (lambda X_, y_: newton.glm_system(ef.GAUSSIAN, X_, y_, theta), X,
                  [Fraction(v) for v in y])]
        Xm, tm = S.to_mpf(X), S.to_mpf(theta)
        rounded = [(lambda X_, y_, fam=fam: newton.glm_system(fam, X_, y_, tm), Xm, y)
                   for fam in (ef.BERNOULLI, ef.POISSON)]
        return _worst_split(exact + rounded, lambda system, Xs, ys, blocks: _step(
            *(system(Xs, ys) if blocks is None else _blocked_system(system, Xs, ys, blocks))))
    return _on_small_problems(ctx, residual)


def _worst_split(sums, result):
    """The largest difference between ``result(f, X, y, None)`` (the sum over all rows) and
    ``result(f, X, y, blocks)`` (block by block) over every split of the rows, for each
    (f, X, y) of ``sums``."""
    worst = mpmath.mpf(0)
    for f, Xs, ys in sums:
        whole = result(f, Xs, ys, None)
        for blocks in _contiguous_partitions(len(Xs)):
            worst = max(worst, _difference(result(f, Xs, ys, blocks), whole))
    return worst


def _on_small_problems(ctx, residual):
    """``residual`` sampled on classification problems of up to 6 rows (2⁵ splits each)."""
    return sampled(ctx, S.classification_problems(max_rows=6), residual,
                   mpmath.mpf(10) ** -(ctx.digits - 10), n=min(ctx.examples, 3),
                   names=("X", "y", "θ"))


def _blocked_gradient(gradient, X, y, blocks):
    """∇ added block by block, left to right: Σ_blocks of the gradient on each block's rows."""
    total = None
    for a, b in blocks:
        part = gradient(X[a:b], y[a:b])
        total = list(part) if total is None else [u + v for u, v in zip(total, part)]
    return total


@relies_on(glm, "gradient", lambda f: lambda fam, X, y, theta, *rest: f(fam, X[1:] or X, y[1:] or y, theta, *rest),
           "each call's first example left out of the sum")
@relies_on(lr, "gradient", lambda f: lambda X, y, theta: f(X[1:] or X, y[1:] or y, theta),
           "each call's first example left out of ∇J")
@check("X-7", "the summation form of the gradient methods: ∇J (LR-3) and ∇ℓ (GLM-4) summed block "
       "by block over every split of the rows into contiguous blocks are the serial gradient "
       "exactly (rationals: least squares, the Gaussian) and to 50 digits (Bernoulli, Poisson)",
       "extends 000 Parts I-III", "derivation")
def summation_form_gradients(ctx):
    def residual(p):
        X, y, theta = p
        Xq = [[Fraction(v) for v in row] for row in X]
        yq, tq = [Fraction(v) for v in y], [Fraction(v) for v in theta]
        Xm, tm = S.to_mpf(X), S.to_mpf(theta)
        gradients = [(lambda X_, y_: lr.gradient(X_, y_, tq), Xq, yq),
                     (lambda X_, y_: glm.gradient(ef.GAUSSIAN, X_, y_, tq), Xq, yq)]
        gradients += [(lambda X_, y_, fam=fam: glm.gradient(fam, X_, y_, tm), Xm, y)
                      for fam in (ef.BERNOULLI, ef.POISSON)]
        return _worst_split(gradients, lambda gradient, Xs, ys, blocks: (
            gradient(Xs, ys) if blocks is None else _blocked_gradient(gradient, Xs, ys, blocks)))
    return _on_small_problems(ctx, residual)


# ---- GDA with k classes --------------------------------------------------------------------

def _k_labels_of(y):
    """Labels 1..k from 0/1 labels: class 1 split in two by alternation (k = 3, or 2 when class
    1 has one example)."""
    labels, seen = [], 0
    for c in y:
        if c == 0:
            labels.append(1)
        else:
            labels.append(2 + seen % 2)
            seen += 1
    return labels


def _three_classes(problem):
    """(X, y) with labels 1..k from a two-class GDA problem: class 1 split in two by alternation
    (k = 3, or 2 when class 1 has one example); None where the finer split leaves Σ singular."""
    X, y = problem
    labels = _k_labels_of(y)
    try:
        G.gda_classes_fit(X, labels)
    except ValueError:
        return None
    return X, labels


def _k_problems():
    return S.gda_problems(max_features=2, max_rows=9).map(_three_classes).filter(lambda p: p is not None)


def _moved(model, what, index, t):
    """The model with one coordinate moved by t, on the parameter space: φ_a + t, φ_b − t (the
    priors keep summing to 1), μ_j,l + t, or Σ_ab and Σ_ba + t together (Σ stays symmetric)."""
    phi = list(model.phi)
    mu = [list(row) for row in model.mu]
    Sigma = [list(row) for row in model.Sigma]
    if what == "phi":
        a, b = index
        phi[a] += t
        phi[b] -= t
    elif what == "mu":
        j, l = index
        mu[j][l] += t
    else:
        a, b = index
        Sigma[a][b] += t
        if a != b:
            Sigma[b][a] += t
    # mpmath.diff works at a raised precision: the last prior is taken as 1 − the others there,
    # so that the priors sum to 1 at the precision of the model they make
    phi[-1] = 1 - sum(phi[:-1])
    return G.GDAClassesModel(phi, mu, Sigma)


def _k_directions(k, n):
    return ([("phi", (a, b)) for a in range(k) for b in range(a + 1, k)]
            + [("mu", (j, l)) for j in range(k) for l in range(n)]
            + [("Sigma", (a, b)) for a in range(n) for b in range(a + 1)])


@relies_on(G, "gda_classes_fit", lambda f: lambda X, y: _moved(f(X, y), "mu", (len(set(y)) - 1, 0), mpmath.mpf(1) / 8),
           "μ_k moved by 1/8")
@relies_on(G, "gda_classes_fit", lambda f: lambda X, y: _moved(f(X, y), "phi", (0, 1), mpmath.mpf(1) / 16),
           "φ₁ raised and φ₂ lowered by 1/16")
@relies_on(G, "gda_classes_fit", lambda f: lambda X, y: G.GDAClassesModel(
               f(X, y).phi, f(X, y).mu, [[v * len(y) / (len(y) - len(set(y))) for v in row] for row in f(X, y).Sigma]),
           "Σ divided by m − k for m")
@check("X-3", "the k-class MLE φ_j = (1/m)Σ1{y = j}, μ_j the class means, Σ = (1/m)Σ(x − μ_y)(x − μ_y)ᵀ "
       "zeroes the gradient of ℓ = Σᵢ log p(x⁽ⁱ⁾|y⁽ⁱ⁾)p(y⁽ⁱ⁾) along every direction of the parameter "
       "space (φ on the simplex, Σ symmetric): mpmath derivatives at the reference's fits on drawn "
       "data with 3 classes (50 digits)", "extends 000 §1.2", "optimality")
def gda_classes_mle_optimal(ctx):
    def gradient(p):
        X, y = S.to_mpf(p[0]), p[1]
        model = G.gda_classes_fit(X, y)
        worst = mpmath.mpf(0)
        for what, index in _k_directions(len(model.phi), len(X[0])):
            along = lambda t: G.gda_classes_log_likelihood(_moved(model, what, index, t), X, y)  # noqa: E731
            worst = max(worst, abs(mpmath.diff(along, 0)))
        return worst
    return sampled(ctx, _k_problems(), gradient, mpmath.mpf(10) ** -(ctx.digits - 12),
                   n=min(ctx.examples, 6), names=("X", "y"))


@relies_on(G, "gda_softmax_theta", lambda f: lambda model: [[t[0] + j] + t[1:] for j, t in enumerate(f(model))],
           "θ_j0 shifted by j")
@relies_on(G, "gda_softmax_theta", lambda f: lambda model: [[t[0]] + [2 * v for v in t[1:]] for t in f(model)],
           "Σ⁻¹μ_j doubled")
@check("X-3", "the k-class posterior p(y = j|x) = p(x|y = j)φ_j / Σ_l p(x|y = l)φ_l is the softmax of "
       "θ_jᵀx with θ_j = Σ⁻¹μ_j, θ_j0 = log φ_j − ½μ_jᵀΣ⁻¹μ_j (3 classes, 50 digits); for k = 2 the "
       "estimates are gda_fit's (GDA-1) exactly and θ₂ − θ₁ is GDA-3's logistic θ",
       "extends 000 §1.2-1.3", "identity")
def gda_classes_softmax_posterior(ctx):
    def softmax_gap(p):
        X, y = S.to_mpf(p[0]), p[1]
        model = G.gda_classes_fit(X, y)
        Theta = G.gda_softmax_theta(model)
        worst = mpmath.mpf(0)
        for x, bayes in zip(X, G.gda_classes_posterior(model, X)):
            eta = [t[0] + sum(a * b for a, b in zip(t[1:], x)) for t in Theta]
            top = max(eta)
            total = sum(mpmath.exp(e - top) for e in eta)
            worst = max([worst] + [abs(mpmath.exp(e - top) / total - q) for e, q in zip(eta, bayes)])
        return worst
    k_classes = sampled(ctx, _k_problems(), softmax_gap, mpmath.mpf(10) ** -(ctx.digits - 10),
                        n=min(ctx.examples, 6), names=("X", "y"))

    def two_classes(p):
        X, y = p  # rational: the estimates are compared exactly
        two = G.gda_fit(X, y)
        k = G.gda_classes_fit(X, [c + 1 for c in y])
        same = (k.phi == [1 - two.phi, two.phi] and k.mu == [list(two.mu0), list(two.mu1)]
                and k.Sigma == two.Sigma)
        if not same:
            return mpmath.inf
        X = S.to_mpf(X)
        two, k = G.gda_fit(X, y), G.gda_classes_fit(X, [c + 1 for c in y])
        Theta = G.gda_softmax_theta(k)
        return max(abs(b - a - t) for a, b, t in zip(Theta[0], Theta[1], G.gda_logistic_theta(two)))
    k_two = sampled(ctx, S.gda_problems(max_features=2, max_rows=8), two_classes,
                    mpmath.mpf(10) ** -(ctx.digits - 10), n=min(ctx.examples, 6), names=("X", "y"))
    return combine(k_classes, k_two)


# ---- sample weights (GDA) ---------------------------------------------------------------------
# ℓ_w = Σᵢ wᵢ log p(x⁽ⁱ⁾, y⁽ⁱ⁾) is maximised by the weighted class frequencies and means and the
# weighted pooled scatter over Σᵢ wᵢ; an integer wᵢ is the row repeated wᵢ times.

def _gda_weights(m):
    """The drawn points' weights: 1, 0, 3/2, 2, 3/2, 1, 0, … (a weight of 0 included; their mean
    is not 1, so that Σᵢ wᵢ is not m)."""
    return [Fraction((2, 0, 3, 4, 3)[i % 5], 2) for i in range(m)]


def _weighted_gda_problems():
    """(X, y, w) with labels 1..k whose weighted fit exists (no class of weight 0, Σ regular)."""
    def weighted(problem):
        X, y = problem
        w = _gda_weights(len(y))
        try:
            G.gda_classes_fit(X, y, w)
        except ValueError:
            return None
        return X, y, w
    return _k_problems().map(weighted).filter(lambda p: p is not None)


@relies_on(G, "_kept", lambda f: lambda X, codes, weight: f(X, codes, None), "the weights ignored")
@relies_on(G, "_kept", lambda f: lambda X, codes, weight: f(X, codes, None if weight is None else weight[::-1]),
           "the weights applied to the rows in reverse")
@relies_on(G, "gda_classes_fit", lambda f: lambda X, y, sample_weight=None: G.GDAClassesModel(
               f(X, y, sample_weight).phi, f(X, y, sample_weight).mu,
               [[v * sum(sample_weight or [1] * len(y)) / len(y) for v in row] for row in f(X, y, sample_weight).Sigma]),
           "Σ divided by m for Σᵢ wᵢ")
@check("X-2", "the weighted GDA estimates φ_j = Σᵢ wᵢ1{y = j} / Σᵢ wᵢ, μ_j = Σᵢ wᵢ1{y = j}x⁽ⁱ⁾ / Σᵢ wᵢ1{y = j}, "
       "Σ = Σᵢ wᵢ(x⁽ⁱ⁾ − μ_y)(x⁽ⁱ⁾ − μ_y)ᵀ / Σᵢ wᵢ zero the gradient of ℓ_w = Σᵢ wᵢ log p(x⁽ⁱ⁾, y⁽ⁱ⁾) along "
       "every direction of the parameter space (φ on the simplex, Σ symmetric): mpmath derivatives at "
       "the reference's weighted fits (weights 1, 0, 3/2, 2, 3/2, …; 3 classes, 50 digits)",
       "extends 000 §1.2", "optimality")
def weighted_gda_mle_optimal(ctx):
    def gradient(p):
        X, y, w = S.to_mpf(p[0]), p[1], S.to_mpf(p[2])
        model = G.gda_classes_fit(X, y, w)

        def ell(m):
            total = mpmath.mpf(0)
            for joint, c, w_i in zip(G.gda_classes_log_joint(m, X), y, w):
                total += w_i * joint[c - 1]
            return total
        worst = mpmath.mpf(0)
        for what, index in _k_directions(len(model.phi), len(X[0])):
            worst = max(worst, abs(mpmath.diff(lambda t: ell(_moved(model, what, index, t)), 0)))
        return worst
    return sampled(ctx, _weighted_gda_problems(), gradient, mpmath.mpf(10) ** -(ctx.digits - 12),
                   n=min(ctx.examples, 6), names=("X", "y", "w"))


@relies_on(G, "_kept", lambda f: lambda X, codes, weight: f(X, codes, None), "the weights ignored")
@relies_on(G, "_kept", lambda f: lambda X, codes, weight: f(X, codes, None if weight is None else [v + 1 for v in weight]),
           "every weight one too large")
@check("X-2", "integer sample weights are repeated rows for GDA: the reference's exact gda_fit and "
       "gda_classes_fit with weights 1, 2, 0, 3, 1, 2, 0, 3, … equal their fits of the data with each "
       "row repeated wᵢ times (a weight of 0 drops the row; a class left without weight is refused "
       "as a class without examples), Fraction for Fraction",
       "extends 000 §1.2", "identity")
def gda_weights_are_repeated_rows(ctx):
    def gap(p):
        X, y = p
        weight = [(1, 2, 0, 3)[i % 4] for i in range(len(y))]
        rows = [i for i, w in enumerate(weight) for _ in range(w)]
        worst = mpmath.mpf(0)
        for fit, labels in ((G.gda_fit, y), (G.gda_classes_fit, _k_labels_of(y))):
            try:
                weighted = fit(X, labels, weight)
            except ValueError as e:
                weighted = str(e)
            missing = sorted(set(labels) - {labels[i] for i in rows})
            if missing and fit is G.gda_classes_fit:  # k is the largest label: the repeated rows' may be smaller
                repeated = str(G.no_class_of_k(missing[0], max(labels)))
            else:
                try:
                    repeated = fit([X[i] for i in rows], [labels[i] for i in rows])
                except ValueError as e:
                    repeated = str(e)
            if isinstance(weighted, str) or isinstance(repeated, str):
                same = weighted == repeated
            else:
                same = vars(weighted) == vars(repeated)
            worst = max(worst, mpmath.mpf(0) if same else mpmath.inf)
        return worst
    return sampled(ctx, S.gda_problems(max_features=2, max_rows=9), gap, mpmath.mpf(0),
                   n=min(ctx.examples, 6), names=("X", "y"))


# ---- per-example C (SMO) -------------------------------------------------------------------------
# The weighted soft margin min ½‖w‖² + Σᵢ C·wᵢξᵢ has the dual of (17) with the box 0 ≤ αᵢ ≤ C·wᵢ
# (libsvm's weights). With integer wᵢ it is the repeated rows' problem: their dual's optimum puts
# α's on the copies that sum to αᵢ, so W(α) and w are the same, and a weight of 0 drops the row.

def _smo_weights(m):
    """The drawn points' integer weights: 1, 2, 0, 2, 1, 1, 2, 0, … (a weight of 0 included)."""
    return [(1, 2, 0, 2, 1)[i % 5] for i in range(m)]


def _weighted_svm_problems():
    """(X, y, w): one-feature rational data whose examples of weight > 0 hold both labels."""
    def weighted(p):
        X, y = p
        w = _smo_weights(len(y))
        return (X, y, w) if len({t for t, v in zip(y, w) if v > 0}) == 2 else None
    return S.svm_labelled_sets(min_rows=3, max_rows=6, features=1).map(weighted).filter(lambda p: p is not None)


def _weighted_kkt(X, y, w, C, fit):
    """Whether the fit meets the weighted dual's KKT conditions exactly: αᵢ ∈ [0, C·wᵢ],
    Σαᵢy⁽ⁱ⁾ = 0, and for wᵢ > 0 y⁽ⁱ⁾f(x⁽ⁱ⁾) ≥ 1 at αᵢ = 0, = 1 inside the box, ≤ 1 at C·wᵢ."""
    f = [svm.decision_values(X, y, fit.alpha, fit.b, [x])[0] for x in X]
    if sum(a * t for a, t in zip(fit.alpha, y)) != 0:
        return False
    for a, t, v, weight in zip(fit.alpha, y, f, w):
        top = C * weight
        if not 0 <= a <= top:
            return False
        if weight > 0 and ((a == 0 and t * v < 1) or (0 < a < top and t * v != 1) or (a == top and t * v > 1)):
            return False
    return True


@relies_on(smo, "box", lambda f: lambda C, weight, m: f(C, None, m), "the weights ignored")
@relies_on(smo, "box", lambda f: lambda C, weight, m: f(C, None if weight is None else [v + 1 for v in weight], m),
           "every weight one too large")
@relies_on(smo, "b_soft_each", lambda f: lambda alpha, y, scores, Cs: f(alpha, y, scores, [max(Cs)] * len(Cs)),
           "b read with one C for every example")
@check("X-2", "the SVM with per-example C (sample weights, libsvm's meaning): exact SMO (tol = 0) with the "
       "box 0 ≤ αᵢ ≤ C·wᵢ (wᵢ = 1, 2, 0, 2, 1, …; C = 1 and 2/5) meets the weighted dual's KKT conditions "
       "exactly and has the W(α) and w of exact SMO on the rows repeated wᵢ times (a weight of 0 drops "
       "the row, its αᵢ = 0), Fraction for Fraction",
       "extends 000 V §8-9", "identity")
def smo_weights_are_repeated_rows(ctx):
    def holds(p):
        X, y, w = p
        rows = [i for i, v in enumerate(w) for _ in range(v)]
        Xr, yr = [X[i] for i in rows], [y[i] for i in rows]
        for C in (Fraction(1), Fraction(2, 5)):
            fit = smo.smo(X, y, C=C, tol=0, max_iterations=2000, sample_weight=w)
            plain = smo.smo(Xr, yr, C=C, tol=0, max_iterations=2000)
            if not (fit.objective == plain.objective and _weighted_kkt(X, y, w, C, fit)
                    and svm.weights_from_alpha(X, y, fit.alpha) == svm.weights_from_alpha(Xr, yr, plain.alpha)
                    and all(a == 0 for a, v in zip(fit.alpha, w) if v == 0)):
                return False
        return True
    return exact(ctx, _weighted_svm_problems(), holds, n=min(ctx.examples, 12), names=("X", "y", "w"))


# ---- offset and exposure ---------------------------------------------------------------------
# A known part of the linear predictor, η⁽ⁱ⁾ = θᵀx⁽ⁱ⁾ + oᵢ (an exposure e is the offset log e):
# ∂η/∂θ is still x, so ∇ℓ = Σᵢ (y⁽ⁱ⁾ − g(η⁽ⁱ⁾)) x⁽ⁱ⁾ and H = −Σᵢ a″(η⁽ⁱ⁾) x⁽ⁱ⁾x⁽ⁱ⁾ᵀ at the shifted η.

def _offsets(m):
    """The drawn points' offsets: m distinct values in (−1/2, 1/2), none 0 but by chance."""
    return [mpmath.mpf(2 * i - m + 1) / (2 * m) + mpmath.mpf(1) / 7 for i in range(m)]


def _real_targets(y):
    """Poisson targets from labels that are not counts (y + (i mod 3)/2 + 1/4, all > 0): the
    extension's any real y >= 0, and an MLE that exists where X has full rank."""
    return [v + mpmath.mpf(i % 3) / 2 + mpmath.mpf(1) / 4 for i, v in enumerate(y)]


def _offset_by_sympy(name, X, y, offset, theta):
    """(∇ℓ, ∇²ℓ) at θ of ℓ = Σᵢ y⁽ⁱ⁾ηᵢ − a(ηᵢ), ηᵢ = θᵀx⁽ⁱ⁾ + oᵢ, differentiated by sympy with
    θ and the offsets oᵢ symbols (then taken at the drawn values, mp.dps digits)."""
    n, m = len(theta), len(X)
    t = sp.symbols(f"t0:{n}", real=True)
    o = sp.symbols(f"o0:{m}", real=True)
    a = _LOG_PARTITION[name]
    etas = [sum(sp.Float(str(v), 60) * t_j for v, t_j in zip(x, t)) + o_i for x, o_i in zip(X, o)]
    ell = sum(sp.Float(str(y_i), 60) * eta - a.subs(_ETA, eta) for eta, y_i in zip(etas, y))
    grad = [sp.diff(ell, t_j) for t_j in t]
    value = sp.lambdify((*t, *o), [grad, sp.hessian(ell, t).tolist()], "mpmath")
    return value(*theta, *offset)


def _derivatives_agree(ctx, values, by_sympy, keyword):
    """The check of an extension's GLM gradient and Hessian (X-5's offset, X-2's weights) on drawn
    (X, y, θ): the reference given ``keyword=values(m)`` against sympy's derivatives
    ``by_sympy(name, X, y, values, θ)``, for the Bernoulli, Gaussian and Poisson (real y >= 0)
    families, to 50 digits."""
    def residual(point):
        given = values(len(point[0]))
        return _gap_to_sympy(point, lambda name, X, y, theta: by_sympy(name, X, y, given, theta),
                             **{keyword: given})
    return sampled(ctx, S.classification_problems(max_rows=8), residual, mpmath.mpf(10) ** -(ctx.digits - 10),
                   n=min(ctx.examples, 4), names=("X", "y", "θ"))


def _gap_to_sympy(point, by_sympy, **extension):
    """The largest |reference − sympy| over the GLM gradient and Hessian at a drawn (X, y, θ), the
    reference given the extension's argument and sympy's derivatives ``by_sympy(name, X, y, θ)``."""
    X, y, theta = point
    Xm, tm = S.to_mpf(X), S.to_mpf(theta)
    worst = mpmath.mpf(0)
    for name in ("bernoulli", "gaussian", "poisson"):
        labels = {"bernoulli": y, "gaussian": [mpmath.mpf(v) for v in y], "poisson": _real_targets(y)}[name]
        grad, hess = by_sympy(name, Xm, labels, tm)
        g = glm.gradient(name, Xm, labels, tm, **extension)
        H = glm.hessian(name, Xm, labels, tm, **extension)
        worst = max([worst] + [abs(a - b) for ra, rb in zip(H, hess) for a, b in zip(ra, rb)]
                    + [abs(a - b) for a, b in zip(g, grad)])
    return worst


@relies_on(newton, "linear_predictor", lambda f: lambda x, theta, o=None: f(x, theta),
           "the offset left out of η")
@relies_on(newton, "linear_predictor", lambda f: lambda x, theta, o=None: f(x, theta, None if o is None else -o),
           "η = θᵀx − o")
@check("X-5", "with η = θᵀx + o (an offset o per example), ∇ℓ = Σᵢ (y⁽ⁱ⁾ − g(η⁽ⁱ⁾))x⁽ⁱ⁾ and "
       "∇²ℓ = −Σᵢ a″(η⁽ⁱ⁾)x⁽ⁱ⁾x⁽ⁱ⁾ᵀ: sympy's derivatives (θ and o symbols) equal the reference's "
       "gradient and hessian with offset (Bernoulli, Gaussian, Poisson with real y >= 0; 50 digits)",
       "extends 000 §9", "derivation")
def offset_gradient_and_hessian(ctx):
    return _derivatives_agree(ctx, _offsets, _offset_by_sympy, "offset")


@relies_on(newton, "linear_predictor", lambda f: lambda x, theta, o=None: f(x, theta, None if o is None else o / 2),
           "half the offset in η")
@relies_on(glm, "exposure_offset", lambda f: lambda offset, exposure, X: [2 * v for v in f(offset, exposure, X)],
           "the offset 2 log e for an exposure e")
@check("X-5", "the fit with an offset is a maximum of ℓ with η = θᵀx + o: ∇ℓ(θ̂) = Σᵢ (y⁽ⁱ⁾ − "
       "e^(θ̂ᵀx⁽ⁱ⁾ + oᵢ))x⁽ⁱ⁾ = 0, summed here from the formula, at the reference's Poisson fits "
       "with an offset and with an exposure e (o = log e), real y >= 0, and its Gaussian fit "
       "(50 digits)", "extends 000 §9", "optimality")
def offset_optimality(ctx):
    tol = mpmath.mpf(10) ** -(ctx.digits - 5)

    def gap(X, y, offset, theta, response):
        g = [0 * t for t in theta]
        for x, y_i, o_i in zip(X, y, offset):
            r = y_i - response(sum(a * b for a, b in zip(x, theta)) + o_i)
            g = [g_j + r * x_j for g_j, x_j in zip(g, x)]
        return max(abs(v) for v in g) / (1 + max(abs(t) for t in theta))

    def residual(p):
        X, y, _ = p
        Xm = S.to_mpf(X)
        offset = _offsets(len(X))
        counts = _real_targets(y)
        exposure = [mpmath.exp(o) * 3 for o in offset]
        by_offset = glm.poisson_regression(Xm, counts, tol=tol, offset=offset).theta
        by_exposure = glm.poisson_regression(Xm, counts, tol=tol, exposure=exposure).theta
        reals = [mpmath.mpf(v) for v in y]
        gaussian = glm.newton("gaussian", Xm, reals, tol=tol, offset=offset).theta
        return max(gap(Xm, counts, offset, by_offset, mpmath.exp),
                   gap(Xm, counts, [mpmath.log(e) for e in exposure], by_exposure, mpmath.exp),
                   gap(Xm, reals, offset, gaussian, lambda eta: eta))
    return sampled(ctx, S.classification_problems(max_rows=8), residual, mpmath.mpf(10) ** -(ctx.digits - 10),
                   n=min(ctx.examples, 4), names=("X", "y", "θ"))


# ---- sample weights (the GLMs) ---------------------------------------------------------------
# ℓ_w(θ) = Σᵢ wᵢ log p(y⁽ⁱ⁾; ηᵢ): each term's derivatives times wᵢ, so ∇ℓ_w = Σᵢ wᵢ(y⁽ⁱ⁾ − g(ηᵢ))x⁽ⁱ⁾
# and ∇²ℓ_w = −Σᵢ wᵢ a″(ηᵢ)x⁽ⁱ⁾x⁽ⁱ⁾ᵀ; an integer wᵢ is the row repeated wᵢ times.

def _sample_weights(m):
    """The drawn points' weights: 0, 1/2, 1, 3/2, 2, 0, … (a weight of 0 included)."""
    return [mpmath.mpf(i % 5) / 2 for i in range(m)]


def _weighted_by_sympy(name, X, y, weight, theta):
    """(∇ℓ_w, ∇²ℓ_w) at θ of ℓ_w = Σᵢ wᵢ(y⁽ⁱ⁾ηᵢ − a(ηᵢ)), ηᵢ = θᵀx⁽ⁱ⁾, differentiated by sympy
    with θ and the weights wᵢ symbols (then taken at the drawn values, mp.dps digits)."""
    n, m = len(theta), len(X)
    t = sp.symbols(f"t0:{n}", real=True)
    w = sp.symbols(f"w0:{m}", nonnegative=True)
    a = _LOG_PARTITION[name]
    etas = [sum(sp.Float(str(v), 60) * t_j for v, t_j in zip(x, t)) for x in X]
    ell = sum(w_i * (sp.Float(str(y_i), 60) * eta - a.subs(_ETA, eta)) for eta, y_i, w_i in zip(etas, y, w))
    grad = [sp.diff(ell, t_j) for t_j in t]
    value = sp.lambdify((*t, *w), [grad, sp.hessian(ell, t).tolist()], "mpmath")
    return value(*theta, *weight)


@relies_on(newton, "weights", lambda f: lambda weight, m: f(None, m), "the weights ignored")
@relies_on(newton, "_weighted", lambda f: lambda w, value: value if w is None else f(w, f(w, value)),
           "every weighted term times w²")
@check("X-2", "ℓ_w = Σᵢ wᵢ ℓᵢ has ∇ℓ_w = Σᵢ wᵢ(y⁽ⁱ⁾ − g(θᵀx⁽ⁱ⁾))x⁽ⁱ⁾ and ∇²ℓ_w = −Σᵢ wᵢ "
       "a″(θᵀx⁽ⁱ⁾)x⁽ⁱ⁾x⁽ⁱ⁾ᵀ: sympy's derivatives (θ and w symbols) equal the reference's GLM gradient "
       "and hessian with sample_weight (Bernoulli, Gaussian, Poisson; 50 digits)",
       "extends 000 §9", "derivation")
def weighted_gradient_and_hessian(ctx):
    return _derivatives_agree(ctx, _sample_weights, _weighted_by_sympy, "sample_weight")


@relies_on(newton, "_weighted", lambda f: lambda w, value: value if w is None else f(w + 1, value),
           "every weight one too large in ℓ and its system (scaling them all would be no error)")
@relies_on(newton, "weights", lambda f: lambda weight, m: f(None if weight is None else weight[::-1], m),
           "the weights applied to the rows in reverse")
@check("X-2", "integer sample weights are repeated rows: the reference's Poisson fit (real y >= 0) "
       "with weights 1, 2, 3, 1, 2, 3, … and with an offset equals its fit of the data with each row "
       "repeated wᵢ times, and ∇ℓ_w(θ̂) = Σᵢ wᵢ(y⁽ⁱ⁾ − e^(θ̂ᵀx⁽ⁱ⁾ + oᵢ))x⁽ⁱ⁾ = 0 there (50 digits)",
       "extends 000 §9", "optimality")
def weights_are_repeated_rows(ctx):
    tol = mpmath.mpf(10) ** -(ctx.digits - 5)

    def residual(p):
        X, y, _ = p
        Xm = S.to_mpf(X)
        counts = _real_targets(y)
        offset = _offsets(len(X))
        weight = [1 + i % 3 for i in range(len(X))]
        fit = glm.poisson_regression(Xm, counts, tol=tol, offset=offset, sample_weight=weight).theta
        rows = [i for i, w in enumerate(weight) for _ in range(w)]
        repeated = glm.poisson_regression([Xm[i] for i in rows], [counts[i] for i in rows], tol=tol,
                                          offset=[offset[i] for i in rows]).theta
        g = [0 * t for t in fit]
        for x, y_i, o_i, w_i in zip(Xm, counts, offset, weight):
            r = w_i * (y_i - mpmath.exp(sum(a * b for a, b in zip(x, fit)) + o_i))
            g = [g_j + r * x_j for g_j, x_j in zip(g, x)]
        size = 1 + max(abs(t) for t in fit)
        return max(max(abs(a - b) for a, b in zip(fit, repeated)) / size, max(abs(v) for v in g) / size)
    return sampled(ctx, S.classification_problems(max_rows=8), residual, mpmath.mpf(10) ** -(ctx.digits - 10),
                   n=min(ctx.examples, 4), names=("X", "y", "θ"))


# ---- naive Bayes with k classes --------------------------------------------------------------
# y ~ Multinomial(φ₁, ..., φ_k); Bernoulli: x_l | y = j ~ Bernoulli(φ_{l|j}); multinomial: each
# word of a document | y = j ~ Multinomial(φ_{·|j}). Laplace smoothing is the MAP estimate under
# a Beta(2, 2) prior on each φ_{l|j} (Bernoulli) and a Dirichlet(2, ..., 2) prior on each row
# φ_{·|j} (multinomial), φ_y left to the data: the smoothed estimates maximise
# ℓ + Σ log φ_{l|j} + log(1 − φ_{l|j}), resp. ℓ + Σ log φ_{w|j}.

def _nb_k_bernoulli():
    return S.binary_problems(max_rows=9, max_features=3).map(lambda p: (p[0], _k_labels_of(p[1])))


def _nb_k_documents():
    return S.token_documents(max_vocabulary=4, max_documents=8, max_length=5).map(
        lambda p: (p[0], _k_labels_of(p[1]), p[2]))


def _nb_moved(model, what, index, t):
    """The model with one coordinate moved by t on the parameter space: φ_a + t, φ_b − t (the
    priors keep summing to 1); a Bernoulli φ_{l|j} + t; a multinomial φ_{a|j} + t, φ_{b|j} − t
    (the row keeps summing to 1)."""
    phi = list(model.phi)
    bernoulli = isinstance(model, NB.BernoulliClassesNB)
    rows = [list(r) for r in (model.phi_x if bernoulli else model.phi_words)]
    if what == "phi":
        a, b = index
        phi[a] += t
        phi[b] -= t
    elif bernoulli:
        j, l = index
        rows[j][l] += t
    else:
        j, a, b = index
        rows[j][a] += t
        rows[j][b] -= t
    # mpmath.diff works at a raised precision: the last prior is 1 − the others there (as in
    # _moved), so that the priors sum to 1 at the precision of the model they make
    phi[-1] = 1 - sum(phi[:-1])
    if bernoulli:
        return NB.BernoulliClassesNB(phi, rows, model.class_count, model.feature_count, model.alpha)
    return NB.MultinomialClassesNB(phi, rows, model.class_count, model.word_count, model.total_words,
                                   model.alpha)


def _plus_two(model):
    """The multinomial model with φ_{w|y=j} = (count + 2α)/(words of j + α|V|), a slip."""
    a, size = model.alpha, len(model.phi_words[0])
    rows = [[(c + 2 * a) / (n + a * size) for c in row] for row, n in zip(model.word_count, model.total_words)]
    return NB.MultinomialClassesNB(model.phi, rows, model.class_count, model.word_count, model.total_words, a)


def _nb_directions(model):
    k = len(model.phi)
    out = [("phi", (a, b)) for a in range(k) for b in range(a + 1, k)]
    if isinstance(model, NB.BernoulliClassesNB):
        return out + [("row", (j, l)) for j in range(k) for l in range(len(model.phi_x[0]))]
    V = len(model.phi_words[0])
    return out + [("row", (j, a, b)) for j in range(k) for a in range(V) for b in range(a + 1, V)]


def _nb_log_prior(model):
    """log of the Beta(2, 2) / Dirichlet(2, ..., 2) densities of the rows, up to a constant."""
    if isinstance(model, NB.BernoulliClassesNB):
        return sum(mpmath.log(p) + mpmath.log(1 - p) for row in model.phi_x for p in row)
    return sum(mpmath.log(p) for row in model.phi_words for p in row)


def _nb_map_gradient(model, log_likelihood):
    worst = mpmath.mpf(0)
    for what, index in _nb_directions(model):
        def along(t, what=what, index=index):
            moved = _nb_moved(model, what, index, t)
            return log_likelihood(moved) + _nb_log_prior(moved)
        worst = max(worst, abs(mpmath.diff(along, 0)))
    return worst


@relies_on(NB, "bernoulli_classes_fit", lambda f: lambda X, y, alpha=1: _nb_moved(
               f(X, y, alpha), "row", (len(set(y)) - 1, 0), mpmath.mpf(1) / 64), "φ_{0|k} moved by 1/64")
@relies_on(NB, "multinomial_classes_fit", lambda f: lambda d, y, size, alpha=1: _plus_two(f(d, y, size, alpha)),
           "+2 for +1 in the numerator")
@relies_on(NB, "bernoulli_classes_fit", lambda f: lambda X, y, alpha=1: _nb_moved(
               f(X, y, alpha), "phi", (0, 1), mpmath.mpf(1) / 32), "φ₁ raised and φ₂ lowered by 1/32")
@check("X-4", "the k-class naive Bayes estimates with Laplace smoothing, φ_j = (1/m)Σ1{y = j}, "
       "φ_{l|y=j} = (Σ1{x_l = 1 ∧ y = j} + 1)/(Σ1{y = j} + 2) and φ_{w|y=j} = (Σ words w of class j + 1)/"
       "(Σ words of class j + |V|), zero the gradient of ℓ + the log of a Beta(2, 2) / Dirichlet(2, ..., 2) "
       "prior on each φ_{·|y=j} along every direction of the parameter space (φ and each multinomial row "
       "on their simplex): mpmath derivatives at the reference's fits on drawn data with 3 classes "
       "(50 digits); for k = 2 the estimates are NB-4/NB-6's exactly", "extends 000 §2-2.2", "optimality")
def naive_bayes_classes_map_optimal(ctx):
    one = mpmath.mpf(1)

    def bernoulli(p):
        X, y = p
        model = NB.bernoulli_classes_fit(X, y, one)
        return _nb_map_gradient(model, lambda m: NB.bernoulli_classes_log_likelihood(m, X, y))

    def multinomial(p):
        docs, y, size = p
        model = NB.multinomial_classes_fit(docs, y, size, one)
        return _nb_map_gradient(model, lambda m: NB.multinomial_classes_log_likelihood(m, docs, y))

    def two_bernoulli(p):
        X, y = p
        two, k = NB.bernoulli_fit(X, y), NB.bernoulli_classes_fit(X, [c + 1 for c in y])
        same = k.phi == [1 - two.phi_y, two.phi_y] and k.phi_x == [two.phi_j_y0, two.phi_j_y1]
        return 0 if same else mpmath.inf

    def two_multinomial(p):
        docs, y, size = p
        two, k = NB.multinomial_fit(docs, y, size), NB.multinomial_classes_fit(docs, [c + 1 for c in y], size)
        same = k.phi == [1 - two.phi_y, two.phi_y] and k.phi_words == [two.phi_k_y0, two.phi_k_y1]
        return 0 if same else mpmath.inf

    tol = mpmath.mpf(10) ** -(ctx.digits - 12)
    n = min(ctx.examples, 6)
    return combine(sampled(ctx, _nb_k_bernoulli(), bernoulli, tol, n=n, names=("X", "y")),
                   sampled(ctx, _nb_k_documents(), multinomial, tol, n=n, names=("documents", "y", "|V|")),
                   sampled(ctx, S.binary_problems(max_rows=8, max_features=3), two_bernoulli, 0, n=n,
                           names=("X", "y")),
                   sampled(ctx, S.token_documents(max_vocabulary=4, max_documents=8), two_multinomial, 0,
                           n=n, names=("documents", "y", "|V|")))


# ---- sample weights (naive Bayes) ---------------------------------------------------------
# ℓ_w = Σᵢ wᵢ [log φ_{y⁽ⁱ⁾} + log p(x⁽ⁱ⁾ | y⁽ⁱ⁾)]: each count of the estimates becomes a sum of
# weights, φ_j = Σᵢ wᵢ1{y⁽ⁱ⁾ = j}/Σᵢ wᵢ, φ_{l|y=j} = (Σᵢ wᵢ1{x_l⁽ⁱ⁾ = 1 ∧ y⁽ⁱ⁾ = j} + 1)/
# (Σᵢ wᵢ1{y⁽ⁱ⁾ = j} + 2), φ_{w|y=j} = (Σᵢ wᵢ (count of w in x⁽ⁱ⁾)1{y⁽ⁱ⁾ = j} + 1)/
# (Σᵢ wᵢ nᵢ1{y⁽ⁱ⁾ = j} + |V|): the MAP estimate of X-4 with the weighted likelihood.

def _nb_weights(y, pattern, as_number):
    """One weight per example from ``pattern(i)`` (zeros included), the first example of a class
    left without weight given weight 1 (a class must weigh something), as ``as_number`` makes it."""
    w = [pattern(i) for i in range(len(y))]
    for c in set(y):
        if not any(w_i for w_i, c_i in zip(w, y) if c_i == c):
            w[y.index(c)] = 1
    return [as_number(v) for v in w]


def _nb_weighted_log_likelihood(log_likelihood, rows, y, weight):
    """ℓ_w = Σᵢ wᵢ ℓᵢ, ℓᵢ the reference's log-likelihood of example i alone."""
    total = mpmath.mpf(0)
    for x, c, w in zip(rows, y, weight):
        if w:
            total += w * log_likelihood([x], [c])
    return total


def _halves(i):
    return Fraction((i + 1) % 5, 2)   # 1/2, 1, 3/2, 2, 0, 1/2, …


def _nb_real_bags(docs):
    """The documents as bags whose p-th entry counts (p + 1)/3 times: real counts (tf-idf-like)."""
    tokens = [t for d in docs for t in d]
    offsets = [0]
    for d in docs:
        offsets.append(offsets[-1] + len(d))
    return NB.Documents(tokens, offsets, [mpmath.mpf(p + 1) / 3 for p in range(len(tokens))])


def _nb_whole_counts(documents):
    """The documents with each real count of a bag rounded down to an integer count."""
    if not isinstance(documents, NB.Documents) or documents.counts is None:
        return documents
    return NB.Documents(documents.tokens, documents.offsets, [int(c) for c in documents.counts])


@relies_on(NB, "multinomial_classes_fit", lambda f: lambda d, y, size, alpha=1, ignore_unknown=False,
           sample_weight=None: f(_nb_whole_counts(d), y, size, alpha, ignore_unknown, sample_weight),
           "the fit on the real counts rounded down")
@relies_on(NB, "_example_weights", lambda f: lambda weight, m: f(None, m), "the counts unweighted")
@relies_on(NB, "_k_weighted", lambda f: lambda codes, count, weight: f(codes, count, None),
           "the class totals unweighted")
@relies_on(NB, "_k_priors", lambda f: lambda count, alpha: [c * 0 + 1 / mpmath.mpf(len(count)) for c in count],
           "uniform priors")
@check("X-2", "the weighted naive Bayes estimates with Laplace smoothing, φ_j = Σᵢ wᵢ1{y = j}/Σᵢ wᵢ, "
       "φ_{l|y=j} = (Σᵢ wᵢ1{x_l = 1 ∧ y = j} + 1)/(Σᵢ wᵢ1{y = j} + 2) and φ_{w|y=j} = (Σᵢ wᵢ·(words w "
       "of x⁽ⁱ⁾) + 1)/(Σᵢ wᵢnᵢ + |V|) over class j, zero the gradient of ℓ_w = Σᵢ wᵢ log p(x⁽ⁱ⁾, y⁽ⁱ⁾) "
       "+ the log of a Beta(2, 2) / Dirichlet(2, ..., 2) prior along every direction of the parameter "
       "space: mpmath derivatives at the reference's fits with weights 0, 1/2, 1, 3/2, 2 on drawn data "
       "with 3 classes (50 digits); and with real counts (bags whose entries count 1/3, 2/3, 1, …, as "
       "tf-idf weights do), φ_{w|y=j} = (Σ real counts of w in class j + 1)/(Σ real counts of class j "
       "+ |V|) zeroes the gradient of ℓ = Σᵢ Σ_w x_w⁽ⁱ⁾ log φ_{w|y⁽ⁱ⁾} + log φ_{y⁽ⁱ⁾} + the Dirichlet prior",
       "extends 000 §2-2.2", "optimality")
def naive_bayes_weighted_map_optimal(ctx):
    one = mpmath.mpf(1)

    def weights(y):
        return _nb_weights(y, _halves, lambda v: mpmath.mpf(v.numerator) / v.denominator)

    def bernoulli(p):
        X, y = p
        w = weights(y)
        model = NB.bernoulli_classes_fit(X, y, one, w)
        return _nb_map_gradient(model, lambda m: _nb_weighted_log_likelihood(
            lambda rows, c: NB.bernoulli_classes_log_likelihood(m, rows, c), X, y, w))

    def multinomial(p):
        docs, y, size = p
        w = weights(y)
        model = NB.multinomial_classes_fit(docs, y, size, one, sample_weight=w)
        return _nb_map_gradient(model, lambda m: _nb_weighted_log_likelihood(
            lambda rows, c: NB.multinomial_classes_log_likelihood(m, rows, c), docs, y, w))

    def real_counts(p):
        docs, y, size = p
        bags = _nb_real_bags(docs)
        model = NB.multinomial_classes_fit(bags, y, size, one)
        return _nb_map_gradient(model, lambda m: NB.multinomial_classes_log_likelihood(m, bags, y))

    tol = mpmath.mpf(10) ** -(ctx.digits - 12)
    n = min(ctx.examples, 5)
    return combine(sampled(ctx, _nb_k_bernoulli(), bernoulli, tol, n=n, names=("X", "y")),
                   sampled(ctx, _nb_k_documents(), multinomial, tol, n=n, names=("documents", "y", "|V|")),
                   sampled(ctx, _nb_k_documents(), real_counts, tol, n=n, names=("documents", "y", "|V|")))


def _nb_repeated(rows, weight):
    return [r for r, w in zip(rows, weight) for _ in range(int(w))]


def _nb_fields_equal(a, b):
    """The models' fields equal, entry by entry (nested lists of numbers)."""
    return all(list(NB._flatten([getattr(a, f)])) == list(NB._flatten([getattr(b, f)]))
               for f in a.__dataclass_fields__ if f != "k")


@relies_on(NB, "_example_weights", lambda f: lambda weight, m: f(None if weight is None else weight[::-1], m),
           "the weights applied to the examples in reverse")
@relies_on(NB, "_class_counts", lambda f: lambda y, weight=None: f(y),
           "the two-class counts unweighted")
@relies_on(NB, "_total", lambda f: lambda class_count, m, weight: f(class_count, m, None),
           "the prior's denominator m for Σᵢ wᵢ")
@check("X-2", "integer sample weights are repeated examples: each naive Bayes fit of the reference "
       "(Bernoulli and k_j-valued features, documents of words; two classes and 3) with "
       "mpf weights 1, 2, 3, 0, 1, … equals its fit of the data with each example repeated wᵢ times "
       "(a weight 0 drops it), every estimate and count exactly (mpf α = 1, 50 digits)",
       "extends 000 §2-2.2", "identity")
def naive_bayes_weights_are_repeated_rows(ctx):
    one = mpmath.mpf(1)

    def weights(y):
        return _nb_weights(y, lambda i: (i + 1) % 4, mpmath.mpf)

    def gap(fit, rows, y, *rest, **options):
        w = weights(y)
        weighted = fit(rows, y, *rest, sample_weight=w, **options)
        repeated = fit(_nb_repeated(rows, w), _nb_repeated(y, w), *rest, **options)
        return 0 if _nb_fields_equal(weighted, repeated) else mpmath.inf

    def bernoulli(p):
        X, y = p
        return max(gap(NB.bernoulli_fit, X, y, one), gap(NB.bernoulli_classes_fit, X, _k_labels_of(y), one))

    def categorical(p):
        X, y = p
        return gap(NB.categorical_fit, [[v + x[0] for v in x] for x in X], y, 3, one)

    def documents(p):
        docs, y, size = p
        return max(gap(NB.multinomial_fit, docs, y, size, one),
                   gap(NB.multinomial_classes_fit, docs, _k_labels_of(y), size, one))

    n = min(ctx.examples, 6)
    return combine(sampled(ctx, S.binary_problems(max_rows=8, max_features=3), bernoulli, 0, n=n, names=("X", "y")),
                   sampled(ctx, S.binary_problems(max_rows=8, max_features=3), categorical, 0, n=n, names=("X", "y")),
                   sampled(ctx, S.token_documents(max_vocabulary=4, max_documents=8), documents, 0, n=n,
                           names=("documents", "y", "|V|")))
# ---- sample weights (trees) ---------------------------------------------------------------
# With weights wᵢ a node's count of class k is Σ_{i in the node, y⁽ⁱ⁾ = k} wᵢ; the entropies, the
# gain (11.20) and the greedy choices read those counts, on continuous and discrete features
# alike, so an integer wᵢ is the row repeated wᵢ times (0: the row dropped). The logistic threshold
# (DT-7) is that of the weighted 1-D logistic regression, whose ℓ = Σ wᵢ ℓᵢ is the repeated rows'.

def _tree_weights(y):
    """Weights 1, 2, 3, 0, 1, 2, 3, 0, …, a row keeping 1 where 0 would leave its class without
    weight (then the repeated rows have the same classes)."""
    weight = [(i + 1) % 4 for i in range(len(y))]
    kept = {y_i for y_i, w in zip(y, weight) if w}
    return [w if w or y_i in kept else 1 for y_i, w in zip(y, weight)]


def _repeat(rows, weight):
    return [r for r, w in zip(rows, weight) for _ in range(w)]


def _weights_ignored(cls):
    return type(cls.__name__, (cls,), {"counts": T._Grower.counts})


def _zero_weights_searched(cls):
    return type(cls.__name__, (cls,), {"search_candidate": T._Grower.search_candidate})


def _zero_weight_values_branched(cls):
    """A discrete feature's values seen with weight 0 alone made children (of weight 0)."""
    def branch_candidate(self, rows, j):
        self.weight = lambda i: 1  # every value counts as seen; the counts stay weighted
        try:
            return cls.branch_candidate(self, rows, j)
        finally:
            del self.weight
    return type(cls.__name__, (cls,), {"branch_candidate": branch_candidate})


@relies_on(T, "_WeightedGrower", _weights_ignored, "the class counts ignoring the weights")
@relies_on(T, "_weighted_gain", lambda f: lambda table: f([[2 * c for c in table[0]]] + list(table[1:])),
           "the left child's weighted counts doubled in the gain")
@check("X-2", "a split's weighted class counts Σ_{y⁽ⁱ⁾ = k} wᵢ are the repeated rows' counts, exactly "
       "(Fractions), and its weighted information gain (11.20) is theirs: the same float64, and at "
       "50 digits on mpf counts, at every threshold of every feature of drawn data with integer "
       "weights 0..3", "extends 001 §11.3.4 (11.20)", "identity")
def tree_weighted_gain_is_repeated_rows(ctx):
    def residual(p):
        X, y = p
        weight = _tree_weights(y)
        classes, codes = E.class_codes(y)
        grower = T._WeightedGrower(X, codes, len(classes), None, 1, [False] * len(X[0]), "search", weight)
        rows = list(range(len(X)))
        worst = mpmath.mpf(0)
        for j in range(len(X[0])):
            values = sorted(set(x[j] for x in X))
            for a, b in zip(values, values[1:]):
                theta = (a + b) / 2
                parts = ([i for i in rows if not X[i][j] > theta], [i for i in rows if X[i][j] > theta])
                tables = grower.tables(parts, j)
                repeated = [[sum(1 for i in part for _ in range(weight[i]) if y[i] == c) for c in classes]
                            for part in parts]
                if [list(t) for t in tables] != repeated:
                    return mpmath.inf
                if not sum(map(sum, repeated)) or not all(map(sum, zip(*repeated))):
                    continue  # no weight on this split, or a class with none (no count table)
                if T._weighted_gain(tables) != E.information_gain([[float(c) for c in r] for r in repeated]):
                    return mpmath.inf
                precise = E._information_gain([[mpmath.mpf(c) for c in t] for t in tables], "bits")
                worst = max(worst, abs(precise - E.information_gain([[mpmath.mpf(c) for c in r]
                                                                    for r in repeated])))
        return worst
    return sampled(ctx, S.class_labelled_sets(min_rows=2, max_rows=10, levels=8), residual,
                   mpmath.mpf(10) ** -(ctx.digits - 5), n=min(ctx.examples, 8), names=("X", "y"))


@relies_on(T, "_WeightedGrower", _weights_ignored, "the class counts ignoring the weights")
@relies_on(T, "_WeightedGrower", _zero_weights_searched, "rows of weight 0 taking part in the threshold search")
@relies_on(T, "_WeightedGrower", _zero_weight_values_branched,
           "a discrete feature's values of weight 0 alone made children")
@relies_on(T, "_weighted_gain", lambda f: lambda table: f([[2 * c for c in table[0]]] + list(table[1:])),
           "the left child's weighted counts doubled in the gain")
@check("X-2", "integer sample weights give the tree of the repeated rows: the reference's tree_fit on "
       "mpf inputs with weights 1, 2, 3, 0, … equals, split for split (thresholds, values, weighted "
       "counts, majority classes, gains), its tree of each row repeated wᵢ times (a weight of 0 drops "
       "the row), on continuous features, on discrete ones (one child per value) and on both mixed",
       "extends 001 §11.3.4-11.3.6", "reproduction")
def tree_weights_are_repeated_rows(ctx):
    def residual(p):
        X, y = p
        Xm = S.to_mpf(X)
        weight = _tree_weights(y)
        for discrete in (False, True, [j % 2 == 1 for j in range(len(X[0]))]):
            weighted = T.tree_fit(Xm, y, discrete=discrete, sample_weight=weight)
            repeated = T.tree_fit(_repeat(Xm, weight), _repeat(y, weight), discrete=discrete)
            if weighted != repeated:
                return mpmath.inf
        return 0
    return sampled(ctx, S.class_labelled_sets(min_rows=4, max_rows=12, levels=8), residual, 0,
                   n=min(ctx.examples, 8), names=("X", "y"))


@relies_on(T, "_logistic_threshold", lambda f: lambda xs, ts, ws, *rest: f(xs, ts, [1] * len(ws), *rest),
           "the weights ignored in the 1-D logistic regression")
@relies_on(T, "_logistic_threshold", lambda f: lambda xs, ts, ws, *rest: f(xs, ts, [w * w for w in ws], *rest),
           "each term of the 1-D logistic regression weighted by wᵢ² (a slip of the weighted sums)")
@check("X-2", "the logistic threshold (DT-7) with integer sample weights, θ = −a/b of the 1-D logistic "
       "regression maximising Σ wᵢ ℓᵢ over the examples of positive weight, is the threshold of each "
       "row repeated wᵢ times (a weight of 0 drops the row), at 50 digits (Newton to 10⁻³⁰); the same "
       "verdict (no threshold, no convergence) where there is none",
       "extends 001 §11.3.6", "identity")
def tree_logistic_weights_are_repeated_rows(ctx):
    tol = mpmath.mpf(10) ** -30

    def threshold(fit):
        try:
            return fit()
        except T.ConvergenceError:
            return "no convergence"

    def residual(p):
        x, y = S.to_mpf(p[0]), p[1]
        weight = _tree_weights(y)
        order = sorted((i for i in range(len(x)) if weight[i]), key=lambda i: x[i])
        weighted = threshold(lambda: T._logistic_threshold(
            [x[i] for i in order], [y[i] for i in order], [weight[i] for i in order], 100, tol))
        repeated = threshold(lambda: T._logistic_threshold(
            *zip(*sorted(zip(_repeat(x, weight), _repeat(y, weight)), key=lambda pair: pair[0])),
            [1] * sum(weight), 100, tol))
        if isinstance(weighted, str) or weighted is None or isinstance(repeated, str) or repeated is None:
            return 0 if weighted == repeated else mpmath.inf
        return abs(weighted - repeated) / (1 + abs(repeated))
    return sampled(ctx, S.overlapping_classes(), residual, mpmath.mpf(10) ** -25,
                   n=min(ctx.examples, 8), names=("x", "y"))
