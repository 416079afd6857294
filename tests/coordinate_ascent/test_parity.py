"""Part V §9.1, coordinate ascent (CA-1): the fast face against the reference on the same input: the
same iterates where the order of operations is the same, the same answer to rounding otherwise, the
same verdicts."""
import numpy as np
from hypothesis import given, strategies as st

import cs229.fast.coordinate_ascent as F
import cs229.reference.coordinate_ascent as R
from cs229.testing import strategies as S


@given(S.concave_quadratics(), st.sampled_from(R.ORDERS))
def test_same_iterates_CA_1(p, order):
    Q, c, a0 = S.to_float(p)
    ref = R.coordinate_ascent(Q, c, a0, order=order, max_iterations=25, tol=None, record=True)
    fast = F.coordinate_ascent(np.array(Q), np.array(c), np.array(a0), order=order,
                               max_iterations=25, tol=None, record=True)
    assert np.array_equal(fast.path, np.array(ref.path))
    assert fast.iterations == ref.iterations == 25


def test_gradient_and_objective_agree_CA_1(impl):
    Q, c, a = [[2.0, 1.0], [1.0, 3.0]], [1.0, 2.0], [0.5, -0.25]
    assert np.allclose(impl.coordinate_ascent.quadratic_gradient(impl.arg(Q), impl.arg(c), impl.arg(a)),
                       [1.0 - 0.75, 2.0 - (0.5 - 0.75)])
    assert np.isclose(impl.coordinate_ascent.quadratic_objective(impl.arg(Q), impl.arg(c), impl.arg(a)),
                      0.5 - 0.5 - 0.5 * (0.5 - 0.25 + 3 * 0.0625))
