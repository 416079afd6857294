"""What the estimators share: input validation by scikit-learn's own utilities, the x₀ = 1
column, the notes' iterative algorithms run with their failures handled one way, the progress
report, and the kernels by name.

Parameters are read by the kinds of ``cs229.reference.parameters``, the faces' own, so that an
estimator and the function it calls refuse a value in the same words. A parameter the estimator
only passes on (SVC's C, naive Bayes' alpha, tol, epochs, decay, seed, shrinking, cache_size,
average, max_depth, ...) is left to the fast function, which checks it once; the estimator reads a
parameter itself only where it uses the value before the call (a solver, an iteration cap, a
kernel's options under their scikit-learn names, a bandwidth kept for predict) or where
scikit-learn's names or conventions differ from the faces' (``learning_rate`` for the faces' α,
``penalty`` and ``C`` or the GLMs' ``alpha`` for their λ; said where it happens).
"""
import functools
import inspect
import math
import numbers
import warnings

import numpy as np
import scipy.sparse as sp
from joblib import effective_n_jobs
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils import check_random_state
from sklearn.utils.validation import _check_sample_weight, validate_data

from cs229.reference import inputs, linalg, messages, parameters

from . import _fast

__all__ = [
    "keep", "two_classes", "user_columns", "log_odds_to_log_proba", "fit_data", "predict_data",
    "strings", "real_targets", "design", "split_theta", "example_order", "check_cap", "iterate",
    "report", "outcome", "KERNEL_NAMES", "kernel_object", "gamma_value", "wants_strings",
    "is_string_kernel", "check_n_jobs", "DEPRECATED", "learning_rate", "PENALTIES", "inverse_penalty",
]


# ---- parameters ---------------------------------------------------------------------------------

def keep(estimator, arguments):
    """scikit-learn's rule for ``__init__``: every argument stored unchanged under its own name
    (``arguments`` is ``__init__``'s ``locals()``); nothing is checked before ``fit``."""
    for name, value in arguments.items():
        if name != "self":
            setattr(estimator, name, value)


def two_classes(tags):
    """scikit-learn's tags of a model of the notes' two classes y ∈ {0, 1} (or {−1, 1})."""
    tags.classifier_tags.multi_class = False
    return tags


# ---- errors in the user's terms ------------------------------------------------------------------

def user_columns(method):
    """``fit`` (or ``predict``) whose SingularMatrixError speaks of the columns of the user's X.

    The faces count the columns of the design matrix, whose column 0 is x₀ = 1 when the model
    has an intercept: there that one is "the intercept" and column j + 1 the user's column j;
    a feature's name follows its number when ``feature_names_in_`` exists. The error keeps the
    faces' ``column`` and ``combination`` (the design matrix's numbering)."""
    @functools.wraps(method)
    def speaking_of_user_columns(estimator, *args, **kwargs):
        try:
            return method(estimator, *args, **kwargs)
        except _fast.SingularMatrixError as e:
            words = _in_user_columns(e, estimator)
            if words is None:
                raise
            raise _fast.SingularMatrixError(words, e.column, e.combination) from None
    return speaking_of_user_columns


def _in_user_columns(error, estimator):
    if error.column is None or error.combination is None:
        return None
    said = linalg.dependence(error.column, error.combination, of=" of X")
    if said not in str(error):
        return None
    intercept = bool(getattr(estimator, "fit_intercept_", getattr(estimator, "fit_intercept", False)))
    names = getattr(estimator, "feature_names_in_", None)

    def label(j):
        if intercept and j == 0:
            return "the intercept"
        k = j - 1 if intercept else j
        return f"column {k}" if names is None else f"column {k} ({names[k]!r})"
    return str(error).replace(said, linalg.dependence(error.column, error.combination, of=" of X",
                                                      label=label))


def log_odds_to_log_proba(z):
    """[log(1 − g(z)), log g(z)] = [−log(1 + eᶻ), −log(1 + e⁻ᶻ)] per entry of z (LG-3)."""
    z = np.asarray(z, dtype=np.float64)
    return np.column_stack([-np.logaddexp(0.0, z), -np.logaddexp(0.0, -z)])


# ---- data ---------------------------------------------------------------------------------------

