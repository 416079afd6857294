"""cs229-2018, problem set 1: the properties of p01b (logistic regression by Newton's method),
p01e (GDA), p03d (Poisson regression by gradient ascent) and p05b (locally weighted linear
regression), judged against cs229.reference.

Where the assignment solves to the optimum (Newton, GDA's and LWR's closed forms) the answer is
compared with the reference's; where it asks for gradient steps (p03d) the update itself is
judged, never the θ of a run that stopped early. Each data set is drawn by Hypothesis (and shrunk
on a failure) on a grid of small dyadic numbers, and kept only where the reference's answer is
well defined (an MLE that exists, a covariance that is well conditioned).
"""
from dataclasses import dataclass, field

import numpy as np
from hypothesis import assume, strategies as st

from cs229.reference import generative as gen
from cs229.reference import glm
from cs229.reference import linear_regression as lr
from cs229.reference import logistic_regression as lg
from cs229.reference.results import ConvergenceError

from .course import Problem, attempt
from .sandbox import StudentRaised
from .course_forms import needs_class, predictions, theta_forms, vector
from .properties import Mismatch, Property

__all__ = ["PROBLEMS"]

ASSIGNMENT_EPS = 1e-5     # LinearModel's default eps: Newton stops at ‖Δθ‖₁ < eps
RTOL = 1e-6               # closed forms and optima: the reference's answer to 1e-6 relative
HUGE_EPS = 1e300          # a stopping threshold every step is below: one step, then stop
LINEAR_MODEL = ("step_size", "max_iter", "eps", "theta_0", "verbose")


def _grid(draw, shape, lo, hi, denominator=4):
    """An array of multiples of 1/denominator in [lo, hi] (exact in float)."""
    size = int(np.prod(shape))
    ints = draw(st.lists(st.integers(lo * denominator, hi * denominator), min_size=size, max_size=size))
    return np.array(ints, dtype=float).reshape(shape) / denominator


def _ones(x):
    return np.hstack([np.ones((len(x), 1)), x])


def _rows(a):
    return np.asarray(a, dtype=float).tolist()


@dataclass
class Case:
    """A drawn data set: ``data`` (shown in a report, the arrays the student's code gets) and
    the reference's answers computed when it was drawn (``reference``, not shown)."""
    data: dict
    reference: dict = field(default_factory=dict, repr=False)

    def __repr__(self):
        return repr({k: np.asarray(v).tolist() if isinstance(v, np.ndarray) else v for k, v in self.data.items()})


def _new(student, cls, inputs, *args, **kwargs):
    return attempt(f"{cls}({', '.join([*map(repr, args), *(f'{k}=…' for k in kwargs)])})", inputs, "a model",
                   student.call, cls, *args, **kwargs)


# ---- p01b: logistic regression, Newton's method -------------------------------------------------

@st.composite
def logistic_data(draw):
    """x with the intercept column (as util.load_dataset(add_intercept=True) gives it), labels
    drawn from a logistic model, one row repeated with the other label so that no hyperplane
    separates the classes; kept when Newton's method (the reference) converges with |θ*| < 6."""
    n = draw(st.integers(2, 3))
    m = draw(st.integers(10, 30))
    x = _grid(draw, (m, n), -3, 3)
    theta_true = _grid(draw, (n + 1,), -2, 2, 2)
    u = np.array(draw(st.lists(st.integers(0, 99), min_size=m, max_size=m))) / 100
    X = _ones(x)
    y = (u < 1 / (1 + np.exp(-X @ theta_true))).astype(float)
    X, y = np.vstack([X, X[:1]]), np.append(y, 1 - y[0])
    assume(np.linalg.cond(X) < 1e3)
    try:
        theta = np.array(lg.newton(_rows(X), _rows(y), max_iterations=100).theta)
    except (ArithmeticError, ValueError):
        assume(False)
    assume(np.abs(theta).max() < 6)
    queries = np.vstack([X, _ones(_grid(draw, (8, n), -3, 3, 2))])
    return Case({"x": X, "y": y}, {"theta": theta, "queries": queries})


