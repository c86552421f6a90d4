"""The ledger as a reader meets it: a one-screen summary table (the README's) and one section per
claim (the book's ledger page), both rendered from the published verdicts.

Every piece of verdict text passes through ``verdict.markdown_escape`` here, so that "μ̂*" and
"f*" are shown as written and not read as emphasis. The summary names, for each row, the one
measurement a reader should remember (the ``key`` of its declaration: the measurement's name in
the verdict and the words that introduce it).
"""

from __future__ import annotations

import enum
import html
import math
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..framework import ledger
from ..framework.ledger import published, repair_of, title
from ..framework.registry import corrigendum_page, statement_of
from ..framework.spec import Claim, Erratum, Repair
from mines_theory.numbers import minus_signs, powers_of_ten
from ..framework.paper import with_number
from .proofgraph import UNTESTABLE_QUALIFIER, Category, category
from ..framework.verdict import (
    VACUOUS_AS_PRINTED,
    VACUOUS_QUALIFIER,
    Kind,
    Measurement,
    Status,
    Verdict,
    flag_text,
    markdown_escape,
)

__all__ = [
    "STATUS_VERBS",
    "MAX_CELL",
    "key_number",
    "reference",
    "shown_measurement",
    "z_note",
    "MINUS_INFINITE_MEANING",
    "MINUS_INFINITE_Z",
    "summary_table",
    "readme_link",
    "verdict_grid",
    "verdict_cell_view",
    "claim_anchor",
    "claim_section",
    "repair_anchor",
    "repaired_twins",
    "ledger_page",
    "html_scripts",
    "readable",
    "short_headline",
    "cross_link",
    "folded",
    "html_text",
    "prose",
    "repair_link",
    "as_printed",
    "AS_PRINTED",
    "Conclusion",
    "conclusion",
    "repaired_conclusion",
    "conclusion_words",
    "finding_source",
    "CONCLUSION_MEANING",
    "STATUS_MEANING",
    "found_box",
    "proof_note",
    "PROOF_NOTED",
    "plain_names",
    "row_false_as_printed",
    "row_vacuous_as_printed",
    "untested_by",
    "bar_sigma",
    "untested_count",
    "untested_kinds",
    "UNTESTED_BY",
    "UNCHECKED_REPAIR",
    "slips_only",
    "first_error",
    "SLIPS",
    "slip_kind",
    "SLIPS_ONLY",
    "said_of",
    "tex_labels",
    "TEX_LABEL_CLASS",
    "TEX_NUMBER_CLASS",
    "TEX_LABEL_TITLES",
    "NUMBERING",
]

#: The longest cell the summary table may hold (characters), so that it fits a screen.
MAX_CELL = 120


def shown_measurement(c: Claim, verdict: Verdict) -> Measurement | None:
    """The measurement a row's one number shows (``key_number``): its declaration's ``key``, or,
    where the row has no key or its verdict lacks it, the verdict's first; None where the
    verdict has none or the key names words alone."""
    if not verdict.measurements:
        return None
    name = c.key.name if c.key else verdict.measurements[0].name
    if name is None:
        return None
    names = [m.name for m in verdict.measurements]
    return verdict[name if name in names else names[0]]


def reference(c: Claim, verdict: Verdict) -> tuple[str | None, Measurement] | None:
    """The measurement that row ``c``'s one number (``shown_measurement``) is held to, with the
    name it is shown under: its key's ``against`` (named: "C"), else the bound of the bar of its
    atlas that pairs the shown measurement with a bound of the same verdict (unnamed: its name
    is the code's, "promised"); None where ``verdict`` has neither.

    >>> v = ledger.published()["Lemma 5.1"]
    >>> name, bound = reference(ledger.claim("Lemma 5.1"), v)
    >>> name, bound.name
    (None, 'promised')
    """
    shown = shown_measurement(c, verdict)
    if shown is None or c.key is None or shown.name != c.key.name:
        return None
    names = [m.name for m in verdict.measurements]
    if c.key.against in names:
        return c.key.against, verdict[c.key.against]
    bound = next(
        (b.bound for b in c.bars if b.verdict is None and b.measured == shown.name),
        None,
    )
    return (None, verdict[bound]) if bound in names else None


def key_number(c: Claim, verdict: Verdict) -> str:
    """The row's one number, with the words that introduce it (its declaration's ``key``) and
    the bound it is held to ("vs bound 9.9e-08", ``reference``); a row without a key, or whose
    key its verdict lacks, shows its first measurement under its own name
    (``shown_measurement``). A negative number is written with "−", as prose writes it.

    >>> row = ledger.claim("COCO bbob")  # no key: its first measurement, by its name
    >>> area = Measurement("ECDF area, MiNES − better peer", -0.27)
    >>> key_number(row, Verdict(Status.FAILS, "…", (area,)))
    'ECDF area, MiNES − better peer = −0.27'
    """
    if not verdict.measurements:
        return "—"
    if c.key and c.key.name is None:  # no one number: the outcomes that held, then where to look
        outcomes = "; ".join(q.name for q in verdict.qualifiers if q.outcome)
        return f"{outcomes} ({c.key.words})" if outcomes else c.key.words
    shown = shown_measurement(c, verdict)
    if shown is None:  # not reached: a verdict with measurements and a key naming one
        return "—"
    keyed = c.key is not None and shown.name == c.key.name
    words, value = (c.key.words if keyed and c.key else "") or shown.name, shown.render()
    joint = " " if words.endswith((" in", ":", ",")) or value.startswith("<") else " = "
    held = reference(c, verdict)
    bound = ""
    if held is not None:
        name, measurement = held
        against = c.key.against_words if c.key else ""
        named = f"{against} = " if against else f"bound {f'{name} = ' if name else ''}"
        bound = f" vs {named}{measurement.render()}"
    return minus_signs(f"{words}{joint}{value}{bound}")


#: The two numberings a page shows side by side, said once where a page mixes them (the proof
#: walk's index, 08d): the PDF's one counter and its equation numbers, the suite's section-based
#: names and the .tex's labels.
NUMBERING = (
    "Two numberings stand side by side. The PDF numbers theorems, lemmas, propositions and "
    "remarks with one counter (Lemma 38) and equations by section ((E.10)); the suite names a "
    "statement by its section (Lemma E.8, the name its code uses). An equation is named by the "
    "number the PDF prints, eq:chi_1 (E.10); its label in the .tex, which the suite's code "
    "uses, shows when the pointer rests on the number."
)


#: What a z of −∞ means: beside the number in a verdict cell's table (``verdict_cell_view``),
#: once under the ledger's table (``z_note``).
MINUS_INFINITE_MEANING = "no draw went past the bound"
MINUS_INFINITE_Z = f"A z of −∞: {MINUS_INFINITE_MEANING}."


def z_note(shown: Sequence[Measurement | None]) -> str | None:
    """``MINUS_INFINITE_Z`` where one of the ``shown`` measurements is a z-score of −∞ (an
    exact test's p-value of 1: ``stats.exceedance_z``), else None.

    >>> z_note([Measurement("z", 1.5, 1.0, "z")]) is None
    True
    >>> z_note([None, Measurement("z", float("-inf"), 1.0, "z")]) == MINUS_INFINITE_Z
    True
    """
    minus_infinite = any(m is not None and m.kind is Kind.Z and m.value == -math.inf for m in shown)
    return MINUS_INFINITE_Z if minus_infinite else None


#: What "too loose to be tested" means, said once under a table whose verdicts carry it
#: (``untestable_note``).
UNTESTABLE_MEANING = (
    "“Too loose to be tested”: no run could violate the bound; holding is no evidence."
)


def untestable_note(verdicts: Sequence[Verdict]) -> str | None:
    """``UNTESTABLE_MEANING`` where one of ``verdicts`` has a true qualifier named "too loose to
    be tested…" (``proofgraph.UNTESTABLE_QUALIFIER``), else None."""
    untestable = any(
        q.outcome and q.name.startswith(UNTESTABLE_QUALIFIER)
        for v in verdicts
        for q in v.qualifiers
    )
    return UNTESTABLE_MEANING if untestable else None


#: The qualifiers whose holding makes a row's "holds" no evidence (``untested_by``): no run
#: could contradict the bound (``proofgraph.UNTESTABLE_QUALIFIER``, a name it opens), or the
#: statement, with its probability 1 − Nδ by the union bound, promises nothing at the settings
#: run (``VACUOUS_QUALIFIER``).
UNTESTED_BY = (UNTESTABLE_QUALIFIER, VACUOUS_QUALIFIER)


def untested_by(verdict: Verdict | None) -> str | None:
    """The one predicate of a "holds" that tests nothing: for a verdict that holds, the first
    of ``UNTESTED_BY`` that one of its true qualifiers names or opens ("too loose to be
    tested"); None for any other verdict. The ledger's conclusions and counts, its Summary, the
    front page and the atlas's repaired bars (``repaired_conclusion``) read it.

    >>> from mines_theory.verification.framework.verdict import Qualifier
    >>> q = Qualifier(UNTESTABLE_QUALIFIER + " at α = 0.5", "Δ_α ≥ f₁ − f*", True)
    >>> untested_by(Verdict(Status.HOLDS, "…", qualifiers=(q,)))
    'too loose to be tested'
    >>> untested_by(Verdict(Status.ERRATUM, "…", qualifiers=(q,))) is None
    True
    """
    if verdict is None or verdict.status is not Status.HOLDS:
        return None
    return next(
        (
            name
            for name in UNTESTED_BY
            for q in verdict.qualifiers
            if q.outcome and q.name.startswith(name)
        ),
        None,
    )


def untested_count(verdicts: Sequence[Verdict | None]) -> str:
    """How many of ``verdicts`` hold untested (``untested_by``), by why: "7 of them too loose
    to be tested", "5 of them untested: 3 too loose to be tested, 2 union-bound form vacuous";
    "" where none.

    >>> from mines_theory.verification.framework.verdict import Qualifier
    >>> q = Qualifier(VACUOUS_QUALIFIER, "c₂ ≤ 0", True)
    >>> untested_count([Verdict(Status.HOLDS, "…", qualifiers=(q,)), None])
    '1 of them union-bound form vacuous'
    """
    found = [w for w in map(untested_by, verdicts) if w is not None]
    if not found:
        return ""
    kinds = untested_kinds(verdicts)
    if len(set(found)) == 1:
        return f"{len(found)} of them {found[0]}"
    return f"{len(found)} of them untested: {kinds}"


def untested_kinds(verdicts: Sequence[Verdict | None]) -> str:
    """``untested_count`` by why alone: "3 too loose to be tested, 2 union-bound form
    vacuous"; "" where none."""
    found = [w for w in map(untested_by, verdicts) if w is not None]
    return ", ".join(f"{found.count(w)} {w}" for w in UNTESTED_BY if found.count(w))


def readme_link(c: Claim) -> str:
    """The README's link from a row to the notebook that checks it."""
    return f"[{c.notebook}](notebooks/{c.notebook}.ipynb)"


def _text(text: str) -> str:
    """Verdict or claim text as Markdown: each eq: label with the PDF's number beside it, and
    stars and underscores escaped."""
    return markdown_escape(with_number(text))


def _cell(text: str) -> str:
    return _text(text).replace("|", "\\|")


#: What the verdict column of the book's ledger adds to a row whose statement the corrigendum
#: repairs, by how the result survives (``spec.SURVIVAL``): a statement that holds on the runs
#: may still have a proof that fails as printed.
AS_PRINTED = {
    "false as printed": "false as printed",
    "constant changes": "its constant changes",
    "true as printed, proof repaired": "proof fails as printed",
    "cannot be repaired in its approach": "no bound of its form holds: a weaker one replaces it",
}


def as_printed(number: str, false: bool = False) -> str | None:
    """How the corrigendum finds claim ``number`` as printed (``AS_PRINTED``), linked to its
    repair (``repair_link``), or None where the corrigendum does not repair it. With ``false``
    (the row's own verdict finds it false as printed: ``row_false_as_printed``), "false as
    printed" whatever the statement's survival, which a row of another variant decides (Theorem
    5.4's constant changes; its row with γ > 0 is contradicted by the printed Δ_α,1).

    >>> as_printed("Lemma 5.3, γ > 0")
    '[its constant changes](08a-corrigendum-section5.ipynb#repair-lemma-5-3)'
    >>> as_printed("Thm 3.1") is None
    True
    """
    entry = repair_entry(number)
    if entry is None:
        return None
    words = AS_PRINTED["false as printed" if false else entry.survives]
    return f"[{words}]({repair_link(number)})"


def repair_entry(number: str) -> Repair | None:
    """The corrigendum's repair of the statement of ledger row ``number`` (its ``survives``
    says how the result survives), or None where the corrigendum does not repair it."""
    if repair_link(number) is None:
        return None
    return ledger.repair(statement_of(number)).repair


def repair_outline(number: str) -> str | None:
    """Where the corrigendum's repair of the statement of ledger row ``number`` rests on a proof
    only outlined (``spec.Repair.outline``), the step that is sketched and not proved; None
    where the repair's proof is written out, or nothing repairs the statement. The proof map
    marks such a result beside its conclusion (``proofmap.OUTLINE_MARK``): "repaired" there
    is to be cited as an outline.

    >>> repair_outline("Lemma 5.1") is None, repair_outline("Thm 3.1") is None
    (True, True)
    >>> "martingale" in repair_outline("Lemma 5.3, repaired")
    True
    """
    entry = repair_entry(number)
    return entry.outline or None if entry is not None else None


#: The words of a ledger row's link to its walk (``proof_note``): alone, and after how the
#: corrigendum finds the statement (which already says whether the proof fails as printed).
PROOF_FAILS = "proof fails as printed at step {step}"
FIRST_FALSE = "first error at step {step}"
#: The front page's gloss of ``FIRST_FALSE`` for a reader who has not met the walk yet.
FIRST_FALSE_GLOSSED = "first error: the {nth} relation of its proof walk"
#: A proof whose false steps are all typos (``proof_note``).
TYPOS_ONLY = "proof has typos only, the first at step {step}"
#: The slips before a proof's first error (``proof_note``): one ("{a}": "a typo", "an
#: imprecision"), and several ("{kinds}": "typos", "imprecisions", or "slips" for both).
SLIPS_BEFORE = ("{a} at step {step}", "{n} {kinds} before it, the first at step {step}")
#: The same in the ledger's table and the front page (``conclusion_words``), whose column wraps:
#: the first slip's step is on the walk's page (the full form put the ledger at 20,030 px).
SLIPS_BEFORE_SHORT = ("{a} at step {step}", "{n} {kinds} before it")

