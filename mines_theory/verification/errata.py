"""The errata: every typo or faulty step the suite found in the paper, as data.

Each ``Erratum`` names the place, what is printed, what is correct, whether the statement
survives, and a check (in the verification module of the paper's section) that returns True
when the printed form is confirmed wrong as described. Each is declared once, above its check
(``registry.erratum``, with its ``row`` in the table); ``ERRATA`` is collected from the
declarations in ``SOURCES``. ``tests/test_ledger.py`` runs them all; notebook ``08-errata``
renders ``errata_table``.
"""

from __future__ import annotations

from typing import Any


from . import appendix_d, appendix_e, registry, section2, section2_errata, section3, section4, section5
from .registry import KINDS, Erratum
from .verdict import Evidence

__all__ = [
    "COLUMNS",
    "ERRATA",
    "KINDS",
    "SOURCES",
    "Erratum",
    "ErratumResult",
    "as_result",
    "check_text",
    "distinct_flaws",
    "errata_table",
    "flaw_groups",
]

#: The modules whose declarations (``registry.erratum``, beside each check) make the table; a
#: package with its submodules.
SOURCES = (section2, section2_errata, section3, section4, section5, appendix_d, appendix_e)

#: Every erratum, in the order of its ``row`` (``KINDS``: "typo", "error", "ill-defined",
#: "imprecision", defined in ``registry``).
ERRATA: tuple[Erratum, ...] = registry.errata(SOURCES)


def flaw_groups(errata: tuple[Erratum, ...] = ERRATA) -> list[list[str]]:
    """The entries grouped by the flaw they state: an entry with ``same_flaw_as`` joins the
    group of the entry it names (transitively); each group lists labels in table order. A
    ``same_flaw_as`` that names no entry is a ValueError."""
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


def distinct_flaws(errata: tuple[Erratum, ...] = ERRATA) -> int:
    """How many distinct flaws the table states: entries linked by ``same_flaw_as`` (one flaw
    stated twice, e.g. where it arises and where a constant inherits it) count once."""
    return len(flaw_groups(errata))


#: What an erratum's check returns: its evidence, the flag with the numbers that argue it.
ErratumResult = Evidence


def as_result(label: str, result: Any) -> Evidence:
    """``result`` of the check of erratum ``label``, which must be an ``Evidence``; anything else
    (a bool without its numbers, a ``Verdict``, None, an array) is a TypeError naming the
    erratum."""
    if isinstance(result, Evidence):
        return result
    raise TypeError(
        f"the check of erratum {label!r} must return an Evidence, "
        f"got {type(result).__name__} {result!r:.60}"
    )


def check_text(result: Evidence) -> str:
    """How an erratum's check reads in the corrigendum: "flagged: " or "NOT flagged: " and its
    sentence, its numbers rendered with their uncertainties.

    >>> from mines_theory.verification.verdict import Measurement
    >>> check_text(Evidence(True, "largest z = {z} (criterion: z > 4)",
    ...                     (Measurement("z", 48.31, 1.0, "z"),)))
    'flagged: largest z = 48.3 (criterion: z > 4)'
    """
    return ("flagged: " if result.flagged else "NOT flagged: ") + result.text()


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


#: The columns ``errata_table`` can show, in their order.
COLUMNS = ("place", "kind", "printed", "correct", "consequence", "check")


def errata_table(
    errata: tuple[Erratum, ...] = ERRATA,
    columns: tuple[str, ...] = COLUMNS,
    evidence: dict[str, Evidence] | None = None,
) -> str:
    """The errata as a Markdown table, each row with what its check shows (``check_text``):
    "flagged: …" (or "NOT flagged: …") and the sentence and numbers of its ``Evidence``. The
    results are read from ``evidence`` (label → Evidence, ``corrigendum.reconciled_evidence``; a
    missing label is a KeyError) or, without it, each check is run here; anything but an
    Evidence is a TypeError naming the erratum (``as_result``). ``columns``: a subset of
    ``COLUMNS`` (a narrow index for the book, say ("place", "kind", "check")); any other name is
    a ValueError."""
    unknown = [c for c in columns if c not in COLUMNS]
    if unknown or not columns:
        raise ValueError(f"columns must be a non-empty subset of {COLUMNS}, got {columns!r}")
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for e in errata:
        result = evidence[e.label] if evidence is not None else e.check()
        status = check_text(as_result(e.label, result))
        consequence = e.consequence + (
            f" (same flaw as “{e.same_flaw_as}”)" if e.same_flaw_as else ""
        )
        cells = dict(zip(COLUMNS, [e.label, e.kind, e.printed, e.correct, consequence, status]))
        lines.append("| " + " | ".join(_cell(cells[c]) for c in columns) + " |")
    return "\n".join(lines)
