"""Reproducers of the hardening review (issue 12) for Part IV (GDA, Naive Bayes) and decision
trees: crashes, a hang, wrong answers and errors a user cannot act on. Each one is a test on both
faces. The inputs that once crashed or hung the interpreter run in a child process with a time
limit, so that a segfault or a hang fails the test instead of killing the worker."""
import dataclasses
import json
import re
import subprocess
import sys
import textwrap
from fractions import Fraction

import numpy as np
import pytest

import cs229.fast.entropy as FE
import cs229.fast.generative as FG
import cs229.fast.naive_bayes as FN
import cs229.fast.trees as FT
import cs229.reference.entropy as RE
import cs229.reference.generative as RG
import cs229.reference.naive_bayes as RN
import cs229.reference.trees as RT

FACES = {"fast": (FN, FT, FG, FE), "reference": (RN, RT, RG, RE)}

_CHILD = '''
import json
import resource
resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))  # a runaway walk fails, not the machine
import numpy as np
import cs229.fast.naive_bayes as FN, cs229.reference.naive_bayes as RN
import cs229.fast.trees as FT, cs229.reference.trees as RT

def outcome(f):
    try:
        return ["answer", repr(f())]
    except Exception as e:
        return ["error", type(e).__name__, str(e)]

OUTCOMES = []
{code}
print(json.dumps(OUTCOMES))
'''


def in_child(code, timeout=60):
    """The outcomes ``code`` appends to OUTCOMES (each ``outcome(f)``: ["answer", repr] or
    ["error", type, message]), computed in a fresh interpreter that must exit within
    ``timeout`` seconds and must not die of a signal."""
    program = _CHILD.format(code=textwrap.dedent(code))
    try:
        done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        pytest.fail(f"hung: no answer within {timeout} s")
    assert done.returncode == 0, f"the child died (exit status {done.returncode}): {done.stderr[-2000:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])


# ---- crashes and the hang (run in a child) -----------------------------------------------------

@pytest.mark.parametrize("phi", ["[]", "()", "([[0.5, 0.5]],)", "[[[0.5, 0.5]], 0.5]"])
def test_categorical_model_with_fewer_than_two_class_tables_is_refused_C2(phi):
    outcomes = in_child(f"""
        for M in (FN, RN):
            model = M.CategoricalNB(0.5, {phi}, [2], None, None, None)
            for f in (M.categorical_predict, M.categorical_log_joint, M.categorical_log_posterior):
                OUTCOMES.append(outcome(lambda: f(model, [[0], [1]])))
    """)
    for kind, error, message in outcomes[:3] + outcomes[3:]:
        assert kind == "error" and error in ("ValueError", "TypeError") and "model.phi" in message
    assert [o[1] for o in outcomes[:3]] == [o[1] for o in outcomes[3:]]


@pytest.mark.parametrize("k", ["[2**60, 2**63 - 1, 2**63 - 2**60 + 5]", "[2**63, 2, 2]", "2**62"])
def test_categorical_fit_with_a_huge_k_is_refused_before_any_allocation_C3(k):
    outcomes = in_child(f"""
        for M in (FN, RN):
            OUTCOMES.append(outcome(lambda: M.categorical_fit([[0, 0, 0], [1, 1, 1]], [0, 1], {k})))
    """)
    for kind, error, message in outcomes:
        assert (kind, error) == ("error", "ValueError") and "cannot be held" in message
    assert outcomes[0] == outcomes[1]


def test_value_counts_and_vocabulary_size_beyond_any_table_are_refused_C3():
    outcomes = in_child("""
        for M in (FN, RN):
            OUTCOMES.append(outcome(lambda: M.value_counts([0, 1], 2**62)))
            OUTCOMES.append(outcome(lambda: M.multinomial_fit([[0], [1]], [0, 1], 2**62)))
    """)
    assert all(o[:2] == ["error", "ValueError"] and "cannot be held" in o[2] for o in outcomes)
    assert outcomes[:2] == outcomes[2:]


