"""Code under test runs in a child process; the grader keeps the reference and the verdict.

``cs229 conform`` checks code it does not trust: a student's module, a course's submissions. That
code runs in a child process (``_child.py``, which imports nothing of cs229) with a time budget,
a memory cap (``resource.setrlimit``), matplotlib's Agg backend, a temporary working directory,
stdin from /dev/null, its output in a file, and the network refused. The grader sends requests
(call this function on these arrays) and receives plain data (numbers, strings, arrays, and
objects as dicts of their attributes with a handle to pass the object back); it never unpickles
a class of the code under test, and it computes the reference's answers and decides every
verdict in its own process. So code that patches cs229.reference, numpy or this kit, exits
(``sys.exit``, ``os._exit``), raises KeyboardInterrupt or SystemExit, calls ``pytest.skip`` or
never returns changes nothing but its own answers: an exit or a hang is a failure of the call
that caused it (``StudentBroke``) and the next call gets a fresh process; an array changed in
place is reported; each call gets fresh copies of its arguments.

This is a guard against mistakes and against the tricks a student might try from inside their
own module, not a security boundary against hostile native code: run submissions from strangers
in a container (as Gradescope does) as well.
"""
import contextlib
import dataclasses
import inspect
import os
import pickle
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

import numpy as np

__all__ = ["Limits", "Child", "StudentBroke", "StudentRaised", "RemoteObject", "Opaque", "Kernel",
           "RemoteModule", "isolated_module", "output_tail"]

CHILD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_child.py")
TAG = "\x00cs229:"
HEADER = struct.Struct(">Q")
MAX_ANSWER = 1 << 30          # bytes of one answer
RESTARTS = 3                  # deaths of the child before the rest of a target is given up


@dataclass(frozen=True)
class Limits:
    """timeout: seconds the code under test may run (per property for a module, per problem for
    a course); memory: its address space in MiB (0: no cap)."""
    timeout: float = 60.0
    memory: int = 2048


class StudentBroke(BaseException):
    """The code under test timed out, ended its process, broke the channel or changed an
    argument in place. A BaseException, so that no ``except Exception`` of a property (or
    Hypothesis, which would shrink it call by call) takes it for an answer: the property fails
    at once with this message."""

    def __init__(self, kind, message, call=None):
        super().__init__(message)
        self.kind, self.message, self.call = kind, message, call

    def __str__(self):
        return self.message


class StudentRaised(Exception):
    """What a call of the code under test raised, as the grader sees it: the exception's type
    name (``type(e).__name__`` reads as the original's), its message and where it was raised.
    A KeyboardInterrupt, SystemExit or a test runner's skip raised by that code arrives as one
    of these, an ordinary Exception: an answer, never a signal to the grader."""

    name = "Exception"
    where = ()

    def __str__(self):
        return self.args[0] if self.args else ""


_RAISED = {}


def _raised_class(name):
    if name not in _RAISED:
        _RAISED[name] = type(name, (StudentRaised,), {"__module__": "student", "name": name})
    return _RAISED[name]


class Kernel:
    """A kernel function to hand to the code under test: ``Kernel("dot")`` is K(a, b) = aᵀb and
    ``Kernel("rbf", sigma)`` exp(−‖a − b‖²/(2σ²)), built in the child from numpy."""

    def __init__(self, kind, *parameters):
        self.kind, self.parameters = kind, parameters

    def __repr__(self):
        return f"{self.kind}_kernel" + (f"(sigma={self.parameters[0]!r})" if self.parameters else "")


