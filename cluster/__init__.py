"""cs229.distributed: the summation form of the notes' fits (catalog X-7) on dask arrays chunked by
rows, with cs229.fast's answers bit for bit.

A fit of Parts I–III is a sum over the examples in every pass: XᵀX and Xᵀy for the normal
equations, Σᵢ (y⁽ⁱ⁾ − h(x⁽ⁱ⁾)) x⁽ⁱ⁾ for a gradient step, Xᵀ(y − μ), XᵀWX and ℓ for Newton /
IRLS, ∇ℓ, −H and ℓ over the stacked Θ for softmax Newton (``cs229.fast.softmax.newton_chunk``).
Each pass here maps the fast face's compiled per-chunk partial sums over the chunks
(cs229.fast._summation, ``_glm_core.newton_chunk``), gathers the partials on the client in
block order and adds them left to right, then takes the small d×d step with the fast face's own
code. The fast face sums the same blocks in the same
order, so θ and every iterate are the fast face's bit for bit, whatever the chunking and the
number of workers, on workers that run the same BLAS on the same kind of CPU.

Where it runs: on the user's active ``distributed.Client`` if there is one, else on dask's
default scheduler (``dask.compute``); no cluster is ever started here.

GDA (``generative``) maps the fast face's per-block class sizes, class means and pooled scatter
(``cs229.fast.generative.class_blocks``) and merges them in block order as the fast face does;
naive Bayes (Bernoulli, and multinomial on the rows of a dask array of word counts; two classes
or k) adds the chunks' integer counts, and its float sums (weighted counts, real counts, in
example order) chunk after chunk.

The batch gradient methods (``linear_regression.batch_gradient_descent``,
``logistic_regression.batch_gradient_ascent``, ``glm.gradient_ascent``,
``softmax.gradient_ascent``) map the fast face's per-block gradient (``_glm_core.gradient_chunk``,
``softmax.gradient_chunk``) once per iteration, the same way.

Modules: ``linear_regression.normal_equations``, ``logistic_regression.newton``,
``softmax.newton`` (k classes), ``glm.newton`` and ``glm.poisson_regression``, ``generative.gda_fit`` and
``generative.gda_classes_fit``, ``naive_bayes.bernoulli_fit`` and ``bernoulli_classes_fit``,
``naive_bayes.multinomial_fit`` and ``multinomial_classes_fit`` (X a count matrix for the fast
face's bags of words), with the fast face's names, errors and results; ``glm.log_likelihood``, ``glm.standard_errors`` and
``glm.hypotheses`` (lazy) for the estimators, whose ``fit`` comes here for a dask X; predictions
over many queries, lazily: ``linear_regression.lwr_predict``, ``svm.decision_function`` /
``svm.predict`` and ``trees.predict``. SMO and tree fitting stay on one machine. Needs the
``[dask]`` extra (``pip install 'cs229[dask]'``).
"""
try:
    import dask  # noqa: F401
    import dask.array  # noqa: F401
except ImportError as e:  # pragma: no cover - exercised without the extra
    raise ImportError("cs229.distributed needs dask: pip install 'cs229[dask]' (dask[array] and "
                      "distributed)") from e

__all__ = ["linear_regression", "logistic_regression", "softmax", "glm", "generative", "naive_bayes", "svm", "trees"]
