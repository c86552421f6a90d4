"""The book's own pages and the paper's statements in the notebooks: the guide to reading a
verdict sits between Part I and Part II and names the real statuses, and every ``prf:``
directive (sphinx-proof) carries the PDF's number, checked against ``verification.ledger.printed``.

These tests read the sources (book/ and the committed notebooks); nothing is built or run.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pandas as pd
import pytest
import yaml

from mines_theory.verification.framework import ledger
from mines_theory.verification.framework.verdict import Status
from mines_theory.verification.views.report import CONCLUSION_MEANING, Conclusion

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
GUIDE = ROOT / "book" / "reading-a-verdict.md"

#: A paper statement: ```{prf:lemma} 11 (our Lemma 5.3)``` — the PDF's number, then ours.
DIRECTIVE = re.compile(
    r"^```\{prf:(?P<kind>\w+)\}[ \t]*(?P<title>[^\n]*)\n"
    r"(?P<options>(?::[^\n]*\n)*)",
    re.M,
)
TITLE = re.compile(r"^(?P<n>\d+) \(our (?P<ours>[^)]+)\)")
KINDS = {"theorem": "Theorem", "lemma": "Lemma", "proposition": "Proposition", "remark": "Remark"}
OURS = {"Theorem": "Thm", "Lemma": "Lemma", "Proposition": "Prop.", "Remark": "Remark"}


def _markdown(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def directives(text: str) -> list[tuple[str, str, str]]:
    """(kind, title, options) of each prf: directive in ``text``."""
    return [(m["kind"], m["title"].strip(), m["options"]) for m in DIRECTIVE.finditer(text)]


def title_problem(kind: str, title: str, options: str) -> str | None:
    """Why a directive's title does not give the PDF's number (None if it does)."""
    if kind == "proof":
        return None
    if ":nonumber:" not in options:
        return "not :nonumber: (sphinx-proof would add its own per-page number)"
    if "not in the paper" in title:
        return None
    m = TITLE.match(title)
    if m is None:
        return f"title {title!r} does not start with 'N (our …)'"
    word, _, number = m["ours"].partition(" ")
    if word not in OURS:
        return f"our name {m['ours']!r} is not a theorem, lemma, proposition or remark"
    printed = ledger.printed().get(f"{OURS[word]} {number}")
    if printed != f"{KINDS.get(kind, kind)} {m['n']}":
        return f"{kind} {m['n']} (our {m['ours']}) is printed as {printed!r}"
    return None


@pytest.mark.parametrize(
    "kind, title, options, ok",
    [
        ("lemma", "11 (our Lemma 5.3)", ":nonumber:\n", True),
        ("theorem", "12 (our Theorem 5.4)", ":nonumber:\n", True),
        ("lemma", "9 (our Lemma 5.3)", ":nonumber:\n", False),  # the wrong PDF number
        ("theorem", "11 (our Lemma 5.3)", ":nonumber:\n", False),  # the wrong kind
        ("lemma", "11 (our Lemma 5.3)", "", False),  # numbered per page
        ("lemma", "Lemma 5.3", ":nonumber:\n", False),  # no PDF number
        ("lemma", "(not in the paper) Stein's lemma", ":nonumber:\n", True),
    ],
)
def test_title_check_rejects_what_it_should(kind, title, options, ok):
    assert (title_problem(kind, title, options) is None) is ok


def test_the_pattern_reads_a_directive_and_its_options():
    text = "x\n```{prf:lemma} 11 (our Lemma 5.3)\n:nonumber:\n\nbody\n```\n"
    assert directives(text) == [("lemma", "11 (our Lemma 5.3)", ":nonumber:\n")]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_statement_carries_its_pdf_number(path):
    for kind, title, options in directives(_markdown(path)):
        problem = title_problem(kind, title, options)
        assert problem is None, f"{path.name}: {problem}"


def test_every_statement_has_a_label_of_its_own():
    """sphinx-proof labels an unlabelled directive "lemma-0", "lemma-1", … on every page, and the
    same label on two pages fails the book's build (-W): each statement names its own."""
    labels = [
        re.search(r"^:label: (\S+)$", options, re.M)
        for path in NOTEBOOKS
        for kind, _, options in directives(_markdown(path))
        if kind != "proof"
    ]
    assert all(labels), "a prf: directive without :label:"
    names = [m.group(1) for m in labels]
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)


