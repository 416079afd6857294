"""What a fit costs follows what the input is: the estimators on inputs whose values (not their
size) once decided the memory (word counts written out word by word, the m×m kernel matrix, a
sparse matrix made dense) fit in memory bounded by their size, or refuse naming the memory they
would need; and a fit checks its input, rather than leaving it to predict.

Memory is measured in a fresh Python process (``peak``): the resident set's high-water mark during
the call minus the resident set before it, under an address-space limit, so that a regression
fails with a MemoryError instead of taking the machine's memory."""
import json
import os
import subprocess
import sys
import textwrap
from fractions import Fraction

import numpy as np
import pytest

import cs229.estimators as E

LIMIT_MB = 1024   # the address space a child may add to what its imports took


def peak(setup, call, limit_mb=LIMIT_MB):
    """(peak MB, result) of ``call`` (an expression) after ``setup`` (statements), run in a
    fresh interpreter that may allocate at most ``limit_mb`` more; the result is what
    ``call`` returns, through JSON."""
    program = textwrap.dedent("""
        import json, resource, sys
        import numpy as np

        def status(key):
            with open("/proc/self/status") as f:
                return next(int(line.split()[1]) for line in f if line.startswith(key + ":"))
        """) + textwrap.dedent(setup) + textwrap.dedent(f"""
        size = status("VmSize") * 1024
        resource.setrlimit(resource.RLIMIT_AS, (size + {limit_mb} * 2 ** 20, resource.RLIM_INFINITY))
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")   # the high-water mark starts again from the resident set
        before = status("VmRSS")
        try:
            result = {call}
        except MemoryError as e:
            result = "MemoryError: " + str(e)
        print(json.dumps([(status("VmHWM") - before) / 1024, result]))
        """)
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1"})
    assert done.returncode == 0, done.stderr[-3000:]
    return tuple(json.loads(done.stdout.strip().splitlines()[-1]))


# ---- MultinomialNB: counts, not words written out (NB-6) --------------------------------------

@pytest.mark.parametrize("count", [10 ** 9, 10 ** 12])
def test_multinomial_nb_on_a_huge_count_fits_in_little_memory_NB_6(count):
    """[[count, 0], [0, 1]]: written out, the first row alone was count words (7.45 GiB of ids
    for 10⁹, 7.28 TiB for 10¹²); as a bag it is one entry."""
    setup = f"""
        from cs229.estimators import MultinomialNB
        X = np.array([[{count}.0, 0.0], [0.0, 1.0]])
    """
    used, model = peak(setup, "MultinomialNB().fit(X, [0, 1]).phi_.tolist()")
    assert used < 50, f"{used:.0f} MB"
    # the model of the counts, by the formula (count + 1)/(total + |V|)
    assert model == [[float(Fraction(count + 1, count + 2)), float(Fraction(1, count + 2))], [1 / 3, 2 / 3]]


def test_multinomial_nb_predicts_a_huge_count_from_the_counts_NB_6():
    est = E.MultinomialNB().fit(np.array([[10 ** 12, 0], [0, 1]]), ["ham", "spam"])
    assert est.predict([[10 ** 12, 3], [0, 10 ** 12]]).tolist() == ["ham", "spam"]
    assert np.array_equal(est.feature_count_, [[10 ** 12, 0], [0, 1]])


@pytest.mark.parametrize("X", [np.array([[2 ** 63, 0], [0, 1]], dtype=np.uint64),
                               np.array([[2.0 ** 63, 0.0], [0.0, 1.0]]),
                               np.array([[1e300, 0.0], [0.0, 1.0]])])
def test_multinomial_nb_refuses_a_count_of_2_to_the_63_by_name_NB_6(X):
    """int64 holds the counts: 2⁶³ once wrapped to a negative count."""
    with pytest.raises(ValueError, match=r"^X\[0, 0\] is \d+: a word count must be below 2\*\*63"):
        E.MultinomialNB().fit(X, [0, 1])
    est = E.MultinomialNB().fit([[1, 0], [0, 1]], [0, 1])
    with pytest.raises(ValueError, match=r"^X\[1, 1\] is \d+: a word count must be below 2\*\*63"):
        est.predict(X[::-1, ::-1])


