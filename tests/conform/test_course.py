"""``cs229 conform --course cs229-2018``: the Autumn 2018 problem sets as students write them.

Each test builds a student's repository of its own (the modules below are written here, in every
valid form the assignment allows and with each slip its graders know) and asserts the verdict of
every file: the correct forms conform, each slip does not conform and names the property and
catalog ID it breaks, another edition's interface is "interface not recognised", a data file read
at import is reported and not fatal. Then the grader's outputs: the JSON schema, JUnit, the
Gradescope results with the weights of a TOML file, and the exit statuses.
"""
import json
import os
import textwrap
import xml.etree.ElementTree as ET

import pytest

from cs229 import cli
from cs229.testing import cs229_2018

# the verdicts are tested, not how far Hypothesis shrinks a failure (tests/conftest.py)
pytestmark = pytest.mark.usefixtures("without_shrinking")

EXAMPLES = "6"


def strict(text):
    """JSON as strict parsers read it: NaN and Infinity are refused."""
    def refuse(name):
        raise ValueError(f"not JSON: {name}")
    return json.loads(text, parse_constant=refuse)


def repository(root, files):
    """Write {relative path: source} under root; each variant folder gets what a student's src
    folder holds besides the file (nothing: the grader's stand-ins serve util and linear_model)."""
    for relative, source in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(source), encoding="utf-8")
    return root


def grade(root, capsys, *options, examples=EXAMPLES):
    code = cli.main(["conform", "--course", "cs229-2018", str(root), "--json", "--quiet", "--examples", examples,
                     *options])
    out = capsys.readouterr()
    return code, strict(out.out), out.err


def verdicts(report):
    return {p["file"].split(os.sep)[0]: p for p in report["problems"]}


def assert_verdicts(report, expected):
    """expected: {variant folder: "conforms" | "interface not recognised" | "error" | (catalog ID of
    a failed property, ...)}; a failure carries data, the student's answer and the reference's."""
    got = verdicts(report)
    assert set(got) == set(expected), sorted(got)
    for variant, want in expected.items():
        p = got[variant]
        if isinstance(want, str):
            assert p["verdict"] == want, (variant, p["verdict"], p["reason"], p["failures"])
            continue
        assert p["verdict"] == "does not conform", (variant, p["verdict"], p["reason"])
        ids = {f["catalog_id"] for f in p["failures"]}
        assert ids & set(want), (variant, [(f["property"], f["catalog_id"], f["message"]) for f in p["failures"]])
        for f in p["failures"]:
            assert f["status"] == "failed" and f["message"] and f["data"] is not None, f


# ---- p01b: logistic regression by Newton's method ----------------------------------------------

NEWTON = '''
import numpy as np
{imports}


class LogisticRegression(LinearModel):
    def fit(self, x, y):
        m, n = x.shape
        theta = np.zeros({shape})
        for _ in range(100):
            h = 1 / (1 + np.exp(-(x @ theta).ravel()))
            gradient = x.T @ (h - y){scale}
            hessian = {hessian}
            step = np.linalg.solve(hessian, gradient).reshape(theta.shape)
            theta = theta {sign} step
            if {stop}:
                break
        self.theta = {store}

    def predict(self, x):
        h = 1 / (1 + np.exp(-np.asarray(x @ np.asarray(self.theta).ravel()).ravel()))
        return {predict}
'''
RIGHT_HESSIAN = "(x.T * (h * (1 - h))) @ x{scale}"


def newton(imports="from linear_model import LinearModel", shape="n", scale=" / m", hessian=RIGHT_HESSIAN,
           sign="-", stop="np.abs(step).sum() < self.eps", store="theta", predict="h"):
    return NEWTON.format(imports=imports, shape=shape, scale=scale, hessian=hessian.format(scale=scale), sign=sign,
                         stop=stop, store=store, predict=predict)


