"""Part V §4-6: the optimal margin problems, Lagrange duality and the KKT conditions
(000 V §4-6; 001 "Duality - notes"; 002 §1.5.1).

A problem min f(w) s.t. gᵢ(w) ≤ 0, hᵢ(w) = 0 is a ``Problem`` of callables. ``Quadratic``
functions (½wᵀPw + cᵀw + r, affine when P is None) make the Lagrangian quadratic in w, so that
θ_D(α, β) = min_w L(w, α, β) is an exact inner minimisation, and a convex QP with affine
constraints can be solved exactly (``solve_qp``, by enumerating active sets). Any other callable
with a ``gradient(w)`` method (see ``Function``) works for L, θ_P and the KKT checker.
"""
from dataclasses import dataclass, field

from . import inputs, linalg, parameters, scalar
from .margins import signed_labels
from .results import NotSeparableError

__all__ = [
    "Quadratic", "Function", "Problem", "lagrangian", "lagrangian_gradient", "theta_P",
    "theta_D", "lagrangian_minimiser", "duality_gap", "Violation", "KKTReport", "kkt_check",
    "KKTPoint", "solve_qp", "equality_lagrange", "margin_constraints", "optimal_margin_problem",
    "solve_optimal_margin", "solve_margin_ratio", "support_vectors", "NotSeparableError",
]


def _matrix_or_none(P, name):
    if P is None:
        return None
    return tuple(tuple(row) for row in inputs.matrix(P, name))


@dataclass(frozen=True)
class Quadratic:
    """q(w) = ½ wᵀPw + cᵀw + r; P = None makes it affine (000 V §5 fn 4: aᵀw + b)."""

    c: tuple
    r: object = 0
    P: tuple = None

    def __post_init__(self):
        c = tuple(inputs.vector(self.c, "c"))
        object.__setattr__(self, "c", c)
        object.__setattr__(self, "r", parameters.real(self.r, "r"))
        P = _matrix_or_none(self.P, "P")
        if P is not None and (len(P) != len(c) or len(P[0]) != len(c)):
            raise ValueError(f"P must be {len(c)}x{len(c)} to match c")
        object.__setattr__(self, "P", P)

    @property
    def n(self):
        return len(self.c)

    def __call__(self, w):
        value = linalg.dot(self.c, w) + self.r
        if self.P is not None:
            value = value + linalg.dot(w, linalg.matvec(self.P, w)) / 2
        return value

    def gradient(self, w):
        if self.P is None:
            return list(self.c)
        return [a + b for a, b in zip(linalg.matvec(self.P, w), self.c)]


@dataclass(frozen=True)
class Function:
    """Any differentiable f: ``value(w)`` and ``gradient(w)`` (a list)."""

    value: object
    gradient: object

    def __call__(self, w):
        return self.value(w)


@dataclass(frozen=True)
class Problem:
    """LD-2 (000 V §5): the primal problem min_w f(w) s.t. gᵢ(w) ≤ 0 (i = 1..k), hᵢ(w) = 0
    (i = 1..l)."""

    f: object
    g: tuple = ()
    h: tuple = ()

    def __post_init__(self):
        object.__setattr__(self, "g", tuple(self.g))
        object.__setattr__(self, "h", tuple(self.h))
        for name, fn in [("f", self.f)] + [(f"g[{i}]", v) for i, v in enumerate(self.g)] \
                + [(f"h[{i}]", v) for i, v in enumerate(self.h)]:
            if not callable(fn):
                raise TypeError(f"{name} must be callable, got {type(fn).__name__}")


def _multipliers(problem, alpha, beta):
    alpha = list(alpha)
    beta = list(beta)
    if len(alpha) != len(problem.g):
        raise ValueError(f"alpha has {len(alpha)} entries but the problem has {len(problem.g)} constraints g")
    if len(beta) != len(problem.h):
        raise ValueError(f"beta has {len(beta)} entries but the problem has {len(problem.h)} constraints h")
    alpha = inputs.vector(alpha, "alpha") if alpha else []
    beta = inputs.vector(beta, "beta") if beta else []
    return alpha, beta


def lagrangian(problem, w, alpha=(), beta=()):
    """LD-1, LD-2 (000 V §5): L(w, α, β) = f(w) + Σᵢ αᵢ gᵢ(w) + Σᵢ βᵢ hᵢ(w) (with no g, the
    Lagrangian of the equality-constrained problem)."""
    w = inputs.vector(w, "w")
    alpha, beta = _multipliers(problem, alpha, beta)
    value = problem.f(w)
    for a, g in zip(alpha, problem.g):
        value = value + a * g(w)
    for b, h in zip(beta, problem.h):
        value = value + b * h(w)
    return value


