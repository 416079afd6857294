"""Part III checks: the exponential family, GLMs and softmax regression (000 Part III §8-9;
002 §1.3.2-1.3.4).

Chains of positive quantities written with powers, exps and logs (the Bernoulli and multinomial
derivations) are compared as logarithms, log-expanded: every factor is positive there, so two
steps are equal exactly when their logarithms are, and sympy decides the latter quickly.
"""
from fractions import Fraction

import mpmath
import sympy as sp
from hypothesis import strategies as st

from cs229.reference import exponential_family as ef
from cs229.reference import glm
from cs229.reference import linear_regression as lr
from cs229.reference import logistic_regression as lg
from cs229.reference import softmax as sm

from .. import strategies as S
from ..checking import Step, chain, combine, damped_newton_step, numeric_erratum, sampled
from ..registry import Outcome, check

y = sp.Symbol("y", real=True)
eta = sp.Symbol("eta", real=True)
mu = sp.Symbol("mu", real=True)
lam = sp.Symbol("lambda", positive=True)
p, q = sp.symbols("p q", positive=True)
phi = p / (p + q)  # φ in (0, 1) for every positive p, q: 1 − φ = q/(p + q) stays positive


def _tight(ctx, margin=8):
    return mpmath.mpf(10) ** (-(ctx.digits - margin))


def _logs(steps):
    """Each step replaced by its log-expanded logarithm (all factors positive)."""
    for step in steps:
        step.expr = sp.expand_log(sp.log(step.expr), force=True)
        if step.corrected is not None:
            step.corrected = sp.expand_log(sp.log(step.corrected), force=True)
    return steps


def _holds(expr):
    return Outcome(bool(sp.simplify(expr) == 0), "symbolic", 0.0, "" if sp.simplify(expr) == 0 else str(expr))


def _poisson_total(f):
    """Σ_{y≥0} f(y) for f = (a polynomial in y) · λ^y e^(−λ)/y!, through the generating function
    G(s) = Σ (sλ)^y e^(−λ)/y! (which sympy sums): y^(k) terms are the derivatives of G at s = 1."""
    n = sp.Symbol("n", integer=True, nonnegative=True)
    s_ = sp.Symbol("s", positive=True)
    G = sp.summation((s_ * lam) ** n / sp.factorial(n), (n, 0, sp.oo)) * sp.exp(-lam)
    poly = sp.Poly(sp.expand(sp.simplify(f * sp.factorial(y) / (lam ** y * sp.exp(-lam)))), y)
    total = 0
    for (power,), c in poly.terms():
        # y^power as a combination of falling factorials y(y−1)...(y−j+1): their means are G⁽ʲ⁾(1)
        for j in range(power + 1):
            total += c * sp.functions.combinatorial.numbers.stirling(power, j) * sp.diff(G, s_, j).subs(s_, 1)
    return total


# Each scalar family symbolically: (name, density p(y; η), the sum/integral over the support,
# a(η), g⁻¹, natural parameter in the symbols used).
def _families():
    k2 = 2
    return [
        ("bernoulli", lambda e: sp.exp(e * y - sp.log(1 + sp.exp(e))),
         lambda f: sum(f.subs(y, v) for v in (0, 1)), sp.log(1 + sp.exp(eta)), eta),
        ("poisson", lambda e: sp.exp(e * y - sp.exp(e)) / sp.factorial(y), _poisson_total,
         sp.exp(eta), sp.log(lam)),
        ("gaussian", lambda e: sp.exp(-y ** 2 / 2) / sp.sqrt(2 * sp.pi) * sp.exp(e * y - e ** 2 / 2),
         lambda f: sp.integrate(f, (y, -sp.oo, sp.oo)), eta ** 2 / 2, eta),
        ("exponential", lambda e: sp.exp(e * y + sp.log(-e)),
         lambda f: sp.integrate(f, (y, 0, sp.oo)), -sp.log(-eta), -lam),
        (f"gamma(shape={k2})", lambda e: y ** (k2 - 1) / sp.factorial(k2 - 1) * sp.exp(e * y + k2 * sp.log(-e)),
         lambda f: sp.integrate(f, (y, 0, sp.oo)), -k2 * sp.log(-eta), -lam),
    ]


# ---- EF-1 ------------------------------------------------------------------------------------

@check("EF-1", "Σ_y or ∫ b(y)exp(ηT(y) − a(η)) = 1 for every family (e^(−a) normalises)",
       "000 §8 (6); 002 §1.3.2", "identity")
