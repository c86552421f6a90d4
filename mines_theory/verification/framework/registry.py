"""Where a claim, a finding, a repaired result or an erratum is declared: one decorator above its
check, holding every fact about it (the words of ``spec``). No other table in the project is keyed
by a claim's name: the ledger, the README's tables, the book's pages, the looseness atlas, the
proof map, the corrigendum and the tests all read these declarations.

A claim of the paper::

    @claim("Lemma 5.3", printed="Lemma 11", label="lem:Sig_dec",
           statement="with η₂,k = 1/k: ‖Σ_k⁻¹ − Π_S'(∇²f(μ*))‖² ≤ C/k",
           notebook="06-convergence-covariance",
           key=Key("final", "k·E‖Σ_k⁻¹ − H‖² at the last k"),
           atlas=(Bar("k‖Σ_k⁻¹ − H‖² ≤ C of eq:C, quadratic", bound="C", measured="largest"),
                  NoBar("the rate (a slope) and its constant Var G̃ are not bounds")),
           rests_on=("Lemma B.6", "Lemma D.7", "Lemma E.2", …),
           minimum=Data(seeds=8, steps=1000))
    def check_lemma53(config: CovarianceRun = LEMMA53) -> Verdict:
        ...

our number and the PDF's (``printed``), the .tex label, the one-line statement, the notebook whose
verdict cell shows it, the one number the README shows (``key``), its bars in the looseness atlas
or why it has none (``atlas``, required: a new row decides), the results its proof rests on
(``rests_on``, the proof map's edges; ``not_rests_on`` for citations that are no dependency),
``quote`` (a phrase of its statement in the .tex, where its labels do not single it out) and the
least data to decide from and which parameters hold it (``minimum``, a ``sizes.Data``). A
finding beyond the paper's claims is declared with ``finding`` (no PDF number needed). A claim
whose check is not written yet is declared with ``claim_without_check`` where the check will
go; its verdict is "not checked".

A repaired result of the corrigendum names the claim it repairs::

    @repaired("Lemma 5.1", statement="the rate of Lemma 5.1 up to …", key=…, atlas=…,
              corrigendum=Repair(printed=r"…", repaired=r"…", hypotheses=r"…",
                                 survives="false as printed", errata=(…,)))
    def check_lemma51_repaired(...) -> Verdict: ...

Its ledger row is "Lemma 5.1, repaired" with the label and PDF number of Lemma 5.1. A repaired
check without ``corrigendum`` is a further check of the section of the statement it repairs
("Lemma 5.2, γ > 0" joins "Lemma 5.2"); a section argued by its errata's checks alone is declared
with ``repaired_by_errata``.

An erratum (``row`` is its place in the errata table; a new one takes the next)::

    @erratum("eq:bG", row=4, kind="typo", printed="Σ^{-1/2}uuᵀΣ^{-1/2}Σ^{-1/2} − Σ⁻¹",
             correct="Σ^{-1/2}uuᵀΣ^{-1/2} − Σ⁻¹", consequence="Lemma 4.3 survives")
    def erratum_bG_factor(printed: bool = True) -> Verdict:
        return flagged(<the form tested is shown wrong>, "sentence {z}", (Measurement(…),))

Every check returns a ``Verdict`` (an erratum's: ``verdict.flagged``). The decorators record the
check as the framework runs it, guarded by its declared ``minimum`` (``sizes.guard``: "not
checked" from less data than declared, or from an ``Undecidable`` raised inside), and return
that; they must be the outermost, so that what they record is what the module exports under the
check's name, and a direct call of the check is guarded too.

The order of the collected rows is the published tables' order and does not depend on the order
in which modules are imported: claims in the paper's order (by the section of our number, 2, 3,
4, 5, then A–E, then its item; a row that names only a section, "Sec. 4", after the section's
items; a remark after the statement of its number; a row whose place this does not give says
``after=`` the row it follows); findings by notebook, then by name (or ``after=``); repaired
results by the claim they repair; errata by ``row``.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import math
import pkgutil
import re
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any, TypeVar

from .sizes import Data, guard
from .spec import KINDS, ROW_KINDS, Bar, Cites, Claim, Erratum, Key, NoBar, Repair, as_cites

__all__ = [
    "CORRIGENDUM_PAGES",
    "ERRATA_PAGE",
    "REGISTRY",
    "Registry",
    "claim",
    "claim_key",
    "claim_without_check",
    "corrigendum_page",
    "discover",
    "erratum",
    "finding",
    "module",
    "repaired",
    "repaired_by_errata",
    "repaired_number",
    "statement_of",
]

F = TypeVar("F", bound=Callable[..., Any])

#: Our section-based number of a claim: "Thm 3.1", "Lemma 5.1, γ > 0", "Sec. 4", "Prop. A.1".
NUMBER = re.compile(
    r"(?P<word>Sec\.|Thm|Lemma|Remark|Prop\.) (?P<section>[1-9]|[A-Z])"
    r"(?:\.(?P<item>[1-9][0-9]*))?(?:, (?P<variant>.+))?"
)
#: A PDF name of a claim: "Lemma 11", "Theorem 12", "Proposition 15", "Remark 14", "Section 5".
PDF_NAME = re.compile(r"(Theorem|Lemma|Proposition|Remark) [1-9][0-9]*|(Section|Appendix) \w+")
NOTEBOOK = re.compile(r"[0-9]{2}[a-z]?-[a-z0-9-]+")


def _require(ok: bool, name: str, value: object, expected: str) -> None:
    if not ok:
        raise ValueError(f"{name} must be {expected}, got {value!r}")


@dataclasses.dataclass(frozen=True)
class _Entry:
    value: Any  # the Claim or Erratum
    module: str  # the module that declares it
    origin: str  # module and name of the check (to tell a reload from a clash)
    after: str | None = None  # claims, findings: the row it follows
    row: int = 0  # errata: the place in the table


def _caller_module(depth: int) -> str:
    frame = inspect.currentframe()
    for _ in range(depth + 1):
        frame = frame.f_back if frame is not None else None
    return "__main__" if frame is None else str(frame.f_globals.get("__name__", "__main__"))


def _within(module: str, modules: Iterable[ModuleType] | None) -> bool:
    if modules is None:
        return True
    return any(module == m.__name__ or module.startswith(m.__name__ + ".") for m in modules)


def claim_key(number: str) -> tuple:
    """Where a claim stands in the ledger by its number alone: (section, item, a remark after
    the statement of its number, variant). A number that is not of the form "Word S.I[, …]"
    (Word one of Sec., Thm, Lemma, Remark, Prop.; S a digit or a capital) is a ValueError."""
    m = NUMBER.fullmatch(number)
    _require(
        m is not None and (m["word"] == "Sec.") == (m["item"] is None),
        "number",
        number,
        "'Sec. S', or 'Thm|Lemma|Remark|Prop. S.I' with an optional ', variant' "
        "(S a digit or a capital letter)",
    )
    assert m is not None
    section = m["section"]
    return (
        (0, int(section), "") if section.isdigit() else (1, 0, section),
        int(m["item"]) if m["item"] else math.inf,
        m["word"] == "Remark",
        m["variant"] or "",
    )


def statement_of(number: str) -> str:
    """The statement a number names, without its variant: "Lemma 5.2, γ > 0" → "Lemma 5.2"."""
    claim_key(number)
    return number.split(", ", 1)[0]


def repaired_number(repairs: str) -> str:
    """The ledger number of the check of the repaired ``repairs``: "Lemma 5.1" → "Lemma 5.1,
    repaired", "Lemma 5.2, γ > 0" → "Lemma 5.2, repaired, γ > 0"."""
    claim_key(repairs)
    statement, _, variant = repairs.partition(", ")
    return f"{statement}, repaired" + (f", {variant}" if variant else "")


