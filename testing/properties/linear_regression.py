"""Properties of least squares (000 Part I; 002 §1.1-1.2): LR-1, LR-2, LR-4, LR-5, LR-6, LR-12 …
LR-15."""
from fractions import Fraction

import numpy as np
from hypothesis import assume
from hypothesis import strategies as st

from .. import strategies as S
from . import differential, invariant, normal, path_of, theta_of

TOPIC = "linear_regression"

problems = S.grid_regression_problems(max_rows=10, max_features=4)


@st.composite
def least_squares_problems(draw, max_cond=30):
    """(X, y): a design with cond(X) < 30, so that cond(XᵀX) < 900 and the solves of the two
    faces (BLAS and LAPACK against the reference's loops) agree to 1e-12."""
    X = draw(S.grid_design_matrices(max_rows=10, max_features=4, max_cond=max_cond))
    return X, draw(st.lists(S.grid_rationals(), min_size=len(X), max_size=len(X)))


@st.composite
def lwr_problems(draw):
    """(X, y, queries, τ): queries in the rows' format (x₀ = 1), some at an example; every
    XᵀWX of a query well conditioned (cond < 1e3), as the weighted solves need for 1e-12."""
    X, y, _ = draw(S.grid_regression_problems(min_rows=6, max_rows=12))
    n = len(X[0])
    query = st.one_of(st.lists(S.grid_rationals(), min_size=n - 1, max_size=n - 1).map(lambda q: [Fraction(1)] + q),
                      st.sampled_from(X).map(list))
    queries = draw(st.lists(query, min_size=1, max_size=4))
    tau = draw(st.sampled_from([Fraction(1, 2), Fraction(1), Fraction(3), Fraction(10)]))
    Xf = np.array(S.to_float(X))
    for q in S.to_float(queries):
        w = np.exp(-((Xf - q) ** 2).sum(axis=1) / (2 * float(tau) ** 2))
        with np.errstate(all="ignore"):
            assume(np.linalg.cond(Xf.T @ (w[:, None] * Xf)) < 1e3)
    return X, y, queries, tau


def _float(p):
    return S.to_float(p)


def _Xyt(p):
    return _float(p), {}


def _lr(function, catalog_id, doc, **kw):
    return differential(TOPIC, function, catalog_id, problems, arguments=_Xyt, doc=doc, **kw)


def _vector(value):
    return np.ravel(np.asarray(normal(value), dtype=float))


def _cost_is_the_matrix_form(J, case, options):
    """J(θ) = ½ Σ (θᵀx⁽ⁱ⁾ − y⁽ⁱ⁾)² equals ½ (Xθ − y)ᵀ(Xθ − y) (LR-2), by the reference."""
    from cs229.reference.linear_regression import cost_matrix_form
    expected = cost_matrix_form(*_float(case))
    return None if abs(float(J) - expected) <= 1e-12 * max(1.0, expected) else expected


def _cost_at_least_least_squares(J, case, options):
    """0 <= J(θ̂) <= J(θ) for the least-squares θ̂ (the reference's normal equations, exact)."""
    from cs229.reference.linear_regression import cost, normal_equations
    X, y, _ = case
    best = float(cost(X, y, normal_equations(X, y)))
    return None if float(J) >= best * (1 - 1e-12) - 1e-12 else f"J(θ) >= J(θ̂) = {best!r} >= 0"


def _gradient_is_the_derivative(g, case, options):
    """J is quadratic, so (J(θ + eⱼ) − J(θ − eⱼ))/2 = ∂J/∂θⱼ exactly: the reference's J on the
    exact rationals, against the target's ∇J (LR-3, LR-5)."""
    from cs229.reference.linear_regression import cost
    X, y, theta = case
    expected = []
    for j in range(len(theta)):
        up, down = theta[:], theta[:]
        up[j] += 1
        down[j] -= 1
        expected.append(float((cost(X, y, up) - cost(X, y, down)) / 2))
    got = _vector(g)
    Xf, yf, tf = (np.array(v, dtype=float) for v in _float(case))
    size = np.abs(Xf).T @ (np.abs(Xf) @ np.abs(tf) + np.abs(yf))  # rounding of Xᵀ(Xθ − y)
    ok = got.shape == (len(expected),) and np.all(np.abs(got - expected) <= 1e-12 * np.maximum(size, 1.0))
    return None if ok else f"∂J/∂θⱼ = (J(θ + eⱼ) − J(θ − eⱼ))/2 = {expected!r}"


