"""The book's pages of the proof walk (``tools/build_site.py``): an index of the walked proofs
(``index_page``) and a page per proof (``proof_page``), rendered from the published walk
(``published.walked.json``) and the step specs, nothing recomputed.

A proof's page shows each step as a whole relation, grouped by the display it belongs to: the
member before it (the previous step's member in the same display, or the display's text before
its first relation, read from the paper's .tex: ``displayed``) then the step as printed (its
relation and the member that follows it), in MathJax with the paper's macros (``MACROS``, which
``book/conf.py`` gives MathJax); its status as a badge, its evidence folded beneath, the first
false step marked with its counterexample, and links to the erratum that names a step (the
errata page) and to the repaired statement in the corrigendum where there is one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import spec
from .published import cross_check, first_false, load, proof_summaries, summary_table

__all__ = [
    "FOLD",
    "MACROS",
    "Placed",
    "displayed",
    "index_page",
    "new_findings",
    "page_name",
    "proof_page",
    "relation_display",
    "tex_fragment",
]

#: The paper's macros (its preamble), for MathJax: name → definition, or [definition, arity].
MACROS: dict[str, Any] = {
    "cO": "\\mathcal{O}",
    "EE": "\\mathbb{E}",
    "RR": "\\mathbb{R}",
    "PP": "\\mathbb{P}",
    "TG": "\\widetilde{G}",
    "BG": "\\bar{G}",
    "HSig": "\\hat{\\Sigma}",
    "Hu": "\\hat{\\mu}",
    "tg": "\\tilde{g}",
    "argmin": "\\mathop{\\mathrm{argmin}}",
    "tu": "\\tilde{u}",
    "cS": "\\mathcal{S}",
    "mL": "\\mathscr{L}",
    "bu": "\\bar{u}",
    "ti": ["\\tilde{#1}", 1],
    "diag": "\\mathrm{diag}",
    "norm": ["\\left\\|#1\\right\\|", 1],
    "dotprod": ["\\left\\langle #1\\right\\rangle", 1],
    "tr": "\\mathrm{tr}",
    "mathbbm": ["\\mathbb{#1}", 1],
}

#: The status badges (one word each, as the ledger's verdicts are written).
BADGE = {
    "identity": "✓ identity",
    "holds": "✓ holds",
    "fails": "✗ fails",
    "follows": "↳ follows",
    "not checked": "○ not checked",
}


def page_name(proof: str) -> str:
    """The page of a proof: "Lemma 5.1" → "walk-lemma-5-1"."""
    return "walk-" + re.sub(r"[^a-z0-9]+", "-", proof.casefold()).strip("-")


def _reference(match: re.Match) -> str:
    from mines_theory.verification.framework.paper import EQUATIONS, STATEMENTS

    label = match.group(2)
    found = EQUATIONS.get(label) or STATEMENTS.get(label)
    return f"\\text{{{found or label}}}"


def tex_fragment(latex: str) -> str:
    """A step's LaTeX as one display: alignment marks, line breaks, labels, tags and
    ``\\nonumber`` removed, and each ``\\eqref``/``\\ref`` replaced by the number the PDF prints
    (the relation and its member stay as printed)."""
    text = re.sub(r"\\(eqref|ref)\{([^{}]*)\}", _reference, latex)
    text = re.sub(r"\\(label|tag)\{[^{}]*\}", "", text)
    text = re.sub(r"\\(nonumber|notag)\b", "", text)
    text = text.replace("\\\\", " ").replace("&", " ")
    return " ".join(text.split())


@dataclass(frozen=True)
class Placed:
    """Where a step stands in the .tex: the display that holds it (``line``, the line of the
    .tex where it opens) and ``before``, the member before the step's relation (LaTeX)."""

    line: int
    before: str


