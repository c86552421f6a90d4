"""The errata table as a reader meets it: every typo or faulty step the suite found in the paper
(``ledger.errata``, declared above each check with ``declare.erratum``), grouped by the flaw it
states, as a Markdown table with what each check shows. Notebook ``08d-errata`` renders
``errata_table`` as its index: each row says in a few words what is wrong (``gist``) and links
the place where the erratum is written out (``erratum_link``: its item on the errata page, under
its ``erratum_anchor``, or the section of the repair that lists it).
"""

from __future__ import annotations

import re
import unicodedata

from ..framework import ledger
from ..framework.paper import with_number
from ..framework.spec import KIND_MEANINGS, Erratum
from ..framework.verdict import Status, Verdict, flag_text
from .report import html_scripts, repair_link

__all__ = [
    "COLUMNS",
    "HEADINGS",
    "distinct_flaws",
    "erratum_anchor",
    "erratum_link",
    "errata_table",
    "flaw_groups",
    "gist",
    "kinds_markdown",
    "outcome",
]


def flaw_groups(errata: tuple[Erratum, ...] | None = None) -> list[list[str]]:
    """The entries (every erratum unless ``errata``) grouped by the flaw they state: an entry
    with ``same_flaw_as`` joins the group of the entry it names (transitively); each group lists
    labels in table order. A ``same_flaw_as`` that names no entry is a ValueError."""
    errata = ledger.errata() if errata is None else errata
    labels = [e.label for e in errata]
    parent = {label: label for label in labels}

    def root(label):
        while parent[label] != label:
            label = parent[label]
        return label

    for e in errata:
        if e.same_flaw_as is None:
            continue
        if e.same_flaw_as not in parent:
            raise ValueError(
                f"same_flaw_as of {e.label!r} must name an entry of the table, "
                f"got {e.same_flaw_as!r}"
            )
        parent[root(e.label)] = root(e.same_flaw_as)
    groups: dict[str, list[str]] = {}
    for label in labels:
        groups.setdefault(root(label), []).append(label)
    return list(groups.values())


def distinct_flaws(errata: tuple[Erratum, ...] | None = None) -> int:
    """How many distinct flaws the table states: entries linked by ``same_flaw_as`` (one flaw
    stated twice, e.g. where it arises and where a constant inherits it) count once."""
    return len(flaw_groups(errata))


def kinds_markdown(errata: tuple[Erratum, ...] | None = None) -> str:
    """The kinds of erratum (``spec.KIND_MEANINGS``) as a Markdown list, each with how many of
    the errata (every one unless ``errata``) are of it, in the order of ``spec.KINDS``.

    >>> print(kinds_markdown(()).splitlines()[1])
    * **error** (0): a stated result, constant or its units are affected
    """
    errata = ledger.errata() if errata is None else errata
    kinds = [e.kind for e in errata]
    return "\n".join(
        f"* **{kind}** ({kinds.count(kind)}): {meaning}" for kind, meaning in KIND_MEANINGS.items()
    )


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def erratum_anchor(label: str) -> str:
    """The target of erratum ``label``'s item on the errata page: "erratum-" and the label's
    letters and digits (accents and scripts read as ASCII: "C₃" → "c3"), the rest one hyphen.

    >>> erratum_anchor("eq:C, C₃"), erratum_anchor("proof of Thm 3.3, last line")
    ('erratum-eq-c-c3', 'erratum-proof-of-thm-3-3-last-line')
    """
    ascii_ = unicodedata.normalize("NFKD", label).encode("ascii", "ignore").decode().lower()
    return "erratum-" + re.sub(r"[^a-z0-9]+", "-", ascii_).strip("-")


def erratum_link(erratum: Erratum) -> str:
    """Where ``erratum`` is written out in the book: the section of the first repaired result
    whose ``Repair.errata`` lists it (``report.repair_link``, on notebook 08a, 08b or 08c), or
    else its item on its own page (``Erratum.notebook``, under ``erratum_anchor``)."""
    for entry in ledger.repairs():
        if entry.repair is not None and erratum.label in entry.repair.errata:
            target = repair_link(entry.repairs or entry.number)
            if target is not None:
                return target
    return f"{erratum.notebook}.ipynb#{erratum_anchor(erratum.label)}"


#: The separators at which ``gist`` cuts a text, outside brackets: a clause after "; " or ": ",
#: and a parenthesis in words (" (as the prose says)", not " (2/σ)", which is mathematics).
_CUT = re.compile(r"; |: | \((?=[a-z]{2})")