class RemoteObject:
    """An object the code under test returned, seen from the grader: its class name, its
    attributes (``fields``, as they were when it came back) and the handle that passes the very
    object back in a later call."""

    def __init__(self, type_name, fields, handle=None):
        self._type_name, self._fields, self._handle = type_name, fields, handle

    @property
    def fields(self):
        return self._fields

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self._fields[name]
        except KeyError:
            raise AttributeError(f"{self._type_name} object has no attribute {name!r}") from None

    def _cs229_plain_(self):
        return dict(self._fields) if self._fields else f"{self._type_name}()"

    def __eq__(self, other):
        """Equal to an object of a class of the same name with equal attributes (a default
        argument ``kernel=Linear()`` is the reference's default)."""
        if isinstance(other, RemoteObject):
            theirs = other._fields
        elif dataclasses.is_dataclass(other) and not isinstance(other, type):
            theirs = {f.name: getattr(other, f.name) for f in dataclasses.fields(other)}
        else:
            return NotImplemented
        if type(other).__name__ != self._type_name and getattr(other, "_type_name", None) != self._type_name:
            return False
        try:
            return theirs.keys() == self._fields.keys() and all(
                bool(np.all(theirs[k] == self._fields[k])) for k in theirs)
        except (TypeError, ValueError):
            return False

    __hash__ = None

    def __repr__(self):
        inside = ", ".join(f"{k}={v!r}" for k, v in self._fields.items())
        return f"{self._type_name}({inside[:500]})"


class Opaque:
    """A value the code under test returned that is not data (a function, a module, a too large
    structure): its class name and repr."""

    def __init__(self, type_name, text, handle=None):
        self._type_name, self.text, self._handle = type_name, text, handle

    def _cs229_plain_(self):
        return self.text

    def __repr__(self):
        return self.text


# ---- the channel, grader side ----------------------------------------------------------------

class _PlainUnpickler(pickle.Unpickler):
    """Only plain data may come back: no class is ever looked up (so none is imported or built)."""

    def find_class(self, module, name):
        raise pickle.UnpicklingError(f"the child sent a {module}.{name}, not plain data")


