"""Part V figures (000 Part V; 001 §11.1-11.2; 004): margins, the optimal margin classifier and
its support vectors, the soft margin's slacks, a feature map that makes data separable,
coordinate ascent, and SMO's two-variable step. The SVMs are solved by the reference SMO."""
from cs229.reference import coordinate_ascent as ca
from cs229.reference import kernels, margins, smo, svm

from . import Drawing
from .style import COLORS, Label, linspace, new_figure

__all__ = ["SEPARABLE", "OUTLIER", "SOFT_C", "geometric_margin", "optimal_margin", "soft_margin",
           "feature_map", "coordinate_ascent", "smo_box"]

# Stated data: positives upper right, negatives lower left, a clear gap between them; the
# outlier is a negative example in the upper-left region (000 V §8), and the set stays separable.
SEPARABLE = (
    [[3.0, 3.5], [3.5, 2.5], [4.0, 4.0], [4.5, 3.0], [3.0, 4.8], [5.0, 4.5], [4.2, 1.8],
     [0.5, 0.5], [1.0, 1.8], [0.0, 2.0], [1.8, 0.2], [1.5, 1.2], [0.3, 3.0], [1.0, -0.5]],
    [1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1],
)
OUTLIER = ([2.2, 5.3], -1)
SOFT_C = (0.3, 0.05)  # 001 §11.1.1: C near 0 gives a wide "tube" that many points violate
VIEW = (-1.0, 5.5)


def _points(ax, X, y, size=30):
    for label, marker, color in ((1, "x", COLORS["positive"]), (-1, "o", COLORS["negative"])):
        pts = [x for x, t in zip(X, y) if t == label]
        ax.scatter([p[0] for p in pts], [p[1] for p in pts], marker=marker, s=size, zorder=3,
                   color=color, facecolors="none" if marker == "o" else color, linewidths=1.3)


def _line(w, b, level, xs):
    """The points with wᵀx + b = level along x₁ (w₂ ≠ 0)."""
    return [(level - b - w[0] * v) / w[1] for v in xs]


def _frame(ax):
    ax.set_xlim(*VIEW)
    ax.set_ylim(*VIEW)
    ax.set_aspect("equal")
    ax.set_xlabel("x₁")
    ax.set_ylabel("x₂")


def _margin_lines(ax, w, b, support=(), X=None):
    xs = list(VIEW)
    ax.plot(xs, _line(w, b, 0, xs), color="black", lw=1.6)
    for level in (-1, 1):
        ax.plot(xs, _line(w, b, level, xs), color="black", lw=0.9, ls="--")
    if support:
        ax.scatter([X[i][0] for i in support], [X[i][1] for i in support], s=170,
                   facecolors="none", edgecolors=COLORS["fit"], linewidths=1.4, zorder=2)


def _svm(X, y, C):
    fit = smo.smo(X, y, C=C, tol=1e-9)
    return fit, svm.weights_from_alpha(X, y, fit.alpha), fit.b


def geometric_margin(spec, seed):
    """MG-2, MG-3 (000 V §1, §3): a boundary wᵀx + b = 0 with w; A far from it and C close;
    B = A − γ·w/‖w‖ (``margins.boundary_point``) with γ the geometric margin of A."""
    w, b = [1.0, 1.0], -4.0
    X, y = SEPARABLE
    A, C = [4.5, 3.0], [2.5, 2.0]
    B = margins.boundary_point(A, w, b)
    gamma = {"A": margins.geometric_margin(A, 1, w, b), "C": margins.geometric_margin(C, 1, w, b)}
    figure, ax = new_figure(5.0, 4.8)
    _points(ax, X, y)
    xs = list(VIEW)
    ax.plot(xs, _line(w, b, 0, xs), color="black", lw=1.4)
    foot = margins.boundary_point([1.0, 1.0], w, b)
    tip = (foot[0] + w[0], foot[1] + w[1])
    ax.annotate("", tip, foot, arrowprops={"arrowstyle": "->", "lw": 1.4, "color": COLORS["path"]})
    labels = [Label(ax, tip, "w", {"color": COLORS["path"], "fontsize": 11})]
    ax.plot([A[0], B[0]], [A[1], B[1]], color=COLORS["fit"], lw=1.6)
    for name, point in (("A", A), ("B", B), ("C", C)):
        ax.plot(*point, "s" if name == "B" else "D", color=COLORS["fit"], ms=5, zorder=4)
        labels.append(Label(ax, tuple(point), name, {"fontsize": 11, "fontweight": "bold"}))
    labels.append(Label(ax, ((A[0] + B[0]) / 2, (A[1] + B[1]) / 2), f"γ = {gamma['A']:.2f}",
                        {"color": COLORS["fit"]}))
    # C's γ first: the free side of C is hers, and the name finds room above
    labels.insert(-2, Label(ax, tuple(C), f"γ = {gamma['C']:.2f}", {"color": COLORS["fit"], "fontsize": 8}))
    _frame(ax)
    return Drawing(spec, figure, {"w": w, "b": b, "A": A, "B": B, "C": C, "gamma": gamma}, labels)


