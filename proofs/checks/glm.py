"""Part III checks: the exponential family, GLMs and softmax regression (000 Part III §8-9;
002 §1.3.2-1.3.4).

Chains of positive quantities written with powers, exps and logs (the Bernoulli and multinomial
derivations) are compared as logarithms, log-expanded: every factor is positive there, so two
steps are equal exactly when their logarithms are, and sympy decides the latter quickly. The
steps keep their printed form for the counterexample a reader sees.
"""
import dataclasses
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
from ..checking import (NOTES_NEWTON, Domain, Step, as_printed, chain, combine, damped_newton_step, find_witness,
                        labels, numeric_erratum, positive, probability, real, relies_on,
                        sampled)
from ..registry import Erratum, Outcome, Quote, check, unchecked
from .logistic_regression import one_newton_step

y = sp.Symbol("y", real=True)
eta = sp.Symbol("eta", real=True)
mu = sp.Symbol("mu", real=True)
lam = sp.Symbol("lambda", positive=True)
phi = sp.Symbol("phi", positive=True)  # in (0, 1): the domain below says so


def ng(line, text, reading=""):
    return Quote("000", line, text, reading)


def neto(line, text, reading=""):
    return Quote("002", line, text, reading)


_BERNOULLI_NAMES = {phi: probability("φ"), y: labels(0, 1, name="y")}


def _tight(ctx, margin=8):
    return mpmath.mpf(10) ** (-(ctx.digits - margin))


def _logs(steps):
    """Each step replaced by its log-expanded logarithm (all factors positive); the printed form
    is kept for the counterexample."""
    for step in steps:
        step.keep_shown()
        step.expr = sp.expand_log(sp.log(step.expr), force=True)
        if step.corrected is not None:
            step.corrected = sp.expand_log(sp.log(step.corrected), force=True)
    return steps


def _equal(id, lhs, rhs, reason, domains=None):
    """lhs = rhs as a two-step chain of catalog row ``id`` (so that its mutants are tried)."""
    return chain([Step(lhs, ""), Step(rhs, reason)], id, "000", domains=domains)


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
# a(η), natural parameter in the symbols used).
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


def _perturbed(name, field, change):
    """A mutant: the family ``ef.<name>`` with ``field`` replaced by change(original field)."""
    return lambda fam: dataclasses.replace(fam, **{field: change(getattr(fam, field))})


# ---- EF-1 ------------------------------------------------------------------------------------

@relies_on(ef, "density", lambda f: lambda fam, t, e: f(fam, t, e) * (1 + mpmath.mpf(10) ** -20),
           "p(y; η) scaled by 1 + 10⁻²⁰")
@check("EF-1", "Σ_y or ∫ b(y)exp(ηT(y) − a(η)) = 1 for every family (e^(−a) normalises)",
       "000 §8 (6); 002 §1.3.2", "identity",
       quotes=(ng(438, "We say that a class of distributions is in the exponential family if it can be written in the form"),
               ng(440, r"p(y;\eta) = b(y) \exp(\eta^T T(y) - a(\eta))"),
               ng(441, "(6)", reading="the tag of p(y; η) = b(y) exp(ηᵀT(y) − a(η)) on the line above"),
               neto(266, "The **exponential family** is a class of probability distributions with p.d.f."),
               ng(443, r"The quantity  $e^{-a(\eta)}$  essentially plays the role of a normalization constant"),
               neto(268, r"p(y; \eta) = b(y) \exp(\eta^T T(y) - a(\eta))"),
               neto(272, r"Remark that $e^{-a(\eta)}$ is a normalization constant to make sure that $p(y; \eta)$ sums, over y , to 1.")))
def normalisation(ctx):
    outcomes = []
    for name, density, total, _, natural in _families():
        outcomes.append(_equal("EF-1", total(density(natural)), sp.Integer(1), f"{name}: the total is 1"))
    phis = sp.symbols("phi1 phi2", positive=True)
    etas = [sp.log(f / (1 - sum(phis))) for f in phis]
    a = sp.log(1 + sum(sp.exp(e) for e in etas))
    T = {1: (1, 0), 2: (0, 1), 3: (0, 0)}
    outcomes.append(_equal("EF-1", sum(sp.exp(sum(e * t for e, t in zip(etas, T[v])) - a) for v in T), sp.Integer(1),
                           "multinomial (k = 3): the total is 1", domains=_SIMPLEX_NAMES(phis)))

    def residual(v):
        e = S.to_mpf(v)
        sums = [sum(ef.density(ef.BERNOULLI, t, e) for t in (0, 1)),
                sum(ef.density(ef.POISSON, t, e) for t in range(400)),
                mpmath.quad(lambda t: ef.density(ef.GAUSSIAN, t, e), [-mpmath.inf, e, mpmath.inf]),
                mpmath.quad(lambda t: ef.density(ef.EXPONENTIAL, t, -abs(e) - 1), [0, mpmath.inf]),
                sum(ef.density(ef.multinomial(3), t, [e, -e / 2]) for t in (1, 2, 3))]
        return max(abs(s - 1) for s in sums)
    high = sampled(ctx, S.natural_parameters(-4, 4), residual, mpmath.mpf(10) ** -25,
                   n=min(ctx.examples, 10), digits=30, names="η")
    return combine(*outcomes, high)


def _SIMPLEX_NAMES(phis):
    """(φ₁, …, φ_{k−1}) drawn with every φᵢ > 0 and Σφᵢ < 1, named φ₁, φ₂, …"""
    values = [Fraction(p, q) for q in range(2, 9) for p in range(1, q)]
    pairs = st.tuples(*[st.sampled_from(sorted(values, key=lambda v: (v.denominator, v.numerator)))
                        for _ in phis]).filter(lambda t: sum(t) < 1)
    return {tuple(phis): Domain(pairs, "(" + ", ".join(f"φ{chr(0x2081 + i)}" for i in range(len(phis))) + ")")}


# ---- EF-2 ------------------------------------------------------------------------------------

@check("EF-2", "Bernoulli: φ^y(1−φ)^(1−y) = exp(log(φ/(1−φ))y + log(1−φ)), 000's chain", "000 §8",
       "derivation", quotes=(ng(447, r"specifies a distribution over  $y \in \{0, 1\}$ , so that  $p(y = 1; \phi) = \phi$ ;  $p(y = 0; \phi) = 1 - \phi$"),))
def bernoulli_chain_000(ctx):
    return chain(_logs([
        Step(phi ** y * (1 - phi) ** (1 - y), "φ^y (1 − φ)^(1−y)", quote=ng(453, r"p(y;\phi) = \phi^{y}(1-\phi)^{1-y}")),
        Step(sp.exp(y * sp.log(phi) + (1 - y) * sp.log(1 - phi)), "exp log",
             quote=ng(455, r"= \exp(y\log\phi + (1-y)\log(1-\phi))")),
        Step(sp.exp(sp.log(phi / (1 - phi)) * y + sp.log(1 - phi)), "collect y",
             quote=ng(457, r"= \exp\left(\left(\log\left(\frac{\phi}{1-\phi}\right)\right)y + \log(1-\phi)\right).")),
    ]), "EF-2", "000 §8", "compared as logs", _BERNOULLI_NAMES)


@check("EF-2", "Bernoulli, 002's chain (sign of log(1−φ))", "002 §1.3.2", "derivation")
def bernoulli_chain_002(ctx):
    return chain(_logs([
        Step(phi ** y * (1 - phi) ** (1 - y), "φ^y (1 − φ)^(1−y)", quote=neto(276, r"p(y; \varphi) &= \varphi^y (1 - \varphi)^{(1-y)}")),
        Step(sp.exp(sp.log(phi ** y * (1 - phi) ** (1 - y))), "exp log",
             quote=neto(276, r"&= \exp(\log(\varphi^y (1 - \varphi)^{(1-y)}))")),
        Step(sp.exp(sp.log(phi / (1 - phi)) * y - sp.log(1 - phi)), "collect y",
             corrected=sp.exp(sp.log(phi / (1 - phi)) * y + sp.log(1 - phi)),
             printed="exp[log(φ/(1−φ)) y − log(1−φ)]",
             fixed="exp[log(φ/(1−φ)) y + log(1−φ)] (so that ηy − a(η) with a(η) = −log(1−φ), "
                   "as 002 itself states next)",
             quote=neto(276, r"&= \exp\left[\log\left(\frac{\varphi}{1 - \varphi}\right)y - \log(1 - \varphi)\right]")),
    ]), "EF-2", "002 §1.3.2", "compared as logs", _BERNOULLI_NAMES)


@relies_on(ef, "BERNOULLI", _perturbed("BERNOULLI", "a", lambda a: lambda e: a(e) + mpmath.mpf(10) ** -30),
           "a(η) shifted by 10⁻³⁰")