#: The statuses beside which a ledger row says that its proof fails as printed (``proof_note``):
#: a row that fails, or is an erratum, already says that something is wrong.
PROOF_NOTED = (Status.HOLDS, Status.IDENTITY)


def row_vacuous_as_printed(verdict: Verdict | None) -> bool:
    """Whether a row's verdict finds its printed bound vacuous rather than false: its declared
    qualifier ``VACUOUS_AS_PRINTED`` held (the printed bound on a probability is ≥ 1, so no run
    can violate it: Lemma B.5's exponent of the wrong sign).

    >>> from mines_theory.verification.framework.verdict import Qualifier
    >>> q = Qualifier(VACUOUS_AS_PRINTED, "printed bound ≥ 1", True)
    >>> row_vacuous_as_printed(Verdict(Status.ERRATUM, "x", qualifiers=(q,)))
    True
    """
    return verdict is not None and any(
        q.outcome and q.name == VACUOUS_AS_PRINTED for q in verdict.qualifiers
    )


def row_false_as_printed(verdict: Verdict | None) -> bool:
    """Whether a row's verdict finds its statement false as printed: a run inside its
    hypotheses contradicts it, with no corrected form tested by its own check (status fails)
    or with the corrected form its check tests holding (status erratum), and its printed bound
    not merely vacuous (``row_vacuous_as_printed``: a bound ≥ 1 on a probability is true, if
    useless). The one predicate of "false as printed": the front page counts the rows it holds
    for (``found_box``), the proof map outlines the results with such a row
    (``proofmap.false_as_printed``).

    >>> row_false_as_printed(Verdict(Status.ERRATUM, "x")), row_false_as_printed(None)
    (True, False)
    >>> from mines_theory.verification.framework.verdict import Qualifier
    >>> q = Qualifier(VACUOUS_AS_PRINTED, "printed bound ≥ 1", True)
    >>> row_false_as_printed(Verdict(Status.ERRATUM, "x", qualifiers=(q,)))
    False
    """
    return (
        verdict is not None
        and verdict.status in (Status.FAILS, Status.ERRATUM)
        and not row_vacuous_as_printed(verdict)
    )


def page_name(proof: str) -> str:
    """The book page of a walked proof: "Lemma 5.1" → "walk-lemma-5-1" (the proof walk's pages,
    ``proofs.pages``, are written under these names, and the views link to them).

    >>> page_name("Lemma E.8")
    'walk-lemma-e-8'
    """
    return "walk-" + re.sub(r"[^a-z0-9]+", "-", proof.casefold()).strip("-")


def ordinal(n: int) -> str:
    """ "1st", "2nd", "3rd", "11th", "16th", "22nd".

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 16, 21, 22, 101)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '16th', '21st', '22nd', '101st']
    """
    if n % 100 in (11, 12, 13):
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def first_false(steps: Sequence[Mapping[str, Any]]) -> int | None:
    """The index of the first of a walked proof's ``steps`` whose status is ``fails``, or None.

    >>> first_false([{"index": 1, "status": "holds"}, {"index": 2, "status": "fails"}])
    2
    """
    return next((int(s["index"]) for s in steps if s["status"] == "fails"), None)


def first_error(steps: Sequence[Mapping[str, Any]]) -> int | None:
    """The index of a walked proof's first error: the first of its ``steps`` that fails and is
    no slip (its ``"slip"``, which ``proofs.pages.with_slips`` adds, is neither of ``SLIPS``),
    or None: where a proof breaks, for the ledger (``proof_note``), the walk's pages, its
    per-proof list and the walk map alike (one rule; a walk page lists every false step).

    >>> first_error([{"index": 1, "status": "fails", "slip": "typo"},
    ...              {"index": 2, "status": "fails", "slip": "imprecision"},
    ...              {"index": 3, "status": "fails"}])
    3
    >>> first_error([{"index": 1, "status": "fails", "slip": "imprecision"}]) is None
    True
    """
    return first_false([s for s in steps if s.get("slip") not in SLIPS])


def slips_before(steps: Sequence[Mapping[str, Any]], index: int, words: tuple[str, str]) -> str:
    """The slips among a walked proof's false ``steps`` before step ``index`` (its first
    error) in ``words`` (``SLIPS_BEFORE``, ``SLIPS_BEFORE_SHORT``): one named by its kind,
    several as "typos", "imprecisions" or, both kinds, "slips"; "" where there is none.

    >>> steps = [{"index": 1, "status": "fails", "slip": "typo"},
    ...          {"index": 2, "status": "fails", "slip": "imprecision"},
    ...          {"index": 3, "status": "fails"}]
    >>> slips_before(steps, 3, SLIPS_BEFORE), slips_before(steps, 2, SLIPS_BEFORE_SHORT)
    ('2 slips before it, the first at step 1', 'a typo at step 1')
    """
    before = [s for s in steps if s["status"] == "fails" and int(s["index"]) < index]
    if not before:
        return ""
    kinds = {s.get("slip") for s in before}
    plural = f"{kinds.pop()}s" if len(kinds) == 1 else "slips"
    single = before[0].get("slip")
    a = f"an {single}" if str(single)[:1] in "aeiou" else f"a {single}"
    first = int(before[0]["index"])
    return words[len(before) > 1].format(a=a, n=len(before), kinds=plural, step=first)


#: The kinds of slip (``framework.spec.KIND_MEANINGS``) after which a proof's conclusion still
#: stands as printed: a typo (the paper shows the intended form) and an imprecision (the step's
#: conclusion stands by an argument the paper does not give). A proof whose false steps are all
#: of these kinds, one an imprecision at least, has slips only (``slips_only``).
SLIPS = ("typo", "imprecision")
#: The words of a ledger row's link to a walk with slips only (``slips_only``).
SLIPS_ONLY = "proof has slips only, the first at step {step}"
#: The words of a ledger row's link to a walk whose relations have no error, where an erratum
#: of the kind error points into the proof's prose (``prose_errors``: no relation shows it).
PROSE_ERROR = "proof fails in its prose (erratum {number})"
#: What a row whose walked proof holds adds where an erratum concerns the proof all the same
#: (``prose_errors``'s others: a slip no failing relation answers to, Lemma E.7's imprecision).
HOLDS_BUT = ", erratum {number} aside"


def prose_errors(number: str, walk: Mapping[str, Any] | None, errors: bool = True) -> list:
    """The errata that concern the walked proof of claim ``number``'s statement although no
    failing step answers to them (``walk``'s ``"unanswered"`` table, which
    ``proofs.pages.with_slips`` adds: each {"label", "kind", "number", "step"}): with
    ``errors``, those of the kind error (the proof fails there, though no relation does);
    without, the slips (``SLIPS``).

    >>> walk = {"unanswered": {"Lemma 9.9": [{"kind": "error", "number": 4, "step": None},
    ...                                      {"kind": "typo", "number": 5, "step": 2}]}}
    >>> [e["number"] for e in prose_errors("Lemma 9.9, γ > 0", walk)]
    [4]
    >>> [e["number"] for e in prose_errors("Lemma 9.9", walk, errors=False)]
    [5]
    """
    if walk is None:
        return []
    found = walk.get("unanswered", {}).get(number.split(", ", 1)[0], ())
    return [e for e in found if (e["kind"] not in SLIPS) == errors]


def slips_only(number: str, walk: Mapping[str, Any] | None) -> int | None:
    """For claim ``number`` whose walked proof (in ``walk``, each step with its ``"slip"``, as
    ``proof_note`` reads it) fails only at slips (``SLIPS``), one of them an imprecision (a
    proof of typos only is ``proof_note``'s), the first false step; None otherwise.

    >>> walk = {"proofs": {"Lemma 9.9": [{"index": 1, "status": "fails", "slip": "typo"},
    ...                                  {"index": 2, "status": "fails", "slip": "imprecision"}]}}
    >>> slips_only("Lemma 9.9", walk)
    1
    >>> walk["proofs"]["Lemma 9.9"][1]["slip"] = "error"
    >>> slips_only("Lemma 9.9", walk) is None
    True
    """
    if walk is None:
        return None
    steps = walk["proofs"].get(number.split(", ", 1)[0]) or ()  # its statement's walk
    return first_false(steps) if slip_kind(steps) == "slips" else None


def slip_kind(steps: Sequence[Mapping[str, Any]]) -> str | None:
    """What a walked proof's false ``steps`` are, where none is an error: "typos" where every
    one is a typo (``proof_note``'s "proof has typos only"), "slips" where every one is a slip
    (``SLIPS``) and one an imprecision at least (``slips_only``); None where one is neither or
    none fails. One rule for the ledger and the walk map (``proofs.pages.proof_summaries``).

    >>> slip_kind([{"status": "fails", "slip": "typo"}, {"status": "holds"}])
    'typos'
    >>> slip_kind([{"status": "fails", "slip": "typo"}, {"status": "fails", "slip": "imprecision"}])
    'slips'
    >>> slip_kind([{"status": "fails", "slip": "imprecision"}, {"status": "fails"}]) is None
    True
    """
    kinds = {s.get("slip") for s in steps if s["status"] == "fails"}
    if not kinds or not kinds <= set(SLIPS):
        return None
    return "slips" if "imprecision" in kinds else "typos"


def proof_note(
    number: str,
    status: Status,
    walk: Mapping[str, Any] | None,
    words: str = PROOF_FAILS,
    slips: bool = True,
    slip_words: tuple[str, str] = SLIPS_BEFORE,
) -> str | None:
    """ "[proof fails as printed at step N](walk-….md)" for claim ``number`` whose status is one
    of ``PROOF_NOTED`` and whose proof's walk (in ``walk``, the published walk's data as
    ``proofs.published.load`` reads it; the proof of the claim's statement, its variant
    dropped) has an error, N the first (``first_error``; the link's ``words``, "{step}" for N,
    "{nth}" for its ``ordinal``); None otherwise, and None without a walk (the views take the
    walk as data: they sit below the proof walk, which uses their typesetting).

    A step the walk's data marks as a slip (``SLIPS``: a typo or an imprecision; the build adds
    each step's slip: ``proofs.pages.with_slips``) is not where the proof fails: the slips
    before N are counted and the first named (``slips_before``, in ``slip_words``); a proof
    whose false steps are all slips says so (``TYPOS_ONLY``, ``SLIPS_ONLY``). Without
    ``slips``, neither is said: the error alone, or None for a proof of slips only.

    >>> walk = {"proofs": {"Lemma 9.9": [{"index": 1, "status": "holds"},
    ...                                  {"index": 2, "status": "fails"}]}}
    >>> proof_note("Lemma 9.9, γ > 0", Status.HOLDS, walk)
    '[proof fails as printed at step 2](walk-lemma-9-9.md)'
    >>> proof_note("Lemma 9.9", Status.FAILS, walk) is None
    True
    >>> walk["proofs"]["Lemma 9.9"][0].update(status="fails", slip="typo")
    >>> proof_note("Lemma 9.9", Status.HOLDS, walk)
    '[proof fails as printed at step 2](walk-lemma-9-9.md) (a typo at step 1)'
    >>> proof_note("Lemma 9.9", Status.HOLDS, walk, slips=False)
    '[proof fails as printed at step 2](walk-lemma-9-9.md)'
    >>> walk["proofs"]["Lemma 9.9"][1]["slip"] = "typo"
    >>> proof_note("Lemma 9.9", Status.HOLDS, walk)
    '[proof has typos only, the first at step 1](walk-lemma-9-9.md)'
    >>> walk["proofs"]["Lemma 9.9"][1]["slip"] = "imprecision"
    >>> proof_note("Lemma 9.9", Status.HOLDS, walk)
    '[proof has slips only, the first at step 1](walk-lemma-9-9.md)'
    >>> proof_note("Lemma 9.9", Status.HOLDS, walk, slips=False) is None
    True
    >>> typo = {"status": "fails", "slip": "typo"}
    >>> two = {"proofs": {"Lemma 9.9": [{"index": 1, **typo}, {"index": 2, **typo},
    ...                                 {"index": 3, "status": "fails"}]}}
    >>> proof_note("Lemma 9.9", Status.HOLDS, two, "step {step}")
    '[step 3](walk-lemma-9-9.md) (2 typos before it, the first at step 1)'
    >>> proof_note("Lemma 9.9", Status.HOLDS, two, "step {step}", slip_words=SLIPS_BEFORE_SHORT)
    '[step 3](walk-lemma-9-9.md) (2 typos before it)'

    An erratum of the kind error that points into the proof, where no relation fails but slips
    (``prose_errors``), is where it fails (``PROSE_ERROR``), with or without ``slips``:

    >>> two["proofs"]["Lemma 9.9"][2].update(slip="typo")
    >>> two["unanswered"] = {"Lemma 9.9": [{"kind": "error", "number": 43, "step": None}]}
    >>> proof_note("Lemma 9.9", Status.HOLDS, two, slips=False)
    '[proof fails in its prose (erratum 43)](walk-lemma-9-9.md)'
    """
    if status not in PROOF_NOTED or walk is None:
        return None
    statement = number.split(", ", 1)[0]
    steps = walk["proofs"].get(statement) or ()
    first = first_false(steps)
    error = first_error(steps)
    target = f"({page_name(statement)}.md)"
    prose = prose_errors(number, walk)
    if error is None and prose:  # no relation fails, but the proof does (in its prose)
        return f"[{PROSE_ERROR.format(number=prose[0]['number'])}]{target}"
    if first is None:
        return None
    if error is None:
        only = TYPOS_ONLY if slip_kind(steps) == "typos" else SLIPS_ONLY
        return f"[{only.format(step=first)}]{target}" if slips else None
    before = slips_before(steps, error, slip_words)
    before = f" ({before})" if slips and before else ""
    return f"[{words.format(step=error, nth=ordinal(error))}]{target}{before}"


