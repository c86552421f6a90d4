"""The course kit of the book (issue 45 §3), built by ``make html`` after Sphinx: reveal.js slides
of the overview and the two teaching lectures, a PDF of every page and of the whole book, and the
page of the exercises' solutions.

Slides (``slides``): nbconvert's reveal.js exporter over each lecture of ``LECTURES``, driven by the
``slideshow.slide_type`` metadata of its cells (a heading is a slide, a key figure, the algorithm's
listing and the verdict a sub-slide, the prose between them speaker notes, the rest skipped),
and a slide's few short bullets by ``slideshow.bullets`` (its paragraphs then in the notes).
A slide shows a figure, not the code that draws it (the lecture's page has that), and the MyST
of the notebook's Markdown, which nbconvert does not know, is turned into plain Markdown first
(``plain_markdown``): glued numbers pasted, citations as author and year, directives as bold
titles, links to the book's pages. Every script and style sheet is served beside the decks:
reveal.js (from the npm registry, as MathJax is) in ``slides/reveal/``, MathJax from the book.

PDFs (``pdfs``): headless Chromium prints each page of the built book (``--print-to-pdf``, with
the book's print style: no sidebars, A4) into ``pdf/``, and pypdf joins them, in reading order,
into ``pdf/mines-theory-book.pdf``. Nothing here re-executes a notebook.
"""

from __future__ import annotations

import copy
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import NamedTuple

import nbformat

from mines_theory.files import save_with, write_bytes, write_text
from mines_theory.verification.framework.paper import equation_numbers
from mines_theory.verification.views.report import tex_labels

ROOT = Path(__file__).resolve().parent.parent
#: The notebooks that have slides: the overview and the two teaching lectures.
LECTURES = ("00", "01", "02")
#: The deck's template (extends nbconvert's reveal.js template; served with no CDN).
TEMPLATE = ROOT / "book" / "slides" / "mines-slides.html.j2"
#: The folder of the slides and of the PDFs in the built book, and the whole book's PDF.
SLIDES, PDF, BOOK_PDF = "slides", "pdf", "mines-theory-book.pdf"
#: The tag a figure cell gets in the deck's copy of a notebook: its input is left out.
FIGURE_ONLY = "slides-figure-only"
#: A verdict cell's printed text, folded under its table on the book's page
#: (``report.folded``): a deck cannot unfold it usefully, so it shows the table alone.
VERDICT_FOLD = re.compile(r'<details class="verdict">.*?</details>', re.S)
#: The title of the slide that shows what a listing printed (it fills its own slide).
LISTING_OUTPUT = "### What it prints"


def lecture_stems(notebooks: list[str]) -> list[str]:
    """The notebooks (stems, "01-nes-background") that have slides."""
    return [name for name in notebooks if name.split("-")[0] in LECTURES]


def glued(nb: nbformat.NotebookNode) -> dict[str, str]:
    """The values a notebook glues (MyST-NB's ``glue``), as text: name -> text/markdown for a
    value glued as Markdown (a computed sentence, pasted by ``{glue:md}``), else text/plain."""
    values = {}
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            record = output.get("metadata", {}).get("scrapbook")
            if record:
                data, prefix = output["data"], record["mime_prefix"]
                text = data.get(prefix + "text/markdown", data.get(prefix + "text/plain", ""))
                values[record["name"]] = text
    return values


def _glue_text(text: str, spec: str) -> str:
    """A glued value as MyST-NB pastes it: its text, quotes removed, with ``spec`` (``:,``)
    applied to a number."""
    value = text.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1]
    if spec:
        try:
            return format(float(value) if "." in value else int(value), spec)
        except ValueError:
            return value
    return value


