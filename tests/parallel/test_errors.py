"""Predictions over independent rows split among cores (``n_jobs``): what both faces refuse and how:
the exact type and text of every error, and the bad-input treatment of every entry point
(tests/bad_input.py)."""
import inspect

import numpy as np
import pytest

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

from tests.parallel.test_parity import N_JOBS, RULES, same_bits


def error_for_every_n_jobs(f, *args):
    """The error f raises with n_jobs = 1; the same type and message for every other n_jobs."""
    with pytest.raises(Exception) as serial:
        f(*args, n_jobs=1)
    for rule in RULES:
        with TH.forced(rule):
            for n_jobs in N_JOBS:
                with pytest.raises(serial.type) as parallel:
                    f(*args, n_jobs=n_jobs)
                assert str(parallel.value) == str(serial.value), f"{f.__name__} with n_jobs={n_jobs}, {rule}"
    return serial.value


# ---- the same errors: the first bad row, whichever chunk it is in ---------------------------------

def test_tree_prediction_names_the_first_row_without_a_child_for_every_n_jobs_DT_1():
    tree = RT.Tree(RT.Branch(1, (0.0, 1.0), (RT.Leaf(0), RT.Leaf(1))), 2, (0, 1))
    Q = np.zeros((8_000, 2))
    Q[5_000, 1] = 7.0  # in a chunk after others, a later chunk has a bad row too
    Q[7_500, 1] = 9.0
    error = error_for_every_n_jobs(FT.predict, tree, Q)
    assert str(error) == "X[5000][1] is 7.0, a value this branch has no child for"


def test_naive_bayes_zero_over_zero_names_the_first_row_for_every_n_jobs_NB_3():
    model = FN.bernoulli_fit([[1, 0], [0, 1]], [0, 1], alpha=0)  # x = (1, 1) is impossible
    Q = np.zeros((8_000, 2), dtype=np.uint8)
    Q[:, 0] = 1
    Q[6_000, 1] = Q[7_000, 1] = 1
    for f in (FN.bernoulli_log_posterior, FN.bernoulli_predict):
        assert str(error_for_every_n_jobs(f, model, Q)).startswith("row 6000: ")


