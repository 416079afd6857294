"""Entropy, count tables and information gain, 001 §11.3 (DT-3 … DT-5): pinned cases. Each pins a
behaviour the other tests left open (a mutant of the reference that survived them) or reproduces a
defect once found; each section below says what its cases pin and why."""
import numpy as np
import pytest

import cs229.fast.entropy as FE
import cs229.reference.entropy as RE


# ---- errors a user can act on ------------------------------------------------------------------

def test_class_codes_is_one_public_home_for_both_faces():
    classes, codes = FE.class_codes(np.array([7.0, -2.0, 7.0, 3.0]))
    assert RE.class_codes([7, -2, 7, 3]) == ((-2, 3, 7), [2, 0, 2, 1])
    assert classes.tolist() == [-2, 3, 7] and codes.tolist() == [2, 0, 2, 1]
    with pytest.raises(ValueError, match=r"y\[1\] is 18446744073709551615: outside the int64 range"):
        FE.class_codes(np.array([0, 2 ** 64 - 1], dtype=np.uint64))


def test_a_table_of_one_class_gains_plus_zero_in_both_faces_DT_5():
    """DT-5: one class, so H(Y) = 0 and every branch is pure: the gain is +0.0 (the fast face's
    zero; a −0.0 would print as "-0.0")."""
    import math
    for face in (RE, FE):
        gain = face.information_gain([[3.0], [2.0]])
        assert gain == 0 and math.copysign(1.0, gain) == 1.0
