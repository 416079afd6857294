"""Part IV checks, §2: the Naive Bayes assumption, the Bernoulli event model, the 0/0 failure,
Laplace smoothing, the multinomial event model and the SMS spam reproduction (000 §2, §2.1,
§2.2; 002 §1.4.3-1.4.5)."""
import itertools
from fractions import Fraction

import mpmath
import sympy as sp
from hypothesis import strategies as st

from cs229.reference import naive_bayes as NB

from .. import strategies as S
from ..checking import exact, Step, chain, combine, counterexample, sampled, symbolically_equal
from ..registry import Outcome, check

N_FEATURES = 3  # the size the symbolic chains are proved at
CONFIGURATIONS = list(itertools.product((0, 1), repeat=N_FEATURES))


_exact_points = exact



# ---- NB-1 ------------------------------------------------------------------------------------

def _general_table():
    """p(x₁, x₂, x₃ | y) for one y as 8 symbols summing to 1 (any distribution)."""
    symbols = {x: sp.Symbol("p" + "".join(map(str, x)), positive=True) for x in CONFIGURATIONS[:-1]}
    symbols[CONFIGURATIONS[-1]] = 1 - sum(symbols.values())
    return symbols


def _independent_table():
    """p(x | y) = Πⱼ φⱼ^xⱼ (1 − φⱼ)^(1−xⱼ): the distributions the Naive Bayes assumption allows."""
    phi = sp.symbols(f"phi1:{N_FEATURES + 1}", positive=True)
    return {x: sp.Mul(*[f if v else 1 - f for f, v in zip(phi, x)]) for x in CONFIGURATIONS}


def _marginal(P, fixed):
    """Σ of P over the configurations agreeing with ``fixed`` (a dict position -> value)."""
    return sum(p for x, p in P.items() if all(x[j] == v for j, v in fixed.items()))


def _nb1_steps(P):
    chain_rule, independent = [], []
    for x in CONFIGURATIONS:
        terms = [_marginal(P, {k: x[k] for k in range(j + 1)}) / _marginal(P, {k: x[k] for k in range(j)})
                 for j in range(N_FEATURES)]  # p(x_j | y, x₁..x_{j−1})
        chain_rule.append(sp.Mul(*terms))
        independent.append(sp.Mul(*[_marginal(P, {j: x[j]}) for j in range(N_FEATURES)]))  # Πⱼ p(x_j|y)
    return (sp.Matrix([P[x] for x in CONFIGURATIONS]), sp.Matrix(chain_rule), sp.Matrix(independent))


@check("NB-1", "p(x₁..xₙ|y) = p(x₁|y)p(x₂|y,x₁)··· = p(x₁|y)p(x₂|y)··· = Πⱼ p(xⱼ|y)",
       "000 §2; 002 §1.4.3", "derivation")
def naive_bayes_assumption(ctx):
    joint, rule, product = _nb1_steps(_independent_table())
    page_000 = chain([
        Step(joint, "p(x₁, x₂, x₃ | y)"),
        Step(rule, "chain rule: p(x₁|y) p(x₂|y, x₁) p(x₃|y, x₁, x₂)"),
        Step(product, "the NB assumption: p(xⱼ|y, x₁..x_{j−1}) = p(xⱼ|y)"),
        Step(sp.Matrix([sp.Mul(*[_marginal(_independent_table(), {j: x[j]}) for j in range(N_FEATURES)])
                        for x in CONFIGURATIONS]), "= Πⱼ p(xⱼ|y)"),
    ], "NB-1", "000 §2", f"n={N_FEATURES}, all 2ⁿ values of x")
    page_002 = chain([
        Step(joint, "p(x₁..xₙ | y)"),
        Step(rule, "p(x₁|y) p(x₂|x₁, y) ··· p(xₙ|x₁, ..., y)"),
        Step(product, "= p(x₁|y) p(x₂|y) ··· p(xₙ|y)"),
    ], "NB-1", "002 §1.4.3", f"n={N_FEATURES}, all 2ⁿ values of x")
    # For an arbitrary p(x|y) the first equality still holds and the second does not: it is the
    # assumption, not an identity (and not a slip of the page).
    general, general_rule, general_product = _nb1_steps(_general_table())
    rule_holds = symbolically_equal(general, general_rule)
    witness = None if symbolically_equal(general_rule, general_product) else \
        counterexample(general_product, general_rule)
    assumption = Outcome(rule_holds and witness is not None, "symbolic (any p(x|y))", 0.0,
                         "the chain rule holds for every p(x|y); the second step needs conditional "
                         f"independence ({witness})" if rule_holds and witness
                         else "the chain rule failed or the NB step held for every distribution")
    return combine(page_000, page_002, assumption)


