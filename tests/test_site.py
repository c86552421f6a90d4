"""The book of `make html` (Sphinx, MyST-NB, sphinx-book-theme): the notebooks in reading order,
every link and image resolves, and every page, in a real browser (headless Chromium, no network,
``tests/browser.py``), renders with its figures loaded, no TeX left raw on screen, no formula,
table or figure past its column, no code line wrapped to column 0 or out of sight without a
scroll bar, and prints (``@media print``): without sidebars, within an A4 page, to a PDF.

The browser measures each page with the book's own page script (``book/_static/checks.js``),
whose every count is tested here on small pages made to fail it. ``make test`` prints a sample
of pages to PDF (``PRINTED``); ``make test-book`` (``MINES_BOOK_PRINT=all``) prints every page.
"""

import base64
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pytest

from mines_theory.verification.proofs import spec
from mines_theory.verification.views.report import page_name

from .browser import PRINT_WIDTH, Browser, executable, pdf_pages

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
    """The book, built into a temporary folder (with its PDFs where Chromium is), or the book
    already built at ``MINES_BOOK_SITE`` (``make html``'s ``site/``), which is only read."""
    if os.environ.get("MINES_BOOK_SITE"):
        yield Path(os.environ["MINES_BOOK_SITE"])
        return
    parent = Path(tempfile.mkdtemp(prefix="mines-site-"))
    out = parent / "site"
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(out)]
        + ([] if executable() else ["--no-pdf"]),
        check=True,
        capture_output=True,
    )
    # `make html` writes nothing but the site: with `out` in the tree, anything beside it (as
    # MyST-NB's jupyter_execute/ was) would be an untracked file in the reader's clone.
    assert sorted(p.name for p in parent.iterdir()) == ["site"]
    yield out
    shutil.rmtree(parent, ignore_errors=True)