def test_the_course_states_the_papers_results_as_directives():
    """Notebooks 02–06 and 09 state the paper's results they check with prf: directives."""
    stated = {path.stem[:2]: directives(_markdown(path)) for path in NOTEBOOKS}
    for number in ("02", "03", "04", "05", "06", "09"):
        assert any(kind != "proof" for kind, _, _ in stated.get(number, [])), number


def test_the_verdict_guide_sits_between_the_parts_and_names_every_status():
    index = (ROOT / "book" / "index.md").read_text(encoding="utf-8")
    part_one, part_two = index.index("PART_I\n"), index.index("PART_II")
    guide = index.index("\nreading-a-verdict\n")
    assert part_one < guide < part_two
    text = GUIDE.read_text(encoding="utf-8")
    for status in Status:
        assert f"| {status.value} |" in text, status


def test_the_verdict_guide_gives_every_conclusion_its_meaning_from_the_library():
    text = GUIDE.read_text(encoding="utf-8")
    section = text.split("\n## The conclusion", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (.+?) \| (.+?) \|$", section, re.M)
    given = {word: meaning for word, meaning in rows if word not in ("conclusion", "---")}
    assert given == {c.value: m for c, m in CONCLUSION_MEANING.items()}
    assert set(CONCLUSION_MEANING) == set(Conclusion)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_notebook_has_objectives_a_reading_time_and_a_summary(path):
    text = _markdown(path)
    assert "**What you will learn**" in text, path.name
    assert re.search(r"\*\*Reading time\*\*: about \d+ minutes", text), path.name
    assert re.search(r"^## Summary$", text, re.M), path.name


NOTATION = ROOT / "book" / "notation.md"
#: A row of the notation page: the symbols, the meaning, the notebook that first defines them.
ROW = re.compile(
    r"^\| (?P<symbols>.+?) \| (?P<meaning>.+?) \| \[(?P<nn>\d\d[a-z]?)\]\((?P<target>[^)]+)\)", re.M
)


def _source(path: Path) -> str:
    """The notebook's sources and the Markdown its cells print (the corrigendum's repaired
    statements are printed by a cell), spaces removed."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    printed = [
        "".join(output.get("data", {}).get("text/markdown", ""))
        for cell in cells
        for output in cell.get("outputs", [])
    ]
    text = "\n".join(["".join(c["source"]) for c in cells] + printed)
    return re.sub(r"\s+", "", text)


def test_the_notation_page_names_where_each_symbol_is_defined():
    """Every symbol of the notation page occurs (as written there, spaces aside) in the notebook
    named as defining it, and the link goes to that notebook."""
    rows = list(ROW.finditer(NOTATION.read_text(encoding="utf-8")))
    assert len(rows) >= 40
    notebooks = {path.stem.split("-")[0]: path for path in NOTEBOOKS}
    for row in rows:
        path = notebooks[row["nn"]]
        assert row["target"] == f"{path.stem}.ipynb", row.group(0)
        source = _source(path)
        for symbol in re.findall(r"\$([^$]+)\$", row["symbols"]):
            assert re.sub(r"\s+", "", symbol) in source, f"{symbol} not in {path.name}"


def test_the_notation_page_has_the_corrigendums_symbols():
    """ℓ, g, x_t, p_j, C₅ and N, which the repaired Lemma 11 (our 5.3) defines (issue 45)."""
    symbols = {
        symbol
        for row in ROW.finditer(NOTATION.read_text(encoding="utf-8"))
        for symbol in re.findall(r"\$([^$]+)\$", row["symbols"])
    }
    assert {"\\ell", "g", "x_t", "p_j", "C_5", "N", "\\omega"} <= symbols


#: A Greek symbol defined in MyST mathematics: "$\\omega = \\frac{…}$" (not given a value:
#: "$\\tau = 0.25$").
DEFINED = re.compile(r"\$(\\[A-Za-z]+) = (?![\d.]+[$,\\])")


def defined_symbols(text: str) -> set[str]:
    """The Greek symbols ``text`` defines (``$\\omega = …``), without indices."""
    return set(DEFINED.findall(text))


def test_the_corrigendum_gives_no_symbol_of_the_problem_a_new_meaning():
    """The notation page's Greek symbols of the problem (κ = L/σ, σ, γ) keep their meaning in
    the corrigendum's repaired statements (issue 45: the repaired Lemma 11 defined κ again, as
    (ζ + τ)²/(4ζτ), now ω). The alternative, the text as it was, is caught."""
    page = NOTATION.read_text(encoding="utf-8")
    problem = page.split("## The problem", 1)[1].split("\n## ", 1)[0]
    kept = {
        re.sub(r"\s+", "", symbol)
        for row in ROW.finditer(problem)
        for symbol in re.findall(r"\$([^$]+)\$", row["symbols"])
    } - {"H^*"}  # the corrigendum restates H* = Π_S′(∇²f(μ*)), its meaning on the page
    assert {"\\kappa", "\\sigma", "\\gamma"} <= kept
    assert defined_symbols(r"at $\tau = 0.25$, $\zeta = 0.5$,") == set()
    for entry in ledger.repairs():
        texts = (entry.repair.printed, entry.repair.repaired, entry.repair.hypotheses)
        clash = defined_symbols(" ".join(texts)) & kept
        assert not clash, f"{entry.number} defines {clash} again"
    old = r"$\kappa = \frac{(\zeta+\tau)^2}{4\zeta\tau}$"
    assert defined_symbols(old) & kept == {"\\kappa"}


def test_the_notation_check_rejects_a_wrong_notebook():
    row = "| $\\tilde G$ | the estimate | [01](01-nes-background.ipynb) |"
    match = ROW.search(row)
    source = _source(next(p for p in NOTEBOOKS if p.stem.startswith(match["nn"])))
    assert "\\tildeG" not in source


def repair_targets() -> dict[str, str]:
    """Our name of each result the corrigendum repairs ("Lemma 5.3", "Theorem 5.4"), as the
    prf: titles write it, → the link to its repair (``report.repair_link``, from the registry)."""
    from mines_theory.verification.views.report import repair_link

    return {ledger.title(r.repairs): repair_link(r.repairs) for r in ledger.repairs() if r.repairs}


def missing_repair_links(text: str) -> list[str]:
    """The repaired results stated in ``text`` (a prf: directive "N (our NAME)") whose repair it
    does not link."""
    targets = repair_targets()
    stated = [TITLE.match(title) for kind, title, _ in directives(text) if kind != "proof"]
    return [
        m["ours"]
        for m in stated
        if m and m["ours"] in targets and f"]({targets[m['ours']]})" not in text
    ]


def test_every_printed_result_links_its_repair_where_it_is_stated():
    """A notebook that states a result the corrigendum repairs (a prf: directive) links the
    repair's section; so does notebook 00's table of the constants of Section 5."""
    for path in NOTEBOOKS:
        assert missing_repair_links(_markdown(path)) == [], path.name
    overview = _markdown(ROOT / "notebooks" / "00-overview.ipynb")
    constants = overview[overview.index("## The constants of the theorems") :]
    constants = constants[: constants.index("\n## ")]
    for name in ("Lemma 5.3", "Lemma E.8", "Theorem 5.4"):
        assert f"]({repair_targets()[name]})" in constants, name


def test_the_repair_link_check_flags_a_statement_without_its_link():
    statement = "```{prf:lemma} 11 (our Lemma 5.3)\n:nonumber:\n\nC/k\n```"
    assert missing_repair_links(statement) == ["Lemma 5.3"]
    linked = statement + f"\n\n[repaired]({repair_targets()['Lemma 5.3']})"
    assert missing_repair_links(linked) == []
    other = "```{prf:lemma} 6 (our Lemma 4.1)\n:nonumber:\n\nx\n```"
    assert missing_repair_links(other) == []


#: A figure (or image) directive of MyST, its body up to the closing fence.
FIGURE = re.compile(r"^```\{(?:figure|image)\}[^\n]*\n(?P<body>.*?)^```$", re.M | re.S)
OPTION = re.compile(r"^:[A-Za-z][\w-]*:(?: |$)")


def figure_problems(text: str) -> list[str]:
    """What MyST would show in a figure's caption instead of reading it as an option: an option
    line (``:width: 100%``) after the option block ended, as a continuation line of a ``:alt:``
    makes it end (MyST reads ``:key: value`` options one line each; a longer one belongs in a
    ``---`` YAML block)."""
    problems = []
    for match in FIGURE.finditer(text):
        lines = match["body"].splitlines()
        if lines and lines[0] == "---":
            end = lines.index("---", 1)
            options = yaml.safe_load("\n".join(lines[1:end]))
            if not isinstance(options, dict):
                problems.append(f"options {lines[1:end]!r} are not a YAML mapping")
            lines = lines[end + 1 :]
        else:
            while lines and OPTION.match(lines[0]):
                lines = lines[1:]
        if lines and lines[0].strip():
            problems.append(f"{lines[0]!r} ends the options without a blank line")
        problems += [f"{line!r} in the caption" for line in lines if OPTION.match(line)]
    return problems


def test_the_figure_check_finds_an_option_in_a_caption():
    leaking = (
        "```{figure} a.png\n:alt: The proof map: the results,\n  each coloured.\n"
        ":width: 100%\n\nThe caption.\n```\n"
    )
    assert figure_problems(leaking) == [
        "'  each coloured.' ends the options without a blank line",
        "':width: 100%' in the caption",
    ]
    assert figure_problems("```{figure} a.png\n:alt: short\n:width: 100%\n\nCaption.\n```\n") == []
    block = "```{figure} a.png\n---\nalt: >-\n  long\n  text\nwidth: 100%\n---\n\nCaption.\n```\n"
    assert figure_problems(block) == []


@pytest.mark.parametrize(
    "path", [*sorted((ROOT / "book").glob("*.md")), *NOTEBOOKS], ids=lambda p: p.name
)
def test_no_figure_caption_shows_an_option(path):
    text = path.read_text(encoding="utf-8") if path.suffix == ".md" else _markdown(path)
    assert figure_problems(text) == [], path.name


#: Mathematics typed as plain text, which the book would show as typed (issue 45 §2: "c₃^(3/2)",
#: "Q\_α", "S’" with a quote mark for a prime): a superscript in parentheses or braces, a braced
#: or parenthesized subscript, a short superscript (α^1.5, Σ^−½), a one-letter subscript (Q\_α,
#: Σ_k), a quote mark after a one-letter name (S', f'').
PLAIN_MATHEMATICS = re.compile(
    r"\w\^\(|\w(?:\\?_)[{(]|\w\^\{|\^[−-]?[\w½]"
    r"|(?<![^\W_]|['’])[^\W\d_]'(?![\w'’])"
    r"|(?<![\w\\])[^\W\d_]\\?_[^\W\d_](?![a-z0-9_\\])"
)
#: What may hold those characters in a line: code spans, HTML tags, link targets and the .tex's
#: labels (eq:G_norm_2); besides mathematics for MathJax ($…$, $$…$$, over lines too), HTML
#: comments and fenced code, not a directive's fence (```{prf:lemma}``` holds prose).
NOT_PROSE = re.compile(
    r"`[^`\n]*`|\$\$.*?\$\$|\$[^$\n]+\$|<[A-Za-z/!][^<>\n]*>|\]\([^()\s]*\)|\b[a-z]{2,8}:(?:\w|\\_)+"
)


def plain_mathematics(markdown: str) -> list[str]:
    """Each piece of ``markdown``'s prose that writes mathematics as plain text, in context."""
    found, fences = [], []  # the open fences: True for code, False for a directive
    # mathematics ($…$ within a paragraph) and comments
    unseen = r"\$\$.*?\$\$|(?<!\\)\$(?:[^$\n]|\n(?!\s*\n))+?(?<!\\)\$|<!--.*?-->"
    for line in re.sub(unseen, "", markdown, flags=re.S).split("\n"):
        if line.lstrip().startswith("```"):
            info = line.lstrip()[3:].strip()
            if fences and (fences[-1] or not info):
                fences.pop()
            else:
                fences.append(not info.startswith("{"))
        elif not (fences and fences[-1]):
            found += [
                part[max(0, m.start() - 20) : m.end() + 10]
                for part in NOT_PROSE.split(line)
                for m in PLAIN_MATHEMATICS.finditer(part)
            ]
    return found


