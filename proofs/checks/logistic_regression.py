"""Part II checks: the sigmoid, the Bernoulli likelihood, gradient ascent, the perceptron and
Newton's method (000 Part II §5-7; 002 §1.2.3-1.3.1).

Every printed form a check compares is read from the text (``printed``, ``defined``): g from its
definition (000 line 331, 002 line 204), h_θ(x) = g(θᵀx) from line 325, ℓ from line 374, and so
on; a check that evaluates a printed formula numerically reads it and substitutes the drawn
values (``formula``). The helpers here (``mapped``, ``entries``, ``formula``) serve Part III's checks
too.
"""
import dataclasses
import functools
from fractions import Fraction

import mpmath
import sympy as sp
from hypothesis import strategies as st

from cs229.reference import linalg
from cs229.reference import logistic_regression as lg
from cs229.reference.results import IterativeResult
from cs229.testing import strategies as S

from ..checking import (NOTES_NEWTON, Step, as_printed, chain, combine, damped_newton_step, draw, fmt, labels,
                        numeric_erratum, probability, relies_on, sampled, show_point)
from ..printed import Form, Meaningless, Variant, defined, form_of, printed, value_of, with_forms
from ..registry import Erratum, Outcome, check, neto, ng, unchecked
from ..text import Examples, Function, Operator, Reading, Vector
from ..text.parse import NotationError

z = sp.Symbol("z", real=True)


def _tight(ctx, margin=5):
    return mpmath.mpf(10) ** (-(ctx.digits - margin))


# ---- reading printed forms -------------------------------------------------------------------

def mapped(step, f):
    """The step compared through ``f`` (a logarithm, a change of variables): its expression, its
    corrected form and every place the copy prints it (so that a copy printing it otherwise is
    judged the same way); the printed form is kept for the counterexample a reader sees."""
    if step.expr is None:
        return step
    step.keep_shown()
    step.expr = f(step.expr)
    if step.corrected is not None:
        step.corrected = f(step.corrected)
    if step.form is not None:
        step.form.variants = [v if isinstance(v.value, Meaningless) else dataclasses.replace(v, value=f(v.value))
                              for v in step.form.variants]
    return step


def entries(quote, reading, bindings, reason="", part=None, shape=None, **step):
    """A Step whose expression is the column (or the matrix of ``shape``) of a form printed for
    one index (θⱼ := θⱼ + …, H_ij = …): the quote read once per binding (a dict of names, e.g.
    {'j': 1}), the values gathered entry by entry, place by place in the copy."""
    forms = [form_of(quote, reading.bound(b), part) for b in bindings]
    bad = next((f for f in forms if f.status != "parsed"), None)
    rows, cols = shape if shape is not None else (len(bindings), 1)
    if bad is not None:
        form = bad
    else:
        variants = []
        for k, first in enumerate(forms[0].variants):
            values = [f.variants[k].value if k < len(f.variants) else Meaningless("not printed for every index")
                      for f in forms]
            meaningless = next((v for v in values if isinstance(v, Meaningless)), None)
            value = meaningless if meaningless is not None else sp.Matrix(rows, cols, values)
            variants.append(Variant(first.source, first.line, first.tex, value,
                                    any(f.variants[k].changed for f in forms if k < len(f.variants))))
        form = Form(quote, "parsed", "", variants, forms[0].unreadable, forms[0].parts)
    value = form.variants[0].value if form.variants else None
    result = Step(value, reason, quote=quote, form=form, **step)
    result.definitions = tuple(reading.definitions)
    return result


def formula(quote, reading, part=None, statement=0):
    """A printed formula read for a numeric comparison: (its value as the copy prints it, or
    None where the copy does not print it or it means nothing there; its Form)."""
    form = form_of(quote, reading, part, statement)
    return value_of(form), form


def unread(*forms):
    """A failing outcome for a numeric check whose printed forms cannot be evaluated here."""
    return with_forms(Outcome(False, "not evaluated", 0.0, "a printed form it evaluates reads to nothing in this copy: "
                              + "; ".join(f"{f.quote.place} ({f.quote.text[:60]})" for f in forms)), *forms)


def _expand_log(e):
    """log-expanded (every factor of the chains it serves is positive)."""
    if isinstance(e, sp.MatrixBase):
        return e.applyfunc(lambda v: sp.expand_log(v, force=True))
    return sp.expand_log(e, force=True)


def _rational(steps, exponents, names="u"):
    """The steps with every e^(c·tᵢ) (c a rational) replaced by uᵢ^(−c), uᵢ a positive symbol
    standing for e^(−tᵢ): the steps become rational functions of the uᵢ, which sympy decides
    quickly; equal there means equal as printed, since uᵢ ranges over an open set. The printed
    forms are kept for the counterexample a reader sees."""
    us = [sp.Symbol(f"{names}{i}", positive=True) for i in range(len(exponents))]
    expanded = [sp.expand(t) for t in exponents]

    def power(e):
        argument = sp.expand(e.args[0])
        for t, u in zip(expanded, us):
            if argument == -t:  # the usual e^(−θᵀx), without a division
                return u
            c = sp.cancel(argument / t)
            if c.is_Rational:
                return u ** (-c)
        return e

    def convert(expr):
        expr = expr.replace(lambda e: isinstance(e, sp.exp), power)
        # cancel() gives the canonical p/q form, so equal steps become identical expressions
        return expr.applyfunc(sp.cancel) if isinstance(expr, sp.MatrixBase) else sp.cancel(expr)
    return [mapped(step, convert) for step in steps]


def _sup(i):
    """i as superscript digits: the (i) of x⁽ⁱ⁾ in a counterexample's names."""
    return str(i).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"))


def _logistic_symbols(n=2):
    x = [sp.Symbol(f"x{j}", real=True) for j in range(n)]
    theta = [sp.Symbol(f"theta{j}", real=True) for j in range(n)]
    y = sp.Symbol("y", real=True)
    t = sum(a * b for a, b in zip(theta, x))
    return x, theta, y, t


# g and h_θ as printed: 000 prints g(z) twice (lines 327 and 331, the first an extraction's
# repeat); h_θ(x) = g(θᵀx) is line 325 ('where' g is line 331's); 002 prints both once
G_327 = ng(327, r"g(z) = \frac{1}{1 + e^{-z}}")
G_331 = ng(331, r"g(z) = \frac{1}{1 + e^{-z}}")
G_002 = neto(204, r"g(z) = \frac{1}{1 + e^{-z}}")
H_325 = ng(325, r"h_{\theta}(x) = g(\theta^{T}x) = \frac{1}{1 + e^{-\theta^{T}x}},")
H_002 = neto(200, r"h_{\theta}(x) = g(\theta^T x) = \frac{1}{1 + e^{-\theta^T x}}")
ELL_374 = ng(374, r"= \sum_{i=1}^{m} y^{(i)} \log h(x^{(i)}) + (1 - y^{(i)}) \log(1 - h(x^{(i)}))")
L_002 = neto(226, r"l(\theta) = \sum_{i=1}^m [y^{(i)} \log h_\theta(x^{(i)}) + (1 - y^{(i)}) \log(1 - h_\theta(x^{(i)}))]")
_G = (G_327, G_331, G_002, H_002)


def logistic_reading(theta, names=None, sizes=None, ranges=None, ng_000=True):
    """θ (a Vector of symbols), g as printed (000 line 331 or 002 line 204) and h_θ(x) = g(θᵀx)
    as printed (000 line 325 or 002 line 200); h is h_θ (000 line 374 drops the θ)."""
    reading = Reading({"theta": Vector(tuple(theta)), "z": z, **(names or {})}, sizes=sizes, ranges=ranges)
    reading = defined(reading, "g", G_331 if ng_000 else G_002, ("z",))
    reading = defined(reading, "h_theta", H_325 if ng_000 else H_002, ("x",), part=1)
    return reading.bound({"h": reading.names["h_theta"]})


def with_log_likelihood(reading, examples, labels_, name="ell", quote=ELL_374):
    """``reading`` with ℓ(θ) as printed (000 line 374, or 002's l, line 226) over the training
    set ``examples`` (x⁽ⁱ⁾, Vectors) and ``labels_`` (y⁽ⁱ⁾): m is their number."""
    with_set = Reading({**reading.names, "x": Examples(tuple(examples)), "y": Examples(tuple(labels_))},
                       sizes={**reading.sizes, "m": len(examples)}, ranges=reading.ranges,
                       definitions=reading.definitions)
    return defined(with_set, name, quote, ("theta",))


# ---- LG-1 ------------------------------------------------------------------------------------

@relies_on(lg, "sigmoid", lambda f: lambda v: f(-v), "g(z) replaced by g(−z)")
@check("LG-1", "g(z) → 1 as z → ∞, → 0 as z → −∞; 0 < g < 1; g(−z) = 1 − g(z); h_θ(x) = g(θᵀx) as printed",
       "000 §5; 002 §1.2.3", "identity", quotes=_G + (
           ng(337, r"Notice that g(z) tends towards 1 as  $z \to \infty$ , and g(z) tends towards 0 as  $z \to -\infty$"),
           ng(337, "is always bounded between 0 and 1"),
           neto(196, r"Thus, $h_{\theta}(x) \in [0, 1]$.",
                reading="a requirement the sigmoid meets (g maps into (0, 1), line 204), not a consequence of y ∈ {0, 1} "
                        "that 'Thus' would make it")))
