"""Part V §6 and §8 checks: the optimal-margin dual (OMC-3), b* from (11) (OMC-4), prediction
through inner products (OMC-5), the soft margin and its hinge form (SOFT-1), the soft-margin
Lagrangian, dual and KKT conditions (SOFT-2) (000 V §6, §8; 001 §11.1; 004; 002 §1.5)."""
from fractions import Fraction

import mpmath
import sympy as sp
from hypothesis import strategies as st

from cs229.reference import duality as du
from cs229.reference import linalg, smo, svm
from cs229.reference import logistic_regression as LR
from cs229.testing import strategies as S

from ..checking import as_printed, exact, relies_on, Step, chain, combine, draw, fmt, sampled
from ..notation import examples, in_order, labels_of, vector
from ..printed import defined, form_of, printed, value_of, with_forms
from ..registry import Cited, Erratum, Outcome, Quote, check, unchecked
from ..svm_reading import at, numbers, optimised_over, printed_implications, printed_relations, svm_reading
from ..symbolic import gradient_vector, solve_for, solve_linear
from .duality import GENERALIZED_LAGRANGIAN, PROBLEM_002_HALF
from ..text import Function, Indexed, Operator, Vector

M, N = 3, 2  # the sizes the symbolic chains are proved at
Y = labels_of(M)  # y⁽¹⁾ … y⁽ᵐ⁾, labels in {−1, 1}: the chains hold for any real y, the search draws ±1


def _symbols(m=M, n=N):
    """x⁽¹⁾ … x⁽ᵐ⁾, w, α₁ … αₘ and b, named as the notes name them."""
    return examples(m, n), vector("w", n), list(vector("α", m)), sp.Symbol("b", real=True)


def _domains():
    """The variables of the chains below, in the notes' order, labels drawn from {−1, 1}."""
    X, w, alpha, b = _symbols()
    return in_order(*X, Y, vector("x", N), w, b, vector("ξ", M), alpha, vector("r", M),
                    sp.Symbol("C", positive=True), labels=Y)


DOMAINS = _domains()


def _dot(u, v):
    return (u.T * v)[0, 0]


_exact_points = exact


def _one_feature_solutions(ctx, C, n, separable=None):
    """Exact SMO solutions on one-feature rational sets (SMO ends at gap 0 there)."""
    if separable is None:
        separable = True if C is None else None
    sets = S.svm_labelled_sets(min_rows=3, max_rows=7, features=1, separable=separable)
    out = []
    for X, y in draw(ctx, sets, n):
        out.append((X, y, smo.smo(X, y, C=C, tol=0, max_iterations=500)))
    return out


# ---- OMC-3 -----------------------------------------------------------------------------------

LAGRANGIAN_8 = Quote("000", 1136, r"\mathcal{L}(w, b, \alpha) = \frac{1}{2} ||w||^2 - \sum_{i=1}^{m} \alpha_i \left[ y^{(i)}(w^T x^{(i)} + b) - 1 \right]")
GRADIENT_W = Quote("000", 1145, r"\nabla_w \mathcal{L}(w, b, \alpha) = w - \sum_{i=1}^m \alpha_i y^{(i)} x^{(i)} = 0")
W_9 = Quote("000", 1149, r"w = \sum_{i=1}^{m} \alpha_i y^{(i)} x^{(i)}. \tag{9}")
DERIVATIVE_B_10 = Quote("000", 1153, r"\frac{\partial}{\partial b}\mathcal{L}(w,b,\alpha) = \sum_{i=1}^{m} \alpha_i y^{(i)} = 0")
PLUG_9_INTO_8 = Quote("000", 1156, "If we take the definition of w in Equation (9) and plug that back into the Lagrangian (Equation 8)")
SUBSTITUTED = Quote("000", 1158, r"\sum_{i=1}^{m} \alpha_i - \frac{1}{2} \sum_{i,j=1}^{m} y^{(i)} y^{(j)} \alpha_i \alpha_j (x^{(i)})^T x^{(j)} - b \sum_{i=1}^{m} \alpha_i y^{(i)}")
BY_10 = Quote("000", 1160, "But from Equation (10), the last term must be zero")
SUBSTITUTED_10 = Quote("000", 1162, r"\sum_{i=1}^{m} \alpha_i - \frac{1}{2} \sum_{i,j=1}^{m} y^{(i)} y^{(j)} \alpha_i \alpha_j (x^{(i)})^T x^{(j)}.")
DUAL_W = Quote("000", 1166, r"\max_{\alpha} W(\alpha) = \sum_{i=1}^{m} \alpha_i - \frac{1}{2} \sum_{i,j=1}^{m} y^{(i)} y^{(j)} \alpha_i \alpha_j \langle x^{(i)}, x^{(j)} \rangle")
DUAL_004 = Quote("004", 11, r"\max \quad & \sum_i \alpha_i - \frac{1}{2} \sum_i \sum_j y^{(i)} y^{(j)} \alpha_i \alpha_j \langle x^{(i)}, x^{(j)} \rangle")
W_004 = Quote("004", 15, r"w = \sum_i \alpha_i y^{(i)} x^{(i)}")
W_002 = Quote("002", 555, r"w = \sum_{i=1}^m \alpha_i y^{(i)} x^{(i)}")
SUBSTITUTED_002 = Quote("002", 569, r"\min_{w,b} \quad & \frac{1}{2} \left(\sum_{i=1}^m \alpha_i y^{(i)} x^{(i)} \right)^T \left(\sum_{j=1}^m \alpha_j y^{(j)} x^{(j)} \right)")
CONSTRAINT_002 = Quote("002", 573, r"y^{(i)} \left(\left(\sum_{j=1}^m \alpha_j y^{(j)} x^{(j)} \right)^T x^{(i)} + b \right) = y^{(i)} \left(\sum_{j=1}^m \alpha_j y^{(j)} \langle x^{(j)}, x^{(i)} \rangle + b \right) \geq 1")
MINIMISE_FIRST = Quote("000", 1141, r"we need to first minimize  $\mathcal{L}(w, b, \alpha)$  with respect to w and b (for fixed  $\alpha$ ), to get  $\theta_{\mathcal{D}}$")
DUAL_CONSTRAINTS = Quote("000", 1164, "Putting this together with the constraints  $\\alpha_i \\geq 0$  (that we always had) and the constraint (10)")
DUAL_NONNEGATIVE = Quote("000", 1167, r"s.t.  $\alpha_i \ge 0, \quad i = 1, \dots, m$")
DUAL_BALANCE = Quote("000", 1169, r"\sum_{i=1}^{m} \alpha_i y^{(i)} = 0,")
BACK_TO_W = Quote("000", 1173, "then we can use Equation (9) to go back and find the optimal w's as a function of the")
SOLVE_DUAL_INSTEAD = Quote("000", 1171, "Hence, we can solve the dual in lieu of solving the primal problem")


W_9_004 = W_004
OBJECTIVE_002 = PROBLEM_002_HALF
SUBSTITUTED_002_EXPANDED = Quote("002", 569, r"&= \min_{w,b} \frac{1}{2} \sum_i \sum_j \alpha_i \alpha_j y^{(i)} y^{(j)} x^{(i)T} x^{(j)}")
SUBSTITUTED_002_INNER = Quote("002", 569, r"&= \min_{w,b} \frac{1}{2} \sum_i \sum_j \alpha_i \alpha_j y^{(i)} y^{(j)} \langle x^{(i)}, x^{(j)} \rangle")


def _reading(**more):
    """The training set x⁽¹⁾ … x⁽ᵐ⁾ (m = 3, n = 2) with labels y⁽ⁱ⁾, w, b, αᵢ, ξᵢ, rᵢ, C and a new input
    x, as Part V prints them; max and min read by what they optimise."""
    X, w, alpha, b = _symbols()
    return svm_reading(X, Y, x=vector("x", N), w=w, b=b, alpha=alpha, xi=list(vector("ξ", M)),
                       r=list(vector("r", M)), C=sp.Symbol("C", positive=True),
                       max=Operator(lambda v: v), min=Operator(lambda v: v), **more)


def _lagrangian_8(reading):
    """``reading`` with L(w, b, α) as (8) prints it (line 1136)."""
    return defined(reading, "cal L", LAGRANGIAN_8, ("w", "b", "alpha"))


@check("OMC-3", "∇_w L = w − Σαᵢy⁽ⁱ⁾x⁽ⁱ⁾ (9) and ∂L/∂b (10) from the Lagrangian (8)", "000 V §6",
       "derivation", quotes=(LAGRANGIAN_8, GRADIENT_W, W_9, DERIVATIVE_B_10, W_004, W_002, MINIMISE_FIRST))
def stationarity(ctx):
    """∇_w and ∂/∂b of (8) as printed, against the printed right sides; w solved from ∇_w L = 0 against
    (9) and its copies in 004 and 002."""
    X, w, alpha, b = _symbols()
    reading = _reading()
    with_L = _lagrangian_8(reading)
    outcomes = []
    gradient = printed(GRADIENT_W, reading, "w − Σαᵢy⁽ⁱ⁾x⁽ⁱ⁾", part=1)
    outcomes.append(chain([printed(GRADIENT_W, with_L, "∇_w of (8)", part=0), gradient],
                          "OMC-3", "000 V §6 (9)", f"m={M}, n={N}, y⁽ⁱ⁾ ∈ {{−1, 1}}", domains=DOMAINS))
    solved = solve_linear(list(gradient.expr), w) if gradient.expr is not None else []
    outcomes.append(chain([
        Step(w.subs(solved[0]) if len(solved) == 1 else None, "w from ∇_w L = 0 (line 1145)"),
        printed(W_9, reading, "(9)", part=1),
        printed(W_004, reading, "004's w", part=1),
        printed(W_002, reading, "002's w", part=1),
    ], "OMC-3", "000 V §6 (9); 004; 002 §1.5.1", f"m={M}, n={N}, y⁽ⁱ⁾ ∈ {{−1, 1}}", domains=DOMAINS))
    y = Y
    balance = sum(a * t for a, t in zip(alpha, y))
    outcomes.append(chain([
        printed(DERIVATIVE_B_10, with_L, "∂/∂b of (8)", part=0),
        printed(DERIVATIVE_B_10, reading, "(10) as printed", part=1, corrected=-balance,
                printed="∂L(w, b, α)/∂b = Σᵢ αᵢy⁽ⁱ⁾ = 0  (10)",
                fixed="∂L(w, b, α)/∂b = −Σᵢ αᵢy⁽ⁱ⁾ = 0 (the constraint Σ αᵢy⁽ⁱ⁾ = 0 is unchanged)"),
    ], "OMC-3", "000 V §6 (10)", f"m={M}, y⁽ⁱ⁾ ∈ {{−1, 1}}", domains=DOMAINS))
    return combine(*outcomes)


def _on_balance(reading):
    """``reading`` with the last αₘ fixed by the dual's constraint Σαᵢy⁽ⁱ⁾ = 0 as printed (line 1169),
    and the Form of that constraint."""
    constraint = form_of(DUAL_BALANCE, reading, part=0)
    alpha = list(reading.names["alpha"].values)
    total = value_of(constraint)
    solved = solve_for(total, alpha[-1]) if total is not None else []
    if len(solved) != 1:
        return None, constraint
    return reading.bind(alpha=Vector(tuple(alpha[:-1] + [solved[0]]), first=1)), constraint


@check("OMC-3", "plugging (9) into (8): Σα − ½ΣΣyyααxᵀx − bΣαy, then (10) gives W(α)", "000 V §6",
       "derivation", quotes=(PLUG_9_INTO_8, SUBSTITUTED, BY_10, SUBSTITUTED_10, DUAL_W, DUAL_004, DUAL_CONSTRAINTS,
                             DUAL_NONNEGATIVE, DUAL_BALANCE))
