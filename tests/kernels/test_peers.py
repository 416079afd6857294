"""Part V §7 against the peers: scikit-learn's pairwise kernels and numpy's eigenvalues."""
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cs229.fast.kernels as F
import cs229.reference.kernels as R
from cs229.testing import strategies as S

pytestmark = pytest.mark.peer


@st.composite
def data(draw):
    n = draw(st.integers(1, 6))
    X = np.array(S.to_float(draw(st.lists(S.vectors(n), min_size=1, max_size=12))))
    Z = np.array(S.to_float(draw(st.lists(S.vectors(n), min_size=1, max_size=12))))
    return X, Z


@given(data(), st.sampled_from([0.05, 0.5, 2.0]), st.sampled_from([0.0, 1.0, 2.5]), st.integers(1, 4))
def test_kernel_matrices_match_sklearn_KR_2_4_5_10(p, gamma, c, d):
    from sklearn.metrics.pairwise import linear_kernel, polynomial_kernel, rbf_kernel
    X, Z = p
    for Zs in (None, Z):
        other = X if Zs is None else Zs
        assert np.allclose(F.kernel_matrix(X, R.Linear(), Zs), linear_kernel(X, other), rtol=1e-12, atol=1e-12)
        assert np.allclose(F.kernel_matrix(X, R.Polynomial(c, d), Zs),
                           polynomial_kernel(X, other, degree=d, gamma=1.0, coef0=c), rtol=1e-12, atol=1e-10)
        assert np.allclose(F.kernel_matrix(X, R.Gaussian.from_gamma(gamma), Zs), rbf_kernel(X, other, gamma=gamma),
                           rtol=1e-12, atol=1e-14)


@given(st.integers(2, 8).flatmap(lambda n: S.symmetric_matrices(n)))
def test_mercer_verdict_matches_numpy_eigenvalues_KR_7(K):
    eig = np.linalg.eigvalsh(np.array(S.to_float(K)))
    scale = max(1.0, np.abs(eig).max())
    if abs(eig.min()) < 1e-8 * scale:
        return  # too close to the boundary for a float verdict to be compared
    assert F.mercer_test(np.array(S.to_float(K))).valid == (eig.min() > 0)
    assert R.mercer_test(K).valid == (eig.min() > 0)


def test_gaussian_gram_of_random_data_is_psd_KR_6_KR_7():
    X = np.random.default_rng(3).standard_normal((200, 5))
    K = F.kernel_matrix(X, R.Gaussian(1.5))
    assert F.mercer_test(K).valid and np.linalg.eigvalsh(K).min() > -1e-12