@check("EF-2", "η = log(φ/(1−φ)) ⇔ φ = 1/(1+e^(−η)); a(η) = −log(1−φ) = log(1+e^η); T(y) = y; b = 1",
       "000 §8; 002 §1.3.2", "identity",
       quotes=(ng(459, r"the natural parameter is given by  $\eta = \log(\phi/(1-\phi))$"),
               ng(459, r"we obtain  $\phi = 1/(1+e^{-\eta})$"), ng(461, "T(y) = y"),
               ng(467, "b(y) = 1"),
               ng(469, "can be written in the form of Equation (6), using an appropriate choice of T, a and b."),
               neto(274, "Let φ be the probability of the event."),
               neto(278, r"We have that $b(y) = 1$, $T(y) = y$, $\eta = \log\left(\frac{\varphi}{1 - \varphi}\right)$")))
def bernoulli_parameters(ctx):
    phi_of_eta = 1 / (1 + sp.exp(-eta))
    inversion = chain([Step(phi, "φ"), Step(1 / (1 + sp.exp(-sp.log(phi / (1 - phi)))), "σ(η(φ))")],
                      "EF-2", "000 §8", domains=_BERNOULLI_NAMES)
    log_partition = chain([
        Step(-sp.log(1 - phi_of_eta), "a(η) = −log(1 − φ)", quote=ng(463, r"a(\eta) = -\log(1 - \phi)")),
        Step(sp.log(1 + sp.exp(eta)), "= log(1 + e^η)", quote=ng(465, r"= \log(1 + e^{\eta})")),
    ], "EF-2", "000 §8", domains={eta: real("η")})
    page_002 = chain([
        Step(-sp.log(1 - phi_of_eta), "−log(1 − 1/(1 + e^(−η)))",
             quote=neto(278, r"$-\log(1 - \frac{1}{1 + e^{-\eta}}) = \log(1 + e^{\eta})$")),
        Step(sp.log(1 + sp.exp(eta)), "= log(1 + e^η)"),
    ], "EF-2", "002 §1.3.2", domains={eta: real("η")})

    def residual(v):
        f = S.to_mpf(v)
        e = ef.BERNOULLI.natural(f)
        return max(abs(ef.BERNOULLI.usual(e) - f), abs(ef.BERNOULLI.a(e) + mpmath.log(1 - f)),
                   *(abs(ef.density(ef.BERNOULLI, t, e) - f ** t * (1 - f) ** (1 - t)) for t in (0, 1)))
    high = sampled(ctx, S.positive_rationals(Fraction(1, 64), Fraction(63, 64), 64), residual,
                   _tight(ctx), n=min(ctx.examples, 20), names="φ")
    return combine(inversion, log_partition, page_002, high)


# ---- EF-3 ------------------------------------------------------------------------------------

def _normal(y_, mean, variance):
    return sp.exp(-(y_ - mean) ** 2 / (2 * variance)) / sp.sqrt(2 * sp.pi * variance)


_GAUSSIAN_NAMES = {y: real("y"), mu: real("μ")}


@check("EF-3", "Gaussian (σ² = 1): p(y;μ) = e^(−y²/2)/√(2π) · exp(μy − μ²/2), 000's chain", "000 §8",
       "derivation")
def gaussian_chain_000(ctx):
    return chain([
        Step(_normal(y, mu, 1), "N(μ, 1) density"),
        Step(sp.Integer(1), "the chain's left side as printed",
             corrected=_normal(y, mu, 1), printed="p(y;μ)/p(y;μ) = (1/√(2π)) exp(−½(y − μ)²)",
             fixed="p(y;μ) = (1/√(2π)) exp(−½(y − μ)²) (the fraction bar is an extraction artefact)",
             nature="transcription", quote=ng(473, r"\frac{p(y;\mu)}{p(y;\mu)} =")),
        Step(1 / sp.sqrt(2 * sp.pi) * sp.exp(-(y - mu) ** 2 / 2), "as printed",
             quote=ng(473, r"= \frac{1}{\sqrt{2\pi}} \exp\left(-\frac{1}{2}(y-\mu)^2\right)")),
        Step(1 / sp.sqrt(2 * sp.pi) * sp.exp(-y ** 2 / 2) * sp.exp(mu * y - mu ** 2 / 2), "expand the square",
             quote=ng(474, r"= \frac{1}{\sqrt{2\pi}} \exp\left(-\frac{1}{2}y^2\right) \cdot \exp\left(\mu y - \frac{1}{2}\mu^2\right)")),
    ], "EF-3", "000 §8", domains=_GAUSSIAN_NAMES)


@check("EF-3", "Gaussian, 002's chain", "002 §1.3.2", "derivation",
       quotes=(neto(280, r"Example (Gaussian). Assume that $\sigma^2 = 1$."),))
def gaussian_chain_002(ctx):
    return chain([
        Step(_normal(y, mu, 1), "p(y; μ)", quote=neto(282, r"p(y; \mu) &= \frac{1}{\sqrt{2\pi}} \exp\left(-\frac{(y - \mu)^2}{2}\right)")),
        Step(1 / sp.sqrt(2 * sp.pi) * sp.exp(-(y - mu) ** 2 / 2), "σ² = 1"),
        Step(1 / sp.sqrt(2 * sp.pi) * sp.exp(-y ** 2 / 2) * sp.exp(mu * y - mu ** 2 / 2), "expand",
             quote=neto(282, r"&= \frac{1}{\sqrt{2\pi}} e^{-\frac{y^2}{2}} \exp\left(\mu y - \frac{1}{2}\mu^2\right)")),
    ], "EF-3", "002 §1.3.2", domains=_GAUSSIAN_NAMES)


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
        nature="transcription", names=("y", "μ"),
        quote=ng(471, r"let's set  $\sigma^2 = 1.6$  We then have:"))


@relies_on(ef, "GAUSSIAN", _perturbed("GAUSSIAN", "a", lambda a: lambda e: a(e) * (1 + mpmath.mpf(10) ** -30)),
           "a(η) scaled by 1 + 10⁻³⁰")
@check("EF-3", "the reference's GAUSSIAN: η = μ, a = μ²/2 = η²/2, b = e^(−y²/2)/√(2π) give N(μ, 1)",
       "000 §8; 002 §1.3.2", "identity",
       quotes=(ng(480, r"\eta = \mu"), ng(482, "T(y) = y"), ng(484, r"a(\eta) = \mu^2/2"), ng(486, r"= \eta^2/2"),
               ng(488, r"b(y) = (1/\sqrt{2\pi}) \exp(-y^2/2)."),
               neto(284, r"$T(y) = y$, $\eta = \mu$, and $a(\eta) = \frac{\mu^2}{2} = \frac{\eta^2}{2}$")))
def gaussian_reference(ctx):
    def residual(p_):
        y_, m_ = S.to_mpf(p_)
        e = ef.GAUSSIAN.natural(m_)
        return abs(ef.density(ef.GAUSSIAN, y_, e) - lr.gaussian_density(y_, m_, mpmath.mpf(1)))
    return sampled(ctx, st.tuples(S.rationals(), S.rationals()), residual, _tight(ctx), n=min(ctx.examples, 20),
                   names=("y", "μ"))


# ---- EF-4 ------------------------------------------------------------------------------------

_FN6 = 476


@relies_on(ef, "dispersion_density", lambda f: lambda fam, y_, m_, s_: f(fam, y_, m_, 2 * s_), "τ doubled")
@check("EF-4", "dispersion form b(y,τ)exp((ηy − a(η))/c(τ)) with c(τ) = σ² is N(μ, σ²); with σ² free, "
       "η = (μ/σ², −1/(2σ²)) ∈ ℝ², T(y) = (y, y²)", "000 §8 fn 6", "identity",
       quotes=(ng(_FN6, r"for the Gaussian,  $c(\tau) = \sigma^2$"),))
def dispersion_form(ctx):
    s2 = sp.Symbol("sigma2", positive=True)
    names = {y: real("y"), mu: real("μ"), s2: positive("σ²")}
    b = sp.exp(-y ** 2 / (2 * s2)) / sp.sqrt(2 * sp.pi * s2)
    symbolic = chain([Step(_normal(y, mu, s2), "N(μ, σ²)"),
                      Step(b * sp.exp((mu * y - mu ** 2 / 2) / s2), "b(y, τ) exp((ηy − η²/2)/c(τ)), η = μ")],
                     "EF-4", "000 fn 6", domains=names)
    e1, e2 = mu / s2, -1 / (2 * s2)
    a2 = -e1 ** 2 / (4 * e2) - sp.log(-2 * e2) / 2
    two_parameters = chain([
        Step(_normal(y, mu, s2), "N(μ, σ²)"),
        Step(1 / sp.sqrt(2 * sp.pi) * sp.exp(e1 * y + e2 * y ** 2 - a2), "b(y) exp(ηᵀT(y) − a(η)), η ∈ ℝ²",
             quote=ng(_FN6, r"$\eta \in \mathbb{R}^2$  is now a 2-dimension vector that depends on both  $\mu$  and  $\sigma$")),
    ], "EF-4", "000 fn 6", domains=names)

    def residual(p_):
        y_, m_, s_ = S.to_mpf(p_)
        return abs(ef.dispersion_density(ef.GAUSSIAN_DISPERSION, y_, m_, s_)
                   - lr.gaussian_density(y_, m_, mpmath.sqrt(s_)))
    high = sampled(ctx, st.tuples(S.rationals(), S.rationals(), S.positive_rationals()), residual,
                   _tight(ctx), n=min(ctx.examples, 20), names=("y", "μ", "σ²"))
    return combine(symbolic, two_parameters, high)


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
        n=min(ctx.examples, 15), names=("y", "another y", "μ = η", "σ² = τ"),
        quote=ng(_FN6, r"$p(y; \eta, \tau) = b(a, \tau) \exp((\eta^T T(y) - a(\eta))/c(\tau))$"))


