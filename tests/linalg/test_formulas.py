"""The reference's linear algebra, cs229.reference.linalg: the notes' formulas and the facts they
state, against exact (Fraction) and 50-digit oracles and invariants, on the reference and, where a
test takes ``impl``, on both faces."""
import math
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from hypothesis import given, strategies as st

from cs229.reference import linalg, scalar
from cs229.testing import strategies as S


square = st.integers(1, 4).flatmap(S.nonsingular_matrices)


@given(square, st.data())
def test_solve_and_inverse_are_exact_on_fractions(A, data):
    n = len(A)
    b = data.draw(S.vectors(n))
    x = linalg.solve(A, b)
    assert linalg.matvec(A, x) == b
    assert linalg.matmul(A, linalg.inverse(A)) == linalg.identity(n, Fraction(1))


@given(square)
def test_determinants_agree_LR_10(A):
    det = linalg.determinant(A)
    assert det == linalg.determinant_by_cofactors(A)
    assert linalg.inverse_by_cofactors(A) == linalg.inverse(A)
    assert math.isclose(float(det), np.linalg.det(np.array(S.to_float(A))), rel_tol=1e-9, abs_tol=1e-9)


@given(square)
def test_float_and_mpf_solve_match_the_exact_solution(A):
    b = [Fraction(1)] * len(A)
    exact = linalg.solve(A, b)
    assert np.allclose(linalg.solve(S.to_float(A), S.to_float(b)), S.to_float(exact), rtol=1e-10, atol=1e-10)
    with mpmath.workdps(50):
        x = linalg.solve(S.to_mpf(A), S.to_mpf(b))
        assert all(abs(u - S.to_mpf(v)) < mpmath.mpf(10) ** -40 * (1 + abs(u)) for u, v in zip(x, exact))


@given(st.integers(1, 4).flatmap(lambda n: S.matrices(n + 1, n)))
def test_cholesky_and_eigenvalues_of_gram_matrices(B):
    A = linalg.matmul(linalg.transpose(S.to_float(B)), S.to_float(B))
    eig = linalg.symmetric_eigenvalues(A)
    assert np.allclose(eig, np.linalg.eigvalsh(np.array(A)), rtol=1e-9, atol=1e-9 * max(1, max(map(abs, eig))))
    if min(eig) > 1e-6 * max(eig):
        L = linalg.cholesky(A)
        assert np.allclose(linalg.matmul(L, linalg.transpose(L)), A, rtol=1e-12, atol=1e-12)


def test_singularity_is_exact_for_fractions_and_relative_for_floats():
    A = [[1, 2], [2, 4]]
    with pytest.raises(linalg.SingularMatrixError) as e:
        linalg.solve(A, [1, 1])
    assert e.value.column == 1
    assert linalg.determinant(A) == 0
    nearly = [[1, 1], [1, 1 + Fraction(1, 10 ** 30)]]
    assert linalg.solve(nearly, [1, 2]) == [1 - 10 ** 30, 10 ** 30]  # exact: not singular
    with pytest.raises(linalg.SingularMatrixError):
        linalg.solve(S.to_float(nearly), [1.0, 2.0])  # float: 1 + 1e-30 rounds to 1
    units = [[2.0 ** -100, 0.0], [0.0, 1.0]]  # a column in other units is not a dependent column
    assert linalg.solve(units, [1.0, 1.0]) == [2.0 ** 100, 1.0]
    assert linalg.solve_gram(units, [1.0, 1.0]) == [2.0 ** 100, 1.0]
    with pytest.raises(linalg.NotPositiveDefiniteError):
        linalg.cholesky([[1.0, 2.0], [2.0, 1.0]])


def test_scalar_dispatch_keeps_the_type():
    with mpmath.workdps(40):
        assert isinstance(scalar.exp(mpmath.mpf(1)), mpmath.mpf)
        assert abs(scalar.exp(mpmath.mpf(1)) - mpmath.e) < mpmath.mpf(10) ** -38
    assert scalar.sqrt(Fraction(9, 4)) == Fraction(3, 2)
    assert scalar.exp(Fraction(0)) == 1
    with pytest.raises(TypeError, match="not rational"):
        scalar.exp(Fraction(1, 3))
    with pytest.raises(TypeError, match="not rational"):
        scalar.sqrt(Fraction(2))
    assert isinstance(scalar.log(2.0), float)


