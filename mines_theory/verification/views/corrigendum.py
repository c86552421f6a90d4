"""The corrigendum in Markdown, from the declarations of the repaired results
(``declare.repaired``, ``ledger.repairs``): each repaired result's section
(``repair_markdown``), the sympy derivations of its constants, the errata outside the repaired
results (``errata_markdown``), each erratum shown with its check's verdict (the sentence and
numbers that argue it, from the published data: ``verdict.flag_text``), the sections grouped by
whether the result survives (``repairs_by_survival``), and ``readable`` (TeX-like scripts in
Unicode).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import NamedTuple

import sympy as sp

from mines_theory.theory.derivations import repairs as derivations

from ..framework import ledger
from ..framework.paper import with_number
from ..framework.ledger import title
from ..framework.registry import CORRIGENDUM_PAGES
from ..framework.spec import KINDS, SURVIVAL, Claim, Erratum
from ..framework.verdict import Status, Verdict, flag_text
from .errata import erratum_anchor, erratum_numbers, in_paper_order
from .report import (
    folded,
    html_scripts,
    html_text,
    key_number,
    readable,
    repair_anchor,
    row_false_as_printed,
    untested_by,
    UNTESTED_BY,
)
from .proofgraph import rows as rows_of

__all__ = [
    "derivation_markdown",
    "errata_markdown",
    "check_line",
    "errata_outside_repairs",
    "PageVerdicts",
    "page_verdicts",
    "section_markdown",
    "repair_markdown",
    "repaired_label",
    "repairs_by_survival",
    "repair_evidence",
    "statement_box",
    "survival",
]


def repairs_by_survival() -> dict[str, list[Claim]]:
    """The corrigendum's sections (``ledger.repairs``) grouped by whether the result survives, in
    the order of ``spec.SURVIVAL`` (empty groups kept)."""
    found = ledger.repairs()
    return {s: [r for r in found if r.repair and r.repair.survives == s] for s in SURVIVAL}


#: What was shown for a repaired result (``repair_evidence``): a repaired row of its own that
#: holds and tests its bound; its rows hold only untested (``report.UNTESTED_BY``, said in the
#: qualifier's words, "too loose to be tested"); no row of its own, the checks of its errata
#: argue it; its proof only outlined (``Repair.outline``; such a result is also in one of the
#: others).
CHECKED, ARGUED, OUTLINED = "checked", "argued", "outlined"


def repair_evidence(prefix: str = "") -> dict[str, list[str]]:
    """The corrigendum's repaired results whose number starts with ``prefix`` ("Lemma E."), in
    the paper's order, grouped by what was shown for them, from their published verdicts and
    their specs: ``CHECKED`` (a repaired row holds, tested: the first of its rows that is),
    each ``report.UNTESTED_BY`` reason (every row holds untested, the first row's reason), a
    failing row's status, ``ARGUED`` (no repaired row) and ``OUTLINED`` (the repair's proof
    rests on an outline; such a result is in one of the other groups as well); no empty group.

    >>> found = repair_evidence("Lemma E.")
    >>> found[CHECKED], found[ARGUED], found[OUTLINED]
    (['Lemma E.8'], ['Lemma E.2', 'Lemma E.4', 'Lemma E.9'], ['Lemma E.9'])
    >>> found = repair_evidence("Lemma D.")  # D.2, D.4 judged on their norms' scale
    >>> found[CHECKED], found["too loose to be tested"]
    (['Lemma D.2', 'Lemma D.4', 'Lemma D.5'], ['Lemma D.7'])
    """
    published, found = ledger.published(), dict[str, list[str]]()
    for entry in ledger.repairs():
        number = entry.repairs or entry.number
        if not number.startswith(prefix):
            continue
        verdicts = [published[c.number] for c in ledger.repaired_rows(number)]
        said = [untested_by(v) if v.status is Status.HOLDS else v.status.value for v in verdicts]
        untested = [word for word in said if word is not None]
        kind = ARGUED if not said else CHECKED if len(untested) < len(said) else untested[0]
        found.setdefault(kind, []).append(number)
        if entry.repair and entry.repair.outline:
            found.setdefault(OUTLINED, []).append(number)
    rank = {kind: i for i, kind in enumerate((CHECKED, *UNTESTED_BY, ARGUED, OUTLINED))}
    return {kind: found[kind] for kind in sorted(found, key=lambda k: rank.get(k, 0.5))}


def errata_outside_repairs(kind: str) -> list[Erratum]:
    """The errata of ``kind`` that no repaired result names (the corrigendum lists them in their
    own sections)."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, got {kind!r}")
    named = {label for r in ledger.repairs() if r.repair for label in r.repair.errata}
    return [e for e in ledger.errata() if e.kind == kind and e.label not in named]


