"""Part I checks: least squares, gradient descent, the normal equations, the Gaussian model and
locally weighted regression (000 Part I; 002 §1.1-1.2). Matrix calculus (§2.1) is in
``matrix_calculus``."""
import ast
import copy
import itertools
from fractions import Fraction

import mpmath
import numpy as np
import sympy as sp
from hypothesis import strategies as st

from cs229.reference import datasets, linalg
from cs229.reference import linear_regression as lr
from cs229.testing import strategies as S

from ..checking import (Step, chain, combine, draw, entries_named, exact, named, numeric_erratum,
                        fmt, positive, relies_on, sampled, show_point, symbolically_equal)
from ..printed import Form, Variant, form_of, printed, value_of, with_forms
from ..registry import Outcome, check, neto, ng, unchecked
from ..text import Examples, Function, NotationError, Operator, Reading, Vector, copies, parse
from ..text import syntax
from ..text.syntax import walk
from ..symbolic import gradient_vector, symbol_matrix, tr

M, N = 3, 2  # the concrete sizes the symbolic chains are proved at


def _least_squares_symbols(m=M, n=N):
    X = symbol_matrix("X", m, n)
    y = symbol_matrix("y", m, 1)
    theta = symbol_matrix("theta", n, 1)
    return X, y, theta


def _least_squares_names(X, y, theta):
    """The counterexample's names: X₁₁ …, y₁ …, θ₁ …"""
    return {**entries_named(X, "X"), **entries_named(y, "y"), **entries_named(theta, "θ")}


def _shifted_first(theta):
    """A perturbed θ for the mutants: θ₀ moved by one."""
    return [theta[0] + 1] + list(theta[1:])


# ---- LR-1 ------------------------------------------------------------------------------------

@check("LR-1", "h(x) = θ₀ + θ₁x₁ + θ₂x₂ = Σᵢ θᵢxᵢ = θᵀx with the intercept x₀ = 1", "000 Part I; 002 §1.1.1",
       "derivation", quotes=(ng(52, r"we also introduce the convention of letting  $x_0 = 1$  (this is the **intercept term**)"),
                             ng(56, r"here n is the number of input variables (not counting  $x_0$ )"),
                             neto(57, r"with $x_0 = 1$.")))
def hypothesis_forms(ctx):
    x = [sp.Integer(1)] + [sp.Symbol(f"x{i}", real=True) for i in (1, 2)]  # x₀ = 1
    theta = [sp.Symbol(f"theta{i}", real=True) for i in range(3)]
    reading = Reading({"theta": Vector(tuple(theta)), "x": Vector(tuple(x))}, sizes={"n": 2, "d": 2})
    return combine(
        chain([printed(ng(50, r"h_{\theta}(x) = \theta_0 + \theta_1 x_1 + \theta_2 x_2"), reading, "h_θ(x)", part=1),
               printed(ng(54, r"h(x) = \sum_{i=0}^{n} \theta_i x_i"), reading, "Σ_{i=0}^n θᵢxᵢ with x₀ = 1", part=1),
               printed(ng(54, r"= \theta^T x,"), reading, "θᵀx")],
              "LR-1", "000 Part I", "n=2"),
        chain([printed(neto(55, r"h_{\theta}(x) = \theta_0 + \sum_{i=1}^d \theta_i x_i"), reading, "θ₀ + Σ_{i=1}^d θᵢxᵢ", part=1),
               printed(neto(55, r"= \sum_{i=0}^d \theta_i x_i"), reading, "Σ_{i=0}^d θᵢxᵢ, x₀ = 1"),
               printed(neto(55, r"= \theta^T x"), reading, "θᵀx")],
              "LR-1", "002 §1.1.1", "d=2"))


def least_squares_reading(X, y, theta, examples="m", n=None):
    """Part I's training set: X with rows (x⁽ⁱ⁾)ᵀ, y⃗ = (y⁽¹⁾ … y⁽ᵐ⁾), h_θ(x) = θᵀx, J(θ) =
    ½ Σᵢ (h_θ(x⁽ⁱ⁾) − y⁽ⁱ⁾)². ``examples`` names the number of examples (Ng's m; Neto's n)."""
    m = X.shape[0]
    rows = tuple(X[i, :].T for i in range(m))

    def h(v):
        return (theta.T * v)[0]

    def J(t):
        return sp.Rational(1, 2) * sum((h(r) - y[i]) ** 2 for i, r in enumerate(rows))
    sizes = {examples: m}
    if n is not None:
        sizes["n" if examples != "n" else "d"] = n
    return Reading({"X": X, "x": Examples(rows), "y": Examples(tuple(y), whole=y), "vec y": y,
                    "theta": theta, "h_theta": Function(h), "h": Function(h), "J": Function(J)},
                   sizes=sizes, ranges={"i": (1, examples)})


# ---- LR-2 ------------------------------------------------------------------------------------

@relies_on(lr, "cost_matrix_form", lambda f: lambda X, y, theta: 2 * f(X, y, theta),
           "the ½ of the matrix form dropped")
@check("LR-2", "J as a sum equals ½(Xθ−y)ᵀ(Xθ−y); Xθ − y is the vector of h(x⁽ⁱ⁾) − y⁽ⁱ⁾", "000 §2.2; 002 §1.1.3",
       "identity", quotes=(ng(58, "We define the **cost function**:"),
                           ng(60, r"J(\theta) = \frac{1}{2} \sum_{i=1}^{m} (h_{\theta}(x^{(i)}) - y^{(i)})^{2}."),
                           ng(194, r"X = \begin{bmatrix} -(x^{(1)})^T - \\ -(x^{(2)})^T - \\ \vdots \\ -(x^{(m)})^T - \end{bmatrix}."),
                           ng(198, r"\vec{y} = \begin{bmatrix} y^{(1)} \\ y^{(2)} \\ \vdots \\ y^{(m)} \end{bmatrix}."),
                           ng(200, r"since  $h_{\theta}(x^{(i)}) = (x^{(i)})^T \theta$"),
                           ng(205, r"for a vector z, we have that  $z^T z = \sum_i z_i^2$"),
                           ng(208, r"= J(\theta)"),
                           neto(61, r"J(\theta) = \frac{1}{2} \sum_{i=1}^n (h_{\theta}(x^{(i)}) - y^{(i)})^2"),
                           neto(63, "where n is the number of elements in the training set."),
                           neto(130, r"i.e. $(X_{ij}) = x_j^{(i)}$."),
                           neto(132, r"Since $h_\theta(x^{(i)}) = (x^{(i)})^T \theta$ and using that $z^T z = \sum_i z_i^2$")))
def cost_forms(ctx):
    X, y, theta = _least_squares_symbols()
    names = _least_squares_names(X, y, theta)
    ng_reading = least_squares_reading(X, y, theta, "m", N)
    neto_reading = least_squares_reading(X, y, theta, "n")
    residual_line = ng(202, r"X\theta - \vec{y} = \begin{bmatrix} (x^{(1)})^T \theta \\ \vdots \\ (x^{(m)})^T \theta \end{bmatrix} - \begin{bmatrix} y^{(1)} \\ \vdots \\ y^{(m)} \end{bmatrix}")
    residuals = chain([
        printed(residual_line, ng_reading, "Xθ − y", part=0),
        printed(residual_line, ng_reading, "[(x⁽ⁱ⁾)ᵀθ] − [y⁽ⁱ⁾]", part=1),
        printed(ng(203, r"= \begin{bmatrix} h_{\theta}(x^{(1)}) - y^{(1)} \\ \vdots \\ h_{\theta}(x^{(m)}) - y^{(m)} \end{bmatrix}"),
                ng_reading, "[h(x⁽ⁱ⁾) − y⁽ⁱ⁾], h(x⁽ⁱ⁾) = (x⁽ⁱ⁾)ᵀθ"),
    ], "LR-2", "000 §2.2", f"m={M}, n={N}", names)
    matrix_line = ng(207, r"\frac{1}{2}(X\theta - \vec{y})^{T}(X\theta - \vec{y}) = \frac{1}{2}\sum_{i=1}^{m}(h_{\theta}(x^{(i)}) - y^{(i)})^{2}")
    symbolic = chain([
        printed(matrix_line, ng_reading, "matrix form", part=0),
        printed(matrix_line, ng_reading, "zᵀz = Σ zᵢ²", part=1),
        printed(ng(208, r"= J(\theta)"), ng_reading, "the definition of J (line 60)"),
    ], "LR-2", "000 §2.2", f"m={M}, n={N}", names)
    neto_line = neto(134, r"\frac{1}{2} (X\theta - y)^T (X\theta - y) = \frac{1}{2} \sum_{i=1}^n (h_\theta(x^{(i)}) - y^{(i)})^2 = J(\theta)")
    page_002 = chain([
        printed(neto_line, neto_reading, "matrix form", part=0),
        printed(neto_line, neto_reading, "zᵀz = Σ zᵢ²", part=1),
        printed(neto_line, neto_reading, "= J(θ)", part=2),
    ], "LR-2", "002 §1.1.3", f"m={M}, n={N}", names)
    exact_points = exact(ctx, S.regression_problems(), lambda p: lr.cost(*p) == lr.cost_matrix_form(*p))
    return combine(residuals, symbolic, page_002, exact_points)


# ---- LR-3 ------------------------------------------------------------------------------------

def _single_example(n=3):
    x = [sp.Symbol(f"x{i}", real=True) for i in range(n)]
    theta = [sp.Symbol(f"theta{i}", real=True) for i in range(n)]
    y = sp.Symbol("y", real=True)
    h = sum(t * xi for t, xi in zip(theta, x))
    return x, theta, y, h


def _single_example_reading(x, theta, y, **more):
    """One training example (x, y), also printed (x⁽¹⁾, y⁽¹⁾): h_θ(x) = θᵀx, J(θ) = ½(h_θ(x) − y)²
    (000 §1, 002 §1.1.2)."""
    def h(v):
        return (sp.Matrix(theta).T * v)[0]
    return Reading({"x": Examples((Vector(tuple(x)),), whole=Vector(tuple(x))), "theta": Vector(tuple(theta)),
                    "y": Examples((y,), whole=y), "h_theta": Function(h), "h": Function(h),
                    "J": Function(lambda t: sp.Rational(1, 2) * (h(sp.Matrix(x)) - y) ** 2), **more},
                   sizes={"n": len(x) - 1, "d": len(x) - 1})


@check("LR-3", "∂J/∂θⱼ = (h−y)xⱼ for one example (4 printed steps)", "000 §1", "derivation",
       quotes=(ng(72, "Let's first work it out for the case of if we have only one training example (x, y)"),))