def _lms_args(c):
    (X, y, theta), alpha = c
    return (_float(X[0]), float(y[0]), _float(theta), alpha), {}


def _lms_shrinks_the_residual(new, case, options):
    """After θ := θ + α(y − θᵀx)x the residual is (1 − α xᵀx)(y − θᵀx) (LR-4)."""
    (x, y, theta, alpha), _ = _lms_args(case)
    x, theta = np.array(x), np.array(theta)
    expected = (1 - alpha * (x @ x)) * (y - theta @ x)
    got = y - _vector(new) @ x
    size = abs(y) + np.abs(theta * x).sum() + alpha * (x @ x) * (abs(y) + np.abs(theta * x).sum())
    return None if abs(got - expected) <= 1e-12 * max(1.0, size) else \
        f"y − θ_newᵀx = (1 − α xᵀx)(y − θᵀx) = {expected!r}"


def _descent_args(c):
    (X, y, theta), scale, average = c
    Xf = np.array(_float(X))
    top = np.linalg.eigvalsh(Xf.T @ Xf).max()
    alpha = scale / (top / len(X) if average else top)  # α <= 1/λ_max of the step's matrix
    return (_float(X), _float(y), _float(theta), alpha, 10), {"tol": None, "average": average, "record": True}


def _cost_never_rises(fit, case, options):
    """With α <= 1/λ_max(XᵀX) (α/m for the averaged step) gradient descent never raises J (LR-5),
    J by the reference along the target's path."""
    from cs229.reference.linear_regression import cost
    (X, y, _, _, _), _ = _descent_args(case)
    path = normal(fit.path) if fit.path is not None else None
    if not path or len(path) != 11:
        return "path: the 11 iterates θ₀ … θ₁₀"
    J = [cost(X, y, [float(v) for v in theta]) for theta in path]
    rises = [k for k in range(10) if J[k + 1] > J[k] * (1 + 1e-12) + 1e-12]
    return None if not rises else f"J(θₖ₊₁) <= J(θₖ) (J along the path: {J!r})"


def _normal_residual_vanishes(theta, case, options, weights=None):
    """Xᵀ(Xθ − y) = 0 at the answer (LR-12), or XᵀW(Xθ − y) = 0 (LR-14), within rounding of
    the products |Xᵀ||X||θ| + |Xᵀ||y|."""
    X, y = (np.array(v, dtype=float) for v in _float(case[:2]))
    w = np.ones(len(X)) if weights is None else np.array(weights, dtype=float)
    t = _vector(theta)
    if t.shape != (X.shape[1],):
        return f"θ with {X.shape[1]} entries"
    residual = X.T @ (w * (X @ t - y))
    size = np.abs(X).T @ (w * (np.abs(X) @ np.abs(t) + np.abs(y)))
    ok = np.all(np.abs(residual) <= 1e-11 * np.maximum(size, 1.0))
    return None if ok else f"Xᵀ{'W' if weights is not None else ''}(Xθ − y) = 0 (got {residual.tolist()!r})"


def _weights_case(c):
    X, y, queries, tau = c
    return _float(X), _float(queries[0]), float(tau)


def _weights_in_unit_interval(w, case, options):
    """0 < w⁽ⁱ⁾ <= 1, and w⁽ⁱ⁾ = 1 exactly where x⁽ⁱ⁾ = x (LR-14)."""
    X, x, _ = _weights_case(case)
    w = _vector(w)
    if w.shape != (len(X),) or not np.all((w >= 0) & (w <= 1)):
        return "0 <= w⁽ⁱ⁾ <= 1"
    at = [i for i, row in enumerate(X) if row == x and w[i] != 1]
    return None if not at else f"w⁽ⁱ⁾ = 1 where x⁽ⁱ⁾ = x (rows {at})"


def _sigma_case(c):
    (X, y, queries, tau), block = c
    n = len(X[0])
    # Σ⁻¹ acts on (x₀, x₁, …): x₀ − x₀ = 0, so its first row and column do not matter
    Sigma_inv = [[Fraction(0)] * n] + [[Fraction(0)] + row for row in block]
    return (_float(X), _float(queries[0]), _float(Sigma_inv)), {}


