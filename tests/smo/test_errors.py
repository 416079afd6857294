"""Part V §9.2, SMO (SMO-1 … SMO-4): what both faces refuse and how: the exact type and text of
every error, and the bad-input treatment of every entry point (tests/bad_input.py)."""
import numpy as np
import pytest
from hypothesis import given, settings

import cs229.fast.smo as F
import cs229.reference.smo as R
import cs229.reference.smo as RS
from cs229.reference.kernels import InvalidKernelError
from cs229.reference.results import ConvergenceError, NotSeparableError
from cs229.testing import strategies as S

from tests.smo.test_formulas import _float


# ---- SMO-4: the solver ---------------------------------------------------------------------------

@settings(max_examples=15)
@given(S.svm_labelled_sets(min_rows=3, max_rows=7, features=2, separable=False))
def test_hard_margin_on_inseparable_data_is_refused_SMO_4(p):
    X, y = _float(p)
    for face, args in ((R, (X, y)), (F, (np.array(X), np.array(y)))):
        with pytest.raises(R.NotSeparableError, match="finite C"):
            face.smo(*args, C=None, tol=1e-6, max_iterations=2000)


def test_iteration_cap_reports_the_gap_SMO_4(impl):
    rng = np.random.default_rng(0)
    X = rng.standard_normal((30, 2))
    y = np.where(X[:, 0] > 0, 1, -1)
    with pytest.raises(ConvergenceError, match=r"did not converge in 3 steps: the remaining KKT gap is \d") as e:
        impl.smo.smo(impl.arg(X.tolist()), impl.arg(y.tolist()), C=1.0, tol=1e-9, max_iterations=3)
    fit = e.value.result
    assert fit.iterations == 3 and fit.converged is False and fit.kkt_gap > 1e-9


@pytest.mark.parametrize("shrinking", [True, False])
def test_the_cap_message_is_the_references_and_names_what_shrinking_costs_SMO_4(shrinking):
    """Both faces' words at the cap come from one builder (``smo.at_cap``); with shrinking (the
    fast face's libsvm option) it adds that shrinking can take more steps and how to avoid it,
    naming the option whole (``shrinking=False``, as the caller spells it)."""
    rng = np.random.default_rng(0)
    X = rng.standard_normal((30, 2))
    y = np.where(X[:, 0] > 0, 1, -1)
    words = []
    for face in (R, F):
        with pytest.raises(ConvergenceError) as e:
            face.smo(X, y, C=1.0, tol=1e-9, max_iterations=3, shrinking=shrinking)
        words.append(str(e.value))
    hint = ("; on an ill-conditioned problem shrinking can take twice the steps (libsvm's too), "
            "and shrinking=False takes the reference's")
    assert words[1] == words[0] + (hint if shrinking else "")
    assert words[0].endswith("; raise max_iterations or tol")


# ==================================================================================================
# The exact type and text of the errors ``smo`` raises, on both faces where the function has a
# twin: a step with no maximum, bad pair indices, bad options, an asymmetric kernel, an unbounded
# hard-margin dual and a run that cannot move.


X2, Y2 = [[0.0], [1.0]], [-1, 1]


def _table_kernel(table):
    """K(x, z) = table[x][z] for the 1-d points x = 0, 1, …: any symmetric matrix, PSD or not."""
    def kernel(x, z):
        return table[int(x[0])][int(z[0])]
    return kernel


# ---- SMO-2: the two-variable step -------------------------------------------------------------

@pytest.mark.parametrize("eta, shown", [(0, "0"), (-2, "-2"), (-0.5, "-0.5"), (float("nan"), "nan")],
                         ids=["zero", "negative", "fraction", "nan"])
def test_unclipped_optimum_needs_positive_eta_SMO_2(eta, shown):
    with pytest.raises(ValueError) as e:
        RS.unclipped_optimum(0.0, 1, 0.0, 0.0, eta)
    assert str(e.value) == f"eta = {shown}: W along the line has no maximum (eta must be > 0)"


def test_two_variable_step_needs_two_different_indices_SMO_2(impl):
    with pytest.raises(ValueError) as e:
        impl.smo.two_variable_step(impl.arg(X2), impl.arg(Y2), impl.arg([0.0, 0.0]), 1, 1)
    assert str(e.value) == "i and j must differ: one α cannot move alone (constraint (19))"


@pytest.mark.parametrize("i, j, message", [
    (0.5, 1, "i must be an index 0..1, got 0.5"),
    (True, 1, "i must be an index 0..1, got True"),
    (0, "1", "j must be an index 0..1, got '1'"),
    (0, None, "j must be an index 0..1, got None"),
], ids=["float", "bool", "str", "none"])
def test_two_variable_step_wants_integer_indices_SMO_2(impl, i, j, message):
    with pytest.raises(TypeError) as e:
        impl.smo.two_variable_step(impl.arg(X2), impl.arg(Y2), impl.arg([0.0, 0.0]), i, j)
    assert str(e.value) == message


@pytest.mark.parametrize("i, j, message", [
    (2, 1, "i must be an index 0..1, got 2"),
    (0, -1, "j must be an index 0..1, got -1"),
], ids=["past-end", "negative"])
def test_two_variable_step_wants_indices_of_X_SMO_2(impl, i, j, message):
    with pytest.raises(ValueError) as e:
        impl.smo.two_variable_step(impl.arg(X2), impl.arg(Y2), impl.arg([0.0, 0.0]), i, j)
    assert str(e.value) == message


