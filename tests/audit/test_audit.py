"""The proofs registry, the errata mechanism and the ``cs229 audit`` command as a reader uses it."""
import json
import os
import signal
import subprocess
import sys

import mpmath
import pytest
import sympy as sp
from hypothesis import strategies as st

from cs229 import cli
from cs229.proofs import audit, catalog, sources
from cs229.proofs.checking import (Step, chain, counterexample, labels, numeric_erratum, probability,
                                   sampled)
from cs229.proofs.registry import Check, Context, Erratum, Outcome, Quote, checks_for

LR_ROWS = ["LR-2", "LR-3", "LR-5", "LR-7", "LR-8", "LR-9", "LR-10", "LR-11", "LR-12", "LR-13",
           "LR-14", "LR-16"]
CLI = [sys.executable, "-m", "cs229.cli"]


def _run(argv, capsys):
    code = cli.main(argv)
    captured = capsys.readouterr()
    return code, captured.out


def _cli(*argv, cwd=None, timeout=600):
    return subprocess.run(CLI + list(argv), capture_output=True, text=True, cwd=cwd, timeout=timeout,
                          env={**os.environ, "COLUMNS": "80"})


@pytest.mark.slow  # the whole of Part I at 8 examples; the README's command audits it at 2 (tests/audit/test_html.py)
def test_audit_part_I_passes_and_lists_every_LR_row(capsys):
    code, out = _run(["audit", "--part", "I", "--json", "--quiet", "--examples", "8"], capsys)
    report = json.loads(out)
    assert code == 0, [c for c in report["checks"] if c["verdict"] != "pass"]
    assert {c["id"] for c in report["checks"]} >= set(LR_ROWS)
    assert all(c["verdict"] == "pass" for c in report["checks"])
    assert report["totals"]["fail"] == 0 and report["totals"]["checks"] == len(report["checks"])
    errata = {e["id"] for e in report["errata"]}
    assert {"LR-5", "LR-9", "LR-14"} <= errata
    for e in report["errata"]:
        assert set(e) >= {"id", "source", "printed", "corrected", "counterexample", "quote", "line"}
        assert e["counterexample"] and e["quote"] and e["line"] > 0
        assert e["nature"] in ("slip", "transcription")
    natures = {e["id"]: e["nature"] for e in report["errata"]}
    assert natures["LR-5"] == "slip" and natures["LR-9"] == "transcription"
    assert report["schema"] == audit.SCHEMA and report["cs229"]
    assert [s["short"] for s in report["sources"]] == ["Ng", "Ramanan L11", "Neto", "Ng V (OCR)", "L08"]
    housing = [c for c in report["checks"] if c["id"] == "LR-16"]
    assert housing and all("half-units of the last printed digit" in c["measure"] for c in housing)
    assert all(c["measure"] == "worst residual" for c in report["checks"] if c["kind"] != "reproduction")
    assert all(c.get("quotes") for c in report["checks"])
    assert not any("000" in c["source"] or "002" in c["source"] for c in report["checks"])


def test_audit_text_report_has_tables_errata_quotes_and_totals(capsys):
    code, out = _run(["audit", "--id", "LR-5,LR-9", "--quiet", "--examples", "5"], capsys)
    assert code == 0
    assert "Part I: Linear regression (Ng Part I; Neto §1.1-1.2)" in out
    assert "Errata (2: 1 slip of the notes, 1 transcription" in out
    assert "counterexample:" in out and "Totals:" in out
    assert "text (Ng, line 94)" in out and "text (Ng, line 180)" in out  # the erratum's own text
    assert "quote: “" in out  # --id prints each check's quotes
    assert "Catalog rows marked P" not in out  # only the rows asked for


def test_id_selection_reports_only_the_rows_selected(capsys):
    code, out = _run(["audit", "--id", "LR-14", "--json", "--quiet", "--examples", "2"], capsys)
    data = json.loads(out)
    assert code == 0 and {c["id"] for c in data["checks"]} == {"LR-14"}
    assert data["uncovered"] == []
    assert {e["id"] for e in data["errata"]} == {"LR-14"}


