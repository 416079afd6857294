"""The reference's linear algebra, cs229.reference.linalg: what both faces refuse and how: the exact
type and text of every error, and the bad-input treatment of every entry point (tests/bad_input.py)."""
from fractions import Fraction

import mpmath
import pytest

from cs229.reference import linalg


def test_bad_matrices_are_refused():
    with pytest.raises(ValueError, match="ragged"):
        linalg.solve([[1, 2], [3]], [1, 1])
    with pytest.raises(ValueError, match="square"):
        linalg.determinant([[1, 2, 3], [4, 5, 6]])
    with pytest.raises(ValueError, match="finite"):
        linalg.solve([[1.0, float("nan")], [0.0, 1.0]], [1, 1])
    with pytest.raises(TypeError, match="real number"):
        linalg.inverse([["a", 1], [1, 1]])


@pytest.mark.parametrize("name", ["cofactor_matrix", "determinant_by_cofactors", "inverse_by_cofactors",
                                  "symmetric_eigenvalues"])
def test_the_cofactor_and_eigenvalue_routines_name_A(name):
    for A, message in (([[1.0, float("nan")], [0.0, 1.0]], "A[0][1] is nan: expected a finite number"),
                       ([[1.0, 2.0]], "A must be square, got 1x2")):
        with pytest.raises(ValueError) as e:
            getattr(linalg, name)(A)
        assert str(e.value) == message


@pytest.mark.parametrize("A, message, combination", [
    ([[1, 1], [1, 1]], "column 1 duplicates column 0", {0: 1}),
    ([[9, 3], [3, 1]], "column 1 is 1/3 × column 0", {0: Fraction(1, 3)}),
    ([[1, 1], [1, 0]], "column 1 is zero", {}),  # a zero diagonal entry: no combination is read
], ids=["duplicate", "third", "zero"])
def test_an_exactly_singular_gram_matrix_names_its_dependence(A, message, combination):
    """In exact arithmetic the pivot of a dependent column is 0 exactly (the bound is 0), and the
    combination is shown exactly (1/3, not 0.333333)."""
    with pytest.raises(linalg.SingularMatrixError) as e:
        linalg.solve_gram(A, [0, 0])
    assert str(e.value) == f"matrix is singular: {message}"
    assert (e.value.column, e.value.combination) == (1, combination)


# ==================================================================================================
# The words of every error cs229.reference.linalg raises on a caller's input, checked whole:
# exception type and full message. The module has no compiled twin, so only the reference is
# checked.


@pytest.mark.parametrize("u, v, message", [
    ([1, 2], [1], "dot: lengths differ (2 and 1)"),
    ([], [1.0, 2.0, 3.0], "dot: lengths differ (0 and 3)"),
], ids=["longer_u", "empty_u"])
def test_dot_names_both_lengths(u, v, message):
    with pytest.raises(ValueError) as e:
        linalg.dot(u, v)
    assert type(e.value) is ValueError
    assert str(e.value) == message


def test_matvec_reports_the_row_length_through_dot():
    # matvec takes one dot product per row, so the row and the vector are the two lengths
    with pytest.raises(ValueError) as e:
        linalg.matvec([[1, 2]], [1])
    assert type(e.value) is ValueError
    assert str(e.value) == "dot: lengths differ (2 and 1)"


@pytest.mark.parametrize("A, B, message", [
    ([[1, 2]], [[1, 2]], "matmul: shapes 1x2 and 1x2 do not chain"),
    ([[1, 2, 3], [4, 5, 6]], [[1], [2]], "matmul: shapes 2x3 and 2x1 do not chain"),
], ids=["row_by_row", "wide_by_tall"])
def test_matmul_names_both_shapes(A, B, message):
    with pytest.raises(ValueError) as e:
        linalg.matmul(A, B)
    assert type(e.value) is ValueError
    assert str(e.value) == message


@pytest.mark.parametrize("A, b, message", [
    ([[1, 0], [0, 1]], [1], "A has 2 rows but b has 1 entries"),
    ([[1, 0], [0, 1]], [1, 2, 3], "A has 2 rows but b has 3 entries"),
    # the length is checked before the factorisation, so a singular A is not what is reported
    ([[1, 2], [2, 4]], [1], "A has 2 rows but b has 1 entries"),
], ids=["short_b", "long_b", "singular_A"])
def test_solve_names_rows_and_entries(A, b, message):
    with pytest.raises(ValueError) as e:
        linalg.solve(A, b)
    assert type(e.value) is ValueError
    assert str(e.value) == message


