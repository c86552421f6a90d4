"""The proof map: which of the paper's numbered results each proof rests on, as data, and the
dependency graph drawn with each result coloured by what a reader may conclude of it.

``nodes``
    the 37 numbered statements that are not remarks (Theorems 3.1–3.4, Lemmas 4.1–4.3, 5.1–5.3,
    Theorem 5.4, Propositions A.1, A.2, Lemmas B.1–B.6, C.1, D.1–D.7, E.1–E.10), each under
    its ledger number (``ledger.claims``) with the PDF's number beside it.
``edges``
    ``Edge(source, target, labels, kind)``: the proof of ``source`` cites ``target`` — a label
    (``\\ref``/``\\eqref``) that ``target``'s statement defines (``kind="statement"``), or one
    defined inside ``target``'s proof (``kind="proof step"``: the citing proof uses an equation
    derived there, not the statement). The list is what ``extract_edges`` finds in the .tex,
    minus ``removed`` and plus the edges carrying a ``reason``: each edge curated by hand says
    why and quotes the proof text that shows it (``evidence``), and
    ``tests/test_proofmap.py`` checks the whole list against the .tex.
``category``, ``categories``
    a verdict's ``Category`` (holds; holds but too loose to be tested; fails as printed;
    erratum, true once repaired; identity; not checked), computed from its status and
    qualifiers; a node's category is the least favourable over its ledger rows (``rows``).
    ``CATEGORY_STYLE`` gives each category a colour, a hatch, a marker and an edge line style,
    so that any figure (this map, the looseness atlas) tells categories apart without colour.
``rests_on``
    every result a proof rests on, directly or through other proofs.
``node_conclusions``, ``CONCLUSION_STYLE``
    each node's ``report.Conclusion`` (stands, proof fails, repaired, …: its ledger rows' runs,
    the corrigendum and the proof walk read together), the least favourable over its rows
    (``CONCLUSION_ORDER``), and a look per conclusion told apart without colour.
``layers``, ``draw_proof_map``
    the layered drawing, cited results below the results that cite them, each box coloured by
    its conclusion (the book's figure ``08-proof-map``, the same words as the ledger's column
    "conclusion"); with ``walk=`` the proof walk's summaries, each box is coloured by its
    proof's walk instead (``WalkCategory``: no false step, a step fails, not walked) and says
    how many of its steps are decided and where the first false one is (the figure
    ``08-proof-walk-map``).

The module reads no file: ``statements``, ``proofs`` and ``extract_edges`` take the .tex as a
string, and the tests pass them the paper (``$MINES_THEORY_PAPER``, or the path beside the
checkout).

The data, the extraction and the categories live in ``views.proofgraph``; the layout and the
figure here.
"""

from __future__ import annotations

import enum
import textwrap
from collections.abc import Collection, Mapping
from typing import Any

from .proofgraph import CATEGORY_STYLE, Category, Edge, edges, nodes, rows
from .report import (
    CONCLUSION_MEANING,
    Conclusion,
    conclusion,
    repair_outline,
    row_false_as_printed,
)
from ..framework import ledger
from ..framework.verdict import Verdict

__all__ = [
    "BOX_WORDS",
    "CONCLUSION_ORDER",
    "CONCLUSION_STYLE",
    "EDGE_STYLE",
    "WALK_STYLE",
    "WALK_WORDS",
    "WalkCategory",
    "draw_proof_map",
    "false_as_printed",
    "layers",
    "node_conclusions",
    "outlined",
    "walk_boxes",
]


class WalkCategory(str, enum.Enum):
    """What the proof walk says of a result's proof, in the words of the map's legend."""

    NO_FALSE = "proof walked, no false step"
    FALSE = "proof walked, a step fails that is no slip"
    TYPOS = "proof walked, only typos or imprecisions fail"
    NOT_WALKED = "proof not walked"


#: The walk's categories drawn as the verdicts' (``CATEGORY_STYLE``) that mean the same.
WALK_STYLE: dict[WalkCategory, dict[str, Any]] = {
    WalkCategory.NO_FALSE: CATEGORY_STYLE[Category.HOLDS],
    WalkCategory.FALSE: CATEGORY_STYLE[Category.FAILS],
    WalkCategory.TYPOS: CATEGORY_STYLE[Category.IDENTITY],
    WalkCategory.NOT_WALKED: CATEGORY_STYLE[Category.NOT_CHECKED],
}


