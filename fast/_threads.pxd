# The measured choice of thread counts (fast/_parallel.pxd: ThreadChoice) for the loops over
# independent rows that run once per call, kept across calls (fast/_threads.pyx), and the rule a
# run of SMO starts from. Called with the GIL held, which orders the calls.

from cs229.fast._parallel cimport ThreadChoice, ThreadRule

# The loops, one choice each.
cdef enum Loop:
    TREE_PREDICT = 0
    BERNOULLI_JOINT = 1
    CATEGORICAL_JOINT = 2
    MULTINOMIAL_JOINT = 3
    QUADRATIC_FORMS = 4      # MVN-1 and GDA-2
    KERNEL_MAP = 5           # KR-6: the kernel's map from the Gram matrix
    NEWTON_PASS = 6          # NW-2, GLM-4: the blocks of a Newton / IRLS pass (X-7)
    LOOPS = 7


cdef Py_ssize_t loop_threads(Loop loop, Py_ssize_t possible) noexcept
cdef void loop_done(Loop loop, Py_ssize_t rows) noexcept
cdef ThreadRule run_rule() noexcept
cdef dict choice_report(const ThreadChoice* c)
