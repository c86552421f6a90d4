"""The looseness atlas: for every bound the suite measures, how far it lies from what it bounds,
at the published settings, as data (``frame``) and as one figure (``draw``).

The *looseness* of a bound is the factor by which it could shrink and still hold on the
published run: bound/measured for an upper bound (the measured quantity must lie below it),
measured/bound for a lower bound (a promised contraction, a moment, a gradient norm that must lie
above it). A looseness of 1 (log₁₀ = 0) is a bound that is attained; 10¹⁴ is a bound that says
nothing at realistic settings; below 1 (log₁₀ < 0) the bound is violated on the run.

Nothing is recomputed: every number comes from the published verdicts
(``ledger.published()``), through the measurements that the bars name. A bar is declared once,
in the ``atlas`` field of the claim's spec (``spec.Bar``, see ``framework.declare``):

``Bar(label, bound=…, measured=…)``
    two measurements of the claim's verdict, the bound's value and the quantity it bounds;
``Bar(label, ratio=…, ratio_of=…)``
    or one measurement that already is their ratio (``"bound/measured"`` or
    ``"measured/bound"``);
``sense``
    ``"upper"`` or ``"lower"``: which side of the measured quantity the bound lies on;
``form``
    ``"printed"`` (the bound as the paper prints it) or ``"repaired"`` (a bound of the suite's
    own in its place: corrected where the printed one fails, sharpened where it holds). A
    ``*_corrected`` bound that a check publishes becomes a row with ``form="repaired"``
    beside the printed one (each row of ``ledger.repaired()``, the corrigendum's checks, is one);
``verdict``
    the ledger row whose verdict holds the measurements, when it is not ``claim`` (Lemma 5.3's
    bound measured in the α-bias run).

A claim whose bound is not a single ratio at the published settings (a slope, an identity, a
fraction of draws without the bound's size) declares ``NoBar(reason)`` instead, and
``left_out`` returns those reasons as data, one row per claim, for the page that shows the
figure. ``tests/test_atlas.py`` checks that every declared measurement exists in the published
verdicts, so that a renamed measurement fails a test instead of dropping a bar.

``views.atlas_bounds`` collects the declared bars and computes a bar's looseness; the frame and
the figure are here.
"""

from __future__ import annotations

import dataclasses
import math
import re
import textwrap
from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

from . import atlas_bounds
from .atlas_bounds import looseness
from ..framework import ledger
from ..framework.ledger import published
from ..framework.spec import Bar
from ..framework.paper import with_number
from .proofgraph import Category, category
from .proofmap import CONCLUSION_STYLE
from .report import (
    CONCLUSION_MEANING,
    Conclusion,
    conclusion,
    repaired_conclusion,
    row_false_as_printed,
)
from ..framework.verdict import Status, Verdict

__all__ = [
    "COLUMNS",
    "FALSE_ELSEWHERE",
    "KIND_WORDS",
    "NAME_WIDTH",
    "OWN",
    "REPAIRED",
    "Z_VIOLATED",
    "bar_name",
    "draw",
    "frame",
    "left_out",
    "repaired_form",
]

#: The columns of ``frame``, in order.
COLUMNS = (
    "claim",
    "printed",
    "label",
    "form",
    "sense",
    "ratio",
    "log10_ratio",
    "log10_uncertainty",
    "violated",
    "status",
    "category",
    "conclusion",
    "false_elsewhere",
    "corrects",
    "verdict",
)

#: A bar is *violated* when its log₁₀ looseness lies below 0 by more than ``Z_VIOLATED`` times its
#: uncertainty (a 95% one-sided margin: an attained bound whose ratio rounds to 1 − 10⁻¹⁴ is not
#: violated).
Z_VIOLATED = 1.96


def _violated(ratio: float, spread: float) -> bool:
    """Whether log₁₀(ratio) lies below 0 by more than ``Z_VIOLATED`` uncertainties (below 0 at
    all where the uncertainty is unknown)."""
    margin = Z_VIOLATED * spread if math.isfinite(spread) else 0.0
    return bool(ratio <= 0 or math.log10(ratio) < -margin)


