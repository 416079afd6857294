"""Part V §9.2, SMO (SMO-1 … SMO-4): the notes' formulas and the facts they state, against exact
(Fraction) and 50-digit oracles and invariants, on the reference and, where a test takes ``impl``,
on both faces."""
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import cs229.fast.smo as F
import cs229.reference.smo as R
from cs229.reference import svm
from cs229.reference.kernels import Gaussian, Linear, Polynomial, kernel_matrix
from cs229.reference.results import ConvergenceError
from cs229.testing import strategies as S


KERNELS = [Linear(), Polynomial(1, 2), Gaussian.from_gamma(0.5)]


def _float(p):
    X, y = p
    return [[float(v) for v in row] for row in X], list(y)


# ---- SMO-2: the two-variable step ----------------------------------------------------------------

@given(S.svm_labelled_sets(min_rows=4, max_rows=7), st.sampled_from([None, Fraction(1), Fraction(1, 3)]),
       st.data())
def test_step_maximises_W_on_the_segment_SMO_2(p, C, data):
    """The step's (αᵢ, αⱼ) is feasible and no point of the segment (20) ∩ box beats it (exact)."""
    X, y = p
    m = len(X)
    alpha = data.draw(S.feasible_alphas(y, C))
    i = data.draw(st.integers(0, m - 1))
    j = data.draw(st.integers(0, m - 1).filter(lambda k: k != i))
    try:
        new = R.two_variable_step(X, y, alpha, i, j, C)
    except R.NotSeparableError:
        assert C is None
        return
    assert sum(a * t for a, t in zip(new, y)) == 0
    assert all(a >= 0 and (C is None or a <= C) for a in new)
    assert [a for k, a in enumerate(new) if k not in (i, j)] == [a for k, a in enumerate(alpha) if k not in (i, j)]
    W = svm.dual_objective(X, y, new)
    low, high = R.bounds(alpha[i], alpha[j], y[i], y[j], C)
    top = high if high is not None else low + 10
    z = R.zeta(alpha, y, i, j)
    for k in range(11):
        a2 = low + (top - low) * Fraction(k, 10)
        trial = alpha[:]
        trial[j] = a2
        trial[i] = R.alpha1_from_alpha2(z, a2, y[i], y[j])
        assert svm.dual_objective(X, y, trial) <= W


@given(S.svm_labelled_sets(min_rows=4, max_rows=6), st.data())
def test_pair_quadratic_and_unclipped_optimum_SMO_2(p, data):
    """W on the line is aα₂² + bα₂ + c (exact, at three points) and −b/(2a) is
    α₂ + y⁽²⁾(E₁ − E₂)/η."""
    X, y = p
    alpha = data.draw(S.feasible_alphas(y, None))
    i, j = 0, len(X) - 1
    K = kernel_matrix(X, Linear())
    a, b, c = R.pair_quadratic(alpha, y, K, i, j)
    z = R.zeta(alpha, y, i, j)
    for a2 in (Fraction(0), Fraction(1, 3), Fraction(5, 2)):
        trial = alpha[:]
        trial[j], trial[i] = a2, R.alpha1_from_alpha2(z, a2, y[i], y[j])
        assert svm.dual_objective(X, y, trial) == a * a2 * a2 + b * a2 + c
    if a < 0:
        f = [sum(alpha[k] * y[k] * K[k][t] for k in range(len(X))) for t in range(len(X))]
        E1, E2 = f[i] - y[i], f[j] - y[j]
        assert -b / (2 * a) == R.unclipped_optimum(alpha[j], y[j], E1, E2, -2 * a)


