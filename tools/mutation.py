"""Mutation score of the test suite over ``cs229.reference`` (mutmut).

    python tools/mutation.py                      # every module of reference/
    python tools/mutation.py entropy smo          # some modules
    python tools/mutation.py --again              # only what the record lacks (after new tests)
    python tools/mutation.py --progress           # counts of the run under way (or the last)
    python tools/mutation.py --summary            # the recorded scores, every miss with its reason

mutmut mutates a package it can copy whole, and the repository keeps the package's faces apart
(``reference/`` is ``cs229.reference`` through ``package_dir``). So the run happens in a staging
tree, ``build/mutation``: ``cs229/reference`` is a copy there (mutmut copies it again into
``mutants/`` and rewrites each function as a switch between its mutants), and the other faces are
copies under ``others/cs229`` on PYTHONPATH, so ``cs229`` is one namespace package made of the
mutated reference and the compiled fast face of this checkout (build it first).

The tests run are the ones that pin the reference down: exact and high-precision oracles,
parity with the fast face, invariants, bad input. The audit (and its quotes), figures,
estimators, peers, README, conform (it runs the reference as an oracle for other code) and fuzz
suites are left out: they are slow and check other things. mutmut runs, for each mutant, only
the tests that executed the mutated function in a first traced run, fastest first.

A surviving mutant is a behaviour no test pins down: kill it with a test, or explain why it is
equivalent (the same function written differently). After a run, each module whose mutants are
all accounted for goes into ``tools/mutation_record.json`` (tracked), function by function (the
function's hash, mutants, killed), with the commit and every missed mutant (survived, or run by
no test) with its diff and a ``why`` written by hand, kept while the same change survives.
``--again`` re-runs only the mutants of functions changed since the record and the earlier
misses, so that a new test is credited without the hours of a full run. A timeout counts as
killed (the change was noticed); the score is killed / (mutants − skipped). The record keeps the
timeouts' names, and ``--again --timeouts`` runs them again: a test that hangs for another reason
than the mutant passes for a kill (mutmut forks each mutant's run from a process whose OpenMP
threads had started, and GNU OpenMP's pool does not survive fork: the fast face goes serial in
such a child, fast/_validation.pyx ``cores_of``). ``--again`` alone leaves the timeouts of
unchanged functions out: each one waits out its whole time limit, and 90 of them made most of a
re-run's hours. Hypothesis runs its
``mutation`` profile (tests/conftest.py: eight derandomized examples per test, no shrinking): a mutant that
survives it may still fall to the forty examples of the CI profile.
"""
import argparse
import fnmatch
import json
import os
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
STAGE = ROOT / "build" / "mutation"
RECORD = ROOT / "tools" / "mutation_record.json"  # scores, and why each survivor is harmless
# the other subpackages of cs229, by the folder that holds each (package-dir in pyproject.toml)
OTHER_FACES = {"fast": "fast", "proofs": "proofs", "figures": "figures", "estimators": "estimators",
               "testing": "testing", "distributed": "cluster"}
SOURCES_READ = ("reference", "fast", "README.md")
# the suites left out (paths under tests/, shell patterns): the audit's own and its quotes (the
# notation, the registry, the symbolic helpers and the audits of whole parts stay), figures,
# the estimators' checks (their summary() stays), peers, README, real data, conform's command and
# slips (the reference as an oracle for other code; the command's tests too), fuzz, the layout of
# tests/ itself, the bench's command (bench/ is not staged), and the build and package-layout
# tests (they read the repository's pyproject.toml, which the staging tree replaces with mutmut's)
SLOW_OR_ELSEWHERE = ("audit/test_audit.py", "audit/test_html.py", "audit/test_notes*.py",
                     "audit/test_plugin.py", "audit/test_self_test.py", "audit/test_quotes.py",
                     "conform/test_conform.py", "conform/test_slips.py",
                     "estimators/test_estimators.py", "fuzz/*", "package/test_bench.py", "package/test_build.py",
                     "package/test_cli.py", "package/test_figures.py", "package/test_layout.py",
                     "package/test_packages.py", "package/test_readme.py",
                     "package/test_real_data.py", "*/test_peers.py")