# ---- EF-5 ------------------------------------------------------------------------------------

@relies_on(ef, "POISSON", _perturbed("POISSON", "variance", lambda v: lambda e: v(e) * (1 + mpmath.mpf(10) ** -20)),
           "the Poisson a″ scaled by 1 + 10⁻²⁰")
@check("EF-5", "E[T(y)] = a′(η), Var[T(y)] = a″(η) ≥ 0, −log p convex in η, for every family",
       "000 §8; 002 §1.3.2 (properties)", "identity",
       quotes=(neto(288, "1. The MLE with respect to η is concave, i.e., the negative log-likelihood is convex.",
                    reading="the log-likelihood is concave in η (the MLE itself is a number, not a function)"),
               neto(289, "2. The expectation of y is"),
               neto(291, r"E[y; \eta] = \frac{\partial}{\partial \eta} a(\eta)"),
               neto(295, r"\text{Var}[y; \eta] = \frac{\partial^2}{\partial \eta^2} a(\eta)")))
def moments(ctx):
    outcomes = []
    for name, density, total, a, natural in _families():
        f = density(natural)
        mean = sp.simplify(total(y * f))
        second = sp.simplify(total(y * (y - 1) * f)) + mean  # E[y²] via the factorial moment
        a1 = sp.diff(a, eta).subs(eta, natural)
        a2 = sp.diff(a, eta, 2).subs(eta, natural)
        outcomes.append(_equal("EF-5", mean, a1, f"{name}: E[y] = a′(η)"))
        outcomes.append(_equal("EF-5", second - mean ** 2, a2, f"{name}: Var[y] = a″(η)"))
        nonnegative = sp.simplify(a2).is_nonnegative
        outcomes.append(Outcome(bool(nonnegative), "symbolic", 0.0, "" if nonnegative else f"{name}: a″ = {a2}"))
        outcomes.append(_equal("EF-5", -sp.diff(sp.log(density(eta)), eta, 2), sp.diff(a, eta, 2),
                               f"{name}: −∂²log p/∂η² = a″(η) ≥ 0, convex"))

    def residual(v):
        e = S.to_mpf(v)
        worst = 0
        for fam in (ef.BERNOULLI, ef.GAUSSIAN, ef.POISSON, ef.EXPONENTIAL, ef.gamma(3)):
            x = -abs(e) - 1 if fam.parameter == "rate" else e  # rates need η < 0
            worst = max(worst, abs(mpmath.diff(fam.a, x) - fam.response(x)),
                        abs(mpmath.diff(fam.a, x, 2) - fam.variance(x)))
        return worst
    high = sampled(ctx, S.natural_parameters(-4, 4), residual, _tight(ctx, 12), n=min(ctx.examples, 15), names="η")
    return combine(*outcomes, high)


def _beta_in_family(p_):
    """Beta(α, β) as b(y) exp(ηᵀT(y) − a(η)): T(y) = (log y, log(1 − y)), η = (α − 1, β − 1),
    a(η) = log Γ(η₁+1) + log Γ(η₂+1) − log Γ(η₁+η₂+2), b = 1. Residual: |∫p − 1| and
    |E[T(y)] − ∇a(η)| (quadrature) and p against the Beta density."""
    alpha, beta = S.to_mpf(p_)
    e1, e2 = alpha - 1, beta - 1

    def a(u, v):
        return mpmath.loggamma(u + 1) + mpmath.loggamma(v + 1) - mpmath.loggamma(u + v + 2)

    def p(t):
        return mpmath.exp(e1 * mpmath.log(t) + e2 * mpmath.log(1 - t) - a(e1, e2))
    total = mpmath.quad(p, [0, mpmath.mpf(1) / 2, 1])
    mean_log = mpmath.quad(lambda t: mpmath.log(t) * p(t), [0, mpmath.mpf(1) / 2, 1])
    at = mpmath.mpf(1) / 3
    beta_pdf = at ** (alpha - 1) * (1 - at) ** (beta - 1) / mpmath.beta(alpha, beta)
    return max(abs(total - 1), abs(mean_log - mpmath.diff(lambda u: a(u, e2), e1)), abs(p(at) - beta_pdf))


@relies_on(mpmath, "loggamma", lambda f: lambda v: f(v) + mpmath.mpf(10) ** -10, "log Γ shifted by 10⁻¹⁰")
@check("EF-5", "the beta distribution is in the exponential family: T(y) = (log y, log(1−y)), "
       "a(η) = log B(η₁+1, η₂+1), E[T] = ∇a", "000 §8", "identity",
       quotes=(ng(490, "the beta and the Dirichlet (for distributions over probabilities)"),))
def beta_family(ctx):
    params = st.tuples(S.positive_rationals(Fraction(1), 4), S.positive_rationals(Fraction(1), 4))
    return sampled(ctx, params, _beta_in_family, mpmath.mpf(10) ** -20, n=min(ctx.examples, 4), digits=30,
                   names=("α", "β"))


# ---- GLM-1 -----------------------------------------------------------------------------------

_RESPONSES = {"bernoulli": 1 / (1 + sp.exp(-eta)), "gaussian": eta, "poisson": sp.exp(eta), "exponential": -1 / eta}
_LINKS = {"bernoulli": sp.log(mu / (1 - mu)), "gaussian": mu, "poisson": sp.log(mu), "exponential": -1 / mu}


@relies_on(ef, "BERNOULLI", _perturbed("BERNOULLI", "link", lambda f: lambda m_: f(m_) + mpmath.mpf(10) ** -30),
           "the Bernoulli link off by 10⁻³⁰")
@check("GLM-1", "canonical response g(η) = E[T(y); η] = a′(η); the link g⁻¹ inverts it, per family",
       "000 §9.2; 002 §1.3.3", "identity",
       quotes=(ng(529, r"$(g(\eta) = E[T(y); \eta])$ is called the **canonical response function**"),
               ng(529, r"Its inverse,  $q^{-1}$ , is called the canonical link function.",
                  reading="q⁻¹ is the extraction's reading of g⁻¹"),
               ng(529, "the canonical response function for the Gaussian family is just the identity function; "
                       "and the canonical response function for the Bernoulli is the logistic function."),
               neto(319, "1. η is the **natural parameter**."),
               neto(320, r"The expectation $E[y; \eta] = g(\eta)$ is the **canonical response function**."),
               neto(321, r"The inverse $\eta = g^{-1}(\mu)$ is the **canonical link function**.")))
def response_and_link(ctx):
    outcomes = []
    a_of = {name: a for name, _, _, a, _ in _families()}
    for name, g_ in _RESPONSES.items():
        outcomes.append(_equal("GLM-1", sp.diff(a_of[name], eta), g_, f"{name}: a′(η) = g(η)", domains={eta: real("η")}))
        outcomes.append(_equal("GLM-1", sp.expand_log(_LINKS[name].subs(mu, g_), force=True), eta,
                               f"{name}: g⁻¹(g(η)) = η", domains={eta: real("η")}))

    def residual(v):
        e = S.to_mpf(v)
        worst = 0
        for fam in (ef.BERNOULLI, ef.GAUSSIAN, ef.POISSON, ef.EXPONENTIAL):
            x = -abs(e) - 1 if fam is ef.EXPONENTIAL else e
            worst = max(worst, abs(fam.link(fam.response(x)) - x), abs(fam.response(x) - mpmath.diff(fam.a, x)))
        return worst
    high = sampled(ctx, S.natural_parameters(-4, 4), residual, _tight(ctx, 12), n=min(ctx.examples, 15), names="η")
    return combine(*outcomes, high)


_ASSUMPTION_1 = ng(498, r"$y \mid x; \theta \sim \text{ExponentialFamily}(\eta)$")
_ASSUMPTION_2 = ng(501, "satisfy h(x) = E[y|x].")
_ASSUMPTION_2_GOAL = ng(499, "Given x, our goal is to predict the expected value of T(y) given x.")
_ASSUMPTION_3 = ng(503, r"The natural parameter  $\eta$  and the inputs x are related linearly:  $\eta = \theta^T x$")


@check("GLM-1", "assumption 2 for logistic regression: h = p(y=1|x) = 0·p(y=0) + 1·p(y=1) = E[y|x]",
       "000 §9", "derivation", quotes=(_ASSUMPTION_2,))
def assumption_two(ctx):
    h = 1 / (1 + sp.exp(-eta))
    return chain([
        Step(h, "h_θ(x) = p(y = 1 | x; θ)", quote=ng(501, r"we had  $h_{\theta}(x) = p(y = 1|x; \theta)")),
        Step(0 * (1 - h) + 1 * h, "0·p(y=0) + 1·p(y=1)", quote=ng(501, r"= 0 \cdot p(y = 0|x; \theta) + 1 \cdot p(y = 1|x; \theta)")),
        Step(sum(v * sp.exp(v * eta - sp.log(1 + sp.exp(eta))) for v in (0, 1)), "E[y | x; θ]",
             quote=ng(501, r"= E[y|x; \theta]$ .)")),
    ], "GLM-1", "000 §9", domains={eta: real("η = θᵀx")})


