"""Part IV checks, §2: the Naive Bayes assumption, the Bernoulli event model, the 0/0 failure,
Laplace smoothing, the multinomial event model and the SMS spam reproduction (000 §2, §2.1,
§2.2; 002 §1.4.3-1.4.5)."""
import itertools
import math
import re
import sys
from fractions import Fraction

import mpmath
import numpy as np
import sympy as sp
from hypothesis import strategies as st

from cs229.fast import naive_bayes as FNB
from cs229.reference import naive_bayes as NB
from cs229.testing import strategies as S

from ..checking import (as_printed, exact, find_witness, labels, probability, relies_on, Step, chain, combine,
                        counterexample, draw, sampled, symbolically_equal)
from ..notation import superscript
from ..printed import form_of, printed, value_of, with_forms
from ..registry import Erratum, Outcome, Quote, check, unchecked
from ..text import Examples, Function, Indexed, NotationError, Reading, Vector, copies, math_of, parse, syntax
from ..text.reading import text_of
from .generative import Discrete

N_FEATURES = 3  # the size the symbolic chains are proved at
THIS = sys.modules[__name__]  # the self-test's mutants replace this module's helpers
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


FULL_TABLE = Quote("000", 781, r"then we'd end up with a  $(2^{50000}-1)$ -dimensional parameter vector")
ASSUMPTION = Quote("000", 783, "We will assume that the  $x_i$ 's are conditionally independent given y.",
                   reading="the features x_j (§2 indexes the features by j; the examples are x⁽ⁱ⁾)")
CHAIN_1 = Quote("000", 787, r"p(x_1, \dots, x_{50000}|y)")
CHAIN_2 = Quote("000", 789, r"= p(x_1|y)p(x_2|y, x_1)p(x_3|y, x_1, x_2) \cdots p(x_{50000}|y, x_1, \dots, x_{49999})")
CHAIN_3 = Quote("000", 791, r"= p(x_1|y)p(x_2|y)p(x_3|y) \cdots p(x_{50000}|y)")
CHAIN_4 = Quote("000", 793, r"= \prod_{j=1}^{n} p(x_j|y)", reading="n = 50000, the size of the vocabulary (read at n = 2)")
CHAIN_REASONS = Quote("000", 795, "The first equality simply follows from the usual properties of probabilities, and the second equality used the NB assumption.")
ASSUMPTION_002 = Quote("002", 431, "Assume that the x_i 's are conditionally independent given y .")
CHAIN_002 = Quote("002", 433, r"p(x_1, \dots, x_{10000} | y) &= p(x_1 | y) p(x_2 | x_1, y) \cdots p(x_{10000} | x_1, x_2, \dots, y) \\ &= p(x_1 | y) p(x_2 | y) \cdots p(x_{10000} | y)")


@check("NB-1", "p(x₁..xₙ|y) = p(x₁|y)p(x₂|y,x₁)··· = p(x₁|y)p(x₂|y)··· = Πⱼ p(xⱼ|y)",
       "000 §2; 002 §1.4.3", "derivation",
       quotes=(FULL_TABLE, ASSUMPTION, CHAIN_1, CHAIN_2, CHAIN_3, CHAIN_4, CHAIN_REASONS, ASSUMPTION_002, CHAIN_002))
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
    general_table = _general_table()
    general, general_rule, general_product = _nb1_steps(general_table)
    free_parameters = len(set().union(*[sp.sympify(p).free_symbols for p in general_table.values()]))
    rule_holds = symbolically_equal(general, general_rule) and free_parameters == 2 ** N_FEATURES - 1
    witness = None if symbolically_equal(general_rule, general_product) else \
        counterexample(general_product, general_rule)
    assumption = Outcome(rule_holds and witness is not None, "symbolic (any p(x|y))", 0.0,
                         f"a full table has 2ⁿ − 1 = {free_parameters} parameters; the chain rule holds for every "
                         f"p(x|y); the second step needs conditional independence ({witness})" if rule_holds and witness
                         else "the chain rule failed or the NB step held for every distribution")
    # line 793, Πⱼ p(xⱼ|y), as printed: on the NB model (two words, every x and y), p(x|y) itself
    phi0, phi1, phi_y = _bernoulli_symbols()
    products = []
    for x in itertools.product((0, 1), repeat=2):
        for label in (0, 1):
            model = _bernoulli_event_model(phi0[:2], phi1[:2], phi_y, x, label)
            reading = _nb_reading(model).bound({"n": sp.Integer(2)})
            products.append(chain([
                Step(model.probability([model.marker("x1"), model.marker("x2")], [model.marker("y")]),
                     "p(x₁, x₂|y) of the model"),
                printed(CHAIN_4, reading, "= Πⱼ p(xⱼ|y), n = 2 words"),
            ], "NB-1", "000 §2", f"n=2, x = {x}, y = {label}", domains=_probabilities(phi0[:2], phi1[:2], phi_y)))
    return combine(page_000, page_002, assumption, *products)


CONDITIONAL_FORM = Quote("000", 783, r"p(x_{2087}|y) = p(x_{2087}|y, x_{39831})")
INDEPENDENT_FORM = Quote("000", 783, r"p(x_{2087}) = p(x_{2087}|x_{39831})")
CONDITIONAL = Quote("000", 783, r"More formally, this can be written  $p(x_{2087}|y) = p(x_{2087}|y, x_{39831})$")
NOT_INDEPENDENT = Quote("000", 783, r'(Note that this is not the same as saying that  $x_{2087}$  and  $x_{39831}$  are independent, which would have been written " $p(x_{2087}) = p(x_{2087}|x_{39831})$ "')


def two_word_joint(prior, pa, pb):
    """p(y, a, b) = p(y) p(a|y) p(b|y) for two binary words a, b (the NB assumption)."""
    return {(y, a, b): prior[y] * (pa[y] if a else 1 - pa[y]) * (pb[y] if b else 1 - pb[y])
            for y in (0, 1) for a in (0, 1) for b in (0, 1)}


@relies_on(THIS, "two_word_joint", lambda f: lambda prior, pa, pb: {k: (v if k[1] == 0 else v * (1 + k[2]) / 2)
                                                                     for k, v in f(prior, pa, pb).items()},
           "b made to depend on a given y")
@check("NB-1", "conditional independence given y, p(x₂₀₈₇|y) = p(x₂₀₈₇|y, x₃₉₈₃₁), is not independence "
       "p(x₂₀₈₇) = p(x₂₀₈₇|x₃₉₈₃₁)", "000 §2", "identity", quotes=(CONDITIONAL, NOT_INDEPENDENT))
def conditional_not_marginal(ctx):
    """Two binary words a, b under the NB model: p(a, b | y) = p(a|y)p(b|y) makes
    p(a | y, b) = p(a | y) for every parameter (symbolically), while p(a = 1 | b = 1) − p(a = 1)
    is not 0 in general: the simplest parameters (a search over φ ∈ (0, 1)) where it is not are
    shown."""
    phi_y, a0, a1, b0, b1 = sp.symbols("φ_y φ_{a|y=0} φ_{a|y=1} φ_{b|y=0} φ_{b|y=1}", positive=True)
    prior = {0: 1 - phi_y, 1: phi_y}
    joint = two_word_joint(prior, {0: a0, 1: a1}, {0: b0, 1: b1})
    pa = {0: a0, 1: a1}
    # the two statements as printed, on the model (y, word 2087 = a, word 39831 = b), a = b = 1 observed
    outcomes, forms = [], []
    for label in (0, 1):
        model = Discrete({"y": (0, 1), "x1": (0, 1), "x2": (0, 1)},
                         lambda v: joint[(v["y"], v["x1"], v["x2"])], {"y": label, "x1": 1, "x2": 1})
        reading = _nb_reading(model, words={2087: 1, 39831: 2})
        outcomes.append(chain([printed(CONDITIONAL_FORM, reading, "p(x₂₀₈₇|y)", part=0),
                               printed(CONDITIONAL_FORM, reading, "= p(x₂₀₈₇|y, x₃₉₈₃₁): the NB assumption", part=1)],
                              "NB-1", "000 §2", f"y = {label}", domains=_probabilities([phi_y, a0, a1, b0, b1])))
    marginal = [form_of(INDEPENDENT_FORM, reading, part=k) for k in (0, 1)]
    forms += marginal
    p_a, p_a_given_b = (value_of(f) for f in marginal)
    conditional = all(o.passed for o in outcomes)
    if p_a is None or p_a_given_b is None:
        return with_forms(Outcome(False, "symbolic; searched", 0.0, "line 783's independence is not read"), *forms)
    gap = sp.simplify(p_a_given_b - p_a)
    symbols = (phi_y, a0, a1, b0, b1)
    names = ("φ_y", "φ_{a|y=0}", "φ_{a|y=1}", "φ_{b|y=0}", "φ_{b|y=1}")
    point = find_witness(st.tuples(*[probability().strategy] * 5), lambda v: gap.subs(dict(zip(symbols, v))) != 0,
                         ctx.seed)
    shown = ", ".join(f"{n} = {v}" for n, v in zip(names, point)) if point else None
    passed = conditional and point is not None
    return with_forms(combine(*outcomes, Outcome(
        passed, "symbolic; searched", 0.0,
        f"at {shown}: p(x₂₀₈₇) = {p_a.subs(dict(zip(symbols, point)))}, p(x₂₀₈₇|x₃₉₈₃₁) = "
        f"{p_a_given_b.subs(dict(zip(symbols, point)))}" if passed else
        "conditional independence failed, or it implied independence")), *forms)


