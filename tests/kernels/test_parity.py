"""Part V §7, kernels (KR-1 … KR-10): the fast face against the reference on the same input: the
same iterates where the order of operations is the same, the same answer to rounding otherwise, the
same verdicts."""
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, strategies as st

import cs229.fast.kernels as F
import cs229.reference.kernels as R
from cs229.reference.datasets import sms_spam
from cs229.reference.results import ConvergenceError
from cs229.testing import strategies as S

from tests.kernels.test_formulas import close, matrices, perceptron_problems, point_sets


named = st.sampled_from([R.Linear(), R.Polynomial(0, 2), R.Polynomial(1, 2), R.Polynomial(0.5, 3),
                         R.Gaussian(1.0), R.Gaussian(0.3), R.Gaussian.from_gamma(2.0)])


# ---- KR-2 … KR-6, KR-10: kernel matrices -------------------------------------------------------

@given(point_sets(), named)
def test_kernel_matrix_fast_equals_reference_KR_6(p, kernel):
    X, Z = p
    expected = np.array(R.kernel_matrix(X, kernel))
    got = F.kernel_matrix(np.array(X), kernel)
    assert close(got, expected)
    assert np.array_equal(got, got.T)
    assert close(F.kernel_matrix(np.array(X), kernel, np.array(Z)), R.kernel_matrix(X, kernel, Z))


def test_feature_maps_fast_equal_reference_KR_1_2_3_5():
    x = [0.5, -1.25, 2.0]
    assert np.array_equal(F.quadratic_features(x), R.quadratic_features(x))
    assert close(F.quadratic_features_c(x, 1.5), R.quadratic_features_c(x, 1.5))
    assert np.array_equal(F.power_features(1.5, 4), R.power_features(1.5, 4))
    assert np.array_equal(F.linear_features(x), R.linear_features(x))
    assert close(F.gaussian_features(0.7, 1.3, 30), R.gaussian_features(0.7, 1.3, 30))
    assert len(R.quadratic_features(x)) == 9 and len(R.quadratic_features_c(x, 1)) == 13
    assert R.power_features(2, 3) == [2, 4, 8] and R.power_features([Fraction(1, 2)], 4)[-1] == Fraction(1, 16)


# ---- KR-7: Mercer's test ------------------------------------------------------------------------

@given(matrices)
def test_mercer_fast_follows_reference_in_float_KR_7(K):
    Kf = S.to_float(K)
    ref, fast = R.mercer_test(Kf), F.mercer_test(np.array(Kf))
    assert ref.valid == fast.valid and ref.symmetric == fast.symmetric
    if not fast.valid:
        assert np.array_equal(fast.witness, ref.witness) and fast.value == ref.value < 0
        z = fast.witness
        assert z @ np.array(Kf) @ z < 0


# ---- KR-8: the string kernel --------------------------------------------------------------------

@given(st.lists(S.words("abc", 0, 15), min_size=1, max_size=6), st.lists(S.words("abc", 0, 15), min_size=1, max_size=4),
       st.integers(1, 4))
def test_string_kernel_fast_equals_reference_KR_8(X, Z, k):
    kernel = R.StringKernel(k)
    assert np.array_equal(F.kernel_matrix(X, kernel), np.array(R.kernel_matrix(X, kernel), dtype=float))
    assert np.array_equal(F.kernel_matrix(X, kernel, Z), np.array(R.kernel_matrix(X, kernel, Z), dtype=float))
    for s in X:
        for t in Z:
            phi_s, phi_t = R.spectrum_features(s, k), R.spectrum_features(t, k)
            assert kernel(s, t) == sum(c * phi_t.get(u, 0) for u, c in phi_s.items())


# ---- KR-9: the kernel perceptron ----------------------------------------------------------------

@given(perceptron_problems())
def test_kernel_perceptron_same_updates_KR_9(p):
    X, y, kernel, order = p
    try:
        ref = R.kernel_perceptron(X, y, kernel, 50, order, record=True)
    except ConvergenceError as e:
        with pytest.raises(ConvergenceError) as f:
            F.kernel_perceptron(np.array(X), np.array(y), kernel, 50, np.array(order), record=True)
        assert f.value.result.extra["updates"] == e.value.result.extra["updates"]
        return
    fast = F.kernel_perceptron(np.array(X), np.array(y), kernel, 50, np.array(order), record=True)
    assert fast.extra["updates"] == ref.extra["updates"] and fast.b == ref.b
    assert fast.theta.tolist() == ref.theta and fast.iterations == ref.iterations
    assert [(a.tolist(), b) for a, b in fast.path] == ref.path
    decision = F.perceptron_decision(np.array(X), np.array(y), fast.theta, fast.b, np.array(X), kernel)
    assert close(decision, R.perceptron_decision(X, y, ref.theta, ref.b, X, kernel), rel=1e-10)
    assert all((1 if v >= 0 else -1) == t for v, t in zip(decision, y))


def test_string_kernel_perceptron_same_updates_KR_8_KR_9():
    data = sms_spam()[:40]
    X = [m for _, m in data]
    y = [1 if label == "spam" else -1 for label, _ in data]
    kernel = R.StringKernel(3)
    ref = R.kernel_perceptron(X, y, kernel, 30)
    fast = F.kernel_perceptron(X, y, kernel, 30)
    assert fast.extra["updates"] == ref.extra["updates"] and fast.theta.tolist() == ref.theta


@pytest.mark.parametrize("X,kernel,pair", [
    ([[1e154], [1e155], [1.0]], R.Linear(), "kernel\\(X\\[0\\], X\\[1\\]\\) is inf"),
    ([[1.0], [1e77], [1e78]], R.Polynomial(0, 4), "kernel\\(X\\[0\\], X\\[2\\]\\) is inf"),
    ([[1e154], [-1e154], [1.0]], R.Linear(), None),      # near the float range, every value finite
])
def test_kernel_perceptron_checks_every_value_as_the_reference_KR_9(X, kernel, pair):
    """The reference's kernel matrix checks every value before the first epoch; the fast face
    bounds them (|xᵀz| ≤ max‖x‖²) and computes them only near the float range, naming the same
    first pair that is not finite, even one the epochs would never read."""
    y = [1, -1, 1]
    if pair is None:
        ref = R.kernel_perceptron(X, y, kernel, 5)
        fast = F.kernel_perceptron(np.array(X), np.array(y), kernel, 5)
        assert fast.theta.tolist() == ref.theta and fast.b == ref.b
        return
    for face, data in ((R, X), (F, np.array(X))):
        with pytest.raises(ValueError, match=pair):
            face.kernel_perceptron(data, y, kernel, 5)
