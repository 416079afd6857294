"""X-2 for the SVM: per-example C (libsvm's and scikit-learn's sample weights). Example i's box is
0 ≤ αᵢ ≤ Cᵢ = C·wᵢ: the weighted dual has the optimum of the dual of the rows repeated wᵢ times
(the copies' α sum to αᵢ), a weight of 0 drops the example, a common weight c is C·c; the fast
face takes the reference's steps; both faces refuse weights that leave one class."""
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import cs229.fast.smo as F
import cs229.reference.smo as R
from cs229.reference import svm
from cs229.reference.kernels import Gaussian, Linear
from cs229.testing import strategies as S

from tests.smo.test_formulas import _float


def _repeated(X, y, weight):
    """The rows of (X, y) each repeated wᵢ times (integer weights)."""
    rows = [i for i, w in enumerate(weight) for _ in range(w)]
    return [X[i] for i in rows], [y[i] for i in rows]


def _weighted_sets(max_weight):
    """(X, y, w): one-feature rational data and integer weights 0..max_weight, both classes among
    the examples of weight > 0."""
    def weighted(p):
        X, y = p
        return st.lists(st.integers(0, max_weight), min_size=len(y), max_size=len(y)).filter(
            lambda w: len({t for t, v in zip(y, w) if v > 0}) == 2).map(lambda w: (X, y, w))
    return S.svm_labelled_sets(min_rows=3, max_rows=5, features=1).flatmap(weighted)


@settings(max_examples=25, deadline=None)
@given(_weighted_sets(2), st.sampled_from([Fraction(1), Fraction(2, 5)]))
def test_integer_weights_are_repeated_rows_X_2(p, C):
    """Exact SMO (tol = 0) on rationals: the weighted fit's W(α) and w are the repeated rows'
    exactly (the optimum of the dual is unique in W and w), every αᵢ of weight 0 is 0, and each
    αᵢ ≤ C·wᵢ."""
    X, y, weight = p
    fit = R.smo(X, y, C=C, tol=0, max_iterations=2000, sample_weight=weight)
    Xr, yr = _repeated(X, y, weight)
    plain = R.smo(Xr, yr, C=C, tol=0, max_iterations=2000)
    assert fit.objective == plain.objective
    assert svm.weights_from_alpha(X, y, fit.alpha) == svm.weights_from_alpha(Xr, yr, plain.alpha)
    assert all(0 <= a <= C * w for a, w in zip(fit.alpha, weight))
    assert all(a == 0 for a, w in zip(fit.alpha, weight) if w == 0)


@settings(max_examples=25, deadline=None)
@given(S.svm_labelled_sets(min_rows=4, max_rows=12, features=2),
       st.sampled_from(["wss2", "platt", "simplified"]), st.sampled_from([0.25, 3.0]))
def test_a_common_weight_c_is_the_box_C_times_c_X_2(p, rule, c):
    """wᵢ = c for every i is Cᵢ = C·c: the same iterates as C·c unweighted, bit for bit, in both
    faces."""
    X, y = _float(p)
    for face in (R, F):
        weighted = face.smo(X, y, C=2.0, rule=rule, tol=1e-3, max_iterations=20_000,
                            sample_weight=[c] * len(y), shrinking=False)
        plain = face.smo(X, y, C=2.0 * c, rule=rule, tol=1e-3, max_iterations=20_000, shrinking=False)
        assert list(weighted.alpha) == list(plain.alpha) and weighted.b == plain.b, face


@st.composite
def _float_weighted(draw):
    X, y = _float(draw(S.svm_labelled_sets(min_rows=4, max_rows=12, features=2)))
    weight = draw(st.lists(st.sampled_from([0.0, 0.5, 1.0, 2.5]), min_size=len(y), max_size=len(y)).filter(
        lambda w: len({t for t, v in zip(y, w) if v > 0}) == 2))
    return X, y, weight


@settings(max_examples=40, deadline=None)
@given(_float_weighted(), st.sampled_from(["wss2", "platt", "simplified"]),
       st.sampled_from([Linear(), Gaussian(1.0)]), st.sampled_from([None, 1.0]))
def test_the_fast_face_takes_the_references_weighted_steps_X_2(p, rule, kernel, C):
    """The same α, b and steps from both faces (the fast face without shrinking, which the
    reference does not do), soft and hard margin, weights of 0 among them."""
    X, y, weight = p
    results = []
    for face in (R, F):
        try:
            fit = face.smo(X, y, C=C, kernel=kernel, rule=rule, tol=1e-3, max_iterations=5000,
                           sample_weight=weight, shrinking=False, record=True)
            results.append((list(fit.alpha), fit.b, fit.iterations, list(fit.path)))
        except (R.ConvergenceError, R.NotSeparableError) as e:
            results.append((type(e).__name__, str(e)))
    assert results[0] == results[1]


