"""Compiled twins of cs229.reference.trees (catalog DT-1, DT-6, DT-7, X-2).

``tree_fit`` sorts the examples by every feature once (stably: equal values keep row order) and
gives each node a segment of every feature's order; splitting a node partitions those segments
stably, so a node's examples stay sorted by every feature without sorting again. The orders hold
example numbers only (4 bytes each); values and classes are read through them. The split search
sweeps a sorted segment keeping the class counts on the left, and scores candidates with the
reference's float64 formula from integer counts (c ln c from one table, sums in the same order),
so the two faces choose the same splits and return equal trees, split for split. The gains
stored in the nodes and the 1-D logistic fits of the "logistic" rule follow the reference's
arithmetic too.

With sample weights (X-2) the builder keeps a second set of count tables, of doubles: the node's
weighted counts, summed by increasing x₀, and the sweep's, summed by increasing xⱼ, as the
reference's weighted grower sums them. The continuous search has a weighted twin; a discrete
feature's groups and the logistic rule read the weights in their own loops (the logistic fit
takes weights always, all 1 unweighted, which leaves its floats as they were).

The trees are the reference's dataclasses, checked by the reference's ``check_tree`` before a
walk. ``predict`` walks a packed copy of the tree (one struct per node, numbered breadth first),
made on the first prediction and kept for as long as the tree lives: a tree is immutable. Its
rows are independent, so they are split into chunks that ``n_jobs`` threads take as they come
free (fast/_parallel.pxd).
"""
import weakref

import numpy as np

cimport cython
from cpython.pyport cimport PY_SSIZE_T_MAX
from libc.math cimport INFINITY, fabs, isfinite, log, log2
from libc.stdint cimport int64_t, uint64_t
from libc.string cimport memcpy

from cython.parallel cimport prange

from cs229.fast._inline_math cimport sigmoid
from cs229.fast._parallel cimport chunk_count, rows_per_chunk, thread_count
from cs229.fast._threads cimport TREE_PREDICT, loop_done, loop_threads

from cs229.fast._validation import as_given, as_matrix, as_sample_weights, as_vector, cores_of
from cs229.fast.entropy import class_codes
from cs229.reference import trees as _R
from cs229.reference.inputs import is_text
from cs229.reference.messages import error
from cs229.reference import parameters
from cs229.reference.parameters import choice, nonnegative, positive_int
from cs229.reference.results import ConvergenceError
from cs229.reference.trees import THRESHOLD_RULES, Branch, Leaf, Split, Tree
from cs229.reference.trees import children as _children

__all__ = ["Leaf", "Split", "Branch", "Tree", "ConvergenceError", "predict", "split_score",
           "best_threshold", "logistic_threshold", "tree_fit"]

cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define CS229_PREFETCH(p) __builtin_prefetch(p)
    #else
    #define CS229_PREFETCH(p) ((void) 0)
    #endif
    """
    void _prefetch "CS229_PREFETCH" (const void* p) noexcept nogil

cdef enum:
    AHEAD = 16  # how many positions ahead a sweep asks for the examples it will read
    LEAF = 0
    SPLIT = 1
    BRANCH = 2


# ---- the shared arithmetic ---------------------------------------------------------------------


cdef inline double _group_score(const Py_ssize_t* c, Py_ssize_t K, Py_ssize_t n,
                                const double* T) noexcept nogil:
    """mⱼ ln mⱼ − Σₖ cⱼₖ ln cⱼₖ for one group, as the reference's ``_score`` sums it."""
    cdef double terms = 0.0
    cdef Py_ssize_t k
    for k in range(K):
        terms = terms + T[c[k]]
    return T[n] - terms


ctypedef fused count_t:
    Py_ssize_t
    double


cdef inline double _c_log_c(double c) noexcept nogil:
    """c ln c of a weighted count (X-2), 0 ln 0 = 0: the reference's ``_c_log_c``."""
    return 0.0 if c == 0 else c * log(c)


cdef inline double _weighted_group_score(const double* c, Py_ssize_t K) noexcept nogil:
    """X-2: mⱼ ln mⱼ − Σₖ cⱼₖ ln cⱼₖ for one group of weighted counts, mⱼ = Σₖ cⱼₖ."""
    cdef double m_j = 0.0, terms = 0.0
    cdef Py_ssize_t k
    for k in range(K):
        m_j = m_j + c[k]
        terms = terms + _c_log_c(c[k])
    return _c_log_c(m_j) - terms


cdef inline double _weighted_pair_score(const double* left, const double* right,
                                       Py_ssize_t K) noexcept nogil:
    """X-2: S of a two-way split's weighted counts, left group first (the reference's ``_score``)."""
    cdef double s = 0.0 + _weighted_group_score(left, K)
    return s + _weighted_group_score(right, K)


cdef double _entropy_bits(const count_t* c, Py_ssize_t K) noexcept nogil:
    cdef double m = 0.0, total = 0.0, q
    cdef Py_ssize_t k
    for k in range(K):
        m = m + <double> c[k]
    for k in range(K):
        q = c[k] / m
        if q != 0:
            total = total - q * log2(q)
    return total


cdef inline double _midpoint(double a, double b) noexcept nogil:
    cdef double theta = (a + b) / 2
    if theta == b or not isfinite(theta):
        return a
    return theta