def _figures_in(notebook: Path) -> int:
    """The figures a notebook's page shows: those of its code cells, but a cell the book
    removes (``remove-cell``: 00's slide-only figures of the atlas)."""
    nb = nbformat.read(notebook, as_version=4)
    return sum(
        "image/png" in output.get("data", {})
        for cell in nb.cells
        if cell.cell_type == "code" and "remove-cell" not in cell.metadata.get("tags", [])
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
    for claim in ledger.claims():
        assert f'href="{claim.notebook}.html#verdict"' in text, claim.number
    for notebook in NOTEBOOKS:
        if any(c.notebook == notebook.stem for c in ledger.claims() + ledger.findings()):
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


def test_every_link_of_the_errata_index_reaches_its_anchor(site):
    """08d's index links each erratum once (its number) to where it is written out: an id on 08d
    itself or on a page of the corrigendum (``errata.erratum_link``). Each such link reaches an
    element with that id in the built page; 47 rows, 47 links."""
    from mines_theory.verification.framework import ledger

    page = (site / "08d-errata.html").read_text(encoding="utf-8")
    collector = _Collector()
    collector.feed(page)
    links = [x for x in collector.links if re.search(r"#(erratum|repair)-", x)]
    assert len(links) >= len(ledger.errata())
    for link in links:
        name, anchor = link.split("#", 1)
        target = page if not name else (site / name).read_text(encoding="utf-8")
        assert f'id="{anchor}"' in target, f"08d-errata.html: {link} reaches no anchor"


def test_the_walk_pages_link_each_erratum_to_its_entry_and_fold_how_to_read_them(site):
    """Every walk page and the proofs index link an erratum to where it is written out (an
    id on 08d or on a page of the corrigendum: ``views.errata.erratum_link``), and each such
    link reaches an element with that id in the built page; each walk page with margins or a
    display of several steps links the index's one explanation of how to read it; Lemma 38's opening
    lists its failing steps by erratum as a list of 3 items, each linking its erratum."""
    from mines_theory.verification.proofs import pages

    for name in ("proofs",) + WALK_PAGES:
        page = (site / f"{name}.html").read_text(encoding="utf-8")
        collector = _Collector()
        collector.feed(page)
        for link in [x for x in collector.links if re.search(r"#(erratum|repair)-", x)]:
            target, anchor = link.split("#", 1)
            text = page if not target else (site / target).read_text(encoding="utf-8")
            assert f'id="{anchor}"' in text, f"{name}.html: {link} reaches no anchor"
        if name != "proofs":  # a link to the index's one explanation (reader, stop 56)
            assert page.count(f"proofs.html#{pages.READING_ANCHOR}") == 1, name
        else:
            assert f'id="{pages.READING_ANCHOR}"' in page
    page = (site / "walk-lemma-e-8.html").read_text(encoding="utf-8")
    listed = re.search(r"failing steps answer to 3 errata:</p>\s*<ul[^>]*>(.*?)</ul>", page, re.S)
    assert listed is not None
    items = re.findall(r"<li>(.*?)</li>", listed[1], re.S)
    assert len(items) == 3 and all(re.search(r'href="[^"]*#(erratum|repair)-', x) for x in items)


def _glued_markdown(nb: nbformat.NotebookNode) -> dict[str, str]:
    """The values a notebook glues as Markdown (``glue(key, Markdown(…))``): key -> Markdown."""
    return {
        output.metadata.scrapbook["name"]: "".join(
            output.data[output.metadata.scrapbook["mime_prefix"] + "text/markdown"]
        )
        for cell in nb.cells
        for output in cell.get("outputs", [])
        if "scrapbook" in output.get("metadata", {})
        and output.metadata.scrapbook["mime_prefix"] + "text/markdown" in output.data
    }


def test_glued_numbers_are_pasted_and_solutions_collapsed(site):
    """Every ``{glue:…}`` role of a notebook's Markdown is replaced by its value on the page (a
    value in bold, ``.pasted-text``; Markdown, ``{glue:md}``, as the prose it is: its longest
    run of words without mathematics, markup or quotes on the page), and every solution cell
    sits in a collapsed toggle (MyST-NB's ``hide-cell``)."""
    for notebook in NOTEBOOKS:
        page = (site / f"{notebook.stem}.html").read_text(encoding="utf-8")
        assert "{glue" not in page, f"{notebook.name}: a glue role was left unrendered"
        nb = nbformat.read(notebook, as_version=4)
        markdown = [cell.source for cell in nb.cells if cell.cell_type == "markdown"]
        roles = sum(len(re.findall(r"\{glue(?::text)?\}`", source)) for source in markdown)
        assert page.count('class="pasted-text"') + page.count('class="pasted-inline"') >= roles, (
            f"{notebook.name}: fewer pasted values than roles"
        )
        glued, text = _glued_markdown(nb), unescape(re.sub(r"<[^>]+>", "", page))
        for key in re.findall(r"\{glue:md\}`([^`:]+)", "\n".join(markdown)):
            # the longest run of its words that no markup, label-with-number (report.tex_labels)
            # or number the build writes as a power of ten (report.powers_of_ten) breaks up
            shown = re.sub(r"\]\([^)]*\)", "]", glued[key])  # a link's text, not its target
            parts = re.split(r"[$*_`'\"\[\]\\():]|-?\d+(?:\.\d+)?e[+-]?\d+", shown)
            words = max(parts, key=len).strip()
            pasted = len(words) >= 10 and words in text
            assert pasted, f"{notebook.name}: {key} not pasted ({words!r} not on the page)"
        solutions = sum(
            cell.cell_type == "code" and "solution" in cell.metadata.get("tags", [])
            for cell in nb.cells
        )
        collapsed = re.findall(r'<details class="[^"]*\bhide\b[^"]*above-input', page)
        assert len(collapsed) >= solutions, f"{notebook.name}: a solution is not collapsed"


#: The longest text MyST-NB may paste as a glued value (``{glue:text}``), which it sets in bold
#: (``.pasted-text``): a number, an interval, a name. A computed sentence is longer and is glued
#: as Markdown (``{glue:md}`key:myst```), which is pasted as the prose around it.
PASTED_TEXT_MAX = 80


def pasted_texts(page: str) -> list[str]:
    """The texts of ``page`` that MyST-NB pasted in bold (``<span class="pasted-text">``), with
    their tags removed and their entities read."""
    spans = re.findall(r'<span class="pasted-text">(.*?)</span>', page, re.S)
    return [unescape(re.sub(r"<[^>]+>", "", span)) for span in spans]


def test_pasted_texts_reads_bold_values_not_glued_markdown():
    page = (
        '<p>the rate <span class="pasted-text">0.0144 [0.0114, 0.0161]</span> and '
        '<span class="pasted-text">f &#8722; f<sup>*</sup> at the end</span>; a sentence glued '
        "as Markdown is a plain <span>sentence</span>.</p>"
    )
    assert pasted_texts(page) == ["0.0144 [0.0114, 0.0161]", "f \u2212 f* at the end"]


def test_no_computed_sentence_is_pasted_in_bold(site):
    """A glued text longer than ``PASTED_TEXT_MAX`` characters is a computed sentence, set in bold
    by MyST-NB as if it were a number: glued as Markdown it reads as prose. Fails on the book
    whose 05/06 sentences after the verdict tables were glued as text (319, 463 characters)."""
    long = {}
    for notebook in NOTEBOOKS:
        page = (site / f"{notebook.stem}.html").read_text(encoding="utf-8")
        texts = [text for text in pasted_texts(page) if len(text) > PASTED_TEXT_MAX]
        if texts:
            long[notebook.stem] = [f"{len(text)}: {text[:60]}…" for text in texts]
    assert not long, f"glued texts set in bold, longer than {PASTED_TEXT_MAX} characters: {long}"


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


#: The pages of the book (the notebooks and the book's own pages; Sphinx's index, search and
#: directive-index pages are left out).
PAGES = (
    ["index"]
    + [nb.stem for nb in NOTEBOOKS]
    + ["reading-a-verdict", "ledger", "references", "notation", "solutions", "citing"]
    # the proof walk's index and two of its pages: the longest proof (Lemma E.8, 50 steps) and
    # Lemma 9's (long members folded, long relations broken into aligned lines)
    + ["proofs", "walk-lemma-e-8", "walk-lemma-5-1"]
)
#: Every page of the proof walk (``proofs.pages``): each is checked on screen and in print for
#: mathematics past its column (the line-breaking of ``pages._lines`` is measured by a count of
#: characters, which only the browser can confirm), not for its length.
WALK_PAGES = tuple(page_name(proof.name) for proof in spec.proofs())
#: The pages ``make test`` prints to PDF (``MINES_BOOK_PRINT=all``, as ``make test-book`` sets
#: it, prints every page): a page of each kind, the front page, a notebook and the ledger.
PRINTED = ("index", "00-overview", "ledger")


@pytest.fixture(scope="module")
def browser():
    binary = executable()
    if binary is None:
        pytest.skip(
            "BROWSER TEST NOT RUN: no chromium on this machine (Debian package "
            "'chromium'; .ci/run installs it)"
        )
    with Browser(binary) as chromium:
        yield chromium


def _problems(checks: dict, keys: tuple[str, ...]) -> dict:
    return {key: checks[key] for key in keys if checks[key]}


#: What no page may show, on screen or in print (each a list of what was found).
NOTHING_RAW_OR_CUT = (
    "rawTex",
    "clippedLines",
    "wideMath",
    "wideTables",
    "wideFigures",
    "wrappedCode",
    "hiddenCode",
    "wideListing",
)


#: Each formula of the article past its column (as the page script's ``wideMath`` measures
#: it), and whether a box scrolls it: the formula's MathJax container, or the ``div.math``
#: around it, with ``overflow-x`` auto or scroll, more to scroll than it shows, and itself
#: within the column (rather than the formula running past the column or being cut).
SCROLLED_MATH = """
JSON.stringify(Array.from(document.querySelectorAll('article mjx-container')).filter(function (c) {
  return c.getClientRects().length && c.querySelector('mjx-math');
}).map(function (c) {
  var el = c.closest('aside.margin, aside.sidebar, article.bd-article, main, body');
  var r = el.getBoundingClientRect(), s = getComputedStyle(el);
  var left = r.left + parseFloat(s.paddingLeft), right = r.right - parseFloat(s.paddingRight);
  var math = c.querySelector('mjx-math').getBoundingClientRect();
  var box = [c, c.parentElement].filter(function (e) {
    return /auto|scroll/.test(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth;
  })[0];
  var inside = box && box.getBoundingClientRect().right <= right + 1 &&
    box.getBoundingClientRect().left >= left - 1;
  return {wide: Math.max(math.right - right, left - math.left) > 1, scrolls: !!inside};
}).filter(function (m) { return m.wide; }))
"""


def _unscrolled(browser, checks: dict, name: str) -> list:
    """The wide formulas of ``checks`` that a reader cannot reach: on a walk page, a display
    that ``pages`` leaves whole (a line with no relation, + or − outside its brackets, which
    tests/test_book_walk_pages.py checks: a line cut inside brackets does not read) may be
    wider than the column where its box scrolls it (``SCROLLED_MATH``); elsewhere, any."""
    if name not in WALK_PAGES:
        return checks["wideMath"]
    wide = json.loads(browser.evaluate(SCROLLED_MATH))
    print(f"{name}: {len(wide)} wide displays, {sum(m['scrolls'] for m in wide)} scrolled")
    assert len(wide) == len(checks["wideMath"]), (name, wide, checks["wideMath"])
    return [m for m in wide if not m["scrolls"]]


@pytest.mark.parametrize("name", PAGES + [n for n in WALK_PAGES if n not in PAGES])
def test_page_on_screen_and_in_print(site, browser, name):
    """At 1280 px: the page script ran, every image decoded, all mathematics typeset, nothing
    raw or cut (``NOTHING_RAW_OR_CUT``), no stray emphasis. In print (print media at the width
    of an A4 line): no sidebar, header or page navigation, the article as wide as the paper,
    and nothing raw or cut, a code line or a display included (print wraps a code line and
    sets a display smaller where the screen scrolls them)."""
    page = site / f"{name}.html"
    screen = browser.open(page)
    assert screen["imagesOk"], f"{name}: images did not all load"
    assert screen["mathUntypeset"] == 0, f"{name}: some mathematics was not typeset"
    assert screen["strayEmphasis"] == 0, f"{name}: stray emphasis markers (* or _)"
    assert not _unscrolled(browser, screen, name), f"{name}: mathematics past the column"
    screen["wideMath"] = []
    assert not _problems(screen, NOTHING_RAW_OR_CUT), f"{name} on screen"
    notebook = ROOT / "notebooks" / f"{name}.ipynb"
    if notebook.is_file():
        assert screen["imageCount"] >= _figures_in(notebook), f"{name}: images missing"

    browser.emulate(PRINT_WIDTH, media="print")
    printed = browser.measure()
    assert printed["chrome"] == [], f"{name}: printed with {printed['chrome']}"
    assert printed["articleWidth"] >= printed["pageWidth"] - 2, (
        f"{name}: the printed article is {printed['articleWidth']} px of a "
        f"{printed['pageWidth']}-px page"
    )
    # on paper nothing scrolls: a display wider than the line is set smaller to fit it (the
    # print style, wrap.css, from the widths the page script measured); none is cut
    assert not _problems(printed, NOTHING_RAW_OR_CUT + ("wideCode",)), f"{name} in print"
    if name in PRINTED or os.environ.get("MINES_BOOK_PRINT") == "all":
        pdf = browser.print_pdf()
        assert pdf.startswith(b"%PDF-"), name
        assert pdf_pages(pdf) >= 1, f"{name}: a PDF without pages"
        # A4 is 595.3 × 841.9 pt; Chromium rounds its page to whole device pixels.
        size = re.search(rb"/MediaBox\s*\[0 0 ([\d.]+) ([\d.]+)\]", pdf)
        assert size and abs(float(size[1]) - 595.3) < 1 and abs(float(size[2]) - 841.9) < 1, name


#: The tallest a page may be at 1280 px (a QuantEcon lecture is 5–10k px; issue 34 measured
#: notebook 08 at 37,516 px and the ledger at 30,645 px before they were split and folded, and
#: notebook 05 at 21,563 px before its asides and figure code were folded).
MAX_PAGE_HEIGHT = 20_000


@pytest.mark.parametrize("name", PAGES)
def test_page_is_at_lecture_length(site, browser, name):
    """At 1280 px, with every verdict's detail and every aside folded, no page is taller than
    ``MAX_PAGE_HEIGHT``."""
    height = browser.open(site / f"{name}.html")["pageHeight"]
    print(f"{name}: {height} px")
    assert 0 < height <= MAX_PAGE_HEIGHT, f"{name}: {height} px tall"


#: The tallest a verdict cell may be at 1280 px with its detail folded (issue 45 §2: notebook 05's
#: printed verdicts were 2,990 px tall, 08d's 2,832 px).
MAX_VERDICT_HEIGHT = 1_200
VERDICT_HEIGHTS = (
    "Array.from(document.querySelectorAll('.cell.tag_verdict'))"
    ".map(e => [Math.round(e.getBoundingClientRect().height), e.querySelectorAll('table').length])"
)


@pytest.mark.parametrize("name", [nb.stem for nb in NOTEBOOKS])
def test_verdict_cells_are_short_tables_when_folded(site, browser, name):
    """Each verdict cell of a notebook (``build_site.VERDICT_TAG``) shows a table, and with its
    printed text folded is at most ``MAX_VERDICT_HEIGHT`` px tall."""
    nb = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)
    cells = sum(c.cell_type == "code" and "verdict_cell(" in c.source for c in nb.cells)
    browser.open(site / f"{name}.html")
    found = browser.evaluate(VERDICT_HEIGHTS)
    print(f"{name}: verdict cells {found}")
    assert len(found) == cells, name
    assert all(tables == 1 for _, tables in found), found
    assert all(0 < height <= MAX_VERDICT_HEIGHT for height, _ in found), found


