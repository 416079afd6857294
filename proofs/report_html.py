"""The audit report as one self-contained HTML page (``cs229 audit --html``) and as Markdown
(``--markdown``, for CI job summaries).

Both render ``audit.to_data(report)``, the same data ``--json`` prints, so the three agree. The
page fetches nothing: styles are inline, figures are PNG data URIs, formulas are the audit's
Unicode text set in the reader's math font. It reads at laptop width and on a phone: tables
become one card per check below 720 px, long formulas and counterexamples wrap, and anything
wider than the screen scrolls inside its own box, never the page.
"""
import html

from cs229._text import count

from . import catalog

__all__ = ["render_html", "render_markdown", "residual_text"]


def residual_text(value):
    """The worst residual as the text report prints it: '—' for none, '0', or 1.2e-45."""
    return "—" if value is None else ("0" if value == 0 else f"{value:.1e}")


# ---- HTML -----------------------------------------------------------------------------------

_CSS = """
:root { --ink: #1c2833; --muted: #5d6d7e; --line: #d5dbdb; --pass: #1e8449; --fail: #c0392b;
  --bg-pass: #e9f7ef; --bg-fail: #fdedec; --accent: #2471a3; --paper: #ffffff; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans",
  "DejaVu Sans", sans-serif; color: var(--ink); background: #f4f6f7; }
header, main, footer { max-width: 1100px; margin: 0 auto; padding: 0 16px; }
header { padding-top: 24px; }
h1 { font-size: 1.7rem; margin: 0 0 4px; }
h2 { font-size: 1.3rem; margin: 0 0 4px; }
h3 { font-size: 1.05rem; margin: 20px 0 8px; }
p.lead, .source, .muted { color: var(--muted); }
a { color: var(--accent); }
section.part, section.card { background: var(--paper); border: 1px solid var(--line);
  border-radius: 8px; padding: 16px; margin: 16px 0; }
.summary dl { display: grid; grid-template-columns: repeat(auto-fit, minmax(110px, 1fr));
  gap: 8px; margin: 12px 0; }
.summary dl div { background: #f8f9f9; border: 1px solid var(--line); border-radius: 6px;
  padding: 8px 10px; }
.summary dt { font-size: 0.8rem; color: var(--muted); }
.summary dd { margin: 0; font-size: 1.4rem; font-weight: 600; font-variant-numeric: tabular-nums; }
.banner { border-radius: 6px; padding: 10px 12px; font-weight: 600; }
.banner.pass { background: var(--bg-pass); color: var(--pass); }
.banner.fail { background: var(--bg-fail); color: var(--fail); }
nav ul { list-style: none; padding: 0; margin: 8px 0 0; display: flex; flex-wrap: wrap; gap: 6px 14px; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; width: 100%; font-size: 0.92rem; }
th, td { text-align: left; vertical-align: top; padding: 7px 8px; border-bottom: 1px solid var(--line); }
th { font-size: 0.8rem; color: var(--muted); font-weight: 600; }
td.id { white-space: nowrap; font-weight: 600; }
td.num { font-variant-numeric: tabular-nums; white-space: nowrap; }
.verdict { display: inline-block; border-radius: 4px; padding: 0 6px; font-weight: 700; font-size: 0.85rem; }
.verdict.pass { background: var(--bg-pass); color: var(--pass); }
.verdict.fail { background: var(--bg-fail); color: var(--fail); }
tr.fail td { background: #fef9f9; }
.detail { margin: 4px 0 0; font-size: 0.85rem; color: var(--muted); overflow-wrap: anywhere; }
blockquote.quote { margin: 6px 0 0; padding: 2px 10px; border-left: 3px solid var(--line);
  font-size: 0.88rem; overflow-wrap: anywhere; }
blockquote.quote cite { display: block; font-style: normal; font-size: 0.8rem; color: var(--muted); }
details.quotes summary { font-size: 0.82rem; color: var(--muted); cursor: pointer; }
.formula { font-family: "STIX Two Math", "Cambria Math", "Latin Modern Math", "DejaVu Serif",
  "Times New Roman", serif; font-size: 1.02rem; overflow-wrap: anywhere; }
code, pre { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 0.84rem; }
pre.counterexample { white-space: pre-wrap; overflow-wrap: anywhere; background: #f8f9f9;
  border: 1px solid var(--line); border-radius: 4px; padding: 6px 8px; margin: 0; max-height: 14em; overflow-y: auto; }
.erratum { border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; margin: 10px 0; }
.erratum h4 { margin: 0 0 6px; font-size: 1rem; }
.erratum dl { margin: 0; display: grid; grid-template-columns: 9em 1fr; gap: 4px 10px; }
.erratum dt { color: var(--muted); font-size: 0.85rem; }
.erratum dd { margin: 0; min-width: 0; }
.nature { font-size: 0.78rem; border: 1px solid var(--line); border-radius: 4px; padding: 0 5px; color: var(--muted); font-weight: 400; }
.figures { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr)); gap: 16px; }
figure { margin: 0; border: 1px solid var(--line); border-radius: 6px; padding: 8px; background: #fff; min-width: 0; }
figure.wide { grid-column: 1 / -1; }
figure img { display: block; width: 100%; height: auto; }
figcaption { font-size: 0.85rem; color: var(--muted); margin-top: 6px; }
figcaption strong { color: var(--ink); }
.figlink { font-size: 0.82rem; white-space: nowrap; }
footer { color: var(--muted); font-size: 0.85rem; padding-bottom: 32px; }
@media (max-width: 720px) {
  body { font-size: 15px; }
  header, main, footer { padding: 0 10px; }
  section.part, section.card { padding: 12px 10px; }
  table.checks thead { display: none; }
  table.checks, table.checks tbody { display: block; width: 100%; }
  table.checks tr { display: grid; grid-template-columns: minmax(0, 1fr) auto;
    grid-template-areas: "id verdict" "check check" "kind residual" "method method";
    border: 1px solid var(--line); border-radius: 6px; margin: 0 0 10px; padding: 6px 8px; }
  table.checks td { display: block; border: 0; padding: 1px 0; min-width: 0; }
  td.id { grid-area: id; } td.verdict-cell { grid-area: verdict; } td.check { grid-area: check; }
  td.kind { grid-area: kind; } td.num { grid-area: residual; text-align: right; }
  td.verdict-cell { justify-self: end; }
  td.method { grid-area: method; font-size: 0.85rem; }
  table.checks td[data-label]::before { content: attr(data-label) ": "; color: var(--muted); font-size: 0.8rem; }
  td.id, td.num { white-space: normal; }
  .erratum dl { grid-template-columns: 1fr; }
  .erratum dt { margin-top: 6px; }
}
"""