def substitution(ctx):
    reading = _reading()
    from_9 = defined(reading, "w", W_9, part=1)
    outcomes = [chain([
        printed(LAGRANGIAN_8, from_9, "(8) with w from (9)", part=1),
        printed(SUBSTITUTED, reading, "simplify"),
    ], "OMC-3", "000 V §6", f"m={M}, n={N}, y⁽ⁱ⁾ ∈ {{−1, 1}}", domains=DOMAINS)]
    # (10): the last α is fixed by the others; the b term vanishes
    balanced, constraint = _on_balance(reading)
    if balanced is None:
        outcomes.append(with_forms(Outcome(False, "symbolic", 0.0, "Σαᵢy⁽ⁱ⁾ = 0 (line 1169) does not fix αₘ"),
                                   constraint))
    else:
        outcomes.append(with_forms(chain([
            printed(SUBSTITUTED, balanced, "with Σαᵢy⁽ⁱ⁾ = 0 (line 1169)"),
            printed(SUBSTITUTED_10, balanced, "the last term is zero"),
            printed(DUAL_W, balanced, "W(α), ⟨x⁽ⁱ⁾, x⁽ʲ⁾⟩ for (x⁽ⁱ⁾)ᵀx⁽ʲ⁾", part=1),
            printed(DUAL_004, balanced, "004's dual objective"),
        ], "OMC-3", "000 V §6; 004", f"m={M}, n={N}, y⁽ⁱ⁾ ∈ {{−1, 1}}", domains=DOMAINS), constraint))
    return combine(*outcomes)


# The corrected unknowns of 002 §1.5.1's problem once w = Σαᵢy⁽ⁱ⁾x⁽ⁱ⁾ is substituted.
CORRECTED_VARIABLES_002 = ("alpha", "b")
_SHOWN = {"alpha": "α", "gamma": "γ", "xi": "ξ", "w": "w", "b": "b", "hat gamma": "γ̂"}


def _shown_names(names):
    return ",".join(_SHOWN.get(n, n) for n in names)


@check("OMC-3", "002's substitution: ½‖Σαyx‖² = ½ΣΣ ααyy⟨x⁽ⁱ⁾, x⁽ʲ⁾⟩, a problem in α and b (002 keeps "
       "min over w, b)", "002 §1.5.1", "derivation",
       quotes=(W_002, OBJECTIVE_002, SUBSTITUTED_002, SUBSTITUTED_002_EXPANDED, SUBSTITUTED_002_INNER, CONSTRAINT_002))
def substitution_002(ctx):
    """The chain of 002 §1.5.1 holds; but once w = Σαᵢy⁽ⁱ⁾x⁽ⁱ⁾ is substituted the objective and the
    constraints are functions of α and b, and no w is left to minimise over: the printed
    min_{w,b} leaves α free, and its value moves with α (twice the optimal α gives four times
    the optimum ½‖w*‖², and stays feasible with 2b*)."""
    X, w, alpha, b = _symbols()
    reading = _reading()
    from_555 = defined(reading, "w", W_002, part=1)
    first = printed(SUBSTITUTED_002, reading, "½(Σαyx)ᵀ(Σαyx)")
    outcomes = [chain([
        printed(OBJECTIVE_002, from_555, "½‖w‖² with w = Σαyx (line 555)"),
        first,
        printed(SUBSTITUTED_002_EXPANDED, reading, "expand"),
        printed(SUBSTITUTED_002_INNER, reading, "⟨x⁽ⁱ⁾, x⁽ʲ⁾⟩ for x⁽ⁱ⁾ᵀx⁽ʲ⁾"),
    ], "OMC-3", "002 §1.5.1", f"m={M}, n={N}, y⁽ⁱ⁾ ∈ {{−1, 1}}", domains=DOMAINS)]
    constraints = []
    for i in range(1, M + 1):
        at_i = reading.bind(i=sp.Integer(i))
        outcomes.append(chain([printed(CONSTRAINT_002, at_i, f"y⁽{i}⁾(wᵀx⁽{i}⁾ + b), w = Σαyx", part=0),
                               printed(CONSTRAINT_002, at_i, "with ⟨x⁽ʲ⁾, x⁽ⁱ⁾⟩", part=1)],
                              "OMC-3", "002 §1.5.1", f"m={M}, n={N}, i = {i}", domains=DOMAINS))
        constraints.append(outcomes[-1])
    objective = first.expr
    read_variables = optimised_over(first.form.variants[0].tex) if first.form.variants else ()
    names = {"w": set(w), "b": {b}, "alpha": set(alpha)}
    constraint_values = [value_of(form_of(CONSTRAINT_002, reading.bind(i=sp.Integer(i)), part=1)) for i in range(1, M + 1)]
    errata = ()
    if objective is not None and all(v is not None for v in constraint_values):
        data = set().union(*[x.free_symbols for x in X]) | set(Y)
        used = set().union(objective.free_symbols, *[c.free_symbols for c in constraint_values]) - data
        variables = as_printed(read_variables, CORRECTED_VARIABLES_002, key="min over w, b (002)")
        free = used - set().union(*[names.get(v, set()) for v in variables])
        if free:
            X1, y1 = draw(ctx, S.svm_labelled_sets(min_rows=3, max_rows=5, features=1, separable=True), 1)[0]
            fit = smo.smo(X1, y1, C=None, tol=0, max_iterations=500)
            value = lambda a: sum(a) - svm.dual_objective(X1, y1, a)  # noqa: E731  (½ΣΣααyy⟨x, x⟩ = Σα − W(α))
            twice = [2 * a for a in fit.alpha]
            errata = (Erratum(
                "OMC-3", "002 §1.5.1",
                f"min_{{{_shown_names(read_variables)}}} ½ΣᵢΣⱼ αᵢαⱼy⁽ⁱ⁾y⁽ʲ⁾⟨x⁽ⁱ⁾, x⁽ʲ⁾⟩ s.t. "
                "y⁽ⁱ⁾(Σⱼαⱼy⁽ʲ⁾⟨x⁽ʲ⁾, x⁽ⁱ⁾⟩ + b) ≥ 1",
                "min_{α,b} ½ΣᵢΣⱼ αᵢαⱼy⁽ⁱ⁾y⁽ʲ⁾⟨x⁽ⁱ⁾, x⁽ʲ⁾⟩ s.t. … : after w = Σαᵢy⁽ⁱ⁾x⁽ⁱ⁾ the unknowns are α and b",
                f"no w is left in the problem and {', '.join(sorted(map(str, free)))} are not minimised over: on "
                f"x = {fmt([x[0] for x in X1])}, y = {y1}, the optimal α = {fmt(fit.alpha)} gives {value(fit.alpha)} "
                f"and α = {fmt(twice)} (feasible with b = {2 * fit.b}) gives {value(twice)}", quote=SUBSTITUTED_002),)
    return combine(*outcomes, Outcome(True, "symbolic", 0.0, "", errata))


@relies_on(svm, "dual_objective", lambda f: lambda *a, **k: f(*a, **k) + 1, "W(α) raised by 1")
@check("OMC-3", "the reference's W(α) and L(w(α), b, α) are the printed (8) and W(α) exactly; W ≤ ½‖w*‖² (weak "
       "duality) with equality at the solution", "000 V §6", "optimality",
       quotes=(LAGRANGIAN_8, DUAL_W, SOLVE_DUAL_INSTEAD, BACK_TO_W))
def dual_values(ctx):
    forms = []

    def lagrangian_is_W(p):
        X, y = p
        alpha = [Fraction(k % 3 + 1, 2) for k in range(len(y))]
        pos = sum(a for a, t in zip(alpha, y) if t == 1)
        neg = sum(a for a, t in zip(alpha, y) if t == -1)
        alpha = [a * min(pos, neg) / (pos if t == 1 else neg) for a, t in zip(alpha, y)]
        w = svm.weights_from_alpha(X, y, alpha)
        W = form_of(DUAL_W, numbers(X, y, alpha=alpha), part=1)
        forms.append(W)
        for b in (Fraction(0), Fraction(-7, 3)):
            L = form_of(LAGRANGIAN_8, numbers(X, y, w=w, b=b, alpha=alpha), part=1)
            forms.append(L)
            if value_of(L) is None or value_of(W) is None or not (
                    svm.lagrangian(X, y, w, b, alpha) == value_of(L) == svm.dual_objective(X, y, alpha) == value_of(W)):
                return False
        return True
    exact_ = _exact_points(ctx, S.svm_labelled_sets(min_rows=3, max_rows=7), lagrangian_is_W,
                           n=min(ctx.examples, 20))
    solved = _one_feature_solutions(ctx, None, min(ctx.examples, 15))
    bad = []
    for X, y, fit in solved:
        w = svm.weights_from_alpha(X, y, fit.alpha)
        if not fit.objective == sum(v * v for v in w) / 2:
            bad.append((X, y))
    strong = Outcome(not bad, f"{len(solved)} hard-margin solutions, exact", 0.0,
                     f"W(α*) ≠ ½‖w*‖² at {fmt(bad[0])}" if bad else "")
    return with_forms(combine(exact_, strong), *forms[:2])


LINEAR_COMBINATION_002 = Quote("002", 553, "Now, let us suppose that the parameter w can be written as a linear combination of the training examples")
REPRESENTER_002 = Quote("002", 557, "The **representer theorem** states that we can make this assumption without losing performance.")
GRADIENT_SPAN_002 = Quote("002", 559, "using logistic regression with gradient descent (stochastic or batch), for example, no matter how many iterations",
                          reading="from θ = 0, the usual start; gradient descent on the negative log-likelihood is the ascent of 000 §5")
SPAN_002 = Quote("002", 561, "Another intuition for this is that w lies in the span of the training examples.")


def _off_span(X, theta):
    """|θ − Xᵀc| for the c with XXᵀc = Xθ: the part of θ outside the span of the rows of X."""
    G = [[linalg.dot(a, b) for b in X] for a in X]
    c = linalg.solve(G, [linalg.dot(a, theta) for a in X])
    return max(abs(t - sum(ci * row[j] for ci, row in zip(c, X))) for j, t in enumerate(theta))


@relies_on(LR, "batch_gradient_ascent", lambda f: lambda X, y, theta, alpha, **k: _nudged(f(X, y, theta, alpha, **k)),
           "every iterate moved along (1, 1, …, 1)")
@check("OMC-3", "002: gradient ascent on logistic regression keeps θ in the span of the training examples "
       "(from θ = 0), batch and stochastic", "002 §1.5.1", "identity",
       quotes=(LINEAR_COMBINATION_002, REPRESENTER_002, GRADIENT_SPAN_002, SPAN_002, W_9))
def gradient_ascent_in_span(ctx):
    """Fewer examples than features (m = 2 rows in ℝ³, the span a plane): every iterate of the
    reference's batch and stochastic gradient ascent, at 50 digits, is Σᵢ cᵢx⁽ⁱ⁾ (each step adds
    α(y⁽ⁱ⁾ − h)x⁽ⁱ⁾)."""
    @st.composite
    def problems(draw_):
        X = draw_(st.lists(S.vectors(3), min_size=2, max_size=2).filter(
            lambda X: linalg.dot(X[0], X[0]) * linalg.dot(X[1], X[1]) != linalg.dot(X[0], X[1]) ** 2))
        return X, draw_(st.lists(st.sampled_from([0, 1]), min_size=2, max_size=2))

    def residual(p):
        X, y = S.to_mpf(p[0]), p[1]
        zero = [mpmath.mpf(0)] * 3
        batch = LR.batch_gradient_ascent(X, y, zero, mpmath.mpf(1) / 4, max_iterations=5, tol=None, record=True)
        sgd = LR.stochastic_gradient_ascent(X, y, zero, mpmath.mpf(1) / 4, epochs=3, record=True)
        return max(_off_span(X, theta) for theta in list(batch.path) + list(sgd.path))
    return sampled(ctx, problems(), residual, mpmath.mpf(10) ** (10 - ctx.digits), n=min(ctx.examples, 8))


