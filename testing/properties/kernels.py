"""Properties of kernels, feature maps, kernel matrices, Mercer's test and the kernel perceptron
(000 V §7; 004; 002 §1.5.2): KR-1 … KR-10.

Points reach the target as arrays; a set of strings is drawn as a tuple, which reaches it as the
same tuple of str."""
import math
from itertools import product

import numpy as np
from cs229.reference.kernels import (
    FeatureMapKernel,
    Gaussian,
    Linear,
    Polynomial,
    StringKernel,
    quadratic_features,
)
from hypothesis import strategies as st

from .. import strategies as S
from . import differential, invariant, normal, same

TOPIC = "kernels"

named = st.sampled_from([Linear(), Polynomial(0, 2), Polynomial(1, 2), Polynomial(0.5, 3), Gaussian(1.0),
                         Gaussian(0.3), Gaussian.from_gamma(2.0)])
# a kernel the target evaluates through its ``__call__``: the explicit map of (xᵀz)²
kernels = st.one_of(named, st.just(FeatureMapKernel(quadratic_features)))


def _distance(x, z):
    """|x − z|₁: zero on the diagonal, positive off it, so no kernel (not PSD) on two distinct points."""
    total = 0.0
    for a, b in zip(x, z):
        total += abs(a - b)
    return total


@st.composite
def point_sets(draw, max_m=8, max_n=4, elements=None):
    """(X, Z): two sets of rational points of one dimension n."""
    n = draw(st.integers(1, max_n))
    row = S.vectors(n, elements) if elements is not None else S.vectors(n)
    return draw(st.lists(row, min_size=1, max_size=max_m)), draw(st.lists(row, min_size=1, max_size=max_m))


@st.composite
def pairs(draw, max_n=4, elements=None):
    """(x, z): two rational vectors of one dimension."""
    n = draw(st.integers(1, max_n))
    row = S.vectors(n, elements) if elements is not None else S.vectors(n)
    return draw(row), draw(row)


words = st.lists(S.words("abc", 0, 12), min_size=1, max_size=6).map(tuple)
string_matrices = st.tuples(words, st.one_of(st.none(), words), st.integers(1, 4))
vector_matrices = st.tuples(point_sets(), st.booleans(), kernels)
mercer_matrices = st.integers(1, 6).flatmap(lambda n: st.one_of(
    S.symmetric_matrices(n), S.psd_matrices(n), S.psd_matrices(n, max_rank=max(1, n - 2)), S.square_matrices(n)))
checked = st.tuples(point_sets(max_m=6), st.one_of(named, st.just(_distance)))
small = S.rationals(-2, 2, 4)


@st.composite
def perceptron_problems(draw):
    """(X, y, kernel, order): a separable set (separable in the linear kernel's space; the others
    may need more than the epochs given: then the cap), a kernel and an order of the examples."""
    X, y = draw(S.separable_sets(n=2, min_m=3, max_m=10))
    kernel = draw(st.sampled_from([Linear(), Polynomial(1, 2), Gaussian(1.0), Gaussian(0.5)]))
    return X, y, kernel, draw(st.permutations(range(len(X))))


@st.composite
def decision_problems(draw):
    """(X, y, α, b, Z, kernel): mistake counts α >= 0 and an integer b, as the perceptron makes them."""
    (X, Z) = draw(point_sets(max_m=6, max_n=2, elements=small))
    y = draw(st.lists(st.sampled_from([-1, 1]), min_size=len(X), max_size=len(X)))
    alpha = draw(st.lists(st.integers(0, 3), min_size=len(X), max_size=len(X)))
    kernel = draw(st.sampled_from([Linear(), Polynomial(1, 2), Gaussian(1.0), Gaussian.from_gamma(2.0)]))
    return X, y, alpha, draw(st.integers(-3, 3)), Z, kernel


def _floats(rows):
    return [[float(v) for v in row] for row in rows]


def _dot(a, b):
    return float(np.dot(np.asarray(normal(a), dtype=float), np.asarray(b, dtype=float)))


