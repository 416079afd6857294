"""scikit-learn's names in the estimators: ``learning_rate`` is the step size everywhere, the
former ``alpha`` of a step size still honoured for one release with a FutureWarning (stored as
given, read in fit, so get_params, set_params and clone carry it), ``alpha`` the GLMs' penalty;
LogisticRegression with k classes is softmax regression, as scikit-learn's."""
import warnings

import numpy as np
import pytest

pytest.importorskip("sklearn")

from sklearn.base import clone  # noqa: E402
from sklearn.datasets import load_breast_cancer, load_diabetes, load_wine  # noqa: E402
from sklearn.exceptions import ConvergenceWarning  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402

import cs229.estimators as E  # noqa: E402


def _classes(k):
    X, y = load_wine(return_X_y=True)
    X = StandardScaler().fit_transform(X[:, :2])
    return (X, y) if k == 3 else (X[y < 2], y[y < 2])


def _regression():
    X, y = load_diabetes(return_X_y=True)
    return StandardScaler().fit_transform(X), y


# (estimator class, the options of a path that takes a step, data, the fitted parameters)
STEPPED = [
    (E.LinearRegression, {"solver": "gd", "max_iterations": 200}, _regression, "theta_"),
    (E.LinearRegression, {"solver": "sgd", "epochs": 3}, _regression, "theta_"),
    (E.LogisticRegression, {"solver": "gd", "max_iterations": 200}, lambda: _classes(2), "theta_"),
    (E.LogisticRegression, {"solver": "sgd", "epochs": 3}, lambda: _classes(2), "theta_"),
    (E.Perceptron, {"max_epochs": 5}, lambda: _classes(2), "theta_"),
    (E.SoftmaxRegression, {"solver": "gd", "max_iterations": 200}, lambda: _classes(3), "Theta_"),
]
IDS = [f"{c.__name__}-{o.get('solver', 'default')}" for c, o, _, _ in STEPPED]


@pytest.mark.parametrize("cls, options, data, fitted", STEPPED, ids=IDS)
def test_learning_rate_is_the_step_size(cls, options, data, fitted):
    X, y = data()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        warnings.simplefilter("error", FutureWarning)
        small = getattr(cls(learning_rate=0.003, **options).fit(X, y), fitted)
        large = getattr(cls(learning_rate=0.03, **options).fit(X, y), fitted)
    assert not np.array_equal(small, large)


@pytest.mark.parametrize("cls, options, data, fitted", STEPPED, ids=IDS)
def test_alpha_as_the_step_size_warns_naming_learning_rate_and_is_honoured(cls, options, data, fitted):
    X, y = data()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        new = getattr(cls(learning_rate=0.003, **options).fit(X, y), fitted)
        with pytest.warns(FutureWarning, match=rf"^{cls.__name__}: alpha as the step size is deprecated.*"
                                               r"pass learning_rate=0.003 "):
            old = getattr(cls(alpha=0.003, **options).fit(X, y), fitted)
    assert np.array_equal(old, new)


@pytest.mark.parametrize("cls", [E.LinearRegression, E.LogisticRegression, E.Perceptron, E.SoftmaxRegression])
def test_alpha_and_learning_rate_together_are_refused(cls):
    X, y = _classes(2)
    with pytest.raises(ValueError, match=r"alpha \(the deprecated name of the step size\) and learning_rate "
                                         r"are both given.*alpha=0.1 and learning_rate=0.2"):
        cls(alpha=0.1, learning_rate=0.2).fit(X, y)
    with pytest.raises(ValueError, match="^alpha must be > 0, got 0$"):   # its own name
        cls(alpha=0).fit(X, y)


@pytest.mark.parametrize("cls", [E.LinearRegression, E.LogisticRegression, E.Perceptron, E.SoftmaxRegression])
def test_a_deprecated_alpha_round_trips_get_params_set_params_and_clone(cls):
    est = cls(alpha=0.25)
    assert est.get_params()["alpha"] == 0.25
    with warnings.catch_warnings():
        warnings.simplefilter("error", FutureWarning)   # storing and cloning do not warn: fit does
        twin = clone(est)
        assert twin.get_params() == est.get_params()
        default = cls()
        assert default.get_params()["alpha"] == "deprecated"
        assert clone(default).get_params() == default.get_params()
        assert default.set_params(learning_rate=0.5).learning_rate == 0.5


