"""Predictions over independent rows split among cores (``n_jobs``): the fast face against the
reference on the same input: the same iterates where the order of operations is the same, the same
answer to rounding otherwise, the same verdicts. Whether the threads are measured faster
(cs229.fast._threads) or forced, the fast face gives the serial answers bit for bit."""
import inspect
import os
import signal

import numpy as np
import pytest
from hypothesis import given, strategies as st

import cs229.fast._glm_core as core
import cs229.fast._threads as TH
import cs229.fast.generative as FG
import cs229.fast.glm as FGLM
import cs229.fast.kernels as FK
import cs229.fast.logistic_regression as FL
import cs229.fast.naive_bayes as FN
import cs229.fast.smo as FS
import cs229.fast.trees as FT
import cs229.reference.generative as RG
import cs229.reference.glm as RGLM
import cs229.reference.kernels as RK
import cs229.reference.logistic_regression as RL
import cs229.reference.naive_bayes as RN
import cs229.reference.smo as RS
import cs229.reference.trees as RT
from cs229.reference.parameters import n_jobs as check_n_jobs
from cs229.reference.results import ConvergenceError


# 1 is serial; 2 and 3 split the rows among 2 and 3 threads once there are enough of them (3 is
# more threads than this machine may have cores); -1 and None ask for every core.
N_JOBS = [2, 3, -1, None]
# A thread takes at least 2,048 rows (MIN_CHUNK in fast/_parallel.pxd), in 4 chunks: sizes up to
# 9,000 rows give one to four threads and up to 16 chunks.
ROWS = st.integers(1, 9_000)
# How the loops choose their threads: forced onto every thread the rows allow, and as measured.
RULES = ["all", "measured"]
SEEDS = st.integers(0, 2 ** 32 - 1)


def same_bits(a, b):
    a, b = np.asarray(a), np.asarray(b)
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


def assert_same_for_every_n_jobs(f, *args):
    serial = f(*args, n_jobs=1)
    for rule in RULES:
        with TH.forced(rule):
            for n_jobs in N_JOBS:
                assert same_bits(f(*args, n_jobs=n_jobs), serial), f"{f.__name__} with n_jobs={n_jobs}, {rule}"


# ---- the same answers ---------------------------------------------------------------------------

@given(SEEDS, ROWS, st.sampled_from([False, True, [True, False, False, True]]))
def test_tree_predictions_do_not_depend_on_n_jobs_DT_1(seed, n, discrete):
    rng = np.random.default_rng(seed)
    X = rng.integers(0, 5, (300, 4)) + np.where(discrete, 0.0, rng.standard_normal((300, 4)) / 4)
    y = rng.integers(0, 3, 300) * 7 - 5
    tree = FT.tree_fit(X, y, discrete=discrete)
    Q = X[rng.integers(0, 300, n)]  # values the Branches have children for
    assert_same_for_every_n_jobs(FT.predict, tree, Q)


@given(SEEDS, ROWS, st.sampled_from([0, 1]))
def test_bernoulli_naive_bayes_does_not_depend_on_n_jobs_NB_2(seed, n, alpha):
    rng = np.random.default_rng(seed)
    model = FN.bernoulli_fit((rng.random((200, 30)) < 0.3).astype(np.uint8), rng.integers(0, 2, 200), alpha)
    Q = (rng.random((n, 30)) < 0.3).astype(np.uint8)
    assert_same_for_every_n_jobs(FN.bernoulli_log_joint, model, Q)
    if alpha:  # without smoothing a row can be 0/0 (see the errors below)
        assert_same_for_every_n_jobs(FN.bernoulli_log_posterior, model, Q)
        assert_same_for_every_n_jobs(FN.bernoulli_predict, model, Q)


