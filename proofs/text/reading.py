"""What a printed formula means: the syntax tree of a formula (parse.py) read into the sympy
expression a check compares, by a ``Reading`` that knows what each symbol of the check is.

The grammar sees ``x^{(i)}`` as x with a superscript and ``h_{\\theta}(x)`` as h with a subscript
next to a bracket; the notes mean the i-th training input and the hypothesis applied to x. A
``Reading`` binds each printed name to its role:

- a value: a sympy expression or Matrix (``theta`` → (θ₀, θ₁, θ₂)ᵀ, ``y`` → y);
- ``Vector(values, first=0)``: a column whose entries the subscript picks (θⱼ, x_j);
- ``Examples(values, first=1)``: the training examples, picked by the superscript (x⁽ⁱ⁾, y⁽ⁱ⁾),
  each itself a value or a Vector;
- ``Indexed(function)``: a family picked by its subscript (θᵢ of softmax, μ_{y⁽ⁱ⁾}, φ_{k|y=0});
- ``Function(function)``: applied to its bracketed arguments (h_θ(x), g(z), p(y|x; θ), J(θ));
- ``Operator(function)``: applied to everything printed after it in the product (D in Neto's
  DJ(θ)), as Σ, Π, log, exp, tr, ∂/∂θⱼ and ∇_θ are by default.

Sizes (``m``, ``n``, ``k``, ...) are integers; sums and products with limits are expanded at
them, and a pattern with an ellipsis (``φ₁^… φ₂^… ⋯ φ_k^…``, a column ``y⁽¹⁾ ⋮ y⁽ᵐ⁾``) is
instantiated term by term. Names printed as several letters (``tr`` in ``trABC``, ``CrossEnt``)
are read as one word when the word has a meaning and the letters do not.

Conventions of the notes the reading follows, and says so in ``notes`` when it does: the
operand of Σ, Π, log, tr, ∂/∂θⱼ and ∇ is the rest of the product printed after it; a sum
followed by terms that use its index is read as extending over them (000 line 374 prints
``Σᵢ y⁽ⁱ⁾ log h(x⁽ⁱ⁾) + (1 − y⁽ⁱ⁾) log(1 − h(x⁽ⁱ⁾))``); a 1×1 matrix is its entry.
"""
import itertools
from dataclasses import dataclass, field, replace

import sympy as sp

from . import syntax as S
from .parse import NotationError, parse

__all__ = ["Reading", "Vector", "Examples", "Indexed", "Function", "Operator", "Read", "text_of",
           "NotationError", "Undefined"]


class Undefined(NotationError):
    """A printed form that reads but means nothing: a product of matrices whose shapes do not
    fit, a matrix added to a number. In a copy that prints a form otherwise than the quote, this
    is a finding about the text (its step does not follow), not a gap of the reading."""


# ---- meanings ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Vector:
    """A column whose entries a subscript picks: entry j is values[j − first]."""
    values: tuple
    first: int = 0

    def matrix(self):
        return sp.Matrix(list(self.values))

    def entry(self, index):
        k = _integer(index) - self.first
        if not 0 <= k < len(self.values):
            raise NotationError(f"index {index} is outside {self.first}..{self.first + len(self.values) - 1}")
        return self.values[k]


@dataclass(frozen=True)
class Examples:
    """The training examples, picked by the notes' superscript (i): item i is values[i − first].
    ``whole``: what the name means printed without a superscript (the vector y⃗ of Neto's
    (Xθ − y), one generic example x), if anything."""
    values: tuple
    first: int = 1
    whole: object = None

    def example(self, index):
        k = _integer(index) - self.first
        if not 0 <= k < len(self.values):
            raise NotationError(f"example ({index}) is outside {self.first}..{self.first + len(self.values) - 1}")
        return self.values[k]


@dataclass(frozen=True)
class Indexed:
    """A family picked by its subscript: ``function(index)`` (the index read as a value, or a
    tuple of values for φ_{k|y=0}-style subscripts: (k, ('|', y, 0)) is not attempted; such a
    family gets the subscript's text when ``by_text``). ``whole``: what the name means printed
    without a subscript, if anything (001's p = Σⱼ pⱼ beside pⱼ)."""
    function: object
    by_text: bool = False
    whole: object = None


@dataclass(frozen=True)
class Function:
    """A function applied to its bracketed arguments: ``function(*arguments)``. ``given``:
    called as ``function(arguments, given, parameters)`` for p(y | x; θ)-style brackets."""
    function: object
    given: bool = False


@dataclass(frozen=True)
class Operator:
    """Applied to the rest of the product printed after it: ``function(value)``; bound to
    arg max or arg min, ``function(value, variable)`` with the variable printed under it."""
    function: object


# ---- results -----------------------------------------------------------------------------------

@dataclass
class Read:
    """A printed formula read: its statements, each a list of (relation, value) parts, and the
    notes the reading made on the way (a convention it followed)."""
    statements: list
    notes: list = field(default_factory=list)

    def parts(self, statement=0):
        return self.statements[statement]

    def values(self, statement=0):
        return [v for _, v in self.statements[statement] if v is not None]


# ---- the reading -------------------------------------------------------------------------------

_DEFAULT_RANGES = {}

_GREEK_CONSTANTS = {"pi": sp.pi}

# words the notes print in plain letters that have a meaning of their own (trABC is tr(ABC))
_WORDS = ("tr",)