def _map_gives_kernel(kernel_of, reference_map, bound=None):
    """The check "φ(x)ᵀφ(z) = K(x, z)" of a feature map: the target's φ(x) against the reference's
    φ(z); within 1e-12 of max(1, |K|), or of ``bound(case)`` (Σ |terms|) when the sum cancels."""
    def holds(phi, case, options):
        expected = float(kernel_of(case))
        got = _dot(phi, reference_map(case))
        scale = max(1.0, abs(expected), bound(case) if bound else 0.0)
        return None if abs(got - expected) <= 1e-12 * scale else f"φ(x)ᵀφ(z) = K(x, z) = {expected!r} (φ(z) the reference's)"
    return holds


def _kernel(x, z, c=0, d=1):
    return (sum(a * b for a, b in zip(x, z)) + c) ** d


def _reference_phi(name, arguments):
    """The reference's feature map ``name`` at z, called with ``arguments(case)``."""
    def phi(case):
        import cs229.reference.kernels as R
        return getattr(R, name)(*arguments(case))
    return phi


def _absolute(c):
    """(|x|ᵀ|z| + c)^d, the bound of the sum's terms, for a case (x, z, c, d)."""
    return float(_kernel([abs(v) for v in c[0]], [abs(v) for v in c[1]], *c[2:]))


def _monomials_are_all_of_degree_at_most_d(exponents, case, options):
    """The exponents α ∈ ℕⁿ with |α| <= d: C(n + d, d) of them, each once (KR-4)."""
    n, d = case
    got = [tuple(e) for e in normal(exponents)]
    expected = sorted(a for a in product(range(d + 1), repeat=n) if sum(a) <= d)
    return None if sorted(got) == expected and len(got) == math.comb(n + d, d) else \
        f"the C(n + d, d) = {math.comb(n + d, d)} exponents of degree <= {d}, each once"


def _weight_is_multinomial(weight, case, options):
    """d!/(α₀! α₁! ⋯ αₙ!) · c^α₀ with α₀ = d − |α| (the multinomial theorem, KR-4), exact."""
    alpha, c, d = case
    a0 = d - sum(alpha)
    coefficient = math.factorial(d)
    for a in (a0, *alpha):
        coefficient //= math.factorial(a)
    expected = float(coefficient * c ** a0)
    return None if same(weight, expected, 1e-12) else f"d!/(α₀!⋯αₙ!) c^α₀ = {expected!r}"


def _spectrum_counts(phi, case, options):
    """Σᵤ φᵤ(s)φᵤ(t) = K(s, t) of the string kernel (φ(t) the reference's), and Σᵤ φᵤ(s) = the
    number of length-k substrings of s (KR-8)."""
    from cs229.reference.kernels import spectrum_features
    s, t, k = case
    got = normal(phi)
    if not isinstance(got, dict):
        return "a dict substring → count"
    theirs = spectrum_features(t, k)
    K = StringKernel(k)(s, t)
    inner = sum(v * theirs.get(u, 0) for u, v in got.items())
    total = sum(got.values())
    return None if inner == K and total == max(0, len(s) - k + 1) else \
        f"Σᵤ φᵤ(s)φᵤ(t) = K(s, t) = {K} and Σᵤ φᵤ(s) = {max(0, len(s) - k + 1)}"


def _counts_the_strings(value, case, options):
    a, k = case
    expected = sum(1 for _ in product(range(a), repeat=k))
    return None if normal(value) == expected else f"|alphabet|^k = {expected} strings of length k"


def _matrix_args(case):
    (X, Z), with_z, kernel = case
    return (_floats(X), kernel, _floats(Z) if with_z else None), {}


def _string_args(case):
    X, Z, k = case
    return (X, StringKernel(k), Z), {}