def modules():
    return sorted(p.stem for p in (ROOT / "reference").glob("*.py") if p.stem != "__init__")


def selected_tests(chosen=()):
    if chosen:
        return sorted(chosen)
    paths = (p.relative_to(ROOT / "tests").as_posix() for p in (ROOT / "tests").rglob("test_*.py"))
    return sorted(f"tests/{path}" for path in paths
                  if not any(fnmatch.fnmatchcase(path, pattern) for pattern in SLOW_OR_ELSEWHERE))


def stage(names, tests=()):
    """The staging tree: a copy of the reference, links to the other faces, the tests, and
    mutmut's configuration naming the modules to mutate."""
    if STAGE.exists():
        shutil.rmtree(STAGE)
    (STAGE / "cs229").mkdir(parents=True)
    shutil.copytree(ROOT / "reference", STAGE / "cs229" / "reference",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (STAGE / "others" / "cs229").mkdir(parents=True)
    for face, folder in OTHER_FACES.items():  # copied, so that a build in the checkout during the run (hours) changes nothing
        shutil.copytree(ROOT / folder, STAGE / "others" / "cs229" / face,
                        ignore=shutil.ignore_patterns("__pycache__", "*.c", "*.html"))
    # the package root (version, lazy subpackages, the cs229 command) beside the faces; its
    # __path__ also takes the cs229 folder of mutmut's tree, where the mutated reference is
    for module in (ROOT / "root").glob("*.py"):
        text = module.read_text(encoding="utf-8")
        if module.name == "__init__.py":
            text += "\n__path__ = __import__(\"pkgutil\").extend_path(__path__, __name__)\n"
        (STAGE / "others" / "cs229" / module.name).write_text(text, encoding="utf-8")
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
        # a mutant gets 2 × 2 × (its tests' traced time + 1 s) of CPU: mutmut's default 15 lets a
        # mutant that never ends its loop run for minutes
        "timeout_multiplier = 2.0\n"
        f"also_copy = [{', '.join(repr(n) for n in SOURCES_READ)}]\n")


def environment():
    env = dict(os.environ)
    env["PYTHONPATH"] = str(STAGE / "others")
    env.setdefault("HYPOTHESIS_PROFILE", "mutation")
    env["OMP_NUM_THREADS"] = "1"  # other libraries' OpenMP pools (scikit-learn's) start no threads
    return env


def mutmut(*args, capture=False):
    command = [sys.executable, "-m", "mutmut", *args]
    return subprocess.run(command, cwd=STAGE, env=environment(), check=False,
                          capture_output=capture, text=True)


KILLED = ("killed", "timeout", "segfault", "caught by type check")  # the tests noticed the change


def statuses():
    """{module: {mutant: status}} from the staging tree's mutmut records (read while it runs, too)."""
    from mutmut.stats import status_by_exit_code
    found = {}
    for meta in sorted((STAGE / "mutants" / "cs229" / "reference").glob("*.py.meta")):
        codes = json.loads(meta.read_text())["exit_code_by_key"]
        module = meta.name.split(".")[0]
        found[module] = {name: status_by_exit_code[code] for name, code in codes.items()}
    return found


def tally(by_name):
    """Mutants, killed, survived, not covered by any test, not yet run; the score counts the
    surviving and the uncovered as missed."""
    states = list(by_name.values())
    row = {"mutants": len(states),
           "killed": sum(s in KILLED for s in states),
           "survived": states.count("survived"),
           "no tests": states.count("no tests"),
           "not checked": states.count("not checked"),
           "skipped": states.count("skipped")}
    counted = row["mutants"] - row["skipped"] - row["not checked"]
    row["score"] = round(row["killed"] / counted, 4) if counted else None
    return row


def diff(name, module):
    from mutmut.mutation.diff_apply import get_diff_for_mutant
    path = STAGE / "mutants" / "cs229" / "reference" / f"{module}.py"
    lines = get_diff_for_mutant(name, path=path).splitlines()
    return "\n".join(line for line in lines if line[:1] in "+-" and line[:3] not in ("---", "+++"))


def load_record():
    return json.loads(RECORD.read_text()) if RECORD.exists() else {"modules": {}}


