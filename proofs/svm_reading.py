"""Part V's printed names as the checks of margins, duality, the SVM, kernels and SMO read them
(000 V; 001 §11; 002 §1.5; 004): the training set x⁽¹⁾ … x⁽ᵐ⁾ with labels y⁽ⁱ⁾, the parameters
w and b, the multipliers αᵢ (and rᵢ), the slacks ξᵢ and C, bound in one ``Reading``; the value of
a read form at drawn numbers; and a printed relation (a > b, an implication's two sides) read
with its relation, so that a copy printing ≥ for > is judged as it prints it.
"""
from dataclasses import dataclass

import sympy as sp

from .printed import form_of
from .text import Examples, Reading, Vector
from .text.parse import NotationError, parse

__all__ = ["svm_reading", "numbers", "at", "Relation", "printed_relation", "printed_relations", "printed_implications",
           "where", "optimised_over"]


def svm_reading(X=(), y=(), *, x=None, w=None, b=None, alpha=None, xi=None, r=None, C=None, sizes=None,
                **more):
    """The Reading of Part V: ``x`` is the training set X picked by x⁽ⁱ⁾ (``x`` alone the new input),
    ``y`` its labels, ``alpha``, ``xi``, ``r`` the columns picked by αᵢ, ξᵢ, rᵢ (i from 1); m and n
    are the sizes of X, i and j run over 1 … m. ``more`` binds further printed names as printed
    ('x^(i)', 'hat gamma', 'cal L', …)."""
    names = {}
    if len(X):
        names["x"] = Examples(tuple(X), whole=x)
    elif x is not None:
        names["x"] = x
    if len(y):
        names["y"] = Examples(tuple(y))
    for name, value in (("w", w), ("b", b), ("C", C)):
        if value is not None:
            names[name] = value
    for name, value in (("alpha", alpha), ("xi", xi), ("r", r)):
        if value is not None:
            names[name] = Vector(tuple(value), first=1)
    names.update(more)
    m = len(X) or len(y)
    n = X[0].shape[0] if len(X) and isinstance(X[0], sp.MatrixBase) else (w.shape[0] if isinstance(w, sp.MatrixBase) else 0)
    known = {"m": m, "n": n} if m else ({"n": n} if n else {})
    known.update(sizes or {})
    return Reading(names, known, {"i": (1, "m"), "j": (1, "m")} if "m" in known else {})


def numbers(X=(), y=(), **named):
    """``svm_reading`` of a drawn problem: X and the named columns as exact sympy numbers (Fractions
    become Rationals), so that a read form is the number the notes' formula gives there."""
    def exact(v):
        return sp.nsimplify(v) if isinstance(v, float) else sp.sympify(v)
    X_ = [sp.Matrix([exact(v) for v in x]) for x in X]
    out = {}
    for name, value in named.items():
        if name in ("w", "x") and value is not None and isinstance(value, (list, tuple)):
            out[name] = sp.Matrix([exact(v) for v in value])
        elif name in ("alpha", "xi", "r") and value is not None:
            out[name] = [exact(v) for v in value]
        elif value is not None and not isinstance(value, (dict,)):
            out[name] = exact(value) if isinstance(value, (int, float)) or type(value).__name__ == "Fraction" else value
    return svm_reading(X_, tuple(y), **out)


def at(expr, values):
    """``expr`` at numbers: ``values`` pairs a symbol, or a Matrix or list of them, with a number or
    a list of numbers (Fractions and ints stay exact)."""
    subs = {}
    for symbols, numbers in values:
        if isinstance(symbols, (sp.MatrixBase, list, tuple)):
            for s, v in zip(list(symbols), list(numbers)):
                subs[s] = sp.nsimplify(v) if isinstance(v, float) else sp.sympify(v)
        else:
            subs[symbols] = sp.nsimplify(numbers) if isinstance(numbers, float) else sp.sympify(numbers)
    if isinstance(expr, sp.MatrixBase):
        return expr.xreplace(subs)
    return sp.sympify(expr).xreplace(subs)


_RELATIONS = {"=": sp.Eq, "≠": sp.Ne, "<": sp.Lt, ">": sp.Gt, "≤": sp.Le, "≥": sp.Ge}


def where(form, variant):
    """What an erratum found at ``variant`` (a place the copy prints ``form``) quotes: the form's
    quote at its own line as quoted, else the line as this copy prints it."""
    from .registry import Cited
    quote = form.quote
    if variant.line == quote.line and not variant.changed:
        return quote
    return Cited(variant.source, variant.line, variant.tex)