def _gradient(fn, w, name):
    grad = getattr(fn, "gradient", None)
    if grad is None:
        raise TypeError(f"{name} has no gradient(w): wrap it as Function(value, gradient)")
    return list(grad(w))


def lagrangian_gradient(problem, w, alpha=(), beta=()):
    """LD-4 (000 V §5 (3)): ∇_w L = ∇f(w) + Σᵢ αᵢ∇gᵢ(w) + Σᵢ βᵢ∇hᵢ(w)."""
    w = inputs.vector(w, "w")
    alpha, beta = _multipliers(problem, alpha, beta)
    total = _gradient(problem.f, w, "f")
    for i, (a, g) in enumerate(zip(alpha, problem.g)):
        total = [t + a * d for t, d in zip(total, _gradient(g, w, f"g[{i}]"))]
    for i, (b, h) in enumerate(zip(beta, problem.h)):
        total = [t + b * d for t, d in zip(total, _gradient(h, w, f"h[{i}]"))]
    return total


def theta_P(problem, w, tol=0):
    """LD-2 (000 V §5 (1)-(2)): θ_P(w) = max_{α ≥ 0, β} L(w, α, β) = f(w) when w satisfies the
    constraints, +∞ otherwise (a violated gᵢ or hᵢ lets αᵢ or βᵢ grow without bound).
    ``tol`` allows |hᵢ(w)| ≤ tol and gᵢ(w) ≤ tol for float arithmetic (0: exact)."""
    w = inputs.vector(w, "w")
    tol = parameters.nonnegative(tol, "tol")
    if any(g(w) > tol for g in problem.g) or any(abs(h(w)) > tol for h in problem.h):
        return scalar.inf(w[0])
    return problem.f(w)


def _combined(problem, alpha, beta):
    """The quadratic and linear parts (H, c) of L(·, α, β): needs f, gᵢ, hᵢ Quadratic. The
    constant is left out: the minimiser does not depend on it, and summing it could overflow."""
    parts = [(problem.f, 1, "f")] + [(g, a, f"g[{i}]") for i, (g, a) in enumerate(zip(problem.g, alpha))] \
        + [(h, b, f"h[{i}]") for i, (h, b) in enumerate(zip(problem.h, beta))]
    n = None
    for fn, _, name in parts:
        if not isinstance(fn, Quadratic):
            raise TypeError(f"θ_D by inner minimisation needs f, g and h to be Quadratic; {name} is "
                            f"{type(fn).__name__}")
        if n is None:
            n = fn.n
        elif fn.n != n:
            raise ValueError(f"{name} is a function of {fn.n} variables, f of {n}")
    like = problem.f.c[0]
    H = [[0 * like] * n for _ in range(n)]
    c = [0 * like] * n
    for fn, weight, _ in parts:
        if fn.P is not None:
            H = [[a + weight * p for a, p in zip(row, prow)] for row, prow in zip(H, fn.P)]
        c = [a + weight * v for a, v in zip(c, fn.c)]
    return H, c


def _solve_consistent(A, b, tol):
    """One solution of A x = b (free variables 0) by Gauss-Jordan elimination with partial
    pivoting, or None when the system is inconsistent (a zero row with a non-zero right side)."""
    rows, cols = len(A), len(A[0])
    M = [list(A[i]) + [b[i]] for i in range(rows)]
    pivots = []
    r = 0
    for col in range(cols):
        p = max(range(r, rows), key=lambda i: abs(M[i][col]), default=None)
        if p is None or abs(M[p][col]) <= tol:
            continue
        M[r], M[p] = M[p], M[r]
        for i in range(rows):
            if i != r and M[i][col] != 0:
                factor = M[i][col] / M[r][col]
                M[i] = [a - factor * v for a, v in zip(M[i], M[r])]
        pivots.append((r, col))
        r += 1
        if r == rows:
            break
    for i in range(r, rows):
        if abs(M[i][cols]) > tol:
            return None
    x = [0 * b[0]] * cols
    for i, col in pivots:
        x[col] = M[i][cols] / M[i][col]
    return x


def _allowance(q, w, tol):
    """How far above 0 an affine constraint qᵢ(w) = cᵀw + r may come out at a float KKT point:
    its own rounding, 16·eps·(Σⱼ|cⱼwⱼ| + |r|) (a constraint far larger than P and c rounds far
    above ``tol``), and never less than the problem's allowance ``tol``; 0 in exact arithmetic."""
    size = abs(q.r)
    for c_j, w_j in zip(q.c, w):
        size += abs(c_j * w_j)
    return max(tol, scalar.zero_tolerance(size, size, 16))


