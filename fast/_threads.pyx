"""How many threads the loops over independent rows take, measured (fast/_parallel.pxd).

A batch of predictions, a kernel matrix or a pass of Newton's method meets its threads once per
call, at the end of its loop; on cores that other processes hold, that meeting waits for a
thread the system has put aside, a wait that can be many times a small call's work. Each such loop keeps a ThreadChoice
across calls: its calls run on one thread or on n_jobs as the faster measured so far, the other
way tried within a budget of 1% of the loop's time. SMO's runs keep one of their own per run
(fast/_smo_solver.pyx) and start from ``run_rule()``. The thread count never changes an
answer; the tests force each way (``forced``) to see that, and replay the rule on a scripted
clock (``replay``).
"""
import contextlib
import os

import numpy as np

from libc.stdint cimport int64_t

from cs229.fast._parallel cimport (ALL_THREADS, ALTERNATE, MEASURED, ONE_THREAD, ThreadChoice,
                                   account_threads, account_threads_at, choice_init,
                                   choose_threads, choose_threads_at)

from cs229.fast._validation import cores_of

RULES = {"measured": MEASURED, "one": ONE_THREAD, "all": ALL_THREADS, "alternate": ALTERNATE}

cdef ThreadRule _rule = MEASURED
cdef ThreadChoice _choices[LOOPS]


def _reset(name):
    """Every loop's choice starts again under the rule ``name`` (a key of RULES), which new runs
    of SMO take too; the name of the rule before."""
    global _rule
    cdef int code = RULES[name]
    cdef int k
    before = [key for key, value in RULES.items() if value == _rule][0]
    _rule = <ThreadRule> code
    for k in range(LOOPS):
        choice_init(&_choices[k], _rule, False)
    return before


_reset("measured")


@contextlib.contextmanager
def forced(name):
    """Within the block, every loop and every new run of SMO chooses its threads by the rule
    ``name`` ("one", "all", "alternate" or "measured"); after it, as before, measured afresh."""
    before = _reset(name)
    try:
        yield
    finally:
        _reset(before)


cdef Py_ssize_t loop_threads(Loop loop, Py_ssize_t possible) noexcept:
    """The threads of the loop ``loop``'s next call, whose rows allow ``possible`` threads;
    timed until loop_done."""
    return choose_threads(&_choices[<int> loop], possible)


cdef void loop_done(Loop loop, Py_ssize_t rows) noexcept:
    """The call of ``loop`` begun by loop_threads has computed ``rows`` rows."""
    if rows > 0:
        account_threads(&_choices[<int> loop], rows)


cdef ThreadRule run_rule() noexcept:
    return _rule


cdef dict choice_report(const ThreadChoice* c):
    """What a choice did: the regions timed on one thread and on several, the trials, what they
    cost beyond the other way (ms, with a busy start's debt) and the time in the regions (s)."""
    return {"one": c.regions[0], "several": c.regions[1], "trials": c.trials,
            "lost_ms": c.lost / 1e6, "seconds": c.total / 1e9}


def report(loop):
    """choice_report of the loop numbered ``loop`` (a Loop of fast/_threads.pxd) over its calls
    so far (the bench prints it)."""
    if not 0 <= loop < LOOPS:
        raise ValueError(f"loop must be one of 0..{LOOPS - 1}, got {loop!r}")
    return choice_report(&_choices[<int> loop])


LOOP_NUMBERS = {"tree_predict": TREE_PREDICT, "bernoulli_joint": BERNOULLI_JOINT,
                "categorical_joint": CATEGORICAL_JOINT, "multinomial_joint": MULTINOMIAL_JOINT,
                "quadratic_forms": QUADRATIC_FORMS, "kernel_map": KERNEL_MAP,
                "newton_pass": NEWTON_PASS}


def cores_taken(cores):
    """Whether ``cores`` threads of this process would share the cores it may run on with the
    threads of other processes running now (Linux: /proc/loadavg counts the runnable threads,
    /proc/self/task those of this process); False where that cannot be read."""
    try:
        with open("/proc/loadavg") as f:
            running = int(f.read().split()[3].split("/")[0])
        own = 0
        for task in os.listdir("/proc/self/task"):
            with open(f"/proc/self/task/{task}/stat") as f:
                own += f.read().rsplit(")", 1)[1].split()[0] == "R"
    except (OSError, ValueError, IndexError):
        return False
    available = cores_of(-1)
    return max(running - own, 0) + min(cores, available) > available


def replay(const int64_t[::1] entries, const int64_t[::1] one, const int64_t[::1] several,
            rule="measured", bint busy=False):
    """The threads a ThreadChoice takes over scripted regions, for the tests: region k has
    entries[k] entries and takes one[k] ns on one thread and several[k] ns on several; the clock
    advances by the time of the way taken; ``busy``: as at the start of a run on busy cores.
    The counts, 1 or 2."""
    cdef ThreadChoice c
    cdef long long now = 0
    cdef Py_ssize_t k, n = entries.shape[0]
    cdef int code = RULES[rule]
    out = np.empty(n, dtype=np.int64)
    cdef int64_t[::1] taken = out
    if one.shape[0] != n or several.shape[0] != n:
        raise ValueError("entries, one and several must have one entry per region")
    choice_init(&c, <ThreadRule> code, busy)
    with nogil:
        for k in range(n):
            taken[k] = choose_threads_at(&c, 2, now)
            now += several[k] if taken[k] > 1 else one[k]
            account_threads_at(&c, entries[k], now)
    return out
