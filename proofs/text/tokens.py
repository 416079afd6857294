"""The post-lexer between the TeX lexer and the notation grammar (notation.lark).

TeX leaves to the reader several things a context-free grammar cannot see token by token; this
pass decides them on the whole token list of one formula, before parsing:

- a bar ``|`` is a conditional bar (``p(y | x; θ)``, ``E[y|x]``, ``φ_{k|y=0}``) when it stands
  alone at the top level of a bracket or a subscript; otherwise bars pair up as ``|A|``, and
  two adjacent bars ``||w||`` are a norm, as ``\\|w\\|``;
- alignment marks ``&`` of aligned environments are dropped (a matrix keeps them: they separate
  its columns), and an ``array`` right after a bracket is a matrix, elsewhere an aligned block;
- ``\\tag{5}`` and an equation number printed at the end, ``\\quad (11.15)``, are taken off (the
  formula keeps them as its ``tags``), as are trailing ``.`` and ``,``;
- a number after ``_``, ``^`` or ``\\frac`` is one digit, as in TeX (``x_12`` is x₁·2);
- ``\\text{ where }`` between formulas separates them, as does a label in quotation marks
  (``\\text{"easy"}``); ``\\text{CrossEnt}`` is a name.
"""
from lark import Token

__all__ = ["PostLexer", "SEPARATING_WORDS"]

# \text{...} contents that join two formulas rather than name something.
SEPARATING_WORDS = ("where", "s.t.", "st", "subject to", "for", "for all", "if", "and", "or",
                    "otherwise", "with", "such that", "since", "so", "then", "else", "when",
                    "i.e.", "e.g.", "as", "by", "in", "of", "is", "are", "we", "get", "hence",
                    "thus", "whenever", "because", "explain")

_OPENERS = {"LPAR": "RPAR", "LSQB": "RSQB", "LBRACE": "RBRACE", "LBRACE_ESC": "RBRACE_ESC",
            "LANGLE": "RANGLE"}
_CLOSERS = set(_OPENERS.values())
_SPACING = "SPACING"


def _token(like, type_, value=None):
    return Token.new_borrow_pos(type_, like.value if value is None else value, like)


def _is_separating(text_token):
    inner = text_token.value[text_token.value.index("{") + 1:-1].strip().lower()
    if inner and inner[0] in "\"“'`":  # a label in quotation marks (001's "easy"): an annotation, no name
        return True
    return not inner or inner.split()[0].rstrip(".,") in SEPARATING_WORDS or inner in SEPARATING_WORDS


