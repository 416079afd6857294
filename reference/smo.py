"""Part V §9.2: SMO, the two-variable step and three ways to choose the pair (000 V §9.2;
001 §11.2; 004).

The step is the notes' derivation with α₁ = αᵢ and α₂ = αⱼ: ζ from (20), the bounds L ≤ α₂ ≤ H,
α₁ = (ζ − α₂y⁽²⁾)y⁽¹⁾, W along the line as aα₂² + bα₂ + c, its unconstrained maximiser, the clip
to [L, H], and α₁ back from (20). With Eₖ = wᵀφ(x⁽ᵏ⁾) + b − y⁽ᵏ⁾ and η = K₁₁ + K₂₂ − 2K₁₂ the
maximiser is α₂ + y⁽²⁾(E₁ − E₂)/η.

Pair selection (``rule``):
- ``"simplified"``: every i that violates KKT by more than tol, paired with a j drawn from an
  explicitly seeded generator (``SplitMix64``); b by Platt's update.
- ``"platt"``: Platt's heuristics: passes over all examples alternating with passes over the
  free ones; the second index maximises |E₁ − E₂|, then free ones from a seeded start, then
  all; b by Platt's update.
- ``"wss2"``: the maximal violating pair with the second-order choice of Fan, Chen and Lin
  (2005): i = argmax_{t ∈ I_up} −gₜ, j = argmin over t ∈ I_low with −gₜ < −gᵢ of
  −(gₜ − gᵢ)²/aᵢₜ (aᵢₜ = Kᵢᵢ + Kₜₜ − 2Kᵢₜ, or 1e-12 when that is ≤ 0); stop when
  max_{I_up} −g − min_{I_low} −g ≤ tol. Here gₜ = wᵀφ(x⁽ᵗ⁾) − y⁽ᵗ⁾ = Eₜ − b.

Ties go to the lowest index. ``C=None`` is the hard margin (H may be +∞); data it cannot
separate raise ``NotSeparableError``. Reaching ``max_iterations`` raises ``ConvergenceError``
with the remaining gap.

The kernel matrix is ``kernels.kernel_matrix`` (so X may be strings for a StringKernel); its
integer values (the string kernel's counts) are read as exact rationals, as integer data are.

Conventions (README, Conventions): data (X, y), then α, then options (C, kernel, …), as in ``svm``;
labels are {−1, 1} or any pair through ``classes=``; ``smo`` returns an ``SVMFit``.

X-2 (per-example C, libsvm's meaning): ``smo(..., sample_weight=w)`` gives example i its own box
0 ≤ αᵢ ≤ Cᵢ = C·wᵢ (``box``). The step's bounds L and H use Cᵢ and Cⱼ (``box_bounds``), the
sets I_up and I_low and the tests "at a bound" use each example's own Cᵢ, and b averages the
free examples by their own Cᵢ. A weight of 0 pins αᵢ = 0: the example drops out (in the hard
margin too, where every other Cᵢ is +∞). Integer weights are not repeated rows here: the dual of
the repeated rows has one α per copy, whose sum is this αᵢ.
"""
from . import inputs, parameters, scalar
from .messages import error, rounded
from .kernels import InvalidKernelError, Linear, MercerResult, NAMED, as_kernel, kernel_matrix
from .results import ConvergenceError, FloatRangeError, NotSeparableError
from .svm import REMEDY, SVMFit, as_C, as_problem, b_hard, b_soft_each, scores

__all__ = [
    "SVMFit", "NotSeparableError", "ConvergenceError", "SplitMix64", "RULES", "zeta", "bounds",
    "alpha1_from_alpha2", "pair_quadratic", "unclipped_optimum", "clip", "two_variable_step",
    "kkt_gap", "smo", "stuck_error", "box", "box_bounds",
]

RULES = ("wss2", "platt", "simplified")
TAU = 1e-12  # the curvature used in the second-order choice when aᵢₜ <= 0 (libsvm's TAU)
_MASK = (1 << 64) - 1


class SplitMix64:
    """A small 64-bit generator (Steele, Lea and Flood's SplitMix64) written out so that the
    reference and the compiled twin draw the same indices from the same seed."""

    def __init__(self, seed=0):
        self.state = int(seed) & _MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def index(self, n):
        """An integer in 0 .. n−1."""
        return self.next() % n