def _fit_logistic(student, case):
    """The student's LogisticRegression fitted on the case: (model, θ in the forms read, whether x
    kept its intercept column). The assignment's call first (x with the intercept column,
    theta_0=None), then the forms its main may have used instead: theta_0 given as zeros, x
    without the intercept column (a fit that adds it); the first form's error when all raise."""
    X, y = case.data["x"], case.data["y"]
    theta_ref = case.reference["theta"]
    first = None
    for intercept in (True, False):
        for zeros in (False, True):
            kwargs = {"theta_0": np.zeros(len(theta_ref))} if zeros else {}
            model = _new(student, "LogisticRegression", case.data, **kwargs)
            try:
                fitted = student.call((model, "fit"), X if intercept else X[:, 1:], y)
            except StudentRaised as e:
                first = first or e
                continue
            return model, theta_forms(student.fields(model), fitted, len(theta_ref)), intercept
    return attempt("fit(x, y)", case.data, theta_ref.tolist(), _raise, first)


def _newton_tolerance(theta_ref):
    """How close to θ* a Newton run stopped by the assignment's rule lands: within its
    ε = 1e-5 (a run that tests ‖Δθ‖₁ < ε before its last step) or 1e-6 relative."""
    return max(ASSIGNMENT_EPS, RTOL * np.abs(theta_ref).sum())


def _check_newton(student, case, options):
    X, y = case.data["x"], case.data["y"]
    theta_ref = case.reference["theta"]
    _, forms, _ = _fit_logistic(student, case)
    if not forms:
        raise Mismatch("after fit, neither self.theta nor fit's return value is a θ of "
                       f"{len(theta_ref)} numbers", case.data, None, theta_ref.tolist())
    tol = _newton_tolerance(theta_ref)
    H = np.asarray(lg.hessian(_rows(X), _rows(y), _rows(theta_ref)))
    scale = np.abs(H).sum(axis=1).max()
    for form, theta in forms:
        if not np.all(np.isfinite(theta)):
            continue
        gradient = np.asarray(lg.gradient(_rows(X), _rows(y), _rows(theta)))
        if np.abs(theta - theta_ref).sum() <= tol and np.abs(gradient).max() <= 2 * tol * scale:
            return
    form, theta = forms[0]
    gradient = (np.asarray(lg.gradient(_rows(X), _rows(y), _rows(theta))) if np.all(np.isfinite(theta))
                else np.full(len(theta), np.nan))
    raise Mismatch(f"θ ({form}) is not the maximiser of ℓ: ‖θ − θ*‖₁ = {np.abs(theta - theta_ref).sum():.3g} "
                   f"(at most {tol:.3g}: Newton's method stopped at ‖Δθ‖₁ < ε lands within ε of θ*), "
                   f"∇ℓ(θ) = {gradient.tolist()!r}", case.data, theta.tolist(), theta_ref.tolist())


def _check_logistic_predictions(student, case, options):
    theta_ref, queries = case.reference["theta"], case.reference["queries"]
    model, _, intercept = _fit_logistic(student, case)
    z = queries @ theta_ref
    expected = 1 / (1 + np.exp(-z))
    inputs = {**case.data, "x_query": queries}
    got = attempt("predict(x)", inputs, expected.tolist(), student.call, (model, "predict"),
                  queries if intercept else queries[:, 1:])
    kind, values = predictions(got, len(queries))
    if kind is None:
        raise Mismatch(values, inputs, got, expected.tolist())
    # θ may be as far from θ* as a Newton run stopped by the assignment's rule: h moves by at most ¼|Δθᵀx|
    atol = max(RTOL, _newton_tolerance(theta_ref) * np.abs(queries).max() / 4 * 1.01)
    if kind == "probabilities":
        if not np.allclose(values, expected, rtol=0, atol=atol):
            raise Mismatch("predict(x) is not h_θ(x) = g(θᵀx) at the maximiser θ*", inputs, values.tolist(),
                           expected.tolist())
        return
    clear = np.abs(z) > 4 * atol * 4  # labels are judged where θ*ᵀx is not at the boundary
    labels = (z >= 0).astype(float)
    if not np.array_equal(values[clear], labels[clear]):
        raise Mismatch("predict(x) labels are not 1{h_θ(x) ≥ ½} at the maximiser θ*", inputs, values.tolist(),
                       labels.tolist())


P01B = Problem(
    "p01b_logreg", "ps1", "logistic regression by Newton's method", ("util", "linear_model"),
    lambda info: needs_class(info, "LogisticRegression", {"fit": 2, "predict": 1}),
    (Property("p01b_logreg", "fit", "NW-2", "newton_reaches_the_maximum",
              "fit(x, y) by Newton's method θ := θ − H⁻¹∇ℓ(θ) ends at the maximiser θ* of ℓ: ‖θ − θ*‖₁ within "
              "the assignment's ε (or 1e-6 relative) and ∇ℓ(θ) ≈ 0", logistic_data(), _check_newton),
     Property("p01b_logreg", "predict", "LG-3", "predict_is_the_hypothesis",
              "predict(x) is p(y = 1 | x; θ) = g(θᵀx) at the fitted θ, or its label 1{g(θᵀx) ≥ ½}",
              logistic_data(), _check_logistic_predictions)))


