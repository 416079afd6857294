"""One set of conventions for both functional faces (README, "Conventions"): argument order,
names for fitting and predicting, label codings and the messages that refuse other codings,
defaults, no parameter hidden in ``extra``; the inputs users have (pandas, scipy.sparse, bool
labels) across every public function; docstrings that teach (catalog ID, shapes, return); and one
home for what the modules share (no private name imported from another module, no built-in sum)."""
import ast
import importlib
import inspect
import re

import numpy as np
import pandas as pd
import pytest
import scipy.sparse

import cs229.fast  # noqa: F401
from cs229.proofs.catalog import PARTS
from cs229.reference import messages

from tests import ROOT
from tests.bad_input import as_pandas, same
from tests.fuzz import bases


FACES = ["reference", "fast"]
FUNCTIONS = bases.functions()

# ---- argument order -------------------------------------------------------------------------
# The names each rule speaks of; a name outside these (an index i, a count k, …) is not ranked.
MODELS = {"model", "tree", "family"}
DATA = {"X", "y", "x", "documents", "Q", "c"}
PARAMETERS = {"theta", "Theta", "w", "b", "xi", "r", "mu", "Sigma", "mu0", "mu1", "phi"}
DUAL = {"svm", "smo", "coordinate_ascent", "kernels.perceptron_decision"}   # alpha is the dual's α
QUERIES = {"Z", "queries"}
OPTIONS = {"C", "kernel", "tol", "max_iterations", "max_epochs", "epochs", "order", "seed",
           "record", "rule", "damping", "start", "average", "decay", "classes", "ignore_unknown",
           "min_samples_leaf", "max_depth", "discrete", "threshold", "unit", "solver"}


def _rank(module, name, function=""):
    if name in MODELS:
        return 0
    if name in DATA:
        return 1
    if name in PARAMETERS or (name == "alpha" and (module in DUAL or f"{module}.{function}" in DUAL)):
        return 2
    if name in QUERIES:
        return 3
    if name in OPTIONS:
        return 4
    return None


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("module,name", FUNCTIONS, ids=[f"{m}.{n}" for m, n in FUNCTIONS])
def test_arguments_come_models_data_parameters_queries_options(face, module, name):
    """Among the required arguments, and among the defaulted ones: a fitted model (or a GLM's
    family) first, then data, parameters, the points to predict at, options."""
    f = getattr(importlib.import_module(f"cs229.{face}.{module}"), name)
    parameters = inspect.signature(f).parameters.values()
    for group in ([p for p in parameters if p.default is p.empty],
                  [p for p in parameters if p.default is not p.empty]):
        ranked = [(_rank(module, p.name, name), p.name) for p in group
                  if _rank(module, p.name, name) is not None]
        assert [r for r, _ in ranked] == sorted(r for r, _ in ranked), (
            f"{module}.{name}{inspect.signature(f)}: {[n for _, n in ranked]} is out of order")


def test_the_argument_order_test_fails_on_the_old_orders():
    """The order test would have caught the orders this convention replaced."""
    for module, function, old in [("svm", "slacks", "w b X y"), ("svm", "dual_objective", "alpha X y"),
                                  ("generative", "gda_log_likelihood", "X y model"),
                                  ("kernels", "perceptron_decision", "X y alpha b kernel Z")]:
        ranks = [_rank(module, n, function) for n in old.split()]
        assert ranks != sorted(ranks), old


@pytest.mark.parametrize("face", FACES)
def test_fitting_is_named_model_fit(face):
    """A function returning a model object is ``<model>_fit``; no ``fit_<model>`` is left."""
    names = [n for m, n in FUNCTIONS]
    assert not [n for n in names if n.startswith("fit_")]
    for module, name in [("generative", "gda_fit"), ("naive_bayes", "bernoulli_fit"),
                         ("naive_bayes", "categorical_fit"), ("naive_bayes", "multinomial_fit"),
                         ("trees", "tree_fit")]:
        assert hasattr(importlib.import_module(f"cs229.{face}.{module}"), name)


