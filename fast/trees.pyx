"""Compiled twins of cs229.reference.trees (catalog DT-1, DT-6, DT-7).

``fit_tree`` sorts every feature once (stably: equal values keep row order) and gives each node a
segment of every feature's sorted arrays; splitting a node partitions those segments stably, so a
node's examples stay sorted by every feature without sorting again. The split search sweeps a
sorted segment keeping the class counts on the left, and scores candidates with the reference's
float64 formula from integer counts (c ln c from one table, sums in the same order), so the two
faces choose the same splits and return equal trees, split for split. The gains stored in the
nodes and the 1-D logistic fits of the "logistic" rule follow the reference's arithmetic too.

The trees are the reference's dataclasses. ``predict`` walks a packed copy of the tree (one struct
per node, numbered breadth first so that siblings are adjacent), made once and kept for as long as
the tree lives.
"""
import weakref

import numpy as np

from libc.math cimport INFINITY, fabs, isfinite, log, log2
from libc.stdint cimport uint64_t
from libc.string cimport memcpy

from cs229.fast._validation import as_matrix, as_vector, check_tol, positive_int
from cs229.fast.entropy import _class_labels
from cs229.reference.results import ConvergenceError
from cs229.reference.trees import Branch, Leaf, Split, Tree

__all__ = ["Leaf", "Split", "Branch", "Tree", "ConvergenceError", "predict", "split_score",
           "best_threshold", "logistic_threshold", "fit_tree"]

cdef enum:
    LEAF = 0
    SPLIT = 1
    BRANCH = 2


# ---- the shared arithmetic ---------------------------------------------------------------------

include "_inline_math.pxi"

cdef inline double _group_score(const long long* c, Py_ssize_t K, long long n,
                                const double* T) noexcept nogil:
    """mⱼ ln mⱼ − Σₖ cⱼₖ ln cⱼₖ for one group, as the reference's ``_score`` sums it."""
    cdef double terms = 0.0
    cdef Py_ssize_t k
    for k in range(K):
        terms = terms + T[c[k]]
    return T[n] - terms


cdef double _entropy_bits(const long long* c, Py_ssize_t K) noexcept nogil:
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


cdef int _logistic(const double* xs, const int* ts, Py_ssize_t n, int max_iterations, double tol,
                   double* theta) noexcept nogil:
    """The reference's ``_logistic_threshold`` on xs ascending, ts in {0, 1}: 1 with θ set,
    0 for no threshold (x constant, one class, slope 0), -1 when Newton does not converge."""
    cdef Py_ssize_t i
    cdef int it, seen0 = 0, seen1 = 0
    cdef double top0 = 0, top1 = 0, bottom0 = 0, bottom1 = 0
    cdef double c = 0.0, s = 0.0, z, a = 0.0, b = 0.0, p, r, w, g0, g1, h00, h01, h11, det, da, db
    if xs[0] == xs[n - 1]:
        return 0
    for i in range(n):
        if ts[i] == 0:
            if not seen0:
                bottom0 = xs[i]
                seen0 = 1
            top0 = xs[i]
        else:
            if not seen1:
                bottom1 = xs[i]
                seen1 = 1
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
        c = c + xs[i]
    c = c / n
    for i in range(n):
        if fabs(xs[i] - c) > s:
            s = fabs(xs[i] - c)
    for it in range(max_iterations):
        g0 = g1 = h00 = h01 = h11 = 0.0
        for i in range(n):
            z = (xs[i] - c) / s
            p = _sigmoid(a + b * z)
            r = <double> ts[i] - p
            w = p * (1 - p)
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
        if max(fabs(da), fabs(db)) <= tol * (1 + max(fabs(a), fabs(b))):
            if b == 0:
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


cdef struct Work:
    Py_ssize_t m, d, K
    double* V            # d × m: feature values, each row sorted within every node's segment
    int* I               # d × m: the example at each position
    int* L               # d × m: its class code
    const unsigned char* discrete
    const double* T      # c ln c for c = 0..m
    int max_depth        # -1: no limit
    Py_ssize_t msl
    bint logistic
    int* group           # m: the child each example goes to
    double* tmpV
    int* tmpI
    int* tmpL
    Py_ssize_t* bounds   # m + 1
    Py_ssize_t* fill     # m + 1
    long long* total
    long long* left
    long long* right
    signed char* kind
    int* feature
    double* threshold
    int* n_children
    Py_ssize_t* first_child
    Py_ssize_t* child_id
    double* child_value
    long long* counts    # nodes × K
    double* gain
    Py_ssize_t* st_start
    Py_ssize_t* st_end
    int* st_depth
    Py_ssize_t* st_slot