cdef int _logistic(const double* xs, const int* ts, const double* ws, Py_ssize_t n,
                   Py_ssize_t max_iterations, double tol, double* theta) noexcept nogil:
    """The reference's ``_logistic_threshold`` on xs ascending, ts in {0, 1} and weights ws > 0
    (X-2; all 1 unweighted): 1 with θ set, 0 for no threshold (x constant, one class, slope 0),
    -1 when Newton does not converge."""
    cdef Py_ssize_t i, it
    cdef bint seen0 = False, seen1 = False
    cdef double top0 = 0, top1 = 0, bottom0 = 0, bottom1 = 0
    cdef double c = 0.0, m = 0.0, s = 0.0, z, a = 0.0, b = 0.0, p, r, w, g0, g1, h00, h01, h11, det
    cdef double da, db
    cdef double bound
    if xs[0] == xs[n - 1]:
        return 0
    for i in range(n):
        if ts[i] == 0:
            if not seen0:
                bottom0 = xs[i]
                seen0 = True
            top0 = xs[i]
        else:
            if not seen1:
                bottom1 = xs[i]
                seen1 = True
            top1 = xs[i]
    if not (seen0 and seen1):
        return 0
    if top0 <= bottom1:
        theta[0] = _midpoint(top0, bottom1) if top0 != bottom1 else top0
        return 1
    if top1 <= bottom0:
        theta[0] = _midpoint(top1, bottom0) if top1 != bottom0 else top1
        return 1
    for i in range(n):
        c = c + ws[i] * xs[i]
        m = m + ws[i]
    c = c / m
    for i in range(n):
        if fabs(xs[i] - c) > s:
            s = fabs(xs[i] - c)
    for it in range(max_iterations):
        g0 = g1 = h00 = h01 = h11 = 0.0
        for i in range(n):
            z = (xs[i] - c) / s
            p = sigmoid(a + b * z)
            r = ws[i] * (<double> ts[i] - p)
            w = ws[i] * (p * (1 - p))
            g0 = g0 + r
            g1 = g1 + r * z
            h00 = h00 + w
            h01 = h01 + w * z
            h11 = h11 + (w * z) * z
        det = h00 * h11 - h01 * h01
        if not det > 0:
            return -1
        da = (h11 * g0 - h01 * g1) / det
        db = (h00 * g1 - h01 * g0) / det
        a = a + da
        b = b + db
        if not (isfinite(a) and isfinite(b)):
            return -1
        bound = tol * (1 + max(fabs(a), fabs(b)))
        if max(fabs(da), fabs(db)) <= bound:
            if fabs(b) <= bound:  # the reference's slope 0
                return 0
            theta[0] = c + s * (-a / b)
            return 1
    return -1


# ---- the builder --------------------------------------------------------------------------------

cdef struct Best:
    double score
    Py_ssize_t feature
    int kind
    Py_ssize_t n_left
    double threshold


cdef inline bint _better(Best* best, double s, Py_ssize_t j, int kind, Py_ssize_t nl) noexcept nogil:
    """Record a split of feature j (its kind, nl examples on the left) whose score s is below the
    best so far; of equal scores the first found stays (the lower feature, then threshold)."""
    if s < best.score:
        best.score = s
        best.feature = j
        best.kind = kind
        best.n_left = nl
        return True
    return False