def failing_step_clause(number: str, walk: Mapping[str, Any] | None) -> str:
    """What fails at the first error of the walk of claim ``number``'s proof (``first_error``:
    the step ``proof_note`` links), in a sentence read from the erratum the walk names at
    that step: " That step prints …; the proof's own derivation gives …." (each side to its
    first semicolon, the correct side also to its first colon, before the derivation of it,
    which the walk shows); "" where there is no walk, no such step, or no erratum named there.

    >>> walk = {"proofs": {"Lemma 9.9": [{"index": 1, "status": "fails", "erratum": "x"}]}}
    >>> failing_step_clause("Lemma 9.9", walk)  # an erratum not in the registry
    ''
    >>> failing_step_clause("Lemma 9.9", None)
    ''
    """
    if walk is None:
        return ""
    statement = number.split(", ", 1)[0]
    steps = walk["proofs"].get(statement) or ()
    index = first_error(steps)
    label = next((s.get("erratum") for s in steps if int(s["index"]) == index), None)
    found = [e for e in ledger.errata() if e.label == label]
    if not found:
        return ""
    printed, correct = (text.split("; ", 1)[0] for text in (found[0].printed, found[0].correct))
    correct = correct.split(": ", 1)[0]
    return f" That step prints {printed}; the proof's own derivation gives {correct}."


def cites_unproved(number: str, walk: Mapping[str, Any] | None) -> str | None:
    """For claim ``number`` whose printed statement the corrigendum repairs while every step of
    its own walked proof holds: "X: its own proof's steps hold, but it cites A, B, which do
    not follow from their proofs as printed.", A, B the results its proof cites (``rests_on``)
    that the corrigendum repairs or whose walk has a false step; None otherwise (and without a
    walk)."""
    if walk is None or repair_entry(number) is None:
        return None
    statement = statement_of(number)
    steps = walk["proofs"].get(statement)
    if not steps or first_false(steps) is not None:
        return None
    cited = [
        c.target
        for c in ledger.claim(statement).rests_on
        if repair_entry(c.target) is not None
        or first_false(walk["proofs"].get(c.target) or ()) is not None
    ]
    if not cited:
        return None
    return (
        f"{statement}: its own proof's steps hold, but it cites {', '.join(cited)}, "
        "which do not follow from their proofs as printed."
    )


class Conclusion(str, enum.Enum):
    """What a reader may take from a ledger row, from one closed set (``conclusion``; each
    value's meaning in ``CONCLUSION_MEANING``): the row's status on the runs, the corrigendum's
    finding and the walk's first false step, read together, so that "holds" on the runs beside
    "false as printed" does not leave the reader to weigh them."""

    STANDS = "stands"
    PROOF_FAILS = "proof fails"
    PROOF_REPAIRED = "proof repaired"
    REPAIRED = "repaired"
    FALSE = "false"
    UNTESTED = "untested"
    NOT_CHECKED = "not checked"


#: What each ``Conclusion`` means, as the ledger's opening says it.
CONCLUSION_MEANING = {
    Conclusion.STANDS: "nothing found against it",
    Conclusion.PROOF_FAILS: "not contradicted; its printed proof has an error (a false step, "
    "not a typo or an imprecision)",
    Conclusion.PROOF_REPAIRED: "true as printed; the corrigendum repairs its proof",
    Conclusion.REPAIRED: "cite the corrigendum's or an erratum's corrected statement",
    Conclusion.FALSE: "fails on the runs; nothing repairs it",
    Conclusion.UNTESTED: "holds, but no run could contradict it, and no walked proof backs it",
    Conclusion.NOT_CHECKED: "no run decides it",
}


#: What the two statuses that a reader confuses mean, as the ledger's opening says them (the
#: others: ``book/reading-a-verdict.md``): both say that the statement is wrong as printed; they
#: differ in what the row's own check tests (a row that fails may have a repaired row, linked,
#: that tests the corrected form).
STATUS_MEANING = {
    Status.FAILS: "contradicted inside its hypotheses; its own check tests no corrected form",
    Status.ERRATUM: "wrong as printed; its own check tests a corrected form, which holds",
}


def repaired_conclusion(verdict: Verdict) -> Conclusion:
    """The ``Conclusion`` of a repaired statement from the verdict of the check that tests it:
    its proof is the corrigendum's derivation (each repaired constant derived with sympy,
    notebooks 08a-08c), not a walk of the paper's, so it stands or is false on its runs alone,
    and is untested where it holds only as no run could contradict it (``untested_by``). The
    one rule for the ledger's repaired rows (``conclusion``) and the atlas's repaired bars.

    >>> repaired_conclusion(Verdict(Status.HOLDS, "…")).value
    'stands'
    >>> from mines_theory.verification.framework.verdict import Qualifier
    >>> vacuous = Qualifier(VACUOUS_QUALIFIER, "c₂ ≤ 0", True)
    >>> repaired_conclusion(Verdict(Status.HOLDS, "…", qualifiers=(vacuous,))).value
    'untested'
    >>> repaired_conclusion(Verdict(Status.FAILS, "…")).value
    'false'
    """
    if untested_by(verdict) is not None:
        return Conclusion.UNTESTED
    return {
        Status.FAILS: Conclusion.FALSE,
        Status.ERRATUM: Conclusion.REPAIRED,
        Status.NOT_CHECKED: Conclusion.NOT_CHECKED,
    }.get(verdict.status, Conclusion.STANDS)


def conclusion(c: Claim, verdict: Verdict, walk: Mapping[str, Any] | None = None) -> Conclusion:
    """The ``Conclusion`` of ledger row ``c`` from its published ``verdict``, the corrigendum's
    repair of its statement (``ledger.repair``) and the walk of its proof (``walk``, the
    published walk's data with each step's slip, as ``proof_note`` reads it; without it the
    proof is not looked at).

    A repaired result (``c.kind == "repaired"``) is the corrigendum's own statement, whose
    proof is the corrigendum's derivation: it stands or is false on its runs alone.

    >>> from mines_theory.verification.framework.verdict import Qualifier
    >>> row = ledger.claim("Lemma 5.1")
    >>> conclusion(row, Verdict(Status.HOLDS, "…"))  # the corrigendum repairs Lemma 5.1
    <Conclusion.REPAIRED: 'repaired'>
    >>> thm = ledger.claim("Thm 3.3")
    >>> walk = {"proofs": {"Thm 3.3": [{"index": 1, "status": "fails"}]}}
    >>> conclusion(thm, Verdict(Status.HOLDS, "…"), walk).value
    'proof fails'
    >>> walk["proofs"]["Thm 3.3"][0]["slip"] = "typo"
    >>> conclusion(thm, Verdict(Status.HOLDS, "…"), walk).value
    'stands'
    >>> loose = Qualifier(UNTESTABLE_QUALIFIER, "?", True)
    >>> conclusion(thm, Verdict(Status.HOLDS, "…", qualifiers=(loose,)), {"proofs": {}}).value
    'untested'
    >>> conclusion(thm, Verdict(Status.FAILS, "…")).value
    'false'
    """
    status = verdict.status
    if status is Status.NOT_CHECKED:
        return Conclusion.NOT_CHECKED
    if c.kind == "repaired":
        return repaired_conclusion(verdict)
    entry = repair_entry(c.number)
    if entry is not None:
        kept = entry.survives == "true as printed, proof repaired" and status in PROOF_NOTED
        return Conclusion.PROOF_REPAIRED if kept else Conclusion.REPAIRED
    if status is Status.ERRATUM:
        return Conclusion.REPAIRED
    if status is Status.FAILS:
        return Conclusion.FALSE
    if walk is not None and proof_note(c.number, status, walk, slips=False) is not None:
        return Conclusion.PROOF_FAILS
    walked = walk is not None and c.kind == "claim" and statement_of(c.number) in walk["proofs"]
    if untested_by(verdict) is not None and not walked:
        return Conclusion.UNTESTED
    return Conclusion.STANDS


def failing_proofs(walk: Mapping[str, Any], among: Sequence[str] | None = None) -> dict[str, str]:
    """The walked statements whose printed proof fails as printed, whatever their rows'
    ``conclusion`` ("repaired" overrides "proof fails", so that count can be 0 while printed
    proofs fail), each with where it fails: its first error (``first_error``: "step 9") or,
    where no relation fails but an erratum of the kind error points into its prose
    (``prose_errors``), "in its prose (erratum 43)"; in the walk's order, of ``among`` only
    where given. A proof with slips only (``SLIPS``) does not fail.

    >>> walk = {"proofs": {"Lemma 9.8": [{"index": 2, "status": "fails", "slip": "typo"}],
    ...                    "Lemma 9.9": [{"index": 3, "status": "fails"}],
    ...                    "Lemma 9.7": [{"index": 1, "status": "holds"}]},
    ...         "unanswered": {"Lemma 9.7": [{"kind": "error", "number": 4, "step": None}]}}
    >>> failing_proofs(walk)
    {'Lemma 9.9': 'at step 3', 'Lemma 9.7': 'in its prose (erratum 4)'}
    >>> failing_proofs(walk, among=["Lemma 9.7"])
    {'Lemma 9.7': 'in its prose (erratum 4)'}
    """
    found = {}
    for name, steps in walk["proofs"].items():
        if among is not None and name not in among:
            continue
        error, prose = first_error(steps), prose_errors(name, walk)
        if error is not None:
            found[name] = f"at step {error}"
        elif prose:
            found[name] = f"in its prose (erratum {prose[0]['number']})"
    return found


def failing_proofs_said(
    walk: Mapping[str, Any],
    results: Mapping[str, Verdict] | None = None,
    among: Sequence[str] | None = None,
    named: bool = True,
) -> str:
    """How many printed proofs fail as printed (``failing_proofs``) and what the ledger
    concludes of their statements' rows (``conclusion`` of each row of the statement; a
    statement with no row is said so), as a clause that a sentence counting the conclusion
    "proof fails" carries, so that "0 proof fails" is not read as "every printed proof is
    sound": "11 printed proofs fail as printed, the statement of each concluded **repaired**",
    with ``named`` each linked to its walk's page with where it fails ("; " between them, as a
    row's name may hold a comma)."""
    results = published() if results is None else results
    failing = failing_proofs(walk, among)
    if not failing:
        return "no printed proof fails as printed"
    rows: dict[str, set[str]] = {name: set() for name in failing}
    for c in ledger.claims():
        if c.kind == "claim" and statement_of(c.number) in rows:
            v = results.get(c.number) or Verdict(Status.NOT_CHECKED, "no published verdict")
            rows[statement_of(c.number)].add(conclusion(c, v, walk).value)
    said = [" or ".join(f"**{w}**" for w in sorted(ws)) or "no ledger row" for ws in rows.values()]
    groups = {w: said.count(w) for w in dict.fromkeys(said)}
    n = len(failing)
    head = f"{n} printed proof{'s' * (n != 1)} fail{'s' * (n == 1)} as printed"
    if len(groups) == 1:
        (word,) = groups
        head += f", {'the statement of each' if n > 1 else 'its statement'} concluded {word}"
    else:
        head += ": " + ", ".join(f"{k} of statements concluded {w}" for w, k in groups.items())
    if not named:
        return head
    printed = ledger.printed()
    where = "; ".join(
        f"[{name}]({page_name(name)}.md)"
        + (f" (PDF {printed[name]})" if name in printed else "")
        + f" {at}"
        for name, at in failing.items()
    )
    return f"{head} ({where})"


def said_of(verdict: Verdict | None) -> str:
    """A verdict's word on a row: its status, or, where no run could contradict it
    (``proofgraph.Category.UNTESTABLE``), the proof map's "holds, too loose to be tested" with
    the run its qualifier names ("… at α = 0.5"), so that the word is not read as the run of
    the key number beside it, which names its own run in its words.

    >>> from mines_theory.verification.framework.verdict import Qualifier
    >>> q = Qualifier(UNTESTABLE_QUALIFIER + " at α = 0.5", "Δ_α ≥ f₁ − f*", True)
    >>> said_of(Verdict(Status.HOLDS, "…", qualifiers=(q,)))
    'holds, too loose to be tested at α = 0.5'
    >>> said_of(Verdict(Status.FAILS, "…", qualifiers=(q,)))
    'fails'
    """
    if category(verdict) is not Category.UNTESTABLE:
        return (verdict.status if verdict is not None else Status.NOT_CHECKED).value
    assert verdict is not None  # UNTESTABLE is a verdict's category
    suffix = next(
        q.name[len(UNTESTABLE_QUALIFIER) :]
        for q in verdict.qualifiers
        if q.outcome and q.name.startswith(UNTESTABLE_QUALIFIER)
    )
    return category(verdict).value + suffix


def summary_table(
    results: dict[str, Verdict] | None = None,
    claims: tuple[Claim, ...] | None = None,
    link: Callable[[Claim], str] | None = None,
    repairs: bool = False,
    walk: Mapping[str, Any] | None = None,
    notes: bool = False,
) -> str:
    """One row per claim (every ledger row unless ``claims``): our name, the PDF's, the status
    (in the proof map's words where no run could contradict it: "holds, too loose to be
    tested"), the number that matters, and the notebook (a link where ``link`` makes one from
    the claim).

    With ``repairs`` (the book's ledger), a row opens with its ``conclusion``, the one word a
    reader takes away, then why: how the corrigendum finds the statement as printed
    (``as_printed``) and its walked proof's first false step (``proof_note``, from ``walk``, the
    published walk's data; none without it); the status and the number follow in a column of
    their own, "on the runs", so that "holds" there is read as what the runs show, not as the
    conclusion. No cell is over ``MAX_CELL`` but for its links' targets. With ``notes``, what
    a z of −∞ means follows the table where a row shows one (``z_note``)."""
    results = published() if results is None else results
    claims = ledger.rows() if claims is None else claims
    head = (
        "| claim | in the PDF | conclusion | on the runs | notebook |"  # one line each
        if repairs
        else "| claim | in the PDF | verdict | the number | checked in |"
    )
    lines = [head, "|---|---|---|---|---|"]
    for c in claims:
        v = results.get(c.number) or Verdict(Status.NOT_CHECKED, "no published verdict")
        where = link(c) if link is not None else f"`{c.notebook}`"
        said = said_of(v)
        if not repairs:
            lines.append(
                f"| {_cell(c.number)} | {c.printed} | **{said}** "
                f"| {_cell(key_number(c, v))} | {where} |"
            )
            continue
        number = key_number(c, v)
        if conclusion(c, v, walk) is Conclusion.UNTESTED:
            said = v.status.value  # the conclusion beside it says why it is untested
        # "too loose to be tested at α = 0.5" names its run, which the number, of another run
        # (α = 0.005), does not explain: a semicolon, not a colon, between them
        named = any(
            q.outcome and q.name.startswith(f"{UNTESTABLE_QUALIFIER} ") for q in v.qualifiers
        )
        joint = "; " if named else ": "
        runs = f"{said}{joint}{_cell(number)}" if number != "—" else said
        lines.append(
            f"| {_cell(c.number)} | {c.printed} | {conclusion_words(c, v, walk)} "
            f"| {runs} | {where} |"
        )
    rows = [c for c in claims if c.number in results]
    meanings = (
        z_note([shown_measurement(c, results[c.number]) for c in rows]),
        untestable_note([results[c.number] for c in rows]),
    )
    return "\n".join(lines) + "".join(f"\n\n{m}" for m in meanings if notes and m)


