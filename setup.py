"""The Cython extensions of cs229.fast and their compiler directives (metadata is in pyproject.toml)."""
import pathlib

from Cython.Build import cythonize
from setuptools import Extension, setup

HERE = pathlib.Path(__file__).parent

# -ffp-contract=off keeps a*b+c as two roundings, as in the pure-Python reference, so that
# fast and reference iterates agree to the last bits wherever the summation order is the same.
COMPILE_ARGS = ["-O3", "-ffp-contract=off"]

# The modules whose loops over independent rows run on several cores (cython.parallel.prange)
# are compiled and linked with OpenMP.
OPENMP = {"trees", "naive_bayes", "generative"}


def _openmp(stem):
    return ["-fopenmp"] if stem in OPENMP else []


extensions = [
    Extension(
        f"cs229.fast.{pyx.stem}",
        [f"fast/{pyx.name}"],
        extra_compile_args=COMPILE_ARGS + _openmp(pyx.stem),
        extra_link_args=_openmp(pyx.stem),
    )
    for pyx in sorted((HERE / "fast").glob("*.pyx"))
]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives={
            "language_level": "3",
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
            "binding": True,
            "embedsignature": True,
        },
    ),
)
