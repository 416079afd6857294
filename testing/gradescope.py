"""``--gradescope results.json``: a course report in the Gradescope autograder format.

One test per problem of the course (name, score, max_score, output, visibility), the points from
a small TOML file the course gives (``--weights``)::

    [points]            # the points of each problem (its file name without .py); left out: 0
    p01b_logreg = 10
    p01e_gda = 10

    [gradescope]        # optional
    visibility = "after_due_date"   # of each test: visible (default), hidden, after_due_date, after_published
    partial_credit = true           # the points times the share of properties passed (default false:
                                    # all or nothing)

Without ``--weights`` every problem is worth 1 point, all or nothing. A problem gets its points
when its file conforms; one that does not conform gets the share of its properties passed with
``partial_credit``, else 0; a file not found, of another edition or that could not be checked
gets 0, with the reason in the test's output. When a repository holds several copies of a
problem's file, the one in a folder named ``src`` nearest the top is graded and the others are
named in the output.
"""
import os

from cs229._exits import UsageError

from .reports import strict_json, visible

__all__ = ["read_weights", "Weights", "results_json", "VISIBILITIES"]

VISIBILITIES = ("visible", "hidden", "after_due_date", "after_published")


class Weights:
    def __init__(self, points, visibility="visible", partial_credit=False):
        self.points, self.visibility, self.partial_credit = points, visibility, partial_credit


def _toml():
    try:
        import tomllib
        return tomllib
    except ImportError:  # Python 3.10
        try:
            import tomli
            return tomli
        except ImportError:
            raise UsageError("--weights reads TOML: Python 3.11 or later, or the tomli package") from None


def read_weights(path, problems):
    """The Weights of the TOML file at ``path`` for the course's ``problems``; UsageError naming
    the file and the problem (a key that is not a problem, a negative or non-numeric point)."""
    toml = _toml()
    names = [p.name for p in problems]
    try:
        with open(path, "rb") as f:
            data = toml.load(f)
    except OSError as e:
        raise UsageError(f"--weights: cannot read {path}: {e.strerror or e}") from None
    except toml.TOMLDecodeError as e:
        raise UsageError(f"--weights: {path} is not TOML: {e}") from None
    unknown = set(data) - {"points", "gradescope"}
    if unknown:
        raise UsageError(f"--weights: {path} has the table(s) {', '.join(sorted(unknown))}; the tables are "
                         "[points] and [gradescope]")
    points = data.get("points", {})
    if not isinstance(points, dict) or not points:
        raise UsageError(f"--weights: {path} needs a [points] table: problem = points, the problems being "
                         f"{', '.join(names)}")
    for name, value in points.items():
        if name not in names:
            raise UsageError(f"--weights: {path}: no problem {name!r} in this course; the problems are "
                             f"{', '.join(names)}")
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0 or value != value:
            raise UsageError(f"--weights: {path}: the points of {name} must be a number >= 0, got {value!r}")
    options = data.get("gradescope", {})
    extra = set(options) - {"visibility", "partial_credit"}
    if extra:
        raise UsageError(f"--weights: {path}: [gradescope] has {', '.join(sorted(extra))}; its keys are "
                         "visibility and partial_credit")
    visibility = options.get("visibility", "visible")
    if visibility not in VISIBILITIES:
        raise UsageError(f"--weights: {path}: visibility must be one of {', '.join(VISIBILITIES)}, got {visibility!r}")
    partial = options.get("partial_credit", False)
    if not isinstance(partial, bool):
        raise UsageError(f"--weights: {path}: partial_credit must be true or false, got {partial!r}")
    return Weights({n: float(points.get(n, 0)) for n in names}, visibility, partial)


def _graded(files):
    """The copy graded: in a folder named src, nearest the top, then in path order."""
    def key(f):
        parts = f.file.replace("\\", "/").split("/")
        return ("src" not in [p.lower() for p in parts[:-1]], len(parts), f.file)
    return sorted(files, key=key)


def _score(f, points, weights):
    if f.verdict == "conforms":
        return points
    if f.verdict == "does not conform" and weights.partial_credit and f.outcomes:
        return points * sum(o.status == "passed" for o in f.outcomes) / len(f.outcomes)
    return 0.0


def results_json(report, weights=None):
    """The Gradescope results.json of a course report (``course.CourseReport``)."""
    from .course import file_lines

    weights = weights or Weights({p.name: 1.0 for p in report.problems})
    tests = []
    for problem in report.problems:
        points = weights.points.get(problem.name, 0.0)
        if not points:
            continue
        files = _graded([f for f in report.files if f.problem is problem])
        name = f"{problem.assignment} {problem.name}: {problem.title}"
        if not files:
            tests.append({"name": name, "score": 0.0, "max_score": points, "visibility": weights.visibility,
                          "output": f"no file {problem.file} was found in the submission"})
            continue
        chosen = files[0]
        output = "\n".join(file_lines(chosen))
        if len(files) > 1:
            output += "\nother copies, not graded: " + ", ".join(f.file for f in files[1:])
        if chosen.printed and chosen.verdict != "conforms":
            output += "\nwhat the code printed last:\n" + chosen.printed[-1000:]
        tests.append({"name": name, "score": round(_score(chosen, points, weights), 6), "max_score": points,
                      "visibility": weights.visibility, "output": visible(output)})
    counts = report.counts()
    summary = (f"cs229 conform --course {report.course}: "
               + ", ".join(f"{n} {v}" for v, n in counts.items() if n) if report.files else
               f"cs229 conform --course {report.course}: no problem file found in the submission")
    if report.interrupted:
        summary += " (interrupted: the remaining files were not checked)"
    return strict_json({"score": round(sum(t["score"] for t in tests), 6), "output": summary,
                        "visibility": weights.visibility, "stdout_visibility": "hidden", "tests": tests},
                       indent=1) + os.linesep