def zeta(alpha, y, i, j):
    """SMO-2 (000 V §9.2 (20)): ζ = αᵢy⁽ⁱ⁾ + αⱼy⁽ʲ⁾ = −Σ_{k≠i,j} αₖy⁽ᵏ⁾ (at a feasible α)."""
    total = 0
    for k, (a, t) in enumerate(zip(alpha, y)):
        if k != i and k != j:
            total += a * t
    return -total


def bounds(alpha1, alpha2, y1, y2, C=None):
    """SMO-2 (000 V §9.2): the interval [L, H] of α₂ that keeps (α₁, α₂) on the line (20) and in
    the box [0, C]². H is None (+∞) for the hard margin when the line is unbounded.
    y⁽¹⁾ ≠ y⁽²⁾: α₂ − α₁ is fixed, L = max(0, α₂ − α₁), H = min(C, C + α₂ − α₁);
    y⁽¹⁾ = y⁽²⁾: α₁ + α₂ is fixed, L = max(0, α₁ + α₂ − C), H = min(C, α₁ + α₂)."""
    return box_bounds(alpha1, alpha2, y1, y2, C, C)


def box_bounds(alpha1, alpha2, y1, y2, C1, C2):
    """X-2, SMO-2 (000 V §9.2 with per-example C): [L, H] of α₂ on the line (20) in the box
    [0, C₁] × [0, C₂] (None: no upper bound; H is None when the line is unbounded).
    y⁽¹⁾ ≠ y⁽²⁾: L = max(0, α₂ − α₁), H = min(C₂, C₁ + α₂ − α₁);
    y⁽¹⁾ = y⁽²⁾: L = max(0, α₁ + α₂ − C₁), H = min(C₂, α₁ + α₂)."""
    if y1 != y2:
        d = alpha2 - alpha1
        low = d if d > 0 else 0 * d
        if C1 is None:
            high = C2
        elif C2 is None:
            high = C1 + d
        else:
            high = C2 if d > C2 - C1 else C1 + d   # C₁ = C₂ = C: C if d > 0 else C + d
    else:
        s = alpha1 + alpha2
        low = 0 * s if C1 is None or s <= C1 else s - C1
        high = s if C2 is None else min(C2, s)
    return low, high


def box(C, weight, m):
    """X-2 (libsvm's per-example C): Cᵢ = C·wᵢ for each of the m examples (every Cᵢ = C without
    weights). In the hard margin (C None, +∞) Cᵢ is None (+∞) where wᵢ > 0 and 0 where wᵢ = 0."""
    if weight is None:
        return [C] * m
    if C is None:
        return [None if w > 0 else 0 * w for w in weight]
    return [C * w for w in weight]


def alpha1_from_alpha2(zeta_, alpha2, y1, y2):
    """SMO-2 (000 V §9.2): α₁ = (ζ − α₂y⁽²⁾)y⁽¹⁾, from (20) and (y⁽¹⁾)² = 1."""
    return (zeta_ - alpha2 * y2) * y1


def pair_quadratic(alpha, y, K, i, j):
    """SMO-2 (000 V §9.2): W as a function of α₂ = αⱼ on the line (20), all other α fixed:
    W = aα₂² + bα₂ + c. Returns (a, b, c) with a = −η/2; K is the kernel matrix."""
    m = len(alpha)
    z = zeta(alpha, y, i, j)
    s = y[i] * y[j]
    g = y[i] * z                       # α₁ = g − s α₂
    v_i, v_j, rest, const = 0, 0, 0, 0
    for k in range(m):
        if k == i or k == j:
            continue
        v_i += alpha[k] * y[k] * K[i][k]
        v_j += alpha[k] * y[k] * K[j][k]
        rest += alpha[k]
        for l in range(m):
            if l != i and l != j:
                const += y[k] * y[l] * alpha[k] * alpha[l] * K[k][l]
    eta = K[i][i] + K[j][j] - 2 * K[i][j]
    a = -eta / 2
    b = (1 - s) + g * s * (K[i][i] - K[i][j]) + y[j] * (v_i - v_j)
    c = g + rest - K[i][i] * g * g / 2 - g * y[i] * v_i - const / 2
    return a, b, c


def unclipped_optimum(alpha2, y2, E1, E2, eta):
    """SMO-2 (000 V §9.2): the maximiser of W along the line, α₂ + y⁽²⁾(E₁ − E₂)/η (η > 0)."""
    if not eta > 0:
        raise ValueError(f"eta = {eta}: W along the line has no maximum (eta must be > 0)")
    return alpha2 + y2 * (E1 - E2) / eta


