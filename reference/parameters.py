"""The scalar arguments of every public function, read by kinds declared once for both faces and
the estimators.

A step size, a tolerance, an iteration cap, a rule chosen by name, a yes/no option, a seed, an
index, a number of cores, a smoothing constant, and scalar data such as a score z or a threshold
b: each is read by one *kind* below, called with the argument and its name,

    alpha = parameters.positive(alpha, "alpha")                 # the reference
    alpha = parameters.positive(alpha, "alpha", float64=True)   # cs229.fast

A kind is a declaration (a finite real number and its bound, an integer and its range, one of a
few strings, True or False, ...) and refuses through the one message table, ``messages``: one row
per kind of problem, the argument's name in the words and the value as the caller gave it. The
two faces and the estimators therefore give the same exception and the same words for the same
value by construction. The table's rule holds: TypeError for an object of the wrong kind (a
string or None where a number is expected, a bool where a number or an index is, a float where an
integer is), ValueError for a value of the right kind outside the range (NaN and ±inf included).

Numbers: the reference keeps its scalar types (an int is read as a Fraction, an mpmath.mpf stays
one, as the entries of its arrays do); with ``float64=True`` (the compiled face, the estimators)
a real kind returns a Python float and refuses a number that has no float64 value (10**400)
instead of rounding it to inf. That refusal is the only one a face makes that the other does not.

The arrays (matrices, vectors, labels, documents, an example order) are read by ``inputs``, entry
by entry with ``number`` and ``integer`` from here, and by its compiled twin
``cs229.fast._validation``.
"""
import numbers
import os

from . import scalar
from .messages import INT64_MAX, INT64_MIN, MAX_COUNT, MAX_TABLE_SIZE, error

__all__ = ["is_bool", "number", "integer", "Real", "Integer", "Choice", "Flag", "Index", "Cores",
           "real", "positive", "nonnegative", "tolerance", "positive_or_none", "unit_interval",
           "tally", "positive_int", "table_size", "natural", "whole", "depth", "classes", "seed",
           "choice", "flag", "index", "n_jobs", "batch_schedule", "sgd_schedule", "penalty", "PRIORS", "prior", "KINDS"]


def is_bool(value):
    """A Python bool or a numpy bool (numpy is not imported here)."""
    return isinstance(value, bool) or (type(value).__module__ == "numpy" and type(value).__name__ in ("bool", "bool_"))


# ---- one number, one integer: the scalar parameters' reading and the arrays' entries ------------

def number(value, name, where="", float64=False):
    """``value`` (argument ``name``, or its entry ``where``) as a finite real number: a bool is
    not one (TypeError), nor is NaN or ±inf (ValueError). The reference's scalar (an int as a
    Fraction, numpy scalars as float, mpf and Fraction kept), or with ``float64`` a Python float,
    a number beyond the float64 range refused."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise error("not_real", name=name, where=where, value=value)
    if float64:
        try:
            x = float(value)
        except OverflowError:
            raise error("beyond_float64", name=name, where=where, value=value) from None
        if x - x == 0:  # neither NaN nor ±inf
            return x
    x = scalar.to_scalar(value)
    if not scalar.isfinite(x):
        raise error("not_finite", name=name, where=where, value=value)
    if float64:  # finite, but not as a float64 (an mpf or a Fraction past 1.8e308)
        raise error("beyond_float64", name=name, where=where, value=value)
    return x


def integer(value, name, where="", int64=True):
    """An integer (a real number with an integral value, 2.0 or Fraction(4, 2), is one) as an int:
    the reading of integer data (labels, categories, counts, token ids). ``int64``: refused
    outside −2⁶³ .. 2⁶³ − 1; otherwise a value beyond is returned as given."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise error("not_an_integer", name=name, where=where, value=value)
    if isinstance(value, numbers.Integral):
        n = int(value)
    else:
        if not scalar.isfinite(value):
            raise error("not_finite_integer", name=name, where=where, value=value)
        if value != int(value):
            raise error("fractional", name=name, where=where, value=value)
        n = int(value)
    if INT64_MIN <= n <= INT64_MAX:
        return n
    if int64:
        raise error("beyond_int64", name=name, where=where, value=value)
    return value


# ---- the kinds ----------------------------------------------------------------------------------

class Kind:
    """A declared kind of scalar parameter; ``label`` names it in tests and errors of the
    declarations themselves."""

    def __init__(self, label):
        self.label = label

    def __repr__(self):
        return f"parameters.{self.label}"


