"""The Cython extensions of cs229.fast: how they are translated, compiled and cached (metadata is
in pyproject.toml).

The build. Every ``fast/*.pyx`` becomes the extension module ``cs229.fast.<name>``. Cython
translates them to C in parallel, with the utility code every module would repeat (memoryviews,
function objects, ...) generated once, in the extension ``cs229.fast._cyutility`` (Cython's shared
utility module: 30% less C to compile). The C compiler then builds the modules in parallel, one
per core, largest first. Glue modules are compiled at -O1 and the modules with hot loops at -O2
(see OPTIMISE); no debug information (-g0). Each step writes a progress line to the terminal (pip
shows a build's own output only with -v).

The cache. pip builds each install in a fresh environment whose files are all new, so timestamps
say "out of date" every time: without a cache the second of the README's two commands would
compile everything again. So every build goes through a cache keyed by content, build/cache or
$CS229_BUILD_CACHE: the C that Cython generates, by the hash of the .pyx, the .pxd files, Cython's
and scipy's versions and the directives; a compiled module, by the hash of its C, the compiler
command and flags and the Python ABI. An entry is written under a temporary name and renamed into
place, so a build stopped half-way, or several builds sharing one cache, never see half an
entry. A module found in the cache is copied, not compiled; the second install from the same
clone (``pip install '.[test]'`` after ``pip install .``) compiles nothing. ``rm -r build/cache``
empties it.

OpenMP. The loops over independent rows (cython.parallel.prange) run on several cores where the
C compiler builds and links an OpenMP test program with -fopenmp (Apple's clang rejects the
option: the build then says so and compiles those loops serial, with the same answers).
CS229_OPENMP=0 builds serial loops without asking; CS229_OPENMP=1 fails unless OpenMP works.

The checking variant. CS229_BOUNDSCHECK=1 builds with boundscheck, wraparound and
initializedcheck on, so that an index out of bounds raises IndexError ("Out of bounds on buffer
access") instead of reading past a buffer. CI builds it besides the release build (serial, with
CS229_OPENMP=0) and runs the fuzz, bad-input and parallel suites on it.
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
from concurrent.futures import ThreadPoolExecutor
from importlib.metadata import version

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = pathlib.Path(__file__).resolve().parent
BOUNDSCHECK = os.environ.get("CS229_BOUNDSCHECK", "") not in ("", "0")
CACHE = pathlib.Path(os.environ.get("CS229_BUILD_CACHE") or HERE / "build" / "cache")
JOBS = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1

MODULES = sorted(p.stem for p in (HERE / "fast").glob("*.pyx"))
SHARED = "_cyutility"  # Cython's shared utility module, cs229.fast._cyutility

# -ffp-contract=off keeps a*b+c as two roundings, as in the pure-Python reference, so that
# fast and reference iterates agree to the last bits wherever the summation order is the same.
# -g0: no debug information (Python's own flags ask for -g), a fifth of the compile time.
COMPILE_ARGS = ["-ffp-contract=off", "-g0"]

# Most of a module's C is Python glue (argument parsing, calls into Python, error paths), which
# -O1 compiles in half the time of -O2 and runs as fast. The modules whose loops the benchmarks
# time get -O2 (-O3 is no faster for them, bench/run.py --small, and takes 40% longer).
OPTIMISE = {name: "-O2" for name in (
    "_glm_core", "_smo_cache", "_smo_solver", "_svm_kernels", "_validation", "generative",
    "linear_regression", "logistic_regression", "naive_bayes", "softmax", "trees")}
# the kernel perceptron's columns (fast/_pair_kernel.pxd pair_kernel_column): independent sums that
# -O3's vectoriser gives vector instructions (-O2's cheap cost model leaves them scalar)
OPTIMISE["kernels"] = "-O3"
DEFAULT_OPTIMISE = "-O1"

# The modules whose loops over independent rows run on several cores (cython.parallel.prange)
# are compiled and linked with OpenMP where the compiler has it.
PARALLEL = {"trees", "naive_bayes", "generative", "_svm_kernels", "_smo_cache", "_smo_solver",
            "_glm_core", "kernels"}

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
    line = f"cs229 build: {message}\n"
    try:
        with open("/dev/tty", "w") as tty:
            tty.write(line)
            return
    except OSError:
        pass
    sys.stderr.write(line)
    sys.stderr.flush()


def openmp_flags(compiler, setting=None):
    """["-fopenmp"] if the C compiler (a command, as a list) builds and links an OpenMP program,
    else [] with a line saying so. ``setting`` is CS229_OPENMP's value: "0" says no without
    asking, "1" requires OpenMP (a build without it fails), unset or "" asks the compiler."""
    setting = os.environ.get("CS229_OPENMP", "") if setting is None else setting
    if setting not in ("", "0", "1"):
        raise ValueError(f"CS229_OPENMP must be 0 (serial loops), 1 (OpenMP required) or unset "
                         f"(OpenMP where the compiler has it), not {setting!r}")
    if setting == "0":
        return []
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "omp.c")
        with open(source, "w") as f:
            f.write("#include <omp.h>\nint main(void) { return omp_get_max_threads() < 1; }\n")
        try:
            subprocess.run(list(compiler) + ["-fopenmp", source, "-o", os.path.join(tmp, "omp")],
                           check=True, capture_output=True, timeout=120)
            return ["-fopenmp"]
        except (OSError, subprocess.SubprocessError) as e:
            output = (getattr(e, "stderr", None) or b"").decode(errors="replace").strip()
            if setting == "1":
                raise RuntimeError(f"CS229_OPENMP=1 but {' '.join(compiler)} does not build an "
                                   f"OpenMP program with -fopenmp: {output or e}") from None
    _say("the C compiler has no OpenMP (-fopenmp): the parallel loops are compiled serial, "
         "n_jobs > 1 computes on one core")
    return []


def compile_args(name, openmp):
    """The C compiler's and the linker's extra arguments for the module ``name``, ``openmp`` being
    what openmp_flags gave: the OpenMP flags go to the modules with parallel loops only."""
    parallel = openmp if name in PARALLEL else []
    return COMPILE_ARGS + [OPTIMISE.get(name, DEFAULT_OPTIMISE)] + parallel, list(parallel)


def digest(*parts):
    """A cache key: the sha256 of the parts (bytes as they are, anything else as its repr)."""
    h = hashlib.sha256()
    for part in parts:
        h.update(part if isinstance(part, bytes) else repr(part).encode())
        h.update(b"\0")
    return h.hexdigest()


def key_include_dirs(include_dirs):
    """The include directories that a compiled module's key names. setuptools adds the virtual
    environment's include/ (where a package may install headers; the modules include none of
    them): keyed, it would make every new environment, pip's isolated one included, compile
    everything again. Python's own include directory stays, with its version."""
    venv_include = os.path.join(sys.exec_prefix, "include")
    if sys.exec_prefix == sys.base_exec_prefix:
        return list(include_dirs)
    return [d for d in include_dirs if os.path.normpath(d) != os.path.normpath(venv_include)]