def check_line(verdict: Verdict) -> str:
    """What an erratum's check shows, as the line of its own that ends the erratum where it is
    written out: "*Check:* flagged: … ." (``verdict.flag_text``: the sentence and numbers of its
    verdict), in 08d's list (``errata_markdown``) and under each repair (``repair_markdown``)."""
    return f"*Check:* {readable(flag_text(verdict))}."


def _argued(label: str, evidence: Mapping[str, Verdict] | None) -> str:
    """Erratum ``label``'s check (``check_line``, its verdict in ``evidence``) on a line of its
    own after the erratum's item ("" without ``evidence``)."""
    if evidence is None:
        return ""
    if label not in evidence:
        raise ValueError(f"evidence must hold a verdict for every erratum shown, missing {label!r}")
    return "\\\n  " + check_line(evidence[label])


def _gist(correct: str, width: int = 80) -> str:
    """The first clause of an erratum's correct form (up to its first ": " or "; " outside
    brackets), cut at a word outside brackets to ``width`` characters with "…": the one line
    that stands for it in a list, never ending inside an open parenthesis.

    >>> _gist("γ² in both (eq:sigma_1 squared; ν scales like γ)")
    'γ² in both (eq:sigma_1 squared; ν scales like γ)'
    >>> _gist("‖Uν‖² ≤ ‖U‖²‖ν‖² (νᵢ depends on uᵢ: u₂ = −u₁ gives Uν = 2u₁) and more", 40)
    '‖Uν‖² ≤ ‖U‖²‖ν‖² …'
    """
    depth, end, spaces = 0, len(correct), []
    for i, char in enumerate(correct):
        depth += (char in "([{⟨") - (char in ")]}⟩")
        if depth == 0 and correct.startswith((": ", "; "), i):
            end = i
            break
        if depth == 0 and char == " ":
            spaces.append(i)
    clause = correct[:end]
    if len(clause) <= width:
        return clause
    cut = max((i for i in spaces if i <= width), default=0)
    return (clause[:cut].rstrip() or clause[:width]) + " …"


def _check(verdict: Verdict, row: Claim | None) -> str:
    """A check's verdict: its one-line answer (the status, and the row's one number where there
    is a row), the sentence (its numbers as prose writes them, ``Verdict.prose``) and qualifiers
    folded behind it."""
    answer = verdict.headline()
    if row is not None:
        answer += f": {key_number(row, verdict)}"
    body = [f"{verdict.prose()}."]
    body += [
        f"* {q.name}? {'Yes' if q.outcome else 'No'}. Criterion: {q.criterion}."
        for q in verdict.qualifiers
    ]
    return folded(html_text(f"Check: {answer}"), "\n".join(body))


def repaired_label(number: str) -> str:
    """The label of the repaired statement of claim ``number`` in the book ("Thm 5.4" →
    "repaired-theorem-5-4"): unique across pages, for ``{prf:ref}`` links to it."""
    return f"repaired-{re.sub(r'[^a-z0-9]+', '-', title(number).lower()).strip('-')}"


def statement_box(entry: Claim) -> str:
    """The repaired result ``entry`` as a self-contained ``prf:`` statement (MyST): the kind and
    the PDF's number with ours, a label unique in the book ("repaired-lemma-5-3": sphinx-proof
    would number unlabelled boxes per page and clash across pages), its hypotheses, one rule
    for every box: the paper's own (``Repair.assumed``), then those the repair adds
    (``Repair.hypotheses``), then the repaired statement."""
    if entry.repair is None:
        raise ValueError(f"entry must be a repaired result with a Repair, got {entry.number!r}")
    if not entry.repair.assumed:
        raise ValueError(f"entry must restate the paper's hypotheses (assumed), {entry.number!r}")
    name = title(entry.repairs or entry.number)
    kind = name.split()[0].lower()
    number = entry.printed.split()[-1]
    return "\n".join(
        [
            f"```{{prf:{kind}}} {number} (our {name}), repaired",
            ":nonumber:",
            f":label: {repaired_label(entry.repairs or entry.number)}",
            "",
            f"*Hypotheses (the paper's):* {entry.repair.assumed}",
            "",
            f"*Hypotheses added:* {entry.repair.hypotheses}",
            "",
            entry.repair.repaired,
            "```",
        ]
    )


