"""TeX of the notes → syntax tree (syntax.py), with Lark and the grammar in notation.lark.

``parse(tex)`` parses one formula (the content of a ``$…$`` or ``$$…$$``, or a quoted fragment
of one) and raises ``NotationError`` saying where and what it could not read. ``math_of(line)``
cuts a line of a text copy into its formulas with their offsets in the line.
"""
import functools
import os
import re

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedInput

from . import syntax as S
from .tokens import PostLexer

__all__ = ["NotationError", "parse", "math_of", "Math"]

_GRAMMAR = os.path.join(os.path.dirname(__file__), "notation.lark")


class NotationError(ValueError):
    """A formula the grammar cannot read (``where`` is the offset in the formula) or a reading
    cannot give a meaning to."""

    def __init__(self, message, where=None):
        super().__init__(message)
        self.where = where


_POSTLEX = PostLexer()


@functools.lru_cache(maxsize=1)
def _parser():
    return Lark.open(_GRAMMAR, parser="lalr", lexer="basic", postlex=_POSTLEX,
                     propagate_positions=True, maybe_placeholders=False, cache=False)


def _span(meta):
    if getattr(meta, "empty", True):
        return (0, 0)
    return (meta.start_pos, meta.end_pos)


def _token_span(token):
    return (token.start_pos, token.end_pos)


def _single(statements):
    """The expression of a group holding one statement with one expression and no relation."""
    if len(statements) == 1:
        st = statements[0]
        if len(st.parts) == 1 and st.parts[0][0] is None and not st.qualifiers:
            return st.parts[0][1]
    return None


_SEP_TEXT = {"COMMA": ",", "SEMI": ";", "COLON": ":", "MID": "|"}


def _group(kind):
    """The transformer method of a bracket rule: a Group of that kind."""
    def make(self, meta, c):
        inner = [x for x in c if isinstance(x, tuple)]
        statements, seps = inner[0] if inner else ((), ())
        return S.Group(_span(meta), kind, statements, seps)
    return make


@v_args(meta=True)
class _ToSyntax(Transformer):
    def start(self, meta, children):
        return children[0]

    def formula(self, meta, children):
        statements, seps = [], []
        for c in children:
            if isinstance(c, Token):
                seps.append(_SEP_TEXT.get(c.type, _text_of(c)))
            else:
                statements.append(c)
        return S.Formula(_span(meta), tuple(statements), tuple(seps))

    def statement(self, meta, children):
        parts, qualifiers, relation = [], [], None
        for c in children:
            if isinstance(c, tuple) and c and c[0] == "relation":
                if relation is not None:  # two relations in a row: the second opens an empty side
                    parts.append((relation, None))
                relation = c[1]
            elif isinstance(c, tuple) and c and c[0] == "forall":
                qualifiers.append(c)
            else:
                parts.append((relation, c))
                relation = None
        if relation is not None:
            parts.append((relation, None))
        return S.Statement(_span(meta), tuple(parts), tuple(qualifiers))

    def relation(self, meta, children):
        return ("relation", _relation(children[0].value))

    def qualifier(self, meta, children):
        return ("forall", tuple(c for c in children if not isinstance(c, Token)))

    def add(self, meta, c):
        return S.Add(_span(meta), c[0], c[2])

    def subtract(self, meta, c):
        return S.Subtract(_span(meta), c[0], c[2])

    def plus_minus(self, meta, c):
        return S.PlusMinus(_span(meta), c[0], c[2])

    def negate(self, meta, c):
        return S.Negate(_span(meta), c[1])

    def positive(self, meta, c):  # a leading '+'
        return c[1]

    def negate_or_not(self, meta, c):  # a leading ±: both signs
        return S.PlusMinus(_span(meta), S.Number((0, 0), "0"), c[1])

    def divide(self, meta, c):
        return S.Divide(_span(meta), c[0], c[2])

    def juxt(self, meta, items):
        if len(items) == 1:
            return items[0]
        return S.Juxt(_span(meta), tuple(items))

    def func(self, meta, c):
        name = c[0].value
        m = re.fullmatch(r"\\(?:operatorname|mathrm)\{([a-zA-Z]+)\}", name)
        return S.Func(_token_span(c[0]), m.group(1) if m else name[1:])

    def times(self, meta, c):
        return S.Times(_token_span(c[0]), c[0].value)

    def ellipsis(self, meta, c):
        return S.Ellipsis_(_token_span(c[0]), c[0].value)

    def bigop(self, meta, c):
        sub = sup = None
        for kind, value in c[1:]:
            if kind == "sub":
                sub = value
            else:
                sup = value
        return S.BigOp(_span(meta), c[0].value[1:], sub, sup)

    def factor(self, meta, c):
        if len(c) == 1:
            return c[0]
        return S.Scripted(_span(meta), c[0], tuple(c[1:]))

    def subscript(self, meta, c):
        return ("sub", c[1])

    def superscript(self, meta, c):
        return ("sup", c[1])

    def prime(self, meta, c):
        return ("prime", len(c[0].value))

    def factorial(self, meta, c):
        return ("factorial",)

    def braced(self, meta, c):
        statements, seps = c[0] if c else ((), ())
        single = _single(statements)
        return single if single is not None else S.Group(_span(meta), "brace", statements, seps)

    def bare(self, meta, c):
        return _atom_of(c[0])

    # atoms
    def atom(self, meta, c):  # a matrix, an aligned block or cases
        return c[0]

    def name(self, meta, c):
        return _atom_of(c[0])

    def number(self, meta, c):
        return S.Number(_token_span(c[0]), c[0].value)

    def partial(self, meta, c):
        return S.Partial(_token_span(c[0]))

    def nabla(self, meta, c):
        return S.Nabla(_token_span(c[0]))

    def infinity(self, meta, c):
        return S.Infinity(_token_span(c[0]))

    parens = _group("paren")
    brackets = _group("bracket")
    set_braces = _group("set")
    tex_group = _group("brace")
    abs_bars = _group("abs")
    norm_bars = _group("norm")
    angle = _group("angle")

    def inner(self, meta, c):
        statements, seps = [], []
        for x in c:
            if isinstance(x, Token):
                seps.append(_SEP_TEXT.get(x.type, _text_of(x)))
            else:
                statements.append(x)
        return (tuple(statements), tuple(seps))

    def frac(self, meta, c):
        if isinstance(c[1], Token):  # \frac12
            return S.Frac(_span(meta), _atom_of(c[1]), _atom_of(c[2]))
        return S.Frac(_span(meta), _expression(c[1]), _expression(c[2]))

    def binom(self, meta, c):
        return S.Binom(_span(meta), _expression(c[1]), _expression(c[2]))

    def root(self, meta, c):
        return S.Sqrt(_span(meta), _expression(c[2]), _expression(c[1]))

    def sqrt(self, meta, c):
        return S.Sqrt(_span(meta), _expression(c[1]), None)

    def styled(self, meta, c):
        body = c[1] if not isinstance(c[1], Token) else _atom_of(c[1])
        if isinstance(body, tuple):
            body = _expression(body)
        return S.Styled(_span(meta), c[0].value[1:], body)

    def text(self, meta, c):
        return S.Text(_token_span(c[0]), _text_of(c[0]))

    def matrix(self, meta, c):
        rows = tuple(x for x in c if isinstance(x, list))
        return S.Matrix(_span(meta), tuple(tuple(row) for row in rows))

    def row(self, meta, c):
        return [x for x in c if not isinstance(x, Token)]

    def cell(self, meta, c):
        return c[0][0] if c else ()

    def aligned(self, meta, c):
        return S.Aligned(_span(meta), tuple(x for x in c if isinstance(x, S.Formula)))

    def cases(self, meta, c):
        return S.Cases(_span(meta), tuple(x for x in c if isinstance(x, tuple) and len(x) == 2
                                          and not isinstance(x[0], str)))

    def case(self, meta, c):
        inners = [x for x in c if isinstance(x, tuple)]
        value = inners[0][0]
        condition = inners[1][0] if len(inners) > 1 else ()
        return (value, condition)