def _verdicts(verdicts: Mapping[str, Verdict] | None) -> Mapping[str, Verdict]:
    if verdicts is None:
        return published()
    if not isinstance(verdicts, Mapping) or not all(
        isinstance(v, Verdict) for v in verdicts.values()
    ):
        raise ValueError(
            f"verdicts={verdicts!r:.80}: expected a mapping of ledger number to "
            "Verdict, e.g. ledger.published()"
        )
    return verdicts


def repaired_form(verdict: Verdict) -> Category:
    """The category on the runs of the repaired form a ``form="repaired"`` bar measures, from
    the verdict its numbers are read from: an erratum's corrected form holds on the same runs
    (``report.STATUS_MEANING``), so it is read as holding, with the verdict's qualifiers (a
    "too loose to be tested" among them); any other verdict is the repaired form's own.

    >>> repaired_form(Verdict(Status.ERRATUM, "x")).value
    'holds'
    """
    return category(_as_corrected(verdict))


def _as_corrected(verdict: Verdict) -> Verdict:
    """``verdict`` read as its corrected form's: an erratum's corrected form holds on the same
    runs (``report.STATUS_MEANING``); any other verdict is the repaired form's own."""
    if verdict.status is Status.ERRATUM:
        return dataclasses.replace(verdict, status=Status.HOLDS)
    return verdict


#: The legend's words for a bar of a row false as printed whose bars all hold (its violation
#: is on a run without a bound/measured ratio).
FALSE_ELSEWHERE = "false as printed on another run (no bar there): see the ledger"


def frame(
    verdicts: Mapping[str, Verdict] | None = None,
    bounds: tuple[Bar, ...] | None = None,
    walk: Mapping[str, Any] | None = None,
) -> pd.DataFrame:
    """The atlas as a tidy frame, one row per bound, sorted from the loosest to the most violated.

    Parameters
    ----------
    verdicts : mapping of str to Verdict, optional
        Ledger number → verdict; default the published verdicts (``ledger.published``).
    bounds : tuple of spec.Bar, optional
        The bars; default every declared one (``atlas_bounds.bars``).
    walk : mapping, optional
        The published proof walk's data with each step's slip (``proofs.pages.with_slips``),
        for ``report.conclusion``; without it no proof is looked at.

    Returns
    -------
    pandas.DataFrame
        Columns ``COLUMNS``: the claim (our number), ``printed`` (the PDF's), ``label`` (with
        the PDF's equation numbers), ``form`` ("printed" or "repaired"), ``sense``, ``ratio``
        (the looseness: bound/measured for an upper bound, measured/bound for a lower one),
        ``log10_ratio`` and ``log10_uncertainty`` (propagated from the measurements' relative
        uncertainties; NaN where one is infinite), ``violated`` (below 0 by more than
        ``Z_VIOLATED`` uncertainties), ``status`` of the claim's verdict (of the row read where
        the claim has none), ``category`` (``proofgraph.category``) and ``conclusion``
        (``report.Conclusion``) of what the bar measures: for a printed bound, the claim's
        verdict and the ledger's ``report.conclusion`` of its row; for a repaired one, its
        repaired form (``repaired_form``, concluded as the ledger concludes a repaired row:
        ``report.repaired_conclusion``). ``false_elsewhere``: a
        printed bar of a row false as printed (``report.row_false_as_printed``) none of whose
        printed bars is violated (the run that contradicts it has no bar); ``corrects``: a
        repaired bar that stands for a corrected statement (the claim is a repaired row, false
        as printed or repaired by the corrigendum), not a bound of the suite's own beside a
        printed one found true (Theorem 3.3's O(α⁴)); and ``verdict`` (the ledger row whose
        measurements were read).

    Raises
    ------
    ValueError
        If ``verdicts`` is not a mapping of Verdicts or ``bounds`` not of Bars, a bar's ledger
        row has no verdict in ``verdicts``, or its verdict lacks a named measurement.
    """
    verdicts = _verdicts(verdicts)
    bounds = atlas_bounds.bars() if bounds is None else bounds
    if not all(isinstance(b, Bar) and b.claim for b in bounds):
        raise ValueError(f"bounds={bounds!r:.80}: expected a tuple of declared spec.Bar")
    printed = ledger.printed()
    labels = said_in_full(bounds)
    rows = []
    for b in bounds:
        if b.source not in verdicts:
            raise ValueError(
                f"Bar of {b.claim!r} ({b.label!r}): no published verdict for {b.source!r}"
            )
        ratio, spread = looseness(b, verdicts[b.source])
        verdict = verdicts.get(b.claim, verdicts[b.source])  # the claim's own verdict
        row = ledger.claim(b.claim)
        ledgers = conclusion(row, verdict, walk)
        if b.form == "repaired":
            kind = repaired_form(verdicts[b.source])
            said = repaired_conclusion(_as_corrected(verdicts[b.source]))
        else:
            kind, said = category(verdict), ledgers
        corrects = row.kind == "repaired" or ledgers in (
            Conclusion.REPAIRED,
            Conclusion.PROOF_REPAIRED,
            Conclusion.FALSE,
        )
        rows.append(
            {
                "claim": b.claim,
                "printed": printed[b.claim],
                "label": with_number(labels[b]),
                "form": b.form,
                "sense": b.sense,
                "ratio": ratio,
                "log10_ratio": math.log10(ratio) if ratio > 0 else math.nan,
                "log10_uncertainty": spread,
                "violated": _violated(ratio, spread),
                "status": verdict.status.value,
                "category": kind.value,
                "conclusion": said.value,
                "false_elsewhere": b.form == "printed" and row_false_as_printed(verdict),
                "corrects": b.form == "repaired" and corrects,
                "verdict": b.source,
            }
        )
    out = pd.DataFrame(rows, columns=list(COLUMNS))
    printed_bars = out["form"] == "printed"
    violated = out[printed_bars & out["violated"]]["claim"]
    out["false_elsewhere"] &= ~out["claim"].isin(set(violated))
    return out.sort_values("log10_ratio", ascending=False, kind="stable").reset_index(drop=True)


