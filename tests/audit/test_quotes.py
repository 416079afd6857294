"""Every printed form a check reads is quoted verbatim from the text copies of the notes, at its
line: the quotes of every check (static, and those its run makes), of every erratum and of the
not-checkable list. The copies live in ../shared/notes beside a checkout (or $CS229_NOTES)."""
import warnings

import pytest

from cs229.proofs import audit, catalog, sources
from cs229.proofs.registry import QUOTES, UNCHECKED, Context, Quote, checks_for
from cs229.proofs.text import stored

NOTES = sources.notes_directory()
needs_notes = pytest.mark.skipif(
    NOTES is None, reason="the notes' text copies are not here: ../shared/notes beside the checkout, "
                          "or set CS229_NOTES to their directory")


def misquoted(quote, directory=None):
    """Why ``quote`` is not the text at its line (None when it is)."""
    lines = sources.notes_lines(quote.source, directory)
    if quote.line > len(lines):
        return f"{quote.source} has {len(lines)} lines, not {quote.line}"
    if quote.text not in lines[quote.line - 1]:
        elsewhere = [k + 1 for k, line in enumerate(lines) if quote.text in line]
        return (f"not on {quote.source} line {quote.line}"
                + (f" (it is on line {', '.join(map(str, elsewhere[:5]))})" if elsewhere else " (nor anywhere)"))
    return None


@pytest.mark.slow  # one run of every check of the audit
@needs_notes
def test_every_quote_is_the_text_at_its_line_and_every_check_quotes_what_it_reads():
    """One run of every check (a few points each) makes every quote, static or made at run time;
    each must be the text at its line. In each part whose checks quote the notes, every check
    and every erratum must quote what it reads (a part that quotes nothing yet is named in a
    warning, not enforced)."""
    report = audit.run(checks_for(), Context(examples=2))
    made = set(QUOTES.values()) | {u.quote for u in UNCHECKED}
    for row in report.rows:
        made.update(row.check.quotes, row.outcome.quotes)
        made.update(e.quote for e in row.outcome.errata if e.quote is not None)
    assert len(made) > 100
    wrong = {f"{q.source}:{q.line} {q.text[:60]!r}": misquoted(q) for q in made if misquoted(q)}
    assert not wrong, wrong
    for part in catalog.PARTS:
        rows = [r for r in report.rows if r.check.part == part]
        if part == "X":
            continue  # the extensions beyond the notes quote nothing of them
        if not any(r.check.quotes or r.outcome.quotes for r in rows):
            warnings.warn(f"the checks of Part {part} quote the notes nowhere yet")
            continue
        failing = [(r.check.id, r.outcome.detail) for r in rows if not r.outcome.passed]
        assert not failing, failing
        missing = sorted({e.id for r in rows for e in r.outcome.errata if e.quote is None})
        assert not missing, f"Part {part}: errata without the quote of their printed form: {missing}"
        unquoted = [f"{r.check.id} {r.check.title}" for r in rows if not r.check.quotes and not r.outcome.quotes]
        assert not unquoted, f"Part {part}: checks that quote nothing: {unquoted}"
    # every formula line of the five documents is read by a check or listed as not checkable
    unread = audit.unread_data(report)
    assert not unread, [f"{u['cited']}: {u['text'][:80]}" for u in unread]
    # the quotes the package stores (proofs/data/quotes.json) are the ones the checks make:
    # python -m cs229.proofs.text.stored --write
    assert set(stored.quotes()) == set(QUOTES), (
        f"not stored: {sorted(set(QUOTES) - set(stored.quotes()))[:5]}; "
        f"stored but not made: {sorted(set(stored.quotes()) - set(QUOTES))[:5]}")


@needs_notes
def test_a_misquote_is_caught(tmp_path):
    lines = sources.notes_lines("000")
    good = Quote("000", 60, r"J(\theta) = \frac{1}{2} \sum_{i=1}^{m}")
    assert misquoted(good) is None
    assert "line 60" in misquoted(Quote("000", 59, good.text))
    assert "nor anywhere" in misquoted(Quote("000", 60, r"J(\theta) = \frac{1}{3}"))
    assert "lines" in misquoted(Quote("000", len(lines) + 1, "x"))
    copy = tmp_path / sources.SOURCES["000"].file
    copy.write_text("\n".join(lines[:59] + ["J(theta) = 1/2 sum"] + lines[60:]), encoding="utf-8")
    sources._LINES.clear()
    try:
        assert misquoted(good, str(tmp_path)) is not None
    finally:
        sources._LINES.clear()


def test_a_quote_is_refused_without_a_known_source_a_line_or_a_short_text():
    with pytest.raises(ValueError, match="source"):
        Quote("005", 1, "x")
    with pytest.raises(ValueError, match="line"):
        Quote("000", 0, "x")
    with pytest.raises(ValueError, match="200"):
        Quote("000", 1, "x" * 201)


@needs_notes
def test_formula_lines_are_displays_and_stated_relations_and_the_second_copy_reads_through_the_first():
    assert sources.is_formula(r"$$\min_{w}$$")
    assert sources.is_formula(r"s.t.  $y^{(i)}(w^T x^{(i)} + b) \ge 1, \quad i = 1, \dots, m$ ")
    assert sources.is_formula(r"Our labels will be $y = \pm 1$, h will output a value ± 1 and")
    assert not sources.is_formula(r"Solving for  $\gamma^{(i)}$  yields")  # names a symbol, states nothing
    assert not sources.is_formula(r"$$\begin{aligned}")
    assert not sources.is_formula("no mathematics here = none")
    assert sources.formula_lines("003") == []  # the OCR copy lost its TeX
    lines = sources.notes_lines("000")
    # 000 prints Part V twice: (15) with ⇒ and a tag, then with \implies and without
    assert 1315 in sources.first_copy_of("000", 1858) and r"\Rightarrow" in lines[1314]
    assert sources.first_copy_of("000", 1315) == ()
    assert sources.first_copy_of("000", 1643) == ()  # the second copy's (7) has αᵢ*, the first α*


def test_unread_accounts_for_every_document(capsys):
    from cs229 import cli
    assert cli.main(["audit", "--unread", "--part", "V"]) == 2
    assert "every check" in capsys.readouterr().err
