"""The bad-input treatment of Part I, shared by the Parts II-III suites: given a module pair and a
table of valid keyword arguments per function, generate the cases (non-finite, empty,
non-numeric, ragged, mismatched lengths, parameters out of range, caller's arrays untouched,
every dtype and layout)."""
import numpy as np
import pytest


class Harness:
    def __init__(self, fast, reference, valid, parameters, labels=()):
        self.faces = {"fast": fast, "reference": reference}
        self.valid = valid
        self.parameters = parameters
        self.labels = dict(labels)  # (name, arg) -> values outside the label set

    def arrays(self, name):
        return [k for k, v in self.valid[name].items() if isinstance(v, np.ndarray)]

    def cases(self):
        return [(name, arg) for name in self.valid for arg in self.arrays(name)]

    def call(self, face, name, **override):
        kwargs = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in self.valid[name].items()}
        kwargs.update(override)
        if face == "reference":
            kwargs = {k: (v.tolist() if isinstance(v, np.ndarray) else v) for k, v in kwargs.items()}
        return getattr(self.faces[face], name)(**kwargs)


def layouts(a):
    yield "float64", a
    yield "int64", np.rint(a).astype(np.int64)
    yield "float32", a.astype(np.float32)
    yield "fortran", np.asfortranarray(a)
    wide = np.zeros(a.shape[:-1] + (2 * a.shape[-1],))
    wide[..., ::2] = a
    yield "strided", wide[..., ::2]
    ro = a.copy()
    ro.setflags(write=False)
    yield "read-only", ro


def same(a, b):
    if hasattr(a, "theta"):
        a, b = a.theta, b.theta
    return np.allclose(np.asarray(a, dtype=float), np.asarray(b, dtype=float), rtol=1e-6, atol=1e-9)


def install(h, namespace):
    """Define the test functions in ``namespace`` (a test module's globals)."""
    faces = list(h.faces)

    @pytest.mark.parametrize("face", faces)
    @pytest.mark.parametrize("name,arg", h.cases())
    @pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
    def test_non_finite_is_refused(face, name, arg, bad):
        value = h.valid[name][arg].astype(float)
        value.flat[-1] = bad
        with pytest.raises(ValueError, match=rf"{arg}\[.*finite"):
            h.call(face, name, **{arg: value})

    @pytest.mark.parametrize("face", faces)
    @pytest.mark.parametrize("name,arg", h.cases())
    def test_empty_is_refused(face, name, arg):
        value = h.valid[name][arg]
        with pytest.raises(ValueError, match=rf"{arg}.*(empty|length 0)"):
            h.call(face, name, **{arg: np.empty((0,) + value.shape[1:])})

    @pytest.mark.parametrize("face", faces)
    @pytest.mark.parametrize("name,arg", h.cases())
    def test_non_numeric_is_refused(face, name, arg):
        value = h.valid[name][arg].astype(object)
        value.flat[0] = "a"
        with pytest.raises(TypeError, match=arg):
            h.call(face, name, **{arg: value.tolist()})

    @pytest.mark.parametrize("face", faces)
    @pytest.mark.parametrize("name,arg", [(n, a) for n, a in h.cases() if h.valid[n][a].ndim == 2])
    def test_ragged_is_refused(face, name, arg):
        rows = h.valid[name][arg].tolist()
        rows[-1] = rows[-1][:-1]
        with pytest.raises(ValueError, match=arg):
            h.call(face, name, **{arg: rows})

    @pytest.mark.parametrize("face", faces)
    @pytest.mark.parametrize("name", [n for n in h.valid if "y" in h.valid[n] and "X" in h.valid[n]])
    def test_mismatched_lengths_are_refused(face, name):
        m = h.valid[name]["X"].shape[0]
        with pytest.raises(ValueError, match=f"X has {m} rows but y has {m - 1}"):
            h.call(face, name, y=h.valid[name]["y"][:-1])

    @pytest.mark.parametrize("face", faces)
    @pytest.mark.parametrize("name,arg,bad", [(n, a, b) for n, pairs in h.parameters.items() for a, b in pairs])
    def test_parameters_out_of_range_are_refused(face, name, arg, bad):
        with pytest.raises((ValueError, TypeError), match=arg):
            h.call(face, name, **{arg: bad})

    @pytest.mark.parametrize("name", list(h.valid))
    def test_callers_arrays_are_untouched(name):
        kwargs = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in h.valid[name].items()}
        before = {k: v.copy() for k, v in kwargs.items() if isinstance(v, np.ndarray)}
        getattr(h.faces["fast"], name)(**kwargs)
        for k, v in before.items():
            assert np.array_equal(kwargs[k], v), f"{name} modified {k}"

    @pytest.mark.parametrize("name,arg", h.cases())
    def test_every_dtype_and_layout_gives_the_same_answer(name, arg):
        for label, variant in layouts(h.valid[name][arg]):
            try:
                expected = h.call("fast", name, **{arg: np.ascontiguousarray(variant, dtype=np.float64)})
            except (ArithmeticError, ValueError):  # rounding to integers can make X singular
                continue
            got = getattr(h.faces["fast"], name)(**{**h.valid[name], arg: variant})
            assert same(got, expected), f"{name}({arg} as {label})"

    @pytest.mark.parametrize("face", faces)
    @pytest.mark.parametrize("name,arg", sorted(h.labels))
    def test_labels_outside_their_set_are_refused(face, name, arg):
        for bad in h.labels[name, arg]:
            value = h.valid[name][arg].astype(float)
            value.flat[0] = bad
            try:
                h.call(face, name, **{arg: value})
            except ValueError as e:
                assert arg in str(e)
            else:
                raise AssertionError(f"{name} accepted {arg}[0] = {bad}")

    for f in (test_non_finite_is_refused, test_empty_is_refused, test_non_numeric_is_refused,
              test_ragged_is_refused, test_mismatched_lengths_are_refused,
              test_parameters_out_of_range_are_refused, test_callers_arrays_are_untouched,
              test_every_dtype_and_layout_gives_the_same_answer, test_labels_outside_their_set_are_refused):
        namespace[f.__name__] = f
