"""Run ``cs229 conform`` on a student module written to a temporary file (tests/test_conform_*.py)."""
import json
import textwrap

from cs229 import cli


def failures_of(tmp_path, capsys, topic, source, *options):
    """The report and its failed properties ({id: property}) for ``source`` as student_<topic>.py;
    the run must not conform, each failure carrying its inputs, the reference's answer and a message."""
    student = tmp_path / f"student_{topic}.py"
    student.write_text(textwrap.dedent(source), encoding="utf-8")
    code = cli.main(["conform", str(student), *options, "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 1 and not report["ok"] and report["topic"] == topic
    failures = {p["id"]: p for f in report["functions"] for p in f["properties"] if p["status"] != "passed"}
    for p in failures.values():
        assert p["status"] == "failed" and p["inputs"] and p["reference"] is not None and p["message"]
    return report, failures