P01B = {
    "probabilities": (newton(), "conforms"),
    "labels_bool": (newton(predict="h >= 0.5"), "conforms"),
    "labels_int": (newton(predict="(h > 0.5).astype(int)"), "conforms"),
    "labels_float": (newton(predict="np.round(h)"), "conforms"),
    "column_theta_summed_l2": (newton(shape="(n, 1)", scale="", stop="np.linalg.norm(step) < 1e-8"), "conforms"),
    "matrix_theta": (newton(store="np.matrix(theta).T"), "conforms"),
    "relative_import": (newton(imports="from .linear_model import LinearModel"), "conforms"),
    "package_import/src": (newton(imports="from src.linear_model import LinearModel"), "conforms"),
    "data_at_import": (newton(imports="import util\nfrom linear_model import LinearModel\n"
                                      "x_train, y_train = util.load_dataset('../data/ds1_train.csv', add_intercept=True)"),
                       "conforms"),
    "scalar_hessian": (newton(hessian="np.sum(h * (1 - h)) * (x.T @ x) / m ** 2"), ("NW-2",)),
    "hessian_of_one_minus": (newton(hessian="(x.T * ((1 / (1 + np.exp(-(1 - x @ theta)))) * (1 - 1 / (1 + "
                                            "np.exp(-(1 - x @ theta)))))) @ x / m"), ("NW-2",)),
    "climbs_the_loss": (newton(sign="+"), ("NW-2",)),
    "near_miss": (newton(store="theta * 1.001"), ("NW-2",)),
    "another_edition": ("import numpy as np\n\ndef main(lr, train_path, eval_path, save_path):\n    pass\n",
                        "interface not recognised"),
    # its main loads x without the intercept column and passes theta_0: fit adds the column itself
    "own_intercept_needs_theta_0": (newton(store="theta").replace(
        "        m, n = x.shape\n        theta = np.zeros(n)",
        "        x = np.hstack([np.ones((len(x), 1)), x])\n        m, n = x.shape\n        theta = self.theta.copy()")
        .replace("        h = 1 / (1 + np.exp(-np.asarray(x @", "        x = np.hstack([np.ones((len(x), 1)), x])\n"
                 "        h = 1 / (1 + np.exp(-np.asarray(x @"), "conforms"),
}


def _layout(variants, name):
    files = {}
    for variant, (source, _) in variants.items():
        folder = variant if "/" in variant else f"{variant}/src"
        files[f"{folder}/{name}"] = source
        if variant == "package_import/src":
            files["package_import/src/linear_model.py"] = cs229_2018.STAND_INS["linear_model"]
    return files


def _expected(variants):
    return {v.split("/")[0]: want for v, (_, want) in variants.items()}


def test_p01b_logistic_regression_newton(tmp_path, capsys):
    code, report, _ = grade(repository(tmp_path, _layout(P01B, "p01b_logreg.py")), capsys)
    assert code == 1
    assert_verdicts(report, _expected(P01B))
    notes = verdicts(report)["data_at_import"]["import_problems"]
    line = textwrap.dedent(P01B["data_at_import"][0]).splitlines().index(
        "x_train, y_train = util.load_dataset('../data/ds1_train.csv', add_intercept=True)") + 1
    assert [(n["type"], n["line"]) for n in notes] == [("FileNotFoundError", line)]
    near = next(f for f in verdicts(report)["near_miss"]["failures"] if f["catalog_id"] == "NW-2")
    assert "not the maximiser" in near["message"] and len(near["student"]) == len(near["reference"])


# ---- p01e: GDA ---------------------------------------------------------------------------------

GDA = '''
import numpy as np
from linear_model import LinearModel


class GDA(LinearModel):
    def fit(self, x, y):
        m, n = x.shape
        phi = {phi}
        mu_0 = x[y == 0].mean(axis=0)
        mu_1 = x[y == 1].mean(axis=0)
        d = x - np.where((y == 1)[:, None], mu_1, mu_0)
        sigma = d.T @ d / m
        inverse = np.linalg.inv(sigma)
        slopes = inverse @ (mu_1 - mu_0)
        intercept = 0.5 * (mu_0 @ inverse @ mu_0 - mu_1 @ inverse @ mu_1) {prior}
        {store}

    def predict(self, x):
        {predict}
'''
PRIOR = "+ np.log(phi / (1 - phi))"
# p(y = 1 | x) from the two class densities, their common factor cancelled
DENSITIES = ("inverse = np.linalg.inv(self.sigma)\n"
             "        q = lambda mu: np.einsum('ij,jk,ik->i', x - mu, inverse, x - mu) / 2\n"
             "        return 1 / (1 + np.exp(q(self.mu_1) - q(self.mu_0) - {prior}))")