#: What a bar's label says when it is about what the claim's first bar is about.
SAME = "the same"


def said_in_full(bounds: tuple[Bar, ...]) -> dict[Bar, str]:
    """Each bar's label, one that opens with ``SAME`` ("the same, O(α⁴)") said in full: the
    subject of its claim's first bar (its label up to " are "/" is ") in its place, so that a
    bar read alone (in the atlas, one line each) says what it bounds.

    >>> first = Bar("f(μ̂*) − f(μ*) and ‖μ* − μ̂*‖² are O(α²)", ratio="loose", claim="Thm 3.3")
    >>> same = Bar("the same, O(α⁴)", ratio="improved", claim="Thm 3.3")
    >>> said_in_full((first, same))[same]
    'f(μ̂*) − f(μ*) and ‖μ* − μ̂*‖², O(α⁴)'
    """
    subjects: dict[str, str] = {}
    out = {}
    for b in bounds:
        subjects.setdefault(b.claim, re.split(r" (?:are|is) ", b.label, maxsplit=1)[0])
        subject = subjects[b.claim]
        same = b.label.startswith(SAME) and not subject.startswith(SAME)
        out[b] = subject + b.label[len(SAME) :] if same else b.label
    return out


def left_out(verdicts: Mapping[str, Verdict] | None = None) -> pd.DataFrame:
    """What the atlas leaves out, and why: one row per ledger row with a published verdict that
    declares a ``NoBar`` (a claim with bars can also have a part left out) or has no bar at all
    (then the reason says it is not declared).

    Returns
    -------
    pandas.DataFrame
        Columns ``claim``, ``printed``, ``status``, ``has_bar`` (whether some part of it is in
        the figure) and ``reason``, in the ledger's order.
    """
    verdicts = _verdicts(verdicts)
    bars = atlas_bounds.bars()
    with_bar = {b.source for b in bars} | {b.claim for b in bars}
    reasons = atlas_bounds.left_out()
    printed = ledger.printed()
    numbers = [c.number for c in ledger.rows()]
    order = numbers + sorted(set(verdicts) - set(numbers) - {e.label for e in ledger.errata()})
    rows = []
    for number in order:
        if number not in verdicts or (number in with_bar and number not in reasons):
            continue
        reason = reasons.get(number, "no bar declared yet (atlas of its spec)")
        rows.append(
            {
                "claim": number,
                "printed": printed.get(number, "—"),
                "status": verdicts[number].status.value,
                "has_bar": number in with_bar,
                "reason": with_number(reason),
            }
        )
    return pd.DataFrame(rows, columns=["claim", "printed", "status", "has_bar", "reason"])


