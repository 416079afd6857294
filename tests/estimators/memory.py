"""The memory a call takes, measured in a fresh Python process (``peak``): the resident set's
high-water mark during the call minus the resident set before it, under an address-space limit, so
that a regression fails with a MemoryError instead of taking the machine's memory."""
import json
import os
import subprocess
import sys
import textwrap

__all__ = ["LIMIT_MB", "peak"]

LIMIT_MB = 1024   # the address space a child may add to what its imports took


def peak(setup, call, limit_mb=LIMIT_MB):
    """(peak MB, result) of ``call`` (an expression) after ``setup`` (statements), run in a
    fresh interpreter that may allocate at most ``limit_mb`` more; the result is what
    ``call`` returns, through JSON."""
    program = textwrap.dedent("""
        import json, resource, sys
        import numpy as np

        def status(key):
            with open("/proc/self/status") as f:
                return next(int(line.split()[1]) for line in f if line.startswith(key + ":"))
        """) + textwrap.dedent(setup) + textwrap.dedent(f"""
        size = status("VmSize") * 1024
        resource.setrlimit(resource.RLIMIT_AS, (size + {limit_mb} * 2 ** 20, resource.RLIM_INFINITY))
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")   # the high-water mark starts again from the resident set
        before = status("VmRSS")
        try:
            result = {call}
        except MemoryError as e:
            result = "MemoryError: " + str(e)
        print(json.dumps([(status("VmHWM") - before) / 1024, result]))
        """)
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1"})
    assert done.returncode == 0, done.stderr[-3000:]
    return tuple(json.loads(done.stdout.strip().splitlines()[-1]))
