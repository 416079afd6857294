"""Part V §6 and §8, the SVM's dual and the soft margin (OMC-3 … OMC-5, SOFT-1, SOFT-2): the fast
face against the reference on the same input: the same iterates where the order of operations is the
same, the same answer to rounding otherwise, the same verdicts."""
import numpy as np
from hypothesis import given, settings, strategies as st

import cs229.fast.kernels as FK
import cs229.fast.smo as FS
import cs229.fast.svm as F
import cs229.reference.kernels as RK
import cs229.reference.svm as R
from cs229.reference.results import ConvergenceError
from cs229.testing import strategies as S

from tests.svm.test_formulas import CAP, _float, close, fitted


# ---- fast == reference -----------------------------------------------------------------------

@given(fitted(), S.matrices(4, 2))
def test_closed_forms_agree_OMC_3_4_5_SOFT_2(p, Z):
    X, y, k, fit = p
    Z = S.to_float(Z)
    a, b = [float(v) for v in fit.alpha], fit.b
    Xa, ya, aa = np.array(X), np.array(y), np.array(a)
    assert close(F.dual_objective(Xa, ya, aa, k), R.dual_objective(X, y, a, k))
    assert close(F.threshold_soft(Xa, ya, aa, 1.0, k), R.threshold_soft(X, y, a, 1.0, k), 1e-9)
    assert close(F.threshold_hard(Xa, ya, aa, k), R.threshold_hard(X, y, a, k), 1e-9)
    assert close(F.decision_values(Xa, ya, aa, b, np.array(Z), k),
                 R.decision_values(X, y, a, b, Z, k), 1e-10)
    assert close(F.kkt_violations(Xa, ya, aa, b, 1.0, k), R.kkt_violations(X, y, a, b, 1.0, k), 1e-9)
    assert close(FK.kernel_matrix(Xa, k), RK.kernel_matrix(X, k))
    assert F.kkt_categories(aa, 1.0) == R.kkt_categories(a, 1.0)


@given(S.svm_labelled_sets(min_rows=3, max_rows=8), st.data())
def test_linear_forms_agree_OMC_3_SOFT_1_SOFT_2(p, data):
    X, y = _float(p)
    w = [float(v) for v in data.draw(S.vectors(2))]
    b = float(data.draw(S.rationals()))
    nonneg = st.lists(S.rationals(0, 2), min_size=len(X), max_size=len(X))
    alpha = [float(v) for v in data.draw(nonneg)]
    r = [float(v) for v in data.draw(nonneg)]
    xi = R.slacks(X, y, w, b)
    Xa, ya = np.array(X), np.array(y)
    assert close(F.weights_from_alpha(Xa, ya, alpha), R.weights_from_alpha(X, y, alpha))
    assert close(F.lagrangian(Xa, ya, w, b, alpha), R.lagrangian(X, y, w, b, alpha))
    assert close(F.slacks(Xa, ya, w, b), xi)
    assert close(F.hinge_objective(Xa, ya, w, b, 2.0), R.hinge_objective(X, y, w, b, 2.0))
    assert close(F.soft_margin_primal(Xa, ya, w, b, xi, 2.0), R.soft_margin_primal(X, y, w, b, xi, 2.0))
    assert close(F.soft_margin_lagrangian(Xa, ya, w, b, xi, alpha, r, 2.0),
                 R.soft_margin_lagrangian(X, y, w, b, xi, alpha, r, 2.0))


@settings(max_examples=20)
@given(fitted(), S.matrices(5, 2))
def test_decision_function_and_predict_agree_OMC_5(p, Z):
    X, y, k, fit = p
    Z = S.to_float(Z)
    # the reference's path (a draw takes 69,385 steps unshrunk, 135,717 with shrinking)
    try:  # the same steps as the reference's: its last iterate too where the cap stops both
        fast_fit = FS.smo(np.array(X), np.array(y), C=1.0, kernel=k, tol=1e-10, max_iterations=CAP, shrinking=False)
    except ConvergenceError as e:
        fast_fit = e.result
    assert close(F.decision_function(fast_fit, np.array(Z)), R.decision_function(fit, Z), 1e-9)
    assert list(F.predict(fast_fit, np.array(Z))) == R.predict(fit, Z)