def _compact(label: str) -> str:
    """A label with each equation named by the PDF's number only: "by eq:dd (E.13)" → "by (E.13)"
    (the frame keeps the label as well).

    >>> _compact("Σ‖H_t − H*‖² by eq:dd (E.13)")
    'Σ‖H_t − H*‖² by (E.13)'
    """
    return re.sub(r"eq:[A-Za-z0-9_]+ (\([^)]*\))", r"\1", label)


#: Unicode superscripts and subscripts, for the characters that have one.
_SUPERSCRIPT = dict(zip("0123456789+−-=()nikpt", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ⁿⁱᵏᵖᵗ"))
_SUBSCRIPT = dict(zip("0123456789+−-=()aeiktx", "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑᵢₖₜₓ"))


def _scripts(text: str) -> str:
    r"""``text`` with TeX's scripts (``e^{−t}``, ``a_{k+1}``, ``Π_S``) written as a plot shows
    them: in Unicode super- or subscripts where each character has one, else as mathtext
    (``$_{\mathregular{…}}$``, upright like the text around it), so that no ``_`` or ``^`` is
    left for the reader (figure rule 10).

    >>> _scripts("χ² tail ≤ e^{−t}; a_{k+1} ≤ a₀/(k+1); ‖g̃‖²_{∇²f}")
    'χ² tail ≤ e⁻ᵗ; aₖ₊₁ ≤ a₀/(k+1); ‖g̃‖²$_{\\mathregular{∇²f}}$'
    >>> _scripts("Σ_k⁻¹, H_t, A_t and max_k; E‖u‖^p ≤ (p + d)^{p/2}")
    'Σₖ⁻¹, Hₜ, Aₜ and maxₖ; E‖u‖ᵖ ≤ (p + d)$^{\\mathregular{p/2}}$'
    >>> _scripts("Π_S(∇²f), ‖∇f‖²_Σ ≥ ξ(f − f*), Δ_{α,1}")
    'Π$_{\\mathregular{S}}$(∇²f), ‖∇f‖²$_{\\mathregular{Σ}}$ ≥ ξ(f − f*), Δ$_{\\mathregular{α,1}}$'
    """

    def script(mark: str, inner: str) -> str:
        table = _SUPERSCRIPT if mark == "^" else _SUBSCRIPT
        if all(c in table for c in inner):
            return "".join(table[c] for c in inner)
        return f"${mark}{{\\mathregular{{{inner}}}}}$"

    text = re.sub(r"([_^])\{([^{}]*)\}", lambda m: script(m[1], m[2].replace(" ", "")), text)
    return re.sub(r"(?<=[^\s$])([_^])([^\W_]|[*′])(?!\w)", lambda m: script(m[1], m[2]), text)


#: Our kinds of result spelled out in a bar's name ("Thm 3.3" → "Theorem 3.3").
KIND_WORDS = {"Lemma": "Lemma", "Thm": "Theorem", "Prop.": "Proposition"}
#: Wordings of the declared labels that read better in a bar's name, applied in order.
_PLAINER = (
    ("contraction promised by", "contraction by"),
    ("the repaired ", ""),
    ("final contraction", "contraction"),
)
#: A repaired bar's name where its bound corrects a statement (``frame``'s ``corrects``), and
#: where it is a sharper bound of the suite's own beside a printed one not found false.
REPAIRED, OWN = "repaired", "sharpened"
#: The characters of a line of a bar's name (``bar_name`` wraps what is bounded at this width).
NAME_WIDTH = 42


def bar_name(claim: str, printed: str, label: str, form: str, corrects: bool = True) -> str:
    """The name of one bar, in words, on two or three lines: our name and the PDF's ("Lemma
    5.2 (PDF Lemma 10)"), for a repaired bound ``REPAIRED`` where it ``corrects`` a statement
    and ``OWN`` where it does not, the claim's qualifiers; then what is bounded, each equation
    named by the PDF's number only (``_compact``), a few words plainer (``_PLAINER``), wrapped
    at ``NAME_WIDTH`` characters.

    >>> print(bar_name("Lemma 5.2, repaired, γ > 0", "Lemma 10",
    ...                "contraction promised by eq:dec (5.4) at 1/32, logistic", "repaired"))
    Lemma 5.2 (PDF Lemma 10), repaired, γ > 0
    contraction by (5.4) at 1/32, logistic
    >>> print(bar_name("Thm 3.3", "Theorem 3", "f(μ̂*), O(α⁴)", "repaired", corrects=False))
    Theorem 3.3 (PDF Theorem 3), sharpened
    f(μ̂*), O(α⁴)
    """
    kind, _, rest = claim.partition(" ")
    number, *qualifiers = rest.split(", ")
    qualifiers = [q for q in qualifiers if q != "repaired"]
    repaired = [REPAIRED if corrects else OWN] if form == "repaired" else []
    name = ", ".join([f"{KIND_WORDS.get(kind, kind)} {number} (PDF {printed})"] + repaired)
    what = _compact(label)
    for long, short in _PLAINER:
        what = what.replace(long, short)
    lines = [name + "".join(f", {q}" for q in qualifiers)]
    lines += textwrap.wrap(_scripts(what), NAME_WIDTH, break_on_hyphens=False)
    return "\n".join(lines)


#: The mark beside a bar of a row false as printed on a run that has no bar (``FALSE_ELSEWHERE``).
_FALSE_MARK: dict[str, Any] = {
    "linestyle": "none",
    "marker": "*",
    "markersize": 11,
    "markerfacecolor": "black",
    "markeredgecolor": "black",
}
#: The characters of a line of the legend's entries.
LEGEND_WIDTH = 40

#: The atlas's width (inches): the book's column (676 px at a 1280-px window) shows it at about
#: 96 px an inch, so that ``FONTSIZE`` reads at about 14 px (8 pt on 6.8 inches read at 11 px,
#: its capitals at 8).
WIDTH = 7.0
#: The bar names' and the axes' font size (points).
FONTSIZE = 11.0


def draw(data: pd.DataFrame | None = None, ax=None, fontsize: float = FONTSIZE):
    """Draw the atlas: one horizontal bar per bound, log₁₀ of its looseness, the loosest on top,
    filled, hatched and marked at its end by its conclusion (``frame``'s ``conclusion``) in the
    proof map's look (``proofmap.CONCLUSION_STYLE``: one colour, one meaning on the front page),
    a repaired bound outlined with a dashed edge, a bar of a row false as printed on a run with
    no bar starred beside its end (``FALSE_ELSEWHERE``), its uncertainty as an error bar where
    it is visible; each bar
    named in words (``bar_name``: ours and the PDF's name, what is bounded), each row as tall as
    its name, and every mark (fill, marker, dashed edge, error bar) said in the legend.

    Parameters
    ----------
    data : pandas.DataFrame, optional
        A ``frame``; default ``frame()`` of the published verdicts.
    ax : matplotlib.axes.Axes, optional
        Where to draw; default a new figure sized for a book page.
    fontsize : float
        Of the bar labels, in points.

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    ValueError
        If ``data`` is not a frame with the columns of ``frame``.
    """
    import matplotlib.pyplot as plt
    from matplotlib.legend_handler import HandlerTuple
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    from mines_theory.plotting.figures import set_style

    set_style()
    data = frame() if data is None else data
    if not isinstance(data, pd.DataFrame) or not set(COLUMNS) <= set(data.columns):
        raise ValueError(
            f"data={data!r:.80}: expected a frame of atlas.frame() (columns {', '.join(COLUMNS)})"
        )
    names = [
        bar_name(r.claim, r.printed, r.label, r.form, r.corrects)
        for r in data.itertuples(index=False)
    ]
    # y in lines of text: each row its name's lines and a gap, the first row on top
    heights = [max(name.count("\n") + 1, 2) + 0.6 for name in names]
    tops = np.cumsum([0.0] + heights[:-1])
    y = [float(sum(heights) - top - h / 2) for top, h in zip(tops, heights)]
    shown = [c for c in Conclusion if c.value in set(data["conclusion"])]
    marks = [
        "dashed edge: the suite’s own bound, repaired (the printed one fails) or sharpened",
        "error bar: ±1.96 standard errors",
    ] + ([FALSE_ELSEWHERE] if data["false_elsewhere"].any() else [])
    labels = [
        textwrap.fill(w, LEGEND_WIDTH)
        for w in [f"{c.value}: {CONCLUSION_MEANING[c]}" for c in shown] + marks
    ]
    line = fontsize * 1.25 / 72  # inches per line of text
    if ax is None:  # the rows, then the x-axis's ticks (top, bottom) and label, the legend
        pairs = [labels[i : i + 2] for i in range(0, len(labels), 2)]  # its two columns
        legend = 2 + sum(max(t.count("\n") + 1 for t in pair) + 0.5 for pair in pairs)
        below = 2 + 3 + legend * (fontsize - 1) / fontsize + 1.5
        size = (WIDTH, line * (sum(heights) + below))
        _, ax = plt.subplots(figsize=size, layout="constrained")
    finite = data["log10_ratio"].replace([np.inf, -np.inf], np.nan)
    low, high = finite.min(), finite.max()  # NaN when none is finite
    left = min(low, 0.0) - 0.6 if math.isfinite(low) else -0.6
    right = max(high + 0.6, 14.0) if math.isfinite(high) else 14.0  # 14: says nothing
    for yi, row in zip(y, data.itertuples(index=False)):
        style = CONCLUSION_STYLE[Conclusion(row.conclusion)]
        width = min(max(row.log10_ratio, left), right)  # an infinite ratio at the edge
        ax.barh(
            yi,
            width,
            height=1.5,
            color=style["color"],
            hatch=style["hatch"],
            edgecolor="black",
            linewidth=0.8,
            linestyle="--" if row.form == "repaired" else "-",
        )
        ax.plot(
            [width],
            [yi],
            linestyle="none",
            marker=style["marker"],
            markersize=5,
            markerfacecolor=style["color"],
            markeredgecolor="black",
            markeredgewidth=0.6,
            label="_end",
        )  # visible where the bar has no length
        if row.false_elsewhere:
            ax.plot([width + 0.45], [yi], label="_false", **_FALSE_MARK)
        if math.isfinite(row.log10_uncertainty) and row.log10_uncertainty > 0.02:
            ax.errorbar(
                row.log10_ratio,
                yi,
                xerr=1.96 * row.log10_uncertainty,
                color="black",
                capsize=2,
                linewidth=0.8,
                label="_uncertainty",
            )
    ax.set_yticks(y, names, fontsize=fontsize, linespacing=1.1)
    ax.set_ylim(0, sum(heights))
    ax.set_xlim(left, right)
    ax.axvline(0, color="black", linewidth=1.0)
    # the scale at the top too: the atlas is several screens tall
    ax.tick_params(axis="x", labelsize=fontsize, top=True, labeltop=True)
    ax.set_xlabel(
        "log₁₀ looseness: bound/measured\n(measured/bound for a lower bound)\n"
        "0: attained; below 0: violated on the run",
        fontsize=fontsize,
    )
    # within the rows' height, so that it does not run into the legend (a few bars, a slide)
    chars = max(20, int(line * sum(heights) * 72 / (0.6 * fontsize)))
    ax.set_ylabel(
        textwrap.fill("each bound: our name (the PDF's), then what it bounds", chars),
        fontsize=fontsize,
    )
    handles: list[object] = []
    for c in shown:
        style = CONCLUSION_STYLE[c]
        handles.append(
            (
                Patch(facecolor=style["color"], hatch=style["hatch"], edgecolor="black"),
                Line2D(
                    [],
                    [],
                    linestyle="none",
                    marker=style["marker"],
                    markerfacecolor=style["color"],
                    markeredgecolor="black",
                ),
            )
        )
    handles.append(Patch(facecolor="white", edgecolor="black", linestyle="--"))
    handles.append(Line2D([], [], color="black", linewidth=0.8, marker="|", markersize=8))
    if data["false_elsewhere"].any():
        handles.append(Line2D([], [], **_FALSE_MARK))
    ax.figure.legend(
        handles,
        labels,
        handler_map={tuple: HandlerTuple(ndivide=None, pad=0.0)},
        fontsize=fontsize - 1,  # the legend, two columns, within the figure
        ncol=2,
        loc="outside lower center",
        title=(
            "fill and marker: the conclusion, as in the ledger and the proof map;\n"
            "a repaired bar: its repaired form's verdict on the runs"
        ),
        title_fontsize=fontsize - 1,
        frameon=False,
    )
    return ax.figure
