"""The properties that tie a second implementation of a topic to cs229.reference.

A ``Property`` checks one public function of a topic's module (``function``) against one formula
of the notes (``catalog_id``). ``prop.check(target, case, options)`` calls the target module on
one drawn ``case`` and raises ``Mismatch`` (the inputs, the target's answer, the reference's
answer) when the target breaks it; ``prop.test(target, options)`` is that check as a Hypothesis
test over ``prop.cases``. The reference is called on float lists, the target on numpy arrays of
the same floats (``strategies.to_array``), so code written for numpy and the reference's own
lists are both served.

The contract (the README's "Check your own implementation: cs229 conform"): closed forms within
1e-12 relative (counts exactly); iterative algorithms the same iterates, or with
``Options.loose`` the same answer at convergence within the tolerance.
"""
import importlib
import inspect
from dataclasses import dataclass, fields, is_dataclass
from typing import Any, Callable

import numpy as np
from hypothesis import given, reject

from .. import strategies as S

__all__ = ["Options", "Property", "Mismatch", "Fitted", "TOPICS", "properties", "checked_names", "same",
           "compare", "call", "differential", "invariant", "normal", "path_of", "theta_of",
           "iterations_and_theta"]

# the topics with properties: the module names of cs229.reference
TOPICS = ("linear_regression", "logistic_regression", "glm", "softmax", "generative", "naive_bayes",
          "margins", "svm", "kernels", "coordinate_ascent", "smo", "entropy", "trees")

CONTRACT_RTOL = 1e-12


@dataclass(frozen=True)
class Options:
    """rtol: relative tolerance of closed forms (and of final answers when ``loose``).
    loose: compare iterative algorithms at convergence, not iterate by iterate."""
    rtol: float = CONTRACT_RTOL
    loose: bool = False


class Mismatch(AssertionError):
    """The target broke a property on ``inputs``: ``got`` is its answer, ``expected`` the
    reference's (or the bound the invariant states)."""

    def __init__(self, message, inputs=None, got=None, expected=None, label="reference"):
        super().__init__(message)
        self.message, self.inputs, self.got, self.expected = message, inputs, got, expected
        self.label = label  # "expected" when ``expected`` is what an invariant asks

    def __str__(self):
        return (f"{self.message}\n  inputs:    {_show(self.inputs)}\n  target:    {_show(self.got)}"
                f"\n  {self.label + ':':<10} {_show(self.expected)}")


def _show(value, limit=600):
    text = repr(normal(value)) if not isinstance(value, str) else value
    return text if len(text) <= limit else text[:limit] + " ..."


@dataclass(frozen=True)
class Property:
    topic: str
    function: str
    catalog_id: str
    name: str
    doc: str
    cases: Any                                   # a Hypothesis strategy of cases
    check: Callable[[Any, Any, Options], None]   # check(target, case, options) raises Mismatch
    kind: str = "differential"                   # or "invariant": ``expected`` is what should hold

    @property
    def id(self):
        return f"{self.function}::{self.name}[{self.catalog_id}]"

    def test(self, target, options=Options()):
        """This property as a Hypothesis test of ``target`` (settings come from the caller)."""
        @given(self.cases)
        def prop(case):
            self.check(target, case, options)
        prop.__name__ = f"{self.function}_{self.name}_{self.catalog_id.replace('-', '_')}"
        return prop


def properties(topic):
    """The properties of a topic (a module name of cs229.reference), in catalog order."""
    if topic not in TOPICS:
        raise ValueError(f"topic: no properties for {topic!r}; the topics checked are {', '.join(TOPICS)}")
    return list(importlib.import_module(f"{__name__}.{topic}").PROPERTIES)


def checked_names(topic):
    return sorted({p.function for p in properties(topic)})


# ---- comparing answers -----------------------------------------------------------------------

