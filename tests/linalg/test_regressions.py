"""The reference's linear algebra, cs229.reference.linalg: pinned cases. Each pins a behaviour the
other tests left open (a mutant of the reference that survived them) or reproduces a defect once
found; each section below says what its cases pin and why."""
import math
from fractions import Fraction

import pytest

from cs229.reference import linalg


# ==================================================================================================
# Pins down cs229.reference.linalg's Cholesky factorisation and its PSD test with a witness: the
# exact messages, the zero tolerance n·eps·max|Aᵢⱼ| met exactly, and witness vectors worked out by hand.


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


# ==================================================================================================
# Pins down cs229.reference.linalg's naming of A in the messages of trace, the LU routines and
# solve_gram; the zero bounds of LU (n·eps·column size) and of solve_gram's root-free Cholesky
# (n·eps·A_kk) met exactly; how solve_gram reads a dependence (a zero diagonal entry is a zero
# column, nothing is read from L); which terms of a dependence are significant (|cⱼ|·‖column j‖
# above √eps·‖column k‖, compared squared, scaled by both sizes); and how coefficients are
# printed (exact ones as fractions, floats to 6 significant digits). Every expected value is
# worked out by hand in the test's docstring or comment.


# ---- names in the messages ----------------------------------------------------------------------

@pytest.mark.parametrize("A, message", [
    ([[1, 2], [3]], "A must be square, got 2 rows of lengths [1, 2]"),
    ([[1], [2, 3], [4, 5, 6]], "A must be square, got 3 rows of lengths [1, 2, 3]"),
], ids=["two_lengths", "three_lengths"])
def test_trace_of_rows_of_unequal_lengths_lists_the_lengths_LR_8(A, message):
    """trace reads A as given, so rows of several lengths are reported as such, sorted."""
    with pytest.raises(ValueError) as e:
        linalg.trace(A)
    assert str(e.value) == message


def test_trace_of_no_rows_is_the_empty_sum_LR_8():
    """[] is the 0×0 matrix: square, with tr = Σ over no i = 0."""
    assert linalg.trace([]) == 0


def test_trace_of_a_wide_matrix_gives_its_shape_LR_8():
    with pytest.raises(ValueError) as e:
        linalg.trace([[1, 2, 3], [4, 5, 6]])
    assert str(e.value) == "A must be square, got 2x3"


@pytest.mark.parametrize("call", [
    lambda A: linalg.lu_decompose(A),
    lambda A: linalg.determinant(A),
    lambda A: linalg.inverse(A),
    lambda A: linalg.solve(A, [1.0]),
], ids=["lu_decompose", "determinant", "inverse", "solve"])
def test_the_lu_routines_name_A_when_it_is_not_square(call):
    with pytest.raises(ValueError) as e:
        call([[1.0, 2.0]])
    assert str(e.value) == "A must be square, got 1x2"


@pytest.mark.parametrize("A, error, message", [
    ([], ValueError, "A is empty (no rows)"),
    ([["x"]], TypeError, "A[0][0] is 'x': expected a real number"),
    ([[1.0, 0.0], [0.0, "y"]], TypeError, "A[1][1] is 'y': expected a real number"),
    ([[1.0], [2.0, 3.0]], ValueError, "A is ragged: row 0 has 1 entries, row 1 has 2"),
    ([[1.0, 2.0]], ValueError, "A must be square, got 1x2"),
], ids=["empty", "not_real", "not_real_late", "ragged", "not_square"])
def test_solve_gram_names_A_in_its_messages_LR_12(A, error, message):
    with pytest.raises(error) as e:
        linalg.solve_gram(A, [1.0])
    assert type(e.value) is error
    assert str(e.value) == message


# ---- the zero bound of LU -----------------------------------------------------------------------

def test_lu_pivot_at_exactly_n_eps_column_size_is_zero():
    """A = [[1, 1], [1, 1 + 2⁻⁵¹]], n = 2: column 1 has size 1 + 2⁻⁵¹ and, after eliminating
    with pivot 1, the pivot 2⁻⁵¹ (exact). The bound n·eps·size = 2⁻⁵¹·(1 + 2⁻⁵¹) is just above
    it, so column 1 counts as dependent; with 1 + 2⁻⁵⁰ the pivot 2⁻⁵⁰ is above the bound."""
    A = [[1.0, 1.0], [1.0, 1.0 + 2 * EPS]]
    with pytest.raises(linalg.SingularMatrixError) as e:
        linalg.lu_decompose(A)
    assert e.value.column == 1
    assert str(e.value) == "matrix is singular: column 1 is a linear combination of columns 0..0"
    assert linalg.determinant(A) == 0.0
    assert linalg.determinant([[1.0, 1.0], [1.0, 1.0 + 4 * EPS]]) == 4 * EPS


