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
    """The student's LogisticRegression() fitted on the case: (model, θ read, its form)."""
    inputs, theta_ref = case.data, case.reference["theta"]
    model = _new(student, "LogisticRegression", inputs)
    fitted = attempt("fit(x, y)", inputs, theta_ref, student.call, (model, "fit"), case.data["x"], case.data["y"])
    forms = theta_forms(student.fields(model), fitted, len(theta_ref))
    return model, forms


def _newton_tolerance(theta_ref):
    """How close to θ* a Newton run stopped by the assignment's rule lands: within its
    ε = 1e-5 (a run that tests ‖Δθ‖₁ < ε before its last step) or 1e-6 relative."""
    return max(ASSIGNMENT_EPS, RTOL * np.abs(theta_ref).sum())


def _check_newton(student, case, options):
    X, y = case.data["x"], case.data["y"]
    theta_ref = case.reference["theta"]
    _, forms = _fit_logistic(student, case)
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
    model, forms = _fit_logistic(student, case)
    z = queries @ theta_ref
    expected = 1 / (1 + np.exp(-z))
    inputs = {**case.data, "x_query": queries}
    got = attempt("predict(x)", inputs, expected.tolist(), student.call, (model, "predict"), queries)
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
    that the log-prior log(φ/(1 − φ)) is not 0), a class mean apart; kept when Σ is well
    conditioned. Queries: the training points, a grid, and for each known misreading of GDA-3 a
    point between its boundary and the true one."""
    n = draw(st.integers(2, 3))
    m0 = draw(st.integers(3, 12))
    m1 = draw(st.integers(3, 12).filter(lambda k: k != m0))
    shift = _grid(draw, (n,), -2, 2, 2)
    x = np.vstack([_grid(draw, (m0, n), -3, 3), _grid(draw, (m1, n), -3, 3) + shift])
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
        raise Mismatch(f"after fit, neither self.theta nor fit's return value is a θ of {len(theta_ref)} numbers "
                       "(θ₀ and the slopes)", case.data, None, theta_ref.tolist())
    form, theta = forms[0]
    raise Mismatch(f"θ ({form}) is not θ = (log(φ/(1−φ)) − ½(μ₁ᵀΣ⁻¹μ₁ − μ₀ᵀΣ⁻¹μ₀), Σ⁻¹(μ₁ − μ₀)) of the "
                   "maximum-likelihood φ, μ₀, μ₁, Σ", case.data, theta.tolist(), theta_ref.tolist())


def _predict_either_way(student, model, queries, inputs, expected):
    """predict(x) on the queries as fit got them (no intercept column) or, if that raises, with
    the intercept column that util.load_dataset(add_intercept=True) adds."""
    try:
        return student.call((model, "predict"), queries)
    except Exception:  # noqa: BLE001 - the other form is tried; its error is the one reported
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
              "maximum-likelihood estimates (GDA-1), to 1e-6 relative", gda_data(), _check_gda_theta),
     Property("p01e_gda", "predict", "GDA-2", "predict_is_the_posterior",
              "predict(x) is p(y = 1 | x) = 1/(1 + exp(−θᵀx)), or its label, on points each known slip of θ "
              "labels otherwise", gda_data(), _check_gda_predictions)))


# ---- p03d: Poisson regression, gradient ascent ---------------------------------------------------

@st.composite
def poisson_data(draw):
    """x (the first column ones, as any feature), counts y drawn from a Poisson model with small
    θ; kept when the MLE θ* exists (|θ*| < 3). A start θ_s near θ*, a step size α small enough
    for the summed and the averaged step to approach θ*, and a second y whose MLE is θ = 0
    (y = 1 + r with r orthogonal to the columns of x: Xᵀ(y − e⁰) = 0)."""
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
    r = np.array(draw(st.lists(st.integers(-8, 8), min_size=m, max_size=m)), dtype=float)
    r -= x @ np.linalg.lstsq(x, r, rcond=None)[0]
    assume(np.abs(r).max() > 1e-3)
    y0 = 1 + r / np.abs(r).max() / 2
    return Case({"x": x, "y": y}, {"theta_star": theta_star, "start": start, "alpha": alpha, "y0": y0})


def _poisson_quantile(p, rate):
    k, term = 0, np.exp(-rate)
    total = term
    while total < p and k < 100:
        k += 1
        term *= rate / k
        total += term
    return k


def _fit_poisson(student, case, x, y, theta_0, max_iter, eps):
    """PoissonRegression(step_size=α, max_iter, eps, theta_0).fit(x, y): (model, θ read in a
    known form or None, whether θ has an entry more (the fit added an intercept column), the
    inputs, whether theta_0 was given). A fit that raises when theta_0 is an array (``if not
    self.theta``: the assignment's runs leave theta_0 None) is run again with theta_0=None."""
    inputs = {**case.data, "y": y, "theta_0": theta_0, "step_size": case.reference["alpha"],
              "max_iter": max_iter, "eps": eps}
    fitted = None
    for given in (True, False):
        start = np.array(theta_0, dtype=float) if given else None
        model = _new(student, "PoissonRegression", inputs, step_size=case.reference["alpha"], max_iter=max_iter,
                     eps=eps, theta_0=start)
        try:
            fitted = student.call((model, "fit"), x, y)
            break
        except Exception:  # noqa: BLE001 - tried again without theta_0; that error is the one reported
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
    """The reference's gradient-ascent iterates θ₀, θ₁, … from ``start`` (GLM-4, summed or
    averaged over the examples), computed as far as asked."""

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
                result = glm.gradient_ascent("poisson", self.x, self.y, _rows(self.points[-1]), self.alpha,
                                             max_iterations=steps, tol=None, average=self.average, record=True)
            except (ConvergenceError, ArithmeticError, ValueError):
                self.failed = True  # past here the path is not finite: nothing to compare with
                return
            self.points += [np.asarray(p, dtype=float) for p in result.path[1:]]

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
            for average in (False, True):
                key = (augmented, origin is start, average)
                if key not in paths:
                    paths[key] = _Path(X, y, np.r_[0.0, origin] if augmented else origin, alpha, average)
                path = paths[key]
                k = path.where(theta, path.settles(eps) + 5 if eps < 1 else max_iter + 2)
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
                   "exp(θᵀx⁽ⁱ⁾)) x⁽ⁱ⁾ (summed or averaged over i) from θ_s reaches after a step or more (tried "
                   "max_iter 1 with eps 1e300, max_iter 1 and 3 with eps below the first step)",
                   inputs, theta.tolist(), {"one step, summed": one[0], "one step, averaged": one[1]})


