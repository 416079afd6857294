"""Part I checks: least squares, gradient descent, the normal equations, the Gaussian model and
locally weighted regression (000 Part I; 002 §1.1-1.2). Matrix calculus (§2.1) is in
``matrix_calculus``."""
from fractions import Fraction

import mpmath
import sympy as sp
from hypothesis import strategies as st

from cs229.reference import datasets, linalg
from cs229.reference import linear_regression as lr

from .. import strategies as S
from ..checking import exact, Step, chain, combine, numeric_erratum, sampled
from ..registry import Outcome, check
from ..symbolic import gradient_vector, symbol_matrix, tr

M, N = 3, 2  # the concrete sizes the symbolic chains are proved at


def _least_squares_symbols(m=M, n=N):
    X = symbol_matrix("X", m, n)
    y = symbol_matrix("y", m, 1)
    theta = symbol_matrix("theta", n, 1)
    return X, y, theta


_exact_points = exact



# ---- LR-2 ------------------------------------------------------------------------------------

@check("LR-2", "J as a sum equals ½(Xθ−y)ᵀ(Xθ−y)", "000 §2.2; 002 §1.1.3", "identity")
def cost_forms(ctx):
    X, y, theta = _least_squares_symbols()
    z = X * theta - y
    as_sum = sp.Rational(1, 2) * sum(((X[i, :] * theta)[0] - y[i]) ** 2 for i in range(M))
    symbolic = chain([Step(sp.Rational(1, 2) * (z.T * z)[0], "matrix form"),
                      Step(as_sum, "zᵀz = Σ zᵢ²")], "LR-2", "000 §2.2", f"m={M}, n={N}")
    exact = _exact_points(ctx, S.regression_problems(),
                          lambda p: lr.cost(*p) == lr.cost_matrix_form(*p))
    return combine(symbolic, exact)


# ---- LR-3 ------------------------------------------------------------------------------------

def _single_example(n=3):
    x = [sp.Symbol(f"x{i}", real=True) for i in range(n)]
    theta = [sp.Symbol(f"theta{i}", real=True) for i in range(n)]
    y = sp.Symbol("y", real=True)
    h = sum(t * xi for t, xi in zip(theta, x))
    return x, theta, y, h


@check("LR-3", "∂J/∂θⱼ = (h−y)xⱼ for one example (4 printed steps)", "000 §1", "derivation")
def single_example_gradient_000(ctx):
    x, theta, y, h = _single_example()
    outcomes = []
    for j in range(len(theta)):
        d = lambda e: sp.diff(e, theta[j])  # noqa: E731
        outcomes.append(chain([
            Step(d(sp.Rational(1, 2) * (h - y) ** 2), "definition of J, one example"),
            Step(2 * sp.Rational(1, 2) * (h - y) * d(h - y), "chain rule"),
            Step((h - y) * d(sum(t * xi for t, xi in zip(theta, x)) - y), "h = Σᵢ θᵢxᵢ"),
            Step((h - y) * x[j], "only θⱼxⱼ depends on θⱼ"),
        ], "LR-3", "000 §1", "n=3, every j"))
    return combine(*outcomes)


@check("LR-3", "∂J/∂θⱼ = (h−y)xⱼ, 002's three steps", "002 §1.1.2", "derivation")
def single_example_gradient_002(ctx):
    x, theta, y, h = _single_example()
    outcomes = []
    for j in range(len(theta)):
        d = lambda e: sp.diff(e, theta[j])  # noqa: E731
        outcomes.append(chain([
            Step(d(sp.Rational(1, 2) * (h - y) ** 2), "definition"),
            Step((h - y) * d(h - y), "chain rule (the 2·½ step folded)"),
            Step((h - y) * d(sum(t * xi for t, xi in zip(theta, x)) - y), "h = Σᵢ θᵢxᵢ"),
            Step((h - y) * x[j], "derivative of the sum"),
        ], "LR-3", "002 §1.1.2", "n=3, every j"))
    return combine(*outcomes)


# ---- LR-5 ------------------------------------------------------------------------------------

@check("LR-5", "the batch update's sum is the gradient of J", "000 §1", "derivation")
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
                 fixed="Σᵢ (y⁽ⁱ⁾ − h(x⁽ⁱ⁾)) xⱼ⁽ⁱ⁾ = −∂J(θ)/∂θⱼ, so θ := θ + αΣ(...) is descent on J"),
        ], "LR-5", "000 §1 (after the batch update)", f"m={M}, n={N}, every j"))
    return combine(*outcomes)


@check("LR-5", "002 Listing 1 (gradient / m) is the notes' update with α/m", "002 Listing 1",
       "identity")
