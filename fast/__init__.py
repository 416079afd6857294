"""cs229.fast: compiled (Cython) twins of cs229.reference.

Every public name of ``cs229.fast.X`` exists in ``cs229.reference.X`` with the same signature and
meaning. Inputs are anything ``numpy.asarray`` accepts (any real dtype, any layout, read-only
too); they are checked in Python before any compiled loop runs and are never modified. Outputs
are numpy arrays and Python floats. The conventions (argument order, names, label codings,
shapes, returns) are the reference's (README, "Conventions"); each public function's docstring is
its reference twin's, followed by what the compiled code does differently.
"""
