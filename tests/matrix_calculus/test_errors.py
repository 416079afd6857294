"""Matrix derivatives and the trace, 000 §2.1 (LR-7 … LR-9): what both faces refuse and how: the
exact type and text of every error, and the bad-input treatment of every entry point
(tests/bad_input.py)."""
from fractions import Fraction

import pytest

from cs229.reference import matrix_calculus as mc


def test_trace_of_product_refuses_non_square_products():
    import pytest
    with pytest.raises(ValueError, match="not square"):
        mc.trace_of_product([[1, 2]], [[1, 2]] * 2)
    with pytest.raises(ValueError, match="rows"):
        mc.trace_of_product([[1, 2]], [[1]])
    assert mc.trace_of_product([[Fraction(1, 2)]]) == Fraction(1, 2)


ERRORS = [  # (call, exception, its message word for word)
    (lambda: mc.trace([[1, 2]]), ValueError, "A must be square, got 1x2"),
    (lambda: mc.trace("x"), TypeError, "A must be a matrix (a sequence of rows), got str"),
    (lambda: mc.matrix_gradient(mc.example_f, "x"), TypeError, "A must be a matrix (a sequence of rows), got str"),
    (lambda: mc.matrix_gradient(mc.example_f, [[1, 2], [3]]), ValueError, "A is ragged: row 0 has 2 entries, row 1 has 1"),
    (lambda: mc.trace_of_product(), ValueError, "trace_of_product needs at least one matrix"),
    (lambda: mc.trace_of_product("x"), TypeError, "matrices[0] must be a matrix (a sequence of rows), got str"),
    (lambda: mc.trace_of_product([[1]], "x"), TypeError, "matrices[1] must be a matrix (a sequence of rows), got str"),
    (lambda: mc.trace_of_product([[1, 2]], [[1, 2]]), ValueError,
     "matrices[1] has 1 rows; the product so far has 2 columns"),
    (lambda: mc.trace_of_product([[1, 2]]), ValueError, "the product is 1x2, not square"),
]


@pytest.mark.parametrize("call, error, message", ERRORS, ids=[f"error-{i}" for i in range(len(ERRORS))])
def test_errors_word_for_word_LR_7_LR_8(call, error, message):
    with pytest.raises(error) as e:
        call()
    assert str(e.value) == message


def test_a_bad_step_is_named_h_LR_7():
    for h in (-1, 0):
        with pytest.raises(ValueError, match=r"^h must be > 0"):
            mc.matrix_gradient(lambda A: A[0][0], [[1.0]], h=h)
