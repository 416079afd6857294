"""``cs229 conform`` on the SVM topics (svm, coordinate_ascent): a module with one classic slip
fails exactly the properties of the function it breaks, each with a counterexample."""
import pytest

from conform_cases import failures_of

# the report of a failure is tested, not how far Hypothesis shrinks it (tests/conftest.py)
pytestmark = pytest.mark.usefixtures("without_shrinking")

WRONG = [
    ("svm", "as_labels", """
        from cs229.fast import svm

        def as_labels(y, classes=None):
            # MG-1 with the pair read the wrong way round: classes[0] -> +1, classes[1] -> -1
            return svm.as_labels(y, None if classes is None else classes[::-1])
        """,
     {"as_labels::agrees_with_reference[MG-1]"}),
    ("coordinate_ascent", "quadratic_gradient", """
        import numpy as np

        def quadratic_gradient(Q, c, alpha):
            # ∂W/∂α with its sign lost: Qα − c
            Q, c, alpha = (np.asarray(v, dtype=float) for v in (Q, c, alpha))
            if Q.shape != (len(c), len(c)) or alpha.shape != c.shape or (Q != Q.T).any():
                raise ValueError("Q must be symmetric and match c and alpha")
            return Q @ alpha - c
        """,
     {"quadratic_gradient::agrees_with_reference[CA-1]"}),
]


@pytest.mark.parametrize("topic, function, source, broken", WRONG, ids=[w[0] for w in WRONG])
def test_a_slip_fails_its_properties_with_a_counterexample(tmp_path, capsys, topic, function, source, broken):
    report, failures = failures_of(tmp_path, capsys, topic, source, "--topic", topic, "--examples", "5")
    assert [f["function"] for f in report["functions"]] == [function]
    assert set(failures) == broken