class Reading:
    """The meanings of a check's symbols and its sizes. ``names`` maps a printed name to its
    meaning: a letter ('x'), a command without backslash ('theta', 'ell'), a styled name
    ('vec y', 'hat gamma', 'cal L', 'bf 1'), a name with primes ("A'"), a name with its
    subscript as printed ('h_theta', 'theta_cal P'), or a word ('tr', 'CrossEnt'). ``sizes``
    gives the integers of m, n, k, ...; ``ranges`` the default range of an index summed without
    limits ({'i': (1, 'm')}). ``e`` is Euler's number and ``pi`` π unless bound otherwise."""

    def __init__(self, names=None, sizes=None, ranges=None, definitions=()):
        self.names = dict(names or {})
        self.sizes = dict(sizes or {})
        self.ranges = dict(ranges or {})
        self.definitions = tuple(definitions)  # the printed definitions read into it (Forms)

    def bind(self, **more):
        """A reading with more names bound (an index fixed: ``reading.bind(j=1)``); a name that
        is not a Python identifier goes through ``bound``."""
        return self.bound(more)

    def bound(self, more):
        names = dict(self.names)
        names.update(more)
        return Reading(names, self.sizes, self.ranges, self.definitions)

    def with_definition(self, form):
        return Reading(self.names, self.sizes, self.ranges, self.definitions + (form,))

    # -- entry points ---------------------------------------------------------------------------

    def read(self, tex):
        """The formula ``tex`` read: a ``Read`` with each statement's (relation, value) parts."""
        formula = parse(tex) if isinstance(tex, str) else tex
        notes = []
        statements = []
        for st in formula.statements:
            parts = []
            for relation, expr in st.parts:
                parts.append((relation, None if expr is None else self.value(expr, {}, notes)))
            statements.append(parts)
        return Read(statements, notes)

    def expression(self, tex, part=None, statement=0):
        """The value of one printed expression: the only one of ``tex`` (a quoted element,
        possibly opening with '='), or part number ``part`` of its chain (only that part is
        read)."""
        formula = parse(tex) if isinstance(tex, str) else tex
        if not 0 <= statement < len(formula.statements):
            raise NotationError(f"the formula holds {len(formula.statements)} statements, not {statement + 1}")
        expressions = [e for _, e in formula.statements[statement].parts if e is not None]
        if part is None:
            if len(expressions) != 1:
                raise NotationError(f"the formula holds {len(expressions)} expressions; say which (part=)")
            part = 0
        if not -len(expressions) <= part < len(expressions):
            raise NotationError(f"the formula holds {len(expressions)} expressions, not {part + 1}")
        return self.value(expressions[part], {}, [])

    # -- values ----------------------------------------------------------------------------------

    def value(self, node, scope, notes):
        method = getattr(self, "_" + type(node).__name__.lower().rstrip("_"), None)
        if method is None:
            raise NotationError(f"no reading of {type(node).__name__}")
        return _collapse(method(node, scope, notes))

    def _number(self, node, scope, notes):
        return sp.Rational(node.text) if "." in node.text else sp.Integer(node.text)

    def _infinity(self, node, scope, notes):
        return sp.oo

    def _name(self, node, scope, notes):
        meaning = self._meaning(node.text, scope)
        if meaning is None:
            raise NotationError(f"{_show(node)} has no meaning in this check")
        return _as_value(meaning)

    def _styled(self, node, scope, notes):
        key = text_of(node)
        meaning = self._meaning(key, scope)
        if meaning is None:
            if node.style in ("left", "right"):
                return self.value(node.body, scope, notes)
            raise NotationError(f"{key} has no meaning in this check")
        return _as_value(meaning)

    def _text(self, node, scope, notes):
        meaning = self._meaning(node.text, scope)
        if meaning is None:
            raise NotationError(f"the text {node.text!r} has no meaning in this check")
        return _as_value(meaning)

    def _meaning(self, key, scope):
        if key in scope:
            return scope[key]
        if key in self.names:
            return self.names[key]
        if key in self.sizes:
            return sp.Integer(self.sizes[key])
        if key == "e":
            return sp.E
        if key in _GREEK_CONSTANTS:
            return _GREEK_CONSTANTS[key]
        return None

    # -- scripts --------------------------------------------------------------------------------

    def _scripted(self, node, scope, notes):
        base = node.base
        scripts = list(node.scripts)
        if _is_indicator(base, scripts) and self._meaning(text_of(base), scope) is None:
            # 002's 𝟏_{y⁽ⁱ⁾ = 1}: the indicator of the event in its subscript, as 000's 1{y⁽ⁱ⁾ = 1}
            value = self._indicator(scripts[0][1], scope, notes)
            for script in scripts[1:]:
                value = self._script(value, script, scope, notes)
            return value
        meaning, scripts = self._scripted_meaning(base, scripts, scope, notes)
        for script in scripts:
            meaning = self._script(meaning, script, scope, notes)
        return _as_value(meaning)

    def _scripted_meaning(self, base, scripts, scope, notes):
        """The meaning of the base, taking the scripts that are part of its name: h_θ as bound,
        A' as bound, w^* as bound."""
        if isinstance(base, (S.Name, S.Styled, S.Text)):
            key = text_of(base)
            # the longest run of leading scripts that names something bound
            for cut in range(len(scripts), 0, -1):
                longer = key + "".join(_script_text(s) for s in scripts[:cut])
                meaning = self._meaning(longer, scope)
                if meaning is not None:
                    return meaning, _example_first(meaning, scripts[cut:])
            meaning = self._meaning(key, scope)
            if meaning is None:
                raise NotationError(f"{key} has no meaning in this check")
            return meaning, _example_first(meaning, scripts)
        return self.value(base, scope, notes), scripts

    def _script(self, meaning, script, scope, notes):
        kind = script[0]
        if kind == "prime":
            return _derivative_of_function(meaning, script[1])
        if kind == "factorial":
            return sp.factorial(_as_value(meaning))
        node = script[1]
        if kind == "sub":
            return self._subscript(meaning, node, scope, notes)
        return self._superscript(meaning, node, scope, notes)

    def _subscript(self, meaning, node, scope, notes):
        if isinstance(meaning, Indexed):
            if meaning.by_text:
                return meaning.function(text_of(node))
            return meaning.function(*self._indices(node, scope, notes))
        if isinstance(meaning, Vector):
            (index,) = self._indices(node, scope, notes)
            return meaning.entry(index)
        if isinstance(meaning, Examples):
            if meaning.whole is None:
                raise NotationError("a training set is picked by its superscript (i), not a subscript")
            return self._subscript(meaning.whole, node, scope, notes)
        value = _as_value(meaning)
        if isinstance(value, sp.MatrixBase):
            indices = self._indices(node, scope, notes, pairs=value.shape[1] > 1 and value.shape[0] > 1)
            if len(indices) == 2:
                return value[_integer(indices[0]) - 1, _integer(indices[1]) - 1]
            (index,) = indices
            return value[_integer(index) - 1]
        raise NotationError(f"a subscript on a scalar ({sp.sstr(value)}) that is not an index of anything")

    def _indices(self, node, scope, notes, pairs=False):
        """A subscript as indices: 'j' → (j,), 'ij' → (i, j), '12' on a matrix → (1, 2)."""
        if isinstance(node, S.Juxt) and all(isinstance(i, (S.Name, S.Number)) for i in node.items):
            return tuple(self.value(i, scope, notes) for i in node.items)
        if pairs and isinstance(node, S.Number) and len(node.text) == 2:
            return (sp.Integer(node.text[0]), sp.Integer(node.text[1]))
        if isinstance(node, S.Group) and node.kind == "brace":
            return tuple(self.value(_only(st), scope, notes) for st in node.items)
        return (self.value(node, scope, notes),)

    def _superscript(self, meaning, node, scope, notes):
        # x^{(i)}: the i-th example
        if isinstance(node, S.Group) and node.kind == "paren" and isinstance(meaning, Examples):
            (index,) = [self.value(_only(st), scope, notes) for st in node.items]
            return meaning.example(index)
        if isinstance(node, S.Juxt) and isinstance(meaning, Examples) and isinstance(node.items[0], S.Group):
            # x^{(i)T}
            example = self._superscript(meaning, node.items[0], scope, notes)
            return self._superscript(example, S.Juxt(node.span, node.items[1:]) if len(node.items) > 2
                                     else node.items[1], scope, notes)
        if isinstance(meaning, Examples):
            if meaning.whole is None:
                raise NotationError("the training examples are picked by a superscript (i)")
            meaning = meaning.whole
        if _is_name(node, "T") or _is_name(node, "top"):
            return _transpose(_as_value(meaning))
        if _is_name(node, "*"):
            raise NotationError("an optimum (^*) has no meaning in this check")
        value = _as_value(meaning)
        exponent = self.value(node, scope, notes)
        if isinstance(value, sp.MatrixBase):
            if exponent == -1:
                return value.inv()
            if value.shape[1] == 1 and exponent == 2:
                return (value.T * value)[0]
            return value ** exponent
        return value ** exponent

    # -- brackets --------------------------------------------------------------------------------

    def _group(self, node, scope, notes):
        if node.kind in ("paren", "bracket", "brace", "set"):
            if len(node.items) == 1 and not node.seps:
                return self.value(_only(node.items[0]), scope, notes)
            raise NotationError(f"a bracket holding {len(node.items)} things is not a value")
        if node.kind == "abs":
            value = self.value(_only(node.items[0]), scope, notes)
            return value.det() if isinstance(value, sp.MatrixBase) else sp.Abs(value)
        if node.kind == "norm":
            value = self.value(_only(node.items[0]), scope, notes)
            if not isinstance(value, sp.MatrixBase):
                return sp.Abs(value)
            return sp.sqrt((value.T * value)[0])
        if node.kind == "angle":
            a, b = (self.value(_only(st), scope, notes) for st in node.items)
            return _collapse(_transpose(a) * b) if isinstance(a, sp.MatrixBase) else a * b
        raise NotationError(f"no reading of a {node.kind} group")

    def _arguments(self, group, scope, notes):
        items = [_only(st) for st in group.items]
        if any(isinstance(i, S.Ellipsis_) for i in items):
            items = self._expand_ellipsis_arguments(items, scope, notes)
        return tuple(self.value(i, scope, notes) for i in items)

    def _expand_ellipsis_arguments(self, items, scope, notes):
        """Arguments printed with an ellipsis, W(α₁, α₂, …, αₘ) or W(a, α₂, …, αₘ) (000 line
        1406): the arguments it stands for, by the pattern of the two (or the one) printed just
        before it and the one printed after it; the arguments before the pattern stay as printed."""
        k = next(i for i, t in enumerate(items) if isinstance(t, S.Ellipsis_))
        before, after = items[:k], items[k + 1:]
        if not before or not after:
            raise NotationError("an ellipsis among arguments with no argument on one side")
        if isinstance(after[0], S.Ellipsis_):
            raise NotationError("two ellipses in a row among arguments")
        if any(isinstance(t, S.Ellipsis_) for t in after):
            # W(α₁, …, α_{i−1}, α̂ᵢ, α_{i+1}, …, αₘ) (000 line 1337): the later ellipses first; the
            # argument after this one ends its pattern and may open the next
            after = self._expand_ellipsis_arguments(after, scope, notes)
        for start in dict.fromkeys((max(0, k - 2), k - 1)):
            try:
                middle = self._instantiate(before[start:], after[0], scope, notes)
            except NotationError:
                continue
            return before[:start] + middle + after[1:]
        raise NotationError("an ellipsis whose arguments follow no pattern")

    # -- fractions, roots ------------------------------------------------------------------------

    def _frac(self, node, scope, notes):
        if _is_differential(node):
            order, variables, inner = _differential(node)
            if inner:
                # ∂²ℓ(θ)/∂θᵢ∂θⱼ standing alone: the operand is in the numerator (000 line 428)
                return self._derivative(inner, variables, order, scope, notes)
            raise NotationError("a derivative operator with nothing to act on")
        return _divide(self.value(node.numerator, scope, notes), self.value(node.denominator, scope, notes))

    def _binom(self, node, scope, notes):
        return sp.binomial(self.value(node.top, scope, notes), self.value(node.bottom, scope, notes))

    def _sqrt(self, node, scope, notes):
        body = self.value(node.body, scope, notes)
        if node.index is None:
            return sp.sqrt(body)
        return sp.root(body, self.value(node.index, scope, notes))

    def _matrix(self, node, scope, notes):
        rows = [list(row) for row in node.rows]
        rows = self._expand_rows(rows, scope, notes)
        values = [[self.value(_only(cell[0]) if isinstance(cell, tuple) else cell, scope, notes)
                   for cell in row] for row in rows]
        blocks = []
        for row in values:
            blocks.append([v if isinstance(v, sp.MatrixBase) else sp.Matrix([[v]]) for v in row])
        return sp.Matrix(sp.BlockMatrix(blocks)) if any(isinstance(v, sp.MatrixBase) and v.shape != (1, 1)
                                                          for row in values for v in row) \
            else sp.Matrix([[v for v in row] for row in values])

    def _expand_rows(self, rows, scope, notes):
        """A column printed with ⋮ between its first rows and its last: the rows in between."""
        def is_ellipsis(row):
            return len(row) == 1 and isinstance(_cell_node(row[0]), S.Ellipsis_)
        if not any(is_ellipsis(r) for r in rows):
            return rows
        k = next(i for i, r in enumerate(rows) if is_ellipsis(r))
        before, after = rows[:k], rows[k + 1:]
        if len(after) != 1 or not before or any(len(r) != 1 for r in before + after):
            raise NotationError("a column with ⋮ other than between its first rows and its last")
        terms = self._instantiate([_cell_node(r[0]) for r in before], _cell_node(after[0][0]), scope, notes)
        return [[t] for t in terms]

    def _aligned(self, node, scope, notes):
        raise NotationError("an aligned block is read by its chain, not as one value")

    def _cases(self, node, scope, notes):
        pieces = []
        for value, condition in node.cases:
            v = self.value(_only(value[0]), scope, notes)
            if condition and not _is_otherwise(condition):
                pieces.append((v, self._condition(condition[0], scope, notes)))
            else:
                pieces.append((v, True))
        return sp.Piecewise(*pieces)

    def _condition(self, statement, scope, notes):
        parts = statement.parts
        if len(parts) != 2:
            raise NotationError("a condition that is not one relation")
        left = self.value(parts[0][1], scope, notes)
        right = self.value(parts[1][1], scope, notes)
        return _relational(parts[1][0], left, right)

    # -- sums and differences -------------------------------------------------------------------

    def _add(self, node, scope, notes):
        terms = _terms(node)
        return self._sum_terms(terms, scope, notes)

    _subtract = _add
    _negate = _add

    def _sum_terms(self, terms, scope, notes):
        """Σ of (sign, node) terms, instantiating an ellipsis between them, and letting a Σ whose
        index the next terms use extend over them."""
        terms = self._extend_sums(terms, notes)
        if any(isinstance(t, S.Ellipsis_) for _, t in terms):
            terms = self._expand_ellipsis_terms(terms, scope, notes)
        total = None
        for sign, t in terms:
            v = self.value(t, scope, notes) if isinstance(t, S.Node) else t
            v = -v if sign < 0 else v
            total = v if total is None else _add(total, v)
        return total

    def _extend_sums(self, terms, notes):
        out = []
        k = 0
        while k < len(terms):
            sign, t = terms[k]
            index = _trailing_sum_index(t)
            if index is not None:
                j = k + 1
                while j < len(terms) and _uses_free(terms[j][1], index):
                    j += 1
                if j > k + 1:
                    notes.append(f"the sum over {index} read as extending over the {j - k - 1} term(s) "
                                 "printed after it, which use its index")
                    t = _extend_last_sum(t, terms[k + 1:j])
                    out.append((sign, t))
                    k = j
                    continue
            out.append((sign, t))
            k += 1
        return out

    def _expand_ellipsis_terms(self, terms, scope, notes):
        k = next(i for i, (_, t) in enumerate(terms) if isinstance(t, S.Ellipsis_))
        before, after = terms[:k], terms[k + 1:]
        if not before or not after:
            raise NotationError("an ellipsis with no terms on one side")
        signs = {s for s, _ in before[-1:] + after[:1]}
        if len(signs) != 1:
            raise NotationError("an ellipsis between terms of different signs")
        sign = signs.pop()
        values = self._instantiate([t for _, t in before], after[0][1], scope, notes)
        return [(s, t) for s, t in before[:0]] + [(sign if i >= len(before) else before[i][0], v)
                                                   for i, v in enumerate(values)] + after[1:]

    def _instantiate(self, first_terms, last, scope, notes):
        """The terms a pattern with an ellipsis stands for: the terms printed before the ellipsis
        (t₁, or t₁ and t₂), the one printed after it (t_N), as values (or syntax nodes for a
        matrix). The index runs from t₁'s to t_N's; when t_N is not the pattern at its index, it
        is a last term of its own, after the pattern up to N − 1."""
        t1 = first_terms[0]
        template = None
        if len(first_terms) >= 2:
            template = _template(t1, first_terms[1])
        if template is None:
            template = _template_against(t1, last)
        if template is None:
            template = self._template_by_value(t1, last, scope, notes)
        if template is None:
            raise NotationError("an ellipsis whose terms follow no pattern")
        paths, start = template
        end_node = _at(last, paths[0])
        if end_node is None:
            raise NotationError("the last term of an ellipsis does not fit its pattern")
        end = _integer(self.value(end_node, scope, notes))
        at_end = _substitute(t1, paths, end_node)
        own_last = at_end != last
        stop = end - 1 if own_last else end
        nodes = [_substitute(t1, paths, S.Number((0, 0), str(v))) for v in range(start, stop + 1)]
        if own_last:
            nodes.append(last)
        return nodes

    def _template_by_value(self, t1, last, scope, notes):
        """(positions, start) when t₁ and t_N differ in one place and t₁'s is an integer here:
        α_{i+1}, …, αₘ with i bound (000 line 1337)."""
        diffs = _differences(_strip_spans(t1), _strip_spans(last))
        if len(diffs) != 1:
            return None
        try:
            return diffs, _integer(self.value(_at(t1, diffs[0]), scope, notes))
        except (NotationError, TypeError, ValueError):
            return None

    def _plusminus(self, node, scope, notes):
        raise NotationError("± stands for two values, not one")

    def _divide(self, node, scope, notes):
        left = node.left
        if _is_partial_juxt(left) and _is_partial_juxt(node.right):
            # ∂J(θ)/∂θⱼ
            return self._derivative(_juxt_items(left)[1:], _juxt_items(node.right)[1:], 1, scope, notes)
        if isinstance(left, S.Group) and left.kind == "paren" and len(left.items) == 1:
            inner = _only(left.items[0])
            if isinstance(inner, S.Divide) and isinstance(inner.left, S.Partial):
                raise NotationError("(∂/∂x) with nothing to act on")
        return _divide(self.value(node.left, scope, notes), self.value(node.right, scope, notes))

    # -- products ---------------------------------------------------------------------------------

    def _juxt(self, node, scope, notes):
        return self._product(list(node.items), scope, notes)

    def _product(self, items, scope, notes):
        """The value of factors printed side by side, left to right: an operator takes the rest
        of the product as its operand; a function takes the bracket after it."""
        items = self._words(items, scope)
        if any(isinstance(i, S.Ellipsis_) for i in items):
            items = self._expand_ellipsis_factors(items, scope, notes)
        value = None
        k = 0
        while k < len(items):
            item = items[k]
            rest = items[k + 1:]
            operator = self._operator(item, rest, scope, notes)
            if operator is not None:
                result, consumed = operator
                value = result if value is None else _multiply(value, result)
                k += 1 + consumed
                continue
            if isinstance(item, S.Times):
                k += 1
                continue
            meaning = self._callable(item, scope, notes)
            bracket, scripts = _bracket(rest[0]) if rest else (None, ())
            if meaning is not None and bracket is not None:
                applied = self._apply(meaning, bracket, scope, notes)
                for script in scripts:  # h(x)^{y}: the script is the value's, not the bracket's
                    applied = self._script(applied, script, scope, notes)
                value = applied if value is None else _multiply(value, _as_value(applied))
                k += 2
                continue
            if isinstance(item, S.Number) and item.text == "1" and rest and isinstance(rest[0], S.Group) \
                    and rest[0].kind == "set":
                indicator = self._indicator(rest[0], scope, notes)
                value = indicator if value is None else _multiply(value, indicator)
                k += 2
                continue
            factor = self.value(item, scope, notes)
            value = factor if value is None else _multiply(value, factor)
            k += 1
        if value is None:
            raise NotationError("an empty product")
        return value

    def _words(self, items, scope):
        """Runs of single letters that spell a bound word (tr, CrossEnt) become that word, when
        the letters themselves are not all bound."""
        out = []
        k = 0
        while k < len(items):
            item = items[k]
            if isinstance(item, S.Name) and len(item.text) == 1:
                run = k
                while run < len(items) and isinstance(items[run], S.Name) and len(items[run].text) == 1:
                    run += 1
                word = None
                for end in range(run, k + 1, -1):
                    text = "".join(i.text for i in items[k:end])
                    if (text in self.names or text in _WORDS) and \
                            not all(self._meaning(i.text, scope) is not None for i in items[k:end]):
                        word = (text, end)
                        break
                if word is not None:
                    text, end = word
                    out.append(S.Name((items[k].span[0], items[end - 1].span[1]), text))
                    k = end
                    continue
            out.append(item)
            k += 1
        return out

    def _callable(self, item, scope, notes):
        """The Function an item names, or None."""
        try:
            if isinstance(item, (S.Name, S.Styled, S.Text)):
                meaning = self._meaning(text_of(item), scope)
            elif isinstance(item, S.Scripted) and isinstance(item.base, (S.Name, S.Styled, S.Text)):
                meaning, scripts = self._scripted_meaning(item.base, list(item.scripts), scope, notes)
                for script in scripts:
                    meaning = self._script(meaning, script, scope, notes)
            else:
                return None
        except NotationError:
            return None
        return meaning if isinstance(meaning, Function) else None

    def _apply(self, function, group, scope, notes):
        if function.given:
            arguments, given, parameters = [], [], []
            target = arguments
            for st, sep in itertools.zip_longest(group.items, ("",) + group.seps):
                if sep == "|":
                    target = given
                elif sep == ";":
                    target = parameters
                target.append(self._statement_value(st, scope, notes))
            return function.function(tuple(arguments), tuple(given), tuple(parameters))
        return function.function(*self._arguments(group, scope, notes))

    def _statement_value(self, st, scope, notes):
        """A statement inside brackets: a value, or a relation 'y = 1' as (left, relation, right)."""
        if len(st.parts) == 1:
            return self.value(st.parts[0][1], scope, notes)
        (_, left), (relation, right) = st.parts
        return (self.value(left, scope, notes), relation, self.value(right, scope, notes))

    def _indicator(self, group, scope, notes):
        """1{condition}: 1 where the condition holds, else 0; conditions joined by ∧ or a comma
        (1{x = 1 ∧ y = 1}, 002's 𝟏_{x = 1, y = 1}) must all hold."""
        if any(sep not in (",", "∧") for sep in group.seps):
            raise NotationError(f"an indicator of conditions joined by {', '.join(sorted(set(group.seps)))}")
        condition = sp.And(*[self._condition(st, scope, notes) for st in group.items])
        if condition in (sp.true, True):
            return sp.Integer(1)
        if condition in (sp.false, False):
            return sp.Integer(0)
        return sp.Piecewise((1, condition), (0, True))

    # -- operators ------------------------------------------------------------------------------

    def _operator(self, item, rest, scope, notes):
        """(value, number of following items consumed) when ``item`` is an operator, else None."""
        if isinstance(item, S.BigOp):
            return self._big_operator(item, rest, scope, notes), len(rest)
        if _is_name(item, "arg") and rest and isinstance(rest[0], S.BigOp) and rest[0].op in ("max", "min") \
                and self._meaning("arg", scope) is None:
            # \arg \max_y: the y that attains the maximum
            return self._arg_extremum(rest[0], rest[0].op, rest[1:], scope, notes), len(rest)
        if isinstance(item, S.Func) or (isinstance(item, S.Name) and item.text in ("tr",)
                                         and self._meaning("tr", scope) is None):
            name = item.name if isinstance(item, S.Func) else item.text
            return self._function_operator(name, rest, scope, notes)
        if isinstance(item, S.Frac) and _is_differential(item):
            order, variables, inner = _differential(item)
            operand = inner if inner else rest
            if not operand:
                raise NotationError("∂/∂x with nothing to act on")
            return self._derivative(operand, variables, order, scope, notes), (0 if inner else len(rest))
        if isinstance(item, S.Scripted) and isinstance(item.base, S.Nabla):
            return self._gradient(item, rest, scope, notes), len(rest)
        if isinstance(item, S.Group) and item.kind == "paren" and len(item.items) == 1:
            inner = _only(item.items[0])
            if isinstance(inner, S.Divide) and _is_partial_juxt(inner.left) and _is_partial_juxt(inner.right) \
                    and len(_juxt_items(inner.left)) == 1:
                # (∂/∂A_ij)|A|
                return self._derivative(rest, _juxt_items(inner.right)[1:], 1, scope, notes), len(rest)
        meaning = None
        if isinstance(item, (S.Name, S.Styled)):
            meaning = self._meaning(text_of(item), scope)
        if isinstance(meaning, Operator):
            if not rest:
                raise NotationError(f"the operator {text_of(item)} with nothing to act on")
            return meaning.function(self._product(rest, scope, notes)), len(rest)
        return None

    def _function_operator(self, name, rest, scope, notes):
        functions = {"log": sp.log, "ln": sp.log, "exp": sp.exp, "sin": sp.sin, "cos": sp.cos,
                     "tan": sp.tan, "det": lambda v: v.det() if isinstance(v, sp.MatrixBase) else v,
                     "tr": _trace, "sign": sp.sign}
        bound = self._meaning(name, scope)
        f = bound.function if isinstance(bound, (Function, Operator)) else functions.get(name)
        if f is None:
            raise NotationError(f"no reading of the function {name}")
        if not rest:
            raise NotationError(f"{name} with nothing to act on")
        if isinstance(rest[0], S.Group) and rest[0].kind in ("paren", "bracket") and name != "tr":
            argument = self.value(rest[0], scope, notes)
            return f(argument), 1
        if isinstance(rest[0], S.Scripted) and isinstance(rest[0].base, S.Group) and name != "tr":
            # log(x)^2 is not printed in the notes; exp(...)^T neither: read the script with the bracket
            return f(self.value(rest[0], scope, notes)), 1
        return f(self._product(rest, scope, notes)), len(rest)

    def _big_operator(self, item, rest, scope, notes):
        if not rest:
            raise NotationError(f"{item.op} with nothing after it")
        if item.op in ("sum", "prod"):
            if item.sub is None and item.sup is None:
                index = self._implied_index(item, rest, scope)
                low, high = self._default_range(index, scope, notes)
                values = range(low, high + 1)
                notes.append(f"a {item.op} printed without limits read as over {index}, its only free index")
            else:
                index, values = self._index_range(item, scope, notes)
            total = None
            for v in values:
                inner = dict(scope)
                inner.update(zip(index, v) if isinstance(index, tuple) else ((index, v),))
                term = self._product(rest, inner, notes)
                if total is None:
                    total = term
                else:
                    total = _add(total, term) if item.op == "sum" else _multiply(total, term)
            if total is None:
                return sp.Integer(0 if item.op == "sum" else 1)
            return total
        if item.op in ("max", "min", "argmax", "argmin"):
            if item.op in ("min", "max"):
                over = self._index_extent(item, scope, notes)
                if over is not None:
                    return self._extremum_over(item.op, over, rest, scope, notes)
                first = rest[0]
                if item.sub is None and isinstance(first, S.Group) and first.kind == "paren" and len(first.items) > 1:
                    # max(0, 1 − y⁽ⁱ⁾(wᵀx⁽ⁱ⁾ + b)): the larger of the bracketed values
                    values = self._arguments(first, scope, notes)
                    value = (sp.Min if item.op == "min" else sp.Max)(*values)
                    return value if len(rest) == 1 else _multiply(value, self._product(rest[1:], scope, notes))
                bound = self._meaning(item.op, scope)
                if isinstance(bound, Operator):  # the check reads an optimisation by what it optimises
                    return bound.function(self._product(rest, scope, notes))
                return self._extremum(item, rest, scope, notes)
            return self._arg_extremum(item, item.op[3:], rest, scope, notes)
        raise NotationError(f"\\{item.op} over a variable is not a value (the check reads it otherwise)")

    def _arg_extremum(self, item, op, rest, scope, notes):
        """arg max (``op`` 'max') or arg min of the rest over the variable under ``item``: the
        check's Operator bound to 'argmax' or 'argmin' gets the maximand and that variable as this
        copy prints them (000 line 1337's α̂ᵢ, a real variable); without one, the first value of
        a finite range that attains the extremum."""
        bound = self._meaning("arg" + op, scope)
        if isinstance(bound, Operator) and item.sub is not None:
            return bound.function(self._product(rest, scope, notes), self.value(item.sub, scope, notes))
        return self._extremum(item, rest, scope, notes, argument=True)

    def _extremum(self, item, rest, scope, notes, argument=False):
        """max_y f(y) over the finite range of y (its limits or the reading's ``ranges``): the
        largest value, or with ``argument`` (arg max) the first y that attains it. The values must
        compare (numbers); a maximum over a variable with no finite range is not read."""
        if item.sub is None:
            raise NotationError(f"\\{item.op} without its variable")
        try:
            index, values = self._index_range(item, scope, notes)
        except NotationError as e:
            raise NotationError(f"\\{item.op} over a variable with no finite range ({e})") from None
        best = None
        for v in values:
            inner = dict(scope)
            inner[index] = v
            value = self._product(rest, inner, notes)
            if best is not None:
                larger = sp.sympify(value - best[1] if item.op.endswith("max") else best[1] - value).is_positive
                if larger is None:
                    raise NotationError(f"\\{item.op} of values that do not compare: {sp.sstr(value)}, {sp.sstr(best[1])}")
            if best is None or larger:
                best = (v, value)
        if best is None:
            raise NotationError(f"\\{item.op} over an empty range")
        return sp.sympify(best[0]) if argument else best[1]

    def _implied_index(self, item, rest, scope):
        """The index of a Σ or Π printed without limits (001's C Σ ξᵢ): the one index with a known
        range that its operand uses and nothing binds yet."""
        used = []
        for node in rest:
            for n in S.walk(node):
                if isinstance(n, S.Name) and n.text in self.ranges and n.text not in scope and n.text not in used:
                    used.append(n.text)
        if len(used) != 1:
            raise NotationError(f"\\{item.op} without an index" + (f" (its operand uses {', '.join(used)})" if used else ""))
        return used[0]

    def _index_extent(self, item, scope, notes):
        """(index, values) when a min or max runs over an index, not a variable: ``\\min_i`` (an
        index with a known range), ``\\min_{i=1,\\dots,m}``, ``\\max_{i:y^{(i)}=-1}`` (its range
        where the condition holds); else None (a min over a variable: the check reads it)."""
        sub = item.sub
        if isinstance(sub, S.Name):
            if sub.text not in self.ranges:
                return None
            low, high = self._default_range(sub.text, scope, notes)
            return sub.text, list(range(low, high + 1))
        if not (isinstance(sub, S.Group) and sub.kind == "brace" and sub.items):
            return None
        first = sub.items[0].parts
        if sub.seps and sub.seps[0] == ":" and len(first) == 1 and isinstance(first[0][1], S.Name):
            index = first[0][1].text
            if index not in self.ranges or len(sub.items) != 2:
                return None
            low, high = self._default_range(index, scope, notes)
            kept = []
            for v in range(low, high + 1):
                holds = self._condition(sub.items[1], {**scope, index: sp.Integer(v)}, notes)
                if holds not in (sp.true, sp.false, True, False):
                    raise NotationError(f"the condition of a {item.op} over {index} is not decided here")
                if holds in (sp.true, True):
                    kept.append(v)
            return index, kept
        if len(first) == 2 and first[1][0] == "=" and isinstance(first[0][1], S.Name) and len(sub.items) == 3 \
                and all(sep == "," for sep in sub.seps) and isinstance(_only(sub.items[1]), S.Ellipsis_):
            index = first[0][1].text
            low = _integer(self.value(first[1][1], scope, notes))
            high = _integer(self.value(_only(sub.items[2]), scope, notes))
            return index, list(range(low, high + 1))
        return None

    def _extremum_over(self, op, over, rest, scope, notes):
        """min or max over an index of the rest of the product: a number at each value of it."""
        index, values = over
        terms = []
        for v in values:
            term = self._product(rest, {**scope, index: sp.Integer(v)}, notes)
            if isinstance(term, sp.MatrixBase):
                raise NotationError(f"the {op} of a matrix")
            terms.append(term)
        if not terms:
            raise Undefined(f"a {op} over no {index}")
        return (sp.Min if op == "min" else sp.Max)(*terms)

    def _index_range(self, item, scope, notes):
        """The index of Σ/Π and the values it takes, from its limits ('i=1', 'i', 'i ≥ 3',
        'j ≠ i') and the default ranges."""
        sub, sup = item.sub, item.sup
        if sub is None:
            raise NotationError(f"\\{item.op} without an index")
        if isinstance(sub, S.Name):
            index = sub.text
            low, high = self._default_range(index, scope, notes)
            return index, range(low, high + 1)
        if isinstance(sub, S.Group) and sub.kind == "brace" and len(sub.items) > 1:
            return self._index_pairs(item, scope, notes)
        if isinstance(sub, S.Group) and sub.kind == "brace" and len(sub.items) == 1:
            st = sub.items[0]
        elif isinstance(sub, S.Statement):
            st = sub
        else:
            raise NotationError("a sum's limits that are not an index")
        parts = st.parts
        if len(parts) != 2 or not isinstance(parts[0][1], S.Name):
            raise NotationError("a sum's limits that are not 'i = …', 'i ≥ …' or 'i ≠ …'")
        index = parts[0][1].text
        relation, bound = parts[1]
        value = _integer(self.value(bound, scope, notes))
        if sup is not None and relation == "=":
            return index, range(value, _integer(self.value(sup, scope, notes)) + 1)
        low, high = self._default_range(index, scope, notes)
        if sup is not None:
            high = _integer(self.value(sup, scope, notes))
        if relation == "=":
            return index, range(value, high + 1)
        if relation == "≥":
            return index, range(value, high + 1)
        if relation == "≠":
            return index, [v for v in range(low, high + 1) if v != value]
        raise NotationError(f"a sum over {index} {relation} …")

    def _index_pairs(self, item, scope, notes):
        """Several indices under one Σ: 'i,j=1' with an upper limit (Σ_{i,j=1}^m), or 'i,j' with
        their default ranges: every combination of their values, as tuples."""
        sub, sup = item.sub, item.sup
        if any(sep != "," for sep in sub.seps):
            raise NotationError("a sum's limits that are not an index")
        names, low = [], None
        for k, st in enumerate(sub.items):
            parts = st.parts
            if not isinstance(parts[0][1], S.Name) or len(parts) > 2 or (len(parts) == 2 and (
                    k != len(sub.items) - 1 or parts[1][0] != "=")):
                raise NotationError("a sum's limits that are not indices 'i,j=1'")
            names.append(parts[0][1].text)
            if len(parts) == 2:
                low = _integer(self.value(parts[1][1], scope, notes))
        ranges = []
        for name in names:
            if low is not None and sup is not None:
                ranges.append(range(low, _integer(self.value(sup, scope, notes)) + 1))
            else:
                first, last = self._default_range(name, scope, notes)
                ranges.append(range(first if low is None else low, last + 1))
        return tuple(names), list(itertools.product(*ranges))

    def _default_range(self, index, scope, notes):
        if index not in self.ranges:
            raise NotationError(f"the range of the index {index} is not printed and not known")
        low, high = self.ranges[index]
        low = low if isinstance(low, int) else _integer(self._meaning(low, scope))
        high = high if isinstance(high, int) else _integer(self._meaning(high, scope))
        return low, high

    def _derivative(self, operand_items, variable_items, order, scope, notes):
        operand = self._product(list(operand_items), scope, notes) if isinstance(operand_items, list) \
            else self.value(operand_items, scope, notes)
        variables = self._variables(variable_items, scope, notes)
        if order > 1 and len(variables) == 1:
            variables = variables * order
        for x in variables:
            operand = _diff(operand, x)
        return operand

    def _variables(self, items, scope, notes):
        """The variables of ∂x ∂y: the items after each ∂, as sympy symbols."""
        groups, current = [], []
        for item in items:
            if isinstance(item, S.Partial):
                if current:
                    groups.append(current)
                current = []
                continue
            current.append(item)
        if current:
            groups.append(current)
        out = []
        for g in groups:
            repeated = _variable_power(g)
            if repeated is not None:
                # ∂η²: η twice (the denominator of ∂²a/∂η², 002 line 295)
                base, times = repeated
                out += [self._product([base], scope, notes)] * times
                continue
            v = self._product(g, scope, notes)
            out.append(v)
        return out

    def _gradient(self, item, rest, scope, notes):
        """∇_θ f: the column of ∂f/∂θⱼ (a matrix's ∇_A f: the matrix of ∂f/∂Aᵢⱼ)."""
        subs = [s for s in item.scripts if s[0] == "sub"]
        if not subs:
            raise NotationError("∇ without the variable it differentiates by")
        variable = self.value(subs[0][1], scope, notes)
        if not rest:
            raise NotationError("∇ with nothing to act on")
        f = self._product(rest, scope, notes)
        return _gradient(f, variable)

    def _expand_ellipsis_factors(self, items, scope, notes):
        k = next(i for i, t in enumerate(items) if isinstance(t, S.Ellipsis_))
        before, after = items[:k], items[k + 1:]
        if not before or not after:
            raise NotationError("an ellipsis with no factors on one side")
        # the pattern's terms are the factors right before and after (φ₁^… φ₂^… ⋯ φ_k^…)
        count = 2 if len(before) >= 2 and _template(before[-2], before[-1]) is not None else 1
        firsts = before[-count:]
        nodes = self._instantiate(firsts, after[0], scope, notes)
        return before[:-count] + nodes + after[1:]