def test_ignore_unknown_is_read_once_C4():
    """An object whose truth flips between two reads: the flag is True or False and nothing else
    (cs229.reference.parameters.flag), so such an object is refused before its truth is read
    at all, by every call of both faces in the same words, and never reaches a write out of
    bounds."""
    outcomes = in_child("""
        class Flip:
            reads = 0
            def __bool__(self):
                Flip.reads += 1
                return Flip.reads % 2 == 1
            def __repr__(self):
                return "Flip()"
        docs = [[0, 1, 7], [2, 7, 7, 3]]
        for M in (FN, RN):
            model = M.multinomial_fit(docs, [0, 1], 4, ignore_unknown=True)
            for f, args in ((M.multinomial_fit, (docs, [0, 1], 4)),
                            (M.multinomial_log_joint, (model, docs)),
                            (M.multinomial_log_posterior, (model, docs)),
                            (M.multinomial_predict, (model, docs))):
                Flip.reads = 0
                OUTCOMES.append(outcome(lambda: f(*args, ignore_unknown=Flip())) + [Flip.reads])
    """)
    assert outcomes == [["error", "TypeError", "ignore_unknown must be True or False, got Flip()", 0]] * 8


def test_predict_on_a_tree_with_a_cycle_is_refused_not_a_hang_H1():
    outcomes = in_child("""
        import dataclasses
        for M in (FT, RT):
            leaf = RT.Leaf(0)
            split = RT.Split(0, 0.5, leaf, RT.Leaf(1))
            object.__setattr__(split, "left", split)  # past the frozen dataclass: a cycle
            tree = RT.Tree(split, 1)
            OUTCOMES.append(outcome(lambda: M.predict(tree, [[0.0], [1.0]])))
        OUTCOMES.append(outcome(lambda: tree.depth))
        OUTCOMES.append(outcome(lambda: tree.n_nodes))
    """, timeout=30)
    for kind, error, message in outcomes:
        assert (kind, error) == ("error", "ValueError") and "tree.root.left is one of its own ancestors" in message


def test_a_cycle_through_a_list_cannot_be_made_H1():
    """A Branch copies its children into a tuple, so editing the caller's list afterwards
    (even to put the branch itself in it) changes nothing."""
    outcomes = in_child("""
        children = [RT.Leaf(0), RT.Leaf(1)]
        branch = RT.Branch(0, [0.0, 1.0], children)
        children[0] = branch
        tree = RT.Tree(branch, 1)
        for M in (FT, RT):
            OUTCOMES.append(outcome(lambda: [int(v) for v in M.predict(tree, [[0.0], [1.0]])]))
    """, timeout=30)
    assert outcomes == [["answer", "[0, 1]"]] * 2


def test_shared_subtrees_are_walked_once_and_predict_alike():
    """A node reached by 2⁶⁰ paths (61 distinct nodes): the sizes are counted, and fast packs
    the tree, once per distinct node."""
    outcomes = in_child("""
        node = RT.Leaf(1)
        for depth in range(60):
            node = RT.Split(depth % 2, 0.5, node, node)
        tree = RT.Tree(node, 2)
        OUTCOMES.append(outcome(lambda: (tree.depth, tree.n_leaves, tree.n_nodes)))
        X = np.random.default_rng(0).random((50, 2))
        OUTCOMES.append(outcome(lambda: FT.predict(tree, X).tolist() == RT.predict(tree, X.tolist()) == [1] * 50))
    """, timeout=30)
    assert outcomes == [["answer", repr((60, 2 ** 60, 2 ** 61 - 1))], ["answer", "True"]]


# ---- wrong answers -----------------------------------------------------------------------------

@pytest.mark.parametrize("face", FACES)
def test_gda_posterior_of_a_far_point_is_zero_over_zero_W6(face):
    G = FACES[face][2]
    model = RG.GDAModel(0.5, [0.0], [1.0], [[1.0]])
    with pytest.raises(RG.ZeroOverZeroError, match=r"X\[1\] is so far from both class means"):
        G.gda_posterior(model, [[0.5], [1e200]])
    assert G.gda_predict(model, [[1e200]])[0] == 0  # both joints −∞: the boundary's side, 0


@pytest.mark.parametrize("face", FACES)
def test_an_overflowing_solve_gives_minus_infinity_not_nan_W6(face):
    """x − μ = (inf, 0) with a diagonal Σ: the forward solve meets 0·inf (NaN); the point is
    beyond the float range from μ, so its log-density is −∞."""
    G = FACES[face][2]
    identity = [[1.0, 0.0], [0.0, 1.0]]
    out = G.mvn_log_densities([[1e308, 0.0], [1.0, 1.0]], [-1e308, 0.0], identity)
    assert np.asarray(out).tolist() == [-np.inf, -np.inf]
    joint = G.gda_log_joint(RG.GDAModel(0.5, [-1e308, 0.0], [-1e308, 1.0], identity), [[1e308, 0.0]])
    assert np.asarray(joint).tolist() == [[-np.inf, -np.inf]]