def citations(bib: Path) -> dict[str, str]:
    """Author-and-year labels of the entries of a .bib file ("Ye 2023", "Beck and Teboulle
    2003", "Wierstra et al. 2014"), by key."""
    labels = {}
    for key, body in re.findall(r"^@\w+\{([^,]+),(.*?)^\}", bib.read_text(), re.M | re.S):
        author = re.search(r"^\s*author\s*=\s*[{\"](.+?)[}\"],?\s*$", body, re.M | re.I)
        year = re.search(r"^\s*year\s*=\s*[{\"]?(\d{4})", body, re.M | re.I)
        names = [n.strip() for n in author[1].split(" and ")] if author else [key]
        surnames = [(n.split(",")[0] if "," in n else n.split()[-1]).strip("{} ") for n in names]
        if len(surnames) > 2:
            who = f"{surnames[0]} et al."
        else:
            who = " and ".join(surnames)
        labels[key.strip()] = f"{who} {year[1]}" if year else who
    return labels


def paste_glue(source: str, values: dict[str, str]) -> str:
    """``source`` with each of MyST-NB's ``{glue:text}`` roles replaced by its value (``values``,
    from ``glued``), as MyST-NB pastes it, and each ``{glue:md}`` role (``key:myst``, its format
    after the colon) by its Markdown as it is; a role without a value is a ValueError."""

    def glue(match: re.Match) -> str:
        name, _, spec = match[2].partition(":")
        if name not in values:
            raise ValueError(f"glue role {match[0]!r}: no glued value named {name!r}")
        return values[name] if match[1] == ":md" else _glue_text(values[name], spec)

    return re.sub(r"\{glue(:text|:md)?\}`([^`]+)`", glue, source)


def plain_markdown(source: str, values: dict[str, str], cites: dict[str, str]) -> str:
    """A notebook's MyST Markdown as the plain Markdown nbconvert renders: glue roles pasted
    (``values``), citations as "(Ye 2023)" (``cites``), a directive's fence as its bold title
    (options dropped), links to the book's sources as links to its pages, one folder up, a
    link to a section of the same page as its text (a deck has no such section), and a
    cross-reference (``{ref}``) as its text, or, to an exercise's solution, as a link to the
    solutions page."""

    def cite(match: re.Match) -> str:
        keys = [key.strip() for key in match[1].split(",")]
        return "(" + "; ".join(cites.get(key, key) for key in keys) + ")"

    def directive(match: re.Match) -> str:
        kind, title = match[1].split(":")[-1], match[2].strip()
        name = {"proof": "Proof", "exercise": "Exercise"}.get(kind, kind.capitalize())
        if title and re.match(r"\d", title):  # "15 (our Proposition A.1)"
            return f"**{name} {title}.**"
        return f"**{name}{': ' + title if title else ''}.**"

    def ref(match: re.Match) -> str:
        text, label = match[1].strip(), match[2]
        if label.startswith(SOLUTION_TARGET):  # an exercise's solution, on the solutions page
            return f"[{text}]({SOLUTIONS}.md#{label})"
        return text

    text = paste_glue(source, values)
    text = re.sub(r"\{cite(?::[pt])?\}`([^`]+)`", cite, text)
    # a cross-reference as its text (a deck has no Sphinx labels), a solution's as a link
    text = re.sub(r"\{(?:ref|numref)\}`([^`<]*)<([^`>]+)>`", ref, text)
    text = re.sub(r"\{(?:ref|numref|doc)\}`([^`<]+)`", r"\1", text)
    text = re.sub(r"^```+\{([\w:-]+)\}[ \t]*(.*)$", directive, text, flags=re.M)
    text = re.sub(r"^:[\w-]+:.*\n", "", text, flags=re.M)  # a directive's options
    text = re.sub(r"^```+[ \t]*$\n?", "", text, flags=re.M)  # a directive's closing fence
    text = re.sub(r"^\([\w:.-]+\)=[ \t]*\n", "", text, flags=re.M)  # a MyST target "(label)="
    # a directive's bold title runs into its text, which then stays on the slide with it
    text = re.sub(r"^(\*\*[^*\n]+\.\*\*)\n\n(?=\S)", r"\1 ", text, flags=re.M)
    return deck_links(tex_numbers(text))


