"""The fast face mirrors the reference: same public names, same signatures, and every module of
cs229.fast is a compiled extension."""
import importlib
import importlib.machinery
import inspect
import pkgutil

import pytest

import cs229.fast

FAST_MODULES = sorted(m.name for m in pkgutil.iter_modules(cs229.fast.__path__))
PUBLIC = [m for m in FAST_MODULES if not m.startswith("_")]


def test_there_are_fast_modules():
    assert "linear_regression" in PUBLIC


@pytest.mark.parametrize("name", FAST_MODULES)
def test_every_fast_module_is_compiled(name):
    module = importlib.import_module(f"cs229.fast.{name}")
    assert module.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)), module.__file__


@pytest.mark.parametrize("name", PUBLIC)
def test_fast_names_and_signatures_match_reference(name):
    fast = importlib.import_module(f"cs229.fast.{name}")
    reference = importlib.import_module(f"cs229.reference.{name}")
    names = getattr(fast, "__all__", None)
    assert names, f"cs229.fast.{name} must declare __all__"
    for attr in names:
        assert hasattr(reference, attr), f"cs229.reference.{name} has no {attr}"
        f, r = getattr(fast, attr), getattr(reference, attr)
        if inspect.isclass(r):
            assert f is r, f"{attr} must be the reference's class"
            continue
        assert inspect.signature(f) == inspect.signature(r), (
            f"{name}.{attr}: fast {inspect.signature(f)} != reference {inspect.signature(r)}")