@pytest.mark.parametrize(
    "text, plain",
    [
        ("c₃^(3/2)(c₃+1)ζγ√(k−1)α·√d/(4τ^(3/2))", 2),  # the corrigendum's, before
        ("c₃<sup>3/2</sup>(c₃+1)ζγ√(k−1)α·√d/(4τ<sup>3/2</sup>)", 0),
        ("the minimizer of Q\\_α at α^1.5, Σ^−½ and Σ\\_k⁻¹", 4),  # the ledger's, before
        ("the minimizer of Q<sub>α</sub> at α<sup>1.5</sup>", 0),
        ("fails inside S'; x\\_{k+1} and e^{−t}", 3),
        ("Σ_(t≥1) δ/(t+1)² and E[Y_(t,i)]", 2),
        ("fails inside S′; $x_{k+1}$, `a_b^(2)`, eq:G\\_norm\\_2, relative_error", 0),
        ("```\nx_{k}\n```\nand [a](b_c.md)", 0),
        ("$x_{k+1}\n= y^{2}$ <!-- a\nQ\\_α -->", 0),
        ("```{prf:lemma} 11\nQ\\_α\n```", 1),  # a directive's content is prose
        ("```{prf:lemma} 11\nx\n```\nQ\\_α\n```python\nQ_a\n```", 1),
    ],
)
def test_the_plain_mathematics_check_finds_the_old_text(text, plain):
    assert len(plain_mathematics(text)) == plain, plain_mathematics(text)


