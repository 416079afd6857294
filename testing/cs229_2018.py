"""The course ``cs229-2018``: the Autumn 2018 problem sets of CS229 as students wrote them.

The files and interfaces are the assignments' (facts of the course, not its code): PS1
(``ps1/src``) ``p01b_logreg.LogisticRegression`` (Newton's method), ``p01e_gda.GDA``,
``p03d_poisson.PoissonRegression`` (gradient ascent), all subclasses of
``linear_model.LinearModel(step_size=0.2, max_iter=100, eps=1e-5, theta_0=None, verbose=True)``
with ``theta``, ``fit(x, y)`` and ``predict(x)``, and
``p05b_lwr.LocallyWeightedLinearRegression(tau)``; PS2 (``ps2/src``) ``p05_percept``
(``initial_state()``, ``predict(state, kernel, x_i)``, ``update_state(state, kernel,
learning_rate, x_i, y_i)``, labels 0/1) and ``p06_spam`` (``get_words``, ``create_dictionary``,
``transform_text``, ``fit_naive_bayes_model``, ``predict_from_naive_bayes_model``,
``get_top_five_naive_bayes_words``). The properties are in ``cs229_2018_ps1`` and
``cs229_2018_ps2``; ``STAND_INS`` are this project's own minimal versions of the helper modules
the assignments ship (``util``, ``linear_model``, ``svm``), loaded only when a student's folder
lacks them. ``REQUIRES``: what the assignments' own helper modules import beyond numpy (their
``util.py`` plots with matplotlib), so that a grader without it is told before any file is
judged, not every student's ``import util`` blamed.
"""
from .cs229_2018_ps1 import PROBLEMS as PS1
from .cs229_2018_ps2 import PROBLEMS as PS2

__all__ = ["PROBLEMS", "REQUIRES", "STAND_INS"]

PROBLEMS = PS1 + PS2
REQUIRES = {"matplotlib": "cs229[course]"}

_LINEAR_MODEL = '''"""Stand-in for the assignment's linear_model module (cs229 conform): the documented interface."""


class LinearModel(object):
    """Base class of the linear models: theta_0 is the initial guess for theta (None: zeros)."""

    def __init__(self, step_size=0.2, max_iter=100, eps=1e-5, theta_0=None, verbose=True):
        self.theta = theta_0
        self.step_size = step_size
        self.max_iter = max_iter
        self.eps = eps
        self.verbose = verbose

    def fit(self, x, y):
        raise NotImplementedError("a subclass of LinearModel implements fit")

    def predict(self, x):
        raise NotImplementedError("a subclass of LinearModel implements predict")
'''

_UTIL = '''"""Stand-in for the assignment's util module (cs229 conform): the helpers' names, minimal bodies."""
import csv
import json

import numpy as np


def add_intercept(x):
    """x with a first column of ones."""
    x = np.asarray(x)
    return np.hstack([np.ones((x.shape[0], 1), dtype=x.dtype), x])


def load_dataset(csv_path, label_col="y", add_intercept=False):
    """The columns x* of a CSV as x, the column label_col as y."""
    with open(csv_path, newline="") as f:
        rows = list(csv.reader(f))
    header, data = rows[0], np.array(rows[1:], dtype=float)
    x = data[:, [i for i, h in enumerate(header) if h.startswith("x")]]
    y = data[:, header.index(label_col)] if label_col in header else None
    if add_intercept:
        x = globals()["add_intercept"](x)
    return x, y


def load_csv(csv_path):
    return load_dataset(csv_path)


def load_spam_dataset(tsv_path):
    messages, labels = [], []
    with open(tsv_path, newline="", encoding="utf8") as f:
        for label, message in csv.reader(f, delimiter="\\t"):
            messages.append(message)
            labels.append(1 if label == "spam" else 0)
    return messages, np.array(labels)


def write_json(filename, value):
    with open(filename, "w") as f:
        json.dump(value, f)


def plot(x, y, theta, save_path=None, correction=1.0):
    pass


def plot_contour(predict_fn):
    pass


def plot_points(x, y):
    pass
'''

_SVM = '''"""Stand-in for the assignment's svm module (cs229 conform): the name p06_spam imports."""


def train_and_predict_svm(train_matrix, train_labels, test_matrix, radius):
    raise NotImplementedError("the assignment's svm module is not in the student's folder")
'''

STAND_INS = {"linear_model": _LINEAR_MODEL, "util": _UTIL, "svm": _SVM}