class PostLexer:
    """Lark's post-lexer interface: ``process`` takes the lexer's token stream and yields the
    parser's. ``tags`` holds the equation numbers taken off the last formula processed."""

    always_accept = ("BAR", "NORM", "SPACING", "TAG", "DOT", "AMP")

    def __init__(self):
        self.tags = []

    def process(self, stream):
        tokens = list(stream)
        self.tags = []
        tokens = self._tags(tokens)
        tokens = self._spacings(tokens)
        tokens = self._digits(tokens)
        tokens = self._trailing(tokens)
        tokens = self._environments(tokens)
        tokens = self._texts(tokens)
        tokens = self._bars(tokens)
        tokens = self._norms(tokens)
        yield from tokens

    # -- equation numbers -------------------------------------------------------------------------

    def _tags(self, tokens):
        out = []
        i = 0
        while i < len(tokens):
            t = tokens[i]
            if t.type == "TAG":
                self.tags.append(t.value[t.value.index("{") + 1:-1])
                i += 1
                continue
            out.append(t)
            i += 1
        # "\quad (11.15)" or "(4)" as the last thing printed (after spacing or at the very end of
        # an aligned block): an equation number
        while True:
            core = [k for k, t in enumerate(out) if t.type not in (_SPACING, "DOT")]
            if len(core) < 3:
                break
            a, b, c = (out[k] for k in core[-3:])
            if a.type == "LPAR" and b.type in ("NUMBER", "DIGIT") and c.type == "RPAR":
                before = core[-4] if len(core) > 3 else None
                if before is None:
                    break  # "(1)" alone: a formula of its own, not a number of one
                if out[before].type in ("END_ALIGNED", "RPAR", "RSQB") or \
                        out[core[-3] - 1].type in (_SPACING, "DOT") or "." in b.value:
                    self.tags.append(b.value)
                    out = out[:core[-3]]
                    continue
            break
        return self._remark(out)

    @staticmethod
    def _remark(tokens):
        """A parenthesised remark opening with text, printed last after spacing (004 line 151's
        ``\\quad (\\text{no constraints on } \\alpha_i)``), is a comment on the formula, not a
        factor of it: it is dropped, as an equation number is."""
        core = [k for k, t in enumerate(tokens) if t.type not in (_SPACING, "DOT")]
        if len(core) < 3 or tokens[core[-1]].type != "RPAR":
            return tokens
        level = 0
        for n in range(len(core) - 1, -1, -1):
            kind = tokens[core[n]].type
            level += (kind == "RPAR") - (kind == "LPAR")
            if level == 0:
                break
        opening = core[n]
        if n > 0 and kind == "LPAR" and tokens[opening - 1].type == _SPACING and tokens[core[n + 1]].type == "TEXT":
            return tokens[:opening]
        return tokens

    # -- spacing: dropped, or between two equations printed side by side a separator ---------------

    @staticmethod
    def _spacings(tokens):
        """\\quad is dropped, except at the top level between two relations (004's
        ``\\phi(x) = […] \\quad \\phi(z) = […]``): there it separates two statements."""
        opening = {"LPAR", "LSQB", "LBRACE", "LBRACE_ESC", "LANGLE", "BEGIN_MATRIX", "BEGIN_ALIGNED", "BEGIN_CASES"}
        closing = {"RPAR", "RSQB", "RBRACE", "RBRACE_ESC", "RANGLE", "END_MATRIX", "END_ALIGNED", "END_CASES"}
        ends = {"COMMA", "SEMI", "COLON", "TEXT"}
        depth, out = 0, []
        for k, t in enumerate(tokens):
            if t.type in opening:
                depth += 1
            elif t.type in closing:
                depth -= 1
            if t.type != _SPACING:
                out.append(t)
                continue
            following = next((u for u in tokens[k + 1:] if u.type != _SPACING), None)
            if depth or (out and out[-1].type == "REL") or (following is not None and following.type == "REL"):
                continue  # inside brackets, or padding a relation (α = C \quad ⇒ \quad …)
            before = after = False
            level = 0
            for u in reversed(out):
                level += (u.type in closing) - (u.type in opening)
                if level == 0 and u.type in ends:
                    break
                before |= level == 0 and u.type == "REL"
            level = 0
            for u in tokens[k + 1:]:
                level += (u.type in opening) - (u.type in closing)
                if level == 0 and (u.type in ends or u.type == _SPACING):
                    break
                after |= level == 0 and u.type == "REL"
            if before and after:
                out.append(_token(t, "TEXT_SEP", ","))
        return out

    # -- one digit after _, ^ and \frac ------------------------------------------------------------

    @staticmethod
    def _digits(tokens):
        out = []
        for t in tokens:
            previous = out[-1] if out else None
            if t.type == "NUMBER" and previous is not None and previous.type in ("SUB", "SUP", "FRAC") \
                    and len(t.value) > 1 and "." not in t.value:
                out.append(_token(t, "DIGIT", t.value[0]))
                rest = t.value[1:]
                if previous.type == "FRAC":
                    out.append(_token(t, "DIGIT", rest[0]))
                    rest = rest[1:]
                if rest:
                    out.append(_token(t, "NUMBER" if len(rest) > 1 else "DIGIT", rest))
                continue
            if t.type == "NUMBER" and len(t.value) == 1:
                t = _token(t, "DIGIT")
            out.append(t)
        return out

    # -- trailing punctuation ------------------------------------------------------------------

    @staticmethod
    def _trailing(tokens):
        out = list(tokens)
        while out and out[-1].type in ("DOT", "COMMA", "SEMI"):
            out.pop()
        # a period left before \end{...} or \\ ends a sentence, not a formula
        cleaned = []
        for k, t in enumerate(out):
            if t.type == "DOT":
                following = out[k + 1].type if k + 1 < len(out) else None
                if following in (None, "END_ALIGNED", "END_MATRIX", "END_CASES", "ROWSEP", "TEXT"):
                    continue
                if cleaned and following and cleaned[-1].type in ("DIGIT", "NUMBER") and \
                        out[k + 1].type == "DOT":
                    continue
            cleaned.append(t)
        return cleaned

    # -- environments: & dropped outside matrices and cases; array read by its place ----------------

    @staticmethod
    def _environments(tokens):
        out, stack = [], []
        for t in tokens:
            if t.type == "BEGIN_ALIGNED" and "array" in t.value and out and out[-1].type in ("LPAR", "LSQB"):
                t = _token(t, "BEGIN_MATRIX")
            if t.type == "END_ALIGNED" and "array" in t.value and stack and stack[-1] == "BEGIN_MATRIX":
                t = _token(t, "END_MATRIX")
            if t.type in ("ROWSEP", "AMP", "END_MATRIX") and stack and stack[-1] == "BEGIN_MATRIX" \
                    and out and out[-1].type == "MINUS":
                # "−(x⁽¹⁾)ᵀ−": the rules drawn either side of a row of X, not minus signs
                start = max(i for i, u in enumerate(out) if u.type in ("ROWSEP", "AMP", "BEGIN_MATRIX"))
                if start + 1 < len(out) - 1 and out[start + 1].type == "MINUS":
                    out.pop()
                    del out[start + 1]
            if t.type.startswith("BEGIN_"):
                stack.append(t.type)
            elif t.type.startswith("END_") and stack:
                stack.pop()
            if t.type == "AMP" and (not stack or stack[-1] == "BEGIN_ALIGNED"):
                continue

            if t.type == "ROWSEP" and not stack:
                continue  # a line break outside any environment (a display split over lines)
            out.append(t)
        return out

    # -- \text{...}: a separator or a name -------------------------------------------------------------

    @staticmethod
    def _texts(tokens):
        out = []
        for t in tokens:
            if t.type == "TEXT" and _is_separating(t):
                if out and out[-1].type == "TEXT_SEP":
                    continue
                t = _token(t, "TEXT_SEP")
            out.append(t)
        # a separator first or last (after an & of a case, say) joins nothing
        cleaned = []
        for k, t in enumerate(out):
            if t.type == "TEXT_SEP":
                previous = cleaned[-1].type if cleaned else None
                following = out[k + 1].type if k + 1 < len(out) else None
                if previous in (None, "AMP", "ROWSEP", "BEGIN_ALIGNED", "BEGIN_CASES", "TEXT_SEP", "COMMA") \
                        or following in (None, "ROWSEP", "END_ALIGNED", "END_CASES", "AMP"):
                    continue
            cleaned.append(t)
        return cleaned

    # -- bars -------------------------------------------------------------------------------------

    @staticmethod
    def _bars(tokens):
        """Each BAR becomes MID (a conditional bar), BAR_OPEN or BAR_CLOSE, and a pair of adjacent
        bars a NORM. Decided per level of brackets: a level with one bar has a conditional bar; a
        level whose bars pair up has |…| groups, the bar nearest the start of a group opening."""
        tokens = list(tokens)
        # ||  → \|
        merged = []
        for t in tokens:
            if t.type == "BAR" and merged and merged[-1].type == "BAR" and merged[-1].end_pos == t.start_pos:
                merged[-1] = _token(merged[-1], "NORM", "\\|")
                continue
            if t.type == "COMMAND_SYMBOL" and t.value in ("\\mid",):
                t = _token(t, "MID")
            elif t.type == "COMMAND_SYMBOL" and t.value in ("\\vert", "\\lvert", "\\rvert"):
                t = _token(t, "BAR")
            elif t.type == "COMMAND_SYMBOL" and t.value in ("\\Vert", "\\lVert", "\\rVert"):
                t = _token(t, "NORM")
            merged.append(t)
        tokens = merged
        levels = _levels(tokens)
        by_level = {}
        for k, t in enumerate(tokens):
            if t.type == "BAR":
                by_level.setdefault(levels[k], []).append(k)
        kinds = {}
        for level, positions in by_level.items():
            if len(positions) == 1 and level[1] != "top":
                kinds[positions[0]] = "MID"
                continue
            if len(positions) % 2 == 1 and level[1] != "top":
                kinds[positions[0]] = "MID"  # p(y | |x| ...): rare; the first bar conditions
                positions = positions[1:]
            open_ = None
            for k in positions:
                if open_ is None:
                    kinds[k], open_ = "BAR_OPEN", k
                else:
                    kinds[k], open_ = "BAR_CLOSE", None
            if open_ is not None:
                kinds[open_] = "MID"
        return [_token(t, kinds[k]) if k in kinds else t for k, t in enumerate(tokens)]

    @staticmethod
    def _norms(tokens):
        tokens = list(tokens)
        levels = _levels(tokens)
        open_at = {}
        out = []
        for k, t in enumerate(tokens):
            if t.type == "NORM":
                level = levels[k]
                if level in open_at:
                    del open_at[level]
                    t = _token(t, "NORM_CLOSE")
                else:
                    open_at[level] = k
                    t = _token(t, "NORM_OPEN")
            out.append(t)
        return out


def _levels(tokens):
    """For each token, the bracket it stands in: (index of the opening token, or −1 and the
    line number of an aligned block at the top; 'top' at the top level of the formula, 'sub' in
    a script's braces, 'group' in brackets)."""
    stack = [(-1, "top")]
    out = []
    for k, t in enumerate(tokens):
        if t.type == "ROWSEP" and len(stack) == 1:
            stack = [(-1 - k, "top")]  # a new line of an aligned block pairs its own bars
        if t.type in _CLOSERS:
            if len(stack) > 1:
                stack.pop()
            out.append(stack[-1])
            continue
        out.append(stack[-1])
        if t.type in _OPENERS:
            if t.type == "LBRACE":
                previous = tokens[k - 1].type if k else None
                kind = "sub" if previous in ("SUB", "SUP") else "brace"
                kind = kind if kind == "sub" else "top" if stack[-1][1] == "top" else stack[-1][1]
            else:
                kind = "group"
            stack.append((k, kind))
    return out
