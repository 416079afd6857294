"""X-7 in the estimators: ``fit`` on a dask array or DataFrame goes to cs229.distributed and gives
the fit in memory (θ bit for bit, the same fitted attributes, the same summary), on dask's default
scheduler and on a distributed.Client; predictions of a dask X are dask arrays whose chunks are
the in-memory predictions; a solver without a distributed form ("sgd") is refused by name."""
import numpy as np
import pytest
import scipy.sparse as sp

pytest.importorskip("sklearn")
da = pytest.importorskip("dask.array", reason="the estimators' dask path needs the [dask] extra")
distributed = pytest.importorskip("distributed", reason="the estimators' dask path needs the [dask] extra")

from sklearn.datasets import load_breast_cancer, load_diabetes, load_iris  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402

import cs229.estimators as E  # noqa: E402
from cs229.fast import kernels  # noqa: E402
from cs229.fast._summation import ROWS_PER_BLOCK as BLOCK  # noqa: E402
from tests.distributed.test_parity import cluster, scheduler  # noqa: E402,F401  (the fixtures)


def _cancer(columns=8):
    X, y = load_breast_cancer(return_X_y=True)
    return StandardScaler().fit_transform(X)[:, :columns], y


def _chunked(a, rows):
    return da.from_array(a, chunks=(rows,) + a.shape[1:])


def _same_fit(memory, chunked):
    """The same fitted attributes, θ equal bit for bit."""
    assert sorted(vars(memory)) == sorted(vars(chunked))
    for name, value in vars(memory).items():
        if name.endswith("_") and isinstance(value, np.ndarray):
            assert np.array_equal(value, getattr(chunked, name)), name
            assert value.dtype == getattr(chunked, name).dtype, name   # integer counts stay int64


WEIGHTS = np.random.default_rng(7).uniform(0.0, 2.0, 569)

FITS = {  # name: (estimator, data, fit keywords)
    "linear": (lambda: E.LinearRegression(), "diabetes", {}),
    "linear-weighted": (lambda: E.LinearRegression(), "diabetes", {"sample_weight": WEIGHTS[:442]}),
    "ridge": (lambda: E.Ridge(alpha=3.0), "diabetes", {}),
    "logistic": (lambda: E.LogisticRegression(), "cancer", {}),
    "logistic-weighted": (lambda: E.LogisticRegression(), "cancer", {"sample_weight": WEIGHTS}),
    "logistic-l2": (lambda: E.LogisticRegression(penalty="l2", C=0.5), "cancer", {}),
    "poisson-exposure": (lambda: E.PoissonRegression(), "counts", {"exposure": 1.0 + WEIGHTS}),
    "gaussian-glm-weighted": (lambda: E.GLM(family="gaussian"), "diabetes", {"sample_weight": WEIGHTS[:442]}),
    "gda": (lambda: E.GaussianDiscriminantAnalysis(), "cancer", {}),
    "gda-weighted": (lambda: E.GaussianDiscriminantAnalysis(), "cancer", {"sample_weight": WEIGHTS}),
    "gda-3-classes": (lambda: E.GaussianDiscriminantAnalysis(), "iris", {}),
    "bernoulli-nb": (lambda: E.BernoulliNB(), "cancer", {}),
    "bernoulli-nb-weighted": (lambda: E.BernoulliNB(binarize=0.5), "cancer", {"sample_weight": WEIGHTS}),
    "bernoulli-nb-3-classes": (lambda: E.BernoulliNB(binarize=3.0), "iris", {}),
    "bernoulli-nb-3-classes-weighted": (lambda: E.BernoulliNB(binarize=3.0), "iris",
                                        {"sample_weight": WEIGHTS[:150]}),
    "multinomial-nb": (lambda: E.MultinomialNB(), "words", {}),
    "multinomial-nb-weighted": (lambda: E.MultinomialNB(alpha=0.5), "words", {"sample_weight": WEIGHTS}),
    "multinomial-nb-real-counts": (lambda: E.MultinomialNB(), "tf-idf", {}),
    "multinomial-nb-3-classes": (lambda: E.MultinomialNB(), "iris-words", {}),
    "multinomial-nb-3-classes-weighted": (lambda: E.MultinomialNB(), "iris", {"sample_weight": WEIGHTS[:150]}),
    "softmax": (lambda: E.SoftmaxRegression(), "three", {}),
    "softmax-weighted-l2": (lambda: E.SoftmaxRegression(penalty="l2", C=0.5), "three",
                            {"sample_weight": WEIGHTS}),
    "softmax-iris-l2-no-intercept": (lambda: E.SoftmaxRegression(penalty="l2", fit_intercept=False), "iris", {}),
    "logistic-3-classes": (lambda: E.LogisticRegression(), "three", {}),
    "logistic-3-classes-weighted-l2": (lambda: E.LogisticRegression(penalty="l2", C=2.0), "three",
                                       {"sample_weight": WEIGHTS}),
    # gradient methods: one pass over the chunks per iteration, so a fixed number of them here
    "linear-gd": (lambda: E.LinearRegression(solver="gd", learning_rate=0.5, max_iterations=40, tol=None),
                  "diabetes", {}),
    "linear-gd-weighted": (lambda: E.LinearRegression(solver="gd", learning_rate=0.5, max_iterations=40,
                                                      tol=None), "diabetes", {"sample_weight": WEIGHTS[:442]}),
    "logistic-gd": (lambda: E.LogisticRegression(solver="gd", learning_rate=0.5, max_iterations=40, tol=None),
                    "cancer", {}),
    "logistic-gd-weighted-l2": (lambda: E.LogisticRegression(solver="gd", penalty="l2", learning_rate=0.5,
                                                             max_iterations=40, tol=None), "cancer",
                                {"sample_weight": WEIGHTS}),
    "softmax-gd-weighted-l2": (lambda: E.SoftmaxRegression(solver="gd", penalty="l2", learning_rate=0.5,
                                                           max_iterations=30, tol=None), "three",
                               {"sample_weight": WEIGHTS}),
    "logistic-3-classes-gd": (lambda: E.LogisticRegression(solver="gd", learning_rate=0.5, max_iterations=30,
                                                           tol=None), "three", {}),
    "poisson-gd-exposure": (lambda: E.PoissonRegression(solver="gd", learning_rate=0.05, max_iterations=40,
                                                        tol=None), "counts", {"exposure": 1.0 + WEIGHTS}),
}


