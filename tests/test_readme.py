"""The README's opening as a reader meets it (issue 45 §2): what the project is in two sentences,
what it found in 4 to 6 bullets, each tied to its rows by a marker (the markers' claims are read
against the published verdicts in ``tests/test_section5_sentences.py``), then the commands, in a
table whose cells stay short; the number of notebooks it states is the number there are.

These tests read README.md; nothing runs.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .test_section5_sentences import MARKER, parse

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
#: The longest cell of the command table (the `check` row's description was 626 characters).
CELL = 220
NUMBER_WORDS = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
WORDS = {word: n for n, word in enumerate(NUMBER_WORDS.split(), start=1)}


def opening(text: str) -> tuple[str, list[str], str]:
    """The first paragraph after the title, the bullets of "What it found", and what follows
    them up to the first section."""
    intro = text[text.index("\n\n") + 2 : text.index("\n## ")]
    first, _, rest = intro.partition("\n\n")
    bullets = re.findall(r"^\* .*?(?=^\* |\n\n|\Z)", rest, re.M | re.S)
    return first, bullets, rest


def sentences(paragraph: str) -> int:
    """The sentences of ``paragraph`` (an initial such as "H. Ye" ends none)."""
    text = re.sub(r"\b[A-Z]\.\s", "", paragraph)
    return len(re.findall(r"[.!?](?:\s|$)", text.strip()))


def stated_counts(text: str) -> list[int]:
    """Every "N notebooks" (digits or a number word) of ``text``."""
    found = re.findall(rf"\b(\d+|{'|'.join(WORDS)}) notebooks\b", text, re.I)
    return [int(n) if n.isdigit() else WORDS[n.lower()] for n in found]


def command_cells(text: str) -> list[str]:
    """The cells of the table of "## Run it"."""
    section = text[text.index("## Run it") :]
    section = section[: section.index("\n## ", 1)]
    rows = [line for line in section.splitlines() if line.startswith("| ")]
    return [cell.strip() for row in rows for cell in row.strip("|").split(" | ")]


def test_the_readme_says_what_the_project_is_in_two_sentences():
    first, _, _ = opening(README)
    assert sentences(first) == 2, first
    assert "Mirror Natural Evolution Strategies" in first


def test_the_sentence_count_sees_a_third_sentence():
    assert sentences("It checks H. Ye's paper. It publishes verdicts.") == 2
    assert sentences("It checks H. Ye's paper. It publishes verdicts. It has 14 notebooks.") == 3


def test_what_it_found_is_four_to_six_bullets_each_tied_to_its_rows():
    _, bullets, rest = opening(README)
    assert rest.startswith("**What it found**")
    assert 4 <= len(bullets) <= 6, len(bullets)
    for bullet in bullets:
        assert MARKER.search(bullet), f"no row marker in {bullet[:80]!r}"
        assert parse(bullet), bullet[:80]
    assert README.index("## Run it") > README.index(bullets[-1])


def test_the_readme_counts_the_notebooks_there_are():
    counts = stated_counts(README)
    assert counts, "the README states how many notebooks there are"
    assert set(counts) == {len(NOTEBOOKS)}, counts


@pytest.mark.parametrize(
    "text, counts",
    [("A library and eleven notebooks.", [11]), ("the 14 notebooks", [14]), ("notebook 07", [])],
)
def test_the_notebook_count_reads_words_and_digits(text, counts):
    assert stated_counts(text) == counts


def test_the_command_table_has_no_long_cell():
    cells = command_cells(README)
    assert any(cell.startswith("`make test`") for cell in cells)
    assert max(len(cell) for cell in cells) <= CELL, max(cells, key=len)
    assert "`--scale S` multiplies every sample size" in README  # the detail, below the table


def test_the_cell_check_finds_the_old_check_row():
    row = "| `check NAME…` | " + "recomputes the named claims " * 23 + "| the venv | seconds |"
    text = f"## Run it\n\n| command | what |\n|---|---|\n{row}\n\n## Next\n"
    assert max(len(cell) for cell in command_cells(text)) > CELL