#: How ``survival`` says a ``Repair.survives`` after "false as printed (its … row)", where a
#: printed row of the result is false as printed though the repair only changes a constant
#: (the other survivals already say the printed form is wrong).
_REPAIR_WORDS = {"constant changes": "the repair changes its constant"}


def survival(
    survives: str,
    rows: tuple[Claim, ...],
    verdicts: tuple[Verdict, ...],
    false_rows: tuple[str, ...] = (),
) -> str:
    """How a result survives, said of the printed form (``Repair.survives``) and, where its
    repaired form is checked, of that form with the status of each check, so that "cannot be
    repaired in its approach" is not read against a repaired check that holds. ``false_rows``:
    the result's printed rows false as printed (``report.row_false_as_printed``, the predicate
    of the proof map's outline and the front page's count); where there are any and the repair
    only changes a constant, the printed form is said false as printed, by those rows.

    >>> survival("false as printed", (), ())
    'printed form: false as printed'
    >>> survival("constant changes", (), (), ("Thm 5.4, γ > 0",))
    'printed form: false as printed (its γ > 0 row); the repair changes its constant'
    >>> from mines_theory.verification.framework.verdict import Status
    >>> row = ledger.claim("Lemma D.7, repaired")
    >>> survival("cannot be repaired in its approach", (row,), (Verdict(Status.HOLDS, "…"),))
    'printed form: cannot be repaired in its approach; repaired form (Lemma D.7, repaired): holds'
    """
    said = f"printed form: {survives}"
    if false_rows and survives in _REPAIR_WORDS:
        which = ", ".join(
            f"its {r.split(', ', 1)[1]} row" if ", " in r else "its row" for r in false_rows
        )
        said = f"printed form: false as printed ({which}); {_REPAIR_WORDS[survives]}"
    checked = [
        f"repaired form ({row.number}): "
        + ", ".join(filter(None, (v.status.value, untested_by(v))))
        for row, v in zip(rows, verdicts)
    ]
    return "; ".join([said, *checked])


def _false_rows(entry: Claim) -> tuple[str, ...]:
    """The printed rows of ``entry`` (its own and its variants, ``proofgraph.rows``) whose
    published verdict is false as printed."""
    published = ledger.published()
    number = entry.repairs or entry.number
    return tuple(r for r in rows_of(number) if row_false_as_printed(published.get(r)))


def printed_markdown(number: str) -> str:
    """The printed statement of the repaired claim ``number`` alone (its section's first
    paragraph, "**Printed.** …"), for a page that says what is wrong with it before the repaired
    box (then ``section_markdown(…, printed=False)`` gives the rest of the section)."""
    repair = ledger.repair(number).repair
    if repair is None:
        raise ValueError(f"number must be a repaired result with a Repair, got {number!r}")
    return html_scripts(with_number(_printed(repair.printed)))


def _printed(statement: str) -> str:
    # display mathematics ($$…$$) needs a paragraph of its own
    return "**Printed.**" + ("\n\n" if statement.startswith("$$") else " ") + statement