class Real(Kind):
    """A finite real number (``number``) with an optional bound: >= ``low`` (> ``low`` when
    ``strict``), or with ``high`` inside the open interval (low, high) (declared ``strict``);
    ``integral``: a whole number of things (a count given as a number: 3 or 3.0); ``none``: None
    is accepted and returned (it means something: no stopping test, the hard margin)."""

    def __init__(self, label, low=None, strict=False, high=None, integral=False, none=False):
        super().__init__(label)
        self.low, self.strict, self.high, self.integral, self.none = low, strict, high, integral, none

    def __call__(self, value, name, float64=False):
        if value is None and self.none:
            return None
        x = number(value, name, "", float64)
        low = self.low
        if low is None:
            return x
        if self.integral:
            if x < low or x != int(x):
                raise error("not_a_count", name=name, where="", value=value)
        elif self.high is not None:
            if not low < x < self.high:
                raise error("in_interval", name=name, low=low, high=self.high, value=value)
        elif (not x > low) if self.strict else x < low:
            key = "above" if self.strict else "at_least"
            raise error(key + "_or_none" if self.none else key, name=name, low=low, value=value)
        return x


class Integer(Kind):
    """An integer in ``low`` .. ``high`` (either may be None: no bound), as an int. Strict by
    default: an int or a numpy integer, never a bool and never a float (2.0 is refused as numpy
    refuses it as a size); ``integral``: any real number with an integral value, read by
    ``integer`` (data such as an observed count). ``beyond``: the message key of a value past
    ``high`` (what cannot be held there); ``none``: None is accepted and returned."""

    def __init__(self, label, low=None, high=None, beyond="count_limit", integral=False, none=False):
        super().__init__(label)
        self.low, self.high, self.beyond, self.integral, self.none = low, high, beyond, integral, none

    def __call__(self, value, name):
        if value is None and self.none:
            return None
        if self.integral:
            n = integer(value, name)
        elif isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise error("int_or_none" if self.none else "int_parameter", name=name, value=value)
        else:
            n = int(value)
        if self.low is not None and n < self.low:
            raise error("at_least_or_none" if self.none else "at_least", name=name, low=self.low,
                        value=value)
        if self.high is not None and n > self.high:
            raise error(self.beyond, name=name, value=value)
        return n


class Choice(Kind):
    """One of a few named options, a str: ``choice(value, name, options)`` returns the option's
    own string (a str subclass or an equal object is not carried further). ``other``: what else
    the caller may give instead, named in the words (" or an ExponentialFamily")."""

    def __call__(self, value, name, options, other=""):
        if not isinstance(value, str) or value not in options:
            raise error("one_of" if isinstance(value, str) else "one_of_kind", name=name,
                        options=repr(tuple(options)), other=other, value=value)
        return options[list(options).index(value)]


class Flag(Kind):
    """A yes/no option: True or False (numpy's bool too), returned as a bool. Another object,
    1 and 0 included, is refused: a flag passed where a number was meant is a mistake."""

    def __call__(self, value, name):
        if not is_bool(value):
            raise error("flag", name=name, value=value)
        return bool(value)


class Index(Kind):
    """An index 0..m−1 of m things (an example, a coordinate): an int or a numpy integer, as an
    int."""

    def __call__(self, value, name, m):
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise error("index_kind", name=name, last=m - 1, value=value)
        if not 0 <= value < m:
            raise error("index", name=name, last=m - 1, value=value)
        return int(value)


class Cores(Kind):
    """How many cores a computation over independent rows may use: an integer >= 1, or -1 or
    None for all the cores this process may run on; returns that number. The reference checks
    it and computes serially; the fast face splits the rows among that many threads, each row
    computed as in the serial loop, so every answer is the same bit for bit. A number beyond
    2³¹ − 1 counts as 2³¹ − 1 (more threads than any machine runs; C sizes them)."""

    def __call__(self, value, name="n_jobs"):
        if value is None or (not isinstance(value, bool) and isinstance(value, numbers.Integral)
                             and value == -1):
            return _cores()
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise error("n_jobs_kind", name=name, value=value)
        if value < 1:
            raise error("n_jobs", name=name, value=value)
        return min(int(value), MAX_COUNT)


def _cores():
    try:
        return max(len(os.sched_getaffinity(0)), 1)
    except AttributeError:  # no sched_getaffinity (macOS, Windows)
        return os.cpu_count() or 1