# ---- p01e: GDA --------------------------------------------------------------------------------

@st.composite
def gda_data(draw):
    """x without the intercept column (the assignment's fit), two classes of different sizes (so
    that the log-prior log(φ/(1 − φ)) is not 0), a class mean apart, at the scale 1 or 128 (the
    assignment's ds1 has a feature in the hundreds: a fit that drops the points past a threshold
    of that data set is not the estimates of the data given); kept when Σ is well conditioned. Queries: the training points, a grid, and for each known misreading of GDA-3 a
    point between its boundary and the true one."""
    n = draw(st.integers(2, 3))
    m0 = draw(st.integers(3, 12))
    m1 = draw(st.integers(3, 12).filter(lambda k: k != m0))
    shift = _grid(draw, (n,), -2, 2, 2)
    x = np.vstack([_grid(draw, (m0, n), -3, 3), _grid(draw, (m1, n), -3, 3) + shift])
    x = x * draw(st.sampled_from([1.0, 128.0]))  # a power of 2: the grid stays exact
    y = np.array([0.0] * m0 + [1.0] * m1)
    order = draw(st.permutations(range(m0 + m1)))
    x, y = x[list(order)], y[list(order)]
    try:
        model = gen.gda_fit(_rows(x), _rows(y))
        theta = np.array(gen.gda_logistic_theta(model), dtype=float)
    except (ArithmeticError, ValueError):
        assume(False)
    Sigma = np.array(model.Sigma, dtype=float)
    assume(np.linalg.cond(Sigma) < 1e4 and np.abs(theta).max() < 50)
    queries = np.vstack([x, _grid(draw, (6, n), -3, 3, 2), _flip_points(x, y, model, theta)])
    return Case({"x": x, "y": y}, {"theta": theta, "model": model, "queries": queries})


def _gda_misreadings(x, y, model, theta):
    """θ of the known slips of GDA-3: the log-prior log(φ/(1 − φ)) with its sign flipped (or φ
    taken as p(y = 0)), halved, or left out; Σ divided by m − 1 or by the class sizes."""
    phi = float(model.phi)
    prior = np.log(phi / (1 - phi))
    slips = [theta - np.r_[2 * prior, np.zeros(len(theta) - 1)],
             theta - np.r_[prior / 2, np.zeros(len(theta) - 1)],
             theta - np.r_[prior, np.zeros(len(theta) - 1)]]
    mu0, mu1 = np.array(model.mu0, float), np.array(model.mu1, float)
    Sigma, m = np.array(model.Sigma, float), len(y)
    for S in (Sigma * m / (m - 1), Sigma * 2):
        w = np.linalg.solve(S, mu1 - mu0)
        slips.append(np.r_[prior - w @ (mu0 + mu1) / 2, w])
    return slips


def _flip_points(x, y, model, theta):
    """For each slip θ′, a point on the line through the mean along θ's normal where θ and θ′
    give different labels, halfway between their boundaries."""
    w, centre = theta[1:], x.mean(axis=0)
    direction = w / (w @ w)
    points = []
    for slip in _gda_misreadings(x, y, model, theta):
        a0, a1 = theta[0] + w @ centre, 1.0            # θᵀ(1, c + t·d) = a0 + a1 t
        b0, b1 = slip[0] + slip[1:] @ centre, slip[1:] @ direction
        if abs(b1) < 1e-12:
            continue
        t0, t1 = -a0 / a1, -b0 / b1
        if abs(t1 - t0) > 1e-3:
            points.append(centre + (t0 + t1) / 2 * direction)
    return np.array(points).reshape(-1, x.shape[1])


def _fit_gda(student, case):
    inputs = case.data
    theta_ref = case.reference["theta"]
    model = _new(student, "GDA", inputs)
    fitted = attempt("fit(x, y)", inputs, theta_ref.tolist(), student.call, (model, "fit"), case.data["x"],
                     case.data["y"])
    return model, fitted


