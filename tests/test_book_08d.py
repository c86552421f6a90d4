"""Notebook 08d (the errata) shows its findings, not the code that renders them (issue 45, a cold
reading: 08d's code cells are nothing a reader needs, and nine "Show code cell source" bars and
the verdict cell's "# NBVAL_CHECK_OUTPUT print(...)" are noise). Every code cell carries MyST-NB's
``remove-input`` (the input left out, the output shown), in the notebook's metadata and in the
book's copy (``build_site.staged_notebook``). These tests read the notebook; nothing is executed.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "08d-errata.ipynb"


def _build_site():
    sys.path.insert(0, str(ROOT))  # tools/build_site.py imports tools.citation
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "tools" / "build_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: The tags by which MyST-NB leaves a code cell's input out of the page: ``hide-input`` folds it
#: behind a "Show code cell source" bar instead, which the book does not want in 08d.
REMOVED = {"remove-input", "remove-cell"}


def shown_inputs(cells: list[dict]) -> list[int]:
    """The code cells whose input the book shows in some form (unfolded, or folded behind a
    "Show code cell source" bar: no ``REMOVED`` tag on it)."""
    return [
        i
        for i, cell in enumerate(cells)
        if cell["cell_type"] == "code" and not REMOVED & set(cell["metadata"].get("tags", []))
    ]


def test_08d_shows_no_code_not_even_a_bar(tmp_path):
    """Every code cell of 08d, the verdict cell too, carries ``remove-input`` (its output shown,
    its input not even folded), in the notebook and in the book's copy, where the verdict cell is
    also tagged ``VERDICT_TAG``; no tag is one of nbval's (``nbval-skip``, ...): nbval still runs
    and compares every cell."""
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    code = [c for c in cells if c["cell_type"] == "code"]
    assert len(code) == 11 and shown_inputs(cells) == []  # the first prints report.NUMBERING
    assert all(c["metadata"]["tags"] == ["remove-input"] for c in code)
    build_site = _build_site()
    build_site.staged_notebook(NOTEBOOK, tmp_path / NOTEBOOK.name, pdf=False)
    staged = json.loads((tmp_path / NOTEBOOK.name).read_text(encoding="utf-8"))["cells"]
    assert shown_inputs(staged) == []
    verdict = [c for c in staged if "verdict_cell(" in "".join(c["source"])]
    assert len(verdict) == 1
    assert set(verdict[0]["metadata"]["tags"]) == {"remove-input", build_site.VERDICT_TAG}


def test_a_code_cell_folded_or_untagged_is_shown():
    cells = [
        {"cell_type": "code", "metadata": {}},
        {"cell_type": "code", "metadata": {"tags": ["hide-input"]}},
        {"cell_type": "code", "metadata": {"tags": ["remove-input"]}},
        {"cell_type": "markdown", "metadata": {}},
    ]
    assert shown_inputs(cells) == [0, 1]


def _shown_markdown(cells: list[dict]) -> str:
    """The Markdown that 08d's code cells show, as stored, but the verdict cell's: the book folds
    its printout (what nbval compares, every erratum's line; ``report.verdict_cell_view``)."""
    return "\n".join(
        "".join(output.get("data", {}).get("text/markdown", ""))
        for cell in cells
        if cell["cell_type"] == "code" and "verdict_cell(" not in "".join(cell["source"])
        for output in cell.get("outputs", [])
    )


def _sentence_counts(markdown: str) -> dict[str, int]:
    """How often each erratum's check sentence (``flag_text`` of its published verdict, set as
    the page sets it) occurs in ``markdown``."""
    from mines_theory.verification.framework import ledger
    from mines_theory.verification.framework.paper import with_number
    from mines_theory.verification.framework.verdict import flag_text
    from mines_theory.verification.views.report import readable
    from mines_theory.verification.views.report import html_scripts

    published = ledger.published()
    return {
        e.label: markdown.count(html_scripts(with_number(readable(flag_text(published[e.label])))))
        for e in ledger.errata()
    }


def test_each_check_sentence_is_shown_once_on_the_page():
    """A cold reading found each erratum's check three times on 08d: beside the erratum, in the
    index's check column, and in the verdict cell's printout. The page shows it once: beside
    the errata written out on 08d, none for those written out under a repair (08a–08c show
    them there), the index giving the outcome in a word. The alternative, the index with its
    old column of full sentences, is caught."""
    from mines_theory.verification.framework import ledger
    from mines_theory.verification.views.corrigendum import errata_outside_repairs
    from mines_theory.verification.views.report import readable
    from mines_theory.verification.views.errata import errata_table

    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    shown = _shown_markdown(cells)
    here = {
        e.label
        for kind in ("typo", "error", "ill-defined", "imprecision")
        for e in errata_outside_repairs(kind)
    }
    counts = _sentence_counts(shown)
    assert {label for label, n in counts.items() if n == 1} == here
    assert all(n == 0 for label, n in counts.items() if label not in here)
    old_index = readable(
        errata_table(columns=("place", "kind", "check"), evidence=ledger.published())
    )
    twice = _sentence_counts(shown + "\n" + old_index)
    assert all(twice[label] == 2 for label in here)


def test_the_book_folds_import_cells_and_leaves_out_every_verdict_cells_print_call(tmp_path):
    """A cold reader met 05's page on a 15-line import cell and saw '# NBVAL_CHECK_OUTPUT /
    print(ledger.verdict_cell(…))' above its verdict: in the book's copy the import cell's input
    is folded and the verdict cell's left out (the notebook itself is unchanged: nbval runs it)."""
    notebook = ROOT / "notebooks" / "05-convergence-mean.ipynb"
    _build_site().staged_notebook(notebook, tmp_path / notebook.name, pdf=False)
    staged = json.loads((tmp_path / notebook.name).read_text(encoding="utf-8"))
    code = [c for c in staged["cells"] if c["cell_type"] == "code"]
    assert code[0]["metadata"]["tags"] == ["hide-input"]
    assert "import " in "".join(code[0]["source"])
    verdict = [c for c in code if "verdict_cell(" in "".join(c["source"])]
    assert verdict and all("remove-input" in c["metadata"]["tags"] for c in verdict)
    computing = [c for c in code[1:] if c not in verdict]
    # cells that compute keep their input on the page, shown or folded behind "Show code"
    assert computing and all("remove-input" not in c["metadata"].get("tags", []) for c in computing)
    original = json.loads(notebook.read_text(encoding="utf-8"))
    first = next(c for c in original["cells"] if c["cell_type"] == "code")
    assert not first["metadata"].get("tags")


def test_the_books_figures_carry_their_gallery_captions_as_alt_text(tmp_path):
    """A cold reader found 05's six images described by hash file names: the book's copy gives
    each cell that draws a figure of the gallery its caption as alt text; a cell the gallery
    does not name gets none."""
    spec = importlib.util.spec_from_file_location("gallery", ROOT / "tools" / "gallery.py")
    assert spec is not None and spec.loader is not None
    gallery = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gallery)

    notebook = ROOT / "notebooks" / "05-convergence-mean.ipynb"
    alts = {
        cell: text for (stem, cell), text in gallery.alt_texts().items() if stem == notebook.stem
    }
    assert len(alts) >= 5
    _build_site().staged_notebook(notebook, tmp_path / notebook.name, False, alts)
    cells = json.loads((tmp_path / notebook.name).read_text(encoding="utf-8"))["cells"]
    for index, cell in enumerate(cells):
        alt = cell["metadata"].get("mystnb", {}).get("image", {}).get("alt")
        assert alt == alts.get(index), index
        if alt is not None:
            assert "$" not in alt and "\\" not in alt
            assert any("image/png" in o.get("data", {}) for o in cell.get("outputs", []))