def store(source, entry):
    """Copies ``source`` into the cache as ``entry``: under a name of its own first, renamed into
    place at the end, so that no reader ever sees half an entry (a build stopped half-way, two
    builds sharing the cache)."""
    entry.parent.mkdir(parents=True, exist_ok=True)
    partial = entry.with_name(f"{entry.name}.{os.getpid()}.{time.monotonic_ns()}.part")
    try:
        shutil.copyfile(source, partial)
        os.replace(partial, entry)
    finally:
        partial.unlink(missing_ok=True)


def _cimport_root():
    """A directory holding cs229/fast, for Cython to find the .pxd files that the modules cimport
    (`from cs229.fast._inline_math cimport dot`): package-dir maps cs229.fast to fast/, so no
    cs229/fast exists in the tree. It is a link to fast/ under build/ (relative, so the tree may
    move), never a copy: an edited .pxd is then the one Cython reads."""
    root = HERE / "build" / "cython-include"
    link = root / "cs229" / "fast"
    if not link.exists():
        if link.is_symlink():  # a link left dangling
            link.unlink()
        link.parent.mkdir(parents=True, exist_ok=True)
        try:
            link.symlink_to(os.path.relpath(HERE / "fast", link.parent), target_is_directory=True)
        except FileExistsError:  # another build made it meanwhile
            pass
    return str(root)


def c_keys(cython_version, root=HERE, directives=DIRECTIVES):
    """The cache key of each module's C, {name: key}, for the tree at ``root``: what Cython reads
    to write it. A module's .pyx, and every .pxd of fast/ (a module's C holds the inline functions
    of the .pxd it cimports, so an edited .pxd changes the C of its users; hashing all of them is
    simpler than following cimports and costs only a recompile of the rest), Cython's version,
    scipy's (its BLAS/LAPACK .pxd are cimported) and the directives. The shared utility module
    depends on the version and directives only."""
    fast = pathlib.Path(root) / "fast"
    declarations = [(p.name, p.read_bytes()) for p in sorted(fast.glob("*.pxd"))]
    setting = (cython_version, version("scipy"), directives, f"cs229.fast.{SHARED}")
    keys = {SHARED: digest("c", *setting)}
    for pyx in sorted(fast.glob("*.pyx")):
        keys[pyx.stem] = digest("c", *setting, pyx.stem, pyx.read_bytes(), declarations)
    return keys


def _generated_c(work):
    """The C of every module (and of the shared utility module) in ``work``/fast: copied from the
    cache where the same sources were translated before, translated by Cython in parallel for the
    rest, which then go into the cache. Returns {module name: C path}."""
    import Cython
    from Cython.Build import cythonize

    keys = c_keys(Cython.__version__)
    found, missing = {}, []
    for name, key in keys.items():
        c = work / "fast" / f"{name}.c"
        entry = CACHE / "c" / f"{key}.c"
        try:
            c.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(entry, c)
        except FileNotFoundError:
            missing.append(name)
        found[name] = c
    if missing:
        _say(f"translating {len(missing)} Cython modules to C on {JOBS} cores ...")
        start = time.perf_counter()
        # Relative paths: the C files say where their .pyx is, the same from any clone.
        cythonize([Extension(f"cs229.fast.{name}",
                             [f"fast/{name}.c" if name == SHARED else f"fast/{name}.pyx"])
                   for name in missing],
                  nthreads=JOBS if len(missing) > 1 else 0, force=True, quiet=True,
                  build_dir=os.path.relpath(work, HERE), include_path=[_cimport_root()],
                  compiler_directives=DIRECTIVES,
                  shared_utility_qualified_name=f"cs229.fast.{SHARED}")
        _say(f"translated in {time.perf_counter() - start:.0f} s")
        for name in missing:
            store(found[name], CACHE / "c" / f"{keys[name]}.c")
    return found