def sigmoid_limits(ctx):
    outcomes = []
    for quote in (G_327, G_331, G_002):
        g_, form = formula(quote, Reading({"z": z}), part=1)
        if g_ is None:
            outcomes.append(unread(form))
            continue
        symbolic = chain([Step(g_.subs(z, -z), "g(−z)"), Step(1 - g_, "= 1 − g(z)")], "LG-1", quote.place)
        limits = [sp.limit(g_, z, sp.oo), sp.limit(g_, z, -sp.oo)]
        bounded = sp.simplify(1 / g_ - 1).is_positive is True  # 1/g − 1 > 0: 0 < g < 1
        ok = limits == [1, 0] and bounded
        outcomes.append(with_forms(combine(symbolic, Outcome(ok, "symbolic", 0.0, "" if ok else
                                                             f"{quote.place}: limits {limits}, 0 < g < 1: {bounded}")),
                                   form))
    # the three prints of g are one function (line 327 repeats line 331 in this copy)
    outcomes.append(chain([printed(G_331, Reading({"z": z}), "g(z), 000 line 331", part=1),
                           printed(G_327, Reading({"z": z}), "the same, line 327", part=1),
                           printed(G_002, Reading({"z": z}), "002's g(z)", part=1)], "LG-1", "000 §5; 002 §1.2.3"))
    # h_θ(x) = g(θᵀx) = 1/(1 + e^(−θᵀx)), with x₀ = 1 so that θᵀx = θ₀ + Σⱼ θⱼxⱼ (line 337)
    theta = [sp.Symbol(f"theta{j}", real=True) for j in range(3)]
    x = Vector((sp.Integer(1), sp.Symbol("x1", real=True), sp.Symbol("x2", real=True)))
    for h_quote, ng_000 in ((H_325, True), (H_002, False)):
        reading = logistic_reading(theta, {"x": x}, sizes={"n": 2}, ng_000=ng_000)
        outcomes.append(chain([printed(h_quote, reading, "g(θᵀx), g as printed", part=1),
                               printed(h_quote, reading, "1/(1 + e^(−θᵀx))", part=2)], "LG-1", h_quote.place, "n=2"))
    intercept = ng(337, r"$\theta^T x = \theta_0 + \sum_{j=1}^n \theta_j x_j$")
    reading = Reading({"theta": Vector(tuple(theta)), "x": x}, sizes={"n": 2})
    outcomes.append(chain([printed(intercept, reading, "θᵀx", part=0),
                           printed(intercept, reading, "θ₀ + Σⱼ θⱼxⱼ with x₀ = 1", part=1)], "LG-1", "000 §5", "n=2"))

    g_, form = formula(G_331, Reading({"z": z}), part=1)
    if g_ is None:
        return combine(*outcomes)
    exact_g = sp.lambdify(z, g_, "mpmath")

    def residual(v):
        with mpmath.workdps(ctx.digits):
            z_ = S.to_mpf(v)
            exact = exact_g(z_)
            return abs(lg.sigmoid(z_) - exact) / exact
    values = S.rationals(-700, 700, 16)
    high = with_forms(sampled(ctx, values, residual, _tight(ctx), names="z"), form)
    return combine(*outcomes, high)


@relies_on(lg, "sigmoid", lambda f: lambda v: f(v) * (1 + 2 ** -40), "g off by a relative 2⁻⁴⁰")
@check("LG-1", "float g stays in [0, 1], monotone and finite for |z| up to 1e308", "000 §5", "identity",
       quotes=(ng(337, "is always bounded between 0 and 1"),))
def sigmoid_extremes(ctx):
    g_, form = formula(G_331, Reading({"z": z}), part=1)
    if g_ is None:
        return unread(form)
    exact_g = sp.lambdify(z, g_, "mpmath")
    zs = [-1e308, -1e300, -800.0, -745.0, -40.0, -1.0, -1e-300, 0.0, 1e-300, 1.0, 40.0, 745.0,
          800.0, 1e300, 1e308]
    values = [lg.sigmoid(v) for v in zs]
    worst = 0.0
    for v, got in zip(zs, values):
        with mpmath.workdps(60):
            exact = exact_g(mpmath.mpf(v))
            if exact > mpmath.mpf(2) ** -1074:  # compare where float can represent the value
                worst = max(worst, float(abs(got - exact) / exact))
    ok = all(0.0 <= v <= 1.0 for v in values) and values == sorted(values) and worst <= 2 ** -52
    return with_forms(Outcome(ok, f"{len(zs)} float points vs 60 digits", worst,
                              "" if ok else f"values {fmt(values)}"), form)


# ---- LG-2 ------------------------------------------------------------------------------------

@check("LG-2", "g′(z) = g(z)(1 − g(z)), the printed 4-step chain", "000 §5", "derivation")
def sigmoid_derivative(ctx):
    reading = defined(Reading({"z": z}), "g", G_331, ("z",))
    first = ng(341, r"g'(z) = \frac{d}{dz} \frac{1}{1 + e^{-z}}")
    return chain([
        printed(first, reading, "g′(z), g as printed on line 331", part=0),
        printed(first, reading, "d/dz 1/(1 + e^(−z))", part=1),
        printed(ng(343, r"= \frac{1}{(1 + e^{-z})^2} (e^{-z})"), reading, "chain rule"),
        printed(ng(345, r"= \frac{1}{(1 + e^{-z})} \cdot \left(1 - \frac{1}{(1 + e^{-z})}\right)"), reading,
                "split the factor"),
        printed(ng(347, "= g(z)(1 - g(z))."), reading, "= g(z)(1 − g(z))"),
    ], "LG-2", "000 §5")


# ---- LG-3 ------------------------------------------------------------------------------------

P_360 = ng(360, r"p(y \mid x; \theta) = (h_{\theta}(x))^{y} (1 - h_{\theta}(x))^{1-y}")
P_002 = neto(218, r"p(y \mid x; \theta) = h_\theta(x)^y (1 - h_\theta(x))^{1-y}")
L_364 = ng(364, r"L(\theta) = p(\vec{y} \mid X; \theta)")
L_222 = neto(222, r"L(\theta) = \prod_{i=1}^m p(y^{(i)} \mid x^{(i)}; \theta) = \prod_{i=1}^m h_\theta(x^{(i)})^{y^{(i)}} (1 - h_\theta(x^{(i)}))^{1-y^{(i)}}")


def _bernoulli_set(m=3):
    """m examples x⁽ⁱ⁾ (opaque symbols) with h_θ(x⁽ⁱ⁾) = hᵢ ∈ (0, 1) and labels y⁽ⁱ⁾: a Reading of
    000 §5's (and 002's) Bernoulli likelihood, with the counterexample's names."""
    hs = [sp.Symbol(f"h{i}", positive=True) for i in range(m)]
    ys = [sp.Symbol(f"y{i}", real=True) for i in range(m)]
    xs = [sp.Symbol(f"x{i}", real=True) for i in range(m)]
    at = dict(zip(xs, hs))

    def h(v):
        if v not in at:
            raise NotationError("h_θ is applied to a training example x⁽ⁱ⁾ here")
        return at[v]
    theta = sp.Symbol("theta", real=True)
    reading = Reading({"x": Examples(tuple(xs)), "y": Examples(tuple(ys), whole=sp.Matrix(ys)),
                       "vec y": sp.Matrix(ys), "X": sp.Matrix(xs), "theta": theta, "h_theta": Function(h),
                       "h": Function(h)}, sizes={"m": m})
    names = {**{hi: probability(f"h(x⁽{_sup(i + 1)}⁾)") for i, hi in enumerate(hs)},
             **{yi: labels(0, 1, name=f"y⁽{_sup(i + 1)}⁾") for i, yi in enumerate(ys)}}
    return reading, hs, ys, xs, names


def _independent(p):
    """p(y⃗ | X; θ) for independent examples (line 362's assumption): the product of the printed
    p(y | x; θ) over the rows; p(y | x; θ) itself for one example."""
    def joint(y_, x_, theta):
        if isinstance(y_, sp.MatrixBase):
            return sp.Mul(*[p.function(y_[i], x_[i], theta) for i in range(y_.shape[0])])
        return p.function(y_, x_, theta)
    return Function(joint)


@check("LG-3", "p(y|x) = h^y(1−h)^(1−y) is the two-case model; L = Π h^y(1−h)^(1−y); "
       "log L = Σ y log h + (1−y) log(1−h)", "000 §5; 002 §1.2.3", "derivation",
       quotes=(ng(317, "we will focus on the binary classification problem in which y can take on only two values, 0 and 1"),
               ng(358, "Note that this can be written more compactly as"),
               ng(362, "Assuming that the m training examples were generated independently")))
