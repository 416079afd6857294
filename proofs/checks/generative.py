"""Part IV checks, §1 and the introduction: Bayes' rule, the multivariate normal, GDA and its
logistic posterior, and Poisson class-conditionals (000 Part IV intro, §1.1-1.3; 002 §1.4,
§1.4.1-1.4.2)."""
import itertools
import sys
from fractions import Fraction

import mpmath
import sympy as sp
from hypothesis import strategies as st
from mpmath.calculus.quadrature import GaussLegendre

from cs229.reference import generative as G
from cs229.reference import linalg
from cs229.reference import logistic_regression as LR
from cs229.testing import strategies as S

from ..checking import (NOTES_NEWTON, as_printed, exact, find_witness, labels, positive, probability, relies_on, Step,
                        chain, combine, draw, fmt, sampled)
from ..printed import defined, form_of, printed, value_of, with_forms
from ..registry import Erratum, Outcome, Quote, check, unchecked
from ..text import Examples, Function, Indexed, NotationError, Reading, copies, math_of, parse


_exact_points = exact

THIS = sys.modules[__name__]  # the self-test's mutants replace this module's helpers



def _sigmoid(z):
    return 1 / (1 + mpmath.exp(-z))


# ---- GEN-1 -----------------------------------------------------------------------------------

BAYES = Quote("000", 640, r"p(y|x) = \frac{p(x|y)p(y)}{p(x)}.")
EVIDENCE = Quote("000", 642, "p(x) = p(x|y = 1)p(y = 1) + p(x|y = 0)p(y = 0)")
BAYES_002 = Quote("002", 363, r"p(y = 1 | x) = \frac{p(x | y = 1)p(y = 1)}{p(x)}")
EVIDENCE_002 = Quote("002", 365, r"where $p(x) = p(x | y = 1)p(y = 1) + p(x | y = 0)p(y = 0)$.")
ARGMAX = Quote("000", 644, r"\arg \max_{y} p(y|x) = \arg \max_{y} \frac{p(x|y)p(y)}{p(x)}")
ARGMAX_2 = Quote("000", 645, r"= \arg \max_{y} p(x|y)p(y).")
PICK_CLASS = Quote("000", 819, "and pick whichever class has the higher posterior probability.")
ARGMAX_002 = Quote("002", 399, r"\arg \max_y p(y | x) = \arg \max_y \frac{p(x | y)p(y)}{p(x)} = \arg \max_y p(x | y)p(y)")


class Discrete:
    """A joint distribution over named discrete variables: the meaning of the notes' p(·) and
    p(· | ·) in a check. ``values`` {name: the values it takes}; ``joint(assignment)`` the
    probability of an assignment {name: value}; ``observed`` the value a variable printed bare
    stands for (p(x|y): the x observed). A printed variable is read as its ``marker`` (a value in
its place, the y of max_y p(y|x), as the event that the one variable taking it does); p(A | B)
    is Σ joint over the assignments meeting A and B over Σ joint over those meeting B, so that
    the rules of probability (Bayes, the chain rule, marginals) are not typed anywhere: they
    follow from the definition of a conditional."""

    def __init__(self, values, joint, observed):
        self.values = dict(values)
        self.joint = joint
        self.observed = dict(observed)
        self.markers = {sp.Symbol(f"⟨{name}⟩"): name for name in self.values}
        names = list(self.values)
        self.assignments = [dict(zip(names, combo)) for combo in itertools.product(*self.values.values())]
        self._memo = {}

    def marker(self, name):
        return sp.Symbol(f"⟨{name}⟩")

    def _event(self, item):
        """[(variable, value)] of a printed event: a bare variable (its observed value), a vector
        of them (x = (x₁, …, xₙ): every entry its observed value) or 'y = 1'."""
        if isinstance(item, sp.MatrixBase):
            return [e for entry in item for e in self._event(entry)]
        if isinstance(item, tuple):
            left, relation, right = item
            if relation != "=" or left not in self.markers:
                raise NotationError(f"an event p(·) cannot read: {item}")
            return [(self.markers[left], right)]
        if item in self.markers:
            name = self.markers[item]
            return [(name, self.observed[name])]
        # a value in place of a variable (the y of max_y p(y|x)): the one variable taking it
        owners = [name for name, values in self.values.items() if item in values]
        if len(owners) == 1:
            return [(owners[0], item)]
        raise NotationError(f"{sp.sstr(item)} is not a variable of this distribution, nor a value of one only")

    def probability(self, arguments, given=(), parameters=()):
        events = [e for a in arguments for e in self._event(a)]
        conditions = [e for g in given for e in self._event(g)]
        key = (tuple(sorted(set(events), key=str)), tuple(sorted(set(conditions), key=str)))
        if key not in self._memo:
            self._memo[key] = self._probability(events, conditions)
        return self._memo[key]

    def _probability(self, events, conditions):

        def mass(required):
            return sum(self.joint(a) for a in self.assignments if all(a[n] == v for n, v in required))
        # in lowest terms: p(x_j | y) of a model with independent words is φ_{j|y}, not a ratio of
        # the 2ⁿ-term sums it is defined by (the chains then compare small expressions)
        return sp.factor(sp.cancel(mass(events + conditions) / mass(conditions)))

    def p(self):
        """The Function to bind to the printed p."""
        return Function(self.probability, given=True)


def _bayes_model(phi, likelihoods, classes=(0, 1)):
    """x observed, y ∈ classes with p(y = 1) = φ (two classes) or the given priors; p(x|y) the
    likelihoods of the observed x (the rest of x's values hold the remaining mass)."""
    priors = {0: 1 - phi, 1: phi} if not isinstance(phi, (list, tuple)) else dict(enumerate(phi))
    L = dict(zip(classes, likelihoods))

    def joint(a):
        return priors[a["y"]] * (L[a["y"]] if a["x"] == "x" else 1 - L[a["y"]])
    return Discrete({"x": ("x", "another x"), "y": tuple(classes)}, joint, {"x": "x"})


def _bayes_reading(model, y=None, ranges=None):
    names = {"p": model.p(), "x": model.marker("x"), "y": model.marker("y")}
    reading = Reading(names, ranges=ranges or {})
    return reading if y is None else reading.bind(y=model.marker("y"))


@relies_on(G, "evidence", lambda f: lambda likelihoods, priors: f(likelihoods, priors) * 2, "p(x) doubled")
@check("GEN-1", "p(y=1|x) = p(x|y=1)p(y=1)/p(x), p(x) = Σ_y p(x|y)p(y)", "000 Part IV intro; 002 §1.4",
       "derivation", quotes=(Quote("000", 642, "the denominator is given by p(x) = p(x|y = 1)p(y = 1) + p(x|y = 0)p(y = 0)"),
                             Quote("002", 361, "Using Bayes rule, given a new test example, we compute")))
def bayes_rule(ctx):
    L0, L1 = sp.symbols("p(x|y=0) p(x|y=1)", positive=True)
    phi = sp.Symbol("φ", positive=True)  # p(y=1)
    domains = {phi: probability(), L0: probability(), L1: probability()}
    outcomes = []
    for observed in (0, 1):  # p(y|x) at y = 0 and y = 1
        model = _bayes_model(phi, (L0, L1))
        model.observed["y"] = observed
        reading = _bayes_reading(model)
        outcomes.append(chain([
            printed(BAYES, reading, "p(y|x) = p(x, y)/p(x), the definition of a conditional", part=0),
            printed(BAYES, reading, "Bayes' rule", part=1),
        ], "GEN-1", "000 Part IV intro", f"two classes, y = {observed}", domains=domains))
    reading = _bayes_reading(_bayes_model(phi, (L0, L1)))
    outcomes.append(chain([
        printed(EVIDENCE, reading, "p(x), the marginal of x", part=0),
        printed(EVIDENCE, reading, "Σ_y p(x|y)p(y)", part=1),
    ], "GEN-1", "000 Part IV intro", "two classes", domains=domains))
    outcomes.append(chain([
        printed(BAYES_002, reading, "p(y = 1|x)", part=0),
        printed(BAYES_002, reading, "Bayes' rule", part=1),
    ], "GEN-1", "002 §1.4", "two classes", domains=domains))
    outcomes.append(chain([
        printed(EVIDENCE_002, reading, "p(x)", part=0),
        printed(EVIDENCE_002, reading, "Σ_y p(x|y)p(y)", part=1),
    ], "GEN-1", "002 §1.4", "two classes", domains=domains))

    def holds(p):
        likelihoods, priors = p
        post = G.bayes_posterior(likelihoods, priors)
        p_x = G.evidence(likelihoods, priors)
        return sum(post) == 1 and all(q == l * r / p_x for q, l, r in zip(post, likelihoods, priors))
    k_classes = st.integers(2, 4).flatmap(lambda k: st.tuples(
        st.lists(S.positive_rationals(), min_size=k, max_size=k), S.probability_vectors(k)))
    return combine(*outcomes, _exact_points(ctx, k_classes, holds))


@relies_on(G, "bayes_argmax", lambda f: lambda likelihoods, priors: (f(likelihoods, priors) + 1) % len(priors),
           "the class after the argmax")