def _nudged(result):
    path = [[t + mpmath.mpf(10) ** -20 for t in theta] for theta in result.path] if result.path else result.path
    return type(result)([t + mpmath.mpf(10) ** -20 for t in result.theta], result.iterations, result.converged, path,
                        result.extra)


# ---- OMC-4 -----------------------------------------------------------------------------------

CHECK_11 = Quote("000", 1178, "(Check for yourself that this is correct.)")
THRESHOLD_11 = Quote("000", 1175, r"b^* = -\frac{\max_{i:y^{(i)}=-1} w^{*T} x^{(i)} + \min_{i:y^{(i)}=1} w^{*T} x^{(i)}}{2}")


@relies_on(svm, "weights_from_alpha", lambda f: lambda X, y, alpha: [2 * v for v in f(X, y, alpha)], "w = 2Σαᵢy⁽ⁱ⁾x⁽ⁱ⁾")
@check("OMC-4", "b* from (11) puts the closest point of each class at functional margin 1", "000 V §6 (11)",
       "optimality", quotes=(THRESHOLD_11, CHECK_11))
def threshold_11(ctx):
    """(11) as printed, read at each exact hard-margin solution with w* = Σαᵢy⁽ⁱ⁾x⁽ⁱ⁾: every
    support vector is on the margin, the closest point of each class has margin 1, and the
    reference's b* is (11)'s."""
    solved = _one_feature_solutions(ctx, None, min(ctx.examples, 20))
    bad, forms = [], []
    for X, y, fit in solved:
        w = svm.weights_from_alpha(X, y, fit.alpha)
        scores = [sum(a * c for a, c in zip(w, x)) for x in X]
        form = form_of(THRESHOLD_11, numbers(X, y, **{"w^*T": sp.Matrix([[sp.Rational(v) for v in w]])}), part=1)
        forms.append(form)
        b = value_of(form)
        if b is None:
            bad.append((X, y))
            continue
        u = [t * (s_ + b) for s_, t in zip(scores, y)]
        on_margin = all(v == 1 for v, a in zip(u, fit.alpha) if a > 0)
        closest = min(v for v, t in zip(u, y) if t == 1) == min(v for v, t in zip(u, y) if t == -1) == 1
        if not (on_margin and closest and b == fit.b == svm.threshold_hard(X, y, fit.alpha)):
            bad.append((X, y))
    return with_forms(Outcome(not bad, f"{len(solved)} hard-margin solutions, exact", 0.0,
                              f"fails at {fmt(bad[0])}" if bad else "b* from (11) = y − wᵀx at every support vector"),
                      *forms[:1])


# ---- OMC-5 -----------------------------------------------------------------------------------

PREDICTION_12 = Quote("000", 1182, r"w^{T}x + b = \left(\sum_{i=1}^{m} \alpha_{i} y^{(i)} x^{(i)}\right)^{T} x + b \tag{12}")
PREDICTION_13 = Quote("000", 1184, r"= \sum_{i=1}^{m} \alpha_i y^{(i)} \langle x^{(i)}, x \rangle + b. \tag{13}")
PREDICTION_004 = Quote("004", 19, r"&= g\left(\sum_i \alpha_i y^{(i)} \langle x^{(i)}, x^{(j)} \rangle + b\right)")
HYPOTHESIS_004 = Quote("004", 19, r"h_{w,b}(x) &= g(w^T x + b)")
G_002 = Quote("002", 507, r"g(z) = \begin{cases} 1 & \text{if } z \geq 0 \\ -1 & \text{otherwise} \end{cases}")
ONLY_INNER_PRODUCTS = Quote("000", 1186, "we have to calculate a quantity that depends only on the inner product between x and the points in the training set")
PREDICTION_002 = Quote("002", 577, r"h_{w,b}(x) = g(w^T x + b) = g \left(\sum_{i=1}^m \alpha_i y^{(i)} \langle x^{(i)}, x \rangle + b \right)")


@check("OMC-5", "(12) = (13): wᵀx + b = Σαᵢy⁽ⁱ⁾⟨x⁽ⁱ⁾, x⟩ + b; 004 writes ⟨x⁽ⁱ⁾, x⁽ʲ⁾⟩",
       "000 V §6 (12)-(13); 004", "identity", quotes=(PREDICTION_12, PREDICTION_13, HYPOTHESIS_004, PREDICTION_004,
                                                      PREDICTION_002, ONLY_INNER_PRODUCTS))
def prediction(ctx):
    """(12) and (13) as printed; 004's and 002's h_{w,b}(x) = g(wᵀx + b) with w from 004 and 002
    (lines 15, 555) and g as 002 prints it (line 507), against the printed g(Σαᵢy⁽ⁱ⁾⟨·, ·⟩ + b)."""
    X, _, alpha, b = _symbols()
    z = vector("x", N)  # the new input x
    reading = _reading()
    outcomes = [chain([printed(PREDICTION_12, defined(reading, "w", W_9, part=1), "(12): wᵀx + b, w from (9)", part=0),
                       printed(PREDICTION_12, reading, "(12) with w from (9)", part=1),
                       printed(PREDICTION_13, reading, "(13)")],
                      "OMC-5", "000 V §6", f"m={M}, n={N}, y⁽ⁱ⁾ ∈ {{−1, 1}}", domains=DOMAINS)]
    with_g = defined(reading.bind(z=sp.Symbol("z", real=True)), "g", G_002, ("z",))
    j = 2  # 004's ⟨x⁽ⁱ⁾, x⁽ʲ⁾⟩ for a fixed j in place of the new input
    y = Y
    inner = sum(a * t * _dot(x, z) for a, t, x in zip(alpha, y, X)) + b
    g = with_g.names["g"].function
    outcomes.append(chain([
        printed(HYPOTHESIS_004, defined(with_g, "w", W_004, part=1), "g(wᵀx + b) at the new input x, w of line 15",
                part=1),
        printed(PREDICTION_004, with_g.bind(j=sp.Integer(j)), "004's prediction", corrected=g(inner),
                printed="h(x) = g(Σᵢ αᵢy⁽ⁱ⁾⟨x⁽ⁱ⁾, x⁽ʲ⁾⟩ + b)",
                fixed="h(x) = g(Σᵢ αᵢy⁽ⁱ⁾⟨x⁽ⁱ⁾, x⟩ + b), as 000 (13) and 002 print"),
    ], "OMC-5", "004", f"m={M}, n={N}, j = {j}, y⁽ⁱ⁾ ∈ {{−1, 1}}", domains=DOMAINS))
    outcomes.append(chain([
        printed(PREDICTION_002, defined(with_g, "w", W_002, part=1), "g(wᵀx + b), w of line 555", part=1),
        printed(PREDICTION_002, with_g, "g(Σαᵢy⁽ⁱ⁾⟨x⁽ⁱ⁾, x⟩ + b)", part=2),
    ], "OMC-5", "002 §1.5.1", f"m={M}, n={N}, y⁽ⁱ⁾ ∈ {{−1, 1}}", domains=DOMAINS))
    return combine(*outcomes)


PREDICT_POSITIVE = Quote("000", 1180, "We would then calculate  $w^Tx + b$ , and predict y = 1 if and only if this quantity is bigger than zero.")
G_AT_ZERO = Quote("000", 927, r"Here, g(z) = 1 if  $z \ge 0$ , and g(z) = -1 otherwise.")


@relies_on(svm, "predict", lambda f: lambda model, Z: [1 if v > 0 else -1 for v in svm.decision_function(model, Z)],
           "the strict rule of §6 for g")
@check("OMC-5", "§6 predicts 1 iff wᵀx + b > 0; §2's g(0) = 1: the two rules differ on the boundary (a convention)",
       "000 V §2, §6", "identity", quotes=(PREDICT_POSITIVE, G_AT_ZERO))
def prediction_at_boundary(ctx):
    """On an exact hard-margin solution, the midpoint of the two closest points of opposite
    classes lies on wᵀx + b = 0: the reference's prediction (g(0) = 1, as §2 defines it) says 1,
    the rule printed in §6 says −1. Off the boundary they agree."""
    shown, agree = None, True
    for X, y, fit in _one_feature_solutions(ctx, None, min(ctx.examples, 4)):
        w = svm.weights_from_alpha(X, y, fit.alpha)
        if not w[0]:
            continue
        on = [-fit.b / w[0]]
        model = fit
        g_rule = svm.predict(model, [on])[0]
        strict = 1 if w[0] * on[0] + fit.b > 0 else -1
        off = [[x[0] + 1] for x in X] + [[x[0] - 1] for x in X]
        agree &= all((1 if v > 0 else -1) == p for v, p in zip(svm.decision_function(model, off), svm.predict(model, off))
                     if v != 0)
        if shown is None and g_rule != strict:
            shown = (on[0], g_rule, strict, w[0], fit.b)
    errata = ()
    if shown is not None:
        x0, g_rule, strict, w0, b0 = shown
        errata = (Erratum("OMC-5", "000 V §6", "predict y = 1 if and only if wᵀx + b is bigger than zero",
                          "predict y = g(wᵀx + b), g(0) = 1 (§2's convention); the two differ only on the boundary",
                          f"w = {w0}, b = {b0} (an exact hard-margin solution), x = {x0}: wᵀx + b = 0, §2's g gives "
                          f"{g_rule}, the rule of §6 gives {strict}", "convention", PREDICT_POSITIVE),)
    return Outcome(agree and shown is not None, "exact hard-margin solutions", 0.0,
                   "" if agree and shown is not None else "no boundary point found, or the rules differ off it", errata)


# ---- SOFT-1 ----------------------------------------------------------------------------------

