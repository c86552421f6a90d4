"""Where a claim, a finding or an erratum is declared: one decorator above its check.

A claim of the paper is declared where it is checked, with everything the ledger says about it::

    @claim("Lemma 5.3", printed="Lemma 11", label="lem:Sig_dec",
           statement="with η₂,k = 1/k: ‖Σ_k⁻¹ − Π_S'(∇²f(μ*))‖² ≤ C/k",
           notebook="06-convergence-covariance")
    def check_lemma53(config: CovarianceRun = LEMMA53) -> Verdict:
        ...

and an erratum likewise (``row`` is its place in the errata table; a new one takes the next)::

    @erratum("eq:bG", row=4, kind="typo", printed="Σ^{-1/2}uuᵀΣ^{-1/2}Σ^{-1/2} − Σ⁻¹",
             correct="Σ^{-1/2}uuᵀΣ^{-1/2} − Σ⁻¹", consequence="Lemma 4.3 survives")
    def erratum_bG_factor(printed: bool = True) -> bool:
        ...

The decorators return the function unchanged; they only record it. ``ledger.CLAIMS``,
``ledger.FINDINGS``, ``ledger.PRINTED`` and ``errata.ERRATA`` are collected from these
declarations (``claims``, ``findings``, ``printed``, ``errata``), so adding a claim is one edit
beside its check (plus the notebook cell that shows it). A claim whose check is not written yet is
declared with ``claim_without_check`` in the module where the check will go; its verdict is "not
checked".

The order of the collected rows is the published tables' order and does not depend on the order
in which modules are imported:

- claims in the paper's order: by the section of our number (2, 3, 4, 5, then A–E), then its
  item (a row that names only a section, "Sec. 4", after the section's items; a remark after the
  statement of its number); a row whose place this does not give says ``after=`` the row it
  follows ("Lemma 5.1, γ > 0" follows "Lemma 5.2");
- findings by notebook, then by name (or ``after=``);
- errata by ``row``.

The decorators must be the outermost (topmost), so that what they record is what the module
exports under the check's name.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil
import math
import re
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any, TypeVar

from .verdict import Evidence, Status, Verdict, decides

__all__ = [
    "KINDS",
    "REGISTRY",
    "Claim",
    "Erratum",
    "Registry",
    "claim",
    "claim_key",
    "claim_without_check",
    "claims",
    "discover",
    "errata",
    "erratum",
    "finding",
    "findings",
    "module",
    "printed",
]

F = TypeVar("F", bound=Callable[..., Any])

#: "typo": a slip of writing that changes nothing; "error": a stated result, constant or its
#: units are affected; "ill-defined": a printed quantity is undefined or vacuous in part of its
#: range; "imprecision": a step wrong or unjustified as written whose conclusion, or what the
#: statements need of it, stands (nothing stated changes).
KINDS = ("typo", "error", "ill-defined", "imprecision")

#: Our section-based number of a claim: "Thm 3.1", "Lemma 5.1, γ > 0", "Sec. 4", "Prop. A.1".
NUMBER = re.compile(
    r"(?P<word>Sec\.|Thm|Lemma|Remark|Prop\.) (?P<section>[1-9]|[A-Z])"
    r"(?:\.(?P<item>[1-9][0-9]*))?(?:, (?P<variant>.+))?"
)
#: A PDF name of a claim: "Lemma 11", "Theorem 12", "Proposition 15", "Remark 14", "Section 5".
PDF_NAME = re.compile(r"(Theorem|Lemma|Proposition|Remark) [1-9][0-9]*|(Section|Appendix) \w+")
NOTEBOOK = re.compile(r"[0-9]{2}-[a-z0-9-]+")


@dataclasses.dataclass(frozen=True)
class Claim:
    """One row of the ledger: a numbered claim of the paper, or a finding beyond them."""

    number: str  # our section-based name, e.g. "Thm 3.1"
    label: str  # the paper's LaTeX label, or the equation it states
    statement: str  # one line, in the paper's symbols
    notebook: str  # the notebook that shows the check
    check: Callable[[], Verdict] | None = None  # recomputes the verdict
    printed: str = "—"  # the number printed in the PDF ("Lemma 11"); "—" where there is none

    def verdict(self) -> Verdict:
        """The check's fresh verdict; "not checked" with the reason where its data cannot decide
        (``verdict.Undecidable``, e.g. a NaN statistic, raised by a check not decorated with
        ``verdict.decides``)."""
        if self.check is None:
            return Verdict(Status.NOT_CHECKED, "no check yet")
        return decides(self.check)()


@dataclasses.dataclass(frozen=True)
class Erratum:
    """One row of the errata table: a typo or faulty step of the paper, with its check."""

    label: str  # equation label or place
    kind: str  # one of KINDS
    printed: str
    correct: str
    consequence: str  # whether the statement survives
    check: Callable[[], bool | Evidence]
    same_flaw_as: str | None = None  # the label of an entry that states the same flaw


@dataclasses.dataclass(frozen=True)
class _Entry:
    value: Any  # the Claim or Erratum
    module: str  # the module that declares it
    origin: str  # module and name of the check (to tell a reload from a clash)
    after: str | None = None  # claims, findings: the row it follows
    row: int = 0  # errata: the place in the table


def _require(ok: bool, name: str, value: object, expected: str) -> None:
    if not ok:
        raise ValueError(f"{name} must be {expected}, got {value!r}")


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


class Registry:
    """The declared claims, findings and errata (``REGISTRY`` holds the library's)."""

    def __init__(self) -> None:
        self._claims: dict[str, _Entry] = {}
        self._findings: dict[str, _Entry] = {}
        self._errata: dict[str, _Entry] = {}

    def copy(self) -> Registry:
        """A registry holding the same declarations (to declare more without touching this
        one)."""
        new = Registry()
        new._claims, new._findings = dict(self._claims), dict(self._findings)
        new._errata = dict(self._errata)
        return new

    def _add_row(self, table: dict[str, _Entry], entry: _Entry) -> None:
        number = entry.value.number
        for other in (self._claims, self._findings):
            old = other.get(number)
            if old is not None and old.origin != entry.origin:
                raise ValueError(
                    f"number {number!r} is declared twice: by {old.origin} and by {entry.origin}"
                )
        for other in (self._claims, self._findings):  # a reloaded module declares afresh
            for key in [k for k, e in other.items() if e.origin == entry.origin]:
                del other[key]
        table[number] = entry

    def add_claim(
        self, row: Claim, module: str, origin: str, after: str | None = None, finding: bool = False
    ) -> None:
        """Record the ledger row ``row`` as a claim (a finding if ``finding``), declared in
        ``module``. ``origin`` names the check ("module.function"): the same origin declaring
        again, as when a module is reloaded, replaces its row; another origin declaring the same
        number is a ValueError."""
        _require(
            isinstance(row.number, str) and bool(row.number.strip()),
            "number",
            row.number,
            "a non-empty string",
        )
        if not finding:
            claim_key(row.number)
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
        for name in ("label", "statement", "printed"):
            value = getattr(row, name)
            _require(
                isinstance(value, str) and bool(value.strip()), name, value, "a non-empty string"
            )
        _require(
            after is None or isinstance(after, str),
            "after",
            after,
            "None or the number of the row this one follows",
        )
        self._add_row(
            self._findings if finding else self._claims, _Entry(row, module, origin, after)
        )

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

    def claims(self, modules: Iterable[ModuleType] | None = None) -> tuple[Claim, ...]:
        """The claims declared in ``modules`` (a package with its submodules; all if None), in
        the ledger's order."""
        modules = None if modules is None else tuple(modules)
        return _ordered(
            [e for e in self._claims.values() if _within(e.module, modules)],
            key=lambda c: (*claim_key(c.number), c.number),
        )

    def findings(self, modules: Iterable[ModuleType] | None = None) -> tuple[Claim, ...]:
        """The findings declared in ``modules`` (all if None), by notebook, then name."""
        modules = None if modules is None else tuple(modules)
        return _ordered(
            [e for e in self._findings.values() if _within(e.module, modules)],
            key=lambda c: (c.notebook, c.number),
        )

    def errata(self, modules: Iterable[ModuleType] | None = None) -> tuple[Erratum, ...]:
        """The errata declared in ``modules`` (all if None), by their ``row``."""
        chosen = [e for e in self._errata.values() if _within(e.module, modules)]
        return tuple(e.value for e in sorted(chosen, key=lambda e: e.row))

    def erratum_row(self, label: str) -> int:
        """The place in the errata table declared for the erratum at ``label``."""
        _require(label in self._errata, "label", label, "the label of a declared erratum")
        return int(self._errata[label].row)

    def printed(self, modules: Iterable[ModuleType] | None = None) -> dict[str, str]:
        """Our number → the PDF's, for every claim and finding declared in ``modules``."""
        modules = None if modules is None else tuple(modules)
        return {c.number: c.printed for c in self.claims(modules) + self.findings(modules)}


#: The library's declarations.
REGISTRY = Registry()


def claim(
    number: str,
    *,
    printed: str,
    label: str,
    statement: str,
    notebook: str,
    after: str | None = None,
) -> Callable[[F], F]:
    """Declare the decorated function as the check of the paper's claim ``number`` (ours,
    "Lemma 5.3"), printed in the PDF as ``printed`` ("Lemma 11"), stated at ``label`` (the
    .tex labels, "lem:Sig_dec"), shown in ``notebook``; ``after``: the row it follows in the
    ledger where its number does not place it. The function is returned unchanged."""

    def declare(check: F) -> F:
        origin = f"{check.__module__}.{check.__qualname__}"
        REGISTRY.add_claim(
            Claim(number, label, statement, notebook, check, printed),
            check.__module__,
            origin,
            after,
        )
        return check

    return declare


def claim_without_check(
    number: str,
    *,
    printed: str,
    label: str,
    statement: str,
    notebook: str,
    after: str | None = None,
) -> None:
    """Declare a claim whose check is not written yet (in the module where it will go): the
    ledger lists it as "not checked: no check yet"."""
    module = _caller_module(1)
    REGISTRY.add_claim(
        Claim(number, label, statement, notebook, None, printed),
        module,
        f"{module}:{number}",
        after,
    )


def finding(
    number: str,
    *,
    label: str,
    statement: str,
    notebook: str,
    printed: str = "—",
    after: str | None = None,
) -> Callable[[F], F]:
    """Declare the decorated function as the check of a finding beyond the paper's claims
    (``number`` is its name, "The start"); ``printed``: the place in the PDF, if any. The
    function is returned unchanged."""

    def declare(check: F) -> F:
        origin = f"{check.__module__}.{check.__qualname__}"
        REGISTRY.add_claim(
            Claim(number, label, statement, notebook, check, printed),
            check.__module__,
            origin,
            after,
            finding=True,
        )
        return check

    return declare


def erratum(
    label: str,
    *,
    row: int,
    kind: str,
    printed: str,
    correct: str,
    consequence: str,
    same_flaw_as: str | None = None,
) -> Callable[[F], F]:
    """Declare the decorated function as the check of an erratum at ``label`` (the place in
    the paper), in place ``row`` of the errata table; ``kind`` one of ``KINDS``; what is
    ``printed``, what is ``correct``, the ``consequence`` for the statements; ``same_flaw_as``
    the label of an erratum that states the same flaw. The check returns whether (or evidence
    that) the printed form is wrong as described. The function is returned unchanged."""

    def declare(check: F) -> F:
        REGISTRY.add_erratum(
            Erratum(label, kind, printed, correct, consequence, check, same_flaw_as),
            row,
            check.__module__,
            f"{check.__module__}.{check.__qualname__}",
        )
        return check

    return declare


def claims(modules: Iterable[ModuleType] | None = None) -> tuple[Claim, ...]:
    """``REGISTRY.claims``: the declared claims in the ledger's order."""
    return REGISTRY.claims(modules)


def findings(modules: Iterable[ModuleType] | None = None) -> tuple[Claim, ...]:
    """``REGISTRY.findings``: the declared findings in the ledger's order."""
    return REGISTRY.findings(modules)


def errata(modules: Iterable[ModuleType] | None = None) -> tuple[Erratum, ...]:
    """``REGISTRY.errata``: the declared errata in the table's order."""
    return REGISTRY.errata(modules)


def printed(modules: Iterable[ModuleType] | None = None) -> dict[str, str]:
    """``REGISTRY.printed``: our number → the PDF's, for every declared claim and finding."""
    return REGISTRY.printed(modules)


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