def _annotation_witness(g_read):
    """The simplest η at which g(μ) = η fails for μ = E[y; η] of the Bernoulli, with g read as
    ``g_read``; None when it holds at every η tried."""
    def fails(e):
        e = mpmath.mpf(e.numerator) / e.denominator
        return abs(g_read(ef.BERNOULLI.response(e)) - e) > mpmath.mpf(10) ** -30
    return find_witness(real().strategy, fails, seed=229, budget=100)


@relies_on(ef, "BERNOULLI", _perturbed("BERNOULLI", "link", lambda f: lambda m_: f(m_) + mpmath.mpf(10) ** -30),
           "the Bernoulli link off by 10⁻³⁰")
@check("GLM-1", "the note 'link function g(μ) = η or μ = g⁻¹(η), response function' beside §9.2 is the "
       "statistics convention (fn 7), not the notes'", "000 §9.2 (note beside fn 7)", "identity",
       quotes=(ng(539, "Many texts use g to denote the link function, and  $g^{-1}$  to denote the response function"),
               ng(529, "the function g giving the distri-link function bution's mean",
                  reading="'link function' is a reader's handwritten note inserted into 'distribution's'"),
               ng(533, "function", reading="the end of the note on line 531: '... response function'")))
def link_annotation(ctx):
    """With the statistics g (the link, fn 7's 'many texts'), g(μ) = η and μ = g⁻¹(η) hold for
    every family; with the notes' g (the response) g(μ) = η fails: a clash of conventions."""
    with mpmath.workdps(ctx.digits):
        def statistics_reading(v):
            e = S.to_mpf(v)
            worst = 0
            for fam in (ef.BERNOULLI, ef.GAUSSIAN, ef.POISSON):
                m_ = fam.response(e)
                worst = max(worst, abs(fam.link(m_) - e))  # g(μ) = η with g the link
            return worst
        holds = sampled(ctx, S.natural_parameters(-4, 4), statistics_reading, _tight(ctx, 12),
                        n=min(ctx.examples, 15), names="η")
        g_read = as_printed(ef.BERNOULLI.response, ef.BERNOULLI.link, key="the annotation's g")
        witness = _annotation_witness(g_read)
    errata = ()
    if witness is not None:
        e = mpmath.mpf(witness.numerator) / witness.denominator
        m_ = ef.BERNOULLI.response(e)
        errata = (Erratum(
            "GLM-1", "000 §9.2 (a reader's handwritten note beside the response-function paragraph)",
            "link function g(μ) = η or μ = g⁻¹(η), response function",
            "the statistics convention, in which g is the link (fn 7: 'many texts use g to denote the link "
            "function'); with the notes' g (the response g(η) = E[T(y); η]) it reads μ = g(η), η = g⁻¹(μ)",
            f"Bernoulli at η = {witness}: μ = E[y; η] = {mpmath.nstr(m_, 8)}; the notes' g gives "
            f"g(μ) = {mpmath.nstr(ef.BERNOULLI.response(m_), 8)} ≠ η, the link gives g(μ) = "
            f"{mpmath.nstr(ef.BERNOULLI.link(m_), 8)} = η",
            "convention", ng(531, r"g(\mu) = \eta \text{ or } \mu = g^{-1}(\eta)")),)
    return Outcome(holds.passed, holds.method, holds.residual, holds.detail, errata, holds.quotes)


# ---- GLM-2, GLM-3 ----------------------------------------------------------------------------

def _theta_x(n=2):
    theta = [sp.Symbol(f"theta{j}", real=True) for j in range(n)]
    x = [sp.Symbol(f"x{j}", real=True) for j in range(n)]
    return sum(a * b for a, b in zip(theta, x))


@check("GLM-2", "OLS as a GLM, step by step: h = E[y|x;θ] (A2) = μ (the mean of N(μ, σ²)) = η (the "
       "Gaussian's natural parameter) = θᵀx (A3)", "000 §9.1; 002 §1.3.3", "derivation",
       quotes=(_ASSUMPTION_1, _ASSUMPTION_2_GOAL, _ASSUMPTION_2, _ASSUMPTION_3,
               neto(301, "In **generalized linear models**, we do the following assumptions (design choices):"),
               neto(327, "For the linear regression, we use the Gaussian distribution. Then,"),
               ng(519, "The first equality follows from Assumption 2, above; the second equality follows from the fact that"),
               ng(519, "the third equality follows from Assumption 1 (and our earlier derivation showing that"),
               ng(519, "and the last equality follows from Assumption 3."),
               ng(509, r"we had  $\mu = \eta$")))
def ols_as_glm(ctx):
    t = _theta_x()
    s2 = sp.Symbol("sigma2", positive=True)
    names = {mu: real("μ"), s2: positive("σ²"), y: real("y"), eta: real("η")}
    # second equality: y|x;θ ~ N(μ, σ²), so E[y|x;θ] = μ (for every σ²)
    mean = chain([Step(sp.integrate(y * _normal(y, mu, s2), (y, -sp.oo, sp.oo)), "E[y] under N(μ, σ²)",
                       quote=ng(511, r"h_{\theta}(x) = E[y|x;\theta]")),
                  Step(mu, "= μ", quote=ng(513, r"= \mu"))], "GLM-2", "000 §9.1", "symbolic σ²", names)
    # third: written as b(y) exp(ηy − a(η)), N(μ, 1)'s coefficient of y is its natural parameter
    b = sp.exp(-y ** 2 / 2) / sp.sqrt(2 * sp.pi)
    natural = chain([Step(sp.diff(sp.log(_normal(y, mu, 1)) - sp.log(b), y), "η: the coefficient of y in log p − log b"),
                     Step(mu, "= μ, so μ = η", quote=ng(515, r"= \eta"))], "GLM-2", "000 §9.1", domains=names)
    # last: assumption 3 substitutes η = θᵀx; the whole chain under assumptions 1-3
    density = b * sp.exp(eta * y - eta ** 2 / 2)
    whole = chain([
        Step(sp.integrate(y * density, (y, -sp.oo, sp.oo)).subs(eta, t), "E[y|x;θ], y ~ ExponentialFamily(η), η = θᵀx"),
        Step(t, "= θᵀx", quote=ng(517, r"= \theta^{T}x.")),
    ], "GLM-2", "000 §9.1", "n=2")
    # 002 prints the same chain on one line: each of its equalities in turn
    mean_002 = chain([Step(sp.integrate(y * _normal(y, mu, 1), (y, -sp.oo, sp.oo)), "E[y|x;θ] under N(μ, 1)",
                           quote=neto(329, r"h_\theta(x) = E[y \mid x; \theta]")),
                      Step(mu, "= μ", quote=neto(329, r"= \mu"))], "GLM-2", "002 §1.3.3", domains=names)
    natural_002 = chain([Step(sp.diff(sp.log(_normal(y, mu, 1)) - sp.log(b), y), "η: the coefficient of y in 002's "
                              "b(y) exp(μy − μ²/2)", quote=neto(282, r"\exp\left(\mu y - \frac{1}{2}\mu^2\right)")),
                         Step(mu, "= μ, so μ = η", quote=neto(329, r"= \eta"))], "GLM-2", "002 §1.3.3", domains=names)
    page_002 = chain([
        Step(sp.integrate(y * density, (y, -sp.oo, sp.oo)).subs(eta, t), "η = θᵀx (assumption 3)",
             quote=neto(305, r"Test time: output will be $h_\theta(x) = E[y \mid x; \theta]$.")),
        Step(t, "= θᵀx", quote=neto(329, r"= \theta^T x")),
    ], "GLM-2", "002 §1.3.3", "n=2")
    return combine(mean, natural, whole, mean_002, natural_002, page_002)


@check("GLM-3", "logistic regression as a GLM, step by step: h = E[y|x;θ] = φ = 1/(1+e^(−η)) = 1/(1+e^(−θᵀx))",
       "000 §9.2; 002 §1.3.3", "derivation",
       quotes=(_ASSUMPTION_1, _ASSUMPTION_2_GOAL, _ASSUMPTION_2, _ASSUMPTION_3,
               neto(323, "For the logistic regression, we use the Bernoulli distribution, whence"),
               ng(523, r"note that if  $y|x;\theta \sim \text{Bernoulli}(\phi)$ , then  $E[y|x;\theta] = \phi$"),
               ng(525, r"\text{Explain why choose sigmoid function as h(x)}",
                  reading="a reader's handwritten note beside the chain, not part of it"),
               ng(527, r"this gives us hypothesis functions of the form  $h_{\theta}(x) = 1/(1 + e^{-\theta^T x})$")))