def normalisation(ctx):
    outcomes = []
    for name, density, total, _, natural in _families():
        outcomes.append(_holds(total(density(natural)) - 1))
    phis = sp.symbols("phi1 phi2", positive=True)
    etas = [sp.log(f / (1 - sum(phis))) for f in phis]
    a = sp.log(1 + sum(sp.exp(e) for e in etas))
    T = {1: (1, 0), 2: (0, 1), 3: (0, 0)}
    outcomes.append(_holds(sum(sp.exp(sum(e * t for e, t in zip(etas, T[v])) - a) for v in T) - 1))

    def residual(v):
        e = S.to_mpf(v)
        sums = [sum(ef.density(ef.BERNOULLI, t, e) for t in (0, 1)),
                sum(ef.density(ef.POISSON, t, e) for t in range(400)),
                mpmath.quad(lambda t: ef.density(ef.GAUSSIAN, t, e), [-mpmath.inf, e, mpmath.inf]),
                mpmath.quad(lambda t: ef.density(ef.EXPONENTIAL, t, -abs(e) - 1), [0, mpmath.inf]),
                sum(ef.density(ef.multinomial(3), t, [e, -e / 2]) for t in (1, 2, 3))]
        return max(abs(s - 1) for s in sums)
    high = sampled(ctx, S.natural_parameters(-4, 4), residual, mpmath.mpf(10) ** -25,
                   n=min(ctx.examples, 10), digits=30)
    return combine(*outcomes, high)


# ---- EF-2 ------------------------------------------------------------------------------------

def _bernoulli_first_steps():
    return [Step(phi ** y * (1 - phi) ** (1 - y), "φ^y (1 − φ)^(1−y)"),
            Step(sp.exp(y * sp.log(phi) + (1 - y) * sp.log(1 - phi)), "exp log")]


@check("EF-2", "Bernoulli: φ^y(1−φ)^(1−y) = exp(log(φ/(1−φ))y + log(1−φ)), 000's chain", "000 §8",
       "derivation")
def bernoulli_chain_000(ctx):
    return chain(_logs(_bernoulli_first_steps() + [
        Step(sp.exp(sp.log(phi / (1 - phi)) * y + sp.log(1 - phi)), "collect y"),
    ]), "EF-2", "000 §8", "compared as logs")


@check("EF-2", "Bernoulli, 002's chain (sign of log(1−φ))", "002 §1.3.2", "derivation")
def bernoulli_chain_002(ctx):
    return chain(_logs([
        Step(phi ** y * (1 - phi) ** (1 - y), "φ^y (1 − φ)^(1−y)"),
        Step(sp.exp(sp.log(phi ** y * (1 - phi) ** (1 - y))), "exp log"),
        Step(sp.exp(sp.log(phi / (1 - phi)) * y - sp.log(1 - phi)), "collect y",
             corrected=sp.exp(sp.log(phi / (1 - phi)) * y + sp.log(1 - phi)),
             printed="exp[log(φ/(1−φ)) y − log(1−φ)]",
             fixed="exp[log(φ/(1−φ)) y + log(1−φ)] (so that ηy − a(η) with a(η) = −log(1−φ), "
                   "as 002 itself states next)"),
    ]), "EF-2", "002 §1.3.2", "compared as logs")


@check("EF-2", "η = log(φ/(1−φ)) ⇔ φ = 1/(1+e^(−η)); a(η) = −log(1−φ) = log(1+e^η); b = 1",
       "000 §8; 002 §1.3.2", "identity")
def bernoulli_parameters(ctx):
    phi_of_eta = 1 / (1 + sp.exp(-eta))
    inversion = chain([Step(phi, "φ"), Step(1 / (1 + sp.exp(-sp.log(phi / (1 - phi)))), "σ(η(φ))")],
                      "EF-2", "000 §8")
    log_partition = chain([Step(-sp.log(1 - phi_of_eta), "a(η) = −log(1 − φ)"),
                           Step(sp.log(1 + sp.exp(eta)), "= log(1 + e^η)")], "EF-2", "000 §8")

    def residual(v):
        f = S.to_mpf(v)
        e = ef.BERNOULLI.natural(f)
        return max(abs(ef.BERNOULLI.usual(e) - f), abs(ef.BERNOULLI.a(e) + mpmath.log(1 - f)),
                   *(abs(ef.density(ef.BERNOULLI, t, e) - f ** t * (1 - f) ** (1 - t)) for t in (0, 1)))
    high = sampled(ctx, S.positive_rationals(Fraction(1, 64), Fraction(63, 64), 64), residual,
                   _tight(ctx), n=min(ctx.examples, 20))
    return combine(inversion, log_partition, high)


# ---- EF-3 ------------------------------------------------------------------------------------

def _normal(y_, mean, variance):
    return sp.exp(-(y_ - mean) ** 2 / (2 * variance)) / sp.sqrt(2 * sp.pi * variance)


@check("EF-3", "Gaussian (σ² = 1): p(y;μ) = e^(−y²/2)/√(2π) · exp(μy − μ²/2), 000's chain", "000 §8",
       "derivation")
