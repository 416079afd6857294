"""Pins down behaviour of cs229.reference.naive_bayes that the other suites left open: default
arguments, the exact words of its messages, the loops over both classes, and the reasons of each
class in the 0/0 error of a posterior or a prediction (on both faces where both have it)."""
import dataclasses
from fractions import Fraction

import pytest

import cs229.reference.naive_bayes as R

BIG = 2**64  # an integer category beyond int64

LABEL_WORDS = ("labels must be 0 or 1, the notes' coding here; for any other coding use "
               "cs229.estimators.BernoulliNB or MultinomialNB")

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