def optimal_margin(spec, seed):
    """OMC-2, OMC-4, SMO-4 (000 V §6): the hard-margin SVM by SMO; w = Σαᵢy⁽ⁱ⁾x⁽ⁱ⁾ (9), b
    from (11), the support vectors {i : αᵢ > 0}, which lie on wᵀx + b = ±1."""
    X, y = SEPARABLE
    fit, w, b = _svm(X, y, None)
    figure, ax = new_figure(5.0, 4.8)
    _margin_lines(ax, w, b, fit.support, X)
    _points(ax, X, y)
    _frame(ax)
    ax.set_title(f"{len(fit.support)} support vectors, margin 1/‖w‖ = "
                 f"{1 / (w[0] ** 2 + w[1] ** 2) ** 0.5:.2f}", fontsize=9)
    return Drawing(spec, figure, {"X": X, "y": y, "alpha": fit.alpha, "support": fit.support,
                                  "w": w, "b": b})


def soft_margin(spec, seed):
    """SOFT-1, SOFT-2 (000 V §8; 001 §11.1): with the outlier, the hard margin swings; the ℓ1
    soft margin keeps the boundary and pays ξᵢ = max(0, 1 − y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)): 0 < ξ ≤ 1 inside
    the margin, ξ > 1 misclassified; a smaller C buys a wider margin with more slack."""
    X = SEPARABLE[0] + [OUTLIER[0]]
    y = SEPARABLE[1] + [OUTLIER[1]]
    hard, w_hard, b_hard = _svm(X, y, None)
    figure, axes = new_figure(12.0, 4.9, ncols=3)
    _margin_lines(axes[0], w_hard, b_hard, hard.support, X)
    _points(axes[0], X, y)
    axes[0].set_title("hard margin: the outlier swings the boundary", fontsize=9)
    soft, labels = {}, []
    for ax, C in zip(axes[1:], SOFT_C):
        fit, w, b = _svm(X, y, C)
        xi = svm.slacks(X, y, w, b)
        _margin_lines(ax, w, b, fit.support, X)
        _points(ax, X, y)
        segments = []
        ww = w[0] ** 2 + w[1] ** 2
        for x, t, slack in zip(X, y, xi):
            if slack > 1e-6:  # (below this, SMO's tolerance, the point is on its margin)
                # along w to the example's own margin y(wᵀx + b) = 1: a step of ξ/‖w‖
                end = [x[k] + t * slack * w[k] / ww for k in range(2)]
                segments.append((x, end, slack))
                ax.annotate("", end, x, arrowprops={"arrowstyle": "-", "lw": 1.6, "color": COLORS["second"]})
                labels.append(Label(ax, tuple(x), f"ξ = {slack:.2f}", {"color": COLORS["second"], "fontsize": 7.5}))
        ax.set_title(f"soft margin, C = {C:g}: slacks ξᵢ in orange", fontsize=9)
        soft[C] = {"w": w, "b": b, "support": fit.support, "alpha": fit.alpha, "slacks": xi,
                   "segments": segments}
    for ax in axes:
        _frame(ax)
    return Drawing(spec, figure, {"X": X, "y": y, "hard": {"w": w_hard, "b": b_hard, "support": hard.support},
                                  "soft": soft}, labels)


FEATURE_MAP_DATA = ([-2.4, -1.9, -1.5, -0.8, -0.3, 0.2, 0.6, 0.9, 1.6, 2.1, 2.6],
                    [-1, -1, -1, 1, 1, 1, 1, 1, -1, -1, -1])


