"""Part V §7 checks: feature maps and kernels, kernel matrices, Mercer's test and the string
kernel (000 V §7; 004; 002 §1.5.2)."""
import functools
from fractions import Fraction

import mpmath
import sympy as sp
from hypothesis import strategies as st

from cs229.reference import kernels as kr
from cs229.reference import linalg

from .. import strategies as S
from ..checking import exact, Step, chain, combine, draw, fmt
from ..registry import Erratum, Outcome, check


# exact checks are decided per point; at most 20 points keep the audit within its budget
_exact = functools.partial(exact, cap=20)



def _xz(n):
    x = sp.symbols(f"x1:{n + 1}", real=True)
    z = sp.symbols(f"z1:{n + 1}", real=True)
    return x, z


def _dot(u, v):
    return sum(a * b for a, b in zip(u, v))


def _pairs(n):
    return st.tuples(S.vectors(n), S.vectors(n))


# ---- KR-1 ------------------------------------------------------------------------------------

@check("KR-1", "K = φᵀφ for φ(x) = [x, x², x³] (000) and [x, x², x³, x⁴] (004)", "000 V §7; 004",
       "identity")
def power_maps(ctx):
    x, z = sp.symbols("x z", real=True)
    outcomes = []
    for degree, source in ((3, "000 V §7"), (4, "004")):
        phi = lambda t: [t ** k for k in range(1, degree + 1)]  # noqa: E731
        outcomes.append(chain([Step(_dot(phi(x), phi(z)), "φ(x)ᵀφ(z)"),
                               Step(sum((x * z) ** k for k in range(1, degree + 1)), "Σₖ (xz)ᵏ")],
                              "KR-1", source, f"degree {degree}"))

    def holds(p):
        a, b = p
        return all(kr.FeatureMapKernel(lambda t, d=d: kr.power_features(t, d))([a], [b])
                   == sum((a * b) ** k for k in range(1, d + 1)) and len(kr.power_features(a, d)) == d
                   for d in (3, 4))
    outcomes.append(_exact(ctx, st.tuples(S.rationals(), S.rationals()), holds, n=min(ctx.examples, 20)))
    return combine(*outcomes)


# ---- KR-2 ------------------------------------------------------------------------------------

def _square_chain(n, source):
    x, z = _xz(n)
    phi = lambda v: [v[i] * v[j] for i in range(n) for j in range(n)]  # noqa: E731
    return chain([
        Step(_dot(x, z) ** 2, "K(x, z) = (xᵀz)²"),
        Step(sum(x[i] * z[i] for i in range(n)) * sum(x[j] * z[j] for j in range(n)), "(Σᵢ xᵢzᵢ)(Σⱼ xⱼzⱼ)"),
        Step(sum(x[i] * x[j] * z[i] * z[j] for i in range(n) for j in range(n)), "ΣᵢΣⱼ xᵢxⱼzᵢzⱼ"),
        Step(sum((x[i] * x[j]) * (z[i] * z[j]) for i in range(n) for j in range(n)), "Σᵢⱼ (xᵢxⱼ)(zᵢzⱼ)"),
        Step(_dot(phi(x), phi(z)), f"φ(x)ᵀφ(z), φ with the {n * n} entries xᵢxⱼ"),
    ], "KR-2", source, f"n={n}")


@check("KR-2", "(xᵀz)² = Σᵢⱼ(xᵢxⱼ)(zᵢzⱼ) = φ(x)ᵀφ(z), the printed chains (n = 3 and n = 2)",
       "000 V §7; 004", "derivation")
def square_kernel(ctx):
    def holds(p):
        x, z = p
        phi_x = kr.quadratic_features(x)
        return kr.Polynomial(0, 2)(x, z) == linalg.dot(phi_x, kr.quadratic_features(z)) \
            and len(phi_x) == len(x) ** 2
    exact = _exact(ctx, st.integers(1, 5).flatmap(_pairs), holds, n=min(ctx.examples, 20))
    return combine(_square_chain(3, "000 V §7"), _square_chain(2, "004"), exact)