#: Least favourable first: a node with several ledger rows takes the first of their conclusions
#: in this order (a row that is not checked counts only when no row is checked).
CONCLUSION_ORDER: tuple[Conclusion, ...] = (
    Conclusion.FALSE,
    Conclusion.REPAIRED,
    Conclusion.PROOF_FAILS,
    Conclusion.PROOF_REPAIRED,
    Conclusion.UNTESTED,
    Conclusion.STANDS,
    Conclusion.NOT_CHECKED,
)

#: One look per conclusion, told apart without colour: hatch, marker and edge line style differ
#: between every two (colours from seaborn's colour-blind palette; those of the verdicts'
#: categories where the words mean the same: stands as holds, false as fails, repaired as
#: erratum, untested as too loose to be tested, not checked as not checked).
CONCLUSION_STYLE: dict[Conclusion, dict[str, Any]] = {
    Conclusion.STANDS: CATEGORY_STYLE[Category.HOLDS],
    Conclusion.PROOF_FAILS: {
        "color": "#cc78bc",
        "hatch": "\\\\\\",
        "marker": "P",
        "linestyle": "-",
    },
    Conclusion.PROOF_REPAIRED: {
        "color": "#0173b2",
        "hatch": "|||",
        "marker": "s",
        "linestyle": "-",
    },
    Conclusion.REPAIRED: CATEGORY_STYLE[Category.ERRATUM],
    Conclusion.FALSE: CATEGORY_STYLE[Category.FAILS],
    Conclusion.UNTESTED: CATEGORY_STYLE[Category.UNTESTABLE],
    Conclusion.NOT_CHECKED: CATEGORY_STYLE[Category.NOT_CHECKED],
}


def node_conclusions(
    walk: Mapping[str, Any], verdicts: Mapping[str, Verdict] | None = None
) -> dict[str, Conclusion]:
    """Node → its ``Conclusion``, the least favourable (``CONCLUSION_ORDER``) over its ledger
    rows (``proofgraph.rows``), each row's by ``report.conclusion`` from its verdict
    (``verdicts``, ledger number → verdict, default the published ones) and ``walk``, the
    published walk's data with each step's slip (``proofs.pages.with_slips``; the walk renders
    the views' text, so the caller reads it). A node with no verdict is "not checked"."""
    verdicts = ledger.published() if verdicts is None else verdicts
    out = {}
    for n in nodes():
        found = [
            conclusion(ledger.claim(row), verdicts[row], walk)
            for row in rows(n.name)
            if row in verdicts
        ] or [Conclusion.NOT_CHECKED]
        checked = [c for c in found if c is not Conclusion.NOT_CHECKED] or found
        out[n.name] = min(checked, key=CONCLUSION_ORDER.index)
    return out


#: The outline of a box whose statement is false as printed (``false_as_printed``), and its
#: words in the legend.
FALSE_OUTLINE: dict[str, Any] = {"linewidth": 3.2, "edgecolor": "black"}
FALSE_WORDS = "thick outline: false as printed (a run\ninside its hypotheses contradicts it)"


def false_as_printed(verdicts: Mapping[str, Verdict] | None = None) -> set[str]:
    """The nodes whose statement is false as printed: those with a row that is
    (``report.row_false_as_printed``, the predicate the front page counts its rows by), in
    ``verdicts`` (default the published ones). Lemma 5.1 (PDF Lemma 9), whose quadratic row
    cannot see its flaw, is by its row with γ > 0; a repaired result whose only change is a
    constant and whose runs agree with it as printed (Lemma 5.2, PDF Lemma 10) is not; Thm 5.4
    is, by its row with γ > 0 (its stage 1 rests on Lemma 5.1's printed bound).

    >>> sorted(false_as_printed() & {"Lemma 5.1", "Lemma 5.2", "Prop. A.2"})
    ['Lemma 5.1', 'Prop. A.2']
    """
    verdicts = ledger.published() if verdicts is None else verdicts
    return {
        n.name
        for n in nodes()
        if any(row_false_as_printed(verdicts.get(row)) for row in rows(n.name))
    }


#: The mark after the PDF's number of a result whose repair rests on a proof outline
#: (``outlined``), and its words in the legend.
OUTLINE_MARK = "†"
OUTLINE_WORDS = (
    f"“{OUTLINE_MARK}”: repaired on a proof outline: a step\n"
    "of the repair's proof is sketched, not proved"
)


