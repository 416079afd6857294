"""``cs229 conform`` catches a classic slip: each module below is the fast face with one function
made wrong (least squares, GLMs, softmax, generative, margins, kernels, the SVM topics), and conform
fails naming exactly that function's properties (with their catalog IDs) and a counterexample."""
import json
import textwrap

import pytest

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


# ==================================================================================================
# ``cs229 conform`` on least squares, GLMs and softmax regression: a module with one classic
# mistake fails, naming the broken function's properties and catalog ID with a counterexample.


# the report of a failure is tested, not how far Hypothesis shrinks it (tests/conftest.py)
pytestmark = pytest.mark.usefixtures("without_shrinking")

# (topic, the module's text, the properties it must break)
MISTAKES = [
    ("linear_regression",
     "from cs229.fast.linear_regression import *\n"
     "from cs229.fast import linear_regression as _fast\n\n\n"
     "def gradient(X, y, theta):\n"
     "    return -_fast.gradient(X, y, theta)  # Xᵀ(y − Xθ): the sign slipped\n",
     {"gradient::agrees_with_reference[LR-5]", "gradient::derivative_of_the_cost[LR-5]"}),
    ("glm",
     "from cs229.fast.glm import *\n"
     "from cs229.fast import glm as _fast\n\n\n"
     "def hessian(family, X, y, theta):\n"
     "    return -_fast.hessian(family, X, y, theta)  # XᵀWX: the sign slipped\n",
     {"hessian::agrees_with_reference[GLM-4]", "hessian::negative_semidefinite[GLM-4]"}),
    ("softmax",
     "import numpy as np\n"
     "from cs229.fast.softmax import *\n\n\n"
     "def probabilities(X, Theta):\n"
     "    eta = np.asarray(X, float) @ np.asarray(Theta, float).T  # η_k = 0 forgotten\n"
     "    e = np.exp(eta - eta.max(axis=1, keepdims=True))\n"
     "    return e / e.sum(axis=1, keepdims=True)\n",
     {"probabilities::agrees_with_reference[SM-3]", "probabilities::rows_sum_to_one[SM-3]"}),
]


@pytest.mark.parametrize("topic, text, broken", MISTAKES, ids=[m[0] for m in MISTAKES])
def test_a_mistake_fails_with_its_counterexample(tmp_path, capsys, topic, text, broken):
    report, failures = failures_of(tmp_path, capsys, topic, text, "--examples", "5")
    assert set(failures) == broken


# ==================================================================================================
# ``cs229 conform`` catches a classic slip in generative, margins and kernels: each module below is
# the fast face with one function made wrong, and conform fails naming exactly that function's
# properties (with their catalog IDs) and a counterexample.


MUTANTS = [
    ("generative", '''
        import numpy as np
        from cs229.fast.generative import *
        from cs229.fast import generative as _fast

        def mvn_log_densities(X, mu, Sigma, *, n_jobs=-1):
            """−log|Σ| where the density has −½ log|Σ|: the square root of |Σ| forgotten."""
            log_det = np.linalg.slogdet(np.asarray(Sigma, dtype=float))[1]
            return np.asarray(_fast.mvn_log_densities(X, mu, Sigma, n_jobs=n_jobs)) - log_det / 2
     ''', {"mvn_log_densities::agrees_with_reference[MVN-1]", "mvn_log_densities::the_printed_formula[MVN-1]"}),
    ("margins", '''
        import numpy as np
        from cs229.fast.margins import *
        from cs229.fast import margins as _fast

        def geometric_margins(X, y, w, b):
            """(wᵀx + b)/‖w‖ without the label y: the side of the boundary, not the margin."""
            return _fast.geometric_margins(X, np.ones(len(y)), w, b)
     ''', {"geometric_margins::agrees_with_reference[MG-3]", "geometric_margins::scale_invariant[MG-3]"}),
    ("kernels", '''
        import numpy as np
        from cs229.fast.kernels import *

        def quadratic_features_c(x, c):
            """√c·xᵢ where (xᵀz + c)² needs √(2c)·xᵢ."""
            if c < 0:
                raise ValueError(f"c must be >= 0, got {c}")
            x = np.asarray(x, dtype=float)
            return np.concatenate([np.multiply.outer(x, x).ravel(), np.sqrt(c) * x, [c]])
     ''', {"quadratic_features_c::agrees_with_reference[KR-3]",
           "quadratic_features_c::inner_product_is_the_kernel[KR-3]"}),
]


@pytest.mark.parametrize("topic, source, broken", MUTANTS, ids=[m[0] for m in MUTANTS])
def test_a_slip_fails_naming_the_function_and_catalog_id(tmp_path, capsys, topic, source, broken):
    report, failures = failures_of(tmp_path, capsys, topic, source, "--examples", "5")
    assert set(failures) == broken
    assert all(p["target"] is not None for p in failures.values())


# ==================================================================================================
# ``cs229 conform`` on the SVM topics (svm, coordinate_ascent): a module with one classic slip
# fails exactly the properties of the function it breaks, each with a counterexample.


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
