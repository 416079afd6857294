"""X-5 and X-2 in cs229.distributed: an offset, an exposure and sample weights, dask arrays chunked
as the rows (or arrays in memory), give cs229.fast's GLM fits and weighted normal equations bit for bit (θ and every iterate,
with ``==``) for several chunkings and on both schedulers; their bad entries raise the fast
face's errors, naming the row and its chunk."""
import re

import numpy as np
import pytest

da = pytest.importorskip("dask.array", reason="cs229.distributed needs the [dask] extra (dask[array])")
pytest.importorskip("distributed", reason="cs229.distributed's cluster tests need the [dask] extra "
                    "(distributed)")

from cs229.distributed import generative as DN  # noqa: E402
from cs229.distributed import glm as DG  # noqa: E402
from cs229.distributed import naive_bayes as DB  # noqa: E402
from cs229.distributed import linear_regression as DR  # noqa: E402
from cs229.fast import generative as FN  # noqa: E402
from cs229.fast import glm as FG  # noqa: E402
from cs229.fast import naive_bayes as FB  # noqa: E402
from cs229.fast import linear_regression as FR  # noqa: E402
from cs229.fast._summation import ROWS_PER_BLOCK as BLOCK  # noqa: E402
from cs229.reference import exponential_family as ef  # noqa: E402

from .test_parity import (BINARY, CHUNKINGS, CLASSES, COUNTS, COUNTS_MATRIX, GX, LABELS, M, TARGETS, X,  # noqa: E402
                          _bags, _chunked, _raised, _same, _same_model)
from .test_parity import cluster, scheduler  # noqa: E402, F401

rng = np.random.default_rng(5)
EXPOSURE = rng.uniform(0.5, 3.0, M)
OFFSET = np.log(EXPOSURE)
WEIGHTS = rng.integers(0, 4, M).astype(float)  # a quarter of them 0


@pytest.mark.parametrize("rows", CHUNKINGS)
@pytest.mark.parametrize("lam", [0, 0.5])
def test_x5_x2_poisson_with_offset_exposure_and_weights_is_the_fast_faces(scheduler, rows, lam):
    Xd, yd, od, ed, wd = _chunked(rows, X, COUNTS, OFFSET, EXPOSURE, WEIGHTS)
    _same(FG.poisson_regression(X, COUNTS, record=True, lam=lam, offset=OFFSET),
          DG.poisson_regression(Xd, yd, record=True, lam=lam, offset=od))
    _same(FG.poisson_regression(X, COUNTS, record=True, lam=lam, exposure=EXPOSURE,
                                sample_weight=WEIGHTS),
          DG.poisson_regression(Xd, yd, record=True, lam=lam, exposure=ed, sample_weight=wd))


@pytest.mark.parametrize("family", [ef.BERNOULLI, ef.GAUSSIAN])
@pytest.mark.parametrize("rows", CHUNKINGS)
def test_x5_x2_glm_newton_with_offset_and_weights_is_the_fast_faces(scheduler, rows, family):
    y = LABELS if family is ef.BERNOULLI else TARGETS
    offset = 0.3 * OFFSET
    Xd, yd, od, wd = _chunked(rows, X, y, offset, WEIGHTS)
    fast = FG.newton(family, X, y, record=True, offset=offset, sample_weight=WEIGHTS)
    _same(fast, DG.newton(family, Xd, yd, record=True, offset=od, sample_weight=wd))
    # the offset and the weights do reach the sums
    assert not np.array_equal(fast.theta, FG.newton(family, X, y).theta)


@pytest.mark.parametrize("rows", CHUNKINGS)
@pytest.mark.parametrize("average", [False, True])
def test_x5_x2_glm_gradient_ascent_with_offset_and_weights_is_the_fast_faces(scheduler, rows, average):
    """GLM-4's gradient ascent with an offset and sample weights (averaged: ÷ Σwᵢ, summed over
    blocks as the fast face sums it), θ and every iterate bit for bit."""
    Xd, yd, od, wd = _chunked(rows, X, COUNTS, OFFSET, WEIGHTS)
    options = dict(alpha=0.5 if average else 2e-5, max_iterations=30, tol=None, average=average)
    fast = FG.gradient_ascent(ef.POISSON, X, COUNTS, np.zeros(4), record=True, offset=OFFSET,
                              sample_weight=WEIGHTS, **options)
    _same(fast, DG.gradient_ascent(ef.POISSON, Xd, yd, np.zeros(4), record=True, offset=od,
                                   sample_weight=wd, **options))
    assert not np.array_equal(fast.theta, FG.gradient_ascent(ef.POISSON, X, COUNTS, np.zeros(4), **options).theta)


