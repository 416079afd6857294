"""The notation grammar (proofs/text/notation.lark, tokens.py, parse.py), the reading of a
parsed formula (reading.py), the copy of the notes located by content (copies.py) and the slips
seeded in TeX for the self-test (mutants.py)."""
import pytest
import sympy as sp

from cs229.proofs.registry import Quote
from cs229.proofs.text import copies, mutants, syntax as S
from cs229.proofs.text.parse import NotationError, math_of, parse
from cs229.proofs.text.reading import Examples, Function, Indexed, Reading, Undefined, Vector

x0, x1, x2, y = sp.symbols("x0 x1 x2 y", real=True)
t0, t1, t2 = sp.symbols("theta0 theta1 theta2", real=True)
THETA, X = (t0, t1, t2), (x0, x1, x2)


def reading(**more):
    def h(v):
        return (sp.Matrix(THETA).T * v)[0]
    return Reading({"theta": Vector(THETA), "x": Vector(X), "y": y, "h_theta": Function(h), "h": Function(h),
                    **more}, sizes={"n": 2, "m": 3}, ranges={"i": (1, "m")})


# ---- the grammar ---------------------------------------------------------------------------------

def test_a_chain_with_a_leading_relation_and_an_equation_number():
    f = parse(r"= \frac{1}{2} (h_{\theta}(x) - y)^2 \tag{3}")
    assert f.tags == ("3",)
    (st,) = f.statements
    assert [rel for rel, _ in st.parts] == ["="]


def test_an_equation_number_printed_after_quad_is_taken_off():
    f = parse(r"\alpha_i = c - r_i \quad (11.5)")
    assert f.tags == ("11.5",)
    assert len(f.statements[0].parts) == 2


def test_a_conditional_bar_and_the_bars_of_a_determinant_are_told_apart():
    f = parse(r"p(y|x;\theta) = |A|")
    left, right = (e for _, e in f.statements[0].parts)
    group = left.items[1]
    assert group.kind == "paren" and group.seps == ("|", ";")
    assert isinstance(right, S.Group) and right.kind == "abs"


def test_two_bars_together_are_a_norm():
    f = parse(r"\gamma = \frac{w}{||w||}")
    frac = f.statements[0].parts[1][1]
    assert frac.denominator.kind == "norm"


def test_a_number_after_a_script_is_one_digit_as_in_tex():
    f = parse(r"A_12")  # A₁·2
    juxt = f.statements[0].parts[0][1]
    assert isinstance(juxt, S.Juxt) and juxt.items[1] == S.Number((0, 0), "2")


def test_the_rules_either_side_of_a_row_of_x_are_not_minus_signs():
    f = parse(r"X = \begin{bmatrix} -(x^{(1)})^T - \\ \vdots \\ -(x^{(m)})^T - \end{bmatrix}.")
    matrix = f.statements[0].parts[1][1]
    assert isinstance(matrix, S.Matrix) and len(matrix.rows) == 3


def test_an_aligned_block_keeps_its_lines_and_drops_the_alignment_marks():
    f = parse(r"\begin{aligned} DJ &= D(a) \\ &= b \end{aligned}")
    block = f.statements[0].parts[0][1]
    assert isinstance(block, S.Aligned) and len(block.lines) == 2


def test_what_the_grammar_cannot_read_says_where():
    with pytest.raises(NotationError, match="character"):
        parse(r"\gamma = \hat{\gamma}/||w|")


def test_spans_name_the_characters_each_part_covers():
    tex = r"h(x) = \sum_{i=0}^{n} \theta_i x_i = \theta^T x"
    parts = parse(tex).statements[0].parts
    assert tex[slice(*parts[2][1].span)] == r"\theta^T x"


def test_math_of_finds_displays_and_inline_formulas_with_their_offsets():
    line = r"since  $h(x) = \theta^T x$ , we have $$J = 1$$"
    found = math_of(line)
    assert [m.tex for m in found] == [r"h(x) = \theta^T x", "J = 1"]
    assert line[found[0].start:found[0].end] == found[0].tex