def logistic_as_glm(ctx):
    t = _theta_x()
    names = {phi: probability("φ"), eta: real("η")}
    expectation = chain([Step(sum(v * phi ** v * (1 - phi) ** (1 - v) for v in (0, 1)), "E[y] under Bernoulli(φ)",
                              quote=ng(525, r"h_{\theta}(x) & = & E[y|x;\theta]")),
                         Step(phi, "= φ", quote=ng(525, r"& = & \phi"))], "GLM-3", "000 §9.2", domains=names)
    solved = sp.solve(sp.Eq(sp.log(phi / (1 - phi)), eta), phi)
    inverse = chain([Step(solved[0] if len(solved) == 1 else sp.nan, "φ solved from η = log(φ/(1 − φ))"),
                     Step(1 / (1 + sp.exp(-eta)), "= 1/(1 + e^(−η))", quote=ng(525, r"& = & 1/(1+e^{-\eta})"))],
                    "GLM-3", "000 §9.2", domains=names)
    whole = chain([
        Step(sum(v * sp.exp(v * t - sp.log(1 + sp.exp(t))) for v in (0, 1)), "E[y | x; θ], Bernoulli with η = θᵀx"),
        Step(sp.exp(t) / (1 + sp.exp(t)), "= φ"),
        Step(1 / (1 + sp.exp(-t)), "= 1/(1 + e^(−θᵀx))", quote=ng(525, r"& = & 1/(1+e^{-\theta^Tx})")),
    ], "GLM-3", "000 §9.2; 002 §1.3.3", "n=2")
    page_002 = chain([
        Step(sum(v * sp.exp(v * t - sp.log(1 + sp.exp(t))) for v in (0, 1)), "E[y|x;θ]",
             quote=neto(325, r"h_\theta(x) = E[y \mid x; \theta] = \varphi = \frac{1}{1 + e^{-\eta}}")),
        Step(1 / (1 + sp.exp(-t)), "= 1/(1 + e^(−θᵀx))", quote=neto(325, r"= \frac{1}{1 + e^{-\theta^T x}}")),
    ], "GLM-3", "002 §1.3.3", "n=2")
    return combine(expectation, inverse, whole, page_002)


# ---- GLM-4 -----------------------------------------------------------------------------------

@check("GLM-4", "∂/∂θⱼ log p(y; θᵀx) = (y − g(θᵀx))xⱼ for every family: one update rule",
       "000 §9; 002 §1.3.3", "identity",
       quotes=(neto(309, "During learning (training), we do gradient ascent on"),
               neto(311, r"\max_{\theta} \log p(y^{(i)}; \theta^T x^{(i)})"),
               neto(313, "The learning update rule is the same for all distributions:"),
               neto(315, r"\theta_j := \theta_j + \alpha(y^{(i)} - h_\theta^{(i)}(x))x_j^{(i)}",
                    reading="h_θ(x⁽ⁱ⁾) = g(θᵀx⁽ⁱ⁾), the hypothesis at the i-th example"),
               ng(384, "it's a little surprising that we end up with the same update rule")))
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
            outcomes.append(chain([Step(sp.diff(log_p.subs(eta, t), theta[j]), f"{name}: ∂ log p/∂θⱼ"),
                                   Step((y - g_.subs(eta, t)) * x[j], "(y − h_θ(x))xⱼ")], "GLM-4", "000 §9"))
    return combine(*outcomes)


@relies_on(glm, "gradient", lambda f: lambda fam, X, y_, theta: [v + mpmath.mpf(10) ** -20 for v in f(fam, X, y_, theta)],
           "∇ℓ shifted by 10⁻²⁰")
@check("GLM-4", "Poisson regression: ∇ℓ = 0 at the Newton/IRLS θ (50 digits); IRLS step = Newton step",
       "000 §9; 002 §1.3.3", "optimality",
       quotes=(ng(494, "Fortunately, the Poisson is an exponential family distribution, so we can apply a Generalized Linear Model (GLM)."),))
def poisson_optimal(ctx):
    def residual(p_):
        X, y_, theta0 = p_
        Xm = S.to_mpf(X)
        fit = glm.poisson_regression(Xm, y_, tol=mpmath.mpf(10) ** (-(ctx.digits - 8)), **NOTES_NEWTON)
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
    return sampled(ctx, S.count_problems(), residual, _tight(ctx, 12), n=min(ctx.examples, 15),
                   names=("X", "y (counts)", "θ₀"))


@relies_on(glm, "newton", lambda f: lambda fam, X, y_, theta=None, *a, **k: f(fam, X, y_, [2 * t for t in theta], *a, **k),
           "the step taken from 2θ")
@check("GLM-4", "the damped Newton step: s = (XᵀWX)⁻¹∇ℓ is an ascent direction (∇ℓᵀs > 0), so "
       "halving t from 1 finds θ + ts with ℓ(θ + ts) > ℓ(θ); a refused step is one no halving improves",
       "000 §7, §9 (cs229.reference.newton)", "optimality",
       quotes=(ng(424, r"$\theta := \theta - H^{-1} \nabla_{\theta} \ell(\theta).$"),))
def damped_newton_increases_likelihood(ctx):
    counts = {"halved": 0, "refused": 0, "steps": 0}

    def residual(p_):
        X, y_, theta0 = p_
        Xm = S.to_mpf(X)
        start = [8 * t for t in S.to_mpf(theta0)]  # far out, where a full step overshoots

        def step(theta):
            return one_newton_step(lambda X_, y__, t: glm.newton(ef.POISSON, X_, y__, t, max_iterations=1, tol=mpmath.mpf(0),
                                                                   damping=True),
                                   glm.ConvergenceError, Xm, y_, theta)
        r, outcome = damped_newton_step(
            step, lambda t: ([[-a for a in row] for row in glm.hessian(ef.POISSON, Xm, y_, t)],
                             glm.gradient(ef.POISSON, Xm, y_, t)),
            lambda t: glm.log_likelihood(ef.POISSON, Xm, y_, t), start)
        counts[outcome] = counts.get(outcome, 0) + 1
        counts["steps"] += 1
        return r
    out = sampled(ctx, S.count_problems(), residual, _tight(ctx, 8), n=min(ctx.examples, 15),
                  names=("X", "y (counts)", "θ₀/8"))
    return Outcome(out.passed, f"{out.method}, halved in {counts['halved']} of {counts['steps']}, refused "
                               f"in {counts['refused']}", out.residual, out.detail)


# ---- SM-1 ------------------------------------------------------------------------------------

K = 3
phi1, phi2 = sp.symbols("phi1 phi2", positive=True)
phis = [phi1, phi2, 1 - phi1 - phi2]  # φ₃ = 1 − φ₁ − φ₂ (the domain keeps it positive)
_SIMPLEX = _SIMPLEX_NAMES((phi1, phi2))
_SM1 = 558


def _indicator(v, i):
    return 1 if v == i else 0


@check("SM-1", "multinomial as an exponential family, the printed 6-step chain (k = 3, each y)",
       "000 §9.3", "derivation",
       quotes=(ng(543, r"$p(y=k;\phi) = 1 - \sum_{i=1}^{k-1} \phi_i$"),
               ng(545, r"we will define  $T(y) \in \mathbb{R}^{k-1}$  as follows:")))
def multinomial_chain(ctx):
    f1, f2, f3 = phis
    etas = [sp.log(f1 / f3), sp.log(f2 / f3)]
    outcomes = []
    for v in range(1, K + 1):
        T = [_indicator(v, 1), _indicator(v, 2)]
        outcomes.append(chain(_logs([
            Step(f1 ** _indicator(v, 1) * f2 ** _indicator(v, 2) * f3 ** _indicator(v, 3), "Π φᵢ^1{y=i}",
                 quote=ng(_SM1, r"p(y;\phi) = \phi_1^{1\{y=1\}} \phi_2^{1\{y=2\}} \cdots \phi_k^{1\{y=k\}}")),
            Step(f1 ** _indicator(v, 1) * f2 ** _indicator(v, 2) * f3 ** (1 - _indicator(v, 1) - _indicator(v, 2)),
                 "1{y=k} = 1 − Σ_{i<k} 1{y=i}", quote=ng(_SM1, r"\phi_k^{1-\sum_{i=1}^{k-1} 1\{y=i\}}")),
            Step(f1 ** T[0] * f2 ** T[1] * f3 ** (1 - T[0] - T[1]), "(T(y))ᵢ = 1{y = i}",
                 quote=ng(_SM1, r"= \phi_1^{(T(y))_1} \phi_2^{(T(y))_2} \cdots \phi_k^{1-\sum_{i=1}^{k-1} (T(y))_i}")),
            Step(sp.exp(T[0] * sp.log(f1) + T[1] * sp.log(f2) + (1 - T[0] - T[1]) * sp.log(f3)), "exp log",
                 quote=ng(_SM1, r"= \exp((T(y))_1 \log(\phi_1) + (T(y))_2 \log(\phi_2) +")),
            Step(sp.exp(T[0] * sp.log(f1 / f3) + T[1] * sp.log(f2 / f3) + sp.log(f3)), "collect log φ_k",
                 quote=ng(_SM1, r"= \exp((T(y))_1 \log(\phi_1/\phi_k) + (T(y))_2 \log(\phi_2/\phi_k) +")),
            Step(1 * sp.exp(etas[0] * T[0] + etas[1] * T[1] - (-sp.log(f3))), "b(y) exp(ηᵀT(y) − a(η))",
                 quote=ng(_SM1, r"= b(y) \exp(\eta^T T(y) - a(\eta))")),
        ]), "SM-1", "000 §9.3", f"k=3, y={v}, as logs", _SIMPLEX))
    T1, T2 = sp.symbols("T1 T2", real=True)
    general = chain(_logs([
        Step(f1 ** T1 * f2 ** T2 * f3 ** (1 - T1 - T2), "symbolic T"),
        Step(sp.exp(T1 * sp.log(f1) + T2 * sp.log(f2) + (1 - T1 - T2) * sp.log(f3)), "exp log"),
        Step(sp.exp(T1 * sp.log(f1 / f3) + T2 * sp.log(f2 / f3) + sp.log(f3)), "collect"),
    ]), "SM-1", "000 §9.3", "k=3, symbolic T, as logs", _SIMPLEX)
    return combine(*outcomes, general)


