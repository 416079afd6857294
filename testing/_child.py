"""The child process of ``cs229.testing.sandbox``: where the code under test runs.

Run as a script by path (``python -I _child.py REQUESTS ANSWERS``), never imported by the grader:
it imports nothing of cs229 itself, so the code under test finds no grader here to change. It
reads requests from the file descriptor REQUESTS and writes answers to ANSWERS (frames: an
8-byte length, then a pickle); its own stdin is /dev/null and its stdout and stderr go to a file
the parent reads, so nothing the code under test prints or reads can reach the channel.

What comes back is plain data only (numbers, strings, lists, tuples, dicts, arrays as tagged
bytes, objects as tagged dicts of their attributes) with a handle for every object a call
returned, so that the parent can pass the very object back (a model, a perceptron's state) but
never unpickles a class of the code under test. The verdict is never decided here.
"""
import ast
import dataclasses
import inspect
import os
import pickle
import resource
import struct
import sys
import time
import traceback
import types

TAG = "\x00cs229:"
HEADER = struct.Struct(">Q")
MAX_ITEMS = 20_000_000   # numbers in one answer: beyond it the value is sent as opaque
MAX_DEPTH = 12


# ---- the channel -------------------------------------------------------------------------------

def _read_exactly(fd, n):
    chunks = []
    while n:
        chunk = os.read(fd, min(n, 1 << 20))
        if not chunk:
            raise EOFError
        chunks.append(chunk)
        n -= len(chunk)
    return b"".join(chunks)


def receive(fd):
    (size,) = HEADER.unpack(_read_exactly(fd, HEADER.size))
    return pickle.loads(_read_exactly(fd, size))


def send(fd, message):
    for stream in (sys.stdout, sys.stderr):  # what the code printed lands before the answer
        try:
            stream.flush()
        except BaseException:  # noqa: B036 - a stream the code under test replaced or closed
            pass
    data = pickle.dumps(message, protocol=4)
    view = memoryview(HEADER.pack(len(data)) + data)
    while view:
        view = view[os.write(fd, view):]


# ---- limits and surroundings ------------------------------------------------------------------

def _limit(which, value):
    if value is None or not hasattr(resource, which):
        return
    kind = getattr(resource, which)
    _, hard = resource.getrlimit(kind)
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    resource.setrlimit(kind, (value, hard))


def _no_network():
    """Best effort: the socket calls that reach another machine refuse."""
    import socket

    def refused(*args, **kwargs):
        raise OSError("network access is disabled while the code is checked")

    for name in ("connect", "connect_ex", "sendto"):
        setattr(socket.socket, name, refused)
    socket.create_connection = refused
    socket.getaddrinfo = refused


# Names numpy had when the course's problem sets were written (numpy 1.15), removed since
# (1.24, 2.0): code of that time runs as it did then.
def _old_numpy_names(np):
    aliases = {"int": int, "float": float, "bool": bool, "object": object, "complex": complex,
               "str": str, "long": int, "unicode": str, "float_": np.float64, "complex_": np.complex128,
               "NaN": np.nan, "NAN": np.nan, "Inf": np.inf, "Infinity": np.inf, "PINF": np.inf,
               "NINF": -np.inf, "infty": np.inf, "mat": np.asmatrix, "product": np.prod,
               "cumproduct": np.cumprod, "alltrue": np.all, "sometrue": np.any, "round_": np.round,
               "asscalar": lambda a: a.item(), "int0": np.intp, "uint0": np.uintp}
    import warnings
    for name, value in aliases.items():
        try:
            with warnings.catch_warnings():  # numpy 2 warns of np.object/np.str before it refuses
                warnings.simplefilter("ignore")
                getattr(np, name)
        except AttributeError:
            setattr(np, name, value)
    # np.sum of a generator was Python's sum of it, whatever the axis (deprecated in 1.15, an
    # error since)
    numpy_sum = np.sum

    def sum(a, *args, **kwargs):  # noqa: A001 - numpy's name
        if isinstance(a, types.GeneratorType):
            import builtins
            return builtins.sum(a)
        return numpy_sum(a, *args, **kwargs)
    sum.__doc__ = numpy_sum.__doc__
    np.sum = sum


def _die_with_the_parent():
    """Linux: SIGKILL when the grader ends, so that an endless loop never outlives it."""
    try:
        import ctypes
        import signal
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        if os.getppid() == 1:  # the grader ended before the call
            os._exit(1)
    except (OSError, AttributeError):
        pass


