"""``cs229 conform TARGET``: check an implementation of one topic of the notes against the reference.

TARGET is an importable module (``cs229.fast.smo``, ``mypackage.logreg``) or a path to a .py
file defining any subset of the public functions of one ``cs229.reference`` module (the topic,
found from the names or given with ``--topic``) with the same signatures. For every function the
target defines, the properties of ``cs229.testing.properties`` run; a failure shows Hypothesis's
shrunk counterexample: the inputs, the target's answer, the reference's answer and the catalog
ID of the formula it breaks. The target runs in a child process (``cs229.testing.sandbox``): a
time limit per property, a memory cap, and nothing it does reaches the grader's reference or
verdict. Exit status 0 only when every property passes; 1 when one fails or a signature
differs; 2 when the target cannot be loaded or has no topic; 5 when nothing was checked (the
target defines no function of the topic that has properties); 130 when Ctrl-C stops the run,
after the report of the properties done.

``cs229 conform --course cs229-2018 DIR`` grades a student's repository of the course's problem
sets instead (``cs229.testing.course``).
"""
import importlib
import importlib.util
import inspect
import os
import sys
import time
from dataclasses import dataclass, field, replace

from hypothesis import HealthCheck, Verbosity, seed as hypothesis_seed, settings

from cs229._exits import (EXAMPLES, INTERRUPTED, SEED, CtrlC, OutputError, UsageError, emit, integer_in,
                          nonempty, output_file, progress_stream, real_in)
from cs229._text import count, progress_line, stream_width

from .properties import CONTRACT_RTOL, TOPICS, Mismatch, Options, normal, properties
from .reports import strict_json, visible, xml_attribute, xml_text
from .sandbox import Limits, LoadError, StudentBroke, isolated_module

__all__ = ["ConformError", "load_target", "defined_names", "infer_topic", "signature_errors",
           "run_property", "PropertyResult", "conform", "Report", "add_parser", "run", "NOTHING_TO_CHECK",
           "bounded_shrinking", "ShrinkingDone"]

# pytest's exit status when it collected no test: a run in which nothing was checked
NOTHING_TO_CHECK = 5


class ConformError(Exception):
    """The target cannot be checked (not importable, no topic, a topic without properties)."""


def load_target(target):
    """The module named by ``target``, a path to a .py file or an importable module name,
    imported in this process: for code the caller trusts (``cs229 conform`` and the plugin run
    targets in a child process, ``isolated_target``)."""
    if target.endswith(".py") or os.sep in target or os.path.exists(target):
        path = os.path.abspath(target)
        if not os.path.isfile(path):
            raise ConformError(f"TARGET: no file {target}")
        name = "_cs229_conform_" + os.path.splitext(os.path.basename(path))[0]
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except Exception as e:
            raise ConformError(f"TARGET: {target} raised {type(e).__name__} on import: {e}") from None
        return module
    try:
        return importlib.import_module(target)
    except ImportError as e:
        raise ConformError(f"TARGET: cannot import {target}: {e}") from None


def isolated_target(target, limits=Limits()):
    """(child, module) for ``target`` loaded in a child process (``cs229.testing.sandbox``); the
    module's attributes call into the child. The caller closes the child."""
    try:
        return isolated_module(target, limits)
    except LoadError as e:
        raise ConformError(f"TARGET: {e}") from None


def _reference(topic):
    return importlib.import_module(f"cs229.reference.{topic}")


def _public_functions(reference):
    return [n for n in reference.__all__
            if callable(getattr(reference, n)) and not inspect.isclass(getattr(reference, n))]


def defined_names(target, topic):
    """The public functions of cs229.reference.<topic> that the target defines, in its order."""
    return [n for n in _public_functions(_reference(topic)) if callable(getattr(target, n, None))]


def infer_topic(target):
    """The reference module whose public functions the target shares most (its own name first:
    cs229.fast.smo is smo)."""
    import pkgutil

    import cs229.reference
    modules = [m.name for m in pkgutil.iter_modules(cs229.reference.__path__) if not m.name.startswith("_")]
    last = target.__name__.rsplit(".", 1)[-1]
    if last in modules and defined_names(target, last):
        return last
    scores = {}
    for m in modules:
        try:
            scores[m] = len(defined_names(target, m))
        except (ImportError, AttributeError):
            continue
    best = max(scores.values(), default=0)
    if best == 0:
        raise ConformError(f"TARGET: {target.__name__} defines no public function of a cs229.reference "
                           "module; name the topic with --topic")
    tied = sorted(m for m, s in scores.items() if s == best)
    if len(tied) > 1:
        raise ConformError(f"TARGET: its functions fit {', '.join(tied)} equally; name the topic with --topic")
    return tied[0]


