"""The ``cs229`` command on the way in and out, the same for ``audit``, ``figures`` and ``conform``:
options out of range, empty or unwritable are refused before any work (exit 2); Ctrl-C keeps the
partial report (exit 130); a closed pipe ends the output quietly; stdout closed or full is one
line on stderr (exit 74). Then the report's small things: counts in the right number, a short
``--summary``, progress lines that fit the terminal and cite the short keys, no unrelated "did
you mean" rows.

Each test is one reproducer of a failure the command once had. Where a directory must be
unwritable and the tests run as root (whom permission bits do not stop), the command runs as the
user nobody (``os.setuid`` in the child) against a directory of mode 0o555.
"""
import io
import json
import multiprocessing
import os
import pwd
import re
import signal
import stat
import subprocess
import sys
import tempfile
import time

import pytest

from cs229 import _exits, cli
from cs229._text import count, progress_line
from cs229.proofs import audit, sources
from cs229.proofs.registry import Check, Context, Erratum, Outcome, checks_for

from tests import ROOT as REPOSITORY

CLI = [sys.executable, "-m", "cs229"]
ROOT = str(REPOSITORY)
FAST_ID = ["--id", "LR-1", "--examples", "2"]  # one check, well under a second


def _cli(*argv, timeout=300, **kwargs):
    kwargs.setdefault("stdout", subprocess.PIPE)
    kwargs.setdefault("stderr", subprocess.PIPE)
    return subprocess.run(CLI + list(argv), text=True, timeout=timeout, **kwargs)


def _refused(argv, capsys):
    """(exit status, stderr) of an in-process run that must stop before any work."""
    start = time.perf_counter()
    code = cli.main(argv)
    err = capsys.readouterr().err
    assert time.perf_counter() - start < 20, "the refusal came after work"
    assert "[1/" not in err, "a check ran before the refusal"
    return code, err


def _usage_exit(argv, capsys):
    """argparse's refusal: SystemExit 2 and the message."""
    with pytest.raises(SystemExit) as e:
        cli.main(argv)
    assert e.value.code == 2
    return capsys.readouterr().err


def _default_sigint():
    # an ignored SIGINT is inherited across exec: give the child Python's own handler
    signal.signal(signal.SIGINT, signal.SIG_DFL)


# ---- Ctrl-C: the partial report and 130 ------------------------------------------------------

def test_ctrl_c_in_conform_prints_the_properties_done_and_exits_130(tmp_path):
    process = subprocess.Popen(CLI + ["conform", "cs229.fast.logistic_regression", "--examples", "300"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                               preexec_fn=_default_sigint)
    first = process.stderr.readline()  # the first progress line: one property done
    assert first.startswith("[1] "), first
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=300)
    assert process.returncode == 130, err[-2000:]
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert "Interrupted: the properties above ran" in out and out.rstrip().endswith("INTERRUPTED")


def test_ctrl_c_in_figures_says_how_many_were_written_and_exits_130(tmp_path):
    pytest.importorskip("matplotlib")
    process = subprocess.Popen(CLI + ["figures", "--out", str(tmp_path)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, preexec_fn=_default_sigint)
    first = process.stdout.readline().strip()  # the first file written
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=300)
    assert process.returncode == 130, err[-2000:]
    assert "Traceback" not in err and re.search(r"interrupted: \d+ of 17 figures written", err), err
    assert first.endswith(".png") and os.path.isfile(first)


# ---- a reader who closes the pipe: quiet -----------------------------------------------------