def setup(config):
    _die_with_the_parent()
    _limit("RLIMIT_AS", config.get("memory"))
    _limit("RLIMIT_CPU", config.get("cpu"))
    _limit("RLIMIT_FSIZE", config.get("file_size"))
    _limit("RLIMIT_CORE", 0)
    sys.path[:] = list(config["path"])
    sys.argv = [config.get("argv0", "student")]
    if config.get("no_network", True):
        _no_network()
    try:
        import numpy as np
    except ImportError:
        np = None
    if np is not None and config.get("old_numpy_names"):
        _old_numpy_names(np)
    return {"python": sys.version.split()[0], "numpy": getattr(np, "__version__", None)}


# ---- loading the code under test, statement by statement -------------------------------------

def _where(error, path):
    """The last frame of ``path`` in the traceback of ``error``: (line, text)."""
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        if frame.filename == path:
            return frame.lineno, (frame.line or "").strip()
    return None, ""


def _problem(error, path, line=None, text=""):
    found, found_text = _where(error, path)
    return {"line": found or line, "statement": (found_text or text)[:300],
            "type": type(error).__name__, "message": str(error)[:1000]}


def load_file(path, package, package_path, name):
    """Execute the file as module ``package.name`` (or ``name``), each top-level statement on
    its own: a statement that raises (a data file read at import, an import the grader lacks,
    ``sys.exit()``) is recorded and the next statement runs."""
    import importlib.util
    if package:
        pkg = types.ModuleType(package)
        pkg.__path__ = list(package_path)
        pkg.__package__ = package
        sys.modules[package] = pkg
        full = f"{package}.{name}"
    else:
        full = name
    spec = importlib.util.spec_from_file_location(full, path)
    module = importlib.util.module_from_spec(spec)
    module.__package__ = package or ""
    sys.modules[full] = module
    problems = []
    with open(path, "rb") as f:
        source = f.read()
    try:
        tree = ast.parse(source, path)
    except SyntaxError as e:
        return module, [{"line": e.lineno, "statement": (e.text or "").strip()[:300], "type": "SyntaxError",
                         "message": str(e.msg)}], True
    flags = 0
    import __future__
    for statement in tree.body:
        if isinstance(statement, ast.ImportFrom) and statement.module == "__future__":
            for alias in statement.names:
                feature = getattr(__future__, alias.name, None)
                if feature is not None:
                    flags |= feature.compiler_flag
            continue
        text = ast.get_source_segment(source.decode("utf-8", "replace"), statement) or ""
        try:
            code = compile(ast.Module([statement], []), path, "exec", flags=flags, dont_inherit=True)
            exec(code, module.__dict__)
        except BaseException as e:  # noqa: B036 - SystemExit, KeyboardInterrupt, a test runner's skip: all reported
            problems.append(_problem(e, path, statement.lineno, text.splitlines()[0] if text else ""))
    return module, problems, False


def load_name(name):
    import importlib
    try:
        return importlib.import_module(name), []
    except BaseException as e:  # noqa: B036
        return None, [{"line": None, "statement": f"import {name}", "type": type(e).__name__,
                       "message": str(e)[:1000]}]


def _parameters(function):
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return None
    out = []
    for p in signature.parameters.values():
        default = None if p.default is inspect.Parameter.empty else wire(p.default, frozenset(), [0])
        out.append([p.name, int(p.kind), p.default is not inspect.Parameter.empty, default])
    return out


def describe(module):
    """Each public name of the module: what it is and, for functions and classes, the
    parameters (a class: of its constructor and of each method)."""
    names = {}
    for name, value in list(vars(module).items()):
        if name.startswith("__"):
            continue
        if inspect.isclass(value):
            methods = {}
            for attr in dir(value):
                if attr.startswith("__") and attr != "__init__":
                    continue
                try:
                    member = inspect.getattr_static(value, attr)
                except AttributeError:
                    continue
                if isinstance(member, (staticmethod, classmethod)):
                    member = member.__func__
                if callable(member):
                    methods[attr] = _parameters(member)
            names[name] = {"kind": "class", "module": getattr(value, "__module__", None),
                           "bases": [b.__name__ for b in value.__mro__[1:]],
                           "init": _parameters(value), "methods": methods}
        elif callable(value):
            names[name] = {"kind": "function", "module": getattr(value, "__module__", None),
                           "parameters": _parameters(value)}
        elif isinstance(value, types.ModuleType):
            names[name] = {"kind": "module"}
        else:
            names[name] = {"kind": "value"}
    return names


# ---- values out: plain data and handles ----------------------------------------------------------

class Handles:
    def __init__(self):
        self.objects = {}
        self.next = 1

    def add(self, value):
        key = self.next
        self.next += 1
        self.objects[key] = value
        return key


HANDLES = Handles()


