"""Bad input to cs229.distributed.softmax: the fast face's errors in its words, a bad entry named by
its row in the whole X (or y, or the weights) and by its chunk's rows."""
import numpy as np
import pytest

da = pytest.importorskip("dask.array", reason="cs229.distributed needs the [dask] extra (dask[array])")
pytest.importorskip("distributed", reason="cs229.distributed's cluster tests need the [dask] extra "
                    "(distributed)")

from cs229.distributed import softmax as DS  # noqa: E402
from cs229.fast import softmax as FS  # noqa: E402
from cs229.fast._summation import ROWS_PER_BLOCK as BLOCK  # noqa: E402

from .test_parity import M, SOFTMAX_LABELS, SOFTMAX_WEIGHTS, X, _chunked, _raised  # noqa: E402
from .test_parity import cluster, scheduler  # noqa: E402, F401


def _chunk_of(row, rows):
    first = row // rows * rows
    return f"(in the chunk of rows {first}–{min(first + rows, M) - 1})"


@pytest.mark.parametrize("row", [5, 2 * BLOCK + 17, M - 1])
def test_x7_softmax_a_nan_in_x_names_its_row_and_its_chunk(scheduler, row):
    Xn = X.copy()
    Xn[row, 2] = np.nan
    expected = _raised(lambda: FS.newton(Xn, SOFTMAX_LABELS))
    got = _raised(lambda: DS.newton(*_chunked(2 * BLOCK, Xn, SOFTMAX_LABELS)))
    assert got.type is expected.type is ValueError
    assert str(got.value) == f"{expected.value} {_chunk_of(row, 2 * BLOCK)}"
    assert f"X[{row}][2] is nan" in str(got.value)


@pytest.mark.parametrize("Theta", [None, np.zeros((3, 4))])
def test_x7_softmax_a_bad_label_names_its_row_and_its_chunk(Theta):
    """A label that is no integer (Theta=None), or above the k of a given Θ."""
    y = SOFTMAX_LABELS.astype(float)
    y[BLOCK + 3] = 2.5 if Theta is None else 5.0
    expected = _raised(lambda: FS.newton(X, y, Theta))
    got = _raised(lambda: DS.newton(*_chunked(BLOCK, X, y), Theta))
    assert got.type is expected.type is ValueError
    assert str(got.value) == f"{expected.value} {_chunk_of(BLOCK + 3, BLOCK)}"


@pytest.mark.parametrize("bad", [-1.0, np.nan])
def test_x7_softmax_a_bad_weight_names_its_row_and_its_chunk(bad):
    weight = SOFTMAX_WEIGHTS.copy()
    weight[3 * BLOCK + 1] = bad
    expected = _raised(lambda: FS.newton(X, SOFTMAX_LABELS, sample_weight=weight))
    Xd, yd, wd = _chunked(2 * BLOCK, X, SOFTMAX_LABELS, weight)
    got = _raised(lambda: DS.newton(Xd, yd, sample_weight=wd))
    assert got.type is expected.type is ValueError
    assert str(got.value) == f"{expected.value} {_chunk_of(3 * BLOCK + 1, 2 * BLOCK)}"


@pytest.mark.parametrize("weight", ["zeros", "class without weight"])
def test_x7_softmax_weights_that_leave_nothing_or_a_class_out_are_the_fast_faces_errors(weight):
    given = (np.zeros(M) if weight == "zeros"
             else np.where(SOFTMAX_LABELS == 2, 0.0, SOFTMAX_WEIGHTS + 1.0))
    expected = _raised(lambda: FS.newton(X, SOFTMAX_LABELS, sample_weight=given))
    Xd, yd, wd = _chunked(2 * BLOCK, X, SOFTMAX_LABELS, given)
    got = _raised(lambda: DS.newton(Xd, yd, sample_weight=wd))
    assert got.type is expected.type is ValueError
    assert str(got.value) == str(expected.value)


def test_x7_softmax_a_theta_of_the_wrong_shape_is_refused_before_any_pass():
    expected = _raised(lambda: FS.newton(X, SOFTMAX_LABELS, np.zeros((3, 5))))
    got = _raised(lambda: DS.newton(*_chunked(BLOCK, X, SOFTMAX_LABELS), np.zeros((3, 5))))
    assert got.type is expected.type is ValueError
    assert str(got.value) == str(expected.value)
