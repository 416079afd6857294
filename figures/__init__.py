"""cs229.figures: the notes' figures redrawn from cs229's own code (``cs229 figures``, and the
figures of ``cs229 audit --html``).

Each figure of the notes with mathematical content (Ng Parts I-V, Ramanan L11, L08) has a
``Spec`` here: an id, the place in the notes (document key, section, the lines where the OCR text
left the figure out; ``cited_place`` with the report's short keys), the catalog rows it shows and
a caption. Its drawing function lives in one small
module per part of the notes and returns a ``Drawing``: the matplotlib Figure and the data it
drew, so that tests can hold the picture to the computation.

This module does not import matplotlib (``cs229 figures --list`` and the audit work without it);
``draw`` does, so it needs the ``[plot]`` extra. Drawings are deterministic for a given seed:
synthetic data come from ``random.Random(seed)``, matplotlib's settings are its defaults plus
``style.RC``, and files are written without dates or version stamps.
"""
import base64
import importlib
from dataclasses import dataclass, field

from cs229.proofs.sources import cite

__all__ = ["Spec", "Drawing", "FIGURES", "spec", "for_part", "draw", "available", "report_images",
           "FORMATS"]

FORMATS = ("png", "svg")


@dataclass(frozen=True)
class Spec:
    """id: the file name (``<id>.png``). place: where the notes have the figure. rows: the
    catalog rows it shows. module, function: where it is drawn (``cs229.figures.<module>``)."""

    id: str
    title: str
    part: str
    place: str
    rows: tuple
    caption: str
    module: str
    function: str

    @property
    def cited_place(self):
        """``place`` with the documents' short keys, as the report cites them ('Ng §4', not '000 §4')."""
        return cite(self.place)

    @property
    def full_caption(self):
        return f"{self.caption} [{self.cited_place}; {', '.join(self.rows)}]"


@dataclass
class Drawing:
    """A drawn figure: ``figure`` (a matplotlib Figure), ``data``, the numbers it shows, and
    ``labels``, the texts beside points that ``style.finish`` places once the figure is laid out."""

    spec: Spec
    figure: object
    data: dict = field(default_factory=dict)
    labels: list = field(default_factory=list)