def single_example_gradient_000(ctx):
    x, theta, y, _ = _single_example()
    outcomes = []
    for j in range(len(theta)):
        reading = _single_example_reading(x, theta, y, j=sp.Integer(j))
        outcomes.append(chain([
            printed(ng(74, r"= \frac{\partial}{\partial \theta_j} \frac{1}{2} (h_{\theta}(x) - y)^2"), reading,
                    "definition of J, one example"),
            printed(ng(76, r"= 2 \cdot \frac{1}{2} (h_{\theta}(x) - y) \cdot \frac{\partial}{\partial \theta_j} (h_{\theta}(x) - y)"),
                    reading, "chain rule"),
            printed(ng(78, r"= (h_{\theta}(x) - y) \cdot \frac{\partial}{\partial \theta_j} \left( \sum_{i=0}^n \theta_i x_i - y \right)"),
                    reading, "h = Σᵢ θᵢxᵢ"),
            printed(ng(80, r"= (h_{\theta}(x) - y) x_j"), reading, "only θⱼxⱼ depends on θⱼ"),
        ], "LR-3", "000 §1", "n=3, every j"))
    return combine(*outcomes)


@check("LR-3", "∂J/∂θⱼ = (h−y)xⱼ, 002's three steps", "002 §1.1.2", "derivation",
       quotes=(neto(74, "Notice that, for a single training example, we have"),))
def single_example_gradient_002(ctx):
    x, theta, y, _ = _single_example()
    outcomes = []
    for j in range(len(theta)):
        reading = _single_example_reading(x, theta, y, j=sp.Integer(j))
        outcomes.append(chain([
            printed(neto(77, r"&= \frac{\partial}{\partial \theta_j} \frac{1}{2} (h_{\theta}(x) - y)^2"), reading,
                    "definition"),
            printed(neto(78, r"&= (h_{\theta}(x) - y) \frac{\partial}{\partial \theta_j} (h_{\theta}(x) - y)"), reading,
                    "chain rule (the 2·½ step folded)"),
            printed(neto(79, r"&= (h_{\theta}(x) - y) \frac{\partial}{\partial \theta_j} \left(\sum_{i=0}^d \theta_i x_i - y \right)"),
                    reading, "h = Σᵢ θᵢxᵢ"),
            printed(neto(80, r"&= (h_{\theta}(x) - y) x_j"), reading, "derivative of the sum"),
        ], "LR-3", "002 §1.1.2", "n=3, every j"))
    return combine(*outcomes)


# ---- LR-4 ------------------------------------------------------------------------------------

@relies_on(lr, "lms_update", lambda f: lambda x, y, theta, alpha: f(x, y, theta, 2 * alpha),
           "the LMS step taken with 2α")
@check("LR-4", "the LMS rule θⱼ + α(y⁽ⁱ⁾ − h(x⁽ⁱ⁾))xⱼ⁽ⁱ⁾ is θⱼ − α∂J/∂θⱼ for one example", "000 §1; 002 §1.1.2",
       "derivation", quotes=(ng(70, "This is a very natural algorithm that repeatedly takes a step in the direction of steepest decrease of J."),
                             ng(86, r"the magnitude of the update is proportional to the **error** term  $(y^{(i)} - h_{\theta}(x^{(i)}))$"),
                             neto(70, "2. For each j , update"),
                             neto(104, r"in which we repeat, for each $i = 1, \dots, n$,")))
def lms_is_gradient_descent(ctx):
    x, theta, y, _ = _single_example()
    alpha = sp.Symbol("alpha", positive=True)
    steps = []
    for j in range(len(theta)):
        # one training example (x⁽ⁱ⁾, y⁽ⁱ⁾), i = 1: J(θ) = ½(h_θ(x) − y)², the sum neglected (000 line 72)
        reading = _single_example_reading(x, theta, y, alpha=alpha, j=sp.Integer(j), i=sp.Integer(1))
        steps.append(chain([
            printed(ng(68, r"\theta_j := \theta_j - \alpha \frac{\partial}{\partial \theta_j} J(\theta)."), reading,
                    "θⱼ := θⱼ − α ∂J/∂θⱼ", part=1),
            printed(ng(84, r"\theta_j := \theta_j + \alpha \left( y^{(i)} - h_{\theta}(x^{(i)}) \right) x_j^{(i)}."),
                    reading, "the LMS rule", part=1),
        ], "LR-4", "000 §1", "n=3, every j"))
        steps.append(chain([
            printed(neto(72, r"\theta_j := \theta_j - \alpha \frac{\partial}{\partial \theta_j} J(\theta)"), reading,
                    "θⱼ := θⱼ − α ∂J/∂θⱼ", part=1),
            printed(neto(106, r"\theta_j := \theta_j + \alpha (y^{(i)} - h_{\theta}(x^{(i)})) x_j^{(i)}"), reading,
                    "the stochastic update", part=1),
        ], "LR-4", "002 §1.1.2", "n=3, every j"))

    def same(p):
        X, y_, theta_ = p
        a = Fraction(1, 16)
        expected = [t + a * (y_[0] - linalg.dot(X[0], theta_)) * xj for t, xj in zip(theta_, X[0])]
        return lr.lms_update(X[0], y_[0], theta_, a) == expected
    return combine(*steps, exact(ctx, S.regression_problems(), same, cap=20))


# ---- LR-5 ------------------------------------------------------------------------------------

def _summation(tex, reading):
    """The value of the first Σ printed in ``tex`` with its operand (the rest of its product),
    read with ``reading``: 'the quantity in the summation' of an update rule."""
    formula = parse(tex)
    for node in walk(formula):
        if isinstance(node, syntax.Juxt):
            items = list(node.items)
            k = next((k for k, item in enumerate(items) if isinstance(item, syntax.BigOp) and item.op == "sum"), None)
            if k is not None:
                return reading.value(syntax.Juxt(node.span, tuple(items[k:])), {}, [])
    raise NotationError("no summation printed")


@check("LR-5", "the batch update is gradient descent on J; its sum is −∂J/∂θⱼ, not ∂J/∂θⱼ", "000 §1; 002 §1.1.2",
       "derivation", quotes=(ng(94, "So, this is simply gradient descent on the original cost function J."),
                             neto(83, "So, our algorithm becomes to repeat, until convergence, the update")))
def batch_update_is_gradient(ctx):
    X, y, theta = _least_squares_symbols()
    names = _least_squares_names(X, y, theta)
    alpha = sp.Symbol("alpha", positive=True)
    outcomes = []
    for j in range(1, N + 1):
        reading = least_squares_reading(X, y, theta, "m", N).bind(alpha=alpha, j=sp.Integer(j))
        update = printed(ng(91, r"\theta_j := \theta_j + \alpha \sum_{i=1}^m \left(y^{(i)} - h_{\theta}(x^{(i)})\right) x_j^{(i)}"),
                         reading, "the batch update", part=1)
        outcomes.append(chain([
            printed(ng(68, r"\theta_j := \theta_j - \alpha \frac{\partial}{\partial \theta_j} J(\theta)."), reading,
                    "gradient descent on J (all m examples)", part=1),
            update,
        ], "LR-5", "000 §1 (the batch update)", f"m={M}, n={N}, every j", names))
        # 'the quantity in the summation in the update rule above', as this copy prints it
        quantity = _summation(update.form.variants[0].tex, reading)
        gradient = sp.diff(reading.names["J"].function(theta), theta[j - 1])
        claim = ng(94, r"the quantity in the summation in the update rule above is just  $\partial J(\theta)/\partial\theta_j$")
        erratum = {} if symbolically_equal(quantity, gradient) else dict(
            corrected=-gradient, printed="Σᵢ (y⁽ⁱ⁾ − h(x⁽ⁱ⁾)) xⱼ⁽ⁱ⁾ = ∂J(θ)/∂θⱼ",
            fixed="Σᵢ (y⁽ⁱ⁾ − h(x⁽ⁱ⁾)) xⱼ⁽ⁱ⁾ = −∂J(θ)/∂θⱼ, so θ := θ + αΣ(...) is descent on J")
        outcomes.append(chain([
            Step(quantity, "the quantity in the summation of the update (line 91)"),
            printed(claim, reading, "'is just ∂J(θ)/∂θⱼ'", **erratum),
        ], "LR-5", "000 §1 (after the batch update)", f"m={M}, n={N}, every j", names))
        neto_reading = least_squares_reading(X, y, theta, "n").bind(alpha=alpha, j=sp.Integer(j))
        outcomes.append(chain([
            printed(neto(72, r"\theta_j := \theta_j - \alpha \frac{\partial}{\partial \theta_j} J(\theta)"), neto_reading,
                    "gradient descent on J (all n examples)", part=1),
            printed(neto(85, r"\theta_j := \theta_j + \alpha \sum_{i=1}^n (y^{(i)} - h_{\theta}(x^{(i)})) x_j^{(i)}"),
                    neto_reading, "'our algorithm becomes'", part=1),
        ], "LR-5", "002 §1.1.2", f"n={M} examples, every j", names))
    return combine(*outcomes)


COST_60 = ng(60, r"J(\theta) = \frac{1}{2} \sum_{i=1}^{m} (h_{\theta}(x^{(i)}) - y^{(i)})^{2}.")


@check("LR-5", "J is a convex quadratic: ∇²J = XᵀX and zᵀXᵀXz = ‖Xz‖² ≥ 0", "000 §1", "identity",
       quotes=(COST_60, ng(94, r"Indeed, J is a convex quadratic function."),
               ng(94, "has only one global, and no other local, optima", reading=(
                   "every local minimum of J is global (convexity); the minimiser is one point only "
                   "when XᵀX is invertible, which LR-12 asks (a singular XᵀX is refused)"))))
def cost_is_convex(ctx):
    """J as printed (line 60) is a quadratic in θ, its Hessian free of θ, and a convex one: the
    Hessian at drawn X is positive semidefinite, exactly (every principal minor ≥ 0). The notes'
    reason, ∇²J = XᵀX with zᵀXᵀXz = ‖Xz‖² ≥ 0, alongside."""
    X, y, theta = _least_squares_symbols()
    cost = form_of(COST_60, least_squares_reading(X, y, theta, "m", N), part=1)
    J = value_of(cost)
    if J is None:
        return with_forms(Outcome(False, "symbolic", 0.0, "J (line 60) reads to nothing in this copy"), cost)
    hessian = sp.Matrix(N, N, lambda a, b: sp.expand(sp.diff(J, theta[a], theta[b])))

    def semidefinite(p):
        H = hessian.subs(dict(zip(X, (v for row in p for v in row))))
        return all(H.extract(list(rows), list(rows)).det() >= 0
                   for k in range(1, N + 1) for rows in itertools.combinations(range(N), k))
    if hessian.has(*theta):
        printed_J = Outcome(False, "symbolic", 0.0, "∇²J of J as printed (line 60) depends on θ: not a quadratic")
    else:
        points = draw(ctx, S.matrices(M, N), min(ctx.examples, 10))
        bad = [p for p in points if not semidefinite(p)]
        printed_J = Outcome(not bad, f"symbolic; exact at {len(points)} X", 0.0,
                            f"∇²J of J as printed (line 60) is not positive semidefinite at X = {fmt(bad[0])}" if bad else "")
    z = symbol_matrix("z", N, 1)
    names = {**_least_squares_names(X, y, theta), **entries_named(z, "z")}
    typed = sp.Rational(1, 2) * ((X * theta - y).T * (X * theta - y))[0]
    return combine(
        with_forms(printed_J, cost),
        chain([Step(sp.Matrix(N, N, lambda a, b: sp.diff(typed, theta[a], theta[b])), "∇²J"), Step(X.T * X, "= XᵀX")],
              "LR-5", "000 §1", f"m={M}, n={N}", names),
        chain([Step((z.T * X.T * X * z)[0], "zᵀXᵀXz"), Step(sum(v ** 2 for v in X * z), "= ‖Xz‖² ≥ 0")],
              "LR-5", "000 §1", f"m={M}, n={N}", names))