cdef inline bint _improves(Work* w, Py_ssize_t j, Py_ssize_t nl, Py_ssize_t npos,
                           Best* best) noexcept nogil:
    """Score the two-way split of feature j whose left group (nl of the npos examples) has the
    class counts w.left; when it beats ``best``, record all of it but the threshold."""
    cdef Py_ssize_t K = w.K, k
    cdef double s
    for k in range(K):
        w.right[k] = w.total[k] - w.left[k]
    s = 0.0 + _group_score(w.left, K, nl, w.T)
    s = s + _group_score(w.right, K, npos - nl, w.T)
    if s < best.score:
        best.score = s
        best.feature = j
        best.kind = SPLIT
        best.n_left = nl
        return True
    return False


cdef void _search(Work* w, Py_ssize_t j, Py_ssize_t start, Py_ssize_t end, Best* best) noexcept nogil:
    """Every threshold between neighbouring distinct values of feature j (DT-7)."""
    cdef const double* V = w.V + j * w.m
    cdef const int* L = w.L + j * w.m
    cdef Py_ssize_t K = w.K, k, p, nl, npos = end - start
    for k in range(K):
        w.left[k] = 0
    for p in range(start, end - 1):
        w.left[L[p]] += 1
        nl = p - start + 1
        if nl < w.msl:
            continue
        if npos - nl < w.msl:
            break
        if V[p] == V[p + 1]:
            continue
        if _improves(w, j, nl, npos, best):
            best.threshold = _midpoint(V[p], V[p + 1])


cdef void _logistic_split(Work* w, Py_ssize_t j, Py_ssize_t start, Py_ssize_t end,
                          Best* best) noexcept nogil:
    """The threshold of a 1-D logistic regression on feature j (DT-7)."""
    cdef const double* V = w.V + j * w.m
    cdef const int* L = w.L + j * w.m
    cdef Py_ssize_t K = w.K, k, p, nl = 0, npos = end - start
    cdef double theta
    if _logistic(V + start, L + start, npos, 100, 1e-12, &theta) != 1:
        return
    for k in range(K):
        w.left[k] = 0
    for p in range(start, end):
        if V[p] > theta:
            break
        w.left[L[p]] += 1
        nl += 1
    if nl < w.msl or npos - nl < w.msl:
        return
    if _improves(w, j, nl, npos, best):
        best.threshold = theta


cdef void _branch(Work* w, Py_ssize_t j, Py_ssize_t start, Py_ssize_t end, Best* best) noexcept nogil:
    """One child per value of the discrete feature j (DT-6)."""
    cdef const double* V = w.V + j * w.m
    cdef const int* L = w.L + j * w.m
    cdef Py_ssize_t K = w.K, k, p = start, q, groups = 0
    cdef double s = 0.0
    while p < end:
        for k in range(K):
            w.left[k] = 0
        q = p
        while q < end and V[q] == V[p]:
            w.left[L[q]] += 1
            q += 1
        if q - p < w.msl:
            return
        s = s + _group_score(w.left, K, q - p, w.T)
        groups += 1
        p = q
    if groups >= 2 and s < best.score:
        best.score = s
        best.feature = j
        best.kind = BRANCH


cdef Py_ssize_t _groups(Work* w, Best* best, Py_ssize_t start, Py_ssize_t end) noexcept nogil:
    """Fill bounds[0..g] with the children's segments along the chosen feature; return g."""
    cdef const double* V = w.V + best.feature * w.m
    cdef Py_ssize_t g = 0, p
    w.bounds[0] = start
    if best.kind == SPLIT:
        w.bounds[1] = start + best.n_left
        w.bounds[2] = end
        return 2
    for p in range(start + 1, end):
        if V[p] != V[p - 1]:
            g += 1
            w.bounds[g] = p
    g += 1
    w.bounds[g] = end
    return g


