"""The Cython extensions of cs229.fast and their compiler directives (metadata is in pyproject.toml).

CS229_BOUNDSCHECK=1 builds the checking variant: boundscheck, wraparound and initializedcheck on,
so that an index out of bounds raises IndexError ("Out of bounds on buffer access") instead of
reading past a buffer. CI builds it besides the release build and runs the fuzz and bad-input
suites on it. Its generated C goes to build/cython-boundscheck, apart from the release's.
"""
import os
import pathlib
import sys
import time

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.modified import newer_group

HERE = pathlib.Path(__file__).parent
BOUNDSCHECK = os.environ.get("CS229_BOUNDSCHECK", "") not in ("", "0")
JOBS = os.cpu_count() or 1

# -ffp-contract=off keeps a*b+c as two roundings, as in the pure-Python reference, so that
# fast and reference iterates agree to the last bits wherever the summation order is the same.
COMPILE_ARGS = ["-O3", "-ffp-contract=off"]

# The modules whose loops over independent rows run on several cores (cython.parallel.prange)
# are compiled and linked with OpenMP.
OPENMP = {"trees", "naive_bayes", "generative", "_svm_kernels", "smo"}


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

VARIANT = "boundscheck" if BOUNDSCHECK else "release"


def _cimport_root():
    """A directory holding cs229/fast, for Cython to find the .pxd files that the modules cimport
    (`from cs229.fast._inline_math cimport dot`): package-dir maps cs229.fast to fast/, so no
    cs229/fast exists in the tree. It is a link to fast/ under build/ (relative, so the tree may
    move), never a copy: an edited .pxd is then the one cythonize compares with the .c it made."""
    root = HERE / "build" / "cython-include"
    link = root / "cs229" / "fast"
    if not link.exists():
        if link.is_symlink():  # a link left dangling
            link.unlink()
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(os.path.relpath(HERE / "fast", link.parent), target_is_directory=True)
    return str(root)


class BuildExt(build_ext):
    """setuptools' build_ext (run in parallel, one extension per job) saying which module it
    compiles and how long that took; an extension that is up to date is skipped silently."""

    def build_extension(self, ext):
        sources = list(ext.sources) + list(ext.depends)
        if not (self.force or newer_group(sources, self.get_ext_fullpath(ext.name), "newer")):
            return super().build_extension(ext)
        print(f"cs229 build ({VARIANT}): compiling {ext.name} ...", file=sys.stderr, flush=True)
        start = time.perf_counter()
        super().build_extension(ext)
        print(f"cs229 build ({VARIANT}): {ext.name} compiled in {time.perf_counter() - start:.0f} s",
              file=sys.stderr, flush=True)


setup(
    ext_modules=cythonize(
        extensions,
        nthreads=JOBS,
        include_path=[_cimport_root()],
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
    # C compilation of the extensions in parallel (setuptools' build_ext --parallel), as
    # cythonize's translation to C above (nthreads).
    cmdclass={"build_ext": BuildExt},
    options={"build_ext": {"parallel": JOBS}},
)
