"""The catalog's extensions of the GLMs, in both faces: X-5 (offset and exposure, η = θᵀx + o)
and Poisson targets that are any reals y >= 0, then X-2 (sample weights wᵢ >= 0, ℓ = Σᵢ wᵢ ℓᵢ:
integer weights are repeated rows); against statsmodels' GLM on the data sets it ships (cpunish,
fair; freq_weights and var_weights) and on drawn data; the faces against each other (gradient
ascent bit for bit, Newton to rounding)."""
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cs229.fast.glm as F
import cs229.reference.glm as R

sm = pytest.importorskip("statsmodels.api")

FACES = pytest.mark.parametrize("face", ["reference", "fast"])
FAMILIES = {"poisson": "Poisson", "gaussian": "Gaussian", "bernoulli": "Binomial"}


def _call(face, name, *args, **kwargs):
    """``name`` of the face, with every array argument as the reference takes it (lists)."""
    if face == "fast":
        return getattr(F, name)(*args, **kwargs)
    lists = [a.tolist() if isinstance(a, np.ndarray) else a for a in args]
    return getattr(R, name)(*lists, **{k: v.tolist() if isinstance(v, np.ndarray) else v
                                       for k, v in kwargs.items()})


def rel(a, b):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return np.abs(a - b).max() / max(1.0, np.abs(b).max())


def _cpunish():
    """Executions by US state (statsmodels `cpunish`): the violent-crime rate per 100,000 as the
    exposure, the other covariates (income in thousands of dollars) and an intercept as X."""
    d = sm.datasets.cpunish.load_pandas()
    exog = d.exog.copy()
    exog["INCOME"] = exog["INCOME"] / 1000
    exposure = exog.pop("VC100k96").to_numpy(dtype=float)
    X = np.c_[np.ones(len(exog)), exog.to_numpy(dtype=float)]
    return X, d.endog.to_numpy(dtype=float), exposure


def _fair():
    """Fair's 6,366 women (statsmodels `fair`): affairs per year, a real y >= 0 (e.g. 0.111,
    3.23); years married as the exposure, as statsmodels' own GLM example takes it."""
    d = sm.datasets.fair.load_pandas().data
    exposure = d["yrs_married"].to_numpy(dtype=float)
    X = np.c_[np.ones(len(d)), d.drop(columns=["affairs", "yrs_married"]).to_numpy(dtype=float)]
    return X, d["affairs"].to_numpy(dtype=float), exposure


def _peer(X, y, family="poisson", **kwargs):
    return sm.GLM(y, X, family=getattr(sm.families, FAMILIES[family])(), **kwargs).fit(tol=1e-14,
                                                                                        maxiter=200)


# ---- Poisson targets: any real y >= 0 ------------------------------------------------------------

@FACES
def test_real_poisson_targets_match_statsmodels_on_fair(face):
    """The fair data's affairs are real (0.111, 3.23, ...): θ̂, ℓ(θ̂) and the standard errors
    as statsmodels' Poisson GLM, within 1e-8 (ℓ with log y! = log Γ(y + 1), as statsmodels)."""
    X, y, _ = _fair()
    assert (y != np.round(y)).any()
    peer = _peer(X, y)
    if face == "reference":  # 6,366 rows in pure Python: the first 600
        X, y = X[:600], y[:600]
        peer = _peer(X, y)
    fit = _call(face, "poisson_regression", X, y)
    assert rel(fit.theta, peer.params) < 1e-8
    theta = np.asarray(fit.theta, dtype=float)
    assert abs(_call(face, "log_likelihood", "poisson", X, y, theta) - peer.llf) < 1e-8 * abs(peer.llf)
    assert rel(_call(face, "standard_errors", "poisson", X, y, theta), peer.bse) < 1e-8


@FACES
def test_a_negative_target_is_refused_in_the_same_words(face):
    X, y, _ = _cpunish()
    y = y.copy()
    y[4] = -0.25
    with pytest.raises(ValueError) as e:
        _call(face, "poisson_regression", X, y)
    assert str(e.value) == "y[4] is -0.25: a Poisson target must be >= 0"