cdef void _partition(Work* w, Py_ssize_t f, Py_ssize_t start, Py_ssize_t end, Py_ssize_t g) noexcept nogil:
    """Reorder every other feature's segment so that each child's examples are contiguous (in the
    order of the chosen feature's groups) and still sorted within it."""
    cdef Py_ssize_t j, p, q, r, npos = end - start, m = w.m
    cdef const int* If = w.I + f * m
    cdef double* Vj
    cdef int* Ij
    cdef int* Lj
    cdef int i
    for r in range(g):
        for p in range(w.bounds[r], w.bounds[r + 1]):
            w.group[If[p]] = <int> r
    for j in range(w.d):
        if j == f:
            continue
        Vj = w.V + j * m
        Ij = w.I + j * m
        Lj = w.L + j * m
        for r in range(g):
            w.fill[r] = w.bounds[r]
        for p in range(start, end):
            i = Ij[p]
            r = w.group[i]
            q = w.fill[r]
            w.fill[r] = q + 1
            w.tmpV[q] = Vj[p]
            w.tmpI[q] = i
            w.tmpL[q] = Lj[p]
        memcpy(Vj + start, w.tmpV + start, npos * sizeof(double))
        memcpy(Ij + start, w.tmpI + start, npos * sizeof(int))
        memcpy(Lj + start, w.tmpL + start, npos * sizeof(int))


cdef double _gain(Work* w, Py_ssize_t f, Py_ssize_t g) noexcept nogil:
    """Information gain (11.20) in bits, as the reference's ``_gain`` computes it."""
    cdef const int* L = w.L + f * w.m
    cdef Py_ssize_t K = w.K, k, r, p
    cdef double m = 0.0, m_j, after = 0.0
    for r in range(g):
        m = m + <double> (w.bounds[r + 1] - w.bounds[r])
    for r in range(g):
        for k in range(K):
            w.left[k] = 0
        for p in range(w.bounds[r], w.bounds[r + 1]):
            w.left[L[p]] += 1
        m_j = <double> (w.bounds[r + 1] - w.bounds[r])
        if m_j == 0:
            continue
        after = after + (m_j / m) * _entropy_bits(w.left, K)
    return _entropy_bits(w.total, K) - after


cdef Py_ssize_t _grow(Work* w) noexcept nogil:
    """The greedy recursion of 001 §11.3.5, depth first, left child first; nodes numbered in
    preorder. Returns the number of nodes."""
    cdef Py_ssize_t K = w.K, sp = 1, start, end, slot, node, n_nodes = 0, n_child = 0
    cdef Py_ssize_t npos, k, p, j, g, r
    cdef long long top
    cdef int depth
    cdef Best best
    w.st_start[0] = 0
    w.st_end[0] = w.m
    w.st_depth[0] = 0
    w.st_slot[0] = -1
    while sp > 0:
        sp -= 1
        start = w.st_start[sp]
        end = w.st_end[sp]
        depth = w.st_depth[sp]
        slot = w.st_slot[sp]
        node = n_nodes
        n_nodes += 1
        if slot >= 0:
            w.child_id[slot] = node
        for k in range(K):
            w.total[k] = 0
        for p in range(start, end):
            w.total[w.L[p]] += 1
        top = 0
        for k in range(K):
            w.counts[node * K + k] = w.total[k]
            top = max(top, w.total[k])
        w.kind[node] = LEAF
        npos = end - start
        if top == npos or depth == w.max_depth or npos < 2 * w.msl:
            continue
        best.score = INFINITY
        best.feature = -1
        for j in range(w.d):
            if w.discrete[j]:
                _branch(w, j, start, end, &best)
            elif w.logistic:
                _logistic_split(w, j, start, end, &best)
            else:
                _search(w, j, start, end, &best)
        if best.feature < 0:
            continue
        g = _groups(w, &best, start, end)
        _partition(w, best.feature, start, end, g)
        w.kind[node] = best.kind
        w.feature[node] = <int> best.feature
        w.threshold[node] = best.threshold
        w.n_children[node] = <int> g
        w.first_child[node] = n_child
        w.gain[node] = _gain(w, best.feature, g)
        for r in range(g):
            w.child_value[n_child + r] = w.V[best.feature * w.m + w.bounds[r]]
        for r in range(g - 1, -1, -1):
            w.st_start[sp] = w.bounds[r]
            w.st_end[sp] = w.bounds[r + 1]
            w.st_depth[sp] = depth + 1
            w.st_slot[sp] = n_child + r
            sp += 1
        n_child += g
    return n_nodes


