"""Slips seeded in the TeX of a printed form, for the audit's self-test (``cs229 audit
--self-test``): each mutant is the formula as a careless copy might print it, and the audit of a
copy holding it must give another verdict at that line.

The kinds are the slips the notes are known to make: a sign flipped, a factor dropped or doubled,
an exponent changed, two indices swapped, a summation range changed, a transpose dropped or
added, a term dropped. Each is made on the parsed formula (its syntax tree's spans), so the
mutant is TeX that parses; a kind that has nothing to act on in a formula makes no mutant there.
"""
import re
from dataclasses import dataclass

from . import syntax as S
from .parse import NotationError, math_of, parse

__all__ = ["Mutant", "KINDS", "mutants"]

KINDS = ("sign flipped", "factor dropped", "factor doubled", "exponent changed",
         "indices swapped", "summation range changed", "transpose dropped", "transpose added",
         "term dropped")


@dataclass(frozen=True)
class Mutant:
    """The formula text with one slip: ``kind``, what was changed (``change``) and the text."""
    kind: str
    change: str
    text: str


def mutants(text, limit_per_kind=1):
    """The mutants of a quoted printed form ``text`` (its TeX, or prose around one $…$), at most
    ``limit_per_kind`` of each kind, in a fixed order."""
    pieces = math_of(text) if "$" in text else []
    if "$" in text and len(pieces) != 1:
        return []
    offset, tex = (pieces[0].start, pieces[0].tex) if pieces else (0, text)
    try:
        formula = parse(tex)
    except NotationError:
        return []
    out, seen = [], {text}
    for kind, maker in _MAKERS:
        made = 0
        for change, new_tex in maker(formula, tex):
            if made >= limit_per_kind:
                break
            mutated = text[:offset] + new_tex + text[offset + len(tex):]
            if mutated in seen:
                continue
            try:
                parse(new_tex)
            except NotationError:
                continue
            seen.add(mutated)
            out.append(Mutant(kind, change, mutated))
            made += 1
    return out


def _edit(tex, start, end, replacement):
    return tex[:start] + replacement + tex[end:]


def _nodes(formula, kind):
    return [n for n in S.walk(formula) if isinstance(n, kind) and n.span != (0, 0)]


# ---- the kinds -----------------------------------------------------------------------------------

def _sign_flipped(formula, tex):
    for n in _nodes(formula, (S.Add, S.Subtract)):
        # the operator between left and right
        between = tex[n.left.span[1]:n.right.span[0]]
        op = "+" if isinstance(n, S.Add) else "-"
        k = between.rfind(op)
        if k < 0:
            continue
        at = n.left.span[1] + k
        yield f"'{op}' made '{'-' if op == '+' else '+'}'", _edit(tex, at, at + 1, "-" if op == "+" else "+")
    for n in _nodes(formula, S.Negate):
        at = tex.find("-", n.span[0])
        if at >= 0:
            yield "a leading '−' dropped", _edit(tex, at, at + 1, "")


def _factors(formula):
    """(juxtaposition, factor) pairs: the factors printed side by side that can go."""
    for n in _nodes(formula, S.Juxt):
        items = [i for i in n.items if i.span != (0, 0) and not isinstance(i, (S.Times, S.BigOp, S.Func))]
        if len(items) >= 2:
            for item in items:
                yield n, item


def _factor_dropped(formula, tex):
    for juxt, item in _factors(formula):
        if isinstance(item, (S.Partial, S.Nabla)) or _is_operator_frac(item):
            continue
        yield f"the factor {tex[item.span[0]:item.span[1]]!r} dropped", _edit(tex, item.span[0], item.span[1], "")


def _factor_doubled(formula, tex):
    seen = set()
    for n in _nodes(formula, (S.Juxt, S.Frac, S.Scripted, S.Group)):
        if n.span in seen or _is_operator_frac(n):
            continue
        seen.add(n.span)
        yield f"{tex[n.span[0]:n.span[1]][:40]!r} doubled", _edit(tex, n.span[0], n.span[0], "2 ")


def _exponent_changed(formula, tex):
    for n in _nodes(formula, S.Scripted):
        for kind, value in n.scripts:
            if kind != "sup" or not isinstance(value, S.Node) or value.span == (0, 0):
                continue
            if isinstance(value, S.Name) and value.text in ("T", "top", "*"):
                continue
            if isinstance(value, S.Group) and value.kind == "paren":
                continue  # an example index x^{(i)}
            piece = tex[value.span[0]:value.span[1]]
            if isinstance(value, S.Number):
                new = str(int(value.text) + 1) if value.text.isdigit() else value.text + "+1"
                yield f"exponent {piece} made {new}", _edit(tex, value.span[0], value.span[1], new)
            else:
                yield f"exponent {piece} doubled", _edit(tex, value.span[0], value.span[1], "{2(" + piece + ")}")


