"""cs229-2018, problem set 2: the properties of p05 (the kernel perceptron) and p06 (naive Bayes
spam filtering), judged against cs229.reference.

The perceptron is judged prediction by prediction along a stream of examples (the state is the
student's own object, kept in the child and passed back by its handle); the spam filter piece by
piece: the words of a message, the dictionary (as a set of words: any index order), the count
matrix, the predictions of the fitted model on messages built so that each known misreading of
the multinomial event model with Laplace smoothing labels at least one otherwise, and the five
most indicative words.
"""
import numpy as np
from hypothesis import assume, strategies as st

from cs229.reference import kernels as kr
from cs229.reference import logistic_regression as lg
from cs229.reference import naive_bayes as nb

from .course import Problem, attempt
from .course_forms import label, needs_functions, predictions, word_list
from .cs229_2018_ps1 import Case, _grid
from .properties import Mismatch, Property
from .sandbox import Kernel

__all__ = ["PROBLEMS"]


# ---- p05: the kernel perceptron ----------------------------------------------------------------

@st.composite
def perceptron_data(draw, kernel):
    """A stream of examples (x⁽ⁱ⁾ ∈ ℝ² on a grid of halves, labels 0/1), a learning rate, query
    points, and the kernel: dot, or rbf with σ drawn. Kept when no decision value but an exact 0
    (an empty sum) is within 1e-9 of the threshold."""
    m = draw(st.integers(3, 10))
    x = _grid(draw, (m, 2), -2, 2, 2)
    y = np.array(draw(st.lists(st.integers(0, 1), min_size=m, max_size=m)), dtype=float)
    rate = draw(st.sampled_from([0.5, 1.0]))
    queries = _grid(draw, (5, 2), -2, 2, 2)
    spec = Kernel("dot") if kernel == "dot" else Kernel("rbf", draw(st.sampled_from([0.5, 1.0])))
    stream, final = _reference_stream(x, y, rate, queries, spec)
    return Case({"x": x, "y": y, "learning_rate": rate, "kernel": spec, "x_query": queries},
                {"stream": stream, "final": final})


def _reference_kernel(spec):
    return kr.Linear() if spec.kind == "dot" else kr.Gaussian(spec.parameters[0])


def _reference_stream(x, y, rate, queries, spec):
    """The predictions g(Σⱼ βⱼ K(x⁽ʲ⁾, x)) before each update βᵢ = α(y⁽ⁱ⁾ − h(x⁽ⁱ⁾)), and on the
    queries after the last (PC-1 with the kernel trick, KR-9: g(z) = 1 if z ≥ 0, the notes'
    threshold)."""
    K = _reference_kernel(spec)
    beta, seen, stream = [], [], []

    def decide(point):
        z = 0.0
        for b, xj in zip(beta, seen):
            z += b * K(xj.tolist(), point.tolist())
        assume(not beta or all(b == 0 for b in beta) or abs(z) > 1e-9)
        return int(lg.threshold(z))

    for xi, yi in zip(x, y):
        h = decide(xi)
        stream.append(h)
        beta.append(rate * (yi - h))
        seen.append(xi)
    return stream, [decide(q) for q in queries]


