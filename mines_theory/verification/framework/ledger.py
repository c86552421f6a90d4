"""The claims ledger, collected from the declarations (``registry``): one row per numbered claim
of the paper (``claims``), per finding beyond them (``findings``), per check of a repaired result
of the corrigendum (``repaired``; the corrigendum's sections: ``repairs``), and the errata
(``errata``); and the published verdicts, which make the README and the notebooks' verdict
cells the same on every machine.

Every table here is read from ``registry.REGISTRY`` when asked for (cached until the next
declaration), restricted to the modules of ``SOURCES``: a claim declared beside its check
appears in every view without an edit anywhere else, and a test that declares into a copy of the
registry sees every view pick it up.

A verdict is never typed: it is what the row's check returns when run (an erratum's check too:
``verdict.flagged``). ``published.json`` beside this package holds the verdicts as data (status,
qualifiers, measurements with their uncertainties), claims, findings and repaired rows under
their number, errata under their label; ``tools/render_ledger.py`` (``make figures``)
recomputes every check and rewrites a published verdict only when the fresh one does not agree
with it (``Verdict.agrees``: a status, a qualifier, or a number beyond its uncertainty changed).
A Monte Carlo number that moves within its uncertainty on a CPU whose BLAS kernel rounds
otherwise therefore changes nothing that is published. ``tests/test_ledger.py`` recomputes every
verdict and fails when it does not agree with the published one, and when the README's tables
are not the rendering of ``published.json``.
"""

from __future__ import annotations

import json
from pathlib import Path

from mines_theory.files import write_text

from . import declare, registry
from mines_theory.numbers import minus_signs, powers_of_ten
from .paper import equation_numbers, with_number
from .registry import statement_of
from .spec import Claim, Erratum
from .verdict import Undecidable, Verdict, flag_text

__all__ = [
    "COMPARISON_END",
    "COMPARISON_START",
    "FINDINGS_END",
    "FINDINGS_START",
    "MODULES",
    "PUBLISHED",
    "README_END",
    "README_START",
    "REPAIRED_END",
    "REPAIRED_START",
    "SOURCES",
    "PublishedVerdictsError",
    "claim",
    "claims",
    "errata",
    "erratum",
    "findings",
    "glue_measurements",
    "published_twin",
    "header",
    "printed",
    "published",
    "reconcile",
    "reconciled",
    "render_into",
    "repair",
    "repair_of",
    "repaired",
    "repaired_rows",
    "repairs",
    "rows",
    "title",
    "verdict_cell",
    "printed_text",
    "qualifier_text",
    "readable_text",
    "verdicts",
    "write_published",
]

PUBLISHED = Path(__file__).parent.parent / "published.json"

#: The packages whose modules declare the claims, findings, repaired results and errata: every
#: spec file in them (the ``.toml`` beside a module of checks) is read as data
#: (``declare.load``), no module of checks is imported until its check runs, so a new module of
#: checks needs no edit here, and one that fails to import breaks its own checks only.
SOURCES = ("mines_theory.verification.claims", "mines_theory.verification.errata")
MODULES = declare.load(SOURCES)

_CACHE: dict[str, object] = {}


def _table(name: str):
    """``registry.REGISTRY``'s table ``name`` over ``MODULES``, computed once per state of the
    registry."""
    reg = registry.REGISTRY
    if _CACHE.get("registry") is not reg or _CACHE.get("version") != reg.version:
        _CACHE.clear()
        _CACHE.update(registry=reg, version=reg.version)
    if name not in _CACHE:
        _CACHE[name] = getattr(reg, name)(SOURCES)
    return _CACHE[name]


def claims() -> tuple[Claim, ...]:
    """The paper's numbered claims, in its order (by section and number)."""
    return _table("claims")


def findings() -> tuple[Claim, ...]:
    """What the notebooks measure beyond the paper's numbered claims, by notebook: published
    like the claims, so that every verdict cell prints the same text on every machine."""
    return _table("findings")


def repaired() -> tuple[Claim, ...]:
    """The checks of the corrigendum's repaired results, one row each ("Lemma 5.1, repaired"),
    with the label and PDF number of the claim each repairs."""
    return _table("repaired")


def repairs() -> tuple[Claim, ...]:
    """The corrigendum's sections: the repaired results with their printed and repaired
    statements (``Claim.repair``), checked or argued by their errata, in the paper's order."""
    return _table("repairs")


