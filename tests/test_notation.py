"""The notation grammar and the reading layer (proofs/text): constructs the notes print, read
into the sympy expressions the checks compare."""
import sympy as sp

from cs229.proofs.text import Examples, Reading, Vector


def _examples():
    x = [[sp.Symbol(f"x{i}_{j}", real=True) for j in range(3)] for i in (1, 2)]
    y = sp.symbols("y1:3", real=True)
    return x, y


def test_entry_of_an_example_reads_the_superscript_first():
    # 000 line 84 prints x_j^{(i)}: entry j of example i, the subscript printed first
    x, y = _examples()
    reading = Reading({"x": Examples(tuple(Vector(tuple(v)) for v in x)), "y": Examples(y)})
    bound = reading.bind(i=sp.Integer(2), j=sp.Integer(1))
    assert bound.expression(r"x_j^{(i)}") == x[1][1]
    assert bound.expression(r"x^{(i)}_j") == x[1][1]
    assert bound.expression(r"(y^{(i)} - 1) x_j^{(i)}") == (y[1] - 1) * x[1][1]