def test_split_score_of_counts_beyond_int64_W7():
    for table in ([[1e20, 1e20]], [[2.0 ** 63, 1.0], [3.0, 2.0 ** 62]], [[1e300, 0.0]]):
        assert FT.split_score(np.array(table)) == RT.split_score(table)
    assert FT.split_score([[1e20, 1e20]]) == pytest.approx(2e20 * np.log(2e20) - 2 * 1e20 * np.log(1e20))


@pytest.mark.parametrize("face", FACES)
def test_split_score_that_overflows_float64_is_refused(face):
    with pytest.raises(ValueError, match="too large for float64"):
        FACES[face][1].split_score([[1e306, 1e306]])


@pytest.mark.parametrize("tokens", [np.array([5, 2 ** 64 - 1], dtype=np.uint64), [5.0, 2.0 ** 63],
                                    np.array([5, 2 ** 70], dtype=object)])
def test_pack_documents_refuses_ids_beyond_int64_instead_of_wrapping_W8(tokens):
    with pytest.raises(ValueError, match=r"documents\[0\]\[1\] is (18446744073709551615|9\.223372036854776e\+18|"
                                         r"1180591620717411303424): outside the int64 range"):
        FN.pack_documents([tokens])
    with pytest.raises(ValueError, match=r"documents.tokens\[1\]|documents\[0\]\[1\]"):
        FN.pack_documents(RN.Documents(tokens, [0, 2]))


@pytest.mark.parametrize("face", FACES)
def test_token_ids_beyond_int64_are_unknown_words_W8(face):
    N = FACES[face][0]
    docs = [[0, 1], [np.uint64(2 ** 64 - 1), 1, 0]] if face == "reference" else \
        [np.array([0, 1], dtype=np.uint64), np.array([2 ** 64 - 1, 1, 0], dtype=np.uint64)]
    model = N.multinomial_fit(docs, [0, 1], 2, ignore_unknown=True)
    assert np.asarray(model.word_count).tolist() == [[1, 1], [1, 1]]
    with pytest.raises(ValueError, match=r"documents\[1\]\[0\] is 18446744073709551615: token ids must be in 0..1"):
        N.multinomial_fit(docs, [0, 1], 2)


@pytest.mark.parametrize("face", FACES)
def test_a_tree_is_immutable_so_a_packed_copy_cannot_go_stale_W9(face):
    T = FACES[face][1]
    children = [RT.Leaf(0), RT.Leaf(1)]
    tree = RT.Tree(RT.Branch(0, [0.0, 1.0], children), 1)
    assert np.asarray(T.predict(tree, [[1.0]])).tolist() == [1]
    children[1] = RT.Leaf(7)  # the caller's list, not the tree's tuple
    assert np.asarray(T.predict(tree, [[1.0]])).tolist() == [1]
    with pytest.raises(dataclasses.FrozenInstanceError):
        tree.root.children = (RT.Leaf(0), RT.Leaf(7))
    edited = dataclasses.replace(tree, root=dataclasses.replace(tree.root, children=(RT.Leaf(0), RT.Leaf(7))))
    assert np.asarray(T.predict(edited, [[1.0]])).tolist() == [7]
    assert np.asarray(T.predict(tree, [[1.0]])).tolist() == [1]