# ---- NB-2 ------------------------------------------------------------------------------------

def _bernoulli_symbols():
    phi0 = [sp.Symbol(f"φ_{{{j + 1}|y=0}}", positive=True) for j in range(N_FEATURES)]
    phi1 = [sp.Symbol(f"φ_{{{j + 1}|y=1}}", positive=True) for j in range(N_FEATURES)]
    phi_y = sp.Symbol("φ_y", positive=True)
    return phi0, phi1, phi_y


def _probabilities(*groups):
    """Every φ of the groups a probability in (0, 1) for the counterexample search."""
    return {s_: probability() for group in groups for s_ in (group if isinstance(group, (list, tuple)) else [group])}


PARAMETERS = Quote("000", 799, r"Our model is parameterized by  $\phi_{j|y=1} = p(x_j = 1|y=1)$ ,  $\phi_{j|y=0} = p(x_j = 1|y=0)$ , and  $\phi_y = p(y=1)$")
POSTERIOR = Quote("000", 815, r"p(y=1|x) = \frac{p(x|y=1)p(y=1)}{p(x)}")
POSTERIOR_NB = Quote("000", 817, r"= \frac{\left(\prod_{j=1}^{n} p(x_j|y=1)\right)p(y=1)}{\left(\prod_{j=1}^{n} p(x_j|y=1)\right)p(y=1) + \left(\prod_{j=1}^{n} p(x_j|y=0)\right)p(y=0)}")
POSTERIOR_002 = Quote("002", 463, r"p(y = 1 | x) = \frac{p(x | y = 1) p(y = 1)}{p(x | y = 1) p(y = 1) + p(x | y = 0) p(y = 0)}")
BERNOULLI_MODEL = Quote("000", 867, r"Thus, the probability of a message was given by  $p(y) \prod_{j=1}^{n} p(x_j|y)$")


@relies_on(NB, "bernoulli_log_posterior", lambda f: lambda model, X: [[v + mpmath.mpf(10) ** -30 for v in row] for row in f(model, X)],
           "log posteriors raised by 10⁻³⁰")
@check("NB-2", "p(y=1|x) = p(x|y=1)p(y=1)/p(x) = Πp(xⱼ|1)p(1) / (Πp(xⱼ|1)p(1) + Πp(xⱼ|0)p(0))",
       "000 §2; 002 §1.4.3", "derivation", quotes=(PARAMETERS, POSTERIOR, POSTERIOR_NB, POSTERIOR_002, BERNOULLI_MODEL))
def bernoulli_posterior_chain(ctx):
    phi0, phi1, phi_y = _bernoulli_symbols()
    phi0, phi1 = phi0[:2], phi1[:2]  # n = 2 words: the four messages x ∈ {0, 1}², symbolic φ
    domains = _probabilities(phi0, phi1, phi_y)
    outcomes = []
    for x in itertools.product((0, 1), repeat=2):
        # the multivariate Bernoulli event model with these parameters, x observed (line 867's
        # generating process); p(·|·) by the definition of a conditional (generative.Discrete)
        model = _bernoulli_event_model(phi0, phi1, phi_y, x)
        reading = _nb_reading(model)
        outcomes.append(chain([
            printed(POSTERIOR, reading, "p(y = 1|x), the model's posterior", part=0),
            printed(POSTERIOR, reading, "Bayes' rule", part=1),
            printed(POSTERIOR_NB, reading, "the NB factorisation of p(x|y), p(x) = Σ_y p(x|y)p(y)"),
        ], "NB-2", "000 §2", f"n=2, x = {x}", domains=domains))
        outcomes.append(chain([
            printed(POSTERIOR_002, reading, "p(y = 1|x)", part=0),
            printed(POSTERIOR_002, reading, "Bayes' rule with p(x) = Σ_y p(x|y)p(y)", part=1),
        ], "NB-2", "002 §1.4.3", f"n=2, x = {x}", domains=domains))
        for label in (0, 1):
            at = _nb_reading(_bernoulli_event_model(phi0, phi1, phi_y, x, label))
            outcomes.append(chain([
                Step(model.joint({"y": label, **{f"x{j + 1}": v for j, v in enumerate(x)}}),
                     "the probability of the message (x, y) under the model"),
                printed(BERNOULLI_MODEL, at, "p(y) Πⱼ p(xⱼ|y)"),
            ], "NB-2", "000 §2.2", f"n=2, x = {x}, y = {label}", domains=domains))

    def residual(p):
        # the reference's product form (exact) and its log-space form (50 digits) agree
        (X, y), alpha = p
        model = NB.bernoulli_fit(X, y, alpha)
        exact = [NB.bernoulli_posterior(model, x) for x in X]
        high = NB.bernoulli_log_posterior(_to_mpf_model(model), X)
        return max(abs(mpmath.exp(h[1]) - S.to_mpf(e)) for h, e in zip(high, exact))
    problems = st.tuples(S.binary_problems(), st.sampled_from([Fraction(1), Fraction(1, 2), Fraction(2)]))
    high = sampled(ctx, problems, residual, mpmath.mpf(10) ** (-(ctx.digits - 5)), n=min(ctx.examples, 20))
    return combine(*outcomes, high)


def _bernoulli_event_model(phi0, phi1, phi_y, observed, label=1):
    """000 §2's model: y ∼ Bernoulli(φ_y), then each word j in the message independently with
    probability φ_{j|y}; x (and y) observed as given."""
    names = [f"x{j + 1}" for j in range(len(observed))]

    def joint(a):
        phi = phi1 if a["y"] else phi0
        out = phi_y if a["y"] else 1 - phi_y
        for f, name in zip(phi, names):
            out *= f if a[name] else 1 - f
        return out
    return Discrete({"y": (0, 1), **{name: (0, 1) for name in names}}, joint,
                    {"y": label, **dict(zip(names, observed))})


def _nb_reading(model, words=None):
    """p(·|·) of ``model``; x the vector of its word features (x_j its j-th, counted from 1; a
    word printed by its number in the notes' vocabulary, 2087, as the feature ``words`` maps it
    to), y the label."""
    markers = [model.marker(f"x{j + 1}") for j in range(len(model.values) - 1)]
    words = words or {}

    def feature(index):
        k = words.get(int(index), int(index))
        if not 1 <= k <= len(markers):
            raise NotationError(f"x_{index} is not a feature of this check (n = {len(markers)})")
        return markers[k - 1]
    x = Indexed(feature) if words else Vector(tuple(markers), first=1)
    return Reading({"p": model.p(), "y": model.marker("y"), "x": x}, sizes={"n": len(markers)})


def _to_mpf_model(model):
    fields = {k: getattr(model, k) for k in model.__dataclass_fields__}
    for k in ("phi_y", "phi_j_y0", "phi_j_y1", "phi_k_y0", "phi_k_y1"):
        if k in fields:
            fields[k] = S.to_mpf(fields[k])
    return type(model)(**fields)


def _bernoulli_parameters(model):
    return [model.phi_y] + list(model.phi_j_y0) + list(model.phi_j_y1)


def _shifted_prior(model):
    """A mutant's fit: φ_y moved a tenth of the way towards ½."""
    fields = {k: getattr(model, k) for k in model.__dataclass_fields__}
    fields["phi_y"] = fields["phi_y"] + (Fraction(1, 2) - fields["phi_y"]) / 10
    return type(model)(**fields)


def _bernoulli_model(parameters, n):
    return NB.BernoulliNB(parameters[0], parameters[1:1 + n], parameters[1 + n:], None, None, None)