def _check_perceptron(student, case, options):
    x, y, rate, spec = case.data["x"], case.data["y"], case.data["learning_rate"], case.data["kernel"]
    stream, final = case.reference["stream"], case.reference["final"]
    state = attempt("initial_state()", case.data, "a state", student.answer, "initial_state").handle
    for i, (xi, yi) in enumerate(zip(x, y)):
        got = attempt(f"predict(state, kernel, x[{i}])", case.data, stream[i], student.call, "predict", state, spec, xi)
        if label(got) != stream[i]:
            raise Mismatch(f"before the update with example {i}, predict(state, kernel, x[{i}]) is not g(Σⱼ βⱼ "
                           "K(x⁽ʲ⁾, x)) with g(z) = 1 if z ≥ 0 else 0, βⱼ = α(y⁽ʲ⁾ − h(x⁽ʲ⁾))",
                           case.data, {"step": i, "prediction": got, "so far": stream[:i]},
                           {"step": i, "prediction": stream[i], "so far": stream[:i]})
        new = attempt(f"update_state(state, kernel, learning_rate, x[{i}], y[{i}])", case.data, "the state updated",
                      student.answer, "update_state", state, spec, rate, xi, yi)
        if new.value is not None:  # a state returned rather than changed in place
            state = new.handle
    got = [attempt("predict(state, kernel, x)", case.data, final, student.call, "predict", state, spec, q)
           for q in case.data["x_query"]]
    if [label(g) for g in got] != final:
        raise Mismatch("after the stream, predict on the query points is not g(Σⱼ βⱼ K(x⁽ʲ⁾, x))", case.data,
                       got, final)


def _recognise_perceptron(info):
    names = info["names"]
    initial = names.get("initial_state")
    if initial is not None and initial.get("parameters"):
        ps = [p[0] for p in initial["parameters"] if not p[2]]
        if ps:
            return f"initial_state({', '.join(ps)}) takes arguments: another edition's interface"
    return needs_functions(info, {"initial_state": 0, "predict": 3, "update_state": 5})


P05 = Problem(
    "p05_percept", "ps2", "the kernel perceptron", ("util",), _recognise_perceptron,
    (Property("p05_percept", "update_state", "PC-1", "perceptron_with_the_dot_kernel",
              "with K(a, b) = aᵀb, each prediction before an update is g(θᵀx) and update_state does θ := θ + "
              "α(y − g(θᵀx))x, g(z) = 1 if z ≥ 0 else 0 (labels 0/1)", perceptron_data("dot"), _check_perceptron),
     Property("p05_percept", "update_state", "KR-9", "perceptron_with_the_rbf_kernel",
              "with K(a, b) = exp(−‖a − b‖²/(2σ²)), each prediction is g(Σⱼ βⱼ K(x⁽ʲ⁾, x)) with βⱼ = α(y⁽ʲ⁾ − "
              "h(x⁽ʲ⁾)): the perceptron in the kernel's feature space", perceptron_data("rbf"),
              _check_perceptron)))


# ---- p06: naive Bayes spam filtering -----------------------------------------------------------

WORDS = ("free", "call", "now", "win", "prize", "txt", "claim", "cash", "urgent", "reply", "ok", "lunch", "home",
         "love", "later", "sorry", "meet", "see", "going", "tonight")


@st.composite
def messages(draw):
    """Messages of words from WORDS separated by single spaces, each word in a drawn case
    (``Free``, ``FREE``), with the dictionary's edge cases planted: a word in exactly 5
    messages, a word 5 times or more in only 4, a word in 5 messages only once its case is
    ignored."""
    m = draw(st.integers(8, 16))
    body = [draw(st.lists(st.sampled_from(WORDS[6:]), min_size=1, max_size=6)) for _ in range(m)]
    exactly_five, four_often, mixed = WORDS[0], WORDS[1], WORDS[2]
    for i in draw(st.permutations(range(m)))[:5]:
        body[i].append(exactly_five)
    for i in draw(st.permutations(range(m)))[:4]:
        body[i] += [four_often, four_often]
    for j, i in enumerate(draw(st.permutations(range(m)))[:5]):
        body[i].append(mixed.capitalize() if j < 3 else mixed)
    texts = []
    for words in body:
        order = draw(st.permutations(range(len(words))))
        cases = draw(st.lists(st.sampled_from(["lower", "upper", "capitalize"]), min_size=len(words),
                              max_size=len(words)))
        texts.append(" ".join(getattr(words[k], c)() if words[k].islower() else words[k]
                              for k, c in zip(order, cases)))
    return texts


def _expected_dictionary(texts):
    """The words in at least 5 messages (each message counted once), lower-cased (NB-6)."""
    return set(nb.build_vocabulary([sorted(set(nb.tokenize(t))) for t in texts], min_count=5))