def clip(alpha2, low, high):
    """SMO-2 (000 V §9.2): α₂^new = H above H, L below L, else α₂^new,unclipped."""
    if high is not None and alpha2 > high:
        return high
    if alpha2 < low:
        return low
    return alpha2


def _tiny(like):
    """Below this a change of α counts as no step: 0 in exact arithmetic."""
    return scalar.zero_tolerance(like, 1, 2 ** 8)


def _step(a1, a2, y1, y2, E1, E2, K11, K22, K12, C1, C2, pair):
    """The two-variable step in the box [0, C₁] × [0, C₂]; None when α cannot move. Returns
    (α₁new, α₂new)."""
    low, high = box_bounds(a1, a2, y1, y2, C1, C2)
    if high is not None and not low < high:
        # The segment is one point. In floats it can be a point that α is a rounding error
        # away from: an α within half an ulp of its bound is absorbed into L or H by the
        # other's magnitude. Moving there puts that α on its bound (libsvm's clip does too);
        # in exact arithmetic α is already there and nothing moves.
        new2 = low
    else:
        new2 = _clipped_maximiser(a2, y2, E1, E2, K11, K22, K12, low, high, pair)
        if new2 is None:
            return None
    s = y1 * y2
    new1 = a1 + s * (a2 - new2)
    # When the clip was set by α₁'s own box, α₁ sits exactly on that bound ((20) gives it up
    # to rounding; a near-miss would leave α₁ a rounding error inside the box). This can move
    # α₁ alone: α₂ = L in floats while α₁ is a rounding error off its bound.
    if new2 == low and low != 0:
        new1 = 0 * new1 if s < 0 else C1
    elif high is not None and new2 == high and (C2 is None or high != C2):
        new1 = C1 if s < 0 else 0 * new1
    # (20) keeps α₁ in the box [0, C₁], but in floats α₁ + s(α₂ − α₂new) can land a rounding error
    # outside it (α₂new a hair inside H = α₁ + α₂), and the box is a constraint of the dual.
    if new1 <= 0:
        new1 = new1 - new1  # +0 of α's own type, also for the −0.0 a snap above leaves (as the twin)
    elif C1 is not None and new1 > C1:
        new1 = C1
    if new1 == a1 and new2 == a2:
        return None
    return new1, new2


def _clipped_maximiser(a2, y2, E1, E2, K11, K22, K12, low, high, pair):
    """The maximiser of W over α₂ ∈ [L, H] (L < H) along the line, None when W is flat there."""
    eta = K11 + K22 - 2 * K12
    slope = y2 * (E1 - E2)             # dW/dα₂ at the current point, along the line
    if eta > 0:
        new2 = clip(unclipped_optimum(a2, y2, E1, E2, eta), low, high)
    else:
        # W along the line is linear or convex: its maximum over [L, H] is at an end.
        if high is None:
            if slope > 0 or eta < 0:
                raise unbounded_pair(pair)
            if not slope < 0:
                return None
            new2 = low
        else:
            def gain(t):
                d = t - a2
                return slope * d - eta * d * d / 2
            w_low, w_high = gain(low), gain(high)
            tiny = _tiny(slope)
            if w_low > w_high + tiny:
                new2 = low
            elif w_low < w_high - tiny:
                new2 = high
            else:
                return None
    return new2


def two_variable_step(X, y, alpha, i, j, C=1.0, kernel=Linear()):
    """SMO-2 (000 V §9.2; 001 §11.2; 004): re-optimise W over αᵢ (α₁) and αⱼ (α₂), all other α
    fixed: the unconstrained maximiser along (20), clipped to [L, H], α₁ back from (20).
    Returns the new α (a copy; unchanged when the pair cannot move).

    Shapes: X m×n (or m strings for a StringKernel), y m labels in {−1, 1}, alpha m in the box
        [0, C], i ≠ j indices.
    Returns: the new α, m entries."""
    kernel = as_kernel(kernel)
    X, y = as_problem(X, y, kernel=kernel)
    m = len(X)
    alpha = inputs.vector(alpha, "alpha", m, "X", of="rows")
    C = as_C(C)
    i, j = parameters.index(i, "i", m), parameters.index(j, "j", m)
    if i == j:
        raise error("same_pair")
    K = _kernel_matrix(X, kernel)
    f = scores(alpha, y, K)
    E1, E2 = f[i] - y[i], f[j] - y[j]
    out = alpha[:]
    new = _step(alpha[i], alpha[j], y[i], y[j], E1, E2, K[i][i], K[j][j], K[i][j], C, C, (i, j))
    if new is not None:
        out[i], out[j] = FloatRangeError.check(new, lambda k: f"the new alpha[{(i, j)[k]}]",
                                               REMEDY)
    return out


