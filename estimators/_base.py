"""What the estimators share: input validation by scikit-learn's own utilities, the x₀ = 1
column, the notes' iterative algorithms run with their failures handled one way, the progress
report, and the kernels by name."""
import math
import numbers
import warnings

import numpy as np
from joblib import effective_n_jobs
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils import check_random_state, check_scalar
from sklearn.utils.validation import validate_data

from cs229.reference import inputs

from . import _fast

__all__ = [
    "fit_data", "predict_data", "strings", "real_targets", "design", "split_theta", "example_order",
    "check_choice", "check_real", "check_positive", "check_nonnegative", "check_count", "check_cap", "check_tol",
    "check_n_jobs",
    "iterate", "report", "outcome", "KERNEL_NAMES", "kernel_object", "is_string_kernel",
]


# ---- data ---------------------------------------------------------------------------------------

def fit_data(estimator, X, y, **options):
    """(X, y) checked by scikit-learn's ``validate_data`` (which also records ``n_features_in_``
    and, for a DataFrame, ``feature_names_in_``); X as float64 unless ``options`` say otherwise.
    A single example is refused with scikit-learn's own message unless ``options`` allow it:
    the notes' models need two classes, or at least as many examples as parameters."""
    options.setdefault("dtype", np.float64)
    options.setdefault("ensure_min_samples", 2)
    return validate_data(estimator, X, y, **options)


def predict_data(estimator, X, **options):
    """X for predict and friends: checked against what ``fit`` saw (number and names of the
    features)."""
    options.setdefault("dtype", np.float64)
    return validate_data(estimator, X, reset=False, **options)


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
    when ``fit_intercept``, as the notes' θᵀx expects; X unchanged otherwise."""
    return _fast.add_intercept(X) if fit_intercept else X


def split_theta(theta, fit_intercept):
    """(intercept, coefficients) of θ: θ₀ and θ₁..θₙ with an intercept, else 0 and θ."""
    theta = np.asarray(theta)
    if fit_intercept:
        return theta[..., 0].copy(), theta[..., 1:].copy()
    return np.zeros(theta.shape[:-1]), theta.copy()


def example_order(shuffle, random_state, m):
    """The order of the examples within an epoch: 0..m−1 as the notes loop ("for i = 1 to m"),
    or one permutation drawn from ``random_state`` when ``shuffle``."""
    if not shuffle:
        return None
    return check_random_state(random_state).permutation(m)


# ---- parameters ---------------------------------------------------------------------------------

def check_choice(value, name, choices):
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"{name} must be one of {choices}, got {value!r}")
    return value


def _finite(value, name):
    """A real parameter is a finite number: NaN passes every comparison check_scalar makes, and
    an infinite step, bandwidth or threshold has no meaning in the notes' formulas."""
    if not math.isfinite(value):
        raise ValueError(f"{name} must be a finite number, got {value}")
    return value


def check_real(value, name):
    return _finite(check_scalar(value, name, numbers.Real), name)


def check_positive(value, name):
    return _finite(check_scalar(value, name, numbers.Real, min_val=0, include_boundaries="neither"), name)


def check_nonnegative(value, name):
    return _finite(check_scalar(value, name, numbers.Real, min_val=0), name)


def check_count(value, name, minimum=1):
    return check_scalar(value, name, numbers.Integral, min_val=minimum)


MAX_ITERATIONS = {"newton": 100, "gd": 10_000}   # the fast face's caps for Newton and gradient steps


def check_cap(max_iterations, solver):
    """``max_iterations``, or the fast face's cap for ``solver`` when it is None."""
    if max_iterations is None:
        return MAX_ITERATIONS[solver]
    return check_count(max_iterations, "max_iterations")


def check_tol(value, name="tol", allow_none=False):
    if value is None and allow_none:
        return None
    return check_nonnegative(value, name)


def check_n_jobs(n_jobs):
    """The cores for the fast face's ``n_jobs`` from scikit-learn's ``n_jobs`` (joblib's
    ``effective_n_jobs``: None is 1 outside a ``parallel_config``, −1 every core, −2 all but
    one); 0 and anything but an integer or None are refused."""
    if n_jobs is not None:
        check_scalar(n_jobs, "n_jobs", numbers.Integral)
        if n_jobs == 0:
            raise ValueError("n_jobs == 0 has no meaning: None or 1 is one core, -1 every core")
        n_jobs = int(n_jobs)
    return effective_n_jobs(n_jobs)


# ---- iterative fits -----------------------------------------------------------------------------

def iterate(fit, cap):
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
    """
    try:
        return fit()
    except _fast.SeparableDataError as e:
        warnings.warn(f"{e}. The fit keeps that separating iterate (no maximum likelihood θ "
                      "exists for these data).", ConvergenceWarning, stacklevel=3)
        return e.result
    except _fast.ConvergenceError as e:
        if e.result is None or e.result.iterations < cap:
            raise
        warnings.warn(f"{e}. The fit keeps the last iterate.", ConvergenceWarning, stacklevel=3)
        return e.result


def report(estimator, summary, steps=None):
    """The progress of a fit on stdout: with ``verbose`` >= 1 the one-line ``summary`` (the
    fast face runs its loops without calling back, so it is printed when the fit returns);
    with ``verbose`` >= 2 also ``steps()``, one line per recorded iterate."""
    if not estimator.verbose:
        return
    print(f"[{type(estimator).__name__}] {summary}")
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
    if isinstance(kernel, str):
        check_choice(kernel, "kernel", KERNEL_NAMES)
        if kernel == "linear":
            return _fast.Linear()
        if kernel == "poly":
            degree = check_count(degree, "degree")
            coef0 = check_nonnegative(coef0, "coef0")
            return _fast.Polynomial(c=float(coef0), d=int(degree))
        if kernel == "rbf":
            return _fast.Gaussian.from_gamma(float(check_positive(gamma, "gamma")))
        return _fast.StringKernel()
    if not callable(kernel):
        raise TypeError(f"kernel must be one of {KERNEL_NAMES} or a kernel K(x, z), got "
                        f"{type(kernel).__name__}")
    return kernel


def is_string_kernel(kernel):
    return isinstance(kernel, _fast.StringKernel)
