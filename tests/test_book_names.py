"""Names a reader cannot read (issue 45, a cold reading of the walk pages, the proof walk's
index, the ledger and 08d): the .tex's statement labels (``lem:gd_dec_1``) and the library's code
names (``SoftCubic1D``, ``dd_bound``, ``section3.theorem33_r_cancels``, ``models/lemma9.py``) in
the sentences of the book's pages. A page says the PDF's number and our name, and plain words;
a label or a file may stay in a folded detail ("Source", "Evidence"), or in the ledger's
``*Label*`` field. These tests read the pages as the book stages
them (``tools/build_site.py``); nothing is built.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

from mines_theory.verification.views.report import plain_names

ROOT = Path(__file__).resolve().parent.parent
#: What a reader should not meet in a sentence: a statement label of the .tex, a name of the
#: library's code (CamelCase with a digit, or a module path), a model's file.
UNREADABLE = re.compile(
    r"(?<![\w#/-])(?:lem|thm|prop):\w+"
    r"|\b[A-Z][a-z]+[A-Z]\w*\d\w*\b|\bcommon\.[A-Z]\w+|\bsection\d\.\w+|\bdd_bound\b"
    r"|\bmodels/\w+\.py"
)


def _build_site():
    sys.path.insert(0, str(ROOT))  # tools/build_site.py imports tools.citation
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "tools" / "build_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def unreadable(markdown: str) -> list[str]:
    """The labels and code names in the prose of ``markdown``: outside folded details (each
    ``<details>…</details>``), link targets and the ``*Label*`` field."""
    text = re.sub(r"<details.*?</details>", "", markdown, flags=re.S)
    text = re.sub(r"\]\([^)\s]*\)|href=\"[^\"]*\"", "", text)
    text = "\n".join(t for t in text.split("\n") if not t.lstrip().startswith("*Label*"))
    return UNREADABLE.findall(text)


SITE = _build_site()


@pytest.fixture(scope="module")
def walk_pages(tex):
    """The walk's pages, as the book builds them from the paper's .tex (``tex`` skips, saying
    so, where the paper is absent: the pages would show the labels the paper numbers)."""
    return SITE.walk_pages()


def test_the_walk_pages_and_their_index_name_no_label_nor_code(walk_pages):
    found = {name: unreadable(page) for name, page in walk_pages.items()}
    assert not {name: names for name, names in found.items() if names}
    assert "The proof of Lemma 9, relation by relation" in walk_pages["walk-lemma-5-1"]
    assert "<code>lem:gd_dec_1</code>" in walk_pages["walk-lemma-5-1"]  # in its Source fold


def test_the_ledger_names_no_label_nor_code_in_its_sentences():
    assert unreadable(SITE.ledger_page()) == []


def _shown(notebook: Path) -> str:
    """The Markdown a notebook's book page shows: its Markdown cells and Markdown outputs."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    parts = []
    for cell in cells:
        if cell["cell_type"] == "markdown":
            parts.append("".join(cell["source"]))
        for output in cell.get("outputs", []):
            parts.append("".join(output.get("data", {}).get("text/markdown", "")))
    return "\n".join(parts)


def test_08d_as_staged_names_no_label_nor_code(tmp_path):
    """The stored outputs of 08d name labels of the .tex and code in parentheses (the old
    text, which the check must find); the book's copy does not. (The errata's own texts name
    no code: a stored output that still does is stale, and 08d must be re-executed.)"""
    notebook = ROOT / "notebooks" / "08d-errata.ipynb"
    old = unreadable(_shown(notebook))
    assert {"lem:nab_f", "section3.theorem33_r_cancels"} <= set(old)
    SITE.staged_notebook(notebook, tmp_path / notebook.name, pdf=False)
    assert unreadable(_shown(tmp_path / notebook.name)) == []


@pytest.mark.parametrize(
    "old, new",
    [
        ("proof of lem:X (Lemma E.7)", "proof of Lemma E.7 (PDF Lemma 37)"),
        ("Lemma C.1 (lem:exp\\_tg), hypotheses", "Lemma C.1 (PDF Lemma 23), hypotheses"),
        ("Lemma B.2 (PDF: Lemma 18; lem:chi): holds", "Lemma B.2 (PDF: Lemma 18): holds"),
        ("The proof of Lemma 9 (`lem:gd_dec_1`), relation", "The proof of Lemma 9, relation"),
        # a code name is not translated at rendering: the checks' texts say it in words
        # (tests/test_report.py::test_no_published_text_names_code)
        ("flagged: SoftCubic1D, μ = 0.5", "flagged: SoftCubic1D, μ = 0.5"),
        (
            "a rescaled objective (`SoftCubic1D(10)`)",
            "a rescaled objective (`SoftCubic1D(10)`)",
        ),
        ("*Label* lem:gd\\_dec\\_1 (Lemma 9).", "*Label* lem:gd\\_dec\\_1 (Lemma 9)."),
    ],
)
def test_plain_names_says_each_as_a_reader_does(old, new):
    assert plain_names(old) == new
    assert unreadable(old) != [] or old == new