def test_integer_counts_give_the_same_fit_as_before():
    """An integral y is read as a count: the fits of [1, 2, ...] and [1.0, 2.0, ...] are the same
    bit for bit in the reference (ints mix with every scalar type)."""
    X, y, _ = _cpunish()
    as_ints = R.poisson_regression(X.tolist(), [int(v) for v in y]).theta
    assert R.poisson_regression(X.tolist(), y.tolist()).theta == as_ints


# ---- offset and exposure --------------------------------------------------------------------

@FACES
@pytest.mark.parametrize("data", [_cpunish, _fair], ids=["cpunish", "fair"])
def test_exposure_and_offset_match_statsmodels_X_5(face, data):
    """Poisson regression with exposure e (offset log e) as statsmodels' GLM(exposure=e) and
    GLM(offset=log e): θ̂, ℓ(θ̂), the standard errors and the fitted means within 1e-8."""
    X, y, exposure = data()
    if face == "reference" and len(X) > 600:
        X, y, exposure = X[:600], y[:600], exposure[:600]
    peer = _peer(X, y, exposure=exposure)
    assert rel(peer.params, _peer(X, y, offset=np.log(exposure)).params) < 1e-10
    by_exposure = _call(face, "poisson_regression", X, y, exposure=exposure)
    by_offset = _call(face, "poisson_regression", X, y, offset=np.log(exposure))
    assert by_exposure.converged
    for fit in (by_exposure, by_offset):
        assert rel(fit.theta, peer.params) < 1e-8
    theta = np.asarray(by_exposure.theta, dtype=float)
    offset = np.log(exposure)
    ell = _call(face, "log_likelihood", "poisson", X, y, theta, offset=offset)
    assert abs(ell - peer.llf) < 1e-8 * abs(peer.llf)
    assert rel(_call(face, "standard_errors", "poisson", X, y, theta, offset=offset), peer.bse) < 1e-8
    assert rel(_call(face, "hypotheses", "poisson", X, theta, offset=offset), peer.fittedvalues) < 1e-8
    assert rel(_call(face, "gradient", "poisson", X, y, theta, offset=offset), np.zeros(X.shape[1])) < 1e-6


@st.composite
def offset_data(draw):
    seed = draw(st.integers(0, 2 ** 32 - 1))
    rng = np.random.default_rng(seed)
    m, d = draw(st.integers(60, 200)), draw(st.integers(2, 5))
    X = np.c_[np.ones(m), rng.standard_normal((m, d - 1))]
    offset = rng.uniform(-1, 1, m)
    eta = X @ rng.uniform(-0.5, 0.5, d) + offset
    return X, offset, {"poisson": rng.gamma(2.0, np.exp(eta) / 2),  # real y >= 0, mean e^η
                       "gaussian": eta + rng.standard_normal(m),
                       "bernoulli": (rng.random(m) < 1 / (1 + np.exp(-eta))).astype(float)}


@given(offset_data())
def test_newton_with_an_offset_matches_statsmodels_every_family_X_5(data):
    """Newton with an offset, Poisson (real y), Gaussian and Bernoulli: both faces within 1e-8
    of statsmodels' GLM(offset=...)."""
    X, offset, ys = data
    for name, y in ys.items():
        peer = _peer(X, y, name, offset=offset).params
        assert rel(F.newton(name, X, y, offset=offset).theta, peer) < 1e-8, name
        assert rel(R.newton(name, X.tolist(), y.tolist(), offset=offset.tolist()).theta, peer) < 1e-8, name


@FACES
def test_an_offset_along_a_column_moves_its_coefficient_by_the_same_amount_X_5(face):
    """η = θᵀx + c·xⱼ is θ with θⱼ + c: fitting with the offset c·xⱼ gives θ̂ⱼ − c, the rest
    unchanged (cpunish, c = 0.3 on PERBLACK)."""
    X, y, _ = _cpunish()
    plain = np.asarray(_call(face, "poisson_regression", X, y).theta, dtype=float)
    shifted = np.asarray(_call(face, "poisson_regression", X, y, offset=0.3 * X[:, 3]).theta, dtype=float)
    expected = plain.copy()
    expected[3] -= 0.3
    assert rel(shifted, expected) < 1e-9


