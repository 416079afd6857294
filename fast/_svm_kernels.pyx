"""Kernel blocks and label checks shared by cs229.fast.svm and cs229.fast.smo.

The named kernels of cs229.reference.kernels (Linear, Polynomial, Gaussian) are evaluated in
compiled code. Up to EXACT_MAX rows a kernel value is computed pair by pair in the reference's
order of operations (Σ xₖzₖ or Σ (xₖ − zₖ)² left to right, then the same division and exp), so
the values are the reference's bit for bit; above that, the inner products come from BLAS
(‖x‖² + ‖z‖² − 2xᵀz for the Gaussian) and agree to rounding. Any other callable is evaluated
in Python on rows given as lists of floats, which costs one Python call per pair.
"""
import numpy as np

from cs229.fast._validation import as_signed_labels
from cs229.reference.kernels import Gaussian, Linear, Polynomial

__all__ = ["EXACT_MAX", "LINEAR", "POLYNOMIAL", "GAUSSIAN", "CUSTOM", "kernel_spec", "labels",
           "kernel_block", "diagonal"]

EXACT_MAX = 500
LINEAR, POLYNOMIAL, GAUSSIAN, CUSTOM = 0, 1, 2, 3


def kernel_spec(kernel):
    """(code, c, d, den): xᵀz; (xᵀz + c)^d; exp(−‖x − z‖² / den) with den = 2σσ formed as the
    reference forms it; CUSTOM for any other callable."""
    t = type(kernel)
    if t is Linear:
        return LINEAR, 0.0, 1, 1.0
    if t is Polynomial:
        return POLYNOMIAL, float(kernel.c), int(kernel.d), 1.0
    if t is Gaussian:
        return GAUSSIAN, 0.0, 1, float(2 * kernel.sigma * kernel.sigma)
    if not callable(kernel):
        raise TypeError(f"kernel must be a callable K(x, z), got {type(kernel).__name__}")
    return CUSTOM, 0.0, 1, 1.0


def labels(y, classes=None):
    """SOFT-2 input check, as cs229.reference.svm.as_labels: MG-1's ±1 labels (float64), of
    both classes."""
    pos = as_signed_labels(y, "y", classes=classes) == 1.0
    if pos.all() or not pos.any():
        raise ValueError(f"y has only one class ({1 if pos.any() else -1}): an SVM needs examples of both")
    # a new array: the solver views its labels as writable memory, and as_signed_labels may
    # hand back the caller's own
    return np.where(pos, 1.0, -1.0)


include "_pair_kernel.pxi"


def diagonal(X, spec):
    """K(x⁽ⁱ⁾, x⁽ⁱ⁾) for every row, pair by pair."""
    cdef const double[:, ::1] Xv = X
    cdef int code = spec[0], d = spec[2]
    cdef double c = spec[1], den = spec[3]
    out = np.empty(X.shape[0])
    cdef double[::1] o = out
    cdef Py_ssize_t i
    with nogil:
        for i in range(Xv.shape[0]):
            o[i] = pair_kernel(&Xv[i, 0], &Xv[i, 0], Xv.shape[1], code, c, d, den)
    return out


def _exact_block(A, B, spec, symmetric):
    cdef const double[:, ::1] Av = A
    cdef const double[:, ::1] Bv = B
    cdef int code = spec[0], d = spec[2]
    cdef double c = spec[1], den = spec[3]
    out = np.empty((A.shape[0], B.shape[0]))
    cdef double[:, ::1] o = out
    cdef Py_ssize_t i, j, n = A.shape[1]
    cdef bint sym = symmetric
    with nogil:
        for i in range(Av.shape[0]):
            for j in range(i if sym else 0, Bv.shape[0]):
                o[i, j] = pair_kernel(&Av[i, 0], &Bv[j, 0], n, code, c, d, den)
                if sym:
                    o[j, i] = o[i, j]
    return out


def _python_block(A, B, kernel, symmetric):
    rows_a, rows_b = A.tolist(), B.tolist()
    out = np.empty((A.shape[0], B.shape[0]))
    for i, x in enumerate(rows_a):
        for j in range(i if symmetric else 0, len(rows_b)):
            out[i, j] = float(kernel(x, rows_b[j]))
            if symmetric:
                out[j, i] = out[i, j]
    return out


def kernel_block(A, B, kernel, spec=None, symmetric=False):
    """Kᵢⱼ = K(aᵢ, bⱼ) for the rows of A and B (A is B when ``symmetric``); a value that is not
    finite is an error naming the pair."""
    spec = kernel_spec(kernel) if spec is None else spec
    code = spec[0]
    if code == CUSTOM:
        K = _python_block(A, B, kernel, symmetric)
    elif max(A.shape[0], B.shape[0]) <= EXACT_MAX:
        K = _exact_block(A, B, spec, symmetric)
    else:
        K = A @ B.T
        if code == POLYNOMIAL:
            K += spec[1]
            np.power(K, spec[2], out=K)
        elif code == GAUSSIAN:
            K *= -2.0
            K += np.einsum("ij,ij->i", A, A)[:, None]
            K += np.einsum("ij,ij->i", B, B)[None, :]
            np.maximum(K, 0.0, out=K)
            if symmetric:
                np.fill_diagonal(K, 0.0)
            K /= -spec[3]
            np.exp(K, out=K)
    if not np.isfinite(np.add.reduce(K, axis=None)):
        bad = np.argwhere(~np.isfinite(K))
        if len(bad):
            i, j = (int(v) for v in bad[0])
            raise ValueError(f"kernel(X[{i}], X[{j}]) is {K[i, j]}: kernel values must be finite")
    return K
