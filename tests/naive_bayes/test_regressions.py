"""Part IV §2, Naive Bayes (NB-1 … NB-6): pinned cases. Each pins a behaviour the other tests left
open (a mutant of the reference that survived them) or reproduces a defect once found; each section
below says what its cases pin and why."""
import dataclasses
import math
import re
from fractions import Fraction

import mpmath
import numpy as np
import pytest

import cs229.fast.naive_bayes as FN
import cs229.reference.naive_bayes as R
import cs229.reference.naive_bayes as RN

from tests.reproducers import FACES_IV, in_interpreter


# ==================================================================================================
# Pins down behaviour of cs229.reference.naive_bayes that the other suites left open: default
# arguments, the exact words of its messages, the loops over both classes, and the reasons of each
# class in the 0/0 error of a posterior or a prediction (on both faces where both have it).


BIG = 2**64  # an integer category beyond int64

LABEL_WORDS = ("labels must be 0 or 1, the notes' coding here; for any other coding use "
               "cs229.estimators.BernoulliNB or MultinomialNB; for k classes, naive Bayes with labels "
               "1..k (bernoulli_classes_fit, multinomial_classes_fit)")

ZERO_OVER_ZERO_TAIL = "so p(y = 1 | x) is 0/0 (000 §2.1); use Laplace smoothing (alpha > 0)"


# ---- NB-5: the categorical model -------------------------------------------------------------

# Unsmoothed on three 3-valued features: class 0 never saw the value 2, class 1 never the value 1.
CAT_X = [[0, 0, 0], [1, 1, 1], [0, 0, 0], [2, 2, 2]]
CAT_Y = [0, 0, 1, 1]


def _categorical_ml(impl):
    return impl.naive_bayes.categorical_fit(impl.arg(CAT_X), impl.arg(CAT_Y), 3, 0)


def test_categorical_zero_factors_first_zero_feature_of_each_class_NB_3_NB_5():
    phi = R.categorical_fit(CAT_X, CAT_Y, 3, 0).phi
    # class 0: x_0 = 2 and x_2 = 2 both impossible, the first is named; class 1: only x_1 = 1
    assert R.categorical_zero_factors(phi, [2, 1, 2]) == [
        "x_0 = 2 and p(x_0 = 2 | y=0) = 0",
        "x_1 = 1 and p(x_1 = 1 | y=1) = 0",
    ]
    # only class 1 impossible: one reason, for y=1
    assert R.categorical_zero_factors(phi, [0, 1, 0]) == ["x_1 = 1 and p(x_1 = 1 | y=1) = 0"]
    # only class 0 impossible: one reason, for y=0
    assert R.categorical_zero_factors(phi, [0, 0, 2]) == ["x_2 = 2 and p(x_2 = 2 | y=0) = 0"]
    # every factor positive: no reason
    assert R.categorical_zero_factors(phi, [0, 0, 0]) == []


@pytest.mark.parametrize("function", ["categorical_log_posterior", "categorical_predict"])
def test_categorical_0_over_0_message_names_both_classes_NB_5(impl, function):
    model = _categorical_ml(impl)
    with pytest.raises(R.ZeroOverZeroError) as e:
        getattr(impl.naive_bayes, function)(model, impl.arg([[0, 0, 0], [2, 1, 2]]))
    assert str(e.value) == (
        "row 1: p(x|y)p(y) = 0 for both classes (p(x | y=0) = 0 because x_0 = 2 and "
        "p(x_0 = 2 | y=0) = 0; p(x | y=1) = 0 because x_1 = 1 and p(x_1 = 1 | y=1) = 0), "
        + ZERO_OVER_ZERO_TAIL)


def test_categorical_fit_default_alpha_is_laplace_NB_5(impl):
    nb = impl.naive_bayes
    default = nb.categorical_fit(impl.arg(CAT_X), impl.arg(CAT_Y), 3)
    laplace = nb.categorical_fit(impl.arg(CAT_X), impl.arg(CAT_Y), 3, 1)
    expected = [[[Fraction(2, 5), Fraction(2, 5), Fraction(1, 5)]] * 3,
                [[Fraction(2, 5), Fraction(1, 5), Fraction(2, 5)]] * 3]
    as_floats = [[[float(p) for p in row] for row in table] for table in expected]
    assert [[impl.out(p) for p in table] for table in default.phi] == as_floats
    assert [[impl.out(p) for p in table] for table in laplace.phi] == as_floats
    assert float(default.alpha) == 1.0


