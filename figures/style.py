"""One look for every figure, and files that are the same bytes on every run.

Figures are built with matplotlib's object API (``matplotlib.figure.Figure``, no pyplot), so
nothing depends on a display or on a global figure manager; Agg renders PNG headless. Settings
start from matplotlib's defaults (a user's matplotlibrc changes nothing) plus ``RC``; the SVG
id salt is fixed and the PNG/SVG metadata carry no date and no version.

A text beside a point is a ``Label``: ``finish`` places each, once the figure is laid out, where
it covers no plotted point and no other label (``place_labels``).
"""
import contextlib
import io
import os
from dataclasses import dataclass, field

import matplotlib
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import PathCollection
from matplotlib.figure import Figure
from matplotlib.text import Annotation, Text

__all__ = ["RC", "COLORS", "Label", "context", "linspace", "new_figure", "finish", "place_labels", "marker_discs",
           "to_bytes", "save", "write"]

RC = {
    "svg.hashsalt": "cs229",
    "font.size": 9.0,
    "axes.titlesize": 10.0,
    "axes.labelsize": 9.0,
    "legend.fontsize": 8.0,
    "figure.dpi": 100,
    "savefig.dpi": 120,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "image.cmap": "viridis",
}

# the two classes and the lines, the same in every figure
COLORS = {"positive": "#c0392b", "negative": "#2471a3", "fit": "#1e8449", "path": "#7d3c98",
          "second": "#d68910", "grey": "#7f8c8d"}

_METADATA = {"png": {"Software": None}, "svg": {"Date": None, "Creator": None}}


@contextlib.contextmanager
def context():
    """matplotlib's defaults plus ``RC``, restored on exit."""
    with matplotlib.rc_context():
        matplotlib.rcdefaults()
        matplotlib.rcParams.update(RC)
        yield


def linspace(low, high, n):
    """n evenly spaced points from low to high: the x-axis of a curve, a side of a contour grid."""
    return [low + (high - low) * k / (n - 1) for k in range(n)]


def new_figure(width, height, **subplots):
    """A Figure of width × height inches (no pyplot) and its grid of axes."""
    figure = Figure(figsize=(width, height), layout="constrained")
    return figure, figure.subplots(**subplots)


@dataclass
class Label:
    """A text to put beside the point ``xy`` (data coordinates) of ``ax``; ``style`` goes to
    matplotlib's ``annotate`` (color, fontsize, fontweight)."""

    ax: object
    xy: tuple
    text: str
    style: dict = field(default_factory=dict)


def finish(drawing, caption):
    """With ``caption``, title the figure and put the caption and the place in the notes under
    it; without, leave both to the page that shows the figure. Then place the drawing's labels
    (they depend on where the layout puts the axes)."""
    figure, spec = drawing.figure, drawing.spec
    if caption:
        import textwrap

        figure.suptitle(spec.title, fontsize=11, fontweight="bold")
        width = max(60, int(figure.get_figwidth() * 15))
        figure.supxlabel(textwrap.fill(spec.full_caption, width), fontsize=8, color="#333333", ha="center")
    place_labels(figure, drawing.labels)


# Where a label may go around its point: offsets in points (growing), and the alignment that
# makes the text grow away from the point. The first that covers nothing wins.
_DIRECTIONS = ((1, 1, "left", "bottom"), (1, -1, "left", "top"), (-1, 1, "right", "bottom"),
               (-1, -1, "right", "top"), (1, 0, "left", "center"), (-1, 0, "right", "center"),
               (0, 1, "center", "bottom"), (0, -1, "center", "top"))
_DISTANCES = (3, 6, 10, 15, 22, 30)


def marker_discs(ax):
    """Each plotted point of ``ax`` as (x, y, radius) in display pixels: the offsets of its
    scatters and the vertices of its lines that have markers."""
    to_pixels = ax.figure.dpi / 72
    discs = []
    for c in ax.collections:
        if isinstance(c, PathCollection) and c.get_visible() and len(c.get_offsets()):
            sizes = list(c.get_sizes()) or [matplotlib.rcParams["lines.markersize"] ** 2]
            for k, xy in enumerate(c.get_offset_transform().transform(c.get_offsets())):
                discs.append((xy[0], xy[1], sizes[k % len(sizes)] ** 0.5 / 2 * to_pixels))
    for line in ax.lines:
        if line.get_visible() and line.get_marker() not in (None, "None", "", " "):
            radius = line.get_markersize() / 2 * to_pixels
            for xy in line.get_transform().transform(line.get_xydata()):
                discs.append((xy[0], xy[1], radius))
    return discs


