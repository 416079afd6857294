"""Tools the checks are written with.

Chains, samples, errata
-----------------------
- ``Step(expr, reason, corrected=None, printed=None, fixed=None, nature="slip", quote=None)`` and
  ``chain(steps, id, source, dimensions="", domains=None)``: a printed chain of equalities, each
  step proved equal to the one before it with sympy. A step the notes print wrongly carries its
  ``corrected`` form: the chain shows a point where the printed form differs (the
  counterexample), checks the corrected form instead and reports an ``Erratum`` whose ``quote``
  is the step's. The steps' quotes become the outcome's ``quotes``.
- ``draw`` / ``sampled`` / ``exact``: Hypothesis-drawn inputs (seeded from the context) and a
  residual evaluated at high precision, or a predicate decided exactly, on each.
- ``numeric_erratum``: a printed statement only checkable numerically (``names`` labels the
  drawn point, ``quote`` the printed form).
- ``combine``: one Outcome from several (errata and quotes gathered).

Counterexamples a reader can use
--------------------------------
A counterexample is found by a Hypothesis search with shrinking over each variable's own domain
and printed with the notes' names as simplified exact values ("at φ = 1/2, y = 0: printed gives
2, previous step gives 1/2"). ``chain(..., domains={symbol: Domain})`` says where each variable
lives; without an entry a symbol is drawn by its sympy assumptions (positive, integer, ...) and
named from its sympy name (``theta1`` → θ₁, ``X12`` → X₁₂, ``phi`` → φ). Domains:
``real()``, ``positive()``, ``probability()`` (in (0, 1)), ``labels(0, 1)`` / ``labels(-1, 1)``,
``natural()``, ``positive_definite(n)`` (a key that is a tuple or Matrix of symbols: a
symmetric positive definite matrix, row-major), ``Domain(strategy, name)`` for anything else,
``named("σ²")`` for the default domain under another name. ``counterexample(a, b, domains=...)``
is the search itself; ``find_witness(strategy, predicate, seed)`` the same for any predicate over
any strategy, and ``show_point(point, names)`` / ``show_value(value)`` the formatting.
A chain step whose compared form is not what the reader should see (``_logs``-style rewrites
compare logarithms) keeps the readable form in ``Step.shown``: the search and the values shown
use it.

Mutants: every check shown able to fail (``cs229 audit --self-test``)
---------------------------------------------------------------------
The self-test runs each check once more for each mutant and counts the mutants killed:

- slips seeded in the text (``seeded``): each printed form the check read from the notes, with
  a sign flipped, a factor dropped or doubled, an exponent changed, indices swapped, a summation
  range changed, a transpose dropped or added, a term dropped, in a copy of the notes; killed
  when the verdict at that line changes;
- ``@relies_on(target, name, twin, change)`` on a check function (stack several): during one
  self-test run ``target.name`` (a module attribute, a module-level constant, or a key of a
  dict) is replaced by ``twin(original)``, a perturbed twin (a sign, an off-by-one index, a
  changed constant); ``change`` says what was changed. ``mutated(target, name, replacement)`` is
  the context manager it uses;
- ``as_printed(printed, corrected, key=None)``: for an erratum a check computes by hand, ask for
  the printed form through it; the self-test hands back ``corrected`` (for every call with the
  same key) and expects the erratum to disappear.

``self_test(check, ctx)`` returns a ``SelfTestResult``: mutants tried and killed, the survivors,
and whether every chain-step and erratum mutant died.
"""
import contextlib
import contextvars
import random
import re
import time
from dataclasses import dataclass, field
from fractions import Fraction

import mpmath
import sympy as sp
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample, Unsatisfiable

from .registry import Cited, Erratum, Outcome

__all__ = ["Step", "chain", "symbolically_equal", "counterexample", "draw", "sampled", "exact",
           "numeric_erratum", "combine", "fmt", "NOTES_NEWTON", "damped_newton_step",
           "Domain", "real", "positive", "probability", "labels", "natural", "positive_definite",
           "named", "entries_named", "find_witness", "show_point", "show_value", "pretty_name",
           "relies_on", "mutated", "as_printed", "Mutant", "SelfTestResult", "self_test"]


# ---- steps and chains ------------------------------------------------------------------------

class Step:
    """One line of a printed chain: ``expr`` as printed, the ``reason`` the notes give, and, when
    the printed line is false, the ``corrected`` expression (with ``printed``/``fixed`` texts
    for the errata list). ``quote`` is the line of the notes it reads; ``shown`` the form a
    reader sees when ``expr`` is a rewriting of it (a logarithm, a substitution); ``form`` how
    the printed form was got (``printed.Form``: read from the text, or typed), set by
    ``printed.printed``."""

    def __init__(self, expr, reason="", corrected=None, printed=None, fixed=None, nature="slip",
                 quote=None, shown=None, shown_corrected=None, form=None):
        self.expr = expr
        self.form = form
        self.nature = nature
        self.reason = reason
        self.corrected = corrected
        self.quote = quote
        self.shown = shown
        self.shown_corrected = shown_corrected
        self.printed = printed if printed is not None else _text(expr)
        self.fixed = fixed if fixed is not None else (_text(corrected) if corrected is not None else None)

    def keep_shown(self):
        """Remember the readable forms before ``expr``/``corrected`` are rewritten."""
        if self.shown is None:
            self.shown = self.expr
        if self.shown_corrected is None and self.corrected is not None:
            self.shown_corrected = self.corrected
        return self