@pytest.mark.parametrize("k, error, message", [
    ([3, 0, 3], ValueError, "model.k[1] must be >= 1, got 0"),
    ([3, 3, 1.5], TypeError, "model.k[2] must be an integer, got 1.5"),
    ("abc", TypeError, "model.k must be an integer or a sequence of integers, got str"),
    ([3, 2**40, 3], ValueError, "model.k[1] is 1099511627776: a count table that large cannot be "
                                "held (at most 2147483647 = 2**31 - 1 entries per class)"),
], ids=["zero", "fraction", "str", "huge"])
def test_categorical_bad_model_k_is_named_model_k_NB_5(impl, k, error, message):
    model = dataclasses.replace(impl.naive_bayes.categorical_fit(impl.arg(CAT_X), impl.arg(CAT_Y), 3), k=k)
    with pytest.raises(error) as e:
        impl.naive_bayes.categorical_predict(model, impl.arg([[0, 0, 0]]))
    assert str(e.value) == message


@pytest.mark.parametrize("function", ["categorical_log_joint", "categorical_log_posterior",
                                      "categorical_predict"])
def test_categorical_value_beyond_int64_is_out_of_the_feature_range_NB_5(impl, function):
    model = impl.naive_bayes.categorical_fit(impl.arg(CAT_X), impl.arg(CAT_Y), 3)
    with pytest.raises(ValueError) as e:
        getattr(impl.naive_bayes, function)(model, [[0, BIG, 0]])
    assert str(e.value) == "X[0][1] is 18446744073709551616: feature 1 takes values 0..2"


# ---- NB-2: the Bernoulli likelihood -----------------------------------------------------------

BER_X = [[0, 1], [1, 1], [0, 0]]
BER_Y = [0, 1, 1]


def test_bernoulli_likelihood_exact_product_NB_2():
    model = R.bernoulli_fit(BER_X, BER_Y)
    # phi_y = 2/3, φ_{·|y=0} = (1/3, 2/3), φ_{·|y=1} = (1/2, 1/2)
    assert R.bernoulli_likelihood(model, [[0, 1]], [0]) == Fraction(1, 3) * Fraction(2, 3) * Fraction(2, 3)
    assert R.bernoulli_likelihood(model, [[0, 1]], [1]) == Fraction(2, 3) * Fraction(1, 4)
    assert R.bernoulli_likelihood(model, BER_X, BER_Y) == Fraction(1, 243)


def test_bernoulli_likelihood_bad_label_message_NB_2():
    model = R.bernoulli_fit(BER_X, BER_Y)
    with pytest.raises(ValueError) as e:
        R.bernoulli_likelihood(model, BER_X, [0, 2, 1])
    assert str(e.value) == "y[1] is 2: " + LABEL_WORDS


# ---- NB-6: the multinomial event model --------------------------------------------------------

def _multinomial_ml(nb, labels):
    # unsmoothed: class 0 saw words 0, 1; class 1 saw words 1, 2; nobody saw word 3
    return nb.multinomial_fit([[0, 1], [2, 1]], labels, 4, 0)


def test_multinomial_zero_factors_first_zero_word_of_each_class_NB_3_NB_6():
    model = _multinomial_ml(R, [0, 1])
    phi = [model.phi_k_y0, model.phi_k_y1]
    assert R.multinomial_zero_factors(phi, [1, 2, 0]) == [
        "word 2 (position 1) has φ_{2|y=0} = 0",
        "word 0 (position 2) has φ_{0|y=1} = 0",
    ]
    assert R.multinomial_zero_factors(phi, [0, 1]) == ["word 0 (position 0) has φ_{0|y=1} = 0"]


@pytest.mark.parametrize("function", ["multinomial_log_posterior", "multinomial_predict"])
def test_multinomial_0_over_0_message_names_both_classes_NB_6(impl, function):
    model = _multinomial_ml(impl.naive_bayes, impl.arg([0, 1]))
    with pytest.raises(R.ZeroOverZeroError) as e:
        getattr(impl.naive_bayes, function)(model, [[1], [1, 2, 0]])
    assert str(e.value) == (
        "row 1: p(x|y)p(y) = 0 for both classes (p(x | y=0) = 0 because word 2 (position 1) has "
        "φ_{2|y=0} = 0; p(x | y=1) = 0 because word 0 (position 2) has φ_{0|y=1} = 0), "
        + ZERO_OVER_ZERO_TAIL)


def _multinomial_laplace():
    # |V| = 3, Laplace: φ_{·|y=0} = (2/5, 2/5, 1/5), φ_{·|y=1} = (1/5, 2/5, 2/5), phi_y = 1/2
    return R.multinomial_fit([[0, 1], [2, 1]], [0, 1], 3)


def test_multinomial_likelihood_unknown_word_refused_by_default_NB_6():
    model = _multinomial_laplace()
    with pytest.raises(ValueError) as e:
        R.multinomial_likelihood(model, [[0, 5]], [0])
    assert str(e.value) == ("documents[0][1] is 5: token ids must be in 0..2 (the vocabulary); "
                            "pass ignore_unknown=True to drop the others")
    with pytest.raises(ValueError) as e_explicit:
        R.multinomial_likelihood(model, [[0, 5]], [0], ignore_unknown=False)
    assert str(e_explicit.value) == str(e.value)


