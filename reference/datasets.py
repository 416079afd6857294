"""The data sets the notes use, shipped with the package (provenance in data/*/README.md)."""
import csv
from fractions import Fraction
from importlib import resources

__all__ = ["housing", "sms_spam"]


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


def sms_spam():
    """The SMS Spam Collection v.1 (data/sms_spam/README.md): a list of (label, message) pairs in
    file order, label 'ham' or 'spam'."""
    text = resources.files("cs229.reference").joinpath("data/sms_spam/SMSSpamCollection").read_text(
        encoding="utf-8")
    pairs = []
    for number, line in enumerate(text.splitlines(), start=1):
        label, sep, message = line.partition("\t")
        if not sep or label not in ("ham", "spam"):
            raise ValueError(f"SMSSpamCollection line {number} is not 'ham|spam<TAB>message'")
        pairs.append((label, message))
    return pairs
