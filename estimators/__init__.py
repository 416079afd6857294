"""cs229.estimators: scikit-learn estimators over cs229.fast.

Each estimator is thin: it checks its input with scikit-learn's own utilities, codes the labels
as the notes do (``classes_`` keeps the user's), prepends x₀ = 1 where the notes' θᵀx expects it,
calls one function of ``cs229.fast`` and keeps the result as fitted attributes. No formula of
the notes is computed here. Requires scikit-learn (``pip install 'cs229[sklearn]'``).

| estimator | part of the notes | catalog rows |
|---|---|---|
| ``LinearRegression`` (solver "normal", "gd", "sgd") | 000 Part I | LR-1, LR-2, LR-5, LR-6, LR-12 |
| ``LocallyWeightedRegression`` | 000 §4 | LR-14 |
| ``Ridge`` (solver "cholesky", "qr") | extends 000 Part I | X-1 |
| ``LogisticRegression`` (solver "newton", "gd", "sgd") | 000 §5, §7 | LG-1 … LG-5, NW-2 |
| ``Perceptron`` | 000 §6 | PC-1 |
| ``SoftmaxRegression`` | 000 §9.3 | SM-2 … SM-4 |
| ``GLM``, ``PoissonRegression`` | 000 §8-9 | GLM-1, GLM-4, EF-2 … EF-5 |
| ``GaussianDiscriminantAnalysis`` | 000 Part IV §1 | GDA-1 … GDA-3, MVN-1 |
| ``BernoulliNB``, ``MultinomialNB`` | 000 Part IV §2 | NB-1 … NB-4, NB-6 |
| ``KernelPerceptron`` | 000 Part V §7 | KR-9 |
| ``SVC`` | 000 Part V §6-9; 001 §11.1-11.2 | SMO-2 … SMO-4, SOFT-2, OMC-3 … OMC-5 |
| ``DecisionTreeClassifier`` | 001 §11.3 | DT-1, DT-3, DT-5 … DT-7 |
"""
from .classification import LogisticRegression, Perceptron, SoftmaxRegression
from .generative import GaussianDiscriminantAnalysis
from .glm import GLM, PoissonRegression
from .linear import LinearRegression, LocallyWeightedRegression, Ridge
from .naive_bayes import BernoulliNB, MultinomialNB
from .svm import SVC, KernelPerceptron
from .trees import DecisionTreeClassifier

__all__ = [
    "LinearRegression", "LocallyWeightedRegression", "Ridge", "LogisticRegression", "Perceptron",
    "SoftmaxRegression", "GLM", "PoissonRegression", "GaussianDiscriminantAnalysis", "BernoulliNB",
    "MultinomialNB", "KernelPerceptron", "SVC", "DecisionTreeClassifier",
]