cdef class _Builder:
    """The arrays of one fit (kept alive here) and the Work struct that points into them."""

    cdef Work w
    cdef object arrays

    def __init__(self, X, codes, Py_ssize_t K, int max_depth, Py_ssize_t msl, discrete, bint logistic):
        cdef Py_ssize_t m = X.shape[0], d = X.shape[1], cap = 2 * m
        if m >= 2 ** 31 - 1:
            raise ValueError(f"{m} examples: the tree builder numbers them with 32-bit integers")
        V, I, L = _presort(np.ascontiguousarray(X.T), np.ascontiguousarray(codes, dtype=np.intc))
        a = dict(
            V=V, I=I, L=L,
            discrete=np.ascontiguousarray(discrete, dtype=np.uint8),
            T=_c_log_c_table(m),
            group=np.empty(m, np.intc), tmpV=np.empty(m), tmpI=np.empty(m, np.intc),
            tmpL=np.empty(m, np.intc), bounds=np.empty(m + 1, np.intp), fill=np.empty(m + 1, np.intp),
            total=np.empty(K, np.longlong), left=np.empty(K, np.longlong), right=np.empty(K, np.longlong),
            kind=np.zeros(cap, np.int8), feature=np.full(cap, -1, np.intc), threshold=np.zeros(cap),
            n_children=np.zeros(cap, np.intc), first_child=np.zeros(cap, np.intp),
            child_id=np.zeros(cap, np.intp), child_value=np.zeros(cap),
            counts=np.zeros(cap * K, np.longlong), gain=np.zeros(cap),
            st_start=np.empty(m + 1, np.intp), st_end=np.empty(m + 1, np.intp),
            st_depth=np.empty(m + 1, np.intc), st_slot=np.empty(m + 1, np.intp),
        )
        self.arrays = a
        self.w.m, self.w.d, self.w.K = m, d, K
        self.w.max_depth, self.w.msl, self.w.logistic = max_depth, msl, logistic
        self.w.V = _dptr(a["V"].reshape(-1))
        self.w.I = _iptr(a["I"].reshape(-1))
        self.w.L = _iptr(a["L"].reshape(-1))
        self.w.discrete = _bptr(a["discrete"])
        self.w.T = _dptr(a["T"])
        self.w.group = _iptr(a["group"])
        self.w.tmpV = _dptr(a["tmpV"])
        self.w.tmpI = _iptr(a["tmpI"])
        self.w.tmpL = _iptr(a["tmpL"])
        self.w.bounds = _zptr(a["bounds"])
        self.w.fill = _zptr(a["fill"])
        self.w.total = _lptr(a["total"])
        self.w.left = _lptr(a["left"])
        self.w.right = _lptr(a["right"])
        self.w.kind = _cptr(a["kind"])
        self.w.feature = _iptr(a["feature"])
        self.w.threshold = _dptr(a["threshold"])
        self.w.n_children = _iptr(a["n_children"])
        self.w.first_child = _zptr(a["first_child"])
        self.w.child_id = _zptr(a["child_id"])
        self.w.child_value = _dptr(a["child_value"])
        self.w.counts = _lptr(a["counts"])
        self.w.gain = _dptr(a["gain"])
        self.w.st_start = _zptr(a["st_start"])
        self.w.st_end = _zptr(a["st_end"])
        self.w.st_depth = _iptr(a["st_depth"])
        self.w.st_slot = _zptr(a["st_slot"])

    def grow(self):
        cdef Py_ssize_t n
        with nogil:
            n = _grow(&self.w)
        return n

    def root_search(self):
        """The best threshold of feature 0 over all examples: (n_left, θ, gain) or None."""
        cdef Best best
        cdef Py_ssize_t k, p
        best.score = INFINITY
        best.feature = -1
        with nogil:
            for k in range(self.w.K):
                self.w.total[k] = 0
            for p in range(self.w.m):
                self.w.total[self.w.L[p]] += 1
            _search(&self.w, 0, 0, self.w.m, &best)
        if best.feature < 0:
            return None
        self.w.bounds[0] = 0
        self.w.bounds[1] = best.n_left
        self.w.bounds[2] = self.w.m
        return best.threshold, _gain(&self.w, 0, 2)