LIKELIHOOD = Quote("000", 801, r"\mathcal{L}(\phi_y, \phi_{j|y=0}, \phi_{j|y=1}) = \prod_{i=1}^m p(x^{(i)}, y^{(i)}).")
MLE_J1 = Quote("000", 805, r"\phi_{j|y=1} = \frac{\sum_{i=1}^{m} 1\{x_j^{(i)} = 1 \land y^{(i)} = 1\}}{\sum_{i=1}^{m} 1\{y^{(i)} = 1\}}")
MLE_J0 = Quote("000", 807, r"\phi_{j|y=0} = \frac{\sum_{i=1}^{m} 1\{x_j^{(i)} = 1 \land y^{(i)} = 0\}}{\sum_{i=1}^{m} 1\{y^{(i)} = 0\}}")
MLE_Y = Quote("000", 809, r"\phi_y = \frac{\sum_{i=1}^{m} 1\{y^{(i)} = 1\}}{m}")
FRACTION_OF_SPAM = Quote("000", 811, r"$\phi_{j|y=1}$  is just the fraction of the spam (y=1) emails in which word j does appear")
LIKELIHOOD_002 = Quote("002", 451, r"L(\varphi_y, \varphi_{j|y}) = \prod_{i=1}^m p(x^{(i)}, y^{(i)}; \varphi_y, \varphi_{j|y})")
MLE_Y_002 = Quote("002", 455, r"\varphi_y = \frac{\sum_{i=1}^m \mathbf{1}_{\{y^{(i)}=1\}}}{m}")
PARAMETERS_002 = Quote("002", 439, r"\varphi_{j|y=1} = p(x_j = 1 | y = 1)")
PARAMETERS_002_0 = Quote("002", 443, r"\varphi_{j|y=0} = p(x_j = 1 | y = 0)")
PARAMETERS_002_Y = Quote("002", 447, r"\varphi_y = p(y = 1)")
MAXIMISING = Quote("000", 803, r"Maximizing this with respect to  $\phi_y, \phi_{j|y=0}$  and  $\phi_{j|y=1}$  gives the maximum likelihood estimates:")
MLE_J1_002 = Quote("002", 459, r"\varphi_{j|y=1} = \frac{\sum_{i=1}^m \mathbf{1}_{\{x_j^{(i)}=1, y^{(i)}=1\}}}{\sum_{i=1}^m \mathbf{1}_{\{y^{(i)}=1\}}}")


_PARAMETER_FORMS = {  # the parameters as printed: φ_{j|y=1}, φ_{j|y=0}, φ_y, each as a probability of the model
    "000 φ_{j|y=1}": (Quote("000", 799, r"\phi_{j|y=1} = p(x_j = 1|y=1)"), "phi1"),
    "000 φ_{j|y=0}": (Quote("000", 799, r"\phi_{j|y=0} = p(x_j = 1|y=0)"), "phi0"),
    "000 φ_y": (Quote("000", 799, r"\phi_y = p(y=1)"), "phi_y"),
    "002 φ_{j|y=1}": (PARAMETERS_002, "phi1"), "002 φ_{j|y=0}": (PARAMETERS_002_0, "phi0"),
    "002 φ_y": (PARAMETERS_002_Y, "phi_y"),
}
_WORD_IS_SPAM = {  # 002's glosses of φ_{j|y=1} and φ_{j|y=0}: the word, not the e-mail, called spam
    1: (Quote("002", 437, "If the word j is spam, what is the chance of it appearing?"), "the word j is spam",
        "If the e-mail is spam (y = 1), what is the chance that word j appears in it?"),
    0: (Quote("002", 441, "If the word j is not spam, what is the chance of it appearing?"), "the word j is not spam",
        "If the e-mail is not spam (y = 0), what is the chance that word j appears in it?"),
}
_EMAIL_IS_SPAM = Quote("002", 445, "What is the chance that the next e-mail you receive is spam?")


@check("NB-2", "the parameters are probabilities of the model: φ_{j|y=c} = p(x_j = 1|y = c), φ_y = p(y = 1) "
       "(000 §2, 002 §1.4.3); y is the e-mail's label, so 002's 'if the word j is spam' is a slip", "000 §2; 002 §1.4.3",
       "identity", quotes=(_EMAIL_IS_SPAM, ASSUMPTION_002))
def bernoulli_parameters(ctx):
    phi0, phi1, phi_y = _bernoulli_symbols()
    phi0, phi1 = phi0[:2], phi1[:2]
    outcomes = []
    for j in (1, 2):
        # x_j = 1 and y = c are events of the model; the other word takes either value
        model = _bernoulli_event_model(phi0, phi1, phi_y, (1, 1))
        reading = _nb_reading(model).bind(j=sp.Integer(j))
        for key, (quote, meaning) in _PARAMETER_FORMS.items():
            expected = {"phi1": phi1[j - 1], "phi0": phi0[j - 1], "phi_y": phi_y}[meaning]
            outcomes.append(chain([printed(quote, reading, f"{key[4:]}, as a probability of the model", part=1),
                                   Step(expected, f"the parameter {key[4:]} of the model")],
                                  "NB-2", key[:3], f"n=2, j = {j}", domains=_probabilities(phi0, phi1, phi_y)))
    # the glosses: y is the label of the e-mail (line 445 asks whether 'the next e-mail' is spam, and
    # the formulas condition on y), so a word is not spam or not: the gloss names the wrong thing
    errata, forms = [], []
    label = copies.current().locate(_EMAIL_IS_SPAM)
    for c, (quote, slip, fixed) in _WORD_IS_SPAM.items():
        located = copies.current().locate(quote)
        text = as_printed(located.first.text, fixed, key=quote.text) if located.found else ""
        if slip not in text:
            continue  # this copy glosses φ_{j|y=c} otherwise
        errata.append(Erratum(
            "NB-2", "002 §1.4.3", text.strip(), fixed,
            f"the formula after it is p(x_j = 1 | y = {c}): it conditions on y = {c}, and y is the label of the "
            f"e-mail ({'“' + label.first.text.strip() + '”, line ' + str(label.first.line) + ', is φ_y = p(y = 1)' if label.found else 'φ_y = p(y = 1)'}); "
            f"'the word j is {'' if c else 'not '}spam' gives the label to the word, which the model never labels",
            "slip", quote))
    return with_forms(combine(*outcomes, Outcome(True, "the glosses read", 0.0, "", tuple(errata))), *forms)


@relies_on(NB, "bernoulli_fit", lambda f: lambda X, y, alpha=1: _shifted_prior(f(X, y, alpha)), "φ_y moved towards ½ by a tenth")
@check("NB-2", "the MLE φ_y, φ_{j|y} maximise L: ∂ℓ/∂φ = 0, and no feasible change increases L",
       "000 §2; 002 §1.4.3", "optimality",
       quotes=(LIKELIHOOD, MLE_J1, MLE_J0, MLE_Y, FRACTION_OF_SPAM, LIKELIHOOD_002, MLE_Y_002, MLE_J1_002, PARAMETERS_002,
               PARAMETERS_002_0, PARAMETERS_002_Y, MAXIMISING))
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
    read = {}

    def printed_estimates(p):
        # 000 lines 805-809 and 002 lines 455, 459 read at the drawn data, every j, exactly
        X, y = p
        model = NB.bernoulli_fit(X, y, 0)
        reading = Reading({"x": Examples(tuple(Vector(tuple(r), first=1) for r in X)), "y": Examples(tuple(y))},
                          sizes={"m": len(X)})
        expected = {MLE_J1: model.phi_j_y1, MLE_J0: model.phi_j_y0, MLE_J1_002: model.phi_j_y1}
        for j in range(len(X[0])):
            for quote, phi in expected.items():
                form = form_of(quote, reading.bind(j=sp.Integer(j + 1)), part=1)
                read.setdefault(quote, form)
                if value_of(form) != _rational(phi[j]):
                    return False
        for quote in (MLE_Y, MLE_Y_002):
            form = form_of(quote, reading, part=1)
            read.setdefault(quote, form)
            if value_of(form) != _rational(model.phi_y):
                return False
        # the likelihood these estimates maximise, Πᵢ p(x⁽ⁱ⁾, y⁽ⁱ⁾) as lines 801 (000) and 451 (002)
        # print it, p the fitted model's probability of one message and its label
        def joint(arguments, given, parameters):
            if given or len(arguments) != 2:
                raise NotationError("p(x⁽ⁱ⁾, y⁽ⁱ⁾) of the model takes one message and its label")
            message, label = arguments
            message = list(message) if isinstance(message, sp.MatrixBase) else [message]  # n = 1: a number
            return _rational(NB.bernoulli_likelihood(model, [[int(v) for v in message]], [int(label)]))
        likelihood = reading.bound({"p": Function(joint, given=True),
                                    "varphi": Indexed(lambda text: sp.Symbol(f"φ_{{{text}}}"), by_text=True)})
        for quote in (LIKELIHOOD, LIKELIHOOD_002):
            form = form_of(quote, likelihood, part=1)
            read.setdefault(quote, form)
            if value_of(form) != _rational(NB.bernoulli_likelihood(model, X, y)):
                return False
        return True
    return with_forms(combine(stationary, _exact_points(ctx, problems, no_better),
                              _exact_points(ctx, S.binary_problems(), printed_estimates, cap=10,
                                            label="exact, the printed estimates")), *read.values())


