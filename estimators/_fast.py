"""Every call the estimators make into cs229.fast, one function per call.

The estimators never call the fast face directly: each function below passes the estimator's
arrays to one fast function by the fast face's argument names and returns what the estimator
keeps. A renamed argument, a reordered signature or a result laid out differently in cs229.fast
is therefore a change of one line here.
"""
from cs229.fast import (generative, glm, kernels, linear_regression, logistic_regression,
                        naive_bayes, smo, softmax, svm, trees)
from cs229.fast._validation import as_sample_weights
from cs229.reference import trees as reference_trees
from cs229.reference.exponential_family import family as exponential_family

ConvergenceError = linear_regression.ConvergenceError
SeparableDataError = logistic_regression.SeparableDataError
SingularMatrixError = generative.SingularMatrixError

__all__ = [
    "ConvergenceError", "SeparableDataError", "SingularMatrixError", "exponential_family",
    "Linear", "Polynomial", "Gaussian", "StringKernel", "NAMED_KERNELS",
    "add_intercept", "linear_predict", "cost", "normal_equations", "ridge", "batch_gradient_descent",
    "stochastic_gradient_descent", "lwr_predict",
    "logistic_newton", "logistic_gradient_ascent", "logistic_sgd", "logistic_predict",
    "logistic_probability", "perceptron", "perceptron_mistakes",
    "softmax_newton", "softmax_gradient_ascent", "softmax_predict", "softmax_probabilities",
    "softmax_log_likelihood",
    "glm_newton", "glm_gradient_ascent", "glm_predict", "glm_log_likelihood", "glm_standard_errors",
    "gda_fit", "gda_logistic_theta",
    "gda_classes_fit", "gda_softmax_theta",
    "bernoulli_fit", "bernoulli_classes_fit", "bernoulli_predict", "bernoulli_log_posterior",
    "Documents", "multinomial_fit", "multinomial_classes_fit", "multinomial_predict",
    "multinomial_log_posterior",
    "kernel_matrix", "kernel_perceptron", "kernel_perceptron_threshold", "perceptron_decision",
    "sample_weights", "smo_fit", "svm_decision_function", "svm_predict", "svm_weights",
    "Split", "Branch", "tree_fit", "tree_predict", "tree_children",
]

Linear, Polynomial, Gaussian, StringKernel = (kernels.Linear, kernels.Polynomial, kernels.Gaussian,
                                              kernels.StringKernel)
NAMED_KERNELS = (Linear, Polynomial, Gaussian, StringKernel)
Documents = naive_bayes.Documents


# ---- Part I: linear regression (LR-1, LR-2, LR-5, LR-6, LR-12, LR-14) --------------------------

def add_intercept(X):
    return linear_regression.add_intercept(X)


def linear_predict(X, theta):
    return linear_regression.predict(X, theta)


def cost(X, y, theta):
    return linear_regression.cost(X, y, theta)


def normal_equations(X, y, sample_weight=None):
    return linear_regression.normal_equations(X, y, sample_weight=sample_weight)


def ridge(X, y, solver, lam, penalize_intercept, sample_weight=None):
    return linear_regression.normal_equations(X, y, solver, lam=lam, penalize_intercept=penalize_intercept,
                                              sample_weight=sample_weight)


def batch_gradient_descent(X, y, theta, alpha, max_iterations, tol, average, record):
    return linear_regression.batch_gradient_descent(X, y, theta, alpha, max_iterations=max_iterations,
                                                    tol=tol, average=average, record=record)


def stochastic_gradient_descent(X, y, theta, alpha, epochs, order, decay, record, sample_weight=None):
    return linear_regression.stochastic_gradient_descent(X, y, theta, alpha, epochs=epochs, order=order,
                                                         decay=decay, record=record,
                                                         sample_weight=sample_weight)


def lwr_predict(X, y, queries, tau):
    return linear_regression.lwr_predict(X, y, queries, tau)


# ---- Part II: logistic regression, the perceptron (LG-1 … LG-5, PC-1, NW-2) --------------------