def tex_numbers(text: str) -> str:
    """The paper's .tex labels in prose as the PDF's numbers alone, as a deck shows them (the
    book's pages keep the label in a tooltip, ``report.tex_labels``; a deck has no tooltips).

    >>> tex_numbers("eq:nab_Sig (2.6) is the unconstrained one; prop:TG (Lemma 8) holds")
    '(2.6) is the unconstrained one; Lemma 8 holds'
    """
    text = re.sub(r"(?<![\w/`])eq:[\w:-]+ (\([A-Z]?\d+(?:\.\d+)?\))", r"\1", text)
    return re.sub(
        r"(?<![\w/`])[a-z]+:[\w:-]+ \(((?:Lemma|Theorem|Proposition|Corollary|Remark|"
        r"Assumption|Definition) \d+)\)",
        r"\1",
        text,
    )


def deck_links(text: str) -> str:
    """Markdown's links as a deck in ``slides/`` follows them: a page of the book one folder
    up, as HTML ("ledger.md#claim-thm-3-3" → "../ledger.html#claim-thm-3-3"); a link to a
    section of the same page leads nowhere in a deck, so its text stays; web links unchanged.

    >>> deck_links("[Thm 3.3](ledger.md#claim-thm-3-3), [here](#top), [arXiv](https://a.b)")
    '[Thm 3.3](../ledger.html#claim-thm-3-3), here, [arXiv](https://a.b)'
    """

    def link(match: re.Match) -> str:
        target = match[2]
        if re.match(r"^(https?:|mailto:|#)", target):
            return match[0]
        page, _, anchor = target.partition("#")
        page = re.sub(r"\.(ipynb|md)$", ".html", page)
        return f"]({'../' + page}{'#' + anchor if anchor else ''})"

    text = re.sub(r"\[([^\]]+)\]\(#[^)\s]*\)", r"\1", text)
    return re.sub(r"(\]\()([^)\s]+)\)", link, text)