def test_a_verdict_cell_printed_in_full_is_too_tall(tmp_path, browser):
    """The alternative: notebook 05's verdict cell as it prints (its stored text, unfolded, in
    the book's stylesheet) measures over ``MAX_VERDICT_HEIGHT``."""
    nb = nbformat.read(ROOT / "notebooks" / "05-convergence-mean.ipynb", as_version=4)
    [text] = [
        "".join(o.get("text", "") for o in c.outputs)
        for c in nb.cells
        if c.cell_type == "code" and "verdict_cell(" in c.source
    ]
    from html import escape

    body = (
        '<div class="cell tag_verdict"><div class="cell_output"><div class="highlight"><pre>'
        f"{escape(text)}</pre></div></div></div>"
    )
    browser.open(_page(tmp_path, body))
    [[height, tables]] = browser.evaluate(VERDICT_HEIGHTS)
    assert height > MAX_VERDICT_HEIGHT and tables == 0


@pytest.mark.parametrize("kind", ["verdict", "aside"])
def test_a_folded_verdict_is_closed_on_screen_and_open_in_print(tmp_path, browser, kind):
    """``views.report.folded`` writes a <details class="verdict">, and a notebook's Markdown a
    <details class="aside"> around an aside of its prose: on screen the detail is hidden behind
    the one-line answer or title, in print (the book's print style) it is shown."""
    body = f'<details class="{kind}"><summary>holds</summary><p id="d">detail</p></details>'
    browser.open(_page(tmp_path, body))
    shown = "document.getElementById('d').checkVisibility()"
    assert browser.evaluate(shown) is False
    browser.emulate(1280, media="print")
    assert browser.evaluate(shown) is True
    browser.open(_page(tmp_path, body, css=False))  # without the print style: still folded
    browser.emulate(1280, media="print")
    assert browser.evaluate(shown) is False