@st.composite
def message_data(draw):
    texts = draw(messages())
    words = sorted(_expected_dictionary(texts))
    order = draw(st.permutations(range(len(words))))
    dictionary = {w: int(k) for w, k in zip(words, order)}
    return Case({"messages": texts, "dictionary": dictionary})


def _check_get_words(student, case, options):
    for text in case.data["messages"]:
        expected = nb.tokenize(text)
        got = attempt("get_words(message)", {"message": text}, expected, student.call, "get_words", text)
        if word_list(got) != expected:
            raise Mismatch("get_words(message) is not the message's words, lower-cased, split at the spaces",
                           {"message": text}, got, expected)


def _check_dictionary(student, case, options):
    texts = case.data["messages"]
    expected = _expected_dictionary(texts)
    inputs = {"messages": texts}
    got = attempt("create_dictionary(messages)", inputs, sorted(expected), student.call, "create_dictionary", texts)
    if not isinstance(got, dict):
        raise Mismatch("create_dictionary returned no dict of word → index", inputs, got, sorted(expected))
    if set(got) != expected:
        raise Mismatch("the dictionary's words are not those in at least 5 messages (a message counted once, "
                       "case ignored)", inputs, sorted(map(str, got)), sorted(expected))
    indices = sorted(got.values(), key=lambda v: (not isinstance(v, (int, np.integer)), str(v)))
    if indices != list(range(len(expected))):
        raise Mismatch("the dictionary's indices are not 0 … |V| − 1, one per word (the matrix's columns)",
                       inputs, got, "a permutation of 0 … |V| − 1")


def _counts(texts, dictionary):
    """Row i, column dictionary[w]: how often w occurs in message i (NB-6's word counts)."""
    words = sorted(dictionary, key=dictionary.get)
    matrix = np.zeros((len(texts), len(words)))
    for i, ids in enumerate(nb.encode([nb.tokenize(t) for t in texts], words, ignore_unknown=True)):
        for k in ids:
            matrix[i, k] += 1
    return matrix


def _check_transform(student, case, options):
    texts, dictionary = case.data["messages"], case.data["dictionary"]
    expected = _counts(texts, dictionary)
    got = attempt("transform_text(messages, dictionary)", case.data, expected.tolist(), student.call,
                  "transform_text", texts, dictionary)
    try:
        matrix = np.asarray(got, dtype=float)
    except (TypeError, ValueError):
        matrix = None
    if matrix is None or matrix.shape != expected.shape or not np.array_equal(matrix, expected):
        raise Mismatch("transform_text is not the count of each dictionary word (column dictionary[word]) in each "
                       "message", case.data, got, expected.tolist())


@st.composite
def naive_bayes_data(draw):
    """A word-count matrix (messages × words) and labels with both classes, its reference model
    (multinomial event model, Laplace smoothing), and query rows: for each known misreading one
    row it labels otherwise, then a few drawn rows; kept when the top six log ratios have no
    tie."""
    v = draw(st.integers(6, 9))  # the top five of at least six words
    m = draw(st.integers(6, 16))
    matrix = np.array(draw(st.lists(st.lists(st.integers(0, 3), min_size=v, max_size=v), min_size=m, max_size=m)),
                      dtype=float)
    labels = np.array(draw(st.lists(st.integers(0, 1), min_size=m, max_size=m)), dtype=float)
    assume(0 < labels.sum() < m and matrix.sum(axis=1).min() > 0)
    model = nb.multinomial_fit(_documents(matrix), labels.astype(int).tolist(), v, alpha=1.0)
    ratios = np.log(np.array(model.phi_k_y1, dtype=float) / np.array(model.phi_k_y0, dtype=float))
    top = np.sort(ratios)[::-1][:6]
    assume(np.all(np.abs(np.diff(top)) > 1e-9))
    seed = draw(st.integers(0, 2 ** 16))
    queries = np.vstack([_flipping_rows(matrix, labels, model, seed), matrix[:3]])
    joint = np.asarray(nb.multinomial_log_joint(model, _documents(queries)), dtype=float)
    queries = queries[np.abs(joint[:, 1] - joint[:, 0]) > 1e-9]  # no tie: argmax is the same whoever breaks it
    words = [f"{WORDS[k % len(WORDS)]}{k // len(WORDS) or ''}" for k in range(v)]
    expected = np.asarray(nb.multinomial_predict(model, _documents(queries)), dtype=float)
    top_five = [w for w, _ in nb.spam_indicative_tokens(model, words, top=5)]
    return Case({"matrix": matrix, "labels": labels, "x_query": queries},
                {"model": model, "predictions": expected, "words": words, "top_five": top_five})