def test_x5_x2_vectors_in_memory_and_chunks_not_of_whole_blocks_are_accepted():
    Xd, yd, wd = _chunked(5000, X, COUNTS, WEIGHTS)  # 5000 rows: rechunked to whole blocks
    _same(FG.poisson_regression(X, COUNTS, record=True, exposure=EXPOSURE, sample_weight=WEIGHTS),
          DG.poisson_regression(Xd, yd, record=True, exposure=EXPOSURE, sample_weight=wd))


def _chunk_of(row, rows):
    first = row // rows * rows
    return f"(in the chunk of rows {first}–{min(first + rows, M) - 1})"


@pytest.mark.parametrize("name, bad, row", [
    ("sample_weight", -1.0, 2 * BLOCK + 17), ("exposure", 0.0, BLOCK + 3), ("offset", np.nan, M - 1)])
def test_x5_x2_a_bad_entry_names_its_row_and_its_chunk(name, bad, row):
    given = {"sample_weight": WEIGHTS, "exposure": EXPOSURE, "offset": OFFSET}[name].copy()
    given[row] = bad
    expected = _raised(lambda: FG.poisson_regression(X, COUNTS, **{name: given}))
    Xd, yd, gd = _chunked(2 * BLOCK, X, COUNTS, given)
    got = _raised(lambda: DG.poisson_regression(Xd, yd, **{name: gd}))
    assert got.type is expected.type is ValueError
    assert str(got.value) == f"{expected.value} {_chunk_of(row, 2 * BLOCK)}"


def test_x2_weights_all_0_offset_with_exposure_and_a_short_vector_are_refused_as_the_fast_face():
    Xd, yd, zd, ed = _chunked(BLOCK, X, COUNTS, np.zeros(M), EXPOSURE)
    for fast, dist in [
            (lambda: FG.poisson_regression(X, COUNTS, sample_weight=np.zeros(M)),
             lambda: DG.poisson_regression(Xd, yd, sample_weight=zd)),
            (lambda: FG.poisson_regression(X, COUNTS, offset=OFFSET, exposure=EXPOSURE),
             lambda: DG.poisson_regression(Xd, yd, offset=ed, exposure=ed)),
            (lambda: FG.newton(ef.POISSON, X, COUNTS, offset=OFFSET[:-1]),
             lambda: DG.newton(ef.POISSON, Xd, yd, offset=da.from_array(OFFSET[:-1])))]:
        expected, got = _raised(fast), _raised(dist)
        assert got.type is expected.type is ValueError
        assert str(got.value) == str(expected.value)
    with pytest.raises(ValueError, match=re.escape("every sample weight is 0")):
        DG.newton(ef.GAUSSIAN, Xd, yd, sample_weight=zd)


def test_x1_penalised_data_start_with_more_features_than_examples_is_the_fast_faces(scheduler):
    """The start of a penalised fit solves (XᵀW₀X + λI′)θ₀ = XᵀW₀z₀: 15 examples of 30 features."""
    rng = np.random.default_rng(15)
    Xw = np.column_stack([np.ones(15), rng.standard_normal((15, 29))])
    y = rng.poisson(1.5, 15).astype(float)
    Xd, yd, wd = _chunked(BLOCK, Xw, y, WEIGHTS[:15])
    _same(FG.poisson_regression(Xw, y, record=True, lam=1.0),
          DG.poisson_regression(Xd, yd, record=True, lam=1.0))
    _same(FG.poisson_regression(Xw, y, record=True, lam=1.0, sample_weight=WEIGHTS[:15]),
          DG.poisson_regression(Xd, yd, record=True, lam=1.0, sample_weight=wd))


@pytest.mark.parametrize("rows", CHUNKINGS)
@pytest.mark.parametrize("lam", [0, 0.5])
def test_x2_weighted_normal_equations_are_the_fast_faces(scheduler, rows, lam):
    """X-2: (XᵀWX + λI′)θ = XᵀWy summed on each chunk's √w-scaled rows: θ equal to the fast face's."""
    Xd, yd, wd = _chunked(rows, X, TARGETS, WEIGHTS)
    fast = FR.normal_equations(X, TARGETS, lam=lam, sample_weight=WEIGHTS)
    assert np.array_equal(DR.normal_equations(Xd, yd, lam=lam, sample_weight=wd), fast)
    assert np.array_equal(DR.normal_equations(Xd, yd, lam=lam, sample_weight=WEIGHTS), fast)
    assert not np.array_equal(fast, FR.normal_equations(X, TARGETS, lam=lam))
    qr = FR.normal_equations(X, TARGETS, "qr", lam=lam, sample_weight=WEIGHTS)  # to rounding
    got = DR.normal_equations(Xd, yd, "qr", lam=lam, sample_weight=wd)
    assert np.max(np.abs(got - qr)) <= 1e-12 * np.max(np.abs(qr))


