"""Entropy, count tables and information gain, 001 §11.3 (DT-3 … DT-5): the fast face against the
reference on the same input: the same iterates where the order of operations is the same, the same
answer to rounding otherwise, the same verdicts."""
import math

import mpmath
import numpy as np
from hypothesis import given, strategies as st

import cs229.fast.entropy as FE
import cs229.fast.trees as FT
import cs229.reference.entropy as RE
import cs229.reference.trees as RT
from cs229.testing import strategies as S

from tests.trees.test_formulas import floats


# ---- DT-3: entropy ------------------------------------------------------------------------------

@given(S.distributions(), st.sampled_from(["bits", "nats"]))
def test_entropy_fast_equals_reference_and_is_bounded_DT_3(p, unit):
    pf = S.to_float(p)
    h = RE.entropy(pf, unit)
    assert FE.entropy(np.array(pf), unit) == h
    top = math.log2(len(p)) if unit == "bits" else math.log(len(p))
    assert -1e-15 <= h <= top + 1e-12
    with mpmath.workdps(40):
        hm = RE.entropy(S.to_mpf(p), unit)
        assert abs(hm - h) < 1e-13


# ---- DT-5: split entropy, information gain ------------------------------------------------------

@given(S.count_tables(max_count=30), st.sampled_from(["bits", "nats"]))
def test_split_entropy_and_gain_fast_equals_reference_DT_5(table, unit):
    t = floats(table)
    assert FE.split_entropy(np.array(t), unit) == RE.split_entropy(t, unit)
    gain = RE.information_gain(t, unit)
    assert FE.information_gain(np.array(t), unit) == gain
    columns = [sum(row[k] for row in t) for k in range(len(t[0]))]
    assert -1e-12 <= gain <= RE.count_entropy(columns, unit) + 1e-12
    assert FT.split_score(np.array(table)) == RT.split_score(table)
