"""Part III checks: the exponential family, GLMs and softmax regression (000 Part III §8-9;
002 §1.3.2-1.3.4).

The printed forms are read from the text: the exponential family's p(y; η) = b(y)exp(ηᵀT(y) −
a(η)) (000 (6), 002 line 268) with each family's T, a and b as printed (the Bernoulli's lines
461-467, the Gaussian's 480-488, the multinomial's 551 and 562-564; the Poisson, the exponential
and the gamma are not printed and are typed), the chains of §8 and §9, and the definitions they
use. Chains of positive quantities written with powers, exps and logs (the Bernoulli and
multinomial derivations) are compared as logarithms, log-expanded: every factor is positive
there, so two steps are equal exactly when their logarithms are, and sympy decides the latter
quickly. The steps keep their printed form for the counterexample a reader sees.
"""
import dataclasses
import functools
from fractions import Fraction

import mpmath
import sympy as sp
from hypothesis import strategies as st

from cs229.reference import exponential_family as ef
from cs229.reference import glm
from cs229.reference import linear_regression as lr
from cs229.reference import logistic_regression as lg
from cs229.reference import softmax as sm
from cs229.testing import strategies as S

from ..checking import (NOTES_NEWTON, Domain, Step, as_printed, chain, combine, damped_newton_step, find_witness,
                        labels, numeric_erratum, positive, probability, real, relies_on,
                        sampled)
from ..printed import MissingDefinition, defined, form_of, printed, with_forms
from ..registry import Erratum, Outcome, check, neto, ng, unchecked
from ..symbolic import integral
from ..text import Examples, Function, Indexed, Reading, Vector
from .logistic_regression import P_360, entries, formula, logistic_reading, mapped, one_newton_step, unread

y = sp.Symbol("y", real=True)
eta = sp.Symbol("eta", real=True)
mu = sp.Symbol("mu", real=True)
lam = sp.Symbol("lambda", positive=True)
phi = sp.Symbol("phi", positive=True)  # in (0, 1): the domain below says so


_BERNOULLI_NAMES = {phi: probability("φ"), y: labels(0, 1, name="y")}


def _tight(ctx, margin=8):
    return mpmath.mpf(10) ** (-(ctx.digits - margin))


def _log_expanded(e):
    return sp.expand_log(sp.log(e), force=True)


def _logs(steps):
    """Each step replaced by its log-expanded logarithm (all factors positive); the printed form
    is kept for the counterexample."""
    return [mapped(step, _log_expanded) for step in steps]


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


# ---- the exponential family as printed ------------------------------------------------------------

P_440 = ng(440, r"p(y;\eta) = b(y) \exp(\eta^T T(y) - a(\eta))")
P_268 = neto(268, r"p(y; \eta) = b(y) \exp(\eta^T T(y) - a(\eta))")
# the Bernoulli (000 lines 459-467) and the Gaussian (480-488) as printed
ETA_459 = ng(459, r"$\eta = \log(\phi/(1-\phi))$")
PHI_459 = ng(459, r"$\phi = 1/(1+e^{-\eta})$")
T_461 = ng(461, "T(y) = y")
A_463 = ng(463, r"a(\eta) = -\log(1 - \phi)")
A_465 = ng(465, r"= \log(1 + e^{\eta})")
B_467 = ng(467, "b(y) = 1")
ETA_480 = ng(480, r"\eta = \mu")
T_482 = ng(482, "T(y) = y")
A_484 = ng(484, r"a(\eta) = \mu^2/2")
A_486 = ng(486, r"= \eta^2/2")
B_488 = ng(488, r"b(y) = (1/\sqrt{2\pi}) \exp(-y^2/2).")


def _typed_family(T, a, b):
    """T, a and b of a family the notes name without printing it (Poisson, exponential, gamma)."""
    return Reading({"y": y, "eta": eta, "T": Function(T), "a": Function(a), "b": Function(b)})


def family_reading(name):
    """y, η and the family's T, a and b: as printed for the Bernoulli and the Gaussian (000 §8),
    typed for the families the notes name only (000 line 490)."""
    if name in ("bernoulli", "gaussian"):
        T_, a_, b_ = (T_461, A_465, B_467) if name == "bernoulli" else (T_482, A_486, B_488)
        reading = Reading({"y": y, "eta": eta})
        reading = defined(reading, "T", T_, ("y",))
        reading = defined(reading, "a", a_, ("eta",))
        return defined(reading, "b", b_, ("y",))
    k2 = 2
    return {"poisson": _typed_family(lambda v: v, sp.exp, lambda v: 1 / sp.factorial(v)),
            "exponential": _typed_family(lambda v: v, lambda e: -sp.log(-e), lambda v: sp.Integer(1)),
            f"gamma(shape={k2})": _typed_family(lambda v: v, lambda e: -k2 * sp.log(-e),
                                                lambda v: v ** (k2 - 1) / sp.factorial(k2 - 1))}[name]


# Each scalar family: (name, the sum/integral over the support, its natural parameter in the
# symbols used (λ for the Poisson, −λ for the rates)).
def _families():
    return [
        ("bernoulli", lambda f: sum(f.subs(y, v) for v in (0, 1)), eta),
        ("poisson", _poisson_total, sp.log(lam)),
        ("gaussian", lambda f: integral(f, y, -sp.oo, sp.oo), eta),
        ("exponential", lambda f: integral(f, y, 0, sp.oo), -lam),
        ("gamma(shape=2)", lambda f: integral(f, y, 0, sp.oo), -lam),
    ]


def _at(natural):
    """A mapping for ``mapped``: the expression at η = the family's natural parameter."""
    return lambda e: e.subs(eta, natural)


def _perturbed(name, field, change):
    """A mutant: the family ``ef.<name>`` with ``field`` replaced by change(original field)."""
    return lambda fam: dataclasses.replace(fam, **{field: change(getattr(fam, field))})


# ---- EF-1 ------------------------------------------------------------------------------------

T_551 = ng(551, r"$(T(y))_i = 1\{y = i\}$")
ETA_562 = ng(562, r"\eta = \begin{bmatrix} \log(\phi_1/\phi_k) \\ \log(\phi_2/\phi_k) \\ \vdots \\ \log(\phi_{k-1}/\phi_k) \end{bmatrix},")
A_563 = ng(563, r"a(\eta) = -\log(\phi_k)")
B_564 = ng(564, "b(y) = 1.")
P_558 = ng(558, r"\\ = b(y) \exp(\eta^T T(y) - a(\eta))")


def multinomial_reading(phis_, k=3):
    """The multinomial of 000 §9.3 with k outcomes: φ₁ … φ_k (φ_k = 1 − Σφᵢ), T(y) from its
    entries (T(y))ᵢ = 1{y = i} (line 551), η, a(η) and b(y) as printed (lines 562-564)."""
    reading = Reading({"phi": Indexed(lambda i: phis_[int(i) - 1])}, sizes={"k": k})

    def T(v):
        column = entries(T_551, reading.bind(y=v), [{"i": sp.Integer(i)} for i in range(1, k)], part=1)
        if column.form.status != "parsed":
            raise MissingDefinition(f"T(y) ({T_551.place}) cannot be read: {column.form.reason}")
        return column.expr
    reading = defined(reading, "eta", ETA_562, part=1)
    reading = defined(reading, "a", A_563, ("eta",))
    reading = defined(reading, "b", B_564, ("y",))
    return reading.bound({"T": Function(T)}).with_definition(
        entries(T_551, reading.bind(y=sp.Integer(1)), [{"i": sp.Integer(1)}], part=1).form)


@relies_on(ef, "density", lambda f: lambda fam, t, e: f(fam, t, e) * (1 + mpmath.mpf(10) ** -20),
           "p(y; η) scaled by 1 + 10⁻²⁰")
@check("EF-1", "Σ_y or ∫ b(y)exp(ηT(y) − a(η)) = 1 for every family (e^(−a) normalises)",
       "000 §8 (6); 002 §1.3.2", "identity",
       quotes=(ng(438, "We say that a class of distributions is in the exponential family if it can be written in the form"),
               ng(441, "(6)", reading="the tag of p(y; η) = b(y) exp(ηᵀT(y) − a(η)) on the line above"),
               neto(266, "The **exponential family** is a class of probability distributions with p.d.f."),
               ng(443, r"The quantity  $e^{-a(\eta)}$  essentially plays the role of a normalization constant"),
               neto(272, r"Remark that $e^{-a(\eta)}$ is a normalization constant to make sure that $p(y; \eta)$ sums, over y , to 1.")))
def normalisation(ctx):
    outcomes = []
    # 000's (6) and 002's line 268 are the same p(y; η), for any T, a, b
    generic = Reading({"y": y, "eta": eta, "T": Function(sp.Function("T")), "a": Function(sp.Function("a")),
                       "b": Function(sp.Function("b"))})
    outcomes.append(chain([printed(P_440, generic, "b(y) exp(ηᵀT(y) − a(η))", part=1),
                           printed(P_268, generic, "002's p(y; η)", part=1)], "EF-1", "000 (6); 002 §1.3.2"))
    for name, total, natural in _families():
        reading = family_reading(name)
        outcomes.append(chain([
            mapped(printed(P_440, reading, f"{name}: Σ or ∫ of p(y; η) as (6) prints it", part=1),
                   lambda e, total=total, natural=natural: total(e.subs(eta, natural))),
            Step(sp.Integer(1), f"{name}: the total is 1")], "EF-1", "000 (6)"))
    phis_ = list(sp.symbols("phi1 phi2", positive=True))
    reading = multinomial_reading(phis_ + [1 - sum(phis_)])
    outcomes.append(chain([
        mapped(printed(P_558, reading.bind(y=y), "b(y) exp(ηᵀT(y) − a(η)), the multinomial (k = 3)"),
               lambda e: sum(e.subs(y, v) for v in (1, 2, 3))),
        Step(sp.Integer(1), "multinomial (k = 3): the total is 1")], "EF-1", "000 §9.3", "k=3",
        _SIMPLEX_NAMES(phis_)))

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

_BERNOULLI_000 = Reading({"phi": phi, "y": y})
_BERNOULLI_002 = Reading({"varphi": phi, "y": y})


@check("EF-2", "Bernoulli: φ^y(1−φ)^(1−y) = exp(log(φ/(1−φ))y + log(1−φ)), 000's chain", "000 §8",
       "derivation", quotes=(ng(447, r"specifies a distribution over  $y \in \{0, 1\}$ , so that  $p(y = 1; \phi) = \phi$ ;  $p(y = 0; \phi) = 1 - \phi$"),))
def bernoulli_chain_000(ctx):
    return chain(_logs([
        printed(ng(453, r"p(y;\phi) = \phi^{y}(1-\phi)^{1-y}"), _BERNOULLI_000, "φ^y (1 − φ)^(1−y)", part=1),
        printed(ng(455, r"= \exp(y\log\phi + (1-y)\log(1-\phi))"), _BERNOULLI_000, "exp log"),
        printed(ng(457, r"= \exp\left(\left(\log\left(\frac{\phi}{1-\phi}\right)\right)y + \log(1-\phi)\right)."),
                _BERNOULLI_000, "collect y"),
    ]), "EF-2", "000 §8", "compared as logs", _BERNOULLI_NAMES)


@check("EF-2", "Bernoulli, 002's chain (sign of log(1−φ))", "002 §1.3.2", "derivation",
       quotes=(neto(274, "Let φ be the probability of the event."),))
