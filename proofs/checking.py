"""Tools the checks are written with.

- ``Step`` / ``chain``: a printed chain of equalities, each step proved equal to the one before
  it with sympy. A step the notes print wrongly carries its ``corrected`` form: the chain shows a
  point where the printed form differs (the counterexample), checks the corrected form instead
  and reports an ``Erratum``.
- ``draw`` / ``sampled``: Hypothesis-drawn inputs (seeded from the context) and a residual
  evaluated at high precision on each; the worst residual must stay below a tolerance.
- ``numeric_erratum``: the same for a printed statement that is only checkable numerically.
- ``combine``: one Outcome from several.
"""
import random
from fractions import Fraction

import mpmath
import sympy as sp
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed

from .registry import Erratum, Outcome

__all__ = ["Step", "chain", "symbolically_equal", "counterexample", "draw", "sampled", "exact",
           "numeric_erratum", "combine", "fmt", "damped_newton_step"]


class Step:
    """One line of a printed chain: ``expr`` as printed, the ``reason`` the notes give, and, when
    the printed line is false, the ``corrected`` expression (with ``printed``/``fixed`` texts
    for the errata list)."""

    def __init__(self, expr, reason="", corrected=None, printed=None, fixed=None, nature="slip"):
        self.expr = expr
        self.nature = nature
        self.reason = reason
        self.corrected = corrected
        self.printed = printed if printed is not None else _text(expr)
        self.fixed = fixed if fixed is not None else (_text(corrected) if corrected is not None else None)


def _text(expr):
    return sp.sstr(expr) if expr is not None else ""


def _entries(expr):
    if isinstance(expr, sp.MatrixBase):
        return list(expr)
    return [expr]


def symbolically_equal(a, b):
    """True when every entry of a − b simplifies to 0 (shapes must agree)."""
    if isinstance(a, sp.MatrixBase) != isinstance(b, sp.MatrixBase):
        return False
    if isinstance(a, sp.MatrixBase) and a.shape != b.shape:
        return False
    for x, y in zip(_entries(a), _entries(b)):
        d = sp.expand(x - y)
        if d != 0 and sp.simplify(d) != 0:
            return False
    return True


def counterexample(a, b, seed=0, tries=200):
    """A substitution of small rationals (positive, to stay in the domain of logs and roots)
    at which a and b differ, as a readable string with both values; None if none is found."""
    symbols = sorted(set().union(*[e.free_symbols for e in _entries(a) + _entries(b)]), key=str)
    rng = random.Random(seed)
    for _ in range(tries):
        point = {s: sp.Rational(rng.randint(1, 9), rng.randint(1, 4)) for s in symbols}
        try:
            va = [sp.nsimplify(sp.simplify(x.subs(point))) for x in _entries(a)]
            vb = [sp.nsimplify(sp.simplify(x.subs(point))) for x in _entries(b)]
        except (ZeroDivisionError, ValueError, TypeError):
            continue
        if any(sp.simplify(x - y) != 0 for x, y in zip(va, vb)):
            where = ", ".join(f"{s}={v}" for s, v in point.items())
            show = lambda v: str(v[0]) if len(v) == 1 else str(v)  # noqa: E731
            return f"at {where}: printed gives {show(va)}, previous step gives {show(vb)}"
    return None


def chain(steps, id, source, dimensions=""):
    """Check a printed chain: steps[k] == steps[k-1] for every k, symbolically.

    Returns an Outcome whose method is 'symbolic' (plus the concrete sizes, e.g. '(n=3)').
    A step with a corrected form is an erratum: it must fail as printed (a counterexample is
    found) and hold as corrected; the next step is compared with the corrected form.
    """
    errata = []
    previous = steps[0].expr
    failures = []
    for k, step in enumerate(steps[1:], start=1):
        if step.corrected is None:
            if not symbolically_equal(step.expr, previous):
                witness = counterexample(step.expr, previous) or "no rational witness found"
                failures.append(f"step {k} ({step.reason or 'as printed'}) does not follow: {witness}")
            previous = step.expr
            continue
        if symbolically_equal(step.expr, previous):
            failures.append(f"step {k} is recorded as an erratum but holds as printed")
        else:
            witness = counterexample(step.expr, previous)
            errata.append(Erratum(id, source, step.printed, step.fixed,
                                  witness or "differs symbolically", step.nature))
        if not symbolically_equal(step.corrected, previous):
            failures.append(f"step {k}: the corrected form does not follow either")
        previous = step.corrected
    method = "symbolic" + (f" ({dimensions})" if dimensions else "")
    return Outcome(not failures, method, 0.0, "; ".join(failures) or f"{len(steps) - 1} steps",
                   tuple(errata))


def draw(ctx, strategy, n=None):
    """``n`` (default ctx.examples) inputs drawn by Hypothesis from ``strategy``, reproducibly
    from ctx.seed."""
    n = ctx.examples if n is None else n
    out = []

    @hypothesis_seed(ctx.seed)
    @settings(max_examples=n, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck), derandomize=False)
    @given(strategy)
    def collect(example):
        out.append(example)

    collect()
    return out