#: A relation token at the start of a fragment: ``\stackrel{…}{R}``/``\overset{…}{R}`` (one
#: level of braces above it), a command (``\le``) or a character (``=``).
_TOKEN = re.compile(
    r"\\(?:stackrel|overset)\s*\{(?:[^{}]|\{[^{}]*\})*\}\s*\{[^{}]*\}|\\[A-Za-z]+|[=<>]"
)


def _member(fragment: str) -> str:
    """The member of a scanned relation (``coverage.Relation.fragment``): its token dropped."""
    text = fragment.strip()
    m = _TOKEN.match(text)
    return text[m.end() :] if m else text


def displayed(proof: spec.Proof, tex: str) -> dict[int, Placed]:
    """Each step of ``proof`` (by index) placed in the paper's ``tex``: the display of the
    proof's spans (``spec.Proof.spans``, scanned by ``coverage``) whose relation is the step's
    (their normalized LaTeX equal; the first such relation at or after the previous step's,
    else the first anywhere), with the member before it. A step whose relation is not found is
    left out."""
    from .coverage import displays_in, normalized, relations

    found = []  # (line, before, normalized fragment) of every relation, in the .tex's order
    for lo, hi in proof.spans(tex):
        for display in displays_in(tex, lo, hi):
            rels = relations(display)
            tail = sum(len(r.fragment) for r in rels)
            before = display.body[: len(display.body) - tail]
            for r in rels:
                found.append((display.line, normalized(before), normalized(r.fragment)))
                before = _member(r.fragment)
    out: dict[int, Placed] = {}
    at = 0
    for step in proof.steps:
        key = normalized(step.latex)
        hits = [k for k, f in enumerate(found) if f[2] == key]
        if not hits:
            continue
        k = next((k for k in hits if k >= at), hits[0])
        out[step.index] = Placed(found[k][0], tex_fragment(found[k][1]))
        at = k + 1
    return out


def _counts(steps: Sequence[Mapping[str, Any]]) -> str:
    counts = {s: sum(r["status"] == s for r in steps) for s in spec.STATUSES}
    return ", ".join(f"{n} {s}" for s, n in counts.items() if n)


def _line(proof: spec.Proof, steps: Sequence[Mapping[str, Any]]) -> str:
    first = first_false(steps)
    where = f"first false at step {first}" if first is not None else "no false step"
    return (
        f"[{proof.printed} (our {proof.name})]({page_name(proof.name)}.md), "
        f"`{proof.label}`: {len(steps)} steps ({_counts(steps)}); {where}"
    )


def index_page(data: Mapping[str, Any] | None = None) -> str:
    """The index of the walked proofs, with the walk's table per appendix."""
    data = load() if data is None else data
    walked = data["proofs"]
    lines = [
        "# The proof walk",
        "",
        "Every displayed relation of a walked proof is a step with a status, computed: "
        "`identity` (sympy, or a matrix identity at random dimensions), `holds` (no violation "
        "at random admissible instances of the lemma's hypotheses nor in an adversarial search "
        "of the normalized margin), `fails` (a counterexample), `follows` (its own check holds, "
        "but the chain to it passes through a false step) or `not checked` (with its reason). "
        "A page per proof shows where "
        "it first breaks. `python -m mines_theory.verification walk NAME` recomputes a proof.",
        "",
        summary_table(data),
        "",
        "## The walked proofs",
        "",
    ]
    for proof in spec.proofs():
        if proof.name in walked:
            lines.append(f"- {_line(proof, walked[proof.name])}")
    lines += ["", _errata_section(data)]
    from ..views.report import html_scripts  # the errata labels' plain-text scripts, typeset

    return html_scripts("\n".join(lines)) + "\n"