def gaussian_chain_000(ctx):
    return chain([
        Step(_normal(y, mu, 1), "N(μ, 1) density"),
        Step(sp.Integer(1), "the chain's left side as printed",
             corrected=_normal(y, mu, 1), printed="p(y;μ)/p(y;μ) = (1/√(2π)) exp(−½(y − μ)²)",
             fixed="p(y;μ) = (1/√(2π)) exp(−½(y − μ)²) (the fraction bar is an extraction artefact)",
             nature="transcription"),
        Step(1 / sp.sqrt(2 * sp.pi) * sp.exp(-(y - mu) ** 2 / 2), "as printed"),
        Step(1 / sp.sqrt(2 * sp.pi) * sp.exp(-y ** 2 / 2) * sp.exp(mu * y - mu ** 2 / 2), "expand the square"),
    ], "EF-3", "000 §8")


@check("EF-3", "Gaussian, 002's chain", "002 §1.3.2", "derivation")
def gaussian_chain_002(ctx):
    return chain([
        Step(_normal(y, mu, 1), "p(y; μ)"),
        Step(1 / sp.sqrt(2 * sp.pi) * sp.exp(-(y - mu) ** 2 / 2), "σ² = 1"),
        Step(1 / sp.sqrt(2 * sp.pi) * sp.exp(-y ** 2 / 2) * sp.exp(mu * y - mu ** 2 / 2), "expand"),
    ], "EF-3", "002 §1.3.2")


@check("EF-3", "'set σ² = 1.6' before the σ² = 1 density (footnote marker read as a digit)", "000 §8",
       "identity")
def gaussian_variance_as_printed(ctx):
    def formula(p_):
        y_, m_ = S.to_mpf(p_)
        return mpmath.exp(-(y_ - m_) ** 2 / 2) / mpmath.sqrt(2 * mpmath.pi)

    def with_variance(variance):
        def residual(p_):
            y_, m_ = S.to_mpf(p_)
            return lr.gaussian_density(y_, m_, mpmath.sqrt(mpmath.mpf(variance))) - formula(p_)
        return residual
    points = st.tuples(S.rationals(), S.rationals()).filter(lambda t: t[0] != t[1])
    return numeric_erratum(
        ctx, "EF-3", "000 §8 (before the Gaussian chain)",
        "let's set σ² = 1.6, then p(y; μ) = (1/√(2π)) exp(−½(y − μ)²)",
        "σ² = 1 (the '6' is the marker of footnote 6); then p(y; μ) = (1/√(2π)) exp(−½(y − μ)²)",
        points, with_variance("1.6"), with_variance(1), _tight(ctx), n=min(ctx.examples, 15),
        nature="transcription")


@check("EF-3", "the reference's GAUSSIAN: η = μ, a = η²/2, b = e^(−y²/2)/√(2π) give N(μ, 1)",
       "000 §8; 002 §1.3.2", "identity")
def gaussian_reference(ctx):
    def residual(p_):
        y_, m_ = S.to_mpf(p_)
        e = ef.GAUSSIAN.natural(m_)
        return abs(ef.density(ef.GAUSSIAN, y_, e) - lr.gaussian_density(y_, m_, mpmath.mpf(1)))
    return sampled(ctx, st.tuples(S.rationals(), S.rationals()), residual, _tight(ctx), n=min(ctx.examples, 20))


# ---- EF-4 ------------------------------------------------------------------------------------

@check("EF-4", "dispersion form b(y,τ)exp((ηy − a(η))/c(τ)) with c(τ) = σ² is N(μ, σ²)", "000 §8 fn 6",
       "identity")
def dispersion_form(ctx):
    s2 = sp.Symbol("sigma2", positive=True)
    b = sp.exp(-y ** 2 / (2 * s2)) / sp.sqrt(2 * sp.pi * s2)
    symbolic = chain([Step(_normal(y, mu, s2), "N(μ, σ²)"),
                      Step(b * sp.exp((mu * y - mu ** 2 / 2) / s2), "b(y, τ) exp((ηy − η²/2)/c(τ)), η = μ")],
                     "EF-4", "000 fn 6")

    def residual(p_):
        y_, m_, s_ = S.to_mpf(p_)
        return abs(ef.dispersion_density(ef.GAUSSIAN_DISPERSION, y_, m_, s_)
                   - lr.gaussian_density(y_, m_, mpmath.sqrt(s_)))
    high = sampled(ctx, st.tuples(S.rationals(), S.rationals(), S.positive_rationals()), residual,
                   _tight(ctx), n=min(ctx.examples, 20))
    return combine(symbolic, high)


