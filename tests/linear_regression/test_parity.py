"""Part I, least squares (LR-1 … LR-16): the fast face against the reference on the same input: the
same iterates where the order of operations is the same, the same answer to rounding otherwise, the
same verdicts."""
import mpmath
import numpy as np
from hypothesis import given, settings, strategies as st

import cs229.fast.linear_regression as F
import cs229.reference.linear_regression as R
from cs229.reference import linalg
from cs229.testing import strategies as S

from tests.linear_regression.test_formulas import close, lwr_problems, problems


# ---- LR-1, LR-2, LR-3: closed forms, fast == reference ------------------------------------------

@given(problems)
def test_closed_forms_agree_LR_1_2_3(p):
    X, y, theta = S.to_float(p)
    Xa, ya, ta = map(np.array, (X, y, theta))
    assert close(F.predict(Xa, ta), R.predict(X, theta))
    assert close(F.cost(Xa, ya, ta), R.cost(X, y, theta))
    assert close(F.cost_matrix_form(Xa, ya, ta), R.cost_matrix_form(X, y, theta))
    assert close(F.gradient(Xa, ya, ta), R.gradient(X, y, theta))
    assert close(F.hypothesis(Xa[0], ta), R.hypothesis(X[0], theta))


# ---- LR-4, LR-5, LR-6: iterative, the same iterates -------------------------------------------

@given(problems, st.sampled_from([1e-3, 1e-2, 5e-2]), st.booleans())
def test_batch_gd_same_iterates_LR_5(p, alpha, average):
    X, y, theta = S.to_float(p)
    ref = R.batch_gradient_descent(X, y, theta, alpha, 12, tol=None, average=average, record=True)
    fast = F.batch_gradient_descent(np.array(X), np.array(y), np.array(theta), alpha, 12, tol=None,
                                    average=average, record=True)
    assert np.array_equal(fast.path, np.array(ref.path))
    assert fast.iterations == ref.iterations == 12 and fast.converged is ref.converged is None


@given(problems, st.sampled_from([1e-3, 2e-2]), st.sampled_from([0, 0.1]), st.randoms(use_true_random=False))
def test_sgd_same_iterates_LR_4_6(p, alpha, decay, rnd):
    X, y, theta = S.to_float(p)
    order = list(range(len(X)))
    rnd.shuffle(order)
    ref = R.stochastic_gradient_descent(X, y, theta, alpha, 3, order, decay, record=True)
    fast = F.stochastic_gradient_descent(np.array(X), np.array(y), np.array(theta), alpha, 3,
                                         np.array(order), decay, record=True)
    assert np.array_equal(fast.path, np.array(ref.path))
    assert np.array_equal(F.lms_update(X[order[0]], y[order[0]], theta, alpha),
                          R.lms_update(X[order[0]], y[order[0]], theta, alpha))


# ---- LR-12: normal equations ------------------------------------------------------------------

@given(problems)
def test_normal_equations_fast_reference_exact_LR_12(p):
    X, y, _ = S.to_float(p)
    exact = R.normal_equations(p[0], p[1])
    assert all(r == 0 for r in _normal_residual(p[0], p[1], exact))
    assert close(F.normal_equations(np.array(X), np.array(y)), R.normal_equations(X, y), rel=1e-10)
    assert close(R.normal_equations(X, y), [float(v) for v in exact], rel=1e-10)


def _normal_residual(X, y, theta):
    Xt = linalg.transpose(X)
    return [a - b for a, b in zip(linalg.matvec(linalg.matmul(Xt, X), theta), linalg.matvec(Xt, y))]


# ---- LR-14: locally weighted regression -------------------------------------------------------

@given(lwr_problems())
def test_lwr_fast_equals_reference_LR_14(p):
    X, y, queries, tau = p
    w_ref = R.lwr_weights(X, queries[0], tau)
    assert close(F.lwr_weights(X, queries[0], tau), w_ref)
    assert all(0 < w <= 1 for w in w_ref)
    Xa = np.array(X)
    cond = max(np.linalg.cond(Xa.T @ (np.array(R.lwr_weights(X, q, tau))[:, None] * Xa)) for q in queries)
    if cond > 1e8:  # near-singular: each face may refuse it (their pivot rules differ in the last bits)
        return
    expected = R.lwr_predict(X, y, queries, tau)
    assert close(F.lwr_predict(X, y, queries, tau), expected, rel=1e-15 * cond + 1e-12)