SINGLE_MINIMISATION = Quote("001", 21, "Note the problem can also be written as a single minimization without constraints:")
STRONG_001 = Quote("001", 57, r"We strong duality,  $d^* = p^*$ , and so we can solve the original problem by solving the dual (11.4).")
PRIMAL_000 = Quote("000", 1290, r"\min_{\gamma, w, b} \frac{1}{2} ||w||^2 + C \sum_{i=1}^m \xi_i")
PRIMAL_000_CONSTRAINT = Quote("000", 1291, r"y^{(i)}(w^T x^{(i)} + b) \ge 1 - \xi_i, \quad i = 1, \dots, m")
PRIMAL_000_SLACK = Quote("000", 1293, r"\xi_i \ge 0, \quad i = 1, \dots, m.")
PRIMAL_001 = Quote("001", 17, r"\min \quad & \frac{1}{2}\|w\|^2 + C \sum \xi_i")
PRIMAL_001_CONSTRAINT = Quote("001", 17, r"\text{s.t.} \quad & y^{(i)}(w^T x^{(i)} + b) \geq 1 - \xi_i")
HINGE_001 = Quote("001", 23, r"\min_w \quad \frac{1}{2}\|w\|^2 + C \sum_i \max(0, 1 - y^{(i)}(w^T x^{(i)} + b)) \tag{11.2}")
PRIMAL_002 = Quote("002", 614, r"\min_{w, b} \quad & \frac{1}{2} \|w\|^2 + c \sum_{i=1}^m \xi_i")
PRIMAL_002_SLACK = Quote("002", 616, r"where $\xi_i \geq 0$")
PRIMAL_004 = Quote("004", 131, r"y^{(i)}(w^T x + b) \geq 1 - \xi_i")
SLACK_INSIDE = Quote("001", 19, r"if  $0 < \xi \leq 1$ , it means the data point lies somewhere between the the margin and the correct side of hyperplane")
SLACK_WRONG_SIDE = Quote("001", 19, r"and if  $\xi > 1$ , it means the data point is misclassified")
THREE_CATEGORIES = Quote("001", 25, r"It either lies beyond the margin  $y^{(i)}(w^T x^{(i)} + b) > 1$ , in which case it does not contribute to the loss in (11.2)")
ON_THE_MARGIN = Quote("001", 25, r"It could lie directly on the margin  $y^{(i)}(w^T x^{(i)} + b) = 1$ , in which case it doesn't directly add to the loss, but participates in the optimization as a support vector")
SLACK_COST = Quote("000", 1295, r"if an example has functional margin  $1 - \xi_i$  (with  $\xi > 0$ ), we would pay a cost of the objective function being increased by  $C\xi_i$")
C_WEIGHTING = Quote("000", 1295, "The parameter C controls the relative weighting between the twin goals of making the  $||w||^2$  small")
C_WEIGHTING_001 = Quote("001", 27, "We are given a free parameter  $C$  that controls the relative importance of minimizing the norm of  $w$")
C_SMALL = Quote("001", 31, r"If  $C$  is close to 0, then we don't pay that much for points violating the margin constraint. We can minimize the cost function by setting  $w$  to be a small vector")
C_LARGE = Quote("001", 31, r"If  $C$  is close to  $\inf$ , then we pay a lot for points that violate the margin constraint, and we are close the hard-margin formulation")
NONZERO_ONLY_SUPPORT = Quote("001", 83, r"Again,  $\alpha_i$  is non-zero only for the support vectors.")


@relies_on(svm, "hinge_objective", lambda f: lambda X, y, w, b, C: f(X, y, w, b, C) + C / 2, "the hinge objective raised by C/2")
@check("SOFT-1", "the hinge form (11.2) is the constrained form (11.1) minimised over ξ; both have the "
       "dual's optimum", "000 V §8; 001 (11.1)-(11.2); 002 §1.5.3", "optimality",
       quotes=(PRIMAL_000_CONSTRAINT, PRIMAL_000_SLACK, PRIMAL_001, PRIMAL_001_CONSTRAINT, HINGE_001, PRIMAL_002_SLACK,
               STRONG_001, SINGLE_MINIMISATION))
def hinge_equals_constrained(ctx):
    """At drawn (X, y, w, b) with C = 2: the reference's objectives are the printed (11.1) and (11.2)
    (001 lines 17, 23) at those numbers; its slacks ξᵢ = max(0, 1 − y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)) meet the
    printed constraints (000 lines 1291, 1293), and larger slacks cost more; at exact soft-margin
    solutions the hinge objective is the dual's optimum, and moving (w, b) does not lower it."""
    forms = []

    def over_xi(p):
        (X, y), w, b, extra = p
        xi = svm.slacks(X, y, w, b)
        hinge = svm.hinge_objective(X, y, w, b, 2)
        bigger = [s + e for s, e in zip(xi, extra)]
        at_xi = numbers(X, y, w=w, b=b, xi=xi, C=2, max=Operator(lambda v: v), min=Operator(lambda v: v))
        read = [form_of(PRIMAL_001, at_xi), form_of(HINGE_001, at_xi)]
        read += [form_of(q, at_xi.bind(i=sp.Integer(i)), part=k) for i in range(1, len(y) + 1)
                 for q in (PRIMAL_000_CONSTRAINT, PRIMAL_000_SLACK) for k in (0, 1)]
        forms.extend(read[:2] + read[2:6])
        values = [value_of(f) for f in read]
        if any(v is None for v in values):
            return False
        objective, printed_hinge, sides = values[0], values[1], values[2:]
        constraints_hold = all(sides[k] >= sides[k + 1] for k in range(0, len(sides), 2))
        return (svm.soft_margin_primal(X, y, w, b, xi, 2) == hinge == objective == printed_hinge
                and svm.soft_margin_primal(X, y, w, b, bigger, 2) >= hinge and constraints_hold)
    points = S.svm_labelled_sets(min_rows=3, max_rows=7).flatmap(
        lambda p: st.tuples(st.just(p), S.vectors(2), S.rationals(),
                            st.lists(S.rationals(0, 2), min_size=len(p[1]), max_size=len(p[1]))))
    minimised = _exact_points(ctx, points, over_xi, n=min(ctx.examples, 20))
    bad, moved_bad = [], []
    solved = []
    for C in (Fraction(1), Fraction(1, 3)):
        solved += [(X, y, C, fit) for X, y, fit in _one_feature_solutions(ctx, C, min(ctx.examples, 8))]
    for X, y, C, fit in solved:
        w = svm.weights_from_alpha(X, y, fit.alpha)
        h = svm.hinge_objective(X, y, w, fit.b, C)
        if h != fit.objective:
            bad.append((X, y, C))
        for dw, db in ((Fraction(1, 7), 0), (0, Fraction(1, 5)), (Fraction(-1, 9), Fraction(1, 11))):
            if svm.hinge_objective(X, y, [w[0] + dw], fit.b + db, C) < h:
                moved_bad.append((X, y, C))
    optimum = Outcome(not bad and not moved_bad, f"{len(solved)} soft-margin solutions, exact", 0.0,
                      (f"hinge(w*, b*) ≠ W(α*) at {fmt(bad[0])}" if bad else
                       f"a nearby (w, b) has a smaller hinge objective at {fmt(moved_bad[0])}" if moved_bad
                       else "hinge(w*, b*) = ½‖w*‖² + CΣξ* = W(α*): zero duality gap"))
    return with_forms(combine(minimised, optimum), *forms[:6])


def _hinge_given_b(X, y, C, b):
    """min over w of F(w) = ½w² + CΣᵢ max(0, 1 − y⁽ⁱ⁾(wx⁽ⁱ⁾ + b)) with b held fixed (one feature),
    exactly: F is convex and piecewise quadratic between the kinks w = (1 − y⁽ⁱ⁾b)/(y⁽ⁱ⁾x⁽ⁱ⁾); on a
    piece with active set A its stationary point is CΣ_{i∈A} y⁽ⁱ⁾x⁽ⁱ⁾, so the minimum is at a kink or
    at one of these points. The value of (11.2) at that b."""
    def F(w):
        total = Fraction(0)
        for x, t in zip(X, y):
            total += max(Fraction(0), 1 - t * (w * x[0] + b))
        return w * w / 2 + C * total
    kinks = sorted({(1 - t * b) / (t * x[0]) for x, t in zip(X, y) if x[0] != 0})
    inside = [(p + q) / 2 for p, q in zip(kinks, kinks[1:])] + ([kinks[0] - 1, kinks[-1] + 1] if kinks else [Fraction(0)])
    stationary = [C * sum((t * x[0] for x, t in zip(X, y) if 1 - t * (w * x[0] + b) > 0), Fraction(0)) for w in inside]
    return min(F(w) for w in kinks + stationary)


# The soft-margin primal as each source prints it: its quote, the rest of the problem (for the
# erratum's text), the variables it must range over, and its form (slacks or hinge).
SOFT_MARGIN_MINIMA = {
    "000 V §8": (PRIMAL_000, "½‖w‖² + CΣξᵢ s.t. y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) ≥ 1 − ξᵢ, ξᵢ ≥ 0", ("xi", "w", "b"), "slacks"),
    "002 §1.5.3": (PRIMAL_002, "½‖w‖² + cΣξᵢ s.t. y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) ≥ 1 − ξᵢ, where ξᵢ ≥ 0", ("w", "b", "xi"), "slacks"),
    "001 (11.2)": (HINGE_001, "½‖w‖² + CΣᵢ max(0, 1 − y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b))  (11.2)", ("w", "b"), "hinge"),
}


@check("SOFT-1", "the soft-margin primal is a minimum over w, b and ξ: 000 minimises over γ for ξ, 002 "
       "leaves out ξ, 001's (11.2) leaves out b", "000 V §8; 002 §1.5.3; 001 (11.2)", "identity",
       quotes=(PRIMAL_000, PRIMAL_002, HINGE_001))
def soft_margin_variables(ctx):
    """For each printed form: the unknowns of its objective (read from the text) and constraints that
    the min, as printed, does not range over (its subscript, read from the text). Where there are
    any, the printed problem's value depends on them, shown on a drawn one-feature set: with ξ
    left free, ξ = 0 on non-separable data leaves no feasible (w, b) and ξᵢ = 1 allows w = 0, b = 0
    with value Cm, while the optimum p* is the dual's; with b left free, min over w at a b ≠ b* is
    above p* (an exact QP in (w, ξ))."""
    X_, w, _, b = _symbols()
    xi = list(vector("ξ", M))
    C = sp.Symbol("C", positive=True)
    names = {"w": set(w), "b": {b}, "xi": set(xi), "gamma": {sp.Symbol("γ", real=True)}}
    y = Y
    margins = [t * (_dot(w, x) + b) for t, x in zip(y, X_)]
    constraints = {"slacks": [u - 1 + s for u, s in zip(margins, xi)] + xi, "hinge": []}
    reading = _reading(c=C)
    data = set().union(*[x.free_symbols for x in X_]) | set(Y) | {C}
    unminimised, forms, read = {}, [], {}
    for source, (quote, rest, corrected, kind) in SOFT_MARGIN_MINIMA.items():
        form = form_of(quote, reading)
        forms.append(form)
        objective = value_of(form)
        if objective is None:
            continue
        printed_over = optimised_over(form.variants[0].tex)
        read[source] = printed_over
        used = set().union(objective.free_symbols, *[e.free_symbols for e in constraints[kind]]) - data
        variables = as_printed(printed_over, corrected, key=f"the variables under min ({source})")
        free = used - set().union(*[names.get(v, set()) for v in variables])
        if free:
            unminimised[source] = sorted(map(str, free))

    C_ = Fraction(1)
    X1, y1 = draw(ctx, S.svm_labelled_sets(min_rows=3, max_rows=5, features=1, separable=False), 1)[0]
    fit = smo.smo(X1, y1, C=C_, tol=0, max_iterations=500)
    p_star = fit.objective
    try:
        du.solve_optimal_margin(X1, y1)
        separable = True
    except du.NotSeparableError:
        separable = False
    off = next((b0 for b0 in (fit.b + 1, fit.b - 1, fit.b + 2, fit.b - 2) if _hinge_given_b(X1, y1, C_, b0) > p_star),
               None)
    at_b_star = _hinge_given_b(X1, y1, C_, fit.b)
    data_text = f"on x = {fmt([x[0] for x in X1])}, y = {y1}, C = {C_} (p* = {p_star} at b* = {fit.b})"
    errata = []
    for source, free in unminimised.items():
        quote, rest, corrected, kind = SOFT_MARGIN_MINIMA[source]
        if kind == "slacks":
            shown = (f"{', '.join(free)} not minimised over: {data_text}, ξ = 0 leaves no feasible (w, b) (the "
                     f"set is not separable) and ξᵢ = 1 allows w = 0, b = 0 with value {C_ * len(y1)}")
        else:
            shown = (f"{', '.join(free)} not minimised over: {data_text}, min over w at b = {off} is "
                     f"{_hinge_given_b(X1, y1, C_, off)}")
        errata.append(Erratum("SOFT-1", source, f"min_{{{_shown_names(read[source])}}} {rest}",
                              f"min_{{{_shown_names(corrected)}}} {rest}", shown, quote=quote))
    facts_hold = not separable and at_b_star == p_star and off is not None
    return with_forms(Outcome(facts_hold, "symbolic; one exact QP per b", 0.0,
                              "" if facts_hold else "the drawn set did not behave as derived", tuple(errata)), *forms)