def mean_variant(ctx):
    def same(p):
        X, y, theta = p
        alpha = Fraction(1, 64)
        a = lr.batch_gradient_descent(X, y, theta, alpha, 4, tol=None, average=True, record=True)
        b = lr.batch_gradient_descent(X, y, theta, alpha / len(X), 4, tol=None, record=True)
        return a.path == b.path
    return _exact_points(ctx, S.regression_problems(), same, n=min(ctx.examples, 20))


@check("LR-5", "batch gradient descent converges to the normal-equations θ", "000 §1",
       "optimality")
def gradient_descent_converges(ctx):
    def residual(p):
        X, y, _ = S.to_float(p)
        A = linalg.matmul(linalg.transpose(X), X)
        alpha = 1 / max(linalg.symmetric_eigenvalues(A))
        theta = lr.batch_gradient_descent(X, y, [0.0] * len(X[0]), alpha, 200_000, tol=1e-15).theta
        exact = lr.normal_equations(*p[:2])
        return max(abs(t - float(e)) for t, e in zip(theta, exact)) / (1 + max(abs(float(e)) for e in exact))
    problems = S.regression_problems(min_rows=6, max_rows=12)
    return sampled(ctx, problems, residual, 1e-9, n=min(ctx.examples, 25),
                   label=f"{min(ctx.examples, 25)} points, float64 GD vs exact θ")


# ---- LR-11 -----------------------------------------------------------------------------------

@check("LR-11", "identity (5): ∇_{Aᵀ} trABAᵀC = BᵀAᵀCᵀ + BAᵀC", "000 §2.2 (5)", "identity")
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
        outcomes.append(chain([Step(grad, "∇_{Aᵀ} by definition"),
                               Step(B.T * A.T * C.T + B * A.T * C, "(5), from (2) and (3)")],
                              "LR-11", "000 (5)", f"A {p}×{q}"))
    return combine(*outcomes)


def _normal_equation_chain_000():
    X, y, theta = _least_squares_symbols()
    g = lambda e: gradient_vector(e, theta)  # noqa: E731
    half = sp.Rational(1, 2)
    z = X * theta - y
    s = lambda M: M[0, 0]  # noqa: E731
    expanded = s(theta.T * X.T * X * theta) - s(theta.T * X.T * y) - s(y.T * X * theta) + s(y.T * y)
    return [
        Step(g(half * s(z.T * z)), "J in matrix form"),
        Step(half * g(expanded), "expand the product"),
        Step(half * g(tr(sp.Matrix([[expanded]]))), "a real number is its own trace"),
        Step(half * g(tr(theta.T * X.T * X * theta) - 2 * tr(y.T * X * theta)),
             "trA = trAᵀ; yᵀy does not depend on θ"),
        Step(half * (X.T * X * theta + X.T * X * theta - 2 * X.T * y), "(5) with Aᵀ=θ, B=XᵀX, C=I, and (1)"),
        Step(X.T * X * theta - X.T * y, "collect"),
    ]


@check("LR-11", "∇_θJ = XᵀXθ − Xᵀy, the printed 6-step chain", "000 §2.2", "derivation")
def normal_equation_chain_000(ctx):
    return chain(_normal_equation_chain_000(), "LR-11", "000 §2.2", f"m={M}, n={N}")


@check("LR-11", "the fifth step: (5) with Aᵀ=θ, B=XᵀX, C=I gives 2XᵀXθ", "000 §2.2", "identity")
def fifth_step(ctx):
    X, y, theta = _least_squares_symbols()
    A = theta.T
    B = X.T * X
    C = sp.eye(1)
    T = symbol_matrix("T", N, 1)  # the variable Aᵀ = θ
    f = tr(T.T * B * T * C)
    grad = gradient_vector(f, T).subs({T[i, 0]: theta[i] for i in range(N)})
    rule_5 = B.T * A.T * C.T + B * A.T * C
    rule_1 = gradient_vector(tr(y.T * X * theta), theta)
    return combine(
        chain([Step(grad, "∇_θ trθᵀXᵀXθ"), Step(rule_5, "(5)"), Step(2 * X.T * X * theta, "B = Bᵀ")],
              "LR-11", "000 §2.2", f"m={M}, n={N}"),
        chain([Step(rule_1, "∇_θ tr yᵀXθ"), Step(X.T * y, "(1)")], "LR-11", "000 §2.2", f"m={M}, n={N}"))