def _symmetric_psd(K, case, options):
    """Kᵢⱼ = K(x⁽ⁱ⁾, x⁽ʲ⁾) on one set is symmetric positive semi-definite (KR-6: zᵀKz =
    Σₖ(Σᵢ zᵢφₖ(x⁽ⁱ⁾))² >= 0), its eigenvalues within rounding (1e-12·m·max|K|) of >= 0."""
    K = np.asarray(normal(K), dtype=float)
    m = len(case[0][0])
    if K.shape != (m, m):
        return f"an {m}×{m} matrix"
    scale = max(1.0, float(np.abs(K).max()))
    if not np.allclose(K, K.T, rtol=0, atol=1e-12 * scale):
        return "K symmetric"
    low = float(np.linalg.eigvalsh(K).min())
    return None if low >= -1e-12 * m * scale else f"every eigenvalue >= 0 (the smallest is {low!r})"


def _verdict(result):
    return {"valid": result.valid, "symmetric": result.symmetric}


def _witness_is_a_witness(result, case, options):
    """valid ⇔ K symmetric PSD (its eigenvalues, by LAPACK, >= −1e-9·max|λ|); not symmetric:
    Kᵢⱼ ≠ Kⱼᵢ at ``pair``; symmetric but not PSD: zᵀKz = ``value`` < 0 at the witness z (KR-7),
    zᵀKz by numpy."""
    K = np.array(_floats(case))
    r = normal(result)
    if not isinstance(r, dict) or not {"valid", "symmetric", "witness", "value", "pair"} <= r.keys():
        return "a MercerResult"
    if r["valid"]:
        eig = np.linalg.eigvalsh(K)
        psd = np.array_equal(K, K.T) and eig.min() >= -1e-9 * max(1.0, float(np.abs(eig).max()))
        return None if r["symmetric"] and psd else f"valid only when K is symmetric PSD (smallest eigenvalue {eig.min()!r})"
    if not r["symmetric"]:
        try:
            i, j = r["pair"]
        except (TypeError, ValueError):
            return "the asymmetric pair (i, j)"
        return None if K[i, j] != K[j, i] else f"K[i][j] != K[j][i] at pair = {(i, j)}"
    if r["witness"] is None or r["value"] is None:
        return "a witness z with zᵀKz = value < 0"
    z = np.asarray(r["witness"], dtype=float)
    if z.shape != (len(K),):
        return f"a witness z of {len(K)} entries"
    quad = float(z @ K @ z)
    scale = 1e-9 * max(1.0, float(np.abs(K).max()) * float(np.abs(z).sum()) ** 2)
    if not (quad < 0 and abs(quad - float(r["value"])) <= scale):
        return f"zᵀKz = value < 0 at the witness (zᵀKz = {quad!r})"
    return None


def _perceptron_args(case):
    X, y, kernel, order = case
    return (_floats(X), list(y), kernel, 50, list(order)), {"record": True}


def _same_run(fit):
    return {"theta": normal(fit.theta), "b": normal(fit.b), "iterations": fit.iterations,
            "converged": fit.converged, "path": normal(fit.path), "updates": normal(fit.extra["updates"])}


def _separates(fit, case, options):
    """Stopped after an epoch without a mistake: g(Σⱼ αⱼy⁽ʲ⁾K(x⁽ʲ⁾, x⁽ⁱ⁾) + b) = y⁽ⁱ⁾ for every
    example, α the mistake counts (KR-9); the decision values by the reference."""
    from cs229.reference.kernels import perceptron_decision
    (X, y, kernel, _, _), _ = _perceptron_args(case)
    alpha = [float(a) for a in normal(fit.theta)]
    if any(a < 0 or a != int(a) for a in alpha):
        return "α the mistake counts: non-negative integers"
    f = perceptron_decision(X, y, alpha, float(normal(fit.b)), X, kernel)
    slack = 1e-12 * max(1.0, sum(alpha)) * 16
    wrong = [i for i, (v, t) in enumerate(zip(f, y)) if (1 if v >= 0 else -1) != t and abs(v) > slack]
    return None if not wrong else f"every example classified correctly (wrong: {wrong})"


def _decision_args(case):
    X, y, alpha, b, Z, kernel = case
    return (_floats(X), list(y), list(alpha), float(b), _floats(Z), kernel), {}