def _printed_markdown(path: Path) -> list[tuple[str, str]]:
    """The Markdown a notebook shows: its Markdown cells and the Markdown its cells print."""
    shown = []
    for index, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
        if cell["cell_type"] == "markdown":
            shown.append((f"cell {index}", "".join(cell["source"])))
        for output in cell.get("outputs", []):
            if "text/markdown" in output.get("data", {}):
                shown.append((f"cell {index}'s output", "".join(output["data"]["text/markdown"])))
    return shown


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_notebook_writes_mathematics_as_mathematics(path):
    found = {where: plain_mathematics(text) for where, text in _printed_markdown(path)}
    found = {where: pieces for where, pieces in found.items() if pieces}
    assert not found, f"{path.name}: mathematics as plain text: {found}"


@pytest.mark.parametrize("page", sorted((ROOT / "book").glob("*.md")), ids=lambda p: p.name)
def test_a_book_page_writes_mathematics_as_mathematics(page):
    found = plain_mathematics(page.read_text(encoding="utf-8"))
    assert not found, f"{page.name}: mathematics as plain text: {found}"


def test_the_ledger_page_writes_mathematics_as_mathematics():
    """The ledger page as the book stages it (``tools/build_site.ledger_page``): its statements
    and verdicts come from the specs and the published verdicts, in plain text."""
    import importlib.util
    import sys

    sys.path.insert(0, str(ROOT))  # tools/build_site.py imports tools.citation
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "tools" / "build_site.py")
    assert spec is not None and spec.loader is not None
    build_site = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_site)
    found = plain_mathematics(build_site.ledger_page())
    assert not found, f"the ledger page writes {len(found)} pieces as plain text: {found[:10]}"


