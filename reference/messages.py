"""The messages of bad input, one table for both faces.

Every refusal of an argument that both faces make is a row of ``MESSAGES``, raised through
:func:`error` by the kinds of scalar parameter (``cs229.reference.parameters``), the array
readers (``cs229.reference.inputs``, ``cs229.fast._validation``) and the topic modules of both
faces, so the same input gets the same exception type and the same text from both. The errors of an algorithm that cannot succeed (it diverges, reaches its cap, meets
a singular matrix or a 0/0) are built by a function of the reference module the algorithm lives
in (``results.divergence``, ``newton.one_label``, ``naive_bayes.no_words``, …), which the fast
face calls. A message that only one face can give (the fast face's BLAS and memory limits, the
reference's exact arithmetic) is written where it is raised.

The rule for the exception type:

- **TypeError** when the object is of the wrong kind: not a sequence where an array is expected
  (a number, None, a string, a 0-dimensional array, a scipy.sparse matrix), or an entry that is
  not a number of the expected kind (None, a string, a Decimal, a complex number, a bool where
  bools are not accepted, a float where an integer is expected).
- **ValueError** when the object is of the right kind and its shape or value is wrong: the wrong
  number of dimensions, empty, ragged, lengths that differ, a non-finite or out-of-range value,
  a float with a fractional part where an integer is expected.

Values are shown as the caller gave them (:func:`show`): ``3`` for the int 3, ``3.0`` for the
float, ``18446744073709551615`` for that uint64, ``'a'`` for a string.
"""
import math
import numbers

import mpmath

__all__ = ["MESSAGES", "MAX_COUNT", "MAX_TABLE_SIZE", "INT64_MIN", "INT64_MAX", "ESTIMATORS", "error",
           "text", "show", "rounded", "kind_name", "estimator", "k_classes", "K_CLASSES", "integer_label",
           "length_error"]

# The largest iteration count, degree or size an int parameter may take: the compiled loops keep
# such counts in a C int. The reference refuses the same values so that the faces agree.
MAX_COUNT = 2 ** 31 - 1

# The most entries a count table may have per class (k values of a variable, Σⱼ k_j, |V| words):
# a size is an int parameter like the others, under the same cap, and past it the table itself
# (8-byte counts per class, in both faces) is what cannot be held, so that is what the message says.
MAX_TABLE_SIZE = MAX_COUNT

# Integer data (categories, counts, token ids, class labels) are read into int64 by the compiled
# code.
INT64_MIN = -2 ** 63
INT64_MAX = 2 ** 63 - 1

