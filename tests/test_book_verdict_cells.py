"""The verdict cells as the book shows them (issue 45 §2: "a verdict reads as a short table, details
folded"): ``report.verdict_cell_view`` turns what a notebook's verdict cell printed (its stored
output, which nbval compares and the book does not change) into one table row per ledger row, one
for its errata, and the printed text folded behind it. tests/test_site.py measures the folded
cells in the browser (at most ``MAX_VERDICT_HEIGHT`` px).
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from mines_theory.verification.framework import ledger
from mines_theory.verification.framework.paper import with_number
from mines_theory.verification.framework.verdict import Status
from mines_theory.verification.views import report

ROOT = Path(__file__).resolve().parent.parent


def _verdict_cells() -> list[tuple[str, str]]:
    cells = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "code" and "verdict_cell(" in cell.source:
                text = "".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream")
                cells.append((path.stem, text))
    return cells


CELLS = _verdict_cells()


def _table(view: str) -> list[list[str]]:
    """The rows of the view's table (before its folded part), as lists of cells."""
    head = view.split("<details", 1)[0]
    rows = [line for line in head.splitlines() if line.startswith("| ")][1:]
    return [[cell.strip() for cell in re.split(r"(?<!\\)\|", row)[1:-1]] for row in rows]


def _printed_rows(text: str) -> list[tuple[str, str]]:
    """(name, status) of each ledger row in a printed verdict cell, read from its text: a line
    "name (PDF: …): status (…)" whose name is a ledger row's."""
    names = {c.number for c in ledger.rows()}
    found = []
    for line in text.splitlines():
        m = re.match(r"^(.+?) \(PDF: [^\n]*?\): ([a-z ]+?)(?: \(|$)", line)
        if m and m[1] in names:
            found.append((m[1], m[2]))
    return found


def test_every_notebook_has_a_verdict_cell():
    assert len(CELLS) >= 14 and {name[:2] for name, _ in CELLS} >= {"00", "05", "08", "09"}


def _status(cell: str) -> str:
    """The status a row shows after its conclusion: "**repaired**; holds (loose)" → "holds"."""
    conclusion, _, runs = cell.partition("; ")
    word = re.match(r"\*\*(.+?)\*\*", conclusion)  # "**false** on this set-up": its word
    assert word and word[1] in {c.value for c in report.Conclusion}, cell
    return next(s.value for s in Status if runs.startswith(s.value))


@pytest.mark.parametrize("name, text", CELLS, ids=[name for name, _ in CELLS])
def test_a_verdict_cell_reads_as_a_short_table(name, text):
    """Each stored verdict cell becomes a table with one row per ledger row it prints, in its
    order and with the status it prints (read from the text, not from the published file), one
    row counting its errata, and the printed text, every line of it, folded behind it."""
    view = report.verdict_cell_view(text)
    assert view is not None, f"{name}: its verdict cell is not made of published verdicts"
    table = _table(view)
    printed = _printed_rows(text)
    claims = [(row[0].replace("\\", ""), _status(row[2])) for row in table[: len(printed)]]
    assert claims == printed, name
    errata = len(re.findall(r"^[^\n]*?: (?:flagged|NOT flagged|not checked): ", text, re.M))
    assert len(table) == len(printed) + (errata > 0), name
    if errata:
        assert table[-1][0] == f"{errata} errata", name
    folded = view.split('<details class="verdict">', 1)[1]
    assert text.strip("\n") in folded, name


def test_a_cell_that_differs_from_the_published_verdicts_is_shown_as_printed():
    """The alternatives: a verdict that differs from the published one (``verdict_cell`` says
    so), a number changed in a published report, a line that is no verdict: no table."""
    name, text = next((n, t) for n, t in CELLS if n.startswith("05"))
    assert report.verdict_cell_view(text) is not None
    first, rest = text.split("\n", 1)
    differs = first.split(": ", 1)[0] + ": DIFFERS FROM THE PUBLISHED VERDICT (status):\n" + rest
    assert report.verdict_cell_view(differs) is None
    changed = re.sub(r"\d", lambda m: str((int(m[0]) + 1) % 10), text, count=1)
    assert changed != text and report.verdict_cell_view(changed) is None
    assert report.verdict_cell_view(text + "\nsomething else\n") is None


