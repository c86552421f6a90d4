"""One plotting style for every notebook, the figure rules every figure keeps, and
``save_figure``, which refuses a figure that breaks them and writes byte-identical PNG and PDF
files into ``figures/``.

The figure rules (numbered 1 to 8) and their checkers live in ``figure_rules``, whose docstring
states them; ``plotting`` re-exports its public names.

``check_figure`` lists the violations as sentences; ``figure_violations`` gives each with its
rule number; ``save_figure`` raises ``FigureRuleError`` (a ``ValueError``) naming the figure,
the rule and the offending artists, except for the rules a figure of ``PENDING`` is declared to
break (figures not yet re-laid out), which it saves anyway.

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
from typing import Any

import matplotlib as mpl
import matplotlib.figure
import numpy as np
import pandas as pd
import seaborn as sns
from matplotlib import cbook
from matplotlib.axes import Axes
from matplotlib.collections import PolyCollection
from matplotlib.lines import Line2D
from matplotlib.text import Annotation
from numpy.typing import ArrayLike

from .rules import (
    BOUND_GID,
    NOT_A_RATE,
    PNG_METADATA,
    REFERENCE_PREFIXES,
    RULES,
    FigureRuleError,
    figure_violations,
)
from mines_theory.files import save_with, write_text
from mines_theory.numbers import minus_signs, one_notation, powers_of_ten
from mines_theory.validation import path_like


__all__ = [
    "BOUND_STYLE",
    "FIGURES_ENV",
    "PENDING",
    "SLOPE_STYLE",
    "band",
    "bound",
    "bound_off_scale",
    "figures_dir",
    "markdown_table",
    "not_a_rate_plot",
    "reference_slope",
    "save_figure",
    "save_table",
    "set_style",
]

FIGURES_ENV = "MINES_THEORY_FIGURES"

#: The one style of the paper's bounds (``bound``, ``bound_off_scale``).
BOUND_STYLE = {"color": "black", "linestyle": "--", "linewidth": 1.5}
#: The style of reference slopes (``reference_slope``).
SLOPE_STYLE = {"color": "0.45", "linestyle": ":", "linewidth": 1.2}

#: Figures not yet re-laid out under a new rule, each with the rules it breaks: for these rules
#: ``save_figure`` saves it anyway; any other rule still raises. Every figure was re-laid out
#: under rules 5–8 (issue 24 §5) and rules 9–10 (issue 45); a rule added later lists here what
#: it finds.
PENDING: dict[str, frozenset[int]] = {}

_PDF_METADATA = {"CreationDate": None, "Producer": None}


def set_style() -> None:
    """The suite's seaborn style: white grid, paper context, colour-blind palette."""
    sns.set_theme(context="notebook", style="whitegrid", palette="colorblind")
    mpl.rcParams.update(
        {
            "figure.figsize": (7.0, 4.0),
            "figure.dpi": 100,
            "savefig.dpi": 150,
            "savefig.bbox": "tight",
            "axes.titlesize": "medium",
            "legend.fontsize": "small",
            "svg.hashsalt": "mines-theory",
            "pdf.compression": 6,
        }
    )


# --- the helpers -------------------------------------------------------------------------------


def _styled(default: dict, style: dict) -> dict:
    """``default`` updated by ``style``, aliases (``ls``, ``lw``, ``c``) read as their full
    names."""
    return {**default, **cbook.normalize_kwargs(style, Line2D)}


def reference_slope(
    ax: Axes,
    x: ArrayLike,
    order: float,
    anchor: tuple[float, float],
    label: str | None = None,
    **style: Any,
) -> Line2D:
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


def not_a_rate_plot(ax: Axes) -> Axes:
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


def bound(ax: Axes, x: ArrayLike, y: ArrayLike, label: str, **style: Any) -> Line2D:
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
    (line,) = ax.plot(x, y, label=label, gid=BOUND_GID, **_styled(BOUND_STYLE, style))
    return line


def _mathtext(value: float) -> str:
    r"""``value`` to 2 significant digits as a figure writes it: a power of ten in mathtext
    (``$6\times10^{14}$``, ``$10^{-8}$``), never a computer's exponent notation ("6e+14");
    a number in fixed notation as it is, with "−" for its minus sign.

    >>> _mathtext(6.0e14), _mathtext(1e-8), _mathtext(-0.0012), _mathtext(50.0)
    ('$6\\times10^{14}$', '$10^{-8}$', '−0.0012', '50')
    """
    text = f"{value:.2g}"
    if "e" not in text:
        return minus_signs(text)
    mantissa, exponent = text.split("e")
    power = f"10^{{{int(exponent)}}}"
    return f"${power}$" if float(mantissa) == 1 else f"${mantissa}\\times{power}$"


