"""Render every executed notebook to a static HTML page and write an index that links them in
reading order and shows the claims ledger (``make html``, into ``site/``).

Pages are nbconvert's HTML export of the stored outputs (nothing is re-executed), so figures are
embedded images. Each page gets a small script that records, once the page has loaded, whether
every image decoded (``document.body.dataset.imagesOk``); the browser test reads it back.
"""

from __future__ import annotations

import argparse
import html
import sys
from pathlib import Path

import nbformat
from nbconvert import HTMLExporter

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHECK_SCRIPT = """<script>
window.addEventListener("load", function () {
  var images = Array.prototype.slice.call(document.images);
  var ok = images.every(function (img) { return img.complete && img.naturalWidth > 0; });
  document.body.dataset.imagesOk = String(ok);
  document.body.dataset.imageCount = String(images.length);
});
</script>"""


def _title(nb, fallback: str) -> str:
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return fallback


def build(out: Path) -> list[Path]:
    from mines_theory.verification.ledger import CLAIMS, published

    out.mkdir(parents=True, exist_ok=True)
    exporter = HTMLExporter(template_name="classic")
    pages = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        body, _ = exporter.from_notebook_node(nb)
        body = body.replace("</body>", CHECK_SCRIPT + "\n</body>")
        target = out / f"{path.stem}.html"
        target.write_text(body, encoding="utf-8")
        pages.append((target, _title(nb, path.stem)))
    results = published()                  # the published verdicts: nothing is recomputed
    rows = "\n".join(
        f"<tr><td>{html.escape(c.number)}</td><td><code>{html.escape(c.label)}</code></td>"
        f"<td>{html.escape(c.statement)}</td><td><a href=\"{html.escape(c.notebook)}.html\">"
        f"{html.escape(c.notebook)}</a></td><td><b>{html.escape(results[c.number].headline())}"
        f"</b></td><td>{html.escape(results[c.number].text())}</td></tr>" for c in CLAIMS)
    links = "\n".join(f"<li><a href=\"{p.name}\">{html.escape(title)}</a></li>" for p, title in pages)
    index = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>mines-theory</title>
<style>body{{font-family:sans-serif;max-width:70em;margin:auto}}td{{vertical-align:top;
padding:.2em .5em;border-bottom:1px solid #ddd}}table{{border-collapse:collapse}}</style></head>
<body><h1>mines-theory: checking <i>Mirror Natural Evolution Strategies</i></h1>
<h2>Notebooks, in reading order</h2><ol>
{links}
</ol>
<h2>The claims ledger</h2>
<table><tr><th>claim</th><th>label</th><th>statement</th><th>checked in</th><th>verdict</th><th>measured</th></tr>
{rows}
</table>
{CHECK_SCRIPT}
</body></html>
"""
    (out / "index.html").write_text(index, encoding="utf-8")
    return [out / "index.html"] + [p for p, _ in pages]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "site")
    args = parser.parse_args(argv)
    for page in build(args.out):
        print(f"wrote {page.relative_to(ROOT) if page.is_relative_to(ROOT) else page}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