@st.composite
def sigma_problems(draw):
    """(lwr problem, Σ⁻¹ block on x₁ … x_n): an SPD block, or I/τ²."""
    X, y, queries, tau = draw(lwr_problems())
    n = len(X[0])
    if draw(st.booleans()):
        block = draw(S.spd_matrices(n - 1))
    else:
        block = [[1 / tau ** 2 if i == j else Fraction(0) for j in range(n - 1)] for i in range(n - 1)]
    return (X, y, queries, tau), block


def _sigma_is_tau(w, case, options):
    """With Σ⁻¹ = I/τ² the weights are lwr_weights(X, x, τ) (fn 4), by the reference."""
    from cs229.reference.linear_regression import lwr_weights
    (X, y, queries, tau), block = case
    if any(block[i][j] != (1 / tau ** 2 if i == j else 0) for i in range(len(block)) for j in range(len(block))):
        return None  # a general Σ⁻¹: only the differential property applies
    expected = lwr_weights(_float(X), _float(queries[0]), float(tau))
    ok = np.allclose(_vector(w), expected, rtol=1e-12, atol=1e-300)
    return None if ok else f"lwr_weights(X, x, τ = {float(tau)}) = {expected!r}"


def _weighted_args(c):
    X, y, queries, tau = c
    from cs229.reference.linear_regression import lwr_weights
    return (_float(X), _float(y), lwr_weights(_float(X), _float(queries[0]), float(tau))), {}


def _weighted_residual_vanishes(theta, case, options):
    (_, _, w), _ = _weighted_args(case)
    return _normal_residual_vanishes(theta, case, options, w)


def _lwr_args(c):
    X, y, queries, tau = c
    return (_float(X), _float(y), _float(queries), float(tau)), {}


def _wide_lwr_is_least_squares(predictions, case, options):
    """As τ → ∞ every weight → 1 and LWR predicts with the least-squares θ (LR-14 against
    LR-12): with τ = 10⁷ within 1e-6."""
    from cs229.reference.linear_regression import normal_equations
    X, y, queries, _ = case
    expected = np.array(_float(queries)) @ np.array([float(v) for v in normal_equations(X, y)])
    got = _vector(predictions)
    ok = got.shape == expected.shape and np.allclose(got, expected, rtol=1e-6,
                                                     atol=1e-6 * max(1.0, np.abs(expected).max()))
    return None if ok else f"(least-squares θ)ᵀx at each query = {expected.tolist()!r}"


def _polynomial_rows(rows, case, options):
    """Row i is (1, xᵢ, xᵢ², …, xᵢ^d), the powers of the exact xᵢ rounded once (LR-15)."""
    x, degree = case
    expected = [[float(v ** k) for k in range(degree + 1)] for v in x]
    got = np.asarray(normal(rows), dtype=float)
    ok = got.shape == (len(x), degree + 1) and np.allclose(got, expected, rtol=1e-12, atol=0)
    return None if ok else f"rows (1, x, …, x^{degree}) = {expected!r}"


def _gaussian_args(c):
    (X, y, theta), sigma = c
    return (_float(X), _float(y), _float(theta), float(sigma)), {}


def _least_squares_is_the_mle(value, case, options):
    """ℓ(θ) <= ℓ(θ̂) for the least-squares θ̂, whatever σ (LR-13), ℓ(θ̂) by the reference."""
    from cs229.reference.linear_regression import gaussian_log_likelihood, normal_equations
    (X, y, theta), sigma = case
    best = float(gaussian_log_likelihood(_float(X), _float(y), _float(normal_equations(X, y)), float(sigma)))
    return None if float(value) <= best + 1e-12 * max(1.0, abs(best)) else f"ℓ(θ) <= ℓ(θ̂) = {best!r}"


def _order(case):
    X = case[0][0]
    order = list(range(len(X)))
    case[-1].shuffle(order)
    return order


alphas = st.sampled_from([1e-3, 1e-2, 5e-2])
sigmas = S.positive_rationals()
solvers = st.tuples(least_squares_problems(), st.sampled_from(["cholesky", "qr"]))

