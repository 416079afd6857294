"""Real data, fitted by both faces and compared with certified or peer values (LR-12, NW-2,
GLM-4, SM-4).

The data sets ship with statsmodels and scikit-learn; the certified values are the R, Stata and
NIST results statsmodels' own tests use. Each comparison states its tolerance and why:
a certified value printed with d significant digits is matched to about 10^−(d−1) relative; a
peer fitted here to its own tight tolerance is matched to 1e-8 or better, except where the
peer is shown to stop short (its score ∇ℓ larger than ours). Then a grid of generated GLM data
(intercepts 0…9, slopes 0…3, column units 1e-4…1e6): Newton converges everywhere, with the
score at the answer zero to rounding, and agrees with statsmodels wherever statsmodels converges.
"""
import itertools
import warnings
from fractions import Fraction

import numpy as np
import pytest

import cs229.fast.glm as FG
import cs229.fast.linear_regression as FLR
import cs229.fast.logistic_regression as FL
import cs229.fast.softmax as FS
import cs229.reference.glm as RG
import cs229.reference.linear_regression as RLR
import cs229.reference.logistic_regression as RL
import cs229.reference.softmax as RS
from cs229.reference.results import ConvergenceError, SeparableDataError

sm = pytest.importorskip("statsmodels.api")
datasets = pytest.importorskip("sklearn.datasets")
results_glm = pytest.importorskip("statsmodels.genmod.tests.results.results_glm")
results_discrete = pytest.importorskip("statsmodels.discrete.tests.results.results_discrete")
results_regression = pytest.importorskip("statsmodels.regression.tests.results.results_regression")

pytestmark = [pytest.mark.peer,
              pytest.mark.filterwarnings("ignore:Maximum Likelihood optimization failed")]

FACES = {"fast": (lambda a: np.asarray(a, dtype=float)), "reference": (lambda a: np.asarray(a).tolist())}


def _relative(a, b):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return float(np.max(np.abs(a - b) / np.abs(b)))


def _module(face, fast, reference):
    return (fast if face == "fast" else reference), FACES[face]


# ---- certified values ----------------------------------------------------------------------------

@pytest.mark.parametrize("face", FACES)
def test_spector_logit_matches_stata_and_statsmodels_NW_2(face):
    """Spector & Mazzeo's 32 students (statsmodels `spector`): Stata prints 12 digits, but Stata
    stopped short: statsmodels' Newton and ours agree with each other to 1e-12 and with Stata to
    1.3e-7 (the Stata fit's own accuracy)."""
    mod, arg = _module(face, FL, RL)
    d = sm.datasets.spector.load()
    X = np.c_[np.asarray(d.exog, dtype=float), np.ones(32)]
    y = np.asarray(d.endog, dtype=float)
    fit = mod.newton(arg(X), arg(y))
    assert _relative(fit.theta, results_discrete.Spector.logit.params) < 2e-7
    peer = sm.Logit(y, X).fit(disp=0, tol=1e-14)
    assert _relative(fit.theta, peer.params) < 1e-12
    assert fit.iterations <= 8


@pytest.mark.parametrize("face", FACES)
def test_cpunish_poisson_fits_unscaled_and_matches_r_GLM_4(face):
    """Executions by US state (statsmodels `cpunish`): income in dollars beside fractions,
    cond(X) ≈ 1.3e6. The units-free singularity test fits it unscaled; R prints 7 digits."""
    mod, arg = _module(face, FG, RG)
    d = sm.datasets.cpunish.load()
    X = np.asarray(d.exog, dtype=float).copy()
    X[:, 3] = np.log(X[:, 3])
    X = np.c_[X, np.ones(len(X))]
    y = np.asarray(d.endog, dtype=float)
    assert np.linalg.cond(X) > 1e6
    fit = mod.poisson_regression(arg(X), arg(y))
    assert _relative(fit.theta, results_glm.Cpunish().params) < 1e-6
    peer = sm.GLM(y, X, family=sm.families.Poisson()).fit(tol=1e-14)
    assert _relative(fit.theta, peer.params) < 1e-9
    assert fit.iterations <= 8


@pytest.mark.parametrize("face", FACES)
def test_anes96_multinomial_logit_matches_stata_SM_4(face):
    """The 1996 American National Election Study (statsmodels `anes96`), 7 classes, 944 voters:
    Stata's base-zero multinomial logit (printed to 8 digits); our base class is the last, so
    label 0 becomes k."""
    mod, arg = _module(face, FS, RS)
    d = sm.datasets.anes96.load()
    X = np.c_[np.asarray(d.exog, dtype=float), np.ones(len(d.endog))]
    labels = np.asarray(d.endog, dtype=int)
    y = np.where(labels == 0, labels.max() + 1, labels)
    fit = mod.newton(arg(X), arg(y))
    expected = np.asarray(results_discrete.Anes.mnlogit_basezero.params).T
    assert _relative(fit.theta, expected) < 2e-6
    peer = sm.MNLogit(labels, X).fit(method="newton", disp=0, tol=1e-14, maxiter=100)
    assert _relative(fit.theta, np.asarray(peer.params).T) < 1e-9