def test_predict_is_a_label_in_the_notes_coding(impl):
    """``predict`` returns labels in the module's coding; probabilities have their own name."""
    X = impl.arg([[1.0, -2.0], [1.0, 0.5], [1.0, 3.0]])
    assert impl.out(impl.logistic_regression.predict(X, impl.arg([0.0, 1.0]))) == [0, 1, 1]
    p = impl.out(impl.logistic_regression.probabilities(X, impl.arg([0.0, 1.0])))
    assert all(0 < v < 1 for v in p)
    assert impl.out(impl.softmax.predict(X, impl.arg([[0.0, 1.0], [0.0, -1.0]]))) == [2, 1, 1]
    assert impl.out(impl.margins.predict(X, impl.arg([0.0, 1.0]), 0.0)) == [-1, 1, 1]
    assert not hasattr(impl.glm, "predict")     # E[y | x] is glm.hypotheses, not a label
    assert impl.out(impl.glm.hypotheses("bernoulli", X, impl.arg([0.0, 1.0]))) == p


def test_softmax_newton_starts_at_zero_without_Theta_SM_4(impl):
    """``Theta=None`` is θ₁ = … = θ_{k−1} = 0, as logistic ``newton``'s ``theta=None``."""
    X = impl.arg([[1.0, float(v)] for v in range(9)])
    y = impl.arg([1, 2, 3, 2, 3, 1, 3, 1, 2])   # every class spread over the range: an MLE exists
    default = impl.softmax.newton(X, y, record=True)
    zero = impl.softmax.newton(X, y, impl.arg([[0.0, 0.0], [0.0, 0.0]]), record=True)
    assert impl.out(default.path[0]) == [[0.0, 0.0], [0.0, 0.0]]
    assert impl.out(default.theta) == impl.out(zero.theta) and default.iterations == zero.iterations
    logistic = impl.logistic_regression.newton(X, impl.arg([0, 1, 1, 0, 1, 0, 0, 1, 1]), record=True)
    assert impl.out(logistic.path[0]) == [0.0, 0.0]


def test_kernel_perceptron_returns_b_as_a_field_KR_9(impl):
    """No parameter in ``extra``: b is the result's own field, and predicts with α."""
    X = impl.arg([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [3.0, 3.0]])
    y = impl.arg([-1, -1, 1, 1])
    kernel = impl.kernels.Linear()
    fit = impl.kernels.kernel_perceptron(X, y, kernel)
    assert isinstance(fit, impl.kernels.KernelPerceptronResult) and "b" not in fit.extra
    values = impl.out(impl.kernels.perceptron_decision(X, y, fit.theta, fit.b, X, kernel))
    assert [1 if v >= 0 else -1 for v in values] == impl.out(y)


# ---- labels outside the notes' coding ---------------------------------------------------------

def test_every_named_estimator_exists():
    estimators = pytest.importorskip("cs229.estimators")
    for phrase in messages.ESTIMATORS.values():
        for name in re.findall(r"[A-Z]\w+", phrase.replace("cs229.estimators.", "")):
            assert hasattr(estimators, name), name


X2 = np.array([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0], [1.0, 3.0]])
LABEL_CALLS = [  # (module, function, arguments with a label outside the coding, the coding)
    ("logistic_regression", "log_likelihood", dict(X=X2, y=np.array([0, 1, 2, 1]), theta=np.zeros(2)), "0 or 1"),
    ("logistic_regression", "perceptron", dict(X=X2, y=np.array([0, 1, -1, 1])), "0 or 1"),
    ("glm", "log_likelihood", dict(family="bernoulli", X=X2, y=np.array([0, 1, 2, 1]), theta=np.zeros(2)), "0 or 1"),
    ("generative", "gda_fit", dict(X=X2, y=np.array([0, 1, 2, 1])), "0 or 1"),
    ("naive_bayes", "bernoulli_fit", dict(X=np.array([[1, 0], [0, 1], [1, 1], [0, 0]]), y=np.array([0, 1, 2, 1])), "0 or 1"),
    ("softmax", "log_likelihood", dict(X=X2, y=np.array([1, 2, 3, 0]), Theta=np.zeros((2, 2))), "integers in 1..3"),
    ("softmax", "newton", dict(X=X2, y=np.array([1, 2, 0, 2])), r"integers in 1\.\."),
    ("margins", "functional_margins", dict(X=X2, y=np.array([0, 1, 1, 0]), w=np.zeros(2), b=0.0), "-1 or 1"),
    ("svm", "slacks", dict(X=X2, y=np.array([0, 1, 1, 0]), w=np.zeros(2), b=0.0), "-1 or 1"),
    ("smo", "smo", dict(X=X2, y=np.array([0, 1, 1, 0])), "-1 or 1"),
    ("kernels", "kernel_perceptron", dict(X=X2, y=np.array([0, 1, 1, 0]), kernel=None), "-1 or 1"),
    ("trees", "tree_fit", dict(X=X2, y=np.array([0, 1.5, 1, 0])), "integers"),
    ("trees", "tree_fit", dict(X=X2, y=np.array(["no", "yes", "yes", "no"])), "integers"),
    ("entropy", "count_table", dict(x=np.array([0, 1, 1, 0]), y=np.array([0, 1, 0.5, 0])), "integers"),
]


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("module,name,kwargs,coding", LABEL_CALLS, ids=[f"{m}.{n}" for m, n, *_ in LABEL_CALLS])
def test_labels_outside_the_coding_name_it_and_the_estimator(face, module, name, kwargs, coding):
    mod = importlib.import_module(f"cs229.{face}.{module}")
    kwargs = dict(kwargs)
    if "kernel" in kwargs:
        kwargs["kernel"] = mod.Linear()
    refusal = TypeError if kwargs["y"].dtype.kind == "U" else ValueError  # a str is not a number at all
    if face == "reference":
        kwargs = {k: v.tolist() if isinstance(v, np.ndarray) else v for k, v in kwargs.items()}
    with pytest.raises(refusal, match=rf"labels must be {coding}.*the notes' coding") as info:
        getattr(mod, name)(**kwargs)
    named = re.search(r"use (cs229\.estimators\.\w+)", str(info.value))
    assert named and named.group(1) in messages.estimator(module if module in messages.ESTIMATORS
                                                          else "margins")