def _data(name):
    if name.startswith("iris"):
        X, y = load_iris(return_X_y=True)
        return (np.round(X * 3).astype(np.int64), y) if name == "iris-words" else (X, y)
    if name == "diabetes":
        X, y = load_diabetes(return_X_y=True)
        return X, y
    X, y = _cancer()
    if name == "three":   # three classes, none separable from the rest, labelled by strings
        rng = np.random.default_rng(11)
        noisy = X[:, :2] + rng.standard_normal((len(y), 2))
        return X, np.array(["low", "middle", "high"])[(noisy[:, 0] > 0).astype(int) + (noisy[:, 1] > 0.5)]
    if name == "counts":
        return X, y * 2.0 + (np.arange(len(y)) % 3)
    if name == "words":   # word counts, int64: counted exactly
        return np.round(np.abs(X) * 3).astype(np.int64), y
    if name == "tf-idf":   # real counts: float sums in the fast face's order
        return np.abs(X) * 0.7, y
    return X, y


@pytest.mark.parametrize("rows", [BLOCK, 200])
@pytest.mark.parametrize("case", sorted(FITS))
def test_a_fit_on_dask_arrays_is_the_fit_in_memory_X_7(scheduler, case, rows):
    """θ bit for bit (the fast face's sums, block by block; chunks of 200 rows are rechunked to
    whole blocks), every fitted attribute, and the summary's standard errors to rounding."""
    make, data, options = FITS[case]
    X, y = _data(data)
    memory = make().fit(X, y, **options)
    chunked = make().fit(_chunked(X, rows), _chunked(y, rows),
                         **{k: _chunked(v, rows) for k, v in options.items()})
    _same_fit(memory, chunked)
    if hasattr(memory, "summary") and not any(word in case for word in ("l2", "linear", "ridge", "3-classes")):
        assert np.allclose(memory.summary().bse, chunked.summary().bse, rtol=1e-12, atol=0)


def test_the_tall_skinny_qr_ridge_is_the_fit_in_memory_to_rounding_X_7():
    X, y = load_diabetes(return_X_y=True)
    memory = E.Ridge(alpha=2.0, solver="qr").fit(X, y)
    chunked = E.Ridge(alpha=2.0, solver="qr").fit(_chunked(X, 100), _chunked(y, 100))
    assert np.allclose(memory.theta_, chunked.theta_, rtol=1e-12, atol=1e-12)


