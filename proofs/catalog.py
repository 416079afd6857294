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

NEEDS_PROOF = (
    "LR-2 LR-3 LR-5 LR-7 LR-8 LR-9 LR-10 LR-11 LR-12 LR-13 LR-14 LR-16 "
    "LG-1 LG-2 LG-3 LG-4 PC-1 NW-1 NW-2 "
    "EF-1 EF-2 EF-3 EF-4 EF-5 GLM-1 GLM-2 GLM-3 GLM-4 SM-1 SM-2 SM-4 "
    "GEN-1 MVN-1 GDA-1 GDA-3 GDA-4 NB-1 NB-2 NB-3 NB-4 NB-6 "
    "MG-2 MG-3 OMC-1 LD-1 LD-2 LD-3 LD-4 OMC-2 OMC-3 OMC-4 KR-1 KR-2 KR-3 KR-4 KR-5 KR-6 KR-7 "
    "KR-8 SOFT-1 SOFT-2 CA-1 SMO-1 SMO-2 SMO-3 SMO-4 "
    "DT-2 DT-3 DT-4 DT-5"
).split()


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