def test_the_errata_row_counts_each_answer():
    """An errata-only cell (made from the published text of two errata and one claim): the
    claim's row, then one row with the errata's answers counted."""
    name, text = next((n, t) for n, t in CELLS if n.startswith("08d"))
    lines = text.splitlines()
    errata = [line for line in lines if re.search(r": (flagged|NOT flagged): ", line)][:2]
    view = report.verdict_cell_view("\n".join(errata))
    assert view is not None
    answers = [re.search(r": (flagged|NOT flagged): ", line)[1] for line in errata]
    expected = ", ".join(f"{answers.count(a)} {a}" for a in dict.fromkeys(answers))
    assert _table(view) == [["2 errata", "—", f"**{expected}**", "each a line below"]]


def test_the_ledger_page_says_which_proofs_fail_as_printed():
    """The book's ledger table (issue 45: "the ledger's summary row says 'holds' with no sign that
    the proof fails as printed"): each row of a statement the corrigendum repairs carries how it
    fares as printed (its ``survives``, read from the repair) and links the repair; no other row
    does; the README's table (``summary_table`` without ``repairs``) is unchanged."""
    page = report.ledger_page(lambda notebook: f"[{notebook[:3]}]({notebook}.ipynb#verdict)")
    table = page.split("\n## ", 1)[0]
    repaired = {r.repairs: r.repair.survives for r in ledger.repairs()}
    published = ledger.published()
    for c in ledger.claims() + ledger.findings():
        [row] = [line for line in table.splitlines() if line.startswith(f"| {c.number} |")]
        survives = repaired.get(c.number.split(", ")[0])
        if survives is None:
            assert "as printed](" not in row, row
        else:
            # a row its own verdict finds false as printed says so, whatever the statement's
            # survival (Thm 5.4, γ > 0: the printed Δ_α,1 exceeded in 28.5% of its steps)
            if report.row_false_as_printed(published.get(c.number)):
                survives = "false as printed"
            assert f"**: [{report.AS_PRINTED[survives]}](" in row, row  # after its conclusion
            assert "#repair-" in row
    theorem = next(line for line in table.splitlines() if line.startswith("| Thm 5.4, γ > 0 |"))
    assert "**: [false as printed](" in theorem
    lemma_53 = next(line for line in table.splitlines() if line.startswith("| Lemma 5.3 |"))
    assert "| **repaired**: [its constant changes](" in lemma_53
    assert "| holds, too loose to be tested: " in lemma_53  # what the runs show, apart
    assert "as printed](" not in report.summary_table()


def _qualifiers(cell: str) -> list[str]:
    """The qualifiers a table's verdict cell shows ("**stands**; holds (a; b; + 2 more)", or
    "**holds** (a; b)" without a conclusion, "**stands** on this set-up; holds (a)" with a
    finding's scope), as written."""
    m = re.search(r"\*\*(?: on [^;(]+)?(?:; [a-z ]+?)? \((.*)\)$", cell)
    return m[1].split("; ") if m else []


@pytest.mark.parametrize("name, text", CELLS, ids=[name for name, _ in CELLS])
def test_a_verdict_tables_qualifiers_fit_a_line(name, text):
    """A verdict's qualifiers in the table (issue: 269 characters in 08a's row of Thm 5.4,
    γ > 0): at most ``QUALIFIERS_SHOWN`` characters of them, then how many more, which with
    the ones shown are the qualifiers the cell prints (read from its printed headline)."""
    table = _table(report.verdict_cell_view(text) or "")
    headlines = {
        m[1]: m[2].split("; ") if m[2] else []
        for m in re.finditer(r"^(.+?) \(PDF: [^\n]*?\): [a-z ]+?(?: \((.*)\))?$", text, re.M)
    }
    for row in table:
        shown = _qualifiers(row[2])
        # "+ 3 more questions (2 Yes, 1 No) below", in the full verdict: those that did not
        # fit, counted by answer
        rest = shown.pop() if shown and shown[-1].startswith("+ ") else ""
        more = int(m[1]) if (m := re.search(r"(\d+) Yes", rest)) else 0
        seen = re.sub(r"<[^>]+>|\\(?=[*_])", "", "; ".join(shown))  # as read: no tags, escapes
        assert len(seen) <= report.QUALIFIERS_SHOWN or len(shown) == 1, row
        # each with its answer (``short_headline``'s ``answers``): the headline names the Yes
        assert all(q.endswith(("? Yes", "? No")) for q in shown), row
        printed = headlines.get(row[0].replace("\\", ""))
        held = [q for q in shown if q.endswith("? Yes")]
        if printed is not None:
            assert len(held) + more == len(printed), (name, row[0])