cdef double* _dptr(double[::1] a):
    return &a[0]


cdef int* _iptr(int[::1] a):
    return &a[0]


cdef Py_ssize_t* _zptr(Py_ssize_t[::1] a):
    return &a[0]


cdef long long* _lptr(long long[::1] a):
    return &a[0]


cdef signed char* _cptr(signed char[::1] a):
    return &a[0]


cdef const unsigned char* _bptr(const unsigned char[::1] a):
    return &a[0]


cdef inline uint64_t _key(double v) noexcept nogil:
    """An unsigned key in the order of the doubles; −0.0 and 0.0 get one key, as they compare
    equal (so they stay in row order, as in the reference's sort)."""
    cdef uint64_t u
    v = v + 0.0
    memcpy(&u, &v, sizeof(double))
    if u >> 63:
        return ~u
    return u | (<uint64_t> 1 << 63)


cdef void _radix_order(const double* x, Py_ssize_t m, int* order, uint64_t* ka, uint64_t* kb,
                       int* ib, Py_ssize_t* count) noexcept nogil:
    """order := the positions of x by increasing value, equal values in position order: a least
    significant digit radix sort of the keys, 11 bits a pass, each pass stable."""
    cdef Py_ssize_t i, p, c, total
    cdef int shift, digit
    cdef int* ia = order
    for i in range(m):
        ka[i] = _key(x[i])
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


def _presort(XT, codes):
    """For every feature j (a row of XT): the examples by increasing x_j, equal values in row
    order (I), their values (V) and their class codes (L)."""
    cdef Py_ssize_t d = XT.shape[0], m = XT.shape[1], j, p
    V = np.empty((d, m))
    I = np.empty((d, m), dtype=np.intc)
    L = np.empty((d, m), dtype=np.intc)
    keys = np.empty(2 * m, dtype=np.uint64)
    spare = np.empty(m, dtype=np.intc)
    counts = np.empty(2048, dtype=np.intp)
    cdef const double[:, ::1] x = XT
    cdef const int[::1] code = codes
    cdef double[:, ::1] v = V
    cdef int[:, ::1] idx = I
    cdef int[:, ::1] lab = L
    cdef uint64_t[::1] k = keys
    cdef int[::1] s = spare
    cdef Py_ssize_t[::1] c = counts
    with nogil:
        for j in range(d):
            _radix_order(&x[j, 0], m, &idx[j, 0], &k[0], &k[m], &s[0], &c[0])
            for p in range(m):
                v[j, p] = x[j, idx[j, p]]
                lab[j, p] = code[idx[j, p]]
    return V, I, L


def _c_log_c_table(Py_ssize_t m):
    """c ln c for c = 0..m, by the C library's log (the one Python's math.log calls)."""
    out = np.zeros(m + 1)
    cdef double[::1] o = out
    cdef Py_ssize_t c
    for c in range(2, m + 1):
        o[c] = <double> c * log(<double> c)
    return out


# ---- validation ---------------------------------------------------------------------------------

def _max_depth(max_depth, m):
    if max_depth is None:
        return -1
    if isinstance(max_depth, (bool, np.bool_)) or not isinstance(max_depth, (int, np.integer)):
        raise TypeError(f"max_depth must be an integer or None, got {max_depth!r}")
    if max_depth < 0:
        raise ValueError(f"max_depth must be >= 0 or None, got {max_depth}")
    return int(min(max_depth, m))  # a node of depth m has one example: the cap never binds beyond


def _discrete_mask(discrete, d):
    if isinstance(discrete, (bool, np.bool_)):
        return np.full(d, bool(discrete))
    if isinstance(discrete, (str, bytes)) or not hasattr(discrete, "__len__"):
        raise TypeError(f"discrete must be a bool or a sequence of {d} bools, got {discrete!r}")
    if len(discrete) != d:
        raise ValueError(f"discrete has {len(discrete)} entries but X has {d} columns")
    if any(not isinstance(v, (bool, np.bool_)) for v in discrete):
        raise TypeError("discrete must hold bools (True for a discrete feature)")
    return np.array([bool(v) for v in discrete])