# ---- helpers -------------------------------------------------------------------------------------

def text_of(node):
    """A node as the key a Reading binds: 'theta', 'vec y', 'cal L', 'h_theta', '12'."""
    if isinstance(node, S.Name):
        return node.text
    if isinstance(node, S.Number):
        return node.text
    if isinstance(node, S.Text):
        return node.text
    if isinstance(node, S.Styled):
        style = {"mathcal": "cal", "mathbb": "bb", "mathbf": "bf", "boldsymbol": "bf", "bm": "bf",
                 "mathrm": "rm", "widehat": "hat", "widetilde": "tilde", "overline": "bar"}.get(node.style, node.style)
        return f"{style} {text_of(node.body)}"
    if isinstance(node, S.Scripted):
        return text_of(node.base) + "".join(_script_text(s) for s in node.scripts)
    if isinstance(node, S.Juxt):
        return "".join(text_of(i) for i in node.items)
    if isinstance(node, S.Group):
        inner = ",".join(text_of(_only(st)) if len(st.parts) == 1 else "?" for st in node.items)
        return {"paren": f"({inner})", "brace": inner}.get(node.kind, inner)
    if isinstance(node, S.Negate):
        return "-" + text_of(node.body)
    return type(node).__name__


def _is_indicator(base, scripts):
    """\\mathbf{1}_{\\{…\\}}: a bold 1 whose subscript is a set holding a condition."""
    return isinstance(base, S.Styled) and isinstance(base.body, S.Number) and base.body.text == "1" and \
        bool(scripts) and scripts[0][0] == "sub" and isinstance(scripts[0][1], S.Group) and \
        scripts[0][1].kind == "set"


