"""Part V §9.2 (SMO-3, SMO-4): the random choices of the simplified and Platt rules, driven by a
scripted stream of draws.

``smo`` draws its random indices from ``SplitMix64(seed)``; here that generator is replaced by a
stream whose ``index(n)`` answers are written out, so that a test can put a run in a chosen
state (a streak of passes without a step, a partner tried first) instead of searching seeds
for it. Every draw is recorded as (n, answer); once the script is used up the stream answers
from SplitMix64(0).
"""
from fractions import Fraction

import pytest

import cs229.reference.smo as R
from cs229.reference.results import ConvergenceError

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


# The problem of test_smo_pinned's seeded run (m = 10, 10m + 10 = 110): x = 0 (y = −1), x = 1 for
# the positives 1..8, x = 1/2 for the positive 9; C = 1. Draw 0 answers 1: the first step is
# (0, 2) to α₀ = α₂ = 1. The draws 1..16 (the seven other points at 1 and example 9, in passes 1
# and 2) cannot move anything; pass 2 only resets b and is not counted. From then on example 2
# (at C) and example 9 are the only violators, one draw each per pass; the pass moves iff
# example 2 draws 8 (partner 9) or example 9 draws 2. The answers 0, 0 move nothing.
STUCK_X = [[Q(0)]] + [[Q(1)]] * 8 + [[Q(1, 2)]]
STUCK_Y = [-1] + [1] * 9
_OPENING = [1] + [0] * 16


@pytest.mark.parametrize("streak, stuck", [(109, False), (110, True)])
def test_simplified_counts_passes_without_a_step_from_zero_after_a_step_SMO_4(scripted, streak, stuck):
    """After a pass that moves, the count of passes without a step starts again from 0: 109 of them
    and a moving pass converge (α = (1, 0, …, 0, 1)); 110 make the run stuck after its 1 step."""
    stream = scripted(_OPENING + [0, 0] * streak + [8])
    if stuck:
        with pytest.raises(ConvergenceError, match=r"^SMO \(simplified\) stopped after 1 steps: no violator could move"):
            R.smo(STUCK_X, STUCK_Y, C=1, rule="simplified", tol=0)
        assert len(stream.draws) == 17 + 2 * 110
    else:
        fit = R.smo(STUCK_X, STUCK_Y, C=1, rule="simplified", tol=0, record=True)
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
    st = R._State([[Q(t)] for t in range(5)], [1, -1, 1, -1, 1], K, 1, Q(0))
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
