"""``cs229 conform`` and its pytest plugin: the fast face and the correct examples conform, each
buggy example fails naming the property it breaks with a counterexample; missing functions are
not checked, signature mismatches and unloadable targets are errors."""
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from importlib import metadata

import pytest

from cs229 import cli
from cs229.testing.properties import TOPICS

from tests import ROOT

# the report of a failure is tested, not how far Hypothesis shrinks it (tests/conftest.py)
pytestmark = pytest.mark.usefixtures("without_shrinking")
EXAMPLES = str(ROOT / "examples")


def conform(capsys, *argv):
    code = cli.main(["conform", *argv, "--json"])
    out = capsys.readouterr()
    return code, json.loads(out.out) if out.out.strip() else None, out.err


def failed(report):
    return {p["id"]: p for f in report["functions"] for p in f["properties"] if p["status"] != "passed"}


@pytest.mark.parametrize("topic", TOPICS)
def test_every_fast_module_conforms(capsys, topic):
    """The command's path on each fast module; tests/conform/test_fast_face.py draws the examples."""
    code, report, _ = conform(capsys, f"cs229.fast.{topic}", "--examples", "2")
    assert code == 0 and report["ok"] and report["topic"] == topic, failed(report)
    assert report["functions"] and not report["signature_errors"]


CORRECT = [("logistic_regression_correct.py", ["--loose"]), ("naive_bayes_correct.py", []),
           ("trees_correct.py", []), ("smo_correct.py", [])]


@pytest.mark.parametrize("name, options", CORRECT)
def test_correct_examples_conform(capsys, name, options):
    code, report, _ = conform(capsys, os.path.join(EXAMPLES, name), *options, "--examples", "15")
    assert code == 0 and report["ok"], failed(report)
    assert sum(f["run"] for f in report["functions"]) >= 3


BUGGY = [
    ("logistic_regression_sign_slip.py", ["--loose"], "logistic_regression",
     {"gradient::agrees_with_reference[LG-4]", "batch_gradient_ascent::agrees_with_reference[LG-5]"}),
    ("naive_bayes_no_laplace.py", [], "naive_bayes",
     {"bernoulli_fit::agrees_with_reference[NB-4]", "laplace_estimate::agrees_with_reference[NB-4]",
      "laplace_estimate::is_a_distribution[NB-4]"}),
    ("trees_unweighted_gain.py", [], "entropy",
     {"information_gain::agrees_with_reference[DT-5]", "information_gain::between_zero_and_parent_entropy[DT-5]"}),
    ("smo_wrong_bounds.py", [], "smo",
     {"bounds::agrees_with_reference[SMO-2]", "bounds::segment_in_the_box[SMO-2]"}),
]


@pytest.mark.parametrize("name, options, topic, broken", BUGGY)
def test_buggy_examples_fail_with_a_counterexample(capsys, name, options, topic, broken):
    code, report, _ = conform(capsys, os.path.join(EXAMPLES, name), *options, "--examples", "5")
    assert code == 1 and not report["ok"] and report["topic"] == topic
    failures = failed(report)
    assert set(failures) == broken
    for p in failures.values():
        assert p["status"] == "failed" and p["inputs"] and p["reference"] is not None and p["message"]


def test_the_text_report_shows_the_counterexample(capsys):
    code = cli.main(["conform", os.path.join(EXAMPLES, "logistic_regression_sign_slip.py"), "--examples", "5"])
    out = capsys.readouterr().out
    assert code == 1
    assert "FAILED agrees_with_reference [LG-4]" in out and "inputs:" in out and "reference:" in out
    assert "not checked (not defined by the target): hypothesis" in out and "DOES NOT CONFORM" in out


def test_signature_mismatch_missing_functions_and_junit(tmp_path, capsys):
    student = tmp_path / "student.py"
    student.write_text("import numpy as np\n\n"
                       "def sigmoid(z):\n    return 0.5 * (1 + np.tanh(z / 2))\n\n"
                       "def gradient(X, theta, y):\n    return X.T @ (y - 1 / (1 + np.exp(-X @ theta)))\n")
    junit = tmp_path / "conform.xml"
    code, report, _ = conform(capsys, str(student), "--junitxml", str(junit), "--examples", "10")
    assert code == 1 and set(report["signature_errors"]) == {"gradient"}
    assert "(X, theta, y)" in report["signature_errors"]["gradient"]
    assert [f["function"] for f in report["functions"]] == ["sigmoid"]
    assert "hessian" in report["not_checked"] and "gradient" not in report["not_checked"]
    suite = ET.parse(junit).getroot()
    assert suite.get("failures") == "1" and int(suite.get("tests")) == 3
    assert [c.get("name") for c in suite.iter("testcase") if c.find("failure") is not None] == ["signature"]