def _example_first(meaning, scripts):
    """x_j^{(i)}: entry j of example i. The notes print the subscript first; the superscript (i)
    picks the example, so it is read first, whatever the order printed."""
    if isinstance(meaning, Examples) and len(scripts) >= 2 and scripts[0][0] == "sub" and \
            scripts[1][0] == "sup" and isinstance(scripts[1][1], S.Group) and scripts[1][1].kind == "paren":
        return [scripts[1], scripts[0]] + list(scripts[2:])
    return scripts


def _script_text(script):
    if script[0] == "prime":
        return "'" * script[1]
    if script[0] == "factorial":
        return "!"
    return ("_" if script[0] == "sub" else "^") + text_of(script[1])


def _show(node):
    return text_of(node)


def _only(statement):
    if isinstance(statement, S.Node) and not isinstance(statement, S.Statement):
        return statement
    if len(statement.parts) != 1 or statement.parts[0][0] is not None:
        raise NotationError("a relation where a value is expected")
    return statement.parts[0][1]


def _cell_node(cell):
    if isinstance(cell, tuple):
        if len(cell) != 1:
            raise NotationError("a matrix cell holding several statements")
        return _only(cell[0])
    return cell


def _bracket(node):
    """(the bracket, scripts printed after it) when node is a bracket a function can take:
    '(x)' or '(x)^{y}'; else (None, ())."""
    if isinstance(node, S.Group) and node.kind in ("paren", "bracket"):
        return node, ()
    if isinstance(node, S.Scripted) and isinstance(node.base, S.Group) and node.base.kind in ("paren", "bracket"):
        return node.base, node.scripts
    return None, ()


