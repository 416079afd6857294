"""The notation grammar and the reading layer (proofs/text): constructs the notes print, read
into the sympy expressions the checks compare."""
import sympy as sp

from cs229.proofs.text import Examples, Reading, Vector


def _examples():
    x = [[sp.Symbol(f"x{i}_{j}", real=True) for j in range(3)] for i in (1, 2)]
    y = sp.symbols("y1:3", real=True)
    return x, y


def test_entry_of_an_example_reads_the_superscript_first():
    # 000 line 84 prints x_j^{(i)}: entry j of example i, the subscript printed first
    x, y = _examples()
    reading = Reading({"x": Examples(tuple(Vector(tuple(v)) for v in x)), "y": Examples(y)})
    bound = reading.bind(i=sp.Integer(2), j=sp.Integer(1))
    assert bound.expression(r"x_j^{(i)}") == x[1][1]
    assert bound.expression(r"x^{(i)}_j") == x[1][1]
    assert bound.expression(r"(y^{(i)} - 1) x_j^{(i)}") == (y[1] - 1) * x[1][1]


def test_a_changed_formula_in_prose_is_located_within_its_own_dollars():
    # 000 footnote 3 prints several formulas in one sentence: a changed one is read alone, not
    # stretched over the prose and the formulas after it
    from cs229.proofs.registry import Quote
    from cs229.proofs.text.copies import Copy

    line = (r"it can be proved that  $|A| = \sum_j A_{ij} A'_{ji}$ . Since  $(A')_{ij}$  does not depend on"
            r"  $A_{ij}$  (as can be seen), this implies that  $(\partial/\partial A_{ij})|A| = A'_{ij}$ .")
    copy = Copy({"000": ["x"] * 189 + [line] + ["x"] * 5}, "a test copy")
    located = copy.locate(Quote("000", 190, r"|A| = \sum_j A_{ij} A'_{ij}"), whole=True)
    assert [(o.line, o.text, o.changed) for o in located.occurrences] == \
        [(190, r"|A| = \sum_j A_{ij} A'_{ji}", True)]


def test_max_and_arg_max_over_a_finite_range():
    # 000 line 644: arg max_y p(y|x), y over the classes: the first y attaining the maximum
    import pytest

    from cs229.proofs.text import Function, NotationError

    reading = Reading({"f": Function(lambda y: [3, 5, 5, 1][int(y)])}, ranges={"y": (0, 3)})
    assert reading.expression(r"\arg \max_{y} f(y)") == 1
    assert reading.expression(r"\max_y f(y)") == 5
    assert reading.expression(r"\arg \min_{y} f(y)") == 3
    assert reading.expression(r"\arg \max_{y} f(y) + 1") == 2
    with pytest.raises(NotationError, match="no finite range"):
        Reading({"f": Function(lambda t: t)}).expression(r"\max_{t} f(t)")
    with pytest.raises(NotationError, match="do not compare"):
        Reading({"f": Function(lambda y: sp.Symbol(f"a{y}"))}, ranges={"y": (0, 1)}).expression(r"\max_y f(y)")


def test_bold_one_with_a_set_subscript_is_an_indicator():
    # 002 line 383 prints 𝟏_{y⁽ⁱ⁾=1} where 000 line 729 prints 1{y⁽ⁱ⁾ = 1}
    reading = Reading({"y": Examples((1, 0, 1))}, sizes={"m": 3})
    assert reading.expression(r"\sum_{i=1}^m \mathbf{1}_{\{y^{(i)}=1\}}") == 2
    assert reading.expression(r"\sum_{i=1}^m \mathbf{1}_{\{y^{(i)}=0\}}") == 1
    assert reading.expression(r"\sum_{i=1}^m 1\{y^{(i)} = 1\}") == 2


def test_indicator_of_conditions_joined_by_and_or_a_comma():
    # 000 line 805: 1{x_j⁽ⁱ⁾ = 1 ∧ y⁽ⁱ⁾ = 1}; 002 line 459: 𝟏_{x_j⁽ⁱ⁾=1, y⁽ⁱ⁾=1}: both conditions must hold
    x = Examples((Vector((1, 0)), Vector((1, 1)), Vector((0, 1))))
    reading = Reading({"x": x, "y": Examples((1, 0, 1))}, sizes={"m": 3}).bind(j=sp.Integer(0))
    assert reading.expression(r"\sum_{i=1}^{m} 1\{x_j^{(i)} = 1 \land y^{(i)} = 1\}") == 1
    assert reading.expression(r"\sum_{i=1}^m \mathbf{1}_{\{x_j^{(i)}=1, y^{(i)}=1\}}") == 1
    assert reading.expression(r"\sum_{i=1}^m \mathbf{1}_{\{x_j^{(i)}=1\}}") == 2


def test_a_lone_connective_parses():
    # 000 line 811 prints '$\land$' to name the symbol
    from cs229.proofs.text import parse

    assert parse(r"\land").statements[0].parts[0][1].text == "land"


def test_an_indexed_family_with_a_meaning_of_its_own():
    # 001 line 191: p_j beside p = Σⱼ pⱼ in one formula
    from cs229.proofs.text import Indexed

    p = (sp.Integer(2), sp.Integer(3))
    reading = Reading({"p": Indexed(lambda j: p[int(j) - 1], whole=sum(p))}, sizes={"k": 2})
    assert reading.expression(r"\sum_{j=1}^k \frac{p_j}{p}") == 1
    assert reading.expression(r"p_2") == 3
