"""Part V §2-3: labels in {−1, 1}, the classifier h_{w,b}(x) = g(wᵀx + b), and the functional and
geometric margins of (w, b) per example and over a training set (000 V §2-3; 002 §1.5.1).

X is a list of rows x⁽ⁱ⁾ without the intercept entry (the notes drop x₀ = 1 and keep b apart),
y a list of labels in {−1, 1}, w a list of n weights and b a scalar. A score wᵀx + b that
overflows is an error (its sign, and so h, is then unknown); ‖w‖ is computed from w/maxⱼ|wⱼ|
where wᵀw itself would under- or overflow.

Conventions (README, Conventions): data (x or X, y), then (w, b); labels are {−1, 1}
(``signed_labels(y, classes=(negative, positive))`` maps another pair; another label is refused
naming cs229.estimators.SVC or KernelPerceptron); ``predict`` is the label ±1.
"""
from . import inputs, linalg, messages, parameters, scalar
from .results import FloatRangeError

__all__ = [
    "signed_labels", "g", "hypothesis", "predict", "functional_margin", "functional_margins",
    "functional_margin_set", "geometric_margin", "geometric_margins", "geometric_margin_set",
    "normalize", "boundary_point",
]


def signed_labels(y, classes=None):
    """MG-1 (000 V §2): labels as the ints −1 and 1.

    Without ``classes`` every label must already be −1 or 1. With ``classes=(negative,
    positive)`` another two-valued label set is mapped: ``negative`` → −1, ``positive`` → 1;
    any other value is an error. Nothing is mapped unless asked, so that a {0, 1} label vector
    is not silently read as a margin problem.

    Shapes: y m labels in {−1, 1} (classes=(negative, positive) maps another pair).
    Returns: m ints in {−1, 1}."""
    y = inputs.sequence(y, "y", "a sequence of labels")  # as every array input: sparse refused, pandas by rows
    if len(y) == 0:
        raise ValueError("y is empty")
    if classes is not None:
        classes = tuple(classes)
        if len(classes) != 2 or classes[0] == classes[1]:
            raise messages.error("classes_pair", got=repr(classes))
        out = []
        for i, v in enumerate(y):
            if v == classes[0]:
                out.append(-1)
            elif v == classes[1]:
                out.append(1)
            else:
                raise messages.error("neither_class", name="y", i=i, got=repr(v), classes=repr(classes))
        return out
    out = []
    for i, v in enumerate(y):
        if parameters.is_bool(v):  # numpy's bool too: True == 1 must not pass as a label
            raise TypeError(f"y[{i}] is {v!r}: labels must be -1 or 1")
        try:
            ok = v == 1 or v == -1
        except TypeError:
            ok = False
        if not ok or inputs.is_text(v):
            raise messages.error("signed_label", name="y", where=f"[{i}]", value=v,
                                 estimator=messages.estimator("margins"))
        out.append(1 if v == 1 else -1)
    return out


def g(z):
    """MG-1 (000 V §2): g(z) = 1 if z ≥ 0, and −1 otherwise.

    Shapes: z a number.
    Returns: 1 or −1."""
    z = parameters.real(z, "z")
    return 1 if z >= 0 else -1


def _model(w, b):
    w = inputs.vector(w, "w")
    b = parameters.real(b, "b")
    return w, b


def _point(x, w, name="x"):
    return inputs.vector(x, name, len(w), "w")


def _data(X, y, w):
    X = inputs.matrix(X, "X")
    if len(X[0]) != len(w):
        raise messages.error("columns_and_entries", x_name="X", m=len(X[0]), name="w", n=len(w))
    y = signed_labels(y)
    inputs.same_length(X, y)
    return X, y


REMEDY = "rescale the data or (w, b)"


def _score(w, x, b, name):
    """wᵀx + b (left to right), which must be finite: the entries are, so only overflow can
    make it otherwise (FloatRangeError). ``name`` is how the error names x."""
    return FloatRangeError.check([linalg.dot(w, x) + b], lambda i: f"wᵀ{name} + b", REMEDY)[0]


def hypothesis(x, w, b):
    """MG-1 (000 V §2): h_{w,b}(x) = g(wᵀx + b).

    Shapes: x n, w n, b a number.
    Returns: 1 or −1."""
    w, b = _model(w, b)
    x = _point(x, w)
    return 1 if _score(w, x, b, "x") >= 0 else -1


def predict(X, w, b):
    """MG-1: h_{w,b}(x⁽ⁱ⁾) for every row of X.

    Shapes: X m×n, w n, b a number.
    Returns: m labels in {−1, 1}."""
    w, b = _model(w, b)
    X = inputs.matrix(X, "X")
    if len(X[0]) != len(w):
        raise messages.error("columns_and_entries", x_name="X", m=len(X[0]), name="w", n=len(w))
    return [1 if _score(w, x, b, f"X[{i}]") >= 0 else -1 for i, x in enumerate(X)]


def functional_margin(x, y, w, b):
    """MG-2 (000 V §3; 002 §1.5.1): γ̂⁽ⁱ⁾ = y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) for one example.

    Shapes: x n, y a label in {−1, 1}, w n, b a number.
    Returns: γ̂, a number."""
    w, b = _model(w, b)
    x = _point(x, w)
    y = signed_labels([y])[0]
    return y * _score(w, x, b, "x")