def _e(text):
    return html.escape(str(text), quote=True)


def _quote_html(quote):
    """A quote is a string, or a mapping with 'text' and where it stands ('cited', else
    'source' or 'file' and 'line'), and the 'reading' a check uses when it differs."""
    reading = ""
    if isinstance(quote, dict):
        text = quote.get("text", "")
        where = quote.get("cited") or quote.get("source") or " ".join(
            str(quote[k]) for k in ("file", "line") if k in quote)
        reading = quote.get("reading", "")
    elif isinstance(quote, (list, tuple)) and len(quote) == 2:
        where, text = quote
    else:
        text, where = quote, ""
    cite = f"<cite>{_e(where)}</cite>" if where else ""
    read = f'<p class="detail">read as: {_e(reading)}</p>' if reading else ""
    return f'<blockquote class="quote"><p class="formula">{_e(text)}</p>{read}{cite}</blockquote>'


def _check_row(c, figure_ids):
    verdict = c["verdict"]
    cell = [f'{_e(c["title"])} <span class="source">({_e(c["source"])})</span>']
    if c.get("detail") and (verdict != "pass" or c["kind"] == "reproduction"):
        cell.append(f'<p class="detail">{_e(c["detail"])}</p>')
    if c.get("measure") and c["measure"] != "worst residual":
        cell.append(f'<p class="detail">measure {_e(residual_text(c["worst_residual"]))}: {_e(c["measure"])}</p>')
    quotes = c.get("quotes") or ()
    if quotes:
        cell.append(f'<details class="quotes"><summary>the text it reads ({len(quotes)} '
                    f'{"line" if len(quotes) == 1 else "lines"})</summary>'
                    + "".join(_quote_html(q) for q in quotes) + "</details>")
    for fid in figure_ids:
        cell.append(f' <a class="figlink" href="#fig-{_e(fid)}">figure: {_e(fid)}</a>')
    return (f'<tr class="{_e(verdict)}">'
            f'<td class="id">{_e(c["id"])}</td>'
            f'<td class="check">{"".join(cell)}</td>'
            f'<td class="kind" data-label="kind">{_e(c["kind"])}</td>'
            f'<td class="method" data-label="method">{_e(c["method"])}</td>'
            f'<td class="num" data-label="worst residual">{_e(residual_text(c["worst_residual"]))}</td>'
            f'<td class="verdict-cell"><span class="verdict {_e(verdict)}">{_e(verdict)}</span></td></tr>')