@pytest.mark.parametrize("face", FACES)
def test_fair_affairs_logit_matches_statsmodels_NW_2(face):
    """Fair's 6,366 women (statsmodels `fair`): whether affairs > 0, on all eight covariates."""
    mod, arg = _module(face, FL, RL)
    d = sm.datasets.fair.load_pandas().data
    X = np.c_[np.ones(len(d)), d.drop(columns="affairs").to_numpy(dtype=float)]
    y = (d["affairs"].to_numpy() > 0).astype(float)
    fit = mod.newton(arg(X), arg(y))
    peer = sm.Logit(y, X).fit(disp=0, tol=1e-14)
    assert _relative(fit.theta, peer.params) < 1e-10


def test_longley_against_nist_certified_values_LR_12():
    """Longley's employment data (statsmodels `longley`), cond(X) ≈ 4.9e9 unscaled. NIST certifies
    15 digits. The exact reference keeps all of them; QR in float about 12; Cholesky on XᵀX,
    which squares the condition number, about 7 (and it still fits: the columns are
    independent, only badly scaled)."""
    d = sm.datasets.longley.load()
    X = np.c_[np.asarray(d.exog, dtype=float), np.ones(16)]
    y = np.asarray(d.endog, dtype=float)
    certified = results_regression.Longley().params
    exact = RLR.normal_equations([[Fraction(str(v)) for v in row] for row in X.tolist()],
                                 [Fraction(str(v)) for v in y.tolist()])
    assert _relative([float(t) for t in exact], certified) < 1e-14
    for face, normal_equations in (("fast", FLR.normal_equations),
                                   ("reference", lambda A, b, s: RLR.normal_equations(A.tolist(), b.tolist(), s))):
        assert _relative(normal_equations(X, y, "qr"), certified) < 1e-11, face
        assert _relative(normal_equations(X, y, "cholesky"), certified) < 1e-6, face


# ---- scikit-learn's data sets ---------------------------------------------------------------------

@pytest.mark.parametrize("face", FACES)
def test_breast_cancer_logit_matches_statsmodels_NW_2(face):
    """Wisconsin breast cancer: all 30 features separate the classes (SeparableDataError in both
    faces, as the notes' likelihood has no maximum there); five of them do not."""
    mod, arg = _module(face, FL, RL)
    b = datasets.load_breast_cancer()
    X = np.c_[np.ones(len(b.target)), b.data]
    y = b.target.astype(float)
    if face == "fast":
        with pytest.raises(SeparableDataError):
            mod.newton(arg(X), arg(y))
    X = X[:, [0, 1, 2, 3, 5]]
    fit = mod.newton(arg(X), arg(y))
    peer = sm.Logit(y, X).fit(disp=0, tol=1e-14)
    assert _relative(fit.theta, peer.params) < 1e-9


@pytest.mark.parametrize("face", FACES)
def test_wine_softmax_matches_statsmodels_SM_4(face):
    """Wine: three cultivars; all 13 features separate them (SeparableDataError), the first
    two do not."""
    mod, arg = _module(face, FS, RS)
    w = datasets.load_wine()
    X = np.c_[np.ones(len(w.target)), w.data]
    if face == "fast":
        with pytest.raises(SeparableDataError):
            mod.newton(arg(X), arg(w.target + 1))
    X = X[:, :3]
    y = np.where(w.target == 0, 3, w.target)
    fit = mod.newton(arg(X), arg(y))
    peer = sm.MNLogit(w.target, X).fit(method="newton", disp=0, tol=1e-14, maxiter=100)
    assert _relative(fit.theta, np.asarray(peer.params).T) < 1e-8


def test_digits_softmax_matches_statsmodels_SM_4():
    """Handwritten digits, ten classes: the raw pixels include blank ones (a zero column, named
    as such); four 2×2-pooled central features fit."""
    g = datasets.load_digits()
    y = np.where(g.target == 0, 10, g.target)
    with pytest.raises(Exception, match="column 1 of X is zero"):
        FS.newton(np.c_[np.ones(len(y)), g.data], y)
    pooled = g.data.reshape(-1, 4, 2, 4, 2).sum(axis=(2, 4)).reshape(-1, 16)[:, [5, 6, 9, 10]]
    X = np.c_[np.ones(len(y)), pooled]
    fit = FS.newton(X, y)
    peer = sm.MNLogit(g.target, X).fit(method="newton", disp=0, tol=1e-14, maxiter=100)
    assert _relative(fit.theta, np.asarray(peer.params).T) < 1e-8
    reference = RS.newton(X.tolist(), y.tolist())
    assert _relative(reference.theta, fit.theta) < 1e-10


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("solver", ["cholesky", "qr"])
def test_diabetes_normal_equations_match_lstsq_LR_12(face, solver):
    """Diabetes progression (442 patients, 10 standardised features) against numpy's SVD lstsq."""
    mod, arg = _module(face, FLR, RLR)
    d = datasets.load_diabetes()
    X = np.c_[np.ones(len(d.target)), d.data]
    expected = np.linalg.lstsq(X, d.target, rcond=None)[0]
    assert _relative(mod.normal_equations(arg(X), arg(d.target), solver=solver), expected) < 1e-10


