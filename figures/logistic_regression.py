"""Part II figures (000 Part II): the sigmoid and its derivative, and Newton's method with its
tangents."""
from cs229.proofs.checks.logistic_regression import newton_picture, newton_picture_f, newton_picture_f_prime
from cs229.reference import logistic_regression as lg

from . import Drawing
from .style import COLORS, linspace, new_figure

__all__ = ["sigmoid", "newton"]


def sigmoid(spec, seed):
    """LG-1, LG-2 (000 §5): g(z) = 1/(1 + e^(−z)) and g′(z) = g(z)(1 − g(z)), with central
    differences (g(z + h) − g(z − h))/(2h) at a few z to show the identity holds."""
    z = linspace(-10.0, 10.0, 401)
    g = [lg.sigmoid(v) for v in z]
    g_prime = [v * (1 - v) for v in g]
    h = 1e-4
    z_marks = linspace(-8.0, 8.0, 17)
    differences = [(lg.sigmoid(v + h) - lg.sigmoid(v - h)) / (2 * h) for v in z_marks]
    figure, ax = new_figure(6.0, 3.6)
    ax.plot(z, g, color=COLORS["fit"], lw=2, label="g(z) = 1/(1 + e⁻ᶻ)")
    ax.plot(z, g_prime, color=COLORS["path"], lw=1.6, label="g′(z) = g(z)(1 − g(z))")
    ax.plot(z_marks, differences, "o", color=COLORS["second"], ms=4, mfc="none",
            label="(g(z + h) − g(z − h))/2h")
    for level in (0.0, 1.0):
        ax.axhline(level, color=COLORS["grey"], lw=0.6, ls=":")
    ax.set_xlabel("z")
    ax.set_ylim(-0.05, 1.05)
    ax.legend(loc="center left", frameon=False)
    return Drawing(spec, figure, {"z": z, "g": g, "g_prime": g_prime, "z_marks": z_marks,
                                  "differences": differences, "h": h})


def newton(spec, seed):
    """NW-1 (000 §7): three panels as in the notes: f and y = 0; the tangent at θ = 4.5 and its
    zero; the next tangent. The iterates are NW-1's ``newton_picture``, the computation its
    reproduction check compares with the printed 2.8, 1.8 and 1.3."""
    fit = newton_picture()
    path = fit.path
    theta = linspace(1.0, 5.0, 200)
    f = [newton_picture_f(t) for t in theta]
    figure, axes = new_figure(9.6, 3.4, ncols=3, sharey=True)
    tangents = []
    for k, ax in enumerate(axes):
        ax.plot(theta, f, color=COLORS["fit"], lw=1.8)
        ax.axhline(0, color="black", lw=0.8)
        ax.set_xlabel("θ")
        ax.set_xlim(1.0, 5.0)
        if k == 0:
            ax.plot([fit.theta], [0], "o", color=COLORS["negative"], ms=5)
            ax.annotate(f"f(θ) = 0 at θ = {fit.theta:.1f}", (fit.theta, 0), (2.0, 25),
                        arrowprops={"arrowstyle": "->", "lw": 0.8})
            ax.set_title("f and the line y = 0", fontsize=9)
            continue
        at, to = path[k - 1], path[k]
        slope = newton_picture_f_prime(at)
        ends = [to - 0.3, at + 0.3]
        line = [newton_picture_f(at) + slope * (x - at) for x in ends]
        tangents.append({"at": at, "slope": slope, "zero": to, "x": ends, "y": line})
        ax.plot(ends, line, color=COLORS["path"], lw=1.2)
        ax.plot([at, at], [0, newton_picture_f(at)], ":", color=COLORS["grey"], lw=0.8)
        ax.plot([at], [newton_picture_f(at)], "o", color=COLORS["path"], ms=4)
        ax.plot([to], [0], "x", color=COLORS["negative"], ms=8, mew=2)
        ax.set_title(f"tangent at θ = {at:.1f} meets 0 at {to:.2f}", fontsize=9)
    axes[0].set_ylabel("f(θ)")
    return Drawing(spec, figure, {"path": path, "root": fit.theta, "tangents": tangents,
                                  "theta": theta, "f": f})
