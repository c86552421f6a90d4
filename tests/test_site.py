"""The book of `make html` (Sphinx, MyST-NB, sphinx-book-theme): the notebooks in reading order,
every link and image resolves, and every page renders in a real browser (headless Chromium, no
network) with its figures loaded and no TeX left raw on screen."""

import base64
import re
import shutil
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


class _Collector(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.images = [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
        if tag == "img" and "src" in attrs:
            self.images.append(attrs["src"])


@pytest.fixture(scope="module")
def site():
    parent = Path(tempfile.mkdtemp(prefix="mines-site-"))
    out = parent / "site"
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(out)],
        check=True,
        capture_output=True,
    )
    # `make html` writes nothing but the site: with `out` in the tree, anything beside it (as
    # MyST-NB's jupyter_execute/ was) would be an untracked file in the reader's clone.
    assert sorted(p.name for p in parent.iterdir()) == ["site"]
    yield out
    shutil.rmtree(parent, ignore_errors=True)


def _figures_in(notebook: Path) -> int:
    nb = nbformat.read(notebook, as_version=4)
    return sum(
        "image/png" in output.get("data", {})
        for cell in nb.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
    )


def test_index_links_every_notebook_in_reading_order(site):
    collector = _Collector()
    collector.feed((site / "index.html").read_text(encoding="utf-8"))
    stems = {nb.stem for nb in NOTEBOOKS}
    pages = [link.split("#")[0] for link in collector.links]
    ordered = [p[:-5] for p in dict.fromkeys(pages) if p.endswith(".html") and p[:-5] in stems]
    assert ordered == [nb.stem for nb in NOTEBOOKS]
    assert "ledger.html" in pages


def test_ledger_page_links_every_row_to_its_verdict_cell(site):
    from mines_theory.verification.framework import ledger

    text = (site / "ledger.html").read_text(encoding="utf-8")
    for claim in ledger.CLAIMS:
        assert f'href="{claim.notebook}.html#verdict"' in text, claim.number
    for notebook in NOTEBOOKS:
        if any(c.notebook == notebook.stem for c in ledger.CLAIMS + ledger.FINDINGS):
            assert 'id="verdict"' in (site / f"{notebook.stem}.html").read_text(encoding="utf-8")


def test_every_link_and_image_resolves(site):
    for page in sorted(site.glob("*.html")):
        collector = _Collector()
        collector.feed(page.read_text(encoding="utf-8"))
        for link in collector.links:
            if re.match(r"^(https?:|mailto:|#)", link):
                continue
            link = link.split("?")[0]
            assert (site / link.split("#")[0]).is_file(), f"{page.name}: broken link {link}"
        for src in collector.images:
            if src.startswith("data:image/png;base64,"):
                assert base64.b64decode(src.split(",", 1)[1])[:8] == b"\x89PNG\r\n\x1a\n", page.name
            else:
                assert (site / src).is_file(), f"{page.name}: missing image {src}"
        notebook = ROOT / "notebooks" / f"{page.stem}.ipynb"
        if notebook.is_file():
            assert len(collector.images) >= _figures_in(notebook), page.name


def test_glued_numbers_are_pasted_and_solutions_collapsed(site):
    """Every ``{glue:…}`` role of a notebook's Markdown is replaced by its value on the page, and
    every solution cell sits in a collapsed toggle (MyST-NB's ``hide-cell``)."""
    for notebook in NOTEBOOKS:
        page = (site / f"{notebook.stem}.html").read_text(encoding="utf-8")
        assert "{glue" not in page, f"{notebook.name}: a glue role was left unrendered"
        nb = nbformat.read(notebook, as_version=4)
        roles = sum(
            len(re.findall(r"\{glue(?::text|:md)?\}`", cell.source))
            for cell in nb.cells
            if cell.cell_type == "markdown"
        )
        assert page.count('class="pasted-text"') + page.count('class="pasted-inline"') >= roles, (
            f"{notebook.name}: fewer pasted values than roles"
        )
        solutions = sum(
            cell.cell_type == "code" and "solution" in cell.metadata.get("tags", [])
            for cell in nb.cells
        )
        collapsed = re.findall(r'<details class="[^"]*\bhide\b[^"]*above-input', page)
        assert len(collapsed) >= solutions, f"{notebook.name}: a solution is not collapsed"


