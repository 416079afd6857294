"""The catalog's extensions of softmax regression, in both faces: X-2 (sample weights wᵢ >= 0,
ℓ_w(Θ) = Σᵢ wᵢ log p(y⁽ⁱ⁾ | x⁽ⁱ⁾; Θ): integer weights are repeated rows, a weight of 0 drops the
row, also from the separation tests and the zero start's classes), against the repeated rows and
at 50 digits; X-1's symmetric prior (all k rows penalised at their best shift) against the k-row
penalty in Fractions, at its MAP, and fast against reference. (Parity of the weighted faces: test_parity.py; bad weights: test_errors.py; against
scikit-learn: tests/estimators/test_weights.py.)"""
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cs229.fast.softmax as F
import cs229.reference.softmax as R
from cs229.reference import linalg, logistic_regression as lg, newton, results
from cs229.reference.results import LISTS, ConvergenceError
from cs229.testing import strategies as S

from tests.softmax.test_errors import SEPARATE
from tests.softmax.test_formulas import problems

FACES = pytest.mark.parametrize("face", ["reference", "fast"])


def _call(face, name, *args, **kwargs):
    """``name`` of the face on the same arrays (the reference reads them as it reads lists)."""
    return getattr(F if face == "fast" else R, name)(*args, **kwargs)


def rel(a, b):
    """max |a − b| relative to max(1, max |b|)."""
    b = np.asarray(b, dtype=float)
    return np.abs(np.asarray(a, dtype=float) - b).max() / max(1.0, np.abs(b).max())


@st.composite
def weighted_problems(draw):
    """(X, y, Θ, w): a softmax problem whose MLE exists (every class on its last k rows, which
    keep weight 1) and integer weights 0..3 drawn for the other rows."""
    X, y, Theta = draw(problems)
    k = len(Theta) + 1
    w = draw(st.lists(st.integers(0, 3), min_size=len(X) - k, max_size=len(X) - k)) + [1] * k
    return (np.array(S.to_float(X)), np.array(y), np.array(S.to_float(Theta)),
            np.array(w, dtype=float))


# ---- integer weights are repeated rows ------------------------------------------------------

@settings(max_examples=15)  # a reference Newton fit on up to 3m rows per draw
@given(weighted_problems())
def test_integer_weights_are_repeated_rows_X_2(data):
    """Weights in {0, 1, 2, 3}: ℓ_w, its gradient and Hessian at a drawn Θ, and Newton's fit from
    Θ = 0, are those of the data with each row repeated wᵢ times (a weight of 0 drops the row),
    both faces; where the repeated rows have no MLE the weighted fit raises the same error."""
    X, y, Theta, w = data
    rows = np.repeat(np.arange(len(X)), w.astype(int))
    for face in ("fast", "reference"):
        for function in ("log_likelihood", "gradient", "hessian"):
            assert rel(_call(face, function, X, y, Theta, sample_weight=w),
                       _call(face, function, X[rows], y[rows], Theta)) < 1e-12, (face, function)
        zero = np.zeros_like(Theta)
        try:
            repeated = _call(face, "newton", X[rows], y[rows], zero)
        except Exception as e:  # separable or singular: the weighted fit must say the same
            with pytest.raises(type(e)):
                _call(face, "newton", X, y, zero, sample_weight=w)
            continue
        weighted = _call(face, "newton", X, y, zero, sample_weight=w)
        assert rel(weighted.theta, repeated.theta) < 1e-9, face


@FACES
@pytest.mark.parametrize("average", [False, True])
def test_weighted_gradient_ascent_is_the_repeated_rows_X_2(face, average):
    """Gradient ascent with integer weights steps as the repeated rows do; ``average`` divides by
    Σ wᵢ, the number of rows repeated."""
    rng = np.random.default_rng(12)
    X = np.c_[np.ones(30), rng.standard_normal((30, 2))]
    y = rng.integers(1, 4, 30)
    w = rng.integers(0, 4, 30).astype(float)
    rows = np.repeat(np.arange(30), w.astype(int))
    start = np.zeros((2, 3))
    a = _call(face, "gradient_ascent", X, y, start, 0.01, max_iterations=60, tol=None, average=average,
              sample_weight=w).theta
    b = _call(face, "gradient_ascent", X[rows], y[rows], start, 0.01, max_iterations=60, tol=None,
              average=average).theta
    assert rel(a, b) < 1e-12


