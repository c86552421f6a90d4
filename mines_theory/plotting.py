"""One plotting style for every notebook, the figure rules every figure keeps, and
``save_figure``, which refuses a figure that breaks them and writes byte-identical PNG and PDF
files into ``figures/``.

The rules (``check_figure`` lists the violations; ``save_figure`` raises ``ValueError`` with
them, naming each axes by its title):

1. Every axes that shows data has an x-label and a y-label (a title is not a label). An axis
   shared with another axes (``sharex``/``sharey``, ``twinx``) may take its label from it. A
   colour bar carries a label.
2. The labelled lines of an axes are distinguishable without colour: no two share both their
   line style and their marker. (Unlabelled lines, such as thin per-seed traces, are exempt.)
3. A log-log axes that draws lines is a rate plot and carries a reference slope: a line whose
   label starts with ``"slope"`` or ``"∝"`` (or ``"$\\propto"``); ``reference_slope`` draws one.
   A log-log axes that shows no rate (a quantity against time that is not meant to decay as a
   power law) says so with ``not_a_rate_plot``.
4. No overplotted clouds: a scatter (or a marker-only line) of more than ``MAX_POINTS`` points
   is a violation; use ``Axes.hexbin`` or quantile bands (``band``).

Helpers for what the rules ask: ``reference_slope``; ``bound``, which draws the paper's bound in
one style everywhere; ``bound_off_scale``, which writes the bound's value at the edge of an axes
when it lies outside; ``band``, uncertainty (an interval or a quantile range) as a shaded band.

The output directory is ``$MINES_THEORY_FIGURES`` when that variable is set (tests set it to a
temporary directory, so they never write into the repository); otherwise the ``figures/`` folder
of the checkout this package lives in; otherwise ``./figures``.
"""

from __future__ import annotations

import os
from pathlib import Path

import matplotlib as mpl
import matplotlib.figure
import numpy as np
import pandas as pd
import seaborn as sns
from matplotlib import cbook
from matplotlib.collections import PathCollection
from matplotlib.container import ErrorbarContainer
from matplotlib.lines import Line2D

from .validation import path_like

__all__ = ["BOUND_STYLE", "FIGURES_ENV", "MAX_POINTS", "REFERENCE_PREFIXES", "SLOPE_STYLE", "band",
           "bound", "bound_off_scale", "check_figure", "figures_dir", "markdown_table",
           "not_a_rate_plot", "reference_slope", "save_figure", "save_table", "set_style"]

FIGURES_ENV = "MINES_THEORY_FIGURES"

#: Rule 4: the most points a scatter may draw before it is an overplotted cloud.
MAX_POINTS = 2000
#: Rule 3: a line whose label starts with one of these is a reference slope.
REFERENCE_PREFIXES = ("slope", "∝", r"$\propto")
#: Rule 3: the gid of a log-log axes that shows no rate (``not_a_rate_plot``).
NOT_A_RATE = "not a rate plot"
#: The one style of the paper's bounds (``bound``, ``bound_off_scale``).
BOUND_STYLE = {"color": "black", "linestyle": "--", "linewidth": 1.5}
#: The style of reference slopes (``reference_slope``).
SLOPE_STYLE = {"color": "0.45", "linestyle": ":", "linewidth": 1.2}

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


# --- the helpers -------------------------------------------------------------------------------

def _styled(default: dict, style: dict) -> dict:
    """``default`` updated by ``style``, aliases (``ls``, ``lw``, ``c``) read as their full
    names."""
    return {**default, **cbook.normalize_kwargs(style, Line2D)}


def reference_slope(ax, x, order: float, anchor: tuple[float, float], label: str | None = None,
                    **style):
    """Draw the power law ``y = y0 (x/x0)**order`` through ``anchor = (x0, y0)`` (rule 3).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    x : array_like
        Abscissae of the line (positive; a log-log axes).
    order : float
        The exponent, e.g. ``-1`` for a ``1/k`` rate.
    anchor : (float, float)
        A point the line passes through, usually a measured point near the start or the end.
    label : str, optional
        Must start with ``"slope"`` or ``"∝"``; default ``"slope {order}"``.
    **style
        Overrides ``SLOPE_STYLE`` (e.g. a second reference slope in another line style).

    Returns
    -------
    matplotlib.lines.Line2D
    """
    label = f"slope {order:g}".replace("-", "−") if label is None else label
    if not label.startswith(REFERENCE_PREFIXES):
        raise ValueError(f"label must start with one of {REFERENCE_PREFIXES}, got {label!r}")
    x = np.asarray(x, dtype=float)
    x0, y0 = anchor
    (line,) = ax.plot(x, y0 * (x / x0) ** order, label=label, **_styled(SLOPE_STYLE, style))
    return line