@check("EF-4", "fn 6 prints the base measure as b(a, τ): it must depend on y", "000 §8 fn 6", "identity")
def dispersion_base_measure(ctx):
    def needed(y_, m_, s_):
        # the only b that makes b · exp((ηy − a)/c) the N(μ, σ²) density
        return lr.gaussian_density(y_, m_, mpmath.sqrt(s_)) / mpmath.exp((m_ * y_ - m_ ** 2 / 2) / s_)

    def printed(p_):
        y1, y2, m_, s_ = S.to_mpf(p_)
        return needed(y1, m_, s_) - needed(y2, m_, s_)  # a b(a, τ) is the same at both y

    def corrected(p_):
        y1, _, m_, s_ = S.to_mpf(p_)
        return needed(y1, m_, s_) - ef.GAUSSIAN_DISPERSION.b(y1, s_)
    points = st.tuples(S.rationals(), S.rationals(), S.rationals(), S.positive_rationals()).filter(
        lambda t: abs(t[0]) != abs(t[1]))
    return numeric_erratum(
        ctx, "EF-4", "000 §8 fn 6", "p(y; η, τ) = b(a, τ) exp((ηᵀT(y) − a(η))/c(τ))",
        "p(y; η, τ) = b(y, τ) exp((ηᵀT(y) − a(η))/c(τ)); for the Gaussian b(y, σ²) = "
        "exp(−y²/(2σ²))/√(2πσ²), which varies with y", points, printed, corrected, _tight(ctx),
        n=min(ctx.examples, 15))


# ---- EF-5 ------------------------------------------------------------------------------------

@check("EF-5", "E[T(y)] = a′(η), Var[T(y)] = a″(η) ≥ 0, −log p convex in η, for every family",
       "000 §8; 002 §1.3.2 (properties)", "identity")
def moments(ctx):
    outcomes = []
    for name, density, total, a, natural in _families():
        f = density(natural)
        mean = sp.simplify(total(y * f))
        second = sp.simplify(total(y * (y - 1) * f)) + mean  # E[y²] via the factorial moment
        a1 = sp.diff(a, eta).subs(eta, natural)
        a2 = sp.diff(a, eta, 2).subs(eta, natural)
        outcomes.append(_holds(mean - a1))
        outcomes.append(_holds(second - mean ** 2 - a2))
        nonnegative = sp.simplify(a2).is_nonnegative
        outcomes.append(Outcome(bool(nonnegative), "symbolic", 0.0, "" if nonnegative else f"{name}: a″ = {a2}"))
        convex = sp.simplify(-sp.diff(sp.log(density(eta)), eta, 2) - sp.diff(a, eta, 2))
        outcomes.append(Outcome(convex == 0, "symbolic", 0.0, "" if convex == 0 else f"{name}: {convex}"))

    def residual(v):
        e = S.to_mpf(v)
        worst = 0
        for fam in (ef.BERNOULLI, ef.GAUSSIAN, ef.POISSON, ef.EXPONENTIAL, ef.gamma(3)):
            x = -abs(e) - 1 if fam.parameter == "rate" else e  # rates need η < 0
            worst = max(worst, abs(mpmath.diff(fam.a, x) - fam.response(x)),
                        abs(mpmath.diff(fam.a, x, 2) - fam.variance(x)))
        return worst
    high = sampled(ctx, S.natural_parameters(-4, 4), residual, _tight(ctx, 12), n=min(ctx.examples, 15))
    return combine(*outcomes, high)


# ---- GLM-1 -----------------------------------------------------------------------------------

@check("GLM-1", "canonical response g(η) = E[T(y); η] = a′(η); the link g⁻¹ inverts it, per family",
       "000 §9.2; 002 §1.3.3", "identity")
def response_and_link(ctx):
    outcomes = []
    g_symbolic = {"bernoulli": 1 / (1 + sp.exp(-eta)), "gaussian": eta, "poisson": sp.exp(eta),
                  "exponential": -1 / eta}
    link_symbolic = {"bernoulli": sp.log(mu / (1 - mu)), "gaussian": mu, "poisson": sp.log(mu),
                     "exponential": -1 / mu}
    a_of = {name: a for name, _, _, a, _ in _families()}
    for name, g in g_symbolic.items():
        outcomes.append(_holds(sp.diff(a_of[name], eta) - g))
        outcomes.append(_holds(sp.expand_log(link_symbolic[name].subs(mu, g), force=True) - eta))

    def residual(v):
        e = S.to_mpf(v)
        worst = 0
        for fam in (ef.BERNOULLI, ef.GAUSSIAN, ef.POISSON, ef.EXPONENTIAL):
            x = -abs(e) - 1 if fam is ef.EXPONENTIAL else e
            worst = max(worst, abs(fam.link(fam.response(x)) - x), abs(fam.response(x) - mpmath.diff(fam.a, x)))
        return worst
    high = sampled(ctx, S.natural_parameters(-4, 4), residual, _tight(ctx, 12), n=min(ctx.examples, 15))
    return combine(*outcomes, high)


@check("GLM-1", "assumption 2 for logistic regression: h = p(y=1|x) = 0·p(y=0) + 1·p(y=1) = E[y|x]",
       "000 §9", "derivation")
def assumption_two(ctx):
    h = 1 / (1 + sp.exp(-eta))
    return chain([Step(h, "h_θ(x) = p(y = 1 | x; θ)"), Step(0 * (1 - h) + 1 * h, "0·p(y=0) + 1·p(y=1)"),
                  Step(sum(v * sp.exp(v * eta - sp.log(1 + sp.exp(eta))) for v in (0, 1)), "E[y | x; θ]")],
                 "GLM-1", "000 §9")