@check("GEN-1", "argmax_y p(y|x) = argmax_y p(x|y)p(y): the denominator is not needed",
       "000 Part IV intro; 002 §1.4.1", "identity", quotes=(PICK_CLASS,))
def argmax_without_denominator(ctx):
    k_classes = st.integers(2, 4).flatmap(lambda k: st.tuples(
        st.lists(S.rationals(0, 3, 6), min_size=k, max_size=k).filter(lambda v: any(v)),
        S.probability_vectors(k)))
    forms = {}

    def same(p):
        # the printed arg maxes (000 lines 644-645, 002 line 399) on a model with these likelihoods
        # and priors, exactly, and the reference's (ties: the first class, as arg max reads)
        likelihoods, priors = p
        k = len(priors)
        model = _bayes_model([_rational(v) for v in priors], [_rational(v) for v in likelihoods], tuple(range(k)))
        reading = _bayes_reading(model, ranges={"y": (0, k - 1)})
        values = []
        for key, (quote, part) in _ARGMAXES.items():
            form = form_of(quote, reading, part=part)
            forms.setdefault(key, form)
            values.append(value_of(form))
        post = G.bayes_posterior(likelihoods, priors)
        first_max = max(range(len(post)), key=lambda y: (post[y], -y))
        return G.bayes_argmax(likelihoods, priors) == first_max and all(v == first_max for v in values)
    exact = _exact_points(ctx, k_classes, same, cap=12)

    def log_space(p):  # the log-space posterior (what the classifiers use) is Bayes' rule
        likelihoods, priors = p
        post = G.bayes_posterior(likelihoods, priors)
        joint = [mpmath.log(S.to_mpf(a) * S.to_mpf(b)) if a * b else mpmath.ninf
                 for a, b in zip(likelihoods, priors)]
        logs = G.log_posterior(joint)
        return max(abs((mpmath.exp(v) if v != mpmath.ninf else 0) - S.to_mpf(q)) for v, q in zip(logs, post))
    high = sampled(ctx, k_classes, log_space, mpmath.mpf(10) ** (-(ctx.digits - 5)))
    return with_forms(combine(exact, high), *forms.values())


_ARGMAXES = {"000 posterior": (ARGMAX, 0), "000 Bayes": (ARGMAX, 1), "000 joint": (ARGMAX_2, None),
             "002 posterior": (ARGMAX_002, 0), "002 Bayes": (ARGMAX_002, 1), "002 joint": (ARGMAX_002, 2)}


def _rational(v):
    return sp.Rational(v.numerator, v.denominator) if isinstance(v, Fraction) else sp.sympify(v)


# ---- MVN-1 -----------------------------------------------------------------------------------

COVARIANCE = Quote("000", 663, r"$Cov(Z) = E[(Z - E[Z])(Z - E[Z])^T]$")
COVARIANCE_MOMENTS = Quote("000", 665, r"The covariance can also be defined as  $Cov(Z) = E[ZZ^T] - (E[Z])(E[Z])^T$")


@relies_on(G, "covariance_from_moments", lambda f: lambda points, probabilities=None: [[2 * v for v in row] for row in f(points, probabilities)],
           "E[ZZᵀ] − E[Z]E[Z]ᵀ doubled")
@check("MVN-1", "Cov(Z) = E[(Z−E[Z])(Z−E[Z])ᵀ] = E[ZZᵀ] − (E[Z])(E[Z])ᵀ", "000 §1.1", "identity",
       quotes=(COVARIANCE, COVARIANCE_MOMENTS))
def covariance_definitions(ctx):
    atoms, n = 3, 2
    z = [[sp.Symbol(f"z{i + 1}{j + 1}", real=True) for j in range(n)] for i in range(atoms)]
    p1, p2 = sp.symbols("p1 p2", positive=True)
    p = [p1, p2, 1 - p1 - p2]
    E = lambda f: sum(p[i] * f(i) for i in range(atoms))  # noqa: E731
    mean = sp.Matrix([E(lambda i, j=j: z[i][j]) for j in range(n)])
    Z = lambda i: sp.Matrix(z[i])  # noqa: E731
    first = sp.zeros(n, n)
    second = sp.zeros(n, n)
    for i in range(atoms):
        first += p[i] * (Z(i) - mean) * (Z(i) - mean).T
        second += p[i] * Z(i) * Z(i).T
    # Z takes the value z⁽ⁱ⁾ with probability pᵢ; E[f(Z)] = Σᵢ pᵢ f(z⁽ⁱ⁾)
    Z_ = sp.Matrix(sp.symbols(f"Z1:{n + 1}", real=True))

    def expectation(value):
        return sum((p[i] * _at(value, dict(zip(Z_, z[i]))) for i in range(atoms)), sp.zeros(*value.shape)
                   if isinstance(value, sp.MatrixBase) else sp.Integer(0))
    reading = Reading({"Z": Z_, "E": Function(expectation)})
    symbolic = chain([Step(first, "E[(Z − E[Z])(Z − E[Z])ᵀ] over the atoms"),
                      printed(COVARIANCE, reading, "Cov(Z) = E[(Z − E[Z])(Z − E[Z])ᵀ], as printed", part=1),
                      printed(COVARIANCE_MOMENTS, reading, "= E[ZZᵀ] − (E[Z])(E[Z])ᵀ", part=1),
                      Step(second - mean * mean.T, "E[ZZᵀ] − E[Z]E[Z]ᵀ over the atoms")],
                     "MVN-1", "000 §1.1", f"{atoms} atoms in R²")

    @st.composite
    def distributions(draw_):
        m = draw_(st.integers(1, 6))
        n_ = draw_(st.integers(1, 3))
        return draw_(S.matrices(m, n_)), draw_(S.probability_vectors(m))

    def equal_and_psd(p):
        points, probabilities = p
        C1 = G.covariance(points, probabilities)
        C2 = G.covariance_from_moments(points, probabilities)
        n_ = len(C1)
        symmetric = all(C1[i][j] == C1[j][i] for i in range(n_) for j in range(n_))
        # zᵀ Cov z = E[(zᵀ(Z − E[Z]))²] >= 0 for every direction z; try the unit and all-ones ones
        directions = [[Fraction(int(i == j)) for j in range(n_)] for i in range(n_)] + [[Fraction(1)] * n_]
        psd = all(linalg.dot(d, linalg.matvec(C1, d)) >= 0 for d in directions)
        return C1 == C2 and symmetric and psd
    return combine(symbolic, _exact_points(ctx, distributions(), equal_and_psd))


def _at(value, point):
    return value.xreplace(point) if isinstance(value, (sp.Basic, sp.MatrixBase)) else value


def _gauss_legendre(R, panels, degree):
    base = GaussLegendre(mpmath.mp).calc_nodes(degree, mpmath.mp.prec)
    h = mpmath.mpf(2 * R) / panels
    return [(-R + k * h + (x + 1) * h / 2, w * h / 2) for k in range(panels) for x, w in base]


DETERMINANT_WORDS = Quote("000", 657, "denotes the determinant of the matrix")
DENSITY = Quote("000", 655, r"p(x; \mu, \Sigma) = \frac{1}{(2\pi)^{n/2} |\Sigma|^{1/2}} \exp\left(-\frac{1}{2}(x-\mu)^T \Sigma^{-1}(x-\mu)\right).")
MEAN_WORDS = Quote("000", 659, r"the mean is (unsurprisingly) given by  $\mu$")
MEAN = Quote("000", 661, r"E[X] = \int_{x} x p(x; \mu, \Sigma) dx = \mu")
COV_SIGMA = Quote("000", 667, r"Cov(X) = \Sigma")


@relies_on(G, "mvn_log_densities", lambda f: lambda X, mu, Sigma: [v + mpmath.mpf(10) ** -12 for v in f(X, mu, Sigma)],
           "log-densities raised by 10⁻¹²")
@relies_on(G, "mvn_density", lambda f: lambda x, mu, Sigma: f(x, mu, Sigma) * (1 + mpmath.mpf(10) ** -12), "p raised by one part in 10¹²")
@check("MVN-1", "the density integrates to 1, E[X] = μ, Cov(X) = Σ (1-D and 2-D)", "000 §1.1",
       "identity", quotes=(DENSITY, MEAN_WORDS, MEAN, COV_SIGMA))
