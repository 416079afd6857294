"""Part IV figures (000 Part IV): multivariate Gaussians for the notes' μ and Σ, and GDA with
its linear boundary and logistic posterior."""
import random

from cs229.fast import generative as fast_gen
from cs229.reference import generative as gen
from cs229.reference import logistic_regression as lg
from cs229.reference import scalar

from . import Drawing
from .style import COLORS, linspace, new_figure

__all__ = ["NOTES_GAUSSIANS", "gaussians", "gda"]

# (μ, Σ) as printed in 000 Part IV §1.1, one row per figure of the notes (lines 670-703)
NOTES_GAUSSIANS = (
    ("lines 670-674",
     [([0, 0], [[1, 0], [0, 1]]), ([0, 0], [[0.6, 0], [0, 0.6]]), ([0, 0], [[2, 0], [0, 2]])]),
    ("lines 676-686",
     [([0, 0], [[1, 0], [0, 1]]), ([0, 0], [[1, 0.5], [0.5, 1]]), ([0, 0], [[1, 0.8], [0.8, 1]])]),
    ("lines 688-695",
     [([0, 0], [[1, -0.5], [-0.5, 1]]), ([0, 0], [[1, -0.8], [-0.8, 1]]), ([0, 0], [[3, 0.8], [0.8, 1]])]),
    ("lines 697-703",
     [([1, 0], [[1, 0], [0, 1]]), ([-0.5, 0], [[1, 0], [0, 1]]), ([-1, -1.5], [[1, 0], [0, 1]])]),
)


def _density_grid(xs, ys, mu, Sigma):
    """p(x; μ, Σ) on the grid, one row per y (the layout contour() takes); the fast twin of
    ``mvn_log_densities`` evaluates the thousands of grid points (same answers as the reference)."""
    points = [[x, y] for y in ys for x in xs]
    values = [scalar.exp(float(v)) for v in fast_gen.mvn_log_densities(points, mu, Sigma)]
    return [values[k * len(xs):(k + 1) * len(xs)] for k in range(len(ys))]


def gaussians(spec, seed):
    """MVN-1 (000 §1.1): contours of p(x; μ, Σ) = (2π)^(−n/2)|Σ|^(−1/2) exp(−½(x − μ)ᵀΣ⁻¹(x − μ))
    for each (μ, Σ) the notes print, at the same levels in every panel."""
    xs = ys = linspace(-3.5, 3.5, 71)
    figure, axes = new_figure(7.2, 9.6, nrows=4, ncols=3, sharex=True, sharey=True)
    levels = [0.01, 0.03, 0.06, 0.1, 0.15, 0.2, 0.25]
    panels = []
    for row, (label, cases) in zip(axes, NOTES_GAUSSIANS):
        for ax, (mu, Sigma) in zip(row, cases):
            density = _density_grid(xs, ys, mu, Sigma)
            panels.append({"mu": mu, "Sigma": Sigma, "density": density})
            ax.contourf(xs, ys, density, levels=[0.0] + levels + [1.0], cmap="Blues")
            ax.contour(xs, ys, density, levels=levels, colors="#1b4f72", linewidths=0.5)
            ax.plot(*mu, "+", color=COLORS["positive"], ms=6)
            ax.set_aspect("equal")
            ax.set_title(f"μ = ({mu[0]:g}, {mu[1]:g}), Σ = [[{Sigma[0][0]:g}, {Sigma[0][1]:g}], "
                         f"[{Sigma[1][0]:g}, {Sigma[1][1]:g}]]", fontsize=7)
        row[0].set_ylabel(f"000 {label}", fontsize=7.5)
    return Drawing(spec, figure, {"x": xs, "y": ys, "levels": levels, "panels": panels})


def _gda_data(seed, m=60):
    """Stated synthetic data: y ~ Bernoulli(½); x | y=0 ~ N((−1, −1), Σ), x | y=1 ~ N((1, 1), Σ),
    Σ = [[1, 0.6], [0.6, 1]] (drawn as Lz with L the Cholesky factor)."""
    rng = random.Random(seed)
    L = [[1.0, 0.0], [0.6, 0.8]]
    X, y = [], []
    for _ in range(m):
        label = 1 if rng.random() < 0.5 else 0
        z = [rng.gauss(0.0, 1.0), rng.gauss(0.0, 1.0)]
        centre = 1.0 if label else -1.0
        X.append([centre + L[0][0] * z[0], centre + L[1][0] * z[0] + L[1][1] * z[1]])
        y.append(label)
    return X, y


def gda(spec, seed):
    """GDA-1, GDA-2, GDA-3 (000 §1.2-1.3): the fitted class Gaussians with their shared Σ, the
    boundary θᵀx = 0 (GDA-3's θ, with x₀ = 1), and p(y = 1 | x) by Bayes' rule against θᵀx."""
    X, y = _gda_data(seed)
    model = gen.gda_fit(X, y)
    theta = gen.gda_logistic_theta(model)
    figure, (ax, pax) = new_figure(9.6, 4.2, ncols=2, width_ratios=(1.2, 1))
    xs = linspace(-4.0, 4.0, 81)
    for mu, color in ((model.mu0, COLORS["negative"]), (model.mu1, COLORS["positive"])):
        density = _density_grid(xs, xs, mu, model.Sigma)
        ax.contour(xs, xs, density, levels=[0.01, 0.04, 0.08, 0.14], colors=color, linewidths=0.9)
    for label, marker, color in ((0, "o", COLORS["negative"]), (1, "x", COLORS["positive"])):
        pts = [x for x, t in zip(X, y) if t == label]
        ax.scatter([p[0] for p in pts], [p[1] for p in pts], marker=marker, s=18, color=color,
                   facecolors="none" if marker == "o" else color, label=f"y = {label}")
    # θ₀ + θ₁x₁ + θ₂x₂ = 0, i.e. p(y = 1 | x) = 0.5
    boundary = ([-4.0, 4.0], [-(theta[0] + theta[1] * v) / theta[2] for v in (-4.0, 4.0)])
    ax.plot(*boundary, color="black", lw=1.4, label="p(y = 1|x) = 0.5")
    ax.set_xlim(-4, 4)
    ax.set_ylim(-4, 4)
    ax.set_aspect("equal")
    ax.set_xlabel("x₁")
    ax.set_ylabel("x₂")
    ax.legend(loc="upper left", frameon=False)
    scores = [theta[0] + theta[1] * x[0] + theta[2] * x[1] for x in X]
    posterior = gen.gda_posterior(model, X)
    z = linspace(min(scores) - 0.5, max(scores) + 0.5, 200)
    pax.plot(z, [lg.sigmoid(v) for v in z], color=COLORS["fit"], lw=1.6, label="1/(1 + exp(−θᵀx))")
    pax.scatter(scores, posterior, s=14, color=COLORS["path"], zorder=3,
                label="p(y = 1|x) by Bayes' rule")
    pax.set_xlabel("θᵀx (θ from φ, μ₀, μ₁, Σ)")
    pax.set_ylabel("p(y = 1 | x)")
    pax.legend(loc="upper left", frameon=False)
    return Drawing(spec, figure, {"X": X, "y": y, "model": model, "theta": theta,
                                  "boundary": boundary, "scores": scores, "posterior": posterior})