def normal(value):
    """An answer as plain data: dataclasses as dicts of fields, arrays as lists, numpy scalars as
    Python numbers, Fractions and mpf as float; an object the code under test returned from its
    process (``cs229.testing.sandbox``) as its attributes."""
    plain = getattr(type(value), "_cs229_plain_", None)
    if plain is not None:
        return normal(plain(value))
    if is_dataclass(value) and not isinstance(value, type):
        if not fields(value):  # Linear(): its name is all it says
            return repr(value)
        return {f.name: normal(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, dict):
        return {k: normal(v) for k, v in value.items()}
    if isinstance(value, np.ndarray):
        return normal(value.tolist())
    if isinstance(value, (list, tuple)):
        return [normal(v) for v in value]
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, str) or value is None:
        return value
    try:
        return float(value)
    except (TypeError, ValueError):
        return value


# what the properties of iterative fits compare: the recorded path, θ, or the count with θ

def path_of(result):
    return normal(result.path)


def theta_of(result):
    return result.theta


def iterations_and_theta(result):
    return [result.iterations, normal(result.theta)]


def same(got, expected, rtol):
    """Equal as plain data; numbers within rtol relative (atol = rtol·max(1, |expected|∞)), or
    exactly when rtol is 0."""
    got, expected = normal(got), normal(expected)
    if isinstance(expected, dict):
        return isinstance(got, dict) and got.keys() == expected.keys() and all(
            same(got[k], expected[k], rtol) for k in expected)
    if isinstance(expected, list) and not _numeric(expected):
        return isinstance(got, list) and len(got) == len(expected) and all(
            same(g, e, rtol) for g, e in zip(got, expected))
    if isinstance(expected, (bool, str)) or expected is None:
        return got == expected and type(got) is type(expected)
    try:
        a, b = np.asarray(got, dtype=float), np.asarray(expected, dtype=float)
    except (TypeError, ValueError):
        return False
    if a.shape != b.shape:
        return False
    if rtol == 0:
        return bool(np.array_equal(a, b, equal_nan=True))
    scale = max(1.0, float(np.abs(b[np.isfinite(b)]).max(initial=0.0)))
    return bool(np.allclose(a, b, rtol=rtol, atol=rtol * scale, equal_nan=True)
                and np.array_equal(np.isinf(a), np.isinf(b)))


def _numeric(value):
    """Numbers, or rectangular nested lists of numbers (an array)."""
    if isinstance(value, list):
        if not all(_numeric(v) for v in value):
            return False
        try:
            np.asarray(value, dtype=float)
        except ValueError:  # ragged: compared row by row
            return False
        return True
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def compare(message, inputs, got, expected, rtol):
    if not same(got, expected, rtol):
        raise Mismatch(message, inputs, got, expected)


class _Raised:
    """What a call raised, as an answer: the exception type (compared by its name and the
    reference's type hierarchy) and its message."""

    def __init__(self, error):
        self.error = error

    def __repr__(self):
        return f"raised {type(self.error).__name__}: {self.error}"


def call(function, *args, **kwargs):
    """The answer of function(*args, **kwargs), or _Raised when it raised."""
    try:
        return function(*args, **kwargs)
    except Exception as e:  # an answer to compare: the reference's exception is part of the contract
        return _Raised(e)


@dataclass(frozen=True)
class Fitted:
    """An argument that is a fitted model: ``fit(*args)`` of the reference for the reference's
    call, of the target for the target's (the reference's model when the target has no fit)."""
    fit: str
    args: tuple

    def __repr__(self):
        return f"{self.fit}(*{normal(self.args)!r})"


def _resolve(args, kwargs, reference, target=None):
    """The arguments with each Fitted replaced by its model."""
    def model(value):
        if not isinstance(value, Fitted):
            return value if target is None else S.to_array(value)
        if target is not None and hasattr(target, value.fit):
            fitted = call(getattr(target, value.fit), *S.to_array(tuple(value.args)))
            if isinstance(fitted, _Raised):
                raise Mismatch(f"{value.fit} raised on valid input", value, fitted, "a model")
            return fitted
        fitted = call(getattr(reference, value.fit), *value.args)
        if isinstance(fitted, _Raised):
            reject()  # no model to query: the case is outside the domain
        return fitted
    return tuple(model(v) for v in args), {k: model(v) for k, v in kwargs.items()}