@check("LR-11", "DJ = XᵀXθ − Xᵀy, 002's 7-step chain", "002 §1.1.3", "derivation")
def normal_equation_chain_002(ctx):
    X, y, theta = _least_squares_symbols()
    g = lambda e: gradient_vector(e, theta)  # noqa: E731
    half = sp.Rational(1, 2)
    s = lambda M: M[0, 0]  # noqa: E731
    Xt = X * theta
    return chain([
        Step(g(half * s((Xt - y).T * (Xt - y))), "definition"),
        Step(half * g(s(Xt.T * Xt) - s(Xt.T * y) - s(y.T * Xt) + s(y.T * y)), "expand"),
        Step(half * g(s(theta.T * X.T * X * theta) - s(theta.T * X.T * y) - s(y.T * X * theta)),
             "yᵀy is constant in θ"),
        Step(half * g(s(theta.T * X.T * X * theta) - 2 * s(y.T * X * theta)), "θᵀXᵀy = yᵀXθ"),
        Step(half * g(s(theta.T * X.T * X * theta) - 2 * s((X.T * y).T * theta)), "(Xᵀy)ᵀθ"),
        Step(half * (2 * X.T * X * theta - 2 * X.T * y), "differentiate"),
        Step(X.T * X * theta - X.T * y, "collect"),
    ], "LR-11", "002 §1.1.3", f"m={M}, n={N}")


# ---- LR-12 -----------------------------------------------------------------------------------

def _normal_residual(X, y, theta):
    Xt = linalg.transpose(X)
    r = [a - b for a, b in zip(linalg.matvec(linalg.matmul(Xt, X), theta), linalg.matvec(Xt, y))]
    return max(abs(v) for v in r)


@check("LR-12", "normal equations: XᵀXθ = Xᵀy at the reference's θ", "000 §2.2", "optimality")
def normal_equations_optimal(ctx):
    problems = S.regression_problems(max_rows=10, max_features=4)
    exact = _exact_points(ctx, problems,
                          lambda p: _normal_residual(p[0], p[1], lr.normal_equations(p[0], p[1])) == 0)

    def residual_mpf(p):
        X, y, _ = S.to_mpf(p)
        return _normal_residual(X, y, lr.normal_equations(X, y)) / (1 + linalg.max_abs(X) ** 2)

    high = sampled(ctx, problems, residual_mpf, mpmath.mpf(10) ** (-(ctx.digits - 5)))
    return combine(exact, high)


@check("LR-12", "θ minimises J: J(θ+δ) − J(θ) = ½‖Xδ‖² ≥ 0", "000 §2.2", "optimality")
def normal_equations_minimise(ctx):
    def holds(p):
        (X, y, _), delta = p
        theta = lr.normal_equations(X, y)
        moved = [t + d for t, d in zip(theta, delta)]
        Xd = linalg.matvec(X, delta)
        return lr.cost(X, y, moved) - lr.cost(X, y, theta) == linalg.dot(Xd, Xd) / 2
    problems = S.regression_problems().flatmap(lambda p: st.tuples(st.just(p), S.vectors(len(p[0][0]))))
    return _exact_points(ctx, problems, holds)


@check("LR-12", "a singular XᵀX is refused, naming the dependent column", "000 §2.2", "identity")
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
    return _exact_points(ctx, S.regression_problems(), refused, n=min(ctx.examples, 20))


# ---- LR-13 -----------------------------------------------------------------------------------

def _gaussian_symbols(m=3):
    sigma = sp.Symbol("sigma", positive=True)
    y = [sp.Symbol(f"y{i + 1}", real=True) for i in range(m)]
    mu = [sp.Symbol(f"mu{i + 1}", real=True) for i in range(m)]  # θᵀx⁽ⁱ⁾
    p = [sp.exp(-(yi - mi) ** 2 / (2 * sigma ** 2)) / (sp.sqrt(2 * sp.pi) * sigma) for yi, mi in zip(y, mu)]
    return sigma, y, mu, p


@check("LR-13", "ℓ(θ) = m log(1/(√(2π)σ)) − (1/σ²)·½Σ(y−θᵀx)², 000's chain", "000 §3", "derivation")
def gaussian_log_likelihood_000(ctx):
    sigma, y, mu, p = _gaussian_symbols()
    m = len(y)
    return chain([
        Step(sp.expand_log(sp.log(sp.Mul(*p)), force=True), "ℓ = log L"),
        Step(sum(sp.expand_log(sp.log(pi), force=True) for pi in p), "log of a product"),
        Step(m * sp.log(1 / (sp.sqrt(2 * sp.pi) * sigma))
             - 1 / sigma ** 2 * sp.Rational(1, 2) * sum((yi - mi) ** 2 for yi, mi in zip(y, mu)),
             "log exp"),
    ], "LR-13", "000 §3", "m=3")


