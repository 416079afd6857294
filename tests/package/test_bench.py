"""The bench's ``--busy N`` (bench/run.py, bench/harness.py): its option, its spinning processes
and the mode, load and verdict every row carries; nothing here is timed."""
import pytest

from tests import ROOT

BENCH = ROOT / "bench"


@pytest.fixture
def bench(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    import harness
    import run
    return run, harness


def test_bench_reads_busy_as_a_count_of_processes(bench):
    run, _ = bench
    assert run.parse_args([]).busy == 0
    assert run.parse_args(["--busy", "2"]).busy == 2
    for bad in ("-1", "two", "1.5"):
        with pytest.raises(SystemExit):
            run.parse_args(["--busy", bad])


def test_busy_processes_spin_during_the_block_and_are_gone_after_it(bench):
    _, harness = bench
    with harness.busy(2) as spinners:
        assert len(spinners) == 2 and all(p.is_alive() for p in spinners)
    assert all(not p.is_alive() and p.exitcode is not None for p in spinners)
    with pytest.raises(KeyError):                        # however the block ends
        with harness.busy(1) as spinners:
            raise KeyError("row failed")
    assert not spinners[0].is_alive()
    with harness.busy(0) as spinners:
        assert spinners == []
    with pytest.raises(ValueError, match="must be >= 0"):
        with harness.busy(-1):
            pass


def test_bench_rows_carry_their_mode_load_and_verdict(bench):
    run, harness = bench
    r = run.run_row(lambda small: harness.row("x", 1.0, "peer", 2.0, 0.4), True, 1)
    assert r["mode"] == "busy 1" and r["ratio"] == 0.5 and run.verdict(r) == "MISSED"
    assert r["load"] is None or r["load"] >= 0
    quiet = run.run_row(lambda small: harness.row("x", 1.0, "peer", 2.0, 0.5), True, 0)
    assert quiet["mode"] == "quiet" and run.verdict(quiet) == "met"
    assert run.verdict(harness.row("x", 1.0, "peer", 2.0)) == ""