def bernoulli_likelihood(ctx):
    reading, hs, ys, xs, names = _bernoulli_set()
    one = {hs[0]: probability("h_θ(x)")}
    cases = []
    for v in (0, 1):
        at = reading.bind(y=sp.Integer(v), x=xs[0])
        case_000 = ng(353, r"P(y = 1 \mid x; \theta) = h_{\theta}(x)") if v == 1 else \
            ng(356, r"P(y = 0 \mid x; \theta) = 1 - h_{\theta}(x)")
        case_002 = neto(210, r"p(y = 1 \mid x; \theta) = h_\theta(x)") if v == 1 else \
            neto(214, r"p(y = 0 \mid x; \theta) = 1 - h_\theta(x)")
        cases.append(chain([printed(P_360, at, f"the compact form at y = {v}", part=1),
                            printed(case_000, at, f"P(y = {v} | x; θ)", part=1)], "LG-3", "000 §5", domains=one))
        cases.append(chain([printed(P_002, at, f"the compact form at y = {v}", part=1),
                            printed(case_002, at, f"p(y = {v} | x; θ)", part=1)], "LG-3", "002 §1.2.3", domains=one))
    ng_reading = defined(reading, "p", P_360, ("y", "x", "theta"))
    ng_reading = ng_reading.bound({"p": _independent(ng_reading.names["p"])})
    likelihood = chain([
        printed(L_364, ng_reading, "p(y⃗ | X; θ), the examples independent (line 362)", part=1),
        printed(ng(366, r"= \prod_{i=1}^{m} p(y^{(i)} \mid x^{(i)}; \theta)"), ng_reading, "Πᵢ p(y⁽ⁱ⁾ | x⁽ⁱ⁾; θ)"),
        printed(ng(368, r"= \prod_{i=1}^{m} (h_{\theta}(x^{(i)}))^{y^{(i)}} (1 - h_{\theta}(x^{(i)}))^{1 - y^{(i)}}"),
                ng_reading, "p as printed on line 360"),
    ], "LG-3", "000 §5", "m=3", names)
    ng_reading = defined(ng_reading, "L", L_364, ("theta",))
    log_chain = chain([
        mapped(printed(ng(372, r"\ell(\theta) = \log L(\theta)"), ng_reading, "log L(θ)", part=1), _expand_log),
        mapped(printed(ELL_374, ng_reading, "log of a product, log of powers"), _expand_log),
    ], "LG-3", "000 §5", "m=3, compared log-expanded", names)
    neto_reading = defined(reading, "p", P_002, ("y", "x", "theta"))
    page_002 = chain([
        printed(L_222, neto_reading, "Πᵢ p(y⁽ⁱ⁾ | x⁽ⁱ⁾; θ)", part=1),
        printed(L_222, neto_reading, "p as printed on line 218", part=2),
    ], "LG-3", "002 §1.2.3", "m=3", names)
    neto_reading = defined(neto_reading, "L", L_222, ("theta",))
    L_ = neto_reading.names["L"].function(reading.names["theta"])
    log_002 = chain([
        Step(_expand_log(sp.log(L_)), "l(θ) = log L(θ), L as printed on line 222"),
        mapped(printed(L_002, neto_reading, "the log likelihood", part=1), _expand_log),
    ], "LG-3", "002 §1.2.3", "m=3, compared log-expanded", names)
    return combine(*cases, likelihood, log_chain, page_002, log_002)


@functools.lru_cache(maxsize=None)
def _printed_log_likelihood(m, copy):
    """ℓ as printed on 000 line 374 for m examples, as a function of (h(x⁽¹⁾) … h(x⁽ᵐ⁾),
    y⁽¹⁾ … y⁽ᵐ⁾) in mpmath, and its Form (``copy``: the copy of the notes it is read from)."""
    reading, hs, ys, _, _ = _bernoulli_set(m)
    value, form = formula(ELL_374, reading)
    return (None if value is None else sp.lambdify(hs + ys, value, "mpmath")), form


@relies_on(lg, "log_likelihood", lambda f: lambda X, y, theta: f(X, y, theta) + mpmath.mpf(10) ** -20,
           "ℓ shifted by 10⁻²⁰")
@check("LG-3", "the stable ℓ (softplus form) equals log L and the printed sum", "000 §5", "identity",
       quotes=(ELL_374,))
def stable_log_likelihood(ctx):
    from ..text import copies
    forms = {}

    def residual(p):
        X, y, theta = S.to_mpf(p)
        ell, form = _printed_log_likelihood(len(X), copies.current())
        forms[len(X)] = form
        if ell is None:
            return mpmath.inf
        stable = lg.log_likelihood(X, y, theta)
        printed_sum = ell(*lg.probabilities(X, theta), *y)
        return max(abs(stable - printed_sum), abs(mpmath.log(lg.likelihood(X, y, theta)) - stable))
    out = sampled(ctx, S.classification_problems(), residual, _tight(ctx, 8), n=min(ctx.examples, 20),
                  names=("X", "y", "θ"))
    return with_forms(out, *forms.values())


# ---- LG-4 ------------------------------------------------------------------------------------

_LG4 = 378
_LG4_STEPS = (r"\frac{\partial}{\partial \theta_j} \ell(\theta) &= \left( y \frac{1}{g(\theta^T x)} - (1 - y) \frac{1}{1 - g(\theta^T x)} \right) \frac{\partial}{\partial \theta_j} g(\theta^T x)",
              r"&= \left( y \frac{1}{g(\theta^T x)} - (1 - y) \frac{1}{1 - g(\theta^T x)} \right) g(\theta^T x) (1 - g(\theta^T x)) \frac{\partial}{\partial \theta_j} \theta^T x",
              r"&= \left( y (1 - g(\theta^T x)) - (1 - y) g(\theta^T x) \right) x_j",
              r"&= \left( y - h_{\theta}(x) \right) x_j")
_ASCENT_376 = ng(376, r"$\theta := \theta + \alpha \nabla_{\theta} \ell(\theta)$")
_RULE_382 = ng(382, r"\theta_j := \theta_j + \alpha \left( y^{(i)} - h_{\theta}(x^{(i)}) \right) x_j^{(i)}")


@check("LG-4", "∂ℓ/∂θⱼ = (y − h_θ(x))xⱼ for one example (the printed 4-step chain); the ascent rule",
       "000 §5", "derivation", quotes=(ng(380, "Above, we used the fact that g'(z) = g(z)(1 - g(z))."),))
def single_example_gradient(ctx):
    x, theta, y, t = _logistic_symbols()
    alpha = sp.Symbol("alpha", positive=True)
    names = {y: labels(0, 1, name="y")}
    # one training example (x, y): ℓ is line 374's sum with m = 1
    base = logistic_reading(theta, {"alpha": alpha})
    one = with_log_likelihood(base, [Vector(tuple(x))], [y])
    reading = Reading({**one.names, "x": Vector(tuple(x)), "y": y}, definitions=one.definitions)
    outcomes = []
    for j in range(len(theta)):
        at = reading.bind(j=sp.Integer(j))
        outcomes.append(chain(_rational([
            printed(ng(_LG4, _LG4_STEPS[0]), at, "∂ℓ/∂θⱼ, ℓ as printed (line 374, m = 1)", part=0),
            printed(ng(_LG4, _LG4_STEPS[0]), at, "chain rule", part=1),
            printed(ng(_LG4, _LG4_STEPS[1]), at, "g′ = g(1 − g)"),
            printed(ng(_LG4, _LG4_STEPS[2]), at, "∂θᵀx/∂θⱼ = xⱼ"),
            printed(ng(_LG4, _LG4_STEPS[3]), at, "= (y − h_θ(x))xⱼ"),
        ], [t]), "LG-4", "000 §5", "n=2, every j", names))
    # θ := θ + α∇_θℓ(θ) (line 376) entry by entry is the stochastic rule (line 382), example i = 1
    rule = Reading({**one.names, "i": sp.Integer(1)}, sizes={"m": 1}, definitions=one.definitions)
    outcomes.append(chain(_rational([
        printed(_ASCENT_376, reading, "θ := θ + α∇_θℓ(θ)", part=1),
        entries(_RULE_382, rule, [{"j": sp.Integer(j), "x_j": Examples((x[j],))} for j in range(len(theta))],
                "the stochastic gradient ascent rule, for every j", part=1),
    ], [t]), "LG-4", "000 §5", "n=2", names))
    return combine(*outcomes)


@check("LG-4", "batch form: ∂ℓ/∂θⱼ = Σᵢ (y⁽ⁱ⁾ − h(x⁽ⁱ⁾))xⱼ⁽ⁱ⁾ (002's update)", "002 §1.2.3", "derivation",
       quotes=(neto(228, r"To choose θ to maximize $l(\theta)$, we use **batch gradient ascent**:"),))
