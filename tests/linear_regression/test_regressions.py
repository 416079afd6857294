"""Part I, least squares (LR-1 … LR-16): pinned cases. Each pins a behaviour the other tests left
open (a mutant of the reference that survived them) or reproduces a defect once found; each section
below says what its cases pin and why."""
import numpy as np
import pytest


def test_lwr_predict_with_a_zero_weight_on_a_huge_feature_LR_14(impl):
    """W4: a far example has weight 0; its features squared overflow, but 0 × x never meets
    x × x in the reference's order, and the fast face falls back to that order."""
    X = impl.arg([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0], [1.0, 1e200]])
    y = impl.arg([1.0, 3.0, 5.0, 7.0])
    out = impl.linear_regression.lwr_predict(X, y, impl.arg([[1.0, 1.5]]), 1.0)
    assert np.isfinite(out).all() and abs(np.asarray(out)[0] - 4.0) < 1e-9


def test_lwr_weights_with_a_tiny_bandwidth_LR_14(impl):
    """2τ² underflows for τ = 1e-170; an exact match still has weight e⁰ = 1, the others 0."""
    X = impl.arg([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]])
    w = impl.linear_regression.lwr_weights(X, impl.arg([1.0, 1.0]), 1e-170)
    assert list(np.asarray(w, dtype=float)) == [0.0, 1.0, 0.0]


def test_normal_equations_that_overflow_say_so_LR_12(impl):
    """W5 and the overflow blamed on dependence: both raise OverflowError naming overflow."""
    with pytest.raises(OverflowError, match="overflows"):
        impl.linear_regression.normal_equations(impl.arg([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]]),
                                                impl.arg([1e307, 1.5e308, 1.7e308]))
    with pytest.raises(OverflowError, match="overflows"):
        impl.linear_regression.normal_equations(impl.arg([[1e200, 1.0], [2e200, 3.0], [3e200, 1.0]]),
                                                impl.arg([1.0, 2.0, 3.0]))


def test_an_all_zero_first_column_is_called_zero_LR_12(impl):
    """"column 0 is a combination of columns 0..-1" becomes "column 0 of X is zero"."""
    with pytest.raises(ValueError, match="column 0 of X is zero"):
        impl.linear_regression.normal_equations(impl.arg([[0.0, 1.0], [0.0, 2.0], [0.0, 3.0]]),
                                                impl.arg([1.0, 2.0, 3.0]))


def test_a_column_whose_size_underflows_is_called_zero_by_qr_LR_12(impl):
    """‖x₁‖² of x₁ = 1.5·10⁻¹⁶² in every row underflows to 0: QR calls the column zero, with no
    combination, as for a column of zeros (its projection on column 0, 1.5·10⁻⁶² × column 0,
    is not reported: the column has no size to compare it with)."""
    with pytest.raises(ValueError) as e:
        impl.linear_regression.normal_equations(impl.arg([[1e-100, 1.5e-162]] * 4), impl.arg([1.0] * 4),
                                                solver="qr")
    assert str(e.value) == "XᵀX is singular: column 1 of X is zero"
    assert (e.value.column, e.value.combination) == (1, {})