@settings(max_examples=30, deadline=None)
@given(_float_weighted())
def test_a_weight_of_zero_drops_the_example_X_2(p):
    """wᵢ = 0 pins αᵢ = 0, and the fit is the fit without the example: the same W(α) and w to
    the stopping tolerance (a fast-face run; its steps are the reference's, above)."""
    X, y, weight = p
    fit = F.smo(X, y, C=1.0, tol=1e-10, sample_weight=weight, max_iterations=10 ** 6)
    kept = [i for i, w in enumerate(weight) if w > 0]
    Xk, yk, wk = [X[i] for i in kept], [y[i] for i in kept], [weight[i] for i in kept]
    without = F.smo(Xk, yk, C=1.0, tol=1e-10, sample_weight=wk, max_iterations=10 ** 6)
    assert all(fit.alpha[i] == 0 for i, w in enumerate(weight) if w == 0)
    assert fit.objective == pytest.approx(without.objective, rel=1e-8, abs=1e-8)
    w_all = svm.weights_from_alpha(X, y, list(fit.alpha))
    w_kept = svm.weights_from_alpha(Xk, yk, list(without.alpha))
    assert np.allclose(w_all, w_kept, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("face", [R, F], ids=["reference", "fast"])
def test_the_hard_margin_drops_an_example_of_weight_zero_X_2(face):
    """C=None with a weight of 0 on the one example that breaks separability: the others'
    hard margin, which would be infeasible with it."""
    X = [[0.0], [1.0], [3.0], [4.0], [3.5]]
    y = [-1, -1, 1, 1, -1]
    fit = face.smo(X, y, C=None, sample_weight=[1, 1, 1, 1, 0], tol=1e-9)
    plain = face.smo(X[:4], y[:4], C=None, tol=1e-9)
    assert fit.alpha[4] == 0 and list(fit.alpha[:4]) == list(plain.alpha) and fit.b == plain.b
    with pytest.raises(R.NotSeparableError):
        face.smo(X, y, C=None, tol=1e-9, max_iterations=500)


_bound = st.one_of(st.none(), st.fractions(0, 4, max_denominator=4))


@given(st.fractions(0, 4, max_denominator=4), st.fractions(0, 4, max_denominator=4), st.sampled_from([-1, 1]),
       st.sampled_from([-1, 1]), _bound, _bound)
def test_box_bounds_are_the_segment_of_the_line_in_the_box_X_2(a1, a2, y1, y2, C1, C2):
    """[L, H] of α₂ on the line y⁽¹⁾α₁ + y⁽²⁾α₂ = const in [0, C₁] × [0, C₂] (None: +∞), from
    the constraints directly: α₁ = α₂ − d (y⁽¹⁾ ≠ y⁽²⁾, d = α₂ − α₁) or s − α₂ (s = α₁ + α₂)
    must lie in [0, C₁], α₂ in [0, C₂]; exact rationals, H None for an unbounded segment."""
    inf = float("inf")
    c1, c2 = (inf if C is None else C for C in (C1, C2))
    if y1 != y2:
        d = a2 - a1
        low, high = max(0, d), min(c2, c1 + d)
    else:
        s = a1 + a2
        low, high = max(0, s - c1), min(c2, s)
    L, H = R.box_bounds(a1, a2, y1, y2, C1, C2)
    assert L == low and (H is None if high == inf else H == high)


def test_an_example_of_weight_zero_bounds_no_threshold_X_2():
    """b with no free α (SOFT-2): the middle of the interval that (14)-(15) leave. Example 0
    (α = 0) gives b ≥ 1, example 2 (α = C) b ≤ 3: b = 2. Example 1 (α = 0) would give b ≥ 5/2,
    but its box is [0, 0] (weight 0): it is out of the problem and bounds nothing."""
    from cs229.reference import svm
    scores = [Fraction(0), Fraction(-3, 2), Fraction(-2)]
    assert svm.b_soft_each([0, 0, 1], [1, 1, 1], scores, [1, 0, 1]) == 2
    assert svm.b_soft_each([0, 0, 1], [1, 1, 1], scores, [1, 1, 1]) == Fraction(11, 4)