MESSAGES = {
    # ---- the wrong kind of object: TypeError ---------------------------------------------------
    "wrong_kind": (TypeError, "{name} must be {what}, got {got}"),
    "sparse": (TypeError, "{name} is a scipy.sparse {got}: this function takes a dense array; "
                          "pass {name}.toarray()"),
    "not_real": (TypeError, "{name}{where} is {value}: expected a real number"),
    "not_an_integer": (TypeError, "{name}{where} is {value}: expected an integer"),
    "int_parameter": (TypeError, "{name} must be an integer, got {value}"),
    "sizes_kind": (TypeError, "{name} must be an integer or a sequence of integers, got {got}"),
    "flag": (TypeError, "{name} must be True or False, got {value}"),
    "order_entry": (TypeError, "order[{i}] is {value}: order must be a permutation of 0..{last} "
                               "given as integers"),
    "not_a_document": (TypeError, "{name}{where} must be a sequence of token ids, got {got}"),
    "iterable": (TypeError, "{name} must be an iterable of {what}, got {got}"),
    "word_list": (TypeError, "token_lists[{i}] must be a list of words, got {got}"),
    "unhashable_word": (TypeError, "{where} is {word}: a word must be hashable (a str)"),
    "model_k": (TypeError, "model.k must be a sequence of integers (one k_j per feature)"),
    "int_or_none": (TypeError, "{name} must be an integer or None, got {value}"),
    "discrete_kind": (TypeError, "discrete must be a bool or a sequence of {d} bools, got {got}"),
    "discrete_bools": (TypeError, "discrete must hold bools (True for a discrete feature)"),
    "not_a_str": (TypeError, "{name} must be a str, got {got}"),
    "classes_kind": (TypeError, "model.classes must be a pair (negative, positive), got {got}"),
    # ---- the right kind, the wrong shape: ValueError -------------------------------------------
    "dimensions": (ValueError, "{name} must be {want}-dimensional, got {got} dimension(s)"),
    "contains_itself": (ValueError, "{name} contains itself (its first entries lead back to it): "
                                    "it has no number of dimensions"),
    "empty": (ValueError, "{name} is empty"),
    "no_rows": (ValueError, "{name} is empty (no rows)"),
    "no_columns": (ValueError, "{name} has rows of length 0"),
    "ragged": (ValueError, "{name} is ragged: row 0 has {width} entries, row {i} has {length}"),
    "ragged_row": (ValueError, "{name} is ragged: row 0 has {width} entries, row {i} is {value}"),
    "rows_and_entries": (ValueError, "{x_name} has {m} rows but {y_name} has {n} entries"),
    "entries_and_columns": (ValueError, "{name} has {n} entries but {x_name} has {m} columns"),
    "entries_and_rows": (ValueError, "{name} has {n} entries but {x_name} has {m} rows"),
    "entries_and_length": (ValueError, "{name} has {n} entries but {length_name} has {length}"),
    "columns_and_columns": (ValueError, "{name} has {m} columns but {x_name} has {n}"),
    "columns_and_entries": (ValueError, "{x_name} has {m} columns but {name} has {n} entries"),
    "model_features": (ValueError, "{name} has {m} columns but the model has {n} features"),
    "tree_features": (ValueError, "X has {m} columns but the tree takes {n} features"),
    "discrete_entries": (ValueError, "discrete has {n} entries but X has {d} columns"),
    "square": (ValueError, "{name} must be square, got {m}x{n}"),
    "covariance_size": (ValueError, "{name} is {n}x{n} but {means} {d} entries"),
    "symmetric": (ValueError, "{name} is not symmetric: {name}[{i}][{j}] != {name}[{j}][{i}]"),
    "queries_columns": (ValueError, "queries have {m} columns but X has {n}"),
    "blas_rows": (ValueError, "X has {m} rows; BLAS takes at most 2**31 - 1"),
    "order": (ValueError, "order must be a permutation of 0..{last}"),
    "no_documents": (ValueError, "{name} is empty (no documents)"),
    "offsets": (ValueError, "{name}.offsets must rise from 0 to len({name}.tokens) = {n} without "
                            "decreasing"),
    "nested": (ValueError, "{name}{where} is {value}: expected a number, got a sequence "
                           "(one dimension too many)"),
    # ---- the right kind, a wrong value: ValueError ---------------------------------------------
    "not_finite": (ValueError, "{name}{where} is {value}: expected a finite number"),
    "not_finite_integer": (ValueError, "{name}{where} is {value}: expected a finite integer"),
    "fractional": (ValueError, "{name}{where} is {value}: expected an integer"),
    "beyond_int64": (ValueError, "{name}{where} is {value}: outside the int64 range "
                                 "-2**63 .. 2**63 - 1"),
    "beyond_float64": (ValueError, "{name}{where} is {value}: outside the float64 range"),
    "above": (ValueError, "{name} must be > {low}, got {value}"),
    "above_or_none": (ValueError, "{name} must be > {low} or None, got {value}"),
    "non_negative": (ValueError, "{name} must be non-negative"),
    "in_interval": (ValueError, "{name} must be in ({low}, {high}), got {value}"),
    "probability": (ValueError, "{name}{where} is {value}: a probability must be in [0, 1]"),
    "negative_count": (ValueError, "{name}{where} is {value}: counts must be >= 0"),
    # scikit-learn's checks of input_tags.positive_only look for its words "Negative values in data"
    "negative_data": (ValueError, "Negative values in data passed to {estimator}: {entry}; {what} must be >= 0"),
    "not_a_count": (ValueError, "{name}{where} is {value}: a count must be a non-negative integer"),
    "no_examples": (ValueError, "{name} has no examples (all counts are 0)"),
    "counts_past_float64": (ValueError, "{name} sums past the float64 range: the proportions cₖ/m "
                                        "have no float64 value"),
    "negative_probability": (ValueError, "{name}{where} is {value}: a probability must be >= 0"),
    "sums_to": (ValueError, "{name} sums to {s}, not 1"),
    "positive_target": (ValueError, "{name}{where} is {value}: the target must be > 0"),
    "poisson_target": (ValueError, "{name}{where} is {value}: a Poisson target must be >= 0"),
    "positive_exposure": (ValueError, "{name}{where} is {value}: an exposure must be > 0"),
    "negative_weight": (ValueError, "{name}{where} is {value}: a sample weight must be >= 0"),
    "zero_weights": (ValueError, "{name}: every sample weight is 0, so there is nothing to fit"),
    "one_class_weights": (ValueError, "{name}: every example of weight > 0 has the label {label}; "
                                      "a two-class model needs both classes among them"),
    "exposure_not_poisson": (ValueError, "exposure is the Poisson family's offset log e (μ = e·e^(θᵀx)); "
                                         "for the {family} family give the offset itself"),
    # the class priors of a k-class model
    "too_few_priors": (ValueError, "{name} has {n} entries: {model} needs k >= 2 class priors"),
    "priors_sum": (ValueError, "{name} must sum to 1, it sums to {total}"),
    "offset_and_exposure": (ValueError, "offset and exposure are both given: an exposure e is the "
                                        "offset log e, so give one of them"),
    "not_in_alphabet": (ValueError, "{name}[{i}] is {got}, which is not in the alphabet {alphabet}"),
    "increasing": (ValueError, "{name} must be strictly increasing: {name}[{i}] = {low} >= "
                               "{name}[{j}] = {high}"),
    "at_least": (ValueError, "{name} must be >= {low}, got {value}"),
    "at_least_or_none": (ValueError, "{name} must be >= {low} or None, got {value}"),
    "count_limit": (ValueError, "{name} must be <= " + f"{MAX_COUNT} (2**31 - 1, the largest count "
                                "the compiled loops hold), got {value}"),
    "tol_needed": (ValueError, "tol must be a number for {what} (None would leave only the "
                               "max_iterations cap to stop it)"),
    "n_jobs": (ValueError, "{name} must be an integer >= 1, or -1 or None (all cores), got {value}"),
    # the estimators' step size, renamed to scikit-learn's learning_rate (alpha is its penalty);
    # these words go into a FutureWarning (``text``), the kind is only the table's
    "alpha_step_size": (ValueError, "{estimator}: alpha as the step size is deprecated and will be "
                                    "removed in the next release; pass learning_rate={value} "
                                    "(alpha is scikit-learn's name for a penalty)"),
    # GaussianDiscriminantAnalysis predicts from the linear scores (GDA-3, X-3): one product per
    # row, no longer split among cores; these words go into a FutureWarning (``text``)
    "gda_n_jobs": (ValueError, "GaussianDiscriminantAnalysis: n_jobs is deprecated and will be removed "
                               "in the next release; the predictions are one product θ_jᵀx per row "
                               "and no longer split among cores (got n_jobs={value}; leave it None)"),
    "alpha_and_learning_rate": (ValueError, "{estimator}: alpha (the deprecated name of the step size) "
                                            "and learning_rate are both given; pass learning_rate "
                                            "only, got alpha={value} and learning_rate={rate}"),
    # what an estimator's user passes where the maximum likelihood θ does not exist: words that
    # follow a face's error or warning (``text``)
    "remedy_penalty": (ValueError, "pass penalty='l2' with a C > 0 (the inverse of λ: a smaller C, "
                                   "a stronger penalty; scikit-learn's default is C=1.0) for the "
                                   "penalised fit, whose maximum exists"),
    "remedy_alpha": (ValueError, "pass alpha > 0 (the L2 penalty, scikit-learn's PoissonRegressor's "
                                 "meaning) for the penalised fit, whose maximum exists"),
    "penalty_solver": (ValueError, "solver={solver!r} has no penalty (the notes' stochastic rule "
                                   "maximises ℓ); pass solver='newton' or 'gd' with penalty='l2', "
                                   "or penalty=None"),
    "weights_one_class": (ValueError, "sample_weight: class {empty} carries no weight (each of its "
                                      "examples has weight 0), so only class {kept} is left; {model} "
                                      "needs examples of at least two classes with weight > 0"),
    "weights_start_class": (ValueError, "sample_weight: class {c} of 1..{k} carries no weight (each of "
                                        "its examples has weight 0); with Theta=None, k is the largest "
                                        "label and every class in 1..k must carry weight"),
    # X-7: the estimators' fits on dask collections (cs229.distributed)
    "chunk_shape": (ValueError, "{name}: the chunk of rows {first}–{last} holds an array of shape {shape}, "
                                "not the {declared} its dask array declares"),
    "dask_solver": (ValueError, "{what} with solver={solver!r} takes arrays in memory: on a dask array "
                                "or DataFrame (cs229.distributed) use solver={supported}"),
    "weights_pair_class": (ValueError, "sample_weight: class {empty} carries no weight (each of its "
                                       "examples has weight 0), so the SVMs of its pairs of classes "
                                       "have none of its examples; give its examples weight, or "
                                       "leave them out of the data"),
    "weights_absent_class": (ValueError, "sample_weight: class {empty} carries no weight (each of its "
                                         "examples has weight 0), so its probability is driven to 0 and "
                                         "ℓ has no maximum (nor has the penalised ℓ while the intercepts "
                                         "are unpenalised); give its examples weight, or leave them out "
                                         "of the data"),
    "penalty_no_summary": (ValueError, "summary: the standard errors of the inverse Fisher information "
                                       "are those of the maximum likelihood fit, and this fit is "
                                       "penalised ({what}); refit with {unpenalised} for a summary"),
    # scikit-learn's meaning, which the estimators take: None is one core, -2 all but one
    "n_jobs_estimator": (ValueError, "{name} must be a nonzero integer (-1 all cores, -2 all but one, ...) "
                                     "or None (one core), got {value}"),
    "one_of": (ValueError, "{name} must be one of {options}{other}, got {value}"),
    "index": (ValueError, "{name} must be an index 0..{last}, got {value}"),
    # a label outside the notes' coding: the message names the coding and the estimator of
    # cs229.estimators that takes labels in any coding (``estimator``, see ``label_fields``)
    "binary_label": (ValueError, "{name}{where} is {value}: labels must be 0 or 1, the notes' "
                                 "coding here; for any other coding use {estimator}"),
    # an integer label past 1 where the two-class model has a k-class one (``k_classes``)
    "binary_label_k": (ValueError, "{name}{where} is {value}: labels must be 0 or 1, the notes' "
                                   "coding here; for any other coding use {estimator}; {k_classes}"),
    "class_label": (ValueError, "{name}{where} is {value}: labels must be integers in 1..{k}, the "
                                "notes' coding here; for any other coding use {estimator}"),
    "signed_label": (ValueError, "{name}{where} is {value}: labels must be -1 or 1, the notes' "
                                 "coding here (pass classes=(negative, positive) to map another "
                                 "two-valued label set, or use {estimator})"),
    "count": (ValueError, "{name}{where} is {value}: counts must be non-negative integers"),
    "binary_feature": (ValueError, "{name}{where} is {value}: features must be binary (0 or 1)"),
    "table_size": (ValueError, "{name} is {value}: a count table that large cannot be held (at most "
                               f"{MAX_TABLE_SIZE} = 2**31 - 1 entries per class)"),
    "category": (ValueError, "{name}{where} is {value}: values must be in 0..{last}"),
    "feature_value": (ValueError, "{name}{where} is {value}: feature {j} takes values 0..{last}"),
    "token_id": (ValueError, "{name}{where} is {value}: token ids must be in 0..{last} (the "
                             "vocabulary); pass ignore_unknown=True to drop the others"),
    # ---- one topic's arguments: ValueError -----------------------------------------------------
    "sigma_inv_shape": (ValueError, "Sigma_inv must be {n}x{n} to match the rows of X"),
    "sigma_inv_psd": (ValueError, "Sigma_inv is not positive semi-definite: (x⁽ⁱ⁾ − x)ᵀ Σ⁻¹ (x⁽ⁱ⁾ − x) < 0"),
    "theta_rows": (ValueError, "Theta has rows of length {m} but X has {n} columns"),
    "no_p_n": (ValueError, "p + n is 0: there are no examples"),
    "p_n_past_float64": (ValueError, "p + n is past the float64 range: p/(p + n) has no float64 value"),
    "w_zero": (ValueError, "w is zero: there is no decision boundary wᵀx + b = 0 to {what}"),
    "classes_pair": (ValueError, "classes must be a pair of two distinct labels (negative, positive), "
                                 "got {got}"),
    "neither_class": (ValueError, "{name}[{i}] is {got}, which is neither class of classes={classes}"),
    "classes_distinct": (ValueError, "model.classes must be a pair of two distinct labels, got {got}"),
    "support_none": (ValueError, "model.{name} has entries but model.support_vectors has none"),
    "support_entries": (ValueError, "model.{name} has {n} entries but model.support_vectors has "
                                    "{count} rows"),
    "support_label": (ValueError, "model.support_labels[{i}] is {value}: labels must be -1 or 1"),
    "negative_slack": (ValueError, "xi[{i}] is {value}: slacks must be >= 0"),
    "infeasible_example": (ValueError, "example {i} violates y(wᵀx + b) >= 1 − ξ"),
    "outside_box": (ValueError, "alpha[{i}] = {value} is outside the box 0 <= alpha <= C"),
    "one_attribute": (ValueError, "x must be one attribute (a number or a 1-entry vector), got {n} "
                                  "entries"),
    "no_child": (ValueError, "X[{i}][{j}] is {value}, a value this branch has no child for"),
    "logistic_two_classes": (ValueError, "threshold='logistic' needs two classes, y has {k}"),
    "logistic_threshold_classes": (ValueError, "y must hold two classes for a logistic threshold, "
                                               "got {k}"),
    "no_threshold": (ValueError, "x has no threshold: x is constant, or the fitted slope b is 0"),
    "same_pair": (ValueError, "i and j must differ: one α cannot move alone (constraint (19))"),
    "q_shape": (ValueError, "Q must be {m}x{m} to match c"),
    "q_symmetric": (ValueError, "Q must be symmetric: Q[{i}][{j}] != Q[{j}][{i}]"),
    "unbounded_coordinate": (ValueError, "Q[{i}][{i}] = {value}: W is not bounded above along α{i} "
                                         "(coordinate ascent needs Qᵢᵢ > 0)"),
    "p_hat": (ValueError, "p_hat must be > 0 wherever p > 0"),
    "documents_and_entries": (ValueError, "{name} has {n} documents but {y_name} has {m} entries"),
    "table_entries": (ValueError, "model.phi[{c}][{j}] has {n} entries but model.k[{j}] is {k}"),
    "unknown_word": (ValueError, "token_lists[{i}][{j}] is {word}, which is not in the vocabulary; "
                                 "pass ignore_unknown=True to drop such words"),
}
# The same words for an object of the wrong kind (TypeError) as for a wrong value.
MESSAGES["n_jobs_kind"] = (TypeError, MESSAGES["n_jobs"][1])
MESSAGES["n_jobs_estimator_kind"] = (TypeError, MESSAGES["n_jobs_estimator"][1])
MESSAGES["one_of_kind"] = (TypeError, MESSAGES["one_of"][1])
MESSAGES["index_kind"] = (TypeError, MESSAGES["index"][1])