def _in_up(a, t, C):
    return (t == 1 and (C is None or a < C)) or (t == -1 and a > 0)


def _in_low(a, t, C):
    return (t == -1 and (C is None or a < C)) or (t == 1 and a > 0)


def _gap(alpha, y, g, Cs):
    """max_{I_up} −gₜ − min_{I_low} −gₜ: the maximal violation of the KKT conditions, each α in
    its own box [0, Cₜ]."""
    up = max((-gt for a, t, gt, c in zip(alpha, y, g, Cs) if _in_up(a, t, c)), default=None)
    low = min((-gt for a, t, gt, c in zip(alpha, y, g, Cs) if _in_low(a, t, c)), default=None)
    if up is None or low is None:
        return scalar.zero(g)
    d = up - low
    return d if d > 0 else d - d


def kkt_gap(X, y, alpha, C=1.0, kernel=Linear()):
    """SMO-3 (000 V §9.2; Fan, Chen and Lin 2005): the maximal violation
    max_{t ∈ I_up} −gₜ − min_{t ∈ I_low} −gₜ (0 when negative), gₜ = wᵀφ(x⁽ᵗ⁾) − y⁽ᵗ⁾,
    I_up = {αₜ < C, y⁽ᵗ⁾ = 1} ∪ {αₜ > 0, y⁽ᵗ⁾ = −1}, I_low = {αₜ < C, y⁽ᵗ⁾ = −1} ∪ {αₜ > 0,
    y⁽ᵗ⁾ = 1}. α is optimal exactly when it is 0 (KKT (14)-(16) hold for some b).

    Shapes: X m×n (or m strings for a StringKernel), y m labels in {−1, 1}, alpha m in the box
        [0, C].
    Returns: the maximal KKT violation, a number ≥ 0."""
    kernel = as_kernel(kernel)
    X, y = as_problem(X, y, kernel=kernel)
    alpha = inputs.vector(alpha, "alpha", len(X), "X", of="rows")
    C = as_C(C)
    g = [f - t for f, t in zip(scores(alpha, y, _kernel_matrix(X, kernel)), y)]
    return _gap(alpha, y, g, box(C, None, len(X)))


def _kernel_matrix(X, kernel):
    """``kernels.kernel_matrix`` with integer values (the string kernel's counts) read as exact
    rationals, as integer data are (``scalar.to_scalar``)."""
    return [[scalar.to_scalar(v) for v in row] for row in kernel_matrix(X, kernel)]


def asymmetric_kernel(i, j, K_ij, K_ji):
    """The InvalidKernelError of a kernel with K(x⁽ⁱ⁾, x⁽ʲ⁾) ≠ K(x⁽ʲ⁾, x⁽ⁱ⁾) on X (both faces)."""
    return InvalidKernelError(
        f"kernel is not symmetric on X: kernel(X[{i}], X[{j}]) = {K_ij} but "
        f"kernel(X[{j}], X[{i}]) = {K_ji}; SMO needs K(x, z) = K(z, x)",
        MercerResult(False, False, pair=(i, j)))


def _symmetric(K, kernel):
    """SMO's updates assume K(x, z) = K(z, x); the named kernels are symmetric by construction,
    any other callable is checked on X."""
    if type(kernel) in NAMED:
        return
    for i in range(len(K)):
        for j in range(i):
            if K[i][j] != K[j][i]:
                raise asymmetric_kernel(i, j, K[i][j], K[j][i])


# ---- the solver --------------------------------------------------------------------------------