FIGURES = (
    # ---- Part I: linear regression --------------------------------------------------------
    Spec("housing", "The 47 Portland houses and the least-squares lines", "I",
         "000 Part I: the scatter at lines 17-19, the fitted line at lines 102-106",
         ("LR-1", "LR-12", "LR-16"),
         "Price against living area for the 47 houses, with h(x) = θ₀ + θ₁x for the notes' "
         "θ = (71.27, 0.1345) and the two-feature θ = (89.60, 0.1392, −8.738) at 2, 3 and 4 "
         "bedrooms, both solved exactly by the normal equations.",
         "linear_regression", "housing"),
    Spec("gradient_descent", "Contours of J with the paths of batch and stochastic gradient descent",
         "I", "000 §1 (LMS algorithm), the contour figure at lines 97-100",
         ("LR-2", "LR-5", "LR-6"),
         "Contours of J(θ) on stated synthetic data, batch gradient descent from (48, 30) "
         "(every iterate, x's joined by lines) and stochastic gradient descent (θ after each "
         "pass over the examples), as recorded by record=True.",
         "linear_regression", "gradient_descent"),
    Spec("polynomial_fits", "Under- and over-fitting: polynomials of degree 1, 2 and 5", "I",
         "000 §4 (locally weighted linear regression), the three-panel figure at lines 283-287",
         ("LR-12", "LR-15"),
         "y = Σⱼ θⱼxʲ fitted to six of the houses (the five rows the notes print and the sixth) "
         "by the exact normal equations: degree 1 underfits, degree 5 passes through every "
         "point.",
         "linear_regression", "polynomial_fits"),
    Spec("lwr", "Locally weighted linear regression as the bandwidth τ varies", "I",
         "000 §4, the weights at lines 303-307 and fn 4 (the notes draw no LWR figure)",
         ("LR-14",),
         "LWR predictions on the 47 houses (area in 1000 ft²) for three bandwidths τ, with the "
         "weights w⁽ⁱ⁾ = exp(−(x⁽ⁱ⁾ − x)²/(2τ²)) around one query point; a wide τ gives the "
         "least-squares line.",
         "linear_regression", "lwr"),
    # ---- Part II: classification --------------------------------------------------------
    Spec("sigmoid", "The sigmoid g(z) and its derivative g′ = g(1 − g)", "II",
         "000 §5, the plot of g(z) at lines 333-337 and the chain for g′ at lines 340-347",
         ("LG-1", "LG-2"),
         "g(z) = 1/(1 + e^(−z)) as the reference computes it, and g′(z) = g(z)(1 − g(z)) with "
         "central differences of g marked on it.",
         "logistic_regression", "sigmoid"),
    Spec("newton", "Newton's method: tangents from θ = 4.5", "II",
         "000 §7, the three-panel figure at lines 410-414",
         ("NW-1",),
         "f with the line y = 0; the tangent at θ = 4.5 meets zero at about 2.8, the next "
         "tangent at about 1.8, and the iterates approach the root 1.3. f(θ) = θ^(5/2) − "
         "1.3^(5/2) stands in for the notes' unprinted f; the iterates are NW-1's check.",
         "logistic_regression", "newton"),
    # ---- Part IV: generative learning ---------------------------------------------------
    Spec("gaussians", "Multivariate Gaussians for the notes' μ and Σ", "IV",
         "000 Part IV §1.1, the figures at lines 670-674 (Σ = I, 0.6I, 2I), 676-686 "
         "(off-diagonal 0, 0.5, 0.8: densities and contours), 688-695 (−0.5, −0.8, "
         "[[3, 0.8], [0.8, 1]]) and 697-703 (μ)",
         ("MVN-1",),
         "Contours of p(x; μ, Σ) for the twelve (μ, Σ) the notes print, one row per figure of "
         "the notes.",
         "generative", "gaussians"),
    Spec("gda", "GDA: two Gaussians with a shared Σ, the boundary, and the logistic posterior",
         "IV", "000 Part IV §1.2, the figure at lines 737-741, and §1.3 (lines 745-751)",
         ("GDA-1", "GDA-2", "GDA-3"),
         "Stated synthetic data, the fitted N(μ₀, Σ) and N(μ₁, Σ) with the boundary "
         "p(y = 1|x) = 0.5; beside it p(y = 1|x) by Bayes' rule against θᵀx, which lies on the "
         "sigmoid with GDA-3's θ.",
         "generative", "gda"),
    # ---- Part V: support vector machines ------------------------------------------------
    Spec("geometric_margin", "Confidence and the geometric margin: points A, B and C", "V",
         "000 Part V §1, the figure at lines 915-919, and §3, the figure at lines 947-961",
         ("MG-2", "MG-3"),
         "A boundary wᵀx + b = 0 with w drawn; A far from it, C close; B = A − γ·w/‖w‖ is the "
         "foot of the perpendicular, and γ is the geometric margin of A.",
         "svm", "geometric_margin"),
    Spec("optimal_margin", "The optimal margin classifier and its support vectors", "V",
         "000 Part V §6, the figure at lines 1126-1130",
         ("OMC-2", "OMC-4", "SMO-4"),
         "The hard-margin SVM that SMO finds on stated separable data: the boundary (solid), "
         "wᵀx + b = ±1 (dashed) and the support vectors, the points with αᵢ > 0.",
         "svm", "optimal_margin"),
    Spec("soft_margin", "One outlier, the hard margin, and the soft margin's slacks", "V",
         "000 Part V §8, the figure at lines 1284-1286; 001 §11.1.1, lines 19-31",
         ("SOFT-1", "SOFT-2", "SMO-4"),
         "An outlier in the upper left swings the hard-margin boundary; the ℓ1 soft margin "
         "by SMO keeps it, each slack ξᵢ = max(0, 1 − y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)) drawn from its point "
         "to its margin (ξ > 1: misclassified); with C near 0 the margin widens and more "
         "points pay.",
         "svm", "soft_margin"),
    Spec("feature_map", "Separation is easier in higher dimensions", "V",
         "004, the figure at lines 117-123; 000 Part V §7 (φ, lines 1192-1196)",
         ("KR-1", "SMO-4"),
         "1-D data no threshold separates; mapped by φ(x) = [x, x²] they are linearly "
         "separable, and SMO's hard margin in φ-space is two thresholds on x.",
         "svm", "feature_map"),
    Spec("coordinate_ascent", "Coordinate ascent on a quadratic", "V",
         "000 Part V §9.1, the figure at lines 1342-1346; 004, lines 163-165",
         ("CA-1",),
         "Contours of W(α) = cᵀα − ½αᵀQα and the recorded path of coordinate ascent from "
         "(2, −2): every step is parallel to an axis.",
         "svm", "coordinate_ascent"),
    Spec("smo_box", "SMO's two-variable step: the box, the line (20), L and H", "V",
         "000 Part V §9.2, the figure at lines 1394-1398; 004, lines 177-193",
         ("SMO-1", "SMO-2"),
         "(α₁, α₂) must stay in the box [0, C]² and on α₁y⁽¹⁾ + α₂y⁽²⁾ = ζ, so L ≤ α₂ ≤ H; "
         "W along the line is a quadratic in α₂ whose maximiser is clipped to [L, H].",
         "svm", "smo_box"),
    # ---- decision trees (001 §11.3) -----------------------------------------------------
    Spec("entropy", "The entropy of a coin, H(π)", "trees",
         "001 §11.3.4, the figure at lines 164-167 after (11.13)",
         ("DT-3",),
         "H(Y) = −π log₂ π − (1 − π) log₂(1 − π) for Y ~ Bernoulli(π): zero for a certain "
         "outcome, largest (1 bit) for the fair coin.",
         "trees", "entropy"),
    Spec("xor_tree", "XOR as a decision tree", "trees",
         "001 §11.3.1, Figure 11.1 (lines 109-114), and §11.3.2 (lines 131-137)",
         ("DT-1", "DT-2", "DT-6"),
         "The tree that greedy building (largest information gain, 11.20) grows on x₁ ⊕ x₂, "
         "drawn from the fitted Tree, beside the four points no line separates.",
         "trees", "xor_tree"),
    Spec("decision_tree", "A tree on continuous features and the regions it cuts", "trees",
         "001 §11.3.6 (lines 204-206) and §11.3.5 (lines 197-202)",
         ("DT-5", "DT-6", "DT-7"),
         "A tree fitted to stated synthetic points in [0, 1]², each split the threshold "
         "xⱼ > θ of largest information gain, drawn as a tree and as the rectangles it predicts.",
         "trees", "decision_tree"),
)