def _check_gda_theta(student, case, options):
    theta_ref = case.reference["theta"]
    model, fitted = _fit_gda(student, case)
    forms = theta_forms(student.fields(model), fitted, len(theta_ref), intercept_last=True)
    for form, theta in forms:
        if np.allclose(theta, theta_ref, rtol=RTOL, atol=RTOL * max(1.0, np.abs(theta_ref).max())):
            return
    if not forms:
        _check_gda_estimates(student.fields(model), case)
        return
    form, theta = forms[0]
    raise Mismatch(f"θ ({form}) is not θ = (log(φ/(1−φ)) − ½(μ₁ᵀΣ⁻¹μ₁ − μ₀ᵀΣ⁻¹μ₀), Σ⁻¹(μ₁ − μ₀)) of the "
                   "maximum-likelihood φ, μ₀, μ₁, Σ", case.data, theta.tolist(), theta_ref.tolist())


ESTIMATES = {"phi": ("phi", "phi_y", "fi"), "mu0": ("mu_0", "mu0"), "mu1": ("mu_1", "mu1"),
             "Sigma": ("sigma", "Sigma", "cov", "covariance")}


def _check_gda_estimates(fields, case):
    """A fit that leaves no θ but the estimates φ, μ₀, μ₁, Σ of GDA-1 (a predict through the
    class densities): the estimates, to 1e-6 relative."""
    model = case.reference["model"]
    expected = {"phi": float(model.phi), "mu0": np.array(model.mu0, float), "mu1": np.array(model.mu1, float),
                "Sigma": np.array(model.Sigma, float)}
    found = {}
    for key, names in ESTIMATES.items():
        found[key] = next((vector(fields[n]) for n in names if vector(fields.get(n)) is not None), None)
    means = fields.get("mu")
    if found["mu0"] is None and isinstance(means, (list, tuple)) and len(means) == 2:
        found["mu0"], found["mu1"] = vector(means[0]), vector(means[1])
    if any(v is None for v in found.values()):
        raise Mismatch("after fit, neither self.theta nor fit's return value is a θ (θ₀ and the slopes), and the "
                       "model holds no estimates φ, μ₀, μ₁, Σ", case.data, sorted(fields),
                       case.reference["theta"].tolist())
    for key, value in expected.items():
        want = np.ravel(value)
        if found[key].size != want.size or not np.allclose(found[key], want, rtol=RTOL, atol=RTOL):
            raise Mismatch(f"fit leaves no θ, and its estimate {key} is not the maximum-likelihood one (GDA-1)",
                           case.data, {k: v.tolist() for k, v in found.items()},
                           {k: np.ravel(v).tolist() for k, v in expected.items()})


def _predict_either_way(student, model, queries, inputs, expected):
    """predict(x) on the queries as fit got them (no intercept column) or, if that raises, with
    the intercept column that util.load_dataset(add_intercept=True) adds."""
    try:
        return student.call((model, "predict"), queries)
    except StudentRaised:  # the other form is tried; its error is the one reported
        return attempt("predict(x)", inputs, expected, student.call, (model, "predict"), _ones(queries))


def _check_gda_predictions(student, case, options):
    theta_ref, queries = case.reference["theta"], case.reference["queries"]
    model, _ = _fit_gda(student, case)
    z = _ones(queries) @ theta_ref
    expected = 1 / (1 + np.exp(-z))
    inputs = {**case.data, "x_query": queries}
    got = _predict_either_way(student, model, queries, inputs, expected.tolist())
    kind, values = predictions(got, len(queries))
    if kind is None:
        raise Mismatch(values, inputs, got, expected.tolist())
    if kind == "probabilities":
        if not np.allclose(values, expected, rtol=RTOL, atol=RTOL):
            raise Mismatch("predict(x) is not the posterior p(y = 1 | x) = 1/(1 + exp(−θᵀx))", inputs,
                           values.tolist(), expected.tolist())
        return
    labels = (z >= 0).astype(float)
    clear = np.abs(z) > 1e-6
    if not np.array_equal(values[clear], labels[clear]):
        raise Mismatch("predict(x) labels are not 1{p(y = 1 | x) ≥ ½} (the boundary θᵀx = 0)", inputs,
                       values.tolist(), labels.tolist())


P01E = Problem(
    "p01e_gda", "ps1", "Gaussian discriminant analysis", ("util", "linear_model"),
    lambda info: needs_class(info, "GDA", {"fit": 2, "predict": 1}),
    (Property("p01e_gda", "fit", "GDA-3", "theta_of_the_estimates",
              "fit(x, y) gives θ₀ = log(φ/(1−φ)) − ½(μ₁ᵀΣ⁻¹μ₁ − μ₀ᵀΣ⁻¹μ₀), θ₁…ₙ = Σ⁻¹(μ₁ − μ₀) of the "
              "maximum-likelihood estimates (GDA-1), to 1e-6 relative (a fit that leaves no θ: the estimates "
              "φ, μ₀, μ₁, Σ themselves)", gda_data(), _check_gda_theta),
     Property("p01e_gda", "predict", "GDA-2", "predict_is_the_posterior",
              "predict(x) is p(y = 1 | x) = 1/(1 + exp(−θᵀx)), or its label, on points each known slip of θ "
              "labels otherwise", gda_data(), _check_gda_predictions)))