@check("LR-13", "ℓ(θ) = m log(1/(√(2π)σ)) + Σ −(y−θᵀx)²/(2σ²), 002's chain", "002 §1.2.2", "derivation")
def gaussian_log_likelihood_002(ctx):
    sigma, y, mu, p = _gaussian_symbols()
    m = len(y)
    return chain([
        Step(sp.expand_log(sp.log(sp.Mul(*p)), force=True), "l = log L"),
        Step(sum(sp.log(1 / (sp.sqrt(2 * sp.pi) * sigma))
                 + sp.expand_log(sp.log(sp.exp(-(yi - mi) ** 2 / (2 * sigma ** 2))), force=True)
                 for yi, mi in zip(y, mu)), "log of a product"),
        Step(m * sp.log(1 / (sp.sqrt(2 * sp.pi) * sigma))
             + sum(-(yi - mi) ** 2 / (2 * sigma ** 2) for yi, mi in zip(y, mu)), "log exp"),
    ], "LR-13", "002 §1.2.2", "m=3")


@check("LR-13", "the Gaussian MLE is least squares for every σ; ℓ = log L", "000 §3", "optimality")
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


@check("LR-14", "LWR weights: Σ⁻¹ = I/τ² form equals the τ form; 0 < w ≤ 1", "000 §4 fn 4",
       "identity")
def lwr_weight_forms(ctx):
    def residual(p):
        X, y, x, tau = S.to_mpf(p)
        n = len(x)
        Sigma_inv = [[(1 / tau ** 2 if i == j else mpmath.mpf(0)) for j in range(n)] for i in range(n)]
        w = lr.lwr_weights(X, x, tau)
        w_sigma = lr.lwr_weights_sigma(X, x, Sigma_inv)
        at_self = lr.lwr_weights([x], x, tau)[0]
        out_of_range = sum(1 for v in w if not 0 < v <= 1)
        return max(abs(a - b) for a, b in zip(w, w_sigma)) + abs(at_self - 1) + out_of_range
    return sampled(ctx, _lwr_problems(), residual, mpmath.mpf(10) ** (-(ctx.digits - 5)))


@check("LR-14", "LWR θ zeroes the weighted gradient Σ w(y − θᵀx)x; τ → ∞ gives OLS", "000 §4",
       "optimality")
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
        sampled(ctx, _lwr_problems(), gradient_residual, mpmath.mpf(10) ** (-(ctx.digits - 10)), n=n),
        sampled(ctx, _lwr_problems(), wide_bandwidth, mpmath.mpf(10) ** -18, n=n))


@check("LR-14", "the LWR objective Σ w(y − θᵀx)² (a minus sign lost in print)", "000 §4", "identity")
def lwr_objective_sign(ctx):
    def gradients(p):
        X, y, x, tau = S.to_mpf(p)
        w = lr.lwr_weights(X, x, tau)
        theta = lr.weighted_normal_equations(X, y, w)
        printed = [sum(2 * wi * yi * linalg.dot(theta, xi) * yi * xi[j] for wi, xi, yi in zip(w, X, y))
                   for j in range(len(theta))]
        corrected = [sum(-2 * wi * (yi - linalg.dot(theta, xi)) * xi[j] for wi, xi, yi in zip(w, X, y))
                     for j in range(len(theta))]
        return max(abs(g) for g in printed), max(abs(g) for g in corrected)
    return numeric_erratum(
        ctx, "LR-14", "000 §4 (the two LWR steps)",
        "1. Fit θ to minimize Σᵢ w⁽ⁱ⁾ (y⁽ⁱ⁾ θᵀx⁽ⁱ⁾)²  (its gradient is not 0 at the weighted least-squares θ)",
        "1. Fit θ to minimize Σᵢ w⁽ⁱ⁾ (y⁽ⁱ⁾ − θᵀx⁽ⁱ⁾)²",
        _lwr_problems(), lambda p: gradients(p)[0], lambda p: gradients(p)[1],
        mpmath.mpf(10) ** (-(ctx.digits - 10)), n=min(ctx.examples, 15), nature="transcription")


# ---- LR-16 -----------------------------------------------------------------------------------

PRINTED = {  # as printed in 000 §1, in $1000s
    ("area",): ("71.27", "0.1345"),
    ("area", "bedrooms"): ("89.60", "0.1392", "-8.738"),
}
PRINTED_ROWS = [(2104, 3, 400), (1600, 3, 330), (2400, 3, 369), (1416, 2, 232), (3000, 4, 540)]


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


@check("LR-16", "housing θ by the normal equations: (71.27, 0.1345), (89.60, 0.1392, −8.738)",
       "000 §1", "reproduction")
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
    return Outcome(passed, "47 houses, exact", float(worst), detail)


@check("LR-16", "housing θ by batch gradient descent (standardised features)", "000 §1",
       "reproduction")
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
                   "θ = " + " and ".join(shown) + "; x scaled to (x − μ)/s, θ mapped back")