_BY_ID = {s.id: s for s in FIGURES}


def spec(figure_id):
    """The ``Spec`` of a figure id; a KeyError names the ids there are."""
    try:
        return _BY_ID[figure_id]
    except KeyError:
        raise KeyError(f"unknown figure {figure_id!r}; the figures are: {', '.join(_BY_ID)}") from None


def for_part(part):
    """The specs of one part of the notes ('I' … 'V' or 'trees'), in the notes' order."""
    return [s for s in FIGURES if s.part == part]


def available():
    """True when matplotlib (the ``[plot]`` extra) can be imported."""
    try:
        importlib.import_module("matplotlib")
    except ImportError:
        return False
    return True


def draw(figure_id, seed=229, caption=True):
    """Draw one figure: returns its ``Drawing``. ``caption`` puts the title above the plot and
    the caption with the place in the notes under it (the HTML report prints them instead)."""
    from . import style

    s = spec(figure_id)
    module = importlib.import_module(f"{__name__}.{s.module}")
    with style.context():
        drawing = getattr(module, s.function)(s, seed)
        style.finish(drawing, caption)
    return drawing


def report_images(parts, seed=229):
    """{part: [(spec, data URI, wide)]} for the figures of the given parts, drawn without title
    and caption, for ``proofs.report_html.render_html`` (the page prints them); wide: a
    multi-panel figure that takes a whole row. {} when matplotlib (the ``[plot]`` extra) is
    absent."""
    if not available():
        return {}
    from . import style

    out = {}
    for part in parts:
        for s in for_part(part):
            drawing = draw(s.id, seed=seed, caption=False)
            uri = "data:image/png;base64," + base64.b64encode(style.to_bytes(drawing, "png")).decode("ascii")
            out.setdefault(part, []).append((s, uri, drawing.figure.get_figwidth() > 8))
    return out
