"""Newton's method as written once in cs229.reference.newton, the driver of both faces (NW-2, GLM-4,
SM-4): what both faces refuse and how: the exact type and text of every error, and the bad-input
treatment of every entry point (tests/bad_input.py)."""
import numpy as np
import pytest
from sklearn.datasets import load_iris

from cs229.reference import exponential_family as ef, linalg, newton
from cs229.reference.results import SeparableDataError, StepFailed


def test_start_and_damping_are_validated_in_both_faces(impl):
    X, y = impl.arg([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]]), impl.arg([1, 0, 1])
    with pytest.raises(ValueError, match=r"start must be one of \('zero', 'data'\)"):
        impl.glm.newton("poisson", X, y, start="ones")
    with pytest.raises(TypeError, match="start must be one of"):
        impl.logistic_regression.newton(X, y, start=0)
    # one reader for every Newton fit (cs229.reference.newton.options): the same words in all
    for fit in (lambda **kw: impl.glm.newton("poisson", X, y, **kw),
                lambda **kw: impl.logistic_regression.newton(X, y, **kw),
                lambda **kw: impl.softmax.newton(X, impl.arg([1, 2, 1]), **kw)):
        with pytest.raises(ValueError, match="tol must be a number for Newton's method"):
            fit(tol=None)
        with pytest.raises(TypeError, match="damping must be True or False"):
            fit(damping="yes")
        with pytest.raises(ValueError, match="max_iterations"):
            fit(max_iterations=0)
    with pytest.raises(ValueError, match=r"solver must be one of \('cholesky', 'qr'\)"):
        impl.linear_regression.normal_equations(X, impl.arg([1.0, 2.0, 3.0]), solver="svd")


def test_no_maximum_likelihood_start_is_named_in_both_faces(impl):
    X = impl.arg([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]])
    with pytest.raises(ValueError, match="every count is 0"):
        impl.glm.poisson_regression(X, impl.arg([0, 0, 0]))
    with pytest.raises(ValueError, match="every label is 1"):
        impl.glm.newton("bernoulli", X, impl.arg([1, 1, 1]))


def test_a_start_outside_the_gamma_domain_names_theta(impl):
    """The exponential family needs η < 0: a WLS start that leaves the domain is named."""
    X = impl.arg([[1.0, -3.0], [1.0, 0.0], [1.0, 3.0], [1.0, 6.0]])
    y = impl.arg([0.01, 0.1, 100.0, 0.02])
    with pytest.raises(ValueError, match=r"^theta .*start='data'.*cannot start there"):
        impl.glm.newton("exponential", X, y)
    with pytest.raises(ValueError, match=r"^theta: GLM Newton cannot start there"):
        impl.glm.newton("exponential", X, y, impl.arg([1.0, 0.0]))
    fit = impl.glm.newton("exponential", X, y, impl.arg([-1.0, 0.0]))  # halving keeps η < 0
    assert fit.converged and fit.extra["step_lengths"][0] < 1


def test_singular_hessian_names_the_dependent_column(impl):
    X = impl.arg([[1.0, 1.0, 2.0], [1.0, 2.0, 4.0], [1.0, 3.0, 6.0], [1.0, 5.0, 10.0]])
    with pytest.raises(linalg.SingularMatrixError,
                       match=r"GLM Newton: the Hessian −XᵀWX is singular at iteration 1: column 2 of X is 2 × column 1"):
        impl.glm.newton("poisson", X, impl.arg([1, 2, 3, 5]), start="zero")
    with pytest.raises(linalg.SingularMatrixError, match="column 2 of X is 2 × column 1"):
        impl.logistic_regression.newton(X, impl.arg([1, 0, 1, 0]))
    with pytest.raises(linalg.SingularMatrixError, match="column 2 of X is 2 × column 1"):
        impl.softmax.newton(X, impl.arg([1, 2, 3, 1]))


def test_one_class_separable_from_the_rest_is_called_separation_SM_4(impl):
    """Iris on sepal length and width: setosa is linearly separable from the other two, so its
    θ grows without bound and the Hessian becomes singular; the error says separation."""
    d = load_iris()
    X = np.c_[np.ones(150), d.data[:, :2]]
    with pytest.raises(SeparableDataError, match="class 1 is linearly separable from the others"):
        impl.softmax.newton(impl.arg(X), impl.arg(d.target + 1))