def repair_markdown(
    entry: Claim,
    verdict: Verdict | None = None,
    more: tuple[Verdict, ...] = (),
    evidence: Mapping[str, Verdict] | None = None,
    *,
    printed: bool = True,
    shown: dict[str, str] | None = None,
) -> str:
    """The corrigendum's section body for the repaired result ``entry`` (``ledger.repair``; MyST
    Markdown, $…$ mathematics): the printed statement, the repaired one as a self-contained
    ``prf:`` box (``statement_box``), where its proof is only outlined the step that is
    sketched (``Repair.outline``), the errata it repairs (each one line, its number, label and
    the gist of its correct form; more than ``FOLDED_ERRATA`` folded as a whole; with the
    correct form and, given ``evidence`` (label → published verdict), the sentence and numbers
    of its check folded behind it), the
    functions that hold the constants and the derivation's steps, and each check's verdict
    (``verdict``, then ``more``), its one-line answer with the detail folded behind it
    (``folded``), or a pointer to the errata's checks when there is none. Plain-text scripts
    and primes are set as HTML (``report.html_scripts``). ``printed=False`` leaves out the
    printed statement, which the page shows apart (``printed_markdown``). ``shown``: the
    errata already written out on the page (label → the repaired result under which), each
    then named in one line that links there, not written out again; the labels written out
    here are added to it."""
    if entry.repair is None:
        raise ValueError(f"entry must be a repaired result with a Repair, got {entry.number!r}")
    repair = entry.repair
    rows = ledger.repaired_rows(entry.repairs or entry.number)
    verdicts = () if verdict is None else (verdict, *more)
    lines = ([_printed(repair.printed), ""] if printed else []) + [
        statement_box(entry),
        "",
        *([f"**Its proof rests on an outline:** {repair.outline}.", ""] if repair.outline else []),
        f"**Survives?** {survival(repair.survives, rows, verdicts, _false_rows(entry))}.",
        "",
        "**Errata it repairs** (their symbols: "
        "[notation](notation.md#inside-the-appendix-proofs)):",
        "",
    ]
    numbers, items = erratum_numbers(), []  # numbered as in the index of errata
    for label in repair.errata:  # one line each, its correct form and check folded
        correct = readable(ledger.erratum(label).correct)
        named = f"Erratum {numbers[label]}: {readable(label)}"
        if shown is not None and label in shown:
            anchor = f"{entry.notebook}.ipynb#{repair_anchor(shown[label])}"
            where = f"[{title(shown[label])}]({anchor})"
            items += [f"* {named}: written out, with its check, under {where} above.", ""]
            continue
        if shown is not None:
            shown[label] = entry.repairs or entry.number
        items += [
            folded(
                html_text(f"{named}: {_gist(correct)}"),
                f"{correct}." + _argued(label, evidence),
            ),
            "",
        ]
    if len(repair.errata) > FOLDED_ERRATA:  # a long list folded as a whole
        items = [folded(f"{len(repair.errata)} errata, one line each", "\n".join(items)), ""]
    lines += items
    where = "; ".join(_constant(name) for name in repair.corrected)
    if repair.derivations:
        where += ". Derived with sympy from the proof's steps"
    lines += ["", f"**Constants repaired:** {where}." if where else "", ""]
    if not verdicts:
        lines.append(
            "**Check:** none of its own; argued by the checks of the errata above (each "
            "folded under its line; all of them in the "
            "[index of errata](08d-errata.ipynb#index-of-errata))."
        )
    for i, v in enumerate(verdicts):
        lines += ["", _check(v, rows[i] if i < len(rows) else None)]
    return html_scripts(with_number("\n".join(lines)))


#: The most errata a repaired result's section lists open; a longer list (Lemma 5.3's) is
#: folded as a whole behind one line that counts them, for a first reading.
FOLDED_ERRATA = 5


class PageVerdicts(NamedTuple):
    """The verdicts one page of the corrigendum shows: its repaired rows' checks, fresh
    (``fresh``) and read as published where they agree (``shown``: row → verdict; ``checks``:
    repaired claim → its rows' verdicts, in ledger order), and the checks of the errata its
    repairs name (``evidence``, label → published verdict where it agrees with the fresh
    one)."""

    fresh: dict[str, Verdict]
    shown: dict[str, Verdict]
    checks: dict[str, tuple[Verdict, ...]]
    evidence: dict[str, Verdict]


def page_verdicts(page: str) -> PageVerdicts:
    """Run the checks that the corrigendum's page ``page`` ("08a-corrigendum-section5", one of
    ``registry.CORRIGENDUM_PAGES``) shows: its repaired rows and the errata of its repairs."""
    if page not in CORRIGENDUM_PAGES.values():
        raise ValueError(f"page must be one of {sorted(CORRIGENDUM_PAGES.values())}, got {page!r}")
    entries = [r for r in ledger.repairs() if r.notebook == page]
    fresh = ledger.verdicts(tuple(c for c in ledger.repaired() if c.notebook == page))
    shown = {n: ledger.reconciled(n, v) for n, v in fresh.items()}
    checks = {
        r.repairs or r.number: tuple(shown[c.number] for c in ledger.repaired_rows(r.repairs or ""))
        for r in entries
    }
    labels = {label for r in entries if r.repair for label in r.repair.errata}
    errata = ledger.verdicts(tuple(e for e in ledger.errata() if e.label in labels))
    evidence = {label: ledger.reconciled(label, v) for label, v in errata.items()}
    return PageVerdicts(fresh, shown, checks, evidence)


def section_markdown(
    number: str,
    verdicts: PageVerdicts,
    *,
    printed: bool = True,
    shown: dict[str, str] | None = None,
) -> str:
    """The corrigendum's section of the repaired claim ``number`` ("Lemma 5.3"), with the
    verdicts of its page (``page_verdicts``): ``repair_markdown`` with its checks and the
    checks of its errata (without the printed statement if not ``printed``; an erratum in
    ``shown``, written out earlier on the page, as a link to it)."""
    first, *more = verdicts.checks.get(number) or (None,)
    return repair_markdown(
        ledger.repair(number), first, tuple(more), verdicts.evidence, printed=printed, shown=shown
    )


