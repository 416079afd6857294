"""Compiled twins of cs229.reference.margins (catalog MG-1 … MG-3): labels, h_{w,b}, functional
and geometric margins. Dot products run left to right as in the reference."""
import numpy as np

from libc.math cimport sqrt

from cs229.fast._validation import as_signed_labels, as_matrix, as_scalar, as_vector

__all__ = [
    "signed_labels", "g", "hypothesis", "predict", "functional_margin", "functional_margins",
    "functional_margin_set", "geometric_margin", "geometric_margins", "geometric_margin_set",
    "normalize", "boundary_point",
]


include "_inline_math.pxi"


def signed_labels(y, classes=None):
    """MG-1: labels as −1.0 / 1.0; ``classes=(negative, positive)`` maps another label pair."""
    return as_signed_labels(y, "y", classes=classes)


def g(z):
    """MG-1: g(z) = 1 if z ≥ 0 else −1."""
    return 1 if as_scalar(z, "z") >= 0 else -1


def _model(w, b):
    return as_vector(w, "w"), as_scalar(b, "b")


def _data(X, y, w):
    X = as_matrix(X, "X")
    if X.shape[1] != w.shape[0]:
        raise ValueError(f"X has {X.shape[1]} columns but w has {w.shape[0]} entries")
    y = as_signed_labels(y, "y", X.shape[0], "X")
    return X, y


def _one_label(y):
    return as_signed_labels(np.array([y]) if not isinstance(y, (str, bytes)) else y, "y")[0]


def hypothesis(x, w, b):
    """MG-1: g(wᵀx + b)."""
    w, b = _model(w, b)
    x = as_vector(x, "x", w.shape[0], "w")
    cdef const double[::1] xv = x, wv = w
    return 1 if _dot(&wv[0], &xv[0], wv.shape[0]) + b >= 0 else -1


cdef void _scores(const double[:, ::1] X, const double[::1] w, double b, double[::1] out) noexcept nogil:
    cdef Py_ssize_t i
    for i in range(X.shape[0]):
        out[i] = _dot(&w[0], &X[i, 0], w.shape[0]) + b


def predict(X, w, b):
    """MG-1: g(wᵀx⁽ⁱ⁾ + b) for every row (int array of ±1)."""
    w, b = _model(w, b)
    X = as_matrix(X, "X")
    if X.shape[1] != w.shape[0]:
        raise ValueError(f"X has {X.shape[1]} columns but w has {w.shape[0]} entries")
    s = np.empty(X.shape[0])
    _scores(X, w, b, s)
    return np.where(s >= 0, 1, -1)


def functional_margin(x, y, w, b):
    """MG-2: y(wᵀx + b)."""
    w, b = _model(w, b)
    x = as_vector(x, "x", w.shape[0], "w")
    label = _one_label(y)
    cdef const double[::1] xv = x, wv = w
    return label * (_dot(&wv[0], &xv[0], wv.shape[0]) + b)


def functional_margins(X, y, w, b):
    """MG-2: y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) for every example."""
    w, b = _model(w, b)
    X, y = _data(X, y, w)
    s = np.empty(X.shape[0])
    _scores(X, w, b, s)
    return y * s


def functional_margin_set(X, y, w, b):
    """MG-2: γ̂ = minᵢ γ̂⁽ⁱ⁾."""
    return float(functional_margins(X, y, w, b).min())


cdef double _norm(const double[::1] w) except -1.0:
    cdef double ww = _dot(&w[0], &w[0], w.shape[0])
    if ww == 0.0:
        raise ValueError("w is zero: there is no decision boundary wᵀx + b = 0 to measure from")
    return sqrt(ww)


def geometric_margin(x, y, w, b):
    """MG-3: y(wᵀx + b)/‖w‖."""
    w, b = _model(w, b)
    x = as_vector(x, "x", w.shape[0], "w")
    label = _one_label(y)
    cdef const double[::1] xv = x, wv = w
    return label * (_dot(&wv[0], &xv[0], wv.shape[0]) + b) / _norm(wv)


def geometric_margins(X, y, w, b):
    """MG-3: y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)/‖w‖ for every example."""
    w, b = _model(w, b)
    X, y = _data(X, y, w)
    norm = _norm(w)
    s = np.empty(X.shape[0])
    _scores(X, w, b, s)
    return y * s / norm


def geometric_margin_set(X, y, w, b):
    """MG-3: γ = minᵢ γ⁽ⁱ⁾."""
    return float(geometric_margins(X, y, w, b).min())


def normalize(w, b):
    """MG-2, MG-3: (w/‖w‖, b/‖w‖)."""
    w, b = _model(w, b)
    norm = _norm(w)
    return w / norm, b / norm


def boundary_point(x, w, b):
    """MG-3: B = x − ((wᵀx + b)/‖w‖²)·w."""
    w, b = _model(w, b)
    x = as_vector(x, "x", w.shape[0], "w")
    cdef const double[::1] xv = x, wv = w
    cdef double ww = _dot(&wv[0], &wv[0], wv.shape[0])
    if ww == 0.0:
        raise ValueError("w is zero: there is no decision boundary wᵀx + b = 0 to project onto")
    t = (_dot(&wv[0], &xv[0], wv.shape[0]) + b) / ww
    return x - t * w