def fit_data(estimator, X, y, **options):
    """(X, y) checked by scikit-learn's ``validate_data`` (which also records ``n_features_in_``
    and, for a DataFrame, ``feature_names_in_``); X as float64 unless ``options`` say otherwise.
    A single example is refused with scikit-learn's own message unless ``options`` allow it:
    the notes' models need two classes, or at least as many examples as parameters."""
    options.setdefault("dtype", np.float64)
    options.setdefault("ensure_min_samples", 2)
    return validate_data(estimator, _gathered(X), y, **options)


def predict_data(estimator, X, **options):
    """X for predict and friends: checked against what ``fit`` saw (number and names of the
    features)."""
    options.setdefault("dtype", np.float64)
    return validate_data(estimator, _gathered(X), reset=False, **options)


def _gathered(X):
    """A dask array of scipy.sparse chunks, given to a fit that has no distributed form, as the
    one scipy.sparse matrix it is (numpy would make it an array of matrices); then scikit-learn's
    checks accept it or refuse it in their words, as in memory. Other input as it is."""
    meta = getattr(X, "_meta", None)
    if meta is not None and sp.issparse(meta) and hasattr(X, "compute"):
        return X.compute()
    return X


def strings(estimator, X, y=None, reset=True):
    """X for a string kernel: a sequence of str, or a two-dimensional input with one column of
    str (a DataFrame column keeps its name in ``feature_names_in_``, and ``n_features_in_`` is
    1); a one-dimensional object array of str out."""
    two_d = np.ndim(X) == 2
    options = dict(dtype=None, ensure_2d=two_d, ensure_min_samples=2 if reset else 1)
    if y is None:
        X = validate_data(estimator, X, reset=reset, **options)
    else:
        X, y = validate_data(estimator, X, y, reset=reset, **options)
    if two_d:
        if X.shape[1] != 1:
            raise ValueError(f"X has {X.shape[1]} columns: a string kernel reads one column of strings")
        X = X[:, 0]
    out = np.empty(X.shape[0], dtype=object)
    for i, s in enumerate(X):
        if not isinstance(s, str):
            raise TypeError(f"X[{i}] is {type(s).__name__}: a string kernel compares strings")
        out[i] = s
    return out if y is None else (out, y)


def real_targets(y, given):
    """The targets of a regression (``y`` as ``fit_data`` returned it) as float64, every one a
    finite real number; otherwise the error the fast face's reader gives (the one message table:
    "y[0] is 'a': expected a real number"), naming the caller's entry (``given``: None, not the
    NaN scikit-learn made of it), at fit rather than at the first predict."""
    a = np.asarray(y)
    if a.dtype.kind in "iuf" and np.isfinite(a).all():
        return a.astype(np.float64, copy=False)
    for values in (given, a):   # the first that names the entry
        inputs.vector(values, "y")
    return a.astype(np.float64)


def design(X, fit_intercept):
    """LR-1 (000 Part I): the design matrix with the intercept entry x₀ = 1 prepended to every row
    when ``fit_intercept`` (True or False), as the notes' θᵀx expects; X unchanged otherwise."""
    return _fast.add_intercept(X) if parameters.flag(fit_intercept, "fit_intercept") else X


def split_theta(theta, fit_intercept):
    """(intercept, coefficients) of θ: θ₀ and θ₁..θₙ with an intercept, else 0 and θ."""
    theta = np.asarray(theta)
    if fit_intercept:
        return theta[..., 0].copy(), theta[..., 1:].copy()
    return np.zeros(theta.shape[:-1]), theta.copy()


def example_order(shuffle, random_state, m):
    """The order of the examples within an epoch: 0..m−1 as the notes loop ("for i = 1 to m"),
    or one permutation drawn from ``random_state`` when ``shuffle``. ``random_state`` has
    scikit-learn's meaning (None, an int or a RandomState, read by its ``check_random_state``),
    not the faces' ``seed`` (an integer driving SplitMix64)."""
    if not parameters.flag(shuffle, "shuffle"):
        return None
    return check_random_state(random_state).permutation(m)


# ---- parameters ---------------------------------------------------------------------------------

