"""Build the book (``make html``, into ``site/``): Sphinx with MyST-NB and the sphinx-book-theme
over the executed notebooks, in reading order, with the claims ledger as a page.

Nothing is re-executed: the pages show the committed outputs. The source is staged in a temporary
folder: ``book/`` (configuration, front page, the page script ``checks.js`` and the stylesheet
``wrap.css``, the notation page, the page on citing with its BibTeX entry rendered from
``CITATION.cff`` by ``tools/citation.py``), the notebooks, a ledger page rendered from the
published verdicts, ``figures/`` with its gallery page (``tools/gallery.py``), and MathJax 3
from the npm registry (installed once into ``.cache/mathjax``) copied into ``_static``, so that
the mathematics renders without a network. cocopp's HTML output of ``make coco``
(``coco/ppdata``, git-ignored) is copied to ``cocopp/`` beside the pages, where notebook 10
links it; without it, ``cocopp/index.html`` says how to make it.

Every page's footer says what the reader is looking at (``footer``): the version
(``pyproject.toml``), the commit the book is built from (``git rev-parse --short HEAD``, marked
``-dirty`` with uncommitted changes) and the date of the build, in UTC (``Build.of``); the page
on citing gives the BibTeX entry at that commit.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from html import escape
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mines_theory.files import replace_directory  # noqa: E402

#: The first notebook of Part II (the verification record); those before it are Part I (the course).
PART_II = "05"
#: cocopp's full output, written by ``make coco`` (git-ignored), and where the book links it.
COCOPP = ROOT / "coco" / "ppdata"
COCOPP_PAGE = "cocopp/index.html"
COCOPP_ABSENT = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>cocopp's output</title></head>
<body><p>cocopp's output (aRT tables, per-function runtime ECDFs, scatter plots) is written by
<code>make coco</code> into <code>coco/ppdata/</code>, which is not committed. Run
<code>make coco</code> (about 7 minutes of CPU), then <code>make html</code>: this page is then
cocopp's own.</p></body></html>
"""

MATHJAX_VERSION = "3.2.2"
#: What the pages load of MathJax's es5 build: the TeX-to-CommonHTML component, its fonts, and
#: the extensions it loads on demand.
MATHJAX_PARTS = ("tex-chtml.js", "input", "output", "ui", "a11y", "adaptors")
#: reveal.js for the slides (``tools/course_kit.py``): the 4.x line nbconvert's template is for.
REVEAL_VERSION = "4.6.1"
CACHE = ROOT / ".cache"


def npm_package(name: str, version: str) -> Path:
    """The folder of an npm package, installed from the npm registry into ``.cache/<name>`` on
    first use (MathJax for the pages, reveal.js for the slides)."""
    folder = CACHE / name / "node_modules" / name
    if not (folder / "package.json").is_file():
        npm = shutil.which("npm")
        if npm is None:
            raise RuntimeError(
                f"npm is needed once to install {name} for the book (Debian package 'npm')"
            )
        (CACHE / name).mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [
                npm,
                "install",
                "--silent",
                "--no-audit",
                "--no-fund",
                "--prefix",
                str(CACHE / name),
                f"{name}@{version}",
            ],
            check=True,
        )
    return folder


def mathjax() -> Path:
    """MathJax's es5 folder, installed from the npm registry on first use."""
    return npm_package("mathjax", MATHJAX_VERSION) / "es5"


class Build(NamedTuple):
    """What a build of the book is made from: the package's version, the commit (a short hash,
    None outside a git checkout) and the date of the build (UTC). (A NamedTuple, not a
    dataclass: the tests load this script as a module that is not in ``sys.modules``.)"""

    version: str
    commit: str | None
    date: datetime.date

    @classmethod
    def of(cls, root: Path = ROOT, date: datetime.date | None = None) -> Build:
        """The build of the checkout at ``root``, today (UTC) unless ``date`` is given."""
        from tools.citation import commit

        version = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"][
            "version"
        ]
        when = date if date is not None else datetime.datetime.now(datetime.UTC).date()
        return cls(version, commit(root), when)


