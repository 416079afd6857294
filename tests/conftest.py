"""Hypothesis profiles and the ``impl`` fixture shared by the suite.

Profiles (choose with HYPOTHESIS_PROFILE):

- ``ci`` (the default): derandomized, so every run draws the same examples and the README's test
  command passes or fails the same way on every run and every machine; no example database (a
  developer's local ``.hypothesis/`` must not change what a CI-like run does; Hypothesis ties
  ``derandomize`` to ``database=None``); a failure is shrunk for at most ``SHRINK_SECONDS``.
- ``explore``: random draws, more examples, the example database on: looking for new failing
  draws (developers, the scheduled job). A draw it finds becomes an ``@example`` beside the test,
  with the fix (CONTRIBUTING).
- ``dev``: quick random local runs; ``deep``: long random campaigns; ``mutation``: eight
  derandomized examples, no shrinking (tools/mutation.py).

Deadlines are off: the mpmath and Fraction paths are slow by design.
"""
import importlib
import os
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis.internal.conjecture import engine as _engine

settings.register_profile("ci", max_examples=40, deadline=None, derandomize=True,
                          print_blob=True, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("explore", max_examples=300, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
settings.register_profile("dev", max_examples=25, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
# mutation testing runs the suite once per mutant: few examples, always the same ones (a mutant
# missed here might be caught by more examples, so its score is a lower bound); no shrinking: the
# first failing example kills the mutant, and shrinking it only spends the mutant's time limit
settings.register_profile("mutation", max_examples=8, deadline=None, derandomize=True, database=None,
                          phases=[Phase.explicit, Phase.reuse, Phase.generate],
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("deep", max_examples=1000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or "ci"
settings.register_profile(f"{PROFILE}-without-shrinking", settings.get_profile(PROFILE),
                          phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target])
settings.load_profile(PROFILE)

# Shrinking has no setting of its own: Hypothesis stops it after MAX_SHRINKING_SECONDS (five
# minutes), a module constant it documents as patchable. In the default profile a failure is
# reported after SHRINK_SECONDS of shrinking, partly shrunk if need be; the other profiles keep
# Hypothesis's limit.
SHRINK_SECONDS = {"ci": 20}
if PROFILE in SHRINK_SECONDS:
    if hasattr(_engine, "MAX_SHRINKING_SECONDS"):
        _engine.MAX_SHRINKING_SECONDS = SHRINK_SECONDS[PROFILE]
    else:
        warnings.warn("hypothesis.internal.conjecture.engine.MAX_SHRINKING_SECONDS is gone: shrinking in "
                      "the ci profile is no longer bounded (tests/conftest.py)", stacklevel=1)


# The generic bad-input checks live outside the test modules: rewrite their asserts too, so that
# a failure shows the values compared.
pytest.register_assert_rewrite("tests.bad_input", "tests.bad_pairs", "tests.reproducers")


def pytest_addoption(parser):
    parser.addoption("--slow", action="store_true",
                     help="also run the tests marked slow (left out by default; .ci/run runs them with -m slow)")


def pytest_collection_modifyitems(config, items):
    """Leave out the tests marked slow unless --slow is given or -m names slow itself (-m slow runs
    them alone, -m "slow or not slow" everything), so that -m "not peer" still leaves them out."""
    if config.getoption("--slow") or "slow" in (config.getoption("markexpr") or ""):
        return
    slow = [item for item in items if item.get_closest_marker("slow")]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if not item.get_closest_marker("slow")]


class Impl:
    """One face of the library: ``impl.linear_regression`` is cs229.<face>.linear_regression;
    ``impl.arg`` turns nested lists into what that face takes, ``impl.out`` its output into
    nested lists of floats."""

    def __init__(self, face):
        self.face = face

    def __getattr__(self, module):
        return importlib.import_module(f"cs229.{self.face}.{module}")

    def arg(self, value):
        return np.asarray(value, dtype=float) if self.face == "fast" else value

    @staticmethod
    def out(value):
        return np.asarray(value, dtype=float).tolist()

    def __repr__(self):
        return self.face


@pytest.fixture(params=["reference", "fast"])
def impl(request):
    return Impl(request.param)



@pytest.fixture
def without_shrinking():
    """The loaded profile without Hypothesis's shrink phase, for the tests of how a failure is
    reported (``cs229 conform``'s counterexample), not of how small Hypothesis makes it:
    ``cs229 conform`` takes the phases from the loaded profile, and reports its first failing
    draw, the same on every run, at once."""
    settings.load_profile(f"{PROFILE}-without-shrinking")
    yield
    settings.load_profile(PROFILE)


# The Ctrl-C tests start commands that must get SIGINT; an ignored or blocked SIGINT survives
# fork and exec. A test that leaves the process's SIGINT handler or signal mask changed fails
# here, naming itself, instead of a later test in the same worker failing for it.
def _signal_state():
    import signal
    return signal.getsignal(signal.SIGINT), frozenset(signal.pthread_sigmask(signal.SIG_BLOCK, []))


# A parametrized estimator is one object shared by every run of its test in the process (the
# test run again, as a mutation run does, or another test that takes the same instance): a test
# that calls its set_params changes what the next run gets. It fails here, naming the parameters.
def _parametrized_estimators(item):
    params = getattr(getattr(item, "callspec", None), "params", {})
    return {name: value for name, value in params.items()
            if not isinstance(value, type) and hasattr(value, "get_params") and hasattr(value, "set_params")}


def _parameters(estimators):
    return {name: repr(sorted(value.get_params(deep=False).items(), key=lambda kv: kv[0]))
            for name, value in estimators.items()}


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    before = _signal_state()
    estimators = _parametrized_estimators(item)
    parameters = _parameters(estimators)
    result = yield
    after = _signal_state()
    if after != before:
        import signal
        signal.signal(signal.SIGINT, before[0])
        signal.pthread_sigmask(signal.SIG_SETMASK, before[1])
        pytest.fail(f"the test left the SIGINT handler or the signal mask changed: {before} -> {after}",
                    pytrace=False)
    changed = [name for name, text in _parameters(estimators).items() if text != parameters[name]]
    if changed:
        pytest.fail(f"the test changed the parameters of its parametrized {', '.join(changed)} "
                    "(set_params on the shared instance: clone it first)", pytrace=False)
    return result