_LISTING_1 = (neto(95, "hypothesis = np.dot(x, theta)"), neto(96, "loss = hypothesis - y"),
              neto(97, "gradient = np.dot(x.T, loss) / m # Compute gradient over all examples"),
              neto(98, "theta = theta - alpha * gradient # Update theta"))
# the lines of Listing 1 no formula stands on (its header, loop and return) frame the printed ones
_LISTING_1_FRAME = """def batchGradientDescent(x, y, theta, alpha, numIterations):
    m = len(y)
    for iteration in range(numIterations):
        {0}
        {1}
        {2}
        {3}
    return theta
"""

_LISTING_2 = (neto(117, "xi = x[i].reshape(1, -1) # Single example"), neto(119, "hypothesis = np.dot(xi, theta)"),
              neto(120, "loss = hypothesis - yi"), neto(121, "gradient = xi.T * loss # Gradient for this example"),
              neto(122, "theta = theta - alpha * gradient.flatten() # Update theta"))
_LISTING_2_FRAME = """def stochasticGradientDescent(x, y, theta, alpha, numIterations):
    m = len(y)
    for iteration in range(numIterations):
        for i in range(m):
            {0}
            yi = y[i]
            {1}
            {2}
            {3}
            {4}
    return theta
"""


def _code_form(quote):
    """The Form of a printed line of code: the line as the copy being audited prints it, read by
    Python's own parser (a line of a listing is Python, not TeX); its value is the statement."""
    located = copies.current().locate(quote, whole=True)
    if not located.found:
        return Form(quote, "missing", f"not found in {copies.current().origin}")
    o = located.first
    statement = o.text.strip()
    try:
        ast.parse(statement)
    except SyntaxError as e:
        place = f"{quote.source}, line {o.line} prints it as {statement!r}, which is no Python statement: {e.msg}"
        return Form(quote, "unreadable", place, [], [place])
    return Form(quote, "parsed", "", [Variant(o.source, o.line, o.text, statement, o.changed)])


def _listing(quotes, frame):
    """(the Forms of the printed lines ``quotes``, the listing they make in ``frame`` as the copy
    being audited prints them), the listing None where a line is not printed or is no Python."""
    forms = [_code_form(q) for q in quotes]
    if any(f.status != "parsed" for f in forms):
        return forms, None
    namespace = {"np": np}
    exec(compile(frame.format(*(value_of(f) for f in forms)), "<listing as printed>", "exec"), namespace)
    (function,) = [v for k, v in namespace.items() if k != "np" and callable(v)]
    return forms, function


def _objects(p):
    X, y, theta = p
    return (np.array(X, dtype=object), np.array(y, dtype=object), np.array(theta, dtype=object))


@relies_on(lr, "batch_gradient_descent",
           lambda f: lambda X, y, theta, alpha, *a, **k: f(X, y, theta, alpha * Fraction(33, 32), *a, **k),
           "the step size changed by 1/32")
@check("LR-5", "002 Listing 1 (gradient / m) is the notes' update with α/m, exactly", "002 Listing 1",
       "identity", quotes=(neto(83, "So, our algorithm becomes to repeat, until convergence, the update"),
                           ng(70, "(This update is simultaneously performed for all values of j = 0, ..., n.)")))
def listing_1_is_the_update(ctx):
    forms, listing_1 = _listing(_LISTING_1, _LISTING_1_FRAME)

    def same(p):
        X, y, theta = p
        alpha = Fraction(1, 64)
        printed = listing_1(*_objects(p), alpha, 4)
        notes = lr.batch_gradient_descent(X, y, theta, alpha / len(X), 4, tol=None).theta
        averaged = lr.batch_gradient_descent(X, y, theta, alpha, 4, tol=None, average=True).theta
        return list(printed) == notes == averaged
    if listing_1 is None:
        return with_forms(Outcome(False, "not run", detail="Listing 1 cannot be run as this copy prints it"), *forms)
    return with_forms(exact(ctx, S.regression_problems(), same, cap=20), *forms)


@relies_on(lr, "normal_equations", lambda f: lambda *a, **k: _shifted_first(f(*a, **k)),
           "the exact θ's intercept moved by one")
@relies_on(lr, "batch_gradient_descent",
           lambda f: lambda X, y, theta, alpha, max_iterations=10_000, tol=1e-10, **k: f(X, y, theta, alpha, 50, None, **k),
           "the iterations cut to 50")
@check("LR-5", "batch gradient descent converges to the normal-equations θ", "000 §1", "optimality",
       quotes=(ng(94, "thus gradient descent always converges (assuming the learning rate"),))
def gradient_descent_converges(ctx):
    def residual(p):
        X, y, _ = S.to_float(p)
        A = linalg.matmul(linalg.transpose(X), X)
        alpha = 1 / max(linalg.symmetric_eigenvalues(A))
        theta = lr.batch_gradient_descent(X, y, [0.0] * len(X[0]), alpha, 200_000, tol=1e-15).theta
        exact_theta = lr.normal_equations(*p[:2])
        return (max(abs(t - float(e)) for t, e in zip(theta, exact_theta))
                / (1 + max(abs(float(e)) for e in exact_theta)))
    problems = S.regression_problems(min_rows=6, max_rows=12)
    return sampled(ctx, problems, residual, 1e-9, n=min(ctx.examples, 25),
                   label=f"{min(ctx.examples, 25)} points, float64 GD vs exact θ")


# ---- LR-6 ------------------------------------------------------------------------------------

@relies_on(lr, "stochastic_gradient_descent",
           lambda f: lambda X, y, theta, alpha, epochs=1, order=None, **k: f(
               X, y, theta, alpha, epochs, list(reversed(range(len(X)))) if order is None else order, **k),
           "the examples visited in reverse order")
@check("LR-6", "002 Listing 2, 000's stochastic loop as printed and the reference take the same steps, exactly",
       "000 §1; 002 Listing 2", "identity",
       quotes=(ng(111, r"Loop { for i=1 to m, \{ \\"),
               ng(114, "we update the parameters according to the gradient of the error with respect to that single training example only")))
def listing_2_is_the_loop(ctx):
    rules = {}
    listing_forms, listing_2 = _listing(_LISTING_2, _LISTING_2_FRAME)

    def same(p):
        X, y, theta = p
        alpha = Fraction(1, 32)
        n = len(X[0])
        if n not in rules:
            rules[n] = _update_rule(ng(111, _SGD_000), n)
        forms, rule = rules[n]
        if rule is None:
            return True  # the rule is not in this copy: with_forms fails the check
        by_rule = list(theta)
        for _ in range(2):
            for row, target in zip(X, y):
                by_rule = rule(by_rule, row, target, alpha)
        printed_ = listing_2(*_objects(p), alpha, 2)
        return list(printed_) == lr.stochastic_gradient_descent(X, y, theta, alpha, epochs=2).theta == by_rule
    if listing_2 is None:
        return with_forms(Outcome(False, "not run", detail="Listing 2 cannot be run as this copy prints it"),
                          *listing_forms)
    outcome = exact(ctx, S.regression_problems(), same, cap=20)
    return with_forms(outcome, *listing_forms, *[f for forms, _ in rules.values() for f in forms])


_SGD_000 = r"\theta_j := \theta_j + \alpha \left(y^{(i)} - h_\theta(x^{(i)})\right) x_j^{(i)}"


def _fraction(value):
    """A rational sympy number as a Fraction (a printed form evaluated at exact points)."""
    value = sp.nsimplify(value) if not value.is_Rational else value
    if not value.is_Rational:
        raise ValueError(f"{value} is not a rational number")
    return Fraction(int(value.p), int(value.q))


def _update_rule(quote, n, part=1):
    """The printed update θⱼ := … of one example, read for each j at n features: (its forms, the
    rule (θ, x⁽ⁱ⁾, y⁽ⁱ⁾, α) ↦ the new θ, every θⱼ from the old θ as 'for every j' says), or
    (forms, None) where this copy does not print it."""
    theta = [sp.Symbol(f"theta{j}", real=True) for j in range(n)]
    x = [sp.Symbol(f"x{j}", real=True) for j in range(n)]
    y, alpha = sp.Symbol("y", real=True), sp.Symbol("alpha", positive=True)
    reading = _single_example_reading(x, theta, y, alpha=alpha, i=sp.Integer(1))
    forms = [form_of(quote, reading.bind(j=sp.Integer(j)), part=part) for j in range(n)]
    values = [value_of(f) for f in forms]
    if any(v is None for v in values):
        return forms, None

    def rule(old, row, target, step):
        point = {**dict(zip(theta, old)), **dict(zip(x, row)), y: target, alpha: step}
        exact_point = {k: sp.Rational(w.numerator, w.denominator) for k, w in point.items()}
        return [_fraction(v.xreplace(exact_point)) for v in values]
    return forms, rule


# ---- LR-11 -----------------------------------------------------------------------------------

@check("LR-11", "identity (5): ∇_{Aᵀ} trABAᵀC = BᵀAᵀCᵀ + BAᵀC, from (2) and (3)", "000 §2.2 (5)", "identity",
       quotes=(ng(210, "Combining Equations (2) and (3), we find that"),))
def identity_5(ctx):
    outcomes = []
    for (p, q) in [(2, 3), (3, 2), (2, 2)]:
        A = symbol_matrix("A", p, q)
        B = symbol_matrix("B", q, q)
        C = symbol_matrix("C", p, p)
        At = symbol_matrix("T", q, p)  # stands for Aᵀ as the variable
        f_of_At = tr(At.T * B * At * C)
        grad = sp.Matrix(q, p, lambda i, j: sp.diff(f_of_At, At[i, j])).subs(
            {At[i, j]: A[j, i] for i in range(q) for j in range(p)})
        by_3 = sp.Matrix(p, q, lambda i, j: sp.diff(tr(A * B * A.T * C), A[i, j]))
        reading = Reading({"A": A, "B": B, "C": C})
        identity = ng(212, r"\nabla_{A^T} \operatorname{tr} A B A^T C = B^T A^T C^T + B A^T C \tag{5}")
        outcomes.append(chain([
            printed(identity, reading, "∇_{Aᵀ} by definition (the matrix of ∂/∂Aⱼᵢ)", part=0),
            Step(grad, "∇_{Aᵀ} f(A) as a function of the variable Aᵀ"),
            Step(by_3.T, "(2): (∇_A trABAᵀC)ᵀ"),
            Step((C * A * B + C.T * A * B.T).T, "(3): (CAB + CᵀABᵀ)ᵀ"),
            printed(identity, reading, "(5)", part=1),
        ], "LR-11", "000 (5)", f"A {p}×{q}"))
    return combine(*outcomes)