def test_a_fitted_tree_rebuilt_with_another_leaf_predicts_with_it_W9():
    tree = FT.tree_fit([[0.0], [1.0]], [0, 1])
    assert FT.predict(tree, [[1.0]]).tolist() == [1]
    rebuilt = dataclasses.replace(tree, root=dataclasses.replace(tree.root, right=RT.Leaf(7)))
    assert FT.predict(rebuilt, [[1.0]]).tolist() == RT.predict(rebuilt, [[1.0]]) == [7]


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("node,field", [
    (RT.Branch(0, (float("nan"), 1.0, 2.0), (RT.Leaf(9), RT.Leaf(1), RT.Leaf(2))), r"tree.root.values\[0\] is nan"),
    (RT.Split(0, float("nan"), RT.Leaf(0), RT.Leaf(1)), r"tree.root.threshold is nan"),
    (RT.Split(0, float("inf"), RT.Leaf(0), RT.Leaf(1)), r"tree.root.threshold is inf"),
    (RT.Split(0, 0.5, RT.Leaf(0), RT.Split(-1, 0.5, RT.Leaf(0), RT.Leaf(1))), r"tree.root.right.feature is -1"),
    (RT.Split(2, 0.5, RT.Leaf(0), RT.Leaf(1)), r"tree.root.feature is 2: the tree takes features 0..1"),
    (RT.Branch(0, (0.0, 1.0), (RT.Leaf(0),)), "tree.root has 2 values but 1 children"),
    (RT.Branch(0, (1.0, 1), (RT.Leaf(0), RT.Leaf(1))), r"tree.root.values\[1\] is 1, a value that has a child"),
    (RT.Split(0, 0.5, RT.Leaf(0), RT.Leaf(1), counts=(1, -1)), r"tree.root.counts\[1\] is -1"),
])
def test_a_tree_with_a_bad_field_is_refused_naming_it_W10(face, node, field):
    """W10: a NaN Branch value broke the binary search of fast predict (answer 9, the reference
    1); a negative feature index was wrapped by the reference. Both faces refuse them now."""
    with pytest.raises(ValueError, match=field):
        FACES[face][1].predict(RT.Tree(node, 2), [[1.0, 1.0]])


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("tree,field", [
    (RT.Tree(RT.Leaf("a"), 1), "tree.root.prediction is 'a'"),
    (RT.Tree(RT.Leaf(True), 1), "tree.root.prediction is True"),
    (RT.Tree(RT.Split(0.0, 0.5, RT.Leaf(0), RT.Leaf(1)), 1), "tree.root.feature is 0.0"),
    (RT.Tree(RT.Split(0, "0.5", RT.Leaf(0), RT.Leaf(1)), 1), "tree.root.threshold is '0.5'"),
    (RT.Tree(RT.Split(0, 0.5, RT.Leaf(0), None), 1), "tree.root.right must be a Leaf, Split or Branch"),
    (RT.Tree(RT.Leaf(0), 1.0), "tree.n_features is 1.0"),
])
def test_a_tree_with_a_field_of_the_wrong_type_is_refused(face, tree, field):
    with pytest.raises(TypeError, match=field):
        FACES[face][1].predict(tree, [[1.0]])


@pytest.mark.parametrize("face", FACES)
def test_a_leaf_label_beyond_int64_is_predicted_as_the_reference_does(face):
    tree = RT.Tree(RT.Split(0, 0.5, RT.Leaf(2 ** 70), RT.Leaf(-3)), 1)
    assert list(FACES[face][1].predict(tree, [[0.0], [1.0]])) == [2 ** 70, -3]


def test_exact_thresholds_and_values_compare_exactly_with_float_inputs():
    third = Fraction(1, 3)
    just_below, just_above = float(third), np.nextafter(float(third), 1)  # float(1/3) < 1/3
    tree = RT.Tree(RT.Split(0, third, RT.Leaf(0), RT.Branch(1, (third, 0.5), (RT.Leaf(1), RT.Leaf(2)),
                                                           prediction=3)), 2)
    X = [[just_below, 0.5], [just_above, 0.5], [just_above, just_below], [10.0 ** 300, 0.5]]
    assert FT.predict(tree, np.array(X)).tolist() == RT.predict(tree, X) == [0, 2, 3, 2]
    huge = RT.Tree(RT.Split(0, 10 ** 400, RT.Leaf(0), RT.Leaf(1)), 1)
    assert FT.predict(huge, [[1e308]]).tolist() == RT.predict(huge, [[1e308]]) == [0]


# ---- errors a user can act on ------------------------------------------------------------------

@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize("value,shown", [(1e300, "1e+300"), (np.uint64(2 ** 64 - 1), "18446744073709551615"),
                                         (2.0 ** 63, "9.223372036854776e+18")])
def test_categories_beyond_int64_are_reported_as_given(face, value, shown):
    """A category or token id beyond int64 is outside the range like any other, and both faces
    show it as the caller gave it (the reference gets the same values as lists)."""
    N = FACES[face][0]
    dtype = np.asarray(value).dtype
    arg = (lambda a: a) if face == "fast" else (lambda a: a.tolist())
    with pytest.raises(ValueError, match=rf"^X\[1\]\[1\] is {re.escape(shown)}: feature 1 takes values 0..1$"):
        N.categorical_fit(arg(np.array([[0, 1], [1, value]], dtype=dtype)), [0, 1], 2)
    with pytest.raises(ValueError, match=rf"^z\[1\] is {re.escape(shown)}: values must be in 0..2$"):
        N.value_counts(arg(np.array([0, value], dtype=dtype)), 3)
    with pytest.raises(ValueError, match=rf"^documents\[1\]\[0\] is {re.escape(shown)}: token ids must be in 0..1 "):
        N.multinomial_fit(arg(np.array([[0, 1], [value, 0]], dtype=dtype)), [0, 1], 2)