# ---- NB-2 ------------------------------------------------------------------------------------

def _bernoulli_symbols():
    phi0 = sp.symbols(f"a1:{N_FEATURES + 1}", positive=True)  # φ_{j|y=0}
    phi1 = sp.symbols(f"b1:{N_FEATURES + 1}", positive=True)  # φ_{j|y=1}
    phi_y = sp.Symbol("phi_y", positive=True)
    return phi0, phi1, phi_y


@check("NB-2", "p(y=1|x) = p(x|y=1)p(y=1)/p(x) = Πp(xⱼ|1)p(1) / (Πp(xⱼ|1)p(1) + Πp(xⱼ|0)p(0))",
       "000 §2; 002 §1.4.3", "derivation")
def bernoulli_posterior_chain(ctx):
    phi0, phi1, phi_y = _bernoulli_symbols()
    factor = lambda f, v: f if v else 1 - f  # noqa: E731  p(x_j | y) = φ^x (1 − φ)^(1−x)
    full, printed = [], []
    for x in CONFIGURATIONS:
        # p(x|y) as a distribution over all of x (the table the NB assumption factorises)
        p_x_y = {c: {z: sp.Mul(*[factor(f, v) for f, v in zip(phi, z)]) for z in CONFIGURATIONS}
                 for c, phi in ((0, phi0), (1, phi1))}
        p_x = p_x_y[1][x] * phi_y + p_x_y[0][x] * (1 - phi_y)
        full.append(p_x_y[1][x] * phi_y / p_x)
        num = sp.Mul(*[factor(f, v) for f, v in zip(phi1, x)]) * phi_y
        printed.append(num / (num + sp.Mul(*[factor(f, v) for f, v in zip(phi0, x)]) * (1 - phi_y)))
    symbolic = chain([Step(sp.Matrix(full), "Bayes' rule, p(x) = Σ_y p(x|y)p(y)"),
                      Step(sp.Matrix(printed), "the NB factorisation of p(x|y)")],
                     "NB-2", "000 §2", f"n={N_FEATURES}, all 2ⁿ values of x")

    def residual(p):
        # the reference's product form (exact) and its log-space form (50 digits) agree
        (X, y), alpha = p
        model = NB.bernoulli_fit(X, y, alpha)
        exact = [NB.bernoulli_posterior(model, x) for x in X]
        high = NB.bernoulli_log_posterior(_to_mpf_model(model), X)
        return max(abs(mpmath.exp(h[1]) - S.to_mpf(e)) for h, e in zip(high, exact))
    problems = st.tuples(S.binary_problems(), st.sampled_from([Fraction(1), Fraction(1, 2), Fraction(2)]))
    high = sampled(ctx, problems, residual, mpmath.mpf(10) ** (-(ctx.digits - 5)), n=min(ctx.examples, 20))
    return combine(symbolic, high)


def _to_mpf_model(model):
    fields = {k: getattr(model, k) for k in model.__dataclass_fields__}
    for k in ("phi_y", "phi_j_y0", "phi_j_y1", "phi_k_y0", "phi_k_y1"):
        if k in fields:
            fields[k] = S.to_mpf(fields[k])
    return type(model)(**fields)


def _bernoulli_parameters(model):
    return [model.phi_y] + list(model.phi_j_y0) + list(model.phi_j_y1)


def _bernoulli_model(parameters, n):
    return NB.BernoulliNB(parameters[0], parameters[1:1 + n], parameters[1 + n:], None, None, None)


@check("NB-2", "the MLE φ_y, φ_{j|y} maximise L: ∂ℓ/∂φ = 0, and no feasible change increases L",
       "000 §2; 002 §1.4.3", "optimality")