def function_of(short):
    """The mangled function a mutant belongs to: x_trace__mutmut_3 -> x_trace."""
    return short.rsplit("__mutmut_", 1)[0]


def generated(names):
    """{module: (mutant names, {function: hash})} as mutmut generates them from the staged
    sources (run in the staging tree, where mutmut finds its configuration)."""
    script = ("import json, pathlib, sys\n"
              "from mutmut.mutation.file_mutation import mutate_file_contents\n"
              "out = {}\n"
              "for m in sys.argv[1:]:\n"
              "    p = pathlib.Path('cs229/reference') / (m + '.py')\n"
              "    r = mutate_file_contents(str(p), p.read_text())\n"
              "    out[m] = [list(r.mutant_names), dict(r.hash_by_function_name)]\n"
              "print(json.dumps(out))\n")
    run = subprocess.run([sys.executable, "-c", script, *names], cwd=STAGE, env=environment(),
                         capture_output=True, text=True, check=True)
    return {m: (names_, hashes) for m, (names_, hashes) in json.loads(run.stdout).items()}


def to_rerun(record, fresh, timeouts=False):
    """The mutants a re-run needs: every mutant of a function that is new or changed since the
    record, and the missed mutants of the unchanged ones (and their timeouts, with ``timeouts``)."""
    names = []
    for module, (mutants, hashes) in fresh.items():
        entry = record["modules"].get(module)
        if entry is None:
            names += [f"cs229.reference.{module}.{n}" for n in mutants]
            continue
        for short in mutants:
            function = function_of(short)
            same = entry["functions"].get(function, {}).get("hash") == hashes.get(function)
            if not same or short in entry["missed"] or (timeouts and short in entry.get("timeouts", ())):
                # changed, new, unfinished, missed, or timed out
                names.append(f"cs229.reference.{module}.{short}")
    return names


def _totals(entry):
    missed = list(entry["missed"].values())
    entry["mutants"] = sum(f["mutants"] for f in entry["functions"].values())
    entry["killed"] = sum(f["killed"] for f in entry["functions"].values())
    entry["survived"] = sum(m["status"] == "survived" for m in missed)
    entry["no tests"] = sum(m["status"] == "no tests" for m in missed)
    entry["skipped"] = sum(f.get("skipped", 0) for f in entry["functions"].values())
    entry["not checked"] = 0
    counted = entry["mutants"] - entry["skipped"]
    entry["score"] = round(entry["killed"] / counted, 4) if counted else None


def save(found, hashes):
    """Merge what this run checked into the tracked record, function by function: a function
    whose mutants were all run gets their counts; an unchanged function whose missed mutants
    were run again keeps its other counts and updates those; a function not finished keeps what
    the record had (if its hash is the same) or is left out, and its module is marked
    incomplete. The reason written beside a survivor is kept while the same change survives."""
    record = load_record()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    for module, by_name in found.items():
        old = record["modules"].get(module, {"functions": {}, "missed": {}})
        grouped = {}
        for name, status in by_name.items():
            grouped.setdefault(function_of(name.rsplit(".", 1)[1]), {})[name] = status
        entry = {"commit": commit, "complete": True, "functions": {}, "missed": {}, "timeouts": []}
        for function, digest in hashes[module].items():
            states = grouped.get(function, {})
            run = {n: st for n, st in states.items() if st != "not checked"}
            before = old["functions"].get(function)
            same = before is not None and before["hash"] == digest
            if len(run) == len(states):  # every mutant of the function was run
                entry["functions"][function] = {"hash": digest, "mutants": len(states),
                                                "killed": sum(st in KILLED for st in run.values()),
                                                "skipped": sum(st == "skipped" for st in run.values())}
                misses = {n: st for n, st in run.items() if st in ("survived", "no tests")}
                entry["timeouts"] += [n.rsplit(".", 1)[1] for n, st in run.items() if st == "timeout"]
            elif same:  # what the record has, with its misses run again where they were
                misses = {}
                for short, m in old["missed"].items():
                    if function_of(short) == function:
                        st = run.get(f"cs229.reference.{module}.{short}", m["status"])
                        if st in ("survived", "no tests"):
                            misses[f"cs229.reference.{module}.{short}"] = st
                killed = len([s for s in old["missed"] if function_of(s) == function]) - len(misses)
                entry["functions"][function] = dict(before, killed=before["killed"] + killed)
                entry["timeouts"] += [s for s in old.get("timeouts", ()) if function_of(s) == function
                                      and run.get(f"cs229.reference.{module}.{s}", "timeout") == "timeout"]
            else:
                entry["complete"] = False
                continue
            for name, st in misses.items():
                short = name.rsplit(".", 1)[1]
                change = diff(name, module)
                kept = old["missed"].get(short, {})  # a reason stays with the same change only
                entry["missed"][short] = {"status": st, "diff": change,
                                          "why": kept.get("why") if kept.get("diff") == change else None}
        entry["missed"] = dict(sorted(entry["missed"].items()))
        entry["timeouts"] = sorted(entry["timeouts"])
        _totals(entry)
        record["modules"][module] = entry
    RECORD.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n")
    return record