def test_gda_zero_over_zero_names_the_first_row_for_every_n_jobs_GDA_2():
    model = FG.gda_fit([[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 1])
    Q = np.zeros((8_000, 1))
    Q[4_100, 0] = Q[7_000, 0] = 1e300  # so far from both means that both densities underflow
    assert "X[4100]" in str(error_for_every_n_jobs(FG.gda_posterior, model, Q))


def test_kernel_matrix_names_the_first_pair_that_overflows_for_every_n_jobs_KR_6():
    X = np.ones((600, 2))
    X[450] = X[500] = 1e60  # (1e120 + 1)^3 overflows: the pair (450, 450) is the first in row order
    error = error_for_every_n_jobs(FK.kernel_matrix, X, RK.Polynomial(1.0, 3))
    assert "X[450]" in str(error)


# ---- n_jobs itself ----------------------------------------------------------------------------------

def _calls(face):
    """(name, call(n_jobs)) for every function of a face that takes n_jobs, on small inputs."""
    T, N, G, K, S, L, M = ((FT, FN, FG, FK, FS, FL, FGLM) if face == "fast"
                           else (RT, RN, RG, RK, RS, RL, RGLM))
    as_input = (lambda v: np.asarray(v)) if face == "fast" else (lambda v: v)
    tree = T.tree_fit(as_input([[0.0], [1.0]]), as_input([0, 1]))
    bernoulli = N.bernoulli_fit(as_input([[1, 0], [0, 1]]), as_input([0, 1]))
    categorical = N.categorical_fit(as_input([[0, 2], [1, 0]]), as_input([0, 1]), [2, 3])
    documents = N.pack_documents([[0, 1], [2]])
    multinomial = N.multinomial_fit(documents, as_input([0, 1]), 3)
    gda = G.gda_fit(as_input([[0.0, 1.0], [1.0, 0.0], [0.0, 0.0], [2.0, 2.0], [3.0, 1.0], [3.0, 3.0]]),
                    as_input([0, 0, 0, 1, 1, 1]))
    gda_classes = G.gda_classes_fit(as_input([[0.0, 1.0], [1.0, 0.0], [0.0, 0.0], [2.0, 2.0], [3.0, 1.0],
                                              [3.0, 3.0], [5.0, 0.0], [6.0, 1.0], [5.0, 2.0]]),
                                    as_input([1, 1, 1, 2, 2, 2, 3, 3, 3]))
    bernoulli_classes = N.bernoulli_classes_fit(as_input([[1, 0], [0, 1], [1, 1]]), as_input([1, 2, 3]))
    multinomial_classes = N.multinomial_classes_fit(N.pack_documents([[0, 1], [2], [1, 1]]), as_input([1, 2, 3]), 3)
    X, B, C = as_input([[0.5, 1.5]]), as_input([[1, 1]]), as_input([[1, 2]])
    design = as_input([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0], [1.0, 3.0]])
    labels, counts = as_input([0, 1, 0, 1]), as_input([1.0, 0.0, 2.0, 3.0])
    return [
        ("trees.predict", lambda n_jobs: T.predict(tree, as_input([[0.5]]), n_jobs=n_jobs)),
        ("bernoulli_log_joint", lambda n_jobs: N.bernoulli_log_joint(bernoulli, B, n_jobs=n_jobs)),
        ("bernoulli_log_posterior", lambda n_jobs: N.bernoulli_log_posterior(bernoulli, B, n_jobs=n_jobs)),
        ("bernoulli_predict", lambda n_jobs: N.bernoulli_predict(bernoulli, B, n_jobs=n_jobs)),
        ("categorical_log_joint", lambda n_jobs: N.categorical_log_joint(categorical, C, n_jobs=n_jobs)),
        ("categorical_log_posterior", lambda n_jobs: N.categorical_log_posterior(categorical, C, n_jobs=n_jobs)),
        ("categorical_predict", lambda n_jobs: N.categorical_predict(categorical, C, n_jobs=n_jobs)),
        ("multinomial_log_joint", lambda n_jobs: N.multinomial_log_joint(multinomial, documents, n_jobs=n_jobs)),
        ("multinomial_log_posterior",
         lambda n_jobs: N.multinomial_log_posterior(multinomial, documents, n_jobs=n_jobs)),
        ("multinomial_predict", lambda n_jobs: N.multinomial_predict(multinomial, documents, n_jobs=n_jobs)),
        ("bernoulli_classes_log_joint",
         lambda n_jobs: N.bernoulli_classes_log_joint(bernoulli_classes, B, n_jobs=n_jobs)),
        ("bernoulli_classes_log_posterior",
         lambda n_jobs: N.bernoulli_classes_log_posterior(bernoulli_classes, B, n_jobs=n_jobs)),
        ("bernoulli_classes_predict",
         lambda n_jobs: N.bernoulli_classes_predict(bernoulli_classes, B, n_jobs=n_jobs)),
        ("multinomial_classes_log_joint",
         lambda n_jobs: N.multinomial_classes_log_joint(multinomial_classes, documents, n_jobs=n_jobs)),
        ("multinomial_classes_log_posterior",
         lambda n_jobs: N.multinomial_classes_log_posterior(multinomial_classes, documents, n_jobs=n_jobs)),
        ("multinomial_classes_predict",
         lambda n_jobs: N.multinomial_classes_predict(multinomial_classes, documents, n_jobs=n_jobs)),
        ("gda_log_joint", lambda n_jobs: G.gda_log_joint(gda, X, n_jobs=n_jobs)),
        ("gda_posterior", lambda n_jobs: G.gda_posterior(gda, X, n_jobs=n_jobs)),
        ("gda_predict", lambda n_jobs: G.gda_predict(gda, X, n_jobs=n_jobs)),
        ("gda_classes_log_joint", lambda n_jobs: G.gda_classes_log_joint(gda_classes, X, n_jobs=n_jobs)),
        ("gda_classes_posterior", lambda n_jobs: G.gda_classes_posterior(gda_classes, X, n_jobs=n_jobs)),
        ("gda_classes_predict", lambda n_jobs: G.gda_classes_predict(gda_classes, X, n_jobs=n_jobs)),
        ("mvn_log_densities", lambda n_jobs: G.mvn_log_densities(X, gda.mu0, gda.Sigma, n_jobs=n_jobs)),
        ("kernel_matrix", lambda n_jobs: K.kernel_matrix(X, K.Gaussian(1.0), n_jobs=n_jobs)),
        ("smo", lambda n_jobs: as_input(S.smo(as_input([[0.0], [1.0], [3.0]]), as_input([-1, -1, 1]),
                                              n_jobs=n_jobs).alpha)),
        ("kernel_perceptron", lambda n_jobs: as_input(K.kernel_perceptron(
            as_input([[0.0], [1.0], [3.0]]), as_input([-1, -1, 1]), K.Gaussian(1.0), n_jobs=n_jobs).theta)),
        ("newton", lambda n_jobs: as_input(L.newton(design, labels, n_jobs=n_jobs).theta)),
        ("glm.newton", lambda n_jobs: as_input(M.newton("poisson", design, counts, n_jobs=n_jobs).theta)),
        ("poisson_regression",
         lambda n_jobs: as_input(M.poisson_regression(design, counts, n_jobs=n_jobs).theta)),
    ]


