"""Part I figures (000 Part I): the houses and their least-squares lines, gradient descent on the
contours of J, polynomial fits, and locally weighted regression."""
import random
from fractions import Fraction

from cs229.fast import linear_regression as fast_lr
from cs229.proofs.checks.linear_regression import housing_theta
from cs229.reference import datasets, linalg
from cs229.reference import linear_regression as lr

from . import Drawing
from .style import COLORS, linspace, new_figure

__all__ = ["housing", "gradient_descent", "polynomial_fits", "lwr", "GD_START"]

GD_START = (48.0, 30.0)  # 000 §1: "initialized at (48,30)"


def housing(spec, seed):
    """LR-16 (000 §1): the 47 houses with h(x) = θᵀx for both of the notes' θ, taken from the
    same exact solve the LR-16 check compares with the print."""
    data = datasets.housing()
    area, price, bedrooms = data["area"], data["price"], data["bedrooms"]
    theta = [float(t) for t in housing_theta(("area",))]
    theta2 = [float(t) for t in housing_theta(("area", "bedrooms"))]
    figure, ax = new_figure(6.4, 4.4)
    ax.scatter(area, [float(p) for p in price], marker="x", color=COLORS["negative"], s=22,
               label="the 47 houses", zorder=3)
    xs = [min(area) - 100, max(area) + 100]
    lines = {"area": (xs, [theta[0] + theta[1] * x for x in xs])}
    ax.plot(*lines["area"], color=COLORS["fit"], lw=2,
            label=f"θ = ({theta[0]:.2f}, {theta[1]:.4f}), area only")
    for k, style in zip((2, 3, 4), (":", "--", "-.")):
        ys = [theta2[0] + theta2[1] * x + theta2[2] * k for x in xs]
        lines[f"bedrooms={k}"] = (xs, ys)
        ax.plot(xs, ys, color=COLORS["second"], lw=1.2, ls=style,
                label=f"θ = ({theta2[0]:.2f}, {theta2[1]:.4f}, {theta2[2]:.3f}), {k} bedrooms")
    ax.set_xlabel("living area (feet²)")
    ax.set_ylabel("price (1000$s)")
    ax.legend(loc="upper left", frameon=False)
    return Drawing(spec, figure, {"area": list(area), "price": list(price), "bedrooms": list(bedrooms),
                                  "theta_area": theta, "theta_area_bedrooms": theta2, "lines": lines})


def _gd_problem(seed, m=12):
    """Stated synthetic data: x uniform on [−0.5, 1.5], y = 20 + 20x + N(0, 3²), intercept first."""
    rng = random.Random(seed)
    xs = [rng.uniform(-0.5, 1.5) for _ in range(m)]
    return [[1.0, x] for x in xs], [20.0 + 20.0 * x + rng.gauss(0.0, 3.0) for x in xs]


def gradient_descent(spec, seed):
    """LR-5, LR-6 (000 §1): the contours of J(θ) = ½Σ(θᵀx⁽ⁱ⁾ − y⁽ⁱ⁾)² and the recorded paths of
    batch gradient descent (every iterate) and SGD (θ after each pass), both from (48, 30)."""
    X, y = _gd_problem(seed)
    A = linalg.matmul(linalg.transpose(X), X)
    alpha = 1.2 / max(linalg.symmetric_eigenvalues(A))  # in (1, 2)/λmax: converges, zig-zagging
    steps = 60
    batch = lr.batch_gradient_descent(X, y, list(GD_START), alpha, steps, tol=None, record=True)
    sgd = lr.stochastic_gradient_descent(X, y, list(GD_START), 0.12, epochs=25, decay=0.01, record=True)
    theta_star = [float(t) for t in lr.normal_equations(X, y)]
    t0s, t1s = linspace(5.0, 60.0, 111), linspace(5.0, 45.0, 81)
    J = [[fast_lr.cost(X, y, [a, b]) for a in t0s] for b in t1s]  # the fast twin, for the grid
    figure, ax = new_figure(6.0, 4.8)
    levels = [lr.cost(X, y, theta_star) * f for f in (1.3, 2, 4, 8, 16, 32, 64, 128)]
    ax.contour(t0s, t1s, J, levels=levels, colors=COLORS["grey"], linewidths=0.8)
    ax.plot([p[0] for p in batch.path], [p[1] for p in batch.path], "x-", color=COLORS["path"],
            ms=5, lw=1, label=f"batch gradient descent, α = {alpha:.3g}, {batch.iterations} steps")
    ax.plot([p[0] for p in sgd.path], [p[1] for p in sgd.path], "o-", color=COLORS["second"],
            ms=3, lw=1, label="stochastic gradient descent, θ after each pass")
    ax.plot(*theta_star, "*", color=COLORS["fit"], ms=12, label="the normal equations' θ")
    ax.set_xlabel("θ₀")
    ax.set_ylabel("θ₁")
    ax.set_aspect("equal")
    ax.legend(loc="upper right", frameon=False, fontsize=7.5)
    return Drawing(spec, figure, {"X": X, "y": y, "alpha": alpha, "steps": steps, "start": GD_START,
                                  "batch_path": batch.path, "sgd_path": sgd.path,
                                  "sgd": {"alpha": 0.12, "epochs": 25, "decay": 0.01},
                                  "theta_star": theta_star})