# ---- NB-3 ------------------------------------------------------------------------------------

UNSEEN_1 = Quote("000", 834, r"\phi_{35000|y=1} = \frac{\sum_{i=1}^{m} 1\{x_{35000}^{(i)} = 1 \land y^{(i)} = 1\}}{\sum_{i=1}^{m} 1\{y^{(i)} = 1\}} = 0")
UNSEEN_0 = Quote("000", 836, r"\phi_{35000|y=0} = \frac{\sum_{i=1}^{m} 1\{x_{35000}^{(i)} = 1 \land y^{(i)} = 0\}}{\sum_{i=1}^{m} 1\{y^{(i)} = 0\}} = 0")
ZERO_POSTERIOR = Quote("000", 840, r"p(y=1|x) = \frac{\prod_{j=1}^{n} p(x_j|y=1)p(y=1)}{\prod_{j=1}^{n} p(x_j|y=1)p(y=1) + \prod_{j=1}^{n} p(x_j|y=0)p(y=0)}",
                       reading="p(y = 1) inside each product, as the grammar reads a factor after Π (line 817 brackets it "
                               "outside): numerator and denominator are 0 either way, all the check asks of this line")
ZERO_OVER_ZERO = Quote("000", 841, r"= \frac{0}{0}.")
ZERO_FACTOR = Quote("000", 843, r"includes a term  $p(x_{35000}|y) =$ 0 that is multiplied into it")
NIPS_ZERO = Quote("000", 838, "it thinks the probability of seeing it in either type of email is zero")
ZERO_002 = Quote("002", 467, "Notice that if we have a new word, the probability will be zero divided by zero.")


@relies_on(NB, "bernoulli_fit", lambda f: lambda X, y, alpha=1: f(X, y, 1), "always Laplace-smoothed")
@check("NB-3", "a word never seen in training: φ_{k|y} = 0 for both y and p(y=1|x) = 0/0",
       "000 §2.1; 002 §1.4.4", "derivation", quotes=(UNSEEN_1, UNSEEN_0, ZERO_POSTERIOR, ZERO_OVER_ZERO, ZERO_FACTOR, ZERO_002, NIPS_ZERO))
def zero_over_zero(ctx):
    phi0, phi1, phi_y = _bernoulli_symbols()
    x = (1, 0, 1)  # the message contains word 3, 'nips' (the 35000th of the notes' vocabulary), so x₃ = 1
    # line 840 as printed, on the model with φ_{35000|y} still free, then φ_{35000|y} = 0 (lines
    # 834, 836) in its numerator and denominator apart: both are 0, the '0/0' of line 841
    reading = _nb_reading(_bernoulli_event_model(phi0, phi1, phi_y, x), words={35000: 3})
    form = form_of(ZERO_POSTERIOR, reading, part=1)
    zero_form = form_of(ZERO_OVER_ZERO, reading)
    value = value_of(form)
    unseen = {phi0[2]: 0, phi1[2]: 0}
    if value is not None:
        num, den = sp.fraction(value)
        symbolic_zero = sp.simplify(num.subs(unseen)) == 0 and sp.simplify(den.subs(unseen)) == 0 \
            and sp.simplify(value.subs(phi0[2], phi1[2])) != 0  # not 0 by itself: it is the unseen word
    else:
        symbolic_zero = False
    printed_zero = value_of(zero_form)
    symbolic = with_forms(Outcome(symbolic_zero and printed_zero is sp.nan, "symbolic (n=3)", 0.0,
                                  "" if symbolic_zero else "line 840's numerator or denominator is not 0 after φ_{35000|y} = 0"
                                  if printed_zero is sp.nan else "line 841 does not print 0/0"), form, zero_form)

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
    unseen_forms = {}

    def printed_unseen(p):
        # lines 834 and 836 read at the data with the unseen word as feature 35000: both sides 0
        X, y = p
        X = [row + [0] for row in X]
        n = len(X[0])
        rows = tuple(Indexed(lambda k, r=r: r[(n if int(k) == 35000 else int(k)) - 1]) for r in X)
        reading = Reading({"x": Examples(rows), "y": Examples(tuple(y))}, sizes={"m": len(X)})
        values = []
        for quote in (UNSEEN_1, UNSEEN_0):
            for part in (1, 2):
                form = form_of(quote, reading, part=part)
                unseen_forms.setdefault((quote, part), form)
                values.append(value_of(form))
        return all(v == 0 for v in values)
    return with_forms(combine(symbolic, _exact_points(ctx, S.binary_problems(), reported),
                              _exact_points(ctx, S.binary_problems(), printed_unseen, cap=8,
                                            label="exact, lines 834 and 836")), *unseen_forms.values())


# ---- NB-4 ------------------------------------------------------------------------------------

MULTINOMIAL_MLE = Quote("000", 847, r"\phi_j = \frac{\sum_{i=1}^m 1\{z^{(i)} = j\}}{m}.")
LAPLACE = Quote("000", 851, r"\phi_j = \frac{\sum_{i=1}^m 1\{z^{(i)} = j\} + 1}{m+k}.")
SUMS_TO_ONE = Quote("000", 853, r"Note that  $\sum_{j=1}^{k} \phi_j = 1$  still holds (check this yourself!)")
LAPLACE_NB_1 = Quote("000", 857, r"\phi_{j|y=1} = \frac{\sum_{i=1}^{m} 1\{x_j^{(i)} = 1 \land y^{(i)} = 1\} + 1}{\sum_{i=1}^{m} 1\{y^{(i)} = 1\} + 2}")
LAPLACE_NB_0 = Quote("000", 859, r"\phi_{j|y=0} = \frac{\sum_{i=1}^{m} 1\{x_j^{(i)} = 1 \land y^{(i)} = 0\} + 1}{\sum_{i=1}^{m} 1\{y^{(i)} = 0\} + 2}")
LAPLACE_002 = Quote("002", 471, r"p(x = j) = \frac{\sum_{i=1}^m \mathbf{1}_{\{x^{(i)}=j\}} + 1}{m + k}")
LAPLACE_NB_002 = Quote("002", 475, r"\varphi_{j|y=0} = \frac{\sum_{i=1}^m \mathbf{1}_{\{x_j^{(i)}=1, y^{(i)}=0\}} + 1}{\sum_{i=1}^m \mathbf{1}_{\{y^{(i)}=0\}} + 2}")


@relies_on(NB, "laplace_estimate", lambda f: lambda counts, alpha=1: f(counts, alpha)[::-1], "the estimates in reverse order")
@check("NB-4", "Laplace: Σⱼ (cⱼ + 1)/(m + k) = 1 and every φⱼ > 0; (+1, +2) is k = 2",
       "000 §2.1; 002 §1.4.4", "identity",
       quotes=(MULTINOMIAL_MLE, LAPLACE, SUMS_TO_ONE, LAPLACE_NB_1, LAPLACE_NB_0, LAPLACE_002, LAPLACE_NB_002))