class _State:
    """α, the kernel matrix, each example's C (X-2) and the cached errors of one run."""

    def __init__(self, X, y, K, C, zero):
        self.X, self.y, self.K, self.C = X, y, K, C   # C: the list of the Cₜ
        self.m = len(y)
        self.alpha = [zero] * self.m
        self.b = zero
        self.g = [zero - t for t in y]          # gₜ = wᵀφ(x⁽ᵗ⁾) − y⁽ᵗ⁾ at α = 0
        self.iterations = 0
        self.path = None
        self.stuck = None

    def apply(self, i, j, new1, new2):
        """αᵢ, αⱼ := new; gₜ += y⁽ⁱ⁾Δαᵢ Kᵢₜ + y⁽ʲ⁾Δαⱼ Kⱼₜ for every t."""
        d1 = self.y[i] * (new1 - self.alpha[i])
        d2 = self.y[j] * (new2 - self.alpha[j])
        self.alpha[i], self.alpha[j] = new1, new2
        Ki, Kj, g = self.K[i], self.K[j], self.g
        for t in range(self.m):
            g[t] = g[t] + d1 * Ki[t] + d2 * Kj[t]
        self.iterations += 1
        if self.path is not None:
            self.path.append((i, j))
        return d1, d2


def _wss2_select(st):
    """(i, j, gap) by the second-order rule: i maximises −gₜ over I_up, j minimises
    −(−gᵢ + gₜ)²/curvature over the t of I_low that can pair with i; −1 where no such index is
    left, and gap = max over I_up − min over I_low of −gₜ (0 when a set is empty)."""
    y, a, g, K, C = st.y, st.alpha, st.g, st.K, st.C
    i, g_max = -1, None
    for t in range(st.m):
        if _in_up(a[t], y[t], C[t]) and (g_max is None or -g[t] > g_max):
            i, g_max = t, -g[t]
    j, best, g_min = -1, None, None
    for t in range(st.m):
        if not _in_low(a[t], y[t], C[t]):
            continue
        if g_min is None or -g[t] < g_min:
            g_min = -g[t]
        if i < 0:
            continue
        diff = g_max + g[t]            # (−gᵢ) − (−gₜ) > 0: t can pair with i
        if diff > 0:
            curvature = K[i][i] + K[t][t] - 2 * K[i][t]
            if not curvature > 0:
                curvature = TAU
            obj = -(diff * diff) / curvature
            if best is None or obj < best:
                j, best = t, obj
    gap = 0 if g_max is None or g_min is None else g_max - g_min
    return i, j, gap


def _run_wss2(st, tol, max_iterations):
    """True: converged; False: the iteration cap; None: the chosen pair cannot move."""
    while True:
        i, j, gap = _wss2_select(st)
        if j < 0 or gap <= tol:
            return True
        if st.iterations >= max_iterations:
            return False
        E1, E2 = st.g[i], st.g[j]       # E − b: b cancels in E₁ − E₂
        new = _step(st.alpha[i], st.alpha[j], st.y[i], st.y[j], E1, E2,
                    st.K[i][i], st.K[j][j], st.K[i][j], st.C[i], st.C[j], (i, j))
        if new is None:
            # impossible for a positive semi-definite kernel: the pair has a feasible
            # direction of ascent
            st.stuck = (i, j)
            return None
        st.apply(i, j, *new)


def _violates(a, t, E, C, tol):
    r = E * t
    return (r < -tol and (C is None or a < C)) or (r > tol and a > 0)


def _platt_threshold(st, i, j, new1, new2, E1, E2):
    """Platt's threshold update: b from the free one of the two, else the average of both."""
    y, K, C, a = st.y, st.K, st.C, st.alpha
    t1 = y[i] * (new1 - a[i])
    t2 = y[j] * (new2 - a[j])
    b1 = st.b - E1 - t1 * K[i][i] - t2 * K[i][j]
    b2 = st.b - E2 - t1 * K[i][j] - t2 * K[j][j]
    if _is_free(new1, C[i]):
        return b1
    if _is_free(new2, C[j]):
        return b2
    return (b1 + b2) / 2


def _platt_take(st, i, j):
    if i == j:
        return False
    E1 = st.g[i] + st.b
    E2 = st.g[j] + st.b
    new = _step(st.alpha[i], st.alpha[j], st.y[i], st.y[j], E1, E2,
                st.K[i][i], st.K[j][j], st.K[i][j], st.C[i], st.C[j], (i, j))
    if new is None:
        return False
    tiny = _tiny(new[1])
    if abs(new[1] - st.alpha[j]) <= tiny * (new[1] + st.alpha[j] + 1):
        return False
    st.b = _platt_threshold(st, i, j, new[0], new[1], E1, E2)
    st.apply(i, j, *new)
    return True