_FORMS = {1: "θ₀ + θ₁x", 2: "θ₀ + θ₁x + θ₂x²", 5: "θ₀ + θ₁x + … + θ₅x⁵"}


def polynomial_fits(spec, seed):
    """LR-15 (000 §4): y = Σⱼ θⱼxʲ, j ≤ degree, by the exact normal equations on six houses
    (area in 1000 ft², price in $1000s), for the notes' degrees 1, 2 and 5."""
    data = datasets.housing()
    x = [Fraction(a, 1000) for a in data["area"][:6]]
    y = [Fraction(p) for p in data["price"][:6]]
    figure, axes = new_figure(9.0, 3.2, ncols=3, sharey=True)
    grid = linspace(float(min(x)) - 0.05, float(max(x)) + 0.05, 200)
    fits = {}
    for ax, degree in zip(axes, (1, 2, 5)):
        theta = lr.normal_equations(lr.polynomial_features(x, degree), y)
        curve = lr.predict(lr.polynomial_features(grid, degree), [float(t) for t in theta])
        fits[degree] = {"theta": theta, "grid": grid, "curve": curve}
        ax.plot(grid, curve, color=COLORS["fit"], lw=1.8)
        ax.scatter([float(v) for v in x], [float(v) for v in y], marker="x", color=COLORS["negative"],
                   s=30, zorder=3)
        ax.set_title(f"degree {degree}: y = {_FORMS[degree]}", fontsize=9)
        ax.set_xlabel("living area (1000 feet²)")
        ax.set_ylim(100, 700)
    axes[0].set_ylabel("price (1000$s)")
    return Drawing(spec, figure, {"x": x, "y": y, "fits": fits})


def lwr(spec, seed):
    """LR-14 (000 §4): LWR's prediction θᵀx, θ refitted at every query x with weights
    exp(−(x⁽ⁱ⁾ − x)²/(2τ²)), for τ = 0.1, 0.3 and 3 (1000 ft²)."""
    data = datasets.housing()
    area = [a / 1000 for a in data["area"]]
    price = [float(p) for p in data["price"]]
    X = [[1.0, a] for a in area]
    grid = linspace(min(area) - 0.05, max(area) + 0.05, 120)
    queries = [[1.0, q] for q in grid]
    taus = (0.1, 0.3, 3.0)
    figure, (ax, wax) = new_figure(6.4, 5.6, nrows=2, height_ratios=(3, 1), sharex=True)
    ax.scatter(area, price, marker="x", color=COLORS["negative"], s=20, zorder=3)
    curves = {}
    for tau, color in zip(taus, (COLORS["path"], COLORS["fit"], COLORS["second"])):
        curves[tau] = lr.lwr_predict(X, price, queries, tau)
        ax.plot(grid, curves[tau], color=color, lw=1.6, label=f"τ = {tau:g}")
    ax.set_ylabel("price (1000$s)")
    ax.legend(loc="upper left", frameon=False, title="LWR prediction")
    query = 2.5
    weights = {tau: lr.lwr_weights(queries, [1.0, query], tau) for tau in taus[:2]}
    for tau, color in zip(taus[:2], (COLORS["path"], COLORS["fit"])):
        wax.plot(grid, weights[tau], color=color, lw=1.2)
    wax.axvline(query, color=COLORS["grey"], lw=0.8, ls=":")
    wax.set_ylabel(f"w at x = {query}")
    wax.set_xlabel("living area (1000 feet²)")
    return Drawing(spec, figure, {"X": X, "y": price, "grid": grid, "taus": taus, "curves": curves,
                                  "query": query, "weights": weights})
