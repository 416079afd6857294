"""Part V §7 benchmarks: the RBF kernel matrix, the string kernel over the SMS messages, and
kernel perceptron epochs; the cost curve of the RBF kernel matrix against m."""
from functools import partial

import numpy as np

import cs229.fast.kernels as F
import cs229.reference.kernels as R
from cs229.reference.datasets import sms_spam
from cs229.reference.results import ConvergenceError

from harness import Curve, geometric, race, row


def rbf_matrix(small):
    from sklearn.metrics.pairwise import rbf_kernel
    m, n = (500, 50) if small else (2_000, 50)
    X = np.random.default_rng(0).standard_normal((m, n))
    gamma = 1.0 / n
    kernel = R.Gaussian.from_gamma(gamma)
    t = race({"fast": lambda: F.kernel_matrix(X, kernel),
              "sklearn": lambda: rbf_kernel(X, gamma=gamma)}, repeats=7)
    return row(f"RBF kernel matrix {m:,}×{n}", t["fast"], "sklearn rbf_kernel", t["sklearn"], 1.2)


def _char_ngrams(k):
    def analyzer(s):
        return [s[i:i + k] for i in range(len(s) - k + 1)]
    return analyzer


def string_kernel(k):
    def bench(small):
        from sklearn.feature_extraction.text import CountVectorizer
        messages = [text for _, text in sms_spam()]
        if small:
            messages = messages[:1_000]
        m = len(messages)
        kernel = R.StringKernel(k)

        def peer():
            # the explicit (sparse) φ: counts of every length-k substring, then ΦΦᵀ
            phi = CountVectorizer(analyzer=_char_ngrams(k), lowercase=False).fit_transform(messages)
            return (phi @ phi.T).toarray()
        t = race({"fast": lambda: F.kernel_matrix(messages, kernel), "sparse φ": peer}, repeats=3)
        pairs = m * (m + 1) // 2
        return row(f"string kernel k={k}, {m:,} SMS messages", t["fast"],
                   "sklearn CountVectorizer φ, ΦΦᵀ",
                   t["sparse φ"], None, pairs_per_s=pairs / t["fast"])
    bench.__name__ = f"string_kernel_k{k}"
    return bench


def _perceptron_data(m, n, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((m, n))
    y = np.where(X[:, 0] + 0.5 * X[:, 1] ** 2 > 0.5, 1.0, -1.0)
    return X, y


def _epochs(fn, *args):
    try:
        return fn(*args)
    except ConvergenceError as e:
        return e.result


def perceptron_epochs(small):
    m, n, epochs = (100, 10, 2) if small else (300, 10, 2)
    X, y = _perceptron_data(m, n)
    Xl, yl = X.tolist(), y.astype(int).tolist()
    kernel = R.Gaussian(2.0)
    t = race({"fast": lambda: _epochs(F.kernel_perceptron, X, y, kernel, epochs),
              "reference": lambda: _epochs(R.kernel_perceptron, Xl, yl, kernel, epochs)}, repeats=3)
    return row(f"reference → fast, kernel perceptron {epochs} epochs m={m}", t["fast"], "cs229.reference",
               t["reference"], None, speedup=t["reference"] / t["fast"])


def perceptron_large(small):
    m, n, epochs = (2_000, 20, 5) if small else (5_000, 20, 5)
    X, y = _perceptron_data(m, n, 1)
    kernel = R.Gaussian(3.0)
    t = race({"fast": lambda: _epochs(partial(F.kernel_perceptron, n_jobs=-1), X, y, kernel, epochs),
              "kernel matrix": lambda: F.kernel_matrix(X, kernel)}, repeats=3)
    return row(f"kernel perceptron {epochs} epochs m={m:,} d={n}, n_jobs=-1", t["fast"],
               "its own kernel matrix (BLAS)", t["kernel matrix"], 1.0)


def reference_speedup(small):
    m, n = (200, 10) if small else (500, 10)
    X = np.random.default_rng(2).standard_normal((m, n))
    Xl = X.tolist()
    kernel = R.Gaussian(1.0)
    t = race({"fast": lambda: F.kernel_matrix(X, kernel), "reference": lambda: R.kernel_matrix(Xl, kernel)},
             repeats=3)
    return row(f"reference → fast, RBF kernel matrix {m}×{n}", t["fast"], "cs229.reference", t["reference"],
               None, speedup=t["reference"] / t["fast"])


BENCHMARKS = [rbf_matrix, string_kernel(3), string_kernel(4), string_kernel(5), perceptron_epochs,
              perceptron_large, reference_speedup]


def _rbf_at(m):
    from sklearn.metrics.pairwise import rbf_kernel
    X = np.random.default_rng(0).standard_normal((m, 50))
    kernel = R.Gaussian.from_gamma(1.0 / 50)
    return {"fast": lambda: F.kernel_matrix(X, kernel), "sklearn": lambda: rbf_kernel(X, gamma=1.0 / 50)}


CURVES = [Curve("RBF kernel matrix", "m", geometric(500, 5), geometric(250, 4), _rbf_at, "d=50")]