def test_unloadable_and_topicless_targets_are_usage_errors(tmp_path, capsys):
    assert conform(capsys, str(tmp_path / "nowhere.py"))[0] == 2
    assert conform(capsys, "no_such_module_cs229")[0] == 2
    empty = tmp_path / "empty.py"
    empty.write_text("def helper(x):\n    return x\n")
    code, _, err = conform(capsys, str(empty))
    assert code == 2 and "--topic" in err
    code, _, err = conform(capsys, "cs229.reference.matrix_calculus")
    assert code == 2 and "no properties" in err


def test_seed_and_rtol_are_honoured(capsys):
    target = os.path.join(EXAMPLES, "trees_correct.py")
    code, report, _ = conform(capsys, target, "--seed", "7", "--examples", "10", "--rtol", "1e-9")
    assert code == 0 and report["options"] == {"examples": 10, "seed": 7, "rtol": 1e-9, "loose": False}


def _pytest(tmp_path, *argv):
    plugin = [] if any(e.value == "cs229.testing.plugin" for e in metadata.entry_points(group="pytest11")) \
        else ["-p", "cs229.testing.plugin"]
    return subprocess.run([sys.executable, "-m", "pytest", *plugin, "-p", "no:cacheprovider", "-q", *argv],
                          cwd=tmp_path, capture_output=True, text=True, timeout=600)


@pytest.mark.slow  # a pytest run with two workers: .ci/run runs it
def test_pytest_plugin_collects_the_properties_and_writes_junit(tmp_path):
    junit = tmp_path / "plugin.xml"
    run = _pytest(tmp_path, f"--cs229-conform={os.path.join(EXAMPLES, 'trees_unweighted_gain.py')}",
                  "--cs229-examples=20", "-n", "2", f"--junitxml={junit}")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "2 failed, 3 passed" in run.stdout
    assert "information_gain.agrees_with_reference[DT-5]" in run.stdout and "inputs:" in run.stdout
    cases = list(ET.parse(junit).getroot().iter("testcase"))
    assert len(cases) == 5
    bad = [c for c in cases if c.find("failure") is not None]
    assert {c.find("properties/property").get("value") for c in bad} == {"DT-5"}


def test_pytest_plugin_passes_a_conforming_module(tmp_path):
    run = _pytest(tmp_path, "--cs229-conform=cs229.fast.entropy", "--cs229-examples=5", "-k", "information_gain")
    assert run.returncode == 0 and "2 passed" in run.stdout, run.stdout + run.stderr
    listed = _pytest(tmp_path, "--cs229-conform=cs229.fast.entropy", "--collect-only", "-v")
    items = listed.stdout.count("<PropertyItem ")
    assert "<ConformTarget cs229-conform[cs229.fast.entropy]>" in listed.stdout, listed.stdout
    assert items > 0 and f"{items} tests collected" in listed.stdout, listed.stdout  # the collection counts them


def test_a_target_written_from_the_notes_need_not_take_the_catalogs_extensions():
    """X-1's lam and penalize_intercept are the reference's last, defaulted parameters: a target
    that stops before them has no signature error; one that stops before another parameter does."""
    import types

    from cs229.testing.conform import signature_errors

    def batch_gradient_ascent(X, y, theta, alpha, max_iterations=10000, tol=1e-10, average=False,
                              record=False):
        return None

    def without_record(X, y, theta, alpha, max_iterations=10000, tol=1e-10, average=False):
        return None

    target = types.SimpleNamespace(batch_gradient_ascent=batch_gradient_ascent)
    assert signature_errors(target, "logistic_regression", ["batch_gradient_ascent"]) == {}
    target.batch_gradient_ascent = without_record
    assert list(signature_errors(target, "logistic_regression", ["batch_gradient_ascent"])) == [
        "batch_gradient_ascent"]