def wire(value, seen, budget, depth=0):
    """``value`` as plain data (see the module docstring); ``budget[0]`` counts the numbers
    sent."""
    np = sys.modules.get("numpy")
    if value is None or type(value) in (bool, str, bytes):
        return value
    if type(value) is int:
        return value
    if type(value) is float:
        return value
    if isinstance(value, bool):
        return bool(value)
    if np is not None and isinstance(value, np.generic):
        value = value.item()
        if isinstance(value, (bool, int, float, str, bytes)) or value is None:
            return value
    if isinstance(value, complex):
        return (TAG + "complex", value.real, value.imag)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, str):
        return str(value)
    if isinstance(value, (bytes, bytearray)):
        return bytes(value)
    if depth > MAX_DEPTH or id(value) in seen:
        return _opaque(value)
    if np is not None and isinstance(value, np.ndarray):
        budget[0] += value.size
        if budget[0] > MAX_ITEMS:
            return _opaque(value)
        matrix = isinstance(value, np.matrix)
        if value.dtype.kind in "biufc":
            data = np.ascontiguousarray(value, dtype=value.dtype.newbyteorder("="))
            return (TAG + "ndarray", data.dtype.str, tuple(value.shape), data.tobytes(), matrix)
        items = [wire(v, seen, budget, depth + 1) for v in value.ravel().tolist()]
        return (TAG + "objects", tuple(value.shape), items, matrix)
    seen = seen | {id(value)}
    if isinstance(value, (list, tuple)):
        budget[0] += len(value)
        if budget[0] > MAX_ITEMS:
            return _opaque(value)
        items = [wire(v, seen, budget, depth + 1) for v in value]
        return items if isinstance(value, list) else tuple(items) if type(value) is tuple else \
            (TAG + "object", type(value).__name__, {"items": items}, None)
    if isinstance(value, dict):
        budget[0] += len(value)
        if budget[0] > MAX_ITEMS:
            return _opaque(value)
        return {_key(k): wire(v, seen, budget, depth + 1) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return (TAG + "set", [wire(v, seen, budget, depth + 1) for v in value])
    if isinstance(value, BaseException):
        return (TAG + "exception", type(value).__name__, str(value)[:1000])
    if isinstance(value, (types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType,
                          type)):
        return _opaque(value)
    fields = None
    if dataclasses.is_dataclass(value):
        fields = {f.name: getattr(value, f.name, None) for f in dataclasses.fields(value)}
    elif hasattr(value, "__dict__") and isinstance(getattr(value, "__dict__", None), dict):
        fields = dict(vars(value))
    elif hasattr(type(value), "__slots__"):
        fields = {s: getattr(value, s) for s in type(value).__slots__ if hasattr(value, s)}
    if fields is None:
        return _opaque(value)
    return (TAG + "object", type(value).__name__,
            {str(k): wire(v, seen, budget, depth + 1) for k, v in fields.items() if not callable(v)
             or isinstance(v, (list, dict, tuple))}, None)


def _key(k):
    np = sys.modules.get("numpy")
    if np is not None and isinstance(k, np.generic):
        k = k.item()
    if k is None or type(k) in (bool, int, float, str, bytes):
        return k
    if isinstance(k, tuple):
        return tuple(_key(v) for v in k)
    return TAG + "key:" + repr(k)[:200]


def _opaque(value):
    try:
        text = repr(value)[:300]
    except BaseException:  # noqa: B036 - a __repr__ of the code under test
        text = f"<{type(value).__name__}>"
    return (TAG + "opaque", type(value).__name__, text, None)


# ---- values in: handles and kernels ---------------------------------------------------------

def _kernel(spec):
    np = sys.modules.get("numpy") or __import__("numpy")
    kind = spec[1]
    if kind == "dot":
        def dot_kernel(a, b):
            return np.dot(a, b)
        return dot_kernel
    if kind == "rbf":
        sigma = spec[2]

        def rbf_kernel(a, b):
            return np.exp(-np.sum((np.asarray(a) - np.asarray(b)) ** 2) / (2 * sigma ** 2))
        return rbf_kernel
    raise ValueError(f"unknown kernel {kind}")


def unwire(value):
    if isinstance(value, tuple) and value and isinstance(value[0], str) and value[0].startswith(TAG):
        tag = value[0][len(TAG):]
        if tag == "handle":
            return HANDLES.objects[value[1]]
        if tag == "kernel":
            return _kernel(value)
    if isinstance(value, tuple):
        return tuple(unwire(v) for v in value)
    if isinstance(value, list):
        return [unwire(v) for v in value]
    if isinstance(value, dict):
        return {k: unwire(v) for k, v in value.items()}
    return value


def _is_handle(raw):
    return isinstance(raw, tuple) and len(raw) == 2 and raw[0] == TAG + "handle"


def resolve(module, ref):
    kind = ref[0]
    if kind == "module":
        return getattr(module, ref[1])
    if kind == "handle":
        return HANDLES.objects[ref[1]]
    if kind == "attr":
        return getattr(resolve(module, ref[1]), ref[2])
    raise ValueError(f"bad reference {ref!r}")


# ---- calls, with the arguments watched ------------------------------------------------------

def _snapshot(value):
    np = sys.modules.get("numpy")
    if np is not None and isinstance(value, np.ndarray):
        return ("array", value.copy())
    if isinstance(value, (list, dict)):
        import copy
        try:
            return ("copy", copy.deepcopy(value))
        except BaseException:  # noqa: B036
            return None
    return None


def _changed(before, value):
    np = sys.modules.get("numpy")
    kind, copy = before
    if kind == "array":
        if not isinstance(value, np.ndarray) or value.shape != copy.shape or value.dtype != copy.dtype:
            return True
        try:
            return not np.array_equal(value, copy, equal_nan=value.dtype.kind in "fc")
        except TypeError:
            return not np.array_equal(value, copy)
    try:
        return not _equal(copy, value)
    except BaseException:  # noqa: B036
        return False


def _equal(a, b):
    np = sys.modules.get("numpy")
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_equal(a[k], b[k]) for k in a)
    if np is not None and isinstance(a, np.ndarray):
        return a.shape == b.shape and bool(np.array_equal(a, b))
    try:
        return bool(a == b) or (a != a and b != b)
    except BaseException:  # noqa: B036
        return True


