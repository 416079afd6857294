"""Words and lines the reports share: a count with its noun in the right number, and a
progress line that fits the terminal."""
import os

__all__ = ["count", "stream_width", "progress_line"]


def count(n, singular, plural=None):
    """'1 erratum', '2 errata', '0 checks': ``n`` and the noun it takes (``plural`` defaults to
    the singular and an s)."""
    return f"{n} {singular if n == 1 else plural or singular + 's'}"


def stream_width(stream):
    """The columns of the terminal ``stream`` writes to ($COLUMNS first, as shutil does); 80
    when it is not a terminal."""
    try:
        columns = int(os.environ.get("COLUMNS", ""))
        if columns > 0:
            return columns
    except ValueError:
        pass
    try:
        return os.get_terminal_size(stream.fileno()).columns or 80
    except (AttributeError, OSError, ValueError):
        return 80


def progress_line(head, title, tail, width):
    """``head title tail`` in ``width`` columns: the title is what gives way (cut with …), and
    on a very narrow terminal it goes. The last column stays free, so that no terminal wraps."""
    room = width - 1 - len(head) - 1 - len(tail)
    if room < 8:
        return f"{head} {tail}"[:max(width - 1, 1)]
    return f"{head} {title if len(title) <= room else title[:room - 1] + '…'}{tail}"