# ---- p03d: Poisson regression, gradient ascent ---------------------------------------------------

@st.composite
def poisson_data(draw):
    """x (the first column ones, as any feature), counts y drawn from a Poisson model with small
    θ; kept when the MLE θ* exists (|θ*| < 3). A start θ_s near θ*, a step size α small enough
    for the summed and the averaged step to approach θ*, and a second data set that a θ fits
    exactly (y⁽ⁱ⁾ = exp(θᵀx⁽ⁱ⁾), counts: every example's gradient vanishes there, so θ is the
    maximiser and a fixed point of the batch and the stochastic rule alike)."""
    n = draw(st.integers(2, 3))
    m = draw(st.integers(n + 4, 10))
    x = np.hstack([np.ones((m, 1)), _grid(draw, (m, n - 1), -1, 1, 2)])
    theta_true = _grid(draw, (n,), -1, 1, 4) / 2
    u = np.array(draw(st.lists(st.integers(1, 99), min_size=m, max_size=m))) / 100
    rate = np.exp(x @ theta_true)
    y = np.array([_poisson_quantile(p, r) for p, r in zip(u, rate)], dtype=float)
    try:
        theta_star = np.array(glm.poisson_regression(_rows(x), _rows(y), max_iterations=60).theta)
    except (ArithmeticError, ValueError):
        assume(False)
    assume(np.abs(theta_star).max() < 3 and np.linalg.cond(x) < 1e3)
    start = theta_star + _grid(draw, (n,), -2, 2, 4) / 4
    assume(np.abs(start - theta_star).max() > 0)
    spectra = [np.abs(np.linalg.eigvalsh(np.asarray(glm.hessian("poisson", _rows(x), _rows(y), _rows(t)))))
               for t in (np.zeros(n), theta_star, start)]
    # gradient ascent from theta_0 or from 0 settles in a few thousand steps, summed or averaged
    assume(max(s.max() for s in spectra) / min(s.min() for s in spectra) < 20)
    alpha = float(2.0 ** np.floor(np.log2(0.25 / max(s.max() for s in spectra))))  # a power of 2
    # a data set fitted exactly: x₁ = log c with counts c, θ = (log 2, 1, 0): y = exp(θᵀx) = 2c
    c = np.array(draw(st.lists(st.integers(1, 4), min_size=m, max_size=m)), dtype=float)
    assume(len(set(c)) > 1)
    x_fixed = np.hstack([x[:, :1], np.log(c)[:, None], x[:, 2:]])
    fixed = np.r_[np.log(2.0), 1.0, np.zeros(n - 2)]
    H = np.abs(np.linalg.eigvalsh(np.asarray(glm.hessian("poisson", _rows(x_fixed), _rows(2 * c),
                                                         _rows(fixed))))).max()
    return Case({"x": x, "y": y}, {"theta_star": theta_star, "start": start, "alpha": alpha, "x_fixed": x_fixed,
                                   "y_fixed": 2 * c, "fixed": fixed,
                                   "alpha_fixed": float(2.0 ** np.floor(np.log2(0.25 / H)))})


def _poisson_quantile(p, rate):
    k, term = 0, np.exp(-rate)
    total = term
    while total < p and k < 100:
        k += 1
        term *= rate / k
        total += term
    return k


def _fit_poisson(student, case, x, y, theta_0, max_iter, eps, alpha=None):
    """PoissonRegression(step_size=α, max_iter, eps, theta_0).fit(x, y): (model, θ read in a
    known form or None, whether θ has an entry more (the fit added an intercept column), the
    inputs, whether theta_0 was given). A fit that raises when theta_0 is an array (``if not
    self.theta``: the assignment's runs leave theta_0 None) is run again with theta_0=None."""
    alpha = case.reference["alpha"] if alpha is None else alpha
    inputs = {**case.data, "x": x, "y": y, "theta_0": theta_0, "step_size": alpha, "max_iter": max_iter, "eps": eps}
    fitted = None
    for given in (True, False):
        start = np.array(theta_0, dtype=float) if given else None
        model = _new(student, "PoissonRegression", inputs, step_size=alpha, max_iter=max_iter, eps=eps, theta_0=start)
        try:
            fitted = student.call((model, "fit"), x, y)
            break
        except StudentRaised:  # tried again without theta_0; that error is the one reported
            if not given:
                inputs = {**inputs, "theta_0": None}
                attempt("fit(x, y)", inputs, "θ", student.call, (model, "fit"), x, y)
    fields = student.fields(model)
    for size, augmented in ((x.shape[1], False), (x.shape[1] + 1, True)):
        forms = theta_forms(fields, fitted, size)
        if forms:
            return model, forms[0][1], augmented, inputs, given
    return model, None, False, inputs, given