@relies_on(ef, "multinomial", lambda f: lambda k: dataclasses.replace(f(k), a=lambda e: f(k).a(e) + mpmath.mpf(10) ** -30),
           "a(η) shifted by 10⁻³⁰")
@check("SM-1", "(T(y))ᵢ = 1{y=i}; 1{2 = 3} = 0, 1{3 = 5 − 2} = 1; E[(T(y))ᵢ] = φᵢ = ∂a/∂ηᵢ; Cov = ∇²a; "
       "a(η) = −log φ_k; b = 1", "000 §9.3", "identity",
       quotes=(ng(547, r"T(1) = \begin{bmatrix} 1 \\ 0 \\ 0 \\ \vdots \\ 0 \end{bmatrix}"),
               ng(547, r"T(k) = \begin{bmatrix} 0 \\ 0 \\ 0 \\ \vdots \\ 0 \end{bmatrix}"),
               ng(551, r"For example,  $1\{2 = 3\} = 0$ , and  $1\{3 = 5 - 2\} = 1$"),
               ng(551, r"$(T(y))_i = 1\{y = i\}$"),
               ng(551, r"$E[(T(y))_i] = P(y = i) = \phi_i$"),
               ng(562, r"\eta = \begin{bmatrix} \log(\phi_1/\phi_k) \\ \log(\phi_2/\phi_k)"),
               ng(563, r"a(\eta) = -\log(\phi_k)"), ng(564, "b(y) = 1.")))
def multinomial_facts(ctx):
    fam = ef.multinomial(K)
    indicators = all(fam.T(v) == [_indicator(v, i) for i in range(1, K)] for v in range(1, K + 1)) \
        and ef.indicator(2 == 3) == 0 and ef.indicator(3 == 5 - 2) == 1
    f1, f2, f3 = phis
    expectation = [_equal("SM-1", sum(_indicator(v, i) * phis[v - 1] for v in range(1, K + 1)), phis[i - 1],
                          f"E[(T(y))_{i}] = φ_{i}", domains=_SIMPLEX) for i in range(1, K)]
    # a(η) = log(1 + Σᵢ e^ηᵢ) = −log φ_k, compared as e^a(η) = 1/φ_k
    partition = _equal("SM-1", 1 + sp.exp(sp.log(f1 / f3)) + sp.exp(sp.log(f2 / f3)), 1 / f3,
                       "e^a(η) = 1/φ_k: a(η) = −log φ_k", domains=_SIMPLEX)
    # EF-5 for the multinomial: ∇a(η) = E[T(y)] = φ, ∇²a(η) = Cov[T(y)] = diag(φ) − φφᵀ
    e1, e2 = sp.symbols("eta1 eta2", real=True)
    a_eta = sp.log(1 + sp.exp(e1) + sp.exp(e2))
    phi_eta = [sp.exp(e) / (1 + sp.exp(e1) + sp.exp(e2)) for e in (e1, e2)]
    moments_ = [_equal("SM-1", sp.diff(a_eta, e), f, "∂a/∂ηᵢ = φᵢ") for e, f in zip((e1, e2), phi_eta)]
    moments_ += [_equal("SM-1", sp.diff(a_eta, u, v), (fi if i == j else 0) - fi * fj, "∂²a/∂ηᵢ∂ηⱼ = Cov")
                 for i, (u, fi) in enumerate(zip((e1, e2), phi_eta))
                 for j, (v, fj) in enumerate(zip((e1, e2), phi_eta))]

    def residual(v):
        p1, p2 = S.to_mpf(v)
        p1, p2 = p1 / 3, p2 / 3  # both in (0, 1/3]: φ₃ ≥ 1/3
        e = fam.natural([p1, p2])
        probabilities = [p1, p2, 1 - p1 - p2]
        return max(max(abs(ef.density(ef.multinomial(K), c, e) - probabilities[c - 1]) for c in (1, 2, 3)),
                   abs(ef.multinomial(K).a(e) + mpmath.log(1 - p1 - p2)), 0 if fam.b(1) == 1 else 1)
    high = sampled(ctx, st.tuples(S.positive_rationals(Fraction(1, 8), 1), S.positive_rationals(Fraction(1, 8), 1)),
                   residual, _tight(ctx), n=min(ctx.examples, 15), names=("3φ₁", "3φ₂"))
    return combine(Outcome(indicators, "exact", 0.0, "" if indicators else "T(y) ≠ indicators"),
                   *expectation, partition, *moments_, high)


# ---- SM-2 ------------------------------------------------------------------------------------

@check("SM-2", "inverting the link: e^ηᵢ = φᵢ/φ_k, φ_k e^ηᵢ = φᵢ, φ_k Σe^ηᵢ = Σφᵢ = 1 (7), φ_k = 1/Σe^ηᵢ, "
       "φᵢ = e^ηᵢ/Σⱼe^ηⱼ", "000 §9.3", "derivation",
       quotes=(ng(568, "The link function is given (for i = 1, ..., k) by"),
               ng(570, r"\eta_i = \log rac{\phi_i}{\phi_k}.", reading="'rac' is the extraction's remnant of \\frac: ηᵢ = log(φᵢ/φ_k)"),
               ng(573, r"we have also defined  $\eta_k = \log(\phi_k/\phi_k) = 0$"),
               ng(581, "(7)", reading="the tag stands after the three-line block in this copy: (7) read as the "
                                      "block, whose line φ_k e^ηᵢ = φᵢ is where φ_k = 1/Σe^ηᵢ is substituted"),
               ng(583, r"which can be substituted back into Equation (7) to give the response function")))
def link_inversion(ctx):
    etas = [sp.log(f / phis[-1]) for f in phis]  # η_k = log(φ_k/φ_k) = 0
    outcomes = [chain([Step(sp.exp(e), "e^ηᵢ"), Step(f / phis[-1], "= φᵢ/φ_k", quote=ng(575, r"e^{\eta_i} = \frac{\phi_i}{\phi_k}"))],
                      "SM-2", "000 (7)", domains=_SIMPLEX)
                for e, f in zip(etas, phis)]
    outcomes += [chain([Step(phis[-1] * sp.exp(e), "φ_k e^ηᵢ", quote=ng(577, r"\phi_k e^{\eta_i} = \phi_i")), Step(f, "= φᵢ")],
                       "SM-2", "000 (7)", domains=_SIMPLEX)
                 for e, f in zip(etas, phis)]
    outcomes.append(chain([Step(phis[-1] * sum(sp.exp(e) for e in etas), "φ_k Σᵢ e^ηᵢ",
                                quote=ng(579, r"\phi_k \sum_{i=1}^k e^{\eta_i} = \sum_{i=1}^k \phi_i = 1")),
                           Step(sum(phis), "= Σᵢ φᵢ"), Step(sp.Integer(1), "= 1")], "SM-2", "000 (7)", domains=_SIMPLEX))
    outcomes.append(chain([Step(phis[-1], "φ_k"),
                           Step(1 / sum(sp.exp(e) for e in etas), "= 1/Σᵢ e^ηᵢ",
                                quote=ng(583, r"This implies that  $\phi_k = 1/\sum_{i=1}^k e^{\eta_i}$"))],
                          "SM-2", "000 §9.3", domains=_SIMPLEX))
    # substituted into φ_k e^ηᵢ = φᵢ (a line of the block (7)), φ_k = 1/Σ e^η gives the response
    outcomes += [chain([Step(f, "φᵢ"), Step((1 / sum(sp.exp(v) for v in etas)) * sp.exp(e), "φ_k e^ηᵢ with φ_k = 1/Σ e^η"),
                        Step(sp.exp(e) / sum(sp.exp(v) for v in etas), "= e^ηᵢ / Σⱼ e^ηⱼ",
                             quote=ng(585, r"\phi_i = \frac{e^{\eta_i}}{\sum_{j=1}^k e^{\eta_j}}"))],
                       "SM-2", "000 §9.3", domains=_SIMPLEX) for e, f in zip(etas, phis)]
    return combine(*outcomes)


@relies_on(sm, "softmax", lambda f: lambda e: [v * (1 + mpmath.mpf(10) ** -30) for v in f(e)],
           "softmax scaled by 1 + 10⁻³⁰")
@check("SM-2", "stable softmax / log-sum-exp equal the printed forms; finite for |η| up to 1e308",
       "000 §9.3", "identity", quotes=(ng(585, r"\phi_i = \frac{e^{\eta_i}}{\sum_{j=1}^k e^{\eta_j}}"),
                                       ng(587, "is called the **softmax** function.")))
