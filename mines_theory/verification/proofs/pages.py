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

import math
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..framework.spec import Erratum
from ..framework.verdict import Status, Verdict
from mines_theory.numbers import powers_of_ten
from ..views.report import (
    NUMBERING,
    STATUS_VERBS,
    as_printed,
    first_false,
    page_name,
)
from ..views.report import SLIPS_BEFORE_SHORT, slip_kind, slips_before
from ..views.report import first_error as report_first_error
from . import spec
from .check import EXPECTATION_INSTANCES, K_SE, MONTE_CARLO_DRAWS, model_function
from .published import (
    cross_check,
    load,
    proof_labels,
    reconciliation,
    summary_table,
)
from .walk import points_into

__all__ = [
    "CHAINED",
    "ProofSummary",
    "proof_summaries",
    "FOLD",
    "FOUND",
    "GLOSSARY",
    "HOW_TO_READ",
    "READING_ANCHOR",
    "LINE",
    "MACROS",
    "NOTATION",
    "Placed",
    "READING",
    "STATEMENT_LEAD",
    "SIZE_COMMANDS",
    "PROJECTIONS",
    "scale_words",
    "side_digits",
    "SYMBOLS_OF",
    "DISPLAYED",
    "DISPLAYED_OF",
    "STANDARD_SYMBOLS",
    "WORDS",
    "answered",
    "unanswered_errata",
    "display_symbols",
    "answers_to",
    "barred",
    "reading_section",
    "chain_break",
    "displayed",
    "failures_by_erratum",
    "first_clause",
    "first_error",
    "gist",
    "index_page",
    "margin_note",
    "new_findings",
    "number",
    "numbered",
    "power",
    "proof_page",
    "own_relation",
    "relation_display",
    "slip",
    "statement_text",
    "statement_verdicts",
    "step_anchor",
    "step_link",
    "step_numbers",
    "symbol",
    "symbols_line",
    "tex_fragment",
    "unanswered",
    "visible_width",
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
    # the strut: MathJax sets \left\| small around a short member ("|| ν ||", reader 56)
    "norm": ["\\left\\|\\mathstrut #1\\right\\|", 1],
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


#: The badges of a failing step that is a slip (``slip``), by its kind: false as printed, the
#: paper shows (or an erratum gives) the intended form; not where the proof fails.
SLIP_BADGE = {"typo": "✗ typo", "imprecision": "✗ imprecision"}


def badge(proof: str, step: Mapping[str, Any]) -> str:
    """The badge of a walked ``step`` of the proof ``proof`` (our name): its status's
    (``BADGE``), but for a failing step that is a slip (``slip``: a typo or an imprecision),
    its kind's (``SLIP_BADGE``).

    >>> badge("Lemma 5.1", {"index": 6, "status": "fails", "erratum": None})
    '✗ typo'
    >>> erratum = "proof of Thm 3.4, last chain, second line"
    >>> badge("Thm 3.4", {"index": 41, "status": "fails", "erratum": erratum})
    '✗ imprecision'
    >>> badge("Lemma E.8", {"index": 3, "status": "holds"})
    '✓ holds'
    """
    kind = slip({**step, "proof": proof}) if step["status"] == "fails" else None
    return SLIP_BADGE[kind] if kind in SLIP_BADGE else BADGE[step["status"]]


def _reference(match: re.Match) -> str:
    from mines_theory.verification.framework.paper import EQUATIONS, STATEMENTS

    label = match.group(2)
    found = EQUATIONS.get(label) or STATEMENTS.get(label)
    return f"\\text{{{found or label}}}"


def tex_fragment(latex: str) -> str:
    """A step's LaTeX as one display: alignment marks, line breaks, labels, tags,
    ``\\nonumber`` and size commands (``SIZE_COMMANDS``) removed, and each
    ``\\eqref``/``\\ref`` replaced by the number the PDF prints (the relation and its member
    stay as printed)."""
    text = re.sub(r"\\(eqref|ref)\{([^{}]*)\}", _reference, latex)
    text = re.sub(r"\\(label|tag)\{[^{}]*\}", "", text)
    text = re.sub(r"\\(nonumber|notag)\b", "", text)
    text = SIZE_COMMANDS.sub("", text)
    text = text.replace("\\\\", " ").replace("&", " ")
    return " ".join(text.split())


#: The labels of the .tex that are neither an equation nor a statement, with what the PDF prints.
_OTHER_LABELS = {"alg:zero_order": "1"}
#: A display environment of a statement (``\\begin{align*}`` … ``\\end{align*}``).
_DISPLAY_ENV = re.compile(
    r"\\begin\{(equation|align|gather|multline)(\*?)\}(.*?)\\end\{\1\2\}", re.S
)
#: A size command of the .tex (MathJax knows some, not ``\\footnotesize``, and sets an error
#: in red in its place): a walk page sets every display at the text's size, a line too wide
#: for the column scrolled (``_lines``), never one smaller than the rest.
SIZE_COMMANDS = re.compile(
    r"\\(?:tiny|Tiny|scriptsize|footnotesize|small|normalsize|large|Large|LARGE|huge|Huge"
    r"|displaystyle|textstyle|scriptstyle|scriptscriptstyle)(?![A-Za-z])"
)
#: What a display's body drops: its inner alignment environment and a size command.
_DISPLAY_NOISE = re.compile(
    r"\\(?:begin|end)\{(?:aligned|split|gathered)\}|" + SIZE_COMMANDS.pattern
)

#: Where a statement's display starts a line: at a line break of the .tex, and after the comma
#: of a list of definitions or conditions ("c₁ = …, \\quad c₂ = …", "…, \\mbox{ and } …").
_ROW = re.compile(
    r"\\\\|(?<=,)\s*(?:\\q?quad\s*(?!\\mbox)|(?:\\q?quad\s*)?(?=\\mbox\{\s*(?:and|if|with)\b))"
)
#: The widest line of a statement's display (``visible_width``): narrower than a step's
#: (``LINE``), as its lines hold more fractions and roots, which the count underestimates.
STATEMENT_LINE = 44


def _printed_reference(match: re.Match) -> str:
    """The number the PDF prints for a ``\\ref``/``\\eqref`` of prose: "(5.1)" for an
    ``\\eqref``, "5.1" or "36" for a ``\\ref`` (its word, "Lemma", is in the prose)."""
    from mines_theory.verification.framework.paper import EQUATIONS, STATEMENTS

    label = match.group(2)
    if label in EQUATIONS:
        number = EQUATIONS[label]
        return number if match.group(1) == "eqref" else number.strip("()")
    if label in STATEMENTS:
        return STATEMENTS[label].rsplit(" ", 1)[-1]
    return _OTHER_LABELS.get(label, label)


def _prose(latex: str) -> str:
    """The prose of a statement in Markdown: its inline mathematics (``$…$``) as
    ``tex_fragment`` gives it, references as the PDF's numbers, ``~`` a space, ``\\texttt``
    and ``\\emph`` in words, citations dropped, an ``enumerate``'s items numbered."""
    parts = re.split(r"(\$[^$]*\$)", latex)
    items = 0
    for i, part in enumerate(parts):
        if i % 2:
            parts[i] = f"${tex_fragment(part[1:-1])}$"
            continue
        part = re.sub(r"\\(eqref|ref)\{([^{}]*)\}", _printed_reference, part)
        part = re.sub(r"\\label\{[^{}]*\}|\\cite[pt]?\{[^{}]*\}", "", part)
        part = re.sub(r"\\(?:texttt|textrm|mbox)\{([^{}]*)\}", r"\1", part)
        part = re.sub(r"\\(?:emph|textit)\{([^{}]*)\}", r"*\1*", part)
        part = re.sub(r"\\(?:begin|end)\{(?:enumerate|itemize)\}(?:\[[^]]*\])?", "\n\n", part)
        while "\\item" in part:
            items += 1
            part = part.replace("\\item", f"\n\n({items})", 1)
        parts[i] = part.replace("~", " ").replace("{}", "")
    paragraphs = re.split(r"\n\s*\n", "".join(parts))
    return "\n\n".join(" ".join(p.split()) for p in paragraphs if p.strip())


def statement_text(proof: spec.Proof, tex: str) -> str | None:
    """The statement of ``proof`` as the paper prints it, in Markdown: the body of the
    ``lemma``/``theorem`` environment that holds the ``\\label`` of the proof's statement
    (``spec.Proof.statement_span``), its prose as text (``_prose``) and each display as a
    display of the steps' kind (``tex_fragment`` per line of the .tex, and per definition of a
    list of them, "c₁ = …, \\quad c₂ = …", ``_display``); None when
    the .tex holds no environment around that label."""
    from dataclasses import replace

    try:
        span = replace(proof, statement=f"\\label{{{proof.label}}}").statement_span(tex)
    except ValueError:
        return None
    assert span is not None  # a statement is given, so a span or a ValueError
    body = tex[span[0] : span[1]]
    body = re.sub(r"^\\begin\{\w+\}(?:\[[^]]*\])?", "", body)
    out, at = [], 0
    for m in _DISPLAY_ENV.finditer(body):
        out.append(_prose(body[at : m.start()]))
        rows = _ROW.split(_DISPLAY_NOISE.sub("", m.group(3)))
        members = [("", tex_fragment(r)) for r in rows if tex_fragment(r)]
        out += ["", *_display(members, join=False, width=STATEMENT_LINE)]
        at = m.end()
    out.append(_prose(body[at:]))
    return "\n".join(line for line in out).strip()


@dataclass(frozen=True)
class Placed:
    """Where a step stands in the .tex: the display that holds it (``line``, the line of the
    .tex where it opens), ``before``, the member before the step's relation (LaTeX), and
    ``after``, what follows the step's member up to the next relation at bracket depth 0 (""
    when the member ends there): ``before``, the relation, its member and ``after`` close every
    bracket they open (``displayed``). ``chain`` counts the chains of the display before the
    step's (a line of the .tex that opens with a left member of its own starts a new one,
    ``chain_break``), and ``run_on`` is that new chain's left member where the step's fragment
    runs on into it, ``own`` the step's relation without it (and without the separator,
    ``chain_break``): the page shows ``own``."""

    line: int
    before: str
    after: str = ""
    chain: int = 0
    run_on: str = ""
    own: str = ""


#: A line of a display that continues the member before it: it opens with an operator or a
#: space (``\\quad``), after its alignment mark, if any.
_CONTINUED = re.compile(r"\s*&?\s*(?:[-+*/=<>]|\\(?:cdot|times|quad|qquad|;|,)(?![A-Za-z]))")

#: What separates two relations printed side by side in a display, a list of conditions
#: (``A_1\Sigma = \tau^{-1}A_1,\quad A_2\Sigma = \zeta^{-1}A_2``) or a definition and its
#: parameter (``A_1 = U\Lambda U^\top \quad\mbox{with}\quad \Lambda_{i,i} = …``): a comma
#: before a space ``\quad``, or ", and"/"with" in words. A quantifier (``, \forall \beta``)
#: or a condition (``\mbox{ if }``) is part of its relation and separates nothing.
_SEPARATOR = re.compile(
    r",?\s*(?:\\q?quad\s*)?\\(?:mbox|text|textrm)\{\s*(?:and|with)\s*\}\s*(?:\\q?quad)?"
    r"|,\s*\\q?quad(?![A-Za-z])(?!\s*\\(?:mbox|text|textrm)\{\s*(?:if|for|where)\b)"
)


def chain_break(fragment: str) -> tuple[str, str] | None:
    """Where the relation ``fragment`` of a display (its token and the member after it, raw
    .tex) runs on into the left member of another relation: past a separator of relations
    side by side (``_SEPARATOR``: ",\\quad", "\\mbox{ and }", "\\quad\\mbox{with}\\quad"),
    or past a line break of the .tex into a line that opens with a left member of its own
    (not an operator or a space that continues the member, after its alignment mark: the
    printed display's next chain). Its own part (without the separator) and that left member;
    None where it does not.

    >>> chain_break(r"= (d^2 + 2d) E[x] \\\\ \\tr(\\Lambda) \\cdot I_d ")
    ('= (d^2 + 2d) E[x] ', ' \\\\tr(\\\\Lambda) \\\\cdot I_d ')
    >>> chain_break(r"= a \\\\ & \\quad + b") is None, chain_break(r"= a \\\\ &= b") is None
    (True, True)
    >>> chain_break(r"= \\tau^{-1}A_1,\\quad A_2\\Sigma")
    ('= \\\\tau^{-1}A_1', ' A_2\\\\Sigma')
    >>> chain_break(r"= \\zeta^{-1}A_2\\\\ &A_1")
    ('= \\\\zeta^{-1}A_2', ' &A_1')
    """
    depth = 0
    for i, ch in enumerate(fragment):
        depth += {"{": 1, "}": -1}.get(ch, 0) if (i == 0 or fragment[i - 1] != "\\") else 0
        m = _SEPARATOR.match(fragment, i) if depth == 0 else None
        if m and is_balanced(fragment[:i]) and fragment[m.end() :].strip():
            return fragment[:i], fragment[m.end() :]
    at = fragment.rfind("\\\\")
    if at < 0:
        return None
    own, rest = fragment[:at], fragment[at + 2 :]
    if not rest.replace("&", "").strip() or _CONTINUED.match(rest) or not is_balanced(own):
        return None
    return own, rest


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


def _whole(parts: Sequence[str], k: int) -> tuple[str, str]:
    """The member before relation ``k`` of a display and what follows its member, widened by
    whole relations until the two with the relation close every bracket they open
    (``is_balanced``): ``parts`` is the display's text before its first relation, then each
    relation with its member (``coverage.Relation.fragment``). A relation inside P(·) or exp(·)
    is shown with the whole of it.

    >>> _whole(["P(x", r"\\ge a)", r"\\le b"], 2)
    ('P(x \\\\ge a)', '')
    >>> _whole(["P(x", r"\\ge a)", r"\\le b"], 1)
    ('P(x', '')
    """
    lo, hi = k - 1, k + 1

    def shown() -> str:
        head = _member(parts[lo]) if lo else parts[0]
        return " ".join([head, *parts[lo + 1 : hi]])

    while not is_balanced(shown()):
        depths, stray = bracket_depths(shown())
        if stray and lo > 0:
            lo -= 1
        elif depths[-1] and hi < len(parts):
            hi += 1
        else:
            break
    head = _member(parts[lo]) if lo else parts[0]
    return " ".join([head, *parts[lo + 1 : k]]), " ".join(parts[k + 1 : hi])


def displayed(proof: spec.Proof, tex: str) -> dict[int, Placed]:
    """Each step of ``proof`` (by index) placed in the paper's ``tex``: the display of the
    proof's spans (``spec.Proof.spans``, scanned by ``coverage``) whose relation is the step's
    (their normalized LaTeX equal; the first such relation at or after the previous step's,
    else the first anywhere), with the member before it and what follows its member, widened
    where the relation stands inside brackets (``_whole``). A step whose relation is not found
    is left out."""
    from .coverage import displays_in, normalized, relations

    found = []  # (line, before, after, normalized fragment, chain, run-on, own) of each
    for lo, hi in proof.spans(tex):
        for display in displays_in(tex, lo, hi):
            rels = relations(display)
            tail = sum(len(r.fragment) for r in rels)
            chains = [[display.body[: len(display.body) - tail]]]  # each: its head, relations
            run_on: dict[int, tuple[str, str]] = {}  # a relation's place → (the next
            for k, r in enumerate(rels):  # chain's head, the relation's own part)
                broken = chain_break(r.fragment) if k < len(rels) - 1 else None
                chains[-1].append(broken[0] if broken else r.fragment)
                if broken:
                    chains.append([broken[1]])
                    run_on[k] = (normalized(broken[1]), normalized(broken[0]))
            k = 0
            for c, chain in enumerate(chains):
                parts = [normalized(x) for x in chain]
                for j in range(1, len(parts)):
                    key = normalized(rels[k].fragment)
                    head, own = run_on.get(k, ("", ""))
                    found.append((display.line, *_whole(parts, j), key, c, head, own))
                    k += 1
    out: dict[int, Placed] = {}
    at = 0
    for step in proof.steps:
        key = normalized(step.latex)
        hits = [k for k, f in enumerate(found) if f[3] == key]
        if not hits:
            continue
        k = next((k for k in hits if k >= at), hits[0])
        line, before, after, _, chain_no, next_head, own = found[k]
        out[step.index] = Placed(
            line,
            tex_fragment(before),
            tex_fragment(after),
            chain_no,
            tex_fragment(next_head),
            tex_fragment(own) if own else "",
        )
        at = k + 1
    return out


#: What ``numbered`` leaves as it is: code spans and mathematics.
_CODE_OR_MATH = re.compile(r"(`[^`\n]*`|\$\$.*?\$\$|\$[^$\n]*\$)", re.S)


#: What ``barred`` leaves as it is: code spans, mathematics and HTML tags (their attributes).
_CODE_MATH_OR_TAG = re.compile(r"(`[^`\n]*`|\$\$.*?\$\$|\$[^$\n]*\$|<[^<>\n]*>)", re.S)
#: A letter under a combining macron (U+0304), as the views' text writes Σ̄.
_MACRON = re.compile("(\\w)\u0304")


def barred(markdown: str) -> str:
    """``markdown`` with each letter under a combining macron (U+0304) in its prose set as
    MathJax's ``\\bar``: the browser draws the macron of Σ̄ onto Σ's top bar, where it cannot be
    seen ("Σ̄ = α²Σ" reads Σ = α²Σ, reader 58); code, mathematics and HTML tags as they are.

    >>> print(barred("Σ̄ = α²Σ, Σ̄⁻¹, `Σ̄` and $x$"))
    $\\bar{\\Sigma}$ = α²Σ, $\\bar{\\Sigma}$⁻¹, `Σ̄` and $x$
    """
    tex = {letter: f"\\{name}" for name, letter in reversed(_GREEK_LETTERS.items())}

    def bar(match: re.Match) -> str:
        return f"$\\bar{{{tex.get(match.group(1), match.group(1))}}}$"

    parts = _CODE_MATH_OR_TAG.split(markdown)
    return "".join(p if i % 2 else _MACRON.sub(bar, p) for i, p in enumerate(parts))


def numbered(markdown: str) -> str:
    """``markdown`` with the number the PDF prints beside each equation label of its prose
    (``paper.with_number``) and after a code span that is one (tests/test_book_mathematics.py);
    mathematics as it is. (No label in a code span here: test_paper_numbers reads this text.)

    >>> print(numbered("by eq:gd_low, $x$"))
    by eq:gd_low (D.5), $x$
    """
    from mines_theory.verification.framework.paper import EQUATIONS, with_number

    parts = _CODE_OR_MATH.split(markdown)
    for i, part in enumerate(parts):
        if i % 2 == 0:
            parts[i] = with_number(part)
        elif part.strip("`") in EQUATIONS and not parts[i + 1].startswith(" ("):
            parts[i] = f"{part} {EQUATIONS[part.strip('`')]}"
    return "".join(parts)


def _tally(steps: Sequence[Mapping[str, Any]]) -> str:
    counts = {s: sum(r["status"] == s for r in steps) for s in spec.STATUSES}
    return ", ".join(f"{n} {s}" for s, n in counts.items() if n)


def _counts(proof: str, steps: Sequence[Mapping[str, Any]]) -> str:
    """The walked ``steps`` of the proof ``proof`` (our name) counted, one convention for the
    index's list and each page's opening: the steps by status in parentheses.

    >>> _counts("Lemma E.8", [{"index": 5, "status": "fails"}, {"index": 6, "status": "fails"}])
    '2 steps (2 fails)'
    """
    return f"{len(steps)} steps ({_tally(steps)})"


def inherited(name: str, steps: Sequence[Mapping[str, Any]]) -> str | None:
    """Where no step of the proof of ``name`` (our name) fails but the corrigendum finds the
    statement as printed wanting (``views.report.as_printed``): a sentence saying that the flaw
    is in the results the proof cites, which the walk takes as given; else None.

    >>> print(inherited("Thm 5.4", [{"index": 1, "status": "holds"}]))  # doctest: +ELLIPSIS
    No displayed relation of this proof fails, yet the corrigendum finds ... [its constant changes](...): the flaw is in results it cites, ...
    >>> inherited("Thm 5.4", [{"index": 1, "status": "fails"}]) is None
    True
    """  # noqa: E501
    printed = as_printed(name)
    if first_false(steps) is not None or printed is None:
        return None
    return (
        f"No displayed relation of this proof fails, yet the corrigendum finds its statement "
        f"as printed wanting, {printed}: the flaw is in results it cites, which the walk takes "
        "as given (the results it cites, with their walks, are listed below)."
    )


def nearest_false(proof: str, steps: Sequence[Mapping[str, Any]], index: int) -> int | None:
    """The nearest failing step that step ``index`` of the proof ``proof`` (our name) is reached
    through: the latest failing step among those it uses (``spec.Step.earlier``), else the
    nearest of the steps it uses, transitively; None where it is reached through none (the
    walk's ``after`` is the first such step, which can lie far upstream).

    >>> steps = [{"index": i, "status": "holds"} for i in range(1, 33)]
    >>> for i in (3, 7):
    ...     steps[i - 1]["status"] = "fails"
    >>> nearest_false("Lemma E.8", steps, 30), nearest_false("Lemma E.8", steps, 31)
    (7, 7)
    """
    declared = {s.index: s for s in spec.find(proof).steps}
    status = {int(s["index"]): s["status"] for s in steps}
    memo: dict[int, int | None] = {}

    def near(i: int) -> int | None:
        if i not in memo:
            uses = declared[i].earlier
            direct = [j for j in uses if status.get(j) == "fails"]
            above = [n for j in uses if (n := near(j)) is not None]
            memo[i] = max(direct) if direct else max(above, default=None)
        return memo[i]

    return near(index)


#: The walk's words for the first false step a holding line is reached through (``walk.walk``).
_REACHED = re.compile(r"the proof reaches it through step (\d+), which fails")


def reached_through(evidence: str, near: int, first: int) -> str:
    """A holding step's ``evidence`` with the false step it is reached through said as its
    header says it: the nearest one (``nearest_false``), and the first one on the way where
    that is another (``after``), so that the header and the evidence name the same step.

    >>> e = "holds; the line itself holds; the proof reaches it through step 9, which fails"
    >>> reached_through(e, 10, 9)
    'holds; the line itself holds; the proof reaches it through step 10, which fails (the first false step on its way is step 9)'
    >>> reached_through(e, 9, 9) == e
    True
    """  # noqa: E501
    if near == first:
        return evidence
    return _REACHED.sub(
        f"the proof reaches it through step {near}, which fails (the first false step on its "
        f"way is step {first})",
        evidence,
    )


def of_statement(step: Mapping[str, Any]) -> bool:
    """Whether a walked ``step`` is a relation of the lemma's statement, not a line of its
    proof (its reason says so: "the statement", "the statement's eq:…").

    >>> of_statement({"reason": "the statement's eq:sigma_1: |ν₁| computed"})
    True
    >>> of_statement({"reason": "eq:chi_1 exactly"}), of_statement({"reason": None})
    (False, False)
    """
    return re.match(r"the statement\b", step.get("reason") or "") is not None


def _statement_words(
    steps: Sequence[Mapping[str, Any]], index: int | None, spelled: bool = False
) -> str:
    """ ", the statement" where step ``index`` of ``steps`` is one of the statement's;
    ``spelled``: said in full, for prose (", a relation of the statement that the proof
    restates")."""
    if index is None or not of_statement(steps[index - 1]):
        return ""
    if spelled:
        return ", a relation of the statement that the proof restates"
    return ", the statement" if index == 1 else ", in the statement"


def _line(proof: spec.Proof, steps: Sequence[Mapping[str, Any]]) -> str:
    """A walked proof in the index's list: its counts, then where it breaks in the words of
    the walk map and the ledger (``ProofSummary.where``), and, where that step is one of the
    statement's, the first error of the proof's own lines."""
    steps = [{**s, "slip": slip(s) if s["status"] == "fails" else None} for s in steps]
    summary = proof_summaries({"proofs": {proof.name: steps}})[proof.name]
    where = summary.where(steps)
    error = summary.first_error
    if error is not None and of_statement(steps[error - 1]):
        lines = [s for s in steps if not of_statement(s)]
        line = first_error(lines)
        where += f"; the proof's first error at step {line}" if line else ""
    if inherited(proof.name, steps) is not None:
        where += " (its statement is repaired all the same: the flaw is in results it cites)"
    return (
        f"[{proof.printed} (our {proof.name})]({page_name(proof.name)}.md): "
        f"{_counts(proof.name, steps)}; {where}"
    )


def without_empty_columns(markdown: str) -> str:
    """``markdown`` with each column of its table (its lines that open with "|") whose every
    cell below the header reads 0 (in bold or not) dropped: a status no step has (the walk's
    ``follows``) is said in words beneath the table, not as a column of zeros.

    >>> print(without_empty_columns("| a | b | c |\\n|---|---|---|\\n| x | 0 | 1 |\\n| y | **0** | 0 |"))
    | a | c |
    |---|---|
    | x | 1 |
    | y | 0 |
    """  # noqa: E501
    lines = markdown.split("\n")
    rows = [k for k, line in enumerate(lines) if line.startswith("|")]
    if len(rows) < 3:
        return markdown
    cells = {k: lines[k].strip().strip("|").split("|") for k in rows}
    width = len(cells[rows[0]])
    empty = {
        c
        for c in range(width)
        if all(cells[k][c].strip().strip("*") == "0" for k in rows[2:] if len(cells[k]) == width)
    }
    for k in rows:
        kept = [cell for c, cell in enumerate(cells[k]) if c not in empty]
        lines[k] = "|" + "|".join(kept) + "|"
    return "\n".join(lines)


def index_page(data: Mapping[str, Any] | None = None) -> str:
    """The index of the walked proofs, with the walk's table per appendix."""
    data = load() if data is None else data
    walked = data["proofs"]
    counts = {s: sum(r["status"] == s for ss in walked.values() for r in ss) for s in spec.STATUSES}
    found = cross_check(data)
    named = sum(len(where) for where in found.matched.values())
    follows = any(s["status"] == "follows" for ss in walked.values() for s in ss)
    lines = [
        "# The proof walk",
        "",
        f"**What this page shows**: the {len(walked)} walked proofs of the paper checked "
        f"relation by relation, {sum(counts.values())} relations in all: "
        + ", ".join(f"{n} `{status}`" for status, n in counts.items() if n)
        + f". Of the failing steps, {named} answer to an erratum and "
        f"{len(found.new_findings)} are new findings of the walk. Below: a table of the steps "
        "by status per appendix, a page per proof (listed below) showing where it first "
        "breaks, and the failing steps matched with the errata (the last section).",
        "",
        "**The statuses.** Every displayed relation of a walked proof is a step, with a "
        "status computed as follows:",
        "* `identity`: sympy, or a matrix identity at random dimensions;",
        "* `holds`: no violation at random admissible instances of the lemma's hypotheses nor "
        "in an adversarial search of the normalized margin (how to read a walk page, below); "
        "for an expectation or a probability, no violation by Monte Carlo at "
        f"{EXPECTATION_INSTANCES} instances, {MONTE_CARLO_DRAWS:,} draws each, without an "
        "adversarial search: it holds unless the estimate is beyond the bound by more than "
        f"{K_SE:g} standard errors;",
        "* `fails`: a counterexample; for a Monte Carlo check, an estimate beyond the bound by "
        f"more than {K_SE:g} standard errors;",
        "* `follows` (it holds only given an earlier line that fails, its premise"
        + (")" if follows else "; no step of this walk has it)")
        + ";",
        "* `not checked`, with its reason.",
        "",
        "A line after a false one keeps its own status, and its evidence names the false step "
        "the proof reaches it through. A quantifier's range or an event inside P(·) is text of "
        "its line, no step of its own. `python -m mines_theory.verification walk NAME` "
        "recomputes a proof.",
        "",
        NUMBERING,
        "",
        without_empty_columns(summary_table(data)),
        "",
        not_walked(walked),
        "",
        reconciliation(data),
        "",
        *walk_map_figure(),
        *reading_section(),
        "## The walked proofs",
        "",
        "In the order the paper's appendices give the proofs, which is the table's: the proofs "
        "of Lemmas 9–11 (Section 5) stand in Appendix E, among its lemmas, and Theorem 12's "
        "in Appendix F.",
        "",
    ]
    for proof in spec.proofs():
        if proof.name in walked:
            lines.append(f"- {_line(proof, walked[proof.name])}")
    lines += ["", _errata_section(data)]
    from ..views.report import html_scripts, plain_names  # scripts typeset, names in words

    page = numbered(plain_names("\n".join(lines)))
    return barred(html_scripts(_OURS_FIRST.sub(r"Lemma \2 (our Lemma \1)", page))) + "\n"


#: "Lemma E.1 (Lemma 31)", our name first, where an erratum's label names a statement by ours
#: and its .tex label (numbered: "proof of Lemma E.1 (lem:nab_f)"): the book writes the PDF's
#: number first, "Lemma 31 (our Lemma E.1)".
_OURS_FIRST = re.compile(r"\bLemma ([A-F1-9]\.\d+) \(Lemma (\d+)\)")


def not_walked(walked: Mapping[str, Any]) -> str:
    """The paper's results (the proof map's nodes, ``views.proofgraph.nodes``) whose proofs the
    walk (``walked``: our name → its steps) does not walk, in the paper's order, and of those
    the ones a proof rests on (an arrow of the proof map leaves them, ``edges``): what the
    walk's share of 100% leaves out.

    >>> print(not_walked({}))  # doctest: +ELLIPSIS
    The walk's share is of the walked proofs' relations only. ...
    """
    from ..views.proofgraph import edges, nodes

    left = [n for n in nodes() if n.name not in walked]
    used = {e.target for e in edges()}
    downstream = [f"{n.printed} (our {n.name})" for n in left if n.name in used]
    unused = [f"{n.printed} (our {n.name})" for n in left if n.name not in used]
    rest = (
        f"; the other {len(unused)}, on which no proof rests: {', '.join(unused)}" if unused else ""
    )
    return (
        f"The walk's share is of the walked proofs' relations only. {len(left)} of the "
        f"paper's results are not walked: {len(downstream)} used downstream, a proof resting "
        f"on them (the proof map's arrows): {', '.join(downstream)}{rest}. A walked proof "
        "that cites one takes it as given."
    )


#: The walk's map (drawn by notebook 08d, ``views.proofmap.draw_proof_map(walk=…)``), as the
#: walk's index shows it: where the reader meets the walk.
WALK_MAP = "figures/08-proof-walk-map.png"


def walk_map_figure() -> list[str]:
    """The lines of the walk index's figure of the walk's map (``WALK_MAP``) with its caption:
    what each box and each mark says."""
    return [
        f"```{{figure}} {WALK_MAP}",
        "---",
        "alt: >-",
        "  The proof map coloured by the proof walk: each walked proof's box gives its steps",
        "  decided of those walked and its first error (its first false step that is no slip).",
        "width: 100%",
        "---",
        "",
        "The walk's map ([notebook 08d](08d-errata.ipynb#the-proof-walk)): the proof map of "
        "notebook 08a, coloured by the walk instead of the verdicts. Each box gives its proof's "
        "steps decided (identity, holds or fails) of those walked, then ✓ (no step fails), "
        "“✗ N” (its step N is its first error, the first false step that is no slip, neither "
        "a typo nor an imprecision: the step the ledger names), “typos N” (every false step is "
        "a typo, the first is step N; the ledger: “stands: proof has typos only”) or “slips N” "
        "(every false step is a typo or an imprecision, one an imprecision at least; the "
        "ledger: “stands: proof has slips only”). An arrow runs from a result to a proof "
        "that rests on it: solid (“proof cites the statement”) where the proof cites the "
        "result's statement, dashed (“proof uses a step of its proof”) where it uses a line "
        "inside that result's own proof. A result whose proof lies in Appendices A–B or in "
        "the main text is not walked.",
        "```",
        "",
    ]


def _errata_section(data: Mapping[str, Any]) -> str:
    """The errata cross-check as a section: a line per walked proof with a failing step or an
    erratum that points into it, in the paper's order (``spec.proofs``), each erratum its
    failing steps answer to and its new findings, and beneath it the errata that point into the
    proof (``walk.points_into``) but that no failing step answers to (``unanswered``); then the
    steps that name an erratum without failing (``answers_to``), and the new findings in full."""
    result = cross_check(data)
    by_proof: dict[str, dict[str | None, list[int]]] = {}
    for label, where in result.matched.items():
        for name, index in where:
            by_proof.setdefault(name, {}).setdefault(label, []).append(index)
    for name, index in result.new_findings:
        by_proof.setdefault(name, {}).setdefault(None, []).append(index)
    lines = [
        "## The walk against the errata",
        "",
        "Every erratum that points into a walked proof should answer to a failing step, and a "
        "failing step that no erratum names is a finding of the walk. By proof, in the paper's "
        "order (a proof is left out where no step fails and no erratum points into it):",
        "",
    ]
    unanswered_in = unanswered_errata(data, held=False)
    for proof in spec.proofs():
        if proof.name not in data["proofs"]:
            continue
        apart = [e["label"] for e in unanswered_in.get(proof.name, ())]
        if proof.name in by_proof:
            lines.append(f"- {answered(proof, by_proof[proof.name])}")
        elif apart:
            link = f"[{proof.printed} (our {proof.name})]({page_name(proof.name)}.md)"
            lines.append(f"- {link}: no step fails.")
        lines += [f"  - {unanswered(label, dict(proof.unanswered).get(label))}" for label in apart]
    if result.dangling:
        lines += ["", "Steps that name an erratum without failing:", ""]
    for name, index, label, why in result.dangling:  # the erratum linked on this page
        said = answers_to(name, index, label, why).removeprefix(f"*{label}*")
        lines.append(f"- {erratum_reference(label)}{said}")
    if result.new_findings:
        lines += ["", "**New findings** (failing steps no erratum names):", ""]
        listed = new_findings(data, result, meaning=True).split("\n")
        lines += [f"{k}. {item.removeprefix('- ')}" for k, item in enumerate(listed, 1)]
        lines += misprints_read_through(data, result)
        named = findings_symbols(data, result)
        lines += ["", named] if named else []
    return "\n".join(lines)


#: A finding's note that opens on a misprint of the paper the walk reads through before it
#: checks the line: "a_ũ's μ²/2 read as α²/2 (…)".
_READ_THROUGH = re.compile(r"^(?P<printed>[^.;()]+?) read as (?P<meant>[^.;()]+?) \(")


def misprints_read_through(data: Mapping[str, Any], result: Any) -> list[str]:
    """A paragraph beneath the numbered new findings for each whose note opens on a misprint
    the walk reads through (``_READ_THROUGH``): said plainly, with where it is counted (inside
    that finding, neither an erratum nor a finding of its own); none where no note does."""
    said = []
    for k, (name, index) in enumerate(result.new_findings, 1):
        reason = data["proofs"][name][index - 1].get("reason") or ""
        match = _READ_THROUGH.match(reason)
        if match is None:
            continue
        said += [
            "",
            f"Finding {k} also names a misprint of the paper's, which the walk reads "
            f"through: the proof of {spec.find(name).printed} (our {name}) prints "
            f"{match['printed']}, and the walk checks the line with {match['meant']} instead. "
            "The misprint is not what the step fails on; it is counted inside finding "
            f"{k}, neither as an erratum nor as a finding of its own.",
        ]
    return said


def unanswered(label: str, reason: str | None = None) -> str:
    """An erratum that points into a walked proof but that no failing step of it answers to
    (one of ``walk.CrossCheck.unmatched``), in a sentence, linked to its entry
    (``views.errata.erratum_link``), with its gist (``gist``) and why no relation answers
    (``reason``, the proof spec's ``unanswered``; else both possible reasons).

    >>> print(unanswered("proof of Thm 3.2"))  # doctest: +NORMALIZE_WHITESPACE
    An erratum points into this proof, [*proof of Thm
    3.2*](08d-errata.ipynb#erratum-proof-of-thm-3-2) (a typo; its correction: z = μ +
    αΣ^{1/2}u), but no failing relation of it answers to it: the flaw is in the prose, or one
    the walk's checks cannot see.
    """
    from ..framework import ledger
    from ..views.errata import erratum_link

    erratum = ledger.erratum(label)
    why = reason or "the flaw is in the prose, or one the walk's checks cannot see"
    return (
        f"An erratum points into this proof, [*{label}*]({erratum_link(erratum)}) "
        f"({gist(erratum)}), but no failing relation of it answers to it: {why}."
    )


def answered(proof: spec.Proof, labels: Mapping[str | None, Sequence[int]]) -> str:
    """The index's line for a walked proof with failing steps: the proof (linked to its page),
    then, for each erratum in ``labels`` (label → the failing steps that name it, in the order
    of their first step; None for the new findings), its steps (``step_numbers``) and the
    erratum: on the same line where there is one, else an item each beneath it (an erratum's
    label may itself hold a semicolon, so one line cannot separate them).

    >>> proof = spec.find("Lemma E.8")
    >>> print(answered(proof, {"a display; its A_K": [1, 4], None: [2]}))
    [Lemma 38 (our Lemma E.8)](walk-lemma-e-8.md):
      - steps [1](walk-lemma-e-8.md#walk-lemma-e-8-step-1) and [4](walk-lemma-e-8.md#walk-lemma-e-8-step-4) answer to *a display; its A_K*
      - step [2](walk-lemma-e-8.md#walk-lemma-e-8-step-2) answers to no erratum (a new finding, below)
    >>> print(answered(proof, {"a line": [1]}))
    [Lemma 38 (our Lemma E.8)](walk-lemma-e-8.md): step [1](walk-lemma-e-8.md#walk-lemma-e-8-step-1) answers to *a line*.
    """  # noqa: E501
    phrases: list[str] = []
    for label, indices in sorted(labels.items(), key=lambda item: min(item[1])):
        said = step_numbers(proof.name, indices)
        verb = "answers" if len(indices) == 1 else "answer"
        to = erratum_reference(label) if label is not None else "no erratum"
        if label is None:
            to += " (a new finding, below)" if len(indices) == 1 else " (new findings, below)"
        phrases.append(f"{said} {verb} to {to}")
    head = f"[{proof.printed} (our {proof.name})]({page_name(proof.name)}.md):"
    if len(phrases) == 1:
        return f"{head} {phrases[0]}."
    return "\n".join([head] + [f"  - {phrase}" for phrase in phrases])


#: How a step that names an erratum without failing reads, by its status: what the walk finds
#: of it, and why the erratum can still stand.
_UNFAILING = {
    "identity": "which is an identity where the walk tests it (the relation as printed is "
    "exactly true: the erratum is about the argument around it; the step's evidence says why)",
    "holds": "which holds where the walk tests it (the erratum is about the argument; the "
    "step's evidence says why)",
    "follows": "which holds only given an earlier false step, its premise (the erratum's flaw "
    "is the premise's here)",
    "not checked": "which the walk does not check (its reason says why): the walk neither "
    "confirms nor refutes the erratum there",
}


def answers_to(proof: str, index: int, label: str, why: str) -> str:
    """The index's line for a step that names an erratum but does not fail (one of
    ``walk.CrossCheck.dangling``: ``proof`` (our name), ``index``, ``label`` and ``why``, "no
    such erratum" or "the step <status>"), the erratum first, as a reader looks it up.

    >>> print(answers_to("Lemma E.7", 9, "proof of lem:X (Lemma E.7)", "the step holds"))
    ... # doctest: +NORMALIZE_WHITESPACE
    *proof of lem:X (Lemma E.7)*: answers to [step 9 of Lemma
    37](walk-lemma-e-7.md#walk-lemma-e-7-step-9), which holds where the walk tests it (the
    erratum is about the argument; the step's evidence says why).
    """
    step = f"[step {index} of {spec.find(proof).printed}]({step_link(proof, index)})"
    if why == "no such erratum":
        return (
            f"*{label}*: named by {step}, but the errata have no entry of that label (the "
            "step's spec names it wrongly)."
        )
    status = why.removeprefix("the step ")
    if status not in _UNFAILING:
        raise ValueError(
            f"why={why!r}: expected 'no such erratum' or 'the step <status>' with a status of "
            f"{sorted(_UNFAILING)}"
        )
    return f"*{label}*: answers to {step}, {_UNFAILING[status]}."


def erratum_reference(label: str) -> str:
    """An erratum's ``label`` in italics, linked to its entry (``views.errata.erratum_link``)
    where the errata declare it; in italics alone where they do not (a step naming no erratum
    of that label says so beside it).

    >>> erratum_reference("no such label")
    '*no such label*'
    >>> erratum_reference("proof of Thm 3.2")
    '[*proof of Thm 3.2*](08d-errata.ipynb#erratum-proof-of-thm-3-2)'
    """
    from ..framework import ledger
    from ..views.errata import erratum_link

    try:
        erratum = ledger.erratum(label)
    except ValueError:
        return f"*{label}*"
    return f"[*{label}*]({erratum_link(erratum)})"


def step_anchor(proof: str, index: int) -> str:
    """The target of step ``index`` on the page of ``proof`` (our name).

    >>> step_anchor("Lemma E.8", 4)
    'walk-lemma-e-8-step-4'
    """
    return f"{page_name(proof)}-step-{index}"


def step_link(proof: str, index: int) -> str:
    """The link to step ``index`` on the page of ``proof`` (our name)."""
    return f"{page_name(proof)}.md#{step_anchor(proof, index)}"


def step_numbers(proof: str, indices: Sequence[int]) -> str:
    """Steps ``indices`` of the proof ``proof`` (our name) in words, each number linked to its
    step (``step_link``): "step 9" for one, "steps 1, 4 and 50" for several.

    >>> print(step_numbers("Lemma E.8", [1, 4]))  # doctest: +NORMALIZE_WHITESPACE
    steps [1](walk-lemma-e-8.md#walk-lemma-e-8-step-1) and
    [4](walk-lemma-e-8.md#walk-lemma-e-8-step-4)
    """
    linked = [f"[{i}]({step_link(proof, i)})" for i in indices]
    if len(linked) == 1:
        return f"step {linked[0]}"
    return f"steps {', '.join(linked[:-1])} and {linked[-1]}"


def findings_symbols(data: Mapping[str, Any], result: Any) -> str | None:
    """The symbols the notes of the new findings (``result.new_findings``) write
    (``NOTE_NAMES``: ν_i, q_i, D_i, …), each with what it stands for (``GLOSSARY``), in one
    paragraph beneath the list; None when they write none."""
    notes = " ".join(
        data["proofs"][name][index - 1].get("reason") or "" for name, index in result.new_findings
    )
    said = [f"{name}: {GLOSSARY[NOTE_NAMES[name]].removeprefix('† ')}" for name in _noted(notes)]
    if not said:
        return None
    from ..views.report import html_scripts  # the names' plain-text scripts, typeset

    return html_scripts("*The symbols of these findings.* " + "; ".join(said) + ".")


def new_findings(
    data: Mapping[str, Any] | None = None,
    result: Any = None,
    link: str = "",
    meaning: bool = False,
) -> str:
    """The walk's new findings as a Markdown list: each failing step that no erratum names,
    linked to its proof's page (``link`` + the page's name: "" within the book's walk pages),
    with the step's reason (its scripts typeset, ``views.report.html_scripts``) and its
    counterexample; "(none)" when every failing step answers to
    an erratum. ``result`` is the cross-check of ``data`` (``published.cross_check``). With
    ``meaning``, each counterexample says what its letters stand for (``meanings``), as the
    book shows notebook 08d's list (its stored output is the list without)."""
    data = load() if data is None else data
    result = cross_check(data) if result is None else result
    names = {p.name: p for p in spec.proofs()}
    lines = []
    for name, index in result.new_findings:
        step = data["proofs"][name][index - 1]
        where = f"[step {index} of {names[name].printed}]({link}{page_name(name)}.md)"
        direction = orientation(name, {**step, "relation": _relation(step, name)})
        counterexample = _values(
            step.get("counterexample") or {}, words=meaning, relation=direction
        )
        said = meanings(name, step.get("counterexample") or {}) if meaning else ""
        counterexample += f" ({said})" if said else ""
        reason = (step.get("reason") or "").rstrip()
        reason += "" if not reason or reason.endswith(".") else "."
        lines.append(
            f"- {where} (our {name}): {reason}"
            + (f" Counterexample: {counterexample}." if counterexample else "")
        )
    from ..views.report import html_scripts  # the reasons' plain-text scripts, typeset

    return html_scripts(numbered("\n".join(lines))) if lines else "(none)"


#: The counterexamples' names that are not a symbol with an index (``symbol``): as a reader
#: writes them.
_NAMES = {
    "ell": "𝓛",
    "lhs": "left side",
    "rhs": "right side",
    "lhs - rhs": "left − right",
    "se": "its standard error",
    "bound": "the event's threshold",
    "norm_u_sq": "‖u‖²",
    "norm_e": "‖e‖",
    "mu_gap": "μ gap",
    "iso": "isotropic",
}
_SUBSCRIPT_DIGITS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def symbol(name: str) -> str:
    """A counterexample's (or a sympy expression's) name as the paper writes it: a Greek letter's
    name as the letter ("tau" → "τ", "Delta" → "Δ"), "ell" as 𝓛 (the lemmas' 𝓛, not the
    notation page's ℓ = max(L, τ)), a trailing number or "_N" as
    its subscript ("c1" → "c₁", "nu_2" → "ν₂"), another "_x" as an HTML subscript ("A_t" →
    "A<sub>t</sub>"); other names as they are.

    >>> [symbol(n) for n in ("tau", "Delta", "c1", "nu_2", "rho_1", "A_t", "lhs", "d", "terms")]
    ['τ', 'Δ', 'c₁', 'ν₂', 'ρ₁', 'A<sub>t</sub>', 'left side', 'd', 'terms']
    """
    import unicodedata

    if name in _NAMES:
        return _NAMES[name]
    m = re.fullmatch(r"([A-Za-z]+?)_?(\d+)|([A-Za-z]+)_([A-Za-z]+)|([A-Za-z]+)", name)
    if m is None:
        return name
    base = m.group(1) or m.group(3) or m.group(5)
    case = "CAPITAL" if base[0].isupper() else "SMALL"
    try:
        letter = (
            unicodedata.lookup(f"GREEK {case} LETTER {base.upper()}") if len(base) > 1 else base
        )
    except KeyError:
        letter = _NAMES.get(base, base)
    if len(base) > 1 and letter == base and m.group(5) is None:
        return name  # a word with an index, not a symbol: left as written
    if m.group(2) is not None:
        return letter + m.group(2).translate(_SUBSCRIPT_DIGITS)
    if m.group(4) is not None:
        return f"{letter}<sub>{symbol(m.group(4))}</sub>"
    return letter


def number(value: Any, digits: int = 4) -> str:
    """A counterexample's value as a reader writes it: a float to ``digits`` significant
    digits, a minus sign as "−" and an exponent as a power of ten.

    >>> [number(v) for v in (0.25, -7.521, 9.754e-05, 3, -2)]
    ['0.25', '−7.521', '9.754×10⁻⁵', '3', '−2']
    """
    form = f".{digits}g" if digits == 4 else f"#.{digits}g"  # more: each digit, 0s too
    text = powers_of_ten(format(value, form) if isinstance(value, float) else str(value))
    return text.replace("-", "−", 1) if text.startswith("-") else text


def side_digits(lhs: Any, rhs: Any) -> int:
    """The significant digits at which a counterexample's two sides print apart (``number``):
    4, or more where they agree to 4 (a relation that fails by a relative 10⁻⁷), at most 17.

    >>> side_digits(257040.16, 11508.44), side_digits(1.764095132e-06, 1.764094312e-06)
    (4, 6)
    """
    if not (isinstance(lhs, float) or isinstance(rhs, float)) or lhs == rhs:
        return 4
    return next(n for n in range(4, 18) if number(float(lhs), n) != number(float(rhs), n))


#: A counterexample's names that are a choice of the walk's model, not mathematics: said in
#: words, their value (1 or 0) as yes or no (``_values``).
WORDS = {"iso": "isotropic instance", "tight": "tight recursion"}


def _values(
    counterexample: Mapping[str, Any], words: bool = False, relation: str | None = None
) -> str:
    """A counterexample's values in one line, its names as symbols (``symbol``) and its numbers
    as a reader writes them (``number``): "d = 2, τ = 0.25, ν₁ = −7.521"; with ``words``, a
    name of ``WORDS`` in words, its value yes or no ("isotropic instance: yes"); with the
    step's ``relation``, a Monte Carlo estimate and its standard error as one item, the step's
    slack in its own direction to its error (``slack``, ``uncertain``).

    >>> _values({"d": 1, "estimate": 0.01873917, "se": 0.00096415}, relation="<=")
    'd = 1, right side − E[left side] = −0.0187 ± 0.0010'

    Sides that agree to 4 digits print to as many as part them, and their difference:

    >>> _values({"lhs": 1.764095132355351e-06, "rhs": 1.7640943124753903e-06})
    'left side = 1.76410×10⁻⁶, right side = 1.76409×10⁻⁶, left − right = 8.2×10⁻¹³'

    An exceedance test (a ``bound``, the event's threshold, and a ``delta``: P(the quantity
    exceeds ``bound``) ≤ δ, its estimate E[𝟙{exceeds}] − δ) says the probability against δ:

    >>> _values({"delta": 0.0002108, "bound": 25.99, "estimate": 0.01873917, "se": 0.00096415},
    ...         relation="<=")
    "δ = 0.0002108, the event's threshold = 25.99, P(exceed) = 0.0189 ± 0.0010 against δ = 0.0002108"
    """  # noqa: E501
    items = []
    exceedance = relation in ("<=", "exceedance") and {"bound", "delta", "estimate", "se"} <= set(
        counterexample
    )
    lhs, rhs = counterexample.get("lhs", 0.0), counterexample.get("rhs", 0.0)
    digits = side_digits(lhs, rhs) if {"lhs", "rhs"} <= set(counterexample) else 4
    for k, v in counterexample.items():
        if k in ("lhs", "rhs") and digits > 4:  # the sides agree to 4 digits: as many as part them
            items.append(f"{symbol(k)} = {number(float(v), digits)}")
            if k == "rhs" or "rhs" not in counterexample:
                items.append(f"left − right = {power(float(lhs) - float(rhs))}")
            continue
        if exceedance and k == "estimate":
            delta = counterexample["delta"]
            shown = uncertain(v + delta, counterexample["se"])
            items.append(f"P(exceed) = {shown} against δ = {number(delta)}")
            continue
        if k == "se" and relation in DIRECTION and "estimate" in counterexample:
            continue
        if k == "estimate" and relation in DIRECTION and "se" in counterexample:
            shown = uncertain(slack(v, relation), counterexample["se"])
            items.append(f"{DIRECTION[relation][1]} = {shown}")
        elif words and k in WORDS:
            items.append(f"{WORDS[k]}: {'yes' if v else 'no'}")
        else:
            items.append(f"{symbol(k)} = {number(v)}")
    return ", ".join(items)


#: The notation page of the book, where the paper's symbols are defined.
NOTATION = "notation.md"

#: What each name of the walk's counterexamples stands for where its proof does not say
#: otherwise (``SYMBOLS_OF``, ``MEANINGS``); "†" marks a symbol of the paper, defined on the
#: notation page (``NOTATION``), the others are the walk's own.
GLOSSARY: dict[str, str] = {
    "d": "† the dimension",
    "b": "† the batch size, b directions u<sub>i</sub>",
    "tau": "† the lower bound of S′ = {τI ⪯ Σ⁻¹ ⪯ ζI}",
    "zeta": "† the upper bound of S′",
    "L": "† the smoothness constant of f",
    "sigma": "† the strong-convexity constant of f",
    "gamma": "† the Lipschitz constant of the Hessian of f",
    "alpha": "† the smoothing scale",
    "delta": "† the failure probability a high-probability bound allows",
    "c1": "† the first constant of eq:c1, (√d + √b + √(2 log(2/δ)))²",
    "c2": "† the second constant of eq:c1, b − 2√(b log(1/δ))",
    "c3": "† the third constant of eq:c1, 2d + 3 log(1/δ)",
    "k": "† the iteration",
    "K": "† the number of iterations",
    "t": "an iteration t of the sum over t = 0, …, k",
    "xi": "† ξ<sub>k</sub>, the smallest eigenvalue of Σ<sub>k</sub><sup>1/2</sup>"
    "∇²f(μ<sub>k</sub>)Σ<sub>k</sub><sup>1/2</sup> (a lower bound on it)",
    "eta": "† η₁,k, the step size of the mean",
    "ell": "𝓛 of the hypothesis ∇²f ⪯ 𝓛Σ⁻¹ (𝓛<sub>k</sub> at iteration k)",
    "nu_1": "the entries of ν, the remainders of the Taylor expansions of the "
    "antithetic differences (eq:nu)",
    "A_t": "the lemma's threshold A<sub>t</sub> = 8 log(1/(bδ)) + 16 log(t + 1) + d on "
    "‖ū<sub>t,i</sub>‖²",
    "A": "a threshold on ‖ū‖² (the A<sub>t</sub> of one t)",
    "bound": "the lemma's printed right side at the instance, Σ<sub>t</sub> z<sub>t,k</sub>·"
    "3 tr Λ<sub>t</sub>/d·δ(A<sub>t</sub>² + 16A<sub>t</sub> + 144)/(t + 1)²·"
    "tr(Σ<sub>t</sub>⁻¹)‖Σ<sub>t</sub>⁻¹ − H*‖: the threshold of the event whose probability the "
    "check compares with δ (its own right side); O(δ) as δ → 0, its constant large",
    "estimate": "the Monte Carlo estimate of E[left] − right",
    "se": "the standard error of that estimate",
    "margin": "the normalized margin at the instance (negative: the step is violated)",
    "lhs": "the step's left side at the instance",
    "rhs": "the step's right side at the instance",
    "lhs - rhs": "the difference of the step's sides at the instance",
    "terms": "the number of log-cosh terms of the objective f the walk draws",
    "tight": "whether the drawn sequence meets its recursion with equality",
    "iso": "whether the walk drew the isotropic family f = (a/2)‖x‖², Σ⁻¹ = τI, all u<sub>i</sub> "
    "equal",
    "mu_gap": "‖μ̂* − μ*‖, how far the minimizer of Q<sub>α</sub> is from that of f",
    "norm_e": "‖e‖ = ‖μ<sub>k</sub> − μ*‖",
    "norm_u_sq": "a direction's squared length, on the edge of the event",
    "w2": "‖UᵀΣ<sup>1/2</sup>∇f‖², as the lines of the proof write it",
    "w3": "‖UᵀΣ<sup>1/2</sup>∇f‖³",
    "rho": "the spread of the directions u<sub>i</sub> around a common one (the model's)",
    "rho_1": "ρ₁, the rate of the recursion F<sub>t+1</sub> ≤ (1 − ρ₁)F<sub>t</sub> + Δ",
    "F_1": "F₁, the first term of that recursion",
    "Delta": "Δ, the additive term of that recursion",
    # the paper's symbols that only the notes (a step's reading) write (``NOTE_NAMES``)
    "Delta_alpha_1": "† the additive term of Lemma 9's (our 5.1) contraction, "
    "c₃³γbα⁴/(2⁵·3²·c₁Lζτ³)·(1 + c₁c₃/(2τζ))",
    "Delta_alpha_2": "† the additive term of Lemma 10's (our 5.2) contraction",
    "H_star": "† Π_S'(∇²f(μ*)), the Hessian at the minimizer projected onto S′",
    "Pi_S": "† the projection onto S′, which clips the eigenvalues to [τ, ζ]",
    "H_t": "Π_S'(∇²f(μ_t)), the Hessian at the iterate t projected onto S′",
    "Lambda_t": "the eigenvalues of Σ_t^{1/2}H_tΣ_t^{1/2} = V_tΛ_tV_tᵀ, a diagonal matrix",
    "V_t": "the eigenvectors of Σ_t^{1/2}H_tΣ_t^{1/2}, an orthogonal matrix",
    "E_ti": "ū_{t,i}ᵀΛ_tū_{t,i}(ū_{t,i}ū_{t,i}ᵀ − I) − 2Λ_t, with ū_{t,i} = V_tᵀu_i (Lemma 35): "
    "direction i's noise at iteration t, zero in mean, split by eq:EXY",
    "X_ti": "ū_{t,i}ᵀΛ_tū_{t,i}(ū_{t,i}ū_{t,i}ᵀ − I)·𝟙{‖ū_{t,i}‖² ≤ A_t} (eq:EXY): the part "
    "of the noise below the threshold",
    "Y_ti": "ū_{t,i}ᵀΛ_tū_{t,i}(ū_{t,i}ū_{t,i}ᵀ − I)·𝟙{‖ū_{t,i}‖² > A_t} (eq:EXY): the part "
    "of the noise beyond the threshold",
    "z_tk": (
        "the weight of iteration t in the sum up to k: any z_{t,k} ≥ 0 in Lemmas 37 and 38; "
        "the proof of Lemma 11 takes (t − 1)/(k(k − 1))"
    ),
    "N_t": "V_tᵀΣ_t^{−1/2}(Σ_t⁻¹ − H*)Σ_t^{−1/2}V_t, the matrix of Lemma 35 that Lemmas 37 "
    "and 38 pair the noise with (as ½N_t; the notation page's name, the paper writes it out)",
    # the symbols of the new findings' notes (models/g_norm.py's docstring, eq:nu, eq:bG)
    "nu_i": "the i-th entry of ν, the remainder (f(μ + αũ_i) − f(μ − αũ_i) − ⟨∇f(μ), 2αũ_i⟩)/(2α) "
    "of direction i's antithetic difference (eq:nu)",
    "G_bar": "Ḡ(Σ), the estimator eq:bG defines, (1/(2bα²))Σ_i(…)_iD_i as the walk reads it",
    "second_i": "f(μ − αΣ^{1/2}u_i) + f(μ + αΣ^{1/2}u_i) − 2f(μ), direction i's second "
    "difference in eq:bG",
    "q_i": "u_iᵀΣ^{1/2}∇²f(μ)Σ^{1/2}u_i, the second difference's limit over α² (the walk's name)",
    "M_t": "Σ_t^{−1/2}(Σ_t⁻¹ − H*)Σ_t^{−1/2}, the matrix N_t = V_tᵀM_tV_t rotates (N_t has its "
    "eigenvalues λ_i(M_t))",
    "D_i": "Σ^{-1/2}u_iu_iᵀΣ^{-1/2} − Σ⁻¹, the matrix direction i's difference multiplies in "
    "eq:bG (the walk's name)",
}

#: The symbols of the paper that the walk's notes (a step's reading) write, as they write them,
#: with the name of their meaning in ``GLOSSARY``: a page's symbols fold defines each that its
#: notes use (``symbols_line``).
NOTE_NAMES: dict[str, str] = {
    "Δ_α,1": "Delta_alpha_1",
    "Δ_α,2": "Delta_alpha_2",
    "H*": "H_star",
    "Π_S'": "Pi_S",
    "H_t": "H_t",
    "Λ_t": "Lambda_t",
    "V_t": "V_t",
    "E_{t,i}": "E_ti",
    "X_{t,i}": "X_ti",
    "Y_{t,i}": "Y_ti",
    "z_{t,k}": "z_tk",
    "N_t": "N_t",
    "ν_i": "nu_i",
    "Ḡ": "G_bar",
    "(…)_i": "second_i",
    "q_i": "q_i",
    "D_i": "D_i",
    "M_t": "M_t",
}


#: What each symbol that a walk page's displays use (``display_symbols``) stands for, as the
#: page writes it (its base: Λ for Λ_t, H for H_t and H*), where its proof does not say
#: otherwise (``DISPLAYED_OF``): a ``GLOSSARY`` key where the glossary defines it, else its
#: meaning; "†" marks the paper's, defined on the notation page (``NOTATION``).
DISPLAYED: dict[str, str] = {
    "d": "d",
    "b": "b",
    "k": "k",
    "t": "t",
    "τ": "tau",
    "ζ": "zeta",
    "L": "L",
    "σ": "sigma",
    "γ": "gamma",
    "α": "alpha",
    "δ": "delta",
    "ξ": "xi",
    "𝓛": "ell",
    "ℓ": "ell",
    "ν": "ν = (ν_1, …, ν_b), the remainders of the directions' antithetic differences (eq:nu)",
    "Ḡ": "G_bar",
    "A": "A_t",
    "Λ": "Lambda_t",
    "V": "V_t",
    "E": "E_ti",
    "X": "X_ti",
    "Y": "Y_ti",
    "z": "z_tk",
    "ρ": "rho_1",
    "w": "w₂ = ‖UᵀΣ^{1/2}∇f‖² and w₃ = ‖UᵀΣ^{1/2}∇f‖³, as sympy's display names them",
    "f": "† the objective, f: ℝᵈ → ℝ",
    "μ": "† the mean of the search distribution N(μ, α²Σ) (μ_k at iteration k, μ* the "
    "minimizer of f)",
    "Σ": "† the shape of the search distribution N(μ, α²Σ) (Σ_k, Σ_t at an iteration, Σ_* the "
    "minimizer of Q_α over Σ at μ*)",
    "H": "† the Hessian ∇²f(μ*) (of a quadratic f, everywhere), and in Appendix E and Lemma 11 "
    "H_t = Π_S'(∇²f(μ_t)) and H* = Π_S'(∇²f(μ*))",
    "u": "† a direction, u ~ N(0, I_d) (u_i the b directions of an iteration)",
    "U": "the d × b matrix of the directions, [u_1, …, u_b]",
    "Ũ": "Σ^{1/2}U = [ũ_1, …, ũ_b] (Lemma 24), the directions in the search distribution's "
    "shape (Ũ_k at iteration k)",
    "ũ": "ũ_i = Σ^{1/2}u_i ~ N(0, Σ), direction i in the search distribution's shape",
    "ū": "ū_{t,i} = V_tᵀu_i ~ N(0, I_d) (Lemma 35), direction i at iteration t in the "
    "eigenvectors of Σ_t^{1/2}H_tΣ_t^{1/2} (ū where t and i do not matter)",
    "ū′": "ū/‖ū‖, uniform on the unit sphere and independent of ‖ū‖",
    "g̃": "† the antithetic estimate of the natural gradient of the mean, eq:g_mu",
    "G̃": "† the estimate of H − Σ⁻¹ from second differences, eq:TG",
    "η": "† the step sizes: η_{1,k} of the mean, η_{2,k} of the precision (η₁ where fixed)",
    "c": "† the constants c₁, c₂, c₃ of eq:c1",
    "C": "† the constant of Lemma 11's bound C/k (eq:C)",
    "Δ": "† Δ_{α,1} and Δ_{α,2}, the additive terms of Lemmas 9 and 10 (our 5.1, 5.2)",
    "Π": "† the projection onto S′ (Π_S'), which clips the eigenvalues to [τ, ζ]",
    "S": "† the set S = {ζ⁻¹I ⪯ Σ ⪯ τ⁻¹I} of the covariances (𝒮 in the .tex, eq:cS)",
    "S′": "† the set S′ = {τI ⪯ Σ⁻¹ ⪯ ζI} of the iterates (𝒮′ in the .tex)",
    "Q": "† the regularized objective Q_α(θ) = E_u f(μ + αΣ^{1/2}u) − (α²/2) log det Σ, eq:Q",
    "θ": "† the parameters (μ, Σ) (θ_* = (μ*, Σ_*))",
    "θ̂": "† (μ̂_*, Σ̂_*), the minimizer of Q_α",
    "μ̂": "† the mean of the minimizer (μ̂_*, Σ̂_*) of Q_α",
    "Σ̂": "† the shape of the minimizer (μ̂_*, Σ̂_*) of Q_α",
    "R": "† the regularizer R(Σ) = −(α²/2) log det Σ",
    "φ": "† φ(Σ) = (γ/6)E‖Σ^{1/2}u‖³, the cubic term of Theorem 2",
    "J": "† J(θ) = E f(μ + αΣ^{1/2}u), the objective of NES at θ",
    "Σ̄": "† NES's covariance, Σ̄ = α²Σ",
    "λ": "an eigenvalue: λ_i(M) the i-th of a matrix M, λ_max the largest",
    "β": "the excess in the tail bound eq:chi, P(‖u‖² ≥ (β + 1)d) ≤ exp(−dβ/8) for β ≥ 1",
    "s": "the variable of the integral over the tail",
    "x": "the variable of the integral after the change s = x²",
}

#: What Π stands for on a page, by the set its displays project onto (the paper's 𝒮 of Σ, its
#: 𝒮′ of Σ⁻¹): a page that writes neither takes S′'s (``DISPLAYED``).
PROJECTIONS = {
    "S": "Π_S, the projection onto S in the Frobenius norm, which clips the eigenvalues of a "
    "symmetric matrix to [1/ζ, 1/τ]",
    "S′": "Π_S', the projection onto S′, which clips the eigenvalues to [τ, ζ]",
}


#: Where a proof's displays use a symbol in a sense of their own: by our name of the proof, then
#: the symbol as ``DISPLAYED`` keys it.
DISPLAYED_OF: dict[str, dict[str, str]] = {
    "Thm 3.1": {
        "A": "the Lagrange multipliers A₁, A₂ of the constraints Σ ⪯ τ⁻¹I and ζ⁻¹I ⪯ Σ",
        "L": "L(Σ, A₁, A₂), the Lagrangian of the constrained minimization",
        "U": "the orthogonal matrix of H's eigenvectors, H = UΛUᵀ",
        "Λ": "the diagonal matrix of H's eigenvalues, H = UΛUᵀ (Λ⁽¹⁾, Λ⁽²⁾ those of A₁, A₂)",
        "Λ̄": "the diagonal matrix of the clipped eigenvalues, Σ_* = UΛ̄Uᵀ",
    },
    "Thm 3.2": {
        "z": "z = μ + αΣ^{1/2}u ~ N(μ, α²Σ), a point the search distribution draws",
    },
    "Thm 3.4": {
        "A": "the Lagrange multipliers A₁, A₂ of the constraints Σ ⪯ τ⁻¹I and ζ⁻¹I ⪯ Σ (A "
        "alone: an invertible matrix in the identity A⁻¹ − B⁻¹ = A⁻¹(B − A)B⁻¹)",
        "B": "an invertible matrix in the identity A⁻¹ − B⁻¹ = A⁻¹(B − A)B⁻¹",
        "L": "L(Σ, A₁, A₂), the Lagrangian of the constrained minimization (L alone: the "
        "smoothness constant of f, the paper's)",
        "U": "the orthogonal matrix of eigenvectors of the spectral decomposition the proof takes",
        "Λ": "the diagonal matrix of eigenvalues of that decomposition (Λ⁽¹⁾, Λ⁽²⁾ those of A₁, "
        "A₂)",
        "z": "z = μ + αΣ^{1/2}u ~ N(μ, α²Σ), a point the search distribution draws",
        "ρ̃": "ρ̃(αΣ^{1/2}u), the remainder of f's second-order Taylor expansion, "
        "|ρ̃| ≤ γα³‖Σ^{1/2}u‖³/6",
        "Φ": "Φ(Σ), the term of ∂J/∂Σ = (α²/2)∇²f(μ̂*) + Φ(Σ) that f's Taylor remainder ρ̃ gives",
        "s": "Σ at d = 1 (the display is sympy's, at one dimension)",
        "c": "the coefficients of f(μ + x) = c₀ + c₁x + c₂x² + c₃x³ + c₄x⁴, x = α√s·u",
    },
    "Lemma D.1": {
        "a": "a_ũ(α) = f(μ + αũ) − f(μ) − ⟨∇f(μ), αũ⟩ − (α²/2)⟨∇²f(μ)ũ, ũ⟩, the remainder of "
        "f's second-order expansion along ũ (the .tex writes μ²/2 for α²/2)",
    },
    "Lemma D.5": {
        "x": "the point at which this display writes ∇f(x), where the lines around it write ∇f(μ)",
        "σ": "the vector this display writes in Ũσ, where the lines around it write Ũν",
    },
    "Lemma E.1": {
        "Δ": "Δ₁, the integral remainder of the Taylor expansion of ∇f the display defines",
        "s": "the variable of the Taylor expansion's integral",
    },
    "Lemma E.7": {
        "Γ": "Γ_t = A_t‖Λ_t‖₂(ζA_t + tr Σ_t⁻¹)‖Σ_t⁻¹ − H*‖₂, as the lemma defines it",
        "ψ": "the deviation whose probability Hoeffding's bound controls",
        "B": "B_t, a matrix the lemma does not define (its Γ_t's last factor is ‖Σ_t⁻¹ − H*‖₂)",
    },
}

#: The symbols a display may use that need no entry: the identity I, the normal law N(·, ·),
#: the indices i and j, and π.
STANDARD_SYMBOLS = frozenset({"I", "N", "i", "j", "π"})

_GREEK_LETTERS = {
    name: unicodedata.lookup(
        f"GREEK {'CAPITAL' if name[0].isupper() else 'SMALL'} LETTER "
        + name.upper().replace("LAMBDA", "LAMDA")
    )
    for name in (
        "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi pi rho "
        "sigma tau upsilon phi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi "
        "Psi Omega"
    ).split()
}
_GREEK_LETTERS.update({"varepsilon": "ε", "varphi": "φ", "vartheta": "θ", "ell": "ℓ"})
#: A TeX accent, as the combining mark it sets.
_ACCENTS = {
    "bar": "\u0304",
    "overline": "\u0304",
    "tilde": "\u0303",
    "widetilde": "\u0303",
    "ti": "\u0303",
    "hat": "\u0302",
    "widehat": "\u0302",
}
#: The paper's macros (``MACROS``) that write a symbol, as it reads.
_MACRO_SYMBOLS = {
    "bu": "ū",
    "tu": "ũ",
    "tg": "g̃",
    "TG": "G̃",
    "BG": "Ḡ",
    "HSig": "Σ̂",
    "Hu": "μ̂",
    "cS": "S",
    "mL": "𝓛",
}
_SYMBOL_TOKEN = re.compile(
    r"\\(?P<accent>bar|overline|tilde|widetilde|ti|hat|widehat)\s*\{?\s*"
    r"(?P<base>\\[A-Za-z]+|[A-Za-z])\s*\}?(?P<p1>'*)"
    r"|\\(?P<command>[A-Za-z]+)(?P<p2>'*)|(?P<letter>[A-Za-z])(?P<p3>'*)"
)


def display_symbols(latex: str) -> list[str]:
    """The symbols ``latex`` (a display of a walk page) uses, in the order they first come, as
    a reader reads them: a letter, a Greek letter's command as the letter, an accent with its
    letter (``\\bar{\\Lambda}`` Λ̄), the paper's macros as what they write (``\\bu`` ū), a
    prime as ′; scripts are read as symbols of their own (Σ_t uses Σ and t); words in
    ``\\text``, ``\\mbox`` and ``\\mathrm``, operators (``\\log``, ``\\tr``) and ``\\mathbbm{1}``,
    ``\\EE``, ``\\PP`` are not symbols.

    >>> display_symbols(r"\\PP(\\norm{\\bu'}^2 \\ge (\\beta+1) d) \\mbox{ and } \\bar{\\Lambda}_t")
    ['ū′', 'β', 'd', 'Λ̄', 't']
    """
    text = re.sub(r"\\(?:text|mbox|mathrm|operatorname|textrm|label|tag)\s*\{[^{}]*\}", " ", latex)
    text = re.sub(r"\\(?:begin|end)\{[^{}]*\}|\\mathbbm\{1\}|\\mathbb\{[A-Z]\}", " ", text)
    found: list[str] = []
    for m in _SYMBOL_TOKEN.finditer(text):
        if m["accent"]:
            base = m["base"]
            base = _GREEK_LETTERS.get(base[1:], base[1:]) if base.startswith("\\") else base
            name, primes = base + _ACCENTS[m["accent"]], m["p1"]
        elif m["command"]:
            name = _GREEK_LETTERS.get(m["command"]) or _MACRO_SYMBOLS.get(m["command"], "")
            primes = m["p2"]
        else:
            name, primes = m["letter"], m["p3"]
        name = unicodedata.normalize("NFC", name + "′" * len(primes)) if name else ""
        if name and name not in found:
            found.append(name)
    return found


def _displayed_meaning(proof: str, name: str) -> str:
    """What the symbol ``name`` of a display of the proof ``proof`` stands for: from
    ``DISPLAYED_OF``, else ``DISPLAYED`` (a ``GLOSSARY`` key read there); a ``ValueError``
    naming it where neither says."""
    said = DISPLAYED_OF.get(proof, {}).get(name) or DISPLAYED.get(name)
    if said is None:
        raise ValueError(
            f"name={name!r} of a display of {proof!r}: expected a symbol that DISPLAYED or "
            "DISPLAYED_OF defines (or one of STANDARD_SYMBOLS)"
        )
    return GLOSSARY.get(said, said)


def _meaning(proof: str, name: str) -> str:
    """What ``name`` of a counterexample of the proof ``proof`` stands for: from ``MEANINGS``,
    ``SYMBOLS_OF`` or ``GLOSSARY`` (ν₂… as ν₁), in this order; a ``ValueError`` naming it
    where none says."""
    said = MEANINGS.get(proof, {}).get(name) or SYMBOLS_OF.get(proof, {}).get(name)
    found = said or GLOSSARY.get(re.sub(r"^nu_\d$", "nu_1", name))
    if found is None:
        raise ValueError(
            f"name={name!r} of a counterexample of {proof!r}: expected a name that GLOSSARY, "
            "SYMBOLS_OF or MEANINGS defines"
        )
    return found


def _noted(reason: str) -> list[str]:
    """The names of ``NOTE_NAMES`` that the note ``reason`` writes, in the order of the table
    (a name within a longer one, "H_t" of "H_tΣ_t", counts; "H_t" of "H_{t+1}" does not; after
    a fraction, "½N_t", it counts).

    >>> _noted("with max{Δ_α,1, …}; Y_{t,i} and H_tΣ_t, not H_{t+1} nor AH_t, and ½N_t")
    ['Δ_α,1', 'H_t', 'Y_{t,i}', 'N_t']
    """
    alone = r"(?<!(?![½¼¾])\w)"  # not within a longer name (a fraction before it is no name)
    return [
        name for name in NOTE_NAMES if re.search(rf"{alone}{re.escape(name)}(?![0-9{{])", reason)
    ]


def symbols_line(
    proof: str, steps: Sequence[Mapping[str, Any]], displays: Sequence[str] = ()
) -> str | None:
    """The page's "Symbols on this page" fold: each name its counterexamples use (in the order
    they first come; ν₁, ν₂, … once), as the page writes it, with what it stands for
    (``_meaning``), then each symbol of the paper that its notes (a step's reading and the label
    of the erratum that names it) use (``NOTE_NAMES``, from the same ``GLOSSARY``), then each
    symbol its ``displays`` (their LaTeX) use (``display_symbols``, ``_displayed_meaning``; not
    ``STANDARD_SYMBOLS``), a symbol of the same meaning as a name before it beside that name;
    the paper's symbols marked as defined on the notation page; None when it has none of
    these. A list, an item per meaning, each name once: a display's symbol already named
    (by a counterexample) is not named again, but moves to the proof's own sense of it
    (``DISPLAYED_OF``) where it has one; a symbol whose meaning's names hold it with scripts
    (c₀ for c) is not added; Π is the projection onto the set the page's displays write
    (``PROJECTIONS``: S, the paper's 𝒮 of Σ, or S′, its 𝒮′ of Σ⁻¹)."""
    from ..views.report import html_scripts

    shown: dict[str, list[str]] = {}  # meaning → the names that have it, as the page shows them
    for step in steps:
        values = step.get("counterexample") or {}
        for name in values:
            if name in ("estimate", "se") and {"estimate", "se"} <= set(values):
                continue  # written as the step's slack, in words (``_values``)
            if name in _SIDES or name == "lhs - rhs":
                continue  # written in words ("left side"), not a symbol
            written = "ν₁, ν₂, …" if re.fullmatch(r"nu_\d", name) else WORDS.get(name, symbol(name))
            names = shown.setdefault(_meaning(proof, name), [])
            if written not in names:
                names.append(written)
    for step in steps:
        for written in _noted(f"{step.get('reason') or ''} {step.get('erratum') or ''}"):
            typeset = html_scripts(written)
            if any(html_scripts(n) == typeset for ns in shown.values() for n in ns):
                continue  # named already (by a counterexample: Lemma 38's H*, Λ_t)
            if written == "ν_i" and any("ν₁, ν₂, …" in ns for ns in shown.values()):
                continue  # ν's entries, named already by a counterexample's ν₁, ν₂, …
            shown.setdefault(GLOSSARY[NOTE_NAMES[written]], []).append(written)
    used = list(dict.fromkeys(x for latex in displays for x in display_symbols(latex)))
    onto = [PROJECTIONS[x] for x in PROJECTIONS if x in used]  # Π as the page projects
    for written in used:
        if written in STANDARD_SYMBOLS:
            continue
        meaning = _displayed_meaning(proof, written)
        if written == "Π" and onto and "Π" not in DISPLAYED_OF.get(proof, {}):
            meaning = "† " + "; ".join(onto)
        listed = [m for m, n in shown.items() if written in n]
        if listed:  # the name is defined already: once, in the page's own sense if it has one
            if written in DISPLAYED_OF.get(proof, {}) and meaning not in listed:
                for m in listed:
                    shown[m].remove(written)
                shown.setdefault(meaning, []).append(written)
                shown = {m: n for m, n in shown.items() if n}
            continue
        scripted = rf"{re.escape(written)}(?:_.*|<sub>.*|[₀-₉]+|\*)?"
        if any(re.fullmatch(scripted, n) for n in shown.get(meaning, [])):
            continue  # a name of its meaning is it with scripts: Λ_t, c₀
        if any(re.fullmatch(scripted, n) for ns in shown.values() for n in ns if n != written):
            continue  # named with its scripts already (c₁, Δ_α,1, Σ_k): not again, generic
        shown.setdefault(meaning, []).append(written)
    if not shown:
        return None
    said = "\n".join(f"- {', '.join(n)}: {m.removeprefix('† ')}" for m, n in shown.items())
    paper = [x for m, n in shown.items() if m.startswith("† ") for x in n]
    where = (
        f"{', '.join(paper)} {'is' if len(paper) == 1 else 'are'} the paper's, as "
        f"[the notation page]({NOTATION}) defines them;"
        " the rest are the walk's own or the proof's."
        if paper
        else ""
    )
    return (
        '<details class="aside"><summary>Symbols on this page</summary>\n\n'
        f"The names the counterexamples, the notes and the displays use, each once:\n\n{said}"
        + (f"\n\n{where}" if where else "")
        + "\n\n</details>"
    )


_SIDES = {"lhs": "left", "rhs": "right"}
#: The evidence of a symbolic step: sympy's difference of its sides, in sympy's syntax.
_SYMPY = re.compile(r"^sympy: lhs − rhs = (?P<expr>.+)$")


def _typeset(evidence: str) -> str:
    """``evidence`` with sympy's difference of a step's sides typeset (sympy's LaTeX, its names
    as symbols: ``symbol``): "sympy: lhs − rhs = -delta" → "sympy: left − right = $-\\delta$";
    a long difference as a display; in other evidence, "lhs" and "rhs" as "left" and "right"
    ("worst E[lhs] − rhs" → "worst E[left] − right")."""
    m = _SYMPY.match(evidence)
    if m is None:
        return re.sub(r"\b(lhs|rhs)\b", lambda s: _SIDES[s.group()], evidence)
    import sympy

    names = set(re.findall(r"[A-Za-z_]\w*", m.group("expr")))
    local = {n: sympy.Symbol(n) for n in names}
    try:
        expr = sympy.parse_expr(m.group("expr"), local_dict=local)
    except (SyntaxError, TypeError, ValueError):
        return evidence
    latex = sympy.latex(expr, symbol_names={local[n]: _latex_name(n) for n in names})
    if len(latex) <= 80:
        return f"sympy: left − right = ${latex}$"
    return "sympy: left − right =\n\n" + "\n".join(_display([("", latex)], join=False))


def _latex_name(name: str) -> str:
    """A sympy name in LaTeX: a Greek letter's name as its command, an index as a subscript."""
    m = re.fullmatch(r"([A-Za-z]+?)_?(\d+)|([A-Za-z]+)", name)
    if m is None:
        return name
    base = m.group(1) or m.group(3)
    greek = base.casefold() in _GREEK or base == "ell"
    letter = f"\\{base}" if greek else base
    return letter + (f"_{{{m.group(2)}}}" if m.group(2) else "")


_GREEK = {
    "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa",
    "lambda", "mu", "nu", "xi", "pi", "rho", "sigma", "tau", "upsilon", "phi", "chi", "psi",
    "omega",
}  # fmt: skip


#: What a counterexample's letter stands for where the proof's text does not say it (the walk's
#: model names it): by our name of the proof, then the letter.
MEANINGS: dict[str, dict[str, str]] = {
    "Lemma 5.1": {
        "a": "‖Ũᵀ∇f‖²",
        "n": "‖ν‖²",
        "m": "‖Ũν‖²",
        "s": "‖Σ<sup>1/2</sup>∇f‖²",
        "∇f(μ<sub>k</sub>)": "the gradient of f at μ<sub>k</sub>",
        "Σ<sub>k</sub>": "the covariance at step k (Σ<sub>k</sub>⁻¹ ∈ S′)",
        "U": "U<sub>k</sub>, the d × b matrix of the directions u<sub>i</sub> (its columns)",
        "Ũ<sub>k</sub>": "Σ<sub>k</sub><sup>1/2</sup>U<sub>k</sub>, the scaled directions "
        "(column i is ũ<sub>i</sub>)",
        "ν": "the remainders of the antithetic differences (eq:nu); g̃ = Ũ<sub>k</sub>"
        "(Ũ<sub>k</sub>ᵀ∇f + ν)/b",
    },
    "Thm 3.4": {
        "s": "Σ at d = 1",
        "c0": "the coefficients of f(μ + x) = c₀ + c₁x + c₂x² + c₃x³ + c₄x⁴, x = α√s·u",
    },
    "Lemma E.8": {
        "s": "the variable of the integral over the tail",
        "Λ<sub>t</sub>": "the diagonal of Λ<sub>t</sub>, the eigenvalues of "
        "Σ<sub>t</sub><sup>1/2</sup>H<sub>t</sub>Σ<sub>t</sub><sup>1/2</sup>",
        "tr Λ<sub>t</sub>": "the trace of Λ<sub>t</sub>",
        "H*": "Π<sub>S′</sub>(∇²f(μ*)), the Hessian at the minimizer projected onto S′",
        **{
            f"{name}{t}{after}": f"{what} at t = {i}"
            for i, t in enumerate("₀₁₂")
            for name, after, what in (
                ("z", "", "z<sub>t,k</sub>"),
                ("Λ", "", "Λ<sub>t</sub>'s diagonal"),
                ("Σ", "⁻¹", "Σ<sub>t</sub>⁻¹"),
                ("H", "", "H<sub>t</sub> = Π<sub>S′</sub>(∇²f(μ<sub>t</sub>))"),
            )
        },
        "Λ": "the diagonal of Λ (Λ<sub>t</sub> of one t)",
        "E Y": "the diagonal of E[Y<sub>t,i</sub>] (a diagonal matrix), exactly: the step's "
        "left side",
        "printed": "the diagonal of the printed expectation, (tr Λ·I + 2Λ)p₄ − (tr Λ/d)p₀·I with "
        "p<sub>j</sub> = P(χ²<sub>d+j</sub> > A): the step's right side",
        "P_Y": "P(some Y<sub>t,i</sub> ≠ 0), exactly (χ² tails): the chance that a direction "
        "lies beyond its threshold A<sub>t</sub>",
    },
    "Lemma D.4": {"ell": "the lemma's 𝓛, the bound of ∇²f ⪯ 𝓛Σ⁻¹"},
    "Lemma D.5": {"ell": "the lemma's 𝓛, the bound of ∇²f ⪯ 𝓛Σ⁻¹"},
    "Lemma D.6": {
        "iso": "Σ⁻¹ = τI and every ‖u<sub>i</sub>‖² = c₃",
        "A": "f(x) = ½xᵀAx + β Σ<sub>i</sub> log cosh(w<sub>i</sub>ᵀx), the walk's f (its "
        "minimizer μ* = 0): A, the rows w<sub>i</sub> of W and β",
        "W": "f(x) = ½xᵀAx + β Σ<sub>i</sub> log cosh(w<sub>i</sub>ᵀx), the walk's f (its "
        "minimizer μ* = 0): A, the rows w<sub>i</sub> of W and β",
        "beta": "f(x) = ½xᵀAx + β Σ<sub>i</sub> log cosh(w<sub>i</sub>ᵀx), the walk's f (its "
        "minimizer μ* = 0): A, the rows w<sub>i</sub> of W and β",
        "μ": "the point the lemma bounds G at",
        "Σ⁻¹": "the inverse covariance, in S′",
        "U": "the directions u<sub>1</sub>, …, u<sub>b</sub> as columns (u = u<sub>1</sub> "
        "where a step has one u)",
        "r_u": (
            "2d + 2 log(1/δ), the walk's name for the line's bound on ‖u<sub>i</sub>‖² (not "
            "eq:c1's c₂)"
        ),
        "c3": "2d + 3 log(1/δ), the bound on ‖u<sub>i</sub>‖² of eq:u_norm's event",
    },
}


#: Where a proof uses a name in a sense of its own: by our name of the proof, then the name.
SYMBOLS_OF: dict[str, dict[str, str]] = {
    "Thm 3.4": {f"c{i}": MEANINGS["Thm 3.4"]["c0"] for i in range(1, 5)},  # one line, c₀…c₄
    "Lemma D.6": {"r_u": MEANINGS["Lemma D.6"]["r_u"]},
    "Lemma D.2": {
        "bound": "the statement's right side at the instance; the check compares the "
        "probability that the left side exceeds it with δ",
    },
}


def meanings(proof: str, counterexample: Mapping[str, Any]) -> str:
    """ "where a = ‖Ũᵀ∇f‖², …": what each letter of ``counterexample`` stands for, from
    ``MEANINGS`` for the proof ``proof`` (our name); "" when none needs saying.

    >>> meanings("Lemma 5.1", {"d": 2, "a": 0.1, "n": 0.2})
    'where a = ‖Ũᵀ∇f‖², n = ‖ν‖²'
    >>> meanings("Lemma E.8", {"t": 4, "s": 55.6})
    'where s = the variable of the integral over the tail'
    """
    table = MEANINGS.get(proof, {})
    said = []
    for key in counterexample:
        if key not in table:
            continue
        if key == "c0":
            said.append(f"c₀…c₄ {table[key]}")
        elif key in WORDS:
            said.append(f"an {WORDS[key]} has {table[key]}")
        else:
            said.append(f"{symbol(key)} = {table[key]}")
    return "where " + ", ".join(said) if said else ""


#: A number of the walk's evidence in Python's exponent notation ("-2.48e-16").
_EXPONENT = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?e[-+]?\d+\b")
#: Where a numeric step's evidence gives its worst margin (or an identity's residual).
_WORST = re.compile(r"(worst margin|largest relative residual) (\S+?)(?=;|$)")


def power(value: float, digits: int = 2) -> str:
    """A small or large number as a reader writes it: ``digits`` significant digits and a power
    of ten (``number``: ``mines_theory.numbers.powers_of_ten``, which drops a mantissa of 1).

    >>> power(-2.476103e-16), power(1e-10), power(2.2e-14), power(0.005773)
    ('−2.5×10⁻¹⁶', '10⁻¹⁰', '2.2×10⁻¹⁴', '0.0058')
    """
    return number(float(f"{value:.{digits}g}"))


def _margins(step: Mapping[str, Any]) -> str:
    """A numeric step's evidence with its numbers in powers of ten (``power``), minus signs as
    "−", and, where the step holds (or is an identity) with a negative worst margin, the
    tolerance that lets it: "worst margin −2.5×10⁻¹⁶ (within the rounding tolerance 10⁻¹⁰ of
    check.TOLERANCE)". An expectation step's margin is decided by its standard error, and its
    evidence says so; sympy's difference (``_typeset``) is left as it is."""
    from .check import TOLERANCE

    if _SYMPY.match(step["evidence"]):
        return step["evidence"]
    text = _EXPONENT.sub(lambda m: power(float(m.group())), step["evidence"])
    text = re.sub(r"(?<![\w.])-(?=\d)", "−", text)  # a negative number's minus sign
    worst = step.get("worst_margin")
    if worst is None or worst >= 0 or step["status"] not in ("holds", "identity"):
        return text
    if "Monte Carlo" in text:  # an = by Monte Carlo: its residual's size, not a margin
        return re.sub(r"worst normalized margin −(\S+?)(?=;|$|\.)", r"relative difference \1", text)
    within = f" (within the rounding tolerance {power(TOLERANCE)})"
    return _WORST.sub(lambda m: m.group(0) + within, text, count=1)


def margin_note(steps: Sequence[Mapping[str, Any]]) -> str | None:
    """The page's one explanation of the margins its numeric steps report (``check.margin``),
    with the tolerance and the expectation steps' rule (``check.TOLERANCE``, ``check.K_SE``);
    None when no step of ``steps`` was checked at instances."""
    from .check import K_SE, TOLERANCE

    if not any(s.get("worst_margin") is not None for s in steps):
        return None
    return (
        "*The margins.* A step checked at random instances reports its normalized margin at "
        "the worst one found: (right − left)/scale for ≤ (left − right for ≥), the least "
        "eigenvalue of right − left over the scale for ⪯, and −‖left − right‖/scale for = "
        "(its relative residual); positive is slack, negative a violation. The scale is the "
        "size the step's model gives the two sides at the instance: |left| + |right| for some, "
        "for others a size of the terms the sides are made of (so that a difference of large "
        "terms is not read as a large relative error); a failing step's evidence prints its "
        "scale at its counterexample. So the margin is a relative one. Every margin and "
        "Monte Carlo difference on a walk page is printed in the relation's own orientation, "
        "positive where the step holds with room: an event's probability checked against its "
        "bound reads bound − P(event), whatever sign the check computes it with, and an = "
        "checked by Monte Carlo gives the size of its difference (its relative difference), "
        "which its standard error decides. Double precision "
        "rounds, so a step holds where its worst margin is at least "
        f"−{power(TOLERANCE)} (the rounding tolerance); a "
        "Monte Carlo step fails only when its estimate is beyond 0 by more than "
        f"{K_SE:g} of its standard errors."
    )


def uncertain(estimate: float, se: float) -> str:
    """A Monte Carlo estimate with its standard error, each to the decimal of the error's first
    digit (at most 3 significant digits of the estimate); with an error of 0, the estimate
    alone (``number``'s minus sign and powers of ten).

    >>> uncertain(0.01873917, 0.00096415), uncertain(-1.5439, 0.00828), uncertain(0.106, 0.0)
    ('0.0187 ± 0.0010', '−1.54 ± 0.008', '0.106')
    >>> uncertain(-3.67e-09, 3.4e-07)
    '−3.7×10⁻⁹ ± 3×10⁻⁷'
    """
    if se <= 0:
        return power(estimate, 3)
    decimals = max(0, -math.floor(math.log10(se)))
    if decimals > 4:
        return f"{power(estimate)} ± {power(se, 1)}"
    text = f"{estimate:.{decimals}f}"
    if len(re.sub(r"^[-0.]+|\.", "", text)) > 3:
        text = f"{float(f'{estimate:.3g}'):.{decimals}f}".rstrip("0").rstrip(".")
    return f"{text} ± {se:.{decimals}f}".replace("-", "−")


#: A Monte Carlo step's slack in its own direction, by its relation (the spec's, never the
#: sign of the estimate): how it reads (positive where the step holds), its name, and what
#: would make the step fail.
DIRECTION = {
    "<=": (
        "the right side exceeds E[left side] by",
        "right side − E[left side]",
        "E[left side] exceed{} it",
    ),
    ">=": (
        "E[left side] exceeds the right side by",
        "E[left side] − right side",
        "the right side exceed{} E[left side]",
    ),
    "=": ("E[left side] − right side is", "E[left side] − right side", "they differ{}"),
}
DIRECTION["<"], DIRECTION[">"] = DIRECTION["<="], DIRECTION[">="]
#: An event's probability checked against its bound, which the engine writes negated
#: (E[−𝟙{event}] ≥ −bound, ``event_check``): its slack is bound − P(event), read as the
#: relation P(event) ≤ bound says it, never in the engine's negated words.
DIRECTION["event"] = (
    "P(event) is below its bound by",
    "bound − P(event)",
    "P(event) exceed{} its bound",
)
#: The words of a negative slack, by the direction that would make the step fail.
AGAINST = {
    "<=": DIRECTION[">="][0],
    ">=": DIRECTION["<="][0],
    "=": DIRECTION["="][0],
    "event": "P(event) exceeds its bound by",
}
AGAINST["<"], AGAINST[">"] = AGAINST["<="], AGAINST[">="]
#: An expected count of events checked against its bound (E[−count] ≥ −bound): not a
#: probability, so said as the count it is.
DIRECTION["count"] = (
    "the expected count is below its bound by",
    "bound − expected count",
    "the expected count exceed{} its bound",
)
AGAINST["count"] = "the expected count exceeds its bound by"
#: A statement's exceedance test (P(the quantity exceeds its bound) ≤ δ, the engine's E[𝟙] −
#: δ ≤ 0): its slack δ − P(exceed), said as the probability against δ.
DIRECTION["exceedance"] = ("P(exceed) is below δ by", "δ − P(exceed)", "P(exceed) exceed{} δ")
AGAINST["exceedance"] = "P(exceed) exceeds δ by"
#: The reason of a statement's exceedance test (``orientation``).
_EXCEEDANCE = re.compile(r"exceedance test")
_COUNT = re.compile(r"E\[−count")

#: A step's reason that says its check is an event's probability against a bound, negated for
#: the engine ("E[−𝟙{…}] ≥ −bound", "E[−count] ≥ −…").
_NEGATED_EVENT = re.compile(r"E\[−(?:𝟙|count)")


def event_check(proof: str, step: Mapping[str, Any]) -> bool:
    """Whether the check of ``step`` (of the proof ``proof``, our name) is an event's
    probability against its bound, which the engine writes as E[−𝟙{event}] ≥ −bound: a
    reason that says so.

    >>> event_check("Lemma E.8", {"index": 2, "relation": ">=", "reason": "E[−𝟙{A}] ≥ −p"})
    True
    >>> event_check("Lemma E.8", {"index": 3, "relation": "<=", "reason": "eq:chi exactly"})
    False
    """
    if step.get("relation") not in (">=", ">"):
        return False
    return bool(_NEGATED_EVENT.search(step.get("reason") or ""))


def orientation(proof: str, step: Mapping[str, Any]) -> str:
    """The key of ``DIRECTION`` a Monte Carlo step's difference is said in: "exceedance" for a
    statement's exceedance test (a ≤ whose reason or counterexample says so), "count" for an
    expected count against its bound, "event" for an event's probability against its bound
    (``event_check``), else the step's relation.

    >>> orientation("Lemma E.8", {"index": 1, "relation": "<=", "reason": "an exceedance test"})
    'exceedance'
    >>> orientation("Lemma E.8", {"index": 12, "relation": ">=", "reason": "E[−count] ≥ −δ"})
    'count'
    """
    relation = str(step.get("relation", ""))
    keys = set(step.get("counterexample") or {})
    reason = step.get("reason") or ""
    if relation == "<=" and (_EXCEEDANCE.search(reason) or {"bound", "delta"} <= keys):
        return "exceedance"
    if event_check(proof, step):
        return "count" if _COUNT.search(reason) else "event"
    return relation


def slack(estimate: float, relation: str) -> float:
    """A Monte Carlo ``estimate`` of E[lhs] − rhs as the step's slack in its own direction
    (``DIRECTION``): negated for a ≤ or <, as it is for a ≥, > or =.

    >>> slack(0.5, "<="), slack(0.5, ">=")
    (-0.5, 0.5)
    """
    return -estimate if relation in ("<=", "<", "exceedance") else estimate


#: A Monte Carlo step's estimate of E[lhs] − rhs with its standard error, as ``check`` writes
#: it: where the step holds (the worst instance's) and where it fails.
_HOLDS_MC = re.compile(
    r"worst E\[lhs\] − rhs = (?P<est>\S+) ± (?P<se>\S+) \(SE; fails beyond (?P<k>[\d.]+) SE\)"
)
_FAILS_MC = re.compile(
    r"Monte Carlo E\[lhs\] − rhs = (?P<est>\S+) ± (?P<se>\S+) \(SE, (?P<n>\d+) draws\), "
    r"beyond 0 by more than (?P<k>[\d.]+) SE"
)


#: The draws each instance of a Monte Carlo step had, as its evidence says them.
_DRAWS = re.compile(r"(?P<n>\d+) Monte Carlo draws each")
#: The power clause of a Monte Carlo step's evidence where no draw varied (an SE of 0).
_NO_POWER = re.compile(r"; power: it detects an error of more than 0 of the scale \([^)]*\)")


def directed(evidence: str, relation: str, event: bool = False) -> str:
    """A Monte Carlo step's ``evidence`` with its E[lhs] − rhs said in the step's own direction
    (``DIRECTION``, by its ``relation``), so that a step that holds reads as a positive slack
    whether it is a ≤ or a ≥, each number to its standard error (``uncertain``); a standard
    error of 0 said as what it is (every draw gave the same value: no draw fell in the event,
    or all did, for an event's indicator), not as a closed form. Other evidence is returned as it is.

    >>> e = "worst E[lhs] − rhs = -0.2 ± 0.091 (SE; fails beyond 4 SE), worst normalized margin"
    >>> print(directed(e, "<="))
    worst: the right side exceeds E[left side] by 0.20 ± 0.09 (Monte Carlo SE; the step would fail if E[left side] exceeded it by more than 4 SE), worst normalized margin
    >>> print(directed(e, ">="))
    worst: the right side exceeds E[left side] by 0.20 ± 0.09 (Monte Carlo SE), within 4 SE of 0: the step fails only beyond 4 SE, worst normalized margin

    An event's probability checked against its bound (``event``: the engine's E[−𝟙{event}] ≥
    −bound) reads as P(event) ≤ bound, its slack bound − P(event):

    >>> print(directed(e.replace("-0.2", "0.15"), ">=", event=True))  # doctest: +ELLIPSIS
    worst: P(event) is below its bound by 0.15 ± 0.09 (Monte Carlo SE; the step would fail if P(event) exceeded its bound by more than 4 SE), ...
    """  # noqa: E501
    if event and relation in (">=", ">"):
        relation = "event"
    if relation not in DIRECTION:
        return evidence
    reads, _, fail = DIRECTION[relation]
    against = AGAINST[relation]  # its slack negative

    def said(m: re.Match) -> tuple[str, bool, bool]:
        """The estimate as the side that exceeds the other, by how much; whether its SE is
        0; whether the slack is negative (the side that would make the step fail exceeds)."""
        est, se = slack(float(m["est"]), relation), float(m["se"])
        short = est < 0 and relation != "="
        words = against if short else reads
        return f"{words} {uncertain(abs(est) if short else est, se)}", se == 0, short

    def holds(m: re.Match) -> str:
        text, same, short = said(m)
        if same and relation == "exceedance" and draws:
            delta = slack(float(m["est"]), relation)
            return (
                f"worst: no exceedance in {draws} draws at any instance (δ = {number(delta)}; "
                f"were P(exceed) ≥ δ, no exceedance in {draws} draws has probability at most "
                f"e^(−{draws}δ) = {number(math.exp(-int(draws) * delta))})"
            )
        if same:
            return (
                f"worst: {text} (every draw gave the same value, so its Monte Carlo SE is 0: "
                f"not a closed form; the step would fail if {fail.format('ed')} at all)"
            )
        if short:
            return (
                f"worst: {text} (Monte Carlo SE), within {m['k']} SE of 0: the step fails "
                f"only beyond {m['k']} SE"
            )
        return (
            f"worst: {text} (Monte Carlo SE; the step would fail if {fail.format('ed')} by "
            f"more than {m['k']} SE)"
        )

    def fails(m: re.Match) -> str:
        text, same, _ = said(m)
        if same:
            every = (
                f"all {m['n']} draws exceeded the threshold"
                if relation == "exceedance"
                else "every draw gave the same value"
            )
            return (
                f"Monte Carlo ({m['n']} draws): {text}; {every}, so the estimate's standard "
                "error is 0 (a sample, not an exact probability): the step fails"
            )
        return f"Monte Carlo ({m['n']} draws): {text} (SE), more than {m['k']} SE: the step fails"

    found = _DRAWS.search(evidence)
    draws = found["n"] if found else None
    text = _FAILS_MC.sub(fails, _HOLDS_MC.sub(holds, evidence))
    if relation == "exceedance" and draws and "no exceedance in" in text:
        text = _NO_POWER.sub("", text)  # 4 SE of 0 draws detects nothing: said above instead
    return text


#: The labels of a step's evidence fold (``_evidence``): what the check found, and how the
#: walk reads the step (its spec's ``reason``).
FOUND, READING = "What the check found:", "How the walk reads the step:"
#: A status word that opens a check's evidence ("fails: normalized margin …"): the badge says it.
_STATUS_OPENING = re.compile(r"^(?:fails|holds|identity|follows): ")


#: Sympy's verdict on a step's sides (``_typeset``) as a reader says it: the library's name.
_SYMPY_SAYS = (
    ("sympy: left − right =", "SymPy simplifies left − right to"),
    ("sympy: left − right simplifies to", "SymPy simplifies left − right to"),
    ("sympy: ", "SymPy: "),
)
#: A word that opens a sentence and may take a capital: not a symbol ("s", "log", "eq:…").
_OPENING_WORD = re.compile(r"^(?!(?:log|exp|max|min|det|tr)\b)(?:a|[a-z]{2,})(?=[ ,;])")


def _sentence(text: str) -> str:
    """``text`` with its first letter a capital where it opens with a word (``_OPENING_WORD``),
    not a symbol or a label, which keep their case.

    >>> _sentence("the statement holds"), _sentence("eq:chi_1 fails"), _sentence("s ≥ 0")
    ('The statement holds', 'eq:chi_1 fails', 's ≥ 0')
    """
    return text[:1].upper() + text[1:] if _OPENING_WORD.match(text) else text


def _relation(step: Mapping[str, Any], proof: str) -> str:
    """The relation of ``step`` as the spec of the proof ``proof`` (our name) gives it; the
    walk data's copy where no proof is named."""
    if not proof:
        return str(step.get("relation", ""))
    return next(s.relation for s in spec.find(proof).steps if s.index == int(step["index"]))


def scale_words(step: Mapping[str, Any], relation: str) -> str | None:
    """What a failing step's normalized margin divides by, at its counterexample: the scale its
    model sets (``check.margin``: (right − left)/scale for ≤, (left − right)/scale for ≥), read
    back from its sides and its margin, beside |left| + |right|, which it need not be (a model
    may size the terms its sides are made of); None for a step without both sides or a margin,
    or of another relation.

    >>> scale_words({"status": "fails", "worst_margin": -0.8964498430594078,
    ...     "counterexample": {"lhs": 257040.16106030546, "rhs": 11508.437946939719}}, "<=")
    "(right − left)/scale; the scale, the size the step's model gives the terms its two sides are made of, is at the instance 2.739×10⁵ (|left| + |right| alone: 2.685×10⁵)"
    """  # noqa: E501
    values = step.get("counterexample") or {}
    margin = step.get("worst_margin")
    lhs, rhs = values.get("lhs"), values.get("rhs")
    sign = {"<=": 1, "<": 1, ">=": -1, ">": -1}.get(relation)
    if not (isinstance(lhs, (int, float)) and isinstance(rhs, (int, float))):
        return None
    if step.get("status") != "fails" or not margin or sign is None:
        return None
    scale = sign * (float(rhs) - float(lhs)) / margin
    if not math.isfinite(scale) or scale <= 0:
        return None
    said = "(right − left)/scale" if sign > 0 else "(left − right)/scale"
    return (
        f"{said}; the scale, the size the step's model gives the terms its two sides are "
        f"made of, is at the instance {number(scale)} (|left| + |right| alone: "
        f"{number(abs(float(lhs)) + abs(float(rhs)))})"
    )


#: The label of a step's counterexample in its evidence fold.
COUNTEREXAMPLE = "**Counterexample:**"


def _evidence(step: Mapping[str, Any], proof: str = "") -> str:
    """The paragraphs of a step's evidence fold: its counterexample, the one inside the paper's
    regime first where it has one (what its letters stand for is said once, in the page's
    symbols fold: ``symbols_line``), what the check found (``FOUND``: its evidence, without a
    status word the badge above already says), and how the walk reads the step (``READING``:
    its spec's reason), each a sentence that ends with a full stop."""
    parts = []
    relation = _relation(step, proof)
    direction = orientation(proof, {**step, "relation": relation})  # its difference's sense
    if step.get("inside") and proof:  # the instance in the paper's regime leads
        parts.append(inside_words(proof, step["inside"], direction))
    if step.get("counterexample"):  # its letters' meanings: once, in the symbols fold
        values = _values(step["counterexample"], words=True, relation=direction)
        outside = "**Outside that regime**, the worst failing instance:"
        parts.append(f"{outside if step.get('inside') and proof else COUNTEREXAMPLE} {values}.")
    if step.get("evidence"):
        said = directed(step["evidence"], direction)
        evidence = _typeset(_margins({**step, "evidence": said}))
        for said, words in _SYMPY_SAYS:
            evidence = evidence.replace(said, words, 1)
        evidence = _sentence(_STATUS_OPENING.sub("", evidence))
        scaled = scale_words(step, relation) if not event_check(proof, step) else None
        if scaled and evidence.endswith("at the instance shown"):
            evidence += f": {scaled}"
        if step.get("inside") and proof and step.get("counterexample"):
            # two instances shown: the margin is the second's (reader E, stop 59)
            evidence = evidence.replace(
                "at the instance shown", "at the second instance shown (outside that regime)", 1
            )
        parts.append(f"**{FOUND}** {evidence}" + ("" if evidence.endswith(("\n", ".")) else "."))
    fixed = step.get("corrected")
    if fixed:
        parts.append(corrected_words(fixed, direction))
    if step.get("reason"):
        reason = _EXPONENT.sub(lambda m: number(float(m.group())), step["reason"]).rstrip()
        reason = _sentence(reason)
        parts.append(f"**{READING}** {reason}" + ("" if reason.endswith(".") else "."))
    return "\n\n".join(parts)


#: The label of the paragraph that gives a step's check re-run with its erratum's correction.
CORRECTED = "With the erratum's correction:"


def inside_words(proof: str, inside: Mapping[str, Any], relation: str) -> str:
    """The paragraph of a step's evidence fold that gives a failing instance inside the paper's
    regime (``spec.Proof.regime``, ``StepResult.inside``), where the counterexample shown lies
    outside it: the regime as a chain of its symbols, then the instance's values.

    >>> print(inside_words("Lemma 5.1", {"tau": 1.17, "L": 22.0, "zeta": 2108.0, "lhs": 1.0,
    ...     "rhs": 0.5}, "<="))  # doctest: +NORMALIZE_WHITESPACE
    **Counterexample** inside the paper's regime (τ ≤ L ≤ ζ, as Remark 13's ζ ≥ L and τ ≤ σ
    make it), the worst failing random instance: τ = 1.17, L = 22, ζ = 2108, left side = 1,
    right side = 0.5.
    """
    declared = spec.find(proof)
    chain = " ≤ ".join(symbol(name) for name in declared.regime)
    values = _values(inside, words=True, relation=relation)
    return (
        f"**Counterexample** inside the paper's regime ({chain}, as {declared.regime_from} "
        f"make it), the worst failing random instance: {values}."
    )


def corrected_words(fixed: Mapping[str, Any], relation: str, event: bool = False) -> str:
    """The paragraph of a step's evidence fold that gives its check re-run with its erratum's
    correction at the same instances (``StepResult.corrected``): its status and what it found,
    in the relation's own orientation (``directed``).

    >>> print(corrected_words({"status": "holds", "evidence": "holds at 4 instances, 20000 "
    ...     "Monte Carlo draws each; worst E[lhs] − rhs = -0.5 ± 0.1 (SE; fails beyond 4 SE), "
    ...     "worst normalized margin 5e-01"}, "<="))  # doctest: +ELLIPSIS
    **With the erratum's correction:** ✓ holds (the same check at the same instances): ... the right side exceeds E[left side] by 0.5 ± 0.1 ...
    """  # noqa: E501
    found = _typeset(_margins({**fixed, "evidence": directed(fixed["evidence"], relation, event)}))
    found = _STATUS_OPENING.sub("", found).rstrip(".")
    values = ""
    if fixed.get("counterexample"):
        values = "; counterexample: " + _values(
            fixed["counterexample"], words=True, relation=relation
        )
    return (
        f"**{CORRECTED}** {BADGE[fixed['status']]} (the same check at the same instances): "
        f"{found}{values}."
    )


def _cited(name: str, data: Mapping[str, Any]) -> str:
    """The results the proof of ``name`` cites (``views.proofgraph.edges``), each with its
    proof's walk: linked to its page and where it breaks (``ProofSummary.where``: "first error
    at step N", "typos only, …", "no false step"), or "not walked"; "" when it cites none."""
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
        where = summary.where()
        out.append(f"[{names[target].printed} (our {target})]({page_name(target)}.md), {where}")
    return "; ".join(out)


#: A member before a relation longer than this (characters of LaTeX) is folded: "⋯" in the
#: relation, the member in a ``<details>`` beneath it.
FOLD = 160


#: The widest line of a displayed relation, in visible characters (``visible_width``): a longer
#: member is broken before a top-level + or − (``_lines``) so that the display fits the column.
LINE = 56


#: A binary operator or relation after an operand: MathJax sets a space on each side of it.
_SPACED = re.compile(
    r"(?<=[\w})\]|*'.])\s*[-+=<>]"
    r"|\\(?:le|ge|leq|geq|cdot|times|preceq|succeq|approx|neq)(?![A-Za-z])"
)
#: A named operator, set in its letters.
_NAMED = re.compile(r"\\(log|det|exp|max|min|sup|inf|lim|tr|diag|argmin)(?![A-Za-z])")


def visible_width(tex: str) -> int:
    """About how many characters ``tex`` shows: a letter, digit or command one, a named
    operator (``\\log``) its letters, the paper's paired macros (``\\norm``, ``\\dotprod``) two
    (their delimiters), a binary operator or relation two (its spaces); braces, scripts' marks
    and ``\\left``/``\\right`` none. (Measured in Chromium on every line of the walk's pages,
    a line shows at most about 12 px per character at the book's 676-px column.)

    >>> visible_width(r"\\frac{a}{b} + \\norm{x}^2"), visible_width(r"\\left( x \\right)")
    (9, 3)
    >>> visible_width(r"\\log\\det\\Sigma^{-1}"), visible_width(r"- a \\le b")
    (9, 5)
    """
    named = sum(len(m.group(1)) - 1 for m in _NAMED.finditer(tex))
    spaced = len(_SPACED.findall(tex))
    text = re.sub(r"\\(?:left|right|big|Big|bigg|Bigg)\b", "", tex)
    text = re.sub(r"\\(?:norm|dotprod)\b", "xx", text)
    text = re.sub(r"\\[A-Za-z]+", "x", text)
    return len(re.sub(r"[{}^_\s]", "", text)) + named + spaced


#: A bracket of a display, with what sizes it: ``\\left(``, ``\\Bigr]``, ``\\Big\\|``, ``\\{``,
#: ``\\langle``, ``(``, a brace; any other command is matched whole so that its letters are not
#: read as brackets.
_BRACKET = re.compile(
    r"\\(?:left|right|[bB]igg?[lr]?)(?![A-Za-z])\s*(?:\\[A-Za-z]+|\\.|.)"
    r"|\\[A-Za-z]+|\\.|[{}()\[\]|]"
)
_OPENING = {"(", "[", "{", "\\{", "\\langle", "\\lVert", "\\lvert", "\\lbrace"}
_CLOSING = {")", "]", "}", "\\}", "\\rangle", "\\rVert", "\\rvert", "\\rbrace"}
#: A bar that opens or closes by where it stands (‖x‖, |x|).
_BAR = {"|", "\\|", "\\vert", "\\Vert"}


def _side(bracket: str) -> tuple[str | None, str]:
    """Whether a match of ``_BRACKET`` opens, closes or toggles (a bar), or is no bracket
    (None), and its delimiter: ``\\left``/``\\bigl`` open, ``\\right``/``\\bigr`` close
    (whatever their delimiter, ``.`` too), an unsided ``\\Big(`` as its delimiter does."""
    sized = re.match(r"\\(left|right|[bB]igg?([lr]?))(?![A-Za-z])\s*(.*)$", bracket)
    if sized:
        command, side, mark = sized.groups()
        if command == "left" or side == "l":
            return "open", f"\\left{mark}"  # a sized bar opens: not a bar that pairs itself
        if command == "right" or side == "r":
            return "close", mark
        bracket = mark
    if bracket in _OPENING:
        return "open", bracket
    if bracket in _CLOSING:
        return "close", bracket
    return ("bar" if bracket in _BAR else None), bracket


def bracket_depths(tex: str) -> tuple[list[int], int]:
    """The bracket depth of ``tex`` before each of its characters (and at its end, the last
    item), counting (), [], braces, ``\\{…\\}``, ``\\langle…\\rangle``, ``\\left…\\right`` and
    sized pairs, and bars (‖·‖, |·|) by pairs; and how many of its closing brackets close
    nothing. ``tex`` is balanced when both its depth at the end and that count are 0.

    >>> depths, stray = bracket_depths(r"P(x \\ge a) \\le \\norm{y}")
    >>> [depths[i] for i in (0, 5, 10, 14)], depths[-1], stray
    ([0, 1, 0, 0], 0, 0)
    >>> bracket_depths(r"(\\beta+1) d \\right) \\le \\exp(-d)")[1]
    1
    >>> bracket_depths(r"\\left| \\sum_i x_i \\right| + |y|")[0][-1]
    0
    """
    depths: list[int] = []
    stack: list[str] = []
    stray, at = 0, 0
    for m in _BRACKET.finditer(tex):
        depths += [len(stack)] * (m.end() - at)
        at = m.end()
        side, mark = _side(m.group())
        if side == "bar" and stack and stack[-1] == mark:
            stack.pop()
        elif side in ("open", "bar"):
            stack.append(mark)
        elif side == "close":
            while stack and stack[-1] in _BAR:  # a bar left open inside: (A | B)
                stack.pop()
            if stack:
                stack.pop()
            else:
                stray += 1
    depths += [len(stack)] * (len(tex) - at + 1)
    return depths, stray


def is_balanced(tex: str) -> bool:
    """Whether every bracket of ``tex`` is closed in it and closes one of it
    (``bracket_depths``).

    >>> is_balanced(r"\\PP\\left( \\norm{u}^2 \\ge A_t \\right)")
    True
    >>> is_balanced(r"A_t\\right) \\le 1"), is_balanced(r"\\langle a, b")
    (False, False)
    """
    depths, stray = bracket_depths(tex)
    return depths[-1] == 0 and stray == 0


def own_relation(before: str, step: str) -> tuple[str, str, str] | None:
    """A step's own relation where it stands inside brackets of its display (an event inside
    P(·), a condition inside {·}), which the page shows whole (``displayed``), so that the
    display alone does not say which of its relations is the step: its left side (``before``
    after the innermost bracket open at its end, from the last comma or relation inside that
    bracket), its relation token and its right side (``step``, its relation and member, up to
    the bracket's close or a comma inside it); None where the relation stands at depth 0.

    >>> own_relation(r"\\int_0^1 \\PP\\left( \\norm{u_{t,i}}^2", r"> \\sqrt{s} \\right)\\; ds")
    ('\\\\norm{u_{t,i}}^2', '>', '\\\\sqrt{s}')
    >>> own_relation(r"\\PP(\\exists t \\ge 0, 1 \\le i \\le b, x", r"\\ge A_t)")
    ('x', '\\\\ge', 'A_t')
    >>> own_relation(r"\\PP(x \\ge a)", r"\\le b") is None
    True

    A relation at depth 0 after a quantifier is its bound variable's range:

    >>> own_relation(r"\\exp(-d\\beta/8), \\forall\\; \\beta", r"\\ge 1, u \\sim N(0, I)")
    ('\\\\beta', '\\\\ge', '1')
    """
    depths, _ = bracket_depths(before)
    level = depths[-1]
    if level == 0:
        bound = _BOUND.search(before)  # "…, ∀ β" then "≥ 1, …": the bound variable's range
        if bound is None:
            return None
        start = bound.start("variable")
    else:
        start = max(i for i in range(len(before)) if depths[i] < level) + 1
    for i in range(start, len(before)):
        if depths[i] != level or before[i - 1] == "\\":
            continue
        if before[i] == ",":
            start = i + 1
        elif m := _RELATION.match(before, i):
            start = m.end()
    token = _TOKEN.match(step)
    if token is None:
        return None
    stack: list[str] = []
    end = len(step)
    for m in re.finditer(f"{_BRACKET.pattern}|,", step[token.end() :]):
        side, mark = _side(m.group())
        if m.group() == "," and not stack:
            end = token.end() + m.start()
            break
        if side == "bar" and stack and stack[-1] == mark:
            stack.pop()
        elif side in ("open", "bar"):
            stack.append(mark)
        elif side == "close":
            while stack and stack[-1] in _BAR:
                stack.pop()
            if not stack:
                end = token.end() + m.start()
                break
            stack.pop()
    left, right = before[start:].strip(), step[token.end() : end].strip()
    return (left, step[: token.end()].strip(), right) if left and right else None


#: A quantifier ending the member before a step at bracket depth 0 ("…, \\forall\\; \\beta"):
#: the step's relation is its variable's range ("β ≥ 1"), which ``own_relation`` names.
_BOUND = re.compile(r"\\(?:forall|exists)(?![A-Za-z])(?:\\[;,:!]|\s)*(?P<variable>[^\s,;]+)\s*$")


#: A relation sign of a display (``coverage``'s relations): a line may break before one that
#: stands at bracket depth 0.
_RELATION = re.compile(
    r"\\(?:stackrel|overset)\s*\{"
    r"|\\(?:le|leq|ge|geq|preceq|succeq|prec|succ|ne|neq|approx|lesssim|gtrsim)(?![A-Za-z])"
    r"|(?<!\\)[=<>]"
)


def _pieces(tex: str) -> list[str]:
    """``tex`` cut before each relation sign and each + or − at bracket depth 0
    (``bracket_depths``: not inside braces, parentheses, brackets, ``\\left…\\right``, a
    sized pair, ⟨·,·⟩ or ‖·‖, nor a sign that opens a group or follows an operator).

    >>> _pieces(r"\\PP(x \\ge a) + b - c \\le \\norm{y - z}")
    ['\\\\PP(x \\\\ge a)', '+ b', '- c', '\\\\le \\\\norm{y - z}']
    """
    depths, _ = bracket_depths(tex)
    cuts = [0]
    for i, char in enumerate(tex):
        if depths[i] != 0 or tex[i - 1 : i] == "\\":
            continue
        before = tex[cuts[-1] : i].rstrip()
        if not before:
            continue
        sign = char in "+-" and before[-1] not in "([{=,^_+-<>"
        if sign or _RELATION.match(tex, i):
            cuts.append(i)
    return [p for p in (tex[a:b].strip() for a, b in zip(cuts, cuts[1:] + [len(tex)])) if p]


#: How much wider than the column (``LINE``) a piece may be before it is cut before its
#: products or stacked inside its norm (``_crowded``): up to that, the page's style sets it
#: smaller to fit (book/_static/wrap.css), to no less than about 1/1.3 of its size; wider, it
#: would be smaller still (down to 70 %, then it scrolls).
CROWDED = 1.3

_NORM = re.compile(r"\\norm\s*\{")


def _cuts(tex: str) -> list[tuple[int, int]]:
    """(bracket depth, position) of each place a line may break inside ``tex`` past its
    relations: before a product ``\\cdot`` or a + or − after an operand, outside braces and
    inside no bracket but sized pairs (``\\left…\\right``, a norm as its macro sets it)."""
    depths, _ = bracket_depths(tex)
    stack: list[bool] = []  # of each open bracket: sized
    plain = [False] * (len(tex) + 1)  # inside a plain bracket, (t − 1) or |x|
    at = 0
    for m in _BRACKET.finditer(tex):
        for i in range(at, m.end()):
            plain[i] = not all(stack)
        side, _mark = _side(m.group())
        if side == "bar" and stack and not stack[-1]:
            stack.pop()
        elif side in ("open", "bar"):
            stack.append(m.group().startswith("\\left"))
        elif side == "close" and stack:
            stack.pop()
        at = m.end()
    braces, cuts = 0, []
    for i, char in enumerate(tex):
        escaped = tex[i - 1 : i] == "\\"
        braces += {"{": 1, "}": -1}.get(char, 0) if not escaped else 0
        if braces or escaped or i == 0 or plain[i]:
            continue
        before = tex[:i].rstrip()
        sign = char in "+-" and bool(before) and before[-1] not in "([{=,^_+-<>|."
        product = tex.startswith("\\cdot", i) and not tex.startswith("\\cdots", i)
        if sign or product:
            cuts.append((depths[i], i))
    return cuts


def _greedy(parts: Sequence[str], width: int) -> list[str]:
    """``parts`` joined into lines of at most ``width`` visible characters, greedily."""
    lines: list[str] = []
    for part in (p.strip() for p in parts):
        if lines and visible_width(lines[-1] + part) <= width:
            lines[-1] += " " + part
        elif part:
            lines.append(part)
    return lines


def _split(tex: str, at: Sequence[int]) -> list[str]:
    bounds = [0, *at, len(tex)]
    return [tex[a:b] for a, b in zip(bounds, bounds[1:])]


def _stacked(tex: str, width: int) -> str:
    """A member whose widest part is one sized pair (a norm, ``\\left…\\right``) with no break
    outside it: the pair's inside set as lines stacked inside its delimiters (an ``aligned``
    block, which they span), cut before its products and signs (``_cuts``), so that no line
    leaves a bracket open; ``tex`` as it is where there is no such pair, or where a line of
    its inside would still be too wide.

    >>> print(_stacked(r"a^2 \\norm{x_1 + x_2 \\cdot y}", 12))
    a^2 \\left\\| \\begin{aligned} & x_1 + x_2 \\\\ & \\quad \\cdot y \\end{aligned} \\right\\|
    """
    m = _NORM.search(tex)
    if m is None:
        return tex
    depth, end = 1, m.end()
    while depth and end < len(tex):
        depth += {"{": 1, "}": -1}.get(tex[end], 0) if tex[end - 1] != "\\" else 0
        end += 1
    inner = tex[m.end() : end - 1].strip()
    if depth or visible_width(inner) < visible_width(tex) / 2:
        return tex
    outer = [i for d, i in _cuts(inner) if d == 0]
    lines = _greedy(_split(inner, outer), width - visible_width(tex[: m.start()]) - 2)
    if len(lines) < 2 or max(map(visible_width, lines)) > CROWDED * LINE - 8:
        return tex  # one line, or one still too wide beside the delimiters and the rest
    rows = " \\\\ & \\quad ".join(lines)
    stack = f"\\left\\| \\begin{{aligned}} & {rows} \\end{{aligned}} \\right\\|"
    return f"{tex[: m.start()]}{stack}{tex[end:]}"


def _crowded(tex: str, width: int) -> list[str]:
    """A piece too wide for the column (more than ``CROWDED`` times ``LINE``), in lines: cut
    before its products at bracket depth 0 (``_cuts``), greedily, where that brings each line
    within ``CROWDED`` times ``LINE``; else with its norm's inside stacked (``_stacked``)."""
    products = [i for d, i in _cuts(tex) if d == 0 and tex.startswith("\\cdot", i)]
    lines = _greedy(_split(tex, products), width)
    if len(lines) > 1 and max(map(visible_width, lines)) <= CROWDED * LINE:
        return lines
    return [_stacked(tex, width)]


def _lines(tex: str, width: int = LINE) -> list[str]:
    """``tex`` in lines of at most ``width`` visible characters where its relations and + and −
    at bracket depth 0 allow (``_pieces``), greedily; a piece a little wider than ``width`` is
    left whole (the page's style sets it smaller to fit), one more than ``CROWDED`` times wider
    is cut before its products or stacked inside its norm (``_crowded``)."""
    lines: list[str] = []
    for whole in _pieces(tex):
        crowded = visible_width(whole) > CROWDED * LINE
        for piece in _crowded(whole, width) if crowded else [whole]:
            if lines and visible_width(lines[-1] + piece) <= width:
                lines[-1] += " " + piece
            else:
                lines.append(piece)
    return lines


_LEFT_RIGHT = re.compile(r"\\(left|right)(?![A-Za-z])")


def balanced(tex: str) -> str:
    """``tex`` with its ``\\left``/``\\right`` pairs closed: a ``\\right`` with no ``\\left``
    before it gets a null ``\\left.`` at the start, a ``\\left`` with no ``\\right`` after it a
    null ``\\right.`` at the end (MathJax sets nothing of a line whose delimiters do not pair).
    A step's display is whole between relations at bracket depth 0 (``displayed``), so this
    changes only a display the .tex itself leaves open.

    >>> balanced(r"\\ge A_t \\right)"), balanced(r"\\PP\\left( x"), balanced(r"\\left(x\\right)")
    ('\\\\left. \\\\ge A_t \\\\right)', '\\\\PP\\\\left( x \\\\right.', '\\\\left(x\\\\right)')
    """
    depth, missing = 0, 0
    for m in _LEFT_RIGHT.finditer(tex):
        if m.group(1) == "left":
            depth += 1
        elif depth:
            depth -= 1
        else:
            missing += 1
    return "\\left. " * missing + tex + " \\right." * depth


def _token_width(token: str) -> int:
    """About how many characters a relation token takes before its member: a sign and its
    spaces two, and half the visible width of a label stacked above it (a script's size).

    >>> _token_width(""), _token_width(r"\\le"), _token_width(r"\\stackrel{\\text{(2.11)}}{\\le}")
    (0, 2, 5)
    """
    if not token:
        return 0
    stacked = re.match(r"\\(?:stackrel|overset)\s*\{(.*)\}\s*\{[^{}]*\}$", token)
    return 2 + (visible_width(stacked.group(1)) // 2 if stacked else 0)


def _rows(members: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """``members`` with each joined to the one before it where the break between them would
    stand inside brackets (the members before it not balanced, ``is_balanced``): a display
    breaks only at relations at bracket depth 0.

    >>> _rows([("", r"\\PP(x"), (r"\\ge", "a)"), (r"\\le", "b")])
    [('', '\\\\PP(x \\\\ge a)'), ('\\\\le', 'b')]
    """
    rows: list[tuple[str, str]] = []
    flat = ""
    for token, member in members:
        if rows and not is_balanced(flat):
            last_token, last = rows[-1]
            rows[-1] = (last_token, f"{last} {token} {member}".strip())
        else:
            rows.append((token, member))
        flat = f"{flat} {token} {member}"
    return rows


def _display(members: list[tuple[str, str]], join: bool = True, width: int = LINE) -> list[str]:
    """A display of ``members`` (a relation token, or "" for the first, and its member): on one
    line when it fits ``width`` (and ``join``; else a line per member), else aligned, a line per
    member (``_rows``: joined where the break would stand inside brackets), each broken by
    ``_lines`` and each continuation indented; each line's delimiters paired (``balanced``)."""
    flat = " ".join(f"{token} {member}".strip() for token, member in members)
    rows, alone = [], ""  # alone: the display's one line, where it has one
    for token, member in _rows(members):
        for k, line in enumerate(_lines(member, width - _token_width(token))):
            line = balanced(line)
            rows.append(("&" if k else "& " + token).rstrip() + (" \\quad " if k else " ") + line)
            alone = f"{token} {line}".strip()
    if len(rows) == 1 and "\\begin{aligned}" in alone:
        return ["$$", alone, "$$", ""]  # one line, its norm's inside stacked (``_stacked``)
    if len(rows) == 1 or (visible_width(flat) <= width and join):
        return ["$$", balanced(flat), "$$", ""]
    body = " \\\\\n".join(rows)
    return ["$$", "\\begin{aligned}", body, "\\end{aligned}", "$$", ""]


def relation_display(before: str, step: str) -> list[str]:
    """The Markdown lines of a step's relation: ``before`` (the member before it, trailing
    punctuation dropped) then ``step`` (its relation and the member after it), in one display,
    broken into aligned lines where it is wider than the column (``_display``); ``before``
    folded when it is longer than ``FOLD`` and balanced (``is_balanced``: a fold of an open
    bracket would leave its close alone on the line)."""
    before = before.rstrip(" ,.;")
    m = _TOKEN.match(step)
    token, member = (step[: m.end()], step[m.end() :].strip()) if m else ("", step)
    if not before:
        return _display([(token, member)])
    if len(before) <= FOLD or not is_balanced(before):
        return _display([("", before), (token, member)])
    return _display([("", "\\cdots"), (token, member)]) + [
        '<details class="aside"><summary>The member before it (⋯)</summary>',
        "",
        *_display([("", before)]),
        "</details>",
        "",
    ]


#: Where the walk's models of the proofs live, as a reader finds them in the repository.
PROOFS_FOLDER = "mines_theory/verification/proofs"
_MODEL_FILE = re.compile(r" ?\((?:<code>)?(models/[\w/]+\.py)(?:</code>)?\)")


#: How a step reads that an erratum of each kind (``framework.spec.KINDS``) names.
_KIND_WORDS = {
    "typo": "a typo",
    "error": "an error",
    "ill-defined": "an ill-defined step",
    "imprecision": "an imprecision",
}


#: A failing verdict's summary that opens with where the conclusion fails ("the conclusion at
#: d = 1, b = 10⁴, … (…)"): its setting.
_FAILS_AT = re.compile(r"the conclusion at ([^(:;]+?) \(")


#: How the opening of a walk page leads into the ledger's verdicts on the statement.
STATEMENT_LEAD = "What the claims ledger finds of the statement, by its rows:"


def statement_verdicts(
    name: str,
    results: Mapping[str, Verdict] | None = None,
    walk: Mapping[str, Any] | None = None,
) -> str:
    """What the ledger finds of the statement whose proof is ``name`` (our name): each of its
    rows (its variants, not the corrigendum's repairs) linked to its section of the ledger,
    led by the ledger's conclusion in bold with what it means (``views.report.conclusion``,
    ``CONCLUSION_MEANING``: the word the ledger's rows open with), then what the runs show of
    the statement as printed (the subject said, not the conclusion's), its status in words
    (``views.report.STATUS_VERBS``: "is false as printed and holds corrected", not the bare
    "erratum") and its qualifiers, each a question with its answer, as the verdict tables word
    them (``views.report.short_headline`` with ``answers``), from ``results`` (the published
    verdicts unless given) and ``walk`` (the published walk with its slips unless given);
    "is not checked" for a row with no verdict.

    >>> v = Verdict(Status.FAILS, "…")
    >>> print(statement_verdicts("Lemma E.2", {"Lemma E.2": v}))  # doctest: +NORMALIZE_WHITESPACE
    What the claims ledger finds of the statement, by its rows: [Lemma
    E.2](ledger.md#claim-lemma-e-2), concluded **repaired** (cite the corrigendum's or an
    erratum's corrected statement); on the runs, the statement as printed fails.
    """
    from ..framework import ledger
    from ..views.report import CONCLUSION_MEANING, claim_anchor, conclusion, short_headline

    results = ledger.published() if results is None else results
    walk = with_slips(load()) if walk is None else walk
    rows = [c for c in ledger.rows() if c.number.split(", ", 1)[0] == name and c.kind != "repaired"]
    if not rows:
        raise ValueError(f"name={name!r}: expected a walked proof with a ledger row")
    said = []
    # two rows, two runs: the row of the printed setting runs on a quadratic (section 5's
    # ellipsoids), its "γ > 0" row on a non-quadratic f; said, so that "holds" beside "false as
    # printed" does not read as a contradiction (reader E, stop 59)
    gamma_row = any(c.number.endswith(", γ > 0") for c in rows)
    for c in rows:
        verdict = results.get(c.number) or Verdict(Status.NOT_CHECKED, "no published verdict")
        # the qualifiers that decide how the row reads first ("the printed Δ_α,1 fails"), each
        # a question with its answer, as the verdict tables show them (not "1 answered No",
        # which names none: reader D, stop 58)
        headline = short_headline(verdict, decisive=c.decisive, answers=True, where="in the ledger")
        headline = headline.removeprefix(verdict.status.value)
        words = STATUS_VERBS[verdict.status][0]
        word = conclusion(c, verdict, walk)
        # the run's subject said: "Lemma D.2 repaired …, on the runs it fails" read as if the
        # repaired lemma failed (reader, stop 57)
        subject = "the statement" if "as printed" in words else "the statement as printed"
        # where a failing run fails, when its verdict opens with it (Lemma E.8: only at d = 1,
        # b = 10⁴; its "fails also at …? No" alone left a reader to guess: reader E, stop 59)
        where = _FAILS_AT.match(verdict.summary) if verdict.status is Status.FAILS else None
        words += f" at {where.group(1)}" if where else ""
        run = ""
        if gamma_row:
            quadratic = not c.number.endswith(", γ > 0")
            run = f" (its run on a {'quadratic f, γ = 0' if quadratic else 'non-quadratic f'})"
        said.append(
            f"[{c.number}](ledger.md#{claim_anchor(c.number)}){run}, concluded **{word.value}** "
            f"({CONCLUSION_MEANING[word]}); on the runs, {subject} {words}{headline}"
        )
    return f"{STATEMENT_LEAD} " + "; ".join(said) + "."


def slip(step: Mapping[str, Any]) -> str | None:
    """The kind of slip (``framework.spec.KINDS``) of a walked ``step``: its erratum's where an
    erratum names it, else the ``slip`` its spec declares (the walk's own reading of a new
    finding, read from the specs by the step's ``proof`` and ``index``: walked.json does not
    hold it), else None.

    >>> slip({"proof": "Lemma 5.1", "index": 6, "erratum": None})  # its spec: slip = "typo"
    'typo'
    >>> slip({"proof": "Lemma 5.1", "index": 9, "erratum": "eq:bG"}), slip({"index": 1})
    ('typo', None)
    """
    from ..framework import ledger

    label = step.get("erratum")
    if label:
        return ledger.erratum(label).kind
    if step.get("proof") is None:
        return None
    declared = spec.find(step["proof"]).steps
    index = int(step["index"])
    return declared[index - 1].slip if 0 < index <= len(declared) else None


def _kind_of(step: Mapping[str, Any]) -> str:
    """ ", a typo, as its erratum says" (or the erratum's other kind) for a step that an
    erratum names; ", a typo, as the walk reads it" for one whose spec declares its ``slip``
    (``slip``); "" for any other."""
    kind = slip(step)
    if kind is None:
        return ""
    whose = "its erratum says" if step.get("erratum") else "the walk reads it"
    return f", {_KIND_WORDS[kind]}, as {whose}"


def _named_by(label: str, proof: str = "", also: Sequence[int] = ()) -> str:
    """The line under the first step of the page's proof ``proof`` (our name) that an erratum
    names: its kind (``_KIND_WORDS``) and its label in quotation marks, linked to its entry
    (``views.errata.erratum_link``), and the later steps it names, ``also`` (linked): said
    once, so that an erratum that names 19 steps is not written out, nor pointed to, 19 times;
    a later step carries no line of its own.

    >>> print(_named_by("eq:bG"))  # doctest: +NORMALIZE_WHITESPACE
    An erratum names this step (a typo): [“eq:bG”](08d-errata.ipynb#erratum-eq-bg).
    >>> print(_named_by("eq:bG", "Lemma E.2", [10]))  # doctest: +NORMALIZE_WHITESPACE
    An erratum names this step (a typo): [“eq:bG”](08d-errata.ipynb#erratum-eq-bg); it names
    step [10](walk-lemma-e-2.md#walk-lemma-e-2-step-10) of this proof too.
    """
    from ..framework import ledger
    from ..views.errata import erratum_link

    erratum = ledger.erratum(label)
    linked = f"[“{label}”]({erratum_link(erratum)})"
    later = f"; it names {step_numbers(proof, list(also))} of this proof too" if also else ""
    return f"An erratum names this step ({_KIND_WORDS[erratum.kind]}): {linked}{later}."


def _read_as(kind: str) -> str:
    """The line under a step that no erratum names and whose spec declares its ``slip``.

    >>> print(_read_as("typo"))
    No erratum names this step: the walk reads it as a typo (its reading, below, says why).
    """
    words = _KIND_WORDS[kind]
    return (
        f"No erratum names this step: the walk reads it as {words} (its reading, below, says why)."
    )


@dataclass(frozen=True)
class ProofSummary:
    """A walked proof in one line: its steps, how many are decided (identity, holds or fails),
    ``first_error``, the index of its first error (``views.report.first_error``: its first
    false step that is no slip, the step the ledger names where a proof fails; None if none),
    ``typo``, its first false step where every false step is a slip, a typo or an imprecision
    (the ledger's "proof has typos only" or "slips only", ``views.report.slip_kind``), else
    None, ``slips``, whether one of those is an imprecision, and ``prose``, the number of an
    erratum of the kind error that points into the proof where no relation is an error
    (``unanswered_errata``; the ledger's ``PROSE_ERROR``), else None."""

    steps: int
    decided: int
    first_error: int | None
    typo: int | None = None
    slips: bool = False
    prose: int | None = None

    def where(self, steps: Sequence[Mapping[str, Any]] | None = None, spelled: bool = False) -> str:
        """Where the proof breaks, in the words of the walk map ("✗ 14", "slips 4", "typos
        3") and the ledger: "first error at step 14", "slips only, the first at step 4",
        "typos only, the first at step 3" or "no false step"; given its ``steps``, each with
        its slip (``with_slips``), also whether that step is one of the statement's (in full
        where ``spelled``, for prose) and the slips before the first error
        (``views.report.slips_before``).

        >>> ProofSummary(16, 16, 14).where(), ProofSummary(43, 37, None, 4, True).where()
        ('first error at step 14', 'slips only, the first at step 4')
        >>> ProofSummary(6, 6, None, 2, True, prose=43).where()
        'fails in its prose (erratum 43), slips only in its relations, the first at step 2'
        """
        if self.first_error is None and self.prose is not None:
            said = f"fails in its prose (erratum {self.prose})"
            relations = f"{'slips' if self.slips else 'typos'} only in its relations"
            return f"{said}, {relations}, the first at step {self.typo}" if self.typo else said
        if self.first_error is not None:
            step, said = self.first_error, f"first error at step {self.first_error}"
        elif self.typo is not None:
            step = self.typo
            said = f"{'slips' if self.slips else 'typos'} only, the first at step {step}"
        else:
            return "no false step"
        if steps is None:
            return said
        said += _statement_words(steps, step, spelled)
        before = slips_before(steps, step, SLIPS_BEFORE_SHORT) if self.first_error else ""
        return f"{said} ({before})" if before else said

    def __str__(self) -> str:
        return f"{self.decided} of {self.steps} steps decided, {self.where()}"


def proof_summaries(data: Mapping[str, Any] | None = None) -> dict[str, ProofSummary]:
    """Each walked proof's ``ProofSummary``, by our name, from the published walk (``load``)
    unless ``data``; each step's slip is read as ``proofs.pages.with_slips`` reads it, unless
    the steps carry it already (``with_slips``)."""
    data = load() if data is None else data
    if any("slip" not in s for steps in data["proofs"].values() for s in steps):
        data = with_slips(data)
    from ..views.report import prose_errors

    decided = ("identity", "holds", "fails")
    apart = {"unanswered": unanswered_errata(data)}  # the ledger's rule reads it so
    out = {}
    for name, steps in data["proofs"].items():
        kind = slip_kind(steps)
        errors = [e["number"] for e in prose_errors(name, apart)]
        out[name] = ProofSummary(
            len(steps),
            sum(s["status"] in decided for s in steps),
            report_first_error(steps),
            first_false(steps) if kind else None,
            slips=kind == "slips",
            prose=errors[0] if errors else None,
        )
    return out


def with_slips(data: Mapping[str, Any]) -> dict[str, Any]:
    """The published walk's ``data`` with each step carrying its ``"slip"`` (``slip``: the
    naming erratum's kind, or its spec's own reading), for the views, which take the walk as
    data and cannot read the specs (``views.report.proof_note`` skips the typos), and with
    its ``"unanswered"`` table (``unanswered_errata``: a flaw no relation shows)."""
    proofs = {
        name: [{**s, "slip": slip({**s, "proof": s.get("proof", name)})} for s in steps]
        for name, steps in data["proofs"].items()
    }
    return {**data, "proofs": proofs, "unanswered": unanswered_errata(data)}


def unanswered_errata(
    data: Mapping[str, Any] | None = None, held: bool = True
) -> dict[str, list[dict[str, Any]]]:
    """By walked proof (our name, in the paper's order, ``spec.proofs``; a proof with none left
    out), the errata that no failing step of it answers to although they concern it: those
    that point into it (``walk.points_into``, with the equations the proof displays,
    ``proof_labels``: the cross-check's ``unmatched``; the flaw is in its prose, or in a
    premise the walk takes as cited) and, with ``held``, those one of its steps names though
    the step holds (its relation is true; the flaw is in how the proof gets it); each as
    {"label", "kind", "number" (``views.errata.erratum_numbers``), "step" (the naming step,
    or None)}, in the errata's order. The published walk unless ``data``. What the proofs
    index (``_errata_section``), each walk page and notebook 08d list as "pointing into a walked
    proof" (without ``held``); the views read it from ``with_slips``'s data: a proof whose
    relations hold or have slips only can still fail in its prose.

    >>> table = unanswered_errata(load())
    >>> [e["kind"] for e in table["Lemma E.9"]], table["Lemma E.7"][0]["step"]
    (['error'], 8)
    >>> "Lemma E.7" in unanswered_errata(load(), held=False)
    False
    """
    from ..framework import ledger
    from ..views.errata import erratum_numbers

    data = load() if data is None else data
    result = cross_check(data)
    numbers = erratum_numbers()
    kinds = {e.label: e.kind for e in ledger.errata()}
    inside = proof_labels(data)
    table: dict[str, list[dict[str, Any]]] = {}
    for proof in spec.proofs():
        if proof.name not in data["proofs"]:
            continue
        steps = {label: i for name, i, label, why in result.dangling if name == proof.name}
        steps = {k: v for k, v in steps.items() if k in kinds and held}  # "no such erratum"
        apart = [x for x in result.unmatched if points_into(x, proof, inside.get(proof.name, ()))]
        labels = [x for x in kinds if x in steps or x in apart]
        if labels:
            table[proof.name] = [
                {"label": x, "kind": kinds[x], "number": numbers[x], "step": steps.get(x)}
                for x in labels
            ]
    return table


def first_error(steps: Sequence[Mapping[str, Any]]) -> int | None:
    """The index of a walked proof's first error, the first of its ``steps`` that fails and is
    no slip (``slip``: neither a typo nor an imprecision, whether an erratum or the step's spec
    says so), or None: ``views.report.first_error`` (the ledger's rule) on the steps with
    their slips.

    >>> steps = [{"index": 1, "status": "fails", "erratum": "eq:bG"},
    ...          {"index": 2, "status": "holds"}, {"index": 3, "status": "fails"}]
    >>> first_error(steps), first_error(steps[:2])
    (3, None)
    """
    fails = [{**s, "slip": slip(s)} for s in steps if s["status"] == "fails"]
    return report_first_error(fails)


def _first_false_words(proof: str, steps: Sequence[Mapping[str, Any]]) -> str:
    """Where the proof ``proof`` (our name) first breaks, in words: its first false step with
    the kind of slip its erratum, or the walk's reading, gives (``_kind_of``), and, where that
    is a slip (a typo or an imprecision), its first error (``first_error``), or that every
    false step is a slip."""
    first = first_false(steps)
    if first is None:
        return "no step fails."
    step = steps[first - 1]
    words = _first_false_kind(proof, steps, first)
    if of_statement(step):
        words += f" Step {first} is a relation of the statement, not a line of its proof"
        lines = [s for s in steps if not of_statement(s)]
        line = first_error(lines) or first_false(lines)
        # a false line before the first error is a slip: the error is no "first false line"
        which = "line that is no slip" if line != first_false(lines) else "line of the proof"
        if line is None:
            words += "; no line of the proof fails."
        else:
            words += (
                f"; **the first false {which} is [step {line}]"
                f"({step_link(proof, line)})**"
                + (_kind_of(steps[line - 1]) or ", which no erratum names (a new finding)")
                + "."
            )
    return words


def _first_false_kind(proof: str, steps: Sequence[Mapping[str, Any]], first: int) -> str:
    """``_first_false_words`` of a proof that has a first false step, ``first``."""
    from ..views.report import SLIPS

    step = steps[first - 1]
    said = f"**the first false step is step {first}**"
    kind = slip(step)
    if kind is None:
        return f"{said}, which no erratum names (a new finding of the walk)."
    if kind not in SLIPS:
        return f"{said}{_kind_of(step)}."
    if step.get("erratum"):
        said += f", {_KIND_WORDS[kind]} (its erratum: “{step['erratum']}”)"
    else:
        said += f", {_KIND_WORDS[kind]} (as the walk reads it: a new finding, which no erratum "
        said += "names)"
    error = first_error(steps)
    if error is None:
        fails = [slip(s) for s in steps if s["status"] == "fails"]
        if set(fails) == {"typo"}:
            return f"{said}; every false step of the proof ({len(fails)}) is a typo."
        return f"{said}.{_only_slips(steps)}"
    link = f"[step {error}]({step_link(proof, error)})"
    kind_words = _kind_of(steps[error - 1]) or ", which no erratum names"
    return f"{said}; **its first error (a false step that is no slip) is {link}**{kind_words}."


def _prose_error_words(name: str, data: Mapping[str, Any], error: int | None) -> str:
    """Where no relation of the proof ``name`` is an error (``error``, its first, is None) but
    an erratum of the kind error points into its prose (``unanswered_errata``), that the proof
    fails there all the same (the ledger's ``PROSE_ERROR``); "" otherwise."""
    from ..views.report import prose_errors

    prose = prose_errors(name, {"unanswered": unanswered_errata(data)})
    if error is not None or not prose:
        return ""
    return (
        f" **The proof fails all the same, in its prose**: erratum {prose[0]['number']} (below) "
        "is an error that no printed relation shows."
    )


def _only_slips(steps: Sequence[Mapping[str, Any]]) -> str:
    """ " Every false step … is a typo or an imprecision …" where every failing step of
    ``steps`` is one (``slip``) and one at least is an imprecision: the proof fails as printed,
    but no false step is an error (``framework.spec.KIND_MEANINGS``); "" otherwise."""
    from ..framework.spec import KIND_MEANINGS

    kinds = {slip(s) for s in steps if s["status"] == "fails"}
    if "imprecision" not in kinds or not kinds <= {"typo", "imprecision"}:
        return ""
    return (
        " Every false step of this proof is a typo or an imprecision, none an error: each holds "
        f"as its erratum corrects it. An imprecision is {KIND_MEANINGS['imprecision']}."
    )


#: Where the first clause of an erratum's field may end: at a semicolon or a colon.
_CLAUSE_END = re.compile(r"[;:]\s")
#: A word of a remark in parentheses ("(ν_i depends on u_i)"), not a formula's function name.
_REMARK_WORD = re.compile(r"(?<![A-Za-z])(?!(?:log|exp|max|min|det)\b)[A-Za-z]{3,}")
#: The longest correction ``gist`` shows; past it, the consequence's clause where shorter.
GIST = 80


def first_clause(text: str) -> str:
    """The first clause of an erratum's field: ``text`` up to its first semicolon or colon
    outside brackets, or up to a parenthesis that opens a remark in words (a formula's
    parenthesis, "(1/b)", does not end it).

    >>> first_clause("‖Uν‖² ≤ ‖U‖²‖ν‖² (ν_i depends on u_i: u₂ = −u₁)")
    '‖Uν‖² ≤ ‖U‖²‖ν‖²'
    >>> first_clause("≤ (1/b)Σ_i‖Y_i‖²; no O(1/b) bound")
    '≤ (1/b)Σ_i‖Y_i‖²'
    """
    depth, opened = 0, 0
    for at, char in enumerate(text):
        if depth == 0 and _CLAUSE_END.match(text, at):
            return text[:at].strip()
        if char in "([{⟨":
            depth, opened = depth + 1, at if depth == 0 else opened
        elif char in ")]}⟩":
            depth -= 1
            remark = depth == 0 and text[opened] == "(" and text[opened - 1 : opened] == " "
            if remark and _REMARK_WORD.search(text, opened, at):
                return text[:opened].strip()
    return text.strip()


#: A consequence that says what is wrong (not "Thm 3.4 survives").
_WRONG = re.compile(r"\b(?:false|fails?|wrong)\b")
#: A correction field whose first clause says what is wrong, not how to correct it.
_FINDING = re.compile(r"\bneed not\b")


def gist(erratum: Erratum, whole: bool = False) -> str:
    """What ``erratum`` says is wrong, in a few words, after its kind: the first clause
    (``first_clause``) of its ``correct`` field ("its correction: …"), or, where that is
    longer than ``GIST`` characters, the first clause of its ``consequence`` where that is
    shorter and says what fails ("its consequence: false for …"). A star is escaped ("H*"
    as "H\\*"), as Markdown would read it as emphasis, but not a star that is a script
    ("Σ_*", which ``views.report.html_scripts`` makes Σ<sub>∗</sub> on the page).

    >>> from mines_theory.verification.framework import ledger
    >>> print(gist(ledger.erratum("eq:chi_1 (Lemma E.8); A_K of Lemma 5.3")))
    an error; its correction: A_t = 8 log(b/δ) + 16 log(t+1) + d
    >>> print(gist(ledger.erratum("eq:Sig_2_bnd (Lemma E.2)")))
    an error; its consequence: false for non-quadratic f

    ``whole``: the correction as the erratum gives it, every clause (a walk page's header,
    where a first clause would drop where the correction holds).
    """
    correct, consequence = first_clause(erratum.correct), first_clause(erratum.consequence)
    if whole:
        correct = erratum.correct.strip()
    said = f"its correction: {correct}"
    if _FINDING.search(first_clause(erratum.correct)):  # "… need not be convex": a finding
        rest = erratum.correct.strip()[len(first_clause(erratum.correct)) :].lstrip(";: ")
        said = f"its finding: {first_clause(erratum.correct)}"
        said += f"; its correction: {rest}" if whole and rest else ""
        return f"{_KIND_WORDS[erratum.kind]}; " + re.sub(r"(?<![_^])\*", r"\\*", said)
    shorter = len(consequence) < len(correct)
    if not whole and len(correct) > GIST and shorter and _WRONG.search(consequence):
        said = f"its consequence: {consequence}"
    return f"{_KIND_WORDS[erratum.kind]}; " + re.sub(r"(?<![_^])\*", r"\\*", said)


def failures_by_erratum(steps: Sequence[Mapping[str, Any]]) -> str | None:
    """What a proof's failing ``steps`` have in common: how many answer to each erratum (the
    steps' ``erratum`` field) and how many to none (new findings), most first, each erratum
    by what it says is wrong (``_erratum_words``), then linked to its entry
    (``views.errata.erratum_link``). One group is
    a sentence; several are a lead-in and a Markdown list, an item per group, so that a reader
    scans them. None where fewer than two steps fail.

    >>> steps = [{"status": "fails", "erratum": "eq:bG"}] * 2 + [{"status": "fails"}]
    >>> print(failures_by_erratum(steps))  # doctest: +NORMALIZE_WHITESPACE
    Its 3 failing steps answer to one erratum or to none:
    <BLANKLINE>
    - 2 to a typo: the paper prints “Σ^{-1/2}uuᵀΣ^{-1/2}Σ^{-1/2} − Σ⁻¹”; its correction:
      Σ^{-1/2}uuᵀΣ^{-1/2} − Σ⁻¹ (erratum [*eq:bG*](08d-errata.ipynb#erratum-eq-bg))
    - 1 to none (a new finding of the walk)
    >>> print(failures_by_erratum(steps[:2]))  # doctest: +NORMALIZE_WHITESPACE
    Its 2 failing steps answer to one erratum: a typo: the paper prints
    “Σ^{-1/2}uuᵀΣ^{-1/2}Σ^{-1/2} − Σ⁻¹”; its correction: Σ^{-1/2}uuᵀΣ^{-1/2} − Σ⁻¹ (erratum
    [*eq:bG*](08d-errata.ipynb#erratum-eq-bg)).
    """
    failing = [s.get("erratum") for s in steps if s["status"] == "fails"]
    if len(failing) < 2:
        return None
    labels = [x for x in dict.fromkeys(failing) if x is not None]
    groups = sorted(dict.fromkeys(failing), key=failing.count, reverse=True)  # stable: ties
    errata = "one erratum" if len(labels) == 1 else f"{len(labels)} errata"
    whom = errata if None not in failing else f"{errata} or to none" if labels else "no erratum"
    lead = f"Its {len(failing)} failing steps answer to {whom}"
    if groups == [None]:
        return f"{lead}: every one is a new finding of the walk."
    if len(groups) == 1:
        return f"{lead}: {_erratum_words(groups[0], len(failing))}."
    items = [f"- {failing.count(x)} to {_erratum_words(x, failing.count(x))}" for x in groups]
    return f"{lead}:\n\n" + "\n".join(items)


#: The words of an erratum's label that place it in a proof, not in a statement.
_NOT_STATEMENT = ("proof", "step", "line", "display")


def names_statement(label: str, name: str) -> bool:
    """Whether the erratum ``label`` names the statement of the result ``name`` (our name,
    "Lemma D.2"): it places itself in no proof, step, line or display (``_NOT_STATEMENT``),
    unless it says "statement", and names its number whole after "Lemma",
    "Lemmas", "Thm" or "Theorem", alone or in a list ("Lemmas 5.1, 5.2, D.2, D.4, D.5: …").

    >>> names_statement("Lemmas 5.1, 5.2, D.2, D.4, D.5: with probability", "Lemma D.2")
    True
    >>> names_statement("Lemma 5.1, hypotheses", "Lemma 5.1"), names_statement("Lemma 5.10", "Lemma 5.1")
    (True, False)
    >>> names_statement("proof of Lemma 5.1, substituting η₁,k", "Lemma 5.1")
    False
    >>> names_statement("eq:J_quad (proof of Thm 3.1, first display)", "Thm 3.1")
    False
    """  # noqa: E501
    if any(w in label for w in _NOT_STATEMENT) and "statement" not in label:
        return False
    number = re.escape(name.split()[-1])
    pattern = rf"\b(?:Lemmas?|Thms?|Theorems?)\s(?:[A-Z]?\d+(?:\.\d+)?,\s)*{number}(?![\d.]\d?)"
    return re.search(pattern, label) is not None


def _short_gist(erratum: Erratum) -> str:
    """``gist`` of ``erratum``, its whole correction where that is short (``GIST`` × 2)."""
    whole = gist(erratum, whole=True)
    return whole if len(whole) <= 2 * GIST else gist(erratum)


def statement_errata(name: str, steps: Sequence[Mapping[str, Any]]) -> str | None:
    """The errata that name the statement of the result ``name`` (``names_statement``) and
    that none of its failing ``steps`` answers to (those ``failures_by_erratum`` lists): each
    changes what the statement says (a hypothesis, a constant, its probability), so the page
    lists them with the corrections of its steps; None where there is none."""
    from ..framework import ledger

    named = {s.get("erratum") for s in steps if s["status"] == "fails"}
    labels = [
        e.label for e in ledger.errata() if names_statement(e.label, name) and e.label not in named
    ]
    if not labels:
        return None
    from ..views.errata import erratum_link

    table = {e.label: e for e in ledger.errata()}
    items = [f"- [*{x}*]({erratum_link(table[x])}) ({_short_gist(table[x])})" for x in labels]
    lead = "The errata that change its statement, which no step of the walk answers to:"
    return lead + "\n\n" + "\n".join(items)


def _erratum_words(label: str | None, n: int) -> str:
    """An erratum a proof's failing steps answer to, as ``failures_by_erratum`` says it: what
    is wrong in words (its kind, what the paper prints where that is short, its correction:
    ``gist``), then its label linked to its entry; "none" with what ``n`` such steps are."""
    from ..framework import ledger
    from ..views.errata import erratum_link

    if label is None:
        return f"none ({'a new finding' if n == 1 else 'new findings'} of the walk)"
    table = {e.label: e for e in ledger.errata()}
    if label not in table:
        return f"*{label}* (no erratum of the table has this label)"
    erratum = table[label]
    said = gist(erratum, whole=True)  # "an error; its correction: …"
    if len(erratum.printed) <= GIST:  # what is wrong, in its own words, before the label
        kind, _, correction = said.partition("; ")
        printed = re.sub(r"(?<![_^])\*", r"\\*", erratum.printed)
        said = f"{kind}: the paper prints “{printed}”; {correction}"
    return f"{said} (erratum [*{label}*]({erratum_link(erratum)}))"


def _statement_box(proof: spec.Proof, tex: str | None) -> list[str]:
    """The lines that show the statement of ``proof`` as the paper prints it
    (``statement_text``), in a box titled with its name; without the .tex, or where the .tex
    holds no statement around its label, a line that says so."""
    text = statement_text(proof, tex) if tex is not None else None
    if text is None:
        why = "which this build did not have" if tex is None else "where no statement holds it"
        return [
            f"The statement of {proof.printed} is not shown here: it is read from the paper's "
            f".tex, by its label <code>{proof.label}</code>, {why}.",
            "",
        ]
    return [f"```{{admonition}} {proof.printed}, as the paper states it", text, "```", ""]


def source_files(hypotheses: str) -> tuple[str, list[str]]:
    """A proof's hypotheses without the parentheses that name its model's file, and the files.

    >>> source_files("u ~ N(0, I) (<code>models/exp_tg.py</code>)")
    ('u ~ N(0, I)', ['models/exp_tg.py'])
    """
    return _MODEL_FILE.sub("", hypotheses), _MODEL_FILE.findall(hypotheses)


#: The title of a walk page's fold of how to read it (``CHAINED``, ``margin_note``).
HOW_TO_READ = "How to read this page"

#: How a display with several steps is walked, said once on a page that has one.
CHAINED = (
    "A display chains its members with relations (a ≤ b = c ≤ d): each relation is one step, "
    "comparing the two members beside it, and is shown with the member before it (“⋯” stands "
    "for a long one, folded beneath it). So one display gives several steps, each with its own "
    "verdict, and a step after a false one keeps its own status: it is checked as printed."
)


#: The target, on the proofs index, of its one explanation of how a walk page reads.
READING_ANCHOR = "how-to-read-a-walk-page"


#: What a slip is, said once on a page whose words or badges use it (``_how_to_read``).
SLIP_MEANING = (
    "a *slip* is a typo or an imprecision (badged “✗ typo”, “✗ imprecision”): a step false "
    "as printed whose conclusion stands, not where the proof fails"
)


def _how_to_read(chained: str | None, margins: str | None, slips: bool = False) -> list[str]:
    """The line "How to read this page" of a walk page with a display of several steps
    (``chained``) or margins (``margins``): a link to the proofs index's one explanation
    (``reading_section``), not the explanation again on every page; and, where the page
    speaks of slips or badges one (``slips``), what a slip is (``SLIP_MEANING``), once; no
    line where it has none of these.

    >>> print(_how_to_read(None, None, slips=True)[0])
    *How to read this page:* a *slip* is a typo or an imprecision (badged “✗ typo”, “✗ \
imprecision”): a step false as printed whose conclusion stands, not where the proof fails.
    """
    said = [
        w for w, x in (("how a display is walked", chained), ("what a margin is", margins)) if x
    ]
    guide = (
        f"[the proof walk's guide](proofs.md#{READING_ANCHOR}) says {' and '.join(said)}"
        if said
        else ""
    )
    parts = [x for x in (guide, SLIP_MEANING if slips else "") if x]
    if not parts:
        return []
    return [f"*{HOW_TO_READ}:* {'; '.join(parts)}.", ""]


def reading_section() -> list[str]:
    """The proofs index's one explanation of how a walk page reads, which each page links
    (``_how_to_read``): how a display is walked (``CHAINED``) and what the margins are
    (``margin_note``). Its anchor is the heading's own (``READING_ANCHOR``, the book's
    ``myst_heading_anchors``): a label of the same name beside it made Sphinx link "#id1"."""
    margins = margin_note([{"worst_margin": 0.0}])
    assert margins is not None
    return ["## How to read a walk page", "", CHAINED, "", margins, ""]


#: The widest relation a step says inline beneath its display (``_own_lines``), in visible
#: characters: a wider one is a display of its own (inline mathematics does not wrap).
OWN_INLINE = 40


def _own_lines(own: tuple[str, str, str]) -> list[str]:
    """The lines beneath a display that say which of its relations is the step
    (``own_relation``: its left side, relation and right side): inline where it is short
    (``OWN_INLINE``), else a display, broken as a step's is (``_display``).

    >>> _own_lines(("x", "\\\\ge", "A_t"))
    ['*The step is the relation inside:* $x \\\\ge A_t$.', '']
    """
    left, token, right = own
    flat = balanced(f"{left} {token} {right}")
    if visible_width(flat) <= OWN_INLINE:
        return [f"*The step is the relation inside:* ${flat}$.", ""]
    return ["*The step is the relation inside:*", "", *_display([("", left), (token, right)])]


def _chains_line(chains: Sequence[Sequence[int]]) -> str:
    """The line under a display's heading where it prints several chains (``Placed.chain``),
    each its own left member and relations: which steps each chain holds.

    >>> print(_chains_line([[20, 21, 22], [23, 24, 25]]))
    This display prints 2 chains, each with its own left member: steps 20–22, then steps 23–25.
    """
    said = [f"step {c[0]}" if len(c) == 1 else f"steps {c[0]}–{c[-1]}" for c in chains]
    return (
        f"This display prints {len(chains)} chains, each with its own left member: "
        + ", then ".join(said)
        + "."
    )


def proof_page(
    name: str,
    data: Mapping[str, Any] | None = None,
    repaired: Callable[[str], str | None] = lambda name: None,
    tex: str | None = None,
    results: Mapping[str, Verdict] | None = None,
) -> str:
    """The page of the walk of the proof ``name`` (our name): the statement as the paper
    prints it (``statement_text``, from ``tex``), what the ledger finds of the
    statement (``statement_verdicts``, from ``results``, the published verdicts unless given),
    then each step as a whole relation (the member before it, from the paper's ``tex``:
    ``displayed``), grouped by display, with its badge and its evidence folded; the first false
    step says what kind of slip it is where an erratum names it (``_kind_of``), and where that
    is a slip, its first error is named too (``first_error``);
    ``repaired(name)`` gives the label of the repaired statement in the corrigendum (a ``prf:``
    label), or None. Without ``tex`` a step shows its relation and the member after it only,
    and the page says so."""
    data = load() if data is None else data
    proof = spec.find(name)
    steps = data["proofs"][proof.name]
    first, substantive = first_false(steps), first_error(steps)
    # no error: the first imprecision's evidence is open too (the step the ledger links to)
    imprecise = next((int(s["index"]) for s in steps if slip(s) == "imprecision"), None)
    uses = {s.index: s.uses for s in proof.steps}
    notes = {s.index: s.note for s in proof.steps}
    hypotheses, models = source_files(proof.hypotheses)
    lines = [
        f"# {proof.printed} (our {proof.name}): the walk of its proof",
        "",
        *_statement_box(proof, tex),
        statement_verdicts(proof.name, results, with_slips(data)),
        "",
        f"The proof of {proof.printed}, relation by relation: "
        f"{_counts(proof.name, steps)}; "
        + _first_false_words(proof.name, steps)
        + _prose_error_words(proof.name, data, substantive),
        "",
    ]
    failures = failures_by_erratum(steps)
    lines += [failures, ""] if failures else []
    changed = statement_errata(proof.name, steps)
    lines += [changed, ""] if changed else []
    lines += [f"*What the corrected proof reaches.* {proof.reaches}", ""] if proof.reaches else []
    lines += [f"*Not walked.* {proof.unwalked}", ""] if proof.unwalked else []
    flawed = inherited(proof.name, steps)
    lines += [flawed, ""] if flawed else []
    apart = [e["label"] for e in unanswered_errata(data, held=False).get(proof.name, ())]
    why = dict(proof.unanswered)
    lines += [x for label in apart for x in (unanswered(label, why.get(label)), "")]
    lines += [
        f"*Admissible instances* (the hypotheses each step is checked under): {hypotheses}.",
        "",
    ]
    placed = displayed(proof, tex) if tex is not None else {}
    groups: dict[int | None, list[int]] = {}
    for step in steps:
        where = placed.get(int(step["index"]))
        groups.setdefault(where.line if where else None, []).append(int(step["index"]))
    chained = any(len(members) > 1 for line, members in groups.items() if line is not None)
    slips = any(badge(proof.name, s) in SLIP_BADGE.values() for s in steps)
    slips = slips or any("slip" in line for line in lines) or "slip" in _cited(proof.name, data)
    lines += _how_to_read(CHAINED if chained else None, margin_note(steps), slips)
    fold_at = len(lines)  # the symbols fold, once the steps' displays are laid out
    if models:
        files = ", ".join(f"<code>{PROOFS_FOLDER}/{m}</code>" for m in models)
        lines += [
            '<details class="aside"><summary>Source</summary>',
            "",
            f"The model the walk draws these instances from: {files}; the label of the "
            f"statement in the paper's .tex: <code>{proof.label}</code>.",
            "",
            "</details>",
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
    if tex is None:
        lines += [
            "Each step shows its relation and the member after it (the members before them are "
            "read from the paper's .tex, which this build did not have).",
            "",
        ]
    shown: set[int | None] = set()
    named_first: dict[str, int] = {}  # an erratum → the first step of the page it names
    for step in steps:
        index = int(step["index"])
        where = placed.get(index)
        group = where.line if where else None
        # a display of one step has one heading, its step's, at the displays' level; the
        # displays of several steps are numbered among themselves (reader E, stop 59: "Display
        # N · step N" over "Step N · …" doubled the page)
        single = placed and group is not None and len(groups[group]) == 1
        if placed and group not in shown and not single:
            shown.add(group)
            members = groups[group]
            span = (
                f"step {members[0]}" if len(members) == 1 else f"steps {members[0]}–{members[-1]}"
            )
            title = f"Display {len(shown)}" if group is not None else "Steps not found in the .tex"
            lines += [f"## {title} · {span}", ""]
            chains: dict[int, list[int]] = {}
            for member in members if group is not None else ():
                chains.setdefault(placed[member].chain, []).append(member)
            if len(chains) > 1:
                lines += [_chains_line(list(chains.values())), ""]
        mark = " · first error" if index == substantive else ""
        if index == first and index != substantive:
            first_kind = str(slip(step))  # a slip: the first error is later, or none
            mark = f" · the first slip, {_KIND_WORDS[first_kind]}"
            mark = " · the first typo" if first_kind == "typo" else mark
        if step.get("after") and step["status"] in ("holds", "identity"):
            near = nearest_false(proof.name, steps, index) or step["after"]
            mark = f" · after step {near}, which fails"  # the chain is broken there
            step = {**step, "evidence": reached_through(step["evidence"], near, step["after"])}
        level = "###" if placed and not single else "##"
        lines += [f"({step_anchor(proof.name, index)})="]
        lines += [f"{level} Step {index} · {badge(proof.name, step)}{mark}", ""]
        own_part = tex_fragment(step["latex"])
        if where and where.own:
            own_part = where.own  # without the next chain's left member
        relation = f"{own_part} {where.after if where else ''}".strip()
        lines += relation_display(where.before if where else "", relation)
        own = own_relation(where.before, tex_fragment(step["latex"])) if where else None
        lines += _own_lines(own) if own is not None else []
        used = ", ".join(uses.get(index, ()))
        if used:
            lines += [f"Uses: {used}.", ""]
        if step.get("erratum"):
            if named_first.setdefault(step["erratum"], index) == index:  # said once, here
                also = [int(s["index"]) for s in steps if s.get("erratum") == step["erratum"]]
                lines += [_named_by(step["erratum"], proof.name, also[1:]), ""]
        elif (kind := slip(step)) is not None:
            lines += [_read_as(kind), ""]
        if (note := notes.get(index)) is not None:  # the step spec's note, from its model
            lines += [model_function(note)(), ""]
        evidence = _evidence(step, proof.name)
        if evidence:
            opened = " open" if index in (first, substantive or imprecise) else ""
            lines += [
                f'<details class="aside"{opened}><summary>Evidence</summary>',
                "",
                evidence,
                "",
                "</details>",
                "",
            ]
    shown_math = re.findall(r"\$\$(.*?)\$\$|\$([^$\n]+)\$", "\n".join(lines[fold_at:]), re.S)
    named = symbols_line(proof.name, steps, [a or b for a, b in shown_math])
    lines[fold_at:fold_at] = [named, ""] if named else []
    from ..views.report import html_scripts, plain_names  # scripts typeset, names in words

    return barred(html_scripts(numbered(plain_names("\n".join(lines)))))