def _linear_decision_is_w_z(values, case, options):
    """With K(x, z) = xᵀz: Σⱼ αⱼy⁽ʲ⁾(x⁽ʲ⁾)ᵀz + b = wᵀz + b, w = Σⱼ αⱼy⁽ʲ⁾x⁽ʲ⁾ (the kernel trick run
    backwards, KR-9, KR-10), exact."""
    X, y, alpha, b, Z, _ = case
    w = [sum(a * t * x[k] for a, t, x in zip(alpha, y, X)) for k in range(len(X[0]))]
    expected = [float(sum(p * q for p, q in zip(w, z)) + b) for z in Z]
    return None if same(values, expected, 1e-12) else f"wᵀz + b with w = Σ αⱼy⁽ʲ⁾x⁽ʲ⁾: {expected!r}"


PROPERTIES = [
    differential(TOPIC, "linear_features", "KR-10", S.vectors(3), arguments=lambda x: ((S.to_float(x),), {}),
                 doc="φ(x) = x"),
    differential(TOPIC, "power_features", "KR-1", st.tuples(S.rationals(-3, 3), st.integers(0, 6)),
                 arguments=lambda c: ((float(c[0]), c[1]), {}), doc="φ(x) = [x, x², …, x^degree]"),
    invariant(TOPIC, "power_features", "KR-1", "inner_product_is_the_kernel",
              st.tuples(S.rationals(-2, 2), S.rationals(-2, 2), st.integers(1, 6)),
              arguments=lambda c: ((float(c[0]), c[2]), {}),
              holds=_map_gives_kernel(lambda c: sum((c[0] * c[1]) ** k for k in range(1, c[2] + 1)),
                                      _reference_phi("power_features", lambda c: (float(c[1]), c[2])),
                                      lambda c: sum(float(abs(c[0] * c[1])) ** k for k in range(1, c[2] + 1))),
              doc="φ(x)ᵀφ(z) = Σₖ (xz)ᵏ, k = 1..degree"),
    differential(TOPIC, "quadratic_features", "KR-2", S.vectors(3), arguments=lambda x: ((S.to_float(x),), {}),
                 doc="φ(x) = (xᵢxⱼ), i, j = 1..n"),
    invariant(TOPIC, "quadratic_features", "KR-2", "inner_product_is_the_kernel", pairs(),
              arguments=lambda c: ((S.to_float(c[0]),), {}),
              holds=_map_gives_kernel(lambda c: _kernel(c[0], c[1], 0, 2),
                                      _reference_phi("quadratic_features", lambda c: (S.to_float(c[1]),)),
                                      lambda c: _absolute((*c, 0, 2))),
              doc="φ(x)ᵀφ(z) = (xᵀz)²"),
    differential(TOPIC, "quadratic_features_c", "KR-3", st.tuples(S.vectors(3), S.rationals(-1, 3)),
                 arguments=lambda c: ((S.to_float(c[0]), float(c[1])), {}),
                 doc="φ(x) = ((xᵢxⱼ), √(2c)·xᵢ, c)"),
    invariant(TOPIC, "quadratic_features_c", "KR-3", "inner_product_is_the_kernel",
              st.tuples(pairs(), S.rationals(0, 3)).map(lambda c: (*c[0], c[1])),
              arguments=lambda c: ((S.to_float(c[0]), float(c[2])), {}),
              holds=_map_gives_kernel(lambda c: _kernel(c[0], c[1], c[2], 2),
                                      _reference_phi("quadratic_features_c", lambda c: (S.to_float(c[1]), float(c[2]))),
                                      lambda c: _absolute((*c, 2))),
              doc="φ(x)ᵀφ(z) = (xᵀz + c)²"),
    differential(TOPIC, "monomials", "KR-4", st.tuples(st.integers(1, 4), st.integers(0, 4)),
                 arguments=lambda c: (c, {}), exact=True,
                 doc="the exponents α of degree <= d, by degree, each degree lexicographically decreasing"),
    invariant(TOPIC, "monomials", "KR-4", "all_monomials_up_to_d", st.tuples(st.integers(1, 4), st.integers(1, 4)),
              arguments=lambda c: (c, {}), holds=_monomials_are_all_of_degree_at_most_d,
              doc="C(n + d, d) exponents, every α ∈ ℕⁿ with |α| <= d once"),
    differential(TOPIC, "monomial_weight", "KR-4",
                 st.tuples(st.lists(st.integers(0, 3), min_size=1, max_size=3).map(tuple), S.rationals(-1, 3), st.integers(0, 6)),
                 arguments=lambda c: ((c[0], float(c[1]), c[2]), {}),
                 doc="d!/(α₀! α₁! ⋯ αₙ!) · c^α₀, α₀ = d − |α|"),
    invariant(TOPIC, "monomial_weight", "KR-4", "multinomial_coefficient",
              st.integers(1, 5).flatmap(lambda d: st.tuples(
                  st.lists(st.integers(0, d), min_size=1, max_size=3).filter(lambda a: sum(a) <= d).map(tuple),
                  S.rationals(0, 3), st.just(d))),
              arguments=lambda c: ((c[0], float(c[1]), c[2]), {}), holds=_weight_is_multinomial,
              doc="the coefficient of x^α z^α in (xᵀz + c)^d: d!/(α₀!⋯αₙ!) c^α₀"),
    differential(TOPIC, "monomial_features", "KR-4", st.tuples(S.vectors(3), S.rationals(-1, 3), st.integers(0, 4)),
                 arguments=lambda c: ((S.to_float(c[0]), float(c[1]), c[2]), {}),
                 doc="φ(x)_α = √(weight_α) x^α over the monomials of degree <= d"),
    invariant(TOPIC, "monomial_features", "KR-4", "inner_product_is_the_kernel",
              st.tuples(pairs(max_n=3, elements=small), S.rationals(0, 3), st.integers(1, 4))
              .map(lambda c: (*c[0], c[1], c[2])),
              arguments=lambda c: ((S.to_float(c[0]), float(c[2]), c[3]), {}),
              holds=_map_gives_kernel(lambda c: _kernel(c[0], c[1], c[2], c[3]),
                                      _reference_phi("monomial_features", lambda c: (S.to_float(c[1]), float(c[2]), c[3])),
                                      _absolute),
              doc="φ(x)ᵀφ(z) = (xᵀz + c)^d"),
    differential(TOPIC, "gaussian_features", "KR-5",
                 st.tuples(S.rationals(-3, 3), st.sampled_from([0.5, 1.0, 1.3, 2.0]), st.integers(0, 60)),
                 arguments=lambda c: ((float(c[0]), c[1], c[2]), {}),
                 doc="φₖ(x) = exp(−x²/(2σ²)) xᵏ/(σᵏ√(k!)), k < terms"),
    invariant(TOPIC, "gaussian_features", "KR-5", "series_gives_the_kernel",
              st.tuples(S.rationals(-2, 2), S.rationals(-2, 2), st.sampled_from([0.75, 1.0, 2.0])),
              arguments=lambda c: ((float(c[0]), c[2], 40), {}),
              holds=_map_gives_kernel(lambda c: math.exp(-float(c[0] - c[1]) ** 2 / (2 * c[2] ** 2)),
                                      _reference_phi("gaussian_features", lambda c: (float(c[1]), c[2], 40))),
              doc="Σₖ φₖ(x)φₖ(z) = exp(−(x − z)²/(2σ²)) (40 terms)"),
    differential(TOPIC, "spectrum_features", "KR-8", st.tuples(S.words("abc", 0, 15), st.integers(0, 4)),
                 arguments=lambda c: (c, {}), exact=True, doc="{u: occurrences of u in s}, |u| = k"),
    invariant(TOPIC, "spectrum_features", "KR-8", "inner_product_is_the_string_kernel",
              st.tuples(S.words("abc", 0, 15), S.words("abc", 0, 15), st.integers(1, 4)),
              arguments=lambda c: ((c[0], c[2]), {}), holds=_spectrum_counts,
              doc="Σᵤ φᵤ(s)φᵤ(t) = K(s, t) and Σᵤ φᵤ(s) = |s| − k + 1"),
    differential(TOPIC, "spectrum_dimension", "KR-8", st.tuples(st.integers(0, 26), st.integers(0, 5)),
                 arguments=lambda c: (c, {}), exact=True, doc="|alphabet|^k"),
    invariant(TOPIC, "spectrum_dimension", "KR-8", "counts_the_strings", st.tuples(st.integers(1, 5), st.integers(1, 4)),
              arguments=lambda c: (c, {}), holds=_counts_the_strings, doc="the number of strings of length k"),
    differential(TOPIC, "as_points", "KR-6", st.one_of(
                     st.tuples(point_sets(max_m=4), named).map(lambda c: (_floats(c[0][0]), c[1])),
                     st.tuples(st.lists(S.words("abcd", 0, 6), max_size=4).map(tuple),
                               st.sampled_from([StringKernel(2), StringKernel(2, alphabet="abc")]))),
                 arguments=lambda c: (c, {}),
                 doc="the rows of X, or for a StringKernel a non-empty sequence of strings over its alphabet"),
    differential(TOPIC, "kernel_matrix", "KR-6", vector_matrices, arguments=_matrix_args,
                 doc="Kᵢⱼ = K(x⁽ⁱ⁾, z⁽ʲ⁾), Z = X by default"),
    differential(TOPIC, "kernel_matrix", "KR-8", string_matrices, arguments=_string_args, exact=True,
                 name="string_kernel_agrees_with_reference",
                 doc="Kᵢⱼ = Σᵤ φᵤ(sᵢ)φᵤ(tⱼ), the k-spectrum kernel"),
    invariant(TOPIC, "kernel_matrix", "KR-6", "symmetric_positive_semidefinite",
              st.tuples(point_sets(), st.just(False), kernels), arguments=_matrix_args, holds=_symmetric_psd,
              doc="K on one set is symmetric PSD: zᵀKz = Σₖ(Σᵢ zᵢφₖ(x⁽ⁱ⁾))² >= 0"),
    differential(TOPIC, "mercer_test", "KR-7", mercer_matrices, arguments=lambda K: ((_floats(K),), {}),
                 answer=_verdict, doc="valid ⇔ K symmetric PSD (pivoted LDLᵀ, tol n·eps·max|K|)"),
    invariant(TOPIC, "mercer_test", "KR-7", "verdict_and_witness", mercer_matrices,
              arguments=lambda K: ((_floats(K),), {}), holds=_witness_is_a_witness,
              doc="valid exactly when K is symmetric PSD; otherwise an asymmetric pair Kᵢⱼ ≠ Kⱼᵢ or a z with zᵀKz = value < 0"),
    differential(TOPIC, "checked_kernel_matrix", "KR-7", checked,
                 arguments=lambda c: ((_floats(c[0][0]), c[1]), {}),
                 doc="K after Mercer's test; a kernel that fails raises InvalidKernelError"),
    differential(TOPIC, "kernel_perceptron", "KR-9", perceptron_problems(), arguments=_perceptron_args,
                 iterative=True, answer=_same_run, loose_answer=lambda fit: None,
                 doc="αᵢ += 1, b += y⁽ⁱ⁾ on each mistake of g(Σⱼ αⱼy⁽ʲ⁾K(x⁽ʲ⁾, x⁽ⁱ⁾) + b), in the given order"),
    invariant(TOPIC, "kernel_perceptron", "KR-9", "separates", perceptron_problems(),
              arguments=_perceptron_args, holds=_separates,
              doc="the converged perceptron classifies every training example correctly"),
    differential(TOPIC, "perceptron_decision", "KR-9", decision_problems(), arguments=_decision_args,
                 doc="Σⱼ αⱼy⁽ʲ⁾K(x⁽ʲ⁾, z) + b for every row z"),
    invariant(TOPIC, "perceptron_decision", "KR-9", "linear_kernel_is_w_z",
              decision_problems().map(lambda c: (*c[:5], Linear())), arguments=_decision_args,
              holds=_linear_decision_is_w_z, doc="with K = xᵀz: wᵀz + b, w = Σⱼ αⱼy⁽ʲ⁾x⁽ʲ⁾"),
]