#: Letters a counterexample may use that the paper does not define (issue 45: "a, n, m, s
#: appear in counterexample sentences without saying what they are").
LOOSE_LETTERS = re.compile(r"(?<![\w/])([amns]) = ")


def undefined_letters(evidence: str) -> list[str]:
    """The letters of LOOSE_LETTERS a step's folded evidence gives a value without saying
    what they are: defined by a "(where a = …)" after the values or by its note ("one s ∈")."""
    label = r"\*\*(?:Counterexample:?|Outside that regime)\*\*(?:[^\n]*?instance:)?"
    found = []  # the instance inside the paper's regime leads, the one outside it follows
    for m in re.finditer(label + r" (.*?)(?: \(where (.*?)\))?\.\n", evidence + "\n"):
        where, note = m.group(2) or "", evidence[m.end() :]
        found += [
            x
            for x in LOOSE_LETTERS.findall(m.group(1))
            if not re.search(rf"(?<!\w){x} = ", where) and not re.search(rf"(?<!\w){x} ∈", note)
        ]
    return found


def _page_letters(page: str) -> list[str]:
    """The undefined letters of each folded evidence of a walk page: neither there nor in the
    page's symbols fold ("- a: …", where a counterexample's letters are said once)."""
    blocks = re.findall(r"<summary>Evidence</summary>\n\n(.*?)</details>", page, re.S)
    fold = re.search(r"<summary>Symbols on this page</summary>(.*?)</details>", page, re.S)
    defined = fold.group(1) if fold else ""
    return [
        x
        for block in blocks
        for x in undefined_letters(block)
        if not re.search(rf"(?:\n- |, ){x}(?:, [^:;\n]+)?: \S", defined)
    ]


def test_each_counterexample_says_what_its_letters_are(walk_pages, monkeypatch):
    found = {name: _page_letters(page) for name, page in walk_pages.items()}
    assert not {name: letters for name, letters in found.items() if letters}
    # the old rendering, without the proofs' meanings, leaves Lemma 9's a, n, m (steps 9 and
    # 10) and s (step 10) undefined
    from mines_theory.verification.proofs import pages

    monkeypatch.setattr(pages, "MEANINGS", {})
    monkeypatch.setattr(
        pages, "symbols_line", lambda proof, steps, displays=(): None
    )  # it needs MEANINGS
    assert set(_page_letters(pages.proof_page("Lemma 5.1"))) == {"a", "n", "m", "s"}


def test_08d_s_new_findings_say_what_their_letters_are(tmp_path, monkeypatch):
    """08d lists the walk's new findings; its stored output does not say what a
    counterexample's letters are (the old text), the book's copy does. Lemma 9's step 10 (a, n,
    m, s) is the finding that needs it, a new finding until it named step 9's erratum (0.3.2):
    a walk where it names none (the published one, copied into ``tmp_path``) brings it back,
    and a copy of 08d storing that walk's list shows it as the book does."""
    from mines_theory.verification.proofs import pages, published

    data = published.load()
    step = data["proofs"]["Lemma 5.1"][9]
    assert step["index"] == 10 and step["erratum"] is not None
    step["erratum"] = None
    published.write(data, tmp_path / "walked.json")
    monkeypatch.setattr(published, "PUBLISHED", tmp_path / "walked.json")
    notebook = tmp_path / "08d-errata.ipynb"
    nb = json.loads((ROOT / "notebooks" / notebook.name).read_text(encoding="utf-8"))
    (cell,) = [c for c in nb["cells"] if "pages.new_findings()" in "".join(c["source"])]
    cell["outputs"][0]["data"]["text/markdown"] = pages.new_findings()
    notebook.write_text(json.dumps(nb), encoding="utf-8")

    def findings(path: Path) -> str:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        (cell,) = [c for c in cells if "pages.new_findings()" in "".join(c["source"])]
        return "".join(cell["outputs"][0]["data"]["text/markdown"])

    def letters(text: str) -> list[str]:
        lines = [line for line in text.splitlines() if "step 10 of Lemma 9" in line]
        assert len(lines) == 1
        return undefined_letters("**Counterexample:** " + lines[0].split("Counterexample: ")[1])

    assert set(letters(findings(notebook))) == {"a", "n", "m", "s"}
    (tmp_path / "book").mkdir()
    SITE.staged_notebook(notebook, tmp_path / "book" / notebook.name, pdf=False)
    assert letters(findings(tmp_path / "book" / notebook.name)) == []