def _ordered(entries: list[_Entry], key: Callable[[Claim], tuple]) -> tuple[Claim, ...]:
    """The rows sorted by ``key``, each row with ``after`` placed right after the row it
    names."""
    order = sorted((e.value for e in entries if e.after is None), key=key)
    pending = [e for e in entries if e.after is not None]
    targets = [e.after for e in pending]
    twice = sorted({t for t in targets if targets.count(t) > 1 and t is not None})
    _require(not twice, "after", twice, "named by one row at most (chain them instead)")
    while pending:
        numbers = [c.number for c in order]
        placed = [e for e in pending if e.after in numbers]
        _require(
            bool(placed),
            "after",
            {e.value.number: e.after for e in pending},
            f"a row among {numbers}",
        )
        for e in placed:
            order.insert([c.number for c in order].index(e.after) + 1, e.value)
            pending.remove(e)
    return tuple(order)


def _check_row(row: Claim) -> None:
    """ValueError naming the first field of ``row`` that is not of its form."""
    _require(row.kind in ROW_KINDS, "kind", row.kind, f"one of {ROW_KINDS}")
    _require(
        isinstance(row.number, str) and bool(row.number.strip()),
        "number",
        row.number,
        "a non-empty string",
    )
    if row.kind != "finding":
        claim_key(row.number)
    if row.kind == "claim":
        _require(
            bool(PDF_NAME.fullmatch(row.printed)),
            "printed",
            row.printed,
            "the PDF's name of the claim, e.g. 'Lemma 11', 'Theorem 12', 'Section 5'",
        )
    _require(
        bool(NOTEBOOK.fullmatch(row.notebook)),
        "notebook",
        row.notebook,
        "a notebook's name without .ipynb, e.g. '06-convergence-covariance'",
    )
    names = ("statement",) if row.kind == "repaired" else ("label", "statement", "printed")
    for name in names:
        value = getattr(row, name)
        _require(isinstance(value, str) and bool(value.strip()), name, value, "a non-empty string")
    _require(row.key is None or isinstance(row.key, Key), "key", row.key, "None or a Key")
    _require(
        all(isinstance(c, Cites) for c in row.rests_on + row.not_rests_on),
        "rests_on",
        row.rests_on + row.not_rests_on,
        "a tuple of Cites",
    )
    _require(
        row.check is None or bool(row.atlas),
        "atlas",
        row.atlas,
        "a Bar, a NoBar (why it has no bar) or a tuple of them, for every checked row",
    )
    _require(row.quote is None or bool(row.quote), "quote", row.quote, "None or a phrase")
    _require(row.minimum is None or isinstance(row.minimum, Data), "minimum", row.minimum, "Data")
    _require(
        (row.kind == "repaired") == (row.repairs is not None),
        "repairs",
        row.repairs,
        "the number of the claim a repaired row repairs (and only for one)",
    )
    _require(
        row.repair is None or (row.kind == "repaired" and isinstance(row.repair, Repair)),
        "repair",
        row.repair,
        "None, or the Repair of a repaired result",
    )


