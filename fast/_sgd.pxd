# The epoch loop of stochastic gradient descent (LR-6) and ascent (LG-4): the two differ only in
# the one-example update, which fast/linear_regression.pyx and fast/logistic_regression.pyx pass
# in. The loop keeps the reference's order and step sizes, on which the bit-identical iterates
# depend. A declaration module has no module-level Python names, so sgd_epochs imports what it
# builds and raises when it runs (once per call, not per epoch).

from libc.math cimport isfinite

from cs229.fast._path cimport stacked

ctypedef void (*example_update)(const double* x, double y, double* theta, Py_ssize_t n,
                                double alpha) noexcept nogil


cdef inline long long sgd_epoch(const double[:, ::1] X, const double[::1] y,
                                const Py_ssize_t[::1] order, double* theta, double alpha,
                                double decay, long long count,
                                example_update update, const double* weight) noexcept nogil:
    """One epoch: update(x⁽ⁱ⁾, y⁽ⁱ⁾) for i in ``order`` with α_t = α / (1 + decay · t), t the
    number of updates before this one (``count`` on entry), times wᵢ where ``weight`` is not
    NULL (X-2); returns the count after it."""
    cdef Py_ssize_t idx, i, n = X.shape[1]
    cdef double alpha_t
    for idx in range(X.shape[0]):
        i = order[idx]
        alpha_t = alpha / (1 + decay * <double> count) if decay != 0 else alpha
        update(&X[i, 0], y[i], theta, n, alpha_t if weight == NULL else alpha_t * weight[i])
        count += 1
    return count


cdef inline object sgd_epochs(const double[:, ::1] X, const double[::1] y, theta, double alpha,
                              int epochs, const Py_ssize_t[::1] order, double decay, bint record,
                              example_update update, diverged, weight=None):
    """``epochs`` epochs from ``theta`` (a float64 array, copied), the iterate after each one kept
    when ``record``. ``diverged`` is a function of (epoch, α) giving the message of the
    ConvergenceError raised when θ stops being finite after an epoch. ``weight`` None, or the
    read sample weights (float64, X-2) scaling each example's step."""
    import numpy as np
    from cs229.reference.results import ConvergenceError, IterativeResult
    current = theta.copy()
    cdef double[::1] t = current
    cdef long long count = 0
    cdef int epoch
    cdef Py_ssize_t j
    cdef bint finite = True
    cdef const double[::1] w
    cdef const double* w_start = NULL
    if weight is not None:
        w = weight
        w_start = &w[0]
    path = [current.copy()] if record else None
    for epoch in range(epochs):
        with nogil:
            count = sgd_epoch(X, y, order, &t[0], alpha, decay, count, update, w_start)
            for j in range(t.shape[0]):
                finite = finite and isfinite(t[j])
        if not finite:
            raise ConvergenceError(diverged(epoch + 1, alpha),
                                   IterativeResult(current, epoch, False, stacked(path)))
        if record:
            path.append(current.copy())
    return IterativeResult(current, epochs, None, stacked(path))
