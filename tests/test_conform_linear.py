"""``cs229 conform`` on least squares, GLMs and softmax regression: a module with one classic
mistake fails, naming the broken function's properties and catalog ID with a counterexample."""
import pytest

from conform_cases import failures_of

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
