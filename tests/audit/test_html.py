"""``cs229 audit --html`` and ``--markdown``: the page parses as HTML5, fetches nothing, shows
what the JSON says, and reads at 1280 and 390 px in headless Chromium."""
import contextlib
import html
import json
import os
import re
import shutil
import subprocess
import sys

import pytest

from cs229 import cli
from cs229.proofs import report_html

html5lib = pytest.importorskip("html5lib", reason="the page is parsed with html5lib (the [test] extra)")

# One audit for the whole session (and for every xdist worker): two parts with errata and
# figures, few examples per sampled check.
AUDIT_ARGS = ["audit", "--part", "I", "--part", "trees", "--examples", "2", "--quiet"]
NS = "{http://www.w3.org/1999/xhtml}"


@contextlib.contextmanager
def _lock(path):
    """An exclusive lock on ``path`` across processes (the xdist workers); none off POSIX."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    with open(path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def run(tmp_path_factory):
    """The audit run once: its JSON (stdout), the --html page and the --markdown file."""
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # this session's directory, the same for every xdist worker
    out = shared / "audit_html"
    with _lock(shared / "audit_html.lock"):
        if not (out / "done").exists():
            out.mkdir(exist_ok=True)
            result = subprocess.run([sys.executable, "-m", "cs229.cli", *AUDIT_ARGS, "--json",
                                     "--html", str(out / "report.html"), "--markdown", str(out / "report.md")],
                                    capture_output=True, text=True, timeout=600)
            (out / "report.json").write_text(result.stdout, encoding="utf-8")
            (out / "code").write_text(str(result.returncode))
            (out / "done").write_text("")
    assert (out / "code").read_text() == "0", (out / "report.json").read_text()[-2000:]
    return {"json": json.loads((out / "report.json").read_text(encoding="utf-8")),
            "html": (out / "report.html").read_text(encoding="utf-8"),
            "markdown": (out / "report.md").read_text(encoding="utf-8"), "dir": out}


def _parse(page):
    return html5lib.HTMLParser(strict=True, namespaceHTMLElements=True).parse(page)


# ---- the page as HTML ----------------------------------------------------------------------

def test_the_page_parses_as_html5_without_a_single_parse_error(run):
    document = _parse(run["html"])  # strict: any parse error raises
    assert run["html"].startswith("<!DOCTYPE html>")
    root = document.getroot() if hasattr(document, "getroot") else document
    assert root.get("lang") == "en"
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids)), "duplicate ids"
    for e in root.iter(NS + "img"):
        assert e.get("alt")


def test_the_page_fetches_nothing(run):
    root = _parse(run["html"])
    for e in root.iter():
        for attribute in ("src", "href", "srcset", "poster", "data"):
            value = e.get(attribute)
            if value is not None:
                assert value.startswith(("#", "data:image/png;base64,")), (e.tag, value[:80])
        assert e.tag not in (NS + "link", NS + "script", NS + "iframe", NS + "object", NS + "embed")
    assert "@import" not in run["html"] and "url(" not in run["html"]


def test_the_page_shows_every_check_erratum_and_figure_of_the_json(run):
    data, page = run["json"], run["html"]
    root = _parse(page)
    rows = [tr for tr in root.iter(NS + "tr") if tr.get("class") in ("pass", "fail")]
    assert len(rows) == len(data["checks"]) == data["totals"]["checks"]
    text = html.unescape(re.sub(r"<[^>]+>", " ", page))
    for c in data["checks"]:
        assert c["title"] in text
    assert len(data["errata"]) >= 3  # Part I has them
    for e in data["errata"]:
        for key in ("printed", "corrected", "counterexample"):
            assert e[key] in text
    assert page.count('<article class="erratum">') == len(data["errata"])
    from cs229 import figures
    for part in ("I", "trees"):
        for s in figures.for_part(part):
            assert f'id="fig-{s.id}"' in page and s.caption in text and s.cited_place in text
    assert 'href="#fig-housing"' in page  # the LR-16 checks link to their figure
    totals = {m.group(1): m.group(2) for m in re.finditer(r'data-total="(\w+)">([^<]*)<', page)}
    assert totals == {k: str(data["totals"][k]) for k in totals} and len(totals) == 6


def test_json_carries_the_parts_and_one_model_renders_all_three(run):
    data = run["json"]
    assert [p["part"] for p in data["parts"]] == ["I", "trees"]
    assert set(data) >= {"schema", "cs229", "sources", "parts", "checks", "errata", "conventions", "uncovered", "totals"}
    assert report_html.render_html(data).count('<tr class="pass">') == data["totals"]["pass"]


def test_quotes_are_rendered_when_a_check_carries_them(run):
    data = json.loads(json.dumps(run["json"]))
    data["checks"][0]["quotes"] = []
    before = report_html.render_html(data).count('<blockquote class="quote">')
    data["checks"][0]["quotes"] = ["θ := θ − α∇J", {"text": "x < 1 & y > 2", "source": "000 §1, line 91"}]
    page = report_html.render_html(data)
    _parse(page)
    assert "θ := θ − α∇J" in page and "x &lt; 1 &amp; y &gt; 2" in page and "000 §1, line 91" in page
    assert page.count('<blockquote class="quote">') == before + 2


def test_a_failing_check_shows_its_detail_and_the_banner_says_so(run):
    data = json.loads(json.dumps(run["json"]))
    data["checks"][1].update(verdict="fail", detail="fails at <x>")
    data["totals"].update(fail=1, **{"pass": data["totals"]["pass"] - 1})
    page = report_html.render_html(data)
    _parse(page)
    assert 'data-verdict="fail"' in page and f'1 of {data["totals"]["checks"]} checks fail' in page
    assert "fails at &lt;x&gt;" in page and '<tr class="fail">' in page
    markdown = report_html.render_markdown(data)
    assert "**FAIL**" in markdown and "fails at <x>" in markdown


def test_without_matplotlib_the_page_says_the_figures_are_left_out(run):
    page = report_html.render_html(run["json"], figures=None)
    _parse(page)
    assert "<figure" not in page and "install the [plot] extra" in page


# ---- Markdown ------------------------------------------------------------------------------

def test_markdown_has_the_summary_one_row_per_check_and_the_errata(run):
    data, md = run["json"], run["markdown"]
    t = data["totals"]
    assert f"{t['checks']} checks, {t['pass']} pass, {t['fail']} fail; {t['errata']} errata" in md
    rows = [line for line in md.splitlines() if line.startswith("| ") and not line.startswith("| ID")]
    assert len(rows) == len(data["checks"])
    assert all(len(re.split(r"(?<!\\)\|", row)) == 8 for row in rows)  # pipes inside cells escaped
    assert md.count("  - counterexample: ") == len(data["errata"])


def test_html_and_markdown_are_written_only_when_asked(tmp_path, capsys):
    assert cli.main(["audit", "--id", "LR-2", "--quiet", "--no-figures", "--html", str(tmp_path / "a.html"),
                     "--markdown", str(tmp_path / "a.md")]) == 0
    text = capsys.readouterr().out
    assert "Totals:" in " ".join(text.splitlines()[-4:])  # stdout is still the text report
    page = (tmp_path / "a.html").read_text(encoding="utf-8")
    _parse(page)
    assert "<figure" not in page and "LR-2" in page and (tmp_path / "a.md").read_text().startswith("# cs229 audit")


# ---- in a real browser ---------------------------------------------------------------------

def _chromium():
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


_NO_CHROMIUM = "headless Chromium is not installed (Debian package 'chromium'; .ci/run installs it)"


@pytest.fixture(scope="session")
def chromium():
    """The browser; the test skips without it, or fails where CS229_BROWSER_TEST=require (.ci/run)."""
    path = _chromium()
    if path is None:
        if os.environ.get("CS229_BROWSER_TEST") == "require":
            pytest.fail(_NO_CHROMIUM + ", and CS229_BROWSER_TEST=require")
        pytest.skip(_NO_CHROMIUM)
    return path


# Chromium's headless window is at least 500 px wide whatever --window-size says, so the page is
# laid out inside an iframe of the exact width; the probe reads the iframe's document after load.
_FRAME = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>probe</title>
<style>html, body {{ margin: 0; background: #fff; }} iframe {{ border: 0; display: block; }}</style></head>
<body><iframe id="page" width="{width}" height="{height}" srcdoc="{page}"></iframe>
<script>
function probe() {{
  var f = document.getElementById("page"), d = f.contentDocument.documentElement, totals = {{}};
  f.contentDocument.querySelectorAll("[data-total]").forEach(function (e) {{
    totals[e.getAttribute("data-total")] = e.textContent; }});
  var out = {{innerWidth: f.contentWindow.innerWidth, scrollWidth: d.scrollWidth,
    clientWidth: d.clientWidth, bodyScrollWidth: f.contentDocument.body.scrollWidth, totals: totals,
    verdict: f.contentDocument.querySelector(".banner").getAttribute("data-verdict")}};
  var pre = document.createElement("pre"); pre.id = "probe"; pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
}}
var f = document.getElementById("page");
if (f.contentDocument && f.contentDocument.readyState === "complete" && f.contentDocument.body
    && f.contentDocument.querySelector(".banner")) {{ probe(); }} else {{ f.addEventListener("load", probe); }}
</script></body></html>"""


