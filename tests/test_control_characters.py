"""No control character in what a reader is shown: a backslash sequence in a Python string that
is not raw ("$Q_\\alpha$" in a plain string is "$Q_" + BEL + "lpha$") reaches the book as an
invisible character and MathJax's "Math input error". Every notebook's Markdown, glued values
and printouts (its stored outputs) and every published text are read; nothing runs.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
PUBLISHED = ROOT / "mines_theory" / "verification" / "published.json"

#: C0 control characters but the line feed and the tab (and DEL): what no page should carry.
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def control_characters(text: str) -> list[str]:
    """Each control character of ``text`` with the 20 characters before it, as ``repr``."""
    return [repr(text[max(0, m.start() - 20) : m.end()]) for m in CONTROL.finditer(text)]


def notebook_texts(path: Path) -> list[tuple[str, str]]:
    """(where, text) of everything a notebook shows as text: its Markdown cells, and each
    stored output of its code cells (streams, glued values, displayed Markdown, plain text)."""
    out = []
    for index, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
        if cell["cell_type"] == "markdown":
            out.append((f"cell {index}", "".join(cell["source"])))
        for output in cell.get("outputs", []):
            name = output.get("metadata", {}).get("scrapbook", {}).get("name", f"cell {index}")
            if "text" in output:
                out.append((name, "".join(output["text"])))
            for mime, text in output.get("data", {}).items():
                if mime.startswith("text/") or "papermill" in mime:
                    out.append((name, "".join(text) if isinstance(text, list) else str(text)))
    return out


def published_texts() -> list[tuple[str, str]]:
    """(row, text) of every published verdict's words: summary, measurement names, qualifier
    names and criteria."""
    out = []
    for row, verdict in json.loads(PUBLISHED.read_text(encoding="utf-8")).items():
        out.append((row, verdict["summary"]))
        out += [(row, m["name"]) for m in verdict["measurements"]]
        out += [(row, q["name"] + " " + q["criterion"]) for q in verdict["qualifiers"]]
    return out


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The value at $Q_\alpha$'s minimizer", 1),  # \a: BEL, the bug cold readers saw
        (r"The value at $Q_\alpha$'s minimizer", 0),
        ("a line\nand a\ttab", 0),
        ("\x1b[31mred\x1b[0m", 2),
    ],
)
def test_the_check_finds_a_control_character(text, found):
    assert len(control_characters(text)) == found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_notebook_shows_no_control_character(path):
    found = [(where, c) for where, text in notebook_texts(path) for c in control_characters(text)]
    assert not found, f"{path.stem}: control characters in {found}"


def test_no_published_text_has_a_control_character():
    found = [(row, c) for row, text in published_texts() for c in control_characters(text)]
    assert not found, f"published.json: control characters in {found}"