def test_multinomial_likelihood_ignore_unknown_drops_the_word_NB_6():
    model = _multinomial_laplace()
    # word 5 dropped: p(word 0 | y=0) p(y=0) = 2/5 · 1/2
    assert R.multinomial_likelihood(model, [[0, 5]], [0], ignore_unknown=True) == Fraction(1, 5)
    assert R.multinomial_likelihood(model, [[0, 5]], [0], True) == Fraction(1, 5)


def test_multinomial_likelihood_bad_label_message_NB_6():
    model = _multinomial_laplace()
    with pytest.raises(ValueError) as e:
        R.multinomial_likelihood(model, [[0, 1], [2, 1]], [0, 2])
    assert str(e.value) == "y[1] is 2: " + LABEL_WORDS


def test_multinomial_likelihood_length_mismatch_message_NB_6():
    model = _multinomial_laplace()
    with pytest.raises(ValueError) as e:
        R.multinomial_likelihood(model, [[0, 1], [2, 1]], [0])
    assert str(e.value) == "documents has 2 documents but y has 1 entries"


def test_exact_ties_go_to_0_in_every_event_model_NB_2_NB_5_NB_6():
    """With exact estimates the prediction compares the exact joints: a tie p(x, y=0) = p(x, y=1)
    goes to 0 as documented, where the logs' rounding decided it before (the Bernoulli case below
    has log joints −3.8434467138264115 and −3.843446713826411, and an exact posterior of ½)."""
    X = [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 1], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0],
         [0, 0, 0, 0, 1], [0, 1, 0, 1, 1], [1, 0, 0, 1, 1], [0, 0, 0, 0, 0], [0, 0, 0, 1, 1]]
    y = [0, 0, 0, 1, 1, 1, 0, 0, 1, 1]
    model = R.bernoulli_fit(X, y, 1)
    assert R.bernoulli_posterior(model, [0, 1, 0, 0, 0]) == Fraction(1, 2)
    assert R.bernoulli_predict(model, [[0, 1, 0, 0, 0], [1, 1, 0, 1, 1], [0, 0, 0, 0, 0]]) == [0, 0, 1]
    assert R.categorical_predict(R.categorical_fit(X, y, [2] * 5, 1), [[0, 1, 0, 0, 0]]) == [0]
    # multinomial: one document of word 0, p(y) = ½ and φ₀ equal in both classes after smoothing
    docs = [[0, 1], [0, 2]]
    multinomial = R.multinomial_fit(docs, [0, 1], 3)
    assert multinomial.phi_k_y0[0] == multinomial.phi_k_y1[0] and multinomial.phi_y == Fraction(1, 2)
    assert R.multinomial_predict(multinomial, [[0], [1], [2]]) == [0, 0, 1]


@pytest.mark.parametrize("alpha, zero", [(0, "0"), (0.0, "0.0")])
def test_predict_names_the_zero_factors_of_a_0_over_0_row_exact_and_float_NB_3(alpha, zero):
    """Without smoothing, x = (1, 1) has p(x, y) = 0 in both classes: predict raises the 0/0 error
    naming each class's zero factor, from the exact joints and from the float logs alike."""
    model = R.bernoulli_fit([[1, 0], [0, 1]], [0, 1], alpha)
    with pytest.raises(R.ZeroOverZeroError) as e:
        R.bernoulli_predict(model, [[1, 1]])
    assert str(e.value) == (
        f"row 0: p(x|y)p(y) = 0 for both classes (p(x | y=0) = 0 because x_1 = 1 and φ_{{1|y=0}} = {zero}; "
        f"p(x | y=1) = 0 because x_0 = 1 and φ_{{0|y=1}} = {zero}), so p(y = 1 | x) is 0/0 (000 §2.1); "
        "use Laplace smoothing (alpha > 0)")


# ==================================================================================================
# Pins down an exact class prior p(y = 0) that rounds to 0.0 in cs229.reference.naive_bayes: class 0
# is then impossible in the float computation (log joint −∞) while class 1 is still summed, so
# each row keeps both log joints and predictions and posteriors go to class 1.


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


# ==================================================================================================
# Pins down more of cs229.reference.naive_bayes: the overflow check of smoothing, the kind of −∞
# in a log joint, the handling of unknown words in packed documents, exact messages, and the log
# ratios and order of spam_indicative_tokens (on both faces where both have the function).


UNKNOWN_5 = ("documents[0][1] is 5: token ids must be in 0..1 (the vocabulary); "
             "pass ignore_unknown=True to drop the others")


# ---- NB-4: smoothing that overflows ----------------------------------------------------------

def test_laplace_estimate_refuses_alpha_whose_k_alpha_overflows_a_large_total_NB_4(impl):
    # Σ counts = 1e308 fits float64, but 1e308 + 2·5e307 does not
    with pytest.raises(ValueError) as e:
        impl.naive_bayes.laplace_estimate(impl.arg([1e308, 0.0]), 5e307)
    assert str(e.value) == "alpha = 5e+307 is too large: Σ counts + 2·alpha overflows float64"