def _text(expr):
    return sp.sstr(expr) if expr is not None else ""


def _entries(expr):
    if isinstance(expr, sp.MatrixBase):
        return list(expr)
    return [expr]


def _probe_value(symbol, k):
    """A value for ``symbol`` honouring its assumptions (the k-th probe point)."""
    n = 2 * k + 3
    if symbol.is_integer:
        v = sp.Integer(k + 2)
    else:
        v = sp.Rational(n, 7)
    if symbol.is_negative or symbol.is_nonpositive:
        v = -v
    return v


def _probe_differs(d):
    """True when d is shown nonzero at a probe point (exactly or to 30 digits, as a real number);
    False when the probe is inconclusive."""
    symbols = sorted(d.free_symbols, key=str)
    for k in range(2):
        point = {s: _probe_value(s, k + (i % 3)) for i, s in enumerate(symbols)}
        try:
            value = d.xreplace(point)
            if not value.is_number or value.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
                continue
            value = value.evalf(30)
        except (ZeroDivisionError, ValueError, TypeError, RecursionError):
            continue
        if value.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
            continue
        re_, im_ = value.as_real_imag()
        if not (re_.is_number and im_.is_number):
            continue
        if abs(im_) > 1e-20:
            continue
        if abs(re_) > 1e-12:
            return True
    return False


def symbolically_equal(a, b):
    """True when every entry of a − b simplifies to 0 (shapes must agree). A probe at a point
    that shows a nonzero difference decides 'not equal' quickly; otherwise sympy simplifies."""
    if isinstance(a, sp.MatrixBase) != isinstance(b, sp.MatrixBase):
        return False
    if isinstance(a, sp.MatrixBase) and a.shape != b.shape:
        return False
    for x, y in zip(_entries(a), _entries(b)):
        d = sp.sympify(x - y)
        if d == 0:
            continue
        if _probe_differs(d):
            return False
        d = sp.expand(d)
        if d != 0 and sp.simplify(d) != 0:
            return False
    return True


# ---- domains, names, counterexamples -----------------------------------------------------------

_GREEK = {"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "zeta": "ζ",
          "eta": "η", "theta": "θ", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ",
          "pi": "π", "rho": "ρ", "sigma": "σ", "tau": "τ", "phi": "φ", "chi": "χ", "psi": "ψ",
          "omega": "ω", "Sigma": "Σ", "Theta": "Θ", "Phi": "Φ", "Lambda": "Λ"}
_SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def pretty_name(name):
    """The notes' spelling of a sympy name: 'theta1' → 'θ₁', 'X12' → 'X₁₂', 'phi' → 'φ',
    'phi_y' → 'φ_y'."""
    m = re.fullmatch(r"([A-Za-z]+?)(\d+)", name)
    if m:
        stem, digits = m.groups()
        return _GREEK.get(stem, stem) + digits.translate(_SUBSCRIPT)
    m = re.fullmatch(r"([A-Za-z]+)(_.*)?", name)
    if m:
        stem, rest = m.groups()
        return _GREEK.get(stem, stem) + (rest or "")
    return name


@dataclass(frozen=True)
class Domain:
    """Where a variable lives (a Hypothesis strategy of its values; for a key that is a tuple
    of symbols, of tuples) and the name the notes give it. ``strategy=None``: drawn by the
    symbol's sympy assumptions."""

    strategy: object = None
    name: str = None


def _simple_rationals(lo, hi, max_denominator=8, open_ends=False):
    """The rationals p/q in [lo, hi] (q <= max_denominator), simplest first (small |p| + q,
    positive before negative): drawn from this list, a search shrinks to 0, 1, 1/2, ..."""
    values = {Fraction(p, q) for q in range(1, max_denominator + 1)
              for p in range(int(lo * q) - 1, int(hi * q) + 2)
              if lo <= Fraction(p, q) <= hi and not (open_ends and Fraction(p, q) in (lo, hi))}
    return sorted(values, key=lambda v: (abs(v.numerator) + v.denominator, v.denominator, v < 0))


def real(name=None, lo=-8, hi=8):
    """A real variable: rationals in [lo, hi] with small denominators, simplest first."""
    return Domain(st.sampled_from(_simple_rationals(Fraction(lo), Fraction(hi))), name)


def positive(name=None, hi=8):
    """A positive variable: rationals in (0, hi], simplest first (1, 2, 1/2, ...)."""
    return Domain(st.sampled_from(_simple_rationals(Fraction(0), Fraction(hi), open_ends=True)), name)