@check("GLM-1", "the marginal note 'g(μ) = η' in 000 §9.2 uses the other texts' convention",
       "000 §9.2 (note beside fn 7)", "identity")
def link_annotation(ctx):
    g_ = ef.BERNOULLI.response

    def printed(v):
        e = S.to_mpf(v)
        return g_(g_(e)) - e  # the note's g(μ) = η with the notes' g (the response) and μ = g(η)

    def corrected(v):
        e = S.to_mpf(v)
        return ef.BERNOULLI.link(g_(e)) - e
    return numeric_erratum(
        ctx, "GLM-1", "000 §9.2 (handwritten note beside the response-function paragraph)",
        "link function g(μ) = η or μ = g⁻¹(η), response function",
        "with the notes' g (the response, g(η) = E[T(y); η]): μ = g(η) and η = g⁻¹(μ) is the link "
        "(fn 7: many texts swap the names)", S.natural_parameters(-4, 4), printed, corrected,
        _tight(ctx), n=min(ctx.examples, 15), nature="transcription")


# ---- GLM-2, GLM-3 ----------------------------------------------------------------------------

def _theta_x(n=2):
    theta = [sp.Symbol(f"theta{j}", real=True) for j in range(n)]
    x = [sp.Symbol(f"x{j}", real=True) for j in range(n)]
    return sum(a * b for a, b in zip(theta, x))


@check("GLM-2", "OLS as a GLM: h = E[y|x;θ] = μ = η = θᵀx", "000 §9.1; 002 §1.3.3", "derivation")
def ols_as_glm(ctx):
    t = _theta_x()
    density = sp.exp(-y ** 2 / 2) / sp.sqrt(2 * sp.pi) * sp.exp(eta * y - eta ** 2 / 2)
    mean = sp.integrate(y * density, (y, -sp.oo, sp.oo)).subs(eta, t)  # then η = θᵀx
    return chain([
        Step(mean, "E[y | x; θ] (assumption 2)"),
        Step(t, "= μ (the mean of N(μ, 1)), = η (EF-3: μ = η), = θᵀx (assumption 3)"),
    ], "GLM-2", "000 §9.1; 002 §1.3.3", "n=2")


@check("GLM-3", "logistic regression as a GLM: h = E[y|x;θ] = φ = 1/(1+e^(−η)) = 1/(1+e^(−θᵀx))",
       "000 §9.2; 002 §1.3.3", "derivation")
def logistic_as_glm(ctx):
    t = _theta_x()
    return chain([
        Step(sum(v * sp.exp(v * t - sp.log(1 + sp.exp(t))) for v in (0, 1)), "E[y | x; θ], Bernoulli with η = θᵀx"),
        Step(sp.exp(t) / (1 + sp.exp(t)), "= φ"),
        Step(1 / (1 + sp.exp(-t)), "= 1/(1 + e^(−η)) = 1/(1 + e^(−θᵀx))"),
    ], "GLM-3", "000 §9.2; 002 §1.3.3", "n=2")


# ---- GLM-4 -----------------------------------------------------------------------------------

@check("GLM-4", "∂/∂θⱼ log p(y; θᵀx) = (y − g(θᵀx))xⱼ for every family: one update rule",
       "000 §9; 002 §1.3.3", "identity")
def common_update(ctx):
    theta = [sp.Symbol(f"theta{j}", real=True) for j in range(2)]
    x = [sp.Symbol(f"x{j}", real=True) for j in range(2)]
    t = sum(a * b for a, b in zip(theta, x))
    cases = {"bernoulli": (sp.log(1 + sp.exp(eta)), 1 / (1 + sp.exp(-eta))),
             "gaussian": (eta ** 2 / 2, eta), "poisson": (sp.exp(eta), sp.exp(eta)),
             "exponential": (-sp.log(-eta), -1 / eta)}
    outcomes = []
    for name, (a, g_) in cases.items():
        log_p = eta * y - a  # + log b(y), which does not involve θ
        for j in range(2):
            outcomes.append(_holds(sp.diff(log_p.subs(eta, t), theta[j]) - (y - g_.subs(eta, t)) * x[j]))
    return combine(*outcomes)


@check("GLM-4", "Poisson regression: ∇ℓ = 0 at the Newton/IRLS θ (50 digits); IRLS step = Newton step",
       "000 §9; 002 §1.3.3", "optimality")
