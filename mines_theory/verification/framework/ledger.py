"""The claims ledger: one row per numbered claim of the paper, the notebook that shows it, and its
verdict (``CLAIMS``); what the notebooks find beyond them (``FINDINGS``); one row per check of a
repaired result of the corrigendum (``REPAIRED``, derived from ``corrigendum.REPAIRS``); and the
published verdicts, which make the README and the notebooks' verdict cells the same on every
machine.

A claim or finding is declared once, above its check (``registry.claim``, ``registry.finding``:
number, PDF number, label, statement, notebook); ``CLAIMS``, ``FINDINGS`` and ``PRINTED`` are
collected from those declarations in ``SOURCES``.

A verdict is never typed: it is what the row's check (in the verification module of the
paper's section) returns when run. ``published.json`` beside this module holds the verdicts
as data (status, qualifiers, measurements with their uncertainties); ``tools/render_ledger.py``
(``make figures``) recomputes every check and rewrites a published verdict only when the fresh
one does not agree with it (``Verdict.agrees``: a status, a qualifier, or a number beyond its
uncertainty changed). A Monte Carlo number that moves within its uncertainty on a CPU whose BLAS
kernel rounds otherwise therefore changes nothing that is published. ``tests/test_ledger.py``
recomputes every verdict and fails when it does not agree with the published one, and when the
README's table is not the rendering of ``published.json``.
"""

from __future__ import annotations

import json
from pathlib import Path

from . import registry
from .paper import with_number
from .registry import Claim, Erratum
from .verdict import Undecidable, Verdict

__all__ = [
    "CLAIMS",
    "COMPARISON_END",
    "COMPARISON_START",
    "ERRATA",
    "ERRATA_KEY",
    "FINDINGS",
    "FINDINGS_END",
    "FINDINGS_START",
    "MODULES",
    "PRINTED",
    "PUBLISHED",
    "README_END",
    "README_START",
    "REPAIRED",
    "REPAIRED_END",
    "REPAIRED_START",
    "SOURCES",
    "PublishedVerdictsError",
    "claim",
    "glue_measurements",
    "published",
    "reconcile",
    "reconciled",
    "render_into",
    "repair_of",
    "repaired_rows",
    "verdict_cell",
    "verdicts",
    "write_published",
]

PUBLISHED = Path(__file__).parent.parent / "published.json"

#: The key of ``published.json`` under which the errata's results are published.
ERRATA_KEY = "errata"

#: The packages whose modules declare the claims, findings and errata (``registry.claim``,
#: ``registry.finding``, ``registry.erratum`` beside each check): every module in them is imported
#: (``registry.discover``), so a new module of checks needs no edit here.
SOURCES = ("mines_theory.verification.claims", "mines_theory.verification.errata")
MODULES = registry.discover(SOURCES)
_REPAIRS = registry.module("mines_theory.verification.claims.repairs")


#: The paper's numbered claims, in its order (``registry``: by section and number). Each row is
#: declared above its check with ``registry.claim``.
CLAIMS: tuple[Claim, ...] = registry.claims(MODULES)

#: What the notebooks measure beyond the paper's numbered claims, published like them so that
#: every verdict cell prints the same text on every machine; declared with ``registry.finding``,
#: listed by notebook. ``tests/test_ledger.py`` recomputes the claims; the findings are
#: recomputed by the notebooks' verdict cells (nbval).
FINDINGS: tuple[Claim, ...] = registry.findings(MODULES)

#: Our section-based names exist nowhere in the PDF: the jmlr2e class numbers theorems, lemmas,
#: propositions and remarks with one counter (Theorems 1–4, Remark 5, Lemmas 6–11, Theorem 12,
#: Remarks 13–14, Propositions 15–16, Lemmas 17–40). The printed name of each row, from its
#: declaration (``printed=``); rows that are not a numbered statement name the section, and a
#: finding with no place in the PDF has "—". The repaired rows (``REPAIRED``) join with their
#: base claim's. ``tests/test_paper_numbers.py`` derives every claim's entry from the .tex.
PRINTED: dict[str, str] = registry.printed(MODULES)

#: Every erratum, in the order of its ``row`` (``registry.erratum``).
ERRATA: tuple[Erratum, ...] = registry.errata(MODULES)