def logistic_newton(X, y, theta, max_iterations, tol, record, lam, penalize_intercept, n_jobs=1):
    return logistic_regression.newton(X, y, theta, max_iterations=max_iterations, tol=tol, record=record,
                                      lam=lam, penalize_intercept=penalize_intercept, n_jobs=n_jobs)


def logistic_gradient_ascent(X, y, theta, alpha, max_iterations, tol, average, record, lam,
                             penalize_intercept):
    return logistic_regression.batch_gradient_ascent(X, y, theta, alpha, max_iterations=max_iterations,
                                                     tol=tol, average=average, record=record, lam=lam,
                                                     penalize_intercept=penalize_intercept)


def logistic_sgd(X, y, theta, alpha, epochs, order, decay, record, sample_weight=None):
    return logistic_regression.stochastic_gradient_ascent(X, y, theta, alpha, epochs=epochs, order=order,
                                                          decay=decay, record=record,
                                                          sample_weight=sample_weight)


def logistic_predict(X, theta):
    return logistic_regression.predict(X, theta)


def logistic_probability(X, theta):
    return logistic_regression.probabilities(X, theta)


def perceptron(X, y, theta, alpha, max_epochs, order, record):
    return logistic_regression.perceptron(X, y, theta, alpha=alpha, max_epochs=max_epochs, order=order,
                                          record=record)


def perceptron_mistakes(result):
    """The mistakes of each epoch of a perceptron run."""
    return result.extra["mistakes"]


# ---- Part III: softmax regression and GLMs (SM-3, SM-4, GLM-1, GLM-4) --------------------------

def softmax_newton(X, y, Theta, max_iterations, tol, record, lam, penalize_intercept, sample_weight=None,
                   prior="notes"):
    return softmax.newton(X, y, Theta, max_iterations=max_iterations, tol=tol, record=record, lam=lam,
                          penalize_intercept=penalize_intercept, sample_weight=sample_weight, prior=prior)


def softmax_gradient_ascent(X, y, Theta, alpha, max_iterations, tol, average, record, lam,
                            penalize_intercept, sample_weight=None, prior="notes"):
    return softmax.gradient_ascent(X, y, Theta, alpha, max_iterations=max_iterations, tol=tol,
                                   average=average, record=record, lam=lam,
                                   penalize_intercept=penalize_intercept, sample_weight=sample_weight,
                                   prior=prior)


def softmax_predict(X, Theta):
    return softmax.predict(X, Theta)


def softmax_probabilities(X, Theta):
    return softmax.probabilities(X, Theta)


def softmax_log_likelihood(X, y, Theta, sample_weight=None):
    return softmax.log_likelihood(X, y, Theta, sample_weight=sample_weight)


def glm_newton(family, X, y, theta, max_iterations, tol, record, lam, penalize_intercept, offset=None,
               sample_weight=None, n_jobs=1):
    return glm.newton(family, X, y, theta, max_iterations=max_iterations, tol=tol, record=record, lam=lam,
                      penalize_intercept=penalize_intercept, offset=offset, sample_weight=sample_weight,
                      n_jobs=n_jobs)


def glm_gradient_ascent(family, X, y, theta, alpha, max_iterations, tol, average, record, lam,
                        penalize_intercept, offset=None, sample_weight=None):
    return glm.gradient_ascent(family, X, y, theta, alpha, max_iterations=max_iterations, tol=tol,
                               average=average, record=record, lam=lam,
                               penalize_intercept=penalize_intercept, offset=offset,
                               sample_weight=sample_weight)


def glm_exposure_offset(offset, exposure, X):
    return glm.exposure_offset(offset, exposure, X)


def glm_predict(family, X, theta, offset=None):
    return glm.hypotheses(family, X, theta, offset)


def glm_log_likelihood(family, X, y, theta, offset=None, sample_weight=None):
    return glm.log_likelihood(family, X, y, theta, offset, sample_weight)


def glm_standard_errors(family, X, y, theta, scale, offset=None, sample_weight=None):
    return glm.standard_errors(family, X, y, theta, scale=scale, offset=offset, sample_weight=sample_weight)


