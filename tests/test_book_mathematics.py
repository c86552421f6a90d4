"""Mathematics on the book's pages as the reader's browser gets it: each text node that Markdown
(MyST's parser: CommonMark, tables, ``$…$``) makes of a page, outside code and mathematics,
holds no ``_`` or ``^`` (issue 45 §2: "c₃^(3/2)", "max_k", "|ν_i|", "Φ(Σ_*)" on the ledger and
08d). An independent reading of what ``views.report.html_scripts`` writes: a Markdown parser,
not the patterns that set the scripts. The .tex's labels (``eq:G_norm_2``) are names, and allowed.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from mdit_py_plugins.dollarmath import dollarmath_plugin

ROOT = Path(__file__).resolve().parent.parent
_PARSER = MarkdownIt("commonmark").enable("table").use(dollarmath_plugin)
#: A label of the .tex (``eq:Sig_dec``), a name the paper defines.
_LABEL = re.compile(r"\b[a-z]{2,8}:\w+")


def _build_site():
    sys.path.insert(0, str(ROOT))  # tools/build_site.py imports tools.citation
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "tools" / "build_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def text_nodes(markdown: str) -> list[str]:
    """The text a reader sees of ``markdown``: its text tokens and the text between the tags of
    its raw HTML, not its code (spans, blocks, ``<code>`` elements) nor its mathematics."""
    out: list[str] = []
    code = False  # inside an inline <code> element

    def walk(tokens) -> None:
        nonlocal code
        for token in tokens:
            if token.children:
                walk(token.children)
            elif token.type == "text" and not code:
                out.append(token.content)
            elif token.type == "html_inline":
                code = {"<code>": True, "</code>": False}.get(token.content, code)
            elif token.type == "html_block":
                text = re.sub(r"<code>.*?</code>|<!--.*?-->", "", token.content, flags=re.S)
                out.extend(re.split(r"<[^>]*>", text))

    walk(_PARSER.parse(markdown))
    return out


def plain_scripts(markdown: str) -> list[str]:
    """Each ``_`` or ``^`` of ``markdown``'s text nodes, in context."""
    return [
        text[max(0, m.start() - 20) : m.end() + 10]
        for text in text_nodes(markdown)
        for m in re.finditer(r"[_^]", _LABEL.sub("", text))
    ]


@pytest.mark.parametrize(
    "text, found",
    [
        (r"| repaired C/max\_k k‖Σ<sub>k</sub>⁻¹ | \|ν\_i\| above |", 2),  # the ledger's, before
        ("‖A⁻¹(2α⁻²Φ(Σ_*))B⁻¹‖ by section3.convexity_threshold, c₃^(3/2)", 3),  # 08d's
        ("repaired C/max<sub>k</sub> k, `section3.convexity_threshold`, $x_k^2$", 0),
        ("<code>dd_bound</code> and a_b <summary><code>c_d</code> e_f</summary>", 2),
        ("eq:Sig_dec (E.4) and\n\n```python\nx_k = 1\n```\n<!-- a_b -->", 0),
    ],
)
def test_the_check_finds_the_old_text(text, found):
    assert len(plain_scripts(text)) == found, plain_scripts(text)


def test_the_views_write_the_old_text_as_mathematics_and_code():
    """``html_scripts`` sets each of the old pieces, so that the check finds none."""
    from mines_theory.verification.views.report import html_scripts

    old = r"| repaired C/max\_k k | \|ν\_i\| above | Φ(Σ_*) by section3.convexity_threshold |"
    assert plain_scripts(old) and plain_scripts(html_scripts(old)) == []


def test_the_ledger_page_has_no_plain_scripts():
    found = plain_scripts(_build_site().ledger_page())
    assert not found, f"the ledger page shows {len(found)} plain scripts: {found[:10]}"


