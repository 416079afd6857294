"""Part IV checks, §1 and the introduction: Bayes' rule, the multivariate normal, GDA and its
logistic posterior, and Poisson class-conditionals (000 Part IV intro, §1.1-1.3; 002 §1.4,
§1.4.1-1.4.2)."""
from fractions import Fraction

import mpmath
import sympy as sp
from hypothesis import strategies as st
from mpmath.calculus.quadrature import GaussLegendre

from cs229.reference import generative as G
from cs229.reference import linalg

from .. import strategies as S
from ..checking import exact, Step, chain, combine, draw, fmt, sampled
from ..registry import Erratum, Outcome, check


_exact_points = exact



def _sigmoid(z):
    return 1 / (1 + mpmath.exp(-z))


# ---- GEN-1 -----------------------------------------------------------------------------------

@check("GEN-1", "p(y=1|x) = p(x|y=1)p(y=1)/p(x), p(x) = Σ_y p(x|y)p(y)", "000 Part IV intro; 002 §1.4",
       "derivation")
def bayes_rule(ctx):
    L0, L1 = sp.symbols("L0 L1", positive=True)  # p(x|y=0), p(x|y=1)
    phi = sp.Symbol("phi", positive=True)  # p(y=1)
    joint = {0: L0 * (1 - phi), 1: L1 * phi}  # p(x, y) = p(x|y) p(y)
    p_x = joint[0] + joint[1]  # marginalising y out of p(x, y)
    symbolic = chain([
        Step(joint[1] / p_x, "definition of p(y=1|x) = p(x, y=1)/p(x)"),
        Step(L1 * phi / p_x, "Bayes' rule, p(x, y) = p(x|y)p(y)"),
        Step(L1 * phi / (L1 * phi + L0 * (1 - phi)), "p(x) = p(x|y=1)p(y=1) + p(x|y=0)p(y=0)"),
    ], "GEN-1", "000 Part IV intro", "two classes")

    def holds(p):
        likelihoods, priors = p
        post = G.bayes_posterior(likelihoods, priors)
        p_x = G.evidence(likelihoods, priors)
        return sum(post) == 1 and all(q == l * r / p_x for q, l, r in zip(post, likelihoods, priors))
    k_classes = st.integers(2, 4).flatmap(lambda k: st.tuples(
        st.lists(S.positive_rationals(), min_size=k, max_size=k), S.probability_vectors(k)))
    return combine(symbolic, _exact_points(ctx, k_classes, holds))


@check("GEN-1", "argmax_y p(y|x) = argmax_y p(x|y)p(y): the denominator is not needed",
       "000 Part IV intro; 002 §1.4.1", "identity")
def argmax_without_denominator(ctx):
    k_classes = st.integers(2, 4).flatmap(lambda k: st.tuples(
        st.lists(S.rationals(0, 3, 6), min_size=k, max_size=k).filter(lambda v: any(v)),
        S.probability_vectors(k)))

    def same(p):
        likelihoods, priors = p
        post = G.bayes_posterior(likelihoods, priors)
        first_max = max(range(len(post)), key=lambda y: (post[y], -y))
        return G.bayes_argmax(likelihoods, priors) == first_max
    exact = _exact_points(ctx, k_classes, same)

    def log_space(p):  # the log-space posterior (what the classifiers use) is Bayes' rule
        likelihoods, priors = p
        post = G.bayes_posterior(likelihoods, priors)
        joint = [mpmath.log(S.to_mpf(a) * S.to_mpf(b)) if a * b else mpmath.ninf
                 for a, b in zip(likelihoods, priors)]
        logs = G.log_posterior(joint)
        return max(abs((mpmath.exp(v) if v != mpmath.ninf else 0) - S.to_mpf(q)) for v, q in zip(logs, post))
    high = sampled(ctx, k_classes, log_space, mpmath.mpf(10) ** (-(ctx.digits - 5)))
    return combine(exact, high)


# ---- MVN-1 -----------------------------------------------------------------------------------

