"""Compiled twin of cs229.reference.smo (catalog SMO-2, SMO-3, SMO-4): the public functions,
their checks, and the fit or the error at the end of a run.

The two-variable step (SMO-2) and the three pair rules (SMO-3) are the reference's, statement
for statement: the same sums in the same order, the same strict comparisons (ties to the
lowest index) and the same SplitMix64 draws, so that on problems of up to EXACT_MAX examples,
where the kernel values are the reference's bit for bit, the pair sequence and the answer are
the reference's. Above that the kernel rows come from BLAS and agree to rounding.

The parts, split as their concepts are: the step, fast/_smo_step.pxd (inline); the kernel-row
cache with libsvm's LRU and swap_index, fast/_smo_cache.pyx (KernelRows, declared in its .pxd);
the solver loop, fast/_smo_solver.pyx (Solver: the gradient cache g, the pair rules, libsvm's
shrinking, the n_jobs threads), which ends a run with a Status that ``smo``, here, turns into the
SVMFit or the error.
"""
import numpy as np

from cs229.fast._parallel cimport MIN_CHUNK
from cs229.fast._smo_cache cimport KernelRows
from cs229.fast._smo_solver cimport (CONVERGED, KERNEL_NOT_FINITE, NO_MEMORY_FOR_PATH,
                                     NO_MEMORY_FOR_ROWS, STUCK, UNBOUNDED, Solver, b_soft,
                                     in_low, in_up)
from libc.math cimport INFINITY
from cs229.fast._smo_step cimport PAIR_MOVES, PAIR_UNBOUNDED, PairStep, pair_step
from cs229.fast._threads cimport run_rule

from cs229.fast._svm_kernels import (CUSTOM, EXACT_MAX, diagonal, kernel_block, kernel_spec,
                                     overflow_checked, take)
from cs229.fast._threads import cores_taken
from cs229.fast._validation import as_sample_weights, as_vector, cores_of
from cs229.fast.svm import as_C, as_problem
from cs229.reference.kernels import Linear, checked_value
from cs229.reference.messages import error
from cs229.reference import parameters
from cs229.reference.parameters import choice, flag, index, nonnegative, positive, positive_int
from cs229.reference.results import ConvergenceError, NotSeparableError
from cs229.reference.smo import (RULES, SplitMix64, asymmetric_kernel, at_cap, both_classes,
                                 hull_distance_bound, inseparable, separates, stuck_error,
                                 unbounded_pair)
from cs229.reference.svm import REMEDY, SVMFit

__all__ = ["SVMFit", "NotSeparableError", "ConvergenceError", "SplitMix64", "two_variable_step",
           "kkt_gap", "smo"]

# How the last run's passes and rows chose their threads (cs229.fast._threads.choice_report), for
# the bench's reports.
_last_threads = None


# ---- after the run: b, W, the gap --------------------------------------------------------------

cdef double _gap(const double[::1] alpha, const double[::1] y, const double[::1] g,
                 const double[::1] C) noexcept nogil:
    cdef double up = 0.0, low = 0.0, d
    cdef bint have_up = False, have_low = False
    cdef Py_ssize_t t
    for t in range(alpha.shape[0]):
        if in_up(alpha[t], y[t], C[t]) and (not have_up or -g[t] > up):
            up, have_up = -g[t], True
        if in_low(alpha[t], y[t], C[t]) and (not have_low or -g[t] < low):
            low, have_low = -g[t], True
    if not (have_up and have_low):
        return 0.0
    d = up - low
    return d if d > 0 else 0.0


def _box(C, weight, m):
    """X-2: each example's C, the reference's box as float64 (+∞ for the hard margin)."""
    if weight is None:
        return np.full(m, INFINITY if C is None else C)
    if C is None:
        return np.where(weight > 0, INFINITY, 0.0)
    return C * weight


def _kkt_threshold(alpha, y, g, C, Cs):
    """b from the KKT conditions at the final α (the reference's _finish for the second-order
    rule, whose steps do not keep b): b_hard (11) over the examples of Cₜ > 0 for the hard
    margin, else b_soft."""
    cdef double[::1] f = g + y
    cdef const double[::1] box = Cs
    cdef double below = -np.inf, above = np.inf
    cdef Py_ssize_t t
    if C is not None:
        return b_soft(alpha, y, f, Cs)
    for t in range(f.shape[0]):
        if box[t] == 0:
            continue
        if y[t] == -1 and f[t] > below:
            below = f[t]
        if y[t] == 1 and f[t] < above:
            above = f[t]
    return -(below + above) / 2