def _normal_equation_chain_000():
    X, y, theta = _least_squares_symbols()
    reading = least_squares_reading(X, y, theta, "m", N)
    first = ng(216, r"\nabla_{\theta} J(\theta) = \nabla_{\theta} \frac{1}{2} (X\theta - \vec{y})^T (X\theta - \vec{y})")
    return [
        printed(first, reading, "∇_θ of J (line 60)", part=0),
        printed(first, reading, "J in matrix form (LR-2)", part=1),
        printed(ng(218, r"= \frac{1}{2} \nabla_{\theta} \left( \theta^T X^T X \theta - \theta^T X^T \vec{y} - \vec{y}^T X \theta + \vec{y}^T \vec{y} \right)"),
                reading, "expand the product"),
        printed(ng(220, r"= \frac{1}{2} \nabla_{\theta} \operatorname{tr} \left( \theta^T X^T X \theta - \theta^T X^T \vec{y} - \vec{y}^T X \theta + \vec{y}^T \vec{y} \right)"),
                reading, "a real number is its own trace (the third step)"),
        printed(ng(222, r"= \frac{1}{2} \nabla_{\theta} \left( \operatorname{tr} \theta^T X^T X \theta - 2 \operatorname{tr} \vec{y}^T X \theta \right)"),
                reading, "trA = trAᵀ; yᵀy does not depend on θ (the fourth step)"),
        printed(ng(224, r"= \frac{1}{2} \left( X^T X \theta + X^T X \theta - 2 X^T \vec{y} \right)"), reading,
                "(5) with Aᵀ=θ, B=XᵀX, C=I, and (1) (the fifth step)"),
        printed(ng(226, r"= X^T X \theta - X^T \vec{y}"), reading, "collect"),
    ]


@check("LR-11", "∇_θJ = XᵀXθ − Xᵀy, the printed 6-step chain", "000 §2.2", "derivation")
def normal_equation_chain_000(ctx):
    X, y, theta = _least_squares_symbols()
    return chain(_normal_equation_chain_000(), "LR-11", "000 §2.2", f"m={M}, n={N}", _least_squares_names(X, y, theta))


@check("LR-11", "the steps the prose names: third tr a = a, fourth trA = trAᵀ, fifth (5) with Aᵀ=θ, "
       "B=XᵀX, C=I and (1)", "000 §2.2", "identity",
       quotes=(ng(228, "In the third step, we used the fact that the trace of a real number is just the real number"),
               ng(228, r"the fourth step used the fact that  $\operatorname{tr} A = \operatorname{tr} A^T$"),
               ng(228, r"the fifth step used Equation (5) with  $A^T = \theta$ ,  $B = B^T = X^T X$ , and C = I, and Equation (1)")))
def named_steps(ctx):
    X, y, theta = _least_squares_symbols()
    names = _least_squares_names(X, y, theta)
    A = theta.T
    B = X.T * X
    C = sp.eye(1)
    T = symbol_matrix("T", N, 1)  # the variable Aᵀ = θ
    grad = gradient_vector(tr(T.T * B * T * C), T).subs({T[i, 0]: theta[i] for i in range(N)})
    third = chain([Step((y.T * X * theta)[0], "yᵀXθ, a real number"), Step(tr(y.T * X * theta), "= its trace")],
                  "LR-11", "000 §2.2", f"m={M}, n={N}", names)
    fact = ng(228, r"the fourth step used the fact that  $\operatorname{tr} A = \operatorname{tr} A^T$")
    as_used = Reading({"A": theta.T * X.T * y})  # the A of the fourth step: θᵀXᵀy (line 222)
    fourth = chain([printed(fact, as_used, "tr A, A = θᵀXᵀy", part=0), printed(fact, as_used, "= tr Aᵀ", part=1),
                    Step(tr(y.T * X * theta), "= tr yᵀXθ")], "LR-11", "000 §2.2", f"m={M}, n={N}", names)
    fifth = chain([Step(grad, "∇_θ tr θᵀXᵀXθ"), Step(B.T * A.T * C.T + B * A.T * C, "(5)"),
                   Step(2 * X.T * X * theta, "B = Bᵀ")], "LR-11", "000 §2.2", f"m={M}, n={N}", names)
    # (1) with A = θ and B = yᵀX, after the cycle tr yᵀXθ = tr θyᵀX
    rule_1 = chain([Step(gradient_vector(tr(y.T * X * theta), theta), "∇_θ tr yᵀXθ"),
                    Step(gradient_vector(tr(theta * y.T * X), theta), "= ∇_θ tr θ(yᵀX)"),
                    Step((y.T * X).T, "(1): (yᵀX)ᵀ"), Step(X.T * y, "= Xᵀy")],
                   "LR-11", "000 §2.2", f"m={M}, n={N}", names)
    return combine(third, fourth, fifth, rule_1)


@check("LR-11", "DJ = XᵀXθ − Xᵀy, 002's 7-step chain", "002 §1.1.3", "derivation")
def normal_equation_chain_002(ctx):
    X, y, theta = _least_squares_symbols()
    # D is the derivative with respect to θ ('Differentiating with respect to θ', line 136), as a column
    reading = least_squares_reading(X, y, theta, "n").bind(D=Operator(lambda f: gradient_vector(f, theta)))
    first = neto(138, r"DJ(\theta) &= D\left(\frac{1}{2} (X\theta - y)^T (X\theta - y)\right)")
    return chain([
        printed(first, reading, "DJ", part=0),
        printed(first, reading, "J in matrix form (line 134)", part=1),
        printed(neto(138, r"&= \frac{1}{2} D((X\theta)^T X\theta - (X\theta)^T y - y^T (X\theta) + y^T y)"), reading, "expand"),
        printed(neto(138, r"&= \frac{1}{2} D(\theta^T X^T X\theta - \theta^T X^T y - y^T X\theta)"), reading,
                "yᵀy is constant in θ"),
        printed(neto(138, r"&= \frac{1}{2} D(\theta^T X^T X\theta - y^T X\theta - y^T X\theta)"), reading, "θᵀXᵀy = yᵀXθ"),
        printed(neto(138, r"&= \frac{1}{2} D(\theta^T X^T X\theta - 2(X^T y)^T \theta)"), reading, "(Xᵀy)ᵀθ"),
        printed(neto(138, r"&= \frac{1}{2} (2X^T X\theta - 2X^T y)"), reading, "differentiate"),
        printed(neto(138, r"&= X^T X\theta - X^T y"), reading, "collect"),
    ], "LR-11", "002 §1.1.3", f"m={M}, n={N}", _least_squares_names(X, y, theta))


# ---- LR-12 -----------------------------------------------------------------------------------

def _normal_residual(X, y, theta):
    Xt = linalg.transpose(X)
    r = [a - b for a, b in zip(linalg.matvec(linalg.matmul(Xt, X), theta), linalg.matvec(Xt, y))]
    return max(abs(v) for v in r)


_NORMAL_EQUATIONS = (ng(230, r"X^T X \theta = X^T \vec{y}"),
                     ng(228, "To minimize J, we set its derivatives to zero, and obtain the **normal equations**:"),
                     neto(140, "Setting this derivative to zero, we obtain the **normal equations**"),
                     ng(232, r"$\theta = (X^T X)^{-1} X^T \vec{y}.$"),
                     neto(142, r"X^T X\theta = X^T y"), neto(146, r"\theta = (X^T X)^{-1} X^T y"))


@relies_on(lr, "normal_equations", lambda f: lambda *a, **k: _shifted_first(f(*a, **k)),
           "θ's intercept moved by one")
@check("LR-12", "normal equations: XᵀXθ = Xᵀy at the reference's θ", "000 §2.2; 002 §1.1.3", "optimality",
       quotes=_NORMAL_EQUATIONS)
def normal_equations_optimal(ctx):
    problems = S.regression_problems(max_rows=10, max_features=4)
    forms = {}

    def printed_hold(p):
        # the printed equations at the drawn data and the reference's θ, exactly
        X, y, _ = p
        theta = lr.normal_equations(X, y)
        reading = _data_reading(X, y, theta)
        values = {}
        for key, (quote, part) in _NORMAL_FORMS.items():
            form = form_of(quote, reading, part=part)
            forms.setdefault(key, form)
            values[key] = value_of(form)
        if any(v is None for v in values.values()):
            return False
        theta_ = sp.Matrix(_rationals(theta))
        return (values["000 lhs"] == values["000 rhs"] and values["002 lhs"] == values["002 rhs"]
                and values["000 closed"] == theta_ == values["002 closed"])
    points = draw(ctx, problems)
    exact_points = combine(
        _decided(points, lambda p: _normal_residual(p[0], p[1], lr.normal_equations(p[0], p[1])) == 0),
        _decided(points[:10], printed_hold, "exact, the printed equations"))

    def residual_mpf(p):
        X, y, _ = S.to_mpf(p)
        return _normal_residual(X, y, lr.normal_equations(X, y)) / (1 + linalg.max_abs(X) ** 2)

    high = sampled(ctx, problems, residual_mpf, mpmath.mpf(10) ** (-(ctx.digits - 5)))
    return with_forms(combine(exact_points, high), *forms.values())


_NORMAL_FORMS = {"000 lhs": (ng(230, r"X^T X \theta = X^T \vec{y}"), 0), "000 rhs": (ng(230, r"X^T X \theta = X^T \vec{y}"), 1),
                 "000 closed": (ng(232, r"$\theta = (X^T X)^{-1} X^T \vec{y}.$"), 1),
                 "002 lhs": (neto(142, r"X^T X\theta = X^T y"), 0), "002 rhs": (neto(142, r"X^T X\theta = X^T y"), 1),
                 "002 closed": (neto(146, r"\theta = (X^T X)^{-1} X^T y"), 1)}


def _rationals(values):
    return [sp.Rational(v.numerator, v.denominator) if isinstance(v, Fraction) else sp.sympify(v) for v in values]


def _data_reading(X, y, theta):
    """A drawn training set as the notes print it: X with rows (x⁽ⁱ⁾)ᵀ, y⃗ (002's y), θ, exactly;
    h_θ(x) = θᵀx and J(θ) = ½ Σᵢ (h_θ(x⁽ⁱ⁾) − y⁽ⁱ⁾)²."""
    X_ = sp.Matrix([_rationals(row) for row in X])
    y_ = sp.Matrix(_rationals(y))
    theta_ = sp.Matrix(_rationals(theta))
    return least_squares_reading(X_, y_, theta_, "m", X_.shape[1])


@relies_on(lr, "normal_equations", lambda f: lambda *a, **k: _shifted_first(f(*a, **k)),
           "θ's intercept moved by one")