def batch_gradient(ctx):
    m, n = 3, 2
    X = [[sp.Symbol(f"x{i}{j}", real=True) for j in range(n)] for i in range(m)]
    ys = [sp.Symbol(f"y{i}", real=True) for i in range(m)]
    theta = [sp.Symbol(f"theta{j}", real=True) for j in range(n)]
    alpha = sp.Symbol("alpha", positive=True)
    base = logistic_reading(theta, {"alpha": alpha}, ng_000=False)
    reading = with_log_likelihood(base, [Vector(tuple(row)) for row in X], ys, name="l", quote=L_002)
    ts = [sum(a * b for a, b in zip(theta, row)) for row in X]
    names = {yi: labels(0, 1, name=f"y⁽{_sup(i + 1)}⁾") for i, yi in enumerate(ys)}
    return combine(*[chain(_rational([
        printed(neto(230, r"\theta_j := \theta_j + \alpha \frac{\partial}{\partial \theta_j} l(\theta)"),
                reading.bound({"j": sp.Integer(j)}), "θⱼ + α ∂l/∂θⱼ, l as printed (line 226)", part=1),
        printed(neto(234, r"\theta_j := \theta_j + \alpha \sum_{i=1}^m (y^{(i)} - h_\theta(x^{(i)})) x_j^{(i)}"),
                reading.bound({"j": sp.Integer(j), "x_j": Examples(tuple(row[j] for row in X))}),
                "θⱼ + α Σᵢ (y⁽ⁱ⁾ − h)xⱼ⁽ⁱ⁾", part=1),
    ], ts), "LG-4", "002 §1.2.3", "m=3, n=2, every j", names) for j in range(n)])


@relies_on(lg, "gradient", lambda f: lambda X, y, theta: [-v for v in f(X, y, theta)], "∇ℓ with its sign flipped")
@check("LG-4", "the reference's gradient is the derivative of its ℓ (50 digits)", "000 §5", "identity",
       quotes=(ng(_LG4, r"&= \left( y - h_{\theta}(x) \right) x_j"),))
def gradient_is_derivative(ctx):
    def residual(p):
        X, y, theta = S.to_mpf(p)
        grad = lg.gradient(X, y, theta)
        worst = 0
        for j in range(len(theta)):
            def along(t, j=j):
                moved = theta[:]
                moved[j] = t
                return lg.log_likelihood(X, y, moved)
            worst = max(worst, abs(mpmath.diff(along, theta[j]) - grad[j]))
        return worst
    return sampled(ctx, S.classification_problems(), residual, _tight(ctx, 12), n=min(ctx.examples, 15),
                   names=("X", "y", "θ"))


# ---- LG-5 ------------------------------------------------------------------------------------

_SMALL = st.sampled_from([Fraction(v) for v in (0, 1, -1, 2, -2, 3, -3)])


@st.composite
def _wide_problems(draw_, values=None):
    """Fewer examples than parameters (m ≤ 2 < n = m + 2), so that the span of the x⁽ⁱ⁾ is a
    proper subspace; x₀ = 1; labels 0, 1."""
    values = values if values is not None else S.rationals()
    m = draw_(st.integers(1, 2))
    n = m + 2
    X = [[Fraction(1)] + draw_(st.lists(values, min_size=n - 1, max_size=n - 1)) for _ in range(m)]
    if m == 2 and all(a == b for a, b in zip(X[0], X[1])):
        X[1][1] += 1  # two distinct examples
    y = draw_(st.lists(st.sampled_from([0, 1]), min_size=m, max_size=m))
    return X, y


def _distance_to_span(X, theta):
    """‖θ − P θ‖, P the projection onto span{x⁽ⁱ⁾} = the row space of X."""
    G = linalg.matmul(X, linalg.transpose(X))
    c = linalg.solve(G, linalg.matvec(X, theta))
    back = linalg.matvec(linalg.transpose(X), c)
    return max(abs(a - b) for a, b in zip(theta, back))


def _iterates_off_span(p, start):
    """The largest distance to span{x⁽ⁱ⁾} of batch (3 steps) and stochastic (2 epochs) gradient
    ascent iterates from θ = start."""
    X, y = S.to_mpf(p[0]), p[1]
    theta0 = [mpmath.mpf(start)] * len(X[0])
    alpha = mpmath.mpf(1) / 4
    batch = lg.batch_gradient_ascent(X, y, theta0, alpha, 3, tol=None, record=True).path
    stochastic = lg.stochastic_gradient_ascent(X, y, theta0, alpha, epochs=2, record=True).path
    return max(_distance_to_span(X, t) for t in batch[1:] + stochastic[1:])


def _off_span_story(p):
    """The counterexample told as the claim is about: the start θ = 1, the part of it outside
    span{x⁽ⁱ⁾}, and that part still there after the iterations (each step adds a combination of
    the x⁽ⁱ⁾)."""
    X, y = p
    Xm = S.to_mpf(X)
    start = [mpmath.mpf(1)] * len(X[0])
    last = lg.batch_gradient_ascent(Xm, y, start, mpmath.mpf(1) / 4, 3, tol=None, record=True).path[-1]

    def outside(theta):
        G = linalg.matmul(Xm, linalg.transpose(Xm))
        c = linalg.solve(G, linalg.matvec(Xm, theta))
        return [a - b for a, b in zip(theta, linalg.matvec(linalg.transpose(Xm), c))]
    def vector(v):
        return "(" + ", ".join(str(int(a)) if a == int(a) else mpmath.nstr(a, 6) for a in v) + ")"
    rows = ", ".join(f"x⁽{_sup(i + 1)}⁾ = {vector(row)}" for i, row in enumerate(X))
    return (f"{rows}, y = {list(y)}: from θ = {vector(start)}, the part of θ outside span{{x⁽ⁱ⁾}} is "
            f"{vector(outside(start))}; after 3 batch steps (α = 1/4) θ = {vector(last)} and that part is "
            f"still {vector(outside(last))}: θ is no combination of the training examples")


# remark (proposed): the claim at 002 line 559 is read from θ = 0 by OMC-3 (svm.py), here from
# line 69's alternative start θ = 1. 002 prints no start for logistic regression's ascent (lines
# 228-234), and the sentence motivates an assumption the representer theorem (line 557) carries;
# listed, not counted, it would say: "true from any start in the span (θ = 0, the usual one, which
# OMC-3 checks); from a start outside it (line 69's θ = 1) the part outside never leaves".
@relies_on(lg, "batch_gradient_ascent",
           lambda f: lambda X, y, theta, alpha, *a, **k: f(X, y, [t + 1 for t in theta], alpha, *a, **k),
           "the batch ascent started from θ + 1")
@check("LG-5", "gradient ascent keeps θ in the span of the x⁽ⁱ⁾ only from a start in it (θ = 0)",
       "002 §1.5.1; 002 §1.1.2", "identity",
       quotes=(neto(69, "Initialize θ_0 (equal to 0 or 1, for example);",
                    reading="θ_0 is the starting θ here (every θⱼ), not the intercept θ₀ of line 55"),))
def iterates_in_the_span(ctx):
    return numeric_erratum(
        ctx, "LG-5", "002 §1.5.1 (the representer assumption)",
        "using logistic regression with gradient descent (stochastic or batch), no matter how many "
        "iterations, θ is always a linear combination of the training examples",
        "… provided θ starts in the span of the x⁽ⁱ⁾ (θ = 0): each step adds α Σᵢ (y⁽ⁱ⁾ − h)x⁽ⁱ⁾; from 002's "
        "own start θ = 1 (§1.1.2: 'Initialize θ_0 (equal to 0 or 1)') it is not",
        _wide_problems(), lambda p: _iterates_off_span(p, 1), lambda p: _iterates_off_span(p, 0),
        _tight(ctx, 10), n=min(ctx.examples, 15), names=_off_span_story, search=_wide_problems(_SMALL),
        quote=neto(559, "no matter how many iterations, the parameter θ (or w) is always a linear combination of the training examples."))


# ---- PC-1 ------------------------------------------------------------------------------------

_PERCEPTRON = (ng(392, r"If we then let  $h_{\theta}(x) = g(\theta^T x)$  as before but using this modified definition of g"),
               neto(254, "but instead of the sigmoid function, we use"),
               neto(258, r"Again, we have $h_{\theta}(x) = g(\theta^T x)$ and the update rule is"),
               ng(390, r"g(z) = \begin{cases} 1 & \text{if } z \ge 0 \\ 0 & \text{if } z < 0 \end{cases}"),
               ng(394, r"\theta_j := \theta_j + \alpha \left( y^{(i)} - h_{\theta}(x^{(i)}) \right) x_j^{(i)}."),
               neto(256, r"g(z) = \begin{cases} 1, & z \geq 0 \\ 0, & z < 0 \end{cases}"),
               neto(260, r"\theta_j := \theta_j + \alpha(y^{(i)} - h_{\theta}^{(i)}(x))x_j^{(i)}",
                    reading="h_θ(x⁽ⁱ⁾), the hypothesis at the i-th example"))


