"""Part V §9.1, coordinate ascent (CA-1): pinned cases. Each pins a behaviour the other tests left
open (a mutant of the reference that survived them) or reproduces a defect once found; each section
below says what its cases pin and why."""
import numpy as np
import pytest

import cs229.reference.results as results

from tests.reproducers import FACES, arg, call


# ---- coordinate ascent: values that overflow -------------------------------------------------

@pytest.mark.parametrize("face", FACES)
def test_coordinate_ascent_values_that_overflow_are_errors(face):
    Q, c = arg(face, [[2.0, 1.0], [1.0, 2.0]]), arg(face, [1e308, -1e308])
    with pytest.raises(results.FloatRangeError, match=r"W\(α\) is inf: it overflows the float range"):
        call(face, "coordinate_ascent", "quadratic_objective", Q, c, arg(face, [1e10, 0.0]))
    with pytest.raises(ValueError, match=r"∂W/∂α0 is -inf: it overflows the float range"):
        call(face, "coordinate_ascent", "quadratic_gradient", arg(face, [[2e200, 1.0], [1.0, 2.0]]), c,
             arg(face, [1e200, 0.0]))
    tiny = arg(face, [[1e-300, 0.0], [0.0, 1.0]])
    with pytest.raises(ValueError, match=r"the new α0 is inf: it overflows the float range"):
        call(face, "coordinate_ascent", "coordinate_argmax", tiny, arg(face, [1e300, 1.0]), arg(face, [0.0, 0.0]),
             np.int64(0))
    with pytest.raises(results.ConvergenceError, match="or the steps overflow the float range"):
        call(face, "coordinate_ascent", "coordinate_ascent", tiny, arg(face, [1e300, 1.0]), arg(face, [0.0, 0.0]))