def density_moments(ctx):
    # the mean and covariance as lines 661 and 667 print them (μ, Σ), read in 1-D and in 2-D and
    # evaluated at each drawn μ, Σ
    mu_1, var_1 = sp.symbols("mu sigma2", real=True)
    mu_2 = sp.Matrix(sp.symbols("mu1 mu2", real=True))
    s11, s12, s22 = sp.symbols("s11 s12 s22", real=True)
    Sigma_2 = sp.Matrix([[s11, s12], [s12, s22]])
    forms = [form_of(MEAN, Reading({"mu": mu_1, "Sigma": var_1}), part=2),
             form_of(COV_SIGMA, Reading({"mu": mu_1, "Sigma": var_1}), part=1),
             form_of(MEAN, Reading({"mu": mu_2, "Sigma": Sigma_2}), part=2),
             form_of(COV_SIGMA, Reading({"mu": mu_2, "Sigma": Sigma_2}), part=1)]
    values = [value_of(f) for f in forms]
    if any(v is None for v in values):
        return with_forms(Outcome(False, "not run", detail="the mean or covariance is not printed readably here"), *forms)
    mean_1, cov_1 = (sp.lambdify((mu_1, var_1), v, modules="mpmath") for v in values[:2])
    mean_2, cov_2 = (sp.lambdify((mu_2[0], mu_2[1], s11, s12, s22), sp.Matrix(v), modules="mpmath") for v in values[2:])
    @st.composite
    def one_d(draw_):
        return draw_(S.rationals(-2, 2)), draw_(S.positive_rationals(Fraction(1, 4), 3))

    def residual_1d(p):
        mu, var = S.to_mpf(p)
        f = lambda x: G.mvn_density([x], [mu], [[var]])  # noqa: E731
        pieces = [-mpmath.inf, mu, mpmath.inf]
        total = mpmath.quad(f, pieces)
        mean = mpmath.quad(lambda x: x * f(x), pieces)
        variance = mpmath.quad(lambda x: (x - mu) ** 2 * f(x), pieces)
        return max(abs(total - 1), abs(mean - mean_1(mu, var)), abs(variance - cov_1(mu, var)))
    n1 = min(ctx.examples, 2)
    first = sampled(ctx, one_d(), residual_1d, mpmath.mpf(10) ** (-(ctx.digits - 8)), n=n1,
                    label=f"1-D: {n1} points, tanh-sinh at {ctx.digits} digits")

    @st.composite
    def two_d(draw_):
        return draw_(S.vectors(2, )), draw_(S.spd_matrices(2, max_cond=20))

    def residual_2d(p):
        # x = μ + L u with Σ = LLᵀ: ∫ p(x) dx = |L| ∫ p(μ + Lu) du over u ∈ [−11, 11]² (the mass
        # outside is below 1e-27), by a product Gauss–Legendre rule, 8 panels × 12 nodes a side
        mu, Sigma = S.to_mpf(p)
        L = linalg.cholesky(Sigma)
        det_L = L[0][0] * L[1][1]
        nodes = _gauss_legendre(11, 8, 3)
        points = [[mu[0] + L[0][0] * a, mu[1] + L[1][0] * a + L[1][1] * b] for a, _ in nodes for b, _ in nodes]
        weights = [wa * wb * det_L for _, wa in nodes for _, wb in nodes]
        density = [w * mpmath.exp(v) for w, v in zip(weights, G.mvn_log_densities(points, mu, Sigma))]
        total = sum(density)
        mean = [sum(d * x[j] for d, x in zip(density, points)) for j in range(2)]
        cov = [[sum(d * (x[j] - mu[j]) * (x[k] - mu[k]) for d, x in zip(density, points))
                for k in range(2)] for j in range(2)]
        at = (mu[0], mu[1], Sigma[0][0], Sigma[0][1], Sigma[1][1])
        printed_mean, printed_cov = mean_2(*at), cov_2(*at)
        return max([abs(total - 1)] + [abs(mean[j] - printed_mean[j]) for j in range(2)]
                   + [abs(cov[j][k] - printed_cov[j, k]) for j in range(2) for k in range(2)])
    n2 = 1
    second = sampled(ctx, two_d(), residual_2d, mpmath.mpf(10) ** -14, n=n2, digits=30,
                     label="2-D: 1 point, 96² Gauss–Legendre at 30 digits")
    return with_forms(combine(first, second), *forms)


@relies_on(G, "mvn_density", lambda f: lambda x, mu, Sigma: f(x, mu, Sigma) * (1 + mpmath.mpf(10) ** -20), "p raised by one part in 10²⁰")
@check("MVN-1", "the Cholesky log form equals the printed density (2π)^(−n/2)|Σ|^(−1/2)exp(…)",
       "000 §1.1", "identity", quotes=(DETERMINANT_WORDS,))
def log_form(ctx):
    @st.composite
    def problems(draw_):
        n = draw_(st.integers(1, 4))
        return draw_(S.vectors(n)), draw_(S.vectors(n)), draw_(S.spd_matrices(n))

    forms = []

    def residual(p):
        # the density as printed, read at the drawn x, μ, Σ exactly, evaluated at 60 digits
        form = density_form(*p)
        forms.append(form)
        value = value_of(form)
        if value is None:
            return mpmath.inf
        printed_ = mpmath.mpf(sp.N(value, ctx.digits + 10))
        return abs(G.mvn_density(*S.to_mpf(p)) / printed_ - 1)
    return with_forms(sampled(ctx, problems(), residual, mpmath.mpf(10) ** (-(ctx.digits - 5))), *forms[:1])


PSD_ASSUMPTION = Quote("000", 653, r"where  $\Sigma \geq 0$  is symmetric and positive semi-definite")
PSD_SENTENCE = Quote("000", 653, r"where  $\Sigma \geq 0$  is symmetric and positive semi-definite. Also written")
DETERMINANT = Quote("000", 657, r"In the equation above, " + '" $|\\Sigma|$ "' + " denotes the determinant of the matrix  $\\Sigma$ .")
PLOTTED_1 = Quote("000", 682, r"\Sigma = \left[ \begin{array}{cc} 1 & 0.5 \\ 0.5 & 1 \end{array} \right]")
PLOTTED_IDENTITY = Quote("000", 682, r"\Sigma = \left[ \begin{array}{cc} 1 & 0 \\ 0 & 1 \end{array} \right]")
PLOTTED_08 = Quote("000", 682, r"\Sigma = \left[ \begin{array}{cc} 1 & 0.8 \\ 0.8 & 1 \end{array} \right]")
PLOTTED_2 = Quote("000", 693, r"\Sigma = \left[ \begin{array}{cc} 3 & 0.8 \\ 0.8 & 1 \end{array} \right]")
PLOTTED_M05 = Quote("000", 693, r"\Sigma = \left[ \begin{array}{cc} 1 & -0.5 \\ -0.5 & 1 \end{array} \right]")
PLOTTED_M08 = Quote("000", 693, r"\Sigma = \left[ \begin{array}{cc} 1 & -0.8 \\ -0.8 & 1 \end{array} \right]")

_SMALL = st.sampled_from([Fraction(0), Fraction(1), Fraction(-1), Fraction(2)])


@st.composite
def _semidefinite(draw_):
    """Σ = BBᵀ, B an n×n matrix with small entries: every symmetric PSD matrix of this form, the
    singular ones included (the class 000 §1.1 prints)."""
    n = draw_(st.integers(1, 2))
    B = draw_(st.lists(st.lists(_SMALL, min_size=n, max_size=n), min_size=n, max_size=n))
    return [[sum(B[i][k] * B[j][k] for k in range(n)) for j in range(n)] for i in range(n)]


@st.composite
def _definite(draw_):
    """Σ = BBᵀ + I: symmetric positive definite (the class the density needs)."""
    S_ = draw_(_semidefinite())
    return [[v + (1 if i == j else 0) for j, v in enumerate(row)] for i, row in enumerate(S_)]


SIGMA_CLASSES = {"positive semi-definite": _semidefinite(), "positive definite": _definite()}
def printed_sigma_class():
    """The class of Σ 000 §1.1 allows, as this copy prints it (line 653): Σ ≥ 0 or 'positive
    semi-definite' is the semi-definite class; Σ > 0 (or ≻ 0) with no 'semi-definite' the definite
    one. (class, the Form of the sentence: parsed, or missing in this copy)."""
    from ..printed import Form, Variant
    located = copies.current().locate(PSD_SENTENCE)
    if not located.found:
        return "positive semi-definite", Form(PSD_SENTENCE, "missing", f"not found in {copies.current().origin}")
    place = located.first
    try:
        formula = math_of(place.text)[0].tex
        symbol = parse(formula).statements[0].parts[1][0]
    except (NotationError, IndexError):
        return "positive semi-definite", Form(PSD_SENTENCE, "unreadable", f"{place.text!r}: no relation on Σ")
    form = Form(PSD_SENTENCE, "parsed", "", [Variant(place.source, place.line, place.text, symbol, place.changed)])
    definite = symbol in (">", "≻") and "semi" not in place.text
    return ("positive definite" if definite else "positive semi-definite"), form


def printed_density(x, mu, Sigma):
    """000 §1.1's density as this copy prints it (line 655), read at x, μ, Σ, exactly. Raises
    ValueError where it is not defined (|Σ| = 0: no Σ⁻¹, and a zero normaliser)."""
    S_ = sp.Matrix(Sigma)
    if S_.det() == 0:
        raise ValueError("|Σ| = 0: (2π)^(n/2)|Σ|^(1/2) = 0 and Σ⁻¹ does not exist")
    value = value_of(density_form(x, mu, Sigma))
    if value is None:
        raise ValueError("the density is not printed in this copy")
    return value


def density_form(x, mu, Sigma):
    """The Form of 000's printed density (line 655) read at x, μ, Σ (exact rationals)."""
    reading = Reading({"x": sp.Matrix(_rationals(x)), "mu": sp.Matrix(_rationals(mu)),
                       "Sigma": sp.Matrix([_rationals(r) for r in Sigma])}, sizes={"n": len(x)})
    return form_of(DENSITY, reading, part=1)