THETA = "np.r_[intercept, slopes]"


def gda(phi="np.mean(y)", prior=PRIOR, store=f"self.theta = {THETA}\n        return self.theta",
        predict="return 1 / (1 + np.exp(-(x @ self.theta[1:] + self.theta[0])))"):
    return GDA.format(phi=phi, prior=prior, store=store, predict=predict)


P01E = {
    "probabilities": (gda(), "conforms"),
    "split_theta": (gda(store="self.theta, self.theta_0 = slopes, intercept",
                        predict="return (x @ self.theta + self.theta_0 >= 0).astype(float)"), "conforms"),
    "returned_only": (gda(store=f"self.params = {THETA}\n        return self.params",
                          predict="return 1 / (1 + np.exp(-(x @ self.params[1:] + self.params[0])))"), "conforms"),
    "predict_with_intercept": (gda(predict="return 1 / (1 + np.exp(-x @ self.theta)) > 0.5"), "conforms"),
    "prior_sign_flipped": (gda(prior="- np.log(phi / (1 - phi))"), ("GDA-3", "GDA-2")),
    "prior_halved": (gda(prior="+ 0.5 * np.log(phi / (1 - phi))"), ("GDA-3", "GDA-2")),
    "phi_of_class_0": (gda(phi="np.mean(y == 0)"), ("GDA-3", "GDA-2")),
    "estimates_only": (gda(store="self.phi, self.mu_0, self.mu_1, self.sigma = phi, mu_0, mu_1, sigma",
                           predict=DENSITIES.format(prior="np.log(self.phi / (1 - self.phi))")), "conforms"),
    # fit keeps the points of the assignment's data set under a threshold of its own
    "drops_large_points": (gda(phi="np.mean(y)\n        keep = np.abs(x).max(axis=1) <= 300\n"
                                   "        x, y = x[keep], y[keep]"), ("GDA-3", "GDA-2")),
    "densities_without_prior": (gda(store="self.phi, self.mu_0, self.mu_1, self.sigma = phi, mu_0, mu_1, sigma",
                                    predict=DENSITIES.format(prior="0")), ("GDA-2",)),
}


def test_p01e_gda(tmp_path, capsys):
    code, report, _ = grade(repository(tmp_path, _layout(P01E, "p01e_gda.py")), capsys)
    assert code == 1
    assert_verdicts(report, _expected(P01E))
    labels_only = {f["catalog_id"] for f in verdicts(report)["prior_halved"]["failures"]}
    assert labels_only == {"GDA-3", "GDA-2"}  # the query points flip the slip's labels too


# ---- p03d: Poisson regression by gradient ascent -------------------------------------------------

POISSON = '''
import numpy as np
from linear_model import LinearModel


class PoissonRegression(LinearModel):
    def fit(self, x, y):
        m, n = x.shape
        {start}
        {loop}
            step = self.step_size * {gradient}
            {body}

    def predict(self, x):
        return np.exp(x @ self.theta)
'''
POST_CHECK = ("for _ in range(self.max_iter):", "self.theta = self.theta + step\n"
              "            if np.linalg.norm(step, 1) < self.eps:\n                break")
PRE_CHECK = ("while True:", "if np.linalg.norm(step, 1) < self.eps:\n                break\n"
             "            self.theta = self.theta + step")


def poisson(start="if self.theta is None:\n            self.theta = np.zeros(n)", loop=POST_CHECK,
            gradient="x.T @ (y - np.exp(x @ self.theta)) / m"):
    return POISSON.format(start=start, loop=loop[0], gradient=gradient, body=loop[1])