def feature_map(spec, seed):
    """KR-1 (004; 000 V §7): φ(x) = [x, x²] makes 1-D data separable; the hard-margin SVM in
    φ-space, w₁x + w₂x² + b = 0, is two thresholds on x."""
    x, y = FEATURE_MAP_DATA
    Phi = [kernels.power_features(v, 2) for v in x]
    fit, w, b = _svm(Phi, y, None)
    disc = w[0] ** 2 - 4 * w[1] * b
    roots = sorted((-w[0] + s * disc ** 0.5) / (2 * w[1]) for s in (-1, 1))
    figure, (lax, pax) = new_figure(9.6, 3.8, ncols=2, width_ratios=(1, 1.2))
    for label, marker, color in ((1, "x", COLORS["positive"]), (-1, "o", COLORS["negative"])):
        pts = [v for v, t in zip(x, y) if t == label]
        lax.scatter(pts, [0] * len(pts), marker=marker, s=40, color=color,
                    facecolors="none" if marker == "o" else color, linewidths=1.3, zorder=3)
        pax.scatter(pts, [v * v for v in pts], marker=marker, s=40, color=color,
                    facecolors="none" if marker == "o" else color, linewidths=1.3, zorder=3)
    for r in roots:
        lax.axvline(r, color="black", lw=1.2, ls="--")
    lax.axhline(0, color=COLORS["grey"], lw=0.6)
    lax.set_yticks([])
    lax.set_xlabel("x")
    lax.set_title("x ∈ ℝ: no single threshold separates", fontsize=9)
    xs = linspace(-3.0, 3.0, 200)
    for level, style in ((0, "-"), (-1, "--"), (1, "--")):
        pax.plot(xs, [(level - b - w[0] * v) / w[1] for v in xs], color="black", lw=1.4 if level == 0 else 0.8,
                 ls=style)
    pax.scatter([Phi[i][0] for i in fit.support], [Phi[i][1] for i in fit.support], s=170,
                facecolors="none", edgecolors=COLORS["fit"], linewidths=1.4)
    pax.set_ylim(-0.8, 7.5)
    pax.set_xlabel("φ₁(x) = x")
    pax.set_ylabel("φ₂(x) = x²")
    pax.set_title("φ(x) = [x, x²]: a line separates", fontsize=9)
    return Drawing(spec, figure, {"x": x, "y": y, "Phi": Phi, "w": w, "b": b, "support": fit.support,
                                  "thresholds": roots})


# W(α) = cᵀα − ½αᵀQα with its maximum at Q⁻¹c; the start is the notes' (2, −2)
CA_Q = [[1.0, 0.75], [0.75, 1.0]]
CA_C = [0.25, 0.0]
CA_START = [2.0, -2.0]


def coordinate_ascent(spec, seed):
    """CA-1 (000 V §9.1): the recorded path of cyclic coordinate ascent from (2, −2) on the
    contours of W; each step maximises W in one coordinate, so moves parallel to an axis."""
    fit = ca.coordinate_ascent(CA_Q, CA_C, CA_START, tol=1e-3, record=True)
    xs = linspace(-2.5, 2.5, 101)
    W = [[ca.quadratic_objective(CA_Q, CA_C, [a1, a2]) for a1 in xs] for a2 in xs]
    figure, ax = new_figure(5.0, 4.8)
    top = ca.quadratic_objective(CA_Q, CA_C, fit.theta)
    ax.contour(xs, xs, W, levels=[top - d for d in (4.0, 2.5, 1.5, 0.8, 0.35, 0.1)],
               colors=COLORS["grey"], linewidths=0.8, negative_linestyles="solid")
    ax.plot([p[0] for p in fit.path], [p[1] for p in fit.path], "-o", color=COLORS["path"], ms=3, lw=1.2)
    ax.plot(*CA_START, "s", color=COLORS["negative"], ms=6)
    ax.set_aspect("equal")
    ax.set_xlabel("α₁")
    ax.set_ylabel("α₂")
    ax.set_title(f"{fit.iterations} coordinate steps to max |∂W/∂αᵢ| ≤ 10⁻³", fontsize=9)
    return Drawing(spec, figure, {"Q": CA_Q, "c": CA_C, "start": CA_START, "path": fit.path})


