"""Matrix derivatives and the trace (000 §2.1): LR-7, LR-8, LR-9 through the reference."""
from fractions import Fraction

import mpmath
import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from cs229.testing import strategies as S
from cs229.reference import linalg
from cs229.reference import matrix_calculus as mc


@st.composite
def chains(draw):
    p, q, r = (draw(st.integers(1, 4)) for _ in range(3))
    return draw(S.matrices(p, q)), draw(S.matrices(q, r)), draw(S.matrices(r, p))


@given(chains())
def test_trace_is_cyclic_LR_8(t):
    """LR-8: trABC = trCAB = trBCA, and trAB = trBA, exactly."""
    A, B, C = t
    assert mc.trace_of_product(A, B, C) == mc.trace_of_product(C, A, B) == mc.trace_of_product(B, C, A)
    AB = linalg.matmul(A, B)
    assert mc.trace_of_product(AB, C) == mc.trace_of_product(C, AB)


@given(st.integers(1, 4).flatmap(S.square_matrices), st.integers(1, 4).flatmap(S.square_matrices), S.rationals())
def test_trace_is_linear_and_transpose_invariant_LR_8(A, B, a):
    """LR-8: trA = trAᵀ, tr(A+B) = trA + trB (same size), tr aA = a trA, tr a = a."""
    assert mc.trace(A) == mc.trace(linalg.transpose(A))
    assert mc.trace(linalg.scale(a, A)) == a * mc.trace(A)
    if len(A) == len(B):
        assert mc.trace(linalg.add(A, B)) == mc.trace(A) + mc.trace(B)
    assert mc.trace([[a]]) == a


@given(S.square_matrices(2))
def test_example_gradient_exact_and_float_LR_7(A):
    """LR-7: ∇_A f by its definition equals the printed [[3/2, 10A₁₂], [A₂₂, A₂₁]] exactly on
    rationals, and to ~1e-8 with float central differences."""
    assert mc.matrix_gradient(mc.example_f, A) == mc.example_gradient(A)
    Af = S.to_float(A)
    assert np.allclose(mc.matrix_gradient(mc.example_f, Af), S.to_float(mc.example_gradient(A)), atol=1e-7)


@given(st.integers(1, 3).flatmap(lambda n: st.tuples(S.nonsingular_matrices(n), S.square_matrices(n))))
def test_matrix_identities_by_definition_LR_9(pair):
    """LR-9 (1) and (4) with the gradient taken by its definition: exact for (1), whose f is
    linear in A; 40 digits for (4) through mpmath's differentiation."""
    A, B = pair
    assert mc.matrix_gradient(lambda M: mc.trace_of_product(M, B), A) == linalg.transpose(B)
    with mpmath.workdps(40):
        Am = S.to_mpf(A)
        g = mc.matrix_gradient(linalg.determinant, Am)
        rhs = linalg.scale(linalg.determinant(Am), linalg.transpose(linalg.inverse(Am)))
        assert max(abs(x - y) for rg, rr in zip(g, rhs) for x, y in zip(rg, rr)) < mpmath.mpf(10) ** -30


def test_trace_of_product_refuses_non_square_products():
    import pytest
    with pytest.raises(ValueError, match="not square"):
        mc.trace_of_product([[1, 2]], [[1, 2]] * 2)
    with pytest.raises(ValueError, match="rows"):
        mc.trace_of_product([[1, 2]], [[1]])
    assert mc.trace_of_product([[Fraction(1, 2)]]) == Fraction(1, 2)