@given(SEEDS, ROWS)
def test_categorical_naive_bayes_does_not_depend_on_n_jobs_NB_5(seed, n):
    rng = np.random.default_rng(seed)
    k = [2, 5, 3, 7]
    model = FN.categorical_fit(rng.integers(0, k, (200, 4)), rng.integers(0, 2, 200), k)
    Q = rng.integers(0, k, (n, 4))
    for f in (FN.categorical_log_joint, FN.categorical_log_posterior, FN.categorical_predict):
        assert_same_for_every_n_jobs(f, model, Q)


@given(SEEDS, ROWS, st.booleans())
def test_multinomial_naive_bayes_does_not_depend_on_n_jobs_NB_6(seed, n, ignore):
    rng = np.random.default_rng(seed)
    size = 50

    def documents(m):
        offsets = np.r_[0, np.cumsum(rng.poisson(8, m))].astype(np.int64)
        return RN.Documents(rng.integers(0, size + 3 * ignore, offsets[-1]).astype(np.int32), offsets)
    model = FN.multinomial_fit(documents(100), rng.integers(0, 2, 100), size, ignore_unknown=ignore)
    Q = documents(n)
    for f in (FN.multinomial_log_joint, FN.multinomial_log_posterior, FN.multinomial_predict):
        assert_same_for_every_n_jobs(f, model, Q, ignore)


@given(SEEDS, ROWS)
def test_gda_and_mvn_do_not_depend_on_n_jobs_GDA_2_MVN_1(seed, n):
    rng = np.random.default_rng(seed)
    d = 7
    A = rng.standard_normal((d, d))
    y = rng.integers(0, 2, 300)
    model = FG.gda_fit(rng.standard_normal((300, d)) @ A + y[:, None], y)
    Q = rng.standard_normal((n, d)) @ A * 3
    for f in (FG.gda_log_joint, FG.gda_posterior, FG.gda_predict):
        assert_same_for_every_n_jobs(f, model, Q)
    assert_same_for_every_n_jobs(FG.mvn_log_densities, Q, model.mu0, model.Sigma)


# A thread of a kernel matrix takes at least 65,536 entries (MIN_ENTRIES in fast/_svm_kernels.pyx):
# up to 700 × 700 gives one to seven chunks.
KERNEL_ROWS = st.integers(1, 700)
KERNELS = st.sampled_from([RK.Gaussian(0.7), RK.Gaussian.from_gamma(0.05), RK.Polynomial(1.0, 3),
                           RK.Polynomial(0.0, 2), RK.Linear()])