def _names_and_calls():
    fast, reference = _calls("fast"), _calls("reference")
    return [(name, face, call) for face, calls in (("fast", fast), ("reference", reference))
            for name, call in calls]


@pytest.mark.parametrize("name, face, call", _names_and_calls(), ids=lambda v: v if isinstance(v, str) else "")
def test_both_faces_take_the_same_n_jobs_and_refuse_the_same_bad_ones(name, face, call):
    serial = call(1)
    for n_jobs in (2, 3, -1, None, np.int64(2), 10 ** 30):
        result = call(n_jobs)
        assert same_bits(result, serial) if face == "fast" else result == serial
    for bad in (0, -2, -(10 ** 30)):
        with pytest.raises(ValueError, match=r"n_jobs must be an integer >= 1, or -1 or None"):
            call(bad)
    for bad in (1.0, 2.5, "2", True, np.bool_(True), [2]):
        with pytest.raises(TypeError, match=r"n_jobs must be an integer >= 1, or -1 or None"):
            call(bad)


def test_newton_checks_n_jobs_after_the_data_and_before_its_options_in_both_faces_NW_2_GLM_4():
    """Bad data are named before a bad n_jobs, and a bad n_jobs before a bad option: the fast
    face checks n_jobs where its passes are made, the reference at the same point."""
    X, y = [[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]], [0, 1, 0]
    for L, M in ((FL, FGLM), (RL, RGLM)):
        for fit in (lambda **kw: L.newton(X, y, **kw), lambda **kw: M.newton("poisson", X, y, **kw)):
            with pytest.raises(ValueError, match="n_jobs"):
                fit(max_iterations=-1, n_jobs=0)
            with pytest.raises(ValueError, match="^X"):
                L.newton([[1.0, float("nan")]], [0], n_jobs=0)


def test_every_function_with_n_jobs_is_checked_above():
    """The list above covers every public function of the modules that take n_jobs."""
    checked = {name.split(".")[-1] for name, _ in _calls("fast")}
    takes = {name for module in (FT, FN, FG, FK, FS, FL, FGLM) for name in module.__all__
             if callable(getattr(module, name)) and not inspect.isclass(getattr(module, name))
             and "n_jobs" in inspect.signature(getattr(module, name)).parameters}
    assert takes == checked
