"""The course kit's pieces that need no browser (tools/course_kit.py): the notebooks' MyST turned
into the plain Markdown of the slides, the citations' labels, a deck's copy of a lecture, and the
``slide_type`` metadata of the lectures that have slides. The decks and the PDFs themselves are
opened in tests/test_site.py.
"""

from __future__ import annotations

import base64
import importlib.util
import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


kit = _load("course_kit")
CITES = {"ye2023mirror": "Ye 2023", "beck2003mirror": "Beck and Teboulle 2003"}


@pytest.mark.parametrize(
    "myst, plain",
    [
        ("{glue:text}`n` runs", "50 runs"),
        ("{glue:text}`pairs:,` pairs", "2,000 pairs"),
        ("on {glue:text}`interval`", "on [0.01, 2]"),
        ("Said: {glue:md}`said:myst` So", "Said: No: $f - f^*$ at 0.5. So"),
        ("as {cite:p}`ye2023mirror` shows", "as (Ye 2023) shows"),
        ("{cite:p}`ye2023mirror,beck2003mirror`", "(Ye 2023; Beck and Teboulle 2003)"),
        ("[the ledger](ledger.md#claim-lemma-5-3)", "[the ledger](../ledger.html#claim-lemma-5-3)"),
        (
            "[notebook 03](03-gradient-estimators.ipynb)",
            "[notebook 03](../03-gradient-estimators.html)",
        ),
        ("[arXiv](https://arxiv.org/abs/2308.00469)", "[arXiv](https://arxiv.org/abs/2308.00469)"),
        ("see [the constants](#the-constants) below", "see the constants below"),
        (
            "```{prf:proposition} 15 (our Proposition A.1)\n:nonumber:\n:label: p15\n\n"
            "S is convex.\n```",
            "**Proposition 15 (our Proposition A.1).** S is convex.\n",
        ),
        (
            "```{exercise} The bars at 0\n:label: e1\n\nWhy?\n```",
            "**Exercise: The bars at 0.** Why?\n",
        ),
        ("(ex-00-exercise)=\n## Exercise\n", "## Exercise\n"),
        ("eq:nab_Sig (2.6) is the unconstrained one", "(2.6) is the unconstrained one"),
        ("prop:TG (Lemma 8) holds", "Lemma 8 holds"),
        (
            "{ref}`Its solution <sol-ex-01-coordinates>`",
            "[Its solution](../solutions.html#sol-ex-01-coordinates)",
        ),
        ("see {ref}`the proof <pdf-proposition-15>` and {ref}`ex-01`", "see the proof and ex-01"),
    ],
)
def test_myst_becomes_plain_markdown(myst, plain):
    """Each MyST construct of the lectures against the text it must become (written by hand:
    the glued values as MyST-NB pastes them, the links one folder up, beside the slides)."""
    values = {
        "n": "50",
        "pairs": "2000",
        "interval": "'[0.01, 2]'",
        "said": "No: $f - f^*$ at 0.5.",
    }
    assert kit.plain_markdown(myst, values, CITES) == plain


def test_a_value_glued_as_markdown_is_read_as_its_markdown():
    """A sentence glued as Markdown (``glue(key, Markdown(…))``) stores its Markdown beside the
    repr of the object as text/plain: the deck pastes the Markdown, a number its text/plain."""
    prefix = "application/papermill.record/"
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        _cell(
            "code",
            "glue(...)",
            "skip",
            outputs=[
                nbformat.from_dict(
                    {
                        "output_type": "display_data",
                        "data": {prefix + "text/plain": text} | markdown,
                        "metadata": {"scrapbook": {"name": name, "mime_prefix": prefix}},
                    }
                )
                for name, text, markdown in (
                    ("k", "3", {}),
                    (
                        "said",
                        "<IPython.core.display.Markdown object>",
                        {prefix + "text/markdown": "No: $f - f^*$."},
                    ),
                )
            ],
        )
    ]
    assert kit.glued(nb) == {"k": "3", "said": "No: $f - f^*$."}