# ---- LR-12, LR-14: a dependence verdict at its edge is the same in both faces -----------------
# A column is dependent when the part of it the earlier columns do not explain is at most n·eps
# of its squared size (d_k / A_kk <= n·eps). The designs below put that ratio within a factor 4
# of n·eps, where the faces' rounding (a loop here, BLAS and LAPACK on the equilibrated matrix
# there) could flip a float verdict; both faces must follow the verdict at 50 digits.

def pivot_ratios_at_50_digits(X, w=None):
    """r_k = d_k / A_kk of A = XᵀWX formed and factored at 50 digits from the float X and w
    themselves: d_k / A_kk = 1 − aᵀB⁻¹a / A_kk with B the leading k×k block (mpmath's LU, an
    oracle apart from the faces' LDLᵀ and Cholesky)."""
    m, n = len(X), len(X[0])
    w = [1.0] * m if w is None else w
    with mpmath.workdps(50):
        A = mpmath.matrix(n, n)
        for i in range(m):
            for j in range(n):
                for k in range(n):
                    A[j, k] += mpmath.mpf(w[i]) * mpmath.mpf(X[i][j]) * mpmath.mpf(X[i][k])
        ratios = []
        for k in range(n):
            if k == 0:
                ratios.append(mpmath.mpf(1) if A[0, 0] > 0 else mpmath.mpf(0))
                continue
            B = A[:k, :k]
            a = A[:k, k]
            c = mpmath.lu_solve(B, a)
            ratios.append((A[k, k] - sum(a[j] * c[j] for j in range(k))) / A[k, k])
    return ratios


def verdict_at_50_digits(X, w=None):
    """The first column whose ratio is at most n·eps (float eps), or None."""
    n = len(X[0])
    ratios = pivot_ratios_at_50_digits(X, w)
    return next((k for k, r in enumerate(ratios) if r <= n * 2.0 ** -52), None)


@st.composite
def designs_at_the_edge(draw, min_rows=4, max_rows=9, max_features=3):
    """X whose last column is a combination of the earlier ones plus a perturbation scaled so
    that its pivot ratio is n·eps · 2^e, e uniform in [−2, 2]."""
    k = draw(st.integers(1, max_features))
    m = draw(st.integers(max(min_rows, k + 2), max_rows))
    B = np.array(S.to_float(draw(S.matrices(m, k))), dtype=float)
    B[:, 0] = 1.0
    c = np.array(S.to_float(draw(S.vectors(k))), dtype=float)
    u = np.array(S.to_float(draw(S.vectors(m))), dtype=float)
    base = B @ c
    u_perp = u - B @ np.linalg.lstsq(B, u, rcond=None)[0]
    if np.linalg.matrix_rank(B) < k or np.linalg.norm(u_perp) < 1e-3 or np.linalg.norm(base) < 1e-3:
        from hypothesis import assume
        assume(False)
    n = k + 1
    ratio = n * 2.0 ** -52 * 2.0 ** draw(st.floats(-2, 2))
    delta = np.sqrt(ratio) * np.linalg.norm(base) / np.linalg.norm(u_perp)
    return np.c_[B, base + delta * u_perp].tolist()


def outcome(f):
    try:
        f()
    except linalg.SingularMatrixError as e:
        return "singular", e.column, str(e)
    return "solved", None, None


@settings(max_examples=60)
@given(designs_at_the_edge(), st.data())
def test_a_dependence_at_its_edge_is_decided_alike_and_at_50_digits_LR_12(X, data):
    """Both faces take the normal equations' verdict the 50-digit oracle takes, with the same
    column and words."""
    y = S.to_float(data.draw(S.vectors(len(X))))
    expected = verdict_at_50_digits(X)
    ref = outcome(lambda: R.normal_equations(X, y))
    fast = outcome(lambda: F.normal_equations(np.array(X), np.array(y)))
    assert ref == fast
    assert ref[1] == expected


@settings(max_examples=40)
@given(designs_at_the_edge(), st.data())
def test_a_weighted_dependence_at_its_edge_is_decided_alike_LR_14(X, data):
    """XᵀWX with weights in [1/4, 4]: the same verdict in both faces, the oracle's on XᵀWX."""
    y = S.to_float(data.draw(S.vectors(len(X))))
    w = S.to_float(data.draw(st.lists(S.positive_rationals(), min_size=len(X), max_size=len(X))))
    expected = verdict_at_50_digits(X, w)
    ref = outcome(lambda: R.weighted_normal_equations(X, y, w))
    fast = outcome(lambda: F.weighted_normal_equations(np.array(X), np.array(y), np.array(w)))
    assert ref == fast
    assert ref[1] == expected


