"""Parallel code on cores that other processes hold (fast/_parallel.pxd).

SMO's threads meet at every pass (SMO-3, SMO-4), so a run measures one thread against several as
it goes and keeps the faster (ThreadChoice). Here: that rule on a scripted clock (idle cores,
busy cores, load that comes and goes), the same iterates whichever way each pass takes (forced
one way, the other, and both by turns), the estimators' ``n_jobs`` with scikit-learn's meaning,
and the bench's ``--busy N`` (its option and its spinning processes; nothing here is timed)."""
import pathlib

import numpy as np
import pytest
from joblib import parallel_config

import cs229.fast._threads as TH
import cs229.fast.smo as FS
import cs229.reference.kernels as RK
from cs229 import estimators
from cs229.estimators import _base
from cs229.reference.inputs import n_jobs as all_cores

BENCH = pathlib.Path(__file__).resolve().parent.parent / "bench"

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


# ---- the same iterates whichever way the passes take ---------------------------------------------

def same_bits(a, b):
    a, b = np.asarray(a), np.asarray(b)
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


@pytest.mark.parametrize("m, kernel, shrinking", [
    (4_200, RK.Gaussian.from_gamma(0.5), True), (9_000, RK.Linear(), True), (9_000, RK.Linear(), False)],
    ids=["4200-rows", "9000-passes-shrinking", "9000-passes"])
def test_smo_iterates_do_not_depend_on_the_way_the_passes_take_SMO_3_SMO_4(m, kernel, shrinking):
    """Kernel rows (from 4,096 entries) and passes (from 8,192 active examples) on one thread,
    on two, and on one and two by turns (the measured rule is test_parallel's): the pairs, α and
    b of the serial run, bit for bit. 150 steps: every forced pass on two threads waits for a
    thread when the tests keep the cores busy."""
    rng = np.random.default_rng(m)
    y = np.where(rng.random(m) < 0.5, -1.0, 1.0)
    X = rng.integers(0, 4, (m, 3)) + y[:, None] * 0.5   # ties across chunks: the first must win

    def fit(n_jobs):
        try:
            return FS.smo(X, y, C=1.0, kernel=kernel, tol=1e-2, record=True, shrinking=shrinking,
                          max_iterations=150, n_jobs=n_jobs)
        except FS.ConvergenceError as e:
            return e.result
    serial = fit(1)
    for rule in ("one", "all", "alternate"):
        with TH.forced(rule):
            run = fit(2)
        assert run.path == serial.path, rule
        assert same_bits(run.alpha, serial.alpha) and run.b == serial.b, rule


# ---- the estimators' n_jobs: scikit-learn's meaning ----------------------------------------------

def test_n_jobs_of_the_estimators_has_scikit_learns_meaning():
    cores = all_cores(-1)
    assert _base.check_n_jobs(None) == 1
    assert _base.check_n_jobs(1) == 1 and _base.check_n_jobs(np.int64(3)) == 3
    assert _base.check_n_jobs(-1) == cores
    assert _base.check_n_jobs(-2) == max(cores - 1, 1)
    assert _base.check_n_jobs(-10 ** 6) == 1
    with parallel_config(n_jobs=3):
        assert _base.check_n_jobs(None) == 3
    with pytest.raises(ValueError, match=r"^n_jobs == 0 has no meaning"):
        _base.check_n_jobs(0)
    for bad in (1.5, "2", [2]):
        with pytest.raises(TypeError, match=r"n_jobs must be an instance of int"):
            _base.check_n_jobs(bad)


def _classifiers():
    return [estimators.DecisionTreeClassifier, estimators.GaussianDiscriminantAnalysis,
            estimators.BernoulliNB, estimators.MultinomialNB]


@pytest.mark.parametrize("make", _classifiers(), ids=lambda c: c.__name__)
def test_estimators_answer_the_same_for_every_n_jobs_and_refuse_a_bad_one(make):
    rng = np.random.default_rng(0)
    X = rng.poisson(1.0, (9_000, 6)).astype(float)      # 9,000 rows: threads engage
    y = (X[:, 0] + rng.random(9_000) > 1.5).astype(int)
    answers = []
    for n_jobs in (None, 1, 2, -1):
        model = make(n_jobs=n_jobs).fit(X, y)
        answers.append([model.predict(X)] + ([model.predict_proba(X)] if hasattr(model, "predict_proba") else []))
    for other in answers[1:]:
        assert all(same_bits(a, b) for a, b in zip(other, answers[0]))
    with pytest.raises(ValueError, match="n_jobs == 0"):
        make(n_jobs=0).fit(X, y)
    fitted = make().fit(X, y)
    fitted.set_params(n_jobs=2.5)
    with pytest.raises(TypeError, match="n_jobs"):
        fitted.predict(X)


def test_svc_takes_n_jobs():
    rng = np.random.default_rng(1)
    X = rng.standard_normal((300, 2))
    y = np.where(X[:, 0] > 0, 1, 0)
    fits = [estimators.SVC(kernel="linear", n_jobs=n_jobs).fit(X, y) for n_jobs in (None, -1)]
    assert same_bits(fits[0].alpha_, fits[1].alpha_)
    with pytest.raises(ValueError, match="n_jobs == 0"):
        estimators.SVC(n_jobs=0).fit(X, y)


# ---- the bench's --busy N (option parsing and the spinning processes; nothing timed) -------------

@pytest.fixture
def bench(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    import harness
    import run
    return run, harness


def test_bench_reads_busy_as_a_count_of_processes(bench):
    run, _ = bench
    assert run.parse_args([]).busy == 0
    assert run.parse_args(["--busy", "2"]).busy == 2
    for bad in ("-1", "two", "1.5"):
        with pytest.raises(SystemExit):
            run.parse_args(["--busy", bad])


def test_busy_processes_spin_during_the_block_and_are_gone_after_it(bench):
    _, harness = bench
    with harness.busy(2) as spinners:
        assert len(spinners) == 2 and all(p.is_alive() for p in spinners)
    assert all(not p.is_alive() and p.exitcode is not None for p in spinners)
    with pytest.raises(KeyError):                        # however the block ends
        with harness.busy(1) as spinners:
            raise KeyError("row failed")
    assert not spinners[0].is_alive()
    with harness.busy(0) as spinners:
        assert spinners == []
    with pytest.raises(ValueError, match="must be >= 0"):
        with harness.busy(-1):
            pass


def test_bench_rows_carry_their_mode_load_and_verdict(bench):
    run, harness = bench
    r = run.run_row(lambda small: harness.row("x", 1.0, "peer", 2.0, 0.4), True, 1)
    assert r["mode"] == "busy 1" and r["ratio"] == 0.5 and run.verdict(r) == "MISSED"
    assert r["load"] is None or r["load"] >= 0
    quiet = run.run_row(lambda small: harness.row("x", 1.0, "peer", 2.0, 0.5), True, 0)
    assert quiet["mode"] == "quiet" and run.verdict(quiet) == "met"
    assert run.verdict(harness.row("x", 1.0, "peer", 2.0)) == ""