def test_multinomial_nb_reads_integer_counts_exactly_NB_6():
    """2⁶² + 1 is not a float64: integer X is read as int64."""
    est = E.MultinomialNB().fit(np.array([[2 ** 62 + 1, 0], [0, 1]]), [0, 1])
    assert int(est.feature_count_[0, 0]) == 2 ** 62 + 1


# ---- KernelPerceptron: kernel columns of the support, not the m×m matrix (KR-9) -----------------

def _perceptron_data(m, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((m, 10))
    return X, np.where(X[:, 0] + 0.5 * X[:, 1] ** 2 > 0.5, 1, 0)


def test_kernel_perceptron_past_its_cache_fits_in_the_cache_KR_9():
    """m = 6,000: the kernel matrix alone is 275 MB (12,000: 1.1 GB, 50,000: 19 GB). With an 8 MB
    cache the fit keeps 8 MB of kernel columns and computes the rest at its visits: the same α
    and b as with every column kept, in a few MB more than the data."""
    setup = """
        from cs229.estimators import KernelPerceptron
        rng = np.random.default_rng(0)
        X = rng.standard_normal((6000, 10))
        y = np.where(X[:, 0] + 0.5 * X[:, 1] ** 2 > 0.5, 1, 0)
        import warnings
        warnings.simplefilter("ignore")
    """
    call = ("(lambda e: [e.alpha_.tolist(), float(e.intercept_[0])])"
            "(KernelPerceptron(gamma=0.1, max_epochs=3, cache_size=8).fit(X, y))")
    used, (alpha, b) = peak(setup, call)
    assert used < 40, f"{used:.0f} MB"
    X, y = _perceptron_data(6000)
    with pytest.warns(Warning):
        whole = E.KernelPerceptron(gamma=0.1, max_epochs=3, cache_size=10_000).fit(X, y)
    assert alpha == whole.alpha_.tolist() and b == whole.intercept_[0] and sum(alpha) > 100


def test_kernel_perceptron_refuses_a_whole_matrix_past_its_cache_naming_the_memory_KR_9():
    """A custom kernel needs the whole matrix for Mercer's test: refused before it is formed."""
    X, y = _perceptron_data(400)
    est = E.KernelPerceptron(kernel=lambda x, z: float(np.dot(x, z)), cache_size=1)
    with pytest.raises(MemoryError, match=r"the kernel perceptron on 400 examples needs 5 MB: .* "
                                          r"more than cache_size = 1 MB; raise cache_size"):
        est.fit(X, y)
    with pytest.raises(ValueError, match="cache_size must be > 0"):
        E.KernelPerceptron(cache_size=0).fit(X, y)


# ---- BernoulliNB: a sparse X stays sparse (NB-2) -------------------------------------------------

def test_bernoulli_nb_on_a_sparse_matrix_of_2e8_entries_fits_in_little_memory_NB_2():
    """20,000 × 10,000 with 2 non-zeros: made dense it was 1.49 GiB of float64 (and 190 MB of
    bytes for the fast face); kept sparse, fit and predict need the model and the entries."""
    setup = """
        import scipy.sparse as sp
        from cs229.estimators import BernoulliNB
        X = sp.csr_matrix((np.array([3.0, 1.0]), (np.array([0, 19999]), np.array([5, 9999]))),
                          shape=(20_000, 10_000))
        y = np.arange(20_000) % 2
    """
    call = ("(lambda e: [e.feature_count_[:, [5, 9999]].tolist(), e.class_count_.tolist(), "
            "e.predict(X)[[0, 1, 19999]].tolist()])(BernoulliNB().fit(X, y))")
    used, (counts, classes, labels) = peak(setup, call)
    assert used < 40, f"{used:.0f} MB"
    assert counts == [[1, 0], [0, 1]] and classes == [10_000, 10_000] and labels == [0, 1, 1]


def test_bernoulli_nb_gives_the_same_model_and_answers_for_sparse_and_dense_input_NB_2():
    rng = np.random.default_rng(2)
    X = rng.poisson(0.3, (60, 25)).astype(float)
    y = np.arange(60) % 3 == 0
    import scipy.sparse as sp
    dense = E.BernoulliNB(alpha=0.5, binarize=0.5).fit(X, y)
    csr = sp.csr_matrix(X)
    unsorted = sp.csr_matrix((csr.data[::-1], csr.indices[::-1], np.r_[0, np.cumsum(np.diff(csr.indptr)[::-1])]),
                             shape=X.shape)[::-1]   # the same matrix, its entries in another order
    for sparse in (csr, sp.csc_matrix(X), sp.coo_matrix(X), unsorted):
        est = E.BernoulliNB(alpha=0.5, binarize=0.5).fit(sparse, y)
        assert np.array_equal(est.phi_, dense.phi_) and np.array_equal(est.feature_count_, dense.feature_count_)
        assert np.array_equal(est.predict_log_proba(sparse), dense.predict_log_proba(X))
        assert np.array_equal(est.predict(sparse), dense.predict(X))
    binary = sp.csr_matrix((X > 0).astype(float))
    assert np.array_equal(E.BernoulliNB(binarize=None).fit(binary, y).phi_, E.BernoulliNB().fit(X, y).phi_)
    with pytest.raises(ValueError, match=r"^X\[\d+, \d+\] is 2.0: features must be binary \(0 or 1\)"):
        E.BernoulliNB(binarize=None).fit(sp.csr_matrix(X), y)


# ---- a fit checks its input: LocallyWeightedRegression (LR-14) -------------------------------------

@pytest.mark.parametrize("y,kind,message", [
    (["a", "b", "c"], TypeError, "y[0] is 'a': expected a real number"),
    ([None, None, None], TypeError, "y[0] is None: expected a real number"),
    ([1.0, None, 2.0], TypeError, "y[1] is None: expected a real number"),
    (np.array(["1", "2", "3"]), TypeError, "y[0] is '1': expected a real number"),
    ([1.0, np.nan, 2.0], ValueError, "Input y contains NaN."),
    ([1.0, np.inf, 2.0], ValueError, "Input y contains infinity or a value too large for dtype('float64')."),
    ([1.0, 2.0], ValueError, "Found input variables with inconsistent numbers of samples: [3, 2]"),
])
def test_locally_weighted_regression_fit_refuses_targets_that_are_not_real_numbers_LR_14(y, kind, message):
    """LR-14's fit only keeps the examples, and kept strings or None until predict failed on
    them; it now reads y as predict will, with the fast face's messages (scikit-learn's for NaN,
    infinity and lengths, as every other estimator)."""
    with pytest.raises(kind) as e:
        E.LocallyWeightedRegression().fit([[0.0], [1.0], [2.0]], y)
    assert str(e.value) == message


@pytest.mark.parametrize("tau,kind,message", [
    (0, ValueError, "tau == 0, must be > 0."), (np.nan, ValueError, "tau must be a finite number, got nan"),
    (np.inf, ValueError, "tau must be a finite number, got inf"),
    ("1", TypeError, "tau must be an instance of float, not str.")])
def test_locally_weighted_regression_fit_refuses_a_bad_tau_LR_14(tau, kind, message):
    with pytest.raises(kind) as e:
        E.LocallyWeightedRegression(tau=tau).fit([[0.0], [1.0], [2.0]], [1.0, 2.0, 3.0])
    assert str(e.value) == message


def test_locally_weighted_regression_predicts_with_what_fit_checked_LR_14():
    """Parameters changed after fit do not reach predict unchecked: it uses tau_ and
    fit_intercept_."""
    X, y = [[0.0], [1.0], [2.0], [3.0]], [1.0, 3.0, 2.0, 5.0]
    est = E.LocallyWeightedRegression(tau=0.8).fit(X, y)
    before = est.predict([[1.5]])
    est.set_params(tau=-1.0, fit_intercept=False)
    assert est.tau_ == 0.8 and est.fit_intercept_ is True
    assert np.array_equal(est.predict([[1.5]]), before)