#: What each function of ``theory.bounds`` that a repair names (``Repair.corrected``) computes,
#: in words and the paper's symbols with its equation, as the corrigendum prints it (not the
#: function's name: a reader of the book reads no code).
CONSTANT_NAMES = {
    "lemma51_rate_corrected": "Lemma 5.1's rate in eq:dec_0",
    "delta_alpha_1_corrected": r"$\Delta_{\alpha,1}$ in eq:dec_0",
    "per_step_failures_corrected": r"the number of $\delta$-events of one step, $b + 2$",
    "lemma52_rate_corrected": "Lemma 5.2's rate in eq:dec",
    "local_region_threshold_corrected": "the threshold of the local region eq:cond",
    "delta_alpha_2_corrected": r"$\Delta_{\alpha,2}$ in eq:dec",
    "lemma53_constants_corrected": "the constant $C$ of eq:C and its ingredients",
    "concentration_constant_corrected": "the concentration term $C_1$ in eq:sto_err",
    "alpha_term_constant_corrected": r"the $\alpha$-term $C_3$ in eq:alpha_err",
    "G_norm_1_bound_corrected": r"the bound $C_4$ on $\|\tilde G\|^2$ in eq:G_norm_1",
    "y_term_constant_corrected": "the $Y$-term $C_5$ in eq:sto_err",
    "chi_threshold_corrected": "the radius $A_t$ in eq:chi_1",
    "theorem54_bounds_corrected": r"the bounds on $\mathscr{L}_k$ and $\xi_k$ in eq:lxi",
    "nu_bounds_corrected": r"the bounds on $\|\nu\|^2$ and $\|\tilde U\nu\|^2$ in eq:nu",
    "hh_bound_corrected": "the bound eq:hh",
    "tgm3_bound_corrected": "the bound eq:tgm_3",
}

#: What each quantity a derivation (``theory.derivations.repairs``) returns is, in the paper's
#: symbols (as the notation page names them): (derivation, key) → Markdown.
DERIVED_NAMES = {
    ("lemma51_repair", "coefficient"): r"the coefficient of $\|\tilde U^\top\nabla f\|^2$ "
    r"at $\eta_{1,k} = b\tau/(4Lc_1)$",
    ("lemma51_repair", "delta_alpha_1"): r"$\Delta_{\alpha,1}$",
    ("lemma51_repair", "polyak_lojasiewicz"): r"the minimum over $y$ of the strong-convexity "
    r"bound $f + g(y - x) + \sigma(y - x)^2/2$",
    ("lemma51_repair", "rate"): r"the contraction per step $\rho$ (the rate is $1 - \rho$)",
    ("lemma52_repair", "coefficient"): r"the coefficient of $\|U^\top\Sigma^{1/2}\nabla f\|^2$ "
    r"at $\eta_{1,k} = b/(4\mathscr{L}_kc_1)$",
    ("lemma52_repair", "best_step"): r"the step $\eta$ that makes that coefficient smallest",
    ("lemma52_repair", "threshold"): r"the threshold on $f(\mu_k) - f^*$ of eq:cond at which "
    "the cubic term is half the decrease",
    ("lemma52_repair", "printed_threshold_cubic"): "the cubic term's coefficient at the printed "
    "threshold",
    ("lemma52_repair", "rate"): r"the contraction per step $\rho$ (the rate is $1 - \rho$)",
    ("lemma52_repair", "delta_alpha_2"): r"$\Delta_{\alpha,2}$",
    ("lemma53_repair", "weight"): r"the weight $\prod_{j=t+1}^{k}(1 - 2/j)$ that eq:Sig_dec "
    r"carries from step $t$ to $k + 1$",
    ("lemma53_repair", "inner_weight"): r"the weight of "
    r"$\langle \bar G_t - H^*, \Sigma_t^{-1} - H^*\rangle$",
    ("lemma53_repair", "square_weight"): r"the weight of $\|\tilde G_t\|^2$",
    ("lemma53_repair", "y_sum"): r"$\sum_{t \ge 2}(t + 1)^{-4}$, the $Y$-term's sum",
    ("lemma53_repair", "rho"): r"the smallest contraction per step $\rho$ of the repaired "
    "Lemmas 5.1 and 5.2",
    ("lemma53_repair", "C2_factor"): r"eq:dd's factor $2\gamma^2/(\rho\sigma)$ inside $C_2$",
    ("lemma53_repair", "printed_base"): "the right side of eq:Sig_2_bnd over the printed $C_4$",
}


