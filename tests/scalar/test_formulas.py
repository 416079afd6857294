"""The scalar functions of the reference on float, exact and mpf arguments (cs229.reference.scalar):
the notes' formulas and the facts they state, against exact (Fraction) and 50-digit oracles and
invariants, on the reference and, where a test takes ``impl``, on both faces."""
import math
from fractions import Fraction

import mpmath
import numpy as np
import pytest

from cs229.reference import scalar as s
from cs229.reference.scalar import ExactResultError


F = Fraction
MPF = mpmath.mpf


def test_kind_and_its_refusals():
    assert [s.kind(v) for v in (MPF(1), 3, F(1, 3), 2.5, np.float32(1.5), np.int64(3))] == \
        ["mpf", "exact", "exact", "float", "float", "float"]
    with pytest.raises(TypeError) as e:
        s.kind(True)
    assert str(e.value) == "expected a real number, got a bool (True)"
    with pytest.raises(TypeError) as e:
        s.kind("1")
    assert str(e.value) == "expected a real number (float, int, Fraction or mpmath.mpf), got str"
    assert s.is_exact(F(1, 2)) and not s.is_exact(0.5) and not s.is_exact(MPF(1))


def test_to_scalar_and_as_float():
    assert type(s.to_scalar(3)) is F and s.to_scalar(3) == 3
    assert type(s.to_scalar(np.float32(0.5))) is float and s.to_scalar(MPF(2)) == MPF(2)
    assert type(s.to_scalar(MPF(2))) is MPF and type(s.to_scalar(F(1, 3))) is F
    assert s.as_float(F(1, 4)) == 0.25 and type(s.as_float(MPF(1))) is float


@pytest.mark.parametrize("function, exact_in, exact_out, irrational, floats", [
    (s.exp, 0, F(1), F(1, 2), [(0.0, 1.0), (1.0, math.e)]),
    (s.log, 1, F(0), F(2), [(1.0, 0.0), (math.e, 1.0)]),
    (s.log1p, 0, F(0), F(1), [(0.0, 0.0), (1e-20, 1e-20)]),
    (s.sqrt, F(9, 4), F(3, 2), F(2), [(4.0, 2.0), (2.0, math.sqrt(2))]),
    (s.log2, F(1, 8), F(-3), F(3), [(8.0, 3.0), (0.5, -1.0)]),
    (s.lgamma, 2, F(0), F(3), [(1.0, 0.0), (5.0, math.log(24))]),
])
def test_each_function_on_each_scalar_type(function, exact_in, exact_out, irrational, floats):
    got = function(exact_in)
    assert got == exact_out and type(got) is F
    with pytest.raises(ExactResultError) as e:
        function(irrational)
    name = function.__name__
    assert str(e.value) == f"{name}({irrational}) is not rational; use float or mpmath.mpf entries for this computation"
    for x, y in floats:
        got = function(x)
        assert type(got) is float and got == pytest.approx(y, rel=1e-15, abs=0)
    with mpmath.workdps(40):
        x = MPF(floats[1][0])
        got = function(x)
        assert type(got) is MPF
        expected = {"exp": mpmath.exp, "log": mpmath.log, "log1p": mpmath.log1p, "sqrt": mpmath.sqrt,
                    "log2": lambda v: mpmath.log(v) / mpmath.log(2), "lgamma": mpmath.loggamma}[name](x)
        assert abs(got - expected) <= mpmath.mpf(10) ** -38 * max(1, abs(expected))


def test_exact_points_where_the_result_is_rational():
    assert s.lgamma(1) == 0 and s.lgamma(F(2)) == 0 and s.log2(1) == 0 and s.log2(F(4)) == 2
    assert s.log2(F(1, 1024)) == -10 and s.sqrt(0) == 0 and s.sqrt(F(1, 9)) == F(1, 3)
    for function, x in ((s.sqrt, F(4, 3)), (s.sqrt, F(3, 4)), (s.log2, F(4, 3)), (s.log2, F(3, 4)),
                        (s.exp, F(-1)), (s.log, F(1, 2)), (s.log1p, F(-1, 2))):
        with pytest.raises(ExactResultError):
            function(x)