def probability(name=None):
    """A probability strictly between 0 and 1 (φ of a Bernoulli): 1/2, 1/3, 2/3, ..."""
    return Domain(st.sampled_from(_simple_rationals(Fraction(0), Fraction(1), 16, open_ends=True)), name)


def labels(*values, name=None):
    """A label in the given set: labels(0, 1), labels(-1, 1), labels(1, 2, 3)."""
    return Domain(st.sampled_from(values), name)


def natural(name=None, lo=0, hi=9):
    """A whole number in [lo, hi] (a count)."""
    return Domain(st.integers(lo, hi), name)


def named(name):
    """The default domain of a symbol, under the notes' name."""
    return Domain(None, name)


def entries_named(matrix, name, domain=None):
    """Domains naming each entry of a matrix of symbols as the notes do: a column vector's
    entries θ₁, θ₂, ..., a matrix's X₁₁, X₁₂, ... (``domain``: where each entry lives)."""
    strategy = domain.strategy if domain is not None else None
    rows, cols = matrix.shape
    out = {}
    for i in range(rows):
        for j in range(cols):
            index = f"{i + 1}" if cols == 1 else (f"{j + 1}" if rows == 1 else f"{i + 1}{j + 1}")
            out[matrix[i, j]] = Domain(strategy, name + index.translate(_SUBSCRIPT))
    return out


def positive_definite(n, name=None):
    """A symmetric positive definite n×n rational matrix, row-major as a tuple (LLᵀ with a
    positive diagonal)."""
    entries = st.fractions(min_value=-2, max_value=2, max_denominator=4)
    diagonal = st.fractions(min_value=Fraction(1, 2), max_value=2, max_denominator=4)

    @st.composite
    def matrices(draw_):
        L = [[draw_(diagonal) if i == j else (draw_(entries) if j < i else Fraction(0)) for j in range(n)]
             for i in range(n)]
        return tuple(sum((L[i][k] * L[j][k] for k in range(n)), Fraction(0)) for i in range(n) for j in range(n))
    return Domain(matrices(), name)


def _default_strategy(symbol):
    if symbol.is_integer:
        return st.integers(0, 9) if symbol.is_nonnegative else st.integers(-5, 5)
    if symbol.is_positive:
        return positive().strategy
    if symbol.is_nonnegative:
        return real(lo=0).strategy
    if symbol.is_negative:
        return st.sampled_from([-v for v in _simple_rationals(Fraction(0), Fraction(8), open_ends=True)])
    return real().strategy


def _keys(domains, symbols):
    """[(key symbols tuple, Domain, is_joint)] covering every symbol: the given domains first,
    then one default per remaining symbol (sorted by name)."""
    out, covered = [], set()
    for key, domain in (domains or {}).items():
        joint = isinstance(key, (tuple, list, sp.MatrixBase))
        syms = tuple(key) if joint else (key,)
        if not isinstance(domain, Domain):
            domain = Domain(domain)
        out.append((syms, domain, joint))
        covered.update(syms)
    for s in sorted(symbols - covered, key=str):
        out.append(((s,), Domain(None, None), False))
    return [(syms, d, joint) for syms, d, joint in out if set(syms) & symbols or not symbols]


def _strategy_of(keys):
    parts = []
    for syms, domain, joint in keys:
        if domain.strategy is not None:
            parts.append(domain.strategy)
        elif joint:
            parts.append(st.tuples(*[_default_strategy(s) for s in syms]))
        else:
            parts.append(_default_strategy(syms[0]))
    return st.tuples(*parts)


def _substitution(keys, values):
    subs = {}
    for (syms, _, joint), v in zip(keys, values):
        if joint:
            for s, x in zip(syms, v):
                subs[s] = sp.sympify(x)
        else:
            subs[syms[0]] = sp.sympify(v)
    return subs


def _numeric(expr, subs):
    """The entries of expr at subs as 30-digit real numbers, or None outside the domain
    (undefined, infinite or complex)."""
    out = []
    for e in _entries(expr):
        try:
            v = sp.sympify(e).xreplace(subs)
            if not v.is_number or v.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
                return None
            v = v.evalf(30)
        except (ZeroDivisionError, ValueError, TypeError, RecursionError):
            return None
        if v.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
            return None
        re_, im_ = v.as_real_imag()
        if not (re_.is_number and im_.is_number) or abs(im_) > 1e-20:
            return None
        out.append(re_)
    return out


def _search_settings(tries):
    return settings(database=None, max_examples=tries, deadline=None,
                    phases=[Phase.generate, Phase.shrink], suppress_health_check=list(HealthCheck))


def find_witness(strategy, predicate, seed=0, tries=200, budget=None):
    """The simplest value of ``strategy`` (after Hypothesis shrinking) at which
    ``predicate`` is True, reproducibly from ``seed``; None when none is found. ``budget``
    caps the evaluations of a costly predicate: past it, values not yet seen count as not
    witnesses, so the search keeps the simplest witness found so far."""
    seen = {}

    def safe(value):
        key = repr(value)
        if key not in seen:
            if budget is not None and len(seen) >= budget:
                return False
            try:
                seen[key] = bool(predicate(value))
            except (ZeroDivisionError, ValueError, ArithmeticError):
                seen[key] = False
        return seen[key]
    try:
        return find(strategy, safe, settings=_search_settings(tries), random=random.Random(seed))
    except (NoSuchExample, Unsatisfiable):
        return None