def _tolerance(like, *matrices):
    scale = max([linalg.max_abs(M) for M in matrices if M] + [0 * like])
    return scalar.zero_tolerance(like, scale if scale else like ** 0, 16)


def lagrangian_minimiser(problem, alpha=(), beta=()):
    """LD-3: a w minimising L(w, α, β) over w, or None when L(·, α, β) is unbounded below
    (a direction of negative curvature, or a linear term outside the range of the Hessian)."""
    alpha, beta = _multipliers(problem, alpha, beta)
    H, c = _combined(problem, alpha, beta)
    z, _ = linalg.psd_witness(H)
    if z is not None:
        return None
    return _solve_consistent(H, [-v for v in c], _tolerance(c[0], H, [c]))


def theta_D(problem, alpha=(), beta=()):
    """LD-3 (000 V §5): θ_D(α, β) = min_w L(w, α, β), by exact inner minimisation of the
    quadratic L(·, α, β) (−∞ when it is unbounded below). Needs Quadratic f, gᵢ, hᵢ."""
    alpha, beta = _multipliers(problem, alpha, beta)
    w = lagrangian_minimiser(problem, alpha, beta)
    if w is None:
        return -scalar.inf(problem.f.c[0])
    return lagrangian(problem, w, alpha, beta)


def duality_gap(problem, w, alpha=(), beta=()):
    """LD-3 (000 V §5; 001): θ_P(w) − θ_D(α, β) ≥ 0 for every w and every α ≥ 0, β (weak
    duality: min-max ≥ max-min); +∞ when w is infeasible."""
    alpha, beta = _multipliers(problem, alpha, beta)
    if any(a < 0 for a in alpha):
        raise ValueError("alpha must be >= 0 (θ_D is only defined on the dual feasible set)")
    return theta_P(problem, w) - theta_D(problem, alpha, beta)


@dataclass(frozen=True)
class Violation:
    """How far one KKT condition is from holding: ``amount`` ≥ 0 (0 when it holds exactly)
    and the index i where it is worst (None when there is nothing to check)."""

    amount: object
    index: object = None


CONDITIONS = {
    "stationarity": "(3) ∂L/∂wᵢ = 0",
    "equality": "(4) ∂L/∂βᵢ = hᵢ(w) = 0",
    "complementarity": "(5) αᵢ gᵢ(w) = 0",
    "primal feasibility": "(6) gᵢ(w) ≤ 0",
    "dual feasibility": "(7) αᵢ ≥ 0",
}


@dataclass(frozen=True)
class KKTReport:
    """LD-4 (000 V §5 (3)-(7)): the violation of each KKT condition at (w, α, β)."""

    violations: dict = field(default_factory=dict)
    tol: object = 0

    @property
    def holds(self):
        return not self.failed

    @property
    def failed(self):
        """The conditions whose violation exceeds tol, in the order (3)-(7)."""
        return [name for name, v in self.violations.items() if v.amount > self.tol]

    def __str__(self):
        if self.holds:
            return "KKT conditions (3)-(7) hold" + (f" within {self.tol}" if self.tol else " exactly")
        lines = []
        for name in self.failed:
            v = self.violations[name]
            lines.append(f"{CONDITIONS[name]} fails by {v.amount} at i = {v.index}")
        return "; ".join(lines)


def _worst(values):
    if not values:
        return Violation(0)
    index = max(range(len(values)), key=lambda i: values[i])
    return Violation(values[index], index)


def kkt_check(problem, w, alpha=(), beta=(), tol=0):
    """LD-4 (000 V §5 (3)-(7)): the KKT conditions at a candidate (w*, α*, β*), each with how
    much it fails by and where: (3) maxⱼ |∂L/∂wⱼ|, (4) maxᵢ |hᵢ(w)|, (5) maxᵢ |αᵢgᵢ(w)|,
    (6) maxᵢ max(gᵢ(w), 0), (7) maxᵢ max(−αᵢ, 0). ``tol`` = 0 asks for exact equality."""
    w = inputs.vector(w, "w")
    tol = parameters.nonnegative(tol, "tol")
    alpha, beta = _multipliers(problem, alpha, beta)
    g = [gi(w) for gi in problem.g]
    zero = 0 * w[0]
    report = {
        "stationarity": _worst([abs(v) for v in lagrangian_gradient(problem, w, alpha, beta)]),
        "equality": _worst([abs(h(w)) for h in problem.h]),
        "complementarity": _worst([abs(a * gi) for a, gi in zip(alpha, g)]),
        "primal feasibility": _worst([max(gi, zero) for gi in g]),
        "dual feasibility": _worst([max(-a, zero) for a in alpha]),
    }
    return KKTReport(report, tol)