def bound_off_scale(ax: Axes, value: float, label: str) -> Line2D | Annotation:
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
    text = f"{'↑' if above else '↓'} {label} = {_mathtext(value)} (off scale)"
    return ax.annotate(
        text,
        xy=(0.98, 0.97 if above else 0.03),
        xycoords="axes fraction",
        ha="right",
        va="top" if above else "bottom",
        fontsize="small",
        bbox={"boxstyle": "round", "facecolor": "white", "edgecolor": "black"},
    )


def band(
    ax: Axes,
    x: ArrayLike,
    lower: ArrayLike,
    upper: ArrayLike,
    color: Any = None,
    label: str | None = None,
    alpha: float = 0.25,
    **kw: Any,
) -> PolyCollection:
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
    return ax.fill_between(
        x,
        lower,
        upper,
        color=color,
        alpha=alpha,
        linewidth=0,
        label=label if label is not None else "_band",
        **kw,
    )


# --- the rules ---------------------------------------------------------------------------------


# --- output ------------------------------------------------------------------------------------


def figures_dir() -> Path:
    """Where ``save_figure`` writes (see the module docstring)."""
    env = os.environ.get(FIGURES_ENV)
    if env:
        return Path(env)
    checkout = Path(__file__).resolve().parents[2]  # mines_theory/plotting/figures.py
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


def save_figure(
    fig: matplotlib.figure.Figure, name: str, directory: str | os.PathLike | None = None
) -> list[Path]:
    """Write ``fig`` as ``name.png`` and ``name.pdf``, without timestamps or version strings, so
    that the same figure gives the same bytes on every run. Returns the paths written.

    Raises
    ------
    ValueError
        If ``name`` is not a plain file stem.
    FigureRuleError
        If ``fig`` breaks the figure rules (``figure_violations``), naming every violation, its
        rule and the artists; nothing is written. A figure of ``PENDING`` is saved despite the
        rules it is declared to break (the list is the visible debt; a notebook's stored output
        carries no warning).
    """
    out = _output_dir(name, directory)
    if not isinstance(fig, mpl.figure.Figure):
        raise TypeError(f"fig must be a matplotlib Figure, got {type(fig).__name__}: {fig!r:.80}")
    violations = figure_violations(fig)
    # the rules a figure of PENDING is declared to break (the visible debt) do not stop it
    violations = [v for v in violations if v.rule not in PENDING.get(name, ())]
    if violations:
        raise FigureRuleError(name, violations)
    out.mkdir(parents=True, exist_ok=True)
    png, pdf = out / f"{name}.png", out / f"{name}.pdf"
    # each written beside and moved into place (files.atomic_write): never half a figure
    save_with(png, lambda out: fig.savefig(out, format="png", metadata=PNG_METADATA), True)
    save_with(pdf, lambda out: fig.savefig(out, format="pdf", metadata=_PDF_METADATA), True)
    return [png, pdf]


def markdown_table(frame: pd.DataFrame, index_label: str = "") -> str:
    """A pandas DataFrame as a plain Markdown table (cells as ``str``; '|' escaped), a
    computer's exponent notation ("6.56e+03") as a power of ten (``numbers.powers_of_ten``),
    each column's numbers in one notation (``numbers.one_notation``: fixed, or powers of ten
    throughout where some need them) and negative numbers with "−" (``numbers.minus_signs``)."""
    esc = lambda value: minus_signs(powers_of_ten(str(value))).replace("|", "\\|")  # noqa: E731
    header = [index_label, *map(esc, frame.columns)]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    columns = [
        one_notation([powers_of_ten(str(v)) for v in frame.iloc[:, j].tolist()])
        for j in range(frame.shape[1])
    ]
    for i, index in enumerate(frame.index):
        lines.append("| " + " | ".join([esc(index), *(esc(c[i]) for c in columns)]) + " |")
    return "\n".join(lines)


def save_table(
    frame: pd.DataFrame,
    name: str,
    directory: str | os.PathLike | None = None,
    index_label: str = "",
) -> Path:
    """Write ``frame`` as ``name.md`` (a Markdown table) next to the figures; the README pulls
    such tables in (tools/render_ledger.py), so the numbers it shows come from the notebooks."""
    if not isinstance(frame, pd.DataFrame):
        raise TypeError(
            f"frame must be a pandas DataFrame, got {type(frame).__name__}: {frame!r:.80}"
        )
    out = _output_dir(name, directory)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{name}.md"
    write_text(path, markdown_table(frame, index_label) + "\n")
    return path


def _pending_listing() -> str:
    if not PENDING:
        return "\n\nPending figures (``PENDING``): none."
    rows = [
        f"- ``{name}``: rule{'s' if len(rules) > 1 else ''} "
        + ", ".join(f"{r} ({RULES[r]})" for r in sorted(rules))
        for name, rules in sorted(PENDING.items())
    ]
    return "\n\nPending figures (``PENDING``), with the rules they break:\n\n" + "\n".join(rows)


if __doc__ is not None:
    __doc__ += _pending_listing()