# ---- NB-2: the Bernoulli model ---------------------------------------------------------------

BERN_X = [[1, 0], [0, 1], [1, 1]]
BERN_Y = [0, 1, 1]


def test_bernoulli_log_joint_minus_infinity_is_mpf_for_an_mpf_model_NB_2():
    # unsmoothed, in mpf: φ_{1|y=0} = 0 and φ_{0|y=1} = 1/2, φ_{1|y=1} = 1
    model = R.bernoulli_fit(BERN_X, BERN_Y, mpmath.mpf(0))
    out = R.bernoulli_log_joint(model, [[1, 0], [0, 1]])
    assert out[0][1] == out[1][0] == mpmath.ninf
    assert type(out[0][1]) is mpmath.mpf
    assert type(out[1][0]) is mpmath.mpf


@pytest.mark.parametrize("alpha", [0, 0.0], ids=["exact", "float"])
def test_bernoulli_log_joint_minus_infinity_is_float_for_other_models_NB_2(alpha):
    model = R.bernoulli_fit(BERN_X, BERN_Y, alpha)
    out = R.bernoulli_log_joint(model, [[1, 0], [0, 1]])
    assert out[0][1] == out[1][0] == float("-inf")
    assert type(out[0][1]) is float
    assert type(out[1][0]) is float


def test_bernoulli_log_joint_exact_factor_rounding_to_one_adds_log_0_NB_2():
    # 1 − φ = 1 − 10⁻²⁰ is not 1 but is 1.0 in float: its log is 0.0, not an impossible factor
    tiny = Fraction(1, 10**20)
    model = R.BernoulliNB(Fraction(1, 2), [tiny], [Fraction(1, 2)], [1, 1], [[0], [0]], 0)
    out = R.bernoulli_log_joint(model, [[0]])
    assert out == [[math.log(0.5), 2 * math.log(0.5)]]


def test_bernoulli_model_of_another_type_is_named_in_the_error_NB_2(impl):
    with pytest.raises(TypeError) as e:
        impl.naive_bayes.bernoulli_log_joint("model", impl.arg([[1]]))
    assert str(e.value) == "model must be a BernoulliNB, got str"


def test_bernoulli_model_phi_y_not_a_number_is_named_model_phi_y_NB_2(impl):
    nb = impl.naive_bayes
    model = nb.BernoulliNB("a", [0.5], [0.5], [1, 1], [[0], [0]], 1)
    with pytest.raises(TypeError) as e:
        nb.bernoulli_log_joint(model, impl.arg([[1]]))
    assert str(e.value) == "model.phi_y is 'a': expected a real number"


def test_bernoulli_posterior_0_over_0_message_is_row_0_NB_2_NB_3():
    # unsmoothed: class 0 never saw x_1 = 1, class 1 never saw x_0 = 1
    model = R.bernoulli_fit([[1, 0], [0, 1]], [0, 1], 0)
    with pytest.raises(R.ZeroOverZeroError) as e:
        R.bernoulli_posterior(model, [1, 1])
    assert str(e.value) == (
        "row 0: p(x|y)p(y) = 0 for both classes (p(x | y=0) = 0 because x_1 = 1 and "
        "φ_{1|y=0} = 0; p(x | y=1) = 0 because x_0 = 1 and φ_{0|y=1} = 0), " + ZERO_OVER_ZERO_TAIL)


# ---- NB-6: the multinomial model -------------------------------------------------------------

def _laplace2(nb, impl):
    # |V| = 2, Laplace: φ_{·|y=0} = (2/3, 1/3), φ_{·|y=1} = (1/3, 2/3), phi_y = 1/2
    return nb.multinomial_fit([[0], [1]], impl.arg([0, 1]), 2)


LOG_JOINT_WORD_0 = [math.log(1 / 3), math.log(1 / 6)]  # log(2/3 · 1/2), log(1/3 · 1/2)


def test_multinomial_fit_bad_label_message_names_the_estimators_NB_6(impl):
    with pytest.raises(ValueError) as e:
        impl.naive_bayes.multinomial_fit([[0], []], [0, 2], 2)
    assert str(e.value) == "y[1] is 2: " + LABEL_WORDS


def test_multinomial_fit_class_without_words_with_tiniest_alpha_is_uniform_NB_6(impl):
    # α = 5e-324 (the least subnormal): α|V| = 1e-323 is not 0, so class 1 (no words) gets
    # φ_{k|y=1} = α / (α|V|) = 1/2, not a 0/0 error
    model = impl.naive_bayes.multinomial_fit([[0], []], impl.arg([0, 1]), 2, 5e-324)
    assert impl.out(model.phi_k_y1) == [0.5, 0.5]
    assert impl.out(model.phi_k_y0) == [1.0, 5e-324]