@dataclass(frozen=True)
class Relation:
    """A printed relation ``left relation right`` as the copy prints it at one place (``relation``
    '>' for '>'), with the Forms of its two sides and what an erratum there quotes (``where``)."""
    left: object
    relation: str
    right: object
    forms: tuple
    where: object = None
    changed: bool = False  # printed otherwise than the quote at this place

    def printed(self, text):
        """What an erratum here says is printed: ``text`` (the quote's), or this copy's TeX where it
        prints the relation otherwise."""
        return f"{self.where.text.strip()} (as this copy prints it)" if self.changed else text

    def holds(self, values):
        """True or False at the numbers ``values`` (as ``at``)."""
        truth = _RELATIONS[self.relation](at(self.left, values), at(self.right, values))
        if truth not in (sp.true, sp.false):
            raise NotationError(f"{self.relation} is not decided at these numbers")
        return truth == sp.true

    def read(self):
        """Whether both sides were read from this copy (else ``with_forms`` fails the check)."""
        return self.left is not None and self.right is not None


def printed_relations(quote, reading, statement=0, parts=(0, 1)):
    """The relation the quote prints between elements ``parts`` of its chain (first and second by
    default), at each place the copy being audited prints it, with the relation as printed there;
    [] where the copy does not print it (the Forms say why: ``with_forms`` fails the check)."""
    from .printed import Meaningless, _formula_text

    sides = (form_of(quote, reading, part=parts[0], statement=statement),
             form_of(quote, reading, part=parts[1], statement=statement))
    out = []
    for k, left in enumerate(sides[0].variants):
        if not sides[1].variants:
            break
        right = sides[1].variants[min(k, len(sides[1].variants) - 1)]
        if isinstance(left.value, Meaningless) or isinstance(right.value, Meaningless):
            continue
        formula = parse(_formula_text(left.tex))
        relation = [rel for rel, e in formula.statements[statement].parts if e is not None][parts[1]]
        if relation not in _RELATIONS:
            raise NotationError(f"{quote.place}: a relation {relation!r} is not a comparison")
        out.append(Relation(left.value, relation, right.value, sides, where(sides[0], left),
                            left.changed and not _as_quoted(quote, reading, statement, parts, left.value, relation,
                                                            right.value)))
    return out, sides


def _as_quoted(quote, reading, statement, parts, left, relation, right):
    """Whether a place printing the quote otherwise (spacing aside: 'w^T x' for 'w^Tx') reads to
    the same relation as the quote itself."""
    from .checking import symbolically_equal
    from .printed import _formula_text

    try:
        formula = parse(_formula_text(quote.text))
        quoted = [rel for rel, e in formula.statements[statement].parts if e is not None][parts[1]]
        sides = [reading.expression(formula, part=k, statement=statement) for k in parts]
    except NotationError:
        return False
    return quoted == relation and symbolically_equal(sides[0], left) and symbolically_equal(sides[1], right)


def printed_relation(quote, reading, statement=0, parts=(0, 1)):
    """The first place's Relation (see ``printed_relations``), or one with no sides where the copy
    does not print it."""
    relations, sides = printed_relations(quote, reading, statement, parts)
    return relations[0] if relations else Relation(None, None, None, sides)


def printed_implications(quote, reading, statement=0):
    """An implication the quote prints, 'a = b ⇒ c ≥ d' or '0 < a < C ⇒ c = d', at each place the
    copy prints it: [(premises, conclusions)], each a list of Relations (the chain's consecutive
    pairs either side of ⇒); and the Forms read."""
    from .printed import Meaningless, _formula_text

    formula = parse(_formula_text(quote.text))
    count = len([e for _, e in formula.statements[statement].parts if e is not None])
    forms = tuple(form_of(quote, reading, part=k, statement=statement) for k in range(count))
    out = []
    for k, first in enumerate(forms[0].variants):
        if any(len(f.variants) <= k for f in forms):
            break
        values = [f.variants[k].value for f in forms]
        if any(isinstance(v, Meaningless) for v in values):
            continue
        printed_ = parse(_formula_text(first.tex))
        relations = [rel for rel, e in printed_.statements[statement].parts if e is not None]
        if len(relations) != count:
            continue
        premises, conclusions, side = [], [], None
        for j in range(1, count):
            if relations[j] in ("⇒",):
                side = conclusions
                continue
            target = premises if side is None else conclusions
            if relations[j] not in _RELATIONS:
                raise NotationError(f"{quote.place}: a relation {relations[j]!r} is not a comparison")
            target.append(Relation(values[j - 1], relations[j], values[j], forms, where(forms[0], first), first.changed))
        if side is None:
            raise NotationError(f"{quote.place}: no ⇒ in the printed implication")
        out.append((premises, conclusions))
    return out, forms


def optimised_over(tex):
    """The printed names a min or max of ``tex`` runs over: ('gamma', 'w', 'b') for
    \\min_{\\gamma, w, b} …, ('w',) for \\min_w …; () where it prints none."""
    from . import text as _text  # noqa: F401
    from .printed import _formula_text
    from .text import syntax as S
    from .text.reading import text_of

    for node in S.walk(parse(_formula_text(tex))):
        if isinstance(node, S.BigOp) and node.op in ("min", "max", "argmin", "argmax"):
            sub = node.sub
            if sub is None:
                return ()
            if isinstance(sub, S.Group):
                return tuple(text_of(st.parts[0][1]) for st in sub.items if len(st.parts) == 1)
            return (text_of(sub),)
    return ()
