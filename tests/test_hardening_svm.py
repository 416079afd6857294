"""Part V at the edges (issue 12): every reproducer for the SVM, SMO, kernels, margins and
coordinate ascent, on both faces. Fits and kernels edited by hand are checked before compiled
code reads them (each such call runs in a forked child, so that a segfault fails the test
instead of killing the worker); the Gaussian kernel far from the origin; kernel values that
overflow are named; a subclass of a named kernel is computed by its own ``__call__``; caps
beyond 64 bits; one home for what the modules share."""
import ast
import dataclasses
import math
import multiprocessing
import pathlib
import re

import mpmath
import numpy as np
import pytest

import cs229.fast.coordinate_ascent as FC
import cs229.fast.kernels as FK
import cs229.fast.margins as FM
import cs229.fast.smo as FS
import cs229.fast.svm as FV
import cs229.reference.coordinate_ascent as RC
import cs229.reference.duality as RD
import cs229.reference.kernels as RK
import cs229.reference.margins as RM
import cs229.reference.results as results
import cs229.reference.smo as RS
import cs229.reference.svm as RV
from cs229.reference.kernels import Gaussian, Linear, Polynomial, StringKernel

FACES = ("fast", "reference")
MODULES = {"fast": {"svm": FV, "smo": FS, "kernels": FK, "margins": FM, "coordinate_ascent": FC},
           "reference": {"svm": RV, "smo": RS, "kernels": RK, "margins": RM, "coordinate_ascent": RC}}
ROOT = pathlib.Path(__file__).resolve().parent.parent

X = np.array([[0.0, 1.0], [1.0, 0.5], [2.0, 2.5], [3.0, 1.0], [0.5, 3.0]])
Y = np.array([-1.0, -1.0, 1.0, 1.0, 1.0])
Z = np.array([[0.0, 0.0], [1.0, 2.0]])


def arg(face, a):
    return np.asarray(a, dtype=float) if face == "fast" else np.asarray(a, dtype=float).tolist()


def call(face, module, name, *args, **kwargs):
    return getattr(MODULES[face][module], name)(*args, **kwargs)


