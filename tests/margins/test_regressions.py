"""Part V §2-3, margins (MG-1 … MG-3): pinned cases. Each pins a behaviour the other tests left open
(a mutant of the reference that survived them) or reproduces a defect once found; each section below
says what its cases pin and why."""
import numpy as np
import pytest

import cs229.reference.results as results

from tests.reproducers import FACES, arg, call


# ---- margins: scores that overflow, a w whose wᵀw under- or overflows ---------------------

@pytest.mark.parametrize("face", FACES)
def test_a_score_that_overflows_is_an_error_naming_the_row(face):
    Xb, w = arg(face, [[1.0, 2.0], [1e200, 1e200]]), arg(face, [1e200, 1.0])
    for name in ("predict", "functional_margins", "geometric_margins"):
        args = (Xb, w, 0.0) if name == "predict" else (Xb, arg(face, [1, -1]), w, 0.0)
        with pytest.raises(results.FloatRangeError, match=r"wᵀX\[1\] \+ b is inf: it overflows"):
            call(face, "margins", name, *args)
    with pytest.raises(results.FloatRangeError, match=r"wᵀx \+ b is nan: it overflows"):   # was h = −1
        call(face, "margins", "hypothesis", arg(face, [1e200, -1e200]), arg(face, [1e200, 1e200]), 0.0)


@pytest.mark.parametrize("face", FACES)
def test_norm_of_a_tiny_or_huge_w(face):
    wn, bn = call(face, "margins", "normalize", arg(face, [1e200, 1e200]), 1.0)
    assert np.allclose(wn, [0.5 ** 0.5] * 2, rtol=1e-15) and bn == pytest.approx(1 / (2 ** 0.5 * 1e200))
    assert call(face, "margins", "geometric_margin", arg(face, [3.0, 0.0]), 1, arg(face, [1e-200, 0.0]),
                -2e-200) == pytest.approx(1.0, rel=1e-15)      # not "w is zero"
    B = call(face, "margins", "boundary_point", arg(face, [3.0, 1.0]), arg(face, [1e-200, 0.0]), -2e-200)
    assert np.allclose(B, [2.0, 1.0], rtol=1e-15)
    with pytest.raises(ValueError, match="w is zero"):
        call(face, "margins", "normalize", arg(face, [0.0, 0.0]), 1.0)
    with pytest.raises(ValueError, match=r"b/‖w‖ is inf: it overflows the float range"):
        call(face, "margins", "normalize", arg(face, [1e-300, 0.0]), 1e10)