class BuildExt(build_ext):
    """setuptools' build_ext through the cache: the C comes from ``_generated_c``; a module
    compiled before from the same C, with the same compiler and flags, for the same Python, is
    copied; the others are compiled in parallel, one per core, largest C first, each saying so
    and how long it took."""

    def build_extensions(self):
        self.check_extensions_list(self.extensions)
        openmp = openmp_flags(self.compiler.compiler_so[:1])
        start = time.perf_counter()
        (HERE / "build").mkdir(exist_ok=True)
        work = pathlib.Path(tempfile.mkdtemp(prefix="work-", dir=HERE / "build"))
        try:
            generated = _generated_c(work)
            cached, to_compile = [], []
            for ext in self.extensions:
                name = ext.name.rpartition(".")[2]
                ext.sources = [str(generated[name])]
                ext.extra_compile_args, ext.extra_link_args = compile_args(name, openmp)
                entry = self._entry(ext)
                (cached if entry.exists() else to_compile).append((ext, entry))
            for ext, entry in cached:
                self.copy_file(str(entry), self.get_ext_fullpath(ext.name))
            if to_compile:
                _say(f"compiling {len(to_compile)} modules on {JOBS} cores"
                     + (f" ({len(cached)} more from the cache)" if cached else "") + " ...")
                # Largest C first, so that no long compile starts last.
                to_compile.sort(key=lambda job: -os.path.getsize(job[0].sources[0]))
                done = []
                with ThreadPoolExecutor(JOBS) as pool:
                    futures = [pool.submit(self._compile, ext, entry, work, done, len(to_compile))
                               for ext, entry in to_compile]
                    try:
                        for future in futures:
                            future.result()
                    except BaseException:
                        pool.shutdown(cancel_futures=True)
                        raise
        finally:
            shutil.rmtree(work, ignore_errors=True)
        if to_compile:
            _say(f"{len(to_compile)} modules compiled in {time.perf_counter() - start:.0f} s; "
                 f"the cache {CACHE} keeps them for the next install")
        else:
            _say(f"all {len(cached)} modules copied from the cache {CACHE}: nothing compiled")

    def _entry(self, ext):
        """The cache entry of the module ``ext``: keyed by its C, the compiler command and flags
        and the Python ABI."""
        key = digest("so", pathlib.Path(ext.sources[0]).read_bytes(), self.compiler.compiler_so,
                     self.compiler.linker_so, key_include_dirs(self.compiler.include_dirs),
                     ext.extra_compile_args,
                     ext.extra_link_args, sysconfig.get_config_var("EXT_SUFFIX"), sys.version)
        return CACHE / "so" / (key + os.path.splitext(self.get_ext_filename(ext.name))[1])

    def _compile(self, ext, entry, work, done, total):
        """Compiles and links the module ``ext`` in a directory of its own, puts it in the cache
        and then at its place in the build."""
        start = time.perf_counter()
        temp = work / ext.name
        objects = self.compiler.compile(
            ext.sources, output_dir=str(temp), macros=ext.define_macros,
            include_dirs=ext.include_dirs, extra_postargs=ext.extra_compile_args)
        built = temp / os.path.basename(self.get_ext_filename(ext.name))
        self.compiler.link_shared_object(
            objects, str(built), libraries=self.get_libraries(ext),
            extra_postargs=ext.extra_link_args, export_symbols=self.get_export_symbols(ext),
            build_temp=str(temp), target_lang="c")
        store(built, entry)
        self.copy_file(str(entry), self.get_ext_fullpath(ext.name))
        done.append(ext.name)
        _say(f"[{len(done)}/{total}] {ext.name} compiled in {time.perf_counter() - start:.0f} s")

    def copy_file(self, infile, outfile, *args, **kwargs):
        """A copy renamed into place: a module that a running Python has loaded (an editable
        install rebuilt under a test run) is replaced, never overwritten in place."""
        store(infile, pathlib.Path(outfile))
        return outfile, True


def _extensions():
    # The sources are filled in at build time (the C of each module, from the cache or Cython);
    # the .pyx named here is what an sdist ships.
    return [Extension(f"cs229.fast.{name}", [f"fast/{name}.pyx"]) for name in MODULES] + [
        Extension(f"cs229.fast.{SHARED}", [])]


if __name__ == "__main__":
    setup(ext_modules=_extensions(), cmdclass={"build_ext": BuildExt})
