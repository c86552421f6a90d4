"""The figure rules every figure of the book keeps, and the checkers that find where a figure
breaks them: ``check_figure`` lists the violations as sentences, ``figure_violations`` gives each
with its rule number, ``smallest_text`` and ``book_scale`` measure rule 6. ``plotting`` holds the
style, the helpers that keep the rules and ``save_figure``, which refuses a figure that breaks
them (except the rules a figure of ``plotting.PENDING`` is declared to break), naming each
violation with ``FigureRuleError``.

The rules (``check_figure`` lists the violations, naming each axes by its title):

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

The rules for a figure read at the width the book shows it (5–9 draw the figure and measure its
artists with the renderer's ``get_window_extent``):

5. Distinct series look distinct across the whole figure: no two series with different labels
   (labelled lines, error bars, scatters, in any of the figure's axes) share their colour (two
   colours closer than ``SAME_COLOUR_DELTA_E`` in CIELAB count as one), their line style and
   their marker. The same label in several panels is one series and may repeat its style; the
   paper's bounds (``bound``) and reference slopes keep their one style by design and are exempt.
6. Text is legible at book width: every text the figure draws (tick labels, axis labels,
   titles, legend entries and titles, annotations, figure texts) is at least ``MIN_TEXT_PT``
   points once the book has scaled the PNG into its column. The scale: a text of ``F`` pt is
   ``F·dpi/72`` pixels tall in a PNG saved at ``dpi``; the book shows a PNG of ``W`` pixels
   at ``min(W, BOOK_WIDTH_PX)`` CSS pixels, i.e. scaled by ``min(1, BOOK_WIDTH_PX/W)``, and a
   browser draws ``CSS_PX_PER_INCH`` = 96 CSS pixels to the inch, 72 points. So the text is
   ``F · dpi/96 · min(1, BOOK_WIDTH_PX/W)`` points on the page (``book_scale``); for a PNG
   wider than the column this is ``F · 7.04 in / width``, whatever the dpi, with ``width`` the
   saved (tight) width in inches: a 12-inch figure shows its 11-pt tick labels at 6.5 pt.
7. No overlapping labels: no two drawn texts (or a text and a legend) of different owners (an
   axes, a legend, the figure) overlap, no two tick labels of one axes overlap, and no text or
   legend of one axes runs into the area of another; e.g. a y-label running into the tick
   labels or the frame of the panel to its left. Constrained layout
   (``plt.subplots(..., layout="constrained")``) avoids most of these.
8. Legends fit: every legend lies inside the figure's canvas, and covers at most
   ``MAX_LEGEND_FRACTION`` of the area of any axes it overlaps.
9. Legends cover no line (``covered_lines``): no curve, reference or threshold line, or marker
   of an axes runs under a legend; place the legend in a corner its data leave empty
   (``loc="best"`` often finds none on a busy axes) or outside the axes
   (``fig.legend(loc="outside ...")`` with constrained layout).
10. Text in the reader's words (``code_in_text``): no drawn text names a .tex label
   (``eq:cond``: the PDF prints "(5.3)") or writes a subscript or superscript as code
   (``Σ_k``, ``‖x‖²_Σ``, ``x^2``) outside mathtext (``$\\Sigma_k$``).

"""

from __future__ import annotations

import io
import itertools
import re
import struct
from typing import NamedTuple

import matplotlib as mpl
import matplotlib.figure
import numpy as np
from matplotlib import colors as mcolors
from matplotlib.collections import PathCollection
from matplotlib.container import ErrorbarContainer
from matplotlib.legend import Legend
from matplotlib.text import Text

__all__ = [
    "BOOK_WIDTH_PX",
    "BOUND_GID",
    "CSS_PX_PER_INCH",
    "FigureRuleError",
    "MAX_LEGEND_FRACTION",
    "MAX_POINTS",
    "MIN_TEXT_PT",
    "NOT_A_RATE",
    "OVERLAP_PX",
    "PNG_METADATA",
    "REFERENCE_PREFIXES",
    "RULES",
    "SAME_COLOUR_DELTA_E",
    "Violation",
    "book_scale",
    "code_in_text",
    "covered_lines",
    "check_figure",
    "figure_violations",
    "smallest_text",
]