def _same_default(a, b):
    try:
        return bool(a == b)
    except Exception:  # a default whose == is not a truth value (an array)
        return a is b


# keyword parameters of the reference beyond the notes (catalog X rows), which a target written
# from the notes need not have
EXTENSIONS = frozenset({"lam", "penalize_intercept", "offset", "exposure", "sample_weight"})


def signature_errors(target, topic, names):
    """{name: message} for each function whose parameters (names, kinds, order, defaults) are not
    the reference's. The target may stop before the reference's last parameters where those
    have defaults and are the catalog's extensions beyond the notes (``lam`` and
    ``penalize_intercept`` of X-1, ``offset`` and ``exposure`` of X-5, ``sample_weight`` of
    X-2): the properties never pass them."""
    reference = _reference(topic)
    errors = {}
    for n in names:
        try:
            mine = inspect.signature(getattr(target, n))
        except (TypeError, ValueError):
            continue  # no introspectable signature (a builtin): the calls will tell
        theirs = inspect.signature(getattr(reference, n))
        a, b = list(mine.parameters.values()), list(theirs.parameters.values())
        extensions = b[len(a):]
        if extensions and all(q.name in EXTENSIONS and q.default is not q.empty for q in extensions):
            b = b[:len(a)]
        if ([(p.name, p.kind) for p in a] != [(p.name, p.kind) for p in b]
                or not all(_same_default(p.default, q.default) for p, q in zip(a, b))):
            errors[n] = f"{n}{mine} is not the reference's {n}{theirs}"
    return errors


@dataclass
class PropertyResult:
    """One property run on the target: its status ('passed', 'failed' or 'error'), the time, and
    for a failure Hypothesis's shrunk counterexample (the inputs, the target's answer, the
    reference's). Not the audit's ``proofs.registry.Outcome``, the verdict of a proof check on
    the notes (method, worst residual, errata): this one judges a second implementation."""

    id: str
    function: str
    catalog_id: str
    name: str
    doc: str
    kind: str
    status: str                 # passed, failed, error
    seconds: float
    message: str = ""
    inputs: object = None
    target: object = None
    reference: object = None

    def as_dict(self):
        return {k: normal(v) if k in ("inputs", "target", "reference") else v
                for k, v in self.__dict__.items()}


class ShrinkingDone(BaseException):
    """The time given to shrinking a failure is over (a BaseException: Hypothesis lets it through)."""


def bounded_shrinking(prop, seconds):
    """``prop`` whose check stops Hypothesis ``seconds`` after its first failure; ``state``
    keeps the last Mismatch raised, the smallest failing case found so far."""
    state = {"first": None, "last": None}

    def check(target, case, options):
        if state["first"] is not None and time.monotonic() - state["first"] > seconds:
            raise ShrinkingDone
        try:
            prop.check(target, case, options)
        except Mismatch as e:
            if state["first"] is None:
                state["first"] = time.monotonic()
            state["last"] = e
            raise
    return replace(prop, check=check), state


def run_property(prop, target, options=Options(), examples=40, seed=None, shrink_seconds=None):
    """Run one property on the target with Hypothesis (derandomized unless a seed is given);
    the ``PropertyResult`` holds the shrunk counterexample of a failure (shrunk for at most
    ``shrink_seconds`` when given: then the smallest failing case found by then)."""
    config = settings(max_examples=examples, deadline=None, database=None, derandomize=seed is None,
                      verbosity=Verbosity.quiet, report_multiple_bugs=False, print_blob=False,
                      suppress_health_check=list(HealthCheck))
    state = None
    if shrink_seconds is not None:
        prop, state = bounded_shrinking(prop, shrink_seconds)
    test = config(prop.test(target, options))
    if seed is not None:
        test = hypothesis_seed(seed)(test)
    start = time.perf_counter()
    base = dict(id=prop.id, function=prop.function, catalog_id=prop.catalog_id, name=prop.name, doc=prop.doc,
                kind=prop.kind)
    try:
        test()
    except Mismatch as e:
        return PropertyResult(**base, status="failed", seconds=time.perf_counter() - start, message=e.message,
                       inputs=e.inputs, target=e.got, reference=e.expected)
    except ShrinkingDone:
        e = state["last"]
        return PropertyResult(**base, status="failed", seconds=time.perf_counter() - start,
                              message=e.message + f" (the data shrunk for {shrink_seconds:g} s)", inputs=e.inputs,
                              target=e.got, reference=e.expected)
    except StudentBroke as e:  # a timeout, an ended process, an argument changed in place
        inputs = None
        if e.call is not None:
            inputs = {"call": e.call[0], "args": list(e.call[1]), **({"kwargs": e.call[2]} if e.call[2] else {})}
        return PropertyResult(**base, status="failed", seconds=time.perf_counter() - start, message=e.message,
                              inputs=inputs)
    except Exception as e:  # Hypothesis could not draw, or the property itself broke
        return PropertyResult(**base, status="error", seconds=time.perf_counter() - start,
                       message=f"{type(e).__name__}: {e}")
    return PropertyResult(**base, status="passed", seconds=time.perf_counter() - start)