#: What a row whose repair has no repaired row says (Lemmas E.2, E.9: the corrigendum argues
#: the repair by the checks of its errata; an erratum's row tests its corrected form itself).
UNCHECKED_REPAIR = "no repaired row: its errata argue it"

#: What a repaired row that the corrigendum does not repair says: an erratum of 08d corrects it.
BY_ERRATUM = "[an erratum corrects it](08d-errata.ipynb)"


def _false_elsewhere(c: Claim, results: Mapping[str, Verdict] | None = None) -> str:
    """Where row ``c`` holds on its runs but the corrigendum finds its statement false as
    printed, the clause that names its other rows false as printed (``row_false_as_printed``):
    ", as [Lemma 5.1, γ > 0](…) shows"; "" where no other row contradicts it. Where the
    corrigendum finds the statement surviving otherwise (Thm 5.4: its constant changes) but
    another row contradicts it as printed (its row with γ > 0, by the printed Δ_α,1), the
    clause says so, "; false as printed ([Thm 5.4, γ > 0](…))", the conclusion "repaired"
    saying what to cite (the front page counts the contradicting row alone)."""
    entry = repair_entry(c.number)
    if entry is None or c.kind != "claim":
        return ""
    results = published() if results is None else results
    against = [
        other.number
        for other in ledger.claims()
        if other.number != c.number
        and statement_of(other.number) == statement_of(c.number)
        and row_false_as_printed(results.get(other.number))
    ]
    if not against:
        return ""
    links = ", ".join(f"[{_cell(n)}](ledger.md#{claim_anchor(n)})" for n in against)
    if entry.survives != "false as printed":  # Thm 5.4: its constant changes, and γ > 0
        return f"; false as printed ({links})"  # "repaired" already says: cite the repair
    return f", as {links} show{'s' if len(against) == 1 else ''}"


def conclusion_words(
    c: Claim,
    verdict: Verdict,
    walk: Mapping[str, Any] | None = None,
    aside: bool = False,
    step_words: str = FIRST_FALSE,
) -> str:
    """Row ``c``'s ``conclusion`` in bold, then why, linked: "**repaired**: [false as
    printed](…); [first error at step 9](walk-lemma-5-1.md) (2 typos before it)",
    "**proof fails**: [first error at step 14](walk-lemma-d-6.md) (7 slips before it)",
    "**stands**"; a proof whose false steps are all slips says so after "stands". With
    ``aside``, the why is in parentheses (for a sentence that goes on: "**proof fails** ([first
    error at step 14](…))"); the walk's link says ``step_words`` (``proof_note``'s ``words``),
    the slips before it ``SLIPS_BEFORE_SHORT``.

    >>> conclusion_words(ledger.claim("Thm 3.1"), Verdict(Status.HOLDS, "…"), {"proofs": {}})
    '**stands**'
    """
    word = conclusion(c, verdict, walk)
    false = row_false_as_printed(verdict)
    printed = as_printed(c.number, false) if c.kind != "repaired" else None
    if printed is not None and verdict.status in PROOF_NOTED:
        printed += _false_elsewhere(c)
    # a repair without a repaired row (Lemmas E.2, E.9) says so in its section
    # (``UNCHECKED_REPAIR``), not in the table's narrow column
    if printed is None and c.kind != "repaired" and verdict.status is Status.ERRATUM:
        printed = BY_ERRATUM  # no repair of the corrigendum: 08d's erratum corrects it
    walked = (
        proof_note(c.number, verdict.status, walk, step_words, slip_words=SLIPS_BEFORE_SHORT)
        if c.kind != "repaired" and walk is not None
        else None
    )
    untested = untested_by(verdict)
    joint = "; "
    if untested is not None and word in (Conclusion.UNTESTED, Conclusion.STANDS):
        statement = c.number.split(", ", 1)[0]
        sound = walk is not None and statement in walk["proofs"] and walked is None
        sound = sound and word is Conclusion.STANDS
        walked = (  # a walked proof without a false step is what it stands on
            f"[its walked proof holds]({page_name(statement)}.md){_holds_but(c.number, walk)}"
            if sound
            else walked
        )
        printed, joint = untested, (", but " if sound else "; ")
    why = joint.join(n for n in (printed, walked) if n)
    said = scoped(c, word)
    if not why:
        return said
    return f"{said} ({why})" if aside else f"{said}: {why}"


def _holds_but(number: str, walk: Mapping[str, Any] | None) -> str:
    """What a row whose walked proof holds adds (``HOLDS_BUT``) where a slip's erratum
    concerns the proof all the same (``prose_errors``: a slip, so the proof stands): its number
    (its kind and place are on the walk's page); "" where none does."""
    found = prose_errors(number, walk, errors=False)
    if not found:
        return ""
    return HOLDS_BUT.format(number=found[0]["number"])


def scoped(c: Claim, word: Conclusion) -> str:
    """Row ``c``'s conclusion ``word`` in bold as the ledger says it, of its set-up alone
    where its spec names one (``Claim.scope``: "**false** on this set-up", a generalization
    test); the bold word stays one of the closed set."""
    return f"**{word.value}** on {c.scope}" if c.scope else f"**{word.value}**"


#: How many characters of a verdict's qualifiers a table cell or a verdict's one-line answer
#: shows (``short_headline``); the rest are counted, and given in full beneath.
QUALIFIERS_SHOWN = 90


def short_headline(
    verdict: Verdict,
    budget: int = QUALIFIERS_SHOWN,
    decisive: Sequence[str] = (),
    answers: bool = False,
    where: str = "below",
) -> str:
    """``verdict.headline()`` shortened at rendering: the status and the qualifiers that held,
    the ``decisive`` ones first (its row's ``Claim.decisive``: those that decide how it reads,
    each with its answer where it is No), in their order, while they fit in ``budget``
    characters (at least one), then how many more ("+ 3 more"), then how many came out No ("2
    answered No": the headline names only those that held, and a reader should not take the
    others for absent); the verdict's data is unchanged.

    >>> from mines_theory.verification.framework.verdict import Qualifier
    >>> q = [Qualifier(n, f"{n}?", True) for n in ("loose", "order α⁴, not α²", "rate 1/k")]
    >>> v = Verdict(Status.HOLDS, "…", qualifiers=tuple(q))
    >>> short_headline(v), short_headline(v, budget=10)
    ('holds (loose; order α⁴, not α²; rate 1/k)', 'holds (loose; + 2 more)')
    >>> short_headline(v, budget=10, decisive=["rate 1/k"])
    'holds (rate 1/k; + 2 more)'
    >>> no = Verdict(Status.HOLDS, "…", qualifiers=(q[0], Qualifier("tight", "?", False)))
    >>> short_headline(no), short_headline(no, decisive=["tight"])
    ('holds (loose; 1 answered No)', 'holds (tight? No; loose)')

    With ``answers`` (a notebook's verdict table, ``verdict_cell_view``) every qualifier shown
    is a question with its answer beside it, those that held first, and the rest are counted
    by answer, said to be ``where`` the full verdict is ("below" the table, or "in the ledger"):

    >>> short_headline(no, answers=True)
    'holds (loose? Yes; tight? No)'
    >>> short_headline(v, budget=10, answers=True)
    'holds (loose? Yes; + 2 more questions (2 Yes) below)'
    """
    first = [q for name in decisive for q in verdict.qualifiers if q.name == name]
    ordered = first + [q for q in verdict.qualifiers if q.outcome and q not in first]
    shown: list[str] = []
    said = []
    if answers:  # then those that came out No, each with its answer
        ordered += [q for q in verdict.qualifiers if not q.outcome and q not in first]
    for q in ordered:
        name = q.name if q.outcome else f"{q.name}? No"
        name = f"{q.name}? Yes" if answers and q.outcome else name
        if shown and len("; ".join(shown + [name])) > budget:
            break
        shown.append(name)
        said.append(q)
    more = sum(q.outcome for q in verdict.qualifiers) - sum(q.outcome for q in said)
    refused = sum(not q.outcome for q in verdict.qualifiers) - sum(not q.outcome for q in said)
    if answers:
        counted = ", ".join(f"{n} {w}" for n, w in ((more, "Yes"), (refused, "No")) if n)
        # where the rest are: the verdict printed in full, folded under the table
        rest = f"+ {more + refused} more question{'s' if more + refused > 1 else ''}"
        parts = shown + ([f"{rest} ({counted}) {where}"] if counted else [])
        return verdict.status.value + (f" ({'; '.join(parts)})" if parts else "")
    other = " more" if any(not q.outcome for q in said) else ""
    parts = (
        shown
        + ([f"+ {more} more"] if more else [])
        + ([f"{refused}{other} answered No"] if refused else [])
    )
    return verdict.status.value + (f" ({'; '.join(parts)})" if parts else "")


def claim_anchor(number: str) -> str:
    """The target of a claim's section in the book's ledger (``ledger.md#<anchor>``).

    >>> claim_anchor("Lemma 5.1, γ > 0"), claim_anchor("α-bias")
    ('claim-lemma-5-1-gamma-0', 'claim-alpha-bias')
    """
    ascii_ = number.lower().replace("γ", "gamma").replace("α", "alpha").replace("η₂", "eta2")
    return "claim-" + re.sub(r"[^a-z0-9]+", "-", ascii_).strip("-")


def repair_anchor(number: str) -> str:
    """The target of a repaired result's section in the corrigendum (notebooks 08a–08c), from the
    number of the claim it repairs.

    >>> repair_anchor("Lemma 5.1"), repair_anchor("Thm 5.4")
    ('repair-lemma-5-1', 'repair-theorem-5-4')
    """
    return "repair-" + re.sub(r"[^a-z0-9]+", "-", title(number).lower()).strip("-")


def claim_section(
    c: Claim,
    verdict: Verdict,
    notebook_link: str,
    walk: Mapping[str, Any] | None = None,
    results: Mapping[str, Verdict] | None = None,
) -> str:
    """One claim as a section of the book's ledger: the statement with a link to the verdict
    cell of the notebook that checks it (for a repaired result, also to its section of the
    corrigendum; for a result the corrigendum repairs, to its repair), then the verdict's
    one-line answer with its detail folded behind it (``folded``), the statement in full on its
    walk's page where its proof is walked: the .tex label, what was
    measured, each qualifier as its question and answer with the criterion apart. A claim that
    holds but whose walked proof has a false step says so above its verdict (``proof_note``)."""
    if c.kind == "repaired":
        target = f"{c.notebook}.ipynb#{repair_anchor(repair_of(c.number))}"
        where = (
            f"Checked in {notebook_link}; [in full, with its hypotheses and derivation]({target})."
        )
    else:
        where = f"Checked in {notebook_link}."
        statement = c.number.split(", ", 1)[0]
        if walk is not None and statement in walk["proofs"]:
            where += f" [In full, with its proof walked]({page_name(statement)}.md)."
    body = [f"*Label* {_text(with_number(c.label, statements=True))}.", "", _text(verdict.text())]
    if verdict.qualifiers:
        body += [""] + [f"- {_text(q.render())}" for q in verdict.qualifiers]
    answer = f"Verdict: {short_headline(verdict, decisive=c.decisive)}"
    if key_number(c, verdict) != "—":
        answer += f"; {key_number(c, verdict)}"
    lines = [
        f"({claim_anchor(c.number)})=",
        f"### {c.number} · PDF {c.printed}",
        "",
        f"*Statement:* {_text(c.statement).rstrip('.')}. {where}",
        "",
    ]
    note = proof_note(c.number, verdict.status, walk) if c.kind != "repaired" else None
    printed = as_printed(c.number, row_false_as_printed(verdict)) if c.kind != "repaired" else None
    word = f"{scoped(c, conclusion(c, verdict, walk))}: {verdict.status.value} on these runs"
    if printed is not None:  # the table's notes, in a sentence
        walked = f"; its {note}" if note is not None else ""
        results = published() if results is None else results
        against = _contradicting_rows(c, verdict, results) if c.kind == "claim" else ""
        rows = repaired_twins(c)
        named = len(rows) > 1  # one is "repaired row", more each by its name
        twins = ", ".join(
            f"[{_cell(r.number) if named else 'repaired row'}](ledger.md#{claim_anchor(r.number)})"
            for r in rows
        )
        twins = f" ({twins})" if twins else ""
        if not rows and c.kind == "claim" and verdict.status is not Status.ERRATUM:
            twins = f" ({UNCHECKED_REPAIR})"
        lines += [f"{word}; the corrigendum: {printed}{twins}{walked}{against}.", ""]
    elif note is not None:
        joint = ", but its" if conclusion(c, verdict, walk) is Conclusion.PROOF_FAILS else "; its"
        lines += [f"{word}{joint} {note}.", ""]
    lines.append(folded(html_text(with_number(answer)), "\n".join(body)))
    return "\n".join(lines)


def repaired_twins(c: Claim) -> tuple[Claim, ...]:
    """The repaired rows that check row ``c``'s statement as the corrigendum repairs it: those
    that repair ``c`` itself ("Lemma 5.2, γ > 0" → "Lemma 5.2, repaired, γ > 0"), else those of
    its statement ("Lemma 5.1, γ > 0" → "Lemma 5.1, repaired"); none for a repaired row or a
    statement the corrigendum does not repair, or repairs by its errata alone.

    >>> [r.number for r in repaired_twins(ledger.claim("Lemma 5.1, γ > 0"))]
    ['Lemma 5.1, repaired']
    >>> repaired_twins(ledger.claim("Lemma E.2")), repaired_twins(ledger.claim("Thm 3.1"))
    ((), ())
    """
    if c.kind == "repaired" or repair_link(c.number) is None:
        return ()
    rows = ledger.repaired_rows(statement_of(c.number))
    return tuple(r for r in rows if r.repairs == c.number) or rows