def _is_name(node, text):
    return isinstance(node, S.Name) and node.text == text


def _integer(value):
    try:
        v = sp.sympify(value)
    except (sp.SympifyError, TypeError):
        raise NotationError(f"{value} is not an integer") from None
    if not v.is_Integer:
        raise NotationError(f"{sp.sstr(v)} is not an integer index here")
    return int(v)


def _as_value(meaning):
    if isinstance(meaning, Vector):
        return meaning.matrix()
    if isinstance(meaning, (Examples, Indexed)) and meaning.whole is not None:
        return _as_value(meaning.whole)
    if isinstance(meaning, (Examples, Indexed, Function, Operator)):
        raise NotationError(f"a {type(meaning).__name__.lower()} used as a value")
    if isinstance(meaning, (int,)):
        return sp.Integer(meaning)
    return meaning


def _collapse(value):
    if isinstance(value, sp.MatrixBase) and value.shape == (1, 1):
        return value[0, 0]
    return value


def _transpose(value):
    return value.T if isinstance(value, sp.MatrixBase) else value


def _multiply(a, b):
    if isinstance(a, sp.MatrixBase) and isinstance(b, sp.MatrixBase):
        if a.shape[1] != b.shape[0]:
            raise Undefined(f"a {a.shape[0]}×{a.shape[1]} times a {b.shape[0]}×{b.shape[1]} matrix")
        return _collapse(a * b)
    return _collapse(a * b)