# ---- the inputs users have: pandas, scipy.sparse, bool labels -----------------------------------

TABLE = bases.table()
CASES = [(m, n) for m, n in FUNCTIONS if (m, n) in TABLE]
BINARY = {"logistic_regression", "generative", "naive_bayes", "glm"}   # modules coded {0, 1}


def _call(face, module, name, kwargs):
    f = getattr(importlib.import_module(f"cs229.{face}.{module}"), name)
    if not set(kwargs) <= set(inspect.signature(f).parameters):
        return f(*kwargs.values())             # EXTRA's entries are in positional order
    return f(**kwargs)


def _outcome(face, module, name, kwargs):
    try:
        return ("answer", _call(face, module, name, kwargs))
    except Exception as e:
        return ("error", type(e), str(e))


def _arrays(kwargs):
    """The numeric array arguments (documents, ragged by nature, are not a table)."""
    return [k for k, v in kwargs.items() if isinstance(v, np.ndarray) and v.dtype.kind in "biuf"
            and v.ndim in (1, 2) and v.size and k != "documents"]


def _agree(got, expected):
    if got[0] != expected[0]:
        return False
    if got[0] == "error":
        return got[1] is expected[1]
    return same(got[1], expected[1])


def test_every_public_fast_function_has_valid_arguments():
    assert set(CASES) == set(FUNCTIONS), set(FUNCTIONS) - set(CASES)


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("module,name", CASES, ids=[f"{m}.{n}" for m, n in CASES])
def test_pandas_sparse_and_bool_labels(face, module, name):
    """Every array argument as a DataFrame or Series gives the answer of the array; as a
    scipy.sparse matrix, that answer too or a TypeError naming ``.toarray()``; {0, 1} labels as
    bools, in a module coded {0, 1}, the answer of the ints."""
    base = TABLE[(module, name)]
    expected = _outcome(face, module, name, base)
    for arg in _arrays(base):
        value = base[arg]
        got = _outcome(face, module, name, {**base, arg: as_pandas(value)})
        assert _agree(got, expected), f"{face} {module}.{name}({arg} as pandas): {got[:3]} != {expected[:3]}"
        if value.ndim == 2 and module != "naive_bayes":   # naive Bayes' sparse input: its own tests
            got = _outcome(face, module, name, {**base, arg: scipy.sparse.csr_matrix(value)})
            assert _agree(got, expected) or (got[0] == "error" and got[1] is TypeError
                                             and ".toarray()" in got[2]), (
                f"{face} {module}.{name}({arg} sparse): {got[:3]}")
        if (arg == "y" and module in BINARY and expected[0] == "answer"
                and set(np.unique(value)) <= {0, 1}):
            got = _outcome(face, module, name, {**base, arg: value.astype(bool)})
            assert _agree(got, expected), f"{face} {module}.{name}(y as bool): {got[:3]}"
            got = _outcome(face, module, name, {**base, arg: pd.Series(value.astype(bool))})
            assert _agree(got, expected), f"{face} {module}.{name}(y as a bool Series): {got[:3]}"