def _contradicting_rows(c: Claim, verdict: Verdict, results: Mapping[str, Verdict]) -> str:
    """Where claim ``c`` holds on its runs but its statement is false as printed or repaired:
    "; the runs that contradict it as printed: [Lemma 5.1, γ > 0](…)", its other rows (another
    variant of the same statement) whose status is fails or erratum; "" where there are none.
    A reader of the row that holds is told where the statement fails."""
    if verdict.status not in PROOF_NOTED:
        return ""
    against = [
        other.number
        for other in ledger.claims()
        if other.number != c.number
        and statement_of(other.number) == statement_of(c.number)
        and other.number in results
        and results[other.number].status in (Status.FAILS, Status.ERRATUM)
    ]
    if not against:
        return ""
    links = ", ".join(f"[{_cell(n)}](ledger.md#{claim_anchor(n)})" for n in against)
    return f"; the runs that contradict it as printed: {links}"


def repair_link(number: str) -> str | None:
    """The link from claim ``number`` (a row of the ledger, "Lemma 5.3", "Lemma 5.1, γ > 0") to
    the corrigendum's section of its repair (``registry.corrigendum_page``, ``repair_anchor``),
    or None where the corrigendum does not repair it.

    >>> repair_link("Lemma 5.3"), repair_link("Thm 3.1")
    ('08a-corrigendum-section5.ipynb#repair-lemma-5-3', None)
    """
    statement = number.split(", ", 1)[0]  # without its variant, as ``statement_of``
    if statement not in {r.repairs for r in ledger.repairs()}:
        return None
    return f"{corrigendum_page(statement)}.ipynb#{repair_anchor(statement)}"


def folded(summary: str, body: str) -> str:
    """``body`` (MyST Markdown) folded behind the one line ``summary`` (HTML: escape plain text
    with ``html_text``): a ``<details>`` block, shown closed on screen and open in print.

    >>> print(folded("holds (x &lt; 1)", "the detail"))
    <details class="verdict"><summary>holds (x &lt; 1)</summary>
    <BLANKLINE>
    the detail
    <BLANKLINE>
    </details>
    """
    opening = f'<details class="verdict"><summary>{summary}</summary>'
    return f"{opening}\n\n{body}\n\n</details>"


_RAW_SCRIPT = re.compile(r"([_^])\{([^{}]*)\}")


def html_text(text: str) -> str:
    """Plain ``text`` as HTML: escaped, with TeX's braced scripts as sub- and superscripts.

    >>> html_text("C < x_{k+1}^{2}")
    'C &lt; x<sub>k+1</sub><sup>2</sup>'
    """

    def tag(m: re.Match) -> str:
        name = "sup" if m.group(1) == "^" else "sub"
        return f"<{name}>{m.group(2)}</{name}>"

    text = html.escape(text, quote=False)
    while (done := _RAW_SCRIPT.sub(tag, text)) != text:
        text = done
    return text


#: The scripts of plain-text mathematics that ``html_scripts`` sets as HTML, each a pattern and
#: the tag it becomes: TeX's braced scripts (``x\\_{k+1}``, ``e^{−t}``), a script in parentheses
#: (``τ^(3/2)``, ``Y_(t,i)``, as ``readable`` writes the scripts it cannot set in
#: Unicode), a short superscript (``α^1.5``, ``k^−5/4``, ``Σ^−½``, ``‖u‖^p``).
_SCRIPTS = (
    (re.compile(r"(?:\\_|_)\{([^{}]*)\}"), "sub"),
    (re.compile(r"(?<=[^\W_])(?:\\_|_)\(([^()]*)\)"), "sub"),
    (re.compile(r"\^\{([^{}]*)\}"), "sup"),
    (re.compile(r"\^\(([^()]*(?:\([^()]*\)[^()]*)*)\)"), "sup"),
    (re.compile(r"\^([−-]?(?:\d+(?:[./]\d+)?|[½¼¾⅓⅔∞]|[^\W\d_]))"), "sup"),
)
#: A subscript written without braces: one symbol (``Q\\_α``, ``Π_S′``, ``Σ_*``), a short
#: lower-case word (``s_max``, ``Σ̄_ij``) or a number, with ``+1`` (``μ_k+1``) or ``,1``
#: (``Δ_α,1``); no further word character follows (``G_norm_2`` is a label), nor a backslash
#: but an escaped bar's (``\\|ν\\_i\\|`` in a table's cell).
_SUBSCRIPT = re.compile(
    r"(?<![\\\s])(?:\\_|_)("
    r"[^\W\d_](?=[a-z](?:[₀-₉]|\\?_))"  # ξ_kc₂, u_iu_i: ξ_k times c₂, u_i times u_i
    r"|(?:[^\W\d_]′?(?:[a-z]{1,3}|\d{1,2})?(?:[+−-]\d+|,\d+)?|\d{1,2}|\*)"
    r"(?![a-z0-9_₀-₉]|\\(?!\|))"
    r")"
)
#: The end of a name, not of a symbol with a subscript: ``relative_error``, ``alp_cond``; an
#: operator's name takes its subscript (``max_k``, ``min_S``).
_NAME = re.compile(r"(?<![A-Za-z_])(?!(?:arg)?(?:max|min)$|sup$|inf$|lim$)[A-Za-z]{2,}$")
#: A prime written as a quote mark after a one-letter name (``S'``, ``f''``): Sphinx would set
#: it as a closing quote (S’).
_PRIME = re.compile(r"(?<![^\W_]|['’])([^\W\d_])('{1,2})(?![\w'’])")
#: A candidate name of the code in prose (``_code_name`` decides): words of letters and digits
#: joined by underscores (``_`` or Markdown's ``\\_``) and dots, not inside a word, a path or a
#: label.
_CODE_CANDIDATE = re.compile(
    r"(?<![\w.\\:/#'’-])[A-Za-z][A-Za-z0-9]*(?:(?:_|\\_|[./])[A-Za-z0-9]+)+(?![\w\\])"
)
#: An operator's name with its subscript, not a name of the code: ``max_k``, ``argmin_x``.
_OPERATOR = re.compile(r"(?:arg)?(?:max|min)_|sup_|inf_|lim_")
#: What is not prose in Markdown: a code span, mathematics for MathJax (``$…$`` within a
#: paragraph), an HTML comment or tag, a link's target, a label of the .tex (``eq:G_norm_2``).
_CODE_OR_TAG = (
    r"`[^`\n]*`|<code>.*?</code>|\$\$.*?\$\$|(?<!\\)\$(?:[^$\n]|\n(?!\s*\n))+?(?<!\\)\$|<!--.*?-->"
    r"|<[A-Za-z/!][^<>\n]*>|\]\([^()\s]*\)"
)
_NOT_PROSE = re.compile(_CODE_OR_TAG + r"|\b[a-z]{2,8}:(?:\w|\\_)+", re.S)


def _code_name(name: str) -> bool:
    """Whether ``name`` (a match of ``_CODE_CANDIDATE``, unescaped) names code: a dotted name
    or a path with an underscore (``section3.convexity_threshold``, ``models/quad_case.py``) or a
    snake-case word of two characters or more before its first underscore (``dd_bound``,
    ``relative_error``), not an operator's subscript (``max_k``) nor a symbol's (``s_max``,
    ``BG_t``: a few capitals with a short subscript).

    >>> [_code_name(n) for n in ("dd_bound", "BG_t", "FROZEN_RUNS", "max_k", "a.b_c")]
    [True, False, True, False, True]
    """
    if "_" not in name or _OPERATOR.match(name) or re.fullmatch(r"[A-Z]{1,3}_[a-z0-9]{1,2}", name):
        return False
    if "/" in name:
        return "." in name.rsplit("/", 1)[1]  # a file's path, not C/max_k
    return "." in name or len(name.split("_")[0]) >= 2


def _prose_scripts(text: str) -> str:
    """Plain ``text`` (prose, no code or mathematics) with its primes and scripts set, and the
    names of the code in it set as code (``_code_name``)."""
    out, at = [], 0
    for m in _CODE_CANDIDATE.finditer(text):
        name = m.group().replace("\\_", "_")
        if _code_name(name):
            out += [_symbols(text[at : m.start()]), f"<code>{name}</code>"]
            at = m.end()
    return "".join(out + [_symbols(text[at:])])


def _symbols(text: str) -> str:
    """Plain ``text`` with its primes and scripts set, its numbers in exponent notation as
    powers of ten (``powers_of_ten``) and the sign of its negative numbers as "−"
    (``minus_signs``)."""
    text = minus_signs(powers_of_ten(text))
    text = _PRIME.sub(lambda m: m.group(1) + ("″" if len(m.group(2)) == 2 else "′"), text)
    for pattern, name in _SCRIPTS:
        while (done := pattern.sub(rf"<{name}>\1</{name}>", text)) != text:
            text = done
    text = text.replace("<sup>-", "<sup>−")  # e^{-t}: a minus, not a hyphen

    def subscript(m: re.Match) -> str:
        before = text[: m.start()]
        if not before or _NAME.search(before):
            return m.group()
        return f"<sub>{m.group(1).replace('*', '∗')}</sub>"  # not Markdown's emphasis

    return _SUBSCRIPT.sub(subscript, text)


