"""``cs229 conform --course NAME DIR``: grade a student's repository of a course's problem sets.

A course (``COURSES``; ``cs229-2018``: the Autumn 2018 assignments, ``cs229_2018``) is a list of
problems, each a file name the assignment fixes (``p01b_logreg.py``), the interface it asks for
(classes, functions, their parameters) and the properties that judge what the student's code
answers against cs229.reference. The command finds every such file anywhere under DIR
(``ps1/src``, ``PS1/src``, ``problem set 1/src``, flat), runs each in its own child process
(``sandbox``: the file's own folder first on the path, stand-ins for the assignment's helper
modules the folder lacks, a time budget per file, a memory cap) and gives one verdict per file:

- ``conforms``: every property passed;
- ``does not conform``: a property failed (a wrong answer, an exception, a timeout, an argument
  changed in place): each failure names the property, the catalog ID it breaks, the data (as
  Hypothesis shrank them), the student's answer and the reference's;
- ``interface not recognised``: the file is not this edition's (another edition's functions or
  parameters): not judged;
- ``error``: the file could not be checked (a syntax error, the process ended while loading, a
  name the assignment asks for missing because a statement raised while loading).

A statement that raises while the file loads (a data file read at import, ``sys.exit()``) is
reported with its line and the rest of the file still runs. Exit status: 0 when every file found
conforms (files of another edition apart), 1 when one does not or could not be checked, 5 when
nothing was checked (no file found, or none recognised), 130 on Ctrl-C after the report of the
files done.
"""
import importlib
import importlib.util
import os
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from cs229._exits import INTERRUPTED, CtrlC, OutputError, UsageError, emit, output_file, progress_stream
from cs229._text import progress_line, stream_width

from .properties import Mismatch, Options, normal
from .reports import strict_json, visible, xml_attribute, xml_text
from .sandbox import Child, Limits, StudentBroke, StudentRaised, _grader_path

__all__ = ["COURSES", "Problem", "Student", "find_files", "check_file", "grade", "CourseReport",
           "FileReport", "text", "junit", "run", "EXAMPLES", "TIMEOUT", "VERDICTS"]

# course name -> the module holding its PROBLEMS and STAND_INS
COURSES = {"cs229-2018": "cs229.testing.cs229_2018"}
EXAMPLES = 20        # examples per property
SHRINK_SECONDS = 20  # a failure is shrunk this long at most, then reported as shrunk so far
TIMEOUT = 120.0      # seconds of the student's code per file
VERDICTS = ("conforms", "does not conform", "interface not recognised", "error")
NOTHING_TO_CHECK = 5
SKIPPED_DIRECTORIES = {".git", ".hg", ".svn", "__pycache__", ".ipynb_checkpoints", "node_modules", ".venv",
                       "venv", "env", "site-packages", ".tox", ".mypy_cache", ".pytest_cache"}


@dataclass(frozen=True)
class Problem:
    """One file of an assignment: ``name`` (its stem, p01b_logreg), ``assignment`` (ps1),
    ``title``; ``support``: the helper modules the assignment ships beside it (util,
    linear_model), given as stand-ins when the student's folder lacks them; ``recognise(info)``:
    None when the loaded file has this edition's interface, else why not (a missing name is
    ``Missing``); ``properties``: ``cs229.testing.properties.Property`` objects whose ``check``
    takes a ``Student``."""
    name: str
    assignment: str
    title: str
    support: tuple
    recognise: Callable[[dict], Any]
    properties: tuple

    @property
    def file(self):
        return self.name + ".py"


class Missing(str):
    """A reason the interface is not recognised that is a name the file lacks (an error when a
    statement raised while loading, since that statement may be what should have defined it)."""


def course_module(name):
    if name not in COURSES:
        raise UsageError(f"--course: no course {name!r}; the courses are {', '.join(COURSES)}")
    module = importlib.import_module(COURSES[name])
    missing = {m: extra for m, extra in getattr(module, "REQUIRES", {}).items() if importlib.util.find_spec(m) is None}
    if missing:
        raise UsageError(f"--course {name}: the assignments' own files import {', '.join(missing)}, which is not "
                         f"installed here; install it first: pip install {' '.join(repr(e) for e in set(missing.values()))}")
    return module


# ---- finding the files -----------------------------------------------------------------------

def find_files(directory, problems):
    """[(problem, path)] for every file under ``directory`` named as a problem's file (case
    ignored), in path order; version-control, cache and virtual-environment folders skipped."""
    by_name = {p.file.lower(): p for p in problems}
    found = []
    for root, dirs, files in os.walk(directory):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRECTORIES and not d.startswith("."))
        for f in sorted(files):
            problem = by_name.get(f.lower())
            if problem is not None:
                found.append((problem, os.path.join(root, f)))
    order = {p.name: i for i, p in enumerate(problems)}
    return sorted(found, key=lambda pf: (order[pf[0].name], pf[1]))