def _names(function, args, kwargs):
    try:
        bound = inspect.signature(function).bind(*args, **kwargs)
        names = {}
        for name, value in bound.arguments.items():
            names[id(value)] = name
        return names
    except (TypeError, ValueError):
        return {}


def call(module, request):
    function = resolve(module, request["target"])
    raw_args, raw_kwargs = list(request.get("args", ())), dict(request.get("kwargs", {}))
    args = [unwire(a) for a in raw_args]
    kwargs = {k: unwire(v) for k, v in raw_kwargs.items()}
    # the arrays and containers the grader sent are watched; an object passed back by its handle
    # (a model, a perceptron's state) is the code's own to change
    watched = [(i, a, _snapshot(a)) for i, (raw, a) in enumerate(zip(raw_args, args)) if not _is_handle(raw)] + \
              [(k, v, _snapshot(v)) for k, v in kwargs.items() if not _is_handle(raw_kwargs[k])]
    start = time.perf_counter()
    try:
        result = function(*args, **kwargs)
        raised = None
    except BaseException as e:  # noqa: B036 - whatever the code under test raises is its answer
        result = None
        found = [(f.filename, f.lineno, (f.line or "").strip()) for f in traceback.extract_tb(e.__traceback__)]
        raised = {"type": type(e).__name__, "message": str(e)[:2000],
                  "where": [list(f) for f in found[-3:]], "base": not isinstance(e, Exception)}
    seconds = time.perf_counter() - start
    names = _names(function, args, kwargs)
    mutated = []
    for key, value, before in watched:
        if before is not None and _changed(before, value):
            mutated.append(names.get(id(value), f"argument {key}" if isinstance(key, int) else key))
    answer = {"seconds": seconds, "mutated": mutated}
    if raised is not None:
        answer["raised"] = raised
        return answer
    handle = HANDLES.add(result)
    answer["handle"] = handle
    answer["value"] = wire(result, frozenset(), [0])
    return answer


def main():
    requests, answers = int(sys.argv[1]), int(sys.argv[2])
    module = None
    while True:
        try:
            request = receive(requests)
        except EOFError:
            return
        op = request["op"]
        try:
            if op == "setup":
                send(answers, {"ok": True, "versions": setup(request["config"])})
            elif op == "load":
                if "path" in request:
                    module, problems, fatal = load_file(request["path"], request.get("package"),
                                                        request.get("package_path", ()), request["name"])
                else:
                    module, problems = load_name(request["name"])
                    fatal = module is None
                send(answers, {"ok": True, "problems": problems, "fatal": fatal,
                               "names": {} if fatal or module is None else describe(module),
                               "name": getattr(module, "__name__", None)})
            elif op == "call":
                send(answers, {"ok": True, **call(module, request)})
            elif op == "get":
                value = resolve(module, request["target"])
                send(answers, {"ok": True, "value": wire(value, frozenset(), [0])})
            elif op == "forget":
                HANDLES.objects.clear()
                send(answers, {"ok": True})
            else:
                send(answers, {"ok": False, "error": f"unknown request {op!r}"})
        except BaseException as e:  # noqa: B036 - the channel outlives what the code under test raises
            try:
                send(answers, {"ok": False, "error": f"{type(e).__name__}: {str(e)[:1000]}"})
            except BaseException:  # noqa: B036
                return


if __name__ == "__main__":
    main()