def _documents(matrix):
    """Count rows as documents of word ids (word k repeated count times)."""
    return [[k for k in range(len(row)) for _ in range(int(row[k]))] for row in matrix]


def _misreadings(matrix, labels):
    """Scorers of the known slips of NB-6, each (log p(x, y=1) − log p(x, y=0)) of a count row:
    Laplace adding 2 rather than |V|; no smoothing; a Bernoulli event model; the counts
    binarised; the prior left out; φ_y taken as p(y = 0); the denominators counting messages
    rather than words."""
    v = matrix.shape[1]
    in_class = [matrix[labels == c] for c in (0, 1)]
    phi_y = labels.mean()
    prior = np.log([1 - phi_y, phi_y])

    def multinomial(counts, added, log_prior):
        with np.errstate(divide="ignore"):
            logs = [np.log((c.sum(axis=0) + (1 if added else 0)) / (c.sum() + added)) for c in counts]
        return lambda row: (log_prior[1] + _dot(row, logs[1])) - (log_prior[0] + _dot(row, logs[0]))

    def bernoulli(row):
        score = []
        for c in (0, 1):
            phi = ((in_class[c] > 0).sum(axis=0) + 1) / (len(in_class[c]) + 2)
            score.append(prior[c] + np.where(row > 0, np.log(phi), np.log(1 - phi)).sum())
        return score[1] - score[0]

    binarised = [(c > 0).astype(float) for c in in_class]
    by_messages = [np.log((c.sum(axis=0) + 1) / (len(c) + v)) for c in in_class]
    return [multinomial(in_class, 2, prior), multinomial(in_class, 0, prior), bernoulli,
            lambda row: multinomial(binarised, v, prior)((row > 0).astype(float)),
            multinomial(in_class, v, [0.0, 0.0]), multinomial(in_class, v, prior[::-1]),
            lambda row: (prior[1] + row @ by_messages[1]) - (prior[0] + row @ by_messages[0])]


def _dot(row, logs):
    with np.errstate(invalid="ignore"):  # 0·(−∞) where a word is absent: the where takes 0
        return float(np.sum(np.where(row > 0, row * logs, 0.0)))


def _flipping_rows(matrix, labels, model, seed):
    """For each misreading, a count row (drawn from a seeded generator) that it labels otherwise
    than the reference, both far from their tie."""
    rng = np.random.default_rng(seed)
    v = matrix.shape[1]
    candidates = np.vstack([matrix, rng.integers(0, 4, size=(300, v))]).astype(float)
    candidates = candidates[candidates.sum(axis=1) > 0]
    joint = np.asarray(nb.multinomial_log_joint(model, _documents(candidates)), dtype=float)
    reference = joint[:, 1] - joint[:, 0]
    rows = []
    for slip in _misreadings(matrix, labels):
        with np.errstate(invalid="ignore", divide="ignore"):  # −∞ − (−∞) of the unsmoothed slip: NaN, left out
            score = np.array([slip(r) for r in candidates])
        flips = np.flatnonzero((np.sign(score) != np.sign(reference)) & (np.abs(reference) > 1e-6)
                               & (np.abs(score) > 1e-6) & np.isfinite(score))
        if flips.size:
            rows.append(candidates[flips[0]])
    return np.array(rows).reshape(-1, v)