#: Rule 4: the most points a scatter may draw before it is an overplotted cloud.
MAX_POINTS = 2000
#: Rule 3: a line whose label starts with one of these is a reference slope.
REFERENCE_PREFIXES = ("slope", "∝", r"$\propto")
#: Rule 3: the gid of a log-log axes that shows no rate (``not_a_rate_plot``).
NOT_A_RATE = "not a rate plot"
#: Rule 5: the gid of a line ``bound`` draws.
BOUND_GID = "the paper's bound"

#: The rules by number, as ``FigureRuleError`` names them.
RULES = {
    1: "axes labelled",
    2: "labelled lines differ in more than colour",
    3: "rate plots carry a reference slope",
    4: "no overplotted clouds",
    5: "distinct series in distinct styles, figure-wide",
    6: "text legible at book width",
    7: "no overlapping labels",
    8: "legends fit",
    9: "legends cover no line",
    10: "text in the reader's words",
}
#: Rules 6–8: the width of the book's text column in CSS pixels; a wider PNG is scaled down to
#: it (measured in headless Chromium on the built book, issue 24).
BOOK_WIDTH_PX = 676
#: Rule 6: CSS pixels per inch (the CSS reference pixel; 72 points to the inch).
CSS_PX_PER_INCH = 96
#: Rule 6: the smallest text, in points at book width (8 pt = 10.7 CSS pixels).
MIN_TEXT_PT = 8.0
#: Rule 5: two colours closer than this CIE76 distance (ΔE in CIELAB) count as one colour.
SAME_COLOUR_DELTA_E = 20.0
#: Rule 7: two boxes overlap when they share more than this many pixels in both directions.
OVERLAP_PX = 1.0
#: Rule 8: the largest share of an axes' area that a legend may cover.
MAX_LEGEND_FRACTION = 0.4

#: The metadata of a saved PNG (no version string), as ``save_figure`` writes and rule 6 measures.
PNG_METADATA = {"Software": None}


def _name(ax, index: int) -> str:
    title = ax.get_title() or ax.get_title("left") or ax.get_title("right")
    title = title.splitlines()[0] if title.strip() else ""
    title = title if len(title) <= 60 else title[:59] + "…"
    return f"axes '{title}'" if title else f"axes {index} (untitled)"


def _shows_data(ax) -> bool:
    return any(
        artist.get_visible() for artist in (*ax.lines, *ax.collections, *ax.images, *ax.patches)
    )


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
    series = [
        (line.get_label(), _style(line))
        for line in ax.lines
        if line.get_visible() and not line.get_label().startswith("_")
    ]
    series += [
        (label, _style(c.lines[0]))
        for c in ax.containers
        if isinstance(c, ErrorbarContainer)
        and c.lines[0] is not None
        and (label := c.get_label())
        and not label.startswith("_")
    ]
    return series