# Which class of cs229.estimators takes labels in any coding, by the module whose functions
# refuse labels outside the notes' coding ({0, 1}, 1..k, {−1, 1}); the {−1, 1} labels of svm, smo
# and kernels are all read by margins.signed_labels.
ESTIMATORS = {
    "logistic_regression": "cs229.estimators.LogisticRegression or Perceptron",
    "glm": "cs229.estimators.LogisticRegression",
    "generative": "cs229.estimators.GaussianDiscriminantAnalysis",
    "naive_bayes": "cs229.estimators.BernoulliNB or MultinomialNB",
    "softmax": "cs229.estimators.SoftmaxRegression",
    "margins": "cs229.estimators.SVC or KernelPerceptron",
    "entropy": "cs229.estimators.DecisionTreeClassifier",
    "trees": "cs229.estimators.DecisionTreeClassifier",
}


# the k-class model of the notes that generalises a two-class one, named where the two-class
# model refuses a third label
SOFTMAX = ("for k classes, softmax regression (cs229.reference.softmax, cs229.fast.softmax, "
           "cs229.estimators.SoftmaxRegression)")
GDA_CLASSES = ("for k classes, GDA with labels 1..k (gda_classes_fit of cs229.reference.generative "
               "and cs229.fast.generative; cs229.estimators.GaussianDiscriminantAnalysis takes any "
               "number of classes)")