@cython.final
cdef class _Builder:
    """The state of one fit. Every feature j has its own order of the examples, the row I[j]:
    each node is one segment of every row of I, and within a segment the examples run by
    increasing x_j (equal values in row order). Only example numbers are stored, as C int (half
    the bytes of Py_ssize_t; ``__init__`` refuses m >= 2³¹ − 1): the values and class codes are
    read through them from X and ``codes``, so the builder adds d·m·4 bytes to the caller's data
    (a quarter of a float64 copy of X) and a few arrays of m entries. Deep in the tree a node's
    rows of X are few and stay in cache from one feature's sweep to the next."""

    cdef Py_ssize_t m, d, K, msl, max_depth      # max_depth −1: no limit
    cdef bint logistic
    cdef const double[:, ::1] X                  # m × d: the caller's data, read only
    cdef const int[::1] codes                    # m: the class code of each example
    cdef int[:, ::1] I                           # d × m: the example at each position
    cdef const unsigned char[::1] discrete
    cdef double[::1] T                           # c ln c for c = 0..m
    cdef int[::1] group                          # m: the child each example goes to
    cdef int[::1] spare                          # m: the partition's buffer
    cdef double[::1] xs                          # a segment's values, class codes and weights,
    cdef int[::1] ts                             # side by side (the logistic rule only; else
    cdef double[::1] ws                          # empty)
    cdef Py_ssize_t[::1] bounds                  # m + 1: the children's segments
    cdef Py_ssize_t[::1] fill                    # m + 1
    cdef Py_ssize_t[::1] total                   # K: class counts of the node
    cdef Py_ssize_t[::1] left                    # K: of the left group (or of one group)
    cdef Py_ssize_t[::1] right                   # K
    cdef readonly bint weighted                  # X-2: sample weights given
    cdef const double[::1] w                     # m: the weights (empty when unweighted)
    cdef double[::1] wtotal                      # K: weighted counts (X-2), as total, left
    cdef double[::1] wleft                       # and right above
    cdef double[::1] wright
    cdef Py_ssize_t[::1] st_start                # the stack of nodes still to grow
    cdef Py_ssize_t[::1] st_end
    cdef Py_ssize_t[::1] st_depth
    cdef Py_ssize_t[::1] st_slot
    cdef public object kind                      # the nodes, in preorder (numpy arrays)
    cdef public object feature
    cdef public object threshold
    cdef public object n_children
    cdef public object first_child
    cdef public object child_id
    cdef public object child_value
    cdef public object counts
    cdef public object wcounts                   # X-2: the weighted counts of the nodes
    cdef public object gain
    cdef signed char[::1] kind_
    cdef Py_ssize_t[::1] feature_
    cdef double[::1] threshold_
    cdef Py_ssize_t[::1] n_children_
    cdef Py_ssize_t[::1] first_child_
    cdef Py_ssize_t[::1] child_id_
    cdef double[::1] child_value_
    cdef Py_ssize_t[:, ::1] counts_
    cdef double[:, ::1] wcounts_
    cdef double[::1] gain_

    def __init__(self, X, codes, Py_ssize_t K, Py_ssize_t max_depth, Py_ssize_t msl, discrete,
                 bint logistic, weight=None):
        cdef Py_ssize_t m = X.shape[0], d = X.shape[1], cap = 2 * m
        if m >= 2 ** 31 - 1:
            raise ValueError(f"{m} examples: the tree builder numbers them with 32-bit integers")
        self.m, self.d, self.K = m, d, K
        self.max_depth, self.msl, self.logistic = max_depth, msl, logistic
        self.X = X
        self.codes = np.ascontiguousarray(codes, dtype=np.intc)
        self.I = _presort(X)
        self.discrete = np.ascontiguousarray(discrete, dtype=np.uint8)
        self.T = _c_log_c_table(m)
        self.group = np.empty(m, np.intc)
        self.spare = np.empty(m, np.intc)
        self.xs = np.empty(m if logistic else 0)
        self.ts = np.empty(m if logistic else 0, np.intc)
        self.ws = np.empty(m if logistic else 0)
        self.bounds = np.empty(m + 1, np.intp)
        self.fill = np.empty(m + 1, np.intp)
        self.total = np.empty(K, np.intp)
        self.left = np.empty(K, np.intp)
        self.right = np.empty(K, np.intp)
        self.weighted = weight is not None
        self.w = np.empty(0) if weight is None else weight
        self.wtotal = np.empty(K)
        self.wleft = np.empty(K)
        self.wright = np.empty(K)
        # the stack and the node arrays are sized for the worst case (a node per example, and
        # one each time two are merged); np.empty/np.zeros only map the pages a fit touches
        self.st_start = np.empty(m + 1, np.intp)
        self.st_end = np.empty(m + 1, np.intp)
        self.st_depth = np.empty(m + 1, np.intp)
        self.st_slot = np.empty(m + 1, np.intp)
        self.kind = self.kind_ = np.zeros(cap, np.int8)
        self.feature = self.feature_ = np.zeros(cap, np.intp)
        self.threshold = self.threshold_ = np.zeros(cap)
        self.n_children = self.n_children_ = np.zeros(cap, np.intp)
        self.first_child = self.first_child_ = np.zeros(cap, np.intp)
        self.child_id = self.child_id_ = np.zeros(cap, np.intp)
        self.child_value = self.child_value_ = np.zeros(cap)
        self.counts = self.counts_ = np.zeros((cap, K), np.intp)
        self.wcounts = self.wcounts_ = np.zeros((cap if self.weighted else 0, K))
        self.gain = self.gain_ = np.zeros(cap)

    cdef inline bint _improves(self, Py_ssize_t j, Py_ssize_t nl, Py_ssize_t npos,
                               Best* best) noexcept nogil:
        """Score the two-way split of feature j whose left group (nl of the npos examples) has
        the class counts ``left``; when it beats ``best``, record all of it but the threshold."""
        cdef Py_ssize_t K = self.K, k
        cdef Py_ssize_t* left = &self.left[0]
        cdef Py_ssize_t* right = &self.right[0]
        cdef const Py_ssize_t* total = &self.total[0]
        cdef const double* T = &self.T[0]
        cdef double s
        for k in range(K):
            right[k] = total[k] - left[k]
        s = 0.0 + _group_score(left, K, nl, T)
        s = s + _group_score(right, K, npos - nl, T)
        return _better(best, s, j, SPLIT, nl)

    cdef void _search(self, Py_ssize_t j, Py_ssize_t start, Py_ssize_t end, Best* best) noexcept nogil:
        """Every threshold between neighbouring distinct values of feature j (DT-7): a is x_j of
        the example at p, b of the next one."""
        cdef const int* I = &self.I[j, 0]
        cdef const double* x = &self.X[0, j]       # x[i·d] is x_j of example i
        cdef const int* code = &self.codes[0]
        cdef Py_ssize_t* left = &self.left[0]
        cdef Py_ssize_t K = self.K, d = self.d, msl = self.msl, k, p, nl, npos = end - start
        cdef double a, b = x[I[start] * d]
        for k in range(K):
            left[k] = 0
        for p in range(start, end - 1):
            if p + AHEAD < end:
                _prefetch(&x[I[p + AHEAD] * d])
                _prefetch(&code[I[p + AHEAD]])
            a = b
            b = x[I[p + 1] * d]
            left[code[I[p]]] += 1
            nl = p - start + 1
            if nl < msl:
                continue
            if npos - nl < msl:
                break
            if a == b:
                continue
            if self._improves(j, nl, npos, best):
                best.threshold = _midpoint(a, b)

    cdef inline bint _weighted_improves(self, Py_ssize_t j, Py_ssize_t nl,
                                        Best* best) noexcept nogil:
        """X-2: ``_improves`` on the weighted counts ``wleft`` and ``wtotal`` of the sweep."""
        cdef Py_ssize_t K = self.K, k
        cdef const double* left = &self.wleft[0]
        cdef double* right = &self.wright[0]
        cdef const double* total = &self.wtotal[0]
        for k in range(K):
            right[k] = total[k] - left[k]
        return _better(best, _weighted_pair_score(left, right, K), j, SPLIT, nl)

    cdef void _weighted_search(self, Py_ssize_t j, Py_ssize_t start, Py_ssize_t end,
                               Best* best) noexcept nogil:
        """X-2, DT-7: every threshold between neighbouring distinct values a < b of feature j
        among the examples of positive weight (the reference's ``_WeightedGrower``); nl counts
        the examples x_j <= θ, those of weight 0 too (``min_samples_leaf``)."""
        cdef const int* I = &self.I[j, 0]
        cdef const double* x = &self.X[0, j]
        cdef const int* code = &self.codes[0]
        cdef const double* w = &self.w[0]
        cdef double* left = &self.wleft[0]
        cdef double* total = &self.wtotal[0]
        cdef Py_ssize_t K = self.K, d = self.d, msl = self.msl, k, p, i, after, nl
        cdef Py_ssize_t npos = end - start
        cdef double a = 0.0, b, theta
        cdef bint seen = False
        for k in range(K):
            left[k] = 0.0
            total[k] = 0.0
        for p in range(start, end):
            total[code[I[p]]] += w[I[p]]
        for p in range(start, end - 1):
            i = I[p]
            after = I[p + 1]
            left[code[i]] += w[i]
            if w[i] > 0:
                a = x[i * d]
                seen = True
            b = x[after * d]
            if not seen or not w[after] > 0 or a == b:
                continue
            theta = _midpoint(a, b)
            nl = p - start + 1
            while x[I[start + nl - 1] * d] > theta:
                nl -= 1
            if nl < msl:
                continue
            if npos - nl < msl:
                break
            if self._weighted_improves(j, nl, best):
                best.threshold = theta

    cdef void _logistic_split(self, Py_ssize_t j, Py_ssize_t start, Py_ssize_t end,
                              Best* best) noexcept nogil:
        """The threshold of a 1-D logistic regression on feature j (DT-7); with sample weights
        (X-2) the weighted regression of the examples of positive weight, the split scored on
        the weighted counts of each side, summed along x_j, and refused when a side has no
        weight (the reference's ``threshold_candidate``)."""
        cdef const int* I = &self.I[j, 0]
        cdef const double* x = &self.X[0, j]
        cdef const int* code = &self.codes[0]
        cdef double* xs = &self.xs[0]
        cdef int* ts = &self.ts[0]
        cdef double* ws = &self.ws[0]
        cdef Py_ssize_t* left = &self.left[0]
        cdef double* wside[2]
        cdef bint carried[2]
        cdef Py_ssize_t K = self.K, d = self.d, k, p, i, n = 0, nl = 0, npos = end - start
        cdef double theta, w_i
        for p in range(start, end):
            i = I[p]
            w_i = self.w[i] if self.weighted else 1.0
            if w_i > 0:
                xs[n] = x[i * d]
                ts[n] = code[i]
                ws[n] = w_i
                n += 1
        if n == 0 or _logistic(xs, ts, ws, n, 100, 1e-12, &theta) != 1:
            return
        while nl < npos and not x[I[start + nl] * d] > theta:
            nl += 1
        if nl < self.msl or npos - nl < self.msl:
            return
        if not self.weighted:
            for k in range(K):
                left[k] = 0
            for p in range(start, start + nl):
                left[code[I[p]]] += 1
            if self._improves(j, nl, npos, best):
                best.threshold = theta
            return
        wside[0] = &self.wleft[0]
        wside[1] = &self.wright[0]
        for k in range(K):
            wside[0][k] = 0.0
            wside[1][k] = 0.0
        carried[0] = carried[1] = False
        for p in range(start, end):
            i = I[p]
            wside[p >= start + nl][code[i]] += self.w[i]
            carried[p >= start + nl] |= self.w[i] > 0
        if carried[0] and carried[1] and _better(best, _weighted_pair_score(wside[0], wside[1], K),
                                                 j, SPLIT, nl):
            best.threshold = theta

    cdef void _branch(self, Py_ssize_t j, Py_ssize_t start, Py_ssize_t end, Best* best) noexcept nogil:
        """One child per value of the discrete feature j (DT-6); with sample weights (X-2) per
        value of an example of positive weight, scored on the weighted counts (a value of weight
        0 alone is no child: its examples stop at the node)."""
        cdef const int* I = &self.I[j, 0]
        cdef const double* x = &self.X[0, j]
        cdef const int* code = &self.codes[0]
        cdef Py_ssize_t* left = &self.left[0]
        cdef double* wleft = &self.wleft[0]
        cdef Py_ssize_t K = self.K, d = self.d, k, p = start, q, groups = 0
        cdef double s = 0.0, v
        cdef bint carried
        while p < end:
            for k in range(K):
                left[k] = 0
                wleft[k] = 0.0
            v = x[I[p] * d]
            q = p
            carried = not self.weighted
            while q < end and x[I[q] * d] == v:
                if self.weighted:
                    wleft[code[I[q]]] += self.w[I[q]]
                    carried |= self.w[I[q]] > 0
                else:
                    left[code[I[q]]] += 1
                q += 1
            if carried:
                if q - p < self.msl:
                    return
                s = s + (_weighted_group_score(wleft, K) if self.weighted
                         else _group_score(left, K, q - p, &self.T[0]))
                groups += 1
            p = q
        if groups >= 2:
            _better(best, s, j, BRANCH, 0)

    cdef Py_ssize_t _groups(self, Best* best, Py_ssize_t start, Py_ssize_t end) noexcept nogil:
        """Fill bounds[0..g] with the children's segments along the chosen feature; return g."""
        cdef const int* I = &self.I[best.feature, 0]
        cdef const double* x = &self.X[0, best.feature]
        cdef Py_ssize_t* bounds = &self.bounds[0]
        cdef Py_ssize_t d = self.d, g = 0, p
        bounds[0] = start
        if best.kind == SPLIT:
            bounds[1] = start + best.n_left
            bounds[2] = end
            return 2
        for p in range(start + 1, end):
            if x[I[p] * d] != x[I[p - 1] * d]:
                g += 1
                bounds[g] = p
        g += 1
        bounds[g] = end
        return g

    cdef void _partition(self, Py_ssize_t f, Py_ssize_t start, Py_ssize_t end,
                         Py_ssize_t g) noexcept nogil:
        """Reorder every other feature's segment so that each child's examples are contiguous
        (in the order of the chosen feature's groups) and still sorted within it: a stable
        partition. Two children: the left ones move down in place (the write never passes the
        read), the right ones wait in ``spare``; more: all of them go through ``spare``."""
        cdef Py_ssize_t j, p, q, r, n_right, npos = end - start
        cdef const int* If = &self.I[f, 0]
        cdef const Py_ssize_t* bounds = &self.bounds[0]
        cdef Py_ssize_t* fill = &self.fill[0]
        cdef int* group = &self.group[0]
        cdef int* spare = &self.spare[0]
        cdef int* Ij
        cdef int i, right
        for r in range(g):
            for p in range(bounds[r], bounds[r + 1]):
                group[If[p]] = <int> r
        for j in range(self.d):
            if j == f:
                continue
            Ij = &self.I[j, 0]
            if g == 2:
                q = start
                n_right = 0
                for p in range(start, end):
                    i = Ij[p]
                    right = group[i]
                    Ij[q] = i            # written either way (q <= p): no branch to mispredict
                    spare[n_right] = i
                    q += 1 - right
                    n_right += right
                memcpy(Ij + q, spare, n_right * sizeof(int))
                continue
            for r in range(g):
                fill[r] = bounds[r] - start
            for p in range(start, end):
                i = Ij[p]
                r = group[i]
                spare[fill[r]] = i
                fill[r] += 1
            memcpy(Ij + start, spare, npos * sizeof(int))

    cdef double _gain(self, Py_ssize_t f, Py_ssize_t g) noexcept nogil:
        """Information gain (11.20) in bits, as the reference's ``_gain`` computes it."""
        cdef const int* I = &self.I[f, 0]
        cdef const int* code = &self.codes[0]
        cdef const Py_ssize_t* bounds = &self.bounds[0]
        cdef Py_ssize_t* left = &self.left[0]
        cdef Py_ssize_t K = self.K, k, r, p
        cdef double m = 0.0, m_j, after = 0.0
        for r in range(g):
            m = m + <double> (bounds[r + 1] - bounds[r])
        for r in range(g):
            for k in range(K):
                left[k] = 0
            for p in range(bounds[r], bounds[r + 1]):
                left[code[I[p]]] += 1
            m_j = <double> (bounds[r + 1] - bounds[r])
            if m_j == 0:
                continue
            after = after + (m_j / m) * _entropy_bits(left, K)
        return _entropy_bits(&self.total[0], K) - after

    cdef double _group_weight(self, Py_ssize_t f, Py_ssize_t r) noexcept nogil:
        """X-2: the weighted class counts of child r of the split on feature f into ``wleft``,
        summed along f; returns their sum (0 for a child of weight-0 examples alone)."""
        cdef const int* I = &self.I[f, 0]
        cdef const int* code = &self.codes[0]
        cdef const double* w = &self.w[0]
        cdef double* c = &self.wleft[0]
        cdef Py_ssize_t k, p
        cdef double size = 0.0
        for k in range(self.K):
            c[k] = 0.0
        for p in range(self.bounds[r], self.bounds[r + 1]):
            c[code[I[p]]] += w[I[p]]
        for k in range(self.K):
            size = size + c[k]
        return size

    cdef double _weighted_gain(self, Py_ssize_t f, Py_ssize_t g) noexcept nogil:
        """X-2: (11.20) in bits of a split's weighted counts, each child's summed along feature
        f, the pooled counts their column sums: the reference's ``_weighted_gain`` (a group of
        weight 0, which is no child, adds 0 to every sum and no term)."""
        cdef const double* c = &self.wleft[0]
        cdef double* pooled = &self.wtotal[0]
        cdef Py_ssize_t K = self.K, k, r
        cdef double m = 0.0, after = 0.0, size
        for k in range(K):
            pooled[k] = 0.0
        for r in range(g):
            m = m + self._group_weight(f, r)
            for k in range(K):
                pooled[k] = pooled[k] + c[k]
        for r in range(g):
            size = self._group_weight(f, r)
            if size == 0:
                continue
            after = after + (size / m) * _entropy_bits(c, K)
        return _entropy_bits(pooled, K) - after

    cdef bint _weigh(self, Py_ssize_t node, Py_ssize_t start, Py_ssize_t end) noexcept nogil:
        """X-2: the node's weighted counts, by increasing x₀; whether one class at most has
        positive weight (the node is pure)."""
        cdef const int* I0 = &self.I[0, 0]
        cdef const int* code = &self.codes[0]
        cdef const double* w = &self.w[0]
        cdef double* c = &self.wcounts_[node, 0]
        cdef Py_ssize_t k, p, present = 0
        for p in range(start, end):
            c[code[I0[p]]] += w[I0[p]]
        for k in range(self.K):
            if c[k] > 0:
                present += 1
        return present <= 1

    cdef Py_ssize_t _grow(self) noexcept nogil:
        """The greedy recursion of 001 §11.3.5, depth first, left child first; nodes numbered in
        preorder. Returns the number of nodes."""
        cdef Py_ssize_t K = self.K, d = self.d, sp = 1, start, end, slot, node, n_nodes = 0
        cdef Py_ssize_t n_child = 0, npos, k, p, j, g, r, depth, top, kept
        cdef Py_ssize_t* child_group = &self.fill[0]
        cdef const int* I0 = &self.I[0, 0]
        cdef const int* code = &self.codes[0]
        cdef Py_ssize_t* total = &self.total[0]
        cdef Best best
        self.st_start[0] = 0
        self.st_end[0] = self.m
        self.st_depth[0] = 0
        self.st_slot[0] = -1
        while sp > 0:
            sp -= 1
            start = self.st_start[sp]
            end = self.st_end[sp]
            depth = self.st_depth[sp]
            slot = self.st_slot[sp]
            node = n_nodes
            n_nodes += 1
            if slot >= 0:
                self.child_id_[slot] = node
            for k in range(K):
                total[k] = 0
            for p in range(start, end):
                total[code[I0[p]]] += 1
            top = 0
            for k in range(K):
                self.counts_[node, k] = total[k]
                top = max(top, total[k])
            self.kind_[node] = LEAF
            npos = end - start
            if self.weighted:
                if self._weigh(node, start, end):
                    continue
            elif top == npos:
                continue
            if depth == self.max_depth or npos < 2 * self.msl:
                continue
            best.score = INFINITY
            best.feature = -1
            for j in range(d):
                if self.discrete[j]:
                    self._branch(j, start, end, &best)
                elif self.logistic:
                    self._logistic_split(j, start, end, &best)
                elif self.weighted:
                    self._weighted_search(j, start, end, &best)
                else:
                    self._search(j, start, end, &best)
            if best.feature < 0:
                continue
            g = self._groups(&best, start, end)
            self._partition(best.feature, start, end, g)
            self.kind_[node] = best.kind
            self.feature_[node] = best.feature
            self.threshold_[node] = best.threshold
            self.first_child_[node] = n_child
            if self.weighted:
                self.gain_[node] = self._weighted_gain(best.feature, g)
            else:
                self.gain_[node] = self._gain(best.feature, g)
            kept = 0  # the groups that are children: all, but a Branch's values of weight 0 (X-2)
            for r in range(g):
                if not self.weighted or self._group_weight(best.feature, r) > 0:
                    child_group[kept] = r
                    kept += 1
            self.n_children_[node] = kept
            for r in range(kept):
                self.child_value_[n_child + r] = self.X[self.I[best.feature, self.bounds[child_group[r]]],
                                                        best.feature]
            for r in range(kept - 1, -1, -1):
                self.st_start[sp] = self.bounds[child_group[r]]
                self.st_end[sp] = self.bounds[child_group[r] + 1]
                self.st_depth[sp] = depth + 1
                self.st_slot[sp] = n_child + r
                sp += 1
            n_child += kept
        return n_nodes

    def grow(self):
        cdef Py_ssize_t n
        with nogil:
            n = self._grow()
        return n

    def root_search(self):
        """The best threshold of feature 0 over all examples: (θ, gain) or None."""
        cdef Best best
        cdef Py_ssize_t k, p
        best.score = INFINITY
        best.feature = -1
        with nogil:
            for k in range(self.K):
                self.total[k] = 0
            for p in range(self.m):
                self.total[self.codes[p]] += 1
            self._search(0, 0, self.m, &best)
        if best.feature < 0:
            return None
        self.bounds[0] = 0
        self.bounds[1] = best.n_left
        self.bounds[2] = self.m
        return best.threshold, self._gain(0, 2)


