"""Reports that stay valid whatever the code under test printed or returned.

``strict_json``: JSON that strict parsers read: a float that is not finite is written as the
string "NaN", "Infinity" or "-Infinity" (JavaScript's spellings; JSON has no such numbers), never
as the bare NaN that Python's json writes by default. ``xml_text`` and ``xml_attribute``: text
for JUnit XML with what XML 1.0 cannot hold (control characters, lone surrogates, U+FFFE/FFFF)
written as ``\\xNN`` / ``\\uNNNN`` escapes, then escaped as XML. ``visible``: text for a person
to read (a terminal, Gradescope's page) with the control characters other than tab and newline
written as the same escapes, so that what the code under test printed cannot move a cursor,
change colours or ring a bell there.
"""
import json
import math
import re
from xml.sax.saxutils import escape, quoteattr

__all__ = ["plain_numbers", "strict_json", "xml_text", "xml_attribute", "NOT_FINITE", "printable", "visible"]

NOT_FINITE = {"nan": "NaN", "inf": "Infinity", "-inf": "-Infinity"}


def plain_numbers(value):
    """``value`` with every float that is not finite replaced by its string (NOT_FINITE)."""
    if isinstance(value, float) and not math.isfinite(value):
        return NOT_FINITE[repr(value)]
    if isinstance(value, dict):
        return {k: plain_numbers(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain_numbers(v) for v in value]
    return value


def printable(text):
    """``text`` that UTF-8 can encode: a lone surrogate (from text the code under test made) is
    written as its ``\\udXXX`` escape, which a JSON string reads back as the same character."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def strict_json(data, **options):
    """``json.dumps`` of ``data`` after ``plain_numbers``, with allow_nan=False; objects json
    cannot write (a value of the code under test) are written as their repr."""
    return printable(json.dumps(plain_numbers(_jsonable(data)), allow_nan=False, ensure_ascii=False, **options))


def _jsonable(value):
    if isinstance(value, dict):
        return {str(k) if not isinstance(k, (str, int, float, bool)) and k is not None else k: _jsonable(v)
                for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    return repr(value)


# XML 1.0 (section 2.2): #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _visible(match):
    c = ord(match.group())
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def xml_text(text):
    """``text`` as the content of an XML element."""
    return escape(_NOT_XML.sub(_visible, str(text)))


def xml_attribute(text):
    """``text`` as a quoted XML attribute value."""
    return quoteattr(_NOT_XML.sub(_visible, str(text)))


# C0 controls but tab and newline, DEL, the C1 controls, lone surrogates
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


def visible(text):
    """``text`` for a person to read: control characters but tab and newline, and lone
    surrogates, written as ``\\xNN`` / ``\\uNNNN``."""
    return _CONTROL.sub(_visible, str(text))