def laplace(ctx):
    k = 4
    c = sp.symbols(f"c1:{k + 1}", nonnegative=True)
    m = sum(c)
    symbolic = chain([Step(sum((cj + 1) / (m + k) for cj in c), "Σⱼ φⱼ with φⱼ = (cⱼ + 1)/(m + k), m = Σcⱼ"),
                      Step(sp.Integer(1), "= 1 (the k added ones make up the + k)")],
                     "NB-4", "000 §2.1", f"k={k}")
    forms = {}

    def read(key, quote, reading, part=None):
        form = form_of(quote, reading, part=part)
        forms.setdefault(key, form)
        return value_of(form)

    def holds(counts):
        # the printed estimates (000 lines 847, 851; 002 line 471) at the sample z⁽¹⁾ … z⁽ᵐ⁾ with these
        # counts, exactly, against the reference; Σⱼ φⱼ = 1 (line 853) with φⱼ as line 851 prints it
        z = [j + 1 for j, cj in enumerate(counts) for _ in range(cj)]
        reading = Reading({"z": Examples(tuple(z)), "x": Examples(tuple(z))}, sizes={"m": len(z), "k": len(counts)})
        phi = NB.laplace_estimate(counts)
        smoothed = [read("000 Laplace", LAPLACE, reading.bind(j=sp.Integer(j)), 1) for j in range(1, len(counts) + 1)]
        smoothed_002 = [read("002 Laplace", LAPLACE_002, reading.bind(j=sp.Integer(j)), 1) for j in range(1, len(counts) + 1)]
        total = read("000 Σ", SUMS_TO_ONE, reading.bind(phi=Indexed(lambda j: smoothed[int(j) - 1])), 0)
        mle_ok = True
        if sum(counts) > 0:
            mle = NB.laplace_estimate(counts, 0)
            printed_mle = [read("000 MLE", MULTINOMIAL_MLE, reading.bind(j=sp.Integer(j)), 1) for j in range(1, len(counts) + 1)]
            mle_ok = sum(mle) == 1 and _same(printed_mle, mle)
        return sum(phi) == 1 and all(p > 0 for p in phi) and mle_ok and _same(smoothed, phi) and \
            _same(smoothed_002, phi) and total == 1
    def holds_reference(counts):
        phi = NB.laplace_estimate(counts)
        mle_ok = True
        if sum(counts) > 0:
            mle = NB.laplace_estimate(counts, 0)
            mle_ok = sum(mle) == 1 and all(p == Fraction(cj, sum(counts)) for p, cj in zip(mle, counts))
        return sum(phi) == 1 and all(p > 0 for p in phi) and mle_ok and \
            all(p == Fraction(cj + 1, sum(counts) + len(counts)) for p, cj in zip(phi, counts))
    samples = st.integers(1, 6).flatmap(S.count_vectors)
    # and one sample with m > 0 at every run: the MLE of line 847 (0/0 where m = 0) is read at it
    at_fixed = holds((2, 0, 1))
    fixed = Outcome(at_fixed, "exact", 0.0 if at_fixed else 1.0,
                    "" if at_fixed else "the printed estimates fail at the counts (2, 0, 1)")
    exact = combine(_exact_points(ctx, samples, holds_reference),
                    _exact_points(ctx, samples, holds, cap=12, label="exact, the printed estimates"), fixed)

    def binary_is_k2(p, printed_too=False):
        # (+1, +2) is Laplace with k = 2; 000 lines 857, 859 and 002 line 475 as printed
        X, y = p
        model = NB.bernoulli_fit(X, y)
        reading = Reading({"x": Examples(tuple(Vector(tuple(r), first=1) for r in X)), "y": Examples(tuple(y))},
                          sizes={"m": len(X)})
        for c, phi in ((0, model.phi_j_y0), (1, model.phi_j_y1)):
            rows = [x for x, label in zip(X, y) if label == c]
            for j in range(len(X[0])):
                ones = sum(x[j] for x in rows)
                if NB.laplace_estimate([len(rows) - ones, ones])[1] != phi[j]:
                    return False
                if not printed_too:
                    continue
                at_j = reading.bind(j=sp.Integer(j + 1))
                printed_ = [read(f"000 y={c}", (LAPLACE_NB_0, LAPLACE_NB_1)[c], at_j, 1)]
                if c == 0:
                    printed_.append(read("002 y=0", LAPLACE_NB_002, at_j, 1))
                if not _same(printed_, [phi[j]] * len(printed_)):
                    return False
        return True
    outcome = combine(symbolic, exact, _exact_points(ctx, S.binary_problems(), binary_is_k2),
                      _exact_points(ctx, S.binary_problems(), lambda p: binary_is_k2(p, True), cap=8,
                                    label="exact, the printed estimates"))
    return with_forms(outcome, *forms.values())


def _same(values, expected):
    """Printed values (sympy, or None where the copy does not print them) equal to the reference's."""
    return len(values) == len(expected) and all(v is not None and v == _rational(e) for v, e in zip(values, expected))


def _rational(v):
    return sp.Rational(v.numerator, v.denominator) if isinstance(v, Fraction) else sp.sympify(v)


NONZERO = Quote("000", 853, r"Also,  $\phi_i \neq 0$  for all values of j, solving our problem of probabilities being estimated as zero.")
OPTIMAL = Quote("000", 853, "Under certain (arguably quite strong) conditions, it can be shown that the Laplace smoothing actually gives the optimal estimator of the",
                reading="the conditions: a uniform prior on φ (Dirichlet(1, …, 1)) and squared error, under which the estimator is the posterior mean")
# φᵢ has one reading in 000 §2.1: the estimate of index i, i running over 1, …, k ('the φᵢ's' of
# lines 849 and 853 are all of them; the prose names the index i where the formulas print j). Under
# it, line 853's 'φᵢ ≠ 0 for all values of j' quantifies a letter its formula does not use.
ZEROS = Quote("000", 849, r"some of the  $\phi_i$ 's might end up as zero, which was a problem",
              reading="φᵢ is the estimate of index i; 'the φᵢ's' are all of them, i = 1, …, k (the prose's letter "
                      "for the index the formulas call j), as at the end of line 853")


def printed_nonzero():
    """(the letter under φ, the letter the quantifier binds, the Form) of line 853's 'φᵢ ≠ 0 for
    all values of j' as this copy prints it; (None, None, Form) where it does not."""
    from ..printed import Form, Variant
    located = copies.current().locate(NONZERO)
    if not located.found:
        return None, None, Form(NONZERO, "missing", f"not found in {copies.current().origin}")
    place = located.first
    bound = re.search(r"for all values of\s+\$?\s*([A-Za-z])\b", place.text)
    try:
        (formula,) = math_of(place.text)
        subject = parse(formula.tex).statements[0].parts[0][1]
        index = text_of(subject.scripts[0][1]) if isinstance(subject, syntax.Scripted) and subject.scripts else None
    except (NotationError, ValueError, IndexError):
        index = None
    if index is None or bound is None:
        return None, None, Form(NONZERO, "unreadable", f"{place.text!r}: no φ_index ≠ 0 for all values of a letter")
    form = Form(NONZERO, "parsed", "", [Variant(place.source, place.line, place.text, index, place.changed)])
    return index, bound.group(1), form


def nonzero_statement(phi, index, quantified="j"):
    """'φ_index ≠ 0 for all values of quantified' on the estimates φ₁..φ_k: with the index the
    quantified letter, the statement is about every φⱼ; with another letter, the quantifier binds
    a letter that does not occur, and the statement says only that the one φᵢ (here i = 1) is
    not 0."""
    return all(p != 0 for p in phi) if index == quantified else phi[0] != 0


@st.composite
def _samples(draw_):
    """A sample z⁽¹⁾ … z⁽ᵐ⁾ of a variable with k values, as counts (k ≤ 3, m ≤ 4)."""
    k = draw_(st.integers(2, 3))
    z = draw_(st.lists(st.integers(1, k), min_size=1, max_size=4))
    return k, tuple(z)


@check("NB-4", "'φᵢ ≠ 0 for all values of j' (000 §2.1) says nothing about φⱼ: the statement Laplace secures "
       "is φⱼ ≠ 0 for every j", "000 §2.1", "identity", quotes=(NONZERO, ZEROS, LAPLACE))
def nonzero_index(ctx):
    """The simplest sample whose maximum-likelihood estimates meet the printed statement while
    one φⱼ is 0 (so the printed statement cannot be what rules zeros out); Laplace's estimates
    meet the statement with j at every drawn sample."""
    printed_index, quantified, form = printed_nonzero()
    if printed_index is None:
        return with_forms(Outcome(False, "searched", 0.0, "line 853's statement is not read"), form)
    index = as_printed(printed_index, quantified, key="φ_i ≠ 0 for all values of j")

    def counts(p):
        k, z = p
        return [sum(1 for v in z if v == j) for j in range(1, k + 1)]
    witness = None if index == quantified else \
        find_witness(_samples(), lambda p: nonzero_statement(NB.laplace_estimate(counts(p), 0), index, quantified)
                     and 0 in NB.laplace_estimate(counts(p), 0), ctx.seed)
    laplace_holds = all(nonzero_statement(NB.laplace_estimate(counts(p)), quantified, quantified)
                        for p in draw(ctx, _samples(), 20))
    errata = ()
    if witness is not None:
        k, z = witness
        mle, smoothed = NB.laplace_estimate(counts(witness), 0), NB.laplace_estimate(counts(witness))
        zero = next(j for j, v in enumerate(mle, start=1) if v == 0)
        errata = (Erratum("NB-4", "000 §2.1", "φᵢ ≠ 0 for all values of j",
                          "φⱼ ≠ 0 for all values of j (j = 1, …, k)",
                          f"k = {k}, the sample {', '.join(f'z{superscript(i)} = {v}' for i, v in enumerate(z, start=1))}: "
                          f"the maximum-likelihood φ = ({', '.join(map(str, mle))}) meets 'φᵢ ≠ 0' at i = 1, yet "
                          f"φ{'₁₂₃'[zero - 1]} = 0; Laplace gives ({', '.join(map(str, smoothed))})", quote=NONZERO),)
    return with_forms(Outcome(laplace_holds, "searched; 20 samples, exact", 0.0,
                              "" if laplace_holds else "a Laplace estimate is 0", errata), form)


