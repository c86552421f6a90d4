"""The errata table as a reader meets it: every typo or faulty step the suite found in the paper
(``ledger.errata``, declared above each check with ``declare.erratum``), grouped by the flaw it
states, as a Markdown table with what each check shows, in the paper's order
(``paper_position``). Notebook ``08d-errata`` renders ``errata_table`` as its index: each row
numbered (``erratum_numbers``: "erratum 17"), the number linking where the erratum is written
out (``erratum_link``: its item on the errata page, under its ``erratum_anchor``, or the section
of the repair that lists it), and what is wrong in a few words (``gist``); and, under the proof
walk's table (``proofs.published.reconciliation`` says how its failing steps answer to the errata).
"""

from __future__ import annotations

import re
import unicodedata

from ..framework import ledger
from ..framework.paper import EQUATIONS, with_number
from ..framework.spec import KIND_MEANINGS, Erratum
from ..framework.verdict import Status, Verdict, flag_text
from .report import html_scripts, repair_link

__all__ = [
    "COLUMNS",
    "HEADINGS",
    "distinct_flaws",
    "erratum_anchor",
    "erratum_link",
    "erratum_numbers",
    "errata_table",
    "flaw_groups",
    "gist",
    "in_paper_order",
    "index_columns",
    "kinds_markdown",
    "outcome",
    "outcome_sentence",
    "paper_position",
    "same_flaw_numbers",
    "written_out",
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


def _repair_of(erratum: Erratum) -> tuple[str, str, str] | None:
    """The first repaired result whose ``Repair.errata`` lists ``erratum``: its statement (our
    name), the PDF's number and the link to its section (``report.repair_link``); None where
    no repair lists it."""
    for entry in ledger.repairs():
        if entry.repair is not None and erratum.label in entry.repair.errata:
            statement = entry.repairs or entry.number
            target = repair_link(statement)
            if target is not None:
                return statement, entry.printed, target
    return None


def erratum_link(erratum: Erratum) -> str:
    """Where ``erratum`` is written out in the book: the section of the first repaired result
    whose ``Repair.errata`` lists it (``report.repair_link``, on notebook 08a, 08b or 08c), or
    else its item on its own page (``Erratum.notebook``, under ``erratum_anchor``)."""
    repair = _repair_of(erratum)
    if repair is not None:
        return repair[2]
    return f"{erratum.notebook}.ipynb#{erratum_anchor(erratum.label)}"


def written_out(erratum: Erratum, here: str = "08d-errata") -> str:
    """The index's "written out" cell: where ``erratum`` is written out in full
    (``erratum_link``), in words a reader sees before following the link: "here" on the page
    ``here``, or the notebook and the repaired result whose section lists it.

    >>> print(written_out(ledger.erratum("eq:bG")))
    [here](08d-errata.ipynb#erratum-eq-bg)
    >>> print(written_out(ledger.erratum("eq:nu (Lemma D.2)")))
    [08a, under Lemma 5.1 (PDF Lemma 9)](08a-corrigendum-section5.ipynb#repair-lemma-5-1)
    """
    repair = _repair_of(erratum)
    if repair is None:
        page = "here" if erratum.notebook == here else f"notebook {erratum.notebook[:3]}"
        return f"[{page}]({erratum_link(erratum)})"
    statement, printed, target = repair
    return f"[{target[:3]}, under {statement} (PDF {printed})]({target})"


#: The clause boundaries at which ``gist`` may cut a text, outside brackets: "; ", ": ", ", "
#: and a parenthesis in words (" (as the prose says)", not " (2/σ)", which is mathematics).
_CUT = re.compile(r"; |: |, | \((?=[a-z]{2})")


def gist(text: str, limit: int = 60) -> str:
    """``text`` for a table cell, cut at a clause boundary or not at all: whole if it has at
    most ``limit`` characters; else up to its last ``_CUT`` outside brackets (round, square,
    curly) that keeps at most ``limit`` characters, or where none does, its first; then "…". A
    text with no such boundary is whole: a formula is never cut inside.

    >>> gist("S' = {τI ⪯ Σ⁻¹ ⪯ ζI}: clip λ(Σ⁻¹) to [τ, ζ] (as the prose says)", limit=50)
    "S' = {τI ⪯ Σ⁻¹ ⪯ ζI}: clip λ(Σ⁻¹) to [τ, ζ]…"
    >>> gist("‖μ* − μ̂*‖² ≤ (2/σ)(f(μ*) − f(μ̂*))", limit=8)
    '‖μ* − μ̂*‖² ≤ (2/σ)(f(μ*) − f(μ̂*))'
    >>> gist("a = f(x, y), b = g(z); c", limit=8)
    'a = f(x, y)…'
    """
    if limit < 8:
        raise ValueError(f"limit must be at least 8 characters, got {limit!r}")
    if len(text) <= limit:
        return text
    depth, boundaries = 0, []
    for i, ch in enumerate(text):
        if depth == 0 and _CUT.match(text, i):
            boundaries.append(i)
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth = max(depth - 1, 0)
    if not boundaries:
        return text
    fitting = [i for i in boundaries if i <= limit]
    return text[: max(fitting, default=boundaries[0])].rstrip() + "…"


def outcome(verdict: Verdict) -> str:
    """A check's outcome in a word: "flagged" (status "erratum"), "not checked", or "NOT
    flagged" (any other decided status), as ``verdict.flag_text`` begins."""
    if verdict.status is Status.NOT_CHECKED:
        return "not checked"
    return "flagged" if verdict.flagged else "NOT flagged"


#: The sections of the paper in their order: the main text's, then the appendices'.
_SECTIONS = "123456789ABCDEFG"
#: A reference by which a place can be found in the paper: an equation's label, or a statement
#: or section by our section-based name ("Thm 3.2", "Lemmas 5.1, 5.2", "Prop. A.2", "Sec. 2").
_REFERENCE = re.compile(
    r"\beq:[A-Za-z0-9_]+|\b(?:Thm|Theorem|Lemmas?|Prop\.|Remark|Sec\.) ([1-9A-G])(?![\w])"
)


def paper_position(place: str) -> tuple[int, int, str]:
    """Where the erratum at ``place`` (its label) is in the paper, as a sort key: its first
    reference (``_REFERENCE``) that the paper numbers, an equation at its printed number
    (``paper.EQUATIONS``: eq:R is (C.4), section C, 4), a statement, its proof or a section at
    the start of the statement's section (Thm 3.2 → section 3, 0); then the place itself, so
    that ties go by name. A place that names nothing the paper numbers comes after all.

    >>> paper_position("eq:R (proof of Thm 3.3)"), paper_position("proof of Thm 3.2")
    ((11, 4, 'eq:R (proof of Thm 3.3)'), (2, 0, 'proof of Thm 3.2'))
    """
    for m in _REFERENCE.finditer(place):
        if m.group(1) is not None:
            return _SECTIONS.index(m.group(1)), 0, place
        number = EQUATIONS.get(m.group())
        if number is not None:
            section, n = number.strip("()").split(".")
            return _SECTIONS.index(section), int(n), place
    return len(_SECTIONS), 0, place


def in_paper_order(errata: tuple[Erratum, ...] | None = None) -> list[Erratum]:
    """The errata (every one unless ``errata``) in the paper's order (``paper_position``)."""
    errata = ledger.errata() if errata is None else errata
    return sorted(errata, key=lambda e: paper_position(e.label))


def erratum_numbers(errata: tuple[Erratum, ...] | None = None) -> dict[str, int]:
    """Each erratum's number (every one unless ``errata``), 1 to n in the paper's order
    (``in_paper_order``), by which the book cites it ("erratum 17")."""
    return {e.label: n for n, e in enumerate(in_paper_order(errata), start=1)}


def same_flaw_numbers(errata: tuple[Erratum, ...] | None = None) -> dict[str, int]:
    """For each erratum (every one unless ``errata``) that restates a flaw another states
    (``flaw_groups``: one flaw stated where it arises and where a constant inherits it), the
    number (``erratum_numbers``) of its group's source, the one erratum of the group with no
    ``same_flaw_as`` (where the flaw arises; the links point from an inheritor to it): what
    the index's "same flaw as #N" cites, wherever in the paper's order the source stands, so
    that ``distinct_flaws`` can be read off it."""
    errata = ledger.errata() if errata is None else errata
    numbers = erratum_numbers(errata)
    linked = {e.label for e in errata if e.same_flaw_as is not None}
    repeats: dict[str, int] = {}
    for group in flaw_groups(errata):
        (source,) = [label for label in group if label not in linked]
        repeats |= {label: numbers[source] for label in group if label != source}
    return repeats


def index_columns(evidence: dict[str, Verdict]) -> tuple[str, ...]:
    """The columns of the book's index: number, place, kind, what is wrong, where it is written
    out, and the check's outcome only where it varies across ``evidence`` (label → verdict): a
    column that reads "flagged" in every row says nothing a sentence cannot
    (``outcome_sentence``)."""
    varies = len({outcome(v) for v in evidence.values()}) > 1
    return ("number", "place", "kind", "wrong", "where") + (("outcome",) if varies else ())


def outcome_sentence(evidence: dict[str, Verdict]) -> str:
    """What the errata's checks (``evidence``, label → verdict) found, in one sentence: every
    one flags its erratum, or how many do and that the index's column "check" says which."""
    n = len(evidence)
    flags = sum(outcome(v) == "flagged" for v in evidence.values())
    if flags == n:
        return (
            f"Each of the {n} checks flags its erratum (its sentence and numbers are where the "
            "erratum is written out), so the index has no column for the outcome."
        )
    return f"{flags} of the {n} checks flag their erratum; the column “check” says which."


#: The columns ``errata_table`` can show, in their order: "number" is the erratum's number
#: (``erratum_numbers``), "wrong" what is wrong in a few words (the printed form, then the
#: correct one on a second line, each its ``gist``), "where" where it is written out in full
#: (``written_out``), "outcome" the check's outcome in a word
#: (``outcome``), "check" its sentence and numbers in full (``verdict.flag_text``).
COLUMNS = (
    "number",
    "place",
    "kind",
    "wrong",
    "where",
    "printed",
    "correct",
    "consequence",
    "outcome",
    "check",
)

#: The heading of a column where it is not the column's name.
HEADINGS = {"number": "#", "wrong": "what is wrong", "where": "written out", "outcome": "check"}


def errata_table(
    errata: tuple[Erratum, ...] | None = None,
    columns: tuple[str, ...] = ("place", "kind", "printed", "correct", "consequence", "check"),
    evidence: dict[str, Verdict] | None = None,
    linked: bool = False,
) -> str:
    """The errata (every one unless ``errata``) as a Markdown table in the paper's order
    (``in_paper_order``), each row with what its check shows (``verdict.flag_text``):
    "flagged: …" (or "NOT flagged: …") and the sentence and numbers of its verdict. The verdicts
    are read from ``evidence`` (label → verdict, the published ones; a missing label is a
    KeyError) or, without it, each check is run here; a check that returns no Verdict is a
    TypeError naming the erratum (``Erratum.verdict``). ``columns``: a subset of ``COLUMNS``
    (the book's index: ``index_columns``); any other name is a ValueError. ``linked``: the
    number links where the erratum is written out (``erratum_link``), which the index needs:
    its checks' sentences are shown there, once. Plain-text scripts and primes are set as HTML
    (``report.html_scripts``)."""
    errata = ledger.errata() if errata is None else errata
    unknown = [c for c in columns if c not in COLUMNS]
    if unknown or not columns:
        raise ValueError(f"columns must be a non-empty subset of {COLUMNS}, got {columns!r}")
    headings = [HEADINGS.get(c, c) for c in columns]
    lines = ["| " + " | ".join(headings) + " |", "|" + "---|" * len(columns)]
    repeats = same_flaw_numbers(errata)
    for number, e in enumerate(in_paper_order(errata), start=1):
        result = evidence[e.label] if evidence is not None else e.verdict()
        consequence = e.consequence + (
            f" (same flaw as “{e.same_flaw_as}”)" if e.same_flaw_as else ""
        )
        wrong = f"<i>printed</i> {gist(e.printed)}<br><i>correct</i> {gist(e.correct)}"
        if e.label in repeats:
            wrong += f"<br><i>same flaw as</i> #{repeats[e.label]}"
        cited = f"[{number}]({erratum_link(e)})" if linked else str(number)
        values = [cited, e.label, e.kind, wrong, written_out(e), e.printed, e.correct]
        values += [consequence]
        values += [outcome(result), flag_text(result)]
        cells = dict(zip(COLUMNS, values))
        lines.append("| " + " | ".join(_cell(cells[c]) for c in columns) + " |")
    return html_scripts(with_number("\n".join(lines)))
