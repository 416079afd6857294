"""Mutation score of the test suite over ``cs229.reference`` (mutmut).

    python tools/mutation.py                      # every module of reference/
    python tools/mutation.py entropy smo          # some modules
    python tools/mutation.py --summary            # the table of the last run, survivors listed

mutmut mutates a package it can copy whole, and the repository keeps the package's faces apart
(``reference/`` is ``cs229.reference`` through ``package_dir``). So the run happens in a staging
tree, ``build/mutation``: ``cs229/reference`` is a copy there (mutmut copies it again into
``mutants/`` and rewrites each function as a switch between its mutants), and the other faces are
copies under ``others/cs229`` on PYTHONPATH, so ``cs229`` is one namespace package made of the
mutated reference and the compiled fast face of this checkout (build it first).

The tests run are the ones that pin the reference down: exact and high-precision oracles,
parity with the fast face, invariants, bad input. The audit (and its quotes), figures, estimators,
peers, README,
conform (it runs the reference as an oracle for other code) and fuzz suites are left out: they
are slow and check other things. mutmut runs, for each
mutant, only the tests that executed the mutated function in a first traced run.

A surviving mutant is a behaviour no test pins down: kill it with a test, or explain why it is
equivalent (the same function written differently). The summary lists each by module.
"""
import argparse
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
STAGE = ROOT / "build" / "mutation"
OTHER_FACES = ("fast", "proofs", "estimators", "testing")
SOURCES_READ = ("reference", "fast", "README.md")
SLOW_OR_ELSEWHERE = ("test_audit", "test_figures", "test_estimators", "test_readme", "test_peers_",
                     "test_real_data", "test_conform.", "test_conform_", "test_quotes")


def modules():
    return sorted(p.stem for p in (ROOT / "reference").glob("*.py") if p.stem != "__init__")


def selected_tests(chosen=()):
    if chosen:
        return sorted(chosen)
    return sorted(f"tests/{p.name}" for p in (ROOT / "tests").glob("test_*.py")
                  if not p.name.startswith(SLOW_OR_ELSEWHERE))


def stage(names, tests=()):
    """The staging tree: a copy of the reference, links to the other faces, the tests, and
    mutmut's configuration naming the modules to mutate."""
    if STAGE.exists():
        shutil.rmtree(STAGE)
    (STAGE / "cs229").mkdir(parents=True)
    shutil.copytree(ROOT / "reference", STAGE / "cs229" / "reference",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (STAGE / "others" / "cs229").mkdir(parents=True)
    for face in OTHER_FACES:  # copied, so that a build in the checkout during the run (hours) changes nothing
        shutil.copytree(ROOT / face, STAGE / "others" / "cs229" / face,
                        ignore=shutil.ignore_patterns("__pycache__", "*.c", "*.html"))
    shutil.copytree(ROOT / "tests", STAGE / "tests", ignore=shutil.ignore_patterns("__pycache__"))
    # tests that read the sources themselves (no private imports, no built-in sum) find them
    # beside tests/, as in the repository: the unmutated text, copied by mutmut (also_copy)
    for name in SOURCES_READ:
        (STAGE / name).symlink_to(ROOT / name)
    only = ", ".join(f'"cs229/reference/{name}.py"' for name in names)
    tests = ", ".join(f'"{t}"' for t in selected_tests(tests))
    (STAGE / "pyproject.toml").write_text(
        "[tool.mutmut]\n"
        'source_paths = ["cs229/reference/"]\n'
        f"only_mutate = [{only}]\n"
        f"pytest_add_cli_args_test_selection = [{tests}]\n"
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-q", "-x"]\n'
        f"also_copy = [{', '.join(repr(n) for n in SOURCES_READ)}]\n")


def environment():
    env = dict(os.environ)
    env["PYTHONPATH"] = str(STAGE / "others")
    env.setdefault("HYPOTHESIS_PROFILE", "ci")
    return env


def mutmut(*args, capture=False):
    command = [sys.executable, "-m", "mutmut", *args]
    return subprocess.run(command, cwd=STAGE, env=environment(), check=False,
                          capture_output=capture, text=True)


def summary():
    """Per module: mutants, killed, survived, score; then every survivor by name."""
    listing = mutmut("results", "--all", "true", capture=True).stdout
    table, survivors = {}, {}
    for name, status in re.findall(r"^\s*(cs229\.reference\.\S+): (\S+)", listing, re.M):
        module = name.split(".")[2]
        row = table.setdefault(module, {"mutants": 0, "killed": 0, "survived": 0, "other": 0})
        row["mutants"] += 1
        if status == "killed":
            row["killed"] += 1
        elif status == "survived":
            row["survived"] += 1
            survivors.setdefault(module, []).append(name.rsplit(".", 1)[1])
        else:
            row["other"] += 1
    total = {k: sum(r[k] for r in table.values()) for k in ("mutants", "killed", "survived", "other")}
    print(f"{'module':22} {'mutants':>8} {'killed':>8} {'survived':>9} {'other':>6} {'score':>7}")
    for module, row in sorted(table.items()) + [("total", total)]:
        score = row["killed"] / row["mutants"] if row["mutants"] else float("nan")
        print(f"{module:22} {row['mutants']:8d} {row['killed']:8d} {row['survived']:9d} "
              f"{row['other']:6d} {score:7.1%}")
    (STAGE / "summary.json").write_text(json.dumps({"modules": table, "total": total,
                                                    "survivors": survivors}, indent=1))
    for module, names in sorted(survivors.items()):
        print(f"\n{module}: {len(names)} survived (mutmut show NAME in {STAGE})")
        for name in names:
            print(f"  {name}")
    return total


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help="modules of reference/ (default: all)")
    parser.add_argument("--summary", action="store_true", help="summarise the last run only")
    parser.add_argument("--tests", nargs="+", default=(), metavar="FILE",
                        help="test files to run (default: the suites named in the docstring)")
    parser.add_argument("--max-children", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    if args.summary:
        summary()
        return 0
    unknown = sorted(set(args.modules) - set(modules()))
    if unknown:
        parser.error(f"no module {', '.join(unknown)} in reference/; choose from {', '.join(modules())}")
    stage(args.modules or modules(), args.tests)
    run = mutmut("run", "--max-children", str(args.max_children))
    if run.returncode:
        return run.returncode
    summary()
    return 0


if __name__ == "__main__":
    sys.exit(main())
