"""Pins down cs229.reference.linalg's Cholesky factorisation and its PSD test with a witness: the
exact messages, the zero tolerance n·eps·max|Aᵢⱼ| met exactly, and witness vectors worked out by hand."""
import math
from fractions import Fraction

import pytest

from cs229.reference import linalg

EPS = 2.0 ** -52
F = Fraction


def quadratic_form(A, z):
    return sum(z[i] * A[i][j] * z[j] for i in range(len(A)) for j in range(len(A)))


# ---- messages -----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["cholesky", "psd_witness"])
@pytest.mark.parametrize("A, message", [
    ([[1.0, float("nan")], [0.0, 1.0]], "A[0][1] is nan: expected a finite number"),
    ([[1.0, 2.0]], "A must be square, got 1x2"),
], ids=["nan", "not_square"])
def test_cholesky_and_psd_witness_name_A_in_their_messages(name, A, message):
    with pytest.raises(ValueError) as e:
        getattr(linalg, name)(A)
    assert str(e.value) == message


# ---- cholesky -----------------------------------------------------------------------------------

def test_cholesky_tolerance_scales_with_the_entries():
    """A 1x1 matrix far below 1 is still positive definite: the bound is eps·max|A|, not eps."""
    assert linalg.cholesky([[2.0 ** -100]]) == [[2.0 ** -50]]


def test_cholesky_pivot_at_exactly_n_eps_max_abs_is_not_positive():
    """n = 2, max|A| = 1: the bound is 2·eps = 2⁻⁵¹; a pivot equal to it is refused, twice it is not."""
    with pytest.raises(linalg.NotPositiveDefiniteError) as e:
        linalg.cholesky([[1.0, 0.0], [0.0, 2 * EPS]])
    assert e.value.index == 1
    assert str(e.value) == "matrix is not positive definite: pivot 1 is 4.440892098500626e-16"
    assert linalg.cholesky([[1.0, 0.0], [0.0, 4 * EPS]]) == [[1.0, 0.0], [0.0, 2.0 ** -25]]


def test_cholesky_refuses_a_zero_first_pivot_exactly():
    with pytest.raises(linalg.NotPositiveDefiniteError) as e:
        linalg.cholesky([[F(0), F(0)], [F(0), F(1)]])
    assert e.value.index == 0
    assert str(e.value) == "matrix is not positive definite: pivot 0 is 0"


def test_cholesky_diagonal_is_the_square_root_of_the_pivot_and_the_upper_triangle_zero():
    root = math.sqrt(2.0)  # 2 / √2 rounds to another float
    assert linalg.cholesky([[2.0]]) == [[root]]
    assert linalg.cholesky([[2.0, 0.0], [0.0, 1.0]]) == [[root, 0.0], [0.0, 1.0]]
    L = linalg.cholesky([[4, 2], [2, 5]])
    assert L == [[2, 0], [1, 2]] and all(type(x) is Fraction for row in L for x in row)


# ---- psd_witness --------------------------------------------------------------------------------

def test_psd_witness_tolerance_scales_with_the_entries_KR_7():
    assert linalg.psd_witness([[-2.0 ** -100]]) == ([1.0], -2.0 ** -100)


@pytest.mark.parametrize("d, expected", [
    (2 * EPS, (None, None)),                     # -d = -tol: counts as zero
    (4 * EPS, ([0.0, 1.0], -4 * EPS)),           # below -tol: a witness
], ids=["on_tol", "below_tol"])
def test_psd_witness_default_tol_is_n_eps_max_abs_KR_7(d, expected):
    """n = 2, max|A| = 1: the default tol is 2·eps = 2⁻⁵¹."""
    A = [[1.0, 0.0], [0.0, -d]]
    assert linalg.psd_witness(A) == expected
    assert linalg.psd_witness(A, 2 * EPS) == expected


def test_psd_witness_pivots_on_the_first_of_equal_diagonal_entries_KR_7():
    """A = [[1, 2], [2, 1]]: pivot 0 (not 1), S = 1 − 4 = −3, so z = (−2, 1) and zᵀAz = −3."""
    A = [[1, 2], [2, 1]]
    assert linalg.psd_witness(A) == ([-2, 1], -3)


@pytest.mark.parametrize("off, expected", [
    (3, ([-1, 1], -6)),         # |S₁₀| = 3 > 2·tol
    (2, (None, None)),          # |S₁₀| = 2·tol exactly: A counts as PSD
], ids=["above", "on_bound"])
def test_psd_witness_off_diagonal_entry_must_exceed_twice_tol_KR_7(off, expected):
    A = [[0, off], [off, 0]]
    assert linalg.psd_witness(A, tol=1) == expected


@pytest.mark.parametrize("off, z", [
    (-1, [1, 1]),
    (1, [-1, 1]),
    (F(1, 2), [-1, 1]),
], ids=["minus_one", "one", "half"])
def test_psd_witness_sign_follows_the_off_diagonal_entry_KR_7(off, z):
    """z = e₁ − sign(S₁₀)·e₀, zᵀAz = −2|S₁₀|."""
    A = [[0, off], [off, 0]]
    assert linalg.psd_witness(A) == (z, -2 * abs(off))
    assert quadratic_form(A, z) == -2 * abs(off)


def test_psd_witness_from_a_trailing_zero_block_is_carried_back_to_A_KR_7():
    """Pivot 0 leaves S = [[0, 1], [1, 0]]: v = (−1, 1), and Lᵀz = (0, v) with L₁₀ = 1 gives
    z = (1, −1, 1), zᵀAz = −2."""
    A = [[1, 1, 0], [1, 1, 1], [0, 1, 0]]
    z, value = linalg.psd_witness(A)
    assert (z, value) == ([1, -1, 1], -2)
    assert quadratic_form(A, z) == value


def test_psd_witness_of_a_singular_psd_matrix_is_none_KR_7():
    assert linalg.psd_witness([[2, 1, 0], [1, 1, 0], [0, 0, 0]]) == (None, None)