@relies_on(NB, "laplace_estimate", lambda f: lambda counts, alpha=1: f(counts, 2 * alpha), "+2 and +2k for +1 and +k")
@check("NB-4", "the 'optimal estimator' reading: (c₁ + 1)/(m + 2) is the posterior mean of φ under a uniform prior",
       "000 §2.1", "identity", quotes=(OPTIMAL,))
def laplace_posterior_mean(ctx):
    """E[φ | c₁ ones in m trials] = ∫φ·φ^c₁(1−φ)^(m−c₁)dφ / ∫φ^c₁(1−φ)^(m−c₁)dφ, integrated
    exactly, equals the reference's Laplace estimate; the posterior mean minimises the expected
    squared error, the sense in which the smoothed estimate is optimal."""
    phi = sp.Symbol("φ", positive=True)

    def holds(p):
        m, c1 = p
        c1 = min(c1, m)
        weight = phi ** c1 * (1 - phi) ** (m - c1)
        mean = sp.integrate(phi * weight, (phi, 0, 1)) / sp.integrate(weight, (phi, 0, 1))
        return mean == NB.laplace_estimate([m - c1, c1])[1]
    return _exact_points(ctx, st.tuples(st.integers(0, 6), st.integers(0, 6)), holds, n=min(ctx.examples, 12))


# ---- NB-5 ------------------------------------------------------------------------------------

BINS = Quote("000", 823, "Living area (sq. feet)\t< 400\t400-800\t800-1200\t1200-1600\t>1600",
             reading="a boundary value goes to the bin it starts: 400 ≤ x < 800 is 2")
BIN_VALUES = Quote("000", 824, r"$\overline{x_i}$" + "\t1\t2\t3\t4\t5", reading="the feature x_j of the text around it")
EXAMPLE_890 = Quote("000", 826, "Thus, for a house with living area 890 square feet, we would set the value of the corresponding feature  $x_j$  to 3.")
K_VALUES = Quote("000", 821, r"the generalization to where  $x_j$  can take values in  $\{1, 2, \ldots, k_j\}$  is straightforward")

LIVING_AREA_EDGES = (400, 800, 1200, 1600)


@relies_on(NB, "discretize", lambda f: lambda values, edges: [v + 1 for v in f(values, edges)], "bins counted from 1")
@check("NB-5", "the living-area table: 890 sq ft is x_j = 3, and every bin of the table", "000 §2", "identity",
       quotes=(BINS, BIN_VALUES, EXAMPLE_890, K_VALUES))
def living_area_bins(ctx):
    """The reference's bins (from 0) plus 1 are the table's values: one area inside each printed
    range, and 890."""
    areas = [200, 600, 890, 1000, 1400, 2000]
    values = [b + 1 for b in NB.discretize(areas, LIVING_AREA_EDGES)]
    passed = values == [1, 2, 3, 3, 4, 5]
    return Outcome(passed, "exact", 0.0, f"areas {areas} → x_j = {values}")


# ---- NB-6 ------------------------------------------------------------------------------------

MLE_K1 = Quote("000", 883, r"\phi_{k|y=1} = \frac{\sum_{i=1}^{m} \sum_{j=1}^{n_i} 1\{x_j^{(i)} = k \land y^{(i)} = 1\}}{\sum_{i=1}^{m} 1\{y^{(i)} = 1\}n_i}")
MLE_K0 = Quote("000", 885, r"\phi_{k|y=0} = \frac{\sum_{i=1}^{m} \sum_{j=1}^{n_i} 1\{x_j^{(i)} = k \land y^{(i)} = 0\}}{\sum_{i=1}^{m} 1\{y^{(i)} = 0\}n_i}")
MLE_Y_MULTI = Quote("000", 887, r"\phi_y = \frac{\sum_{i=1}^{m} 1\{y^{(i)} = 1\}}{m}.")
LAPLACE_V = Quote("000", 889, "we add 1 to the numerators and |V| to the denominators")
LAPLACE_K1 = Quote("000", 891, r"\phi_{k|y=1} = \frac{\sum_{i=1}^{m} \sum_{j=1}^{n_i} 1\{x_j^{(i)} = k \land y^{(i)} = 1\} + 1}{\sum_{i=1}^{m} 1\{y^{(i)} = 1\}n_i + |V|}")
LAPLACE_K0 = Quote("000", 893, r"\phi_{k|y=0} = \frac{\sum_{i=1}^{m} \sum_{j=1}^{n_i} 1\{x_j^{(i)} = k \land y^{(i)} = 0\} + 1}{\sum_{i=1}^{m} 1\{y^{(i)} = 0\}n_i + |V|}.")
PARAMETERS_MULTI_002 = Quote("002", 485, r"and now the parameters are - $\varphi_y = p(y = 1)$; - The choice of the j -th word being k if $y = 0$, i.e.,")
PARAMETER_K0_002 = Quote("002", 487, r"\varphi_{k|y=0} = p(x_j = k | y = 0)")
PARAMETER_K1_002 = Quote("002", 489, r"- The choice of the j -th word being k if $y = 1$.")
MLE_K0_002 = Quote("002", 493, r"\varphi_{k|y=0} = \frac{\sum_{i=1}^m \mathbf{1}_{\{y^{(i)}=0\}} \sum_{j=1}^{n_i} \mathbf{1}_{\{x_j^{(i)}=k\}}}{\sum_{i=1}^m \mathbf{1}_{\{y^{(i)}=0\}} n_i}")
COUNTS_002 = Quote("002", 495, "The denominator is the total number of words in all the non-spam emails, and the numerator counts")
LAPLACE_K0_002 = Quote("002", 499, r"\varphi_{k|y=0} = \frac{\sum_{i=1}^m \mathbf{1}_{\{y^{(i)}=0\}} \sum_{j=1}^{n_i} \mathbf{1}_{\{x_j^{(i)}=k\}} + 1}{\sum_{i=1}^m \mathbf{1}_{\{y^{(i)}=0\}} n_i + 10000}",
                       reading="10000 = |V|, 002's vocabulary of 10000 words")
LAPLACE_VOCABULARY_002 = 10000
PHI_Y_MULTINOMIAL = Quote("000", 873, r"\phi_y = p(y)")
MULTINOMIAL_PARAMETERS = Quote("000", 873, r"The parameters for our new model are  $\phi_y = p(y)$  as before")
VARYING_LENGTH = Quote("000", 869, "note that n can vary for different documents")
LENGTHS = Quote("000", 875, r"(here,  $n_i$  is the number of words in the *i*-training example)")
MULTINOMIAL_MODEL = Quote("000", 871, r"Thus, the overall probability of a message is given by  $p(y) \prod_{j=1}^n p(x_j|y)$")
MULTINOMIAL_L = Quote("000", 877, r"\mathcal{L}(\phi_y, \phi_{k|y=0}, \phi_{k|y=1}) = \prod_{i=1}^m p(x^{(i)}, y^{(i)})")
MULTINOMIAL_L_2 = Quote("000", 879, r"= \prod_{i=1}^m \left( \prod_{j=1}^{n_i} p(x_j^{(i)}|y; \phi_{k|y=0}, \phi_{k|y=1}) \right) p(y^{(i)}; \phi_y).")
MULTINOMIAL_002 = Quote("002", 483, r"p(x, y) = p(x | y)p(y) = \prod_{j=1}^n p(x_j | y)p(y)",
                        reading="p(y) outside the product: p(y)·Πⱼ p(xⱼ|y), as 000 §2.2 writes it")


def _word_probability(word, label, phi):
    """p(xⱼ = word | y = label) with label ∈ {0, 1} a symbol: φ_{word|y=1}^label φ_{word|y=0}^(1−label)."""
    return phi[1][word] ** label * phi[0][word] ** (1 - label)