def _with_reader_gone(argv, **kwargs):
    """Run ``argv`` with stdout a pipe whose reader has already gone (``| head -0``): its first
    write meets a closed pipe, every time."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run(CLI + argv, stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=300,
                              **kwargs)
    finally:
        os.close(write_end)


@pytest.mark.parametrize("argv", [["figures", "--list"], ["audit", "--sources"], ["audit", "--list"]])
def test_a_closed_pipe_ends_a_listing_quietly(argv):
    result = _with_reader_gone(argv)
    assert result.returncode == 0 and result.stderr == "", result.stderr


def test_a_closed_pipe_ends_conform_quietly_with_0(tmp_path):
    result = _with_reader_gone(["conform", "cs229.fast.entropy", "--examples", "2", "--quiet"], cwd=tmp_path)
    assert result.returncode == 0 and result.stderr == "", result.stderr


def test_a_closed_pipe_ends_the_audit_quietly_with_0():
    result = _with_reader_gone(["audit", *FAST_ID, "--quiet"])
    assert result.returncode == 0 and result.stderr == "", result.stderr


# ---- stdout closed or full: one line on stderr, 74 -------------------------------------------

@pytest.mark.parametrize("argv", [["audit", "--sources"], ["figures", "--list"], ["audit", *FAST_ID]])
def test_stdout_closed_is_one_line_and_74_before_any_work(argv):
    result = _cli(*argv, stdout=None, preexec_fn=lambda: os.close(1))  # cs229 ... >&-
    assert result.returncode == _exits.OUTPUT_ERROR
    assert result.stderr.count("\n") == 1 and "standard output is closed" in result.stderr, result.stderr


@pytest.mark.parametrize("argv", [["audit", "--sources"], ["figures", "--list"], ["audit", *FAST_ID, "--quiet"],
                                  ["conform", "cs229.fast.entropy", "--examples", "2", "--quiet"]])
def test_stdout_full_is_one_line_and_74(argv, tmp_path):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    with open("/dev/full", "w") as full:
        result = _cli(*argv, stdout=full, cwd=tmp_path)
    assert result.returncode == _exits.OUTPUT_ERROR
    assert result.stderr.count("\n") == 1 and "No space left on device" in result.stderr, result.stderr


def test_a_failing_progress_stream_does_not_stop_the_run():
    class Full(io.StringIO):
        def write(self, text):
            raise OSError(28, "No space left on device")

    stream = _exits._Progress(Full())
    stream.write("[1/2] ...\n")
    stream.flush()  # no longer raises either
    report = audit.run(checks_for(ids=["LR-1"]), Context(examples=1), progress=stream)
    assert report.ok and report.rows


# ---- output paths: checked before the work, exit 2 -------------------------------------------

@pytest.fixture
def a_file(tmp_path):
    path = tmp_path / "a-file"
    path.write_text("x")
    return path


@pytest.mark.parametrize("out, says", [
    ("FILE", "exists and is not a directory"),
    ("", "the path is empty"),
    ("/dev/null", "/dev/null exists and is not a directory"),
    ("FILE/sub", "is not a directory"),
])
def test_figures_out_that_cannot_be_a_directory_is_refused_before_drawing(out, says, a_file, capsys):
    pytest.importorskip("matplotlib")
    code, err = _refused(["figures", "--id", "sigmoid", "--out", out.replace("FILE", str(a_file))], capsys)
    assert code == 2 and "cs229 figures: --out: " in err and says in err, err
    assert a_file.read_text() == "x"


@pytest.mark.parametrize("option", ["--html", "--markdown"])
@pytest.mark.parametrize("path, says", [
    ("", "the path is empty"),
    ("DIR", "is a directory"),
    ("DIR/missing/report", "does not exist"),
    ("FILE/report", "is not a directory"),
])
def test_an_audit_page_that_cannot_be_written_is_refused_before_the_audit(option, path, says, a_file, capsys):
    path = path.replace("DIR", str(a_file.parent)).replace("FILE", str(a_file))
    code, err = _refused(["audit", *FAST_ID, option, path], capsys)
    assert code == 2 and f"cs229 audit: {option}: " in err and says in err, err


def test_conform_junitxml_that_cannot_be_written_is_refused_before_the_run(a_file, capsys):
    code, err = _refused(["conform", "cs229.fast.entropy", "--junitxml", str(a_file / "report.xml")], capsys)
    assert code == 2 and "cs229 conform: --junitxml: " in err and "is not a directory" in err, err


def _nobody():
    try:
        return pwd.getpwnam("nobody").pw_uid
    except KeyError:
        pytest.skip("no user nobody to drop to")


@pytest.fixture
def read_only_directory():
    """A directory no file can be created in: mode 0o555, made under /tmp (pytest's tmp_path is
    root's own, closed to others)."""
    top = tempfile.mkdtemp(prefix="cs229-cli-")
    os.chmod(top, 0o755)
    directory = os.path.join(top, "read-only")
    os.mkdir(directory)
    os.chmod(directory, 0o555)
    try:
        yield directory
    finally:
        os.chmod(directory, 0o755)
        for name in os.listdir(directory):
            os.remove(os.path.join(directory, name))
        os.rmdir(directory)
        os.rmdir(top)


def _main_unprivileged(argv):
    """(exit status, stderr) of ``cli.main(argv)`` in a forked child that, under root, first
    becomes nobody: the permission bits then bind, as they do for any user. (A child that execs
    cannot: the interpreter may live where nobody may not read.)"""
    uid = _nobody() if os.geteuid() == 0 else None
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 99
        try:
            os.dup2(write_end, 2)
            sys.stderr = os.fdopen(2, "w", closefd=False)
            if uid is not None:
                os.setuid(uid)
            code = cli.main(argv)
        finally:
            sys.stderr.flush()
            os._exit(code)
    os.close(write_end)
    with os.fdopen(read_end) as err:
        text = err.read()
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), text