def footer(build: Build) -> str:
    """The line every page's footer shows: "mines-theory 0.2.0 · commit 15e0cf7 · built
    2026-12-06" (HTML; the commit in ``<code>``)."""
    if build.commit is None:
        commit = "no git commit (not built from a checkout)"
    else:
        commit = f"commit <code>{escape(build.commit)}</code>"
    return (
        f'<p class="build-info">mines-theory {escape(build.version)} · {commit} · '
        f"built {build.date.isoformat()}</p>"
    )


def source_archive(build: Build) -> str | None:
    """The file name of the source archive the book ships beside its pages,
    "mines-theory-0.3.4-63364af.tar.gz" (``git archive`` of the commit it is built from, which
    the page on citing links), or None where no commit holds the source: a build outside a git
    checkout, or from a work tree with uncommitted changes ("-dirty")."""
    if build.commit is None or build.commit.endswith("-dirty"):
        return None
    return f"mines-theory-{build.version}-{build.commit}.tar.gz"


def write_source_archive(folder: Path, build: Build, root: Path = ROOT) -> Path | None:
    """``git archive`` of ``build``'s commit into ``folder`` (``source_archive``: its name, the
    files under ``mines-theory-<version>/``), or None where there is no such commit."""
    name = source_archive(build)
    if name is None:
        return None
    prefix = f"mines-theory-{build.version}/"
    command = ["git", "-C", str(root), "archive", "--format=tar.gz", f"--prefix={prefix}"]
    subprocess.run([*command, "-o", str(folder / name), build.commit], check=True)
    return folder / name


def sphinx_command(source: Path, out: Path, build: Build) -> list[str]:
    """The ``sphinx-build`` command of the book: ``-W`` (a warning fails it), the version as
    Sphinx's ``version`` and ``release``, and ``footer(build)`` as the theme's ``extra_footer``
    (sphinx-book-theme shows it at the foot of every page)."""
    return [
        sys.executable,
        "-m",
        "sphinx",
        "-b",
        "html",
        "-q",
        "-W",
        "--keep-going",
        "-D",
        f"version={build.version}",
        "-D",
        f"release={build.version}",
        "-D",
        f"html_theme_options.extra_footer={footer(build)}",
        str(source),
        str(out),
    ]


def ledger_page() -> str:
    """The claims ledger as a page: the published verdicts (nothing recomputed), one section per
    claim, each linked to the verdict cell of the notebook that checks it; each label of the
    .tex after the PDF's number (``report.tex_labels``)."""
    from mines_theory.verification.proofs import pages, published
    from mines_theory.verification.views import report

    # The notebook by its number ("06", "08a"): the table's last column stays narrow, so that
    # its rows fit one or two lines and the page a lecture's length.
    ledger = report.ledger_page(
        lambda notebook: f"[{notebook.split('-')[0]}]({notebook}.ipynb#verdict)",
        walk=pages.with_slips(published.load()),
    )
    return report.tex_labels(ledger)


#: The paper's .tex: ``$MINES_THEORY_PAPER``, else beside the checkout, where it lives (as the
#: tests and ``tools/equation_numbers.py`` find it).
PAPER = Path(
    os.environ.get(
        "MINES_THEORY_PAPER",
        ROOT.parent / "shared" / "paper" / "mirror-natural-evolution-strategies.tex",
    )
)