@settings(max_examples=40)
@given(st.integers(1, 5).flatmap(lambda m: st.tuples(
    S.matrices(m, m + 1 + m % 3), S.vectors(m))))
def test_fewer_rows_than_columns_is_singular_in_both_faces_LR_12(p):
    """m < n: XᵀX has rank at most m < n, so both faces raise SingularMatrixError naming the
    same dependent column in the same words (600 random draws once split 7 and 4 between the
    faces' answers)."""
    X, y = S.to_float(p)
    ref = outcome(lambda: R.normal_equations(X, y))
    fast = outcome(lambda: F.normal_equations(np.array(X), np.array(y)))
    assert ref == fast
    assert ref[0] == "singular"


# ---- ridge regression ------------------------------------------------------------------------

@given(problems, st.sampled_from([0.25, 3.0]), st.booleans())
def test_ridge_normal_equations_fast_equal_reference_X_1(p, lam, penalize_intercept):
    """X-1: (XᵀX + λI′)θ = Xᵀy in both faces and both solvers, to rounding."""
    X, y, _ = S.to_float(p)
    ref = R.normal_equations(X, y, lam=lam, penalize_intercept=penalize_intercept)
    for solver in ("cholesky", "qr"):
        fast = F.normal_equations(np.array(X), np.array(y), solver, lam=lam,
                                  penalize_intercept=penalize_intercept)
        assert close(fast, ref, rel=1e-9)


@given(problems, st.sampled_from([1e-3, 1e-2]), st.sampled_from([0.5, 4.0]), st.booleans())
def test_ridge_batch_gd_same_iterates_X_1(p, alpha, lam, average):
    """X-1: θ := θ − α(∇J + λθ′): the same iterates bit for bit."""
    X, y, theta = S.to_float(p)
    ref = R.batch_gradient_descent(X, y, theta, alpha, 12, tol=None, average=average, record=True, lam=lam)
    fast = F.batch_gradient_descent(np.array(X), np.array(y), np.array(theta), alpha, 12, tol=None,
                                    average=average, record=True, lam=lam)
    assert np.array_equal(fast.path, np.array(ref.path))


@given(problems, st.sampled_from([0.0, 0.25]), st.lists(st.sampled_from([0.0, 0.5, 1.0, 3.0]), min_size=10,
                                                         max_size=10))
def test_weighted_normal_equations_fast_equal_reference_X_2(p, lam, w):
    """X-2: (XᵀWX + λI′)θ = XᵀWy in both faces and both solvers, to rounding."""
    X, y, _ = S.to_float(p)
    w = w[:len(X)]
    w[0] = 1.0
    try:
        ref = R.normal_equations(X, y, lam=lam, sample_weight=w)
    except linalg.SingularMatrixError:
        return
    for solver in ("cholesky", "qr"):
        fast = F.normal_equations(np.array(X), np.array(y), solver, lam=lam, sample_weight=np.array(w))
        assert close(fast, ref, rel=1e-9)


@given(problems, st.sampled_from([0, 0.1]), st.lists(st.sampled_from([0.0, 0.5, 1.0, 2.5]), min_size=10,
                                                     max_size=10), st.randoms(use_true_random=False))
def test_weighted_sgd_same_iterates_X_2(p, decay, w, rnd):
    """X-2: LMS with sample weights (step α_t·wᵢ) gives the same iterates in both faces, bit for
    bit; a weight of 0 is a step that leaves θ as it is."""
    X, y, theta = S.to_float(p)
    w = w[:len(X)]
    w[0] = 1.0
    order = list(range(len(X)))
    rnd.shuffle(order)
    ref = R.stochastic_gradient_descent(X, y, theta, 1e-2, 3, order, decay, record=True, sample_weight=w)
    fast = F.stochastic_gradient_descent(np.array(X), np.array(y), np.array(theta), 1e-2, 3,
                                         np.array(order), decay, record=True, sample_weight=np.array(w))
    assert np.array_equal(fast.path, np.array(ref.path))
    kept = [i for i in range(len(X)) if w[i]]
    alone = R.stochastic_gradient_descent([X[i] for i in kept], [y[i] for i in kept], theta, 1e-2, 1,
                                          sample_weight=[w[i] for i in kept])
    assert R.stochastic_gradient_descent(X, y, theta, 1e-2, 1, sample_weight=w).theta == alone.theta