P03D = {
    "mean_post_check": (poisson(), "conforms"),
    "sum_pre_check_no_cap": (poisson(loop=PRE_CHECK, gradient="x.T @ (y - np.exp(x @ self.theta))"), "conforms"),
    "ignores_theta_0": (poisson(start="self.theta = np.zeros(n)"), "conforms"),
    "not_self_theta": (poisson(start="if not self.theta:\n            self.theta = np.zeros(n)"), "conforms"),
    "stochastic": (poisson(loop=("for _ in range(self.max_iter):", "before = self.theta.copy()\n"
                                 "            for i in range(m):\n"
                                 "                self.theta = self.theta + self.step_size * (y[i] - np.exp(x[i] @ "
                                 "self.theta)) * x[i]\n"
                                 "            if np.abs(self.theta - before).sum() < self.eps:\n                break"),
                           gradient="0"), "conforms"),
    "descends": (poisson(gradient="-x.T @ (y - np.exp(x @ self.theta)) / m"), ("GLM-4",)),
    "no_exp": (poisson(gradient="x.T @ (y - x @ self.theta) / m"), ("GLM-4",)),
}


def test_p03d_poisson_gradient_ascent(tmp_path, capsys):
    code, report, _ = grade(repository(tmp_path, _layout(P03D, "p03d_poisson.py")), capsys)
    assert code == 1
    assert_verdicts(report, _expected(P03D))


# ---- p05b: locally weighted linear regression ----------------------------------------------------

LWR = '''
import numpy as np
from linear_model import LinearModel


class LocallyWeightedLinearRegression(LinearModel):
    def __init__(self, tau):
        super(LocallyWeightedLinearRegression, self).__init__()
        self.tau = tau

    def fit(self, x, y):
        self.x = x
        self.y = y

    def predict(self, x):
        out = np.zeros((len(x), 1))
        for i, q in enumerate(x):
            d = self.x - q
            w = np.exp(-{distance} / (2 * self.tau ** 2))
            theta = np.linalg.inv(self.x.T @ np.diag(w) @ self.x) @ self.x.T @ np.diag(w) @ self.y
            out[i] = q @ theta
        return out
'''

P05B = {
    "column_of_predictions": (LWR.format(distance="np.sum(d ** 2, axis=1)"), "conforms"),
    "norm_squared": (LWR.format(distance="np.linalg.norm(d, axis=1) ** 2"), "conforms"),
    "unsquared_distance": (LWR.format(distance="np.linalg.norm(d, axis=1)"), ("LR-14",)),
    "root_of_fourth_powers": (LWR.format(distance="np.linalg.norm(d ** 2, axis=1)"), ("LR-14",)),
}


def test_p05b_locally_weighted_regression(tmp_path, capsys):
    code, report, _ = grade(repository(tmp_path, _layout(P05B, "p05b_lwr.py")), capsys)
    assert code == 1
    assert_verdicts(report, _expected(P05B))


# ---- p05: the kernel perceptron ------------------------------------------------------------------

PERCEPTRON = '''
import numpy as np


def initial_state({initial_arguments}):
    return {initial}


def predict(state, kernel, x_i):
    total = sum(beta * kernel(x, x_i) for beta, x in {pairs})
    return {decide}


def update_state(state, kernel, learning_rate, x_i, y_i):
    beta = learning_rate * ({sign})
    {update}
'''


def perceptron(initial_arguments="", initial="[]", pairs="state", decide="1 if total >= 0 else 0",
               sign="y_i - predict(state, kernel, x_i)", update="state.append((beta, x_i))"):
    return PERCEPTRON.format(initial_arguments=initial_arguments, initial=initial, pairs=pairs, decide=decide,
                             sign=sign, update=update)


P05 = {
    "list_state": (perceptron(), "conforms"),
    "dict_state_bool": (perceptron(initial="{'beta': [], 'x': []}", pairs="zip(state['beta'], state['x'])",
                                   decide="total >= 0",
                                   update="state['beta'].append(beta)\n    state['x'].append(x_i)"), "conforms"),
    "returned_tuple_state": (perceptron(initial="()", update="return state + ((beta, x_i),)",
                                        decide="np.int64(total >= 0)"), "conforms"),
    "update_sign": (perceptron(sign="predict(state, kernel, x_i) - y_i"), ("PC-1", "KR-9")),
    "labels_plus_minus": (perceptron(decide="np.sign(total) if total else 1"), ("PC-1", "KR-9")),
    "another_edition": (perceptron(initial_arguments="train_x"), "interface not recognised"),
}


