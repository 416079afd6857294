"""Part V §9.1: coordinate ascent on an unconstrained concave quadratic (000 V §9.1; 004).

W(α) = cᵀα − ½ αᵀQα with Q symmetric and Qᵢᵢ > 0, so that the inner arg max over one αᵢ has
the closed form α̂ᵢ = (cᵢ − Σ_{j≠i} Qᵢⱼαⱼ) / Qᵢᵢ = αᵢ + ∂W/∂αᵢ / Qᵢᵢ. The gradient
∂W/∂α = c − Qα is kept up to date after each coordinate step. A value that overflows the float
range (W, a gradient entry, a new αᵢ) is an error, not an inf.

Conventions (README, Conventions): the problem (Q, c) first, then α, then options;
``coordinate_ascent`` returns an ``IterativeResult`` (theta = α, extra['gradient'] = ∇W).
"""
from . import inputs, linalg, parameters, scalar
from .messages import error, rounded
from .results import ConvergenceError, FloatRangeError, IterativeResult

__all__ = ["quadratic_objective", "quadratic_gradient", "coordinate_argmax", "coordinate_ascent",
           "ORDERS", "IterativeResult", "ConvergenceError"]

ORDERS = ("cyclic", "greedy")


def _quadratic(Q, c):
    Q = inputs.matrix(Q, "Q")
    c = inputs.vector(c, "c")
    m = len(c)
    if len(Q) != m or len(Q[0]) != m:
        raise error("q_shape", m=m)
    for i in range(m):
        for j in range(i + 1, m):  # row by row, as the fast face finds the first pair
            if Q[i][j] != Q[j][i]:
                raise error("q_symmetric", i=i, j=j)
    return Q, c


def _point(alpha, m):
    return inputs.vector(alpha, "alpha", m, "c")


REMEDY = "rescale Q, c and alpha"


def _finite(values, name):
    """Finite inputs give a value that is not finite only by overflow (FloatRangeError)."""
    return FloatRangeError.check(values, name, REMEDY)


def quadratic_objective(Q, c, alpha):
    """CA-1: W(α) = Σᵢ cᵢαᵢ − ½ Σᵢⱼ αᵢQᵢⱼαⱼ.

    Shapes: Q m×m symmetric, c m, alpha m.
    Returns: W(α), a number."""
    Q, c = _quadratic(Q, c)
    alpha = _point(alpha, len(c))
    W = linalg.dot(c, alpha) - linalg.dot(alpha, linalg.matvec(Q, alpha)) / 2
    return _finite([W], lambda i: "W(α)")[0]


def quadratic_gradient(Q, c, alpha):
    """CA-1: ∂W/∂αᵢ = cᵢ − Σⱼ Qᵢⱼαⱼ.

    Shapes: Q m×m symmetric, c m, alpha m.
    Returns: ∇W(α), m entries."""
    Q, c = _quadratic(Q, c)
    alpha = _point(alpha, len(c))
    return _finite([ci - qa for ci, qa in zip(c, linalg.matvec(Q, alpha))], lambda i: f"∂W/∂α{i}")


def _positive_diagonal(Q):
    for i, row in enumerate(Q):
        if not row[i] > 0:
            raise error("unbounded_coordinate", i=i, value=row[i])


def coordinate_argmax(Q, c, alpha, i):
    """CA-1 (000 V §9.1, the inner loop): αᵢ := arg max_α̂ᵢ W(α₁, …, α̂ᵢ, …, αₘ)
    = (cᵢ − Σ_{j≠i} Qᵢⱼαⱼ) / Qᵢᵢ. Returns the new α (a copy).

    Shapes: Q m×m symmetric (Qᵢᵢ > 0), c m, alpha m, i an index in 0..m−1.
    Returns: the new αᵢ, a number."""
    Q, c = _quadratic(Q, c)
    alpha = _point(alpha, len(c))
    i = parameters.index(i, "i", len(c))
    _positive_diagonal(Q)
    rest = 0
    for j, (q, a) in enumerate(zip(Q[i], alpha)):
        if j != i:
            rest += q * a
    out = alpha[:]
    out[i] = _finite([(c[i] - rest) / Q[i][i]], lambda k: f"the new α{i}")[0]
    return out


