"""The notes' symbols as sympy symbols, named as the page writes them (w₁, α₂, x⁽³⁾₁, y⁽ⁱ⁾), so
that a counterexample reads like the notes: "at α₁ = 1/2, x⁽¹⁾₂ = 3"."""
import sympy as sp

__all__ = ["subscript", "superscript", "indexed", "vector", "example", "examples", "labels_of", "in_order"]

_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def subscript(k):
    """12 -> '₁₂'."""
    return str(k).translate(_SUB)


def superscript(k):
    """The notes' example index in parentheses: 3 -> '⁽³⁾', 'i' -> '⁽ⁱ⁾'."""
    digits = str.maketrans("0123456789ij", "⁰¹²³⁴⁵⁶⁷⁸⁹ⁱʲ")
    return f"⁽{str(k).translate(digits)}⁾"


def indexed(name, k, **assumptions):
    """The symbol name_k, e.g. indexed('α', 2) is α₂ (real unless told otherwise)."""
    assumptions.setdefault("real", True)
    return sp.Symbol(f"{name}{subscript(k)}", **assumptions)


def vector(name, n, **assumptions):
    """The column (name₁, …, nameₙ)."""
    return sp.Matrix([indexed(name, j + 1, **assumptions) for j in range(n)])


def example(i, n, name="x"):
    """The i-th training input x⁽ⁱ⁾ = (x⁽ⁱ⁾₁, …, x⁽ⁱ⁾ₙ) as a column."""
    return vector(f"{name}{superscript(i)}", n)


def examples(m, n, name="x"):
    """x⁽¹⁾, …, x⁽ᵐ⁾."""
    return [example(i + 1, n, name) for i in range(m)]


def labels_of(m, name="y"):
    """y⁽¹⁾, …, y⁽ᵐ⁾ as symbols (their values are the labels ±1, see ``in_order``)."""
    return [sp.Symbol(f"{name}{superscript(i + 1)}", real=True) for i in range(m)]


def in_order(*groups, labels=()):
    """Domains for a chain's counterexample search, in the order the notes list the variables:
    every symbol of ``groups`` (symbols, lists or matrices of them) in its default domain, and
    each symbol of ``labels`` a label in {−1, 1}. Without it the report sorts the names by code
    point, which puts x⁽²⁾ before x⁽¹⁾."""
    from .checking import Domain, labels as label_domain
    out = {}
    for group in groups:
        for s in (group if isinstance(group, (list, tuple, sp.MatrixBase)) else [group]):
            out.setdefault(s, Domain(None, None))
    for s in labels:
        out[s] = label_domain(-1, 1)
    return out