def _rule(threshold):
    if threshold not in ("search", "logistic"):
        raise ValueError(f"threshold must be one of ('search', 'logistic'), got {threshold!r}")
    return threshold


# ---- public -------------------------------------------------------------------------------------

def fit_tree(X, y, max_depth=None, min_samples_leaf=1, discrete=False, threshold="search"):
    """DT-6, DT-7: the greedy tree (largest information gain first), the reference's splits."""
    X = as_matrix(X, "X")
    classes, codes = _class_labels(y, "y", X.shape[0])
    depth = _max_depth(max_depth, X.shape[0])
    msl = positive_int(min_samples_leaf, "min_samples_leaf")
    mask = _discrete_mask(discrete, X.shape[1])
    rule = _rule(threshold)
    K = classes.shape[0]
    if rule == "logistic" and K > 2 and not mask.all():
        raise ValueError(f"threshold='logistic' needs two classes, y has {K}")
    builder = _Builder(X, codes, K, depth, msl, mask, rule == "logistic")
    n = builder.grow()
    a = builder.arrays
    labels = [int(c) for c in classes]
    flat = _Flat(a["kind"][:n], a["feature"][:n], a["threshold"][:n], a["n_children"][:n],
                 a["first_child"][:n], a["child_id"][:max(n - 1, 1)], a["child_value"][:max(n - 1, 1)],
                 np.asarray(labels, dtype=np.int64)[np.argmax(a["counts"][:n * K].reshape(n, K), axis=1)],
                 np.ones(n, np.uint8))
    tree = Tree(_nested(flat, a["counts"][:n * K].reshape(n, K), a["gain"][:n], labels), X.shape[1],
                tuple(labels))
    _remember(tree, flat)
    return tree


def _nested(flat, counts, gains, labels):
    """The dataclass tree from the preorder arrays (children have larger numbers than parents)."""
    n = flat.kind.shape[0]
    kind, feature, threshold = flat.kind.tolist(), flat.feature.tolist(), flat.threshold.tolist()
    n_children, first = flat.n_children.tolist(), flat.first_child.tolist()
    child_id, child_value = flat.child_id.tolist(), flat.child_value.tolist()
    prediction, counts, gains = flat.prediction.tolist(), counts.tolist(), gains.tolist()
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
                              tuple(nodes[child_id[f + r]] for r in range(g)), c, prediction[v], gains[v])
    return nodes[0]


def split_score(table):
    """DT-5, DT-6: S = Σⱼ [mⱼ ln mⱼ − Σₖ cⱼₖ ln cⱼₖ] in float64 (lowest S = largest gain)."""
    t = as_matrix(table, "table")
    bad = (t < 0) | (t != np.round(t))
    if bad.any():
        j, k = np.unravel_index(int(np.argmax(bad)), t.shape)
        raise ValueError(f"table[{j}][{k}] is {t[j, k]}: a count must be a non-negative integer")
    counts = np.ascontiguousarray(t, dtype=np.longlong)
    cdef const long long[:, ::1] c = counts
    cdef Py_ssize_t J = c.shape[0], K = c.shape[1], j_, k_
    cdef long long m_j
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
    classes, codes = _class_labels(y, "y", x.shape[0], "x")
    msl = positive_int(min_samples_leaf, "min_samples_leaf")
    builder = _Builder(x[:, None], codes, classes.shape[0], -1, msl, np.zeros(1, bool), False)
    return builder.root_search()


def logistic_threshold(x, y, max_iterations=100, tol=1e-12):
    """DT-7: θ = −a/b of a 1-D logistic regression g(a + b x) fitted by Newton's method."""
    x = as_vector(x, "x")
    classes, codes = _class_labels(y, "y", x.shape[0], "x")
    if classes.shape[0] != 2:
        raise ValueError(f"y must hold two classes for a logistic threshold, got {classes.shape[0]}")
    iterations = positive_int(max_iterations, "max_iterations")
    tol = check_tol(tol, allow_none=False)
    order = np.argsort(x, kind="stable")
    xs = np.ascontiguousarray(x[order])
    ts = np.ascontiguousarray(codes[order], dtype=np.intc)
    cdef const double[::1] xv = xs
    cdef const int[::1] tv = ts
    cdef double theta = 0.0, t = tol
    cdef int status, n_it = iterations
    with nogil:
        status = _logistic(&xv[0], &tv[0], xv.shape[0], n_it, t, &theta)
    if status == 0:
        raise ValueError("x has no threshold: x is constant, or the fitted slope b is 0")
    if status < 0:
        raise ConvergenceError(
            f"the 1-D logistic regression did not converge in {iterations} Newton steps", None)
    return theta