def stable_softmax(ctx):
    def residual(v):
        e = S.to_mpf(v)
        direct = [mpmath.exp(x) / sum(mpmath.exp(t) for t in e) for x in e]
        return max(max(abs(a - b) for a, b in zip(sm.softmax(e), direct)),
                   abs(sm.log_sum_exp(e) - mpmath.log(sum(mpmath.exp(t) for t in e))))
    high = sampled(ctx, st.lists(S.rationals(-300, 300, 4), min_size=2, max_size=5), residual,
                   _tight(ctx), n=min(ctx.examples, 20), names="η")
    extremes = [[1e308, -1e308, 0.0], [1e308, 1e308], [-1e308, -1e308, -1e308], [710.0, 0.0, -710.0]]
    ok = all(abs(sum(sm.softmax(e)) - 1) <= 4e-16 and all(0 <= v <= 1 for v in sm.softmax(e))
             and mpmath.isfinite(sm.log_sum_exp(e)) for e in extremes)
    return combine(high, Outcome(ok, f"{len(extremes)} float vectors", 0.0, "" if ok else "overflow"))


# ---- SM-3 ------------------------------------------------------------------------------------

def _softmax_symbols():
    """x = (1, x₁), θ₁ = (θ₁₀, θ₁₁), θ₂ = (θ₂₀, θ₂₁), θ₃ = 0 (the notes' θ_k = 0)."""
    x = [sp.Integer(1), sp.Symbol("x1", real=True)]
    Theta = [[sp.Symbol(f"theta{l}{j}", real=True) for j in range(2)] for l in (1, 2)] + [[0, 0]]
    etas = [sum(a * b for a, b in zip(t, x)) for t in Theta]
    return x, Theta, etas


@check("SM-3", "the softmax model (8): p(y = i|x;θ) = φᵢ = e^ηᵢ/Σⱼe^ηⱼ = e^(θᵢᵀx)/Σⱼe^(θⱼᵀx), θ_k = 0",
       "000 §9.3 (8); 002 §1.3.4", "derivation",
       quotes=(ng(589, r"So, have  $\eta_i = \theta_i^T x$  (for i = 1, ..., k - 1)"),
               neto(333, r"the response variable y can take $k \in \mathbf{N}$ possible values"),
               neto(339, r"exponentiate it and then normalize to obtain a probability distribution \hat{p} :"),
               ng(589, r"we can also define  $\theta_k = 0$ , so that  $\eta_k = \theta_k^T x = 0$"),
               ng(596, "(8)")))
def softmax_model(ctx):
    x, Theta, etas = _softmax_symbols()
    eta_symbols = sp.symbols("eta1 eta2", real=True)
    free_etas = list(eta_symbols) + [sp.Integer(0)]  # η_k = 0
    # φ as the response of the multinomial at η: solved from ηᵢ = log(φᵢ/φ_k) (SM-2)
    phi_of_eta = [sp.exp(e) / sum(sp.exp(v) for v in free_etas) for e in free_etas]
    outcomes = []
    for i in range(K):
        outcomes.append(chain([
            Step(phi_of_eta[i].subs(dict(zip(eta_symbols, etas[:2]))), f"p(y = {i + 1}|x;θ) = φ_{i + 1}",
                 quote=ng(591, r"p(y = i|x; \theta) = \phi_i")),
            Step((sp.exp(free_etas[i]) / sum(sp.exp(v) for v in free_etas)).subs(dict(zip(eta_symbols, etas[:2]))),
                 "= e^ηᵢ/Σⱼ e^ηⱼ", quote=ng(593, r"= \frac{e^{\eta_i}}{\sum_{j=1}^k e^{\eta_j}}")),
            Step(sp.exp(etas[i]) / sum(sp.exp(e) for e in etas), "= e^(θᵢᵀx)/Σⱼ e^(θⱼᵀx)",
                 quote=ng(595, r"= \frac{e^{\theta_i^T x}}{\sum_{j=1}^k e^{\theta_j^T x}}")),
        ], "SM-3", "000 (8)", f"k=3, i={i + 1}"))
    # 002 has a free θ for every class; (8) with θ_k = 0 is the same model with θᵢ − θ_k
    free = [[sp.Symbol(f"t{l}{j}", real=True) for j in range(2)] for l in (1, 2, 3)]
    free_eta = [sum(a * b for a, b in zip(t, x)) for t in free]
    shifted = [sum((a - c) * b for a, c, b in zip(t, free[2], x)) for t in free]
    outcomes += [chain([
        Step(sp.exp(free_eta[i]) / sum(sp.exp(e) for e in free_eta), f"002: p(y = {i + 1}|x;θ)",
             quote=neto(341, r"p(y = i \mid x; \theta) = \frac{e^{\theta_i^T x}}{\sum_{j=1}^k e^{\theta_j^T x}}")),
        Step(sp.exp(shifted[i]) / sum(sp.exp(e) for e in shifted), "(8) with θᵢ − θ_k, θ_k − θ_k = 0"),
    ], "SM-3", "002 §1.3.4", f"k=3, i={i + 1}") for i in range(K)]
    return combine(*outcomes)


@check("SM-3", "h_θ(x) = E[T(y)|x;θ] = E[(1{y=1}, …, 1{y=k−1})] = (φ₁, …, φ_{k−1}) = the softmax of θᵀx; "
       "p(y = k|x;θ) = 1 − Σφᵢ", "000 §9.3", "derivation",
       quotes=(ng(610, r"clearly  $p(y=k|x;\theta)$  can be obtained as  $1-\sum_{i=1}^{k-1}\phi_{i}$"),))
def softmax_hypothesis(ctx):
    x, Theta, etas = _softmax_symbols()
    p = [sp.exp(e) / sum(sp.exp(v) for v in etas) for e in etas]
    T = {v: [_indicator(v, i) for i in range(1, K)] for v in range(1, K + 1)}
    expectation = sp.Matrix([sum(T[v][i] * p[v - 1] for v in range(1, K + 1)) for i in range(K - 1)])
    indicators = sp.Matrix([sum(_indicator(v, i + 1) * p[v - 1] for v in range(1, K + 1)) for i in range(K - 1)])
    return combine(
        chain([Step(expectation, "E[T(y)|x;θ] = Σ_y T(y) p(y|x;θ)", quote=ng(602, r"h_{\theta}(x) = E[T(y)|x; \theta]")),
               Step(indicators, "E[1{y = i}]", quote=ng(604, r"= E\begin{bmatrix} 1\{y = 1\} \\ 1\{y = 2\}")),
               Step(sp.Matrix(p[:K - 1]), "(φ₁, …, φ_{k−1})", quote=ng(606, r"= \begin{bmatrix} \phi_1 \\ \phi_2 \\ \vdots \\ \phi_{k-1} \end{bmatrix}")),
               Step(sp.Matrix([sp.exp(etas[i]) / sum(sp.exp(e) for e in etas) for i in range(K - 1)]),
                    "exp(θᵢᵀx)/Σⱼ exp(θⱼᵀx)",
                    quote=ng(608, r"\frac{\exp(\theta_1^T x)}{\sum_{j=1}^k \exp(\theta_j^T x)}"))],
              "SM-3", "000 §9.3", "k=3"),
        chain([Step(p[K - 1], "p(y = k|x;θ)"), Step(1 - sum(p[:K - 1]), "= 1 − Σ_{i<k} φᵢ")], "SM-3", "000 §9.3", "k=3"))


# ---- SM-4 ------------------------------------------------------------------------------------

@check("SM-4", "ℓ(θ) = Σᵢ log Π_l (e^(θ_lᵀx)/Σⱼ e^(θⱼᵀx))^1{y=l}: the printed second line, from (8)", "000 §9.3",
       "derivation", quotes=(ng(618, r"we used the definition for  $p(y|x;\theta)$  given in Equation (8)"),
                             ng(612, r"if we have a training set of m examples  $\{(x^{(i)}, y^{(i)}); i = 1, ..., m\}$")))
def softmax_log_likelihood_chain(ctx):
    x, Theta, etas = _softmax_symbols()
    total = sum(sp.exp(e) for e in etas)
    outcomes = []
    for v in range(1, K + 1):
        outcomes.append(chain([
            Step(sp.log(sp.exp(etas[v - 1]) / total), "log p(y | x; θ), (8)",
                 quote=ng(614, r"\ell(\theta) = \sum_{i=1}^{m} \log p(y^{(i)}|x^{(i)};\theta)")),
            Step(sp.log(sp.Mul(*[(sp.exp(e) / total) ** _indicator(v, l) for l, e in enumerate(etas, 1)])),
                 "log Π_l (...)^1{y=l}",
                 quote=ng(616, r"= \sum_{i=1}^{m} \log \prod_{l=1}^{k} \left(\frac{e^{\theta_{l}^{T}x^{(i)}}}{\sum_{j=1}^{k} e^{\theta_{j}^{T}x^{(i)}}}\right)^{1\{y^{(i)}=l\}}")),
        ], "SM-4", "000 §9.3", f"k=3, y={v}"))
    return combine(*outcomes)