def test_the_notes_formulas_parse():
    """Every formula of the four documents with TeX parses, but for the three this copy prints
    broken (an unclosed ||w| twice, an HTML tag)."""
    from cs229.proofs.sources import SOURCES, notes_directory
    directory = notes_directory()
    if directory is None:
        pytest.skip("the notes are not beside this checkout")
    failures = []
    total = 0
    for key in ("000", "001", "002", "004"):
        with open(f"{directory}/{SOURCES[key].file}", encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                for m in math_of(line):
                    total += 1
                    try:
                        parse(m.tex)
                    except NotationError:
                        failures.append((key, number, m.tex))
    assert total > 1500
    assert [(k, n) for k, n, _ in failures] == [("000", 993), ("000", 1520), ("000", 1619)]


# ---- the reading ---------------------------------------------------------------------------------

def test_a_sum_with_limits_is_expanded_at_the_sizes():
    assert reading().expression(r"h(x) = \sum_{i=0}^{n} \theta_i x_i", part=1) == t0 * x0 + t1 * x1 + t2 * x2


def test_a_partial_derivative_acts_on_what_follows_it():
    value = reading(j=sp.Integer(1)).expression(r"= \frac{\partial}{\partial \theta_j} \frac{1}{2} (h_{\theta}(x) - y)^2")
    assert sp.expand(value - x1 * (t0 * x0 + t1 * x1 + t2 * x2 - y)) == 0


def test_a_transpose_and_a_one_by_one_product_is_a_number():
    assert reading().expression(r"\theta^T x") == t0 * x0 + t1 * x1 + t2 * x2


def test_examples_are_picked_by_the_superscript_and_a_column_with_vdots_is_filled_in():
    rows = tuple(sp.Matrix([sp.Symbol(f"a{i}"), sp.Symbol(f"b{i}")]) for i in range(3))
    ys = sp.symbols("y1:4")
    r = Reading({"x": Examples(rows), "y": Examples(ys), "theta": sp.Matrix([t0, t1])}, sizes={"m": 3})
    value = r.expression(r"\begin{bmatrix} (x^{(1)})^T \theta - y^{(1)} \\ \vdots \\ (x^{(m)})^T \theta - y^{(m)} \end{bmatrix}")
    assert value == sp.Matrix([(rows[i].T * sp.Matrix([t0, t1]))[0] - ys[i] for i in range(3)])


def test_an_ellipsis_in_a_product_follows_the_pattern_and_keeps_a_last_term_of_its_own():
    phi = sp.symbols("phi1:4")
    r = Reading({"phi": Indexed(lambda k: phi[int(k) - 1]), "y": sp.Integer(2)}, sizes={"k": 3})
    value = r.expression(r"\phi_1^{1\{y=1\}} \phi_2^{1\{y=2\}} \cdots \phi_k^{1-\sum_{i=1}^{k-1} 1\{y=i\}}")
    assert value == phi[1]


def test_a_sum_whose_index_the_next_terms_use_extends_over_them():
    ys = sp.symbols("y1:4")
    hs = sp.symbols("h1:4")
    r = Reading({"y": Examples(ys), "h": Function(lambda v: v), "x": Examples(hs)}, sizes={"m": 3})
    value = r.expression(r"\sum_{i=1}^{m} y^{(i)} \log h(x^{(i)}) + (1 - y^{(i)}) \log(1 - h(x^{(i)}))")
    expected = sum(ys[i] * sp.log(hs[i]) + (1 - ys[i]) * sp.log(1 - hs[i]) for i in range(3))
    assert sp.simplify(value - expected) == 0


def test_letters_that_spell_tr_are_the_trace():
    A, B = sp.Matrix(2, 3, sp.symbols("a:6")), sp.Matrix(3, 2, sp.symbols("b:6"))
    r = Reading({"A": A, "B": B})
    assert r.expression("trAB = trBA", part=0) == (A * B).trace()
    assert r.expression("trAB = trBA", part=1) == (B * A).trace()


def test_a_gradient_by_a_matrix_is_the_matrix_of_partials():
    A = sp.Matrix(2, 2, sp.symbols("a b c d"))
    value = Reading({"A": A}).expression(r"\nabla_A |A|")
    assert value == sp.Matrix([[A[1, 1], -A[1, 0]], [-A[0, 1], A[0, 0]]])


def test_a_name_without_a_meaning_is_refused_by_name():
    with pytest.raises(NotationError, match="z has no meaning"):
        reading().expression(r"\theta^T z")


def test_a_product_of_shapes_that_do_not_fit_means_nothing():
    with pytest.raises(Undefined, match="2×3 times a 2×2"):
        Reading({"A": sp.Matrix(2, 3, sp.symbols("a:6")), "C": sp.Matrix(2, 2, sp.symbols("c:4"))}).expression("AC")


# ---- the copy, located by content ----------------------------------------------------------------

def _copy(lines, quotes):
    """A copy of one document '000' and the quotes it should hold (as stored)."""
    copy = copies.Copy({"000": list(lines)}, "a test copy")
    copy._anchors, copy._claims, copy._expected_exact = {}, {}, {}
    return copy


def test_a_quote_is_found_where_its_text_stands_though_lines_moved():
    q = Quote("000", 2, r"h(x) = \sum_{i=0}^{n} \theta_i x_i")
    copy = _copy(["intro", "more", "text", r"$$h(x) = \sum_{i=0}^{n}  \theta_i x_i$$"], [q])
    located = copy.locate(q)
    assert [(o.line, o.changed) for o in located.occurrences] == [(4, False)]


def test_a_formula_the_copy_prints_otherwise_is_found_changed_at_its_line():
    q = Quote("000", 2, r"= (h_{\theta}(x) - y) x_j")
    copy = _copy(["intro", r"$$= (h_{\theta}(x) + y) x_j$$"], [q])
    (o,) = copy.locate(q, whole=True).occurrences
    assert (o.line, o.changed, o.text) == (2, True, r"= (h_{\theta}(x) + y) x_j")


def test_a_factor_printed_before_the_quoted_element_is_part_of_it():
    q = Quote("000", 1, r"= (h_{\theta}(x) - y) x_j")
    copy = _copy([r"$$= 2 (h_{\theta}(x) - y) x_j$$"], [q])
    (o,) = copy.locate(q, whole=True).occurrences
    assert o.changed and o.text == r"= 2 (h_{\theta}(x) - y) x_j"


def test_a_quote_the_copy_does_not_print_is_missing():
    q = Quote("000", 2, r"= (h_{\theta}(x) - y) x_j")
    assert not _copy(["intro", "a sentence with no formula in it"], [q]).locate(q).found


# ---- seeded slips ----------------------------------------------------------------------------------

def test_each_kind_of_slip_is_seeded_in_tex_that_parses():
    made = mutants.mutants(r"\frac{1}{2}(X\theta - \vec{y})^{T}(X\theta - \vec{y}) = \frac{1}{2}\sum_{i=1}^{m}(h_{\theta}(x^{(i)}) - y^{(i)})^{2}")
    kinds = {m.kind for m in made}
    assert {"sign flipped", "factor dropped", "factor doubled", "exponent changed", "summation range changed",
            "transpose dropped", "transpose added", "term dropped", "indices swapped"} <= kinds
    for m in made:
        parse(m.text)


def test_a_formula_the_grammar_cannot_read_seeds_nothing():
    assert mutants.mutants(r"\gamma = \hat{\gamma}/||w|") == []