def outlined(verdicts: Mapping[str, Verdict] | None = None) -> set[str]:
    """The nodes whose repair rests on a proof only outlined (``report.repair_outline`` of one
    of their rows in ``verdicts``, default the published ones): their conclusion "repaired"
    cites an outline, which the map marks (``OUTLINE_MARK``).

    >>> sorted(outlined())
    ['Lemma 5.3', 'Lemma E.9', 'Thm 5.4']
    """
    verdicts = ledger.published() if verdicts is None else verdicts
    return {
        n.name
        for n in nodes()
        if any(repair_outline(row) is not None for row in rows(n.name) if row in verdicts)
    }


#: The legend's words for the line under our number in every box.
BOX_WORDS = ("“PDF 11”: the PDF's number (Lemma 11)",)
#: The legend's words for the walk map's third line ("37/43 ✗ 4", "8/8 ✓", ``walk_boxes``).
WALK_WORDS = (
    "“37/43”: 37 of its 43 steps decided",
    "“✓”: no step fails",
    "“✗ 4”: step 4 is the first error, the first\nfalse step that is no slip (the ledger's)",
    "“typos 3”: every false step is a typo,\nthe first at step 3",
    "“slips 4”: every false step is a typo\nor an imprecision, the first at step 4",
    "“✗ prose”: no relation is an error, but an\nerratum of kind error points into its prose",
)


def walk_boxes(summaries: Mapping[str, Any]) -> dict[str, tuple[WalkCategory, str]]:
    """Node → (its ``WalkCategory``, the line the map prints under its numbers: "13/13 ✗ 9",
    its decided steps of all, and its first error after ✗ (the first false step that is no
    slip, ``report.first_error``: the rule of the ledger's ``report.proof_note``); "typos 3"
    where every false step is a typo, "slips 4" where every one is a typo or an imprecision,
    the first at step 3 or 4; "not walked"), from ``summaries``, each walked proof's summary
    by our name (``proofs.pages.proof_summaries``: ``steps``, ``decided``, ``first_error``,
    ``typo`` and ``slips``). The walk is read by the caller: the proof walk renders the views'
    text, so the views do not import it."""
    out = {}
    for n in nodes():
        summary = summaries.get(n.name)
        if summary is None:
            out[n.name] = (WalkCategory.NOT_WALKED, "not walked")
        elif summary.first_error is None and summary.prose is not None:
            line = f"{summary.decided}/{summary.steps} ✗ prose"
            out[n.name] = (WalkCategory.FALSE, line)
        elif summary.first_error is None and summary.typo is not None:
            only = "slips" if summary.slips else "typos"
            line = f"{summary.decided}/{summary.steps} {only} {summary.typo}"
            out[n.name] = (WalkCategory.TYPOS, line)
        elif summary.first_error is None:
            out[n.name] = (WalkCategory.NO_FALSE, f"{summary.decided}/{summary.steps} ✓")
        else:
            line = f"{summary.decided}/{summary.steps} ✗ {summary.first_error}"
            out[n.name] = (WalkCategory.FALSE, line)
    return out


# --- layout ------------------------------------------------------------------------------------


def _cites(among) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    down: dict[str, list[str]] = {n.name: [] for n in nodes()}
    up: dict[str, list[str]] = {n.name: [] for n in nodes()}
    for e in among:
        down[e.source].append(e.target)
        up[e.target].append(e.source)
    return down, up


def layers(among: tuple[Edge, ...] | None = None, width: int = 6) -> dict[str, int]:
    """Node → layer (0 at the bottom). A node's depth is the length of its longest chain of
    citations down to a result that cites none. A result that neither cites nor is cited stands
    in the top layer (the largest depth); any other result that cites none is placed, in the
    paper's order, one layer below the lowest depth of the results that cite it, or lower still
    where that layer already holds ``width`` results; any other result at its depth.

    Raises
    ------
    ValueError
        If the citations form a cycle (naming the nodes on it), or ``width`` is not positive.
    """
    if not (isinstance(width, int) and width > 0):
        raise ValueError(f"width must be a positive integer, got {width!r}")
    among = edges() if among is None else among
    listed = nodes()
    down, up = _cites(among)
    depth: dict[str, int] = {}

    def visit(name: str, path: tuple[str, ...]) -> int:
        if name in path:
            cycle = path[path.index(name) :] + (name,)
            raise ValueError(f"edges must not form a cycle; got {' → '.join(cycle)}")
        if name not in depth:
            depth[name] = 1 + max((visit(t, path + (name,)) for t in down[name]), default=-1)
        return depth[name]

    for n in listed:
        visit(n.name, ())
    top = max(depth.values())
    out = {n.name: depth[n.name] for n in listed if down[n.name]}
    for n in listed:
        if not down[n.name]:
            level = top if not up[n.name] else min(depth[s] for s in up[n.name]) - 1
            while level > 0 and sum(v == level for v in out.values()) >= width:
                level -= 1
            out[n.name] = level
    return {n.name: out[n.name] for n in listed}


