"""X-7: behaviours of cs229.distributed pinned because a change would cost a user time or
memory without changing an answer."""
import numpy as np
import pytest

da = pytest.importorskip("dask.array", reason="cs229.distributed needs the [dask] extra (dask[array])")

import cs229.distributed._chunks as chunks  # noqa: E402
from cs229.distributed import glm as DG  # noqa: E402
from cs229.distributed import logistic_regression as DL  # noqa: E402
from cs229.fast import glm as FG  # noqa: E402
from cs229.fast import logistic_regression as FL  # noqa: E402
from cs229.fast._summation import ROWS_PER_BLOCK as BLOCK  # noqa: E402

from tests.distributed.test_parity import COUNTS, LABELS, X, _chunked, _same  # noqa: E402


@pytest.mark.parametrize("fit, fast", [
    (lambda X, y: DL.newton(X, y), lambda X, y: FL.newton(X, y)),
    (lambda X, y: DG.newton("bernoulli", X, y), lambda X, y: FG.newton("bernoulli", X, y))],
    ids=["logistic", "glm-bernoulli"])
def test_x7_newton_reads_the_chunks_once_per_theta_for_the_separation_test(monkeypatch, fit, fast):
    """Pins that the separation test (LG-3) at each accepted θ is answered by the pass that
    computed ℓ there: data read from disk (zarr, .npy) would otherwise be read twice per
    iteration. Only the last θ, where ℓ is not asked, takes a pass of its own: one call per chunk."""
    tests = []
    separated = chunks._separated_map
    monkeypatch.setattr(chunks, "_separated_map", lambda *a: tests.append(1) or separated(*a))
    Xd, yd = _chunked(2 * BLOCK, X, LABELS)
    result = fit(Xd, yd)
    _same(fast(X, LABELS), result)
    assert result.iterations > 2 and len(tests) == len(Xd.chunks[0])


def test_x7_poisson_irls_takes_no_separation_pass(monkeypatch):
    """Pins that a family without separation (Poisson) asks no separation test of its passes."""
    tests = []
    monkeypatch.setattr(chunks, "_separated_map", lambda *a: tests.append(1))
    Xd, yd = _chunked(2 * BLOCK, X, COUNTS)
    _same(FG.poisson_regression(X, COUNTS), DG.poisson_regression(Xd, yd))
    assert tests == []
