"""Part V §2-3, margins (MG-1 … MG-3): the fast face against the reference on the same input: the
same iterates where the order of operations is the same, the same answer to rounding otherwise, the
same verdicts."""
import numpy as np
from hypothesis import given

import cs229.fast.margins as F
import cs229.reference.margins as R
from cs229.testing import strategies as S

from tests.margins.test_formulas import close, models


@given(models)
def test_fast_equals_reference_MG_1_2_3(p):
    (X, y), w, b = S.to_float(p)
    Xa, ya, wa = np.array(X), np.array(y), np.array(w)
    assert F.predict(Xa, wa, b).tolist() == R.predict(X, w, b)
    assert F.hypothesis(Xa[0], wa, b) == R.hypothesis(X[0], w, b)
    assert np.array_equal(F.functional_margins(Xa, ya, wa, b), R.functional_margins(X, y, w, b))
    assert F.functional_margin_set(Xa, ya, wa, b) == R.functional_margin_set(X, y, w, b)
    assert F.functional_margin(Xa[0], y[0], wa, b) == R.functional_margin(X[0], y[0], w, b)
    assert np.array_equal(F.geometric_margins(Xa, ya, wa, b), R.geometric_margins(X, y, w, b))
    assert F.geometric_margin(Xa[1], y[1], wa, b) == R.geometric_margin(X[1], y[1], w, b)
    assert F.geometric_margin_set(Xa, ya, wa, b) == R.geometric_margin_set(X, y, w, b)
    assert close(F.boundary_point(Xa[0], wa, b), R.boundary_point(X[0], w, b))
    wn, bn = F.normalize(wa, b)
    rn, rb = R.normalize(w, b)
    assert close(wn, rn) and close(bn, rb)