def poisson_optimal(ctx):
    def residual(p_):
        X, y_, theta0 = p_
        Xm = S.to_mpf(X)
        fit = glm.poisson_regression(Xm, y_, tol=mpmath.mpf(10) ** (-(ctx.digits - 8)))
        grad = max(abs(v) for v in glm.gradient(ef.POISSON, Xm, y_, fit.theta))
        # one Newton step from θ₀ equals the weighted least squares fit to the working response
        t0 = S.to_mpf(theta0)
        newton_step = glm.newton(ef.POISSON, Xm, y_, t0, max_iterations=1, tol=mpmath.mpf(10) ** 6,
                                 damping=False).theta
        etas = [sum(a * b for a, b in zip(row, t0)) for row in Xm]
        w = [mpmath.exp(e) for e in etas]
        z = [e + (yi - wi) / wi for e, yi, wi in zip(etas, y_, w)]
        irls = lr.weighted_normal_equations(Xm, z, w)
        return grad + max(abs(a - b) for a, b in zip(newton_step, irls))
    return sampled(ctx, S.count_problems(), residual, _tight(ctx, 12), n=min(ctx.examples, 15))


@check("GLM-4", "the damped Newton step: s = (XᵀWX)⁻¹∇ℓ is an ascent direction (∇ℓᵀs > 0), so "
       "halving t from 1 finds θ + ts with ℓ(θ + ts) > ℓ(θ)", "000 §7, §9 (cs229.reference.newton)",
       "optimality")
def damped_newton_increases_likelihood(ctx):
    halved = [0, 0]

    def residual(p_):
        X, y_, theta0 = p_
        Xm = S.to_mpf(X)
        start = [8 * t for t in S.to_mpf(theta0)]  # far out, where a full step overshoots

        def one_step(theta):
            try:
                glm.newton(ef.POISSON, Xm, y_, theta, max_iterations=1, tol=mpmath.mpf(0))
            except glm.ConvergenceError as e:
                return e.result.theta
            raise AssertionError("one step with tol = 0 cannot converge")
        r, was_halved = damped_newton_step(
            one_step, lambda t: ([[-a for a in row] for row in glm.hessian(ef.POISSON, Xm, y_, t)],
                                 glm.gradient(ef.POISSON, Xm, y_, t)),
            lambda t: glm.log_likelihood(ef.POISSON, Xm, y_, t), start)
        halved[0] += was_halved
        halved[1] += 1
        return r
    out = sampled(ctx, S.count_problems(), residual, _tight(ctx, 8), n=min(ctx.examples, 15))
    return Outcome(out.passed, f"{out.method}, halved in {halved[0]} of {halved[1]}", out.residual,
                   out.detail)


# ---- SM-1 ------------------------------------------------------------------------------------

K = 3
r = sp.Symbol("r", positive=True)
phis = [p / (p + q + r), q / (p + q + r), r / (p + q + r)]  # φ₁, φ₂, φ₃ = 1 − φ₁ − φ₂, all > 0


def _indicator(v, i):
    return 1 if v == i else 0


@check("SM-1", "multinomial as an exponential family, the printed 6-step chain (k = 3, each y)",
       "000 §9.3", "derivation")
def multinomial_chain(ctx):
    f1, f2, f3 = phis
    etas = [sp.log(f1 / f3), sp.log(f2 / f3)]
    outcomes = []
    for v in range(1, K + 1):
        T = [_indicator(v, 1), _indicator(v, 2)]
        outcomes.append(chain(_logs([
            Step(f1 ** _indicator(v, 1) * f2 ** _indicator(v, 2) * f3 ** _indicator(v, 3), "Π φᵢ^1{y=i}"),
            Step(f1 ** _indicator(v, 1) * f2 ** _indicator(v, 2) * f3 ** (1 - _indicator(v, 1) - _indicator(v, 2)),
                 "1{y=k} = 1 − Σ_{i<k} 1{y=i}"),
            Step(f1 ** T[0] * f2 ** T[1] * f3 ** (1 - T[0] - T[1]), "(T(y))ᵢ = 1{y = i}"),
            Step(sp.exp(T[0] * sp.log(f1) + T[1] * sp.log(f2) + (1 - T[0] - T[1]) * sp.log(f3)), "exp log"),
            Step(sp.exp(T[0] * sp.log(f1 / f3) + T[1] * sp.log(f2 / f3) + sp.log(f3)), "collect log φ_k"),
            Step(1 * sp.exp(etas[0] * T[0] + etas[1] * T[1] - (-sp.log(f3))), "b(y) exp(ηᵀT(y) − a(η))"),
        ]), "SM-1", "000 §9.3", f"k=3, y={v}, as logs"))
    T1, T2 = sp.symbols("T1 T2", real=True)
    general = chain(_logs([
        Step(f1 ** T1 * f2 ** T2 * f3 ** (1 - T1 - T2), "symbolic T"),
        Step(sp.exp(T1 * sp.log(f1) + T2 * sp.log(f2) + (1 - T1 - T2) * sp.log(f3)), "exp log"),
        Step(sp.exp(T1 * sp.log(f1 / f3) + T2 * sp.log(f2 / f3) + sp.log(f3)), "collect"),
    ]), "SM-1", "000 §9.3", "k=3, symbolic T, as logs")
    return combine(*outcomes, general)


