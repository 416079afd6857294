"""Part II checks: the sigmoid, the Bernoulli likelihood, gradient ascent, the perceptron and
Newton's method (000 Part II §5-7; 002 §1.2.3-1.3.1)."""
from fractions import Fraction

import mpmath
import sympy as sp
from hypothesis import strategies as st

from cs229.reference import linalg
from cs229.reference import logistic_regression as lg
from cs229.reference.results import IterativeResult

from .. import strategies as S
from ..checking import (NOTES_NEWTON, Step, chain, combine, damped_newton_step, draw, fmt, labels, numeric_erratum, probability, relies_on, sampled, show_point)
from ..registry import Outcome, Quote, check, unchecked

z = sp.Symbol("z", real=True)
g = 1 / (1 + sp.exp(-z))


def ng(line, text, reading=""):
    return Quote("000", line, text, reading)


def neto(line, text, reading=""):
    return Quote("002", line, text, reading)


def _tight(ctx, margin=5):
    return mpmath.mpf(10) ** (-(ctx.digits - margin))


def _rational(steps, exponents, names="u"):
    """The steps with every e^(c·tᵢ) (c a rational) replaced by uᵢ^(−c), uᵢ a positive symbol
    standing for e^(−tᵢ): the steps become rational functions of the uᵢ, which sympy decides
    quickly; equal there means equal as printed, since uᵢ ranges over an open set. The printed
    forms are kept for the counterexample a reader sees."""
    us = [sp.Symbol(f"{names}{i}", positive=True) for i in range(len(exponents))]

    def power(e):
        for t, u in zip(exponents, us):
            c = sp.cancel(sp.expand(e.args[0]) / sp.expand(t))
            if c.is_Rational:
                return u ** (-c)
        return e

    def convert(expr):
        expr = expr.replace(lambda e: isinstance(e, sp.exp), power)
        # cancel() gives the canonical p/q form, so equal steps become identical expressions
        return expr.applyfunc(sp.cancel) if isinstance(expr, sp.MatrixBase) else sp.cancel(expr)
    for step in steps:
        step.keep_shown()
        step.expr = convert(step.expr)
        if step.corrected is not None:
            step.corrected = convert(step.corrected)
    return steps


def _logistic_symbols(n=2):
    x = [sp.Symbol(f"x{j}", real=True) for j in range(n)]
    theta = [sp.Symbol(f"theta{j}", real=True) for j in range(n)]
    y = sp.Symbol("y", real=True)
    t = sum(a * b for a, b in zip(theta, x))
    return x, theta, y, t


_G = (ng(327, r"g(z) = \frac{1}{1 + e^{-z}}"), ng(331, r"g(z) = \frac{1}{1 + e^{-z}}"),
      neto(204, r"g(z) = \frac{1}{1 + e^{-z}}"), neto(200, r"h_{\theta}(x) = g(\theta^T x) = \frac{1}{1 + e^{-\theta^T x}}"))


# ---- LG-1 ------------------------------------------------------------------------------------

@relies_on(lg, "sigmoid", lambda f: lambda v: f(-v), "g(z) replaced by g(−z)")
@check("LG-1", "g(z) → 1 as z → ∞, → 0 as z → −∞; 0 < g < 1; g(−z) = 1 − g(z)", "000 §5; 002 §1.2.3",
       "identity", quotes=_G + (
           ng(325, r"h_{\theta}(x) = g(\theta^{T}x) = \frac{1}{1 + e^{-\theta^{T}x}},"),
           ng(337, r"Notice that g(z) tends towards 1 as  $z \to \infty$ , and g(z) tends towards 0 as  $z \to -\infty$"),
           ng(337, "is always bounded between 0 and 1"),
           ng(337, r"so that  $\theta^T x = \theta_0 + \sum_{j=1}^n \theta_j x_j$"),
           neto(196, r"Thus, $h_{\theta}(x) \in [0, 1]$.")))