def deck_notebook(nb: nbformat.NotebookNode, cites: dict[str, str]) -> nbformat.NotebookNode:
    """The deck's copy of a lecture: plain Markdown (``plain_markdown``); a slide whose cell
    gives bullets (``slideshow.bullets`` in its metadata: a few short lines of Markdown) shows
    its heading and those bullets, every paragraph of the cell in the speaker notes; a
    heading's slide without them that runs on past its first paragraph (and the display that
    paragraph introduces with a colon) split in two, the rest in the speaker notes; a figure
    cell's input tagged ``FIGURE_ONLY`` (nbconvert leaves it out; the template fits every
    figure, however tall, into the slide's height); what the listing prints on a slide of its
    own (the listing fills its slide); a verdict table without the fold of the printed text
    (``VERDICT_FOLD``); a cell's ``slideshow.caption`` (a line of Markdown) on its slide, under
    it; a slide of a heading alone run on into the sub-slide after it; glued values' outputs
    dropped (the prose pastes them); nbval's ``# NBVAL_…`` markers dropped from the code."""
    values = glued(nb)
    deck = copy.deepcopy(nb)
    cells = []
    for cell in deck.cells:
        kind = cell.metadata.get("slideshow", {}).get("slide_type", "-")
        cells.append(cell)
        if cell.cell_type == "markdown":
            cell.source = plain_markdown(cell.source, values, cites)
            paragraphs = cell.source.split("\n\n")
            keep = 3 if len(paragraphs) > 1 and paragraphs[1].rstrip().endswith(":") else 2
            bullets = cell.metadata.get("slideshow", {}).get("bullets")
            if kind in ("slide", "subslide") and bullets:
                # the slide: its heading and its bullets; every paragraph in the notes
                keep = 1 if paragraphs[0].lstrip().startswith("#") else 0
                items = [f"* {plain_markdown(b, values, cites)}" for b in bullets]
                paragraphs = paragraphs[:keep] + ["\n".join(items)] + paragraphs[keep:]
                keep += 1
            if kind in ("slide", "subslide") and len(paragraphs) > keep:
                cell.source = "\n\n".join(paragraphs[:keep])
                rest = nbformat.v4.new_markdown_cell("\n\n".join(paragraphs[keep:]))
                rest.id = f"{cell.get('id', 'cell')}-notes"  # the same in every build
                rest.metadata["slideshow"] = {"slide_type": "notes"}
                cells.append(rest)
            continue
        # the test suite's markers (nbval's) are not the lecture's code
        cell.source = re.sub(r"^# NBVAL\w*[ \t]*\n?", "", cell.source, flags=re.M)
        cell.outputs = [o for o in cell.outputs if "scrapbook" not in o.get("metadata", {})]
        for output in cell.outputs:  # a Markdown output's links too (00's verdict grid)
            data = output.get("data", {})
            if "text/markdown" in data:
                markdown = VERDICT_FOLD.sub("", "".join(data["text/markdown"])).rstrip()
                data["text/markdown"] = deck_links(markdown)
        listing = "listing" in cell.metadata.get("tags", [])
        if listing and cell.outputs and kind in ("slide", "subslide"):
            # the listing fills its slide: what it prints on the next one, under a title
            title = nbformat.v4.new_markdown_cell(LISTING_OUTPUT)
            title.id = f"{cell.get('id', 'cell')}-output-title"
            title.metadata["slideshow"] = {"slide_type": "subslide"}
            printed = nbformat.v4.new_code_cell(cell.source, outputs=cell.outputs)
            printed.id = f"{cell.get('id', 'cell')}-output"
            printed.metadata["slideshow"] = {"slide_type": "-"}
            printed.metadata["tags"] = [FIGURE_ONLY]
            cell.outputs = []
            cells += [title, printed]
        caption = cell.metadata.get("slideshow", {}).get("caption")
        if caption:  # a line the slide shows under the cell's output (not on the book's page)
            note = nbformat.v4.new_markdown_cell(plain_markdown(caption, values, cites))
            note.id = f"{cell.get('id', 'cell')}-caption"
            note.metadata["slideshow"] = {"slide_type": "-"}
            cells.append(note)
        figure = any(
            "image/png" in o.get("data", {}) or "text/markdown" in o.get("data", {})
            for o in cell.outputs
        )  # a figure, or a table made as Markdown (00's verdict grid): the slide shows no code
        alt = cell.metadata.get("mystnb", {}).get("image", {}).get("alt")
        for output in cell.outputs:  # the book's description of the figure (its gallery caption)
            png = output.get("data", {}).get("image/png")
            if png and alt:
                output.setdefault("metadata", {}).setdefault("image/png", {})["alt"] = alt
        if figure and kind != "skip" and "listing" not in cell.metadata.get("tags", []):
            cell.metadata.setdefault("tags", []).append(FIGURE_ONLY)
    for cell, after in zip(cells, cells[1:]):
        # a slide of a heading alone runs on into the sub-slide after it: no empty slide
        kind = cell.metadata.get("slideshow", {}).get("slide_type")
        shown = after.metadata.get("slideshow", {})
        if kind in ("slide", "subslide") and cell.cell_type == "markdown":
            if not _slide_body(cell.source) and shown.get("slide_type") == "subslide":
                shown["slide_type"] = "-"
    deck.cells = cells
    return deck


def _slide_body(source: str) -> str:
    """A slide's Markdown without its heading lines."""
    return "\n".join(line for line in source.splitlines() if not line.startswith("#")).strip()


