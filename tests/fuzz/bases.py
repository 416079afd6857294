"""Valid arguments for every public function of cs229.fast, from which the fuzz starts.

The bad-input tables (tests/<topic>/test_errors.py) already hold valid keyword arguments for
almost every entry point; they are read here rather than written twice. The few functions those
tables leave to their own tests get theirs in EXTRA.
"""
import importlib
import pkgutil

import numpy as np

import cs229.fast

TOPICS = ["generative", "glm", "kernels", "linear_regression", "logistic_regression", "margins",
          "naive_bayes", "softmax", "svm", "trees"]


def modules():
    """The public modules of cs229.fast (its private helpers start with _)."""
    return sorted(m.name for m in pkgutil.iter_modules(cs229.fast.__path__) if not m.name.startswith("_"))


def functions():
    """(module, name) for every public function of cs229.fast, from each module's ``__all__``."""
    out = []
    for module in modules():
        fast = importlib.import_module(f"cs229.fast.{module}")
        for name in fast.__all__:
            f = getattr(fast, name)
            if callable(f) and not isinstance(f, type):
                out.append((module, name))
    return out


def _extra():
    import cs229.fast.smo as FS
    X = np.array([[1.0, 2.0], [2.0, 3.0], [3.0, 3.0], [2.0, 1.0], [3.0, 2.0], [4.0, 1.0]])
    y = np.array([1.0, 1.0, 1.0, -1.0, -1.0, -1.0])
    fit = FS.smo(X, y, C=1.0)
    return {
        ("logistic_regression", "sigmoid"): dict(z=0.5),
        ("logistic_regression", "threshold"): dict(z=0.5),
        ("svm", "decision_function"): dict(model=fit, Z=X),
        ("svm", "predict"): dict(model=fit, Z=X),
    }


def table():
    """(module, name) -> valid keyword arguments, for every function of cs229.fast."""
    out = {}
    for topic in TOPICS:
        t = importlib.import_module(f"tests.{topic}.test_errors").TABLE
        fast = t.faces["fast"]
        for key, kwargs in t.valid.items():
            module, name = key if isinstance(key, tuple) else (fast.__name__.rpartition(".")[2], key)
            out[(module, name)] = kwargs
    out.update(_extra())
    return out