def sigmoid_limits(ctx):
    limits = [sp.limit(g, z, sp.oo), sp.limit(g, z, -sp.oo)]
    symbolic = chain([Step(g.subs(z, -z), "g(−z)"), Step(1 - g, "= 1 − g(z)")], "LG-1", "000 §5")
    bounded = sp.simplify(g * (1 + sp.exp(-z))) == 1  # g = 1/(1 + positive): in (0, 1)
    ok = limits == [1, 0] and bounded
    limit_outcome = Outcome(ok, "symbolic", 0.0, "" if ok else f"limits {limits}")

    def residual(v):
        with mpmath.workdps(ctx.digits):
            z_ = S.to_mpf(v)
            exact = 1 / (1 + mpmath.exp(-z_))
            return abs(lg.sigmoid(z_) - exact) / exact
    values = S.rationals(-700, 700, 16)
    high = sampled(ctx, values, residual, _tight(ctx), names="z")
    return combine(symbolic, limit_outcome, high)


@relies_on(lg, "sigmoid", lambda f: lambda v: f(v) * (1 + 2 ** -40), "g off by a relative 2⁻⁴⁰")
@check("LG-1", "float g stays in [0, 1], monotone and finite for |z| up to 1e308", "000 §5", "identity",
       quotes=(ng(337, "is always bounded between 0 and 1"),))
def sigmoid_extremes(ctx):
    zs = [-1e308, -1e300, -800.0, -745.0, -40.0, -1.0, -1e-300, 0.0, 1e-300, 1.0, 40.0, 745.0,
          800.0, 1e300, 1e308]
    values = [lg.sigmoid(v) for v in zs]
    worst = 0.0
    for v, got in zip(zs, values):
        with mpmath.workdps(60):
            exact = 1 / (1 + mpmath.exp(-mpmath.mpf(v)))
            if exact > mpmath.mpf(2) ** -1074:  # compare where float can represent the value
                worst = max(worst, float(abs(got - exact) / exact))
    ok = all(0.0 <= v <= 1.0 for v in values) and values == sorted(values) and worst <= 2 ** -52
    return Outcome(ok, f"{len(zs)} float points vs 60 digits", worst,
                   "" if ok else f"values {fmt(values)}")


# ---- LG-2 ------------------------------------------------------------------------------------

@check("LG-2", "g′(z) = g(z)(1 − g(z)), the printed 4-step chain", "000 §5", "derivation")
def sigmoid_derivative(ctx):
    return chain([
        Step(sp.diff(g, z), "g′(z) = d/dz 1/(1 + e^(−z))", quote=ng(341, r"g'(z) = \frac{d}{dz} \frac{1}{1 + e^{-z}}")),
        Step(1 / (1 + sp.exp(-z)) ** 2 * sp.exp(-z), "chain rule", quote=ng(343, r"= \frac{1}{(1 + e^{-z})^2} (e^{-z})")),
        Step(1 / (1 + sp.exp(-z)) * (1 - 1 / (1 + sp.exp(-z))), "split the factor",
             quote=ng(345, r"= \frac{1}{(1 + e^{-z})} \cdot \left(1 - \frac{1}{(1 + e^{-z})}\right)")),
        Step(g * (1 - g), "= g(z)(1 − g(z))", quote=ng(347, "= g(z)(1 - g(z)).")),
    ], "LG-2", "000 §5")


# ---- LG-3 ------------------------------------------------------------------------------------

@check("LG-3", "p(y|x) = h^y(1−h)^(1−y) is the two-case model; L = Π h^y(1−h)^(1−y); "
       "log L = Σ y log h + (1−y) log(1−h)", "000 §5; 002 §1.2.3", "derivation",
       quotes=(ng(317, "we will focus on the binary classification problem in which y can take on only two values, 0 and 1"),
               ng(358, "Note that this can be written more compactly as"),
               ng(362, "Assuming that the m training examples were generated independently"),
               ng(364, r"L(\theta) = p(\vec{y} \mid X; \theta)"),
               neto(210, r"p(y = 1 \mid x; \theta) = h_\theta(x)"), neto(214, r"p(y = 0 \mid x; \theta) = 1 - h_\theta(x)"),
               neto(218, r"p(y \mid x; \theta) = h_\theta(x)^y (1 - h_\theta(x))^{1-y}")))