def show_value(value):
    """A value as the report prints it: exact and simplified, in the notes' spelling
    (√, π, ^), a matrix as nested rows."""
    if isinstance(value, sp.MatrixBase):
        if value.shape[1] == 1:
            return "[" + ", ".join(show_value(v) for v in value) + "]"
        return "[" + ", ".join("[" + ", ".join(show_value(v) for v in value.row(i)) + "]"
                               for i in range(value.shape[0])) + "]"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(show_value(v) for v in value) + "]"
    if isinstance(value, (Fraction, int)):
        return str(value)
    if isinstance(value, (float, mpmath.mpf)):
        return fmt(value)
    text = sp.sstr(value)
    text = text.replace("**", "^").replace("sqrt(", "√(").replace("pi", "π")
    return re.sub(r"\bE\b", "e", text)


def show_point(point, names=None):
    """'φ = 1/2, y = 0' for a point and the names of its coordinates: ``names`` a tuple (one
    per coordinate), a single name (a scalar point), or a function point -> text."""
    if callable(names):
        return names(point)
    if names is None:
        return show_value(point)
    if isinstance(names, str):
        return f"{names} = {show_value(point)}"
    return ", ".join(f"{n} = {show_value(v)}" for n, v in zip(names, point))


def _name_of(syms, domain, joint):
    if domain.name:
        return domain.name
    if joint:
        return "(" + ", ".join(pretty_name(str(s)) for s in syms) + ")"
    return pretty_name(str(syms[0]))


def _simplified(expr, subs):
    """expr at the point, each entry simplified to an exact value (a matrix stays a matrix)."""
    def one(e):
        v = sp.sympify(e).xreplace(subs)
        try:
            return sp.nsimplify(sp.simplify(v))
        except (TypeError, ValueError, NotImplementedError, RecursionError):
            return v
    if isinstance(expr, sp.MatrixBase):
        return expr.applyfunc(one)
    return one(expr)


def counterexample(a, b, seed=0, tries=200, domains=None, labels=("printed", "previous step")):
    """A point of the variables' domains (``domains``, see ``chain``) at which a and b differ,
    found by a Hypothesis search and shrunk, as a readable string with both values in exact
    form; None if none is found."""
    symbols = set().union(*[sp.sympify(e).free_symbols for e in _entries(a) + _entries(b)])
    keys = _keys(domains, symbols)
    if isinstance(a, sp.MatrixBase) != isinstance(b, sp.MatrixBase) or (
            isinstance(a, sp.MatrixBase) and a.shape != b.shape):
        return f"the shapes differ: {_shape(a)} against {_shape(b)}"

    def differs(values):
        subs = _substitution(keys, values)
        va, vb = _numeric(a, subs), _numeric(b, subs)
        if va is None or vb is None:
            return False
        return any(abs(x - y) > 1e-20 * (1 + abs(x) + abs(y)) for x, y in zip(va, vb))
    point = find_witness(_strategy_of(keys), differs, seed, tries)
    if point is None:
        return None
    subs = _substitution(keys, point)
    where = ", ".join(f"{_name_of(*k)} = {show_value(v)}" for k, v in zip(keys, point))
    return (f"at {where}: {labels[0]} gives {show_value(_simplified(a, subs))}, "
            f"{labels[1]} gives {show_value(_simplified(b, subs))}")


def _shape(expr):
    return f"{expr.shape[0]}×{expr.shape[1]}" if isinstance(expr, sp.MatrixBase) else "a scalar"


# ---- the chain -------------------------------------------------------------------------------