def test_newton_helpers_refuse_what_they_cannot_size():
    assert newton.number_of_classes([1, 2, 3, 3]) == 3
    with pytest.raises(ValueError, match="class 2 of 1..1000000000000"):
        newton.number_of_classes([1, 10 ** 12])
    assert newton.rounding_bound(10, 0) == 0
    assert newton.data_start(ef.GAUSSIAN, [[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]], [1.0, 3.0, 5.0]) == \
        pytest.approx([1.0, 2.0])


def test_column_dependence_is_the_error_of_XtX():
    """One row, two columns: XᵀX is singular (the error names column 1); one column: none."""
    e = newton.column_dependence([[1.0, 2.0]])
    assert isinstance(e, linalg.SingularMatrixError) and str(e) == "matrix is singular: column 1 is 2 × column 0"
    assert newton.column_dependence([[1.0], [2.0]]) is None
    assert str(newton.column_dependence([[0.0, 1.0], [0.0, 2.0]])) == "matrix is singular: column 0 is zero"


def test_singular_softmax_hessian_names_the_cause_SM_4():
    columns = linalg.SingularMatrixError("x", column=1, combination={0: 2.0})
    e = newton.singular_softmax_hessian(4, None, columns, 2)
    assert str(e) == "softmax Newton: the Hessian is singular at iteration 4: column 1 of X is 2 × column 0"
    assert (e.column, e.combination) == (1, {0: 2.0})
    e = newton.singular_softmax_hessian(3, linalg.SingularMatrixError("x", column=5, combination={1: 0.5}), None, 2)
    assert str(e) == ("softmax Newton: the Hessian is singular at iteration 3: parameter 5 (θ_3 entry 1) depends "
                      "on the ones before it (a class absent from y, or one whose examples carry no weight)")
    assert (e.column, e.combination) == (5, {1: 0.5})


@pytest.mark.parametrize("y,message", [
    ([0], "y: every label is 0, so ℓ(θ) approaches 0 as the intercept grows without bound and no "
          "maximum likelihood θ exists"),
    ([1], "y: every label is 1, so ℓ(θ) approaches 0 as the intercept grows without bound and no "
          "maximum likelihood θ exists"),
    ([0, 0], "y: every label is 0, so ℓ(θ) approaches 0 as the intercept grows without bound and no "
             "maximum likelihood θ exists")], ids=["zero", "one", "zeros"])
def test_the_data_start_refuses_one_label_GLM_4(y, message):
    with pytest.raises(ValueError) as e:
        newton.data_start(ef.BERNOULLI, [[1.0]] * len(y), y)
    assert str(e.value) == message


def test_the_data_start_refuses_zero_counts_GLM_4():
    with pytest.raises(ValueError) as e:
        newton.data_start(ef.POISSON, [[1.0], [1.0]], [0, 0])
    assert str(e.value) == ("y: every count is 0, so ℓ(θ) increases as η → −∞ and no maximum "
                            "likelihood θ exists")


def test_glm_log_likelihood_says_where_it_is_not_defined_GLM_4():
    with pytest.raises(StepFailed) as e:  # η = 1e200: η²/2 overflows to inf, ℓ to −inf
        newton.glm_log_likelihood(ef.GAUSSIAN, [[1.0]], [1.0], [1e200])
    assert str(e.value) == "ℓ(θ) is not finite"
    fam = ef.gamma(1)
    with pytest.raises(ValueError) as outside:
        ef.log_density(fam, 1.0, 1.0)
    with pytest.raises(StepFailed) as e:  # η = 1 is outside the exponential's η < 0
        newton.glm_log_likelihood(fam, [[1.0]], [1.0], [1.0])
    assert str(e.value) == str(outside.value) != ""


def test_glm_system_refuses_an_overflowed_residual_GLM_4():
    """r = y − η overflows for the Gaussian while w = 1 does not: either is enough."""
    with pytest.raises(StepFailed) as e:
        newton.glm_system(ef.GAUSSIAN, [[1.0]], [1e308], [-1e308])
    assert str(e.value) == "g(θᵀx) overflowed"


def test_origin_names_the_start():
    assert newton.origin([0.0], "data") == "theta"
    assert newton.origin(None, "data") == "theta (the start from the data, start='data')"
    assert newton.origin(None, "zero") == "theta (θ = 0, start='zero')"


def test_singular_hessian_words_and_combination():
    e = linalg.SingularMatrixError("x", column=2, combination={1: 2.0})
    error = newton.singular_hessian("GLM Newton")(e, 3, [0.0, 0.0, 0.0])
    assert str(error) == ("GLM Newton: the Hessian −XᵀWX is singular at iteration 3: column 2 of X is "
                          "2 × column 1, on the examples that carry weight")
    assert (error.column, error.combination) == (2, {1: 2.0})