def test_gradient_ascent_with_an_offset_is_the_reference_bit_for_bit_X_5():
    """The compiled gradient pass adds the offset as the reference does (θᵀx summed, then + o):
    every iterate of 300 steps, Bernoulli and Poisson, equal to the last bit."""
    rng = np.random.default_rng(3)
    X = np.c_[np.ones(40), rng.standard_normal((40, 2))]
    offset = rng.uniform(-1, 1, 40)
    for name, y in (("bernoulli", (rng.random(40) < 0.5).astype(float)),
                    ("poisson", rng.gamma(2.0, 1.0, 40))):
        fast = F.gradient_ascent(name, X, y, np.zeros(3), 0.005, max_iterations=300, tol=None,
                                 record=True, offset=offset)
        ref = R.gradient_ascent(name, X.tolist(), y.tolist(), [0.0] * 3, 0.005, max_iterations=300,
                                tol=None, record=True, offset=offset.tolist())
        assert np.array_equal(fast.path, np.array(ref.path, dtype=float)), name
        assert np.array_equal(F.gradient(name, X, y, fast.theta, offset=offset),
                              R.gradient(name, X.tolist(), y.tolist(), fast.theta.tolist(), offset=offset.tolist()))


@pytest.mark.parametrize("name", ["poisson", "gaussian", "bernoulli"])
def test_the_faces_agree_with_an_offset_X_5(name):
    """ℓ, ∇ℓ, H, I and the hypotheses at a θ with an offset: the faces within rounding, and
    none of them the value without the offset (but the Gaussian's H = −XᵀX)."""
    rng = np.random.default_rng(7)
    X = np.c_[np.ones(50), rng.standard_normal((50, 3))]
    offset, theta = rng.uniform(-1, 1, 50), rng.uniform(-0.5, 0.5, 4)
    y = {"poisson": rng.gamma(2.0, 1.0, 50), "gaussian": rng.standard_normal(50),
         "bernoulli": (rng.random(50) < 0.5).astype(float)}[name]
    for function, args in (("log_likelihood", (name, X, y, theta)), ("gradient", (name, X, y, theta)),
                           ("hessian", (name, X, y, theta)), ("hypotheses", (name, X, theta)),
                           ("fisher_information", (name, X, y, theta))):
        fast = F.__dict__[function](*args, offset=offset)
        ref = _call("reference", function, *args, offset=offset)
        assert rel(fast, ref) < 1e-13, function
        if name != "gaussian" or function not in ("hessian", "fisher_information"):  # W = I there
            assert rel(fast, F.__dict__[function](*args)) > 1e-3, function  # the offset is used


def test_the_exposure_offset_of_one_example_X_5():
    """One example, x = 2, y = 3 over an exposure e = 3/2: the mean e·e^(2θ) = y at
    θ = log(y/e)/2 = log(2)/2, the fit with the offset log e (X of one row and one column, whose
    entry is not 1)."""
    fit = R.poisson_regression([[2.0]], [3.0], exposure=[1.5])
    assert fit.theta == pytest.approx([math.log(2) / 2], rel=1e-12)
    assert fit.theta == R.poisson_regression([[2.0]], [3.0], offset=[math.log(1.5)]).theta


@FACES
def test_exposure_is_the_offset_log_e_and_not_both_X_5(face):
    X, y, exposure = _cpunish()
    a = _call(face, "poisson_regression", X, y, exposure=exposure).theta
    b = _call(face, "poisson_regression", X, y, offset=np.log(exposure)).theta
    assert rel(a, b) < 1e-12
    with pytest.raises(ValueError, match="^offset and exposure are both given"):
        _call(face, "poisson_regression", X, y, offset=np.log(exposure), exposure=exposure)


@FACES
@pytest.mark.parametrize("kwargs, words", [
    (dict(offset=np.zeros(16)), "offset has 16 entries but X has 17 rows"),
    (dict(offset=np.r_[np.zeros(5), np.nan, np.zeros(11)]), "offset[5] is nan: expected a finite number"),
    (dict(exposure=np.r_[np.ones(2), -1.0, np.ones(14)]), "exposure[2] is -1.0: an exposure must be > 0"),
    (dict(exposure=np.r_[np.ones(16), 0.0]), "exposure[16] is 0.0: an exposure must be > 0"),
    (dict(exposure=np.ones(18)), "exposure has 18 entries but X has 17 rows"),
])
def test_a_bad_offset_or_exposure_is_named_alike_X_5(face, kwargs, words):
    X, y, _ = _cpunish()
    with pytest.raises(ValueError) as e:
        _call(face, "poisson_regression", X, y, **kwargs)
    assert str(e.value) == words