def chain(steps, id, source, dimensions="", domains=None):
    """Check a printed chain: steps[k] == steps[k-1] for every k, symbolically.

    Returns an Outcome whose method is 'symbolic' (plus the concrete sizes, e.g. '(n=3)').
    A step with a corrected form is an erratum: it must fail as printed (a counterexample is
    searched over ``domains``) and hold as corrected; the next step is compared with the
    corrected form. A step read from the text (``printed.printed``) is checked at every place
    the copy prints it; where the copy prints it otherwise than the quote (``changed``), it is
    judged as printed there: false, it is an erratum of that copy at its line; true, it passes
    (a slip the copy corrected is no erratum). A step the copy does not print is reported
    missing, and the chain does not pass.
    """
    state = _STATE.get()
    errata, failures, missing = [], [], []
    previous = previous_shown = None
    for k, step in enumerate(steps):
        form = step.form
        if form is not None and form.status in ("missing", "unreadable"):
            missing.append(form)
            continue
        if previous is None:
            previous, previous_shown = step.expr, _shown(step)
            _other_variants(step, previous, previous_shown, id, source, domains, state, errata, k)
            continue
        variants = form.variants if form is not None and form.variants else []
        primary = variants[0] if variants else None
        if primary is not None and primary.changed:
            holds = _judge_as_printed(primary, previous, previous_shown, step, id, source, domains, state, errata)
            _other_variants(step, previous, previous_shown, id, source, domains, state, errata, k)
            if holds:
                previous, previous_shown = primary.value, primary.value
            continue
        _other_variants(step, previous, previous_shown, id, source, domains, state, errata, k)
        if step.corrected is None:
            if not symbolically_equal(step.expr, previous):
                witness = _witness(state, _shown(step), previous_shown, domains)
                failures.append(f"step {k} ({step.reason or 'as printed'}) does not follow: "
                                f"{witness or 'no witness found in the domain'}")
            previous, previous_shown = step.expr, _shown(step)
            continue
        if symbolically_equal(step.expr, previous):
            failures.append(f"step {k} is recorded as an erratum but holds as printed")
        else:
            witness = _witness(state, _shown(step), previous_shown, domains)
            errata.append(Erratum(id, source, step.printed, step.fixed,
                                  witness or "differs symbolically", step.nature, step.quote))
        if not symbolically_equal(step.corrected, previous):
            failures.append(f"step {k}: the corrected form does not follow either")
        previous = step.corrected
        previous_shown = step.shown_corrected if step.shown_corrected is not None else step.corrected
    definitions = list({f.quote: f for s in steps for f in getattr(s, "definitions", ())}.values())
    for form in missing:
        if form.status == "missing":
            failures.append(f"{form.quote.place} ({form.quote.text[:60]}): {form.reason}")
    for form in [s.form for s in steps if s.form is not None] + definitions:
        failures.extend(f"not checked: {u}" for u in form.unreadable)
    method = "symbolic" + (f" ({dimensions})" if dimensions else "")
    quotes = tuple(dict.fromkeys([s.quote for s in steps if s.quote is not None] + [f.quote for f in definitions]))
    forms = tuple(s.form if s.form is not None else _typed_form(s) for s in steps
                  if s.form is not None or s.quote is not None) + tuple(definitions)
    return Outcome(not failures, method, 0.0, "; ".join(dict.fromkeys(failures)) or f"{len(steps) - 1} steps",
                   tuple(errata), quotes, forms=forms,
                   missing=tuple(f.quote for f in missing if f.status == "missing"))


def _typed_form(step):
    """The Form of a quoted step whose expression was typed by hand, not read from the text."""
    from .printed import Form
    return Form(step.quote, "typed", "typed by hand: the check does not read it from the text yet")


def _judge_as_printed(variant, previous, previous_shown, step, id, source, domains, state, errata):
    """A step as this copy prints it, otherwise than the quote: True when it follows from the step
    before it; else an erratum of this copy at the variant's line (and False)."""
    from .printed import Meaningless
    if isinstance(variant.value, Meaningless):
        witness = f"it means nothing: {variant.value.reason}"
    elif symbolically_equal(variant.value, previous):
        return True
    else:
        witness = _witness(state, variant.value, previous_shown, domains)
    where = Cited(variant.source, variant.line, variant.tex)
    errata.append(Erratum(id, source, f"{variant.tex.strip()} (as this copy prints it)",
                          "what the step before it gives (the counterexample shows both)",
                          witness or "differs symbolically", "slip", where))
    return False


def _other_variants(step, previous, previous_shown, id, source, domains, state, errata, k):
    """The places after the first where the copy prints the step (a part printed twice): each
    is judged against the same step before it (the first step: against the first place)."""
    form = step.form
    if form is None or len(form.variants) < 2:
        return
    reference = form.variants[0].value if k == 0 else previous
    shown = reference if k == 0 else previous_shown
    for variant in form.variants[1:]:
        if variant.changed and (k > 0 or not symbolically_equal(variant.value, reference)):
            if k == 0:
                where = Cited(variant.source, variant.line, variant.tex)
                witness = _witness(state, variant.value, shown, domains)
                errata.append(Erratum(id, source, f"{variant.tex.strip()} (as this copy prints it)",
                                      f"as printed at {form.variants[0].source} line {form.variants[0].line}",
                                      witness or "differs symbolically", "slip", where))
            else:
                _judge_as_printed(variant, reference, shown, step, id, source, domains, state, errata)


def _shown(step):
    return step.shown if step.shown is not None else step.expr


def _witness(state, a, b, domains):
    if state is not None and not state.inline:
        return "differs"  # a self-test rerun: only the verdict matters
    return counterexample(a, b, domains=domains)


# ---- sampled and exact checks ------------------------------------------------------------------

def draw(ctx, strategy, n=None):
    """``n`` (default ctx.examples) inputs drawn by Hypothesis from ``strategy``, reproducibly
    from ctx.seed."""
    n = ctx.examples if n is None else n
    out = []

    @hypothesis_seed(ctx.seed)
    @settings(max_examples=n, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck), derandomize=False)
    @given(strategy)
    def collect(example):
        out.append(example)

    collect()
    return out