# ---- a row of weight 0 is not in the data ---------------------------------------------------

@FACES
def test_a_row_of_weight_zero_is_left_out_of_the_separation_tests_X_2(face):
    """SEPARATE's classes are separable; a seventh row that contradicts them (x₁ = 2.2, class 1)
    makes them inseparable (Newton converges), unless its weight is 0: then Newton and gradient
    ascent name the separation at the step they name it without the row, at the same iterate."""
    X0, y0 = np.array(SEPARATE[0]), np.array(SEPARATE[1])
    X, y = np.r_[X0, [[1.0, 2.2]]], np.r_[y0, [1]]
    w = np.r_[np.ones(6), 0.0]
    zero = np.zeros((2, 2))
    for name, args in (("newton", ()), ("gradient_ascent", (0.5,))):
        with pytest.raises(lg.SeparableDataError) as without:
            _call(face, name, X0, y0, zero, *args)
        with pytest.raises(lg.SeparableDataError) as weighted:
            _call(face, name, X, y, zero, *args, sample_weight=w)
        assert str(weighted.value) == str(without.value)
        assert rel(weighted.value.result.theta, without.value.result.theta) < 1e-12
    assert _call(face, "newton", X, y, zero, sample_weight=np.ones(7)).converged  # with its weight, the MLE exists


@FACES
def test_the_zero_start_needs_every_class_to_carry_weight_X_2(face):
    """Theta=None: k is the largest label, and a class of 1..k whose examples all have weight 0
    is absent from the data (its θ would run off): named, the largest class too. The rows of
    weight 0 of a class that carries weight elsewhere change nothing."""
    rng = np.random.default_rng(3)
    X = np.c_[np.ones(24), rng.standard_normal(24)]
    y = np.array([1, 2, 3] * 8)
    for c in (2, 3):
        with pytest.raises(ValueError) as e:
            _call(face, "newton", X, y, sample_weight=np.where(y == c, 0.0, 1.0))
        assert str(e.value) == (f"sample_weight: class {c} of 1..3 carries no weight (each of its examples has "
                                "weight 0); with Theta=None, k is the largest label and every class in 1..k "
                                "must carry weight")
    w = rng.uniform(0.5, 2.0, 24)
    w[:3] = 0.0
    weighted = _call(face, "newton", X, y, sample_weight=w)
    without = _call(face, "newton", X[3:], y[3:], sample_weight=w[3:])
    assert rel(weighted.theta, without.theta) < 1e-12


# ---- the weighted MLE at 50 digits ----------------------------------------------------------

@settings(max_examples=15)  # a Newton fit at 50 digits per draw
@given(weighted_problems(), st.sampled_from([0.5, 1.75]))
def test_weighted_newton_is_optimal_at_50_digits_X_2(data, scale):
    """Real weights (the integers drawn times ``scale``): the float Newton fit is the 50-digit
    one to 1e-8, whose weighted gradient Σᵢ wᵢ(1{y⁽ⁱ⁾ = l} − φ_l)x⁽ⁱ⁾ is 0 to 40 digits."""
    X, y, Theta, w = data
    w = w * scale
    zero = np.zeros_like(Theta)
    try:
        fit = F.newton(X, y, zero, sample_weight=w)
    except (lg.SeparableDataError, linalg.SingularMatrixError, ConvergenceError):  # the weights left no MLE
        return
    with mpmath.workdps(50):
        Xm, wm = S.to_mpf(X.tolist()), S.to_mpf(w.tolist())
        exact = R.newton(Xm, y.tolist(), S.to_mpf(zero.tolist()), tol=mpmath.mpf(10) ** -45,
                         sample_weight=wm).theta
        grad = R.gradient(Xm, y.tolist(), exact, sample_weight=wm)
        assert max(abs(g) for row in grad for g in row) < mpmath.mpf(10) ** -40
    assert rel(fit.theta, [[float(v) for v in row] for row in exact]) < 1e-8


# ---- the symmetric prior (all k rows penalised, at the shift that minimises it) -------------