PROPERTIES = [
    differential(TOPIC, "add_intercept", "LR-1", st.integers(1, 6).flatmap(
                     lambda n: st.lists(S.vectors(n), min_size=1, max_size=6)),
                 arguments=lambda X: ((_float(X),), {}), doc="each row x becomes (1, x)"),
    differential(TOPIC, "hypothesis", "LR-1", problems, arguments=lambda p: ((_float(p)[0][0], _float(p)[2]), {}),
                 doc="h_θ(x) = θᵀx"),
    differential(TOPIC, "predict", "LR-1", problems, arguments=lambda p: ((_float(p)[0], _float(p)[2]), {}),
                 doc="Xθ: h_θ(x⁽ⁱ⁾) for every row"),
    _lr("cost", "LR-2", "J(θ) = ½ Σ (h_θ(x⁽ⁱ⁾) − y⁽ⁱ⁾)²"),
    invariant(TOPIC, "cost", "LR-2", "at_least_the_least_squares_cost", problems, arguments=_Xyt,
              holds=_cost_at_least_least_squares, doc="0 <= J(θ̂) <= J(θ), θ̂ the least-squares θ"),
    invariant(TOPIC, "cost", "LR-2", "equals_the_matrix_form", problems, arguments=_Xyt,
              holds=_cost_is_the_matrix_form, doc="½ Σ (θᵀx⁽ⁱ⁾ − y⁽ⁱ⁾)² = ½ (Xθ − y)ᵀ(Xθ − y)"),
    _lr("cost_matrix_form", "LR-2", "J(θ) = ½ (Xθ − y)ᵀ(Xθ − y)"),
    _lr("gradient", "LR-5", "∇J = Xᵀ(Xθ − y): ∂J/∂θⱼ = Σ (h_θ(x⁽ⁱ⁾) − y⁽ⁱ⁾) xⱼ⁽ⁱ⁾"),
    invariant(TOPIC, "gradient", "LR-5", "derivative_of_the_cost", problems, arguments=lambda p: (p, {}),
              holds=_gradient_is_the_derivative, doc="∂J/∂θⱼ = (J(θ + eⱼ) − J(θ − eⱼ))/2 (J quadratic)"),
    differential(TOPIC, "lms_update", "LR-4", st.tuples(problems, alphas), arguments=_lms_args, iterative=True,
                 doc="θⱼ := θⱼ + α (y − h_θ(x)) xⱼ (one iterate: the same bits)"),
    invariant(TOPIC, "lms_update", "LR-4", "shrinks_the_residual", st.tuples(problems, alphas),
              arguments=_lms_args, holds=_lms_shrinks_the_residual,
              doc="y − θ_newᵀx = (1 − α xᵀx)(y − θᵀx)"),
    differential(TOPIC, "batch_gradient_descent", "LR-5", st.tuples(problems, alphas, st.booleans()),
                 arguments=lambda c: ((*_float(c[0]), c[1], 12), {"tol": None, "average": c[2], "record": True}),
                 iterative=True, answer=path_of, loose_answer=theta_of,
                 doc="θ := θ − α Σ (h_θ(x⁽ⁱ⁾) − y⁽ⁱ⁾) x⁽ⁱ⁾ (÷ m when averaged; 12 steps)"),
    invariant(TOPIC, "batch_gradient_descent", "LR-5", "cost_never_rises",
              st.tuples(problems, st.sampled_from([0.25, 0.5, 1.0]), st.booleans()), arguments=_descent_args,
              holds=_cost_never_rises, doc="J(θₖ₊₁) <= J(θₖ) when α <= 1/λ_max(XᵀX)"),
    differential(TOPIC, "stochastic_gradient_descent", "LR-6",
                 st.tuples(problems, st.sampled_from([1e-3, 2e-2]), st.sampled_from([0, 0.1]),
                           st.randoms(use_true_random=False)),
                 arguments=lambda c: ((*_float(c[0]), c[1], 3, _order(c), c[2]), {"record": True}),
                 iterative=True, answer=path_of, loose_answer=theta_of,
                 doc="LMS updates example by example in the given order, α_t = α/(1 + decay·t) (3 epochs)"),
    differential(TOPIC, "normal_equations", "LR-12", solvers,
                 arguments=lambda c: ((*_float(c[0]), c[1]), {}), doc="θ = (XᵀX)⁻¹Xᵀy"),
    invariant(TOPIC, "normal_equations", "LR-12", "normal_equations_hold",
              solvers, arguments=lambda c: ((*_float(c[0]), c[1]), {}),
              holds=lambda t, c, o: _normal_residual_vanishes(t, c[0], o),
              doc="Xᵀ(Xθ − y) = 0"),
    differential(TOPIC, "gaussian_density", "LR-13", st.tuples(S.rationals(), S.rationals(), sigmas),
                 arguments=lambda c: (_float(c), {}), doc="p(y) = exp(−(y − μ)²/(2σ²)) / (√(2π) σ)"),
    differential(TOPIC, "gaussian_likelihood", "LR-13", st.tuples(problems, sigmas), arguments=_gaussian_args,
                 doc="L(θ) = Π p(y⁽ⁱ⁾ | x⁽ⁱ⁾; θ)"),
    differential(TOPIC, "gaussian_log_likelihood", "LR-13", st.tuples(problems, sigmas), arguments=_gaussian_args,
                 doc="ℓ(θ) = m log(1/(√(2π) σ)) − (1/σ²) · ½ Σ (y⁽ⁱ⁾ − θᵀx⁽ⁱ⁾)²"),
    invariant(TOPIC, "gaussian_log_likelihood", "LR-13", "least_squares_is_the_mle", st.tuples(problems, sigmas),
              arguments=_gaussian_args, holds=_least_squares_is_the_mle,
              doc="ℓ(θ) <= ℓ(θ̂) for the least-squares θ̂, whatever σ"),
    differential(TOPIC, "lwr_weights", "LR-14", lwr_problems(), arguments=lambda c: (_weights_case(c), {}),
                 doc="w⁽ⁱ⁾ = exp(−(x⁽ⁱ⁾ − x)ᵀ(x⁽ⁱ⁾ − x) / (2τ²))"),
    invariant(TOPIC, "lwr_weights", "LR-14", "in_the_unit_interval", lwr_problems(),
              arguments=lambda c: (_weights_case(c), {}), holds=_weights_in_unit_interval,
              doc="0 <= w⁽ⁱ⁾ <= 1, and 1 where x⁽ⁱ⁾ = x"),
    differential(TOPIC, "lwr_weights_sigma", "LR-14", sigma_problems(), arguments=_sigma_case,
                 doc="w⁽ⁱ⁾ = exp(−(x⁽ⁱ⁾ − x)ᵀ Σ⁻¹ (x⁽ⁱ⁾ − x) / 2)"),
    invariant(TOPIC, "lwr_weights_sigma", "LR-14", "identity_sigma_is_lwr_weights", sigma_problems(),
              arguments=_sigma_case, holds=_sigma_is_tau, doc="Σ⁻¹ = I/τ² gives lwr_weights(X, x, τ)"),
    differential(TOPIC, "weighted_normal_equations", "LR-14", lwr_problems(), arguments=_weighted_args,
                 doc="θ solving XᵀWXθ = XᵀWy"),
    invariant(TOPIC, "weighted_normal_equations", "LR-14", "weighted_normal_equations_hold", lwr_problems(),
              arguments=_weighted_args, holds=_weighted_residual_vanishes, doc="XᵀW(Xθ − y) = 0"),
    differential(TOPIC, "lwr_predict", "LR-14", lwr_problems(), arguments=_lwr_args,
                 doc="θ(x)ᵀx, θ(x) solving XᵀW(x)Xθ = XᵀW(x)y at each query x"),
    invariant(TOPIC, "lwr_predict", "LR-14", "wide_bandwidth_is_least_squares", lwr_problems(),
              arguments=lambda c: ((*_float(c[:3]), 1e7), {}), holds=_wide_lwr_is_least_squares,
              doc="τ → ∞: the least-squares prediction θ̂ᵀx"),
    differential(TOPIC, "polynomial_features", "LR-15",
                 st.tuples(st.lists(S.rationals(), min_size=1, max_size=6), st.integers(1, 5)),
                 arguments=lambda c: ((_float(c[0]), c[1]), {}), doc="x ↦ (1, x, x², …, x^d)"),
    invariant(TOPIC, "polynomial_features", "LR-15", "rows_are_powers",
              st.tuples(st.lists(S.rationals(), min_size=1, max_size=6), st.integers(1, 5)),
              arguments=lambda c: ((_float(c[0]), c[1]), {}), holds=_polynomial_rows,
              doc="row i is (1, xᵢ, xᵢ², …, xᵢ^d)"),
]