def _erratum_html(e):
    text = ""
    if e.get("quote"):
        where = f'{e.get("document", "")}, line {e.get("line")}'
        text = (f'<dt>the text ({_e(_cited(e, where))})</dt>'
                f'<dd><blockquote class="quote"><p class="formula">{_e(e["quote"])}</p></blockquote></dd>')
    return (f'<article class="erratum"><h4>{_e(e["id"])} <span class="source">{_e(e["source"])}</span> '
            f'<span class="nature">{_e(e["nature"])}</span></h4><dl>'
            f'<dt>printed</dt><dd class="formula">{_e(e["printed"])}</dd>{text}'
            f'<dt>corrected</dt><dd class="formula">{_e(e["corrected"])}</dd>'
            f'<dt>counterexample</dt><dd><pre class="counterexample">{_e(e["counterexample"])}</pre></dd>'
            f'</dl></article>')


def _cited(e, fallback):
    """'Ng, line 94' for an erratum's quote."""
    from .sources import SOURCES
    document = e.get("document")
    if document in SOURCES:
        return f'{SOURCES[document].short}, line {e.get("line")}'
    return fallback


def _sources_html(data):
    rows = "".join(f'<tr><td class="id">{_e(s["short"])}</td><td>{_e(s["title"])}</td><td>{_e(s["authors"])}</td>'
                   f'<td>{_e(s["date"])}</td><td>{_e(s["covers"])}</td><td><code>{_e(s["key"])}</code></td></tr>'
                   for s in data.get("sources", ()))
    if not rows:
        return ""
    return ('<section class="card" id="sources"><h2>Sources</h2><p class="muted">The report cites each '
            'document by its short key; the file keys (000 … 004) name this project\'s text copies.</p>'
            '<div class="scroll"><table><thead><tr><th>key</th><th>title</th><th>by</th><th>date</th>'
            f'<th>covers</th><th>file</th></tr></thead><tbody>{rows}</tbody></table></div></section>')


def _readings_html(data):
    items = "".join(f'<li><strong>{_e(r["id"])}</strong> {_quote_html(r)}</li>' for r in data.get("readings", ()))
    if not items:
        return ""
    return ('<section class="card" id="readings"><h2>Readings</h2><p class="muted">Printed forms the '
            f'checks read otherwise than the text writes them.</p><ul>{items}</ul></section>')


def _figure_html(spec, uri, wide):
    cls = ' class="wide"' if wide else ""
    return (f'<figure id="fig-{_e(spec.id)}"{cls}><img src="{uri}" alt="{_e(spec.title)}" loading="lazy">'
            f'<figcaption><strong>{_e(spec.title)}.</strong> {_e(spec.caption)} '
            f'<span class="source">[{_e(spec.cited_place)}; {_e(", ".join(spec.rows))}]</span></figcaption></figure>')


def _part_name(p):
    """'Part I: Linear regression'; the trees of 001 are not a Part of 000: 'Decision trees'."""
    return p["title"] if p["part"] == "trees" else f'Part {p["part"]}: {p["title"]}'


def _summary_html(data, figures_note):
    t = data["totals"]
    ok = t["fail"] == 0 and not data.get("interrupted")
    items = [("checks", "checks"), ("pass", "pass"), ("fail", "fail"), ("errata", "errata"),
             ("slips", "slips of the notes"), ("seconds", "seconds")]
    cells = "".join(f'<div><dt>{_e(label)}</dt><dd data-total="{key}">{_e(t[key])}</dd></div>'
                    for key, label in items)
    banner = _verdict(data)
    parts = "".join(f'<li><a href="#part-{_e(p["part"])}">{_e(_part_name(p))}</a></li>'
                    for p in data["parts"])
    forms = t.get("printed_forms")
    read = (f' The copy of the notes audited: {_e(data["notes"])}.' if data.get("notes") else "")
    if forms:
        read += (f' Printed forms read from the text: {_e(forms["parsed"])} of '
                 f'{_e(forms["parsed"] + forms["typed"])} (the others are typed by hand: cs229 audit --unparsed).')
    return (f'<section class="card summary" id="summary"><h2>Summary</h2>'
            f'<p class="banner {"pass" if ok else "fail"}" data-verdict="{"pass" if ok else "fail"}">{_e(banner)}</p>'
            f'<dl>{cells}</dl>'
            f'<p class="muted">Seed {_e(t["seed"])}, {_e(count(t["examples"], "example"))} per sampled check, '
            f'{_e(count(t["digits"], "digit"))}. An erratum is a printed step that is false: the page shows it, '
            f'a counterexample, and the corrected step, which is what the check passes.{read} {figures_note}</p>'
            f'<nav aria-label="parts of the notes"><ul>{parts}</ul></nav></section>')