def test_ids_and_parts_are_case_insensitive(capsys):
    code, out = _run(["audit", "--id", "lr-14", "--part", "i", "--json", "--quiet", "--examples", "2"], capsys)
    assert code == 0 and {c["id"] for c in json.loads(out)["checks"]} == {"LR-14"}
    assert catalog.normalise_id("kr-9A") == "KR-9a" and catalog.normalise_part("TREES") == "trees"


@pytest.mark.parametrize("argv, says", [
    (["--id", "LR-99"], ["no catalog row LR-99", "LR-1 … LR-16"]),
    (["--id", "LR-15"], ["LR-15 (polynomial feature expansion", "has no proof check", "needs are R T",
                         "rows of Part I with checks: LR-1, LR-2"]),
    (["--id", "XX-1"], ["unknown catalog ID 'XX-1'", "the prefixes are LR, LG"]),
    (["--part", "V", "--id", "LR-11"], ["LR-11 is in Part I, outside the selected part V", "nothing matches"]),
    (["--id", "LR-11z"], ["no check LR-11z", "the checks of LR-11 are LR-11"]),
])
def test_a_selection_that_cannot_run_says_why_and_what_would(argv, says, capsys):
    assert cli.main(["audit", *argv, "--quiet"]) == 2
    err = capsys.readouterr().err
    for s in says:
        assert s in err, err
    if argv == ["--id", "LR-15"]:
        # where the tests are: a checkout (an installed package carries none, and says nothing of them)
        tests = catalog.tests_naming("LR-15")
        assert ("tested in linear_regression/test_formulas.py;" in err) == (tests is not None), err


def test_unknown_part_is_refused(capsys):
    with pytest.raises(SystemExit):
        cli.main(["audit", "--part", "VI"])
    assert "unknown part 'VI'" in capsys.readouterr().err


def _fake(function, id="LR-2", kind="derivation"):
    return Check(id, "fake", "nowhere", kind, function)


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


def test_a_counterexample_is_searched_in_each_variables_domain_and_named():
    phi, y = sp.Symbol("phi", positive=True), sp.Symbol("y", real=True)
    printed = sp.exp(sp.log(phi / (1 - phi)) * y - sp.log(1 - phi))
    true = phi ** y * (1 - phi) ** (1 - y)
    found = counterexample(printed, true, domains={phi: probability("φ"), y: labels(0, 1, name="y")})
    assert found == "at φ = 1/2, y = 0: printed gives 2, previous step gives 1/2"
    # without domains, each symbol is drawn by its sympy assumptions and named from its sympy name
    assert counterexample(printed, true).startswith("at φ = ")
    assert counterexample(phi * (1 - phi), phi - phi ** 2) is None


def test_a_numeric_erratum_shows_the_simplest_point_with_its_names():
    ctx = Context(examples=10)
    out = numeric_erratum(ctx, "LR-2", "test", "x² = x", "x² = x²", st.fractions(-8, 8, max_denominator=4),
                          lambda v: v * v - v, lambda v: 0, 1e-30, names="x", quote=Quote("000", 60, "J(\\theta)"))
    assert out.passed and len(out.errata) == 1
    assert out.errata[0].counterexample == "at x = -1" and out.errata[0].quote.line == 60


def test_a_nan_residual_fails():
    out = sampled(Context(examples=3), st.integers(0, 5), lambda v: mpmath.nan if v == 0 else 0, 1)
    assert not out.passed


def test_a_check_that_raises_is_a_failure_not_a_crash():
    def broken(ctx):
        raise RuntimeError("boom")
    report = audit.run([_fake(broken)], Context())
    assert not report.ok and "boom" in report.rows[0].outcome.detail


def test_an_interrupted_run_keeps_the_checks_done():
    def interrupted(ctx):
        raise KeyboardInterrupt
    ok = lambda ctx: Outcome(True, "exact")  # noqa: E731
    report = audit.run([_fake(ok), _fake(interrupted), _fake(ok)], Context())
    assert report.interrupted and len(report.rows) == 1 and not report.ok
    text = audit.render_text(report)
    assert "Interrupted: 1 of 3 checks ran." in text and "1 of 3 checks (interrupted)" in text


