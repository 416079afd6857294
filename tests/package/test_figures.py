"""The notes' figures (``cs229 figures``): each renders headless, is the same bytes on every run,
and draws the numbers of the computation it claims to show (LR-16's θ, the recorded paths,
SMO's support vectors, NW-1's iterates, ...)."""
import os
import re
import struct
import subprocess
import sys
from fractions import Fraction

import pytest

from tests import ROOT

matplotlib = pytest.importorskip("matplotlib", reason="the figures need the [plot] extra")

from cs229 import cli
from cs229 import figures  # noqa: E402
from cs229.figures import style  # noqa: E402
from cs229.figures.generative import NOTES_GAUSSIANS  # noqa: E402
from cs229.figures.tree_layout import export_text, layout  # noqa: E402
from cs229.proofs.checks.linear_regression import housing_theta  # noqa: E402
from cs229.proofs.checks.logistic_regression import newton_picture  # noqa: E402
from cs229.reference import coordinate_ascent as ca  # noqa: E402
from cs229.reference import entropy as ent  # noqa: E402
from cs229.reference import generative as gen  # noqa: E402
from cs229.reference import kernels, smo, svm, trees  # noqa: E402
from cs229.reference import linear_regression as lr  # noqa: E402
from cs229.reference import logistic_regression as lg  # noqa: E402

IDS = [s.id for s in figures.FIGURES]
_DRAWN = {}


def drawn(figure_id):
    """Each figure drawn once per test process (the tests below read its data and artists)."""
    if figure_id not in _DRAWN:
        _DRAWN[figure_id] = figures.draw(figure_id)
    return _DRAWN[figure_id]


def _xy(line):
    return [list(map(float, line.get_xdata())), list(map(float, line.get_ydata()))]


def _path_xy(path):
    return [[float(p[0]) for p in path], [float(p[1]) for p in path]]


# ---- the package: importable without matplotlib, every figure listed with its place ---------

