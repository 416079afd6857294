"""What the reproducers in the topics' test_regressions.py share: the modules of both faces, and
calls run apart (a forked child, a fresh interpreter) so that a crash or a hang fails the test
instead of killing the worker."""
import json
import multiprocessing
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import cs229.fast.coordinate_ascent as FC
import cs229.fast.entropy as FE
import cs229.fast.generative as FG
import cs229.fast.kernels as FK
import cs229.fast.margins as FM
import cs229.fast.naive_bayes as FN
import cs229.fast.smo as FS
import cs229.fast.svm as FV
import cs229.fast.trees as FT
import cs229.reference.coordinate_ascent as RC
import cs229.reference.entropy as RE
import cs229.reference.generative as RG
import cs229.reference.kernels as RK
import cs229.reference.margins as RM
import cs229.reference.naive_bayes as RN
import cs229.reference.smo as RS
import cs229.reference.svm as RV
import cs229.reference.trees as RT


# ---- Part IV and the trees: a program run in a fresh interpreter ------------------------------

FACES_IV = {"fast": (FN, FT, FG, FE), "reference": (RN, RT, RG, RE)}

_PROGRAM = '''
import json
import resource
resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))  # a runaway walk fails, not the machine
import numpy as np
import cs229.fast.naive_bayes as FN, cs229.reference.naive_bayes as RN
import cs229.fast.trees as FT, cs229.reference.trees as RT

def outcome(f):
    try:
        return ["answer", repr(f())]
    except Exception as e:
        return ["error", type(e).__name__, str(e)]

OUTCOMES = []
{code}
print(json.dumps(OUTCOMES))
'''


def in_interpreter(code, timeout=60):
    """The outcomes ``code`` appends to OUTCOMES (each ``outcome(f)``: ["answer", repr] or
    ["error", type, message]), computed in a fresh interpreter that must exit within
    ``timeout`` seconds and must not die of a signal."""
    program = _PROGRAM.format(code=textwrap.dedent(code))
    try:
        done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        pytest.fail(f"hung: no answer within {timeout} s")
    assert done.returncode == 0, f"the child died (exit status {done.returncode}): {done.stderr[-2000:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])


# ---- Part V: both faces of its modules, a call in a forked child --------------------------------

FACES = ("fast", "reference")
MODULES = {"fast": {"svm": FV, "smo": FS, "kernels": FK, "margins": FM, "coordinate_ascent": FC},
           "reference": {"svm": RV, "smo": RS, "kernels": RK, "margins": RM, "coordinate_ascent": RC}}

X = np.array([[0.0, 1.0], [1.0, 0.5], [2.0, 2.5], [3.0, 1.0], [0.5, 3.0]])
Y = np.array([-1.0, -1.0, 1.0, 1.0, 1.0])
Z = np.array([[0.0, 0.0], [1.0, 2.0]])


def arg(face, a):
    return np.asarray(a, dtype=float) if face == "fast" else np.asarray(a, dtype=float).tolist()


def call(face, module, name, *args, **kwargs):
    return getattr(MODULES[face][module], name)(*args, **kwargs)


def in_child(fn):
    """Run fn in a forked child: ('returned', value) or ('raised', type, message); a child that
    dies (a segfault) or hangs fails the test."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)

    def run():
        try:
            out = ("returned", fn())
        except Exception as e:  # noqa: BLE001 (the outcome is the point)
            out = ("raised", type(e), str(e))
        try:
            send.send(out)
        except Exception:  # noqa: BLE001 (an unpicklable result)
            send.send(("returned", repr(out[1])))

    child = context.Process(target=run)
    child.start()
    send.close()
    child.join(120)
    if child.is_alive():
        child.kill()
        pytest.fail("the call hung (killed after 120 s)")
    assert child.exitcode == 0, f"the call killed the process (exit code {child.exitcode}; -11 is a segfault)"
    return receive.recv()
