"""The audit's checks are the ones ``cs229.proofs.checks.MODULES`` lists, in the list's order,
whatever was imported first; a check declared in a module of cs229 that the list leaves out is
an error; a project's own check (declared outside cs229) is run beside them."""
import pkgutil
import subprocess
import sys
import types

import pytest

from cs229.proofs import checks, registry
from cs229.proofs.registry import RegistrationError, check, checks_for, registered


def test_every_module_of_the_checks_package_is_listed_once():
    files = sorted(m.name for m in pkgutil.iter_modules(checks.__path__))
    listed = [m.__name__.rsplit(".", 1)[1] for m in checks.MODULES]
    assert len(listed) == len(set(listed))
    assert sorted(listed) == files, f"not listed in cs229.proofs.checks.MODULES: {set(files) - set(listed)}"


def test_registration_follows_the_list_then_each_module_top_to_bottom():
    own = [c for c in registered() if c.function.__module__.startswith("cs229.")]
    modules = [c.function.__module__ for c in own]
    assert list(dict.fromkeys(modules)) == [m.__name__ for m in checks.MODULES]
    for m in checks.MODULES:
        lines = [c.function.__code__.co_firstlineno for c in own if c.function.__module__ == m.__name__]
        assert lines and lines == sorted(lines), m.__name__


def test_importing_every_module_of_cs229_first_changes_nothing_and_finds_no_unlisted_check():
    """Every module of the package imported, the figures' (which import two check modules) and
    the last check module first: the registry is the same, and no module of cs229 declares a
    check the list leaves out (``registered`` would raise)."""
    code = (
        "import importlib, pkgutil, sys\n"
        "import cs229\n"
        "import cs229.figures.logistic_regression, cs229.proofs.checks.trees\n"
        "for name in cs229.SUBPACKAGES:\n"
        "    package = importlib.import_module(f'cs229.{name}')\n"
        "    for m in pkgutil.walk_packages(package.__path__, f'cs229.{name}.'):\n"
        "        importlib.import_module(m.name)\n"
        "from cs229.proofs.registry import registered\n"
        "for c in registered():\n"
        "    print(c.id, c.function.__module__, c.function.__name__)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.splitlines() == [f"{c.id} {c.function.__module__} {c.function.__name__}" for c in registered()]


@pytest.fixture
def declared(monkeypatch):
    """DECLARED as it is, restored after the test: the checks a test declares do not stay."""
    monkeypatch.setattr(registry, "DECLARED", list(registry.DECLARED))
    return registry.DECLARED


def _declare_in(module_name, catalog_id="LR-2"):
    module = types.ModuleType(module_name)

    def stray(ctx):
        return registry.Outcome(True, "exact")

    stray.__module__ = module_name
    check(catalog_id, "a check declared in " + module_name, "nowhere", "identity")(stray)
    return stray


def test_a_check_declared_in_an_unlisted_module_of_cs229_is_an_error(declared):
    _declare_in("cs229.proofs.checks.unlisted")
    with pytest.raises(RegistrationError, match=r"check LR-2 \(stray\) is declared in "
                                                r"cs229\.proofs\.checks\.unlisted, which "
                                                r"cs229\.proofs\.checks\.MODULES does not list"):
        checks_for()


def test_a_projects_own_check_runs_first_in_its_row(declared):
    before = checks_for(ids=["LR-2"])
    mine = _declare_in("myproject.conftest")
    after = checks_for(ids=["LR-2"])
    assert after[0].function is mine and after[1:] == before