def test_the_page_height_is_measured(tmp_path, browser):
    """The page script measures the whole page, not the window: a page made 30,000 px tall
    measures at least that, one of a few lines less than the window."""
    tall = browser.open(_page(tmp_path, '<div style="height: 30000px">tall</div>'))
    assert tall["pageHeight"] >= 30_000
    short = browser.open(_page(tmp_path, "<p>short</p>"))
    assert short["pageHeight"] <= 1000


def test_the_ledger_page_and_the_front_page_state_their_numbers(site, browser):
    """The page script counts what it finds: the ledger's only mathematics is its Σ̄, typeset
    (``report.bar_sigma``: a combining macron is lost in the browser's font), and the front page
    has its figures (a check that every count above is not zero by accident)."""
    ledger = browser.open(site / "ledger.html")
    bars = (site / "ledger.html").read_text(encoding="utf-8").count("\\bar\\Sigma")
    assert bars > 0 and ledger["mathCount"] == bars and ledger["codeLines"] == 0
    overview = browser.open(site / "00-overview.html")
    assert overview["mathCount"] > 100 and overview["codeLines"] > 100
    assert overview["imageCount"] >= 3


#: The text of the article (prose, tables, lists, summaries, headings) that shows a label of the
#: .tex raw: a text node with "eq:", "lem:", "prop:" or "thm:" before a label's characters, not
#: inside a ``.tex-label`` span (``views.report.tex_labels``), code, a listing or MathJax.
RAW_LABELS = r"""(() => {
  const raw = /(?:^|[^\w:{#/-])(?:eq|lem|prop|thm):[A-Za-z0-9_]/;
  const kept = '.tex-label, code, pre, script, style, mjx-container, .MathJax';
  const article = document.querySelector('article.bd-article') || document.body;
  const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
  const found = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (raw.test(node.textContent) && !node.parentElement.closest(kept)) {
      found.push(node.textContent.trim().slice(0, 120));
    }
  }
  return found;
})()"""
#: The pages whose prose names equations: the front page, the ledger, the notebooks (their
#: prose, outputs and values glued as Markdown) and the proof walk.
LABEL_PAGES = ("index", "ledger", "proofs") + tuple(nb.stem for nb in NOTEBOOKS) + WALK_PAGES


