"""GDA with k classes (X-3): the k-class estimates, posterior and softmax θ in both faces, the
two-class case equal to GDA-1 … GDA-3 bit for bit, the errors, and the estimator
GaussianDiscriminantAnalysis on 3+ classes against scikit-learn's LinearDiscriminantAnalysis.

scikit-learn's ``covariance_`` is the maximum-likelihood Σ = (1/m) Σᵢ (x⁽ⁱ⁾ − μ_{y⁽ⁱ⁾})(…)ᵀ
(the class covariances pooled with the priors as weights, each divided by m_c), not the
1/(m − k) pooled estimate, for every solver; ``solver="lsqr"`` then gives the same coef_ and
intercept_ as X-3's θ_j.

Then sample weights on both fits (X-2): integer weights are repeated rows, a weight of 0 drops the
row, the faces agree with numpy's weighted moments on iris and wine, and the estimator's
``sample_weight``."""
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, strategies as st

import cs229.fast.generative as F
import cs229.fast.logistic_regression as FL
import cs229.reference.generative as R
from cs229.estimators import GaussianDiscriminantAnalysis
from cs229.testing import strategies as S


@st.composite
def k_class_data(draw, min_k=3, max_k=5):
    seed = draw(st.integers(0, 2 ** 16))
    k = draw(st.integers(min_k, max_k))
    d = draw(st.integers(1, 4))
    m = draw(st.integers(k + d + 2, 60))
    rng = np.random.default_rng(seed)
    y = np.r_[np.arange(1, k + 1), rng.integers(1, k + 1, m - k)]
    X = rng.standard_normal((m, d)) @ (np.eye(d) + rng.standard_normal((d, d)) / 3) \
        + rng.standard_normal((k + 1, d))[y] * 2
    return X, y


def _fits(X, y):
    try:
        return R.gda_classes_fit(X.tolist(), y.tolist()), F.gda_classes_fit(X, y)
    except R.SingularMatrixError:
        return None


# ---- the faces agree ----------------------------------------------------------------------------

