"""One look for every figure, and files that are the same bytes on every run.

Figures are built with matplotlib's object API (``matplotlib.figure.Figure``, no pyplot), so
nothing depends on a display or on a global figure manager; Agg renders PNG headless. Settings
start from matplotlib's defaults (a user's matplotlibrc changes nothing) plus ``RC``; the SVG
id salt is fixed and the PNG/SVG metadata carry no date and no version.
"""
import contextlib
import io

import matplotlib
from matplotlib.figure import Figure

__all__ = ["RC", "COLORS", "context", "linspace", "new_figure", "finish", "to_bytes", "save"]

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


def finish(drawing, caption):
    """With ``caption``, title the figure and put the caption and the place in the notes under
    it; without, leave both to the page that shows the figure."""
    if not caption:
        return
    import textwrap

    figure, spec = drawing.figure, drawing.spec
    figure.suptitle(spec.title, fontsize=11, fontweight="bold")
    width = max(60, int(figure.get_figwidth() * 15))
    figure.supxlabel(textwrap.fill(spec.full_caption, width), fontsize=8, color="#333333", ha="center")


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
