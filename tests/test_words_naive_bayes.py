"""The exact type and full text of the errors of cs229.reference.naive_bayes (and of its fast twin
where the function exists there): smoothing, fits, model fields, bins and the text pipeline."""
import pytest

import cs229.reference.naive_bayes as R
from cs229.reference.naive_bayes import BernoulliNB, CategoricalNB, MultinomialNB, ZeroOverZeroError

# 1e308 is a float64, but Σ counts + k·1e308 is not for any k >= 2
HUGE = 1e308


# ---- NB-4: Laplace smoothing ------------------------------------------------------------------

def test_laplace_estimate_refuses_an_alpha_whose_denominator_overflows_NB_4(impl):
    with pytest.raises(ValueError) as e:
        impl.naive_bayes.laplace_estimate(impl.arg([1.0, 2.0]), alpha=HUGE)
    assert str(e.value) == "alpha = 1e+308 is too large: Σ counts + 2·alpha overflows float64"


@pytest.mark.parametrize("alpha", [0, 0.0], ids=["int", "float"])
def test_laplace_estimate_of_no_observations_unsmoothed_is_zero_over_zero_NB_4(impl, alpha):
    with pytest.raises(ZeroOverZeroError) as e:
        impl.naive_bayes.laplace_estimate(impl.arg([0.0, 0.0]), alpha=alpha)
    assert str(e.value) == ("every count is 0 and alpha = 0: each φⱼ = 0/0 "
                            "(no observations; use Laplace smoothing, alpha > 0)")


def test_laplace_estimate_names_the_negative_count_NB_4(impl):
    with pytest.raises(ValueError) as e:
        impl.naive_bayes.laplace_estimate(impl.arg([1.0, -1.0]))
    assert str(e.value) == "counts[1] is -1.0: counts must be >= 0"


@pytest.mark.parametrize("call, message", [
    (lambda nb: nb.laplace_estimate([1, -1]), "counts[1] is -1: counts must be >= 0"),
    (lambda nb: nb.discretize([1], [2, 1]), "edges must be strictly increasing: edges[0] = 2 >= edges[1] = 1"),
    (lambda nb: nb.bernoulli_log_joint(BernoulliNB(1, [0.5], [0.5], [1, 1], [[0], [0]], 1), [[1]]), "model.phi_y must be in (0, 1), got 1"),
    (lambda nb: nb.bernoulli_log_joint(BernoulliNB(0.5, [2], [0.5], [1, 1], [[0], [0]], 1), [[1]]),
     "model.phi_j_y0[0] is 2: a probability must be in [0, 1]"),
], ids=["counts", "edges", "phi_y", "phi_j"])
def test_values_are_shown_as_given_in_both_faces(impl, call, message):
    """An int stays an int in the message (1, not the 1.0 that an array of floats makes of it)."""
    with pytest.raises(ValueError) as e:
        call(impl.naive_bayes)
    assert str(e.value) == message


# ---- fits -------------------------------------------------------------------------------------

def _no_examples(c):
    return (f"y has no examples of class {c}: p(y = {c}) = 0 and φ_(·|y={c}) has no data "
            "(Naive Bayes needs both classes)")


@pytest.mark.parametrize("y, c", [([0.0, 0.0], 1), ([1.0, 1.0], 0)], ids=["no1", "no0"])
def test_bernoulli_fit_names_the_class_without_examples_NB_2(impl, y, c):
    with pytest.raises(ValueError) as e:
        impl.naive_bayes.bernoulli_fit(impl.arg([[1.0], [0.0]]), impl.arg(y))
    assert str(e.value) == _no_examples(c)


def test_bernoulli_fit_refuses_an_alpha_whose_denominator_overflows_NB_2(impl):
    with pytest.raises(ValueError) as e:
        impl.naive_bayes.bernoulli_fit(impl.arg([[1.0], [0.0]]), impl.arg([0.0, 1.0]), alpha=HUGE)
    assert str(e.value) == "alpha = 1e+308 is too large: the class count + 2·alpha overflows float64"


@pytest.mark.parametrize("y, c", [([0.0, 0.0], 1), ([1.0, 1.0], 0)], ids=["no1", "no0"])
def test_categorical_fit_names_the_class_without_examples_NB_5(impl, y, c):
    with pytest.raises(ValueError) as e:
        impl.naive_bayes.categorical_fit(impl.arg([[1.0], [0.0]]), impl.arg(y), 2)
    assert str(e.value) == _no_examples(c)


