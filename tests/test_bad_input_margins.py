"""Bad input for every entry point of cs229.fast.margins (and its reference twin): errors name
the argument, labels must be ±1 unless a mapping is asked for, the caller's arrays are
untouched, and every real dtype and layout gives the float64 answer (tests/bad_input.py)."""
import numpy as np

import cs229.fast.margins as F
import cs229.reference.margins as R

from bad_input import Table, install

X = np.array([[1.0, 2.0], [0.0, 3.0], [2.0, -1.0], [4.0, 1.0]])
Y = np.array([1.0, -1.0, 1.0, -1.0])
W = np.array([1.5, -2.25])

VALID = {
    "hypothesis": dict(x=X[1], w=W, b=0.5),
    "predict": dict(X=X, w=W, b=0.5),
    "functional_margin": dict(x=X[0], y=1, w=W, b=0.5),
    "functional_margins": dict(X=X, y=Y, w=W, b=0.5),
    "functional_margin_set": dict(X=X, y=Y, w=W, b=0.5),
    "geometric_margin": dict(x=X[0], y=-1, w=W, b=0.5),
    "geometric_margins": dict(X=X, y=Y, w=W, b=0.5),
    "geometric_margin_set": dict(X=X, y=Y, w=W, b=0.5),
    "normalize": dict(w=W, b=0.5),
    "boundary_point": dict(x=X[2], w=W, b=0.5),
    "signed_labels": dict(y=Y),
    "g": dict(z=0.25),
}
PARAMETERS = {name: [] for name in VALID}
for name, kwargs in VALID.items():
    if "b" in kwargs:
        PARAMETERS[name] += [("b", np.nan, ValueError, r"b.*finite"), ("b", np.inf, ValueError, r"b.*finite")]
    if "w" in kwargs and ("x" in kwargs or "X" in kwargs):
        PARAMETERS[name].append(("w", np.array([1.0, 2.0, 3.0]), ValueError, "w has 3"))
    if isinstance(kwargs.get("y"), np.ndarray) and "X" in kwargs:
        PARAMETERS[name] += [("y", np.array([1.0, 0.0, 1.0, -1.0]), ValueError, r"y\[1\] is 0"),
                             ("y", np.array([1.0, -1.0, 2.0, -1.0]), ValueError, r"y\[2\] is 2"),
                             ("y", ["a", "b", "a", "b"], (ValueError, TypeError), "y")]
PARAMETERS["functional_margin"] += [("y", 0, ValueError, "labels must be -1 or 1"), ("y", True, TypeError, "y")]
PARAMETERS["g"].append(("z", "1", TypeError, "z"))

TABLE = Table(F, R, VALID, parameters=PARAMETERS,
              lengths={n: "X has 4 rows but y has 3 entries" for n, kw in VALID.items()
                       if isinstance(kw.get("y"), np.ndarray) and "X" in kw},
              exempt={"non_numeric": {"y"}},  # a ValueError of the label set: parameters above
              messages={("non_finite", "y"): r"y\[3\] is .*labels must be -1 or 1"})  # refused as a label
install(TABLE, globals())