# A small soft-margin problem at a feasible α (Σαᵢy⁽ⁱ⁾ = 0), re-optimised over the first pair;
# the maximiser along the line lies beyond H, so the step is clipped
SMO_X = [[1.0, 2.0], [1.5, 1.0], [2.5, 2.5], [0.0, 0.5]]
SMO_Y = [1, -1, 1, -1]
SMO_ALPHA = [0.6, 0.2, 0.1, 0.5]
SMO_C = 1.0


def smo_box(spec, seed):
    """SMO-1, SMO-2 (000 V §9.2): the pair (α₁, α₂) in the box [0, C]² on the line (20)
    α₁y⁽¹⁾ + α₂y⁽²⁾ = ζ, hence L ≤ α₂ ≤ H; W along the line as aα₂² + bα₂ + c; the step of
    ``smo.two_variable_step``, the unclipped maximiser clipped to [L, H]."""
    i, j = 0, 1
    z = smo.zeta(SMO_ALPHA, SMO_Y, i, j)
    low, high = smo.bounds(SMO_ALPHA[i], SMO_ALPHA[j], SMO_Y[i], SMO_Y[j], SMO_C)
    K = kernels.kernel_matrix(SMO_X, kernels.Linear())
    a, b, c = smo.pair_quadratic(SMO_ALPHA, SMO_Y, K, i, j)
    unclipped = -b / (2 * a)
    new = smo.two_variable_step(SMO_X, SMO_Y, SMO_ALPHA, i, j, C=SMO_C)
    alpha1 = lambda a2: (z - a2 * SMO_Y[j]) * SMO_Y[i]  # noqa: E731  (α₁ from (20))
    figure, (bax, wax) = new_figure(9.6, 4.2, ncols=2)
    bax.fill([0, SMO_C, SMO_C, 0], [0, 0, SMO_C, SMO_C], color="#d6eaf8", zorder=0)
    bax.plot([0, SMO_C, SMO_C, 0, 0], [0, 0, SMO_C, SMO_C, 0], color="black", lw=1)
    a2s = [-0.3, SMO_C + 0.3]
    bax.plot([alpha1(v) for v in a2s], a2s, color=COLORS["path"], lw=1.4,
             label=f"α₁y⁽¹⁾ + α₂y⁽²⁾ = ζ = {z:g}")
    bax.plot([alpha1(low), alpha1(high)], [low, high], color=COLORS["path"], lw=4, alpha=0.45,
             label=f"feasible: L = {low + 0:g} ≤ α₂ ≤ H = {high:g}")  # + 0: no "−0"
    bax.plot(SMO_ALPHA[i], SMO_ALPHA[j], "o", color=COLORS["grey"], ms=6, label="α before")
    bax.plot(new[i], new[j], "*", color=COLORS["fit"], ms=12, label="α after the step")
    bax.set_xlim(-0.2, SMO_C + 0.4)
    bax.set_ylim(-0.2, SMO_C + 0.8)
    bax.set_aspect("equal")
    bax.set_xlabel("α₁")
    bax.set_ylabel("α₂")
    for axis in (bax.xaxis, bax.yaxis):
        axis.set_ticks([0, SMO_C], ["0", "C"])
    bax.legend(loc="upper left", frameon=False, fontsize=7)
    span = linspace(min(low, unclipped) - 0.3, max(high, unclipped) + 0.3, 200)
    wax.plot(span, [a * v * v + b * v + c for v in span], color=COLORS["fit"], lw=1.6,
             label="W(α₁(α₂), α₂, α₃, α₄) = aα₂² + bα₂ + c")
    wax.axvspan(low, high, color="#d6eaf8")
    wax.axvline(unclipped, color=COLORS["grey"], ls=":", lw=1)
    wax.plot(new[j], a * new[j] ** 2 + b * new[j] + c, "*", color=COLORS["fit"], ms=12)
    labels = [Label(wax, (unclipped, a * unclipped ** 2 + b * unclipped + c), "unclipped maximiser", {"fontsize": 8}),
              Label(wax, (high, a * high ** 2 + b * high + c), "clipped to H", {"fontsize": 8})]
    wax.set_xlabel("α₂")
    wax.set_ylabel("W")
    wax.legend(loc="lower center", frameon=False, fontsize=7)
    return Drawing(spec, figure, {"X": SMO_X, "y": SMO_Y, "alpha": SMO_ALPHA, "C": SMO_C, "zeta": z,
                                  "L": low, "H": high, "quadratic": (a, b, c), "unclipped": unclipped,
                                  "new_alpha": new}, labels)
