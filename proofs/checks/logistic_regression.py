"""Part II checks: the sigmoid, the Bernoulli likelihood, gradient ascent, the perceptron and
Newton's method (000 Part II §5-7; 002 §1.2.3-1.3.1)."""
from fractions import Fraction

import mpmath
import sympy as sp
from hypothesis import strategies as st

from cs229.reference import logistic_regression as lg

from .. import strategies as S
from ..checking import Step, chain, combine, damped_newton_step, draw, fmt, sampled
from ..registry import Outcome, check

z = sp.Symbol("z", real=True)
g = 1 / (1 + sp.exp(-z))


def _tight(ctx, margin=5):
    return mpmath.mpf(10) ** (-(ctx.digits - margin))


def _rational(steps, exponents, names="u"):
    """The steps with every e^(c·tᵢ) (c a rational) replaced by uᵢ^(−c), uᵢ a positive symbol
    standing for e^(−tᵢ): the steps become rational functions of the uᵢ, which sympy decides
    quickly; equal there means equal as printed, since uᵢ ranges over an open set."""
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


# ---- LG-1 ------------------------------------------------------------------------------------

@check("LG-1", "g(z) → 1 as z → ∞, → 0 as z → −∞; 0 < g < 1; g(−z) = 1 − g(z)", "000 §5", "identity")
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
    high = sampled(ctx, values, residual, _tight(ctx))
    return combine(symbolic, limit_outcome, high)


@check("LG-1", "float g stays in [0, 1], monotone and finite for |z| up to 1e308", "000 §5", "identity")
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
        Step(sp.diff(g, z), "g′(z) = d/dz 1/(1 + e^(−z))"),
        Step(1 / (1 + sp.exp(-z)) ** 2 * sp.exp(-z), "chain rule"),
        Step(1 / (1 + sp.exp(-z)) * (1 - 1 / (1 + sp.exp(-z))), "split the factor"),
        Step(g * (1 - g), "= g(z)(1 − g(z))"),
    ], "LG-2", "000 §5")


# ---- LG-3 ------------------------------------------------------------------------------------

@check("LG-3", "p(y|x) = h^y(1−h)^(1−y) is the two-case model; log L = Σ y log h + (1−y) log(1−h)",
       "000 §5; 002 §1.2.3", "derivation")
def bernoulli_likelihood(ctx):
    h = sp.Symbol("h", positive=True)
    compact = h ** sp.Symbol("y") * (1 - h) ** (1 - sp.Symbol("y"))
    cases = combine(*[chain([Step(compact.subs(sp.Symbol("y"), v), f"y = {v}"),
                             Step(h if v == 1 else 1 - h, "P(y = 1) = h, P(y = 0) = 1 − h")],
                            "LG-3", "000 §5") for v in (0, 1)])
    m = 3
    hs = [sp.Symbol(f"h{i}", positive=True) for i in range(m)]
    ys = [sp.Symbol(f"y{i}", real=True) for i in range(m)]
    L = sp.Mul(*[hi ** yi * (1 - hi) ** (1 - yi) for hi, yi in zip(hs, ys)])
    log_chain = chain([
        Step(sp.expand_log(sp.log(L), force=True), "ℓ = log L"),
        Step(sum(yi * sp.log(hi) + (1 - yi) * sp.log(1 - hi) for hi, yi in zip(hs, ys)),
             "log of a product, log of powers"),
    ], "LG-3", "000 §5; 002 §1.2.3", "m=3")
    return combine(cases, log_chain)


@check("LG-3", "the stable ℓ (softplus form) equals log L and the printed sum", "000 §5", "identity")
def stable_log_likelihood(ctx):
    def residual(p):
        X, y, theta = S.to_mpf(p)
        stable = lg.log_likelihood(X, y, theta)
        h = lg.probabilities(X, theta)
        printed = sum(yi * mpmath.log(hi) + (1 - yi) * mpmath.log(1 - hi) for yi, hi in zip(y, h))
        return max(abs(stable - printed), abs(mpmath.log(lg.likelihood(X, y, theta)) - stable))
    return sampled(ctx, S.classification_problems(), residual, _tight(ctx, 8), n=min(ctx.examples, 20))


# ---- LG-4 ------------------------------------------------------------------------------------