def _greedy(g, Q):
    """The coordinate whose step gains most: the gain of step i is gᵢ²/(2Qᵢᵢ); lowest index on
    ties."""
    best, k = None, 0
    for i, gi in enumerate(g):
        gain = gi * gi / Q[i][i]
        if best is None or gain > best:
            best, k = gain, i
    return k


def coordinate_ascent(Q, c, alpha, order="cyclic", max_iterations=10_000, tol=1e-10, record=False):
    """CA-1 (000 V §9.1; 004): maximise W(α) = cᵀα − ½αᵀQα one coordinate at a time.

    ``order="cyclic"``: the notes' loop, α₁, α₂, …, αₘ, α₁, …, convergence tested after each
    sweep; ``"greedy"``: the variant the notes suggest, each step on the coordinate that gains
    most (gᵢ²/(2Qᵢᵢ)), tested after every step. Stops when maxᵢ |∂W/∂αᵢ| ≤ tol; ``tol=None``
    runs exactly ``max_iterations`` coordinate steps. ``iterations`` counts coordinate steps;
    ``path`` holds α after each. The cap with a tolerance, or α leaving the finite numbers
    (Q not positive semi-definite), raises ConvergenceError.

    Shapes: Q m×m symmetric (Qᵢᵢ > 0), c m, the start alpha m.
    Returns: IterativeResult: theta = α (m entries), extra['gradient']; the cap raises
        ConvergenceError."""
    Q, c = _quadratic(Q, c)
    alpha = _point(alpha, len(c))
    order = parameters.choice(order, "order", ORDERS)
    max_iterations = parameters.positive_int(max_iterations, "max_iterations")
    tol = parameters.tolerance(tol, "tol")
    record = parameters.flag(record, "record")
    _positive_diagonal(Q)
    m = len(c)
    g = [ci - qa for ci, qa in zip(c, linalg.matvec(Q, alpha))]
    path = [alpha[:]] if record else None
    k = 0
    while k < max_iterations:
        if tol is not None and order == "greedy" and max(abs(v) for v in g) <= tol:
            return IterativeResult(alpha, k, True, path, {"gradient": g})
        i = k % m if order == "cyclic" else _greedy(g, Q)
        step = g[i] / Q[i][i]
        alpha[i] = alpha[i] + step
        for j in range(m):
            g[j] = g[j] - Q[j][i] * step
        k += 1
        if record:
            path.append(alpha[:])
        if not (scalar.isfinite(alpha[i]) and scalar.isfinite(g[i])):
            raise divergence(IterativeResult(alpha, k, False, path))
        if tol is not None and order == "cyclic" and k % m == 0 and max(abs(v) for v in g) <= tol:
            return IterativeResult(alpha, k, True, path, {"gradient": g})
    if tol is not None and max(abs(v) for v in g) <= tol:
        return IterativeResult(alpha, k, True, path, {"gradient": g})
    result = IterativeResult(alpha, k, None if tol is None else False, path, {"gradient": g})
    if tol is not None:
        raise not_converged(max_iterations, max(abs(v) for v in g), tol, result)
    return result


def divergence(result):
    """CA-1: the ConvergenceError of coordinate steps whose α left the finite numbers at step
    ``result.iterations``, both faces'."""
    return ConvergenceError(
        f"coordinate ascent diverged at step {result.iterations}: α is no longer finite; W has no "
        "maximum (Q is not positive semi-definite, or c is outside its range), or the steps "
        "overflow the float range (rescale Q and c)", result)


def not_converged(max_iterations, largest, tol, result):
    """CA-1: the ConvergenceError of the cap, with the largest |∂W/∂αᵢ| left."""
    return ConvergenceError(f"coordinate ascent did not converge in {max_iterations} steps: the "
                            f"largest |∂W/∂αᵢ| is {rounded(largest)} (tol={rounded(tol)})", result)
