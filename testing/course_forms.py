"""The forms in which students write the same answer, read as one answer.

A course's properties judge answers, not forms: θ as (n,), (n, 1), an ``np.matrix``, a list,
returned by ``fit`` or left on the model, or split into slopes and an intercept attribute;
predictions as probabilities or as labels (bool, int, float); a model as a tuple, a dict or an
object. These readers turn each valid form into the one the reference gives, and say which form
they read. They also read the interface a loaded file offers (``info`` from the child: its
classes, functions and their parameters), to tell this edition's interface from another's.
"""
import inspect

import numpy as np

from .course import Missing

__all__ = ["positional", "accepts", "needs_class", "needs_functions", "vector", "theta_forms", "INTERCEPTS",
           "predictions", "word_list"]

POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)

# attribute names students give the intercept when θ holds the slopes only
INTERCEPTS = ("theta_0", "theta0", "theta_zero", "intercept", "intercept_", "b", "bias", "b0", "beta_0")


# ---- interfaces ------------------------------------------------------------------------------

def positional(parameters, method=False):
    """(required, most) positional arguments of a parameter list from the child (most is None
    with *args); a method's first parameter (self) is not counted."""
    if parameters is None:
        return 0, None
    ps = parameters[1:] if method and parameters and parameters[0][1] in [int(k) for k in POSITIONAL] else parameters
    required = sum(1 for _, kind, has_default, _ in ps if kind in [int(k) for k in POSITIONAL] and not has_default)
    most = None if any(kind == int(inspect.Parameter.VAR_POSITIONAL) for _, kind, _, _ in ps) else \
        sum(1 for _, kind, _, _ in ps if kind in [int(k) for k in POSITIONAL])
    return required, most


def accepts(parameters, n, method=False):
    required, most = positional(parameters, method)
    return required <= n and (most is None or n <= most)


def keywords(parameters):
    """The keyword names a parameter list accepts (None: any, **kwargs)."""
    if parameters is None or any(kind == int(inspect.Parameter.VAR_KEYWORD) for _, kind, _, _ in parameters):
        return None
    return {name for name, kind, _, _ in parameters if kind != int(inspect.Parameter.VAR_POSITIONAL)}


def _signature(name, parameters, method=False):
    ps = parameters or []
    if method and ps:
        ps = ps[1:]
    return f"{name}({', '.join(p[0] for p in ps)})"


def needs_class(info, name, methods, init=0, init_keywords=()):
    """None when the file defines class ``name`` whose constructor takes ``init`` positional
    arguments and the keywords ``init_keywords``, with each method of ``methods`` ({name:
    positional arguments}); else the reason (``Missing`` when the class is absent)."""
    about = info["names"].get(name)
    if about is None:
        return Missing(f"no class {name}")
    if about["kind"] != "class":
        return f"{name} is not a class"
    if about["init"] is not None and not accepts(about["init"], init):
        return f"{_signature(name, about['init'])} does not take this edition's {init} argument(s)"
    accepted = keywords(about["init"])
    if accepted is not None and not set(init_keywords) <= accepted:
        return f"{_signature(name, about['init'])} lacks {', '.join(sorted(set(init_keywords) - accepted))}"
    for method, n in methods.items():
        parameters = about["methods"].get(method)
        if method not in about["methods"]:
            return Missing(f"{name} has no method {method}")
        if parameters is not None and not accepts(parameters, n, method=True):
            return (f"{name}.{_signature(method, parameters, method=True)} does not take this edition's "
                    f"{n} argument(s)")
    return None


def needs_functions(info, functions):
    """None when the file defines each function of ``functions`` ({name: positional
    arguments}) taking that many arguments; else the reason."""
    for name, n in functions.items():
        about = info["names"].get(name)
        if about is None:
            return Missing(f"no function {name}")
        if about["kind"] not in ("function", "class"):
            return f"{name} is not a function"
        parameters = about["parameters"] if about["kind"] == "function" else about["init"]
        if parameters is not None and not accepts(parameters, n):
            return f"{_signature(name, parameters)} does not take this edition's {n} argument(s)"
    return None


# ---- θ ---------------------------------------------------------------------------------------

def vector(value):
    """A numeric value as a flat float array (None when it is not one: None, text, ragged)."""
    if value is None or isinstance(value, (str, bytes, dict)):
        return None
    try:
        a = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        return None
    return a.ravel()


def theta_forms(fields, returned, size, intercept_last=False):
    """[(form, θ as a flat array of ``size``)] read from the model's attributes and what fit
    returned: θ whole ((n,), (n, 1), a matrix, a list); the slopes with an intercept attribute
    (INTERCEPTS), or a pair (θ₀, slopes); with ``intercept_last`` also θ₀ last. The first form
    is the one a report shows when none matches."""
    found = []
    for where, value in (("self.theta", fields.get("theta")), ("fit's return value", returned)):
        a = vector(value)
        if a is not None and a.size == size:
            found.append((where, a))
            if intercept_last:
                found.append((f"{where}, θ₀ last", np.roll(a, 1)))
        elif a is not None and a.size == size - 1:
            for name in INTERCEPTS:
                b = vector(fields.get(name))
                if b is not None and b.size == 1:
                    found.append((f"{where} with self.{name}", np.concatenate([b, a])))
        if isinstance(value, (tuple, list)) and len(value) == 2:
            first, second = vector(value[0]), vector(value[1])
            if first is not None and second is not None:
                if first.size == 1 and second.size == size - 1:
                    found.append((f"{where} as (θ₀, slopes)", np.concatenate([first, second])))
                if second.size == 1 and first.size == size - 1:
                    found.append((f"{where} as (slopes, θ₀)", np.concatenate([second, first])))
    return found


# ---- predictions -----------------------------------------------------------------------------

def predictions(value, m):
    """("labels" | "probabilities", flat float array of m), or (None, why) when ``value`` is
    neither: labels are bools or numbers all 0 or 1; probabilities numbers in [0, 1]."""
    if value is None:
        return None, "predict returned None"
    a = vector(value)
    if a is None:
        return None, f"predict returned {type(value).__name__}, not numbers"
    if a.size != m:
        return None, f"predict returned {a.size} values for {m} inputs"
    if not np.all(np.isfinite(a)):
        return "probabilities", a  # compared as probabilities: a NaN is wrong as either
    if np.all((a == 0) | (a == 1)):
        return "labels", a
    if np.all((a >= 0) & (a <= 1)):
        return "probabilities", a
    return None, f"predict returned values outside [0, 1] ({a.min():g} … {a.max():g}): neither labels nor probabilities"


def label(value):
    """A single prediction (0/1, bool, a float, an array of one) as 0 or 1; None otherwise."""
    a = vector(value)
    if a is None or a.size != 1 or a[0] not in (0.0, 1.0):
        return None
    return int(a[0])


def word_list(value):
    """A list of words (a list, tuple or array of str) as a list of str; None otherwise."""
    if isinstance(value, np.ndarray):
        value = value.tolist()
    if not isinstance(value, (list, tuple)) or not all(isinstance(w, str) for w in value):
        return None
    return list(value)