def _text_of(token):
    v = token.value
    return v[v.index("{") + 1:-1].strip() if "{" in v else v


def _atom_of(token):
    span = _token_span(token)
    v = token.value
    if token.type in ("DIGIT", "NUMBER"):
        return S.Number(span, v)
    if token.type == "FUNC":
        m = re.fullmatch(r"\\(?:operatorname|mathrm)\{([a-zA-Z]+)\}", v)
        return S.Func(span, m.group(1) if m else v[1:])
    return S.Name(span, v[1:] if v.startswith("\\") else v)


def _expression(inner):
    """The content of { } as one node: its expression when it holds just one, else a group."""
    statements, seps = inner
    single = _single(statements)
    return single if single is not None else S.Group((0, 0), "brace", statements, seps)


_RELATIONS = {"\\leq": "≤", "\\le": "≤", "\\geq": "≥", "\\ge": "≥", "\\neq": "≠", "\\ne": "≠",
              "\\approx": "≈", "\\sim": "~", "\\in": "∈", "\\notin": "∉", "\\to": "→",
              "\\rightarrow": "→", "\\mapsto": "↦", "\\Rightarrow": "⇒", "\\implies": "⇒",
              "\\iff": "⇔", "\\Leftrightarrow": "⇔", "\\propto": "∝", "\\equiv": "≡", "\\gg": "≫",
              "\\ll": "≪", "\\subset": "⊂", "\\subseteq": "⊆"}


def _relation(text):
    return _RELATIONS.get(text, text)


def parse(tex):
    """The syntax tree (a ``syntax.Formula``) of one formula's TeX."""
    parser = _parser()
    try:
        tree = parser.parse(tex)
    except UnexpectedCharacters as e:
        raise NotationError(f"cannot read {tex[e.pos_in_stream:e.pos_in_stream + 12]!r} "
                            f"at character {e.pos_in_stream}", e.pos_in_stream) from None
    except UnexpectedInput as e:
        token = getattr(e, "token", None)
        where = getattr(token, "start_pos", None)
        shown = token.value if token is not None and token.type != "$END" else "the end"
        raise NotationError(f"unexpected {shown!r}" + (f" at character {where}" if where is not None else ""),
                            where) from None
    except LarkError as e:
        raise NotationError(str(e).splitlines()[0]) from None
    formula = _ToSyntax().transform(tree)
    tags = tuple(_POSTLEX.tags)
    return S.Formula(formula.span, formula.statements, formula.seps, tags)


class Math:
    """A formula in a line of text: its TeX, where it starts in the line, and whether it is a
    display ($$…$$)."""

    def __init__(self, tex, start, display):
        self.tex, self.start, self.display = tex, start, display

    @property
    def end(self):
        return self.start + len(self.tex)

    def __repr__(self):
        return f"Math({self.tex!r}, {self.start}, display={self.display})"


_DOLLARS = re.compile(r"\$\$(.+?)\$\$|(?<![\\$])\$(?!\$)(.+?)(?<![\\$])\$", re.S)


def math_of(line):
    """The formulas of a line of a text copy: each $$…$$ and $…$ with the offset of its TeX."""
    out = []
    for m in _DOLLARS.finditer(line):
        display = m.group(1) is not None
        group = 1 if display else 2
        out.append(Math(m.group(group), m.start(group), display))
    return out
