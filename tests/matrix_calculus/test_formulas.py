"""Matrix derivatives and the trace, 000 §2.1 (LR-7 … LR-9): the notes' formulas and the facts they
state, against exact (Fraction) and 50-digit oracles and invariants, on the reference and, where a
test takes ``impl``, on both faces."""
from fractions import Fraction

import mpmath
import numpy as np
from hypothesis import given, strategies as st

from cs229.reference import linalg, matrix_calculus as mc
from cs229.testing import strategies as S


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


def _steps(A, h=None):
    """The h of each central difference matrix_gradient takes, read off the points where it
    evaluates f (f(A + hEᵢⱼ), then f(A − hEᵢⱼ))."""
    seen = []
    mc.matrix_gradient(lambda M: seen.append([row[:] for row in M]) or 0, A, h)
    return [next((p - q) / 2 for rp, rq in zip(plus, minus) for p, q in zip(rp, rq) if p != q)
            for plus, minus in zip(seen[::2], seen[1::2])]


def test_the_documented_steps_LR_7():
    """h = 1 on rationals, 6e-6 · max(1, |Aᵢⱼ|) on floats, and a given h as given (mpf too)."""
    assert _steps([[3, Fraction(-5, 2)]]) == [1, 1]
    assert np.allclose(_steps([[0.5, -2e3]]), [6e-6, 6e-6 * 2e3], rtol=1e-6, atol=0)
    assert np.allclose(_steps([[0.5, -2e3]], h=0.125), [0.125, 0.125], rtol=1e-9, atol=0)
    assert _steps([[mpmath.mpf(3), mpmath.mpf(-7)]], h=mpmath.mpf("0.25")) == [0.25, 0.25]
    # a cubic: the exact central difference with h = 1 is f' + f'''/6, as the docstring implies
    assert mc.matrix_gradient(lambda M: M[0][0] ** 3, [[Fraction(2)]]) == [[3 * 2 ** 2 + 1]]


def test_mpf_gradient_to_working_precision_LR_7():
    """With mpf entries the partials are mpmath.diff's: 40 digits on a function that is not
    polynomial in its entries (a central difference would be off by about h²)."""
    with mpmath.workdps(40):
        A = [[mpmath.mpf("0.3"), mpmath.mpf(2)], [mpmath.mpf(-1), mpmath.mpf("1.5")]]
        g = mc.matrix_gradient(lambda M: mpmath.exp(M[0][0]) * M[1][1], A)
        e = mpmath.exp(A[0][0])
        expected = [[e * A[1][1], 0], [0, e]]
        assert max(abs(x - y) for rg, rx in zip(g, expected) for x, y in zip(rg, rx)) < mpmath.mpf(10) ** -35


def test_float_gradient_scales_its_step_LR_7():
    """At |a| = 1e8 the step 6e-6·|a| keeps f(a ± h) apart: f = a³ to 1e-9 relative."""
    a = 1e8
    g = mc.matrix_gradient(lambda M: M[0][0] ** 3, [[a]])[0][0]
    assert abs(g - 3 * a * a) <= 1e-9 * 3 * a * a
