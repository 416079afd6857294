# X-7, the summation form: every per-pass sum of the normal equations and of Newton / IRLS is
# taken over fixed blocks of BLOCK rows (the last block of an array may be shorter), and the
# blocks' partial sums are added left to right in block order. An array cut into chunks of whole
# blocks (cs229.distributed) therefore has the same blocks, and the same sums bit for bit, as the
# whole array in one process (cs229.fast): only the grouping into chunks differs, and no sum
# crosses a block's edge. BLOCK = 4096 rows: XᵀX and Xᵀy by blocks take no more CPU time than
# one dsyrk and one dgemv over all rows (m = 10⁶, d = 20: 49 against 53 ms; m = 2·10⁵, d = 100:
# 118 against 127 ms), and logistic Newton and Poisson IRLS at m = 10⁶, d = 20 no more than
# before (741 against 744 ms, 742 against 806 ms).

cdef enum:
    BLOCK = 4096
    # the blocks of a sum whose rows are copied and sorted before a rank-k update of a d×d
    # matrix (GDA's pooled scatter): half of BLOCK keeps a block's copied rows in the L2 cache
    # (GDA at m = 10⁶, d = 20: 66 ms against 68 ms with a quarter), and chunks of whole BLOCKs
    # are still chunks of whole half blocks
    HALF_BLOCK = BLOCK // 2


cdef inline void add_into(double* total, const double* part, Py_ssize_t size) noexcept nogil:
    """total += part, entry by entry: the one way a block's partial joins the running sum."""
    cdef Py_ssize_t j
    for j in range(size):
        total[j] = total[j] + part[j]


cdef inline Py_ssize_t blocks_of(Py_ssize_t m) noexcept nogil:
    """The number of blocks of m rows, ⌈m / BLOCK⌉."""
    return (m + BLOCK - 1) // BLOCK


cdef struct Block:
    Py_ssize_t start   # its first row
    int rows           # BLOCK, or fewer for an array's last block
    double* part       # where its partial sums go


cdef inline Block block(Py_ssize_t b, Py_ssize_t m, double* parts, Py_ssize_t size,
                        bint keep, Py_ssize_t rows=BLOCK) noexcept nogil:
    """Block b of m rows (blocks of ``rows`` rows); its partial goes to row b of ``parts`` (rows
    of ``size`` entries) when the blocks' partials are kept, else to the one scratch row, added
    into the total after it."""
    cdef Block here
    here.start = b * rows
    here.rows = <int> (rows if m - here.start > rows else m - here.start)
    here.part = parts + (b * size if keep else 0)
    return here


cdef inline void block_done(Block here, double* total, Py_ssize_t size, bint keep) noexcept nogil:
    """A block's partial joins the running total (when the partials are not kept)."""
    if not keep:
        add_into(total, here.part, size)