class Registry:
    """The declared claims, findings, repaired results and errata (``REGISTRY`` holds the
    library's). ``version`` counts the declarations, so that what is derived from them can be
    cached until the next."""

    def __init__(self) -> None:
        self._rows: dict[str, dict[str, _Entry]] = {kind: {} for kind in ROW_KINDS}
        self._errata: dict[str, _Entry] = {}
        self.version = 0

    def copy(self) -> Registry:
        """A registry holding the same declarations (to declare more without touching this
        one)."""
        new = Registry()
        new._rows = {kind: dict(table) for kind, table in self._rows.items()}
        new._errata = dict(self._errata)
        new.version = self.version
        return new

    def add_claim(
        self, row: Claim, module: str, origin: str, after: str | None = None, finding: bool = False
    ) -> None:
        """Record the ledger row ``row`` (a finding if ``finding``; its ``kind`` otherwise),
        declared in ``module``. ``origin`` names the check ("module.function"): the same origin
        declaring again, as when a module is reloaded, replaces its row; another origin
        declaring the same number is a ValueError."""
        if finding:
            row = dataclasses.replace(row, kind="finding")
        _check_row(row)
        _require(
            after is None or isinstance(after, str),
            "after",
            after,
            "None or the number of the row this one follows",
        )
        names = {e.value.label: e for e in self._errata.values()}
        for other in [*self._rows.values(), names]:
            old = other.get(row.number)
            if old is not None and old.origin != origin:
                raise ValueError(
                    f"number {row.number!r} is declared twice: by {old.origin} and by {origin}"
                )
        for other in self._rows.values():  # a reloaded module declares afresh
            for key in [k for k, e in other.items() if e.origin == origin]:
                del other[key]
        self._rows[row.kind][row.number] = _Entry(row, module, origin, after)
        self.version += 1

    def add_erratum(self, row: Erratum, position: int, module: str, origin: str) -> None:
        """Record the erratum ``row`` in place ``position`` of the table (1, 2, …), declared in
        ``module`` (``origin`` as for ``add_claim``)."""
        _require(row.kind in KINDS, "kind", row.kind, f"one of {KINDS}")
        _require(
            isinstance(position, int) and position >= 1,
            "row",
            position,
            "a positive integer (the erratum's place in the table)",
        )
        for name in ("label", "printed", "correct", "consequence"):
            value = getattr(row, name)
            _require(
                isinstance(value, str) and bool(value.strip()), name, value, "a non-empty string"
            )
        for table in self._rows.values():
            _require(row.label not in table, "label", row.label, "no ledger row's number")
        for old in self._errata.values():
            if old.origin == origin:
                continue
            if old.value.label == row.label:
                raise ValueError(
                    f"erratum {row.label!r} is declared twice: by {old.origin} and by {origin}"
                )
            if old.row == position:
                raise ValueError(
                    f"row {position} of the errata is declared twice: by "
                    f"{old.origin} ({old.value.label!r}) and by {origin} "
                    f"({row.label!r})"
                )
        self._errata = {k: e for k, e in self._errata.items() if e.origin != origin}
        self._errata[row.label] = _Entry(row, module, origin, row=position)
        self.version += 1

    def _chosen(self, kind: str, modules: Iterable[ModuleType] | None) -> list[_Entry]:
        modules = None if modules is None else tuple(modules)
        return [e for e in self._rows[kind].values() if _within(e.module, modules)]

    def claims(self, modules: Iterable[ModuleType] | None = None) -> tuple[Claim, ...]:
        """The claims declared in ``modules`` (a package with its submodules; all if None), in
        the ledger's order."""
        return _ordered(
            self._chosen("claim", modules), key=lambda c: (*claim_key(c.number), c.number)
        )

    def findings(self, modules: Iterable[ModuleType] | None = None) -> tuple[Claim, ...]:
        """The findings declared in ``modules`` (all if None), by notebook, then name."""
        return _ordered(self._chosen("finding", modules), key=lambda c: (c.notebook, c.number))

    def _resolved(self, modules: Iterable[ModuleType] | None) -> tuple[Claim, ...]:
        """Every repaired result declared in ``modules``, with the label and PDF number of the
        claim it repairs, in the order of those claims."""
        base = {c.number: c for c in self.claims()}
        out = []
        for e in self._chosen("repaired", modules):
            row = e.value
            _require(
                row.repairs in base, "repairs", row.repairs, f"a declared claim ({row.number})"
            )
            claimed = base[row.repairs]
            out.append(dataclasses.replace(row, label=claimed.label, printed=claimed.printed))
        return tuple(sorted(out, key=lambda c: claim_key(c.repairs or "")))

    def repaired(self, modules: Iterable[ModuleType] | None = None) -> tuple[Claim, ...]:
        """The checks of the repaired results (the ledger's repaired rows), by the claim each
        repairs."""
        return tuple(c for c in self._resolved(modules) if c.check is not None)

    def repairs(self, modules: Iterable[ModuleType] | None = None) -> tuple[Claim, ...]:
        """The repaired results that have a section of the corrigendum (``repair``), checked or
        argued by their errata, by the claim each repairs; a repaired check without a section
        must repair a variant of a statement that has one."""
        every = self._resolved(modules)
        sections = tuple(c for c in every if c.repair is not None)
        named = {c.repairs for c in sections if c.repairs is not None}
        for c in every:
            assert c.repairs is not None
            _require(
                c.repair is not None or statement_of(c.repairs) in named,
                "corrigendum",
                c.number,
                f"a Repair, or a variant of one of {sorted(named)} (whose section it joins)",
            )
        return sections

    def errata(self, modules: Iterable[ModuleType] | None = None) -> tuple[Erratum, ...]:
        """The errata declared in ``modules`` (all if None), by their ``row``."""
        chosen = [e for e in self._errata.values() if _within(e.module, modules)]
        return tuple(e.value for e in sorted(chosen, key=lambda e: e.row))

    def erratum_row(self, label: str) -> int:
        """The place in the errata table declared for the erratum at ``label``."""
        _require(label in self._errata, "label", label, "the label of a declared erratum")
        return int(self._errata[label].row)

    def printed(self, modules: Iterable[ModuleType] | None = None) -> dict[str, str]:
        """Our number → the PDF's, for every claim, finding and repaired row declared in
        ``modules``."""
        modules = None if modules is None else tuple(modules)
        rows = self.claims(modules) + self.findings(modules) + self.repaired(modules)
        return {c.number: c.printed for c in rows}