def errata() -> tuple[Erratum, ...]:
    """Every erratum, in the order of its ``row``."""
    return _table("errata")


def printed() -> dict[str, str]:
    """Our number → the PDF's, for every row. Our section-based names exist nowhere in the PDF:
    the jmlr2e class numbers theorems, lemmas, propositions and remarks with one counter
    (Theorems 1–4, Remark 5, Lemmas 6–11, Theorem 12, Remarks 13–14, Propositions 15–16, Lemmas
    17–40). Rows that are not a numbered statement name the section, and a finding with no
    place in the PDF has "—"; a repaired row has its claim's. ``tests/test_paper_numbers.py``
    derives every claim's entry from the .tex."""
    return _table("printed")


def rows() -> tuple[Claim, ...]:
    """Every ledger row: the claims, the findings and the repaired rows."""
    return claims() + findings() + repaired()


def claim(number: str) -> Claim:
    """The ledger row with this number."""
    for c in rows():
        if c.number == number:
            return c
    raise ValueError(
        f"number must be one of the ledger's claims, findings or repaired results, got {number!r}"
    )


def erratum(label: str) -> Erratum:
    """The erratum at ``label``."""
    for e in errata():
        if e.label == label:
            return e
    raise ValueError(f"label must name a declared erratum, got {label!r}")


#: How our numbers' words read spelled out ("Thm 5.4" → "Theorem 5.4").
_WORDS = {"Thm": "Theorem", "Prop.": "Proposition"}


def title(number: str) -> str:
    """Our number spelled out: "Lemma 5.3", "Theorem 5.4", "Proposition A.2"."""
    word, rest = number.split(" ", 1)
    return f"{_WORDS.get(word, word)} {rest}"


def repair(number: str) -> Claim:
    """The corrigendum's section of the repaired claim ``number`` ("Lemma 5.3", "Thm 5.4");
    ValueError naming the sections for any other."""
    for r in repairs():
        if r.repairs == number:
            return r
    names = [r.repairs for r in repairs()]
    raise ValueError(f"number must name a repaired result {names}, got {number!r}")


def repaired_rows(number: str) -> tuple[Claim, ...]:
    """The repaired rows that check the corrigendum's section ``number`` (none where its repair
    is argued by its errata's checks alone)."""
    repair(number)
    return tuple(c for c in repaired() if statement_of(c.repairs or "") == number)


def repair_of(number: str) -> str:
    """The corrigendum's section (the repaired claim, "Lemma 5.2") that the repaired row
    ``number`` ("Lemma 5.2, repaired, γ > 0") checks."""
    for c in repaired():
        if c.number == number:
            return statement_of(c.repairs or "")
    names = [c.number for c in repaired()]
    raise ValueError(f"number must be a repaired row {names}, got {number!r}")


def verdicts(specs: tuple[Claim | Erratum, ...] | None = None) -> dict[str, Verdict]:
    """Run every check (of ``specs``; every row and erratum by default): name → fresh
    verdict."""
    specs = rows() + errata() if specs is None else specs
    return {s.name: s.verdict() for s in specs}


def reconciled(number: str, fresh: Verdict) -> Verdict:
    """The published verdict of ``number`` when ``fresh`` agrees with it, else ``fresh``."""
    old = published().get(number)
    return old if old is not None and old.agrees(fresh) else fresh


class PublishedVerdictsError(RuntimeError):
    """The published verdicts cannot be read: the file is missing, is not JSON, or holds an
    entry that is not a verdict. The message names the file and what is wrong with it; a
    missing file is never read as "nothing published" (that rendered every row "not checked").
    """