def test_a_glue_role_without_its_value_is_refused():
    with pytest.raises(ValueError, match="no glued value named 'missing'"):
        kit.plain_markdown("{glue:text}`missing`", {}, CITES)


def test_citation_labels_from_the_books_bibliography(tmp_path):
    """Labels for one, two and more authors, in both of BibTeX's name orders."""
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@article{one,\n  author = {Hao Ye},\n  year = {2023},\n}\n"
        "@article{two,\n  author = {Beck, Amir and Teboulle, Marc},\n  year = 2003,\n}\n"
        "@article{many,\n  author = {Daan Wierstra and Tom Schaul and Jan Peters},\n"
        "  year = {2014},\n}\n"
    )
    assert kit.citations(bib) == {
        "one": "Ye 2023",
        "two": "Beck and Teboulle 2003",
        "many": "Wierstra et al. 2014",
    }
    labels = kit.citations(ROOT / "book" / "references.bib")
    assert all(label[-4:].isdigit() for label in labels.values()), labels


def _cell(kind: str, source: str, slide: str, **fields) -> nbformat.NotebookNode:
    make = nbformat.v4.new_markdown_cell if kind == "markdown" else nbformat.v4.new_code_cell
    cell = make(source, **fields)
    cell.metadata["slideshow"] = {"slide_type": slide}
    return cell


def test_a_deck_copy_splits_long_slides_and_keeps_figures_only():
    """A heading cell of four paragraphs keeps its heading and first paragraph on the slide (and
    the display a colon introduces); the rest becomes speaker notes. A figure cell's input is
    tagged to be left out, the listing's is kept, a glued value's output is dropped; the
    notebook itself is not changed."""
    png = {"output_type": "display_data", "data": {"image/png": "iVBORw0KGgo="}, "metadata": {}}
    glue = {
        "output_type": "display_data",
        "data": {"application/papermill.record/text/plain": "3"},
        "metadata": {"scrapbook": {"name": "k", "mime_prefix": "application/papermill.record/"}},
    }
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        _cell("markdown", "## A\n\nfirst {glue:text}`k`\n\nsecond\n\nthird", "slide"),
        _cell("markdown", "## B\n\nuse:\n\n$$x$$\n\nafter", "slide"),
        _cell("code", "plot()", "subslide", outputs=[nbformat.from_dict(png)]),
        _cell("code", "algorithm()", "subslide", outputs=[nbformat.from_dict(png)]),
        _cell("code", "glue('k', 3)", "skip", outputs=[nbformat.from_dict(glue)]),
        _cell("code", "# NBVAL_CHECK_OUTPUT\nprint(verdict)", "subslide"),
    ]
    nb.cells[3].metadata["tags"] = ["listing"]
    deck = kit.deck_notebook(nb, CITES)
    kinds = [c.metadata["slideshow"]["slide_type"] for c in deck.cells]
    # the listing fills its slide: what it prints follows on a slide of its own, without code
    listed = ["subslide", "subslide", "-"]
    assert kinds == ["slide", "notes", "slide", "notes", "subslide", *listed, "skip", "subslide"]
    assert deck.cells[9].source == "print(verdict)"  # nbval's marker is not the lecture's
    assert deck.cells[0].source == "## A\n\nfirst 3"
    assert deck.cells[1].source == "second\n\nthird"
    assert deck.cells[2].source == "## B\n\nuse:\n\n$$x$$"
    assert kit.FIGURE_ONLY in deck.cells[4].metadata["tags"]
    assert kit.FIGURE_ONLY not in deck.cells[5].metadata["tags"] and deck.cells[5].outputs == []
    assert deck.cells[6].source == kit.LISTING_OUTPUT
    assert kit.FIGURE_ONLY in deck.cells[7].metadata["tags"] and deck.cells[7].outputs
    assert deck.cells[8].outputs == []
    assert len(nb.cells) == 6 and nb.cells[4].outputs and "tags" not in nb.cells[2].metadata