@pytest.mark.parametrize("name", LABEL_PAGES)
def test_no_label_of_the_tex_is_left_raw_in_prose(site, browser, name):
    """On the pages that cite equations most, every label of the .tex in prose follows the PDF's
    number in its muted span: none is shown raw, as code is ("eq:chi_1 (E.10)")."""
    browser.open(site / f"{name}.html")
    found = browser.evaluate(RAW_LABELS)
    assert found == [], f"{name}: {len(found)} raw labels, e.g. {found[:3]}"


@pytest.mark.parametrize(
    "body, found",
    [
        ("<p>bounded by eq:chi_1 (E.10)</p>", 1),  # the alternative: the label raw in prose
        ("<li>Label prop:TG (Lemma 8)</li>", 1),
        ('<p>(E.10) <span class="tex-label">eq:chi_1</span></p>', 0),
        ("<p><code>eq:chi_1</code>, <a href='#eq:chi_1'>x</a></p>", 0),
    ],
)
def test_the_raw_label_check_finds_a_raw_label(tmp_path, browser, body, found):
    browser.open(_page(tmp_path, body))
    assert len(browser.evaluate(RAW_LABELS)) == found


def _page(tmp_path: Path, body: str, css: bool = True, head: str = "") -> Path:
    """A small page with the book's page script (and stylesheet), laid out like an article."""
    for name in ("checks.js", "wrap.css"):
        shutil.copy2(ROOT / "book" / "_static" / name, tmp_path / name)
    style = '<link rel="stylesheet" href="wrap.css">' if css else ""
    page = tmp_path / "page.html"
    page.write_text(
        f"<html><head>{style}{head}<style>article {{ width: 676px; }}</style></head><body>"
        f'<main><article class="bd-article">{body}</article></main>'
        '<script src="checks.js"></script></body></html>',
        encoding="utf-8",
    )
    return page


#: A display as MathJax sets it, 60 em wide at 120 % of the text: wider than the column.
WIDE_DISPLAY = (
    '<div class="math"><mjx-container display="true" style="font-size: 120%">'
    '<mjx-math style="display: inline-block; width: 60em">x</mjx-math></mjx-container></div>'
)


@pytest.mark.parametrize("css", [True, False])
def test_a_display_wider_than_the_line_is_set_smaller_in_print(tmp_path, browser, css):
    """A display wider than the column scrolls on screen; on paper nothing scrolls, so the
    print style sets it smaller, to the printed line's width (from the width in em the page
    script records), and one that fits keeps its size; without the print style it is cut."""
    fits = WIDE_DISPLAY.replace("60em", "10em").replace(' style="font-size: 120%"', "")
    page = _page(tmp_path, WIDE_DISPLAY + fits, css=css)
    screen = browser.open(page)
    assert len(screen["wideMath"]) == 1
    size = "parseFloat(getComputedStyle(document.querySelectorAll('mjx-container')[1]).fontSize)"
    before = browser.evaluate(size)
    browser.emulate(PRINT_WIDTH, media="print")
    printed = browser.measure()
    assert (printed["wideMath"] == []) == css, printed["wideMath"]
    assert browser.evaluate(size) == before  # the display that fits keeps its size