@dataclass
class Report:
    target: str
    topic: str
    options: dict
    outcomes: list = field(default_factory=list)  # a PropertyResult per property run
    signature_errors: dict = field(default_factory=dict)
    not_defined: list = field(default_factory=list)
    no_property: list = field(default_factory=list)
    interrupted: bool = False   # Ctrl-C stopped the run: ``outcomes`` are the properties done
    import_problems: list = field(default_factory=list)  # statements that raised while the target loaded

    @property
    def nothing_checked(self):
        """No property ran and no signature was wrong: the target offered nothing to check."""
        return not self.outcomes and not self.signature_errors and not self.interrupted

    @property
    def ok(self):
        return (not self.signature_errors and not self.interrupted and not self.nothing_checked
                and all(o.status == "passed" for o in self.outcomes))

    @property
    def verdict(self):
        if self.interrupted and self.ok_so_far:
            return "interrupted"
        if self.nothing_checked:
            return "nothing to check"
        return "conforms" if self.ok else "does not conform"

    @property
    def ok_so_far(self):
        return not self.signature_errors and all(o.status == "passed" for o in self.outcomes)

    def functions(self):
        order = []
        for o in self.outcomes:
            if o.function not in order:
                order.append(o.function)
        return order

    def as_dict(self):
        per = []
        for f in self.functions():
            mine = [o for o in self.outcomes if o.function == f]
            per.append({"function": f, "run": len(mine), "passed": sum(o.status == "passed" for o in mine),
                        "failed": sum(o.status != "passed" for o in mine),
                        "properties": [o.as_dict() for o in mine]})
        return {"target": self.target, "topic": self.topic, "options": self.options, "ok": self.ok,
                "verdict": self.verdict, "interrupted": self.interrupted, "functions": per,
                "signature_errors": self.signature_errors, "not_checked": self.not_defined,
                "defined_without_property": self.no_property, "import_problems": self.import_problems}


def conform(target, topic=None, examples=40, seed=None, rtol=CONTRACT_RTOL, loose=False, progress=None,
            limits=Limits()):
    """Check ``target`` and return the Report; Ctrl-C stops the run and the Report holds the
    properties done (``interrupted`` is then True).

    A module name or a .py path is loaded and run in a child process (``cs229.testing.sandbox``):
    ``limits.timeout`` seconds of its code per property, ``limits.memory`` MiB. A module object
    is the caller's own code and runs in this process."""
    if not isinstance(target, str):
        return _conform(target, target.__name__, topic, examples, seed, rtol, loose, progress, None)
    child, module = isolated_target(target, limits)
    try:
        report = _conform(module, target, topic, examples, seed, rtol, loose, progress, child)
        report.import_problems = module.import_problems
        return report
    finally:
        child.close()


def _conform(module, name, topic, examples, seed, rtol, loose, progress, child):
    topic = topic or infer_topic(module)
    if topic not in TOPICS:
        raise ConformError(f"--topic: no properties for {topic!r} yet; the topics checked are {', '.join(TOPICS)}")
    names = defined_names(module, topic)
    report = Report(name, topic, {"examples": examples, "seed": seed, "rtol": rtol, "loose": loose})
    report.signature_errors = signature_errors(module, topic, names)
    props = properties(topic)
    checked = {p.function for p in props}
    report.not_defined = [n for n in _public_functions(_reference(topic)) if n in checked and n not in names]
    report.no_property = [n for n in names if n not in checked]
    options = Options(rtol=rtol, loose=loose)
    try:
        with CtrlC() as ctrl_c:
            for p in props:
                if p.function not in names or p.function in report.signature_errors:
                    continue
                if child is None:
                    outcome = run_property(p, module, options, examples, seed)
                else:
                    with child.budget():
                        outcome = run_property(p, module, options, examples, seed)
                # a property the signal cut short may have recorded the interruption as its
                # failure: it is no outcome
                ctrl_c.stop_if_asked()
                if progress:
                    progress(outcome)
                report.outcomes.append(outcome)
    except KeyboardInterrupt:
        report.interrupted = True
    return report