def bernoulli_chain_002(ctx):
    first = neto(276, r"p(y; \varphi) &= \varphi^y (1 - \varphi)^{(1-y)}")
    return chain(_logs([
        printed(first, _BERNOULLI_002, "φ^y (1 − φ)^(1−y)", part=1),
        printed(neto(276, r"&= \exp(\log(\varphi^y (1 - \varphi)^{(1-y)}))"), _BERNOULLI_002, "exp log"),
        printed(neto(276, r"&= \exp\left[\log\left(\frac{\varphi}{1 - \varphi}\right)y - \log(1 - \varphi)\right]"),
                _BERNOULLI_002, "collect y",
                corrected=sp.exp(sp.log(phi / (1 - phi)) * y + sp.log(1 - phi)),
                printed="exp[log(φ/(1−φ)) y − log(1−φ)]",
                fixed="exp[log(φ/(1−φ)) y + log(1−φ)] (so that ηy − a(η) with a(η) = −log(1−φ), "
                      "as 002 itself states next)"),
    ]), "EF-2", "002 §1.3.2", "compared as logs", _BERNOULLI_NAMES)


ETA_278 = neto(278, r"$\eta = \log\left(\frac{\varphi}{1 - \varphi}\right)$")
PHI_278 = neto(278, r"$\varphi = \frac{1}{1 + e^{-\eta}}$")
A_278 = neto(278, r"$a(\eta) = -\log(1 - \varphi)$")
A_SIGMOID_278 = neto(278, r"$-\log(1 - \frac{1}{1 + e^{-\eta}}) = \log(1 + e^{\eta})$")
P_453 = ng(453, r"p(y;\phi) = \phi^{y}(1-\phi)^{1-y}")


@relies_on(ef, "BERNOULLI", _perturbed("BERNOULLI", "a", lambda a: lambda e: a(e) + mpmath.mpf(10) ** -30),
           "a(η) shifted by 10⁻³⁰")
@check("EF-2", "η = log(φ/(1−φ)) ⇔ φ = 1/(1+e^(−η)); a(η) = −log(1−φ) = log(1+e^η); T(y) = y; b = 1",
       "000 §8; 002 §1.3.2", "identity",
       quotes=(ng(469, "can be written in the form of Equation (6), using an appropriate choice of T, a and b."),
               neto(278, "$b(y) = 1$"), neto(278, "$T(y) = y$")))
def bernoulli_parameters(ctx):
    names = {eta: real("η")}
    outcomes = []
    for (eta_q, phi_q, a_q, a_value, doc, name) in (
            (ETA_459, PHI_459, A_463, A_465, "000 §8", "phi"),
            (ETA_278, PHI_278, A_278, A_SIGMOID_278, "002 §1.3.2", "varphi")):
        # η of φ, then φ of that η: φ again
        of_phi = defined(Reading({name: phi}), "eta", eta_q, part=1)
        outcomes.append(chain([Step(phi, "φ"), printed(phi_q, of_phi, "φ = 1/(1 + e^(−η)) at η = log(φ/(1 − φ))",
                                                       part=1)], "EF-2", doc, domains=_BERNOULLI_NAMES))
        # a(η) = −log(1 − φ) with φ = 1/(1 + e^(−η)): log(1 + e^η)
        of_eta = defined(Reading({"eta": eta}), name, phi_q, part=1)
        steps = [printed(a_q, of_eta, "a(η) = −log(1 − φ), φ as printed", part=1)]
        if a_value is A_465:
            steps.append(printed(A_465, of_eta, "= log(1 + e^η)"))
        else:
            steps += [printed(a_value, of_eta, "−log(1 − 1/(1 + e^(−η)))", part=0),
                      printed(a_value, of_eta, "= log(1 + e^η)", part=1)]
        outcomes.append(chain(steps, "EF-2", doc, domains=names))

    p_, p_form = formula(P_453, _BERNOULLI_000, part=1)
    eta_, eta_form = formula(ETA_459, _BERNOULLI_000, part=1)
    a_, a_form = formula(A_465, Reading({"eta": eta}))
    if p_ is None or eta_ is None or a_ is None:
        return combine(*outcomes, unread(p_form, eta_form, a_form))
    p_f, eta_f, a_f = (sp.lambdify(args, e, "mpmath") for args, e in (((phi, y), p_), (phi, eta_), (eta, a_)))

    def residual(v):
        f = S.to_mpf(v)
        e = ef.BERNOULLI.natural(f)
        return max(abs(e - eta_f(f)), abs(ef.BERNOULLI.usual(e) - f), abs(ef.BERNOULLI.a(e) - a_f(e)),
                   *(abs(ef.density(ef.BERNOULLI, t, e) - p_f(f, t)) for t in (0, 1)))
    high = sampled(ctx, S.positive_rationals(Fraction(1, 64), Fraction(63, 64), 64), residual,
                   _tight(ctx), n=min(ctx.examples, 20), names="φ")
    return combine(*outcomes, with_forms(high, p_form, eta_form, a_form))


# ---- EF-3 ------------------------------------------------------------------------------------

def _normal(y_, mean, variance):
    return sp.exp(-(y_ - mean) ** 2 / (2 * variance)) / sp.sqrt(2 * sp.pi * variance)


_GAUSSIAN_NAMES = {y: real("y"), mu: real("μ")}
# p(y; μ) is the N(μ, 1) density: the Gaussian of Part I with σ² = 1 (000 line 471, 002 line 280)
_GAUSSIAN = Reading({"y": y, "mu": mu, "p": Function(lambda y_, m_: _normal(y_, m_, 1))})
P_473 = ng(473, r"\frac{p(y;\mu)}{p(y;\mu)} = \frac{1}{\sqrt{2\pi}} \exp\left(-\frac{1}{2}(y-\mu)^2\right)")


@check("EF-3", "Gaussian (σ² = 1): p(y;μ) = e^(−y²/2)/√(2π) · exp(μy − μ²/2), 000's chain", "000 §8",
       "derivation")
def gaussian_chain_000(ctx):
    return chain([
        Step(_normal(y, mu, 1), "N(μ, 1) density"),
        printed(P_473, _GAUSSIAN, "the chain's left side as printed", part=0,
                corrected=_normal(y, mu, 1), printed="p(y;μ)/p(y;μ) = (1/√(2π)) exp(−½(y − μ)²)",
                fixed="p(y;μ) = (1/√(2π)) exp(−½(y − μ)²) (the fraction bar is an extraction artefact)",
                nature="transcription"),
        printed(P_473, _GAUSSIAN, "as printed", part=1),
        printed(ng(474, r"= \frac{1}{\sqrt{2\pi}} \exp\left(-\frac{1}{2}y^2\right) \cdot \exp\left(\mu y - \frac{1}{2}\mu^2\right)"),
                _GAUSSIAN, "expand the square"),
    ], "EF-3", "000 §8", domains=_GAUSSIAN_NAMES)


@check("EF-3", "Gaussian, 002's chain", "002 §1.3.2", "derivation",
       quotes=(neto(280, r"Example (Gaussian). Assume that $\sigma^2 = 1$."),))
def gaussian_chain_002(ctx):
    return chain([
        Step(_normal(y, mu, 1), "N(μ, 1) density (σ² = 1)"),
        printed(neto(282, r"p(y; \mu) &= \frac{1}{\sqrt{2\pi}} \exp\left(-\frac{(y - \mu)^2}{2}\right)"), _GAUSSIAN,
                "σ² = 1", part=1),
        printed(neto(282, r"&= \frac{1}{\sqrt{2\pi}} e^{-\frac{y^2}{2}} \exp\left(\mu y - \frac{1}{2}\mu^2\right)"),
                _GAUSSIAN, "expand"),
    ], "EF-3", "002 §1.3.2", domains=_GAUSSIAN_NAMES)


VARIANCE_471 = ng(471, r"$\sigma^2 = 1.6$")


@check("EF-3", "'set σ² = 1.6' before the σ² = 1 density (footnote marker read as a digit)", "000 §8",
       "identity")
def gaussian_variance_as_printed(ctx):
    variance, v_form = formula(VARIANCE_471, Reading({"sigma": sp.Symbol("sigma", positive=True)}), part=1)
    density, d_form = formula(P_473, _GAUSSIAN, part=1)
    if variance is None or density is None:
        return unread(v_form, d_form)
    printed_density = sp.lambdify((y, mu), density, "mpmath")

    def with_variance(value):
        def residual(p_):
            y_, m_ = S.to_mpf(p_)
            return lr.gaussian_density(y_, m_, mpmath.sqrt(mpmath.mpf(value.p) / value.q)) - printed_density(y_, m_)
        return residual
    points = st.tuples(S.rationals(), S.rationals()).filter(lambda t: t[0] != t[1])

    def story(p_):
        """The counterexample as the claim is about: the N(μ, σ²) density at the σ² printed,
        against the density the notes go on with."""
        y_, m_ = S.to_mpf(p_)
        with mpmath.workdps(30):
            at = lr.gaussian_density(y_, m_, mpmath.sqrt(mpmath.mpf(variance.p) / variance.q))
            return (f"y = {p_[0]}, μ = {p_[1]}: with σ² = {float(variance)} the N(μ, σ²) density is "
                    f"{mpmath.nstr(at, 8)}; the printed (1/√(2π)) exp(−½(y − μ)²) is "
                    f"{mpmath.nstr(printed_density(y_, m_), 8)}, the density at σ² = 1")
    if variance == 1:  # a copy that prints σ² = 1: the density that follows is N(μ, σ²)'s
        return with_forms(sampled(ctx, points, with_variance(sp.Integer(1)), _tight(ctx), n=min(ctx.examples, 15),
                                  names=("y", "μ")), v_form, d_form)
    return with_forms(numeric_erratum(
        ctx, "EF-3", "000 §8 (before the Gaussian chain)",
        f"let's set σ² = {variance if variance.q == 1 else float(variance)}, then p(y; μ) = (1/√(2π)) exp(−½(y − μ)²)",
        "σ² = 1 (the '6' is the marker of footnote 6); then p(y; μ) = (1/√(2π)) exp(−½(y − μ)²)",
        points, with_variance(sp.nsimplify(variance)), with_variance(sp.Integer(1)), _tight(ctx),
        n=min(ctx.examples, 15), nature="transcription", names=story, quote=VARIANCE_471), v_form, d_form)


@relies_on(ef, "GAUSSIAN", _perturbed("GAUSSIAN", "a", lambda a: lambda e: a(e) * (1 + mpmath.mpf(10) ** -30)),
           "a(η) scaled by 1 + 10⁻³⁰")
@check("EF-3", "the reference's GAUSSIAN: η = μ, a = μ²/2 = η²/2, b = e^(−y²/2)/√(2π) give N(μ, 1)",
       "000 §8; 002 §1.3.2", "identity",
       quotes=(ng(478, "Thus, we see that the Gaussian is in the exponential family, with"),))
def gaussian_reference(ctx):
    outcomes = []
    # a(η) = μ²/2 = η²/2 with η = μ (line 480); 002's line 284 prints the same
    of_mu = defined(Reading({"mu": mu}), "eta", ETA_480, part=1)
    outcomes.append(chain([printed(A_484, of_mu, "a(η) = μ²/2", part=1),
                           printed(A_486, of_mu, "= η²/2, η = μ (line 480)")], "EF-3", "000 §8", domains={mu: real("μ")}))
    of_mu_002 = defined(Reading({"mu": mu}), "eta", neto(284, r"$\eta = \mu$"), part=1)
    a_284 = neto(284, r"$a(\eta) = \frac{\mu^2}{2} = \frac{\eta^2}{2}$")
    outcomes.append(chain([printed(a_284, of_mu_002, "a(η) = μ²/2", part=1),
                           printed(a_284, of_mu_002, "= η²/2, η = μ", part=2)], "EF-3", "002 §1.3.2",
                          domains={mu: real("μ")}))
    # b(y), T(y) and a(η) as printed, in (6): the N(μ, 1) density of the reference
    reading = family_reading("gaussian").bind(eta=mu)
    density, d_form = formula(P_440, reading, part=1)
    b_002, b_form = formula(neto(284, r"$b(y) = \frac{1}{\sqrt{2\pi}} e^{-\frac{y^2}{2}}$"), Reading({"y": y}), part=1)
    if density is None or b_002 is None:
        return combine(*outcomes, unread(d_form, b_form))
    density_f, b_f = sp.lambdify((y, mu), density, "mpmath"), sp.lambdify(y, b_002, "mpmath")

    def residual(p_):
        y_, m_ = S.to_mpf(p_)
        e = ef.GAUSSIAN.natural(m_)
        return max(abs(ef.density(ef.GAUSSIAN, y_, e) - lr.gaussian_density(y_, m_, mpmath.mpf(1))),
                   abs(ef.density(ef.GAUSSIAN, y_, e) - density_f(y_, m_)), abs(ef.GAUSSIAN.b(y_) - b_f(y_)))
    high = sampled(ctx, st.tuples(S.rationals(), S.rationals()), residual, _tight(ctx), n=min(ctx.examples, 20),
                   names=("y", "μ"))
    return combine(*outcomes, with_forms(high, d_form, b_form, *reading.definitions))