def test_a_slide_with_bullets_shows_them_and_puts_its_prose_in_the_notes():
    """A cell whose metadata gives bullets is a slide of its heading and those bullets; all its
    paragraphs go to the speaker notes, whatever their number."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [_cell("markdown", "## A\n\nfirst\n\nsecond", "slide")]
    nb.cells[0].metadata["slideshow"]["bullets"] = ["one", "two $x_k$"]
    deck = kit.deck_notebook(nb, CITES)
    assert [c.metadata["slideshow"]["slide_type"] for c in deck.cells] == ["slide", "notes"]
    assert deck.cells[0].source == "## A\n\n* one\n* two $x_k$"
    assert deck.cells[1].source == "first\n\nsecond"


def _png(width: int, height: int) -> str:
    """A PNG's first bytes (signature and header) of that size, base64 as a notebook keeps it."""
    head = b"\x89PNG\r\n\x1a\n" + bytes(4) + b"IHDR" + width.to_bytes(4, "big")
    return base64.b64encode(head + height.to_bytes(4, "big")).decode()


def test_a_deck_shows_a_verdict_table_unfolded_every_figure_unmarked_and_a_caption():
    """A verdict cell's table keeps no fold (a deck cannot open it usefully); no figure, however
    tall, is marked to be shown at its own width (a slide does not scroll in the deck: 00's atlas
    showed 12 of its bars, the first run's third panel was lost), the template fits it; a
    cell's ``slideshow.caption`` follows it on its slide; a slide of a heading alone runs on
    into the sub-slide after it (no empty slide)."""
    fold = '| a | b |\n|---|---|\n\n<details class="verdict"><summary>x</summary>\n\nt\n</details>'
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        _cell("markdown", "## Verdict", "slide"),
        _cell(
            "code",
            "v()",
            "subslide",
            outputs=[nbformat.v4.new_output("display_data", data={"text/markdown": fold})],
        ),
        _cell(
            "code",
            "a()",
            "subslide",
            outputs=[nbformat.v4.new_output("display_data", data={"image/png": _png(700, 3000)})],
        ),
        _cell(
            "code",
            "b()",
            "subslide",
            outputs=[nbformat.v4.new_output("display_data", data={"image/png": _png(700, 470)})],
        ),
    ]
    nb.cells[3].metadata["slideshow"]["caption"] = "see {cite:p}`ye2023mirror`"
    deck = kit.deck_notebook(nb, CITES)
    kinds = [c.metadata["slideshow"]["slide_type"] for c in deck.cells]
    assert kinds == ["slide", "-", "subslide", "subslide", "-"]
    assert deck.cells[1].outputs[0].data["text/markdown"] == "| a | b |\n|---|---|"
    for k in (2, 3):
        assert "image/png" not in deck.cells[k].outputs[0].get("metadata", {})
    assert deck.cells[4].source == "see (Ye 2023)"


#: What no slide and no speaker note of a deck may show: MyST that nbconvert does not know
#: (a role, a glue, a citation, a target "(label)="), left raw.
RAW_MYST = re.compile(r"\{(ref|numref|doc|glue|cite|eq)\b|^\([\w:.-]+\)=", re.M)


@pytest.mark.parametrize("name", kit.lecture_stems([p.stem for p in ROOT.glob("notebooks/*")]))
def test_a_lectures_deck_has_no_raw_myst_and_no_empty_slide(name):
    """The deck of each lecture, from the notebook as the book stages it (each exercise with
    the link to its solution, ``link_solutions``): no slide and no note holds raw MyST (before:
    the notes showed "{ref}`Its solution… <sol-ex-…>`"), and no slide is a heading alone (before:
    01's "Verdict", its table on the next slide)."""
    nb = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)
    kit.link_solutions(nb)
    deck = kit.deck_notebook(nb, kit.citations(ROOT / "book" / "references.bib"))
    for k, cell in enumerate(deck.cells):
        kind = cell.metadata.get("slideshow", {}).get("slide_type", "-")
        if kind == "skip":
            continue
        texts = [cell.source] if cell.cell_type == "markdown" else []
        for output in cell.get("outputs", []):
            texts.append("".join(output.get("data", {}).get("text/markdown", "")))
        for text in texts:
            assert not RAW_MYST.search(text), (name, RAW_MYST.search(text)[0], text[:80])
        if cell.cell_type == "markdown" and kind in ("slide", "subslide"):
            if not _slide_text(cell.source).strip():
                after = deck.cells[k + 1].metadata.get("slideshow", {}).get("slide_type", "-")
                assert after in ("-", "fragment"), (name, cell.source[:60])