def slides(notebooks: Path, out: Path, reveal: Path, mathjax_config: dict, bib: Path) -> list[Path]:
    """Write the decks of the lectures in ``notebooks`` into ``out/slides`` (``out`` is the
    built book, whose ``_static/mathjax`` the decks load) with reveal.js (the npm package's
    folder ``reveal``) copied beside them; return the decks."""
    from nbconvert import SlidesExporter
    from nbconvert.preprocessors import TagRemovePreprocessor
    from traitlets.config import Config

    config = Config()
    config.TagRemovePreprocessor.remove_input_tags = {FIGURE_ONLY}
    config.TagRemovePreprocessor.enabled = True
    exporter = SlidesExporter(
        config=config,
        extra_template_paths=[str(TEMPLATE.parent)],
        template_file=TEMPLATE.name,
        reveal_url_prefix="reveal",
        exclude_input_prompt=True,
        exclude_output_prompt=True,
    )
    exporter.register_preprocessor(TagRemovePreprocessor(config=config), enabled=True)
    target = out / SLIDES
    target.mkdir(parents=True, exist_ok=True)
    for part in ("dist", "plugin/notes"):
        shutil.copytree(reveal / part, target / "reveal" / part, dirs_exist_ok=True)
    cites = citations(bib)
    decks = []
    stems = lecture_stems(sorted(p.stem for p in notebooks.glob("*.ipynb")))
    for stem in stems:
        nb = deck_notebook(nbformat.read(notebooks / f"{stem}.ipynb", as_version=4), cites)
        resources = {
            "metadata": {"name": stem},
            "mathjax_config": mathjax_config,
            "mathjax_local": "../_static/mathjax/tex-chtml.js",
        }
        html, _ = exporter.from_notebook_node(nb, resources=resources)
        if re.search(r"""(src|href)=["']https?://""", html):
            raise RuntimeError(f"the slides of {stem} load something from the network")
        write_text(target / f"{stem}.html", html)
        decks.append(target / f"{stem}.html")
    return decks


#: An exercise of a notebook (sphinx-exercise): its directive, its label and its text.
EXERCISE = re.compile(
    r"^```\{exercise\}[^\n]*\n(?P<options>(?::[\w-]+:[^\n]*\n)*)(?P<text>.*?)^```[ \t]*$",
    re.M | re.S,
)
#: The folded solution that follows an exercise in its cell.
SOLUTION = re.compile(r"<details>\s*<summary>[^<]*</summary>\s*(?P<body>.*?)</details>", re.S)
#: The book's page of the exercises' solutions, and the prefix of its targets.
SOLUTIONS, SOLUTION_TARGET = "solutions", "sol-"


#: A comment of a line of code: from a "#" that opens the line or follows a blank to its end.
CODE_COMMENT = re.compile(r"(?:^|(?<=\s))#\s.*$")
#: An equation label of the paper in a comment.
EQUATION_LABEL = re.compile(r"(?<![\w:])eq:\w+")


def printed_labels(code: str) -> str:
    """``code`` with each equation label in its comments replaced by the number the PDF prints
    (``paper.equation_numbers``), the code itself unchanged: a reader of the solutions looks
    for "eq. (2.6)", not the .tex's "eq:nab_Sig".

    >>> print(printed_labels("# eq:nab_Sig, off-diagonal\\nx = f('eq:cond')  # eq:cond"))
    # eq. (2.6), off-diagonal
    x = f('eq:cond')  # eq. (5.3)
    """

    def number(m: re.Match) -> str:
        printed = equation_numbers(m[0])
        return m[0] if printed == m[0] else f"eq. {printed}"

    return "\n".join(
        CODE_COMMENT.sub(lambda c: EQUATION_LABEL.sub(number, c[0]), line)
        for line in code.splitlines()
    )


class Exercise(NamedTuple):
    """One exercise of a notebook with its solution: the notebook, its label, its title (the
    heading of its cell), its text, the folded solution's prose and its solution cells; whether
    the book numbers it (an ``{exercise}`` directive without ``:nonumber:``, numbered through
    the book by sphinx-exercise)."""

    notebook: str
    label: str
    title: str
    text: str
    solution: str
    cells: tuple[nbformat.NotebookNode, ...]
    numbered: bool = True


