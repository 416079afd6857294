"""The test suite, a package so that files of the same role share a name across topic folders
(``tests/svm/test_parity.py``, ``tests/smo/test_parity.py``); CONTRIBUTING, "Where a test goes"."""
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1]  # the checkout: sources read by path sit beside tests/
