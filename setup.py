"""The Cython extensions of cs229.fast and their compiler directives (metadata is in pyproject.toml).

CS229_BOUNDSCHECK=1 builds the checking variant: boundscheck, wraparound and initializedcheck on,
so that an index out of bounds raises IndexError ("Out of bounds on buffer access") instead of
reading past a buffer. CI builds it besides the release build and runs the fuzz and bad-input
suites on it. Its generated C goes to build/cython-boundscheck, apart from the release's.

OpenMP is used where the compiler has it (a test program is compiled first); CS229_OPENMP=0 builds
without it, and the parallel loops then run serially (Cython's prange without OpenMP).

Every build goes through a cache keyed by content (build/cache, or CS229_BUILD_CACHE): the C that
Cython generates, by the hash of the .pyx, the .pxd files, Cython's version and the directives;
the compiled module, by the hash of the C, the compiler command and flags and the Python ABI. pip
builds each install in a fresh environment whose files are all new, so that timestamps say
"out of date" every time; the second install from the same clone (``pip install '.[test]'`` after
``pip install .``) then compiles nothing.
"""
import hashlib
import os
import pathlib
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time

import Cython
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = pathlib.Path(__file__).parent
BOUNDSCHECK = os.environ.get("CS229_BOUNDSCHECK", "") not in ("", "0")
VARIANT = "boundscheck" if BOUNDSCHECK else "release"
JOBS = os.cpu_count() or 1
CACHE = pathlib.Path(os.environ.get("CS229_BUILD_CACHE") or HERE / "build" / "cache")

# -ffp-contract=off keeps a*b+c as two roundings, as in the pure-Python reference, so that
# fast and reference iterates agree to the last bits wherever the summation order is the same.
COMPILE_ARGS = ["-O3", "-ffp-contract=off"]

# The modules whose loops over independent rows run on several cores (cython.parallel.prange)
# are compiled and linked with OpenMP where the compiler has it.
PARALLEL = {"trees", "naive_bayes", "generative", "_svm_kernels", "smo"}

DIRECTIVES = {
    "language_level": "3",
    "boundscheck": BOUNDSCHECK,
    "wraparound": BOUNDSCHECK,
    "cdivision": True,
    "initializedcheck": BOUNDSCHECK,
    # binding=True gives every function a real signature (inspect, help); embedding it in
    # the docstring as well would make help() print it twice.
    "binding": True,
    "embedsignature": False,
}


def _say(message):
    """A progress line where the person installing sees it: pip shows a build's output only with
    -v, so the line goes to the terminal itself when there is one, else to stderr (a log)."""
    line = f"cs229 build ({VARIANT}): {message}\n"
    try:
        with open("/dev/tty", "w") as tty:
            tty.write(line)
            return
    except OSError:
        pass
    sys.stderr.write(line)
    sys.stderr.flush()


def _openmp_flag():
    """["-fopenmp"] if the C compiler builds and links an OpenMP program (Apple's clang does
    not), else []; CS229_OPENMP=0 says no without asking."""
    if os.environ.get("CS229_OPENMP", "") == "0":
        return []
    compiler = (sysconfig.get_config_var("CC") or "cc").split()
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "omp.c")
        with open(source, "w") as f:
            f.write("#include <omp.h>\nint main(void) { return omp_get_max_threads() < 1; }\n")
        try:
            subprocess.run(compiler + ["-fopenmp", source, "-o", os.path.join(tmp, "omp")],
                           check=True, capture_output=True, timeout=120)
        except (OSError, subprocess.SubprocessError):
            _say("the C compiler has no OpenMP: the parallel loops are compiled serial")
            return []
    return ["-fopenmp"]


OPENMP = _openmp_flag()


def _digest(*parts):
    h = hashlib.sha256()
    for part in parts:
        h.update(part if isinstance(part, bytes) else repr(part).encode())
        h.update(b"\0")
    return h.hexdigest()


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


def _generated_c(pyxs):
    """The C of each .pyx: from the cache where the same sources were translated before, from
    cythonize (in parallel) for the rest, which then go into the cache. Returns {pyx: c path}."""
    build_dir = HERE / "build" / "cython-boundscheck" if BOUNDSCHECK else None
    declarations = b"".join(p.read_bytes() for p in sorted((HERE / "fast").glob("*.pxd")))
    import scipy  # its cython_blas / cython_lapack declarations are cimported

    found, missing = {}, []
    for pyx in pyxs:
        key = _digest("c", Cython.__version__, scipy.__version__, DIRECTIVES, pyx.name,
                      pyx.read_bytes(), declarations)
        c = (build_dir / "fast" if build_dir else pyx.parent) / (pyx.stem + ".c")
        cached = CACHE / "c" / (key + ".c")
        if cached.exists():
            c.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(cached, c)
            found[pyx] = c
        else:
            missing.append((pyx, c, cached))
    if missing:
        _say(f"translating {len(missing)} Cython modules to C ...")
        start = time.perf_counter()
        cythonize([str(p.relative_to(HERE)) for p, _, _ in missing], nthreads=JOBS, force=True,
                  quiet=True, include_path=[_cimport_root()],
                  build_dir=str(build_dir.relative_to(HERE)) if build_dir else None,
                  compiler_directives=DIRECTIVES)
        _say(f"translated in {time.perf_counter() - start:.0f} s")
        for pyx, c, cached in missing:
            cached.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(c, cached)
            found[pyx] = c
    return found


class BuildExt(build_ext):
    """setuptools' build_ext (run in parallel, one extension per job) through the cache: a module
    compiled before from the same C, with the same compiler and flags, for the same Python, is
    copied; the others are compiled, each saying so and how long it took."""

    def build_extension(self, ext):
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        source = pathlib.Path(ext.sources[0])
        key = _digest("so", source.read_bytes(), getattr(self.compiler, "compiler_so", None),
                      getattr(self.compiler, "linker_so", None),
                      ext.extra_compile_args, ext.extra_link_args, ext.include_dirs,
                      sysconfig.get_config_var("EXT_SUFFIX"), sys.version)
        cached = CACHE / "so" / (key + target.suffix)
        if cached.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(cached, target)
            return
        _say(f"compiling {ext.name} ...")
        start = time.perf_counter()
        self.force = True  # the cache decides what is out of date, not the files' times
        super().build_extension(ext)
        _say(f"{ext.name} compiled in {time.perf_counter() - start:.0f} s")
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(f".{os.getpid()}.part")
        shutil.copyfile(target, partial)
        os.replace(partial, cached)  # a build stopped half-way never leaves half a module


def _extensions():
    pyxs = sorted((HERE / "fast").glob("*.pyx"))
    generated = _generated_c(pyxs)
    return [
        Extension(
            f"cs229.fast.{pyx.stem}",
            [str(generated[pyx].relative_to(HERE))],
            extra_compile_args=COMPILE_ARGS + (OPENMP if pyx.stem in PARALLEL else []),
            extra_link_args=OPENMP if pyx.stem in PARALLEL else [],
        )
        for pyx in pyxs
    ]


setup(
    ext_modules=_extensions(),
    # C compilation of the extensions in parallel (setuptools' build_ext --parallel), as
    # cythonize's translation to C above (nthreads).
    cmdclass={"build_ext": BuildExt},
    options={"build_ext": {"parallel": JOBS}},
)