def functional_margins(X, y, w, b):
    """MG-2: the functional margins of (w, b) on every example.

    Shapes: X m×n, y m labels in {−1, 1}, w n, b a number.
    Returns: γ̂⁽ⁱ⁾, m entries."""
    w, b = _model(w, b)
    X, y = _data(X, y, w)
    return [y_i * _score(w, x_i, b, f"X[{i}]") for i, (x_i, y_i) in enumerate(zip(X, y))]


def functional_margin_set(X, y, w, b):
    """MG-2 (000 V §3): γ̂ = minᵢ γ̂⁽ⁱ⁾, the functional margin with respect to the set.

    Shapes: X m×n, y m labels in {−1, 1}, w n, b a number.
    Returns: γ̂, a number."""
    return min(functional_margins(X, y, w, b))


def _finite(values, what):
    """A result from finite scores and a positive ‖w‖ that is not finite overflowed in the
    division by ‖w‖."""
    return FloatRangeError.check(values, what, REMEDY)


_MIN_NORMAL = 2.0 ** -1022


def _out_of_range(ww):
    """wᵀw under- or overflowed (only floats can: a Fraction is exact, an mpf's exponent range
    is unbounded in practice)."""
    return not scalar.isfinite(ww) or (scalar.kind(ww) == "float" and ww < _MIN_NORMAL)


def _nonzero(w, what):
    if all(v == 0 for v in w):
        raise messages.error("w_zero", what=what)


def _norm(w):
    """‖w‖ = √(wᵀw); where wᵀw under- or overflows, s·√(Σⱼ (wⱼ/s)²) with s = maxⱼ |wⱼ|."""
    _nonzero(w, "measure from")
    ww = linalg.dot(w, w)
    if not _out_of_range(ww):
        return scalar.sqrt(ww)
    s = max(abs(v) for v in w)
    total = 0
    for v in w:
        total += (v / s) * (v / s)
    return s * scalar.sqrt(total)


def geometric_margin(x, y, w, b):
    """MG-3 (000 V §3): γ⁽ⁱ⁾ = y⁽ⁱ⁾((w/‖w‖)ᵀx⁽ⁱ⁾ + b/‖w‖) = y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)/‖w‖.

    The signed distance from x⁽ⁱ⁾ to the boundary. ‖w‖ is irrational unless wᵀw is a rational
    square, so exact input raises ExactResultError otherwise (use float or mpf).

    Shapes: x n, y a label in {−1, 1}, w n, b a number (w ≠ 0).
    Returns: γ, a number."""
    w, b = _model(w, b)
    x = _point(x, w)
    y = signed_labels([y])[0]
    return _finite([y * _score(w, x, b, "x") / _norm(w)], lambda i: "the geometric margin")[0]


def geometric_margins(X, y, w, b):
    """MG-3: the geometric margins of (w, b) on every example.

    Shapes: X m×n, y m labels in {−1, 1}, w n, b a number (w ≠ 0).
    Returns: γ⁽ⁱ⁾, m entries."""
    w, b = _model(w, b)
    X, y = _data(X, y, w)
    norm = _norm(w)
    return _finite([y_i * _score(w, x_i, b, f"X[{i}]") / norm for i, (x_i, y_i) in enumerate(zip(X, y))],
                   lambda i: f"the geometric margin of X[{i}]")


def geometric_margin_set(X, y, w, b):
    """MG-3 (000 V §3): γ = minᵢ γ⁽ⁱ⁾.

    Shapes: X m×n, y m labels in {−1, 1}, w n, b a number (w ≠ 0).
    Returns: γ, a number."""
    return min(geometric_margins(X, y, w, b))


def normalize(w, b):
    """MG-2, MG-3 (000 V §3): (w/‖w‖, b/‖w‖), whose functional margins are the geometric ones.

    Shapes: w n, b a number (w ≠ 0).
    Returns: (w/‖w‖ n entries, b/‖w‖)."""
    w, b = _model(w, b)
    norm = _norm(w)
    return [w_j / norm for w_j in w], _finite([b / norm], lambda i: "b/‖w‖")[0]


def boundary_point(x, w, b):
    """MG-3 (000 V §3, the point B): B = x − γ·w/‖w‖ with γ = (wᵀx + b)/‖w‖, i.e.
    B = x − ((wᵀx + b)/‖w‖²)·w, the foot of the perpendicular from x to wᵀx + b = 0.
    Rational for rational input. Where wᵀw under- or overflows, B = x − γ·(w/‖w‖) instead.

    Shapes: x n, w n, b a number (w ≠ 0).
    Returns: B, n entries."""
    w, b = _model(w, b)
    x = _point(x, w)
    _nonzero(w, "project onto")
    score = _score(w, x, b, "x")
    ww = linalg.dot(w, w)
    if not _out_of_range(ww):
        t = score / ww
        point = [x_j - t * w_j for x_j, w_j in zip(x, w)]
    else:
        norm = _norm(w)
        gamma = score / norm
        point = [x_j - gamma * (w_j / norm) for x_j, w_j in zip(x, w)]
    return _finite(point, lambda j: f"B[{j}]")