def test_the_glms_alpha_is_the_penalty_now_and_learning_rate_the_step():
    X, y = _regression()
    mle, penalised = E.PoissonRegression().fit(X, y), E.PoissonRegression(alpha=1.0).fit(X, y)
    assert E.PoissonRegression().alpha == 0 and E.GLM().alpha == 0
    assert np.abs(penalised.coef_).sum() < np.abs(mle.coef_).sum()   # shrunk towards 0
    with warnings.catch_warnings():
        warnings.simplefilter("error", FutureWarning)                 # a new meaning, no warning
        warnings.simplefilter("ignore", ConvergenceWarning)
        options = {"solver": "gd", "max_iterations": 50, "tol": None}
        a = E.PoissonRegression(learning_rate=1e-4, **options).fit(X, y).theta_
        b = E.PoissonRegression(learning_rate=2e-4, **options).fit(X, y).theta_
    assert not np.array_equal(a, b)
    with pytest.raises(ValueError, match="^learning_rate must be > 0, got 0$"):
        E.PoissonRegression(solver="gd", learning_rate=0).fit(X, y)


# ---- LogisticRegression with k classes ----------------------------------------------------------

@pytest.mark.parametrize("options", [{}, {"penalty": "l2", "C": 0.5}, {"solver": "gd", "learning_rate": 0.5, "max_iterations": 300}],
                         ids=["newton", "l2", "gd"])
def test_k_class_logistic_regression_is_softmax_regression_SM_3(options):
    X, y = _classes(3)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        logistic = E.LogisticRegression(**options).fit(X, y)
        softmax = E.SoftmaxRegression(**options).fit(X, y)
    assert logistic.coef_.shape == (3, 2) and logistic.intercept_.shape == (3,)
    assert np.array_equal(logistic.theta_, softmax.Theta_)
    assert np.array_equal(logistic.coef_, softmax.coef_) and np.array_equal(logistic.intercept_, softmax.intercept_)
    assert np.array_equal(logistic.predict_proba(X), softmax.predict_proba(X))
    assert np.array_equal(logistic.predict_log_proba(X), softmax.predict_log_proba(X))
    scores = logistic.decision_function(X)
    assert scores.shape == (len(X), 3)
    assert np.allclose(scores, X @ logistic.coef_.T + logistic.intercept_, rtol=0, atol=1e-12)
    assert np.array_equal(logistic.predict(X), logistic.classes_[np.argmax(scores, axis=1)])
    assert np.allclose(np.exp(logistic.predict_log_proba(X)), logistic.predict_proba(X), rtol=0, atol=1e-14)


def test_k_class_logistic_regression_takes_any_labels_and_refuses_sgd():
    X, y = _classes(3)
    names = np.array(["barolo", "grignolino", "barbera"])
    est = E.LogisticRegression().fit(X, names[y])
    assert list(est.classes_) == sorted(names)
    with pytest.raises(ValueError, match=r"Only binary classification.*solver='newton' or 'gd'"):
        E.LogisticRegression(solver="sgd").fit(X, y)
    with pytest.raises(ValueError, match="the two-class model; this fit has 3 classes"):
        est.summary()


def test_two_classes_are_unchanged():
    """Two classes: the notes' logistic regression, θ a vector, coef_ one row."""
    X, y = load_breast_cancer(return_X_y=True)
    X = StandardScaler().fit_transform(X[:, :5])
    est = E.LogisticRegression().fit(X, y)
    assert est.theta_.shape == (6,) and est.coef_.shape == (1, 5) and est.intercept_.shape == (1,)
    assert est.decision_function(X).shape == (len(X),)
    assert est.summary().params.shape == (6,)


ESTIMATORS = [getattr(E, name) for name in E.__all__ if isinstance(getattr(E, name), type)]


@pytest.mark.parametrize("estimator", ESTIMATORS, ids=lambda c: c.__name__)
def test_every_parameter_and_shared_paragraph_is_in_the_docstring(estimator):
    """The docstring names every parameter of ``__init__`` as a numpydoc entry, and the shared
    paragraphs (estimators/_docs.py) are in it: no ``%(name)s`` line is left."""
    import inspect
    import re
    doc = estimator.__doc__
    assert not re.search(r"%\(\w+\)s", doc)
    for name in inspect.signature(estimator.__init__).parameters:
        if name != "self":
            assert re.search(rf"^    {name}\b.* :|^    {name} :", doc, re.MULTILINE), name


def test_a_shared_paragraph_goes_where_it_is_named_at_its_indentation():
    from cs229.estimators import _docs

    class Made:
        """Parameters
        ----------
        %(n_jobs_predict)s
        other : int
            Not shared."""
    filled = _docs.filled(Made).__doc__
    assert "        n_jobs : int or None, default=None\n            The cores that prediction" in filled
    assert filled.endswith("        other : int\n            Not shared.")

    class Unknown:
        """%(no_such_paragraph)s"""
    with pytest.raises(KeyError, match="no_such_paragraph"):
        _docs.filled(Unknown)