def _k_row_penalty(Theta, lam, first):
    """The oracle: min over the shift c of (λ/2) Σ_{l≤k} ‖θ_l′ + c‖² (θ_k = 0), column by column
    from three values of the quadratic q(c) = Σ_l (θ_lj + c)² (exact in Fractions: q(c) =
    q(0) + bc + ac², at its minimum q(0) − b²/4a), and the minimising shift c of each column."""
    rows = [list(row) for row in Theta] + [[Fraction(0)] * len(Theta[0])]
    total, shifts = Fraction(0), []
    for j in range(first, len(Theta[0])):
        def q(c):
            return sum((row[j] + c) ** 2 for row in rows)
        a, b = (q(1) + q(-1) - 2 * q(0)) / 2, (q(1) - q(-1)) / 2
        total += q(0) - b * b / (4 * a)
        shifts.append(-b / (2 * a))
    return lam * total / 2, shifts


def _zero_callbacks(size):
    """A Newton pair (system, log_likelihood) on ``size`` parameters around ℓ = 0: A and ∇ℓ all 0."""
    return (lambda t: ([[Fraction(0)] * size for _ in range(size)], [Fraction(0)] * size),
            lambda t: (Fraction(0), Fraction(0)))


def _penalty_only(lam, first, width, k):
    """The reference's symmetric-prior Newton pair around ℓ = 0 (its A and ∇ℓ all 0)."""
    return newton.penalised(_zero_callbacks((k - 1) * width), lam, first, width, LISTS, k)


rationals = st.fractions(-3, 3, max_denominator=7)


@settings(max_examples=40)
@given(st.integers(3, 4), st.integers(1, 3), st.integers(0, 1), st.fractions(Fraction(1, 5), 4, max_denominator=5),
       st.data())
def test_the_symmetric_penalty_is_the_k_row_penalty_at_its_best_shift_X_1(k, width, first, lam, data):
    """Exact in Fractions, against the k-row oracle: the reference's penalty
    (λ/2)[Σ_l ‖θ_l′‖² − (1/k)‖Σ_l θ_l′‖²] is min_c (λ/2) Σ_{l≤k} ‖θ_l′ + c‖², its gradient and
    Hessian are the oracle's (central differences, exact for a quadratic), ``symmetric_gradient``
    and ``centred_rows`` are −λ times those rows, the minimising w_l = θ_l′ + c."""
    Theta = data.draw(st.lists(st.lists(rationals, min_size=width, max_size=width), min_size=k - 1, max_size=k - 1))
    system, log_likelihood = _penalty_only(lam, first, width, k)
    flat = [v for row in Theta for v in row]

    def oracle(t):
        return _k_row_penalty([t[l * width:(l + 1) * width] for l in range(k - 1)], lam, first)[0]

    def moved(*steps):
        t = list(flat)
        for i, s in steps:
            t[i] += s
        return t
    penalty, shifts = _k_row_penalty(Theta, lam, first)
    assert log_likelihood(flat)[0] == -penalty
    A, g = system(flat)
    size = len(flat)
    assert g == [-(oracle(moved((i, 1))) - oracle(moved((i, -1)))) / 2 for i in range(size)]
    assert A == [[(oracle(moved((i, 1), (j, 1))) - oracle(moved((i, 1), (j, -1)))
                   - oracle(moved((i, -1), (j, 1))) + oracle(moved((i, -1), (j, -1)))) / 4
                  for j in range(size)] for i in range(size)]
    centred = results.centred_rows(Theta, first, k)
    assert centred == [[Fraction(0)] * first + [t + c for t, c in zip(row[first:], shifts)] for row in Theta]
    zero = [[Fraction(0)] * width for _ in Theta]
    assert results.symmetric_gradient(zero, Theta, lam, first) == [[-lam * c for c in row] for row in centred]