@check("LR-12", "θ minimises J: J(θ+δ) − J(θ) = ½‖Xδ‖² ≥ 0, J as printed", "000 §2.2", "optimality",
       quotes=(ng(232, r"the value of  $\theta$  that minimizes  $J(\theta)$  is given in closed form"),
               neto(144, r"Hence, the value of θ that minimizes $J(\theta)$ is")))
def normal_equations_minimise(ctx):
    cost = ng(60, r"J(\theta) = \frac{1}{2} \sum_{i=1}^{m} (h_{\theta}(x^{(i)}) - y^{(i)})^{2}.")
    forms = []

    def J(X, y, theta):
        form = form_of(cost, _data_reading(X, y, theta), part=1)
        forms.append(form)
        value = value_of(form)
        return None if value is None else _fraction(value)

    def holds(p):
        (X, y, _), delta = p
        theta = lr.normal_equations(X, y)
        moved = [t + d for t, d in zip(theta, delta)]
        Xd = linalg.matvec(X, delta)
        return lr.cost(X, y, moved) - lr.cost(X, y, theta) == linalg.dot(Xd, Xd) / 2

    def printed_cost(p):  # J as printed (line 60) is the reference's cost, at θ and θ + δ
        (X, y, _), delta = p
        theta = lr.normal_equations(X, y)
        moved = [t + d for t, d in zip(theta, delta)]
        return (J(X, y, theta), J(X, y, moved)) == (lr.cost(X, y, theta), lr.cost(X, y, moved))
    problems = S.regression_problems().flatmap(lambda p: st.tuples(st.just(p), S.vectors(len(p[0][0]))))
    points = draw(ctx, problems)
    return with_forms(combine(_decided(points, holds), _decided(points[:10], printed_cost, "exact, J as printed")),
                      *forms[:1])


def _decided(points, predicate, label="exact"):
    """``exact`` on points already drawn (several predicates on one draw)."""
    bad = [p for p in points if not predicate(p)]
    return Outcome(not bad, f"{len(points)} points, {label}", 0.0 if not bad else 1.0,
                   f"fails at {show_point(bad[0])}" if bad else "")


@relies_on(lr, "normal_equations", lambda f: lambda X, y, *a, **k: [0] * len(X[0]),
           "a solver that returns θ = 0 instead of refusing")
@check("LR-12", "a singular XᵀX is refused, naming the dependent column", "000 §2.2", "identity",
       quotes=(ng(232, r"$\theta = (X^T X)^{-1} X^T \vec{y}.$", reading=(
           "the closed form needs XᵀX invertible, which the notes do not say; a singular XᵀX is "
           "refused with the dependent column named")),))
def singular_detected(ctx):
    def refused(p):
        X, y, _ = p
        j = len(X[0]) - 1
        X = [row + [2 * row[j] - row[0]] for row in X]  # a combination of columns 0 and j
        try:
            lr.normal_equations(X, y)
        except linalg.SingularMatrixError as e:
            return e.column == len(X[0]) - 1
        return False
    return exact(ctx, S.regression_problems(), refused, n=min(ctx.examples, 20))


# ---- LR-13 -----------------------------------------------------------------------------------

def _gaussian_symbols(m=3):
    sigma = sp.Symbol("sigma", positive=True)
    y = [sp.Symbol(f"y{i + 1}", real=True) for i in range(m)]
    mu = [sp.Symbol(f"mu{i + 1}", real=True) for i in range(m)]  # θᵀx⁽ⁱ⁾
    p = [sp.exp(-(yi - mi) ** 2 / (2 * sigma ** 2)) / (sp.sqrt(2 * sp.pi) * sigma) for yi, mi in zip(y, mu)]
    return sigma, y, mu, p


def _gaussian_names(y, mu):
    return {**{v: named(f"y{chr(0x2080 + i + 1)}") for i, v in enumerate(y)},
            **{v: named(f"θᵀx⁽{i + 1}⁾".translate(str.maketrans("123", "¹²³"))) for i, v in enumerate(mu)}}


def _gaussian_reading(y, mu, sigma):
    """000 §3 and 002 §1.2.2 at m = len(y) examples: y⁽ⁱ⁾ and θᵀx⁽ⁱ⁾ = μᵢ (θ = 1, x⁽ⁱ⁾ = μᵢ: the
    chains depend on the data only through θᵀx⁽ⁱ⁾), ε⁽ⁱ⁾ = y⁽ⁱ⁾ − θᵀx⁽ⁱ⁾, y⃗ and X the whole data;
    p(· | · ; θ) the model's density: p(y⁽ⁱ⁾ | x⁽ⁱ⁾; θ) the N(θᵀx⁽ⁱ⁾, σ²) density at y⁽ⁱ⁾, p(y⃗ | X; θ)
    the joint density of the m targets, N(Xθ, σ²I)."""
    m = len(y)
    X = sp.Matrix([[v] for v in mu])
    theta = sp.Matrix([[1]])
    vec_y = sp.Matrix(y)

    def density(arguments, given, parameters):
        (value,), (inputs,) = arguments, given
        mean = inputs * theta if isinstance(inputs, sp.MatrixBase) else inputs * theta[0, 0]  # θᵀx⁽ⁱ⁾ or Xθ
        if isinstance(value, sp.MatrixBase):
            r = value - mean
            return sp.exp(-(r.T * r)[0] / (2 * sigma ** 2)) / (2 * sp.pi * sigma ** 2) ** sp.Rational(m, 2)
        return _normal_density(value, mean, sigma ** 2)
    return Reading({"y": Examples(tuple(y), whole=vec_y), "vec y": vec_y, "X": X,
                    "x": Examples(tuple(sp.Matrix([[v]]) for v in mu), whole=X), "theta": theta, "sigma": sigma,
                    "epsilon": Examples(tuple(a - b for a, b in zip(y, mu))),
                    "varepsilon": Examples(tuple(a - b for a, b in zip(y, mu))),
                    "p": Function(density, given=True), "L": Function(lambda t: density((vec_y,), (X,), (t,)))},
                   sizes={"m": m, "n": m}, ranges={"i": (1, "m")})


def _normal_density(value, mean, variance):
    """The N(mean, variance) density at value: what 𝒩(μ, σ²) stands for where a density is compared."""
    return sp.exp(-(value - mean) ** 2 / (2 * variance)) / sp.sqrt(2 * sp.pi * variance)


def _distributed(reading, at):
    """``reading`` with 𝒩 and N the density at ``at`` (the variable on the left of the ∼)."""
    normal = Function(lambda mean, variance: _normal_density(at, mean, variance))
    return reading.bound({"cal N": normal, "N": normal})


@check("LR-13", "p(ε) with ε = y − θᵀx gives p(y|x;θ) = N(θᵀx, σ²) (a shift: dε/dy = 1)", "000 §3; 002 §1.2.2",
       "derivation", quotes=(ng(240, r"y^{(i)} = \theta^T x^{(i)} + \epsilon^{(i)},"),
                             ng(242, r"Let us further assume that the  $\epsilon^{(i)}$  are distributed IID"),
                             ng(244, r"$\epsilon^{(i)} \sim \mathcal{N}(0, \sigma^2)$"),
                             ng(248, "This implies that"), neto(174, "This means that"),
                             neto(172, r"Suppose that $y^{(i)} = \theta^T x^{(i)} + \varepsilon^{(i)}$")))
def noise_to_likelihood(ctx):
    sigma = sp.Symbol("sigma", positive=True)
    y, eps, mean = sp.symbols("y epsilon t", real=True)  # t stands for θᵀx
    reading = _gaussian_reading([y], [mean], sigma).bind(i=sp.Integer(1))
    p_eps = _normal_density(eps, 0, sigma ** 2)
    # P(y ≤ v) = P(ε ≤ v − θᵀx): the density of y is d/dv of that, p_ε(v − θᵀx)·d(v − θᵀx)/dv
    cdf = sp.Integral(p_eps, (eps, -sp.oo, y - mean))  # differentiated by the Leibniz rule
    names = {sigma: positive("σ"), y: named("y⁽ⁱ⁾"), mean: named("θᵀx⁽ⁱ⁾")}
    chain_000 = chain([
        Step(sp.diff(cdf, y), "d/dy P(ε ≤ y − θᵀx)"),
        printed(ng(246, r"p(\epsilon^{(i)}) = \frac{1}{\sqrt{2\pi}\sigma} \exp\left(-\frac{(\epsilon^{(i)})^2}{2\sigma^2}\right)."),
                reading, "p_ε at ε⁽ⁱ⁾ = y⁽ⁱ⁾ − θᵀx⁽ⁱ⁾ (times dε/dy = 1)", part=1),
        printed(ng(250, r"p(y^{(i)}|x^{(i)};\theta) = \frac{1}{\sqrt{2\pi}\sigma} \exp\left(-\frac{(y^{(i)} - \theta^T x^{(i)})^2}{2\sigma^2}\right)."),
                reading, "p(y|x;θ), as printed", part=1),
        printed(ng(252, r"$y^{(i)} \mid x^{(i)}; \theta \sim \mathcal{N}(\theta^T x^{(i)}, \sigma^2)$"), _distributed(reading, y),
                "the N(θᵀx, σ²) density at y⁽ⁱ⁾", statement=2, part=1),
    ], "LR-13", "000 §3", "symbolic σ", names)
    chain_002 = chain([
        Step(sp.diff(cdf, y), "d/dy P(ε ≤ y − θᵀx)"),
        printed(neto(172, r"$\varepsilon^{(i)} \sim N(0, \sigma^2)$"), _distributed(reading, y - mean),
                "the N(0, σ²) density at ε⁽ⁱ⁾ = y⁽ⁱ⁾ − θᵀx⁽ⁱ⁾", part=1),
        printed(neto(176, r"p(y^{(i)} | x^{(i)}; \theta) = \frac{1}{\sqrt{2\pi}\sigma} \exp\left(\frac{-(y^{(i)} - \theta^T x^{(i)})^2}{2\sigma^2}\right)"),
                reading, "as printed", part=1),
        printed(neto(178, r"$(y^{(i)} | x^{(i)}; \theta) \sim N(\theta^T x^{(i)}, \sigma^2)$"), _distributed(reading, y),
                "N(θᵀx, σ²) at y⁽ⁱ⁾", part=1),
    ], "LR-13", "002 §1.2.2", "symbolic σ", names)
    return combine(chain_000, chain_002)


@check("LR-13", "L(θ) = Πᵢ p(y⁽ⁱ⁾|x⁽ⁱ⁾;θ) = Πᵢ (1/(√(2π)σ)) exp(−(y − θᵀx)²/(2σ²))", "000 §3; 002 §1.2.2",
       "derivation", quotes=(ng(254, r"The probability of the data is given by  $p(\vec{y}|X;\theta)$"),
                             ng(258, r"Note that by the independence assumption on the  $\epsilon^{(i)}$ 's"),
                             neto(180, r"The **likelihood** of θ is")))