#: The library's declarations.
REGISTRY = Registry()


def _declarer(row: Claim, after: str | None = None) -> Callable[[F], F]:
    """The decorator that records ``row`` with the decorated function, guarded by its declared
    minimum (``sizes.guard``), as its check, and returns the guarded check."""

    def declare(check: F) -> F:
        origin = f"{check.__module__}.{check.__qualname__}"
        guarded = guard(check, row.minimum)
        REGISTRY.add_claim(dataclasses.replace(row, check=guarded), check.__module__, origin, after)
        return guarded  # type: ignore[return-value]

    return declare


def _declare_without_check(row: Claim, after: str | None = None) -> None:
    """Record ``row``, whose check is not written, as declared by the caller's caller."""
    module = _caller_module(2)
    REGISTRY.add_claim(row, module, f"{module}:{row.number}", after)


def claim(
    number: str,
    *,
    printed: str,
    label: str,
    statement: str,
    notebook: str,
    atlas: Bar | NoBar | tuple[Bar | NoBar, ...],
    key: Key | None = None,
    rests_on: tuple[Cites | str, ...] = (),
    not_rests_on: tuple[Cites, ...] = (),
    quote: str | None = None,
    minimum: Data | None = None,
    after: str | None = None,
) -> Callable[[F], F]:
    """Declare the decorated function as the check of the paper's claim ``number`` (ours,
    "Lemma 5.3"), printed in the PDF as ``printed`` ("Lemma 11"), stated at ``label`` (the
    .tex labels, "lem:Sig_dec"), shown in ``notebook``, with every other fact about it (see the
    module docstring); ``after``: the row it follows in the ledger where its number does not
    place it. The guarded check is returned (``sizes.guard``)."""
    row = Claim(
        number,
        label,
        statement,
        notebook,
        printed=printed,
        key=key,
        atlas=atlas,
        rests_on=as_cites(rests_on),
        not_rests_on=not_rests_on,
        quote=quote,
        minimum=minimum,
    )
    return _declarer(row, after)