def _objective(alpha, y, g):
    cdef const double[::1] a = alpha, yv = y, gv = g
    cdef double W = 0.0, ft
    cdef Py_ssize_t t
    for t in range(a.shape[0]):
        ft = gv[t] + yv[t]
        W = W + (a[t] - a[t] * yv[t] * ft / 2)
    return W


# ---- public functions --------------------------------------------------------------------------

def _symmetric(K, kernel):
    """As the reference: SMO needs K(x, z) = K(z, x); a custom kernel is checked on X."""
    bad = np.argwhere(np.tril(K != K.T, -1))
    if len(bad):
        i, j = (int(v) for v in bad[0])
        raise asymmetric_kernel(i, j, K[i, j], K[j, i])


def two_variable_step(X, y, alpha, i, j, C=1.0, kernel=Linear()):
    """SMO-2: re-optimise W over αᵢ (α₁) and αⱼ (α₂) with all other α fixed (a new array)."""
    spec = kernel_spec(kernel)
    X, y = as_problem(X, y, kernel=kernel)
    m = len(X)
    alpha = as_vector(alpha, "alpha", m, "X", of="rows")
    C = as_C(C)
    i, j = index(i, "i", m), index(j, "j", m)
    if i == j:
        raise error("same_pair")
    K = kernel_block(X, X, kernel, spec, symmetric=True)
    with np.errstate(over="ignore", invalid="ignore"):
        f = (alpha * y) @ K
    overflow_checked(f, lambda t: f"wᵀφ(X[{t}])", REMEDY)
    cdef double n1 = 0.0, n2 = 0.0
    out = alpha.copy()
    cdef double Cd = INFINITY if C is None else C
    cdef PairStep step = pair_step(alpha[i], alpha[j], y[i], y[j], f[i] - y[i], f[j] - y[j],
                                   K[i, i], K[j, j], K[i, j], Cd, Cd, &n1, &n2)
    if step == PAIR_UNBOUNDED:
        raise unbounded_pair((int(i), int(j)))
    if step == PAIR_MOVES:
        out[i], out[j] = overflow_checked([n1, n2], lambda k: f"the new alpha[{(i, j)[k]}]",
                                          REMEDY)
    return out


def kkt_gap(X, y, alpha, C=1.0, kernel=Linear()):
    """SMO-3: max_{I_up} −gₜ − min_{I_low} −gₜ (0 when negative), gₜ = wᵀφ(x⁽ᵗ⁾) − y⁽ᵗ⁾."""
    spec = kernel_spec(kernel)
    X, y = as_problem(X, y, kernel=kernel)
    alpha = as_vector(alpha, "alpha", len(X), "X", of="rows")
    C = as_C(C)
    K = kernel_block(X, X, kernel, spec, symmetric=True)
    with np.errstate(over="ignore", invalid="ignore"):
        f = (alpha * y) @ K
    g = overflow_checked(f, lambda t: f"wᵀφ(X[{t}])", REMEDY) - y
    return float(_gap(alpha, y, g, _box(C, None, len(X))))


