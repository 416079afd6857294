"""The syntax tree of a parsed formula: what the notation grammar (notation.lark) sees, before
any symbol has a meaning. Every node records ``span``, the characters of the formula it covers,
so that a quoted fragment can be traced to the part of a printed chain it names.

A formula is a list of statements (``a = b, c ≥ 0``); a statement a chain of relations between
expressions, possibly opening with a relation (``= θᵀx`` continues a chain printed on an earlier
line). Expressions: sums (``Add``/``Subtract``/``Negate``), quotients (``Divide``), and
juxtapositions (``Juxt``: the factors, big operators, function names and ``\\cdot``s printed
side by side, in order: what they mean together is the reading's business)."""
from dataclasses import dataclass, field

__all__ = ["Node", "Name", "Number", "Partial", "Nabla", "Infinity", "Ellipsis_", "Times", "Func",
           "BigOp", "Scripted", "Group", "Frac", "Binom", "Sqrt", "Styled", "Text", "Matrix",
           "Aligned", "Cases", "Juxt", "Add", "Subtract", "PlusMinus", "Negate", "Divide",
           "Statement", "Formula", "walk"]


@dataclass(frozen=True)
class Node:
    span: tuple = field(default=(0, 0), compare=False, repr=False)


@dataclass(frozen=True)
class Name(Node):
    """A symbol as printed: a letter ('x'), a Greek or other command without its backslash
    ('theta', 'ell', '#'), or a text name ('CrossEnt')."""
    text: str = ""


@dataclass(frozen=True)
class Number(Node):
    text: str = ""


@dataclass(frozen=True)
class Partial(Node):
    pass


@dataclass(frozen=True)
class Nabla(Node):
    pass


@dataclass(frozen=True)
class Infinity(Node):
    pass


@dataclass(frozen=True)
class Ellipsis_(Node):
    """\\ldots, \\cdots, \\vdots, \\dots or '...' standing for the terms a pattern leaves out."""
    text: str = ""


@dataclass(frozen=True)
class Times(Node):
    """An explicit product sign: \\cdot or \\times."""
    text: str = ""


@dataclass(frozen=True)
class Func(Node):
    """A named function printed as an operator: log, exp, tr (\\operatorname{tr}), det, ..."""
    name: str = ""


@dataclass(frozen=True)
class BigOp(Node):
    """Σ, Π, max, min, argmax, ... with its limits; its operand is what follows it in the
    juxtaposition."""
    op: str = ""
    sub: object = None
    sup: object = None


@dataclass(frozen=True)
class Scripted(Node):
    """A base with what is attached to it, in order: ('sub', node), ('sup', node), ('prime', n),
    ('factorial',)."""
    base: object = None
    scripts: tuple = ()


@dataclass(frozen=True)
class Group(Node):
    """Brackets and their content. kind: 'paren', 'bracket', 'set' (\\{ \\}), 'brace' (TeX's
    { }), 'abs' (|…|), 'norm' (\\|…\\|), 'angle' (⟨…⟩). items: the statements inside, seps:
    the separators between them (',', ';', ':', '|', or a text)."""
    kind: str = ""
    items: tuple = ()
    seps: tuple = ()


@dataclass(frozen=True)
class Frac(Node):
    numerator: object = None
    denominator: object = None


@dataclass(frozen=True)
class Binom(Node):
    top: object = None
    bottom: object = None


@dataclass(frozen=True)
class Sqrt(Node):
    body: object = None
    index: object = None


@dataclass(frozen=True)
class Styled(Node):
    """\\hat{γ}, \\vec{y}, \\mathcal{L}, \\mathbf{1}, \\mathbb{R}, ..."""
    style: str = ""
    body: object = None


@dataclass(frozen=True)
class Text(Node):
    text: str = ""


@dataclass(frozen=True)
class Matrix(Node):
    """rows of cells; a cell is a Group-like tuple of statements (usually one), or () when
    empty."""
    rows: tuple = ()


@dataclass(frozen=True)
class Aligned(Node):
    """An aligned / split / array block: its lines, each a Formula."""
    lines: tuple = ()


@dataclass(frozen=True)
class Cases(Node):
    """A cases block: (value, condition) pairs."""
    cases: tuple = ()


@dataclass(frozen=True)
class Juxt(Node):
    items: tuple = ()


@dataclass(frozen=True)
class Add(Node):
    left: object = None
    right: object = None


@dataclass(frozen=True)
class Subtract(Node):
    left: object = None
    right: object = None


@dataclass(frozen=True)
class PlusMinus(Node):
    left: object = None
    right: object = None


@dataclass(frozen=True)
class Negate(Node):
    body: object = None


@dataclass(frozen=True)
class Divide(Node):
    left: object = None
    right: object = None


@dataclass(frozen=True)
class Statement(Node):
    """A chain: parts is ((relation or None, expression or None), ...): 'a = b ≤ c' is
    ((None, a), ('=', b), ('≤', c)); '= b' is (('=', b),). qualifiers: the '∀ i' parts."""
    parts: tuple = ()
    qualifiers: tuple = ()


@dataclass(frozen=True)
class Formula(Node):
    """One printed formula: its statements (separated by commas or words such as 'where') and
    the equation numbers printed with it."""
    statements: tuple = ()
    seps: tuple = ()
    tags: tuple = ()


def walk(node):
    """Every node under ``node`` (itself first), depth first, in printed order."""
    yield node
    if isinstance(node, Node):
        for name in node.__dataclass_fields__:
            if name == "span":
                continue
            value = getattr(node, name)
            yield from _walk_value(value)


def _walk_value(value):
    if isinstance(value, Node):
        yield from walk(value)
    elif isinstance(value, tuple):
        for v in value:
            yield from _walk_value(v)