def claim_without_check(
    number: str,
    *,
    printed: str,
    label: str,
    statement: str,
    notebook: str,
    rests_on: tuple[Cites | str, ...] = (),
    quote: str | None = None,
    after: str | None = None,
) -> None:
    """Declare a claim whose check is not written yet (in the module where it will go): the
    ledger lists it as "not checked: no check yet"."""
    row = Claim(
        number, label, statement, notebook, None, printed, rests_on=as_cites(rests_on), quote=quote
    )
    _declare_without_check(row, after)


def finding(
    number: str,
    *,
    label: str,
    statement: str,
    notebook: str,
    atlas: Bar | NoBar | tuple[Bar | NoBar, ...],
    key: Key | None = None,
    printed: str = "—",
    minimum: Data | None = None,
    after: str | None = None,
) -> Callable[[F], F]:
    """Declare the decorated function as the check of a finding beyond the paper's claims
    (``number`` is its name, "The start"); ``printed``: the place in the PDF, if any. The
    guarded check is returned (``sizes.guard``)."""
    row = Claim(
        number,
        label,
        statement,
        notebook,
        printed=printed,
        kind="finding",
        key=key,
        atlas=atlas,
        minimum=minimum,
    )
    return _declarer(row, after)


#: The pages of the corrigendum, one per part of the paper (the first character of the number
#: after "Lemma "/"Thm ": 5, D or E), and the errata index, which also shows the errata's and
#: Appendix B's verdicts.
CORRIGENDUM_PAGES = {
    "5": "08a-corrigendum-section5",
    "D": "08b-corrigendum-appendix-d",
    "E": "08c-corrigendum-appendix-e",
}
ERRATA_PAGE = "08d-errata"


