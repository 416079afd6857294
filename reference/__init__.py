"""cs229.reference: the notes as readable, loop-based, pure-Python code.

Every function names the catalog ID it implements, where it stands in the notes and the formula
it computes. Matrices are lists of rows, vectors are lists; entries may be ``float``,
``fractions.Fraction`` (exact) or ``mpmath.mpf`` (any precision), and the same code runs on all
three. Python ``int`` entries are read as exact rationals.
"""