def bernoulli_likelihood(ctx):
    h = sp.Symbol("h", positive=True)
    yv = sp.Symbol("y")
    compact = h ** yv * (1 - h) ** (1 - yv)
    cases = combine(*[chain([
        Step(compact.subs(yv, v), f"y = {v}", quote=ng(360, r"p(y \mid x; \theta) = (h_{\theta}(x))^{y} (1 - h_{\theta}(x))^{1-y}")),
        Step(h if v == 1 else 1 - h, "P(y = 1) = h, P(y = 0) = 1 − h",
             quote=ng(353, r"P(y = 1 \mid x; \theta) = h_{\theta}(x)") if v == 1 else ng(356, r"P(y = 0 \mid x; \theta) = 1 - h_{\theta}(x)"))],
        "LG-3", "000 §5", domains={h: probability("h_θ(x)")}) for v in (0, 1)])
    m = 3
    hs = [sp.Symbol(f"h{i}", positive=True) for i in range(m)]
    ys = [sp.Symbol(f"y{i}", real=True) for i in range(m)]
    names = {**{hi: probability(f"h(x⁽{'¹²³'[i]}⁾)") for i, hi in enumerate(hs)},
             **{yi: labels(0, 1, name=f"y⁽{'¹²³'[i]}⁾") for i, yi in enumerate(ys)}}
    L = sp.Mul(*[hi ** yi * (1 - hi) ** (1 - yi) for hi, yi in zip(hs, ys)])
    likelihood = chain([
        Step(L, "Πᵢ p(y⁽ⁱ⁾|x⁽ⁱ⁾;θ)", quote=ng(366, r"= \prod_{i=1}^{m} p(y^{(i)} \mid x^{(i)}; \theta)")),
        Step(sp.Mul(*[hi ** yi * (1 - hi) ** (1 - yi) for hi, yi in zip(hs, ys)]), "as printed",
             quote=ng(368, r"= \prod_{i=1}^{m} (h_{\theta}(x^{(i)}))^{y^{(i)}} (1 - h_{\theta}(x^{(i)}))^{1 - y^{(i)}}")),
    ], "LG-3", "000 §5", "m=3", names)
    log_chain = chain([
        Step(sp.expand_log(sp.log(L), force=True), "ℓ = log L", quote=ng(372, r"\ell(\theta) = \log L(\theta)")),
        Step(sum(yi * sp.log(hi) + (1 - yi) * sp.log(1 - hi) for hi, yi in zip(hs, ys)),
             "log of a product, log of powers",
             quote=ng(374, r"= \sum_{i=1}^{m} y^{(i)} \log h(x^{(i)}) + (1 - y^{(i)}) \log(1 - h(x^{(i)}))")),
    ], "LG-3", "000 §5", "m=3", names)
    page_002 = chain([
        Step(sp.expand_log(sp.log(L), force=True), "l = log L",
             quote=neto(222, r"= \prod_{i=1}^m h_\theta(x^{(i)})^{y^{(i)}} (1 - h_\theta(x^{(i)}))^{1-y^{(i)}}")),
        Step(sum(yi * sp.log(hi) + (1 - yi) * sp.log(1 - hi) for hi, yi in zip(hs, ys)), "as printed",
             quote=neto(226, r"l(\theta) = \sum_{i=1}^m [y^{(i)} \log h_\theta(x^{(i)}) + (1 - y^{(i)}) \log(1 - h_\theta(x^{(i)}))]")),
    ], "LG-3", "002 §1.2.3", "m=3", names)
    return combine(cases, likelihood, log_chain, page_002)


@relies_on(lg, "log_likelihood", lambda f: lambda X, y, theta: f(X, y, theta) + mpmath.mpf(10) ** -20,
           "ℓ shifted by 10⁻²⁰")
@check("LG-3", "the stable ℓ (softplus form) equals log L and the printed sum", "000 §5", "identity",
       quotes=(ng(374, r"= \sum_{i=1}^{m} y^{(i)} \log h(x^{(i)}) + (1 - y^{(i)}) \log(1 - h(x^{(i)}))"),))
def stable_log_likelihood(ctx):
    def residual(p):
        X, y, theta = S.to_mpf(p)
        stable = lg.log_likelihood(X, y, theta)
        h = lg.probabilities(X, theta)
        printed = sum(yi * mpmath.log(hi) + (1 - yi) * mpmath.log(1 - hi) for yi, hi in zip(y, h))
        return max(abs(stable - printed), abs(mpmath.log(lg.likelihood(X, y, theta)) - stable))
    return sampled(ctx, S.classification_problems(), residual, _tight(ctx, 8), n=min(ctx.examples, 20),
                   names=("X", "y", "θ"))