@check("SOFT-1", "004's primal constraint reads y⁽ⁱ⁾(wᵀx + b) ≥ 1 − ξᵢ: one x for every example, where 001 "
       "(11.1) and 000 V §8 print x⁽ⁱ⁾", "004 (L1 norm soft margin); 001 (11.1); 000 V §8", "derivation",
       quotes=(PRIMAL_004, PRIMAL_001_CONSTRAINT, PRIMAL_000_CONSTRAINT))
def constraint_004(ctx):
    """Each example's constraint as 001 (11.1) prints it (line 17), against 000 V §8's (line 1291) and
    004's (line 131): the left sides y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) and the right sides 1 − ξᵢ, for i = 1 … m. 004's
    left side has x for x⁽ⁱ⁾: one point for every example. The check can fail: the corrected form
    (ours) is compared with 001's and 000's as this copy prints them."""
    X, w, _, b = _symbols()
    reading = _reading()
    y = Y
    outcomes = []
    for i in range(1, M + 1):
        at_i = reading.bind(i=sp.Integer(i))
        right = Y[i - 1] * (_dot(w, X[i - 1]) + b)
        outcomes.append(chain([
            printed(PRIMAL_001_CONSTRAINT, at_i, f"(11.1): y⁽{i}⁾(wᵀx⁽{i}⁾ + b), 001 line 17", part=0),
            printed(PRIMAL_000_CONSTRAINT, at_i, "000 V §8, line 1291", part=0),
            printed(PRIMAL_004, at_i, "004's constraint", part=0, corrected=right,
                    printed="s.t. y⁽ⁱ⁾(wᵀx + b) ≥ 1 − ξᵢ", fixed="s.t. y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) ≥ 1 − ξᵢ, i = 1, …, m"),
        ], "SOFT-1", "004 (L1 norm soft margin primal)", f"m={M}, n={N}, i = {i}, y⁽ⁱ⁾ ∈ {{−1, 1}}", domains=DOMAINS))
        outcomes.append(chain([printed(q, at_i, f"1 − ξ{i}, {q.place}", part=1)
                               for q in (PRIMAL_001_CONSTRAINT, PRIMAL_000_CONSTRAINT, PRIMAL_004)],
                              "SOFT-1", "004 (L1 norm soft margin primal)", f"i = {i}", domains=DOMAINS))
    return combine(*outcomes)


@relies_on(svm, "slacks", lambda f: lambda X, y, w, b: [max(0 * v, v - 1) for v in f(X, y, w, b)], "ξᵢ = max(0, −y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b))")
@check("SOFT-1", "0 < ξ ≤ 1: inside the margin, correct side; ξ > 1: misclassified; a point beyond the margin "
       "adds nothing to (11.2), one inside pays Cξᵢ", "001 §11.1.1; 000 V §8", "identity",
       quotes=(SLACK_INSIDE, SLACK_WRONG_SIDE, THREE_CATEGORIES, SLACK_COST, HINGE_001))
def slack_meaning(ctx):
    """The premises as printed (001 line 19: 0 < ξ ≤ 1, ξ > 1; line 25: y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) > 1), read
    from the text, at the reference's slacks of drawn (w, b): where they hold, the point is where 001
    says; and each point's term of (11.2) as printed (C = 1) is its slack: nothing beyond the margin,
    1 − y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) inside it (000 line 1295's cost Cξᵢ)."""
    xi_, C = sp.Symbol("ξ", real=True), sp.Symbol("C", positive=True)
    x_, y_sym, w_, b_ = vector("x", 2), sp.Symbol("y", real=True), vector("w", 2), sp.Symbol("b", real=True)
    one = svm_reading([x_], [y_sym], w=w_, b=b_, C=C, min=Operator(lambda v: v)).bind(xi=xi_, i=sp.Integer(1))
    inside, inside_forms = printed_relations(SLACK_INSIDE, one, parts=(0, 1))
    inside_top, top_forms = printed_relations(SLACK_INSIDE, one, parts=(1, 2))
    wrong, wrong_forms = printed_relations(SLACK_WRONG_SIDE, one)
    beyond, beyond_forms = printed_relations(THREE_CATEGORIES, one)
    hinge = form_of(HINGE_001, one)
    forms = inside_forms + top_forms + wrong_forms + beyond_forms + (hinge,)
    if not (inside and inside_top and wrong and beyond) or value_of(hinge) is None:
        return with_forms(Outcome(False, "exact", 0.0, "a premise 001 prints is not read"), *forms)
    term = (value_of(hinge) - (w_.T * w_)[0] / 2).subs(C, 1)  # the example's term of (11.2) at C = 1

    def holds(p):
        (X, y), w, b = p
        for x, t, s_ in zip(X, y, svm.slacks(X, y, w, b)):
            values = ((x_, x), (y_sym, t), (w_, w), (b_, b), (xi_, s_))
            u = at(beyond[0].left, values)
            if inside[0].holds(values) and inside_top[0].holds(values) and not 0 <= u < 1:
                return False
            if wrong[0].holds(values) and not u < 0:
                return False
            if beyond[0].holds(values) and s_ != 0:
                return False
            if at(term, values) != s_:
                return False
        return True
    points = st.tuples(S.svm_labelled_sets(min_rows=3, max_rows=8), S.vectors(2), S.rationals())
    return with_forms(_exact_points(ctx, points, holds, n=min(ctx.examples, 30)), *forms)


# 001 line 25's second category: a point on the margin, 'a support vector'. On these three points
# the optimal w = (1, 0), b = 0 puts all three on the margin, and the third has α = 0.
ON_MARGIN_NOT_SUPPORT = ([[-1, 0], [1, 0], [1, 1]], [-1, 1, 1])


@check("SOFT-1", "a point on the margin need not be a support vector (001: it 'participates in the optimization "
       "as a support vector')", "001 §11.1.1", "identity", quotes=(ON_THE_MARGIN, NONZERO_ONLY_SUPPORT))
def on_margin_support(ctx):
    """The margin premise as printed (line 25: y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) = 1) at the exact soft-margin solution
    (C = 1) of three points: every point meets it; the third has αᵢ = 0, so it is no support vector
    (001 line 83: αᵢ is non-zero only for the support vectors). The converse holds: a free αᵢ puts
    its point on the margin ((16))."""
    X, y = [[Fraction(v) for v in x] for x in ON_MARGIN_NOT_SUPPORT[0]], list(ON_MARGIN_NOT_SUPPORT[1])
    fit = smo.smo(X, y, C=Fraction(1), tol=0, max_iterations=500)
    w = svm.weights_from_alpha(X, y, fit.alpha)
    relations, forms = printed_relations(ON_THE_MARGIN, numbers(X, y, w=w, b=fit.b).bind(i=sp.Integer(1)))
    on_margin = []
    for i in range(1, len(y) + 1):
        rel, _ = printed_relations(ON_THE_MARGIN, numbers(X, y, w=w, b=fit.b).bind(i=sp.Integer(i)))
        on_margin.append(bool(rel) and rel[0].holds(()))
    free_on_margin = all(on_margin[i] for i, a in enumerate(fit.alpha) if 0 < a < 1)
    errata = ()
    lone = [i for i, a in enumerate(fit.alpha) if on_margin[i] and a == 0]
    if relations and as_printed(bool(lone), False, key="on the margin: a support vector"):
        i = lone[0]
        errata = (Erratum("SOFT-1", "001 §11.1.1",
                          "It could lie directly on the margin y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) = 1, in which case it … participates "
                          "in the optimization as a support vector",
                          "a support vector (αᵢ > 0) lies on or inside the margin; a point on the margin may have "
                          "αᵢ = 0 and take no part in w = Σαᵢy⁽ⁱ⁾x⁽ⁱ⁾",
                          f"x = {fmt(X)}, y = {y}, C = 1: the exact solution w = {fmt(w)}, b = {fit.b}, α = "
                          f"{fmt(fit.alpha)} puts x⁽{i + 1}⁾ = {fmt(X[i])} on the margin (y⁽{i + 1}⁾(wᵀx⁽{i + 1}⁾ + b) = 1) "
                          f"with α{i + 1} = 0", quote=relations[0].where if relations[0].changed else ON_THE_MARGIN),)
    passed = free_on_margin and max(svm.kkt_violations(X, y, fit.alpha, fit.b, Fraction(1))) == 0
    return with_forms(Outcome(passed, "exact", 0.0, "" if passed else "the example is not a KKT point", errata), *forms)


@relies_on(svm, "weights_from_alpha", lambda f: lambda X, y, alpha: [2 * v for v in f(X, y, alpha)], "w = 2Σαᵢy⁽ⁱ⁾x⁽ⁱ⁾")
@check("SOFT-1", "C → ∞ reaches the hard margin (exactly, from C = max αᵢ of the hard margin); C → 0 makes w "
       "small, ‖w‖ ≤ CΣ‖x⁽ⁱ⁾‖, and a whole class violates the margin", "000 V §8; 001 §11.1.1",
       "optimality", quotes=(C_WEIGHTING, C_WEIGHTING_001, C_SMALL, C_LARGE))
def effect_of_C(ctx):
    """On separable one-feature sets, exact SMO. Large C: the hard-margin α is feasible for the
    soft dual once C ≥ max αᵢ, and optimal there (a larger feasible set with the same optimum), so
    w and every ξᵢ = 0 agree with the hard margin for C = max αᵢ and 2 max αᵢ. Small C: w = Σαᵢy⁽ⁱ⁾x⁽ⁱ⁾
    with αᵢ ≤ C gives ‖w‖ ≤ CΣ‖x⁽ⁱ⁾‖; when ‖w‖·max|x⁽ᵖ⁾ − x⁽ⁿ⁾| < 2 no positive p and negative n can
    both have margin ≥ 1, so every example of one class (at least min(m₊, m₋)) has ξᵢ > 0."""
    bad, cases = [], 0
    for X, y, hard in _one_feature_solutions(ctx, None, min(ctx.examples, 8)):
        cases += 1
        w_hard = svm.weights_from_alpha(X, y, hard.alpha)
        top = max(hard.alpha)
        for C in (top, 2 * top):
            fit = smo.smo(X, y, C=C, tol=0, max_iterations=500)
            w = svm.weights_from_alpha(X, y, fit.alpha)
            if w != w_hard or any(svm.slacks(X, y, w, fit.b)):
                bad.append(("large C", X, y, C))
        spread = max(abs(p[0] - q[0]) for p, s in zip(X, y) if s == 1 for q, t in zip(X, y) if t == -1)
        total = sum(abs(x[0]) for x in X)
        C = 1 / (total * spread)  # then ‖w‖·spread ≤ C·total·spread = 1 < 2
        fit = smo.smo(X, y, C=C, tol=0, max_iterations=2000)
        w = svm.weights_from_alpha(X, y, fit.alpha)
        violators = sum(1 for s in svm.slacks(X, y, w, fit.b) if s > 0)
        if not (abs(w[0]) <= C * total and violators >= min(y.count(1), y.count(-1))):
            bad.append(("small C", X, y, C))
    return Outcome(not bad, f"{cases} separable sets, exact", 0.0, f"fails ({bad[0][0]}) at {fmt(bad[0][1:])}" if bad
                   else "large C: w and ξ = 0 of the hard margin; small C: ‖w‖ ≤ CΣ|x|, one class inside the margin")


# ---- SOFT-2 ----------------------------------------------------------------------------------

