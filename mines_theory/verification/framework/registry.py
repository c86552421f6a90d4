"""The declarations of the claims, findings, repaired results and errata (``REGISTRY``, where the
decorators of ``declare`` record them), the names of the rows (our numbers, ``claim_key``; the
corrigendum's pages, ``corrigendum_page``) and ``discover``, which imports the modules that declare
them.

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
import importlib.util
import math
import pkgutil
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

from .sizes import Data
from .spec import KINDS, ROW_KINDS, Cites, Claim, Erratum, Key, Repair

__all__ = [
    "CORRIGENDUM_PAGES",
    "ERRATA_PAGE",
    "REGISTRY",
    "Registry",
    "claim_key",
    "corrigendum_page",
    "discover",
    "module",
    "repaired_number",
    "spec_files",
    "statement_of",
]

#: Our section-based number of a claim: "Thm 3.1", "Lemma 5.1, γ > 0", "Sec. 4", "Prop. A.1".
NUMBER = re.compile(
    r"(?P<word>Sec\.|Thm|Lemma|Remark|Prop\.) (?P<section>[1-9]|[A-Z])"
    r"(?:\.(?P<item>[1-9][0-9]*))?(?:, (?P<variant>.+))?"
)
#: A PDF name of a claim: "Lemma 11", "Theorem 12", "Proposition 15", "Remark 14", "Section 5", or
#: unnumbered text after a statement: "Sec. 5, after Lemma 11".
PDF_NAME = re.compile(
    r"(Theorem|Lemma|Proposition|Remark) [1-9][0-9]*"
    r"|(Section|Sec\.|Appendix) \w+(, after (Theorem|Lemma|Proposition|Remark) [1-9][0-9]*)?"
)
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


def _within(module: str, modules: Iterable[ModuleType | str] | None) -> bool:
    """Whether ``module`` is one of ``modules`` (modules or dotted names; a package with its
    submodules) or ``modules`` is None."""
    if modules is None:
        return True
    names = [m if isinstance(m, str) else m.__name__ for m in modules]
    return any(module == n or module.startswith(n + ".") for n in names)


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
        #: module → the version (modification time, size) of its spec file as last read
        self.loaded: dict[str, tuple[int, int]] = {}

    def copy(self) -> Registry:
        """A registry holding the same declarations (to declare more without touching this
        one)."""
        new = Registry()
        new._rows = {kind: dict(table) for kind, table in self._rows.items()}
        new._errata = dict(self._errata)
        new.version = self.version
        new.loaded = dict(self.loaded)
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

    def _chosen(self, kind: str, modules: Iterable[ModuleType | str] | None) -> list[_Entry]:
        modules = None if modules is None else tuple(modules)
        return [e for e in self._rows[kind].values() if _within(e.module, modules)]

    def declared(self) -> dict[str, set[str]]:
        """Module → the names its declarations give (a claim's or finding's number, the claim a
        repaired result repairs, an erratum's label): the tables of its spec file."""
        out: dict[str, set[str]] = {}
        for entry in [
            *(e for t in self._rows.values() for e in t.values()),
            *self._errata.values(),
        ]:
            value = entry.value
            name = value.label if isinstance(value, Erratum) else value.repairs or value.number
            out.setdefault(entry.module, set()).add(name)
        return out

    def claims(self, modules: Iterable[ModuleType | str] | None = None) -> tuple[Claim, ...]:
        """The claims declared in ``modules`` (a package with its submodules; all if None), in
        the ledger's order."""
        return _ordered(
            self._chosen("claim", modules), key=lambda c: (*claim_key(c.number), c.number)
        )

    def findings(self, modules: Iterable[ModuleType | str] | None = None) -> tuple[Claim, ...]:
        """The findings declared in ``modules`` (all if None), by notebook, then name."""
        return _ordered(self._chosen("finding", modules), key=lambda c: (c.notebook, c.number))

    def _resolved(self, modules: Iterable[ModuleType | str] | None) -> tuple[Claim, ...]:
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

    def repaired(self, modules: Iterable[ModuleType | str] | None = None) -> tuple[Claim, ...]:
        """The checks of the repaired results (the ledger's repaired rows), by the claim each
        repairs."""
        return tuple(c for c in self._resolved(modules) if c.check is not None)

    def repairs(self, modules: Iterable[ModuleType | str] | None = None) -> tuple[Claim, ...]:
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

    def errata(self, modules: Iterable[ModuleType | str] | None = None) -> tuple[Erratum, ...]:
        """The errata declared in ``modules`` (all if None), by their ``row``."""
        chosen = [e for e in self._errata.values() if _within(e.module, modules)]
        return tuple(e.value for e in sorted(chosen, key=lambda e: e.row))

    def erratum_row(self, label: str) -> int:
        """The place in the errata table declared for the erratum at ``label``."""
        _require(label in self._errata, "label", label, "the label of a declared erratum")
        return int(self._errata[label].row)

    def printed(self, modules: Iterable[ModuleType | str] | None = None) -> dict[str, str]:
        """Our number → the PDF's, for every claim, finding and repaired row declared in
        ``modules``."""
        modules = None if modules is None else tuple(modules)
        rows = self.claims(modules) + self.findings(modules) + self.repaired(modules)
        return {c.number: c.printed for c in rows}


#: The library's declarations.
REGISTRY = Registry()


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


def module(name: str) -> ModuleType:
    """The module ``name`` (dotted), imported: what ``discover`` imports, one at a time."""
    return importlib.import_module(name)


def _package_path(name: str) -> Path:
    """The folder of the package ``name`` (its parents are imported, not the package itself
    when it is a subpackage of an imported one)."""
    found = importlib.util.find_spec(name)
    if found is None or not found.submodule_search_locations:
        raise ValueError(f"package must be an importable package, got {name!r}")
    return Path(next(iter(found.submodule_search_locations)))


def spec_files(packages: Iterable[str]) -> tuple[tuple[str, Path], ...]:
    """(module, spec file) for every ``.toml`` beside a module of the ``packages`` (dotted
    names) and their subpackages, in the order of their paths; nothing is imported but the
    packages' parents."""
    found = []
    for name in packages:
        root = _package_path(name)
        for path in sorted(root.rglob("*.toml")):
            if not path.with_suffix(".py").is_file():
                continue
            parts = path.relative_to(root).with_suffix("").parts
            found.append((".".join((name, *parts)), path))
    return tuple(found)


def discover(packages: Iterable[str]) -> tuple[ModuleType, ...]:
    """Import every module of the ``packages`` (dotted names) and their subpackages: the checks
    and their decorators (``declare``), which verify each against its spec; the modules,
    packages first. Only what runs every check needs this; the specs are read as data
    (``declare.load``)."""
    found = []
    for name in packages:
        package = module(name)
        found.append(package)
        for info in pkgutil.walk_packages(package.__path__, prefix=f"{name}."):
            found.append(module(info.name))
    return tuple(found)