# ---- LG-4 ------------------------------------------------------------------------------------

_LG4 = 378


@check("LG-4", "∂ℓ/∂θⱼ = (y − h_θ(x))xⱼ for one example (the printed 4-step chain); the ascent rule",
       "000 §5", "derivation", quotes=(ng(380, "Above, we used the fact that g'(z) = g(z)(1 - g(z))."),))
def single_example_gradient(ctx):
    x, theta, y, t = _logistic_symbols()
    G = g.subs(z, t)
    alpha = sp.Symbol("alpha", positive=True)
    names = {y: labels(0, 1, name="y")}
    outcomes = []
    for j in range(len(theta)):
        ell = y * sp.log(G) + (1 - y) * sp.log(1 - G)
        outcomes.append(chain(_rational([
            Step(sp.diff(ell, theta[j]), "∂ℓ/∂θⱼ"),
            Step((y / G - (1 - y) / (1 - G)) * sp.diff(G, theta[j]), "chain rule",
                 quote=ng(_LG4, r"\right) \frac{\partial}{\partial \theta_j} g(\theta^T x) \\")),
            Step((y / G - (1 - y) / (1 - G)) * G * (1 - G) * sp.diff(t, theta[j]), "g′ = g(1 − g)",
                 quote=ng(_LG4, r"g(\theta^T x) (1 - g(\theta^T x)) \frac{\partial}{\partial \theta_j} \theta^T x")),
            Step((y * (1 - G) - (1 - y) * G) * x[j], "∂θᵀx/∂θⱼ = xⱼ",
                 quote=ng(_LG4, r"&= \left( y (1 - g(\theta^T x)) - (1 - y) g(\theta^T x) \right) x_j")),
            Step((y - G) * x[j], "= (y − h_θ(x))xⱼ", quote=ng(_LG4, r"&= \left( y - h_{\theta}(x) \right) x_j")),
        ], [t]), "LG-4", "000 §5", "n=2, every j", names))
        outcomes.append(chain(_rational([
            Step(theta[j] + alpha * sp.diff(ell, theta[j]), "θ := θ + α∇_θℓ(θ)",
                 quote=ng(376, r"$\theta := \theta + \alpha \nabla_{\theta} \ell(\theta)$")),
            Step(theta[j] + alpha * (y - G) * x[j], "the stochastic gradient ascent rule",
                 quote=ng(382, r"\theta_j := \theta_j + \alpha \left( y^{(i)} - h_{\theta}(x^{(i)}) \right) x_j^{(i)}")),
        ], [t]), "LG-4", "000 §5", "n=2, every j", names))
    return combine(*outcomes)


@check("LG-4", "batch form: ∂ℓ/∂θⱼ = Σᵢ (y⁽ⁱ⁾ − h(x⁽ⁱ⁾))xⱼ⁽ⁱ⁾ (002's update)", "002 §1.2.3", "derivation",
       quotes=(neto(230, r"\theta_j := \theta_j + \alpha \frac{\partial}{\partial \theta_j} l(\theta)"),
               neto(228, r"To choose θ to maximize $l(\theta)$, we use **batch gradient ascent**:")))
