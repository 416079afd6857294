"""``cs229 conform`` on the SVM topics (svm, coordinate_ascent): a module with one classic slip
fails exactly the properties of the function it breaks, each with a counterexample."""
import json
import textwrap

import pytest

from cs229.proofs import cli

WRONG = [
    ("svm", "threshold_hard", """
        from cs229.fast import svm
        from cs229.reference.kernels import Linear

        def threshold_hard(X, y, alpha, kernel=Linear()):
            # (11) with its sign lost: b* = +(max_{y=-1} w*ᵀx + min_{y=1} w*ᵀx) / 2
            return -svm.threshold_hard(X, y, alpha, kernel)
        """,
     {"threshold_hard::agrees_with_reference[OMC-4]", "threshold_hard::closest_margins_are_one[OMC-4]"}),
    ("coordinate_ascent", "coordinate_argmax", """
        import numpy as np

        def coordinate_argmax(Q, c, alpha, i):
            # the inner arg max with the diagonal term left in the sum: (cᵢ − Σⱼ Qᵢⱼαⱼ) / Qᵢᵢ
            Q, c = np.asarray(Q, dtype=float), np.asarray(c, dtype=float)
            out = np.array(alpha, dtype=float)
            out[i] = (c[i] - Q[i] @ out) / Q[i, i]
            return out
        """,
     {"coordinate_argmax::agrees_with_reference[CA-1]", "coordinate_argmax::maximises_W_along_alpha_i[CA-1]"}),
]


@pytest.mark.parametrize("topic, function, source, broken", WRONG, ids=[w[0] for w in WRONG])
def test_a_slip_fails_its_properties_with_a_counterexample(tmp_path, capsys, topic, function, source, broken):
    student = tmp_path / f"student_{topic}.py"
    student.write_text(textwrap.dedent(source))
    code = cli.main(["conform", str(student), "--topic", topic, "--examples", "10", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 1 and not report["ok"] and report["topic"] == topic
    assert [f["function"] for f in report["functions"]] == [function]
    failures = {p["id"]: p for f in report["functions"] for p in f["properties"] if p["status"] != "passed"}
    assert set(failures) == broken
    for p in failures.values():
        assert p["status"] == "failed" and p["inputs"] and p["reference"] is not None and p["message"]
