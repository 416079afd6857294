"""``pytest --cs229-audit``: the audit's registered checks as pytest items, one per check, run as
``cs229 audit`` runs them, with the catalog ID in the node id, part and kind markers, JUnit
properties, and the errata the checks find reported on passing items."""
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from importlib import metadata

import pytest

from cs229.proofs.registry import checks_for

pytest_plugins = ["pytester"]

# The checks are imported here, at collection: pytester drops the modules a test imports when the
# test ends, and a second copy of sympy's would not mix with the first.
SELECTION = ["LR-5", "LR-9", "GLM-1"]  # Parts I and III: errata, a convention, three kinds
CHECKS = checks_for(ids=SELECTION)
AUDIT = ["--cs229-audit", f"--cs229-audit-id={','.join(SELECTION)}", "--cs229-audit-examples=3"]
PLUGIN = [] if any(e.value == "cs229.proofs.plugin" for e in metadata.entry_points(group="pytest11")) \
    else ["-p", "cs229.proofs.plugin"]

FALSE_CHECKS = '''
from cs229.proofs.registry import Outcome, check


@check("LR-2", "a deliberately false identity", "nowhere", "identity")
def deliberately_false(ctx):
    return Outcome(False, "exact", 1.0, "the two sides differ at every point")


@check("LR-2", "a check that raises", "nowhere", "identity")
def raises(ctx):
    raise ZeroDivisionError("no denominator")
'''


def _pytest(pytester, *argv):
    return pytester.runpytest_subprocess(*PLUGIN, *argv, timeout=600)


def _node_id(c):
    return f"cs229-audit::{c.id}::{c.function.__name__}"


def _collected(pytester, *argv):
    run = _pytest(pytester, "--collect-only", "-q", *argv)
    return [line for line in run.outlines if line.startswith("cs229-audit::")]


def _cases(path):
    """{node id: (outcome, [(property, value)])} of a JUnit file."""
    out = {}
    for case in ET.parse(path).getroot().iter("testcase"):
        outcome = "failed" if case.find("failure") is not None else ("skipped" if case.find("skipped") is not None
                                                                      else "passed")
        props = [(p.get("name"), p.get("value")) for p in case.iter("property")]
        out[f"{case.get('classname').replace('.', '::')}::{case.get('name')}"] = (outcome, props)
    return out


@pytest.mark.slow  # pytest runs of whole parts, with xdist: .ci/run runs it
def test_one_item_per_registered_check_selected_by_catalog_id_part_and_kind(pytester):
    assert _collected(pytester, *AUDIT) == [_node_id(c) for c in CHECKS]  # the audit's order
    assert _collected(pytester, *AUDIT, "-k", "LR-9") == [_node_id(c) for c in CHECKS if c.id == "LR-9"]
    assert _collected(pytester, *AUDIT, "-m", "part_I and optimality") == \
        [_node_id(c) for c in CHECKS if c.part == "I" and c.kind == "optimality"]
    assert _collected(pytester, "--cs229-audit", "--cs229-audit-part=iii") == \
        [_node_id(c) for c in checks_for(parts=["III"])]