def walk_pages(paper: Path = PAPER) -> dict[str, str]:
    """The proof walk's pages, from the published walk: ``proofs`` (the index, with a hidden
    toctree of the proofs' pages) and one page per walked proof (``proofs.pages``), each step
    with the member before it read from the ``paper``'s .tex (without it, the pages say that
    they show the relations' right sides only)."""
    from mines_theory.verification.framework import ledger
    from mines_theory.verification.proofs import pages, published
    from mines_theory.verification.views import report
    from mines_theory.verification.views.corrigendum import repaired_label

    data = published.load()
    repaired = {r.repairs for r in ledger.repairs()}
    tex = paper.read_text(encoding="utf-8") if paper.is_file() else None

    def label(name: str) -> str | None:
        return repaired_label(name) if name in repaired else None

    names = list(data["proofs"])
    toctree = "\n".join(report.page_name(n) for n in names)
    out = {"proofs": pages.index_page(data) + f"\n```{{toctree}}\n:hidden:\n\n{toctree}\n```\n"}
    for name in names:
        out[report.page_name(name)] = pages.proof_page(name, data, label, tex)
    return {name: report.tex_labels(text) for name, text in out.items()}


#: The pages of the book in reading order (the front page's toctrees), the proof walk's pages
#: left out: the pages printed to PDF, one each and all in one (``course_kit.pdfs``).
FRONT = ["index"]
AFTER_RECORD = ["ledger", "proofs", "references", "notation", "gallery", "solutions", "citing"]


def reading_order(notebooks: list[str]) -> list[str]:
    """The stems of the book's pages in the order of its front page."""
    course = [name for name in notebooks if name < PART_II]
    record = [name for name in notebooks if name >= PART_II]
    return FRONT + course + ["reading-a-verdict"] + record + AFTER_RECORD


def kit_links(name: str, pdf: bool) -> str:
    """The line under a lecture's title that links its slides (``course_kit.LECTURES``), its PDF
    and the whole book's PDF (raw HTML: the targets are written after Sphinx, so that MyST must
    not resolve them)."""
    from tools import course_kit

    links = []
    if name in course_kit.lecture_stems([name]):
        links.append(f'<a href="{course_kit.SLIDES}/{name}.html">slides</a>')
    if pdf:
        links.append(f'<a href="{course_kit.PDF}/{name}.pdf">this page as PDF</a>')
        links.append(f'<a href="{course_kit.PDF}/{course_kit.BOOK_PDF}">the whole book as PDF</a>')
    if not links:
        return ""
    return '<p class="course-kit">' + " · ".join(links) + "</p>"


#: The tag a verdict cell gets in the book's copy of its notebook: MyST-NB gives its cell the
#: class ``tag_verdict``, by which the browser test measures it.
VERDICT_TAG = "verdict"


def findings_with_meanings(cell) -> None:
    """The output of 08d's cell that lists the walk's new findings (``pages.new_findings()``),
    as the book shows it: where the stored list is the published walk's, the same list with
    each counterexample's letters said (``meaning``); a stale list is left as it is."""
    from mines_theory.verification.proofs import pages

    for output in cell.get("outputs", []):
        data = output.get("data", {})
        stored = data.get("text/markdown")
        stored = stored if isinstance(stored, str) or stored is None else "".join(stored)
        if stored is not None and stored == pages.new_findings():
            data["text/markdown"] = pages.new_findings(meaning=True)


def setup_only(source: str) -> bool:
    """Whether a code cell's ``source`` only sets up: it opens with an import, and what follows
    its imports defines or loops over nothing (a style call, a constant). The book folds its
    input.

    >>> setup_only("import numpy as np\\nfrom a import (\\n    b,\\n)\\nset_style()")
    True
    >>> setup_only("import numpy as np\\nx = np.ones(3)\\nfor i in x:\\n    print(i)")
    False
    >>> setup_only("x = 1")
    False
    """
    lines = [line for line in source.splitlines() if line.strip()]
    if not lines or not lines[0].startswith(("import ", "from ")):
        return False
    return not any(
        line.lstrip().startswith(("def ", "class ", "for ", "while ", "with ")) for line in lines
    )


