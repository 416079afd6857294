"""SMO's threads meet at every pass (SMO-3, SMO-4), and on cores that other processes hold every
meeting waits for a thread the system has put aside; so a run measures one thread against several
as it goes and keeps the faster (ThreadChoice, fast/_parallel.pxd). Here that rule on a scripted
clock (cs229.fast._threads.replay): idle cores, busy cores, load that comes and goes, and the
forced rules the tests use."""
import numpy as np

import cs229.fast._threads as TH


# ---- the measured choice on a scripted clock ------------------------------------------------------

US, MS, S = 1_000, 1_000_000, 1_000_000_000     # nanoseconds
ENTRIES = 10_000                                # a pass over 10,000 examples
BUDGET = 0.01     # BUDGET_PER_MILLE: the trials' share of a run
WINDOW = 2 * MS   # WINDOW_NS: a way's time before a comparison


def replay(one, several, rule="measured", busy=False):
    """The threads taken region by region, and the time the run took, when region k takes one[k]
    ns on one thread and several[k] on two (``busy``: other processes run as the run starts)."""
    one, several = np.asarray(one, dtype=np.int64), np.asarray(several, dtype=np.int64)
    taken = TH.replay(np.full(one.shape[0], ENTRIES, dtype=np.int64), one, several, rule, busy)
    return taken, int(np.where(taken > 1, several, one).sum())


def regions(seconds, per_region):
    return int(seconds * S // per_region)


def test_on_idle_cores_the_threads_are_kept_SMO_3():
    """Two threads at 6 µs a pass against 10 µs on one: after the first window every pass but
    the budgeted trials of one thread runs on two, and the run takes at most the budget more than
    all on two threads would (and the first window and a trial's)."""
    n = regions(2, 6 * US)
    taken, total = replay(np.full(n, 10 * US), np.full(n, 6 * US))
    assert (taken[1000:] == 2).mean() > 0.97
    assert total <= (1 + BUDGET) * n * 6 * US + 2 * WINDOW


def test_on_busy_cores_one_thread_is_kept_and_the_trials_stay_within_budget_SMO_3():
    """Every pass on two threads waits 3 ms for a thread the system has put aside: the first
    trial of two threads stops after its first pass, and the trials cost at most the budget
    (and one such pass more)."""
    n = regions(30, 10 * US)
    taken, total = replay(np.full(n, 10 * US), np.full(n, 3 * MS))
    first = int(np.argmax(taken == 2))
    assert taken[first + 1] == 1                       # stopped after one pass
    assert total <= (1 + BUDGET) * n * 10 * US + 3 * MS
    assert (taken == 2).sum() > 5                      # and tried again now and then


def test_a_trial_twice_as_slow_stops_at_its_first_pass_SMO_3():
    """Two threads at 0.5 ms a pass against 10 µs on one (more than twice, and the slack of a
    wake-up): each trial takes one pass, not the window of four."""
    n = regions(20, 10 * US)
    taken, _ = replay(np.full(n, 10 * US), np.full(n, 500 * US))
    trials = np.flatnonzero(taken == 2)
    assert len(trials) > 1 and not np.any(taken[trials + 1] == 2)


def test_a_run_that_starts_on_busy_cores_tries_threads_once_it_can_afford_a_slow_pass_SMO_3():
    """Other processes running at the start: the first trial of two threads waits until the
    budget covers one pass that waits (BUSY_DEBT_NS, 20 ms: 2 s of run); otherwise it comes after
    the first window."""
    n = regions(3, 10 * US)
    one, several = np.full(n, 10 * US), np.full(n, 3 * MS)
    busy = replay(one, several, busy=True)[0]
    assert 1.9 * S <= np.argmax(busy == 2) * 10 * US <= 2.1 * S
    assert np.argmax(replay(one, several)[0] == 2) * 10 * US == WINDOW


def test_load_that_arrives_costs_one_pass_and_load_that_leaves_is_seen_SMO_3():
    """Idle for 1 s, busy for 4 s, idle again for 10 s: one slow pass when the load arrives,
    the trials within budget while it stays, and two threads again within 5 s of its leaving
    (the budget pays for a lost trial of two threads, 40 ms and a slow pass, in 4.3 s)."""
    one = 10 * US
    idle, busy = regions(1, 6 * US), regions(4, one)
    after = regions(10, 6 * US)
    several = np.r_[np.full(idle, 6 * US), np.full(busy, 3 * MS), np.full(after, 6 * US)]
    taken, _ = replay(np.full(several.shape[0], one), several)
    during = taken[idle:idle + busy]
    assert taken[idle - 1] == 2 and during[1] == 1     # one slow pass, then one thread
    spent_busy = int(np.where(during > 1, 3 * MS, one).sum())
    assert spent_busy <= (1 + BUDGET) * busy * one + 2 * 3 * MS
    back = taken[idle + busy:]
    first = int(np.argmax(back == 2))
    assert first * 6 * US < 5 * S and (back[first:] == 2).mean() > 0.97


def test_the_forced_rules_take_one_way_or_both_by_turns():
    n = 100
    one, several = np.full(n, 10 * US), np.full(n, 6 * US)
    assert (replay(one, several, "one")[0] == 1).all()
    assert (replay(one, several, "all")[0] == 2).all()
    assert list(replay(one, several, "alternate")[0][:4]) == [2, 1, 2, 1]