@pytest.mark.slow  # pytest runs of whole parts, with xdist: .ci/run runs it
def test_junit_has_one_case_per_check_with_its_catalog_id_and_the_audits_errata(pytester):
    run = _pytest(pytester, *AUDIT, "-n", "2", "--junitxml=audit.xml")
    run.assert_outcomes(passed=len(CHECKS))
    cases = _cases(pytester.path / "audit.xml")
    assert sorted(cases) == sorted(_node_id(c) for c in CHECKS)
    for c in CHECKS:
        props = dict(cases[_node_id(c)][1])
        assert (props["catalog_id"], props["part"], props["kind"]) == (c.id, c.part, c.kind)
        assert props["source"] and ("lines" in props) == bool(c.quotes)
    # the errata the items report are the ones cs229 audit reports, found at the same points
    audit = subprocess.run([sys.executable, "-m", "cs229.cli", "audit", "--id", ",".join(SELECTION),
                            "--examples", "3", "--json", "--quiet"], capture_output=True, text=True, timeout=600,
                           cwd=pytester.path, env=os.environ)
    assert audit.returncode == 0, audit.stderr[-2000:]
    report = json.loads(audit.stdout)
    # each item ran its check as the audit did: the same method and the same worst residual (the
    # points drawn from the same seed)
    assert [(c["id"], c["method"], c["worst_residual"]) for c in report["checks"]] == \
        [(c.id, dict(cases[_node_id(c)][1])["method"], float(dict(cases[_node_id(c)][1])["worst_residual"]))
         for c in CHECKS]
    for key, found in (("erratum", report["errata"]), ("convention", report["conventions"])):
        reported = [v for _, props in cases.values() for name, v in props if name == key]
        assert len(reported) == len(found) > 0
        for e in found:
            assert any(v.startswith(f"{e['id']} [{e['nature']}]") and v.endswith(f"counterexample {e['counterexample']}")
                       for v in reported), (e, reported)
    assert "cs229 audit errata: printed steps that are false" in run.stdout.str()


@pytest.mark.slow  # pytest runs of whole parts, with xdist: .ci/run runs it
def test_a_check_that_fails_fails_as_an_item_with_the_audits_text_in_one_process_or_two(pytester):
    pytester.makeconftest(FALSE_CHECKS)
    argv = ["--cs229-audit", "--cs229-audit-id=LR-2", "--cs229-audit-examples=3"]
    passing = len(checks_for(ids=["LR-2"]))
    run = _pytest(pytester, *argv, "-p", "no:xdist", "--junitxml=one.xml")
    run.assert_outcomes(failed=2, passed=passing)
    out = run.stdout.str()
    assert "LR-2    FAIL  a deliberately false identity [nowhere]" in out
    assert "↳ the two sides differ at every point" in out and "↳ ZeroDivisionError: no denominator" in out
    _pytest(pytester, *argv, "--lf").assert_outcomes(failed=2, deselected=passing)
    _pytest(pytester, *argv, "-x").assert_outcomes(failed=1)
    _pytest(pytester, *argv, "-n", "2", "--junitxml=two.xml")
    one, two = _cases(pytester.path / "one.xml"), _cases(pytester.path / "two.xml")
    assert {k: v[0] for k, v in one.items()} == {k: v[0] for k, v in two.items()}
    assert sorted(k for k, v in two.items() if v[0] == "failed") == \
        ["cs229-audit::LR-2::deliberately_false", "cs229-audit::LR-2::raises"]


def test_without_paths_the_audit_runs_alone_and_with_one_beside_the_tests_given(pytester):
    pytester.makepyfile(test_local="def test_local():\n    pass\n")
    lr9 = [_node_id(c) for c in checks_for(ids=["LR-9"])]
    alone = _pytest(pytester, "--cs229-audit", "--cs229-audit-id=LR-9", "--collect-only", "-q")
    assert [line for line in alone.outlines if "::" in line] == lr9
    both = _pytest(pytester, "--cs229-audit", "--cs229-audit-id=LR-9", "--collect-only", "-q", "test_local.py")
    assert [line for line in both.outlines if "::" in line] == ["test_local.py::test_local", *lr9]
    _pytest(pytester, "-q").assert_outcomes(passed=1)


def test_a_selection_or_a_depth_the_audit_refuses_is_a_usage_error(pytester):
    for argv, says in ((["--cs229-audit-id=LR-15"], "--cs229-audit-id LR-15: no check has this ID"),
                       (["--cs229-audit-digits=10"], "--cs229-audit-digits >= 20"),
                       (["--cs229-audit-part=VI"], "unknown part 'VI'")):
        run = _pytest(pytester, "--cs229-audit", "--cs229-audit-id=LR-9", "--collect-only", *argv)
        assert run.ret == 4 and says in run.stderr.str(), run.stderr.str()