def _axes_violations(ax, name: str) -> list["Violation"]:
    if ax.get_label() == "<colorbar>":
        labelled = ax.get_xlabel().strip() or ax.get_ylabel().strip()
        return [] if labelled else [Violation(1, f"{name}: colour bar without a label")]
    out = []
    for which in ("x", "y"):
        if not _labelled(ax, which):
            out.append(Violation(1, f"{name}: no {which}-label"))
    seen: dict[tuple[str, str], str] = {}
    for label, style in _series(ax):
        if style in seen:
            out.append(
                Violation(
                    2,
                    f"{name}: '{seen[style]}' and '{label}' differ only in "
                    f"colour (line style {style[0]!r}, marker {style[1]!r})",
                )
            )
        seen.setdefault(style, label)
    lines = [line for line in ax.lines if line.get_visible() and len(line.get_xdata()) > 1]
    log_log = ax.get_xscale() == "log" and ax.get_yscale() == "log" and ax.get_gid() != NOT_A_RATE
    if (
        log_log
        and lines
        and not any(line.get_label().startswith(REFERENCE_PREFIXES) for line in lines)
    ):
        out.append(
            Violation(
                3,
                f"{name}: a log-log rate plot without a reference slope (a line "
                "labelled 'slope …' or '∝ …'; see reference_slope)",
            )
        )
    clouds = [
        len(np.asarray(c.get_offsets())) for c in ax.collections if isinstance(c, PathCollection)
    ]
    clouds += [np.size(line.get_xdata()) for line in ax.lines if _style(line)[0] == "None"]
    out += [
        Violation(
            4,
            f"{name}: a cloud of {n} points (more than {MAX_POINTS}); use hexbin or quantile bands",
        )
        for n in clouds
        if n > MAX_POINTS
    ]
    return out


class Violation(NamedTuple):
    """One violation of a figure rule: the rule's number (``RULES``) and a sentence naming the
    offending artists."""

    rule: int
    message: str


class FigureRuleError(ValueError):
    """``save_figure`` refused a figure: names the figure, each rule it breaks and the artists
    that break it.

    Attributes
    ----------
    figure : str
        The figure's name.
    violations : list of Violation
    """

    def __init__(self, figure: str, violations: list[Violation]):
        self.figure, self.violations = figure, list(violations)
        super().__init__(
            f"figure {figure!r} breaks the figure rules of mines_theory.plotting:\n"
            + _listing(self.violations)
        )


def _listing(violations) -> str:
    return "\n".join(f"- rule {v.rule} ({RULES[v.rule]}): {v.message}" for v in violations)


def _lab(colour) -> np.ndarray:
    """CIELAB (D65) of a matplotlib colour."""
    rgb = np.asarray(mcolors.to_rgb(colour))
    linear = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    xyz = (
        np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
        @ linear
        / np.array([0.95047, 1.0, 1.08883])
    )
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def _colour_key(colours):
    """The one colour of an artist (hex), or None when it has several (a colour mapping)."""
    colours = np.atleast_2d(mcolors.to_rgba_array(colours))
    if len(colours) == 0 or not np.allclose(colours, colours[0]):
        return None
    return mcolors.to_hex(colours[0])


def _figure_series(fig):
    """(label, where, colour, line style, marker) of every labelled series of ``fig``, but the
    paper's bounds and reference slopes."""
    out = []
    for index, ax in enumerate(fig.axes):
        if not ax.get_visible():
            continue
        where = _name(ax, index)
        for line in ax.lines:
            if (
                line.get_visible()
                and not line.get_label().startswith(("_", *REFERENCE_PREFIXES))
                and line.get_gid() != BOUND_GID
            ):
                colour = (
                    line.get_color() if _style(line)[0] != "None" else line.get_markerfacecolor()
                )
                out.append((line.get_label(), where, _colour_key(colour), *_style(line)))
        for c in ax.containers:
            if (
                isinstance(c, ErrorbarContainer)
                and c.lines[0] is not None
                and c.get_label()
                and not c.get_label().startswith("_")
            ):
                out.append(
                    (c.get_label(), where, _colour_key(c.lines[0].get_color()), *_style(c.lines[0]))
                )
        for c in ax.collections:
            if (
                isinstance(c, PathCollection)
                and c.get_visible()
                and not c.get_label().startswith("_")
            ):
                paths = c.get_paths()
                marker = (
                    "scatter " + str(np.round(paths[0].vertices, 2).tolist())
                    if paths
                    else "scatter"
                )
                out.append((c.get_label(), where, _colour_key(c.get_facecolor()), "None", marker))
    return out