def not_a_rate_plot(ax):
    """Declare that the log-log axes ``ax`` shows no rate, so rule 3 asks no reference slope of it
    (e.g. a condition number against evaluations).

    Parameters
    ----------
    ax : matplotlib.axes.Axes

    Returns
    -------
    matplotlib.axes.Axes
        ``ax``.
    """
    ax.set_gid(NOT_A_RATE)
    return ax


def bound(ax, x, y, label: str, **style):
    """Draw the paper's bound ``y`` over ``x`` (a scalar ``y``: a horizontal line) in the one
    style of bounds, ``BOUND_STYLE``.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    x, y : array_like
        The bound's abscissae and values (``y`` broadcast against ``x``).
    label : str
        What the bound is, with its equation label (e.g. ``"eq:hh bound"``).
    **style
        Overrides ``BOUND_STYLE`` (e.g. a marker, when two bounds share an axes).

    Returns
    -------
    matplotlib.lines.Line2D
    """
    x = np.asarray(x, dtype=float)
    y = np.broadcast_to(np.asarray(y, dtype=float), x.shape)
    (line,) = ax.plot(x, y, label=label, **_styled(BOUND_STYLE, style))
    return line


def bound_off_scale(ax, value: float, label: str):
    """Write the bound's value at the top (or bottom) edge of ``ax`` when it lies above (below)
    the y-range; call it once the data are drawn. A value inside the range is drawn as a
    horizontal ``bound`` instead.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    value : float
        The bound.
    label : str
        What the bound is (e.g. ``"C/k at k = 1"``).

    Returns
    -------
    matplotlib.text.Annotation or matplotlib.lines.Line2D
    """
    low, high = sorted(ax.get_ylim())
    if low <= value <= high:
        return bound(ax, ax.get_xlim(), value, label)
    above = value > high
    text = f"{'↑' if above else '↓'} {label} = {value:.2g} (off scale)"
    return ax.annotate(text, xy=(0.98, 0.97 if above else 0.03), xycoords="axes fraction",
                       ha="right", va="top" if above else "bottom", fontsize="small",
                       bbox={"boxstyle": "round", "facecolor": "white", "edgecolor": "black"})


def band(ax, x, lower, upper, color=None, label: str | None = None, alpha: float = 0.25, **kw):
    """Uncertainty (an interval, or a quantile range over seeds) as a shaded band.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    x, lower, upper : array_like
        Abscissae and the band's lower and upper edges.
    color : optional
        The colour of the line the band belongs to.
    label : str, optional
        A legend entry for the band (e.g. ``"10–90% of seeds"``).
    alpha : float
        Opacity of the band.

    Returns
    -------
    matplotlib.collections.PolyCollection
    """
    return ax.fill_between(x, lower, upper, color=color, alpha=alpha, linewidth=0,
                           label=label if label is not None else "_band", **kw)


# --- the rules ---------------------------------------------------------------------------------

def _name(ax, index: int) -> str:
    title = ax.get_title() or ax.get_title("left") or ax.get_title("right")
    return f"axes '{title}'" if title else f"axes {index} (untitled)"


def _shows_data(ax) -> bool:
    return any(artist.get_visible() for artist in
               (*ax.lines, *ax.collections, *ax.images, *ax.patches))


def _labelled(ax, which: str) -> bool:
    shared = ax.get_shared_x_axes() if which == "x" else ax.get_shared_y_axes()
    siblings = shared.get_siblings(ax) + [ax]
    return any((s.get_xlabel() if which == "x" else s.get_ylabel()).strip() for s in siblings)


def _style(line) -> tuple[str, str]:
    marker = line.get_marker()
    marker = "None" if marker in (None, "", " ", "None", "none") else str(marker)
    style = line.get_linestyle()
    return ("None" if style in ("", " ", "None", "none") else style), marker