def _name(module, function):
    f = getattr(module, function, None)
    if f is None:
        raise Mismatch(f"{module.__name__} has no {function}")
    return f


def differential(topic, function, catalog_id, cases, *, arguments, doc, name="agrees_with_reference",
                 iterative=False, answer=None, loose_answer=None, exact=False):
    """The property "target.function gives the reference's answer".

    ``arguments(case)`` → (args, kwargs) for the reference (float lists); the target gets the
    same as numpy arrays. ``answer(result)`` picks what is compared (default: all of it);
    ``iterative``: compared exactly (the same iterates), or within the given relative tolerance
    when it is a number (a linear solve in the loop: LAPACK's order), unless ``Options.loose``, when
    ``loose_answer(result)`` is compared within rtol. ``exact``: counts, compared exactly. When
    the reference raises, the target must raise an exception of the same type."""
    reference = importlib.import_module(f"cs229.reference.{topic}")

    def check(target, case, options):
        args, kwargs = arguments(case)
        inputs = _inputs(reference, function, args, kwargs)
        r_args, r_kwargs = _resolve(args, kwargs, reference)
        expected = call(getattr(reference, function), *r_args, **r_kwargs)
        t_args, t_kwargs = _resolve(args, kwargs, reference, target)
        got = call(_name(target, function), *t_args, **t_kwargs)
        if isinstance(expected, _Raised) or isinstance(got, _Raised):
            if not (isinstance(expected, _Raised) and isinstance(got, _Raised)
                    and type(got.error).__name__ == type(expected.error).__name__):
                raise Mismatch(f"{function}: {'only the target' if isinstance(got, _Raised) else 'the target'}"
                               f" {'raised' if isinstance(got, _Raised) else 'did not raise'}"
                               f" where the reference {'raised' if isinstance(expected, _Raised) else 'answered'}",
                               inputs, got, expected)
            return
        pick = answer or (lambda r: r)
        if iterative and options.loose:
            pick, rtol = loose_answer or pick, max(options.rtol, 1e-8)
        else:
            rtol = 0 if exact or iterative is True else iterative or options.rtol
        try:
            mine = pick(got)
        except Exception as e:
            raise Mismatch(f"{function}: the answer lacks what is compared ({type(e).__name__}: {e})",
                           inputs, got, pick(expected)) from None
        compare(f"{function} differs from the reference"
                + (" (iterate by iterate; --loose compares at convergence)" if iterative and not options.loose else
                   f" (rtol {rtol:g})" if rtol else " (exactly)"), inputs, mine, pick(expected), rtol)

    return Property(topic, function, catalog_id, name, doc, cases, check)


def invariant(topic, function, catalog_id, name, cases, *, arguments, holds, doc, answer=None):
    """The property "what target.function answers satisfies the notes": ``holds(answer, case,
    options)`` returns None when it does, else (what was expected, as text or a value)."""
    reference = importlib.import_module(f"cs229.reference.{topic}")

    def check(target, case, options):
        args, kwargs = arguments(case)
        inputs = _inputs(reference, function, args, kwargs)
        t_args, t_kwargs = _resolve(args, kwargs, reference, target)
        got = call(_name(target, function), *t_args, **t_kwargs)
        if isinstance(got, _Raised):
            r_args, r_kwargs = _resolve(args, kwargs, reference)
            expected = call(getattr(reference, function), *r_args, **r_kwargs)
            if isinstance(expected, _Raised) and type(expected.error).__name__ == type(got.error).__name__:
                return  # outside the domain for the reference too (not separable, the cap)
            raise Mismatch(f"{function} raised where the reference answered ({name})", inputs, got, expected)
        broken = holds(answer(got) if answer else got, case, options)
        if broken is not None:
            raise Mismatch(f"{function}: {doc}", inputs, got, broken, label="expected")

    return Property(topic, function, catalog_id, name, doc, cases, check, "invariant")


def _inputs(reference, function, args, kwargs):
    """The arguments by the reference's parameter names."""
    try:
        bound = inspect.signature(getattr(reference, function)).bind(*args, **kwargs)
        return dict(bound.arguments)
    except TypeError:
        return {"args": args, "kwargs": kwargs}