def bernoulli_mle_optimal(ctx):
    def gradient(p):
        X, y = p
        model = NB.bernoulli_fit(X, y, 0)
        n = len(X[0])
        params = S.to_mpf(_bernoulli_parameters(model))
        worst = mpmath.mpf(0)
        for k, value in enumerate(params):
            if value in (0, 1):
                continue  # on the boundary L is monotone in φ: the maximum is there, ∂ℓ ≠ 0
            def log_l(t, k=k):
                moved = params[:]
                moved[k] += t
                return mpmath.log(NB.bernoulli_likelihood(_bernoulli_model(moved, n), X, y))
            worst = max(worst, abs(mpmath.diff(log_l, 0)))
        return worst
    stationary = sampled(ctx, S.binary_problems(max_rows=8, max_features=3), gradient,
                         mpmath.mpf(10) ** (-(ctx.digits - 10)), n=min(ctx.examples, 15))

    def no_better(p):
        (X, y), steps = p
        model = NB.bernoulli_fit(X, y, 0)
        params = _bernoulli_parameters(model)
        moved = [min(1, max(0, v + d)) for v, d in zip(params, steps)]
        if not 0 < moved[0] < 1:
            moved[0] = params[0]
        top = NB.bernoulli_likelihood(model, X, y)
        return NB.bernoulli_likelihood(_bernoulli_model(moved, len(X[0])), X, y) <= top
    problems = S.binary_problems(max_rows=8, max_features=4).flatmap(
        lambda p: st.tuples(st.just(p), st.lists(S.rationals(-1, 1, 8).map(lambda v: v / 4),
                                                 min_size=1 + 2 * len(p[0][0]), max_size=1 + 2 * len(p[0][0]))))
    return combine(stationary, _exact_points(ctx, problems, no_better))


# ---- NB-3 ------------------------------------------------------------------------------------

@check("NB-3", "a word never seen in training: φ_{k|y} = 0 for both y and p(y=1|x) = 0/0",
       "000 §2.1; 002 §1.4.4", "derivation")
def zero_over_zero(ctx):
    phi0, phi1, phi_y = _bernoulli_symbols()
    x = (1, 0, 1)  # the message contains word 1 (the unseen "nips"), so x₁ = 1
    factor = lambda f, v: f if v else 1 - f  # noqa: E731
    num = sp.Mul(*[factor(f, v) for f, v in zip(phi1, x)]) * phi_y
    den = num + sp.Mul(*[factor(f, v) for f, v in zip(phi0, x)]) * (1 - phi_y)
    unseen = {phi0[0]: 0, phi1[0]: 0}
    symbolic_zero = sp.simplify(num.subs(unseen)) == 0 and sp.simplify(den.subs(unseen)) == 0
    symbolic = Outcome(symbolic_zero, "symbolic (n=3)", 0.0,
                       "" if symbolic_zero else "numerator or denominator is not 0 after φ_{1|y} = 0")

    def reported(p):
        # an extra feature that is 0 in every training example: the MLE is exactly 0 for both
        # classes (the printed "= 0"), the posterior of an example with that word is 0/0 and is
        # reported as such (never NaN); Laplace smoothing gives it a proper posterior in (0, 1)
        X, y = p
        X = [row + [0] for row in X]
        model = NB.bernoulli_fit(X, y, 0)
        if not (model.phi_j_y0[-1] == 0 and model.phi_j_y1[-1] == 0):
            return False
        x = X[0][:-1] + [1]
        for f in (lambda: NB.bernoulli_posterior(model, x), lambda: NB.bernoulli_log_posterior(model, [x]),
                  lambda: NB.bernoulli_predict(model, [x])):
            try:
                f()
                return False
            except NB.ZeroOverZeroError as e:
                if "0/0" not in str(e):
                    return False
        smoothed = NB.bernoulli_posterior(NB.bernoulli_fit(X, y, 1), x)
        return 0 < smoothed < 1
    return combine(symbolic, _exact_points(ctx, S.binary_problems(), reported))


# ---- NB-4 ------------------------------------------------------------------------------------

@check("NB-4", "Laplace: Σⱼ (cⱼ + 1)/(m + k) = 1 and every φⱼ > 0; (+1, +2) is k = 2",
       "000 §2.1; 002 §1.4.4", "identity")
