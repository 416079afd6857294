"""X-7: cs229.distributed's fits equal cs229.fast's bit for bit (θ and every iterate, with ``==``)
for several chunkings of whole blocks and on both schedulers (dask's default one, and a
distributed.Client on a LocalCluster of two one-thread workers); its errors are the fast face's."""
import re
from functools import partial

import numpy as np
import pytest
import scipy.sparse as sp

da = pytest.importorskip("dask.array", reason="cs229.distributed needs the [dask] extra (dask[array])")
distributed = pytest.importorskip("distributed", reason="cs229.distributed's cluster tests need the "
                                  "[dask] extra (distributed)")

from cs229.distributed import generative as DN  # noqa: E402
from cs229.distributed import glm as DG  # noqa: E402
from cs229.distributed import linear_regression as DR  # noqa: E402
from cs229.distributed import logistic_regression as DL  # noqa: E402
from cs229.distributed import naive_bayes as DB  # noqa: E402
from cs229.distributed import softmax as DS  # noqa: E402
from cs229.fast import generative as FN  # noqa: E402
from cs229.fast import glm as FG  # noqa: E402
from cs229.fast import linear_regression as FR  # noqa: E402
from cs229.fast import logistic_regression as FL  # noqa: E402
from cs229.fast import naive_bayes as FB  # noqa: E402
from cs229.fast import softmax as FS  # noqa: E402
from cs229.fast._summation import ROWS_PER_BLOCK as BLOCK  # noqa: E402
from cs229.reference import exponential_family as ef  # noqa: E402
from cs229.reference.linalg import SingularMatrixError  # noqa: E402
from cs229.reference.results import SeparableDataError  # noqa: E402

M = 7 * BLOCK - 123  # seven blocks, the last one short
D = 4
# rows per chunk: one chunk, two chunks (4 + 3 blocks), seven chunks of one block
CHUNKINGS = [M, 4 * BLOCK, BLOCK]


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None,
                                  processes=True) as c:
        yield c


@pytest.fixture(params=["default", "cluster"])
def scheduler(request):
    """No client (dask's default scheduler), or a Client on the module's LocalCluster."""
    if request.param == "default":
        yield None
        return
    with distributed.Client(request.getfixturevalue("cluster")) as client:
        yield client


def _data(seed=0):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((M, D))
    X[:, 0] = 1.0
    theta = np.array([0.3, -0.8, 0.5, 1.2])
    labels = (rng.random(M) < 1 / (1 + np.exp(-X @ theta))).astype(float)
    counts = rng.poisson(np.exp(X @ (theta * 0.4))).astype(float)
    targets = X @ theta + rng.standard_normal(M)
    return X, labels, counts, targets


X, LABELS, COUNTS, TARGETS = _data()


def _chunked(rows, *arrays):
    return [da.from_array(a, chunks=(rows,) + a.shape[1:]) for a in arrays]


def _same(fast, dist):
    assert np.array_equal(dist.theta, fast.theta)
    assert np.array_equal(dist.path, fast.path)
    assert dist.iterations == fast.iterations and dist.converged == fast.converged
    assert dist.extra == fast.extra


@pytest.mark.parametrize("rows", CHUNKINGS)
@pytest.mark.parametrize("start", ["zero", "data"])
def test_x7_logistic_newton_iterates_are_the_fast_faces(scheduler, rows, start):
    Xd, yd = _chunked(rows, X, LABELS)
    _same(FL.newton(X, LABELS, record=True, start=start),
          DL.newton(Xd, yd, record=True, start=start))


@pytest.mark.parametrize("rows", CHUNKINGS)
def test_x7_poisson_irls_iterates_are_the_fast_faces(scheduler, rows):
    Xd, yd = _chunked(rows, X, COUNTS)
    _same(FG.poisson_regression(X, COUNTS, record=True, lam=0.5),
          DG.poisson_regression(Xd, yd, record=True, lam=0.5))


@pytest.mark.parametrize("family", [ef.BERNOULLI, ef.GAUSSIAN])
@pytest.mark.parametrize("rows", CHUNKINGS)
def test_x7_glm_newton_iterates_are_the_fast_faces(scheduler, rows, family):
    y = LABELS if family is ef.BERNOULLI else TARGETS
    Xd, yd = _chunked(rows, X, y)
    _same(FG.newton(family, X, y, record=True), DG.newton(family, Xd, yd, record=True))


# ---- gradient methods: one pass over the chunks per iteration -----------------------------------

GRADIENT_FITS = {
    # (the fast face's function, the distributed face's, y, θ₀ and the options of one case)
    "LR-5 descent": (FR.batch_gradient_descent, DR.batch_gradient_descent, TARGETS,
                     dict(alpha=2e-5, max_iterations=40, tol=None)),
    "LR-5 averaged, ridge": (FR.batch_gradient_descent, DR.batch_gradient_descent, TARGETS,
                             dict(alpha=0.5, max_iterations=200, average=True, lam=5000.0)),
    "LG-5 ascent": (FL.batch_gradient_ascent, DL.batch_gradient_ascent, LABELS,
                    dict(alpha=4e-5, max_iterations=40, tol=None)),
    "LG-5 averaged, converging": (FL.batch_gradient_ascent, DL.batch_gradient_ascent, LABELS,
                                  dict(alpha=2.0, max_iterations=2000, tol=1e-6, average=True)),
    "GLM-4 Poisson": (partial(FG.gradient_ascent, ef.POISSON), partial(DG.gradient_ascent, ef.POISSON),
                      COUNTS, dict(alpha=1e-5, max_iterations=40, tol=None, lam=3.0)),
}