class _Path:
    """The reference's gradient-ascent iterates θ₀, θ₁, … from ``start`` (GLM-4), the gradient
    summed over the examples, averaged (``average``), or of one example at a time in order
    (``average=None``: the stochastic rule the notes give for GLMs, a step per example), computed
    as far as asked."""

    CHUNK, CAP = 256, 5000

    def __init__(self, x, y, start, alpha, average):
        self.x, self.y, self.alpha, self.average = _rows(x), _rows(y), alpha, average
        self.points = [np.asarray(start, dtype=float)]
        self.failed = False
        self.settled = {}

    def extend(self, k):
        """Iterates up to θ_k at least (fewer when the path left the finite numbers)."""
        while len(self.points) <= min(k, self.CAP) and not self.failed:
            steps = max(k + 1 - len(self.points), self.CHUNK)
            try:
                self.points += self._steps(steps)
            except (ConvergenceError, ArithmeticError, ValueError):
                self.failed = True  # past here the path is not finite: nothing to compare with
                return

    def _steps(self, steps):
        if self.average is None:  # stochastic: one example at a time, in order, epoch after epoch
            out, theta, m = [], _rows(self.points[-1]), len(self.y)
            for k in range(len(self.points) - 1, len(self.points) - 1 + steps):
                i = k % m
                theta = glm.gradient_ascent("poisson", [self.x[i]], [self.y[i]], theta, self.alpha, max_iterations=1,
                                            tol=None).theta
                out.append(np.asarray(theta, dtype=float))
            return out
        result = glm.gradient_ascent("poisson", self.x, self.y, _rows(self.points[-1]), self.alpha,
                                     max_iterations=steps, tol=None, average=self.average, record=True)
        return [np.asarray(p, dtype=float) for p in result.path[1:]]

    def settles(self, eps):
        """The first k whose step is below ``eps`` in every norm (a run that stops at ‖Δθ‖ < eps
        in any norm has stopped by then), at most CAP."""
        if eps in self.settled:
            return self.settled[eps]
        self.settled[eps] = self._settles(eps)
        return self.settled[eps]

    def _settles(self, eps):
        k = 1
        while k < self.CAP:
            self.extend(k)
            if len(self.points) <= k:
                return k
            steps = np.abs(np.diff(np.array(self.points[k - 1:]), axis=0)).sum(axis=1)
            below = np.flatnonzero(steps < eps)
            if below.size:
                return k + int(below[0])
            k = len(self.points)
        return self.CAP

    def where(self, theta, until):
        """The first k ≤ until with θ_k = θ (to 1e-6 relative of the first step), or None."""
        self.extend(min(until, self.CHUNK))
        if len(self.points) < 2:
            return None
        step = np.abs(self.points[1] - self.points[0]).max()
        self.extend(until)
        chunk = np.array(self.points[:until + 1])
        close = np.all(np.abs(chunk - theta) <= RTOL * step + RTOL * np.abs(chunk), axis=1)
        return int(np.argmax(close)) if close.any() else None