NB_CLASSES = ("for k classes, naive Bayes with labels 1..k (bernoulli_classes_fit, "
              "multinomial_classes_fit)")
K_CLASSES = {"logistic_regression": SOFTMAX, "glm": SOFTMAX, "generative": GDA_CLASSES,
             "naive_bayes": NB_CLASSES}


def k_classes(module):
    """The words that point a two-class function of ``module`` to its k-class model, with the
    row that says them ("binary_label_k"), or ("", None) where the notes have none."""
    words = K_CLASSES.get(module.rsplit(".", 1)[-1], "")
    return words, ("binary_label_k" if words else None)


def estimator(module):
    """The estimator a label message points to for functions of ``module`` (a cs229.reference
    or cs229.fast module name, with or without the package)."""
    return ESTIMATORS.get(module.rsplit(".", 1)[-1], "a classifier of cs229.estimators")


def integer_label(refusal, module):
    """The refusal of one integer class label (a string, a fraction, NaN: ``integer``'s message)
    with the notes' coding and the estimator of cs229.estimators that takes any coding named."""
    return type(refusal)(f"{refusal}; labels must be integers, the notes' coding here; for any other "
                         f"coding use {estimator(module)}")


_LENGTH_OF = {None: "entries_and_length", "rows": "entries_and_rows", "columns": "entries_and_columns"}