def test_categorical_fit_refuses_an_alpha_whose_denominator_overflows_NB_5(impl):
    # the largest k_j (3) multiplies alpha in the largest denominator
    with pytest.raises(ValueError) as e:
        impl.naive_bayes.categorical_fit(impl.arg([[1.0, 0.0], [0.0, 1.0]]), impl.arg([0.0, 1.0]),
                                         [2, 3], alpha=HUGE)
    assert str(e.value) == "alpha = 1e+308 is too large: the class count + 3·alpha overflows float64"


@pytest.mark.parametrize("y, c", [([0.0, 0.0], 1), ([1.0, 1.0], 0)], ids=["no1", "no0"])
def test_multinomial_fit_names_the_class_without_examples_NB_6(impl, y, c):
    with pytest.raises(ValueError) as e:
        impl.naive_bayes.multinomial_fit([[0], [1]], impl.arg(y), 2)
    assert str(e.value) == _no_examples(c)


def test_multinomial_fit_refuses_an_alpha_whose_denominator_overflows_NB_6(impl):
    with pytest.raises(ValueError) as e:
        impl.naive_bayes.multinomial_fit([[0], [1]], impl.arg([0.0, 1.0]), 3, alpha=HUGE)
    assert str(e.value) == ("alpha = 1e+308 is too large: the number of words of a class + 3·alpha "
                            "overflows float64")


@pytest.mark.parametrize("documents, c", [([[0], []], 1), ([[], [1]], 0)], ids=["empty1", "empty0"])
def test_multinomial_fit_of_a_class_without_words_unsmoothed_is_zero_over_zero_NB_6(impl, documents, c):
    with pytest.raises(ZeroOverZeroError) as e:
        impl.naive_bayes.multinomial_fit(documents, impl.arg([0.0, 1.0]), 2, alpha=0)
    assert str(e.value) == (f"class {c} has no words and alpha = 0: every φ_(k|y={c}) is 0/0; "
                            "use Laplace smoothing (alpha > 0)")


# ---- NB-5: discretisation ---------------------------------------------------------------------

@pytest.mark.parametrize("edges, message", [
    ([2.0, 1.0], "edges[0] = 2.0 >= edges[1] = 1.0"),
    ([0.0, 1.0, 1.0], "edges[1] = 1.0 >= edges[2] = 1.0"),
], ids=["decreasing", "repeated"])
def test_discretize_names_the_first_pair_out_of_order_NB_5(impl, edges, message):
    with pytest.raises(ValueError) as e:
        impl.naive_bayes.discretize(impl.arg([1.0]), impl.arg(edges))
    assert str(e.value) == f"edges must be strictly increasing: {message}"


# ---- model fields -----------------------------------------------------------------------------

def _bernoulli(phi_y=0.5, phi_j_y0=(0.5, 0.5), phi_j_y1=(0.5, 0.5)):
    return BernoulliNB(phi_y, list(phi_j_y0), list(phi_j_y1), [1, 1], [[0, 0], [0, 0]], 1)


@pytest.mark.parametrize("name", ["bernoulli_log_joint", "bernoulli_log_posterior", "bernoulli_predict"])
@pytest.mark.parametrize("model, message", [
    (_bernoulli(phi_y=0.0), "model.phi_y must be in (0, 1), got 0.0"),
    (_bernoulli(phi_y=1.5), "model.phi_y must be in (0, 1), got 1.5"),
    (_bernoulli(phi_j_y1=[0.5]), "model.phi_j_y0 has 2 entries but model.phi_j_y1 has 1"),
    (_bernoulli(phi_j_y0=[0.5, 1.5]), "model.phi_j_y0[1] is 1.5: a probability must be in [0, 1]"),
    (_bernoulli(phi_j_y1=[-0.25, 0.5]), "model.phi_j_y1[0] is -0.25: a probability must be in [0, 1]"),
], ids=["phi0", "phi15", "lengths", "above1", "negative"])
def test_a_bad_bernoulli_model_is_refused_with_its_reason_NB_2(impl, name, model, message):
    with pytest.raises(ValueError) as e:
        getattr(impl.naive_bayes, name)(model, impl.arg([[1.0, 0.0]]))
    assert str(e.value) == message


HALVES = [[0.5, 0.5], [0.5, 0.5]]