def test_multinomial_log_joint_exact_prior_rounding_to_0_with_impossible_word_NB_6():
    # p(y = 1) = 10⁻⁴⁰⁰ is 0.0 in float; word 0 has φ_{0|y=1} = 0, so log p(x, y = 1) = −∞
    half = Fraction(1, 2)
    model = R.MultinomialNB(Fraction(1, 10**400), [half, half], [Fraction(0), Fraction(1)],
                            [1, 1], [[1, 1], [0, 1]], [2, 1], 0)
    out = R.multinomial_log_joint(model, [[0]])
    assert out == [[math.log(0.5), float("-inf")]]
    assert type(out[0][1]) is float


@pytest.mark.parametrize("function", ["multinomial_log_joint", "multinomial_predict"])
def test_multinomial_unknown_word_refused_by_default_dropped_on_request_NB_6(impl, function):
    nb = impl.naive_bayes
    model = _laplace2(nb, impl)
    f = getattr(nb, function)
    with pytest.raises(ValueError) as e:
        f(model, [[0, 5]])
    assert str(e.value) == UNKNOWN_5
    with pytest.raises(ValueError) as e:
        f(model, [[0, 5]], False)
    assert str(e.value) == UNKNOWN_5
    expected = LOG_JOINT_WORD_0 if function == "multinomial_log_joint" else 0
    assert impl.out(f(model, [[0, 5]], True))[0] == pytest.approx(expected)
    assert impl.out(f(model, [[0, 5]], ignore_unknown=True))[0] == pytest.approx(expected)


@pytest.mark.parametrize("function", ["multinomial_log_joint", "multinomial_predict"])
def test_multinomial_packed_documents_unknown_word_refused_or_dropped_NB_6(impl, function):
    nb = impl.naive_bayes
    model = _laplace2(nb, impl)
    f = getattr(nb, function)
    packed = nb.Documents([0, 5], [0, 2])
    with pytest.raises(ValueError) as e:
        f(model, packed)
    assert str(e.value) == UNKNOWN_5
    expected = LOG_JOINT_WORD_0 if function == "multinomial_log_joint" else 0
    assert impl.out(f(model, packed, True))[0] == pytest.approx(expected)


@pytest.mark.parametrize("tokens, offsets, error, message", [
    ([0, 1], [0, 3], ValueError,
     "documents.offsets must rise from 0 to len(documents.tokens) = 2 without decreasing"),
    ([0, "a"], [0, 2], TypeError, "documents.tokens[1] is 'a': expected an integer"),
], ids=["offsets", "tokens"])
def test_multinomial_bad_packed_documents_are_named_documents_NB_6(impl, tokens, offsets, error,
                                                                    message):
    nb = impl.naive_bayes
    with pytest.raises(error) as e:
        nb.multinomial_log_joint(_laplace2(nb, impl), nb.Documents(tokens, offsets))
    assert str(e.value) == message


def test_multinomial_predict_0_over_0_message_names_the_words_NB_6(impl):
    nb = impl.naive_bayes
    # unsmoothed: class 0 saw only word 0, class 1 only word 1
    model = nb.multinomial_fit([[0], [1]], impl.arg([0, 1]), 2, 0)
    with pytest.raises(R.ZeroOverZeroError) as e:
        nb.multinomial_predict(model, [[0], [1, 0]])
    assert str(e.value) == (
        "row 1: p(x|y)p(y) = 0 for both classes (p(x | y=0) = 0 because word 1 (position 0) has "
        "φ_{1|y=0} = 0; p(x | y=1) = 0 because word 0 (position 1) has φ_{0|y=1} = 0), "
        + ZERO_OVER_ZERO_TAIL)


def test_build_vocabulary_min_count_below_1_message_NB_6():
    with pytest.raises(ValueError) as e:
        R.build_vocabulary([["a"]], 0)
    assert str(e.value) == "min_count must be >= 1, got 0"


# ---- NB-6: spam_indicative_tokens ------------------------------------------------------------

WORDS12 = list("abcdefghijkl")


def _model12():
    # 12 words, Laplace: words 6..11 seen once in spam only, word 0 twice more in spam
    docs = [[k] for k in range(12)] + [[0, 0], [1]]
    return R.multinomial_fit(docs, [0] * 6 + [1] * 6 + [1, 1], 12)


def test_spam_indicative_tokens_default_top_is_10_NB_6():
    model = _model12()
    default = R.spam_indicative_tokens(model, WORDS12)
    assert len(default) == 10
    assert default == R.spam_indicative_tokens(model, WORDS12, 10)
    assert [w for w, _ in default] == list("ghijklabcd")


def test_spam_indicative_tokens_top_keeps_that_many_NB_6():
    assert [w for w, _ in R.spam_indicative_tokens(_model12(), WORDS12, 2)] == ["g", "h"]


@pytest.mark.parametrize("top, error, message", [
    (0, ValueError, "top must be >= 1, got 0"),
    ("a", TypeError, "top must be an integer, got 'a'"),
], ids=["zero", "str"])
def test_spam_indicative_tokens_bad_top_message_NB_6(top, error, message):
    with pytest.raises(error) as e:
        R.spam_indicative_tokens(_model12(), WORDS12, top)
    assert str(e.value) == message