@given(k_class_data())
def test_k_class_fit_posterior_predict_theta_fast_equals_reference_X_3(data):
    X, y = data
    fits = _fits(X, y)
    if fits is None:
        return
    r, f = fits
    np.testing.assert_array_equal(np.array(r.phi), f.phi)
    np.testing.assert_allclose(np.array(r.mu), f.mu, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(np.array(r.Sigma), f.Sigma, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(np.array(R.gda_classes_posterior(r, X.tolist())),
                               F.gda_classes_posterior(f, X), rtol=1e-8, atol=1e-10)
    np.testing.assert_allclose(np.array(R.gda_softmax_theta(r)), F.gda_softmax_theta(f),
                               rtol=1e-8, atol=1e-8)
    assert R.gda_classes_log_likelihood(r, X.tolist(), y.tolist()) == pytest.approx(
        F.gda_classes_log_likelihood(f, X, y), rel=1e-10)
    joint = F.gda_classes_log_joint(f, X)
    gap = np.sort(joint, axis=1)
    clear = gap[:, -1] - gap[:, -2] > 1e-9  # rows not on a boundary between two classes
    assert np.array_equal(np.array(R.gda_classes_predict(r, X.tolist()))[clear], F.gda_classes_predict(f, X)[clear])


@given(k_class_data())
def test_posterior_is_the_softmax_of_theta_x_X_3(data):
    X, y = data
    fits = _fits(X, y)
    if fits is None:
        return
    _, f = fits
    Theta = F.gda_softmax_theta(f)
    eta = Theta[:, 0] + X @ Theta[:, 1:].T
    p = np.exp(eta - eta.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    np.testing.assert_allclose(p, F.gda_classes_posterior(f, X), rtol=1e-8, atol=1e-12)
    np.testing.assert_allclose(F.gda_classes_posterior(f, X).sum(axis=1), 1, rtol=1e-14)


def test_the_k_class_fit_is_the_class_frequencies_means_and_pooled_scatter_exactly_X_3():
    X = [[Fraction(v) for v in row] for row in ([0, 1], [2, 1], [1, 3], [4, 0], [5, 2], [3, 3], [7, 7], [9, 8])]
    y = [1, 1, 2, 2, 2, 3, 3, 3]
    for face in (R, F):
        model = face.gda_classes_fit(X if face is R else np.array(X, dtype=float), y)
        phi = [Fraction(2, 8), Fraction(3, 8), Fraction(3, 8)]
        mu = [[Fraction(1), Fraction(1)], [Fraction(10, 3), Fraction(5, 3)], [Fraction(19, 3), Fraction(6)]]
        centred = [[a - b for a, b in zip(x, mu[c - 1])] for x, c in zip(X, y)]
        Sigma = [[sum(d[i] * d[j] for d in centred) / 8 for j in range(2)] for i in range(2)]
        if face is R:
            assert model.phi == phi and model.mu == mu and model.Sigma == Sigma
            assert all(isinstance(v, Fraction) for v in model.Sigma[0])
        else:
            np.testing.assert_allclose(model.phi, np.array(phi, dtype=float), rtol=1e-15)
            np.testing.assert_allclose(model.mu, np.array(mu, dtype=float), rtol=1e-15)
            np.testing.assert_allclose(model.Sigma, np.array(Sigma, dtype=float), rtol=1e-14)


# ---- two classes: the notes' GDA-1 … GDA-3, bit for bit ------------------------------------------

@given(k_class_data(min_k=2, max_k=2))
def test_two_classes_give_gda_fit_and_the_logistic_theta_X_3_GDA_1_GDA_3(data):
    X, y = data
    try:
        two = F.gda_fit(X, y - 1)
    except R.SingularMatrixError:
        return
    for face, Xs in ((F, X), (R, X.tolist())):
        two = face.gda_fit(Xs, (y - 1).tolist())
        k = face.gda_classes_fit(Xs, y.tolist())
        # φ₂ is gda_fit's φ bit for bit; φ₁ = m₁/m is 1 − φ to one rounding
        assert k.phi[1] == two.phi and k.phi[0] == pytest.approx(1 - two.phi, rel=0, abs=1e-15)
        assert np.array_equal(np.asarray(k.mu), np.vstack([two.mu0, two.mu1]))
        assert np.array_equal(np.asarray(k.Sigma), np.asarray(two.Sigma))
        Theta = np.asarray(face.gda_softmax_theta(k), dtype=float)
        np.testing.assert_allclose(Theta[1] - Theta[0], np.asarray(face.gda_logistic_theta(two), dtype=float),
                                   rtol=1e-9, atol=1e-9)
        np.testing.assert_allclose(np.asarray(face.gda_classes_posterior(k, Xs), dtype=float)[:, 1],
                                   np.asarray(face.gda_posterior(two, Xs), dtype=float), rtol=1e-9, atol=1e-12)


# ---- errors -------------------------------------------------------------------------------------

@pytest.mark.parametrize("face", [R, F], ids=["reference", "fast"])
def test_a_missing_class_and_a_label_outside_1_to_k_are_refused_X_3(face):
    X = np.arange(12.0).reshape(6, 2) ** 1.5
    with pytest.raises(ValueError, match=r"y has no examples of class 2 of 1\.\.3"):
        face.gda_classes_fit(X.tolist(), [1, 3, 1, 3, 1, 3])
    with pytest.raises(ValueError, match=r"y\[1\] is 0: labels must be integers in 1\.\.k"):
        face.gda_classes_fit(X.tolist(), [1, 0, 1, 2, 1, 2])
    with pytest.raises(ValueError, match=r"labels must be 0 or 1.*for k classes, GDA with labels 1\.\.k"):
        face.gda_fit(X.tolist(), [0, 1, 2, 0, 1, 2])


@pytest.mark.parametrize("face", [R, F], ids=["reference", "fast"])
def test_a_bad_model_is_refused_naming_the_field_X_3(face):
    Sigma = [[1.0, 0.0], [0.0, 1.0]]
    mu = [[0.0, 0.0], [1.0, 1.0], [2.0, 0.0]]
    with pytest.raises(ValueError, match="model.phi must sum to 1"):
        face.gda_softmax_theta(R.GDAClassesModel([0.5, 0.5, 0.5], mu, Sigma))
    with pytest.raises(ValueError, match="model.mu has 3 rows but model.phi has 2 entries"):
        face.gda_softmax_theta(R.GDAClassesModel([0.5, 0.5], mu, Sigma))
    with pytest.raises(TypeError, match="model must be a GDAClassesModel"):
        face.gda_classes_posterior(R.GDAModel(0.5, [0.0], [1.0], [[1.0]]), [[0.0]])
    with pytest.raises(R.SingularMatrixError):
        face.gda_softmax_theta(R.GDAClassesModel([0.25, 0.25, 0.5], mu, [[1.0, 1.0], [1.0, 1.0]]))


def test_the_fast_face_does_not_modify_the_callers_arrays_X_3():
    X = np.array([[0.0, 1.0], [2.0, 1.5], [1.0, 3.0], [4.0, 0.0], [5.0, 2.0], [3.0, 3.5], [7.0, 7.0], [9.0, 8.5]])
    y = np.array([1, 1, 2, 2, 2, 3, 3, 3])
    model = F.gda_classes_fit(X, y)
    copies = [np.array(a, copy=True) for a in (X, y, model.phi, model.mu, model.Sigma)]
    F.gda_softmax_theta(model)
    F.gda_classes_posterior(model, X)
    F.gda_classes_log_likelihood(model, X, y)
    for before, after in zip(copies, (X, y, model.phi, model.mu, model.Sigma)):
        assert np.array_equal(before, after)


@pytest.mark.parametrize("face", [R, F], ids=["reference", "fast"])
def test_a_label_beyond_k_and_a_far_row_are_named_X_3(face):
    """ℓ of labels past the model's k classes has no term log φ_y: the error names the label and
    k; a row whose joint underflows for every class is 0/0 and the error names its index."""
    model = R.GDAClassesModel([0.25, 0.25, 0.5], [[0.0], [1.0], [2.0]], [[1.0]])
    with pytest.raises(ValueError) as e:
        face.gda_classes_log_likelihood(model, [[0.0], [1.0]], [1, 4])
    assert str(e.value) == "y has label 4 but the model has 3 classes"
    with pytest.raises(R.ZeroOverZeroError) as e:
        face.gda_classes_posterior(model, [[0.5], [1e200]])
    assert str(e.value) == ("X[1] is so far from all 3 class means that p(x | y) underflows to 0 for "
                            "every class: p(y | x) is 0/0 in float64 (000 §1.2)")


# ---- the estimator against scikit-learn ---------------------------------------------------------

@pytest.mark.peer
@pytest.mark.parametrize("name", ["iris", "wine"])
def test_estimator_with_k_classes_equals_lda_lsqr_on_iris_and_wine_X_3(name):
    from sklearn import datasets
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    X, y = getattr(datasets, f"load_{name}")(return_X_y=True)
    labels = np.array(["setosa", "versicolor", "virginica", "other"])[y] if name == "iris" else y
    ours = GaussianDiscriminantAnalysis().fit(X, labels)
    lda = LinearDiscriminantAnalysis(solver="lsqr").fit(X, labels)
    assert list(ours.classes_) == list(lda.classes_)
    assert np.array_equal(ours.predict(X), lda.predict(X))
    np.testing.assert_allclose(ours.predict_proba(X), lda.predict_proba(X), rtol=0, atol=1e-8)
    np.testing.assert_allclose(ours.Sigma_, lda.covariance_, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(ours.priors_, lda.priors_, rtol=1e-15)
    np.testing.assert_allclose(ours.mu_, lda.means_, rtol=1e-12)
    np.testing.assert_allclose(ours.coef_, lda.coef_, rtol=1e-8, atol=1e-8)
    np.testing.assert_allclose(ours.intercept_, lda.intercept_, rtol=1e-8, atol=1e-8)
    np.testing.assert_allclose(np.exp(ours.predict_log_proba(X)), ours.predict_proba(X), rtol=1e-10, atol=1e-14)
    # the unbiased pooled estimate, 1/(m − k), is not what either fits
    m, k = len(y), len(ours.classes_)
    assert np.abs(ours.Sigma_ * m / (m - k) - lda.covariance_).max() > 1e-4


def test_estimator_with_two_classes_is_unchanged_GDA_1_GDA_3():
    from sklearn.datasets import load_breast_cancer
    X, y = load_breast_cancer(return_X_y=True)
    X = X[:, :6]
    est = GaussianDiscriminantAnalysis().fit(X, y)
    model = F.gda_fit(X, y)
    assert est.phi_ == model.phi
    assert np.array_equal(est.theta_, F.gda_logistic_theta(model))
    # the posterior from GDA-3's θ (one product per row): Bayes' rule's (GDA-2) to rounding
    design = np.column_stack([np.ones(len(X)), X])
    assert np.array_equal(est.predict_proba(X)[:, 1], FL.probabilities(design, est.theta_))
    np.testing.assert_allclose(est.predict_proba(X)[:, 1], F.gda_posterior(model, X), rtol=0, atol=1e-12)
    assert np.array_equal(est.predict(X), F.gda_predict(model, X))
    assert est.coef_.shape == (1, 6) and est.intercept_.shape == (1,)


def test_estimator_predicts_from_the_linear_scores_GDA_3_X_3():
    """The estimator reads the linear scores θ_jᵀx of X-3, where the −½ xᵀΣ⁻¹x every class
    shares has cancelled: Bayes' rule's posterior (GDA-2, the fast face's, by quadratic forms)
    to rounding, near the class means and far from them (each log p(x, y = j) about −10⁶),
    and scikit-learn's LDA's."""
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    rng = np.random.default_rng(3)
    y = np.arange(300) % 3
    X = rng.standard_normal((300, 2)) + np.array([[0, 0], [3, 0], [0, 3]])[y]
    far = np.array([[1500.0, 1490.0], [-2000.0, 5.0]])
    est = GaussianDiscriminantAnalysis().fit(X, y)
    lda = LinearDiscriminantAnalysis(solver="lsqr").fit(X, y)
    for Q in (X, far):
        np.testing.assert_allclose(est.predict_proba(Q), F.gda_classes_posterior(est.model_, Q),
                                   rtol=1e-9, atol=1e-12)
        np.testing.assert_allclose(est.predict_proba(Q), lda.predict_proba(Q), rtol=1e-9, atol=1e-12)
        assert np.array_equal(est.predict(Q), F.gda_classes_predict(est.model_, Q) - 1)
        assert np.array_equal(est.predict(Q), np.argmax(est.predict_proba(Q), axis=1))
        joint = F.gda_classes_log_joint(est.model_, Q)
        scores = est.decision_function(Q)
        np.testing.assert_allclose(scores - scores[:, :1], joint - joint[:, :1], rtol=1e-12, atol=1e-9)


def test_estimator_puts_the_boundary_in_the_first_class_GDA_2_GDA_3():
    """Two classes mirrored about 0 with equal priors: θ₀ = 0 exactly, so x = 0 has θᵀx = 0,
    p(y = 1 | x) = ½, and goes to classes_[0], as the fast face's ``gda_predict`` sends it."""
    X = np.array([[-1.5], [-0.5], [0.5], [1.5]])
    est = GaussianDiscriminantAnalysis().fit(X, ["no", "no", "yes", "yes"])
    assert est.decision_function([[0.0]])[0] == 0.0
    assert est.predict([[0.0]])[0] == "no" and F.gda_predict(est.model_, [[0.0]])[0] == 0
    assert est.predict_proba([[0.0]])[0, 1] == 0.5


def test_estimator_n_jobs_is_deprecated_and_changes_nothing_GDA_2():
    X, y = np.random.default_rng(4).standard_normal((200, 3)), np.arange(200) % 3
    plain = GaussianDiscriminantAnalysis().fit(X, y)
    with pytest.warns(FutureWarning, match=r"n_jobs is deprecated .* \(got n_jobs=2; leave it None\)"):
        parallel = GaussianDiscriminantAnalysis(n_jobs=2).fit(X, y)
    assert np.array_equal(parallel.predict_proba(X), plain.predict_proba(X))
    with pytest.raises(ValueError, match="n_jobs"):
        GaussianDiscriminantAnalysis(n_jobs=0).fit(X, y)


def test_estimator_refuses_one_class_and_a_singular_sigma_names_the_users_columns_X_3():
    rng = np.random.default_rng(3)
    X = rng.standard_normal((30, 3))
    with pytest.raises(ValueError, match="only one class"):
        GaussianDiscriminantAnalysis().fit(X, np.zeros(30))
    X[:, 2] = 2 * X[:, 0] - X[:, 1]
    with pytest.raises(R.SingularMatrixError, match=r"feature 2 is a linear combination of features 0, 1"):
        GaussianDiscriminantAnalysis().fit(X, np.arange(30) % 3)


def test_equal_joints_go_to_the_smallest_label_in_both_faces_X_3():
    """Classes 1 and 2 made of the same points (the same μ, the same prior, one shared Σ) have
    equal log joints everywhere: both faces predict 1 there, not 2."""
    A = np.array([[0.0, 0.0], [1.0, 0.5], [0.3, 1.2]])
    X = np.vstack([A, A, A + 5.0])
    y = np.repeat([1, 2, 3], 3)
    queries = np.array([[0.4, 0.6], [0.0, 0.1], [1.0, 1.0]])
    reference = R.gda_classes_predict(R.gda_classes_fit(X.tolist(), y.tolist()), queries.tolist())
    fast = F.gda_classes_predict(F.gda_classes_fit(X, y), queries)
    assert reference == [1, 1, 1]
    assert fast.tolist() == [1, 1, 1]


# ==================================================================================================
# sample weights. The weighted MLE maximises Σᵢ wᵢ log p(x⁽ⁱ⁾, y⁽ⁱ⁾):
# φ_j = Σᵢ wᵢ1{y⁽ⁱ⁾ = j} / Σᵢ wᵢ, μ_j = Σᵢ wᵢ1{y⁽ⁱ⁾ = j}x⁽ⁱ⁾ / Σᵢ wᵢ1{y⁽ⁱ⁾ = j},
# Σ = Σᵢ wᵢ(x⁽ⁱ⁾ − μ_{y⁽ⁱ⁾})(x⁽ⁱ⁾ − μ_{y⁽ⁱ⁾})ᵀ / Σᵢ wᵢ; an integer weight is the row repeated.

def _repeated(weight):
    """The row indices of the data with row i repeated weight[i] times (0: dropped)."""
    return [i for i, w in enumerate(weight) for _ in range(int(w))]


def _outcome(fit, *args):
    """The fit, or the type and text of its error (a class whose weights are all 0, a singular Σ)."""
    try:
        return fit(*args)
    except ValueError as e:
        return type(e), str(e)


def _as_lists(model):
    if isinstance(model, tuple):
        return model
    if isinstance(model, R.GDAModel):
        return [model.phi, list(model.mu0), list(model.mu1), [list(r) for r in model.Sigma]]
    return [list(model.phi), [list(r) for r in model.mu], [list(r) for r in model.Sigma]]


def _singular(outcome):
    return isinstance(outcome, tuple) and outcome[0] is R.SingularMatrixError


def _float_close(a, b):
    """Two fits to rounding (float64), or the same error."""
    if isinstance(a, tuple) or isinstance(b, tuple):
        return a == b
    return all(np.allclose(np.asarray(u, dtype=float), np.asarray(v, dtype=float), rtol=1e-11, atol=1e-11)
               for u, v in zip(_as_lists(a), _as_lists(b)))


@given(S.gda_problems(max_features=3, max_rows=12), st.data())
def test_integer_weights_are_repeated_rows_in_both_faces_two_classes_X_2(p, data):
    """Hypothesis-drawn integer weights 0..3: the reference's exact fit with weights is its fit of
    the rows repeated, equal as Fractions (or the same error: a class whose weights are all 0, a
    singular Σ); the fast face's is its own fit of the repeated rows to rounding."""
    X, y = p
    weight = data.draw(st.lists(st.integers(0, 3), min_size=len(y), max_size=len(y)).filter(any))
    rows = _repeated(weight)
    weighted = _outcome(R.gda_fit, X, y, weight)
    repeated = _outcome(R.gda_fit, [X[i] for i in rows], [y[i] for i in rows])
    assert _as_lists(weighted) == _as_lists(repeated)
    if _singular(weighted):
        return  # Σ is exactly singular: in float64, rounding decides (a mean of copies of x need not be x)
    Xf, yf, w = np.array(S.to_float(X)), np.array(y), np.array(weight, dtype=float)
    assert _float_close(_outcome(F.gda_fit, Xf, yf, w), _outcome(F.gda_fit, Xf[rows], yf[rows]))


@given(k_class_data(max_k=4), st.data())
def test_integer_weights_are_repeated_rows_in_both_faces_k_classes_X_2(data, draw):
    """X-3 with X-2: integer weights 0..3 on k classes; the reference on exact data (the floats
    read as Fractions) equals its repeated-rows fit exactly, the fast face to rounding."""
    X, y = data
    weight = draw.draw(st.lists(st.integers(0, 3), min_size=len(y), max_size=len(y)).filter(any))
    rows = _repeated(weight)
    exact = [[Fraction(v) for v in row] for row in X.tolist()]
    weighted = _outcome(R.gda_classes_fit, exact, y.tolist(), weight)
    k, missing = int(y.max()), sorted(set(range(1, int(y.max()) + 1)) - {int(y[i]) for i in rows})
    if missing:  # the repeated rows lack a class (k may shrink with it): the weighted fit refuses it
        words = (ValueError, str(R.no_class_of_k(missing[0], k)))
        assert weighted == words and _outcome(F.gda_classes_fit, X, y, np.array(weight, dtype=float)) == words
        return
    repeated = _outcome(R.gda_classes_fit, [exact[i] for i in rows], [int(y[i]) for i in rows])
    assert _as_lists(weighted) == _as_lists(repeated)
    if _singular(weighted):
        return  # as with two classes
    w = np.array(weight, dtype=float)
    assert _float_close(_outcome(F.gda_classes_fit, X, y, w), _outcome(F.gda_classes_fit, X[rows], y[rows]))


@pytest.mark.parametrize("face", [R, F], ids=["reference", "fast"])
def test_a_weight_of_zero_drops_the_row_and_weights_of_one_change_nothing_X_2(face):
    """Weights 0 and 1 give the fit of the rows of weight 1, and all weights 1 the unweighted
    fit bit for bit, for two classes and for k. The fast face's blocks hold fixed rows of X
    (X-7: the distributed face's chunks are made of them), so leaving the rows of weight 0 out
    regroups the others: the fit of the subset is then the same to rounding, not bit for bit."""
    rng = np.random.default_rng(7)
    X = rng.standard_normal((3000, 3)) + 50.0
    y2, yk = rng.integers(0, 2, 3000), rng.integers(1, 5, 3000)
    weight = (rng.random(3000) < 0.7).astype(float)
    kept = weight > 0

    def fits(fit, y, **weights):
        if face is R:
            return _as_lists(fit(X.tolist(), y.tolist(), **weights))
        return [np.asarray(v).tolist() for v in _as_lists(fit(X, y, **weights))]
    for fit, y in ((face.gda_fit, y2), (face.gda_classes_fit, yk)):
        assert fits(fit, y, sample_weight=np.ones(3000)) == fits(fit, y)
        Xs, ys = X[kept], y[kept]
        subset = (_as_lists(fit(Xs.tolist(), ys.tolist())) if face is R
                  else [np.asarray(v).tolist() for v in _as_lists(fit(Xs, ys))])
        if face is R:
            assert fits(fit, y, sample_weight=weight) == subset
        else:
            assert _float_close(fit(X, y, sample_weight=weight), fit(Xs, ys))


@pytest.mark.parametrize("face", [R, F], ids=["reference", "fast"])
def test_a_row_of_weight_zero_takes_no_part_in_a_singular_sigma_X_2(face):
    """A row of weight 0 is not an example: feature 1, constant over the rows of weight 1, has
    zero variance within each class even though the dropped row has another value there (its
    deviation is not an underflowed variance); the error of the fit without the row, word for word."""
    X = [[0.0, 1.0], [1.0, 1.0], [2.0, 1.0], [3.0, 1.0], [5.0, 7.0]]
    for fit, y in ((face.gda_fit, [0, 0, 1, 1, 1]), (face.gda_classes_fit, [1, 1, 2, 2, 2])):
        with pytest.raises(R.SingularMatrixError) as weighted:
            fit(X, y, [1.0, 1.0, 1.0, 1.0, 0.0])
        with pytest.raises(R.SingularMatrixError) as subset:
            fit(X[:4], y[:4])
        assert str(weighted.value) == str(subset.value)
        assert "feature 1 has zero variance within each class" in str(weighted.value)


def _weighted_moments(X, codes, weight):
    """The weighted MLE by numpy: the priors, the class means (np.average) and Σ as one matrix
    product of the weighted centred rows."""
    k = codes.max() + 1
    priors = np.bincount(codes, weights=weight, minlength=k) / weight.sum()
    means = np.array([np.average(X[codes == c], axis=0, weights=weight[codes == c]) for c in range(k)])
    centred = X - means[codes]
    return priors, means, (centred * weight[:, None]).T @ centred / weight.sum()


@pytest.mark.peer
@pytest.mark.parametrize("name", ["iris", "wine"])
def test_weighted_fit_is_numpys_weighted_moments_on_iris_and_wine_X_2(name):
    """Real weights on iris and wine (k = 3, and two classes from the first two): both faces and
    the estimator equal numpy's weighted priors, means and pooled covariance."""
    from sklearn import datasets
    X, y = getattr(datasets, f"load_{name}")(return_X_y=True)
    weight = np.random.default_rng(11).uniform(0.0, 3.0, len(y))
    priors, means, Sigma = _weighted_moments(X, y, weight)
    fast = F.gda_classes_fit(X, y + 1, weight)
    ref = R.gda_classes_fit(X.tolist(), (y + 1).tolist(), weight.tolist())
    for model in (fast, ref):
        np.testing.assert_allclose(np.asarray(model.phi, dtype=float), priors, rtol=1e-13)
        np.testing.assert_allclose(np.asarray(model.mu, dtype=float), means, rtol=1e-12)
        np.testing.assert_allclose(np.asarray(model.Sigma, dtype=float), Sigma, rtol=1e-10, atol=1e-12)
    est = GaussianDiscriminantAnalysis().fit(X, y, sample_weight=weight)
    np.testing.assert_allclose(est.priors_, priors, rtol=1e-13)
    np.testing.assert_allclose(est.Sigma_, Sigma, rtol=1e-10, atol=1e-12)
    two = y < 2
    X2, y2, w2 = X[two], y[two], weight[two]
    priors, means, Sigma = _weighted_moments(X2, y2, w2)
    for model in (F.gda_fit(X2, y2, w2), R.gda_fit(X2.tolist(), y2.tolist(), w2.tolist())):
        assert float(model.phi) == pytest.approx(priors[1], rel=1e-13)
        np.testing.assert_allclose(np.array([model.mu0, model.mu1], dtype=float), means, rtol=1e-12)
        np.testing.assert_allclose(np.asarray(model.Sigma, dtype=float), Sigma, rtol=1e-10, atol=1e-12)


@pytest.mark.peer
@pytest.mark.parametrize("name", ["iris", "wine", "breast_cancer"])
def test_estimator_with_weights_of_one_predicts_as_lda_X_2(name):
    """scikit-learn's LinearDiscriminantAnalysis takes no sample_weight: with every weight 1 the
    estimator is the unweighted fit, and predicts as LDA (lsqr) does."""
    from sklearn import datasets
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    X, y = getattr(datasets, f"load_{name}")(return_X_y=True)
    X = X[:, :6] if name == "breast_cancer" else X
    ours = GaussianDiscriminantAnalysis().fit(X, y, sample_weight=np.ones(len(y)))
    plain = GaussianDiscriminantAnalysis().fit(X, y)
    assert np.array_equal(ours.Sigma_, plain.Sigma_) and np.array_equal(ours.theta_, plain.theta_)
    lda = LinearDiscriminantAnalysis(solver="lsqr").fit(X, y)
    assert np.array_equal(ours.predict(X), lda.predict(X))
    np.testing.assert_allclose(ours.predict_proba(X), lda.predict_proba(X), rtol=0, atol=1e-8)


def test_estimator_with_integer_weights_is_the_estimator_on_repeated_rows_X_2():
    """The estimator's weights reach the fast face (two classes with string labels, and k):
    integer weights give the fit of the repeated rows; a list is accepted as scikit-learn's
    estimators accept it, an array is left as it was given; a class of y whose weights are all 0 is refused, a weight vector of
    the wrong length too."""
    from sklearn.datasets import load_wine
    X, y = load_wine(return_X_y=True)
    weight = np.random.default_rng(5).integers(0, 4, len(y))
    weight[:3] = 1
    rows = _repeated(weight)
    given = weight.astype(float)
    est = GaussianDiscriminantAnalysis().fit(X, y, sample_weight=given)
    assert np.array_equal(given, weight)  # the caller's weights are not written
    for labels in (np.array(["a", "b", "b"])[y], y):
        est = GaussianDiscriminantAnalysis().fit(X, labels, sample_weight=list(weight))
        repeated = GaussianDiscriminantAnalysis().fit(X[rows], labels[rows])
        assert list(est.classes_) == list(repeated.classes_)
        for name in ("priors_", "mu_", "Sigma_", "coef_", "intercept_"):
            np.testing.assert_allclose(getattr(est, name), getattr(repeated, name), rtol=1e-10, atol=1e-12)
        np.testing.assert_allclose(est.predict_proba(X), repeated.predict_proba(X), rtol=1e-9, atol=1e-12)
    with pytest.raises(ValueError, match="no examples of class 2 of 1..3"):
        GaussianDiscriminantAnalysis().fit(X, y, sample_weight=np.where(y == 1, 0.0, 1.0))
    with pytest.raises(ValueError, match="sample_weight"):
        GaussianDiscriminantAnalysis().fit(X, y, sample_weight=np.ones(len(y) - 1))