# ---- the student's module, as a problem's properties see it ----------------------------------

class Student:
    """The student's file loaded in its child process: ``call(target, *args)`` calls a function
    or class of the file (by name), a method ((object, "fit")) or an object returned before;
    ``fields(obj)`` reads an object's attributes now; ``names`` describes what the file defines.
    What a call raises comes as ``StudentRaised``; a timeout, an ended process or an argument
    changed in place as ``StudentBroke``."""

    def __init__(self, child, info, problem):
        self.child, self.info, self.problem = child, info, problem
        self.names = info["names"]

    def call(self, target, *args, **kwargs):
        return self.child.call(target, *args, **kwargs).value

    def answer(self, target, *args, **kwargs):
        return self.child.call(target, *args, **kwargs)

    def fields(self, obj):
        return dict(self.child.get(obj).fields)


def raised(error):
    """A StudentRaised as the answer shown in a report."""
    where = ""
    if getattr(error, "where", None):
        file, line, text = error.where[-1]
        where = f" at {os.path.basename(str(file))}:{line} ({text})"
    return f"raised {error.name}: {error}{where}"


def attempt(what, inputs, expected, function, *args, **kwargs):
    """``function(*args, **kwargs)``; what the student's code raised becomes a Mismatch naming
    ``what``, with the inputs and the reference's answer."""
    try:
        return function(*args, **kwargs)
    except StudentRaised as e:
        raise Mismatch(f"{what} raised {e.name}", inputs, raised(e), expected) from None


# ---- checking one file -----------------------------------------------------------------------

@dataclass
class FileReport:
    """The verdict on one file (VERDICTS), with the outcomes of its properties
    (``conform.PropertyResult``), the statements that raised while it loaded, the reason of an
    error or of an interface not recognised, and the end of what it printed."""
    problem: Problem
    path: str
    file: str                     # the path relative to the graded directory
    verdict: str = "error"
    reason: str = ""
    outcomes: list = field(default_factory=list)
    import_problems: list = field(default_factory=list)
    printed: str = ""
    seconds: float = 0.0

    def failures(self):
        return [o for o in self.outcomes if o.status != "passed"]

    def as_dict(self):
        return {"problem": self.problem.name, "assignment": self.problem.assignment, "title": self.problem.title,
                "file": self.file, "verdict": self.verdict, "reason": self.reason or None,
                "failures": [_failure(o) for o in self.failures()],
                "properties": [{"property": o.name, "catalog_id": o.catalog_id, "status": o.status,
                                "seconds": round(o.seconds, 3)} for o in self.outcomes],
                "import_problems": self.import_problems, "seconds": round(self.seconds, 3),
                "output": self.printed if self.verdict != "conforms" else ""}


def _failure(o):
    return {"property": o.name, "catalog_id": o.catalog_id, "doc": o.doc, "status": o.status, "message": o.message,
            "data": normal(o.inputs), "student": normal(o.target), "reference": normal(o.reference)}


def _child_for(problem, path, limits, stand_ins):
    """The child process of ``path``: its folder first on the path, then the stand-ins of the
    helper modules the folder lacks, then the folders above it (``from src.util import …``), then
    the grader's own path (numpy and the rest, as the grader has them)."""
    folder = os.path.dirname(os.path.abspath(path))
    above = [os.path.dirname(folder), os.path.dirname(os.path.dirname(folder))]
    child = Child({}, limits, old_numpy_names=True, argv0=os.path.basename(path), cpu=int(limits.timeout * 2 + 30))
    shims = os.path.join(child.home, "stand-ins")
    os.makedirs(shims)
    for module in problem.support:
        if not os.path.isfile(os.path.join(folder, module + ".py")):
            with open(os.path.join(shims, module + ".py"), "w", encoding="utf-8") as f:
                f.write(stand_ins[module])
    child.path = [folder, shims, *above, *[p for p in _grader_path() if p not in (folder, *above)]]
    child.load = {"path": os.path.abspath(path), "package": "_cs229_student", "package_path": [folder, shims],
                  "name": problem.name}
    return child


