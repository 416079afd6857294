"""cs229: Andrew Ng's CS229 supervised-learning notes as code.

The faces and what surrounds them are subpackages, imported on first use (``cs229.fast`` after
``import cs229`` loads the compiled twins then, not before):

- ``cs229.reference``: the notes as readable, loop-based Python, generic over float, Fraction and
  mpmath.mpf;
- ``cs229.fast``: the compiled twins, same names, signatures and answers;
- ``cs229.proofs``: the derivations checked (``cs229 audit``);
- ``cs229.figures``: the notes' figures drawn from this code (``cs229 figures``; matplotlib, the
  ``[plot]`` extra);
- ``cs229.estimators``: scikit-learn estimators over the fast face (the ``[sklearn]`` extra);
- ``cs229.testing``: the properties, strategies and pytest plugin that tie an implementation to
  the reference (``cs229 conform``).
"""
import importlib
from importlib import metadata

try:
    __version__ = metadata.version("cs229")
except metadata.PackageNotFoundError:  # a source tree on sys.path, not installed
    __version__ = "unknown"

SUBPACKAGES = ("reference", "fast", "proofs", "figures", "estimators", "testing")
__all__ = ["__version__", *SUBPACKAGES]


def __getattr__(name):
    if name in SUBPACKAGES:
        return importlib.import_module(f"cs229.{name}")
    raise AttributeError(f"module 'cs229' has no attribute {name!r}")


def __dir__():
    return sorted({*globals(), *SUBPACKAGES})