def test_bounds_clip_and_alpha1_SMO_2():
    assert R.bounds(Fraction(1, 2), Fraction(1, 4), 1, -1, 1) == (0, Fraction(3, 4))
    assert R.bounds(Fraction(1, 4), Fraction(1, 2), 1, -1, 1) == (Fraction(1, 4), 1)
    assert R.bounds(Fraction(3, 4), Fraction(1, 2), 1, 1, 1) == (Fraction(1, 4), 1)
    assert R.bounds(Fraction(1, 4), Fraction(1, 2), 1, 1, 1) == (0, Fraction(3, 4))
    assert R.bounds(Fraction(1, 4), Fraction(1, 2), 1, -1, None) == (Fraction(1, 4), None)
    assert [R.clip(v, 0, 1) for v in (-1, Fraction(1, 2), 2)] == [0, Fraction(1, 2), 1]
    assert R.clip(5, 0, None) == 5
    assert R.alpha1_from_alpha2(Fraction(1, 2), Fraction(1, 4), -1, 1) == Fraction(-1, 4)


def test_one_alpha_cannot_move_alone_SMO_1(impl):
    X, y = impl.arg([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0]]), impl.arg([1, -1, 1])
    with pytest.raises(ValueError, match="cannot move alone"):
        impl.smo.two_variable_step(X, y, impl.arg([0.0, 0.0, 0.0]), 1, 1)


# ---- SMO-3 (fast and reference choosing the same pairs: cs229.testing.properties.smo) ---------

