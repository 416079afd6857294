"""The paragraphs that several estimators' docstrings share, each written once.

A class docstring names one by a line ``%(name)s`` alone at the indentation of a numpydoc entry;
``filled`` (a class decorator) puts the paragraph there. Only such lines are replaced, so the
rest of a docstring is left as written (braces and percent signs included)."""
import re

PARAGRAPHS = {
    "theta": """theta_ : ndarray of shape (n_features + 1,) or (n_features,)
    θ, with θ₀ (the intercept) first when ``fit_intercept``.
coef_ : ndarray of shape (n_features,)
    θ₁, ..., θₙ.
intercept_ : float
    θ₀, or 0.0 without an intercept.""",
    "features_in": """n_features_in_ : int
    Number of features seen during fit.
feature_names_in_ : ndarray of shape (n_features_in_,)
    The column names, when X was a DataFrame with string column names.""",
    "n_jobs_predict": """n_jobs : int or None, default=None
    The cores that prediction may use, as in scikit-learn: None is one (unless
    ``joblib.parallel_config`` says otherwise), -1 every core, -2 all but one. The answers
    are the same bit for bit for every n_jobs.""",
    "n_jobs_fit": """n_jobs : int or None, default=None
    The cores each pass of Newton's method over the examples may use, as in scikit-learn: None
    is one (unless ``joblib.parallel_config`` says otherwise), -1 every core. The fit is the
    same bit for bit for every n_jobs; on cores that other work holds, the passes run on one
    thread when that is measured faster. A dask X is fitted by the cluster's workers instead.""",
    "classes": """classes_ : ndarray of shape (k,)
    The labels, sorted; with two classes ``classes_[1]`` is the notes' y = 1.""",
    "classes_and_priors": """classes_ : ndarray of shape (k,)
    The labels, sorted; with two classes ``classes_[1]`` is the notes' y = 1.
phi_y_ : float or ndarray of shape (k,)
    φ_y = p(y = 1) with two classes; the k priors p(y = classes_[j]) with more.""",
    "kernel_fitted": """kernel_ : callable
    The kernel K(x, z) used.
n_features_in_, feature_names_in_
    As in scikit-learn (for a string kernel, set when X is a column of strings in a
    two-dimensional input).""",
    "newton_or_gd_stop": """max_iterations : int or None, default=None
    The cap on updates; None is 100 for Newton and 10,000 for "gd".
tol : float, default=1e-10
    The stopping test ("gd" also takes None: exactly ``max_iterations`` updates).
average : bool, default=True
    "gd": divide the gradient by m, so that α does not depend on m.""",
}

_NAMED = re.compile(r"^([ \t]*)%\((\w+)\)s$", re.MULTILINE)


def paragraph(name, indent="    "):
    """The shared paragraph ``name``, every non-empty line indented by ``indent``."""
    return "\n".join(indent + line if line else line for line in PARAGRAPHS[name].splitlines())


def filled(cls):
    """The class with each ``%(name)s`` line of its docstring replaced by the paragraph."""
    cls.__doc__ = _NAMED.sub(lambda found: paragraph(found.group(2), found.group(1)), cls.__doc__)
    return cls