LAGRANGIAN_000 = Quote("000", 1299, r"= \frac{1}{2}w^T w + C\sum_{i=1}^m \xi_i - \sum_{i=1}^m \alpha_i \left[ y^{(i)}(x^T w + b) - 1 + \xi_i \right] - \sum_{i=1}^m r_i \xi_i")
LAGRANGIAN_001 = Quote("001", 49, r"\mathcal{L}(w, b, \xi, \alpha, r) = \frac{1}{2}\|w\|^2 + C \sum_i \xi_i - \sum_i \alpha_i \{y^{(i)}(w^T x^{(i)} + b) - 1 + \xi_i\} - \sum_i r_i \xi_i")
LAGRANGIAN_004 = Quote("004", 135, r"= \frac{1}{2} \|w\|^2 + C \sum_{i=1}^m \xi_i + \sum_{i=1}^m \alpha_i [y^{(i)}(w^T x^{(i)} + b) - 1 + \xi_i] - \sum_{i=1}^m r_i \xi_i")
EQUIVALENT_P_STAR = Quote("001", 51, "solving the original constrained optimization (11.1) is equivalent to computing  $p^*$")
BALANCE_118 = Quote("001", 73, r"\text{s.t.} \quad \sum_i \alpha_i y^{(i)} = 0 \quad (11.8)")
SOFT_BALANCE = Quote("000", 1306, r"\sum_{i=1}^{m} \alpha_i y^{(i)} = 0,")
P_STAR_113 = Quote("001", 53, r"p^* = \min_{w, b, \xi} \max_{\substack{\alpha \geq 0 \\ r \geq 0}} \mathcal{L}(w, b, \xi, \alpha, r) \quad (11.3)")
D_STAR_114 = Quote("001", 55, r"d^* = \max_{\substack{\alpha \geq 0 \\ r \geq 0}} \min_{w, b, \xi} \mathcal{L}(w, b, \xi, \alpha, r) \quad (11.4)")
DERIVATIVES_001 = Quote("001", 59, r"\frac{\partial \mathcal{L}}{\partial w} = \frac{\partial \mathcal{L}}{\partial b} = \frac{\partial \mathcal{L}}{\partial \xi} = 0")
STATIONARY_115 = Quote("001", 63, r"\alpha_i &= c - r_i \quad \forall i", reading="c is the C of (11.1)")
STATIONARY_W_115 = Quote("001", 63, r"w &= \sum \alpha_i y^{(i)} x^{(i)}")
STATIONARY_B_115 = Quote("001", 63, r"\sum \alpha_i y^{(i)} &= 0")
SOFT_W_004 = Quote("004", 139, r"W(\alpha) = \sum_{i=1}^m \alpha_i - \frac{1}{2} \sum_{i,j=1}^m y^{(i)} y^{(j)} \alpha_i \alpha_j \langle x^{(i)}, x^{(j)} \rangle")
PLUG_001 = Quote("001", 69, "Plugging (11.2) back into original problem (11.1), we obtain")
DUAL_117 = Quote("001", 71, r"\max_{\alpha \geq 0} \mathcal{L}(\alpha) = \sum_i \alpha_i - \frac{1}{2} \sum_{i,j} \alpha_i \alpha_j y^{(i)} y^{(j)} x^{(i)T} x^{(j)} \quad (11.7)")
BOX_119 = Quote("001", 75, r"0 \leq \alpha_i \leq c \quad \forall i \quad (11.9)", reading="c is the C of (11.1)")
DERIVATIVES_000 = Quote("000", 1301, "after setting the derivatives with respect to w and b to zero as before, substituting them back in, and simplifying, we obtain the following dual form of the problem")
MULTIPLIERS_NONNEGATIVE = Quote("000", 1301, r"(constrained to be  $\geq 0$ )")
MULTIPLIERS_SECOND_COPY = Quote("000", 1845, "(constrained to be > 0)")
SOFT_DUAL = Quote("000", 1303, r"\max_{\alpha} W(\alpha) = \sum_{i=1}^{m} \alpha_i - \frac{1}{2} \sum_{i,j=1}^{m} y^{(i)} y^{(j)} \alpha_i \alpha_j \langle x^{(i)}, x^{(j)} \rangle")
SOFT_BOX = Quote("000", 1304, r"0 \le \alpha_i \le C, \quad i = 1, \dots, m")
ONLY_CHANGE = Quote("000", 1308, r"the only change to the dual problem is that what was originally a constraint that  $0 \le \alpha_i$  has now become  $0 \le \alpha_i \le C$")
NO_LONGER_11 = Quote("000", 1308, "(Equation 11 is no longer valid)")
SOFT_DUAL_004 = Quote("004", 139, r"0 \leq \alpha_i \leq C, \quad i = 1, \dots, m")
KKT_14 = Quote("000", 1312, r"\alpha_i = 0 \implies y^{(i)}(w^T x^{(i)} + b) \ge 1")
KKT_15 = Quote("000", 1315, r"\alpha_i = C \quad \Rightarrow \quad y^{(i)}(w^T x^{(i)} + b) \le 1 \tag{15}")
KKT_16 = Quote("000", 1317, r"0 < \alpha_i < C \implies y^{(i)}(w^T x^{(i)} + b) = 1.")
KKT_116 = Quote("001", 67, r"\alpha_i \{y^{(i)}(w^T x^{(i)} + b) - 1 + \xi_i\} &= 0")
KKT_116_R = Quote("001", 67, r"r_i \xi_i &= 0")
CATEGORIES_001 = Quote("001", 81, r'\alpha_i = 0 &\Rightarrow y^{(i)}(w^T x^{(i)} + b) \geq 1 && \text{"easy"}')
HARD_001 = Quote("001", 81, r'\alpha_i = C &\Rightarrow y^{(i)}(w^T x^{(i)} + b) \leq 1 && \text{"hard"}')
MARGINAL_001 = Quote("001", 81, r'0 < \alpha_i < C &\Rightarrow y^{(i)}(w^T x^{(i)} + b) = 1 && \text{"marginally hard"}')
EASY_004 = Quote("004", 143, r"\alpha_i = 0 &\Rightarrow y^{(i)}(w^T x^{(i)} + b) \geq 1")
HARD_004 = Quote("004", 143, r"\alpha_i = C &\Rightarrow y^{(i)}(w^T x^{(i)} + b) \leq 1")
CAPPED_001 = Quote("001", 77, r"The influence of any point  $x^{(i)}$  on the the weight vector  $w$  is capped by  $C$")
SUPPORT_VECTORS_001 = Quote("001", 83, "support vectors now include not only the data points on the margin but also the data points within the margin and those on the wrong side of boundary")
KKT_MUST_HOLD = Quote("001", 65, "the dual solution also have to satisfy KKT condition")
KKT_004 = Quote("004", 143, r"0 < \alpha_i < C &\Rightarrow y^{(i)}(w^T x^{(i)} + b) = 1")


def _soft_symbols():
    X, w, alpha, b = _symbols()
    return X, w, alpha, b, list(vector("ξ", M)), list(vector("r", M)), sp.Symbol("C", positive=True)


def _only(values):
    """The one solution of a list, or None (no step to compare) when there are none or several."""
    return values[0] if len(values) == 1 else None


def _soft_lagrangian(w, b, xi, alpha, r, C, y, X, sign=-1, point=None):
    return (_dot(w, w) / 2 + C * sum(xi)
            + sign * sum(a * (t * (_dot(w, point if point is not None else x) + b) - 1 + s)
                         for a, t, x, s in zip(alpha, y, X, xi))
            - sum(q * s for q, s in zip(r, xi)))


def _with_soft_lagrangian(reading):
    """``reading`` with L as 001 prints it (line 49), a value of w, b, ξ, α, r (∂L/∂w reads its
    derivative), and c the C of (11.1) (lines 63, 75 print c)."""
    return defined(reading.bind(c=reading.names["C"]), "cal L", LAGRANGIAN_001)


@check("SOFT-2", "soft-margin Lagrangian: ∂/∂w, ∂/∂b, ∂/∂ξ give (11.5): w = Σαyx, Σαy = 0, αᵢ = C − rᵢ; "
       "the substitution gives the same W(α)", "000 V §8; 001 (11.5)-(11.7); 004", "derivation",
       quotes=(LAGRANGIAN_001, P_STAR_113, D_STAR_114, DERIVATIVES_001, STATIONARY_W_115, STATIONARY_B_115, STATIONARY_115,
               DUAL_117, BOX_119, SOFT_DUAL, SOFT_BOX, ONLY_CHANGE, SOFT_DUAL_004, SOFT_W_004, EQUIVALENT_P_STAR, BALANCE_118,
               SOFT_BALANCE))
def soft_dual(ctx):
    """001's derivatives of its L (line 59, L of line 49) set to zero, solved, against (11.5) as
    printed (line 63); L with w, r and αₘ from (11.5) and (11.8) against (11.7) (line 71), 000 V §8's
    dual (line 1303) and 004's (line 139)."""
    X, w, alpha, b, xi, r, C = _soft_symbols()
    reading = _reading()
    with_L = _with_soft_lagrangian(reading)
    outcomes, forms = [], []
    by_w = printed(DERIVATIVES_001, with_L, "∂L/∂w", part=0)
    solved = solve_linear(list(by_w.expr), w) if by_w.expr is not None else []
    outcomes.append(chain([by_w, Step(w - w.subs(solved[0]) if len(solved) == 1 else None, "w − Σαyx")],
                          "SOFT-2", "001 (11.5)", f"m={M}, n={N}", domains=DOMAINS))
    outcomes.append(chain([Step(w.subs(solved[0]) if len(solved) == 1 else None, "w from ∂L/∂w = 0"),
                           printed(STATIONARY_W_115, reading, "(11.5): w = Σαᵢy⁽ⁱ⁾x⁽ⁱ⁾", part=1)],
                          "SOFT-2", "001 (11.5)", f"m={M}, n={N}", domains=DOMAINS))
    by_b = form_of(DERIVATIVES_001, with_L, part=1)
    balance = form_of(STATIONARY_B_115, reading, part=0)
    forms += [by_b, balance]
    if value_of(by_b) is not None and value_of(balance) is not None:
        from_b, from_balance = (solve_for(value_of(f), alpha[-1]) for f in (by_b, balance))
        outcomes.append(chain([Step(from_b[0] if len(from_b) == 1 else None, "αₘ from ∂L/∂b = 0"),
                               Step(from_balance[0] if len(from_balance) == 1 else None, "αₘ from Σαᵢy⁽ⁱ⁾ = 0 (11.5)")],
                              "SOFT-2", "001 (11.5)", f"m={M}", domains=DOMAINS))
    by_xi = form_of(DERIVATIVES_001, with_L, part=2)
    forms.append(by_xi)
    for i in range(1, M + 1):
        derivative = value_of(by_xi)
        outcomes.append(chain([
            Step(_only(solve_for(derivative[i - 1], alpha[i - 1])) if derivative is not None else None, f"α{i} from ∂L/∂ξ{i} = 0"),
            printed(STATIONARY_115, reading.bind(c=C, i=sp.Integer(i)), f"(11.5): α{i} = c − r{i}", part=1),
        ], "SOFT-2", "001 (11.5)", f"i = {i}", domains=DOMAINS))
    # the dual: w, r and αₘ from (11.5) and (11.8) in L
    last = form_of(BALANCE_118, reading, part=0)
    soft_balance = (form_of(SOFT_BALANCE, reading, part=0), form_of(SOFT_BALANCE, reading, part=1))
    forms += [last, *soft_balance]
    on_balance = solve_for(value_of(last), alpha[-1]) if value_of(last) is not None else []
    on_000 = solve_for(sp.Eq(*map(value_of, soft_balance)), alpha[-1]) \
        if all(value_of(f) is not None for f in soft_balance) else []
    outcomes.append(chain([Step(on_balance[0] if len(on_balance) == 1 else None, "αₘ from (11.8)"),
                           Step(on_000[0] if len(on_000) == 1 else None, "αₘ from 000 V §8's Σαᵢy⁽ⁱ⁾ = 0 (line 1306)")],
                          "SOFT-2", "000 V §8; 001 (11.8)", f"m={M}", domains=DOMAINS))
    box, box_forms = _box_from_stationarity(reading, C)
    forms += box_forms
    outcomes.append(box)
    if len(on_balance) == 1:
        balanced = reading.bind(alpha=Vector(tuple(alpha[:-1] + [on_balance[0]]), first=1))
        rows = [value_of(form_of(STATIONARY_115, balanced.bind(c=C, i=sp.Integer(i)), part=1)) for i in range(1, M + 1)]
        r_from = [_only(solve_for(sp.Eq(a_, row), r[i])) if row is not None else None
                  for i, (a_, row) in enumerate(zip(balanced.names["alpha"].values, rows))]
        stationary = defined(balanced, "w", STATIONARY_W_115, part=1).bind(r=Vector(tuple(r_from), first=1))
        outcomes.append(chain([
            printed(LAGRANGIAN_001, stationary.bind(c=C), "L at w = Σαyx, r = C − α, with Σαy = 0", part=1),
            printed(DUAL_117, balanced, "(11.7): ξ drops out", part=1),
            printed(SOFT_DUAL, balanced, "000 V §8's W(α)", part=1),
            printed(SOFT_W_004, balanced, "004's W(α)", part=1),
        ], "SOFT-2", "000 V §8; 001 (11.7); 004", f"m={M}, n={N}, y⁽ⁱ⁾ ∈ {{−1, 1}}", domains=DOMAINS))
    else:
        outcomes.append(Outcome(False, "symbolic", 0.0, "(11.8) does not fix αₘ"))
    return with_forms(combine(*outcomes), *forms)