def _check_poisson_update(student, case, options):
    x, y = case.data["x"], case.data["y"]
    start, alpha, m = case.reference["start"], case.reference["alpha"], len(y)
    first = min(np.abs(glm.gradient("poisson", _rows(x), _rows(y), _rows(t))).max()
                for t in (start, np.zeros(x.shape[1])))
    # below the first step from theta_0 (or from 0, when theta_0 is ignored) in every norm and
    # scale: a run that tests the step before taking it takes at least one
    small = 0.5 * alpha / m * first
    shown, paths = None, {}
    for max_iter, eps in ((1, HUGE_EPS), (1, small), (3, small)):
        model, theta, augmented, inputs, given = _fit_poisson(student, case, x, y, start, max_iter, eps)
        if theta is None:
            raise Mismatch("after fit, neither self.theta nor fit's return value is a θ of "
                           f"{x.shape[1]} numbers", inputs, None, "θ")
        X = _ones(x) if augmented else x
        moved_from_zero = False
        for origin in ((start,) if given else ()) + (np.zeros(x.shape[1]),):
            for average in (False, True, None):
                key = (augmented, origin is start, average)
                if key not in paths:
                    paths[key] = _Path(X, y, np.r_[0.0, origin] if augmented else origin, alpha, average)
                path = paths[key]
                per_step = m if average is None else 1  # a stochastic run's iteration may be an epoch
                k = path.where(theta, (path.settles(eps) if eps < 1 else max_iter) * per_step + 5)
                if k is not None and k >= 1 and origin is start:
                    return
                moved_from_zero = moved_from_zero or (k is not None and k >= 2)
        if moved_from_zero:
            return  # theta_0 ignored, but two steps or more from 0: the update is seen beyond θ = 0
        if shown is None:
            shown = (inputs, theta, X, augmented)
    inputs, theta, X, augmented = shown
    origin = _rows(np.r_[0.0, start] if augmented else start)
    one = [np.asarray(glm.gradient_ascent("poisson", _rows(X), _rows(y), origin, alpha, max_iterations=1, tol=None,
                                          average=a).theta).tolist() for a in (False, True)]
    raise Mismatch("fit(theta_0=θ_s, step_size=α, max_iter, eps) ends at a θ that no run of θ := θ + α Σᵢ (y⁽ⁱ⁾ − "
                   "exp(θᵀx⁽ⁱ⁾)) x⁽ⁱ⁾ (summed or averaged over i, or one example at a time) from θ_s reaches after "
                   "a step or more (tried max_iter 1 with eps 1e300, max_iter 1 and 3 with eps below the first "
                   "step)",
                   inputs, theta.tolist(), {"one step, summed": one[0], "one step, averaged": one[1]})


def _check_poisson_fixed_point(student, case, options):
    x, alpha = case.reference["x_fixed"], case.reference["alpha_fixed"]
    fixed, y = case.reference["fixed"], case.reference["y_fixed"]
    model, theta, augmented, inputs, _ = _fit_poisson(student, case, x, y, fixed, 1, 1e-12, alpha)
    if theta is None:
        raise Mismatch("after fit, neither self.theta nor fit's return value is a θ", inputs, None, fixed.tolist())
    X, expected = (_ones(x), np.r_[0.0, fixed]) if augmented else (x, fixed)  # an added intercept: θ₀ = 0
    tolerance = 1e-8 * (1 + np.abs(fixed).max())
    if np.all(np.abs(theta - expected) <= tolerance):
        return
    # a fit that starts from 0 whatever theta_0 says: it went from 0 toward θ* by the update, and on
    # data whose maximiser is 0 (y = 1) it stays at 0
    on_path = any((k := _Path(X, y, np.zeros(X.shape[1]), alpha, average).where(theta, 3 * len(x))) is not None
                  and k >= 1 for average in (False, True, None))
    if on_path:
        _, at_zero, _, _, _ = _fit_poisson(student, case, x, np.ones(len(x)), np.zeros(x.shape[1]), 1, 1e-12, alpha)
        if at_zero is not None and np.all(np.abs(at_zero) <= tolerance):
            return
    raise Mismatch("started at the maximiser θ* of ℓ (data it fits exactly: y⁽ⁱ⁾ = exp(θ*ᵀx⁽ⁱ⁾)), fit moves away: "
                   "θ* is not a fixed point of the student's update", inputs, theta.tolist(), expected.tolist())


def _check_poisson_predict(student, case, options):
    x, y = case.data["x"], case.data["y"]
    model, theta, augmented, inputs, _ = _fit_poisson(student, case, x, y, case.reference["start"], 1, HUGE_EPS)
    queries = np.vstack([x, _ones(np.linspace(-1, 1, 5)[:, None] * np.ones((5, x.shape[1] - 1)))])
    inputs = {**inputs, "x_query": queries}
    if theta is None:
        raise Mismatch("after fit, neither self.theta nor fit's return value is a θ", inputs, None, "θ")
    X = _ones(queries) if augmented else queries
    expected = np.asarray(glm.hypotheses("poisson", _rows(X), _rows(theta)), dtype=float)
    got = attempt("predict(x)", inputs, expected.tolist(), student.call, (model, "predict"), queries)
    values = vector(got)
    if values is None or values.size != len(queries) or not np.allclose(values, expected, rtol=RTOL, atol=0):
        raise Mismatch("predict(x) is not the expected count E[y | x; θ] = exp(θᵀx) at the fitted θ", inputs,
                       got if values is None else values.tolist(), expected.tolist())