@dataclass(frozen=True)
class KKTPoint:
    """A solution of a convex problem with its multipliers: p* = f(w) = L(w, α, β) = d*."""

    w: list
    alpha: list
    beta: list
    value: object


def _affine_rows(fns, names):
    for i, fn in enumerate(fns):
        if not isinstance(fn, Quadratic) or fn.P is not None:
            raise TypeError(f"solve_qp needs affine constraints; {names}[{i}] is not an affine Quadratic")


def _subsets(k, size):
    """The size-element subsets of 0..k−1, in lexicographic order."""
    return _subsets_from(0, k, size)


def _subsets_from(start, k, size):
    if size == 0:
        yield ()
        return
    for first in range(start, k):
        for rest in _subsets_from(first + 1, k, size - 1):
            yield (first,) + rest


def solve_qp(problem):
    """LD-4, OMC-1 (000 V §4-5): an exact solution of a convex quadratic programme
    min ½wᵀPw + cᵀw + r s.t. aᵢᵀw + rᵢ ≤ 0, eᵢᵀw + sᵢ = 0 (P PSD), with its multipliers.

    Enumerates active sets S (by size, then lexicographically, |S| ≤ number of variables): solves
    the KKT system Pw + A_Sᵀα_S + Eᵀβ = −c, A_S w = −r_S, E w = −s, and returns the first
    solution with α_S ≥ 0 and every gᵢ(w) ≤ 0; the KKT conditions (3)-(7) then hold, so for a
    convex problem it is optimal (000 V §5). Exact for rational data; small problems only (the
    number of active sets grows as C(k, n)). Raises ValueError when there is no KKT point (the
    problem is infeasible or unbounded below)."""
    f = problem.f
    if not isinstance(f, Quadratic):
        raise TypeError("solve_qp needs a Quadratic objective f")
    _affine_rows(problem.g, "g")
    _affine_rows(problem.h, "h")
    n = f.n
    like = f.c[0]
    P = [list(row) for row in f.P] if f.P is not None else [[0 * like] * n for _ in range(n)]
    z, _ = linalg.psd_witness(P)
    if z is not None:
        raise ValueError(f"the objective is not convex: zᵀPz < 0 for z = {z}")
    k = len(problem.g)
    tol = _tolerance(like, P, [list(f.c)])
    for size in range(0, min(k, n) + 1):
        for S in _subsets(k, size):
            rows = [problem.g[i] for i in S] + list(problem.h)
            N = n + len(rows)
            A = [[0 * like] * N for _ in range(N)]
            rhs = [-v for v in f.c] + [-fn.r for fn in rows]
            for i in range(n):
                A[i][:n] = list(P[i])
            for a, fn in enumerate(rows):
                for j in range(n):
                    A[n + a][j] = fn.c[j]
                    A[j][n + a] = fn.c[j]
            x = _solve_consistent(A, rhs, tol)
            if x is None:
                continue
            w = x[:n]
            alpha = [0 * like] * k
            for a, i in enumerate(S):
                alpha[i] = x[n + a]
            beta = x[n + len(S):]
            if any(a < -tol for a in alpha) or any(g(w) > _allowance(g, w, tol) for g in problem.g) \
                    or any(abs(h(w)) > _allowance(h, w, tol) for h in problem.h):
                continue
            return KKTPoint(w, alpha, beta, f(w))
    raise ValueError("the problem has no KKT point: it is infeasible, or unbounded below")


def equality_lagrange(problem):
    """LD-1 (000 V §5, the method of Lagrange multipliers): for min f(w) s.t. hᵢ(w) = 0 with a
    Quadratic f and affine hᵢ, solve ∂L/∂wᵢ = 0 and ∂L/∂βᵢ = 0 (one linear system); returns
    (w, β) or raises ValueError when the system has no solution."""
    if problem.g:
        raise ValueError("equality_lagrange is for problems with equality constraints only (no g)")
    point = solve_qp(problem)
    return point.w, point.beta


# ---- the optimal margin classifier as a problem (OMC-1, OMC-2) ---------------------------------

def _labelled(X, y):
    X = inputs.matrix(X, "X")
    y = signed_labels(y)
    inputs.same_length(X, y)
    if len(set(y)) != 2:
        raise ValueError("y holds one class only: a margin needs examples of both classes")
    return X, y


