"""Part I checks: least squares, gradient descent, the normal equations, the Gaussian model and
locally weighted regression (000 Part I; 002 §1.1-1.2). Matrix calculus (§2.1) is in
``matrix_calculus``."""
import copy
from fractions import Fraction

import mpmath
import numpy as np
import sympy as sp
from hypothesis import strategies as st

from cs229.reference import datasets, linalg
from cs229.reference import linear_regression as lr

from .. import strategies as S
from ..checking import (Step, chain, combine, entries_named, exact, named, numeric_erratum,
                        positive, relies_on, sampled)
from ..printed import printed
from ..registry import Outcome, Quote, check, unchecked
from ..text import Examples, Function, Reading, Vector
from ..symbolic import gradient_vector, symbol_matrix, tr

M, N = 3, 2  # the concrete sizes the symbolic chains are proved at


def ng(line, text, reading=""):
    return Quote("000", line, text, reading)


def neto(line, text, reading=""):
    return Quote("002", line, text, reading)


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
    """One training example (x, y): h_θ(x) = θᵀx, J(θ) = ½(h_θ(x) − y)² (000 §1, 002 §1.1.2)."""
    def h(v):
        return (sp.Matrix(theta).T * v)[0]
    return Reading({"x": Vector(tuple(x)), "theta": Vector(tuple(theta)), "y": y,
                    "h_theta": Function(h), "h": Function(h),
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
    x, theta, y, h = _single_example()
    alpha = sp.Symbol("alpha", positive=True)
    J = sp.Rational(1, 2) * (h - y) ** 2
    steps = []
    for j in range(len(theta)):
        steps.append(chain([
            Step(theta[j] - alpha * sp.diff(J, theta[j]), "θⱼ := θⱼ − α ∂J/∂θⱼ",
                 quote=ng(68, r"\theta_j := \theta_j - \alpha \frac{\partial}{\partial \theta_j} J(\theta).")),
            Step(theta[j] + alpha * (y - h) * x[j], "the LMS rule",
                 quote=ng(84, r"\theta_j := \theta_j + \alpha \left( y^{(i)} - h_{\theta}(x^{(i)}) \right) x_j^{(i)}.")),
        ], "LR-4", "000 §1", "n=3, every j"))
        steps.append(chain([
            Step(theta[j] - alpha * sp.diff(J, theta[j]), "θⱼ := θⱼ − α ∂J/∂θⱼ",
                 quote=neto(72, r"\theta_j := \theta_j - \alpha \frac{\partial}{\partial \theta_j} J(\theta)")),
            Step(theta[j] + alpha * (y - h) * x[j], "the stochastic update",
                 quote=neto(106, r"\theta_j := \theta_j + \alpha (y^{(i)} - h_{\theta}(x^{(i)})) x_j^{(i)}")),
        ], "LR-4", "002 §1.1.2", "n=3, every j"))

    def same(p):
        X, y_, theta_ = p
        a = Fraction(1, 16)
        expected = [t + a * (y_[0] - linalg.dot(X[0], theta_)) * xj for t, xj in zip(theta_, X[0])]
        return lr.lms_update(X[0], y_[0], theta_, a) == expected
    return combine(*steps, exact(ctx, S.regression_problems(), same, cap=20))


# ---- LR-5 ------------------------------------------------------------------------------------

@check("LR-5", "the batch update's sum is the gradient of J", "000 §1", "derivation",
       quotes=(ng(91, r"\theta_j := \theta_j + \alpha \sum_{i=1}^m \left(y^{(i)} - h_{\theta}(x^{(i)})\right) x_j^{(i)}"),
               neto(85, r"\theta_j := \theta_j + \alpha \sum_{i=1}^n (y^{(i)} - h_{\theta}(x^{(i)})) x_j^{(i)}")))
def batch_update_is_gradient(ctx):
    X, y, theta = _least_squares_symbols()
    J = sp.Rational(1, 2) * sum(((X[i, :] * theta)[0] - y[i]) ** 2 for i in range(M))
    outcomes = []
    for j in range(N):
        printed = sum((y[i] - (X[i, :] * theta)[0]) * X[i, j] for i in range(M))
        outcomes.append(chain([
            Step(sp.diff(J, theta[j]), "∂J/∂θⱼ"),
            Step(printed, "'the quantity in the summation ... is just ∂J(θ)/∂θⱼ'",
                 corrected=-printed,
                 printed="Σᵢ (y⁽ⁱ⁾ − h(x⁽ⁱ⁾)) xⱼ⁽ⁱ⁾ = ∂J(θ)/∂θⱼ",
                 fixed="Σᵢ (y⁽ⁱ⁾ − h(x⁽ⁱ⁾)) xⱼ⁽ⁱ⁾ = −∂J(θ)/∂θⱼ, so θ := θ + αΣ(...) is descent on J",
                 quote=ng(94, r"the quantity in the summation in the update rule above is just  $\partial J(\theta)/\partial\theta_j$")),
        ], "LR-5", "000 §1 (after the batch update)", f"m={M}, n={N}, every j", _least_squares_names(X, y, theta)))
    return combine(*outcomes)


@check("LR-5", "J is a convex quadratic: ∇²J = XᵀX and zᵀXᵀXz = ‖Xz‖² ≥ 0", "000 §1", "identity",
       quotes=(ng(94, r"Indeed, J is a convex quadratic function."),
               ng(94, "has only one global, and no other local, optima", reading=(
                   "every local minimum of J is global (convexity); the minimiser is one point only "
                   "when XᵀX is invertible, which LR-12 asks (a singular XᵀX is refused)"))))
def cost_is_convex(ctx):
    X, y, theta = _least_squares_symbols()
    J = sp.Rational(1, 2) * ((X * theta - y).T * (X * theta - y))[0]
    z = symbol_matrix("z", N, 1)
    hessian = sp.Matrix(N, N, lambda a, b: sp.diff(J, theta[a], theta[b]))
    names = {**_least_squares_names(X, y, theta), **entries_named(z, "z")}
    return combine(
        chain([Step(hessian, "∇²J"), Step(X.T * X, "= XᵀX")], "LR-5", "000 §1", f"m={M}, n={N}", names),
        chain([Step((z.T * X.T * X * z)[0], "zᵀXᵀXz"), Step(sum(v ** 2 for v in X * z), "= ‖Xz‖² ≥ 0")],
              "LR-5", "000 §1", f"m={M}, n={N}", names))


def listing_1(x, y, theta, alpha, numIterations):
    """002 Listing 1 as printed (numpy; on object arrays it computes in Fractions)."""
    m = len(y)  # Number of examples
    for iteration in range(numIterations):
        hypothesis = np.dot(x, theta)
        loss = hypothesis - y
        gradient = np.dot(x.T, loss) / m  # Compute gradient over all examples
        theta = theta - alpha * gradient  # Update theta
    return theta


def listing_2(x, y, theta, alpha, numIterations):
    """002 Listing 2 as printed."""
    m = len(y)  # Number of examples
    for iteration in range(numIterations):
        for i in range(m):
            xi = x[i].reshape(1, -1)  # Single example
            yi = y[i]
            hypothesis = np.dot(xi, theta)
            loss = hypothesis - yi
            gradient = xi.T * loss  # Gradient for this example
            theta = theta - alpha * gradient.flatten()  # Update theta
    return theta


def _objects(p):
    X, y, theta = p
    return (np.array(X, dtype=object), np.array(y, dtype=object), np.array(theta, dtype=object))


@relies_on(lr, "batch_gradient_descent",
           lambda f: lambda X, y, theta, alpha, *a, **k: f(X, y, theta, alpha * Fraction(33, 32), *a, **k),
           "the step size changed by 1/32")
@check("LR-5", "002 Listing 1 (gradient / m) is the notes' update with α/m, exactly", "002 Listing 1",
       "identity", quotes=(neto(95, "hypothesis = np.dot(x, theta)"), neto(96, "loss = hypothesis - y"),
                           neto(97, "gradient = np.dot(x.T, loss) / m # Compute gradient over all examples"),
                           neto(98, "theta = theta - alpha * gradient # Update theta"),
                           neto(83, "So, our algorithm becomes to repeat, until convergence, the update"),
                           ng(70, "(This update is simultaneously performed for all values of j = 0, ..., n.)")))
def listing_1_is_the_update(ctx):
    def same(p):
        X, y, theta = p
        alpha = Fraction(1, 64)
        printed = listing_1(*_objects(p), alpha, 4)
        notes = lr.batch_gradient_descent(X, y, theta, alpha / len(X), 4, tol=None).theta
        averaged = lr.batch_gradient_descent(X, y, theta, alpha, 4, tol=None, average=True).theta
        return list(printed) == notes == averaged
    return exact(ctx, S.regression_problems(), same, cap=20)


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
@check("LR-6", "002 Listing 2 and 000's stochastic loop take the same steps, exactly", "000 §1; 002 Listing 2",
       "identity", quotes=(ng(111, r"Loop { for i=1 to m, \{ \\ \theta_j := \theta_j + \alpha \left(y^{(i)} - h_\theta(x^{(i)})\right) x_j^{(i)}"),
                           neto(117, "xi = x[i].reshape(1, -1) # Single example"), neto(119, "hypothesis = np.dot(xi, theta)"),
                           neto(120, "loss = hypothesis - yi"),
                           neto(121, "gradient = xi.T * loss # Gradient for this example"),
                           neto(122, "theta = theta - alpha * gradient.flatten() # Update theta")))
def listing_2_is_the_loop(ctx):
    def same(p):
        X, y, theta = p
        alpha = Fraction(1, 32)
        printed = listing_2(*_objects(p), alpha, 2)
        return list(printed) == lr.stochastic_gradient_descent(X, y, theta, alpha, epochs=2).theta
    return exact(ctx, S.regression_problems(), same, cap=20)


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
        outcomes.append(chain([
            Step(grad, "∇_{Aᵀ} by definition"),
            Step(by_3.T, "(2): (∇_A trABAᵀC)ᵀ"),
            Step((C * A * B + C.T * A * B.T).T, "(3): (CAB + CᵀABᵀ)ᵀ"),
            Step(B.T * A.T * C.T + B * A.T * C, "(5)",
                 quote=ng(212, r"\nabla_{A^T} \operatorname{tr} A B A^T C = B^T A^T C^T + B A^T C \tag{5}")),
        ], "LR-11", "000 (5)", f"A {p}×{q}"))
    return combine(*outcomes)


def _normal_equation_chain_000():
    X, y, theta = _least_squares_symbols()
    g = lambda e: gradient_vector(e, theta)  # noqa: E731
    half = sp.Rational(1, 2)
    z = X * theta - y
    s = lambda M_: M_[0, 0]  # noqa: E731
    expanded = s(theta.T * X.T * X * theta) - s(theta.T * X.T * y) - s(y.T * X * theta) + s(y.T * y)
    return [
        Step(g(half * s(z.T * z)), "J in matrix form",
             quote=ng(216, r"\nabla_{\theta} J(\theta) = \nabla_{\theta} \frac{1}{2} (X\theta - \vec{y})^T (X\theta - \vec{y})")),
        Step(half * g(expanded), "expand the product",
             quote=ng(218, r"= \frac{1}{2} \nabla_{\theta} \left( \theta^T X^T X \theta - \theta^T X^T \vec{y} - \vec{y}^T X \theta + \vec{y}^T \vec{y} \right)")),
        Step(half * g(tr(sp.Matrix([[expanded]]))), "a real number is its own trace (the third step)",
             quote=ng(220, r"= \frac{1}{2} \nabla_{\theta} \operatorname{tr} \left( \theta^T X^T X \theta")),
        Step(half * g(tr(theta.T * X.T * X * theta) - 2 * tr(y.T * X * theta)),
             "trA = trAᵀ; yᵀy does not depend on θ (the fourth step)",
             quote=ng(222, r"= \frac{1}{2} \nabla_{\theta} \left( \operatorname{tr} \theta^T X^T X \theta - 2 \operatorname{tr} \vec{y}^T X \theta \right)")),
        Step(half * (X.T * X * theta + X.T * X * theta - 2 * X.T * y), "(5) with Aᵀ=θ, B=XᵀX, C=I, and (1) (the fifth step)",
             quote=ng(224, r"= \frac{1}{2} \left( X^T X \theta + X^T X \theta - 2 X^T \vec{y} \right)")),
        Step(X.T * X * theta - X.T * y, "collect", quote=ng(226, r"= X^T X \theta - X^T \vec{y}")),
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
    fourth = chain([Step(tr(theta.T * X.T * y), "tr θᵀXᵀy"), Step(tr((theta.T * X.T * y).T), "= tr (θᵀXᵀy)ᵀ"),
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
    g = lambda e: gradient_vector(e, theta)  # noqa: E731
    half = sp.Rational(1, 2)
    s = lambda M_: M_[0, 0]  # noqa: E731
    Xt = X * theta
    return chain([
        Step(g(half * s((Xt - y).T * (Xt - y))), "definition",
             quote=neto(138, r"DJ(\theta) &= D\left(\frac{1}{2} (X\theta - y)^T (X\theta - y)\right)")),
        Step(half * g(s(Xt.T * Xt) - s(Xt.T * y) - s(y.T * Xt) + s(y.T * y)), "expand",
             quote=neto(138, r"&= \frac{1}{2} D((X\theta)^T X\theta - (X\theta)^T y - y^T (X\theta) + y^T y)")),
        Step(half * g(s(theta.T * X.T * X * theta) - s(theta.T * X.T * y) - s(y.T * X * theta)),
             "yᵀy is constant in θ", quote=neto(138, r"&= \frac{1}{2} D(\theta^T X^T X\theta - \theta^T X^T y - y^T X\theta)")),
        Step(half * g(s(theta.T * X.T * X * theta) - s(y.T * X * theta) - s(y.T * X * theta)), "θᵀXᵀy = yᵀXθ",
             quote=neto(138, r"&= \frac{1}{2} D(\theta^T X^T X\theta - y^T X\theta - y^T X\theta)")),
        Step(half * g(s(theta.T * X.T * X * theta) - 2 * s((X.T * y).T * theta)), "(Xᵀy)ᵀθ",
             quote=neto(138, r"&= \frac{1}{2} D(\theta^T X^T X\theta - 2(X^T y)^T \theta)")),
        Step(half * (2 * X.T * X * theta - 2 * X.T * y), "differentiate",
             quote=neto(138, r"&= \frac{1}{2} (2X^T X\theta - 2X^T y)")),
        Step(X.T * X * theta - X.T * y, "collect", quote=neto(138, r"&= X^T X\theta - X^T y \end{aligned}")),
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
    exact_points = exact(ctx, problems,
                         lambda p: _normal_residual(p[0], p[1], lr.normal_equations(p[0], p[1])) == 0)

    def residual_mpf(p):
        X, y, _ = S.to_mpf(p)
        return _normal_residual(X, y, lr.normal_equations(X, y)) / (1 + linalg.max_abs(X) ** 2)

    high = sampled(ctx, problems, residual_mpf, mpmath.mpf(10) ** (-(ctx.digits - 5)))
    return combine(exact_points, high)


@relies_on(lr, "normal_equations", lambda f: lambda *a, **k: _shifted_first(f(*a, **k)),
           "θ's intercept moved by one")
@check("LR-12", "θ minimises J: J(θ+δ) − J(θ) = ½‖Xδ‖² ≥ 0", "000 §2.2", "optimality",
       quotes=(ng(232, r"the value of  $\theta$  that minimizes  $J(\theta)$  is given in closed form"),
               neto(144, r"Hence, the value of θ that minimizes $J(\theta)$ is")))
def normal_equations_minimise(ctx):
    def holds(p):
        (X, y, _), delta = p
        theta = lr.normal_equations(X, y)
        moved = [t + d for t, d in zip(theta, delta)]
        Xd = linalg.matvec(X, delta)
        return lr.cost(X, y, moved) - lr.cost(X, y, theta) == linalg.dot(Xd, Xd) / 2
    problems = S.regression_problems().flatmap(lambda p: st.tuples(st.just(p), S.vectors(len(p[0][0]))))
    return exact(ctx, problems, holds)


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


@check("LR-13", "p(ε) with ε = y − θᵀx gives p(y|x;θ) = N(θᵀx, σ²) (a shift: dε/dy = 1)", "000 §3; 002 §1.2.2",
       "derivation", quotes=(ng(240, r"y^{(i)} = \theta^T x^{(i)} + \epsilon^{(i)},"),
                             ng(242, r"Let us further assume that the  $\epsilon^{(i)}$  are distributed IID"),
                             ng(244, r"$\epsilon^{(i)} \sim \mathcal{N}(0, \sigma^2)$"),
                             ng(248, "This implies that"), neto(174, "This means that"),
                             neto(172, r"Suppose that $y^{(i)} = \theta^T x^{(i)} + \varepsilon^{(i)}$")))
def noise_to_likelihood(ctx):
    sigma = sp.Symbol("sigma", positive=True)
    y, eps, mean = sp.symbols("y epsilon t", real=True)  # t stands for θᵀx
    p_eps = sp.exp(-eps ** 2 / (2 * sigma ** 2)) / (sp.sqrt(2 * sp.pi) * sigma)
    # P(y ≤ v) = P(ε ≤ v − θᵀx): the density of y is d/dv of that, p_ε(v − θᵀx)·d(v − θᵀx)/dv
    cdf = sp.integrate(p_eps, (eps, -sp.oo, y - mean))
    names = {sigma: positive("σ"), y: named("y⁽ⁱ⁾"), mean: named("θᵀx⁽ⁱ⁾")}
    chain_000 = chain([
        Step(sp.diff(cdf, y), "d/dy P(ε ≤ y − θᵀx)"),
        Step(p_eps.subs(eps, y - mean) * sp.diff(y - mean, y), "p_ε(y − θᵀx)·1",
             quote=ng(246, r"p(\epsilon^{(i)}) = \frac{1}{\sqrt{2\pi}\sigma} \exp\left(-\frac{(\epsilon^{(i)})^2}{2\sigma^2}\right).")),
        Step(sp.exp(-(y - mean) ** 2 / (2 * sigma ** 2)) / (sp.sqrt(2 * sp.pi) * sigma), "p(y|x;θ), as printed",
             quote=ng(250, r"p(y^{(i)}|x^{(i)};\theta) = \frac{1}{\sqrt{2\pi}\sigma} \exp\left(-\frac{(y^{(i)} - \theta^T x^{(i)})^2}{2\sigma^2}\right).")),
        Step(sp.exp(-(y - mean) ** 2 / (2 * sigma ** 2)) / sp.sqrt(2 * sp.pi * sigma ** 2), "the N(θᵀx, σ²) density",
             quote=ng(252, r"$y^{(i)} \mid x^{(i)}; \theta \sim \mathcal{N}(\theta^T x^{(i)}, \sigma^2)$")),
    ], "LR-13", "000 §3", "symbolic σ", names)
    chain_002 = chain([
        Step(sp.diff(cdf, y), "d/dy P(ε ≤ y − θᵀx), ε ~ N(0, σ²)",
             quote=neto(172, r"$\varepsilon^{(i)} \sim N(0, \sigma^2)$")),
        Step(sp.exp(-(y - mean) ** 2 / (2 * sigma ** 2)) / (sp.sqrt(2 * sp.pi) * sigma), "as printed",
             quote=neto(176, r"p(y^{(i)} | x^{(i)}; \theta) = \frac{1}{\sqrt{2\pi}\sigma} \exp\left(\frac{-(y^{(i)} - \theta^T x^{(i)})^2}{2\sigma^2}\right)")),
        Step(sp.exp(-(y - mean) ** 2 / (2 * sigma ** 2)) / sp.sqrt(2 * sp.pi * sigma ** 2), "N(θᵀx, σ²)",
             quote=neto(178, r"$(y^{(i)} | x^{(i)}; \theta) \sim N(\theta^T x^{(i)}, \sigma^2)$")),
    ], "LR-13", "002 §1.2.2", "symbolic σ", names)
    return combine(chain_000, chain_002)


@check("LR-13", "L(θ) = Πᵢ p(y⁽ⁱ⁾|x⁽ⁱ⁾;θ) = Πᵢ (1/(√(2π)σ)) exp(−(y − θᵀx)²/(2σ²))", "000 §3; 002 §1.2.2",
       "derivation", quotes=(ng(254, r"The probability of the data is given by  $p(\vec{y}|X;\theta)$"),
                             ng(258, r"Note that by the independence assumption on the  $\epsilon^{(i)}$ 's"),
                             neto(180, r"The **likelihood** of θ is")))
def gaussian_likelihood_chain(ctx):
    sigma, y, mu, p = _gaussian_symbols()
    names = {sigma: positive("σ"), **_gaussian_names(y, mu)}
    printed = sp.Mul(*[sp.exp(-(yi - mi) ** 2 / (2 * sigma ** 2)) / (sp.sqrt(2 * sp.pi) * sigma) for yi, mi in zip(y, mu)])
    joint = sp.exp(-sum((yi - mi) ** 2 for yi, mi in zip(y, mu)) / (2 * sigma ** 2)) / (2 * sp.pi * sigma ** 2) ** sp.Rational(3, 2)
    return combine(
        chain([Step(joint, "p(y⃗|X;θ): independent ε, N(Xθ, σ²I)", quote=ng(256, r"L(\theta) = L(\theta; X, \vec{y}) = p(\vec{y}|X; \theta).")),
               Step(sp.Mul(*p), "Πᵢ p(y⁽ⁱ⁾|x⁽ⁱ⁾;θ)", quote=ng(260, r"L(\theta) = \prod_{i=1}^{m} p(y^{(i)} \mid x^{(i)}; \theta)")),
               Step(printed, "as printed", quote=ng(261, r"= \prod_{i=1}^{m} \frac{1}{\sqrt{2\pi}\sigma} \exp"))],
              "LR-13", "000 §3", "m=3", names),
        chain([Step(joint, "p(y|x;θ)"),
               Step(sp.Mul(*p), "Πᵢ p(y⁽ⁱ⁾|x⁽ⁱ⁾;θ)", quote=neto(182, r"L(\theta) = p(y | x; \theta) = \prod_{i=1}^m p(y^{(i)} | x^{(i)}; \theta)", reading=(
                   "the product runs to m while 002 §1.1 calls the number of examples n (line 63): "
                   "the same number under two letters")))],
              "LR-13", "002 §1.2.2", "m=3", names))


@check("LR-13", "ℓ(θ) = m log(1/(√(2π)σ)) − (1/σ²)·½Σ(y−θᵀx)², 000's chain", "000 §3", "derivation",
       quotes=(ng(267, r"instead maximize the **log likelihood**  $\ell(\theta)$ :"),))
def gaussian_log_likelihood_000(ctx):
    sigma, y, mu, p = _gaussian_symbols()
    m = len(y)
    return chain([
        Step(sp.expand_log(sp.log(sp.Mul(*p)), force=True), "ℓ = log L",
             quote=ng(269, r"&= \log \prod_{i=1}^{m} \frac{1}{\sqrt{2\pi}\sigma}")),
        Step(sum(sp.expand_log(sp.log(pi), force=True) for pi in p), "log of a product",
             quote=ng(269, r"&= \sum_{i=1}^{m} \log \frac{1}{\sqrt{2\pi}\sigma}")),
        Step(m * sp.log(1 / (sp.sqrt(2 * sp.pi) * sigma))
             - 1 / sigma ** 2 * sp.Rational(1, 2) * sum((yi - mi) ** 2 for yi, mi in zip(y, mu)), "log exp",
             quote=ng(269, r"&= m \log \frac{1}{\sqrt{2\pi}\sigma} - \frac{1}{\sigma^{2}} \cdot \frac{1}{2} \sum_{i=1}^{m} (y^{(i)} - \theta^{T}x^{(i)})^{2}.")),
    ], "LR-13", "000 §3", "m=3", {sigma: positive("σ"), **_gaussian_names(y, mu)})


@check("LR-13", "ℓ(θ) = m log(1/(√(2π)σ)) + Σ −(y−θᵀx)²/(2σ²), 002's chain", "002 §1.2.2", "derivation")
def gaussian_log_likelihood_002(ctx):
    sigma, y, mu, p = _gaussian_symbols()
    m = len(y)
    return chain([
        Step(sp.expand_log(sp.log(sp.Mul(*p)), force=True), "l = log L",
             quote=neto(186, r"l(\theta) &= \log(L(\theta))")),
        Step(sum(sp.log(1 / (sp.sqrt(2 * sp.pi) * sigma))
                 + sp.expand_log(sp.log(sp.exp(-(yi - mi) ** 2 / (2 * sigma ** 2))), force=True)
                 for yi, mi in zip(y, mu)), "log of a product",
             quote=neto(186, r"= \sum_{i=1}^m \left(\log\left(\frac{1}{\sqrt{2\pi}\sigma}\right) + \log \exp")),
        Step(m * sp.log(1 / (sp.sqrt(2 * sp.pi) * sigma))
             + sum(-(yi - mi) ** 2 / (2 * sigma ** 2) for yi, mi in zip(y, mu)), "log exp",
             quote=neto(186, r"&= m \log\left(\frac{1}{\sqrt{2\pi}\sigma}\right) + \sum_{i=1}^m \frac{-(y^{(i)} - \theta^T x^{(i)})^2}{2\sigma^2}")),
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
    return sampled(ctx, S.regression_problems(), residual, mpmath.mpf(10) ** (-(ctx.digits - 10)),
                   n=min(ctx.examples, 15))


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


@relies_on(lr, "lwr_weights", lambda f: lambda X, x, tau: f(X, x, 2 * tau), "τ doubled in the τ form")
@check("LR-14", "LWR weights: Σ⁻¹ = I/τ² form equals the τ form; 0 < w ≤ 1, w = 1 at the query, w → 0 far away",
       "000 §4 fn 4; 002 §1.2.1", "identity",
       quotes=(ng(305, r"w^{(i)} = \exp\left(-\frac{(x^{(i)} - x)^2}{2\tau^2}\right)"),
               ng(311, r"$w^{(i)} = \exp(-(x^{(i)} - x)^T (x^{(i)} - x)/(2\tau^2))$"),
               ng(311, r"$w^{(i)} = \exp(-(x^{(i)} - x)^T \Sigma^{-1} (x^{(i)} - x)/2)$"),
               ng(307, r"if  $|x^{(i)} - x|$  is small, then  $w^{(i)}$  is close to 1; and if  $|x^{(i)} - x|$  is large, then  $w^{(i)}$  is small."),
               ng(307, "Note that the weights depend on the particular point x at which we're trying to evaluate x.",
                  reading="the point x at which we evaluate h(x): the query point"),
               neto(162, r"w^{(i)} = \exp\left(\frac{-(x^{(i)} - x)^2}{2\tau^2}\right)"),
               neto(164, r"and τ is called the **bandwidth** parameter."),
               neto(166, r"then $w^{(i)} \approx 1$. If $|x^{(i)} - x|$ is large, then $w^{(i)} \approx 0$")))
def lwr_weight_forms(ctx):
    def residual(p):
        X, y, x, tau = S.to_mpf(p)
        n = len(x)
        Sigma_inv = [[(1 / tau ** 2 if i == j else mpmath.mpf(0)) for j in range(n)] for i in range(n)]
        w = lr.lwr_weights(X, x, tau)
        w_sigma = lr.lwr_weights_sigma(X, x, Sigma_inv)
        at_self = lr.lwr_weights([x], x, tau)[0]
        far = lr.lwr_weights([[x[0]] + [v + 40 * tau for v in x[1:]]], x, tau)[0]  # e^(−800·(n−1)) or less
        out_of_range = sum(1 for v in w if not 0 < v <= 1)
        return (max(abs(a - b) for a, b in zip(w, w_sigma)) + abs(at_self - 1) + out_of_range
                + (0 if far < mpmath.mpf(10) ** -300 else 1))
    return sampled(ctx, _lwr_problems(), residual, mpmath.mpf(10) ** (-(ctx.digits - 5)), names=_LWR_NAMES)


@relies_on(lr, "weighted_normal_equations", lambda f: lambda X, y, w: f(X, y, [1] * len(w)),
           "the weights ignored")
@check("LR-14", "LWR θ zeroes the weighted gradient Σ w(y − θᵀx)x; τ → ∞ gives OLS", "000 §4; 002 §1.2.1",
       "optimality", quotes=(neto(158, r"\sum_{i=1}^n w^{(i)} (y^{(i)} - \theta^T x^{(i)})^2"),
                             neto(156, "In locally weighted regression, we fit θ to minimize"),
                             ng(291, "to make a prediction at a query point x (i.e., to evaluate h(x)), we would:"),
                             ng(299, r"2. Output  $\theta^T x$ ."),
                             ng(301, r"we'll try hard to make  $(y^{(i)} - \theta^T x^{(i)})^2$  small")))
def lwr_optimal(ctx):
    def gradient_residual(p):
        X, y, x, tau = S.to_mpf(p)
        w = lr.lwr_weights(X, x, tau)
        theta = lr.weighted_normal_equations(X, y, w)
        return max(abs(sum(wi * (yi - linalg.dot(theta, xi)) * xi[j] for wi, xi, yi in zip(w, X, y)))
                   for j in range(len(theta)))

    def wide_bandwidth(p):
        # every weight is 1 − O(‖x⁽ⁱ⁾ − x‖²/τ²), so the prediction moves by O(1/τ²) from OLS
        X, y, x, _ = S.to_mpf(p)
        wide = lr.lwr_predict(X, y, [x], mpmath.mpf(10) ** 12)[0]
        ols = linalg.dot(lr.normal_equations(X, y), x)
        return abs(wide - ols) / (1 + abs(ols))
    n = min(ctx.examples, 20)
    return combine(
        sampled(ctx, _lwr_problems(), gradient_residual, mpmath.mpf(10) ** (-(ctx.digits - 10)), n=n, names=_LWR_NAMES),
        sampled(ctx, _lwr_problems(), wide_bandwidth, mpmath.mpf(10) ** -18, n=n, names=_LWR_NAMES))


@check("LR-14", "the least-squares and LWR objectives Σ (w)(y − θᵀx)² (a minus sign lost in this copy, twice)",
       "000 §4", "identity")
def lwr_objective_sign(ctx):
    def gradients(p, weighted):
        X, y, x, tau = S.to_mpf(p)
        w = lr.lwr_weights(X, x, tau) if weighted else [mpmath.mpf(1)] * len(X)
        theta = lr.weighted_normal_equations(X, y, w)
        # ∇ of the printed Σ w (y θᵀx)² and of the corrected Σ w (y − θᵀx)², at the least-squares θ
        printed = [sum(2 * wi * yi * linalg.dot(theta, xi) * yi * xi[j] for wi, xi, yi in zip(w, X, y))
                   for j in range(len(theta))]
        corrected = [sum(-2 * wi * (yi - linalg.dot(theta, xi)) * xi[j] for wi, xi, yi in zip(w, X, y))
                     for j in range(len(theta))]
        return max(abs(g) for g in printed), max(abs(g) for g in corrected)
    tol = mpmath.mpf(10) ** (-(ctx.digits - 10))
    n = min(ctx.examples, 15)
    return combine(
        numeric_erratum(
            ctx, "LR-14", "000 §4 (the ordinary least-squares step)",
            "1. Fit θ to minimize Σᵢ (y⁽ⁱ⁾ θᵀx⁽ⁱ⁾)²  (its gradient is not 0 at the least-squares θ)",
            "1. Fit θ to minimize Σᵢ (y⁽ⁱ⁾ − θᵀx⁽ⁱ⁾)²",
            _lwr_problems(), lambda p: gradients(p, False)[0], lambda p: gradients(p, False)[1], tol, n=n,
            nature="transcription", names=_LWR_NAMES, search=_lwr_search(),
            quote=ng(293, r"Fit  $\theta$  to minimize  $\sum_{i} (y^{(i)} \theta^{T} x^{(i)})^{2}$ .")),
        numeric_erratum(
            ctx, "LR-14", "000 §4 (the two LWR steps)",
            "1. Fit θ to minimize Σᵢ w⁽ⁱ⁾ (y⁽ⁱ⁾ θᵀx⁽ⁱ⁾)²  (its gradient is not 0 at the weighted least-squares θ)",
            "1. Fit θ to minimize Σᵢ w⁽ⁱ⁾ (y⁽ⁱ⁾ − θᵀx⁽ⁱ⁾)² (as 002 §1.2.1 prints)",
            _lwr_problems(), lambda p: gradients(p, True)[0], lambda p: gradients(p, True)[1], tol, n=n,
            nature="transcription", names=_LWR_NAMES, search=_lwr_search(),
            quote=ng(298, r"Fit  $\theta$  to minimize  $\sum_{i} w^{(i)} (y^{(i)} \theta^{T} x^{(i)})^{2}$ .")))


# ---- LR-16 -----------------------------------------------------------------------------------

PRINTED = {  # as printed in 000 §1, in $1000s
    ("area",): ("71.27", "0.1345"),
    ("area", "bedrooms"): ("89.60", "0.1392", "-8.738"),
}
PRINTED_ROWS = [(2104, 3, 400), (1600, 3, 330), (2400, 3, 369), (1416, 2, 232), (3000, 4, 540)]
_HOUSING_QUOTES = (ng(102, r"we obtain  $\theta_0 = 71.27$ ,  $\theta_1 = 0.1345$"),
                   ng(106, r"we get  $\theta_0 = 89.60, \theta_1 = 0.1392, \theta_2 = -8.738$"),
                   ng(7, "living areas and prices of 47 houses from Portland, Oregon"),
                   ng(39, "2104\t3\t400"), ng(40, "1600\t3\t330"), ng(41, "2400\t3\t369"),
                   ng(42, "1416\t2\t232"), ng(43, "3000\t4\t540"),
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
    return max(_printed_error(t, p) for t, p in zip(theta, printed))


def housing_theta(columns):
    """LR-16 (000 §1): the exact least-squares θ on the 47 houses with the features ``columns``
    ('area', or 'area' and 'bedrooms'), price in $1000s: the θ this check compares with the
    notes' print and the housing figure draws."""
    return lr.normal_equations(*_housing_design(columns))


def _moved_print(printed):
    """A mutant of the print: the last digit of θ₀ moved by one."""
    out = copy.deepcopy(printed)
    key = ("area",)
    out[key] = ("71.28",) + out[key][1:]
    return out


@relies_on(globals(), "PRINTED", _moved_print, "θ₀ printed as 71.28")
@check("LR-16", "housing θ by the normal equations: (71.27, 0.1345), (89.60, 0.1392, −8.738)",
       "000 §1", "reproduction", quotes=_HOUSING_QUOTES)
def housing_normal_equations(ctx):
    worst, shown = 0, []
    for columns, printed in PRINTED.items():
        theta = housing_theta(columns)
        worst = max(worst, _compare(theta, printed))
        shown.append("(" + ", ".join(f"{float(t):.6g}" for t in theta) + ")")
    data = datasets.housing()
    rows_ok = all((data["area"][i], data["bedrooms"][i], round(data["price"][i])) == PRINTED_ROWS[i]
                  for i in range(5))
    passed = worst <= 1 and rows_ok
    detail = "θ = " + " and ".join(shown) + ("" if rows_ok else "; first rows differ from the printed table")
    return Outcome(passed, "47 houses, exact", float(worst), detail, measure=HOUSING_MEASURE)


@relies_on(lr, "batch_gradient_descent",
           lambda f: lambda X, y, theta, alpha, max_iterations=10_000, tol=1e-10, **k: f(X, y, theta, alpha, 10, None, **k),
           "the iterations cut to 10")
@check("LR-16", "housing θ by batch gradient descent (standardised features)", "000 §1",
       "reproduction", quotes=_HOUSING_QUOTES + (ng(108, "The above results were obtained with batch gradient descent."),))
def housing_gradient_descent(ctx):
    worst, shown = 0, []
    for columns, printed in PRINTED.items():
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
        worst = max(worst, _compare(theta, printed))
        shown.append("(" + ", ".join(f"{v:.6g}" for v in theta) + f") in {fit.iterations} iterations")
    return Outcome(worst <= 1, "47 houses, float64", float(worst),
                   "θ = " + " and ".join(shown) + "; x scaled to (x − μ)/s, θ mapped back", measure=HOUSING_MEASURE)


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