MAX_ITERATIONS = {"newton": 100, "gd": 10_000}   # the fast face's caps for Newton and gradient steps


def check_cap(max_iterations, solver):
    """``max_iterations``, an iteration count (``parameters.positive_int``), or where it is None
    the fast face's cap for ``solver``: an estimator's None means the solver's default, where the
    faces have a number. Read here because ``iterate`` needs the cap."""
    if max_iterations is None:
        return MAX_ITERATIONS[solver]
    return parameters.positive_int(max_iterations, "max_iterations")


# The default of the deprecated ``alpha`` of the estimators whose alpha was the step size: a
# str, so that get_params, set_params and clone carry it unchanged and fit can tell it from a
# number the caller gave.
DEPRECATED = "deprecated"


def learning_rate(estimator):
    """The step size α of a gradient method: ``learning_rate``, or, for one release, the
    deprecated ``alpha`` of the estimators whose alpha was the step size (linear, logistic,
    perceptron, softmax), with a FutureWarning naming ``learning_rate``. Read in fit, as
    scikit-learn's rule for a renamed parameter asks (``__init__`` stores the arguments as
    given). Both given is refused. The value is read here (``parameters.positive``), so that a
    refusal names the estimator's parameter, not the faces' α."""
    alpha = getattr(estimator, "alpha", DEPRECATED)
    if isinstance(alpha, str) and alpha == DEPRECATED:
        return parameters.positive(estimator.learning_rate, "learning_rate", float64=True)
    name = type(estimator).__name__
    default = type(estimator)().learning_rate
    if not (estimator.learning_rate is default or estimator.learning_rate == default):
        raise messages.error("alpha_and_learning_rate", estimator=name, value=alpha,
                             rate=messages.show(estimator.learning_rate))
    alpha = parameters.positive(alpha, "alpha", float64=True)
    warnings.warn(messages.text("alpha_step_size", estimator=name, value=alpha), FutureWarning,
                  stacklevel=3)
    return alpha


PENALTIES = ("l2",)


def sample_weights(sample_weight, X):
    """X-2: None, or scikit-learn's ``_check_sample_weight`` of the weights (float64, one per row
    of X; a scalar is that weight for every row); the faces refuse negative weights and all 0."""
    if sample_weight is None:
        return None
    return _check_sample_weight(sample_weight, X, dtype=np.float64)


def classes_without_weight(labels, sample_weight):
    """X-2: (the classes whose examples all weigh 0, the classes that carry weight), each in the
    order of ``labels.classes``."""
    total = np.bincount(labels.index, weights=sample_weight, minlength=len(labels.classes))
    classes = labels.classes.tolist()
    return [c for c, t in zip(classes, total) if not t > 0], [c for c, t in zip(classes, total) if t > 0]


class Memory:
    """The engine of a fit on arrays in memory: scikit-learn's ``validate_data`` and cs229.fast
    (through ``_fast``); ``_dask.Dask`` has the same names for dask collections (X-7)."""

    fit_data = staticmethod(fit_data)
    predict_data = staticmethod(predict_data)
    design = staticmethod(design)
    sample_weights = staticmethod(sample_weights)
    classes_without_weight = staticmethod(classes_without_weight)

    def labels(self, y, model):
        from . import _labels
        return _labels.class_labels(y, model)

    def variance(self, family, eta):
        """V at each η (the family's variance function)."""
        return np.array([float(family.variance(float(e))) for e in eta])

    def vector(self, a, name):
        return np.asarray(a, dtype=np.float64)

    def __getattr__(self, name):
        return getattr(_fast, name)


MEMORY = Memory()


def engine(*arrays):
    """The engine of a call on ``arrays``: ``_dask.DASK`` when one is a dask collection (X-7),
    else ``MEMORY``."""
    from . import _dask
    return _dask.DASK if _dask.is_dask(*arrays) else MEMORY