@pytest.mark.parametrize("rows", CHUNKINGS + [5000])  # 5000 rows: rechunked to whole blocks
@pytest.mark.parametrize("case", sorted(GRADIENT_FITS))
def test_x7_gradient_methods_iterates_are_the_fast_faces(scheduler, rows, case):
    """LR-5, LG-5, GLM-4: θ and every iterate of batch gradient descent and ascent equal the fast
    face's bit for bit, each iteration's gradient summed over the chunks' blocks in block order."""
    fast, dist, y, options = GRADIENT_FITS[case]
    expected = fast(X, y, np.zeros(D), record=True, **options)
    Xd, yd = _chunked(rows, X, y)
    _same(expected, dist(Xd, yd, np.zeros(D), record=True, **options))
    assert expected.iterations > 1 and expected.converged is (None if options.get("tol", 1) is None else True)


def test_x7_gradient_ascent_on_separable_data_raises_the_fast_faces_error(scheduler):
    """Classes half a unit apart on x₁: a θ of the ascent separates them, the test of LG-3 runs
    over the chunks after each step, and the fit stops there as the fast face's does."""
    Xs = X.copy()
    Xs[:, 1] += np.sign(Xs[:, 1]) * 0.25
    y = (Xs[:, 1] > 0).astype(float)
    Xd, yd = _chunked(3 * BLOCK, Xs, y)
    options = dict(alpha=1e-3, max_iterations=500)
    expected = _raised(lambda: FL.batch_gradient_ascent(Xs, y, np.zeros(D), **options))
    got = _raised(lambda: DL.batch_gradient_ascent(Xd, yd, np.zeros(D), **options))
    assert expected.type is SeparableDataError and got.type is SeparableDataError
    assert str(got.value) == str(expected.value)
    assert np.array_equal(got.value.result.path, expected.value.result.path)


@pytest.mark.parametrize("case", ["too large a step", "e^η overflows"])
def test_x7_gradient_methods_that_diverge_raise_the_fast_faces_error(scheduler, case):
    """θ leaves the finite numbers (descent with too large an α), or a Poisson mean e^η overflows
    in a pass (the chunk that fails first decides, as the fast face's first failing block)."""
    if case == "too large a step":
        fast = lambda: FR.batch_gradient_descent(X, TARGETS, np.zeros(D), alpha=1.0)  # noqa: E731
        dist = lambda: DR.batch_gradient_descent(*_chunked(2 * BLOCK, X, TARGETS), np.zeros(D), alpha=1.0)  # noqa: E731
    else:
        theta = np.array([700.0, 0.0, 0.0, 0.0])
        fast = lambda: FG.gradient_ascent(ef.POISSON, X, COUNTS, theta, alpha=1e-9)  # noqa: E731
        dist = lambda: DG.gradient_ascent(ef.POISSON, *_chunked(2 * BLOCK, X, COUNTS), theta, alpha=1e-9)  # noqa: E731
    expected, got = _raised(fast), _raised(dist)
    assert got.type is expected.type
    assert str(got.value) == str(expected.value)
    assert np.array_equal(got.value.result.path, expected.value.result.path)


def test_x7_gradient_methods_check_theta_and_the_options_as_the_fast_face():
    Xd, yd = _chunked(BLOCK, X, TARGETS)
    for theta, alpha in [(np.zeros(D + 1), 0.1), (np.zeros(D), -1.0), (np.zeros(D), "a")]:
        expected = _raised(lambda: FR.batch_gradient_descent(X, TARGETS, theta, alpha))
        got = _raised(lambda: DR.batch_gradient_descent(Xd, yd, theta, alpha))
        assert got.type is expected.type and str(got.value) == str(expected.value)