def _is_free(a, C):
    """0 < α < C (C None: no upper bound)."""
    return a > 0 and (C is None or a < C)


def _free(st):
    return [t for t in range(st.m) if _is_free(st.alpha[t], st.C[t])]


def _platt_examine(st, j, tol, rng):
    """Platt's examineExample for α₂ = αⱼ: True when a step was taken."""
    E2 = st.g[j] + st.b
    if not _violates(st.alpha[j], st.y[j], E2, st.C[j], tol):
        return False
    free = _free(st)
    if len(free) > 1:
        i, best = -1, None
        for t in free:
            d = abs(st.g[t] - st.g[j])     # |E₁ − E₂|
            if best is None or d > best:
                i, best = t, d
        if _platt_take(st, i, j):
            return True
    if free:
        start = rng.index(len(free))
        for k in range(len(free)):
            if _platt_take(st, free[(start + k) % len(free)], j):
                return True
    start = rng.index(st.m)
    for k in range(st.m):
        if _platt_take(st, (start + k) % st.m, j):
            return True
    return False


def _run_platt(st, tol, max_iterations, rng):
    examine_all = True
    while True:
        changed = 0
        for j in range(st.m):
            if not examine_all and not _is_free(st.alpha[j], st.C[j]):
                continue
            if st.iterations >= max_iterations:
                # the cap stops only a run that still has a violator to move: a last step that
                # reached the solution is followed by the pass that finds none (as _run_simplified)
                if _violates(st.alpha[j], st.y[j], st.g[j] + st.b, st.C[j], tol):
                    return False
                continue
            changed += _platt_examine(st, j, tol, rng)
        if examine_all:
            if changed == 0:
                return True
            examine_all = False
        elif changed == 0:
            examine_all = True


def _run_simplified(st, tol, max_iterations, rng):
    """Passes over i = 0..m−1 until one finds no KKT violation beyond tol; 10m + 10 passes in a row
    that find violators but cannot move any of them are reported as stuck (None)."""
    m = st.m
    fruitless = 0
    while True:
        changed = violators = 0
        for i in range(m):
            Ei = st.g[i] + st.b
            if not _violates(st.alpha[i], st.y[i], Ei, st.C[i], tol):
                continue
            violators += 1
            if st.iterations >= max_iterations:
                return False
            j = rng.index(m - 1)
            if j >= i:
                j += 1
            Ej = st.g[j] + st.b
            new = _step(st.alpha[i], st.alpha[j], st.y[i], st.y[j], Ei, Ej,
                        st.K[i][i], st.K[j][j], st.K[i][j], st.C[i], st.C[j], (i, j))
            if new is None:
                continue
            tiny = _tiny(new[1])
            if abs(new[1] - st.alpha[j]) <= tiny * (new[1] + st.alpha[j] + 1):
                continue
            st.b = _platt_threshold(st, i, j, new[0], new[1], Ei, Ej)
            st.apply(i, j, *new)
            changed += 1
        if violators == 0:
            return True
        if not changed:
            # Platt's update can leave b inconsistent with α (both new α at a bound): take b
            # from the KKT conditions at the current α before calling the pass fruitless
            b = b_soft_each(st.alpha, st.y, [gt + t for gt, t in zip(st.g, st.y)], st.C)
            if b != st.b:
                st.b = b
                continue
        fruitless = 0 if changed else fruitless + 1
        if fruitless >= 10 * m + 10:
            st.stuck = "no violator could move"
            return None


def separates(alpha, y, g, diagonal):
    """Whether wᵀφ(x) (no b) already puts every positive example above every negative one, by
    more than the rounding of f(x) = Σₜ αₜy⁽ᵗ⁾K(x⁽ᵗ⁾, x), m·ε·Σα·maxₜ Kₜₜ (0 in exact arithmetic):
    on inseparable data whose iterates make w vanish (a positive point between two negative
    ones), rounding alone can order the f values. ``g`` is gₜ = f(x⁽ᵗ⁾) − y⁽ᵗ⁾, ``diagonal``
    the Kₜₜ."""
    f = [gt + t for gt, t in zip(g, y)]
    total = 0 * alpha[0]
    for a in alpha:
        total += a
    top = max(abs(v) for v in diagonal)
    noise = scalar.zero_tolerance(total, total * top, len(y))
    return min(v for v, t in zip(f, y) if t == 1) - max(v for v, t in zip(f, y) if t == -1) > noise