def _gallery_module():
    import importlib.util
    import sys

    sys.path.insert(0, str(ROOT))
    spec = importlib.util.spec_from_file_location("gallery", ROOT / "tools" / "gallery.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: An entry of the gallery: a figure directive or a list item, up to its link to the notebook
#: section and code cell that draw the file.
ENTRY = re.compile(
    r"figures/(?P<file>[\w.-]+)(?:(?!figures/|```)[\s\S])*?"
    r"\]\((?P<notebook>\d\d[a-z]?-[\w-]+)\.ipynb(?:#[^)]*)?\) \(code cell (?P<cell>\d+)\)"
)


def gallery_problems(page: str) -> list[str]:
    """What the gallery ``page`` gets wrong: a file of ``figures/`` it shows other than once, or
    whose entry links a code cell that does not name it (its stem, or for a family drawn in a
    loop, ``10-ecdf-{dim:02d}D``, the stem's part before its last hyphen in a cell that saves a
    figure)."""
    problems = []
    for name in sorted(p.name for p in (ROOT / "figures").iterdir() if p.is_file()):
        count = page.count(f"figures/{name}")
        if count != 1:
            problems.append(f"{name} appears {count} times")
    for m in ENTRY.finditer(page):
        name, notebook, cell = m.group("file"), m.group("notebook"), int(m.group("cell"))
        stem = name.rsplit(".", 1)[0]
        path = ROOT / "notebooks" / f"{notebook}.ipynb"
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        source = "".join(cells[cell]["source"]) if cell < len(cells) else ""
        family = stem.rsplit("-", 1)[0] + "-"
        if stem not in source and not (family in source and "save_figure" in source):
            problems.append(f"{name}: {notebook}'s cell {cell} does not name it")
    return problems


def test_the_gallery_shows_every_file_of_figures_once_with_the_cell_that_draws_it():
    page = _gallery_module().gallery_page()
    assert gallery_problems(page) == []
    entries = {m.group("file") for m in ENTRY.finditer(page)}
    shown = {p.name for p in (ROOT / "figures").iterdir() if not p.name.endswith(".pdf")}
    assert entries == shown  # every PNG, table and data file has its entry and link
    assert plain_mathematics(page) == []


def test_the_gallery_check_finds_a_missing_a_doubled_and_a_wrong_entry():
    page = _gallery_module().gallery_page()
    found = re.search(r"```\{figure\} figures/00-looseness-atlas\.png.*?\n```", page, re.S)
    assert found is not None
    atlas = found.group()
    assert gallery_problems(page.replace(atlas, "")) == [
        "00-looseness-atlas.pdf appears 0 times",
        "00-looseness-atlas.png appears 0 times",
    ]
    assert "05-idea.png appears 2 times" in gallery_problems(
        page.replace("figures/06-idea.png", "figures/05-idea.png")
    )
    wrong = atlas.replace("(00-overview.ipynb", "(01-nes-background.ipynb")
    assert gallery_problems(page.replace(atlas, wrong))[0].startswith("00-looseness-atlas.png: 01")


def gallery_sections(page: str) -> list[str]:
    """What the gallery's sections get wrong: a figure under the heading of a notebook other
    than the one that draws it (the heading's number, "08a ·", against the link's notebook), or
    a notebook's section twice or out of reading order."""
    problems, seen, heading = [], [], ""
    for block in re.split(r"^(## .*)$", page.split("## Tables and data")[0], flags=re.M):
        if block.startswith("## "):
            heading = block[3:].split(" ·")[0]
            seen.append(heading)
            continue
        for m in ENTRY.finditer(block):
            if m.group("notebook").split("-")[0] != heading:
                problems.append(
                    f"{m.group('file')} under {heading}, drawn in {m.group('notebook')}"
                )
    if seen != sorted(set(seen)):
        problems.append(f"sections {seen} not each once in reading order")
    return problems


def test_each_figure_is_under_the_notebook_that_draws_it():
    """The gallery's section of a notebook holds the figures that notebook draws, once each
    notebook and in reading order (before: 08d's walk map sat under 08a's title, both
    notebooks writing "08-" files)."""
    page = _gallery_module().gallery_page()
    assert gallery_sections(page) == []
    moved = page.replace("## 08d ·", "## 08a ·")
    assert gallery_sections(moved)


def test_the_gallery_numbers_its_figures_after_the_pages_before_it():
    """Sphinx numbers figures through the book: the gallery starts after the figures of the
    pages before it (the front page's two, the proof walk's map), and a figure shown on one of
    them gives its number there. The alternative, the front page alone, starts at 3."""
    gallery = _gallery_module()
    front = (ROOT / "book" / "index.md").read_text(encoding="utf-8")
    assert front.count("{figure}") == 2
    walk = "# The proof walk\n\n```{figure} figures/08-proof-walk-map.png\n```\n"
    page = gallery.gallery_page(earlier=[("index.md", front), ("proofs.md", walk)])
    assert (
        "Figs. 1–2 on [the front page](index.md), Fig. 3 on the page [The proof walk]"
        "(proofs.md), so the gallery's numbers start at 4." in page
    )
    assert page.count("(Also Fig. ") == 3
    assert "(Also Fig. 3, on the page [The proof walk](proofs.md).)" in page
    assert "start at 3." in gallery.gallery_page()


def test_the_coco_captions_say_which_part_of_bbob_the_runs_cover():
    """The captions of notebook 10's ECDFs name the functions and instances of the committed
    runs (figures/coco-bbob-runs.csv, read here) out of bbob's 24, and what MiNES-step is."""
    gallery = _gallery_module()
    runs = pd.read_csv(ROOT / "figures" / "coco-bbob-runs.csv")
    functions, instances = sorted(runs["function"].unique()), sorted(runs["instance"].unique())
    for dimension in sorted(runs["dimension"].unique()):
        caption = gallery.CAPTIONS[f"10-ecdf-{dimension:02d}D"]
        assert f"dimension {dimension}," in caption
        assert f"{len(functions)} of its 24 functions" in caption
        assert "(" + ", ".join(f"f{f}" for f in functions) + ")" in caption
        assert f"instances {instances[0]}–{instances[-1]}" in caption
        assert "MiNES-step is MiNES with a step-size rule" in caption


def test_the_gallery_refuses_a_figure_without_a_caption(tmp_path):
    gallery = _gallery_module()
    figures = tmp_path / "figures"
    figures.mkdir()
    for name in ("05-idea.png", "05-idea.pdf", "99-new.png"):
        (figures / name).write_bytes(b"")
    with pytest.raises(ValueError, match="99-new"):
        gallery.gallery_page(figures)


#: A row of the notation page's "Inside the appendix proofs": the symbols, the meaning and where
#: the paper defines them ("Lemma 35 (our E.5)" or "eq. (4.11)", the PDF's number alone).
PROOF_ROW = re.compile(
    r"^\| (?P<symbols>.+?) \| (?P<meaning>.+?) \| (?:(?P<printed>(?:Lemma|Theorem) \d+) "
    r"\(our (?P<ours>[A-Z]\.\d+)\)|eq\. (?P<equation>\([\dA-Z.]+\))) \|$",
    re.M,
)


#: The .tex label of the equation that defines each symbol an "Inside the appendix proofs" row
#: cites by the PDF's number alone: the number must be the one the .tex gives that label.
DEFINING_EQUATIONS = {
    "$\\bar G(\\Sigma)$": "eq:bG",
    "$s_{\\max}$": "eq:smax",
    "$z_{t,k}$": "eq:sto_err",
    "$\\tilde\\rho$": "eq:rho_t",
    "$\\Phi(\\Sigma)$": "eq:Sig_opt",
    "$A_1$, $A_2$": "eq:Sig_opt",
    "$\\hat M$": "eq:Sig_opt",
    "$W_k$": "eq:alpha_err",  # the factor of Lemmas 34 and 39 (our E.4, E.9), written out
}


def test_the_appendix_symbols_name_where_the_paper_defines_them(tex):
    """Each row of "Inside the appendix proofs" names a statement by the PDF's number and ours,
    as the ledger pairs them, or an equation by the PDF's number alone, the one the .tex gives
    its defining label (``DEFINING_EQUATIONS``); the quantities the errata quote are all there,
    and the page's tables name no .tex label (a reader has the PDF)."""
    from mines_theory.verification.framework.paper import equation_number

    text = NOTATION.read_text(encoding="utf-8")
    section = text.split("## Inside the appendix proofs", 1)[1].split("\n## ", 1)[0]
    rows = list(PROOF_ROW.finditer(section))
    assert len(rows) == section.count("\n| $")
    for row in rows:
        if row["equation"]:
            label = DEFINING_EQUATIONS[row["symbols"]]
            assert equation_number(label) == row["equation"], row.group(0)
        else:
            assert ledger.claim(f"Lemma {row['ours']}").printed == row["printed"], row.group(0)
    symbols = " ".join(row["symbols"] for row in rows)
    for quoted in ("\\bar G", "\\Lambda_t", "V_t", "z_{t,k}", "Y_{t,i}", "H_t", "\\nu"):
        assert quoted in symbols
    tables = "\n".join(line for line in text.splitlines() if line.startswith("| "))
    assert not re.search(r"\beq:\w", tables)