def gaussian_likelihood_chain(ctx):
    sigma, y, mu, _ = _gaussian_symbols()
    names = {sigma: positive("σ"), **_gaussian_names(y, mu)}
    reading = _gaussian_reading(y, mu, sigma)
    first = ng(256, r"L(\theta) = L(\theta; X, \vec{y}) = p(\vec{y}|X; \theta).")
    likelihood = ng(260, r"L(\theta) = \prod_{i=1}^{m} p(y^{(i)} \mid x^{(i)}; \theta)")
    page_002 = neto(182, r"L(\theta) = p(y | x; \theta) = \prod_{i=1}^m p(y^{(i)} | x^{(i)}; \theta)", reading=(
        "the product runs to m while 002 §1.1 calls the number of examples n (line 63): "
        "the same number under two letters"))
    return combine(
        chain([printed(first, reading, "p(y⃗|X;θ): independent ε, N(Xθ, σ²I)", part=2),
               printed(likelihood, reading, "Πᵢ p(y⁽ⁱ⁾|x⁽ⁱ⁾;θ)", part=1),
               printed(ng(261, r"= \prod_{i=1}^{m} \frac{1}{\sqrt{2\pi}\sigma} \exp\left(-\frac{(y^{(i)} - \theta^{T} x^{(i)})^{2}}{2\sigma^{2}}\right)."),
                       reading, "as printed")],
              "LR-13", "000 §3", "m=3", names),
        chain([printed(page_002, reading, "p(y|x;θ), the joint density of the targets", part=1),
               printed(page_002, reading, "Πᵢ p(y⁽ⁱ⁾|x⁽ⁱ⁾;θ)", part=2)],
              "LR-13", "002 §1.2.2", "m=3", names))


_LOG_000 = r"\begin{split} \ell(\theta) &= \log L(\theta) \\ &= \log \prod_{i=1}^{m}"


@check("LR-13", "ℓ(θ) = m log(1/(√(2π)σ)) − (1/σ²)·½Σ(y−θᵀx)², 000's chain", "000 §3", "derivation",
       quotes=(ng(267, r"instead maximize the **log likelihood**  $\ell(\theta)$ :"),))
def gaussian_log_likelihood_000(ctx):
    sigma, y, mu, _ = _gaussian_symbols()
    reading = _gaussian_reading(y, mu, sigma)
    line = ng(269, r"&= \log \prod_{i=1}^{m} \frac{1}{\sqrt{2\pi}\sigma} \exp\left(-\frac{(y^{(i)} - \theta^{T}x^{(i)})^{2}}{2\sigma^{2}}\right)")
    return chain([
        printed(ng(269, r"\ell(\theta) &= \log L(\theta)"), reading, "ℓ = log L", part=1),
        printed(line, reading, "L as printed (line 261)"),
        printed(ng(269, r"&= \sum_{i=1}^{m} \log \frac{1}{\sqrt{2\pi}\sigma} \exp\left(-\frac{(y^{(i)} - \theta^{T}x^{(i)})^{2}}{2\sigma^{2}}\right)"),
                reading, "log of a product"),
        printed(ng(269, r"&= m \log \frac{1}{\sqrt{2\pi}\sigma} - \frac{1}{\sigma^{2}} \cdot \frac{1}{2} \sum_{i=1}^{m} (y^{(i)} - \theta^{T}x^{(i)})^{2}."),
                reading, "log exp"),
    ], "LR-13", "000 §3", "m=3", {sigma: positive("σ"), **_gaussian_names(y, mu)})


@check("LR-13", "ℓ(θ) = m log(1/(√(2π)σ)) + Σ −(y−θᵀx)²/(2σ²), 002's chain", "002 §1.2.2", "derivation")
def gaussian_log_likelihood_002(ctx):
    sigma, y, mu, _ = _gaussian_symbols()
    reading = _gaussian_reading(y, mu, sigma)
    first = neto(186, r"l(\theta) &= \log(L(\theta)) = \sum_{i=1}^m \left(\log\left(\frac{1}{\sqrt{2\pi}\sigma}\right) + \log \exp\left(\frac{-(y^{(i)} - \theta^T x^{(i)})^2}{2\sigma^2}\right) \right)")
    return chain([
        printed(first, reading, "l = log L", part=1),
        printed(first, reading, "log of a product", part=2),
        printed(neto(186, r"&= m \log\left(\frac{1}{\sqrt{2\pi}\sigma}\right) + \sum_{i=1}^m \frac{-(y^{(i)} - \theta^T x^{(i)})^2}{2\sigma^2}"),
                reading, "log exp"),
    ], "LR-13", "002 §1.2.2", "m=3", {sigma: positive("σ"), **_gaussian_names(y, mu)})


@relies_on(lr, "gaussian_log_likelihood",
           lambda f: lambda X, y, theta, sigma: f(X, y, theta, sigma) - (f(X, y, theta, 2 * sigma) - f(X, y, theta, sigma)),
           "ℓ computed with a wrong σ term")
@relies_on(lr, "normal_equations", lambda f: lambda *a, **k: _shifted_first(f(*a, **k)),
           "θ's intercept moved by one")
@check("LR-13", "the Gaussian MLE is least squares for every σ; ℓ = log L", "000 §3; 002 §1.2.2", "optimality",
       quotes=(ng(271, r"Hence, maximizing  $\ell(\theta)$  gives the same answer as minimizing"),
               ng(273, r"\frac{1}{2} \sum_{i=1}^{m} (y^{(i)} - \theta^T x^{(i)})^2,"),
               ng(279, r"our final choice of  $\theta$  did not depend on what was  $\sigma^2$"),
               ng(275, r"which we recognize to be $J(\theta)$ , our original least-squares cost function."),
               neto(188, r"to choose θ to maximize $L(\theta)$, which is the same as choosing θ to minimize"),
               neto(190, r"\frac{1}{2} \sum_{i=1}^n (y^{(i)} - \theta^T x^{(i)})^2 = J(\theta)")))
def gaussian_mle(ctx):
    sigmas = [mpmath.mpf(1) / 3, mpmath.mpf(1), mpmath.mpf(7)]

    def residual(p):
        X, y, _ = S.to_mpf(p)
        theta = lr.normal_equations(X, y)
        worst = mpmath.mpf(0)
        for sigma in sigmas:
            for j in range(len(theta)):
                def along(t, j=j):
                    moved = theta[:]
                    moved[j] = t
                    return lr.gaussian_log_likelihood(X, y, moved, sigma)
                worst = max(worst, abs(mpmath.diff(along, theta[j])))
            L = lr.gaussian_likelihood(X, y, theta, sigma)
            worst = max(worst, abs(mpmath.log(L) - lr.gaussian_log_likelihood(X, y, theta, sigma)))
        return worst
    high = sampled(ctx, S.regression_problems(), residual, mpmath.mpf(10) ** (-(ctx.digits - 10)),
                   n=min(ctx.examples, 15))
    objective_000 = ng(273, r"\frac{1}{2} \sum_{i=1}^{m} (y^{(i)} - \theta^T x^{(i)})^2,")
    objective_002 = neto(190, r"\frac{1}{2} \sum_{i=1}^n (y^{(i)} - \theta^T x^{(i)})^2 = J(\theta)")
    forms = {}

    def minimised(p):
        # the printed objective, θ symbolic: J itself (line 275 'which we recognize to be J(θ)'),
        # and its gradient is 0 at the least-squares θ, exactly
        X, y, _ = p
        n = len(X[0])
        theta = sp.Matrix([sp.Symbol(f"theta{j}", real=True) for j in range(n)])
        X_, y_ = sp.Matrix([_rationals(r) for r in X]), sp.Matrix(_rationals(y))
        reading = least_squares_reading(X_, y_, theta, "m", n)
        reading_002 = least_squares_reading(X_, y_, theta, "n")
        read = {"000": form_of(objective_000, reading), "002": form_of(objective_002, reading_002, part=0),
                "002 J": form_of(objective_002, reading_002, part=1)}
        for key, form in read.items():
            forms.setdefault(key, form)
        values = {k: value_of(f) for k, f in read.items()}
        if any(v is None for v in values.values()):
            return False
        J = reading.names["J"].function(theta)
        at = dict(zip(theta, _rationals(lr.normal_equations(X, y))))
        return all(symbolically_equal(v, J) for v in values.values()) and \
            all(sp.diff(values["000"], t).xreplace(at) == 0 for t in theta)
    printed_objective = exact(ctx, S.regression_problems(max_features=3), minimised, cap=4,
                              label="exact, the printed objective")
    return with_forms(combine(high, printed_objective), *forms.values())


# ---- LR-14 -----------------------------------------------------------------------------------

@st.composite
def _lwr_problems(draw_):
    X, y, _ = draw_(S.regression_problems(min_rows=6, max_rows=10))
    x = [Fraction(1)] + draw_(S.vectors(len(X[0]) - 1))
    tau = draw_(S.positive_rationals(Fraction(1), 4))
    return X, y, x, tau


_LWR_NAMES = ("X", "y⃗", "the query x", "τ")
_SMALL = st.sampled_from([Fraction(v) for v in (0, 1, -1, 2, -2, 3, -3)])


@st.composite
def _lwr_search(draw_):
    """Small LWR problems, cheap to draw (for shrinking a counterexample): six rows (1, x₁)."""
    column = draw_(st.lists(_SMALL, min_size=6, max_size=6).filter(lambda c: len(set(c)) > 1))
    X = [[Fraction(1), v] for v in column]
    y = draw_(st.lists(_SMALL, min_size=6, max_size=6))
    return X, y, [Fraction(1), draw_(_SMALL)], draw_(st.sampled_from([Fraction(1), Fraction(2), Fraction(1, 2)]))


_WEIGHTS = {  # the printed weights w⁽ⁱ⁾, each read with Σ = τ²I where Σ is printed
    "000": (ng(305, r"w^{(i)} = \exp\left(-\frac{(x^{(i)} - x)^2}{2\tau^2}\right)"), 1),
    "000 fn 4, τ": (ng(311, r"$w^{(i)} = \exp(-(x^{(i)} - x)^T (x^{(i)} - x)/(2\tau^2))$"), 1),
    "000 fn 4, Σ": (ng(311, r"$w^{(i)} = \exp(-(x^{(i)} - x)^T \Sigma^{-1} (x^{(i)} - x)/2)$"), 1),
    "002": (neto(162, r"w^{(i)} = \exp\left(\frac{-(x^{(i)} - x)^2}{2\tau^2}\right)"), 1),
}


class _Printed:
    """Printed forms of Part I read once per size with symbolic data, then evaluated at drawn
    points (mpmath): ``forms`` holds every Form read, for the outcome."""

    def __init__(self):
        self.forms = {}
        self.functions = {}

    def function(self, key, quote, part, reading, symbols, derive=None):
        """The value of ``quote`` (part ``part``) under ``reading``, as a function of ``symbols``
        (derive: a transform of the value first, e.g. a gradient); None where this copy does not
        print it."""
        if key not in self.functions:
            form = form_of(quote, reading, part=part)
            self.forms.setdefault(quote, form)
            value = value_of(form)
            if value is not None and derive is not None:
                value = derive(value)
            self.functions[key] = None if value is None else sp.lambdify(symbols, value, "mpmath")
        return self.functions[key]


