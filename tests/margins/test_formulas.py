"""Part V §2-3, margins (MG-1 … MG-3): the notes' formulas and the facts they state, against exact
(Fraction) and 50-digit oracles and invariants, on the reference and, where a test takes ``impl``,
on both faces."""
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from hypothesis import given, strategies as st

import cs229.fast.margins as F
import cs229.reference.margins as R
from cs229.reference.scalar import ExactResultError
from cs229.testing import strategies as S


models = st.tuples(S.labelled_sets(n=3, min_m=3, max_m=10), S.vectors(3).filter(any), S.rationals())


def close(a, b, rel=1e-12):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return np.allclose(a, b, rtol=rel, atol=rel * max(1.0, np.abs(b).max(initial=0.0)))


@given(models, S.positive_rationals())
def test_functional_margin_scales_geometric_does_not_MG_2_MG_3(p, lam):
    """000 V §3: (λw, λb) multiplies γ̂ by λ and leaves h and γ unchanged (exact, in mpf for γ)."""
    (X, y), w, b = p
    w2, b2 = [lam * v for v in w], lam * b
    assert R.functional_margins(X, y, w2, b2) == [lam * v for v in R.functional_margins(X, y, w, b)]
    assert R.predict(X, w2, b2) == R.predict(X, w, b)
    with mpmath.workdps(40):
        g1 = R.geometric_margins(S.to_mpf(X), y, S.to_mpf(w), S.to_mpf(b))
        g2 = R.geometric_margins(S.to_mpf(X), y, S.to_mpf(w2), S.to_mpf(b2))
        assert max(abs(a - c) for a, c in zip(g1, g2)) < mpmath.mpf(10) ** -35


@given(models)
def test_geometric_is_functional_of_the_normalised_model_MG_3(p):
    (X, y), w, b = S.to_float(p)
    wn, bn = R.normalize(w, b)
    assert close(R.geometric_margins(X, y, w, b), R.functional_margins(X, y, wn, bn))
    assert close(F.geometric_margins(X, y, w, b), F.functional_margins(X, y, wn, bn))


@given(models)
def test_boundary_point_is_exact_and_on_the_boundary_MG_3(p):
    (X, y), w, b = p
    B = R.boundary_point(X[0], w, b)
    assert sum(a * c for a, c in zip(w, B)) + b == 0
    assert all(isinstance(v, Fraction) for v in B)


def test_geometric_margin_exact_when_the_norm_is_rational_MG_3():
    assert R.geometric_margin([1, 1], 1, [3, 4], 1) == Fraction(8, 5)
    with pytest.raises(ExactResultError):
        R.geometric_margin([1, 1], 1, [1, 1], 0)
    assert R.geometric_margin([1.0, 1.0], 1, [1.0, 1.0], 0.0) == pytest.approx(2 ** 0.5)


def test_g_of_zero_is_one_MG_1(impl):
    assert impl.margins.g(0) == 1 and impl.margins.g(-1e-300) == -1
    assert impl.margins.hypothesis(impl.arg([1.0, -1.0]), impl.arg([1.0, 1.0]), 0.0) == 1


def test_a_point_on_the_boundary_is_predicted_positive_MG_1(impl):
    """g(z) = 1 for z ≥ 0: wᵀx + b = 0 gives 1."""
    assert list(impl.margins.predict(impl.arg([[1.0, -1.0], [1.0, -2.0]]), impl.arg([1.0, 1.0]), 0.0)) == [1, -1]


def test_norm_at_the_smallest_normal_w_squared_is_the_direct_root_MG_3(impl):
    """wᵀw here is exactly 2⁻¹⁰²², the smallest normal float: not out of range, so ‖w‖ = √(wᵀw)
    = 2⁻⁵¹¹, which is also the float nearest the true norm; the rescaled sum s·√Σ(wⱼ/s)² would
    give the float an ulp below. With x = 0 and b = 1, γ = 1/‖w‖ = 2⁵¹¹ exactly."""
    w = [9.745132546853263e-155, 1.129335103036213e-154]
    assert w[0] * w[0] + w[1] * w[1] == 2.0 ** -1022
    true = mpmath.sqrt(mpmath.mpf(w[0]) ** 2 + mpmath.mpf(w[1]) ** 2)
    assert abs(true - mpmath.mpf(2.0 ** -511)) < abs(true - mpmath.mpf(np.nextafter(2.0 ** -511, 0)))
    assert impl.margins.geometric_margin(impl.arg([0.0, 0.0]), 1, impl.arg(w), 1.0) == 2.0 ** 511
