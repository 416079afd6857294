"""``cs229 audit --self-test``: every check is shown able to fail. Each part runs on a quick
setting (a few points per sampled check, a seeded sample of the slips seeded in the text, two
workers); the machinery is tested on small checks whose mutants are known."""
import json
import subprocess
import sys

import pytest
import sympy as sp
from hypothesis import strategies as st

from cs229.proofs import catalog, sources
from cs229.proofs.checking import (Step, as_printed, chain, exact, mutated, relies_on, self_test)
from cs229.proofs.printed import printed
from cs229.proofs.registry import Check, Context, Erratum, Outcome, Quote, checks_for
from cs229.proofs.text import Function, Reading, Vector

CLI = [sys.executable, "-m", "cs229.cli"]


NOTES = sources.notes_directory()


@pytest.mark.slow  # a tenth of the slips of a part: minutes on 2 cores; .ci/run runs it
@pytest.mark.parametrize("part", [p for p in catalog.PARTS if p != "X"])
def test_every_check_of_the_part_kills_a_mutant(part):
    """A seeded tenth of the slips in the text (the whole self-test is a command of its own)."""
    result = subprocess.run(CLI + ["audit", "--self-test", "--part", part, "--examples", "3", "-j", "2",
                                   "--sample", "0.1", "--json", "--quiet"], capture_output=True, text=True, timeout=1800)
    data = json.loads(result.stdout)
    checks = data["self_test"]["checks"]
    # a tenth of the slips is a few per check, or none: the sample judges the code mutants and the
    # unmutated run (ok_in_sample); the whole self-test judges each check's slips
    not_live = [(r["id"], r["title"], r["survivors"], r.get("detail")) for r in checks if not r["ok_in_sample"]]
    assert result.returncode == 0 and not not_live, not_live
    assert len(checks) == len(checks_for(parts=[part])) == data["totals"]["checks"]
    assert data["totals"]["fail"] == 0 and data["schema"] >= 3  # the unmutated runs are the audit's report
    for r in checks:
        assert set(r) >= {"id", "title", "mutants", "killed", "text_mutants"} and r["killed"] <= r["mutants"]
        assert r["ok_in_sample"] or not r["ok"]  # what the whole self-test calls live, a sample does too

    text = data["self_test"]["text_mutants"]
    assert set(text) >= {"seeded", "equivalent", "caught", "by_kind", "by_part"}


def _check(function, id="LR-2"):
    return Check(id, "a test check", "nowhere", "identity", function)


x = sp.Symbol("x", real=True)
THRESHOLD = {"value": 2}


def _single_example():
    xs = tuple(sp.Symbol(f"x{i}", real=True) for i in range(3))
    thetas = tuple(sp.Symbol(f"theta{i}", real=True) for i in range(3))
    y = sp.Symbol("y", real=True)

    def h(v):
        return (sp.Matrix(thetas).T * v)[0]
    return Reading({"x": Vector(xs), "theta": Vector(thetas), "y": y, "h_theta": Function(h)}, sizes={"n": 2})


def _reads_the_text(ctx):
    """Ng §1's last two steps for ∂J/∂θⱼ, read from the text (j = 1)."""
    reading = _single_example().bind(j=sp.Integer(1))
    return chain([printed(Quote("000", 78, r"= (h_{\theta}(x) - y) \cdot \frac{\partial}{\partial \theta_j} \left( \sum_{i=0}^n \theta_i x_i - y \right)"),
                          reading, "h = Σ θᵢxᵢ"),
                  printed(Quote("000", 80, r"= (h_{\theta}(x) - y) x_j"), reading, "as printed")], "LR-3", "t")


@pytest.mark.skipif(NOTES is None, reason="the notes are not beside this checkout")
def test_slips_seeded_in_the_text_a_check_reads_are_caught_at_their_line():
    result = self_test(_check(_reads_the_text, "LR-3"), Context(examples=2))
    caught = [m for m in result.text if m.verdict == "caught"]
    assert result.ok and {m.line for m in result.text} == {78, 80}
    assert len(caught) >= 8 and not [m for m in result.text if m.verdict == "survived"]
    kinds = {m.kind for m in caught}
    assert {"sign flipped", "factor dropped", "term dropped", "indices swapped"} <= kinds


def test_a_chain_typed_by_hand_is_not_perturbed_and_is_not_live():
    """Perturbing a chain's own steps proves nothing (each was proved equal to its neighbour):
    a check whose chain reads no text has no mutant from it."""
    typed = lambda ctx: chain([Step((x + 1) ** 2), Step(x ** 2 + 2 * x + 1)], "LR-2", "t")  # noqa: E731
    result = self_test(_check(typed), Context(examples=2))
    assert result.mutants == 0 and not result.ok


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
    assert "Self-test totals: 1 check, 0 of 1 mutant killed; 0 checks live; not live: LR-2" in " ".join(out.split())
    assert audit.SCHEMA >= 2


@pytest.mark.parametrize("tex, parts, scale, same", [
    (r"\sum_{i=1}^{m} \alpha_i y^{(i)} = 0", ((0, 0),), 2, True),        # doubled: the same constraint
    (r"\sum_{i=1}^{m} \alpha_i y^{(i)} = 0", ((0, 0), (0, 1)), -1, True),
    (r"g_i(w) \leq 0", ((0, 0),), 2, True),
    (r"g_i(w) \leq 0", ((0, 0),), -1, False),                             # the inequality turns round
    (r"\alpha_i \geq 0", ((0, 0),), sp.Rational(1, 2), True),
    (r"w = \sum_i \alpha_i y^{(i)} x^{(i)}", ((0, 1),), 2, False),        # w itself changes
    (r"\alpha_i g_i(w) = 1", ((0, 0),), 2, False),                        # not against 0
])
def test_a_constraint_against_zero_scaled_by_a_number_is_an_equivalent_text_mutant(tex, parts, scale, same):
    from cs229.proofs.seeded import _same_against_zero, _scale
    a = sp.Symbol("a")
    assert _same_against_zero(tex, parts, _scale(scale * a, a)) is same
    assert _scale(a + 1, a) is None and _same_against_zero(tex, parts, None) is False
