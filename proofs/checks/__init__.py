"""The audit's checks, one module per topic of the notes.

``MODULES`` is the list the audit runs (``registry.registered``), in the notes' order: a module
added here is not run until it is listed, and a check declared in a module of cs229 that the
list leaves out is an error (tests/audit/test_registry.py imports every module of the package to find
one).
"""
from . import (coordinate_ascent, duality, extensions, generative, glm, kernels, linear_regression, logistic_regression, margins,
               matrix_calculus, naive_bayes, smo, svm, trees)

MODULES = (
    linear_regression, matrix_calculus,             # Part I
    logistic_regression,                            # Part II
    glm,                                            # Part III
    generative, naive_bayes,                        # Part IV
    margins, duality, kernels, svm, coordinate_ascent, smo,  # Part V
    trees,                                          # decision trees
    extensions,                                     # beyond the notes (X-…)
)