def test_spam_indicative_tokens_exact_ratio_2_and_0_NB_6():
    # unsmoothed: φ_{·|y=0} = (1/2, 1/2), φ_{·|y=1} = (1, 0): ratios 2 and 0
    model = R.multinomial_fit([[0, 1], [0]], [0, 1], 2, 0)
    assert R.spam_indicative_tokens(model, ["a", "b"], 2) == [("a", math.log(2)), ("b", float("-inf"))]


def test_spam_indicative_tokens_float_model_log_ratio_NB_6():
    # α = 1/2 in float: φ_{·|y=0} = (3/4, 1/4), φ_{·|y=1} = (1/4, 3/4)
    model = R.multinomial_fit([[0], [1]], [0, 1], 2, 0.5)
    out = R.spam_indicative_tokens(model, ["a", "b"], 2)
    assert out == [("b", math.log(3.0)), ("a", math.log(1 / 3))]


def test_spam_indicative_tokens_exact_ratio_rounding_to_1_has_log_0_NB_6():
    # φ_{0|1}/φ_{0|0} = 1 + 10⁻²⁰ is 1.0 in float: log ratio 0.0
    n = 10**20
    model = R.MultinomialNB(Fraction(1, 2), [Fraction(1, 2), Fraction(1, 2)],
                            [Fraction(n + 1, 2 * n), Fraction(n - 1, 2 * n)], [1, 1],
                            [[1, 1], [1, 1]], [2, 2], 1)
    assert R.spam_indicative_tokens(model, ["a", "b"], 1) == [("a", 0.0)]


def test_spam_indicative_tokens_zero_ham_probability_message_NB_6():
    # unsmoothed: ham never saw word 2, φ_{·|y=0} = (1/2, 1/2, 0)
    model = R.multinomial_fit([[0, 1], [2]], [0, 1], 3, 0)
    with pytest.raises(R.ZeroOverZeroError) as e:
        R.spam_indicative_tokens(model, ["a", "b", "c"])
    assert str(e.value) == "some φ_(k|y=0) is 0: the log ratio is infinite; fit with alpha > 0"


def test_spam_indicative_tokens_one_word_vocabulary_has_log_ratio_0_NB_6():
    # |V| = 1: φ_{0|y=0} = φ_{0|y=1} = 1, even unsmoothed
    model = R.multinomial_fit([[0], [0]], [0, 1], 1, 0)
    assert R.spam_indicative_tokens(model, ["a"]) == [("a", 0.0)]


# Two spam probabilities one float apart over the same ham probability: the float ratios are
# equal (1.2000000000000004) though the exact ratios are not; only the ratios matter here.
A1, A2, B = 0.9000000000000002, 0.9000000000000004, 0.75


@pytest.mark.parametrize("phi1", [[A1, A2], [Fraction(A1), Fraction(A2)]], ids=["float", "mixed"])
def test_spam_indicative_tokens_equal_float_ratios_tie_to_the_first_word_NB_6(phi1):
    model = R.MultinomialNB(0.5, [B, B], phi1, [1, 1], [[1, 1], [1, 1]], [2, 2], 1.0)
    value = math.log(A1 / B)
    assert R.spam_indicative_tokens(model, ["a", "b"], 2) == [("a", value), ("b", value)]


def _exact_model(phi_y, phi_k_y0, phi_k_y1):
    return R.MultinomialNB(phi_y, phi_k_y0, phi_k_y1, [1, 1], [[1, 1], [1, 1]], [2, 2], 1)


def test_an_exact_prior_that_rounds_to_zero_makes_its_class_impossible_NB_6():
    """p(y = 1) = 10⁻⁴⁰⁰ is 0.0 in float: class 1 is impossible in the float computation, as a
    zero factor is (not a TypeError from adding to no logarithm)."""
    half = Fraction(1, 2)
    model = _exact_model(Fraction(1, 10 ** 400), [half, half], [half, half])
    joint = R.multinomial_log_joint(model, [[0, 1]])
    assert joint[0][0] == pytest.approx(2 * math.log(0.5), rel=1e-15) and joint[0][1] == float("-inf")
    assert R.multinomial_predict(model, [[0, 1]]) == [0]
    assert R.multinomial_log_posterior(model, [[0, 1]]) == [[0.0, float("-inf")]]


def test_spam_tokens_read_checked_probabilities_and_tiny_exact_ratios_NB_6():
    half, tiny = Fraction(1, 2), Fraction(1, 10 ** 400)
    tokens = R.spam_indicative_tokens(_exact_model(half, [half, half], [tiny, 1 - tiny]), ["a", "b"])
    assert tokens[0][0] == "b" and tokens[0][1] == pytest.approx(math.log(2), rel=1e-15)
    assert tokens[1] == ("a", float("-inf"))  # a ratio of 2·10⁻⁴⁰⁰ rounds to 0.0: log is −inf
    with pytest.raises(ValueError) as e:
        R.spam_indicative_tokens(_exact_model(half, [half, half], [2, 0.5]), ["a", "b"])
    assert str(e.value) == "model.phi_k_y1[0] is 2: a probability must be in [0, 1]"