def _chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def test_pages_render_with_their_figures_in_a_browser(site):
    browser = _chromium()
    if browser is None:
        pytest.skip(
            "BROWSER TEST NOT RUN: no chromium on this machine (Debian package "
            "'chromium'; .ci/run installs it)"
        )
    for page in sorted(
        p for p in site.glob("*.html") if p.name not in ("genindex.html", "search.html")
    ):
        profile = tempfile.mkdtemp(prefix="mines-chromium-")
        result = subprocess.run(
            [
                browser,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                f"--user-data-dir={profile}",
                "--virtual-time-budget=15000",
                "--dump-dom",
                page.as_uri(),
            ],
            capture_output=True,
            text=True,
            timeout=120,
        )
        shutil.rmtree(profile, ignore_errors=True)
        dom = result.stdout
        assert 'data-checked="true"' in dom, f"{page.name}: the page script did not run"
        assert 'data-images-ok="true"' in dom, f"{page.name}: images did not all load"
        assert 'data-math-untypeset="0"' in dom, f"{page.name}: some mathematics was not typeset"
        assert 'data-raw-tex="0"' in dom, f"{page.name}: raw TeX left on screen"
        assert 'data-stray-emphasis="0"' in dom, f"{page.name}: stray emphasis markers (* or _)"
        assert 'data-clipped-lines="0"' in dom, f"{page.name}: code or output lines clipped"
        count = int(re.search(r'data-image-count="(\d+)"', dom).group(1))
        notebook = ROOT / "notebooks" / f"{page.stem}.ipynb"
        if notebook.is_file():
            assert count >= _figures_in(notebook), f"{page.name}: {count} images rendered"


def _dump_dom(browser, page: Path) -> str:
    profile = tempfile.mkdtemp(prefix="mines-chromium-")
    try:
        return subprocess.run(
            [
                browser,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                f"--user-data-dir={profile}",
                "--virtual-time-budget=3000",
                "--dump-dom",
                page.as_uri(),
            ],
            capture_output=True,
            text=True,
            timeout=120,
        ).stdout
    finally:
        shutil.rmtree(profile, ignore_errors=True)


@pytest.mark.parametrize(
    "body, stray",
    [
        ("holds (the mean centres on μ̂*; f − f* levels off)", 0),  # escaped: as written
        ("<em>fine</em> and <strong>Verdict:</strong> holds", 0),  # meant emphasis
        ("holds (the mean centres on μ̂<em>; f − f</em> levels off)**", 2),  # the stars eaten
        ("eq:log<em>lh and x</em>y", 1),  # an underscore pair
    ],
)
def test_page_script_counts_stray_emphasis(tmp_path, body, stray):
    """The browser test's stray-emphasis count, on pages made under each alternative: a star or
    underscore that Markdown turned into emphasis inside a word, and literal "**" left over."""
    browser = _chromium()
    if browser is None:
        pytest.skip("BROWSER TEST NOT RUN: no chromium on this machine")
    shutil.copy2(ROOT / "book" / "_static" / "checks.js", tmp_path / "checks.js")
    page = tmp_path / "page.html"
    page.write_text(
        f'<html><body><main><p>{body}</p></main><script src="checks.js"></script></body></html>',
        encoding="utf-8",
    )
    assert f'data-stray-emphasis="{stray}"' in _dump_dom(browser, page)


def test_references_page_lists_the_paper_and_the_classic_sources(site):
    """The references page (sphinxcontrib-bibtex over book/references.bib) lists both arXiv
    versions of the paper and every entry of the .bib file, and the front page links it."""
    page = (site / "references.html").read_text(encoding="utf-8")
    for arxiv in ("2308.00469", "1910.11490"):
        assert arxiv in page
    keys = re.findall(r"^@\w+\{([^,]+),", (ROOT / "book" / "references.bib").read_text(), re.M)
    assert len(keys) >= 10
    assert page.count('class="citation"') == len(keys)
    assert "references.html" in (site / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("wrapped, clipped", [(True, 0), (False, 1)])
def test_long_lines_wrap_with_the_book_stylesheet(tmp_path, wrapped, clipped):
    """A verdict line longer than the column: with the book's stylesheet it wraps; without it,
    the page script counts it as clipped (the alternative the browser test rules out)."""
    browser = _chromium()
    if browser is None:
        pytest.skip("BROWSER TEST NOT RUN: no chromium on this machine")
    for name in ("checks.js", "wrap.css"):
        shutil.copy2(ROOT / "book" / "_static" / name, tmp_path / name)
    css = '<link rel="stylesheet" href="wrap.css">' if wrapped else ""
    line = "Lemma 5.3 (PDF: Lemma 11; lem:Sig_dec): holds " + "k‖Σ_k⁻¹ − H‖² = 130 ± 10; " * 40
    page = tmp_path / "page.html"
    page.write_text(
        f'<html><head>{css}</head><body><main><div class="cell_output"><pre>{line}'
        '</pre></div></main><script src="checks.js"></script></body></html>',
        encoding="utf-8",
    )
    assert f'data-clipped-lines="{clipped}"' in _dump_dom(browser, page)
