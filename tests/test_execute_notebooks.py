"""tools/execute_notebooks.py runs a notebook with this checkout's library, not the installed
one: a second checkout or git worktree sharing one virtual environment otherwise ran the first
checkout's code (and wrote into its figures/)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location(
    "execute_notebooks", ROOT / "tools" / "execute_notebooks.py"
)
execute_notebooks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(execute_notebooks)


def test_a_notebook_runs_this_checkouts_library(tmp_path, monkeypatch):
    """The kernel imports mines_theory from this checkout's root even when PYTHONPATH names
    another folder first (standing in for another checkout's install)."""
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "mines_theory").mkdir(parents=True)
    (elsewhere / "mines_theory" / "__init__.py").write_text("WHERE = 'elsewhere'\n")
    monkeypatch.setenv("PYTHONPATH", str(elsewhere))
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("import mines_theory\nprint(mines_theory.__file__)")]
    nb.metadata.kernelspec = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = tmp_path / "probe.ipynb"
    nbformat.write(nb, path)
    execute_notebooks.execute(path, timeout=120)
    printed = nbformat.read(path, as_version=4).cells[0].outputs[0]["text"].strip()
    assert Path(printed).resolve().is_relative_to(ROOT / "mines_theory"), printed