def _rationals(values):
    return [_rational(v) for v in values]


def _undefined(Sigma):
    try:
        printed_density([0] * len(Sigma), [0] * len(Sigma), Sigma)
        return False
    except ValueError:
        return True


@relies_on(THIS, "printed_density", lambda f: lambda x, mu, Sigma: f(x, mu, [[v + 1 if i == j else v for j, v in enumerate(r)]
                                                                               for i, r in enumerate(Sigma)]),
           "Σ + I in place of Σ")
@check("MVN-1", "the printed density needs Σ positive definite, not only positive semi-definite",
       "000 §1.1", "identity", quotes=(PSD_ASSUMPTION, DENSITY, DETERMINANT, PLOTTED_1, PLOTTED_2))
def density_needs_definite(ctx):
    """The printed density, evaluated in sympy, over the class of Σ 000 §1.1 allows: the simplest
    Σ of the class where it is undefined (|Σ| = 0) is the counterexample. For Σ positive definite
    it is defined and agrees with the reference's Cholesky log form (50 digits), and every Σ the
    notes plot is positive definite."""
    printed_class, relation_form = printed_sigma_class()
    cls = as_printed(printed_class, "positive definite", key="Σ ≥ 0 is symmetric and positive semi-definite")
    density_forms = []
    witness = find_witness(SIGMA_CLASSES[cls], _undefined, ctx.seed)
    failures = []
    with mpmath.workdps(ctx.digits):
        worst = mpmath.mpf(0)
        for Sigma, x in draw(ctx, st.tuples(_definite(), S.vectors(2)), min(ctx.examples, 6)):
            xs = [Fraction(v) for v in x[:len(Sigma)]]
            exact_ = printed_density(xs, [0] * len(Sigma), Sigma)
            density_forms.append(density_form(xs, [0] * len(Sigma), Sigma))
            worst = max(worst, abs(G.mvn_density(S.to_mpf(xs), [mpmath.mpf(0)] * len(Sigma), S.to_mpf(Sigma))
                                   / mpmath.mpf(sp.N(exact_, ctx.digits + 10)) - 1))
    if worst > mpmath.mpf(10) ** (-(ctx.digits - 5)):
        failures.append(f"the density formula and the reference differ for a positive definite Σ: {fmt(worst)}")
    # the covariances the notes plot (000 §1.1) are all valid: symmetric positive definite
    plotted, plotted_forms = plotted_sigmas()
    for example in [[[Fraction(int(v.p), int(v.q)) for v in row] for row in S_.tolist()] for S_ in plotted.values()]:
        try:
            G.check_covariance(example)
        except ValueError as e:
            failures.append(f"the notes' Σ = {fmt(example)} is refused: {e}")
    errata = ()
    if witness is not None:
        n = len(witness)
        try:
            sp.Matrix(witness).inv()
            inverse = "has an inverse"
        except ValueError:
            inverse = "has no inverse"
        errata = (Erratum(
            "MVN-1", "000 §1.1",
            "N(μ, Σ) with Σ ≥ 0 (symmetric positive semi-definite) has density "
            "(2π)^(−n/2) |Σ|^(−1/2) exp(−½ (x−μ)ᵀ Σ⁻¹ (x−μ))",
            "the density exists only for Σ ≻ 0 (symmetric positive definite); a singular PSD Σ "
            "gives a degenerate Gaussian on a subspace, which has no density",
            f"n = {n}, Σ = {fmt(witness)} is symmetric positive semi-definite with |Σ| = {sp.Matrix(witness).det()}: "
            f"the printed normaliser (2π)^(n/2)|Σ|^(1/2) is 0 and Σ {inverse}", quote=PSD_ASSUMPTION),)
    return with_forms(Outcome(not failures, f"searched; {min(ctx.examples, 6)} points at {ctx.digits} digits", float(worst),
                              "; ".join(failures), errata), relation_form, *density_forms[:1], *plotted_forms)


_PLOTTED = {  # the covariances the figures of 000 §1.1 use, as printed
    "I": (Quote("000", 674, r"covariance matrix  $\Sigma = I$"), 0, 1),
    "0.6I": (Quote("000", 674, r"$\Sigma = 0.6I$"), 0, 1),
    "2I": (Quote("000", 674, r"$\Sigma = 2I$"), 0, 1),
    "ρ = 0": (PLOTTED_IDENTITY, 0, 1), "ρ = 0.5": (PLOTTED_1, 0, 1), "ρ = 0.8": (PLOTTED_08, 0, 1),
    "ρ = −0.5": (PLOTTED_M05, 0, 1), "ρ = −0.8": (PLOTTED_M08, 0, 1), "3, 0.8": (PLOTTED_2, 0, 1),
}


def plotted_sigmas():
    """{label: Σ} of the figures as this copy prints them (I read as the 2×2 identity), and the
    Forms read; a Σ the copy does not print is left out (its Form says so)."""
    reading = Reading({"I": sp.eye(2)})
    out, forms = {}, []
    for label, (quote, statement, part) in _PLOTTED.items():
        form = form_of(quote, reading, part=part, statement=statement)
        forms.append(form)
        value = value_of(form)
        if value is not None:
            out[label] = value
    return out, forms


SPREAD = Quote("000", 674, "We see that as  $\\Sigma$  becomes larger, the Gaussian becomes more \"spread-out,\" and as it becomes smaller, the distribution becomes more \"compressed.\"")
TOWARDS_45 = Quote("000", 684, "as we increase the off-diagonal entry in  $\\Sigma$ , the density becomes more \"compressed\" towards the 45")
OPPOSITE = Quote("000", 695, "by decreasing the offdiagonal elements of the covariance matrix, the density now becomes \"compressed\" again, but in the opposite direction")
ELLIPSES = Quote("000", 695, "more generally the contours will form ellipses (the rightmost figure showing an example)")


def _axes(Sigma):
    """(the eigenvalues, largest first, and the direction of the largest) of a 2×2 Σ, exactly."""
    pairs = sorted(sp.Matrix(Sigma).eigenvects(), key=lambda p: -p[0])
    return [p[0] for p in pairs], pairs[0][2][0]


@relies_on(THIS, "_axes", lambda f: lambda Sigma: (list(reversed(f(Sigma)[0])), f(Sigma)[1]), "the eigenvalues in the wrong order")
@check("MVN-1", "the figures' claims: Σ = cI spreads as c grows; a larger off-diagonal compresses along x₁ = x₂, a "
       "negative one across it; contours are ellipses", "000 §1.1", "identity",
       quotes=(SPREAD, TOWARDS_45, OPPOSITE, ELLIPSES, PLOTTED_1, PLOTTED_2))
def figure_claims(ctx):
    """For Σ = cI (c = 0.6, 1, 2 as plotted) the peak (2πc)⁻¹ falls and the mass within radius 1,
    1 − e^(−1/(2c)), falls as c grows. For Σ = [[1, ρ], [ρ, 1]] the long axis is (1, 1) when
    ρ > 0 and (1, −1) when ρ < 0, and λ_max/λ_min = (1 + |ρ|)/(1 − |ρ|) grows with |ρ|
    (ρ = 0, 0.5, 0.8 and −0.5, −0.8 as plotted). Every plotted Σ is positive definite, so its
    level sets (x − μ)ᵀΣ⁻¹(x − μ) = r² are ellipses (both semi-axes √λ·r real and positive)."""
    c = sp.Symbol("c", positive=True)
    plotted_, forms = plotted_sigmas()
    missing = [k for k in _PLOTTED if k not in plotted_]
    if missing:
        return with_forms(Outcome(False, "exact (the plotted Σ)", 0.0, f"Σ not printed: {', '.join(missing)}"), *forms)
    scalar = [plotted_[k] for k in ("0.6I", "I", "2I")]
    if not all(S_ == S_[0, 0] * sp.eye(2) for S_ in scalar):
        return with_forms(Outcome(False, "exact (the plotted Σ)", 0.0, "a Σ = cI is not printed as a multiple of I"), *forms)
    scales = sorted(S_[0, 0] for S_ in scalar)
    peak = [1 / (2 * sp.pi * v) for v in scales]
    within = [1 - sp.exp(-1 / (2 * v)) for v in scales]
    spread = all(a > b for a, b in zip(peak, peak[1:])) and all(a > b for a, b in zip(within, within[1:])) \
        and sp.diff(1 - sp.exp(-1 / (2 * c)), c).is_negative
    ratios, directions = [], []
    rhos = [plotted_[k][0, 1] for k in ("ρ = 0.5", "ρ = 0.8", "ρ = −0.5", "ρ = −0.8")]
    for rho in rhos:
        values, direction = _axes([[1, rho], [rho, 1]])
        ratios.append(values[0] / values[1])
        directions.append(sp.simplify(direction[1] / direction[0]))
    # 'as we increase the off-diagonal entry': ρ = 0.5 then 0.8, and −0.5 then −0.8, as printed
    compressed = ratios[0] < ratios[1] and ratios[2] < ratios[3] and directions[:2] == [1, 1] \
        and directions[2:] == [-1, -1] and 0 < rhos[0] < rhos[1] and 0 > rhos[2] > rhos[3]
    ellipses = all(all(v > 0 for v in _axes(S_.tolist())[0]) for k, S_ in plotted_.items() if k.startswith("ρ") or k == "3, 0.8")
    passed = spread and compressed and ellipses
    return with_forms(Outcome(passed, "exact (the plotted Σ)", 0.0,
                   f"λ_max/λ_min = {[str(r) for r in ratios]} for ρ = 1/2, 4/5, −1/2, −4/5; long axis slope "
                   f"{[str(d) for d in directions]}" if passed else
                   f"spread {spread}, compressed {compressed}, ellipses {ellipses}"), *forms)