# ---- prediction ---------------------------------------------------------------------------------

class _Flat:
    """A tree in preorder arrays: node kind, feature, threshold, children (ids and, for a Branch,
    their values, ascending) and the prediction of each node (has_prediction 0: none). Copies,
    so that the builder's larger buffers are not kept alive with the tree."""

    def __init__(self, kind, feature, threshold, n_children, first_child, child_id, child_value,
                 prediction, has_prediction):
        self.kind = np.array(kind, dtype=np.int8)
        self.feature = np.array(feature, dtype=np.intc)
        self.threshold = np.array(threshold, dtype=np.float64)
        self.n_children = np.array(n_children, dtype=np.intc)
        self.first_child = np.array(first_child, dtype=np.intp)
        self.child_id = np.array(child_id, dtype=np.intp)
        self.child_value = np.array(child_value, dtype=np.float64)
        self.prediction = np.array(prediction, dtype=np.int64)
        self.has_prediction = np.array(has_prediction, dtype=np.uint8)
        self.packed = None


_FLAT = {}


def _remember(tree, flat):
    key = id(tree)
    _FLAT[key] = (weakref.ref(tree), flat)
    weakref.finalize(tree, _FLAT.pop, key, None)


def _flat_of(tree):
    entry = _FLAT.get(id(tree))
    if entry is not None and entry[0]() is tree:
        return entry[1]
    flat = _flatten(tree)
    _remember(tree, flat)
    return flat


def _label(value, where):
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"the prediction of {where} is {value!r}: expected an integer class label")
    return int(value)


def _flatten(tree):
    """Preorder arrays of a dataclass tree (built by hand or by either face)."""
    kind, feature, threshold, n_children, first, prediction, has = [], [], [], [], [], [], []
    child_id, child_value = [], []
    stack = [(tree.root, -1)]
    while stack:
        node, slot = stack.pop()
        v = len(kind)
        if slot >= 0:
            child_id[slot] = v
        if isinstance(node, Leaf):
            kind.append(LEAF)
            children, values = (), ()
            p = _label(node.prediction, f"leaf {v}")
        elif isinstance(node, Split):
            kind.append(SPLIT)
            children, values = (node.left, node.right), (0.0, 0.0)
            p = node.prediction
        elif isinstance(node, Branch):
            kind.append(BRANCH)
            if len(node.values) != len(node.children):
                raise ValueError(f"branch {v} has {len(node.values)} values but {len(node.children)} children")
            pairs = sorted(zip((float(u) for u in node.values), node.children), key=lambda t: t[0])
            values = tuple(u for u, _ in pairs)
            children = tuple(c for _, c in pairs)
            p = node.prediction
        else:
            raise TypeError(f"a tree node must be a Leaf, Split or Branch, got {type(node).__name__}")
        f = -1 if isinstance(node, Leaf) else int(node.feature)
        if not isinstance(node, Leaf) and not 0 <= f < tree.n_features:
            raise ValueError(f"node {v} asks feature {f} of a tree on {tree.n_features}")
        feature.append(f)
        threshold.append(float(node.threshold) if isinstance(node, Split) else 0.0)
        has.append(p is not None)
        prediction.append(0 if p is None else _label(p, f"node {v}"))
        start = len(child_id)
        n_children.append(len(children))
        first.append(start)
        child_id.extend([-1] * len(children))
        child_value.extend(values)
        for r in range(len(children) - 1, -1, -1):
            stack.append((children[r], start + r))
    return _Flat(kind, feature, threshold, n_children, first, child_id or [0], child_value or [0.0],
                 prediction, has)


cdef struct Node:
    double threshold
    Py_ssize_t first      # the first child; the children of a node are numbered consecutively
    Py_ssize_t n          # how many children
    long long prediction
    int feature
    signed char kind
    unsigned char has_prediction


