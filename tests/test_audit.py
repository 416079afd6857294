"""The proofs registry, the errata mechanism and the ``cs229 audit`` command."""
import json
import subprocess
import sys

import sympy as sp

from cs229.proofs import audit, cli
from cs229.proofs.checking import Step, chain
from cs229.proofs.registry import Check, Context, checks_for

LR_ROWS = ["LR-2", "LR-3", "LR-5", "LR-7", "LR-8", "LR-9", "LR-10", "LR-11", "LR-12", "LR-13",
           "LR-14", "LR-16"]


def _run(argv, capsys):
    code = cli.main(argv)
    out = capsys.readouterr().out
    return code, out


def test_audit_part_I_passes_and_lists_every_LR_row(capsys):
    code, out = _run(["audit", "--part", "I", "--json", "--quiet", "--examples", "8"], capsys)
    report = json.loads(out)
    assert code == 0, [c for c in report["checks"] if c["verdict"] != "pass"]
    assert {c["id"] for c in report["checks"]} >= set(LR_ROWS)
    assert all(c["verdict"] == "pass" for c in report["checks"])
    assert report["totals"]["fail"] == 0 and report["totals"]["checks"] == len(report["checks"])
    errata = {e["id"] for e in report["errata"]}
    assert {"LR-5", "LR-9"} <= errata
    for e in report["errata"]:
        assert set(e) >= {"id", "source", "printed", "corrected", "counterexample"} and e["counterexample"]
        assert e["nature"] in ("slip", "transcription")
    natures = {e["id"]: e["nature"] for e in report["errata"]}
    assert natures["LR-5"] == "slip" and natures["LR-9"] == "transcription"


def test_audit_text_report_has_tables_errata_and_totals(capsys):
    code, out = _run(["audit", "--id", "LR-5,LR-9", "--quiet", "--examples", "5"], capsys)
    assert code == 0
    assert "Part I: Linear regression" in out and "Errata (2: 1 slips of the notes, 1 transcription" in out
    assert "counterexample:" in out and out.strip().splitlines()[-1].startswith("Totals:")


def test_audit_list_json(capsys):
    code, out = _run(["audit", "--list", "--json"], capsys)
    listing = json.loads(out)
    assert code == 0 and all({"id", "title", "source"} <= set(item) for item in listing)
    assert set(LR_ROWS) <= {item["id"] for item in listing}


def test_unknown_id_is_an_error(capsys):
    assert cli.main(["audit", "--id", "XX-1"]) == 2


def _fake(function, id="LR-2"):
    return Check(id, "fake", "nowhere", "derivation", function)


def test_a_false_step_fails_unless_recorded_as_an_erratum():
    x = sp.Symbol("x")
    wrong = lambda ctx: chain([Step((x + 1) ** 2), Step(x ** 2 + 1)], "LR-2", "test")  # noqa: E731
    recorded = lambda ctx: chain([Step((x + 1) ** 2),  # noqa: E731
                                  Step(x ** 2 + 1, corrected=x ** 2 + 2 * x + 1)], "LR-2", "test")
    needless = lambda ctx: chain([Step((x + 1) ** 2),  # noqa: E731
                                  Step(x ** 2 + 2 * x + 1, corrected=x ** 2 + 2 * x + 1)], "LR-2", "test")
    report = audit.run([_fake(wrong), _fake(recorded), _fake(needless)], Context())
    verdicts = [r.outcome.passed for r in report.rows]
    assert verdicts == [False, True, False]
    assert "does not follow" in report.rows[0].outcome.detail
    assert len(report.errata) == 1 and "x = " in report.errata[0].counterexample
    assert not report.ok


def test_a_check_that_raises_is_a_failure_not_a_crash():
    def broken(ctx):
        raise RuntimeError("boom")
    report = audit.run([_fake(broken)], Context())
    assert not report.ok and "boom" in report.rows[0].outcome.detail


def test_selection_by_part_and_id():
    assert {c.part for c in checks_for(parts=["I"])} == {"I"}
    assert {c.id for c in checks_for(ids=["LR-16"])} == {"LR-16"}


def test_console_script_version():
    out = subprocess.run([sys.executable, "-m", "cs229.proofs.cli", "--version"], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.startswith("cs229 ")
