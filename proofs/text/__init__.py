"""The text of the notes, read: the notation grammar (``notation.lark``, ``parse``), what a
printed formula means in a check (``reading``), and the copy of the notes being audited
(``copies``: ``cs229 audit --notes DIR``)."""
from .copies import Copy, current, use
from .parse import NotationError, math_of, parse
from .reading import Examples, Function, Indexed, Operator, Reading, Vector

__all__ = ["Copy", "current", "use", "NotationError", "math_of", "parse", "Reading", "Vector",
           "Examples", "Indexed", "Function", "Operator"]