def _categorical(phi_y=0.5, phi=(HALVES, HALVES), k=(2, 2)):
    return CategoricalNB(phi_y, phi if isinstance(phi, (int, str)) else list(phi),
                         k if isinstance(k, int) else list(k), [1, 1], None, 1)


@pytest.mark.parametrize("name", ["categorical_log_joint", "categorical_log_posterior", "categorical_predict"])
@pytest.mark.parametrize("model, error, message", [
    (_categorical(phi_y=1.0), ValueError, "model.phi_y must be in (0, 1), got 1.0"),
    (_categorical(k=2), TypeError, "model.k must be a sequence of integers (one k_j per feature)"),
    (_categorical(phi=3), TypeError, "model.phi must be a sequence, got int"),
    (_categorical(phi="ab"), TypeError, "model.phi must be a sequence, got str"),
    (_categorical(phi=[5, HALVES]), TypeError, "model.phi[0] must be a sequence, got int"),
    (_categorical(phi=[HALVES]), ValueError,
     "model.phi has 1 entries but Naive Bayes has 2 classes (a table per y)"),
    (_categorical(phi=[HALVES, HALVES[:1]]), ValueError, "model.phi[1] has 1 entries but model.k has 2 features"),
    (_categorical(phi=[HALVES, [[0.5, 0.5], [1.0]]]), ValueError,
     "model.phi[1][1] has 1 entries but model.k[1] is 2"),
    (_categorical(phi=[HALVES, [[0.5, 0.5], [0.5, 1.5]]]), ValueError,
     "model.phi[1][1][1] is 1.5: a probability must be in [0, 1]"),
], ids=["phi1", "kint", "phiint", "phistr", "tableint", "classes", "features", "values", "above1"])
def test_a_bad_categorical_model_is_refused_with_its_reason_NB_5(impl, name, model, error, message):
    with pytest.raises(error) as e:
        getattr(impl.naive_bayes, name)(model, impl.arg([[0.0, 1.0]]))
    assert type(e.value) is error
    assert str(e.value) == message


def _multinomial(phi_y=0.5, phi_k_y0=(0.5, 0.5), phi_k_y1=(0.25, 0.75)):
    return MultinomialNB(phi_y, list(phi_k_y0), list(phi_k_y1), [1, 1], None, [1, 1], 1)


BAD_MULTINOMIAL = [
    (_multinomial(phi_y=0.0), "model.phi_y must be in (0, 1), got 0.0"),
    (_multinomial(phi_k_y1=[0.25, 0.25, 0.5]), "model.phi_k_y1 has 3 entries but model.phi_k_y0 has 2"),
    (_multinomial(phi_k_y1=[0.25, 2.0]), "model.phi_k_y1[1] is 2.0: a probability must be in [0, 1]"),
]
BAD_MULTINOMIAL_IDS = ["phi0", "lengths", "above1"]


@pytest.mark.parametrize("name", ["multinomial_log_joint", "multinomial_log_posterior", "multinomial_predict"])
@pytest.mark.parametrize("model, message", BAD_MULTINOMIAL, ids=BAD_MULTINOMIAL_IDS)
def test_a_bad_multinomial_model_is_refused_with_its_reason_NB_6(impl, name, model, message):
    with pytest.raises(ValueError) as e:
        getattr(impl.naive_bayes, name)(model, [[0, 1]])
    assert str(e.value) == message


@pytest.mark.parametrize("model, message", BAD_MULTINOMIAL, ids=BAD_MULTINOMIAL_IDS)
def test_multinomial_likelihood_refuses_a_bad_model_NB_6(model, message):
    with pytest.raises(ValueError) as e:
        R.multinomial_likelihood(model, [[0, 1]], [0])
    assert str(e.value) == message


# ---- NB-6: the text pipeline ------------------------------------------------------------------

@pytest.mark.parametrize("message, kind", [(5, "int"), (b"ab", "bytes"), (None, "NoneType")],
                         ids=["int", "bytes", "none"])
def test_tokenize_takes_only_a_str_NB_6(message, kind):
    with pytest.raises(TypeError) as e:
        R.tokenize(message)
    assert str(e.value) == f"message must be a str, got {kind}"


@pytest.mark.parametrize("token_lists, kind", [("ab", "str"), (5, "int")], ids=["str", "int"])
def test_build_vocabulary_needs_an_iterable_of_word_lists_NB_6(token_lists, kind):
    with pytest.raises(TypeError) as e:
        R.build_vocabulary(token_lists)
    assert str(e.value) == f"token_lists must be an iterable of word lists, got {kind}"