@pytest.mark.parametrize("face", FACES)
def test_object_arrays_of_ints_are_accepted(face):
    N = FACES[face][0]
    z = np.array([0, 2, 2, 1], dtype=object)
    X = np.array([[0, 2], [1, 0], [2, 1], [1, 1]], dtype=object)
    arg = (lambda a: a) if face == "fast" else (lambda a: a.tolist())
    assert list(N.value_counts(arg(z), 3)) == [1, 1, 2]
    fit = N.categorical_fit(arg(X), [1, 1, 0, 0], 3)
    assert np.asarray(fit.value_count[1][1]).tolist() == [1, 0, 1]
    with pytest.raises(TypeError, match=r"z\[1\]|z"):
        N.value_counts([0, True], 3)
    with pytest.raises(ValueError, match=r"z\[1\] is 2\*\*70|z\[1\] is 1180591620717411303424"):
        N.value_counts(np.array([0, 2 ** 70], dtype=object), 3)


@pytest.mark.parametrize("face", FACES)
def test_encode_reads_generators_once(face):
    N = FACES[face][0]
    ids = lambda out: out if face == "reference" else [  # noqa: E731
        out.tokens[a:b].tolist() for a, b in zip(out.offsets[:-1], out.offsets[1:])]
    vocabulary = ["a", "b"]
    assert ids(N.encode((t for t in [["a"], ["b", "a"]]), vocabulary)) == [[0], [1, 0]]
    assert ids(N.encode([(w for w in ["a", "zz", "b"])], vocabulary, ignore_unknown=True)) == [[0, 1]]
    assert ids(N.encode([["b"]], (w for w in vocabulary))) == [[1]]
    with pytest.raises(TypeError, match=r"token_lists\[0\]\[1\] is \['a'\]: a word must be hashable"):
        N.encode([["a", ["a"]]], vocabulary)
    with pytest.raises(TypeError, match=r"vocabulary\[1\] is \['b'\]: a word must be hashable"):
        N.encode([["a"]], ["a", ["b"]])
    with pytest.raises(ValueError, match=r"vocabulary\[2\] is 'a', as vocabulary\[0\]"):
        N.encode([["a"]], ["a", "b", "a"])


@pytest.mark.parametrize("face", FACES)
def test_gda_names_overflow_and_underflow_of_x_as_the_cause(face):
    G = FACES[face][2]
    X = np.array([[1.0, 2.0], [2.0, 1.0], [3.0, 4.0], [0.0, 1.0], [2.0, 3.0], [4.0, 2.0]])
    y = [0, 0, 0, 1, 1, 1]
    arg = (lambda a: a) if face == "fast" else (lambda a: a.tolist())
    with pytest.raises(ValueError, match="X is too large for float64"):
        G.gda_fit(arg(X * 1e200), y)
    with pytest.raises(RG.SingularMatrixError, match="the variance of feature 0 underflows to 0"):
        G.gda_fit(arg(X * 1e-170), y)
    Z = X.copy()
    Z[:, 0] = 0.0
    with pytest.raises(RG.SingularMatrixError, match="feature 0 has zero variance within each class"):
        G.gda_fit(arg(Z), y)