def _errata_section(data: Mapping[str, Any]) -> str:
    """The errata cross-check as a section: each erratum with the failing steps that answer to
    it, the errata of walked proofs no failing step names, and the new findings."""
    result = cross_check(data)
    names = {p.name: p for p in spec.proofs()}

    def step(name: str, index: int) -> str:
        return f"[step {index} of {names[name].printed}]({page_name(name)}.md)"

    lines = [
        "## The walk against the errata",
        "",
        "Every erratum that points into a walked proof should answer to a failing step, and a "
        "failing step that no erratum names is a finding of the walk.",
        "",
    ]
    for label, steps in result.matched.items():
        lines.append(f"- *{label}*: " + ", ".join(step(n, i) for n, i in steps) + ".")
    for label in result.unmatched:
        lines.append(
            f"- *{label}*: no failing step of its walked proof names it (a flaw outside the "
            "displayed relations, in the prose, or one the walk's checks cannot see)."
        )
    for name, index, label, why in result.dangling:
        lines.append(f"- {step(name, index)} names *{label}*: {why}.")
    if result.new_findings:
        lines += ["", "**New findings** (failing steps no erratum names):", ""]
        lines.append(new_findings(data, result))
    return "\n".join(lines)


def new_findings(data: Mapping[str, Any] | None = None, result: Any = None, link: str = "") -> str:
    """The walk's new findings as a Markdown list: each failing step that no erratum names,
    linked to its proof's page (``link`` + the page's name: "" within the book's walk pages),
    with the step's reason (its scripts typeset, ``views.report.html_scripts``) and its
    counterexample; "(none)" when every failing step answers to
    an erratum. ``result`` is the cross-check of ``data`` (``published.cross_check``)."""
    data = load() if data is None else data
    result = cross_check(data) if result is None else result
    names = {p.name: p for p in spec.proofs()}
    lines = []
    for name, index in result.new_findings:
        step = data["proofs"][name][index - 1]
        where = f"[step {index} of {names[name].printed}]({link}{page_name(name)}.md)"
        counterexample = _values(step.get("counterexample") or {})
        reason = (step.get("reason") or "").rstrip()
        reason += "" if not reason or reason.endswith(".") else "."
        lines.append(
            f"- {where} (our {name}): {reason}"
            + (f" Counterexample: {counterexample}." if counterexample else "")
        )
    from ..views.report import html_scripts  # the reasons' plain-text scripts, typeset

    return html_scripts("\n".join(lines)) if lines else "(none)"


def _values(counterexample: Mapping[str, Any]) -> str:
    """A counterexample's values in one line: "d = 2, tau = 0.25" (floats to 4 digits)."""
    return ", ".join(
        f"{k} = {v:.4g}" if isinstance(v, float) else f"{k} = {v}"
        for k, v in counterexample.items()
    )


def _evidence(step: Mapping[str, Any]) -> str:
    parts = []
    if step.get("counterexample"):
        parts.append(f"**Counterexample:** {_values(step['counterexample'])}.")
    if step.get("evidence"):
        parts.append(f"**Evidence:** {step['evidence']}.")
    if step.get("reason"):
        parts.append(f"**Reading and note:** {step['reason']}")
    return "\n\n".join(parts)


def _cited(name: str, data: Mapping[str, Any]) -> str:
    """The results the proof of ``name`` cites (``views.proofgraph.edges``), each with its
    proof's walk: linked to its page and "first false at step N" or "no false step", or "not
    walked"; "" when it cites none."""
    from ..views.proofgraph import edges, node

    summaries = proof_summaries(data)
    names = {p.name: p for p in spec.proofs()}
    out = []
    for target in dict.fromkeys(e.target for e in edges() if e.source == name):
        printed = node(target).printed
        summary = summaries.get(target)
        if summary is None:
            out.append(f"{printed} (our {target}), not walked")
            continue
        where = (
            f"first false at step {summary.first_false}" if summary.first_false else "no false step"
        )
        out.append(f"[{names[target].printed} (our {target})]({page_name(target)}.md), {where}")
    return "; ".join(out)


#: A member before a relation longer than this (characters of LaTeX) is folded: "⋯" in the
#: relation, the member in a ``<details>`` beneath it.
FOLD = 160