def _browse(chromium, tmp_path, page, width, height, *mode):
    frame = tmp_path / f"frame{width}.html"
    frame.write_text(_FRAME.format(width=width, height=height, page=html.escape(page, quote=True)),
                     encoding="utf-8")
    args = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--hide-scrollbars", "--no-first-run", f"--user-data-dir={tmp_path / 'profile'}",
            f"--window-size={width},{height}", "--virtual-time-budget=20000", *mode, frame.as_uri()]
    return subprocess.run(args, capture_output=True, text=True, timeout=180, cwd=tmp_path)


def _not_blank(png_path, width):
    from matplotlib import image
    pixels = image.imread(str(png_path))
    assert pixels.shape[1] == width and pixels.shape[0] > 300
    grey = pixels[..., :3].mean(axis=2)
    background = float(pytest.importorskip("numpy").median(grey))
    inked = float((abs(grey - background) > 0.1).mean())
    assert inked > 0.03, f"only {inked:.1%} of the {width} px screenshot differs from the background"


@pytest.mark.parametrize("width", [1280, 390])
def test_in_chromium_the_page_fits_the_width_and_shows_the_jsons_numbers(chromium, run, tmp_path, width):
    result = _browse(chromium, tmp_path, run["html"], width, 900, "--dump-dom")
    found = re.search(r'<pre id="probe">(.*?)</pre>', result.stdout, re.S)
    assert found, f"no probe output; stderr: {result.stderr[-1000:]}"
    seen = json.loads(html.unescape(found.group(1)))
    assert seen["innerWidth"] == width
    assert seen["scrollWidth"] <= seen["clientWidth"] and seen["bodyScrollWidth"] <= width, \
        f"the page scrolls sideways at {width} px: {seen}"
    totals = run["json"]["totals"]
    assert seen["totals"] == {k: str(totals[k]) for k in ("checks", "pass", "fail", "errata", "slips", "seconds")}
    assert seen["verdict"] == ("pass" if totals["fail"] == 0 else "fail")


@pytest.mark.parametrize("width", [1280, 390])
def test_in_chromium_the_screenshots_are_not_blank(chromium, run, tmp_path, width):
    shot = tmp_path / f"report-{width}.png"
    result = _browse(chromium, tmp_path, run["html"], width, 1100, f"--screenshot={shot}")
    assert shot.exists(), result.stderr[-1000:]
    _not_blank(shot, width)
    keep = os.environ.get("CS229_SCREENSHOTS")  # a directory to keep the screenshots in
    if keep:
        shutil.copy(shot, os.path.join(keep, shot.name))