def laplace(ctx):
    k = 4
    c = sp.symbols(f"c1:{k + 1}", nonnegative=True)
    m = sum(c)
    symbolic = chain([Step(sum((cj + 1) / (m + k) for cj in c), "Σⱼ φⱼ with φⱼ = (cⱼ + 1)/(m + k), m = Σcⱼ"),
                      Step(sp.Integer(1), "= 1 (the k added ones make up the + k)")],
                     "NB-4", "000 §2.1", f"k={k}")

    def holds(counts):
        phi = NB.laplace_estimate(counts)
        mle_ok = True
        if sum(counts) > 0:
            mle = NB.laplace_estimate(counts, 0)
            mle_ok = sum(mle) == 1 and all(p == Fraction(cj, sum(counts)) for p, cj in zip(mle, counts))
        return sum(phi) == 1 and all(p > 0 for p in phi) and mle_ok and \
            all(p == Fraction(cj + 1, sum(counts) + len(counts)) for p, cj in zip(phi, counts))
    exact = _exact_points(ctx, st.integers(1, 6).flatmap(S.count_vectors), holds)

    def binary_is_k2(p):
        X, y = p
        model = NB.bernoulli_fit(X, y)
        for c, phi in ((0, model.phi_j_y0), (1, model.phi_j_y1)):
            rows = [x for x, label in zip(X, y) if label == c]
            for j in range(len(X[0])):
                ones = sum(x[j] for x in rows)
                if NB.laplace_estimate([len(rows) - ones, ones])[1] != phi[j]:
                    return False
        return True
    return combine(symbolic, exact, _exact_points(ctx, S.binary_problems(), binary_is_k2))


# ---- NB-6 ------------------------------------------------------------------------------------

@check("NB-6", "L = Πᵢ p(x⁽ⁱ⁾,y⁽ⁱ⁾) = Πᵢ (Πⱼ p(xⱼ⁽ⁱ⁾|y⁽ⁱ⁾)) p(y⁽ⁱ⁾); 000's and 002's MLE forms agree",
       "000 §2.2; 002 §1.4.5", "derivation")
def multinomial_likelihood(ctx):
    def holds(p):
        (docs, y, size), alpha = p
        model = NB.multinomial_fit(docs, y, size, alpha)
        phi = (model.phi_k_y0, model.phi_k_y1)
        # 000: Πᵢ (Πⱼ p(xⱼ|y)) p(y); 002 prints Πⱼ p(xⱼ|y)p(y) with p(y) outside the product too
        direct = Fraction(1)
        for d, c in zip(docs, y):
            inner = Fraction(1)
            for t in d:
                inner *= phi[c][t]
            direct *= inner * (model.phi_y if c else 1 - model.phi_y)
        same_l = NB.multinomial_likelihood(model, docs, y) == direct
        forms = True
        for c in (0, 1):
            words = sum(len(d) for d, label in zip(docs, y) if label == c)
            for k in range(size):
                # 000: Σᵢ Σⱼ 1{xⱼ⁽ⁱ⁾ = k ∧ y⁽ⁱ⁾ = c};  002: Σᵢ 1{y⁽ⁱ⁾ = c} Σⱼ 1{xⱼ⁽ⁱ⁾ = k}
                form_000 = sum(1 for d, label in zip(docs, y) for t in d if t == k and label == c)
                form_002 = sum((label == c) * sum(t == k for t in d) for d, label in zip(docs, y))
                if form_000 != form_002 or phi[c][k] != Fraction(form_000 + alpha, words + alpha * size):
                    forms = False
        phi_y = model.phi_y == Fraction(sum(y), len(y))
        return same_l and forms and phi_y
    problems = st.tuples(S.token_documents(), st.sampled_from([0, 1]))
    problems = problems.filter(lambda p: p[1] or all(any(len(d) for d, l in zip(p[0][0], p[0][1]) if l == c)
                                                     for c in (0, 1)))
    return _exact_points(ctx, problems, holds)


def _multinomial_feasible(phi, steps):
    """φ + δ on the simplex: δ drawn, shifted to sum to 0, scaled so that φ + δ >= 0."""
    mean = sum(steps) / len(steps)
    delta = [d - mean for d in steps]
    scale = Fraction(1)
    for p, d in zip(phi, delta):
        if d < 0 and p + scale * d < 0:
            scale = min(scale, p / -d)
    return [p + scale * d for p, d in zip(phi, delta)]