def test_splitmix64_is_the_published_sequence_SMO_3():
    """SplitMix64 from seed 0 (the reference values of the generator's authors)."""
    g = R.SplitMix64(0)
    assert [g.next() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


@pytest.mark.parametrize("rule", R.RULES)
def test_every_rule_reaches_kkt_within_tol_SMO_3(impl, rule):
    rng = np.random.default_rng(3)
    X = rng.standard_normal((40, 2))
    y = np.where(X[:, 0] - X[:, 1] + 0.3 * rng.standard_normal(40) > 0, 1, -1)
    fit = impl.smo.smo(impl.arg(X.tolist()), impl.arg(y.tolist()), C=1.0, kernel=Gaussian(1),
                       rule=rule, tol=1e-8)
    assert fit.converged
    viol = svm.kkt_violations(X.tolist(), y.tolist(), list(map(float, fit.alpha)), float(fit.b), 1.0, Gaussian(1))
    assert max(viol) < 1e-5
    assert R.kkt_gap(X.tolist(), y.tolist(), list(map(float, fit.alpha)), 1.0, Gaussian(1)) < 1e-5


# ---- SMO-4: the solver ---------------------------------------------------------------------------

@settings(max_examples=20)
@given(S.svm_labelled_sets(min_rows=3, max_rows=8, features=1), st.sampled_from([None, Fraction(1), Fraction(1, 2)]))
def test_exact_smo_on_rational_data_satisfies_kkt_exactly_SMO_4(p, C):
    """One feature, linear kernel, Fractions, tol = 0: SMO ends at an exact solution."""
    X, y = p
    try:
        fit = R.smo(X, y, C=C, tol=0, max_iterations=500)
    except R.NotSeparableError:
        assert C is None
        return
    assert fit.kkt_gap == 0 and all(isinstance(a, Fraction) for a in fit.alpha)
    assert max(svm.kkt_violations(X, y, fit.alpha, fit.b, C)) == 0
    assert sum(a * t for a, t in zip(fit.alpha, y)) == 0


@settings(max_examples=20)
@given(S.svm_labelled_sets(min_rows=3, max_rows=8, features=2, separable=True))
def test_hard_margin_threshold_puts_support_vectors_on_the_margin_OMC_4(p):
    """With b* from (11), every example has functional margin ≥ 1 and the support vectors 1."""
    X, y = _float(p)
    fit = R.smo(X, y, C=None, tol=1e-11, max_iterations=20000)
    w = svm.weights_from_alpha(X, y, fit.alpha)
    margins = [t * (sum(a * b for a, b in zip(w, x)) + fit.b) for x, t in zip(X, y)]
    scale = 1 + max(abs(v) for v in w)
    assert min(margins) >= 1 - 1e-8 * scale
    assert all(abs(u - 1) <= 1e-8 * scale for u, a in zip(margins, fit.alpha) if a > 1e-9)


@settings(max_examples=10)
@given(S.svm_labelled_sets(min_rows=4, max_rows=8, features=2), st.sampled_from(R.RULES))
def test_W_increases_along_the_path_SMO_4(p, rule):
    """Replaying the recorded pairs with the two-variable step raises W at every step and ends
    at the solver's W."""
    X, y = _float(p)
    try:
        fit = R.smo(X, y, C=1.0, rule=rule, tol=1e-4, record=True, max_iterations=400)
    except ConvergenceError as e:  # platt at the cap, simplified stuck: the path so far still climbs
        fit = e.result
    alpha = [0.0] * len(X)
    W = 0.0
    for i, j in fit.path:
        alpha = R.two_variable_step(X, y, alpha, i, j, 1.0)
        new = svm.dual_objective(X, y, alpha)
        assert new >= W - 1e-12
        W = new
    assert abs(W - fit.objective) <= 1e-9 * (1 + abs(W))


def test_labels_from_another_set_only_when_asked_SMO_4(impl):
    X = impl.arg([[0.0], [1.0], [3.0], [4.0]])
    with pytest.raises(ValueError, match="classes="):
        impl.smo.smo(X, impl.arg([0, 0, 1, 1]), C=1.0)
    fit = impl.smo.smo(X, impl.arg([0, 0, 1, 1]), C=1.0, classes=(0, 1))
    assert fit.classes == (0, 1)
    assert list(impl.svm.predict(fit, impl.arg([[-1.0], [5.0]]))) == [0, 1]


@given(st.floats(0, 1), st.floats(0, 1), st.sampled_from([-1, 1]), st.sampled_from([-1, 1]),
       st.floats(-3, 3), st.floats(0.01, 4))
def test_a_clip_set_by_alpha1_leaves_alpha1_exactly_on_its_bound_SMO_2(a1, a2, y1, y2, dE, eta):
    """In floats, (20) would leave α₁ a rounding error inside the box, and an α a hair below C
    stalls the second-order rule (it stays in I_up but cannot move)."""
    C = 1.0
    new = R._step(a1, a2, y1, y2, dE, 0.0, eta, 0.0, 0.0, C, C, (0, 1))
    if new is None:
        return
    n1, n2 = new
    low, high = R.bounds(a1, a2, y1, y2, C)
    assert 0 <= n1 <= C and low <= n2 <= high
    if (n2 == low and low != 0) or (n2 == high and high != C):
        assert n1 in (0.0, C)


def test_alpha1_a_rounding_error_below_zero_is_put_back_in_the_box_SMO_2():
    """α₁ + s(α₂ − α₂new) with α₂new a hair inside H = α₁ + α₂ rounds to −5.6e-17 on this
    problem (found by a random draw); the box is a constraint, so α₁ goes back on it, in both faces."""
    X = [[1.25, 0.0], [0.0, -0.5], [0.0, 0.0], [3.0, -3.0], [0.0, -3.0], [0.0, -1 / 3]]
    y = [-1, 1, -1, 1, -1, -1]
    reference = R.smo(X, y, C=1.0, tol=1e-10)
    fast = F.smo(np.array(X), np.array(y, dtype=float), C=1.0, tol=1e-10)
    assert all(0 <= a <= 1 for a in reference.alpha) and np.all((fast.alpha >= 0) & (fast.alpha <= 1))
    assert np.array_equal(fast.alpha, np.array(reference.alpha)) and fast.iterations == reference.iterations


@pytest.mark.parametrize("kernel", [Gaussian.from_gamma(0.1), Polynomial(1, 2), Linear()])
def test_kernel_row_cache_evictions_do_not_change_the_path_SMO_4(kernel):
    """Above EXACT_MAX the rows come from BLAS; with room for 2 rows only, every eviction and
    recomputation must give the same iterates as a cache that holds every row."""
    rng = np.random.default_rng(5)
    m = 700
    X = rng.standard_normal((m, 5))
    y = np.where(X[:, 0] * X[:, 1] + 0.3 * rng.standard_normal(m) > 0, 1.0, -1.0)
    full = F.smo(X, y, C=1.0, kernel=kernel, tol=1e-4, record=True, shrinking=False)
    tiny = F.smo(X, y, C=1.0, kernel=kernel, tol=1e-4, record=True, shrinking=False,
                 cache_size=1e-9)
    assert tiny.path == full.path and np.array_equal(tiny.alpha, full.alpha) and tiny.b == full.b
    assert full.converged and full.kkt_gap <= 1e-4


# ---- shrinking (libsvm's): the same stopping test over every example -------------------------

def _interaction_problem(m, seed=5):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((m, 5))
    return X, np.where(X[:, 0] * X[:, 1] + 0.3 * rng.standard_normal(m) > 0, 1.0, -1.0)


def _dual(alpha, X, y, kernel):
    """W(α) = Σαᵢ − ½ cᵀKc, c = αy, from the whole matrix (independent of the solver's g)."""
    c = alpha * y
    K = np.array(kernel_matrix(X.tolist(), kernel), dtype=float) if len(X) <= 80 else \
        _fast_kernel_matrix(X, kernel)
    return float(alpha.sum() - c @ K @ c / 2)


def _fast_kernel_matrix(X, kernel):
    from cs229.fast.kernels import kernel_matrix as fast_kernel_matrix
    return np.asarray(fast_kernel_matrix(X, kernel))


@pytest.mark.parametrize("m", [60, 700])
@pytest.mark.parametrize("kernel, C", [(Gaussian.from_gamma(0.1), 1.0), (Gaussian.from_gamma(0.1), 10.0),
                                       (Polynomial(1, 2), 1.0), (Linear(), 10.0)])
@pytest.mark.parametrize("cache_size", [200, 1e-9])
def test_shrinking_keeps_the_stopping_test_and_W_within_tol_SMO_4(m, kernel, C, cache_size):
    """With shrinking the answer meets the KKT tolerance over every example (recomputed from
    scratch), and W is within the bound the tolerance gives: for feasible α with gap δ,
    W* − W(α) ≤ ∇W(α)ᵀ(α* − α) ≤ δ‖α* − α‖₁/2 (concavity; the direction moves up I_up and down
    I_low by equal amounts). α* is taken from a run without shrinking at tol = 1e-9. With a
    cache of two rows every row is evicted, grown and swapped again."""
    X, y = _interaction_problem(m)
    tol = 1e-3
    fit = F.smo(X, y, C=C, kernel=kernel, tol=tol, cache_size=cache_size)
    best = F.smo(X, y, C=C, kernel=kernel, tol=1e-9, shrinking=False, max_iterations=10 ** 6)
    assert fit.converged and fit.kkt_gap <= tol
    assert F.kkt_gap(X, y, fit.alpha, C, kernel) <= tol
    assert np.all(fit.alpha >= 0) and np.all(fit.alpha <= C) and abs(fit.alpha @ y) <= 1e-12 * m * C
    W, W_best = _dual(fit.alpha, X, y, kernel), _dual(best.alpha, X, y, kernel)
    rounding = 1e-12 * m * abs(W_best)
    assert abs(W - fit.objective) <= rounding
    assert W - W_best <= 1e-9 * (fit.alpha.sum() + best.alpha.sum()) / 2 + rounding
    assert W_best - W <= tol * (fit.alpha.sum() + best.alpha.sum()) / 2 + rounding


@pytest.mark.parametrize("m, C", [(60, 1.0), (60, 10.0), (700, 1.0), (700, 10.0)])
def test_shrinking_finds_the_same_support_set_where_it_is_unique_SMO_4(m, C):
    """The Gaussian kernel on distinct points is positive definite: W is strictly concave and α*
    unique. At a tight tolerance, with and without shrinking (and with a two-row cache), the
    support set {i : αᵢ > 0} and the set at C are the same, and α agrees to the tolerance."""
    X, y = _interaction_problem(m)
    kernel = Gaussian.from_gamma(0.1)
    plain = F.smo(X, y, C=C, kernel=kernel, tol=1e-8, shrinking=False)
    for cache_size in (200, 1e-9):
        fit = F.smo(X, y, C=C, kernel=kernel, tol=1e-8, cache_size=cache_size)
        assert fit.converged and F.kkt_gap(X, y, fit.alpha, C, kernel) <= 1e-8
        assert list(fit.support) == list(plain.support)
        assert np.array_equal(fit.alpha == C, plain.alpha == C)
        assert np.max(np.abs(fit.alpha - plain.alpha)) <= 1e-5 * C


def test_shrinking_with_the_hard_margin_and_a_custom_kernel_SMO_4():
    """The hard margin (no upper bound: Ḡ stays 0) and a precomputed custom kernel (rows read
    through the permutation of positions) shrink too, with the answer of the plain run."""
    X, y = _interaction_problem(60)
    kernel = Gaussian.from_gamma(0.5)

    def custom(x, z):
        return kernel(x, z)
    for C in (None, 10.0):
        plain = F.smo(X, y, C=C, kernel=kernel, tol=1e-8, shrinking=False)
        for k in (kernel, custom):
            fit = F.smo(X, y, C=C, kernel=k, tol=1e-8)
            assert fit.converged and F.kkt_gap(X, y, fit.alpha, C, kernel) <= 1e-8
            assert list(fit.support) == list(plain.support)
            assert np.max(np.abs(fit.alpha - plain.alpha)) <= 1e-5 * max(plain.alpha)


# ---- an α a rounding error off its bound: the pair still moves ---------------------------------

# Two classes in the plane, C = 0.3: after 30 steps α₄ = 1.1e-17 (the exact difference of two
# rounded iterates) and α₁₀ = C; their segment [0, 1.1e-17] rounds to the single point 0.
STUCK_X = [[3.0, 3.5], [3.5, 2.5], [4.0, 4.0], [4.5, 3.0], [3.0, 4.8], [5.0, 4.5], [4.2, 1.8],
           [0.5, 0.5], [1.0, 1.8], [0.0, 2.0], [1.8, 0.2], [1.5, 1.2], [0.3, 3.0], [1.0, -0.5],
           [2.0, 5.0]]
STUCK_Y = [1] * 7 + [-1] * 8
# (xᵀz)³ on 30 points of {−3, …, 3}³, C = 0.5: after 7 steps α₂ = 2.7e-17 and α₁ = C, so that
# L = α₁ − α₂ rounds to C = H = α₁.
CUBIC_X = [[1, -2, -2], [-3, -3, 1], [2, 1, -3], [0, -3, 0], [0, 2, 3], [1, 0, -2], [2, 1, 2],
           [3, 0, 3], [0, 1, -3], [1, -2, -2], [-3, -3, 1], [1, 3, 2], [0, 1, 3], [1, 2, 1],
           [-2, -1, 0], [1, 0, 2], [2, 1, -1], [3, 1, 0], [1, -3, 0], [3, -2, -3], [-1, 0, 1],
           [1, 1, 0], [-1, 1, 2], [-2, 2, 3], [-1, -3, 1], [0, -2, -1], [0, 2, -2], [0, 2, 2],
           [-3, 3, -1], [1, 0, 0]]
CUBIC_Y = [-1, 1, -1, 1, -1, -1, -1, -1, 1, 1, -1, -1, -1, -1, -1, -1, 1, -1, 1, -1, 1, -1, 1,
           -1, 1, 1, -1, -1, -1, 1]


@pytest.mark.parametrize("X, y, C, kernel", [
    (STUCK_X, STUCK_Y, 0.3, Linear()),
    ([[float(v) for v in row] for row in CUBIC_X], CUBIC_Y, 0.5, Polynomial(0, 3)),
], ids=["plane", "cubic"])
def test_second_order_rule_moves_an_alpha_a_rounding_error_off_its_bound_SMO_2_3(X, y, C, kernel):
    """The second-order rule picks a pair whose segment (20) ∩ box is, in floats, one point a
    rounding error from α; the step puts that α on its bound (as libsvm's clip) instead of
    stopping with "cannot move", and both faces go on to the same answer within tol."""
    fits = [face.smo(args[0], args[1], C=C, kernel=kernel, tol=1e-3, record=True, shrinking=False)
            for face, args in ((R, (X, y)), (F, (np.array(X), np.array(y, dtype=float))))]
    ref, fast = fits
    assert ref.converged and R.kkt_gap(X, y, [float(a) for a in ref.alpha], C, kernel) <= 1e-3
    assert fast.path == ref.path and np.array_equal(fast.alpha, np.array(ref.alpha))
    assert fast.b == ref.b and fast.objective == ref.objective
    platt = R.smo(X, y, C=C, kernel=kernel, rule="platt", tol=1e-6, max_iterations=200_000)
    assert abs(ref.objective - platt.objective) <= 1e-3 * abs(platt.objective)


def test_the_stuck_pair_puts_the_tiny_alpha_on_zero_SMO_2(impl):
    """At the iterate where the rule used to stop, the pair (10, 4) sets α₄ = 1.1e-17 to 0 and
    keeps α₁₀ = C: the single point of the rounded segment."""
    alpha = [0.0] * 15
    alpha[0] = alpha[1] = alpha[10] = alpha[14] = 0.3
    alpha[4] = 1.1275702593849246e-17
    new = impl.smo.two_variable_step(impl.arg(STUCK_X), impl.arg(STUCK_Y), impl.arg(alpha), 10, 4,
                                     C=0.3)
    assert impl.out(new) == alpha[:4] + [0.0] + alpha[5:]


@pytest.mark.parametrize("face", [R, F])
def test_rounding_alone_does_not_make_inseparable_data_look_separated_SMO_4(face):
    """A positive point midway between two negatives: the hard-margin iterates drive w to 0, and
    at the cap the f values (all rounding) happened to be ordered; a draw found it. Separation
    must beat the rounding of f, so this is NotSeparableError in both faces."""
    X, y = [[-1.0, 0.0], [-1.0, 2.0], [0.5, 0.0], [-1.0, 1.0]], [-1, -1, 1, 1]
    args = (X, y) if face is R else (np.array(X), np.array(y, dtype=float))
    with pytest.raises(R.NotSeparableError, match="finite C"):
        face.smo(*args, C=None, tol=1e-6, max_iterations=2000)


# ==================================================================================================
# Part V §9.2 (SMO-3, SMO-4): the random choices of the simplified and Platt rules, driven by a
# scripted stream of draws.
#
# ``smo`` draws its random indices from ``SplitMix64(seed)``; here that generator is replaced by a
# stream whose ``index(n)`` answers are written out, so that a test can put a run in a chosen
# state (a streak of passes without a step, a partner tried first) instead of searching seeds
# for it. Every draw is recorded as (n, answer); once the script is used up the stream answers
# from SplitMix64(0).


Q = Fraction


class Scripted(R.SplitMix64):
    """index(n) answers from ``script`` first (each answer must be < n), then from SplitMix64(0)."""

    def __init__(self, script):
        super().__init__(0)
        self.script = list(script)
        self.draws = []

    def index(self, n):
        if len(self.draws) < len(self.script):
            k = self.script[len(self.draws)]
            assert 0 <= k < n, f"scripted draw {k} is not an index below {n}"
        else:
            k = super().index(n)
        self.draws.append((n, k))
        return k


@pytest.fixture
def scripted(monkeypatch):
    """scripted(script) -> the Scripted stream the next smo call will draw from."""
    def install(script):
        stream = Scripted(script)
        monkeypatch.setattr(R, "SplitMix64", lambda seed=0: stream)
        return stream
    return install


# ---- the simplified rule: how many passes without a step make a run stuck ----------------------

# Two examples of each class at 0 and 1: at α = 0 and b = 0 every example violates (y⁽ⁱ⁾f = 0 < 1),
# and a pair moves exactly when its labels differ (same labels: α₁ + α₂ = 0 pins both at 0, L = H).
# For i = 0, 1, 2, 3 the draw d picks j = d (d < i) or d + 1: the answers 0, 0, 2, 2 pair every
# example with the other of its class (0–1, 1–0, 2–3, 3–2), so the pass finds four violators and
# moves none; b from the KKT conditions at α = 0 is the middle of r = 1 and r = −1, which is the
# current b = 0, so the pass counts. The answer 1 for i = 0 pairs it with 2 and moves.
FOUR_X = [[Q(0)], [Q(1)], [Q(0)], [Q(1)]]
FOUR_Y = [-1, -1, 1, 1]
SAME_CLASS = [0, 0, 2, 2]


@pytest.mark.parametrize("streak, stuck", [(49, False), (50, True)])
def test_simplified_stuck_after_10m_plus_10_passes_without_a_step_from_the_start_SMO_4(scripted, streak, stuck):
    """m = 4: 10m + 10 = 50 passes in a row that find violators and move none make the run stuck;
    49 such passes followed by one that moves do not."""
    stream = scripted(SAME_CLASS * streak + [1])
    if stuck:
        with pytest.raises(ConvergenceError, match=r"^SMO \(simplified\) stopped after 0 steps: no violator could move"):
            R.smo(FOUR_X, FOUR_Y, C=1, rule="simplified", tol=0)
        assert stream.draws == [(3, k) for k in SAME_CLASS * 50]
    else:
        fit = R.smo(FOUR_X, FOUR_Y, C=1, rule="simplified", tol=0, record=True)
        assert fit.converged and fit.path[0] == (0, 2)
        assert stream.draws[:4 * 49 + 1] == [(3, k) for k in SAME_CLASS * 49 + [1]]


# The problem of the seeded run in smo/test_regressions.py (m = 10, 10m + 10 = 110): x = 0 (y = −1), x = 1 for
# the positives 1..8, x = 1/2 for the positive 9; C = 1. Draw 0 answers 1: the first step is
# (0, 2) to α₀ = α₂ = 1. The draws 1..16 (the seven other points at 1 and example 9, in passes 1
# and 2) cannot move anything; pass 2 only resets b and is not counted. From then on example 2
# (at C) and example 9 are the only violators, one draw each per pass; the pass moves iff
# example 2 draws 8 (partner 9) or example 9 draws 2. The answers 0, 0 move nothing.
STREAK_X = [[Q(0)]] + [[Q(1)]] * 8 + [[Q(1, 2)]]
STREAK_Y = [-1] + [1] * 9
_OPENING = [1] + [0] * 16


@pytest.mark.parametrize("streak, stuck", [(109, False), (110, True)])
def test_simplified_counts_passes_without_a_step_from_zero_after_a_step_SMO_4(scripted, streak, stuck):
    """After a pass that moves, the count of passes without a step starts again from 0: 109 of them
    and a moving pass converge (α = (1, 0, …, 0, 1)); 110 make the run stuck after its 1 step."""
    stream = scripted(_OPENING + [0, 0] * streak + [8])
    if stuck:
        with pytest.raises(ConvergenceError, match=r"^SMO \(simplified\) stopped after 1 steps: no violator could move"):
            R.smo(STREAK_X, STREAK_Y, C=1, rule="simplified", tol=0)
        assert len(stream.draws) == 17 + 2 * 110
    else:
        fit = R.smo(STREAK_X, STREAK_Y, C=1, rule="simplified", tol=0, record=True)
        assert fit.converged and fit.path == [(0, 2), (2, 9)]
        assert fit.alpha == [1] + [0] * 8 + [1] and fit.kkt_gap == 0
        assert len(stream.draws) == 17 + 2 * 109 + 1
    assert all(n == 9 for n, _ in stream.draws)


# ---- Platt's examineExample and outer loop: the order in which partners and examples are tried --

# Platt (1998), examineExample for α₂ = αⱼ that violates KKT: if more than one α is free
# (0 < α < C), try the partner of the second-choice heuristic (the free α with the largest
# |E₁ − E₂|); then every free α, from a random start, in index order round the list; then every
# example, from a random start, in index order round the list; the first takeStep that moves ends
# the search. Here takeStep is replaced by a recorder that answers from a set of moving pairs, so
# the order is read directly. Five examples, C = 1, α = (0, ½, ½, 1, ½) (free: 1, 2, 4); j = 0
# (y = 1, α = 0) violates with E₀ = g₀ + b = −1/2 < 0. |E − E₀| over the free: 5/2, 1, 7/2, so the
# heuristic picks example 4.
def _platt_state(alpha):
    K = [[Q(int(i == j)) for j in range(5)] for i in range(5)]
    st = R._State([[Q(t)] for t in range(5)], [1, -1, 1, -1, 1], K, [1] * 5, Q(0))
    st.alpha = list(alpha)
    st.g, st.b = [Q(-1), Q(3, 2), Q(0), Q(1), Q(5, 2)], Q(1, 2)
    return st


@pytest.fixture
def takes(monkeypatch):
    """takes(moving) -> the list the recorder fills with the pairs (i, j) that takeStep is asked
    for; it answers True exactly for the pairs in ``moving``."""
    def install(moving=()):
        tried = []

        def take(st, i, j):
            tried.append((i, j))
            return (i, j) in moving
        monkeypatch.setattr(R, "_platt_take", take)
        return tried
    return install


def test_platt_examine_tries_the_heuristic_then_the_free_then_every_example_SMO_4(takes):
    """No pair moves: the heuristic partner 4; the free list (1, 2, 4) from its drawn start 1:
    2, 4, 1; every example from the drawn start 3: 3, 4, 0, 1, 2. Two draws, index(3) and
    index(5); the result is no step."""
    tried = takes()
    stream = Scripted([1, 3])
    assert R._platt_examine(_platt_state([0, Q(1, 2), Q(1, 2), 1, Q(1, 2)]), 0, 0, stream) is False
    assert [i for i, _ in tried] == [4, 2, 4, 1, 3, 4, 0, 1, 2]
    assert stream.draws == [(3, 1), (5, 3)]


@pytest.mark.parametrize("partner, tries, draws", [
    (4, [4], []), (1, [4, 2, 4, 1], [(3, 1)]), (0, [4, 2, 4, 1, 3, 4, 0], [(3, 1), (5, 3)])])
def test_platt_examine_stops_at_the_first_partner_that_moves_SMO_4(takes, partner, tries, draws):
    """A step with the heuristic partner, with a free α or with any example ends the search and
    counts as a step (True)."""
    tried = takes({(partner, 0)})
    stream = Scripted([1, 3])
    assert R._platt_examine(_platt_state([0, Q(1, 2), Q(1, 2), 1, Q(1, 2)]), 0, 0, stream) is True
    assert [i for i, _ in tried] == tries and stream.draws == draws


def test_platt_examine_uses_the_heuristic_only_with_more_than_one_free_alpha_SMO_4(takes):
    """One free α (example 2): no heuristic; the free loop draws its start (index(1)) and tries 2,
    then every example from the drawn start 3."""
    tried = takes()
    stream = Scripted([0, 3])
    assert R._platt_examine(_platt_state([0, 0, Q(1, 2), 1, 0]), 0, 0, stream) is False
    assert [i for i, _ in tried] == [2, 3, 4, 0, 1, 2]
    assert stream.draws == [(1, 0), (5, 3)]


def test_platt_examine_skips_an_example_within_tol_SMO_4(takes):
    """j = 0 with E₀ = −1/2 is no violator at tol = 1/2: nothing is tried, nothing drawn."""
    tried = takes()
    stream = Scripted([])
    assert R._platt_examine(_platt_state([0, Q(1, 2), Q(1, 2), 1, Q(1, 2)]), 0, Q(1, 2), stream) is False
    assert tried == [] and stream.draws == []


def test_platt_outer_loop_alternates_full_passes_and_passes_over_the_free_SMO_4(monkeypatch):
    """Platt's main routine: a pass over every example; after a pass with a step, passes over the
    free α only (α = (0, ½, 1, ½, 0): examples 1 and 3, not 2 at C nor 0 and 4 at 0) until one
    moves nothing; then a full pass again, and the run ends at a full pass without a step."""
    examined = []

    def examine(st, j, tol, rng):
        examined.append(j)
        return len(examined) == 1          # only the first examination takes a step
    monkeypatch.setattr(R, "_platt_examine", examine)
    st = _platt_state([0, Q(1, 2), 1, Q(1, 2), 0])
    assert R._run_platt(st, 0, 10, Scripted([])) is True
    assert examined == [0, 1, 2, 3, 4, 1, 3, 0, 1, 2, 3, 4]
