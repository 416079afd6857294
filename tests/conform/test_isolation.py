"""A student cannot fool ``cs229 conform`` or hang it: the code under test runs in a child process.

Each module below is a wrong implementation (the gradient of logistic regression with its sign
slipped, LG-4) that also tries one of the tricks a student who wants to pass would try from inside
their own module: exit (``sys.exit``, ``os._exit``), patch the reference or the kit, skip
(``pytest.skip``), raise KeyboardInterrupt, loop forever, change the arrays it was given. None of
them conforms; each is a failure with its reason, and the run goes on. Then what the reports
must survive (control characters, NaN), Ctrl-C, a closed pipe, the pytest plugin with and without
xdist, and a course's submission doing the same.
"""
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
import xml.etree.ElementTree as ET
from importlib import metadata

import pytest

from cs229 import cli

pytestmark = pytest.mark.usefixtures("without_shrinking")

WRONG = '''
import numpy as np


def sigmoid(z):
    return 0.5 * (1 + np.tanh(z / 2))


def gradient(X, y, theta):
    {before}
    X, y, theta = (np.asarray(a, dtype=float) for a in (X, y, theta))
    return -(X.T @ (y - 1 / (1 + np.exp(-X @ theta))))
'''
HOSTILE = {
    "exits_at_import": ("", "import sys\nsys.exit(0)"),
    "os_exit": ("import os; os._exit(0)", ""),
    "patches_the_reference_and_the_kit": ("", textwrap.dedent('''
        import cs229.reference.logistic_regression as reference
        import cs229.testing.properties as kit
        reference.gradient = gradient
        kit.same = lambda *args, **kwargs: True
        kit.compare = lambda *args, **kwargs: None
        np.allclose = lambda *args, **kwargs: True''')),
    "pytest_skip": ("import pytest; pytest.skip('nothing to see')", ""),
    "keyboard_interrupt": ("raise KeyboardInterrupt", ""),
    "system_exit": ("raise SystemExit(0)", ""),
    "endless_loop": ("while True: pass", ""),
    "mutates_its_input": ("X[:] = 0 if hasattr(X, '__setitem__') else X", ""),
    "reaches_the_network": ("import socket; socket.create_connection(('127.0.0.1', 9), timeout=1)", ""),
    # 4 GiB reserved, not touched: refused only under the memory cap (2048 MiB by default)
    "reserves_4_gib": ("np.empty(2 ** 29).sum()", ""),
}


def student(tmp_path, name, before="pass", after=""):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(WRONG.format(before=before)) + "\n" + after + "\n", encoding="utf-8")
    return path


def strict(text):
    def refuse(name):
        raise ValueError(f"not JSON: {name}")
    return json.loads(text, parse_constant=refuse)


def conform(capsys, *argv):
    code = cli.main(["conform", *argv, "--json", "--quiet", "--examples", "3", "--timeout", "4"])
    out = capsys.readouterr()
    return code, strict(out.out) if out.out.strip() else None, out.err


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_module_does_not_conform(tmp_path, capsys, name):
    before, after = HOSTILE[name]
    code, report, err = conform(capsys, str(student(tmp_path, name, before or "pass", after)))
    assert code == 1 and report is not None and report["verdict"] == "does not conform", (code, err)
    properties = {p["id"]: p for f in report["functions"] for p in f["properties"]}
    gradient = properties["gradient::agrees_with_reference[LG-4]"]
    assert gradient["status"] == "failed" and gradient["message"]
    # the rest of the run went on: sigmoid, checked before and after, is judged on its own
    assert properties["sigmoid::agrees_with_reference[LG-1]"]["status"] == "passed"
    reasons = {"os_exit": "exited with status 0", "endless_loop": "time limit",
               "mutates_its_input": "changed its argument X in place", "pytest_skip": "Skipped",
               "keyboard_interrupt": "KeyboardInterrupt", "system_exit": "SystemExit",
               "reaches_the_network": "network access is disabled", "reserves_4_gib": "MemoryError"}
    if name in reasons:
        assert reasons[name] in json.dumps(gradient, ensure_ascii=False), gradient
    if name == "exits_at_import":
        assert [p["type"] for p in report["import_problems"]] == ["SystemExit"]


def test_nothing_to_check_has_its_own_status(tmp_path, capsys):
    empty = tmp_path / "nothing.py"
    empty.write_text("x = 1\n")
    code, report, _ = conform(capsys, str(empty), "--topic", "logistic_regression")
    assert code == 5 and report["verdict"] == "nothing to check" and not report["ok"]