def _verdict(data):
    """'every check passes', '2 of 40 checks fail', or what an interrupted run can say."""
    t = data["totals"]
    if t["fail"]:
        verdict = f'{t["fail"]} of {count(t["checks"], "check")} fail'
    elif data.get("interrupted"):
        verdict = (f'interrupted: the {count(t["checks"], "check")} run before '
                   f'{"it passes" if t["checks"] == 1 else "it pass"}')
    else:
        verdict = "every check passes"
    return verdict + (" (interrupted)" if data.get("interrupted") and t["fail"] else "")


def render_html(data, figures=None):
    """The page for ``data`` (``audit.to_data``); ``figures`` is ``cs229.figures.report_images``'
    result (None: no figures, and the page says how to get them)."""
    figures = figures or {}
    note = ("" if figures else
            "Figures are left out (they need matplotlib: install the [plot] extra).")
    body = [_summary_html(data, note)]
    for p in data["parts"]:
        part = p["part"]
        checks = [c for c in data["checks"] if c["part"] == part]
        errata = [e for e in data["errata"] if catalog.part_of(e["id"]) == part]
        conventions = [e for e in data.get("conventions", ()) if catalog.part_of(e["id"]) == part]
        remarks = [e for e in data.get("remarks", ()) if catalog.part_of(e["id"]) == part]
        drawn = figures.get(part, [])
        rows = []
        for c in checks:
            base = catalog.base_id(c["id"])
            rows.append(_check_row(c, [s.id for s, _, _ in drawn if base in s.rows]))
        passed = sum(c["verdict"] == "pass" for c in checks)
        tally = f"{count(len(checks), 'check')}, {passed} pass" + (
            f" · {count(len(errata), 'erratum', 'errata')}" if errata else "")
        section = [f'<section class="part" id="part-{_e(part)}"><h2>{_e(_part_name(p))}</h2>'
                   f'<p class="source">{_e(p["source"])} · {_e(tally)}</p>']
        if checks:
            section.append('<div class="scroll"><table class="checks"><thead><tr><th>ID</th><th>check</th>'
                           '<th>kind</th><th>method</th><th>worst residual</th><th>verdict</th></tr></thead>'
                           f'<tbody>{"".join(rows)}</tbody></table></div>')
        if errata:
            section.append('<h3>Errata</h3>' + "".join(_erratum_html(e) for e in errata))
        if conventions:
            section.append('<h3>Conventions</h3><p class="muted">Notational clashes, not errors.</p>'
                           + "".join(_erratum_html(e).replace('class="erratum"', 'class="erratum convention"')
                                     for e in conventions))
        if remarks:
            section.append('<h3>Remarks</h3><p class="muted">Printed forms a strict reading calls false, '
                           'argued right as the notes mean them; not counted as errata.</p>'
                           + "".join(_erratum_html(e).replace('class="erratum"', 'class="erratum remark"')
                                     for e in remarks))
        if drawn:
            section.append('<h3>Figures</h3><div class="figures">'
                           + "".join(_figure_html(*f) for f in drawn) + "</div>")
        section.append("</section>")
        body.append("".join(section))
    if data.get("not_found"):
        items = "".join(f'<li>{_e(q["cited"])}: “{_e(q["text"])}”</li>' for q in data["not_found"])
        body.append(f'<section class="card" id="not-found"><h2>Not found in this copy</h2>'
                    f'<p>Printed forms the checks read that the copy audited does not print; their checks '
                    f'fail.</p><ul>{items}</ul></section>')
    if data["uncovered"]:
        body.append(f'<section class="card" id="uncovered"><h2>Catalog rows with no proof check yet</h2>'
                    f'<p>{_e(" ".join(data["uncovered"]))}</p></section>')
    body.append(_readings_html(data))
    body.append(_sources_html(data))
    t = data["totals"]
    return ("<!DOCTYPE html>\n"
            '<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            "<title>cs229 audit: the CS229 notes checked</title>"
            f"<style>{_CSS}</style></head><body>"
            '<header><h1>cs229 audit</h1><p class="lead">Andrew Ng\'s CS229 notes, every printed '
            "derivation checked step by step and the reference code checked against the optimality "
            "conditions the notes derive.</p></header>"
            f'<main>{"".join(body)}</main>'
            f'<footer><p>{_e(count(t["checks"], "check"))} in {_e(t["seconds"])} s · seed {_e(t["seed"])}, '
            f'{_e(count(t["examples"], "example"))}, {_e(count(t["digits"], "digit"))} · made by <code>cs229 audit --html</code></p></footer>'
            "</body></html>\n")