cdef inline uint64_t _key(double v) noexcept nogil:
    """An unsigned key in the order of the doubles; −0.0 and 0.0 get one key, as they compare
    equal (so they stay in row order, as in the reference's sort)."""
    cdef uint64_t u
    v = v + 0.0
    memcpy(&u, &v, sizeof(double))
    if u >> 63:
        return ~u
    return u | (<uint64_t> 1 << 63)


cdef void _radix_order(const double* x, Py_ssize_t stride, Py_ssize_t m, int* order, uint64_t* ka,
                       uint64_t* kb, int* ib, Py_ssize_t* count) noexcept nogil:
    """order := the positions i of the values x[i·stride] by increasing value, equal values in
    position order: a least significant digit radix sort of the keys, 11 bits a pass, each pass
    stable."""
    cdef Py_ssize_t i, p, c, total
    cdef int shift, digit
    cdef int* ia = order
    for i in range(m):
        ka[i] = _key(x[i * stride])
        ia[i] = <int> i
    for shift in range(0, 64, 11):
        for digit in range(2048):
            count[digit] = 0
        for i in range(m):
            count[(ka[i] >> shift) & 2047] += 1
        if count[(ka[0] >> shift) & 2047] == m:
            continue  # every key has this digit: the pass would not move anything
        total = 0
        for digit in range(2048):
            c = count[digit]
            count[digit] = total
            total += c
        for i in range(m):
            digit = (ka[i] >> shift) & 2047
            p = count[digit]
            count[digit] = p + 1
            kb[p] = ka[i]
            ib[p] = ia[i]
        ka, kb = kb, ka
        ia, ib = ib, ia
    if ia != order:
        memcpy(order, ia, m * sizeof(int))