# ---- the declarations ---------------------------------------------------------------------------

real = Real("real")                                   # a score z, a threshold b, θ of NW-1, c of DT-3
positive = Real("positive", low=0, strict=True)       # α, τ, σ, γ, λ, C of the soft margin, cache_size
nonnegative = Real("nonnegative", low=0)              # decay, Laplace's α, a kernel's c, a tol that
                                                      # must be a number, X-1's penalty λ
tolerance = Real("tolerance", low=0, none=True)       # tol; None: no stopping test, the cap stops
positive_or_none = Real("positive_or_none", low=0, strict=True, none=True)  # C; None: the hard margin
unit_interval = Real("unit_interval", low=0, strict=True, high=1)  # a probability strictly inside: φ, φ_y
tally = Real("tally", low=0, integral=True)           # a count given as a number (DT-3's p and n)

positive_int = Integer("positive_int", low=1, high=MAX_COUNT)  # iterations, epochs, degrees, sizes
table_size = Integer("table_size", low=1, high=MAX_TABLE_SIZE, beyond="table_size")  # k, |V|
natural = Integer("natural", low=0, integral=True)    # an observed count x ∈ {0, 1, 2, ...}
whole = Integer("whole", low=0)                       # n of DT-2, Jacobi's max_sweeps (no cap)
depth = Integer("depth", low=0, none=True)            # max_depth; None: no cap
classes = Integer("classes", low=2, high=MAX_COUNT)   # k of the multinomial: two or more
seed = Integer("seed")                                # any integer, read modulo 2⁶⁴ (SplitMix64)

choice = Choice("choice")
flag = Flag("flag")
index = Index("index")
n_jobs = Cores("n_jobs")

# every declared kind by its label (the tests draw bad values for each from its declaration)
KINDS = {kind.label: kind for kind in (real, positive, nonnegative, tolerance, positive_or_none,
                                       unit_interval, tally, positive_int, table_size, natural,
                                       whole, depth, classes, seed, choice, flag, index, n_jobs)}


# ---- a step schedule ----------------------------------------------------------------------------

def batch_schedule(alpha, max_iterations, tol, average, record, lam=0, penalize_intercept=False,
                   float64=False):
    """A batch gradient method's α > 0, iteration cap, tolerance (or None), ``average`` (divide
    the sum by m), ``record`` (keep the path) and its L2 penalty (``penalty``: λ and the first
    penalised index), checked in that order."""
    alpha = positive(alpha, "alpha", float64)
    max_iterations = positive_int(max_iterations, "max_iterations")
    tol = tolerance(tol, "tol", float64)
    average, record = flag(average, "average"), flag(record, "record")
    return (alpha, max_iterations, tol, average, record) + penalty(lam, penalize_intercept, float64)


def sgd_schedule(alpha, epochs, order, decay, record, m, example_order, float64=False):
    """Stochastic gradient descent's α > 0, number of epochs, order of the m examples (read by
    the face's ``example_order(order, m)``: a permutation of 0..m−1, or None for 0..m−1), decay
    >= 0 (α_t = α / (1 + decay · t)) and ``record``, checked in that order."""
    alpha = positive(alpha, "alpha", float64)
    epochs = positive_int(epochs, "epochs")
    order = example_order(order, m)
    decay = nonnegative(decay, "decay", float64)
    return alpha, epochs, order, decay, flag(record, "record")


# ---- the L2 penalty -----------------------------------------------------------------------------

def penalty(lam, penalize_intercept, float64=False):
    """X-1: the L2 penalty's λ >= 0 (``lam``; 0 is the notes' maximum likelihood fit) and the
    index of the first penalised parameter of each θ: 1, leaving θ₀ (the intercept, x₀ = 1 in
    column 0) unpenalised, or 0 when ``penalize_intercept`` (a design without an intercept
    column), checked in that order."""
    lam = nonnegative(lam, "lam", float64)
    return lam, 0 if flag(penalize_intercept, "penalize_intercept") else 1


PRIORS = ("notes", "symmetric")


def prior(value):
    """X-1: the prior of softmax regression's penalty: "notes", (λ/2) Σ_{l<k} ‖θ_l′‖² on the notes'
    θ₁..θ_{k−1} (θ_k = 0), or "symmetric", (λ/2) Σ_{l≤k} ‖w_l′‖² on all k rows minimised over the
    shift c they share (w_l = θ_l + c), which leaves no class apart (scikit-learn's)."""
    return choice(value, "prior", PRIORS)