def gist(text: str, limit: int = 60) -> str:
    """The first clause of ``text``, for a table cell: cut at the first ``_CUT`` outside
    brackets (round, square, curly), then, if still longer than ``limit`` characters, at a space
    with "…": the last outside brackets, or where that would keep less than half the limit, the
    last outside curly braces (a TeX script is never cut: ``readable`` sets it whole).

    >>> gist("S' = {τI ⪯ Σ⁻¹ ⪯ ζI}: clip λ(Σ⁻¹) to [τ, ζ] (as the prose says)")
    "S' = {τI ⪯ Σ⁻¹ ⪯ ζI}"
    >>> gist("‖μ* − μ̂*‖² ≤ (2/σ)(f(μ*) − f(μ̂*))")
    '‖μ* − μ̂*‖² ≤ (2/σ)(f(μ*) − f(μ̂*))'
    >>> gist("one two three four", limit=12), gist("x = E[a b c d e f g h]", limit=12)
    ('one two…', 'x = E[a b c…')
    """
    if limit < 8:
        raise ValueError(f"limit must be at least 8 characters, got {limit!r}")
    depth, curly, end = 0, 0, len(text)
    outside: list[int] = []  # spaces outside every bracket
    inside: list[int] = []  # spaces inside round or square brackets, outside curly braces
    for i, ch in enumerate(text):
        if depth == 0 and _CUT.match(text, i):
            end = i
            break
        if ch == " " and i < limit and not curly:
            (inside if depth else outside).append(i)
        if ch in "([{":
            depth, curly = depth + 1, curly + (ch == "{")
        elif ch in ")]}":
            depth, curly = max(depth - 1, 0), max(curly - (ch == "}"), 0)
    short = text[:end].rstrip(" ,")
    if len(short) <= limit:
        return short
    cut = max(outside, default=0)
    if cut < limit // 2:
        cut = max(inside + [cut])
    return short[:cut].rstrip(" ,;:") + "…"


def outcome(verdict: Verdict) -> str:
    """A check's outcome in a word: "flagged" (status "erratum"), "not checked", or "NOT
    flagged" (any other decided status), as ``verdict.flag_text`` begins."""
    if verdict.status is Status.NOT_CHECKED:
        return "not checked"
    return "flagged" if verdict.flagged else "NOT flagged"


#: The columns ``errata_table`` can show, in their order: "wrong" is what is wrong in a few
#: words (the printed form → the correct one, each its ``gist``), "outcome" the check's outcome
#: in a word (``outcome``), "check" its sentence and numbers in full (``verdict.flag_text``).
COLUMNS = ("place", "kind", "wrong", "printed", "correct", "consequence", "outcome", "check")

#: The heading of a column where it is not the column's name.
HEADINGS = {"wrong": "what is wrong", "outcome": "check"}


def errata_table(
    errata: tuple[Erratum, ...] | None = None,
    columns: tuple[str, ...] = ("place", "kind", "printed", "correct", "consequence", "check"),
    evidence: dict[str, Verdict] | None = None,
    linked: bool = False,
) -> str:
    """The errata (every one unless ``errata``) as a Markdown table, each row with what its
    check shows (``verdict.flag_text``): "flagged: …" (or "NOT flagged: …") and the sentence
    and numbers of its verdict. The verdicts are read from ``evidence`` (label → verdict, the
    published ones; a missing label is a KeyError) or, without it, each check is run here; a
    check that returns no Verdict is a TypeError naming the erratum (``Erratum.verdict``).
    ``columns``: a subset of ``COLUMNS`` (the book's index: ("place", "kind", "wrong",
    "outcome")); any other name is a ValueError. ``linked``: the place and the outcome link
    where the erratum is written out (``erratum_link``), which the index needs: its checks'
    sentences are shown there, once. Plain-text scripts and primes are set as HTML
    (``report.html_scripts``)."""
    errata = ledger.errata() if errata is None else errata
    unknown = [c for c in columns if c not in COLUMNS]
    if unknown or not columns:
        raise ValueError(f"columns must be a non-empty subset of {COLUMNS}, got {columns!r}")
    headings = [HEADINGS.get(c, c) for c in columns]
    lines = ["| " + " | ".join(headings) + " |", "|" + "---|" * len(columns)]
    for e in errata:
        result = evidence[e.label] if evidence is not None else e.verdict()
        status = flag_text(result)
        consequence = e.consequence + (
            f" (same flaw as “{e.same_flaw_as}”)" if e.same_flaw_as else ""
        )
        wrong = f"{gist(e.printed)} → {gist(e.correct)}"
        place, short = e.label, outcome(result)
        if linked:
            target = erratum_link(e)
            place, short = f"[{place}]({target})", f"[{short}]({target})"
        values = [place, e.kind, wrong, e.printed, e.correct, consequence, short, status]
        cells = dict(zip(COLUMNS, values))
        lines.append("| " + " | ".join(_cell(cells[c]) for c in columns) + " |")
    return html_scripts(with_number("\n".join(lines)))