def _softmax_labels(seed=4):
    """Labels in 1..4 drawn from a softmax model of X (no class separable from the rest)."""
    rng = np.random.default_rng(seed)
    eta = np.column_stack([X @ np.array([0.2, 0.9, -0.4, 0.1]), X @ np.array([-0.3, 0.2, 0.8, -0.6]),
                           X @ np.array([0.1, -0.7, -0.5, 0.4]), np.zeros(M)])
    p = np.exp(eta - eta.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    return (p.cumsum(axis=1) > rng.random((M, 1))).argmax(axis=1) + 1


SOFTMAX_LABELS = _softmax_labels()
SOFTMAX_WEIGHTS = np.random.default_rng(6).integers(0, 4, M).astype(float)  # a quarter of them 0
SOFTMAX_FITS = {  # name: the options of both faces' newton
    "notes": {},
    "penalised": {"lam": 2.0, "prior": "symmetric"},
    "penalised-notes-prior": {"lam": 0.5, "penalize_intercept": True},
    "weighted": {"sample_weight": SOFTMAX_WEIGHTS},
    "weighted-penalised": {"sample_weight": SOFTMAX_WEIGHTS, "lam": 1.0, "prior": "symmetric"},
}


@pytest.mark.parametrize("rows", CHUNKINGS + [5000])  # 5000 rows: rechunked to whole blocks
@pytest.mark.parametrize("case", sorted(SOFTMAX_FITS))
def test_x7_softmax_newton_iterates_are_the_fast_faces(scheduler, rows, case):
    """SM-4, X-1, X-2: Θ, every iterate, the step lengths and the iteration count equal the fast
    face's with ``==``: ℓ, ∇ℓ, −H and the separation test are the same block sums."""
    options = dict(SOFTMAX_FITS[case])
    Xd, yd, wd = _chunked(rows, X, SOFTMAX_LABELS, SOFTMAX_WEIGHTS)
    fast = FS.newton(X, SOFTMAX_LABELS, record=True, **options)
    if "sample_weight" in options:
        options["sample_weight"] = wd
    dist = DS.newton(Xd, yd, record=True, **options)
    _same(fast, dist)
    assert fast.theta.shape == (3, D) and fast.iterations > 2


@pytest.mark.parametrize("rows", CHUNKINGS + [5000])
@pytest.mark.parametrize("case", sorted(SOFTMAX_FITS))
def test_x7_softmax_gradient_ascent_iterates_are_the_fast_faces(scheduler, rows, case):
    """SM-4, X-1, X-2: Θ and every iterate of softmax gradient ascent (30 steps; averaged, so Σwᵢ
    too is the fast face's block sum) equal the fast face's with ``==``."""
    options = dict(SOFTMAX_FITS[case], alpha=0.5, max_iterations=30, tol=None, average=True)
    Xd, yd, wd = _chunked(rows, X, SOFTMAX_LABELS, SOFTMAX_WEIGHTS)
    fast = FS.gradient_ascent(X, SOFTMAX_LABELS, np.zeros((3, D)), record=True, **options)
    if "sample_weight" in options:
        options["sample_weight"] = wd
    _same(fast, DS.gradient_ascent(Xd, yd, np.zeros((3, D)), record=True, **options))
    assert fast.iterations == 30


def test_x7_softmax_gradient_ascent_on_separable_classes_raises_the_fast_faces_error(scheduler):
    """Three classes in bands of x₁ half a unit apart: a Θ of the ascent (the sixth) puts every
    example in its own class, the test runs over the chunks, and the fit stops there as the fast
    face's does (weights of 0 leave their examples out of the test, as in memory)."""
    Xs = X.copy()
    b = Xs[:, 1]
    Xs[:, 1] = np.where(b < -0.5, b - 0.5, np.where(b > 0.5, b + 0.5, b))
    y = np.where(Xs[:, 1] < -0.5, 1, np.where(Xs[:, 1] > 0.5, 3, 2))
    options = dict(alpha=1e-3, max_iterations=3000)
    for weight in (None, SOFTMAX_WEIGHTS):
        Xd, yd, wd = _chunked(3 * BLOCK, Xs, y, SOFTMAX_WEIGHTS)
        expected = _raised(lambda: FS.gradient_ascent(Xs, y, np.zeros((2, D)), sample_weight=weight, **options))
        got = _raised(lambda: DS.gradient_ascent(Xd, yd, np.zeros((2, D)), sample_weight=None if weight is None else wd,
                                                 **options))
        assert expected.type is SeparableDataError and got.type is SeparableDataError
        assert str(got.value) == str(expected.value)
        assert np.array_equal(got.value.result.path, expected.value.result.path)


def test_x7_softmax_gradient_ascent_refuses_what_the_fast_face_refuses():
    """A label above K + 1, a Θ of the wrong width, weights all 0: the fast face's errors, the
    label named by its row and chunk."""
    y = SOFTMAX_LABELS.copy()
    y[BLOCK + 3] = 9
    for Theta, labels, weight in [(np.zeros((3, D)), y, None), (np.zeros((3, D + 1)), SOFTMAX_LABELS, None),
                                  (np.zeros((3, D)), SOFTMAX_LABELS, np.zeros(M))]:
        expected = _raised(lambda: FS.gradient_ascent(X, labels, Theta, 0.1, sample_weight=weight))
        Xd, yd = _chunked(BLOCK, X, labels)
        got = _raised(lambda: DS.gradient_ascent(Xd, yd, Theta, 0.1, sample_weight=weight))
        assert got.type is expected.type
        assert str(got.value).startswith(str(expected.value))


def test_x7_softmax_newton_from_a_given_theta_without_damping_is_the_fast_faces():
    start = np.full((3, D), 0.1)
    Xd, yd = _chunked(2 * BLOCK, X, SOFTMAX_LABELS)
    _same(FS.newton(X, SOFTMAX_LABELS, start, record=True, damping=False),
          DS.newton(Xd, yd, start, record=True, damping=False))


def _softmax_failures():
    """(name, X, labels, options) of fits that raise: classes separable (the test of every
    iterate), one class separable from the rest (apart at the cap), a column of X that
    depends on others (with and without weights: the examples of weight 0 hide the dependence),
    a class absent, the cap. Two chunks of three columns and three classes: the verdicts near
    separation go to 50 digits, whose cost grows with m(kn)²."""
    m = BLOCK + 300
    Xs, y, weight = X[:m, :3], np.minimum(SOFTMAX_LABELS[:m], 3), SOFTMAX_WEIGHTS[:m]
    dependent = Xs.copy()
    dependent[weight > 0, 2] = 2.0 * Xs[weight > 0, 1]
    return [("separable", Xs, 1 + (Xs[:, 1] > 0) + (Xs[:, 1] > 1), {}),
            ("class apart", Xs, np.where(Xs[:, 1] > 0.4, 3, np.minimum(y, 2)), {"max_iterations": 17}),
            ("dependent columns", np.column_stack([Xs, Xs[:, 2] - Xs[:, 1]]), y, {}),
            ("dependent where weighted", dependent, y, {"sample_weight": weight}),
            ("class absent", Xs, np.where(y == 2, 1, y), {}),
            ("capped", Xs, y, {"max_iterations": 2})]


@pytest.mark.parametrize("failure", range(len(_softmax_failures())))
def test_x7_softmax_newton_raises_the_fast_faces_errors(scheduler, failure):
    """The fast face's error (type, words, the iterates of its result) for each of
    ``_softmax_failures``, on chunks of one block."""
    name, Xf, y, options = _softmax_failures()[failure]
    expected = _raised(lambda: FS.newton(Xf, y, record=True, **options))
    Xd, yd = _chunked(BLOCK, Xf, y)
    if "sample_weight" in options:
        options = {**options, "sample_weight": _chunked(BLOCK, options["sample_weight"])[0]}
    got = _raised(lambda: DS.newton(Xd, yd, record=True, **options))
    assert got.type is expected.type, name
    assert str(got.value) == str(expected.value), name
    result = getattr(expected.value, "result", None)
    if result is not None:
        assert np.array_equal(got.value.result.theta, result.theta), name
        assert np.array_equal(got.value.result.path, result.path), name


@pytest.mark.parametrize("failure, words", [
    ("separable", "the classes are linearly separable"),
    ("class apart", "class 3 is linearly separable from the others (the iterate of step 17"),
    ("dependent columns", "column 3 of X"), ("dependent where weighted", "column 2 of X is 2 × column 1"),
    ("class absent", "class 2 of 1..3 does not occur"), ("capped", "did not converge in 2 iterations")])
def test_x7_softmax_failures_are_the_ones_named(failure, words):
    """Each of ``_softmax_failures`` fails the fast face as its name says (so that the parity of
    the errors above compares the errors meant)."""
    name, Xf, y, options = next(f for f in _softmax_failures() if f[0] == failure)
    assert words in str(_raised(lambda: FS.newton(Xf, y, **options)).value)


def test_x7_softmax_log_likelihood_is_the_fast_faces_to_rounding():
    Theta = np.array([[0.2, 0.9, -0.4, 0.1], [-0.3, 0.2, 0.8, -0.6], [0.1, -0.7, -0.5, 0.4]])
    Xd, yd, wd = _chunked(2 * BLOCK, X, SOFTMAX_LABELS, SOFTMAX_WEIGHTS)
    for weight, given in [(None, None), (SOFTMAX_WEIGHTS, wd)]:
        assert DS.log_likelihood(Xd, yd, Theta, given) == pytest.approx(
            FS.log_likelihood(X, SOFTMAX_LABELS, Theta, weight), rel=1e-12, abs=0)


@pytest.mark.parametrize("rows", CHUNKINGS)
@pytest.mark.parametrize("lam", [0, 2.0])
def test_x7_normal_equations_are_the_fast_faces(scheduler, rows, lam):
    Xd, yd = _chunked(rows, X, TARGETS)
    assert np.array_equal(DR.normal_equations(Xd, yd, lam=lam),
                          FR.normal_equations(X, TARGETS, lam=lam))


CLASSES = np.random.default_rng(3).integers(1, 5, M).astype(float)  # k = 4
GX = X[:, 1:] + 3.0  # GDA's features: no constant column (its Σ would be singular)


def _same_model(fast, dist):
    """Two GDA models field by field with ``==`` (φ, the means, Σ)."""
    assert type(dist) is type(fast)
    for name in fast.__dataclass_fields__:
        assert np.array_equal(getattr(dist, name), getattr(fast, name)), name


@pytest.mark.parametrize("rows", CHUNKINGS)
def test_x7_gda_fits_are_the_fast_faces(scheduler, rows):
    """GDA-1, X-3: the blocks' class sizes, means and scatter merged in block order give φ, μ and
    Σ equal to the fast face's, for two classes and for k."""
    Xd, yd, cd = _chunked(rows, GX, LABELS, CLASSES)
    _same_model(FN.gda_fit(GX, LABELS), DN.gda_fit(Xd, yd))
    _same_model(FN.gda_classes_fit(GX, CLASSES), DN.gda_classes_fit(Xd, cd))


def test_x7_gda_chunks_not_made_of_whole_blocks_and_labels_in_memory():
    Xd, yd = _chunked(5000, GX, LABELS)
    _same_model(FN.gda_fit(GX, LABELS), DN.gda_fit(Xd, yd))
    _same_model(FN.gda_classes_fit(GX, CLASSES), DN.gda_classes_fit(GX, CLASSES))


def test_x7_gda_singular_sigma_and_a_nan_raise_the_fast_faces_errors(scheduler):
    """A dependent feature (named), a feature scaled by 1e-170 (dependent in float64), a class
    without examples, a NaN (its row and chunk named)."""
    dependent = np.column_stack([GX, GX[:, 0] * 2.0])
    tiny = GX.copy()
    tiny[:, 1] *= 1e-170
    Xn = GX.copy()
    Xn[2 * BLOCK + 17, 1] = np.nan
    ones = np.ones(M)
    for data, labels in [(dependent, LABELS), (tiny, LABELS), (GX, ones), (Xn, LABELS)]:
        expected = _raised(lambda: FN.gda_fit(data, labels))
        got = _raised(lambda: DN.gda_fit(*_chunked(2 * BLOCK, data, labels)))
        assert got.type is expected.type
        if data is Xn:
            assert str(got.value) == f"{expected.value} (in the chunk of rows {2 * BLOCK}–{4 * BLOCK - 1})"
        else:
            assert str(got.value) == str(expected.value)
    expected = _raised(lambda: FN.gda_classes_fit(dependent, CLASSES))
    got = _raised(lambda: DN.gda_classes_fit(*_chunked(BLOCK, dependent, CLASSES)))
    assert got.type is expected.type is SingularMatrixError and str(got.value) == str(expected.value)


BINARY = (X[:, 1:] > 0.5).astype(float)  # NB-2's binary features
WEIGHTS = np.random.default_rng(11).uniform(0.0, 2.0, M)


def _features(Xd, kind):
    """NB-2's 0/1 features as dense chunks or as scipy.sparse ones (the features that are 1)."""
    return Xd.map_blocks(sp.csr_matrix) if kind == "sparse chunks" else Xd


@pytest.mark.parametrize("rows", CHUNKINGS)
@pytest.mark.parametrize("kind", ["dense", "sparse chunks"])
def test_x7_bernoulli_fit_is_the_fast_faces(scheduler, rows, kind):
    """NB-2: the chunks' class and feature counts added: the fast face's model, counts and φ;
    X-2's weighted counts added chunk after chunk, row after row, as the fast face adds them."""
    Xd, yd, wd = _chunked(rows, BINARY, LABELS, WEIGHTS)
    Xd = _features(Xd, kind)
    fast = FB.bernoulli_fit(BINARY, LABELS, alpha=0.5)
    got = DB.bernoulli_fit(Xd, yd, alpha=0.5)
    _same_model(fast, got)
    assert got.class_count.dtype == fast.class_count.dtype == np.int64
    _same_model(FB.bernoulli_fit(BINARY, LABELS), DB.bernoulli_fit(BINARY, LABELS))
    _same_model(FB.bernoulli_fit(BINARY, LABELS, sample_weight=WEIGHTS), DB.bernoulli_fit(Xd, yd, sample_weight=wd))


def test_x7_bernoulli_bad_input_raises_the_fast_faces_errors(scheduler):
    """A non-binary entry and a bad label name their row and chunk; a class without examples
    and a bad alpha in the fast face's words."""
    bad_x = BINARY.copy()
    bad_x[BLOCK + 7, 2] = 2.0
    bad_y = LABELS.copy()
    bad_y[3 * BLOCK + 1] = 0.5
    for data, labels, row in [(bad_x, LABELS, BLOCK + 7), (BINARY, bad_y, 3 * BLOCK + 1)]:
        expected = _raised(lambda: FB.bernoulli_fit(data, labels))
        got = _raised(lambda: DB.bernoulli_fit(*_chunked(2 * BLOCK, data, labels)))
        first = row // (2 * BLOCK) * 2 * BLOCK
        assert got.type is expected.type is ValueError
        assert str(got.value) == f"{expected.value} (in the chunk of rows {first}–{first + 2 * BLOCK - 1})"
    for labels, alpha in [(np.ones(M), 1), (LABELS, -1.0)]:
        expected = _raised(lambda: FB.bernoulli_fit(BINARY, labels, alpha))
        got = _raised(lambda: DB.bernoulli_fit(*_chunked(BLOCK, BINARY, labels), alpha))
        assert got.type is expected.type and str(got.value) == str(expected.value)


COUNTS_MATRIX = np.random.default_rng(5).poisson(0.8, (M, 12))  # NB-6: word counts, int64


def _bags(counts):
    """The rows of a count matrix as the fast face's bags of words (as MultinomialNB passes them)."""
    A = sp.csr_matrix(counts)
    return FB.Documents(A.indices, A.indptr, A.data, counts.shape[1])


@pytest.mark.parametrize("rows", CHUNKINGS + [5000])
@pytest.mark.parametrize("kind", ["integer", "real", "sparse chunks"])
def test_x7_multinomial_fit_is_the_fast_faces(scheduler, rows, kind):
    """NB-6, X-4: integer counts added exactly chunk by chunk; real counts (float sums that round)
    added chunk after chunk in the fast face's order: its model bit for bit, two classes and k."""
    counts = COUNTS_MATRIX * 0.37 if kind == "real" else COUNTS_MATRIX
    Xd, yd, cd = _chunked(rows, counts, LABELS, CLASSES)
    if kind == "sparse chunks":
        Xd = Xd.map_blocks(sp.csr_matrix)
    n = counts.shape[1]
    fast = FB.multinomial_fit(_bags(counts), LABELS, n, alpha=0.5)
    _same_model(fast, DB.multinomial_fit(Xd, yd, alpha=0.5))
    assert fast.word_count.dtype == (np.float64 if kind == "real" else np.int64)
    _same_model(FB.multinomial_classes_fit(_bags(counts), CLASSES, n), DB.multinomial_classes_fit(Xd, cd))


@pytest.mark.parametrize("rows", CHUNKINGS)
@pytest.mark.parametrize("kind", ["dense", "sparse chunks"])
def test_x4_x7_bernoulli_classes_fit_is_the_fast_faces(scheduler, rows, kind):
    Xd, cd, wd = _chunked(rows, BINARY, CLASSES, WEIGHTS)
    Xd = _features(Xd, kind)
    _same_model(FB.bernoulli_classes_fit(BINARY, CLASSES, alpha=0.5), DB.bernoulli_classes_fit(Xd, cd, alpha=0.5))
    _same_model(FB.bernoulli_classes_fit(BINARY, CLASSES, sample_weight=WEIGHTS),
                DB.bernoulli_classes_fit(Xd, cd, sample_weight=wd))


def test_x7_a_bad_entry_of_a_sparse_chunk_of_features_is_the_fast_faces_error(scheduler):
    """A stored entry neither 0 nor 1 (or NaN) of a scipy.sparse chunk: the dense X's error in
    the fast face's words, named by its row in X and its chunk's rows."""
    for bad in (2.0, np.nan):
        features = BINARY.copy()
        features[BLOCK + 7, 2] = bad
        expected = _raised(lambda: FB.bernoulli_fit(features, LABELS))
        Xd, yd = _chunked(2 * BLOCK, features, LABELS)
        got = _raised(lambda: DB.bernoulli_fit(_features(Xd, "sparse chunks"), yd))
        assert got.type is expected.type is ValueError
        assert str(got.value) == f"{expected.value} (in the chunk of rows 0–{2 * BLOCK - 1})"


def test_x7_multinomial_bad_input_raises_the_fast_faces_errors(scheduler):
    """A negative count and a NaN in the fast face's words, named by their row and column in X
    and their chunk's rows; a bad label, a class without examples, a bad alpha and a class
    past 2⁶³ − 1 words as the fast face says them."""
    for bad, words in [(-2.0, "counts must be >= 0"), (np.nan, "expected a finite number")]:
        counts = COUNTS_MATRIX.astype(float)
        counts[BLOCK + 7, 3] = bad
        expected = _raised(lambda: FB.multinomial_fit(_bags(counts), LABELS, 12))
        got = _raised(lambda: DB.multinomial_fit(*_chunked(2 * BLOCK, counts, LABELS)))
        assert got.type is expected.type is ValueError and str(expected.value).endswith(words)
        assert str(got.value) == f"X[{BLOCK + 7}][3] is {bad}: {words} (in the chunk of rows 0–{2 * BLOCK - 1})"
    bad_y = LABELS.copy()
    bad_y[3 * BLOCK + 1] = 0.5
    expected = _raised(lambda: FB.multinomial_fit(_bags(COUNTS_MATRIX), bad_y, 12))
    got = _raised(lambda: DB.multinomial_fit(*_chunked(2 * BLOCK, COUNTS_MATRIX, bad_y)))
    assert str(got.value) == f"{expected.value} (in the chunk of rows {2 * BLOCK}–{4 * BLOCK - 1})"
    huge = COUNTS_MATRIX.copy()
    labels = LABELS.copy()
    for row, label, word in [(5, 0, 0), (BLOCK + 3, 1, 1), (BLOCK + 4, 1, 1), (BLOCK + 9, 0, 2),
                             (BLOCK + 10, 0, 2)]:  # both classes pass 2⁶³ − 1 in chunk 1, class 1 first
        huge[row, word] = 2 ** 62
        labels[row] = label
    for data, y, alpha in [(COUNTS_MATRIX, np.ones(M), 1), (COUNTS_MATRIX, LABELS, -1.0), (huge, labels, 1)]:
        expected = _raised(lambda: FB.multinomial_fit(_bags(data), y, 12, alpha))
        got = _raised(lambda: DB.multinomial_fit(*_chunked(BLOCK, data, y), alpha))
        assert got.type is expected.type and str(got.value) == str(expected.value)
    expected = _raised(lambda: FB.multinomial_classes_fit(_bags(huge), labels + 1, 12))
    got = _raised(lambda: DB.multinomial_classes_fit(*_chunked(BLOCK, huge, labels + 1)))
    assert str(got.value) == str(expected.value)


def test_x7_chunks_not_made_of_whole_blocks_are_rechunked():
    Xd, yd = _chunked(5000, X, LABELS)  # 5000 rows: blocks would straddle chunks
    _same(FL.newton(X, LABELS, record=True), DL.newton(Xd, yd, record=True))


def test_x7_arrays_in_memory_are_accepted():
    assert np.array_equal(DR.normal_equations(X, TARGETS), FR.normal_equations(X, TARGETS))


def _raised(f):
    with pytest.raises(Exception) as info:
        f()
    return info


def test_x7_a_singular_x_raises_the_fast_faces_error(scheduler):
    Xs = np.column_stack([X, X[:, 1] * 2.0])
    Xd, yd, td = _chunked(2 * BLOCK, Xs, LABELS, TARGETS)
    for fast, dist in [(lambda: FL.newton(Xs, LABELS), lambda: DL.newton(Xd, yd)),
                       (lambda: FR.normal_equations(Xs, TARGETS), lambda: DR.normal_equations(Xd, td))]:
        expected, got = _raised(fast), _raised(dist)
        assert expected.type is SingularMatrixError and got.type is SingularMatrixError
        assert str(got.value) == str(expected.value)


def test_x7_separable_data_raise_the_fast_faces_error(scheduler):
    y = (X[:, 1] > 0).astype(float)
    Xd, yd = _chunked(3 * BLOCK, X, y)
    expected, got = _raised(lambda: FL.newton(X, y)), _raised(lambda: DL.newton(Xd, yd))
    assert expected.type is SeparableDataError and got.type is SeparableDataError
    assert str(got.value) == str(expected.value)
    assert np.array_equal(got.value.result.path, expected.value.result.path)


@pytest.mark.parametrize("row", [5, 2 * BLOCK + 17, M - 1])
def test_x7_a_nan_names_its_row_and_its_chunk(scheduler, row):
    Xn = X.copy()
    Xn[row, 2] = np.nan
    Xd, yd = _chunked(2 * BLOCK, Xn, LABELS)
    expected = _raised(lambda: FL.newton(Xn, LABELS))
    got = _raised(lambda: DL.newton(Xd, yd))
    assert got.type is ValueError
    first = row // (2 * BLOCK) * 2 * BLOCK
    last = min(first + 2 * BLOCK, M) - 1
    assert str(got.value) == f"{expected.value} (in the chunk of rows {first}–{last})"


def test_x7_a_bad_label_names_its_row_and_its_chunk():
    y = LABELS.copy()
    y[BLOCK + 3] = 2.0
    Xd, yd = _chunked(BLOCK, X, y)
    expected = _raised(lambda: FL.newton(X, y))
    got = _raised(lambda: DL.newton(Xd, yd))
    assert str(got.value) == f"{expected.value} (in the chunk of rows {BLOCK}–{2 * BLOCK - 1})"


@pytest.mark.parametrize("name", ["X", "y"])
def test_x7_a_chunk_of_the_wrong_shape_names_its_rows(name):
    """A chunk whose array is not the shape its dask array declares (a delayed load that went
    wrong): a ValueError naming the array, the chunk's rows and both shapes, before any pass."""
    import dask
    wrong = (X[BLOCK:2 * BLOCK, :3] if name == "X" else LABELS[BLOCK:2 * BLOCK - 5])
    declared = (BLOCK, D) if name == "X" else (BLOCK,)
    whole = X if name == "X" else LABELS
    parts = [da.from_array(whole[:BLOCK]), da.from_delayed(dask.delayed(lambda: wrong)(), shape=declared, dtype=float),
             da.from_array(whole[2 * BLOCK:])]
    Xd, yd = _chunked(BLOCK, X, LABELS)
    Xd, yd = (da.concatenate(parts), yd) if name == "X" else (Xd, da.concatenate(parts))
    with pytest.raises(ValueError) as e:
        DL.newton(Xd, yd)
    assert str(e.value) == (f"{name}: the chunk of rows {BLOCK}–{2 * BLOCK - 1} holds an array of shape "
                            f"{wrong.shape}, not the {declared} its dask array declares")


def test_x7_shapes_are_checked_before_any_pass():
    Xd, yd = _chunked(BLOCK, X, LABELS[:-1])
    with pytest.raises(ValueError, match=re.escape("X")):
        DL.newton(Xd, yd)
    with pytest.raises(ValueError, match="2-dimensional"):
        DL.newton(da.from_array(LABELS), da.from_array(LABELS))
    with pytest.raises(ValueError, match="solver"):
        DR.normal_equations(*_chunked(BLOCK, X, TARGETS), solver="svd")


@pytest.mark.parametrize("rows", CHUNKINGS)
@pytest.mark.parametrize("lam", [0, 0.5])
def test_lr_12_x_1_the_tall_skinny_qr_is_the_fast_faces_qr_to_rounding(scheduler, rows, lam):
    """solver="qr": dask's tall-skinny R of [X | y] (and the ridge rows stacked under it) solves
    least squares as the fast face's Householder QR does, to rounding; never XᵀX."""
    fast = FR.normal_equations(X, TARGETS, "qr", lam=lam)
    got = DR.normal_equations(*_chunked(rows, X, TARGETS), solver="qr", lam=lam)
    assert np.max(np.abs(got - fast)) <= 1e-12 * np.max(np.abs(fast))


def test_lr_12_the_tall_skinny_qr_names_a_dependent_column_as_the_fast_face(scheduler):
    Xs = np.column_stack([X, 2 * X[:, 1]])
    expected = _raised(lambda: FR.normal_equations(Xs, TARGETS, "qr"))
    got = _raised(lambda: DR.normal_equations(*_chunked(BLOCK, Xs, TARGETS), solver="qr"))
    assert got.type is expected.type is SingularMatrixError
    assert str(got.value) == str(expected.value)
    few = _raised(lambda: DR.normal_equations(*_chunked(BLOCK, X[:2], TARGETS[:2]), solver="qr"))
    assert str(few.value) == str(_raised(lambda: FR.normal_equations(X[:2], TARGETS[:2], "qr")).value)


# ---- faults: a worker lost in the middle of a fit ------------------------------------------------

def _dies_at(chunk, tally, chunk_index, computation, block_info=None):
    """The chunk as it is; the ``computation``-th time chunk ``chunk_index`` is computed (each
    pass of a fit computes it again), the worker process computing it dies at once (os._exit):
    a machine lost in the middle of a pass. ``tally`` is a file that counts the computations
    across the worker's restart."""
    import os
    if block_info[0]["chunk-location"][0] == chunk_index:
        with open(tally, "a") as f:
            f.write(".")
        if os.path.getsize(tally) == computation:
            os._exit(1)
    return chunk


@pytest.mark.parametrize("computation", [1, 3])
def test_x7_a_worker_killed_in_the_middle_of_a_fit_changes_nothing(cluster, tmp_path, computation):
    """A worker dies while it computes a chunk, at the validation pass (1) or at Newton's second
    pass (3): the scheduler computes the lost chunk again on a live worker (the nanny restarts the
    dead one), and θ and every iterate are the fast face's bit for bit."""
    tally = tmp_path / "computed"
    Xd, yd = _chunked(BLOCK, X, LABELS)
    faulty = Xd.map_blocks(_dies_at, str(tally), 3, computation, dtype=X.dtype)
    with distributed.Client(cluster) as client:
        client.wait_for_workers(2, timeout=60)
        workers = set(client.scheduler_info()["workers"])
        got = DL.newton(faulty, yd, record=True)
        assert len(tally.read_text()) > computation  # the chunk was computed again after the fault
        client.wait_for_workers(2, timeout=60)  # the restarted worker, for the tests that follow
        assert set(client.scheduler_info()["workers"]) != workers  # one died, a new one took its place
    _same(FL.newton(X, LABELS, record=True), got)


# ---- data larger than memory: read chunk by chunk ------------------------------------------------

def _zarr_problem(directory, m):
    """X (m × 20, a column of ones first) and labels as zarr arrays on disk, chunks of one block."""
    rng = np.random.default_rng(11)
    Xm = rng.standard_normal((m, 20))
    Xm[:, 0] = 1.0
    theta = rng.standard_normal(20) * 0.3
    ym = (rng.random(m) < 1 / (1 + np.exp(-Xm @ theta))).astype(float)
    da.to_zarr(da.from_array(Xm, chunks=(BLOCK, 20)), str(directory / "X.zarr"))
    da.to_zarr(da.from_array(ym, chunks=(BLOCK,)), str(directory / "y.zarr"))
    return Xm.nbytes


def test_x7_a_fit_of_arrays_on_disk_holds_a_few_chunks_in_memory(tmp_path):
    """Logistic Newton on zarr arrays, in a fresh process (dask's default scheduler, two threads):
    the peak resident memory of a fit four times larger grows by less than a tenth of the data
    added (each pass holds a few chunks of one block at a time, never X whole), and θ is the fast
    face's of the same data in memory, bit for bit."""
    pytest.importorskip("zarr", reason="arrays on disk need zarr (the [dask] extra)")
    from tests.estimators.memory import peak
    peaks, sizes = [], []
    for m in (25 * BLOCK, 100 * BLOCK):
        directory = tmp_path / str(m)
        directory.mkdir()
        sizes.append(_zarr_problem(directory, m))
        setup = f"""
            import dask, dask.array as da
            dask.config.set(num_workers=2)
            from cs229.distributed import logistic_regression as DL
            X, y = da.from_zarr("{directory}/X.zarr"), da.from_zarr("{directory}/y.zarr")
            """
        mb, theta = peak(setup, "DL.newton(X, y).theta.tolist()")
        peaks.append(mb)
        assert np.array_equal(theta, FL.newton(np.asarray(da.from_zarr(str(directory / "X.zarr"))),
                                              np.asarray(da.from_zarr(str(directory / "y.zarr")))).theta)
    added_mb = (sizes[1] - sizes[0]) / 2 ** 20
    assert peaks[1] - peaks[0] < added_mb / 10, (peaks, added_mb)


# ---- predictions over many queries (LWR, the SVM) -------------------------------------------------

def _lwr_problem():
    rng = np.random.default_rng(4)
    Xl = np.c_[np.ones(1500), rng.standard_normal((1500, 2))]
    yl = Xl @ np.array([0.5, 2.0, -1.0]) + np.sin(3 * Xl[:, 1]) + 0.1 * rng.standard_normal(1500)
    queries = np.c_[np.ones(2000), rng.standard_normal((2000, 2))]
    return Xl, yl, queries


@pytest.mark.parametrize("rows", [2000, 700, 256])
def test_lr_14_x7_lwr_predictions_are_the_fast_faces(scheduler, rows):
    """A dask array of predictions (lazy), the fast face's: the queries' chunks are cut into
    whole blocks of its QUERY_BLOCK queries (700 is rechunked), whose BLAS products are rounded as
    the fast face rounds them, bit for bit in this process; the cluster's workers run BLAS on one
    thread (the nanny's default), which splits the product W·P otherwise: to rounding there."""
    from cs229.distributed import linear_regression as DR_
    Xl, yl, queries = _lwr_problem()
    expected = FR.lwr_predict(Xl, yl, queries, 0.5)
    same = np.array_equal if scheduler is None else partial(np.allclose, rtol=1e-12, atol=1e-12)
    lazy = DR_.lwr_predict(Xl, yl, da.from_array(queries, chunks=(rows, 3)), 0.5)
    assert isinstance(lazy, da.Array)
    assert same(lazy.compute(), expected)
    assert same(DR_.lwr_predict(*_chunked(300, Xl, yl), queries, 0.5).compute(), expected)


def test_lr_14_x7_a_singular_query_is_named_by_its_row_in_all_the_queries():
    from cs229.distributed import linear_regression as DR_
    Xl, yl, queries = _lwr_problem()
    queries[1300, 1] = 1e3  # no example near it: XᵀWX underflows to 0
    expected = _raised(lambda: FR.lwr_predict(Xl, yl, queries, 0.5))
    got = _raised(lambda: DR_.lwr_predict(Xl, yl, da.from_array(queries, chunks=(512, 3)), 0.5).compute())
    assert got.type is expected.type and str(got.value) == str(expected.value)
    assert "at query 1300" in str(got.value)
    with pytest.raises(ValueError, match="^queries have 2 columns but X has 3$"):
        DR_.lwr_predict(Xl, yl, da.from_array(queries[:, :2]), 0.5)
    with pytest.raises(ValueError, match="tau"):
        DR_.lwr_predict(Xl, yl, queries, 0.0)


@pytest.mark.parametrize("kernel", ["linear", "gaussian"])
def test_omc_5_x7_svm_decision_values_and_labels_are_the_fast_faces(scheduler, kernel):
    from cs229.distributed import svm as DS
    from cs229.fast import smo as FSM
    from cs229.fast import svm as FS
    from cs229.fast.kernels import Gaussian, Linear
    rng = np.random.default_rng(9)
    Xs = rng.standard_normal((400, 3))
    ys = np.where(Xs[:, 0] + 0.5 * Xs[:, 1] ** 2 + 0.3 * rng.standard_normal(400) > 0, 7, 3)
    model = FSM.smo(Xs, ys, C=1.0, kernel=Linear() if kernel == "linear" else Gaussian(1.0), classes=(3, 7))
    Z = rng.standard_normal((3000, 3))
    values = DS.decision_function(model, da.from_array(Z, chunks=(700, 3)))
    assert isinstance(values, da.Array)
    assert np.array_equal(values.compute(), FS.decision_function(model, Z))
    assert np.array_equal(DS.predict(model, da.from_array(Z, chunks=(1000, 3))).compute(), FS.predict(model, Z))
    with pytest.raises(ValueError, match="Z"):
        DS.decision_function(model, da.from_array(Z[:, :2]))


@pytest.mark.parametrize("discrete", [False, True])
def test_dt_1_x7_tree_predictions_are_the_fast_faces(scheduler, discrete):
    """A dask array of leaf labels (lazy), the fast face's, whatever the chunks (700 rows)."""
    from cs229.distributed import trees as DT
    from cs229.fast import trees as FT
    rng = np.random.default_rng(12)
    Xt = rng.integers(0, 3, (500, 4)).astype(float) if discrete else rng.standard_normal((500, 4))
    yt = (Xt[:, 0] + Xt[:, 1] > (2 if discrete else 0)).astype(int)
    tree = FT.tree_fit(Xt, yt, discrete=discrete, max_depth=4)
    Z = rng.integers(0, 3, (3000, 4)).astype(float) if discrete else rng.standard_normal((3000, 4))
    labels = DT.predict(tree, da.from_array(Z, chunks=(700, 4)))
    assert isinstance(labels, da.Array) and labels.dtype == np.int64
    assert np.array_equal(labels.compute(), FT.predict(tree, Z))
    with pytest.raises(ValueError, match="X"):
        DT.predict(tree, da.from_array(Z[:, :3]))