def smo(X, y, C=1.0, kernel=Linear(), rule="wss2", tol=1e-3, max_iterations=100_000, seed=0,
        classes=None, record=False, shrinking=True, cache_size=200, *, n_jobs=1,
        sample_weight=None):
    """SMO-3, SMO-4: maximise W(α) over 0 ≤ αᵢ ≤ C, Σ αᵢy⁽ⁱ⁾ = 0 by two-variable steps; the
    reference's algorithm with a kernel-row cache of ``cache_size`` megabytes (2²⁰ bytes) and
    the gradient cache g. ``shrinking`` (the second-order rule only) is libsvm's: the same
    stopping test over every example, other iterates; ``shrinking=False`` gives the
    reference's iterates. ``n_jobs`` cores share the passes over the examples (kernel rows, the
    update of g, the choice of j), each example's value computed as in the serial loop: the
    iterates are the same bit for bit for every n_jobs. The threads meet at every pass, and on
    cores that other processes hold every meeting waits for a thread the system has put aside;
    so the run times its passes on one thread and on n_jobs as it goes and keeps the faster
    (fast/_parallel.pxd): ``n_jobs=-1`` keeps the threads on idle cores wherever they pay (rows
    from 4,096 examples, passes from 8,192) and costs about 1% on busy ones. Serial by default,
    as the reference. X-2: ``sample_weight`` gives example i the box 0 ≤ αᵢ ≤ C·wᵢ, as the
    reference's."""
    rule = choice(rule, "rule", RULES)
    spec = kernel_spec(kernel)
    X, y = as_problem(X, y, classes, kernel)
    C = as_C(C)
    tol = nonnegative(tol, "tol", float64=True)
    max_iterations = positive_int(max_iterations, "max_iterations")
    seed = parameters.seed(seed, "seed")
    record = flag(record, "record")
    shrinking = flag(shrinking, "shrinking") and rule == "wss2"
    cache_bytes = positive(cache_size, "cache_size", float64=True) * 2.0 ** 20
    cores = cores_of(n_jobs)
    weight = as_sample_weights(sample_weight, X)
    both_classes(y, weight, classes if classes is not None else (-1, 1))
    Cs = _box(C, weight, len(X))
    threads = run_rule()
    busy = cores > 1 and len(X) >= 2 * MIN_CHUNK and cores_taken(cores)
    rows = KernelRows(X, kernel, spec, len(X) <= EXACT_MAX, cache_bytes, shrinking, cores, threads,
                      busy)
    if spec[0] == CUSTOM:
        _symmetric(rows.matrix(), kernel)
    solver = Solver(rows, y, C, Cs, tol, max_iterations, seed, record, shrinking, threads, busy)
    status = solver.run(rule)
    global _last_threads
    _last_threads = {"passes": solver.threads_report(), "rows": rows.threads_report()}
    if status == KERNEL_NOT_FINITE:
        checked_value(rows.bad, kernel, "X", rows.bad_i, "X", rows.bad_j)
    if status == NO_MEMORY_FOR_ROWS:
        raise MemoryError(f"SMO ran out of memory for its kernel-row cache (cache_size={cache_size})")
    if status == UNBOUNDED:
        raise unbounded_pair((solver.stuck_i, solver.stuck_j))
    alpha, g, b, iterations, path = solver.arrays()
    if status == NO_MEMORY_FOR_PATH:
        raise MemoryError(f"SMO ran out of memory recording its path after {iterations} steps")
    with np.errstate(over="ignore", invalid="ignore"):
        overflow_checked(g + y, lambda t: f"wᵀφ(X[{t}])", REMEDY)
    if rule == "wss2":
        b = _kkt_threshold(alpha, y, g, C, Cs)
    support = np.flatnonzero(alpha > 0)
    fit = SVMFit(alpha=alpha, b=float(b), support=support, support_vectors=take(X, support),
                 support_labels=y[support].copy(), support_alpha=alpha[support].copy(),
                 kernel=kernel, C=C, classes=tuple(classes) if classes is not None else (-1, 1),
                 objective=overflow_checked(float(_objective(alpha, y, g)), lambda i: "W(α)",
                                            REMEDY),
                 iterations=iterations,
                 kkt_gap=float(_gap(alpha, y, g, Cs)), converged=status == CONVERGED,
                 rule=rule, path=path)
    if status == CONVERGED:
        return fit
    if status == STUCK:
        where = (f"the pair {(solver.stuck_i, solver.stuck_j)} cannot move" if solver.stuck_i >= 0
                 else "no violator could move")
        raise stuck_error(rule, iterations, where, fit, tol)
    # AT_CAP: max_iterations steps and the stopping test does not hold (the reference's words
    # and its separation test, run once on the final α)
    rows = np.flatnonzero(Cs != 0)   # X-2: the examples of weight > 0
    if C is None and not separates(alpha[rows].tolist(), y[rows].tolist(), g[rows].tolist(),
                                   diagonal(X, spec)[rows].tolist()):
        raise inseparable(max_iterations, fit.objective,
                          hull_distance_bound(alpha[rows].tolist(), y[rows].tolist(),
                                              g[rows].tolist()))
    raise at_cap(rule, max_iterations, fit, tol, shrinking)


# ---- docstrings: the reference twin's text, one home for both faces (cs229.fast._docs) -----------

from cs229.fast._docs import adopt as _adopt  # noqa: E402
from cs229.reference import smo as _twin  # noqa: E402

_adopt(globals(), _twin)