PREDICTORS = {  # name: (fitted on the cancer data in memory, the methods that predict)
    "logistic": (lambda: E.LogisticRegression(), ("predict", "predict_proba", "predict_log_proba",
                                                  "decision_function")),
    "softmax-iris": (lambda: E.LogisticRegression(penalty="l2"), ("predict", "predict_proba")),
    "gda": (lambda: E.GaussianDiscriminantAnalysis(), ("predict", "predict_proba")),
    "svc": (lambda: E.SVC(probability=True, random_state=0), ("predict", "decision_function", "predict_proba")),
    "kernel-perceptron": (lambda: E.KernelPerceptron(kernel=kernels.Gaussian(1.0)), ("predict",)),
    "lwr": (lambda: E.LocallyWeightedRegression(tau=2.0), ("predict",)),
    "perceptron": (lambda: E.Perceptron(), ("predict",)),
    "bernoulli-nb": (lambda: E.BernoulliNB(), ("predict", "predict_proba", "predict_log_proba")),
    "multinomial-nb": (lambda: E.MultinomialNB(), ("predict", "predict_proba")),
    "tree": (lambda: E.DecisionTreeClassifier(max_depth=4), ("predict", "predict_proba", "predict_log_proba")),
}


@pytest.mark.filterwarnings("ignore::sklearn.exceptions.ConvergenceWarning")  # the perceptrons keep their last iterate
@pytest.mark.parametrize("case", sorted(PREDICTORS))
def test_a_dask_x_is_predicted_chunk_by_chunk_X_7(case):
    """predict and its kin on a dask X: a dask array (nothing computed until asked) equal to the
    in-memory prediction, whatever the chunks: bit for bit for the linear models; to rounding for
    the kernel machines and LWR, as their own blocks of queries are (BLAS rounds the product of
    a block of queries with the training set by the block's shape)."""
    make, methods = PREDICTORS[case]
    if case == "softmax-iris":
        X, y = load_iris(return_X_y=True)
    elif case == "multinomial-nb":
        X, y = _cancer(4)
        X = np.round(np.abs(X) * 3)  # word counts
    else:
        X, y = _cancer(4)
    model = make().fit(X, y)
    for method in methods:
        lazy = getattr(model, method)(_chunked(X, 97))
        assert isinstance(lazy, da.Array), method
        if case in ("lwr", "svc", "kernel-perceptron"):
            assert np.allclose(lazy.compute(), getattr(model, method)(X), rtol=1e-12, atol=1e-12), method
        else:
            assert np.array_equal(lazy.compute(), getattr(model, method)(X)), method


def test_a_dask_dataframe_keeps_its_column_names_X_7(scheduler):
    dd = pytest.importorskip("dask.dataframe", reason="DataFrames need dask[dataframe]")
    pd = pytest.importorskip("pandas")
    X, y = _cancer()
    frame = pd.DataFrame(X, columns=[f"f{j}" for j in range(X.shape[1])])
    memory = E.PoissonRegression().fit(frame, y * 3.0, exposure=1.0 + WEIGHTS)
    chunked = E.PoissonRegression().fit(dd.from_pandas(frame, npartitions=3),
                                        dd.from_pandas(pd.Series(y * 3.0), npartitions=3),
                                        exposure=1.0 + WEIGHTS)
    _same_fit(memory, chunked)
    assert list(chunked.feature_names_in_) == list(frame.columns)
    lazy = chunked.predict(dd.from_pandas(frame, npartitions=2), exposure=_chunked(1.0 + WEIGHTS, 100))
    assert np.array_equal(lazy.compute(), memory.predict(frame, exposure=1.0 + WEIGHTS))


@pytest.mark.parametrize("estimator, supported", [(E.LinearRegression(solver="sgd"), "'normal' or 'gd'"),
                                                  (E.LogisticRegression(solver="sgd"), "'newton' or 'gd'")])
def test_a_solver_without_a_distributed_form_is_refused_by_name_X_7(estimator, supported):
    """Stochastic gradient steps take one example at a time: "sgd" has no summation form."""
    X, y = _cancer()
    with pytest.raises(ValueError) as e:
        estimator.fit(_chunked(X, 100), _chunked(y * 1.0, 100))
    assert str(e.value) == (f"{type(estimator).__name__} with solver='sgd' takes arrays in memory: on a "
                            f"dask array or DataFrame (cs229.distributed) use solver={supported}")


def test_the_progress_lines_of_a_dask_gradient_descent_are_the_fit_in_memorys_X_7(capsys):
    """verbose=2: J(θ) of every iterate, the chunks' sums of squares added (to rounding)."""
    X, y = load_diabetes(return_X_y=True)
    make = lambda: E.LinearRegression(solver="gd", learning_rate=0.5, max_iterations=3, tol=None, verbose=2)  # noqa: E731
    make().fit(X, y)
    memory = capsys.readouterr().out.splitlines()
    make().fit(_chunked(X, 100), _chunked(y, 100))
    chunked = capsys.readouterr().out.splitlines()
    assert len(memory) == len(chunked) == 5
    for a, b in zip(memory, chunked):
        assert a.split("J(θ) = ")[0] == b.split("J(θ) = ")[0]
        assert float(a.split("J(θ) = ")[1]) == pytest.approx(float(b.split("J(θ) = ")[1]), rel=1e-12)