#: A slide a lecturer can show: its heading and at most this many bullets, each at most this
#: many characters of Markdown (issue: "slides read as paragraphs").
MAX_BULLETS, MAX_BULLET = 4, 130


def _slide_text(source: str) -> str:
    """A slide's text without its heading lines."""
    return "\n".join(line for line in source.splitlines() if not line.startswith("#"))


@pytest.mark.parametrize("name", kit.lecture_stems([p.stem for p in ROOT.glob("notebooks/*")]))
def test_a_lectures_slides_are_headings_with_short_bullets(name):
    """In the deck of each lecture, a Markdown slide that is not an exercise, a verdict or a
    heading alone is its heading and at most four short bullets, no paragraph; the cell's
    paragraphs are in the notes that follow it (before: 00's first slide carried 560
    characters of prose)."""
    nb = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)
    deck = kit.deck_notebook(nb, kit.citations(ROOT / "book" / "references.bib"))
    for k, cell in enumerate(deck.cells):
        kind = cell.metadata.get("slideshow", {}).get("slide_type")
        if cell.cell_type != "markdown" or kind not in ("slide", "subslide"):
            continue
        text = _slide_text(cell.source).strip()
        if not text or "xercise" in cell.source.split("\n", 1)[0]:
            continue
        lines = text.splitlines()
        assert all(line.startswith("* ") for line in lines), (name, cell.source[:80])
        assert len(lines) <= MAX_BULLETS and max(map(len, lines)) <= MAX_BULLET, name
        assert deck.cells[k + 1].metadata["slideshow"]["slide_type"] == "notes", name


def test_the_slide_check_finds_a_paragraph():
    text = _slide_text("## A\n\nMiNES is a method that learns the inverse Hessian of f.")
    assert not all(line.startswith("* ") for line in text.strip().splitlines())


SLIDE_TYPES = {"slide", "subslide", "fragment", "skip", "notes", "-"}


@pytest.mark.parametrize("name", kit.lecture_stems([p.stem for p in ROOT.glob("notebooks/*")]))
def test_a_lecture_with_slides_marks_every_cell(name):
    """Every cell of a lecture with slides has a ``slide_type`` of Jupyter's set; its headings
    are slides, its figures and its verdict shown, its solutions and set-up cells skipped, and
    its slides are at most 60% of its cells (not every cell a slide)."""
    nb = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)
    kinds = [cell.metadata.get("slideshow", {}).get("slide_type") for cell in nb.cells]
    assert set(kinds) <= SLIDE_TYPES, name
    for cell, kind in zip(nb.cells, kinds, strict=True):
        if cell.cell_type == "markdown" and cell.source.startswith("## "):
            assert kind == "slide", cell.source[:60]
        if "solution" in cell.metadata.get("tags", []) or "import " in cell.source[:200]:
            assert kind == "skip", cell.source[:60]
        if "verdict_cell" in cell.source:
            assert kind == "subslide"
    shown = kinds.count("slide") + kinds.count("subslide")
    assert 8 <= shown <= 0.6 * len(nb.cells), (name, shown, len(nb.cells))