def test_x2_bad_weights_of_the_normal_equations_are_refused_as_the_fast_face():
    """X-2: a negative weight names its row and chunk; all weights 0 and a short vector are refused
    in the fast face's words."""
    given = WEIGHTS.copy()
    given[BLOCK + 5] = -1.0
    expected = _raised(lambda: FR.normal_equations(X, TARGETS, sample_weight=given))
    Xd, yd, gd, zd = _chunked(BLOCK, X, TARGETS, given, np.zeros(M))
    got = _raised(lambda: DR.normal_equations(Xd, yd, sample_weight=gd))
    assert str(got.value) == f"{expected.value} {_chunk_of(BLOCK + 5, BLOCK)}"
    for fast, dist in [(lambda: FR.normal_equations(X, TARGETS, sample_weight=np.zeros(M)),
                        lambda: DR.normal_equations(Xd, yd, sample_weight=zd)),
                       (lambda: FR.normal_equations(X, TARGETS, sample_weight=WEIGHTS[:-1]),
                        lambda: DR.normal_equations(Xd, yd, sample_weight=da.from_array(WEIGHTS[:-1])))]:
        expected, got = _raised(fast), _raised(dist)
        assert got.type is expected.type is ValueError
        assert str(got.value) == str(expected.value)


@pytest.mark.parametrize("rows", CHUNKINGS)
def test_x2_weighted_gda_fits_are_the_fast_faces(scheduler, rows):
    """X-2: the weighted class sizes, means and scatter (rows of weight 0 left out of their
    blocks) merged in block order: φ, μ and Σ equal to the fast face's, for two classes and k."""
    Xd, yd, cd, wd = _chunked(rows, GX, LABELS, CLASSES, WEIGHTS)
    fast = FN.gda_fit(GX, LABELS, WEIGHTS)
    _same_model(fast, DN.gda_fit(Xd, yd, sample_weight=wd))
    _same_model(FN.gda_classes_fit(GX, CLASSES, WEIGHTS), DN.gda_classes_fit(Xd, cd, wd))
    _same_model(FN.gda_classes_fit(GX, CLASSES, WEIGHTS), DN.gda_classes_fit(Xd, cd, WEIGHTS))
    assert not np.array_equal(fast.Sigma, FN.gda_fit(GX, LABELS).Sigma)


def test_x2_bad_weights_of_gda_are_refused_as_the_fast_face():
    """X-2: a negative weight names its row and chunk; all weights 0, a class whose weights are
    all 0 and a short vector are refused in the fast face's words."""
    given = WEIGHTS.copy()
    given[3 * BLOCK + 9] = -2.0
    expected = _raised(lambda: FN.gda_fit(GX, LABELS, given))
    Xd, yd, gd = _chunked(2 * BLOCK, GX, LABELS, given)
    got = _raised(lambda: DN.gda_fit(Xd, yd, sample_weight=gd))
    assert str(got.value) == f"{expected.value} {_chunk_of(3 * BLOCK + 9, 2 * BLOCK)}"
    class_0 = np.where(LABELS == 0, 0.0, WEIGHTS)
    for weight in (np.zeros(M), class_0, WEIGHTS[:-1]):
        expected = _raised(lambda: FN.gda_fit(GX, LABELS, weight))
        got = _raised(lambda: DN.gda_fit(*_chunked(BLOCK, GX, LABELS), sample_weight=da.from_array(weight)))
        assert got.type is expected.type is ValueError
        assert str(got.value) == str(expected.value)


