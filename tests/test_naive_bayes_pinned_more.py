"""Pins down more of cs229.reference.naive_bayes: the overflow check of smoothing, the kind of −∞
in a log joint, the handling of unknown words in packed documents, exact messages, and the log
ratios and order of spam_indicative_tokens (on both faces where both have the function)."""
import math
from fractions import Fraction

import mpmath
import pytest

import cs229.reference.naive_bayes as R

ZERO_OVER_ZERO_TAIL = "so p(y = 1 | x) is 0/0 (000 §2.1); use Laplace smoothing (alpha > 0)"

LABEL_WORDS = ("labels must be 0 or 1, the notes' coding here; for any other coding use "
               "cs229.estimators.BernoulliNB or MultinomialNB")

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