def test_p05_kernel_perceptron(tmp_path, capsys):
    code, report, _ = grade(repository(tmp_path, _layout(P05, "p05_percept.py")), capsys)
    assert code == 1
    assert_verdicts(report, _expected(P05))
    assert "initial_state(train_x)" in verdicts(report)["another_edition"]["reason"]


# ---- p06: naive Bayes spam filtering -------------------------------------------------------------

SPAM = '''
import collections

import numpy as np


def get_words(message):
    return [w.lower() for w in message.{split}]


def create_dictionary(messages):
    counts = collections.Counter()
    for message in messages:
        counts.update({counted})
    words = sorted(w for w, c in counts.items() if c {threshold})
    return {{w: i for i, w in enumerate(words)}}


def transform_text(messages, word_dictionary):
    matrix = np.zeros((len(messages), len(word_dictionary)), dtype=int)
    for i, message in enumerate(messages):
        for w in get_words(message):
            if w in word_dictionary:
                matrix[i, word_dictionary[w]] += 1
    return matrix


def fit_naive_bayes_model(matrix, labels):
    {prepare}
    v = matrix.shape[1]
    spam, ham = matrix[labels == 1], matrix[labels == 0]
    phi_1 = {phi_1}
    phi_0 = {phi_0}
    return {model}


def predict_from_naive_bayes_model(model, matrix):
    phi_y, phi_1, phi_0 = {unpack}
    {score}


def get_top_five_naive_bayes_words(model, dictionary):
    phi_y, phi_1, phi_0 = {unpack}
    inverse = {{i: w for w, i in dictionary.items()}}
    return np.array([inverse[k] for k in np.argsort(np.log(phi_1 / phi_0))[::-1][:5]])
'''
MULTINOMIAL = ("spam = matrix @ np.log(phi_1) + np.log(phi_y)\n    ham = matrix @ np.log(phi_0) + np.log(1 - phi_y)\n"
               "    return (spam > ham).astype(int)")
BERNOULLI = ("b = matrix > 0\n    spam = b @ np.log(phi_1) + (~b) @ np.log(1 - phi_1) + np.log(phi_y)\n"
             "    ham = b @ np.log(phi_0) + (~b) @ np.log(1 - phi_0) + np.log(1 - phi_y)\n    return spam > ham")


def spam(split="split(' ')", counted="set(get_words(message))", threshold=">= 5", prepare="",
         phi="(C.sum(axis=0) + 1) / (C.sum() + v)", model="(np.mean(labels), phi_1, phi_0)", unpack="model",
         score=MULTINOMIAL):
    return SPAM.format(split=split, counted=counted, threshold=threshold, prepare=prepare,
                       phi_1=phi.replace("C", "spam"), phi_0=phi.replace("C", "ham"), model=model, unpack=unpack,
                       score=score)


CLASS_MODEL = "type('Model', (), {'phi_y': np.mean(labels), 'phi_1': phi_1, 'phi_0': phi_0})()"
LOG_POSTERIOR = ("spam = matrix @ np.log(phi_1) + np.log(phi_y)\n    ham = matrix @ np.log(phi_0) + np.log(1 - phi_y)\n"
                 "    return 1 / (1 + np.exp(ham - spam))")
P06 = {
    "tuple_model": (spam(), "conforms"),
    "split_any_space_class_model": (spam(split="split()", model=CLASS_MODEL,
                                         unpack="model.phi_y, model.phi_1, model.phi_0"), "conforms"),
    "dict_model_probabilities": (spam(model="{'y': np.mean(labels), '1': phi_1, '0': phi_0}",
                                      unpack="model['y'], model['1'], model['0']", score=LOG_POSTERIOR), "conforms"),
    "counts_occurrences": (spam(counted="get_words(message)"), ("NB-6",)),
    "off_by_one": (spam(threshold="> 5"), ("NB-6",)),
    "laplace_two": (spam(phi="(C.sum(axis=0) + 1) / (C.sum() + 2)"), ("NB-6",)),
    "bernoulli_model": (spam(prepare="matrix = (matrix > 0).astype(float)",
                             phi="(C.sum(axis=0) + 1) / (C.shape[0] + 2)", score=BERNOULLI), ("NB-6",)),
    "binarised_in_place": (spam(prepare="matrix[matrix > 0] = 1"), ("NB-6",)),
}