@pytest.mark.parametrize("rows", CHUNKINGS)
def test_x2_weighted_bernoulli_fit_is_the_fast_faces(scheduler, rows):
    """X-2: each count a float64 sum of weights, the chunks' rows added after the previous
    chunk's, example by example as the fast face adds them: its model bit for bit."""
    real = np.random.default_rng(9).uniform(0.1, 3.0, M)  # sums that round
    Xd, yd, wd = _chunked(rows, BINARY, LABELS, real)
    fast = FB.bernoulli_fit(BINARY, LABELS, sample_weight=real)
    _same_model(fast, DB.bernoulli_fit(Xd, yd, sample_weight=wd))
    _same_model(FB.bernoulli_fit(BINARY, LABELS, sample_weight=WEIGHTS),
                DB.bernoulli_fit(Xd, yd, sample_weight=WEIGHTS))
    assert not np.array_equal(fast.phi_j_y1, FB.bernoulli_fit(BINARY, LABELS).phi_j_y1)


def test_x2_bad_weights_of_bernoulli_fit_are_refused_as_the_fast_face():
    given = WEIGHTS.copy()
    given[2 * BLOCK + 3] = np.inf
    expected = _raised(lambda: FB.bernoulli_fit(BINARY, LABELS, sample_weight=given))
    Xd, yd, gd = _chunked(BLOCK, BINARY, LABELS, given)
    got = _raised(lambda: DB.bernoulli_fit(Xd, yd, sample_weight=gd))
    assert str(got.value) == f"{expected.value} {_chunk_of(2 * BLOCK + 3, BLOCK)}"
    class_1 = np.where(LABELS == 1, 0.0, WEIGHTS)
    for weight in (np.zeros(M), class_1, WEIGHTS[:-1]):
        expected = _raised(lambda: FB.bernoulli_fit(BINARY, LABELS, sample_weight=weight))
        got = _raised(lambda: DB.bernoulli_fit(Xd, yd, sample_weight=da.from_array(weight)))
        assert got.type is expected.type is ValueError
        assert str(got.value) == str(expected.value)


@pytest.mark.parametrize("rows", CHUNKINGS)
def test_x2_weighted_multinomial_and_k_class_fits_are_the_fast_faces(scheduler, rows):
    """X-2: each word of document i counting wᵢ, float sums chunk after chunk as the fast face
    adds them, for integer and real counts, two classes and k (multinomial and Bernoulli)."""
    real = np.random.default_rng(9).uniform(0.1, 3.0, M)
    for counts in (COUNTS_MATRIX, COUNTS_MATRIX * 0.37):
        Xd, yd, cd, wd = _chunked(rows, counts, LABELS, CLASSES, real)
        fast = FB.multinomial_fit(_bags(counts), LABELS, 12, sample_weight=real)
        _same_model(fast, DB.multinomial_fit(Xd, yd, sample_weight=wd))
        _same_model(FB.multinomial_classes_fit(_bags(counts), CLASSES, 12, sample_weight=real),
                    DB.multinomial_classes_fit(Xd, cd, sample_weight=wd))
    Bd, cd, wd = _chunked(rows, BINARY, CLASSES, real)
    _same_model(FB.bernoulli_classes_fit(BINARY, CLASSES, sample_weight=real),
                DB.bernoulli_classes_fit(Bd, cd, sample_weight=wd))


def test_x2_bad_weights_of_multinomial_fit_are_refused_as_the_fast_face():
    given = WEIGHTS.copy()
    given[2 * BLOCK + 3] = -1.0
    expected = _raised(lambda: FB.multinomial_fit(_bags(COUNTS_MATRIX), LABELS, 12, sample_weight=given))
    Xd, yd, gd = _chunked(BLOCK, COUNTS_MATRIX, LABELS, given)
    got = _raised(lambda: DB.multinomial_fit(Xd, yd, sample_weight=gd))
    assert str(got.value) == f"{expected.value} {_chunk_of(2 * BLOCK + 3, BLOCK)}"
    class_1 = np.where(LABELS == 1, 0.0, WEIGHTS)
    class_2 = np.where(CLASSES == 2, 0.0, WEIGHTS)
    for weight in (np.zeros(M), class_1):
        expected = _raised(lambda: FB.multinomial_fit(_bags(COUNTS_MATRIX), LABELS, 12, sample_weight=weight))
        got = _raised(lambda: DB.multinomial_fit(Xd, yd, sample_weight=da.from_array(weight)))
        assert got.type is expected.type is ValueError and str(got.value) == str(expected.value)
    expected = _raised(lambda: FB.multinomial_classes_fit(_bags(COUNTS_MATRIX), CLASSES, 12, sample_weight=class_2))
    got = _raised(lambda: DB.multinomial_classes_fit(*_chunked(BLOCK, COUNTS_MATRIX, CLASSES), sample_weight=class_2))
    assert got.type is expected.type is ValueError and str(got.value) == str(expected.value)