def summary(rows, missed=None):
    """Per module: mutants, killed, survived, uncovered, score; then each miss and its reason."""
    keys = ("mutants", "killed", "survived", "no tests", "not checked")
    print(f"{'module':20} " + " ".join(f"{k:>11}" for k in keys) + f" {'score':>7}")
    total = {k: sum(r[k] for r in rows.values()) for k in keys + ("skipped",)}
    counted = total["mutants"] - total["skipped"] - total["not checked"]
    total["score"] = total["killed"] / counted if counted else None
    for module, row in sorted(rows.items()) + [("total", total)]:
        score = "" if row["score"] is None else f"{row['score']:.1%}"
        partial = "" if row.get("complete", True) else "  (some functions not yet run)"
        print(f"{module:20} " + " ".join(f"{row[k]:11d}" for k in keys) + f" {score:>7}{partial}")
    for module, names in sorted((missed or {}).items()):
        unexplained = [n for n, m in names.items() if not m.get("why")]
        print(f"\n{module}: {len(names)} missed, {len(unexplained)} without a reason")
        for name, m in names.items():
            print(f"  {name} ({m['status']}): {m.get('why') or 'NO REASON'}")
            for line in m["diff"].splitlines():
                print(f"      {line}")
    return total


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help="modules of reference/ (default: all)")
    parser.add_argument("--summary", action="store_true",
                        help="the recorded scores, each missed mutant with its diff and reason")
    parser.add_argument("--progress", action="store_true", help="the running (or last) run's counts")
    parser.add_argument("--again", action="store_true",
                        help="run only what the record lacks: changed or new functions, and the "
                             "missed mutants of the others (after new tests)")
    parser.add_argument("--timeouts", action="store_true",
                        help="with --again: run the recorded timeouts of unchanged functions again too")
    parser.add_argument("--record", action="store_true",
                        help="record the finished modules of the last run (done after every run)")
    parser.add_argument("--tests", nargs="+", default=(), metavar="FILE",
                        help="test files to run (default: the suites named in the docstring)")
    parser.add_argument("--max-children", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    if args.record:
        save(statuses(), {m: h for m, (_, h) in generated(sorted(statuses())).items()})
        return 0
    if args.progress:
        summary({m: tally(v) for m, v in statuses().items()})
        return 0
    if args.summary:
        record = load_record()["modules"]
        summary(record, {m: r["missed"] for m, r in record.items()})
        return 0
    unknown = sorted(set(args.modules) - set(modules()))
    if unknown:
        parser.error(f"no module {', '.join(unknown)} in reference/; choose from {', '.join(modules())}")
    chosen = args.modules or modules()
    stage(chosen, args.tests)
    fresh = generated(chosen)
    names = to_rerun(load_record(), fresh, args.timeouts) if args.again else []
    if args.again and not names:
        print("the record is up to date for " + ", ".join(chosen))
        return 0
    run = mutmut("run", "--max-children", str(args.max_children), *names)
    if run.returncode:
        return run.returncode
    record = save(statuses(), {m: h for m, (_, h) in fresh.items()})["modules"]
    summary({m: record[m] for m in args.modules or modules() if m in record})
    return 0


if __name__ == "__main__":
    sys.exit(main())