def test_p06_naive_bayes_spam(tmp_path, capsys):
    code, report, _ = grade(repository(tmp_path, _layout(P06, "p06_spam.py")), capsys)
    assert code == 1
    assert_verdicts(report, _expected(P06))
    failures = {v: {f["property"] for f in p["failures"]} for v, p in verdicts(report).items()}
    assert failures["counts_occurrences"] == failures["off_by_one"] == {"dictionary_of_words_in_five_messages"}
    assert "multinomial_naive_bayes_with_laplace" in failures["laplace_two"]
    binarised = next(f for f in verdicts(report)["binarised_in_place"]["failures"])
    assert "changed its argument matrix in place" in binarised["message"]


# ---- the grader's outputs ----------------------------------------------------------------------

def _small_repository(tmp_path):
    return repository(tmp_path / "student", {
        "ps1/src/p05b_lwr.py": P05B["norm_squared"][0],
        "ps2/src/p05_percept.py": P05["update_sign"][0],
        "PS2/src/p05_percept.py": P05["list_state"][0],
    })


def test_json_junit_and_gradescope_outputs(tmp_path, capsys):
    root = _small_repository(tmp_path)
    (tmp_path / "weights.toml").write_text(textwrap.dedent('''
        [points]
        p05b_lwr = 10
        p05_percept = 5
        p06_spam = 20

        [gradescope]
        visibility = "after_due_date"
        partial_credit = true
    '''))
    junit, results = tmp_path / "conform.xml", tmp_path / "results.json"
    code, report, _ = grade(root, capsys, "--junitxml", str(junit), "--gradescope", str(results),
                            "--weights", str(tmp_path / "weights.toml"))
    assert code == 1 and report["verdict"] == "does not conform" and report["course"] == "cs229-2018"
    assert report["counts"] == {"conforms": 2, "does not conform": 1, "interface not recognised": 0, "error": 0}
    assert set(report["not_found"]) == {"p01b_logreg", "p01e_gda", "p03d_poisson", "p06_spam"}
    for p in report["problems"]:
        assert set(p) >= {"problem", "file", "verdict", "failures"} and p["verdict"] in cs229_2018_verdicts()
    suite = ET.parse(junit).getroot()
    assert int(suite.get("failures")) >= 1 and int(suite.get("tests")) == 5
    gs = strict(results.read_text())
    tests = {t["name"].split(":")[0]: t for t in gs["tests"]}
    assert set(tests) == {"ps1 p05b_lwr", "ps2 p05_percept", "ps2 p06_spam"}
    assert tests["ps1 p05b_lwr"]["score"] == tests["ps1 p05b_lwr"]["max_score"] == 10
    # the copy in PS2/src (conforms) is graded before ps2/src? Both are in src at the same depth: path order
    percept = tests["ps2 p05_percept"]
    assert percept["max_score"] == 5 and "other copies, not graded" in percept["output"]
    assert tests["ps2 p06_spam"]["score"] == 0 and "no file p06_spam.py" in tests["ps2 p06_spam"]["output"]
    assert all(t["visibility"] == "after_due_date" for t in gs["tests"])
    assert gs["score"] == sum(t["score"] for t in gs["tests"])