@pytest.mark.parametrize(
    "body, stray",
    [
        ("holds (the mean centres on μ̂*; f − f* levels off)", 0),  # escaped: as written
        ("<em>fine</em> and <strong>Verdict:</strong> holds", 0),  # meant emphasis
        ("holds (the mean centres on μ̂<em>; f − f</em> levels off)**", 2),  # the stars eaten
        ("eq:log<em>lh and x</em>y", 1),  # an underscore pair
    ],
)
def test_page_script_counts_stray_emphasis(tmp_path, browser, body, stray):
    """The stray-emphasis count, on pages made under each alternative: a star or underscore
    that Markdown turned into emphasis inside a word, and literal "**" left over."""
    assert browser.open(_page(tmp_path, f"<p>{body}</p>"))["strayEmphasis"] == stray


@pytest.mark.parametrize(
    "body, raw",
    [
        ("<p>Lemma 32: ‖Σ_k⁻¹ − H‖² ≤ C/k, with x₁ and {1, …, d}</p>", 0),  # Unicode: fine
        ("<p>code <code>\\Sigma_{k}</code> and <pre>\\frac{1}{2}</pre></p>", 0),  # code
        ("<p>the bound \\Sigma_k^{-1} \\le \\tfrac12 \\sum_i</p>", 5),  # \Sigma before "_"
        ("<ul><li>$a \\le b</li></ul><p>$ after a bullet</p>", 3),  # "+ " turned into a list
        ("<p>x_{k+1} = x_k + (e_k − x_k)/k and e^{−t}</p>", 2),  # TeX braces, no MathJax
    ],
)
def test_page_script_counts_raw_tex(tmp_path, browser, body, raw):
    """Raw TeX on screen, on pages made under each alternative: control words (with or without
    a word boundary after them: ``\\Sigma_k``), ``\\tfrac``, ``\\sum``, ``\\le``, dollar signs
    that a list split from their formula, and TeX braces on a page without MathJax."""
    found = browser.open(_page(tmp_path, body))["rawTex"]
    assert sum(len(hit["tex"].split()) for hit in found) == raw, found


WIDE_FORMULA = (
    "<div class='math'><mjx-container><mjx-math style='display:inline-block;width:{w}px'>x"
    "</mjx-math></mjx-container></div>"
)


@pytest.mark.parametrize(
    "body, key, found",
    [
        (WIDE_FORMULA.format(w=600), "wideMath", 0),
        (WIDE_FORMULA.format(w=900), "wideMath", 1),  # a formula past the column
        ("<table><tr><td><div style='width:600px'>a</div></td></tr></table>", "wideTables", 0),
        ("<table><tr><td><div style='width:800px'>a</div></td></tr></table>", "wideTables", 1),
        (
            "<aside class='sidebar' style='float:right;width:200px;margin-right:-250px'>"
            "<table><tr><td><div style='width:180px'>a</div></td></tr></table></aside>",
            "wideTables",
            0,
        ),
        ("<img src='data:image/png;base64,' width=900>", "wideFigures", 1),
    ],
)
def test_page_script_finds_what_runs_past_the_column(tmp_path, browser, body, key, found):
    """A formula, table or figure wider than the 676-px column is found (a table's width is
    what its scroll bar would reveal); one inside a margin note is measured against the note."""
    assert len(browser.open(_page(tmp_path, body))[key]) == found


@pytest.mark.parametrize("css, scrolls", [(True, True), (False, False)])
def test_a_wide_display_is_found_scrolled_only_in_a_box_that_scrolls(
    tmp_path, browser, css, scrolls
):
    """``SCROLLED_MATH`` finds a display past the column, and calls it scrolled where the
    book's stylesheet gives its box a scroll bar; without the stylesheet it runs past the
    column, and is not."""
    browser.open(_page(tmp_path, WIDE_FORMULA.format(w=900), css=css))
    assert json.loads(browser.evaluate(SCROLLED_MATH)) == [{"wide": True, "scrolls": scrolls}]
    browser.open(_page(tmp_path, WIDE_FORMULA.format(w=600), css=css))
    assert json.loads(browser.evaluate(SCROLLED_MATH)) == []


CODE = (
    '<div class="cell_input"><div class="highlight"><pre><span class="n">x</span> = 1\n'
    '    <span class="c1"># {comment}</span>\n</pre></div></div>'
)
OUTPUT = '<div class="cell_output"><div class="highlight"><pre>{line}\n</pre></div></div>'


@pytest.mark.parametrize(
    "body, css, expected",
    [
        (CODE.format(comment="short"), True, {"wideCode": 0, "hiddenCode": 0, "wrappedCode": 0}),
        # A code line too long: out of sight behind a scroll bar on screen, not wrapped.
        (
            CODE.format(comment="long " * 40),
            True,
            {"wideCode": 1, "hiddenCode": 0, "wrappedCode": 0},
        ),
        # Without the book's stylesheet the line is neither split nor scrolled: hidden.
        (CODE.format(comment="long " * 40), False, {"hiddenCode": 1}),
        # A long output line wraps under its indentation, not at column 0.
        (
            OUTPUT.format(line="Lemma 5.3: holds; " * 40),
            True,
            {"wrappedCode": 0, "clippedLines": 0},
        ),
    ],
)
def test_page_script_measures_code_lines(tmp_path, browser, body, css, expected):
    """Code and output lines against the block that shows them: with the book's stylesheet a
    long code line scrolls and a long output line wraps with a hanging indent; without it the
    alternatives (a line hidden, a line wrapped at column 0) are counted."""
    checks = browser.open(_page(tmp_path, body, css=css))
    assert {key: len(checks[key]) for key in expected} == expected