def _box_from_stationarity(reading, C):
    """The box as 000 V §8 (line 1304), 001 (11.9) and 004 (line 139) print it, read for α₁: it holds
    exactly where α₁ = c − r₁ ((11.5) as printed, line 63) has r₁ ≥ 0 and α₁ ≥ 0, at C = 1:
    r₁ ∈ {0, ½, 1} in the box, r₁ = −½ (α₁ > C) and r₁ = 3/2 (α₁ < 0) out of it."""
    at_1 = reading.bind(c=C, i=sp.Integer(1))
    alpha_1 = reading.names["alpha"].values[0]
    r_1 = reading.names["r"].values[0]
    solved = form_of(STATIONARY_115, at_1, part=1)  # α₁ = c − r₁
    forms, failures = [solved], []
    if value_of(solved) is None:
        return Outcome(False, "exact", 0.0, "(11.5)'s αᵢ = c − rᵢ is not read"), forms
    for quote in (SOFT_BOX, BOX_119, SOFT_DUAL_004):
        relations = []
        for parts in ((0, 1), (1, 2)):
            read, sides = printed_relations(quote, at_1, parts=parts)
            relations += read
            forms += sides
        if not relations:
            failures.append(f"{quote.place}: not read")
            continue
        for r_value, inside in ((0, True), (sp.Rational(1, 2), True), (1, True), (-sp.Rational(1, 2), False),
                                (sp.Rational(3, 2), False)):
            a_value = at(value_of(solved), [(r_1, r_value), (C, 1)])
            values = [(alpha_1, a_value), (C, 1)]
            if all(rel.holds(values) for rel in relations) != inside:
                failures.append(f"{quote.place}: at r₁ = {r_value}, α₁ = {a_value}, C = 1 the box "
                                f"{'fails' if inside else 'holds'}")
    return Outcome(not failures, "exact (C = 1)", 0.0, "; ".join(failures)), forms


@check("SOFT-2", "the dual needs ∂L/∂ξ = 0 too (000 sets only w and b); 001 cites (11.2) into (11.1) where it "
       "substitutes (11.5) into L", "000 V §8; 001 §11.1.2", "derivation", quotes=(DERIVATIVES_000, PLUG_001, STATIONARY_115))
def soft_dual_ingredients(ctx):
    """With only ∂L/∂w = 0 and ∂L/∂b = 0 substituted, 001's L (line 49) keeps Σ(C − αᵢ − rᵢ)ξᵢ, which
    is not W(α) (line 1303) and whose min over ξ is −∞ unless αᵢ + rᵢ = C: the box 0 ≤ αᵢ ≤ C comes
    from ∂L/∂ξᵢ = 0 with rᵢ ≥ 0. And what gives 001's (11.7) is (11.5) in the Lagrangian: (11.2)
    (line 23) is a minimisation over w with no α in it, (11.1) (line 17) has none either."""
    X, w, alpha, b, xi, r, C = _soft_symbols()
    reading = _reading()
    last = -sum(a * t for a, t in zip(alpha[:-1], Y[:-1])) / Y[-1]
    balanced = reading.bind(alpha=Vector(tuple(alpha[:-1] + [last]), first=1))
    W = form_of(SOFT_DUAL, balanced, part=1)
    at_w_b = form_of(LAGRANGIAN_001, defined(balanced, "w", STATIONARY_W_115, part=1), part=1)
    forms = [W, at_w_b]
    errata, failures = [], []
    if value_of(W) is not None and value_of(at_w_b) is not None:
        left = sp.expand(value_of(at_w_b) - value_of(W))
        kept = sp.collect(left, xi, evaluate=False)
        with_box = sp.expand(left.subs({q: C - a for q, a in zip(r, balanced.names["alpha"].values)}))
        if as_printed(left != 0, False, key="w and b only"):
            errata.append(Erratum(
                "SOFT-2", "000 V §8",
                "after setting the derivatives with respect to w and b to zero as before, substituting them back in, "
                "and simplifying, we obtain [the dual W(α), 0 ≤ αᵢ ≤ C]",
                "… the derivatives with respect to w, b and ξ (∂L/∂ξᵢ = C − αᵢ − rᵢ = 0, so with rᵢ ≥ 0 "
                "the box αᵢ ≤ C) …",
                f"with w = Σαᵢy⁽ⁱ⁾x⁽ⁱ⁾ and Σαᵢy⁽ⁱ⁾ = 0 only, L (001 line 49) − W(α) (line 1303) = "
                f"{' + '.join(f'({sp.factor(v)})·{k}' for k, v in kept.items() if k != 1)}, not 0: min over ξᵢ is −∞ "
                f"unless αᵢ + rᵢ = C", quote=DERIVATIVES_000))
        if with_box != 0:
            failures.append(f"with rᵢ = C − αᵢ, L − W(α) is {with_box}, not 0")
    hinge = form_of(HINGE_001, reading.bind(min=Operator(lambda v: v)))
    dual = form_of(DUAL_117, reading, part=1)
    forms += [hinge, dual]
    if value_of(hinge) is not None and value_of(dual) is not None:
        in_hinge = value_of(hinge).free_symbols & set(alpha)
        in_dual = value_of(dual).free_symbols & ({b} | set(w) | set(xi))
        if as_printed(not in_hinge and not in_dual, False, key="(11.2) into (11.1)"):
            errata.append(Erratum(
                "SOFT-2", "001 §11.1.2", "Plugging (11.2) back into original problem (11.1), we obtain (11.7)",
                "Plugging (11.5) back into the Lagrangian L(w, b, ξ, α, r), we obtain (11.7)",
                "(11.2) (line 23) is the minimisation over w of ½‖w‖² + CΣᵢ max(0, 1 − y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)): no α in it "
                "(nor in (11.1), line 17), while (11.7) (line 71) is a function of α alone; (11.7) is what (11.5) "
                "(line 63) gives substituted into L (line 49), as the check of (11.5)-(11.7) shows", quote=PLUG_001))
    return with_forms(Outcome(not failures, "symbolic", 0.0, "; ".join(failures), tuple(errata)), *forms)


@check("SOFT-2", "000 §8 prints y⁽ⁱ⁾(xᵀw + b) in the Lagrangian: x for x⁽ⁱ⁾ (001 prints x⁽ⁱ⁾)", "000 V §8",
       "derivation", quotes=(LAGRANGIAN_000, LAGRANGIAN_001))
def soft_lagrangian_000(ctx):
    """000 V §8's L (line 1299) against 001's (line 49): 000's constraint term has x, one point for
    every example, so its ∇_w is not w − Σαᵢy⁽ⁱ⁾x⁽ⁱ⁾ ((9))."""
    X, w, alpha, b, xi, r, C = _soft_symbols()
    reading = _reading()
    return chain([
        printed(LAGRANGIAN_001, reading, "001's L (line 49)", part=1),
        printed(LAGRANGIAN_000, reading, "000 V §8's L", corrected=_soft_lagrangian(w, b, xi, alpha, r, C, Y, X),
                printed="L(w,b,ξ,α,r) = ½wᵀw + CΣξᵢ − Σαᵢ[y⁽ⁱ⁾(xᵀw + b) − 1 + ξᵢ] − Σrᵢξᵢ (its ∇_w is w − Σαᵢy⁽ⁱ⁾x, "
                        "not (9))",
                fixed="L(w,b,ξ,α,r) = ½wᵀw + CΣξᵢ − Σαᵢ[y⁽ⁱ⁾(x⁽ⁱ⁾ᵀw + b) − 1 + ξᵢ] − Σrᵢξᵢ"),
    ], "SOFT-2", "000 V §8", f"m={M}, n={N}, y⁽ⁱ⁾ ∈ {{−1, 1}}", domains=DOMAINS)


@check("SOFT-2", "004's soft-margin Lagrangian adds Σαᵢ[...]: the constraint term needs a minus",
       "004 (L1 norm soft margin)", "derivation", quotes=(LAGRANGIAN_004, LAGRANGIAN_001, GENERALIZED_LAGRANGIAN))
def soft_lagrangian_004(ctx):
    """000 V §5's generalized Lagrangian (line 1040) of the soft-margin primal, f + Σαᵢgᵢ with the
    constraints written gᵢ ≤ 0 (gᵢ = 1 − ξᵢ − y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b), and −ξᵢ with multipliers rᵢ), is
    001's L (line 49); 004's (line 135) adds the constraint term: its stationary w is −Σαyx and
    its dual is not W(α)."""
    X, w, alpha, b, xi, r, C = _soft_symbols()
    reading = _reading()
    f = _dot(w, w) / 2 + C * sum(xi)
    g = [1 - s - t * (_dot(w, x) + b) for s, t, x in zip(xi, Y, X)] + [-s for s in xi]
    general = reading.bound({"f": Function(lambda _: f), "g": Indexed(lambda i: Function(lambda _: g[int(i) - 1])),
                             "alpha": Vector(tuple(alpha) + tuple(r), first=1), "k": 2 * M, "l": 0,
                             "h": Indexed(lambda i: Function(lambda _: 0)), "beta": Vector((0,), first=1)})
    return chain([
        printed(GENERALIZED_LAGRANGIAN, general, "f + Σαᵢgᵢ, the Lagrangian of 000 V §5, gᵢ the soft margin's", part=1),
        printed(LAGRANGIAN_001, reading, "001's L (line 49)", part=1),
        printed(LAGRANGIAN_004, reading, "004's Lagrangian",
                corrected=_soft_lagrangian(w, b, xi, alpha, r, C, Y, X, sign=-1),
                printed="L = ½‖w‖² + CΣξᵢ + Σαᵢ[y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) − 1 + ξᵢ] − Σrᵢξᵢ "
                        "(its stationary w is −Σαyx and its dual is not W(α))",
                fixed="L = ½‖w‖² + CΣξᵢ − Σαᵢ[y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b) − 1 + ξᵢ] − Σrᵢξᵢ"),
    ], "SOFT-2", "004 (soft margin Lagrangian)", f"m={M}, n={N}, y⁽ⁱ⁾ ∈ {{−1, 1}}", domains=DOMAINS)