def test_reports_stay_valid_whatever_a_submission_prints(tmp_path, capsys):
    # control characters and a lone surrogate in what the student prints and raises: the JUnit
    # XML must parse, the Gradescope file must be strict JSON, and the words must survive escaped
    noisy = LWR.format(distance="np.sum(d ** 2, axis=1)").replace(
        "    def predict(self, x):\n",
        "    def predict(self, x):\n"
        "        print('\\x00\\x1b[31m\\x07 bell \\ud800')\n"
        "        raise ValueError('\\x00\\x01 \\x1b[0m broken')\n")
    root = repository(tmp_path / "student", {"ps1/src/p05b_lwr.py": noisy})
    junit, results = tmp_path / "conform.xml", tmp_path / "results.json"
    code, report, _ = grade(root, capsys, "--junitxml", str(junit), "--gradescope", str(results))
    assert code == 1 and verdicts(report)["ps1"]["verdict"] == "does not conform"
    failed = [c.find("failure") for c in ET.parse(junit).getroot().iter("testcase")
              if c.find("failure") is not None]
    assert failed and any("\\x00" in (f.text or "") + f.get("message", "") for f in failed)
    output = {t["name"].split(":")[0]: t for t in strict(results.read_text())["tests"]}["ps1 p05b_lwr"]["output"]
    assert "broken" in output and "\\x1b[31m" in output and not {"\x00", "\x07", "\x1b"} & set(output)
    text = cli.main(["conform", "--course", "cs229-2018", str(root), "--examples", EXAMPLES]), capsys.readouterr().out
    assert text[0] == 1 and "\\x1b[0m broken" in text[1] and not {"\x00", "\x1b"} & set(text[1])


def cs229_2018_verdicts():
    from cs229.testing.course import VERDICTS
    return VERDICTS


def test_nothing_to_check_and_usage_errors(tmp_path, capsys):
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "notes.py").write_text("x = 1\n")
    code, report, _ = grade(empty, capsys)
    assert code == 5 and report["verdict"] == "nothing to check" and report["problems"] == []
    other = repository(tmp_path / "other", {"ps2/src/p05_percept.py": P05["another_edition"][0]})
    code, report, _ = grade(other, capsys)
    assert code == 5 and report["problems"][0]["verdict"] == "interface not recognised"
    for argv, words in (([str(tmp_path / "nowhere")], "is not one"),
                        ([str(empty), "--topic", "svm"], "--topic is for a module's topic"),
                        ([str(empty), "--weights", "w.toml"], "give --gradescope")):
        assert cli.main(["conform", "--course", "cs229-2018", *argv]) == 2
        assert words in capsys.readouterr().err
    assert cli.main(["conform", str(empty / "notes.py"), "--gradescope", "r.json"]) == 2
    assert "give --course" in capsys.readouterr().err
    bad = tmp_path / "bad.toml"
    for text, words in (("[points]\np99 = 1\n", "no problem 'p99'"), ("[points]\np05_percept = -1\n", ">= 0"),
                        ("points = [", "is not TOML"), ("[gradescope]\nvisibility = 'sometimes'\n", "[points]")):
        bad.write_text(text)
        code = cli.main(["conform", "--course", "cs229-2018", str(empty), "--gradescope", str(tmp_path / "r.json"),
                         "--weights", str(bad)])
        assert code == 2 and words in capsys.readouterr().err, text


def test_a_grader_without_matplotlib_is_told_before_any_file_is_judged(tmp_path, capsys, monkeypatch):
    # the assignments' util.py imports matplotlib: without it every student's `import util`
    # would fail and be blamed on the student
    import importlib.util
    find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "matplotlib" else find_spec(name, *a))
    root = _small_repository(tmp_path)
    assert cli.main(["conform", "--course", "cs229-2018", str(root), "--json"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and "import matplotlib" in out.err and "pip install 'cs229[course]'" in out.err


def test_text_report_names_problem_property_catalog_id_and_data(tmp_path, capsys):
    root = repository(tmp_path, {"ps1/src/p05b_lwr.py": P05B["unsquared_distance"][0]})
    code = cli.main(["conform", "--course", "cs229-2018", str(root), "--quiet", "--examples", "4"])
    out = capsys.readouterr().out
    assert code == 1
    assert "ps1 p05b_lwr" in out and "DOES NOT CONFORM" in out
    assert "FAILED predictions_are_weighted_least_squares [LR-14]" in out
    assert "data:" in out and "student:" in out and "reference:" in out
