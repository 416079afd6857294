"""Hypothesis profiles and the ``impl`` fixture shared by the suite.

Profiles (choose with HYPOTHESIS_PROFILE): ``dev`` quick local runs (default), ``ci``
derandomized and bounded, ``mutation`` eight derandomized examples (tools/mutation.py), ``deep``
long campaigns. Deadlines are off: the mpmath and Fraction
paths are slow by design.
"""
import importlib
import os

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, settings

settings.register_profile("dev", max_examples=25, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", max_examples=40, deadline=None, derandomize=True,
                          print_blob=True, suppress_health_check=[HealthCheck.too_slow])
# mutation testing runs the suite once per mutant: few examples, always the same ones (a mutant
# missed here might be caught by more examples, so its score is a lower bound); no shrinking: the
# first failing example kills the mutant, and shrinking it only spends the mutant's time limit
settings.register_profile("mutation", max_examples=8, deadline=None, derandomize=True, database=None,
                          phases=[Phase.explicit, Phase.reuse, Phase.generate],
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("deep", max_examples=1000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# The generic bad-input checks live outside the test modules: rewrite their asserts too, so that
# a failure shows the values compared.
pytest.register_assert_rewrite("bad_input")


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