def check_file(problem, path, directory, stand_ins, examples=EXAMPLES, seed=None, limits=Limits(TIMEOUT),
               progress=None, ctrl_c=None):
    """The FileReport of one file: load it in a child process, recognise the interface, run the
    problem's properties (``limits.timeout`` seconds of the student's code for the whole file,
    shared among the properties still to run)."""
    from .conform import run_property  # conform imports this module for its command line

    report = FileReport(problem, path, os.path.relpath(path, directory))
    start = time.monotonic()
    child = _child_for(problem, path, limits, stand_ins)
    try:
        try:
            info = child.start()
        except StudentBroke as e:
            report.verdict, report.reason = "error", f"while loading: {e}"
            return report
        report.import_problems = info["problems"]
        if info["fatal"]:
            p = info["problems"][0]
            report.verdict, report.reason = "error", f"line {p['line']}: {p['type']}: {p['message']}"
            return report
        reason = problem.recognise(info)
        if reason is not None:
            if isinstance(reason, Missing) and info["problems"]:
                p = info["problems"][0]
                report.verdict = "error"
                report.reason = (f"{reason}: a statement raised while the file loaded (line {p['line']}: "
                                 f"{p['type']}: {p['message']})")
            else:
                report.verdict, report.reason = "interface not recognised", str(reason)
            return report
        student = Student(child, info, problem)
        for i, prop in enumerate(problem.properties):
            # the seconds of the student's code left, shared among the properties still to run: an
            # endless loop in one leaves the others their share
            share = max(limits.timeout - child.total, 0.0) / (len(problem.properties) - i)
            with child.budget(share):
                outcome = run_property(prop, student, Options(), examples, seed, shrink_seconds=SHRINK_SECONDS)
            if ctrl_c is not None:
                ctrl_c.stop_if_asked()
            report.outcomes.append(outcome)
            if progress:
                progress(report, outcome)
        statuses = {o.status for o in report.outcomes}
        report.verdict = ("error" if "error" in statuses else "does not conform" if "failed" in statuses
                          else "conforms")
        if report.verdict == "error":
            report.reason = next(o.message for o in report.outcomes if o.status == "error")
        return report
    finally:
        report.printed = child.printed()[-2000:]
        report.seconds = time.monotonic() - start
        child.close()


@dataclass
class CourseReport:
    course: str
    directory: str
    options: dict
    files: list = field(default_factory=list)     # FileReport per file found, in problem order
    problems: list = field(default_factory=list)  # the course's Problems
    interrupted: bool = False
    pending: list = field(default_factory=list)   # (problem, path) found but not checked (Ctrl-C)

    def counts(self):
        return {v: sum(f.verdict == v for f in self.files) for v in VERDICTS}

    @property
    def nothing_checked(self):
        return not any(f.verdict in ("conforms", "does not conform", "error") for f in self.files)

    @property
    def verdict(self):
        c = self.counts()
        if self.interrupted:
            return "interrupted"
        if self.nothing_checked:
            return "nothing to check"
        return "conforms" if not c["does not conform"] and not c["error"] else "does not conform"

    def exit_status(self):
        if self.interrupted:
            return INTERRUPTED
        if self.nothing_checked:
            return NOTHING_TO_CHECK
        return 0 if self.verdict == "conforms" else 1

    def as_dict(self):
        return {"course": self.course, "directory": self.directory, "options": self.options,
                "verdict": self.verdict, "interrupted": self.interrupted, "counts": self.counts(),
                "problems": [f.as_dict() for f in self.files],
                "not_checked": [os.path.relpath(path, self.directory) for _, path in self.pending],
                "not_found": [p.name for p in self.not_found()]}

    def not_found(self):
        found = {f.problem.name for f in self.files} | {p.name for p, _ in self.pending}
        return [p for p in self.problems if p.name not in found]


def grade(course, directory, examples=EXAMPLES, seed=None, limits=Limits(TIMEOUT), progress=None):
    """The CourseReport of every problem file found under ``directory``; Ctrl-C stops it with
    the files done (``interrupted``)."""
    module = course_module(course)
    report = CourseReport(course, directory, {"examples": examples, "seed": seed, "timeout": limits.timeout,
                                              "memory": limits.memory}, problems=list(module.PROBLEMS))
    report.pending = find_files(directory, module.PROBLEMS)
    try:
        with CtrlC() as ctrl_c:
            while report.pending:
                problem, path = report.pending[0]
                report.files.append(check_file(problem, path, directory, module.STAND_INS, examples, seed, limits,
                                               progress, ctrl_c))
                report.pending.pop(0)
                ctrl_c.stop_if_asked()
    except KeyboardInterrupt:
        report.interrupted = True
    return report


# ---- output ------------------------------------------------------------------------------------

def _show(value, limit=1500):
    text = value if isinstance(value, str) else repr(normal(value))
    return text if len(text) <= limit else text[:limit] + " ..."


def failure_lines(o, indent="    "):
    lines = [f"{indent}{o.status.upper()} {o.name} [{o.catalog_id}]: {o.doc}", f"{indent}  {o.message}"]
    if o.status == "failed" and o.inputs is not None:
        lines.append(f"{indent}  data:      {_show(o.inputs)}")
    if o.status == "failed" and (o.target is not None or o.reference is not None):
        lines += [f"{indent}  student:   {_show(o.target)}", f"{indent}  reference: {_show(o.reference)}"]
    return lines