# ---- Markdown -------------------------------------------------------------------------------

def _md(text):
    """Text for a Markdown table cell: pipes escaped, one line."""
    return str(text).replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _erratum_markdown(e):
    counterexample = e["counterexample"] if len(e["counterexample"]) <= 400 else e["counterexample"][:399] + "…"
    out = [f"- **{e['id']}** ({e['source']}, {e['nature']})", f"  - printed: `{e['printed']}`"]
    if e.get("quote"):
        out.append(f"  - the text ({_cited(e, str(e.get('line')))}): `{e['quote']}`")
    label = "where the conventions differ" if e["nature"] == "convention" else "counterexample"
    return out + [f"  - corrected: `{e['corrected']}`", f"  - {label}: `{counterexample}`"]


def render_markdown(data):
    """The report as GitHub-flavoured Markdown: the summary, one table per part, the errata."""
    t = data["totals"]
    verdict = _verdict(data)
    lines = ["# cs229 audit", "",
             f"**{verdict[0].upper() + verdict[1:]}**: "
             f"{count(t['checks'], 'check')}, {t['pass']} pass, {t['fail']} fail; "
             f"{count(t['errata'], 'erratum', 'errata')} ({count(t['slips'], 'slip')} of the notes); "
             f"seed {t['seed']}, {count(t['examples'], 'example')}, {count(t['digits'], 'digit')}; "
             f"{t['seconds']} s.", ""]
    for p in data["parts"]:
        checks = [c for c in data["checks"] if c["part"] == p["part"]]
        if not checks:
            continue
        lines += [f"## {_part_name(p)} ({p['source']})", "",
                  "| ID | check | kind | method | worst | verdict |", "|---|---|---|---|---:|---|"]
        for c in checks:
            title = _md(c["title"])
            if c.get("detail") and c["verdict"] != "pass":
                title += f"<br>↳ {_md(c['detail'])}"
            verdict = "pass" if c["verdict"] == "pass" else "**FAIL**"
            lines.append(f"| {_md(c['id'])} | {title} | {_md(c['kind'])} | {_md(c['method'])} | "
                         f"{_md(residual_text(c['worst_residual']))} | {verdict} |")
        lines.append("")
    lines += [f"## Errata ({t['errata']})", ""]
    for e in data["errata"]:
        lines += _erratum_markdown(e)
    if not data["errata"]:
        lines.append("none")
    if data.get("remarks"):
        lines += ["", f"## Remarks ({len(data['remarks'])}): argued right as the notes mean them, not counted", ""]
        for e in data["remarks"]:
            lines += _erratum_markdown(e)
    if data.get("conventions"):
        lines += ["", f"## Conventions ({len(data['conventions'])}): notational clashes, not errors", ""]
        for e in data["conventions"]:
            lines += _erratum_markdown(e)
    if data.get("not_found"):
        lines += ["", f"## Not found in this copy ({len(data['not_found'])})", ""]
        lines += [f"- {_md(q['cited'])}: `{q['text']}`" for q in data["not_found"]]
    if t.get("printed_forms"):
        forms = t["printed_forms"]
        lines += ["", f"Printed forms read from the text: {forms['parsed']} of {forms['parsed'] + forms['typed']}"
                  + (f" (copy audited: {data['notes']})" if data.get("notes") else "")]
    if data.get("sources"):
        lines += ["", "## Sources", ""]
        lines += [f"- **{s['short']}** ({s['key']}): {s['title']}; {s['authors']}; {s['date']}" for s in data["sources"]]
    if data["uncovered"]:
        lines += ["", f"Catalog rows with no proof check yet: {' '.join(data['uncovered'])}"]
    return "\n".join(lines) + "\n"