def corrigendum_page(repairs: str) -> str:
    """The page of the corrigendum that states the repair of claim ``repairs`` ("Lemma 5.3",
    "Thm 5.4", "Lemma D.7"): the one of its part of the paper.

    >>> corrigendum_page("Thm 5.4"), corrigendum_page("Lemma E.8")
    ('08a-corrigendum-section5', '08c-corrigendum-appendix-e')
    """
    match = NUMBER.fullmatch(repairs)
    part = match.group("section") if match else None
    if part not in CORRIGENDUM_PAGES:
        raise ValueError(
            f"repairs must be a claim of Section 5 or Appendix D or E, got {repairs!r}"
        )
    return CORRIGENDUM_PAGES[str(part)]


def repaired(
    repairs: str,
    *,
    statement: str,
    atlas: Bar | NoBar | tuple[Bar | NoBar, ...],
    key: Key | None = None,
    corrigendum: Repair | None = None,
    minimum: Data | None = None,
) -> Callable[[F], F]:
    """Declare the decorated function as the check of the repaired form of the claim
    ``repairs`` ("Lemma 5.1"): its ledger row "Lemma 5.1, repaired" (shown on the corrigendum's
    page of its part of the paper, ``corrigendum_page``) states
    the repaired result in one line (``statement``); ``corrigendum``: its section of the
    corrigendum (without it, the check joins the section of the statement it repairs). The
    guarded check is returned (``sizes.guard``)."""
    row = Claim(
        repaired_number(repairs),
        "—",
        statement,
        corrigendum_page(repairs),
        kind="repaired",
        key=key,
        atlas=atlas,
        minimum=minimum,
        repairs=repairs,
        repair=corrigendum,
    )
    return _declarer(row)


def repaired_by_errata(repairs: str, *, corrigendum: Repair) -> None:
    """Declare the repaired form of the claim ``repairs`` whose repair is argued by the checks of
    its errata alone: a section of the corrigendum, no ledger row."""
    row = Claim(
        repaired_number(repairs),
        "—",
        "argued by the checks of its errata",
        corrigendum_page(repairs),
        kind="repaired",
        repairs=repairs,
        repair=corrigendum,
    )
    _declare_without_check(row)


def erratum(
    label: str,
    *,
    row: int,
    kind: str,
    printed: str,
    correct: str,
    consequence: str,
    same_flaw_as: str | None = None,
    minimum: Data | None = None,
) -> Callable[[F], F]:
    """Declare the decorated function as the check of an erratum at ``label`` (the place in
    the paper), in place ``row`` of the errata table; ``kind`` one of ``KINDS``; what is
    ``printed``, what is ``correct``, the ``consequence`` for the statements; ``same_flaw_as``
    the label of an erratum that states the same flaw. The check returns a ``Verdict``
    (``verdict.flagged``: "erratum" where the form it tests is shown wrong as described). The
    guarded check is returned (``sizes.guard``)."""

    def declare(check: F) -> F:
        guarded = guard(check, minimum)
        REGISTRY.add_erratum(
            Erratum(
                label, kind, printed, correct, consequence, guarded, same_flaw_as, minimum=minimum
            ),
            row,
            check.__module__,
            f"{check.__module__}.{check.__qualname__}",
        )
        return guarded  # type: ignore[return-value]

    return declare


def module(name: str) -> ModuleType:
    """The module ``name`` (dotted), imported: what ``discover`` imports, one at a time."""
    return importlib.import_module(name)


def discover(packages: Iterable[str]) -> tuple[ModuleType, ...]:
    """Import every module of the ``packages`` (dotted names) and their subpackages, so that the
    declarations above their checks are recorded; the modules, packages first. A module of
    checks added to one of them is found without an edit anywhere else."""
    found = []
    for name in packages:
        package = module(name)
        found.append(package)
        for info in pkgutil.walk_packages(package.__path__, prefix=f"{name}."):
            found.append(module(info.name))
    return tuple(found)
