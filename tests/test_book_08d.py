"""Notebook 08d (the errata) shows its findings, not the code that renders them (issue 45, a cold
reading: 08d's visible code cells are nothing a reader needs). Its code cells but the verdict
cell carry MyST-NB's ``hide-input`` (the input folded behind a toggle, the output shown), in the
notebook's metadata and in the book's copy (``build_site.staged_notebook``); the verdict cell
shows its code as every notebook's does. These tests read the notebook; nothing is executed.
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


def shown_inputs(cells: list[dict]) -> list[int]:
    """The code cells whose input the book shows unfolded (no hide- or remove- tag on it)."""
    hidden = {"hide-input", "remove-input", "hide-cell", "remove-cell"}
    return [
        i
        for i, cell in enumerate(cells)
        if cell["cell_type"] == "code" and not hidden & set(cell["metadata"].get("tags", []))
    ]


def test_08d_shows_only_its_verdict_cell_s_code(tmp_path):
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    shown = shown_inputs(cells)
    assert len(shown) == 1 and "verdict_cell(" in "".join(cells[shown[0]]["source"])
    _build_site().staged_notebook(NOTEBOOK, tmp_path / NOTEBOOK.name, pdf=False)
    staged = json.loads((tmp_path / NOTEBOOK.name).read_text(encoding="utf-8"))["cells"]
    assert [c["source"] for i, c in enumerate(staged) if i in shown_inputs(staged)] == [
        cells[shown[0]]["source"]
    ]


def test_a_code_cell_without_a_tag_is_shown():
    cells = [
        {"cell_type": "code", "metadata": {}},
        {"cell_type": "code", "metadata": {"tags": ["hide-input"]}},
        {"cell_type": "markdown", "metadata": {}},
    ]
    assert shown_inputs(cells) == [0]