def _check_poisson_fixed_point(student, case, options):
    x, y0 = case.data["x"], case.reference["y0"]
    alpha = case.reference["alpha"]
    zero = np.zeros(x.shape[1])
    model, theta, augmented, inputs, _ = _fit_poisson(student, case, x, y0, zero, 1, 1e-12)
    if theta is None:
        raise Mismatch("after fit, neither self.theta nor fit's return value is a θ", inputs, None, zero.tolist())
    if augmented:
        theta = theta[1:]  # θ₀ of an added intercept column: 0 at the maximiser too, as the rest
    scale = alpha * np.abs(x).sum() * np.abs(y0).max()
    if not np.all(np.abs(theta) <= 1e-8 * scale):
        raise Mismatch("started at the maximiser θ* = 0 of ℓ (data with Xᵀ(y − 1) = 0), fit moves away: θ* is "
                       "not a fixed point of the student's update", inputs, theta.tolist(), zero.tolist())


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
              "fit(x, y) from theta_0 ends on the path θ := θ + α Σᵢ (y⁽ⁱ⁾ − exp(θᵀx⁽ⁱ⁾)) x⁽ⁱ⁾ (or its mean over i) "
              "after at least one step, whatever its stopping rule", poisson_data(), _check_poisson_update),
     Property("p03d_poisson", "fit", "GLM-4", "maximiser_is_a_fixed_point",
              "started at the maximiser of ℓ, fit stays there: ∇ℓ(θ*) = 0 is where the update stops",
              poisson_data(), _check_poisson_fixed_point),
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
    got = None
    for X, Q in ((x, queries), (x[:, 1:], queries[:, 1:])):  # with the intercept column, else without
        model = _new(student, "LocallyWeightedLinearRegression", inputs, tau)
        try:
            student.call((model, "fit"), X, y)
            got = student.call((model, "predict"), Q)
            break
        except Exception as e:  # noqa: BLE001 - the form without the intercept column is tried next
            error = e
    if got is None:
        attempt("fit(x, y) and predict(x)", inputs, expected.tolist(), _raise, error)
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
