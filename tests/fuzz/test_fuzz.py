"""The fuzz campaign: for every public function of every cs229.fast module (from ``__all__``)
and every input class that applies to its arguments, Hypothesis draws one argument and an exotic
version of it (tests/fuzz/strategies.py), and a forked child calls the fast function and its
reference twin (tests/fuzz/harness.py). Passing means no crash, no hang, no exception swallowed
inside compiled code, the caller's arguments unchanged, and the reference's answer (within
harness.RTOL) or an exception of the reference's type.

Examples per case: FUZZ_EXAMPLES, else by profile (dev 3, ci 4, explore 20, deep 200); CONTRIBUTING
gives the deep command. Marked slow: the README's command leaves the campaign out, .ci/run runs it
(on the release build with -m slow, on the boundscheck build).
"""
import importlib
import os

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from . import bases, harness, strategies

pytestmark = pytest.mark.fuzz

PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or "ci"  # as tests/conftest.py
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", {"dev": 3, "ci": 4, "explore": 20, "deep": 200}.get(PROFILE, 3)))
FAST_LIMIT = float(os.environ.get("FUZZ_FAST_LIMIT", 30))        # seconds: past this the fast call hangs
REFERENCE_LIMIT = float(os.environ.get("FUZZ_REFERENCE_LIMIT", 10))  # past this, no reference verdict

BASES = bases.table()


def _cases():
    cases = []
    for module, name in bases.functions():
        kwargs = BASES.get((module, name))
        if kwargs is None:  # every function needs a base: test_every_function_has_a_base says which
            continue
        for kind in strategies.CLASSES:
            if any(strategies.mutation(v, kind) is not None for v in kwargs.values()):
                cases.append((module, name, kind))
    return cases


def test_every_function_has_a_base():
    assert [f for f in bases.functions() if f not in BASES] == []


@pytest.mark.slow
@pytest.mark.parametrize("module,name,kind", _cases(), ids=lambda v: v)
@settings(max_examples=EXAMPLES, phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(data=st.data())
def test_fast_agrees_with_the_reference_on_exotic_input(module, name, kind, data):
    fast = getattr(importlib.import_module(f"cs229.fast.{module}"), name)
    reference = getattr(importlib.import_module(f"cs229.reference.{module}"), name)
    kwargs = dict(BASES[(module, name)])
    arguments = sorted(arg for arg, v in kwargs.items() if strategies.mutation(v, kind) is not None)
    arg = data.draw(st.sampled_from(arguments), label="argument")
    label, kwargs[arg] = data.draw(strategies.mutation(kwargs[arg], kind), label="input")
    verdict = harness.run(fast, reference, kwargs, FAST_LIMIT, REFERENCE_LIMIT)
    assert verdict is None, f"{module}.{name}({arg} {label}) [{kind}]: {verdict}"