# ---- GDA-1 -----------------------------------------------------------------------------------

def _normal_1d(x, mu, s2):
    return sp.exp(-(x - mu) ** 2 / (2 * s2)) / sp.sqrt(2 * sp.pi * s2)


MODEL_Y = Quote("000", 709, r"y \sim \operatorname{Bernoulli}(\phi)")
MODEL_X0 = Quote("000", 711, r"$x|y=0 \sim \mathcal{N}(\mu_0, \Sigma)$")
MODEL_X1 = Quote("000", 712, r"$x|y=1 \sim \mathcal{N}(\mu_1, \Sigma)$")
PRIOR = Quote("000", 716, r"p(y) = \phi^{y} (1 - \phi)^{1-y}")
CLASS_0 = Quote("000", 718, r"p(x|y=0) = \frac{1}{(2\pi)^{n/2} |\Sigma|^{1/2}} \exp\left(-\frac{1}{2} (x - \mu_0)^T \Sigma^{-1} (x - \mu_0)\right)")
CLASS_1 = Quote("000", 720, r"p(x|y=1) = \frac{1}{(2\pi)^{n/2} |\Sigma|^{1/2}} \exp\left(-\frac{1}{2} (x - \mu_1)^T \Sigma^{-1} (x - \mu_1)\right)")
LOG_LIKELIHOOD = Quote("000", 724, r"\ell(\phi, \mu_0, \mu_1, \Sigma) = \log \prod_{i=1}^m p(x^{(i)}, y^{(i)}; \phi, \mu_0, \mu_1, \Sigma)")
LOG_LIKELIHOOD_2 = Quote("000", 725, r"= \log \prod_{i=1}^m p(x^{(i)}|y^{(i)}; \mu_0, \mu_1, \Sigma) p(y^{(i)}; \phi).")
ASSUMPTION_002 = Quote("002", 369, r"Suppose $x \in \mathbf{R}^n$ (drop $x_0 = 1$ convention). The key assumption is that $p(x | y)$ is Gaussian.")
MODEL_002 = Quote("002", 371, r"y &\sim \text{Bernoulli}(\varphi) \\ x | y = 0 &\sim \mathcal{N}(\mu_0, \Sigma) \\ x | y = 1 &\sim \mathcal{N}(\mu_1, \Sigma)")
LIKELIHOOD_002 = Quote("002", 375, r"L(\varphi, \mu_0, \mu_1, \Sigma) = \prod_{i=1}^m p(x^{(i)}, y^{(i)}; \varphi, \mu_0, \mu_1, \Sigma) = \prod_{i=1}^m p(x^{(i)} | y^{(i)}) p(y^{(i)})")
MLE_PHI = Quote("000", 729, r"\phi = \frac{1}{m} \sum_{i=1}^{m} 1\{y^{(i)} = 1\}")
MLE_MU0 = Quote("000", 731, r"\mu_0 = \frac{\sum_{i=1}^{m} 1\{y^{(i)} = 0\}x^{(i)}}{\sum_{i=1}^{m} 1\{y^{(i)} = 0\}}")
MLE_MU1 = Quote("000", 733, r"\mu_1 = \frac{\sum_{i=1}^{m} 1\{y^{(i)} = 1\}x^{(i)}}{\sum_{i=1}^{m} 1\{y^{(i)} = 1\}}")
MLE_SIGMA = Quote("000", 735, r"\Sigma = \frac{1}{m} \sum_{i=1}^{m} (x^{(i)} - \mu_{y^{(i)}})(x^{(i)} - \mu_{y^{(i)}})^T.")
MLE_PHI_002 = Quote("002", 383, r"\varphi = \frac{\sum_{i=1}^m y^{(i)}}{m} = \frac{\sum_{i=1}^m \mathbf{1}_{\{y^{(i)}=1\}}}{m}")
MLE_MU0_002 = Quote("002", 387, r"\mu_0 = \frac{\sum_{i=1}^m \mathbf{1}_{\{y^{(i)}=0\}} x^{(i)}}{\sum_{i=1}^m \mathbf{1}_{\{y^{(i)}=0\}}}")
MLE_MU1_002 = Quote("002", 391, r"\mu_1 = \frac{\sum_{i=1}^m \mathbf{1}_{\{y^{(i)}=1\}} x^{(i)}}{\sum_{i=1}^m \mathbf{1}_{\{y^{(i)}=1\}}}")
MLE_SIGMA_002 = Quote("002", 395, r"\Sigma = \frac{1}{m} \sum_{i=1}^m (x^{(i)} - \mu_{y^{(i)}})(x^{(i)} - \mu_{y^{(i)}})^T")
MAXIMISE_002 = Quote("002", 379, r"\max_{\varphi, \mu_0, \mu_1, \Sigma} l(\varphi, \mu_0, \mu_1, \Sigma)", reading="l is log L, the L of 002's line 375")


def _gda_model_reading(phi, mu0, mu1, Sigma, x, y, n):
    """000 §1.2's model as printed: p(y) (line 716), p(x|y=0) and p(x|y=1) (lines 718, 720) read
    from the text; p(·) of a check is then the model's density of its arguments: p(x, y) the
    joint p(x|y)p(y) of the model, p(x|y) the class density, p(y) the prior (arguments told
    apart by kind: a label 0 or 1, or 'y = 1', is y, anything else x), and p(y | x) the posterior
    p(x, y)/Σ_y' p(x, y'). ``x``, ``y``: the examples."""
    base = Reading({"phi": phi, "varphi": phi, "Sigma": Sigma,
                    "mu": Indexed(lambda k: {0: mu0, 1: mu1}[int(k)]),
                    "x": Examples(tuple(x)), "y": Examples(tuple(y))},
                   sizes={"n": n, "m": len(x)}, ranges={"i": (1, "m")})
    model = defined(base, "prior", PRIOR, ("y",))
    model = defined(model, "class0", CLASS_0, ("x",))
    model = defined(model, "class1", CLASS_1, ("x",))
    prior, classes = model.names["prior"].function, (model.names["class0"].function, model.names["class1"].function)

    def joint(x_, label):
        return classes[label](x_) * prior(label)

    def density(arguments, given, parameters):
        def split(values):
            labels = [_label(v) for v in values if _label(v) is not None]
            return labels, [v for v in values if _label(v) is None]
        (labels, inputs), (given_labels, given_inputs) = split(arguments), split(given)
        if len(labels + given_labels) != 1 or len(inputs + given_inputs) > 1:
            raise NotationError("p(·) of the GDA model takes one x and one y")
        label = (labels + given_labels)[0]
        if not inputs and not given_inputs:
            return prior(label)
        if inputs and labels:
            return joint(inputs[0], label)
        if inputs:
            return classes[label](inputs[0])
        return joint(given_inputs[0], label) / (joint(given_inputs[0], 0) + joint(given_inputs[0], 1))
    return model.bind(p=Function(density, given=True))


def _label(value):
    """The class a printed argument of p names (y⁽ⁱ⁾ = 0 or 1, or 'y = 1'), else None (an x)."""
    if isinstance(value, tuple) and len(value) == 3 and value[1] == "=":
        value = value[2]
    if not isinstance(value, sp.MatrixBase) and value in (0, 1):
        return int(value)
    return None


@relies_on(G, "gda_log_likelihood", lambda f: lambda model, X, y: f(model, X, y) + mpmath.mpf(10) ** -30, "ℓ raised by 10⁻³⁰")
@check("GDA-1", "ℓ = log Π p(x,y) = log Π p(x|y)p(y) (000) and L = Π p(x,y) = Π p(x|y)p(y) (002)",
       "000 §1.2; 002 §1.4.1", "derivation",
       quotes=(MODEL_Y, MODEL_X0, MODEL_X1, PRIOR, CLASS_0, CLASS_1, LOG_LIKELIHOOD, LOG_LIKELIHOOD_2, LIKELIHOOD_002,
               MODEL_002, ASSUMPTION_002))