def _presort(X):
    """I: for every feature j (a column of X), the examples by increasing x_j, equal values in
    row order. The scratch (two keys and a spare index per example) is one column's worth."""
    cdef Py_ssize_t m = X.shape[0], d = X.shape[1], j
    I = np.empty((d, m), dtype=np.intc)
    keys = np.empty(2 * m, dtype=np.uint64)
    spare = np.empty(m, dtype=np.intc)
    counts = np.empty(2048, dtype=np.intp)
    cdef const double[:, ::1] x = X
    cdef int[:, ::1] idx = I
    cdef uint64_t[::1] k = keys
    cdef int[::1] s = spare
    cdef Py_ssize_t[::1] c = counts
    with nogil:
        for j in range(d):
            _radix_order(&x[0, j], d, m, &idx[j, 0], &k[0], &k[m], &s[0], &c[0])
    return I


def _c_log_c_table(Py_ssize_t m):
    """c ln c for c = 0..m, by the C library's log (the one Python's math.log calls)."""
    out = np.zeros(m + 1)
    cdef double[::1] o = out
    cdef Py_ssize_t c
    for c in range(2, m + 1):
        o[c] = <double> c * log(<double> c)
    return out


# ---- validation ---------------------------------------------------------------------------------

def _max_depth(max_depth, Py_ssize_t m):
    depth = parameters.depth(max_depth, "max_depth")
    if depth is None:
        return -1
    return min(depth, m)  # a node of depth m has one example: the cap never binds beyond