#: The repaired results (``corrigendum.REPAIRS``), one row per check (``check`` and each of
#: ``more``). Everything but the one-line statement is derived from the ``Repair``: the name is
#: the base claim's + ", repaired" (a further check's base claim carries its suffix: "Lemma 5.2,
#: repaired, γ > 0" repairs "Lemma 5.2, γ > 0"), the label and the PDF's number are the base
#: claim's, the check the corrigendum's. Keyed by the check's name: (the suffix of its base claim,
#: the repaired statement in one line, in the paper's symbols; the corrigendum states it in full).
_REPAIRED_LINES: dict[str, tuple[str, str]] = {
    "check_lemma51_repaired": (
        "",
        "the rate of Lemma 5.1 up to Δ_α,1 = c₃³γ²bα⁴/(2⁶·3·c₁Lτ²) (γ², not γ) w.p. ≥ 1 − (b + 2)δ",
    ),
    "check_lemma52_repaired": (
        "",
        "in the repaired eq:cond, rate 1 − ξ_kc₂/(32𝓛_kc₁) (printed 8) up to Δ_α,2, "
        "w.p. ≥ 1 − (b + 2)δ",
    ),
    "check_lemma52_nonquadratic_repaired": (
        "γ > 0",
        "the repaired Lemma 5.2 on a non-quadratic f, up to the repaired Δ_α,2 "
        "(third term corrected)",
    ),
    "check_lemma53_repaired": (
        "",
        "‖Σ_k⁻¹ − Π_S'(∇²f(μ*))‖² ≤ C/k with the repaired C of eq:C (doubled sums, C₅, b-free C₄)",
    ),
    "check_theorem54_repaired": (
        "",
        "eq:lxi with the repaired C; final rate 1 − c₂/(32c₁) (printed 8)",
    ),
    "check_lemma_d2_repaired": (
        "",
        "‖ν‖² ≤ γ²bα⁴c₃³/(36τ³) and ‖Ũν‖² ≤ c₁γ²bα⁴c₃³/(36τ⁴) w.p. ≥ 1 − (b + 1)δ",
    ),
    "check_lemma_d4_repaired": (
        "",
        "‖g̃‖²_{∇²f} ≤ 2𝓛c₁/b²·‖UᵀΣ^{1/2}∇f‖² + 𝓛c₁γ²α⁴c₃³/(18bτ³) w.p. ≥ 1 − (b + 1)δ",
    ),
    "check_lemma_d5_repaired": (
        "",
        "‖g̃‖ ≤ √c₁γα²c₃^{3/2}/(6√bτ²) + √c₁/(bτ^{1/2})·‖UᵀΣ^{1/2}∇f‖ w.p. ≥ 1 − (b + 1)δ",
    ),
    "check_lemma_d7_repaired": (
        "",
        "no bound vanishing with b holds; ‖G̃‖² ≤ (Lc₃ζ(c₃ + √d)/(2τ) + √dζ)² w.p. ≥ 1 − bδ",
    ),
    "check_lemma_e8_repaired": (
        "",
        "A_t = 8 log(b/δ) + 16 log(t+1) + d (d + 2√(dx) + 2x at large d): "
        "P(‖u‖² ≥ A_t) ≤ δ/(b(t+1)²)",
    ),
}

#: How the corrigendum's names ("Theorem 5.4") read in the ledger ("Thm 5.4").
_LEDGER_WORDS = {"Theorem": "Thm", "Proposition": "Prop."}


def _repaired() -> tuple[tuple[Claim, ...], dict[str, str]]:
    """The rows of ``REPAIRED``, and each row's ``corrigendum.REPAIRS`` entry (its ``ours``)."""
    base_rows = {c.number: c for c in CLAIMS}
    rows, of = [], {}
    for entry in _REPAIRS.REPAIRS:
        word, rest = entry.ours.split(" ", 1)
        base = f"{_LEDGER_WORDS.get(word, word)} {rest}"
        for check in ((entry.check,) if entry.check is not None else ()) + entry.more:
            if check.__name__ not in _REPAIRED_LINES:
                raise ValueError(
                    f"corrigendum.REPAIRS: the check {check.__name__!r} of "
                    f"{entry.ours!r} needs a statement in ledger._REPAIRED_LINES"
                )
            suffix, statement = _REPAIRED_LINES[check.__name__]
            number = f"{base}, repaired" + (f", {suffix}" if suffix else "")
            claimed = base_rows[f"{base}, {suffix}" if suffix else base]
            rows.append(
                Claim(number, claimed.label, statement, "08-errata", check, claimed.printed)
            )
            of[number] = entry.ours
            PRINTED[number] = claimed.printed
    return tuple(rows), of


