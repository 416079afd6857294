"""Part I, §2.1: matrix derivatives, the trace, identities (1)-(4) and footnote 3 (000 §2.1)."""
from fractions import Fraction

import mpmath
import sympy as sp
from hypothesis import strategies as st

from cs229.reference import linalg
from cs229.reference import matrix_calculus as mc
from cs229.testing import strategies as S

from ..checking import Step, chain, combine, entries_named, exact, relies_on, sampled
from ..printed import defined, form_of, printed, value_of, with_forms
from ..registry import check, ng
from ..symbolic import gradient_matrix, symbol_matrix, tr
from ..text import Function, Reading


def _transposed(f):
    """A mutant: the matrix a function returns, transposed (a square one, so the shape holds)."""
    def twin(*args, **kwargs):
        return linalg.transpose(f(*args, **kwargs))
    return twin


# ---- LR-7 ------------------------------------------------------------------------------------

@relies_on(mc, "example_gradient", lambda f: lambda A: [[Fraction(3, 2), A[1][1]], f(A)[1]],
           "the (1, 2) entry printed as A₂₂ instead of 10A₁₂")
@relies_on(mc, "matrix_gradient", _transposed, "∇_A f transposed")
@check("LR-7", "∇_A f for f(A) = 3/2A₁₁ + 5A₁₂² + A₂₁A₂₂ is [[3/2, 10A₁₂], [A₂₂, A₂₁]]",
       "000 §2.1", "identity",
       quotes=(ng(124, r"For a function  $f: \mathbb{R}^{m \times n} \to \mathbb{R}$  mapping from m-by-n matrices to the real numbers"),
               ng(126, r"\nabla_A f(A) = \begin{bmatrix} \frac{\partial f}{\partial A_{11}} & \cdots & \frac{\partial f}{\partial A_{1n}}"),
               ng(128, r"whose (i,j)-element is  $\partial f/\partial A_{ij}$")))
def example_gradient(ctx):
    A = symbol_matrix("A", 2, 2)
    reading = defined(Reading({"A": A}), "f", ng(130, r"f(A) = \frac{3}{2}A_{11} + 5A_{12}^2 + A_{21}A_{22}."), ("A",))
    gradient = ng(134, r"\nabla_A f(A) = \left[ \begin{array}{cc} \frac{3}{2} & 10A_{12} \\ A_{22} & A_{21} \end{array} \right].")
    symbolic = chain([
        printed(gradient, reading, "definition of ∇_A (line 126), with f as printed (line 130)", part=0),
        printed(gradient, reading, "as printed", part=1),
    ], "LR-7", "000 §2.1", "2×2", entries_named(A, "A"))
    exact_points = exact(ctx, S.square_matrices(2),
                         lambda A_: mc.matrix_gradient(mc.example_f, A_) == mc.example_gradient(A_))

    def residual(A_):
        A_ = S.to_mpf(A_)
        g = mc.matrix_gradient(mc.example_f, A_)
        return max(abs(a - b) for ra, rb in zip(g, mc.example_gradient(A_)) for a, b in zip(ra, rb))
    high = sampled(ctx, S.square_matrices(2), residual, mpmath.mpf(10) ** (-(ctx.digits - 8)),
                   n=min(ctx.examples, 20))
    return combine(symbolic, exact_points, high)


# ---- LR-8 ------------------------------------------------------------------------------------

@relies_on(mc, "trace_of_product", lambda f: lambda *Ms: f(*Ms) + Ms[0][0][0], "the first factor's A₁₁ added")
@check("LR-8", "trAB = trBA; trABC, trABCD cyclic; trA = trAᵀ; tr(A+B); tr aA; tr a = a",
       "000 §2.1", "identity",
       quotes=(ng(136, "For an n-by-n (square) matrix A, the trace of A is defined to be the sum of its diagonal entries:"),
               ng(148, "Here, A and B are square matrices, and a is a real number:"),
               ng(138, r"tr A = \sum_{i=1}^{n} A_{ii}"),
               ng(142, "for two matrices A and B such that AB is square, we have that trAB = trBA.")))
