"""The Cython extensions of cs229.fast and their compiler directives (metadata is in pyproject.toml).

CS229_BOUNDSCHECK=1 builds the checking variant: boundscheck, wraparound and initializedcheck on,
so that an index out of bounds raises IndexError ("Out of bounds on buffer access") instead of
reading past a buffer. CI builds it besides the release build and runs the fuzz and bad-input
suites on it. Its generated C goes to build/cython-boundscheck, apart from the release's.
"""
import os
import pathlib
import sys

from Cython.Build import cythonize
from setuptools import Extension, setup

HERE = pathlib.Path(__file__).parent
BOUNDSCHECK = os.environ.get("CS229_BOUNDSCHECK", "") not in ("", "0")
JOBS = os.cpu_count() or 1

# -ffp-contract=off keeps a*b+c as two roundings, as in the pure-Python reference, so that
# fast and reference iterates agree to the last bits wherever the summation order is the same.
COMPILE_ARGS = ["-O3", "-ffp-contract=off"]

extensions = [
    Extension(
        f"cs229.fast.{pyx.stem}",
        [f"fast/{pyx.name}"],
        extra_compile_args=COMPILE_ARGS,
    )
    for pyx in sorted((HERE / "fast").glob("*.pyx"))
]

variant = "boundscheck" if BOUNDSCHECK else "release"
for extension in extensions:
    print(f"cs229 build ({variant}): {extension.name}", file=sys.stderr)

setup(
    ext_modules=cythonize(
        extensions,
        nthreads=JOBS,
        build_dir="build/cython-boundscheck" if BOUNDSCHECK else None,
        compiler_directives={
            "language_level": "3",
            "boundscheck": BOUNDSCHECK,
            "wraparound": BOUNDSCHECK,
            "cdivision": True,
            "initializedcheck": BOUNDSCHECK,
            # binding=True gives every function a real signature (inspect, help); embedding it in
            # the docstring as well would make help() print it twice.
            "binding": True,
            "embedsignature": False,
        },
    ),
    # C compilation of the extensions in parallel (setuptools' build_ext --parallel).
    options={"build_ext": {"parallel": JOBS}},
)
