"""Compiled twin of cs229.reference.coordinate_ascent (catalog CA-1).

The same steps in the same order (the gradient c − Qα formed left to right, then updated
column by column after each coordinate step), so on float64 data the iterates are the
reference's bit for bit; as there, a value that overflows is an error.
"""
import numpy as np

from libc.math cimport fabs, isfinite

from cs229.fast._inline_math cimport dot
from cs229.fast._path cimport stacked

from cs229.fast._svm_kernels import overflow_checked
from cs229.fast._validation import as_given, as_matrix, as_vector
from cs229.reference.coordinate_ascent import ORDERS, REMEDY, divergence, not_converged
from cs229.reference.messages import error
from cs229.reference.parameters import choice, flag, index, positive_int, tolerance
from cs229.reference.results import ConvergenceError, IterativeResult

__all__ = ["quadratic_objective", "quadratic_gradient", "coordinate_argmax", "coordinate_ascent",
           "IterativeResult", "ConvergenceError"]


def _quadratic(Q, c):
    Q = as_matrix(Q, "Q")
    c = as_vector(c, "c")
    m = c.shape[0]
    if Q.shape != (m, m):
        raise error("q_shape", m=m)
    if not np.array_equal(Q, Q.T):
        i, j = np.argwhere(Q != Q.T)[0]
        raise error("q_symmetric", i=i, j=j)
    return Q, c


def _point(alpha, m):
    return as_vector(alpha, "alpha", m, "c")


cdef void _gradient(const double[:, ::1] Q, const double[::1] c, const double[::1] a,
                    double[::1] g) noexcept nogil:
    cdef Py_ssize_t i
    for i in range(c.shape[0]):
        g[i] = c[i] - dot(&Q[i, 0], &a[0], c.shape[0])


def quadratic_objective(Q, c, alpha):
    """CA-1: W(α) = cᵀα − ½αᵀQα."""
    Q, c = _quadratic(Q, c)
    alpha = _point(alpha, c.shape[0])
    cdef const double[:, ::1] Qv = Q
    cdef const double[::1] cv = c, av = alpha
    qa = np.empty(c.shape[0])
    cdef double[::1] q = qa
    cdef Py_ssize_t i, m = c.shape[0]
    for i in range(m):
        q[i] = dot(&Qv[i, 0], &av[0], m)
    W = dot(&cv[0], &av[0], m) - dot(&av[0], &q[0], m) / 2
    return float(_finite(np.array([W]), lambda i: "W(α)")[0])


def _finite(values, name):
    """As the reference: finite inputs give a value that is not finite only by overflow."""
    return overflow_checked(values, name, REMEDY)


def quadratic_gradient(Q, c, alpha):
    """CA-1: ∂W/∂α = c − Qα."""
    Q, c = _quadratic(Q, c)
    alpha = _point(alpha, c.shape[0])
    g = np.empty(c.shape[0])
    _gradient(Q, c, alpha, g)
    return _finite(g, lambda i: f"∂W/∂α{i}")


def _positive_diagonal(Q, given):
    d = np.diagonal(Q)
    if not (d > 0).all():
        i = int(np.argmin(d > 0))
        raise error("unbounded_coordinate", i=i, value=as_given(given, Q, (i, i)))


def coordinate_argmax(Q, c, alpha, i):
    """CA-1: αᵢ := (cᵢ − Σ_{j≠i} Qᵢⱼαⱼ) / Qᵢᵢ (a new array)."""
    given = Q
    Q, c = _quadratic(Q, c)
    alpha = _point(alpha, c.shape[0])
    m = c.shape[0]
    i = index(i, "i", m)
    _positive_diagonal(Q, given)
    cdef const double[:, ::1] Qv = Q
    cdef const double[::1] av = alpha
    cdef double rest = 0.0
    cdef Py_ssize_t j, k = i
    for j in range(m):
        if j != k:
            rest = rest + Qv[k, j] * av[j]
    cdef double c_k = c[k]
    out = alpha.copy()
    out[k] = (c_k - rest) / Qv[k, k]
    return _finite(out, lambda j: f"the new α{k}")


cdef Py_ssize_t _greedy(const double[::1] g, const double[:, ::1] Q) noexcept nogil:
    cdef double best = 0.0, gain
    cdef Py_ssize_t i, k = 0
    for i in range(g.shape[0]):
        gain = g[i] * g[i] / Q[i, i]
        if i == 0 or gain > best:
            best = gain
            k = i
    return k


cdef double _max_abs(const double[::1] g) noexcept nogil:
    cdef double v = 0.0
    cdef Py_ssize_t i
    for i in range(g.shape[0]):
        if fabs(g[i]) > v:
            v = fabs(g[i])
    return v


def coordinate_ascent(Q, c, alpha, order="cyclic", max_iterations=10_000, tol=1e-10, record=False):
    """CA-1: coordinate steps α_i := α_i + gᵢ/Qᵢᵢ in cyclic or greedy order until
    maxᵢ |gᵢ| ≤ tol (cyclic: after each sweep; greedy: before each step)."""
    given = Q
    Q, c = _quadratic(Q, c)
    alpha = _point(alpha, c.shape[0])
    order = choice(order, "order", ORDERS)
    max_iterations = positive_int(max_iterations, "max_iterations")
    tol = tolerance(tol, "tol", float64=True)
    record = flag(record, "record")
    _positive_diagonal(Q, given)
    cdef Py_ssize_t m = c.shape[0], i, j
    cdef Py_ssize_t k = 0, cap = max_iterations
    cdef bint test = tol is not None, greedy = order == "greedy", rec = bool(record)
    cdef double limit = tol if test else 0.0, step
    cdef const double[:, ::1] Qv = Q
    a = alpha.copy()
    g = np.empty(m)
    cdef double[::1] av = a, gv = g
    _gradient(Qv, c, av, gv)
    path = [a.copy()] if rec else None
    cdef int status = 0   # 1 converged, 2 diverged
    cdef bint stepped
    while k < cap:
        stepped = False
        with nogil:
            while k < cap:
                if test and greedy and _max_abs(gv) <= limit:
                    status = 1
                    break
                i = k % m if not greedy else _greedy(gv, Qv)
                step = gv[i] / Qv[i, i]
                av[i] = av[i] + step
                for j in range(m):
                    gv[j] = gv[j] - Qv[j, i] * step
                k += 1
                stepped = True
                if not (isfinite(av[i]) and isfinite(gv[i])):
                    status = 2
                    break
                if test and not greedy and k % m == 0 and _max_abs(gv) <= limit:
                    status = 1
                    break
                if rec:
                    break
        if rec and stepped:
            path.append(a.copy())
        if status:
            break
    if status == 2:
        raise divergence(IterativeResult(a, int(k), False, stacked(path)))
    if status == 1 or (test and _max_abs(gv) <= limit):
        return IterativeResult(a, int(k), True, stacked(path), {"gradient": g})
    result = IterativeResult(a, int(k), None if not test else False, stacked(path), {"gradient": g})
    if test:
        raise not_converged(max_iterations, _max_abs(gv), tol, result)
    return result


# ---- docstrings: the reference twin's text, one home for both faces (cs229.fast._docs) -----------

from cs229.fast._docs import adopt as _adopt  # noqa: E402
from cs229.reference import coordinate_ascent as _twin  # noqa: E402

_adopt(globals(), _twin)