def published(path: Path | None = None, *, missing_ok: bool = False) -> dict[str, Verdict]:
    """The published verdicts (``PUBLISHED`` unless ``path`` is given): a row's number or an
    erratum's label → verdict (without ``data``).

    Raises ``PublishedVerdictsError`` naming the file when it is missing (unless
    ``missing_ok``: then ``{}``, for ``tools/render_ledger.py --init`` only), is not valid
    JSON, or holds an entry that is not a verdict (``Verdict.from_json`` refuses it, or it does
    not read back as itself: a field of the wrong kind).
    """
    path = Path(PUBLISHED if path is None else path)
    if not path.is_file():
        if missing_ok:
            return {}
        raise PublishedVerdictsError(
            f"the published verdicts {path} are missing (restore the "
            "file from git, or run tools/render_ledger.py --init to "
            "publish every verdict afresh)"
        )
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise PublishedVerdictsError(
            f"the published verdicts {path} are not valid JSON: {error}"
        ) from error
    if not isinstance(raw, dict):
        raise PublishedVerdictsError(
            f"the published verdicts {path} must be a JSON object "
            f"(claim number → verdict), got {type(raw).__name__}"
        )
    verdicts = {}
    unreadable = (KeyError, TypeError, ValueError, AttributeError, OverflowError, Undecidable)
    for number, entry in raw.items():
        try:
            verdicts[number] = Verdict.from_json(entry)
            again = verdicts[number].to_json()
            # a field of the wrong kind (a list where a name belongs) is read without complaint
            # but does not read back as itself
            same = json.dumps(again, sort_keys=True) == json.dumps(entry, sort_keys=True)
        except unreadable as error:
            raise PublishedVerdictsError(
                f"the published verdicts {path}: the entry "
                f"{number!r} is not a verdict ({type(error).__name__}: "
                f"{error})"
            ) from error
        if not same:
            raise PublishedVerdictsError(
                f"the published verdicts {path}: the entry {number!r} is not a verdict (it "
                "does not read back as itself: a field of the wrong kind)"
            )
    return verdicts


def reconcile(
    fresh: dict[str, Verdict], old: dict[str, Verdict]
) -> tuple[dict[str, Verdict], dict[str, list[str]]]:
    """(what to publish, what changed): a published verdict stays as it is where the fresh one
    agrees with it; otherwise the fresh one replaces it, and ``changed`` says why."""
    merged, changed = {}, {}
    for number, verdict in fresh.items():
        if number in old and old[number].agrees(verdict):
            merged[number] = old[number]
        else:
            merged[number] = verdict
            changed[number] = old[number].differences(verdict) if number in old else ["new"]
    return merged, changed


def write_published(results: dict[str, Verdict], path: Path | None = None) -> None:
    """Write ``results`` (a row's number or an erratum's label → verdict) as the published
    verdicts (``PUBLISHED`` unless ``path`` is given), atomically (``files.atomic_write``): an
    interrupted write leaves the old file as it was, never a part of the new one."""
    path = PUBLISHED if path is None else path
    text = json.dumps(
        {number: v.to_json() for number, v in results.items()}, indent=1, ensure_ascii=False
    )
    write_text(path, text + "\n")


def published_twin(verdict: Verdict) -> Verdict:
    """The published verdict that a fresh ``verdict`` reproduces (the one published verdict with
    its summary, where it ``agrees``), else ``verdict`` itself: what a notebook's prose quotes,
    so that its numbers are the verdict cell's (``verdict_cell`` prints the published verdict
    where the fresh one agrees) on every machine."""
    twins = [v for v in published().values() if v.summary == verdict.summary]
    if len(twins) == 1 and twins[0].agrees(verdict):
        return twins[0]
    return verdict


def glue_measurements(prefix: str, verdict: Verdict, *names: str) -> None:
    """Glue (MyST-NB) each named measurement of ``verdict``, rendered with its uncertainty, under
    the key ``{prefix}_{name}``, so that a notebook's prose pastes it with
    ``{glue:text}`{prefix}_{name}``` instead of typing the number: the published verdict's
    where the fresh one reproduces it (``published_twin``), as the verdict cell prints it but
    with powers of ten for exponent notation (``Measurement.prose``)."""
    from myst_nb import glue

    quoted = published_twin(verdict)
    for name in names:
        glue(f"{prefix}_{name}", quoted[name].prose(), display=False)


def _spec(name: str) -> Claim | Erratum:
    for s in rows() + errata():
        if s.name == name:
            return s
    raise ValueError(f"name must be a ledger row's number or an erratum's label, got {name!r}")


def header(spec: Claim | Erratum, number: int | None = None) -> str:
    """What a verdict cell prints before a verdict: "number (PDF: printed; label)" for a row, the
    label for an erratum; an erratum given its ``number`` (its place in the index of errata,
    notebook 08d's) that number first, then its label with each equation at the PDF's number
    alone (``paper.equation_numbers``: "27. (C.12), first line", not "eq:tmp2 (C.12), first
    line")."""
    if isinstance(spec, Claim):
        return f"{spec.number} (PDF: {spec.printed}; {spec.label})"
    if number is None:
        return spec.label
    return f"{number}. {equation_numbers(with_number(spec.label))}"