def test_the_qualifier_check_finds_the_old_row():
    row = "**erratum** (" + "; ".join(f"qualifier number {i}" for i in range(8)) + ")"
    assert len("; ".join(_qualifiers(row))) > report.QUALIFIERS_SHOWN


@pytest.mark.parametrize("name, text", CELLS, ids=[name for name, _ in CELLS])
def test_a_z_of_minus_infinity_is_said_in_words_once_where_the_table_shows_one(name, text):
    """In a verdict table, a z of −∞ (Lemmas B.2 and B.3 on 08d: no exceedance in any draw)
    has what it means beside it (``report.MINUS_INFINITE_MEANING``: a cold reader, stop 58,
    found a note under the table too far from it), in its row and no other; no sentence under
    the table repeats it. The table is read for "−∞", as a reader sees it."""
    view = report.verdict_cell_view(text)
    assert view is not None
    table = _table(view)
    beside = f"= −∞ ({report.MINUS_INFINITE_MEANING})"
    for row in table:
        assert ("−∞" in row[3]) == row[3].endswith(beside), (name, row)
    assert view.count(report.MINUS_INFINITE_MEANING) == sum("−∞" in r[3] for r in table), name
    if name.startswith("08d"):
        assert sum(row[3].endswith(beside) for row in table) == 2
        lines = text.splitlines()
        # the alternative: 08d's cell without Lemmas B.2 and B.3 shows no −∞, and no meaning
        rest = lines[lines.index(next(x for x in lines if x.startswith("Lemma B.4 "))) :]
        without = report.verdict_cell_view("\n".join(rest))
        assert without is not None and report.MINUS_INFINITE_MEANING not in without


def test_what_a_cell_prints_now_reads_as_a_table_with_numbers_as_readers_write_them():
    """Every row and erratum as ``ledger.verdict_cell`` prints it now (as the notebooks print
    it once re-executed, 08d's errata through ``readable``) is matched by the view; the printed
    text has no raw equation label, no exponent notation and no hyphen for a minus sign."""
    published = ledger.published()
    names = [s.name for s in ledger.rows() + ledger.errata() if s.name in published]
    printed = ledger.verdict_cell(*names, fresh=published)
    assert report.verdict_cell_view(printed) is not None
    assert report.verdict_cell_view(report.readable(printed)) is not None
    specs = [s for s in ledger.rows() + ledger.errata() if s.name in published]
    heads = [with_number(ledger.header(s)) + ": " for s in specs]
    bodies = "\n".join(
        ledger.printed_text(s, published[s.name]).removeprefix(head)
        for s, head in zip(specs, heads)
    )
    assert not re.search(r"\beq:\w+ \(\d", bodies)
    assert not re.search(r"(?<![\w.])\d+(?:\.\d+)?e[+-]\d", bodies)
    assert not re.search(r"(?<![\w.)\]])-\d", bodies)


def test_a_finding_is_not_shown_as_a_claim_of_the_pdf():
    """A finding of the suite (``kind = "finding"``) names no claim of the PDF: its row's "in
    the PDF" cell says it is ours, where "Section 2" beside "stands" read as "the paper's NES
    works" to a cold reader; a claim's row shows its printed number."""
    rows = {}
    for _, text in CELLS:
        for row in _table(report.verdict_cell_view(text) or "")[:-1]:
            rows[row[0].replace("\\", "")] = row[1]
    findings = {c.number for c in ledger.findings()} & rows.keys()
    assert findings, "no finding in any verdict cell"
    for number in findings:
        assert rows[number] == report.finding_source(ledger.claim(number)), number
        assert rows[number].startswith("none (") and "—" not in rows[number], rows[number]
    claim = ledger.claim("Thm 3.1")
    assert rows[claim.number] == claim.printed