@check("SM-1", "(T(y))ᵢ = 1{y=i}; E[(T(y))ᵢ] = φᵢ = ∂a/∂ηᵢ; Cov = ∇²a; a(η) = −log φ_k; b = 1",
       "000 §9.3", "identity")
def multinomial_facts(ctx):
    fam = ef.multinomial(K)
    indicators = all(fam.T(v) == [_indicator(v, i) for i in range(1, K)] for v in range(1, K + 1))
    f1, f2, f3 = phis
    expectation = [_holds(sum(_indicator(v, i) * phis[v - 1] for v in range(1, K + 1)) - phis[i - 1])
                   for i in range(1, K)]
    a = sp.log(1 + sp.exp(sp.log(f1 / f3)) + sp.exp(sp.log(f2 / f3)))
    partition = _holds(sp.expand_log(sp.simplify(a + sp.log(f3)), force=True))
    # EF-5 for the multinomial: ∇a(η) = E[T(y)] = φ, ∇²a(η) = Cov[T(y)] = diag(φ) − φφᵀ
    e1, e2 = sp.symbols("eta1 eta2", real=True)
    a_eta = sp.log(1 + sp.exp(e1) + sp.exp(e2))
    phi_eta = [sp.exp(e) / (1 + sp.exp(e1) + sp.exp(e2)) for e in (e1, e2)]
    moments = [_holds(sp.diff(a_eta, e) - f) for e, f in zip((e1, e2), phi_eta)]
    moments += [_holds(sp.diff(a_eta, u, v) - ((fi if i == j else 0) - fi * fj))
                for i, (u, fi) in enumerate(zip((e1, e2), phi_eta))
                for j, (v, fj) in enumerate(zip((e1, e2), phi_eta))]

    def residual(v):
        p1, p2 = S.to_mpf(v)
        p1, p2 = p1 / 3, p2 / 3  # both in (0, 1/3]: φ₃ ≥ 1/3
        e = fam.natural([p1, p2])
        probabilities = [p1, p2, 1 - p1 - p2]
        return max(max(abs(ef.density(fam, c, e) - probabilities[c - 1]) for c in (1, 2, 3)),
                   abs(fam.a(e) + mpmath.log(1 - p1 - p2)), 0 if fam.b(1) == 1 else 1)
    high = sampled(ctx, st.tuples(S.positive_rationals(Fraction(1, 8), 1), S.positive_rationals(Fraction(1, 8), 1)),
                   residual, _tight(ctx), n=min(ctx.examples, 15))
    return combine(Outcome(indicators, "exact", 0.0, "" if indicators else "T(y) ≠ indicators"),
                   *expectation, partition, *moments, high)


# ---- SM-2 ------------------------------------------------------------------------------------

@check("SM-2", "inverting the link: e^ηᵢ = φᵢ/φ_k, φ_k Σe^ηᵢ = Σφᵢ = 1, φᵢ = e^ηᵢ/Σⱼe^ηⱼ (7)",
       "000 §9.3", "derivation")
def link_inversion(ctx):
    etas = [sp.log(f / phis[-1]) for f in phis]  # η_k = log(φ_k/φ_k) = 0
    outcomes = [chain([Step(sp.exp(e), "e^ηᵢ"), Step(f / phis[-1], "= φᵢ/φ_k")], "SM-2", "000 (7)")
                for e, f in zip(etas, phis)]
    outcomes += [chain([Step(phis[-1] * sp.exp(e), "φ_k e^ηᵢ"), Step(f, "= φᵢ")], "SM-2", "000 (7)")
                 for e, f in zip(etas, phis)]
    outcomes.append(chain([Step(phis[-1] * sum(sp.exp(e) for e in etas), "φ_k Σᵢ e^ηᵢ"),
                           Step(sum(phis), "= Σᵢ φᵢ"), Step(sp.Integer(1), "= 1")], "SM-2", "000 (7)"))
    outcomes += [chain([Step(f, "φᵢ"), Step(sp.exp(e) / sum(sp.exp(v) for v in etas), "= e^ηᵢ / Σⱼ e^ηⱼ")],
                       "SM-2", "000 §9.3") for e, f in zip(etas, phis)]
    return combine(*outcomes)


@check("SM-2", "stable softmax / log-sum-exp equal the printed forms; finite for |η| up to 1e308",
       "000 §9.3", "identity")
def stable_softmax(ctx):
    def residual(v):
        e = S.to_mpf(v)
        direct = [mpmath.exp(x) / sum(mpmath.exp(t) for t in e) for x in e]
        return max(max(abs(a - b) for a, b in zip(sm.softmax(e), direct)),
                   abs(sm.log_sum_exp(e) - mpmath.log(sum(mpmath.exp(t) for t in e))))
    high = sampled(ctx, st.lists(S.rationals(-300, 300, 4), min_size=2, max_size=5), residual,
                   _tight(ctx), n=min(ctx.examples, 20))
    extremes = [[1e308, -1e308, 0.0], [1e308, 1e308], [-1e308, -1e308, -1e308], [710.0, 0.0, -710.0]]
    ok = all(abs(sum(sm.softmax(e)) - 1) <= 4e-16 and all(0 <= v <= 1 for v in sm.softmax(e))
             and mpmath.isfinite(sm.log_sum_exp(e)) for e in extremes)
    return combine(high, Outcome(ok, f"{len(extremes)} float vectors", 0.0, "" if ok else "overflow"))


