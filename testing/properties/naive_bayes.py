"""Properties of Naive Bayes (000 §2; 002 §1.4): NB-2 … NB-6."""
import numpy as np
from hypothesis import strategies as st

from .. import strategies as S
from . import Fitted, differential, invariant, normal

TOPIC = "naive_bayes"

alphas = st.sampled_from([0.0, 1.0, 0.5, 2.0])
smoothing = st.sampled_from([1.0, 0.5])
binary = st.tuples(S.binary_problems(max_rows=12, max_features=6), alphas)
categorical = st.tuples(S.categorical_problems(), alphas)
documents = st.tuples(S.token_documents(max_vocabulary=10, max_documents=10, max_length=8), alphas)
counts = st.tuples(st.integers(1, 8).flatmap(S.count_vectors), alphas)
smoothed_counts = st.tuples(st.integers(1, 8).flatmap(S.count_vectors), smoothing)


def _rows_are_distributions(log_posterior, case, options):
    """exp of each row of log p(y | x) sums to 1 (a posterior over the classes)."""
    rows = np.exp(np.asarray(normal(log_posterior), dtype=float))
    if rows.ndim != 2 or not np.allclose(rows.sum(axis=1), 1.0, rtol=0, atol=1e-12):
        return "every row: Σ_y p(y | x) = 1"
    return None


def _laplace_is_a_distribution(phi, case, options):
    """Laplace's estimate (c + α)/(Σc + kα) sums to 1 and, for α > 0, is never 0 (NB-4)."""
    phi = np.asarray(normal(phi), dtype=float)
    c, alpha = case
    if abs(phi.sum() - 1) > 1e-12 * len(c) or not (phi > 0).all():
        return "Σ φ = 1 and every φ > 0 (α > 0)"
    return None


PROPERTIES = [
    differential(TOPIC, "value_counts", "NB-4",
                 st.integers(1, 6).flatmap(lambda k: st.tuples(st.lists(st.integers(0, k - 1), max_size=12), st.just(k))),
                 arguments=lambda c: (c, {}), exact=True, doc="the count of each value 0..k−1"),
    differential(TOPIC, "laplace_estimate", "NB-4", counts, arguments=lambda c: (c, {}),
                 doc="φ_v = (count_v + α) / (Σ count + kα)"),
    invariant(TOPIC, "laplace_estimate", "NB-4", "is_a_distribution", smoothed_counts, arguments=lambda c: (c, {}),
              holds=_laplace_is_a_distribution, doc="Laplace's estimate sums to 1 and is never 0"),
    differential(TOPIC, "bernoulli_fit", "NB-4", binary, arguments=lambda c: ((*c[0], c[1]), {}),
                 doc="φ_{j|y} = (Σ 1{xⱼ = 1, y} + α) / (Σ 1{y} + 2α), φ_y = Σ 1{y = 1} / m"),
    differential(TOPIC, "bernoulli_log_joint", "NB-2", binary,
                 arguments=lambda c: ((Fitted("bernoulli_fit", (*c[0], c[1])), c[0][0]), {}),
                 doc="log p(x | y) + log p(y) = Σⱼ log φ_{j|y}^xⱼ (1 − φ_{j|y})^(1−xⱼ) + log p(y)"),
    differential(TOPIC, "bernoulli_log_posterior", "NB-2", binary,
                 arguments=lambda c: ((Fitted("bernoulli_fit", (*c[0], c[1])), c[0][0]), {}),
                 doc="log p(y | x) by Bayes' rule, in log space"),
    invariant(TOPIC, "bernoulli_log_posterior", "NB-2", "rows_sum_to_one", st.tuples(S.binary_problems(max_rows=12, max_features=6), smoothing),
              arguments=lambda c: ((Fitted("bernoulli_fit", (*c[0], c[1])), c[0][0]), {}),
              holds=_rows_are_distributions, doc="Σ_y p(y | x) = 1"),
    differential(TOPIC, "bernoulli_predict", "NB-2", binary,
                 arguments=lambda c: ((Fitted("bernoulli_fit", (*c[0], c[1])), c[0][0]), {}), exact=True,
                 doc="argmax_y p(y | x)"),
    differential(TOPIC, "discretize", "NB-5",
                 st.tuples(st.lists(S.rationals(-10, 10), max_size=12),
                           st.lists(S.rationals(-10, 10), min_size=1, max_size=6, unique=True).map(sorted)),
                 arguments=lambda c: (S.to_float(c), {}), exact=True, doc="the bin of each value"),
    differential(TOPIC, "categorical_fit", "NB-5", categorical, arguments=lambda c: ((*c[0], c[1]), {}),
                 doc="φ_{v|j,y} = (Σ 1{xⱼ = v, y} + α) / (Σ 1{y} + kⱼα)"),
    differential(TOPIC, "categorical_log_posterior", "NB-5", categorical,
                 arguments=lambda c: ((Fitted("categorical_fit", (*c[0], c[1])), c[0][0]), {}),
                 doc="log p(y | x) with k-valued features"),
    differential(TOPIC, "categorical_predict", "NB-5", categorical,
                 arguments=lambda c: ((Fitted("categorical_fit", (*c[0], c[1])), c[0][0]), {}), exact=True,
                 doc="argmax_y p(y | x) with k-valued features"),
    differential(TOPIC, "multinomial_fit", "NB-6", documents, arguments=lambda c: ((*c[0], c[1]), {}),
                 doc="φ_{k|y} = (Σ words k in documents of class y + α) / (Σ lengths of class y + |V|α)"),
    differential(TOPIC, "multinomial_log_posterior", "NB-6", documents,
                 arguments=lambda c: ((Fitted("multinomial_fit", (*c[0], c[1])), c[0][0]), {}),
                 doc="log p(y | document) of the multinomial event model"),
    invariant(TOPIC, "multinomial_log_posterior", "NB-6", "rows_sum_to_one",
              st.tuples(S.token_documents(max_vocabulary=10, max_documents=10, max_length=8), smoothing),
              arguments=lambda c: ((Fitted("multinomial_fit", (*c[0], c[1])), c[0][0]), {}),
              holds=_rows_are_distributions, doc="Σ_y p(y | document) = 1"),
    differential(TOPIC, "multinomial_predict", "NB-6", documents,
                 arguments=lambda c: ((Fitted("multinomial_fit", (*c[0], c[1])), c[0][0]), {}), exact=True,
                 doc="argmax_y p(y | document)"),
]