@check("NB-6", "000 §2.2's likelihood conditions each word on y, not on the example's y⁽ⁱ⁾; φ_y = p(y) is p(y = 1) "
       "only at y = 1", "000 §2.2", "derivation", quotes=(MULTINOMIAL_L, MULTINOMIAL_L_2, MULTINOMIAL_PARAMETERS))
def multinomial_likelihood_label(ctx):
    """Two one-word messages (words 1 and 2 of a two-word vocabulary) with labels y⁽¹⁾, y⁽²⁾ ∈ {0, 1}:
    Πᵢ p(x⁽ⁱ⁾, y⁽ⁱ⁾) under the model, against the printed line with p(xⱼ⁽ⁱ⁾|y), y a label that
    is not the example's."""
    phi = {c: {1: sp.Symbol(f"φ_{{1|y={c}}}", positive=True)} for c in (0, 1)}
    for c in (0, 1):
        phi[c][2] = 1 - phi[c][1]
    phi_y = sp.Symbol("φ_y", positive=True)
    y = sp.Symbol("y", integer=True, nonnegative=True)
    labels_ = [sp.Symbol("y⁽¹⁾", integer=True, nonnegative=True), sp.Symbol("y⁽²⁾", integer=True, nonnegative=True)]
    words = [1, 2]
    prior = lambda t: phi_y ** t * (1 - phi_y) ** (1 - t)  # noqa: E731
    model = sp.Mul(*[_word_probability(w, t, phi) * prior(t) for w, t in zip(words, labels_)])
    domains = {labels_[0]: labels(0, 1), labels_[1]: labels(0, 1), y: labels(0, 1),
               phi[0][1]: probability(), phi[1][1]: probability(), phi_y: probability()}
    reading = _multinomial_reading([[w] for w in words], labels_, phi, phi_y, label=y)
    as_printed_ = printed(MULTINOMIAL_L_2, reading, "000 §2.2 as printed")
    if not symbolically_equal(as_printed_.expr, model):
        as_printed_.corrected = model
        as_printed_.printed = "L = Πᵢ (Πⱼ p(xⱼ⁽ⁱ⁾|y; φ_{k|y=0}, φ_{k|y=1})) p(y⁽ⁱ⁾; φ_y)"
        as_printed_.fixed = "L = Πᵢ (Πⱼ p(xⱼ⁽ⁱ⁾|y⁽ⁱ⁾; φ_{k|y=0}, φ_{k|y=1})) p(y⁽ⁱ⁾; φ_y)"
    likelihood = chain([
        Step(model, "Πᵢ p(x⁽ⁱ⁾, y⁽ⁱ⁾) = Πᵢ (Πⱼ p(xⱼ⁽ⁱ⁾|y⁽ⁱ⁾)) p(y⁽ⁱ⁾), the model of 000 §2.2"),
        printed(MULTINOMIAL_L, reading, "Πᵢ p(x⁽ⁱ⁾, y⁽ⁱ⁾), the joint of each message and its label", part=1),
        as_printed_,
    ], "NB-6", "000 §2.2", "m = 2 one-word messages", domains=domains)
    # 'φ_y = p(y) as before' (line 873): p(y) is the probability of the label's value, as on lines
    # 716, 867 and 879 (p(y⁽ⁱ⁾; φ_y)); 'before' (line 799) φ_y = p(y = 1)
    parameter = printed(PHI_Y_MULTINOMIAL, reading, "'φ_y = p(y) as before'", part=1)
    if not symbolically_equal(parameter.expr, phi_y):
        parameter.corrected = phi_y
        parameter.printed, parameter.fixed = "φ_y = p(y)", "φ_y = p(y = 1), as line 799 prints it"
    return combine(likelihood, chain([Step(phi_y, "φ_y, 000 §2's parameter: p(y = 1) (line 799)"), parameter],
                                     "NB-6", "000 §2.2", "y ∈ {0, 1}", domains=domains))


def _multinomial_reading(documents, labels_, phi, phi_y, size=None, label=None):
    """000 §2.2 and 002 §1.4.5: the messages x⁽ⁱ⁾ (word j of message i is x_j⁽ⁱ⁾, j from 1; word ids as
    given), their lengths nᵢ and labels y⁽ⁱ⁾; p(·) the multinomial event model's: p(x⁽ⁱ⁾, y⁽ⁱ⁾) the
    joint of a message and a label, p(w | y; …) the word probability φ_{w|y}, p(y; φ_y) the prior
    (the parameters after ';' name the model's, which the reading does not need); φ_{k|y=c} its
    table, |V| the vocabulary's size; ``label``: what y printed bare stands for."""
    def prior(t):
        return phi_y ** t * (1 - phi_y) ** (1 - t)

    def word(w, t):
        return _word_probability(w, t, phi) if not isinstance(t, int) else phi[t][w]

    def p(arguments, given, parameters):
        if given:
            ((w,), (t,)) = arguments, given
            return word(w, t)
        if len(arguments) == 2:
            message, t = arguments
            message = list(message) if isinstance(message, sp.MatrixBase) else [message]
            return sp.Mul(*[word(w, t) for w in message]) * prior(t)
        (t,) = arguments
        return prior(t)
    return Reading({"x": Examples(tuple(Vector(tuple(d), first=1) for d in documents)), "y": Examples(tuple(labels_), whole=label),
                    "n": Indexed(lambda i: sp.Integer(len(documents[int(i) - 1]))), "p": Function(p, given=True),
                    "phi": Indexed(lambda text: {"y": phi_y}.get(text, sp.Symbol(f"φ_{{{text}}}")), by_text=True),
                    "varphi": Indexed(lambda text: {"y": phi_y}.get(text, sp.Symbol(f"φ_{{{text}}}")), by_text=True),
                    "V": sp.Integer(size if size is not None else 0)},
                   sizes={"m": len(documents)}, ranges={"i": (1, "m")})


@relies_on(NB, "multinomial_likelihood", lambda f: lambda model, documents, y, ignore_unknown=False: f(model, documents, y, ignore_unknown) * 2,
           "L doubled")
@check("NB-6", "L = Πᵢ p(x⁽ⁱ⁾,y⁽ⁱ⁾) = Πᵢ (Πⱼ p(xⱼ⁽ⁱ⁾|y⁽ⁱ⁾)) p(y⁽ⁱ⁾); 000's and 002's MLE forms agree",
       "000 §2.2; 002 §1.4.5", "derivation",
       quotes=(MULTINOMIAL_PARAMETERS, MULTINOMIAL_MODEL, MULTINOMIAL_L, MULTINOMIAL_002, MLE_K1, MLE_K0_002, COUNTS_002,
               PARAMETERS_MULTI_002, PARAMETER_K0_002, PARAMETER_K1_002,
               VARYING_LENGTH, LENGTHS))
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
    read = {}

    def printed_estimates(p):
        # 000 lines 883-893 and 002 lines 493, 499 read at the drawn messages, for every word k,
        # exactly: the MLE against the fit with α = 0 (where every class has words), Laplace's
        # against the fit with α = 1; 002's Laplace form adds 10000, its vocabulary's size: read
        # with a vocabulary of 10000 words (every k drawn, and the last word, never seen)
        (docs, y, size), _ = p
        plans = [(1, size, (LAPLACE_K0, LAPLACE_K1), range(size)),
                 (1, LAPLACE_VOCABULARY_002, (LAPLACE_K0_002,), [*range(size), LAPLACE_VOCABULARY_002 - 1])]
        if all(any(len(d) for d, label in zip(docs, y) if label == c) for c in (0, 1)):
            plans.append((0, size, (MLE_K0, MLE_K1, MLE_K0_002), range(size)))
        for alpha, vocabulary, quotes, words in plans:
            model = NB.multinomial_fit(docs, y, vocabulary, alpha)
            phi = (model.phi_k_y0, model.phi_k_y1)
            reading = _multinomial_reading(docs, y, phi, model.phi_y, vocabulary)
            for k in words:
                for quote in quotes:
                    form = form_of(quote, reading.bind(k=sp.Integer(k)), part=1)
                    read.setdefault(quote, form)
                    c = 1 if quote in (MLE_K1, LAPLACE_K1) else 0
                    if value_of(form) != _rational(phi[c][k]):
                        return False
            form = form_of(MLE_Y_MULTI, reading, part=1)
            read.setdefault(MLE_Y_MULTI, form)
            if value_of(form) != _rational(model.phi_y):
                return False
        return True
    return with_forms(combine(_exact_points(ctx, problems, holds),
                              _exact_points(ctx, problems, printed_estimates, cap=10, label="exact, the printed estimates")),
                      *read.values())