@pytest.mark.parametrize("name", ["08d-errata", "08a-corrigendum-section5", "05-convergence-mean"])
def test_a_staged_notebook_shows_no_plain_scripts_in_its_markdown(name, tmp_path):
    """The Markdown a notebook shows as the book stages it (``build_site.staged_notebook``):
    its Markdown cells and the Markdown its cells print (the verdict cells' printed text is
    code, folded)."""
    target = tmp_path / f"{name}.ipynb"
    _build_site().staged_notebook(ROOT / "notebooks" / f"{name}.ipynb", target, pdf=False)
    found = {}
    for index, cell in enumerate(json.loads(target.read_text(encoding="utf-8"))["cells"]):
        shown = ["".join(cell["source"])] if cell["cell_type"] == "markdown" else []
        for output in cell.get("outputs", []):
            if "text/markdown" in output.get("data", {}):
                shown.append("".join(output["data"]["text/markdown"]))
        pieces = [p for text in shown for p in plain_scripts(text)]
        if pieces:
            found[index] = pieces
    assert not found, f"{name}: plain scripts by cell: {found}"


def test_the_walk_pages_have_no_plain_scripts(tex):
    from mines_theory.verification.proofs import pages, published, spec

    data = published.load()
    found = {p.name: plain_scripts(pages.proof_page(p.name, data, tex=tex)) for p in spec.proofs()}
    found = {name: pieces for name, pieces in found.items() if pieces}
    found["index"] = plain_scripts(pages.index_page(data))
    assert not any(found.values()), found


#: An equation label of the paper with no printed number beside it, outside code spans
#: ("eq:nu" and "`eq:nu`", not "eq:nu (D.3)" nor "`eq:nu` (D.3)" nor "\eqref{eq:nu}").
BARE_LABEL = re.compile(r"(?<![\w:{#/-])eq:(?:\w|\\_)+(?![\w\\])(?!`? \()")


#: An equation's number with its label in the tooltip (``views.report.tex_labels``):
#: '<span class="tex-number" title="eq:nu, …">(D.3)</span>'.
NUMBERED_SPAN = re.compile(
    r'<span class="tex-number" title="eq:[^<>]*>\((?:\d+|[A-Z])\.\d+\)</span>'
)


def bare_labels(markdown: str) -> list[str]:
    markdown = NUMBERED_SPAN.sub("", markdown)
    return [markdown[max(0, m.start() - 20) : m.end() + 10] for m in BARE_LABEL.finditer(markdown)]


def test_the_label_check_finds_the_old_text():
    old = "`eq:nu`: 11 steps; Ḡ as eq:bG defines it; eq:G\\_norm\\_2 fails"
    assert len(bare_labels(old)) == 3
    assert bare_labels("`eq:nu` (D.3), eq:bG (4.11), \\eqref{eq:bG}, eq:G\\_norm\\_2 (D.11)") == []
    from mines_theory.verification.views.report import tex_labels

    assert bare_labels(tex_labels("eq:bG (4.11) and eq:G\\_norm\\_2 (D.11)")) == []
    assert len(bare_labels(tex_labels("eq:bG and eq:G\\_norm\\_2"))) == 2  # set, still bare


def test_the_walk_pages_give_each_equation_label_its_number(tex):
    from mines_theory.verification.proofs import pages, published, spec

    data = published.load()
    found = {p.name: bare_labels(pages.proof_page(p.name, data, tex=tex)) for p in spec.proofs()}
    found["index"] = bare_labels(pages.index_page(data))
    found["new findings"] = bare_labels(pages.new_findings(data))
    assert not any(found.values()), {k: v for k, v in found.items() if v}


@pytest.mark.parametrize("name", ["08d-errata", "09-appendix-lemmas"])
def test_a_staged_notebook_gives_each_equation_label_its_number(name, tmp_path):
    target = tmp_path / f"{name}.ipynb"
    _build_site().staged_notebook(ROOT / "notebooks" / f"{name}.ipynb", target, pdf=False)
    found = []
    for cell in json.loads(target.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "markdown":
            found += bare_labels("".join(cell["source"]))
        for output in cell.get("outputs", []):
            found += bare_labels("".join(output.get("data", {}).get("text/markdown", "")))
    assert not found, found


def test_a_label_in_a_code_span_gets_its_number_after_the_span():
    """``pages.numbered``: the PDF's number after a code span that is a label the paper
    defines, and beside a label in prose; an unknown label and mathematics as they are."""
    from mines_theory.verification.proofs import pages

    text = "`eq:nu`: by eq:gd_low, $x_{eq:nu}$ and `eq:x`"
    assert pages.numbered(text) == "`eq:nu` (D.3): by eq:gd_low (D.5), $x_{eq:nu}$ and `eq:x`"
    assert pages.numbered(pages.numbered(text)) == pages.numbered(text)