# ==================================================================================================
# Reproducers of the hardening review (issue 12) for Part IV (GDA, Naive Bayes) and decision
# trees: crashes, a hang, wrong answers and errors a user cannot act on. Each one is a test on both
# faces. The inputs that once crashed or hung the interpreter run in a child process with a time
# limit, so that a segfault or a hang fails the test instead of killing the worker.


# ---- crashes and the hang (run in a child) -----------------------------------------------------

@pytest.mark.parametrize("phi", ["[]", "()", "([[0.5, 0.5]],)", "[[[0.5, 0.5]], 0.5]"])
def test_categorical_model_with_fewer_than_two_class_tables_is_refused_C2(phi):
    outcomes = in_interpreter(f"""
        for M in (FN, RN):
            model = M.CategoricalNB(0.5, {phi}, [2], None, None, None)
            for f in (M.categorical_predict, M.categorical_log_joint, M.categorical_log_posterior):
                OUTCOMES.append(outcome(lambda: f(model, [[0], [1]])))
    """)
    for kind, error, message in outcomes[:3] + outcomes[3:]:
        assert kind == "error" and error in ("ValueError", "TypeError") and "model.phi" in message
    assert [o[1] for o in outcomes[:3]] == [o[1] for o in outcomes[3:]]


@pytest.mark.parametrize("k", ["[2**60, 2**63 - 1, 2**63 - 2**60 + 5]", "[2**63, 2, 2]", "2**62"])
def test_categorical_fit_with_a_huge_k_is_refused_before_any_allocation_C3(k):
    outcomes = in_interpreter(f"""
        for M in (FN, RN):
            OUTCOMES.append(outcome(lambda: M.categorical_fit([[0, 0, 0], [1, 1, 1]], [0, 1], {k})))
    """)
    for kind, error, message in outcomes:
        assert (kind, error) == ("error", "ValueError") and "cannot be held" in message
    assert outcomes[0] == outcomes[1]


def test_value_counts_and_vocabulary_size_beyond_any_table_are_refused_C3():
    outcomes = in_interpreter("""
        for M in (FN, RN):
            OUTCOMES.append(outcome(lambda: M.value_counts([0, 1], 2**62)))
            OUTCOMES.append(outcome(lambda: M.multinomial_fit([[0], [1]], [0, 1], 2**62)))
    """)
    assert all(o[:2] == ["error", "ValueError"] and "cannot be held" in o[2] for o in outcomes)
    assert outcomes[:2] == outcomes[2:]


def test_ignore_unknown_is_read_once_C4():
    """An object whose truth flips between two reads: the flag is True or False and nothing else
    (cs229.reference.parameters.flag), so such an object is refused before its truth is read
    at all, by every call of both faces in the same words, and never reaches a write out of
    bounds."""
    outcomes = in_interpreter("""
        class Flip:
            reads = 0
            def __bool__(self):
                Flip.reads += 1
                return Flip.reads % 2 == 1
            def __repr__(self):
                return "Flip()"
        docs = [[0, 1, 7], [2, 7, 7, 3]]
        for M in (FN, RN):
            model = M.multinomial_fit(docs, [0, 1], 4, ignore_unknown=True)
            for f, args in ((M.multinomial_fit, (docs, [0, 1], 4)),
                            (M.multinomial_log_joint, (model, docs)),
                            (M.multinomial_log_posterior, (model, docs)),
                            (M.multinomial_predict, (model, docs))):
                Flip.reads = 0
                OUTCOMES.append(outcome(lambda: f(*args, ignore_unknown=Flip())) + [Flip.reads])
    """)
    assert outcomes == [["error", "TypeError", "ignore_unknown must be True or False, got Flip()", 0]] * 8


# ---- wrong answers -----------------------------------------------------------------------------

@pytest.mark.parametrize("tokens", [np.array([5, 2 ** 64 - 1], dtype=np.uint64), [5.0, 2.0 ** 63],
                                    np.array([5, 2 ** 70], dtype=object)])
def test_pack_documents_refuses_ids_beyond_int64_instead_of_wrapping_W8(tokens):
    with pytest.raises(ValueError, match=r"documents\[0\]\[1\] is (18446744073709551615|9\.223372036854776e\+18|"
                                         r"1180591620717411303424): outside the int64 range"):
        FN.pack_documents([tokens])
    with pytest.raises(ValueError, match=r"documents.tokens\[1\]|documents\[0\]\[1\]"):
        FN.pack_documents(RN.Documents(tokens, [0, 2]))