def test_determinant_expands_along_row_0_by_default_LR_10():
    """Expansions along other rows give |A| in exact arithmetic; in floats the sums round
    differently, and the default is row 0."""
    A = [[-0.9433050469559874, 0.6715302078397394, -0.13446586418989326],
         [0.524560164915884, -0.9957878932977786, -0.10922561189039715],
         [0.44308006468156513, -0.5424755574590947, 0.8905413911078446]]
    assert linalg.determinant_by_cofactors(A) == linalg.determinant_by_cofactors(A, 0)
    assert linalg.determinant_by_cofactors(A, 1) != linalg.determinant_by_cofactors(A, 0)
    exact = [[Fraction(v) for v in row] for row in A]
    assert linalg.determinant_by_cofactors(exact, 1) == linalg.determinant_by_cofactors(exact)


SIDE = 2.0 ** 33


@pytest.mark.parametrize("d, singular", [(2.0 ** -18, True), (2.0 ** -17, False)], ids=["2ulps", "4ulps"])
def test_inverse_by_cofactors_calls_a_determinant_within_n_eps_max_abs_n_zero_LR_10(d, singular):
    """A = [[s, s], [s, s + d]], s = 2³³: |A| = s·d exactly (2¹⁵ or 2¹⁶) against the bound
    n·eps·max|A|ⁿ = 2·2⁻⁵²·(s + d)², just above 2¹⁵."""
    A = [[SIDE, SIDE], [SIDE, SIDE + d]]
    if singular:
        with pytest.raises(linalg.SingularMatrixError) as e:
            linalg.inverse_by_cofactors(A)
        assert str(e.value) == "matrix is singular: |A| = 0, so (A′)ᵀ/|A| is undefined"
        return
    inverse = linalg.inverse_by_cofactors(A)
    assert inverse[0][1] == inverse[1][0] == -SIDE / (SIDE * d) and inverse[1][1] == SIDE / (SIDE * d)


@pytest.mark.parametrize("A, expected", [
    ([[2, 1], [1, 2]], [1.0, 3.0]),                            # τ = 0: a 45° rotation
    ([[1.0, 1.0], [1.0, 2.0]], [(3 - 5 ** 0.5) / 2, (3 + 5 ** 0.5) / 2]),  # 0 < τ < 1
    ([[2.0, 0.0, 1.0], [0.0, 3.0, 0.0], [1.0, 0.0, 2.0]], [1.0, 3.0, 3.0]),  # a zero pair is skipped
], ids=["tau0", "tau_half", "zero_pair"])
def test_one_jacobi_sweep_zeroes_these_pairs(A, expected):
    """Each rotation zeroes its pair exactly (to rounding): one sweep and the check at the start
    of the second are enough; a rotation by another angle, or a pair left alone, is not."""
    values = linalg.symmetric_eigenvalues(A, max_sweeps=2)
    assert values == pytest.approx(expected, rel=1e-15, abs=1e-15)
    assert all(type(v) is float for v in values)  # rational input is computed in float


def test_identity_outer_and_inverse_keep_the_scalar_type():
    assert linalg.identity(2) == [[1, 0], [0, 1]] and type(linalg.identity(2)[0][1]) is int
    assert linalg.identity(2, Fraction(1)) == [[1, 0], [0, 1]]
    assert linalg.outer([1, 2], [3, 4]) == [[3, 4], [6, 8]]
    inverse = linalg.inverse([[2, 0], [0, 4]])
    assert inverse == [[Fraction(1, 2), 0], [0, Fraction(1, 4)]]
    assert all(isinstance(v, Fraction) for row in inverse for v in row)


def test_jacobi_stops_after_100_sweeps_by_default(monkeypatch):
    """The cap on Jacobi sweeps is 100 unless max_sweeps says otherwise: with rotations that move
    nothing, a 2 × 2 matrix (one rotation per sweep) is rotated 100 times, then ArithmeticError."""
    rotations = []
    monkeypatch.setattr(linalg, "_rotate", lambda a, p, q: rotations.append((p, q)))
    with pytest.raises(ArithmeticError, match=r"^Jacobi eigenvalues did not converge in 100 sweeps$"):
        linalg.symmetric_eigenvalues([[2.0, 1.0], [1.0, 2.0]])
    assert rotations == [(0, 1)] * 100
    with pytest.raises(ArithmeticError, match=r"in 3 sweeps$"):
        linalg.symmetric_eigenvalues([[2.0, 1.0], [1.0, 2.0]], max_sweeps=3)


@pytest.mark.parametrize("v, index", [([5], 0), ([2, 1], 0), ([1, 3, 3], 1), ([1, 2, 3], 2),
                                      ([-math.inf, -math.inf], 0), ([Fraction(1, 3), Fraction(2, 6)], 0)])
def test_first_argmax_takes_the_first_of_equal_largest_entries(v, index):
    """argmax with ties to the smallest index: the k-class predictions (X-3, X-4) name the
    smallest label among equal joints through it."""
    assert linalg.first_argmax(v) == index