P03D = Problem(
    "p03d_poisson", "ps1", "Poisson regression by gradient ascent", ("util", "linear_model"),
    lambda info: needs_class(info, "PoissonRegression", {"fit": 2, "predict": 1}, init_keywords=LINEAR_MODEL),
    (Property("p03d_poisson", "fit", "GLM-4", "update_is_gradient_ascent",
              "fit(x, y) from theta_0 ends on the path θ := θ + α Σᵢ (y⁽ⁱ⁾ − exp(θᵀx⁽ⁱ⁾)) x⁽ⁱ⁾ (or its mean over i, or "
              "the stochastic rule, an example at a time) after at least one step, whatever its stopping rule",
              poisson_data(), _check_poisson_update),
     Property("p03d_poisson", "fit", "GLM-4", "maximiser_is_a_fixed_point",
              "started at the maximiser of ℓ (on data it fits exactly), fit stays there: where ∇ℓ(θ*) = 0 the "
              "update stops", poisson_data(), _check_poisson_fixed_point),
     Property("p03d_poisson", "predict", "GLM-1", "predict_is_the_canonical_response",
              "predict(x) is E[y | x; θ] = exp(θᵀx) at the fitted θ", poisson_data(), _check_poisson_predict)))


# ---- p05b: locally weighted linear regression --------------------------------------------------

@st.composite
def lwr_data(draw):
    """x with the intercept column and two or three features (with one feature an unsquared
    distance and √Σd⁴ give the same weights as Σd², so the slips would hide), y on a grid, τ and
    queries between the training points; kept when every weighted system is well conditioned."""
    n = draw(st.integers(2, 3))
    m = draw(st.integers(2 * n + 4, 25))
    x = _ones(_grid(draw, (m, n), -2, 2))
    y = _grid(draw, (m,), -4, 4)
    tau = draw(st.sampled_from([0.5, 0.8, 1.0, 2.0]))
    queries = _ones(_grid(draw, (draw(st.integers(3, 8)), n), -3, 3, 8) / 2)
    for q in queries:
        A, _ = lr.lwr_system(_rows(x), _rows(y), _rows(q), tau)
        assume(np.linalg.cond(np.asarray(A, dtype=float)) < 1e8)
    try:
        expected = np.asarray(lr.lwr_predict(_rows(x), _rows(y), _rows(queries), tau), dtype=float)
    except (ArithmeticError, ValueError):
        assume(False)
    return Case({"x": x, "y": y, "tau": tau}, {"queries": queries, "predictions": expected})


def _check_lwr(student, case, options):
    x, y, tau = case.data["x"], case.data["y"], case.data["tau"]
    queries, expected = case.reference["queries"], case.reference["predictions"]
    inputs = {**case.data, "x_query": queries}
    answered, first = False, None
    for X, Q in ((x, queries), (x[:, 1:], queries[:, 1:])):  # with the intercept column, else without
        model = _new(student, "LocallyWeightedLinearRegression", inputs, tau)
        try:
            student.call((model, "fit"), X, y)
            got = student.call((model, "predict"), Q)
            answered = True
            break
        except StudentRaised as e:  # the form without the intercept column is tried next
            first = first or e
    if not answered:
        attempt("fit(x, y) and predict(x)", inputs, expected.tolist(), _raise, first)
    values = vector(got)
    atol = RTOL * max(1.0, np.abs(y).max())
    if values is None or values.size != len(queries) or not np.allclose(values, expected, rtol=RTOL, atol=atol):
        raise Mismatch("predict(x) is not θ(x)ᵀx with θ(x) minimising Σᵢ w⁽ⁱ⁾(y⁽ⁱ⁾ − θᵀx⁽ⁱ⁾)², "
                       "w⁽ⁱ⁾ = exp(−‖x⁽ⁱ⁾ − x‖²/(2τ²))", inputs, got if values is None else values.tolist(),
                       expected.tolist())


def _raise(error):
    raise error


P05B = Problem(
    "p05b_lwr", "ps1", "locally weighted linear regression", ("util", "linear_model"),
    lambda info: needs_class(info, "LocallyWeightedLinearRegression", {"fit": 2, "predict": 1}, init=1),
    (Property("p05b_lwr", "predict", "LR-14", "predictions_are_weighted_least_squares",
              "predict(x) at each query solves XᵀWXθ = XᵀWy with w⁽ⁱ⁾ = exp(−‖x⁽ⁱ⁾ − x‖²/(2τ²)) and gives θᵀx, "
              "to 1e-6 relative", lwr_data(), _check_lwr),))

PROBLEMS = (P01B, P01E, P03D, P05B)