@check("LG-4", "∂ℓ/∂θⱼ = (y − h_θ(x))xⱼ for one example, the printed 4-step chain", "000 §5", "derivation")
def single_example_gradient(ctx):
    x, theta, y, t = _logistic_symbols()
    G = g.subs(z, t)
    outcomes = []
    for j in range(len(theta)):
        ell = y * sp.log(G) + (1 - y) * sp.log(1 - G)
        outcomes.append(chain(_rational([
            Step(sp.diff(ell, theta[j]), "∂ℓ/∂θⱼ"),
            Step((y / G - (1 - y) / (1 - G)) * sp.diff(G, theta[j]), "chain rule"),
            Step((y / G - (1 - y) / (1 - G)) * G * (1 - G) * sp.diff(t, theta[j]), "g′ = g(1 − g)"),
            Step((y * (1 - G) - (1 - y) * G) * x[j], "∂θᵀx/∂θⱼ = xⱼ"),
            Step((y - G) * x[j], "= (y − h_θ(x))xⱼ"),
        ], [t]), "LG-4", "000 §5", "n=2, every j"))
    return combine(*outcomes)


@check("LG-4", "batch form: ∂ℓ/∂θⱼ = Σᵢ (y⁽ⁱ⁾ − h(x⁽ⁱ⁾))xⱼ⁽ⁱ⁾ (002's update)", "002 §1.2.3", "derivation")
def batch_gradient(ctx):
    m, n = 3, 2
    X = [[sp.Symbol(f"x{i}{j}", real=True) for j in range(n)] for i in range(m)]
    ys = [sp.Symbol(f"y{i}", real=True) for i in range(m)]
    theta = [sp.Symbol(f"theta{j}", real=True) for j in range(n)]
    hs = [g.subs(z, sum(a * b for a, b in zip(theta, row))) for row in X]
    ell = sum(yi * sp.log(hi) + (1 - yi) * sp.log(1 - hi) for yi, hi in zip(ys, hs))
    ts = [sum(a * b for a, b in zip(theta, row)) for row in X]
    return combine(*[chain(_rational([
        Step(sp.diff(ell, theta[j]), "∂ℓ/∂θⱼ"),
        Step(sum((yi - hi) * row[j] for yi, hi, row in zip(ys, hs, X)), "Σᵢ (y⁽ⁱ⁾ − h)xⱼ⁽ⁱ⁾"),
    ], ts), "LG-4", "002 §1.2.3", "m=3, n=2, every j") for j in range(n)])


@check("LG-4", "the reference's gradient is the derivative of its ℓ (50 digits)", "000 §5", "identity")
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
    return sampled(ctx, S.classification_problems(), residual, _tight(ctx, 12), n=min(ctx.examples, 15))


# ---- PC-1 ------------------------------------------------------------------------------------

@check("PC-1", "the perceptron converges on separable data within (R‖w‖/γ)² mistakes (exact)",
       "000 §6; 002 §1.3.1", "optimality")
def perceptron_converges(ctx):
    # Each mistake has (2y − 1)θᵀx ≤ 0 and the update is ±αx, as in the ±1 perceptron, so the
    # mistake bound applies with any separator w: mistakes ≤ (R‖w‖₂/γ)², γ = minᵢ (2y − 1)wᵀx.
    points = draw(ctx, S.separable_problems(), min(ctx.examples, 25))
    worst, bad = 0.0, None
    for X, y, w in points:
        fit = lg.perceptron(X, y, alpha=Fraction(1, 2), max_epochs=10_000)
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
                   "" if bad is None else f"fails at {fmt(bad)}")


@check("PC-1", "y − h ∈ {−1, 0, 1}: no change when right, ±αx when wrong", "002 §1.3.1", "identity")
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
                   f"fails at {fmt(bad[0])}" if bad else "")


# ---- NW-1 ------------------------------------------------------------------------------------

@check("NW-1", "the tangent at θ₀ is zero at θ₀ − f(θ₀)/f′(θ₀); maximising uses f = ℓ′",
       "000 §7; 002 §1.2.4", "derivation")
def tangent_zero(ctx):
    theta, theta0 = sp.symbols("theta theta0", real=True)
    f = sp.Function("f")
    tangent = f(theta0) + sp.diff(f(theta0), theta0) * (theta - theta0)
    root = sp.solve(sp.Eq(tangent, 0), theta)
    printed = theta0 - f(theta0) / sp.diff(f(theta0), theta0)
    ok = len(root) == 1 and sp.simplify(root[0] - printed) == 0
    ell = sp.Function("ell")
    ok_max = sp.simplify(printed.subs(f(theta0), sp.diff(ell(theta0), theta0)).doit()
                         - (theta0 - sp.diff(ell(theta0), theta0) / sp.diff(ell(theta0), theta0, 2))) == 0
    return Outcome(ok and ok_max, "symbolic", 0.0,
                   "" if ok and ok_max else f"tangent zero {root}")


@check("NW-1", "1-D Newton: √a and the 1-D logistic MLE reached, ℓ′ = 0, ℓ″ < 0, quadratic steps",
       "000 §7", "optimality")
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
    return sampled(ctx, problems, residual, _tight(ctx, 12), n=min(ctx.examples, 15))


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