@pytest.mark.parametrize("face", FACES)
def test_sizes_past_int64_are_clamped_or_refused_not_overflow_errors(face):
    """A depth past int64 is clamped (no tree is that deep); a count parameter goes through
    positive_int, so up to 2**31 − 1 it is taken (and clamped to the data) and past it both faces
    raise the same ValueError naming it (it was a raw OverflowError)."""
    T = FACES[face][1]
    X, y = [[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1]
    arg = (lambda a: np.array(a)) if face == "fast" else (lambda a: a)
    assert T.tree_fit(arg(X), y, min_samples_leaf=2 ** 31 - 1).root == RT.Leaf(0, (2, 2))
    assert T.tree_fit(arg(X), y, max_depth=2 ** 70) == RT.tree_fit(X, y)
    xs, ys = [0.0, 1.0, 2.0, 3.0, 2.5], [0, 0, 1, 1, 0]
    assert T.logistic_threshold(arg(xs), ys, max_iterations=2 ** 31 - 1) == RT.logistic_threshold(xs, ys)
    for big in (2 ** 31, 2 ** 63, 2 ** 70):
        with pytest.raises(ValueError, match=rf"min_samples_leaf must be <= 2147483647 .*, got {big}"):
            T.tree_fit(arg(X), y, min_samples_leaf=big)
        with pytest.raises(ValueError, match=rf"max_iterations must be <= 2147483647 .*, got {big}"):
            T.logistic_threshold(arg(xs), ys, max_iterations=big)


@pytest.mark.parametrize("face", FACES)
def test_float_overflow_in_counts_and_smoothing_is_refused(face):
    N, _, _, E = FACES[face]
    with pytest.raises(ValueError, match="alpha = 1e\\+308 is too large"):
        N.bernoulli_fit([[0, 1], [1, 0]], [0, 1], alpha=1e308)
    with pytest.raises(ValueError, match="counts sum to inf"):
        N.laplace_estimate([1e308, 1e308])
    with pytest.raises(ValueError, match="counts sums past the float64 range"):
        E.count_entropy([1e308, 1e308])
    with pytest.raises(ValueError, match="p \\+ n is past the float64 range"):
        E.bernoulli_entropy(1e308, 1e308)


def test_class_codes_is_one_public_home_for_both_faces():
    classes, codes = FE.class_codes(np.array([7.0, -2.0, 7.0, 3.0]))
    assert RE.class_codes([7, -2, 7, 3]) == ((-2, 3, 7), [2, 0, 2, 1])
    assert classes.tolist() == [-2, 3, 7] and codes.tolist() == [2, 0, 2, 1]
    with pytest.raises(ValueError, match=r"y\[1\] is 18446744073709551615: outside the int64 range"):
        FE.class_codes(np.array([0, 2 ** 64 - 1], dtype=np.uint64))


@pytest.mark.parametrize("face", FACES)
def test_features_of_very_different_scales_are_not_called_singular(face):
    """Σ with variances 1e-20 and 1 is positive definite: check_covariance judges each pivot
    against its own feature's variance, and the solves and factors of GDA and MVN do too (an
    absolute tolerance called it "not positive definite" or "column 0 is zero")."""
    G = FACES[face][2]
    S = [[1e-20, 0.0], [0.0, 1.0]]
    model = RG.GDAModel(0.5, [0.0, 0.0], [1e-10, 1.0], S)
    assert np.allclose(G.gda_logistic_theta(model), [-1.0, 1e10, 1.0], rtol=1e-12)
    assert np.allclose(G.mvn_log_densities([[1e-10, 1.0]], [0.0, 0.0], S), [20.187973863531113], rtol=1e-12)
    assert np.allclose(G.gda_log_joint(model, [[1e-10, 1.0]]), [[19.49482668297117, 20.49482668297117]], rtol=1e-12)
    with pytest.raises(RG.SingularMatrixError, match="feature 2 is a linear combination of feature 1;"):
        G.mvn_log_densities([[0.0, 0.0, 0.0]], [0.0, 0.0, 0.0], [[1e-20, 0, 0], [0, 1, 2], [0, 2, 4]])


INTEGER_INPUTS = pytest.mark.parametrize("call", [
    lambda N, E, bad: N.value_counts(bad, 3),
    lambda N, E, bad: N.categorical_fit(bad, [0, 1], 2),
    lambda N, E, bad: N.categorical_predict(RN.CategoricalNB(0.5, [[[0.5, 0.5]], [[0.5, 0.5]]], [2], None, None,
                                                             None), bad),
    lambda N, E, bad: E.class_codes(bad),
], ids=["value_counts", "categorical_fit", "categorical_predict", "class_codes"])


@pytest.mark.parametrize("bad", [5, None], ids=["scalar", "None"])
@INTEGER_INPUTS
def test_integer_inputs_that_are_not_sequences_are_type_errors_in_both_faces(call, bad):
    for face, (N, _, _, E) in FACES.items():
        with pytest.raises(TypeError):
            call(N, E, bad)


@INTEGER_INPUTS
def test_integer_inputs_with_a_dimension_too_many_are_value_errors_in_both_faces(call):
    """A sequence of the right kind in the wrong shape: a ValueError, as for every array input
    (reference/messages.py); the message is the same in both faces."""
    messages = set()
    for N, _, _, E in FACES.values():
        with pytest.raises(ValueError, match="must be [12]-dimensional, got 3 dimension") as e:
            call(N, E, [[[0]]])
        messages.add(str(e.value))
    assert len(messages) == 1, messages