def _typed(quote, value, reason, reading, part=None):
    """A Step for a printed form the check cannot read, with the reason why (its Form says it,
    typed); where the copy prints it readably after all, it is read."""
    form = form_of(quote, reading, part, typed=value)
    if form.status == "typed":
        form.reason = reason
    return Step(form.variants[0].value if form.variants else value, reason, quote=quote, form=form)


def _hand_typed(quote, value, reason):
    """A Step for a printed form no quote can hold whole: typed, with the reason (its Form says
    it), at the places the copy prints the quoted fragment."""
    from ..printed import Form, Variant
    from ..text import copies

    located = copies.current().locate(quote)
    form = Form(quote, "typed", reason, [Variant(o.source, o.line, o.text, value, False) for o in located.occurrences])
    if not located.found:
        form = Form(quote, "missing", f"not found in {copies.current().origin}")
    return Step(value, reason, quote=quote, form=form)


# ---- EF-4 ------------------------------------------------------------------------------------

_FN6 = 476
C_476 = ng(_FN6, r"$c(\tau) = \sigma^2$")
DISPERSION_476 = ng(_FN6, r"$p(y; \eta, \tau) = b(a, \tau) \exp((\eta^T T(y) - a(\eta))/c(\tau))$")


@relies_on(ef, "dispersion_density", lambda f: lambda fam, y_, m_, s_: f(fam, y_, m_, 2 * s_), "τ doubled")
@check("EF-4", "dispersion form b(y,τ)exp((ηy − a(η))/c(τ)) with c(τ) = σ² is N(μ, σ²); with σ² free, "
       "η = (μ/σ², −1/(2σ²)) ∈ ℝ², T(y) = (y, y²)", "000 §8 fn 6", "identity",
       quotes=(ng(_FN6, r"$\eta \in \mathbb{R}^2$  is now a 2-dimension vector that depends on both  $\mu$  and  $\sigma$"),))
def dispersion_form(ctx):
    s2 = sp.Symbol("sigma2", positive=True)
    names = {y: real("y"), mu: real("μ"), s2: positive("σ²")}
    b = sp.exp(-y ** 2 / (2 * s2)) / sp.sqrt(2 * sp.pi * s2)
    # c(τ) = σ² (fn 6), T(y) = y and a(η) = η²/2 (lines 482, 486) as printed; b(y, τ) is the base
    # measure the footnote prints as b(a, τ) (the erratum below)
    reading = defined(family_reading("gaussian").bound({"sigma": sp.sqrt(s2)}), "c", C_476, ("tau",))
    T_, a_, c_ = (reading.names[k].function for k in ("T", "a", "c"))
    tau = sp.Symbol("tau", positive=True)
    dispersion = Step(b * sp.exp((mu * T_(y) - a_(mu)) / c_(tau)), "b(y, τ) exp((ηT(y) − a(η))/c(τ)), η = μ, "
                                                                   "T, a and c as printed")
    symbolic = with_forms(chain([Step(_normal(y, mu, s2), "N(μ, σ²)"), dispersion], "EF-4", "000 fn 6", domains=names),
                          *reading.definitions)
    e1, e2 = mu / s2, -1 / (2 * s2)
    a2 = -e1 ** 2 / (4 * e2) - sp.log(-2 * e2) / 2
    two_parameters = chain([
        Step(_normal(y, mu, s2), "N(μ, σ²)"),
        Step(1 / sp.sqrt(2 * sp.pi) * sp.exp(e1 * y + e2 * y ** 2 - a2), "b(y) exp(ηᵀT(y) − a(η)), η ∈ ℝ²"),
    ], "EF-4", "000 fn 6", domains=names)

    def residual(p_):
        y_, m_, s_ = S.to_mpf(p_)
        return abs(ef.dispersion_density(ef.GAUSSIAN_DISPERSION, y_, m_, s_)
                   - lr.gaussian_density(y_, m_, mpmath.sqrt(s_)))
    high = sampled(ctx, st.tuples(S.rationals(), S.rationals(), S.positive_rationals()), residual,
                   _tight(ctx), n=min(ctx.examples, 20), names=("y", "μ", "σ²"))
    return combine(symbolic, two_parameters, high)


@relies_on(lr, "gaussian_density", lambda f: lambda *a: 2 * f(*a), "the Gaussian density doubled")
@check("EF-4", "fn 6 prints the base measure as b(a, τ): it must depend on y", "000 §8 fn 6", "identity")
def dispersion_base_measure(ctx):
    def needed(y_, m_, s_):
        # the only b that makes b · exp((ηy − a)/c) the N(μ, σ²) density
        return lr.gaussian_density(y_, m_, mpmath.sqrt(s_)) / mpmath.exp((m_ * y_ - m_ ** 2 / 2) / s_)

    def printed_(p_):
        y1, y2, m_, s_ = S.to_mpf(p_)
        return needed(y1, m_, s_) - needed(y2, m_, s_)  # a b(a, τ) is the same at both y

    def corrected(p_):
        y1, _, m_, s_ = S.to_mpf(p_)
        return needed(y1, m_, s_) - ef.GAUSSIAN_DISPERSION.b(y1, s_)
    points = st.tuples(S.rationals(), S.rationals(), S.rationals(), S.positive_rationals()).filter(
        lambda t: abs(t[0]) != abs(t[1]))

    def story(p_):
        """The counterexample as the claim is about: the base measure the Gaussian needs differs
        at two y, which a b(a, τ) cannot."""
        y1, y2, m_, s_ = S.to_mpf(p_)
        with mpmath.workdps(30):
            b1, b2 = needed(y1, m_, s_), needed(y2, m_, s_)
        return (f"μ = η = {p_[2]}, σ² = τ = {p_[3]}: the N(μ, σ²) density is b · exp((ηy − a(η))/c(τ)) only for "
                f"b = exp(−y²/(2σ²))/√(2πσ²), {mpmath.nstr(b1, 8)} at y = {p_[0]} and {mpmath.nstr(b2, 8)} at "
                f"y = {p_[1]}; b(a, τ) takes the same value at both")
    # the printed form does not read: its b takes a, the log partition function (applied to η in the
    # same formula), as an argument; the erratum says what it must take instead
    form = _typed(DISPERSION_476, sp.Symbol("p"), "b(a, τ) takes the log partition function a, applied to η in "
                  "the same formula, as the first argument of b: a function where a value is read",
                  Reading({"y": y, "eta": eta, "tau": sp.Symbol("tau"), "T": Function(lambda v: v),
                           "a": Function(lambda e: e ** 2 / 2), "b": Function(sp.Function("b")),
                           "c": Function(lambda t: t)}), part=1).form
    return with_forms(numeric_erratum(
        ctx, "EF-4", "000 §8 fn 6", "p(y; η, τ) = b(a, τ) exp((ηᵀT(y) − a(η))/c(τ))",
        "p(y; η, τ) = b(y, τ) exp((ηᵀT(y) − a(η))/c(τ)); for the Gaussian b(y, σ²) = "
        "exp(−y²/(2σ²))/√(2πσ²), which varies with y", points, printed_, corrected, _tight(ctx),
        n=min(ctx.examples, 15), names=story, quote=DISPERSION_476), form)


# ---- EF-5 ------------------------------------------------------------------------------------

MEAN_291 = neto(291, r"E[y; \eta] = \frac{\partial}{\partial \eta} a(\eta)")
VARIANCE_295 = neto(295, r"\text{Var}[y; \eta] = \frac{\partial^2}{\partial \eta^2} a(\eta)")


def _moments(name, total, natural):
    """E[y; η] and Var[y; η] of a family, from (6) as printed with its T, a, b: Functions of (y, η)
    for a Reading (the sum or integral over y is the family's)."""
    from ..text import copies
    mean, variance = _family_moments(name, copies.current())
    return (lambda y_, e: mean), (lambda y_, e: variance)


@functools.lru_cache(maxsize=None)
def _family_moments(name, copy):
    """(E[y], Var[y]) of the family at its natural parameter, p(y; η) read from ``copy``."""
    density = value_or_none(P_440, family_reading(name), part=1)
    if density is None:
        raise MissingDefinition(f"p(y; η) ({P_440.place}) reads to nothing in this copy")
    return _density_moments(name, density)


@functools.lru_cache(maxsize=None)
def _density_moments(name, density):
    """(E[y], Var[y]) of ``density``, the family's p(y; η), at its natural parameter. Kept by the
    density read, not by the copy: a copy that changes another line (the self-test's slips in
    lines 291 and 295) reuses the sums and integrals, the bulk of EF-5's time."""
    total, natural = {n: (t, v) for n, t, v in _families()}[name]
    mean = sp.simplify(total((y * density).subs(eta, natural)))
    second = sp.simplify(total((y * (y - 1) * density).subs(eta, natural))) + mean  # via the factorial moment
    return mean, sp.simplify(second - mean ** 2)


def value_or_none(quote, reading, part=None):
    return formula(quote, reading, part)[0]


@relies_on(ef, "POISSON", _perturbed("POISSON", "variance", lambda v: lambda e: v(e) * (1 + mpmath.mpf(10) ** -20)),
           "the Poisson a″ scaled by 1 + 10⁻²⁰")
@check("EF-5", "E[T(y)] = a′(η), Var[T(y)] = a″(η) ≥ 0, −log p convex in η, for every family",
       "000 §8; 002 §1.3.2 (properties)", "identity",
       quotes=(neto(288, "1. The MLE with respect to η is concave, i.e., the negative log-likelihood is convex.",
                    reading="the log-likelihood is concave in η (the MLE itself is a number, not a function)"),
               neto(289, "2. The expectation of y is")))