def batch_gradient(ctx):
    m, n = 3, 2
    X = [[sp.Symbol(f"x{i}{j}", real=True) for j in range(n)] for i in range(m)]
    ys = [sp.Symbol(f"y{i}", real=True) for i in range(m)]
    theta = [sp.Symbol(f"theta{j}", real=True) for j in range(n)]
    hs = [g.subs(z, sum(a * b for a, b in zip(theta, row))) for row in X]
    ell = sum(yi * sp.log(hi) + (1 - yi) * sp.log(1 - hi) for yi, hi in zip(ys, hs))
    ts = [sum(a * b for a, b in zip(theta, row)) for row in X]
    names = {yi: labels(0, 1, name=f"y⁽{'¹²³'[i]}⁾") for i, yi in enumerate(ys)}
    return combine(*[chain(_rational([
        Step(sp.diff(ell, theta[j]), "∂ℓ/∂θⱼ"),
        Step(sum((yi - hi) * row[j] for yi, hi, row in zip(ys, hs, X)), "Σᵢ (y⁽ⁱ⁾ − h)xⱼ⁽ⁱ⁾",
             quote=neto(234, r"\theta_j := \theta_j + \alpha \sum_{i=1}^m (y^{(i)} - h_\theta(x^{(i)})) x_j^{(i)}")),
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
        _tight(ctx, 10), n=min(ctx.examples, 15), names=("X", "y"), search=_wide_problems(_SMALL),
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


@relies_on(lg, "perceptron_update", lambda f: lambda x, y, theta, alpha=1: f(x, y, theta, 2 * alpha),
           "the update taken with 2α")
@check("PC-1", "y − h ∈ {−1, 0, 1}: no change when right, ±αx when wrong", "002 §1.3.1", "identity",
       quotes=_PERCEPTRON + (neto(262, r"will be 0 if the algorithm got it right, or ± 1 if it got it wrong."),))
def perceptron_update_cases(ctx):
    def holds(p):
        (X, y, theta) = p
        for x, yi in zip(X, y):
            new = lg.perceptron_update(x, yi, theta, Fraction(1, 3))
            h = lg.threshold(sum(a * b for a, b in zip(x, theta)))
            delta = [(a - b) * 3 for a, b in zip(new, theta)]
            expected = [(yi - h) * xj for xj in x]
            if delta != expected or yi - h not in (-1, 0, 1):
                return False
        return True
    points = draw(ctx, S.regression_problems().map(lambda p: (p[0], [int(v > 0) for v in p[1]], p[2])),
                  min(ctx.examples, 20))
    bad = [p for p in points if not holds(p)]
    return Outcome(not bad, f"{len(points)} points, exact", 0.0 if not bad else 1.0,
                   f"fails at {show_point(bad[0], ('X', 'y', 'θ'))}" if bad else "")


# ---- NW-1 ------------------------------------------------------------------------------------

@check("NW-1", "the tangent at θ₀ is zero at θ₀ − f(θ₀)/f′(θ₀); maximising uses f = ℓ′",
       "000 §7; 002 §1.2.4", "derivation",
       quotes=(ng(404, r"suppose we have some function  $f: \mathbb{R} \to \mathbb{R}$ , and we wish to find a value of  $\theta$  so that  $f(\theta) = 0$"),
               ng(408, "approximating the function f via a linear function that is tangent to f at the current guess"),
               ng(416, r"by letting  $f(\theta) = \ell'(\theta)$")))
def tangent_zero(ctx):
    theta, theta0 = sp.symbols("theta theta0", real=True)
    f = sp.Function("f")
    tangent = f(theta0) + sp.diff(f(theta0), theta0) * (theta - theta0)
    root = sp.solve(sp.Eq(tangent, 0), theta)
    zero = root[0] if len(root) == 1 else sp.nan
    step = theta0 - f(theta0) / sp.diff(f(theta0), theta0)
    ell = sp.Function("ell")
    return combine(
        chain([Step(zero, "where the tangent at θ₀ is zero"),
               Step(step, "θ := θ − f(θ)/f′(θ)", quote=ng(406, r"\theta := \theta - \frac{f(\theta)}{f'(\theta)}."))],
              "NW-1", "000 §7"),
        chain([Step(zero, "where the tangent at θ⁽ᵗ⁾ is zero"),
               Step(step, "θ⁽ᵗ⁺¹⁾ := θ⁽ᵗ⁾ − f(θ⁽ᵗ⁾)/f′(θ⁽ᵗ⁾)",
                    quote=neto(240, r"\theta^{(t+1)} := \theta^{(t)} - \frac{f(\theta^{(t)})}{f'(\theta^{(t)})}"))],
              "NW-1", "002 §1.2.4"),
        chain([Step(step.subs(f(theta0), sp.diff(ell(theta0), theta0)).doit(), "with f = ℓ′",
                    quote=neto(238, "In our case, we have $f = l'$.")),
               Step(theta0 - sp.diff(ell(theta0), theta0) / sp.diff(ell(theta0), theta0, 2), "θ := θ − ℓ′(θ)/ℓ″(θ)",
                    quote=ng(418, r"\theta := \theta - \frac{\ell'(\theta)}{\ell''(\theta)}."))], "NW-1", "000 §7"))


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

@relies_on(lg, "hessian", lambda f: lambda X, y, theta: linalg.scale(2, f(X, y, theta)), "H doubled")
@check("NW-2", "Hᵢⱼ = ∂²ℓ/∂θᵢ∂θⱼ = −Σ h(1−h)xᵢxⱼ; it does not involve y (Newton = Fisher scoring)",
       "000 §7", "identity",
       quotes=(ng(428, r"$H_{ij} = \frac{\partial^2 \ell(\theta)}{\partial \theta_i \partial \theta_j}.$"),
               ng(426, "(actually, n+1-by-n+1, assuming that we include the intercept term) called the **Hessian**"),
               neto(246, "where H is the Hessian matrix."),
               ng(430, "the resulting method is also called **Fisher scoring**")))
def logistic_hessian(ctx):
    m, n = 2, 2
    X = [[sp.Symbol(f"x{i}{j}", real=True) for j in range(n)] for i in range(m)]
    ys = [sp.Symbol(f"y{i}", real=True) for i in range(m)]
    theta = [sp.Symbol(f"theta{j}", real=True) for j in range(n)]
    hs = [g.subs(z, sum(a * b for a, b in zip(theta, row))) for row in X]
    # ∂ℓ/∂θₐ = Σ (y − h)xₐ is LG-4's result (checked there); differentiate it once more
    grad = [sum((yi - hi) * row[a] for yi, hi, row in zip(ys, hs, X)) for a in range(n)]
    H = sp.Matrix(n, n, lambda a, b: sp.diff(grad[a], theta[b]))
    printed = sp.Matrix(n, n, lambda a, b: -sum(hi * (1 - hi) * row[a] * row[b] for hi, row in zip(hs, X)))
    ts = [sum(a * b for a, b in zip(theta, row)) for row in X]
    hessian = chain(_rational([Step(H, "Hᵢⱼ = ∂/∂θⱼ (∂ℓ/∂θᵢ)"), Step(printed, "−Σ h(1 − h) xᵢxⱼ")], ts),
                    "NW-2", "000 §7", "m=2, n=2")
    free = all(sp.diff(printed[a, b], yi) == 0 for a in range(n) for b in range(n) for yi in ys)
    fisher = Outcome(free, "symbolic", 0.0, "" if free else "H depends on y")

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
       quotes=(ng(424, r"$\theta := \theta - H^{-1} \nabla_{\theta} \ell(\theta).$"),
               ng(422, "(also called the Newton-Raphson method) is given by"),
               neto(244, r"\theta^{(t+1)} := \theta^{(t)} - H^{-1} D l(\theta^{(t)})"),
               ng(430, "requires many fewer iterations to get very close to the minimum",
                  reading="close to the optimum: here the maximum of ℓ (H is negative definite there), "
                          "not a minimum")))
def newton_optimal(ctx):
    def residual(p):
        X, y, _ = p
        Xm = S.to_mpf(X)
        theta = lg.newton(Xm, y, tol=mpmath.mpf(10) ** (-(ctx.digits - 8)), **NOTES_NEWTON).theta
        grad = max(abs(v) for v in lg.gradient(Xm, y, theta))
        maximum = 0 if _negative_definite(lg.hessian(Xm, y, theta)) else 1
        float_theta = lg.newton(S.to_float(X), y, **NOTES_NEWTON).theta
        agree = max(abs(a - b) for a, b in zip(float_theta, theta)) / (1 + max(abs(t) for t in theta))
        return grad + maximum + (0 if agree < mpmath.mpf(10) ** -9 else agree)
    return sampled(ctx, S.classification_problems(), residual, _tight(ctx, 12), n=min(ctx.examples, 20),
                   names=("X", "y", "θ (unused)"))


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
    return Outcome(out.passed, out.method + ", max e_{t+1}/e_t²", out.residual, out.detail,
                   measure="the largest e_{t+1}/e_t² near the optimum (≤ 100 passes)")


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