# ---- sample weights ------------------------------------------------------------------------

def _fair_weighted(rows=None):
    """Fair's women (statsmodels `fair`): affairs (real >= 0) on an intercept and the other
    covariates; children + 1 as integer weights, age / 30 as real weights."""
    d = sm.datasets.fair.load_pandas().data[:rows]
    X = np.c_[np.ones(len(d)), d.drop(columns=["affairs"]).to_numpy(dtype=float)]
    return (X, d["affairs"].to_numpy(dtype=float), (d["children"] + 1).to_numpy(dtype=float),
            d["age"].to_numpy(dtype=float) / 30)


@FACES
def test_weights_match_statsmodels_freq_and_var_weights_on_fair_X_2(face):
    """θ̂ with freq_weights (integers) and var_weights (reals) as statsmodels' Poisson GLM within
    1e-8; ℓ and the standard errors as its freq_weights fit's (the information Σᵢ wᵢμᵢxᵢxᵢᵀ)."""
    X, y, counts, reals = _fair_weighted(600 if face == "reference" else None)
    freq = _peer(X, y, freq_weights=counts)
    fit = _call(face, "poisson_regression", X, y, sample_weight=counts)
    assert fit.converged and rel(fit.theta, freq.params) < 1e-8
    theta = np.asarray(fit.theta, dtype=float)
    ell = _call(face, "log_likelihood", "poisson", X, y, theta, sample_weight=counts)
    assert abs(ell - freq.llf) < 1e-8 * abs(freq.llf)
    assert rel(_call(face, "standard_errors", "poisson", X, y, theta, sample_weight=counts), freq.bse) < 1e-8
    var = _peer(X, y, var_weights=reals)
    assert rel(_call(face, "poisson_regression", X, y, sample_weight=reals).theta, var.params) < 1e-8


@FACES
def test_weights_with_an_exposure_match_statsmodels_on_cpunish_X_2_X_5(face):
    d = sm.datasets.cpunish.load_pandas()
    exog = d.exog.copy()
    exog["INCOME"] = exog["INCOME"] / 1000
    exposure = exog.pop("VC100k96").to_numpy(dtype=float)
    X = np.c_[np.ones(len(exog)), exog.to_numpy(dtype=float)]
    y = d.endog.to_numpy(dtype=float)
    w = 1 + np.arange(len(y)) % 3.0
    peer = _peer(X, y, exposure=exposure, freq_weights=w)
    fit = _call(face, "poisson_regression", X, y, exposure=exposure, sample_weight=w)
    assert rel(fit.theta, peer.params) < 1e-8


@st.composite
def weighted_data(draw):
    seed = draw(st.integers(0, 2 ** 32 - 1))
    rng = np.random.default_rng(seed)
    m, d = draw(st.integers(30, 80)), draw(st.integers(2, 4))
    X = np.c_[np.ones(m), rng.standard_normal((m, d - 1))]
    eta = X @ rng.uniform(-0.5, 0.5, d)
    weight = rng.integers(0, 4, m).astype(float)
    weight[:d + 2] = 1.0  # enough rows that carry weight for every column
    return X, weight, {"poisson": rng.gamma(2.0, np.exp(eta) / 2),
                       "gaussian": eta + rng.standard_normal(m),
                       "bernoulli": (rng.random(m) < 1 / (1 + np.exp(-eta))).astype(float)}


@given(weighted_data())
def test_integer_weights_are_repeated_rows_X_2(data):
    """Weights in {0, 1, 2, 3}: the fit, ℓ, ∇ℓ and H with the weights are those of the data with
    each row repeated wᵢ times (a weight of 0 drops the row), every family, both faces."""
    X, weight, ys = data
    rows = np.repeat(np.arange(len(X)), weight.astype(int))
    for name, y in ys.items():
        if name == "bernoulli" and len(set(y[rows])) < 2:
            continue
        for face in ("fast", "reference"):
            try:
                repeated = _call(face, "newton", name, X[rows], y[rows])
            except Exception as e:  # separable or singular: the weighted fit must say the same
                with pytest.raises(type(e)):
                    _call(face, "newton", name, X, y, sample_weight=weight)
                continue
            weighted = _call(face, "newton", name, X, y, sample_weight=weight)
            assert rel(weighted.theta, repeated.theta) < 1e-9, (name, face)
            theta = np.asarray(weighted.theta, dtype=float)
            for function in ("log_likelihood", "gradient", "hessian"):
                assert rel(_call(face, function, name, X, y, theta, sample_weight=weight),
                           _call(face, function, name, X[rows], y[rows], theta)) < 1e-10, (name, face, function)