def hull_distance_bound(alpha, y, g):
    """2‖w‖ / Σα bounds the distance between the classes' convex hulls (in feature space) from
    above at any feasible α; it tends to 0 when the hulls meet. ‖w‖² = Σₜ αₜ y⁽ᵗ⁾ wᵀφ(x⁽ᵗ⁾)."""
    total = w2 = 0
    for a, t, gt in zip(alpha, y, g):
        total += a
        w2 += a * t * (gt + t)
    if not total > 0:
        return None
    return 2 * max(float(w2), 0.0) ** 0.5 / float(total)


def unbounded_pair(pair):
    """The NotSeparableError of a hard-margin step along ``pair`` whose W has no maximum (SMO-2:
    η ≤ 0 with W rising, no upper bound H)."""
    return NotSeparableError(
        f"the hard-margin dual is unbounded along the pair {pair}: W grows without limit (the "
        "examples coincide in feature space with opposite labels, so no hyperplane separates "
        "the classes); use a finite C")


def inseparable(max_iterations, objective, bound):
    """The NotSeparableError of a hard-margin run stopped at the cap with no iterate separating
    the classes; ``bound`` is ``hull_distance_bound``'s (None when Σα = 0: no clause)."""
    hulls = "" if bound is None else f" (the classes' convex hulls are at most {bound:.3g} apart)"
    return NotSeparableError(
        f"hard margin: after {max_iterations} steps no iterate separates the classes and "
        f"W(α) = {rounded(objective, 6)} keeps growing{hulls}: the data look inseparable; "
        "use a finite C")


def at_cap(rule, max_iterations, fit, tol, shrinking=False):
    """The ConvergenceError of a run that reached max_iterations with the KKT gap above tol;
    ``shrinking`` (the compiled twin's libsvm option) adds what it costs."""
    hint = ("; on an ill-conditioned problem shrinking can take twice the steps (libsvm's too), "
            "and shrinking=False takes the reference's" if shrinking else "")
    return ConvergenceError(
        f"SMO ({rule}) did not converge in {max_iterations} steps: the remaining KKT gap is "
        f"{rounded(fit.kkt_gap, 6)} (tol={rounded(tol)}); raise max_iterations or tol{hint}", fit)


def both_classes(y, weight, labels, name="sample_weight"):
    """X-2: the examples of weight > 0 must hold both labels (y in {−1, 1}; ``labels`` as given)."""
    if weight is None:
        return
    seen = {t for t, w in zip(y, weight) if w > 0}
    if len(seen) < 2:
        (t,) = seen
        raise error("one_class_weights", name=name, label=labels[0] if t == -1 else labels[1])


def kept(Cs):
    """X-2: the examples in the problem, those whose box is not [0, 0] (weight > 0)."""
    return [t for t, c in enumerate(Cs) if c is None or c != 0]


def _finish(st, C, rule, converged, kernel, classes):
    y, alpha = st.y, st.alpha
    f = FloatRangeError.check([gt + t for gt, t in zip(st.g, y)], lambda j: f"wᵀφ(X[{j}])",
                              REMEDY)
    if rule == "wss2":
        if C is None:
            rows = kept(st.C)
            b = b_hard([f[t] for t in rows], [y[t] for t in rows])
        else:
            b = b_soft_each(alpha, y, f, st.C)
    else:
        b = st.b
    W = 0
    for a, t, ft in zip(alpha, y, f):
        W += a - a * t * ft / 2
    W = FloatRangeError.check([W], lambda i: "W(α)", REMEDY)[0]
    support = [i for i, a in enumerate(alpha) if a > 0]
    return SVMFit(
        alpha=alpha[:], b=b, support=support,
        support_vectors=[st.X[i][:] for i in support], support_labels=[y[i] for i in support],
        support_alpha=[alpha[i] for i in support], kernel=kernel, C=C, classes=classes,
        objective=W, iterations=st.iterations, kkt_gap=_gap(alpha, y, st.g, st.C),
        converged=converged, rule=rule, path=st.path)