def file_lines(f):
    passed = sum(o.status == "passed" for o in f.outcomes)
    head = f"{f.problem.assignment} {f.problem.name:<14} {f.file}"
    lines = [f"{head}  {f.verdict.upper()}"
             + (f" ({passed}/{len(f.outcomes)} properties)" if f.outcomes else "")]
    if f.reason:
        lines.append(f"    {f.reason}")
    for p in f.import_problems:
        lines.append(f"    note: line {p['line']} raised {p['type']} while loading: {p['message']} "
                     f"({p['statement']}); the rest of the file ran")
    for o in f.failures():
        lines += failure_lines(o)
    return lines


def text(report):
    o = report.options
    lines = [f"cs229 conform --course {report.course} {report.directory} ({o['examples']} examples per property, "
             f"{o['timeout']:g} s per file{'' if o['seed'] is None else ', seed ' + str(o['seed'])})"]
    for f in report.files:
        lines += file_lines(f)
    missing = report.not_found()
    if missing:
        lines.append(f"not found: {', '.join(p.file for p in missing)}")
    if report.interrupted:
        lines.append("Interrupted: the files above were checked"
                     + (f"; not checked: {', '.join(os.path.relpath(p, report.directory) for _, p in report.pending)}"
                        if report.pending else "") + ".")
    c = report.counts()
    lines.append(f"{len(report.files)} files: " + ", ".join(f"{c[v]} {v}" for v in VERDICTS if c[v])
                 + f" — {report.verdict.upper()}" if report.files else f"no file of {report.course} found — "
                 f"{report.verdict.upper()}")
    return "\n".join(lines)


def junit(report):
    """One testcase per property of each file (classname = assignment.problem, name = property
    [ID] (file)), one per file that could not be checked; everything escaped."""
    cases, failures, errors = [], 0, 0
    for f in report.files:
        classname = xml_attribute(f"{f.problem.assignment}.{f.problem.name}")
        if not f.outcomes:
            tag = "skipped" if f.verdict == "interface not recognised" else "error"
            errors += tag == "error"
            cases.append(f'  <testcase classname={classname} name={xml_attribute(f"load ({f.file})")} time="0">'
                         f'<{tag} message={xml_attribute(f.reason)}/></testcase>')
            continue
        for o in f.outcomes:
            body = ""
            if o.status != "passed":
                tag = "failure" if o.status == "failed" else "error"
                failures += tag == "failure"
                errors += tag == "error"
                body = (f"<{tag} message={xml_attribute(f'[{o.catalog_id}] {o.message}')}>"
                        f"{xml_text(chr(10).join(failure_lines(o, '')))}</{tag}>")
            cases.append(f'  <testcase classname={classname} name={xml_attribute(f"{o.name}[{o.catalog_id}] ({f.file})")}'
                         f' time="{o.seconds:.3f}">{body}</testcase>')
    total = sum(f.seconds for f in report.files)
    return (f'<?xml version="1.0" encoding="utf-8"?>\n<testsuite name={xml_attribute(f"cs229 conform --course {report.course}")} '
            f'tests="{len(cases)}" failures="{failures}" errors="{errors}" time="{total:.3f}">\n'
            + "\n".join(cases) + "\n</testsuite>\n")


# ---- the command -------------------------------------------------------------------------------

def run(args):
    """``cs229 conform --course NAME DIR`` (``conform.run`` hands it over)."""
    from . import gradescope

    module = course_module(args.course)
    output_file("--gradescope", args.gradescope)
    weights = gradescope.read_weights(args.weights, module.PROBLEMS) if args.weights else None
    stream = progress_stream(args.quiet)
    done = []

    def progress(f, outcome):
        done.append(outcome)
        stream.write(progress_line(f"[{len(done)}]", f"{f.file}: {outcome.name} [{outcome.catalog_id}]",
                                   f" ... {outcome.status} ({outcome.seconds:.1f} s)", stream_width(stream)) + "\n")
        stream.flush()

    limits = Limits(args.timeout or TIMEOUT, args.memory)
    report = grade(args.course, args.target, args.examples or EXAMPLES, args.seed, limits,
                   progress if stream else None)
    problems = []
    for option, path, render in (("--junitxml", args.junitxml, lambda: junit(report)),
                                 ("--gradescope", args.gradescope,
                                  lambda: gradescope.results_json(report, weights))):
        if path:
            try:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(render())
            except OSError as e:  # checked before the run: a disk that filled, a directory removed
                problems.append(f"{option}: cannot write {path}: {e.strerror or e}")
    emit(strict_json(report.as_dict(), indent=1) if args.json else visible(text(report)))
    if problems:
        raise OutputError("; ".join(problems))
    return report.exit_status()
