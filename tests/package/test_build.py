"""The build's helpers (setup.py): OpenMP detection with its serial fallback, and the cache's
entries, which no reader ever sees half-written. The whole build is exercised by .ci/run (a
release build with OpenMP, a boundscheck build without)."""
import importlib.util
import os
import pathlib
import shutil
import stat
import subprocess
import sys
import sysconfig
import threading

import pytest

from tests import ROOT

pytest.importorskip("setuptools")


@pytest.fixture(scope="module")
def build():
    """setup.py as a module: under a name other than __main__ it defines its helpers and does not
    call setup()."""
    spec = importlib.util.spec_from_file_location("cs229_setup", ROOT / "setup.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def said(build, monkeypatch):
    """The progress lines the build writes (to the terminal when there is one)."""
    lines = []
    monkeypatch.setattr(build, "_say", lines.append)
    return lines


def _compiler():
    compiler = shutil.which("gcc") or shutil.which("cc")
    if compiler is None:
        pytest.skip("no C compiler")
    return compiler


def _wrapper(tmp_path, compiler, log):
    """A compiler that rejects -fopenmp as Apple's clang does, and otherwise is ``compiler``;
    every command line it is given is appended to ``log``."""
    script = tmp_path / "cc-without-openmp"
    script.write_text(
        "#!/bin/sh\n"
        f"echo \"$*\" >> '{log}'\n"
        "for a in \"$@\"; do\n"
        "  if [ \"$a\" = -fopenmp ]; then\n"
        "    echo \"clang: error: unsupported option '-fopenmp'\" >&2; exit 1\n"
        "  fi\n"
        "done\n"
        f"exec '{compiler}' \"$@\"\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell wrapper")
def test_a_compiler_without_openmp_gives_serial_loops_and_says_so(build, said, tmp_path):
    log = tmp_path / "calls"
    assert build.openmp_flags([_wrapper(tmp_path, _compiler(), log)], "") == []
    assert "-fopenmp" in log.read_text()  # it was asked
    assert len(said) == 1 and "no OpenMP" in said[0] and "serial" in said[0]


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell wrapper")
def test_openmp_required_fails_with_the_compiler_s_reason(build, said, tmp_path):
    compiler = _wrapper(tmp_path, _compiler(), tmp_path / "calls")
    with pytest.raises(RuntimeError, match=r"^CS229_OPENMP=1 but .*unsupported option '-fopenmp'"):
        build.openmp_flags([compiler], "1")


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell wrapper")
def test_openmp_off_does_not_ask_the_compiler(build, said, tmp_path):
    log = tmp_path / "calls"
    assert build.openmp_flags([_wrapper(tmp_path, _compiler(), log)], "0") == []
    assert not log.exists() and said == []


def test_a_compiler_with_openmp_gets_fopenmp(build, said):
    compiler = _compiler()
    if build.openmp_flags([compiler], "") == []:
        pytest.skip(f"{compiler} has no OpenMP here")
    assert build.openmp_flags([compiler], "1") == ["-fopenmp"]
    assert said == []


def test_a_compiler_that_is_not_there_gives_serial_loops(build, said, tmp_path):
    assert build.openmp_flags([str(tmp_path / "no-such-cc")], "") == []
    assert len(said) == 1


@pytest.mark.parametrize("setting", ["yes", "2", "off", " 0"])
def test_a_bad_openmp_setting_is_named(build, setting):
    with pytest.raises(ValueError) as e:
        build.openmp_flags(["cc"], setting)
    assert str(e.value) == ("CS229_OPENMP must be 0 (serial loops), 1 (OpenMP required) or unset "
                            f"(OpenMP where the compiler has it), not {setting!r}")


def test_the_setting_comes_from_the_environment(build, said, monkeypatch, tmp_path):
    monkeypatch.setenv("CS229_OPENMP", "0")
    assert build.openmp_flags([str(tmp_path / "never-run")]) == [] and said == []
    monkeypatch.setenv("CS229_OPENMP", "maybe")
    with pytest.raises(ValueError, match="not 'maybe'"):
        build.openmp_flags(["cc"])


def test_keys_differ_with_any_part(build):
    key = build.digest("so", b"int x;", ["gcc", "-O1"])
    assert key == build.digest("so", b"int x;", ["gcc", "-O1"])
    assert len({key, build.digest("so", b"int y;", ["gcc", "-O1"]),
                build.digest("so", b"int x;", ["gcc", "-O2"]),
                build.digest("so", b"int x;", ["gcc"], "-O1"),
                build.digest("c", b"int x;", ["gcc", "-O1"])}) == 5


def test_an_entry_is_whole_and_leaves_nothing_behind(build, tmp_path):
    source = tmp_path / "module.so"
    source.write_bytes(b"\x7fELF" + bytes(range(256)) * 1000)
    entry = tmp_path / "cache" / "so" / "key.so"
    build.store(source, entry)
    assert entry.read_bytes() == source.read_bytes()
    assert sorted(p.name for p in entry.parent.iterdir()) == ["key.so"]


def test_a_copy_that_fails_half_way_leaves_no_entry(build, tmp_path, monkeypatch):
    source = tmp_path / "module.so"
    source.write_bytes(b"x" * 100_000)
    entry = tmp_path / "cache" / "key.so"

    def copy_half(src, dst):
        pathlib.Path(dst).write_bytes(pathlib.Path(src).read_bytes()[:50_000])
        raise OSError("disk full")

    monkeypatch.setattr(build.shutil, "copyfile", copy_half)
    with pytest.raises(OSError, match="disk full"):
        build.store(source, entry)
    assert list(entry.parent.iterdir()) == []


def test_a_replaced_module_is_a_new_file_not_an_overwrite(build, tmp_path):
    """A running Python maps a loaded module: the new one must be a new inode, else the old
    mapping changes under it."""
    target = tmp_path / "smo.so"
    target.write_bytes(b"old")
    before = os.stat(target).st_ino
    with open(target, "rb") as loaded:
        source = tmp_path / "new.so"
        source.write_bytes(b"new module")
        build.store(source, target)
        assert loaded.read() == b"old"
    assert target.read_bytes() == b"new module" and os.stat(target).st_ino != before


def test_builds_storing_the_same_entry_at_once_leave_it_whole(build, tmp_path):
    content = bytes(range(256)) * 4000
    sources = []
    for k in range(8):
        sources.append(tmp_path / f"built-{k}.so")
        sources[-1].write_bytes(content)
    entry = tmp_path / "cache" / "key.so"
    errors, seen = [], []

    def writer(source):
        try:
            for _ in range(20):
                build.store(source, entry)
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    def reader():
        for _ in range(200):
            if entry.exists():
                seen.append(entry.read_bytes() == content)

    threads = [threading.Thread(target=writer, args=(s,)) for s in sources]
    threads.append(threading.Thread(target=reader))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and all(seen)
    assert entry.read_bytes() == content
    assert sorted(p.name for p in entry.parent.iterdir()) == ["key.so"]


# ---- the cache's keys ---------------------------------------------------------------------------

def _tree(tmp_path):
    """A copy of fast/'s sources, to edit."""
    tree = tmp_path / "tree"
    (tree / "fast").mkdir(parents=True)
    for source in [*(ROOT / "fast").glob("*.pyx"), *(ROOT / "fast").glob("*.pxd")]:
        shutil.copy(source, tree / "fast")
    return tree


def test_an_edited_pxd_changes_the_key_of_every_module(build, tmp_path):
    tree = _tree(tmp_path)
    before = build.c_keys("3.1.0", tree)
    assert before == build.c_keys("3.1.0", tree)
    assert set(before) == {p.stem for p in (ROOT / "fast").glob("*.pyx")} | {build.SHARED}
    with open(tree / "fast" / "_inline_math.pxd", "a") as f:
        f.write("\n# an edit\n")
    after = build.c_keys("3.1.0", tree)
    assert after[build.SHARED] == before[build.SHARED]
    assert all(after[name] != before[name] for name in after if name != build.SHARED)


def test_an_edited_pyx_changes_its_own_key_only(build, tmp_path):
    tree = _tree(tmp_path)
    before = build.c_keys("3.1.0", tree)
    with open(tree / "fast" / "svm.pyx", "a") as f:
        f.write("\n# an edit\n")
    after = build.c_keys("3.1.0", tree)
    assert {name for name in after if after[name] != before[name]} == {"svm"}


def test_the_directives_and_cython_s_version_change_every_key(build, tmp_path):
    tree = _tree(tmp_path)
    release = build.c_keys("3.1.0", tree)
    checking = build.c_keys("3.1.0", tree, {**build.DIRECTIVES, "boundscheck": True,
                                             "wraparound": True, "initializedcheck": True})
    newer = build.c_keys("3.1.1", tree)
    for other in (checking, newer):
        assert all(other[name] != release[name] for name in release)


def test_a_new_virtual_environment_keeps_the_module_keys(build, monkeypatch):
    python_include = sysconfig.get_paths()["include"]
    monkeypatch.setattr(build.sys, "exec_prefix", "/envs/a")
    monkeypatch.setattr(build.sys, "base_exec_prefix", "/usr")
    assert build.key_include_dirs(["/envs/a/include", python_include]) == [python_include]
    assert build.key_include_dirs(["/envs/a/include/", "/opt/h"]) == ["/opt/h"]


# ---- flags ---------------------------------------------------------------------------------------

def test_openmp_goes_to_the_modules_with_parallel_loops_only(build):
    for name in build.MODULES:
        compile_args, link_args = build.compile_args(name, ["-fopenmp"])
        expected = ["-fopenmp"] if name in build.PARALLEL else []
        assert link_args == expected and compile_args[-len(expected) or len(compile_args):] == expected
        assert build.compile_args(name, [])[1] == [] and "-fopenmp" not in build.compile_args(name, [])[0]


def test_the_parallel_modules_are_the_ones_using_prange(build):
    """A module with a prange left out of PARALLEL would be compiled without OpenMP: serial, with
    nothing saying so."""
    uses = {p.stem for p in (ROOT / "fast").glob("*.pyx") if "prange" in p.read_text()}
    assert uses and uses == build.PARALLEL


def test_every_module_has_one_optimisation_level(build):
    assert set(build.OPTIMISE) <= set(build.MODULES)
    for name in build.MODULES + [build.SHARED]:
        levels = [a for a in build.compile_args(name, [])[0] if a.startswith("-O")]
        assert levels == [build.OPTIMISE.get(name, build.DEFAULT_OPTIMISE)]


# ---- a real build of one small module -----------------------------------------------------------

PROBE_PXD = "cdef inline long answer() noexcept nogil:\n    return {}\n"
PROBE_PYX = ("from cs229.fast._probe cimport answer\n\n\n"
             "def probe(double[::1] x):\n    return answer(), x.shape[0]\n")


@pytest.fixture(scope="module")
def probe_tree(tmp_path_factory):
    """A tree holding setup.py, pyproject.toml and one module, fast/probe.pyx, which cimports
    fast/_probe.pxd and takes a memoryview (Cython's shared utility code); a C compiler that logs
    its command lines."""
    pytest.importorskip("Cython", minversion="3.1")
    tmp = tmp_path_factory.mktemp("probe")
    tree = tmp / "tree"
    (tree / "fast").mkdir(parents=True)
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, tree)
    (tree / "fast" / "_probe.pxd").write_text(PROBE_PXD.format(42))
    (tree / "fast" / "probe.pyx").write_text(PROBE_PYX)
    log = tmp / "cc.log"
    cc = tmp / "cc"
    cc.write_text(f"#!/bin/sh\necho \"$*\" >> '{log}'\nexec '{_compiler()}' \"$@\"\n")
    cc.chmod(cc.stat().st_mode | stat.S_IXUSR)
    return tree, cc, log