def test_lu_zero_bound_grows_with_n():
    """Column 1 = (1, 1 + 3·2⁻⁵²) after column 0 = (1, 1) has pivot 3·2⁻⁵² (exact) and size
    1 + 3·2⁻⁵². For n = 2 the bound 2·2⁻⁵²·size is below the pivot: |A| = 3·2⁻⁵². With a third,
    independent column e₂ (n = 3) the bound 3·2⁻⁵²·size is above it: |A| = 0."""
    assert linalg.determinant([[1.0, 1.0], [1.0, 1.0 + 3 * EPS]]) == 3 * EPS
    singular = [[1.0, 1.0, 0.0], [1.0, 1.0 + 3 * EPS, 0.0], [0.0, 0.0, 1.0]]
    with pytest.raises(linalg.SingularMatrixError) as e:
        linalg.lu_decompose(singular)
    assert e.value.column == 1
    assert linalg.determinant(singular) == 0.0


# ---- the zero bound of solve_gram's LDLᵀ --------------------------------------------------------

def test_solve_gram_pivot_at_exactly_n_eps_A_kk_is_zero_LR_12():
    """A = [[1, x], [x, 1]] with x = 1 − 2⁻⁵²: x² = 1 − 2⁻⁵¹ + 2⁻¹⁰⁴ rounds to 1 − 2⁻⁵¹, so the
    pivot of column 1 is 2⁻⁵¹ = n·eps·A₁₁ exactly: dependent, with c₀ = L₁₀ = x, printed "1"."""
    x = 1.0 - EPS
    with pytest.raises(linalg.SingularMatrixError) as e:
        linalg.solve_gram([[1.0, x], [x, 1.0]], [1.0, 1.0])
    assert str(e.value) == "matrix is singular: column 1 duplicates column 0"
    assert (e.value.column, e.value.combination) == (1, {0: x})


def test_solve_gram_pivot_at_twice_the_bound_is_not_zero_LR_12():
    """x = 1 − 2⁻⁵¹: x² rounds to 1 − 2⁻⁵⁰, pivot d₁ = 2⁻⁵⁰, twice the bound n·eps = 2⁻⁵¹ and
    within gram_band of it, so the verdict is taken at 50 digits: 1 − x² = 2⁻⁵⁰ − 2⁻¹⁰² > 2⁻⁵¹,
    not zero, and the answer is the exact one, 1/(1 + x) = 1/2 + 2⁻⁵³ + …, rounded, in both
    faces (the float LDLᵀ alone gave (1/2 + 2⁻⁵², 1/2))."""
    x = 1.0 - 2 * EPS
    assert linalg.solve_gram([[1.0, x], [x, 1.0]], [1.0, 1.0]) == [0.5 + EPS / 2, 0.5 + EPS / 2]
    from cs229.fast._glm_core import solve_gram
    assert solve_gram([[1.0, x], [x, 1.0]], [1.0, 1.0]).tolist() == [0.5 + EPS / 2] * 2


def test_solve_gram_exact_pivot_of_zero_is_dependent_LR_12():
    """A = XᵀX for the columns (1, 2) and (3, 6) = 3·column 0: A = [[5, 15], [15, 45]], pivot
    45 − 15·15/5 = 0 exactly; the bound is 0 for rationals and 0 is on it."""
    with pytest.raises(linalg.SingularMatrixError) as e:
        linalg.solve_gram([[5, 15], [15, 45]], [1, 3])
    assert str(e.value) == "matrix is singular: column 1 is 3 × column 0"
    assert (e.value.column, e.value.combination) == (1, {0: 3})


# ---- how solve_gram reads a dependence -----------------------------------------------------------

@pytest.mark.parametrize("A", [
    [[4.0, 2.0], [2.0, 0.0]],
    [[F(4), F(2)], [F(2), F(0)]],
], ids=["float", "fraction"])
def test_a_zero_diagonal_entry_is_a_zero_column_whatever_L_holds_LR_12(A):
    """A₁₁ = 0 says column 1 is zero; the L₁₀ = 2/4 of this (not PSD) A is not read."""
    with pytest.raises(linalg.SingularMatrixError) as e:
        linalg.solve_gram(A, [0, 0])
    assert str(e.value) == "matrix is singular: column 1 is zero"
    assert (e.value.column, e.value.combination) == (1, {})


