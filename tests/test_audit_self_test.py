"""``cs229 audit --self-test``: every check is shown able to fail. Each part runs on a quick
setting (a few points per sampled check, two workers); the machinery is tested on small checks
whose mutants are known."""
import json
import subprocess
import sys

import pytest
import sympy as sp
from hypothesis import strategies as st

from cs229.proofs import catalog
from cs229.proofs.checking import (Step, as_printed, chain, exact, mutated, relies_on, self_test)
from cs229.proofs.registry import Check, Context, Erratum, Outcome, checks_for

CLI = [sys.executable, "-m", "cs229.cli"]


def _declares_mutants(part):
    return any(c.mutants for c in checks_for(parts=[part]))


@pytest.mark.slow  # every mutant of every check of a part: minutes on 2 cores; .ci/run runs it
@pytest.mark.parametrize("part", list(catalog.PARTS))
def test_every_check_of_the_part_kills_a_mutant(part):
    if not _declares_mutants(part):
        pytest.skip(f"no check of Part {part} declares the mutants of what it relies on yet (relies_on)")
    result = subprocess.run(CLI + ["audit", "--self-test", "--part", part, "--examples", "3", "-j", "2",
                                   "--json", "--quiet"], capture_output=True, text=True, timeout=900)
    data = json.loads(result.stdout)
    not_live = [(r["id"], r["title"], r["survivors"], r.get("detail")) for r in data["self_test"] if not r["ok"]]
    assert result.returncode == 0 and not not_live, not_live
    assert len(data["self_test"]) == len(checks_for(parts=[part])) == data["totals"]["checks"]
    assert data["totals"]["fail"] == 0 and data["schema"] >= 2  # the unmutated runs are the audit's report
    for r in data["self_test"]:
        assert set(r) >= {"id", "title", "mutants", "killed"} and 1 <= r["killed"] <= r["mutants"]


def _check(function, id="LR-2"):
    return Check(id, "a test check", "nowhere", "identity", function)


x = sp.Symbol("x", real=True)
THRESHOLD = {"value": 2}


def test_each_step_of_a_chain_is_perturbed_and_caught_at_that_step():
    steps = lambda ctx: chain([Step((x + 1) ** 2), Step(x ** 2 + 2 * x + 1), Step(x * (x + 2) + 1)], "LR-2", "t")  # noqa: E731
    result = self_test(_check(steps), Context(examples=2))
    assert result.ok and result.killed == result.mutants >= 6 and not result.survivors


def test_a_recorded_erratum_disappears_when_the_printed_form_is_the_corrected_one():
    recorded = lambda ctx: chain([Step((x + 1) ** 2), Step(x ** 2 + 1, corrected=x ** 2 + 2 * x + 1)], "LR-2", "t")  # noqa: E731
    plain = lambda ctx: chain([Step((x + 1) ** 2), Step(x ** 2 + 2 * x + 1)], "LR-2", "t")  # noqa: E731
    result = self_test(_check(recorded), Context(examples=2))
    assert result.ok and result.killed == result.mutants
    assert result.mutants == self_test(_check(plain), Context(examples=2)).mutants + 1  # the erratum's own


def test_a_check_that_nothing_can_fail_is_not_live():
    result = self_test(_check(lambda ctx: Outcome(True, "exact")), Context(examples=2))
    assert not result.ok and result.mutants == 0


@relies_on(THRESHOLD, "value", lambda v: v + 1, "the threshold moved by one")
def _threshold_check(ctx):
    return exact(ctx, st.integers(0, 5), lambda v: (v < THRESHOLD["value"]) == (v <= 1))


@relies_on(THRESHOLD, "value", lambda v: v, "a twin equal to the original")
def _blind_check(ctx):
    return Outcome(True, "exact")


def test_a_declared_mutant_is_killed_or_reported_as_a_survivor():
    assert self_test(_check(_threshold_check), Context(examples=20)).ok
    blind = self_test(_check(_blind_check), Context(examples=2))
    assert not blind.ok and blind.survivors == ["relies_on: a twin equal to the original"]
    assert THRESHOLD["value"] == 2  # restored after the mutant ran


def test_mutated_restores_an_attribute_even_when_the_block_raises():
    with pytest.raises(RuntimeError):
        with mutated(sys.modules[__name__], "THRESHOLD", {"value": 9}):
            assert THRESHOLD["value"] == 9
            raise RuntimeError
    assert THRESHOLD["value"] == 2


def _erratum_by_hand(ctx):
    claimed = as_printed(3, 4, key="the printed constant")
    errata = () if claimed == 4 else (Erratum("LR-2", "t", "2 + 2 = 3", "2 + 2 = 4", "2 + 2 is 4"),)
    return Outcome(True, "exact", errata=errata)


def test_an_erratum_computed_by_hand_disappears_under_as_printed():
    result = self_test(_check(_erratum_by_hand), Context(examples=2))
    assert result.ok and result.mutants == 1 == result.killed


def test_the_command_exits_1_when_a_check_is_not_live(monkeypatch, capsys):
    from cs229 import cli
    from cs229.proofs import audit
    monkeypatch.setattr(cli, "checks_for", lambda parts=None, ids=None: [_check(_blind_check)])
    assert cli.main(["audit", "--self-test", "--quiet"]) == 1
    out = capsys.readouterr().out
    assert "NOT LIVE" in out and "survived: relies_on: a twin equal to the original" in out
    assert "Self-test totals: 1 checks, 0 of 1 mutants killed; 0 checks live; not live: LR-2" in " ".join(out.split())
    assert audit.SCHEMA >= 2