@pytest.mark.parametrize("A, b, message", [
    ([[1, 0], [0, 1]], [1], "A has 2 rows but b has 1 entries"),
    ([[1.0]], [1.0, 2.0], "A has 1 rows but b has 2 entries"),
], ids=["short_b", "long_b"])
def test_solve_gram_names_rows_and_entries_LR_12(A, b, message):
    with pytest.raises(ValueError) as e:
        linalg.solve_gram(A, b)
    assert type(e.value) is ValueError
    assert str(e.value) == message


OVERFLOWED = " has entries that are not finite: the sums of products that form it overflowed"


@pytest.mark.parametrize("A, b, name", [
    ([[float("inf")]], [1.0], "A"),
    ([[1.0]], [float("nan")], "b"),
    ([[mpmath.inf]], [mpmath.mpf(1)], "A"),
    # A is looked at before b, so it is the one named when both overflowed
    ([[1.0, float("-inf")], [0.0, 1.0]], [float("nan"), 1.0], "A"),
], ids=["inf_in_A", "nan_in_b", "mpf_inf_in_A", "A_before_b"])
def test_solve_gram_reports_overflowed_sums_LR_12(A, b, name):
    with pytest.raises(OverflowError) as e:
        linalg.solve_gram(A, b)
    assert type(e.value) is OverflowError
    assert str(e.value) == name + OVERFLOWED


@pytest.mark.parametrize("A", [
    [[1, 2], [2, 4]],
    [[0]],
    [[1.0, 2.0], [2.0, 4.0]],
    [[Fraction(1, 2), Fraction(1, 3)], [Fraction(3, 2), 1]],
], ids=["exact_2x2", "zero_1x1", "float_2x2", "fractions_2x2"])
def test_inverse_by_cofactors_refuses_a_zero_determinant_LR_10(A):
    with pytest.raises(linalg.SingularMatrixError) as e:
        linalg.inverse_by_cofactors(A)
    assert type(e.value) is linalg.SingularMatrixError
    assert str(e.value) == "matrix is singular: |A| = 0, so (A′)ᵀ/|A| is undefined"


@pytest.mark.parametrize("A, message", [
    ([[1, 2], [3, 4]], "A is not symmetric: A[1][0] != A[0][1]"),
    # the lower triangle is scanned row by row, so the first unequal pair below the diagonal is named
    ([[1, 2, 3], [2, 4, 5], [3, 6, 6]], "A is not symmetric: A[2][1] != A[1][2]"),
], ids=["2x2", "3x3_last_pair"])
def test_symmetric_eigenvalues_names_the_unequal_pair(A, message):
    with pytest.raises(ValueError) as e:
        linalg.symmetric_eigenvalues(A)
    assert type(e.value) is ValueError
    assert str(e.value) == message


@pytest.mark.parametrize("max_sweeps", [0, 1], ids=["no_sweep", "one_sweep"])
def test_symmetric_eigenvalues_reports_the_sweep_budget(max_sweeps):
    # convergence is only judged at the start of a sweep, so with one sweep the matrix that
    # needs a rotation is never judged again after it
    with pytest.raises(ArithmeticError) as e:
        linalg.symmetric_eigenvalues([[2.0, 1.0], [1.0, 2.0]], max_sweeps=max_sweeps)
    assert type(e.value) is ArithmeticError
    assert str(e.value) == f"Jacobi eigenvalues did not converge in {max_sweeps} sweeps"


# ---- the scalar arguments and the right-hand side are named in the refusal ----------------------

@pytest.mark.parametrize("call, kind, message", [
    (lambda: linalg.solve([[1.0]], [float("nan")]), ValueError, "b[0] is nan: expected a finite number"),
    (lambda: linalg.solve([[1.0]], ["a"]), TypeError, "b[0] is 'a': expected a real number"),
    (lambda: linalg.determinant_by_cofactors([[1, 2], [3, 4]], i=2), ValueError,
     "i must be an index 0..1, got 2"),
    (lambda: linalg.determinant_by_cofactors([[1, 2], [3, 4]], i=1.0), TypeError,
     "i must be an index 0..1, got 1.0"),
    (lambda: linalg.symmetric_eigenvalues([[1.0]], max_sweeps=-1), ValueError,
     "max_sweeps must be >= 0, got -1"),
], ids=["solve_b_nan", "solve_b_text", "cofactor_row", "cofactor_row_kind", "max_sweeps"])
def test_the_argument_at_fault_is_named(call, kind, message):
    with pytest.raises(kind) as e:
        call()
    assert type(e.value) is kind
    assert str(e.value) == message