# ---- KR-3 ------------------------------------------------------------------------------------

def _affine_square_chain(n, source):
    x, z = _xz(n)
    c = sp.Symbol("c", nonnegative=True)
    phi = lambda v: [v[i] * v[j] for i in range(n) for j in range(n)] \
        + [sp.sqrt(2 * c) * v[i] for i in range(n)] + [c]  # noqa: E731
    return chain([
        Step((_dot(x, z) + c) ** 2, "K(x, z) = (xᵀz + c)²"),
        Step(sum((x[i] * x[j]) * (z[i] * z[j]) for i in range(n) for j in range(n))
             + sum((sp.sqrt(2 * c) * x[i]) * (sp.sqrt(2 * c) * z[i]) for i in range(n)) + c ** 2, "expanded"),
        Step(_dot(phi(x), phi(z)), f"φ(x)ᵀφ(z), φ with {n * n + n + 1} entries"),
    ], "KR-3", source, f"n={n}")


@check("KR-3", "(xᵀz + c)² = Σ(xᵢxⱼ)(zᵢzⱼ) + Σ(√(2c)xᵢ)(√(2c)zᵢ) + c² = φᵀφ (n = 3 and n = 2)",
       "000 V §7; 004", "derivation")
def affine_square_kernel(ctx):
    @st.composite
    def cases(draw_):
        n = draw_(st.integers(1, 4))
        x, z = draw_(_pairs(n))
        c = draw_(st.sampled_from([0, Fraction(1, 2), 2, Fraction(9, 8), 8]))  # 2c a rational square
        return x, z, c

    def holds(p):
        x, z, c = p
        phi_x = kr.quadratic_features_c(x, c)
        return kr.Polynomial(c, 2)(x, z) == linalg.dot(phi_x, kr.quadratic_features_c(z, c)) \
            and len(phi_x) == len(x) ** 2 + len(x) + 1
    exact = _exact(ctx, cases(), holds, n=min(ctx.examples, 20))
    return combine(_affine_square_chain(3, "000 V §7"), _affine_square_chain(2, "004"), exact)


# ---- KR-4 ------------------------------------------------------------------------------------

@check("KR-4", "(xᵀz + c)^d = Σ over the C(n+d, d) monomials of degree ≤ d of weightₐ·xᵃzᵃ",
       "000 V §7; 004", "identity")
def polynomial_kernel_monomials(ctx):
    c = sp.Symbol("c", nonnegative=True)
    outcomes = []
    for n, d in ((2, 3), (3, 2), (2, 4)):
        x, z = _xz(n)
        exps = kr.monomials(n, d)
        weights = [sp.factorial(d) / (sp.factorial(d - sum(a)) * sp.prod([sp.factorial(v) for v in a]))
                   * c ** (d - sum(a)) for a in exps]
        phi = lambda v: [sp.sqrt(w) * sp.prod([v[j] ** a[j] for j in range(n)]) for w, a in zip(weights, exps)]  # noqa: E731
        outcomes.append(chain([Step((_dot(x, z) + c) ** d, "(xᵀz + c)^d"),
                               Step(_dot(phi(x), phi(z)), f"φ(x)ᵀφ(z) over {len(exps)} monomials")],
                              "KR-4", "000 V §7", f"n={n}, d={d}"))
    counts = all(len(kr.monomials(n, d)) == sp.binomial(n + d, d) and len(set(kr.monomials(n, d))) == len(kr.monomials(n, d))
                 for n in range(1, 6) for d in range(1, 6))
    outcomes.append(Outcome(counts, "n, d ≤ 5, exact", 0.0, "" if counts else "count differs from C(n+d, d)"))

    @st.composite
    def cases(draw_):
        n = draw_(st.integers(1, 3))
        x, z = draw_(_pairs(n))
        return x, z, draw_(S.rationals(0, 3)), draw_(st.integers(1, 4))

    def exact_weights(p):
        x, z, c_, d = p
        total = 0
        for a in kr.monomials(len(x), d):
            term = kr.monomial_weight(a, c_, d)
            for j, e in enumerate(a):
                term *= (x[j] * z[j]) ** e
            total += term
        return total == kr.Polynomial(c_, d)(x, z)
    outcomes.append(_exact(ctx, cases(), exact_weights, n=min(ctx.examples, 20)))
    with mpmath.workdps(ctx.digits):
        worst = mpmath.mpf(0)
        for x, z, c_, d in draw(ctx, cases(), n=min(ctx.examples, 10)):
            xm, zm, cm = S.to_mpf(x), S.to_mpf(z), S.to_mpf(c_)
            worst = max(worst, abs(linalg.dot(kr.monomial_features(xm, cm, d), kr.monomial_features(zm, cm, d))
                                   - kr.Polynomial(cm, d)(xm, zm)))
    outcomes.append(Outcome(worst < mpmath.mpf(10) ** (8 - ctx.digits), f"reference φ at {ctx.digits} digits",
                            float(worst)))
    return combine(*outcomes)