def gda_likelihood_chain(ctx):
    phi = sp.Symbol("phi", positive=True)
    mu0, mu1 = sp.symbols("mu0 mu1", real=True)
    s2 = sp.Symbol("Sigma", positive=True)
    x = sp.symbols("x1:4", real=True)
    y = (0, 1, 1)
    reading = _gda_model_reading(phi, mu0, mu1, s2, x, y, 1)
    # the model's joint density p(x, y) = φʸ(1−φ)¹⁻ʸ N(x; μ_y, Σ), written without conditionals
    joint = [phi ** c * (1 - phi) ** (1 - c)
             * sp.exp(-(xi - (mu1 if c else mu0)) ** 2 / (2 * s2)) / sp.sqrt(2 * sp.pi * s2)
             for xi, c in zip(x, y)]
    log_product = lambda terms: sp.expand_log(sp.log(sp.Mul(*terms)), force=True)  # noqa: E731
    page_000 = chain([
        Step(log_product(joint), "ℓ = log Πᵢ p(x⁽ⁱ⁾, y⁽ⁱ⁾), the model's joint density"),
        printed(LOG_LIKELIHOOD, reading, "ℓ = log Πᵢ p(x⁽ⁱ⁾, y⁽ⁱ⁾; φ, μ₀, μ₁, Σ), p as lines 716-720 print it", part=1),
        printed(LOG_LIKELIHOOD_2, reading, "p(x, y) = p(x|y) p(y)"),
    ], "GDA-1", "000 §1.2", "m=3, n=1", domains={phi: probability()})
    page_002 = chain([
        Step(sp.Mul(*joint), "L = Πᵢ p(x⁽ⁱ⁾, y⁽ⁱ⁾), the model's joint density"),
        printed(LIKELIHOOD_002, reading, "L = Πᵢ p(x⁽ⁱ⁾, y⁽ⁱ⁾; φ, μ₀, μ₁, Σ)", part=1),
        printed(LIKELIHOOD_002, reading, "= Πᵢ p(x⁽ⁱ⁾|y⁽ⁱ⁾) p(y⁽ⁱ⁾)", part=2),
    ], "GDA-1", "002 §1.4.1", "m=3, n=1", domains={phi: probability()})

    def residual(p):  # the reference's ℓ is the chain's last line, Σᵢ log p(x|y) + log p(y)
        X, yy = S.to_mpf(p[0]), p[1]
        model = G.gda_fit(X, yy)
        direct = mpmath.mpf(0)
        for xi, c in zip(X, yy):
            mean = model.mu1 if c else model.mu0
            direct += mpmath.log(G.mvn_density(xi, mean, model.Sigma)) + mpmath.log(model.phi if c else 1 - model.phi)
        return abs(G.gda_log_likelihood(model, X, yy) - direct)
    high = sampled(ctx, S.gda_problems(), residual, mpmath.mpf(10) ** (-(ctx.digits - 8)),
                   n=min(ctx.examples, 10))
    # y ∼ Bernoulli(φ) (line 709): the label's distribution, read with Bernoulli(π) the pmf πʸ(1 − π)¹⁻ʸ
    label = sp.Symbol("y", integer=True, nonnegative=True)
    bernoulli = Reading({"phi": phi, "y": label, "Bernoulli": Function(lambda pi: pi ** label * (1 - pi) ** (1 - label))})
    prior_000 = chain([
        Step(phi ** label * (1 - phi) ** (1 - label), "p(y), p(y = 1) = φ: the model's prior"),
        printed(MODEL_Y, bernoulli, "y ∼ Bernoulli(φ)", part=1),
    ], "GDA-1", "000 §1.2", "y ∈ {0, 1}", domains={phi: probability(), label: labels(0, 1, name="y")})
    return combine(page_000, page_002, prior_000, high)


def _perturbed(model, what, index, t):
    phi, mu0, mu1 = model.phi, list(model.mu0), list(model.mu1)
    Sigma = [row[:] for row in model.Sigma]
    if what == "phi":
        phi = phi + t
    elif what == "mu0":
        mu0[index] += t
    elif what == "mu1":
        mu1[index] += t
    else:
        j, k = index
        Sigma[j][k] += t
        if j != k:
            Sigma[k][j] += t
    return G.GDAModel(phi, mu0, mu1, Sigma)


def _scaled_sigma(model, m):
    """A mutant's fit: Σ with the unbiased 1/(m − 1) in place of the MLE's 1/m."""
    return G.GDAModel(model.phi, model.mu0, model.mu1, [[v * m / (m - 1) for v in row] for row in model.Sigma])


def _directions(n):
    yield "phi", None
    for j in range(n):
        yield "mu0", j
        yield "mu1", j
    for j in range(n):
        for k in range(j + 1):
            yield "Sigma", (j, k)


MAXIMISING = Quote("000", 727, "By maximizing  $\\ell$  with respect to the parameters, we find the maximum likelihood estimate of the parameters")


@relies_on(G, "gda_fit", lambda f: lambda X, y: _perturbed(f(X, y), "mu1", 0, mpmath.mpf(1) / 8), "μ₁ moved by 1/8")
@check("GDA-1", "the MLE φ, μ₀, μ₁, Σ zero the gradient of ℓ and maximise it", "000 §1.2", "optimality",
       quotes=(MAXIMISING, MAXIMISE_002))
def gda_mle_optimal(ctx):
    def gradient(p):
        X, y = S.to_mpf(p[0]), p[1]
        model = G.gda_fit(X, y)
        worst = mpmath.mpf(0)
        for what, index in _directions(len(X[0])):
            along = lambda t: G.gda_log_likelihood(_perturbed(model, what, index, t), X, y)  # noqa: E731
            worst = max(worst, abs(mpmath.diff(along, 0)))
        return worst
    stationary = sampled(ctx, S.gda_problems(max_features=2, max_rows=8), gradient,
                         mpmath.mpf(10) ** (-(ctx.digits - 12)), n=min(ctx.examples, 8))

    def maximum(p):
        # ℓ(MLE) − ℓ(MLE + small step) must be >= 0 in every direction of the parameter space
        (X, y), steps = p
        X = S.to_mpf(X)
        model = G.gda_fit(X, y)
        top = G.gda_log_likelihood(model, X, y)
        worst = mpmath.mpf(0)
        for (what, index), t in zip(_directions(len(X[0])), steps):
            t = S.to_mpf(t) / 64
            try:
                value = G.gda_log_likelihood(_perturbed(model, what, index, t), X, y)
            except (ValueError, ArithmeticError):
                continue  # the step left the parameter space (φ ∉ (0,1) or Σ not definite)
            worst = max(worst, value - top)
        return worst
    problems = S.gda_problems(max_features=2, max_rows=8).flatmap(
        lambda p: st.tuples(st.just(p), st.lists(S.rationals(-1, 1).filter(bool), min_size=8, max_size=8)))
    largest = sampled(ctx, problems, maximum, 0, n=min(ctx.examples, 8))
    return combine(stationary, largest)


@relies_on(G, "gda_fit", lambda f: lambda X, y: _scaled_sigma(f(X, y), len(y)), "Σ divided by m − 1 for m")
@check("GDA-1", "the estimates are the printed rationals; 002's φ = Σy/m = Σ1{y=1}/m", "000 §1.2; 002 §1.4.1",
       "identity", quotes=(MLE_PHI, MLE_MU0, MLE_MU1, MLE_SIGMA, MLE_PHI_002, MLE_MU0_002, MLE_MU1_002, MLE_SIGMA_002))
def gda_estimates_exact(ctx):
    forms = {}

    def holds(p):
        # the printed estimates (000 lines 729-735; 002 lines 383-395) read at the drawn data,
        # exactly, against the reference's fit (Σ with μ_{y⁽ⁱ⁾} the fitted means)
        X, y = p
        model = G.gda_fit(X, y)
        reading = Reading({"x": Examples(tuple(sp.Matrix(_rationals(row)) for row in X)), "y": Examples(tuple(y)),
                           "mu": Indexed(lambda k: sp.Matrix(_rationals(model.mu1 if int(k) else model.mu0)))},
                          sizes={"m": len(X), "n": len(X[0])}, ranges={"i": (1, "m")})
        values = {}
        for key, (quote, part) in _ESTIMATES.items():
            form = form_of(quote, reading, part=part)
            forms.setdefault(key, form)
            values[key] = value_of(form)
        if any(v is None for v in values.values()):
            return False
        fitted = {"phi": _rational(model.phi), "mu0": sp.Matrix(_rationals(model.mu0)),
                  "mu1": sp.Matrix(_rationals(model.mu1)), "Sigma": sp.Matrix([_rationals(r) for r in model.Sigma])}
        return all(_entries(values[key]) == _entries(fitted[key.split()[0]]) for key in values) and \
            all(isinstance(v, Fraction) for v in model.mu0 + model.Sigma[0])
    return with_forms(_exact_points(ctx, S.gda_problems(), holds, cap=12), *forms.values())


def _entries(value):
    """A value's entries in order (a 1×1 matrix reads as its entry)."""
    return list(value) if isinstance(value, sp.MatrixBase) else [value]


_ESTIMATES = {"phi 000": (MLE_PHI, 1), "mu0 000": (MLE_MU0, 1), "mu1 000": (MLE_MU1, 1),
              "Sigma 000": (MLE_SIGMA, 1), "phi 002": (MLE_PHI_002, 1), "phi 002 indicator": (MLE_PHI_002, 2),
              "mu0 002": (MLE_MU0_002, 1), "mu1 002": (MLE_MU1_002, 1), "Sigma 002": (MLE_SIGMA_002, 1)}