def rowwise(method):
    """A prediction made row by row (``predict``, ``decision_function``, ``predict_proba``, …):
    on a dask X (X-7), a dask array whose row chunks the method predicts in memory, computed
    when the caller asks (``_dask.map_rows``); keyword arguments are per-row vectors (offset,
    exposure)."""
    @functools.wraps(method)
    def by_rows(estimator, X, *args, **kwargs):
        from . import _dask
        if not _dask.is_dask(X, *args, *kwargs.values()):
            return method(estimator, X, *args, **kwargs)
        rows = inspect.signature(method).bind(estimator, X, *args, **kwargs).arguments
        rows = {name: value for name, value in list(rows.items())[2:]}
        return _dask.map_rows(method.__name__, estimator, X, **rows)
    return by_rows


def in_memory(engine_, what, solver, supported):
    """A dask collection given to a ``solver`` that has no distributed form: a ValueError naming
    the ones that have (X-7)."""
    if engine_ is not MEMORY:
        raise messages.error("dask_solver", what=what, solver=solver, supported=supported)


def inverse_penalty(penalty, C):
    """λ of scikit-learn's ``penalty`` and ``C``: 0 for None (the notes' maximum likelihood
    fit; C is then not read), 1/C for "l2" with C > 0 (C = inf is λ = 0, scikit-learn's other
    way of saying no penalty). scikit-learn's C multiplies the loss summed over the examples,
    ½‖w‖² + C Σᵢ loss⁽ⁱ⁾, whose minimiser maximises ℓ(θ) − (1/(2C)) Σ_{j≥1} θⱼ², the faces'
    objective with λ = 1/C (X-1)."""
    if penalty is None:
        return 0.0
    parameters.choice(penalty, "penalty", PENALTIES, " or None")
    if isinstance(C, numbers.Real) and not isinstance(C, bool) and C == math.inf:
        return 0.0
    return 1.0 / parameters.positive(C, "C", float64=True)


def check_n_jobs(n_jobs):
    """The cores for the fast face's ``n_jobs`` from scikit-learn's ``n_jobs``, where the faces'
    meaning differs: None is one core (joblib's ``effective_n_jobs``: more inside a
    ``parallel_config`` that asks for them) and −2 all cores but one (−3 all but two, ...); a
    positive count and −1 are ``parameters.n_jobs``'s. 0 or a non-integer is refused in words
    of this meaning (``n_jobs_estimator``): the faces' words call None all cores."""
    if n_jobs is None:
        return effective_n_jobs(None)
    if isinstance(n_jobs, bool) or not isinstance(n_jobs, numbers.Integral):
        raise messages.error("n_jobs_estimator_kind", name="n_jobs", value=n_jobs)
    if n_jobs == 0:
        raise messages.error("n_jobs_estimator", name="n_jobs", value=n_jobs)
    if n_jobs < -1:
        return max(effective_n_jobs(int(n_jobs)), 1)
    return parameters.n_jobs(n_jobs)


# ---- iterative fits -----------------------------------------------------------------------------

def iterate(fit, cap, remedy=None, newton=False):
    """Run one of the notes' iterative algorithms, ``fit()``, and return its result.

    The fast face raises ConvergenceError (holding the last iterate) in three situations, and
    the estimators treat them as follows:

    - the iteration cap ``cap`` was reached before the stopping test held: as scikit-learn's
      own iterative estimators do at ``max_iter``, the last iterate is kept and a
      ConvergenceWarning carries the notes' message;
    - SeparableDataError: an iterate classifies every training example correctly, so the
      likelihood has no maximiser (LG-3) and no finite θ is the answer; the notes' algorithm
      stops at that separating iterate, which is kept, with a ConvergenceWarning that says so
      (``warnings.simplefilter("error", ConvergenceWarning)`` turns both into errors);
    - anything else (θ diverged to infinity, η left the family's domain, an SMO pair that
      cannot move): there is no usable iterate and the error is raised as it is.

    ``remedy``, where the estimator has a penalty that is off, is the message row of the option
    that makes the maximum exist: it ends the separable-data warning and, for ``newton``, the
    errors that a missing maximum causes there (θ grows until the Hessian is singular or too
    ill-conditioned for a step), raised with the same type and attributes. A gradient method's
    errors (a step too large) and the cap's warning are not about the penalty.
    """
    advice = "" if remedy is None else "; " + messages.text(remedy)
    try:
        return fit()
    except _fast.SeparableDataError as e:
        warnings.warn(f"{e}. The fit keeps that separating iterate (no maximum likelihood θ "
                      f"exists for these data){advice}.", ConvergenceWarning, stacklevel=3)
        return e.result
    except _fast.ConvergenceError as e:
        if e.result is None or e.result.iterations < cap:
            if advice and newton:
                raise type(e)(f"{e}{advice}", e.result) from e
            raise
        warnings.warn(f"{e}. The fit keeps the last iterate.", ConvergenceWarning, stacklevel=3)
        return e.result
    except _fast.SingularMatrixError as e:
        if advice and newton:
            raise type(e)(f"{e}{advice}", e.column, e.combination) from e
        raise


