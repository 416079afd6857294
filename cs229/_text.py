"""Words the reports share: a count with its noun in the right number."""

__all__ = ["count"]


def count(n, singular, plural=None):
    """'1 erratum', '2 errata', '0 checks': ``n`` and the noun it takes (``plural`` defaults to
    the singular and an s)."""
    return f"{n} {singular if n == 1 else plural or singular + 's'}"