@pytest.mark.parametrize("argv", [
    ["figures", "--id", "sigmoid", "--out", "{ro}"],
    ["figures", "--id", "sigmoid", "--out", "{ro}/new"],
    ["audit", *FAST_ID, "--html", "{ro}/report.html"],
    ["audit", *FAST_ID, "--markdown", "{ro}/report.md"],
    ["conform", "cs229.fast.entropy", "--junitxml", "{ro}/report.xml"],
])
def test_a_read_only_directory_is_refused_before_the_work(argv, read_only_directory):
    if argv[0] == "figures":
        pytest.importorskip("matplotlib")  # imported here, before the child drops its rights
    code, err = _main_unprivileged([a.replace("{ro}", read_only_directory) for a in argv])
    assert code == 2, err
    assert "permission denied" in err and "[1" not in err, err
    assert os.listdir(read_only_directory) == []


def test_the_output_checks_leave_no_file_behind(tmp_path):
    assert _exits.output_file("--html", str(tmp_path / "report.html")) == str(tmp_path / "report.html")
    assert _exits.output_directory("--out", str(tmp_path / "a" / "b")) == str(tmp_path / "a" / "b")
    assert list(tmp_path.iterdir()) == []


def test_a_page_that_fails_after_the_run_keeps_the_report_on_stdout_and_exits_74(tmp_path, monkeypatch, capsys):
    """The path was writable when checked; the disk filled before the end."""
    real_open = open

    def full_disk(path, mode="r", *args, **kwargs):
        if str(path).endswith(".md") and "w" in mode:
            raise OSError(28, "No space left on device")
        return real_open(path, mode, *args, **kwargs)

    monkeypatch.setattr("builtins.open", full_disk)
    code = cli.main(["audit", *FAST_ID, "--quiet", "--markdown", str(tmp_path / "report.md")])
    captured = capsys.readouterr()
    assert code == _exits.OUTPUT_ERROR and "Totals: 1 check, 1 pass" in captured.out
    assert "--markdown: cannot write" in captured.err and "No space left" in captured.err


# ---- numeric options and empty values --------------------------------------------------------

@pytest.mark.parametrize("argv, says", [
    (["audit", "--digits", "100000"], "argument --digits: must be from 20 to 1000, got 100000"),
    (["audit", "--digits", "5"], "argument --digits: must be from 20 to 1000"),
    (["audit", "--examples", "0"], "argument --examples: must be from 1 to 1000, got 0"),
    (["audit", "--examples", "1000000"], "argument --examples: must be from 1 to 1000"),
    (["audit", "--seed", "-1"], "argument --seed: must be from 0 to 4294967295"),
    (["audit", "-j", "0"], "argument -j/--jobs: must be at least 1, got 0"),
    (["audit", "-j", "two"], "argument -j/--jobs: not an integer: 'two'"),
    (["figures", "--seed", "2e9"], "argument --seed: not an integer"),
    (["conform", "cs229.fast.entropy", "--examples", "0"], "argument --examples: must be from 1 to 1000"),
    (["conform", "cs229.fast.entropy", "--rtol", "nan"], "argument --rtol: must be at least 0 and below 1"),
    (["conform", "cs229.fast.entropy", "--rtol=-1e-9"], "argument --rtol: must be at least 0"),
    (["audit", "--id", ""], "argument --id: empty (an unset variable?)"),
    (["audit", "--id", " , "], "argument --id: empty"),
    (["figures", "--id", ""], "argument --id: empty"),
    (["conform", ""], "argument TARGET: empty"),
])
def test_a_numeric_option_out_of_range_or_an_empty_value_is_refused_naming_it(argv, says, capsys):
    err = _usage_exit(argv, capsys)
    assert says in err, err