def report(estimator, summary, steps=None):
    """The progress of a fit on stdout: with ``verbose`` >= 1 the one-line ``summary`` (the
    fast face runs its loops without calling back, so it is printed when the fit returns);
    with ``verbose`` >= 2 also ``steps()``, one line per recorded iterate."""
    if not estimator.verbose:
        return
    # a callable summary is formed only when printed (it may take a pass over the data)
    print(f"[{type(estimator).__name__}] {summary() if callable(summary) else summary}")
    if estimator.verbose >= 2 and steps is not None:
        for line in steps():
            print(f"[{type(estimator).__name__}]   {line}")


def outcome(converged, iterations, unit="iteration"):
    """'12 iterations, converged' and the like, for the summary line."""
    count = f"{iterations} {unit}{'' if iterations == 1 else 's'}"
    if converged is None:
        return f"{count} (a fixed number, no stopping test)"
    return f"{count}, {'converged' if converged else 'stopped before the stopping test held'}"


# ---- kernels (KR-2 … KR-5, KR-8, KR-10) -----------------------------------------------------------

KERNEL_NAMES = ("linear", "poly", "rbf", "string")


def kernel_object(kernel, degree, coef0, gamma):
    """The cs229 kernel for a name: "linear" K = xᵀz (KR-10), "poly" K = (xᵀz + coef0)^degree
    (the notes' (xᵀz + c)^d, KR-4), "rbf" K = exp(−γ‖x − z‖²) = exp(−‖x − z‖²/(2σ²)) with
    γ = 1/(2σ²) (KR-5), "string" the k-spectrum kernel with k = 3 (KR-8). A kernel object
    (``cs229.fast.kernels.Linear``, ``Polynomial``, ``Gaussian``, ``StringKernel``,
    ``FeatureMapKernel``, or any callable K(x, z)) is used as it is."""
    if callable(kernel) and not isinstance(kernel, str):
        return kernel
    kernel = parameters.choice(kernel, "kernel", KERNEL_NAMES, " or a kernel K(x, z)")
    # the kernel's options are read here under scikit-learn's names (degree, coef0, gamma), not
    # the kernels' own (d, c, sigma), so that a refusal names the estimator's parameter
    if kernel == "linear":
        return _fast.Linear()
    if kernel == "poly":
        degree = parameters.positive_int(degree, "degree")
        return _fast.Polynomial(c=parameters.nonnegative(coef0, "coef0", float64=True), d=degree)
    if kernel == "rbf":
        return _fast.Gaussian.from_gamma(parameters.positive(gamma, "gamma", float64=True))
    return _fast.StringKernel()


def gamma_value(gamma, X):
    """γ of the Gaussian kernel: a number as given (``kernel_object`` checks it), or scikit-learn's
    "scale", 1/(n_features · X.var()) (1 where X does not vary), or "auto", 1/n_features. Rows of
    strings have no γ: a name is only checked."""
    if not isinstance(gamma, str):
        return gamma
    gamma = parameters.choice(gamma, "gamma", ("scale", "auto"), " or a number > 0")
    if X.dtype == object:
        return 1.0
    if gamma == "auto":
        return 1.0 / X.shape[1]
    variance = X.var()
    return 1.0 / (X.shape[1] * variance) if variance > 0 else 1.0


def wants_strings(kernel):
    """The kernel (a name or an object) reads rows of str: "string" or a StringKernel."""
    return (isinstance(kernel, str) and kernel == "string") or is_string_kernel(kernel)


def is_string_kernel(kernel):
    return isinstance(kernel, _fast.StringKernel)