def _series(ax) -> list[tuple[str, tuple[str, str]]]:
    """(label, (line style, marker)) of the labelled lines and error bars of ``ax``."""
    series = [(line.get_label(), _style(line)) for line in ax.lines
              if line.get_visible() and not line.get_label().startswith("_")]
    series += [(c.get_label(), _style(c.lines[0])) for c in ax.containers
               if isinstance(c, ErrorbarContainer) and c.lines[0] is not None
               and c.get_label() and not c.get_label().startswith("_")]
    return series


def _axes_violations(ax, name: str) -> list[str]:
    if ax.get_label() == "<colorbar>":
        labelled = ax.get_xlabel().strip() or ax.get_ylabel().strip()
        return [] if labelled else [f"{name}: colour bar without a label"]
    out = []
    for which in ("x", "y"):
        if not _labelled(ax, which):
            out.append(f"{name}: no {which}-label")
    seen: dict[tuple[str, str], str] = {}
    for label, style in _series(ax):
        if style in seen:
            out.append(f"{name}: '{seen[style]}' and '{label}' differ only in colour "
                       f"(line style {style[0]!r}, marker {style[1]!r})")
        seen.setdefault(style, label)
    lines = [line for line in ax.lines if line.get_visible() and len(line.get_xdata()) > 1]
    log_log = (ax.get_xscale() == "log" and ax.get_yscale() == "log"
               and ax.get_gid() != NOT_A_RATE)
    if log_log and lines and not any(line.get_label().startswith(REFERENCE_PREFIXES)
                                     for line in lines):
        out.append(f"{name}: a log-log rate plot without a reference slope (a line labelled "
                   "'slope …' or '∝ …'; see reference_slope)")
    clouds = [len(c.get_offsets()) for c in ax.collections if isinstance(c, PathCollection)]
    clouds += [len(line.get_xdata()) for line in ax.lines if _style(line)[0] == "None"]
    out += [f"{name}: a cloud of {n} points (more than {MAX_POINTS}); use hexbin or quantile bands"
            for n in clouds if n > MAX_POINTS]
    return out


def check_figure(fig) -> list[str]:
    """The violations of the figure rules (module docstring) in ``fig``, one sentence each,
    naming the axes by its title; empty when the figure keeps them all.

    Parameters
    ----------
    fig : matplotlib.figure.Figure

    Returns
    -------
    list of str
    """
    return [violation for index, ax in enumerate(fig.axes)
            if ax.get_visible() and ax.axison and _shows_data(ax)
            for violation in _axes_violations(ax, _name(ax, index))]


# --- output ------------------------------------------------------------------------------------

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
    """Check that ``name`` is a plain file stem and ``directory`` None or a path, and return the
    output folder."""
    if not isinstance(name, str) or not name or "/" in name or "\\" in name or name.startswith("."):
        raise ValueError(f"name must be a plain file stem such as '00-demo', got {name!r}")
    if directory is None:
        return figures_dir()
    return Path(path_like("directory", directory))


def save_figure(fig, name: str, directory: str | os.PathLike | None = None) -> list[Path]:
    """Write ``fig`` as ``name.png`` and ``name.pdf``, without timestamps or version strings, so
    that the same figure gives the same bytes on every run. Returns the paths written.

    Raises
    ------
    ValueError
        If ``name`` is not a plain file stem, or if ``fig`` breaks the figure rules
        (``check_figure``); the message lists every violation.
    """
    out = _output_dir(name, directory)
    if not isinstance(fig, mpl.figure.Figure):
        raise TypeError(f"fig must be a matplotlib Figure, got {type(fig).__name__}: {fig!r:.80}")
    violations = check_figure(fig)
    if violations:
        raise ValueError(f"figure {name!r} breaks the figure rules of mines_theory.plotting:\n- "
                         + "\n- ".join(violations))
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
    if not isinstance(frame, pd.DataFrame):
        raise TypeError(f"frame must be a pandas DataFrame, got {type(frame).__name__}: "
                        f"{frame!r:.80}")
    out = _output_dir(name, directory)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{name}.md"
    path.write_text(markdown_table(frame, index_label) + "\n", encoding="utf-8")
    return path