def _series_violations(fig) -> list[str]:
    out, reported = [], set()
    for a, b in itertools.combinations(_figure_series(fig), 2):
        if a[0] == b[0] or a[2] is None or b[2] is None or a[3:] != b[3:]:
            continue
        distance = float(np.linalg.norm(_lab(a[2]) - _lab(b[2])))
        if distance < SAME_COLOUR_DELTA_E and (a[0], b[0]) not in reported:
            reported.add((a[0], b[0]))
            out.append(
                f"'{a[0]}' ({a[1]}) and '{b[0]}' ({b[1]}) share colour ({a[2]}, {b[2]}: "
                f"ΔE {distance:.0f} < {SAME_COLOUR_DELTA_E:g}), line style {a[3]!r} and "
                f"marker {a[4]!r}"
            )
    return out


def _png_size(fig) -> tuple[int, int, float]:
    """(width, height, dpi) of the PNG ``savefig`` writes with the current settings."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", metadata=PNG_METADATA)
    width, height = struct.unpack(">II", buffer.getvalue()[16:24])
    dpi = mpl.rcParams["savefig.dpi"]
    return width, height, float(fig.dpi if dpi == "figure" else dpi)


def book_scale(png_width: float, dpi: float) -> float:
    """Points on the book's page per point of the figure (rule 6): ``dpi/96 ·
    min(1, BOOK_WIDTH_PX/png_width)``.

    Parameters
    ----------
    png_width : float
        The saved PNG's width in pixels.
    dpi : float
        The dots per inch it was saved at.

    Returns
    -------
    float
    """
    for name, value in (("png_width", png_width), ("dpi", dpi)):
        if not np.isfinite(value) or value <= 0:
            raise ValueError(f"{name} must be a positive finite number, got {value!r}")
    return dpi / CSS_PX_PER_INCH * min(1.0, BOOK_WIDTH_PX / png_width)


def _in_view(axis, loc) -> bool:
    transform = axis.get_transform()
    low, high = sorted(transform.transform(np.asarray(axis.get_view_interval(), float)))
    point = transform.transform(np.asarray([loc], float))[0]
    tolerance = 1e-9 * max(1.0, abs(high - low))
    return bool(np.isfinite(point) and low - tolerance <= point <= high + tolerance)


class _Drawn(NamedTuple):
    """A text the figure draws: what it is, whose it is (a name and the axes, legend or figure
    itself) and the artist."""

    kind: str
    where: str
    owner: object
    text: Text


def _axes_texts(ax, where: str) -> list[_Drawn]:
    out = [
        _Drawn("title", where, ax, text)
        for text in ax.get_children()
        if isinstance(text, Text) and text not in ax.texts
    ]
    if ax.axison:
        for letter, axis in (("x", ax.xaxis), ("y", ax.yaxis)):
            if not axis.get_visible():
                continue
            out.append(_Drawn(f"{letter}-label", where, ax, axis.label))
            out.append(_Drawn(f"{letter} offset text", where, ax, axis.get_offset_text()))
            for tick in (*axis.get_major_ticks(), *axis.get_minor_ticks()):
                if tick.get_visible() and _in_view(axis, tick.get_loc()):
                    out += [
                        _Drawn(f"{letter} tick label", where, ax, tick.label1),
                        _Drawn(f"{letter} tick label", where, ax, tick.label2),
                    ]
    out += [_Drawn("annotation", where, ax, text) for text in ax.texts]
    return out


def _legends(fig) -> list[tuple[str, Legend, object]]:
    """(name, legend, the axes it belongs to or None) of the visible legends of ``fig``."""
    out = [
        (f"the legend of {_name(ax, index)}", ax.get_legend(), ax)
        for index, ax in enumerate(fig.axes)
        if ax.get_visible()
    ]
    out += [(f"figure legend {index}", legend, None) for index, legend in enumerate(fig.legends)]
    return [
        (name, legend, ax)
        for name, legend, ax in out
        if legend is not None and legend.get_visible()
    ]


def _drawn_texts(fig) -> list[_Drawn]:
    """Every non-empty visible text ``fig`` draws."""
    out = []
    for index, ax in enumerate(fig.axes):
        if ax.get_visible():
            out += _axes_texts(ax, _name(ax, index))
    out += [_Drawn("figure text", "the figure", fig, text) for text in fig.texts]
    for name, legend, _ in _legends(fig):
        out += [_Drawn("legend entry", name, legend, text) for text in legend.get_texts()]
        out.append(_Drawn("legend title", name, legend, legend.get_title()))
    return [d for d in out if d.text.get_visible() and d.text.get_text().strip()]


def _plural(count: int, noun: str) -> str:
    if count == 1:
        return f"1 {noun}"
    return f"{count} {noun[:-1] + 'ies' if noun.endswith('y') else noun + 's'}"


def _text_violations(texts: list[_Drawn], scale: float) -> list[str]:
    small: dict[tuple[str, float], list[_Drawn]] = {}
    for drawn in texts:
        size = float(drawn.text.get_fontsize())  # in points (matplotlib stores a size as a float)
        if size * scale < MIN_TEXT_PT - 1e-9:
            small.setdefault((drawn.kind, size), []).append(drawn)
    out = []
    for (kind, size), found in small.items():
        strings = [d.text.get_text() for d in found]
        owners = list(dict.fromkeys(d.where for d in found))
        shown = ", ".join(repr(s[:30]) for s in strings[:3]) + (", …" if len(strings) > 3 else "")
        where = owners[0] if len(owners) == 1 else f"{len(owners)} owners ({owners[0]}, …)"
        out.append(
            f"{_plural(len(strings), kind)} of {where} ({shown}) at {size * scale:.1f} pt "
            f"at book width ({size:.3g} pt × {scale:.2f}; at least {MIN_TEXT_PT:g} pt)"
        )
    return out


def _overlap(a, b) -> bool:
    return (
        min(a.x1, b.x1) - max(a.x0, b.x0) > OVERLAP_PX
        and min(a.y1, b.y1) - max(a.y0, b.y0) > OVERLAP_PX
    )


def _overlap_violations(fig, texts: list[_Drawn]) -> list[str]:
    # (description, owner name, owner, the axes it belongs to, kind, box); an annotation's
    # arrow is not a label, so a text's box is Text's own.
    boxes = [
        (
            f"{d.kind} {d.text.get_text()[:30]!r}",
            d.where,
            d.owner,
            d.owner if d.owner is not fig else None,
            d.kind,
            Text.get_window_extent(d.text),
        )
        for d in texts
        if not isinstance(d.owner, Legend)
    ]
    boxes += [
        ("the legend", name, legend, ax, "legend", legend.get_window_extent())
        for name, legend, ax in _legends(fig)
    ]
    out = []
    for (what_a, where_a, owner_a, ax_a, kind_a, a), (
        what_b,
        where_b,
        owner_b,
        ax_b,
        kind_b,
        b,
    ) in itertools.combinations(boxes, 2):
        if owner_a is owner_b and not (kind_a == kind_b and kind_a.endswith("tick label")):
            continue
        if ax_a is not None and ax_a is ax_b and "legend" in (kind_a, kind_b):
            continue  # an axes' legend lies on its own axes (rule 8 limits how much)
        if _overlap(a, b):
            out.append(f"{what_a} of {where_a} overlaps {what_b} of {where_b}")
    # a label (or an axes' legend) of one axes running into the area of another
    panels = [
        (_name(ax, index), ax)
        for index, ax in enumerate(fig.axes)
        if ax.get_visible() and ax.axison
    ]
    for what, where, _, ax, _, box in boxes:
        for name, other in panels:
            if ax is not None and other is not ax and _overlap(box, other.bbox):
                out.append(f"{what} of {where} runs into {name}")
    return out


def _legend_violations(fig) -> list[str]:
    out = []
    canvas = fig.bbox
    for what, legend, _ in _legends(fig):
        box = legend.get_window_extent()
        if (
            box.x0 < canvas.x0 - OVERLAP_PX
            or box.y0 < canvas.y0 - OVERLAP_PX
            or box.x1 > canvas.x1 + OVERLAP_PX
            or box.y1 > canvas.y1 + OVERLAP_PX
        ):
            out.append(
                f"{what} reaches outside the figure's canvas (legend "
                f"[{box.x0:.0f}, {box.x1:.0f}] × [{box.y0:.0f}, {box.y1:.0f}] px, canvas "
                f"{canvas.width:.0f} × {canvas.height:.0f} px)"
            )
        for index, ax in enumerate(fig.axes):
            if not (ax.get_visible() and _shows_data(ax)) or ax.get_label() == "<colorbar>":
                continue
            area = ax.bbox.width * ax.bbox.height
            width = min(box.x1, ax.bbox.x1) - max(box.x0, ax.bbox.x0)
            height = min(box.y1, ax.bbox.y1) - max(box.y0, ax.bbox.y0)
            share = max(width, 0) * max(height, 0) / area if area > 0 else 0.0
            if share > MAX_LEGEND_FRACTION:
                out.append(
                    f"{what} covers {share:.0%} of {_name(ax, index)} (at most "
                    f"{MAX_LEGEND_FRACTION:.0%})"
                )
    return out


def _line_name(line, index: int) -> str:
    label = str(line.get_label())
    return repr(label) if not label.startswith("_") else f"unlabelled line {index}"


def _crosses(points: np.ndarray, box, drawn: bool) -> int:
    """How many of ``points`` (display coordinates, one line's, NaN breaking it) lie in
    ``box``, or, where the line is ``drawn`` (has a line style), 1 if a segment between two
    consecutive finite points passes through it and no point lies in it."""
    finite = np.all(np.isfinite(points), axis=1)
    x, y = points.T
    inside = int(np.sum(finite & (box.x0 <= x) & (x <= box.x1) & (box.y0 <= y) & (y <= box.y1)))
    if inside or not drawn:
        return inside
    pairs = finite[:-1] & finite[1:]
    for (x0, y0), (x1, y1) in zip(points[:-1][pairs], points[1:][pairs]):
        # Liang–Barsky: the part of the segment inside the box, if any
        low, high = 0.0, 1.0
        for p, q in ((x0 - x1, x0 - box.x0), (x1 - x0, box.x1 - x0),
                     (y0 - y1, y0 - box.y0), (y1 - y0, box.y1 - y0)):  # fmt: skip
            if p == 0:
                if q < 0:
                    break
            elif p < 0:
                low = max(low, q / p)
            else:
                high = min(high, q / p)
        else:
            if low <= high:
                return 1
    return 0


def covered_lines(fig: matplotlib.figure.Figure) -> list[str]:
    """Where a legend hides data (rule 9): each line of ``fig`` (a curve, a reference or
    threshold line such as ``axhline``, a marker-only series) that a legend covers within the
    axes that draws it, as a sentence naming the legend, the line and how many of its markers
    or points lie under the legend (a drawn line crossing the legend without a point under it
    counts as one). A legend placed in a corner the data leave empty, or outside the axes,
    covers none (05's first figure hid the κ = 1000 line; 06's first covered the ellipse of
    k = 2).

    Draws the figure (the legend's place is known once it is drawn)."""
    fig.canvas.draw()
    out = []
    for what, legend, _ in _legends(fig):
        box = legend.get_window_extent()
        for ax in fig.axes:
            if not ax.get_visible():
                continue
            seen = box.intersection(box, ax.bbox)  # a line is drawn within its axes only
            if seen is None or seen.width <= 0 or seen.height <= 0:
                continue
            for index, line in enumerate(ax.get_lines()):
                if not line.get_visible():
                    continue
                drawn = line.get_linestyle() not in ("None", "none", " ", "")
                marked = line.get_marker() not in (None, "None", "none", "", " ")
                if not (drawn or marked):
                    continue
                xy = np.column_stack([np.asarray(v, dtype=float) for v in line.get_data()])
                points = line.get_transform().transform(xy) if xy.size else xy.reshape(0, 2)
                count = _crosses(points, seen, drawn)
                if count:
                    out.append(
                        f"{what} covers {_plural(count, 'point')} of {_line_name(line, index)}"
                    )
    return out


#: Rule 10: a .tex label ("eq:cond", "lem:Y") and a sub- or superscript written as code ("Σ_k",
#: "x^2"), looked for outside mathtext ($…$).
_TEX_LABEL = re.compile(r"\b(?:eq|lem|thm|prop|sec|rem|cor|def):\w")
_CODE_SCRIPT = re.compile(r"[_^]")
_MATHTEXT = re.compile(r"(?<!\\)\$.*?(?<!\\)\$")


def code_in_text(texts: list[_Drawn]) -> list[str]:
    r"""Where a figure writes code for the reader (rule 10): each drawn text that names a .tex
    label or writes ``_`` or ``^`` outside mathtext.

    >>> from matplotlib.text import Text
    >>> said = ("eq:cond (5.3)'s threshold", "$\\Sigma_k^{-1}$ learns H", "Σ_k⁻¹", "(5.3)")
    >>> drawn = [_Drawn("legend entry", "ax", None, Text(text=t)) for t in said]
    >>> for message in code_in_text(drawn):
    ...     print(message)
    legend entry of ax: "eq:cond (5.3)'s threshold" names a .tex label
    legend entry of ax: 'Σ_k⁻¹' writes a sub- or superscript as code
    """
    out = []
    for drawn in texts:
        text = drawn.text.get_text()
        plain = _MATHTEXT.sub("", text)
        if _TEX_LABEL.search(plain):
            out.append(f"{drawn.kind} of {drawn.where}: {text!r} names a .tex label")
        elif _CODE_SCRIPT.search(plain):
            out.append(
                f"{drawn.kind} of {drawn.where}: {text!r} writes a sub- or superscript as code"
            )
    return out


def figure_violations(fig: matplotlib.figure.Figure) -> list[Violation]:
    """The violations of the figure rules (module docstring) in ``fig``, each with its rule.

    Draws the figure (rules 5–9 measure what the renderer draws, with the ``savefig`` settings
    of ``set_style``).

    Parameters
    ----------
    fig : matplotlib.figure.Figure

    Returns
    -------
    list of Violation
    """
    out = []
    for index, ax in enumerate(fig.axes):
        if ax.get_visible() and ax.axison and _shows_data(ax):
            out += _axes_violations(ax, _name(ax, index))
    out += [Violation(5, message) for message in _series_violations(fig)]
    width, _, dpi = _png_size(fig)
    fig.draw_without_rendering()  # lays the figure out; extents then use its renderer
    texts = _drawn_texts(fig)
    out += [Violation(6, message) for message in _text_violations(texts, book_scale(width, dpi))]
    out += [Violation(7, message) for message in _overlap_violations(fig, texts)]
    out += [Violation(8, message) for message in _legend_violations(fig)]
    out += [Violation(9, message) for message in covered_lines(fig)]
    out += [Violation(10, message) for message in code_in_text(texts)]
    return out


def smallest_text(fig: matplotlib.figure.Figure) -> float:
    """The smallest text ``fig`` draws, in points at book width (rule 6); ``nan`` without text.

    Parameters
    ----------
    fig : matplotlib.figure.Figure

    Returns
    -------
    float
    """
    width, _, dpi = _png_size(fig)
    fig.draw_without_rendering()
    sizes = [float(drawn.text.get_fontsize()) for drawn in _drawn_texts(fig)]
    return min(sizes) * book_scale(width, dpi) if sizes else float("nan")


def check_figure(fig: matplotlib.figure.Figure) -> list[str]:
    """The violations of the figure rules (module docstring) in ``fig``, one sentence each,
    naming the axes by its title; empty when the figure keeps them all.

    Parameters
    ----------
    fig : matplotlib.figure.Figure

    Returns
    -------
    list of str
    """
    return [violation.message for violation in figure_violations(fig)]