REPAIRED, _REPAIR_OF = _repaired()


def repair_of(number: str) -> str:
    """The ``corrigendum.REPAIRS`` entry (its ``ours``, "Theorem 5.4") that the ``REPAIRED`` row
    ``number`` checks."""
    if number not in _REPAIR_OF:
        raise ValueError(f"number must be a row of REPAIRED {list(_REPAIR_OF)}, got {number!r}")
    return _REPAIR_OF[number]


def repaired_rows(ours: str) -> tuple[Claim, ...]:
    """The rows of ``REPAIRED`` that check the corrigendum entry ``ours`` (none where its repair
    is argued by its errata's checks alone)."""
    _REPAIRS.repair(ours)  # ValueError naming the entries for any other name
    return tuple(c for c in REPAIRED if _REPAIR_OF[c.number] == ours)


def claim(number: str) -> Claim:
    """The row of ``CLAIMS``, ``FINDINGS`` or ``REPAIRED`` with this number."""
    for c in CLAIMS + FINDINGS + REPAIRED:
        if c.number == number:
            return c
    raise ValueError(
        f"number must be one of the ledger's claims, findings or repaired results, got {number!r}"
    )


def verdicts(claims: tuple[Claim, ...] = CLAIMS + FINDINGS + REPAIRED) -> dict[str, Verdict]:
    """Run every row's check: claim number → fresh verdict."""
    return {c.number: c.verdict() for c in claims}


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
    """The published verdicts (``PUBLISHED`` unless ``path`` is given): claim number → verdict
    (without ``data``).

    Raises ``PublishedVerdictsError`` naming the file when it is missing (unless
    ``missing_ok``: then ``{}``, for ``tools/render_ledger.py --init`` only), is not valid
    JSON, or holds an entry that is not a verdict.
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
    for number, entry in raw.items():
        if number == ERRATA_KEY:  # the errata's results (corrigendum.evidence)
            continue
        try:
            verdicts[number] = Verdict.from_json(entry)
        except (KeyError, TypeError, ValueError, AttributeError, Undecidable) as error:
            raise PublishedVerdictsError(
                f"the published verdicts {path}: the entry "
                f"{number!r} is not a verdict ({type(error).__name__}: "
                f"{error})"
            ) from error
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
    path = PUBLISHED if path is None else path
    text = json.dumps(
        {number: v.to_json() for number, v in results.items()}, indent=1, ensure_ascii=False
    )
    Path(path).write_text(text + "\n", encoding="utf-8")


def glue_measurements(prefix: str, verdict: Verdict, *names: str) -> None:
    """Glue (MyST-NB) each named measurement of ``verdict``, rendered with its uncertainty, under
    the key ``{prefix}_{name}``, so that a notebook's prose pastes it with
    ``{glue:text}`{prefix}_{name}``` instead of typing the number."""
    from myst_nb import glue

    for name in names:
        glue(f"{prefix}_{name}", verdict[name].render(), display=False)


def verdict_cell(*numbers: str, fresh: dict[str, Verdict] | None = None) -> str:
    """What a notebook's verdict cell prints for these claims: each claim's check is run (or its
    verdict taken from ``fresh``) and compared with the published verdict; where they agree the
    published one is printed, so the text is the same on every machine, and where they do not,
    the fresh one is printed under a line that says so, so the nbval comparison fails. Every eq:
    label is printed with the PDF's equation number (``paper.with_number``)."""
    old = published()
    lines = []
    for number in numbers:
        row = claim(number)
        verdict = (fresh or {}).get(number) or row.verdict()
        header = f"{row.number} (PDF: {row.printed}; {row.label})"
        if number in old and old[number].agrees(verdict):
            lines.append(f"{header}: {old[number].report()}")
        else:
            why = old[number].differences(verdict) if number in old else ["not published"]
            lines.append(
                f"{header}: DIFFERS FROM THE PUBLISHED VERDICT ({'; '.join(why)}):\n"
                f"{verdict.report()}"
            )
    return with_number("\n".join(lines))


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