def _add(a, b):
    if isinstance(a, sp.MatrixBase) != isinstance(b, sp.MatrixBase):
        raise Undefined("a matrix added to a number")
    if isinstance(a, sp.MatrixBase) and a.shape != b.shape:
        raise Undefined(f"a {a.shape[0]}×{a.shape[1]} matrix added to a {b.shape[0]}×{b.shape[1]} one")
    return a + b


def _divide(a, b):
    if isinstance(b, sp.MatrixBase):
        raise Undefined("a division by a matrix")
    return a / b


def _trace(value):
    if isinstance(value, sp.MatrixBase):
        return value.trace()
    return value


def _diff(f, x):
    if isinstance(x, sp.MatrixBase):
        return _gradient(f, x)
    if not isinstance(x, sp.Symbol) and not (isinstance(x, sp.Expr) and x.is_Atom):
        raise NotationError(f"a derivative by {sp.sstr(x)}, which is not a variable")
    if isinstance(f, sp.MatrixBase):
        return f.applyfunc(lambda e: sp.diff(e, x))
    return sp.diff(f, x)


def _gradient(f, variable):
    if isinstance(f, sp.MatrixBase):
        raise NotationError("the gradient of a matrix")
    if isinstance(variable, sp.MatrixBase):
        return variable.applyfunc(lambda e: sp.diff(f, e))
    return sp.diff(f, variable)