# ---- generated GLM data across scales -------------------------------------------------------------

GRID = list(itertools.product(["poisson", "bernoulli"], [0, 3, 6, 9], [0, 1, 3],
                              [1e-4, 1e-2, 1.0, 1e3, 1e6]))


def _generated(family, intercept, slope, unit, m=400):
    rng = np.random.default_rng([229, intercept, slope, int(np.log10(unit)) + 10,
                                 family == "poisson"])
    x, z = rng.standard_normal(m), rng.standard_normal(m)
    eta = (intercept if family == "poisson" else intercept - 4.5) + slope * x + 0.5 * z
    if family == "poisson":
        y = rng.poisson(np.exp(eta)).astype(float)
    else:
        y = (rng.random(m) < 1 / (1 + np.exp(-eta))).astype(float)
    return np.c_[np.ones(m), x * unit, z / unit], y


def _scaled_score(family, X, y, theta):
    """maxⱼ |∂ℓ/∂θⱼ| / Σᵢ |xⱼ⁽ⁱ⁾|(|y⁽ⁱ⁾| + |μ⁽ⁱ⁾|): the optimality condition ∇ℓ = 0 relative to
    the size of the terms it sums (free of units; rounding leaves about m·eps)."""
    eta = X @ np.asarray(theta, dtype=float)
    mu = np.exp(eta) if family == "poisson" else 1 / (1 + np.exp(-eta))
    return float(np.max(np.abs(X.T @ (y - mu)) / (np.abs(X).T @ (np.abs(y) + np.abs(mu)))))


@pytest.mark.parametrize("family, intercept, slope, unit", GRID)
def test_newton_converges_across_the_grid_GLM_4(family, intercept, slope, unit):
    """Counts with means up to e⁹ · e^(3·3), columns in units 1e-4 … 1e6 (and their inverses):
    both faces converge from the data start and the score vanishes to rounding. statsmodels'
    IRLS stops on the change of the deviance, not of θ: wherever it converges the answers agree
    to 1e-7, or, where its θ is further off, ours has the smaller score."""
    X, y = _generated(family, intercept, slope, unit)
    fit = FG.newton(family, X, y)
    assert fit.converged and fit.iterations <= 12
    assert _scaled_score(family, X, y, fit.theta) < 1e-12
    if unit in (1e-4, 1e6) or intercept in (0, 9):  # the corners, in the slow face too
        reference = RG.newton(family, X.tolist(), y.tolist())
        assert reference.iterations == fit.iterations
        assert _relative(reference.theta, fit.theta) < 1e-9
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        peer = sm.GLM(y, X, family=sm.families.Poisson() if family == "poisson"
                      else sm.families.Binomial()).fit(tol=1e-13, maxiter=100)
    ours, theirs = _scaled_score(family, X, y, fit.theta), _scaled_score(family, X, y, peer.params)
    if peer.fit_history["iteration"] < 100 and _relative(fit.theta, peer.params) >= 1e-7:
        assert ours < theirs / 10
    elif peer.fit_history["iteration"] == 100:  # statsmodels stopped at its cap
        assert ours <= theirs


@pytest.mark.parametrize("face", FACES)
def test_the_notes_undamped_newton_from_zero_diverges_where_the_default_converges_GLM_4(face):
    """The failure the damped step and the data start mend: counts around e⁶ (mean ≈ 400).
    From θ = 0 every μ is 1; the first full step overshoots and g(θᵀx) = e^(θᵀx) overflows."""
    mod, arg = _module(face, FG, RG)
    X, y = _generated("poisson", 6, 1, 1.0)
    with pytest.raises(ConvergenceError, match="diverged at iteration 2"):
        mod.poisson_regression(arg(X), arg(y), start="zero", damping=False)
    fit = mod.poisson_regression(arg(X), arg(y))
    assert fit.converged and fit.iterations <= 6
    damped_from_zero = mod.poisson_regression(arg(X), arg(y), start="zero")
    assert damped_from_zero.extra["step_lengths"][0] < 1
    assert _relative(damped_from_zero.theta, fit.theta) < 1e-12


def test_scaling_a_column_scales_its_coefficient_GLM_4():
    """Multiplying a column by 10⁶ divides its θⱼ by 10⁶ and changes nothing else (the verdict
    of the singularity test included)."""
    X, y = _generated("poisson", 6, 1, 1.0)
    fit = FG.poisson_regression(X, y)
    for column in range(1, 3):
        scaled = X.copy()
        scaled[:, column] *= 1e6
        other = FG.poisson_regression(scaled, y)
        expected = fit.theta.copy()
        expected[column] /= 1e6
        assert _relative(other.theta, expected) < 1e-9