def trace_facts(ctx):
    A, B = symbol_matrix("A", 2, 3), symbol_matrix("B", 3, 2)
    C, D = symbol_matrix("C", 2, 2), symbol_matrix("D", 2, 2)
    P, Q = symbol_matrix("P", 3, 3), symbol_matrix("Q", 3, 3)
    a = sp.Symbol("a", real=True)
    products = Reading({"A": A, "B": B, "C": C, "D": D})  # shapes for which every product is defined
    squares = Reading({"A": P, "B": Q, "a": a}, sizes={"n": 3})

    def printed_chain(quote, reading, parts):
        return [printed(quote, reading, "as printed", part=k) for k in range(parts)]
    facts = [
        printed_chain(ng(142, r"trAB = trBA"), products, 2),
        printed_chain(ng(144, "trABC = trCAB = trBCA,"), products, 3),
        printed_chain(ng(146, "trABCD = trDABC = trCDAB = trBCDA."), products, 4),
        printed_chain(ng(150, "trA = trA^{T}"), squares, 2),
        printed_chain(ng(152, "tr(A + B) = trA + trB"), squares, 2),
        printed_chain(ng(154, "tr aA = atrA"), squares, 2),
        [printed(ng(140, r"then  $\operatorname{tr} a = a$"), squares, "tr a, a a 1-by-1 matrix", part=0),
         printed(ng(140, r"then  $\operatorname{tr} a = a$"), squares, "= a", part=1)],
        printed_chain(ng(138, r"tr A = \sum_{i=1}^{n} A_{ii}"), squares, 2),
    ]
    symbolic = combine(*[chain(f, "LR-8", "000 §2.1", "2×3, 3×2, 2×2, 3×3") for f in facts])

    @st.composite
    def triples(draw_):
        p, q, r = draw_(st.integers(1, 3)), draw_(st.integers(1, 3)), draw_(st.integers(1, 3))
        return draw_(S.matrices(p, q)), draw_(S.matrices(q, r)), draw_(S.matrices(r, p))

    exact_points = exact(ctx, triples(), lambda t: mc.trace_of_product(*t)
                         == mc.trace_of_product(t[2], t[0], t[1]) == mc.trace_of_product(t[1], t[2], t[0]))
    return combine(symbolic, exact_points)


# ---- LR-9 ------------------------------------------------------------------------------------

@check("LR-9", "(1) ∇_A trAB = Bᵀ, and its (i, j) entry in words", "000 §2.1 (1)", "identity",
       quotes=(ng(180, r"Suppose we have some fixed matrix  $B \in \mathbb{R}^{n \times m}$"),
               ng(166, "(1)", reading="the tag of ∇_A trAB = Bᵀ (line 158), the only identity this copy does not "
                                      "print again with its tag"),
               ng(182, "The proofs of Equations (1-3) are reasonably simple, and are left as an exercise to the reader.")))
def identity_1(ctx):
    A, B = symbol_matrix("A", 2, 3), symbol_matrix("B", 3, 2)
    reading = Reading({"A": A, "B": B})
    printed_entries = sp.Matrix(2, 3, lambda i, j: B[i, i])
    corrected = sp.Matrix(2, 3, lambda i, j: B[j, i])
    identity = ng(158, r"\nabla_{A} \operatorname{tr} A B = B^{T}")
    return chain([
        printed(identity, reading, "∇_A trAB by definition (line 126)", part=0),
        printed(identity, reading, "(1)", part=1),
        Step(printed_entries, "'the (i, j)-entry of Bᵀ, or equivalently, B_ii'", corrected=corrected,
             printed="(∇_A trAB)ᵢⱼ = (Bᵀ)ᵢⱼ = Bᵢᵢ", fixed="(∇_A trAB)ᵢⱼ = (Bᵀ)ᵢⱼ = Bⱼᵢ",
             nature="transcription",
             quote=ng(180, r"will be given by the (i, j)-entry of  $B^T$ , or equivalently, by  $B_{ii}$")),
    ], "LR-9", "000 §2.1, after (1)-(4)", "A 2×3", entries_named(B, "B"))


@check("LR-9", "(2) ∇_{Aᵀ} f(A) = (∇_A f(A))ᵀ", "000 §2.1 (2)", "identity",
       quotes=(ng(174, r"\nabla_{A^T} f(A) = (\nabla_A f(A))^T \tag{2}"),
               ng(168, "(2)", reading="the tag of line 160; this copy prints the tags (1)-(4) apart, after the four identities, "
                                      "and (2)-(4) again with their equations")))
def identity_2(ctx):
    A = symbol_matrix("A", 2, 3)
    B, C = symbol_matrix("B", 3, 3), symbol_matrix("C", 2, 2)
    outcomes = []
    for f in (lambda M_: tr(M_ * B * M_.T * C), lambda M_: (M_ * M_.T).det(), lambda M_: sum(M_) ** 3):
        reading = Reading({"A": A, "f": Function(f)})
        for quote in (ng(160, r"\nabla_{A^{T}} f(A) = (\nabla_{A} f(A))^{T}"),
                      ng(174, r"\nabla_{A^T} f(A) = (\nabla_A f(A))^T \tag{2}")):
            outcomes.append(chain([printed(quote, reading, "∇_{Aᵀ} f by definition", part=0),
                                   printed(quote, reading, "(2)", part=1)], "LR-9", "000 (2)", "A 2×3"))
    return combine(*outcomes)


