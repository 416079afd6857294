"""The README's tour runs as printed."""
import doctest

from tests import ROOT

README = ROOT / "README.md"


def test_readme_tour():
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted >= 6