def _covers(box, disc, pad=1.0):
    x, y, r = disc
    dx = max(box.x0 - x, 0, x - box.x1)
    dy = max(box.y0 - y, 0, y - box.y1)
    return dx * dx + dy * dy < (r + pad) ** 2


def _polylines(ax):
    """The drawn lines of ``ax`` in display pixels: its lines, and the arrows drawn from one data
    point to another (``annotate("", end, start)``)."""
    out = []
    for line in ax.lines:
        if line.get_visible() and line.get_linestyle() not in ("None", " ", ""):
            out.append(line.get_transform().transform(line.get_xydata()))
    for text in ax.texts:
        if (isinstance(text, Annotation) and text.arrow_patch is not None and text.xycoords == "data"
                and text.anncoords == "data"):
            out.append(ax.transData.transform([text.xyann, text.xy]))
    return out


def _crossings(box, polylines):
    """How many segments of ``polylines`` pass through ``box`` (a softer cost than a point)."""
    n = 0
    for pts in polylines:
        for (x0, y0), (x1, y1) in zip(pts[:-1], pts[1:]):
            steps = 16  # a sampled segment: the boxes are small and the segments straight
            if any(box.x0 <= x0 + (x1 - x0) * t / steps <= box.x1 and box.y0 <= y0 + (y1 - y0) * t / steps <= box.y1
                   for t in range(steps + 1)):
                n += 1
    return n


def place_labels(figure, labels):
    """Put each label beside its point where its text covers no plotted point and no label
    placed before it and stays inside its axes; where every place covers something, where it
    covers least (points, then labels, then the frame, then lines). Labels are left out of the
    layout, so that placing them moves nothing."""
    if not labels:
        return
    if not isinstance(figure.canvas, FigureCanvasAgg):
        FigureCanvasAgg(figure)
    figure.draw_without_rendering()  # the layout: where the axes and so the points are
    renderer = figure.canvas.get_renderer()
    placed = []
    for label in labels:
        ax = label.ax
        discs, lines, frame = marker_discs(ax), _polylines(ax), ax.get_window_extent(renderer)
        best = None
        for rank, (distance, (sx, sy, ha, va)) in enumerate(
                (d, direction) for d in _DISTANCES for direction in _DIRECTIONS):
            text = ax.annotate(label.text, label.xy, xytext=(sx * distance, sy * distance),
                               textcoords="offset points", ha=ha, va=va, annotation_clip=False,
                               **label.style)
            text.set_in_layout(False)
            text.update_positions(renderer)  # an annotation finds its place only when drawn
            box = Text.get_window_extent(text, renderer)  # the text alone, not its arrow
            cost = (sum(_covers(box, d) for d in discs) * 1000
                    + sum(box.overlaps(other) for other in placed) * 1000
                    + (not (frame.x0 <= box.x0 and box.x1 <= frame.x1 and frame.y0 <= box.y0 and box.y1 <= frame.y1))
                    * 100 + _crossings(box, lines) * 10, rank)
            if best is None or cost < best[0]:
                if best is not None:
                    best[1].remove()
                best = (cost, text, box)
            else:
                text.remove()
            if cost[0] == 0:
                break
        placed.append(best[2])


def to_bytes(drawing, fmt="png"):
    """The figure as PNG or SVG bytes, identical on every run for the same drawing."""
    if fmt not in _METADATA:
        raise ValueError(f"format must be 'png' or 'svg', got {fmt!r}")
    buffer = io.BytesIO()
    with context():
        drawing.figure.savefig(buffer, format=fmt, metadata=_METADATA[fmt])
    return buffer.getvalue()


def save(drawing, path, fmt="png"):
    """Write the figure to ``path`` as PNG or SVG; returns the path."""
    data = to_bytes(drawing, fmt)
    with open(path, "wb") as f:
        f.write(data)
    return path


def write(drawing, directory, fmt="png"):
    """The files of one figure in ``directory``: ``<id>.<fmt>``, and for a tree also ``<id>.txt``,
    the tree as ``tree_layout.export_text`` prints it. Returns their paths."""
    paths = [save(drawing, os.path.join(directory, f"{drawing.spec.id}.{fmt}"), fmt)]
    if "text" in drawing.data:
        paths.append(os.path.join(directory, f"{drawing.spec.id}.txt"))
        with open(paths[-1], "w", encoding="utf-8") as out:
            out.write(drawing.data["text"] + "\n")
    return paths
