"""The estimators' errors in the user's terms: a dependent column is named by its place in the
user's X (the added x₀ = 1 is "the intercept"), with the feature's name when X had names."""
import numpy as np
import pandas as pd
import pytest
from sklearn.datasets import make_classification

from cs229.estimators import (GLM, GaussianDiscriminantAnalysis, LinearRegression,
                              LocallyWeightedRegression, LogisticRegression, PoissonRegression)
from cs229.reference.linalg import SingularMatrixError


def _dependent(m=40, seed=0):
    """X whose column 3 is 2 × column 1 − column 0, with real targets and labels."""
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((m, 4))
    X[:, 3] = 2 * X[:, 1] - X[:, 0]
    return X, X[:, 0] + rng.standard_normal(m), (X[:, 0] + 0.5 * rng.standard_normal(m) > 0).astype(int)


@pytest.mark.parametrize("estimator", [LinearRegression(), LogisticRegression(),
                                       GLM(family="gaussian")], ids=lambda e: type(e).__name__)
def test_a_dependent_column_is_named_by_its_place_in_the_users_X(estimator):
    X, y, labels = _dependent()
    with pytest.raises(SingularMatrixError) as e:
        estimator.fit(X, labels if isinstance(estimator, LogisticRegression) else y)
    assert "column 3 of X is a linear combination of earlier ones: -1 × column 0 + 2 × column 1" in str(e.value)
    assert e.value.column == 4 and sorted(e.value.combination) == [1, 2]  # the design matrix's


def test_the_columns_of_make_classification_are_the_users_not_the_design_matrixs():
    """scikit-learn's make_classification(5000, 20): column 4 of X is a combination of columns 1
    and 3 (its redundant features); the design matrix numbers them 5, 2 and 4."""
    X, y = make_classification(5000, 20, random_state=0)
    with pytest.raises(SingularMatrixError) as e:
        LinearRegression().fit(X, y)
    assert "column 4 of X is a linear combination of earlier ones: 1.92666 × column 1 + -1.07014 × column 3" \
        in str(e.value)
    assert np.allclose(X[:, 4], 1.9266610232253678 * X[:, 1] - 1.0701438509234726 * X[:, 3])


def test_feature_names_follow_the_numbers_and_a_constant_column_is_a_multiple_of_the_intercept():
    X, y, _ = _dependent()
    frame = pd.DataFrame(X[:, :3], columns=["rooms", "area", "age"])
    frame["double_area"] = 2 * frame["area"]
    with pytest.raises(SingularMatrixError, match=r"column 3 \('double_area'\) of X is 2 × column 1 \('area'\)"):
        LinearRegression().fit(frame, y)
    frame["double_area"] = 3.0
    with pytest.raises(SingularMatrixError, match=r"column 3 \('double_area'\) of X is 3 × the intercept"):
        PoissonRegression().fit(frame, np.arange(len(frame)) % 3)


def test_without_an_intercept_the_columns_are_the_design_matrixs():
    X, y, labels = _dependent()
    with pytest.raises(SingularMatrixError, match=r"column 3 of X is a linear combination of earlier ones: "
                                                  r"-1 × column 0 \+ 2 × column 1"):
        LinearRegression(fit_intercept=False).fit(X, y)
    # GDA has no intercept: Σ's features are the user's columns as they are
    with pytest.raises(SingularMatrixError, match=r"feature 3 is a linear combination of features 0, 1"):
        GaussianDiscriminantAnalysis().fit(X, labels)


def test_a_singular_query_of_lwr_names_the_users_columns():
    X, y, _ = _dependent()
    model = LocallyWeightedRegression(tau=1.0).fit(X, y)
    with pytest.raises(SingularMatrixError, match=r"column 3 of X is a linear combination"):
        model.predict(X[:2])