# The sign the second copy of Part V prints for the multipliers αᵢ, rᵢ ('> 0'; the first: '≥ 0').
PRINTED_MULTIPLIER_SIGN = "positive"


KKT_IMPLICATIONS = (KKT_14, KKT_15, KKT_16, CATEGORIES_001, HARD_001, MARGINAL_001, EASY_004, HARD_004, KKT_004)
KKT_EQUALITIES = (KKT_116, KKT_116_R)


def _kkt_conditions():
    """The KKT conditions as printed, read for one example (i = 1) with its numbers left as symbols:
    the implications (14)-(16) (000), 001's three categories (line 81), 004's (line 143), and
    001's (11.6) (line 67); and the Forms read."""
    x1, y1 = vector("x", N), sp.Symbol("y", real=True)
    a1, s1, r1 = sp.symbols("α ξ r", real=True)
    w, b, C = vector("w", N), sp.Symbol("b", real=True), sp.Symbol("C", positive=True)
    one = svm_reading([x1], [y1], w=w, b=b, alpha=[a1], xi=[s1], r=[r1], C=C).bind(i=sp.Integer(1))
    implications, equalities, forms = [], [], []
    for quote in KKT_IMPLICATIONS:
        places, read = printed_implications(quote, one)
        forms += read
        implications += [(quote, premises, conclusions) for premises, conclusions in places]
    for quote in KKT_EQUALITIES:
        places, read = printed_relations(quote, one)
        forms += read
        equalities += [(quote, relation) for relation in places]
    return (x1, y1, a1, s1, r1, w, b, C), implications, equalities, forms


@relies_on(svm, "kkt_violations", lambda f: lambda *a, **k: [v + 1 for v in f(*a, **k)], "every KKT violation raised by 1")
@check("SOFT-2", "KKT (14)-(16), 001's and 004's categories and (11.6), as printed, hold exactly at exact SMO "
       "solutions (easy, hard, marginally hard); αᵢ, rᵢ ≥ 0, and some are 0", "000 V §8 (14)-(16); 001 (11.6); 004",
       "optimality",
       quotes=KKT_IMPLICATIONS + KKT_EQUALITIES + (CAPPED_001, SUPPORT_VECTORS_001, MULTIPLIERS_NONNEGATIVE,
                                                  MULTIPLIERS_SECOND_COPY, KKT_MUST_HOLD))
def kkt_exact(ctx):
    """At exact solutions (C = 1, ½), for every example: each implication as printed (read from the
    text) holds, (11.6) as printed holds with ξ the slacks and r = C − α ≥ 0, and the reference's
    KKT residual is 0; every αᵢ ≤ C (the cap on each point's weight in w = Σαᵢy⁽ⁱ⁾x⁽ⁱ⁾), αᵢ > 0 only
    at examples with uᵢ ≤ 1 (on, inside or beyond the margin on the wrong side). The multipliers
    at a solution are ≥ 0 and some are exactly 0 (αᵢ = 0 beyond the margin, rᵢ = 0 at αᵢ = C), so
    '> 0' would exclude the optimum."""
    (x1, y1, a1, s1, r1, w_, b_, C_), implications, equalities, forms = _kkt_conditions()
    if len(implications) < len(KKT_IMPLICATIONS) or len(equalities) < len(KKT_EQUALITIES):
        return with_forms(Outcome(False, "exact", 0.0, "a KKT condition as printed is not read"), *forms)
    bad, seen, zero_at = [], set(), None
    solved = []
    for C in (Fraction(1), Fraction(1, 2)):
        solved += [(X, y, C, fit) for X, y, fit in _one_feature_solutions(ctx, C, min(ctx.examples, 10))]
    for X, y, C, fit in solved:
        w = svm.weights_from_alpha(X, y, fit.alpha)
        xi = svm.slacks(X, y, w, fit.b)
        r = [C - a for a in fit.alpha]
        failed = None
        for x, t, a, s_, q in zip(X, y, fit.alpha, xi, r):
            values = ((x1, list(x) + [0] * (N - len(x))), (y1, t), (a1, a), (s1, s_), (r1, q),
                      (w_, list(w) + [0] * (N - len(w))), (b_, fit.b), (C_, C))
            for quote, premises, conclusions in implications:
                if all(p.holds(values) for p in premises) and not all(c.holds(values) for c in conclusions):
                    failed = f"{quote.place} fails at α = {a}"
            for quote, relation in equalities:
                if not relation.holds(values):
                    failed = f"{quote.place} fails at α = {a}"
            if not (q >= 0 and 0 <= a <= C):
                failed = f"α = {a} is outside [0, C]"
        if max(svm.kkt_violations(X, y, fit.alpha, fit.b, C)) != 0 or failed:
            bad.append((X, y, C, failed))
        seen |= set(svm.kkt_categories(fit.alpha, C))
        if zero_at is None and any(v == 0 for v in list(fit.alpha) + r):
            zero_at = (X, y, C, fit.alpha, r)
    errata = ()
    if as_printed(PRINTED_MULTIPLIER_SIGN, "nonnegative", key="constrained to be > 0") == "positive" and zero_at:
        X, y, C, alpha, r = zero_at
        errata = (Erratum("SOFT-2", "000 V §8 (second copy)",
                          "the αᵢ's and rᵢ's are our Lagrange multipliers (constrained to be > 0)",
                          "(constrained to be ≥ 0), as the first copy prints: at the optimum some αᵢ or rᵢ is 0",
                          f"x = {fmt([x[0] for x in X])}, y = {y}, C = {C}: the exact solution has "
                          f"α = {fmt(alpha)}, r = C − α = {fmt(r)}", "transcription", MULTIPLIERS_SECOND_COPY),)
    return with_forms(Outcome(not bad, f"{len(solved)} soft-margin solutions, exact", 0.0,
                              f"fails at {fmt(bad[0])}" if bad else "categories met: " + ", ".join(sorted(seen)),
                              errata), *forms)


@relies_on(svm, "threshold_hard", lambda f: lambda X, y, alpha: svm.threshold_soft(X, y, alpha, Fraction(1, 2)),
           "(11) replaced by the soft-margin b")
@check("SOFT-2", "(11) is no longer valid with the soft margin: b from (11) breaks (14)-(16) at some solutions",
       "000 V §8", "identity", quotes=(NO_LONGER_11, THRESHOLD_11))
def threshold_11_soft(ctx):
    """At exact soft-margin solutions the b of (11) (computed from w*) is checked against (14)-(16);
    the first solution where it fails is shown (the soft b comes from the free αᵢ instead)."""
    shown = None
    for X, y, fit in _one_feature_solutions(ctx, Fraction(1, 2), min(ctx.examples, 10), separable=False):
        b11 = svm.threshold_hard(X, y, fit.alpha)
        worst = max(svm.kkt_violations(X, y, fit.alpha, b11, Fraction(1, 2)))
        if worst > 0 and max(svm.kkt_violations(X, y, fit.alpha, fit.b, Fraction(1, 2))) == 0:
            shown = (X, y, b11, fit.b, worst)
            break
    return Outcome(shown is not None, "exact soft-margin solutions, C = 1/2", 0.0,
                   f"x = {fmt([x[0] for x in shown[0]])}, y = {shown[1]}: (11) gives b = {shown[2]}, which misses "
                   f"(14)-(16) by {shown[4]}; the KKT b is {shown[3]}" if shown
                   else "(11) met (14)-(16) at every drawn solution")


@relies_on(svm, "kkt_violations", lambda f: lambda *a, **k: [v + mpmath.mpf(10) ** -20 for v in f(*a, **k)],
           "every KKT violation raised by 10⁻²⁰")
@check("SOFT-2", "KKT (14)-(16) at 50-digit SMO solutions with the Gaussian kernel", "000 V §8 (14)-(16)",
       "optimality", quotes=(KKT_14, KKT_15, KKT_16))
def kkt_high_precision(ctx):
    from cs229.reference.kernels import Gaussian

    def residual(p):
        X, y = S.to_mpf(p)
        kernel = Gaussian(mpmath.mpf(1))
        C = mpmath.mpf(2)
        fit = smo.smo(X, y, C=C, kernel=kernel, tol=mpmath.mpf(10) ** -(ctx.digits - 12),
                      max_iterations=20_000)
        return max(svm.kkt_violations(X, y, fit.alpha, fit.b, C, kernel))
    return sampled(ctx, S.svm_labelled_sets(min_rows=4, max_rows=7), residual,
                   mpmath.mpf(10) ** -(ctx.digits - 15), n=min(ctx.examples, 6))


# ---- printed claims no check decides ----------------------------------------------------------

for _line, _text, _reason, _id in (
        (1132, "we'll try to write our algorithm in terms of only the inner product", "a plan of the derivation", "OMC-3"),
        (1726, "(12)", "OCR of the second copy: the two lines (12) and (13) carry the tag (12) only, though the text "
         "cites (13) (lines 1730, 1852); the first copy numbers both", "OMC-5"),
        (1852, r"has now become  $0 \le \alpha_i$  $\alpha_i \leq C$", "OCR of the second copy: 0 ≤ αᵢ ≤ C garbled "
         "(the first copy prints it)", "SOFT-2"),
        (1862, "(15)", "OCR of the second copy: the tags (14)-(16) are displaced from their lines", "SOFT-2"),
        (1139, "Note that there're only \" $\\alpha_i$ \" but no \" $\\beta_i$ \" Lagrange multipliers", "a remark on (8)", "OMC-3"),
        (1188, "we gained significant insight into the structure of the problem", "a summary", "OMC-5"),
        (1284, "it causes the decision boundary to make a dramatic swing, and the resulting classifier has a much smaller margin",
         "a figure absent from this copy (an outlier's effect on one data set)", "SOFT-1"),
        (1288, "To make the algorithm work for non-linearly separable datasets as well as be less sensitive to outliers",
         "a motivation", "SOFT-1"),
        (1320, "Now, all that remains is to give an algorithm for actually solving the dual problem", "a plan", "SOFT-2"),
        ):
    unchecked(Quote("000", _line, _text), _reason, _id)

for _line, _text, _reason, _id in (
        (15, "we introduced *slack* variables", "a recollection", "SOFT-1"),
        (35, "This means we will require additional dual variables  $r_i$  corresponding to those constraints",
         "a plan (the rᵢ are in the Lagrangian checked in SOFT-2)", "SOFT-2"),
        (77, "This reduces the influence of outliers in the final solution.", "an opinion (the cap αᵢ ≤ C is checked)", "SOFT-2"),
        ):
    unchecked(Quote("001", _line, _text), _reason, _id)

for _line, _text, _reason, _id in (
        (7, "All this is assuming that the data is linearly separable, which is an assumption that we'll fix later.",
         "a remark (the soft margin follows)", "OMC-1"),
        (137, "Do same math process, we'll get",
         "a pointer; with 004's own Lagrangian (+Σαᵢ[…]) the process gives another dual, see its erratum", "SOFT-2"),
        ):
    unchecked(Quote("004", _line, _text), _reason, _id)

for _line, _text, _reason, _id in (
        (579, "Using convex optimization, the problem above can be further simplified. This is called the **dual optimization problem**.",
         "a pointer to the dual (checked from 000 in OMC-3)", "OMC-3"),
        (618, "The problem can also be simplified using the same calculation as the representer theorem.", "a pointer", "SOFT-2"),
        ):
    unchecked(Quote("002", _line, _text), _reason, _id)