def length_error(name, n, length_name, length, of=None):
    """The error of a vector ``name`` of n entries where ``length`` are needed: "x has 2 entries
    but theta has 3" (``of=None``), "... but X has 3 rows" or "... 3 columns" (``of``)."""
    return error(_LENGTH_OF[of], name=name, n=n, length_name=length_name, length=length,
                 x_name=length_name, m=length)


def error(key, **fields):
    """The exception of table row ``key``, its text filled from ``fields`` (``value`` shown by
    :func:`show`)."""
    return MESSAGES[key][0](text(key, **fields))


def text(key, **fields):
    """The words of table row ``key`` filled from ``fields`` (``value`` shown by :func:`show`),
    for a message that carries them inside another (an estimator's advice after a face's error)."""
    if "value" in fields:
        fields["value"] = show(fields["value"])
    return MESSAGES[key][1].format(**fields)


def show(value):
    """A value as the caller gave it: numbers by ``str`` (a numpy scalar as its Python value),
    anything else (None, strings, Decimal, bool, complex) by ``repr``."""
    if getattr(value, "shape", None) == () and hasattr(value, "item"):
        value = value.item()
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return str(value)
    return repr(value)


def rounded(value, digits=3):
    """A computed number in a message, to ``digits`` significant digits as ``:.{digits}g`` shows a
    float; an exact or mpf number beyond the float range (an exact iterate that grew without
    bound) keeps its exponent instead of raising OverflowError or showing inf."""
    try:
        near = float(value)
    except OverflowError:
        near = math.inf
    if math.isfinite(near) or isinstance(value, float):
        return f"{near:.{digits}g}"
    if isinstance(value, numbers.Rational):
        return mpmath.nstr(mpmath.mpf(value.numerator) / value.denominator, digits)
    return mpmath.nstr(mpmath.mpf(value), digits)


def kind_name(value):
    """How a message names the kind of a wrong object: 'None', 'a 0-dimensional array', or the
    type's name."""
    if value is None:
        return "None"
    if getattr(value, "ndim", None) == 0:
        return "a 0-dimensional array"
    return type(value).__name__
