"""One plotting style for every notebook and ``save_figure``, which writes byte-identical PNG and
PDF files into ``figures/``.

The output directory is ``$MINES_THEORY_FIGURES`` when that variable is set (tests set it to a
temporary directory, so they never write into the repository); otherwise the ``figures/`` folder
of the checkout this package lives in; otherwise ``./figures``.
"""

from __future__ import annotations

import os
from pathlib import Path

import matplotlib as mpl
import seaborn as sns

__all__ = ["set_style", "figures_dir", "save_figure", "save_table", "markdown_table", "FIGURES_ENV"]

FIGURES_ENV = "MINES_THEORY_FIGURES"

_PNG_METADATA = {"Software": None}
_PDF_METADATA = {"CreationDate": None, "Producer": None}


def set_style() -> None:
    """The suite's seaborn style: white grid, paper context, colour-blind palette."""
    sns.set_theme(context="notebook", style="whitegrid", palette="colorblind")
    mpl.rcParams.update({
        "figure.figsize": (7.0, 4.0),
        "figure.dpi": 100,
        "savefig.dpi": 150,
        "savefig.bbox": "tight",
        "axes.titlesize": "medium",
        "legend.fontsize": "small",
        "svg.hashsalt": "mines-theory",
        "pdf.compression": 6,
    })


def figures_dir() -> Path:
    """Where ``save_figure`` writes (see the module docstring)."""
    env = os.environ.get(FIGURES_ENV)
    if env:
        return Path(env)
    checkout = Path(__file__).resolve().parent.parent
    if (checkout / "pyproject.toml").is_file():
        return checkout / "figures"
    return Path.cwd() / "figures"


def _output_dir(name: str, directory) -> Path:
    """Check that ``name`` is a plain file stem and return the output folder."""
    if not isinstance(name, str) or not name or "/" in name or "\\" in name or name.startswith("."):
        raise ValueError(f"name must be a plain file stem such as '00-demo', got {name!r}")
    return Path(directory) if directory is not None else figures_dir()


def save_figure(fig, name: str, directory: str | os.PathLike | None = None) -> list[Path]:
    """Write ``fig`` as ``name.png`` and ``name.pdf``, without timestamps or version strings, so
    that the same figure gives the same bytes on every run. Returns the paths written."""
    out = _output_dir(name, directory)
    out.mkdir(parents=True, exist_ok=True)
    png, pdf = out / f"{name}.png", out / f"{name}.pdf"
    fig.savefig(png, format="png", metadata=_PNG_METADATA)
    fig.savefig(pdf, format="pdf", metadata=_PDF_METADATA)
    return [png, pdf]


def markdown_table(frame, index_label: str = "") -> str:
    """A pandas DataFrame as a plain Markdown table (cells as ``str``; '|' escaped)."""
    esc = lambda value: str(value).replace("|", "\\|")  # noqa: E731
    header = [index_label, *map(esc, frame.columns)]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for index, row in frame.iterrows():
        lines.append("| " + " | ".join([esc(index), *map(esc, row.tolist())]) + " |")
    return "\n".join(lines)


def save_table(frame, name: str, directory: str | os.PathLike | None = None,
               index_label: str = "") -> Path:
    """Write ``frame`` as ``name.md`` (a Markdown table) next to the figures; the README pulls
    such tables in (tools/render_ledger.py), so the numbers it shows come from the notebooks."""
    out = _output_dir(name, directory)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{name}.md"
    path.write_text(markdown_table(frame, index_label) + "\n", encoding="utf-8")
    return path