def exercises(path: Path) -> list[Exercise]:
    """The exercises of the notebook at ``path`` (each ``{exercise}`` directive with a label),
    each with the solution folded after it in its cell and the code cells tagged ``solution``
    that follow it, before the next exercise; glued values pasted."""
    nb = nbformat.read(path, as_version=4)
    values = glued(nb)
    found: list[Exercise] = []
    for cell in nb.cells:
        if cell.cell_type == "code" and "solution" in cell.metadata.get("tags", []) and found:
            found[-1] = found[-1]._replace(cells=found[-1].cells + (cell,))
        if cell.cell_type != "markdown":
            continue
        for match in EXERCISE.finditer(cell.source):
            label = re.search(r":label:\s*(\S+)", match["options"])
            if label is None:
                raise ValueError(f"{path.name}: an exercise without a :label: ({match[0][:60]!r})")
            heading = re.search(r"^#+ (.+)$", cell.source[: match.start()], re.M)
            title = heading[1] if heading else ""
            after = SOLUTION.search(cell.source, match.end())
            solution = after["body"].strip() if after else ""
            text = paste_glue(match["text"].strip(), values)
            numbered = ":nonumber:" not in match["options"]
            found.append(
                Exercise(
                    path.stem, label[1], title, text, paste_glue(solution, values), (), numbered
                )
            )
    return found


#: A printed output on the solutions page: a text block of the class ``output``, which the
#: book's stylesheet (``wrap.css``: ``div.output div.highlight pre``) wraps at the column's
#: width, as it wraps a notebook's outputs; a plain text block would scroll sideways as code does.
PRINTED = "```{{code-block}} text\n:class: output\n\n{}\n```"


def _cell_text(cell: nbformat.NotebookNode) -> str:
    """What a solution cell printed (its text outputs, as ``PRINTED``; a formula's LaTeX as
    display math)."""
    parts = []
    for output in cell.get("outputs", []):
        if output["output_type"] == "stream" and output.get("name") == "stdout":
            parts.append(PRINTED.format(output["text"].rstrip()))
        elif "text/latex" in output.get("data", {}):
            parts.append("$$" + output["data"]["text/latex"].strip().strip("$") + "$$")
        elif "text/plain" in output.get("data", {}):
            parts.append(PRINTED.format(output["data"]["text/plain"].rstrip()))
    return "\n\n".join(parts)


def solutions_page(notebooks: Path) -> str:
    """The book's page of solutions: for each exercise of the notebooks in ``notebooks`` (in
    reading order), its text, a link back to it, the folded solution's prose, and its solution
    cells with what they print (folded); each under the target ``sol-<label>`` that its exercise
    links (``link_solutions``). An exercise is headed by the number the book gives it (numbered
    through the book, as sphinx-exercise numbers them) and the title of its section; the
    paper's labels in the prose stand behind the PDF's numbers (``report.tex_labels``)."""
    lines = [
        "# Solutions to the exercises",
        "",
        "Every exercise of the book with its solution, in reading order: the solutions a page "
        "folds under its exercise, gathered here with the code that checks them and what it "
        "prints, so that the lectures can be handed out without them. Each exercise links here, "
        "and each solution back to its exercise. The exercises carry the numbers the notebooks "
        "give them, counted through the book from notebook 00. The code under a solution is "
        "the notebook's solution cell as it stands (an equation's label in its comments given "
        "as the PDF's number): it runs after the notebook's earlier cells and uses the names "
        "they define, so run it in the notebook.",
    ]
    number = 0
    for path in sorted(notebooks.glob("*.ipynb")):
        found = exercises(path)
        if not found:
            continue
        title = nbformat.read(path, as_version=4).cells[0].source.splitlines()[0].lstrip("# ")
        lines += ["", f"## {title}"]
        short = path.stem[:3].rstrip("-")
        for ex in found:
            number += ex.numbered
            topic = re.sub(r"^Exercise\b:?\s*", "", ex.title)
            name = (f"Exercise {number}" if ex.numbered else "Exercise") + (
                f": {topic}" if topic else ""
            )
            lines += [
                "",
                f"({SOLUTION_TARGET}{ex.label})=",
                f"### {name}",
                "",
                f"{{ref}}`The exercise <{ex.label}>`, in [{short}]({path.stem}.ipynb):",
                "",
                "\n".join(
                    f"> {line}" if line else ">" for line in tex_labels(ex.text).splitlines()
                ),
            ]
            if ex.solution:
                lines += ["", "**Solution.**", "", tex_labels(ex.solution)]
            for cell in ex.cells:
                # folded, as the notebook folds it: 18 exercises' code and output unfolded
                # made the page 21,000 px tall
                lines += [
                    "",
                    "<details>",
                    f"<summary>The solution cell of notebook {short}, and what it prints</summary>",
                    "",
                ]
                code = "\n".join(
                    line
                    for line in cell.source.splitlines()
                    if line != "# Solution to the exercise"
                )
                lines += ["", "```python", printed_labels(code.strip()), "```"]
                printed = _cell_text(cell)
                if printed:
                    lines += ["", "It prints:", "", printed]
                lines += ["", "</details>"]
    return "\n".join(lines) + "\n"