def moments(ctx):
    outcomes = []
    for name, total, natural in _families():
        reading = family_reading(name)
        mean, variance = _moments(name, total, natural)
        at = reading.bound({"E": Function(mean), "Var": Function(variance)})
        outcomes.append(chain([printed(MEAN_291, at, f"{name}: E[y; η], Σ or ∫ y p(y; η)", part=0),
                               mapped(printed(MEAN_291, at, f"{name}: ∂a/∂η, a as printed", part=1), _at(natural))],
                              "EF-5", "002 §1.3.2"))
        outcomes.append(chain([printed(VARIANCE_295, at, f"{name}: Var[y; η]", part=0),
                               mapped(printed(VARIANCE_295, at, f"{name}: ∂²a/∂η²", part=1), _at(natural))],
                              "EF-5", "002 §1.3.2"))
        a2 = sp.diff(reading.names["a"].function(eta), eta, 2).subs(eta, natural)
        nonnegative = sp.simplify(a2).is_nonnegative
        outcomes.append(Outcome(bool(nonnegative), "symbolic", 0.0, "" if nonnegative else f"{name}: a″ = {a2}"))
        density = value_or_none(P_440, reading, part=1)
        outcomes.append(_equal("EF-5", -sp.diff(sp.log(density), eta, 2), sp.diff(reading.names["a"].function(eta), eta, 2),
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
    return combine(*outcomes, high, _moments_of_T())


def _moments_of_T():
    """A remark on 002's properties 2 and 3 (lines 291, 295): ∂a/∂η is E[T(y); η], y's mean only
    where T(y) = y, as in every family 002 works with; the beta it names on line 297 has T(y) =
    (log y, log(1 − y)). The derivative as printed (line 291), read with the beta's a(η) =
    log B(η₁ + 1, η₂ + 1), against the beta's mean."""
    e1, e2 = sp.symbols("eta1 eta2", real=True)
    a = sp.loggamma(e1 + 1) + sp.loggamma(e2 + 1) - sp.loggamma(e1 + e2 + 2)
    reading = Reading({"eta": sp.Matrix([e1, e2]), "a": Function(lambda v: a)})
    gradient, form = formula(MEAN_291, reading, part=1)
    if gradient is None:
        return unread(form)
    at = {e1: 1, e2: 1}  # α = β = 2
    value = [sp.nsimplify(sp.simplify(g.subs(at))) for g in gradient]
    mean = sp.Rational(2, 4)  # α/(α + β)
    errata = (Erratum(
        "EF-5", "002 §1.3.2 (properties 2 and 3)", "E[y; η] = ∂a(η)/∂η, Var[y; η] = ∂²a(η)/∂η²",
        "E[T(y); η] = ∇a(η), Cov[T(y); η] = ∇²a(η): the moments of y where T(y) = y, as in every family 002 works "
        "with (the Bernoulli and the Gaussian; the Poisson, exponential and gamma too, checked above), not for "
        "the beta and the Dirichlet it names on line 297",
        f"the beta at α = β = 2 (η = (1, 1), T(y) = (log y, log(1 − y)), a(η) = log B(η₁ + 1, η₂ + 1)): "
        f"∂a/∂η as printed is ({value[0]}, {value[1]}) = E[T(y)], while E[y; η] = {mean}",
        "remark", MEAN_291),) if list(value) != [mean] else ()
    return with_forms(Outcome(True, "symbolic", 0.0, "", errata), form)


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

RESPONSE_320 = neto(320, r"$E[y; \eta] = g(\eta)$")
LINK_321 = neto(321, r"$\eta = g^{-1}(\mu)$")


def _canonical(name):
    """(g, g⁻¹) of a family as Functions, and the definitions read: the Bernoulli's from line 459
    (φ = 1/(1 + e^(−η)), η = log(φ/(1 − φ))), the Gaussian's link from line 480 (η = μ) with the
    identity as response (line 529 says so in words); the Poisson's and the exponential's typed."""
    if name == "bernoulli":
        g_ = defined(Reading({}), "g", PHI_459, ("eta",), part=1)
        link = defined(Reading({}), "g^-1", ETA_459, ("phi",), part=1)
        return g_.names["g"], link.names["g^-1"], g_.definitions + link.definitions
    if name == "gaussian":
        link = defined(Reading({}), "g^-1", ETA_480, ("mu",), part=1)
        return Function(lambda e: e), link.names["g^-1"], link.definitions
    return {"poisson": (Function(sp.exp), Function(sp.log), ()),
            "exponential": (Function(lambda e: -1 / e), Function(lambda m_: -1 / m_), ())}[name]


@relies_on(ef, "BERNOULLI", _perturbed("BERNOULLI", "link", lambda f: lambda m_: f(m_) + mpmath.mpf(10) ** -30),
           "the Bernoulli link off by 10⁻³⁰")
@check("GLM-1", "canonical response g(η) = E[T(y); η] = a′(η); the link g⁻¹ inverts it, per family",
       "000 §9.2; 002 §1.3.3", "identity",
       quotes=(ng(529, r"$(g(\eta) = E[T(y); \eta])$ is called the **canonical response function**"),
               ng(529, r"Its inverse,  $q^{-1}$ , is called the canonical link function.",
                  reading="q⁻¹ is the extraction's reading of g⁻¹"),
               ng(529, "the canonical response function for the Gaussian family is just the identity function; "
                       "and the canonical response function for the Bernoulli is the logistic function."),
               neto(319, "1. η is the **natural parameter**.")))
def response_and_link(ctx):
    outcomes = []
    for name, total, natural in _families()[:4]:
        g_, link, read = _canonical(name)
        mean, _ = _moments(name, total, natural)
        reading = Reading({"y": y, "eta": eta, "E": Function(mean), "g": g_}, definitions=read)
        # E[y; η] = g(η): the family's mean is its canonical response
        outcomes.append(chain([printed(RESPONSE_320, reading, f"{name}: E[y; η]", part=0),
                               mapped(printed(RESPONSE_320, reading, f"{name}: g(η)", part=1), _at(natural))],
                              "GLM-1", "002 §1.3.3"))
        # η = g⁻¹(μ) at μ = g(η): the link inverts the response
        inverse = Reading({"mu": g_.function(eta), "g^-1": link}, definitions=read)
        outcomes.append(chain([Step(eta, "η"), mapped(printed(LINK_321, inverse, f"{name}: g⁻¹(g(η))", part=1),
                                                      lambda e: sp.expand_log(e, force=True))],
                              "GLM-1", "002 §1.3.3", domains={eta: real("η")}))
        a = family_reading(name).names["a"].function(eta)
        outcomes.append(_equal("GLM-1", sp.diff(a, eta), g_.function(eta), f"{name}: a′(η) = g(η)",
                               domains={eta: real("η")}))

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
TEST_TIME_305 = neto(305, r"3. Test time: output will be $h_\theta(x) = E[y \mid x; \theta]$.")
LOGISTIC_501 = ng(501, r"$h_{\theta}(x) = p(y = 1|x; \theta) = 0 \cdot p(y = 0|x; \theta) + 1 \cdot p(y = 1|x; \theta) = E[y|x; \theta]$")


def _bernoulli_expectation(p):
    """E[·|x; θ] of a y ∈ {0, 1} with p(y = v|x; θ) = p(v): a Function with a condition."""
    def expectation(arguments, given, parameters):
        (value,) = arguments
        return sum(value.subs(y, v) * p(v) for v in (0, 1)) if isinstance(value, sp.Expr) else value
    return Function(expectation, given=True)


@check("GLM-1", "assumption 2 for logistic regression: h = p(y=1|x) = 0·p(y=0) + 1·p(y=1) = E[y|x]",
       "000 §9", "derivation", quotes=(_ASSUMPTION_2,))
def assumption_two(ctx):
    theta = [sp.Symbol(f"theta{j}", real=True) for j in range(2)]
    x = Vector(tuple(sp.Symbol(f"x{j}", real=True) for j in range(2)))
    reading = defined(logistic_reading(theta, {"x": x}), "p", P_360, ("y", "x", "theta"))
    compact = reading.names["p"].function

    def at(v):
        return compact(sp.Integer(v), x.matrix(), sp.Matrix(theta))

    def p(arguments, given, parameters):
        ((left, relation, value),) = arguments
        return at(value)
    reading = reading.bound({"p": Function(p, given=True), "E": _bernoulli_expectation(at), "y": y})
    page_000 = chain([printed(LOGISTIC_501, reading, reason, part=k) for k, reason in enumerate(
        ("h_θ(x) = g(θᵀx), as printed (line 325)", "p(y = 1|x; θ), p as printed (line 360)",
         "0·p(y = 0|x; θ) + 1·p(y = 1|x; θ)", "E[y|x; θ] over y ∈ {0, 1}"))], "GLM-1", "000 §9", "n=2")
    # 002's third assumption, h_θ(x) = E[y | x; θ], met by the logistic model as 000 line 501 shows
    page_002 = chain([printed(TEST_TIME_305, reading, reason, part=k) for k, reason in enumerate(
        ("h_θ(x) = g(θᵀx), the logistic model", "E[y | x; θ] over y ∈ {0, 1}"))], "GLM-1", "002 §1.3.3", "n=2")
    return combine(page_000, page_002)


NOTE_531 = ng(531, r"g(\mu) = \eta \text{ or } \mu = g^{-1}(\eta)")


@relies_on(ef, "BERNOULLI", _perturbed("BERNOULLI", "link", lambda f: lambda m_: f(m_) + mpmath.mpf(10) ** -30),
           "the Bernoulli link off by 10⁻³⁰")
@check("GLM-1", "the note 'link function g(μ) = η or μ = g⁻¹(η), response function' beside §9.2 is the "
       "statistics convention (fn 7), not the notes'", "000 §9.2 (note beside fn 7)", "identity",
       quotes=(ng(539, "Many texts use g to denote the link function, and  $g^{-1}$  to denote the response function"),
               ng(529, "the function g giving the distri-link function bution's mean",
                  reading="'link function' is a reader's handwritten note inserted into 'distribution's'"),
               ng(533, "function", reading="the end of the note on line 531: '... response function'")))
def link_annotation(ctx):
    """The note read with the notes' g (the response, line 459's φ = 1/(1 + e^(−η))) and with the
    statistics g (the link, fn 7's 'many texts'), at μ = E[y; η] of the Bernoulli: with the link
    both of its statements hold at every η; with the notes' g, g(μ) = η fails: a clash of
    conventions."""
    response, link, read = _canonical("bernoulli")

    def note(g_, inverse):
        reading = Reading({"mu": response.function(eta), "eta": eta, "g": g_, "g^-1": inverse}, definitions=read)
        parts = [formula(NOTE_531, reading, part=k, statement=s) for s in (0, 1) for k in (0, 1)]
        return [value for value, _ in parts], [form for _, form in parts]
    statistics, forms = note(link, response)
    if any(v is None for v in statistics):
        return unread(*forms)
    holds = combine(*[_equal("GLM-1", statistics[2 * s], statistics[2 * s + 1],
                             "the note's statement with g the link", domains={eta: real("η")}) for s in (0, 1)])

    def reference_links(v):
        """g(μ) = η with g the reference's link, for each family: the note's statistics reading."""
        e = S.to_mpf(v)
        return max(abs(fam.link(fam.response(e)) - e) for fam in (ef.BERNOULLI, ef.GAUSSIAN, ef.POISSON))
    with mpmath.workdps(ctx.digits):
        holds = combine(holds, sampled(ctx, S.natural_parameters(-4, 4), reference_links, _tight(ctx, 12),
                                       n=min(ctx.examples, 15), names="η"))
    notes_g = as_printed(response, link, key="the annotation's g")
    printed_, _ = note(notes_g, link if notes_g is response else response)
    left, right = (sp.lambdify(eta, v, "mpmath") for v in printed_[:2])

    def fails(e):
        with mpmath.workdps(ctx.digits):
            e = mpmath.mpf(e.numerator) / e.denominator
            return abs(left(e) - right(e)) > mpmath.mpf(10) ** -30
    witness = find_witness(real().strategy, fails, seed=229, budget=100)
    errata = ()
    if witness is not None:
        e = sp.Rational(witness.numerator, witness.denominator)
        m_ = response.function(e)
        errata = (Erratum(
            "GLM-1", "000 §9.2 (a reader's handwritten note beside the response-function paragraph)",
            "link function g(μ) = η or μ = g⁻¹(η), response function",
            "the statistics convention, in which g is the link (fn 7: 'many texts use g to denote the link "
            "function'); with the notes' g (the response g(η) = E[T(y); η]) it reads μ = g(η), η = g⁻¹(μ)",
            f"Bernoulli at η = {e}: μ = E[y; η] = {sp.nsimplify(m_)}; the notes' g gives "
            f"g(μ) = {sp.N(response.function(m_), 8)} ≠ η, the link gives g(μ) = {sp.nsimplify(link.function(m_))} = η",
            "convention", NOTE_531),)
    return with_forms(Outcome(holds.passed, holds.method, holds.residual, holds.detail, errata, holds.quotes,
                              forms=holds.forms), *forms)


# ---- GLM-2, GLM-3 ----------------------------------------------------------------------------

def _theta_x(n=2):
    theta = [sp.Symbol(f"theta{j}", real=True) for j in range(n)]
    x = [sp.Symbol(f"x{j}", real=True) for j in range(n)]
    return theta, x, sum(a * b for a, b in zip(theta, x))


# x and θ where they only condition (E[y|x; θ], p(y = k|x; θ)): the functions reading them do not use them
_CONDITION = {"x": sp.Symbol("x", real=True), "theta": sp.Symbol("theta", real=True)}


def _expectation(density, over):
    """E[y | x; θ] of the density: a Function with a condition (y | x; θ)."""
    def expectation(arguments, given, parameters):
        return over(y * density)
    return Function(expectation, given=True)


OLS_329 = neto(329, r"h_\theta(x) = E[y \mid x; \theta] = \mu = \eta = \theta^T x")
P_282 = neto(282, r"&= \frac{1}{\sqrt{2\pi}} e^{-\frac{y^2}{2}} \exp\left(\mu y - \frac{1}{2}\mu^2\right)")
B_284 = neto(284, r"$b(y) = \frac{1}{\sqrt{2\pi}} e^{-\frac{y^2}{2}}$")
ETA_304 = neto(304, r"$\eta = \theta^T x$")


def _neto_gaussian():
    """002's Gaussian in the family's form: T(y) = y, a(η) = η²/2, b(y) (line 284)."""
    reading = Reading({"y": y, "eta": eta})
    reading = defined(reading, "T", neto(284, "$T(y) = y$"), ("y",))
    reading = defined(reading, "a", neto(284, r"$a(\eta) = \frac{\mu^2}{2} = \frac{\eta^2}{2}$"), ("eta",))
    return defined(reading, "b", B_284, ("y",))


@check("GLM-2", "OLS as a GLM, step by step: h = E[y|x;θ] (A2) = μ (the mean of N(μ, σ²)) = η (the "
       "Gaussian's natural parameter) = θᵀx (A3)", "000 §9.1; 002 §1.3.3", "derivation",
       quotes=(_ASSUMPTION_1, _ASSUMPTION_2_GOAL, _ASSUMPTION_2, _ASSUMPTION_3,
               neto(301, "In **generalized linear models**, we do the following assumptions (design choices):"),
               neto(327, "For the linear regression, we use the Gaussian distribution. Then,"),
               ng(519, "The first equality follows from Assumption 2, above; the second equality follows from the fact that"),
               ng(519, "the third equality follows from Assumption 1 (and our earlier derivation showing that"),
               ng(519, "and the last equality follows from Assumption 3."),
               ng(509, r"we had  $\mu = \eta$", reading="with σ² = 1, line 471's choice: for another σ² the natural "
                                                     "parameter of (6) is μ/σ² (μ = η again in fn 6's dispersion form)")))
def ols_as_glm(ctx):
    theta, x, t = _theta_x()
    s2 = sp.Symbol("sigma2", positive=True)
    names = {mu: real("μ"), s2: positive("σ²"), y: real("y"), eta: real("η")}

    def over_line(f):
        return integral(f, y, -sp.oo, sp.oo)
    # second equality: y|x;θ ~ N(μ, σ²), so E[y|x;θ] = μ (for every σ²)
    normal = Reading({**_CONDITION, "y": y, "mu": mu, "E": _expectation(_normal(y, mu, s2), over_line)})
    mean = chain([printed(ng(511, r"h_{\theta}(x) = E[y|x;\theta]"), normal, "E[y|x; θ] under N(μ, σ²)", part=1),
                  printed(ng(513, r"= \mu"), normal, "= μ")], "GLM-2", "000 §9.1", "symbolic σ²", names)
    # third: N(μ, 1) = b(y) exp(ηy − a(η)) with b as printed (line 488): η is the coefficient of y
    gaussian = family_reading("gaussian")
    b = gaussian.names["b"].function(y)
    coefficient = sp.diff(sp.log(_normal(y, mu, 1)) - sp.log(b), y)
    natural = chain([printed(ng(513, r"= \mu"), normal, "μ"),
                     printed(ng(515, r"= \eta"), Reading({"eta": coefficient}, definitions=gaussian.definitions),
                             "η, the coefficient of y in log p − log b(y), b as printed (line 488)")],
                    "GLM-2", "000 §9.1", domains=names)
    # last: assumption 3 substitutes η = θᵀx; the whole chain under assumptions 1-3, (6) as printed
    whole = chain([mapped(printed(P_440, gaussian, "E[y|x;θ], y ~ ExponentialFamily(η) (6), η = θᵀx", part=1),
                          lambda e: over_line(y * e).subs(eta, t)),
                   printed(ng(517, r"= \theta^{T}x."), Reading({"theta": Vector(tuple(theta)), "x": Vector(tuple(x))}),
                           "= θᵀx")], "GLM-2", "000 §9.1", "n=2")
    # 002 prints the same chain on one line (329): each of its equalities in turn
    unit = Reading({**_CONDITION, "y": y, "mu": mu, "E": _expectation(_normal(y, mu, 1), over_line)})
    mean_002 = chain([printed(OLS_329, unit, "E[y|x;θ] under N(μ, 1)", part=1),
                      printed(OLS_329, unit, "= μ", part=2)], "GLM-2", "002 §1.3.3", domains=names)
    neto_gaussian = _neto_gaussian()
    density_282, form_282 = formula(P_282, Reading({"y": y, "mu": mu}))
    if density_282 is None:
        return combine(mean, natural, whole, mean_002, unread(form_282))
    coefficient_002 = sp.diff(sp.log(density_282) - sp.log(neto_gaussian.names["b"].function(y)), y)
    natural_002 = with_forms(chain([
        printed(OLS_329, unit, "μ", part=2),
        printed(OLS_329, Reading({"eta": coefficient_002}, definitions=neto_gaussian.definitions),
                "η, the coefficient of y in 002's p(y; μ) (line 282) over b(y) (line 284)", part=3)],
        "GLM-2", "002 §1.3.3", domains=names), form_282)
    linear = Reading({"theta": Vector(tuple(theta)), "x": Vector(tuple(x))})
    eta_002 = defined(linear, "eta", ETA_304, part=1)
    page_002 = chain([mapped(printed(P_268, neto_gaussian, "E[y|x;θ], (6) as 002 prints it, η = θᵀx (line 304)",
                                     part=1), lambda e: over_line(y * e).subs(eta, eta_002.names["eta"])),
                      printed(OLS_329, eta_002, "= θᵀx", part=4)], "GLM-2", "002 §1.3.3", "n=2")
    return combine(mean, natural, whole, mean_002, natural_002, page_002)


LOGISTIC_525 = (r"h_{\theta}(x) & = & E[y|x;\theta]", r"& = & \phi", r"& = & 1/(1+e^{-\eta})",
                r"& = & 1/(1+e^{-\theta^Tx})")
LOGISTIC_325 = neto(325, r"h_\theta(x) = E[y \mid x; \theta] = \varphi = \frac{1}{1 + e^{-\eta}} = \frac{1}{1 + e^{-\theta^T x}}")
P_276 = neto(276, r"p(y; \varphi) &= \varphi^y (1 - \varphi)^{(1-y)}")


@check("GLM-3", "logistic regression as a GLM, step by step: h = E[y|x;θ] = φ = 1/(1+e^(−η)) = 1/(1+e^(−θᵀx))",
       "000 §9.2; 002 §1.3.3", "derivation",
       quotes=(_ASSUMPTION_1, _ASSUMPTION_2_GOAL, _ASSUMPTION_2, _ASSUMPTION_3,
               neto(323, "For the logistic regression, we use the Bernoulli distribution, whence"),
               ng(523, r"note that if  $y|x;\theta \sim \text{Bernoulli}(\phi)$ , then  $E[y|x;\theta] = \phi$"),
               ng(525, r"\text{Explain why choose sigmoid function as h(x)}",
                  reading="a reader's handwritten note beside the chain, not part of it"),
               ng(527, r"this gives us hypothesis functions of the form  $h_{\theta}(x) = 1/(1 + e^{-\theta^T x})$")))
def logistic_as_glm(ctx):
    theta, x, t = _theta_x()
    names = {phi: probability("φ"), eta: real("η")}
    # E[y|x;θ] under Bernoulli(φ), p(y; φ) as printed (line 453)
    bernoulli = defined(Reading({"phi": phi, "y": y}), "p", P_453, ("y", "phi"), part=1)
    E = _bernoulli_expectation(lambda v: bernoulli.names["p"].function(sp.Integer(v), phi))
    reading = Reading({**_CONDITION, "phi": phi, "y": y, "E": E, "eta": eta}, definitions=bernoulli.definitions)
    expectation = chain([printed(ng(525, LOGISTIC_525[0]), reading, "E[y] under Bernoulli(φ)", part=1),
                         printed(ng(525, LOGISTIC_525[1]), reading, "= φ")], "GLM-3", "000 §9.2", domains=names)
    # φ solved from η = log(φ/(1 − φ)) (line 459)
    eta_, eta_form = formula(ETA_459, Reading({"phi": phi}), part=1)
    solved = sp.solve(sp.Eq(eta_, eta), phi) if eta_ is not None else []
    inverse = with_forms(chain([Step(solved[0] if len(solved) == 1 else sp.nan, "φ solved from η = log(φ/(1 − φ)) "
                                                                               "(line 459)"),
                                printed(ng(525, LOGISTIC_525[2]), reading, "= 1/(1 + e^(−η))")],
                               "GLM-3", "000 §9.2", domains=names), eta_form)
    # the whole chain under assumptions 1-3: (6) with the Bernoulli's T, a, b as printed, η = θᵀx
    whole = chain([mapped(printed(P_440, family_reading("bernoulli").bind(eta=t), "E[y|x;θ], (6) with η = θᵀx",
                                  part=1), lambda e: sum(v * e.subs(y, v) for v in (0, 1))),
                   printed(ng(525, LOGISTIC_525[3]), Reading({"theta": Vector(tuple(theta)), "x": Vector(tuple(x))}),
                           "= 1/(1 + e^(−θᵀx))")], "GLM-3", "000 §9.2", "n=2")
    # 002's line 325: E under Bernoulli(φ) (line 276), φ = 1/(1 + e^(−η)) (278), η = θᵀx (304)
    linear = defined(Reading({"theta": Vector(tuple(theta)), "x": Vector(tuple(x))}), "eta", ETA_304, part=1)
    linear = defined(linear, "varphi", PHI_278, part=1)
    neto_p = defined(Reading({"varphi": phi, "y": y}), "p", P_276, ("y", "varphi"), part=1)
    varphi = linear.names["varphi"]
    E_002 = _bernoulli_expectation(lambda v: neto_p.names["p"].function(sp.Integer(v), varphi))
    page = Reading({**linear.names, "y": y, "E": E_002}, definitions=linear.definitions + neto_p.definitions)
    page_002 = chain([printed(LOGISTIC_325, page, reason, part=k) for k, reason in (
        (1, "E[y|x; θ] under Bernoulli(φ), p as printed (line 276)"), (2, "φ"),
        (3, "1/(1 + e^(−η)), φ as line 278 prints it"), (4, "1/(1 + e^(−θᵀx)), η = θᵀx (line 304)"))],
        "GLM-3", "002 §1.3.3", "n=2")
    return combine(expectation, inverse, whole, page_002)


# ---- GLM-4 -----------------------------------------------------------------------------------

OBJECTIVE_311 = neto(311, r"\max_{\theta} \log p(y^{(i)}; \theta^T x^{(i)})")
RULE_315 = neto(315, r"\theta_j := \theta_j + \alpha(y^{(i)} - h_\theta^{(i)}(x))x_j^{(i)}",
                reading="h_θ(x⁽ⁱ⁾) = g(θᵀx⁽ⁱ⁾), the hypothesis at the i-th example")


class _Maximised(Reading):
    """A reading of a printed max_θ f as f, the function it maximises (the check finds where f is
    largest, or ascends it): 002 line 311 prints the objective of learning that way."""

    def _big_operator(self, item, rest, scope, notes):
        if item.op in ("max", "min") and rest:
            return self._product(rest, scope, notes)
        return super()._big_operator(item, rest, scope, notes)


def _maximised(reading):
    return _Maximised(reading.names, reading.sizes, reading.ranges, reading.definitions)


def _glm_example(name, theta, x):
    """One example (x⁽ⁱ⁾, y⁽ⁱ⁾), i = 1, of the family ``name``: p(y; η) as (6) prints it with the
    family's T, a and b, h_θ⁽ⁱ⁾(x) = g(θᵀx⁽ⁱ⁾) with its canonical response g."""
    family = family_reading(name)
    density = value_or_none(P_440, family, part=1)
    g_, _, read = _canonical(name)
    example = Vector(tuple(x))
    return Reading({"theta": Vector(tuple(theta)), "x": Examples((example,), whole=example), "y": Examples((y,)),
                    "i": sp.Integer(1), "alpha": sp.Symbol("alpha", positive=True),
                    "p": Function(lambda y_, e_: density.subs({y: y_, eta: e_})),
                    "h_theta^(i)": Function(lambda v: g_.function((sp.Matrix(theta).T * v)[0]))},
                   definitions=family.definitions + read)


@check("GLM-4", "∂/∂θⱼ log p(y; θᵀx) = (y − g(θᵀx))xⱼ for every family: one update rule",
       "000 §9; 002 §1.3.3", "identity",
       quotes=(neto(309, "During learning (training), we do gradient ascent on"),
               neto(313, "The learning update rule is the same for all distributions:"),
               ng(384, "it's a little surprising that we end up with the same update rule")))
def common_update(ctx):
    theta, x, _ = _theta_x()
    alpha = sp.Symbol("alpha", positive=True)
    outcomes = []
    for name in ("bernoulli", "gaussian", "poisson", "exponential"):
        reading = _glm_example(name, theta, x)
        for j in range(2):
            def ascent(e, j=j):
                return theta[j] + alpha * sp.diff(sp.expand_log(e, force=True), theta[j])
            outcomes.append(chain([
                mapped(printed(OBJECTIVE_311, _maximised(reading), f"{name}: θⱼ + α ∂/∂θⱼ of the objective, "
                                                                   "p as (6) prints it"), ascent),
                printed(RULE_315, reading.bound({"j": sp.Integer(j), "x_j": Examples((x[j],))}),
                        "θⱼ + α(y⁽ⁱ⁾ − h_θ(x⁽ⁱ⁾))xⱼ⁽ⁱ⁾, h the canonical response", part=1),
            ], "GLM-4", "002 §1.3.3", "n=2"))
    return combine(*outcomes)


@check("GLM-4", "002's objective of learning, max_θ log p(y⁽ⁱ⁾; θᵀx⁽ⁱ⁾), is one example's; the fit maximises "
       "Σᵢ log p(y⁽ⁱ⁾; θᵀx⁽ⁱ⁾)", "002 §1.3.3", "optimality",
       quotes=(neto(309, "During learning (training), we do gradient ascent on"),
               ng(614, r"\ell(\theta) = \sum_{i=1}^{m} \log p(y^{(i)}|x^{(i)};\theta)")))
def one_example_objective(ctx):
    """Two examples of the Gaussian (σ² = 1, 002 line 284) with x⁽¹⁾ = x⁽²⁾ = 1 (θ the intercept)
    and y⁽¹⁾ = 0, y⁽²⁾ = 2: the objective as printed (line 311) is largest at θ = y⁽ⁱ⁾, a
    different θ for each example; the fit (the maximum of the sum, as 000 line 614 writes ℓ) is
    θ = 1. The update of line 315 ascends the sum one example at a time (stochastic gradient
    ascent), which is what the line means."""
    t = sp.Symbol("theta", real=True)
    labels_ = (sp.Integer(0), sp.Integer(2))
    family = _neto_gaussian()
    density, form = formula(P_268, family, part=1)
    if density is None:
        return unread(form)
    reading = Reading({"theta": t, "x": Examples((sp.Integer(1), sp.Integer(1))), "y": Examples(labels_),
                       "p": Function(lambda y_, e_: density.subs({y: y_, eta: e_}))}, definitions=family.definitions)
    read = [formula(OBJECTIVE_311, _maximised(reading.bind(i=sp.Integer(i)))) for i in (1, 2)]
    if any(v is None for v, _ in read):
        return unread(*[f for _, f in read])
    objectives = [sp.expand_log(v, force=True) for v, _ in read]
    total = sum(objectives)
    try:
        fit = sp.solve(sp.diff(total, t), t)
        maximisers = [sp.solve(sp.diff(as_printed(o, total, key="max_θ log p(y⁽ⁱ⁾; θᵀx⁽ⁱ⁾), one example's"), t), t)
                      for o in objectives]
    except NotImplementedError as e:  # an objective, as a copy prints it, whose stationary points sympy cannot find
        return with_forms(Outcome(False, "symbolic", 0.0, f"the objective's stationary points: {e}"), form,
                          *[f for _, f in read])
    errata = ()
    if any(m != fit for m in maximisers):
        errata = (Erratum(
            "GLM-4", "002 §1.3.3 (learning)", "we do gradient ascent on max_θ log p(y⁽ⁱ⁾; θᵀx⁽ⁱ⁾)",
            "max_θ Σᵢ log p(y⁽ⁱ⁾; θᵀx⁽ⁱ⁾), the log-likelihood of the training set (000 line 614's ℓ); the rule "
            "of line 315 ascends it one example at a time (stochastic gradient ascent)",
            f"the Gaussian (σ² = 1), x⁽¹⁾ = x⁽²⁾ = 1 (θ the intercept), y⁽¹⁾ = {labels_[0]}, y⁽²⁾ = {labels_[1]}: "
            f"log p(y⁽¹⁾; θ) is largest at θ = {maximisers[0][0]} and log p(y⁽²⁾; θ) at θ = {maximisers[1][0]}; "
            f"the fit, where the sum is largest, is θ = {fit[0] if fit else '—'}", "slip", OBJECTIVE_311),)
    passed = fit == [sp.Integer(1)]
    return with_forms(Outcome(passed, "symbolic", 0.0, "" if passed else f"the sum's maximum is at {fit}, not 1",
                              errata), form, *[f for _, f in read])


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


# ---- SM-1 ------------------------------------------------------------------------------------

K = 3
phi1, phi2 = sp.symbols("phi1 phi2", positive=True)
phis = [phi1, phi2, 1 - phi1 - phi2]  # φ₃ = 1 − φ₁ − φ₂ (the domain keeps it positive)
_SIMPLEX = _SIMPLEX_NAMES((phi1, phi2))
_SM1 = 558
# line 558's chain, element by element (a line break \\ opens each element after the first)
_CHAIN_558 = (r"p(y;\phi) = \phi_1^{1\{y=1\}} \phi_2^{1\{y=2\}} \cdots \phi_k^{1\{y=k\}}",
              r"\\ = \phi_1^{1\{y=1\}} \phi_2^{1\{y=2\}} \cdots \phi_k^{1-\sum_{i=1}^{k-1} 1\{y=i\}}",
              r"\\ = \phi_1^{(T(y))_1} \phi_2^{(T(y))_2} \cdots \phi_k^{1-\sum_{i=1}^{k-1} (T(y))_i}",
              r"\\ = \exp((T(y))_1 \log(\phi_1) + (T(y))_2 \log(\phi_2) + \\ \cdots + \left(1 - \sum_{i=1}^{k-1} (T(y))_i\right) \log(\phi_k))",
              r"\\ = \exp((T(y))_1 \log(\phi_1/\phi_k) + (T(y))_2 \log(\phi_2/\phi_k) + \\ \cdots + (T(y))_{k-1} \log(\phi_{k-1}/\phi_k) + \log(\phi_k))")


def _indicator(v, i):
    return 1 if v == i else 0


@check("SM-1", "multinomial as an exponential family, the printed 6-step chain (k = 3, each y)",
       "000 §9.3", "derivation",
       quotes=(ng(543, r"$p(y=k;\phi) = 1 - \sum_{i=1}^{k-1} \phi_i$"),
               ng(545, r"we will define  $T(y) \in \mathbb{R}^{k-1}$  as follows:")))
def multinomial_chain(ctx):
    f1, f2, f3 = phis
    reading = multinomial_reading(phis)
    outcomes = []
    for v in range(1, K + 1):
        at = reading.bind(y=sp.Integer(v))
        T = [_indicator(v, 1), _indicator(v, 2)]
        # the fourth element's ellipsis runs up to a last term of another form, which the reading
        # cannot place: it is typed (the sum over i < k, then the term of φ_k)
        fourth = sp.exp(T[0] * sp.log(f1) + T[1] * sp.log(f2) + (1 - T[0] - T[1]) * sp.log(f3))
        outcomes.append(chain(_logs([
            printed(ng(_SM1, _CHAIN_558[0]), at, "Π φᵢ^1{y=i}", part=1),
            printed(ng(_SM1, _CHAIN_558[1]), at, "1{y=k} = 1 − Σ_{i<k} 1{y=i}"),
            printed(ng(_SM1, _CHAIN_558[2]), at, "(T(y))ᵢ = 1{y = i}, T as printed (line 551)"),
            _typed(ng(_SM1, _CHAIN_558[3]), fourth, "exp log (typed: the ellipsis runs up to a last term of "
                   "another form, the term of φ_k, so the reading cannot tell where its pattern ends)", at),
            printed(ng(_SM1, _CHAIN_558[4]), at, "collect log φ_k"),
            printed(P_558, at, "b(y) exp(ηᵀT(y) − a(η)), η, a and b as printed (lines 562-564)"),
        ]), "SM-1", "000 §9.3", f"k=3, y={v}, as logs", _SIMPLEX))
    T1, T2 = sp.symbols("T1 T2", real=True)
    general = chain(_logs([
        Step(f1 ** T1 * f2 ** T2 * f3 ** (1 - T1 - T2), "symbolic T"),
        Step(sp.exp(T1 * sp.log(f1) + T2 * sp.log(f2) + (1 - T1 - T2) * sp.log(f3)), "exp log"),
        Step(sp.exp(T1 * sp.log(f1 / f3) + T2 * sp.log(f2 / f3) + sp.log(f3)), "collect"),
    ]), "SM-1", "000 §9.3", "k=3, symbolic T, as logs", _SIMPLEX)
    return combine(*outcomes, general)


INDICATOR_551 = (ng(551, r"$1\{2 = 3\} = 0$"), ng(551, r"$1\{3 = 5 - 2\} = 1$"))
MEAN_551 = ng(551, r"$E[(T(y))_i] = P(y = i) = \phi_i$")


@relies_on(ef, "multinomial", lambda f: lambda k: dataclasses.replace(f(k), a=lambda e: f(k).a(e) + mpmath.mpf(10) ** -30),
           "a(η) shifted by 10⁻³⁰")
@check("SM-1", "(T(y))ᵢ = 1{y=i}; 1{2 = 3} = 0, 1{3 = 5 − 2} = 1; E[(T(y))ᵢ] = φᵢ = ∂a/∂ηᵢ; Cov = ∇²a; "
       "a(η) = −log φ_k; b = 1", "000 §9.3", "identity",
       quotes=(ng(547, r"T(1) = \begin{bmatrix} 1 \\ 0 \\ 0 \\ \vdots \\ 0 \end{bmatrix}",
                  reading="k − 1 entries: a 1 at the first, 0 after (the column's ⋮ stands for zeros)"),
               ng(547, r"T(k) = \begin{bmatrix} 0 \\ 0 \\ 0 \\ \vdots \\ 0 \end{bmatrix}")))
def multinomial_facts(ctx):
    fam = ef.multinomial(K)
    reading = multinomial_reading(phis)
    T = reading.names["T"].function
    indicators = all(fam.T(v) == [_indicator(v, i) for i in range(1, K)] and list(T(sp.Integer(v))) == fam.T(v)
                     for v in range(1, K + 1))
    examples = combine(*[chain([printed(q, Reading({}), "1{…}", part=0), printed(q, Reading({}), "as printed", part=1)],
                               "SM-1", "000 §9.3") for q in INDICATOR_551])
    # E[(T(y))ᵢ] = P(y = i) = φᵢ: the expectation over y of T's entry i, P(y = v) = φ_v (line 543)
    def expectation(arguments, given, parameters):
        (value,) = arguments
        return sum(value.subs(y, v) * phis[v - 1] for v in range(1, K + 1))

    def probability_(arguments, given, parameters):
        ((_, _, v),) = arguments
        return phis[int(v) - 1]
    means = reading.bound({"E": Function(expectation, given=True), "P": Function(probability_, given=True), "y": y})
    expectation_ = combine(*[chain([printed(MEAN_551, means.bind(i=sp.Integer(i)), reason, part=k)
                                    for k, reason in enumerate(("E[(T(y))ᵢ], T as printed", "P(y = i)", "φᵢ"))],
                                   "SM-1", "000 §9.3", f"k=3, i={i}", _SIMPLEX) for i in range(1, K)])
    # a(η) = −log φ_k (line 563) is log(1 + Σᵢ e^ηᵢ) at η as printed (line 562): compared as e^a
    eta_ = reading.names["eta"]
    partition = chain([mapped(printed(A_563, reading, "a(η) = −log φ_k", part=1), sp.exp),
                       Step(1 + sum(sp.exp(e) for e in eta_), "1 + Σᵢ e^ηᵢ, η as printed (line 562)")],
                      "SM-1", "000 §9.3", "k=3, compared as e^a", _SIMPLEX)
    # EF-5 for the multinomial: ∇a(η) = E[T(y)] = φ, ∇²a(η) = Cov[T(y)] = diag(φ) − φφᵀ
    e1, e2 = sp.symbols("eta1 eta2", real=True)
    a_eta = sp.log(1 + sp.exp(e1) + sp.exp(e2))
    phi_eta = [sp.exp(e) / (1 + sp.exp(e1) + sp.exp(e2)) for e in (e1, e2)]
    moments_ = [_equal("SM-1", sp.diff(a_eta, e), f, "∂a/∂ηᵢ = φᵢ") for e, f in zip((e1, e2), phi_eta)]
    moments_ += [_equal("SM-1", sp.diff(a_eta, u, v), (fi if i == j else 0) - fi * fj, "∂²a/∂ηᵢ∂ηⱼ = Cov")
                 for i, (u, fi) in enumerate(zip((e1, e2), phi_eta))
                 for j, (v, fj) in enumerate(zip((e1, e2), phi_eta))]
    eta_f = sp.lambdify((phi1, phi2), list(eta_), "mpmath")
    a_f = sp.lambdify((phi1, phi2), reading.names["a"].function(eta_), "mpmath")

    def residual(v):
        p1, p2 = S.to_mpf(v)
        p1, p2 = p1 / 3, p2 / 3  # both in (0, 1/3]: φ₃ ≥ 1/3
        e = fam.natural([p1, p2])
        probabilities = [p1, p2, 1 - p1 - p2]
        return max(max(abs(ef.density(ef.multinomial(K), c, e) - probabilities[c - 1]) for c in (1, 2, 3)),
                   max(abs(a - b) for a, b in zip(e, eta_f(p1, p2))),
                   abs(ef.multinomial(K).a(e) - a_f(p1, p2)), abs(fam.b(1) - reading.names["b"].function(y)))
    high = with_forms(sampled(ctx, st.tuples(S.positive_rationals(Fraction(1, 8), 1),
                                             S.positive_rationals(Fraction(1, 8), 1)),
                              residual, _tight(ctx), n=min(ctx.examples, 15), names=("3φ₁", "3φ₂")),
                      *reading.definitions)
    return combine(Outcome(indicators, "exact", 0.0, "" if indicators else "T(y) ≠ indicators"), examples,
                   expectation_, partition, *moments_, high)


# ---- SM-2 ------------------------------------------------------------------------------------

SOFTMAX_585 = ng(585, r"\phi_i = \frac{e^{\eta_i}}{\sum_{j=1}^k e^{\eta_j}}")
LINK_570 = ng(570, r"\eta_i = \log rac{\phi_i}{\phi_k}.", reading="'rac' is the extraction's remnant of \\frac: ηᵢ = log(φᵢ/φ_k)")


def _link_reading():
    """φ₁ … φ_k and ηᵢ = log(φᵢ/φ_k) (line 570, which the extraction garbled: typed), k = 3."""
    etas = [sp.log(f / phis[-1]) for f in phis]
    return Reading({"phi": Indexed(lambda i: phis[int(i) - 1]), "eta": Indexed(lambda i: etas[int(i) - 1])},
                   sizes={"k": K})


@check("SM-2", "inverting the link: e^ηᵢ = φᵢ/φ_k, φ_k e^ηᵢ = φᵢ, φ_k Σe^ηᵢ = Σφᵢ = 1 (7), φ_k = 1/Σe^ηᵢ, "
       "φᵢ = e^ηᵢ/Σⱼe^ηⱼ", "000 §9.3", "derivation",
       quotes=(ng(568, "The link function is given (for i = 1, ..., k) by"),
               ng(581, "(7)", reading="the tag stands after the three-line block in this copy: (7) read as the "
                                      "block, whose line φ_k e^ηᵢ = φᵢ is where φ_k = 1/Σe^ηᵢ is substituted"),
               ng(583, r"which can be substituted back into Equation (7) to give the response function")))
def link_inversion(ctx):
    reading = _link_reading()
    link = _typed(LINK_570, sp.log(phis[0] / phis[-1]), "'rac' is what the extraction left of \\frac: the letters "
                  "r, a, c and two braced groups are no fraction", reading.bind(i=sp.Integer(1)), part=1).form
    outcomes = [with_forms(Outcome(True, "typed", 0.0), link)]
    for i in range(1, K + 1):
        at = reading.bind(i=sp.Integer(i))
        for quote in (ng(575, r"e^{\eta_i} = \frac{\phi_i}{\phi_k}"), ng(577, r"\phi_k e^{\eta_i} = \phi_i")):
            outcomes.append(chain([printed(quote, at, "as printed", part=0), printed(quote, at, "as printed", part=1)],
                                  "SM-2", "000 (7)", f"k=3, i={i}", _SIMPLEX))
    total = ng(579, r"\phi_k \sum_{i=1}^k e^{\eta_i} = \sum_{i=1}^k \phi_i = 1")
    outcomes.append(chain([printed(total, reading, reason, part=k) for k, reason in enumerate(("φ_k Σᵢ e^ηᵢ", "Σᵢ φᵢ", "1"))],
                          "SM-2", "000 (7)", "k=3", _SIMPLEX))
    last = ng(573, r"$\eta_k = \log(\phi_k/\phi_k) = 0$")
    outcomes.append(chain([printed(last, reading, reason, part=k) for k, reason in enumerate(("η_k", "log(φ_k/φ_k)", "0"))],
                          "SM-2", "000 §9.3", "k=3", _SIMPLEX))
    implied = ng(583, r"$\phi_k = 1/\sum_{i=1}^k e^{\eta_i}$")
    outcomes.append(chain([printed(implied, reading, "φ_k", part=0), printed(implied, reading, "= 1/Σᵢ e^ηᵢ", part=1)],
                          "SM-2", "000 §9.3", "k=3", _SIMPLEX))
    # substituted into φ_k e^ηᵢ = φᵢ (a line of the block (7)), φ_k = 1/Σ e^η gives the response
    substituted = defined(reading, "phi_k", implied, part=1).names["phi_k"]
    for i in range(1, K + 1):
        at = reading.bind(i=sp.Integer(i))
        etas = [sp.log(f / phis[-1]) for f in phis]
        outcomes.append(chain([printed(SOFTMAX_585, at, "φᵢ", part=0),
                               Step(substituted * sp.exp(etas[i - 1]), "φ_k e^ηᵢ with φ_k = 1/Σ e^η (line 583)"),
                               printed(SOFTMAX_585, at, "= e^ηᵢ / Σⱼ e^ηⱼ", part=1)], "SM-2", "000 §9.3",
                              f"k=3, i={i}", _SIMPLEX))
    return combine(*outcomes)


@functools.lru_cache(maxsize=None)
def _printed_softmax(k, copy):
    """φᵢ = e^ηᵢ/Σⱼ e^ηⱼ as printed (line 585) for k classes, every i, as an mpmath function of
    (η₁ … η_k), and its Form (``copy``: the copy of the notes it is read from)."""
    etas = sp.symbols(f"eta1:{k + 1}", real=True)
    reading = Reading({"eta": Indexed(lambda i: etas[int(i) - 1])}, sizes={"k": k})
    column = entries(SOFTMAX_585, reading, [{"i": sp.Integer(i)} for i in range(1, k + 1)], part=1)
    if column.expr is None or column.form.status != "parsed":
        return None, column.form
    return sp.lambdify(etas, list(column.expr), "mpmath"), column.form


@relies_on(sm, "softmax", lambda f: lambda e: [v * (1 + mpmath.mpf(10) ** -30) for v in f(e)],
           "softmax scaled by 1 + 10⁻³⁰")
@check("SM-2", "stable softmax / log-sum-exp equal the printed forms; finite for |η| up to 1e308",
       "000 §9.3", "identity", quotes=(ng(587, "is called the **softmax** function."),))
def stable_softmax(ctx):
    from ..text import copies
    forms = {}

    def residual(v):
        e = S.to_mpf(v)
        softmax, form = _printed_softmax(len(e), copies.current())
        forms[len(e)] = form
        if softmax is None:
            return mpmath.inf
        direct = softmax(*e)
        return max(max(abs(a - b) for a, b in zip(sm.softmax(e), direct)),
                   abs(sm.log_sum_exp(e) - mpmath.log(sum(mpmath.exp(t) for t in e))))
    high = sampled(ctx, st.lists(S.rationals(-300, 300, 4), min_size=2, max_size=5), residual,
                   _tight(ctx), n=min(ctx.examples, 20), names="η")
    extremes = [[1e308, -1e308, 0.0], [1e308, 1e308], [-1e308, -1e308, -1e308], [710.0, 0.0, -710.0]]
    ok = all(abs(sum(sm.softmax(e)) - 1) <= 4e-16 and all(0 <= v <= 1 for v in sm.softmax(e))
             and mpmath.isfinite(sm.log_sum_exp(e)) for e in extremes)
    return combine(with_forms(high, *forms.values()), Outcome(ok, f"{len(extremes)} float vectors", 0.0,
                                                             "" if ok else "overflow"))


# ---- SM-3 ------------------------------------------------------------------------------------

ETA_589 = ng(589, r"$\eta_i = \theta_i^T x$")
THETA_589 = ng(589, r"$\theta_k = 0$")
ETA_K_589 = ng(589, r"$\eta_k = \theta_k^T x = 0$")
MODEL_8 = (ng(591, r"p(y = i|x; \theta) = \phi_i"), ng(593, r"= \frac{e^{\eta_i}}{\sum_{j=1}^k e^{\eta_j}}"),
           ng(595, r"= \frac{e^{\theta_i^T x}}{\sum_{j=1}^k e^{\theta_j^T x}}"))


def softmax_model_reading():
    """Softmax regression as 000 §9.3 prints it, k = 3, x = (1, x₁): θ₁, θ₂ symbols and θ_k as
    printed (θ_k = 0, line 589); ηᵢ = θᵢᵀx (line 589); φᵢ the response of line 585 at those η;
    p(y = i|x; θ) = φᵢ (the model's definition, line 591's first equality)."""
    x = Vector((sp.Integer(1), sp.Symbol("x1", real=True)))
    free = [sp.Matrix([sp.Symbol(f"theta{l}{j}", real=True) for j in range(2)]) for l in (1, 2)]
    base = defined(Reading({"x": x}), "theta_k", THETA_589, part=1)
    last = base.names["theta_k"] * sp.ones(2, 1)  # θ_k = 0: the zero vector
    theta = Indexed(lambda l: free[int(l) - 1] if int(l) < K else last)
    reading = Reading({"x": x, "theta": theta}, sizes={"k": K}, definitions=base.definitions)

    def eta_i(i):
        return value_or_none(ETA_589, reading.bind(i=sp.Integer(i)), part=1)
    etas = [eta_i(i) for i in range(1, K + 1)]
    reading = Reading({**reading.names, "eta": Indexed(lambda i: etas[int(i) - 1])}, sizes={"k": K},
                      definitions=reading.definitions + (form_of(ETA_589, reading.bind(i=sp.Integer(1)), part=1),))

    def phi_i(i):
        return value_or_none(SOFTMAX_585, reading.bind(i=sp.Integer(i)), part=1)
    phis_ = [phi_i(i) for i in range(1, K + 1)]

    def p(arguments, given, parameters):
        ((_, _, v),) = arguments
        return phis_[int(v) - 1]
    return Reading({**reading.names, "phi": Indexed(lambda i: phis_[int(i) - 1]), "p": Function(p, given=True)},
                   sizes={"k": K}, definitions=reading.definitions +
                   (form_of(SOFTMAX_585, reading.bind(i=sp.Integer(1)), part=1),)), free, x


@check("SM-3", "the softmax model (8): p(y = i|x;θ) = φᵢ = e^ηᵢ/Σⱼe^ηⱼ = e^(θᵢᵀx)/Σⱼe^(θⱼᵀx), θ_k = 0",
       "000 §9.3 (8); 002 §1.3.4", "derivation",
       quotes=(neto(333, r"the response variable y can take $k \in \mathbf{N}$ possible values"),
               neto(339, r"exponentiate it and then normalize to obtain a probability distribution \hat{p} :"),
               ng(596, "(8)")))
def softmax_model(ctx):
    reading, free, x = softmax_model_reading()
    outcomes = []
    for i in range(1, K + 1):
        at = reading.bind(i=sp.Integer(i))
        outcomes.append(chain([
            printed(MODEL_8[0], at, f"p(y = {i}|x;θ) = φ_{i}, φ the response of line 585 at ηᵢ = θᵢᵀx", part=1),
            printed(MODEL_8[1], at, "= e^ηᵢ/Σⱼ e^ηⱼ, η as printed (line 589)"),
            printed(MODEL_8[2], at, "= e^(θᵢᵀx)/Σⱼ e^(θⱼᵀx), θ_k as printed (line 589)"),
        ], "SM-3", "000 (8)", f"k=3, i={i}"))
    outcomes.append(chain([printed(ETA_K_589, reading, "θ_kᵀx", part=1), printed(ETA_K_589, reading, "= 0", part=2)],
                          "SM-3", "000 §9.3", "k=3"))
    # 002 has a free θ for every class; (8) with θ_k = 0 is the same model with θᵢ − θ_k
    thetas = [[sp.Symbol(f"t{l}{j}", real=True) for j in range(2)] for l in (1, 2, 3)]
    neto_reading = Reading({"x": x, "theta": Indexed(lambda l: sp.Matrix(thetas[int(l) - 1]))}, sizes={"k": K})
    shifted = [sum((a - c) * b for a, c, b in zip(t, thetas[2], x.values)) for t in thetas]
    outcomes += [chain([
        printed(neto(341, r"p(y = i \mid x; \theta) = \frac{e^{\theta_i^T x}}{\sum_{j=1}^k e^{\theta_j^T x}}"),
                neto_reading.bind(i=sp.Integer(i)), f"002: p(y = {i}|x;θ)", part=1),
        Step(sp.exp(shifted[i - 1]) / sum(sp.exp(e) for e in shifted), "(8) with θᵢ − θ_k, θ_k − θ_k = 0"),
    ], "SM-3", "002 §1.3.4", f"k=3, i={i}") for i in range(1, K + 1)]
    return combine(*outcomes)


HYPOTHESIS_604 = ng(604, r"= E\begin{bmatrix} 1\{y = 1\} \\ 1\{y = 2\} \\ \vdots \\ 1\{y = k - 1\} \end{bmatrix} x; \theta")
HYPOTHESIS_608 = ng(608, r"\frac{\exp(\theta_1^T x)}{\sum_{j=1}^k \exp(\theta_j^T x)}")


@check("SM-3", "h_θ(x) = E[T(y)|x;θ] = E[(1{y=1}, …, 1{y=k−1})] = (φ₁, …, φ_{k−1}) = the softmax of θᵀx; "
       "p(y = k|x;θ) = 1 − Σφᵢ", "000 §9.3", "derivation")
def softmax_hypothesis(ctx):
    reading, free, x = softmax_model_reading()
    T = multinomial_reading(phis).names["T"].function
    p = [reading.names["phi"].function(i) for i in range(1, K + 1)]

    def expectation(arguments, given, parameters):
        (value,) = arguments  # T(y), a column
        terms = [value.subs(y, v) * p[v - 1] for v in range(1, K + 1)]
        return functools.reduce(lambda a, b: a + b, terms)
    at = reading.bound({"E": Function(expectation, given=True), "T": Function(lambda v: T(v)), "y": y,
                        "theta": _CONDITION["theta"]})
    indicators = sp.Matrix([sum(_indicator(v, i) * p[v - 1] for v in range(1, K + 1)) for i in range(1, K)])
    thetas = [reading.names["theta"].function(l) for l in range(1, K + 1)]
    softmax = sp.Matrix([sp.exp((thetas[i].T * x.matrix())[0]) / sum(sp.exp((t.T * x.matrix())[0]) for t in thetas)
                         for i in range(K - 1)])
    last = ng(610, r"$1-\sum_{i=1}^{k-1}\phi_{i}$")
    return combine(
        chain([printed(ng(602, r"h_{\theta}(x) = E[T(y)|x; \theta]"), at, "E[T(y)|x; θ], T as printed (line 551)",
                       part=1),
               _typed(HYPOTHESIS_604, indicators, "E[(1{y = 1}, …, 1{y = k − 1})|x; θ]: the extraction dropped the "
                                                  "bar and the bracket ('E [ … ] x; θ' is no formula)", at),
               printed(ng(606, r"= \begin{bmatrix} \phi_1 \\ \phi_2 \\ \vdots \\ \phi_{k-1} \end{bmatrix}"), at,
                       "(φ₁, …, φ_{k−1})"),
               _hand_typed(HYPOTHESIS_608, softmax, "(exp(θᵢᵀx)/Σⱼ exp(θⱼᵀx))ᵢ<k: the printed column is 228 "
                                                    "characters, more than a quote holds (its first entry is quoted)")],
              "SM-3", "000 §9.3", "k=3"),
        chain([printed(ng(610, r"$p(y=k|x;\theta)$"), at, "p(y = k|x; θ)"),
               printed(last, at, "= 1 − Σ_{i<k} φᵢ")], "SM-3", "000 §9.3", "k=3"))


# ---- SM-4 ------------------------------------------------------------------------------------

@check("SM-4", "ℓ(θ) = Σᵢ log Π_l (e^(θ_lᵀx)/Σⱼ e^(θⱼᵀx))^1{y=l}: the printed second line, from (8)", "000 §9.3",
       "derivation", quotes=(ng(618, r"we used the definition for  $p(y|x;\theta)$  given in Equation (8)"),
                             ng(612, r"if we have a training set of m examples  $\{(x^{(i)}, y^{(i)}); i = 1, ..., m\}$")))
def softmax_log_likelihood_chain(ctx):
    model, free, _ = softmax_model_reading()
    xs = [Vector((sp.Integer(1), sp.Symbol(f"x{i}1", real=True))) for i in range(1, K + 1)]
    labels_ = [sp.Integer(v) for v in range(1, K + 1)]  # one example of each class

    def p(arguments, given, parameters):
        ((v,), (x_,)) = arguments, given
        # (8) as printed (line 595) at the example's x and class
        at = model.bound({"x": Vector(tuple(x_)), "i": v})
        return value_or_none(MODEL_8[2], at)
    reading = Reading({**model.names, "x": Examples(tuple(xs)), "y": Examples(tuple(labels_)),
                       "p": Function(p, given=True)}, sizes={"m": K, "k": K}, definitions=model.definitions)
    conditioned = reading.bound({"theta": _CONDITION["theta"]})  # θ only conditions p(y⁽ⁱ⁾|x⁽ⁱ⁾; θ) there
    return chain(_logs([
        printed(ng(614, r"\ell(\theta) = \sum_{i=1}^{m} \log p(y^{(i)}|x^{(i)};\theta)"), conditioned,
                "Σᵢ log p(y⁽ⁱ⁾ | x⁽ⁱ⁾; θ), p as (8) prints it (line 595)", part=1),
        printed(ng(616, r"= \sum_{i=1}^{m} \log \prod_{l=1}^{k} \left(\frac{e^{\theta_{l}^{T}x^{(i)}}}{\sum_{j=1}^{k} e^{\theta_{j}^{T}x^{(i)}}}\right)^{1\{y^{(i)}=l\}}"),
                reading, "Σᵢ log Π_l (…)^1{y⁽ⁱ⁾=l}"),
    ]), "SM-4", "000 §9.3", "k=3, m=3 (one example of each class), as logs")


CROSS_ENTROPY_347 = neto(347, r"\text{CrossEnt}(p, \hat{p}) = - \sum_{y=1}^k p(y) \log \hat{p}(y) = -\log \hat{p}(y_0) = -\log \frac{e^{\theta_0^T x}}{\sum_{j=1}^k e^{\theta_j^T x}}",
                         reading="p is the one-hot label at the true class y₀ (line 335's labels), which the line "
                                 "does not say")


def _cross_entropy_steps(y0):
    """002's chain for the true class y₀ (one-hot p), every class with its own θ and the printed
    θ₀, which is no class's (classes run 1..k)."""
    x = [sp.Integer(1), sp.Symbol("x1", real=True)]
    Theta = [[sp.Symbol(f"theta{l}_{j}", real=True) for j in range(2)] for l in range(K + 1)]
    etas = [sum(a * b for a, b in zip(t, x)) for t in Theta]  # etas[0] is θ₀ᵀx
    classes = etas[1:]
    p_hat = [sp.exp(e) / sum(sp.exp(v) for v in classes) for e in classes]
    names = {key: Domain(st.tuples(*[real(lo=-3, hi=3).strategy] * 2), f"θ{chr(0x2080 + l)}")
             for l, key in enumerate(tuple(t) for t in Theta)}
    names[x[1]] = real("x₁")
    reading = Reading({"x": Vector(tuple(x)), "theta": Indexed(lambda l: sp.Matrix(Theta[int(l)])),
                       "p": Function(lambda v: sp.Integer(_indicator(int(v), y0))),
                       "hat p": Function(lambda v: p_hat[int(v) - 1]), "y_0": sp.Integer(y0)}, sizes={"k": K})
    return [
        printed(CROSS_ENTROPY_347, reading, "−Σ_y p(y) log p̂(y)", part=1),
        printed(CROSS_ENTROPY_347, reading, "p one-hot at y₀", part=2),
        printed(CROSS_ENTROPY_347, reading, "softmax, as printed with θ₀", part=3,
                corrected=-sp.log(sp.exp(classes[y0 - 1]) / sum(sp.exp(v) for v in classes)),
                printed="CrossEnt(p, p̂) = … = −log(e^(θ₀ᵀx) / Σⱼ e^(θⱼᵀx))",
                fixed="−log(e^(θ_{y₀}ᵀx) / Σⱼ e^(θⱼᵀx)): the true class's θ (θ₀ is no class's: they run 1..k)"),
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
