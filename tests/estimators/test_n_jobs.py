"""The estimators' ``n_jobs`` with scikit-learn's meaning (None is one core, -1 every core, -2
all but one; the faces' words for a bad one): the same answers for every n_jobs."""
import numpy as np
import pytest
from joblib import parallel_config
from sklearn.exceptions import ConvergenceWarning

from cs229 import estimators
from cs229.estimators import _base
from cs229.reference.parameters import n_jobs as all_cores

from tests.parallel.test_parity import same_bits


# ---- scikit-learn's meaning ---------------------------------------------------------------------
ESTIMATORS_WORDS = r"^n_jobs must be a nonzero integer \(-1 all cores, -2 all but one, \.\.\.\) or None \(one core\)"


def test_n_jobs_of_the_estimators_has_scikit_learns_meaning():
    cores = all_cores(-1)
    assert _base.check_n_jobs(None) == 1
    assert _base.check_n_jobs(1) == 1 and _base.check_n_jobs(np.int64(3)) == 3
    assert _base.check_n_jobs(-1) == cores
    assert _base.check_n_jobs(-2) == max(cores - 1, 1)
    assert _base.check_n_jobs(-10 ** 6) == 1
    with parallel_config(n_jobs=3):
        assert _base.check_n_jobs(None) == 3
    # the words of this meaning: the faces' words call None all cores
    with pytest.raises(ValueError, match=ESTIMATORS_WORDS + ", got 0$"):
        _base.check_n_jobs(0)
    for bad in (1.5, "2", [2], True):
        with pytest.raises(TypeError, match=ESTIMATORS_WORDS):
            _base.check_n_jobs(bad)


def _classifiers():
    return [estimators.DecisionTreeClassifier,
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
    with pytest.raises(ValueError, match=ESTIMATORS_WORDS):
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
    with pytest.raises(ValueError, match=ESTIMATORS_WORDS):
        estimators.SVC(n_jobs=0).fit(X, y)


def test_kernel_perceptron_takes_n_jobs_KR_9():
    """Columns of 3,000 points on every core or on one: the same α and b, bit for bit."""
    rng = np.random.default_rng(2)
    X = rng.standard_normal((3000, 3))
    y = np.where(X[:, 0] + X[:, 1] ** 2 > 0.5, 1, 0)
    with pytest.warns(ConvergenceWarning):
        fits = [estimators.KernelPerceptron(max_epochs=2, n_jobs=n_jobs).fit(X, y) for n_jobs in (None, -1)]
    assert same_bits(fits[0].alpha_, fits[1].alpha_) and same_bits(fits[0].intercept_, fits[1].intercept_)
    with pytest.raises(ValueError, match=ESTIMATORS_WORDS):
        estimators.KernelPerceptron(n_jobs=0).fit(X, y)


@pytest.mark.parametrize("make, weighted", [
    (estimators.PoissonRegression, False), (lambda **kw: estimators.GLM("bernoulli", **kw), False),
    (estimators.LogisticRegression, False), (estimators.LogisticRegression, True)],
    ids=["PoissonRegression", "GLM-bernoulli", "LogisticRegression", "LogisticRegression-weights"])
def test_newton_fits_are_the_same_for_every_n_jobs_and_refuse_a_bad_one_NW_2_GLM_4(make, weighted):
    """9,000 rows: three blocks of a Newton pass, side by side when n_jobs asks for it."""
    rng = np.random.default_rng(2)
    X = rng.standard_normal((9_000, 4))
    y = (rng.poisson(np.exp(X[:, 0] / 2)) > 0).astype(float)
    weight = rng.integers(1, 3, 9_000).astype(float) if weighted else None
    fits = [make(n_jobs=n_jobs).fit(X, y, sample_weight=weight) for n_jobs in (None, 1, 2, -1)]
    for other in fits[1:]:
        assert same_bits(other.theta_, fits[0].theta_) and other.n_iter_ == fits[0].n_iter_
    with pytest.raises(ValueError, match=ESTIMATORS_WORDS):
        make(n_jobs=0).fit(X, y)