def test_jobs_are_capped_at_the_cores_and_the_checks(monkeypatch):
    """-j 1000 on 2 checks starts 2 workers (on a machine of 8 cores), and none on one core."""
    sizes = []
    real = multiprocessing.get_context

    class Recording:
        def __init__(self, context):
            self.context = context

        def Pool(self, processes, **kwargs):
            sizes.append(processes)
            return self.context.Pool(processes, **kwargs)

    monkeypatch.setattr(multiprocessing, "get_context", lambda method: Recording(real(method)))
    checks = checks_for(ids=["LR-1", "LR-2"])[:2]
    monkeypatch.setattr(audit, "_cores", lambda: 8)
    report = audit.run(checks, Context(examples=1), jobs=1000)
    assert sizes == [2] and report.ok and len(report.rows) == 2
    monkeypatch.setattr(audit, "_cores", lambda: 1)
    assert audit.run(checks, Context(examples=1), jobs=1000).ok and sizes == [2]  # no pool on one core


def test_options_the_mode_would_ignore_are_refused(tmp_path, capsys):
    code, err = _refused(["audit", "--list", "--html", str(tmp_path / "a.html")], capsys)
    assert code == 2 and "--html writes the audit's report; --list prints no report" in err
    code, err = _refused(["audit", *FAST_ID, "--no-figures"], capsys)
    assert code == 2 and "give --html FILE" in err
    code, err = _refused(["audit", *FAST_ID, "--summary", "--json"], capsys)
    assert code == 2 and "--summary shortens the text report; --json prints no such report" in err


# ---- the notes' text copies ------------------------------------------------------------------

