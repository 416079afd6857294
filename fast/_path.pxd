# The recorded iterates of an iterative fit as IterativeResult.path holds them in cs229.fast: one
# array whose row k is the iterate after step k (θ⁽⁰⁾ first), or None when the fit does not
# record. Every fit that records (gradient descent and ascent, SGD, Newton, coordinate ascent,
# softmax) stacks its list here. A declaration module has no module-level Python names, so
# stacked imports numpy when it runs (once per fit).


cdef inline object stacked(path):
    """None for None, else the list of iterates as one array."""
    import numpy as np
    return None if path is None else np.array(path)