def _constant(name: str) -> str:
    if name not in CONSTANT_NAMES:
        raise ValueError(
            f"name must be a repaired constant that CONSTANT_NAMES names, got {name!r}"
        )
    return CONSTANT_NAMES[name]


#: How a derivation's sympy symbols are displayed where their plain names would misread: the
#: paper's $\mathscr{L}_k$ and $\xi_k$ of eq:dec (sympy's own would print $L_k$, read as $L$, and
#: a bare $\xi$).
DISPLAY_SYMBOLS = {"L_k": r"\mathscr{L}_k", "xi": r"\xi_k"}


def _latex(expression: sp.Expr) -> str:
    """``expression`` in LaTeX with the symbols of ``DISPLAY_SYMBOLS`` in the paper's notation.

    >>> print(_latex(sp.Symbol("xi") / sp.Symbol("L_k")))
    \\frac{\\xi_k}{\\mathscr{L}_k}
    """
    names = {
        symbol: DISPLAY_SYMBOLS[symbol.name]
        for symbol in expression.free_symbols
        if isinstance(symbol, sp.Symbol) and symbol.name in DISPLAY_SYMBOLS
    }
    return sp.latex(expression, symbol_names=names)


def derivation_markdown(name: str, fold: bool = False) -> str:
    """Each quantity that ``derivations.<name>`` derives, named in the paper's symbols
    (``DERIVED_NAMES``): its closed form (display math) and whether the derivation from the
    proof's steps minus it simplifies to 0 (sympy), said once above the list and marked on each
    item (✓ it does, ✗ it does not). Every eq: label with its number. With ``fold``, the list
    is folded behind one line that counts them ("The derivation in sympy: 4 closed forms, 4
    ✓"), for a page a first reading can take without it."""
    lines = [
        "Each closed form below is checked in sympy: the proof's steps minus it simplify to 0 "
        "(✓) or do not (✗).",
        "",
    ]
    found = []
    for key, (derived, closed) in getattr(derivations, name)().items():
        if (name, key) not in DERIVED_NAMES:
            raise ValueError(
                f"key must be a quantity that DERIVED_NAMES names, got {key!r} of {name!r}"
            )
        zero = sp.simplify(derived - closed) == 0
        found.append(zero)
        answer = "✓" if zero else "**✗ (does not simplify to 0)**"
        lines += [
            f"* {DERIVED_NAMES[name, key]} {answer}",
            "",
            f"  $$ {_latex(closed)} $$",
            "",
        ]
    body = with_number("\n".join(lines))
    if not fold:
        return body
    wrong = len(found) - sum(found)
    said = f"{sum(found)} ✓" + (f", {wrong} ✗ (do not simplify to 0)" if wrong else "")
    return folded(f"The derivation in sympy: {len(found)} closed forms, {said}", body)


def errata_markdown(kind: str, evidence: Mapping[str, Verdict] | None = None) -> str:
    """The errata of ``kind`` that no repaired result names, as a list in the paper's order
    (``errata.in_paper_order``): each item a target
    (``errata.erratum_anchor``, which the errata index links), then its number
    (``errata.erratum_numbers``) and place in bold and, a
    line each (Markdown's hard breaks), what is printed, what is correct, the consequence (each
    after its own label: a consequence may begin in lower case, "survives (…)"; Unicode, no raw
    braces) and what its check shows (``verdict.flag_text``: the sentence and numbers of its
    verdict), read from ``evidence`` (label → published verdict), or run here without it.
    Plain-text scripts and primes are set as HTML (``report.html_scripts``)."""
    lines, numbers = [], erratum_numbers()
    for e in in_paper_order(tuple(errata_outside_repairs(kind))):
        result = evidence[e.label] if evidence is not None else e.verdict()
        lines += [
            f"* ({erratum_anchor(e.label)})=",
            f"  **Erratum {numbers[e.label]}: {readable(e.label)}.**\\",
            f"  *Printed:* {readable(e.printed)}.\\",
            f"  *Correct:* {readable(e.correct)}.\\",
            f"  *Consequence:* {readable(e.consequence)}.\\",
            f"  {check_line(result)}",
        ]
    return html_scripts(with_number("\n".join(lines))) if lines else "None."