PREFIXES = "|".join(p for _, _, prefixes in PARTS.values() for p in prefixes)
CATALOG_ID = re.compile(rf"\b({PREFIXES})-\d+")


@pytest.mark.parametrize("module,name", FUNCTIONS, ids=[f"{m}.{n}" for m, n in FUNCTIONS])
def test_fast_docstring_is_the_reference_text_with_id_shapes_and_return(module, name):
    """Each public fast function's docstring names its catalog ID, its shapes (and so its label
    coding) and its return; the text is its reference twin's (one home), then the compiled note."""
    fast = getattr(importlib.import_module(f"cs229.fast.{module}"), name)
    reference = getattr(importlib.import_module(f"cs229.reference.{module}"), name)
    doc = fast.__doc__ or ""
    assert doc.startswith(inspect.cleandoc(reference.__doc__)), f"{module}.{name}: not the reference's text"
    assert CATALOG_ID.search(doc), f"{module}.{name}: no catalog ID"
    shapes = re.search(r"^Shapes: (.+?)\.\n", doc, re.M | re.S)
    assert shapes and re.search(r"^Returns: \S", doc, re.M), f"{module}.{name}: no Shapes/Returns"
    for parameter in inspect.signature(fast).parameters.values():
        if parameter.name in DATA | PARAMETERS | QUERIES | MODELS and parameter.name != "c":
            assert re.search(rf"\b{parameter.name}\b", shapes.group(1)), (
                f"{module}.{name}: the shape of {parameter.name} is not stated")
    if "y" in inspect.signature(fast).parameters and module in BINARY | {"margins", "svm", "smo", "softmax"}:
        assert re.search(r"\{0, 1\}|\{−1, 1\}|1\.\.k|counts|the family's support", shapes.group(1)), (
            f"{module}.{name}: no label coding")


@pytest.mark.parametrize("module,name", FUNCTIONS[::7], ids=[f"{m}.{n}" for m, n in FUNCTIONS[::7]])
def test_help_prints_the_signature_once(module, name):
    import pydoc
    fast = getattr(importlib.import_module(f"cs229.fast.{module}"), name)
    text = pydoc.render_doc(fast, renderer=pydoc.plaintext)
    # the signature as a line of its own (a formula such as MG-1's "g(z) = 1 if z ≥ 0" may repeat it)
    assert [line.strip() for line in text.splitlines()].count(f"{name}{inspect.signature(fast)}") == 1, text[:400]


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("module", bases.modules())
def test_every_module_docstring_states_its_conventions(face, module):
    doc = importlib.import_module(f"cs229.{face}.{module}").__doc__
    assert "\n\nConventions (README, Conventions): " in doc


# ---- one home for what the modules share ---------------------------------------------------

OWN = {"reference": ["svm", "smo", "kernels", "duality", "coordinate_ascent", "margins"],
       "fast": ["svm", "smo", "kernels", "coordinate_ascent", "margins", "_svm_kernels"]}
IMPORT = re.compile(r"^from\s+(\S+)\s+import\s+(\([^)]*\)|[^\n]*)", re.M)


def _imported_names(face, module):
    path = ROOT / face / (f"{module}.py" if face == "reference" else f"{module}.pyx")
    for source, names in IMPORT.findall(path.read_text()):
        if "cimport" in names:
            continue
        for name in re.split(r"[\s,()]+", re.sub(r"\bas\s+\w+", "", names)):
            if name and name != "as":
                yield source, name


@pytest.mark.parametrize("face,module", [(f, m) for f in OWN for m in OWN[f]])
def test_no_module_imports_another_modules_private_names(face, module):
    private = [(source, name) for source, name in _imported_names(face, module) if name.startswith("_")]
    assert not private, private


@pytest.mark.parametrize("module", ["svm", "smo", "margins", "coordinate_ascent", "duality"])
def test_reference_sums_are_explicit_loops(module):
    """CONTRIBUTING: no built-in sum (compensated on floats from Python 3.12)."""
    tree = ast.parse((ROOT / "reference" / f"{module}.py").read_text())
    calls = [node.lineno for node in ast.walk(tree)
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "sum"]
    assert not calls, f"reference/{module}.py calls sum() at lines {calls}"
