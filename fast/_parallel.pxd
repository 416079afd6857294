# Loops over independent rows split among threads (cython.parallel.prange; the modules that
# cimport this file are compiled with OpenMP, see setup.py), computed as the serial loop computes
# every row, so that the answers do not depend on n_jobs, bit for bit. The users cimport prange
# and import _validation.cores_of themselves: a declaration module passes on neither a cimport
# nor a Python name.
#
# Other processes may hold the cores. A loop that meets its threads once (a batch of
# predictions, a kernel matrix, a pass of Newton's method) splits its rows into CHUNKS_PER_THREAD chunks per thread, handed
# out as threads come free (schedule="dynamic"): a thread the system puts aside holds up one chunk,
# not its share of the rows. A solver whose threads meet at every step (SMO) cannot wait for such
# a thread thousands of times: it times its steps on one thread and on several as it goes and
# keeps the faster way (ThreadChoice below).

from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

cdef enum:
    MIN_CHUNK = 2048         # fewer rows than this are not worth waking a thread for
    CHUNKS_PER_THREAD = 4    # (schedule="dynamic") a thread put aside holds up 1/4 of its share


cdef inline Py_ssize_t thread_count(Py_ssize_t cores, Py_ssize_t rows) noexcept nogil:
    """The threads to split ``rows`` rows among: ``cores`` (what ``_validation.cores_of`` made of
    the caller's n_jobs, checked first, as the reference does), at most one per MIN_CHUNK rows."""
    return max(min(cores, rows // MIN_CHUNK), 1)


cdef inline Py_ssize_t rows_per_chunk(Py_ssize_t rows, Py_ssize_t threads) noexcept nogil:
    """Rows per chunk: ⌈rows / threads⌉ (chunk c is rows [c·chunk, min((c + 1)·chunk, rows)))."""
    return (rows + threads - 1) // threads


cdef inline Py_ssize_t chunk_count(Py_ssize_t rows, Py_ssize_t threads) noexcept nogil:
    """The chunks that ``threads`` threads take as they come free (schedule="dynamic"): one when
    the loop is serial, else CHUNKS_PER_THREAD per thread (at most one per row)."""
    if threads <= 1:
        return 1
    return max(min(threads * CHUNKS_PER_THREAD, rows), 1)


cdef inline Py_ssize_t chunk_rows(Py_ssize_t rows, Py_ssize_t threads) noexcept nogil:
    """The rows of a chunk of prange(rows, schedule="dynamic", chunksize=...)."""
    return max(rows_per_chunk(rows, chunk_count(rows, threads)), 1)


# ---- one thread or several, measured (a solver's steps) -----------------------------------------
#
# A step's passes run on one thread or on several; the iterates are the same either way (the
# chunks' winners are compared in order), only the time differs. On idle cores the threads win
# from a few thousand entries on; on cores that other processes hold, every pass waits for a thread
# the system has put aside, and one thread wins by far. So the solver times its passes: the
# regions of the way it runs now in windows of WINDOW_NS; at the end of a window, the other way is
# put on trial for one window when it was faster in its last window, or when the trials so far
# cost less than BUDGET_PER_MILLE of the time spent in the regions timed (so at once if none
# yet); a trial costing twice the
# other way's time (plus TRIAL_SLACK_NS, a thread's wake-up) stops at once. The faster of the two
# in a window is kept. A trial on busy cores costs about one pass that waits and the spinning of
# the idle threads after it; with the budget, the trials add at most 1% to the time of the regions. A run that starts while other processes are
# running owes BUSY_DEBT_NS, the cost of one such pass, before its first trial: a short run on busy
# cores never waits for a thread. The same rule chooses the threads of a loop that runs once per
# call (a batch of predictions), over its calls (fast/_threads.pyx). The measured values:
# bench/run.py --busy (bench/smo.py, bench/parallel.py).

cdef enum ThreadRule:
    MEASURED = 0     # the faster way, measured as the run goes
    ONE_THREAD = 1   # always one thread
    ALL_THREADS = 2  # always every thread the region's size allows
    ALTERNATE = 3    # one thread and every thread by turns, region by region (to test the switch)


cdef enum:
    WINDOW_NS = 2000000         # 2 ms of a way's regions, then the comparison
    TRIAL_SLACK_NS = 200000     # what waking a sleeping thread may cost a trial, 0.2 ms
    BUDGET_PER_MILLE = 10       # trials cost at most 1% of the regions' time
    BUSY_DEBT_NS = 20000000     # a pass on two threads waited 18 ms on 2 cores at a load of 8
    AFTER_TRIAL_NS = 40000000   # a lost trial of several threads, beyond its time (see _back)


cdef struct ThreadChoice:
    ThreadRule rule
    bint threaded           # the way now: several threads (True) or one
    bint trial              # the way now is on trial against the other
    bint timing             # the region under way is timed, from ``began``
    long long began
    long long total         # ns in the regions timed so far
    long long spent         # the window under way: ns and entries
    long long work
    double rate[2]          # ns per entry of each way's last window (index: threaded); 0: none
    long long lost          # ns the trials cost beyond the way they were tried against
    long long regions[2]    # the regions timed on each way, and the trials (for reports)
    long long trials


cdef inline long long clock_ns() noexcept nogil:
    cdef timespec t
    clock_gettime(CLOCK_MONOTONIC, &t)
    return <long long> t.tv_sec * 1000000000 + t.tv_nsec


cdef inline void choice_init(ThreadChoice* c, ThreadRule rule, bint busy) noexcept nogil:
    """A run's choice under ``rule``, on one thread first; ``busy``: other processes are running
    (the first trial waits until the run is long enough to afford BUSY_DEBT_NS)."""
    c.rule = rule
    c.threaded = c.trial = c.timing = False
    c.began = c.total = c.spent = c.work = 0
    c.lost = BUSY_DEBT_NS if busy else 0
    c.regions[0] = c.regions[1] = c.trials = 0
    c.rate[0] = c.rate[1] = 0.0


cdef inline Py_ssize_t choose_threads_at(ThreadChoice* c, Py_ssize_t possible,
                                         long long now) noexcept nogil:
    """choose_threads with the clock read as ``now`` (ns)."""
    c.timing = False
    if possible <= 1 or c.rule == ONE_THREAD:
        return 1
    if c.rule == ALL_THREADS:
        return possible
    if c.rule == ALTERNATE:
        c.threaded = not c.threaded
        return possible if c.threaded else 1
    c.timing = True
    c.began = now
    return possible if c.threaded else 1


cdef inline void _close_window(ThreadChoice* c, int way) noexcept nogil:
    """The window of ``way`` ends: its rate, and what it cost beyond the other way if a trial
    (a trial that gains banks nothing: one slow window of the other way would make it look
    like a large gain)."""
    cdef long long excess
    c.rate[way] = <double> c.spent / <double> c.work
    if c.trial and c.rate[1 - way] > 0:
        excess = c.spent - <long long> (c.rate[1 - way] * c.work)
        if excess > 0:
            c.lost += excess
    c.spent = c.work = 0


cdef inline void _back(ThreadChoice* c, int way) noexcept nogil:
    """A trial of ``way`` lost: back to the other way. A lost trial of several threads costs
    more than its regions' time: GNU OpenMP's threads spin while they wait for each other and
    after the last region (8.6 ms of CPU after one region), CPU that the run's own thread and
    the other work on the cores do not get. Measured beside 2 spinning processes at m = 20,000:
    10 trials cost 0.46 s of CPU beyond the serial run (AFTER_TRIAL_NS: 40 ms each)."""
    c.trial = False
    c.threaded = 1 - way
    if way == 1:
        c.lost += AFTER_TRIAL_NS


cdef inline void account_threads_at(ThreadChoice* c, Py_ssize_t entries,
                                    long long now) noexcept nogil:
    """account_threads with the clock read as ``now`` (ns): ends a trial that costs too much,
    and at the end of a window keeps the faster way or puts the other on trial (see above)."""
    cdef int way = c.threaded, other = 1 - c.threaded
    if not c.timing:
        return
    c.timing = False
    c.spent += now - c.began
    c.total += now - c.began
    c.work += entries
    c.regions[way] += 1
    if c.trial and c.rate[other] > 0 and c.spent > 2 * c.rate[other] * c.work + TRIAL_SLACK_NS:
        _close_window(c, way)          # a trial twice as slow: back at once
        _back(c, way)
        return
    if c.spent < WINDOW_NS:
        return
    _close_window(c, way)
    if c.trial:
        if c.rate[way] < c.rate[other]:
            c.trial = False
        else:
            _back(c, way)
    elif c.lost * 1000 <= BUDGET_PER_MILLE * c.total or 0 < c.rate[other] < c.rate[way]:
        c.trial = True
        c.threaded = other
        c.trials += 1


cdef inline Py_ssize_t choose_threads(ThreadChoice* c, Py_ssize_t possible) noexcept nogil:
    """The threads of the next region, whose size allows ``possible`` threads: 1 when that is 1,
    else as the rule says. Under MEASURED the region is timed: close it with account_threads."""
    if possible <= 1 or c.rule != MEASURED:
        return choose_threads_at(c, possible, 0)
    return choose_threads_at(c, possible, clock_ns())


cdef inline void account_threads(ThreadChoice* c, Py_ssize_t entries) noexcept nogil:
    """Counts the region chosen last, over ``entries`` entries (> 0), in the window of its way
    (see account_threads_at)."""
    if c.timing:
        account_threads_at(c, entries, clock_ns())
