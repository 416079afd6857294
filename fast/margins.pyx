"""Compiled twins of cs229.reference.margins (catalog MG-1 … MG-3): labels, h_{w,b}, functional
and geometric margins. Dot products run left to right as in the reference; as there, a score
wᵀx + b that overflows is an error, and ‖w‖ comes from w/maxⱼ|wⱼ| where wᵀw under- or
overflows."""
import numpy as np

from libc.math cimport fabs, isfinite, sqrt

from cs229.fast._inline_math cimport dot

from cs229.fast._svm_kernels import overflow_checked
from cs229.fast._validation import as_matrix, as_signed_labels, as_vector
from cs229.reference.margins import REMEDY
from cs229.reference.messages import error
from cs229.reference.parameters import real

__all__ = [
    "signed_labels", "g", "hypothesis", "predict", "functional_margin", "functional_margins",
    "functional_margin_set", "geometric_margin", "geometric_margins", "geometric_margin_set",
    "normalize", "boundary_point",
]


def signed_labels(y, classes=None):
    """MG-1: labels as −1.0 / 1.0; ``classes=(negative, positive)`` maps another label pair."""
    return as_signed_labels(y, "y", classes=classes)


def g(z):
    """MG-1: g(z) = 1 if z ≥ 0 else −1."""
    return 1 if real(z, "z", float64=True) >= 0 else -1


def _model(w, b):
    return as_vector(w, "w"), real(b, "b", float64=True)


def _data(X, y, w):
    X = as_matrix(X, "X")
    if X.shape[1] != w.shape[0]:
        raise error("columns_and_entries", x_name="X", m=X.shape[1], name="w", n=w.shape[0])
    y = as_signed_labels(y, "y", X.shape[0], "X")
    return X, y


def _one_label(y):
    return as_signed_labels([y], "y")[0]  # a one-entry list, as the reference reads it: a str is one label


def _score(x, w, b):
    """wᵀx + b for one x, finite (as the reference's)."""
    cdef const double[::1] xv = x, wv = w
    return overflow_checked(dot(&wv[0], &xv[0], wv.shape[0]) + b, lambda i: "wᵀx + b", REMEDY)


def hypothesis(x, w, b):
    """MG-1: g(wᵀx + b)."""
    w, b = _model(w, b)
    x = as_vector(x, "x", w.shape[0], "w")
    return 1 if _score(x, w, b) >= 0 else -1


cdef void _fill_scores(const double[:, ::1] X, const double[::1] w, double b,
                       double[::1] out) noexcept nogil:
    cdef Py_ssize_t i
    for i in range(X.shape[0]):
        out[i] = dot(&w[0], &X[i, 0], w.shape[0]) + b


def _scores(X, w, b):
    """wᵀx⁽ⁱ⁾ + b for every row, finite (the first that is not is named, as the reference)."""
    s = np.empty(X.shape[0])
    _fill_scores(X, w, b, s)
    return overflow_checked(s, lambda i: f"wᵀX[{i}] + b", REMEDY)


def predict(X, w, b):
    """MG-1: g(wᵀx⁽ⁱ⁾ + b) for every row (int array of ±1)."""
    w, b = _model(w, b)
    X = as_matrix(X, "X")
    if X.shape[1] != w.shape[0]:
        raise error("columns_and_entries", x_name="X", m=X.shape[1], name="w", n=w.shape[0])
    return np.where(_scores(X, w, b) >= 0, 1, -1)


def functional_margin(x, y, w, b):
    """MG-2: y(wᵀx + b)."""
    w, b = _model(w, b)
    x = as_vector(x, "x", w.shape[0], "w")
    label = _one_label(y)
    return label * _score(x, w, b)


def functional_margins(X, y, w, b):
    """MG-2: y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) for every example."""
    w, b = _model(w, b)
    X, y = _data(X, y, w)
    return y * _scores(X, w, b)


def functional_margin_set(X, y, w, b):
    """MG-2: γ̂ = minᵢ γ̂⁽ⁱ⁾."""
    return float(functional_margins(X, y, w, b).min())


cdef double MIN_NORMAL = 2.0 ** -1022


cdef inline bint _out_of_range(double ww) noexcept nogil:
    return not isfinite(ww) or ww < MIN_NORMAL


def _nonzero(w, what):
    if not w.any():
        raise error("w_zero", what=what)


def _norm(w):
    """‖w‖ = √(wᵀw), or s·√(Σⱼ (wⱼ/s)²) with s = maxⱼ |wⱼ| where wᵀw under- or overflows."""
    _nonzero(w, "measure from")
    cdef const double[::1] wv = w
    cdef double ww = dot(&wv[0], &wv[0], wv.shape[0]), s = 0.0, total = 0.0, v
    cdef Py_ssize_t j
    if not _out_of_range(ww):
        return sqrt(ww)
    for j in range(wv.shape[0]):
        if fabs(wv[j]) > s:
            s = fabs(wv[j])
    for j in range(wv.shape[0]):
        v = wv[j] / s
        total = total + v * v
    return s * sqrt(total)


def _finite(values, what):
    """As the reference: a result from finite scores and a positive ‖w‖ that is not finite
    overflowed in the division by ‖w‖."""
    return overflow_checked(values, what, REMEDY)


def geometric_margin(x, y, w, b):
    """MG-3: y(wᵀx + b)/‖w‖."""
    w, b = _model(w, b)
    x = as_vector(x, "x", w.shape[0], "w")
    label = _one_label(y)
    value = float(label) * _score(x, w, b) / _norm(w)
    return float(_finite(np.array([value]), lambda i: "the geometric margin")[0])


def geometric_margins(X, y, w, b):
    """MG-3: y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)/‖w‖ for every example."""
    w, b = _model(w, b)
    X, y = _data(X, y, w)
    norm = _norm(w)
    with np.errstate(over="ignore"):
        margins = y * _scores(X, w, b) / norm
    return _finite(margins, lambda i: f"the geometric margin of X[{i}]")


def geometric_margin_set(X, y, w, b):
    """MG-3: γ = minᵢ γ⁽ⁱ⁾."""
    return float(geometric_margins(X, y, w, b).min())


def normalize(w, b):
    """MG-2, MG-3: (w/‖w‖, b/‖w‖)."""
    w, b = _model(w, b)
    norm = _norm(w)
    return w / norm, float(_finite(np.array([b / norm]), lambda i: "b/‖w‖")[0])


def boundary_point(x, w, b):
    """MG-3: B = x − ((wᵀx + b)/‖w‖²)·w, or x − γ·(w/‖w‖) where wᵀw under- or overflows."""
    w, b = _model(w, b)
    x = as_vector(x, "x", w.shape[0], "w")
    _nonzero(w, "project onto")
    score = _score(x, w, b)
    cdef const double[::1] wv = w
    cdef double ww = dot(&wv[0], &wv[0], wv.shape[0])
    with np.errstate(over="ignore", invalid="ignore"):
        if not _out_of_range(ww):
            point = x - (score / ww) * w
        else:
            norm = _norm(w)
            point = x - (score / norm) * (w / norm)
    return _finite(point, lambda j: f"B[{j}]")


# ---- docstrings: the reference twin's text, one home for both faces (cs229.fast._docs) -----------

from cs229.fast._docs import adopt as _adopt  # noqa: E402
from cs229.reference import margins as _twin  # noqa: E402

_adopt(globals(), _twin)