def _fit_naive_bayes(student, case):
    inputs = {"matrix": case.data["matrix"], "labels": case.data["labels"]}
    return attempt("fit_naive_bayes_model(matrix, labels)", inputs, "a model", student.answer,
                   "fit_naive_bayes_model", case.data["matrix"], case.data["labels"])


def _check_naive_bayes(student, case, options):
    expected, queries = case.reference["predictions"], case.data["x_query"]
    model = _fit_naive_bayes(student, case)
    got = attempt("predict_from_naive_bayes_model(model, matrix)", case.data, expected.tolist(), student.call,
                  "predict_from_naive_bayes_model", model.handle, queries)
    kind, values = predictions(got, len(queries))
    if kind is None:
        raise Mismatch(values, case.data, got, expected.tolist())
    if kind == "probabilities":
        posterior = np.exp(np.asarray(nb.multinomial_log_posterior(case.reference["model"], _documents(queries)))[:, 1])
        if not np.allclose(values, posterior, rtol=1e-6, atol=1e-9):
            raise Mismatch("predictions are not p(y = 1 | x) of the multinomial event model with Laplace smoothing "
                           "(+1, +|V|)", case.data, values.tolist(), posterior.tolist())
        return
    if not np.array_equal(values, expected):
        raise Mismatch("predictions are not argmax_y p(y) Πⱼ φ_{xⱼ|y} of the multinomial event model with Laplace "
                       "smoothing φ_{k|y} = (count + 1)/(words + |V|)", case.data, values.tolist(), expected.tolist())


def _check_top_five(student, case, options):
    words, expected = case.reference["words"], case.reference["top_five"]
    dictionary = {w: k for k, w in enumerate(words)}
    model = _fit_naive_bayes(student, case)
    inputs = {"matrix": case.data["matrix"], "labels": case.data["labels"], "dictionary": dictionary}
    got = attempt("get_top_five_naive_bayes_words(model, dictionary)", inputs, expected, student.call,
                  "get_top_five_naive_bayes_words", model.handle, dictionary)
    if word_list(got) != expected:
        raise Mismatch("the top five words are not those of largest log(φ_{k|y=1}/φ_{k|y=0}), largest first",
                       inputs, got, expected)


P06 = Problem(
    "p06_spam", "ps2", "naive Bayes spam filtering", ("util", "svm"),
    lambda info: needs_functions(info, {"get_words": 1, "create_dictionary": 1, "transform_text": 2,
                                        "fit_naive_bayes_model": 2, "predict_from_naive_bayes_model": 2,
                                        "get_top_five_naive_bayes_words": 2}),
    (Property("p06_spam", "get_words", "NB-6", "words_of_a_message",
              "get_words(message) is the message lower-cased, split at the spaces", message_data(),
              _check_get_words),
     Property("p06_spam", "create_dictionary", "NB-6", "dictionary_of_words_in_five_messages",
              "create_dictionary(messages) maps exactly the words in at least 5 messages to the indices 0 … |V| − 1",
              message_data(), _check_dictionary),
     Property("p06_spam", "transform_text", "NB-6", "word_counts",
              "transform_text(messages, dictionary)[i, dictionary[w]] is how often w occurs in message i",
              message_data(), _check_transform),
     Property("p06_spam", "predict_from_naive_bayes_model", "NB-6", "multinomial_naive_bayes_with_laplace",
              "fit then predict is argmax_y p(y) Πⱼ φ_{xⱼ|y}, φ_{k|y} = (1 + Σ counts of k in class y)/(|V| + "
              "Σ words in class y), on messages each known misreading labels otherwise", naive_bayes_data(),
              _check_naive_bayes),
     Property("p06_spam", "get_top_five_naive_bayes_words", "NB-6", "top_five_indicative_words",
              "the five words of largest log(φ_{k|y=1}/φ_{k|y=0}), largest first", naive_bayes_data(),
              _check_top_five)))

PROBLEMS = (P05, P06)