_INDEX_LETTERS = ("i", "j", "k", "l")


def _indices_swapped(formula, tex):
    """The two index letters printed in scripts (subscripts, example superscripts) exchanged in
    the scripts (not elsewhere)."""
    places = {}
    for n in _nodes(formula, S.Scripted):
        for kind, value in n.scripts:
            if kind not in ("sub", "sup") or not isinstance(value, S.Node):
                continue
            for leaf in S.walk(value):
                if isinstance(leaf, S.Name) and leaf.text in _INDEX_LETTERS and leaf.span != (0, 0):
                    places.setdefault(leaf.text, []).append(leaf.span)
    letters = sorted(places)
    if len(letters) >= 2:
        a, b = letters[0], letters[1]
        edits = sorted([(s, b) for s in places[a]] + [(s, a) for s in places[b]], reverse=True)
        out = tex
        for (start, end), letter in edits:
            out = _edit(out, start, end, letter)
        yield f"indices {a} and {b} swapped", out
    elif len(letters) == 1:
        # one index: the first script holding it given another (xⱼ → xᵢ style)
        a = letters[0]
        other = next(x for x in _INDEX_LETTERS if x != a and x not in places)
        start, end = places[a][-1]
        yield f"index {a} made {other} at one place", _edit(tex, start, end, other)


def _summation_range_changed(formula, tex):
    for n in _nodes(formula, S.BigOp):
        if n.op not in ("sum", "prod"):
            continue
        sub = n.sub
        lower = None
        if isinstance(sub, S.Group) and sub.items and len(sub.items[0].parts) == 2:
            lower = sub.items[0].parts[1][1]
        if isinstance(lower, S.Number) and lower.span != (0, 0):
            new = str(int(lower.text) + 1)
            yield f"the {n.op} starts at {new}", _edit(tex, lower.span[0], lower.span[1], new)
        elif n.sup is not None and isinstance(n.sup, S.Node) and n.sup.span != (0, 0):
            piece = tex[n.sup.span[0]:n.sup.span[1]]
            yield f"the {n.op} stops at {piece}−1", _edit(tex, n.sup.span[0], n.sup.span[1], "{" + piece + "-1}")


_TRANSPOSE = re.compile(r"\^\{?\s*(T|\\top)\s*\}?")


def _transpose_dropped(formula, tex):
    for m in _TRANSPOSE.finditer(tex):
        yield "a transpose dropped", _edit(tex, m.start(), m.end(), "")


def _transpose_added(formula, tex):
    in_scripts = {leaf.span for n in _nodes(formula, (S.Scripted, S.BigOp))
                  for kind, value in (n.scripts if isinstance(n, S.Scripted) else (("sub", n.sub), ("sup", n.sup)))
                  if kind in ("sub", "sup") and isinstance(value, S.Node)
                  for leaf in S.walk(value) if isinstance(leaf, S.Node)}
    for n in _nodes(formula, S.Name):
        if n.span in in_scripts:
            continue
        if len(n.text) == 1 and n.text.isupper() or n.text in ("theta", "mu", "w", "x", "z", "alpha"):
            following = tex[n.span[1]:n.span[1] + 2]
            if following.startswith("^") or following.startswith("_"):
                continue
            yield f"{n.text} transposed", _edit(tex, n.span[1], n.span[1], "^T")


def _term_dropped(formula, tex):
    for n in _nodes(formula, (S.Add, S.Subtract)):
        right = n.right
        if right.span == (0, 0):
            continue
        yield f"the term {tex[right.span[0]:right.span[1]][:40]!r} dropped", _edit(tex, n.left.span[1], right.span[1], "")


def _is_operator_frac(node):
    if not isinstance(node, S.Frac):
        return False
    head = node.numerator.items[0] if isinstance(node.numerator, S.Juxt) else node.numerator
    if isinstance(head, S.Scripted):
        head = head.base
    return isinstance(head, S.Partial) or (isinstance(head, S.Name) and head.text == "d")


_MAKERS = (
    ("sign flipped", _sign_flipped),
    ("factor dropped", _factor_dropped),
    ("factor doubled", _factor_doubled),
    ("exponent changed", _exponent_changed),
    ("indices swapped", _indices_swapped),
    ("summation range changed", _summation_range_changed),
    ("transpose dropped", _transpose_dropped),
    ("transpose added", _transpose_added),
    ("term dropped", _term_dropped),
)
