"""The parts of the notes and the catalog rows whose derivations or facts need a proof check
(the rows marked P in the project's catalog), so that the audit can say what it covers."""

PARTS = {
    "I": ("Linear regression", "000 Part I; 002 §1.1-1.2", ("LR",)),
    "II": ("Classification, logistic regression, perceptron, Newton", "000 Part II; 002 §1.2-1.3",
           ("LG", "PC", "NW")),
    "III": ("Exponential family, GLMs, softmax", "000 Part III; 002 §1.3.2-1.3.4",
            ("EF", "GLM", "SM")),
    "IV": ("Generative learning: GDA and Naive Bayes", "000 Part IV; 002 §1.4",
           ("GEN", "MVN", "GDA", "NB")),
    "V": ("Support vector machines", "000 Part V; 001 §11.1-11.2; 004; 002 §1.5",
          ("MG", "OMC", "LD", "KR", "SOFT", "CA", "SMO")),
    "trees": ("Decision trees", "001 §11.3", ("DT",)),
}

# Row numbers per prefix (the catalog ID is prefix-number): written as numbers so that this list
# is not mistaken for coverage by anything that searches the checks for the IDs themselves.
_NEEDS_PROOF_ROWS = {
    "LR": (2, 3, 5, 7, 8, 9, 10, 11, 12, 13, 14, 16),
    "LG": (1, 2, 3, 4), "PC": (1,), "NW": (1, 2),
    "EF": (1, 2, 3, 4, 5), "GLM": (1, 2, 3, 4), "SM": (1, 2, 4),
    "GEN": (1,), "MVN": (1,), "GDA": (1, 3, 4), "NB": (1, 2, 3, 4, 6),
    "MG": (2, 3), "OMC": (1, 2, 3, 4), "LD": (1, 2, 3, 4), "KR": (1, 2, 3, 4, 5, 6, 7, 8),
    "SOFT": (1, 2), "CA": (1,), "SMO": (1, 2, 3, 4),
    "DT": (2, 3, 4, 5),
}
NEEDS_PROOF = [f"{prefix}-{n}" for prefix, rows in _NEEDS_PROOF_ROWS.items() for n in rows]


def part_of(catalog_id):
    """The part ('I' … 'V' or 'trees') a catalog ID such as 'LR-5' or 'KR-9a' belongs to."""
    prefix = catalog_id.split("-")[0]
    for part, (_, _, prefixes) in PARTS.items():
        if prefix in prefixes:
            return part
    raise KeyError(f"unknown catalog prefix in {catalog_id!r}")


def base_id(catalog_id):
    """'LR-9a' -> 'LR-9' (sub-IDs count toward their row)."""
    head, _, tail = catalog_id.partition("-")
    return head + "-" + tail.rstrip("abcdefghijklmnopqrstuvwxyz")