def link_solutions(nb: nbformat.NotebookNode) -> int:
    """Under each labelled exercise of ``nb`` (the book's copy), a link to its solution on the
    solutions page; return how many were linked."""
    linked = 0
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue

        def link(match: re.Match) -> str:
            nonlocal linked
            label = re.search(r":label:\s*(\S+)", match["options"])
            if label is None:
                return match[0]
            linked += 1
            target = f"{SOLUTION_TARGET}{label[1]}"
            return f"{match[0]}\n\n{{ref}}`Its solution, with the code that checks it <{target}>`"

        cell.source = EXERCISE.sub(link, cell.source)
    return linked


def chromium() -> str:
    """The headless Chromium that prints the PDFs (Debian's ``chromium``)."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    raise RuntimeError("the book's PDFs are printed by Chromium (Debian package 'chromium')")


def print_page(browser: str, page: Path, pdf: Path) -> None:
    """Print one page of the built book to ``pdf`` with Chromium (print media: the book's
    print style, A4). The virtual-time budget lets MathJax typeset before the page prints.
    Chromium prints into its temporary profile; the PDF, once checked, replaces ``pdf``
    atomically (``files.write_bytes``): an interrupted print leaves the old one whole."""
    with tempfile.TemporaryDirectory(prefix="mines-print-") as profile:
        printed = Path(profile) / "page.pdf"
        subprocess.run(
            [
                browser,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                f"--user-data-dir={profile}",
                "--no-pdf-header-footer",
                "--run-all-compositor-stages-before-draw",
                "--virtual-time-budget=30000",
                f"--print-to-pdf={printed}",
                page.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=300,
        )
        data = printed.read_bytes() if printed.is_file() else b""
    if not data.startswith(b"%PDF-"):
        raise RuntimeError(f"Chromium printed no PDF of {page.name}")
    write_bytes(pdf, data)


def pdfs(out: Path, pages: list[str]) -> list[Path]:
    """Print each of ``pages`` (stems of the built book's pages in ``out``, in reading order) to
    ``out/pdf/<stem>.pdf`` and join them into ``out/pdf/BOOK_PDF``; return the PDFs written."""
    from pypdf import PdfWriter

    browser = chromium()
    target = out / PDF
    target.mkdir(parents=True, exist_ok=True)
    printed = []
    for stem in pages:
        printed.append(target / f"{stem}.pdf")
        print_page(browser, out / f"{stem}.html", printed[-1])
    book = PdfWriter()
    for pdf, stem in zip(printed, pages, strict=True):
        book.append(str(pdf), outline_item=stem)
    save_with(target / BOOK_PDF, book.write, binary=True)
    return printed + [target / BOOK_PDF]