def _heading_above(cells: list[dict], index: int) -> str:
    """The last Markdown heading (## …) of the cells before ``index``."""
    for cell in reversed(cells[:index]):
        lines = [x for x in "".join(cell["source"]).splitlines() if x.startswith("## ")]
        if cell["cell_type"] == "markdown" and lines:
            return lines[-1]
    return ""


#: The words by which a heading names a kind of erratum.
_HEADING_WORDS = {
    "error": "errors",
    "ill-defined": "ill-defined",
    "imprecision": "true as printed",
    "typo": "typos",
}


def _names_kind(heading: str, kind: str) -> bool:
    return _HEADING_WORDS[kind] in heading.lower()


def test_each_kind_shown_under_a_heading_is_named_by_it_and_the_exercise_reads_c2_s_kind():
    """The c₂ erratum (eq:c1 (5.1)) is of kind "ill-defined": a cold reading found it under the
    heading "Other errors", and the exercise calling it an error. Each kind that a cell lists
    (``errata_markdown(kind, …)``) other than a heading's first word is named in the heading
    above it; the exercise and its solution take the kind from the data (a glued value), and no
    longer say "among the errors". The alternative, the old heading, is caught."""
    from mines_theory.verification.framework import ledger

    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    shown = 0
    for i, cell in enumerate(cells):
        source = "".join(cell["source"])
        if cell["cell_type"] != "code" or "errata_markdown(" not in source:
            continue
        heading = _heading_above(cells, i)
        for kind in _HEADING_WORDS:
            if f'"{kind}"' in source:
                shown += 1
                assert _names_kind(heading, kind), (kind, heading)
    assert shown == 4
    assert ledger.erratum("eq:c1 with Lemmas 5.1, 5.2, eq:C").kind == "ill-defined"
    assert not _names_kind("## Other errors", "ill-defined")
    exercise = next("".join(c["source"]) for c in cells if "{exercise}" in "".join(c["source"]))
    assert exercise.count("{glue:text}`c2_kind`") == 2 and "among the errors" not in exercise
    glued = [c for c in cells if 'glue("c2_kind"' in "".join(c["source"])]
    assert len(glued) == 1


def test_the_index_is_numbered_and_links_on_its_numbers():
    """The stored index (the cold reading: no way to cite an erratum, a check column reading
    "flagged" 47 times, links on the places): its rows are numbered 1 to n, each number a link,
    the places plain text, no column of outcomes while every check flags, and no "→" joining
    the printed and correct forms."""
    import re

    from mines_theory.verification.framework import ledger

    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    index = next(c for c in cells if "errata_table(" in "".join(c["source"]))
    text = "".join(index["outputs"][0]["data"]["text/markdown"])
    rows = [line for line in text.splitlines() if line.startswith("| [")]
    assert "| # | place | kind | what is wrong |" in text
    assert len(rows) == len(ledger.errata())
    for n, row in enumerate(rows, start=1):
        assert re.match(rf"\| \[{n}\]\([0-9a-z-]+\.ipynb#[a-z0-9-]+\) \| [^\[]", row), row
        assert " → <i>correct" not in row and "<br><i>correct</i>" in row