@pytest.mark.parametrize("classes", [None, 3], ids=["notes", "symmetric"])
def test_the_referee_s_callbacks_carry_the_penalty_X_1(classes):
    """A penalised Newton fit refers its borderline verdicts (a pivot of A, a step's change of ℓ)
    to callbacks made again at 50 digits by ``newton.penalised_callbacks((make, args), λ, first,
    width, classes)``: make(*args)'s pair with the penalty in it, the notes' (λ/2) Σ_l ‖θ_l′‖²
    (classes None) or the symmetric prior of k = 3 classes; here around ℓ = 0, against the k-row
    oracle, exactly: ℓ is minus the penalty and ∇ℓ = −λ times the penalised rows (θ_l′, or the
    minimising w_l = θ_l′ + c)."""
    Theta = [[Fraction(1), Fraction(2), Fraction(-1)], [Fraction(1, 2), Fraction(1), Fraction(3)]]
    lam, first, width = Fraction(3, 2), 1, 3
    flat = [v for row in Theta for v in row]
    system, log_likelihood = newton.penalised_callbacks((_zero_callbacks, (len(flat),)), lam, first, width,
                                                        classes=classes)
    if classes is None:
        penalty, rows = lam * sum(t * t for row in Theta for t in row[first:]) / 2, Theta
    else:
        penalty, shifts = _k_row_penalty(Theta, lam, first)
        rows = [row[:first] + [t + c for t, c in zip(row[first:], shifts)] for row in Theta]
    assert log_likelihood(flat)[0] == -penalty
    assert system(flat)[1] == [-lam * t if j >= first else 0 for row in rows for j, t in enumerate(row)]


@FACES
@pytest.mark.parametrize("penalize_intercept", [False, True])
def test_the_symmetric_map_meets_its_gradient_and_scikit_learns_rows_X_1(face, penalize_intercept):
    """Newton with prior="symmetric" stops where ∇_{θ_l}ℓ = λ(θ_l′ − (1/k) Σ_m θ_m′), which is not
    the notes' prior's answer; gradient ascent reaches the same Θ."""
    rng = np.random.default_rng(5)
    X = np.c_[np.ones(40), rng.standard_normal((40, 2))]
    y = np.r_[rng.integers(1, 5, 36), [1, 2, 3, 4]]
    first = 0 if penalize_intercept else 1
    lam = 2.0
    fit = _call(face, "newton", X, y, lam=lam, penalize_intercept=penalize_intercept, prior="symmetric")
    Theta = np.asarray(fit.theta, dtype=float)
    centred = Theta - Theta.sum(axis=0) / 4
    centred[:, :first] = 0.0
    assert rel(F.gradient(X, y, Theta), lam * centred) < 1e-10
    notes = _call(face, "newton", X, y, lam=lam, penalize_intercept=penalize_intercept)
    assert rel(notes.theta, Theta) > 1e-3
    ascent = _call(face, "gradient_ascent", X, y, np.zeros((3, 3)), 0.5, max_iterations=20_000, tol=1e-13,
                   average=True, lam=lam, penalize_intercept=penalize_intercept, prior="symmetric")
    assert rel(ascent.theta, Theta) < 1e-9


@settings(max_examples=15)
@given(problems, st.sampled_from([0.25, 3.0]), st.booleans())
def test_symmetric_newton_fast_is_the_reference_X_1(p, lam, penalize_intercept):
    """prior="symmetric": both faces' Newton fits take the same steps to the same Θ (to rounding)."""
    X, y, _ = p
    Xf = S.to_float(X)
    ref = R.newton(Xf, y, lam=lam, penalize_intercept=penalize_intercept, prior="symmetric")
    fast = F.newton(np.array(Xf), y, lam=lam, penalize_intercept=penalize_intercept, prior="symmetric")
    assert fast.iterations == ref.iterations and rel(fast.theta, ref.theta) < 1e-9


@settings(max_examples=15)
@given(problems, st.sampled_from([1e-3, 5e-2]), st.sampled_from([0.5, 4.0]), st.booleans(), st.booleans())
def test_symmetric_gradient_ascent_fast_is_the_reference_bit_for_bit_X_1(p, alpha, lam, average, penalize_intercept):
    """prior="symmetric": θ_l := θ_l + α(∇_{θ_l}ℓ − λ(θ_l′ − (1/k) Σ_m θ_m′)), the same iterates bit for
    bit in both faces (the column sums in row order)."""
    X, y, Theta = S.to_float(p)
    ref = R.gradient_ascent(X, y, Theta, alpha, 8, tol=None, average=average, record=True, lam=lam,
                            penalize_intercept=penalize_intercept, prior="symmetric")
    fast = F.gradient_ascent(np.array(X), y, np.array(Theta), alpha, 8, tol=None, average=average, record=True,
                             lam=lam, penalize_intercept=penalize_intercept, prior="symmetric")
    assert np.array_equal(fast.path, np.array(ref.path))