@check("NW-1", "the notes' picture: from θ = 4.5, Newton's iterates about 2.8, 1.8, then 1.3",
       "000 §7", "reproduction")
def newton_picture_iterates(ctx):
    fit = newton_picture()
    printed = NEWTON_PRINTED["iterates"] + (NEWTON_PRINTED["root"],)
    got = fit.path[1:3] + [fit.theta]
    # "about 2.8": within half a unit of the printed last digit
    worst = max(abs(g - float(p)) / 0.05 for g, p in zip(got, printed))
    shown = ", ".join(f"{t:.4g}" for t in fit.path[:5])
    return Outcome(fit.converged and worst <= 1, "float64, f(θ) = θ^(5/2) − 1.3^(5/2)", worst,
                   f"iterates {shown}, … → {fit.theta:.6g} (f is not printed; this f is a stand-in)")


# ---- NW-2 ------------------------------------------------------------------------------------

@check("NW-2", "Hᵢⱼ = ∂²ℓ/∂θᵢ∂θⱼ = −Σ h(1−h)xᵢxⱼ; it does not involve y (Newton = Fisher scoring)",
       "000 §7", "identity")
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
    numeric = sampled(ctx, S.classification_problems(), residual, _tight(ctx, 8), n=min(ctx.examples, 15))
    return combine(hessian, fisher, numeric)


@check("NW-2", "at Newton's θ the gradient of ℓ is 0 (50 digits); float Newton agrees",
       "000 §7; 002 §1.2.4", "optimality")
def newton_optimal(ctx):
    def residual(p):
        X, y, _ = p
        Xm = S.to_mpf(X)
        theta = lg.newton(Xm, y, tol=mpmath.mpf(10) ** (-(ctx.digits - 8))).theta
        grad = max(abs(v) for v in lg.gradient(Xm, y, theta))
        float_theta = lg.newton(S.to_float(X), y).theta
        agree = max(abs(a - b) for a, b in zip(float_theta, theta)) / (1 + max(abs(t) for t in theta))
        return grad + (0 if agree < mpmath.mpf(10) ** -9 else agree)
    return sampled(ctx, S.classification_problems(), residual, _tight(ctx, 12), n=min(ctx.examples, 20))


@check("NW-2", "the damped step: s = −H⁻¹∇ℓ is an ascent direction (∇ℓᵀs > 0), so halving t from 1 "
       "finds θ + ts with ℓ(θ + ts) > ℓ(θ)", "000 §7 (cs229.reference.newton)", "optimality")
def damped_newton_increases_likelihood(ctx):
    halved = [0, 0]

    def residual(p):
        X, y, theta0 = S.to_mpf(p)
        start = [8 * t for t in theta0]  # far out, where a full step overshoots

        def one_step(theta):
            try:
                lg.newton(X, y, theta, max_iterations=1, tol=mpmath.mpf(0))
            except lg.ConvergenceError as e:  # the cap, or an iterate that separates the data
                return e.result.theta
            raise AssertionError("one step with tol = 0 cannot converge")
        r, was_halved = damped_newton_step(
            one_step, lambda t: ([[-a for a in row] for row in lg.hessian(X, y, t)], lg.gradient(X, y, t)),
            lambda t: lg.log_likelihood(X, y, t), start)
        halved[0] += was_halved
        halved[1] += 1
        return r
    out = sampled(ctx, S.classification_problems(), residual, mpmath.mpf(10) ** (8 - ctx.digits),
                  n=min(ctx.examples, 15))
    return Outcome(out.passed, f"{out.method}, halved in {halved[0]} of {halved[1]}", out.residual,
                   out.detail)


@check("NW-2", "quadratic convergence: e_{t+1}/e_t² stays bounded near the optimum", "002 §1.2.4",
       "optimality")
def newton_quadratic(ctx):
    worst_ratio = [0]

    def residual(p):
        X, y, _ = S.to_mpf(p)
        fit = lg.newton(X, y, tol=mpmath.mpf(10) ** (-(ctx.digits - 8)), record=True)
        errors = [max(abs(a - b) for a, b in zip(t, fit.theta)) for t in fit.path[:-1]]
        near = mpmath.mpf(10) ** (-(ctx.digits // 2 - 2))
        ratios = [e1 / e0 ** 2 for e0, e1 in zip(errors, errors[1:]) if near < e0 < mpmath.mpf(1) / 10]
        worst_ratio[0] = max(worst_ratio[0], max(ratios, default=0))
        # A bounded ratio with e → 0 means the number of correct digits roughly doubles per step.
        return max(ratios, default=0)
    out = sampled(ctx, S.classification_problems(), residual, 100, n=min(ctx.examples, 15))
    return Outcome(out.passed, out.method + ", max e_{t+1}/e_t²", out.residual, out.detail)