def test_ctrl_c_prints_the_report_of_the_checks_done_and_exits_130():
    # an ignored SIGINT is inherited across exec (a runner started with SIGINT ignored would pass it
    # on): give the audit the default disposition, so that Python installs its KeyboardInterrupt
    # handler
    process = subprocess.Popen(CLI + ["audit", "--part", "I", "--examples", "40"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    first = process.stderr.readline()  # the first progress line: one check done
    assert first.startswith("[1/")
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=300)
    assert process.returncode == 130, err[-2000:]
    assert "Interrupted:" in out and "Totals:" in out and "Traceback" not in err


class _SwallowsCtrlC:
    """A check during which Ctrl-C comes and whose code swallows the KeyboardInterrupt."""
    id, title, part = "T-1", "a check that swallows Ctrl-C", "I"

    def __init__(self, swallow):
        self.swallow = swallow

    def run(self, ctx):
        if self.swallow:
            try:
                os.kill(os.getpid(), signal.SIGINT)
                for _ in range(1000):  # the handler runs at the next bytecode
                    pass
            except KeyboardInterrupt:
                pass
        return Outcome(True, "exact")


def test_ctrl_c_swallowed_inside_a_check_still_stops_the_run():
    # Python's own handler, as in the audit's process (a test runner's worker may ignore SIGINT)
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        checks = [_SwallowsCtrlC(False), _SwallowsCtrlC(True), _SwallowsCtrlC(False)]
        report = audit.run(checks, Context(examples=1))
        assert report.interrupted and len(report.rows) == 2
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # put back
    finally:
        signal.signal(signal.SIGINT, before)


def test_conventions_are_listed_apart_and_not_counted(capsys):
    code, out = _run(["audit", "--id", "GLM-1", "--json", "--quiet", "--examples", "3"], capsys)
    data = json.loads(out)
    assert code == 0
    assert [e["id"] for e in data["conventions"]] == ["GLM-1"] and data["conventions"][0]["line"] == 531
    assert not [e for e in data["errata"] if e["nature"] == "convention"]
    assert data["totals"]["conventions"] == 1 and data["totals"]["errata"] == len(data["errata"])
    assert any(r["line"] == 529 and "g⁻¹" in r["reading"] for r in data["readings"])


def test_the_text_report_fits_80_columns_and_never_cuts_a_title():
    report = audit.run(checks_for(ids=["LR-11", "SM-3", "EF-4"]), Context(examples=2))
    text = audit.render_text(report, width=80)
    assert max(len(line) for line in text.splitlines()) <= 80
    flat = " ".join(text.split())
    for row in report.rows:
        assert " ".join(sources.cite(row.check.title).split()) in flat


def test_summary_prints_totals_failures_and_errata_only(capsys):
    code, out = _run(["audit", "--id", "LR-5,LR-9,LR-14", "--summary", "--quiet", "--examples", "2"], capsys)
    assert code == 0 and "Failures (0): none" in out and "Errata (" in out and "Totals:" in out
    assert "Part I:" not in out and "worst residual" not in out


def test_list_shows_every_catalog_row_with_needs_checks_and_tests(capsys):
    code, out = _run(["audit", "--list", "--json"], capsys)
    listing = json.loads(out)
    assert code == 0 and [r["id"] for r in listing] == list(catalog.ROWS)
    rows = {r["id"]: r for r in listing}
    assert rows["LR-1"]["needs"] == ["R", "F", "T"] and rows["LR-12"]["checks"]
    tests = catalog.tests_naming("LR-12")  # None where the package is installed without its tests
    assert rows["LR-12"]["tests"] == tests and (tests is None or "linear_regression/test_parity.py" in tests)
    code, out = _run(["audit", "--list", "--part", "iii"], capsys)
    assert code == 0 and out.startswith("EF-1") and "needs R P T" in out and "LR-" not in out


def test_list_piped_into_head_ends_quietly():
    """The reader closes the pipe after a few lines (``cs229 audit --list | head``): the listing
    ends without a traceback. The pipe is made small so that the listing cannot fit in it."""
    fcntl = pytest.importorskip("fcntl")
    if not hasattr(fcntl, "F_SETPIPE_SZ"):
        pytest.skip("the pipe size cannot be set here")
    read_end, write_end = os.pipe()
    fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, 4096)
    process = subprocess.Popen(CLI + ["audit", "--list"], stdout=write_end, stderr=subprocess.PIPE, text=True)
    os.close(write_end)
    with os.fdopen(read_end) as out:
        head = [out.readline() for _ in range(3)]
    _, err = process.communicate(timeout=120)
    assert head[0].startswith("LR-1") and err == "" and process.returncode == 0