def _build_probe(tree, cc, out, cache):
    """Builds the probe tree into ``out`` through ``cache``; returns what probe.probe answers."""
    env = {**os.environ, "CS229_BUILD_CACHE": str(cache), "CS229_OPENMP": "0", "CC": str(cc),
           "LDSHARED": f"{cc} -shared"}
    env.pop("CS229_BOUNDSCHECK", None)
    subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--build-lib", str(out),
                    "--build-temp", str(out / "temp")], cwd=tree, env=env, check=True,
                   capture_output=True)
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    fast = out / "cs229" / "fast"
    # The modules are loaded from their files: the installed cs229.fast holds no probe, and its
    # _cyutility may come from another Cython.
    code = (
        "import importlib.util, sys, cs229.fast\n"
        "def load(name):\n"
        f"    spec = importlib.util.spec_from_file_location('cs229.fast.' + name, "
        f"r'{fast}/' + name + '{suffix}')\n"
        "    module = sys.modules[spec.name] = importlib.util.module_from_spec(spec)\n"
        "    spec.loader.exec_module(module)\n"
        "    return module\n"
        "load('_cyutility')\n"
        "import array\n"
        "print(load('probe').probe(array.array('d', [0.0] * 3)))\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return run.stdout.strip()


def _compiled(log):
    """The modules the logged compiler compiled (its -c command lines), and empties the log."""
    if not log.exists():
        return set()
    names = {pathlib.Path(word).stem for line in log.read_text().splitlines() if " -c " in line
             for word in line.split() if word.endswith(".c")}
    log.unlink()
    return names


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell wrapper")
def test_a_module_is_compiled_once_and_recompiled_after_a_pxd_edit(probe_tree, tmp_path):
    tree, cc, log = probe_tree
    cache = tmp_path / "cache"
    assert _build_probe(tree, cc, tmp_path / "first", cache) == "(42, 3)"
    assert _compiled(log) == {"probe", "_cyutility"}
    # Another build from the same sources (the next install) copies both from the cache.
    assert _build_probe(tree, cc, tmp_path / "second", cache) == "(42, 3)"
    assert _compiled(log) == set()
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    assert ((tmp_path / f"second/cs229/fast/probe{suffix}").read_bytes()
            == (tmp_path / f"first/cs229/fast/probe{suffix}").read_bytes())
    # An edited .pxd: the module that cimports it is compiled again, never taken stale.
    (tree / "fast" / "_probe.pxd").write_text(PROBE_PXD.format(43))
    try:
        assert _build_probe(tree, cc, tmp_path / "third", cache) == "(43, 3)"
        assert _compiled(log) == {"probe"}
    finally:
        (tree / "fast" / "_probe.pxd").write_text(PROBE_PXD.format(42))