_SCRIPT_SUPER = dict(zip("0123456789+−-=()ikt", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ⁱᵏᵗ"))
_SCRIPT_SUB = dict(zip("0123456789+−-=()ijkt", "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ᵢⱼₖₜ"))
_SCRIPT_FRACTIONS = {"1/2": "^½", "-1/2": "^−½", "−1/2": "^−½", "3/2": "^(3/2)"}


def readable(text: str) -> str:
    """``text`` with its TeX-like scripts (Σ^{1/2}, u_{t,i}, (1−ρ)^{k−1}) in Unicode, so that
    no raw brace reaches the book: a script whose characters all have Unicode forms becomes
    them, ^{1/2} becomes ^½ (^{3/2} ^(3/2)), anything else its content in parentheses.

    >>> readable("Σ^{-1/2}uuᵀΣ^{1/2}, Y_{t,i}, (1 − ρ)^{k−1}, Σ_{t≥1}")
    'Σ^−½uuᵀΣ^½, Y_(t,i), (1 − ρ)ᵏ⁻¹, Σ_(t≥1)'
    """

    def script(match):
        mark, body = match.group(1), match.group(2)
        if mark == "^" and body in _SCRIPT_FRACTIONS:
            return _SCRIPT_FRACTIONS[body]
        table = _SCRIPT_SUPER if mark == "^" else _SCRIPT_SUB
        if all(ch in table for ch in body):
            return "".join(table[ch] for ch in body)
        return f"{mark}({body})"

    return re.sub(r"([_^])\{([^{}]*)\}", script, text)


def html_scripts(markdown: str) -> str:
    """``markdown`` with its plain-text mathematics set as mathematics: scripts as HTML sub- and
    superscripts (``_SCRIPTS``, ``_SUBSCRIPT``) and a quote mark after a one-letter name as a
    prime (``_PRIME``), outside code (spans and fenced blocks), mathematics (``$…$``), HTML
    tags, link targets and .tex labels (``_NOT_PROSE``). The views' text (the specs' statements
    and verdicts, the errata) writes TeX's scripts and Unicode; the book's pages would show
    ``c₃^(3/2)``, ``Q\\_α`` and ``S’`` as they are. The content of a directive's fence
    (``{prf:lemma}``) is Markdown, and set.

    >>> print(html_scripts(r"x\\_{k+1} ≤ e^{−t²/2}, Σ^{a\\_{b}} and `a_{b}`"))
    x<sub>k+1</sub> ≤ e<sup>−t²/2</sup>, Σ<sup>a<sub>b</sub></sup> and `a_{b}`
    >>> print(html_scripts(r"c₃^(3/2)/(4τ^(3/2)); Q\\_α at α^1.5"))
    c₃<sup>3/2</sup>/(4τ<sup>3/2</sup>); Q<sub>α</sub> at α<sup>1.5</sup>
    >>> print(html_scripts(r"k^−5/4; Π\\_S'; f''"))
    k<sup>−5/4</sup>; Π<sub>S′</sub>; f″
    >>> print(html_scripts("Σ_(t≥1), E[Y_(t,i)], check_it(x), Φ(Σ_*), max_k"))
    Σ<sub>t≥1</sub>, E[Y<sub>t,i</sub>], <code>check_it</code>(x), Φ(Σ<sub>∗</sub>), max<sub>k</sub>
    >>> print(html_scripts("f(μ_k+1), HΣ_t, ξ_k², ξ_kc₂"))
    f(μ<sub>k+1</sub>), HΣ<sub>t</sub>, ξ<sub>k</sub>², ξ<sub>k</sub>c₂
    >>> print(html_scripts("relative_error, eq:G_norm_2, $x_{k}$, [a](b_c.md) and Δ_α,1"))
    <code>relative_error</code>, eq:G_norm_2, $x_{k}$, [a](b_c.md) and Δ<sub>α,1</sub>
    >>> print(html_scripts(r"\\|ν\\_i\\| by section3.convexity\\_threshold, e.g. s_max"))
    \\|ν<sub>i</sub>\\| by <code>section3.convexity_threshold</code>, e.g. s<sub>max</sub>
    >>> print(html_scripts("$x_{k}\\n+ 1$ Q_α\\n```\\nQ_α\\n```\\n```{prf:lemma}\\nQ_α\\n```"))
    $x_{k}
    + 1$ Q<sub>α</sub>
    ```
    Q_α
    ```
    ```{prf:lemma}
    Q<sub>α</sub>
    ```
    """

    return _in_prose(markdown, _NOT_PROSE, _prose_scripts)


def _in_prose(markdown: str, not_prose: re.Pattern, transform: Callable[[str], str]) -> str:
    """``markdown`` with ``transform`` applied to its prose: the text outside fenced code
    blocks (a directive's fence, such as ``{prf:lemma}``, holds Markdown) and outside what
    ``not_prose`` matches in it."""

    def render(prose: list[str]) -> list[str]:
        text = "\n".join(prose)
        kept = not_prose.findall(text)
        parts = [transform(part) for part in not_prose.split(text)]
        return "".join(p + k for p, k in zip(parts, kept + [""])).split("\n") if prose else []

    lines: list[str] = []
    prose: list[str] = []
    fences: list[bool] = []  # the open fences: True for code, False for a directive
    for line in markdown.split("\n"):
        if line.lstrip().startswith("```"):
            lines += render(prose) + [line]
            prose = []
            info = line.lstrip()[3:].strip()
            if fences and (fences[-1] or not info):
                fences.pop()
            else:
                fences.append(not info.startswith("{"))
        elif fences and fences[-1]:
            lines.append(line)
        else:
            prose.append(line)
    return "\n".join(lines + render(prose))


#: The class of the span that holds a label of the .tex after the PDF's number (``tex_labels``;
#: ``book/_static/wrap.css`` sets it small, muted and in a monospace font).
TEX_LABEL_CLASS = "tex-label"
#: The class of the span that holds an equation's number, with its label in its tooltip
#: (``tex_labels``; ``wrap.css`` underlines it with dots, as a reader expects of a tooltip).
TEX_NUMBER_CLASS = "tex-number"
#: The tooltip of that span, by the label's kind.
TEX_LABEL_TITLES = {
    "eq": "the equation’s label in the paper’s .tex",
    "lem": "the lemma’s label in the paper’s .tex",
    "prop": "the statement’s label in the paper’s .tex",
    "thm": "the theorem’s label in the paper’s .tex",
}
#: A label of the .tex in prose (not after a word, ``#``, ``/``, ``-``, ``:``, ``{`` or a tag's
#: ``>``), with the PDF's number after it (``paper.with_number``) or without: "eq:chi\\_1 (E.10)",
#: "prop:TG (Lemma 8)", "eq:R".
_TEX_LABEL = re.compile(
    r"(?<![\w:{#/>-])(?P<label>(?P<kind>eq|lem|prop|thm):(?:[A-Za-z0-9]|\\?_)+)"
    r"(?: \((?P<printed>(?:\d+|[A-Z])\.\d+|(?:Theorem|Lemma|Proposition|Remark) \d+)\))?"
)
#: What ``tex_labels`` leaves: code, mathematics, tags, link targets, a label already in its
#: span, and a heading (the anchors that link to it are made from its words).
_NOT_LABEL_PROSE = re.compile(
    rf'<span class="(?:{TEX_LABEL_CLASS}|{TEX_NUMBER_CLASS})"[^<>]*>[^<>]*</span>|'
    r"(?m:^#{1,6} [^\n]*$)|" + _CODE_OR_TAG,
    re.S,
)


def tex_labels(markdown: str) -> str:
    r"""``markdown`` (the book's HTML-bearing Markdown) with each label of the .tex in its prose
    behind the PDF's number: an equation's number is what a reader of the PDF looks for, so it
    stands alone, its label in its tooltip (a span of class ``TEX_NUMBER_CLASS``: "eq:chi_1
    (E.10)" → "(E.10)"); a statement's name leads and its label follows, small and muted (a span
    of class ``TEX_LABEL_CLASS``: "prop:TG (Lemma 8)" → "Lemma 8 prop:TG"), as does a label
    without a number. Code, mathematics, HTML tags, link targets and headings are left as they
    are (``_NOT_LABEL_PROSE``); applied twice, it changes nothing.

    >>> print(tex_labels("in eq:R (C.4), prop:TG (Lemma 8)").replace(", L", ",\nL"))
    in <span class="tex-number" title="eq:R, the equation’s label in the paper’s .tex">(C.4)</span>,
    Lemma 8 <span class="tex-label" title="the statement’s label in the paper’s .tex">prop:TG</span>
    >>> print(re.sub(' title="[^"]*"', "", tex_labels("(eq:nu (D.3), eq:hh (D.6))")))
    (eq. <span class="tex-number">(D.3)</span>, <span class="tex-number">(D.6)</span>)
    >>> tex_labels(r"eq:chi\_1") == tex_labels(tex_labels(r"eq:chi\_1"))
    True
    >>> once = tex_labels(r"eq:chi\_1 (E.10)")
    >>> once == tex_labels(once) and 'title="eq:chi_1, ' in once
    True
    >>> same = "## eq:R (C.4)\n`eq:R (C.4)` [a](#eq:R) $eq:R$ <code>eq:R</code>"
    >>> tex_labels(same) == same
    True
    """

    def span(m: re.Match) -> str:
        kind, label, printed = m.group("kind", "label", "printed")
        tag = f'<span class="{TEX_LABEL_CLASS}" title="{TEX_LABEL_TITLES[kind]}">{label}</span>'
        if printed is None:
            return tag
        if kind != "eq":
            return f"{printed} {tag}"
        title = f"{label.replace(chr(92) + '_', '_')}, {TEX_LABEL_TITLES[kind]}"
        number = f'<span class="{TEX_NUMBER_CLASS}" title="{title}">({printed})</span>'
        opens = m.start() > 0 and m.string[m.start() - 1] == "("  # not "((D.2), …)"
        return f"{'eq. ' if opens else ''}{number}"

    return _in_prose(markdown, _NOT_LABEL_PROSE, lambda text: _TEX_LABEL.sub(span, text))


def ledger_page(
    notebook_link: Callable[[str], str],
    results: dict[str, Verdict] | None = None,
    walk: Mapping[str, Any] | None = None,
) -> str:
    """The book's ledger: the summary table, then one section per claim, per finding and per
    repaired result, with braced scripts as HTML (``html_scripts``) and Σ̄ as mathematics
    (``bar_sigma``)."""
    return html_scripts(plain_names(bar_sigma(_ledger_markdown(notebook_link, results, walk))))


_BAR_SIGMA = re.compile(r"Σ̄(?:\\?_(\w+))?")  # its subscript's underscore may be escaped


def bar_sigma(markdown: str) -> str:
    """``markdown`` with each plain-text Σ̄ (Σ and a combining macron, which browsers set as a
    plain Σ) as MathJax, with its subscript: "N(μ, Σ̄)" → "N(μ, $\\bar\\Sigma$)".

    >>> print(bar_sigma("N(μ, Σ̄) and Σ̄_ij, Σ̄\\\\_ji"))
    N(μ, $\\bar\\Sigma$) and $\\bar\\Sigma_{ij}$, $\\bar\\Sigma_{ji}$
    """

    def tex(m: re.Match) -> str:
        return "$\\bar\\Sigma" + (f"_{{{m.group(1)}}}" if m.group(1) else "") + "$"

    return _BAR_SIGMA.sub(tex, markdown)


def grouped(rows: tuple[Claim, ...]) -> tuple[Claim, ...]:
    """``rows`` in their order, each statement's variants right after its first row (a claim
    with its γ > 0 row: "Lemma 5.1", "Lemma 5.1, γ > 0", "Lemma 5.2", …), so that a reader
    finds the rows of one statement together.

    >>> rows = [ledger.claim(n) for n in ("Lemma 5.1", "Lemma 5.2", "Lemma 5.1, γ > 0")]
    >>> [c.number for c in grouped(tuple(rows))]
    ['Lemma 5.1', 'Lemma 5.1, γ > 0', 'Lemma 5.2']
    """
    first: dict[str, int] = {}
    for i, c in enumerate(rows):
        first.setdefault(statement_of(c.number), i)
    return tuple(sorted(rows, key=lambda c: first[statement_of(c.number)]))


def _ledger_markdown(
    notebook_link: Callable[[str], str],
    results: dict[str, Verdict] | None = None,
    walk: Mapping[str, Any] | None = None,
) -> str:
    results = published() if results is None else results

    def section(c: Claim) -> str:
        v = results.get(c.number) or Verdict(Status.NOT_CHECKED, "no published verdict")
        return claim_section(c, v, notebook_link(c.notebook), walk, results)

    groups = (
        ("numbered claims", grouped(ledger.claims())),
        ("findings", ledger.findings()),
        ("repaired results", grouped(ledger.repaired())),
    )
    tables = "\n\n".join(
        f"**The {name}**\n\n"
        + summary_table(
            results,
            rows,
            link=lambda c: notebook_link(c.notebook),
            repairs=True,
            walk=walk,
        )
        for name, rows in groups
    )
    every = [c for _, rows in groups for c in rows if c.number in results]
    shown = {conclusion(c, results[c.number], walk) for c in every}
    statuses = {results[c.number].status for c in every}
    meanings = (
        z_note([shown_measurement(c, results[c.number]) for c in every]),
        untestable_note([results[c.number] for c in every]),
    )
    conclusions = "<br>".join(
        f"*{w.value}*: {m}" for w, m in CONCLUSION_MEANING.items() if w in shown
    )
    runs = "<br>".join(
        [f"*{s.value}*: {m}" for s, m in STATUS_MEANING.items() if s in statuses]
        + [m for m in meanings if m]  # once, for the three tables
    )
    body = (
        "| **Conclusion**, then why | **On the runs**: status, deciding number |\n"
        f"|---|---|\n| {conclusions} | {runs} |\n\n" + tables + "\n\n"
        "## The numbered claims\n\n" + "\n\n".join(section(c) for c in groups[0][1]) + "\n\n"
        "## Findings beyond the numbered claims\n\n"
        + "\n\n".join(section(c) for c in ledger.findings())
        + "\n\n"
        "## The repaired results\n\n"
        "Each repaired bound of the corrigendum ([Section 5](08a-corrigendum-section5.ipynb), "
        "[App. D](08b-corrigendum-appendix-d.ipynb), [App. E](08c-corrigendum-appendix-e.ipynb))"
        " on the runs of its printed form, with its looseness.\n\n"
        + "\n\n".join(section(c) for c in groups[2][1])
        + "\n\n"
    )
    counts = [f"the {len(rows)} {name}: {_status_counts(rows, results)}" for name, rows in groups]
    minutes = 5 * max(1, round(len(body.split()) / READING_SPEED / 5))
    return (
        "# The claims ledger\n\n"
        f"**What you will learn**: the verdict of each of the paper's {len(ledger.claims())} "
        f"checked rows ({_numbered_results()}), {len(ledger.findings())} findings and "
        f"{len(ledger.repaired())} repaired results, where each repair is, and what each "
        "measured. "
        "**Prerequisites**: [how to read a verdict](reading-a-verdict.md); every symbol is "
        "on [the notation page](notation.md). **Reading time**: "
        f"about {minutes} minutes in full.\n\n"
        + body
        + "## Summary\n\nBy status: "
        + "; ".join(counts)
        + ".\n"
    )


#: Words read per minute, for a page's reading time.
READING_SPEED = 200


def _numbered_results() -> str:
    """What the ledger's rows of the paper's claims are: "38 numbered results, 4 variants, 3
    others" (a row's PDF number names a theorem, lemma, proposition or remark; a variant, such
    as a γ > 0 row, shares its result's number; an other names a place such as "Section 2")."""
    claims = ledger.claims()
    numbered = {c.printed for c in claims if re.match(NUMBERED, c.printed)}
    other = sum(not re.match(NUMBERED, c.printed) for c in claims)
    variants = len(claims) - other - len(numbered)
    said = f"{variants} variants, " if variants else ""
    return f"{len(numbered)} numbered results, {said}{other} others"


#: A PDF number of a numbered result (one counter: "Lemma 11", "Theorem 12").
NUMBERED = r"(Theorem|Lemma|Proposition|Remark|Corollary) \d+$"


def _status_counts(rows: tuple[Claim, ...], results: dict[str, Verdict]) -> str:
    """How many of ``rows`` have each status in ``results`` ("32 holds (7 of them too loose to
    be tested), 6 fails …"), in the order of ``Status``, with how many that hold test nothing
    (``untested_count``); a row without a verdict counts as "not checked"."""
    found = [results[c.number].status if c.number in results else Status.NOT_CHECKED for c in rows]
    untested = untested_count([results.get(c.number) for c in rows])
    parts = [
        f"{found.count(s)} {s.value}" + (f" ({untested})" if s is Status.HOLDS and untested else "")
        for s in Status
        if found.count(s)
    ]
    return ", ".join(parts) if parts else "none"


#: The parts of the paper, in order, as the grid of ``verdict_grid`` groups the rows.
PARTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Section 2 (NES)", ("Sec. 2",)),
    ("Section 3 (Q_α)", ("Thm 3.",)),
    (
        "Section 4, App. A–C (estimators, mirror step)",
        ("Lemma 4.", "Sec. 4", "Prop. A.", "Lemma B.", "Lemma C."),
    ),
    ("Section 5 (convergence)", ("Lemma 5.", "Remark 5.", "Thm 5.")),
    ("Appendix D (g̃ and G̃)", ("Lemma D.",)),
    ("Appendix E (proof of Lemma 5.3)", ("Lemma E.",)),
)


def verdict_grid(results: dict[str, Verdict] | None = None) -> str:
    """A compact overview: one row per part of the paper, one column per category of verdict
    (``proofmap.category``: the status, with "holds" split by whether the bound was too loose to
    be tested), each cell the claims in it (the overview notebook shows this instead of the
    whole ledger), separated by semicolons (a claim's name may hold a comma: "Lemma 5.1, γ > 0")
    and each linked to its row of the ledger, its scripts set (``html_scripts``)."""
    results = published() if results is None else results
    claims = ledger.claims()
    found = {c.number: category(results.get(c.number)) for c in claims}
    columns = [k for k in Category if k in found.values()]
    lines = [
        "| part of the paper | " + " | ".join(k.value for k in columns) + " |",
        "|---" * (len(columns) + 1) + "|",
    ]
    for part, prefixes in PARTS:
        rows = [c.number for c in claims if c.number.startswith(prefixes)]
        cells = ["; ".join(_row_link(n) for n in rows if found[n] is k) for k in columns]
        lines.append(f"| {_cell(part)} | " + " | ".join(cells) + " |")
    return html_scripts("\n".join(lines))


def _printed_blocks() -> dict[str, Claim | Erratum]:
    """What ``ledger.verdict_cell`` prints for each published row and erratum that agrees with
    its published verdict (both as printed and with ``readable``'s scripts, as
    notebook 08d prints its errata), mapped to the row or erratum; an erratum also as 08d
    prints it after its number in the index of errata (``ledger.header``), the "N. " left off
    (``verdict_cell_view`` reads it)."""

    old = published()
    blocks: dict[str, Claim | Erratum] = {}
    for spec in ledger.rows() + ledger.errata():
        if spec.name in old:
            text = ledger.printed_text(spec, old[spec.name])
            blocks[text] = blocks[readable(text)] = spec
        if spec.name in old and isinstance(spec, Erratum):
            bare = ledger.printed_text(spec, old[spec.name], 0).removeprefix("0. ")
            blocks[bare] = blocks[readable(bare)] = spec
    return blocks


#: An erratum's number in the index of errata, before its line in 08d's verdict cell.
_ERRATUM_NUMBER = re.compile(r"\d+\. ")


def finding_source(c: Claim) -> str:
    """What a verdict table's column "in the PDF" says of row ``c``: its printed number, or, for
    a finding of the suite (``kind = "finding"``), that it is none of the PDF's claims, with
    what it is about ("Section 2") or the earlier version whose claim it tests
    ("arXiv:1910.11490"): "stands" beside a bare "Section 2" read as "the paper's NES works"
    to a cold reader.

    >>> finding_source(ledger.claim("Thm 3.1")) == ledger.claim("Thm 3.1").printed
    True
    >>> finding_source(ledger.claim("NES as printed"))
    'none (our finding on Section 2)'
    >>> finding_source(ledger.claim("COCO bbob"))
    'none (a claim of arXiv:1910.11490)'
    >>> finding_source(ledger.claim("Comparison"))
    'none (our finding)'
    """
    if c.kind != "finding":
        return c.printed
    if c.printed not in ("", "—"):
        return f"none (our finding on {c.printed})"
    if c.label.startswith("arXiv:"):
        return f"none (a claim of {c.label})"
    return "none (our finding)"


def verdict_cell_view(printed: str, walk: Mapping[str, Any] | None = None) -> str | None:
    """A notebook's verdict cell as the book shows it: a short table, one row per ledger row
    (our name, the PDF's, its ``conclusion`` then the verdict's status and the qualifiers that
    held, the number that matters: ``key_number``) and one row for its errata (how many are
    flagged); under it one line naming the rows that hold while their proofs fail as printed,
    each linked to the step (``proof_note``), a z of −∞ with what it means beside it
    (``MINUS_INFINITE_MEANING``); the printed text folded behind it (``folded``), as a code
    block. None where ``printed`` (what ``ledger.verdict_cell`` printed, one or more times) is
    not made wholly of published verdicts' reports, line by line: a verdict that differs from
    the published one is then shown as printed, unfolded.

    >>> print(verdict_cell_view("Lemma 5.3: holds, or so it says"))
    None
    """
    blocks, old = _printed_blocks(), published()
    found: list[Claim | Erratum] = []
    rest = printed.strip("\n")
    while rest:
        numbered = _ERRATUM_NUMBER.match(rest)
        rest = rest[numbered.end() :] if numbered else rest
        match = max(
            (b for b in blocks if rest.startswith(b) and rest[len(b) : len(b) + 1] in ("", "\n")),
            key=len,
            default=None,
        )
        if match is None or (numbered and not isinstance(blocks[match], Erratum)):
            return None
        found.append(blocks[match])
        rest = rest[len(match) :].lstrip("\n")
    lines = ["| claim | in the PDF | conclusion; on the runs | the number |", "|---|---|---|---|"]
    notes: list[str] = []
    # each proof that fails as printed, once, with what fails at its step (``failing_step_clause``)
    proof_notes: dict[str, str] = {}
    for spec in found:
        if isinstance(spec, Claim):
            v = old[spec.number]
            word = scoped(spec, conclusion(spec, v, walk))
            where = finding_source(spec)
            number = key_number(spec, v)  # a z of −∞ with its meaning beside it
            number += f" ({MINUS_INFINITE_MEANING})" if z_note([shown_measurement(spec, v)]) else ""
            lines.append(
                f"| {_cell(spec.number)} | {_cell(where)} | {word}; "
                f"{_cell(short_headline(v, decisive=spec.decisive, answers=True))} "
                f"| {_cell(number)} |"
            )
            # "D.1 holds, but [its printed proof fails at step N](page). That step prints …",
            # once for a proof shown by several rows
            # (not where every false step is a slip: the table's "stands" says so)
            words = "its printed proof fails at step {step}"
            note = (
                proof_note(spec.number, v.status, walk, words, slips=False)
                if spec.kind != "repaired"
                else None
            )
            if note is not None:
                statement = _cell(spec.number.split(", ", 1)[0])
                rated = "holds" if v.status is Status.HOLDS else "is an identity"
                said_of = f"{statement} {rated}, but {note}."
                proof_notes[said_of] = failing_step_clause(spec.number, walk)
            elif spec.kind == "claim":
                cited = cites_unproved(spec.number, walk)
                notes += [cited] if cited is not None else []
    errata = [spec for spec in found if isinstance(spec, Erratum)]
    if errata:
        answers = [flag_text(old[spec.name]).split(":")[0] for spec in errata]
        counts = ", ".join(f"{answers.count(a)} {a}" for a in dict.fromkeys(answers))
        lines.append(f"| {len(errata)} errata | — | **{counts}** | each a line below |")
    body = "```text\n" + printed.strip("\n") + "\n```"
    table = html_scripts("\n".join(lines))
    said = []  # under the table, in one paragraph
    # a cell of several such proofs links each step (its walk page says what fails there); one
    # proof's cell says it too ("That step prints …")
    one = len(proof_notes) == 1
    notes = [n + (c if one else "") for n, c in proof_notes.items()] + notes
    if notes:
        said.append(html_scripts(" ".join(dict.fromkeys(notes))))
    rows = [old[spec.number] for spec in found if isinstance(spec, Claim)]
    said += [m for m in (untestable_note(rows),) if m is not None]
    if said:
        table += "\n\n" + " ".join(said)
    return table + "\n\n" + folded("The verdicts in full, as the cell prints them", body)


#: How the notebooks' prose names a ledger row ("Theorem 3.3", "Proposition A.2", "Lemma D.7").
_CLAIM_WORDS = {"Theorem": "Thm", "Lemma": "Lemma", "Proposition": "Prop.", "Remark": "Remark"}
_MENTION = re.compile(
    r"(?<![\w\[])(?<!PDF )(?P<word>Theorem|Lemma|Proposition|Remark) "
    r"(?P<n>[1-5A-E]\.\d+)(?![\d.]\d)|(?<![\w\[])(?P<nb>[Nn]otebook) "
    r"(?P<nn>\d\d)(?!\d)"
)
#: Spans where no link is made: code, mathematics, existing links, headings, raw HTML.
_SKIP = re.compile(
    r"`[^`]*`|\$\$.*?\$\$|\$[^$]*\$|\[[^\]]*\]\([^)]*\)|^#[^\n]*|<[^>]*>", re.M | re.S
)


def _notebooks() -> dict[str, str]:
    found: dict[str, str] = {}
    for name in sorted({c.notebook for c in ledger.rows()}):
        found.setdefault(name[:2], name)  # notebook 08: the first page of the corrigendum
    return found


def cross_link(markdown: str) -> str:
    """``markdown`` with the first mention of each ledger row ("Lemma 5.3") linked to its section
    of the ledger, and the first mention of each notebook ("notebook 06") linked to it; code,
    mathematics, headings and existing links are left alone, so applying it twice changes
    nothing.

    >>> print(cross_link("Lemma 5.3, notebook 07, Lemma 5.3"))
    [Lemma 5.3](ledger.md#claim-lemma-5-3), [notebook 07](07-comparisons.ipynb), Lemma 5.3
    """
    rows = {c.number for c in ledger.claims() + ledger.findings()}
    notebooks = _notebooks()
    skip = [m.span() for m in _SKIP.finditer(markdown)]
    done = set(re.findall(r"\]\(([^)\s]+)\)", markdown))  # already linked somewhere

    def replace(m: re.Match) -> str:
        if any(a <= m.start() < b for a, b in skip):
            return m.group(0)
        if m.group("nb"):
            target = notebooks.get(m.group("nn"))
            link = f"{target}.ipynb" if target else None
        else:
            number = f"{_CLAIM_WORDS[m.group('word')]} {m.group('n')}"
            link = f"ledger.md#{claim_anchor(number)}" if number in rows else None
        if link is None or link in done:
            return m.group(0)
        done.add(link)
        return f"[{m.group(0)}]({link})"

    return _MENTION.sub(replace, markdown)


def prose(markdown: str) -> str:
    """A notebook's Markdown as the book shows it: every eq: label with the PDF's number
    (``paper.with_number``) and the first mention of each claim and notebook linked
    (``cross_link``)."""
    return cross_link(with_number(markdown))


#: A ledger status as a verb phrase after its subject, singular and plural ("Lemma 5.1 holds",
#: "6 fail"): "erratum" alone reads as a noun to a newcomer. The walk pages' opening says a row's
#: status with the singular (``proofs.pages.statement_verdicts``), the front page counts the
#: statuses with the plural.
STATUS_VERBS: dict[Status, tuple[str, str]] = {
    Status.HOLDS: ("holds", "hold"),
    Status.FAILS: ("fails", "fail"),
    Status.ERRATUM: (
        "is false as printed and holds corrected",
        "are false as printed and hold corrected",
    ),
    Status.IDENTITY: ("is an identity", "are identities"),
    Status.HYPOTHESES_NOT_MET: (
        "was checked outside its hypotheses",
        "were checked outside their hypotheses",
    ),
    Status.NOT_CHECKED: ("is not checked", "are not checked"),
}
#: A conclusion as the front page's sentences count it ("4 have a proof that fails").
_CONCLUDED = {  # for one row, and for several
    Conclusion.STANDS: ("**stands**", "**stand**"),
    Conclusion.PROOF_FAILS: (
        "has a proof that fails (**proof fails**)",
        "have a proof that fails (**proof fails**)",
    ),
    Conclusion.PROOF_REPAIRED: (
        "has a repaired proof (**proof repaired**)",
        "have a repaired proof (**proof repaired**)",
    ),
    Conclusion.REPAIRED: (
        "is **repaired** (cite the corrected statement)",
        "are **repaired** (cite the corrected statement)",
    ),
    Conclusion.FALSE: ("is **false**", "are **false**"),
    Conclusion.UNTESTED: ("is **untested**", "are **untested**"),
    Conclusion.NOT_CHECKED: ("is **not checked**", "are **not checked**"),
}
#: The rows of the front page's main-results bullet (``found_box``): Section 3's, Section 5's.
MAIN_RESULTS = ("Thm 3.3", "Lemma 5.3", "Thm 5.4")
#: The rows of the front page's bullet on MiNES against its peers (``found_box``).
PEER_ROWS = ("Comparison", "COCO bbob")


def _row_link(number: str) -> str:
    """A claim's name, linked to its section of the book's ledger."""
    return f"[{_cell(number)}](ledger.md#{claim_anchor(number)})"


def found_box(
    results: dict[str, Verdict] | None = None, walk: Mapping[str, Any] | None = None
) -> str:
    """The front page's "What was found" admonition: five bullets, each computed from the
    published verdicts (``results``) and the published proof walk (``walk``, its ``proofs``
    and ``coverage``) and linked to the ledger rows it speaks of; no number is typed here.

    The bullets: the statuses of the numbered claims; the main results (``MAIN_RESULTS``) with
    their status and key number; the numbered claims that fail as printed; the errata and the
    repaired results' statuses; the proof walk's counts; MiNES against its peers
    (``PEER_ROWS``)."""
    if walk is None:
        raise TypeError("found_box needs the published walk's data (proofs.published.load())")
    results = published() if results is None else results

    def status(number: str) -> str:
        v = results.get(number)
        return (v.status if v is not None else Status.NOT_CHECKED).value

    def verdict_words(c: Claim, why: bool = True, bold: bool = True) -> str:
        """What the verdict of ``c`` says of its statement in the proof map's words
        (``proofgraph.category``: "holds, too loose to be tested", "erratum: true once
        repaired"), with ``why``, where no run could contradict it (its "too loose to be
        tested" qualifier's criterion), and its key number with the bound it is held to."""
        v = results.get(c.number)
        if v is None:
            return f"**{category(v).value}**: no published verdict"
        reason = next(
            (
                f" ({_text(q.criterion.rsplit(': ', 1)[-1])})"  # its conclusion
                for q in v.qualifiers
                if q.outcome and q.name.startswith(UNTESTABLE_QUALIFIER)
            ),
            "",
        )
        word = said_of(v) if category(v) is Category.UNTESTABLE else category(v).value
        if not bold:  # after a conclusion, which is the bold word of the sentence
            return f"{word}{reason if why else ''}, with {_text(key_number(c, v))}"
        return f"**{word}**{reason if why else ''}: {_text(key_number(c, v))}"

    def row(number: str, said: bool = False, words: str | None = None) -> str:
        """A row: its link, the PDF's number, its statement where ``said`` and what its
        verdict says (``verdict_words``, unless ``words`` are given)."""
        c = ledger.claim(number)
        printed = f" ({c.printed})" if c.printed != "—" else ""
        close = "," if words is None else ":"  # given words open with the row's conclusion
        statement = f", “{_text(c.statement)}”{close}" if said else ""
        return f"{_row_link(number)}{printed}{statement} {words or verdict_words(c)}"

    def peer(number: str) -> str:
        """A comparison with other methods, named by the first clause of its statement and
        linked to its notebook: a finding of the suite (no claim of the paper) says each of
        its tests with its answer (where MiNES ranks), a claim its verdict."""
        c = ledger.claim(number)
        named = f"[{_cell(c.statement.split(';')[0])}](ledger.md#{claim_anchor(number)})"
        notebook = f"[notebook {c.notebook[:2]}]({c.notebook}.ipynb)"
        v = results.get(number)
        if c.printed == "—" and v is not None and v.qualifiers and v.status is Status.HOLDS:
            tests = ", ".join(
                f"{_text(q.name)}: {'yes' if q.outcome else 'no'}" for q in v.qualifiers
            )
            return f"{named} ({notebook}), the suite's finding, not a claim of the paper: {tests}"
        if c.peer is None:
            return f"{named} ({notebook}) {verdict_words(c)}"
        claim, how = c.peer  # its spec's: the claim as a sentence, and how it is tested
        link = f"[{claim}](ledger.md#{claim_anchor(number)})"  # a sentence, not the row's name
        return f"{link}, tested {how} ({notebook}): in this set-up it {verdict_words(c)}"

    def beside_words(c: Claim, why: bool) -> str:
        """``verdict_words`` of a main result's row with γ > 0; where its own verdict finds it
        false as printed (``row_false_as_printed``), that, with the decisive qualifiers that
        held (``Claim.decisive``: which part fails), before its number."""
        v = results.get(c.number)
        if not row_false_as_printed(v):
            return verdict_words(c, why=why, bold=False)
        assert v is not None  # a verdict false as printed
        held = [q.name for name in c.decisive for q in v.qualifiers if q.outcome and q.name == name]
        what = f" ({_text('; '.join(held))})" if held else ""
        return f"false as printed{what}, with {_text(key_number(c, v))}"

    def main(number: str) -> str:
        """A main result: its ``conclusion`` with why (how the corrigendum finds it as printed,
        its walk's first false step: ``conclusion_words``), then what the runs show, and its
        non-quadratic row (``"{number}, γ > 0"``) beside it, where there is one: on a quadratic
        the estimators have no bias, so that row is where the statement can fail."""
        beside = f"{number}, γ > 0"
        c = ledger.claim(number)
        verdict = results.get(number) or Verdict(Status.NOT_CHECKED, "no published verdict")
        text = row(
            number,
            said=True,
            words=conclusion_words(c, verdict, walk, aside=False, step_words=FIRST_FALSE_GLOSSED),
        )
        runs = f"On the runs: {verdict_words(c, bold=False)}"
        if c.key is not None and c.key.means:  # what the key number measures (its spec's)
            runs += f". {c.key.means[:1].upper()}{c.key.means[1:]}"
        parts = [runs]  # a line each, not a clause in parentheses in one (a cold reader)
        if beside in results:
            link = f"[its row with γ > 0](ledger.md#{claim_anchor(beside)})"
            said = category(results.get(number)) is category(results[beside])  # said above
            words = beside_words(ledger.claim(beside), why=not said)
            parts.append(f"On a non-quadratic f ({link}): {words}")
        return text + "".join(f"\n    * {part}." for part in parts)

    def concluded(rows: tuple[Claim, ...]) -> str:
        """ "23 stand, 4 have a proof that fails, 18 are repaired": the rows' conclusions
        (``conclusion``), in the order of ``Conclusion``, each in bold as the rows below say
        it."""
        found = [
            conclusion(c, results.get(c.number) or Verdict(Status.NOT_CHECKED, "…"), walk)
            for c in rows
        ]
        return ", ".join(
            f"{n} {_CONCLUDED[w][n != 1]}" for w in Conclusion if (n := found.count(w))
        )

    def counts(rows: tuple[Claim, ...]) -> str:
        """ "32 hold (7 of them too loose to be tested), 6 fail, 5 are errata, 2 are
        identities": the statuses as a sentence says them (``STATUS_VERBS``), in the order of
        ``Status``, with how many that hold test nothing (``untested_count``)."""
        found = [status(c.number) for c in rows]
        untested = untested_count([results.get(c.number) for c in rows])
        named = {Status.ERRATUM: ("is an erratum", "are errata")}
        return ", ".join(
            f"{n} {named.get(s, STATUS_VERBS[s])[n != 1]}"
            + (f" ({untested})" if s is Status.HOLDS and untested else "")
            for s in Status
            if (n := found.count(s.value))
        )

    def linked(rows: Sequence[Claim]) -> str:
        """The rows, linked, each with the PDF's number: separated by semicolons, as a row's
        name may hold a comma ("Lemma 5.1, γ > 0")."""
        return "; ".join(f"{_row_link(c.number)} ({c.printed})" for c in rows)

    def repaired_of(c: Claim) -> list[Claim]:
        """The repaired rows of ``c``'s statement (``repaired_twins``) whose verdict holds."""
        return [r for r in repaired_twins(c) if status(r.number) == Status.HOLDS.value]

    claims = ledger.claims()
    false = [c for c in claims if row_false_as_printed(results.get(c.number))]
    vacuous = [c for c in claims if row_vacuous_as_printed(results.get(c.number))]
    failing = [c for c in false if status(c.number) == Status.FAILS.value]
    rescued = [r for c in failing for r in repaired_of(c)]
    corrected = [c for c in false if status(c.number) == Status.ERRATUM.value]
    errata_rows = [c for c in claims if status(c.number) == Status.ERRATUM.value]
    repaired = ledger.repaired()
    untested = [r for r in repaired if untested_by(results.get(r.number)) is not None]
    errata = ledger.errata()
    coverage = walk.get("coverage") or {}
    relations = sum(r.get("relations", 0) for r in coverage.values())
    walked = sum(r.get("walked", 0) for r in coverage.values())
    fails = sum(r.get("fails", 0) for r in coverage.values())
    broken = [name for name, steps in walk["proofs"].items() if first_false(steps) is not None]
    errors = [name for name in broken if first_error(walk["proofs"][name]) is not None]
    prose = [name for name in walk["proofs"] if name not in errors and prose_errors(name, walk)]
    false_parts = [
        f"{len(failing)} fail on their runs (status {Status.FAILS.value}): {linked(failing)}",
        f"{len(rescued)} of these {len(failing)} have a repaired row that holds: "
        + "; ".join(_row_link(r.number) for r in rescued)
        + (  # "holds" of an untested repair is no evidence: say how many (a cold reader)
            f" ({n_untested} of them {Conclusion.UNTESTED.value}: nothing on their runs could "
            "contradict them)"
            if (n_untested := sum(r in untested for r in rescued))
            else ""
        ),
        f"{len(corrected)} of the {len(errata_rows)} rows of status {Status.ERRATUM.value} (their "
        f"own checks test a corrected form, which holds): {linked(corrected)}",
    ]
    if vacuous:
        false_parts.append(
            f"not counted: {linked(vacuous)}, an erratum vacuous as printed (a printed bound on "
            "a probability of at least 1), not false"
        )
    vacuous_union = [r for r in untested if untested_by(results.get(r.number)) == VACUOUS_QUALIFIER]
    said = [
        conclusion(c, results.get(c.number) or Verdict(Status.NOT_CHECKED, "…"), walk)
        for c in claims
    ]
    none = [  # the classes a reader looks for, said even when empty (stop 58: 0 proofs fail)
        words
        for w, words in (
            (Conclusion.PROOF_FAILS, "is concluded **proof fails**"),
            (Conclusion.FALSE, "is false with nothing that repairs it"),
        )
        if w not in said
    ]
    # which corrected statement a repaired row cites: a repaired result of the corrigendum
    # (``repaired_twins``; rows of one statement may share one), else an erratum's correction
    to_cite = [c for c, w in zip(claims, said) if w is Conclusion.REPAIRED]
    by_result = [c for c in to_cite if repaired_twins(c)]
    results_cited = {r.number for c in by_result for r in repaired_twins(c)}
    by_erratum = [c for c in to_cite if not repaired_twins(c)]
    shared = [
        " and ".join(_row_link(c.number) for c in by_result if twin in repaired_twins(c))
        for twin in ledger.repaired()
        if sum(twin in repaired_twins(c) for c in by_result) > 1
    ]
    headline = (
        f"**The paper's {len(claims)} checked statements** ([the claims ledger](ledger.md)): "
        f"{concluded(claims)}"
        + (f"; none {' and none '.join(none)}" if none else "")
        # the conclusion counts no proof that a repair overrides: say how many fail as printed
        + f"; {failing_proofs_said(walk, results, named=False)}."
        + (
            f" Of the {len(to_cite)} repaired, {len(by_result)} are repaired by the "
            f"corrigendum's {len(results_cited)} repaired results"
            + (f" ({'; '.join(shared)} share one)" if shared else "")
            + f" and {len(by_erratum)} by an erratum's correction ({linked(by_erratum)}); "
            "each row's section in the ledger links the statement to cite."
            if to_cite
            else ""
        )
    )
    bullets = [
        f"**On their runs** the {len(claims)} statements: {counts(claims)}.",
        "**The main results** (our names are section-based; the PDF's numbers are in "
        "parentheses):" + "".join(f"\n  * {main(n)}" for n in MAIN_RESULTS),
        f"**{len(false)} are false as printed** (the ledger links each to its repair):"
        + "".join(f"\n  * {part}." for part in false_parts),
        f"**The corrigendum's {len(repaired)} repaired results**, checked on the runs of the "
        f"printed forms: {concluded(repaired)}"
        + (
            f" ({'; '.join(_row_link(r.number) for r in untested)}: "
            f"{untested_kinds([results.get(r.number) for r in repaired])})"
            if untested
            else ""
        )
        + (
            f"; the {len(vacuous_union)} with a vacuous union-bound form hold in the stronger "
            "form their checks test, exceedance at most δ per draw"
            if vacuous_union
            else ""
        )
        + f". [Notebook 08d](08d-errata.ipynb) lists **{len(errata)} errata**, the flaws found "
        "anywhere in the paper (a statement, a proof's line, a constant, a typo), each checked "
        "as printed and as corrected.",
        f"**The proof walk**: {walked} of the {relations} displayed relations of Appendices "
        f"C–F walked, {fails} of them fail; {len(broken)} of the "
        f"{len(walk['proofs'])} walked proofs have a false line, {len(errors)} of them an error "
        "(a false step that is no slip), the others slips only"
        + (
            f"; and {len(prose)} ({', '.join(prose)}) fail{'s' if len(prose) == 1 else ''} in "
            "the prose, where no relation is an error (an erratum of the kind error points "
            "there)"
            if prose
            else ""
        )
        + " ([the proof walk](proofs.md)).",
        "**Against its peers**: " + "; ".join(peer(n) for n in PEER_ROWS) + ".",
    ]
    concluded_as = [
        f"**{w.value}** ({CONCLUSION_MEANING[w]})"
        for w in (
            Conclusion.STANDS,
            Conclusion.PROOF_FAILS,
            Conclusion.REPAIRED,
            Conclusion.UNTESTED,
        )
    ]
    fails, erratum = (f"**{s.value}** ({STATUS_MEANING[s]})" for s in STATUS_MEANING)
    key = (  # in sentences: one for what to conclude, one for what the runs show
        "*Key*: what to conclude of a statement, in one word: "
        f"{', '.join(concluded_as[:-1])} or {concluded_as[-1]}. What its runs show: it "
        f"**{Status.HOLDS.value}**, {fails} or is an {erratum}; **false as printed**: a run "
        "contradicts the printed statement (its status fails, or it is an erratum). "
        "[How to read a verdict](reading-a-verdict.md) says more."
    )
    body = "\n".join(f"* {b}" for b in bullets)
    # the headline first, in plain sentences; the words' definitions after, folded
    summary = "<summary>Key: the words of this box</summary>"
    folded = f'<details class="aside">{summary}\n\n{key}\n\n</details>'
    box = f"```{{admonition}} What was found\n:class: tip\n\n{headline}\n\n{body}\n\n{folded}\n```"
    return html_scripts(box)


#: A parenthesis that only names code (``(<code>section3.convexity_threshold</code>,
#: <code>convexity_scan</code>)``), and a code name that opens a parenthesis as its subject.
_CODE_ONLY = re.compile(r" ?\((?:<code>[\w./]+</code>(?:, )?)+\)")
_CODE_SUBJECT = re.compile(r"\(<code>[\w.]+\.[\w.]+</code> (?=[a-z])")
_STATEMENT_WORD = r"(?:Theorem|Thm|Lemma|Proposition|Prop\.|Remark)"
#: A statement label of the .tex, its underscores escaped (as Markdown escapes them) or not.
_LABEL_TEXT = r"(?:lem|thm|prop):(?:\w|\\_)+"
#: Our name or the PDF's with a statement label after it: "Lemma C.1 (lem:exp_tg)",
#: "Lemma B.2 (PDF: Lemma 18; lem:chi)".
_NAME_THEN_LABEL = re.compile(
    rf"(?P<name>{_STATEMENT_WORD} [A-Z]?\.?\d+(?:\.\d+)?) "
    rf"\((?P<pdf>PDF: [^;()]+); `?{_LABEL_TEXT}`?\)"
    rf"|(?P<name2>{_STATEMENT_WORD} [A-Z]?\.?\d+(?:\.\d+)?) \(`?(?P<label>{_LABEL_TEXT})`?\)"
)
#: A statement label on its own, with the PDF's name after it (``paper.with_number``) and our
#: name after that, each optional: "lem:X (Lemma E.7)", "`lem:gd_dec_1`".
_LABEL_ALONE = re.compile(
    rf"(?<![\w:{{#/>-])`?(?P<label>{_LABEL_TEXT})`?"
    rf"(?: \((?P<printed>{_STATEMENT_WORD} \d+)\))?"
    rf"(?: \((?P<ours>{_STATEMENT_WORD} [A-Z]?\.?\d+(?:\.\d+)?)\))?"
)


def _ours() -> dict[str, str]:
    """The PDF's name of each numbered claim → ours ("Lemma 37" → "Lemma E.7")."""
    return {c.printed: c.number for c in ledger.claims() if "," not in c.number}


def plain_names(markdown: str) -> str:
    """``markdown`` with the .tex's statement labels in its prose said as a reader says them: a
    ``lem:``/``thm:``/``prop:`` label becomes our name with the PDF's beside it, as the ledger
    names a statement ("lem:X (Lemma E.7)" → "Lemma E.7 (PDF Lemma 37)"; "Lemma C.1
    (lem:exp_tg)" → "Lemma C.1 (PDF Lemma 23)"; the PDF's alone where we have no name), and
    a parenthesis that only names code is dropped (the checks' own texts name no code: they say
    it in words). A line that is a ``*Label*`` field (the ledger's) or a heading
    (the anchors that link to it are made from its words) is left as it is; equation labels
    keep theirs (their number is beside them).

    >>> plain_names("proof of lem:X (Lemma E.7) and Lemma C.1 (lem:exp_tg)")
    'proof of Lemma E.7 (PDF Lemma 37) and Lemma C.1 (PDF Lemma 23)'
    >>> plain_names("Theorem 2 (prop:close) on f (<code>a.b</code>, <code>c</code>)")
    'Theorem 2 on f'
    """
    from ..framework.paper import STATEMENTS

    ours = _ours()

    def name_then_label(m: re.Match) -> str:
        if m.group("pdf"):
            return f"{m.group('name')} ({m.group('pdf')})"
        name, printed = m.group("name2"), STATEMENTS.get(m.group("label").replace("\\_", "_"))
        if printed is None or printed == name:
            return name
        return f"{name} (PDF {printed})"

    def label_alone(m: re.Match) -> str:
        printed = STATEMENTS.get(m.group("label").replace("\\_", "_"))
        if printed is None:
            return m.group(0)
        our = m.group("ours") or ours.get(printed)
        return f"{our} (PDF {printed})" if our and our != printed else printed

    def line(text: str) -> str:
        if text.lstrip().startswith(("*Label*", "#")):
            return text
        text = _NAME_THEN_LABEL.sub(name_then_label, text)
        text = _LABEL_ALONE.sub(label_alone, text)
        text = _CODE_ONLY.sub("", text)
        return _CODE_SUBJECT.sub("(the check ", text)

    return "\n".join(line(t) for t in markdown.split("\n"))