def test_reports_stay_valid_whatever_the_code_prints_or_answers(tmp_path, capsys):
    path = student(tmp_path, "noisy", before="print('\\x00\\x1b[31m\\x07 bell'); "
                                             "raise ValueError('\\x00\\x01 \\ud800 \\x1b[0m')")
    (tmp_path / "nan.py").write_text("import numpy as np\n\ndef gradient(X, y, theta):\n"
                                     "    return np.full(np.shape(theta), np.nan)\n")
    junit = tmp_path / "conform.xml"
    code, report, _ = conform(capsys, str(path), "--junitxml", str(junit))
    assert code == 1
    failure = next(c for c in ET.parse(junit).getroot().iter("testcase") if c.find("failure") is not None)
    assert "\\x00" in failure.find("failure").text or "\\x00" in failure.find("failure").get("message")
    code, report, _ = conform(capsys, str(tmp_path / "nan.py"), "--topic", "logistic_regression")
    assert code == 1  # strict() refused no NaN: the answers' NaN are strings
    answer = report["functions"][0]["properties"][0]["target"]
    assert answer and set(answer) == {"NaN"}


def _cs229(*argv, **kwargs):
    # Ctrl-C as at a terminal: SIGINT at its default in the command, whatever this test process
    # inherited (an ignored SIGINT survives exec, and the audit's pool workers ignore it)
    return subprocess.Popen([sys.executable, "-m", "cs229", "conform", *argv], text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL), **kwargs)


def _children(worktree_child):
    """The pids of running processes whose command line names the child script."""
    pids = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    if worktree_child.encode() in f.read():
                        pids.append(int(pid))
            except OSError:
                pass
    return pids


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads the process table from /proc")
def test_ctrl_c_gives_the_partial_report_and_ends_the_child(tmp_path):
    path = student(tmp_path, "endless", before="while True: pass")
    run = _cs229(str(path), "--examples", "3", "--timeout", "120")
    done = [run.stderr.readline() for _ in range(2)]  # the progress lines of sigmoid's two properties
    assert all("sigmoid" in line for line in done), done
    time.sleep(1)  # gradient loops in the child
    assert _children_of(run.pid)
    run.send_signal(signal.SIGINT)
    out, err = run.communicate(timeout=120)
    assert run.returncode == 130, err
    assert "Interrupted" in out and "sigmoid" in out
    time.sleep(1)
    assert not _children_of(run.pid)


def _children_of(pid):
    from cs229.testing import sandbox
    return [p for p in _children(sandbox.CHILD + "\0") if _parent(p) == pid]