def in_child(fn):
    """Run fn in a forked child: ('returned', value) or ('raised', type, message); a child that
    dies (a segfault) or hangs fails the test."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)

    def run():
        try:
            out = ("returned", fn())
        except Exception as e:  # noqa: BLE001 (the outcome is the point)
            out = ("raised", type(e), str(e))
        try:
            send.send(out)
        except Exception:  # noqa: BLE001 (an unpicklable result)
            send.send(("returned", repr(out[1])))

    child = context.Process(target=run)
    child.start()
    send.close()
    child.join(120)
    if child.is_alive():
        child.kill()
        pytest.fail("the call hung (killed after 120 s)")
    assert child.exitcode == 0, f"the call killed the process (exit code {child.exitcode}; -11 is a segfault)"
    return receive.recv()


# ---- C1: a hand-built or edited SVMFit is checked field by field ---------------------------

def _fit(face):
    return call(face, "smo", "smo", arg(face, X), arg(face, Y), C=1.0, kernel=Gaussian(1.0))


def _edited(kernel_field, value):
    kernel = Polynomial(1, 2)
    object.__setattr__(kernel, kernel_field, value)   # a frozen dataclass can still be edited
    return kernel


EDITS = [  # (id, field -> f(fit) -> new value, error, message)
    ("one row", dict(support_vectors=lambda f: f.support_vectors[0]), ValueError,
     r"model\.support_vectors must be 2-dimensional"),
    ("None vectors", dict(support_vectors=lambda f: None), TypeError, r"model\.support_vectors must be a sequence"),
    ("scalar vectors", dict(support_vectors=lambda f: 3.0), TypeError, r"model\.support_vectors must be a sequence"),
    ("NaN vector", dict(support_vectors=lambda f: [[math.nan, 1.0]] + [list(r) for r in f.support_vectors[1:]]),
     ValueError, r"model\.support_vectors\[0\]\[0\] is nan"),
    ("extra column", dict(support_vectors=lambda f: [list(r) + [1.0] for r in f.support_vectors]), ValueError,
     r"Z has 2 columns but model\.support_vectors has 3"),
    ("one alpha", dict(support_alpha=lambda f: [1.0]), ValueError,
     r"model\.support_alpha has 1 entries but model\.support_vectors has \d rows"),
    ("None alpha", dict(support_alpha=lambda f: None), TypeError, r"model\.support_alpha must be a sequence"),
    ("NaN alpha", dict(support_alpha=lambda f: [math.nan] * len(f.support_alpha)), ValueError,
     r"model\.support_alpha\[0\] is nan"),
    ("one label", dict(support_labels=lambda f: [1.0]), ValueError,
     r"model\.support_labels has 1 entries but model\.support_vectors has \d rows"),
    ("label 0", dict(support_labels=lambda f: [0.0] * len(f.support_labels)), ValueError,
     r"model\.support_labels\[0\] is 0.*labels must be -1 or 1"),
    ("None labels", dict(support_labels=lambda f: None), TypeError, r"model\.support_labels must be a sequence"),
    ("NaN b", dict(b=lambda f: math.nan), ValueError, r"model\.b.* is nan"),
    ("None b", dict(b=lambda f: None), TypeError, r"model\.b.* is None"),
    ("None kernel", dict(kernel=lambda f: None), TypeError, r"model\.kernel must be a callable"),
    ("edited d", dict(kernel=lambda f: _edited("d", 2.5)), TypeError, r"d must be an integer"),
    ("edited c", dict(kernel=lambda f: _edited("c", math.nan)), ValueError, r"c.* is nan"),
    ("alpha without vectors", dict(support_vectors=lambda f: []), ValueError,
     r"model\.support_alpha has entries but model\.support_vectors has none"),
]


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("function", ["decision_function", "predict"])
@pytest.mark.parametrize("name,fields,error,message", EDITS, ids=[e[0] for e in EDITS])
def test_an_edited_fit_is_refused_naming_the_field_C1(face, function, name, fields, error, message):
    fit = _fit(face)
    edited = dataclasses.replace(fit, **{k: f(fit) for k, f in fields.items()})
    outcome = in_child(lambda: call(face, "svm", function, edited, arg(face, Z)))
    assert outcome[0] == "raised", outcome
    assert issubclass(outcome[1], error) and re.search(message, outcome[2]), outcome


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("classes,error", [(None, TypeError), ((1,), ValueError), ((1, 1), ValueError)])
def test_predict_refuses_classes_that_are_not_a_pair_C1(face, classes, error):
    edited = dataclasses.replace(_fit(face), classes=classes)
    outcome = in_child(lambda: call(face, "svm", "predict", edited, arg(face, Z)))
    assert outcome[:2] == ("raised", error) and "model.classes" in outcome[2], outcome


@pytest.mark.parametrize("face", FACES)
def test_a_fit_without_support_vectors_predicts_b_C1(face):
    fit = dataclasses.replace(_fit(face), support=[], support_vectors=[], support_alpha=[],
                              support_labels=[], b=0.25)
    outcome = in_child(lambda: list(call(face, "svm", "decision_function", fit, arg(face, Z))))
    assert outcome == ("returned", [0.25, 0.25])


@pytest.mark.parametrize("face", FACES)
def test_an_edited_kernel_is_checked_before_compiled_code_reads_it_C1(face):
    for kernel, error in ((_edited("d", 2 ** 70), ValueError), (_edited("d", 0), ValueError),
                          (_edited("c", -1.0), ValueError), (_edited("d", "2"), TypeError)):
        outcome = in_child(lambda: call(face, "kernels", "kernel_matrix", arg(face, X * 1e3), kernel))
        assert outcome[0] == "raised" and issubclass(outcome[1], error), (kernel, outcome)
        outcome = in_child(lambda: call(face, "smo", "smo", arg(face, X), arg(face, Y), kernel=kernel))
        assert outcome[0] == "raised" and issubclass(outcome[1], error), (kernel, outcome)


# ---- W1: the Gaussian kernel far from the origin -------------------------------------------

@pytest.mark.parametrize("face", FACES)
def test_gaussian_kernel_far_from_the_origin_W1(face):
    K = call(face, "kernels", "kernel_matrix", arg(face, [[1e8, 0.0], [1e8 + 1, 0.0]]), Gaussian(1.0))
    assert K[0][1] == pytest.approx(math.exp(-0.5), rel=1e-15)
    assert np.asarray(call(face, "kernels", "kernel_matrix", arg(face, [[1e200]]), Gaussian(1.0))).tolist() == [[1.0]]
    K = call(face, "kernels", "kernel_matrix", arg(face, [[1e200], [-1e200]]), Gaussian(1.0), arg(face, [[1e200]]))
    assert np.asarray(K).tolist() == [[1.0], [0.0]]


def _far_points(m, seed=0):
    return np.random.default_rng(seed).standard_normal((m, 2)) + 1e6


def _by_differences(A, B):
    d2 = ((A[:, None, :] - B[None, :, :]) ** 2).sum(axis=-1)
    return np.exp(-d2 / 2)


def test_gram_matrix_of_501_points_offset_by_a_million_W1():
    """At 501 points the kernel matrix comes from BLAS (500 and below: the reference's order)."""
    A, B = _far_points(501), _far_points(40, seed=1)
    assert np.allclose(FK.kernel_matrix(A, Gaussian(1.0)), _by_differences(A, A), rtol=1e-13, atol=0)
    assert np.allclose(FK.kernel_matrix(A, Gaussian(1.0), B), _by_differences(A, B), rtol=1e-13, atol=0)
    fit = FS.smo(A[:60], np.where(A[:60, 0] > 1e6, 1.0, -1.0), C=1.0, kernel=Gaussian(1.0))
    S = fit.support_vectors
    expected = _by_differences(A, S) @ (fit.support_alpha * fit.support_labels) + fit.b
    assert np.allclose(FV.decision_function(fit, A), expected, rtol=1e-12, atol=1e-12)


def test_smo_kernel_rows_from_blas_far_from_the_origin_W1(monkeypatch):
    """With every row from BLAS (EXACT_MAX = 0) SMO reaches the exact rows' answer: its α meets
    the KKT conditions within tol when the gap is measured with the exact kernel values."""
    A = np.random.default_rng(3).standard_normal((80, 3)) + 1e6
    y = np.where(A[:, 0] > 1e6, 1.0, -1.0)
    exact = FS.smo(A, y, C=1.0, kernel=Gaussian(1.0), tol=1e-6)
    monkeypatch.setattr(FS, "EXACT_MAX", 0)
    blas = FS.smo(A, y, C=1.0, kernel=Gaussian(1.0), tol=1e-6)
    monkeypatch.undo()
    assert FS.kkt_gap(A, y, blas.alpha, 1.0, Gaussian(1.0)) <= 2e-6
    assert abs(blas.objective - exact.objective) <= 1e-9 * abs(exact.objective)


# ---- W2: kernel values and parameters out of range -----------------------------------------

OVERFLOW = r"kernel\(X\[0\], X\[0\]\) is inf: \(xᵀz \+ c\)\^d with c = 0, d = 2 overflows the float range"


@pytest.mark.parametrize("face", FACES)
def test_polynomial_overflow_is_named_not_inseparable_W2(face):
    with pytest.raises(results.FloatRangeError, match=OVERFLOW):
        call(face, "kernels", "kernel_matrix", arg(face, [[1e200]]), Polynomial(0, 2))
    with pytest.raises(ValueError, match=OVERFLOW):
        call(face, "kernels", "kernel_perceptron", arg(face, [[1e200], [1.0]]), [1, -1], Polynomial(0, 2))
    with pytest.raises(ValueError, match=OVERFLOW):
        call(face, "smo", "smo", arg(face, [[1e200], [1.0]]), [1, -1], kernel=Polynomial(0, 2))
    # xᵀz finite, its power not (Python's float ** raises where C's pow gives inf)
    with pytest.raises(ValueError, match=OVERFLOW.replace("d = 2", "d = 4")):
        call(face, "kernels", "kernel_matrix", arg(face, [[1e100, 1e100]]), Polynomial(0, 4))
    # an exact c beyond the float range
    with pytest.raises(ValueError, match=r"c (= |is )1000.* (overflows|outside the float64 range)"):
        call(face, "kernels", "kernel_matrix", arg(face, [[1.0]]), Polynomial(10 ** 400, 1))


@pytest.mark.parametrize("sigma", [1e-200, 1e200])
def test_a_sigma_whose_two_sigma_squared_leaves_the_floats_is_refused_W2(sigma):
    with pytest.raises(ValueError, match=r"sigma = .*2σ²"):
        Gaussian(sigma)


def test_an_mpf_sigma_below_float64_is_refused_by_the_fast_face_only_W2():
    kernel = Gaussian(mpmath.mpf("1e-200"))
    assert 0 < RK.kernel_matrix([[0.0], [1.0]], kernel)[0][1] < mpmath.mpf("1e-1000")
    with pytest.raises(ValueError, match=r"kernel\.sigma = .*underflows"):
        FK.kernel_matrix(np.array([[0.0], [1.0]]), kernel)


@pytest.mark.parametrize("face", FACES)
def test_an_overflowing_inner_product_names_the_argument_W2(face):
    """Not "K[0][0] is inf" (an internal array): the caller's X, and the cause."""
    cause = r"is inf: the inner product xᵀz overflows the float range"
    with pytest.raises(results.FloatRangeError, match=r"kernel\(X\[0\], X\[0\]\) " + cause):
        call(face, "kernels", "checked_kernel_matrix", arg(face, X * 1e155), Linear())
    with pytest.raises(ValueError, match=r"kernel\(X\[\d\], X\[\d\]\) " + cause):
        call(face, "smo", "smo", arg(face, X * 1e155), arg(face, Y))
    with pytest.raises(ValueError, match=r"kernel\(X\[\d\], Z\[1\]\) " + cause):
        call(face, "svm", "decision_values", arg(face, X * 1e155), arg(face, Y), arg(face, [1.0] * 5), 0.0,
             arg(face, Z * 1e155))


@pytest.mark.parametrize("face", FACES)
def test_a_nan_kernel_value_names_the_support_vector_W2(face):
    def broken(x, z):
        return math.nan if z[0] == 1.0 else float(np.dot(x, z))
    fit = dataclasses.replace(_fit(face), kernel=broken)
    k = len(fit.support_alpha) - 1
    with pytest.raises(ValueError, match=r"kernel\(model\.support_vectors\[0\], Z\[1\]\) is nan"):
        call(face, "svm", "decision_function", fit, arg(face, Z))
    assert k >= 0


# ---- W3: a subclass of a named kernel is computed by its own __call__ -----------------------

class Doubled(Gaussian):
    def __call__(self, x, z):
        return 2 * super().__call__(x, z)


class Shifted(Linear):
    def __call__(self, x, z):
        return super().__call__(x, z) + 1


class Cubed(Polynomial):
    def __call__(self, x, z):
        return super().__call__(x, z) ** 3


class Plus(StringKernel):
    def __call__(self, s, t):
        return super().__call__(s, t) + 1


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("kernel,parent", [(Doubled(1.0), Gaussian(1.0)), (Shifted(), Linear()),
                                           (Cubed(1, 2), Polynomial(1, 2))], ids=["Gaussian", "Linear", "Polynomial"])
def test_a_subclass_is_computed_by_its_own_call_W3(face, kernel, parent):
    expected = np.array([[kernel(x, z) for z in X.tolist()] for x in X.tolist()])
    got = np.asarray(call(face, "kernels", "kernel_matrix", arg(face, X), kernel), dtype=float)
    assert np.allclose(got, expected, rtol=1e-13, atol=0)
    assert not np.allclose(got, np.asarray(call(face, "kernels", "kernel_matrix", arg(face, X), parent)))
    fit = call(face, "smo", "smo", arg(face, X), arg(face, Y), C=1.0, kernel=kernel)
    values = call(face, "svm", "decision_function", fit, arg(face, Z))
    by_hand = [sum(a * t * kernel(list(s), z) for a, t, s in zip(fit.support_alpha, fit.support_labels,
                                                                  fit.support_vectors)) + fit.b
               for z in Z.tolist()]
    assert np.allclose(values, by_hand, rtol=1e-12, atol=1e-12)


def test_subclass_answers_agree_between_the_faces_W3():
    for kernel in (Doubled(0.7), Shifted(), Cubed(0, 1)):
        ref = RS.smo(X.tolist(), Y.tolist(), C=1.0, kernel=kernel, record=True)
        fast = FS.smo(X, Y, C=1.0, kernel=kernel, record=True)
        assert fast.path == ref.path and np.allclose(fast.alpha, np.array(ref.alpha, dtype=float), rtol=1e-12)
    words = ["abab", "abba", "baab", "bbbb", "aaaa", "abaa"]
    assert np.array_equal(FK.kernel_matrix(words, Plus(2)), np.array(RK.kernel_matrix(words, Plus(2)), dtype=float))


# ---- errors a user can act on --------------------------------------------------------------

@pytest.mark.parametrize("face", FACES)
def test_caps_beyond_the_compiled_counters_are_a_value_error_naming_them(face):
    for cap in (2 ** 31, 2 ** 63, 2 ** 70):
        with pytest.raises(ValueError, match=r"max_iterations must be <= 2147483647"):
            call(face, "smo", "smo", arg(face, X), arg(face, Y), max_iterations=cap)
        with pytest.raises(ValueError, match=r"max_iterations must be <= 2147483647"):
            call(face, "coordinate_ascent", "coordinate_ascent", arg(face, [[2.0]]), arg(face, [1.0]),
                 arg(face, [0.0]), max_iterations=cap)
        with pytest.raises(ValueError, match=r"max_epochs must be <= 2147483647"):
            call(face, "kernels", "kernel_perceptron", arg(face, X), arg(face, Y), Linear(), max_epochs=cap)


def test_a_recorded_path_grows_instead_of_being_sized_by_the_cap():
    """max_iterations = 2**31 − 1 with record=True ran out of memory (the path was sized up front);
    the path now grows, here through 4,307 steps, and is the reference's."""
    rng = np.random.default_rng(1)
    A = rng.standard_normal((60, 2))
    y = np.where(A[:, 0] + 0.8 * rng.standard_normal(60) > 0, 1.0, -1.0)
    kwargs = dict(C=10.0, kernel=Gaussian(0.5), rule="simplified", tol=1e-9, record=True,
                  max_iterations=2 ** 31 - 1)
    fast = FS.smo(A, y, **kwargs)
    ref = RS.smo(A.tolist(), y.tolist(), **kwargs)
    assert fast.iterations > 2048 and fast.path == ref.path
    coordinate = FC.coordinate_ascent(np.array([[2.0, 1.0], [1.0, 2.0]]), np.ones(2), np.zeros(2),
                                      max_iterations=2 ** 31 - 1)
    assert coordinate.converged


@pytest.mark.parametrize("face", FACES)
def test_smo_needs_a_tolerance_and_says_so(face):
    with pytest.raises(TypeError, match="tol is None"):
        call(face, "smo", "smo", arg(face, X), arg(face, Y), tol=None)
    with pytest.raises(ValueError, match=r"tol must be >= 0, got -1"):
        call(face, "smo", "smo", arg(face, X), arg(face, Y), tol=-1.0)
    result = call(face, "coordinate_ascent", "coordinate_ascent", arg(face, [[2.0]]), arg(face, [1.0]),
                  arg(face, [0.0]), tol=None, max_iterations=3)
    assert result.converged is None and result.iterations == 3


@pytest.mark.parametrize("face", FACES)
def test_an_asymmetric_custom_kernel_is_refused_by_smo(face):
    def lopsided(x, z):
        return float(x[0] - 2 * z[0])
    with pytest.raises(RK.InvalidKernelError, match=r"not symmetric on X: kernel\(X\[1\], X\[0\]\)") as e:
        call(face, "smo", "smo", arg(face, X), arg(face, Y), kernel=lopsided)
    assert e.value.pair == (1, 0)


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


# ---- the SVM's closed forms: values that overflow -----------------------------------------

BIG = 1e200
OVERFLOWS = [  # (module, function, arguments as lists, the quantity named)
    ("svm", "lagrangian", (X, Y, [BIG, 1.0], 0.0, 0.25 * np.ones(5)), r"L\(w, b, α\) is inf"),
    ("svm", "weights_from_alpha", (X * BIG, Y, 0.25 * BIG * np.ones(5)), r"w\[0\] is nan"),
    ("svm", "slacks", (X * BIG, Y, [BIG, 1.0], 0.0), r"y\(wᵀx \+ b\) of X\[1\] is -inf"),
    ("svm", "hinge_objective", (X, Y, [BIG, 1.0], 0.0, 1.0), r"½‖w‖² \+ CΣξ is inf"),
    ("svm", "soft_margin_lagrangian", (X, Y, [BIG, 1.0], 0.0, 0.25 * np.ones(5), 0.25 * np.ones(5),
                                       0.25 * np.ones(5), 1.0), r"L\(w, b, ξ, α, r\) is inf"),
    ("svm", "dual_objective", (X, Y, 0.25 * BIG * np.ones(5)), r"W\(α\) is (inf|nan)"),
    ("svm", "threshold_hard", (X * 1e100, Y, 0.25 * BIG * np.ones(5)), r"wᵀφ\(X\[0\]\) is nan"),
    ("svm", "threshold_soft", (X * 1e100, Y, 0.25 * BIG * np.ones(5), None), r"wᵀφ\(X\[0\]\) is nan"),
    ("svm", "decision_values", (X * 1e100, Y, 0.25 * BIG * np.ones(5), 0.0, X * 1e100),
     r"the decision value of Z\[0\] is nan"),
    ("svm", "kkt_violations", (X * 1e100, Y, 0.25 * BIG * np.ones(5), 0.0, None), r"wᵀφ\(X\[0\]\) is nan"),
    ("svm", "kkt_violations", (X * 1e153, Y, np.array([0.0, 0.0, 0.0, 0.0, 1.0]), 1.79e308, None),
     r"y\(wᵀφ\(x\) \+ b\) of X\[0\] is -inf"),
    ("smo", "kkt_gap", (X * 1e100, Y, 0.25 * BIG * np.ones(5), None), r"wᵀφ\(X\[0\]\) is nan"),
    ("smo", "two_variable_step", (X * 1e100, Y, 0.25 * BIG * np.ones(5), 0, 2, None), r"wᵀφ\(X\[0\]\) is nan"),
]


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("module,name,args,message", OVERFLOWS, ids=[f"{m}.{n}" for m, n, _, _ in OVERFLOWS])
def test_closed_forms_that_overflow_are_errors_naming_the_quantity(face, module, name, args, message):
    """They returned inf or NaN (and the faces disagreed: NaN against inf, 0.0 against NaN)."""
    args = [arg(face, a) if isinstance(a, (list, np.ndarray)) else a for a in args]
    with pytest.raises(results.FloatRangeError, match=message + ": it overflows the float range"):
        call(face, module, name, *args)


# ---- kernels: feature maps and weights that overflow ----------------------------------------

FEATURES = [  # (function, arguments, error, message)
    ("power_features", (1e200, 3), results.FloatRangeError, r"φ\(x\)\[1\] is inf"),
    ("quadratic_features", ([1e200, 1.0],), results.FloatRangeError, r"φ\(x\)\[0\] is inf"),
    ("quadratic_features_c", ([1.0, 1.0], 1e308), results.FloatRangeError, r"φ\(x\)\[4\] is inf"),
    ("monomial_features", ([1e200, 1.0], 1.0, 2), results.FloatRangeError, r"φ\(x\)\[3\] is inf"),
    ("gaussian_features", (1e200, 1.0, 3), results.FloatRangeError, r"φ\(x\)\[2\] is nan"),  # 0 × inf
    ("gaussian_features", (1.0, 1e-200, 3), ValueError, r"sigma = 1e-200: 2σ² = 0.0 underflows"),
    ("gaussian_features", (1.0, 1.0, 200), ValueError, r"terms = 200: 171! is beyond the float range"),
    ("monomial_weight", ((0, 0), 1e200, 2), results.FloatRangeError,    # was a raw OverflowError
     r"the weight of \(0, 0\) is inf"),
    ("perceptron_decision", ([[1.0], [2.0]], [1, -1], [1e308, 1e308], 1e308, [[1.0]], Linear()),
     results.FloatRangeError, r"the decision value of Z\[0\] is -inf"),
]


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("name,args,error,message", FEATURES,
                         ids=[f"{n}-{i}" for i, (n, _, _, _) in enumerate(FEATURES)])
def test_feature_maps_that_overflow_are_errors(face, name, args, error, message):
    args = [arg(face, a) if isinstance(a, list) and name != "monomial_weight" else a for a in args]
    with pytest.raises(ValueError, match=message) as e:
        call(face, "kernels", name, *args)
    assert type(e.value) is error


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


@pytest.mark.parametrize("face", FACES)
def test_numpy_integer_indices_are_indices_in_both_faces(face):
    new = call(face, "smo", "two_variable_step", arg(face, X), arg(face, Y), arg(face, [0.0] * 5), np.int64(0),
               np.int64(2))
    assert len(new) == 5


# ---- one home for what the modules share ---------------------------------------------------

OWN = {"reference": ["svm", "smo", "kernels", "duality", "coordinate_ascent", "margins"],
       "fast": ["svm", "smo", "kernels", "coordinate_ascent", "margins", "_svm_kernels"]}
IMPORT = re.compile(r"^from\s+(\S+)\s+import\s+(\([^)]*\)|[^\n]*)", re.M)


def _imported_names(face, module):
    path = ROOT / face / (f"{module}.py" if face == "reference" else f"{module}.pyx")
    for source, names in IMPORT.findall(path.read_text()):
        if "cimport" in names:
            continue
        for name in re.split(r"[\s,()]+", re.sub(r"\bas\s+\w+", "", names)):
            if name and name != "as":
                yield source, name


@pytest.mark.parametrize("face,module", [(f, m) for f in OWN for m in OWN[f]])
def test_no_module_imports_another_modules_private_names(face, module):
    private = [(source, name) for source, name in _imported_names(face, module) if name.startswith("_")]
    assert not private, private


@pytest.mark.parametrize("module", ["svm", "smo", "margins", "coordinate_ascent", "duality"])
def test_reference_sums_are_explicit_loops(module):
    """CONTRIBUTING: no built-in sum (compensated on floats from Python 3.12)."""
    tree = ast.parse((ROOT / "reference" / f"{module}.py").read_text())
    calls = [node.lineno for node in ast.walk(tree)
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "sum"]
    assert not calls, f"reference/{module}.py calls sum() at lines {calls}"


def test_one_gram_matrix_and_one_infeasibility_error():
    for face in FACES:
        assert not hasattr(MODULES[face]["svm"], "gram_matrix")   # kernels.kernel_matrix is the one
        assert MODULES[face]["svm"].NotSeparableError is results.NotSeparableError
        assert MODULES[face]["smo"].NotSeparableError is results.NotSeparableError
    assert RD.NotSeparableError is results.NotSeparableError
    with pytest.raises(results.NotSeparableError):
        RD.solve_optimal_margin([[0.0], [1.0], [2.0]], [1, -1, 1])


@pytest.mark.parametrize("face", FACES)
def test_smo_takes_strings_with_the_string_kernel_as_the_perceptron_does(face):
    words = ["spam spam", "free spam", "hello there", "hi there", "free free spam", "see you there"]
    labels = [1, 1, -1, -1, 1, -1]
    kernel = StringKernel(3)
    fit = call(face, "smo", "smo", words, labels, C=1.0, kernel=kernel)
    assert list(call(face, "svm", "predict", fit, ["spam free", "there you are"])) == [1, -1]
    K = np.asarray(RK.kernel_matrix(words, kernel), dtype=float)
    by_hand = K @ (np.asarray(fit.alpha, dtype=float) * labels) + float(fit.b)
    assert np.allclose(call(face, "svm", "decision_values", words, labels, fit.alpha, fit.b, words, kernel),
                       by_hand, rtol=1e-12, atol=1e-12)
    assert call(face, "smo", "kkt_gap", words, labels, fit.alpha, 1.0, kernel) <= 1e-3


def test_smo_on_strings_agrees_between_the_faces():
    words = ["spam spam", "free spam", "hello there", "hi there", "free free spam", "see you there"]
    labels = [1, 1, -1, -1, 1, -1]
    ref = RS.smo(words, labels, C=1.0, kernel=StringKernel(3), tol=1e-9)
    fast = FS.smo(words, labels, C=1.0, kernel=StringKernel(3), tol=1e-9)
    assert fast.support_vectors == ref.support_vectors
    assert np.allclose(fast.alpha, np.array(ref.alpha, dtype=float), rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("face", FACES)
def test_kkt_violations_does_not_check_the_equality_constraint(face):
    """As its docstring says: Σ αᵢy⁽ⁱ⁾ = 0 is not one of the per-example conditions."""
    alpha = arg(face, [1.0, 0.0, 0.0, 0.0, 0.0])    # Σ αᵢy⁽ⁱ⁾ = −1
    v = call(face, "svm", "kkt_violations", arg(face, X), arg(face, Y), alpha, 0.0, 1.0)
    assert len(v) == 5