def _relational(relation, left, right):
    ops = {"=": sp.Eq, "≠": sp.Ne, "<": sp.Lt, ">": sp.Gt, "≤": sp.Le, "≥": sp.Ge}
    if relation not in ops:
        raise NotationError(f"a condition with {relation}")
    return ops[relation](left, right)


def _is_otherwise(condition):
    return len(condition) == 1 and len(condition[0].parts) == 1 and \
        isinstance(condition[0].parts[0][1], S.Text) and condition[0].parts[0][1].text.startswith("otherwise")


def _derivative_of_function(meaning, order):
    if isinstance(meaning, Function):
        f = meaning.function

        def derivative(*args):
            (x,) = args
            t = sp.Dummy("t", real=True)
            return sp.diff(f(t), t, order).subs(t, x)
        return Function(derivative)
    raise NotationError("a prime on something that is not a function of one variable")


def _variable_power(items):
    """(variable, n) when the items after a ∂ are a variable with an integer power n ≥ 2 (∂η²),
    else None."""
    if len(items) != 1 or not isinstance(items[0], S.Scripted) or len(items[0].scripts) != 1:
        return None
    kind, exponent = items[0].scripts[0]
    if kind != "sup" or not isinstance(exponent, S.Number) or not exponent.text.isdigit() or int(exponent.text) < 2:
        return None
    return items[0].base, int(exponent.text)