def _parent(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return int(f.read().rsplit(")", 1)[1].split()[1])
    except OSError:
        return None


def test_a_closed_pipe_ends_quietly(tmp_path):
    path = student(tmp_path, "wrong")
    run = _cs229(str(path), "--examples", "2", "--quiet")
    run.stdout.close()  # the reader is gone before the report is written
    err = run.stderr.read()
    assert run.wait(timeout=300) == 0 and err == ""


def _pytest(tmp_path, *argv):
    plugin = [] if any(e.value == "cs229.testing.plugin" for e in metadata.entry_points(group="pytest11")) \
        else ["-p", "cs229.testing.plugin"]
    return subprocess.run([sys.executable, "-m", "pytest", *plugin, "-p", "no:cacheprovider", "-q", *argv],
                          cwd=tmp_path, capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["serial", "xdist"])
@pytest.mark.parametrize("name", ["pytest_skip", "os_exit", "patches_the_reference_and_the_kit"])
def test_the_plugin_isolates_the_target(tmp_path, name, workers):
    before, after = HOSTILE[name]
    path = student(tmp_path, name, before or "pass", after)
    run = _pytest(tmp_path, f"--cs229-conform={path}", "--cs229-examples=3", "--cs229-shrink-seconds=2", "-k",
                  "gradient or sigmoid", *workers)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "gradient.agrees_with_reference[LG-4]" in run.stdout and " skipped" not in run.stdout, run.stdout
    assert "1 failed" in run.stdout or "2 failed" in run.stdout, run.stdout


COURSE_HOSTILE = {
    "exits_at_import": "import sys\nsys.exit(0)\n",
    "os_exit_in_predict": "import os\n_predict = LocallyWeightedLinearRegression.predict\n"
                          "LocallyWeightedLinearRegression.predict = lambda self, x: os._exit(0)\n",
    "loops_in_fit": "def _forever(self, x, y):\n    while True:\n        pass\n\n\n"
                    "LocallyWeightedLinearRegression.fit = _forever\n",
    "patches_the_reference": "import cs229.reference.linear_regression as r\n"
                             "r.lwr_predict = lambda X, y, q, tau: [0.0] * len(q)\n",
    "patches_the_kit": "import cs229.testing.properties as kit\nkit.same = lambda *args, **kwargs: True\n",
    "skips_in_predict": "import pytest\n"
                        "LocallyWeightedLinearRegression.predict = lambda self, x: pytest.skip('not today')\n",
    "mutates_in_fit": "_fit = LocallyWeightedLinearRegression.fit\n\n\n"
                      "def _zeroing(self, x, y):\n    _fit(self, x.copy(), y.copy())\n    y[:] = 0\n\n\n"
                      "LocallyWeightedLinearRegression.fit = _zeroing\n",
}
SLIPPED_LWR = '''
import numpy as np
from linear_model import LinearModel


class LocallyWeightedLinearRegression(LinearModel):
    def __init__(self, tau):
        super().__init__()
        self.tau = tau

    def fit(self, x, y):
        self.x, self.y = x, y

    def predict(self, x):
        out = []
        for q in x:
            w = np.exp(-np.linalg.norm(self.x - q, axis=1) / (2 * self.tau ** 2))
            theta = np.linalg.solve(self.x.T @ (w[:, None] * self.x), self.x.T @ (w * self.y))
            out.append(q @ theta)
        return np.array(out)
'''


def test_a_course_submission_cannot_fool_the_grader(tmp_path, capsys):
    for name, trick in COURSE_HOSTILE.items():
        folder = tmp_path / name / "src"
        folder.mkdir(parents=True)
        (folder / "p05b_lwr.py").write_text(textwrap.dedent(SLIPPED_LWR) + trick, encoding="utf-8")
    code = cli.main(["conform", "--course", "cs229-2018", str(tmp_path), "--json", "--quiet", "--examples", "3",
                     "--timeout", "8"])
    report = strict(capsys.readouterr().out)
    assert code == 1
    verdicts = {p["file"].split(os.sep)[0]: p for p in report["problems"]}
    assert set(verdicts) == set(COURSE_HOSTILE)
    for name, p in verdicts.items():
        assert p["verdict"] == "does not conform", (name, p["verdict"], p["reason"])
    assert "exited with status 0" in verdicts["os_exit_in_predict"]["failures"][0]["message"]
    assert "time limit" in verdicts["loops_in_fit"]["failures"][0]["message"]
    assert "Skipped" in verdicts["skips_in_predict"]["failures"][0]["message"]
    assert "in place" in verdicts["mutates_in_fit"]["failures"][0]["message"]
    assert verdicts["exits_at_import"]["import_problems"][0]["type"] == "SystemExit"


GDA = '''
import numpy as np
from linear_model import LinearModel


class GDA(LinearModel):
    def fit(self, x, y):
        phi, mu_0, mu_1 = np.mean(y), x[y == 0].mean(axis=0), x[y == 1].mean(axis=0)
        d = x - np.where((y == 1)[:, None], mu_1, mu_0)
        inverse = np.linalg.inv(d.T @ d / len(y))
        self.theta = np.r_[(mu_0 @ inverse @ mu_0 - mu_1 @ inverse @ mu_1) / 2 + np.log(phi / (1 - phi)),
                           inverse @ (mu_1 - mu_0)]

    def predict(self, x):
        return 1 / (1 + np.exp(-(x @ self.theta[1:] + self.theta[0])))
'''


def test_ctrl_c_in_a_course_run_reports_the_files_done(tmp_path):
    (tmp_path / "ps1" / "src").mkdir(parents=True)
    (tmp_path / "ps1" / "src" / "p01e_gda.py").write_text(textwrap.dedent(GDA))
    (tmp_path / "ps1" / "src" / "p05b_lwr.py").write_text(
        textwrap.dedent(SLIPPED_LWR) + COURSE_HOSTILE["loops_in_fit"], encoding="utf-8")
    run = _cs229("--course", "cs229-2018", str(tmp_path), "--examples", "3", "--timeout", "600")
    done = [run.stderr.readline() for _ in range(2)]  # GDA's two properties
    assert all("p01e_gda.py" in line for line in done), done
    time.sleep(2)  # p05b's fit loops in its child
    run.send_signal(signal.SIGINT)
    out, err = run.communicate(timeout=120)
    assert run.returncode == 130, err
    assert "p01e_gda" in out and "CONFORMS" in out and "Interrupted" in out
    assert "not checked: ps1/src/p05b_lwr.py" in out and "p05b_lwr.py  " not in out
    time.sleep(1)
    assert not _children_of(run.pid)