def test_unread_without_the_notes_says_where_it_looked_and_how_to_point_at_them(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("CS229_NOTES", str(tmp_path / "nowhere"))
    code, err = _refused(["audit", "--unread"], capsys)
    assert code == 2 and f"CS229_NOTES={tmp_path / 'nowhere'} is not a directory" in err, err
    assert "000_bcb5081ec9a0b44a.txt" in err and "set CS229_NOTES to it" in err
    monkeypatch.setenv("CS229_NOTES", str(tmp_path))  # a directory without the copies
    code, err = _refused(["audit", "--unread"], capsys)
    assert code == 2 and "lacks 000_bcb5081ec9a0b44a.txt" in err, err
    monkeypatch.delenv("CS229_NOTES")
    monkeypatch.setattr(sources, "_beside_checkout", lambda: [str(tmp_path / "shared" / "notes")])
    code, err = _refused(["audit", "--unread"], capsys)
    assert code == 2 and "CS229_NOTES is not set and there is no shared/notes directory" in err, err
    with pytest.raises(FileNotFoundError, match="CS229_NOTES is not set"):
        sources.notes_lines("000")


def test_the_readme_says_where_the_notes_are_found():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    assert "`CS229_NOTES`" in readme and "shared/notes" in readme and "--unread" in readme


# ---- Hypothesis's files ----------------------------------------------------------------------

def test_conform_writes_nothing_in_the_working_directory(tmp_path):
    result = _cli("conform", "cs229.fast.logistic_regression", "--examples", "2", "--quiet", cwd=tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    assert list(tmp_path.iterdir()) == []  # no .hypothesis/


# ---- the report's words ----------------------------------------------------------------------

def _report(errata=(), checks=1):
    rows = []
    for k in range(checks):
        check = Check("LR-2", f"check {k}", "000 §2", "derivation", lambda ctx: None)
        rows.append(audit.Row(check, Outcome(True, "exact", 0.0, errata=tuple(errata) if k == 0 else ()), 0.1))
    return audit.AuditReport(rows, 1.0, 229, 1, 50, ("I",), planned=checks)


def _erratum(k, nature="slip"):
    return Erratum("LR-2", "000 §2", f"printed form {k} " + "x" * 150, f"corrected form {k} " + "y" * 150,
                   f"at x = {k}", nature)


def test_counts_take_the_right_number():
    assert [count(n, "erratum", "errata") for n in (0, 1, 2)] == ["0 errata", "1 erratum", "2 errata"]
    one = audit.totals_line(_report([_erratum(1)]))
    assert "1 check, 1 pass, 0 fail; 1 erratum (1 slip, 0 transcriptions); 0 remarks; 0 conventions; 0 readings" in one
    assert "1 example, 50 digits" in one
    text = audit.render_text(_report([_erratum(1)]), width=200)
    assert "Errata (1: 1 slip of the notes, 0 transcription artefacts of this copy)" in text
    assert "Errata: none" in audit.render_text(_report(), width=100)


def test_the_pages_count_in_the_right_number_too():
    from cs229.proofs import report_html
    data = audit.to_data(_report([_erratum(1)]))
    page, markdown = report_html.render_html(data), report_html.render_markdown(data)
    assert "1 check in" in page and "1 example," in page and "1 check, 1 pass · 1 erratum" in page
    assert "1 check, 1 pass, 0 fail; 1 erratum (1 slip of the notes); seed 229, 1 example" in markdown


def test_summary_is_the_failures_and_two_lines_per_erratum():
    """42 errata made the summary 427 lines (each printed in full with its text, correction and
    counterexample, then the conventions and the sources): now each erratum is two lines."""
    errata = [_erratum(k, "slip" if k % 3 else "transcription") for k in range(42)]
    summary = audit.render_text(_report(errata, checks=190), width=80, summary=True).splitlines()
    assert len(summary) <= 2 * 42 + 10, len(summary)
    assert max(len(line) for line in summary) <= 80
    totals = next(k for k, line in enumerate(summary) if line.startswith("Totals: "))
    assert summary[0] == "Failures (0): none" and summary[totals].startswith("Totals: 190 checks")
    assert totals >= len(summary) - 4  # the totals close the summary, wrapped to the width
    entries = [k for k, line in enumerate(summary) if line.startswith("  LR-2 [")]
    assert len(entries) == 42 and all(summary[k + 1].startswith("    corrected corrected form") for k in entries)
    assert not any(line.startswith(("Conventions", "Readings", "Sources")) for line in summary)


def test_summary_of_a_real_run_lists_each_erratum_in_two_lines(capsys):
    assert cli.main(["audit", "--id", "LR-5,SM-4", "--examples", "2", "--summary", "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    starts = [k for k, line in enumerate(out) if re.match(r"  (LR-5|SM-4) \[slip\]", line)]
    assert len(starts) == 2 and all(out[k + 1].startswith("    corrected ") for k in starts), out
    assert len(out) <= 13 and "counterexample" not in " ".join(out[1:3] + out[4:])


def test_progress_lines_fit_the_terminal_and_cite_the_short_keys(monkeypatch):
    """'002's three steps' is 'Neto's three steps' in the report: so in the progress lines."""
    for columns in (50, 80, 200):
        monkeypatch.setenv("COLUMNS", str(columns))
        stream = io.StringIO()
        audit.run(checks_for(ids=["LR-3"]), Context(examples=1), progress=stream)
        lines = stream.getvalue().splitlines()
        assert lines and all(len(line) < columns for line in lines), lines
        assert not any(re.search(r"(?<![\w.])00[0-4](?![\w.])", line) for line in lines), lines
        if columns == 200:
            assert any("Neto's three steps ... pass" in line for line in lines), lines
    assert progress_line("[1/2] LR-3   ", "title", " ... pass (0.1 s)", 10) == "[1/2] LR-"


def test_an_unknown_row_names_the_prefix_range_not_unrelated_rows(capsys):
    code, err = _refused(["audit", "--id", "LR-99"], capsys)
    assert code == 2 and "no catalog row LR-99: LR has rows LR-1 … LR-16" in err and "did you mean" not in err
    code, err = _refused(["audit", "--id", "LR-012"], capsys)
    assert code == 2 and "(did you mean LR-12?)" in err


# ---- figures: the files written are the files documented -------------------------------------

def test_figures_writes_and_lists_the_tree_as_text_as_the_readme_says(tmp_path):
    pytest.importorskip("matplotlib")
    result = _cli("figures", "--id", "xor_tree", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [str(tmp_path / "xor_tree.png"), str(tmp_path / "xor_tree.txt")]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["xor_tree.png", "xor_tree.txt"]
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    assert "`xor_tree.txt`" in readme and "`decision_tree.txt`" in readme


def test_exit_statuses_are_documented_in_the_help():
    result = _cli("--help")
    flat = " ".join(result.stdout.split())
    assert result.returncode == 0 and "74 the output could not be written" in flat and "130 interrupted" in flat


def test_the_output_directory_is_created_and_a_file_mode_is_kept(tmp_path):
    target = tmp_path / "new" / "figures"
    assert _exits.output_directory("--out", str(target)) == str(target) and not target.exists()
    existing = tmp_path / "report.html"
    existing.write_text("old")
    os.chmod(existing, stat.S_IRUSR | stat.S_IWUSR)
    assert _exits.output_file("--html", str(existing)) == str(existing) and existing.read_text() == "old"


def test_json_output_still_parses_through_emit(capsys):
    assert cli.main(["audit", "--sources", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["short"] == "Ng"