def _is_differential(node):
    """∂/∂x, ∂²/∂x∂y, d/dz, ∂f/∂x printed as a fraction."""
    if not isinstance(node, S.Frac):
        return False
    num, den = node.numerator, node.denominator
    head = _juxt_items(num)[0] if num is not None else None
    if isinstance(head, S.Scripted):
        head = head.base
    den_head = _juxt_items(den)[0]
    if isinstance(head, S.Partial) and isinstance(den_head, S.Partial):
        return True
    return _is_name(head, "d") and _is_name(den_head, "d")


def _differential(node):
    """(order, variable items, operand items inside the numerator) of a differential fraction."""
    num_items = _juxt_items(node.numerator)
    head = num_items[0]
    order = 1
    if isinstance(head, S.Scripted):
        order = _integer(sp.Integer(head.scripts[0][1].text)) if isinstance(head.scripts[0][1], S.Number) else 1
    den_items = _juxt_items(node.denominator)
    if _is_name(den_items[0], "d"):
        variables = [S.Partial((0, 0))] + list(den_items[1:])
    else:
        variables = list(den_items)
    return order, variables, list(num_items[1:])


def _juxt_items(node):
    return list(node.items) if isinstance(node, S.Juxt) else [node]


def _is_partial_juxt(node):
    items = _juxt_items(node)
    return isinstance(items[0], S.Partial)


def _terms(node):
    """A sum as a list of (sign, node)."""
    if isinstance(node, S.Add):
        return _terms(node.left) + [(1, node.right)]
    if isinstance(node, S.Subtract):
        return _terms(node.left) + [(-1, node.right)]
    if isinstance(node, S.Negate):
        return [(-s, t) for s, t in _terms(node.body)]
    return [(1, node)]


def _trailing_sum_index(node):
    """The index of a Σ that ends a term (its operand runs to the term's end), or None."""
    items = _juxt_items(node)
    for item in items:
        if isinstance(item, S.BigOp) and item.op == "sum":
            sub = item.sub
            if isinstance(sub, S.Name):
                return sub.text
            if isinstance(sub, S.Group) and sub.items and sub.items[0].parts and \
                    isinstance(sub.items[0].parts[0][1], S.Name):
                return sub.items[0].parts[0][1].text
    return None


def _uses_free(node, index):
    """True when the node uses ``index`` where no Σ/Π of its own binds it."""
    for n in S.walk(node):
        if isinstance(n, S.BigOp):
            inner = _trailing_sum_index(S.Juxt((0, 0), (n,)))
            if inner == index:
                return False
        if isinstance(n, S.Name) and n.text == index:
            return True
    return False


def _extend_last_sum(term, following):
    """The term whose Σ now also covers the following (sign, node) terms: Σᵢ (a + b − c)."""
    items = _juxt_items(term)
    k = max(i for i, item in enumerate(items) if isinstance(item, S.BigOp))
    operand = items[k + 1:]
    body = S.Juxt((0, 0), tuple(operand)) if len(operand) > 1 else operand[0]
    for sign, t in following:
        body = S.Add((0, 0), body, t) if sign > 0 else S.Subtract((0, 0), body, t)
    group = S.Group((0, 0), "paren", (S.Statement((0, 0), ((None, body),), ()),), ())
    return S.Juxt(term.span if isinstance(term, S.Juxt) else (0, 0), tuple(items[:k + 1]) + (group,))


# ---- patterns with an ellipsis ---------------------------------------------------------------------

def _strip_spans(node):
    if isinstance(node, S.Node):
        changes = {}
        for name in node.__dataclass_fields__:
            if name == "span":
                continue
            changes[name] = _strip_spans(getattr(node, name))
        return replace(node, span=(0, 0), **changes)
    if isinstance(node, tuple):
        return tuple(_strip_spans(v) for v in node)
    return node


def _positions(node, prefix=()):
    """(position, subtree) for every subtree; a position is a tuple of steps (field, index)."""
    yield prefix, node
    if isinstance(node, S.Node):
        for name in node.__dataclass_fields__:
            if name == "span":
                continue
            value = getattr(node, name)
            yield from _positions_value(value, prefix + (name,))


def _positions_value(value, prefix):
    if isinstance(value, S.Node):
        yield from _positions(value, prefix)
    elif isinstance(value, tuple):
        for i, v in enumerate(value):
            yield from _positions_value(v, prefix + (i,))


def _at(node, position):
    current = node
    for step in position:
        try:
            current = getattr(current, step) if isinstance(step, str) else current[step]
        except (AttributeError, IndexError, TypeError):
            return None
    return current


def _substitute(node, positions, replacement):
    """``node`` with the subtrees at ``positions`` replaced (spans dropped)."""
    node = _strip_spans(node)
    replacement = _strip_spans(replacement)
    for position in positions:
        node = _replace_at(node, position, replacement)
    return node


def _replace_at(node, position, replacement):
    if not position:
        return replacement
    step, rest = position[0], position[1:]
    if isinstance(step, str):
        return replace(node, **{step: _replace_at(getattr(node, step), rest, replacement)})
    items = list(node)
    items[step] = _replace_at(items[step], rest, replacement)
    return tuple(items)


def _template(a, b):
    """(positions, start) when b is a with the numbers at ``positions`` one more (t₁, t₂), else
    None."""
    a, b = _strip_spans(a), _strip_spans(b)
    diffs = _differences(a, b)
    if not diffs:
        return None
    starts = set()
    for position in diffs:
        x, y = _at(a, position), _at(b, position)
        if not (isinstance(x, S.Number) and isinstance(y, S.Number)) or int(y.text) != int(x.text) + 1:
            return None
        starts.add(int(x.text))
    if len(starts) != 1:
        return None
    return diffs, starts.pop()


def _template_against(a, last):
    """(positions, start) from t₁ and t_N alone: the numbers of t₁ that t_N prints otherwise."""
    a, last = _strip_spans(a), _strip_spans(last)
    diffs = _differences(a, last)
    numbers = [p for p in diffs if isinstance(_at(a, p), S.Number)]
    if not numbers:
        return None
    starts = {int(_at(a, p).text) for p in numbers}
    if len(starts) != 1:
        return None
    return numbers, starts.pop()


def _differences(a, b, position=()):
    """The positions of the largest subtrees where a and b differ (a Number against anything
    counts as one difference)."""
    if a == b:
        return []
    if isinstance(a, S.Number) or isinstance(b, S.Number) or type(a) is not type(b):
        return [position]
    if isinstance(a, S.Node):
        out = []
        for name in a.__dataclass_fields__:
            if name == "span":
                continue
            out += _differences(getattr(a, name), getattr(b, name), position + (name,))
        return out
    if isinstance(a, tuple):
        if len(a) != len(b):
            return [position]
        out = []
        for i, (x, y) in enumerate(zip(a, b)):
            out += _differences(x, y, position + (i,))
        return out
    return [position]