def staged_notebook(
    notebook: Path, target: Path, pdf: bool, alts: dict[int, str] | None = None
) -> None:
    """Copy ``notebook`` to ``target`` as the book shows it: its Markdown's statement labels and
    code names in words (``report.plain_names``), its Markdown outputs' plain-text
    mathematics and names of code set (``report.html_scripts``, as the views now write them:
    the stored outputs are compared by nbval, not rewritten), the PDF's number beside each
    equation label of its Markdown (``paper.with_number``) and then before it, the label
    receding into its muted span (``report.tex_labels``, as on every page of the book),
    ``kit_links`` as a Markdown cell
    after its title, a link under each exercise to its solution (``course_kit.link_solutions``),
    its first code cell folded where it only sets up (``hide-input``, ``setup_only``), the
    images of the cells in ``alts`` (cell index → text) described by their alt text,
    and each verdict cell's printed text (its stored output, unchanged in the
    notebook, where nbval compares it) shown as ``report.verdict_cell_view``'s short table with
    the text folded behind it, the cell tagged ``VERDICT_TAG`` and its input (the print call)
    left out."""
    import nbformat

    from mines_theory.verification.framework.paper import with_number
    from mines_theory.verification.proofs import pages, published

    walk = pages.with_slips(published.load())  # the proof notes under the verdict tables
    from mines_theory.verification.views import report

    from tools.course_kit import link_solutions

    nb = nbformat.read(notebook, as_version=4)
    link_solutions(nb)
    alts = alts or {}
    first_code = True  # the setup cell, if any, is the notebook's first code cell
    for index, cell in enumerate(nb.cells):
        if index in alts:  # the figures it draws, described by the gallery's captions
            image = cell.metadata.setdefault("mystnb", {}).setdefault("image", {})
            image.setdefault("alt", alts[index])
        if cell.cell_type == "code" and "pages.new_findings()" in cell.source:
            findings_with_meanings(cell)
        if cell.cell_type == "markdown":
            cell.source = report.tex_labels(with_number(report.plain_names(cell.source)))
        for output in cell.get("outputs", []):
            for key in [k for k in output.get("data", {}) if k.endswith("text/markdown")]:
                # a cell's Markdown, or a value glued as Markdown ({glue:md}) for the prose
                markdown = output["data"][key]
                markdown = markdown if isinstance(markdown, str) else "".join(markdown)
                markdown = report.html_scripts(with_number(report.plain_names(markdown)))
                output["data"][key] = report.tex_labels(markdown)
        tags = cell.metadata.setdefault("tags", []) if cell.cell_type == "code" else []
        if cell.cell_type == "code" and not tags and first_code and setup_only(cell.source):
            tags.append("hide-input")
        first_code = first_code and cell.cell_type != "code"
        if cell.cell_type != "code" or "verdict_cell(" not in cell.source:
            continue
        tags += [VERDICT_TAG] + (["remove-input"] if "remove-input" not in tags else [])
        printed = "".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream")
        view = report.verdict_cell_view(printed, walk)
        if view is not None:
            view = report.tex_labels(report.plain_names(view))
            data = {"text/markdown": view, "text/plain": printed}
            cell.outputs = [nbformat.v4.new_output("display_data", data=data)]
    links = kit_links(notebook.stem, pdf)
    if links:
        cell = nbformat.v4.new_markdown_cell(links)
        cell.id = "course-kit-links"  # the same in every build
        cell.metadata["slideshow"] = {"slide_type": "skip"}
        nb.cells.insert(1, cell)
    nbformat.write(nb, target)


#: The line of ``book/index.md`` that the "What was found" box replaces (``front_page``).
FOUND = "WHAT_WAS_FOUND"


def front_page(index: str, notebooks: list[str], pdf: bool = True) -> str:
    """The front page from ``book/index.md``: the course kit's links under its title (with
    ``pdf``), the "What was found" admonition (``report.found_box``, computed from the published
    verdicts and walk) in place of the line ``FOUND``, before any figure, and the toctrees'
    ``PART_I``/``PART_II`` replaced by the ``notebooks`` of each part."""
    from mines_theory.verification.proofs import pages, published
    from mines_theory.verification.views import report

    title, _, rest = index.partition("\n\n")  # the whole book's PDF under the front page's title
    index = f"{title}\n\n{kit_links('index', pdf)}\n\n{rest}" if pdf else index
    index = index.replace(
        f"\n{FOUND}\n", f"\n{report.found_box(walk=pages.with_slips(published.load()))}\n", 1
    )
    course = [name for name in notebooks if name < PART_II]
    record = [name for name in notebooks if name >= PART_II]
    return index.replace("PART_II", "\n".join(record)).replace("PART_I", "\n".join(course))