UNBOUNDED = ("the hard-margin dual is unbounded along the pair {}: W grows without limit (the "
             "examples coincide in feature space with opposite labels, so no hyperplane separates "
             "the classes); use a finite C")


def test_two_variable_step_on_coinciding_opposite_examples_is_unbounded_SMO_2(impl):
    # the same point with both labels: η = 0 and W rises along the line with no upper bound H
    with pytest.raises(NotSeparableError) as e:
        impl.smo.two_variable_step(impl.arg([[1.0], [1.0]]), impl.arg(Y2), impl.arg([0.0, 0.0]),
                                   0, 1, C=None)
    assert str(e.value) == UNBOUNDED.format("(0, 1)")


# ---- SMO-4: the solver --------------------------------------------------------------------------

@pytest.mark.parametrize("rule, pair", [("wss2", "(1, 0)"), ("platt", "(1, 0)"), ("simplified", "(0, 1)")],
                         ids=["wss2", "platt", "simplified"])
def test_smo_hard_margin_on_coinciding_opposite_examples_is_unbounded_SMO_4(impl, rule, pair):
    with pytest.raises(NotSeparableError) as e:
        impl.smo.smo(impl.arg([[1.0], [1.0]]), impl.arg(Y2), C=None, rule=rule)
    assert str(e.value) == UNBOUNDED.format(pair)


@pytest.mark.parametrize("rule, shown, error", [("smo", "'smo'", ValueError), (None, "None", TypeError),
                                                ("WSS2", "'WSS2'", ValueError)],
                         ids=["unknown", "none", "upper-case"])
def test_smo_rule_must_be_one_of_the_three_SMO_4(impl, rule, shown, error):
    with pytest.raises(error) as e:
        impl.smo.smo(impl.arg(X2), impl.arg(Y2), rule=rule)
    assert str(e.value) == f"rule must be one of ('wss2', 'platt', 'simplified'), got {shown}"


@pytest.mark.parametrize("seed, shown", [(1.5, "1.5"), (True, "True"), ("0", "'0'"), (None, "None")],
                         ids=["float", "bool", "str", "none"])
def test_smo_seed_must_be_an_integer_SMO_4(impl, seed, shown):
    with pytest.raises(TypeError) as e:
        impl.smo.smo(impl.arg(X2), impl.arg(Y2), seed=seed)
    assert str(e.value) == f"seed must be an integer, got {shown}"


def test_smo_refuses_a_kernel_that_is_not_symmetric_on_X_SMO_4(impl):
    # K(x, z) = x − z: the first pair checked below the diagonal is (1, 0)
    with pytest.raises(InvalidKernelError) as e:
        impl.smo.smo(impl.arg(X2), impl.arg(Y2), kernel=lambda x, z: float(x[0] - z[0]))
    assert str(e.value) == ("kernel is not symmetric on X: kernel(X[1], X[0]) = 1.0 but "
                            "kernel(X[0], X[1]) = -1.0; SMO needs K(x, z) = K(z, x)")


# Symmetric integer kernels that are not positive semi-definite (negative diagonal entries): W is
# not concave, and the iterates reach a point where no step the rule tries can move α. Integer
# values keep the arithmetic exact on the reference face and exact in floats on the fast face.
STUCK_WSS2 = [[0, -2, 2, 1, -4], [-2, -4, -4, 5, -5], [2, -4, -3, 1, 3], [1, 5, 1, -1, -5],
              [-4, -5, 3, -5, 3]]
STUCK_SIMPLIFIED = [[2, 0, 2, 3], [0, 3, -3, -2], [2, -3, 0, 2], [3, -2, 2, 1]]
QUESTION = "(is the kernel positive semi-definite on these points?)"


def test_smo_wss2_names_the_pair_that_cannot_move_SMO_4(impl):
    X = impl.arg([[0.0], [1.0], [2.0], [3.0], [4.0]])
    with pytest.raises(ConvergenceError) as e:
        impl.smo.smo(X, impl.arg([-1, 1, -1, -1, 1]), C=1, kernel=_table_kernel(STUCK_WSS2))
    assert str(e.value) == (f"SMO (wss2) stopped after 4 steps: the pair (4, 2) cannot move "
                            f"{QUESTION}; the remaining KKT gap is 0.5")


def test_smo_simplified_says_no_violator_could_move_SMO_4(impl):
    # seed 0 draws partners that leave every violator stuck; other seeds can converge
    X = impl.arg([[0.0], [1.0], [2.0], [3.0]])
    with pytest.raises(ConvergenceError) as e:
        impl.smo.smo(X, impl.arg([-1, -1, -1, 1]), C=1, kernel=_table_kernel(STUCK_SIMPLIFIED),
                     rule="simplified", tol=0, seed=0)
    assert str(e.value) == ("SMO (simplified) stopped after 3 steps: no violator could move (is the kernel "
                            "positive semi-definite on these points? With tol=0, rounding can also stop the "
                            "last steps: give tol > 0); the remaining KKT gap is 0.5")
