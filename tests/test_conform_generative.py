"""``cs229 conform`` catches a classic slip in generative, margins and kernels: each module below is
the fast face with one function made wrong, and conform fails naming exactly that function's
properties (with their catalog IDs) and a counterexample."""
import pytest

from conform_cases import failures_of

# the report of a failure is tested, not how far Hypothesis shrinks it (tests/conftest.py)
pytestmark = pytest.mark.usefixtures("without_shrinking")

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