@check("LR-9", "(3) ∇_A trABAᵀC = CAB + CᵀABᵀ", "000 §2.1 (3)", "identity",
       quotes=(ng(170, "(3)", reading="the tag of line 162 (and of line 176)"),))
def identity_3(ctx):
    outcomes = []
    for p, q in [(2, 3), (2, 2), (3, 2)]:
        A, B, C = symbol_matrix("A", p, q), symbol_matrix("B", q, q), symbol_matrix("C", p, p)
        reading = Reading({"A": A, "B": B, "C": C})
        for quote in (ng(162, r"\nabla_{A} \operatorname{tr} A B A^{T} C = C A B + C^{T} A B^{T}"),
                      ng(176, r"\nabla_A \operatorname{tr} A B A^T C = C A B + C^T A B^T \tag{3}")):
            outcomes.append(chain([printed(quote, reading, "∇_A by definition", part=0),
                                   printed(quote, reading, "(3)", part=1)], "LR-9", "000 (3)", f"A {p}×{q}"))
    return combine(*outcomes)


@check("LR-9", "(4) ∇_A|A| = |A|(A⁻¹)ᵀ", "000 §2.1 (4)", "identity",
       quotes=(ng(156, "Equation (4) applies only to non-singular square matrices A"),
               ng(172, "(4)", reading="the tag of line 164 (and of line 178)")))
def identity_4(ctx):
    outcomes = []
    for n in (2, 3):
        reading = Reading({"A": symbol_matrix("A", n, n)})
        for quote in (ng(164, r"\nabla_{A} |A| = |A| (A^{-1})^{T}."),
                      ng(178, r"\nabla_A |A| = |A| (A^{-1})^T. \tag{4}")):
            outcomes.append(chain([printed(quote, reading, "∇_A by definition", part=0),
                                   printed(quote, reading, "(4)", part=1)], "LR-9", "000 (4)", f"{n}×{n}"))
    return combine(*outcomes)


@relies_on(mc, "matrix_gradient", lambda f: lambda g, A, h=None: linalg.scale(2, f(g, A, h)),
           "∇_A f doubled")
@check("LR-9", "the reference's ∇_A (by definition) meets (1), (3), (4) at 50 digits", "000 §2.1",
       "identity", quotes=(ng(158, r"\nabla_{A} \operatorname{tr} A B = B^{T}"),
                           ng(162, r"\nabla_{A} \operatorname{tr} A B A^{T} C = C A B + C^{T} A B^{T}"),
                           ng(164, r"\nabla_{A} |A| = |A| (A^{-1})^{T}.")))
def identities_by_reference(ctx):
    @st.composite
    def problems(draw_):
        p, q = draw_(st.integers(1, 3)), draw_(st.integers(1, 3))
        A = draw_(S.matrices(p, q))
        B = draw_(S.matrices(q, p))
        Bsq = draw_(S.matrices(q, q))
        C = draw_(S.matrices(p, p))
        D = draw_(S.nonsingular_matrices(q))
        return A, B, Bsq, C, D

    def residual(pr):
        A, B, Bsq, C, D = S.to_mpf(pr)
        T = linalg.transpose
        mm = linalg.matmul
        g1 = mc.matrix_gradient(lambda M_: mc.trace_of_product(M_, B), A)
        g3 = mc.matrix_gradient(lambda M_: mc.trace_of_product(M_, Bsq, T(M_), C), A)
        rhs3 = linalg.add(mm(mm(C, A), Bsq), mm(mm(T(C), A), T(Bsq)))
        g4 = mc.matrix_gradient(linalg.determinant, D)
        rhs4 = linalg.scale(linalg.determinant(D), T(linalg.inverse(D)))
        diff = lambda P, Q: max(abs(a - b) for ra, rb in zip(P, Q) for a, b in zip(ra, rb))  # noqa: E731
        return max(diff(g1, T(B)), diff(g3, rhs3), diff(g4, rhs4))
    return sampled(ctx, problems(), residual, mpmath.mpf(10) ** (-(ctx.digits - 10)),
                   n=min(ctx.examples, 15), names=("A", "B", "B (square)", "C", "A (for (4))"))