# ---- output ------------------------------------------------------------------------------------

def _show(value, limit=2000):
    text = repr(normal(value)) if not isinstance(value, str) else value
    return text if len(text) <= limit else text[:limit] + " ..."


def text(report):
    o = report.options
    seed = "" if o["seed"] is None else f", seed {o['seed']}"
    lines = [f"cs229 conform {report.target} (topic {report.topic}; {o['examples']} examples per property, "
             f"rtol {o['rtol']:g}{', loose' if o['loose'] else ''}{seed})"]
    for name, message in report.signature_errors.items():
        lines.append(f"  {name:<28} SIGNATURE: {message}")
    width = max([len(f) for f in report.functions()] + [28])
    for f in report.functions():
        mine = [x for x in report.outcomes if x.function == f]
        bad = [x for x in mine if x.status != "passed"]
        lines.append(f"  {f:<{width}} {len(mine)} run, {len(mine) - len(bad)} passed, {len(bad)} failed")
        for x in bad:
            lines.append(f"    {x.status.upper()} {x.name} [{x.catalog_id}]: {x.doc}")
            lines.append(f"      {x.message}")
            if x.status == "failed":
                lines += [f"      inputs:    {_show(x.inputs)}", f"      target:    {_show(x.target)}",
                          f"      {'reference' if x.kind == 'differential' else 'expected '}: {_show(x.reference)}"]
    if report.not_defined:
        lines.append(f"  not checked (not defined by the target): {', '.join(report.not_defined)}")
    if report.no_property:
        lines.append(f"  defined, no property yet: {', '.join(report.no_property)}")
    for p in report.import_problems:
        lines.append(f"  on import, line {p['line']} raised {p['type']}: {p['message']} ({p['statement']})")
    run_, failed = len(report.outcomes), sum(x.status != "passed" for x in report.outcomes)
    mismatches = len(report.signature_errors)
    if report.interrupted:
        lines.append("Interrupted: the properties above ran, the others did not.")
    verdict = f" — {report.verdict.upper()}"
    lines.append(f"{count(run_, 'property', 'properties')} run on {count(len(report.functions()), 'function')}: "
                 f"{run_ - failed} passed, {failed} failed"
                 + (f"; {count(mismatches, 'signature mismatch', 'signature mismatches')}" if mismatches else "")
                 + verdict)
    return "\n".join(lines)


def junit(report):
    """The report as JUnit XML: one testcase per property (classname = topic.function) and per
    signature mismatch; whatever the target printed or answered is escaped (``reports``)."""
    cases = []
    for x in report.outcomes:
        body = ""
        if x.status != "passed":
            detail = (f"{x.message}\ninputs: {_show(x.inputs)}\ntarget: {_show(x.target)}\n"
                      f"reference: {_show(x.reference)}" if x.status == "failed" else x.message)
            tag = "failure" if x.status == "failed" else "error"
            body = f"<{tag} message={xml_attribute(f'[{x.catalog_id}] {x.message}')}>{xml_text(detail)}</{tag}>"
        cases.append(f'  <testcase classname={xml_attribute(f"{report.topic}.{x.function}")} '
                     f'name={xml_attribute(f"{x.name}[{x.catalog_id}]")} time="{x.seconds:.3f}">{body}</testcase>')
    for name, message in report.signature_errors.items():
        cases.append(f'  <testcase classname={xml_attribute(f"{report.topic}.{name}")} name="signature">'
                     f'<failure message={xml_attribute(message)}/></testcase>')
    failures = sum(x.status == "failed" for x in report.outcomes) + len(report.signature_errors)
    errors = sum(x.status == "error" for x in report.outcomes)
    total = sum(x.seconds for x in report.outcomes)
    return (f'<?xml version="1.0" encoding="utf-8"?>\n<testsuite name={xml_attribute("cs229 conform " + report.target)} '
            f'tests="{len(cases)}" failures="{failures}" errors="{errors}" time="{total:.3f}">\n'
            + "\n".join(cases) + "\n</testsuite>\n")


# ---- the command -------------------------------------------------------------------------------