def _min_samples_leaf(min_samples_leaf, Py_ssize_t m):
    # beyond m examples per child no node splits, as with m + 1 (and m + 1 fits a Py_ssize_t)
    return min(positive_int(min_samples_leaf, "min_samples_leaf"), m + 1)


def _discrete_mask(discrete, Py_ssize_t d):
    if isinstance(discrete, (bool, np.bool_)):
        return np.full(d, bool(discrete))
    if is_text(discrete) or not hasattr(discrete, "__len__"):
        raise error("discrete_kind", d=d, got=repr(discrete))
    values = list(discrete)  # read once
    if len(values) != d:
        raise error("discrete_entries", n=len(values), d=d)
    if any(not isinstance(v, (bool, np.bool_)) for v in values):
        raise error("discrete_bools")
    return np.array([bool(v) for v in values])


def _labels_and_codes(y, Py_ssize_t m, x_name="X"):
    classes, codes = class_codes(y, "y")
    if codes.shape[0] != m:
        raise error("rows_and_entries", x_name=x_name, m=m, y_name="y", n=codes.shape[0])
    return classes, codes


# ---- public -------------------------------------------------------------------------------------

def tree_fit(X, y, max_depth=None, min_samples_leaf=1, discrete=False, threshold="search",
             sample_weight=None):
    """DT-6, DT-7, X-2: the greedy tree (largest information gain first), the reference's
    splits; with sample weights, its weighted splits and counts."""
    X = as_matrix(X, "X")
    classes, codes = _labels_and_codes(y, X.shape[0])
    cdef Py_ssize_t depth = _max_depth(max_depth, X.shape[0])
    cdef Py_ssize_t msl = _min_samples_leaf(min_samples_leaf, X.shape[0])
    mask = _discrete_mask(discrete, X.shape[1])
    cdef bint logistic = choice(threshold, "threshold", THRESHOLD_RULES) == "logistic"
    cdef Py_ssize_t K = classes.shape[0]
    if logistic and K > 2 and not mask.all():
        raise error("logistic_two_classes", k=K)
    weight = as_sample_weights(sample_weight, X)
    builder = _Builder(X, codes, K, depth, msl, mask, logistic, weight)
    n = builder.grow()
    labels = [int(c) for c in classes]
    return Tree(_nested(builder, n, labels), X.shape[1], tuple(labels))