def smo(X, y, C=1.0, kernel=Linear(), rule="wss2", tol=1e-3, max_iterations=100_000, seed=0,
        classes=None, record=False, shrinking=True, cache_size=200, *, n_jobs=1,
        sample_weight=None):
    """SMO-3, SMO-4 (000 V §9.2; 001 §11.2; 004): maximise W(α) subject to 0 ≤ αᵢ ≤ C and
    Σ αᵢy⁽ⁱ⁾ = 0 by two-variable steps from α = 0, choosing pairs by ``rule``; returns an
    ``SVMFit``. ``C=None`` is the hard margin (b from (11)); ``tol`` is the KKT tolerance
    (wss2: the maximal-violation gap); ``seed`` drives the random choices of the simplified and
    Platt rules; ``record`` keeps the chosen pairs in ``path``.

    X-2: ``sample_weight`` (m weights ≥ 0, not all 0; ``inputs.sample_weights``) gives each
    example its own box 0 ≤ αᵢ ≤ Cᵢ = C·wᵢ, libsvm's and scikit-learn's meaning (``box``); a
    weight of 0 pins αᵢ = 0, so the example drops out (in the hard margin too, where the other
    Cᵢ are +∞). None: every Cᵢ = C.

    ``shrinking`` (True or False), ``cache_size`` (megabytes, > 0) and ``n_jobs`` (checked by
    ``parameters.n_jobs``; 1 by default, see the twin) are the compiled twin's: libsvm's shrinking of the active set, the size
    of its kernel-row cache and the cores its passes over the examples may use (each example's
    value computed as in the serial loop: the iterates do not depend on it). The reference
    checks them and computes as the notes do, over every example with the whole kernel matrix:
    its iterates are the fast face's with ``shrinking=False``.

    Shapes: X m×n (or m strings for a StringKernel), y m labels in {−1, 1} (or any two labels
        with classes=).
    Returns: SVMFit (alpha m, b, the support vectors, …); the cap raises ConvergenceError, an
        infeasible hard margin NotSeparableError."""
    rule = parameters.choice(rule, "rule", RULES)
    labels = classes if classes is not None else (-1, 1)
    kernel = as_kernel(kernel)
    X, y = as_problem(X, y, classes, kernel)
    C = as_C(C)
    tol = parameters.nonnegative(tol, "tol")
    max_iterations = parameters.positive_int(max_iterations, "max_iterations")
    rng = SplitMix64(parameters.seed(seed, "seed"))
    record = parameters.flag(record, "record")
    parameters.flag(shrinking, "shrinking")
    parameters.positive(cache_size, "cache_size")
    parameters.n_jobs(n_jobs)
    weight = inputs.sample_weights(sample_weight, X)
    both_classes(y, weight, labels)
    Cs = box(C, weight, len(X))
    K = _kernel_matrix(X, kernel)
    _symmetric(K, kernel)
    zero = scalar.zero(v for row in K for v in row)  # α, g and b start in the type K's entries combine to
    st = _State(X, y, K, Cs, zero)
    if record:
        st.path = []
    if rule == "wss2":
        converged = _run_wss2(st, tol, max_iterations)
    elif rule == "platt":
        converged = _run_platt(st, tol, max_iterations, rng)
    else:
        converged = _run_simplified(st, tol, max_iterations, rng)
    fit = _finish(st, C, rule, bool(converged), kernel, tuple(labels))
    if converged:
        return fit
    if converged is None:
        where = st.stuck if isinstance(st.stuck, str) else f"the pair {st.stuck} cannot move"
        raise stuck_error(rule, st.iterations, where, fit, tol)
    rows = kept(Cs)
    alpha, y, g = ([v[t] for t in rows] for v in (st.alpha, y, st.g))
    if C is None and not separates(alpha, y, g, [st.K[t][t] for t in rows]):
        raise inseparable(max_iterations, fit.objective, hull_distance_bound(alpha, y, g))
    raise at_cap(rule, max_iterations, fit, tol)


def stuck_error(rule, steps, where, fit, tol):
    """The ConvergenceError of an SMO run that can move no pair (SMO-3, SMO-4): on a positive
    semi-definite kernel every violating pair has a feasible ascent direction, so either the
    kernel is not PSD on the points or, asked for tol = 0 in floating point, the last steps are
    below the rounding of the kernel values."""
    rounding = " With tol=0, rounding can also stop the last steps: give tol > 0" if tol == 0 else ""
    return ConvergenceError(f"SMO ({rule}) stopped after {steps} steps: {where} (is the kernel positive "
                            f"semi-definite on these points?{rounding}); the remaining KKT gap is "
                            f"{rounded(fit.kkt_gap, 6)}", fit)