def fmt(x, digits=6):
    """A short printable form of a number, vector or nested list."""
    if isinstance(x, (list, tuple)):
        return "[" + ", ".join(fmt(v, digits) for v in x) + "]"
    if isinstance(x, Fraction):
        return str(x)
    if isinstance(x, mpmath.mpf):
        return mpmath.nstr(x, digits)
    if isinstance(x, float):
        return f"{x:.{digits}g}"
    return str(x)


def sampled(ctx, strategy, residual, tol, n=None, digits=None, label=None):
    """Evaluate ``residual(point)`` at mp.dps = digits (default ctx.digits) on drawn points.

    Passes when every residual is <= tol. ``method`` says 'n points at d digits'; on failure
    the detail shows the worst point."""
    digits = ctx.digits if digits is None else digits
    points = draw(ctx, strategy, n)
    worst, worst_point = 0, None
    with mpmath.workdps(digits):
        for p in points:
            r = abs(residual(p))
            if r > worst or worst_point is None:
                worst, worst_point = r, p
    passed = worst <= tol
    method = label or f"{len(points)} points at {digits} digits"
    detail = "" if passed else f"worst residual {fmt(worst)} > {fmt(tol)} at {fmt(worst_point)}"
    return Outcome(passed, method, float(worst), detail)


def exact(ctx, strategy, predicate, n=None, label="exact", cap=None):
    """An exact statement decided point by point: ``predicate(point)`` must be True at every
    drawn point (n, default ctx.examples, at most ``cap``); the first failure is shown."""
    n = ctx.examples if n is None else n
    points = draw(ctx, strategy, n if cap is None else min(n, cap))
    bad = [p for p in points if not predicate(p)]
    return Outcome(not bad, f"{len(points)} points, {label}", 0.0 if not bad else 1.0,
                   f"fails at {fmt(bad[0])}" if bad else "")


def numeric_erratum(ctx, id, source, printed, corrected, strategy, printed_residual,
                    corrected_residual, tol, n=None, digits=None, nature="slip", method=None):
    """A printed statement checked numerically: it must fail somewhere (the counterexample is
    the first drawn point where |printed_residual| > tol) and the corrected one must hold at
    every drawn point."""
    digits = ctx.digits if digits is None else digits
    points = draw(ctx, strategy, n)
    witness, worst = None, 0
    with mpmath.workdps(digits):
        for p in points:
            if witness is None and abs(printed_residual(p)) > tol:
                witness = p
            worst = max(worst, abs(corrected_residual(p)))
    failures = []
    if witness is None:
        failures.append("recorded as an erratum but the printed form held at every point")
    if worst > tol:
        failures.append(f"corrected form fails: residual {fmt(worst)}")
    errata = ((Erratum(id, source, printed, corrected, f"at {fmt(witness)}", nature),)
              if witness is not None else ())
    return Outcome(not failures, method or f"{len(points)} points at {digits} digits", float(worst),
                   "; ".join(failures), errata)


def combine(*outcomes):
    """All must pass; methods joined; worst residual; errata gathered."""
    return Outcome(
        all(o.passed for o in outcomes),
        "; ".join(dict.fromkeys(o.method for o in outcomes)),
        max(o.residual for o in outcomes),
        "; ".join(o.detail for o in outcomes if o.detail and not o.passed)
        or "; ".join(o.detail for o in outcomes if o.detail),
        _unique_errata(e for o in outcomes for e in o.errata),
    )


def _unique_errata(errata):
    """One erratum per printed statement (a chain checked for every j finds it once per j)."""
    seen = {}
    for e in errata:
        seen.setdefault((e.id, e.source, e.printed, e.corrected), e)
    return tuple(seen.values())


def damped_newton_step(fit_one_step, system, log_likelihood, theta0):
    """The damped Newton step of cs229.reference.newton checked at one start θ₀ (NW-2, GLM-4):
    ``fit_one_step(θ₀)`` runs one iteration of the reference's Newton and returns θ₁.

    Returns (residual, halved): the residual is 0 when the Newton direction s = A⁻¹∇ℓ is an
    ascent direction (∇ℓᵀs > 0), θ₁ = θ₀ + ts lies on it with t in (0, 1], and
    ℓ(θ₁) > ℓ(θ₀); otherwise the size of the failure. ``halved`` says whether t < 1."""
    from cs229.reference import linalg
    A, g = system(theta0)
    s = linalg.solve_gram(A, g)
    slope = sum(a * b for a, b in zip(g, s))
    theta1 = fit_one_step(theta0)
    t = sum((a - b) * c for a, b, c in zip(theta1, theta0, s)) / sum(c * c for c in s)
    off_direction = max(abs(a - (b + t * c)) for a, b, c in zip(theta1, theta0, s))
    gain = log_likelihood(theta1) - log_likelihood(theta0)
    residual = (off_direction + (0 if slope > 0 else 1 + abs(slope))
                + (0 if gain > 0 else 1 + abs(gain)) + (0 if 0 < t <= 1 + 1e-30 else 1 + abs(t)))
    return residual, t < 1 - 1e-30