def _positions(among, sweeps: int = 12) -> dict[str, tuple[float, int]]:
    """Node → (x, layer): within a layer, nodes start in the paper's order and are re-ordered by
    the mean position of their neighbours (barycentre sweeps), then placed one unit apart, as near
    the barycentres as the order allows, between 0 and the widest layer's width − 1."""
    layer = layers(among)
    down, up = _cites(among)
    listed = nodes()
    order = {n.name: i for i, n in enumerate(listed)}
    rows: dict[int, list[str]] = {}
    for n in listed:
        rows.setdefault(layer[n.name], []).append(n.name)
    width = max(len(r) for r in rows.values())
    x = {}
    for names in rows.values():
        for i, name in enumerate(names):
            x[name] = i + (width - len(names)) / 2
    for sweep in range(sweeps):
        for level in sorted(rows, reverse=sweep % 2 == 1):
            names = rows[level]
            centre = {
                name: (
                    sum(x[m] for m in down[name] + up[name]) / len(down[name] + up[name])
                    if down[name] + up[name]
                    else -1.0
                )
                for name in names
            }
            names.sort(key=lambda name: (centre[name], order[name]))
            # one unit apart, as near the barycentres as the order allows, inside [0, width − 1]
            placed: list[float] = []
            for name in names:
                placed.append(max(centre[name], placed[-1] + 1 if placed else 0.0))
            placed[-1] = min(placed[-1], width - 1)
            for i in range(len(placed) - 2, -1, -1):
                placed[i] = min(placed[i], placed[i + 1] - 1)
            for name, p in zip(names, placed):
                x[name] = p
    return {name: (x[name], layer[name]) for name in x}


def _route(
    where: dict[str, tuple[float, int]], low: str, high: str, box_w: float, box_h: float
) -> list[tuple[float, float]]:
    """The polyline of an arrow from the top of ``low``'s box to the bottom of ``high``'s: a
    straight segment between adjacent layers; across a layer in between, vertically through the
    free gap nearest to the straight line, so that no arrow passes behind a box."""
    (x0, y0), (x1, y1) = where[low], where[high]
    spread = 0.3 * box_w
    start = (x0 + max(-spread, min(spread, 0.12 * (x1 - x0))), y0 + box_h / 2)
    end = (x1 + max(-spread, min(spread, 0.12 * (x0 - x1))), y1 - box_h / 2)
    points = [start]
    for level in range(y0 + 1, y1):
        row = [x for x, y in where.values() if y == level]
        line = start[0] + (end[0] - start[0]) * (level - start[1]) / (end[1] - start[1])
        candidates = [line] + [x + d for x in row for d in (-0.5, 0.5)]
        free = [c for c in candidates if all(abs(c - x) >= box_w / 2 + 0.04 for x in row)]
        gap = min(free, key=lambda c: (abs(c - line), c))
        points += [(gap, level - box_h / 2 - 0.05), (gap, level + box_h / 2 + 0.05)]
    return points + [end]


def _tint(colour: str, weight: float = 0.35) -> tuple[float, float, float]:
    """``colour`` mixed with white (``weight`` of the colour)."""
    from matplotlib.colors import to_rgb

    red, green, blue = to_rgb(colour)
    white = 1 - weight
    return (weight * red + white, weight * green + white, weight * blue + white)


def _shade(colour: str, weight: float = 0.7) -> tuple[float, float, float]:
    """``colour`` mixed with black (``weight`` of the colour)."""
    from matplotlib.colors import to_rgb

    red, green, blue = to_rgb(colour)
    return (weight * red, weight * green, weight * blue)


# --- the figure --------------------------------------------------------------------------------

#: How an edge is drawn, by kind.
EDGE_STYLE: dict[str, dict[str, Any]] = {
    "statement": {"linestyle": "-", "color": "0.35"},
    "proof step": {"linestyle": (0, (4, 3)), "color": "0.35"},
}


