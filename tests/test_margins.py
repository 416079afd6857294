"""Part V §2-3: fast against reference, exact invariants of the margins (MG-1, MG-2, MG-3)."""
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cs229.fast.margins as F
import cs229.reference.margins as R
from cs229.testing import strategies as S
from cs229.reference.results import FloatRangeError
from cs229.reference.scalar import ExactResultError

models = st.tuples(S.labelled_sets(n=3, min_m=3, max_m=10), S.vectors(3).filter(any), S.rationals())


def close(a, b, rel=1e-12):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return np.allclose(a, b, rtol=rel, atol=rel * max(1.0, np.abs(b).max(initial=0.0)))


@given(models)
def test_fast_equals_reference_MG_1_2_3(p):
    (X, y), w, b = S.to_float(p)
    Xa, ya, wa = np.array(X), np.array(y), np.array(w)
    assert F.predict(Xa, wa, b).tolist() == R.predict(X, w, b)
    assert F.hypothesis(Xa[0], wa, b) == R.hypothesis(X[0], w, b)
    assert np.array_equal(F.functional_margins(Xa, ya, wa, b), R.functional_margins(X, y, w, b))
    assert F.functional_margin_set(Xa, ya, wa, b) == R.functional_margin_set(X, y, w, b)
    assert F.functional_margin(Xa[0], y[0], wa, b) == R.functional_margin(X[0], y[0], w, b)
    assert np.array_equal(F.geometric_margins(Xa, ya, wa, b), R.geometric_margins(X, y, w, b))
    assert F.geometric_margin(Xa[1], y[1], wa, b) == R.geometric_margin(X[1], y[1], w, b)
    assert F.geometric_margin_set(Xa, ya, wa, b) == R.geometric_margin_set(X, y, w, b)
    assert close(F.boundary_point(Xa[0], wa, b), R.boundary_point(X[0], w, b))
    wn, bn = F.normalize(wa, b)
    rn, rb = R.normalize(w, b)
    assert close(wn, rn) and close(bn, rb)


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


def test_labels_must_be_plus_minus_one_MG_1(impl):
    assert list(impl.margins.signed_labels([1, -1, 1])) == [1, -1, 1]
    with pytest.raises(ValueError, match=r"y\[0\] is 0.*classes="):
        impl.margins.signed_labels([0, 1, 1])
    assert list(impl.margins.signed_labels([0, 1, 0], classes=(0, 1))) == [-1, 1, -1]
    assert list(impl.margins.signed_labels(["ham", "spam"], classes=("ham", "spam"))) == [-1, 1]
    with pytest.raises(ValueError, match=r"y\[2\].*classes"):
        impl.margins.signed_labels([0, 1, 2], classes=(0, 1))
    with pytest.raises(ValueError, match="distinct"):
        impl.margins.signed_labels([0, 1], classes=(1, 1))


def test_zero_w_is_refused_MG_3(impl):
    with pytest.raises(ValueError, match="w is zero"):
        impl.margins.geometric_margins(impl.arg([[1.0, 2.0]]), [1], impl.arg([0.0, 0.0]), 1.0)


OVERFLOW = ": it overflows the float range; rescale the data or (w, b)"
ERRORS = [  # (function, arguments, exception, its message word for word) in both faces
    ("boundary_point", ([1.0, 2.0], [0.0, 0.0], 0.5), ValueError,
     "w is zero: there is no decision boundary wᵀx + b = 0 to project onto"),
    ("geometric_margin", ([1.0, 1.0], 1, [0.0, 0.0], 1.0), ValueError,
     "w is zero: there is no decision boundary wᵀx + b = 0 to measure from"),
    ("normalize", ([0.0, 0.0], 1.0), ValueError, "w is zero: there is no decision boundary wᵀx + b = 0 to measure from"),
    ("boundary_point", ([1e308, 1e308], [1e308, 1e308], 0.0), FloatRangeError, "wᵀx + b is inf" + OVERFLOW),
    ("geometric_margin", ([1e308, 1.0], 1, [1e308, 0.0], 0.0), FloatRangeError, "wᵀx + b is inf" + OVERFLOW),
    ("geometric_margin", ([1.0, 1.0], 1, [1e-300, 0.0], 1e300), FloatRangeError,
     "the geometric margin is inf" + OVERFLOW),
    ("functional_margin", ([1e308, 1.0], 1, [1e308, 0.0], 0.0), FloatRangeError, "wᵀx + b is inf" + OVERFLOW),
    ("hypothesis", ([1e308, 1e308], [1e308, 1e308], 0.0), FloatRangeError, "wᵀx + b is inf" + OVERFLOW),
    ("normalize", ([1e-300, 0.0], 1e300), FloatRangeError, "b/‖w‖ is inf" + OVERFLOW),
    ("g", ("1",), TypeError, "z is '1': expected a real number"),
    ("geometric_margins", ([[1e308, 1.0]], [1], [1e308, 0.0], 0.0), FloatRangeError, "wᵀX[0] + b is inf" + OVERFLOW),
    ("functional_margins", ([[1e308, 1.0]], [1], [1e308, 0.0], 0.0), FloatRangeError, "wᵀX[0] + b is inf" + OVERFLOW),
    ("predict", ([[1e308, 1e308]], [1e308, 1e308], 0.0), FloatRangeError, "wᵀX[0] + b is inf" + OVERFLOW),
    ("geometric_margin_set", ([[1.0, 1.0]], [1], [1e-300, 0.0], 1e300), FloatRangeError,
     "the geometric margin of X[0] is inf" + OVERFLOW),
    ("boundary_point", ([0.0, 0.0], [1e-300, 0.0], 1e300), FloatRangeError, "B[0] is -inf" + OVERFLOW),
]