@pytest.mark.parametrize("token_lists, i", [([["a"], "ab"], 1), ([b"ab"], 0)], ids=["str", "bytes"])
def test_build_vocabulary_refuses_a_string_as_a_word_list_NB_6(token_lists, i):
    # a string is iterable, but its words would be its letters
    with pytest.raises(TypeError) as e:
        R.build_vocabulary(token_lists)
    assert str(e.value) == f"token_lists[{i}] must be a list of words, got a string"


@pytest.mark.parametrize("vocabulary, kind", [(5, "int"), ("abc", "str")], ids=["int", "str"])
def test_word_index_needs_an_iterable_of_words_NB_6(vocabulary, kind):
    with pytest.raises(TypeError) as e:
        R.word_index(vocabulary)
    assert str(e.value) == f"vocabulary must be an iterable of words, got {kind}"


def test_word_index_names_a_repeated_word_and_its_first_place_NB_6():
    with pytest.raises(ValueError) as e:
        R.word_index(["a", "b", "a"])
    assert str(e.value) == "vocabulary has repeated words: vocabulary[2] is 'a', as vocabulary[0]"


def test_word_index_refuses_an_unhashable_word_NB_6():
    with pytest.raises(TypeError) as e:
        R.word_index(["a", ["b"]])
    assert str(e.value) == "vocabulary[1] is ['b']: a word must be hashable (a str)"


@pytest.mark.parametrize("token_lists, vocabulary, message", [
    ("ab", ["a"], "token_lists must be an iterable of word lists, got str"),
    ([["a"]], 5, "vocabulary must be an iterable of words, got int"),
], ids=["tokens", "vocabulary"])
def test_encode_needs_iterables_NB_6(impl, token_lists, vocabulary, message):
    with pytest.raises(TypeError) as e:
        impl.naive_bayes.encode(token_lists, vocabulary)
    assert str(e.value) == message


@pytest.mark.parametrize("token_lists, message", [
    ([["a"], "ab"], "token_lists[1] must be a list of words, got str"),
    ([5], "token_lists[0] must be a list of words, got int"),
    ([None], "token_lists[0] must be a list of words, got NoneType"),
], ids=["str", "int", "none"])
def test_encode_names_a_document_that_is_not_a_word_list_NB_6(impl, token_lists, message):
    with pytest.raises(TypeError) as e:
        impl.naive_bayes.encode(token_lists, ["a"])
    assert str(e.value) == message


def test_encode_names_an_unknown_word_and_the_way_to_drop_it_NB_6(impl):
    with pytest.raises(ValueError) as e:
        impl.naive_bayes.encode([["a", "z"]], ["a"])
    assert str(e.value) == ("token_lists[0][1] is 'z', which is not in the vocabulary; "
                            "pass ignore_unknown=True to drop such words")


def test_encode_names_a_repeated_vocabulary_word_NB_6(impl):
    with pytest.raises(ValueError) as e:
        impl.naive_bayes.encode([["a"]], ["a", "b", "a"])
    assert str(e.value) == "vocabulary has repeated words: vocabulary[2] is 'a', as vocabulary[0]"


def test_encode_refuses_an_unhashable_word_NB_6(impl):
    with pytest.raises(TypeError) as e:
        impl.naive_bayes.encode([["a", ["b"]]], ["a"])
    assert str(e.value) == "token_lists[0][1] is ['b']: a word must be hashable (a str)"


def test_spam_indicative_tokens_needs_a_word_per_table_entry_NB_6():
    with pytest.raises(ValueError) as e:
        R.spam_indicative_tokens(_multinomial(), ["a"])
    assert str(e.value) == "vocabulary has 1 words but the model has 2"


def test_spam_indicative_tokens_refuses_a_zero_ham_probability_NB_6():
    with pytest.raises(ZeroOverZeroError) as e:
        R.spam_indicative_tokens(_multinomial(phi_k_y0=[0.0, 1.0]), ["a", "b"])
    assert str(e.value) == "some φ_(k|y=0) is 0: the log ratio is infinite; fit with alpha > 0"


def test_spam_indicative_tokens_refuses_a_prior_outside_the_open_interval_NB_6():
    with pytest.raises(ValueError) as e:
        R.spam_indicative_tokens(_multinomial(phi_y=1.0), ["a", "b"])
    assert str(e.value) == "model.phi_y must be in (0, 1), got 1.0"
