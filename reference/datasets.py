"""The data sets the notes use, shipped with the package (provenance in data/*/README.md)."""
import csv
from fractions import Fraction
from importlib import resources

__all__ = ["housing"]


def housing():
    """The 47 Portland houses of 000 Part I as a dict of columns: 'area' (sq ft), 'bedrooms'
    and 'price' in $1000s, all exact (int, int, Fraction), in file order."""
    text = resources.files("cs229.reference").joinpath("data/housing/portland_houses.csv").read_text()
    rows = list(csv.DictReader(text.splitlines()))
    return {
        "area": [int(r["area_sqft"]) for r in rows],
        "bedrooms": [int(r["bedrooms"]) for r in rows],
        "price": [Fraction(int(r["price_usd"]), 1000) for r in rows],
    }