# ---- Part IV: GDA and Naive Bayes (GDA-1 … GDA-3, NB-2 … NB-6) ---------------------------------

def gda_fit(X, y, sample_weight=None):
    return generative.gda_fit(X, y, sample_weight)




def gda_logistic_theta(model):
    return generative.gda_logistic_theta(model)


def gda_classes_fit(X, y, sample_weight=None):
    return generative.gda_classes_fit(X, y, sample_weight)




def gda_softmax_theta(model):
    return generative.gda_softmax_theta(model)


def bernoulli_fit(X, y, alpha, sample_weight=None):
    return naive_bayes.bernoulli_fit(X, y, alpha=alpha, sample_weight=sample_weight)


def bernoulli_classes_fit(X, y, alpha, sample_weight=None):
    return naive_bayes.bernoulli_classes_fit(X, y, alpha=alpha, sample_weight=sample_weight)


def bernoulli_predict(model, X, n_jobs):
    return naive_bayes.bernoulli_predict(model, X, n_jobs=n_jobs)


def bernoulli_log_posterior(model, X, n_jobs):
    return naive_bayes.bernoulli_log_posterior(model, X, n_jobs=n_jobs)


def multinomial_fit(documents, y, vocabulary_size, alpha, sample_weight=None):
    return naive_bayes.multinomial_fit(documents, y, vocabulary_size, alpha=alpha,
                                       sample_weight=sample_weight)


def multinomial_classes_fit(documents, y, vocabulary_size, alpha, sample_weight=None):
    return naive_bayes.multinomial_classes_fit(documents, y, vocabulary_size, alpha=alpha,
                                               sample_weight=sample_weight)


def multinomial_predict(model, documents, n_jobs):
    return naive_bayes.multinomial_predict(model, documents, n_jobs=n_jobs)


def multinomial_log_posterior(model, documents, n_jobs):
    return naive_bayes.multinomial_log_posterior(model, documents, n_jobs=n_jobs)


# ---- Part V: kernels, the kernel perceptron, SMO (KR-1 … KR-10, OMC-3, OMC-5, SMO-4) -----------

def kernel_matrix(X, kernel, Z=None):
    return kernels.kernel_matrix(X, kernel, Z)


def kernel_perceptron(X, y, kernel, max_epochs, order, record, cache_size, n_jobs=1):
    return kernels.kernel_perceptron(X, y, kernel, max_epochs=max_epochs, order=order, record=record,
                                     cache_size=cache_size, n_jobs=n_jobs)


def kernel_perceptron_threshold(result):
    """The threshold b of a kernel perceptron run (its ``theta`` is α)."""
    return result.b


def perceptron_decision(X, y, alpha, b, Z, kernel):
    return kernels.perceptron_decision(X, y, alpha, b, Z, kernel)


def sample_weights(sample_weight, X):
    return as_sample_weights(sample_weight, X)


def smo_fit(X, y, C, kernel, rule, tol, max_iterations, seed, shrinking, cache_size, n_jobs,
            sample_weight=None):
    return smo.smo(X, y, C=C, kernel=kernel, rule=rule, tol=tol, max_iterations=max_iterations, seed=seed,
                   shrinking=shrinking, cache_size=cache_size, n_jobs=n_jobs,
                   sample_weight=sample_weight)


def svm_decision_function(model, Z):
    return svm.decision_function(model, Z)


def svm_predict(model, Z):
    return svm.predict(model, Z)


def svm_weights(X, y, alpha):
    return svm.weights_from_alpha(X, y, alpha)


# ---- decision trees (DT-1, DT-6, DT-7) ---------------------------------------------------------

def tree_fit(X, y, max_depth, min_samples_leaf, discrete, threshold, sample_weight=None):
    return trees.tree_fit(X, y, max_depth=max_depth, min_samples_leaf=min_samples_leaf,
                          discrete=discrete, threshold=threshold, sample_weight=sample_weight)


Split, Branch = trees.Split, trees.Branch


def tree_predict(tree, X, n_jobs):
    return trees.predict(tree, X, n_jobs=n_jobs)


def tree_children(node):
    return reference_trees.children(node)