def test_the_exercises_and_their_solutions_are_found():
    """Every ``{exercise}`` directive of the notebooks is found with its label, each has a
    solution (its folded prose, its solution cells, or both), and the solutions page has a
    target and a link back for each."""
    found = [ex for path in sorted(ROOT.glob("notebooks/*.ipynb")) for ex in kit.exercises(path)]
    directives = sum(
        cell.source.count("```{exercise}")
        for path in sorted(ROOT.glob("notebooks/*.ipynb"))
        for cell in nbformat.read(path, as_version=4).cells
        if cell.cell_type == "markdown"
    )
    numbered = [ex for ex in found if ex.numbered]
    # every exercise is a directive, numbered through the book from 00 (a cold reader found 00's
    # numbered apart, 0.1 and 0.2, and 02's first one, a bold "Exercise." in prose, unlisted)
    assert len(found) == len(numbered) == directives >= 17
    assert {ex.notebook[:2] for ex in found} >= {"00", "01", "02"}
    loose = [
        (path.name, cell.source[:40])
        for path in sorted(ROOT.glob("notebooks/*.ipynb"))
        for cell in nbformat.read(path, as_version=4).cells
        if cell.cell_type == "markdown"
        and re.search(r"^#+ Exercise\b|\*\*Exercise\b", cell.source, re.M)
        and "```{exercise}" not in cell.source
    ]
    assert not loose, f"an exercise outside the directive, on no solutions page: {loose}"
    assert len({ex.label for ex in found}) == len(found)
    assert all(ex.solution or ex.cells for ex in found), [ex.label for ex in found]
    assert all("{glue" not in ex.text + ex.solution for ex in found)
    page = kit.solutions_page(ROOT / "notebooks")
    for ex in found:
        assert f"({kit.SOLUTION_TARGET}{ex.label})=" in page
        assert f"<{ex.label}>`" in page
    # numbered through the book, as sphinx-exercise numbers the directives
    headings = re.findall(r"^### (Exercise \d+)(?![.\d])", page, re.M)
    assert headings == [f"Exercise {n}" for n in range(1, len(numbered) + 1)]
    # labels stand behind the PDF's numbers, in the solution cells' comments too ("# eq:nab_Sig"
    # was printed as it stands)
    assert " eq:" not in page and "# eq. (2.6)" in page


def test_an_exercise_links_its_solution_and_one_without_a_label_is_refused(tmp_path):
    """The alternatives: an exercise without a label cannot be linked (ValueError naming the
    notebook); one with a label gets the link under it, in the book's copy only."""
    nb = nbformat.v4.new_notebook()
    text = (
        "## Exercise: x\n\n```{exercise}\n:label: ex-x\n\nWhy?\n```\n\n"
        "<details>\n<summary>Solution</summary>\n\nBecause.\n</details>"
    )
    nb.cells = [nbformat.v4.new_markdown_cell(text)]
    path = tmp_path / "99-x.ipynb"
    nbformat.write(nb, path)
    [ex] = kit.exercises(path)
    assert (ex.label, ex.title, ex.text, ex.solution) == ("ex-x", "Exercise: x", "Why?", "Because.")
    assert kit.link_solutions(nb) == 1
    assert "{ref}`Its solution, with the code that checks it <sol-ex-x>`" in nb.cells[0].source
    nb.cells = nb.cells[:1]
    nb.cells[0].source = text.replace(":label: ex-x\n", "")
    nbformat.write(nb, path)
    with pytest.raises(ValueError, match="99-x.ipynb: an exercise without a :label:"):
        kit.exercises(path)


def test_make_slides_and_pdf_refuse_a_book_that_is_not_built(tmp_path):
    """``make slides`` and ``make pdf`` (``build_site.py --only``) remake the kit of a built
    book only: an empty folder is refused, naming it, before anything is written."""
    build_site = _load("build_site")
    for what in ("slides", "pdf"):
        with pytest.raises(ValueError, match="out must be a built book, got .*make html first"):
            build_site.remake(tmp_path, what)
    (tmp_path / "_static" / "mathjax").mkdir(parents=True)
    with pytest.raises(ValueError, match="what must be 'slides' or 'pdf', got 'html'"):
        build_site.remake(tmp_path, "html")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["_static"]
