"""The docstrings of cs229.fast: the text of each public function has one home, its reference twin.

``adopt(namespace, twin)`` gives every public function of a fast module (its ``__all__``) the
docstring of the function of the same name in the reference module ``twin``: the catalog ID, the
place in the notes, the formula, the shapes, the label coding, the return and the stopping rule.
The fast function's own docstring, which says only what the compiled code does differently,
follows under "Compiled:". ``help(cs229.fast.svm.slacks)`` then prints the signature once (from
``binding=True``; the build does not embed it in the text) and the reference's text. The fast
module's own docstring gets the twin's "Conventions" paragraph.
"""
import inspect

__all__ = ["adopt"]


def adopt(namespace, twin):
    """Give the public functions in ``namespace`` (a fast module's globals) the docstrings of their
    twins in the reference module ``twin``, each followed by the fast function's own note; and the
    module's docstring the twin's paragraph on conventions."""
    conventions = [p for p in (twin.__doc__ or "").split("\n\n") if p.startswith("Conventions (")]
    if conventions and conventions[0] not in (namespace.get("__doc__") or ""):
        namespace["__doc__"] = (namespace.get("__doc__") or "").rstrip() + "\n\n" + conventions[0]
    for name in namespace["__all__"]:
        f = namespace[name]
        if isinstance(f, type) or not callable(f) or not hasattr(twin, name):
            continue
        own = inspect.cleandoc(f.__doc__ or "")
        text = inspect.cleandoc(getattr(twin, name).__doc__ or "")
        f.__doc__ = text + (f"\n\nCompiled: {own}" if own else "")
