"""Properties of entropy and information gain (001 §11.3.4): DT-3, DT-5."""
import math


from hypothesis import strategies as st

from .. import strategies as S
from . import differential, invariant

TOPIC = "entropy"

units = st.sampled_from(["bits", "nats"])
laws = st.tuples(S.distributions(), units)
tables = st.tuples(S.count_tables(max_count=30), units)
counts = st.tuples(st.lists(st.integers(0, 12), min_size=1, max_size=6).filter(any), units)
coins = st.tuples(st.integers(0, 60), st.integers(0, 60), units).filter(lambda c: c[0] + c[1] > 0)
labelled = st.lists(st.integers(0, 3), min_size=1, max_size=30).flatmap(
    lambda x: st.tuples(st.just(x), st.lists(st.integers(0, 2), min_size=len(x), max_size=len(x))))


def _log(size, unit):
    return math.log2(size) if unit == "bits" else math.log(size)


def _entropy_bounds(h, case, options):
    """0 <= H(p) <= log |support| (DT-3): the uniform law has the most entropy."""
    p, unit = case
    top = _log(len(p), unit)
    return None if -1e-15 <= float(h) <= top + 1e-12 else f"0 <= H(p) <= log {len(p)} = {top!r}"


def _gain_bounds(gain, case, options):
    """IG = H(Y) − Σ_branches (m_b/m) H(Y | branch) (11.20) lies in [0, H(Y)] and equals H(Y)
    minus the split entropy (11.19); H, the split entropy by the reference."""
    from cs229.reference.entropy import count_entropy, split_entropy
    table, unit = case
    t = [[float(v) for v in row] for row in table]
    columns = [sum(row[k] for row in t) for k in range(len(t[0]))]
    parent = count_entropy(columns, unit)
    expected = parent - split_entropy(t, unit)
    g = float(gain)
    if not -1e-12 <= g <= parent + 1e-12 or abs(g - expected) > 1e-12 * max(1.0, parent):
        return f"0 <= IG <= H(Y) = {parent!r} and IG = H(Y) − split entropy = {expected!r}"
    return None


def _table(case):
    table, unit = case
    return ([[float(v) for v in row] for row in table], unit), {}


PROPERTIES = [
    differential(TOPIC, "entropy", "DT-3", laws, arguments=lambda c: ((S.to_float(c[0]), c[1]), {}),
                 doc="H(p) = −Σ p log p, 0 log 0 = 0"),
    invariant(TOPIC, "entropy", "DT-3", "bounded_by_log_support", laws,
              arguments=lambda c: ((S.to_float(c[0]), c[1]), {}), holds=_entropy_bounds,
              doc="0 <= H(p) <= log |support|"),
    differential(TOPIC, "count_entropy", "DT-3", counts, arguments=lambda c: (([float(v) for v in c[0]], c[1]), {}),
                 doc="H of the law c / Σc"),
    differential(TOPIC, "bernoulli_entropy", "DT-3", coins,
                 arguments=lambda c: ((float(c[0]), float(c[1]), c[2]), {}),
                 doc="(11.13): H = −(p/(p+n)) log(p/(p+n)) − (n/(p+n)) log(n/(p+n))"),
    differential(TOPIC, "count_table", "DT-5", labelled, arguments=lambda c: (c, {}), exact=True,
                 doc="(values, classes, counts of each (value, class))"),
    differential(TOPIC, "split_entropy", "DT-5", tables, arguments=_table,
                 doc="(11.19): Σ_b (m_b/m) H(Y | b)"),
    differential(TOPIC, "information_gain", "DT-5", tables, arguments=_table,
                 doc="(11.20): IG = H(Y) − Σ_b (m_b/m) H(Y | b)"),
    invariant(TOPIC, "information_gain", "DT-5", "between_zero_and_parent_entropy", tables, arguments=_table,
              holds=_gain_bounds, doc="0 <= IG <= H(Y) and IG = H(Y) − split entropy"),
]

