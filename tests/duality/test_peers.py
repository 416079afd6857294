"""Part V §4-6 against the peers: scipy.optimize (SLSQP) for small convex QPs, and scikit-learn's
SVC (libsvm) with a very large C for the hard-margin classifier."""
import numpy as np
import pytest
from hypothesis import given

import cs229.reference.duality as D
from cs229.testing import strategies as S

pytestmark = pytest.mark.peer


@given(S.convex_qps(3, 3, 1))
def test_solve_qp_matches_slsqp_LD_4(qp):
    from scipy.optimize import minimize
    P, c, G, r, E, s, w0 = (np.array(S.to_float(v)) if len(v) else np.zeros((0, 3)) for v in qp)
    problem = D.Problem(D.Quadratic(qp[1], 0, qp[0]), [D.Quadratic(g, v) for g, v in zip(qp[2], qp[3])],
                        [D.Quadratic(e, v) for e, v in zip(qp[4], qp[5])])
    exact = D.solve_qp(problem)
    constraints = [{"type": "ineq", "fun": lambda w, g=g, v=v: -(g @ w + v)} for g, v in zip(G, r)]
    constraints += [{"type": "eq", "fun": lambda w, e=e, v=v: e @ w + v} for e, v in zip(E, s)]
    res = minimize(lambda w: 0.5 * w @ P @ w + c @ w, w0, jac=lambda w: P @ w + c, constraints=constraints,
                   method="SLSQP", options={"ftol": 1e-12, "maxiter": 500})
    value = float(exact.value)
    feasible = all(con["fun"](res.x) >= -1e-9 if con["type"] == "ineq" else abs(con["fun"](res.x)) <= 1e-9
                   for con in constraints)
    # no feasible point does better than the exact optimum; where SLSQP reports success it agrees
    assert not feasible or res.fun >= value - 1e-9 * (1 + abs(value))
    if res.success:
        assert abs(res.fun - value) <= 1e-7 * (1 + abs(value))
        assert np.allclose(res.x, [float(v) for v in exact.w], atol=1e-5)


@given(S.separable_sets(2, 4, 10))
def test_optimal_margin_matches_hard_margin_svc_OMC_1(p):
    from sklearn.svm import SVC
    X, y = p
    w, b, alpha = D.solve_optimal_margin(X, y)
    svc = SVC(kernel="linear", C=1e8, tol=1e-10).fit(np.array(S.to_float(X)), y)
    assert np.allclose(svc.coef_[0], [float(v) for v in w], rtol=1e-5, atol=1e-5)
    assert abs(svc.intercept_[0] - float(b)) <= 1e-5 * (1 + abs(float(b)))