def _lwr_symbols(m, n):
    X = [[sp.Symbol(f"x{i}_{j}", real=True) for j in range(n)] for i in range(m)]
    query = [sp.Symbol(f"q{j}", real=True) for j in range(n)]
    y = [sp.Symbol(f"y{i}", real=True) for i in range(m)]
    w = [sp.Symbol(f"w{i}", positive=True) for i in range(m)]
    theta = [sp.Symbol(f"theta{j}", real=True) for j in range(n)]
    tau = sp.Symbol("tau", positive=True)
    return X, query, y, w, theta, tau


def _lwr_reading(X, query, y, w, theta, tau):
    """000 §4 and 002 §1.2.1: the examples x⁽ⁱ⁾ (rows of X), the query x, the weights w⁽ⁱ⁾, the
    bandwidth τ and Σ = τ²I (footnote 4's second form)."""
    n = len(query)
    return Reading({"x": Examples(tuple(sp.Matrix(r) for r in X), whole=sp.Matrix(query)),
                    "y": Examples(tuple(y)), "w": Examples(tuple(w)), "theta": sp.Matrix(theta), "tau": tau,
                    "Sigma": tau ** 2 * sp.eye(n)}, sizes={"m": len(X), "n": len(X)}, ranges={"i": (1, "m")})


@relies_on(lr, "lwr_weights", lambda f: lambda X, x, tau: f(X, x, 2 * tau), "τ doubled in the τ form")
@check("LR-14", "LWR weights as printed (000 line 305 and fn 4, Σ = τ²I; 002) equal the reference's; 0 < w ≤ 1, "
       "w = 1 at the query, w → 0 far away", "000 §4 fn 4; 002 §1.2.1", "identity",
       quotes=(ng(307, r"if  $|x^{(i)} - x|$  is small, then  $w^{(i)}$  is close to 1; and if  $|x^{(i)} - x|$  is large, then  $w^{(i)}$  is small."),
               ng(307, "Note that the weights depend on the particular point x at which we're trying to evaluate x.",
                  reading="the point x at which we evaluate h(x): the query point"),
               neto(164, r"and τ is called the **bandwidth** parameter."),
               neto(166, r"then $w^{(i)} \approx 1$. If $|x^{(i)} - x|$ is large, then $w^{(i)} \approx 0$")))
def lwr_weight_forms(ctx):
    read = _Printed()

    def printed_weights(X, x, tau):
        n = len(x)
        Xs, query, _, _, _, t = _lwr_symbols(1, n)
        reading = _lwr_reading(Xs, query, [0], [0], [0] * n, t).bind(i=sp.Integer(1))
        out = {}
        for key, (quote, part) in _WEIGHTS.items():
            f = read.functions[(key, n)] if (key, n) in read.functions else \
                read.function((key, n), quote, part, reading, Xs[0] + query + [t])
            out[key] = None if f is None else [f(*row, *x, tau) for row in X]
        return out

    def residual(p):
        X, y, x, tau = S.to_mpf(p)
        n = len(x)
        Sigma_inv = [[(1 / tau ** 2 if i == j else mpmath.mpf(0)) for j in range(n)] for i in range(n)]
        w = lr.lwr_weights(X, x, tau)
        w_sigma = lr.lwr_weights_sigma(X, x, Sigma_inv)
        printed_ = printed_weights(X, x, tau)
        if any(v is None for v in printed_.values()):
            return mpmath.inf
        at_self = lr.lwr_weights([x], x, tau)[0]
        far = lr.lwr_weights([[x[0]] + [v + 40 * tau for v in x[1:]]], x, tau)[0]  # e^(−800·(n−1)) or less
        out_of_range = sum(1 for v in w if not 0 < v <= 1)
        return (max(abs(a - b) for a, b in zip(w, w_sigma))
                + max(abs(a - b) for values in printed_.values() for a, b in zip(values, w))
                + abs(at_self - 1) + out_of_range + (0 if far < mpmath.mpf(10) ** -300 else 1))
    outcome = sampled(ctx, _lwr_problems(), residual, mpmath.mpf(10) ** (-(ctx.digits - 5)), names=_LWR_NAMES)
    return with_forms(outcome, *read.forms.values())


_LWR_OBJECTIVE_002 = neto(158, r"\sum_{i=1}^n w^{(i)} (y^{(i)} - \theta^T x^{(i)})^2")


def _objective_gradient(read, key, quote, m, n, part=None):
    """∇_θ of a printed objective Σᵢ (w⁽ⁱ⁾)(…)², as a function of (X, y, w, θ) at m examples, n
    features (None where this copy does not print it)."""
    if (key, m, n) in read.functions:
        f = read.functions[(key, m, n)]
    else:
        X, query, y, w, theta, tau = _lwr_symbols(m, n)
        reading = _lwr_reading(X, query, y, w, theta, tau)
        symbols = [v for row in X for v in row] + y + w + theta
        f = read.function((key, m, n), quote, part, reading, symbols,
                          derive=lambda value: sp.Matrix([sp.diff(value, t) for t in theta]))
    if f is None:
        return None
    return lambda X_, y_, w_, theta_: list(f(*[v for row in X_ for v in row], *y_, *w_, *theta_))


@relies_on(lr, "weighted_normal_equations", lambda f: lambda X, y, w: f(X, y, [1] * len(w)),
           "the weights ignored")
@check("LR-14", "LWR θ zeroes the gradient of 002's printed objective Σ w(y − θᵀx)²; τ → ∞ gives OLS",
       "000 §4; 002 §1.2.1", "optimality",
       quotes=(neto(156, "In locally weighted regression, we fit θ to minimize"),
               ng(291, "to make a prediction at a query point x (i.e., to evaluate h(x)), we would:"),
               ng(299, r"2. Output  $\theta^T x$ ."),
               ng(301, r"we'll try hard to make  $(y^{(i)} - \theta^T x^{(i)})^2$  small")))
def lwr_optimal(ctx):
    read = _Printed()

    def gradient_residual(p):
        X, y, x, tau = S.to_mpf(p)
        w = lr.lwr_weights(X, x, tau)
        theta = lr.weighted_normal_equations(X, y, w)
        gradient = _objective_gradient(read, "002", _LWR_OBJECTIVE_002, len(X), len(x))
        if gradient is None:
            return mpmath.inf
        return max(abs(g) for g in gradient(X, y, w, theta))

    def wide_bandwidth(p):
        # every weight is 1 − O(‖x⁽ⁱ⁾ − x‖²/τ²), so the prediction moves by O(1/τ²) from OLS
        X, y, x, _ = S.to_mpf(p)
        wide = lr.lwr_predict(X, y, [x], mpmath.mpf(10) ** 12)[0]
        ols = linalg.dot(lr.normal_equations(X, y), x)
        return abs(wide - ols) / (1 + abs(ols))
    n = min(ctx.examples, 20)
    outcome = combine(
        sampled(ctx, _lwr_problems(), gradient_residual, mpmath.mpf(10) ** (-(ctx.digits - 10)), n=n, names=_LWR_NAMES),
        sampled(ctx, _lwr_problems(), wide_bandwidth, mpmath.mpf(10) ** -18, n=n, names=_LWR_NAMES))
    return with_forms(outcome, *read.forms.values())


_LS_STEP = ng(293, r"Fit  $\theta$  to minimize  $\sum_{i} (y^{(i)} \theta^{T} x^{(i)})^{2}$ .")
_LWR_STEP = ng(298, r"Fit  $\theta$  to minimize  $\sum_{i} w^{(i)} (y^{(i)} \theta^{T} x^{(i)})^{2}$ .")
_OBJECTIVES = {False: ng(293, r"\sum_{i} (y^{(i)} \theta^{T} x^{(i)})^{2}"),  # the formulas of the two steps
               True: ng(298, r"\sum_{i} w^{(i)} (y^{(i)} \theta^{T} x^{(i)})^{2}")}


@check("LR-14", "the least-squares and LWR objectives Σ (w)(y − θᵀx)² (a minus sign lost in this copy, twice)",
       "000 §4", "identity")
def lwr_objective_sign(ctx):
    read = _Printed()

    def gradients(p, weighted):
        # ∇ of the objective as printed and of the corrected Σ w (y − θᵀx)², at the (weighted)
        # least-squares θ: 0 for an objective that θ minimises
        X, y, x, tau = S.to_mpf(p)
        w = lr.lwr_weights(X, x, tau) if weighted else [mpmath.mpf(1)] * len(X)
        theta = lr.weighted_normal_equations(X, y, w)
        gradient = _objective_gradient(read, weighted, _OBJECTIVES[weighted], len(X), len(x))
        printed_ = mpmath.inf if gradient is None else max(abs(g) for g in gradient(X, y, w, theta))
        corrected = [sum(-2 * wi * (yi - linalg.dot(theta, xi)) * xi[j] for wi, xi, yi in zip(w, X, y))
                     for j in range(len(theta))]
        return printed_, max(abs(g) for g in corrected)
    tol = mpmath.mpf(10) ** (-(ctx.digits - 10))
    n = min(ctx.examples, 15)
    steps = (("the ordinary least-squares step", "1. Fit θ to minimize Σᵢ (y⁽ⁱ⁾ θᵀx⁽ⁱ⁾)²  (its gradient is not 0 at the least-squares θ)",
              "1. Fit θ to minimize Σᵢ (y⁽ⁱ⁾ − θᵀx⁽ⁱ⁾)²", False, _LS_STEP),
             ("the two LWR steps", "1. Fit θ to minimize Σᵢ w⁽ⁱ⁾ (y⁽ⁱ⁾ θᵀx⁽ⁱ⁾)²  (its gradient is not 0 at the weighted least-squares θ)",
              "1. Fit θ to minimize Σᵢ w⁽ⁱ⁾ (y⁽ⁱ⁾ − θᵀx⁽ⁱ⁾)² (as 002 §1.2.1 prints)", True, _LWR_STEP))
    outcomes = []
    for where, printed_, fixed, weighted, quote in steps:
        def printed_residual(p, weighted=weighted):
            return gradients(p, weighted)[0]

        def corrected_residual(p, weighted=weighted):
            return gradients(p, weighted)[1]
        with mpmath.workdps(ctx.digits):
            as_printed_holds = all(printed_residual(p) <= tol for p in draw(ctx, _lwr_problems(), 3))
        if as_printed_holds:  # this copy prints the objective right: no erratum
            outcomes.append(sampled(ctx, _lwr_problems(), printed_residual, tol, n=n, names=_LWR_NAMES))
            continue
        outcomes.append(numeric_erratum(
            ctx, "LR-14", f"000 §4 ({where})", printed_, fixed, _lwr_problems(), printed_residual, corrected_residual,
            tol, n=n, nature="transcription", names=_LWR_NAMES, search=_lwr_search(), quote=quote))
    return with_forms(combine(*outcomes), *read.forms.values())