def _cross_entropy_steps(y0):
    """002's chain for the true class y₀ (one-hot p), every class with its own θ and the printed
    θ₀, which is no class's (classes run 1..k)."""
    x = [sp.Integer(1), sp.Symbol("x1", real=True)]
    Theta = [[sp.Symbol(f"theta{l}_{j}", real=True) for j in range(2)] for l in range(K + 1)]
    etas = [sum(a * b for a, b in zip(t, x)) for t in Theta]  # etas[0] is θ₀ᵀx
    classes = etas[1:]
    p_hat = [sp.exp(e) / sum(sp.exp(v) for v in classes) for e in classes]
    p = [_indicator(y0, l) for l in range(1, K + 1)]
    names = {key: Domain(st.tuples(*[real(lo=-3, hi=3).strategy] * 2), f"θ{chr(0x2080 + l)}")
             for l, key in enumerate(tuple(t) for t in Theta)}
    names[x[1]] = real("x₁")
    return [
        Step(-sum(a * sp.log(b) for a, b in zip(p, p_hat)), "−Σ_y p(y) log p̂(y)",
             quote=neto(347, r"\text{CrossEnt}(p, \hat{p}) = - \sum_{y=1}^k p(y) \log \hat{p}(y)")),
        Step(-sp.log(p_hat[y0 - 1]), "p one-hot at y₀",
             quote=neto(347, r"= -\log \hat{p}(y_0)", reading="p is the one-hot label at the true class y₀ (line 335's "
                                                            "labels), which the line does not say")),
        Step(-sp.log(sp.exp(etas[0]) / sum(sp.exp(v) for v in classes)), "softmax, as printed with θ₀",
             corrected=-sp.log(sp.exp(classes[y0 - 1]) / sum(sp.exp(v) for v in classes)),
             printed="CrossEnt(p, p̂) = … = −log(e^(θ₀ᵀx) / Σⱼ e^(θⱼᵀx))",
             fixed="−log(e^(θ_{y₀}ᵀx) / Σⱼ e^(θⱼᵀx)): the true class's θ (θ₀ is no class's: they run 1..k)",
             quote=neto(347, r"= -\log \frac{e^{\theta_0^T x}}{\sum_{j=1}^k e^{\theta_j^T x}}")),
    ], names


@relies_on(sm, "cross_entropy", lambda f: lambda p_, q_: 2 * f(p_, q_), "the cross-entropy doubled")
@check("SM-4", "cross-entropy −Σ p log p̂ = −log p̂(y₀) = −log(e^(θ_{y₀}ᵀx)/Σⱼ e^(θⱼᵀx)) = −(ℓ term)",
       "002 §1.3.4", "derivation",
       quotes=(neto(343, "to minimize the cross-entropy between the two distributions."),
               neto(345, r"The **cross-entropy** is"),
               neto(349, "We treat this as the loss function and do the gradient descent.")))
def cross_entropy_chain(ctx):
    outcomes = []
    for y0 in range(1, K + 1):
        steps, names = _cross_entropy_steps(y0)
        outcomes.append(chain(steps, "SM-4", "002 §1.3.4", f"k=3, y₀={y0}", names))

    def residual(p_):
        X, y_, Theta_ = S.to_mpf(p_)
        probs = sm.probabilities(X, Theta_)
        ce = sum(sm.cross_entropy([1 if c == yi else 0 for c in range(1, K + 1)], pr) for yi, pr in zip(y_, probs))
        return abs(ce + sm.log_likelihood(X, y_, Theta_))
    numeric = sampled(ctx, S.multiclass_problems(), residual, _tight(ctx), n=min(ctx.examples, 10),
                      names=("X", "y", "θ"))
    return combine(*outcomes, numeric)


@relies_on(sm, "newton", lambda f: lambda X, y_, Theta=None, *a, **k: _one_step_newton(f, X, y_, Theta, *a, **k),
           "Newton stopped after one step")
@check("SM-4", "∇ℓ = 0 at softmax Newton's θ (50 digits); k = 2 is logistic regression",
       "000 §9.3", "optimality",
       quotes=(ng(598, "It is a generalization of logistic regression."),
               ng(618, r"by maximizing  $\ell(\theta)$  in terms of  $\theta$ , using a method such as gradient ascent or Newton's method")))
def softmax_optimal(ctx):
    def residual(p_):
        X, y_, _ = p_
        Xm = S.to_mpf(X)
        zero = [[mpmath.mpf(0)] * len(X[0]) for _ in range(K - 1)]
        fit = sm.newton(Xm, y_, zero, tol=mpmath.mpf(10) ** (-(ctx.digits - 8)), damping=NOTES_NEWTON["damping"])
        grad = max(abs(v) for row in sm.gradient(Xm, y_, fit.theta) for v in row)
        return grad
    optimal = sampled(ctx, S.multiclass_problems(), residual, _tight(ctx, 12), n=min(ctx.examples, 8),
                      names=("X", "y", "θ (unused)"))

    def two_classes(p_):
        X, y_, theta = S.to_mpf(p_)
        labels_ = [1 if v == 1 else 2 for v in y_]  # class 1 ↔ y = 1, class 2 (θ₂ = 0) ↔ y = 0
        return max(abs(sm.log_likelihood(X, labels_, [theta]) - lg.log_likelihood(X, y_, theta)),
                   max(abs(sm.probabilities(X, [theta])[i][0] - h)
                       for i, h in enumerate(lg.probabilities(X, theta))))
    logistic = sampled(ctx, S.classification_problems(), two_classes, _tight(ctx), n=min(ctx.examples, 10),
                       names=("X", "y", "θ"))
    return combine(optimal, logistic)


def _one_step_newton(newton, X, y_, Theta=None, *args, **kwargs):
    """A mutant of softmax Newton: the first iterate, reported as the answer."""
    kwargs.update(max_iterations=1)
    try:
        return newton(X, y_, Theta, *args, **kwargs)
    except sm.ConvergenceError as e:
        return e.result


# ---- what Part III prints that no check decides -----------------------------------------------

for _quote, _reason, _id in [
    (ng(434, r"In the regression example, we had  $y|x;\theta \sim \mathcal{N}(\mu,\sigma^2)$"),
     "a summary of Parts I and II (GLM-2 and GLM-3 derive both as GLMs)", "GLM-1"),
    (ng(445, "A fixed choice of T, a and b defines a family (or set) of distributions that is parameterized by"),
     "a definition", "EF-1"),
    (ng(449, "The presentation of the material in this section takes inspiration from Michael I. Jordan"),
     "a citation", "EF-1"),
    (ng(490, "the beta and the Dirichlet (for distributions over probabilities); and many more."),
     "the Dirichlet's form is not printed (the beta, its k = 2 case, is checked); 'many more' names nothing", "EF-5"),
    (ng(494, "We know that the Poisson distribution usually gives a good model for numbers of visitors."),
     "an empirical claim about count data", "GLM-4"),
    (ng(505, "it might be better thought of as a \"design choice\" in our recipe for designing GLMs"),
     "an opinion", "GLM-1"),
    (ng(527, "If you are previously wondering how we came up with the form of the logistic function"),
     "a remark (GLM-3 derives the form)", "GLM-3"),
    (ng(537, "We will thus model it as distributed according to a multinomial distribution."),
     "a modelling choice", "SM-1"),
    (ng(543, "these parameters would be redundant, or more formally, they would not be independent"),
     "a remark on the parameterisation (SM-1 uses φ_k = 1 − Σφᵢ)", "SM-1"),
    (ng(549, r"here we do *not* have T(y) = y; also, T(y) is now a k-1 dimensional vector"),
     "a definition (SM-1 checks T)", "SM-1"),
    (ng(571, "softmax function"), "a reader's handwritten note", "SM-2"),
    (neto(270, r"where y is the data, η is the **natural parameter**, $T(y)$ is a sufficient statistic"),
     "definitions", "EF-1"),
    (neto(297, "In applications, we use the Gaussian distribution for real-valued data, Bernoulli for binary data"),
     "advice on which family to use", "EF-5"),
    (neto(303, r"$y \mid x; \theta$ is a member of exponential family of η ."),
     "an assumption of the GLM (000's assumption 1, read by GLM-2 and GLM-3)", "GLM-1"),
    (neto(304, r"$\eta = \theta^T x$, with $\theta, x \in \mathbf{R}^n$."),
     "an assumption (000's assumption 3); here n counts the features while 002 §1.1 uses d for them "
     "and n for the examples (lines 55, 63)", "GLM-1"),
    (neto(307, "The idea is that given x , we have a linear model"), "a summary", "GLM-1"),
    (neto(335, r"The labels y are of the form $\{0, 1\}^k$"), "a definition (one-hot labels; SM-4 reads it)", "SM-4"),
    (neto(337, r"Each class k has its own set of parameters $\theta_{\text{class}} \in \mathbf{R}^n$."),
     "a definition; 'class k' uses the letter of the number of classes for any class", "SM-3"),
    (neto(343, "we need to minimize the distance between the distributions"),
     "an informal gloss: the cross-entropy is not a distance (it is H(p) + KL(p‖p̂))", "SM-4"),
]:
    unchecked(_quote, _reason, _id)