def fmt(x, digits=6):
    """A short printable form of a number, vector or nested list."""
    if isinstance(x, (list, tuple)):
        return "[" + ", ".join(fmt(v, digits) for v in x) + "]"
    if isinstance(x, Fraction):
        return str(x)
    if isinstance(x, mpmath.mpf):
        return mpmath.nstr(x, digits)
    if isinstance(x, float):
        return f"{x:.{digits}g}"
    return str(x)


def sampled(ctx, strategy, residual, tol, n=None, digits=None, label=None, names=None):
    """Evaluate ``residual(point)`` at mp.dps = digits (default ctx.digits) on drawn points.

    Passes when every residual is <= tol. ``method`` says 'n points at d digits'; on failure
    the detail shows the worst point (with ``names``, see ``show_point``)."""
    digits = ctx.digits if digits is None else digits
    points = draw(ctx, strategy, n)
    worst, worst_point = 0, None
    with mpmath.workdps(digits):
        for p in points:
            r = _magnitude(residual(p))
            if r > worst or worst_point is None:
                worst, worst_point = r, p
    passed = worst <= tol
    method = label or f"{len(points)} points at {digits} digits"
    detail = "" if passed else f"worst residual {fmt(worst)} > {fmt(tol)} at {show_point(worst_point, names)}"
    return Outcome(passed, method, float(worst), detail)


def _magnitude(value):
    """|value|, with NaN counted as infinite (a residual that is not a number fails)."""
    r = abs(value)
    return mpmath.inf if r != r else r


def exact(ctx, strategy, predicate, n=None, label="exact", cap=None, names=None):
    """An exact statement decided point by point: ``predicate(point)`` must be True at every
    drawn point (n, default ctx.examples, at most ``cap``); the first failure is shown."""
    n = ctx.examples if n is None else n
    points = draw(ctx, strategy, n if cap is None else min(n, cap))
    bad = [p for p in points if not predicate(p)]
    return Outcome(not bad, f"{len(points)} points, {label}", 0.0 if not bad else 1.0,
                   f"fails at {show_point(bad[0], names)}" if bad else "")


def numeric_erratum(ctx, id, source, printed, corrected, strategy, printed_residual,
                    corrected_residual, tol, n=None, digits=None, nature="slip", method=None,
                    names=None, quote=None, budget=60, search=None):
    """A printed statement checked numerically: it must fail somewhere and the corrected one
    must hold at every drawn point. The counterexample is the simplest point (Hypothesis
    shrinking over ``search``, default ``strategy``, at most ``budget`` evaluations of the
    residual) where |printed_residual| > tol, shown with ``names``. Give ``search``, a cheap
    strategy over the same domain (small sizes, values from a list), when ``strategy`` is
    costly to draw: shrinking draws many times."""
    digits = ctx.digits if digits is None else digits
    points = draw(ctx, strategy, n)
    state = _STATE.get()

    def fails(residual):
        def predicate(p):
            with mpmath.workdps(digits):
                return _magnitude(residual(p)) > tol
        return predicate
    printed_fails = fails(printed_residual)
    drawn_witness = next((p for p in points if printed_fails(p)), None)
    with mpmath.workdps(digits):
        worst = max((_magnitude(corrected_residual(p)) for p in points), default=0)
    failures = []
    if drawn_witness is None:
        failures.append("recorded as an erratum but the printed form held at every point")
    if worst > tol:
        failures.append(f"corrected form fails: residual {fmt(worst)}")
    errata = ()
    if drawn_witness is not None:
        witness = drawn_witness
        if state is None or state.inline:
            witness = find_witness(search if search is not None else strategy, printed_fails, ctx.seed, budget=budget) or drawn_witness
        errata = (Erratum(id, source, printed, corrected, f"at {show_point(witness, names)}", nature, quote),)
    return Outcome(not failures, method or f"{len(points)} points at {digits} digits", float(worst),
                   "; ".join(failures), errata, (quote,) if quote is not None else ())


def combine(*outcomes):
    """All must pass; methods joined; worst residual; errata and quotes gathered."""
    return Outcome(
        all(o.passed for o in outcomes),
        "; ".join(dict.fromkeys(o.method for o in outcomes)),
        max(o.residual for o in outcomes),
        "; ".join(o.detail for o in outcomes if o.detail and not o.passed)
        or "; ".join(o.detail for o in outcomes if o.detail),
        _unique_errata(e for o in outcomes for e in o.errata),
        tuple(dict.fromkeys(q for o in outcomes for q in o.quotes)),
        forms=tuple(f for o in outcomes for f in o.forms),
        missing=tuple(dict.fromkeys(q for o in outcomes for q in o.missing)),
    )


def _unique_errata(errata):
    """One erratum per printed statement (a chain checked for every j finds it once per j)."""
    seen = {}
    for e in errata:
        seen.setdefault((e.id, e.source, e.printed, e.corrected), e)
    return tuple(seen.values())


# The notes' Newton (000 §7; 002 §1.2.4): from θ = 0, the full step θ := θ − H⁻¹∇ℓ (t = 1). The
# reference damps the step by default and its GLM fit starts from the data; a check of what the
# notes claim of Newton's method (its limit, its quadratic rate) runs the iteration they print.
NOTES_NEWTON = {"start": "zero", "damping": False}