@relies_on(lg, "perceptron", lambda f: lambda X, y, *a, **k: f(X, y, *a, **{**k, "max_epochs": 1}),
           "one epoch only")
@check("PC-1", "the perceptron converges on separable data within (R‖w‖/γ)² mistakes (exact)",
       "000 §6; 002 §1.3.1", "optimality", quotes=_PERCEPTRON)
def perceptron_converges(ctx):
    # Each mistake has (2y − 1)θᵀx ≤ 0 and the update is ±αx, as in the ±1 perceptron, so the
    # mistake bound applies with any separator w: mistakes ≤ (R‖w‖₂/γ)², γ = minᵢ (2y − 1)wᵀx.
    points = draw(ctx, S.separable_problems(), min(ctx.examples, 25))
    worst, bad = 0.0, None
    for X, y, w in points:
        try:
            fit = lg.perceptron(X, y, alpha=Fraction(1, 2), max_epochs=10_000)
        except lg.ConvergenceError:
            bad = (X, y, w)
            continue
        gamma = min((2 * yi - 1) * sum(a * b for a, b in zip(row, w)) for row, yi in zip(X, y))
        R2 = max(sum(a * a for a in row) for row in X)
        bound = R2 * sum(a * a for a in w) / gamma ** 2
        mistakes = sum(fit.extra["mistakes"])
        separated = lg.is_separated(X, y, fit.theta) or all(
            (sum(a * b for a, b in zip(row, fit.theta)) >= 0) == (yi == 1) for row, yi in zip(X, y))
        worst = max(worst, float(mistakes / bound))
        if not (fit.converged and separated and mistakes <= bound):
            bad = (X, y, w)
    return Outcome(bad is None, f"{len(points)} points, exact", worst,
                   "" if bad is None else f"fails at {show_point(bad, ('X', 'y', 'a separator w'))}",
                   measure="largest mistakes / (R‖w‖/γ)² (≤ 1 passes)")


G_390 = ng(390, r"g(z) = \begin{cases} 1 & \text{if } z \ge 0 \\ 0 & \text{if } z < 0 \end{cases}")
G_256 = neto(256, r"g(z) = \begin{cases} 1, & z \geq 0 \\ 0, & z < 0 \end{cases}")
H_392 = ng(392, r"$h_{\theta}(x) = g(\theta^T x)$")
H_258 = neto(258, r"$h_{\theta}(x) = g(\theta^T x)$")
RULE_394 = ng(394, r"\theta_j := \theta_j + \alpha \left( y^{(i)} - h_{\theta}(x^{(i)}) \right) x_j^{(i)}.")
RULE_260 = neto(260, r"\theta_j := \theta_j + \alpha(y^{(i)} - h_{\theta}^{(i)}(x))x_j^{(i)}",
                reading="h_θ(x⁽ⁱ⁾), the hypothesis at the i-th example")
ERROR_262 = neto(262, r"$y^{(i)} - h_{\theta}^{(i)}(x)$", reading="h_θ(x⁽ⁱ⁾), the hypothesis at the i-th example")


@functools.lru_cache(maxsize=None)
def _printed_perceptron(n, copy):
    """The perceptron as printed, for n features: for 000 (g line 390, h line 392, the update line
    394) and 002 (lines 256, 258, 260, and y⁽ⁱ⁾ − h line 262), the symbols (θ, x, y, α), the new θ
    and y − h as expressions in them (None where not printed) and the Forms read
    (``copy``: the copy of the notes they are read from)."""
    theta = [sp.Symbol(f"theta{j}", real=True) for j in range(n)]
    x = [sp.Symbol(f"x{j}", real=True) for j in range(n)]
    y, alpha = sp.Symbol("y", real=True), sp.Symbol("alpha", positive=True)
    out = []
    for g_quote, h_quote, rule, error in ((G_390, H_392, RULE_394, None), (G_256, H_258, RULE_260, ERROR_262)):
        reading = defined(Reading({"theta": Vector(tuple(theta)), "z": z, "alpha": alpha}), "g", g_quote, ("z",))
        reading = defined(reading, "h_theta", h_quote, ("x",))
        example = Vector(tuple(x))
        reading = reading.bound({"h_theta^(i)": reading.names["h_theta"], "x": Examples((example,), whole=example),
                                 "y": Examples((y,)), "i": sp.Integer(1)})
        step = entries(rule, reading, [{"j": sp.Integer(j), "x_j": Examples((x[j],))} for j in range(n)], part=1)
        forms = [step.form, *reading.definitions]
        new = None if isinstance(step.expr, Meaningless) else step.expr
        difference = None
        if error is not None:
            difference, form = formula(error, reading)
            forms.append(form)
        out.append((new, difference, tuple(forms)))
    return (theta, x, y, alpha), tuple(out)


@relies_on(lg, "perceptron_update", lambda f: lambda x, y, theta, alpha=1: f(x, y, theta, 2 * alpha),
           "the update taken with 2α")
@check("PC-1", "the printed update with the threshold g is the reference's; y − h ∈ {−1, 0, 1}: no change "
       "when right, ±αx when wrong", "000 §6; 002 §1.3.1", "identity",
       quotes=_PERCEPTRON + (neto(262, r"will be 0 if the algorithm got it right, or ± 1 if it got it wrong."),))
def perceptron_update_cases(ctx):
    from ..text import copies
    alpha_ = Fraction(1, 3)
    forms = {}

    def holds(p):
        (X, y, theta) = p
        (th, xs, y_s, al), prints = _printed_perceptron(len(theta), copies.current())
        forms.update({(f.quote, id(f)): f for _, _, fs in prints for f in fs})
        for x, yi in zip(X, y):
            new = lg.perceptron_update(x, yi, theta, alpha_)
            at = {**dict(zip(th, map(sp.Rational, theta))), **dict(zip(xs, map(sp.Rational, x))),
                  y_s: sp.Integer(yi), al: sp.Rational(alpha_)}
            right = (sum(a * b for a, b in zip(x, theta)) >= 0) == (yi == 1)
            for printed_new, difference, _ in prints:
                if printed_new is None or list(printed_new.xreplace(at)) != [sp.Rational(v) for v in new]:
                    return False
                if difference is not None:
                    d = difference.xreplace(at)
                    if d not in (-1, 0, 1) or (d == 0) != right:
                        return False
        return True
    points = draw(ctx, S.regression_problems().map(lambda p: (p[0], [int(v > 0) for v in p[1]], p[2])),
                  min(ctx.examples, 20))
    bad = [p for p in points if not holds(p)]
    out = Outcome(not bad, f"{len(points)} points, exact", 0.0 if not bad else 1.0,
                  f"the printed update and the reference's part at {show_point(bad[0], ('X', 'y', 'θ'))}" if bad else "")
    return with_forms(out, *forms.values())


# ---- NW-1 ------------------------------------------------------------------------------------

NEWTON_406 = ng(406, r"\theta := \theta - \frac{f(\theta)}{f'(\theta)}.")
NEWTON_240 = neto(240, r"\theta^{(t+1)} := \theta^{(t)} - \frac{f(\theta^{(t)})}{f'(\theta^{(t)})}")
NEWTON_418 = ng(418, r"\theta := \theta - \frac{\ell'(\theta)}{\ell''(\theta)}.")
F_416 = ng(416, r"$f(\theta) = \ell'(\theta)$")
MAXIMA_416 = ng(416, r"The maxima of  $\ell$  correspond to points where its first derivative  $\ell'(\theta)$  is zero")


@check("NW-1", "the tangent at θ is zero at θ − f(θ)/f′(θ); maximising uses f = ℓ′",
       "000 §7; 002 §1.2.4", "derivation",
       quotes=(ng(404, r"suppose we have some function  $f: \mathbb{R} \to \mathbb{R}$ , and we wish to find a value of  $\theta$  so that  $f(\theta) = 0$"),
               ng(408, "approximating the function f via a linear function that is tangent to f at the current guess"),
               neto(238, "In our case, we have $f = l'$.")))
def tangent_zero(ctx):
    theta, theta0 = sp.symbols("theta theta0", real=True)
    f = sp.Function("f")
    tangent = f(theta0) + sp.diff(f(theta0), theta0) * (theta - theta0)
    root = sp.solve(sp.Eq(tangent, 0), theta)
    zero = root[0] if len(root) == 1 else sp.nan
    reading = Reading({"theta": theta0, "f": Function(f), "ell": Function(sp.Function("ell"))})
    at_t = Reading({"theta": Examples((theta0,), first=0), "t": sp.Integer(0), "f": Function(f)})
    maximising = defined(reading, "f", F_416, ("theta",))
    return combine(
        chain([Step(zero, "where the tangent at the current guess θ is zero (line 408)"),
               printed(NEWTON_406, reading, "θ := θ − f(θ)/f′(θ)", part=1)], "NW-1", "000 §7"),
        chain([Step(zero, "where the tangent at θ⁽ᵗ⁾ is zero"),
               printed(NEWTON_240, at_t, "θ⁽ᵗ⁺¹⁾ := θ⁽ᵗ⁾ − f(θ⁽ᵗ⁾)/f′(θ⁽ᵗ⁾)", part=1)], "NW-1", "002 §1.2.4"),
        chain([printed(NEWTON_406, maximising, "Newton's update with f(θ) = ℓ′(θ) (line 416)", part=1),
               printed(NEWTON_418, reading, "θ := θ − ℓ′(θ)/ℓ″(θ)", part=1)], "NW-1", "000 §7"))