@pytest.mark.parametrize("name, args, error, message", ERRORS, ids=[f"{e[0]}-{i}" for i, e in enumerate(ERRORS)])
def test_errors_word_for_word_MG(impl, name, args, error, message):
    args = tuple(impl.arg(a) if isinstance(a, list) else a for a in args)
    with pytest.raises(error) as e:
        getattr(impl.margins, name)(*args)
    assert str(e.value) == message


class _NoEquality:
    """A label whose == raises TypeError (neither −1 nor 1)."""

    def __eq__(self, other):
        raise TypeError("no comparison")

    __hash__ = object.__hash__


def test_signed_labels_errors_word_for_word_MG_1(impl):
    with pytest.raises(TypeError) as e:
        impl.margins.signed_labels(5)
    assert str(e.value) == "y must be a sequence of labels, got int"
    with pytest.raises(ValueError) as e:
        impl.margins.signed_labels(impl.arg([1.0, -1.0]), classes=(1, 1))
    assert str(e.value) == "classes must be a pair of two distinct labels (negative, positive), got (1, 1)"
    with pytest.raises(ValueError, match=r"^y\[0\] is <.*: labels must be -1 or 1, the notes' coding here"):
        impl.margins.signed_labels([_NoEquality()])


def test_a_point_on_the_boundary_is_predicted_positive_MG_1(impl):
    """g(z) = 1 for z ≥ 0: wᵀx + b = 0 gives 1."""
    assert list(impl.margins.predict(impl.arg([[1.0, -1.0], [1.0, -2.0]]), impl.arg([1.0, 1.0]), 0.0)) == [1, -1]


class _TextEqualToEverything(str):
    """Text whose == says yes to any value: a label must be refused for being text, not only for
    comparing unequal to ±1."""
    __hash__ = str.__hash__

    def __eq__(self, other):
        return True


def test_text_labels_are_refused_even_when_they_compare_equal_to_one_MG_1(impl):
    with pytest.raises(ValueError, match=r"^y\[1\] is 'a': labels must be -1 or 1"):
        impl.margins.signed_labels([1, _TextEqualToEverything("a")])


def test_norm_at_the_smallest_normal_w_squared_is_the_direct_root_MG_3(impl):
    """wᵀw here is exactly 2⁻¹⁰²², the smallest normal float: not out of range, so ‖w‖ = √(wᵀw)
    = 2⁻⁵¹¹, which is also the float nearest the true norm; the rescaled sum s·√Σ(wⱼ/s)² would
    give the float an ulp below. With x = 0 and b = 1, γ = 1/‖w‖ = 2⁵¹¹ exactly."""
    w = [9.745132546853263e-155, 1.129335103036213e-154]
    assert w[0] * w[0] + w[1] * w[1] == 2.0 ** -1022
    true = mpmath.sqrt(mpmath.mpf(w[0]) ** 2 + mpmath.mpf(w[1]) ** 2)
    assert abs(true - mpmath.mpf(2.0 ** -511)) < abs(true - mpmath.mpf(np.nextafter(2.0 ** -511, 0)))
    assert impl.margins.geometric_margin(impl.arg([0.0, 0.0]), 1, impl.arg(w), 1.0) == 2.0 ** 511