# ---- KR-5 ------------------------------------------------------------------------------------

@check("KR-5", "Gaussian kernel: K(x,x) = 1, 0 < K ≤ 1, γ = 1/(2σ²), and its infinite feature map",
       "000 V §7; 004", "identity")
def gaussian_kernel(ctx):
    """Σₖ φₖ(x)φₖ(z) with φₖ(x) = e^(−x²/2σ²) xᵏ/(σᵏ√k!) is e^(−(x²+z²)/2σ²) Σₖ (xz/σ²)ᵏ/k!, whose
    partial sums approach e^(−(x−z)²/2σ²); 160 terms leave a tail below 10⁻⁵⁰ here."""
    @st.composite
    def cases(draw_):
        return draw_(S.rationals()), draw_(S.rationals()), draw_(S.positive_rationals(1, 4))

    worst = mpmath.mpf(0)
    with mpmath.workdps(ctx.digits + 10):
        for x, z, sigma in draw(ctx, cases(), n=min(ctx.examples, 10)):
            xm, zm, sm = S.to_mpf([x, z, sigma])
            series = linalg.dot(kr.gaussian_features(xm, sm, 160), kr.gaussian_features(zm, sm, 160))
            k = kr.Gaussian(sm)([xm], [zm])
            g = kr.Gaussian.from_gamma(1 / (2 * sm * sm))
            worst = max(worst, abs(series - k), abs(g.sigma - sm), abs(kr.Gaussian(sm)([xm], [xm]) - 1),
                        0 if 0 < k <= 1 else 1)
    series = Outcome(worst < mpmath.mpf(10) ** (5 - ctx.digits), f"{min(ctx.examples, 10)} points at {ctx.digits} digits",
                     float(worst))

    def psd(X):
        with mpmath.workdps(ctx.digits):
            K = kr.kernel_matrix(S.to_mpf(X), kr.Gaussian(mpmath.mpf(1)))
            return kr.mercer_test(K).valid
    sets = st.integers(2, 6).flatmap(lambda m: st.lists(S.vectors(2), min_size=m, max_size=m, unique_by=tuple))
    return combine(series, _exact(ctx, sets, psd, n=min(ctx.examples, 10)))


# ---- KR-6 ------------------------------------------------------------------------------------

M_POINTS, FEATURES = 3, 2


