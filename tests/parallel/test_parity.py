"""Predictions over independent rows split among cores (``n_jobs``): the fast face against the
reference on the same input: the same iterates where the order of operations is the same, the same
answer to rounding otherwise, the same verdicts."""
import inspect
import os
import signal

import numpy as np
import pytest
from hypothesis import given, strategies as st

import cs229.fast.generative as FG
import cs229.fast.kernels as FK
import cs229.fast.naive_bayes as FN
import cs229.fast.smo as FS
import cs229.fast.trees as FT
import cs229.reference.generative as RG
import cs229.reference.kernels as RK
import cs229.reference.naive_bayes as RN
import cs229.reference.smo as RS
import cs229.reference.trees as RT
from cs229.reference.parameters import n_jobs as check_n_jobs


# 1 is serial; 2 and 3 split the rows into 2 and 3 chunks once there are enough of them (3 is
# more threads than this machine may have cores); -1 and None ask for every core.
N_JOBS = [2, 3, -1, None]
# A thread takes at least 2,048 rows (MIN_CHUNK in fast/_parallel.pxd): sizes up to 9,000 rows
# give one, two, three and four chunks.
ROWS = st.integers(1, 9_000)
SEEDS = st.integers(0, 2 ** 32 - 1)


def same_bits(a, b):
    a, b = np.asarray(a), np.asarray(b)
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


def assert_same_for_every_n_jobs(f, *args):
    serial = f(*args, n_jobs=1)
    for n_jobs in N_JOBS:
        assert same_bits(f(*args, n_jobs=n_jobs), serial), f"{f.__name__} with n_jobs={n_jobs}"


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
def test_a_process_forked_after_threads_started_gets_the_same_answers_DT_1_NB_2_GDA_2_KR_6_SMO_3():
    """GNU OpenMP's thread pool does not survive fork: a child forked after the parent's
    threads started would wait forever at its first parallel loop. The child computes serially
    (fast/_validation.pyx: cores_of) and gets the parent's answers bit for bit."""
    rng = np.random.default_rng(7)
    m = 3 * 2048  # rows enough for two threads
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
    ]
    parent = [call() for call in calls]  # the parent's threads start here
    assert _exit_status_of_forked_child(
        lambda: all(same_bits(call(), answer) for call, answer in zip(calls, parent)), 120) == 0


# ---- n_jobs itself ----------------------------------------------------------------------------------

def test_n_jobs_is_keyword_only_and_all_cores_by_default():
    for module in (FT, FN, FG, FK, FS, RT, RN, RG, RK, RS):
        for name in module.__all__:
            f = getattr(module, name)
            if callable(f) and not inspect.isclass(f) and "n_jobs" in inspect.signature(f).parameters:
                parameter = inspect.signature(f).parameters["n_jobs"]
                # SMO's threads meet at every step: serial unless asked (fast smo's docstring)
                default = 1 if module in (FS, RS) else -1
                assert parameter.kind is inspect.Parameter.KEYWORD_ONLY and parameter.default == default
    assert check_n_jobs(-1) == check_n_jobs(None) >= 1
    assert check_n_jobs(3) == 3