@pytest.mark.parametrize("average", [False, True])
def test_weighted_gradient_ascent_is_the_reference_bit_for_bit_X_2(average):
    """The compiled pass weights each term as the reference does, and ``average`` divides by
    Σ wᵢ summed in the same order: 300 iterates equal to the last bit, with an offset too."""
    rng = np.random.default_rng(11)
    X = np.c_[np.ones(40), rng.standard_normal((40, 2))]
    weight, offset = rng.uniform(0, 3, 40), rng.uniform(-1, 1, 40)
    for name, y in (("bernoulli", (rng.random(40) < 0.5).astype(float)), ("poisson", rng.gamma(2.0, 1.0, 40))):
        fast = F.gradient_ascent(name, X, y, np.zeros(3), 0.002, max_iterations=300, tol=None, record=True,
                                 average=average, sample_weight=weight, offset=offset)
        ref = R.gradient_ascent(name, X.tolist(), y.tolist(), [0.0] * 3, 0.002, max_iterations=300, tol=None,
                                record=True, average=average, sample_weight=weight.tolist(),
                                offset=offset.tolist())
        assert np.array_equal(fast.path, np.array(ref.path, dtype=float)), name


def test_average_divides_by_the_total_weight_X_2():
    """``average=True`` with integer weights steps as the repeated rows do (Σ wᵢ rows)."""
    rng = np.random.default_rng(5)
    X = np.c_[np.ones(20), rng.standard_normal(20)]
    y = rng.gamma(2.0, 1.0, 20)
    w = rng.integers(1, 4, 20).astype(float)
    rows = np.repeat(np.arange(20), w.astype(int))
    a = F.gradient_ascent("poisson", X, y, np.zeros(2), 0.1, max_iterations=50, tol=None, average=True,
                          sample_weight=w).theta
    b = F.gradient_ascent("poisson", X[rows], y[rows], np.zeros(2), 0.1, max_iterations=50, tol=None,
                          average=True).theta
    assert rel(a, b) < 1e-12


@pytest.mark.parametrize("name", ["poisson", "gaussian", "bernoulli"])
def test_the_faces_agree_with_weights_X_2(name):
    rng = np.random.default_rng(8)
    X = np.c_[np.ones(50), rng.standard_normal((50, 3))]
    weight, theta = rng.uniform(0, 2, 50), rng.uniform(-0.5, 0.5, 4)
    y = {"poisson": rng.gamma(2.0, 1.0, 50), "gaussian": rng.standard_normal(50),
         "bernoulli": (rng.random(50) < 0.5).astype(float)}[name]
    for function in ("log_likelihood", "gradient", "hessian", "fisher_information"):
        fast = getattr(F, function)(name, X, y, theta, sample_weight=weight)
        assert rel(fast, _call("reference", function, name, X, y, theta, sample_weight=weight)) < 1e-13, function
        assert rel(fast, getattr(F, function)(name, X, y, theta)) > 1e-3, function  # the weights are used
    assert rel(F.newton(name, X, y, sample_weight=weight).theta,
               R.newton(name, X.tolist(), y.tolist(), sample_weight=weight.tolist()).theta) < 1e-12


def test_weights_of_one_change_nothing_X_2():
    """wᵢ = 1 is the unweighted fit, bit for bit in the compiled face (1·v = v)."""
    rng = np.random.default_rng(2)
    X = np.c_[np.ones(60), rng.standard_normal((60, 2))]
    y = rng.gamma(2.0, 1.0, 60)
    plain = F.poisson_regression(X, y)
    ones = F.poisson_regression(X, y, sample_weight=np.ones(60))
    assert np.array_equal(plain.theta, ones.theta)
    assert F.log_likelihood("poisson", X, y, plain.theta) == F.log_likelihood(
        "poisson", X, y, plain.theta, sample_weight=np.ones(60))
