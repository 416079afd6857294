"""Pins down an exact class prior p(y = 0) that rounds to 0.0 in cs229.reference.naive_bayes: class 0
is then impossible in the float computation (log joint −∞) while class 1 is still summed, so
each row keeps both log joints and predictions and posteriors go to class 1."""
import math
from fractions import Fraction

import cs229.reference.naive_bayes as R

TINY = Fraction(1, 10**400)   # 0.0 in float; 1 − TINY is 1.0 in float


def _bernoulli_model():
    # p(y = 0) = 10⁻⁴⁰⁰; φ_{0|y=0} = 1/2, φ_{0|y=1} = 1/4
    return R.BernoulliNB(1 - TINY, [Fraction(1, 2)], [Fraction(1, 4)], [1, 1], [[0], [0]], 0)


def test_bernoulli_log_joint_exact_prior_of_class_0_rounding_to_0_NB_2():
    # class 0: log 0.0 → −∞; class 1: log 1.0 + log(1/4) = log 0.25, in every row
    out = R.bernoulli_log_joint(_bernoulli_model(), [[1], [0]])
    assert out == [[float("-inf"), math.log(0.25)], [float("-inf"), math.log(0.75)]]
    assert type(out[0][0]) is float


def test_bernoulli_predict_and_posterior_with_class_0_impossible_NB_2():
    model = _bernoulli_model()
    assert R.bernoulli_predict(model, [[1], [0]]) == [1, 1]
    assert R.bernoulli_log_posterior(model, [[1]]) == [[float("-inf"), 0.0]]


def test_multinomial_log_joint_exact_prior_of_class_0_rounding_to_0_NB_6():
    # class 1: log 1.0 + log φ_{0|y=1} + log φ_{1|y=1} = log(1/4) + log(3/4)
    quarter = Fraction(1, 4)
    model = R.MultinomialNB(1 - TINY, [quarter, 1 - quarter], [quarter, 1 - quarter],
                            [1, 1], [[1, 3], [1, 3]], [4, 4], 0)
    out = R.multinomial_log_joint(model, [[0, 1]])
    assert out == [[float("-inf"), math.log(0.25) + math.log(0.75)]]
    assert R.multinomial_predict(model, [[0, 1]]) == [1]