def _psd_chain_steps():
    z = sp.symbols(f"z1:{M_POINTS + 1}", real=True)
    phi = [[sp.Symbol(f"phi{k + 1}_{i + 1}", real=True) for k in range(FEATURES)] for i in range(M_POINTS)]
    K = [[_dot(phi[i], phi[j]) for j in range(M_POINTS)] for i in range(M_POINTS)]
    I, F = range(M_POINTS), range(FEATURES)
    return z, phi, K, [
        Step(sum(z[i] * K[i][j] * z[j] for i in I for j in I), "zᵀKz = ΣᵢΣⱼ zᵢKᵢⱼzⱼ"),
        Step(sum(z[i] * _dot(phi[i], phi[j]) * z[j] for i in I for j in I), "Kᵢⱼ = φ(x⁽ⁱ⁾)ᵀφ(x⁽ʲ⁾)"),
        Step(sum(z[i] * sum(phi[i][k] * phi[j][k] for k in F) * z[j] for i in I for j in I), "Σₖ φₖ(x⁽ⁱ⁾)φₖ(x⁽ʲ⁾)"),
        Step(sum(z[i] * phi[i][k] * phi[j][k] * z[j] for k in F for i in I for j in I), "Σₖ moved out"),
        Step(sum(sum(z[i] * phi[i][k] for i in I) ** 2 for k in F), "Σₖ (Σᵢ zᵢφₖ(x⁽ⁱ⁾))²"),
    ]


@check("KR-6", "zᵀKz = Σₖ(Σᵢ zᵢφₖ(x⁽ⁱ⁾))² ≥ 0, the printed chain (000 copy 1 ends '> 0')",
       "000 V §7; 002 §1.5.2; 004", "derivation")
def psd_chain(ctx):
    z, phi, K, steps = _psd_chain_steps()
    symbolic = chain(steps, "KR-6", "000 V §7; 002 §1.5.2; 004", f"m={M_POINTS}, {FEATURES} features")
    symmetric = chain([Step(K[0][1], "K₁₂ = φ(x⁽¹⁾)ᵀφ(x⁽²⁾)"), Step(_dot(phi[1], phi[0]), "= φ(x⁽²⁾)ᵀφ(x⁽¹⁾) = K₂₁")],
                      "KR-6", "000 V §7", "symmetry")

    @st.composite
    def cases(draw_):
        m = draw_(st.integers(2, 5))
        n = draw_(st.integers(1, 3))
        X = draw_(st.lists(S.vectors(n), min_size=m, max_size=m))
        return X, draw_(S.vectors(m))

    def sum_of_squares(p):
        X, zz = p
        Km = kr.kernel_matrix(X, kr.Polynomial(0, 2))
        Phi = [kr.quadratic_features(x) for x in X]
        lhs = sum(zz[i] * Km[i][j] * zz[j] for i in range(len(X)) for j in range(len(X)))
        rhs = sum(sum(zz[i] * Phi[i][k] for i in range(len(X))) ** 2 for k in range(len(Phi[0])))
        return lhs == rhs >= 0 and all(Km[i][j] == Km[j][i] for i in range(len(X)) for j in range(len(X)))
    exact = _exact(ctx, cases(), sum_of_squares, n=min(ctx.examples, 20))
    # the printed final '> 0': two equal points and z = (1, −1) give zᵀKz = 0 for every kernel
    X = [[Fraction(1), Fraction(2)], [Fraction(1), Fraction(2)]]
    zero = [Fraction(1), Fraction(-1)]
    value = sum(zero[i] * kr.kernel_matrix(X, kr.Linear())[i][j] * zero[j] for i in range(2) for j in range(2))
    errata = ()
    if value == 0:
        errata = (Erratum("KR-6", "000 V §7 (first copy, line 1264)", "zᵀKz = … = Σₖ(Σᵢ zᵢφₖ(x⁽ⁱ⁾))² > 0",
                          "… ≥ 0 (as 002 §1.5.2, 004 and the second copy print)",
                          f"linear kernel, x⁽¹⁾ = x⁽²⁾ = {fmt(X[0])}, z = {fmt(zero)}: zᵀKz = {value}",
                          "transcription"),
                  Erratum("KR-6", "000 V §7 (second copy, line 1808)", "this shows that K is positive semi-definite (K > 0)",
                          "K ⪰ 0 (K ≥ 0, as the first copy prints): K > 0 would mean positive definite",
                          f"the same K = {fmt(kr.kernel_matrix(X, kr.Linear()))} is singular, not positive definite",
                          "transcription"))
    return combine(symbolic, symmetric, exact,
                   Outcome(value == 0, "exact", 0.0, "" if value == 0 else "the counterexample failed", errata))