def margin_constraints(X, y):
    """OMC-2 (000 V §6): gᵢ(w, b) = −y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) + 1 ≤ 0 as affine functions of the
    variables v = (w₁, …, wₙ, b)."""
    X, y = _labelled(X, y)
    return tuple(Quadratic([-y_i * v for v in x_i] + [-y_i * x_i[0] ** 0], x_i[0] ** 0)
                 for x_i, y_i in zip(X, y))


def optimal_margin_problem(X, y):
    """OMC-1 (000 V §4, the third problem): min ½‖w‖² s.t. y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) ≥ 1, over
    v = (w, b)."""
    X, y = _labelled(X, y)
    n = len(X[0])
    one = X[0][0] ** 0
    P = [[(one if i == j and i < n else 0 * one) for j in range(n + 1)] for i in range(n + 1)]
    return Problem(Quadratic([0 * one] * (n + 1), 0 * one, P), margin_constraints(X, y))


def solve_optimal_margin(X, y):
    """OMC-1, OMC-2 (000 V §4, §6): (w, b, α) solving min ½‖w‖² s.t. y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) ≥ 1
    directly (``solve_qp``; exact for rational data); α are the multipliers of the margin
    constraints. Raises NotSeparableError when the classes cannot be separated."""
    problem = optimal_margin_problem(X, y)
    try:
        point = solve_qp(problem)
    except ValueError:
        raise NotSeparableError("the hard-margin problem is infeasible: X is not linearly separable "
                                "by the labels y") from None
    return point.w[:-1], point.w[-1], point.alpha


def _affine_hull_projection(D):
    """The point of the affine hull of the vectors D closest to the origin, or None when they
    are affinely dependent."""
    base = D[0]
    E = [[a - b for a, b in zip(d, base)] for d in D[1:]]
    if not E:
        return list(base)
    G = [[linalg.dot(e1, e2) for e2 in E] for e1 in E]
    try:
        t = linalg.solve(G, [-linalg.dot(e, base) for e in E])
    except linalg.SingularMatrixError:
        return None
    u = list(base)
    for t_j, e in zip(t, E):
        u = [a + t_j * v for a, v in zip(u, e)]
    return u


def _ratio_key(num, den):
    """A key that orders num/√den for num > 0 exactly: num²/den."""
    return num * num / den


def solve_margin_ratio(X, y):
    """OMC-1 (000 V §4, the second problem): (w, b, γ̂) maximising γ̂/‖w‖ s.t.
    y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) ≥ γ̂, solved directly; γ̂/‖w‖ is the largest geometric margin.

    For a direction w the best b and γ̂ are b = −(max_{y=−1} wᵀx + min_{y=1} wᵀx)/2 and
    γ̂(w) = minₚ wᵀdₚ/2 over the differences dₚ = x⁽ⁱ⁾ − x⁽ʲ⁾ (y⁽ⁱ⁾ = 1, y⁽ʲ⁾ = −1). The
    maximum of γ̂(w)/‖w‖ is at the point of the convex hull of the dₚ nearest the origin, the
    projection of the origin onto the affine hull of at most n of them: all such projections
    are tried and the best kept, comparing (γ̂/‖w‖)² exactly. The answer is determined up to a
    positive factor; the one returned is the projection found. Small problems only."""
    X, y = _labelled(X, y)
    n = len(X[0])
    plus = [x for x, t in zip(X, y) if t == 1]
    minus = [x for x, t in zip(X, y) if t == -1]
    D = [[a - b for a, b in zip(p, q)] for p in plus for q in minus]
    best, best_key = None, None
    for size in range(1, n + 1):
        for S in _subsets(len(D), size):
            u = _affine_hull_projection([D[i] for i in S])
            if u is None or all(v == 0 for v in u):
                continue
            gamma_hat = min(linalg.dot(u, d) for d in D) / 2
            if gamma_hat <= 0:
                continue
            key = _ratio_key(gamma_hat, linalg.dot(u, u))
            if best_key is None or key > best_key:
                best, best_key = u, key
    if best is None:
        raise NotSeparableError("no direction w separates the classes: X is not linearly separable by y")
    b = -(max(linalg.dot(best, x) for x in minus) + min(linalg.dot(best, x) for x in plus)) / 2
    gamma_hat = min(t * (linalg.dot(best, x) + b) for x, t in zip(X, y))
    return best, b, gamma_hat


def support_vectors(alpha, tol=0):
    """OMC-2 (000 V §6): the indices i with αᵢ > tol; by complementarity (5) these examples
    have functional margin exactly 1."""
    alpha = inputs.vector(alpha, "alpha")
    tol = parameters.nonnegative(tol, "tol")
    return [i for i, a in enumerate(alpha) if a > tol]