# ---- SM-4 ------------------------------------------------------------------------------------

@check("SM-4", "ℓ(θ) = Σᵢ log Π_l (e^(θ_lᵀx)/Σⱼ e^(θⱼᵀx))^1{y=l}: the printed second line", "000 §9.3",
       "derivation")
def softmax_log_likelihood_chain(ctx):
    x = [sp.Integer(1), sp.Symbol("x1", real=True)]
    Theta = [[sp.Symbol(f"theta{l}{j}", real=True) for j in range(2)] for l in (1, 2)] + [[0, 0]]
    etas = [sum(a * b for a, b in zip(t, x)) for t in Theta]
    total = sum(sp.exp(e) for e in etas)
    outcomes = []
    for v in range(1, K + 1):
        outcomes.append(chain([
            Step(sp.log(sp.exp(etas[v - 1]) / total), "log p(y | x; θ), (8)"),
            Step(sp.log(sp.Mul(*[(sp.exp(e) / total) ** _indicator(v, l) for l, e in enumerate(etas, 1)])),
                 "log Π_l (...)^1{y=l}"),
        ], "SM-4", "000 §9.3", f"k=3, y={v}"))
    return combine(*outcomes)


@check("SM-4", "cross-entropy −Σ p log p̂ = −log p̂(y₀) = −log(e^(θ_{y₀}ᵀx)/Σⱼ e^(θⱼᵀx)) = −(ℓ term)",
       "002 §1.3.4", "derivation")
def cross_entropy_chain(ctx):
    x = [sp.Integer(1), sp.Symbol("x1", real=True)]
    Theta = [[sp.Symbol(f"theta{l}{j}", real=True) for j in range(2)] for l in (1, 2)] + [[0, 0]]
    etas = [sum(a * b for a, b in zip(t, x)) for t in Theta]
    p_hat = [sp.exp(e) / sum(sp.exp(v) for v in etas) for e in etas]
    outcomes = []
    for y0 in range(1, K + 1):
        p_ = [_indicator(y0, l) for l in range(1, K + 1)]
        outcomes.append(chain([
            Step(-sum(a * sp.log(b) for a, b in zip(p_, p_hat)), "−Σ_y p(y) log p̂(y)"),
            Step(-sp.log(p_hat[y0 - 1]), "p one-hot at y₀"),
            Step(-sp.log(sp.exp(etas[y0 - 1]) / sum(sp.exp(v) for v in etas)), "softmax"),
        ], "SM-4", "002 §1.3.4", f"k=3, y₀={y0}"))

    def residual(p_):
        X, y_, Theta_ = S.to_mpf(p_)
        probs = sm.probabilities(X, Theta_)
        ce = sum(sm.cross_entropy([1 if c == yi else 0 for c in range(1, K + 1)], pr) for yi, pr in zip(y_, probs))
        return abs(ce + sm.log_likelihood(X, y_, Theta_))
    numeric = sampled(ctx, S.multiclass_problems(), residual, _tight(ctx), n=min(ctx.examples, 10))
    return combine(*outcomes, numeric)


@check("SM-4", "∇ℓ = 0 at softmax Newton's θ (50 digits); k = 2 is logistic regression",
       "000 §9.3", "optimality")
def softmax_optimal(ctx):
    def residual(p_):
        X, y_, _ = p_
        Xm = S.to_mpf(X)
        zero = [[mpmath.mpf(0)] * len(X[0]) for _ in range(K - 1)]
        fit = sm.newton(Xm, y_, zero, tol=mpmath.mpf(10) ** (-(ctx.digits - 8)))
        grad = max(abs(v) for row in sm.gradient(Xm, y_, fit.theta) for v in row)
        return grad
    optimal = sampled(ctx, S.multiclass_problems(), residual, _tight(ctx, 12), n=min(ctx.examples, 8))

    def two_classes(p_):
        X, y_, theta = S.to_mpf(p_)
        labels = [1 if v == 1 else 2 for v in y_]  # class 1 ↔ y = 1, class 2 (θ₂ = 0) ↔ y = 0
        return max(abs(sm.log_likelihood(X, labels, [theta]) - lg.log_likelihood(X, y_, theta)),
                   max(abs(sm.probabilities(X, [theta])[i][0] - h)
                       for i, h in enumerate(lg.probabilities(X, theta))))
    logistic = sampled(ctx, S.classification_problems(), two_classes, _tight(ctx), n=min(ctx.examples, 10))
    return combine(optimal, logistic)