def add_parser(sub):
    from . import course  # which imports this module's run_property
    c = sub.add_parser("conform", help="check your own implementation of a topic, or a course's problem sets, "
                                       "against the reference",
                       description="Run the properties that tie an implementation to cs229.reference "
                                   "on every function TARGET defines, or with --course the properties of "
                                   "each problem set file found in the directory TARGET. The code under test "
                                   "runs in a child process. Exit status 0 only if all pass; 5 if nothing "
                                   "was checked.")
    c.add_argument("target", metavar="TARGET", type=nonempty("a module name, a .py file or a directory"),
                   help="an importable module or a path to a .py file; with --course, a student's directory")
    c.add_argument("--course", choices=course.COURSES,
                   help="grade the course's problem sets found under the directory TARGET "
                        "(cs229-2018: the Autumn 2018 PS1 and PS2)")
    c.add_argument("--topic", choices=TOPICS, help="the cs229.reference module TARGET implements "
                                                   "(default: found from its names)")
    c.add_argument("--examples", type=EXAMPLES, default=None,
                   help=f"examples drawn per property, 1 to 1000 (default 40; {course.EXAMPLES} with --course)")
    c.add_argument("--seed", type=SEED, default=None, help="Hypothesis seed, 0 to 2³²−1 (default: derandomized)")
    c.add_argument("--json", action="store_true", help="machine-readable report on stdout")
    c.add_argument("--junitxml", metavar="FILE", help="also write the report as JUnit XML")
    c.add_argument("--gradescope", metavar="FILE",
                   help="with --course: also write FILE in the Gradescope autograder format (results.json)")
    c.add_argument("--weights", metavar="TOML",
                   help="with --gradescope: the points of each problem and the visibility (the format: README)")
    c.add_argument("--timeout", type=real_in(0.5, 86400), default=None,
                   help="seconds the code under test may run: per property (default 60), per problem file "
                        f"with --course (default {course.TIMEOUT:g})")
    c.add_argument("--memory", type=integer_in(0, 1 << 20), default=2048,
                   help="the memory cap of the code under test in MiB, 0 for none (default 2048)")
    c.add_argument("--rtol", type=real_in(0, 1), default=CONTRACT_RTOL,
                   help=f"relative tolerance of closed forms, 0 ≤ rtol < 1 (default {CONTRACT_RTOL:g}, the contract)")
    c.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    c.add_argument("--loose", action="store_true",
                   help="compare iterative algorithms by their final answer within max(rtol, 1e-8), "
                        "not iterate by iterate")
    return c


def _check_combinations(args):
    if args.course:
        for option, given in (("--topic", args.topic), ("--loose", args.loose),
                              ("--rtol", args.rtol != CONTRACT_RTOL)):
            if given:
                raise UsageError(f"{option} is for a module's topic; --course checks each problem with its "
                                 "own properties and tolerances (drop one of them)")
        if not os.path.isdir(args.target):
            raise UsageError(f"--course grades a directory: {args.target} is not one")
    else:
        for option, given in (("--gradescope", args.gradescope), ("--weights", args.weights)):
            if given is not None:
                raise UsageError(f"{option} grades a course's problem sets: give --course")
    if args.weights is not None and args.gradescope is None:
        raise UsageError("--weights gives the points of --gradescope's results: give --gradescope FILE")


def run(args):
    """The subcommand (``cs229.cli`` runs it through ``cs229._exits.run``): 0 when the target
    conforms, 1 when it does not, 2 when it cannot be checked, 5 when nothing was checked, 130
    when interrupted (after the report of the properties done)."""
    _check_combinations(args)
    output_file("--junitxml", args.junitxml)
    if args.course:
        from . import course
        return course.run(args)
    stream = progress_stream(args.quiet)
    done = []

    def progress(outcome):  # one line per property on stderr, as the audit's per check
        done.append(outcome)
        stream.write(progress_line(f"[{len(done)}]", f"{outcome.function}: {outcome.name} [{outcome.catalog_id}]",
                                   f" ... {outcome.status} ({outcome.seconds:.1f} s)", stream_width(stream)) + "\n")
        stream.flush()

    limits = Limits(timeout=args.timeout or 60.0, memory=args.memory)
    try:
        report = conform(args.target, args.topic, args.examples or 40, args.seed, args.rtol, args.loose,
                         progress if stream else None, limits)
    except ConformError as e:
        raise UsageError(str(e)) from None
    problem = None
    if args.junitxml:
        try:
            with open(args.junitxml, "w", encoding="utf-8") as f:
                f.write(junit(report))
        except OSError as e:  # checked before the run: a disk that filled, a directory removed
            problem = f"--junitxml: cannot write {args.junitxml}: {e.strerror or e}"
    emit(strict_json(report.as_dict(), indent=1) if args.json else visible(text(report)))
    if problem:
        raise OutputError(problem)
    if report.interrupted:
        return INTERRUPTED
    if report.nothing_checked:
        return NOTHING_TO_CHECK
    return 0 if report.ok else 1