def _quartic(t):
    """ℓ(θ) = θ²/2 − θ⁴/4: maxima at θ = ±1 (ℓ = 1/4), a minimum at θ = 0 (ℓ = 0), all three zeros
    of ℓ′(θ) = θ − θ³."""
    return t ** 2 / 2 - t ** 4 / 4


@check("NW-1", "Newton's update with f = ℓ′ goes to a zero of ℓ′, a maximum only where ℓ″ < 0 (every zero, "
       "for a concave ℓ such as logistic regression's)", "000 §7", "optimality",
       quotes=(MAXIMA_416, ng(416, r"we can use the same algorithm to maximize  $\ell$"),
               ng(420, "How would this change if we wanted to use Newton's method to minimize rather than maximize a function?")))
def newton_finds_stationary_points(ctx):
    """Line 416 passes from 'the maxima of ℓ are zeros of ℓ′' to 'Newton's method on ℓ′
    maximises ℓ'; the converse of the first does not hold, and the update (line 418, read from
    the text) goes to whichever zero of ℓ′ is near. A remark: for the notes' ℓ (logistic
    regression's, concave: NW-2) every zero of ℓ′ is the maximum, and line 420's question leads
    the reader to see that the update does not tell a maximum from a minimum."""
    t = sp.Symbol("theta", real=True)
    update, form = formula(NEWTON_418, Reading({"theta": t, "ell": Function(_quartic)}), part=1)
    if update is None:
        return unread(form)
    path = [sp.Rational(1, 4)]
    for _ in range(3):
        path.append(sp.nsimplify(update.xreplace({t: path[-1]})))
    step = sp.lambdify(t, update, "mpmath")
    with mpmath.workdps(ctx.digits):
        limit = mpmath.mpf(path[-1].p) / path[-1].q
        for _ in range(8):
            limit = step(limit)
        d1, d2 = sp.lambdify(t, sp.diff(_quartic(t), t), "mpmath"), sp.lambdify(t, sp.diff(_quartic(t), t, 2), "mpmath")
        stationary = abs(d1(limit)) < _tight(ctx, 10)
        maximum = as_printed(stationary and d2(limit) < 0, stationary, key="Newton on ℓ′ reaches a maximum of ℓ")
    errata = ()
    if not maximum:
        shown = ", ".join(str(v) for v in path)
        at = sp.nsimplify(sp.Float(limit, 50), tolerance=sp.Rational(1, 10 ** 20), rational=True)
        errata = (Erratum(
            "NW-1", "000 §7",
            "the maxima of ℓ correspond to the zeros of ℓ′, so with f(θ) = ℓ′(θ) Newton's method maximises ℓ",
            "a maximum of ℓ is a zero of ℓ′, not conversely: the update θ := θ − ℓ′(θ)/ℓ″(θ) goes to a zero of "
            "ℓ′ near the start, a maximum where ℓ″ < 0 there; for a concave ℓ (logistic regression's, whose "
            "Hessian is negative definite: NW-2) every zero of ℓ′ is the maximum, which is what the notes use "
            "(line 420's question asks the reader to see that the update is the same for a minimum)",
            f"ℓ(θ) = θ²/2 − θ⁴/4, maximal at θ = ±1 (ℓ = 1/4): from θ = 1/4 the printed update gives {shown}, "
            f"… → {at}, where ℓ′({at}) = 0 but ℓ″({at}) = {sp.diff(_quartic(t), t, 2).subs(t, at)} > 0: "
            f"ℓ({at}) = {_quartic(at)}, the minimum between the two maxima", "remark", MAXIMA_416),)
    passed = bool(stationary)
    return with_forms(Outcome(passed, "exact, then 50 digits", float(abs(d1(limit))),
                              "" if passed else f"the update does not reach a zero of ℓ′: {mpmath.nstr(limit, 8)}",
                              errata), form)


@relies_on(lg, "newton_root",
           lambda f: lambda fn, fp, theta, *a, **k: f(fn, lambda t: 2 * fp(t), theta, *a, **k),
           "the Newton step halved (f′ doubled)")
@check("NW-1", "1-D Newton: √a and the 1-D logistic MLE reached, ℓ′ = 0, ℓ″ < 0, quadratic steps",
       "000 §7", "optimality", quotes=(ng(406, r"\theta := \theta - \frac{f(\theta)}{f'(\theta)}."),
                                       ng(418, r"\theta := \theta - \frac{\ell'(\theta)}{\ell''(\theta)}.")))
def one_dimensional_newton(ctx):
    def residual(p):
        a, (X, y, _) = p
        a = S.to_mpf(a)
        tol = mpmath.mpf(10) ** (-(ctx.digits - 8))
        root = lg.newton_root(lambda t: t * t - a, lambda t: 2 * t, a + 1, 200, tol, record=True)
        errors = [abs(t - mpmath.sqrt(a)) for t in root.path]
        ratios = [e1 / e0 ** 2 for e0, e1 in zip(errors, errors[1:]) if e0 > tol ** mpmath.mpf(0.5)]
        quadratic = max(ratios, default=0) <= 1 / (2 * mpmath.sqrt(a)) * (1 + mpmath.mpf(10) ** -6)
        xs = [S.to_mpf(row[-1]) for row in X]

        def l1(t):
            return sum((yi - 1 / (1 + mpmath.exp(-t * xi))) * xi for xi, yi in zip(xs, y))

        def l2(t):
            return -sum(xi * xi / (1 + mpmath.exp(-t * xi)) / (1 + mpmath.exp(t * xi)) for xi in xs)
        fit = lg.newton_maximise(l1, l2, mpmath.mpf(0), 200, tol)
        return (abs(root.theta ** 2 - a) + abs(l1(fit.theta))
                + (0 if fit.extra["second_derivative"] < 0 and quadratic else 1))
    problems = st.tuples(S.positive_rationals(), S.classification_problems(max_features=1))
    return sampled(ctx, problems, residual, _tight(ctx, 12), n=min(ctx.examples, 15), names=("a", "(X, y, θ)"))


# The picture of 000 §7: f crosses zero at about 1.3; from θ = 4.5 the tangents give about 2.8,
# then about 1.8. The page does not print f; f(θ) = θ^(5/2) − 1.3^(5/2), convex and increasing
# like the curve drawn, is the power law whose Newton steps round to the printed numbers.
NEWTON_PRINTED = {"start": "4.5", "iterates": ("2.8", "1.8"), "root": "1.3"}
NEWTON_POWER = 2.5


def newton_picture_f(theta):
    return theta ** NEWTON_POWER - 1.3 ** NEWTON_POWER


def newton_picture_f_prime(theta):
    return NEWTON_POWER * theta ** (NEWTON_POWER - 1)


def newton_picture():
    """NW-1 (000 §7, the three-panel picture): Newton's method θ := θ − f(θ)/f′(θ) on
    f(θ) = θ^(5/2) − 1.3^(5/2) from θ = 4.5, with its iterates recorded: what the check below
    compares with the printed 2.8, 1.8 and 1.3 and the Newton figure draws."""
    return lg.newton_root(newton_picture_f, newton_picture_f_prime, float(NEWTON_PRINTED["start"]),
                          record=True)


@relies_on(globals(), "NEWTON_PRINTED", lambda d: {**d, "iterates": ("2.6", "1.8")}, "the first iterate printed as 2.6")
@check("NW-1", "the notes' picture: from θ = 4.5, Newton's iterates about 2.8, 1.8, then 1.3",
       "000 §7", "reproduction",
       quotes=(ng(414, "the value of  $\\theta$  that achieves this is about 1.3"),
               ng(414, "Suppose we initialized the algorithm with  $\\theta=4.5$"),
               ng(414, "which is about 2.8"), ng(414, "to about 1.8"),
               ng(414, "After a few more iterations, we rapidly approach  $\\theta=1.3$",
                  reading="f is not printed: f(θ) = θ^(5/2) − 1.3^(5/2), convex and increasing like "
                          "the curve drawn, stands in for it")))
def newton_picture_iterates(ctx):
    fit = newton_picture()
    printed = NEWTON_PRINTED["iterates"] + (NEWTON_PRINTED["root"],)
    got = fit.path[1:3] + [fit.theta]
    # "about 2.8": within half a unit of the printed last digit
    worst = max(abs(g_ - float(p)) / 0.05 for g_, p in zip(got, printed))
    shown = ", ".join(f"{t:.4g}" for t in fit.path[:5])
    return Outcome(fit.converged and worst <= 1, "float64, f(θ) = θ^(5/2) − 1.3^(5/2)", worst,
                   f"iterates {shown}, … → {fit.theta:.6g} (f is not printed; this f is a stand-in)",
                   measure="|iterate − the print| in half-units of its last digit (≤ 1 passes)")