def _fit_below(fig: Any, legend: Any, pad: float = 6.0) -> None:
    """Grow ``fig`` at the bottom, keeping its axes' size in inches, until ``legend`` (placed
    below the axes) lies inside the canvas with ``pad`` pixels to spare."""
    fig.canvas.draw()
    below = pad - legend.get_window_extent().y0
    if below <= 0:
        return
    width, height = fig.get_size_inches()
    grow = below / fig.dpi
    params = fig.subplotpars
    fig.set_size_inches(width, height + grow)
    fig.subplots_adjust(
        bottom=(params.bottom * height + grow) / (height + grow),
        top=1 - (1 - params.top) * height / (height + grow),
    )


def draw_proof_map(
    conclusions: Mapping[str, Conclusion] | None = None,
    ax: Any = None,
    fontsize: float = 9.0,
    walk: Mapping[str, Any] | None = None,
    false: Collection[str] = (),
    outline: Collection[str] = (),
) -> Any:
    """Draw the proof map: one box per result, both numbers on two lines ("Lemma 5.3" over
    "PDF 11": the PDF prints the same kind of statement, numbered with its one counter), filled,
    hatched, outlined and marked by its conclusion (``CONCLUSION_STYLE``), layered by ``layers``; an
    arrow runs from each cited result up to the result whose proof cites it,
    solid where the proof cites the statement, dashed where it uses a step of the cited
    result's proof. A legend names the conclusions the map shows, each with its meaning
    (``report.CONCLUSION_MEANING``), and the two kinds of arrows, and says the lines of a box in
    words (``BOX_WORDS``; ``WALK_WORDS`` for the walk's "37/43 ✗ 4").

    Parameters
    ----------
    conclusions : mapping of str to Conclusion, optional
        Node → its conclusion (``node_conclusions``); required unless ``walk`` is given.
    ax : matplotlib.axes.Axes, optional
        Where to draw; default a new figure sized for a book page.
    fontsize : float
        Of the node labels, in points.
    walk : mapping, optional
        Each walked proof's summary (``proofs.pages.proof_summaries()``): when given, each
        box is drawn by its proof's walk (``walk_boxes``, ``WALK_STYLE``) instead of its
        verdict, with a third line: its decided steps of all, ✓ (no false step) or ✗ and the
        first false step.
    false : collection of str
        The nodes drawn with a thick black outline (``FALSE_OUTLINE``), said in the legend: the
        results whose statement is false as printed (``false_as_printed``), which the colour
        of a repaired result alone does not tell from a changed constant.
    outline : collection of str
        The nodes marked ``OUTLINE_MARK`` after the PDF's number, said in the legend: the
        results whose repair rests on a proof outline (``outlined``).

    Returns
    -------
    matplotlib.figure.Figure
        The figure; save it with ``plotting.save_figure`` (its axes is switched off, so the
        axis-label rules do not apply to it).
    """
    import matplotlib.pyplot as plt
    from matplotlib.legend_handler import HandlerTuple
    from matplotlib.lines import Line2D
    from matplotlib.patches import FancyArrowPatch, FancyBboxPatch, Patch
    from matplotlib.path import Path

    from mines_theory.plotting.figures import set_style

    if (conclusions is None) == (walk is None):
        raise ValueError(
            "draw_proof_map needs exactly one of conclusions= (node_conclusions) and walk= "
            f"(proof summaries), got conclusions={conclusions is not None and 'given' or None}, "
            f"walk={walk is not None and 'given' or None}"
        )
    for name, given in (("false", false), ("outline", outline)):
        unknown = sorted(set(given) - {n.name for n in nodes()})
        if unknown:
            raise ValueError(f"{name} must name nodes of the proof map, got unknown {unknown}")
    set_style()
    if conclusions is not None:
        missing = sorted({n.name for n in nodes()} - set(conclusions))
        if missing:
            raise ValueError(f"conclusions must give every node a conclusion, missing {missing}")
        style_of = {name: CONCLUSION_STYLE[c] for name, c in conclusions.items()}
        extra = {name: "" for name in conclusions}
        shown = [c for c in CONCLUSION_ORDER if c in set(conclusions.values())]
        legend = [
            (CONCLUSION_STYLE[c], textwrap.fill(f"{c.value}: {CONCLUSION_MEANING[c]}", 44))
            for c in shown
        ]
    else:
        assert walk is not None  # exactly one of the two, checked above
        boxes_of = walk_boxes(walk)
        style_of = {name: WALK_STYLE[c] for name, (c, _) in boxes_of.items()}
        extra = {name: "\n" + line for name, (_, line) in boxes_of.items()}
        legend = [(WALK_STYLE[c], c.value) for c in WalkCategory]
    among = edges()
    where = _positions(among)
    width = max(x for x, _ in where.values()) + 1
    height = max(level for _, level in where.values()) + 1
    own = ax is None
    if ax is None:
        fig, ax = plt.subplots(figsize=(7.0, 9.0))
        fig.subplots_adjust(bottom=0.13)  # room below for the legend's words
    fig = ax.figure
    box_w, box_h = 0.9, (0.54 if walk is None else 0.72)
    boxes = {}
    for n in nodes():
        x, level = where[n.name]
        style = style_of[n.name]
        patch = FancyBboxPatch(
            (x - box_w / 2, level - box_h / 2),
            box_w,
            box_h,
            boxstyle="round,pad=0,rounding_size=0.06",
            facecolor=_tint(style["color"]),
            hatch=style["hatch"],
            edgecolor=_shade(style["color"]),
            linestyle=style["linestyle"],
            linewidth=1.2,
            zorder=3,
        )
        if n.name in false:
            patch.set(**FALSE_OUTLINE)
        ax.add_patch(patch)
        boxes[n.name] = patch
        ax.text(
            x + 0.04,
            level,
            f"{n.name}\nPDF {n.printed.split()[-1]}"
            f"{OUTLINE_MARK if n.name in outline else ''}{extra[n.name]}",
            ha="center",
            va="center",
            fontsize=fontsize,
            linespacing=1.2,
            zorder=5,
            bbox={
                "boxstyle": "round,pad=0.06",
                "facecolor": _tint(style["color"]),
                "edgecolor": "none",
            },
        )
        ax.plot(
            [x - 0.345],
            [level - 0.12 if walk is None else level],
            linestyle="none",
            marker=style["marker"],
            markersize=8,
            markerfacecolor=style["color"],
            markeredgecolor="black",
            markeredgewidth=0.8,
            zorder=6,
            label="_node",
        )
    for e in among:
        vertices = _route(where, e.target, e.source, box_w, box_h)
        ax.add_patch(
            FancyArrowPatch(
                path=Path(vertices),
                arrowstyle="-|>",
                mutation_scale=9,
                linewidth=0.9,
                zorder=2,
                **EDGE_STYLE[e.kind],
            )
        )
    ax.set_xlim(-0.55, width - 0.45)
    ax.set_ylim(-0.45, height - 0.55)
    ax.set_axis_off()
    handles: list[Any] = [
        (
            Patch(
                facecolor=_tint(style["color"]),
                hatch=style["hatch"],
                edgecolor=_shade(style["color"]),
                linestyle=style["linestyle"],
                linewidth=1.2,
            ),
            Line2D(
                [],
                [],
                linestyle="none",
                marker=style["marker"],
                markersize=8,
                markerfacecolor=style["color"],
                markeredgecolor="black",
                markeredgewidth=0.8,
            ),
        )
        for style, _ in legend
    ]
    labels = [label for _, label in legend]
    if false:  # beside the conclusions it qualifies
        handles.append(Patch(facecolor="white", **FALSE_OUTLINE))
        labels.append(FALSE_WORDS)
    if outline:  # a mark in the box's text: an empty handle, the label quotes it
        handles.append(Line2D([], [], linestyle="none"))
        labels.append(OUTLINE_WORDS)
    handles += [
        Line2D([], [], **EDGE_STYLE["statement"]),
        Line2D([], [], **EDGE_STYLE["proof step"]),
    ]
    labels += ["proof cites the statement", "proof uses a step of its proof"]
    # the boxes' lines under our number, in words (an empty handle: the label quotes the mark)
    said = BOX_WORDS if walk is None else BOX_WORDS + WALK_WORDS
    handles += [Line2D([], [], linestyle="none") for _ in said]
    labels += list(said)
    placed = ax.legend(
        handles,
        labels,
        handler_map={tuple: HandlerTuple(ndivide=None, pad=0.0)},
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        ncol=2,
        fontsize=fontsize,
        frameon=False,
        handlelength=2.2,
        handleheight=1.3,
        columnspacing=1.2,
    )
    what = "the ledger's conclusion" if walk is None else "the proof walk"
    ax.set_title(
        "An arrow runs from a result up to each result whose proof cites it.\n"
        f"Each box: our number, the PDF's under it; colour, marker and hatch: {what}",
        fontsize=fontsize + 0.5,
    )
    if own:  # a taller legend (more conclusions shown) gets a taller figure, not a cut one
        _fit_below(fig, placed)
    return fig