def before_gallery(source: Path, notebooks: list[str], walks: list[str]) -> list[tuple[str, str]]:
    """The staged pages that the book places before the gallery, in its order (``reading_order``,
    the proof walk's pages ``walks`` after its index, as its toctree has them), as (file name,
    MyST text; a notebook's Markdown cells): ``gallery.gallery_page`` numbers its figures after
    theirs."""
    order = reading_order(notebooks)
    names = order[: order.index("gallery")]
    at = names.index("proofs") + 1
    pages = []
    for name in names[:at] + walks + names[at:]:
        if (source / f"{name}.md").is_file():
            pages.append((f"{name}.md", (source / f"{name}.md").read_text(encoding="utf-8")))
        elif (source / f"{name}.ipynb").is_file():
            cells = json.loads((source / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]
            text = "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
            pages.append((f"{name}.ipynb", text))
    return pages


def stage(source: Path, build: Build, pdf: bool = True) -> None:
    from tools.citation import book_page, load
    from tools.course_kit import solutions_page
    from tools.gallery import alt_texts, gallery_page

    shutil.copytree(ROOT / "book", source, dirs_exist_ok=True)
    citing = source / "citing.md"  # the BibTeX entry and the paper's version, from CITATION.cff
    page = book_page(
        citing.read_text(encoding="utf-8"), load(), build.commit, archive=source_archive(build)
    )
    citing.write_text(page, encoding="utf-8")
    # the notebooks' figures, tables and data: the front page and the gallery show them
    shutil.copytree(ROOT / "figures", source / "figures")
    (source / "solutions.md").write_text(solutions_page(ROOT / "notebooks"), encoding="utf-8")
    notebooks = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb"))
    alts = alt_texts()
    for name in notebooks:
        cells = {cell: text for (stem, cell), text in alts.items() if stem == name}
        staged_notebook(ROOT / "notebooks" / f"{name}.ipynb", source / f"{name}.ipynb", pdf, cells)
    index = front_page((source / "index.md").read_text(encoding="utf-8"), notebooks, pdf)
    (source / "index.md").write_text(index, encoding="utf-8")
    (source / "ledger.md").write_text(ledger_page(), encoding="utf-8")
    walks = walk_pages()
    for name, text in walks.items():
        (source / f"{name}.md").write_text(text, encoding="utf-8")
    # after the pages before it, whose figures Sphinx numbers first (the walk's after its index)
    earlier = before_gallery(source, notebooks, [n for n in walks if n != "proofs"])
    (source / "gallery.md").write_text(gallery_page(earlier=earlier), encoding="utf-8")
    es5, target = mathjax(), source / "_static" / "mathjax"
    for part in MATHJAX_PARTS:
        (shutil.copytree if (es5 / part).is_dir() else shutil.copy2)(es5 / part, target / part)


def cocopp_pages(target: Path) -> None:
    """cocopp's HTML output (``COCOPP``) copied to ``target``, where notebook 10 links it
    (``COCOPP_PAGE``); without it (no ``make coco`` yet), a page that says how to make it."""
    if (COCOPP / "index.html").is_file():
        shutil.copytree(COCOPP, target)
    else:
        target.mkdir(parents=True)
        (target / "index.html").write_text(COCOPP_ABSENT, encoding="utf-8")


def build(out: Path, pdf: bool = True) -> list[Path]:
    """Stage the source, run sphinx-build into ``out``, add the course kit (the lectures' slides,
    and with ``pdf`` every page of ``reading_order`` and the whole book printed to PDF) and
    return the notebook pages."""
    import runpy

    from tools import course_kit

    info = Build.of()
    if pdf:
        course_kit.chromium()  # before the build: it fails at once if there is none
    with tempfile.TemporaryDirectory(prefix="mines-book-") as tmp:
        source = Path(tmp) / "source"
        (source / "_static" / "mathjax").mkdir(parents=True)
        stage(source, info, pdf)
        # Sphinx writes into the temporary directory and the result moves to `out`: MyST-NB
        # puts its copies of the notebooks beside the output directory (jupyter_execute/), which
        # would otherwise land in the tree.
        html = Path(tmp) / "html"
        result = subprocess.run(sphinx_command(source, html, info), capture_output=True, text=True)
        if result.returncode:
            raise RuntimeError("sphinx-build failed:\n" + result.stdout + result.stderr)
        cocopp_pages(html / Path(COCOPP_PAGE).parent)
        config = runpy.run_path(str(source / "conf.py"))["mathjax3_config"]
        reveal = npm_package("reveal.js", REVEAL_VERSION)
        course_kit.slides(source, html, reveal, config, source / "references.bib")
        if pdf:
            notebooks = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb"))
            course_kit.pdfs(html, reading_order(notebooks))
        # copied beside ``out`` (the temporary directory may be on another file system), then
        # renamed into its place: an interrupted build leaves the old site whole
        staged = out.with_name(f".{out.name}.new")
        shutil.rmtree(staged, ignore_errors=True)
        shutil.copytree(html, staged)
        write_source_archive(staged, info)  # the source the page on citing links
        replace_directory(staged, out)
    return [out / "index.html"] + sorted(
        p for p in out.glob("*.html") if re.match(r"\d\d[a-z]?-", p.name)
    )


def remake(out: Path, what: str) -> list[Path]:
    """``make slides`` and ``make pdf``: the slides, or the PDFs, of a book that ``make html``
    has built in ``out`` made again, without running Sphinx (the decks from the notebooks as
    the book stages them: ``staged_notebook``)."""
    import runpy

    from tools import course_kit

    if not (out / "_static" / "mathjax").is_dir():
        raise ValueError(f"out must be a built book, got {out}: run make html first")
    if what == "pdf":
        notebooks = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb"))
        return course_kit.pdfs(out, reading_order(notebooks))
    if what != "slides":
        raise ValueError(f"what must be 'slides' or 'pdf', got {what!r}")
    config = runpy.run_path(str(ROOT / "book" / "conf.py"))["mathjax3_config"]
    reveal = npm_package("reveal.js", REVEAL_VERSION)
    from tools.gallery import alt_texts

    alts = alt_texts()  # the figures' descriptions, as ``stage`` gives them
    with tempfile.TemporaryDirectory(prefix="mines-slides-") as tmp:
        for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
            if notebook.stem in course_kit.lecture_stems([notebook.stem]):  # as the book stages it
                pdf = (out / course_kit.PDF).is_dir()
                cells = {cell: text for (stem, cell), text in alts.items() if stem == notebook.stem}
                staged_notebook(notebook, Path(tmp) / notebook.name, pdf, cells)
        return course_kit.slides(Path(tmp), out, reveal, config, ROOT / "book" / "references.bib")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "site")
    parser.add_argument(
        "--no-pdf",
        action="store_true",
        help="print no PDFs (they need Chromium) and link none",
    )
    parser.add_argument(
        "--only",
        choices=["slides", "pdf"],
        help="make again only the slides, or only the PDFs, of the book built in --out",
    )
    args = parser.parse_args(argv)
    if args.only:
        try:
            made = remake(args.out, args.only)
        except ValueError as error:
            parser.error(str(error))
    else:
        made = build(args.out, pdf=not args.no_pdf)
    for page in made:
        print(f"wrote {page.relative_to(ROOT) if page.is_relative_to(ROOT) else page}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