def test_page_script_finds_an_output_line_wrapped_at_column_0(tmp_path, browser):
    css = "<style>div.highlight pre span.line { padding-left: 0; text-indent: 0; }</style>"
    line = "Lemma 5.3: holds; " * 40
    checks = browser.open(_page(tmp_path, OUTPUT.format(line=line), head=css))
    assert len(checks["wrappedCode"]) == 1


def test_page_script_finds_sidebars_in_print(tmp_path, browser):
    """The chrome a printed page must not show: the print style hides it; without the print
    style (the alternative) the page script finds it."""
    chrome = '<div class="bd-sidebar-primary" style="width:200px;height:50px">nav</div>'
    for css, found in ((True, 0), (False, 1)):
        folder = tmp_path / str(css)
        folder.mkdir()
        page = _page(folder, "<p>text</p>", css=css)
        page.write_text(page.read_text().replace("<main>", chrome + "<main>"))
        browser.open(page)
        browser.emulate(PRINT_WIDTH, media="print")
        assert len(browser.measure()["chrome"]) == found


# The course kit (issue 45 §3, tools/course_kit.py): the lectures' slides and the PDFs.


def _kit():
    import importlib.util

    spec = importlib.util.spec_from_file_location("course_kit", ROOT / "tools" / "course_kit.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


KIT = _kit()
LECTURES = KIT.lecture_stems([nb.stem for nb in NOTEBOOKS])

#: What a deck shows once reveal.js has started (or failed to): the number of slides, reveal.js
#: and its notes plugin loaded, the images that did not decode, reveal.js's style sheet and its
#: theme applied (the slides laid out absolutely, the theme's font variable), the formulas MathJax
#: typeset and the text of the first slide.
DECK_STATE = """(async () => {
  const images = Array.from(document.images);
  const style = (selector) => getComputedStyle(document.querySelector(selector));
  const math = window.MathJax && MathJax.startup
    ? await MathJax.startup.promise.then(() => Array.from(MathJax.startup.document.math).length)
    : -1;
  const reveal = typeof Reveal !== 'undefined' && Reveal.isReady();
  return JSON.stringify({
    slides: reveal ? Reveal.getTotalSlides() : 0,
    notes: typeof RevealNotes !== 'undefined',
    brokenImages: images.filter(i => !(i.complete && i.naturalWidth > 0)).length,
    images: images.length,
    styled: style('.reveal .slides').position === 'absolute',
    themed: getComputedStyle(document.documentElement).getPropertyValue('--r-main-font') !== '',
    math: math,
    first: reveal ? Reveal.getSlides()[0].textContent.trim().slice(0, 200) : '',
  });
})()"""


def _open_deck(browser, deck: Path, wait: float = 15.0) -> dict:
    """Load a deck and return ``DECK_STATE`` once reveal.js says it is ready, or ``wait``
    seconds after the page has loaded if it never does."""
    import json
    import time

    browser.emulate(1280)
    browser.call("Page.navigate", page=True, url=deck.as_uri())
    loaded = f"location.href === {json.dumps(deck.as_uri())} && document.readyState === 'complete'"
    deadline = time.monotonic() + 120
    while not browser.evaluate(loaded):
        assert time.monotonic() < deadline, f"{deck.name} did not load"
        time.sleep(0.1)
    deadline = time.monotonic() + wait
    while browser.evaluate("document.body.dataset.slides") != "ready":
        if time.monotonic() > deadline:
            break
        time.sleep(0.1)
    return json.loads(browser.evaluate(DECK_STATE))


def _local_assets(html: str) -> list[str]:
    """The local files a page loads or links (src and href, less the network and anchors)."""
    found = re.findall(r"""\b(?:src|href)=["']([^"']+)["']""", html)
    return [a.split("#")[0] for a in found if not re.match(r"^(https?:|mailto:|data:|#)", a)]


def test_each_lecture_links_its_slides_and_pdfs(site):
    """The overview and the two teaching lectures link their decks; every notebook page its own
    PDF and the whole book's (when the book was built with its PDFs), and the front page the
    whole book's."""
    assert LECTURES == ["00-overview", "01-nes-background", "02-mirror-descent-projection"]
    printed = (site / KIT.PDF).is_dir()
    for notebook in NOTEBOOKS:
        page = (site / f"{notebook.stem}.html").read_text(encoding="utf-8")
        assert (f'href="slides/{notebook.stem}.html"' in page) == (notebook.stem in LECTURES)
        if printed:
            assert f'href="pdf/{notebook.stem}.pdf"' in page, notebook.stem
            assert f'href="pdf/{KIT.BOOK_PDF}"' in page, notebook.stem
    if printed:
        assert f'href="pdf/{KIT.BOOK_PDF}"' in (site / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", LECTURES)
def test_slide_deck_in_the_browser(site, browser, name):
    """A lecture's deck: every asset it names is in the book, nothing comes from the network,
    reveal.js and its notes plugin start, its style sheet and theme apply, the deck has one
    slide per ``slide`` or ``subslide`` cell of the deck's copy of the notebook (its metadata,
    ``deck_notebook``: a listing's output on a slide of its own, a heading alone run on into
    the next), the first is the lecture's title, every image decodes and MathJax typesets its
    formulas."""
    deck = site / KIT.SLIDES / f"{name}.html"
    html = deck.read_text(encoding="utf-8")
    assert not re.search(r"""\b(src|href)=["']https?://""", html), f"{name}: a CDN asset"
    for asset in _local_assets(html):
        assert (deck.parent / asset).is_file(), f"{name}: missing {asset}"
    nb = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)
    copy = KIT.deck_notebook(nb, {})
    kinds = [cell.metadata.get("slideshow", {}).get("slide_type") for cell in copy.cells]
    state = _open_deck(browser, deck)
    assert state["slides"] == kinds.count("slide") + kinds.count("subslide"), state
    assert state["notes"] and state["styled"] and state["themed"], state
    assert state["brokenImages"] == 0, state
    assert state["images"] >= 2 and state["math"] > 0, state
    title = nb.cells[0].source.splitlines()[0].lstrip("# ").strip()
    assert state["first"].startswith(title), state["first"]


def test_a_deck_without_its_reveal_js_is_found(site, browser, tmp_path):
    """The alternative: a deck copied without its ``reveal/`` folder (as if reveal.js were to
    come from a CDN that is not there) shows no slides, and its missing assets are named."""
    deck = tmp_path / "slides" / f"{LECTURES[0]}.html"
    deck.parent.mkdir()
    shutil.copy2(site / KIT.SLIDES / deck.name, deck)
    html = deck.read_text(encoding="utf-8")
    assert any(not (deck.parent / a).is_file() for a in _local_assets(html))
    state = _open_deck(browser, deck, wait=3.0)
    assert state["slides"] == 0 and not state["notes"], state
    assert not state["styled"] and not state["themed"], state


def test_each_exercise_links_its_solution_and_back(site):
    """Every labelled exercise of a notebook (``course_kit.exercises``) links its solution on the
    solutions page, which has it under that target and links back to the exercise, whose label
    is an anchor of the notebook's page."""
    solutions = (site / f"{KIT.SOLUTIONS}.html").read_text(encoding="utf-8")
    total = 0
    for notebook in NOTEBOOKS:
        page = (site / f"{notebook.stem}.html").read_text(encoding="utf-8")
        for ex in KIT.exercises(notebook):
            total += 1
            target = f"{KIT.SOLUTION_TARGET}{ex.label}"
            assert f'href="{KIT.SOLUTIONS}.html#{target}"' in page, ex.label
            assert f'id="{target}"' in solutions, ex.label
            assert f'href="{notebook.stem}.html#{ex.label}"' in solutions, ex.label
            assert f'id="{ex.label}"' in page, ex.label
    assert total >= 15
    assert f'href="{KIT.SOLUTIONS}.html"' in (site / "index.html").read_text(encoding="utf-8")


def _pdf_reader(path: Path):
    pypdf = pytest.importorskip("pypdf", reason="the PDFs' pages are read with pypdf")
    return pypdf.PdfReader(str(path))


def _printed(site: Path) -> Path:
    folder = site / KIT.PDF
    if not folder.is_dir():
        pytest.skip("the book was built without its PDFs (--no-pdf: no Chromium)")
    return folder


@pytest.mark.parametrize("name", [nb.stem for nb in NOTEBOOKS])
def test_each_lecture_has_its_pdf(site, name):
    """Each notebook's PDF is a PDF of A4 pages, and its text has the lecture's title (each
    word of its heading; pypdf's text may break a line anywhere)."""
    pdf = _printed(site) / f"{name}.pdf"
    assert pdf.read_bytes().startswith(b"%PDF-"), name
    reader = _pdf_reader(pdf)
    assert len(reader.pages) >= 1
    box = reader.pages[0].mediabox
    assert abs(float(box.width) - 595.3) < 1 and abs(float(box.height) - 841.9) < 1, name
    # NFKC: Chromium's PDF writes "fi" as a ligature (ﬁ)
    text = unicodedata.normalize("NFKC", " ".join(p.extract_text() for p in reader.pages[:2]))
    nb = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)
    title = nb.cells[0].source.splitlines()[0].lstrip("# ")
    words = re.findall(r"[A-Za-z]{4,}", title)
    assert words and all(word in text for word in words), (name, words)


def test_the_whole_book_is_one_pdf(site):
    """The whole book's PDF is the pages' PDFs joined in reading order: as many pages as they
    have together, one outline entry per page, notebook 00's before 01's."""
    folder = _printed(site)
    book = _pdf_reader(folder / KIT.BOOK_PDF)
    parts = sorted(p for p in folder.glob("*.pdf") if p.name != KIT.BOOK_PDF)
    assert len(parts) >= len(NOTEBOOKS) + 3
    assert len(book.pages) == sum(len(_pdf_reader(p).pages) for p in parts)
    titles = [item.title for item in book.outline]
    assert sorted(titles) == sorted(p.stem for p in parts)
    assert titles.index("00-overview") < titles.index("01-nes-background")