# ---- LR-16 -----------------------------------------------------------------------------------

_THETA_PRINTED = {  # where 000 §1 prints the housing θ (in $1000s): the formulas, one per θⱼ or one for all
    ("area",): (ng(102, r"\theta_0 = 71.27"), ng(102, r"\theta_1 = 0.1345")),
    ("area", "bedrooms"): (ng(106, r"\theta_0 = 89.60, \theta_1 = 0.1392, \theta_2 = -8.738"),),
}
_ROWS_PRINTED = (ng(39, "2104\t3\t400"), ng(40, "1600\t3\t330"), ng(41, "2400\t3\t369"),
                 ng(42, "1416\t2\t232"), ng(43, "3000\t4\t540"))


def printed_theta():
    """{features: (θ₀, θ₁, …) as this copy prints them, decimal strings, the digits kept}, and the
    Forms read. A θ the copy does not print is None."""
    theta = Vector(tuple(sp.Symbol(f"theta{j}", real=True) for j in range(3)))
    reading = Reading({"theta": theta})
    out, forms = {}, []
    for columns, quotes in _THETA_PRINTED.items():
        values = []
        for quote in quotes:
            statements = quote.text.count("=")
            for k in range(statements):
                form = form_of(quote, reading, part=1, statement=k)
                forms.append(form)
                values.append(_decimal(form.variants[0].tex, k) if form.variants and value_of(form) is not None
                              else None)
        out[columns] = tuple(values)
    return out, forms


def _decimal(tex, statement):
    """The number printed on the right of statement ``statement`` of ``tex``, as printed ('89.60')."""
    formula = parse(tex)
    node = formula.statements[statement].parts[1][1]
    sign = ""
    if isinstance(node, syntax.Negate):
        sign, node = "-", node.body
    if not isinstance(node, syntax.Number):
        raise NotationError(f"{tex!r} prints no number after its '='")
    return sign + node.text


def printed_rows():
    """The first five rows of 000's housing table as this copy prints them (area, bedrooms,
    price), None for a row it does not print."""
    rows = []
    for quote in _ROWS_PRINTED:
        located = copies.current().locate(quote)
        text = located.first.text if located.found else None
        try:
            rows.append(tuple(int(v) for v in text.split()) if text is not None else None)
        except ValueError:
            rows.append(None)
    return rows


_HOUSING_QUOTES = (ng(102, r"we obtain  $\theta_0 = 71.27$ ,  $\theta_1 = 0.1345$"),
                   ng(106, r"we get  $\theta_0 = 89.60, \theta_1 = 0.1392, \theta_2 = -8.738$"),
                   ng(7, "living areas and prices of 47 houses from Portland, Oregon")) + _ROWS_PRINTED + (
                   ng(10, "2104\t400"), ng(11, "1600\t330"), ng(12, "2400\t369"), ng(13, "1416\t232"), ng(14, "3000\t540"),
                   ng(46, r"$x_1^{(i)}$  is the living area of the i-th house in the training set, and  $x_2^{(i)}$  is its number of bedrooms"))
HOUSING_MEASURE = "|θ − the print| in half-units of the last printed digit (≤ 1: θ rounds to the print)"


def _printed_error(value, printed):
    """|value − printed| in units of half the last printed digit (<= 1: rounds to the print)."""
    decimals = len(printed.split(".")[1])
    return abs(Fraction(value) - Fraction(printed)) / Fraction(1, 2 * 10 ** decimals)


def _housing_design(columns):
    data = datasets.housing()
    X = [[1] + [data[c][i] for c in columns] for i in range(len(data["price"]))]
    return X, data["price"]


def _compare(theta, printed):
    if len(printed) != len(theta) or None in printed:
        return None  # this copy does not print every θⱼ
    return max(_printed_error(t, p) for t, p in zip(theta, printed))


def _reproduced(compute, measure_label):
    """LR-16's outcome: ``compute(columns)`` → (θ, shown) against the θ this copy prints."""
    printed_, forms = printed_theta()
    worst, shown, missing = 0, [], []
    for columns, printed in printed_.items():
        theta, text = compute(columns)
        error = _compare(theta, printed)
        if error is None:
            missing.append(" and ".join(columns))
        else:
            worst = max(worst, error)
        shown.append(text)
    return printed_, forms, worst, shown, missing


def housing_theta(columns):
    """LR-16 (000 §1): the exact least-squares θ on the 47 houses with the features ``columns``
    ('area', or 'area' and 'bedrooms'), price in $1000s: the θ this check compares with the
    notes' print and the housing figure draws."""
    return lr.normal_equations(*_housing_design(columns))


def _moved_print(printed):
    """A mutant of the print: the last digit of θ₀ moved by one."""
    def moved():
        out, forms = printed()
        out = copy.deepcopy(out)
        key = ("area",)
        out[key] = ("71.28",) + out[key][1:]
        return out, forms
    return moved


@relies_on(globals(), "printed_theta", _moved_print, "θ₀ printed as 71.28")
@check("LR-16", "housing θ by the normal equations: (71.27, 0.1345), (89.60, 0.1392, −8.738)",
       "000 §1", "reproduction", quotes=_HOUSING_QUOTES)
def housing_normal_equations(ctx):
    def compute(columns):
        theta = housing_theta(columns)
        return theta, "(" + ", ".join(f"{float(t):.6g}" for t in theta) + ")"
    _, forms, worst, shown, missing = _reproduced(compute, HOUSING_MEASURE)
    data = datasets.housing()
    rows = printed_rows()
    rows_ok = all(rows[i] == (data["area"][i], data["bedrooms"][i], round(data["price"][i])) for i in range(5))
    passed = worst <= 1 and rows_ok and not missing
    detail = "θ = " + " and ".join(shown) + ("" if rows_ok else "; first rows differ from the printed table") + \
        (f"; θ not printed for {', '.join(missing)}" if missing else "")
    return with_forms(Outcome(passed, "47 houses, exact", float(worst), detail, measure=HOUSING_MEASURE), *forms)


@relies_on(lr, "batch_gradient_descent",
           lambda f: lambda X, y, theta, alpha, max_iterations=10_000, tol=1e-10, **k: f(X, y, theta, alpha, 10, None, **k),
           "the iterations cut to 10")
@check("LR-16", "housing θ by batch gradient descent (standardised features)", "000 §1",
       "reproduction", quotes=_HOUSING_QUOTES + (ng(108, "The above results were obtained with batch gradient descent."),))
def housing_gradient_descent(ctx):
    def compute(columns):
        X, y = _housing_design(columns)
        X = [[float(v) for v in row] for row in X]
        y = [float(v) for v in y]
        m, n = len(X), len(X[0])
        mean = [sum(row[j] for row in X) / m for j in range(n)]
        spread = [(sum((row[j] - mean[j]) ** 2 for row in X) / m) ** 0.5 for j in range(n)]
        Z = [[1.0] + [(row[j] - mean[j]) / spread[j] for j in range(1, n)] for row in X]
        fit = lr.batch_gradient_descent(Z, y, [0.0] * n, 0.5, 100_000, tol=1e-14, average=True)
        t = fit.theta
        theta = [t[0] - sum(t[j] * mean[j] / spread[j] for j in range(1, n))] + \
                [t[j] / spread[j] for j in range(1, n)]
        return theta, "(" + ", ".join(f"{v:.6g}" for v in theta) + f") in {fit.iterations} iterations"
    _, forms, worst, shown, missing = _reproduced(compute, HOUSING_MEASURE)
    detail = "θ = " + " and ".join(shown) + "; x scaled to (x − μ)/s, θ mapped back" + \
        (f"; θ not printed for {', '.join(missing)}" if missing else "")
    return with_forms(Outcome(worst <= 1 and not missing, "47 houses, float64", float(worst), detail,
                              measure=HOUSING_MEASURE), *forms)


# ---- what Part I prints that no check decides -------------------------------------------------

for _quote, _reason, _id in [
    (ng(24, 'to denote the "input" variables (living area in this example)'), "definitions of notation", "LR-1"),
    (ng(26, r"to learn a function  $h: \mathcal{X} \mapsto \mathcal{Y}$"), "a definition (the hypothesis)", "LR-1"),
    (ng(30, "we call the learning problem a **regression** problem"), "definitions (regression, classification)", "LR-1"),
    (ng(62, "you may recognize this as the familiar least-squares cost function"), "a remark", "LR-2"),
    (ng(96, "We use the notation \"a := b\" to denote an operation"), "a definition of notation", "LR-4"),
    (ng(263, "The principal of **maximum likelihood** says that we should choose"),
     "a principle (the definition of maximum likelihood), not a formula of this model", "LR-13"),
    (ng(283, r"The leftmost figure below shows the result of fitting a  $y = \theta_0 + \theta_1 x$  to a dataset."),
     "a figure absent from this copy (its data are not printed)", "LR-15"),
    (neto(51, r"to find a **hypothesis** h such that $h(x) \approx y$."), "an informal definition", "LR-1"),
    (neto(170, "Why do we use least squares?"), "a question (LR-13 answers it)", "LR-13"),
    (ng(100, "which was initialized at (48,30)"),
     "a figure absent from this copy: the quadratic whose contours it draws is not printed", "LR-5"),
    (ng(114, "Often, stochastic gradient descent gets  $\\theta$  \"close\" to the minimum much faster than batch gradient descent."),
     "an empirical remark about speed (the benchmarks measure the project's own speed, not this claim)", "LR-6"),
    (ng(120, "by slowly letting the learning rate  $\\alpha$  decrease to zero as the algorithm runs, it is also possible to ensure"),
     "a convergence theorem stated without its conditions (Robbins-Monro); the decaying rate is "
     "implemented and tested (LR-6), not proved", "LR-6"),
    (ng(188, "(actually m-by-n+1, if we include the intercept term)"), "a definition (the design matrix's shape)", "LR-1"),
    (ng(265, "we can also maximize any strictly increasing function of  $L(\\theta)$"),
     "a general fact about maximisers, not a formula of this model", "LR-13"),
    (ng(277, "the probabilistic assumptions are by no means necessary for least-squares to be a perfectly good and rational procedure"),
     "an opinion", "LR-13"),
    (ng(287, "fitting a 5-th order polynomial  $y = \\sum_{j=0}^{5} \\theta_j x^j$"),
     "a figure absent from this copy (its data are not printed); the polynomial features are "
     "implemented and tested (LR-15)", "LR-15"),
    (ng(309, "Locally weighted linear regression is the first example we're seeing of a **non-parametric** algorithm."),
     "a definition", "LR-14"),
    (neto(152, "Parametric learning algorithm: fit a fixed set of parameters θ_i to data."), "a definition", "LR-14"),
    (neto(154, "Non-parametric learning algorithm: the amount of data/parameters needed grows with the size of the training set."),
     "a definition", "LR-14"),
    (neto(192, "This proves that minimizing the least square errors is finding the maximum likelihood estimate."),
     "a summary of the LR-13 chain, which is checked", "LR-13"),
]:
    unchecked(_quote, _reason, _id)