def test_pi_inf_isfinite_eps_in_the_type_of_like():
    with mpmath.workdps(30):
        assert type(s.pi(MPF(1))) is MPF and abs(s.pi(MPF(1)) - mpmath.pi) < MPF(10) ** -29
        assert s.eps(MPF(1)) == mpmath.mp.eps
    assert s.pi(1.0) == math.pi
    with pytest.raises(ExactResultError) as e:
        s.pi(F(1))
    assert str(e.value) == "pi(1) is not rational; use float or mpmath.mpf entries for this computation"
    assert s.inf(MPF(1)) == mpmath.inf and type(s.inf(MPF(1))) is MPF
    assert s.inf(1.0) == math.inf and type(s.inf(F(1))) is float and s.inf(F(1)) == math.inf
    assert s.isfinite(F(10) ** 400) is True and s.isfinite(1e308) and not s.isfinite(math.inf)
    assert not s.isfinite(math.nan) and s.isfinite(MPF(1)) is True and s.isfinite(mpmath.inf) is False
    assert s.eps(F(1)) == 0 and type(s.eps(F(1))) is F and s.eps(1.0) == 2.0 ** -52
    assert s.zero_tolerance(1.0, 8.0, 3) == 3 * 8.0 * 2.0 ** -52 and s.zero_tolerance(F(1), 8) == 0
    assert s.zero_tolerance(1.0, 2.0) == 2 * 2.0 ** -52


def test_softplus_sigmoid_softmax_log_sum_exp():
    assert s.softplus(800.0) == 800.0 and s.softplus(-800.0) == 0.0
    assert s.softplus(0.0) == math.log(2) and s.softplus(1.0) == pytest.approx(math.log1p(math.e), rel=1e-15)
    assert s.softplus(-1.0) == pytest.approx(math.log1p(math.exp(-1)), rel=1e-15)
    assert s.sigmoid(F(0)) == F(1, 2) and type(s.sigmoid(F(0))) is F and s.sigmoid(0.0) == 0.5
    assert s.sigmoid(-800.0) == 0.0 and s.sigmoid(800.0) == 1.0
    assert s.sigmoid(-1.0) == pytest.approx(1 / (1 + math.e), rel=1e-15)
    assert s.sigmoid(2.0) == pytest.approx(1 / (1 + math.exp(-2)), rel=1e-15)
    assert s.sigmoid(-40.0) > 0  # e^z / (1 + e^z), never 1 − (something near 1)
    phi = s.softmax([1000.0, 1000.0, 1000.0 - math.log(2)])
    assert phi == pytest.approx([0.4, 0.4, 0.2], rel=1e-12)
    assert s.softmax([0.0, math.log(3)]) == pytest.approx([0.25, 0.75], rel=1e-15)
    assert s.log_sum_exp([1000.0, 1000.0]) == pytest.approx(1000 + math.log(2), rel=1e-15)
    assert s.log_sum_exp([0.0, math.log(3)]) == pytest.approx(math.log(4), rel=1e-15)
    with pytest.raises(ExactResultError):
        s.softplus(F(1))
    with pytest.raises(ExactResultError):  # exact only at 0
        s.sigmoid(F(1))
    # for z > 0 the documented z + log1p(e^(−z)), bit for bit (log1p(e^z) differs in the last bit here)
    assert s.softplus(0.995) == 0.995 + math.log1p(math.exp(-0.995)) != math.log1p(math.exp(0.995))


def test_zero_is_plus_zero_in_the_type_the_values_combine_to():
    """The zero a sum of the values starts from: exact for exact values, a float once a float is
    among them, an mpf once an mpf is; +0.0 even when every value is negative."""
    cases = [([F(1, 3), 7], F(0)), ([F(1, 3), 2.5], 0.0), ([MPF(1), 2.5, F(1)], MPF(0)),
             ([-3.0, -0.0], 0.0), ([], 0)]
    for values, expected in cases:
        z = s.zero(values)
        assert z == 0 and type(z) is type(expected), values
    assert math.copysign(1, s.zero([-3.0])) == 1
    assert type(s.zero(iter([2, 3]))) is int