def relation_display(before: str, step: str) -> list[str]:
    """The Markdown lines of a step's relation: ``before`` (the member before it, trailing
    punctuation dropped) then ``step`` (its relation and the member after it), in one display;
    ``before`` folded when it is longer than ``FOLD``."""
    before = before.rstrip(" ,.;")
    if not before:
        return ["$$", step, "$$", ""]
    if len(before) <= FOLD:
        return ["$$", f"{before} {step}", "$$", ""]
    return [
        "$$",
        f"\\cdots {step}",
        "$$",
        "",
        '<details class="aside"><summary>The member before it (⋯)</summary>',
        "",
        "$$",
        before,
        "$$",
        "",
        "</details>",
        "",
    ]


def proof_page(
    name: str,
    data: Mapping[str, Any] | None = None,
    repaired: Callable[[str], str | None] = lambda name: None,
    tex: str | None = None,
) -> str:
    """The page of the walk of the proof ``name`` (our name): each step as a whole relation (the
    member before it, from the paper's ``tex``: ``displayed``), grouped by display, with its
    badge and its evidence folded; ``repaired(name)`` gives the label of the repaired statement
    in the corrigendum (a ``prf:`` label), or None. Without ``tex`` a step shows its relation
    and the member after it only, and the page says so."""
    data = load() if data is None else data
    proof = spec.find(name)
    steps = data["proofs"][proof.name]
    first = first_false(steps)
    uses = {s.index: s.uses for s in proof.steps}
    lines = [
        f"# {proof.printed} (our {proof.name}): the walk of its proof",
        "",
        f"The proof of {proof.printed} (`{proof.label}`), relation by relation: "
        f"{len(steps)} steps, {_counts(steps)}; "
        + (f"**the first false step is step {first}**." if first else "no step fails.")
        + f" Admissible instances: {proof.hypotheses}.",
        "",
    ]
    cited = _cited(proof.name, data)
    if cited:
        lines += [
            "A proof whose own lines hold can still rest on a false one: the results it cites "
            f"(the proof map's arrows), with their walks: {cited}.",
            "",
        ]
    label = repaired(proof.name)
    if label is not None:
        link = f"{{prf:ref}}`{proof.printed}, repaired <{label}>`"
        lines += [f"The corrigendum states it as repaired: {link}.", ""]
    placed = displayed(proof, tex) if tex is not None else {}
    if tex is None:
        lines += [
            "Each step shows its relation and the member after it (the members before them are "
            "read from the paper's .tex, which this build did not have).",
            "",
        ]
    groups: dict[int | None, list[int]] = {}
    for step in steps:
        where = placed.get(int(step["index"]))
        groups.setdefault(where.line if where else None, []).append(int(step["index"]))
    shown: set[int | None] = set()
    for step in steps:
        index = int(step["index"])
        where = placed.get(index)
        group = where.line if where else None
        if placed and group not in shown:
            shown.add(group)
            members = groups[group]
            span = (
                f"step {members[0]}" if len(members) == 1 else f"steps {members[0]}–{members[-1]}"
            )
            title = f"Display {len(shown)}" if group is not None else "Steps not found in the .tex"
            lines += [f"## {title} · {span}", ""]
        mark = " · first false step" if index == first else ""
        level = "###" if placed else "##"
        lines += [f"{level} Step {index} · {BADGE[step['status']]}{mark}", ""]
        lines += relation_display(where.before if where else "", tex_fragment(step["latex"]))
        used = ", ".join(uses.get(index, ()))
        if used:
            lines += [f"Uses: {used}.", ""]
        if step.get("erratum"):
            lines += [f"Named by the erratum *{step['erratum']}* ([errata](08d-errata.ipynb)).", ""]
        evidence = _evidence(step)
        if evidence:
            opened = " open" if index == first else ""
            lines += [
                f'<details class="aside"{opened}><summary>Evidence</summary>',
                "",
                evidence,
                "",
                "</details>",
                "",
            ]
    from ..views.report import html_scripts  # the notes' plain-text scripts, typeset

    return html_scripts("\n".join(lines))