def test_a_nan_in_a_chunk_names_its_row_and_chunk_through_the_estimator_X_7():
    X, y = load_diabetes(return_X_y=True)
    X = X.copy()
    X[300, 2] = np.nan
    with pytest.raises(ValueError) as e:
        E.LinearRegression().fit(_chunked(X, 200), _chunked(y, 200))
    assert str(e.value) == "X[300][2] is nan: expected a finite number (in the chunk of rows 200–399)"


def test_the_progress_line_of_a_dask_fit_is_the_fit_in_memorys_X_7(capsys):
    X, y = _cancer()
    E.LogisticRegression(verbose=1).fit(X, y)
    memory = capsys.readouterr().out
    E.LogisticRegression(verbose=1).fit(_chunked(X, 100), _chunked(y, 100))
    chunked = capsys.readouterr().out
    assert memory.split("ℓ(θ) = ")[0] == chunked.split("ℓ(θ) = ")[0]
    assert float(memory.split("ℓ(θ) = ")[1]) == pytest.approx(float(chunked.split("ℓ(θ) = ")[1]), rel=1e-12)


def _sparse_chunks(X, rows):
    return _chunked(X, rows).map_blocks(sp.csr_matrix, dtype=X.dtype, meta=sp.csr_matrix((0, 0), dtype=X.dtype))


@pytest.mark.parametrize("case", [case for case in sorted(FITS) if "-nb" in case])
def test_a_fit_on_sparse_chunks_is_the_fit_of_the_sparse_matrix_in_memory_X_7(scheduler, case):
    """Naive Bayes on a dask array of scipy.sparse chunks (bags of words, as text comes): every
    fitted attribute of the fit of the one sparse matrix in memory, bit for bit, integer counts
    int64; the predictions of sparse chunks are the predictions in memory."""
    make, data, options = FITS[case]
    X, y = _data(data)
    memory = make().fit(sp.csr_matrix(X), y, **options)
    chunked = make().fit(_sparse_chunks(X, 200), _chunked(y, 200),
                         **{k: _chunked(v, 200) for k, v in options.items()})
    _same_fit(memory, chunked)
    for method in ("predict", "predict_proba"):
        got = getattr(chunked, method)(_sparse_chunks(X, 100))
        assert isinstance(got, da.Array)
        assert np.array_equal(got.compute(), getattr(memory, method)(sp.csr_matrix(X)))


@pytest.mark.parametrize("make", [E.LinearRegression, E.LogisticRegression, E.PoissonRegression,
                                  E.GaussianDiscriminantAnalysis, E.SoftmaxRegression, E.SVC,
                                  E.DecisionTreeClassifier])
def test_sparse_chunks_are_refused_in_the_words_of_the_fit_in_memory_X_7(make):
    X, y = _cancer()
    X = np.abs(X)
    with pytest.raises(TypeError) as memory:
        make().fit(sp.csr_matrix(X), y)
    with pytest.raises(TypeError) as chunked:
        make().fit(_sparse_chunks(X, 200), _chunked(y, 200))
    assert str(chunked.value) == str(memory.value)


def test_a_bad_entry_of_a_sparse_chunk_names_its_row_and_chunk_X_7():
    X, y = _data("words")
    X = X.astype(np.float64)
    X[377, 5] = np.nan
    for make in (E.MultinomialNB, lambda: E.BernoulliNB(binarize=None)):
        with pytest.raises(ValueError) as e:
            make().fit(_sparse_chunks(X, 100), _chunked(y, 100))
        assert str(e.value) == "X[377][5] is nan: expected a finite number (in the chunk of rows 300–399)"
    features = (X > 0).astype(np.float64)
    features[377, 5] = 2.0   # neither 0 nor 1, with binarize=None (the fit's chunks are whole blocks)
    with pytest.raises(ValueError, match=r"^X\[377\]\[5\] is 2\.0: .*\(0 or 1\).* \(in the chunk of rows 0–568\)$"):
        E.BernoulliNB(binarize=None).fit(_sparse_chunks(features, 100), _chunked(y, 100))
    X[377, 5] = 1.0
    with pytest.raises(ValueError) as memory:
        E.BernoulliNB(binarize=-1.0).fit(sp.csr_matrix(X), y)
    with pytest.raises(ValueError) as chunked:
        E.BernoulliNB(binarize=-1.0).fit(_sparse_chunks(X, 100), _chunked(y, 100))
    assert str(chunked.value) == str(memory.value)
