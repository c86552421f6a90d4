"""The errata table as a reader meets it: every typo or faulty step the suite found in the paper
(``ledger.errata``, declared above each check with ``declare.erratum``), grouped by the flaw it
states, as a Markdown table with what each check shows. Notebook ``08d-errata`` renders
``errata_table``.
"""

from __future__ import annotations

from ..framework import ledger
from ..framework.spec import Erratum
from ..framework.verdict import Verdict, flag_text
from .report import html_scripts

__all__ = ["COLUMNS", "distinct_flaws", "errata_table", "flaw_groups"]


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


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


#: The columns ``errata_table`` can show, in their order.
COLUMNS = ("place", "kind", "printed", "correct", "consequence", "check")


def errata_table(
    errata: tuple[Erratum, ...] | None = None,
    columns: tuple[str, ...] = COLUMNS,
    evidence: dict[str, Verdict] | None = None,
) -> str:
    """The errata (every one unless ``errata``) as a Markdown table, each row with what its
    check shows (``verdict.flag_text``): "flagged: …" (or "NOT flagged: …") and the sentence
    and numbers of its verdict. The verdicts are read from ``evidence`` (label → verdict, the
    published ones; a missing label is a KeyError) or, without it, each check is run here; a
    check that returns no Verdict is a TypeError naming the erratum (``Erratum.verdict``).
    ``columns``: a subset of ``COLUMNS`` (a narrow index for the book, say ("place", "kind",
    "check")); any other name is a ValueError. Plain-text scripts and primes are set as HTML
    (``report.html_scripts``)."""
    errata = ledger.errata() if errata is None else errata
    unknown = [c for c in columns if c not in COLUMNS]
    if unknown or not columns:
        raise ValueError(f"columns must be a non-empty subset of {COLUMNS}, got {columns!r}")
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for e in errata:
        result = evidence[e.label] if evidence is not None else e.verdict()
        status = flag_text(result)
        consequence = e.consequence + (
            f" (same flaw as “{e.same_flaw_as}”)" if e.same_flaw_as else ""
        )
        cells = dict(zip(COLUMNS, [e.label, e.kind, e.printed, e.correct, consequence, status]))
        lines.append("| " + " | ".join(_cell(cells[c]) for c in columns) + " |")
    return html_scripts("\n".join(lines))