@check("MVN-1", "Cov(Z) = E[(Z−E[Z])(Z−E[Z])ᵀ] = E[ZZᵀ] − (E[Z])(E[Z])ᵀ", "000 §1.1", "identity")
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
    symbolic = chain([Step(first, "Cov(Z) = E[(Z − E[Z])(Z − E[Z])ᵀ]"),
                      Step(second - mean * mean.T, "= E[ZZᵀ] − (E[Z])(E[Z])ᵀ")],
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


def _gauss_legendre(R, panels, degree):
    base = GaussLegendre(mpmath.mp).calc_nodes(degree, mpmath.mp.prec)
    h = mpmath.mpf(2 * R) / panels
    return [(-R + k * h + (x + 1) * h / 2, w * h / 2) for k in range(panels) for x, w in base]


@check("MVN-1", "the density integrates to 1, E[X] = μ, Cov(X) = Σ (1-D and 2-D)", "000 §1.1",
       "identity")
def density_moments(ctx):
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
        return max(abs(total - 1), abs(mean - mu), abs(variance - var))
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
        return max([abs(total - 1)] + [abs(mean[j] - mu[j]) for j in range(2)]
                   + [abs(cov[j][k] - Sigma[j][k]) for j in range(2) for k in range(2)])
    n2 = 1
    second = sampled(ctx, two_d(), residual_2d, mpmath.mpf(10) ** -14, n=n2, digits=30,
                     label="2-D: 1 point, 96² Gauss–Legendre at 30 digits")
    return combine(first, second)


@check("MVN-1", "the Cholesky log form equals the printed density (2π)^(−n/2)|Σ|^(−1/2)exp(…)",
       "000 §1.1", "identity")
def log_form(ctx):
    @st.composite
    def problems(draw_):
        n = draw_(st.integers(1, 4))
        return draw_(S.vectors(n)), draw_(S.vectors(n)), draw_(S.spd_matrices(n))

    def residual(p):
        x, mu, Sigma = S.to_mpf(p)
        n = len(x)
        d = [a - b for a, b in zip(x, mu)]
        printed = (mpmath.exp(-linalg.dot(d, linalg.solve(Sigma, d)) / 2)
                   / ((2 * mpmath.pi) ** (mpmath.mpf(n) / 2) * mpmath.sqrt(linalg.determinant(Sigma))))
        return abs(G.mvn_density(x, mu, Sigma) / printed - 1)
    return sampled(ctx, problems(), residual, mpmath.mpf(10) ** (-(ctx.digits - 5)))


@check("MVN-1", "the density needs Σ positive definite, not only positive semi-definite",
       "000 §1.1", "identity")
def density_needs_definite(ctx):
    @st.composite
    def pairs(draw_):
        # Σ = BBᵀ with B n×(n−1) is PSD and singular; adding a positive diagonal makes it PD
        n = draw_(st.integers(2, 3))
        B = draw_(st.lists(st.lists(S.rationals(-2, 2, 4), min_size=n - 1, max_size=n - 1)
                           .filter(any), min_size=n, max_size=n))
        singular = [[sum(B[i][k] * B[j][k] for k in range(n - 1)) for j in range(n)] for i in range(n)]
        D = draw_(st.lists(S.positive_rationals(Fraction(1, 2), 2, 4), min_size=n, max_size=n))
        definite = [[singular[i][j] + (D[i] if i == j else 0) for j in range(n)] for i in range(n)]
        return singular, definite, draw_(S.vectors(n))

    one = Fraction(1)
    simplest = ([[one, one], [one, one]], [[2 * one, one], [one, 2 * one]], [one, -one])
    points = [simplest] + draw(ctx, pairs(), min(ctx.examples, 10))
    witness, failures, worst = None, [], mpmath.mpf(0)
    with mpmath.workdps(ctx.digits):
        for singular, definite, x in points:
            # as printed, (2π)^(n/2)|Σ|^(1/2) is the normaliser: |Σ| = 0 leaves no density
            try:
                G.check_covariance(singular)
                refused = None
            except linalg.SingularMatrixError as e:
                refused = e
            if witness is None and linalg.determinant(singular) == 0 and refused is not None:
                witness = (singular, refused)
            # corrected: for Σ ≻ 0 the printed formula holds (against the Cholesky log form)
            A, xm = S.to_mpf(definite), S.to_mpf(x)
            n = len(xm)
            printed = (mpmath.exp(-linalg.dot(xm, linalg.solve(A, xm)) / 2)
                       / ((2 * mpmath.pi) ** (mpmath.mpf(n) / 2) * mpmath.sqrt(linalg.determinant(A))))
            worst = max(worst, abs(G.mvn_density(xm, [mpmath.mpf(0)] * n, A) / printed - 1))
    # the covariances the notes plot (000 §1.1) are all valid: symmetric positive definite
    printed_examples = [[[1, 0], [0, 1]], [[Fraction(3, 5), 0], [0, Fraction(3, 5)]], [[2, 0], [0, 2]],
                        [[1, Fraction(1, 2)], [Fraction(1, 2), 1]], [[1, Fraction(4, 5)], [Fraction(4, 5), 1]],
                        [[1, -Fraction(1, 2)], [-Fraction(1, 2), 1]], [[1, -Fraction(4, 5)], [-Fraction(4, 5), 1]],
                        [[3, Fraction(4, 5)], [Fraction(4, 5), 1]]]
    for example in printed_examples:
        try:
            G.check_covariance(example)
        except ValueError as e:
            failures.append(f"the notes' Σ = {fmt(example)} is refused: {e}")
    if witness is None:
        failures.append("no singular PSD Σ was refused: the printed condition was not shown false")
    if worst > mpmath.mpf(10) ** (-(ctx.digits - 5)):
        failures.append(f"the density formula fails for a positive definite Σ: {fmt(worst)}")
    errata = ()
    if witness is not None:
        singular, refused = witness
        errata = (Erratum(
            "MVN-1", "000 §1.1",
            "N(μ, Σ) with Σ ≥ 0 (symmetric positive semi-definite) has density "
            "(2π)^(−n/2) |Σ|^(−1/2) exp(−½ (x−μ)ᵀ Σ⁻¹ (x−μ))",
            "the density exists only for Σ ≻ 0 (symmetric positive definite); a singular PSD Σ "
            "gives a degenerate Gaussian on a subspace, which has no density",
            f"Σ = {fmt(singular)} is symmetric PSD (Σ = BBᵀ) with |Σ| = 0: Σ⁻¹ does not exist and the "
            f"normaliser is 0 ({refused})"),)
    return Outcome(not failures, f"{len(points)} points, exact and at {ctx.digits} digits", float(worst),
                   "; ".join(failures), errata)


# ---- GDA-1 -----------------------------------------------------------------------------------

def _normal_1d(x, mu, s2):
    return sp.exp(-(x - mu) ** 2 / (2 * s2)) / sp.sqrt(2 * sp.pi * s2)


@check("GDA-1", "ℓ = log Π p(x,y) = log Π p(x|y)p(y) (000) and L = Π p(x,y) = Π p(x|y)p(y) (002)",
       "000 §1.2; 002 §1.4.1", "derivation")
def gda_likelihood_chain(ctx):
    phi = sp.Symbol("phi", positive=True)
    mu0, mu1 = sp.symbols("mu0 mu1", real=True)
    s2 = sp.Symbol("Sigma", positive=True)
    x = sp.symbols("x1:4", real=True)
    y = (0, 1, 1)
    # the model's joint density p(x, y) = φʸ(1−φ)¹⁻ʸ N(x; μ_y, Σ), written without conditionals
    joint = [phi ** c * (1 - phi) ** (1 - c)
             * sp.exp(-(xi - (mu1 if c else mu0)) ** 2 / (2 * s2)) / sp.sqrt(2 * sp.pi * s2)
             for xi, c in zip(x, y)]
    conditional = [_normal_1d(xi, mu0, s2) ** (1 - c) * _normal_1d(xi, mu1, s2) ** c for xi, c in zip(x, y)]
    prior = [phi ** c * (1 - phi) ** (1 - c) for c in y]
    log_product = lambda terms: sp.expand_log(sp.log(sp.Mul(*terms)), force=True)  # noqa: E731
    page_000 = chain([
        Step(log_product(joint), "ℓ = log Πᵢ p(x⁽ⁱ⁾, y⁽ⁱ⁾)"),
        Step(log_product([c * p for c, p in zip(conditional, prior)]), "p(x, y) = p(x|y) p(y)"),
    ], "GDA-1", "000 §1.2", "m=3, n=1")
    page_002 = chain([
        Step(sp.Mul(*joint), "L = Πᵢ p(x⁽ⁱ⁾, y⁽ⁱ⁾)"),
        Step(sp.Mul(*[c * p for c, p in zip(conditional, prior)]), "= Πᵢ p(x⁽ⁱ⁾|y⁽ⁱ⁾) p(y⁽ⁱ⁾)"),
    ], "GDA-1", "002 §1.4.1", "m=3, n=1")

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
    return combine(page_000, page_002, high)


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


def _directions(n):
    yield "phi", None
    for j in range(n):
        yield "mu0", j
        yield "mu1", j
    for j in range(n):
        for k in range(j + 1):
            yield "Sigma", (j, k)


@check("GDA-1", "the MLE φ, μ₀, μ₁, Σ zero the gradient of ℓ and maximise it", "000 §1.2", "optimality")
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


@check("GDA-1", "the estimates are the printed rationals; 002's φ = Σy/m = Σ1{y=1}/m", "000 §1.2; 002 §1.4.1",
       "identity")
def gda_estimates_exact(ctx):
    def holds(p):
        X, y = p
        m, n = len(X), len(X[0])
        model = G.gda_fit(X, y)
        ones = [i for i in range(m) if y[i] == 1]
        zeros = [i for i in range(m) if y[i] == 0]
        mu0 = [sum(X[i][j] for i in zeros) / len(zeros) for j in range(n)]
        mu1 = [sum(X[i][j] for i in ones) / len(ones) for j in range(n)]
        means = [mu1 if y[i] else mu0 for i in range(m)]
        Sigma = [[sum((X[i][j] - means[i][j]) * (X[i][k] - means[i][k]) for i in range(m)) / m
                  for k in range(n)] for j in range(n)]
        phi_002 = Fraction(sum(y), m)
        return (model.phi == Fraction(len(ones), m) == phi_002 and model.mu0 == mu0 and model.mu1 == mu1
                and model.Sigma == Sigma and all(isinstance(v, Fraction) for v in model.mu0 + model.Sigma[0]))
    return _exact_points(ctx, S.gda_problems(), holds)


@check("GDA-1", "a singular Σ is refused, naming the dependent features", "000 §1.2", "identity")
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


@check("GDA-3", "p(y=1|x) = 1/(1+exp(−θᵀx)), θ = (log φ/(1−φ) − ½(μ₁ᵀΣ⁻¹μ₁ − μ₀ᵀΣ⁻¹μ₀), Σ⁻¹(μ₁−μ₀))",
       "000 §1.3 and fn 1; 002 §1.4.2", "identity")
def gda_logistic(ctx):
    outcomes = []
    for n in (1, 2):
        phi, x, mu0, mu1, Sigma = _gda_symbols(n)
        inv = Sigma.inv()
        quad = lambda mu: ((x - mu).T * inv * (x - mu))[0, 0]  # noqa: E731
        # log of p(x|y=1)φ / (p(x|y=0)(1−φ)): the shared normaliser (2π)^(n/2)|Σ|^(1/2) cancels
        log_odds = sp.log(phi) - quad(mu1) / 2 - sp.log(1 - phi) + quad(mu0) / 2
        w = inv * (mu1 - mu0)
        theta0 = sp.log(phi / (1 - phi)) - ((mu1.T * inv * mu1)[0, 0] - (mu0.T * inv * mu0)[0, 0]) / 2
        theta_x = theta0 + (w.T * x)[0, 0]
        outcomes.append(chain([
            Step(sp.expand_log(log_odds, force=True), "log of the Bayes odds"),
            Step(sp.expand_log(theta_x, force=True), "θᵀx with x₀ = 1"),
        ], "GDA-3", "000 §1.3", f"n={n}, Σ symbolic"))

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


# ---- GDA-4 -----------------------------------------------------------------------------------

@check("GDA-4", "x|y ~ Poisson(λ_y) gives a logistic posterior, θ = (log φ/(1−φ) − λ₁ + λ₀, log λ₁/λ₀)",
       "000 §1.3; 002 §1.4.2", "identity")
def poisson_logistic(ctx):
    phi, l0, l1 = sp.symbols("phi lambda0 lambda1", positive=True)
    x = sp.Symbol("x", integer=True, nonnegative=True)
    pmf = lambda lam: lam ** x * sp.exp(-lam) / sp.factorial(x)  # noqa: E731
    log_odds = sp.log(pmf(l1) * phi) - sp.log(pmf(l0) * (1 - phi))
    theta = [sp.log(phi / (1 - phi)) - l1 + l0, sp.log(l1 / l0)]
    symbolic = chain([
        Step(sp.expand_log(log_odds, force=True), "log of the Bayes odds; x! cancels"),
        Step(sp.expand_log(theta[0] + theta[1] * x, force=True), "θᵀ(1, x)"),
    ], "GDA-4", "000 §1.3", "x ∈ ℕ symbolic")

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
    return combine(symbolic, high)