# ---- NW-2 ------------------------------------------------------------------------------------

HESSIAN_428 = ng(428, r"$H_{ij} = \frac{\partial^2 \ell(\theta)}{\partial \theta_i \partial \theta_j}.$")
NEWTON_424 = ng(424, r"$\theta := \theta - H^{-1} \nabla_{\theta} \ell(\theta).$")
NEWTON_244 = neto(244, r"\theta^{(t+1)} := \theta^{(t)} - H^{-1} D l(\theta^{(t)})")


class _Sigmoid(sp.Function):
    """g(z) with g′(z) = g(z)(1 − g(z)) (000 line 347, checked by LG-2)."""
    nargs = 1

    @classmethod
    def eval(cls, value):
        if value.is_Number:  # at a point (a counterexample): the sigmoid's value
            return 1 / (1 + sp.exp(-value))
        return None

    def _eval_is_real(self):
        return self.args[0].is_real

    def fdiff(self, argindex=1):
        return self * (1 - self)


def _in_sigmoids(step, exponents):
    """The step with each g(tᵢ) replaced by a symbol gᵢ ∈ (0, 1), cancelled: a rational function."""
    gs = {_Sigmoid(t): sp.Symbol(f"g{i}", positive=True) for i, t in enumerate(exponents)}

    def convert(expr):
        expr = expr.xreplace(gs)
        return expr.applyfunc(sp.cancel) if isinstance(expr, sp.MatrixBase) else sp.cancel(expr)
    return mapped(step, convert)


def _hessian(reading, n):
    """H read from line 428 at every (i, j), as an n×n matrix Step."""
    return entries(HESSIAN_428, reading, [{"i": sp.Integer(i), "j": sp.Integer(j)} for i in range(n) for j in range(n)],
                   "Hᵢⱼ = ∂²ℓ(θ)/∂θᵢ∂θⱼ, ℓ as printed (line 374)", part=1, shape=(n, n))


@relies_on(lg, "hessian", lambda f: lambda X, y, theta: linalg.scale(2, f(X, y, theta)), "H doubled")
@check("NW-2", "Hᵢⱼ = ∂²ℓ/∂θᵢ∂θⱼ = −Σ h(1−h)xᵢxⱼ; it does not involve y (Newton = Fisher scoring)",
       "000 §7", "identity",
       quotes=(ng(426, "(actually, n+1-by-n+1, assuming that we include the intercept term) called the **Hessian**"),
               neto(246, "where H is the Hessian matrix."),
               ng(430, "the resulting method is also called **Fisher scoring**")))
def logistic_hessian(ctx):
    m, n = 2, 2
    X = [[sp.Symbol(f"x{i}{j}", real=True) for j in range(n)] for i in range(m)]
    ys = [sp.Symbol(f"y{i}", real=True) for i in range(m)]
    theta = [sp.Symbol(f"theta{j}", real=True) for j in range(n)]
    # g as a function whose derivative is g(1 − g) (line 347, LG-2): the second derivatives of ℓ
    # stay rational in the g(θᵀx⁽ⁱ⁾), which sympy compares quickly
    reading = defined(Reading({"theta": Vector(tuple(theta)), "g": Function(_Sigmoid)}), "h_theta", H_325, ("x",), part=1)
    reading = with_log_likelihood(reading.bound({"h": reading.names["h_theta"]}), [Vector(tuple(row)) for row in X], ys)
    ts = [sum(a * b for a, b in zip(theta, row)) for row in X]
    hs = [_Sigmoid(t) for t in ts]
    # the Hessian written out, which the notes do not print: ∂/∂θⱼ of LG-4's Σ (y − h)xᵢ
    explicit = sp.Matrix(n, n, lambda a, b: -sum(h * (1 - h) * row[a] * row[b] for h, row in zip(hs, X)))
    H = _hessian(reading, n)
    steps = [_in_sigmoids(H, ts), _in_sigmoids(Step(explicit, "−Σ h(1 − h) xᵢxⱼ (LG-4's gradient differentiated "
                                                              "once more)"), ts)]
    hessian = chain(steps, "NW-2", "000 §7", "m=2, n=2")
    # the Hessian as read from the text does not involve the labels: Newton's step is Fisher scoring
    read = steps[0].expr
    free = read is not None and all(sp.cancel(sp.diff(e, yi)) == 0 for e in read for yi in ys)
    fisher = Outcome(free, "symbolic", 0.0, "" if free else "H as printed depends on y")

    def residual(p):
        X_, y_, theta_ = S.to_mpf(p)
        got = lg.hessian(X_, y_, theta_)
        expected = [[-sum(h * (1 - h) * row[a] * row[b] for h, row in
                          zip(lg.probabilities(X_, theta_), X_)) for b in range(len(theta_))]
                    for a in range(len(theta_))]
        return max(abs(u - v) for r1, r2 in zip(got, expected) for u, v in zip(r1, r2))
    numeric = sampled(ctx, S.classification_problems(), residual, _tight(ctx, 8), n=min(ctx.examples, 15),
                      names=("X", "y", "θ"))
    return combine(hessian, fisher, numeric)


def _negative_definite(H):
    try:
        linalg.cholesky([[-v for v in row] for row in H])
        return True
    except (linalg.NotPositiveDefiniteError, linalg.SingularMatrixError, ValueError):
        return False


@relies_on(lg, "newton", lambda f: lambda X, y, theta=None, *a, **k: IterativeResult(
    _shifted(f(X, y, theta, *a, **k).theta), 0, True), "θ's first entry moved by 10⁻⁶")
@check("NW-2", "at Newton's θ the gradient of ℓ is 0 and H is negative definite, a maximum (50 digits); "
       "float Newton agrees", "000 §7; 002 §1.2.4", "optimality",
       quotes=(ng(422, "(also called the Newton-Raphson method) is given by"),
               ng(430, "requires many fewer iterations to get very close to the minimum",
                  reading="close to the optimum: here the maximum of ℓ (H is negative definite there), "
                          "not a minimum")))
def newton_optimal(ctx):
    # the step as printed: 000's θ − H⁻¹∇_θℓ(θ) (H from line 428) is 002's θ⁽ᵗ⁾ − H⁻¹Dl(θ⁽ᵗ⁾), for
    # any cubic ℓ (symbolic coefficients: a generic ℓ's Hessian of Derivatives inverts slowly)
    theta = [sp.Symbol(f"theta{j}", real=True) for j in range(2)]
    cubic = sum(sp.Symbol(f"c{a}{b}", real=True) * theta[0] ** a * theta[1] ** b
                for a in range(4) for b in range(4) if 0 < a + b <= 3)
    ell = Function(lambda t: cubic)
    H = _hessian(Reading({"theta": Vector(tuple(theta)), "ell": ell}), 2)
    reading = Reading({"theta": Vector(tuple(theta)), "ell": ell, "H": H.expr}, definitions=H.definitions)
    at_t = Reading({"theta": Examples((sp.Matrix(theta),), first=0), "t": sp.Integer(0), "H": H.expr, "l": ell,
                    "D": Operator(lambda v: sp.Matrix([sp.diff(v, t) for t in theta]))})
    steps = chain([printed(NEWTON_424, reading, "θ − H⁻¹∇_θℓ(θ), H as printed (line 428)", part=1),
                   printed(NEWTON_244, at_t, "θ⁽ᵗ⁾ − H⁻¹Dl(θ⁽ᵗ⁾), D the derivative by θ", part=1)],
                  "NW-2", "000 §7; 002 §1.2.4", "n=2, ℓ any cubic")
    if H.form.status != "parsed":
        steps = with_forms(steps, H.form)

    def residual(p):
        X, y, _ = p
        Xm = S.to_mpf(X)
        theta = lg.newton(Xm, y, tol=mpmath.mpf(10) ** (-(ctx.digits - 8)), **NOTES_NEWTON).theta
        grad = max(abs(v) for v in lg.gradient(Xm, y, theta))
        maximum = 0 if _negative_definite(lg.hessian(Xm, y, theta)) else 1
        float_theta = lg.newton(S.to_float(X), y, **NOTES_NEWTON).theta
        agree = max(abs(a - b) for a, b in zip(float_theta, theta)) / (1 + max(abs(t) for t in theta))
        return grad + maximum + (0 if agree < mpmath.mpf(10) ** -9 else agree)
    return combine(steps, sampled(ctx, S.classification_problems(), residual, _tight(ctx, 12), n=min(ctx.examples, 20),
                                  names=("X", "y", "θ (unused)")))


def _shifted(theta):
    return [theta[0] + mpmath.mpf(10) ** -6] + list(theta[1:])


def one_newton_step(newton, error, X, y, theta):
    """θ after one iteration of the reference's damped Newton from θ (the cap of one iteration
    with tol = 0 raises ``error`` carrying it)."""
    try:
        newton(X, y, theta)
    except error as e:
        return e.result.theta
    raise AssertionError("one step with tol = 0 cannot converge")