@relies_on(G, "gda_fit", lambda f: lambda X, y: None, "a fit that refuses nothing")
@check("GDA-1", "a singular Σ is refused, naming the dependent features", "000 §1.2", "identity", quotes=(MLE_SIGMA,))
def gda_singular(ctx):
    def refused(p):
        X, y = p
        n = len(X[0])
        X = [row + [2 * row[0] - 1] for row in X]  # the new feature n depends on feature 0
        try:
            G.gda_fit(X, y)
        except linalg.SingularMatrixError as e:
            return e.features == [0, n]
        return False
    return _exact_points(ctx, S.gda_problems(), refused, n=min(ctx.examples, 20))


# ---- GDA-3 -----------------------------------------------------------------------------------

def _gda_symbols(n):
    phi = sp.Symbol("phi", positive=True)
    x = sp.Matrix(sp.symbols(f"x1:{n + 1}", real=True))
    mu0 = sp.Matrix(sp.symbols(f"a1:{n + 1}", real=True))
    mu1 = sp.Matrix(sp.symbols(f"b1:{n + 1}", real=True))
    if n == 1:
        Sigma = sp.Matrix([[sp.Symbol("s", positive=True)]])
    else:
        s11, s22 = sp.symbols("s11 s22", positive=True)
        s12 = sp.Symbol("s12", real=True)
        Sigma = sp.Matrix([[s11, s12], [s12, s22]])
    return phi, x, mu0, mu1, Sigma


POSTERIOR_FUNCTION = Quote("000", 745, r"If we view the quantity  $p(y=1|x;\phi,\mu_0,\mu_1,\Sigma)$  as a function of x")
LOGISTIC = Quote("000", 749, r"p(y = 1|x; \phi, \Sigma, \mu_0, \mu_1) = \frac{1}{1 + \exp(-\theta^T x)},")
THETA = Quote("000", 751, r"where  $\theta$  is some appropriate function of  $\phi$ ,  $\Sigma$ ,  $\mu_0$ ,  $\mu_1$")
INTERCEPT = Quote("000", 761, r"by adding the extra coordinate  $x_0^{(i)} = 1$")
BOUNDARY = Quote("000", 741, "Also shown in the figure is the straight line giving the decision boundary at which p(y = 1|x) = 0.5.")
SIGMOID_002 = Quote("002", 407, r"For fixed parameters, if we plot $p(y = 1 | x; \varphi, \mu_0, \mu_1, \Sigma)$ as a function of x , we have the sigmoid function.")
IMPLIES_002 = Quote("002", 411, "The GDA implies logistic regression, but the converse is not true.")
IMPLIES = Quote("000", 755, "if p(x|y) is multivariate gaussian (with shared  $\\Sigma$ ), then p(y|x) necessarily follows a logistic function")


@relies_on(G, "gda_logistic_theta", lambda f: lambda model: [f(model)[0] + 1] + list(f(model)[1:]), "θ₀ raised by 1")
@check("GDA-3", "p(y=1|x) = 1/(1+exp(−θᵀx)), θ = (log φ/(1−φ) − ½(μ₁ᵀΣ⁻¹μ₁ − μ₀ᵀΣ⁻¹μ₀), Σ⁻¹(μ₁−μ₀))",
       "000 §1.3 and fn 1; 002 §1.4.2", "identity",
       quotes=(POSTERIOR_FUNCTION, LOGISTIC, THETA, INTERCEPT, BOUNDARY, SIGMOID_002, IMPLIES_002, IMPLIES))
def gda_logistic(ctx):
    outcomes = []
    for n in (1, 2):
        phi, x, mu0, mu1, Sigma = _gda_symbols(n)
        one = (lambda v: v[0, 0]) if n == 1 else (lambda v: v)
        # p(y = 1|x; …) from the model as 000 lines 716-720 print it (Bayes: p(x, 1)/Σ_y p(x, y))
        model = _gda_model_reading(phi, one(mu0), one(mu1), one(Sigma), [one(x)], [1], n).bind(x=one(x), y=sp.Symbol("y"))
        inv = Sigma.inv()
        w = inv * (mu1 - mu0)
        theta0 = sp.log(phi / (1 - phi)) - ((mu1.T * inv * mu1)[0, 0] - (mu0.T * inv * mu0)[0, 0]) / 2
        # θ: 'some appropriate function of φ, Σ, μ₀, μ₁' (the check's); x with x₀ = 1 (footnote 1)
        logistic = Reading({"theta": sp.Matrix([theta0] + list(w)), "x": sp.Matrix([1] + list(x))})
        outcomes.append(chain([
            printed(LOGISTIC, model, "the posterior of the model as printed", part=0),
            printed(LOGISTIC, logistic, "1/(1 + exp(−θᵀx)), θ₀ = log φ/(1−φ) − ½(μ₁ᵀΣ⁻¹μ₁ − μ₀ᵀΣ⁻¹μ₀), "
                    "(θ₁…θₙ) = Σ⁻¹(μ₁ − μ₀), x₀ = 1", part=1),
        ], "GDA-3", "000 §1.3", f"n={n}, Σ symbolic", domains={phi: probability()}))

    def residual(p):
        (X, y), queries = p
        X = S.to_mpf(X)
        model = G.gda_fit(X, y)
        theta = G.gda_logistic_theta(model)
        points = [S.to_mpf(q) for q in queries]
        bayes = G.gda_posterior(model, points)
        return max(abs(b - _sigmoid(linalg.dot(theta, [1] + q))) for b, q in zip(bayes, points))
    problems = S.gda_problems(max_features=4, max_rows=12).flatmap(
        lambda p: st.tuples(st.just(p), st.lists(S.vectors(len(p[0][0])), min_size=1, max_size=4)))
    high = sampled(ctx, problems, residual, mpmath.mpf(10) ** (-(ctx.digits - 5)), n=min(ctx.examples, 20))

    def boundary(p):  # GDA-2: p(y=1|x) = ½ exactly where θᵀx = 0, a hyperplane
        X, y = S.to_mpf(p[0]), p[1]
        model = G.gda_fit(X, y)
        theta = G.gda_logistic_theta(model)
        n = len(X[0])
        free = max(range(n), key=lambda j: abs(theta[j + 1]))  # solve θᵀ(1, x) = 0 for x_free
        x = [mpmath.mpf(j + 1) / 3 for j in range(n)]
        x[free] = -(theta[0] + sum(theta[j + 1] * x[j] for j in range(n) if j != free)) / theta[free + 1]
        return abs(G.gda_posterior(model, [x])[0] - mpmath.mpf(1) / 2)
    on_boundary = sampled(ctx, S.gda_problems(max_features=3), boundary,
                          mpmath.mpf(10) ** (-(ctx.digits - 8)), n=min(ctx.examples, 10))
    return combine(*outcomes, high, on_boundary)


DIFFERENT_BOUNDARIES = Quote("000", 753, "GDA and logistic regression will, in general, give different decision boundaries when trained on the same dataset.")


@relies_on(LR, "newton", lambda f: lambda X, y, **k: G.gda_logistic_theta(G.gda_fit([row[1:] for row in X], y)),
           "logistic regression replaced by GDA's θ")
@check("GDA-3", "GDA and logistic regression fitted to the same data give different boundaries (both logistic in "
       "form)", "000 §1.3", "identity", quotes=(DIFFERENT_BOUNDARIES, LOGISTIC))
def gda_against_logistic(ctx):
    """On drawn one-feature sets that no threshold separates, GDA's θ (from φ, μ₀, μ₁, Σ) and the
    maximum-likelihood θ of logistic regression (the reference's Newton, converged at 50 digits)
    are compared: they differ (the first such set is shown), and each is where its own
    posterior crosses ½."""
    shown, tried = None, 0
    for X, y in draw(ctx, S.gda_problems(max_features=1, max_rows=10), min(ctx.examples, 10)):
        Xm = S.to_mpf(X)
        try:
            with mpmath.workdps(ctx.digits):
                fit = LR.newton([[mpmath.mpf(1)] + row for row in Xm], y, tol=mpmath.mpf(10) ** (10 - ctx.digits),
                                 **NOTES_NEWTON)
                gda = G.gda_logistic_theta(G.gda_fit(Xm, y))
        except (ArithmeticError, ValueError):
            continue  # a separable set: logistic regression has no maximiser
        tried += 1
        theta = fit.theta
        if abs(theta[0] / theta[1] - gda[0] / gda[1]) > mpmath.mpf(10) ** -10:
            shown = (X, y, -gda[0] / gda[1], -theta[0] / theta[1])
            break
    return Outcome(shown is not None, f"{tried} non-separable sets at {ctx.digits} digits", 0.0,
                   f"x = {fmt([r[0] for r in shown[0]])}, y = {shown[1]}: GDA's boundary x = {fmt(shown[2])}, "
                   f"logistic regression's x = {fmt(shown[3])}" if shown else "the boundaries agreed on every set")


# ---- GDA-4 -----------------------------------------------------------------------------------

