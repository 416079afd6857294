"""X-2 for the GLMs: sample weights wᵢ >= 0, ℓ = Σᵢ wᵢ ℓᵢ, in both faces: integer weights are
repeated rows, the fits are statsmodels' GLM with freq_weights and var_weights (fair, cpunish,
drawn data), weights combine with an offset, the faces agree (gradient ascent bit for bit)."""
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
    if face == "fast":
        return getattr(F, name)(*args, **kwargs)
    lists = [a.tolist() if isinstance(a, np.ndarray) else a for a in args]
    return getattr(R, name)(*lists, **{k: v.tolist() if isinstance(v, np.ndarray) else v
                                       for k, v in kwargs.items()})


def rel(a, b):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return np.abs(a - b).max() / max(1.0, np.abs(b).max())


def _peer(X, y, family="poisson", **kwargs):
    return sm.GLM(y, X, family=getattr(sm.families, FAMILIES[family])(), **kwargs).fit(tol=1e-14,
                                                                                        maxiter=200)


def _fair(rows=None):
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
    X, y, counts, reals = _fair(600 if face == "reference" else None)
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