def _decode(value):
    if isinstance(value, tuple) and value and isinstance(value[0], str) and value[0].startswith(TAG):
        tag = value[0][len(TAG):]
        if tag == "ndarray":
            _, dtype, shape, data, matrix = value
            dtype = np.dtype(dtype)
            if dtype.kind not in "biufc":
                raise pickle.UnpicklingError(f"an array of dtype {dtype} came back")
            array = np.frombuffer(data, dtype=dtype).reshape(shape).copy()
            return np.asmatrix(array) if matrix and array.ndim == 2 else array
        if tag == "objects":
            _, shape, items, matrix = value
            array = np.empty(len(items), dtype=object)
            array[:] = [_decode(v) for v in items] if items else []
            return array.reshape(shape)
        if tag == "object":
            return RemoteObject(value[1], {k: _decode(v) for k, v in value[2].items()})
        if tag == "opaque":
            return Opaque(value[1], value[2])
        if tag == "exception":
            return Opaque(value[1], f"{value[1]}: {value[2]}")
        if tag == "complex":
            return complex(value[1], value[2])
        if tag == "set":
            items = [_decode(v) for v in value[1]]
            try:
                return set(items)
            except TypeError:
                return items
        raise pickle.UnpicklingError(f"unknown tag {tag!r}")
    if isinstance(value, list):
        return [_decode(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_decode(v) for v in value)
    if isinstance(value, dict):
        return {k: _decode(v) for k, v in value.items()}
    return value


def _encode(value):
    """An argument for the child: objects it returned go back as their handles."""
    if isinstance(value, (RemoteObject, Opaque)):
        if value._handle is None:
            raise ValueError(f"{value!r} has no handle: it was not returned by a call")
        return (TAG + "handle", value._handle)
    if isinstance(value, Kernel):
        return (TAG + "kernel", value.kind, *value.parameters)
    if isinstance(value, Handle):
        return (TAG + "handle", value.id)
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_encode(v) for v in value)
    if isinstance(value, dict):
        return {k: _encode(v) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class Handle:
    """The object a call returned, kept in the child (``Answer.handle``)."""
    id: int


@dataclass
class Answer:
    value: object
    handle: Handle
    seconds: float


def _signal_name(number):
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def output_tail(path, limit=2000):
    """The last ``limit`` characters the code under test printed."""
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            size = f.tell()
            f.seek(max(0, size - limit))
            return f.read().decode("utf-8", "replace")
    except OSError:
        return ""


def _clean_environment():
    """The grader's environment without what would change how Python starts in the child, and
    with matplotlib off screen, one thread per BLAS, fixed hashing and no bytecode files written
    beside the code under test. What the code prints is written with backslash escapes where it
    cannot be encoded (a lone surrogate): a print must not fail the code under test."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("PYTHON") and k not in ("MPLBACKEND", "DISPLAY", "WAYLAND_DISPLAY")}
    env.update(MPLBACKEND="Agg", PYTHONHASHSEED="0", PYTHONDONTWRITEBYTECODE="1", PYTHONIOENCODING="utf-8:backslashreplace",
               OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", NUMEXPR_NUM_THREADS="1")
    return env


class Child:
    """The process the code under test runs in.

    ``load``: what to load, {"path", "name", "package", "package_path"} for a file or {"name"}
    for an importable module; ``path``: the child's sys.path; ``old_numpy_names``: numpy's names
    removed since 2018 (``np.int``, ``np.float``, ``np.mat``, …) defined again; ``cpu``: a cap on
    the CPU seconds of the process (None: the wall-clock budgets alone). The process
    starts at the first request and again after it died or timed out (at most ``RESTARTS``
    times). ``budget()`` starts a new time budget of ``limits.timeout`` seconds."""

    def __init__(self, load, limits=Limits(), path=None, old_numpy_names=False, argv0="student", cpu=None):
        self.load, self.limits, self.cpu = load, limits, cpu
        self.path = list(path if path is not None else _grader_path())
        self.old_numpy_names, self.argv0 = old_numpy_names, argv0
        self.process = None
        self.info = None
        self.deaths = 0
        self.spent, self.allowed = 0.0, limits.timeout
        self.total = 0.0  # seconds the code under test ran, over every budget
        self.home = tempfile.mkdtemp(prefix="cs229-conform-")
        self.output = os.path.join(self.home, "output.txt")
        self.cwd = os.path.join(self.home, "cwd")
        os.makedirs(self.cwd)

    # -- lifetime --

    def start(self):
        """The module's description ({"names", "problems", "fatal", "name"}), starting the
        process if none runs."""
        if self.process is not None:
            return self.info
        if self.deaths > RESTARTS:
            raise StudentBroke("died", f"the process of the code under test ended {self.deaths} times; "
                                       "the rest is not run")
        requests_r, requests_w = os.pipe()
        answers_r, answers_w = os.pipe()
        out = open(self.output, "ab")
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-B", CHILD, str(requests_r), str(answers_w)],
                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, cwd=self.cwd,
                env=_clean_environment(), pass_fds=(requests_r, answers_w), start_new_session=True,
                close_fds=True)
        finally:
            out.close()
            os.close(requests_r)
            os.close(answers_w)
        self._to, self._from = requests_w, answers_r
        memory = self.limits.memory * 2 ** 20 if self.limits.memory else None
        # the wall-clock budget is the rule; ``cpu`` (seconds of CPU in all) a backstop, and the
        # file limit keeps a runaway writer from filling the disk
        self._ask({"op": "setup", "config": {"path": self.path, "memory": memory, "cpu": self.cpu,
                                             "file_size": 256 * 2 ** 20, "argv0": self.argv0,
                                             "old_numpy_names": self.old_numpy_names}}, "starting")
        info = self._ask({"op": "load", **self.load}, "loading")
        if self.info is None:
            self.info = info
        return self.info

    def close(self):
        if self.process is not None:
            self._kill()
        shutil.rmtree(self.home, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def _kill(self):
        process, self.process = self.process, None
        for fd in (self._to, self._from):
            try:
                os.close(fd)
            except OSError:
                pass
        try:
            os.killpg(process.pid, signal.SIGKILL)  # its own session: what it started goes too
        except (ProcessLookupError, PermissionError):
            pass
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        return process.returncode

    @contextlib.contextmanager
    def budget(self, seconds=None):
        """A new time budget for what runs inside: ``seconds``, or ``limits.timeout``."""
        self.spent, self.allowed = 0.0, self.limits.timeout if seconds is None else seconds
        try:
            yield self
        finally:
            self.allowed = self.limits.timeout

    def printed(self):
        return output_tail(self.output)

    # -- requests --

    def _remaining(self):
        return max(self.allowed - self.spent, 0.0)

    def _ask(self, request, doing, call=None):
        if self._remaining() <= 0:
            raise StudentBroke("timeout", f"time limit: the {self.allowed:.3g} s of this check were "
                                          "spent before this call", call)
        data = pickle.dumps(request, protocol=4)
        start = time.monotonic()
        deadline = start + self._remaining()
        try:
            self._write(HEADER.pack(len(data)) + data, deadline)
            (size,) = HEADER.unpack(self._read(HEADER.size, deadline))
            if size > MAX_ANSWER:
                raise _ChannelBroken(f"an answer of {size} bytes")
            answer = _PlainUnpickler(_BytesReader(self._read(size, deadline))).load()
        except _Timeout:
            self._count(start)
            self.deaths += 1
            self._kill()
            raise StudentBroke("timeout", f"time limit: {doing} did not finish within the "
                                          f"{self.allowed:.3g} s of this check (an endless loop?)", call) from None
        except (_ChannelBroken, EOFError, OSError, pickle.UnpicklingError, ValueError, struct.error) as e:
            self._count(start)
            self.deaths += 1
            status = self._kill()
            raise StudentBroke("died", f"{doing}: the process of the code under test {_ending(status, e)}"
                                       + _printed_hint(self.printed()), call) from None
        self._count(start)
        if not isinstance(answer, dict) or not answer.get("ok"):
            raise StudentBroke("died", f"{doing}: the child could not serve the request: "
                                       f"{answer.get('error') if isinstance(answer, dict) else answer!r}", call)
        return answer

    def _count(self, start):
        seconds = time.monotonic() - start
        self.spent += seconds
        self.total += seconds

    def _write(self, data, deadline):
        view = memoryview(data)
        while view:
            timeout = deadline - time.monotonic()
            if timeout <= 0:
                raise _Timeout
            _, ready, _ = select.select([], [self._to], [], timeout)
            if ready:
                try:
                    view = view[os.write(self._to, view[:1 << 16]):]
                except BrokenPipeError:
                    raise EOFError from None

    def _read(self, n, deadline):
        chunks = []
        while n:
            timeout = deadline - time.monotonic()
            if timeout <= 0:
                raise _Timeout
            ready, _, _ = select.select([self._from], [], [], timeout)
            if not ready:
                continue
            chunk = os.read(self._from, min(n, 1 << 20))
            if not chunk:
                raise EOFError
            chunks.append(chunk)
            n -= len(chunk)
        return b"".join(chunks)

    def call(self, target, *args, **kwargs):
        """Call ``target`` in the child: a name of the module (str), an object returned before
        (RemoteObject, Handle), or (object, "method"). Returns an Answer; what the call raised
        comes as StudentRaised; a timeout, an ended process or an argument changed in place as
        StudentBroke."""
        self.start()
        ref = _reference(target)
        shown = (_describe(target), args, kwargs)
        answer = self._ask({"op": "call", "target": ref, "args": [_encode(a) for a in args],
                            "kwargs": {k: _encode(v) for k, v in kwargs.items()}},
                           f"{_describe(target)}(...)", shown)
        if answer.get("mutated"):
            raise StudentBroke("mutated", f"{_describe(target)} changed its argument"
                                          f"{'s' if len(answer['mutated']) > 1 else ''} "
                                          f"{', '.join(map(str, answer['mutated']))} in place: the caller's "
                                          "array is not the function's to change", shown)
        if "raised" in answer:
            r = answer["raised"]
            error = _raised_class(r["type"])(r["message"])
            error.where = tuple(tuple(w) for w in r.get("where", ()))
            raise error
        handle = Handle(answer["handle"])
        value = _decode(answer["value"])
        if isinstance(value, (RemoteObject, Opaque)):
            value._handle = handle.id
        return Answer(value, handle, answer["seconds"])

    def get(self, target):
        """The value of an attribute in the child: (object, "name") or a module name."""
        self.start()
        return _decode(self._ask({"op": "get", "target": _reference(target)}, f"reading {_describe(target)}")["value"])


class _Timeout(Exception):
    pass


class _ChannelBroken(Exception):
    pass


class _BytesReader:
    def __init__(self, data):
        self._data, self._at = data, 0

    def read(self, n=-1):
        end = len(self._data) if n < 0 else self._at + n
        out = self._data[self._at:end]
        self._at = min(end, len(self._data))
        return out

    def readline(self):
        end = self._data.find(b"\n", self._at)
        end = len(self._data) if end < 0 else end + 1
        out = self._data[self._at:end]
        self._at = end
        return out

    def readinto(self, buffer):
        out = self.read(len(buffer))
        buffer[:len(out)] = out
        return len(out)


def _ending(status, error):
    if status is None:
        return f"stopped answering ({type(error).__name__}: {error})"
    if status < 0:
        name = _signal_name(-status)
        why = {"SIGKILL": " (killed: over the memory cap?)", "SIGXCPU": " (the CPU time limit)",
               "SIGSEGV": " (a crash in native code, or the memory cap)"}.get(name, "")
        return f"was ended by {name}{why}"
    return f"exited with status {status} (sys.exit or os._exit in the code under test?)"


def _printed_hint(text):
    text = text.strip()
    return f"; its last output: {text[-300:]!r}" if text else ""


def _reference(target):
    if isinstance(target, str):
        return ("module", target)
    if isinstance(target, (RemoteObject, Opaque)):
        return ("handle", target._handle)
    if isinstance(target, Handle):
        return ("handle", target.id)
    if isinstance(target, tuple) and len(target) == 2:
        return ("attr", _reference(target[0]), target[1])
    raise TypeError(f"cannot call {target!r} in the child")


def _describe(target):
    if isinstance(target, str):
        return target
    if isinstance(target, (RemoteObject, Opaque)):
        return target._type_name
    if isinstance(target, Handle):
        return "the object"
    if isinstance(target, tuple):
        return f"{_describe(target[0])}.{target[1]}"
    return repr(target)


def _grader_path():
    """The grader's sys.path for the child ('' is the grader's working directory, not the
    child's)."""
    return [os.getcwd() if p == "" else p for p in sys.path]


# ---- a module in the child, as the properties of cs229.testing see one -------------------------

class _RemoteFunction:
    def __init__(self, child, name, parameters, module):
        self._child, self.__name__, self.__qualname__, self.__module__ = child, name, name, module
        self._parameters = parameters

    @property
    def __signature__(self):
        if self._parameters is None:
            raise ValueError(f"{self.__name__} has no signature to read")
        return inspect.Signature([
            inspect.Parameter(name, inspect._ParameterKind(kind),
                              default=_decode(default) if has_default else inspect.Parameter.empty)
            for name, kind, has_default, default in self._parameters])

    def __call__(self, *args, **kwargs):
        return self._child.call(self.__name__, *args, **kwargs).value

    def __repr__(self):
        return f"<function {self.__name__} in the child>"


class RemoteModule:
    """The module under test as cs229.testing's properties use one: an attribute per function or
    class it defines, each calling into the child (``import_problems``: the statements that
    raised while it loaded)."""

    def __init__(self, child, info):
        self.__name__ = info["name"] or "student"
        self._child = child
        self.import_problems = info["problems"]
        for name, about in info["names"].items():
            if about["kind"] in ("function", "class"):
                parameters = about["parameters"] if about["kind"] == "function" else about["init"]
                setattr(self, name, _RemoteFunction(child, name, parameters, self.__name__))

    def __repr__(self):
        return f"<module {self.__name__} in a child process>"


class LoadError(Exception):
    """The module could not be loaded at all (no such file or module, a syntax error)."""


def isolated_module(target, limits=Limits()):
    """(Child, RemoteModule) for ``target``, a .py path or an importable module name."""
    if target.endswith(".py") or os.sep in target or os.path.exists(target):
        path = os.path.abspath(target)
        if not os.path.isfile(path):
            raise LoadError(f"no file {target}")
        load = {"path": path, "name": "_cs229_conform_" + os.path.splitext(os.path.basename(path))[0],
                "package": None}
        search = _grader_path() + [os.path.dirname(path)]
    else:
        load = {"name": target}
        search = _grader_path()
    child = Child(load, limits, search)
    try:
        info = child.start()
    except StudentBroke as e:
        child.close()
        raise LoadError(f"{target}: {e}") from None
    if info["fatal"]:
        child.close()
        p = info["problems"][0] if info["problems"] else {"type": "Error", "message": "", "line": None}
        where = f" (line {p['line']})" if p.get("line") else ""
        if "path" in load:
            raise LoadError(f"{target} raised {p['type']} on import{where}: {p['message']}")
        raise LoadError(f"cannot import {target}: {p['message']}")
    return child, RemoteModule(child, info)
