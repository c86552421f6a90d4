"""The sentences that summarize Section 5 say no more than their rows (issue 33 §5).

A sentence of the README's intro and "What we found", or of the Summary of notebooks 00, 05 and
06, is followed by a marker, an HTML comment (invisible in the rendered page and the book) that
names the rows it summarizes and what it asserts of each::

    <!-- row "Thm 5.4" is "holds" "κ-dependence shrinks as k grows";
         row "Thm 5.4, γ &gt; 0" "two stages", not "the printed theorem certifies the entry" -->

``row "NAME"`` opens a clause (a claim, finding or repaired row, or an erratum's label, as
published); ``is "STATUS"`` asserts its published status; ``"QUALIFIER"`` asserts that the
published verdict has that qualifier with the outcome yes, ``not "QUALIFIER"`` with the outcome no.
``>`` is written ``&gt;`` (a comment holds no ``>`` before its end, so the book's linking leaves
it alone), and an equation number the book adds after an ``eq:`` label is ignored. The test
reads each marker against ``published.json``: a published verdict that flips a qualifier or a
status fails it at the sentence that asserts it. Every block (paragraph or bullet) of these texts
that names a Section-5 result carries at least one marker; the sentences on other sections are
left to their owners.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from mines_theory.verification.framework import ledger
from mines_theory.verification.framework.verdict import Qualifier, Status, Verdict

ROOT = Path(__file__).resolve().parent.parent

MARKER = re.compile(r"<!--\s*(row\s.*?)-->", re.S)
CLAUSE = re.compile(r'^\s*row\s+"([^"]+)"(.*)$', re.S)
ASSERTION = re.compile(r'(is|not)?\s*"([^"]+)"')
#: A Section-5 result named in prose (our numbers or the PDF's).
SECTION5 = re.compile(
    r"Lemmas? 5\.[1-3]|Lemmas 5\.1|Theorem 5\.4|Thm 5\.4|Lemma 9\b|Lemma 10\b|Lemma 11\b"
    r"|Theorem 12\b"
)


def _normal(text: str) -> str:
    """The name as published: HTML entities decoded, the PDF's number after an eq: label
    (``paper.with_number``) dropped, spaces collapsed."""
    text = html.unescape(text)
    text = re.sub(r"(eq:[A-Za-z0-9_]+) \([A-Z0-9]+\.\d+\)", r"\1", text)
    return " ".join(text.split())


def parse(text: str) -> list[tuple[str, str | None, dict[str, bool]]]:
    """The clauses of every marker in ``text``: (row, asserted status or None, qualifier name →
    asserted outcome). A clause that does not parse is a ValueError naming it."""
    clauses = []
    for marker in MARKER.finditer(text):
        for part in re.split(r";\s*(?=row\s)", marker.group(1)):
            match = CLAUSE.match(part)
            if match is None:
                raise ValueError(f'marker clause {part.strip()!r}: expected row "NAME" …')
            status, outcomes = None, {}
            rest = match.group(2)
            for word, name in ASSERTION.findall(rest):
                if word == "is":
                    status = _normal(name)
                else:
                    outcomes[_normal(name)] = word != "not"
            leftover = ASSERTION.sub("", rest).replace(",", "").strip()
            if leftover:
                raise ValueError(f"marker clause {part.strip()!r}: cannot read {leftover!r}")
            clauses.append((_normal(match.group(1)), status, outcomes))
    return clauses


def problems(text: str, published: dict[str, Verdict]) -> list[str]:
    """What the markers of ``text`` assert that ``published`` does not say."""
    found = []
    for row, status, outcomes in parse(text):
        if row not in published:
            found.append(f"{row!r} is not published")
            continue
        verdict = published[row]
        if status is not None and verdict.status.value != status:
            found.append(f"{row!r} is {verdict.status.value!r}, the sentence says {status!r}")
        qualifiers = {_normal(q.name): q.outcome for q in verdict.qualifiers}
        for name, outcome in outcomes.items():
            if name not in qualifiers:
                found.append(f"{row!r} has no qualifier {name!r}")
            elif qualifiers[name] is not outcome:
                found.append(
                    f"{row!r}: {name!r} is {qualifiers[name]}, the sentence says {outcome}"
                )
    return found


def _blocks(markdown: str) -> list[str]:
    """Paragraphs and bullets (a bullet runs to the next bullet or blank line)."""
    blocks = []
    for paragraph in re.split(r"\n\s*\n", markdown):
        blocks += [b for b in re.split(r"\n(?=\* )", paragraph) if b.strip()]
    # generated tables and their markers are the rows themselves, not sentences
    return [
        b for b in blocks if not b.lstrip().startswith(("|", "<!--")) or MARKER.match(b.lstrip())
    ]


def _readme_texts() -> dict[str, str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## What we found")
    found = text[start : text.index("\n## ", start + 1)]
    intro = text[: text.index("\n## ")]
    return {"README intro": intro, "README What we found": found}


def _summary(notebook: str) -> str:
    path = next((ROOT / "notebooks").glob(f"{notebook}-*.ipynb"))
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    summaries = [
        "".join(c["source"])
        for c in cells
        if c["cell_type"] == "markdown" and "".join(c["source"]).startswith("## Summary")
    ]
    assert len(summaries) == 1, f"{path.name}: one ## Summary cell expected"
    return summaries[0]


TEXTS = {**_readme_texts(), **{f"notebook {n} Summary": _summary(n) for n in ("00", "05", "06")}}


@pytest.fixture(scope="module")
def published():
    return ledger.published()


@pytest.mark.parametrize("where", sorted(TEXTS))
def test_every_sentence_on_section5_says_what_its_rows_say(where, published):
    text = TEXTS[where]
    assert not problems(text, published), f"{where}: " + "; ".join(problems(text, published))
    for block in _blocks(text):
        if SECTION5.search(MARKER.sub("", block)):
            assert MARKER.search(block), f"{where}: no marker in {block[:120]!r}…"


def _verdict(status=Status.HOLDS, **outcomes) -> Verdict:
    qualifiers = tuple(Qualifier(name, f"criterion of {name}", v) for name, v in outcomes.items())
    return Verdict(status, "synthetic", (), qualifiers)


def test_a_marker_fails_when_the_published_verdict_flips_what_it_asserts():
    text = 'A sentence. <!-- row "Thm 9.9, γ &gt; 0" is "holds" "two stages", not "certified" -->'
    agreeing = {"Thm 9.9, γ > 0": _verdict(**{"two stages": True, "certified": False})}
    assert problems(text, agreeing) == []
    flipped = {"Thm 9.9, γ > 0": _verdict(**{"two stages": False, "certified": False})}
    assert problems(text, flipped) == [
        "'Thm 9.9, γ > 0': 'two stages' is False, the sentence says True"
    ]
    negated = {"Thm 9.9, γ > 0": _verdict(**{"two stages": True, "certified": True})}
    assert "'certified' is True" in problems(text, negated)[0]
    erratum = {
        "Thm 9.9, γ > 0": _verdict(Status.ERRATUM, **{"two stages": True, "certified": False})
    }
    assert "is 'erratum', the sentence says 'holds'" in problems(text, erratum)[0]
    assert "is not published" in problems(text, {})[0]
    missing = {"Thm 9.9, γ > 0": _verdict(**{"two stages": True})}
    assert "has no qualifier 'certified'" in problems(text, missing)[0]


def test_markers_read_several_rows_equation_numbers_and_refuse_what_they_cannot_read():
    text = (
        '<!-- row "A" "enters eq:cond (5.3) and stays"; row "B" is "not checked" -->'
        ' and <!-- row "C" not "q" -->'
    )
    assert parse(text) == [
        ("A", None, {"enters eq:cond and stays": True}),
        ("B", "not checked", {}),
        ("C", None, {"q": False}),
    ]
    with pytest.raises(ValueError, match="cannot read"):
        parse('<!-- row "A" maybe "q" -->')
    with pytest.raises(ValueError, match="cannot read"):
        parse('<!-- row "A" "q"; the rest -->')
    with pytest.raises(ValueError, match="expected row"):
        parse('<!-- row A "q" -->')


def test_a_block_on_section5_without_a_marker_is_found():
    text = "* Theorem 5.4 holds everywhere.\n* Section 3 is fine."
    unmarked = [b for b in _blocks(text) if SECTION5.search(b) and not MARKER.search(b)]
    assert unmarked == ["* Theorem 5.4 holds everywhere."]