# t recovered from θ₁ − θ₀ is 1 to the working precision only: 10⁻³⁰ (as an mpf, since the float
# 1 + 1e-30 is 1 and a t one ulp of 50 digits above it was refused as outside (0, 1])
_STEP_SLACK = mpmath.mpf(10) ** -30


def damped_newton_step(fit_one_step, system, log_likelihood, theta0):
    """The damped Newton step of cs229.reference.newton checked at one start θ₀ (NW-2, GLM-4):
    ``fit_one_step(θ₀)`` runs one iteration of the reference's Newton and returns θ₁.

    Returns (residual, kind). The residual is 0 when the Newton direction s = A⁻¹∇ℓ is an
    ascent direction (∇ℓᵀs > 0) and either θ₁ = θ₀ + ts lies on it with t in (0, 1] and
    ℓ(θ₁) > ℓ(θ₀) (kind 'full' for t = 1, 'halved' for t < 1), or the step was refused
    (θ₁ = θ₀, kind 'refused') and indeed none of the steps tried, t = 1, 1/2, …, 2⁻³⁰,
    increases ℓ; otherwise the size of the failure."""
    from cs229.reference import linalg
    from cs229.reference.newton import MAX_HALVINGS
    A, g = system(theta0)
    s = linalg.solve_gram(A, g)
    slope = sum(a * b for a, b in zip(g, s))
    ascent = 0 if slope > 0 else 1 + abs(slope)
    theta1 = fit_one_step(theta0)
    if all(a == b for a, b in zip(theta1, theta0)):
        ell0 = log_likelihood(theta0)
        t, gains = 1, []
        for _ in range(MAX_HALVINGS + 1):
            gains.append(log_likelihood([a + t * b for a, b in zip(theta0, s)]) - ell0)
            t = t / 2
        best = max(gains)
        return ascent + (0 if best <= 0 else 1 + abs(best)), "refused"
    t = sum((a - b) * c for a, b, c in zip(theta1, theta0, s)) / sum(c * c for c in s)
    off_direction = max(abs(a - (b + t * c)) for a, b, c in zip(theta1, theta0, s))
    gain = log_likelihood(theta1) - log_likelihood(theta0)
    residual = (off_direction + ascent + (0 if gain > 0 else 1 + abs(gain))
                + (0 if 0 < t <= 1 + _STEP_SLACK else 1 + abs(t)))
    return residual, ("halved" if t < 1 - _STEP_SLACK else "full")


# ---- mutants and the self-test ---------------------------------------------------------------

class _SelfTestState:
    """What one run of a check under the self-test records and changes: ``inline`` (the run
    that tries the chain-step and erratum mutants in place), ``swap`` (the ``as_printed`` key
    whose corrected form is handed back in this run)."""

    def __init__(self, inline=True, swap=None):
        self.inline = inline
        self.swap = swap
        self.mutants = []  # (kind, description, killed)
        self.sites = {}    # as_printed keys, in the order met

    def record(self, kind, description, killed):
        self.mutants.append((kind, description, bool(killed)))


_STATE = contextvars.ContextVar("cs229_proofs_self_test", default=None)


def as_printed(printed, corrected, key=None):
    """The printed form, for an erratum a check computes by hand; under the self-test's erratum
    mutant for this ``key`` (default: the printed form's repr), the corrected one."""
    state = _STATE.get()
    if state is None:
        return printed
    key = repr(printed) if key is None else key
    state.sites.setdefault(key, None)
    return corrected if state.swap == key else printed


@contextlib.contextmanager
def mutated(target, name, replacement):
    """``target.name`` (or ``target[name]`` for a dict) replaced by ``replacement`` inside the
    block, restored after it."""
    if isinstance(target, dict):
        original = target[name]
        target[name] = replacement
        try:
            yield
        finally:
            target[name] = original
    else:
        original = getattr(target, name)
        setattr(target, name, replacement)
        try:
            yield
        finally:
            setattr(target, name, original)


@dataclass(frozen=True)
class Mutant:
    """``target.name`` replaced by ``twin(original)``; ``change`` says what was changed."""

    target: object
    name: str
    twin: object
    change: str

    def applied(self):
        original = self.target[self.name] if isinstance(self.target, dict) else getattr(self.target, self.name)
        return mutated(self.target, self.name, self.twin(original))


def relies_on(target, name, twin, change):
    """Declare on a check function that it relies on ``target.name`` and that
    ``twin(original)`` is a perturbed twin it must catch (stack one decorator per mutant; the
    order with ``@check`` does not matter)."""
    def declare(function):
        mutants = list(getattr(function, "mutants", ()))
        mutants.append(Mutant(target, name, twin, change))
        function.mutants = mutants
        return function
    return declare


