"""Part V §9.2, SMO (SMO-1 … SMO-4): the fast face against the reference on the same input: the same
iterates where the order of operations is the same, the same answer to rounding otherwise, the same
verdicts."""
import numpy as np
from hypothesis import given, strategies as st

import cs229.fast.smo as F
import cs229.reference.smo as R
from cs229.reference.results import ConvergenceError
from cs229.testing import strategies as S

from tests.smo.test_formulas import _float


# ---- SMO-4: the solver ---------------------------------------------------------------------------

@given(S.svm_labelled_sets(min_rows=4, max_rows=12, features=2), st.sampled_from([0.5, 4.0]))
def test_fast_kkt_gap_and_step_agree_with_reference_SMO_2_3(p, C):
    X, y = _float(p)
    try:
        fit = R.smo(X, y, C=C, tol=1e-3, max_iterations=2000)
    except ConvergenceError as e:  # many equal points tie the choices: thousands of steps; any α in the box will do
        fit = e.result
    a = [float(v) for v in fit.alpha]
    assert abs(F.kkt_gap(np.array(X), np.array(y), np.array(a), C) - R.kkt_gap(X, y, a, C)) < 1e-12
    new_r = R.two_variable_step(X, y, a, 0, len(X) - 1, C)
    new_f = F.two_variable_step(np.array(X), np.array(y), np.array(a), 0, len(X) - 1, C)
    assert np.allclose(new_f, new_r, rtol=1e-9, atol=1e-12)