@check("NB-6", "the MLE φ_{k|y} maximise L on the simplex (Lagrange: cₖ/φₖ = λ); Laplace = MLE of c + 1",
       "000 §2.2; 002 §1.4.5", "optimality")
def multinomial_mle_optimal(ctx):
    def lagrange(p):
        docs, y, size = p
        for alpha in (0, 1):
            try:
                model = NB.multinomial_fit(docs, y, size, alpha)
            except NB.ZeroOverZeroError:
                continue
            for c, phi in ((0, model.phi_k_y0), (1, model.phi_k_y1)):
                counts = model.word_count[c]
                # ∂/∂φₖ [Σₖ (cₖ + α) log φₖ − λ(Σₖ φₖ − 1)] = 0 ⇔ (cₖ + α)/φₖ = λ, the same for all k
                ratios = {Fraction(ck + alpha) / pk for ck, pk in zip(counts, phi) if ck + alpha > 0}
                if len(ratios) != 1 or ratios.pop() != model.total_words[c] + alpha * size:
                    return False
                if sum(phi) != 1:
                    return False
        return True
    stationary = _exact_points(ctx, S.token_documents(), lagrange)

    def no_better(p):
        (docs, y, size), steps = p
        model = NB.multinomial_fit(docs, y, size, 0) if all(
            any(len(d) for d, label in zip(docs, y) if label == c) for c in (0, 1)) else None
        if model is None:
            return True  # a class without words has no unsmoothed MLE (0/0, checked in the tests)
        top = NB.multinomial_likelihood(model, docs, y)
        moved = NB.MultinomialNB(model.phi_y, _multinomial_feasible(model.phi_k_y0, steps[:size]),
                                 _multinomial_feasible(model.phi_k_y1, steps[size:]), None, None, None, None)
        return NB.multinomial_likelihood(moved, docs, y) <= top
    problems = S.token_documents().flatmap(lambda p: st.tuples(
        st.just(p), st.lists(S.rationals(-1, 1, 8), min_size=2 * p[2], max_size=2 * p[2])))
    return combine(stationary, _exact_points(ctx, problems, no_better))


@check("NB-6", "SMS Spam Collection: multinomial event model with Laplace smoothing, test accuracy",
       "000 §2.2 (data: reference/data/sms_spam)", "reproduction")
def sms_spam(ctx):
    corpus = NB.sms_spam_corpus()
    size = len(corpus.vocabulary)
    model = NB.multinomial_fit(corpus.train_documents, corpus.train_labels, size)  # exact Fractions
    predicted = NB.multinomial_predict(model, corpus.test_documents)  # float log space
    # the decisions by exact rational products p(y) Πⱼ φ_{xⱼ|y}, without any logarithm
    prior = (1 - model.phi_y, model.phi_y)
    phi = (model.phi_k_y0, model.phi_k_y1)
    disagree = 0
    for d, guess in zip(corpus.test_documents, predicted):
        joint = []
        for c in (0, 1):
            p = prior[c]
            for t in d:
                p *= phi[c][t]
            joint.append(p)
        disagree += (1 if joint[1] > joint[0] else 0) != guess
    correct = sum(p == t for p, t in zip(predicted, corpus.test_labels))
    m = len(corpus.test_labels)
    accuracy = correct / m
    baseline = max(sum(corpus.test_labels), m - sum(corpus.test_labels)) / m
    spam = sum(corpus.test_labels)
    caught = sum(p == 1 and t == 1 for p, t in zip(predicted, corpus.test_labels))
    false_alarms = sum(p == 1 and t == 0 for p, t in zip(predicted, corpus.test_labels))
    top = NB.spam_indicative_tokens(model, corpus.vocabulary, 10)
    passed = disagree == 0 and accuracy >= 0.95
    detail = (f"test accuracy {correct}/{m} = {accuracy:.4f} (always-ham baseline {baseline:.4f}); "
              f"spam caught {caught}/{spam}, ham flagged {false_alarms}/{m - spam}; |V| = {size}; "
              f"float and exact-rational decisions disagree on {disagree}; most spam-indicative "
              "(log φ_{k|spam} − log φ_{k|ham}): " + ", ".join(f"{w} {r:.2f}" for w, r in top))
    return Outcome(passed, f"accuracy {correct}/{m} = {accuracy:.4f}", 1 - accuracy, detail)