@dataclass
class SelfTestResult:
    """One check's self-test: its code mutants (``relies_on``, ``as_printed``) and the slips
    seeded in the text it reads (``text``: ``seeded.TextMutant``s). ``mutants`` and ``killed``
    count both, the text mutants equivalent to the original left out."""
    id: str
    title: str
    mutants: int
    killed: int
    survivors: list = field(default_factory=list)
    baseline: bool = True
    erratum_ok: bool = True
    seconds: float = 0.0
    detail: str = ""
    outcome: object = None  # the unmutated run's Outcome (what the audit would report)
    outcome_seconds: float = 0.0
    kind: str = ""
    text: list = field(default_factory=list)

    @property
    def text_caught(self):
        return sum(m.verdict == "caught" for m in self.text)

    @property
    def ok(self):
        """The check passes unmutated, kills at least one mutant (a derivation or identity: at
        least one slip seeded in a line it reads, when it reads a printed form), and every
        erratum mutant dies."""
        if not self.baseline or not self.erratum_ok or self.killed < 1:
            return False
        reads_text = any(m.verdict != "equivalent" for m in self.text)
        if self.kind in ("derivation", "identity") and reads_text:
            return self.text_caught >= 1
        return True

    @property
    def ok_in_sample(self):
        """What a run seeding a sample of the text's slips can judge: the check passes unmutated,
        every erratum mutant dies and a code mutant, if it has any, is killed. Whether it catches
        a slip in the lines it reads is the whole self-test's to say (a sample may hold one)."""
        code_mutants = self.mutants - sum(m.verdict != "equivalent" for m in self.text)
        code_killed = self.killed - self.text_caught
        return self.baseline and self.erratum_ok and (code_mutants == 0 or code_killed >= 1)

    def data(self):
        return {"id": self.id, "title": self.title, "mutants": self.mutants, "killed": self.killed,
                "ok_in_sample": self.ok_in_sample,
                "text_mutants": {"seeded": len(self.text),
                                 "equivalent": sum(m.verdict == "equivalent" for m in self.text),
                                 "caught": self.text_caught},
                "survivors": list(self.survivors), "ok": self.ok, "seconds": round(self.seconds, 2),
                **({"detail": self.detail} if self.detail else {})}


def _run_quietly(check, ctx, state):
    token = _STATE.set(state)
    try:
        return check.run(ctx), None
    except Exception as e:  # a mutant that makes the check raise is caught: killed
        return None, f"{type(e).__name__}: {e}"
    finally:
        _STATE.reset(token)


def _errata_keys(outcome):
    return {(e.id, e.printed) for e in outcome.errata if e.nature != "convention"} | \
           {(e.id, e.printed, "convention") for e in outcome.errata if e.nature == "convention"}


def self_test(check, ctx, text=True, fraction=1.0):
    """Run ``check`` unmutated, then once per declared code mutant (``relies_on``) and per
    ``as_printed`` site (the erratum's printed form handed back corrected: the erratum must go),
    then on copies of the notes with slips seeded in the printed forms it read (``seeded``;
    ``fraction`` < 1 keeps a seeded sample). A mutant is killed when the check fails, raises, or
    (an erratum mutant) loses an erratum; a text mutant when the verdict at its line changes.
    Perturbations of a chain's own steps are not tried: the unmutated run has proved each step
    equal to its neighbour, so any change would be caught by construction."""
    from .seeded import seed_text

    start = time.perf_counter()
    state = _SelfTestState(inline=True)  # the unmutated run searches its counterexamples, as the audit's
    baseline, error = _run_quietly(check, ctx, state)
    result = SelfTestResult(check.id, check.title, 0, 0, outcome_seconds=time.perf_counter() - start,
                            kind=check.kind)
    result.outcome = baseline if baseline is not None else Outcome(False, "error", float("inf"), error)
    if baseline is None or not baseline.passed:
        result.baseline = False
        result.detail = "the check fails unmutated: " + (error or baseline.detail)
    killed, survivors = [], []
    errata = _errata_keys(baseline) if baseline is not None else set()
    for mutant in check.mutants:
        with mutant.applied():
            outcome, error = _run_quietly(check, ctx, _SelfTestState(inline=False))
        was_killed = outcome is None or not outcome.passed
        (killed if was_killed else survivors).append(("relies_on", mutant.change))
    for key in state.sites:
        outcome, error = _run_quietly(check, ctx, _SelfTestState(inline=False, swap=key))
        was_killed = outcome is None or not outcome.passed or not errata <= _errata_keys(outcome)
        (killed if was_killed else survivors).append(("erratum", f"as printed {key} → corrected"))
        if not was_killed:
            result.erratum_ok = False
    if text and baseline is not None and baseline.passed:
        result.text = seed_text(check, ctx, baseline, fraction=fraction, seed=ctx.seed)
        for m in result.text:
            if m.verdict == "caught":
                killed.append(("text", f"{m.kind} at {m.source} line {m.line}"))
            elif m.verdict == "survived":
                survivors.append(("text", f"{m.kind} at {m.source} line {m.line}: {m.change}"))
    result.mutants = len(killed) + len(survivors)
    result.killed = len(killed)
    result.survivors = [f"{kind}: {description}" for kind, description in survivors]
    result.seconds = time.perf_counter() - start
    return result