POISSON = Quote("000", 757, r"For example, if  $x|y=0 \sim \text{Poisson}(\lambda_0)$")
CONVERSE = Quote("000", 755, "The converse, however, is not true; i.e., p(y|x) being a logistic function does not imply p(x|y) is multivariate gaussian.")
POISSON_002 = Quote("002", 415, r"x | y = 0 &\sim \text{Poisson}(\lambda_0) \\ x | y = 1 &\sim \text{Poisson}(\lambda_1)")
POISSON_LOGISTIC_002 = Quote("002", 417, r"then $p(y = 1 | x)$ is also logistic.")


@relies_on(G, "poisson_logistic_theta", lambda f: lambda phi, lambda0, lambda1: [v * 2 for v in f(phi, lambda0, lambda1)],
           "θ doubled")
@check("GDA-4", "x|y ~ Poisson(λ_y) gives a logistic posterior, θ = (log φ/(1−φ) − λ₁ + λ₀, log λ₁/λ₀): logistic "
       "without a Gaussian p(x|y)", "000 §1.3; 002 §1.4.2", "identity",
       quotes=(POISSON, CONVERSE, POISSON_002, POISSON_LOGISTIC_002))
def poisson_logistic(ctx):
    phi, l0, l1 = sp.symbols("phi lambda0 lambda1", positive=True)
    x = sp.Symbol("x", integer=True, nonnegative=True)
    theta = [sp.log(phi / (1 - phi)) - l1 + l0, sp.log(l1 / l0)]
    logistic = 1 / (1 + sp.exp(-(theta[0] + theta[1] * x)))
    # the model as printed: Poisson(λ) the pmf λˣe^(−λ)/x! at x, Bernoulli(φ) the pmf at y
    reading = Reading({"x": sp.Symbol("⟨x⟩"), "y": sp.Symbol("⟨y⟩"), "lambda": Indexed(lambda k: (l0, l1)[int(k)]),
                       "phi": phi, "varphi": phi,
                       "Poisson": Function(lambda lam: lam ** x * sp.exp(-lam) / sp.factorial(x)),
                       "Bernoulli": Function(lambda p_: p_)})  # p(y = 1)
    read = {key: form_of(quote, reading, statement=statement, part=part)
            for key, (quote, statement, part) in _POISSON_MODEL.items()}
    values = {key: value_of(f) for key, f in read.items()}
    outcomes = []
    if values["000 y=0"] is not None and values["000 y=1"] is not None:
        pmf = (values["000 y=0"], values["000 y=1"])
        posterior = pmf[1] * phi / (pmf[1] * phi + pmf[0] * (1 - phi))
        outcomes.append(chain([
            Step(posterior, "p(y=1|x) by Bayes, x|y ∼ Poisson(λ_y) as printed (line 757), p(y=1) = φ"),
            Step(logistic, "1/(1 + exp(−θᵀ(1, x))), θ = (log φ/(1−φ) − λ₁ + λ₀, log λ₁/λ₀): x! cancels"),
        ], "GDA-4", "000 §1.3", "x ∈ ℕ symbolic", domains={phi: probability()}))
    if all(values[k] is not None for k in ("002 y", "002 y=0", "002 y=1")):
        prior, pmf = values["002 y"], (values["002 y=0"], values["002 y=1"])
        model = Discrete({"x": ("x", "another x"), "y": (0, 1)},
                         lambda a: (prior if a["y"] else 1 - prior) * (pmf[a["y"]] if a["x"] == "x" else 1 - pmf[a["y"]]),
                         {"x": "x"})
        outcomes.append(chain([
            printed(POISSON_LOGISTIC_002, Reading({"p": model.p(), "x": model.marker("x"), "y": model.marker("y")}),
                    "p(y = 1|x) of the model of line 415, by the definition of a conditional"),
            Step(logistic, "logistic in x, θ = (log φ/(1−φ) − λ₁ + λ₀, log λ₁/λ₀)"),
        ], "GDA-4", "002 §1.4.2", "x ∈ ℕ symbolic", domains={phi: probability()}))

    @st.composite
    def problems(draw_):
        return (draw_(S.probability_vectors(2))[1], draw_(S.positive_rationals()),
                draw_(S.positive_rationals()), draw_(st.integers(0, 30)))

    def residual(p):
        phi_, lam0, lam1, xx = p
        phi_, lam0, lam1 = S.to_mpf([phi_, lam0, lam1])
        theta_ = G.poisson_logistic_theta(phi_, lam0, lam1)
        return abs(G.poisson_posterior(xx, phi_, lam0, lam1) - _sigmoid(theta_[0] + theta_[1] * xx))
    high = sampled(ctx, problems(), residual, mpmath.mpf(10) ** (-(ctx.digits - 5)))
    return with_forms(combine(*outcomes, high), *read.values())


_POISSON_MODEL = {  # (quote, statement, part): the model's lines, x | y = c ∼ Poisson(λ_c)
    "000 y=0": (Quote("000", 757, r"$x|y=0 \sim \text{Poisson}(\lambda_0)$"), 1, 2),
    "000 y=1": (Quote("000", 757, r"$x|y=1 \sim \text{Poisson}(\lambda_1)$"), 1, 2),
    "002 y": (Quote("002", 415, r"y &\sim \text{Bernoulli}(\varphi)"), 0, 1),
    "002 y=0": (Quote("002", 415, r"x | y = 0 &\sim \text{Poisson}(\lambda_0)"), 1, 2),
    "002 y=1": (Quote("002", 415, r"x | y = 1 &\sim \text{Poisson}(\lambda_1)"), 1, 2),
}


# ---- printed claims no check decides ----------------------------------------------------------

for _line, _text, _reason, _id in (
        (628, "logistic regression modeled  $p(y|x;\\theta)$  as  $h_{\\theta}(x) = g(\\theta^T x)$",
         "a summary of Part II (h_θ(x) = g(θᵀx) is the probability p(y = 1|x; θ), checked by the LG rows)", "GEN-1"),
        (630, "an algorithm like logistic regression or the perceptron algorithm (basically) tries to find a straight line",
         "a description of discriminative learning, no formula", "GEN-1"),
        (634, "are called **discriminative** learning algorithms", "a definition (a name for a class of algorithms)", "GEN-1"),
        (636, "After modeling p(y) (called the class priors) and p(x|y), our algorithm", "a definition (class priors)", "GEN-1"),
        (697, "by varying  $\\mu$ , we can also move the mean of the density around",
         "a figure absent from this copy (the mean is μ, checked in MVN-1)", "MVN-1"),
        (701, r"The figures above were generated using  $\Sigma = I$ , and respectively",
         "the caption of figures absent from this copy (that the covariance is Σ is checked in MVN-1)", "MVN-1"),
        (703, r"\mu = \begin{bmatrix} 1 \\ 0 \end{bmatrix}; \quad \mu = \begin{bmatrix} -0.5 \\ 0 \end{bmatrix}",
         "the means of figures absent from this copy (that the mean is μ is checked in MVN-1)", "MVN-1"),
        (722, "this model is usually applied using only one covariance matrix", "a modelling choice (the model checked shares Σ)", "GDA-1"),
        (737, "Pictorially, what the algorithm is doing can be seen in as follows:", "a figure absent from this copy", "GDA-1"),
        (741, "Note that the two Gaussians have contours that are the same shape and orientation, since they share a covariance matrix",
         "a figure absent from this copy; the contour shape depends on Σ alone, shared by construction", "GDA-2"),
        (755, "then GDA is asymptotically efficient",
         "a statistical efficiency result cited without proof (asymptotic, over all estimators)", "GDA-3"),
        (755, "and more generally, even for small training set sizes, we would generally expect GDA to better",
         "an expectation about finite samples, not a statement a check can decide", "GDA-3"),
        (757, "logistic regression is also more *robust* and less sensitive to incorrect modeling assumptions",
         "an opinion on robustness", "GDA-4"),
        (759, "GDA makes stronger modeling assumptions, and is more data efficient", "a summary and an opinion", "GDA-3"),
        (763, "almost always do better than GDA. For this reason, in practice logistic regression is used more often than GDA.",
         "an opinion on practice", "GDA-3"),
        ):
    unchecked(Quote("000", _line, _text), _reason, _id)

for _line, _text, _reason, _id in (
        (353, "A **discriminative learning algorithm** (e.g. logistic regression) learns $p(y | x)$",
         "a definition", "GEN-1"),
        (355, r"h_\theta = \begin{cases} 0 \\ 1 \end{cases}", "garbled in this copy: the classifier's two values", "GEN-1"),
        (405, r"L(\theta) = \prod_{i=1}^m p(y^{(i)} | x^{(i)}; \theta)",
         "Part II's conditional likelihood (the logistic-regression rows check it)", "GEN-1"),
        (411, "This means that the GDA has stronger assumptions and thus it does better (if the assumptions hold).",
         "an opinion (the implication GDA ⇒ logistic is checked in GDA-3)", "GDA-3"),
        (419, "This means that logistic regression works fine for Gaussian and Poisson data.", "an opinion", "GDA-4"),
        (421, "GDA is also more computationally efficient.", "a claim about cost that depends on the fitting method; "
         "no cost model is printed", "GDA-1"),
        ):
    unchecked(Quote("002", _line, _text), _reason, _id)
