"""The claims ledger: rows are unique, point at real notebook names, and render as a table."""

import re
from pathlib import Path

import pytest

from mines_theory.ledger import CLAIMS, Claim, claims_table

ROOT = Path(__file__).resolve().parent.parent
PLANNED = {"00-overview", "01-nes-background", "02-regularized-objective",
           "03-gradient-estimators", "04-mirror-descent-projection", "05-convergence-mean",
           "06-convergence-covariance", "07-comparisons", "08-errata"}


def test_rows_unique_and_notebooks_known():
    numbers = [c.number for c in CLAIMS]
    assert len(numbers) == len(set(numbers))
    assert {c.notebook for c in CLAIMS} <= PLANNED


def test_labels_exist_in_the_paper():
    paper = ROOT.parent / "shared" / "paper" / "mirror-natural-evolution-strategies.tex"
    if not paper.is_file():
        pytest.skip(f"the paper is not at {paper} (it lives beside the repository)")
    text = paper.read_text()
    for c in CLAIMS:
        for label in re.findall(r"(?:eq|prop|lem|thm):[A-Za-z_0-9]+", c.label):
            assert f"\\label{{{label}}}" in text, label


def test_table_renders_every_row_and_escapes_pipes():
    claims = CLAIMS + (Claim("X 1", "eq:x", "a | b", "08-errata"),)
    table = claims_table(claims).splitlines()
    assert len(table) == 2 + len(claims)
    assert table[-1] == "| X 1 | `eq:x` | a \\| b | `08-errata` |"
    assert all(line.count(" | ") == 3 for line in table[2:-1])