def test_the_shipped_catalog_is_the_projects_catalog():
    shared = os.path.join(os.path.dirname(sources.notes_directory() or ""), "CATALOG.md")
    if not sources.notes_directory() or not os.path.exists(shared):
        pytest.skip("the project's CATALOG.md is not beside this checkout")
    assert catalog._read_rows(shared) == catalog.ROWS
    assert len(catalog.ROWS) >= 80 and set(catalog.NEEDS_PROOF) <= set(catalog.ROWS)


def test_running_the_audit_writes_nothing_in_the_working_directory(tmp_path):
    result = _cli("audit", "--id", "LR-14,KR-8", "--quiet", "--examples", "2", cwd=tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    assert list(tmp_path.iterdir()) == []


def test_sources_table_and_citations(capsys):
    code, out = _run(["audit", "--sources"], capsys)
    assert code == 0
    for s in sources.SOURCES.values():
        assert s.short in out and s.title in out and s.file in out
    assert "January 3, 2025" in out and "Deva Ramanan" in out and "CS229 Fall 2018" in out
    code, out = _run(["audit", "--sources", "--json"], capsys)
    assert {s["key"]: s["short"] for s in json.loads(out)} == {
        "000": "Ng", "001": "Ramanan L11", "002": "Neto", "003": "Ng V (OCR)", "004": "L08"}
    assert sources.cite("000 V §3 (line 935; also 003); 002 §1.1") == "Ng V §3 (line 935; also Ng V (OCR)); Neto §1.1"
    assert sources.cite("$1000s, 0.001, line 1000") == "$1000s, 0.001, line 1000"
    assert sources.key_of("Neto") == "002" == sources.key_of("002_175a6c2b5ad2bf71.txt")


def test_unchecked_lists_each_item_with_its_reason(capsys):
    code, out = _run(["audit", "--unchecked", "--json", "--part", "I"], capsys)
    items = json.loads(out)
    assert code == 0 and items and all(i["reason"] and i["text"] and i["line"] > 0 for i in items)
    assert {i["part"] for i in items} == {"I"}
    code, out = _run(["audit", "--unchecked"], capsys)
    assert out.startswith("Not checkable (") and "why: " in out


def _without_times(report):
    """The JSON report less what the clock decides: each check's seconds and the total's."""
    for c in report["checks"]:
        del c["seconds"]
    del report["totals"]["seconds"]
    return report


@pytest.mark.slow  # two audit processes, one with two workers: .ci/run runs it
def test_two_jobs_give_the_same_report_as_one():
    argv = ["audit", "--id", "LR-2,LR-14,EF-4,GLM-1", "--examples", "2", "--quiet", "--json"]
    one, two = json.loads(_cli(*argv).stdout), json.loads(_cli(*argv, "-j", "2").stdout)
    assert [(c["id"], c["title"], c["verdict"]) for c in one["checks"]] == \
           [(c["id"], c["title"], c["verdict"]) for c in two["checks"]]
    assert _without_times(one) == _without_times(two)  # the same JSON, times aside


def test_an_erratum_of_unknown_nature_or_a_quote_that_is_not_one_is_refused():
    with pytest.raises(ValueError, match="nature"):
        Erratum("LR-2", "000", "a", "b", "c", "typo")
    with pytest.raises(TypeError, match="Quote"):
        Erratum("LR-2", "000", "a", "b", "c", quote="line 3")


def test_selection_by_part_and_id():
    assert {c.part for c in checks_for(parts=["I"])} == {"I"}
    assert {c.id for c in checks_for(ids=["LR-16"])} == {"LR-16"}


def test_console_script_version():
    out = subprocess.run(CLI + ["--version"], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.startswith("cs229 ")