@relies_on(lg, "newton", lambda f: lambda X, y, theta=None, *a, **k: IterativeResult(
    [2 * t for t in theta], 1, False), "a step that doubles θ instead")
@check("NW-2", "the damped step: s = −H⁻¹∇ℓ is an ascent direction (∇ℓᵀs > 0), so halving t from 1 "
       "finds θ + ts with ℓ(θ + ts) > ℓ(θ); a refused step is one no halving improves",
       "000 §7 (cs229.reference.newton)", "optimality", quotes=(ng(424, r"$\theta := \theta - H^{-1} \nabla_{\theta} \ell(\theta).$"),))
def damped_newton_increases_likelihood(ctx):
    counts = {"halved": 0, "refused": 0, "steps": 0}

    def residual(p):
        X, y, theta0 = S.to_mpf(p)
        start = [8 * t for t in theta0]  # far out, where a full step overshoots

        def step(theta):
            return one_newton_step(lambda X_, y_, t: lg.newton(X_, y_, t, max_iterations=1, tol=mpmath.mpf(0), damping=True),
                                   lg.ConvergenceError, X, y, theta)
        r, outcome = damped_newton_step(
            step, lambda t: ([[-a for a in row] for row in lg.hessian(X, y, t)], lg.gradient(X, y, t)),
            lambda t: lg.log_likelihood(X, y, t), start)
        counts[outcome] = counts.get(outcome, 0) + 1
        counts["steps"] += 1
        return r
    out = sampled(ctx, S.classification_problems(), residual, mpmath.mpf(10) ** (8 - ctx.digits),
                  n=min(ctx.examples, 15), names=("X", "y", "θ₀/8"))
    return Outcome(out.passed, f"{out.method}, halved in {counts['halved']} of {counts['steps']}, refused "
                               f"in {counts['refused']}", out.residual, out.detail)


def _repeated_path(newton):
    """A mutant of Newton whose recorded path repeats every iterate (a linear rate)."""
    def twin(*args, **kwargs):
        fit = newton(*args, **kwargs)
        if fit.path is None:
            return fit
        return IterativeResult(fit.theta, fit.iterations, fit.converged, [t for t in fit.path for _ in range(2)])
    return twin


@relies_on(lg, "newton", _repeated_path, "every iterate repeated (a linear rate)")
@check("NW-2", "quadratic convergence: e_{t+1}/e_t² stays bounded near the optimum", "002 §1.2.4",
       "optimality", quotes=(neto(248, "The Newton's method has quadratic convergence."),
                             ng(430, "Newton's method typically enjoys faster convergence than (batch) gradient descent")))
def newton_quadratic(ctx):
    def residual(p):
        X, y, _ = S.to_mpf(p)
        fit = lg.newton(X, y, tol=mpmath.mpf(10) ** (-(ctx.digits - 8)), record=True, **NOTES_NEWTON)
        errors = [max(abs(a - b) for a, b in zip(t, fit.theta)) for t in fit.path[:-1]]
        near = mpmath.mpf(10) ** (-(ctx.digits // 2 - 2))
        ratios = [e1 / e0 ** 2 for e0, e1 in zip(errors, errors[1:]) if near < e0 < mpmath.mpf(1) / 10]
        # A bounded ratio with e → 0 means the number of correct digits roughly doubles per step;
        # a repeated iterate (e_{t+1} = e_t) is not quadratic
        stalled = any(e0 == e1 and e0 > near for e0, e1 in zip(errors, errors[1:]))
        return max(ratios, default=0) + (1000 if stalled else 0)
    out = sampled(ctx, S.classification_problems(), residual, 100, n=min(ctx.examples, 15), names=("X", "y", "θ"))
    far, forms = _newton_from_afar(ctx)
    return with_forms(Outcome(out.passed, out.method + ", max e_{t+1}/e_t²", out.residual, out.detail, far,
                              measure="the largest e_{t+1}/e_t² near the optimum (≤ 100 passes)"), *forms)


def _newton_from_afar(ctx):
    """A remark on line 248: Newton's update as 002 prints it (line 240, f = l′ of line 226) on
    two examples x = 1 (the intercept only) labelled 1 and 0, whose optimum is θ = 0, from θ = 3:
    the full step overshoots and the iterates run off. The convergence is quadratic near the
    optimum (where H is nonsingular), which is what the check above measures."""
    t = sp.Symbol("theta", real=True)
    one = Vector((sp.Integer(1),))
    base = Reading({"theta": Vector((t,)), "z": z})
    base = defined(base, "g", G_002, ("z",))
    base = defined(base, "h_theta", H_002, ("x",), part=1)
    reading = with_log_likelihood(base, [one, one], [sp.Integer(1), sp.Integer(0)], name="l", quote=L_002)
    l_ = reading.names["l"].function(sp.Matrix([t]))
    at_t = Reading({"theta": Examples((t,), first=0), "t": sp.Integer(0),
                    "f": Function(lambda v: sp.diff(l_, t).subs(t, v))}, definitions=reading.definitions)
    update, form = formula(NEWTON_240, at_t, part=1)
    if update is None:
        return (), (form,)
    step = sp.lambdify(t, update, "mpmath")
    path, near = [mpmath.mpf(3)], [mpmath.mpf(1) / 10]
    with mpmath.workdps(ctx.digits):
        for _ in range(2):
            path.append(step(path[-1]))
        for _ in range(6):
            try:
                near.append(step(near[-1]))
            except ZeroDivisionError:    # f′ = 0 where the iterates ran to: no convergence
                near.append(mpmath.inf)
                break
    if not abs(near[-1]) < mpmath.mpf(10) ** -20:
        # the printed update must at least converge from near the optimum, where the claim holds
        shown = ", ".join(mpmath.nstr(v, 4) for v in near[:4])
        return (Erratum(
            "NW-2", "002 §1.2.4", NEWTON_240.text,
            "θ⁽ᵗ⁺¹⁾ := θ⁽ᵗ⁾ − f(θ⁽ᵗ⁾)/f′(θ⁽ᵗ⁾), which from near a root of f with f′ ≠ 0 converges "
            "quadratically",
            f"two examples x = 1 (the intercept only) labelled 1 and 0, l as printed (line 226), f = l′, "
            f"the optimum θ = 0: from θ = 0.1 the update as printed gives {shown}, …: it does not reach "
            "the optimum", "slip", NEWTON_240),), (form,)
    if abs(path[-1]) < 100:
        return (), (form,)
    shown = ", ".join(mpmath.nstr(v, 4) for v in path)
    return (Erratum(
        "NW-2", "002 §1.2.4", "The Newton's method has quadratic convergence.",
        "near the optimum, where the Hessian is nonsingular (what the check measures on its problems); from "
        "far the full step θ − f(θ)/f′(θ) may overshoot and the iterates run off, which is why the project's "
        "Newton damps its step (NW-2's damped-step check)",
        f"two examples x = 1 (the intercept only) labelled 1 and 0, l as printed (line 226), the optimum θ = 0: "
        f"from θ = 3 the update of line 240 with f = l′ gives {shown}, …: it diverges",
        "remark", neto(248, "The Newton's method has quadratic convergence.")),), (form,)


# ---- what Part II prints that no check decides ------------------------------------------------

for _quote, _reason, _id in [
    (ng(321, "it is easy to construct examples where this method performs very poorly"),
     "a claim about linear regression on labels, without the example", "LG-1"),
    (ng(333, "Here is a plot showing q(z):"),
     "a figure absent from this copy ('q(z)' is the extraction's reading of g(z)); the sigmoid "
     "figure is redrawn from LG-1's code", "LG-1"),
    (ng(339, "the choice of the logistic function is a fairly natural one"), "an opinion (GLM-3 derives it)", "LG-1"),
    (ng(384, "it looks identical; but this is <u>not</u> the same algorithm"),
     "a remark: the two update rules are the same formula in h (LR-4 and LG-4 check each); "
     "GLM-4 checks the common form", "LG-4"),
    (ng(388, "Consider modifying the logistic regression method to \"force\" it to output values that are either 0 or 1 or exactly."),
     "motivation (garbled in this copy: 'either 0 or 1 or exactly'); PC-1 checks the threshold g", "PC-1"),
    (ng(410, "Here's a picture of the Newton's method in action:"),
     "a figure absent from this copy; NW-1 reproduces the numbers its description prints", "NW-1"),
    (ng(398, "it is difficult to endow the perceptron's predictions with meaningful probabilistic interpretations"),
     "an opinion", "PC-1"),
    (ng(420, "How would this change if we wanted to use Newton's method to minimize rather than maximize a function?"),
     "a question to the reader", "NW-1"),
    (ng(430, "but so long as n is not too large, it is usually much faster overall"),
     "an empirical claim about speed (the benchmarks time the project's Newton)", "NW-2"),
]:
    unchecked(_quote, _reason, _id)