def test_a_unit_diagonal_entry_of_a_dependent_column_is_read_from_L_LR_12():
    """A = [[4, 2], [2, 1]] is XᵀX for the columns (2, 0) and (1, 0) = column 0 / 2, so A₁₁ =
    ‖column 1‖² = 1; the pivot 1 − 2·2/4 = 0 and c₀ = L₁₀ = 2/4 = 1/2."""
    with pytest.raises(linalg.SingularMatrixError) as e:
        linalg.solve_gram([[4, 2], [2, 1]], [0, 0])
    assert str(e.value) == "matrix is singular: column 1 is 1/2 × column 0"
    assert (e.value.column, e.value.combination) == (1, {0: F(1, 2)})


# ---- significant terms --------------------------------------------------------------------------

@pytest.mark.parametrize("c, squared_sizes, squared_size, expected", [
    # c² · s = 2⁻⁵² = eps · 1: on the bound, left out; twice c is in
    ([2.0 ** -26], [1.0], 1.0, {}),
    ([2.0 ** -25], [1.0], 1.0, {0: 2.0 ** -25}),
    # ‖column j‖ = 2¹⁵, ‖column k‖ = 2²⁰: |c|·‖column j‖ = 2¹⁵ is far above √eps·2²⁰ = 2⁻⁶
    ([1.0], [2.0 ** 30], 2.0 ** 40, {0: 1.0}),
    # |c|·‖column j‖ = 2⁻³⁰ is below √eps·‖column k‖ = 2⁻⁶
    ([2.0 ** -30], [1.0], 2.0 ** 40, {}),
    # the bound scales with the dependent column: 2⁻³⁰ is above √eps·2⁻²⁰ = 2⁻⁴⁶
    ([2.0 ** -30], [1.0], 2.0 ** -40, {0: 2.0 ** -30}),
    ([0.0, 3.0, 2.0 ** -27], [1.0, 1.0, 1.0], 1.0, {1: 3.0}),
], ids=["on_bound", "above_bound", "large_column_j", "large_column_k", "small_column_k", "mixed"])
def test_significant_terms_compare_c_squared_times_size_with_eps_times_size(
        c, squared_sizes, squared_size, expected):
    """A term counts when cⱼ²·‖column j‖² > eps·‖column k‖² (float eps = 2⁻⁵²)."""
    assert linalg.significant_terms(c, squared_sizes, squared_size) == expected


@pytest.mark.parametrize("c, squared_sizes, squared_size, expected", [
    ([F(1, 10 ** 30), F(0)], [F(1), F(5)], F(1), {0: F(1, 10 ** 30)}),
    ([F(1)], [F(0)], F(1), {}),          # a term on a zero column is zero
    ([F(1), F(2)], [F(1), F(0)], F(1), {0: F(1)}),
], ids=["tiny", "zero_column", "one_zero_column"])
def test_significant_terms_in_exact_arithmetic_are_the_nonzero_terms(
        c, squared_sizes, squared_size, expected):
    """eps is 0 for rationals: every term cⱼ·column j that is not zero counts, however small."""
    assert linalg.significant_terms(c, squared_sizes, squared_size) == expected


# ---- how coefficients are printed ---------------------------------------------------------------

@pytest.mark.parametrize("column, combination, message", [
    (1, {0: F(1, 3)}, "column 1 is 1/3 × column 0"),
    (1, {0: F(10 ** 7)}, "column 1 is 10000000 × column 0"),
    (2, {0: F(-2, 7), 1: F(5)}, "column 2 is a linear combination of earlier ones: -2/7 × column 0 + 5 × column 1"),
    (1, {0: 1 / 3}, "column 1 is 0.333333 × column 0"),
    (1, {0: 1e7}, "column 1 is 1e+07 × column 0"),
    (2, {1: 2.5, 0: -2 / 7}, "column 2 is a linear combination of earlier ones: -0.285714 × column 0 + 2.5 × column 1"),
], ids=["third", "ten_million", "exact_combination", "float_third", "float_ten_million", "float_combination"])
def test_dependence_prints_exact_coefficients_as_fractions_and_floats_to_6_digits(column, combination, message):
    assert linalg.dependence(column, combination) == message


def test_dependence_names_the_matrix_and_its_columns():
    assert (linalg.dependence(3, {1: F(3, 4)}, name="feature", of=" of X")
            == "feature 3 of X is 3/4 × feature 1")