def _pack(flat):
    """The nodes as one array of Node structs, renumbered breadth first so that the children of
    a node are consecutive: a step down reads one struct and picks the child without a branch.
    Returns (nodes, the Branch value leading to each node)."""
    cdef Py_ssize_t n = flat.kind.shape[0], head = 0, free = 1, v, r, g, w
    buf = np.zeros(n * sizeof(Node), dtype=np.uint8)
    values = np.zeros(n)
    order = np.zeros(n, dtype=np.intp)  # old number of each new node
    cdef unsigned char[::1] b = buf
    cdef double[::1] value = values
    cdef Py_ssize_t[::1] old = order
    cdef Node* nodes = <Node*> &b[0]
    cdef const signed char[::1] kind = flat.kind
    cdef const int[::1] feature = flat.feature
    cdef const double[::1] threshold = flat.threshold
    cdef const int[::1] n_children = flat.n_children
    cdef const Py_ssize_t[::1] first = flat.first_child
    cdef const Py_ssize_t[::1] child = flat.child_id
    cdef const double[::1] child_value = flat.child_value
    cdef const long long[::1] prediction = flat.prediction
    cdef const unsigned char[::1] has = flat.has_prediction
    while head < free:
        v = old[head]
        g = n_children[v] if kind[v] != LEAF else 0
        nodes[head].kind = kind[v]
        nodes[head].feature = feature[v]
        nodes[head].threshold = threshold[v]
        nodes[head].prediction = prediction[v]
        nodes[head].has_prediction = has[v]
        nodes[head].first = free
        nodes[head].n = g
        for r in range(g):
            w = free + r
            old[w] = child[first[v] + r]
            value[w] = child_value[first[v] + r]
        free += g
        head += 1
    return buf, values


cdef Py_ssize_t _descend(const double[:, ::1] X, const Node* nodes, const double* value,
                         long long* out, Py_ssize_t* bad_feature) noexcept nogil:
    """Eight rows go down together, one level per sweep, so that their memory accesses overlap.
    Returns -1, or the row that meets a Branch without a child for its value nor a prediction."""
    cdef Py_ssize_t cur[8]
    cdef Py_ssize_t n = X.shape[0], i0, k, nb, active, lo, hi, mid, end
    cdef const Node* nd
    cdef double x
    for i0 in range(0, n, 8):
        nb = min(8, n - i0)
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
                    cur[k] = nd.first + <Py_ssize_t> (X[i0 + k, nd.feature] > nd.threshold)
                    active += 1
                    continue
                if nd.kind == LEAF:
                    out[i0 + k] = nd.prediction
                    cur[k] = -1
                    continue
                x = X[i0 + k, nd.feature]
                lo = nd.first
                end = lo + nd.n
                hi = end
                while lo < hi:
                    mid = (lo + hi) // 2
                    if value[mid] < x:
                        lo = mid + 1
                    else:
                        hi = mid
                if lo < end and value[lo] == x:
                    cur[k] = lo
                    active += 1
                elif nd.has_prediction:
                    out[i0 + k] = nd.prediction
                    cur[k] = -1
                else:
                    bad_feature[0] = nd.feature
                    return i0 + k
    return -1


def predict(tree, X):
    """DT-1: every row of X down the stumps to its leaf; a batch in one compiled loop."""
    if not isinstance(tree, Tree):
        raise TypeError(f"tree must be a Tree, got {type(tree).__name__}")
    X = as_matrix(X, "X")
    if X.shape[1] != tree.n_features:
        raise ValueError(f"X has {X.shape[1]} columns but the tree takes {tree.n_features} features")
    flat = _flat_of(tree)
    if flat.packed is None:
        flat.packed = _pack(flat)
    out = np.empty(X.shape[0], dtype=np.int64)
    cdef const double[:, ::1] Xv = X
    cdef const unsigned char[::1] packed = flat.packed[0]
    cdef const double[::1] value = flat.packed[1]
    cdef long long[::1] o = out
    cdef Py_ssize_t bad, f = 0
    with nogil:
        bad = _descend(Xv, <const Node*> &packed[0], &value[0], &o[0], &f)
    if bad >= 0:
        raise ValueError(f"X[{bad}][{f}] is {X[bad, f]}, a value this branch has no child for")
    return out
