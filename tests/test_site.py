"""The static site of `make html`: every link and image resolves, and every page renders with its
figures in a real browser (headless Chromium)."""

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
    out = Path(tempfile.mkdtemp(prefix="mines-site-"))
    subprocess.run([sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(out)],
                   check=True, capture_output=True)
    yield out
    shutil.rmtree(out, ignore_errors=True)


def _figures_in(notebook: Path) -> int:
    nb = nbformat.read(notebook, as_version=4)
    return sum("image/png" in output.get("data", {}) for cell in nb.cells
               if cell.cell_type == "code" for output in cell.get("outputs", []))


def test_index_links_every_notebook_in_reading_order(site):
    collector = _Collector()
    collector.feed((site / "index.html").read_text(encoding="utf-8"))
    pages = [link for link in collector.links if link.endswith(".html")]
    ordered = list(dict.fromkeys(pages))
    assert ordered[:len(NOTEBOOKS)] == [f"{nb.stem}.html" for nb in NOTEBOOKS]
    assert "not yet checked" not in (site / "index.html").read_text(encoding="utf-8")


def test_every_link_and_image_resolves(site):
    for page in sorted(site.glob("*.html")):
        collector = _Collector()
        collector.feed(page.read_text(encoding="utf-8"))
        for link in collector.links:
            if re.match(r"^(https?:|mailto:|#)", link):
                continue
            assert (site / link.split("#")[0]).is_file(), f"{page.name}: broken link {link}"
        for src in collector.images:
            if src.startswith("data:image/png;base64,"):
                assert base64.b64decode(src.split(",", 1)[1])[:8] == b"\x89PNG\r\n\x1a\n", page.name
            else:
                assert (site / src).is_file(), f"{page.name}: missing image {src}"
        notebook = ROOT / "notebooks" / f"{page.stem}.ipynb"
        if notebook.is_file():
            assert len(collector.images) >= _figures_in(notebook), page.name


def _chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def test_pages_render_with_their_figures_in_a_browser(site):
    browser = _chromium()
    if browser is None:
        pytest.skip("BROWSER TEST NOT RUN: no chromium on this machine (Debian package "
                    "'chromium'; .ci/run installs it)")
    for page in sorted(site.glob("*.html")):
        profile = tempfile.mkdtemp(prefix="mines-chromium-")
        result = subprocess.run(
            [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
             "--no-first-run", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", f"--user-data-dir={profile}", "--virtual-time-budget=10000",
             "--dump-dom", page.as_uri()],
            capture_output=True, text=True, timeout=120)
        shutil.rmtree(profile, ignore_errors=True)
        dom = result.stdout
        assert 'data-images-ok="true"' in dom, f"{page.name}: images did not all load"
        count = int(re.search(r'data-image-count="(\d+)"', dom).group(1))
        notebook = ROOT / "notebooks" / f"{page.stem}.ipynb"
        if notebook.is_file():
            assert count >= _figures_in(notebook), f"{page.name}: {count} images rendered"