@given(SEEDS, KERNEL_ROWS, st.one_of(st.none(), KERNEL_ROWS), KERNELS)
def test_kernel_matrices_do_not_depend_on_n_jobs_KR_6(seed, m, n, kernel):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((m, 5)) * 3
    if n is None:
        assert_same_for_every_n_jobs(FK.kernel_matrix, X, kernel)
    else:  # Z's rows overlap X's, so that some distances cancel (the rows redone exactly)
        Z = np.r_[X[: n // 2], rng.standard_normal((n - n // 2, 5))]
        assert_same_for_every_n_jobs(FK.kernel_matrix, X, kernel, Z)


# the runs that take 5 to 30 s of CPU each: .ci/run runs them after the README's command
SLOW_SMO = {(4_200, RK.Gaussian), (9_000, RK.Gaussian), (9_000, RK.Polynomial)}


@pytest.mark.parametrize("shrinking", [True, False])
@pytest.mark.parametrize("m, kernel", [
    pytest.param(m, kernel, id=f"{m}-{kernel!r}", marks=pytest.mark.slow if (m, type(kernel)) in SLOW_SMO else ())
    for m in (4_200, 9_000) for kernel in (RK.Gaussian.from_gamma(0.5), RK.Polynomial(1.0, 2), RK.Linear())])
def test_smo_iterates_do_not_depend_on_n_jobs_SMO_3_SMO_4(m, kernel, shrinking):
    """Threads engage from 4,096 entries of a kernel row (m = 4,200: rows only) and 8,192
    active examples of a pass (STEP_CHUNK in fast/_smo_solver.pyx; m = 9,000: rows and passes too):
    the same pairs, α and b, bit for bit."""
    rng = np.random.default_rng(m)
    y = np.where(rng.random(m) < 0.5, -1.0, 1.0)
    # points on a grid: many coincide, so that g ties across chunks (the first must win)
    X = rng.integers(0, 4, (m, 3)) + y[:, None] * 0.5

    def fit(n_jobs):  # a capped run carries its iterate: compared as well
        try:
            return FS.smo(X, y, C=1.0, kernel=kernel, tol=1e-2, record=True, shrinking=shrinking,
                          max_iterations=600, n_jobs=n_jobs)
        except FS.ConvergenceError as e:
            return e.result
    # two threads only: the threads meet at every step, slow when xdist keeps the cores busy
    fits = {n_jobs: fit(n_jobs) for n_jobs in (1, 2)}
    serial = fits.pop(1)
    for n_jobs, fit in fits.items():
        assert fit.path == serial.path, f"n_jobs={n_jobs}"
        assert same_bits(fit.alpha, serial.alpha) and fit.b == serial.b, f"n_jobs={n_jobs}"


@pytest.mark.parametrize("m, kernel, shrinking", [
    (4_200, RK.Gaussian.from_gamma(0.5), True), (9_000, RK.Linear(), True), (9_000, RK.Linear(), False)],
    ids=["4200-rows", "9000-passes-shrinking", "9000-passes"])
def test_smo_iterates_do_not_depend_on_the_way_the_passes_take_SMO_3_SMO_4(m, kernel, shrinking):
    """Kernel rows (from 4,096 entries) and passes (from 8,192 active examples) on one thread,
    on two, and on one and two by turns (the measured rule is
    assert_same_for_every_n_jobs's): the pairs, α and
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


# A Newton / IRLS pass runs its blocks of 4,096 rows (BLOCK in fast/_summation.pxd) side by side:
# up to 4 blocks, the last one short.
NEWTON_ROWS = st.one_of(st.integers(1, 4096), st.integers(4097, 4 * 4096 + 100))


def _newton_fits(fit):
    """fit(n_jobs) for n_jobs = 1 and every N_JOBS under every rule: the iterates (θ and the
    path) or the error's words, which must all be the serial run's."""
    def outcome(n_jobs):
        try:
            result = fit(n_jobs)
            return result.theta.tobytes(), np.asarray(result.path).tobytes(), result.iterations
        except (ArithmeticError, ValueError) as e:
            return type(e).__name__, str(e)
    serial = outcome(1)
    for rule in ("all", "alternate", "measured"):
        with TH.forced(rule):
            for n_jobs in N_JOBS:
                assert outcome(n_jobs) == serial, f"n_jobs={n_jobs}, {rule}"


@given(SEEDS, NEWTON_ROWS)
def test_logistic_newton_iterates_do_not_depend_on_n_jobs_NW_2(seed, m):
    rng = np.random.default_rng(seed)
    X = np.c_[np.ones(m), rng.standard_normal((m, 3))]
    y = (X[:, 1] - X[:, 2] + 2 * rng.standard_normal(m) > 0).astype(float)
    _newton_fits(lambda n_jobs: FL.newton(X, y, record=True, n_jobs=n_jobs))


@given(SEEDS, NEWTON_ROWS, st.booleans())
def test_glm_newton_iterates_do_not_depend_on_n_jobs_GLM_4_X_2_X_5(seed, m, extensions):
    """Poisson IRLS from the data's start, with an offset and sample weights or without."""
    rng = np.random.default_rng(seed)
    X = np.c_[np.ones(m), rng.standard_normal((m, 3)) / 2]
    y = rng.poisson(np.exp(X[:, 1] + 0.5)).astype(float)
    more = ({"offset": rng.standard_normal(m) / 4, "sample_weight": rng.integers(0, 3, m).astype(float)}
            if extensions else {})
    _newton_fits(lambda n_jobs: FGLM.poisson_regression(X, y, record=True, n_jobs=n_jobs, **more))


@pytest.mark.parametrize("threads", [2, 3])
def test_a_pass_that_fails_in_later_blocks_reports_the_first_failing_row_GLM_4(threads):
    """μ = e^η overflows in the third and the fourth block: on threads as serially, the status
    is that of the first failing row (in the third block), and ℓ is reported as failing."""
    m = 4 * 4096
    X = np.c_[np.ones(m), np.zeros(m)]
    X[2 * 4096 + 5, 1] = X[3 * 4096 + 1, 1] = 1e3
    y = np.ones(m)
    weight = np.ones(m)

    def chunk(t):
        out = core.newton_chunk(X, y, np.array([0.0, 1.0]), core.POISSON, 0.0, False, True,
                                np.zeros(core.newton_size(2)), None, weight, t)
        return out[1:]
    serial = chunk(1)
    assert serial[1] != 0 and serial[2] == 2 * 4096 + 5
    assert chunk(threads) == serial


@pytest.mark.parametrize("threads", [2, 3])
@pytest.mark.parametrize("kept", [False, True])
def test_a_newton_pass_on_threads_has_the_serial_pass_s_partials_X_7(threads, kept):
    """``newton_chunk`` with its blocks side by side: each block's partials (the distributed
    map's output) and their total in block order, bit for bit, ℓ and the statuses too."""
    rng = np.random.default_rng(3)
    m, n = 5 * 4096 + 7, 6
    X = rng.standard_normal((m, n))
    y = (rng.random(m) < 0.5).astype(float)
    theta = rng.standard_normal(n) / 4

    def chunk(t):
        total = None if kept else np.zeros(core.newton_size(n))
        out = core.newton_chunk(X, y, theta, core.BERNOULLI, 0.0, True, True, total, None, None, t)
        return out[0].tobytes(), out[1:]
    assert chunk(threads) == chunk(1)


@pytest.mark.parametrize("threads", [2, 3])
@pytest.mark.parametrize("kept", [False, True])
def test_an_irls_start_on_threads_has_the_serial_start_s_partials_GLM_4_X_7(threads, kept):
    """``start_chunk`` with its blocks side by side: each block's partials of XᵀW₀X and XᵀW₀z₀
    and their total in block order, bit for bit, with an offset and sample weights."""
    rng = np.random.default_rng(4)
    m, n = 5 * 4096 + 7, 6
    X = rng.standard_normal((m, n))
    y = rng.poisson(1.5, m).astype(float)
    offset, weight = rng.standard_normal(m) / 4, rng.integers(0, 3, m).astype(float)

    def chunk(t):
        total = None if kept else np.zeros(core.start_size(n))
        return core.start_chunk(X, y, 1.5, core.POISSON, 0.0, total, offset, weight, t).tobytes()
    assert chunk(threads) == chunk(1)


@pytest.mark.parametrize("kernel", [RK.Gaussian(3.0), RK.Linear(), RK.Polynomial(1.0, 2)],
                         ids=["gaussian", "linear", "polynomial"])
def test_kernel_perceptron_updates_do_not_depend_on_n_jobs_KR_9(kernel):
    """Columns of 3,000 points, their tiles on threads under every rule: the serial run's
    updates, α and b bit for bit (a run forked after the threads started is in the fork tests)."""
    rng = np.random.default_rng(6)
    X = rng.standard_normal((3000, 5))
    y = np.where(X[:, 0] + 0.5 * X[:, 1] ** 2 > 0.5, 1.0, -1.0)

    def outcome(n_jobs):
        try:
            result = FK.kernel_perceptron(X, y, kernel, 3, n_jobs=n_jobs)
        except ConvergenceError as e:
            result = e.result
        return result.theta.tobytes(), result.b, tuple(result.extra["updates"])
    serial = outcome(1)
    assert len(serial[2]) > 100
    for rule in ("all", "alternate", "measured"):
        with TH.forced(rule):
            for n_jobs in N_JOBS:
                assert outcome(n_jobs) == serial, f"n_jobs={n_jobs}, {rule}"


# ---- fork ---------------------------------------------------------------------------------------

def _exit_status_of_forked_child(work, seconds):
    """work() in a child forked from this process: 0 if it returned True, 1 if False, 2 if it
    raised, −SIGALRM if it was still running after ``seconds``."""
    pid = os.fork()
    if pid == 0:  # the child leaves through os._exit only: never back into pytest
        try:
            signal.signal(signal.SIGALRM, signal.SIG_DFL)
            signal.alarm(seconds)
            os._exit(0 if work() else 1)
        except BaseException:
            os._exit(2)
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this platform")
def _perceptron_alpha(X, y):
    try:
        return FK.kernel_perceptron(X, y, RK.Gaussian(1.0), 2, n_jobs=2).theta
    except ConvergenceError as e:
        return e.result.theta


def test_a_process_forked_after_threads_started_gets_the_same_answers_DT_1_NB_2_GDA_2_KR_6_KR_9_SMO_3_NW_2():
    """GNU OpenMP's thread pool does not survive fork: a child forked after the parent's
    threads started would wait forever at its first parallel loop. The child computes serially
    (fast/_validation.pyx: cores_of) and gets the parent's answers bit for bit."""
    rng = np.random.default_rng(7)
    m = 3 * 2048  # rows enough for two threads (two blocks of a Newton pass)
    X = rng.standard_normal((m, 3))
    y = (X[:, 0] + rng.standard_normal(m) > 0).astype(np.int64)
    tree = FT.tree_fit(np.round(X[:300]), y[:300])
    bernoulli = FN.bernoulli_fit((X[:300] > 0).astype(np.uint8), y[:300])
    gda = FG.gda_fit(X[:300], y[:300])
    Z = np.round(X[:4200, :1] * 2) / 2  # kernel rows of 4,200 entries: two threads
    calls = [
        lambda: FT.predict(tree, np.round(X), n_jobs=2),
        lambda: FN.bernoulli_log_joint(bernoulli, (X > 0).astype(np.uint8), n_jobs=2),
        lambda: FG.gda_log_joint(gda, X, n_jobs=2),
        lambda: FK.kernel_matrix(X[:600], RK.Gaussian(1.0), n_jobs=2),
        lambda: FS.smo(Z, np.where(Z[:, 0] > 0, 1, -1), C=1.0, kernel=RK.Linear(), n_jobs=2).alpha,
        lambda: FL.newton(np.c_[np.ones(m), X[:, :2]], (y + (X[:, 2] > 1)) % 2, n_jobs=2).theta,
        lambda: _perceptron_alpha(X[:2500], np.where(X[:2500, 0] * X[:2500, 1] > 0, 1.0, -1.0)),
    ]
    with TH.forced("all"):   # the parent's threads start here, whatever the measured choice
        parent = [call() for call in calls]
    assert _exit_status_of_forked_child(
        lambda: all(same_bits(call(), answer) for call, answer in zip(calls, parent)), 120) == 0


# ---- n_jobs itself ----------------------------------------------------------------------------------

def test_n_jobs_is_keyword_only_and_all_cores_by_default():
    for module in (FT, FN, FG, FK, FS, FL, FGLM, RT, RN, RG, RK, RS, RL, RGLM):
        for name in module.__all__:
            f = getattr(module, name)
            if callable(f) and not inspect.isclass(f) and "n_jobs" in inspect.signature(f).parameters:
                parameter = inspect.signature(f).parameters["n_jobs"]
                # SMO's threads meet at every step, the kernel perceptron's at every new column:
                # serial unless asked (their fast docstrings)
                default = 1 if module in (FS, RS) or name == "kernel_perceptron" else -1
                assert parameter.kind is inspect.Parameter.KEYWORD_ONLY and parameter.default == default
    assert check_n_jobs(-1) == check_n_jobs(None) >= 1
    assert check_n_jobs(3) == 3