def _nested(builder, Py_ssize_t n, labels):
    """The dataclass tree from the builder's preorder nodes (children have larger numbers)."""
    cdef Py_ssize_t v, f, g, r
    used = max(n - 1, 1)
    kind, feature = builder.kind[:n].tolist(), builder.feature[:n].tolist()
    threshold, gains = builder.threshold[:n].tolist(), builder.gain[:n].tolist()
    n_children, first = builder.n_children[:n].tolist(), builder.first_child[:n].tolist()
    child_id, child_value = builder.child_id[:used].tolist(), builder.child_value[:used].tolist()
    counts = builder.wcounts[:n] if builder.weighted else builder.counts[:n]
    prediction = np.asarray(labels, dtype=object)[np.argmax(counts, axis=1)].tolist()
    counts = counts.tolist()
    nodes = [None] * n
    for v in range(n - 1, -1, -1):
        c = tuple(counts[v])
        if kind[v] == LEAF:
            nodes[v] = Leaf(prediction[v], c)
            continue
        f, g = first[v], n_children[v]
        if kind[v] == SPLIT:
            nodes[v] = Split(feature[v], threshold[v], nodes[child_id[f]], nodes[child_id[f + 1]], c,
                             prediction[v], gains[v])
        else:
            nodes[v] = Branch(feature[v], tuple(child_value[f:f + g]),
                              tuple([nodes[child_id[f + r]] for r in range(g)]), c, prediction[v],
                              gains[v])
    return nodes[0]


def split_score(table):
    """DT-5, DT-6: S = Σⱼ [mⱼ ln mⱼ − Σₖ cⱼₖ ln cⱼₖ] in float64 (lowest S = largest gain).

    Counts are summed exactly in int64; a table whose group sizes could pass 2⁶³ is handed to
    the reference, which sums in Python integers (and refuses a table whose S overflows)."""
    t = as_matrix(table, "table")
    bad = (t < 0) | (t != np.round(t))
    if bad.any():
        j, k = np.unravel_index(int(np.argmax(bad)), t.shape)
        raise error("not_a_count", name="table", where=f"[{j}][{k}]", value=as_given(table, t, (j, k)))
    if t.max() * t.shape[1] >= 2.0 ** 62:
        return _R.split_score(t.tolist())
    counts = np.ascontiguousarray(t, dtype=np.int64)
    cdef const int64_t[:, ::1] c = counts
    cdef Py_ssize_t J = c.shape[0], K = c.shape[1], j_, k_
    cdef int64_t m_j
    cdef double total = 0.0, terms
    for j_ in range(J):
        m_j = 0
        terms = 0.0
        for k_ in range(K):
            m_j += c[j_, k_]
            terms = terms + (<double> c[j_, k_] * log(<double> c[j_, k_]) if c[j_, k_] > 1 else 0.0)
        total = total + ((<double> m_j * log(<double> m_j) if m_j > 1 else 0.0) - terms)
    return total


def best_threshold(x, y, min_samples_leaf=1):
    """DT-7: (θ, gain in bits) of the exhaustive search on one feature, or None."""
    x = as_vector(x, "x")
    classes, codes = _labels_and_codes(y, x.shape[0], "x")
    msl = _min_samples_leaf(min_samples_leaf, x.shape[0])
    builder = _Builder(x.reshape(-1, 1), codes, classes.shape[0], -1, msl, np.zeros(1, bool), False)
    return builder.root_search()


def logistic_threshold(x, y, max_iterations=100, tol=1e-12):
    """DT-7: θ = −a/b of a 1-D logistic regression g(a + b x) fitted by Newton's method."""
    x = as_vector(x, "x")
    classes, codes = _labels_and_codes(y, x.shape[0], "x")
    if classes.shape[0] != 2:
        raise error("logistic_threshold_classes", k=classes.shape[0])
    iterations = positive_int(max_iterations, "max_iterations")
    tol = nonnegative(tol, "tol", float64=True)
    order = np.argsort(x, kind="stable")
    xs = np.ascontiguousarray(x[order])
    ts = np.ascontiguousarray(codes[order], dtype=np.intc)
    cdef const double[::1] xv = xs
    cdef const int[::1] tv = ts
    cdef const double[::1] wv = np.ones(xs.shape[0])
    cdef double theta = 0.0, t = tol
    cdef int status
    cdef Py_ssize_t n_it = min(iterations, PY_SSIZE_T_MAX)  # more steps than that never run
    with nogil:
        status = _logistic(&xv[0], &tv[0], &wv[0], xv.shape[0], n_it, t, &theta)
    if status == 0:
        raise error("no_threshold")
    if status < 0:
        raise _R.logistic_not_converged(iterations)
    return theta


# ---- prediction ---------------------------------------------------------------------------------
# A tree is immutable (its nodes are frozen, their sequences tuples), so it is checked and packed
# once, on its first prediction, and the packed copy is kept, keyed by the tree's identity, for as
# long as the tree lives.

cdef union Answer:
    double threshold      # Split: x[feature] > threshold goes to child[1], else to child[0]
    int64_t prediction    # Leaf, Branch: the label, or its place in Packed.labels


cdef struct Node:         # 40 bytes: a Split never answers, so its threshold shares the label's place
    Answer a
    Py_ssize_t child[2]   # Split: the two children; Branch: its first entry in the value table, count
    Py_ssize_t feature
    signed char kind
    unsigned char has_prediction


class _Packed:
    """A tree as one array of Node structs, numbered breadth first (a shared subtree once),
    the Branch value table (values ascending within each Branch, and the child of each) and,
    when some label does not fit in int64, the labels the nodes point to."""

    def __init__(self, nodes, values, children, labels):
        self.nodes, self.values, self.children, self.labels = nodes, values, children, labels


_PACKED = {}


def _packed(tree):
    entry = _PACKED.get(id(tree))
    if entry is not None and entry[0]() is tree:
        return entry[1]
    _R.check_tree(tree)
    packed = _pack(tree)
    key = id(tree)
    _PACKED[key] = (weakref.ref(tree), packed)
    weakref.finalize(tree, _PACKED.pop, key, None)
    return packed


def _below(t):
    """The largest double <= t, so that x > t exactly when x > _below(t) for every double x
    (a Fraction or mpf threshold between two doubles, or beyond the float64 range)."""
    if isinstance(t, float):
        return t
    try:
        f = float(t)
    except OverflowError:
        return INFINITY if t > 0 else -INFINITY
    return float(np.nextafter(f, -np.inf)) if f > t else f


def _as_double(u):
    """u as a double, or None when no double equals u (no float64 x can then match it)."""
    try:
        f = float(u)
    except OverflowError:
        return None
    return f if f == u else None