@pytest.mark.parametrize("face", FACES_IV)
def test_token_ids_beyond_int64_are_unknown_words_W8(face):
    N = FACES_IV[face][0]
    docs = [[0, 1], [np.uint64(2 ** 64 - 1), 1, 0]] if face == "reference" else \
        [np.array([0, 1], dtype=np.uint64), np.array([2 ** 64 - 1, 1, 0], dtype=np.uint64)]
    model = N.multinomial_fit(docs, [0, 1], 2, ignore_unknown=True)
    assert np.asarray(model.word_count).tolist() == [[1, 1], [1, 1]]
    with pytest.raises(ValueError, match=r"documents\[1\]\[0\] is 18446744073709551615: token ids must be in 0..1"):
        N.multinomial_fit(docs, [0, 1], 2)


# ---- errors a user can act on ------------------------------------------------------------------

@pytest.mark.parametrize("face", FACES_IV)
@pytest.mark.parametrize("value,shown", [(1e300, "1e+300"), (np.uint64(2 ** 64 - 1), "18446744073709551615"),
                                         (2.0 ** 63, "9.223372036854776e+18")])
def test_categories_beyond_int64_are_reported_as_given(face, value, shown):
    """A category or token id beyond int64 is outside the range like any other, and both faces
    show it as the caller gave it (the reference gets the same values as lists)."""
    N = FACES_IV[face][0]
    dtype = np.asarray(value).dtype
    arg = (lambda a: a) if face == "fast" else (lambda a: a.tolist())
    with pytest.raises(ValueError, match=rf"^X\[1\]\[1\] is {re.escape(shown)}: feature 1 takes values 0..1$"):
        N.categorical_fit(arg(np.array([[0, 1], [1, value]], dtype=dtype)), [0, 1], 2)
    with pytest.raises(ValueError, match=rf"^z\[1\] is {re.escape(shown)}: values must be in 0..2$"):
        N.value_counts(arg(np.array([0, value], dtype=dtype)), 3)
    with pytest.raises(ValueError, match=rf"^documents\[1\]\[0\] is {re.escape(shown)}: token ids must be in 0..1 "):
        N.multinomial_fit(arg(np.array([[0, 1], [value, 0]], dtype=dtype)), [0, 1], 2)


@pytest.mark.parametrize("face", FACES_IV)
def test_object_arrays_of_ints_are_accepted(face):
    N = FACES_IV[face][0]
    z = np.array([0, 2, 2, 1], dtype=object)
    X = np.array([[0, 2], [1, 0], [2, 1], [1, 1]], dtype=object)
    arg = (lambda a: a) if face == "fast" else (lambda a: a.tolist())
    assert list(N.value_counts(arg(z), 3)) == [1, 1, 2]
    fit = N.categorical_fit(arg(X), [1, 1, 0, 0], 3)
    assert np.asarray(fit.value_count[1][1]).tolist() == [1, 0, 1]
    with pytest.raises(TypeError, match=r"z\[1\]|z"):
        N.value_counts([0, True], 3)
    with pytest.raises(ValueError, match=r"z\[1\] is 2\*\*70|z\[1\] is 1180591620717411303424"):
        N.value_counts(np.array([0, 2 ** 70], dtype=object), 3)


@pytest.mark.parametrize("face", FACES_IV)
def test_encode_reads_generators_once(face):
    N = FACES_IV[face][0]
    ids = lambda out: out if face == "reference" else [  # noqa: E731
        out.tokens[a:b].tolist() for a, b in zip(out.offsets[:-1], out.offsets[1:])]
    vocabulary = ["a", "b"]
    assert ids(N.encode((t for t in [["a"], ["b", "a"]]), vocabulary)) == [[0], [1, 0]]
    assert ids(N.encode([(w for w in ["a", "zz", "b"])], vocabulary, ignore_unknown=True)) == [[0, 1]]
    assert ids(N.encode([["b"]], (w for w in vocabulary))) == [[1]]
    with pytest.raises(TypeError, match=r"token_lists\[0\]\[1\] is \['a'\]: a word must be hashable"):
        N.encode([["a", ["a"]]], vocabulary)
    with pytest.raises(TypeError, match=r"vocabulary\[1\] is \['b'\]: a word must be hashable"):
        N.encode([["a"]], ["a", ["b"]])
    with pytest.raises(ValueError, match=r"vocabulary\[2\] is 'a', as vocabulary\[0\]"):
        N.encode([["a"]], ["a", "b", "a"])


@pytest.mark.parametrize("face", FACES_IV)
def test_float_overflow_in_counts_and_smoothing_is_refused(face):
    N, _, _, E = FACES_IV[face]
    with pytest.raises(ValueError, match="alpha = 1e\\+308 is too large"):
        N.bernoulli_fit([[0, 1], [1, 0]], [0, 1], alpha=1e308)
    with pytest.raises(ValueError, match="counts sum to inf"):
        N.laplace_estimate([1e308, 1e308])
    with pytest.raises(ValueError, match="counts sums past the float64 range"):
        E.count_entropy([1e308, 1e308])
    with pytest.raises(ValueError, match="p \\+ n is past the float64 range"):
        E.bernoulli_entropy(1e308, 1e308)