def test_importing_cs229_and_the_cli_never_imports_matplotlib():
    code = ("import sys, cs229, cs229.proofs, cs229.cli, cs229.proofs.audit, "
            "cs229.proofs.report_html, cs229.figures, cs229.figures.tree_layout, "
            "cs229.proofs.checks\n"
            "cs229.cli.main(['figures', '--list'])\n"
            "assert 'matplotlib' not in sys.modules, sorted(m for m in sys.modules if 'matplotlib' in m)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert all(i in out.stdout for i in IDS)


def test_without_matplotlib_figures_says_how_to_get_it_and_the_listing_still_works():
    code = ("import sys; sys.modules['matplotlib'] = None\n"  # import matplotlib now raises
            "from cs229 import cli\n"
            "from cs229 import figures\n"
            "assert not figures.available()\n"
            "assert cli.main(['figures', '--list']) == 0\n"
            "sys.exit(cli.main(['figures', '--out', sys.argv[1]]))")
    out = subprocess.run([sys.executable, "-c", code, os.devnull], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "pip install 'cs229[plot]'" in out.stderr


def test_every_figure_names_its_place_in_the_notes_and_catalog_rows():
    from cs229.proofs import catalog
    assert len(IDS) == len(set(IDS)) >= 17
    for s in figures.FIGURES:
        assert s.place[:3] in ("000", "001", "004") and "line" in s.place, s
        assert s.rows and all(catalog.part_of(r) == s.part for r in s.rows), s
        assert s.caption and s.title
    with pytest.raises(KeyError, match="unknown figure 'nope'"):
        figures.spec("nope")


# ---- rendering: headless, every figure, the same bytes in another process ------------------

@pytest.mark.slow  # every figure, in a child process and in this one
def test_cs229_figures_writes_every_figure_headless_and_the_same_bytes_as_in_process(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "MPLBACKEND")}
    out = subprocess.run([sys.executable, "-m", "cs229.cli", "figures", "--out", str(tmp_path)],
                         capture_output=True, text=True, timeout=600, env=env)
    assert out.returncode == 0, out.stderr
    for figure_id in IDS:
        png = (tmp_path / f"{figure_id}.png").read_bytes()
        assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 10_000, figure_id
        assert b"tIME" not in png and b"Software" not in png and b"matplotlib" not in png
    for figure_id in ("gradient_descent", "decision_tree", "soft_margin"):
        assert (tmp_path / f"{figure_id}.png").read_bytes() == style.to_bytes(drawn(figure_id), "png"), figure_id
    assert (tmp_path / "decision_tree.txt").read_text() == drawn("decision_tree").data["text"] + "\n"


def test_svg_is_deterministic_with_a_fixed_hash_salt_and_no_date(tmp_path):
    first = style.to_bytes(figures.draw("gda"), "svg")
    second = style.to_bytes(figures.draw("gda"), "svg")
    assert first == second and first.startswith(b"<?xml")
    assert b"<dc:date>" not in first and b"Matplotlib v" not in first
    assert cli.main(["figures", "--out", str(tmp_path), "--id", "gda", "--format", "svg"]) == 0
    assert (tmp_path / "gda.svg").read_bytes() == first


def test_the_seed_drives_the_synthetic_data():
    other = figures.draw("gradient_descent", seed=1)
    assert other.data["X"] != drawn("gradient_descent").data["X"]
    assert figures.draw("gradient_descent", seed=229).data["batch_path"] == drawn("gradient_descent").data["batch_path"]


def test_unknown_figure_id_is_an_error(capsys):
    assert cli.main(["figures", "--id", "nope", "--list"]) == 2
    assert "unknown figure 'nope'" in capsys.readouterr().err


# ---- the data each figure draws ------------------------------------------------------------

def test_housing_lines_are_LR_16s_theta():
    d = drawn("housing")
    theta = [float(t) for t in housing_theta(("area",))]
    theta2 = [float(t) for t in housing_theta(("area", "bedrooms"))]
    assert d.data["theta_area"] == theta and d.data["theta_area_bedrooms"] == theta2
    assert (round(theta[0], 2), round(theta[1], 4)) == (71.27, 0.1345)  # as printed in 000 §1
    ax = d.figure.axes[0]
    xs, ys = _xy(ax.lines[0])
    assert ys == [theta[0] + theta[1] * x for x in xs]
    for line, k in zip(ax.lines[1:], (2, 3, 4)):
        xs, ys = _xy(line)
        assert ys == [theta2[0] + theta2[1] * x + theta2[2] * k for x in xs]
    assert len(ax.collections[0].get_offsets()) == 47


def test_gradient_descent_paths_are_the_recorded_paths_LR_5_LR_6():
    d = drawn("gradient_descent")
    X, y, start = d.data["X"], d.data["y"], list(d.data["start"])
    assert start == [48.0, 30.0]  # 000 §1: "initialized at (48,30)"
    batch = lr.batch_gradient_descent(X, y, start, d.data["alpha"], d.data["steps"], tol=None,
                                     record=True)
    s = d.data["sgd"]
    sgd = lr.stochastic_gradient_descent(X, y, start, s["alpha"], epochs=s["epochs"], decay=s["decay"],
                                         record=True)
    assert d.data["batch_path"] == batch.path and d.data["sgd_path"] == sgd.path
    ax = d.figure.axes[0]
    assert _xy(ax.lines[0]) == _path_xy(batch.path) and _xy(ax.lines[1]) == _path_xy(sgd.path)
    # the paths end near the minimiser the contours are centred on
    theta_star = d.data["theta_star"]
    assert max(abs(a - b) for a, b in zip(batch.path[-1], theta_star)) < 0.1


def test_polynomial_fits_LR_15_degree_5_passes_through_the_six_houses():
    d = drawn("polynomial_fits")
    x, y = d.data["x"], d.data["y"]
    assert len(x) == 6 and all(isinstance(v, Fraction) for v in x + y)
    for degree, fit in d.data["fits"].items():
        assert fit["theta"] == lr.normal_equations(lr.polynomial_features(x, degree), y)
    residuals = [p - t for p, t in zip(lr.predict(lr.polynomial_features(x, 5), d.data["fits"][5]["theta"]), y)]
    assert residuals == [0] * 6  # exact: the degree-5 curve interpolates
    assert any(r != 0 for r in [p - t for p, t in zip(lr.predict(lr.polynomial_features(x, 1),
                                                                  d.data["fits"][1]["theta"]), y)])
    for ax, degree in zip(d.figure.axes, (1, 2, 5)):
        assert _xy(ax.lines[0])[1] == d.data["fits"][degree]["curve"]


def test_lwr_curves_are_lwr_predict_LR_14():
    d = drawn("lwr")
    queries = [[1.0, q] for q in d.data["grid"]]
    ax = d.figure.axes[0]
    for line, tau in zip(ax.lines, d.data["taus"]):
        expected = lr.lwr_predict(d.data["X"], d.data["y"], queries, tau)
        assert d.data["curves"][tau] == expected and _xy(line)[1] == expected
    ols = lr.normal_equations(d.data["X"], d.data["y"])
    gap = {tau: max(abs(p - (ols[0] + ols[1] * q)) for p, q in zip(d.data["curves"][tau], d.data["grid"]))
           for tau in d.data["taus"]}
    assert gap[3.0] < gap[0.3] < gap[0.1]  # the wider τ, the closer to least squares


def test_sigmoid_and_its_derivative_LG_1_LG_2():
    d = drawn("sigmoid")
    assert d.data["g"] == [lg.sigmoid(z) for z in d.data["z"]]
    assert d.data["g_prime"] == [g * (1 - g) for g in d.data["g"]]
    for z, diff in zip(d.data["z_marks"], d.data["differences"]):
        g = lg.sigmoid(z)
        assert abs(diff - g * (1 - g)) < 1e-8
    assert _xy(d.figure.axes[0].lines[0])[1] == d.data["g"]


def test_newton_draws_NW_1s_iterates_and_tangents_that_meet_zero_there():
    d = drawn("newton")
    fit = newton_picture()
    assert d.data["path"] == fit.path and d.data["root"] == fit.theta
    assert [round(t, 1) for t in fit.path[:3]] == [4.5, 2.8, 1.8] and round(fit.theta, 1) == 1.3
    for k, tangent in enumerate(d.data["tangents"]):
        (x0, x1), (y0, y1) = tangent["x"], tangent["y"]
        zero = x0 - y0 * (x1 - x0) / (y1 - y0)  # where the drawn segment crosses y = 0
        assert abs(zero - fit.path[k + 1]) < 1e-9 and tangent["at"] == fit.path[k]


def test_gaussians_are_the_notes_twelve_densities_MVN_1():
    d = drawn("gaussians")
    printed = [(m, S) for _, cases in NOTES_GAUSSIANS for m, S in cases]
    assert [(p["mu"], p["Sigma"]) for p in d.data["panels"]] == printed
    assert ([0, 0], [[3, 0.8], [0.8, 1]]) in printed and ([-1, -1.5], [[1, 0], [0, 1]]) in printed
    xs, ys = d.data["x"], d.data["y"]
    for p in d.data["panels"]:
        for i, j in ((35, 35), (10, 50), (60, 20)):
            expected = gen.mvn_density([xs[j], ys[i]], p["mu"], p["Sigma"])
            assert abs(p["density"][i][j] - expected) <= 1e-14 * (1 + expected)
    # the density integrates to about 1 over the plotted square for Σ = I
    cell = (xs[1] - xs[0]) * (ys[1] - ys[0])
    assert abs(sum(sum(row) for row in d.data["panels"][0]["density"]) * cell - 1) < 2e-3


def test_gda_boundary_and_posterior_are_GDA_3s_logistic_theta():
    d = drawn("gda")
    model = gen.gda_fit(d.data["X"], d.data["y"])
    theta = gen.gda_logistic_theta(model)
    assert d.data["theta"] == theta
    for x, p in zip(d.data["X"], d.data["posterior"]):
        assert abs(p - lg.sigmoid(theta[0] + theta[1] * x[0] + theta[2] * x[1])) < 1e-12
    xs, ys = d.data["boundary"]
    assert all(abs(theta[0] + theta[1] * a + theta[2] * b) < 1e-12 for a, b in zip(xs, ys))
    assert gen.gda_posterior(model, [[xs[0], ys[0]]])[0] == pytest.approx(0.5, abs=1e-12)


def test_geometric_margin_B_is_the_foot_of_the_perpendicular_MG_3():
    d = drawn("geometric_margin")
    w, b, A, B = d.data["w"], d.data["b"], d.data["A"], d.data["B"]
    assert abs(w[0] * B[0] + w[1] * B[1] + b) < 1e-12
    assert abs(((A[0] - B[0]) ** 2 + (A[1] - B[1]) ** 2) ** 0.5 - d.data["gamma"]["A"]) < 1e-12
    assert d.data["gamma"]["A"] > 3 * d.data["gamma"]["C"] > 0  # A far, C close


def test_optimal_margin_circles_SMOs_support_vectors_OMC_2():
    d = drawn("optimal_margin")
    X, y = d.data["X"], d.data["y"]
    fit = smo.smo(X, y, C=None, tol=1e-9)
    assert d.data["support"] == fit.support and d.data["alpha"] == fit.alpha
    circled = d.figure.axes[0].collections[0].get_offsets().tolist()
    assert circled == [X[i] for i in fit.support]
    w, b = d.data["w"], d.data["b"]
    for i in fit.support:  # support vectors lie on wᵀx + b = ±1
        assert abs(y[i] * (w[0] * X[i][0] + w[1] * X[i][1] + b) - 1) < 1e-6
    assert min(t * (w[0] * x[0] + w[1] * x[1] + b) for x, t in zip(X, y)) > 1 - 1e-6


def test_soft_margin_slacks_are_svm_slacks_SOFT_1():
    d = drawn("soft_margin")
    X, y = d.data["X"], d.data["y"]
    hard = smo.smo(X, y, C=None, tol=1e-9)
    assert d.data["hard"]["support"] == hard.support
    for C, soft in d.data["soft"].items():
        fit = smo.smo(X, y, C=C, tol=1e-9)
        assert soft["support"] == fit.support and soft["alpha"] == fit.alpha
        assert soft["slacks"] == svm.slacks(X, y, soft["w"], soft["b"])
        assert [s for _, _, s in soft["segments"]] == [s for s in soft["slacks"] if s > 1e-6]
        for start, end, slack in soft["segments"]:  # each segment ends on its example's margin
            i = X.index(start)
            assert abs(y[i] * (soft["w"][0] * end[0] + soft["w"][1] * end[1] + soft["b"]) - 1) < 1e-9
    assert d.data["soft"][0.3]["slacks"][-1] > 1  # the outlier is misclassified by the soft margin


def test_feature_map_makes_the_data_separable_KR_1():
    d = drawn("feature_map")
    assert d.data["Phi"] == [kernels.power_features(v, 2) for v in d.data["x"]]
    low, high = d.data["thresholds"]
    assert [1 if low < v < high else -1 for v in d.data["x"]] == d.data["y"]
    assert d.data["support"] == smo.smo(d.data["Phi"], d.data["y"], C=None, tol=1e-9).support


def test_coordinate_ascent_path_is_the_recorded_path_CA_1():
    d = drawn("coordinate_ascent")
    fit = ca.coordinate_ascent(d.data["Q"], d.data["c"], d.data["start"], tol=1e-3, record=True)
    assert d.data["path"] == fit.path and d.data["start"] == [2.0, -2.0]
    assert all(sum(a != b for a, b in zip(p, q)) == 1 for p, q in zip(fit.path, fit.path[1:]))
    assert _xy(d.figure.axes[0].lines[0]) == _path_xy(fit.path)


def test_smo_box_step_is_clipped_to_L_H_on_the_line_SMO_2():
    d = drawn("smo_box")
    alpha, y, C = d.data["alpha"], d.data["y"], d.data["C"]
    assert (d.data["L"], d.data["H"]) == smo.bounds(alpha[0], alpha[1], y[0], y[1], C)
    new = d.data["new_alpha"]
    assert new == smo.two_variable_step(d.data["X"], y, alpha, 0, 1, C=C)
    assert new[1] == pytest.approx(smo.clip(d.data["unclipped"], d.data["L"], d.data["H"]), abs=1e-12)
    assert new[0] * y[0] + new[1] * y[1] == pytest.approx(d.data["zeta"], abs=1e-12)
    assert d.data["L"] == 0  # as in the notes' picture


def test_entropy_of_a_coin_DT_3():
    d = drawn("entropy")
    assert d.data["H"] == [ent.entropy([p, 1 - p]) for p in d.data["pi"]]
    assert max(d.data["H"]) == 1.0 and d.data["pi"][d.data["H"].index(1.0)] == 0.5


def test_xor_tree_is_the_fitted_tree_and_classifies_xor_DT_1():
    d = drawn("xor_tree")
    tree = trees.tree_fit(*trees.xor_data(), discrete=True)
    assert d.data["tree"] == tree and trees.predict(tree, d.data["X"]) == d.data["y"]
    texts = [t.get_text() for t in d.figure.axes[0].texts]
    boxes = [t for t in texts if t.endswith("?") or t.startswith("y = ")]
    assert len(boxes) == tree.n_nodes and len(d.data["nodes"]) == tree.n_nodes


def test_decision_tree_regions_are_the_trees_predictions_DT_7():
    d = drawn("decision_tree")
    tree = trees.tree_fit(d.data["X"], d.data["y"], max_depth=3, min_samples_leaf=3)
    assert d.data["tree"] == tree
    grid = d.data["grid"]
    assert d.data["regions"] == [trees.predict(tree, [[a, b] for a in grid]) for b in grid]
    assert sum(1 for n in d.data["nodes"] if isinstance(n.node, trees.Leaf)) == tree.n_leaves
    assert d.data["text"] == export_text(tree)


# ---- export_text and layout ----------------------------------------------------------------

def test_export_text_prints_the_xor_tree():
    tree = trees.tree_fit(*trees.xor_data())
    assert export_text(tree) == "\n".join([
        "|--- x₁ <= 0.5",
        "|   |--- x₂ <= 0.5",
        "|   |   |--- class: 0  [1, 0]",
        "|   |--- x₂ >  0.5",
        "|   |   |--- class: 1  [0, 1]",
        "|--- x₁ >  0.5",
        "|   |--- x₂ <= 0.5",
        "|   |   |--- class: 1  [0, 1]",
        "|   |--- x₂ >  0.5",
        "|   |   |--- class: 0  [1, 0]"])
    named = export_text(trees.tree_fit(*trees.xor_data(), discrete=True), feature_names=["a", "b"],
                        class_names=["no", "yes"])
    assert named.splitlines()[:3] == ["|--- a = 0", "|   |--- b = 0", "|   |   |--- class: no  [1, 0]"]
    assert export_text(trees.Tree(trees.Leaf(1), 2)) == "|--- class: 1"


def test_export_text_bad_input():
    with pytest.raises(TypeError, match="tree must be a Tree"):
        export_text("not a tree")
    with pytest.raises(ValueError, match="feature_names has 1 names but the tree takes 2"):
        export_text(trees.tree_fit(*trees.xor_data()), feature_names=["a"])


def test_layout_centres_parents_over_children():
    nodes = layout(trees.tree_fit(*trees.xor_data()))
    leaves = [n for n in nodes if isinstance(n.node, trees.Leaf)]
    assert [n.x for n in leaves] == [0.0, 1.0, 2.0, 3.0]
    for k, n in enumerate(nodes):
        children = [c for c in nodes if c.parent == k]
        if children:
            assert n.x == (children[0].x + children[-1].x) / 2
            assert all(c.depth == n.depth + 1 for c in children)
            assert [c.edge for c in children] == ["no", "yes"]


# ---- captions and labels --------------------------------------------------------------------

def test_captions_and_the_listing_cite_the_documents_by_their_short_keys(capsys):
    from cs229.proofs import sources
    for s in figures.FIGURES:
        assert s.cited_place == sources.cite(s.place) and s.cited_place in s.full_caption
        assert not re.search(r"(?<![\w.])00[0-4](?![\w.])", s.full_caption), s.full_caption
    assert "Ng §4 (locally weighted" in figures.spec("polynomial_fits").full_caption
    assert cli.main(["figures", "--list"]) == 0
    listing = capsys.readouterr().out
    assert "Ng §4" in listing and "Ramanan L11 §11.3.4" in listing and "000 " not in listing


def _plotted_points(ax):
    """Each point drawn in ``ax`` (scatter offsets, line vertices with markers) as (x, y, radius)
    in display pixels, read from the artists, apart from the placement code."""
    from matplotlib.collections import PathCollection
    points = []
    for c in ax.collections:
        if isinstance(c, PathCollection):
            sizes = list(c.get_sizes()) or [36.0]
            for k, (x, y) in enumerate(c.get_offset_transform().transform(c.get_offsets())):
                points.append((x, y, sizes[k % len(sizes)] ** 0.5 / 2 * ax.figure.dpi / 72))
    for line in ax.lines:
        if line.get_marker() not in (None, "None", "", " "):
            for x, y in line.get_transform().transform(line.get_xydata()):
                points.append((x, y, line.get_markersize() / 2 * ax.figure.dpi / 72))
    return points


@pytest.mark.parametrize("figure_id", IDS)
def test_no_text_is_drawn_over_a_plotted_point(figure_id):
    """Every text in the axes (labels, annotations, node boxes), read after the figure is laid out
    and drawn, keeps clear of every plotted point's marker."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.text import Text
    figure = drawn(figure_id).figure
    canvas = FigureCanvasAgg(figure)
    with style.context():
        canvas.draw()
    renderer = canvas.get_renderer()
    for ax in figure.axes:
        points = _plotted_points(ax)
        for text in ax.texts:
            if not text.get_text().strip():
                continue
            box = Text.get_window_extent(text, renderer)  # the text, not an annotation's arrow
            for x, y, radius in points:
                dx, dy = max(box.x0 - x, 0, x - box.x1), max(box.y0 - y, 0, y - box.y1)
                assert dx * dx + dy * dy >= radius * radius, (text.get_text(), (x, y), box)


def test_labels_beside_points_are_placed_clear_of_points_lines_and_each_other_MG_3_SOFT_1():
    """The margin figures label points (A, B, C, γ, ξ): none covers a point or another label."""
    for figure_id in ("geometric_margin", "soft_margin", "smo_box"):
        d = drawn(figure_id)
        assert d.labels, figure_id
        texts = {label.text for label in d.labels}
        drawn_texts = [t for ax in d.figure.axes for t in ax.texts if t.get_text() in texts]
        assert len(drawn_texts) == len(d.labels)  # each placed once
    assert {"A", "B", "C", "w"} <= {label.text for label in drawn("geometric_margin").labels}


# ---- the README's figures ------------------------------------------------------------------

def test_readme_shows_committed_figures_that_the_command_it_names_regenerates():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    images = re.findall(r"!\[[^\]]+\]\((docs/[^)]+\.png)\)", readme)
    assert len(images) == 4 and all((ROOT / p).is_file() for p in images), images
    command = re.search(r"`cs229 figures --out docs/figures((?: --id \w+)+)`", readme)
    ids = command.group(1).split()[1::2]
    assert sorted(f"docs/figures/{i}.png" for i in ids) == sorted(p for p in images if "/figures/" in p)
    for i in ids:  # same size as a fresh drawing (the pixels may differ between matplotlib versions)
        committed = (ROOT / f"docs/figures/{i}.png").read_bytes()
        fresh = style.to_bytes(drawn(i), "png")
        assert struct.unpack(">II", committed[16:24]) == struct.unpack(">II", fresh[16:24])