def _pack(tree):
    """The Node array of a checked tree (see ``_Packed``)."""
    order, number = [tree.root], {id(tree.root): 0}
    cdef Py_ssize_t head = 0, n, v
    while head < len(order):
        for child in _children(order[head]):
            if id(child) not in number:
                number[id(child)] = len(order)
                order.append(child)
        head += 1
    n = len(order)
    predictions = [node.prediction for node in order]
    has = [p is not None for p in predictions]
    predictions = [0 if p is None else int(p) for p in predictions]
    labels = None
    if any(not -2 ** 63 <= p < 2 ** 63 for p in predictions):
        labels = sorted(set(predictions))
        place = {p: k for k, p in enumerate(labels)}
        predictions = [place[p] for p in predictions]
        table = np.empty(len(labels), dtype=object)
        table[:] = labels
        labels = table
    buf = np.zeros(n * sizeof(Node), dtype=np.uint8)
    value_list, child_list = [], []
    cdef unsigned char[::1] b = buf
    cdef Node* nodes = <Node*> &b[0]
    for v in range(n):
        node = order[v]
        nodes[v].a.prediction = predictions[v]
        nodes[v].has_prediction = has[v]
        nodes[v].feature = 0
        nodes[v].child[0] = nodes[v].child[1] = 0
        if isinstance(node, Leaf):
            nodes[v].kind = LEAF
            continue
        nodes[v].feature = int(node.feature)
        if isinstance(node, Split):
            nodes[v].kind = SPLIT
            nodes[v].a.threshold = _below(node.threshold)
            nodes[v].child[0] = number[id(node.left)]
            nodes[v].child[1] = number[id(node.right)]
            continue
        nodes[v].kind = BRANCH
        pairs = sorted((f, number[id(c)]) for f, c in
                       ((_as_double(u), c) for u, c in zip(node.values, node.children)) if f is not None)
        nodes[v].child[0] = len(value_list)
        nodes[v].child[1] = len(pairs)
        value_list.extend(f for f, _ in pairs)
        child_list.extend(c for _, c in pairs)
    values = np.array(value_list + [0.0], dtype=np.float64)
    children = np.array(child_list + [0], dtype=np.intp)
    return _Packed(buf, values, children, labels)


cdef Py_ssize_t _descend(const double[:, ::1] X, Py_ssize_t first, Py_ssize_t last,
                         const Node* nodes, const double* value, const Py_ssize_t* branch_child,
                         int64_t* out, Py_ssize_t* bad_feature) noexcept nogil:
    """Rows first..last − 1 down the tree, eight together, one level per sweep, so that their
    memory accesses overlap. Returns -1, or the first row that meets a Branch without a child
    for its value nor a prediction (the rows after it are left undone)."""
    cdef Py_ssize_t cur[8]
    cdef Py_ssize_t i0, k, nb, active, lo, hi, mid, end
    cdef const Node* nd
    cdef double x
    for i0 in range(first, last, 8):
        nb = min(8, last - i0)
        for k in range(nb):
            cur[k] = 0
        active = nb
        while active:
            active = 0
            for k in range(nb):
                if cur[k] < 0:
                    continue
                nd = &nodes[cur[k]]
                if nd.kind == SPLIT:
                    cur[k] = nd.child[<Py_ssize_t> (X[i0 + k, nd.feature] > nd.a.threshold)]
                    active += 1
                    continue
                if nd.kind == LEAF:
                    out[i0 + k] = nd.a.prediction
                    cur[k] = -1
                    continue
                x = X[i0 + k, nd.feature]
                lo = nd.child[0]
                end = lo + nd.child[1]
                hi = end
                while lo < hi:
                    mid = lo + (hi - lo) // 2
                    if value[mid] < x:
                        lo = mid + 1
                    else:
                        hi = mid
                if lo < end and value[lo] == x:
                    cur[k] = branch_child[lo]
                    active += 1
                elif nd.has_prediction:
                    out[i0 + k] = nd.a.prediction
                    cur[k] = -1
                else:
                    bad_feature[0] = nd.feature
                    return i0 + k
    return -1


def predict(tree, X, *, n_jobs=-1):
    """DT-1: every row of X down the stumps to its leaf; a batch in one compiled loop, its rows
    split among ``n_jobs`` cores (-1 or None: all; 1: serial), the same answers for any n_jobs."""
    cores = cores_of(n_jobs)
    packed = _packed(tree)
    given, X = X, as_matrix(X, "X")
    if X.shape[1] != tree.n_features:
        raise error("tree_features", m=X.shape[1], n=tree.n_features)
    out = np.empty(X.shape[0], dtype=np.int64)
    cdef Py_ssize_t n = X.shape[0], threads = loop_threads(TREE_PREDICT, thread_count(cores, n)), c
    cdef Py_ssize_t chunks = chunk_count(n, threads), chunk = rows_per_chunk(n, chunks)
    bad = np.full(chunks, -1, dtype=np.intp)       # per chunk: its first bad row, and the feature
    where = np.zeros(chunks, dtype=np.intp)
    cdef const double[:, ::1] Xv = X
    cdef const unsigned char[::1] node_bytes = packed.nodes
    cdef const Node* nodes = <const Node*> &node_bytes[0]
    cdef const double[::1] value = packed.values
    cdef const Py_ssize_t[::1] child = packed.children
    cdef int64_t[::1] o = out
    cdef Py_ssize_t[::1] bv = bad, wv = where
    for c in prange(chunks, nogil=True, num_threads=threads, schedule="dynamic"):
        bv[c] = _descend(Xv, c * chunk, min((c + 1) * chunk, n), nodes, &value[0], &child[0],
                         &o[0], &wv[c])
    loop_done(TREE_PREDICT, n)
    failed = np.flatnonzero(bad >= 0)
    if failed.shape[0]:                            # the first bad row is in the first such chunk
        i, f = int(bad[failed[0]]), int(where[failed[0]])
        raise error("no_child", i=i, j=f, value=as_given(given, X, (i, f)))
    return out if packed.labels is None else packed.labels[out]


# ---- docstrings: the reference twin's text, one home for both faces (cs229.fast._docs) -----------

from cs229.fast._docs import adopt as _adopt  # noqa: E402
from cs229.reference import trees as _twin  # noqa: E402

_adopt(globals(), _twin)