def _multinomial_feasible(phi, steps):
    """φ + δ on the simplex: δ drawn, shifted to sum to 0, scaled so that φ + δ >= 0."""
    mean = sum(steps) / len(steps)
    delta = [d - mean for d in steps]
    scale = Fraction(1)
    for p, d in zip(phi, delta):
        if d < 0 and p + scale * d < 0:
            scale = min(scale, p / -d)
    return [p + scale * d for p, d in zip(phi, delta)]


@relies_on(NB, "multinomial_fit", lambda f: lambda documents, y, vocabulary_size, alpha=1, ignore_unknown=False: f(documents, y, vocabulary_size, alpha + 1, ignore_unknown),
           "one more added to every count")
@check("NB-6", "the MLE φ_{k|y} maximise L on the simplex (Lagrange: cₖ/φₖ = λ); Laplace = MLE of c + 1",
       "000 §2.2; 002 §1.4.5", "optimality",
       quotes=(MLE_K1, MLE_K0, MLE_Y_MULTI, LAPLACE_V, LAPLACE_K1, LAPLACE_K0, MLE_K0_002, LAPLACE_K0_002))
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
    # 𝓛(φ_y, φ_{k|y=0}, φ_{k|y=1}) (line 877) names one k; maximised in that one φ_{k|y}, the others
    # fixed, the constraint Σₖ φ_{k|y} = 1 leaves it nothing to choose. As φᵢ's at line 849, the
    # argument stands for the family, maximised jointly on the simplex: the Lagrange condition above.
    remark = Erratum(
        "NB-6", "000 §2.2", "𝓛(φ_y, φ_{k|y=0}, φ_{k|y=1}) maximised: the arguments name one word k",
        "the arguments stand for the family φ_{1|y}, …, φ_{|V||y} (as 'the φᵢ's' of line 849), maximised jointly under "
        "Σₖ φ_{k|y} = 1: then (Lagrange) φ_{k|y} = cₖ/Σₖ' c_k', the printed estimates (checked above)",
        "|V| = 2: with φ_{2|y} fixed, Σₖ φ_{k|y} = 1 leaves φ_{1|y} = 1 − φ_{2|y} and nothing to maximise; the "
        "printed estimate c₁/(c₁ + c₂) is the maximiser only when both move together", "remark", MULTINOMIAL_L)
    outcome = combine(stationary, _exact_points(ctx, problems, no_better))
    return Outcome(outcome.passed, outcome.method, outcome.residual, outcome.detail, outcome.errata + (remark,),
                   outcome.quotes, forms=outcome.forms, missing=outcome.missing)


BETTER_FOR_TEXT = Quote("000", 865, "for text classification, there is a related model that does even better")


@relies_on(NB, "multinomial_predict", lambda f: lambda model, documents, ignore_unknown=False: [1 - v for v in f(model, documents, ignore_unknown)],
           "every decision flipped")
@check("NB-6", "SMS Spam Collection: multinomial event model with Laplace smoothing, test accuracy",
       "000 §2.2 (data: reference/data/sms_spam)", "reproduction", quotes=(LAPLACE_V, BETTER_FOR_TEXT))
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


EVENT_MODELS_MEASURE = ("test errors of the multivariate Bernoulli event model less those of the multinomial "
                        "(> 0: the multinomial does better); McNemar's exact two-sided p on the messages they disagree on")


def _binary_features(documents, size):
    """000 §2's features: x_j = 1 when word j appears in the message (the multivariate Bernoulli
    event model), from the token ids of each message."""
    X = np.zeros((len(documents), size), dtype=np.uint8)
    for i, d in enumerate(documents):
        X[i, list(d)] = 1
    return X


def _mcnemar(only_first, only_second):
    """Exact two-sided McNemar p: the chance of a split at least this uneven of the messages the
    two classifiers disagree on, were each equally likely to be right on them."""
    n, k = only_first + only_second, min(only_first, only_second)
    return min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n) if n else 1.0


@relies_on(FNB, "multinomial_predict", lambda f: lambda model, documents, *a, **k: np.zeros(len(documents), dtype=np.int64),
           "every message called ham")
@check("NB-6", "000 §2.2: for text the multinomial event model 'does even better' than the multivariate Bernoulli "
       "one (SMS Spam Collection, Laplace both, same split and vocabulary)", "000 §2.2 (data: reference/data/sms_spam)",
       "reproduction", quotes=(BETTER_FOR_TEXT, Quote("000", 867, "Naive Bayes as presented uses the what's called the **multi-variate Bernoulli event model**")))
def event_models_compared(ctx):
    """Both event models fitted by the fast face on the training messages (Laplace smoothing, as
    000 §2.1 and §2.2 advise), scored on the test messages: the claim holds when the multinomial
    model makes fewer errors, and the report gives McNemar's exact p on the messages where one
    model is right and the other wrong."""
    corpus = NB.sms_spam_corpus()
    size = len(corpus.vocabulary)
    train_y, test_y = np.asarray(corpus.train_labels), np.asarray(corpus.test_labels)
    bernoulli = FNB.bernoulli_fit(_binary_features(corpus.train_documents, size), train_y, 1)
    by_bernoulli = np.asarray(FNB.bernoulli_predict(bernoulli, _binary_features(corpus.test_documents, size)))
    multinomial = FNB.multinomial_fit(corpus.train_documents, train_y, size, 1)
    by_multinomial = np.asarray(FNB.multinomial_predict(multinomial, corpus.test_documents))
    errors = {"Bernoulli": int((by_bernoulli != test_y).sum()), "multinomial": int((by_multinomial != test_y).sum())}
    only_multinomial = int(((by_multinomial == test_y) & (by_bernoulli != test_y)).sum())
    only_bernoulli = int(((by_bernoulli == test_y) & (by_multinomial != test_y)).sum())
    p = _mcnemar(only_multinomial, only_bernoulli)
    m = len(test_y)
    spam = int(test_y.sum())
    caught = {name: int(((pred == 1) & (test_y == 1)).sum()) for name, pred in
              (("Bernoulli", by_bernoulli), ("multinomial", by_multinomial))}
    gap = errors["Bernoulli"] - errors["multinomial"]
    detail = (f"test errors: multinomial {errors['multinomial']}/{m}, Bernoulli {errors['Bernoulli']}/{m} "
              f"(spam caught {caught['multinomial']} and {caught['Bernoulli']} of {spam}); the multinomial alone right on "
              f"{only_multinomial} messages, the Bernoulli alone on {only_bernoulli}: McNemar exact p = {p:.3f}; |V| = {size}")
    return Outcome(gap > 0, f"{m} test messages, float64 (fast face)", float(gap), detail, measure=EVENT_MODELS_MEASURE)


# ---- printed claims no check decides ----------------------------------------------------------

for _line, _text, _reason, _id in (
        (769, "consider building an email spam filter using machine learning", "the motivating example, no formula", "NB-2"),
        (773, "if an email contains the j-th word of the dictionary, then we will set  $x_j = 1$ ; otherwise, we let  $x_j = 0$",
         "a definition of the features (the reference builds them; NB-2 checks the model on them)", "NB-2"),
        (777, "it is more common to look through our training set and encode in our feature vector only the words that occur at least once there",
         "advice on choosing the vocabulary (footnote 2)", "NB-6"),
        (797, "we also exclude the very high frequency words", "advice on stop words (footnote 2)", "NB-6"),
        (795, "the resulting algorithm works well on many problems", "an opinion", "NB-1"),
        (826, "discretizing the features and using Naive Bayes (instead of GDA) will often result in a better classifier",
         "an empirical opinion", "NB-5"),
        (830, "there is a simple change that makes it work much better, especially for text classification",
         "an empirical claim (the SMS reproduction uses the change)", "NB-4"),
        (845, "it is statistically a bad idea to estimate the probability of some event to be zero just because you haven't seen it before",
         "an opinion (its consequence, the 0/0, is checked in NB-3)", "NB-4"),
        (861, "it usually doesn't matter much whether we apply Laplace smoothing to", "an opinion on practice", "NB-4"),
        (895, "the Naive Bayes classifier often works surprisingly well", "an opinion", "NB-6"),
        ):
    unchecked(Quote("000", _line, _text), _reason, _id)

for _line, _text, _reason, _id in (
        (427, "This is called the **multi-variate Bernoulli event model**.", "a definition", "NB-2"),
        (429, "If we have 10000 words, there are 2^{10000} possible values of x .",
         "a count (2ⁿ values of x ∈ {0, 1}ⁿ; the full table's 2ⁿ − 1 parameters are checked in NB-1)", "NB-1"),
        (479, "This is the **multinomial event model**.", "a definition", "NB-6"),
        ):
    unchecked(Quote("002", _line, _text), _reason, _id)
