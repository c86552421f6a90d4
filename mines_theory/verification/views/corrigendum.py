"""The corrigendum in Markdown: each repaired result's section (``repair_markdown``), the sympy
derivations of its constants, the errata outside the repaired results (``errata_markdown``),
each erratum's check shown by its evidence (``erratum_evidence``, the sentence and numbers
that argue it, from the published data), and ``readable`` (TeX-like scripts in Unicode).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import sympy as sp

from mines_theory.theory.derivations import repairs as derivations

from ..framework.evidence import ErratumResult, as_result, check_text
from ..framework.ledger import ERRATA
from ..framework.registry import KINDS
from ..framework.paper import with_number
from ..framework.verdict import Verdict
from ..claims.repairs import REPAIRS, Repair

__all__ = [
    "readable",
    "errata_outside_repairs",
    "repair_markdown",
    "derivation_markdown",
    "errata_markdown",
]

_SUPERSCRIPT = dict(zip("0123456789+−-=()ikt", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ⁱᵏᵗ"))
_SUBSCRIPT = dict(zip("0123456789+−-=()ijkt", "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ᵢⱼₖₜ"))
_FRACTIONS = {"1/2": "^½", "-1/2": "^−½", "3/2": "^(3/2)"}


def readable(text: str) -> str:
    """``text`` with its TeX-like scripts (Σ^{1/2}, u_{t,i}, (1−ρ)^{k−1}) in Unicode, so that
    no raw brace reaches the book: a script whose characters all have Unicode forms becomes
    them, ^{1/2} becomes ^½ (^{3/2} ^(3/2)), anything else its content in parentheses.

    >>> readable("Σ^{-1/2}uuᵀΣ^{1/2}, Y_{t,i}, (1 − ρ)^{k−1}, Σ_{t≥1}")
    'Σ^−½uuᵀΣ^½, Y_(t,i), (1 − ρ)ᵏ⁻¹, Σ_(t≥1)'
    """

    def script(match):
        mark, body = match.group(1), match.group(2)
        if mark == "^" and body in _FRACTIONS:
            return _FRACTIONS[body]
        table = _SUPERSCRIPT if mark == "^" else _SUBSCRIPT
        if all(ch in table for ch in body):
            return "".join(table[ch] for ch in body)
        return f"{mark}({body})"

    return re.sub(r"([_^])\{([^{}]*)\}", script, text)


def errata_outside_repairs(kind: str) -> list:
    """The entries of ``errata.ERRATA`` of ``kind`` that no ``Repair`` names (the corrigendum
    lists them in their own sections)."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, got {kind!r}")
    named = {label for r in REPAIRS for label in r.errata}
    return [e for e in ERRATA if e.kind == kind and e.label not in named]


def _erratum(label: str):
    return next(e for e in ERRATA if e.label == label)


def _argued(label: str, evidence: Mapping[str, ErratumResult] | None) -> str:
    """The text " (*check:* …)" with erratum ``label``'s result in ``evidence`` ("" without
    it)."""
    if evidence is None:
        return ""
    if label not in evidence:
        raise ValueError(f"evidence must hold a result for every erratum shown, missing {label!r}")
    return f" (*check:* {readable(check_text(evidence[label]))})"


def repair_markdown(
    entry: Repair,
    verdict: Verdict | None = None,
    more: tuple[Verdict, ...] = (),
    evidence: Mapping[str, ErratumResult] | None = None,
) -> str:
    """The corrigendum's section body for ``entry`` (MyST Markdown, $…$ mathematics, lists
    only): printed and repaired statements, hypotheses, the errata it repairs (each with its
    correct form and, given ``evidence`` (label → published result, ``reconciled_evidence``),
    the sentence and numbers of its check), the functions that hold the constants, and the
    check's verdict with its numbers (``verdict``, or a pointer to the errata's checks when
    there is none)."""
    lines = [
        f"**Printed.** {entry.printed}",
        "",
        f"**Repaired.** {entry.repaired}",
        "",
        f"**Hypotheses added.** {entry.hypotheses}",
        "",
        f"**Survives?** {entry.survives}.",
        "",
        "**Errata it repairs:**",
        "",
    ]
    lines += [
        f"* *{readable(label)}*: {readable(_erratum(label).correct)}" + _argued(label, evidence)
        for label in entry.errata
    ]
    where = ", ".join(f"`bounds.{name}`" for name in entry.corrected)
    if entry.derivation:
        where += f"; derived in `derivations.{entry.derivation}`"
    lines += ["", f"**Constants:** {where}." if where else "", ""]
    if verdict is None:
        lines.append("**Check:** argued by the checks of the errata above (index below).")
    else:
        lines.append(f"**Check ({verdict.status.value}):** {verdict.text()}.")
        lines += [
            f"* {q.name}: {'yes' if q.outcome else 'no'} ({q.criterion})"
            for q in verdict.qualifiers
        ]
    for extra in more:
        lines += ["", f"**Check ({extra.status.value}):** {extra.text()}."]
    return with_number("\n".join(lines))


def derivation_markdown(name: str) -> str:
    """Each constant that ``derivations.<name>`` derives: its closed form (display math) and
    whether the derivation from the proof's steps minus it simplifies to 0 (sympy)."""
    lines = []
    for key, (derived, closed) in getattr(derivations, name)().items():
        zero = sp.simplify(derived - closed) == 0
        answer = "yes" if zero else "NO"
        lines += [
            f"* `{key}`: derived − closed form simplifies to 0: **{answer}**",
            "",
            f"  $$ {sp.latex(closed)} $$",
            "",
        ]
    return "\n".join(lines)


def errata_markdown(kind: str, evidence: Mapping[str, ErratumResult] | None = None) -> str:
    """The errata of ``kind`` that no repaired result names, as a list: place, printed, correct,
    consequence (Unicode, no raw braces), and what its check shows (``check_text``: the sentence
    and numbers of its evidence), read from
    ``evidence`` (label → published result, ``reconciled_evidence``), or run here without it."""
    lines = []
    for e in errata_outside_repairs(kind):
        result = evidence[e.label] if evidence is not None else as_result(e.label, e.check())
        lines.append(
            f"* **{readable(e.label)}.** Printed: {readable(e.printed)}. Correct: "
            f"{readable(e.correct)}. {readable(e.consequence)} (*check:* "
            f"{readable(check_text(result))})"
        )
    return with_number("\n".join(lines)) if lines else "None."