# ---- LR-10 -----------------------------------------------------------------------------------

def _cofactors(A):
    n = A.shape[0]
    return sp.Matrix(n, n, lambda i, j: (-1) ** (i + j) * A.minor_submatrix(i, j).det())


_FN3 = 190


@relies_on(linalg, "inverse_by_cofactors", _transposed, "(A′)ᵀ/|A| without the transpose")
@relies_on(linalg, "determinant_by_cofactors",
           lambda f: lambda A, i=0: f(A, i) if i == 0 else -f(A, i), "the expansion along rows i > 0 negated")
@check("LR-10", "fn 3: A⁻¹ = (A′)ᵀ/|A|, |A| = Σⱼ AᵢⱼA′ᵢⱼ, A′ᵢⱼ free of Aᵢⱼ, ∂|A|/∂Aᵢⱼ = A′ᵢⱼ, A′ = |A|(A⁻¹)ᵀ",
       "000 §2.1 fn 3", "identity",
       quotes=(ng(_FN3, r"times the determinant of the square matrix resulting from deleting row i and column j from A"),
               ng(182, "Equations (4) can be derived using the adjoint representation of the inverse of a matrix."),
               ng(_FN3, r"Since  $(A')_{ij}$  does not depend on  $A_{ij}$")))
def cofactor_facts(ctx):
    outcomes = []
    for n in (2, 3):
        A = symbol_matrix("A", n, n)
        Ap = _cofactors(A)
        names = entries_named(A, "A")
        # A' is the matrix of cofactors the footnote defines in words; Σⱼ runs over the n columns
        reading = Reading({"A": A, "A'": Ap}, sizes={"n": n}, ranges={"j": (1, "n")})
        inverse = ng(_FN3, r"A^{-1} = (A')^T/|A|")
        outcomes.append(chain([printed(inverse, reading, "A⁻¹", part=0), printed(inverse, reading, "= (A′)ᵀ/|A|", part=1)],
                              "LR-10", "fn 3", f"{n}×{n}", names))
        adjoint = ng(_FN3, r"A' = |A|(A^{-1})^T")
        outcomes.append(chain([printed(adjoint, reading, "A′", part=0), printed(adjoint, reading, "= |A|(A⁻¹)ᵀ", part=1)],
                              "LR-10", "fn 3", f"{n}×{n}", names))
        derivative = ng(_FN3, r"(\partial/\partial A_{ij})|A| = A'_{ij}")
        expansion = ng(_FN3, r"|A| = \sum_j A_{ij} A'_{ij}")
        entry = ng(_FN3, r"$(A')_{ij}$")
        for i in range(1, n + 1):
            at_i = reading.bind(i=sp.Integer(i))
            outcomes.append(chain([printed(expansion, at_i, "|A|", part=0),
                                   printed(expansion, at_i, f"= Σⱼ A{i}ⱼ A′{i}ⱼ", part=1)],
                                  "LR-10", "fn 3", f"{n}×{n}, i = {i}", names))
            for j in range(1, n + 1):
                at_ij = at_i.bind(j=sp.Integer(j))
                outcomes.append(chain([printed(derivative, at_ij, "∂|A|/∂Aᵢⱼ", part=0),
                                       printed(derivative, at_ij, "= A′ᵢⱼ", part=1)],
                                      "LR-10", "fn 3", f"{n}×{n}, (i, j) = ({i}, {j})", names))
                # 'Since (A')_ij does not depend on A_ij': its derivative by A_ij is 0
                form = form_of(entry, at_ij)
                value = value_of(form)
                free = chain([Step(sp.diff(value, A[i - 1, j - 1]) if value is not None else sp.nan, "∂(A′)ᵢⱼ/∂Aᵢⱼ"),
                              Step(sp.Integer(0), "= 0: (A′)ᵢⱼ does not depend on Aᵢⱼ")],
                             "LR-10", "fn 3", f"{n}×{n}", names)
                outcomes.append(with_forms(free, form))
    symbolic = combine(*outcomes)

    def holds(A):
        n = len(A)
        det = linalg.determinant_by_cofactors(A)
        if det != linalg.determinant(A):
            return False
        if any(linalg.determinant_by_cofactors(A, i) != det for i in range(n)):
            return False
        inv = linalg.inverse_by_cofactors(A)
        return inv == linalg.inverse(A) and linalg.matmul(A, inv) == linalg.identity(n, Fraction(1))
    sizes = st.integers(1, 4).flatmap(lambda n: S.nonsingular_matrices(n))
    return combine(symbolic, exact(ctx, sizes, holds))