# ---- KR-7 ------------------------------------------------------------------------------------

@check("KR-7", "Mercer's test: verdict agrees with the eigenvalues; a witness has zᵀKz < 0 exactly",
       "000 V §7 Theorem (Mercer); 004", "identity")
def mercer_test_verdicts(ctx):
    matrices = st.integers(1, 5).flatmap(lambda n: st.one_of(S.symmetric_matrices(n), S.psd_matrices(n, max_rank=max(1, n - 1)),
                                                             S.psd_matrices(n)))

    def agrees(K):
        result = kr.mercer_test(K)
        with mpmath.workdps(ctx.digits):
            smallest = min(mpmath.eigsy(mpmath.matrix(S.to_mpf(K)), eigvals_only=True))
        psd = smallest >= -mpmath.mpf(10) ** (10 - ctx.digits)
        if result.valid != psd:
            return False
        if result.valid:
            return True
        z = result.witness
        value = sum(z[i] * K[i][j] * z[j] for i in range(len(K)) for j in range(len(K)))
        return value == result.value < 0
    verdicts = _exact(ctx, matrices, agrees, n=min(ctx.examples, 20))

    # 004: "K(x, x) = −1 ≠ φ(x)ᵀφ(x)" — no feature map has a negative φ(x)ᵀφ(x)
    invalid = lambda x, z: -1  # noqa: E731
    result = kr.mercer_test(kr.kernel_matrix([[Fraction(3)]], invalid))
    try:
        kr.checked_kernel_matrix([[Fraction(3)], [Fraction(5)]], invalid)
        raised = False
    except kr.InvalidKernelError as e:
        raised = e.value < 0 and e.witness is not None
    ok = (not result.valid) and result.value == -1 and raised
    return combine(verdicts, Outcome(ok, "exact", 0.0, "" if ok else "K(x, x) = −1 was not refused"))


# ---- KR-8 ------------------------------------------------------------------------------------

@check("KR-8", "string kernel without φ = Σᵤ φᵤ(s)φᵤ(t); 004's BAJT twice; 26⁴ ≈ 460000, 20⁴ = 160000",
       "000 V §7; 004", "identity")
def string_kernel(ctx):
    @st.composite
    def cases(draw_):
        alphabet = draw_(st.sampled_from(["ab", "abc", "acgt"]))
        return draw_(S.words(alphabet)), draw_(S.words(alphabet)), draw_(st.integers(1, 4))

    def holds(p):
        s, t, k = p
        phi_s, phi_t = kr.spectrum_features(s, k), kr.spectrum_features(t, k)
        explicit = sum(c * phi_t.get(u, 0) for u, c in phi_s.items())
        return kr.StringKernel(k)(s, t) == explicit == kr.StringKernel(k)(t, s)
    exact = _exact(ctx, cases(), holds)
    protein = "BAJTSIAIBAJTAU"
    counts = kr.spectrum_features(protein, 4)
    printed = (counts.get("BAJT") == 2 and kr.spectrum_dimension(20, 4) == 160000
               and round(kr.spectrum_dimension(26, 4), -4) == 460000)
    letters = "".join(chr(c) for c in range(ord("A"), ord("U") + 1))
    listed = kr.spectrum_dimension(len(letters), 4)
    errata = ()
    if listed != 160000:
        errata = (Erratum("KR-8", "004 (line 211-213)",
                          "the features AAAA, …, AAAZ, …, UUUU, φ(x) ∈ ℝ^(20⁴) = ℝ^160000",
                          "20 letters give 20⁴ = 160000 features (e.g. the amino-acid codes ACDEFGHIKLMNPQRSTVWY, "
                          "or A … T ending at TTTT)",
                          f"A … U is {len(letters)} letters, so AAAA … UUUU is {len(letters)}⁴ = {listed} features; "
                          "and Z is not among them"),)
    return combine(exact, Outcome(printed, "exact", 0.0, "" if printed else "the printed counts differ", errata))