def printed_text(spec: Claim | Erratum, verdict: Verdict, number: int | None = None) -> str:
    """What a verdict cell prints for one row or erratum: its ``header`` (an erratum's label with
    the PDF's number beside it, ``paper.with_number``), then its report as a reader reads it:
    each equation by the PDF's number alone (``paper.equation_numbers``: "(5.3)", not
    "eq:cond (5.3)"), numbers in exponent notation as powers of ten ("1.6×10¹⁸",
    ``numbers.powers_of_ten``) and negative numbers with "−" (``numbers.minus_signs``). The one
    place where the cells' text is formatted: the book's view of a cell
    (``views.report.verdict_cell_view``) matches what the cells printed against it. An
    erratum's ``number`` leads its header (``header``)."""
    text = Verdict.report if isinstance(spec, Claim) else flag_text
    return f"{with_number(header(spec, number))}: {readable_text(text(verdict))}"


def readable_text(text: str) -> str:
    """A verdict's plain ``text`` as ``printed_text`` prints it.

    >>> readable_text("slope -1.01 [-1.12, -0.93]; C = 1.6e+18 (eq:C); eq:cond (5.3) holds")
    'slope −1.01 [−1.12, −0.93]; C = 1.6×10¹⁸ (eq. (5.5)); (5.3) holds'
    """
    return minus_signs(powers_of_ten(equation_numbers(text)))


def qualifier_text(verdict: Verdict, name: str) -> str:
    """What a notebook prints for one qualifier of ``verdict``: its question, answer and
    criterion (``Qualifier.render``) as the verdict cell prints them (``readable_text``), so
    that a criterion printed beside a figure names an equation by the PDF's number ("(3.6)",
    not "eq:alp_cond") and writes its numbers as powers of ten, as the verdict cell does.

    >>> from .verdict import Qualifier, Status
    >>> v = Verdict(Status.HOLDS, "", qualifiers=(Qualifier("in", "α ≤ 3e-04 (eq:cond)", True),))
    >>> qualifier_text(v, "in")
    'in? Yes. Criterion: α ≤ 3×10⁻⁴ (eq. (5.3)).'
    """
    return readable_text(verdict.qualifier(name).render())


def verdict_cell(
    *names: str, fresh: dict[str, Verdict] | None = None, numbers: dict[str, int] | None = None
) -> str:
    """What a notebook's verdict cell prints for these rows and errata: each check is run (or
    its verdict taken from ``fresh``) and compared with the published verdict; where they agree
    the published one is printed (``printed_text``), so the text is the same on every machine,
    and where they do not, the fresh one is printed under a line that says so, so the nbval
    comparison fails. A row reads "number (PDF: printed; label): " and its report; an erratum
    "label (number): flagged: …" (``verdict.flag_text``), or, given its number in the index of
    errata (``numbers``: name → number), "number. place: flagged: …" (``header``)."""
    old = published()
    lines = []
    for name in names:
        spec = _spec(name)
        verdict = (fresh or {}).get(name) or spec.verdict()
        number = (numbers or {}).get(name)
        if name in old and old[name].agrees(verdict):
            lines.append(printed_text(spec, old[name], number))
        else:
            why = old[name].differences(verdict) if name in old else ["not published"]
            head = with_number(header(spec, number))
            text = printed_text(spec, verdict, number).removeprefix(f"{head}: ")
            lines.append(f"{head}: DIFFERS FROM THE PUBLISHED VERDICT ({'; '.join(why)}):\n{text}")
    return "\n".join(lines)


README_START = "<!-- ledger:start (generated by tools/render_ledger.py; do not edit) -->"
README_END = "<!-- ledger:end -->"
FINDINGS_START = "<!-- findings:start (generated by tools/render_ledger.py; do not edit) -->"
FINDINGS_END = "<!-- findings:end -->"
REPAIRED_START = "<!-- repaired:start (generated by tools/render_ledger.py; do not edit) -->"
REPAIRED_END = "<!-- repaired:end -->"
COMPARISON_START = "<!-- comparison:start (figures/07-comparison.md, written by notebook 07) -->"
COMPARISON_END = "<!-- comparison:end -->"


def render_into(
    text: str, table: str, start_marker: str = README_START, end_marker: str = README_END
) -> str:
    """Replace what stands between two README markers in ``text`` by ``table``."""
    start, end = text.find(start_marker), text.find(end_marker)
    if start < 0 or end < start:
        raise ValueError(f"the README has no markers ({start_marker!r} ... {end_marker!r})")
    return text[: start + len(start_marker)] + "\n" + table + "\n" + text[end:]
